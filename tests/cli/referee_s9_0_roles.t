# Referee mode: a human 1E side's [9.0] changes of role (issue 17; RULING
# R-435): asked at the beginning of its Movement Phase, only while one of
# its individuals may change role, in the grammar of a scripted role entry
# (individual: NAME, role: hero | member, of: UNIT | commander, of: UNIT;
# take_over: COMMANDER), or done; an illegal change refused with the rule;
# suggest gives the AI's; undo, kill -9 and --resume at the roles prompt
# keep the state.
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/scripted_roles.yaml" "$T/r.yaml"
cd "$T" || exit 1

# the keep human typing what scripted_roles.yaml scripts for it (round 1:
# the Bowmen's volleys, Wat becomes a hero, he stays; the catapult's fire
# pots), the orcs scripted, the program's dice of seed 7: the same events
# as play of seed 7, event for event, up to the round 2 prompt
cat >in.txt <<'EOF'
go
fire: Bowmen, target: Orcs
done
individual: Wat, role: hero
fire: Bowmen, target: Orcs, after: 4
none
in order
hold
hold
stay
fire: Catapult, target: Orcs, ammo: fire pots
EOF
"$BS" play r.yaml --seed 7 --log jsonl --out p7.jsonl >/dev/null 2>&1
grep -q '"type":"role","round":1,"phase":"movement","side":0,"indiv":0,"indiv_name":"Wat","change":"hero"' p7.jsonl ||
	{ echo "play has no change of role"; exit 1; }
"$BS" referee r.yaml --seed 7 --journal h.journal --side 1=scripted \
	--dice all=program --log jsonl --out ref.jsonl <in.txt >/dev/null 2>err.txt
grep -q 'refused\|not a command\|expected stay' err.txt && { echo "an entry was refused"; grep 'refused\|not a\|expected stay' err.txt | head -3; exit 1; }
grep -q '"type":"role","round":1,.*"indiv_name":"Wat","change":"hero"' ref.jsonl ||
	{ echo "the human's change of role was not made"; exit 1; }
n=$(wc -l <ref.jsonl)
[ "$n" -gt 20 ] || { echo "too short a session"; exit 1; }
head -n "$n" p7.jsonl | cmp -s - ref.jsonl ||
	{ echo "the human keep's session != play of its scripted change"; head -n "$n" p7.jsonl | diff - ref.jsonl | head -6; exit 1; }
grep -qF '"ask":"roles","side":0,"unit":-1,"indiv":-1,"text":"individual: Wat, role: hero"' h.journal ||
	{ echo "the journal lacks the change of role"; exit 1; }
# the prompt: the individuals, their roles now, the changes allowed
for t in 'Keep, movement phase: a change of role? [9.0] RULING R-435' \
	'  Wat: commander (Bowmen)' \
	'  the rules allow now:' \
	'    individual: Wat, role: hero'; do
	grep -qF "$t" err.txt || { echo "prompt lacks: $t"; exit 1; }
done
# once a hero, Wat has no change the rules allow: round 2 asks none
grep -c 'a change of role?' err.txt | grep -qx 1 || { echo "asked more than once"; exit 1; }

fp() { # the state line after the first $1 lines of in.txt, then $2
	rm -f fp.journal
	{ head -n "$1" in.txt; printf '%bstatus\nquit\n' "$2"; } |
		"$BS" referee r.yaml --seed 7 --journal fp.journal --side 1=scripted \
		--dice all=program 2>/dev/null | grep 'inputs; state' | tail -1
}
# illegal changes refused with the rule, words refused, and the state kept
e=$({ head -n 3 in.txt; printf 'individual: Wat, role: commander, of: Catapult\nindividual: Gor, role: hero\nfly\nindividual: Wat, take_over: Wat\nsuggest\nquit\n'; } |
	"$BS" referee r.yaml --seed 7 --journal e.journal --side 1=scripted --dice all=program 2>&1)
for m in 'refused: he must touch the unit to join it [9.0] RULING R-503' \
	"individual: 'Gor' is an individual of side 'Warband', not of side 'Keep'" \
	'here: a change of role, individual: NAME, role: hero' \
	'refused: no such commander [9.3]' \
	'the AI (docs/AI.md) would answer: done'; do
	printf '%s' "$e" | grep -qF "$m" || { echo "no refusal: $m"; printf '%s\n' "$e" | tail -4; exit 1; }
done
want=$(fp 3 '')
[ -n "$want" ] || { echo "no state line"; exit 1; }
got=$(fp 3 'individual: Wat, role: commander, of: Catapult\nfly\nindividual: Wat, take_over: Wat\n')
[ "$got" = "$want" ] || { echo "refused changes changed the state: $got / $want"; exit 1; }
# undo after the change of role == never entered
a=$(fp 4 'undo\n')
[ "$a" = "$want" ] || { echo "undo after the change of role: $a / $want"; exit 1; }
[ "$(fp 4 '')" != "$want" ] || { echo "the change of role made no difference to the state"; exit 1; }

# kill -9 while the session waits at the roles prompt (after 3 inputs) and
# just after the change (4), then --resume: the uninterrupted state at that
# input count; going on from there plays the same battle
for k in 3 4; do
	rm -f k.journal in.fifo
	mkfifo in.fifo
	"$BS" referee r.yaml --seed 7 --journal k.journal --side 1=scripted \
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
