# Issue 14's acceptance scenario (data/scenarios/battle-of-the-borderlands.yaml,
# shipped and built in):
# archers, slingers, a light catapult, woods, a hill, a stream and a wall at
# `level: intermediate`. It gives no warning: units and the heroes and
# commanders on the table away from a unit pay the terrain (RULINGS
# R-444 .. R-455), missiles and artillery are played. One seeded play
# (seed 1; seed 7 until the doctrine shot lone heroes, RULING R-672;
# seed 15 until the Keep archers stepped up to the Keep wall, RULING R-600, instead of walking out over it; seed 2 until the doctrine
# took the way around the stream, RULING R-465) shows initial,
# pass-through and phase fire and the catapult's step C with Table 13 terms
# (the woods' edge and cover:
# tests/rules/t_r10_missiles.c s11_9_*, s10_8_t13_*); sim gives the odds
# with the doctrine AI on both sides.
top=$(cd "$DATA/../.." && pwd)
F="$top/data/scenarios/battle-of-the-borderlands.yaml"
run check --strict "$F"
expect_code 0
expect_out "battle-of-the-borderlands.yaml: ok: 2 sides, 8 units, 9 individuals"
[ -z "$ERR" ] || { echo "a warning: $ERR"; exit 1; }
run check --strict --builtin battle-of-the-borderlands
expect_code 0
[ -z "$ERR" ] || { echo "a warning: $ERR"; exit 1; }

run play "$F" --seed 1
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
run play "$F" --seed 1 --log jsonl
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
