# Issue 13's acceptance: the engine's fast kernel (sweep memo, contact
# memo, near grid: each thread's own) gives byte-identical reports at 1, 2
# and 4 threads on the benchmark's duel (bench/duel.yaml) and on its growth
# army (bench/bench.c growth_yaml: N mobs of 12 militia a side in lines
# 10" apart, played for 4 rounds), here at 16 mobs a side.
top=$(cd "$DATA/../.." && pwd)
g=$(mktemp)
trap 'rm -f "$g" "$_o" "$_e"' EXIT
n=16
{
	printf 'name: Growth %d a side\nrules: bs1e\nlevel: basic\ngame: adnd\n' $n
	printf 'rounds: 4\ntable: {width: %d, depth: 40}\nsides:\n' $((n * 7 + 10))
	for s in 0 1; do
		if [ $s = 1 ]; then side=North edge=north y=25 f=south
		else side=South edge=south y=15 f=north; fi
		printf '  - name: %s\n    edge: %s\n    units:\n' $side $edge
		i=1
		while [ $i -le $n ]; do
			printf '      - {name: %s mob %d, type: mob, figures: 12, creature: militia, weapons: [club], position: [%d, %d], facing: %s}\n' \
				$side $i $((8 + (i - 1) * 7)) $y $f
			i=$((i + 1))
		done
	done
} >"$g"
for f in "$top/bench/duel.yaml" "$g"; do
	run sim "$f" --runs 60 --seed 3 --threads 1 --json
	expect_code 0
	one=$OUT
	for t in 2 4; do
		run sim "$f" --runs 60 --seed 3 --threads $t --json
		expect_code 0
		[ "$OUT" = "$one" ] || { echo "$f: JSON differs between 1 and $t threads"; exit 1; }
	done
done
# the growth army fought (some figures lost), not an empty run
printf '%s' "$one" | python3 -c '
import json, sys
r = json.load(sys.stdin)
assert r["runs"] == 60, r["runs"]
assert len(r["units"]) == 32, len(r["units"])
assert sum(sum(i * c for i, c in enumerate(u["figures_lost"]["hist"])) for u in r["units"]) > 0
'
