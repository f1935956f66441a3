# [13.4] paralysis in play (RULING R-710 .. R-717): tests/data/ghouls.yaml
# (the catalog's ghouls at the Advanced Game) checks clean with --strict:
# no warning `paralysis` (nor `race-ability`), it is played; seed 1 shows a
# figure of the Watch paralyzed by the ghouls' fraction after its failed
# save, Immobilized for its 3d4 Game Rounds; the JSON Lines event has the
# ghoul unit as its source (`source` `creature`) and every key documented.
top=$(cd "$DATA/../.." && pwd)
run check --strict "$DATA/ghouls.yaml"
expect_code 0
expect_out "ghouls.yaml: ok: 2 sides, 3 units, 3 individuals"
run play "$DATA/ghouls.yaml" --seed 1
expect_code 0
expect_out "ghoul's paralysis on Watch: 1 figure struck; 1 save"
expect_out "1 paralyzed (Immobilized marker) for 6 Game Rounds [13.4] [14.3] RULING R-710, R-713"
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$DATA/ghouls.yaml" --seed 1 --log jsonl >"$f" || { echo "play failed"; exit 1; }
grep -q '"type":"cast".*"unit_name":"Ghouls".*"spell":"ghoul","step":"effect","effect":"paralysis","marker":"Immobilized","affected":1,"source":"creature"' "$f" ||
	{ echo "no paralysis effect event"; grep '"effect":"paralysis"' "$f"; exit 1; }
expect_keys_documented "$f" "$top/docs/EVENTS.md"
# below the Advanced Game the same battle warns `paralysis-level`
sed 's/^level: advanced/level: intermediate/' "$DATA/ghouls.yaml" >"$f"
run check "$f"
expect_err "(warning paralysis-level)"
