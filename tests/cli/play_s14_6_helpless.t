# Issue 16, tests/data/magic_helpless.yaml (the Advanced Game): a hold at
# a lone Army Commander. No warning. Round 1: hold person holds Warlord;
# the Band he had in command by his radius [4.10] goes out of command at
# once, its reason in the log (RULING R-678); in the Melee Phase the hero
# Ada's blows at him hit without the d20 (RULING R-677). --log jsonl
# carries `automatic`, every key documented; the same bytes twice.
top=$(cd "$DATA/../.." && pwd)
S="$DATA/magic_helpless.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
run play "$S" --seed 1 --rounds 1
expect_code 0
expect_out "Band in command (Warlord): all figures within a brigade or army commander's radius [4.7] [4.10]"
expect_out "hold person on Warlord: 1 creature, 1 figure struck;"
expect_out "Band out of command: its commander is held or asleep: he commands nothing [9.2] [14.6 B] RULING R-678"
expect_out "Ada (melee round 1) strikes at Warlord with long sword: no d20, an automatic hit (he is held) -> hit, 7 hp (33 hp left) [9.4 B] [14.6 B] RULING R-677"
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed 1 --rounds 1 --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
grep -q '"type":"duel".*"dice":\[\],.*"automatic":"held"' "$f" || { echo "no automatic hit in the JSON"; exit 1; }
expect_keys_documented "$f" "$top/docs/EVENTS.md"
g=$(mktemp)
"$BS" play "$S" --seed 1 --rounds 1 --log jsonl >"$g" 2>/dev/null
cmp -s "$f" "$g" || { rm -f "$g"; echo "not deterministic"; exit 1; }
rm -f "$g"
