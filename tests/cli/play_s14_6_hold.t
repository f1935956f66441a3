# Issue 16, tests/data/magic_hold.yaml (the Advanced Game): scripted casts
# of a hold [14.6 B] and a fear [14.9] (r14_effects.c). No warning (hold
# person and fear are played). Round 1: hold person's 1-4 persons at
# figures of two men become whole figures (RULING R-621), the figure
# saves or is held, with the Immobilized marker, for 10 Game Rounds (1 a
# level, RULING R-620); the End of Game Round of the 10th ends it, in the
# log; round 11: a fear from his hand, a figure that fails routs the orcs
# (R-625). --log jsonl carries the effect events, every key documented.
top=$(cd "$DATA/../.." && pwd)
S="$DATA/magic_hold.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
run play "$S" --seed 4 --rounds 12
expect_code 0
expect_out "hold person on Men: 2 creatures, 1 figure struck; 1 save (save 17 = spell as a fighter of 1 HD [14.3]) need 17 on the d20: d20 (9) -> 0 saved, 1 failed: 1 held (Immobilized marker) for 10 Game Rounds [14.6 B] [14.3]"
expect_out "hold person on Men ends after 10 Game Rounds: 1 free (Immobilized marker removed) [1.7] [14.2] RULING R-620"
expect_out "fear on Orc spears: 1 figure struck; 1 save (save 17 = spell as a fighter of 1 HD [14.3]) need 17 on the d20: d20 (15) -> 0 saved, 1 failed [14.9] [14.3]; reason: a figure failed: the unit routs (RULING R-625)"
expect_out "Orc spears routs from a fear spell [14.9]"
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed 4 --rounds 12 --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
grep -q '"step":"effect","effect":"hold","marker":"Immobilized","affected":1' "$f" || { echo "no hold in the JSON"; exit 1; }
grep -q '"step":"ends","effect":"hold","marker":"Immobilized","affected":1,"lasted":10' "$f" || { echo "no end of the hold in the JSON"; exit 1; }
expect_keys_documented "$f" "$top/docs/EVENTS.md"
# the same battle twice: the same bytes
g=$(mktemp)
"$BS" play "$S" --seed 4 --rounds 12 --log jsonl >"$g" 2>/dev/null
cmp -s "$f" "$g" || { rm -f "$g"; echo "not deterministic"; exit 1; }
rm -f "$g"
