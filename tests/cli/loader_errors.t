# battlesim check on bad input: YAML syntax errors, unknown keys, rules
# that are not implemented, empty and binary files: errors, exit 2.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

printf 'name: t\nsides:\n  - name: a\n    edge: [north\n  - name: b\n' >"$T/syntax.yaml"
run check "$T/syntax.yaml"
expect_code 2
expect_err_lines 1
expect_err "battlesim: error: $T/syntax.yaml:5:9: YAML syntax error: did not find expected ',' or ']'"

# 2E (issue 5): rules bs2e load 2E units (docs/BS2E.md, tests/cli/bs2e_*.t)
printf 'name: t\nrules: bs2e\nsides: [{name: a, edge: north, units: [{name: u, entry: orcs, figures: 4, position: [1, 1]}]}, {name: b, edge: south}]\n' >"$T/bs2e.yaml"
run check "$T/bs2e.yaml"
expect_code 2
expect_err "battlesim: error: $T/bs2e.yaml:3:57: entry: unknown 2E catalog entry 'orcs'"

printf 'name: t\nsides: [{name: a, edge: nrth}, {name: b, edge: south}]\n' >"$T/edge.yaml"
run check "$T/edge.yaml"
expect_code 2
expect_err "battlesim: error: $T/edge.yaml:2:25: edge: unknown value 'nrth' (did you mean 'north'?)"

: >"$T/empty.yaml"
run check "$T/empty.yaml"
expect_code 2
expect_err "battlesim: error: $T/empty.yaml: the file is empty"

printf 'name: \001\002\003\200\201\n' >"$T/binary.yaml"
run check "$T/binary.yaml"
expect_code 2
expect_err "battlesim: error: $T/binary.yaml"

run check "$T"
expect_code 2
expect_err "battlesim: error: $T: cannot read: Is a directory"
