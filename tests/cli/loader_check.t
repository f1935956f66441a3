# battlesim check: good files, the built-in scenarios, exit codes.
run check "$DATA/good.yaml"
expect_code 0
expect_out "$DATA/good.yaml: ok: 2 sides, 9 units, 9 individuals; 2 warnings"
# the advanced-level file gives what is not played yet: warnings only
expect_err_lines 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning: ')
[ "$n" = 2 ] || { echo "want 2 warnings, got $n: $ERR"; exit 1; }
run check --strict "$DATA/good.yaml"
expect_code 2
expect_err "battlesim: error: $DATA/good.yaml:7:27: options: 'capture': the capture of surrounded units is not played yet [7.15] (warning option-capture)"
expect_err "battlesim: error: $DATA/good.yaml: 2 warnings, errors with --strict"

# the shipped scenarios check clean, even with --strict
for b in borderland-raid borderland-raid-2e shield-lands-matrix \
	battle-of-the-borderlands; do
	run check --strict --builtin "$b"
	expect_code 0
	[ -z "$ERR" ] || { echo "unexpected stderr: $ERR"; exit 1; }
done
# heroes-of-the-pass's wizard memorizes nothing (RULING R-322): clean too
run check --strict --builtin heroes-of-the-pass
expect_code 0
[ -z "$ERR" ] || { echo "unexpected stderr: $ERR"; exit 1; }

# no FILE: the built-in default scenario
run check
expect_code 0
expect_out "data/scenarios/borderland-raid.yaml: ok: 2 sides,"

run check --builtin all
expect_code 0
expect_out "borderland-raid.yaml: ok:"

run check --builtin borderland-riad
expect_code 2
expect_err "battlesim: error: no built-in scenario 'borderland-riad' (did you mean 'borderland-raid'?)"

# several files: each reported, the exit code is the worst
run check "$DATA/good.yaml" "$DATA/five_mistakes.yaml" "$DATA/format_example.yaml"
expect_code 2
expect_out "$DATA/good.yaml: ok:"
expect_out "$DATA/format_example.yaml: ok: 2 sides, 8 units, 10 individuals"
expect_err_lines 5

run check "$DATA/no-such-file.yaml"
expect_code 2
expect_err "battlesim: error: $DATA/no-such-file.yaml: cannot open: No such file or directory"

run check --help
expect_code 0
expect_out "usage: battlesim check [--strict] [FILE...]"

run check --bogus
expect_code 2
