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
# Review fixes (2): one attack dice parser for `ad:` and --ad
# (bs2e_ad_parse, RULING R-221): the whole text is read (it was cut at 31
# characters: this passed as d8), numbers with range checks, the same
# words in both
long=d000000000000000000000000000008junk
why="'d000000000000000...': more than 32 characters, not attack dice such as d8, 10+8 or 2d10 [2E Attack Dice]"
run attack --rules bs2e --ad "$long" --ar 7 --roll 8 --armor-roll 1,1
expect_code 2
expect_err "battlesim: error: --ad expects d4, d6, d8, d10, d12, 10+8 or 2d10, got $why"
expect_err "Try 'battlesim help attack'."
# 2^32 + 8 (it was read as d8)
run attack --rules bs2e --ad d4294967304 --ar 7 --roll 8 --armor-roll 1,1
expect_code 2
expect_err "got 'd4294967304': an attack die is a d4, d6, d8, d10 or d12 [2E Attack Dice]"
f=$(mktemp)
cat >"$f" <<YAML
name: t
rules: bs2e
sides:
  - name: A
    edge: south
    units:
      - {name: a, entry: men-at-arms, figures: 4, position: [20, 10], ad: "$long"}
  - name: B
    edge: north
    units:
      - {name: b, entry: men-at-arms, figures: 4, position: [20, 30]}
YAML
run check "$f"
expect_code 2
expect_err_lines 1
expect_err ":7:75: ad: $why"
# a number out of the range of an int is no die (sscanf's %d made 2^32 +
# 10 a 2d10: undefined behaviour)
sed -i 's/ad: "[^"]*"/ad: 2d4294967306/' "$f"
run check "$f"
expect_code 2
expect_err ":7:75: ad: '2d4294967306': an attack die is a d4, d6, d8, d10 or d12 [2E Attack Dice]"
rm -f "$f"
# a given attack die that no die can roll is a usage error like the others
run attack --rules bs2e --figures 1 --ad d8 --ar 7 --roll 9
expect_code 2
expect_err "battlesim: error: --roll: given result 9 (number 1) is not a possible roll of a d8"
expect_err "Try 'battlesim help attack'."
# RULING R-220: cavalry is "not in woods or swamp" and no unit is in
# water: a unit deployed there is an error at its position, at load
f=$(mktemp)
cat >"$f" <<'YAML'
name: t
rules: bs2e
terrain:
  - {name: Greywood, type: woods, points: [[10, 5], [30, 5], [30, 15], [10, 15]]}
  - {name: Fen, type: swamp, points: [[40, 5], [50, 5], [50, 15], [40, 15]]}
sides:
  - name: A
    edge: south
    units:
      - {name: lancers, entry: heavy cavalry, figures: 4, position: [20, 10]}
      - {name: riders, entry: light cavalry, figures: 4, position: [45, 12]}
      - {name: foot, entry: men-at-arms, figures: 4, position: [25, 8]}
      - {name: outriders, entry: light cavalry, figures: 4, position: [35, 10]}
  - name: B
    edge: north
    units:
      - {name: b, entry: men-at-arms, figures: 4, position: [20, 30]}
YAML
run check "$f"
expect_code 2
expect_err_lines 2
expect_err ":10:69: position: unit 'lancers' is deployed in woods 'Greywood': cavalry may not enter woods [2E Movement] (RULING R-220)"
expect_err ":11:68: position: unit 'riders' is deployed in swamp 'Fen': cavalry may not enter swamp [2E Movement] (RULING R-220)"
rm -f "$f"
# RULING R-229: scripted 1E orders in a 2E file are errors at load, at
# their entries ("2E orders are hold, move and charge"), not refused in
# play
f=$(mktemp)
cat >"$f" <<'YAML'
name: t
rules: bs2e
sides:
  - name: A
    edge: south
    orders:
      - {round: 1, unit: a, order: wrap, steps: [{wheel: 10}]}
      - {round: 2, unit: a, order: forced_march, steps: [{advance: 2}]}
      - {round: 3, unit: a, order: withdraw}
      - {round: 4, unit: a, order: flee}
      - {round: 5, unit: a, order: move, steps: [{formation: open}]}
      - {round: 6, unit: a, order: move, steps: [{advance: 2}]}
      - {round: 7, unit: a, order: charge, target: b}
      - {round: 8, unit: a, order: hold}
    units:
      - {name: a, entry: men-at-arms, figures: 4, position: [20, 10]}
  - name: B
    edge: north
    units:
      - {name: b, entry: men-at-arms, figures: 4, position: [20, 30]}
YAML
run check "$f"
expect_code 2
expect_err_lines 5
expect_err ":7:9: order: 'wrap-around' is a 1E order; 2E orders are hold, move and charge [2E Movement] (RULING R-229)"
expect_err ":8:9: order: 'forced-march' is a 1E order"
expect_err ":9:9: order: 'withdraw' is a 1E order"
expect_err ":10:9: order: 'flee' is a 1E order"
expect_err ":11:9: steps: no formation changes in the 2E rules (step 1) [2E Movement] (RULING R-229)"
rm -f "$f"
# a facing is 0 to less than 360 degrees: the message says so
f=$(mktemp)
cat >"$f" <<'YAML'
name: t
rules: bs2e
sides:
  - name: A
    edge: south
    units:
      - {name: a, entry: men-at-arms, figures: 4, position: [20, 10], facing: 360}
  - name: B
    edge: north
    units:
      - {name: b, entry: men-at-arms, figures: 4, position: [20, 30]}
YAML
run check "$f"
expect_code 2
expect_err ":7:79: facing: '360' is out of range (0 to less than 360)"
rm -f "$f"
