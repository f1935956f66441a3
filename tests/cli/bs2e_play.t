# battlesim play on the 2E scenario: plays to an outcome with a cited log
# (the steps of RULING R-202, attack and armor dice, hits, morale), the
# same seed gives the same bytes, and --log jsonl carries the 2E events.
S="$DATA/../../data/scenarios/borderland-raid-2e.yaml"
run play "$S" --seed 1
expect_code 0
expect_out "-- Charge declaration RULING R-203 --"
expect_out "-- Initiative Phase RULING R-204 --"
expect_out "-- First movement RULING R-205 --"
expect_out "-- Missile fire RULING R-208 --"
expect_out "[2E Attack Dice]"
expect_out "[2E Armor Rating]"
expect_out "[2E Hits]"
expect_out "[2E Morale]"
expect_out "Battle over after"
expect_out "=== Summary ==="
first=$OUT
run play "$S" --seed 1
[ "$OUT" = "$first" ] || { echo "seed 1 played two different battles"; exit 1; }
run play "$S" --seed 1 --log jsonl
expect_code 0
expect_out '"type":"bs2e_attack"'
expect_out '"type":"bs2e_armor"'
expect_out '"type":"bs2e_hits"'
expect_out '"phase":"bs2e_charges"'
expect_out '"type":"end"'
run play "$S" --seed 2 --quiet
expect_code 0
expect_out "Outcome:"
