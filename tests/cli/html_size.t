# issue 7: the battle map of a 30-round battle stays under 2 MB (seed 5 of
# the built-in scenario plays to the round limit).
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
run play --seed 5 --quiet --html "$f"
expect_code 0
expect_out "after 30 rounds"
size=$(wc -c <"$f")
[ "$size" -lt 2000000 ] || { echo "page of 30 rounds: $size bytes"; exit 1; }
