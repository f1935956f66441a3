# Catalog names are written as a player writes them: "long sword",
# "man-at-arms", "chain mail" load; the rulebook's "longsword" and
# "Long-Sword" are the same weapon (RULING R-038); a typo gets a
# "did you mean" pointing at the catalog's spelling.
f=$(mktemp)
trap 'rm -f "$f" "$_o" "$_e"' EXIT
write() {
	cat >"$f" <<YAML
name: catalog names
sides:
  - name: south
    edge: south
    units:
      - name: guards
        figures: 10
        creature: man-at-arms
        armor: [chain mail, shield]
        weapons: [$1]
        position: [36, 6]
        commander: Hale
    individuals:
      - name: Hale
        class: fighter
        level: 2
        hp: 14
        ac: 4
        rank: unit
  - name: north
    edge: north
    units:
      - name: raiders
        figures: 12
        creature: orc
        weapons: [spear]
        position: [36, 42]
        commander: Ugak
    individuals:
      - name: Ugak
        race: orc
        hp: 8
        ac: 6
        rank: unit
YAML
}
write "long sword"
run check "$f"
expect_code 0
write "longsword"
run check "$f"
expect_code 0
write "Long-Sword"
run check "$f"
expect_code 0
write "longsowrd"
run check "$f"
expect_code 2
expect_err "unknown weapon 'longsowrd' (did you mean 'long sword'?)"
