# [14.2] [14.3] [14.5] battlesim cast: the [14.5 B] example (ten 4 HD
# ogres, a 6 HD fireball: saved -> wounded, failed -> removed), one save
# per figure, the optional 20-figure rule (R-567), the exact odds, a line
# from the side, hit points against an individual (R-571), refusals.
run cast fireball --level 6 --target-hd 4 --ratio 10 --roll 9
expect_code 0
expect_out 'area: circle radius 2" AD&D -> radius 1.00" on the table (Table 17, rulebook column'
expect_out "save 16 = spell as a fighter of 4 HD [14.3]"
expect_out "6d6 -> 6 HD read on D6/D8 = 6 HD per creature [14.5 A]"
expect_out "6 HD x 10 creatures = 60 HD"
expect_out "saved -> wounded, failed -> removed: the saving throw decides [14.5 B]"
expect_out "rolled 9: 0 saved, 1 failed [14.3]"
expect_out "result: 1 figure removed, 0 wounded"
run cast fireball --level 6 --target-hd 4 --ratio 10 --roll 16
expect_code 0
expect_out "result: 0 figures removed, 1 wounded"
run cast fireball --level 6 --target-hd 4 --ratio 10 --table17-annotated --roll 16
expect_out "radius 0.67\" on the table (Table 17, annotated column"
# one throw per figure; -2 to the die
run cast fireball --level 6 --target-hd 4 --figures 3 --save-mod -2 --roll "18 17 16"
expect_code 0
expect_out "need 18 on the d20; rolled 18 17 16: 1 saved, 2 failed"
# the optional rule: 45 figures needing 16: 2 x 15 fail, 2 x 5 save, 5 roll
run cast fireball --level 6 --target-hd 4 --figures 45 --twenty --roll "16 1 1 1 20"
expect_code 0
expect_out "30 fail and 10 save automatically (R-567); rolled 16 1 1 1 20: 12 saved, 33 failed"
expect_out "result: 33 figures removed, 12 wounded"
run cast fireball --level 6 --target-hd 4 --figures 5 --odds
expect_code 0
expect_out "5    23.73%"
expect_out "expected: 3.750 figures removed, 1.250 wounded"
run cast fireball --level 6 --target-hd 4 --figures 5 --odds --json
expect_out '"expected_removed": 3.75'
run cast fireball --level 6 --target-hd 4 --json --roll 9
expect_out '"hd_per_figure": 60'
expect_out '"removed": 1'
# a lightning bolt: from the front at most a wound, from the side removal
run cast "lightning bolt" --level 8 --target-hd 4 --roll 1
expect_out "struck from the front, closed formation: at most a wound [14.5 B] (R-566)"
expect_out "result: 0 figures removed, 1 wounded"
run cast "lightning bolt" --level 8 --target-hd 4 --strike side --roll 1
expect_out "removal possible"
expect_out "result: 1 figure removed"
# against an individual: AD&D hit points, his save for half (R-571)
run cast fireball --level 5 --hp 30 --target-class fighter --target-level 5 --roll "6 5 4 3 2 15"
expect_code 0
expect_out "save 14 = spell fighter 5 [14.3]"
expect_out "20 hit points rolled; save d20 15 + 0 vs 14: saved -> 10 taken (R-571)"
expect_out "result: 20 hp left"
run cast "red dragon breath" --breather-hp 44 --hp 30 --save 13 --odds
expect_out "a breather of 44 hp [13.7]"
expect_out "killed (hp 30 or more) 60.00%"
# refused, with the reason
run cast "charm person" --level 3 --target-hd 1
expect_code 2
expect_err "[14.6] Charm, Hold, and Temporary Immobilization: it does no hit-point damage"
run cast firebal --level 3 --target-hd 1
expect_code 2
expect_err "no spell, item or breath 'firebal'"
expect_err "(did you mean 'fireball'?)"
run cast fireball --level 6 --creature orcc
expect_code 2
expect_err "no creature 'orcc' in the catalog (did you mean 'orc'?)"
run cast fireball --target-hd 1
expect_code 2
expect_err "--level"
run cast "ice storm" --level 7 --target-hd 1 --roll "3"
expect_code 2
expect_err "dice:"
# [14.5 A] the ice storm example: 3d10 rolling 6 5 3 = 14 hp -> 4 HD
run cast "ice storm" --level 7 --target-hd 5 --roll "6 5 3 20"
expect_code 0
expect_out "14 hp rolled / 4 = 4 HD = 4 HD per creature [14.5 A]"
