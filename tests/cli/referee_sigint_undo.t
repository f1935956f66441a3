# Referee mode (issue 17, "Bad entries at every kind of prompt (... EOF,
# Ctrl-C) keep the state" and "Undo after every kind of input gives the
# same state as never having entered it"), at each 1E prompt and the 2E
# retreat: fire [1.2] (R-431), pass-through [10.6] (a unit's; a hero's,
# R-662), roles [9.0] (R-435), individual [9.2], melee [1.6 B] (R-430),
# follow [7.12], weapon [8.2], cast [14.1] (R-660), turn [14.19] (R-661),
# retreat (2E, R-215), and an order [7.0].
#  - SIGINT while the session waits at the prompt (standard input a pipe):
#    "interrupted: the line is dropped", nothing journaled, the same
#    question again; then status: the state of the same inputs never
#    interrupted.
#  - undo after a typed answer there: the state line and the whole log
#    (`log all`) equal those of the session that never typed it.
#  - bad entries there (words, out of range, unknown names, empty): each
#    refused with its reason and asked again; the state after them and
#    the good answer equals that of the good answer alone.
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cd "$T" || exit 1
for f in hero_bow mirror_a weapon_change bs2e_example magic_fireball turning; do
	cp "$DATA/$f.yaml" "$f.yaml"
done
P="--seed 1 --side 1=ai --dice all=program"

look() { # FILE INPUTS: `log all` (from its last "Battle:") and status after INPUTS
	rm -f l.journal
	# shellcheck disable=SC2086
	printf '%blog all\nstatus\nquit\n' "$2" | "$BS" referee "$1" $P --journal l.journal 2>/dev/null |
		awk '/^Battle: / { n = 0 } { l[n++] = $0 } END { for (i = 0; i < n; i++) print l[i] }'
}
sig() { # FILE PROMPT INPUTS: SIGINT at PROMPT after INPUTS
	rm -f s.journal in.fifo err.txt
	mkfifo in.fifo
	# shellcheck disable=SC2086
	"$BS" referee "$1" $P --journal s.journal <in.fifo >out.txt 2>err.txt &
	pid=$!
	exec 3>in.fifo
	printf '%b' "$3" >&3
	n=$(printf '%b' "$3" | grep -c .)
	i=0
	while ! grep -qF "$2> " err.txt 2>/dev/null ||
		[ "$({ wc -l <s.journal; } 2>/dev/null || echo 0)" -lt $((n + 1)) ]; do
		i=$((i + 1))
		[ $i -lt 300 ] || { echo "SIGINT at $2: never waits there"; tail -3 err.txt; kill $pid; exit 1; }
		sleep 0.1
	done
	sleep 0.3
	kill -INT $pid
	i=0
	while ! grep -q 'interrupted: the line is dropped' err.txt; do
		i=$((i + 1))
		[ $i -lt 100 ] || { echo "SIGINT at $2: no word"; tail -3 err.txt; kill $pid; exit 1; }
		sleep 0.1
	done
	printf 'status\nquit\n' >&3
	exec 3>&-
	wait $pid || { echo "SIGINT at $2: exit $?"; exit 1; }
	[ "$(grep -c '"t":' s.journal)" = "$n" ] || { echo "SIGINT at $2: journaled"; exit 1; }
	[ "$(grep -c "^$2> " err.txt)" -ge 1 ] &&
		[ "$(sed -n '/interrupted: the line is dropped/,$p' err.txt | grep -c "$2> ")" -ge 1 ] ||
		{ echo "SIGINT at $2: not asked again"; tail -3 err.txt; exit 1; }
	got=$(grep 'inputs; state' out.txt | tail -1)
	rm -f q.journal
	# shellcheck disable=SC2086
	want=$(printf '%bstatus\nquit\n' "$3" | "$BS" referee "$1" $P --journal q.journal 2>/dev/null |
		grep 'inputs; state' | tail -1)
	[ -n "$want" ] && [ "$got" = "$want" ] || { echo "SIGINT at $2: $got / $want"; exit 1; }
}
und() { # FILE PROMPT INPUTS ANSWER: undo after ANSWER == never typed
	rm -f u.journal
	# shellcheck disable=SC2086
	e=$(printf '%b%s\nquit\n' "$3" "$4" | "$BS" referee "$1" $P --journal u.journal 2>&1 >/dev/null)
	printf '%s' "$e" | grep -qF "$2> " || { echo "undo at $2: no such prompt"; exit 1; }
	n=$(printf '%b' "$3" | grep -c .)
	grep -qF "\"text\":\"$4" u.journal && [ "$(grep -c '"t":' u.journal)" = $((n + 1)) ] ||
		{ echo "undo at $2: '$4' was not taken"; printf '%s\n' "$e" | tail -3; exit 1; }
	a=$(look "$1" "$3$4\nundo\n")
	b=$(look "$1" "$3")
	[ -n "$b" ] || { echo "undo at $2: no log"; exit 1; }
	[ "$a" = "$b" ] || { echo "undo after '$4' at $2 differs from never typing it"; exit 1; }
	[ "$(look "$1" "$3$4\n")" != "$b" ] || { echo "undo at $2: '$4' changed nothing"; exit 1; }
}
sig hero_bow.yaml fire 'go\n'
und hero_bow.yaml fire 'go\n' 'fire: Guards, target: Raiders'
sig hero_bow.yaml roles 'go\ndone\nfirst\n'
und hero_bow.yaml roles 'go\ndone\nfirst\n' 'individual: Cap, role: hero'
sig hero_bow.yaml order 'go\ndone\nfirst\ndone\n'
und hero_bow.yaml order 'go\ndone\nfirst\ndone\n' 'move, steps: [{advance: 3}]'
sig hero_bow.yaml individual 'go\ndone\nfirst\ndone\nhold\n'
und hero_bow.yaml individual 'go\ndone\nfirst\ndone\nhold\n' '44 55'
sig hero_bow.yaml pass-through 'go\ndone\nfirst\ndone\nhold\nstay\n'
und hero_bow.yaml pass-through 'go\ndone\nfirst\ndone\nhold\nstay\n' 'fire: Guards, target: Raiders, after: 3'
sig hero_bow.yaml pass-through 'go\ndone\nfirst\ndone\nhold\nstay\nnone\n'
und hero_bow.yaml pass-through 'go\ndone\nfirst\ndone\nhold\nstay\nnone\n' 'fire: Archer hero, target: Raiders'
M='go\nfirst\nin order\nhold\nhold\ngo\nin order\nhold\nhold\ngo\nfirst\nin order\nhold\nhold\n'
sig mirror_a.yaml melee "$M"
und mirror_a.yaml melee "$M" 'Red spears'
sig weapon_change.yaml follow 'go\nfirst\nhold\n'
und weapon_change.yaml follow 'go\nfirst\nhold\n' 'follow'
sig weapon_change.yaml weapon 'go\nfirst\nhold\nstay\n'
und weapon_change.yaml weapon 'go\nfirst\nhold\nstay\n' 'two-handed sword'
sig magic_fireball.yaml cast 'go\nfirst\ndone\nhold\nstay\n'
und magic_fireball.yaml cast 'go\nfirst\ndone\nhold\nstay\n' 'individual: Zanzibar, cast: fireball, target: Ogres'
sig turning.yaml turn 'go\nfirst\ndone\nhold\nstay\ndone\n'
und turning.yaml turn 'go\nfirst\ndone\nhold\nstay\ndone\n' 'turn: Skeleton horde, by: Father Odo'
sig bs2e_example.yaml retreat 'go\nhold\nhold\nin order\nhold\nhold\nhold\n'
und bs2e_example.yaml retreat 'go\nhold\nhold\nin order\nhold\nhold\nhold\n' 'retreat'
bad() { # FILE PROMPT INPUTS BAD GOOD REASON...: BAD refused at PROMPT
	f=$1 pr=$2 in=$3 bd=$4 gd=$5
	shift 5
	rm -f b.journal
	# shellcheck disable=SC2086
	e=$(printf '%b%b\nquit\n' "$in" "$bd" | "$BS" referee "$f" $P --journal b.journal 2>&1 >/dev/null)
	for m in "$@"; do
		printf '%s' "$e" | grep -qF "$pr> $m" || { echo "bad entry at $pr: no '$m'"; printf '%s\n' "$e" | tail -4; exit 1; }
	done
	[ "$(grep -c '"t":' b.journal)" = "$(printf '%b' "$in" | grep -c .)" ] ||
		{ echo "bad entry at $pr journaled"; exit 1; }
	[ "$(look "$f" "$in$bd\n\n$gd\n")" = "$(look "$f" "$in$gd\n")" ] ||
		{ echo "bad entries at $pr changed the state"; exit 1; }
}
bad weapon_change.yaml 'moves first' 'go\n' 'maybe\n2' first 'expected first or second [1.4]'
bad mirror_a.yaml sequence 'go\nfirst\n' 'Nobody\n9\nRed foot, Red foot' 'in order' \
	"'Nobody' is not a unit of Red" "'9' is not a unit of Red" 'Red foot is named twice'
bad hero_bow.yaml order 'go\ndone\nfirst\ndone\n' 'charge, target: Nobody\nfly' hold \
	"target: unknown enemy unit 'Nobody'" "order: unknown value 'fly'"
bad hero_bow.yaml individual 'go\ndone\nfirst\ndone\nhold\n' '999 999\nnorth\n1 2 3' '44 55' \
	'refused: off the table [7.7]' 'expected stay, or the place to go: X Y (inches) [9.2]'
bad mirror_a.yaml melee "$M" 'Blue foot\nNobody' 'Red spears' "'Blue foot' is not a unit of Red" "'Nobody' is not a unit of Red"
bad weapon_change.yaml follow 'go\nfirst\nhold\n' 'maybe\n7' follow 'expected follow or stay [7.12]'
bad weapon_change.yaml weapon 'go\nfirst\nhold\nstay\n' 'club\n3' 'two-handed sword' 'expected keep or a weapon the unit carries'
bad bs2e_example.yaml retreat 'go\nhold\nhold\nin order\nhold\nhold\nhold\n' 'maybe\n4' retreat \
	'expected retreat (4" instead of checking) or check [2E Morale]'
bad hero_bow.yaml fire 'go\n' 'fire: Guards, target: Nobody\nfire: Raiders, target: Guards\nshoot' 'fire: Guards, target: Raiders' \
	"target: unknown enemy unit or individual 'Nobody'" 'here: a volley, fire: UNIT, target: ENEMY, or done'
exit 0
