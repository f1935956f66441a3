# [1.5 A] [14.1] RULING R-660 and [14.19] RULING R-661 in referee mode: a
# human side's casters are asked their spells at the cast> prompt and its
# clerics their turning at the turn> prompt, in step A of the Missile and
# Magic Phase. The session typing what tests/data/magic_fireball.yaml
# scripts (a fireball, then a lightning bolt) equals `play` of the file
# event for event; an illegal cast is refused with the rule and keeps the
# state; suggest gives the AI's cast; undo after the cast == never
# entered; kill -9 at the cast prompt, then --resume, == the
# uninterrupted session; the journal keeps the answer. The same for a
# cleric's turning (tests/data/turning.yaml, its Temple scripted).
referee_setup magic_fireball.yaml \
	'go\nfirst\ndone\nhold\nstay\nindividual: Zanzibar, cast: fireball, target: Ogres, at: [49.5, 66.5]\ngo\nfirst\ndone\nhold\nstay\nindividual: Zanzibar, cast: lightning bolt, target: Orc spears\n' \
	'--seed 1 --side North=hold --side South=human --dice all=program'

"$BS" play s.yaml --seed 1 --rounds 2 --log jsonl --out play.jsonl >/dev/null ||
	{ echo "play failed"; exit 1; }
[ "$(grep -c '"type":"cast".*"step":"cast"' play.jsonl)" = 2 ] || { echo "play does not cast twice"; exit 1; }
grep -v '"type":"end"' play.jsonl >play2.jsonl
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w.journal --log jsonl --out ref.jsonl \
	<in.txt >/dev/null 2>err.txt
grep -q refused err.txt && { echo "an entry was refused"; grep refused err.txt; exit 1; }
cmp -s ref.jsonl play2.jsonl || { echo "the session differs from play"; diff ref.jsonl play2.jsonl | head -5; exit 1; }
grep -qF '"ask":"cast","side":0,"unit":-1,"indiv":-1,"text":"individual: Zanzibar, cast: fireball, target: Ogres, at: [49.5, 66.5]"' w.journal ||
	{ echo "the cast is not journaled"; exit 1; }
for m in 'South, Missile and Magic Phase, step A [1.5 A]: a spell? [14.1] RULING R-660 (individual: CASTER, cast: SPELL, target: WHOM[, at: [X, Y]] | done)' \
	'  Zanzibar, 3 spells left: fireball (1) lightning bolt (1) magic missile (1)' \
	'    fireball in range at: Orc spears (6.0" of 16.0"), Ogres (7.6" of 16.0")'; do
	grep -qF "$m" err.txt || { echo "the cast prompt lacks: $m"; exit 1; }
done
want=$(fp 6 '')
[ -n "$want" ] || { echo "no state line"; exit 1; }
# refusals keep the state: a spell not played at a unit, a caster who has
# not memorized it, a volley, an unknown target, empty, words; a second
# spell of his this round
bad='individual: Zanzibar, cast: magic missile, target: Ogres\nindividual: Cap, cast: fireball, target: Ogres\nfire: Guards, target: Ogres\nindividual: Zanzibar, cast: fireball, target: Ogers\n\nmany\n'
got=$(fp 5 "${bad}individual: Zanzibar, cast: fireball, target: Ogres, at: [49.5, 66.5]\n")
[ "$got" = "$want" ] || { echo "refused casts changed the state: $got / $want"; exit 1; }
e=$(err_of 5 "$bad")
for m in 'refused: not played yet: a spell without an area at a unit (RULING R-574) [14.5 A]' \
	"cast: 'Cap' has not memorized 'fireball'" \
	'here: a spell, individual: CASTER, cast: SPELL, target: WHOM[, at: [X, Y]] (an enemy unit or individual; a friend for a bonus or invisibility), or done [14.1]' \
	"did you mean 'Ogres'"; do
	printf '%s' "$e" | grep -qF "$m" || { echo "no refusal: $m"; printf '%s\n' "$e" | tail -4; exit 1; }
done
s=$({ head -n 5 in.txt; printf 'suggest\nquit\n'; } | "$BS" referee s.yaml $REF --journal sg.journal 2>/dev/null)
printf '%s' "$s" | grep -qF 'the AI (docs/AI.md) would answer: individual: Zanzibar, cast: fireball, target: Ogres' ||
	{ echo "no AI cast suggested"; printf '%s\n' "$s" | tail -3; exit 1; }
[ "$(fp 6 'undo\n')" = "$(fp 5 '')" ] || { echo "undo after the cast"; exit 1; }
[ "$(fp 6 '')" != "$(fp 5 'done\n')" ] || { echo "the cast changed nothing"; exit 1; }
kill_at 5
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 5 '')" ] || { echo "resume after kill at the cast prompt: $got"; exit 1; }
tail -n +6 in.txt | "$BS" referee --resume k.journal >/dev/null 2>&1
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 12 '')" ] || { echo "resumed, then on: $got"; exit 1; }

# [14.19] RULING R-661: the Temple human types what its script says (the
# guard advances, Father Odo turns the skeletons): the same battle as play
cd / && rm -rf "$T"
referee_setup turning.yaml \
	'go\nfirst\ndone\nmove, steps: [{advance: 5.97}]\nstay\ndone\nturn: Skeleton horde, by: Father Odo\n' \
	'--seed 1 --side 0=human --side 1=hold --dice all=program'
python3 - <<'PY' || exit 1
s = open("s.yaml").read()
s = s.replace("        position: [44, 42]\n", "        position: [44, 42]\n"
              "    orders:\n"
              "      - {round: 1, unit: Temple guard, order: move, steps: [{advance: 5.97}]}\n"
              "      - {round: 1, turn: Skeleton horde, by: Father Odo}\n", 1)
s = s.replace("    edge: north\n", "    edge: north\n    controller: hold\n", 1)
open("s.yaml", "w").write(s)
PY
"$BS" play s.yaml --seed 1 --rounds 1 --log jsonl --out play.jsonl >/dev/null ||
	{ echo "play of the turning failed"; exit 1; }
grep -q '"type":"turn"' play.jsonl || { echo "no turning in play"; exit 1; }
grep -v '"type":"end"' play.jsonl >play2.jsonl
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w.journal --log jsonl --out ref.jsonl \
	<in.txt >/dev/null 2>err.txt
cmp -s ref.jsonl play2.jsonl || { echo "the turning session differs from play"; diff ref.jsonl play2.jsonl | head -5; exit 1; }
grep -qF '"ask":"turn","side":0,"unit":-1,"indiv":-1,"text":"turn: Skeleton horde, by: Father Odo"' w.journal ||
	{ echo "the turning is not journaled"; exit 1; }
for m in 'Temple, Missile and Magic Phase, step A [1.5 A]: a turning of undead? [14.19] RULING R-661 (turn: UNDEAD UNIT, by: CLERIC | done)' \
	'  Father Odo (turns at level 4) may try: Skeleton horde (0.0")'; do
	grep -qF "$m" err.txt || { echo "the turn prompt lacks: $m"; exit 1; }
done
want=$(fp 7 '')
got=$(fp 6 'turn: Skeleton horde, by: Brother Anselm\nturn: Skeleton horde, by: Temple guard\nturn: Temple guard, by: Father Odo\nrally: Temple guard, by: Father Odo\n\nturn: Skeleton horde, by: Father Odo\n')
[ "$got" = "$want" ] || { echo "refused turnings changed the state: $got / $want"; exit 1; }
e=$(err_of 6 'turn: Skeleton horde, by: Brother Anselm\nturn: Skeleton horde, by: Temple guard\nrally: Temple guard, by: Father Odo\n')
for m in 'refused: the undead are out of his reach [14.19] [14.2] RULING R-582' \
	"by: unknown individual 'Temple guard'" \
	'here: a turning attempt, turn: UNDEAD UNIT, by: CLERIC, or done [14.19]'; do
	printf '%s' "$e" | grep -qF "$m" || { echo "no refusal: $m"; printf '%s\n' "$e" | tail -4; exit 1; }
done
s=$({ head -n 6 in.txt; printf 'suggest\nquit\n'; } | "$BS" referee s.yaml $REF --journal sg.journal 2>/dev/null)
printf '%s' "$s" | grep -qF 'the AI (docs/AI.md) would answer: turn: Skeleton horde, by: Father Odo' ||
	{ echo "no AI turning suggested"; printf '%s\n' "$s" | tail -3; exit 1; }
[ "$(fp 7 'undo\n')" = "$(fp 6 '')" ] || { echo "undo after the turning"; exit 1; }
[ "$(fp 7 '')" != "$(fp 6 'done\n')" ] || { echo "the turning changed nothing"; exit 1; }
kill_at 6
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 6 '')" ] || { echo "resume after kill at the turn prompt: $got"; exit 1; }
exit 0
