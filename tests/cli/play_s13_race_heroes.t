# [9.4] [13.2] [13.3] [13.5] an individual's race's special attacks and
# defences in play (RULING R-730 .. R-733): seed 13 shows a wight hero
# unharmed by a plain long sword in a duel and the levels he drains from
# the fighter (her THAC0 and hit points those of the level below).
run check "$DATA/s13_race_heroes.yaml"
expect_code 0
run play "$DATA/s13_race_heroes.yaml" --seed 13
expect_code 0
expect_out "Ada: his blows cannot harm the enemy: he is hit only by magic weapons (Wulf) [13.3] [9.4 B] RULING R-730"
expect_out "Ada loses 7 hp -> 36 of 38 hp: a level drained: level 5, THAC0 16 [13.5] [9.4 B] RULING R-731"
expect_out "Ada loses 7 hp -> 25 of 31 hp: a level drained: level 4, THAC0 18 [13.5] [9.4 B] RULING R-731"
# seed 3: the paladin drained to level 2, then bitten: his saving throw
# against poison is level 2's (R-731), failed he dies (R-732)
run play "$DATA/s13_race_heroes.yaml" --seed 3
expect_code 0
expect_out "Bors loses 8 hp -> 10 of 16 hp: a level drained: level 2, THAC0 20 [13.5] [9.4 B] RULING R-731"
expect_out "Bors: poisoned: saving throw against poison failed: he dies (Spi); 12 = paladin level 5 9 +2 a level drained +1 a level drained [3.2]; d20 = 7 [13.2] [9.4 B] RULING R-732"
# the same battle at the Intermediate Game: no drain, no poison (an
# Advanced Game ability, warning race-ability-level); the wight is still
# hit only by magic weapons (R-730)
f=$(mktemp)
sed 's/^level: advanced/level: intermediate/' "$DATA/s13_race_heroes.yaml" >"$f"
run check "$f"
expect_err "race: 'wight' of 'Wulf' drains levels: the special attacks and defences of creatures are not in force at this level"
expect_err "race: 'great spider' of 'Spi' poisons: the special attacks"
run play "$f" --seed 16
expect_code 0
expect_out "cannot harm the enemy: he is hit only by magic weapons"
printf '%s' "$OUT" | grep -qF 'a level drained' && { echo "a drain below the Advanced Game"; rm -f "$f"; exit 1; }
printf '%s' "$OUT" | grep -qF 'poisoned' && { echo "poison below the Advanced Game"; rm -f "$f"; exit 1; }
rm -f "$f"
