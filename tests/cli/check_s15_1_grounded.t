# [15.1] RULING R-557, tests/data/grounded.yaml: fliers kept on the ground
# all battle (`grounded: true`, a unit's griffon mounts and a lone red
# dragon) give no `flying` warning and say so in the roster; without the
# key the warning is back; `grounded` on what does not fly is a located
# error, and so is a value that is not true or false.
S="$DATA/grounded.yaml"
run check "$S"
expect_code 0
if printf '%s\n' "$ERR" | grep -q "(warning flying)"; then
	echo "grounded fliers: no flying warning"; _show; exit 1
fi
run roster "$S"
expect_code 0
expect_out 'grounded [15.1]: its fly 24" unused'
expect_out 'grounded [15.1]: its fliers do not fly'
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
# the dragon without the key: the warning, at its race
sed 's/, grounded: true}/}/' "$S" >"$f"
run check "$f"
expect_code 0
expect_err "race: 'red dragon' of 'Scarlet' flies (24\")"
expect_err "(warning flying)"
# the unit without the key: the warning, at its mount
sed '/^        grounded: true$/d' "$S" >"$f"
run check "$f"
expect_code 0
expect_err "mount: 'griffon' flies (30\")"
# on a commander who does not fly, and on a unit of orcs: errors
sed 's/rank: unit}$/rank: unit, grounded: true}/' "$S" >"$f"
run check "$f"
expect_code 2
expect_err "grounded: 'Cap' does not fly (RULING R-557)"
expect_err "grounded: 'Boss' does not fly (RULING R-557)"
sed 's/^        commander: Boss$/        commander: Boss\n        grounded: true/' "$S" >"$f"
run check "$f"
expect_code 2
expect_err "grounded: nothing in unit 'Raiders' flies (RULING R-557)"
sed 's/hp: 50, position: \[50, 20\], grounded: true/hp: 50, position: [50, 20], grounded: treu/' "$S" >"$f"
run check "$f"
expect_code 2
expect_err ":32:81: grounded: expected true or false, got 'treu'"
