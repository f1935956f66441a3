# Issue 16 [14.8], tests/data/magic_seeing.yaml: detect invisibility and
# true seeing (RULING R-702): no `spells` warning; scripted casts on the
# casters themselves; Nedda's path finds the invisible Guards at once (a
# note by her at them), Cleon's true seeing, far off, finds nothing; found,
# the Band's volley at the Guards is shot (not REJECTED), their AC 4
# better.
S="$DATA/magic_seeing.yaml"
run check "$S"
expect_code 0
if printf '%s\n' "$ERR" | grep -q "(warning spells)"; then
	echo "both spells are played: no spells warning"; _show; exit 1
fi
run play "$S" --seed 1 --rounds 2
expect_code 0
expect_out "Nedda casts detect invisibility (spell level 2, caster level 10) at Nedda: range 0\" of 0\"; line 3.33\" x 0.50\""
expect_out "detect invisibility on Nedda: 1 creature, 1 figure struck: 1 sees the invisible for 50 Game Rounds [14.8] RULING R-702"
expect_out "Nedda: found: an invisible unit in the path of his detect invisibility; it can be attacked, at -4 to its AC while it is invisible (RULING R-702) (Guards) [14.8] RULING R-702"
expect_out "true seeing on Cleon: 1 creature, 1 figure struck: 1 sees the invisible for 10 Game Rounds"
expect_out "Band fires at Guards (missile"
expect_out "+4 target invisible: AC 4 better"
if printf '%s\n' "$OUT" | grep -q "Cleon: found"; then
	echo "Cleon is 40\" away: he finds nothing"; _show; exit 1
fi
if printf '%s\n' "$OUT" | grep -q "Band: order rejected: it is invisible"; then
	echo "found: the Guards can be shot at"; _show; exit 1
fi
# the JSON: the effect see-invisible, the note at the Guards
run play "$S" --seed 1 --rounds 1 --log jsonl
expect_code 0
printf '%s\n' "$OUT" | grep '"type":"cast"' | grep '"step":"effect"' | grep -q '"effect":"see-invisible"' || { echo "the effect see-invisible in JSON"; _show; exit 1; }
printf '%s\n' "$OUT" | grep '"type":"note"' | grep '"target_unit":0' | grep -q 'R-702' || { echo "the note at the Guards in JSON"; _show; exit 1; }
