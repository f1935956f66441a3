# Scripted orders in a 2E scenario: a charge in the side's `orders:` is
# declared in the charge step (RULING R-203), costs 2 on initiative
# (R-204), moves at 1 1/2 MV into contact (R-211) and attacks at x1 1/2 AD.
run play "$DATA/bs2e_scripted.yaml" --seed 2
expect_code 0
expect_out "a: order charge declared -> b RULING R-203"
expect_out "A: initiative total; 1 = d10 3 -2 1 charging unit RULING R-204"
expect_out "a contacts b, front to front: 8 figures against 8"
expect_out "a attacks b (charging): AD 12 = figures 8 +4 charge x1 1/2"
expect_out "Outcome: A wins after 1 round"
