# [10.6] RULING R-674, R-697: a scripted side's pass-through entry names an
# enemy individual standing alone as its `mover:` and fires at his own move
# (tests/data/pass_through_hero_scripted.yaml): the Bowmen shoot at Ulfgar
# at the first moment 4" into his run, one figure at a size M hero, 4 hp a
# HD (R-670), and he goes on; without the entry his move is one piece per
# leg and nobody shoots at him; a misspelt mover is an error with a
# suggestion among the enemy units and individuals, an own-side one too.
F="$DATA/pass_through_hero_scripted.yaml"
run play "$F" --seed 5 --rounds 1
expect_code 0
expect_out 'Ulfgar: pass-through fire at him: 4.0" along his move [10.6] [9.4] RULING R-674'
expect_out 'Bowmen shoots at Ulfgar with 1 figure (pass-through, long range 20.7"): AR 26 = 21 +5 long range [10.8 T13]; AR 26 - AC 4 + 2d6 (2+2) = 26 on D6: 1 HD x 4 = 4 hp [10.6] [9.4 A] [10.0] RULING R-670'
expect_out 'Ulfgar loses 4 hp -> 2 of 6 hp: wounded by missile fire [9.4 A] [10.0] RULING R-670'
expect_out 'Ulfgar move: 1" (MV used 5" of 12"), (20, 26) facing 90 -> (21, 26) facing 90'

bad=$(mktemp)
grep -v 'mover: Ulfgar' "$F" >"$bad"
run play "$bad" --seed 5 --rounds 1
expect_code 0
printf '%s' "$OUT" | grep -qF 'pass-through fire at him' && { echo "fired without the entry"; rm -f "$bad"; exit 1; }
printf '%s' "$OUT" | grep -qF 'Bowmen shoots at Ulfgar' && { echo "shot without the entry"; rm -f "$bad"; exit 1; }

sed 's/mover: Ulfgar,/mover: Ulfgr,/' "$F" >"$bad"
run check "$bad"
expect_code 2
expect_err "$bad:28:78: mover: unknown enemy unit or individual 'Ulfgr' (did you mean 'Ulfgar'?)"
expect_err_lines 1
sed 's/mover: Ulfgar,/mover: Wat,/' "$F" >"$bad"
run check "$bad"
rm -f "$bad"
expect_code 2
expect_err "$bad:28:78: mover: 'Wat' is of the order's own side; pass-through fire waits for an enemy's move [10.6]"
expect_err_lines 1
