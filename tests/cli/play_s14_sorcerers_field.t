# Issue 16's acceptance in the shipped Advanced Game scenario
# the-sorcerers-field (the doctrine AI on both sides): it checks clean with
# --strict (no warning), and the log of seed 128 shows: a fire ball from
# the wand of fire balls [14.20] (RULING R-681) at the ogres, HD per figure
# with each figure's saving throw [14.5 A] [14.5 B] [14.3]; a lightning
# bolt struck from the side, removing figures [14.5 B]; a hold [14.6 B]
# (entangle, R-655); a charm [14.6 A]; a cleric turning undead [14.19];
# the doctrine's mass invisibility on the Orc scouts [14.8] (RULING R-341,
# R-703) and Father Odo's true seeing finding them, an invisible unit
# found (RULING R-702, R-703); Cinderwing, a red dragon kept on the ground
# (`grounded: true`, RULING R-557), whose awe shakes the units near her
# [13.6] and who breathes fire [13.7] half-way along a move (split-fire
# [10.5], RULING R-637, R-558), the figures in the cone struck.
# When a change of the rules or of the AI moves this battle, pick the new
# seed that shows them all (the loop in the comment of the commit that
# added this test) and say why in that commit.
top=$(cd "$DATA/../.." && pwd)
S="$top/data/scenarios/the-sorcerers-field.yaml"
run check --strict "$S"
expect_code 0
expect_out "the-sorcerers-field.yaml: ok: 2 sides, 10 units, 15 individuals"
run play "$S" --seed 128
expect_code 0
has() {
	printf '%s\n' "$OUT" | grep -q "$1" || { echo "seed 128: no line matching: $1"; exit 1; }
}
has '^    wand of fire balls on Ogres of the Crag: .* HD per whole figure; .* saves (save .*) need .* on the d20: .* saved, .* failed: .* removed'
has '^    lightning bolt on .*, struck from the side: [1-9][0-9]* removed'
has 'held (Immobilized marker) for .* Game Rounds \[14.6 B\]'
has 'charmed (Charm marker) for .* Game Rounds \[14.6 A\]'
has 'turns undead at .* \[14.19\] (DMG)'
has 'uses wand of fire balls (wand, caster level 6)'
has '^    mass invisibility on Orc scouts: 4 figures struck: 4 invisible (Invisible marker) \[14.8\] RULING R-341'
has 'casts true seeing .*reason: an invisible enemy in the area .*(RULING R-703, R-702)'
has '^  Father Odo: found: an invisible unit within the sight of his true seeing; .* (Orc scouts) \[14.8\] RULING R-702'
has 'Cinderwing breathes red dragon breath .*split-fire, .* into his move'
has '^    red dragon breath on .*: [1-9][0-9]* figures in the area'
has 'within 12" of Cinderwing (red dragon), who causes awe or fear'
