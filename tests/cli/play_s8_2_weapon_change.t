# [8.2] "members of a unit can change weapons at the beginning of any
# Melee Phase": the doctrine AI takes the two-handed swords (3d6 against
# size L) in hand instead of the spears (d8) against ogres, and the attack
# is read on the sword's column (RULING R-175).
run play "$DATA/weapon_change.yaml" --seed 1
expect_code 0
expect_out "Halberdiers: changes weapons: two-handed sword in hand [8.2]"
expect_out "on 3 x D6"
# against orcs (size M) the two-handed sword's d10 still beats the
# spear's d6: the change happens there too
sed 's/creature: ogre,/creature: orc, weapons: [spear],/' "$DATA/weapon_change.yaml" > "$_o.yaml"
run play "$_o.yaml" --seed 1
expect_code 0
expect_out "Halberdiers: changes weapons: two-handed sword in hand [8.2]"
expect_out "on D10"
rm -f "$_o.yaml"
