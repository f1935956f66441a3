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
