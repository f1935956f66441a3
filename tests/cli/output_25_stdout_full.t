# Issue 12 item 25: every command exits 1 with one message when standard
# output cannot be written (RULING R-356): check, tables, attack (1E and
# 2E), morale, roster (1E, 2E, matrix), play, sim, help, --version.
[ -w /dev/full ] || { echo "no /dev/full: skipped"; exit 0; }
top=$(cd "$DATA/../.." && pwd)
full() { # ARGS...: run with standard output on /dev/full
	"$BS" "$@" >/dev/full 2>"$_e"
	CODE=$?
	OUT=
	ERR=$(cat "$_e")
}
for args in "check" "check $top/data/scenarios/borderland-raid-2e.yaml" \
	"tables" "tables crt" \
	"attack --ar 17 --ac 8 --damage d8 --roll 7" \
	"attack --ar 17 --ac 8 --damage d8 --odds --json" \
	"attack --rules bs2e --ad d8 --ar 5 --roll 6" \
	"attack --rules bs2e --ad d8 --ar 5 --roll 6 --json" \
	"morale --ml 12 --roll 7" "morale --ml 12 --roll 7 --json" \
	"roster" "roster --json" \
	"roster $top/data/scenarios/borderland-raid-2e.yaml" \
	"roster $top/data/scenarios/shield-lands-matrix.yaml --json" \
	"play" "play --quiet" "play --log jsonl" \
	"play $top/data/scenarios/shield-lands-matrix.yaml --quiet" \
	"sim --runs 20" "sim --runs 20 --json" "sim --runs 20 --csv" \
	"sim --runs 20 --replay 3" \
	"help" "help play" "--help" "--version" "play --help" \
	"attack --rules bs2e --help"; do
	full $args
	[ "$CODE" = 1 ] || { echo "$args > /dev/full: want exit 1"; _show; exit 1; }
	expect_err_lines 1
	expect_err "battlesim: error: standard output: cannot write: No space left on device"
done
# the referee's log and answers go to standard output too
printf 'go\nquit\n' >"$_o"
cp "$top/data/scenarios/borderland-raid.yaml" "$_o.yaml"
"$BS" referee "$_o.yaml" --dice all=program --journal "$_o.journal" <"$_o" >/dev/full 2>"$_e"
CODE=$?
rm -f "$_o.yaml" "$_o.journal"
ERR=$(cat "$_e")
expect_code 1
expect_err "battlesim: error: standard output: cannot write: No space left on device"
# bad input stays bad input (exit 2), and the lost output is said too
printf 'name: t\n' >"$_o"
full check "$top/data/scenarios/borderland-raid.yaml" "$_o"
expect_code 2
expect_err "missing required key 'sides'"
expect_err "battlesim: error: standard output: cannot write: No space left on device"
# output that goes nowhere is no failure
"$BS" play --quiet >/dev/null 2>"$_e" || { echo "play > /dev/null failed"; cat "$_e"; exit 1; }
