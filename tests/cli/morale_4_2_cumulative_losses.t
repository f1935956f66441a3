# Issue 12 item 16: RULING R-067's optional rule on the calculator. A unit
# that lost 75% has lost 50%: with --cumulative-losses both Table 4 rows
# apply (-2 and -4), whether or not --lost-50 is also given.
run morale --ml 12 --lost-75 --cumulative-losses --roll 2
expect_code 0
expect_out "ML 6 = 12 -2 at least 50% lost -4 at least 75% lost"
run morale --ml 12 --lost-50 --lost-75 --cumulative-losses --roll 2
expect_code 0
expect_out "ML 6 = 12 -2 at least 50% lost -4 at least 75% lost"
# without the option the 75% row replaces the 50% row (R-067)
run morale --ml 12 --lost-75 --roll 2
expect_code 0
expect_out "ML 8 = 12 -4 at least 75% lost"
run morale --ml 12 --lost-50 --lost-75 --roll 2
expect_code 0
expect_out "ML 8 = 12 -4 at least 75% lost"
# the 50% row alone is -2 with or without the option
run morale --ml 12 --lost-50 --cumulative-losses --roll 2
expect_code 0
expect_out "ML 10 = 12 -2 at least 50% lost"
