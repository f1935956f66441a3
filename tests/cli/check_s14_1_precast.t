# Issue 16 [14.1], tests/data/magic_precast.yaml: spells pre-cast before
# the battle (RULING R-707 .. R-709): checked clean; the opening logs each
# pre-cast (the caster's 2 rounds deducted from bless and prayer, nothing
# from invisibility), the effects end on time (prayer after round 3, bless
# after round 4); the roster lists them; the JSON keys are documented; the
# mistakes of tests/data/magic_precast_errors.yaml are located errors; at
# the Intermediate Game the warning magic-level.
S="$DATA/magic_precast.yaml"
run check --strict "$S"
expect_code 0
[ -z "$ERR" ] || { echo "unexpected stderr: $ERR"; exit 1; }
run play "$S" --seed 1 --rounds 5
expect_code 0
expect_out "Cal pre-casts bless (caster level 5) on Guards before the battle (no range, sight or touch), 1 of 2: casting time 1 Game Round, 2 of pre-casting in all deducted: duration 6 - 2 = 4 Game Rounds left [14.1] RULING R-707, R-708"
expect_out "Cal pre-casts prayer (caster level 5) on Guards before the battle (no range, sight or touch), 2 of 2: casting time 1 Game Round, 2 of pre-casting in all deducted: duration 5 - 2 = 3 Game Rounds left"
expect_out "Zan pre-casts invisibility (caster level 5) on Zan before the battle (no range, sight or touch), 1 of 1: casting time 1 Game Round, 1 of pre-casting in all deducted: its duration is not in Game Rounds, nothing is taken from it"
expect_out "bless on Guards: 6 figures struck: 1 enchanted (Magic marker) for 4 Game Rounds"
expect_out "prayer on Guards ends after 3 Game Rounds"
expect_out "bless on Guards ends after 4 Game Rounds"
# the pre-casts come before round 1, and the ends in rounds 3 and 4
printf '%s\n' "$OUT" | awk '/pre-casts/ { if (r) bad = 1 } /=== Round 1 ===/ { r = 1 }
	/prayer on Guards ends/ { p = r3 } /=== Round 3 ===/ { r3 = 1 }
	END { exit bad || !p }' || { echo "the pre-casts before round 1, prayer's end in round 3"; _show; exit 1; }
if printf '%s\n' "$OUT" | grep -q "commands nothing"; then
	echo "a pre-cast takes no Game Round: Cal still commands"; _show; exit 1
fi
# the JSON: step precast, its keys documented
f=$(mktemp)
"$BS" play "$S" --seed 1 --rounds 1 --log jsonl >"$f" 2>/dev/null
grep '"step":"precast"' "$f" | grep -q '"deducted":2' || { echo "the precast step in JSON"; rm -f "$f"; exit 1; }
grep '"step":"precast"' "$f" | grep '"spell":"invisibility"' | grep -q '"duration":null' || { echo "invisibility not timed"; rm -f "$f"; exit 1; }
expect_keys_documented "$f" docs/EVENTS.md
rm -f "$f"
# the roster
run roster "$S"
expect_code 0
expect_out "Pre-cast [14.1]   bless on Guards (1 round), prayer on Guards (1 round); 2 Game Rounds deducted from each (RULING R-708)"
run roster "$S" --json
expect_code 0
printf '%s' "$OUT" | grep -q '"precast": *\[' || { echo "roster JSON precast"; _show; exit 1; }
# the mistakes: each a located error, nothing else
E="$DATA/magic_precast_errors.yaml"
run check "$E"
expect_code 2
expect_err_lines 5
expect_err "battlesim: error: $E:6:21: unknown key 'round' in precast (did you mean 'rounds'?)"
expect_err "battlesim: error: $E:19:27: spell: 'Cal' has not memorized the unknown spell 'blessing'"
expect_err "battlesim: error: $E:19:78: target: unknown unit or individual 'Gaurds' of side 'South' (did you mean 'Guards'?)"
expect_err "battlesim: error: $E:26:27: precast: 'magic missile' is not pre-cast: a spell of [14.5] strikes the enemy"
expect_err "battlesim: error: $E:26:87: target: 'invisibility' is cast on himself or an individual of his side"
# below the Advanced Game: the warning magic-level, nothing pre-cast
f=$(mktemp)
sed 's/^level: advanced/level: intermediate/' "$S" >"$f"
run check "$f"
expect_code 0
expect_err "precast: no spell is pre-cast"
expect_err "(warning magic-level)"
run play "$f" --seed 1 --rounds 1
rm -f "$f"
expect_code 0
if printf '%s\n' "$OUT" | grep -q "pre-casts"; then
	echo "no pre-cast below the Advanced Game"; _show; exit 1
fi
# the referee's session shows them in its opening, as play does (both
# sides the file's controllers, the program's dice: the same events)
T=$(mktemp -d)
cp "$S" "$T/p.yaml"
(cd "$T" && yes go | head -20 | "$BS" referee p.yaml --seed 1 --journal a.journal \
	--side 0=ai --side 1=ai --dice all=program --log jsonl --out ref.jsonl >/dev/null 2>&1 &&
	"$BS" play p.yaml --seed 1 --rounds 1 --log jsonl --out play.jsonl >/dev/null 2>&1)
a=$(grep -c '"step":"precast"' "$T/ref.jsonl")
b=$(grep -c '"step":"precast"' "$T/play.jsonl")
rm -rf "$T"
[ "$a" = 3 ] && [ "$b" = 3 ] || { echo "3 pre-casts in the referee's opening and in play: $a, $b"; exit 1; }
# below the Advanced Game the entries are checked all the same
f=$(mktemp)
sed 's/^level: advanced/level: intermediate/' "$DATA/magic_precast_errors.yaml" >"$f"
run check "$f"
rm -f "$f"
expect_code 2
expect_err_lines 5
