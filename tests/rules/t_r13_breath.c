/* Issue 16 [13.7]: breath weapons as magical artillery in step A of the
 * Missile and Magic Phase (src/bs1e/r13_breath.c, the cast's path of
 * r14_cast.c): damage the breather's hit points, read as hit points / 4 HD
 * per creature [14.5 A], the area of [14.2] (Table 17), the fate of each
 * figure [14.5 B], the uses a day (RULING R-642), a breather who moved
 * (RULING R-641), the cloud before his mouth (RULING R-643) and the
 * doctrine AI's breath (RULING R-644); a unit's breath [14.1] (RULING
 * .. R-609: one creature's mean hit points, one area from its
 * front, skirmish, regular in and out of command, not mobs). */
#include "battlesim/ai.h"
#include "battlesim/bs1e_magic.h"
#include "bs1e_fixture.h"

/* South: Guards far away (commander C0), the dragon D (individual 1) of
 * race `race` with `hp` standing at (x, y), `more0`; North: Orcs (12
 * figures, 6 files, front (40, 60) facing south), Ogres (8 figures of ten
 * 4+1 HD ogres, 4 files, front (50, 66) facing south), `more1`. */
static void open_breath(struct tf *t, const char *level, const char *race,
			int hp, double x, double y, const char *more0,
			const char *more1)
{
	char *yaml = malloc(8192);
	cr_assert_not_null(yaml);
	snprintf(
	    yaml, 8192,
	    "name: Breath\nrules: bs1e\nlevel: %s\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [10, 20], commander: C0}\n"
	    "    individuals:\n"
	    "      - {name: C0, class: fighter, level: 3, hp: 20, abilities: "
	    "{cha: 14}, rank: unit}\n"
	    "      - {name: D, race: %s, hp: %d, position: [%g, %g]}\n"
	    "%s"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 12, creature: orc, weapons: "
	    "[spear], frontage: 6, position: [40, 60], commander: Boss}\n"
	    "      - {name: Ogres, figures: 8, creature: ogre, ratio: 10, "
	    "weapons: [club], frontage: 4, position: [50, 66], commander: "
	    "Grull}\n"
	    "    individuals:\n"
	    "      - {name: Boss, race: orc, hp: 8, rank: unit}\n"
	    "      - {name: Grull, race: ogre, hp: 30, rank: unit}\n"
	    "%s",
	    level, race, hp, x, y, more0 ? more0 : "", more1 ? more1 : "");
	tf_open(t, yaml);
	free(yaml);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* A breath order of D (South's individual 1) at North's unit tunit or
 * individual tindiv. */
static struct bs_cast_order dragon(struct tf *t, const char *breath, int tunit,
				   int tindiv)
{
	return (struct bs_cast_order){
	    1, tf_spell(t, breath), 1, tunit, tindiv, 0, 0, 0, NULL};
}

static struct bs_indiv_state *d_state(struct tf *t)
{
	return &t->b->indivs[t->b->indiv_first[0] + 1];
}

/* The catalog's dragons carry the MM's breath weapons (RULING R-640). */
Test(r13_breath, s13_7_the_catalog_dragons_and_their_breath_r640)
{
	struct tf t;
	open_breath(&t, "advanced", "red dragon", 60, 50, 64.5, NULL, NULL);
	static const char *const names[][2] = {
	    {"white dragon", "white dragon breath"},
	    {"black dragon", "black dragon breath"},
	    {"green dragon", "green dragon breath"},
	    {"blue dragon", "blue dragon breath"},
	    {"red dragon", "red dragon breath"},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const struct bs_creature *c = NULL;
		for (int k = 0; k < t.sc->ncreatures; k++)
			if (strcmp(t.sc->creatures[k].name, names[i][0]) == 0)
				c = &t.sc->creatures[k];
		cr_assert_not_null(c, "%s", names[i][0]);
		cr_assert_not_null(c->breath);
		cr_assert_str_eq(c->breath->name, names[i][1]);
		cr_assert_eq(c->breath->per_day, 3);
		cr_assert(c->flags & BS_CF_DRAGON, "[13.6] a dragon");
	}
	const struct bs_creature *red = t.b->indivs[1].def->race;
	cr_assert_eq(red->hd.tenths, 100, "the middle of 9-11");
	cr_assert_eq(red->ac, -1);
	tf_close(&t);
}

/* [13.7] "Breath weapons use the rules for magical artillery. See [14.5]
 * for calculating damage": a red dragon of 60 hit points does 60 hit
 * points, 60 / 4 = 15 HD per creature [14.5 A]; "area of effect is as
 * defined in [14.2]": the MM's cone 9" x 3" is 3" x 1" on the table
 * (Table 17); ten ogres to a figure take 150 HD (the special note). */
Test(r13_breath, s13_7_a_breath_does_the_breathers_hit_points_over_4)
{
	struct tf t;
	open_breath(&t, "advanced", "red dragon", 60, 50, 64.5, NULL, NULL);
	cr_assert_eq(bs1e_breaths_left(t.b, 0, 1), 3, "three a day (MM)");
	t.cast[0][0] = dragon(&t, "red dragon breath", 1, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[2], 60, "his hit points");
	cr_assert_eq(c->n[8], 150, "60 hp / 4 = 15 HD per creature");
	cr_assert_eq(c->n[5], BS_AREA_CONE);
	cr_assert_eq(c->n[6], 300, "9\" of AD&D = 3\" [14.2] Table 17");
	cr_assert_eq(c->n[7], 100);
	cr_assert_eq(c->n[10], 2, "two breaths left");
	cr_assert_str_eq(c->cite, "[13.7] [14.2] [14.4]");
	const struct bs_event *u = tf_cast_ev(&t, 1, 0);
	cr_assert_not_null(u, "the Ogres are in the cone");
	cr_assert_eq(u->n[2], 150);
	cr_assert_eq(u->n[11], 10);
	cr_assert_eq(u->n[3], 1500, "150 HD per whole figure");
	/* from their front, in the first half of the cone: wounds only
	 * [14.5 B] */
	cr_assert_eq(u->n[9], BS1E_STRIKE_FRONT);
	cr_assert_eq(u->n[7], 0);
	cr_assert_gt(u->n[8], 0);
	cr_assert_eq(bs1e_breaths_left(t.b, 0, 1), 2);
	tf_close(&t);
	/* the damage is his hit points now: wounded to 20, 5 HD */
	open_breath(&t, "advanced", "red dragon", 60, 50, 64.5, NULL, NULL);
	d_state(&t)->hp = 20;
	t.cast[0][0] = dragon(&t, "red dragon breath", 1, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[8], 50, "20 hp / 4 = 5 HD per creature");
	tf_close(&t);
}

/* RULING R-642: three breaths a day, all there at the battle's start; a
 * fourth is REJECTED, nothing spent. One breath a Game Round (one AD&D
 * melee round [14.1]). */
Test(r13_breath, s13_7_three_breaths_a_day_r642)
{
	struct tf t;
	open_breath(&t, "advanced", "red dragon", 60, 50, 64.5, NULL, NULL);
	t.cast[0][0] = dragon(&t, "red dragon breath", 1, -1);
	t.cast[0][1] = dragon(&t, "red dragon breath", 1, -1);
	t.ncast[0] = 2;
	bs1e_casts(t.b, 0);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert(strstr(tf_rejected(&t), "one AD&D melee round"), "%s",
		  tf_rejected(&t));
	cr_assert_eq(bs1e_breaths_left(t.b, 0, 1), 2);
	t.ncast[0] = 1;
	for (int i = 0; i < 2; i++) {
		d_state(&t)->flags &= ~BS_IF_CAST;
		bs1e_casts(t.b, 0);
	}
	cr_assert_eq(bs1e_breaths_left(t.b, 0, 1), 0);
	d_state(&t)->flags &= ~BS_IF_CAST;
	t.nev = 0;
	bs1e_casts(t.b, 0);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert(strstr(tf_rejected(&t), "R-642"), "%s", tf_rejected(&t));
	cr_assert_null(tf_cast_ev(&t, 0, 0));
	tf_close(&t);
}

/* RULING R-641: a breath is no spell: the breather may have moved (the
 * spell-caster's [14.1] rule is not his), and he breathes only his race's
 * breath weapon [13.0]. */
Test(r13_breath, s13_7_a_breather_who_moved_breathes_r641)
{
	struct tf t;
	open_breath(&t, "advanced", "red dragon", 60, 50, 64.5, NULL, NULL);
	d_state(&t)->flags |= BS_IF_MOVED;
	struct bs1e_cast_plan p;
	struct bs_cast_order o = dragon(&t, "red dragon breath", 1, -1);
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p), "%s", p.why);
	cr_assert_eq(p.breath_hp, 60);
	o = dragon(&t, "blue dragon breath", 1, -1);
	cr_assert_not(bs1e_check_cast(t.b, 0, &o, &p));
	cr_assert(strstr(p.why, "not his breath weapon"), "%s", p.why);
	/* not below the Advanced Game [14.0] */
	tf_close(&t);
	open_breath(&t, "intermediate", "red dragon", 60, 50, 64.5, NULL, NULL);
	o = dragon(&t, "red dragon breath", 1, -1);
	cr_assert_not(bs1e_check_cast(t.b, 0, &o, &p));
	tf_close(&t);
}

/* [14.5 B] "If it is fired from the side against a figure in closed or
 * open formation, it can cause a figure to be removed": a blue dragon's
 * lightning (10" x 1/2" in the MM: 3.33" x 0.17" by Table 17) along the
 * Orcs' rank from their flank removes figures; the line starts at the
 * breather (range `self`). */
Test(r13_breath, s13_7_a_blue_dragons_line_from_the_flank_removes)
{
	struct tf t;
	open_breath(&t, "advanced", "blue dragon", 44, 43.5, 60.5, NULL, NULL);
	t.cast[0][0] = dragon(&t, "blue dragon breath", 0, -1);
	t.cast[0][0].aim = 1;
	t.cast[0][0].x = 36;
	t.cast[0][0].y = 60.5;
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[5], BS_AREA_LINE);
	cr_assert_eq(c->n[8], 110, "44 / 4 = 11 HD per creature");
	const struct bs_event *u = tf_cast_ev(&t, 1, 0);
	cr_assert_not_null(u);
	cr_assert_eq(u->n[9], BS1E_STRIKE_SIDE);
	cr_assert_gt(u->n[7], 0, "removed from the side");
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 12 - u->n[7]);
	tf_close(&t);
}

/* RULING R-643: a green dragon's cloud (5" x 4" in the MM: 1.67" x 1.33")
 * lies before his mouth, toward the target, and does not strike him. */
Test(r13_breath, s13_7_a_cloud_lies_before_the_breather_r643)
{
	struct tf t;
	open_breath(&t, "advanced", "green dragon", 40, 50, 64.5, NULL, NULL);
	struct bs1e_cast_plan p;
	struct bs_cast_order o = dragon(&t, "green dragon breath", 1, -1);
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p), "%s", p.why);
	cr_assert_eq(p.area.shape, BS_AREA_RECT);
	cr_assert_gt(p.area.at.y, 64.5 + p.area.a / 2 - 1e-9,
		     "its centre before him, toward the Ogres");
	t.cast[0][0] = o;
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_eq(d_state(&t)->hp, 40, "not the breather");
	const struct bs_event *u = tf_cast_ev(&t, 1, 0);
	cr_assert_not_null(u, "the Ogres are in it");
	tf_close(&t);
}

/* [14.5 A] "Against individuals, damage is determined by normal AD&D
 * game rules": the breath's hit points, half on a save vs breath (R-571:
 * rounded down). */
Test(r13_breath, s13_7_an_individual_in_the_breath_saves_for_half)
{
	struct tf t;
	open_breath(&t, "advanced", "red dragon", 45, 50, 60, NULL,
		    "      - {name: Hero, class: fighter, level: 5, hp: 60, "
		    "position: [50, 62]}\n");
	t.cast[0][0] = dragon(&t, "red dragon breath", -1, 2);
	t.ncast[0] = 1;
	int dice[] = {20, 20, 20, 20, 20, 20, 20, 20, 20, 20};
	tf_dice(&t, dice, sizeof dice / sizeof dice[0]);
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = NULL;
	for (int i = 0; (e = tf_cast_ev(&t, 2, i)) != NULL; i++)
		if (e->tindiv == 2)
			break;
	cr_assert_not_null(e);
	cr_assert_eq(e->n[1], 45, "his hit points, no dice");
	cr_assert_eq(e->n[3], 1, "saved");
	cr_assert_eq(e->n[4], 22, "half, rounded down");
	cr_assert_eq(t.b->indivs[t.b->indiv_first[1] + 2].hp, 38);
	tf_close(&t);
}

/* RULING R-644: the doctrine breathes where it removes the most HD
 * expected, with its reason, and not at its own figures. */
Test(r13_breath, s13_7_the_doctrine_breathes_r644)
{
	struct tf t;
	open_breath(&t, "advanced", "red dragon", 60, 50, 64.5, NULL, NULL);
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_cast_order o[8];
	int n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 8);
	cr_assert_eq(n, 1);
	cr_assert_eq(o[0].indiv, 1);
	cr_assert_eq(o[0].spell->kind, BS_MAGIC_BREATH);
	cr_assert_not_null(o[0].why);
	cr_assert(strstr(o[0].why, "R-644"), "%s", o[0].why);
	/* spent: no more */
	bs1e_sc(t.b)->ix[t.b->indiv_first[0] + 1].breaths = 0;
	n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 8);
	cr_assert_eq(n, 0);
	free(ai);
	tf_close(&t);
}

/* ---- magic resistance [3.1] [14.1] (r14_resist.c) ---------------------- */

/* The MM's figure is against an 11th-level caster, 5% more a level below,
 * 5% less a level above (RULING R-646). */
Test(r14_resist, s14_1_magic_resistance_by_caster_level_r646)
{
	cr_assert_eq(bs1e_mr_at(50, 11), 50);
	cr_assert_eq(bs1e_mr_at(50, 6), 75);
	cr_assert_eq(bs1e_mr_at(50, 14), 35);
	cr_assert_eq(bs1e_mr_at(10, 20), 0);
	cr_assert_eq(bs1e_mr_at(90, 1), 100);
	cr_assert_eq(bs1e_mr_at(0, 1), 0, "no MR: none");
}

/* A unit of creatures with MR 50 (ten to a figure) in a 6th-level
 * magic-user's fireball: one d100 a figure before the saves, 75% against
 * him (RULING R-646); a figure that resists is unaffected and rolls no
 * save. */
Test(r14_resist, s14_1_a_figure_that_resists_is_unaffected_r646)
{
	struct tf t;
	open_breath(&t, "advanced", "red dragon", 60, 20, 20,
		    "      - {name: Zan, class: magic-user, level: 6, hp: 18, "
		    "position: [46, 60.5], spells: [fireball]}\n",
		    NULL);
	/* the Ogres resist: MR 50 */
	struct bs_creature *ogre =
	    (struct bs_creature *)tf_unit(&t, 1, 1)->def->creature;
	ogre->mr = 50;
	struct bs_cast_order o = {
	    2, tf_spell(&t, "fireball"), 1, 1, -1, 1, 49.5, 66.5, NULL};
	t.cast[0][0] = o;
	t.ncast[0] = 1;
	/* 6 HD: the d100s 01 (resists) then 99 for the others, then saves */
	int dice[32];
	for (int i = 0; i < 32; i++)
		dice[i] = 1;
	dice[0] = 1;
	for (int i = 1; i < 6; i++) /* six figures in it: 99 for five */
		dice[i] = 99;
	tf_dice(&t, dice, 32);
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *m = tf_cast_ev(&t, 5, 0);
	cr_assert_not_null(m, "the magic resistance step");
	cr_assert_eq(m->n[3], 75, "50% + 5 x (11 - 6)");
	cr_assert_eq(m->n[4], 50);
	cr_assert_eq(m->die_sides, 100);
	cr_assert_eq(m->n[2], 1, "the 01 resists");
	cr_assert_eq(m->dice[0], 1);
	const struct bs_event *u = tf_cast_ev(&t, 1, 0);
	cr_assert_not_null(u);
	cr_assert_eq(u->n[7] + u->n[8], m->n[1] - 1,
		     "every other figure is struck");
	tf_close(&t);
	/* a breath weapon is not resisted (RULING R-647) */
	open_breath(&t, "advanced", "red dragon", 60, 50, 64.5, NULL, NULL);
	ogre = (struct bs_creature *)tf_unit(&t, 1, 1)->def->creature;
	ogre->mr = 100;
	t.cast[0][0] = dragon(&t, "red dragon breath", 1, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_cast_ev(&t, 5, 0));
	u = tf_cast_ev(&t, 1, 0);
	cr_assert_not_null(u);
	cr_assert_gt(u->n[8], 0, "wounded all the same");
	tf_close(&t);
}

/* An individual's MR (his race's): a d100 before his save; resisted, he
 * takes nothing. */
Test(r14_resist, s14_1_an_individual_resists_r646)
{
	struct tf t;
	open_breath(
	    &t, "advanced", "red dragon", 60, 20, 20,
	    "      - {name: Zan, class: magic-user, level: 11, hp: 30, "
	    "position: [46, 60.5], spells: [magic missile]}\n",
	    "      - {name: Elf, class: fighter, level: 5, hp: 30, mr: 40, "
	    "position: [56, 62]}\n");
	t.cast[0][0] = (struct bs_cast_order){
	    2, tf_spell(&t, "magic missile"), 1, -1, 2, 0, 0, 0, NULL};
	t.ncast[0] = 1;
	int dice[] = {40, 4, 4, 4, 4, 4, 4};
	tf_dice(&t, dice, 7);
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *m = tf_cast_ev(&t, 5, 0);
	cr_assert_not_null(m);
	cr_assert_eq(m->n[3], 40);
	cr_assert_eq(m->n[2], 1, "40 on the d100: resisted");
	cr_assert_null(tf_cast_ev(&t, 2, 0), "no damage step");
	cr_assert_eq(t.b->indivs[t.b->indiv_first[1] + 2].hp, 30);
	tf_close(&t);
}

/* [14.1] Q&A 127.66 RULING R-652: a breath is no spell-casting: with an
 * enemy archer who can shoot, no disruption roll, and it goes off in step
 * A as before. */
Test(r13_breath, s13_7_qa_127_66_a_breath_is_not_disrupted_r652)
{
	struct tf t;
	open_breath(&t, "advanced", "red dragon", 60, 50, 64.5, NULL,
		    "      - {name: Ada, class: fighter, level: 1, hp: 30, "
		    "weapon: long bow, position: [50, 56]}\n");
	t.cast[0][0] = dragon(&t, "red dragon breath", 1, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_not_null(tf_cast_ev(&t, 0, 0), "breathed in step A");
	for (int i = 0; i < t.nev; i++)
		cr_assert(!strstr(t.evs[i].what, "disruption roll") &&
			      !strstr(t.evs[i].what, "begins casting"),
			  "%s", t.evs[i].what);
	tf_close(&t);
}

/* [11.1] the worked example: "A unit of drow elves is riding nightmares.
 * The unit is hit with a spell that kills the nightmares, but does not
 * affect the drow because the drow have Magic Resistance. Although the
 * drow survived the attack, the cavalry unit is removed because the
 * steeds were all killed." RULING R-530: the spell is worked out for the
 * riders and for the steeds apart, each with its own HD, magic resistance
 * and saving throw; a figure whose steed dies is removed. An
 * 11th-level fireball of a wider area (the scenario's own record, so that
 * it takes whole figures: 11 HD per creature) at drow (2 HD, MR 50) on
 * nightmares (6+6 HD, MR 0); every d100 02 (the drow resist) and every
 * d20 02 (the nightmares fail: removed). */
static void open_riders(struct tf *t, int steed_mr, int mounted)
{
	char *yaml = malloc(8192);
	cr_assert_not_null(yaml);
	snprintf(
	    yaml, 8192,
	    "name: Drow\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "catalog:\n  creatures:\n"
	    "    - {name: drow, hd: \"2\", ac: 4, mv: 12, size: M, mr: 50, "
	    "attacks: d6}\n"
	    "    - {name: nightmare, hd: \"6+6\", ac: -4, mv: 15, size: L, "
	    "mr: %d, attacks: d4+4/d4+4/2d4}\n"
	    "  spells:\n"
	    "    - {name: great fireball, class: magic-user, level: 3, "
	    "category: artillery, effect: damage, element: fire, range: "
	    "10 + 1/level, duration: instantaneous, casting_time: 3 "
	    "segments, area: {shape: circle, radius: 6}, save: {vs: "
	    "spell, effect: half}, damage: d6/level}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [10, 20], commander: C0}\n"
	    "    individuals:\n"
	    "      - {name: C0, class: fighter, level: 3, hp: 20, "
	    "abilities: {cha: 14}, rank: unit}\n"
	    "      - {name: Zan, class: magic-user, level: 11, hp: 30, "
	    "position: [46, 58], spells: [great fireball]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Drow riders, figures: 4, creature: drow, %s"
	    "weapons: [long sword], frontage: 4, position: [50, 66], "
	    "commander: Boss}\n"
	    "    individuals:\n"
	    "      - {name: Boss, race: orc, hp: 8, rank: unit}\n",
	    steed_mr, mounted ? "mount: nightmare, " : "");
	tf_open(t, yaml);
	free(yaml);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
	struct bs_cast_order o = {
	    1, tf_spell(t, "great fireball"), 1, 0, -1, 1, 50, 65.5, NULL};
	t->cast[0][0] = o;
	t->ncast[0] = 1;
	int dice[64];
	for (int i = 0; i < 64; i++)
		dice[i] = 2;
	tf_dice(t, dice, 64);
	bs1e_casts(t->b, 0);
	cr_assert_null(tf_rejected(t), "%s", tf_rejected(t));
}

Test(r14_resist, s11_1_drow_on_nightmares_example_r530)
{
	struct tf t;
	open_riders(&t, 0, 1);
	const struct bs_event *m = tf_cast_ev(&t, 5, 0);
	cr_assert_not_null(m, "the riders' magic resistance");
	cr_assert_eq(m->n[6], 1, "the riders' part");
	cr_assert_eq(m->n[2], m->n[1], "every drow resists on 02");
	cr_assert_null(tf_cast_ev(&t, 5, 1), "the nightmares have none");
	const struct bs_event *r = tf_cast_ev(&t, 1, 0);
	const struct bs_event *s = tf_cast_ev(&t, 1, 1);
	cr_assert(r && s, "a step for the riders and one for the steeds");
	cr_assert_eq(r->n[12], 1);
	cr_assert_eq(s->n[12], 2);
	cr_assert_eq(r->n[7] + r->n[8], 0, "the drow are unaffected");
	int whole = s->n[10];
	cr_assert_gt(whole, 0, "figures wholly in the fireball");
	cr_assert_eq(s->n[7], whole,
		     "11 HD, the save failed: the steeds of those die");
	cr_assert_eq(s->n[8], s->n[1] - whole,
		     "those partly in it are wounded (R-576)");
	/* the figures whose steeds died are removed [11.1] (and the wounds
	 * placed may take more, [8.7]) */
	cr_assert_leq(tf_unit(&t, 1, 0)->figures, 4 - whole);
	int note = 0;
	for (int i = 0; i < t.nev; i++)
		note += t.evs[i].ev.type == BS_EV_NOTE && t.evs[i].ev.cite &&
			strcmp(t.evs[i].ev.cite, "[11.1] RULING R-530") == 0;
	cr_assert_eq(note, 1, "the figure's fate of both parts, logged");
	tf_close(&t);
	/* steeds of MR 50 too: every figure resists whole, none lost */
	open_riders(&t, 50, 1);
	cr_assert_not_null(tf_cast_ev(&t, 5, 1), "the steeds roll too");
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 4);
	tf_close(&t);
	/* the same drow on foot: one figure, its MR, none lost */
	open_riders(&t, 0, 0);
	m = tf_cast_ev(&t, 5, 0);
	cr_assert_not_null(m);
	cr_assert_eq(m->n[6], 0);
	cr_assert_eq(tf_cast_ev(&t, 1, 0)->n[12], 0);
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 4);
	tf_close(&t);
}

/* [13.8] "Damage caused by fire and acid attacks does not regenerate"
 * (RULING R-605): the Wound marker a fireball places is marked so; the
 * same spell made of cold (the record changed for the test) is not. */
Test(r14_resist, s13_8_r605_a_fire_wound_does_not_regenerate)
{
	for (int fire = 0; fire < 2; fire++) {
		struct tf t;
		open_breath(
		    &t, "advanced", "red dragon", 60, 20, 20,
		    "      - {name: Zan, class: magic-user, level: 6, "
		    "hp: 18, position: [46, 60.5], spells: [fireball]}\n",
		    NULL);
		struct bs_spell *fb =
		    (struct bs_spell *)tf_spell(&t, "fireball");
		fb->element = fire ? BS_ELEM_FIRE : BS_ELEM_COLD;
		struct bs_cast_order o = {2, fb, 1, 1, -1, 1, 49.5, 66.5, NULL};
		t.cast[0][0] = o;
		t.ncast[0] = 1;
		int dice[32];
		for (int i = 0; i < 32; i++)
			dice[i] = 20; /* saves made: wounds */
		dice[0] = 1; /* one failed: removed; the 5 wounds leave one */
		tf_dice(&t, dice, 32);
		bs1e_casts(t.b, 0);
		cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
		int g = tf_g(&t, 1, 1);
		cr_assert_gt(t.b->units[g].wounded, 0, "the Ogres are wounded");
		cr_expect_eq(bs1e_sc(t.b)->ux[g].wound_noregen, fire);
		tf_close(&t);
	}
}

/* ---- a unit's breath (RULING .. R-609) ------------------- */

/* The breaths each side's units give (the `breathe` callback). */
static struct bs_breath_order unit_breaths[2][4];
static int nunit_breaths[2];

static int tf_breathe(void *ctx, const struct bs_battle *b, int side,
		      struct bs_breath_order *out, int max)
{
	(void)ctx;
	(void)b;
	int n = nunit_breaths[side] < max ? nunit_breaths[side] : max;
	memcpy(out, unit_breaths[side], (size_t)n * sizeof *out);
	return n;
}

/* South: Hounds, `type` unit of 4 figures of two 7 HD fire hounds (the
 * scenario's own creature, a 9" x 3" cone of fire, 3 a day), front (40,
 * 58.5) facing north, commander C0 (or none: `cmd`); North: Orcs (12
 * figures, 6 files, front (40, 60) facing south). */
static void open_hounds(struct tf *t, const char *type, int figures, int cmd)
{
	char *yaml = malloc(8192);
	cr_assert_not_null(yaml);
	snprintf(
	    yaml, 8192,
	    "name: Hounds\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "catalog:\n  creatures:\n"
	    "    - {name: fire hound, hd: 7, ac: 4, mv: 12, size: M, "
	    "attacks: d10, breath: fire hound breath}\n"
	    "  spells:\n"
	    "    - {name: fire hound breath, kind: breath, category: "
	    "artillery, effect: damage, element: fire, range: self, "
	    "duration: instantaneous, area: {shape: cone, length: 9, "
	    "diameter: 3}, save: {vs: breath, effect: half}, damage: hp, "
	    "per_day: 3}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Hounds, type: %s, figures: %d, ratio: 2, "
	    "creature: fire hound, frontage: 4, position: [40, 58.5]%s}\n"
	    "    individuals:\n"
	    "      - {name: C0, class: fighter, level: 3, hp: 20, abilities: "
	    "{cha: 14}, rank: unit}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 12, creature: orc, weapons: "
	    "[spear], frontage: 6, position: [40, 60], commander: Boss}\n"
	    "    individuals:\n"
	    "      - {name: Boss, race: orc, hp: 8, rank: unit}\n",
	    type, figures, cmd ? ", commander: C0" : "");
	tf_open(t, yaml);
	free(yaml);
	t->ctl.breathe = tf_breathe;
	nunit_breaths[0] = nunit_breaths[1] = 0;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

static void hounds_breathe(struct tf *t, int n)
{
	nunit_breaths[0] = n;
	for (int i = 0; i < n; i++)
		unit_breaths[0][i] = (struct bs_breath_order){
		    0,	 tf_spell(t, "fire hound breath"), 1, 0, -1, 0, 0, 0,
		    NULL};
}

/* [13.7] [14.5 A] RULING: a unit of fire hounds breathes
 * one cone from the centre of its front; each creature struck takes one
 * hound's breath, the mean hit points of 7 HD (7 x 4 1/2 = 31 1/2, 32
 * hp), 32 / 4 = 8 HD per creature: an orc figure (1 HD) wholly in the
 * cone is removed, saved or not [14.5 B], one partly in it wounded
 * (RULING R-576); one use of three spent (RULING R-642). */
Test(r13_breath, s13_7_ruling_r607_a_units_breath_one_creatures_mean_hp)
{
	struct tf t;
	open_hounds(&t, "regular", 4, 1);
	cr_assert_not_null(bs1e_unit_breath_of(t.b, 0, 0));
	cr_assert_null(bs1e_unit_breath_of(t.b, 1, 0), "orcs do not");
	cr_assert_eq(bs1e_unit_breaths_left(t.b, 0, 0), 3);
	int orcs = tf_unit(&t, 1, 0)->figures;
	hounds_breathe(&t, 1);
	bs1e_unit_breaths(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->unit, 0, "the unit breathes (R-645)");
	cr_assert_eq(c->indiv, -1);
	cr_assert_eq(c->n[2], 32, "7 HD x 4 1/2 = 32 hp (R-607)");
	cr_assert_eq(c->n[8], 80, "32 hp / 4 = 8 HD per creature");
	cr_assert_eq(c->n[5], BS_AREA_CONE);
	cr_assert_eq(c->n[6], 300, "9\" of AD&D = 3\" [14.2]");
	cr_assert_eq(c->n[10], 2, "two breaths left");
	/* from the centre of its front */
	cr_assert_float_eq(c->x0, 40, 1e-9);
	cr_assert_float_eq(c->y0, 58.5, 1e-9);
	const struct bs_event *u = tf_cast_ev(&t, 1, 0);
	cr_assert_not_null(u, "the Orcs are in the cone");
	cr_assert_gt(u->n[1], 0);
	cr_assert_eq(u->n[2], 80, "8 HD per creature");
	/* [14.5 B] 8 HD against 1 HD orcs: a figure wholly in the cone is
	 * removed, saved or not; one partly in it wounded (RULING R-576) */
	cr_assert_eq(u->n[7], u->n[10], "the whole figures removed");
	cr_assert_eq(u->n[8], u->n[1] - u->n[10], "the others wounded");
	cr_assert_eq(u->n[5], 0, "no save decides");
	cr_assert_eq(tf_unit(&t, 1, 0)->figures,
		     orcs - u->n[7] - (u->n[8] > 1 ? u->n[8] / 2 : 0),
		     "removed, and each two wounds a figure [8.7]");
	cr_assert_eq(bs1e_unit_breaths_left(t.b, 0, 0), 2);
	tf_close(&t);
}

/* [14.1] one AD&D melee round a Game Round: a second breath of the unit
 * in the round is REJECTED, nothing spent; RULING R-642: with no breath
 * left, REJECTED. */
Test(r13_breath, s14_1_ruling_r642_a_unit_breathes_once_a_round)
{
	struct tf t;
	open_hounds(&t, "regular", 4, 1);
	hounds_breathe(&t, 2);
	bs1e_unit_breaths(t.b, 0);
	cr_assert_not_null(tf_cast_ev(&t, 0, 0));
	cr_assert_null(tf_cast_ev(&t, 0, 1), "one breath");
	cr_assert_not_null(tf_rejected(&t));
	cr_assert(strstr(tf_rejected(&t), "this Game Round"), "%s",
		  tf_rejected(&t));
	cr_assert_eq(bs1e_unit_breaths_left(t.b, 0, 0), 2);
	bs1e_sc(t.b)->ux[tf_g(&t, 0, 0)].breaths = 0;
	bs1e_sc(t.b)->ux[tf_g(&t, 0, 0)].breathed = 0;
	struct bs1e_cast_plan p;
	cr_assert_not(bs1e_check_unit_breath(t.b, 0, &unit_breaths[0][0], &p));
	cr_assert(strstr(p.why, "R-642"), "%s", p.why);
	tf_close(&t);
}

/* [14.1] "A regular unit that is out of command can use magic if and
 * only if it passes a special Morale Check in order to do so" (RULING
 * the check is rolled when it would breathe; "A skirmish unit can
 * use whatever magic it possesses": none rolled. */
Test(r13_breath, s14_1_ruling_r609_out_of_command_a_special_morale_check)
{
	struct tf t;
	open_hounds(&t, "regular", 4, 1);
	tf_unit(&t, 0, 0)->flags |= BS_UF_OUT_OF_COMMAND;
	hounds_breathe(&t, 1);
	bs1e_unit_breaths(t.b, 0);
	const struct bs_event *m = tf_find(&t, BS_EV_MORALE, 0);
	cr_assert_not_null(m, "the special Morale Check");
	cr_assert_eq(m->side, 0);
	cr_assert_eq(m->unit, 0);
	int passed = tf_cast_ev(&t, 0, 0) != NULL;
	cr_assert_eq(bs1e_unit_breaths_left(t.b, 0, 0), passed ? 2 : 3,
		     "spent only when it breathes");
	cr_assert_eq(bs1e_sc(t.b)->ux[tf_g(&t, 0, 0)].breathed, t.b->round);
	tf_close(&t);

	open_hounds(&t, "skirmish", 4, 0);
	tf_unit(&t, 0, 0)->flags |= BS_UF_OUT_OF_COMMAND;
	hounds_breathe(&t, 1);
	bs1e_unit_breaths(t.b, 0);
	/* the Orcs' check after their losses only */
	for (int i = 0; tf_find(&t, BS_EV_MORALE, i); i++)
		cr_assert_eq(tf_find(&t, BS_EV_MORALE, i)->side, 1,
			     "skirmishers freely");
	cr_assert_not_null(tf_cast_ev(&t, 0, 0));
	tf_close(&t);
}

/* [14.1] "A mob cannot use magic, except for innate spell-like abilities.
 * It must be successfully Ordered to use such abilities": [2.10] has no
 * such order (RULING R-609): a mob's breath is REJECTED, nothing spent;
 * a unit without the breath weapon (RULING R-645) too. */
Test(r13_breath, s14_1_ruling_r609_a_mob_does_not_breathe)
{
	struct tf t;
	open_hounds(&t, "mob", 12, 0);
	hounds_breathe(&t, 1);
	bs1e_unit_breaths(t.b, 0);
	cr_assert_null(tf_cast_ev(&t, 0, 0));
	cr_assert_not_null(tf_rejected(&t));
	cr_assert(strstr(tf_rejected(&t), "R-609"), "%s", tf_rejected(&t));
	cr_assert_eq(bs1e_unit_breaths_left(t.b, 0, 0), 3);
	/* the Orcs have no breath weapon */
	struct bs_breath_order o = {
	    0, tf_spell(&t, "fire hound breath"), 0, 0, -1, 0, 0, 0, NULL};
	struct bs1e_cast_plan p;
	cr_assert_not(bs1e_check_unit_breath(t.b, 1, &o, &p));
	cr_assert(strstr(p.why, "R-645"), "%s", p.why);
	tf_close(&t);
}

/* [14.1] "A figure that represents more than one individual can only use
 * magic if all of the creatures represented by that figure are capable":
 * RULING R-645: a unit of fire hounds and orcs (a mixed unit) does not
 * breathe. */
Test(r13_breath, s14_1_ruling_r645_a_figure_of_several_kinds_does_not)
{
	struct tf t;
	open_hounds(&t, "regular", 4, 1);
	struct bs_unit *d = (struct bs_unit *)t.b->units[tf_g(&t, 0, 0)].def;
	cr_assert_not_null(bs1e_unit_breath(t.b, tf_g(&t, 0, 0)));
	d->nmix = 2; /* as a mixed unit's definition */
	cr_assert_null(bs1e_unit_breath(t.b, tf_g(&t, 0, 0)));
	d->nmix = 0;
	tf_close(&t);
}

/* RULING: the doctrine AI breathes a unit's breath at the
 * enemy unit that loses the most HD expected, never on its own figures. */
Test(r13_breath, s13_7_ruling_r644_the_doctrine_breathes_a_units_breath)
{
	struct tf t;
	open_hounds(&t, "regular", 4, 1);
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	cr_assert_not_null(ai->ctl.breathe);
	struct bs_breath_order o[4];
	int n = ai->ctl.breathe(ai->ctl.ctx, t.b, 0, o, 4);
	cr_assert_eq(n, 1);
	cr_assert_eq(o[0].unit, 0);
	cr_assert_eq(o[0].tside, 1);
	cr_assert_eq(o[0].tunit, 0);
	cr_assert_not_null(o[0].why);
	cr_assert(strstr(o[0].why, "R-645"), "%s", o[0].why);
	cr_assert_eq(ai->ctl.breathe(ai->ctl.ctx, t.b, 1, o, 4), 0,
		     "orcs do not");
	/* spent: no more */
	bs1e_sc(t.b)->ux[tf_g(&t, 0, 0)].breaths = 0;
	cr_assert_eq(ai->ctl.breathe(ai->ctl.ctx, t.b, 0, o, 4), 0);
	free(ai);
	tf_close(&t);
}

/* [14.8] invisible figures "cannot be attacked unless they are detected
 * by enemy forces" (RULING ): the Hounds' breath at the Orcs
 * is legal while they are seen, REJECTED with the rule while they are
 * invisible and not found (an invisibility effect of the battle's list),
 * and the doctrine does not breathe at them. */
Test(r13_breath, s14_8_r347_a_units_breath_at_an_unfound_invisible_unit)
{
	struct tf t;
	open_hounds(&t, "regular", 4, 1);
	hounds_breathe(&t, 1);
	struct bs1e_cast_plan p;
	cr_assert(bs1e_check_unit_breath(t.b, 0, &unit_breaths[0][0], &p), "%s",
		  p.why);
	int o = tf_g(&t, 1, 0);
	struct bs1e_effect *e = bs1e_fx_new(t.b);
	cr_assert_not_null(e);
	e->kind = BS_SPFX_INVISIBLE;
	e->sp = tf_spell(&t, "mass invisibility");
	e->g = o;
	e->figs = t.b->units[o].figures;
	e->left = -1;
	e->round = t.b->round;
	cr_assert(bs1e_fx_unit_unseen(t.b, o));
	cr_expect(!bs1e_check_unit_breath(t.b, 0, &unit_breaths[0][0], &p));
	cr_expect_str_eq(p.cite, "[14.8] RULING R-343");
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_breath_order b[4];
	int n = ai->ctl.breathe(ai->ctl.ctx, t.b, 0, b, 4);
	for (int i = 0; i < n; i++)
		cr_expect(!(b[i].tside == 1 && b[i].tunit == 0),
			  "the doctrine does not breathe at them");
	free(ai);
	tf_close(&t);
}
