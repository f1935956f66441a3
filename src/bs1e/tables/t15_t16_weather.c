/* Weather tables: Table 15 Initial Weather Conditions [12.1] (1d6 three
 * times) and Table 16 Effect of Weather Conditions [12.2] (known-gaps item
 * 13, the "**" footnote's lost number). */
#include <assert.h>

#include "battlesim/bs1e_tables.h"

/* [12.1 T15] by 1d6 result 1..6. The scan reads "Cod" for 4-5 (Cool). */
const struct bs1e_t15_row bs1e_table15[BS1E_T15_ROWS] = {
    {"Humidity",
     {"Clear", "Clear", "Partly Cloudy", "Partly Cloudy", "Cloudy", "Cloudy"}},
    {"Temperature", {"Hot", "Warm", "Warm", "Cool", "Cool", "Cold"}},
    {"Wind",
     {"Calm", "Calm", "Light Wind", "Light Wind", "Strong Wind",
      "Strong Wind"}},
};
_Static_assert(BS1E_T15_ROWS == 3, "Table 15 prints 3 rows");

/* [12.2 T16] condition, severe (**), visibility ("), missile AR, missiles
 * impossible, non-magic weapon AR, movement penalty. */
const struct bs1e_t16_row bs1e_table16[BS1E_T16_ROWS] = {
    {"Fog*", 0, 12, 0, 0, 0, 0, 1},
    {"Heavy Fog**", 1, 6, 0, 0, 0, 0, 1},
    {"Rain*", 0, 24, +1, 0, 0, 0, 1},
    {"Downpour**", 1, 12, +2, 0, 0, 0, 1},
    {"Hailstorm**", 1, 9, 0, 1, 0, 0, 1},
    {"Gale*", 0, 0, +2, 0, 0, 0, 1},
    {"Storm**", 1, 24, 0, 1, 0, 0, 1},
    {"Hurricane/Typhoon**", 1, 12, 0, 1, +3, 3, 4},
    {"Snow*", 0, 18, +2, 0, 0, 1, 3},
    {"Heavy Snow**", 1, 9, 0, 1, 0, 2, 3},
};
_Static_assert(BS1E_T16_ROWS == 10, "Table 16 prints 10 rows");

/* RULING R-008 [12.2] the "**" note loses its number: 2, one more than
 * the "*" note's 1, as "**" is the more severe mark. */
const char *const bs1e_table16_notes[2] = {
    "* Size M and L creatures cannot fly, except for those from the "
    "Elemental Plane of Air. All maneuverability classes are worsened by 1.",
    "** No creatures can fly, except those from the Elemental Plane of Air. "
    "All maneuverability classes are worsened by 2 (R-008: the number is "
    "lost in the scan).",
};

int bs1e_t16_maneuver_penalty(const struct bs1e_t16_row *row)
{
	assert(row);
	return row->severe ? 2 : 1; /* */
}
