# [7.14] break-through (RULING R-174): the brutes' least damage kills every
# figure of the first weaklings, who are removed; the charge goes on with
# the movement left, breaks through the second line too, and then, having
# met no other enemy, suffers the penalty of a charge that fails to reach.
run play "$DATA/break_through.yaml" --seed 1
expect_code 0
expect_out "Brute line charge: 10\" (MV used 10\" of 18\")"
expect_out "First weaklings removed from play: broken through by a charge [7.14]"
expect_out "Brute line charge: 3\" (MV used 3\" of 8\")"
expect_out "Second weaklings removed from play: broken through by a charge [7.14]"
expect_out "Brute line: the charge did not reach an enemy [7.14]"
# the same charge against a stronger first line does not break through
sed 's/creature: weakling,$/creature: brute,/' "$DATA/break_through.yaml" > "$_o.yaml"
grep -q 'creature: brute,' "$_o.yaml" || { echo "sed did not apply"; exit 1; }
run play "$_o.yaml" --seed 1
expect_code 0
case "$OUT" in *"broken through"*) echo "brutes broke through brutes"; exit 1;; esac
rm -f "$_o.yaml"
# Issue 12 item 10 (R-174 revised): only the figures in the charger's path
# are removed; the least-damage computation is logged.
run play "$DATA/break_through_path.yaml" --seed 1
expect_code 0
expect_out "Brute column: break-through test: the least damage of 1 figure, AR 2 - AC 10 + 12 (the worst 2d6) = 4: 51 HD; 8 figures in its path x 5 HD = 40 HD: breaks through (Weaklings) [7.14] RULING R-174"
expect_out "Weaklings loses 8 figures, 0 wounds placed -> 12 left, 0 wounded (broken through by a charge) [8.7]"
case "$OUT" in *"Weaklings removed from play"*) echo "the whole unit was removed"; exit 1;; esac
