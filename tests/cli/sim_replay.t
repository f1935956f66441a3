# Issue 4: --replay K plays battle K of the run again with the full log;
# battle 0 of seed S is the battle of `play --seed S`.
run play --seed 9
expect_code 0
played=$OUT
run sim --seed 9 --replay 0
expect_code 0
[ "$OUT" = "$played" ] || { echo "replay 0 differs from play --seed 9"; exit 1; }
run sim --seed 9 --replay 3
expect_code 0
expect_out "=== Round 1 ==="
[ "$OUT" != "$played" ] || { echo "battle 3 is battle 0"; exit 1; }
run sim --seed 9 --replay 3 --log jsonl
expect_code 0
printf '%s\n' "$OUT" | python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin if l.strip()]'
