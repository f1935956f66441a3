# [8.6] [11.5] [13.2] [13.4] [13.5] [14.12] [9.4 A] through the calculator.
run attack --ar 12 --ac 4 --damage d4/d4/d12 --roll 8
expect_code 0
expect_out "added, one roll: 15 HD [8.6]"
run attack --ar 12 --ac 4 --damage d8 --mount-damage d6 --roll 8
expect_out "mount attack 1 [11.5]"
expect_out "[8.6] [11.5]"
run attack --ar 12 --ac 4 --damage d8 --attacks 3/2 --roll 8
expect_out "x 3/2 attacks"
expect_out "9 HD per figure"
run attack --ar 12 --ac 4 --damage d8 --poison strong --roll 8
expect_out "poison (strong, +3 columns) [13.2]: d8 -> D8 +3 columns -> D14"
run attack --ar 12 --ac 4 --damage d8 --level-drain --roll 8
expect_out "x 2 level drain = 12 HD [13.5]"
run attack --ar 17 --ac 8 --damage d8 --figures 10 --roll 7 --mirror-images 3 --target-hd 10
expect_out "60 HD / 4 = 15 HD [14.12]"
expect_out "Result: 1 killed, 1 wounded"
run attack --ar 17 --ac 8 --paralysis --figures 10 --roll 3 --target-hd 10
expect_out "4 paralyzed, no wounds [13.4]"
run attack --ar 17 --ac 8 --damage d8 --roll 7 --hero --target-hd 10
expect_out "one wound, never a kill [9.4 A]"
expect_out "Result: 0 killed, 1 wounded"
run attack --ar 17 --ac 8 --damage d8 --roll 7 --vs-hero
expect_out "6 HD x 4 = 24 hp [9.4 A]"
run attack --ar 17 --ac 8 --damage d8 --roll 7 --vs-hero --hero-size L --figures 3
expect_code 0
