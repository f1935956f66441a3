# Issue 16 [14.8], tests/data/magic_invisible_units.yaml: invisibility 10'
# radius and mass invisibility on units, the no-referee form (RULING
# R-341..R-345): no `spells` warning; the casts make the Guards and the
# Pikes invisible in skirmish formation; a volley at the unseen Guards is
# REJECTED; the Pikes' volley ends theirs; contact finds the Guards, with
# their free melee attack, and the Band strikes them at AC 4 better.
S="$DATA/magic_invisible_units.yaml"
run check "$S"
expect_code 0
if printf '%s\n' "$ERR" | grep -q "(warning spells)"; then
	echo "both spells are played: no spells warning"; _show; exit 1
fi
run play "$S" --seed 1 --rounds 3
expect_code 0
expect_out "invisibility 10' radius on Guards: 4 figures struck: 4 invisible (Invisible marker) [14.8] RULING R-341, R-342, R-343"
expect_out "mass invisibility on Pikes: 4 figures struck: 4 invisible (Invisible marker)"
expect_out "Guards formation open -> skirmish: invisible figures must always operate in skirmish formation (RULING R-343)"
expect_out "Band: order rejected: it is invisible and not detected: it cannot be attacked (RULING R-343) [14.8] RULING R-343"
expect_out "mass invisibility on Pikes ends after 2 Game Rounds: 4 free (Invisible marker removed) [14.8] RULING R-345"
expect_out "Guards: detected: an invisible unit in base-to-base contact with an enemy figure"
expect_out "(the free attack of an invisible unit) [14.8] RULING R-344"
expect_out "+4 defender invisible: AC 4 better"
# the JSON events carry the unit's Invisible marker (the map draws it)
run play "$S" --seed 1 --rounds 3 --log jsonl
expect_code 0
printf '%s\n' "$OUT" | grep '"type":"cast"' | grep '"target_unit":0' | grep '"step":"effect"' | grep -q '"marker":"Invisible"' || { echo "the unit's Invisible marker in JSON"; _show; exit 1; }
