# The complete example of docs/SCENARIO-FORMAT.md is kept identical to
# tests/data/format_example.yaml, and it loads.
DOC="$DATA/../../docs/SCENARIO-FORMAT.md"
[ -f "$DOC" ] || { echo "missing $DOC"; exit 1; }
X=$(mktemp)
trap 'rm -f "$X"' EXIT
# the yaml block that follows the marker line
awk '/<!-- example: tests\/data\/format_example.yaml -->/ {m = 1; next}
     m == 1 && /^```yaml$/ {m = 2; next}
     m == 2 && /^```$/ {exit}
     m == 2 {print}' "$DOC" >"$X"
[ -s "$X" ] || { echo "no example block found in $DOC"; exit 1; }
diff -u "$DATA/format_example.yaml" "$X" || { echo "the example differs from tests/data/format_example.yaml"; exit 1; }
run check "$X"
expect_code 0
expect_out ": ok: 2 sides, 8 units, 10 individuals"
