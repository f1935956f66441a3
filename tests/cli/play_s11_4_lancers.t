# [11.4] cavalry charges in play (tests/data/lancers_and_pikes.yaml): the
# lancers' charge takes -2 to AR with the closed-charge -1 (RULING R-531),
# the lance doubles and the horse's attacks add with the one roll [11.5];
# the next round neither; the text log and JSON Lines say so with cites.
run play "$DATA/lancers_and_pikes.yaml" --seed 1
expect_code 0
expect_out "Lancers attacks Foot (front): 3 figures, AR 17 = 21 -1 charging in closed formation -1 commander fighting -2 cavalry/chariot charge [8.3 T10]; AR 17 - AC 10 + 2d6 (4+6) = 17 on D6 doubled + D4 + D4 [11.4]: 14 HD x 3 = 42 HD -> 4 killed, 0 wounded [8.4] [8.7]"
expect_out "Lancers attacks Foot (front): 3 figures, AR 20 = 21 -1 commander fighting [8.3 T10]; AR 20 - AC 10 + 2d6 (4+4) = 18 on D6 + D4 + D4: 10 HD x 3 = 30 HD"
run play "$DATA/lancers_and_pikes.yaml" --seed 1 --log jsonl
expect_code 0
expect_out '{"amount":-2,"label":"cavalry/chariot charge","cite":"[11.4]"}'
expect_out '"column":"D6 doubled + D4 + D4 [11.4]"'
# the same riders with a riding spear of the lance's dice: -2, no doubling
sed 's/weapons: \[light lance, long sword\]/weapons: [riding spear]/' "$DATA/lancers_and_pikes.yaml" > "$_o.yaml"
cat >> "$_o.yaml" <<'YAML'
catalog:
  weapons:
    - {name: riding spear, damage: d6, damage_large: d8}
YAML
grep -q 'riding spear\]' "$_o.yaml" || { echo "sed did not apply"; exit 1; }
run play "$_o.yaml" --seed 1
expect_code 0
expect_out "Lancers attacks Foot (front): 3 figures, AR 17 = 21 -1 charging in closed formation -1 commander fighting -2 cavalry/chariot charge [8.3 T10]; AR 17 - AC 10 + 2d6 (4+6) = 17 on D6 + D4 + D4: "
rm -f "$_o.yaml"
