# Issue 12 item 19: hostile files fail fast with a located error (RULING
# R-350, docs/SCENARIO-FORMAT.md "Limits"): nesting deeper than 64 lists
# and mappings (flow or block) stops at the first event past it; more than
# 1,000,000 nodes; a file over 8 MiB fails before it is read (a 10 GB
# sparse file, /dev/zero, a pipe). The same parser reads 1E, 2E and matrix
# files and the built-in catalogs.
T=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$T"' EXIT

# x: [[[[... 100,000 deep (issue 12: 40 s before its error)
awk 'BEGIN { printf "x: "; for (i = 0; i < 100000; i++) printf "["; }' >"$T/flow.yaml"
run check "$T/flow.yaml"
expect_code 2
expect_err_lines 1
expect_err "$T/flow.yaml:1:67: the document is nested too deeply (more than 64 levels of lists and mappings)"

# 64 levels are allowed (a list of lists 63 deep under the top mapping):
# the error is then the scenario's, not the depth
awk 'BEGIN { printf "name: t\nsides: "; for (i = 0; i < 63; i++) printf "["; for (i = 0; i < 63; i++) printf "]"; print "" }' >"$T/deep64.yaml"
run check "$T/deep64.yaml"
expect_code 2
expect_err "$T/deep64.yaml:2:8: "
case "$ERR" in *"nested too deeply"*) echo "64 levels refused"; _show; exit 1 ;; esac
awk 'BEGIN { printf "name: t\nsides: "; for (i = 0; i < 64; i++) printf "["; for (i = 0; i < 64; i++) printf "]"; print "" }' >"$T/deep65.yaml"
run check "$T/deep65.yaml"
expect_code 2
expect_err "$T/deep65.yaml:2:71: the document is nested too deeply"

# block nesting: mappings by indentation, block lists on one line
awk 'BEGIN { print "x:"; for (i = 1; i < 3000; i++) { for (j = 0; j < i; j++) printf " "; print "k:" } }' >"$T/block.yaml"
run check "$T/block.yaml"
expect_code 2
expect_err_lines 1
expect_err "$T/block.yaml:65:65: the document is nested too deeply"
awk 'BEGIN { print "x:"; for (i = 0; i < 100000; i++) printf "- "; print "z" }' >"$T/dashes.yaml"
run check "$T/dashes.yaml"
expect_code 2
expect_err "$T/dashes.yaml:2:127: the document is nested too deeply"
awk 'BEGIN { printf "x: "; for (i = 0; i < 100000; i++) printf "{a: "; }' >"$T/maps.yaml"
run check "$T/maps.yaml"
expect_code 2
expect_err "$T/maps.yaml:1:256: the document is nested too deeply"

# every ruleset reads with the same limits
awk 'BEGIN { print "name: t\nrules: bs2e\nsides:"; printf "  - "; for (i = 0; i < 100; i++) printf "["; print "" }' >"$T/bs2e.yaml"
run check "$T/bs2e.yaml"
expect_code 2
expect_err "$T/bs2e.yaml:4:67: the document is nested too deeply"
awk 'BEGIN { print "name: t\nrules: matrix\nsides:"; printf "  - {brigades: "; for (i = 0; i < 100; i++) printf "["; print "" }' >"$T/matrix.yaml"
run check "$T/matrix.yaml"
expect_code 2
expect_err "$T/matrix.yaml:4:77: the document is nested too deeply"

# more than 1,000,000 nodes (here empty lists, 8 MB of them)
awk 'BEGIN { printf "name: t\nsides: ["; for (i = 0; i < 1000001; i++) printf "[],"; print "]" }' >"$T/nodes.yaml"
run check "$T/nodes.yaml"
expect_code 2
expect_err_lines 1
expect_err "the document is too large (more than 1000000 values, lists, mappings and aliases)"

# size: a sparse 10 GB file and /dev/zero fail at once; a pipe after
# 8 MiB + 1 byte; exactly 8 MiB is read and parsed
truncate -s 10G "$T/huge.yaml"
run check "$T/huge.yaml"
expect_code 2
expect_err_lines 1
expect_err "$T/huge.yaml: the file is too large: at most 8388608 bytes (8 MiB) are read"
run check /dev/zero
expect_code 2
expect_err "/dev/zero: the file is too large: at most 8388608 bytes (8 MiB) are read"
out=$(head -c 9000000 /dev/zero | "$BS" check /dev/stdin 2>&1)
case "$out" in *"/dev/stdin: the file is too large"*) ;; *) echo "pipe: $out"; exit 1 ;; esac
awk 'BEGIN { printf "name: t\n# "; for (i = 0; i < 8388608 - 11; i++) printf "x"; printf "\n" }' >"$T/exact.yaml"
[ "$(wc -c <"$T/exact.yaml")" -eq 8388608 ] || { echo "exact.yaml is not 8 MiB"; exit 1; }
run check "$T/exact.yaml"
expect_code 2
expect_err "$T/exact.yaml:1:1: scenario: missing required key 'sides'"
printf 'x' >>"$T/exact.yaml"
run check "$T/exact.yaml"
expect_code 2
expect_err "the file is too large"

# the other files read: a journal (sim --from, referee --resume) stops at a
# line of 1 MiB, a dice file (play --dice) at 8 MiB; what is not printable
# is named
run sim --from /dev/zero --runs 5
expect_code 2
expect_err "battlesim: error: /dev/zero:1:1: not a journal line: longer than 1048576 bytes"
run referee --resume /dev/zero
expect_code 2
expect_err "battlesim: error: /dev/zero:1:1: not a journal line: longer than 1048576 bytes"
run play --dice /dev/zero --quiet
expect_code 2
expect_err "battlesim: error: /dev/zero:1: byte 00 is not part of a number"
out=$(yes 1 | "$BS" play --dice /dev/stdin --quiet 2>&1)
case "$out" in *"/dev/stdin: the file is too large: at most 8388608 bytes (8 MiB) are read"*) ;; *) echo "dice pipe: $out"; exit 1 ;; esac
