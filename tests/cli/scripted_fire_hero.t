# Scripted volleys at individuals (tests/data/scripted_fire_hero.yaml;
# docs/SCENARIO-FORMAT.md, "A volley"; RULING R-670, R-671, R-673): the
# bowmen shoot at the orc hero standing alone in the Initial Missile Phase
# and in step B, 4 hp a HD [9.4 A]; the volley at the orcs' commander, who
# is with his unit [9.2], is refused; a misspelt target is an error with a
# suggestion among the enemy units and individuals.
F="$DATA/scripted_fire_hero.yaml"
run play "$F" --seed 1 --rounds 1
expect_code 0
expect_out "Bowmen shoots at Ulfgar with 1 figure (initial, medium range 11.8\"): AR 23 = 21 +2 medium range [10.8 T13]; AR 23 - AC 4 + 2d6 (4+6) = 29 on D6: 0.2 HD x 4 = 1 hp [1.2] [10.2] [9.4 A] [10.0] RULING R-670"
expect_out "Ulfgar loses 1 hp -> 29 of 30 hp: wounded by missile fire [9.4 A] [10.0] RULING R-670"
expect_out "Bowmen: order rejected: he is with his unit: only an individual standing alone is a target [9.2] [9.4] RULING R-671"
expect_out "Bowmen shoots at Ulfgar with 1 figure (medium range 11.8\"): AR 23 = 21 +2 medium range [10.8 T13]; AR 23 - AC 4 + 2d6 (5+2) = 26 on D6: 1 HD x 4 = 4 hp [1.5 B] [9.4 A] [10.0] RULING R-670"

bad=$(mktemp)
sed 's/target: Ulfgar, phase: initial}/target: Ulfgr, phase: initial}/' "$F" >"$bad"
run check "$bad"
rm -f "$bad"
expect_code 2
expect_err "$bad:27:42: target: unknown enemy unit or individual 'Ulfgr' (did you mean 'Ulfgar'?)"
expect_err_lines 1
