# Issue 16, tests/data/magic_sleep.yaml (the Advanced Game): a scripted
# cast of sleep [14.6 B] (r14_effects.c). No warning (sleep is played).
# Round 1: the PH's 4d4 creatures of up to 1 HD at figures of two men
# become whole figures of those the circle touches (RULING R-628), no
# saving throw, the Immobilized marker, 50 Game Rounds (5 a level); the
# unit's own awake figures in closed formation are friends in base contact:
# the End of Game Round of the cast and of round 2 wakes them (R-629).
# --log jsonl carries the effect events, every key documented.
top=$(cd "$DATA/../.." && pwd)
S="$DATA/magic_sleep.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
run play "$S" --seed 4 --rounds 3
expect_code 0
expect_out "sleep on Men: 7 creatures, 2 figures struck: 2 asleep (Immobilized marker) for 50 Game Rounds [14.6 B] RULING R-628"
expect_out "sleep on Men ends after 2 Game Rounds: 2 free (Immobilized marker removed) [1.7] [14.6 B] RULING R-629; reason: woken: a friend in base contact for a full Game Round (RULING R-629)"
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed 4 --rounds 3 --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
grep -q '"step":"effect","effect":"sleep","marker":"Immobilized","affected":2,"creatures":7' "$f" || { echo "no sleep in the JSON"; exit 1; }
grep -q '"step":"ends","effect":"sleep","marker":"Immobilized","affected":2,"lasted":2,"why":"woken' "$f" || { echo "no waking in the JSON"; exit 1; }
expect_keys_documented "$f" "$top/docs/EVENTS.md"
