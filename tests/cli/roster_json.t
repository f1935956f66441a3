# battlesim roster --json: one JSON object, sides -> units / individuals,
# each rated number with value, derivation and terms (docs/ROSTER-JSON.md).
run roster --json
expect_code 0
expect_out '"scenario": "Borderland Raid"'
expect_out '"sides": ['
expect_out '"units": ['
expect_out '"individuals": ['
expect_out '"derivation": "AR 19 = THAC0 19 +0 ratio 10:1 [8.3 T9]"'
expect_out '"label": "ratio 10:1"'
expect_out '"cite": "[8.3 T9]"'
expect_out '"hd_per_figure": {'
expect_out '"ar_modifiers": ['
expect_out '"command_rank": "Army Commander"'
# the output is one object: it opens and closes with braces
first=$(printf '%s\n' "$OUT" | head -1)
last=$(printf '%s\n' "$OUT" | tail -1)
[ "$first" = "{" ] || { echo "first line: $first"; exit 1; }
[ "$last" = "}" ] || { echo "last line: $last"; exit 1; }
