# Issue 12 item 17: --ar-mod given more than once adds (before, the last one
# won, silently): +1 and +2 make AR 7 + 3 = 10.
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --ar-mod 1 --ar-mod 2 --hits 2 --roll 2,2,3,4,5,5,6,8 --armor-roll 1,3,3,4,5,8,9
expect_code 0
expect_out "= 7 +3 modifiers"
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --ar-mod 1 --ar-mod -1 --hits 2 --roll 2,2,3,4,5,5,6,8 --armor-roll 1,3,3,4,5,8,9
expect_code 0
case "$OUT" in *modifiers*) echo "+1 -1 is no modifier"; exit 1;; esac
# the total keeps the range of one (-10 to 10)
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --ar-mod 6 --ar-mod 6
expect_code 2
expect_err "--ar-mod"
