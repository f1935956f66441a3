# Issue 16, tests/data/magic_long_cast.yaml (the Advanced Game): [14.2]
# RULING R-718, a spell of 3 rounds begun in Game Round 1 (a `begins`
# step), the caster busy in Game Rounds 2 and 3 (a note as each begins),
# gone off in step A of Game Round 3 and struck; the JSON keys documented.
# In base-to-base contact with the ogres (and hit by them) it is lost in
# Game Round 2 (a `disrupted` step, spent). No warning.
S="$DATA/magic_long_cast.yaml"
top=$(cd "$DATA/../.." && pwd)
run check --strict "$S"
expect_code 0
run play "$S" --seed 1 --rounds 3
expect_code 0
expect_out "Zanzibar begins casting slow bolt (caster level 6) at Ogres: 3 Game Rounds, goes off in Game Round 3 [14.2] [14.1] RULING R-718"
expect_out "Zanzibar: casting slow bolt (goes off in Game Round 3): he does not move, casts nothing else this Game Round [14.2] [14.1] [9.2] RULING R-718"
expect_out "Zanzibar casts slow bolt (spell level 1, caster level 6) at Ogres: range 11.7\" of 100\"; circle radius 2.00\" at (50.0, 67.0); 3 HD per creature; 0 left of it, 0 spells in all [14.1] [14.2] [14.4]; reason: the spell begun in Game Round 1 goes off (RULING R-718)"
expect_out "slow bolt on Ogres: 8 figures in the area"
# it goes off in Game Round 3, not before
n=$(printf '%s\n' "$OUT" | grep -c 'Zanzibar casts slow bolt')
[ "$n" = 1 ] || { echo "want one cast, got $n"; exit 1; }
j=$(mktemp)
run play "$S" --seed 1 --rounds 3 --log jsonl
expect_code 0
expect_out '"step":"begins","rounds":3,"goes_off":3,"caster_level":6'
printf '%s\n' "$OUT" >"$j"
expect_keys_documented "$j" "$top/docs/EVENTS.md"
# in contact with the ogres, struck by them: lost in Game Round 2
f=$(mktemp)
sed 's/position: \[46, 56\]/position: [50, 65.75]/; s/hp: 18/hp: 200/' "$S" >"$f"
run play "$f" --seed 1 --rounds 3
expect_code 0
expect_out "Zanzibar loses slow bolt, begun in Game Round 1, at Ogres: disrupted, spent [14.2] [14.1] Q&A 127.66 RULING R-718; reason: struck (he lost hit points, Q&A 127.66)"
n=$(printf '%s\n' "$OUT" | grep -c 'Zanzibar casts slow bolt')
[ "$n" = 0 ] || { echo "want no cast, got $n"; exit 1; }
run play "$f" --seed 1 --rounds 3 --log jsonl
expect_code 0
expect_out '"step":"disrupted","began":1,"goes_off":3'
printf '%s\n' "$OUT" >"$j"
expect_keys_documented "$j" "$top/docs/EVENTS.md"
rm -f "$f" "$j"
