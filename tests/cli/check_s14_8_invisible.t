# Issue 16 [14.8], tests/data/magic_invisible.yaml: invisibility and
# improved invisibility are played (RULING R-632), invisibility 10'
# radius and mass invisibility too (on units, RULING R-341); invisibility
# to animals is not, and is the `spells` warning (RULING R-636): one
# warning, Moss's; Zanzibar and Illo have none.
S="$DATA/magic_invisible.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 1 ] || { echo "want 1 warning, got $n"; _show; exit 1; }
expect_err "class: druid 5 of 'Moss' (not cast: invisibility to animals)"
if printf '%s\n' "$ERR" | grep -q "Illo\|Zanzibar"; then
	echo "their spells are played: no warning for Illo or Zanzibar"; _show; exit 1
fi
run play "$S" --seed 1 --rounds 2
expect_code 0
# a scripted cast at himself and at a friend (RULING R-632: the order may
# name his own side's individual for an invisibility): Zanzibar makes
# himself invisible in round 1, Illo, 4" away, is not touched: REJECTED
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
sed 's/^    individuals:$/    orders:\n      - {round: 1, individual: Zanzibar, cast: invisibility, target: Zanzibar}\n      - {round: 1, individual: Illo, cast: improved invisibility, target: Zanzibar}\n    individuals:/' "$S" >"$f"
grep -q 'target: Zanzibar' "$f" || { echo "sed"; exit 1; }
run play "$f" --seed 1 --rounds 1
expect_code 0
expect_out "Zanzibar casts invisibility"
expect_out "1 invisible (Invisible marker)"
printf '%s\n' "$OUT" | grep -q "Illo: order rejected" || { echo "Illo, 4\" away, does not touch him: REJECTED"; _show; exit 1; }
# an enemy is no target of his invisibility, and a typo is still an error
sed 's/target: Zanzibar}/target: Zanzibr}/' "$f" >"$f.2"
run check "$f.2"
rm -f "$f.2"
expect_code 2
