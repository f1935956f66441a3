# Referee mode through a pseudo-terminal (script(1), libedit): a whole
# Basic Game battle with entered dice reproduces, event for event, the
# battle `play --dice FILE` plays with the same numbers (issue 17).
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/../../data/scenarios/borderland-raid.yaml" "$T/s.yaml"
cd "$T" || exit 1
command -v script >/dev/null || { echo "no script(1)"; exit 1; }
# the dice of a seeded battle, and the session's inputs: go at each round
# prompt, each initiative die alone, the other rolls' dice on one line
"$BS" play s.yaml --seed 7 --log jsonl --out seeded.jsonl >/dev/null
awk '/"type":"round"/ { print "go" }
/"dice":\[/ { s = $0; sub(/.*"dice":\[/, "", s); sub(/\].*/, "", s)
	n = split(s, d, ",")
	if ($0 ~ /"type":"initiative"/) { for (i = 1; i <= n; i++) print d[i] }
	else { l = d[1]; for (i = 2; i <= n; i++) l = l " " d[i]; print l } }
END { print "status"; print "quit" }' seeded.jsonl >input.txt
grep -o '"dice":\[[0-9,]*\]' seeded.jsonl | sed 's/"dice":\[//; s/\]//; s/,/ /g' >dice.txt
"$BS" play s.yaml --dice dice.txt --log jsonl --out given.jsonl >/dev/null ||
	{ echo "play --dice failed"; exit 1; }
# the session on a terminal: the input is typed once the first prompt is
# there (a terminal drops what was typed before the program reads it)
mkfifo in.fifo
script -qec "'$BS' referee s.yaml --side 0=ai --side 1=ai --log jsonl --out ref.jsonl" \
	/dev/null <in.fifo >tty.txt 2>&1 &
pid=$!
exec 3>in.fifo
i=0
while ! grep -q 'round 1> ' tty.txt 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 300 ] || { echo "no first prompt"; kill $pid; exit 1; }
	sleep 0.1
done
cat input.txt >&3
i=0
while kill -0 $pid 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 600 ] || { echo "the session did not end"; kill $pid; exit 1; }
	sleep 0.1
done
exec 3>&-
wait $pid
grep -q 'inputs; state' tty.txt || { echo "no status"; tail -5 tty.txt; exit 1; }
grep -q 'refused' tty.txt && { echo "an entry was refused"; exit 1; }
cmp -s ref.jsonl given.jsonl || { echo "the session differs from play --dice"; exit 1; }
