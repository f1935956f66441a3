/* The Army Roster Sheet [3.1] and the Heroes and Commanders Roster Sheet
 * [3.2]: ratio (Table 1 boundaries, [2.2]), base size ([2.3] Table 2, the
 * dwarves), HD per figure ([8.7]), mixed-unit averages ([3.1]), base AR
 * ([8.3] Table 9 and the repeated 20s), characters as members of units
 * ([9.1]), damage of the weapon in hand ([8.2]), the derivation text. The
 * units are built directly as struct bs_scenario values. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_roster.h"

#define MAXU 4
#define MAXI 4

struct world {
	struct bs_scenario s;
	struct bs_unit u[MAXU];
	struct bs_individual ind[MAXI];
	struct bs_weapon w;
};

static void world_init(struct world *w)
{
	memset(w, 0, sizeof *w);
	w->s.rules = BS_RULES_BS1E;
	w->s.nsides = 1;
	w->s.sides[0].units = w->u;
	w->s.sides[0].individuals = w->ind;
	for (int i = 0; i < MAXU; i++) {
		w->u[i].commander = -1;
		w->u[i].deputy = -1;
	}
	for (int i = 0; i < MAXI; i++) {
		w->ind[i].leads = -1;
		w->ind[i].deputy_of = -1;
	}
	snprintf(w->w.name, sizeof w->w.name, "long sword");
	bs_dice_parse("d8", &w->w.damage_sm, NULL, 0);
	bs_dice_parse("d12", &w->w.damage_l, NULL, 0);
}

static struct bs_unit *add_unit(struct world *w, const struct bs_creature *c,
				int figures, int ac)
{
	struct bs_unit *u = &w->u[w->s.sides[0].nunits++];
	snprintf(u->name, sizeof u->name, "unit %d", w->s.sides[0].nunits);
	u->creature = c;
	u->figures = figures;
	u->ac = ac;
	u->type = BS_UNIT_REGULAR;
	return u;
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

static const char *text(const struct bs_deriv *d, const char *name, int tenths)
{
	static char buf[512];
	return bs_deriv_text(d, name, tenths, buf, sizeof buf);
}

/* [2.2] Table 1 boundaries: below 4+1 10:1, 4+1 to 8+ 5:1, 9 up 2:1. */
Test(r03_roster, s2_2_ratio_boundaries)
{
	struct bs_deriv d;
	static const struct {
		int tenths, plus, ratio;
	} cases[] = {
	    {5, 0, 10},	 {10, -1, 10}, {10, 0, 10}, {30, 3, 10},
	    {40, 0, 10}, {40, 1, 5},   {60, 0, 5},  {80, 0, 5},
	    {80, 3, 5},	 {90, 0, 2},   {100, 0, 2}, {150, 0, 2},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct bs_hd hd = {cases[i].tenths, cases[i].plus};
		bs1e_unit_ratio(hd, 0, &d);
		cr_expect_eq(d.value, cases[i].ratio, "HD %d%+d: %d",
			     cases[i].tenths, cases[i].plus, d.value);
	}
	struct bs_hd one = {10, 0};
	bs1e_unit_ratio(one, 0, &d);
	cr_assert_str_eq(text(&d, "Ratio", 0),
			 "Ratio 10 = 1 HD: Less than 4 + 1 HD [2.2 T1]");
	struct bs_hd ogre = {40, 1};
	bs1e_unit_ratio(ogre, 0, &d);
	cr_assert_str_eq(text(&d, "Ratio", 0),
			 "Ratio 5 = 4+1 HD: 4 + to 8 + HD [2.2 T1]");
	/* the scenario's ratio equal to Table 1 is no override */
	bs1e_unit_ratio(ogre, 5, &d);
	cr_assert_str_eq(d.cite, "[2.2 T1]");
}

/* [8.7] "A single orc figure (10 orcs) has 10 hit dice." RULING R-042:
 * ratio x whole dice; "+hp" does not count; 1/2 HD counts 0.5. */
Test(r03_roster, s8_7_hd_per_figure)
{
	struct bs_deriv d;
	bs1e_hd_per_figure(10, (struct bs_hd){10, 0}, &d);
	cr_assert_eq(d.value, 100);
	cr_assert_str_eq(text(&d, "HD/fig", 1), "HD/fig 10 = 10 x 1 HD [8.7]");
	bs1e_hd_per_figure(5, (struct bs_hd){40, 1}, &d); /* ogres 4+1 */
	cr_assert_eq(d.value, 200);
	cr_assert_str_eq(text(&d, "HD/fig", 1),
			 "HD/fig 20 = 5 x 4 HD (the +1 hp not counted) [8.7, "
			 "R-042]");
	bs1e_hd_per_figure(10, (struct bs_hd){10, -1}, &d); /* goblins 1-1 */
	cr_assert_eq(d.value, 100);
	bs1e_hd_per_figure(10, (struct bs_hd){5, 0}, &d); /* kobolds 1/2 */
	cr_assert_eq(d.value, 50);
	cr_assert_str_eq(text(&d, "HD/fig", 1), "HD/fig 5 = 10 x 1/2 HD [8.7]");
	bs1e_hd_per_figure(5, (struct bs_hd){5, 0}, &d);
	cr_assert_str_eq(text(&d, "HD/fig", 1),
			 "HD/fig 2.5 = 5 x 1/2 HD [8.7]");
	bs1e_hd_per_figure(2, (struct bs_hd){90, 0}, &d);
	cr_assert_eq(d.value, 180);
}

/* [2.3] Table 2: S 1/2", M 3/4", L 1", dwarves 3/4" though size S,
 * cavalry 3/4" x 1 1/2", oversize no base. */
Test(r03_roster, s2_3_base_size)
{
	struct bs_creature dwarf = creature("dwarf", 10, 0, 4, BS_SIZE_S);
	struct bs_creature halfling = creature("halfling", 10, 0, 7, BS_SIZE_S);
	struct bs_creature orc = creature("orc", 10, 0, 6, BS_SIZE_M);
	struct bs_creature ogre = creature("ogre", 40, 1, 5, BS_SIZE_L);
	struct bs_creature dragon = creature("dragon", 100, 0, -1, BS_SIZE_L);
	dragon.no_base = 1;
	cr_assert_eq(bs1e_base_for(&dwarf, 0, NULL, 0), BS1E_BASE_M);
	cr_assert_str_eq(bs1e_table2[BS1E_BASE_M].base_label, "3/4\"");
	cr_assert_eq(bs1e_base_for(&halfling, 0, NULL, 0), BS1E_BASE_S);
	cr_assert_eq(bs1e_base_for(&orc, 0, NULL, 0), BS1E_BASE_M);
	cr_assert_eq(bs1e_base_for(&ogre, 0, NULL, 0), BS1E_BASE_L);
	cr_assert_eq(bs1e_base_for(&orc, 1, NULL, 0), BS1E_BASE_CAVALRY);
	cr_assert_eq(bs1e_base_for(&dragon, 0, NULL, 0), BS1E_BASE_OVERSIZE);
	struct world w;
	world_init(&w);
	add_unit(&w, &dwarf, 10, 4);
	struct bs1e_unit_sheet u;
	bs1e_unit_sheet(&w.s, 0, 0, &u);
	cr_assert_str_eq(u.base_label, "3/4\"");
	cr_assert_eq(u.size, BS_SIZE_S);
}

/* [8.3] base AR = THAC0 (with the AD&D bonuses: a magic weapon's plus) +
 * Table 9; the [4.1] orcs with long swords +1. */
Test(r03_roster, s8_3_base_ar)
{
	struct bs_creature orc = creature("orc", 10, 0, 6, BS_SIZE_M);
	struct world w;
	world_init(&w);
	struct bs_unit *x = add_unit(&w, &orc, 12, 8);
	x->weapons[0].weapon = &w.w;
	x->nweapons = 1;
	struct bs1e_unit_sheet u;
	bs1e_unit_sheet(&w.s, 0, 0, &u);
	cr_assert_str_eq(text(&u.ar, "AR", 0),
			 "AR 19 = THAC0 19 +0 ratio 10:1 [8.3 T9]");
	cr_assert_str_eq(text(&u.thac0, "THAC0", 0),
			 "THAC0 19 = monster of 1 HD [8.3]");
	x->weapons[0].plus = 1;
	bs1e_unit_sheet(&w.s, 0, 0, &u);
	cr_assert_str_eq(text(&u.ar, "AR", 0),
			 "AR 18 = THAC0 19 -1 long sword +1 +0 ratio 10:1 "
			 "[8.3 T9]");
	/* the damage of the weapon in hand [8.2], the plus added */
	char buf[128];
	cr_assert_str_eq(bs1e_damage_text(&u.damage, 0, buf, sizeof buf),
			 "d8+1 (long sword +1)");
	cr_assert_str_eq(bs1e_damage_text(&u.damage, 1, buf, sizeof buf),
			 "d12+1 (long sword +1)");
	/* Table 9 for 5:1 and 2:1 */
	struct bs_creature ogre = creature("ogre", 40, 1, 5, BS_SIZE_L);
	add_unit(&w, &ogre, 4, 5);
	bs1e_unit_sheet(&w.s, 0, 1, &u);
	cr_assert_eq(u.thac0.value, 15);
	cr_assert_eq(u.ar.value, 20);
	struct bs_creature giant = creature("hill giant", 90, 0, 4, BS_SIZE_L);
	add_unit(&w, &giant, 4, 4);
	bs1e_unit_sheet(&w.s, 0, 2, &u);
	cr_assert_eq(u.ar.value, 12 + 10);
}

/* [8.3] "if a figure or unit hits AC 1 on a 20, its THAC0 for the purposes
 * of determining AR is 21": the 0-level man, and a 1/2 HD monster. */
Test(r03_roster, s8_3_repeated_20s_zero_level)
{
	struct world w;
	world_init(&w);
	w.s.sides[0].nindividuals = 1;
	snprintf(w.ind[0].name, sizeof w.ind[0].name, "levy sergeant");
	snprintf(w.ind[0].cls[0], sizeof w.ind[0].cls[0], "0-level");
	w.ind[0].nclasses = 1;
	w.ind[0].ac = 7;
	struct bs1e_indiv_sheet s;
	bs1e_indiv_sheet(&w.s, 0, 0, &s);
	cr_assert_str_eq(text(&s.thac0, "THAC0", 0),
			 "THAC0 21 = 0-level man = 20 +1 repeated 20s ignored "
			 "[8.3]");
	cr_assert_str_eq(text(&s.ar, "AR", 0),
			 "AR 36 = THAC0 21 +15 ratio 1:1 [8.3 T9]");

	struct bs_creature kobold = creature("kobold", 5, 0, 7, BS_SIZE_S);
	add_unit(&w, &kobold, 20, 7);
	struct bs1e_unit_sheet u;
	bs1e_unit_sheet(&w.s, 0, 0, &u);
	cr_assert_str_eq(text(&u.thac0, "THAC0", 0),
			 "THAC0 21 = monster of 1/2 HD = 20 +1 repeated 20s "
			 "ignored [8.3]");
	cr_assert_eq(u.ar.value, 21);

	/* a catalog THAC0 of 21 (men-at-arms) says so too */
	struct bs_creature men = creature("man-at-arms", 10, 0, 10, BS_SIZE_M);
	men.thac0 = 21;
	add_unit(&w, &men, 12, 5);
	bs1e_unit_sheet(&w.s, 0, 1, &u);
	cr_assert_str_eq(text(&u.ar, "AR", 0),
			 "AR 21 = THAC0 21 +0 ratio 10:1 [8.3 T9]");
	cr_assert_eq(u.thac0.nterms, 1);
}

/* [3.1] a mixed unit: the average AC, HD and (via [9.1]) THAC0, rounded to
 * the least favourable; the slowest MV; the largest size (RULING R-040). */
Test(r03_roster, s3_1_mixed_unit_averages)
{
	struct bs_creature orc = creature("orc", 10, 0, 6, BS_SIZE_M);
	struct bs_creature gnoll = creature("gnoll", 20, 0, 5, BS_SIZE_L);
	gnoll.mv = 9;
	orc.mv = 6;
	struct world w;
	world_init(&w);
	struct bs_unit *x = add_unit(&w, &orc, 10, 6);
	x->mix[0] = (struct bs_mix_part){&orc, 5, 6};
	x->mix[1] = (struct bs_mix_part){&gnoll, 5, 5};
	x->nmix = 2;
	struct bs1e_unit_sheet u;
	bs1e_unit_sheet(&w.s, 0, 0, &u);
	cr_assert_eq(u.ac.value, 6);
	cr_assert_str_eq(text(&u.ac, "AC", 0),
			 "AC 6 = average 5.5, rounded up (least favourable) "
			 "[3.1, R-040]");
	/* 1.5 HD per creature, rounded down to a whole die (R-040 as
	 * revised in issue 12; it was 1.5 before) */
	cr_assert_eq(u.hd.value, 10);
	cr_assert_eq(u.hd_fig.value, 100);
	cr_assert_eq(u.thac0.value, 18); /* (19 + 16) / 2 = 17.5 up */
	cr_assert_eq(u.mv.value, 6);
	cr_assert_eq(u.size, BS_SIZE_L);
	cr_assert_eq(u.ratio.value, 10);
	/* the scenario's `ac` wins */
	x->ac = 3;
	bs1e_unit_sheet(&w.s, 0, 0, &u);
	cr_assert_eq(u.ac.value, 3);
}

/* [9.1] a character as a member: averaged into the unit's ratings at its
 * ratio, without the 1:1 adjustment (RULING R-049). One 17th-level fighter
 * in a figure of two hill giants: THAC0 (12 + 12 + 12 + 4) / 4 = 10, AC
 * (4 + 4 + 4 - 2) / 4 = 2.5 -> 3, HD (9 + 9 + 9 + 17) / 4 = 11; AR 10 +10
 * (2:1), not +15. */
Test(r03_roster, s9_1_member_averaged_at_the_units_ratio)
{
	struct bs_creature giant = creature("hill giant", 90, 0, 4, BS_SIZE_L);
	struct world w;
	world_init(&w);
	struct bs_unit *x = add_unit(&w, &giant, 2, 4);
	x->type = BS_UNIT_SKIRMISH;
	x->members[0] = 0;
	x->nmembers = 1;
	w.s.sides[0].nindividuals = 1;
	snprintf(w.ind[0].name, sizeof w.ind[0].name, "Sir Hugo");
	snprintf(w.ind[0].cls[0], sizeof w.ind[0].cls[0], "fighter");
	w.ind[0].level[0] = 17;
	w.ind[0].nclasses = 1;
	w.ind[0].ac = -2;
	w.ind[0].role = BS_ROLE_MEMBER;
	struct bs1e_unit_sheet u;
	bs1e_unit_sheet(&w.s, 0, 0, &u);
	cr_assert_eq(u.ratio.value, 2);
	cr_assert_eq(u.thac0.value, 10);
	cr_assert_eq(u.ac.value, 3);
	cr_assert_eq(u.hd.value, 110);
	cr_assert_eq(u.hd_fig.value, 220);
	cr_assert_str_eq(text(&u.ar, "AR", 0),
			 "AR 20 = THAC0 10 +10 ratio 2:1 [8.3 T9]");
	struct bs1e_indiv_sheet s;
	bs1e_indiv_sheet(&w.s, 0, 0, &s);
	cr_assert_eq(s.member_of, 0);
	cr_assert(strstr(s.rank, "Hero") == s.rank, "%s", s.rank);
	cr_assert(strstr(s.rank, "member of unit 1"), "%s", s.rank);
	cr_assert_eq(s.ar.value, 4 + 15); /* alone he is a 1:1 figure */
}

/* [9.1] one character among 120 orcs: the least favourable rounding keeps
 * the unit's ratings. */
Test(r03_roster, s9_1_member_in_a_large_unit)
{
	struct bs_creature orc = creature("orc", 10, 0, 6, BS_SIZE_M);
	struct world w;
	world_init(&w);
	struct bs_unit *x = add_unit(&w, &orc, 12, 6);
	x->members[0] = 0;
	x->nmembers = 1;
	w.s.sides[0].nindividuals = 1;
	snprintf(w.ind[0].cls[0], sizeof w.ind[0].cls[0], "fighter");
	w.ind[0].level[0] = 5;
	w.ind[0].nclasses = 1;
	w.ind[0].ac = 2;
	struct bs1e_unit_sheet u;
	bs1e_unit_sheet(&w.s, 0, 0, &u);
	cr_assert_eq(u.thac0.value, 19); /* 18.975 up */
	cr_assert_eq(u.ac.value, 6);	 /* 5.97 up */
	cr_assert_eq(u.hd.value, 10);	 /* 1.03 down */
	cr_assert_eq(u.ar.value, 19);
}

/* [3.2] an individual's sheet: class THAC0 and saves, AR as a 1:1 figure,
 * "Hero" when no command rank. */
Test(r03_roster, s3_2_individual_sheet)
{
	struct world w;
	world_init(&w);
	w.s.sides[0].nindividuals = 1;
	struct bs_individual *i = &w.ind[0];
	snprintf(i->name, sizeof i->name, "Aldric");
	snprintf(i->cls[0], sizeof i->cls[0], "fighter");
	i->level[0] = 5;
	snprintf(i->cls[1], sizeof i->cls[1], "magic-user");
	i->level[1] = 6;
	i->nclasses = 2;
	i->ac = 3;
	i->hp = 30;
	i->ability[BS_CHA] = 16;
	i->weapons[0].weapon = &w.w;
	i->nweapons = 1;
	i->weapons[0].plus = 2;
	struct bs1e_indiv_sheet s;
	bs1e_indiv_sheet(&w.s, 0, 0, &s);
	cr_assert_str_eq(s.race_class_level, "human fighter/magic-user 5/6");
	cr_assert_str_eq(s.rank, "Hero");
	cr_assert_eq(s.thac0.value, 16);
	cr_assert_str_eq(text(&s.ar, "AR", 0),
			 "AR 29 = THAC0 16 -2 long sword +2 +15 ratio 1:1 "
			 "[8.3 T9]");
	/* saves: the best of the two classes */
	cr_assert_eq(s.save[BS_SAVE_PPD].value, 11);
	cr_assert_eq(s.save[BS_SAVE_RSW].value, 9);
	cr_assert_eq(s.hd.value, 60);
	/* CR: (16 + 6) / 2 + 3 for the fighter class */
	cr_assert_eq(s.cr.value, 14);
}

/* The derivation text: label before the base, tenths. */
Test(r03_roster, deriv_text_forms)
{
	struct bs_deriv d;
	char buf[128];
	bs_deriv_init(&d, 19, "THAC0", NULL, "[8.3 T9]");
	bs_deriv_add(&d, 0, NULL, "ratio 10:1");
	cr_assert_str_eq(bs_deriv_text(&d, "AR", 0, buf, sizeof buf),
			 "AR 19 = THAC0 19 +0 ratio 10:1 [8.3 T9]");
	bs_deriv_init(&d, 25, "5 x 1/2 HD", NULL, "[8.7]");
	cr_assert_str_eq(bs_deriv_text(&d, "HD/fig", 1, buf, sizeof buf),
			 "HD/fig 2.5 = 5 x 1/2 HD [8.7]");
	bs_deriv_init(&d, 11, "(Cha 17 + level 5) / 2 =", NULL, "[4.8]");
	cr_assert_str_eq(bs_deriv_text(&d, "CR", 0, buf, sizeof buf),
			 "CR 11 = (Cha 17 + level 5) / 2 = 11 [4.8]");
	bs_deriv_init(&d, 7, NULL, NULL, NULL);
	cr_assert_str_eq(bs_deriv_text(&d, NULL, 0, buf, sizeof buf), "7");
	cr_assert_str_eq(bs_tenths_text(-5, buf, sizeof buf), "-0.5");
	cr_assert_str_eq(bs1e_hd_text((struct bs_hd){40, 1}, buf, sizeof buf),
			 "4+1");
}

/* [2.8] [4.10] the roster's remarks: a regular unit without a commander. */
Test(r03_roster, s2_8_roster_notes)
{
	struct bs_creature orc = creature("orc", 10, 0, 6, BS_SIZE_M);
	struct world w;
	world_init(&w);
	add_unit(&w, &orc, 12, 6);
	struct bs1e_roster *r;
	cr_assert_eq(bs1e_roster_new(&w.s, &r, NULL), BS_OK);
	cr_assert_eq(r->nsides, 1);
	cr_assert_eq(r->sides[0].nunits, 1);
	cr_assert_eq(r->sides[0].nnotes, 1);
	cr_assert(strstr(r->sides[0].notes[0], "[2.8]"), "%s",
		  r->sides[0].notes[0]);
	bs1e_roster_free(r);
}

/* 1 when one of the n terms has a label containing `label`. */
static int has_mod(const struct bs_term *t, int n, const char *label)
{
	for (int i = 0; i < n; i++)
		if (strstr(t[i].label, label))
			return 1;
	return 0;
}

/* Issue 12 item 3: [2.9] "If the skirmish unit has a Unit Commander, that
 * commander can also rally the routing skirmisher. This is the only
 * function a skirmish Unit Commander can perform": the roster sheet of a
 * skirmish unit lists no "commander fighting" AR modifier and no CB; the
 * same commander on a regular unit brings both. */
Test(r03_roster, s2_9_skirmish_commander_only_rallies)
{
	struct bs_creature elf = creature("elf", 10, 1, 5, BS_SIZE_M);
	for (int sk = 0; sk < 2; sk++) {
		struct world w;
		world_init(&w);
		struct bs_unit *u = add_unit(&w, &elf, 6, 5);
		u->type = sk ? BS_UNIT_SKIRMISH : BS_UNIT_REGULAR;
		u->commander = 0;
		struct bs_individual *c = &w.ind[0];
		snprintf(c->name, sizeof c->name, "Leader");
		c->race = &elf;
		snprintf(c->cls[0], sizeof c->cls[0], "fighter");
		c->level[0] = 3;
		c->nclasses = 1;
		c->ability[BS_CHA] = 17;
		c->rank = BS_RANK_UNIT;
		c->leads = 0;
		w.s.sides[0].nindividuals = 1;
		struct bs1e_unit_sheet sh;
		bs1e_unit_sheet(&w.s, 0, 0, &sh);
		cr_assert_eq(has_mod(sh.ar_mods, sh.nar_mods, "fighting"), !sk,
			     "skirmish %d: commander fighting", sk);
		cr_assert_eq(has_mod(sh.ml_mods, sh.nml_mods, "CB"), !sk,
			     "skirmish %d: CB", sk);
	}
}

/* Issue 12 item 6: [3.1] "the unit always has the average ratings for
 * armor class, hit dice, and damage. Round fractions to the least
 * favorable for the unit." (R-040 revised): the average HD is rounded
 * down to a whole die, not to a tenth: half 1 HD and half 2 HD men are
 * a 1 HD unit (10 HD a figure at 10:1), not 1.5. Below one die the next
 * value down is 1/2; pluses that differ take the lowest when the average
 * is exact (1-1 with 1 is 1-1). */
Test(r03_roster, s3_1_mixed_hd_rounded_to_whole_dice)
{
	static const struct {
		int a_tenths, a_plus, b_tenths, b_plus;
		int hd, plus;
	} c[] = {
	    {10, 0, 20, 0, 10, 0},   /* 1.5 -> 1 */
	    {10, 0, 40, 0, 20, 0},   /* 2.5 -> 2 */
	    {5, 0, 10, 0, 5, 0},     /* 0.75 -> 1/2 */
	    {10, -1, 10, 0, 10, -1}, /* 1-1 and 1 -> 1-1 */
	    {40, 1, 40, 3, 40, 1},   /* 4+1 and 4+3 -> 4+1 */
	    {20, 0, 20, 0, 20, 0},   /* pure: 2 */
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		struct bs_creature a =
		    creature("a", c[k].a_tenths, c[k].a_plus, 6, BS_SIZE_M);
		struct bs_creature b =
		    creature("b", c[k].b_tenths, c[k].b_plus, 6, BS_SIZE_M);
		struct world w;
		world_init(&w);
		struct bs_unit *x = add_unit(&w, &a, 10, 6);
		x->mix[0] = (struct bs_mix_part){&a, 50, 6};
		x->mix[1] = (struct bs_mix_part){&b, 50, 6};
		x->nmix = 2;
		struct bs1e_unit_sheet u;
		bs1e_unit_sheet(&w.s, 0, 0, &u);
		cr_assert_eq(u.hd.value, c[k].hd, "case %zu: HD %d", k,
			     u.hd.value);
		cr_assert_eq(u.hd_rated.tenths, c[k].hd, "case %zu", k);
		cr_assert_eq(u.hd_rated.plus, c[k].plus, "case %zu", k);
		cr_assert_eq(u.hd_fig.value, u.ratio.value * c[k].hd,
			     "case %zu", k);
	}
	/* the derivation says how it was rounded */
	struct bs_creature a = creature("a", 10, 0, 6, BS_SIZE_M);
	struct bs_creature b = creature("b", 20, 0, 6, BS_SIZE_M);
	struct world w;
	world_init(&w);
	struct bs_unit *x = add_unit(&w, &a, 10, 6);
	x->mix[0] = (struct bs_mix_part){&a, 50, 6};
	x->mix[1] = (struct bs_mix_part){&b, 50, 6};
	x->nmix = 2;
	struct bs1e_unit_sheet u;
	bs1e_unit_sheet(&w.s, 0, 0, &u);
	cr_assert(strstr(text(&u.hd, "HD", 1), "average 1.5, rounded down "
					       "(least favourable)"),
		  "%s", text(&u.hd, "HD", 1));
}

/* Issue 12 item 9: [8.3] "Add or subtract any AD&D ... game bonuses and
 * penalties to THACO": a creature's `to_hit_with` (the PH's elves +1 with
 * long swords) is in the base AR of that weapon only; a mixed unit takes
 * its least favourable part: elves with men get nothing. */
Test(r03_roster, s8_3_racial_bonus_with_weapons)
{
	struct bs_creature elf = creature("elf", 10, 1, 5, BS_SIZE_M);
	struct bs_creature man = creature("man", 10, 0, 10, BS_SIZE_M);
	elf.nto_hit_with = 1;
	elf.to_hit_with[0].to_hit = 1;
	elf.to_hit_with[0].nnames = 1;
	snprintf(elf.to_hit_with[0].names[0], BS_NAME_MAX, "Long Sword");
	struct bs_weapon dagger;
	memset(&dagger, 0, sizeof dagger);
	snprintf(dagger.name, sizeof dagger.name, "dagger");
	bs_dice_parse("d4", &dagger.damage_sm, NULL, 0);
	bs_dice_parse("d3", &dagger.damage_l, NULL, 0);
	for (int mixed = 0; mixed < 2; mixed++) {
		struct world w;
		world_init(&w);
		struct bs_unit *u = add_unit(&w, &elf, 10, 5);
		u->weapons[0].weapon = &w.w; /* long sword */
		u->weapons[1].weapon = &dagger;
		u->nweapons = 2;
		if (mixed) {
			u->mix[0] = (struct bs_mix_part){&elf, 5, 5};
			u->mix[1] = (struct bs_mix_part){&man, 5, 5};
			u->nmix = 2;
		}
		struct bs1e_unit_sheet sh;
		bs1e_unit_sheet(&w.s, 0, 0, &sh);
		int thac0 = sh.thac0.value;
		cr_assert_eq(sh.ar.value, thac0 - (mixed ? 0 : 1),
			     "mixed %d: the weapon in hand", mixed);
		cr_assert_eq(sh.weapons[0].ar.value, thac0 - (mixed ? 0 : 1));
		cr_assert_eq(sh.weapons[1].ar.value, thac0, "not the dagger");
		if (!mixed)
			cr_assert(strstr(text(&sh.ar, "AR", 0),
					 "elf with long sword: +1 to hit"),
				  "%s", text(&sh.ar, "AR", 0));
	}
}
