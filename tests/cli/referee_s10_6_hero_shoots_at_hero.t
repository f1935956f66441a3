# [10.6] RULING R-698, R-699 in referee mode: a human side is asked its
# heroes' pass-through shots at an enemy lone individual's own move, as at
# a unit's (R-662). tests/data/pass_through_hero_shoots.yaml (Ulfgar runs
# past Aldric, a lone hero with a long bow), the Keep human, the Warband
# scripted (Side A at seed 3, it moves first): the question names Ulfgar
# as the mover and lists Aldric with his shots left and the inches of the
# move in which he may shoot; `play` of the file with the Keep scripted
# to shoot 3" into the run (`mover: Ulfgar`, R-699) equals the session
# typing that shot, event for event; answers the rules forbid are refused
# with the rule and keep the state; suggest gives the doctrine's (R-698);
# the journal keeps the whole entry (phase: and mover: added).
referee_setup pass_through_hero_shoots.yaml \
	'go\ndone\nfire: Aldric, target: Ulfgar, after: 3\nhold\nstay\n' \
	'--seed 3 --side 0=human --side 1=scripted --dice all=program'
e=$(err_of 2 '')
for m in 'Keep: Ulfgar is about to move 11.4": a hero'"'"'s pass-through shot? [10.6] RULING R-698, R-699 (fire: HERO, target: ENEMY[, after: INCHES of his move] | none)' \
	'  Aldric (2 shots left): at Ulfgar from 3.0" to 8.0" of his move, at the last that may (long range 20.9")'; do
	printf '%s' "$e" | grep -qF "$m" || { echo "the prompt lacks: $m"; printf '%s\n' "$e" | tail -5; exit 1; }
done
python3 - <<'PY' || exit 1
s = open("s.yaml").read()
s = s.replace("    edge: south\n    controller: doctrine\n",
              "    edge: south\n    controller: scripted\n", 1)
s = s.replace("position: [40, 26]}\n  - name: Warband",
              "position: [40, 26]}\n    orders:\n"
              "      - {round: 1, fire: Aldric, target: Ulfgar, phase: pass_through, mover: Ulfgar, after: 3}\n"
              "  - name: Warband", 1)
open("s.yaml", "w").write(s)
PY
grep -q 'mover: Ulfgar' s.yaml || { echo "the scenario was not edited"; exit 1; }
"$BS" play s.yaml --seed 3 --rounds 1 --log jsonl --out play.jsonl >/dev/null 2>&1 ||
	{ echo "play failed"; exit 1; }
grep -q '"type":"duel".*"fire":"pass-through"' play.jsonl ||
	{ echo "the scripted Aldric does not shoot at Ulfgar in play"; exit 1; }
grep -v '"type":"end"' play.jsonl >play2.jsonl
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w.journal --log jsonl --out ref.jsonl \
	<in.txt >/dev/null 2>err.txt
grep -q refused err.txt && { echo "an entry was refused"; grep refused err.txt; exit 1; }
cmp -s ref.jsonl play2.jsonl || { echo "the session differs from play"; diff ref.jsonl play2.jsonl | head -5; exit 1; }
grep -qF '"text":"fire: Aldric, target: Ulfgar, after: 3, phase: pass_through, mover: '"'Ulfgar'"'"' w.journal ||
	{ echo "the shot is not journaled in full"; exit 1; }
want=$(fp 3 '')
[ -n "$want" ] || { echo "no state line"; exit 1; }
# refusals keep the state: a moment he is out of range (at 0"), another
# mover, a second shot of the same hero is asked no more (one a round)
bad='fire: Aldric, target: Ulfgar, after: 0\nfire: Aldric, target: Ulfgar, mover: Orcs\nfire: Aldrc, target: Ulfgar\n'
got=$(fp 2 "${bad}fire: Aldric, target: Ulfgar, after: 3\n")
[ "$got" = "$want" ] || { echo "refused answers changed the state: $got / $want"; exit 1; }
e=$(err_of 2 "$bad")
for m in 'refused: the target is out of range [10.0]' \
	'refused: pass-through fire waits for the move asked about (mover: the individual moving now) [10.6] RULING R-699'; do
	printf '%s' "$e" | grep -qF "$m" || { echo "no refusal: $m"; printf '%s\n' "$e" | tail -8; exit 1; }
done
# suggest: the doctrine's shot (R-698: he will stand out of reach, the
# nearest moment, the end of the first leg, 5")
s=$({ head -n 2 in.txt; printf 'suggest\nquit\n'; } | "$BS" referee s.yaml $REF --journal sg.journal 2>/dev/null)
printf '%s\n' "$s" | grep -qF 'would answer: fire: Aldric, target: Ulfgar, after: 5.00' ||
	{ echo "suggest is not the doctrine's shot"; printf '%s\n' "$s" | grep -A1 'would answer'; exit 1; }
printf '%s\n' "$s" | grep -qF 'R-698' || { echo "suggest gives no reason"; exit 1; }
[ "$(fp 4 'undo\n')" = "$(fp 3 '')" ] || { echo "undo after the shot"; exit 1; }
exit 0
