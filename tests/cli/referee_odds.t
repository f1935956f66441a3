# Referee mode (issue 17, RULING R-429): `odds UNIT vs ENEMY` is the exact
# odds calculator on that attack in the position now: the numbers the
# Melee Phase would use ([8.1] figures, [8.3] AR with Table 10, AC, the
# damage against the defender's size; 2E: RULING R-207 R-211 R-212), then
# the table `battlesim attack --odds` prints for them, byte for byte.
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/../../data/scenarios/borderland-raid.yaml" "$T/s.yaml"
cp "$DATA/../../data/scenarios/borderland-raid-2e.yaml" "$T/t.yaml"
cd "$T" || exit 1
# four rounds, the AI on both sides and the program's dice
printf 'dice all program\ngo\ngo\ngo\ngo\nquit\n' |
	"$BS" referee s.yaml --side 0=ai --side 1=ai --journal s.journal >/dev/null 2>&1
printf 'dice all program\ngo\ngo\ngo\ngo\ngo\ngo\nquit\n' |
	"$BS" referee t.yaml --side 0=ai --side 1=ai --journal t.journal >/dev/null 2>&1

# 1E [8.4]: in contact, from the rear (-2), the commander fighting (-1)
printf 'odds Ironhold dwarves vs Broken Fang spears\nquit\n' |
	"$BS" referee --resume s.journal 2>/dev/null >out.txt
grep -q 'in contact, rear attack' out.txt || { echo "no contact or arc"; cat out.txt; exit 1; }
grep -q '^  AR [0-9]* = .*attacking from the rear.*\[8.3 T10\]' out.txt ||
	{ echo "no AR derivation"; cat out.txt; exit 1; }
ar=$(sed -n 's/^  AR \([0-9]*\) = .*/\1/p' out.txt)
ac=$(sed -n 's/^  AC \([0-9]*\); damage \([^ ]*\) .*/\1/p' out.txt)
dmg=$(sed -n 's/^  AC \([0-9]*\); damage \([^ ]*\) .*/\2/p' out.txt)
figs=$(sed -n 's/^  figures: \([0-9]*\) .*/\1/p' out.txt)
tf=$(sed -n 's/^  the defender: \([0-9]*\) figures of \([0-9.]*\) HD, \([0-9]*\) wounded.*/\1/p' out.txt)
thd=$(sed -n 's/^  the defender: \([0-9]*\) figures of \([0-9.]*\) HD, \([0-9]*\) wounded.*/\2/p' out.txt)
tw=$(sed -n 's/^  the defender: \([0-9]*\) figures of \([0-9.]*\) HD, \([0-9]*\) wounded.*/\3/p' out.txt)
[ -n "$ar" ] && [ -n "$ac" ] && [ -n "$figs" ] && [ -n "$tf" ] ||
	{ echo "numbers missing"; cat out.txt; exit 1; }
"$BS" attack --ar "$ar" --ac "$ac" --damage "$dmg" --figures "$figs" \
	--target-hd "$thd" --target-figures "$tf" --target-wounded "$tw" --odds >want.txt
sed -n '/^Odds \[8.4\]/,/^Expected killed/p' out.txt >got.txt
cmp -s got.txt want.txt || { echo "odds != attack --odds"; diff got.txt want.txt; exit 1; }
grep -q '^Total: 36/36 100.00%' got.txt || { echo "no total"; exit 1; }
# not in contact: its front rank; charging counts [7.14]
printf 'odds Keep men-at-arms vs Stonefist ogres charging\nquit\n' |
	"$BS" referee --resume s.journal 2>/dev/null >out.txt
grep -q 'not in contact (as if its front rank made contact now), front attack, charging \[7.14\]' out.txt ||
	{ echo "not in contact"; head -3 out.txt; exit 1; }
grep -q 'charging in closed formation' out.txt || { echo "no [7.14] term"; exit 1; }
grep -q 'damage d12 against a size L figure' out.txt || { echo "no size L damage"; exit 1; }
# bad entries
printf 'odds Keep men-at-arms vs Village levy\nodds Keep men-at-arms\nodds Keep men at arms vs Stonefist ogres\nquit\n' |
	"$BS" referee --resume s.journal 2>/dev/null >out.txt
grep -q 'are on the same side' out.txt || { echo "same side"; exit 1; }
grep -q 'give the attacker and the defender' out.txt || { echo "one unit"; exit 1; }
grep -q "did you mean 'Keep men-at-arms'" out.txt || { echo "no did you mean"; exit 1; }
a=$(printf 'status\nquit\n' | "$BS" referee --resume s.journal 2>/dev/null | grep 'inputs; state')
b=$(printf 'odds Ironhold dwarves vs Broken Fang spears\nstatus\nquit\n' |
	"$BS" referee --resume s.journal 2>/dev/null | grep 'inputs; state')
[ "$a" = "$b" ] || { echo "odds changed the state"; exit 1; }

# 2E: the exact distribution of the hits, as attack --rules bs2e --odds
# the first unit in contact with an enemy after six rounds, and that enemy
printf 'status\nquit\n' | "$BS" referee --resume t.journal 2>/dev/null >st.txt
pair=$(sed -n 's/^  \(.*[^ ]\)  *[0-9]*\/[0-9]* *figures.*; contact: \([^,]*\).*/\1 vs \2/p' st.txt | head -1)
[ -n "$pair" ] || { echo "no 2E contact after six rounds"; cat st.txt; exit 1; }
printf 'odds %s\nquit\n' "$pair" |
	"$BS" referee --resume t.journal 2>/dev/null >out.txt
grep -q ' now: in contact' out.txt || { echo "2E: not in contact"; cat out.txt; exit 1; }
figs=$(sed -n 's/^  \([0-9]*\) figures (its share against this enemy): \([0-9]*\) attack dice.*/\1/p' out.txt)
ar=$(sed -n "s/^  the defender's AR \([0-9]*\).*/\1/p" out.txt)
ad=$(sed -n 's/^Odds .*: [0-9]* attack dice \([^;]*\);.*/\1/p' out.txt)
h=$(sed -n 's/^  the defender: \([0-9]*\) figures of \([0-9]*\) Hits, \([0-9]*\) carried.*/\2/p' out.txt)
tf=$(sed -n 's/^  the defender: \([0-9]*\) figures of \([0-9]*\) Hits, \([0-9]*\) carried.*/\1/p' out.txt)
c=$(sed -n 's/^  the defender: \([0-9]*\) figures of \([0-9]*\) Hits, \([0-9]*\) carried.*/\3/p' out.txt)
[ -n "$figs" ] && [ -n "$ar" ] && [ -n "$ad" ] && [ -n "$h" ] || { echo "2E numbers"; cat out.txt; exit 1; }
"$BS" attack --rules bs2e --figures "$figs" --ad "$ad" --ar "$ar" --hits "$h" \
	--target-figures "$tf" --carried "$c" --odds >want.txt
sed -n '/^Odds \[2E/,/^Expected figures removed/p' out.txt >got.txt
cmp -s got.txt want.txt || { echo "2E odds != attack --odds"; diff got.txt want.txt; exit 1; }
# the 2E example: 8 d8 at AR 7
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --hits 2 --target-figures 6 --odds
expect_code 0
expect_out "Expected hits rolled: 8.00, standing: 5.60"
run attack --rules bs2e --figures 8 --ad d8 --ar 7 --odds --roll 1,2,3,4,5,6,7,8
expect_code 2
expect_err "--odds takes no --roll"

# the matrix: no attack calculator, it says so
printf 'odds A1 vs B1\nquit\n' | "$BS" referee --builtin shield-lands-matrix --journal m.journal \
	2>/dev/null >out.txt
grep -q 'the matrix has no attack calculator' out.txt || { echo "matrix odds"; cat out.txt; exit 1; }
