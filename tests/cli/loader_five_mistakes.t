# A file with five different mistakes gives five FILE:LINE:COL errors and
# exit 2, from `check` and from `roster` (which loads with the same loader).
F="$DATA/five_mistakes.yaml"
for cmd in check roster; do
	run $cmd "$F"
	expect_code 2
	expect_err_lines 5
	expect_err "battlesim: error: $F:9:18: figures: a regular unit starts with 4 to 48 figures, got 60 [2.8]"
	expect_err "battlesim: error: $F:14:18: figures: expected an integer, got 'twelve'"
	expect_err "battlesim: error: $F:24:19: weapons: unknown weapon 'long swrod' (did you mean 'long sword'?)"
	expect_err "battlesim: error: $F:25:19: position: [80, 20] is outside the table (x 0 to 72, y 0 to 48 inches)"
	expect_err "battlesim: error: $F:30:9: unknown key 'positon' in unit (did you mean 'position'?)"
done
