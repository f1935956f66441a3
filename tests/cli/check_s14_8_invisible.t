# Issue 16 [14.8], tests/data/magic_invisible.yaml: invisibility and
# improved invisibility are played (RULING R-632); invisibility 10'
# radius, mass invisibility and invisibility to animals are not, and are
# the `spells` warning (RULING R-636): two warnings, naming those three
# only; Illo (improved invisibility only) has none.
S="$DATA/magic_invisible.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 2 ] || { echo "want 2 warnings, got $n"; _show; exit 1; }
expect_err "class: magic-user 14 of 'Zanzibar' (not cast: invisibility 10' radius, mass invisibility)"
expect_err "class: druid 5 of 'Moss' (not cast: invisibility to animals)"
if printf '%s\n' "$ERR" | grep -q "Illo"; then
	echo "improved invisibility is played: no warning for Illo"; _show; exit 1
fi
run play "$S" --seed 1 --rounds 2
expect_code 0
