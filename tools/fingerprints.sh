#!/bin/sh
# Output fingerprints for changes that must not alter results (issue 13):
# one md5 a line for every shipped scenario (the Intermediate Game
# acceptance scenario among them) and bench/duel.yaml: `sim --runs 300 --json` at 1
# and 2 threads, `play --seed S --log jsonl` for S in 1 3 5 7; then the
# golden files run against the same binary. Compare two runs with diff.
#   sh tools/fingerprints.sh build/rel/battlesim > before.txt
BIN=${1:?usage: fingerprints.sh BATTLESIM}
RUNS=${RUNS:-300}
cd "$(dirname "$0")/.." || exit 1
for f in data/scenarios/*.yaml bench/duel.yaml; do
	for t in 1 2; do
		m=$("$BIN" sim "$f" --runs "$RUNS" --threads "$t" --json \
			2>/dev/null | md5sum | cut -c1-32)
		echo "$m sim $f --runs $RUNS --threads $t --json"
	done
	for s in 1 3 5 7; do
		m=$("$BIN" play "$f" --seed "$s" --log jsonl 2>/dev/null |
			md5sum | cut -c1-32)
		echo "$m play $f --seed $s --log jsonl"
	done
done
for args in tests/golden/*.args; do
	eval "set -- $(cat "$args")"
	m=$("$BIN" "$@" 2>/dev/null | md5sum | cut -c1-32)
	echo "$m golden $(basename "$args" .args)"
done
