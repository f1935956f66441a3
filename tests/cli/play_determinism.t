# battlesim play: the same seed plays the same battle and prints the same
# bytes, in the text log and in JSON Lines; another seed plays another.
a=$(mktemp)
b=$(mktemp)
trap 'rm -f "$_o" "$_e" "$a" "$b"' EXIT
"$BS" play --seed 7 >"$a" 2>&1 || { echo "play --seed 7 failed"; exit 1; }
"$BS" play --seed 7 >"$b" 2>&1 || { echo "play --seed 7 failed"; exit 1; }
cmp "$a" "$b" || { echo "play --seed 7 differs run to run"; exit 1; }
"$BS" play --seed 7 --log jsonl >"$a" 2>&1 || exit 1
"$BS" play --seed 7 --log jsonl >"$b" 2>&1 || exit 1
cmp "$a" "$b" || { echo "play --seed 7 --log jsonl differs run to run"; exit 1; }
"$BS" play --seed 8 --log jsonl >"$b" 2>&1 || exit 1
cmp -s "$a" "$b" && { echo "seeds 7 and 8 played the same battle"; exit 1; }
# the text log: header, rounds, phases with cites, the summary
run play --seed 7
expect_code 0
expect_out "Battle: Borderland Raid (1E BATTLESYSTEM, Basic Game), seed 7"
expect_out "=== Round 1 ==="
expect_out "-- Initiative Phase [1.1]"
expect_out "-- Movement Phase [1.4]"
expect_out "  Initiative [5.1]: "
expect_out "Battle over after "
expect_out "=== Summary ==="
expect_out "Outcome: "
[ -z "$ERR" ] || { echo "stderr not empty: $ERR"; exit 1; }
