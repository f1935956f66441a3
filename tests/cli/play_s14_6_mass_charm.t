# Issue 16, tests/data/magic_mass_charm.yaml (the Advanced Game): a
# scripted mass charm [14.6 A] at the North's Spearmen (r14_charm.c).
# No `spells` warning (mass charm is played). Round 1: each of the 2
# figures of its area saves (19 needed), 1 fails and passes into the
# South's detachment "Spearmen (charmed part)" beside the Spearmen,
# commanded by the caster with the spell's range as Command Radius
# (RULING R-462, R-463); the split unit fights itself in the Melee
# Phase; the detachment's losses are the North's in the summary. --log
# jsonl carries the effect, every key documented; no unused slot is in
# the log or the summary.
top=$(cd "$DATA/../.." && pwd)
S="$DATA/magic_mass_charm.yaml"
run check "$S"
expect_code 0
case "$ERR" in *"warning spells"*) echo "mass charm still warned: $ERR"; exit 1;; esac
run play "$S" --seed 1 --rounds 4
expect_code 0
expect_out "mass charm on Spearmen: 2 figures struck; 2 saves (save 17 = spell as a fighter of 1 HD [14.3]) need 19 on the d20: 2d20 (11+19) -> 1 saved, 1 failed: 1 charmed (Charm marker) [14.6 A] [14.3] RULING R-463; reason: 1 figure under South's control for the battle: Spearmen (charmed part), commanded by Zanzibar (Command Radius 8.0\", the spell's range) (RULING R-463)"
expect_out "Spearmen (charmed part) attacks Spearmen (flank): 1 figure"
expect_out "Spearmen attacks Spearmen (charmed part) (flank): 1 figure"
expect_out "Spearmen (charmed part)      1     1        0     0  destroyed"
expect_out "Losses: 0 of 8 figures killed (0.0%); 1 of 2 units in play"
expect_out "Losses: 2 of 12 figures killed (16.7%); 2 of 2 units in play"
case "$OUT" in *"Reserve (charmed part)"*) echo "an unused slot is shown"; exit 1;; esac
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed 1 --rounds 4 --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
grep -q '"effect":"mass-charm","marker":"Charm","affected":1' "$f" || { echo "no mass charm in the JSON"; exit 1; }
if grep -q 'Reserve (charmed part)' "$f"; then echo "an unused slot in the JSON"; exit 1; fi
expect_keys_documented "$f" "$top/docs/EVENTS.md"
# the same battle twice: the same bytes
g=$(mktemp)
"$BS" play "$S" --seed 1 --rounds 4 --log jsonl >"$g" 2>/dev/null
cmp -s "$f" "$g" || { rm -f "$g"; echo "not deterministic"; exit 1; }
rm -f "$g"
# the simulator counts the detachment with the unit it split from (RULING
# R-463): no slot in its table, the same counts at 1 and 2 threads
run sim "$S" --runs 30 --threads 1
expect_code 0
case "$OUT" in *"charmed part"*|*" (0) "*) echo "a slot in the sim's table: $OUT"; exit 1;; esac
expect_out "Spearmen (6)"
one=$OUT
run sim "$S" --runs 30 --threads 2
[ "$OUT" = "$one" ] || { echo "sim differs by threads"; exit 1; }
# RULING R-462: at most 64 units a side with its slots (the engine's tables
# a side are that long): the South with 63 units of its own has one slot,
# the Spearmen's (the first enemy unit), and the battle plays, the
# doctrine casting the mass charm
big=$(mktemp)
awk '{print} /^        position: \[10, 10\]$/ && !done {for (i = 0; i < 62; i++) printf "      - name: Band %d\n        figures: 4\n        creature: man-at-arms\n        weapons: [spear]\n        position: [%.1f, %d]\n", i, 2 + (i % 30) * 2.3, 2 + int(i / 30) * 3; done = 1}' "$S" | grep -v 'orders:\|cast: mass charm' >"$big"
run check "$big"
expect_code 0
expect_out "ok: 2 sides, 65 units"
run play "$big" --seed 1 --rounds 3
rm -f "$big"
expect_code 0
expect_out "under South's control for the battle: Spearmen (charmed part)"
