# [14.19] issue 16: tests/data/turning.yaml, the Advanced Game: the doctrine
# AI's clerics turn undead in step A of the Missile and Magic Phase; the
# log shows a turning (a figure routed, R-583) and a destruction (the
# matrix's D), with their cites; the JSON Lines `turn` event and its keys
# are documented (docs/EVENTS.md); a scripted side's `turn:` entry is
# played and a second attempt in the round refused (R-581).
top=$(cd "$DATA/../.." && pwd)
S="$DATA/turning.yaml"
found=
for seed in $(seq 1 20); do
	run play "$S" --seed $seed
	expect_code 0
	case "$OUT" in *"Father Odo turns undead at Skeleton horde: skeleton vs level 4, matrix T (no roll): turned; d12 ("*" figure routed of "*) ;; *) continue;; esac
	case "$OUT" in *"Brother Anselm turns undead at "*", matrix D (no roll): destroyed; d12 ("*" figure destroyed of "*) ;; *) continue;; esac
	found=$seed
	break
done
[ -n "$found" ] || { echo "no seed of 1..20 shows a turning and a destruction"; exit 1; }
expect_out "(turned: the figures flee the battle) [14.19] RULING R-583"
expect_out "(destroyed by turning undead) [14.19] (DMG)"
expect_out "reason: undead in his reach: the matrix turns them without a roll"
f=$(mktemp)
g=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f" "$g"' EXIT
"$BS" play "$S" --seed "$found" --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
grep -q '^{"type":"turn",' "$f" || { echo "no turn event"; exit 1; }
grep -q '^### turn$' "$top/docs/EVENTS.md" || { echo "turn not in docs/EVENTS.md"; exit 1; }
grep '^{"type":"turn",' "$f" >"$g"
expect_keys_documented "$g" "$top/docs/EVENTS.md"
# a scripted side: its turn entries, the second of a round refused
python3 - "$S" "$g" <<'PY' || exit 1
import sys
t = open(sys.argv[1]).read()
t = t.replace("    edge: south\n", "    edge: south\n    controller: scripted\n"
              "    orders:\n"
              "      - {round: 1, unit: Temple guard, order: hold}\n"
              "      - {round: 1, turn: Skeleton horde, by: Father Odo}\n"
              "      - {round: 1, turn: Zombie column, by: Father Odo}\n", 1)
open(sys.argv[2], "w").write(t)
PY
run play "$g" --seed 1
expect_code 0
expect_out "Father Odo turns undead at Skeleton horde: skeleton vs level 4, matrix T (no roll): turned;"
expect_out "he tried to turn undead this Game Round already (one AD&D melee round of actions) [14.1] [14.19] RULING R-581"
