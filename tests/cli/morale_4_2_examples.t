# [4.2] the book's two examples of current morale.
run morale --ml 12 --closed --cb 2 --magic --roll 14
expect_code 0
expect_out "ML 14 = 12 -1 figure removed by magic +1 closed formation +2 commander CB [4.2 T4]"
expect_out "passed [4.3]"
expect_out "no adverse effect"
run morale --ml 13 --lost-50 --rear --level-drain --roll 7
expect_code 0
expect_out "ML 6 = 13 -2 at least 50% lost -2 enemy in contact with the rear -3"
expect_out "7 > 6, failed"
expect_out "routs"
run morale --ml 13 --lost-50 --rear --level-drain --roll 6 --json
expect_out '"current_ml": 6'
expect_out '"passed": true'
