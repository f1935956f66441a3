# Helpers for tests/cli/*.t. Each check prints what went wrong and exits 1.
#   run ARGS...          runs $BS, keeps stdout in $OUT, stderr in $ERR,
#                        the exit code in $CODE
#   expect_code N        the last run exited N
#   expect_out TEXT      stdout contains TEXT (fixed string)
#   expect_err TEXT      stderr contains TEXT (fixed string)
#   expect_err_lines N   stderr has exactly N lines starting "battlesim: error:"
#   expect_keys_documented JSONL DOC  every key of every object of the
#                        JSON Lines file is named `key` in DOC
set -u
OUT=
ERR=
CODE=
_o=$(mktemp)
_e=$(mktemp)
trap 'rm -f "$_o" "$_e"' EXIT
run() {
	"$BS" "$@" >"$_o" 2>"$_e"
	CODE=$?
	OUT=$(cat "$_o")
	ERR=$(cat "$_e")
}
_show() {
	echo "  exit: $CODE"
	echo "  stdout: $(printf '%s' "$OUT" | head -20)"
	echo "  stderr: $(printf '%s' "$ERR" | head -20)"
}
expect_code() {
	[ "$CODE" = "$1" ] || { echo "want exit $1"; _show; exit 1; }
}
expect_out() {
	printf '%s' "$OUT" | grep -qF -- "$1" || { echo "stdout lacks: $1"; _show; exit 1; }
}
expect_err() {
	printf '%s' "$ERR" | grep -qF -- "$1" || { echo "stderr lacks: $1"; _show; exit 1; }
}
expect_err_lines() {
	n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: error:')
	[ "$n" = "$1" ] || { echo "want $1 error lines, got $n"; _show; exit 1; }
}
expect_keys_documented() {
	python3 - "$2" "$1" <<'PY' || exit 1
import json, sys
doc = open(sys.argv[1]).read()
missing = set()
def walk(o):
    if isinstance(o, dict):
        for k, v in o.items():
            if "`%s`" % k not in doc:
                missing.add(k)
            walk(v)
    elif isinstance(o, list):
        for v in o:
            walk(v)
for line in open(sys.argv[2]):
    walk(json.loads(line))
if missing:
    print("keys not in docs/EVENTS.md:", sorted(missing))
    sys.exit(1)
PY
}
# A referee session's test set-up (tests/cli/referee_*.t):
#   referee_setup SCENARIO INPUTS REFARGS
#                        cds into a fresh temporary directory $T (removed
#                        at exit) holding s.yaml (a copy of
#                        $DATA/SCENARIO) and in.txt (INPUTS, printf'd);
#                        $REF the referee's options
#   fp N EXTRA           the state line of `status` after the first N
#                        lines of in.txt, then EXTRA (printf'd)
#   err_of N EXTRA       the session's standard error for the same inputs
#   kill_at N            a session killed (-9) while it waits after the
#                        first N lines of in.txt; its journal is k.journal
referee_setup() {
	T=$(mktemp -d)
	trap 'rm -rf "$T" "$_o" "$_e"' EXIT
	cp "$DATA/$1" "$T/s.yaml"
	cd "$T" || exit 1
	printf '%b' "$2" >in.txt
	REF=$3
}
fp() {
	rm -f fp.journal
	# shellcheck disable=SC2086
	{ head -n "$1" in.txt; printf '%bstatus\nquit\n' "$2"; } |
		"$BS" referee s.yaml $REF --journal fp.journal 2>/dev/null |
		grep 'inputs; state' | tail -1
}
err_of() {
	rm -f e.journal
	# shellcheck disable=SC2086
	{ head -n "$1" in.txt; printf '%bquit\n' "$2"; } |
		"$BS" referee s.yaml $REF --journal e.journal 2>&1 >/dev/null
}
kill_at() {
	rm -f k.journal in.fifo
	mkfifo in.fifo
	# shellcheck disable=SC2086
	"$BS" referee s.yaml $REF --journal k.journal <in.fifo >/dev/null 2>&1 &
	_pid=$!
	exec 3>in.fifo
	head -n "$1" in.txt >&3
	_i=0
	while [ "$({ wc -l <k.journal; } 2>/dev/null || echo 0)" -lt $(($1 + 1)) ] &&
		[ $_i -lt 300 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	sleep 0.3
	kill -9 $_pid 2>/dev/null
	wait $_pid 2>/dev/null
	exec 3>&-
}
