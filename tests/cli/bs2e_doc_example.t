# The complete example of docs/BS2E.md is kept identical to
# tests/data/bs2e_example.yaml, and it loads and plays.
DOC="$DATA/../../docs/BS2E.md"
[ -f "$DOC" ] || { echo "missing $DOC"; exit 1; }
X=$(mktemp)
trap 'rm -f "$X"' EXIT
awk '/<!-- example: tests\/data\/bs2e_example.yaml -->/ {m = 1; next}
     m == 1 && /^```yaml$/ {m = 2; next}
     m == 2 && /^```$/ {exit}
     m == 2 {print}' "$DOC" >"$X"
[ -s "$X" ] || { echo "no example block found in $DOC"; exit 1; }
diff -u "$DATA/bs2e_example.yaml" "$X" || { echo "the example differs from tests/data/bs2e_example.yaml"; exit 1; }
run check "$X"
expect_code 0
expect_out ": ok: 2 sides, 5 units, 0 individuals"
run play "$X" --seed 3 --quiet
expect_code 0
expect_out "Outcome:"
