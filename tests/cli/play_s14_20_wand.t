# Issue 16 [14.20], tests/data/magic_wand.yaml (the Advanced Game): a
# fighter hero (no spell-caster) uses a wand of fire balls by its name in
# scripted `cast:` entries (RULING R-681): the fireball of the [14.5 A]
# example at the wand's item_level 6, a charge a use (RULING R-680: 2
# written), and the third use REJECTED, the wand empty. No warning (the
# wand's spell is played). --log jsonl carries `charges_left`, documented
# in docs/EVENTS.md.
top=$(cd "$DATA/../.." && pwd)
S="$DATA/magic_wand.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
run play "$S" --seed 1 --rounds 3
expect_code 0
expect_out "Hrolf uses wand of fire balls (wand, caster level 6) at Ogres: range 9.2\" of 16\"; circle radius 1.00\" at (49.5, 66.5); 6 HD per creature; 1 charge left, 0 spells in all [14.20] [14.1] [14.2] [14.4]"
expect_out "Hrolf: spells left: none; charges left: wand of fire balls 1 [14.1]"
expect_out "wand of fire balls on Ogres: 6 figures in the area (1 wholly), 6 HD per creature x 10 = 60 HD per whole figure"
expect_out "; 0 charges left, 0 spells in all [14.20] [14.1] [14.2] [14.4]"
expect_out "Hrolf: order rejected: it has no charges left: it does nothing (RULING R-681) [14.20]"
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed 1 --rounds 3 --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
grep -q '"step":"cast","kind":"wand",.*"charges_left":1,' "$f" || { echo "no charges_left 1 in the JSON"; exit 1; }
grep -q '"charges_left":0,' "$f" || { echo "no charges_left 0 in the JSON"; exit 1; }
expect_keys_documented "$f" "$top/docs/EVENTS.md"
# charges that are not a count are an error at load, located
X=$(mktemp)
sed 's/charges: 2}/charges: -3}/' "$S" >"$X"
run check "$X"
rm -f "$X"
expect_code 2
expect_err ":27:53: charges: '-3' is out of range (0 to 200)"
# the roster names the wand and the charges it starts with (RULING R-680)
run roster "$S"
expect_code 0
expect_out "Items [14.20]     wand of fire balls (wand of fireball, caster level 6): 2 charges"
# --json carries the same (docs/ROSTER-JSON.md `items`)
run roster "$S" --json
expect_code 0
printf '%s' "$OUT" | python3 -c '
import json, sys
d = json.load(sys.stdin)
its = [i["items"] for sd in d["sides"] for i in sd["individuals"] if "items" in i]
assert its == [[{"name": "wand of fire balls", "kind": "wand", "spell": "fireball", "caster_level": 6, "charges": 2, "charges_ruled": False, "played": True}]], its
' || { echo "roster --json items"; _show; exit 1; }
sed 's/{name: wand of fire balls, charges: 2}/wand of fire balls/' "$S" >"$f"
run roster "$f" --json
expect_code 0
expect_out '"charges": 81,'
expect_out '"charges_ruled": true,'
