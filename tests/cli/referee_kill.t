# kill -9 at 50 random moments of a scripted referee session, then
# --resume: the state equals the uninterrupted one at the same input count
# (issue 17: the journal is fsynced before each input is played).
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/../../data/scenarios/borderland-raid.yaml" "$T/s.yaml"
cd "$T" || exit 1
# valid inputs only, one a line: the seeded battle's dice (as in
# referee_pty.t), the AI on side 1, side 0 human orders: hold
"$BS" play s.yaml --seed 11 --log jsonl --out seeded.jsonl >/dev/null
awk '/"type":"round"/ { print "go" }
/"dice":\[/ { s = $0; sub(/.*"dice":\[/, "", s); sub(/\].*/, "", s)
	n = split(s, d, ",")
	if ($0 ~ /"type":"initiative"/) { for (i = 1; i <= n; i++) print d[i] }
	else { l = d[1]; for (i = 2; i <= n; i++) l = l " " d[i]; print l } }' \
	seeded.jsonl | head -120 >input.txt
# the uninterrupted session, with the state after every input
awk '{ print; print "status" }' input.txt |
	"$BS" referee s.yaml --journal full.journal --side 0=ai --side 1=ai \
	2>/dev/null | grep 'inputs; state' | sed 's/.*; \([0-9]*\) inputs; /\1 /' >states.txt
[ "$(wc -l <states.txt)" -ge 100 ] || { echo "too few states"; exit 1; }
k=0
while [ $k -lt 50 ]; do
	k=$((k + 1))
	rm -f k.journal
	( "$BS" referee s.yaml --journal k.journal --side 0=ai --side 1=ai \
		<input.txt >/dev/null 2>&1 ) &
	pid=$!
	# a random moment within the session's run
	sleep "0.0$(awk -v s=$k 'BEGIN { srand(s); printf "%02d", int(rand() * 60) }')"
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	# killed before its header line was complete: nothing to resume (the
	# resume refuses it with a message)
	[ -f k.journal ] && [ "$(wc -l <k.journal)" -ge 1 ] || continue
	got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null |
		grep 'inputs; state' | sed 's/.*; \([0-9]*\) inputs; /\1 /')
	[ -n "$got" ] || { echo "kill $k: no state after resume"; exit 1; }
	n=${got%% *}
	[ "$n" -eq 0 ] && continue
	want=$(awk -v n="$n" '$1 == n { print; exit }' states.txt)
	[ "$got" = "$want" ] || { echo "kill $k: $got, want $want"; exit 1; }
done
