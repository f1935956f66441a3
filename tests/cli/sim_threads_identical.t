# Issue 4: battle i is seeded from (seed, i) and the counts are summed, so
# --threads 1 and --threads 2 (and 4) give byte-identical reports.
run sim --runs 40 --seed 5 --threads 1 --json
expect_code 0
one=$OUT
run sim --runs 40 --seed 5 --threads 2 --json
expect_code 0
[ "$OUT" = "$one" ] || { echo "JSON differs between 1 and 2 threads"; exit 1; }
run sim --runs 40 --seed 5 --threads 4 --csv
expect_code 0
csv4=$OUT
run sim --runs 40 --seed 5 --threads 1 --csv
[ "$OUT" = "$csv4" ] || { echo "CSV differs between 1 and 4 threads"; exit 1; }
expect_out 'side,"Broken Fang warband","",p_win,'
# the JSON parses and holds what docs/SIM.md says
printf '%s' "$one" | python3 -c '
import json, sys
r = json.load(sys.stdin)
assert r["runs"] == 40, r["runs"]
assert sum(s["wins"] for s in r["sides"]) + r["draws"]["count"] == 40
for s in r["sides"]:
    lo, hi = s["ci95"]
    assert 0 <= lo <= s["p_win"] <= hi <= 1
for u in r["units"]:
    p = u["p_intact"] + u["p_routed_on_table"] + u["p_routed_off_table"] + u["p_destroyed"]
    assert abs(p - 1) < 1e-5, (u["name"], p)
    assert sum(u["figures_lost"]["hist"]) == 40
assert sum(r["rounds"]["hist"]) == 40
'
# every shipped scenario too, the Advanced Game's among them (a unit's
# last order left from the thread's previous battle once made
# the-sorcerers-field differ between 1, 2 and 4 threads: RULING R-578)
top=$(cd "$DATA/../.." && pwd)
for f in "$top"/data/scenarios/*.yaml; do
	# 100 battles of seed 1 showed that leak; 24 are enough for the others
	n=24
	case "$f" in *the-sorcerers-field.yaml) n=100 ;; esac
	run sim "$f" --runs $n --seed 1 --threads 1 --json
	expect_code 0
	one=$OUT
	for t in 2 4; do
		run sim "$f" --runs $n --seed 1 --threads $t --json
		expect_code 0
		[ "$OUT" = "$one" ] || { echo "$f: JSON differs between 1 and $t threads"; exit 1; }
	done
done
