# Issue 4: the sim command's options and their errors; no progress bar
# when standard error is not a terminal.
run sim --runs 20 --threads 2
expect_code 0
expect_out "Outcome"
expect_out "95% interval (Wilson)"
expect_out "Rounds to the end: mean"
expect_out "Figures lost per side"
[ -z "$ERR" ] || { echo "stderr should be empty when it is not a terminal"; exit 1; }
run sim --runs 0
expect_code 2
expect_err "--runs 0 is out of range"
run sim --threads 0
expect_code 2
run sim --until-ci 2
expect_code 2
expect_err "--until-ci expects an interval width"
run sim --json --csv
expect_code 2
expect_err "exclude each other"
run sim --log jsonl
expect_code 2
expect_err "--log goes with --replay"
run sim "$DATA/five_mistakes.yaml"
expect_code 2
expect_err_lines 5
