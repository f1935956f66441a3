# Referee mode (issue 17, docs/REFEREE.md): scripted sessions (standard
# input not a terminal), the journal, undo, resume, chances == sim --from.
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/../../data/scenarios/borderland-raid.yaml" "$T/s.yaml"
cd "$T" || exit 1
fp() { # the state line of status after the inputs in $1
	rm -f fp.journal
	printf '%bstatus\nquit\n' "$1" | "$BS" referee s.yaml --journal fp.journal \
		--side 1=ai 2>/dev/null | grep 'inputs; state' | tail -1
}

# usage and help (without FILE: the built-in scenario, referee_builtin.t)
run referee s.yaml --builtin borderland-raid
expect_code 2
expect_err "give a scenario FILE or --builtin NAME, not both"
run help referee
expect_code 0
expect_out "usage: battlesim referee [FILE | --builtin NAME]"

# the AI on both sides and the program's dice: the battle of play, byte
# for byte ([1.0], the same seed)
yes go | head -60 | "$BS" referee s.yaml --journal a.journal --side 0=ai \
	--side 1=ai --dice all=program --log jsonl --out ref.jsonl >/dev/null 2>&1
"$BS" play s.yaml --log jsonl --out play.jsonl >/dev/null
cmp -s ref.jsonl play.jsonl || { echo "referee (ai, program) != play"; exit 1; }

# a journal is never overwritten
run referee s.yaml --journal a.journal
expect_code 2
expect_err "a journal is there already"

# bad entries at every kind of prompt keep the state: out of range, words,
# empty, a wrong count, a refused order
good='go\n3\n5\n'
want=$(fp "$good")
[ -n "$want" ] || { echo "no state line"; exit 1; }
got=$(fp 'go\n7\nseven\n\n3 4\n3\n0\n5\n-1\n')
[ "$got" = "$want" ] || { echo "bad dice changed the state: $got / $want"; exit 1; }
printf 'go\n3\n7\n' | "$BS" referee s.yaml --journal b.journal --side 1=ai \
	>/dev/null 2>err.txt
grep -q 'refused: 7 is not a roll of a d6 (1 to 6)' err.txt ||
	{ echo "no refusal of 7 on a d6"; cat err.txt; exit 1; }

# a human order refused with the rule, then a legal one (the units move
# in the side's order, RULING R-428)
printf 'go\n3\n5\n4 4\nfirst\nin order\nfly away\ncharge, target: Keep men-at-arms\nhold\nquit\n' |
	"$BS" referee s.yaml --journal c.journal --side 1=ai >/dev/null 2>err.txt
grep -q "not an order\|unknown key\|expected" err.txt ||
	{ echo "a bad order was not refused"; cat err.txt | tail -5; exit 1; }

# undo after every kind of input == never entered
base='go\n3\n5\n'
for extra in '4 4\n' 'dice attack program\n' 'side 1 hold\n' \
	'override routed Keep men-at-arms -- the dragon\n' \
	'override figures Village levy 10 2 -- misread\n'; do
	a=$(fp "$base$extra""undo\n")
	[ "$a" = "$(fp "$base")" ] || { echo "undo after $extra: $a"; exit 1; }
done
# undo round: back to the round prompt
[ "$(fp "${base}undo round\n")" = "$(fp '')" ] || { echo "undo round"; exit 1; }

# an override is logged with the referee's text
printf 'go\n3\n5\noverride routed Village levy -- it saw the dragon\nlog 3\nquit\n' |
	"$BS" referee s.yaml --journal o.journal --side 1=ai 2>/dev/null >out.txt
grep -q 'Village levy: override: routed (the referee: it saw the dragon)' out.txt ||
	{ echo "override not logged"; cat out.txt | tail; exit 1; }

# resume: the same state; a torn last line is dropped with a message
printf 'go\n3\n5\n4 4\nquit\n' | "$BS" referee s.yaml --journal r.journal \
	--side 1=ai >/dev/null 2>&1
printf '{"t":"die","round":1,"ph' >>r.journal
s1=$(printf 'status\nquit\n' | "$BS" referee --resume r.journal 2>err.txt |
	grep 'inputs; state')
grep -q 'was cut off as it was written: dropped' err.txt ||
	{ echo "torn line not reported"; cat err.txt; exit 1; }
[ "$s1" = "$(fp 'go\n3\n5\n4 4\n')" ] || { echo "resume: $s1"; exit 1; }

# a journal whose scenario changed is refused
sed 's/Borderland Raid/Borderland Raid!/' s.yaml >s2.yaml && mv s2.yaml s.yaml
run referee --resume r.journal
expect_code 2
expect_err "has changed since this journal was begun"
cp "$DATA/../../data/scenarios/borderland-raid.yaml" s.yaml

# chances 2000 from a position == sim --from of the same journal
rm -f ch.journal
printf 'go\n3\n5\n4 4\nchances 2000\nquit\n' | "$BS" referee s.yaml \
	--journal ch.journal --side 1=ai 2>/dev/null >out.txt
w=$(grep 'wins' out.txt | awk '{print $(NF-5)}' | tr '\n' ' ')
run sim --from ch.journal --runs 2000 --json
expect_code 0
j=$(printf '%s' "$OUT" | grep '"wins"' | tr -dc '0-9\n' | tr '\n' ' ')
[ -n "$w" ] && [ "$w" = "$j" ] || { echo "chances '$w' != sim --from '$j'"; exit 1; }
