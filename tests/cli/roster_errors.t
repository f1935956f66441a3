# Bad input to battlesim roster: exit 2 with "battlesim: error:" lines.
run roster /nonexistent/army.yaml
expect_code 2
expect_err "battlesim: error:"
expect_err "/nonexistent/army.yaml"
run roster --frobnicate
expect_code 2
expect_err "unknown option '--frobnicate'"
run roster a.yaml b.yaml
expect_code 2
expect_err "unexpected argument 'b.yaml'"
# a loader error is reported at FILE:LINE:COL
f=$(mktemp --suffix=.yaml)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
printf 'name: Bad\nsides:\n  - name: A\n    edgee: south\n' >"$f"
run roster "$f"
expect_code 2
expect_err "$f:4:"
[ -z "$OUT" ] || { echo "stdout should be empty"; exit 1; }
