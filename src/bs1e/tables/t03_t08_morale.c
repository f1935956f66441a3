/* Morale, discipline and command tables: Table 3 Morale Modifiers [4.1]
 * (with the rows the scan lost, known-gaps item 2, and the [2.11] special
 * types), Table 4 Situational Morale Factors [4.2] (its last row from
 * [2.10], gap 3), Table 5 [4.4], Tables 6 and 7 [4.6], Table 8 [4.9]. */
#include <assert.h>

#include "battlesim/bs1e_tables.h"

/* ---- Table 3 [4.1] ------------------------------------------------------ */

#define T3 "[4.1 T3]"
/* RULING R-002 [4.1] the rows the scan lost, restored from the published
 * table: the [4.1] examples need "-1 (AC 8)", "+1 (AC 4)", "+1 (Regular)". */
#define T3R "[4.1 T3] R-002"

const struct bs1e_mod_row bs1e_table3[BS1E_T3__COUNT] = {
    [BS1E_T3_HD_HALF_OR_LESS] = {"Creatures have 1/2 HD or less", -2, T3, 0},
    [BS1E_T3_HD_UNDER_1] = {"Creatures have more than 1/2 HD but less than "
			    "1 HD",
			    -1, T3, 0},
    [BS1E_T3_HD_4_TO_8] = {"Creatures have 4 to 8 + HD", +1, T3, 0},
    [BS1E_T3_HD_9_TO_14] = {"Creatures have 9 to 14 + HD", +2, T3, 0},
    [BS1E_T3_HD_OVER_14] = {"Creatures have more than 14 + HD", +3, T3, 0},
    [BS1E_T3_DEMIHUMAN] = {"Demihumans", +1, T3, 0},
    [BS1E_T3_SPECIAL_ABILITY] = {"Creatures with one or more Special "
				 "Abilities*",
				 +1, T3, 0},
    [BS1E_T3_EXCEPTIONAL_ABILITY] = {"Creatures with one or more "
				     "Exceptional Abilities*",
				     +1, T3, 0},
    [BS1E_T3_MAGIC_EQUIPMENT] = {"Unit has magic equipment", +1, T3, 0},
    [BS1E_T3_FIGURES_6_OR_FEWER] = {"Unit has 6 or fewer figures", -2, T3, 0},
    [BS1E_T3_FIGURES_7_TO_11] = {"Unit has 7 to 11 figures", -1, T3, 0},
    [BS1E_T3_AC_0_OR_BETTER] = {"Unit has AC 0 or better", +2, T3R, 1},
    [BS1E_T3_AC_1_TO_4] = {"Unit has AC 1-4", +1, T3R, 1},
    [BS1E_T3_AC_8_OR_WORSE] = {"Unit has AC 8 or worse", -1, T3R, 1},
    [BS1E_T3_MOUNTED] = {"Unit is mounted", +1, T3R, 1},
    [BS1E_T3_REGULAR] = {"Unit is Regular", +1, T3R, 1},
    [BS1E_T3_ELITE] = {"Unit is Elite", +2, "[2.11]", 0},
    [BS1E_T3_BERSERKER] = {"Unit is Berserker", +3, "[2.11]", 0},
};
/* 11 printed rows + 5 restored (gap 2) + the 2 special types of [2.11]. */
_Static_assert(BS1E_T3__COUNT == 11 + 5 + 2, "Table 3 row count");

const char *const bs1e_table3_note =
    "* In the AD&D game, see DMG, page 85, for definitions. Units can "
    "receive both bonuses. In the D&D game, give +1 to base morale for "
    "each 2 asterisks after the hit dice; round down.";

/* ---- Table 4 [4.2] ------------------------------------------------------ */

#define T4 "[4.2 T4]"

const struct bs1e_mod_row bs1e_table4[BS1E_T4__COUNT] = {
    [BS1E_T4_LOST_50] = {"At least 50% of unit has been lost", -2, T4, 0},
    [BS1E_T4_LOST_75] = {"At least 75% of unit has been lost", -4, T4, 0},
    [BS1E_T4_ENEMY_IN_REAR] = {"An enemy unit is in base-to-base contact "
			       "with the rear of the unit",
			       -2, T4, 0},
    [BS1E_T4_OUT_OF_COMMAND] = {"The unit is Out of Command (does not "
				"apply to skirmish units)",
				-2, T4, 0},
    [BS1E_T4_REMOVED_BY_MAGIC] = {"The Morale Check is because a figure "
				  "was removed by magic",
				  -1, T4, 0},
    [BS1E_T4_COMMANDER_KILLED] = {"The Morale Check is because the unit "
				  "commander was killed",
				  -1, T4, 0},
    [BS1E_T4_CHARGE_FAILED] = {"The unit is in Open or Mob Formation, "
			       "Charged during the current Game Round, and "
			       "failed to end its move in base-to-base "
			       "contact with an enemy figure or figures",
			       -3, T4, 0},
    [BS1E_T4_LEVEL_DRAIN_OR_UNHARMABLE] =
	{"Any figure in the unit is in base-to-base contact with a creature "
	 "that drains levels, or with a creature it cannot possibly harm "
	 "(hit only by magic weapons, etc.)",
	 -3, T4, 0},
    [BS1E_T4_CLOSED_FORMATION] = {"The unit is in Closed Formation", +1, T4, 0},
    /* RULING R-003 [4.2] the last row prints no number; [2.10] gives +2. */
    [BS1E_T4_MOB_SUPPORTED] = {"The unit is a Mob and a friendly regular "
			       "infantry unit is directly behind it and no "
			       "more than 6\" away",
			       +2, "[4.2 T4] [2.10] R-003", 1},
};
_Static_assert(BS1E_T4__COUNT == 10, "Table 4 prints 10 rows");

/* ---- Table 5 [4.4] ------------------------------------------------------ */

const char *const bs1e_table5[BS1E_T5__COUNT] = {
    [BS1E_T5_LOST_25] = "Immediately after the unit has lost 25% of its "
			"original figures.",
    [BS1E_T5_LOST_50] = "Immediately after the unit has lost 50% of its "
			"original figures.",
    [BS1E_T5_LOSS_AFTER_50] = "Each time a figure is lost from a unit after "
			      "that unit has lost 50% of its original "
			      "figures.",
    [BS1E_T5_REMOVED_BY_MAGIC] = "Each time a figure is removed from a unit "
				 "by magic.",
    [BS1E_T5_COMMANDER_KILLED] = "The unit's commander is killed.",
    [BS1E_T5_UNDEAD_OR_DRAINER_CONTACT] =
	"The unit is in base-to-base contact with undead or level draining "
	"creatures at the end of a Melee Phase.",
    [BS1E_T5_UNHARMABLE_CONTACT] = "The unit is touching a creature it "
				   "cannot harm (affected only by magical "
				   "weapons, etc.) at the end of a Melee "
				   "Phase.",
    [BS1E_T5_SKIRMISHER_FRIEND_ROUTS] =
	"A figure is a member of a Skirmish unit, and any friendly unit or "
	"figure within its base ground movement rate Routs.",
    [BS1E_T5_OTHER_RULE] = "Whenever other game or scenario rules require "
			   "a Morale Check.",
};
_Static_assert(BS1E_T5__COUNT == 9, "Table 5 prints 9 rows");

/* ---- Table 6 [4.6] ------------------------------------------------------ */

#define T6 "[4.6 T6]"

const struct bs1e_mod_row bs1e_table6[BS1E_T6__COUNT] = {
    [BS1E_T6_LOW_INT] = {"Unit has Low or lower intelligence", -1, T6, 0},
    [BS1E_T6_HIGH_INT] = {"Unit has High or higher intelligence", +1, T6, 0},
    [BS1E_T6_CHAOTIC] = {"Unit is of Chaotic alignment", -1, T6, 0},
    [BS1E_T6_LAWFUL] = {"Unit is of Lawful alignment", +1, T6, 0},
};
_Static_assert(BS1E_T6__COUNT == 4, "Table 6 prints 4 rows");

/* ---- Table 7 [4.6] ------------------------------------------------------ */

const char *const bs1e_table7[BS1E_T7__COUNT] = {
    /* RULING R-019 [4.6 T7] the scan reads "HS Movement Phase": "its". */
    [BS1E_T7_HATED_OPPONENT] = "The unit sees a \"hated\" opponent (PH, p. "
			       "18) within its charge range at the beginning "
			       "of its Movement Phase.",
    [BS1E_T7_ENEMY_WITHDRAWS] = "The unit is of chaotic alignment or low "
				"intelligence, and an enemy makes a Fighting "
				"Withdrawal (see [7.12]) or Flees (see [8.8]) "
				"while engaged with the unit.",
    [BS1E_T7_CLOSED_CHARGE] = "The unit is of chaotic alignment or low "
			      "intelligence, and the unit is ordered to "
			      "charge in Closed Formation.",
    [BS1E_T7_MOB_OR_BERSERKER_SEES_ENEMY] =
	"The unit is a Mob or is made of berserker-type troops, and it sees "
	"any opponent within its charge range at the beginning of its "
	"Movement Phase.",
};
_Static_assert(BS1E_T7__COUNT == 4, "Table 7 prints 4 rows");

/* ---- Table 8 [4.9] ------------------------------------------------------ */

const struct bs1e_t8_row bs1e_table8[BS1E_T8_ROWS] = {
    {"19 +", 19, 99, +3},    {"17-18", 17, 18, +2}, {"15-16", 15, 16, +1},
    {"7-14", 7, 14, 0},	     {"5-6", 5, 6, -1},	    {"3-4", 3, 4, -2},
    {"2 or less", 0, 2, -3},
};
_Static_assert(BS1E_T8_ROWS == 7, "Table 8 prints 7 rows");

int bs1e_charisma_bonus(int charisma)
{
	/* [4.9 T8] scores above the first row's 99 still count as "19 +". */
	if (charisma > bs1e_table8[0].max_cha)
		return bs1e_table8[0].mod;
	for (int i = 0; i < BS1E_T8_ROWS; i++)
		if (charisma >= bs1e_table8[i].min_cha &&
		    charisma <= bs1e_table8[i].max_cha)
			return bs1e_table8[i].mod;
	return bs1e_table8[BS1E_T8_ROWS - 1].mod; /* below 0: "2 or less" */
}
