/* AD&D 1E figures the rulebook refers to but does not print ([8.3] THAC0,
 * [14.3] saving throws, [16.3] maximum XP), from reference/adnd-1e-tables.md
 * and the Players Handbook class tables. The spells per day are in
 * adnd_spells.c. */
#include <assert.h>
#include <stddef.h>
#include <strings.h>

#include "battlesim/bs1e_tables.h"

enum cls {
	CLS_ZERO,
	CLS_FIGHTER,
	CLS_PALADIN,
	CLS_RANGER,
	CLS_CLERIC,
	CLS_DRUID,
	CLS_MONK,
	CLS_MAGIC_USER,
	CLS_ILLUSIONIST,
	CLS_THIEF,
	CLS_ASSASSIN,
	CLS__COUNT
};

static const char *const cls_name[CLS__COUNT] = {
    [CLS_ZERO] = "0-level",
    [CLS_FIGHTER] = "fighter",
    [CLS_PALADIN] = "paladin",
    [CLS_RANGER] = "ranger",
    [CLS_CLERIC] = "cleric",
    [CLS_DRUID] = "druid",
    [CLS_MONK] = "monk",
    [CLS_MAGIC_USER] = "magic-user",
    [CLS_ILLUSIONIST] = "illusionist",
    [CLS_THIEF] = "thief",
    [CLS_ASSASSIN] = "assassin",
};

static int cls_find(const char *cls)
{
	if (!cls)
		return -1;
	for (int i = 0; i < CLS__COUNT; i++)
		if (strcasecmp(cls, cls_name[i]) == 0)
			return i;
	return -1;
}

int bs1e_class_known(const char *cls)
{
	return cls_find(cls) >= 0;
}

/* ---- THAC0 [8.3] -------------------------------------------------------- */

/* A bracket: levels up to `max_level` have `thac0`. */
struct bracket {
	int max_level;
	int thac0;
};

#define OPEN 9999 /* the last bracket: "17+", "19+", "21+" */

/* Fighter, paladin, ranger: 1-2 20 ... 17+ 4. */
static const struct bracket thac0_fighter[] = {
    {2, 20},  {4, 18}, {6, 16}, {8, 14},   {10, 12},
    {12, 10}, {14, 8}, {16, 6}, {OPEN, 4},
};
/* Cleric, druid, monk. RULING R-009 [8.3] 19+ is 9 (one source: 8). */
static const struct bracket thac0_cleric[] = {
    {3, 20}, {6, 18}, {9, 16}, {12, 14}, {15, 12}, {18, 10}, {OPEN, 9},
};
/* Magic-user, illusionist. RULING R-009 [8.3] 16-20 is 13 (one source:
 * 14). 1-5: the matrix prints 20 repeated, 21 for AR. */
static const struct bracket thac0_mu[] = {
    {5, 21}, {10, 19}, {15, 16}, {20, 13}, {OPEN, 11},
};
/* Thief, assassin. 1-4: 20 repeated, 21 for AR. */
static const struct bracket thac0_thief[] = {
    {4, 21}, {8, 19}, {12, 16}, {16, 14}, {20, 12}, {OPEN, 10},
};

#define NB(a) (sizeof(a) / sizeof((a)[0]))

static int bracket_lookup(const struct bracket *b, size_t n, int level)
{
	for (size_t i = 0; i < n; i++)
		if (level <= b[i].max_level)
			return b[i].thac0;
	assert(!"brackets end with OPEN");
	return b[n - 1].thac0;
}

/* [8.3] "ignore the multiple 20s": a THAC0 of 21 is the matrix's
 * repeated 20 read as 21 for AR. */
static int with_repeat(int thac0, int *repeated20)
{
	if (repeated20)
		*repeated20 = thac0 == 21;
	return thac0;
}

int bs1e_thac0_class(const char *cls, int level, int *repeated20)
{
	int c = cls_find(cls);
	if (repeated20)
		*repeated20 = 0;
	if (c < 0)
		return -1;
	if (c == CLS_ZERO || level <= 0)
		return with_repeat(21, repeated20); /* 0-level men */
	switch (c) {
	case CLS_FIGHTER:
	case CLS_PALADIN:
	case CLS_RANGER:
		return with_repeat(
		    bracket_lookup(thac0_fighter, NB(thac0_fighter), level),
		    repeated20);
	case CLS_CLERIC:
	case CLS_DRUID:
	case CLS_MONK:
		return with_repeat(
		    bracket_lookup(thac0_cleric, NB(thac0_cleric), level),
		    repeated20);
	case CLS_MAGIC_USER:
	case CLS_ILLUSIONIST:
		return with_repeat(
		    bracket_lookup(thac0_mu, NB(thac0_mu), level), repeated20);
	default: /* thief, assassin */
		return with_repeat(
		    bracket_lookup(thac0_thief, NB(thac0_thief), level),
		    repeated20);
	}
}

int bs1e_thac0_monster(int hd_tenths, int hp_plus, int *repeated20)
{
	int t;
	int whole = hd_tenths / 10;
	/* RULING R-010 [8.3] the DMG's HD columns: below 1-1 (1/2 HD and
	 * the like) is "up to 1-1"; 1-1 is exactly 1 HD less hit points; 1
	 * HD with added hit points or a fraction is "1+"; above that the
	 * whole dice pick the band ("2-3+" holds 2, 2+4, 3 1/2 ...). */
	if (hd_tenths < 10)
		t = 21; /* up to 1-1: the repeated 20 */
	else if (whole == 1 && hd_tenths == 10 && hp_plus < 0)
		t = 20; /* 1-1 */
	else if (whole == 1 && hd_tenths == 10 && hp_plus == 0)
		t = 19; /* 1 */
	else if (whole == 1)
		t = 18; /* 1+ */
	else if (whole <= 3)
		t = 16; /* 2-3+ (R-009: one source prints 17) */
	else if (whole <= 5)
		t = 15; /* 4-5+ */
	else if (whole <= 7)
		t = 13; /* 6-7+ (R-009: one source prints 14) */
	else if (whole <= 9)
		t = 12; /* 8-9+ */
	else if (whole <= 11)
		t = 10; /* 10-11+ */
	else if (whole <= 13)
		t = 9; /* 12-13+ */
	else if (whole <= 15)
		t = 8; /* 14-15+ */
	else
		t = 7; /* 16+ */
	return with_repeat(t, repeated20);
}

/* ---- saving throws [14.3] ----------------------------------------------- */

struct save_row {
	int max_level;
	int s[5]; /* PPD, P/P, RSW, BW, Sp */
};

/* reference/adnd-1e-tables.md, row L0 first (level 0 = max_level 0). */
static const struct save_row saves_fighter[] = {
    {0, {14, 15, 16, 17, 17}}, {2, {14, 15, 16, 17, 17}},
    {4, {13, 14, 15, 16, 16}}, {6, {11, 12, 13, 13, 14}},
    {8, {10, 11, 12, 12, 13}}, {10, {8, 9, 10, 10, 11}},
    {12, {7, 8, 9, 9, 10}},    {14, {5, 6, 7, 7, 8}},
    {16, {4, 5, 6, 6, 7}},     {OPEN, {3, 4, 5, 5, 6}},
};
static const struct save_row saves_cleric[] = {
    {3, {10, 13, 14, 16, 15}}, {6, {9, 12, 13, 15, 14}},
    {9, {7, 10, 11, 13, 12}},  {12, {6, 9, 10, 12, 11}},
    {15, {5, 8, 9, 11, 10}},   {18, {4, 7, 8, 10, 9}},
    {OPEN, {2, 5, 6, 8, 7}},
};
static const struct save_row saves_mu[] = {
    {5, {14, 13, 11, 15, 12}}, {10, {13, 11, 9, 13, 10}},
    {15, {11, 9, 7, 11, 8}},   {20, {10, 7, 5, 9, 6}},
    {OPEN, {8, 5, 3, 7, 4}},
};
static const struct save_row saves_thief[] = {
    {4, {13, 12, 14, 16, 15}},	{8, {12, 11, 13, 15, 14}},
    {12, {11, 10, 12, 14, 13}}, {16, {10, 9, 11, 13, 12}},
    {20, {9, 8, 10, 12, 11}},	{OPEN, {8, 7, 9, 11, 10}},
};

static void save_lookup(const struct save_row *t, size_t n, int level,
			int out[5])
{
	size_t i = 0;
	while (i + 1 < n && level > t[i].max_level)
		i++;
	for (int k = 0; k < 5; k++)
		out[k] = t[i].s[k];
}

int bs1e_saves_class(const char *cls, int level, int out[5])
{
	int c = cls_find(cls);
	if (c < 0)
		return -1;
	if (c == CLS_ZERO || level <= 0) {
		save_lookup(saves_fighter, NB(saves_fighter), 0, out);
		return 0;
	}
	switch (c) {
	case CLS_FIGHTER:
	case CLS_RANGER:
		save_lookup(saves_fighter, NB(saves_fighter), level, out);
		break;
	case CLS_PALADIN:
		save_lookup(saves_fighter, NB(saves_fighter), level, out);
		for (int k = 0; k < 5; k++)
			out[k] -= 2; /* paladins: -2 on all */
		break;
	case CLS_CLERIC:
	case CLS_DRUID:
		save_lookup(saves_cleric, NB(saves_cleric), level, out);
		break;
	case CLS_MAGIC_USER:
	case CLS_ILLUSIONIST:
		save_lookup(saves_mu, NB(saves_mu), level, out);
		break;
	default: /* thief, assassin, monk */
		save_lookup(saves_thief, NB(saves_thief), level, out);
		break;
	}
	return 0;
}

int bs1e_saves_monster(int hd_tenths, int hp_plus, int out[5])
{
	/* RULING R-011 [14.3] monsters save as fighters of a level equal to
	 * their whole hit dice; added hit points do not raise it; below 1
	 * HD (and 1-1) is the L0 row. Half level for non-intelligent
	 * monsters is the caller's (it knows the intelligence). */
	int level = hd_tenths / 10;
	if (level == 1 && hp_plus < 0)
		level = 0;
	save_lookup(saves_fighter, NB(saves_fighter), level, out);
	return 0;
}

/* ---- maximum XP for a level [16.3] -------------------------------------- */

/* RULING R-016 [16.3 T18] "the maximum XP value for the level" is the top
 * of the level's printed XP range (F 1: 0-2,000 -> 2,000; F 18 ->
 * 2,750,000). Per class: the printed tops of levels 1..n, then the
 * printed amount per level above; 0 = the table ends (the top level
 * prints no upper bound), so higher levels are unknown (-1). */
struct xp_table {
	const long *top;
	int n;
	long per_level;
};

static const long xp_fighter[] = {2000,	  4000,	  8000,	  18000,  35000,  70000,
				  125000, 250000, 500000, 750000, 1000000};
static const long xp_paladin[] = {2750,	  5500,	   12000,  24000,
				  45000,  95000,   175000, 350000,
				  700000, 1050000, 1400000};
static const long xp_ranger[] = {2250,	 4500,	 10000,	 20000,	 40000, 90000,
				 150000, 225000, 325000, 650000, 975000};
static const long xp_cleric[] = {1500,	 3000,	 6000,	 13000,	 27500, 55000,
				 110000, 225000, 450000, 675000, 900000};
/* The Great Druid (14th) prints no upper bound. */
static const long xp_druid[] = {2000,	4000,	7500,	12500,	20000,
				35000,	60000,	90000,	125000, 200000,
				300000, 750000, 1500000};
/* The Grand Master of Flowers (17th) prints no upper bound. */
static const long xp_monk[] = {
    2250,   4750,   10000,  22500,   47500,   98000,   200000,	350000,
    500000, 700000, 950000, 1250000, 1750000, 2250000, 2750000, 3250000};
static const long xp_mu[] = {2500,  5000,   10000,  22500,  40000,  60000,
			     90000, 135000, 250000, 375000, 750000, 1125000};
static const long xp_illusionist[] = {2250,   4500,   9000,   18000,
				      35000,  60000,  95000,  145000,
				      220000, 440000, 660000, 880000};
static const long xp_thief[] = {1250,  2500,   5000,   10000,  20000, 42500,
				70000, 110000, 160000, 220000, 440000};
/* The Grandfather of Assassins (15th) prints no upper bound. */
static const long xp_assassin[] = {1500,   3000,   6000,    12000,  25000,
				   50000,  100000, 200000,  300000, 425000,
				   575000, 750000, 1000000, 1500000};

static const struct xp_table xp_tables[CLS__COUNT] = {
    [CLS_ZERO] = {NULL, 0, 0},
    [CLS_FIGHTER] = {xp_fighter, (int)NB(xp_fighter), 250000},
    [CLS_PALADIN] = {xp_paladin, (int)NB(xp_paladin), 350000},
    [CLS_RANGER] = {xp_ranger, (int)NB(xp_ranger), 325000},
    [CLS_CLERIC] = {xp_cleric, (int)NB(xp_cleric), 225000},
    [CLS_DRUID] = {xp_druid, (int)NB(xp_druid), 0},
    [CLS_MONK] = {xp_monk, (int)NB(xp_monk), 0},
    [CLS_MAGIC_USER] = {xp_mu, (int)NB(xp_mu), 375000},
    [CLS_ILLUSIONIST] = {xp_illusionist, (int)NB(xp_illusionist), 220000},
    [CLS_THIEF] = {xp_thief, (int)NB(xp_thief), 220000},
    [CLS_ASSASSIN] = {xp_assassin, (int)NB(xp_assassin), 0},
};

long bs1e_max_xp_for_level(const char *cls, int level)
{
	int c = cls_find(cls);
	if (c < 0 || level < 1)
		return -1;
	const struct xp_table *t = &xp_tables[c];
	if (!t->top)
		return -1;
	if (level <= t->n)
		return t->top[level - 1];
	if (t->per_level == 0)
		return -1;
	return t->top[t->n - 1] + (long)(level - t->n) * t->per_level;
}

/* ---- hit dice, strength, constitution, attacks (issue 15) ----------------
 * For the individuals of the Intermediate Game [9.4 B]: the Players
 * Handbook's Character Classes Table I (hit dice), the strength and
 * constitution tables and the fighters' attacks per melee round. */

/* Players Handbook, Character Classes Table I: the hit die, the most hit
 * dice, the dice at the first level (rangers 2d8, monks 2d4) and the hit
 * points a level above the most dice. */
static const struct class_hd_row {
	int die, max_dice, first, after;
	int fighter; /* the fighters' constitution bonus */
} class_hd[CLS__COUNT] = {
    [CLS_ZERO] = {6, 1, 1, 0, 0},	  [CLS_FIGHTER] = {10, 9, 1, 3, 1},
    [CLS_PALADIN] = {10, 9, 1, 3, 1},	  [CLS_RANGER] = {8, 11, 2, 2, 1},
    [CLS_CLERIC] = {8, 9, 1, 2, 0},	  [CLS_DRUID] = {8, 14, 1, 0, 0},
    [CLS_MONK] = {4, 18, 2, 0, 0},	  [CLS_MAGIC_USER] = {4, 11, 1, 1, 0},
    [CLS_ILLUSIONIST] = {4, 10, 1, 1, 0}, [CLS_THIEF] = {6, 10, 1, 2, 0},
    [CLS_ASSASSIN] = {6, 15, 1, 0, 0},
};
_Static_assert(sizeof class_hd / sizeof class_hd[0] == CLS__COUNT,
	       "a hit die row per class");

int bs1e_class_hit_dice(const char *cls, int level, struct bs1e_class_hd *out)
{
	int c = cls_find(cls);
	if (c < 0)
		return -1;
	const struct class_hd_row *r = &class_hd[c];
	out->die = r->die;
	out->fighter = r->fighter;
	if (c == CLS_ZERO || level <= 0) {
		/* RULING R-504: a 0-level man has one d6 */
		out->die = 6;
		out->dice = 1;
		out->fixed = 0;
		return 0;
	}
	int dice = r->first + level - 1;
	out->dice = dice < r->max_dice ? dice : r->max_dice;
	out->fixed = dice > r->max_dice ? (dice - r->max_dice) * r->after : 0;
	return 0;
}

int bs1e_constitution_hp(int con, int fighter)
{
	/* Players Handbook, Constitution Table: hit point adjustment per
	 * hit die; 17 and more give fighters (and paladins, rangers) more */
	if (con <= 0)
		return 0; /* not given */
	if (con <= 3)
		return -2;
	if (con <= 6)
		return -1;
	if (con <= 14)
		return 0;
	if (con == 15)
		return 1;
	if (con == 16 || !fighter)
		return 2;
	static const int f[] = {3, 4, 5, 5, 6, 6, 6, 7, 7}; /* 17..25 */
	return f[(con > 25 ? 25 : con) - 17];
}

void bs1e_strength_adj(int str, int pct, int *hit, int *dmg)
{
	/* Players Handbook, Strength Table: hit probability and damage
	 * adjustment; 18/01 to 18/00 exceptional strength (pct 1..100) */
	static const int h[26] = {0, -3, -3, -3, -2, -2, -1, -1, 0, 0, 0, 0, 0,
				  0, 0,	 0,  0,	 1,  1,	 3,  3,	 4, 4, 5, 6, 7};
	static const int d[26] = {0, -1, -1, -1, -1, -1, 0,  0, 0,
				  0, 0,	 0,  0,	 0,  0,	 0,  1, 1,
				  2, 7,	 8,  9,	 10, 11, 12, 14};
	*hit = *dmg = 0;
	if (str <= 0)
		return; /* not given */
	if (str > 25)
		str = 25;
	if (str == 18 && pct > 0) {
		*hit = pct <= 50 ? 1 : pct <= 99 ? 2 : 3;
		*dmg = pct <= 75 ? 3 : pct <= 90 ? 4 : pct <= 99 ? 5 : 6;
		return;
	}
	*hit = h[str];
	*dmg = d[str];
}

void bs1e_class_attacks(const char *cls, int level, int *num, int *den)
{
	/* Players Handbook: fighters 1/1 to the 6th level, 3/2 to the 12th,
	 * 2/1 from the 13th; paladins and rangers by their own brackets
	 * (RULING R-508): paladins 7th, 14th; rangers 8th, 16th */
	int c = cls_find(cls);
	int b1 = 6, b2 = 12;
	*num = *den = 1;
	if (c == CLS_PALADIN) {
		b1 = 7;
		b2 = 14;
	} else if (c == CLS_RANGER) {
		b1 = 8;
		b2 = 16;
	} else if (c != CLS_FIGHTER) {
		return;
	}
	if (level > b2) {
		*num = 2;
	} else if (level > b1) {
		*num = 3;
		*den = 2;
	}
}
