/* Table 1 Creature/Figure Ratio [2.2] and Table 2 Counter Scale [2.3]. */
#include <assert.h>

#include "battlesim/bs1e_tables.h"

/* [2.2 T1] rows as printed. */
const struct bs1e_t1_row bs1e_table1[BS1E_T1_ROWS] = {
    {"Less than 4 + 1 HD", 10},
    {"4 + to 8 + HD", 5},
    {"9 or more HD", 2},
    {"PC/NPC individual*", 1},
};
_Static_assert(BS1E_T1_ROWS == 4, "Table 1 prints 4 rows");

const char *const bs1e_table1_note =
    "* For this purpose, PC/NPC individuals include dragons, demons, "
    "liches, and other superpowerful and/or intelligent creatures with "
    "magical abilities, as well as PC/NPC commanders and character types.";

int bs1e_ratio_for_hd(int hd_tenths, int hp_plus)
{
	/* RULING R-012 [2.2 T1] HD are compared as (dice, hit points added):
	 * "less than 4 + 1" is everything below 4+1 (4, 4-1, 3+3 ...);
	 * "4 + to 8 +" runs from 4+1 to any 8+N (and 8 1/2); "9 or more"
	 * starts at exactly 9 (9-1 is still 5:1). */
	if (hd_tenths > 90 || (hd_tenths == 90 && hp_plus >= 0))
		return bs1e_table1[2].ratio;
	if (hd_tenths > 40 || (hd_tenths == 40 && hp_plus >= 1))
		return bs1e_table1[1].ratio;
	return bs1e_table1[0].ratio;
}

/* [2.3 T2] rows as printed; sizes in 1/8 inch. */
const struct bs1e_t2_row bs1e_table2[BS1E_BASE__COUNT] = {
    [BS1E_BASE_S] = {"Small (S)", "3'-4' tall*", "1/2\"", 4, 4},
    [BS1E_BASE_M] = {"Medium (M)", "man-sized", "3/4\"", 6, 6},
    [BS1E_BASE_L] = {"Large (L)", "larger than man-sized", "1\"", 8, 8},
    [BS1E_BASE_CAVALRY] = {"Cavalry", "Cavalry", "3/4\" x 1 1/2\"", 6, 12},
    [BS1E_BASE_PC_NPC] = {"PC/NPC", "PC/NPC", "No base**", 0, 0},
    [BS1E_BASE_OVERSIZE] = {"Oversize***", "Oversize***", "No base**", 0, 0},
};
_Static_assert(BS1E_BASE__COUNT == 6, "Table 2 prints 6 rows");

const char *const bs1e_table2_notes[3] = {
    "* Dwarves are mounted on 3/4\" bases even though they are size S "
    "creatures.",
    "** Individual PCs/NPCs are not mounted on bases (optionally 1/2\" "
    "bases; 1/2\" counters, or 3/4\" or 1\" for incredibly large ones).",
    "*** Oversize and special creatures: a 1\" counter, or the figure "
    "without a base; Table 1 gives their ratio. 1\" x 2\" or larger "
    "counters for chariots and huge cavalry.",
};
