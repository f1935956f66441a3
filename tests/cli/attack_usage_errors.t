# Every bad input is a usage error: exit 2, one error line.
run attack --ac 8 --damage d8
expect_code 2
expect_err "--ar is required"
expect_err_lines 1
run attack --ar 17 --ac 8 --damage d8 --roll 13
expect_code 2
expect_err "--roll (2d6) 13 is out of range (2 to 12)"
expect_err_lines 1
run attack --ar 17 --ac 8 --damage d8 --roll 1
expect_code 2
run attack --ar 17 --ac 8 --damage d0
expect_code 2
expect_err "dice 'd0': a die needs 2 to 100 sides"
expect_err_lines 1
run attack --ar 17 --ac 8 --damage 'd8+'
expect_code 2
expect_err "dice 'd8+'"
run attack --ar 17 --ac 8 --damage d100
expect_code 2
expect_err "a d100 has no CRT column"
run attack --ar 17 --ac 8 --damage 0
expect_code 2
expect_err "fixed damage 0"
run attack --ar 17 --ac 8 --damage d8 --bogus
expect_code 2
expect_err "unknown option '--bogus'"
run attack --ar 17 --ac 8 --damage
expect_code 2
expect_err "--damage needs a value"
run attack --ar x --ac 8 --damage d8
expect_code 2
expect_err "--ar expects a whole number"
run attack --ar 17 --ac 8 --damage d8 --roll 7 --odds
expect_code 2
expect_err "exclude each other"
run attack --ar 17 --ac 8 --damage d8 --target-wounded 1
expect_code 2
expect_err "need --target-hd"
run attack --ar 17 --ac 8 --damage d8 --target-hd 10 --target-figures 2 --target-wounded 3
expect_code 2
run attack --ar 17 --ac 8 --damage d8 --target-hd ten
expect_code 2
expect_err "--target-hd expects hit dice"
run attack --ar 17 --ac 8 --damage d8 --target-hd 0
expect_code 2
run attack --ar 17 --ac 8 --damage d8 --poison deadly
expect_code 2
expect_err "--poison expects weak, normal or strong"
run attack --ar 17 --ac 8 --damage d8 --poison weak --poison-attack 2
expect_code 2
run attack --ar 17 --ac 8 --damage d8 --attacks 0
expect_code 2
run attack --ar 17 --ac 8 --damage d8 --attacks 3/x
expect_code 2
run attack --ar 17 --ac 8 --damage d8 --paralysis
expect_code 2
expect_err "--paralysis"
run attack --ar 17 --ac 8 --damage d8 --vs-hero --figures 2
expect_code 2
expect_err "at most 1 figure can attack a size M Hero [9.4 A]"
run attack --ar 17 --ac 8 --damage d8 extra
expect_code 2
expect_err "unexpected argument 'extra'"
# --rules bs1e names this calculator explicitly; matrix has none
run attack --rules bs1e --ar 17 --ac 8 --damage d8 --figures 10 --roll 7 --target-hd 10
expect_code 0
expect_out "6 killed"
run attack --rules matrix --ar 17 --ac 8 --damage d8
expect_code 2
expect_err "--rules expects bs1e or bs2e, not 'matrix'"
