# Issue 16, tests/data/magic_bonus_hero.yaml (the Advanced Game): [14.7]
# "A bonus or penalty spell used on a figure representing a single
# individual works according to normal AD&D game rules" (RULING R-615):
# a scripted haste at the lone hero Bran doubles his attacks in [9.4 B]
# individual combat; a scripted prayer reaching Bran, Cal and the enemy
# hero Ulf (all standing alone wholly in its area) puts +1 / -1 in the
# number each needs on the d20. No warning (both are played).
S="$DATA/magic_bonus_hero.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
run play "$S" --seed 4 --rounds 1
expect_code 0
expect_out "haste on Bran: 10 creatures, 1 figure struck: 1 enchanted for 13 Game Rounds [14.7] RULING R-615; reason: friends hasted: double attacks, or a double move (RULING R-615, R-619)"
expect_out "prayer on Ulf: 1 figure struck: 1 enchanted for 5 Game Rounds [14.7] RULING R-615; reason: enemies -1 to hit, -1 saving throws"
expect_out "Bran: hasted: his attacks doubled [14.7] [9.4 B] RULING R-615"
expect_out "Bran (melee round 1, attack 2) strikes at Ulf with long sword: d20 = 2, needs 11 = THAC0 16 - AC 4 = 12 -1 prayer (+1 to hit) -> miss [9.4 B]"
expect_out "Ulf (melee round 1) strikes at Bran with long sword: d20 = 12, needs 13 = THAC0 16 - AC 4 = 12 +1 prayer (-1 to hit) -> miss [9.4 B]"
# the expiry at him: prayer lasts 5 Game Rounds (1/level)
run play "$S" --seed 4 --rounds 5
expect_code 0
expect_out "prayer on Bran ends after 5 Game Rounds: 1 free [1.7] [14.7] [14.2] RULING R-620"
# a friends-only bonus at the enemy hero does nothing: REJECTED
f=$(mktemp)
sed 's/cast: haste, target: Bran/cast: haste, target: Ulf/' "$S" >"$f"
run play "$f" --seed 4 --rounds 1
expect_code 0
expect_out "it does nothing to enemies [14.7]"
rm -f "$f"
