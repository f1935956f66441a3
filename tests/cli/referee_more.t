# Referee mode, round 2 (issue 17): the built-in scenario refereed
# (RULING R-433), --strict and the scenario's warnings at the start and on
# resume (issue 11), and the order a human side's units move in [7.0]
# (RULING R-428).
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/../../data/scenarios/borderland-raid.yaml" "$T/s.yaml"
cp "$DATA/ignored_advanced.yaml" "$T/w.yaml"
cd "$T" || exit 1

# without FILE: the built-in default scenario, its journal NAME.journal
printf 'go\n3\n5\nstatus\nquit\n' | "$BS" referee --side 1=ai >out.txt 2>err.txt ||
	{ echo "referee without FILE failed"; cat err.txt | tail -3; exit 1; }
[ -f borderland-raid.journal ] || { echo "no borderland-raid.journal"; exit 1; }
grep -q '"scenario":"builtin:borderland-raid"' borderland-raid.journal ||
	{ echo "the journal does not name the built-in"; head -1 borderland-raid.journal; exit 1; }
a=$(grep 'inputs; state' out.txt)
b=$(printf 'status\nquit\n' | "$BS" referee --resume borderland-raid.journal 2>/dev/null |
	grep 'inputs; state')
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "resume of the built-in: '$b' != '$a'"; exit 1; }
# the same battle as the file of the built-in
c=$(printf 'go\n3\n5\nstatus\nquit\n' | "$BS" referee s.yaml --side 1=ai 2>/dev/null |
	grep 'inputs; state')
[ "$a" = "$c" ] || { echo "the built-in and its file differ: $a / $c"; exit 1; }
# a built-in journal whose bytes differ (another version) is refused
sed 's/"sha256":"[0-9a-f]*"/"sha256":"'"$(printf '%064d' 0)"'"/' borderland-raid.journal >old.journal
run referee --resume old.journal
expect_code 2
expect_err "has changed since this journal was begun"
run referee --builtin nope
expect_code 2
expect_err "no built-in scenario 'nope'"
printf 'status\nquit\n' | "$BS" referee --builtin shield-lands-matrix --journal m.journal \
	2>/dev/null >out.txt
grep -q 'A1   class/unit 5/1' out.txt || { echo "the matrix built-in"; head -5 out.txt; exit 1; }

# the scenario's warnings: shown at the start and on resume, errors with --strict
printf 'quit\n' | "$BS" referee w.yaml --journal w.journal >/dev/null 2>err.txt
grep -q '^battlesim: warning: .*w.yaml:' err.txt || { echo "no warnings at the start"; exit 1; }
printf 'quit\n' | "$BS" referee --resume w.journal >/dev/null 2>err.txt
grep -q '^battlesim: warning: .*w.yaml:' err.txt || { echo "no warnings on resume"; exit 1; }
run referee w.yaml --strict --journal w2.journal
expect_code 2
expect_err "errors with --strict"
[ -f w2.journal ] && { echo "a journal begun for a refused scenario"; exit 1; }
run referee --resume w.journal --strict
expect_code 2
expect_err "errors with --strict"
run sim --from w.journal --runs 5 --strict
expect_code 2
run referee s.yaml --strict --journal ok.journal </dev/null
expect_code 0

# [7.0] the order the human side's units move in (RULING R-428)
fp() { # the state line of status after the inputs in $1
	rm -f fp.journal
	printf '%bstatus\nquit\n' "$1" | "$BS" referee s.yaml --journal fp.journal \
		--side 1=ai 2>/dev/null | grep 'inputs; state' | tail -1
}
pre='go\n3\n5\n4 4\n'
printf '%bGutripper goblins, 1\nhold\nhold\nquit\n' "$pre" |
	"$BS" referee s.yaml --journal q.journal --side 1=ai >/dev/null 2>err.txt
grep -q 'the order its units move in? \[7.0\] RULING R-428 (in order: 1 Broken Fang warriors, 2 Broken Fang spears, 3 Gutripper goblins, 4 Stonefist ogres' err.txt ||
	{ echo "no sequence question"; grep sequence err.txt | head -3; exit 1; }
grep -o 'Broken Fang warband, movement: order for [^?]*' err.txt | head -2 >asked.txt
printf '%s\n' "Broken Fang warband, movement: order for Gutripper goblins" \
	"Broken Fang warband, movement: order for Broken Fang warriors" >want.txt
cmp -s asked.txt want.txt || { echo "not asked in the order given:"; cat asked.txt; exit 1; }
grep -q '"ask":"sequence","side":0,"unit":-1,"indiv":-1,"text":"Gutripper goblins, 1"' q.journal ||
	{ echo "the answer is not journaled"; exit 1; }
# numbers, names, bad entries keep the state
want=$(fp "${pre}3, 1\\n")
[ -n "$want" ] || { echo "no state line"; exit 1; }
[ "$(fp "${pre}Gutripper goblins, Broken Fang warriors\\n")" = "$want" ] ||
	{ echo "names and numbers differ"; exit 1; }
got=$(fp "${pre}Warg riders\\n3, 3\\n\\n9\\nfirst\\n3, 1\\n")
[ "$got" = "$want" ] || { echo "bad sequences changed the state: $got / $want"; exit 1; }
printf '%bGutriper goblins\n3, 3\nquit\n' "$pre" |
	"$BS" referee s.yaml --journal q2.journal --side 1=ai >/dev/null 2>err.txt
grep -q "did you mean 'Gutripper goblins'" err.txt || { echo "no did you mean"; exit 1; }
grep -q "Gutripper goblins is named twice" err.txt || { echo "no refusal of a repeat"; exit 1; }
# undo after the answer == never entered
[ "$(fp "${pre}3, 1\\nundo\\n")" = "$(fp "$pre")" ] || { echo "undo after the sequence"; exit 1; }
# suggest: the AI's order of its units
printf '%bsuggest\nquit\n' "$pre" | "$BS" referee s.yaml --journal q3.journal \
	--side 1=ai 2>/dev/null >out.txt
grep -q 'the AI (docs/AI.md) would move them in this order: ' out.txt ||
	{ echo "no suggested sequence"; exit 1; }

# [1.6 B] Side A's order of the melees (RULINGS R-377, R-430): the AI for
# three rounds, then the warband human in round 4, where it is Side A with
# two melees
mpre='dice all program\ngo\ngo\ngo\nside 0 human\ngo\nfirst\nin order\nhold\nhold\nhold\nhold\nstay\n'
mfp() { # the state line of status after the inputs in $1
	rm -f mfp.journal
	printf '%bstatus\nquit\n' "$1" | "$BS" referee s.yaml --journal mfp.journal \
		--side 0=ai --side 1=ai 2>/dev/null | grep 'inputs; state' | tail -1
}
printf '%bGutripper goblins\nquit\n' "$mpre" |
	"$BS" referee s.yaml --journal mo.journal --side 0=ai --side 1=ai >out.txt 2>err.txt
grep -q 'Broken Fang warband, Side A, melee: the order of the combats? \[1.6 B\] RULINGS R-377, R-430 (in order: the rules. order: Broken Fang spears - Ironhold dwarves, Gutripper goblins - Keep spearmen' err.txt ||
	{ echo "no melee order question"; grep -i melee err.txt | head -3; exit 1; }
grep -q '"ask":"melee","side":0,"unit":-1,"indiv":-1,"text":"Gutripper goblins"' mo.journal ||
	{ echo "the melee answer is not journaled"; exit 1; }
first=$(grep -E '^  (Gutripper goblins|Broken Fang spears) attacks' out.txt | tail -2 | head -1)
case "$first" in
"  Gutripper goblins attacks"*) ;;
*) echo "the goblins' combat is not first: $first"; exit 1 ;;
esac
printf '%bin order\nquit\n' "$mpre" |
	"$BS" referee s.yaml --journal mo2.journal --side 0=ai --side 1=ai >out.txt 2>/dev/null
first=$(grep -E '^  (Gutripper goblins|Broken Fang spears) attacks' out.txt | tail -2 | head -1)
case "$first" in
"  Broken Fang spears attacks"*) ;;
*) echo "in order is not the rules' order: $first"; exit 1 ;;
esac
# refused: a unit in no melee, no such unit; the state kept; undo
printf '%bBroken Fang warriors\nWarg riders\nquit\n' "$mpre" |
	"$BS" referee s.yaml --journal mo3.journal --side 0=ai --side 1=ai >/dev/null 2>err.txt
grep -q 'refused: a unit named fights no melee this phase \[1.6 B\] RULING R-430' err.txt ||
	{ echo "a unit in no melee was not refused"; grep refused err.txt; exit 1; }
grep -q "'Warg riders' is not a unit of Broken Fang warband" err.txt ||
	{ echo "no such unit not refused"; exit 1; }
want=$(mfp "${mpre}Gutripper goblins\\n")
[ -n "$want" ] && [ "$(mfp "${mpre}Broken Fang warriors\\nWarg riders\\n3\\n")" = "$want" ] ||
	{ echo "bad melee entries changed the state"; exit 1; }
[ "$(mfp "${mpre}Gutripper goblins\\nundo\\n")" = "$(mfp "$mpre")" ] ||
	{ echo "undo after the melee order"; exit 1; }
# suggest: the AI's order of the melees
printf '%bsuggest\nquit\n' "$mpre" | "$BS" referee s.yaml --journal mo4.journal \
	--side 0=ai --side 1=ai 2>/dev/null >out.txt
grep -q 'the AI (docs/AI.md) would resolve them in this order: ' out.txt ||
	{ echo "no suggested melee order"; exit 1; }
