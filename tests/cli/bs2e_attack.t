# battlesim attack --rules bs2e: the summary's worked example ([2E
# Example]) with its dice; JSON; random dice from a seed; options; errors.
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --hits 2 --target-figures 6 --roll 2,2,3,4,5,5,6,8 --armor-roll 1,3,3,4,5,8,9
expect_code 0
expect_out "8 x d8: 2 2 3 4 5 5 6 8"
expect_out "hits: 0 0 0 1 1 1 2 2 = 7 hits"
expect_out "2 cancelled (d10 > 7)"
expect_out "Hits that stand: 5"
expect_out "2 figures removed, 1 hit carried [2E Hits]"
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --hits 2 --roll 2,2,3,4,5,5,6,8 --armor-roll 1,3,3,4,5,8,9 --json
expect_code 0
expect_out '"hits": 7'
expect_out '"stand": 5'
expect_out '"removed": 2'
expect_out '"carried": 1'
# [2E Attack Dice] 5 figures x1 1/2 -> 8 dice; x1/2 -> 3 (round up)
run attack --rules bs2e --figures 5 --ad d6 --ar 5 --charge --json
expect_code 0
expect_out '"attack_dice": 8'
expect_out '"seed": 1985'
run attack --rules bs2e --figures 5 --ad d6 --ar 5 --multiplier 1/2 --json
expect_out '"attack_dice": 3'
run attack --rules bs2e --figures 6 --ad d6 --ar 5 --range long --json
expect_out '"attack_dice": 2'
# RULING R-201 the equal-or-higher option
run attack --rules bs2e --figures 1 --ad d8 --ar 7 --roll 8 --armor-roll 7,7 --equal-or-higher
expect_code 0
expect_out "2 cancelled (d10 >= 7, RULING R-201)"
# the same seed rolls the same dice
run attack --rules bs2e --figures 10 --ad 10+8 --ar 4 --seed 9
a=$OUT
run attack --rules bs2e --figures 10 --ad 10+8 --ar 4 --seed 9
[ "$OUT" = "$a" ] || { echo "seed 9 rolled differently"; exit 1; }
# usage errors
run attack --rules bs2e --figures 8 --ar 7
expect_code 2
expect_err "--rules bs2e needs --ad and --ar"
run attack --rules bs2e --figures 8 --ad d7 --ar 7
expect_code 2
expect_err "--ad expects d4, d6, d8, d10, d12, 10+8 or 2d10"
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --roll 1,2,3
expect_code 2
expect_err "--roll: 8 attack dice to roll"
run attack --rules bs2e --figures 1 --ad d8 --ar 7 --roll 9
expect_code 2
run attack --rules bs2e --help
expect_code 0
expect_out "usage: battlesim attack --rules bs2e"
run help attack
expect_code 0
expect_out "2E (--rules bs2e)"
