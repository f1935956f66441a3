# 2E scenarios (rules: bs2e) load with `check`: the built-in 2E scenario,
# the example of docs/BS2E.md, and every built-in one.
run check "$DATA/../../data/scenarios/borderland-raid-2e.yaml"
expect_code 0
expect_out "borderland-raid-2e.yaml: ok: 2 sides, 10 units, 0 individuals"
run check "$DATA/bs2e_example.yaml"
expect_code 0
expect_out "bs2e_example.yaml: ok: 2 sides, 5 units, 0 individuals"
run check --builtin borderland-raid-2e
expect_code 0
expect_out "data/scenarios/borderland-raid-2e.yaml: ok: 2 sides, 10 units"
run check --builtin all
expect_code 0
expect_out "borderland-raid-2e.yaml: ok"
expect_out "borderland-raid.yaml: ok"
