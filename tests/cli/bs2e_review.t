# Review fixes (issue 5): the 2E attack calculator refuses partial damage
# that is a whole figure or more [2E Hits] and --carried/--target-figures
# without --hits; an attack die written as "8+0" is no attack die [2E
# Attack Dice] in the calculator and in a scenario.
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --hits 2 --carried 2
expect_code 2
expect_err "--carried 2: partial damage is less than --hits 2 [2E Hits]"
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --carried 1
expect_code 2
expect_err "--carried and --target-figures need --hits"
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --target-figures 6
expect_code 2
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --hits 2 --carried 1 --roll 2,2,3,4,5,5,6,8 --armor-roll 1,3,3,4,5,8,9
expect_code 0
expect_out "Hits 2 per figure, 1 carried before: 3 figures removed, 0 hits carried [2E Hits]"
run attack --rules bs2e --figures 8 --ad 8+0 --ar 7
expect_code 2
expect_err "--ad expects d4, d6, d8, d10, d12, 10+8 or 2d10, got '8+0'"
run attack --rules bs2e --figures 2 --ad 2d10 --ar 7 --roll 1,2,3,4 --armor-roll 1,1
expect_code 0
expect_out "2 x 2d10: 3 7"
f=$(mktemp)
cat >"$f" <<'YAML'
name: t
rules: bs2e
sides:
  - name: A
    edge: south
    units:
      - {name: a, entry: men-at-arms, figures: 4, position: [20, 10], ad: 8+0}
  - name: B
    edge: north
    units:
      - {name: b, entry: men-at-arms, figures: 4, position: [20, 30]}
YAML
run check "$f"
expect_code 2
expect_err ":7:75: ad: '8+0': an attack die is a d4, d6, d8, d10 or d12 [2E Attack Dice]"
rm -f "$f"
# a 1E option in a 2E scenario is an error at its item, not silently
# ignored
f=$(mktemp)
cat >"$f" <<'YAML'
name: t
rules: bs2e
options: [bs2e_rally_to_good, d20_initiative]
sides:
  - name: A
    edge: south
    units:
      - {name: a, entry: men-at-arms, figures: 4, position: [20, 10]}
  - name: B
    edge: north
    units:
      - {name: b, entry: men-at-arms, figures: 4, position: [20, 30]}
YAML
run check "$f"
expect_code 2
expect_err_lines 1
expect_err ":3:31: options: 'd20_initiative' is not a 2E rule"
rm -f "$f"
# RULING R-200: --hit-table, like the scenario's hit_table:, has at least
# one row and reaches the largest attack die result
run attack --rules bs2e --ad d8 --ar 7 --hit-table ""
expect_code 2
expect_err "--hit-table expects the hits of attack die results 1, 2, 3 ... (at least one row)"
run attack --rules bs2e --ad d10 --ar 7 --hit-table 0,0,0,1,1,2,2,2
expect_code 2
expect_err "--hit-table: 8 rows, but the attack dice reach 10 (RULING R-200)"
run attack --rules bs2e --ad d8 --ar 7 --hit-table 0,0,0,1,1,2,2,3 --roll 8 --armor-roll 1,1,1
expect_code 0
expect_out "hits: 3 = 3 hits"
