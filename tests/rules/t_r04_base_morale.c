/* [4.1] base morale (Table 3) and [4.6] discipline (Table 6) as the roster
 * derives them: the two [4.1] worked examples with the book's numbers,
 * every Table 3 row, the D&D asterisk rule, the [2.11] special types. The
 * units are built directly as struct bs_scenario values. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_roster.h"

/* A scenario of one side with one unit of `c`. */
struct one {
	struct bs_scenario s;
	struct bs_unit u;
	struct bs_weapon w;
};

static void one_init(struct one *o, const struct bs_creature *c,
		     enum bs_unit_type type, int figures, int ac)
{
	memset(o, 0, sizeof *o);
	o->s.rules = BS_RULES_BS1E;
	o->s.nsides = 1;
	o->s.sides[0].units = &o->u;
	o->s.sides[0].nunits = 1;
	o->u.creature = c;
	o->u.type = type;
	o->u.figures = figures;
	o->u.ac = ac;
	o->u.commander = -1;
	o->u.deputy = -1;
}

static struct bs_creature creature(const char *name, int tenths, int plus,
				   int ac, enum bs_size size)
{
	struct bs_creature c;
	memset(&c, 0, sizeof c);
	snprintf(c.name, sizeof c.name, "%s", name);
	c.hd.tenths = tenths;
	c.hd.plus = plus;
	c.ac = ac;
	c.mv = 9;
	c.size = size;
	c.law = BS_LAW_NEUTRAL;
	c.intelligence = BS_INT_AVERAGE;
	return c;
}

static const char *ml_text(const struct bs1e_unit_sheet *u, char *buf,
			   size_t len)
{
	return bs_deriv_text(&u->ml, "ML", 0, buf, len);
}

/* [4.1] "A regular unit of twelve figures of 1 HD orcs at 10:1 ratio is
 * wearing leather armor and carrying longswords +1. Their Base Morale is 11
 * (initial) + 1 (magical equipment) - 1 (AC 8) + 1 (Regular) = 12." */
Test(r04_base_morale, s4_1_example_orcs_ml_12)
{
	struct bs_creature orc = creature("orc", 10, 0, 6, BS_SIZE_M);
	struct one o;
	one_init(&o, &orc, BS_UNIT_REGULAR, 12, 8); /* leather: AC 8 */
	memset(&o.w, 0, sizeof o.w);
	snprintf(o.w.name, sizeof o.w.name, "long sword");
	bs_dice_parse("d8", &o.w.damage_sm, NULL, 0);
	bs_dice_parse("d12", &o.w.damage_l, NULL, 0);
	o.u.weapons[0].weapon = &o.w;
	o.u.weapons[0].plus = 1;
	o.u.nweapons = 1;
	struct bs1e_unit_sheet u;
	bs1e_unit_sheet(&o.s, 0, 0, &u);
	char buf[256];
	cr_assert_eq(u.ml.value, 12);
	cr_assert_str_eq(
	    ml_text(&u, buf, sizeof buf),
	    "ML 12 = 11 +1 magic equipment -1 AC 8 +1 regular [4.1 T3]");
	cr_assert_eq(u.ratio.value, 10);
	/* each term carries the Table 3 row's cite */
	cr_assert_str_eq(u.ml.term[0].cite,
			 bs1e_table3[BS1E_T3_MAGIC_EQUIPMENT].cite);
	cr_assert_str_eq(u.ml.term[1].cite,
			 bs1e_table3[BS1E_T3_AC_8_OR_WORSE].cite);
	cr_assert_str_eq(u.ml.term[2].cite, bs1e_table3[BS1E_T3_REGULAR].cite);
}

/* [4.1] "A skirmish unit of six figures of hill giants at 5:1 ratio all
 * carry potions of invisibility. Their Base Morale is 11 (initial) + 2 (9
 * HD) + 1 (magical equipment) - 2 (only six figures) + 1 (AC 4) = 13."
 * RULING R-041 (gap 29): the scenario's ratio 5 wins over Table 1 (2:1). */
Test(r04_base_morale, s4_1_example_hill_giants_ml_13)
{
	struct bs_creature giant = creature("hill giant", 90, 0, 4, BS_SIZE_L);
	struct one o;
	one_init(&o, &giant, BS_UNIT_SKIRMISH, 6, 4);
	o.u.ratio = 5;
	snprintf(o.u.items[0], sizeof o.u.items[0], "potion of invisibility");
	o.u.nitems = 1;
	o.u.magic_equipment = 1;
	struct bs1e_unit_sheet u;
	bs1e_unit_sheet(&o.s, 0, 0, &u);
	char buf[256];
	cr_assert_str_eq(ml_text(&u, buf, sizeof buf),
			 "ML 13 = 11 +2 HD 9 +1 magic equipment -2 only 6 "
			 "figures +1 AC 4 [4.1 T3]");
	cr_assert_eq(u.ratio.value, 5);
	cr_assert_eq(bs1e_ratio_for_hd(90, 0), 2);
	cr_assert(strstr(bs_deriv_text(&u.ratio, "Ratio", 0, buf, sizeof buf),
			 "R-041"),
		  "%s", buf);
	/* 5 giants of 9 HD per figure: 45 HD [8.7] */
	cr_assert_eq(u.hd_fig.value, 450);
}

static int base_ml(struct bs1e_morale_facts f)
{
	struct bs_deriv d;
	bs1e_base_morale(&f, &d);
	return d.value;
}

static struct bs1e_morale_facts facts(int tenths, int plus)
{
	struct bs1e_morale_facts f;
	memset(&f, 0, sizeof f);
	f.hd.tenths = tenths;
	f.hd.plus = plus;
	f.figures = 20;
	f.ac = 6;
	f.type = BS_UNIT_SKIRMISH; /* no Regular row */
	return f;
}

/* [4.1] Table 3 hit dice rows; +hp counts (RULING R-042): 1-1 is less than
 * 1 HD, 4+1 and 8+2 are "4 to 8 +", 14+3 is "9 to 14 +". */
Test(r04_base_morale, s4_1_table3_hit_dice_rows)
{
	cr_assert_eq(base_ml(facts(5, 0)), 11 - 2);   /* 1/2 HD */
	cr_assert_eq(base_ml(facts(10, -1)), 11 - 1); /* 1-1 */
	cr_assert_eq(base_ml(facts(10, 0)), 11);      /* 1 */
	cr_assert_eq(base_ml(facts(30, 3)), 11);      /* 3+3 */
	cr_assert_eq(base_ml(facts(40, 0)), 11 + 1);  /* 4 */
	cr_assert_eq(base_ml(facts(80, 2)), 11 + 1);  /* 8+2 */
	cr_assert_eq(base_ml(facts(90, 0)), 11 + 2);  /* 9 */
	cr_assert_eq(base_ml(facts(140, 3)), 11 + 2); /* 14+3 */
	cr_assert_eq(base_ml(facts(150, 0)), 11 + 3); /* 15 */
}

/* [4.1] Table 3: figures, AC, demihumans, abilities, mounted. */
Test(r04_base_morale, s4_1_table3_other_rows)
{
	struct bs1e_morale_facts f = facts(10, 0);
	f.figures = 6;
	cr_assert_eq(base_ml(f), 9);
	f.figures = 7;
	cr_assert_eq(base_ml(f), 10);
	f.figures = 11;
	cr_assert_eq(base_ml(f), 10);
	f.figures = 12;
	cr_assert_eq(base_ml(f), 11);
	f.ac = 0;
	cr_assert_eq(base_ml(f), 13);
	f.ac = -3;
	cr_assert_eq(base_ml(f), 13);
	f.ac = 1;
	cr_assert_eq(base_ml(f), 12);
	f.ac = 5;
	cr_assert_eq(base_ml(f), 11);
	f.ac = 7;
	cr_assert_eq(base_ml(f), 11);
	f.ac = 10;
	cr_assert_eq(base_ml(f), 10);
	f.ac = 6;
	f.demihuman = 1;
	f.special_abilities = 1;
	f.exceptional_abilities = 1; /* "Units can receive both bonuses." */
	f.mounted = 1;
	cr_assert_eq(base_ml(f), 15);
}

/* [4.1 T3 *] D&D: +1 per 2 asterisks, rounded down; the AD&D ability rows
 * do not apply. */
Test(r04_base_morale, s4_1_dnd_asterisks)
{
	struct bs1e_morale_facts f = facts(10, 0);
	f.game = BS_GAME_DND;
	f.special_abilities = 1;
	f.asterisks = 1;
	cr_assert_eq(base_ml(f), 11);
	f.asterisks = 2;
	cr_assert_eq(base_ml(f), 12);
	f.asterisks = 3;
	cr_assert_eq(base_ml(f), 12);
	f.asterisks = 4;
	cr_assert_eq(base_ml(f), 13);
	struct bs_deriv d;
	bs1e_base_morale(&f, &d);
	char buf[128];
	cr_assert_str_eq(bs_deriv_text(&d, "ML", 0, buf, sizeof buf),
			 "ML 13 = 11 +2 4 asterisks [4.1 T3]");
}

/* [2.11] RULING R-044: elite and berserker units act as regular units
 * (Regular +1) with their own +2 / +3. */
Test(r04_base_morale, s2_11_elite_and_berserker)
{
	struct bs1e_morale_facts f = facts(10, 0);
	f.type = BS_UNIT_REGULAR;
	cr_assert_eq(base_ml(f), 12);
	f.type = BS_UNIT_ELITE;
	cr_assert_eq(base_ml(f), 14);
	f.type = BS_UNIT_BERSERKER;
	cr_assert_eq(base_ml(f), 15);
	f.type = BS_UNIT_MOB;
	cr_assert_eq(base_ml(f), 11);
}

/* [4.6] discipline: base morale plus Table 6; chaotic and low intelligence
 * -2, lawful +1, high intelligence +1; berserkers DL 0. */
Test(r04_base_morale, s4_6_discipline)
{
	struct bs_deriv d;
	char buf[128];
	bs1e_discipline(12, BS_INT_LOW, BS_LAW_CHAOTIC, BS_UNIT_REGULAR, &d);
	cr_assert_eq(d.value, 10);
	cr_assert_str_eq(bs_deriv_text(&d, "DL", 0, buf, sizeof buf),
			 "DL 10 = ML 12 -1 low intelligence -1 chaotic [4.6 "
			 "T6]");
	bs1e_discipline(12, BS_INT_AVERAGE, BS_LAW_LAWFUL, BS_UNIT_REGULAR, &d);
	cr_assert_eq(d.value, 13);
	bs1e_discipline(12, BS_INT_HIGH, BS_LAW_LAWFUL, BS_UNIT_REGULAR, &d);
	cr_assert_eq(d.value, 14);
	bs1e_discipline(12, BS_INT_ANIMAL, BS_LAW_NEUTRAL, BS_UNIT_REGULAR, &d);
	cr_assert_eq(d.value, 11); /* "Low or lower" */
	bs1e_discipline(12, BS_INT_AVERAGE, BS_LAW_NEUTRAL, BS_UNIT_REGULAR,
			&d);
	cr_assert_eq(d.value, 12);
	cr_assert_str_eq(bs_deriv_text(&d, "DL", 0, buf, sizeof buf),
			 "DL 12 = ML 12, no Table 6 factor [4.6 T6]");
	bs1e_discipline(15, BS_INT_AVERAGE, BS_LAW_CHAOTIC, BS_UNIT_BERSERKER,
			&d);
	cr_assert_eq(d.value, 0);
}

/* [4.6] through the unit sheet: a chaotic, low-intelligence unit. */
Test(r04_base_morale, s4_6_unit_sheet_discipline)
{
	struct bs_creature gnoll = creature("gnoll", 20, 0, 5, BS_SIZE_L);
	gnoll.law = BS_LAW_CHAOTIC;
	gnoll.intelligence = BS_INT_LOW;
	struct one o;
	one_init(&o, &gnoll, BS_UNIT_REGULAR, 12, 5);
	struct bs1e_unit_sheet u;
	bs1e_unit_sheet(&o.s, 0, 0, &u);
	cr_assert_eq(u.ml.value, 12);
	cr_assert_eq(u.dl.value, 10);
}
