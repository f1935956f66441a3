# [14.1] the roster shows each caster's spells per day (PH, Wisdom: RULING
# R-560) and the spells memorized, given or the default choice (R-562);
# --json carries the same (docs/ROSTER-JSON.md); a bad `spells:` is an
# error at its place.
f=$(mktemp)
trap 'rm -f "$f"' EXIT
cat >"$f" <<'YAML'
name: spells
sides:
  - name: B
    edge: north
    individuals:
      - name: Hedda
        class: cleric
        level: 5
        abilities: {wis: 16}
        spells: [{name: bless, count: 3}, chant, fireball]
        position: [10, 10]
  - name: A
    edge: south
    individuals:
      - name: Mage
        class: magic-user
        level: 5
        spells: [fireball, magic missile, magic missile]
        position: [10, 30]
      - name: Old Mage
        class: magic-user
        level: 5
        position: [12, 30]
YAML
run roster "$f"
expect_code 2
expect_err "$f:10:50: spells: 'fireball' is a magic-user spell; 'Hedda' (cleric 5) casts cleric spells"
sed -i 's/, fireball\]/]/' "$f"
run roster "$f"
expect_code 0
expect_out 'Spells [14.1]     cleric: 5/5/1 a day (PH, Wisdom); memorized'
expect_out '    1st bless x3'
expect_out '    2nd chant'
expect_out 'Spells [14.1]     magic-user: 4/2/1 a day (PH); memorized'
expect_out '    1st magic missile x2'
expect_out '    3rd fireball'
expect_out 'memorized (default choice, RULING R-562)'
run roster --json "$f"
expect_code 0
expect_out '"per_day": ['
expect_out '"name": "magic missile"'
expect_out '"default": true'
