# [10.6] RULING R-549, R-662 in referee mode: a human side's heroes are
# asked their pass-through shots at an enemy unit's move, after its units'
# pass-through question. tests/data/hero_bow.yaml with South scripted to
# have its Archer hero shoot 4" into the Raiders' move: the human session
# typing that shot equals `play` of the file event for event; the prompt
# lists the hero and the inches of the move in which he may shoot; a shot
# the rules forbid is refused with the rule and keeps the state; suggest
# gives the AI's shot; undo after the shot == never entered; kill -9 at
# the prompt, then --resume, == the uninterrupted session; the journal
# keeps the whole entry (phase: and mover: added).
referee_setup hero_bow.yaml \
	'go\ndone\nfirst\ndone\nhold\nstay\nnone\nfire: Archer hero, target: Raiders, after: 4\ndone\ndone\n' \
	'--seed 2 --side 0=human --side 1=ai --dice all=program'
python3 - <<'PY' || exit 1
s = open("s.yaml").read()
s = s.replace("        position: [44, 52]\n", "        position: [44, 52]\n"
              "    orders:\n"
              "      - {round: 1, fire: Archer hero, target: Raiders, phase: pass_through, mover: Raiders, after: 4}\n", 1)
open("s.yaml", "w").write(s)
PY
"$BS" play s.yaml --seed 2 --rounds 1 --log jsonl --out play.jsonl >/dev/null 2>&1 ||
	{ echo "play failed"; exit 1; }
grep -q '"type":"hero_attack".*"indiv_name":"Archer hero".*"shot":true,"fire":"pass-through"' play.jsonl ||
	{ echo "the scripted hero does not shoot pass-through in play"; exit 1; }
grep -v '"type":"end"' play.jsonl >play2.jsonl
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w.journal --log jsonl --out ref.jsonl \
	<in.txt >/dev/null 2>err.txt
grep -q refused err.txt && { echo "an entry was refused"; grep refused err.txt; exit 1; }
cmp -s ref.jsonl play2.jsonl || { echo "the session differs from play"; diff ref.jsonl play2.jsonl | head -5; exit 1; }
grep -qF '"ask":"pass-through","side":0,"unit":-1,"indiv":-1,"text":"fire: Archer hero, target: Raiders, after: 4, phase: pass_through, mover: '"'Raiders'"'"' w.journal ||
	{ echo "the shot is not journaled in full"; exit 1; }
for m in 'South: Raiders is about to move 8.9": a hero'"'"'s pass-through shot? [10.6] RULING R-549, R-662 (fire: HERO, target: ENEMY[, after: INCHES of its move] | none)' \
	'  Archer hero (2 shots left): at Raiders from 1.0" to 8.9" of its move, at its last moment (long range 14.6")'; do
	grep -qF "$m" err.txt || { echo "the prompt lacks: $m"; exit 1; }
done
grep -qF 'not asked' err.txt && { echo "the heroes are still said not asked"; exit 1; }
want=$(fp 8 '')
[ -n "$want" ] || { echo "no state line"; exit 1; }
# refusals keep the state: a moment before he may shoot (the Raiders out
# of range at 0"), a unit's volley here (asked before), his own side's
# unit as the mover, a hero of the other side, words, empty
bad='fire: Archer hero, target: Raiders, after: 0\nfire: Guards, target: Raiders\nfire: Archer hero, target: Raiders, mover: Guards\nfire: Boss, target: Guards\nmany\n\n'
got=$(fp 7 "${bad}fire: Archer hero, target: Raiders, after: 4\n")
[ "$got" = "$want" ] || { echo "refused shots changed the state: $got / $want"; exit 1; }
e=$(err_of 7 "$bad")
for m in 'refused: the target is out of range [10.0]' \
	'refused: here: a hero'"'"'s pass-through shot (fire: HERO, target: ENEMY[, after: INCHES of its move]), after the units'"'"' volleys [10.6] RULING R-662' \
	"fire: unknown unit 'Boss' on side 'South'" \
	'here: a hero'"'"'s shot, fire: HERO, target: ENEMY[, after: INCHES of its move], or none'; do
	printf '%s' "$e" | grep -qF "$m" || { echo "no refusal: $m"; printf '%s\n' "$e" | tail -6; exit 1; }
done
s=$({ head -n 7 in.txt; printf 'suggest\nquit\n'; } | "$BS" referee s.yaml $REF --journal sg.journal 2>/dev/null)
# suggest says what the AI would do here, and the side switched to the AI
# at the prompt does it (the doctrine keeps his shot: long range)
sg=$(printf '%s\n' "$s" | grep -o 'the AI (docs/AI.md) would answer: .*' | head -1)
[ -n "$sg" ] || { echo "no AI answer suggested"; printf '%s\n' "$s" | tail -3; exit 1; }
{ head -n 7 in.txt; printf 'side South ai\n'; } |
	"$BS" referee s.yaml $REF --journal ai.journal --log jsonl --out ai.jsonl >/dev/null 2>&1
if grep -q '"type":"hero_attack".*"fire":"pass-through"' ai.jsonl; then
	case "$sg" in *"would answer: fire: Archer hero, target: Raiders"*) ;; *) echo "suggest ($sg) is not what the AI did"; exit 1 ;; esac
else
	[ "$sg" = "the AI (docs/AI.md) would answer: none" ] || { echo "suggest ($sg) is not what the AI did (none)"; exit 1; }
fi
[ "$(fp 8 'undo\n')" = "$(fp 7 '')" ] || { echo "undo after the shot"; exit 1; }
[ "$(fp 8 '')" != "$(fp 7 'none\n')" ] || { echo "the shot changed nothing"; exit 1; }
kill_at 7
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 7 '')" ] || { echo "resume after kill at the pass-through prompt: $got"; exit 1; }
tail -n +8 in.txt | "$BS" referee --resume k.journal >/dev/null 2>&1
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 10 '')" ] || { echo "resumed, then on: $got"; exit 1; }
exit 0
