# Issue 14's acceptance scenario (tests/data/battle-of-the-borderlands.yaml):
# archers, slingers, a light catapult, woods, a hill, a stream and a wall at
# `level: intermediate`. Its only warnings are the terrain's: its movement
# costs for the heroes and commanders on the table away from a unit
# (RULING R-454, one per feature); units move and fight over it (issue 14
# part 4): no missile, artillery or higher-ground warning. One seeded
# play (seed 15; seed 2 until the doctrine took the way around the stream,
# RULING R-465: in that battle the only shot over the wall was at the keep's
# men-at-arms in round 7, which the new moves no longer give) shows initial, pass-through and phase fire and the
# catapult's step C with Table 13 terms (the woods' edge and cover:
# tests/rules/t_r10_missiles.c s11_9_*, s10_8_t13_*); sim gives the odds
# with the doctrine AI on both sides.
F="$DATA/battle-of-the-borderlands.yaml"
run check "$F"
expect_code 0
expect_out "battle-of-the-borderlands.yaml: ok: 2 sides, 8 units, 9 individuals; 4 warnings"
n=$(printf '%s\n' "$ERR" | grep -c '(warning terrain)$')
[ "$n" = 4 ] || { echo "want 4 terrain warnings, got $n: $ERR"; exit 1; }
if printf '%s\n' "$ERR" | grep -E '\(warning (missile|thrown|artillery|ammo|option-partly|higher-ground)[a-z-]*\)$'; then
	echo "a missile, artillery or higher-ground warning"; exit 1
fi

run play "$F" --seed 15
expect_code 0
# [1.2] [10.2] the Initial Missile Phase: two-shot bows only
expect_out "-- Initial Missile Phase [1.2] --"
expect_out "Keep archers fires at Broken Fang warriors (initial, range"
# [10.6] pass-through fire during the enemy's move, where the mover was
expect_out "into its move [10.6] RULING R-477"
expect_out "(pass-through, range"
# [1.5 B] phase fire, [1.5 C] the catapult, Table 13 terms with the wall
expect_out "[1.5 B] [8.4]"
expect_out "Watch hill catapult fires at"
expect_out "[1.5 C] [10.9] [8.4]"
expect_out "+4 target behind wall (Keep wall)"
# the same volleys as JSON Lines: the kind of fire and the terms
run play "$F" --seed 15 --log jsonl
expect_code 0
expect_out '"type":"volley"'
expect_out '"fire":"pass-through"'
expect_out '"label":"target behind wall (Keep wall)"'

# the odds with the doctrine AI on both sides; the same for 1 and 2 threads
run sim "$F" --runs 20 --seed 3 --threads 1
expect_code 0
expect_out "Battle of the Borderlands: 20 battles, seed 3"
expect_out "Broken Fang warband wins"
expect_out "Border keep muster wins"
one=$OUT
run sim "$F" --runs 20 --seed 3 --threads 2
[ "$OUT" = "$one" ] || { echo "sim differs with 2 threads"; exit 1; }
