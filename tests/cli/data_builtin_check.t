# The built-in default scenario and the data files themselves validate
# cleanly (data/scenarios/borderland-raid.yaml, data/catalog/*.yaml).
run check
expect_code 0
run check "$DATA/../../data/scenarios/borderland-raid.yaml"
expect_code 0
