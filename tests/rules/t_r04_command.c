/* Command [4.7]-[4.10]: the command radius [4.8] (with its rounding, RULING
 * R-045), the charisma bonus [4.9] Table 8 with the [14.20] items, and the
 * command hierarchy [4.10] with deputies [9.3]. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_roster.h"

static struct bs_scenario scen(enum bs_game g)
{
	struct bs_scenario s;
	memset(&s, 0, sizeof s);
	s.game = g;
	return s;
}

static struct bs_individual character(const char *cls, int level, int cha)
{
	struct bs_individual i;
	memset(&i, 0, sizeof i);
	snprintf(i.name, sizeof i.name, "%s %d", cls, level);
	snprintf(i.cls[0], sizeof i.cls[0], "%s", cls);
	i.level[0] = level;
	i.nclasses = 1;
	i.ability[BS_CHA] = cha;
	i.leads = -1;
	i.deputy_of = -1;
	return i;
}

static const char *text(const struct bs_deriv *d, const char *name)
{
	static char buf[256];
	return bs_deriv_text(d, name, 0, buf, sizeof buf);
}

/* [4.8] a fighter of Charisma 17, level 5: (17 + 5) / 2 + 3" = 14". */
Test(r04_command, s4_8_fighter_cha17_level5)
{
	struct bs_scenario s = scen(BS_GAME_ADND);
	struct bs_individual f = character("fighter", 5, 17);
	struct bs_deriv d;
	bs1e_command_radius(&s, &f, &d);
	cr_assert_eq(d.value, 14);
	cr_assert_str_eq(
	    text(&d, "CR"),
	    "CR 14 = (Cha 17 + level 5) / 2 = 11 +3 fighter [4.8]");
}

/* [4.8] sub-classes of fighters get the +3"; others do not. RULING R-045:
 * (charisma + level) / 2 drops the fraction. */
Test(r04_command, s4_8_subclasses_and_rounding)
{
	struct bs_scenario s = scen(BS_GAME_ADND);
	struct bs_deriv d;
	struct bs_individual r = character("ranger", 4, 15);
	bs1e_command_radius(&s, &r, &d);
	cr_assert_eq(d.value, 9 + 3);
	struct bs_individual p = character("paladin", 8, 17);
	bs1e_command_radius(&s, &p, &d);
	cr_assert_eq(d.value, 12 + 3);
	struct bs_individual m = character("magic-user", 6, 15);
	bs1e_command_radius(&s, &m, &d);
	cr_assert_eq(d.value, 10); /* 21 / 2 = 10.5 -> 10 */
	cr_assert_str_eq(text(&d, "CR"),
			 "CR 10 = (Cha 15 + level 6) / 2, rounded down = 10 "
			 "[4.8, R-045]");
	struct bs_individual c = character("cleric", 7, 14);
	bs1e_command_radius(&s, &c, &d);
	cr_assert_eq(d.value, 10);
	/* a multi-classed fighter/magic-user is a fighter (RULING R-046),
	 * and his highest level counts */
	struct bs_individual fm = character("fighter", 4, 14);
	snprintf(fm.cls[1], sizeof fm.cls[1], "magic-user");
	fm.level[1] = 6;
	fm.nclasses = 2;
	bs1e_command_radius(&s, &fm, &d);
	cr_assert_eq(d.value, 10 + 3);
	cr_assert(bs1e_is_fighter_class("Ranger"));
	cr_assert(!bs1e_is_fighter_class("thief"));
}

/* [4.8] a humanoid or monster commander: 2/3 of its MV (MV 9 -> 6");
 * fractions dropped (RULING R-045). */
Test(r04_command, s4_8_monster_commander_two_thirds_mv)
{
	struct bs_scenario s = scen(BS_GAME_ADND);
	struct bs_creature ogre;
	memset(&ogre, 0, sizeof ogre);
	snprintf(ogre.name, sizeof ogre.name, "ogre");
	ogre.mv = 9;
	struct bs_individual m;
	memset(&m, 0, sizeof m);
	m.race = &ogre;
	m.ability[BS_CHA] = 18; /* charisma does not count for monsters */
	struct bs_deriv d;
	cr_assert(!bs1e_is_human_or_demihuman(&m));
	bs1e_command_radius(&s, &m, &d);
	cr_assert_eq(d.value, 6);
	cr_assert_str_eq(text(&d, "CR"), "CR 6 = 2/3 x MV 9 [4.8]");
	ogre.mv = 12;
	bs1e_command_radius(&s, &m, &d);
	cr_assert_eq(d.value, 8);
	ogre.mv = 10;
	bs1e_command_radius(&s, &m, &d);
	cr_assert_eq(d.value, 6);
	cr_assert_str_eq(text(&d, "CR"),
			 "CR 6 = 2/3 x MV 10, rounded down [4.8, R-045]");
	m.mv = 15; /* the individual's own MV wins */
	bs1e_command_radius(&s, &m, &d);
	cr_assert_eq(d.value, 10);
	/* an orc fighter: a humanoid, with the fighter's +3" (R-046) */
	struct bs_creature orc = ogre;
	snprintf(orc.name, sizeof orc.name, "orc");
	orc.mv = 9;
	struct bs_individual of = character("fighter", 4, 12);
	of.race = &orc;
	bs1e_command_radius(&s, &of, &d);
	cr_assert_eq(d.value, 6 + 3);
	/* demi-humans use the charisma formula */
	struct bs_creature dwarf = orc;
	snprintf(dwarf.name, sizeof dwarf.name, "dwarf");
	dwarf.mv = 6;
	struct bs_individual df = character("fighter", 4, 12);
	df.race = &dwarf;
	cr_assert(bs1e_is_human_or_demihuman(&df));
	bs1e_command_radius(&s, &df, &d);
	cr_assert_eq(d.value, 8 + 3);
}

/* [4.9] Table 8, each row. */
Test(r04_command, s4_9_table8)
{
	struct bs_scenario s = scen(BS_GAME_ADND);
	static const struct {
		int cha, cb;
	} rows[] = {{25, 3}, {19, 3}, {18, 2}, {17, 2}, {16, 1},
		    {15, 1}, {14, 0}, {7, 0},  {6, -1}, {5, -1},
		    {4, -2}, {3, -2}, {2, -3}, {1, -3}};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct bs_individual c = character("fighter", 1, rows[i].cha);
		struct bs_deriv d;
		bs1e_charisma_bonus_of(&s, &c, &d);
		cr_expect_eq(d.value, rows[i].cb, "Cha %d: %d", rows[i].cha,
			     d.value);
	}
	struct bs_individual c = character("fighter", 1, 17);
	struct bs_deriv d;
	bs1e_charisma_bonus_of(&s, &c, &d);
	cr_assert_str_eq(text(&d, "CB"), "CB 2 = Cha 17 (17-18) = 2 [4.9 T8]");
	/* not given: 10 (RULING R-046) */
	c.ability[BS_CHA] = 0;
	bs1e_charisma_bonus_of(&s, &c, &d);
	cr_assert_eq(d.value, 0);
}

/* [14.20] AD&D: ring of human influence +1, rod of rulership +2 to the
 * charisma bonus (RULING R-047); D&D: the rod of ruling +2 to Charisma. */
Test(r04_command, s14_20_charisma_items)
{
	struct bs_scenario s = scen(BS_GAME_ADND);
	/* RULING R-310: magic items are Advanced Game rules [16.3 A] */
	s.level = BS_LEVEL_ADVANCED;
	struct bs_individual c = character("fighter", 5, 17);
	snprintf(c.items[0], sizeof c.items[0], "ring of human influence");
	c.nitems = 1;
	c.charisma_item_bonus = 1;
	struct bs_deriv d;
	bs1e_charisma_bonus_of(&s, &c, &d);
	cr_assert_eq(d.value, 3);
	cr_assert_str_eq(text(&d, "CB"),
			 "CB 3 = Cha 17 (17-18) = 2 +1 ring of human influence "
			 "[4.9 T8]");
	/* the CB item leaves the command radius alone */
	bs1e_command_radius(&s, &c, &d);
	cr_assert_eq(d.value, 14);
	snprintf(c.items[0], sizeof c.items[0], "Rod of Rulership");
	bs1e_charisma_bonus_of(&s, &c, &d);
	cr_assert_eq(d.value, 4);

	struct bs_scenario dnd = scen(BS_GAME_DND);
	dnd.level = BS_LEVEL_ADVANCED;
	struct bs_individual k = character("fighter", 5, 14);
	snprintf(k.items[0], sizeof k.items[0], "rod of ruling");
	k.nitems = 1;
	bs1e_charisma_bonus_of(&dnd, &k, &d);
	cr_assert_eq(d.value, 1); /* Cha 16 */
	bs1e_command_radius(&dnd, &k, &d);
	cr_assert_eq(d.value, (16 + 5) / 2 + 3);
	/* the AD&D items do nothing in a D&D game */
	snprintf(k.items[0], sizeof k.items[0], "ring of human influence");
	bs1e_charisma_bonus_of(&dnd, &k, &d);
	cr_assert_eq(d.value, 0);
}

/* RULING R-310 [16.3 A] "forces that have ... Advanced Game abilities
 * cannot use them": at the Basic and Intermediate levels the [14.20] items
 * give no Charisma bonus, and the D&D rod of ruling no Charisma. */
Test(r04_command, s16_3_a_charisma_items_only_in_the_advanced_game)
{
	for (int lv = BS_LEVEL_BASIC; lv < BS_LEVEL_ADVANCED; lv++) {
		struct bs_scenario s = scen(BS_GAME_ADND);
		s.level = (enum bs_level)lv;
		struct bs_individual c = character("fighter", 5, 17);
		snprintf(c.items[0], sizeof c.items[0], "rod of rulership");
		c.nitems = 1;
		c.charisma_item_bonus = 2;
		struct bs_deriv d;
		bs1e_charisma_bonus_of(&s, &c, &d);
		cr_expect_eq(d.value, 2, "level %d: Cha 17 alone", lv);
		struct bs_scenario dnd = scen(BS_GAME_DND);
		dnd.level = (enum bs_level)lv;
		struct bs_individual k = character("fighter", 5, 14);
		snprintf(k.items[0], sizeof k.items[0], "rod of ruling");
		k.nitems = 1;
		bs1e_charisma_bonus_of(&dnd, &k, &d);
		cr_expect_eq(d.value, 0, "level %d: Cha 14", lv);
		bs1e_command_radius(&dnd, &k, &d);
		cr_expect_eq(d.value, (14 + 5) / 2 + 3, "level %d", lv);
	}
}

/* ---- [4.10] hierarchy -------------------------------------------------------
 */

/* Units 0-4 with Unit Commanders 2-6; the Army Commander 0; Brigade
 * Commander 1 over units 0-3; 7 the Deputy of unit 0's commander; 8 the
 * Deputy of the Brigade Commander. Unit 4 is a mob. */
struct army {
	struct bs_side side;
	struct bs_unit u[5];
	struct bs_individual ind[9];
};

static void army_init(struct army *a)
{
	memset(a, 0, sizeof *a);
	a->side.units = a->u;
	a->side.nunits = 5;
	a->side.individuals = a->ind;
	a->side.nindividuals = 9;
	for (int i = 0; i < 9; i++) {
		a->ind[i].leads = -1;
		a->ind[i].deputy_of = -1;
	}
	a->ind[0].rank = BS_RANK_ARMY;
	a->ind[1].rank = BS_RANK_BRIGADE;
	for (int u = 0; u < 4; u++)
		a->ind[1].brigade[u] = u;
	a->ind[1].nbrigade = 4;
	for (int u = 0; u < 5; u++) {
		a->u[u].commander = 2 + u;
		a->u[u].deputy = -1;
		a->ind[2 + u].rank = BS_RANK_UNIT;
		a->ind[2 + u].leads = u;
	}
	a->u[4].type = BS_UNIT_MOB;
	a->ind[7].deputy_of = 2;
	a->u[0].deputy = 7;
	a->ind[8].deputy_of = 1;
}

Test(r04_command, s4_10_who_commands_what)
{
	struct army a;
	army_init(&a);
	const struct bs_side *s = &a.side;
	/* a Unit Commander commands his unit only */
	cr_assert_eq(bs1e_authority_over(s, 2, 0, NULL, NULL), BS1E_AUTH_UNIT);
	cr_assert(!bs1e_may_command(s, 2, 1, NULL));
	/* the Brigade Commander his brigade; the Army Commander any unit */
	cr_assert_eq(bs1e_authority_over(s, 1, 3, NULL, NULL),
		     BS1E_AUTH_BRIGADE);
	cr_assert(!bs1e_may_command(s, 1, 4, NULL));
	cr_assert_eq(bs1e_authority_over(s, 0, 4, NULL, NULL), BS1E_AUTH_ARMY);
	/* rally: Unit Commander, Brigade or Army Commander in the chain */
	cr_assert(bs1e_may_rally(s, 2, 0, NULL));
	cr_assert(bs1e_may_rally(s, 1, 0, NULL));
	cr_assert(bs1e_may_rally(s, 0, 0, NULL));
	cr_assert(!bs1e_may_rally(s, 3, 0, NULL));
	cr_assert(!bs1e_may_rally(s, 1, 4, NULL));
	/* [2.10] orders to the mob (unit 4) */
	cr_assert(bs1e_may_order_mob(s, 6, 4, NULL));
	cr_assert(bs1e_may_order_mob(s, 0, 4, NULL));
	cr_assert(!bs1e_may_order_mob(s, 1, 4, NULL));
	cr_assert(!bs1e_may_order_mob(s, 0, 0, NULL)); /* not a mob */
	/* a deputy has no authority while his commander commands */
	cr_assert(!bs1e_may_command(s, 7, 0, NULL));
	cr_assert(!bs1e_may_take_over(s, 1, 0, NULL));
}

/* [4.10] [9.3] the commander of unit 0 is killed: the Brigade Commander,
 * the Army Commander and the Deputy Unit Commander may take over; the dead
 * commander has no authority. */
Test(r04_command, s4_10_take_over_and_deputies)
{
	struct army a;
	army_init(&a);
	const struct bs_side *s = &a.side;
	unsigned char lost[9] = {0};
	lost[2] = 1;
	cr_assert(!bs1e_may_command(s, 2, 0, lost));
	int dep;
	cr_assert_eq(bs1e_authority_over(s, 7, 0, lost, &dep), BS1E_AUTH_UNIT);
	cr_assert_eq(dep, 2);
	cr_assert(bs1e_may_take_over(s, 7, 0, lost));
	cr_assert(bs1e_may_take_over(s, 1, 0, lost));
	cr_assert(bs1e_may_take_over(s, 0, 0, lost));
	cr_assert(!bs1e_may_take_over(s, 3, 0, lost));
	/* the Brigade Commander lost: his deputy has the brigade */
	lost[1] = 1;
	cr_assert_eq(bs1e_authority_over(s, 8, 3, lost, &dep),
		     BS1E_AUTH_BRIGADE);
	cr_assert_eq(dep, 1);
	cr_assert(!bs1e_may_command(s, 8, 4, lost));
	lost[1] = 0;
	cr_assert(!bs1e_may_command(s, 8, 3, lost));
}
