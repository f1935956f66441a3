# docs/RULINGS.md and docs/COVERAGE.md are generated from docs/rulings/ and
# docs/coverage/; they must be up to date, and every ruling id cited in the
# code must be recorded in docs/RULINGS.md.
top=$(cd "$DATA/../.." && pwd)
sh "$top/tools/gendocs.sh" --check || exit 1
missing=""
for id in $(grep -rhoE 'RULING R-[0-9]{3}' "$top/src" "$top/cli" | sort -u | sed 's/RULING //'); do
	grep -q "^### $id " "$top/docs/RULINGS.md" || grep -q "^## $id " "$top/docs/RULINGS.md" || missing="$missing $id"
done
[ -z "$missing" ] || { echo "rulings cited in code but not recorded:$missing"; exit 1; }
