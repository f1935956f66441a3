# [8.5] conversions as the calculator shows them (R-060 for D8+11, D10+40).
run attack --ar 10 --ac 0 --damage d6+1 --roll 6
expect_out "D6 +1 column -> D8"
run attack --ar 10 --ac 0 --damage d20+3 --roll 6
expect_out "wrapping past D20 -> D20 + D4"
expect_out "roll 16 on D20 + D4: 12 + 3 = 15 HD"
run attack --ar 10 --ac 0 --damage d8+11 --roll 6
expect_out "-> D20 + D8"
run attack --ar 10 --ac 0 --damage d10+40 --roll 6
expect_out "-> 4 x D20 + D3"
run attack --ar 10 --ac 0 --damage d6-4 --roll 6
expect_out "stopping at D2 -> D2"
run attack --ar 10 --ac 0 --damage 2d8 --roll 6
expect_out "roll 16 on 2 x D8: 2 x 6 = 12 HD"
run attack --ar 10 --ac 0 --damage 3d6 --damage-plus 1 --roll 6 --json
expect_out '"3 x D8"'
# a fixed number (R-062)
run attack --ar 10 --ac 0 --damage 3 --roll 6
expect_code 0
expect_out "fixed 3 read as D2+2 (R-062)"
