# Issue 16, tests/data/magic_slow.yaml (the Advanced Game): [14.7] slow,
# "half movement and half attacks" (RULING R-617): a scripted slow at the
# Orcs (aimed at one figure's centre: 10 creatures, one whole figure, its
# save vs spell [14.3]) and one at the enemy hero Ulf standing alone (his
# own save, R-615); Ulf slowed strikes once in the three AD&D rounds of
# [9.4 B] individual combat (Bran, a 5th-level fighter, three times). No
# warning (slow is played).
S="$DATA/magic_slow.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
run play "$S" --seed 2 --rounds 1
expect_code 0
expect_out "slow on Orcs: 10 creatures, 1 figure struck; 1 save (save 17 = spell as a fighter of 1 HD [14.3]) need 17 on the d20: d20 (1) -> 0 saved, 1 failed: 1 enchanted (Magic marker) for 13 Game Rounds [14.7] [14.3] RULING R-685, R-617; reason: enemies slowed: half attacks in melee, the unit at half MV (RULING R-617)"
expect_out "slow on Ulf: 10 creatures, 1 figure struck; 1 save (save 14 = fighter level 5 [3.2]) need 14 on the d20: d20 (11) -> 0 saved, 1 failed: 1 enchanted for 13 Game Rounds [14.7] [14.3] RULING R-615, R-617; reason: enemies slowed: half attacks and half MV (RULING R-617)"
expect_out "Ulf: slowed: his attacks halved [14.7] [9.4 B] RULING R-617"
n=$(printf '%s\n' "$OUT" | grep -c 'Ulf (melee round [0-9]) strikes')
[ "$n" = 1 ] || { echo "want Ulf to strike once, got $n"; _show; exit 1; }
n=$(printf '%s\n' "$OUT" | grep -c 'Bran (melee round [0-9]) strikes')
[ "$n" = 3 ] || { echo "want Bran to strike three times, got $n"; _show; exit 1; }
# Ulf saves (a 19, seed 1): no effect
run play "$S" --seed 1 --rounds 1
expect_code 0
expect_out "slow on Ulf: 10 creatures, 1 figure struck; 1 save (save 14 = fighter level 5 [3.2]) need 14 on the d20: d20 (19) -> 1 saved, 0 failed: 0 enchanted [14.7] [14.3] RULING R-615, R-617; reason: no effect: he saved (RULING R-617 [14.3])"
