# [10.6] pass-through fire at a lone hero's own move (RULING R-674,
# R-695; tests/data/pass_through_hero_run.yaml): Ulfgar dashes into the
# Bowmen's reach and back out; the doctrine's Bowmen spend their last
# shot of the round on him at the first moment of his run in their reach
# (4" along, long range: he will stand out of reach in their phase), one
# figure at a size M hero, 4 hp a HD (R-670); his move is cut at the
# moment and goes on; the same scenario, the Bowmen's side scripted
# without a pass-through entry for his move (R-697), has no moment and no
# shot.
F="$DATA/pass_through_hero_run.yaml"
run play "$F" --seed 1 --rounds 1
expect_code 0
expect_out "  Ulfgar move: 4\" (MV used 4\" of 12\"), (16, 26) facing 180 -> (20, 26) facing 90 [7.7] [9.4] RULING R-501"
expect_out "  Ulfgar: pass-through fire at him: 4.0\" along his move [10.6] [9.4] RULING R-674"
expect_out "  Bowmen shoots at Ulfgar with 1 figure (pass-through, long range 20.7\"): AR 26 = 21 +5 long range [10.8 T13]; AR 26 - AC 4 + 2d6 (5+2) = 29 on D6: 0.2 HD x 4 = 1 hp [10.6] [9.4 A] [10.0] RULING R-670"
expect_out "  Ulfgar loses 1 hp -> 5 of 6 hp: wounded by missile fire [9.4 A] [10.0] RULING R-670"
expect_out "  Ulfgar move: 1\" (MV used 5\" of 12\"), (20, 26) facing 90 -> (21, 26) facing 90 [7.7] [9.4] RULING R-501"
expect_out "  Ulfgar move: 6.4\" (MV used 11.4\" of 12\"), (21, 26) facing 90 -> (16, 30) facing 308.7 [7.7] [9.4] RULING R-501"

run play "$F" --seed 1 --rounds 1 --log jsonl
expect_code 0
expect_out '"cite":"[10.6] [9.4] RULING R-674"'

held=$(mktemp)
sed 's/controller: doctrine/controller: scripted\n    orders:\n      - {round: 1, unit: Bowmen, order: hold}/' "$F" >"$held"
run play "$held" --seed 1 --rounds 1
rm -f "$held"
expect_code 0
expect_out "  Ulfgar move: 5\" (MV used 5\" of 12\"), (16, 26) facing 180 -> (21, 26) facing 90 [7.7] [9.4] RULING R-501"
if printf '%s' "$OUT" | grep -qF "R-674"; then
	echo "a moment at a scripted side's Bowmen"
	_show
	exit 1
fi
