#!/bin/sh
# Golden files: each tests/golden/NAME.args holds the arguments of one
# battlesim run (one line); NAME.out is its exact expected stdout and
# NAME.code (optional) its exit code (default 0). UPDATE=1 rewrites the
# .out files; review the diff like code.
BIN=${1:?usage: run.sh BATTLESIM}
dir=$(dirname "$0")
pass=0
fail=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for args in "$dir"/*.args; do
	[ -e "$args" ] || continue
	name=${args%.args}
	want_code=0
	[ -f "$name.code" ] && want_code=$(cat "$name.code")
	# shellcheck disable=SC2046
	eval "set -- $(cat "$args")"
	"$BIN" "$@" >"$tmp" 2>/dev/null
	code=$?
	if [ "${UPDATE:-0}" = 1 ]; then
		cp "$tmp" "$name.out"
	fi
	if [ "$code" != "$want_code" ]; then
		echo "golden FAIL $(basename "$name"): exit $code, want $want_code"
		fail=$((fail + 1))
	elif ! diff -u "$name.out" "$tmp" >/dev/null 2>&1; then
		echo "golden FAIL $(basename "$name"): output differs:"
		diff -u "$name.out" "$tmp" | head -40
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
