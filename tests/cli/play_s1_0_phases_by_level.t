# [1.0] the Sequence of Play by level, as the program shows it: a basic
# scenario's rounds have the five phases of the Basic Game, an advanced
# one's the seven of [1.0] in order, in the text log, in JSON Lines and on
# the battle map (whose title map names every 1E phase). RULING R-138.
d=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$d"' EXIT
run play "$DATA/good.yaml" --seed 3 --rounds 1
expect_code 0
printf '%s\n' "$OUT" | grep '^-- ' >"$d/adv.txt"
cat >"$d/want7.txt" <<'W'
-- Initiative Phase [1.1] [5.1] --
-- Initial Missile Phase [1.2] --
-- Rally Phase [1.3] [6.0] --
-- Movement Phase [1.4] [7.0] --
-- Missile and Magic Phase [1.5] --
-- Melee Phase [1.6] [8.0] --
-- End of Game Round Phase [1.7] --
W
diff -u "$d/want7.txt" "$d/adv.txt" || { echo "advanced: not the seven phases of [1.0]"; exit 1; }
run play --seed 3 --rounds 1
expect_code 0
printf '%s\n' "$OUT" | grep '^-- ' >"$d/basic.txt"
grep -v 'Missile' "$d/want7.txt" >"$d/want5.txt"
diff -u "$d/want5.txt" "$d/basic.txt" || { echo "basic: not the Basic Game's five phases"; exit 1; }
run play "$DATA/good.yaml" --seed 3 --rounds 1 --log jsonl
expect_code 0
got=$(printf '%s\n' "$OUT" | grep '"type":"phase"' | sed 's/.*"phase":"\([a-z_]*\)".*/\1/' | tr '\n' ' ')
[ "$got" = "initiative initial_missile rally movement missile_magic melee end " ] ||
	{ echo "jsonl phases: $got"; exit 1; }
run play "$DATA/good.yaml" --seed 3 --rounds 1 --quiet --html "$d/m.html"
expect_code 0
for p in initial_missile missile_magic; do
	grep -q "\"phase\":\"$p\"" "$d/m.html" || { echo "map: no $p events"; exit 1; }
done
grep -q "initial_missile: 'Initial missile'" "$d/m.html" || { echo "map: no title for initial_missile"; exit 1; }
grep -q "missile_magic: 'Missile and magic'" "$d/m.html" || { echo "map: no title for missile_magic"; exit 1; }
