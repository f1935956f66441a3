# Issue 16 [13.7] [14.1], tests/data/unit_breath.yaml (the Advanced Game):
# a unit of fire hounds (the scenario's own creature) breathes by a scripted
# unit's `cast:` entry (RULING R-645): one cone from the centre of its front
# (R-608), 32 hp = 8 HD per creature (7 HD x 4 1/2, R-607), the Raiders'
# figures partly in the cone wounded (R-576); the second breath of the round
# REJECTED. --log jsonl names the unit. The loader's errors: a breath the
# unit's creature does not have; a pass-through unit breath (R-637).
S="$DATA/unit_breath.yaml"
run check "$S"
expect_code 0
expect_err "(warning unit-breath)"
run play "$S" --seed 1 --rounds 1
expect_code 0
expect_out "Hounds breathes fire hound breath (32 hp) at Raiders: range 0\" of 0\"; cone 3.00\" x 1.00\" at (30.0, 68.5) toward 0; 8 HD per creature; 2 breaths left today [13.7] [14.2] [14.4]"
expect_out "fire hound breath on Raiders: 4 figures in the area (0 wholly), 8 HD per creature x 10 = 80 HD per whole figure, struck from the front: 0 removed, 4 wounded [14.5 A] [14.5 B] [14.3]"
expect_out "Hounds: order rejected: it has breathed, or tried to, this Game Round (one AD&D melee round) [14.1]"
run play "$S" --seed 1 --rounds 1 --log jsonl
expect_code 0
expect_out '"type":"cast","round":1,"phase":"missile_magic","side":0,"unit":0,"unit_name":"Hounds"'
expect_out '"breather_hp":32'
f=$(mktemp)
sed 's/cast: fire hound breath, target: Raiders}/cast: red dragon breath, target: Raiders}/' "$S" >"$f"
run check "$f"
expect_code 2
expect_err "cast: a unit casts only its creature's breath weapon [13.7]: 'fire hound breath' (RULING R-645)"
sed 's/cast: fire hound breath, target: Raiders}/cast: fire hound breath, target: Raiders, phase: pass_through}/' "$S" >"$f"
run check "$f"
expect_code 2
expect_err "phase: not a key of a unit's cast entry (its breath, in the Missile and Magic Phase: RULING R-645, R-637)"
rm -f "$f"
