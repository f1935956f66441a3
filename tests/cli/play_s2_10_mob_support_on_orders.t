# [2.10] [6.6] Table 4: giving a mob an order is a rally attempt, a morale
# check with every Table 4 row that applies: the Village levy of the
# built-in scenario has the Keep spearmen directly behind it within 6",
# so its check carries the +2 (RULING R-114, R-117).
run play --seed 7
expect_code 0
expect_out "Lord Aldric Vance orders Village levy to move-forward: ML 9 = 9 -2 out of command (a mob always) +2 mob with infantry behind"
