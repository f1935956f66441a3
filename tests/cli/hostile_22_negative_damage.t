# Issue 12 item 22: a matrix damage expression that can roll below 0
# (d4-1000) is refused at its FILE:LINE:COL, for every weapon of a card
# and a spell (RULING R-353); 0 is a possible roll. In 1E a minus is a
# column shift on the CRT and D6-4 is read on D2 [8.5]: accepted.
T=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$T"' EXIT
cat >"$T/neg.yaml" <<'Y'
name: n
rules: matrix
matrix: {rows: 4, columns: 3}
sides:
  - name: A
    brigades:
      - {name: a, type: infantry, at: [1, 1], move: 12, ac: 5, melee: {damage: d4-1000}}
      - {name: b, type: archers, at: [1, 2], move: 12, ac: 5, missile: {damage: 2d6-13}}
      - {name: c, type: cavalry, at: [1, 3], move: 12, ac: 5, melee: {damage: d8},
         charge: {damage: d6-7}, mount: {hd: 2, damage: d8/d4-9}}
      - {name: d, type: mage, at: reserve, move: 12, ac: 5, magic: {damage: 6d6-37}}
  - name: B
    brigades:
      - {name: y, type: infantry, at: [4, 1], move: 12, ac: 5, melee: {damage: d4-1}}
      - {name: z, type: mage, at: reserve, move: 12, ac: 5, magic: {damage: 6d6-6}}
Y
run check "$T/neg.yaml"
expect_code 2
expect_err_lines 5
f="$T/neg.yaml"
expect_err "$f:7:80: damage: 'd4-1000' can roll -999; a damage roll is never below 0"
expect_err "$f:8:81: damage: '2d6-13' can roll -11; a damage roll is never below 0"
expect_err "$f:10:27: damage: 'd6-7' can roll -6; a damage roll is never below 0"
expect_err "$f:10:57: damage: 'd8/d4-9' can roll -8 (attack 2, d4-9); a damage roll is never below 0"
expect_err "$f:11:77: damage: '6d6-37' can roll -31; a damage roll is never below 0"
run roster "$T/neg.yaml"
expect_code 2
# 1E: the catalog's and the calculator's minus is a CRT column shift
cat >"$T/bs1e.yaml" <<'Y'
name: t
catalog:
  weapons:
    - {name: blunt club, damage: d6-4, damage_large: d4-1000}
sides:
  - {name: a, edge: south, units: [{name: u, creature: orc, figures: 10, position: [10, 5], weapons: [blunt club]}]}
  - {name: b, edge: north, units: [{name: v, creature: orc, figures: 10, position: [10, 40]}]}
Y
run check "$T/bs1e.yaml"
expect_code 0
run attack --ar 15 --ac 5 --damage d6-4 --roll 7
expect_code 0
expect_out "C  damage: d6-4 -> D6 -4 columns, stopping at D2 -> D2 [8.4 C]"
