# [10.6] RULING R-674, R-697 in referee mode: a human side is asked the
# pass-through question at an enemy lone individual's own move, as at a
# unit's (R-431). tests/data/pass_through_hero_run.yaml (Ulfgar, a hero
# standing alone, runs past the Keep's Bowmen), the Keep human, the
# Warband scripted; `play` of the file with the Keep scripted to fire 4"
# into Ulfgar's run (`mover: Ulfgar`, R-697) equals the human session
# typing that volley event for event; the question names him as the mover
# and lists the Bowmen and the inches of his move in which they may fire;
# an answer the rules forbid is refused with the rule and keeps the state;
# suggest gives the doctrine's answer (R-695), which the side switched to
# the AI at the prompt fires; undo after the volley == never entered; kill
# -9 at the prompt, then --resume, == the uninterrupted session; the
# journal keeps the whole entry (phase: and mover: added).
referee_setup pass_through_hero_run.yaml \
	'go\ndone\nfirst\ndone\nhold\nfire: Bowmen, target: Ulfgar, after: 4\ndone\n' \
	'--seed 5 --side 0=human --side 1=scripted --dice all=program'
python3 - <<'PY' || exit 1
s = open("s.yaml").read()
s = s.replace("    edge: south\n    controller: doctrine\n",
              "    edge: south\n    controller: scripted\n", 1)
s = s.replace("rank: unit}\n  - name: Warband",
              "rank: unit}\n    orders:\n"
              "      - {round: 1, fire: Bowmen, target: Ulfgar, phase: pass_through, mover: Ulfgar, after: 4}\n"
              "  - name: Warband", 1)
open("s.yaml", "w").write(s)
PY
grep -q 'mover: Ulfgar' s.yaml || { echo "the scenario was not edited"; exit 1; }
"$BS" play s.yaml --seed 5 --rounds 1 --log jsonl --out play.jsonl >/dev/null 2>&1 ||
	{ echo "play failed"; exit 1; }
grep -q '"type":"figure_attack".*"Bowmen".*"fire":"pass-through"' play.jsonl ||
	grep -q '"fire":"pass-through".*"Ulfgar"' play.jsonl ||
	{ echo "the scripted Bowmen do not shoot at Ulfgar in play"; exit 1; }
grep -v '"type":"end"' play.jsonl >play2.jsonl
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w.journal --log jsonl --out ref.jsonl \
	<in.txt >/dev/null 2>err.txt
grep -q refused err.txt && { echo "an entry was refused"; grep refused err.txt; exit 1; }
cmp -s ref.jsonl play2.jsonl || { echo "the session differs from play"; diff ref.jsonl play2.jsonl | head -5; exit 1; }
grep -qF '"ask":"pass-through","side":0,"unit":-1,"indiv":-1,"text":"fire: Bowmen, target: Ulfgar, after: 4, phase: pass_through, mover: '"'Ulfgar'"'"' w.journal ||
	{ echo "the volley is not journaled in full"; exit 1; }
for m in 'Keep: Ulfgar is about to move 11.4": pass-through fire? [10.6] RULING R-674, R-697 (fire: UNIT, target: ENEMY[, after: INCHES of his move] | none)' \
	'  Bowmen (2 shots left): at Ulfgar from 4.0" to 5.0" of his move, at the last that may (long range, AR 26, 1 figure firing, ' \
	'  (or another enemy in range and sight at that moment)'; do
	grep -qF "$m" err.txt || { echo "the prompt lacks: $m"; exit 1; }
done
want=$(fp 6 '')
[ -n "$want" ] || { echo "no state line"; exit 1; }
# refusals keep the state: a moment before they may (he is out of range
# at 0"), another mover, a hero's shot at the units' question (his are
# asked after it, R-699; Wat stands with his unit), a typo, words, empty
bad='fire: Bowmen, target: Ulfgar, after: 0\nfire: Bowmen, target: Ulfgar, mover: Orcs\nfire: Wat, target: Ulfgar\nfire: Bowmen, target: Ulfgr\nmany\n\n'
got=$(fp 5 "${bad}fire: Bowmen, target: Ulfgar, after: 4\n")
[ "$got" = "$want" ] || { echo "refused answers changed the state: $got / $want"; exit 1; }
e=$(err_of 5 "$bad")
for m in 'refused: the target is out of range [10.0]' \
	'refused: pass-through fire waits for the move asked about (mover: the individual moving now) [10.6] RULING R-697' \
	'refused: here: a unit'"'"'s volley; the heroes'"'"' shots are asked after the units'"'"' volleys [9.4] RULING R-552' \
	"target: unknown enemy unit or individual 'Ulfgr' (did you mean 'Ulfgar'?)" \
	'here: a volley, fire: UNIT, target: ENEMY[, after: INCHES of his move], or none'; do
	printf '%s' "$e" | grep -qF "$m" || { echo "no refusal: $m"; printf '%s\n' "$e" | tail -8; exit 1; }
done
# suggest says what the doctrine would do here (R-695), and the side
# switched to the AI at the prompt does it
s=$({ head -n 5 in.txt; printf 'suggest\nquit\n'; } | "$BS" referee s.yaml $REF --journal sg.journal 2>/dev/null)
sg=$(printf '%s\n' "$s" | grep -o 'the AI (docs/AI.md) would answer: .*' | head -1)
case "$sg" in
*"would answer: fire: Bowmen, target: Ulfgar"*) ;;
*) echo "suggest ($sg) is not the doctrine's volley at Ulfgar"; printf '%s\n' "$s" | tail -3; exit 1 ;;
esac
{ head -n 5 in.txt; printf 'side Keep ai\n'; } |
	"$BS" referee s.yaml $REF --journal ai.journal --log jsonl --out ai.jsonl >/dev/null 2>&1
grep '"fire":"pass-through"' ai.jsonl | grep -q 'Ulfgar' ||
	{ echo "the AI switched in at the prompt does not fire at Ulfgar"; exit 1; }
grep -q 'R-695' ai.jsonl || { echo "the AI's volley does not give its reason"; exit 1; }
[ "$(fp 6 'undo\n')" = "$(fp 5 '')" ] || { echo "undo after the volley"; exit 1; }
[ "$(fp 6 '')" != "$(fp 5 'none\n')" ] || { echo "the volley changed nothing"; exit 1; }
kill_at 5
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 5 '')" ] || { echo "resume after kill at the pass-through prompt: $got"; exit 1; }
tail -n +6 in.txt | "$BS" referee --resume k.journal >/dev/null 2>&1
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 7 '')" ] || { echo "resumed, then on: $got"; exit 1; }
exit 0
