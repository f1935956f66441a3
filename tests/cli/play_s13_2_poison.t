# [13.2] poison in play (RULING R-603): the spiders' bite is read again
# with the same roll, one column to the right (weak); the log says so.
run play "$DATA/s13_2_poison.yaml" --seed 3
expect_code 0
expect_out "AR 17 - AC 10 + 2d6 (3+5) = 15 on D4 + D6 poison [13.2]: 9 HD x 3 = 27 HD"
# the same reading by the attack calculator (R-066)
run attack --ar 17 --ac 10 --damage d4 --poison weak --roll 8 --figures 3
expect_out "poison (weak, +1 column) [13.2]: d4 -> D4 +1 column -> D6"
expect_out "Result: attack roll 15, 27 HD"
# the loader's errors: a strength or an attack without the flag, an attack
# the creature does not have
f=$(mktemp)
sed 's/          flags: \[poison\]/          flags: []/' "$DATA/s13_2_poison.yaml" >"$f"
run check "$f"
expect_code 2
expect_err "poison_strength: 'large spider' has no 'poison' in its flags [13.2]"
sed 's/          poison_strength: weak/          poison_attack: 2/' "$DATA/s13_2_poison.yaml" >"$f"
run check "$f"
expect_code 2
expect_err "poison_attack: 2, but 'large spider' has 1 natural attack [13.2]"
sed 's/          poison_strength: weak/          poison_strength: deadly/' "$DATA/s13_2_poison.yaml" >"$f"
run check "$f"
expect_code 2
expect_err "poison_strength: unknown value 'deadly'"
rm -f "$f"
