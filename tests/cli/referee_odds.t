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

# the matrix (RULING R-434): the attack step's numbers and the exact odds
# of 2d10 on Table 1; magic without a roll; what cannot be made now. The
# session of referee_matrix.t up to the first attack's roll (Raider Band
# on Baron's Foot, melee: rating 1, defense 2, 5 of 5 classes; the roll
# 5 3 gave 0 points)
cp "$DATA/matrix_orders.yaml" m.yaml
{ head -n 17 "$DATA/matrix_orders.input"
	printf "odds Raider Band vs Baron's Foot\nodds Hedge Wizards vs Raider Band magic\n"
	printf "odds Mill Bowmen vs Raider Band magic\nodds Raider Scouts vs Baron's Foot charging\n"
	printf "odds Mill Bowmen vs Hippogriff Riders\nquit\n"; } |
	"$BS" referee m.yaml --seed 7 --journal mo.journal 2>/dev/null >out.txt
for t in "Raider Band (B1) attacking Baron's Foot (A1) now: melee [M3.4d] (the attack step's numbers, RULING R-434):" \
	'  classes 5 of 5 (the full class) count [M2.4] RULING R-250' \
	'  rating 1 [M3.4d]' \
	"  the defender's defense 2: difference -1; 2d10 on Table 1" \
	'             0   45.0%   100.0%' \
	'             3    3.0%     3.0%' \
	'  expected 0.79 damage points' \
	'  magic: no roll: the spell'"'"'s average (5d6) / 10 x class 1 = 2 damage points [M3.4a] RULING R-258' \
	'  it cannot make that attack now: it casts no spells [M3.4a]' \
	'  it cannot make that attack now: scouts attack with their missile or melee rating [M3.5] RULING R-253' \
	'Mill Bowmen (A2) attacking Hippogriff Riders (B3) now: missile [M3.4b]'; do
	grep -qF "$t" out.txt || { echo "matrix odds lack: $t"; cat out.txt | tail -30; exit 1; }
done
# the chances add up to 100% and their mean is the expectation
awk '/attacking Baron.s Foot .A1. now: melee/ { on = 1; next }
	on && /^ +[0-9]+ +[0-9.]+% +[0-9.]+%$/ { s += $2; m += $1 * $2 }
	on && /expected/ { printf "%.1f %.2f\n", s, m / 100; exit }' out.txt >sum.txt
[ "$(cat sum.txt)" = "100.0 0.79" ] || { echo "the distribution: $(cat sum.txt)"; exit 1; }
