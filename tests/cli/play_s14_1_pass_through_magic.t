# Issue 16 [14.0] [14.1] [10.6] RULING R-335 .. R-339,
# tests/data/magic_pass_through.yaml: Zanzibar's scripted fireball as
# pass-through fire 3" into the Raiders' move (`cast:` with `phase:
# pass_through`, `mover:`, `after:`), the area where the moment has them,
# the losses at once; his step-A cast after it refused (one spell a
# round, R-336); the JSON cast event says pass-through (docs/EVENTS.md);
# the doctrine casts at the nearest moment when the mover will get out of
# range (R-339); a bad phase is a located error.
top=$(cd "$DATA/../.." && pwd)
S="$DATA/magic_pass_through.yaml"
run check "$S"
expect_code 0
run play "$S" --seed 1 --rounds 1
expect_code 0
expect_out "Raiders: pass-through fire: 3.0\" into its move [10.6] RULING R-477"
expect_out "Zanzibar casts fireball (spell level 3, caster level 6) at Raiders: range 14.3\" of 16\"; circle radius 1.00\" at (46.0, 46.2); 6 HD per creature; 0 left of it, 1 spell in all; pass-through, 3\" into Raiders's move [14.1] [14.2] [14.4]"
expect_out "fireball on Raiders: 8 figures in the area"
expect_out "Zanzibar: order rejected: he has cast a spell this Game Round (one AD&D melee round) [14.1]"
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed 1 --rounds 1 --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
grep -q '"type":"cast".*"phase":"movement".*"step":"cast".*"pass_through":true,"moved":3,"mover_side":1,"mover_unit":0' "$f" || { echo "no pass-through cast in the JSON"; grep '"cast"' "$f" | head -2; exit 1; }
expect_keys_documented "$f" "$top/docs/EVENTS.md"
# the doctrine: the same battle, South to the doctrine, the Raiders march
# away out of his range: he casts at their first moment (R-339)
X=$(mktemp)
sed -e '/individual: Zanzibar, cast/d' -e '/unit: Guards, order: hold/d' \
    -e '0,/controller: scripted/s//controller: doctrine/' "$S" >"$X"
run play "$X" --seed 1 --rounds 1
expect_code 0
expect_out "pass-through, 0\" into Raiders's move [14.1] [14.2] [14.4]; reason: pass-through magic: the mover will stand out of his range, at the nearest moment (RULING R-339)"
expect_out "Zanzibar: stays: cast as pass-through fire this round: he stays [14.1] (RULING R-336)"
# a pass-through cast of the wrong phase is a located error
sed 's/phase: pass_through/phase: artillery/' "$S" >"$X"
run check "$X"
expect_code 2
expect_err "phase: a spell is cast in the Missile and Magic Phase (missile) or as pass-through fire"
sed 's/, phase: pass_through, mover: Raiders, after: 3//; s/target: Boss}/target: Boss, mover: Raiders}/' "$S" >"$X"
run check "$X"
rm -f "$X"
expect_code 2
expect_err "mover: not a key of a cast but pass_through"
