# Issue 12 item 26: one wording and one limit. A missing value, an unknown
# option and a value given to a flag read the same in every command;
# check '' names the empty file name; facing: 360 says "less than 360" in
# 1E as in 2E; name limits count bytes of UTF-8 and say so (RULING
# R-354); play --rounds, sim --rounds and rounds: stop at the one limit,
# 1000 (BS_MAX_ROUNDS, RULING R-357); UTF-16 columns are characters
# (RULING R-351).
T=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$T"' EXIT

needs() { # CMD OPTION...: the last option lacks its value
	cmd=$1
	run "$@"
	expect_code 2
	shift $(($# - 1))
	expect_err "battlesim: error: $1 needs a value"
	expect_err "Try 'battlesim help $cmd'."
}
needs sim --runs
needs sim --seed
needs play --rounds
needs play --out
needs check --builtin
needs attack --ar
needs attack --rules bs2e --ad
needs morale --ml
needs referee --seed
for c in roster check tables attack morale play sim referee; do
	run $c --nope
	expect_code 2
	expect_err_lines 1
	expect_err "battlesim: error: unknown option '--nope'"
	expect_err "Try 'battlesim help $c'."
done
run attack --rules bs2e --nope
expect_code 2
expect_err "battlesim: error: unknown option '--nope'"
run sim --json=1
expect_code 2
expect_err "battlesim: error: --json takes no value"
run morale --lost-75=yes
expect_code 2
expect_err "battlesim: error: --lost-75 takes no value"
run --nope
expect_code 2
expect_err "battlesim: error: unknown option '--nope'"
expect_err "Try 'battlesim --help'."
run --version=2
expect_code 2
expect_err "battlesim: error: --version takes no value"

# an empty file name is named
for c in check roster play sim; do
	run $c ''
	expect_code 2
	expect_err_lines 1
	expect_err "battlesim: error: '': the file name is empty (no such file)"
done

# facing: 0 to less than 360, the same words in 1E and 2E
face() { # RULES FACING
	printf 'name: t\nrules: %s\nsides:\n  - {name: a, edge: south, units: [{name: u, %s, figures: 10, position: [10, 5], facing: %s}]}\n  - {name: b, edge: north, units: [{name: v, %s, figures: 10, position: [10, 40]}]}\n' \
		"$1" "$2" "$3" "$2" >"$T/face.yaml"
	run check "$T/face.yaml"
}
for r in "bs1e creature: orc" "bs2e entry: orc swordsmen"; do
	face ${r%% *} "${r#* }" 360
	expect_code 2
	expect_err "$T/face.yaml:4:"
	expect_err "facing: '360' is out of range (0 to less than 360)"
	face ${r%% *} "${r#* }" -0.5
	expect_code 2
	expect_err "facing: '-0.5' is out of range (0 to less than 360)"
	face ${r%% *} "${r#* }" 359.5
	expect_code 0
	face ${r%% *} "${r#* }" west
	expect_code 0
done

# name limits: 63 bytes of UTF-8, whatever the characters
long() { # NAME
	printf 'name: t\nsides: [{name: "%s", edge: north}, {name: b, edge: south}]\n' "$1" >"$T/long.yaml"
	run check "$T/long.yaml"
}
a63=$(printf '%063d' 0 | tr 0 a)
long "$a63"
case "$ERR" in *"too long"*) echo "63 bytes refused"; _show; exit 1 ;; esac
long "${a63}b"
expect_code 2
expect_err "name: '$(printf '%040d' 0 | tr 0 a)...' is too long: 64 bytes of UTF-8 (64 characters), at most 63 bytes"
e31=$(printf '%031d' 0 | sed 's/0/é/g')
long "${e31}a"
case "$ERR" in *"too long"*) echo "63 bytes (31 accented letters and one) refused"; _show; exit 1 ;; esac
long "${e31}é"
expect_code 2
expect_err "is too long: 64 bytes of UTF-8 (32 characters), at most 63 bytes"

# rounds: one limit for the file and both commands
run play --rounds 1001
expect_code 2
expect_err "battlesim: error: --rounds 1001 is out of range (1 to 1000)"
run sim --rounds 1001
expect_code 2
expect_err "battlesim: error: --rounds 1001 is out of range (1 to 1000)"
printf 'name: t\nrounds: 1001\nsides: [{name: a, edge: north}, {name: b, edge: south}]\n' >"$T/rounds.yaml"
run check "$T/rounds.yaml"
expect_code 2
expect_err "$T/rounds.yaml:2:9: rounds: '1001' is out of range (1 to 1000)"
run play --rounds 1000 --quiet
expect_code 0

# UTF-16 with a byte order mark: columns in characters, as in UTF-8
printf 'name: t\nsid\303\251s: \001\n' >"$T/u8.yaml"
{ printf '\377\376'; iconv -f UTF-8 -t UTF-16LE "$T/u8.yaml"; } >"$T/u16.yaml"
run check "$T/u16.yaml"
expect_code 2
expect_err "$T/u16.yaml:2:8: invalid input: control characters are not allowed (#1)"
