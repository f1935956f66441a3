# Review of the matrix card system (issue 6): mistakes a user makes in a
# matrix scenario are one clear FILE:LINE:COL error each (a malformed
# weapon is not also "no weapon"; scouts need a weapon to attack with,
# RULING R-253; a spell must do damage [M3.4a]); roster shows the Table 1
# the battle uses, the ruled one or the scenario's (RULING R-250), and the
# options.
T=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$T"' EXIT
cat >"$T/bad.yaml" <<'Y'
name: bad
rules: matrix
matrix: {rows: 4, columns: 3}
sides:
  - name: A
    brigades:
      - {name: Foot, type: infantry, at: [1, 1], move: 12, ac: 5, melee: d8}
      - {name: Eyes, type: elite, at: [1, 2], move: 12, ac: 7, scouts: true, magic: {damage: 2d6}}
      - {name: Mages, type: mage, at: [1, 3], move: 12, ac: 10, magic: {damage: 0}}
  - name: B
    brigades:
      - {name: Orcs, type: infantry, at: [4, 1], move: 9, ac: 6, melee: {damage: d8}}
Y
run check "$T/bad.yaml"
expect_code 2
expect_err_lines 3
expect_err "battlesim: error: $T/bad.yaml:7:74: melee: expected a mapping (key: value lines), got 'd8'"
expect_err "battlesim: error: $T/bad.yaml:8:72: brigade 'Eyes': scouts attack with a missile or melee weapon (RULING R-253), and it has neither"
expect_err "battlesim: error: $T/bad.yaml:9:81: magic: damage: a spell must do damage"
run roster "$DATA/matrix_example.yaml"
expect_code 0
expect_out "Table 1 (ruled, RULING R-250): adjusted roll = 2d10 + 2 x (rating - defense) - 1 per missing century; damage points: 1 at 9+, 2 at 13+, 3 at 17+, 4 at 21+, 5 at 25+, 6 at 29+, 7 at 33+, 8 at 37+"
expect_out "Options: new_columns"
sed -e 's/scale: 2/scale: 3/' -e 's/bands: \[9, 13, 17, 21, 25, 29, 33, 37\]/bands: [8, 14, 20]/' \
	"$DATA/matrix_example.yaml" >"$T/t1.yaml"
run roster "$T/t1.yaml"
expect_code 0
expect_out "Table 1 (the scenario's, RULING R-250): adjusted roll = 2d10 + 3 x (rating - defense) - 1 per missing century; damage points: 1 at 8+, 2 at 14+, 3 at 20+"
run roster --json "$T/t1.yaml"
expect_code 0
expect_out '"ruled": false'
expect_out '"scale": 3'
