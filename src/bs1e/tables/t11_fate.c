/* Table 11 Fate of PC/NPC in Eliminated Unit [9.1]; the d10's "0" is 10
 * (known-gaps item 8). */
#include <assert.h>

#include "battlesim/bs1e_tables.h"

/* RULING R-004 [9.1 T11] "8-0" on a d10 is 8, 9 and 10 (the die's 0). */
const struct bs1e_t11_row bs1e_table11[BS1E_FATE__COUNT] = {
    [BS1E_FATE_KILLED_BODY_LOST] = {"1", 1, 1,
				    "Character is killed and body is lost"},
    [BS1E_FATE_KILLED_BODY_ON_FIELD] = {"2-3", 2, 3,
					"Character is killed and body lies "
					"on the field"},
    [BS1E_FATE_BADLY_WOUNDED] = {"4-7", 4, 7,
				 "Character is badly wounded (1-6 hp "
				 "remaining)"},
    [BS1E_FATE_UNCONSCIOUS] = {"8-0", 8, 10,
			       "Character is unwounded but unconscious for "
			       "1-10 AD&D or D&D game turns."},
};
_Static_assert(BS1E_FATE__COUNT == 4, "Table 11 prints 4 rows");

enum bs1e_fate bs1e_fate_for_roll(int d10)
{
	if (d10 == 0)
		d10 = 10; /* the die's "0" */
	assert(d10 >= 1 && d10 <= 10);
	for (int f = 0; f < BS1E_FATE__COUNT; f++)
		if (d10 >= bs1e_table11[f].lo && d10 <= bs1e_table11[f].hi)
			return (enum bs1e_fate)f;
	assert(!"Table 11 covers 1..10");
	return BS1E_FATE_UNCONSCIOUS;
}
