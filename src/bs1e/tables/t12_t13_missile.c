/* Missile tables: Table 12 Movement and Missile Fire [10.4], Table 13
 * Missile Fire Modifiers [10.8] and the Artillery Pieces of [10.9]. */
#include <assert.h>

#include "battlesim/bs1e_tables.h"

/* ---- Table 12 [10.4] ---------------------------------------------------- */

/* RULING R-013 [10.4 T12] a choice the table does not print is not allowed
 * (-1): thrown weapons fire once at most, crossbows and slings either move
 * (no shot) or shoot without moving, mounted crossbows fire once. */
const struct bs1e_t12_row bs1e_table12[BS1E_MISSILE__COUNT] = {
    [BS1E_MISSILE_THROWN] = {"Thrown Weapons",
			     "Fire once and 1/3 movement penalty",
			     {6, 4, -1},
			     "[10.4 T12]"},
    [BS1E_MISSILE_CROSSBOW_SLING] = {"Crossbows/Slings",
				     "Either move or shoot",
				     {6, 0, -1},
				     "[10.4 T12]"},
    [BS1E_MISSILE_ARCHER] = {"Archers",
			     "Fire twice and not move, fire once and 1/2 "
			     "movement penalty",
			     {6, 3, 0},
			     "[10.4 T12]"},
    [BS1E_MISSILE_MOUNTED_ARCHER] = {"Mounted Archers",
				     "Fire twice and not move, fire once and "
				     "move full movement rate",
				     {6, 6, 0},
				     "[10.4 T12]"},
    [BS1E_MISSILE_MOUNTED_CROSSBOW] = {"Mounted Crossbows",
				       "Fire once and 1/2 movement penalty",
				       {6, 3, -1},
				       "[10.4 T12]"},
};
_Static_assert(BS1E_MISSILE__COUNT == 5, "Table 12 prints 5 rows");

/* ---- Table 13 [10.8] ---------------------------------------------------- */

#define T13 "[10.8 T13]"

const struct bs1e_mod_row bs1e_table13[BS1E_T13__COUNT] = {
    [BS1E_T13_TARGET_OPEN] = {"Target is in open or skirmish formation", +1,
			      T13, 0},
    [BS1E_T13_TARGET_WOODS] = {"Target is in woods or behind hedge", +2, T13,
			       0},
    [BS1E_T13_TARGET_BUILDING] = {"Target is in building, behind wall, or "
				  "in Shield Wall formation ([11.6])",
				  +4, T13, 0},
    [BS1E_T13_MOUNTED] = {"Missile-using troops are mounted", +2, T13, 0},
    [BS1E_T13_INDIRECT] = {"Missile-using troops are using Indirect Fire", +3,
			   T13, 0},
    [BS1E_T13_MEDIUM_RANGE] = {"Target is at Medium Range*", +2, T13, 0},
    [BS1E_T13_LONG_RANGE] = {"Target is at Long Range*", +5, T13, 0},
};
_Static_assert(BS1E_T13__COUNT == 7, "Table 13 prints 7 rows");

/* ---- Artillery pieces [10.9] -------------------------------------------- */

/* The block prints no table number. A catapult's target is AC 5 and it
 * fires every other Game Round; a ballista's target is AC 10, it fires
 * every Game Round and never indirectly ([10.9]). RULING R-007 [10.9] the
 * ballista prints no minimum range: it has none (0). */
const struct bs1e_artillery bs1e_artillery[BS1E_ARTILLERY_ROWS] = {
    {"Light Catapult", 15, 20, 25, 30, "2d10", 8, 5, 2, 1},
    {"Heavy Catapult", 18, 24, 30, 36, "2d12", 4, 5, 2, 1},
    {"Ballista", 0, 11, 22, 32, "2d6", 6, 10, 1, 0},
};
_Static_assert(BS1E_ARTILLERY_ROWS == 3, "[10.9] prints 3 pieces");
