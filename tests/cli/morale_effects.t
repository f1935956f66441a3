# [4.5] effects, [4.1] never checks, R-067 the 75% row, R-071 no CB when
# out of command.
run morale --ml 10 --closed --roll 15
expect_out "breaks into open formation"
run morale --ml 10 --formation skirmish --roll 15
expect_out "routs"
run morale --ml 10 --never-checks --roll 20
expect_out "cannot rout"
run morale --ml 12 --lost-50 --lost-75 --roll 2
expect_out "ML 8 = 12 -4 at least 75% lost"
run morale --ml 12 --lost-50 --lost-75 --cumulative-losses --roll 2
expect_out "ML 6"
run morale --ml 12 --out-of-command --cb 2 --roll 2
expect_out "ML 10"
expect_out "CB +2 lost: out of command"
run morale --ml 12 --formation skirmish --out-of-command --roll 2
expect_out "ML 12"
run morale --ml 12 --formation mob --mob-supported --roll 2
expect_out "ML 12 = 12 -2 out of command (a mob always) +2 mob with infantry behind"
run morale --ml 12 --roll 2
expect_out "2d10 = 2 (given)"
run morale --ml 12
expect_out "seed 1985"
