# battlesim check on matrix scenarios (rules: matrix, docs/MATRIX.md): the
# built-in one and the example load; mistakes are reported as
# FILE:LINE:COL, all of them, exit 2.
top=$(cd "$DATA/../.." && pwd)
run check "$top/data/scenarios/shield-lands-matrix.yaml"
expect_code 0
expect_out ": ok: 2 sides, 23 units, 0 individuals"
run check --builtin shield-lands-matrix
expect_code 0
run check "$DATA/matrix_example.yaml"
expect_code 0
expect_out ": ok: 2 sides, 8 units, 0 individuals"
T=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$T"' EXIT
cat >"$T/bad.yaml" <<'Y'
name: bad
rules: matrix
matrix: {rows: 4, columns: 3, brigade: 500, century: 100}
table1: {bands: [9, 8]}
sides:
  - name: A
    brigades:
      - {name: Foot, type: infantery, at: [3, 1], move: 12, ac: 5, melee: {damage: d8}}
      - {name: Bows, type: archers, at: [1, 1], move: 12, ac: 7, missile: {damage: d6, attacks: 2}, speed: 3}
  - name: B
    brigades:
      - {name: Orcs, type: infantry, at: reserve, move: 9, ac: 6}
Y
run check "$T/bad.yaml"
expect_code 2
expect_err_lines 5
expect_err "battlesim: error: $T/bad.yaml:4:21: bands: 8 is not above the band before it (9)"
expect_err "battlesim: error: $T/bad.yaml:8:28: type: unknown value 'infantery' (did you mean 'infantry'?)"
expect_err "battlesim: error: $T/bad.yaml:8:43: at: row 3 is not in the half of the matrix of side 1 (rows 1-2) (RULING R-268)"
expect_err "battlesim: error: $T/bad.yaml:9:101: unknown key 'speed' in brigade"
expect_err "unknown key 'speed' in brigade"
expect_err "battlesim: error: $T/bad.yaml:12:9: brigade 'Orcs': no weapon"
