# Mistakes in a 2E scenario: every one reported as FILE:LINE:COL, exit 2
# (tests/data/bs2e_errors.yaml): an unknown catalog entry with "did you
# mean", a die that is no attack die [2E Attack Dice], ML on a commander
# (ML/CD, RULING R-219), ranges out of order, a 1E key in a 2E unit.
run check "$DATA/bs2e_errors.yaml"
expect_code 2
expect_err_lines 5
expect_err "bs2e_errors.yaml:9:16: entry: unknown 2E catalog entry 'orc swordsman' (did you mean 'orc swordsmen'?)"
expect_err "bs2e_errors.yaml:14:13: ad: 'd9': an attack die is a d4, d6, d8, d10 or d12 [2E Attack Dice]"
expect_err "bs2e_errors.yaml:26:13: ml: heroes and commanders have no morale rating"
expect_err "bs2e_errors.yaml:31:16: range: short <= medium <= long, got [10, 5, 15]"
expect_err "bs2e_errors.yaml:37:9: unknown key 'creature' in 2E unit"
# play and roster refuse it the same way
run play "$DATA/bs2e_errors.yaml"
expect_code 2
expect_err_lines 5
run roster "$DATA/bs2e_errors.yaml"
expect_code 2
