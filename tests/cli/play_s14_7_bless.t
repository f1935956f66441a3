# Issue 16, tests/data/magic_bless.yaml (the Advanced Game): a scripted
# bless [14.7] at one figure of the caster's own unit (r14_bonus.c): the
# figure wholly in its area is enchanted (RULING R-685), a Magic marker on
# it, +1 to hit and morale, for 6 Game Rounds (R-620); the expiry in the
# log. No warning (bless is played).
S="$DATA/magic_bless.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
run play "$S" --seed 4 --rounds 7
expect_code 0
expect_out "bless on Guards: 4 figures struck: 1 enchanted (Magic marker) for 6 Game Rounds [14.7] RULING R-685; reason: friends +1 to hit, +1 morale; the enchanted figures fight apart (RULING R-686)"
expect_out "bless on Guards ends after 6 Game Rounds: 1 free (Magic marker removed) [1.7] [14.7] [14.2] RULING R-620"
# RULING R-685: a bonus goes where it does something: bless (friends
# only) at the enemy is REJECTED, nothing spent
f=$(mktemp)
sed 's/cast: bless, target: Guards, at: \[29.375, 29.625\]/cast: bless, target: Orcs/' "$S" >"$f"
run play "$f" --seed 4 --rounds 1
expect_code 0
expect_out "it does nothing to enemies [14.7]"
rm -f "$f"
