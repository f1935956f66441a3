# [M4.2] an aerial brigade's split of its classes in referee mode (RULINGS
# R-251, R-436, R-437): the Eyrie human types at the prompts the entries
# tests/data/matrix_split.yaml scripts (griffons fly in, attack the orcs,
# send 1 of their 3 classes at the goblins): the session equals `play` of
# the scripted Eyrie, event for event. Refusals at the split prompt keep
# the state; suggest gives the AI's split; undo after the split == never
# entered; kill -9 at the split prompt, then --resume, == the
# uninterrupted session; the journal keeps the text.
referee_setup matrix_split.yaml 'go\nEyrie Foot\nforward\nforward\nOrc Spears\nGoblin Band: 1\n' \
	'--seed 1 --side Horde=hold --dice all=program'

"$BS" play s.yaml --seed 1 --log jsonl --out play.jsonl >/dev/null ||
	{ echo "play failed"; exit 1; }
[ "$(grep -c '"type":"mx_attack".*"unit_name":"Griffon Riders"' play.jsonl)" = 2 ] ||
	{ echo "the scripted griffons did not split"; exit 1; }
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w.journal --log jsonl --out ref.jsonl \
	<in.txt >/dev/null 2>err.txt
grep -q refused err.txt && { echo "an entry was refused"; grep refused err.txt; exit 1; }
cmp -s ref.jsonl play.jsonl || { echo "the session differs from play"; diff ref.jsonl play.jsonl | head -5; exit 1; }
grep -qF '"ask":"split","side":0,"unit":0,"indiv":-1,"text":"Goblin Band: 1"' w.journal ||
	{ echo "the split is not journaled"; exit 1; }
grep -qF 'Eyrie: Griffon Riders (A1) at row 3, column 2, aerial, attacks Orc Spears with melee ([M3.4d]): split its 3 classes? (ENEMY: CLASSES, ... | none: all at Orc Spears) [M4.2] RULING R-437' err.txt ||
	{ echo "no split prompt"; grep -i split err.txt | head -3; exit 1; }
grep -qF 'Goblin Band (B2) at row 3, column 2, class/unit 5/1, 5 points left; all 3 classes: 0.79 expected' err.txt ||
	{ echo "the prompt does not list the enemies in reach"; exit 1; }
# the entry's own form and none
printf 'go\nEyrie Foot\nforward\nforward\nOrc Spears\nsplit: {Goblin Band: 1}\n' |
	"$BS" referee s.yaml $REF --journal w2.journal --log jsonl --out ref2.jsonl >/dev/null 2>&1
cmp -s ref2.jsonl play.jsonl || { echo "split: {...} differs from play"; exit 1; }
printf 'go\nEyrie Foot\nforward\nforward\nOrc Spears\nnone\n' |
	"$BS" referee s.yaml $REF --journal w3.journal --log jsonl --out ref3.jsonl >/dev/null 2>&1
[ "$(grep -c '"type":"mx_attack".*"unit_name":"Griffon Riders"' ref3.jsonl)" = 1 ] &&
	grep -q '"unit_name":"Griffon Riders".*"n":\[3,2,2,[0-9-]*,[0-9]*,3,5' ref3.jsonl ||
	{ echo "none: not all 3 classes at the target"; grep mx_attack ref3.jsonl | head -2; exit 1; }

want=$(fp 6 '')
[ -n "$want" ] || { echo "no state line"; exit 1; }
# refusals keep the state: more classes than it has, an enemy out of
# reach (the wolves at another location: a melee), words, a name, empty
got=$(fp 5 'Orc Spears: 4\nWolf Riders: 1\nGoblin Band: many\nGoblin Ban: 1\n\nmove: [forward]\nGoblin Band: 1\n')
[ "$got" = "$want" ] || { echo "refused splits changed the state: $got / $want"; exit 1; }
e=$(err_of 5 'Orc Spears: 4\nWolf Riders: 1\nGoblin Ban: 1\nmove: [forward]\n')
for m in 'refused: it has not so many classes: its attacks are its class number [M4.2] RULING R-251' \
	'refused: its classes may attack only enemy brigades in reach of this attack (an engaged brigade: those it is engaged with) [M4.2] RULING R-251' \
	"did you mean 'Goblin Band'" \
	'here give only split:'; do
	printf '%s' "$e" | grep -qF "$m" || { echo "no refusal: $m"; printf '%s\n' "$e" | tail -4; exit 1; }
done
# suggest: the AI's split (R-436: 2 and 1 expect 0.61 + 0.46 > 0.79)
s=$({ head -n 5 in.txt; printf 'suggest\nquit\n'; } |
	"$BS" referee s.yaml $REF --journal sg.journal 2>/dev/null)
printf '%s' "$s" | grep -qF 'the AI (docs/AI.md, RULING R-436) would answer: Goblin Band: 1' ||
	{ echo "no AI split suggested"; printf '%s\n' "$s" | tail -3; exit 1; }
# undo after the split == never entered; with it != without
[ "$(fp 6 'undo\n')" = "$(fp 5 '')" ] || { echo "undo after the split"; exit 1; }
[ "$(fp 6 '')" != "$(fp 5 '')" ] || { echo "the split changed nothing"; exit 1; }
# the side switched to the AI at the split prompt: the AI's split
printf 'go\nEyrie Foot\nforward\nforward\nOrc Spears\nside Eyrie ai\n' |
	"$BS" referee s.yaml $REF --journal ai.journal --log jsonl --out ai.jsonl >/dev/null 2>&1
[ "$(grep -c '"type":"mx_attack".*"unit_name":"Griffon Riders"' ai.jsonl)" = 2 ] ||
	{ echo "the AI did not split when the side was switched"; exit 1; }

# kill -9 while the session waits at the split prompt (after 5 inputs),
# then --resume: the state of the uninterrupted session; going on plays
# the same battle
kill_at 5
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 5 '')" ] || { echo "resume after kill at the split prompt: $got"; exit 1; }
tail -n +6 in.txt | "$BS" referee --resume k.journal --log jsonl --out k.jsonl >/dev/null 2>&1
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$want" ] || { echo "resumed, then the split: $got"; exit 1; }
