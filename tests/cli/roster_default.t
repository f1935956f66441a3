# battlesim roster without FILE: the built-in scenario's Army Roster Sheet
# [3.1] and Heroes and Commanders Roster Sheet [3.2], every rated number
# followed by its derivation.
run roster
expect_code 0
expect_out "ARMY ROSTER SHEET [3.1]"
expect_out "HEROES AND COMMANDERS ROSTER SHEET [3.2]"
expect_out "Unit Name     Broken Fang warriors"
expect_out "AR 19 = THAC0 19 +0 ratio 10:1 [8.3 T9]"
expect_out "Ratio 5 = 4+1 HD: 4 + to 8 + HD [2.2 T1]"
expect_out "HD/fig 20 = 5 x 4 HD (the +1 hp not counted) [8.7, R-042]"
expect_out "ML 13 = 11 +1 demihumans -1 only 10 figures +1 AC 4 +1 regular [4.1 T3]"
expect_out "Base 3/4\" = Table 2 Medium (M): dwarf: dwarves on 3/4\" bases (note *) [2.3 T2]"
expect_out "CR 14 = (Cha 16 + level 6) / 2 = 11 +3 fighter [4.8]"
expect_out "CB 1 = Cha 16 (15-16) = 1 [4.9 T8]"
expect_out "CR 6 = 2/3 x MV 9 [4.8]"
run roster --help
expect_code 0
expect_out "usage: battlesim roster [FILE] [--json]"
