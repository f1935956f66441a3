# Issue 16, tests/data/magic_charm.yaml (the Advanced Game): a scripted
# cast of charm person [14.6 A] at the North's Spearmen (r14_charm.c). No
# `spells` warning (charm person is played; the units start close: the
# [3.4] placement warnings only). Round 1: the charm is at the unit's
# commander Bors, his save vs spell fails; 1d4 + his CB Game Rounds, the
# Charm marker (RULING R-690). In the South's Movement Phase the Spearmen
# turn their rear to the Guards (R-691) and make the Discipline Check of
# a unit open to attack on its rear; failed, its owner turns it back at no
# cost (R-692). The End of Game Round of its last round ends it, in the
# log; the unit is out of command the next round (R-693). --log jsonl
# carries the effect events, every key documented.
top=$(cd "$DATA/../.." && pwd)
S="$DATA/magic_charm.yaml"
run check "$S"
expect_code 0
case "$ERR" in *"warning spells"*) echo "charm person still warned: $ERR"; exit 1;; esac
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
p=$(printf '%s\n' "$ERR" | grep -c '(warning placement)$')
[ "$n" = "$p" ] || { echo "want placement warnings only: $ERR"; exit 1; }
run play "$S" --seed 1 --rounds 8
expect_code 0
expect_out "charm person on Bors: 1 creature, 1 figure struck; 1 save (save 17 = fighter level 2 [3.2]) need 17 on the d20: d20 (11) -> 0 saved, 1 failed: 1 charmed (Charm marker) for 5 Game Rounds [14.6 A] [14.3] RULING R-690; reason: 1d4 (4) + CB 1: he and his unit Spearmen are under South's control (RULING R-690)"
expect_out "Spearmen: charmed: the charming side turns its rear to its nearest unit (RULING R-691) [14.6 A]"
expect_out "Spearmen face: 6\" (MV used 6\" of 12\"), (40, 60) facing 180 -> (40, 60.8) facing 0 [7.9]"
expect_out "Spearmen: charmed: its rear is open to an enemy ground unit: a Discipline Check (RULING R-692) (Guards) [14.6 A]"
expect_out "Spearmen discipline: DL 9 [4.6 T6]; 2d10 (10+2) = 12 > 9: fails -> failed: its owner makes a facing change at no cost [14.6 A] [4.6] RULING R-692"
expect_out "Spearmen discipline: DL 9 [4.6 T6]; 2d10 (2+4) = 6 <= 9: passes -> it remains in place [14.6 A] [4.6] RULING R-692"
expect_out "charm person on Bors ends after 5 Game Rounds: 1 free (Charm marker removed) [1.7] [14.6 A] RULING R-693; reason: Spearmen figures out that its commander is acting strangely: out of command for the next Game Round (RULING R-693)"
expect_out "Spearmen out of command: its commander's charm ended: it figures out he is acting strangely [14.6 A] RULING R-693"
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed 1 --rounds 8 --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
grep -q '"step":"effect","effect":"charm","marker":"Charm","affected":1' "$f" || { echo "no charm in the JSON"; exit 1; }
grep -q '"step":"ends","effect":"charm","marker":"Charm","affected":1,"lasted":5' "$f" || { echo "no end of the charm in the JSON"; exit 1; }
expect_keys_documented "$f" "$top/docs/EVENTS.md"
# the same battle twice: the same bytes
g=$(mktemp)
"$BS" play "$S" --seed 1 --rounds 8 --log jsonl >"$g" 2>/dev/null
cmp -s "$f" "$g" || { rm -f "$g"; echo "not deterministic"; exit 1; }
rm -f "$g"
