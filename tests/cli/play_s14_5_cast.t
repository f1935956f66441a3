# Issue 16, tests/data/magic_fireball.yaml (the Advanced Game): a
# magic-user's scripted casts [1.5 A] [14.1]. No warning (he memorized
# only [14.5] spells that are played, R-574). Round 1: a fireball of 6 HD
# on the ten-ogre figures (the [14.5 B] example): HD per creature and per
# figure, the saving throw of the figure wholly in it, the figures
# removed and wounded at once; round 2: a lightning bolt from the Orcs'
# flank removes figures ([14.5 B] "from the side"). The log says what he
# has left after each cast [14.1]; --log jsonl carries the cast events,
# every key documented in docs/EVENTS.md; sim plays it.
top=$(cd "$DATA/../.." && pwd)
S="$DATA/magic_fireball.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
run play "$S" --seed 1 --rounds 2
expect_code 0
expect_out "Zanzibar casts fireball (spell level 3, caster level 6) at Ogres: range 6.9\" of 16\"; circle radius 1.00\" at (49.5, 66.5); 6 HD per creature; 0 left of it, 2 spells in all [14.1] [14.2] [14.4]"
expect_out "Zanzibar: spells left: lightning bolt 1, magic missile 1 [14.1]"
expect_out "fireball on Ogres: 6 figures in the area (1 wholly), 6 HD per creature x 10 = 60 HD per whole figure; 1 save (save 16 = spell as a fighter of 4+1 HD [14.3]) need 16 on the d20: d20 (11) -> 0 saved, 1 failed: 1 removed, 5 wounded [14.5 A] [14.5 B] [14.3]"
expect_out "Ogres loses 3 figures (2 by a second wound), 5 wounds placed -> 5 left, 1 wounded (a spell) [14.1] [14.5 B]"
expect_out "figure removed by magic"
expect_out "Zanzibar casts lightning bolt (spell level 3, caster level 6) at Orc spears"
expect_out "lightning bolt on Orc spears: 4 figures in the area (4 wholly), 6 HD per creature x 10 = 60 HD per whole figure, struck from the side: 4 removed, 0 wounded [14.5 A] [14.5 B] [14.3]"
expect_out "Zanzibar: spells left: magic missile 1 [14.1]"
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed 1 --rounds 2 --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
[ "$(grep -c '^{"type":"cast"' "$f")" = 4 ] || { echo "want 4 cast events"; exit 1; }
grep -q '"step":"unit".*"removed":4,"wounded":0,"strike":"side"' "$f" || { echo "no bolt from the side in the JSON"; exit 1; }
grep -q '^### cast$' "$top/docs/EVENTS.md" || { echo "cast not in docs/EVENTS.md"; exit 1; }
expect_keys_documented "$f" "$top/docs/EVENTS.md"
# the same battle twice: the same bytes
g=$(mktemp)
"$BS" play "$S" --seed 1 --rounds 2 --log jsonl >"$g" 2>/dev/null
cmp -s "$f" "$g" || { rm -f "$g"; echo "not deterministic"; exit 1; }
rm -f "$g"
# a cast of a spell he has not memorized is an error at load, located
X=$(mktemp)
sed 's/cast: lightning bolt/cast: cone of cold/' "$S" >"$X"
run check "$X"
rm -f "$X"
expect_code 2
expect_err "cast: 'Zanzibar' has not memorized 'cone of cold'"
run sim "$S" --runs 20 --seed 1
expect_code 0
