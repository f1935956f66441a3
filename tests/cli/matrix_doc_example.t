# The complete example of docs/MATRIX.md is kept identical to
# tests/data/matrix_example.yaml, and it loads and plays.
DOC="$DATA/../../docs/MATRIX.md"
[ -f "$DOC" ] || { echo "missing $DOC"; exit 1; }
X=$(mktemp)
trap 'rm -f "$_o" "$_e" "$X"' EXIT
awk '/<!-- example: tests\/data\/matrix_example.yaml -->/ {m = 1; next}
     m == 1 && /^```yaml$/ {m = 2; next}
     m == 2 && /^```$/ {exit}
     m == 2 {print}' "$DOC" >"$X"
[ -s "$X" ] || { echo "no example block found in $DOC"; exit 1; }
diff -u "$DATA/matrix_example.yaml" "$X" || { echo "the example differs from tests/data/matrix_example.yaml"; exit 1; }
run check "$X"
expect_code 0
run play "$X" --seed 5 --quiet
expect_code 0
expect_out "Outcome:"
