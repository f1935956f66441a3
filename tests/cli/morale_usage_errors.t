# Bad input to battlesim morale: exit 2, one error line.
run morale --closed
expect_code 2
expect_err "--ml is required"
expect_err_lines 1
run morale --ml 12 --roll 21
expect_code 2
expect_err "--roll (2d10) 21 is out of range (2 to 20)"
run morale --ml 12 --cb 4
expect_code 2
run morale --ml 12 --formation wedge
expect_code 2
expect_err "--formation expects closed, open, skirmish or mob"
run morale --ml 12 --closed --formation open
expect_code 2
expect_err "--closed contradicts --formation open"
run morale --ml 12 --charge-failed --formation closed
expect_code 2
run morale --ml 12 --frobnicate
expect_code 2
expect_err "unknown option '--frobnicate'"
run morale --ml twelve
expect_code 2
expect_err_lines 1
