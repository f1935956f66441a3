# Scripted volleys (tests/data/scripted_fire.yaml; docs/SCENARIO-FORMAT.md,
# "A volley"): an initial volley [1.2], pass-through fire 4" into the
# enemy's move [10.6], a catapult's special ammunition in step C [10.11];
# and the loader's errors on fire entries, each at FILE:LINE:COL.
F="$DATA/scripted_fire.yaml"
run play "$F" --seed 1 --rounds 1
expect_code 0
expect_out "Bowmen fires at Orcs (initial, range 20\" long): 12 figures, AR 26 = 21 +5 long range [10.8 T13]"
expect_out "Orcs: pass-through fire: 4.0\" into its move [10.6] RULING R-477"
expect_out "Bowmen fires at Orcs (pass-through, range 16\" long)"
expect_out "Orcs at (38.0, 26.0) facing 180, 4\" into its move [10.6] [8.4]"
expect_out "Catapult fires at Orcs (artillery, range 22.1\" medium)"
expect_out "on 3 x D6 (fire pots)"
expect_out "1 volley left [1.5 C] [10.9]"

bad=$(mktemp)
sed 's/target: Orcs, phase: initial}/target: Orks, phase: initial}/
s/phase: pass_through, after: 4}/phase: pass_thru, after: 4}/
s/target: Orcs, ammo: fire pots}/target: Orcs, ammo: fire pot, after: 2}/' "$F" >"$bad"
run check "$bad"
rm -f "$bad"
expect_code 2
expect_err "$bad:34:42: target: unknown enemy unit or individual 'Orks' (did you mean 'Orcs'?)"
expect_err "$bad:35:55: phase: unknown value 'pass_thru' (did you mean 'pass_through'?)"
expect_err "$bad:36:56: ammo: 'Catapult' has no special ammunition 'fire pot' [10.11]"
expect_err "$bad:36:73: after: not a key of a fire entry but pass_through"
expect_err_lines 4
