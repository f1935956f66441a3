# Issue 16, tests/data/magic_haste_bows.yaml (the Advanced Game): haste's
# "fire missiles ... for double damage" [14.7] (RULING R-736): the Bows,
# every figure hasted by Zan's quickening, fire at the Orcs: the CRT's 2
# HD a figure read double (4), said in the text log and in JSON
# (`bonus_damage`); in Game Round 4, the haste over, the volley is read
# once. The placement warnings only.
S="$DATA/magic_haste_bows.yaml"
run play "$S" --seed 4 --rounds 4
expect_code 0
expect_out "Bows fires at Orcs (missile, range 14\" medium): 6 figures, AR 24 = 21 +1 target in open or skirmish formation +2 medium range [10.8 T13]; AR 24 - AC 6 + 2d6 (2+3) = 23 on D6: 4 HD x 6 = 24 HD -> 2 killed, 1 wounded of the 8 figures seen; hasted: double damage (RULING R-736) [1.5 B] [8.4]"
expect_out "Bows fires at Orcs (missile, range 14\" medium): 6 figures, AR 24 = 21 +1 target in open or skirmish formation +2 medium range [10.8 T13]; AR 24 - AC 6 + 2d6 (3+3) = 24 on D6: 2 HD x 6 = 12 HD -> 1 killed, 0 wounded of the 6 figures seen [1.5 B] [8.4]"
run play "$S" --seed 4 --rounds 1 --log jsonl
expect_code 0
expect_out '"bonus_damage":"double"'
