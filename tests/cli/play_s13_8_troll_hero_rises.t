# [13.8] [9.4] a troll hero killed rises again (RULING R-725 .. R-727): no
# warning race-ability for his regeneration; seed 1 shows him killed by a
# long sword, lying dead and rising two Game Rounds later (not counted
# killed at the end); seed 2 shows him held down by the fighter standing
# within 1" of him (counted killed).
run check "$DATA/s13_8_troll_hero.yaml"
expect_code 0
printf '%s' "$ERR" | grep -qF 'race-ability' && { echo "race-ability warned"; exit 1; }
run play "$DATA/s13_8_troll_hero.yaml" --seed 1
expect_code 0
expect_out "Grok is killed (-6 of 6 hp): killed in individual combat [9.4 B]"
expect_out "Grok: his race regenerates: he lies \"dead\" where he fell, to rise at the end of Game Round 5 [13.8] RULING R-725"
expect_out "Grok: his race regenerates: he rises and can move and fight, 3 hit points (of 6) [13.8] RULING R-727"
expect_out "Heroes and commanders: 1 of 2 killed, 0 captured [9.4] [9.1]"
run play "$DATA/s13_8_troll_hero.yaml" --seed 2
expect_code 0
expect_out "Grok: held down: an enemy figure within 1\" of him, he cannot regenerate [13.8] RULING R-726"
expect_out "Heroes and commanders: 2 of 2 killed, 0 captured [9.4] [9.1]"
printf '%s' "$OUT" | grep -qF 'RULING R-727' && { echo "rose though held down"; exit 1; }
# the Intermediate Game: not in force (warning race-ability-level), he
# stays dead
f=$(mktemp)
sed 's/^level: advanced/level: intermediate/' "$DATA/s13_8_troll_hero.yaml" >"$f"
run check "$f"
expect_err "race: 'troll' of 'Grok' regenerates: the special attacks and defences of creatures are not in force at this level"
run play "$f" --seed 1
expect_code 0
printf '%s' "$OUT" | grep -qF 'RULING R-72' && { echo "rising below the Advanced Game"; rm -f "$f"; exit 1; }
rm -f "$f"
