/* Table 18 Point Costs [16.3] as printed text rows, and the printed lines
 * of the [16.3] worked example. The arithmetic is src/bs1e/r16_points.c. */
#include "battlesim/bs1e_tables.h"

const struct bs1e_t18_row bs1e_table18[BS1E_T18_ROWS] = {
    {"Spells",
     "Pay 50 points per level of the spell (e.g., a 4th level spell costs "
     "200 points)."},
    {"Magical Items (AD&D Game)",
     "50% of the XP value from the DMG or other official source. If item "
     "has charges and also has spell capabilities above 3rd level, pay "
     "spell costs for each charge. (Scrolls cost only the value of the "
     "spell(s) they contain.)"},
    {"Magical Items (D&D Game)",
     "Varies by type. All plusses on weapons and armor cost 50 points per "
     "plus. Items that simulate spell effects cost 100 points per charge "
     "per spell level, or 1000 points per spell level if use is unlimited. "
     "Miscellaneous magic items cost 500 points each if they are in the "
     "Basic set, 2,500 points each if they are in the Expert set, 5,000 "
     "points each if they are in the Companion set, and 7,500 points each "
     "if they are in the Masters or higher sets. If the level of the item "
     "is unknown, consider it to be a Companion item. The referee can "
     "adjust these figures for game balance if he so desires."},
    {"Artifacts/Cursed Items", "Cannot be purchased."},
    {"Optional Rule (AD&D Game Only), Items",
     "Can be purchased for 50% of the GP sale value."},
    {"Character Types",
     "Pay 1% of the maximum XP value for the level and class of the desired "
     "character type. Multi-classed characters pay the total cost for all "
     "classes. In addition, pay spell costs for all spell levels the "
     "character is capable of casting, and pay for all magic items the "
     "character possesses."},
    {"Monsters",
     "AD&D Game: Pay the XP value for killing the creature, using the "
     "official AD&D game value or as calculated by the DMG method, p. 85, "
     "whichever is higher. D&D Game: Pay three times the XP value for "
     "killing the creature. Both Games: If monster has spell-use, pay spell "
     "costs for all spell levels monster is capable of using. If monster "
     "has innate spell abilities, pay 50 points per spell level. If the "
     "monster's innate spell abilities are improved (usable at will, no "
     "save, extra range, no error, etc.), pay 100 points per spell level."},
};
_Static_assert(BS1E_T18_ROWS == 7, "Table 18 prints 7 rows");

const char *const bs1e_table18_example[BS1E_T18_EXAMPLE_LINES] = {
    "F 18 (2,750,000 XP) = 27,500 pts.",
    "MU 18 (3,375,000 XP) = 33,750 pts.",
    "Spells (139 spell levels) = 6,950 pts.",
    "Chain mail +3 (2,000 XP) = 1,000 pts.",
    "Shield +1 (250 XP) = 125 pts.",
    "Sword of Dancing (4,400 XP) = 2,200 pts.",
    "Wand of Fire (4,500 XP) = 2,250 pts.",
    "Ring of Invisibility (1,500 XP) = 750 pts.",
    "Scroll of 5 5th level spells (25 spell levels) = 1,250 pts.",
    "Total = 75,775 pts.",
    "100 ghouls (65 XP per ghoul) = 6,500 pts.",
    "100 1st level fighters (2,000 XP each) with swords +1 (400 XP each) = "
    "22,000 pts.",
    "1 Iron Golem = 14,550 pts.",
    "1 Lich (10,500 XP), abilities as 18th level Magic-User (139 spell "
    "levels @ 50 pts. each) = 17,450 pts.",
    "1 Efreeti (1,950 XP), capable of 3 wishes per day (27 spell levels = "
    "1,350 pts.), has innate spell abilities (14 spell levels = 700 pts.), "
    "can enter gaseous form (use potion cost, since there is no direct "
    "spell equivalent, 300 XP = 150 pts.), has unlimited use of produce "
    "fire and pyrotechnics (3 spell levels @ 100 pts. each) = 4,450 pts.",
};
