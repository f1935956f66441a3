# Referee mode for the matrix card system (issue 17, RULINGS R-426, R-427,
# R-432): a whole matrix battle with every die and every order entered at
# the prompts equals `play --dice` of the same battle with the orders
# scripted. tests/data/matrix_orders.yaml scripts both armies (what the
# matrix AI orders in the battle of seed 7); tests/data/matrix_orders.input
# is the session that types them: go, the dice of seed 7, each brigade's
# move, attack, engagement and free target in the prompts' grammar. Bad
# entries at each matrix prompt keep the state; undo after each kind of
# matrix input equals never entering it; resume; chances N == sim --from.
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/matrix_orders.yaml" "$T/m.yaml"
IN="$DATA/matrix_orders.input"
cd "$T" || exit 1

# the scripted battle of seed 7, and the same with its dice given
"$BS" play m.yaml --seed 7 --log jsonl --out seeded.jsonl >/dev/null ||
	{ echo "play failed"; exit 1; }
grep -q '"type":"rejected"' seeded.jsonl && { echo "a scripted order was rejected"; exit 1; }
grep -o '"dice":\[[0-9,]*\]' seeded.jsonl | sed 's/"dice":\[//; s/\]//; s/,/ /g' >dice.txt
"$BS" play m.yaml --dice dice.txt --log jsonl --out given.jsonl >/dev/null ||
	{ echo "play --dice failed"; exit 1; }
# the whole battle refereed: both armies human (the default), every die asked
"$BS" referee m.yaml --journal w.journal --log jsonl --out ref.jsonl <"$IN" \
	>/dev/null 2>err.txt
grep -q 'refused' err.txt && { echo "an entry was refused"; grep refused err.txt | head -3; exit 1; }
grep -q '"t":"answer","round":1,"phase":"movement","ask":"move"' w.journal ||
	{ echo "no move answer journaled"; exit 1; }
grep -q '"ask":"attack"' w.journal && grep -q '"ask":"engage"' w.journal &&
	grep -q '"ask":"target"' w.journal || { echo "a kind of answer is missing"; exit 1; }
cmp -s ref.jsonl given.jsonl || { echo "the session differs from play --dice"; diff ref.jsonl given.jsonl | head -5; exit 1; }
grep -q '"type":"end"' ref.jsonl || { echo "not a whole battle"; exit 1; }

fp() { # the state line of status after the first $1 lines of the session, then $2
	rm -f fp.journal
	{ head -n "$1" "$IN"; printf '%bstatus\nquit\n' "$2"; } |
		"$BS" referee m.yaml --journal fp.journal 2>/dev/null |
		grep 'inputs; state' | tail -1
}
err_of() { # stderr after the first $1 lines, then $2
	rm -f e.journal
	{ head -n "$1" "$IN"; printf '%bquit\n' "$2"; } |
		"$BS" referee m.yaml --journal e.journal 2>&1 >/dev/null
}
# line 4: the order The Raiders' brigades move in [M3.2] (R-438: in order,
# the army's, as the scripted battle moves them); 5: the move of Raider
# Band (B1, row 3, column 2, MV 1); 13: whom it attacks at row 2, column 2;
# 15: whom Baron's Foot engages; 19: the Hippogriff Riders' split of their
# 2 classes [M4.2] (R-437: none, all at their target, as the scripted
# battle plays them); 21: the target of the Raider Scouts' attack [M3.5]
[ "$(sed -n 4p "$IN")" = "in order" ] && [ "$(sed -n 5p "$IN")" = "forward" ] &&
	[ "$(sed -n 19p "$IN")" = "none" ] ||
	{ echo "the session input changed"; exit 1; }

# bad entries at each kind of matrix prompt keep the state
want=$(fp 5 '')
[ -n "$want" ] || { echo "no state line"; exit 1; }
got=$(fp 4 'fly\n\nforward, forward\nattack: Baron'"'"'s Foot\nenter: 2\nstay, forward\nforward\n')
[ "$got" = "$want" ] || { echo "bad moves changed the state: $got / $want"; exit 1; }
e=$(err_of 4 'fly\nforward, forward\nattack: Mill Bowmen\nenter: 2\n')
for m in "unknown value 'fly'" \
	"refused: it stops at the enemy stack it enters: no steps after that [M3.2]" \
	"here give only move: or enter:" \
	"refused: not in the reserve: no column to enter [M3.2]"; do
	printf '%s' "$e" | grep -qF "$m" || { echo "no refusal: $m"; printf '%s\n' "$e" | tail -5; exit 1; }
done
# line 8: the Raider Scouts (row 3, column 1, MV 1), nothing in their way
e=$(err_of 7 'forward, forward\nwest, north\n')
printf '%s' "$e" | grep -qF "refused: no movement points left [M3.2]" ||
	{ echo "a second step on MV 1"; exit 1; }
printf '%s' "$e" | grep -qF "refused: no movement points left [M3.2]" ||
	{ echo "west from column 1 (a new column [M1.3]) and on"; exit 1; }
want=$(fp 14 '')
got=$(fp 13 'Mill Bowmen\nengage: Baron'"'"'s Foot\nBarons Foot\nBaron'"'"'s Foot\n')
[ "$got" = "$want" ] || { echo "bad attacks changed the state"; exit 1; }
e=$(err_of 13 'Mill Bowmen\nBarons Fot\n')
printf '%s' "$e" | grep -qF "refused: it may attack only an enemy brigade at its location" ||
	{ echo "no refusal of an attack out of place"; exit 1; }
printf '%s' "$e" | grep -qF "did you mean 'Baron's Foot'" || { echo "no did you mean"; exit 1; }
want=$(fp 16 '')
got=$(fp 15 'Raider Scouts\nnobody\nHippogriff Riders\n')
[ "$got" = "$want" ] || { echo "bad engagements changed the state"; exit 1; }
e=$(err_of 15 'Raider Scouts\n')
printf '%s' "$e" | grep -qF "refused: it may engage only a brigade that attacks at its location [M3.3]" ||
	{ echo "no refusal of an engagement"; exit 1; }
want=$(fp 21 '')
got=$(fp 20 'Mill Bowmen\nHedge Wizards\nBaron'"'"'s Foot\n')
[ "$got" = "$want" ] || { echo "bad targets changed the state"; exit 1; }
e=$(err_of 20 'Hedge Wizards\n')
printf '%s' "$e" | grep -qF "refused: the target is not an enemy brigade in the same or an adjacent location" ||
	{ echo "no refusal of a target out of reach"; exit 1; }

# undo after every kind of matrix input == never entered
for k in 4 5 14 16 19 21; do
	[ "$(fp $k 'undo\n')" = "$(fp $((k - 1)) '')" ] || { echo "undo after input $k"; exit 1; }
done
base=$(fp 3 '')
for extra in 'override strength Raider Band 4 1 -- misread\n' \
	'override routed Raider Band -- panic\n' \
	'override rallied Raider Band -- no\n' \
	'override position Raider Band 4 2 -- it was there\n' \
	'override position Raider Band reserve -- it was held back\n' \
	'side 1 ai\n' 'dice attack program\n'; do
	[ "$(fp 3 "$extra""undo\n")" = "$base" ] || { echo "undo after $extra"; exit 1; }
	[ "$(fp 3 "$extra")" != "$base" ] || case "$extra" in
		side*|dice*|*rallied*) ;; *) echo "override changed nothing: $extra"; exit 1 ;;
	esac
done
# an override is logged with the referee's text and played from
printf 'go\n5\n6\noverride strength Raider Band 2 1 -- two centuries had fled\nstatus\nquit\n' |
	"$BS" referee m.yaml --journal o.journal 2>/dev/null >out.txt
grep -q 'Raider Band: override: class/unit 2/1 (the referee: two centuries had fled)' out.txt ||
	{ echo "override not logged"; tail -5 out.txt; exit 1; }
grep -q 'Raider Band  *B1   class/unit 2/1; in good order; at row 3, column 2' out.txt ||
	{ echo "status does not show the override"; grep 'Raider Band' out.txt; exit 1; }
printf 'go\n5\n6\noverride strength Raider Band 9 1 -- x\noverride fig Raider Band 1 -- x\nquit\n' |
	"$BS" referee m.yaml --journal o2.journal >/dev/null 2>&1
grep -q '"t":"override"' o2.journal && { echo "a bad override was journaled"; exit 1; }

# resume: the same state at the same input count
head -n 23 "$IN" | "$BS" referee m.yaml --journal r.journal >/dev/null 2>&1
s1=$(printf 'status\nquit\n' | "$BS" referee --resume r.journal 2>/dev/null | grep 'inputs; state')
[ "$s1" = "$(fp 23 '')" ] || { echo "resume: $s1"; exit 1; }

# chances 300 from a matrix position == sim --from of the same journal
rm -f ch.journal
{ head -n 14 "$IN"; printf 'chances 300\nquit\n'; } | "$BS" referee m.yaml \
	--journal ch.journal 2>/dev/null >out.txt
w=$(grep 'wins' out.txt | awk '{print $(NF-5)}' | tr '\n' ' ')
run sim --from ch.journal --runs 300 --json
expect_code 0
j=$(printf '%s' "$OUT" | grep '"wins"' | tr -dc '0-9\n' | tr '\n' ' ')
[ -n "$w" ] && [ "$w" = "$j" ] || { echo "chances '$w' != sim --from '$j'"; exit 1; }

# suggest at a matrix prompt: the AI's answer in the prompt's grammar
printf 'go\n5\n6\nsuggest\nin order\nsuggest\nquit\n' | "$BS" referee m.yaml --journal s.journal 2>/dev/null >out.txt
grep -q "the AI (docs/AI.md, RULING R-438) would move them in this order: Raider Band, Raider Horse, Hippogriff Riders, Raider Scouts" out.txt ||
	{ echo "no suggestion of the order of the moves"; cat out.txt | tail -3; exit 1; }
grep -q 'the AI (docs/MATRIX.md) would answer: forward' out.txt ||
	{ echo "no suggestion"; cat out.txt | tail -3; exit 1; }
# scripted: the army plays its orders:, hold: none
printf 'go\n5\n6\nquit\n' | "$BS" referee m.yaml --journal sc.journal --side 0=scripted \
	--side 1=scripted --dice attack=program --dice morale=program >out.txt 2>&1
grep -q "Raider Band (B1) stops: enemy stack" out.txt || { echo "scripted side did not move"; exit 1; }
