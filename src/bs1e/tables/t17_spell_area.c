/* Table 17 Spell Areas of Effect [14.2], both printed readings (known-gaps
 * item 5): the rulebook's 1/2" and 1" and the annotated chapter's 1/3" and
 * 2/3". Lengths in 1/6 inch (scales) and 1/8 inch (bases). */
#include <assert.h>

#include "battlesim/bs1e_tables.h"

/* RULING R-005 [14.2 T17] the rulebook's column is the default; option
 * table17_annotated uses the annotated chapter's 1/3" and 2/3", which is
 * what "3\" AD&D = 1\" BATTLESYSTEM" gives. */
const struct bs1e_t17_row bs1e_table17[BS1E_T17_ROWS] = {
    {"1\"/30'", 1, "1/2\"", "1/3\"", 3, 2, 4, "1/2\""},
    {"2\"/60'", 2, "1\"", "2/3\"", 6, 4, 6, "3/4\""},
    {"3\"/90'", 3, "1\"", "1\"", 6, 6, 8, "1\""},
    {"4\"/120'", 4, "1 1/3\"", "1 1/3\"", 8, 8, 12, "1 1/2\""},
    {"5\"/150'", 5, "1 2/3\"", "1 2/3\"", 10, 10, 14, "1 3/4\""},
    {"6\"/180'", 6, "2\"", "2\"", 12, 12, 16, "2\""},
};
_Static_assert(BS1E_T17_ROWS == 6, "Table 17 prints 6 rows");

int bs1e_spell_area_sixths(int adnd_inches, int annotated)
{
	assert(adnd_inches > 0);
	if (adnd_inches <= BS1E_T17_ROWS) {
		const struct bs1e_t17_row *r = &bs1e_table17[adnd_inches - 1];
		return annotated ? r->bs_sixths_annotated
				 : r->bs_sixths_rulebook;
	}
	/* [14.2] 3" of AD&D area = 1" BATTLESYSTEM = 6 sixths. */
	return adnd_inches * 2;
}

int bs1e_spell_area_dnd_sixths(int feet)
{
	assert(feet > 0);
	/* [14.2] "In a BATTLESYSTEM game using D&D rules, each 30' of area of
	 * effect equals 1" on the tabletop": 30' = 6 sixths, so 5' = 1. */
	return feet / 5;
}
