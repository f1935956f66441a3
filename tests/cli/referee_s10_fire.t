# Referee mode: a human 1E side's missile fire (issue 17; RULING R-431):
# [1.2] Initial Missile Phase volleys, [1.5 B] the Missile and Magic
# Phase's, [1.5 C] artillery and [10.6] pass-through fire during the
# enemy's move are asked at the prompt, in the grammar of a scripted fire
# entry; illegal volleys are refused with the rule; suggest gives the AI's
# volley; undo, kill -9 and --resume across a fire prompt keep the state.
# And the sides the AI or the scripted orders command fire in a referee
# session as in play (the dispatcher passes fire, pass-through and roles).
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/scripted_fire.yaml" "$T/f.yaml"
cp "$DATA/../../data/scenarios/battle-of-the-borderlands.yaml" "$T/b.yaml"
cd "$T" || exit 1

# the AI on both sides of the Intermediate Game's acceptance battle, and the
# scripted volleys of scripted_fire.yaml, with the program's dice: play,
# byte for byte, volleys included
yes go | head -60 | "$BS" referee b.yaml --journal a.journal --side 0=ai \
	--side 1=ai --dice all=program --log jsonl --out ref.jsonl >/dev/null 2>&1
"$BS" play b.yaml --log jsonl --out play.jsonl >/dev/null 2>&1
grep -q '"type":"volley"' play.jsonl || { echo "no volley in play"; exit 1; }
cmp -s ref.jsonl play.jsonl || { echo "referee (ai, program) != play on the borderlands"; exit 1; }
yes go | head -60 | "$BS" referee f.yaml --journal s.journal --side 0=scripted \
	--side 1=scripted --dice all=program --log jsonl --out ref.jsonl >/dev/null 2>&1
"$BS" play f.yaml --log jsonl --out play.jsonl >/dev/null 2>&1
cmp -s ref.jsonl play.jsonl || { echo "referee (scripted) != play"; exit 1; }

# The keep human, typing at the prompts what scripted_fire.yaml scripts for
# it (round 1: the Bowmen's initial volley, their pass-through volley 4"
# into the orcs' move, the catapult's fire pots in step C; round 2: no
# fire, hold; Wat keeps his post: `done` at the [9.0] roles prompt, R-435,
# each Movement Phase), the orcs scripted, the program's dice of seed 7: the same
# events as play of seed 7, event for event, up to the round 3 prompt.
cat >in.txt <<'EOF'
go
fire: Bowmen, target: Orcs
done
done
fire: Bowmen, target: Orcs, after: 4
none
in order
hold
hold
fire: Catapult, target: Orcs, ammo: fire pots
go
done
done
first
done
in order
hold
hold
done
EOF
"$BS" play f.yaml --seed 7 --log jsonl --out p7.jsonl >/dev/null 2>&1
"$BS" referee f.yaml --seed 7 --journal h.journal --side 1=scripted \
	--dice all=program --log jsonl --out ref.jsonl <in.txt >/dev/null 2>err.txt
grep -q 'refused\|not a command' err.txt && { echo "an entry was refused"; grep 'refused\|not a' err.txt | head -3; exit 1; }
n=$(wc -l <ref.jsonl)
[ "$(grep -c '"type":"volley"' ref.jsonl)" = 3 ] || { echo "not 3 volleys"; exit 1; }
grep -q '"type":"round","round":2' ref.jsonl || { echo "round 2 not played"; exit 1; }
head -n "$n" p7.jsonl | cmp -s - ref.jsonl ||
	{ echo "the human keep's session != play of its scripted orders"; head -n "$n" p7.jsonl | diff - ref.jsonl | head -6; exit 1; }
# the journal keeps each volley as a whole fire entry (its phase, the mover)
for t in '"ask":"fire","side":0,"unit":-1,"indiv":-1,"text":"fire: Bowmen, target: Orcs, phase: initial"' \
	'"ask":"pass-through","side":0,"unit":-1,"indiv":-1,"text":"fire: Bowmen, target: Orcs, after: 4, phase: pass_through, mover: '"'Orcs'"'"' \
	'"text":"fire: Catapult, target: Orcs, ammo: fire pots, phase: artillery"'; do
	grep -qF "$t" h.journal || { echo "journal lacks: $t"; exit 1; }
done
# the prompts list who may fire, at what, with the numbers
for t in 'Keep, Initial Missile Phase [1.2]: a volley? RULING R-431 (fire: UNIT, target: ENEMY | done)' \
	'Bowmen (2 shots left) may fire at: Orcs (long range, AR 26, 12 of 12 figures firing' \
	'Keep: Orcs is about to move 6.0": pass-through fire? [10.6]' \
	'Catapult (1 shot left): [10.11] ammo: fire pots (2 left) at Orcs from' \
	'Keep, artillery [1.5 C]: a volley?'; do
	grep -qF "$t" err.txt || { echo "prompt lacks: $t"; exit 1; }
done

fp() { # the state line after the first $1 lines of in.txt, then $2
	rm -f fp.journal
	{ head -n "$1" in.txt; printf '%bstatus\nquit\n' "$2"; } |
		"$BS" referee f.yaml --seed 7 --journal fp.journal --side 1=scripted \
		--dice all=program 2>/dev/null | grep 'inputs; state' | tail -1
}
err_of() { # stderr after the first $1 lines of in.txt, then $2
	rm -f e.journal
	{ head -n "$1" in.txt; printf '%bquit\n' "$2"; } |
		"$BS" referee f.yaml --seed 7 --journal e.journal --side 1=scripted \
		--dice all=program 2>&1 >/dev/null
}
# illegal volleys refused with the rule, and the state kept
e=$(err_of 1 'fire: Catapult, target: Orcs\nfire: Bowmen, target: Orcs, phase: missile\nfly away\nfire: Bowmen, target: Gorr\nsuggest\n')
for m in 'refused: artillery fires in step C of the Missile and Magic Phase [1.2] [1.5 C]' \
	"refused: this prompt is for another phase's fire (leave phase out) [1.2] [1.5]" \
	'here: a volley, fire: UNIT, target: ENEMY, or done' \
	"target: unknown enemy unit or individual 'Gorr'"; do
	printf '%s' "$e" | grep -qF "$m" || { echo "no refusal: $m"; printf '%s\n' "$e" | tail -4; exit 1; }
done
suggest=$(rm -f e.journal; { head -n 1 in.txt; printf 'suggest\nquit\n'; } |
	"$BS" referee f.yaml --seed 7 --journal e.journal --side 1=scripted --dice all=program 2>/dev/null)
printf '%s' "$suggest" | grep -qF 'the AI (docs/AI.md) would answer: fire: Bowmen, target: Orcs (long range, AR 26' ||
	{ echo "no suggestion at the fire prompt"; printf '%s\n' "$suggest" | tail -3; exit 1; }
printf '%s' "$suggest" | grep -qF 'why: the most valuable target in range, before the enemy moves' ||
	{ echo "the suggestion has no reason"; exit 1; }
want=$(fp 2 '')
[ -n "$want" ] || { echo "no state line"; exit 1; }
got=$(fp 1 'fire: Catapult, target: Orcs\nfire: Bowmen, target: Orcs, phase: missile\n\nfire: Bowmen, target: Orcs\n')
[ "$got" = "$want" ] || { echo "refused volleys changed the state: $got / $want"; exit 1; }
e=$(err_of 5 'fire: Catapult, target: Orcs, after: 1, ammo: rocks\nfire: Bowmen, target: Orcs\n')
printf '%s' "$e" | grep -qF "ammo: 'Catapult' has no special ammunition 'rocks' [10.11]" ||
	{ echo "no refusal of an unknown ammunition"; exit 1; }
printf '%s' "$e" | grep -qF 'refused: a unit takes at most one shot of pass-through fire a round [10.2] [10.6]' ||
	{ echo "no refusal of a second pass-through shot"; printf '%s\n' "$e" | tail -3; exit 1; }
e=$(err_of 9 'fire: Bowmen, target: Orcs\n')
printf '%s' "$e" | grep -qF 'refused: only artillery fires in step C [1.5 C]' ||
	{ echo "no refusal of a volley in step C"; printf '%s\n' "$e" | tail -3; exit 1; }

# undo after a volley (initial, pass-through, artillery), and after the
# roles prompt's done (R-435) == never entered
for k in 1 3 4 9; do
	a=$(fp "$((k + 1))" 'undo\n')
	[ "$a" = "$(fp "$k" '')" ] || { echo "undo after input $((k + 1)): $a"; exit 1; }
done

# kill -9 while the session waits at a prompt (the [9.0] roles prompt,
# R-435, after 3 inputs; the pass-through prompt, after 4; the
# artillery's, after 9), then --resume: the
# state of the uninterrupted session at that input count; going on from
# there plays the same battle
for k in 3 4 9; do
	rm -f k.journal in.fifo
	mkfifo in.fifo
	"$BS" referee f.yaml --seed 7 --journal k.journal --side 1=scripted \
		--dice all=program <in.fifo >/dev/null 2>&1 &
	pid=$!
	exec 3>in.fifo
	head -n "$k" in.txt >&3
	i=0
	while [ "$({ wc -l <k.journal; } 2>/dev/null || echo 0)" -lt $((k + 1)) ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep 0.3
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	exec 3>&-
	got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
	[ "$got" = "$(fp "$k" '')" ] || { echo "resume after kill at input $k: $got"; exit 1; }
	tail -n +"$((k + 1))" in.txt | "$BS" referee --resume k.journal >/dev/null 2>&1
	[ "$(wc -l <k.journal)" = "$(($(wc -l <in.txt) + 1))" ] || { echo "the resumed session took other inputs"; exit 1; }
	got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
	[ "$got" = "$(fp "$(wc -l <in.txt)" '')" ] || { echo "resumed at $k, then on: $got"; exit 1; }
done

# the borderlands, the keep human: its archers fire pass-through at the
# warband's warriors and in the Missile and Magic Phase
printf 'go\ndone\ndone\nin order\nhold\nhold\nhold\nhold\nstay\nfire: Keep archers, target: Broken Fang warriors, after: 6\nnone\nfire: Keep archers, target: Broken Fang warriors\nquit\n' |
	"$BS" referee b.yaml --journal bh.journal --side 0=ai --dice all=program \
	--log jsonl --out bh.jsonl >/dev/null 2>err.txt
[ "$(grep -c '"type":"volley".*"unit_name":"Keep archers"' bh.jsonl)" = 2 ] ||
	{ echo "the keep archers did not fire twice"; grep refused err.txt | head -3; exit 1; }
grep -qF 'Watch hill catapult (1 shot left): at Redhand hobgoblins from' err.txt ||
	{ echo "the catapult's pass-through fire is not offered"; exit 1; }
# the keep's individuals' [9.0] changes of role are asked (R-435; `done`
# above); what a human side is not asked yet is said at the prompt where it
# applies (issue 17); the matrix: the order the brigades move in is asked
# (R-438); an aerial brigade's split of its classes [M4.2] is asked at its
# attack (R-437), and its attack prompt says so
grep -qF "Border keep muster, movement phase: a change of role? [9.0] RULING R-435" err.txt ||
	{ echo "the roles are not asked"; exit 1; }
grep -qF "not asked yet: its individuals' changes of role" err.txt &&
	{ echo "the roles are still announced as not asked"; exit 1; }
cp "$DATA/matrix_orders.yaml" m.yaml
"$BS" referee m.yaml --journal m.journal <"$DATA/matrix_orders.input" >/dev/null 2>err.txt
[ "$(grep -c "movement: the order its brigades move in? (in order | the brigades that move first, by name, like: .*) \[M3.2\] RULING R-438" err.txt)" -ge 2 ] ||
	{ echo "the brigades' order is not asked"; exit 1; }
if grep -qF "the order is not asked, RULING R-427" err.txt; then
	echo "the brigades' order is still announced as not asked"
	exit 1
fi
grep -A1 'whom does Hippogriff Riders (B3) at row 2, column 2 attack' err.txt |
	grep -qF '(its 2 classes may then be split between the enemies in reach: asked when it attacks [M4.2] RULING R-437)' ||
	{ echo "the aerial split is not announced at the attack prompt"; exit 1; }
if grep -qF 'not asked yet: its 2 classes' err.txt; then
	echo "the aerial split is still announced as not asked"
	exit 1
fi
