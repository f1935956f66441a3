# battlesim roster on a matrix scenario: every brigade card with its seven
# entries and the derivation of each number [M2.1]-[M2.5], text and JSON.
top=$(cd "$DATA/../.." && pwd)
run roster "$DATA/matrix_example.yaml"
expect_code 0
expect_out "Brigade cards: Skirmish at the Mill (matrix example) (matrix card system)"
expect_out "  A3 Baron's Knights: elite (knights), at row 1, column 1"
expect_out "    Melee     4 = ceil(sum / 10); sum 37.5 = 21 - avg THAC0 6 +19 max damage (mount) +3 attacks (mount) +8 max damage (rider) +1.5 attacks (rider) [M2.3c]"
expect_out "    Charge    5 = ceil(sum / 10) + 3; sum 14 = 21 - THAC0 7 +7 max damage [M2.3c]"
expect_out "    Move      MV 2 = ceil(move 15 / 12) [M2.3b]"
expect_out "    Defense   3 = ceil((10 - AC 2) / 3) [M2.3d]"
expect_out "    Class     5/7: 500 men; unit number 7 (HD 7) [M2.4] [M2.5]"
expect_out "    Notes     the text's knights, 5/7"
expect_out "  A4 Hedge Wizards: mage, in the reserve"
expect_out "  B3 Hippogriff Riders: air-cavalry, aerial, in the reserve"
run roster --json "$DATA/matrix_example.yaml"
expect_code 0
printf '%s' "$OUT" | python3 -c '
import json, sys
r = json.load(sys.stdin)
assert r["rules"] == "matrix", r["rules"]
k = r["sides"][0]["brigades"][2]
assert k["tag"] == "A3" and k["melee"]["value"] == 4 and k["melee"]["sum"] == 37.5, k
assert k["charge"]["value"] == 5 and k["defense"] == 3 and k["mv"] == 2, k
assert k["class"] == 5 and k["unit"] == 7 and k["at"] == [1, 1], k
assert r["sides"][1]["brigades"][2]["aerial"] is True
assert r["matrix"] == {"rows": 4, "columns": 3, "brigade": 500, "century": 100, "full_class": 5, "options": ["new_columns"]}, r["matrix"]
assert r["table1"] == {"ruled": True, "scale": 2, "bands": [9, 13, 17, 21, 25, 29, 33, 37]}, r["table1"]
' || { echo "roster --json: wrong cards"; exit 1; }
run roster "$top/data/scenarios/shield-lands-matrix.yaml"
expect_code 0
expect_out "A11 3rd Foot of Critwall"
