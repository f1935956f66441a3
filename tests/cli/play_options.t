# battlesim play: --quiet, --out, --rounds, and bad options (exit 2).
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
# --quiet: only the summary
run play --seed 7 --quiet
expect_code 0
expect_out "=== Summary ==="
printf '%s' "$OUT" | grep -q "=== Round" && { echo "--quiet printed the log"; exit 1; }
# the summary is the same with and without the log
full=$("$BS" play --seed 7 | sed -n '/^=== Summary ===$/,$p')
quiet=$(printf '%s\n' "$OUT" | sed -n '/^=== Summary ===$/,$p')
[ "$full" = "$quiet" ] || { echo "--quiet summary differs"; exit 1; }
# --out FILE: the log there, the summary on stdout
run play --seed 7 --out "$f"
expect_code 0
expect_out "=== Summary ==="
printf '%s' "$OUT" | grep -q "=== Round" && { echo "--out: log on stdout"; exit 1; }
grep -q "^=== Round 1 ===$" "$f" || { echo "--out: no log in the file"; exit 1; }
grep -q "Summary" "$f" && { echo "--out: summary in the file"; exit 1; }
# --out with jsonl: the file is JSON Lines, stdout the summary line
run play --seed 7 --log jsonl --out "$f"
expect_code 0
python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin]' <"$f" || { echo "--out jsonl"; exit 1; }
printf '%s\n' "$OUT" | python3 -c 'import json,sys; l=sys.stdin.read().splitlines(); assert len(l)==1 and json.loads(l[0])["type"]=="summary"' ||
	{ echo "--log jsonl --out: stdout is not one summary line"; exit 1; }
# --rounds 1: over after one round at most
run play --seed 7 --rounds 1
expect_code 0
expect_out "Battle over after 1 round"
printf '%s' "$OUT" | grep -q "=== Round 2 ===" && { echo "--rounds 1 played round 2"; exit 1; }
# bad options: exit 2 with one error line
run play --seed x
expect_code 2
expect_err "battlesim: error: --seed expects a whole number, not 'x'"
run play --seed -1
expect_code 2
expect_err "out of range"
run play --rounds 0
expect_code 2
expect_err "--rounds 0 is out of range"
run play --log xml
expect_code 2
expect_err "--log expects text or jsonl, not 'xml'"
run play --frobnicate
expect_code 2
expect_err "unknown option '--frobnicate'"
run play --seed
expect_code 2
expect_err "--seed needs a value"
run play a.yaml b.yaml
expect_code 2
expect_err "unexpected argument 'b.yaml'"
run play /nonexistent/battle.yaml
expect_code 2
expect_err "/nonexistent/battle.yaml"
[ -z "$OUT" ] || { echo "stdout should be empty"; exit 1; }
run play --seed 7 --out /nonexistent/dir/log.txt
expect_code 1
expect_err "/nonexistent/dir/log.txt"
run help play
expect_code 0
expect_out "usage: battlesim play [FILE]"
