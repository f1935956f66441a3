# Issue 16, tests/data/magic_entangle.yaml (the Advanced Game): scripted
# casts of entangle and hold animal [14.6 B] and scare [14.9]
# (r14_effects.c). No warning (all three are played). Round 1: entangle's
# circle takes two figures of the men, each saves, those that fail are
# held a turn (RULING R-655); scare at the orc Grub standing alone, his own
# save, stunned for 3d4 Game Rounds (R-659); round 2: hold animal's 1-4
# animals become whole figures of the wolves (flag animal, R-654, R-621).
# The ends in the log; --log jsonl carries the effects, every key
# documented, the Immobilized marker of the stun.
top=$(cd "$DATA/../.." && pwd)
S="$DATA/magic_entangle.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
run play "$S" --seed 5 --rounds 12
expect_code 0
expect_out "entangle on Men: 2 figures struck; 2 saves (save 17 = spell as a fighter of 1 HD [14.3]) need 17 on the d20: 2d20 (6+6) -> 0 saved, 2 failed: 2 held (Immobilized marker) for 10 Game Rounds [14.6 B] [14.3] RULING R-655; reason: held fast by the plants for the duration (RULING R-655)"
expect_out "scare on Grub: 1 creature, 1 figure struck; 1 save (save 17 = as a fighter of 1 HD [3.2]) need 17 on the d20: d20 (2) -> 0 saved, 1 failed: 1 stunned (Immobilized marker) for 6 Game Rounds [14.9] [14.3] RULING R-658, R-659; reason: stunned: he neither moves, attacks, casts nor shoots for the duration (RULING R-659)"
expect_out "hold animal on Wolves: 3 creatures, 1 figure struck; 1 save (save 17 = spell as a fighter of 2+2 HD [14.3]) need 17 on the d20: d20 (3) -> 0 saved, 1 failed: 1 held (Immobilized marker) for 16 Game Rounds [14.6 B] [14.3] RULING R-654"
expect_out "scare on Grub ends after 6 Game Rounds: 1 free (Immobilized marker removed) [1.7] [14.2] RULING R-620"
expect_out "entangle on Men ends after 10 Game Rounds: 2 free (Immobilized marker removed) [1.7] [14.2] RULING R-620"
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed 5 --rounds 12 --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
grep -q '"step":"effect","effect":"stun","marker":"Immobilized","affected":1' "$f" || { echo "no stun in the JSON"; exit 1; }
grep -q '"step":"ends","effect":"hold","marker":"Immobilized","affected":2,"lasted":10' "$f" || { echo "no end of the entangle in the JSON"; exit 1; }
expect_keys_documented "$f" "$top/docs/EVENTS.md"
# the same battle twice: the same bytes
g=$(mktemp)
"$BS" play "$S" --seed 5 --rounds 12 --log jsonl >"$g" 2>/dev/null
cmp -s "$f" "$g" || { rm -f "$g"; echo "not deterministic"; exit 1; }
rm -f "$g"
