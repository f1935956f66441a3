# [9.4 B] [10.0] RULING R-700, R-701: an individual's `weapons:` list: the
# roster shows each weapon and what he does with it (the bow shot, the
# sword in hand in melee; a bow alone: his fists in melee); --json lists
# them; `weapon:` and `weapons:` together and a misspelt name are located
# errors; a bow alone keeps the caveat `hero-missile`, a bow and a sword
# do not.
f=$(mktemp)
trap 'rm -f "$f"' EXIT
cat >"$f" <<'YAML'
name: hero weapons
level: intermediate
sides:
  - name: A
    edge: south
    individuals:
      - name: Ada
        class: fighter
        level: 5
        weapons: [long bow, {name: long sword, plus: 1}]
        position: [10, 10]
      - name: Bran
        class: fighter
        level: 5
        weapons: [long bow]
        position: [14, 10]
  - name: B
    edge: north
    individuals:
      - name: Cid
        class: fighter
        level: 5
        weapons: [dagger]
        position: [10, 30]
YAML
run roster "$f"
expect_code 0
expect_out 'Weapons           long bow: d6 vs S-M, d6 vs L (shot)'
expect_out '                  long sword +1: d8+1 vs S-M, d12+1 vs L (in melee)'
expect_out '                  in melee: his fists, d2 (R-701)'
expect_out 'Weapons           dagger: d4 vs S-M, d3 vs L (shot and in melee)'
expect_err "$f:15:18: weapons: 'long bow' of 'Bran': he shoots with it"
expect_err "(warning hero-missile)"
printf '%s' "$ERR" | grep -qF "of 'Ada'" && { echo "a warning for Ada"; exit 1; }
run roster "$f" --json
expect_code 0
printf '%s' "$OUT" | python3 -c '
import json, sys
d = json.load(sys.stdin)
ada = [i for s in d["sides"] for i in s["individuals"] if i["name"] == "Ada"][0]
assert ada["weapons"] == [{"name": "long bow", "plus": 0}, {"name": "long sword", "plus": 1}], ada["weapons"]
assert ada["weapon"] == {"name": "long sword", "plus": 1}, ada["weapon"]
' || { echo "roster --json weapons"; exit 1; }
sed -i 's/        weapons: \[long bow\]/        weapon: long sword\n        weapons: [long bow]/' "$f"
run roster "$f"
expect_code 2
expect_err "$f:16:18: weapons: an individual has either weapon or weapons, not both"
sed -i '15d; s/weapons: \[dagger\]/weapons: [dager]/' "$f"
run roster "$f"
expect_code 2
expect_err "unknown weapon 'dager' (did you mean 'dagger'?)"
