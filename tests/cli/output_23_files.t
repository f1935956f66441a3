# Issue 12 item 23: an output file (play --out and --html, sim --html, sim
# --replay --html) that is the scenario file, by any path, hard link or
# symbolic link, or that is another output (F, ./F, even before F exists)
# is a usage error; outputs are written to a temporary file in their
# directory and renamed into place, keeping the old file's permissions
# and a symbolic link's target; a write error exits 1 with a message and
# leaves the old file as it was; a run stopped by a signal leaves neither
# a half page nor a temporary file (RULING R-355).
T=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$T"' EXIT
top=$(cd "$DATA/../.." && pwd)
cp "$top/data/scenarios/borderland-raid.yaml" "$T/s.yaml"
sum=$(cksum <"$T/s.yaml")
mkdir "$T/d"
ln "$T/s.yaml" "$T/hard.yaml"
ln -s s.yaml "$T/sym.yaml"
cd "$T" || exit 1
no_temp() {
	left=$(ls -a "$T" "$T/d" | grep -E '^\..+\.[A-Za-z0-9]{6}$')
	[ -z "$left" ] || { echo "temporary files left: $left"; exit 1; }
}

for o in "--out s.yaml" "--out ./s.yaml" "--out $T/d/../s.yaml" \
	"--out hard.yaml" "--out sym.yaml" "--html s.yaml" "--html hard.yaml"; do
	run play s.yaml $o --quiet
	expect_code 2
	expect_err_lines 1
	expect_err "is the scenario file 's.yaml': it would be overwritten"
	expect_err "Try 'battlesim help play'."
done
run sim s.yaml --runs 5 --html sym.yaml
expect_code 2
expect_err "battlesim: error: --html 'sym.yaml' is the scenario file 's.yaml': it would be overwritten"
run sim s.yaml --replay 2 --html ./hard.yaml
expect_code 2
expect_err "battlesim: error: --html './hard.yaml' is the scenario file 's.yaml'"
[ "$(cksum <"$T/s.yaml")" = "$sum" ] || { echo "the scenario was changed"; exit 1; }

# the referee's journal and log, and its map command
for o in "--out s.yaml" "--out hard.yaml" "--journal ./s.yaml" "--journal sym.yaml"; do
	run referee s.yaml $o </dev/null
	expect_code 2
	expect_err "is the scenario file 's.yaml': it would be overwritten"
done
run referee s.yaml --journal J --out ./J </dev/null
expect_code 2
expect_err "battlesim: error: --journal and --out name the same file './J'"
[ ! -e J ] && [ ! -e s.journal ] || { echo "a journal was left by a usage error"; exit 1; }
printf 'go\nmap s.yaml\nmap s.journal\nmap d/ref.html\nquit\n' |
	"$BS" referee s.yaml --dice all=program --out d/ref.log >"$_o" 2>"$_e" ||
	{ echo "referee session failed"; cat "$_e"; exit 1; }
grep -q "map: s.yaml is the scenario: not written" "$_o" &&
	grep -q "map: s.journal is the journal: not written" "$_o" &&
	grep -q "map: the battle so far is in d/ref.html" "$_o" ||
	{ echo "referee map:"; cat "$_o"; exit 1; }
grep -q "^=== Round 1 ===" d/ref.log || { echo "referee log not written"; exit 1; }
# sim --from: the page is not the journal nor its scenario
run sim --from s.journal --runs 5 --html s.journal
expect_code 2
expect_err "battlesim: error: --html 's.journal' is the journal 's.journal': it would be overwritten"
run sim --from s.journal --runs 5 --html hard.yaml
expect_code 2
expect_err "battlesim: error: --html 'hard.yaml' is the scenario file"
run sim --from s.journal --runs 5 --html nowhere/x.html
expect_code 1
run sim --from s.journal --runs 5 --html d/from.html
expect_code 0
rm -f s.journal
[ "$(cksum <"$T/s.yaml")" = "$sum" ] || { echo "the scenario was changed"; exit 1; }

# --out and --html on one file, before it exists, by two spellings
for pair in "F F" "F ./F" "d/F d/../d/F" "F $T/F"; do
	set -- $pair
	run play --out "$1" --html "$2"
	expect_code 2
	expect_err "battlesim: error: --out and --html name the same file '$2'"
	[ ! -e F ] && [ ! -e d/F ] || { echo "$pair: a file was written"; exit 1; }
done
ln -s F Flink
run play --out Flink --html F --quiet
expect_code 2
expect_err "--out and --html name the same file 'F'"
rm Flink

# the file standard output goes to is not an output too
"$BS" play --quiet --out d/same.log >d/same.log 2>"$_e"
[ $? = 2 ] || { echo "--out F > F: want exit 2"; cat "$_e"; exit 1; }
grep -q "battlesim: error: --out 'd/same.log' is the file standard output goes to: the two would overwrite each other" "$_e" ||
	{ echo "--out F > F:"; cat "$_e"; exit 1; }
"$BS" play --quiet --html /dev/stdout >d/same.log 2>"$_e"
[ $? = 2 ] || { echo "--html /dev/stdout > F: want exit 2"; cat "$_e"; exit 1; }
# through a pipe it is written as it is (a device, never renamed over)
"$BS" play --quiet --html /dev/stdout 2>"$_e" | cat >d/piped.txt
grep -q "</html>" d/piped.txt && grep -q "=== Summary ===" d/piped.txt ||
	{ echo "--html /dev/stdout | cat: no page"; cat "$_e"; exit 1; }

# a good run: both files complete, nothing else left
run play --seed 3 --out d/log.txt --html d/map.html
expect_code 0
expect_out "=== Summary ==="
grep -q "^=== Round 1 ===" d/log.txt && grep -q "^Battle over after" d/log.txt || { echo "log.txt incomplete"; exit 1; }
tail -c 200 d/map.html | grep -q "</html>" || { echo "map.html incomplete"; exit 1; }
no_temp
# replacing a file keeps its permissions; through a link, the link stays
printf 'old\n' >d/keep.html
chmod 640 d/keep.html
ln -s keep.html d/link.html
run play --quiet --html d/link.html
expect_code 0
[ -L d/link.html ] || { echo "the link was replaced"; exit 1; }
tail -c 200 d/keep.html | grep -q "</html>" || { echo "keep.html not written"; exit 1; }
case "$(ls -l d/keep.html)" in -rw-r-----*) ;; *) echo "mode: $(ls -l d/keep.html)"; exit 1 ;; esac
run sim --runs 10 --html d/keep.html
expect_code 0
tail -c 200 d/keep.html | grep -q "</html>" || { echo "sim page not written"; exit 1; }
no_temp

# write errors: a full device, a file too large, no such directory, a
# directory: exit 1, a message, the old file left as it was
if [ -w /dev/full ]; then
	run play --quiet --out /dev/full
	expect_code 1
	expect_err "battlesim: error: /dev/full: cannot write: No space left on device"
	run play --quiet --html /dev/full
	expect_code 1
	expect_err "battlesim: error: /dev/full: cannot write: No space left on device"
	run sim --runs 5 --html /dev/full
	expect_code 1
	expect_err "battlesim: error: /dev/full: cannot write: No space left on device"
fi
printf 'old\n' >d/old.html
out=$( (ulimit -f 64; trap '' XFSZ; "$BS" play --quiet --html d/old.html) 2>&1 >/dev/null)
rc=$?
[ "$rc" = 1 ] || { echo "ulimit: exit $rc: $out"; exit 1; }
case "$out" in *"d/old.html: cannot write: File too large (the file is left as it was)"*) ;; *) echo "ulimit: $out"; exit 1 ;; esac
[ "$(cat d/old.html)" = old ] || { echo "old.html was changed"; exit 1; }
out=$( (ulimit -f 64; trap '' XFSZ; "$BS" play --out d/old.log --html d/new.html) 2>&1 >/dev/null)
[ ! -e d/old.log ] && [ ! -e d/new.html ] || { echo "a half-written file was left: $out"; exit 1; }
no_temp
run play --out nowhere/log.txt
expect_code 1
expect_err "battlesim: error: nowhere/log.txt: cannot write: No such file or directory"
run sim --runs 5 --html d
expect_code 1
expect_err "battlesim: error: d: cannot write: Is a directory"

# stopped by a signal: no page, no temporary file
"$BS" sim --runs 100000000 --threads 1 --html d/stopped.html >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && ! ls -a d | grep -q '^\.stopped\.html\.'; do
	sleep 0.05
	i=$((i + 1))
done
kill -TERM $pid
wait $pid
[ ! -e d/stopped.html ] || { echo "stopped.html was left"; exit 1; }
no_temp
