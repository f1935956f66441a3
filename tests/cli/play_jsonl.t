# battlesim play --log jsonl: valid JSON Lines, one object per line, every
# event type documented in docs/EVENTS.md, the summary last.
top=$(cd "$DATA/../.." && pwd)
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
for seed in 1 7 42; do
	"$BS" play --seed $seed --log jsonl >"$f" || { echo "play failed"; exit 1; }
	python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin]' <"$f" ||
		{ echo "seed $seed: not JSON Lines"; exit 1; }
	grep -q '^{"type":"battle_start",' "$f" || { echo "no battle_start"; exit 1; }
	tail -n 1 "$f" | grep -q '^{"type":"summary",' || { echo "summary not last"; exit 1; }
	tail -n 2 "$f" | head -n 1 | grep -q '^{"type":"end",' || { echo "end not before the summary"; exit 1; }
	for t in $(grep -o '^{"type":"[a-z_]*"' "$f" | sort -u | sed 's/.*:"//; s/"$//'); do
		grep -q "^### $t\$" "$top/docs/EVENTS.md" || [ "$t" = summary ] ||
			{ echo "event type $t not in docs/EVENTS.md"; exit 1; }
	done
done
# the text log has one line per event: as many as JSON lines (summary and
# blank lines aside)
"$BS" play --seed 7 --log jsonl | grep -vc '^{"type":"summary"' >"$f"
n_json=$(cat "$f")
n_text=$("$BS" play --seed 7 | sed '/^=== Summary ===$/,$d' | grep -vc '^$')
[ "$n_json" = "$n_text" ] || { echo "$n_json JSON lines, $n_text text lines"; exit 1; }
# every example of docs/EVENTS.md is one valid JSON object
awk '/^```json$/ {m = 1; next} /^```$/ {m = 0} m' "$top/docs/EVENTS.md" |
	python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin]' ||
	{ echo "an example of docs/EVENTS.md is not JSON"; exit 1; }
# every key of a real log is documented in docs/EVENTS.md
"$BS" play --seed 7 --log jsonl >"$f"
expect_keys_documented "$f" "$top/docs/EVENTS.md"
