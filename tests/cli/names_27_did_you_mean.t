# Issue 12 item 27: "did you mean" over the built-in catalogs answers with
# synonyms (RULING R-360, docs/CATALOG.md "Synonyms"), the names holding the
# word and the names starting with it; a synonym only suggests: the file is
# still an error, never read as the other name.
T=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$T"' EXIT
unit() { # NAME CREATURE ARMOR WEAPONS
	printf '      - {name: %s, creature: %s, figures: 10, position: [10, 5], armor: [%s], weapons: [%s]}\n' "$1" "$2" "$3" "$4"
}
{
	printf 'name: t\nsides:\n  - name: a\n    edge: south\n    units:\n'
	unit u1 warhorse plate "lance"
	unit u2 man-at-arms "plate armour" "warhammer"
	unit u3 horse buckler "sword"
	unit u4 orcs mail "bow"
	unit u5 soldier leather "longsowrd"
	unit u6 hobbit chain "halb"
	printf '    individuals:\n'
	printf '      - {name: W, class: wizard, level: 5}\n'
	printf '      - {name: P, class: priest, level: 5}\n'
	printf '      - {name: R, class: Fighter/rogue, level: 5/5}\n'
	printf '  - name: b\n    edge: north\n'
} >"$T/names.yaml"
run check "$T/names.yaml"
expect_code 2
f="$T/names.yaml"
expect_err "$f:6:30: creature: unknown creature 'warhorse' (did you mean 'light warhorse', 'medium warhorse' or 'heavy warhorse'?)"
expect_err "$f:6:80: armor: unknown armor 'plate' (did you mean 'plate mail'?)"
expect_err "$f:6:98: weapons: unknown weapon 'lance' (did you mean 'light lance', 'medium lance' or 'heavy lance'?)"
expect_err "$f:7:83: armor: unknown armor 'plate armour' (did you mean 'plate mail'?)"
expect_err "$f:7:108: weapons: unknown weapon 'warhammer' (did you mean 'hammer' or 'lucern hammer'?)"
expect_err "$f:8:30: creature: unknown creature 'horse' (did you mean 'light warhorse', 'medium warhorse' or 'heavy warhorse'?)"
expect_err "$f:8:77: armor: unknown armor 'buckler' (did you mean 'shield' or 'large shield'?)"
expect_err "$f:8:97: weapons: unknown weapon 'sword' (did you mean 'short sword', 'broad sword', 'long sword', 'bastard sword' or 'two-handed sword'?)"
expect_err "$f:9:30: creature: unknown creature 'orcs' (did you mean 'orc'?)"
expect_err "$f:9:76: armor: unknown armor 'mail' (did you mean 'ring mail', 'scale mail', 'chain mail', 'splint mail', 'banded mail' or 'plate mail'?)"
expect_err "$f:9:93: weapons: unknown weapon 'bow' (did you mean 'short bow', 'long bow', 'composite short bow' or 'composite long bow'?)"
expect_err "$f:10:30: creature: unknown creature 'soldier' (did you mean 'man-at-arms'?)"
expect_err "$f:10:99: weapons: unknown weapon 'longsowrd' (did you mean 'long sword'?)"
expect_err "$f:11:30: creature: unknown creature 'hobbit' (did you mean 'halfling'?)"
expect_err "$f:11:78: armor: unknown armor 'chain' (did you mean 'chain mail'?)"
expect_err "$f:11:96: weapons: unknown weapon 'halb' (did you mean 'halberd'?)"
expect_err "$f:13:26: class: unknown class 'wizard' (did you mean 'magic-user'?)"
expect_err "$f:14:26: class: unknown class 'priest' (did you mean 'cleric'?)"
expect_err "$f:15:26: class: unknown class 'rogue' (did you mean 'thief'?)"
# the 2E catalog: the names holding the word, a plural aside
printf 'name: t\nrules: bs2e\nsides: [{name: a, edge: north, units: [{name: u, entry: orcs, figures: 4, position: [1, 1]}, {name: v, entry: giant, figures: 4, position: [10, 1]}]}, {name: b, edge: south}]\n' >"$T/bs2e.yaml"
run check "$T/bs2e.yaml"
expect_code 2
expect_err "entry: unknown 2E catalog entry 'orcs' (did you mean 'orc swordsmen' or 'orc spearmen'?)"
expect_err "entry: unknown 2E catalog entry 'giant' (did you mean 'hill giants'?)"
