# battlesim play and sim on the matrix scenario: a battle to an outcome
# with the matrix drawn as a grid each round and every step of [M3] cited;
# the same seed gives the same bytes; JSON Lines with documented event
# types; sim runs and its result does not depend on the threads.
top=$(cd "$DATA/../.." && pwd)
S="$top/data/scenarios/shield-lands-matrix.yaml"
run play "$S" --seed 1
expect_code 0
expect_out "Battle: Battle of the Ritensa Ford (matrix) (matrix card system"
expect_out "  Matrix at the start [M1.1]:"
expect_out "  Matrix after movement [M1.1]:"
expect_out "    reserve of Shield Lands:"
expect_out "      +-------"
expect_out "-- Initiative Phase [M3.1] --"
expect_out "-- Movement Phase [M3.2] --"
expect_out "-- Engagement [M3.3] --"
expect_out "-- Attack Phase (winner) [M3.4] --"
expect_out "-- Scouts [M3.5] --"
expect_out "-- Counterattack (loser) [M3.6] --"
expect_out "-- Damage assessed [M3.7] --"
expect_out "RULING R-250"
expect_out "Battle over after"
expect_out "=== Summary ==="
first=$OUT
run play "$S" --seed 1
[ "$OUT" = "$first" ] || { echo "seed 1 played two different battles"; exit 1; }
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed 3 --log jsonl >"$f" || { echo "play --log jsonl failed"; exit 1; }
python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin]' <"$f" ||
	{ echo "not JSON Lines"; exit 1; }
tail -n 1 "$f" | grep -q '^{"type":"summary",' || { echo "summary not last"; exit 1; }
for t in $(grep -o '^{"type":"[a-z_]*"' "$f" | sort -u | sed 's/.*:"//; s/"$//'); do
	[ "$t" = summary ] && continue
	grep -q "^### $t\$" "$top/docs/EVENTS.md" || grep -qF "| \`$t\` |" "$top/docs/EVENTS.md" ||
		{ echo "event type $t not in docs/EVENTS.md"; exit 1; }
done
for t in mx_grid mx_move mx_engage mx_attack mx_damage; do
	grep -q "^{\"type\":\"$t\"" "$f" || { echo "no $t event"; exit 1; }
done
run sim "$S" --runs 200 --threads 1 --json
expect_code 0
one=$OUT
run sim "$S" --runs 200 --threads 3 --json
expect_code 0
[ "$OUT" = "$one" ] || { echo "sim depends on the threads"; exit 1; }
printf '%s' "$one" | python3 -c '
import json, sys
r = json.load(sys.stdin)
assert r["runs"] == 200, r.get("runs")
' || { echo "sim --json: not the runs asked for"; exit 1; }
run sim "$S" --runs 100
expect_code 0
expect_out "Shield Lands wins"
