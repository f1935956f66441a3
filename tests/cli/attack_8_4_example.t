# [8.4] the book's example: AR 17 vs AC 8, 2d6 = 7, D8, 10 figures: 60 HD.
run attack --ar 17 --ac 8 --damage d8 --figures 10 --roll 7 --target-hd 10
expect_code 0
expect_out "AR 17 - AC 8 = 9 [8.4 A]"
expect_out "attack roll 9 + 7 = 16"
expect_out "roll 16 on D8: 6 HD"
expect_out "6 HD per figure"
expect_out "10 figures x 6 HD = 60 HD"
expect_out "Result: 6 killed, 0 wounded"
run attack --ar 17 --ac 8 --damage d8 --figures 10 --roll 7 --target-hd 10 --json
expect_code 0
expect_out '"attack_roll": 16'
expect_out '"hd_per_figure": 6'
expect_out '"total_hd": 60'
expect_out '"killed": 6'
expect_out '"wounded": 0'
