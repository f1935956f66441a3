# The roster of the built-in scenario names both armies' units and their
# army commanders ([3.1], [3.2]).
run roster
expect_code 0
expect_out "Broken Fang warriors"
expect_out "Stonefist ogres"
expect_out "Keep men-at-arms"
expect_out "Village levy"
expect_out "Grishnak Broken-Fang"
expect_out "Lord Aldric Vance"
