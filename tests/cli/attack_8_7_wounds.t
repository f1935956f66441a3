# [8.7] the book's kill and wound examples against 10 orc figures (10 HD).
# 7 figures x 5 HD (roll 17 on D8) = 35 HD: 3 killed and 1 wound.
run attack --ar 17 --ac 8 --damage d8 --figures 7 --roll 8 --target-hd 10
expect_code 0
expect_out "7 figures x 5 HD = 35 HD"
expect_out "Result: 3 killed, 1 wounded"
# 31 figures x 1 HD (roll 25 on D4) = 31 HD: 3 killed, 1 HD disregarded.
run attack --ar 17 --ac 0 --damage d4 --figures 31 --roll 8 --target-hd 10
expect_code 0
expect_out "31 HD"
expect_out "1 HD left over disregarded"
expect_out "Result: 3 killed, 0 wounded"
# A wound from before, then 25 HD: 2 killed, a second wound: 3 removed.
run attack --ar 17 --ac 8 --damage d8 --figures 5 --roll 8 --target-hd 10 --target-wounded 1 --target-figures 7
expect_code 0
expect_out "25 HD"
expect_out "second wound: 1 more figure removed"
expect_out "Result: 3 killed, 0 wounded"
run attack --ar 17 --ac 8 --damage d8 --figures 5 --roll 8 --target-hd 10 --target-wounded 1 --json
expect_out '"killed": 3'
expect_out '"removed_by_second_wound": 1'
# half hit dice print with one decimal
run attack --ar 17 --ac 0 --damage d2 --figures 1 --roll 6 --target-hd 0.5 --json
expect_code 0
expect_out '"hd_per_figure": 0.5'
expect_out '"target_hd": 0.5'
