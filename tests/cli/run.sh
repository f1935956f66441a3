#!/bin/sh
# Command-line tests: each tests/cli/*.t is a shell script run with $BS set
# to the battlesim binary and $DATA to tests/data; it passes when it exits 0.
# Helpers for the scripts are in tests/cli/lib.sh.
BIN=${1:?usage: run.sh BATTLESIM}
dir=$(cd "$(dirname "$0")" && pwd)
BS=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
DATA=$(cd "$dir/../data" && pwd)
export BS DATA
pass=0
fail=0
for t in "$dir"/*.t; do
	[ -e "$t" ] || continue
	out=$(sh -c ". '$dir/lib.sh'; . '$t'" 2>&1)
	if [ $? -eq 0 ]; then
		pass=$((pass + 1))
	else
		echo "cli FAIL $(basename "$t"):"
		echo "$out" | sed 's/^/    /' | head -40
		fail=$((fail + 1))
	fi
done
echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
