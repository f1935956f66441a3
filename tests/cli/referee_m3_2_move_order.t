# [M3.2] the order a matrix army's brigades move in (RULING R-438) in
# referee mode: the Eyrie human of tests/data/matrix_split.yaml names its
# foot first, as the file's `sequence:` does: the session equals `play` of
# the scripted Eyrie (the NOTE of the order, the foot's move before the
# griffons'); `in order` moves them in the army's order; refusals keep the
# state; suggest gives the AI's order (the army's); undo after the order
# == never entered; kill -9 at the order's prompt, then --resume, == the
# uninterrupted session; the journal keeps it (unit -1: the army's).
referee_setup matrix_split.yaml 'go\nEyrie Foot\nforward\nforward\nOrc Spears\nGoblin Band: 1\n' \
	'--seed 1 --side Horde=hold --dice all=program'

"$BS" play s.yaml --seed 1 --log jsonl --out play.jsonl >/dev/null ||
	{ echo "play failed"; exit 1; }
grep -qF '"text":"Eyrie moves its brigades in this order: A2 A1","cite":"[M3.2] RULING R-438"' play.jsonl ||
	{ echo "the scripted sequence is not said"; exit 1; }
first=$(grep '"type":"mx_move"' play.jsonl | head -1)
case "$first" in *'"unit_name":"Eyrie Foot"'*) ;; *) echo "the foot did not move first"; exit 1 ;; esac
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w.journal --log jsonl --out ref.jsonl \
	<in.txt >/dev/null 2>err.txt
grep -q refused err.txt && { echo "an entry was refused"; grep refused err.txt; exit 1; }
cmp -s ref.jsonl play.jsonl || { echo "the session differs from play"; diff ref.jsonl play.jsonl | head -5; exit 1; }
grep -qF '"ask":"move order","side":0,"unit":-1,"indiv":-1,"text":"Eyrie Foot"' w.journal ||
	{ echo "the order is not journaled"; exit 1; }
grep -qF "Eyrie, movement: the order its brigades move in? (in order | the brigades that move first, by name, like: Griffon Riders) [M3.2] RULING R-438" err.txt ||
	{ echo "no order prompt"; exit 1; }
grep -qF '    Eyrie Foot (A2) at row 1, column 1, MV 1' err.txt ||
	{ echo "the prompt does not list the brigades"; exit 1; }
# the entry's own form; in order: the army's order, no NOTE
printf 'go\nsequence: [Eyrie Foot, Griffon Riders]\nforward\nforward\nOrc Spears\nGoblin Band: 1\n' |
	"$BS" referee s.yaml $REF --journal w2.journal --log jsonl --out ref2.jsonl >/dev/null 2>&1
cmp -s ref2.jsonl play.jsonl || { echo "sequence: [...] differs from play"; exit 1; }
printf 'go\nin order\nforward\nforward\nOrc Spears\nGoblin Band: 1\n' |
	"$BS" referee s.yaml $REF --journal w3.journal --log jsonl --out ref3.jsonl >/dev/null 2>&1
grep -q 'R-438' ref3.jsonl && { echo "in order is said as an order"; exit 1; }
first=$(grep '"type":"mx_move"' ref3.jsonl | head -1)
case "$first" in *'"unit_name":"Griffon Riders"'*) ;; *) echo "in order: the griffons did not move first"; exit 1 ;; esac

want=$(fp 2 '')
[ -n "$want" ] || { echo "no state line"; exit 1; }
got=$(fp 1 'Eyrie Foot, Eyrie Foot\nOrc Spears\nEyrie Fot\n\nmove: [forward]\nEyrie Foot\n')
[ "$got" = "$want" ] || { echo "refused orders changed the state: $got / $want"; exit 1; }
e=$(err_of 1 'Eyrie Foot, Eyrie Foot\nOrc Spears\nEyrie Fot\nmove: [forward]\n')
for m in "sequence: 'Eyrie Foot' is named twice" \
	"sequence: 'Orc Spears' is a brigade of 'Horde'" \
	"did you mean 'Eyrie Foot'" \
	'here give only sequence:'; do
	printf '%s' "$e" | grep -qF "$m" || { echo "no refusal: $m"; printf '%s\n' "$e" | tail -4; exit 1; }
done
s=$(printf 'go\nsuggest\nquit\n' | "$BS" referee s.yaml $REF --journal sg.journal 2>/dev/null)
printf '%s' "$s" | grep -qF 'the AI (docs/AI.md, RULING R-438) would move them in this order: Griffon Riders, Eyrie Foot' ||
	{ echo "no AI order suggested"; printf '%s\n' "$s" | tail -3; exit 1; }
[ "$(fp 2 'undo\n')" = "$(fp 1 '')" ] || { echo "undo after the order"; exit 1; }
st() { # the state line after the inputs $1
	rm -f st.journal
	printf '%bstatus\nquit\n' "$1" | "$BS" referee s.yaml $REF --journal st.journal 2>/dev/null |
		grep 'inputs; state' | tail -1
}
# the same answers to the moves, in another order: another battle
[ "$(st 'go\nEyrie Foot\nforward\nstay\n')" != "$(st 'go\nin order\nforward\nstay\n')" ] ||
	{ echo "the order changed nothing"; exit 1; }

# kill -9 while the session waits at the order's prompt (after 1 input),
# then --resume: the same state; going on plays the same battle
kill_at 1
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 1 '')" ] || { echo "resume after kill at the order's prompt: $got"; exit 1; }
tail -n +2 in.txt | "$BS" referee --resume k.journal >/dev/null 2>&1
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 6 '')" ] || { echo "resumed, then on: $got"; exit 1; }
