# Issue 16, tests/data/magic_chant.yaml (the Advanced Game): [14.7] chant
# (RULING R-728, R-729; its turn to cast, R-718): begun in Game Round 1,
# it goes off in step A of Game Round 10 on the caster, his friend and the
# enemy wholly in its 1" circle (Table 17), +1 and -1 to hit, saves and
# damage, no Game Rounds counted; the JSON keys documented. No warning
# (chant is played).
S="$DATA/magic_chant.yaml"
top=$(cd "$DATA/../.." && pwd)
run check --strict "$S"
expect_code 0
run play "$S" --seed 1 --rounds 10
expect_code 0
expect_out "Cal begins casting chant (caster level 5) at Cal: 10 Game Rounds, goes off in Game Round 10 [14.2] [14.1] RULING R-718"
expect_out "Cal casts chant (spell level 2, caster level 5) at Cal: range 0\" of 0\"; circle radius 1.00\" at (30.0, 30.0); 0 left of it, 0 spells in all [14.1] [14.2] [14.4]; reason: the spell begun in Game Round 1 goes off (RULING R-718)"
expect_out "chant on Bors: 1 figure struck: 1 enchanted [14.7] RULING R-615; reason: friends +1 to hit, +1 saving throws, +1 damage"
expect_out "chant on Grak: 1 figure struck: 1 enchanted [14.7] RULING R-615; reason: enemies -1 to hit, -1 saving throws, -1 damage"
j=$(mktemp)
run play "$S" --seed 1 --rounds 10 --log jsonl
expect_code 0
printf '%s\n' "$OUT" >"$j"
expect_keys_documented "$j" "$top/docs/EVENTS.md"
grep -q '"target_name":"Grak".*"step":"effect".*"rounds":0' "$j" || { echo "no effect step at Grak with rounds 0"; exit 1; }
rm -f "$j"
