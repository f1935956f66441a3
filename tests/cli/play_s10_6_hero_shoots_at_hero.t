# [10.6] RULING R-698, R-699, R-606: an enemy hero's pass-through shot at
# a lone hero's own move (tests/data/pass_through_hero_shoots.yaml).
# The doctrine's Aldric shoots at the nearest moment of Ulfgar's run (he
# starts and ends out of reach: R-549's rule), 5" along, by AD&D rules
# (R-527: THAC0 16 - AC 4 = 12 +5 long range); his move is cut at the
# moment and goes on. The Keep scripted with Aldric's entry naming Ulfgar
# as `mover:` (R-699) shoots 3" into the run. And a unit's pass-through
# volley at another enemy during his move says whose move it was and how
# far into it (R-606), in the text and in the JSON.
F="$DATA/pass_through_hero_shoots.yaml"
run play "$F" --seed 1 --rounds 1
expect_code 0
expect_out "  Ulfgar move: 5\" (MV used 5\" of 12\"), (16, 26) facing 180 -> (21, 26) facing 90 [7.7] [9.4] RULING R-501"
expect_out "  Ulfgar: pass-through fire at him: 5.0\" along his move [10.6] [9.4] RULING R-674"
expect_out "  Aldric (shot 1, pass-through, long range 18.5\") shoots at Ulfgar with long bow: d20 = 11, needs 17 = THAC0 16 - AC 4 = 12 +5 long range -> miss [10.6] [9.4 B] [10.0] RULING R-527, R-549, R-698"
expect_out "  Ulfgar move: 6.4\" (MV used 11.4\" of 12\"), (21, 26) facing 90 -> (16, 30) facing 308.7 [7.7] [9.4] RULING R-501"
expect_err "(RULING R-701, R-700, R-512, R-525) (warning hero-missile)"

run play "$F" --seed 1 --rounds 1 --log jsonl
expect_code 0
expect_out '"why":"pass-through fire: the individual moving will stand out of his range or sight (RULING R-698)","cite":"[10.6] [9.4 B] [10.0] RULING R-527, R-549, R-698"'

s=$(mktemp)
python3 - "$F" "$s" <<'PY' || exit 1
import sys
t = open(sys.argv[1]).read()
t = t.replace("    edge: south\n    controller: doctrine\n",
              "    edge: south\n    controller: scripted\n", 1)
t = t.replace("position: [40, 26]}\n  - name: Warband",
              "position: [40, 26]}\n    orders:\n"
              "      - {round: 1, fire: Aldric, target: Ulfgar, phase: pass_through, mover: Ulfgar, after: 3}\n"
              "  - name: Warband", 1)
open(sys.argv[2], "w").write(t)
PY
run play "$s" --seed 1 --rounds 1
rm -f "$s"
expect_code 0
expect_out "  Ulfgar: pass-through fire at him: 3.0\" along his move [10.6] [9.4] RULING R-674"
expect_out "  Aldric (shot 1, pass-through, long range 20.5\") shoots at Ulfgar with long bow"

# R-606: the Bowmen's volley at the Orcs during Ulfgar's run
o=$(mktemp)
sed 's/fire: Bowmen, target: Ulfgar, phase: pass_through, mover: Ulfgar, after: 4/fire: Bowmen, target: Orcs, phase: pass_through, mover: Ulfgar, after: 4/' \
	"$DATA/pass_through_hero_scripted.yaml" >"$o"
run play "$o" --seed 1 --rounds 1
expect_code 0
expect_out "Orcs at (46.0, 28.0) facing 180, 4\" into Ulfgar's move [10.6] [8.4]"
run play "$o" --seed 1 --rounds 1 --log jsonl
rm -f "$o"
expect_code 0
expect_out '"x1":46,"y1":28,"facing1":180,"moved":4,"mover_side":1,"mover_individual":1,"mover_name":"Ulfgar","cite":"[10.6]"'
