# battlesim roster on a 2E scenario: the 2E unit roster [2E Scale] (Type,
# Weapons, # FIG, AD, AR, Hits, ML or ML/CD, MV, range), where each unit's
# numbers come from, the hit table (RULING R-200); --json.
S="$DATA/../../data/scenarios/borderland-raid-2e.yaml"
run roster "$S"
expect_code 0
expect_out "2E unit roster [2E Scale]"
expect_out "Unit Name     Broken Fang warriors"
expect_out "Type          Orc infantry (regular) (infantry)"
expect_out "     16  d8       7     1     12   9  -"
expect_out "from the 2E catalog entry 'orc swordsmen' (data/catalog/bs2e-units.yaml:"
expect_out "ML/CD 28\" = command diameter; never checks morale [2E Morale] (RULING R-219)"
expect_out "Hit table (attack die -> hits): 1-3 -> 0, 4-5 -> 1, 6-8 -> 2, 9-10 -> 3, 11-13 -> 4"
run roster "$DATA/bs2e_example.yaml"
expect_code 0
expect_out "2d10"
expect_out "10/20/30\""
expect_out "option bs2e_armor_equal_or_higher, RULING R-201"
run roster --json "$S"
expect_code 0
expect_out '"rules": "bs2e"'
expect_out '"entry": "orc swordsmen"'
expect_out '"ad": "d8"'
expect_out '"cd": 28'
first=$(printf '%s\n' "$OUT" | head -1)
last=$(printf '%s\n' "$OUT" | tail -1)
[ "$first" = "{" ] || { echo "first line: $first"; exit 1; }
[ "$last" = "}" ] || { echo "last line: $last"; exit 1; }
