# Issue 12 item 20: a name or text with a terminal escape, a newline, a
# NUL, any other C0 or C1 control, a line separator, a bidirectional
# control or an invisible character is refused at load at its
# FILE:LINE:COL (RULING R-352), in every name-like field of 1E, 2E and
# matrix scenarios; nothing of it reaches standard output or error raw.
T=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$T"' EXIT
no_raw_escape() { # the last run printed no ESC, CSI or newline-in-name
	if printf '%s%s' "$OUT" "$ERR" | grep -q "$(printf '\033')"; then
		echo "raw ESC in the output"; _show; exit 1
	fi
	if printf '%s%s' "$OUT" "$ERR" | grep -q "$(printf '\302\233')"; then
		echo "raw CSI (U+009B) in the output"; _show; exit 1
	fi
}
cc='contains a control character (U+001B at character 2); a name or text must be printable, on one line'

# 1E: every name-like field, one per line
cat >"$T/bs1e.yaml" <<'Y'
name: "R\e[2J"
catalog:
  weapons:
    - {name: "w\e[31m", damage: d6}
  armor:
    - {name: "a\e[31m", ac: 5}
  creatures:
    - {name: "c\e[31m", hd: 1, ac: 5, mv: 12, size: M,
       hates: ["h\e[31m"]}
terrain:
  - {name: "t\e[31m", type: woods, points: [[1, 1], [5, 1], [5, 5]]}
sides:
  - name: "s\e]0;pwned\a"
    edge: south
    units:
      - {name: "u\e[31m", creature: orc, figures: 10, position: [10, 5],
         items: ["i\e[31m"]}
    individuals:
      - {name: "n\e[31m", class: fighter, level: 5,
         items: ["j\e[31m"]}
  - name: B
    edge: north
    units:
      - {name: v, creature: "o\e[31m", figures: 10, position: [10, 40]}
Y
run check "$T/bs1e.yaml"
expect_code 2
f="$T/bs1e.yaml"
expect_err "$f:1:7: name: $cc"
expect_err "$f:4:14: name: $cc"
expect_err "$f:6:14: name: $cc"
expect_err "$f:8:14: name: $cc"
expect_err "$f:9:16: hates: $cc"
expect_err "$f:11:12: name: $cc"
expect_err "$f:13:11: name: $cc"
expect_err "$f:16:16: name: $cc"
expect_err "$f:17:18: items: $cc"
expect_err "$f:19:16: name: $cc"
expect_err "$f:20:18: items: $cc"
expect_err "$f:24:29: creature: $cc"
no_raw_escape
run roster "$T/bs1e.yaml"
expect_code 2
no_raw_escape
run play "$T/bs1e.yaml"
expect_code 2
no_raw_escape

# 2E: names, the roster's Type and Weapon(s) Used, the catalog entry
cat >"$T/bs2e.yaml" <<'Y'
name: "R\e[2J"
rules: bs2e
sides:
  - name: "s\e[31m"
    edge: south
    units:
      - {name: "u\e[31m", entry: orc swordsmen, figures: 4, position: [10, 5]}
      - {name: x, entry: "o\e[31m", figures: 4, position: [20, 5]}
      - {name: y, entry: orc swordsmen, type: "t\e[31m", weapons: "w\e[31m",
         figures: 4, position: [30, 5]}
  - name: B
    edge: north
    units:
      - {name: v, entry: orc swordsmen, figures: 4, position: [10, 40]}
Y
run check "$T/bs2e.yaml"
expect_code 2
f="$T/bs2e.yaml"
expect_err "$f:1:7: name: $cc"
expect_err "$f:4:11: name: $cc"
expect_err "$f:7:16: name: $cc"
expect_err "$f:8:26: entry: $cc"
expect_err "$f:9:47: type: $cc"
expect_err "$f:9:67: weapons: $cc"
no_raw_escape
run play "$T/bs2e.yaml"
expect_code 2
no_raw_escape

# matrix: names, the card's weight and notes, a weapon's name
cat >"$T/matrix.yaml" <<'Y'
name: "R\e[2J"
rules: matrix
matrix: {rows: 4, columns: 3}
sides:
  - name: "s\e[31m"
    brigades:
      - {name: "b\e[31m", type: infantry, at: [1, 1], move: 12, ac: 5,
         melee: {name: "m\e[31m", damage: d8}}
      - {name: x, type: infantry, weight: "w\e[31m", notes: "n\e[31m",
         at: [1, 2], move: 12, ac: 5, melee: {damage: d8}}
  - name: B
    brigades:
      - {name: y, type: infantry, at: [4, 1], move: 12, ac: 5, melee: {damage: d8}}
Y
run check "$T/matrix.yaml"
expect_code 2
f="$T/matrix.yaml"
expect_err "$f:1:7: name: $cc"
expect_err "$f:5:11: name: $cc"
expect_err "$f:7:16: name: $cc"
expect_err "$f:8:24: name: $cc"
expect_err "$f:9:43: weight: $cc"
expect_err "$f:9:61: notes: $cc"
no_raw_escape
run roster "$T/matrix.yaml"
expect_code 2
no_raw_escape

# the other characters refused, each with its kind
one() { # TEXT (YAML double-quoted) WANT
	printf 'name: "%s"\nsides: [{name: a, edge: north}, {name: b, edge: south}]\n' "$1" >"$T/one.yaml"
	run check "$T/one.yaml"
	expect_code 2
	expect_err_lines 1
	expect_err "$T/one.yaml:1:7: name: contains $2; a name or text must be printable, on one line"
}
one 'a\nb' 'a control character (U+000A at character 2)'
one 'a\tb' 'a control character (U+0009 at character 2)'
one 'a\rb' 'a control character (U+000D at character 2)'
one 'a\0b' 'a NUL character (U+0000 at character 2)'
one 'a\x7f' 'a control character (U+007F at character 2)'
one '\x9b2J' 'a control character (U+009B at character 1)'
one '\u00e9\u0085' 'a control character (U+0085 at character 2)'
one 'a\u2028b' 'a line separator (U+2028 at character 2)'
one 'abc\u202edcba' 'a bidirectional control (U+202E at character 4)'
one '\u2066x' 'a bidirectional control (U+2066 at character 1)'
one 'a\u200fb' 'a bidirectional control (U+200F at character 2)'
one 'a\u200bb' 'an invisible character (U+200B at character 2)'
one 'a\ufeff' 'an invisible character (U+FEFF at character 2)'
# a literal block keeps its newline: refused too
printf 'name: |\n  two\n  lines\nsides: [{name: a, edge: north}, {name: b, edge: south}]\n' >"$T/block.yaml"
run check "$T/block.yaml"
expect_code 2
expect_err "$T/block.yaml:1:7: name: contains a control character (U+000A at character 4)"
# what is printable passes: accents, other scripts, emoji, a joiner
printf 'name: "Sir Hugh \\u00e9 \\u4e2d \\U0001F600 a\\u200db"\nsides: [{name: a, edge: north, units: [{name: u, creature: orc, figures: 10, position: [5, 40]}]}, {name: b, edge: south, units: [{name: w, creature: orc, figures: 10, position: [5, 5]}]}]\n' >"$T/fine.yaml"
run check "$T/fine.yaml"
expect_code 0
# raw bytes that are not UTF-8 never get in (libyaml's reader refuses
# them at their place)
printf 'name: t\nsides: [{name: "a\377b"}]\n' >"$T/bytes.yaml"
run check "$T/bytes.yaml"
expect_code 2
expect_err "$T/bytes.yaml:2:18: invalid input: invalid leading UTF-8 octet (#FF)"
