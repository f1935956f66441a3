# battlesim sim on the 2E scenario: many battles, win probabilities; the
# thread count does not change the result.
S="$DATA/../../data/scenarios/borderland-raid-2e.yaml"
run sim "$S" --runs 40 --threads 1 --json
expect_code 0
expect_out '"runs": 40'
one=$OUT
run sim "$S" --runs 40 --threads 3 --json
expect_code 0
[ "$OUT" = "$one" ] || { echo "1 and 3 threads differ"; exit 1; }
run sim "$S" --runs 40
expect_code 0
expect_out "Borderland Raid (2E): 40 battles"
expect_out "Broken Fang warband wins"
