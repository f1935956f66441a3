# battlesim sim --html FILE (issue 7): the report as a page with inline SVG
# charts (win probabilities with intervals, casualty histograms); the text
# report on stdout is the same with and without it. --replay K --html: the
# battle map of battle K.
d=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$d"' EXIT
run sim --runs 200 --threads 2 --html "$d/s.html"
expect_code 0
printf '%s\n' "$OUT" >"$d/with.txt"
"$BS" sim --runs 200 --threads 2 >"$d/without.txt"
cmp -s "$d/with.txt" "$d/without.txt" || { echo "--html changed the report"; exit 1; }
grep -q '<svg class="chart prob"' "$d/s.html" || { echo "no probability chart"; exit 1; }
n=$(grep -o '<svg class="chart hist"' "$d/s.html" | wc -l)
# rounds, 2 sides, 8 units
[ "$n" = 11 ] || { echo "$n histograms"; exit 1; }
grep -q 'Broken Fang warband' "$d/s.html" || { echo "no side name"; exit 1; }
p=$("$BS" sim --runs 200 --threads 2 --json | python3 -c 'import json,sys; print("%.1f%%" % (100*json.load(sys.stdin)["sides"][0]["p_win"]))')
grep -qF "$p [" "$d/s.html" || { echo "win probability $p not shown"; exit 1; }
if grep -q '<script' "$d/s.html"; then echo "the report needs no script"; exit 1; fi
run sim --replay 3 --html "$d/r.html"
expect_code 0
grep -q '"stream":3' "$d/r.html" || { echo "replay page is not battle 3"; exit 1; }
