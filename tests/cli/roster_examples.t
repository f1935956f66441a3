# The roster of a scenario with the [4.1] worked examples, cavalry [11.2],
# chariots [11.3], a mixed unit [3.1] with a member [9.1] and the [14.20]
# ring of human influence (Advanced Game rules: level advanced); then the
# same scenario at the Basic Game, where those forces cannot use them
# [16.3 A] (RULING R-305 .. R-310).
f=$(mktemp --suffix=.yaml)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
cat >"$f" <<'YAML'
name: Roster examples
game: adnd
level: advanced
sides:
  - name: South
    edge: south
    units:
      # [4.1] twelve figures of 1 HD orcs at 10:1 in leather (AC 8) with
      # long swords +1
      - name: Orcs of the example
        figures: 12
        creature: orc
        ac: 8
        weapons: [{name: long sword, plus: 1}]
        position: [10, 5]
        commander: Sir Five
      # [4.1] six figures of hill giants at 5:1 (the example's 9 HD) with
      # potions of invisibility; AC 4
      - name: Hill giants of the example
        type: skirmish
        figures: 6
        ratio: 5
        creature: {name: hill giant 9 HD, hd: 9, ac: 4, mv: 12, size: L}
        items: [potion of invisibility]
        position: [25, 5]
      - name: Lancers
        figures: 8
        creature: man-at-arms
        mount: light warhorse
        armor: [chain mail, shield]
        weapons: [light lance, long sword]
        position: [40, 5]
        commander: Sir Lance
      - name: Chariots
        figures: 4
        creature: man-at-arms
        chariot: {pulled_by: light warhorse, pullers: 2, passengers: 2}
        armor: [chain mail]
        weapons: [long sword]
        position: [55, 5]
        commander: Charioteer
      - name: Mixed band
        figures: 10
        mix:
          - {creature: orc, count: 5}
          - {creature: gnoll, count: 5}
        position: [65, 5]
        commander: Gnash
        members: [Hero Member]
    individuals:
      - name: Sir Five
        class: fighter
        level: 5
        abilities: {cha: 17}
        items: [ring of human influence]
        hp: 40
        ac: 2
        rank: unit
      - {name: Sir Lance, class: paladin, level: 3, abilities: {cha: 17},
         hp: 20, ac: 2, rank: unit}
      - {name: Charioteer, class: fighter, level: 1, hp: 8, ac: 5, rank: unit}
      - {name: Gnash, race: gnoll, hp: 12, ac: 5, rank: unit}
      - {name: Hero Member, class: fighter, level: 7, hp: 50, ac: 0,
         role: member}
  - name: North
    edge: north
    units:
      - {name: Kobolds, type: mob, figures: 12, creature: kobold,
         position: [30, 40]}
      - {name: Goblins, figures: 12, creature: goblin, position: [40, 40]}
YAML
run roster "$f"
expect_code 0
# [4.1] the two worked examples, to the book's numbers
expect_out "ML 12 = 11 +1 magic equipment -1 AC 8 +1 regular [4.1 T3]"
expect_out "ML 13 = 11 +2 HD 9 +1 magic equipment -2 only 6 figures +1 AC 4 [4.1 T3]"
expect_out "Ratio 5 = scenario ratio (Table 1: 2 for 9 HD) [2.2 T1, R-041]"
expect_out "AR 18 = THAC0 19 -1 long sword +1 +0 ratio 10:1 [8.3 T9]"
# [11.2] cavalry
expect_out "AC 7 = poorer of rider AC 4, mount AC 7 [11.2]"
expect_out "HD 2 = average of 1 and 2 HD (1.5), up [11.2, R-051]"
expect_out "MV 24 = the mount's (light warhorse) [11.2]"
expect_out "d6 (light lance) + d4/d4 (light warhorse)"
# [11.3] chariots
expect_out "THAC0 18 = average of crew and team 18.5, down (in favour) [11.3, R-052]"
expect_out "HD 3 = pullers 2 HD + passengers 1 HD"
expect_out "MV 16 = 2/3 x the pullers' MV 24 [11.3]"
expect_out "AC 4 = average 6 -2 chariot [11.3, R-052]"
# [3.1] mixed unit with a [9.1] member
expect_out "Members       Hero Member [9.1]"
expect_out "THAC0 18 = average 17.47, rounded up (least favourable) [9.1, R-049]"
expect_out "Command Rank      Hero; member of Mixed band"
# [14.20] and [4.8]
expect_out "CB 3 = Cha 17 (17-18) = 2 +1 ring of human influence [4.9 T8]"
expect_out "CR 14 = (Cha 17 + level 5) / 2 = 11 +3 fighter [4.8]"
expect_out "CR 13 = (Cha 17 + level 3) / 2 = 10 +3 paladin [4.8]"
# [8.3] the 1/2 HD kobolds: repeated 20s
expect_out "THAC0 21 = monster of 1/2 HD = 20 +1 repeated 20s ignored [8.3]"
# [2.8] remarks: a regular unit without a Unit Commander
expect_out "Goblins has no Unit Commander: out of command [2.8] [4.7]"
run roster --json "$f"
expect_code 0
expect_out '"derivation": "ML 12 = 11 +1 magic equipment -1 AC 8 +1 regular [4.1 T3]"'
expect_out '"mounting": "cavalry"'
expect_out '"mounting": "chariot"'

# [16.3 A] the same forces at the Basic Game: on foot, without the member,
# without the ring's bonus, each with a located warning
sed -i 's/^level: advanced$/level: basic/' "$f"
run roster "$f"
expect_code 0
expect_err "mount: 'light warhorse' (it fights with 'long sword'): cavalry and chariots are not in force at this level: the unit is rated, moves and fights on foot [Part 2] [11.1] [16.3 A] (RULING R-308) (warning mounted-level)"
expect_err "members: 'Hero Member' in unit 'Mixed band': characters as members of units are not in force at this level"
expect_err "items: 'ring of human influence' of 'Sir Five': magic items are not in force at this level"
expect_out "CB 2 = Cha 17 (17-18) = 2 [4.9 T8]"
printf '%s' "$OUT" | grep -q "Members       Hero Member" && { echo "member averaged at basic"; exit 1; }
printf '%s' "$OUT" | grep -q "poorer of rider" && { echo "cavalry rated at basic"; exit 1; }
expect_out "Dmg vs S-M d8 (long sword); vs L d12 (long sword) [8.2, R-306]"
run roster --strict "$f"
expect_code 2
expect_err "battlesim: error: $f:"
expect_err "warnings, errors with --strict"
