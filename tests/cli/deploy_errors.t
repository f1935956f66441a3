# Deployment errors (issue 11 part 4, issue 12 item 21; RULINGS R-314 ..
# R-317): the engine's blocks on the table, each error at the unit's
# `position:` as FILE:LINE:COL, exit 2: overlapping units, a block past
# the table's edge, a unit in a lake, closed formation in a wood, an
# independent figure inside an enemy block (1E), and the 2E twins.
run check "$DATA/deploy_errors_1e.yaml"
expect_code 2
expect_err_lines 5
expect_err "battlesim: error: $DATA/deploy_errors_1e.yaml:18:81: position: the block of unit 'Bills' overlaps the block of unit 'Pikes' (line 17) by 1.00 inches: blocks may touch, never overlap [7.8] (RULING R-314)"
expect_err "battlesim: error: $DATA/deploy_errors_1e.yaml:19:73: position: the block of unit 'Edge guard' (x 23.50 to 26.50, y -1.00 to 0.50 inches) reaches past the table's edge (x 0 to 72, y 0 to 48) [2.1] (RULING R-314)"
expect_err "battlesim: error: $DATA/deploy_errors_1e.yaml:20:89: position: unit 'Marsh men' (open formation) is deployed in water 'Blackmere': no unit may enter water unless it is entirely of aquatic or amphibious creatures (or the water is fordable) [11.8] Table 14 (RULING R-316)"
expect_err "battlesim: error: $DATA/deploy_errors_1e.yaml:21:72: position: unit 'Foresters' (closed formation) is deployed in woods 'Holt': no unit can ever be in closed formation in the woods [11.8] Table 14 (RULING R-316)"
expect_err "battlesim: error: $DATA/deploy_errors_1e.yaml:23:75: position: individual 'Lord Aldo' stands inside the block of enemy unit 'Raiders' [7.8] (RULING R-314)"
run check "$DATA/deploy_errors_2e.yaml"
expect_code 2
expect_err_lines 4
expect_err "battlesim: error: $DATA/deploy_errors_2e.yaml:15:58: position: the block of unit 'Captain' overlaps the block of unit 'Spears' (line 14) by 0.75 inches: blocks may touch, never overlap [7.8] (RULING R-314)"
expect_err "battlesim: error: $DATA/deploy_errors_2e.yaml:16:70: position: the block of unit 'Edge guard' (x 23.50 to 26.50, y -1.00 to 0.50 inches) reaches past the table's edge (x 0 to 72, y 0 to 48) [2.1] (RULING R-314)"
expect_err "battlesim: error: $DATA/deploy_errors_2e.yaml:17:69: position: unit 'Marsh men' is deployed in water 'Blackmere': no 2E unit may enter water [2E Movement] (RULING R-220)"
expect_err "battlesim: error: $DATA/deploy_errors_2e.yaml:18:68: position: unit 'Riders' is deployed in woods 'Holt': cavalry may not enter woods [2E Movement] (RULING R-220)"
# every command that loads refuses them
for cmd in roster play sim; do
	run $cmd "$DATA/deploy_errors_2e.yaml"
	expect_code 2
	expect_err_lines 4
done
# the Basic Game has no terrain rules (RULING R-309): the lake and the wood
# are warnings there; the overlap, the edge and the figure stay errors
f=$(mktemp --suffix=.yaml)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
sed 's/^level: intermediate$/level: basic/' "$DATA/deploy_errors_1e.yaml" >"$f"
run check "$f"
expect_code 2
expect_err_lines 3
expect_err "battlesim: error: $f:18:81: position: the block of unit 'Bills' overlaps"
expect_err "battlesim: error: $f:19:73: position: the block of unit 'Edge guard'"
expect_err "battlesim: error: $f:23:75: position: individual 'Lord Aldo' stands inside"
printf '%s' "$ERR" | grep -q "Marsh men" && { echo "basic: the lake is no error"; exit 1; }
# touching is allowed; [3.4] closer than two moves is a warning
cat >"$f" <<'YAML'
name: close
sides:
  - name: South
    edge: south
    units:
      - {name: Men, figures: 8, creature: man-at-arms, position: [30, 10]}
  - name: North
    edge: north
    units:
      - {name: Orcs, figures: 8, creature: orc, position: [30, 10], facing: south}
YAML
run check "$f"
expect_code 0
expect_err "battlesim: warning: $f:6:66: position: unit 'Men' starts 0.0\" from enemy unit 'Orcs', not more than two full moves (2 x 12\" = 24\"): all forces should start more than two full moves away from their nearest opponent [3.4] (RULING R-136, R-315) (warning placement)"
run check --strict "$f"
expect_code 2
