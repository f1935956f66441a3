# The layering of src/ (docs/DESIGN.md "Layout", tools/layers.sh): every
# include and every symbol an object uses goes to its own module or a
# lower layer; no ruleset uses another ruleset, src/ai, src/report,
# src/sim or cli/; no include cycle; the reporters share their helpers
# through common.c. The objects are those of the build under test.
top=$(cd "$DATA/../.." && pwd)
sh "$top/tools/layers.sh" "$(dirname "$BS")"
