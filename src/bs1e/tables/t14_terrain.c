/* Table 14 Terrain Effects on Movement [11.8], with the scenario keys. */
#include <assert.h>
#include <strings.h>

#include "battlesim/bs1e_tables.h"

/* RULING R-018 [11.8 T14] the printed effects as flags: closed formation is
 * lost in woods, rough, swamp and water and when crossing an obstacle;
 * "no charge possible through obstacles" and "may not charge uphill" clear
 * charge_ok (the rules code applies the uphill case to elevation rises
 * only); water is passable only to aquatic or amphibious units, at their
 * full movement rate. */
const struct bs1e_t14_row bs1e_table14[BS1E_TERRAIN__COUNT] = {
    [BS1E_TERRAIN_CLEAR] = {"Clear Terrain", "clear", "Full normal movement.",
			    1, 1, 1, 1, 1, NULL},
    [BS1E_TERRAIN_ROAD] = {"Road", "road",
			   "Bonus of 1/3 to normal movement. The entire unit "
			   "must be on the road for the entire move.",
			   4, 3, 1, 1, 1, NULL},
    [BS1E_TERRAIN_WOODS] = {"Woods", "woods",
			    "Penalty of 1/3 to normal movement. Woodland "
			    "creatures ignore this penalty. No closed "
			    "formation in the woods.",
			    2, 3, 0, 1, 1, "woodland"},
    [BS1E_TERRAIN_OBSTACLE] = {"Obstacles (streams, walls, fences, gulleys, "
			       "etc.)",
			       "obstacle",
			       "Penalty of 1/3 to normal movement, no charge "
			       "through obstacles; closed formation goes to "
			       "open when crossing.",
			       2, 3, 0, 0, 1, NULL},
    [BS1E_TERRAIN_ELEVATION] = {"Elevation", "elevation",
				"Penalty of 1/3 of movement rate to move up "
				"10 feet of elevation. No charges uphill.",
				2, 3, 1, 0, 1, NULL},
    [BS1E_TERRAIN_ROUGH] = {"Rough Terrain", "rough",
			    "Penalty of 1/2 of movement rate. Mountain-bred "
			    "creatures ignore this penalty. No closed "
			    "formation.",
			    1, 2, 0, 1, 1, "mountain"},
    [BS1E_TERRAIN_SWAMP] = {"Swamps", "swamp",
			    "Penalty of 1/2 to normal movement. Swamp "
			    "inhabitants ignore this penalty. No closed "
			    "formation.",
			    1, 2, 0, 1, 1, "swamp"},
    [BS1E_TERRAIN_WATER] = {"Rivers, Ponds, Lakes", "water",
			    "Only units entirely of aquatic or amphibious "
			    "creatures may enter, at full movement. No closed "
			    "formation.",
			    1, 1, 0, 1, 0, "aquatic"},
};
_Static_assert(BS1E_TERRAIN__COUNT == 8, "Table 14 prints 8 rows");

int bs1e_terrain_from_key(const char *key)
{
	if (!key)
		return -1;
	for (int i = 0; i < BS1E_TERRAIN__COUNT; i++)
		if (strcasecmp(key, bs1e_table14[i].key) == 0)
			return i;
	return -1;
}
