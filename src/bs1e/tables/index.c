/* The list of the 1E tables: number, title and section of every printed
 * table, the CRT [8.4 D], the [8.5] column order and the [10.9] artillery
 * pieces, for listings and cites. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "battlesim/bs1e_tables.h"

const struct bs1e_table_info bs1e_tables[BS1E_TABLE__COUNT] = {
    [BS1E_TABLE_1] = {"1", "Table 1. Creature/Figure Ratio.", "[2.2]"},
    [BS1E_TABLE_2] = {"2", "Table 2. Counter Scale.", "[2.3]"},
    [BS1E_TABLE_3] = {"3", "Table 3. Morale Modifiers.", "[4.1]"},
    [BS1E_TABLE_4] = {"4", "Table 4. Situational Morale Factors.", "[4.2]"},
    [BS1E_TABLE_5] = {"5", "Table 5. When to Check Morale.", "[4.4]"},
    [BS1E_TABLE_6] = {"6", "Table 6. Discipline Modifiers.", "[4.6]"},
    [BS1E_TABLE_7] = {"7", "Table 7. When to Check Discipline.", "[4.6]"},
    [BS1E_TABLE_8] = {"8", "Table 8. Charisma Bonus.", "[4.9]"},
    [BS1E_TABLE_9] = {"9", "Table 9. Ratio Adjustments for Determining AR.",
		      "[8.3]"},
    [BS1E_TABLE_10] = {"10",
		       "Table 10. Attack Rating Modifiers for Melee Combat.",
		       "[8.3]"},
    [BS1E_TABLE_CRT] = {"crt", "Combat Results Table.", "[8.4 D]"},
    [BS1E_TABLE_COLUMNS] = {"columns", "Dice Conversions: Column Order.",
			    "[8.5]"},
    [BS1E_TABLE_11] = {"11", "Table 11. Fate of PC/NPC in Eliminated Unit.",
		       "[9.1]"},
    [BS1E_TABLE_12] = {"12", "Table 12. Movement and Missile Fire.", "[10.4]"},
    [BS1E_TABLE_13] = {"13", "Table 13. Missile Fire Modifiers.", "[10.8]"},
    [BS1E_TABLE_ARTILLERY] = {"artillery", "Artillery Pieces.", "[10.9]"},
    [BS1E_TABLE_14] = {"14", "Table 14. Terrain Effects on Movement.",
		       "[11.8]"},
    [BS1E_TABLE_15] = {"15", "Table 15. Initial Weather Conditions.", "[12.1]"},
    [BS1E_TABLE_16] = {"16", "Table 16. Effect of Weather Conditions.",
		       "[12.2]"},
    [BS1E_TABLE_17] = {"17", "Table 17. Spell Areas of Effect.", "[14.2]"},
    [BS1E_TABLE_18] = {"18", "Table 18. Point Costs.", "[16.3]"},
};

/* 18 numbered tables + CRT + column order + artillery pieces. */
_Static_assert(BS1E_TABLE__COUNT == 18 + 3, "table list");

int bs1e_table_from_key(const char *key)
{
	if (!key)
		return -1;
	/* "Table 3", "table3", "T3" name the same table as "3". */
	if (strncasecmp(key, "table", 5) == 0)
		key += 5;
	else if ((key[0] == 't' || key[0] == 'T') &&
		 isdigit((unsigned char)key[1]))
		key += 1;
	while (*key == ' ')
		key++;
	for (int i = 0; i < BS1E_TABLE__COUNT; i++)
		if (strcasecmp(key, bs1e_tables[i].key) == 0)
			return i;
	return -1;
}
