# Issue 16, tests/data/magic_resist.yaml (the Advanced Game): resist fire
# [14.7] on the hero Bran standing alone (RULING R-735): a scripted touch
# by Cal, then the enemy Mage's fireball at him: +3 to his saving throw
# (a term of its derivation) and the hit points he takes halved, in the
# text log and in JSON (`resisted`); Cal beside him, not warded, takes
# all. No warning (resist fire is played).
S="$DATA/magic_resist.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
run play "$S" --seed 4 --rounds 2
expect_code 0
expect_out "resist fire on Bran: 1 creature, 1 figure struck: 1 enchanted for 50 Game Rounds [14.7] RULING R-615; reason: friends half damage and +3 to saves against fire (RULING R-735)"
expect_out "fireball on Bran: 36 hp rolled, save d20 = 9, needs 11 (save 11 = fighter level 5 14 -3 resist fire (+3 to saves against fire) [3.2]) -> failed: 18 hp taken (halved: he resists it, RULING R-735), 42 left [14.5 A] [14.3]"
expect_out "fireball on Cal: 21 hp rolled, save d20 = 13, needs 14 (save 14 = cleric level 5 [3.2]) -> failed: 21 hp taken, 9 left [14.5 A] [14.3]"
run play "$S" --seed 4 --rounds 2 --log jsonl
expect_code 0
expect_out '"hp_taken":18,"hp_left":42,"killed":false,"resisted":true'
