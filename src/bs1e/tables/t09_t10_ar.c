/* Attack Rating tables: Table 9 Ratio Adjustments [8.3], Table 10 AR
 * Modifiers for Melee Combat [8.3] with its special note's examples, and the
 * sign of the higher-ground row (known-gaps item 6). */
#include <assert.h>

#include "battlesim/bs1e_tables.h"

/* ---- Table 9 [8.3] ------------------------------------------------------ */

const struct bs1e_t9_row bs1e_table9[BS1E_T9_ROWS] = {
    {10, 0},
    {5, +5},
    {2, +10},
    {1, +15},
};
_Static_assert(BS1E_T9_ROWS == 4, "Table 9 prints 4 rows");

int bs1e_ratio_adjustment(int ratio)
{
	for (int i = 0; i < BS1E_T9_ROWS; i++)
		if (bs1e_table9[i].ratio == ratio)
			return bs1e_table9[i].adjustment;
	assert(!"Table 9: ratio must be 10, 5, 2 or 1");
	return 0;
}

/* ---- Table 10 [8.3] ----------------------------------------------------- */

#define T10 "[8.3 T10]"

const struct bs1e_mod_row bs1e_table10[BS1E_T10__COUNT] = {
    [BS1E_T10_OPEN_OR_SKIRMISH] = {"Attacker is in open or skirmish "
				   "formation",
				   +1, T10, 0},
    [BS1E_T10_OUT_OF_COMMAND] = {"Any attacking figures are out of command "
				 "(does not apply to skirmish units)",
				 +1, T10, 0},
    /* RULING R-006 [8.3] the printed sign is kept: -1 (minus is good for
     * the attacker); option higher_ground_plus reads it as +1. */
    [BS1E_T10_DEFENDER_HIGHER] = {"Defender occupies higher ground", -1,
				  "[8.3 T10] R-006", 0},
    [BS1E_T10_CLOSED_CHARGE] = {"Attacker is charging in closed formation", -1,
				T10, 0},
    [BS1E_T10_COMMANDER_FIGHTING] = {"Attacking commander is fighting as "
				     "part of the unit",
				     -1, T10, 0},
};
_Static_assert(BS1E_T10__COUNT == 5, "Table 10 prints 5 rows");

/* The special note's examples: "Note that minuses are beneficial to the
 * attacker." */
const struct bs1e_mod_row bs1e_table10_notes[BS1E_T10X__COUNT] = {
    [BS1E_T10X_FLANK] = {"negating defenders' shield bonus (attacking from "
			 "flank)",
			 -1, "[8.3 T10 note]", 0},
    [BS1E_T10X_REAR] = {"attacking from the rear", -2, "[8.3 T10 note]", 0},
    [BS1E_T10X_DAYLIGHT] = {"goblins and orcs attacking in daylight", +1,
			    "[8.3 T10 note]", 0},
};
_Static_assert(BS1E_T10X__COUNT == 3, "Table 10 note: 3 examples");

const struct bs1e_mod_row bs1e_table10_higher_ground_plus = {
    "Defender occupies higher ground", +1, "[8.3 T10] R-006 higher_ground_plus",
    0};

const struct bs1e_mod_row *bs1e_t10_higher_ground(int plus_option)
{
	return plus_option ? &bs1e_table10_higher_ground_plus
			   : &bs1e_table10[BS1E_T10_DEFENDER_HIGHER];
}
