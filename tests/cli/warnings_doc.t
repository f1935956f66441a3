# docs/SCENARIO-FORMAT.md "Warnings": the table of every warning is the
# library's table (battlesim check --list-warnings: id, where it applies,
# why, sections, text), row for row; the lines of the listing are tab
# separated, five fields each.
top=$(cd "$DATA/../.." && pwd)
run check --list-warnings
expect_code 0
bad=$(printf '%s\n' "$OUT" | awk -F '\t' 'NF != 5' | head -3)
[ -z "$bad" ] || { echo "lines without 5 fields: $bad"; exit 1; }
want=$(mktemp)
got=$(mktemp)
trap 'rm -f "$_o" "$_e" "$want" "$got"' EXIT
{
	echo '| warning | applies | why | sections | text |'
	echo '|---|---|---|---|---|'
	printf '%s\n' "$OUT" |
		awk -F '\t' '{printf "| `%s` | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5}'
} >"$want"
awk '/<!-- warnings: battlesim check --list-warnings -->/ {m = 1; next}
     /<!-- \/warnings -->/ {m = 0}
     m' "$top/docs/SCENARIO-FORMAT.md" >"$got"
diff -u "$want" "$got" || { echo "docs/SCENARIO-FORMAT.md's table of warnings differs from check --list-warnings"; exit 1; }
n=$(printf '%s\n' "$OUT" | wc -l)
[ "$n" -ge 40 ] || { echo "only $n warnings listed"; exit 1; }
