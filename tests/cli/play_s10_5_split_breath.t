# [10.5] [13.7] RULING R-637, tests/data/split_breath.yaml: a lone red
# dragon's scripted move with `breathe: Raiders` stops half-way (4.5" of
# his 9"), breathes there (the cast's split_fire, with the HD per figure),
# then moves on into contact: two move events about the breath, the MV
# counted across both; no breath in step A after it [14.1]; no warning.
S="$DATA/split_breath.yaml"
run check --strict "$S"
expect_code 0
run play "$S" --seed 2 --rounds 1
expect_code 0
expect_out 'Scarlet move: 4.5" (MV used 4.5" of 9"), (50, 50) facing 0 -> (50, 54.5) facing 0'
expect_out 'split-fire, 4.5" into his move [13.7] [14.2] [14.4]; reason: the scenario'"'"'s order'
expect_out 'red dragon breath on Raiders: 2 figures in the area'
expect_out 'Scarlet move: 2.2" (MV used 6.7" of 9"), (50, 54.5) facing 0 -> (50, 56.7) facing 0'
expect_out 'Scarlet contacts Raiders (front)'
# the breath comes between the two legs of the move
printf '%s\n' "$OUT" | awk '/Scarlet move: 4.5/{a=NR} /split-fire, 4.5/{b=NR} /Scarlet move: 2.2/{c=NR} END{exit !(a && b > a && c > b)}' ||
	{ echo "the breath is not between the two parts of the move"; _show; exit 1; }
n=$(printf '%s\n' "$OUT" | grep -c 'Scarlet breathes')
[ "$n" = 1 ] || { echo "one breath a Game Round, got $n"; _show; exit 1; }
# JSON: the cast step carries split_fire and moved
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
run play "$S" --seed 2 --rounds 1 --log jsonl
expect_code 0
printf '%s\n' "$OUT" | grep '"type":"cast"' | grep -q '"split_fire":true,"moved":4.5' ||
	{ echo "no split_fire in the cast event"; _show; exit 1; }
# a breath on the way needs a breath weapon, and a move
sed 's/race: red dragon, hp: 50, position: \[50, 50\], grounded: true/race: orc, hp: 50, position: [50, 50]/' "$S" >"$f"
run check "$f"
expect_code 2
expect_err "breathe: 'Scarlet' has no breath weapon (his race's \`breath:\`) [13.7]"
sed 's/to: \[50, 58\], breathe: Raiders/cast: red dragon breath, target: Raiders, breathe: Raiders/' "$S" >"$f"
run check "$f"
expect_code 2
expect_err "breathe"
# a move of less than half his MV: no breath on the way (he breathes in
# the Missile and Magic Phase instead, R-641)
sed 's/to: \[50, 58\]/to: [50, 53]/' "$S" >"$f"
run play "$f" --seed 2 --rounds 1
expect_code 0
if printf '%s\n' "$OUT" | grep -q 'split-fire'; then
	echo "a 3\" move has no breath on the way"; _show; exit 1
fi
