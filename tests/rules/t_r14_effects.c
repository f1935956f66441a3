/* Issue 16: spell effects with durations (src/bs1e/r14_effects.c): the list
 * counted down by Game Round with the expiry in the log (RULING R-620),
 * [14.6 B] holds (whole figures by the ratio R-621, no move R-622, no
 * attack R-623, persons R-624), [14.9] fear and the
 * doctrine's holds. */
#include "battlesim/ai.h"
#include "battlesim/bs1e_magic.h"
#include "bs1e_fixture.h"

/* South: the magic-user Zan (individual 0, 10th level) at (zx, zy) with
 * `spells`; North: Men (6 figures of two men-at-arms, front (40, 60)
 * facing south, commander Boss), Ogres (8 figures of ten ogres, front
 * (56, 66)), and Boss (an orc, individual 0) and Hob (an orc standing
 * alone at (30, 50), individual 1). */
static void open_fx(struct tf *t, double zx, double zy, const char *spells)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	snprintf(
	    y, 8192,
	    "name: Effects\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [10, 20]}\n"
	    "    individuals:\n"
	    "      - {name: Zan, class: magic-user, level: 10, hp: 30, "
	    "position: [%g, %g], spells: [%s]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Men, figures: 6, creature: man-at-arms, ratio: 2, "
	    "weapons: [spear], frontage: 6, position: [40, 60], commander: "
	    "Boss}\n"
	    "      - {name: Ogres, figures: 8, creature: ogre, ratio: 10, "
	    "weapons: [club], frontage: 4, position: [56, 66]}\n"
	    "    individuals:\n"
	    "      - {name: Boss, race: orc, hp: 8, rank: unit}\n"
	    "      - {name: Hob, race: orc, hp: 7, position: [30, 50]}\n",
	    zx, zy, spells);
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

static struct bs_cast_order zan(struct tf *t, const char *sp, int tunit,
				int tindiv)
{
	const struct bs_spell *s = bs_scenario_spell(t->sc, sp, -1);
	cr_assert_not_null(s, "%s", sp);
	return (struct bs_cast_order){0, s, 1, tunit, tindiv, 0, 0, 0, NULL};
}

static void cast_one(struct tf *t, struct bs_cast_order o)
{
	t->cast[0][0] = o;
	t->ncast[0] = 1;
	bs1e_casts(t->b, 0);
}

/* [14.6 B] "first make any saving throw to which the figure is entitled.
 * If the saving throw fails, place an Immobilized marker on the figure
 * and write down the nature and duration of the effect": hold person
 * (1-4 persons) at figures of two men: 4 creatures, 2 figures (RULING
 * R-621), each saves; 1 fails and is held for 10 Game Rounds (1/level,
 * RULING R-620): the 10th End of Game Round ends it, in the log. */
Test(r14_effects, s14_6_b_hold_person_holds_figures_for_its_duration_r620)
{
	struct tf t;
	open_fx(&t, 40, 54, "hold person");
	/* d4 = 4 creatures, then a d20 for each of the 2 figures */
	static const int dice[] = {4, 2, 19};
	tf_dice(&t, dice, 3);
	cast_one(&t, zan(&t, "hold person", 0, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[2], 4, "creatures rolled");
	cr_assert_eq(e->n[3], 2, "figures struck");
	cr_assert_eq(e->n[5], 2, "saves");
	cr_assert_eq(e->n[6], 1, "saved");
	cr_assert_eq(e->n[7], 1, "held");
	cr_assert_eq(e->n[8], 10, "rounds");
	cr_assert_eq(e->n[9], BS1E_MARKER_IMMOBILIZED);
	int g = tf_g(&t, 1, 0);
	cr_assert_eq(bs1e_fx_held(t.b, g), 1);
	cr_assert_eq(bs1e_fx_active(t.b, g, 6), 5);
	cr_assert_eq(bs1e_fx_active(t.b, g, 1), 0);
	t.nev = 0;
	for (int r = 0; r < 9; r++)
		bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_held(t.b, g), 1, "9 rounds: still held");
	cr_assert_null(tf_cast_ev(&t, 4, 0));
	bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_held(t.b, g), 0, "the 10th: free");
	e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1);
	cr_assert_eq(e->n[9], BS1E_MARKER_IMMOBILIZED);
	tf_close(&t);
}

/* RULING R-621: fewer creatures than a figure holds hold no figure:
 * hold monster's 4 creatures at figures of ten ogres. RULING R-624: hold
 * person at ogres (size L) has no effect. Both spent. */
Test(r14_effects, s14_6_b_whole_figures_by_the_ratio_and_persons_r621_r624)
{
	struct tf t;
	open_fx(&t, 56, 62, "hold monster, hold person");
	static const int dice[] = {4};
	tf_dice(&t, dice, 1);
	cast_one(&t, zan(&t, "hold monster", 1, -1));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[2], 4);
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "R-621"), "%s", e->why);
	cr_assert_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 1)), 0);
	t.b->indivs[0].flags = 0;
	t.nev = 0;
	cast_one(&t, zan(&t, "hold person", 1, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert(strstr(e->why, "R-624"), "%s", e->why);
	cr_assert_eq(bs1e_spells_left(t.b, 0, 0, NULL), 0, "both spent");
	tf_close(&t);
}

/* [14.6 B] an individual held: his own save; held, he does not move
 * (RULING R-623). */
Test(r14_effects, s14_6_b_a_held_individual_r623)
{
	struct tf t;
	open_fx(&t, 30, 44, "hold person");
	static const int dice[] = {1};
	tf_dice(&t, dice, 1);
	cast_one(&t, zan(&t, "hold person", -1, 1));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1);
	int k = t.b->indiv_first[1] + 1;
	cr_assert(bs1e_fx_indiv_held(t.b, k));
	/* his move is REJECTED; he stays where he is */
	struct bs_vec at = t.b->indivs[k].pos;
	t.indiv[1][1] = (struct bs_indiv_order){.move = 1,
						.x = at.x + 3,
						.y = at.y,
						.tside = -1,
						.tunit = -1,
						.tindiv = -1};
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_indivs_move(t.b, 1);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert(strstr(tf_rejected(&t), "R-623"), "%s", tf_rejected(&t));
	cr_assert_float_eq(t.b->indivs[k].pos.x, at.x, 1e-9);
	tf_close(&t);
}

/* [14.6 B] RULING R-623: the doctrine proposes no move for a held
 * individual of its side (the engine would reject it). */
Test(r14_effects, s14_6_b_the_doctrine_moves_no_held_individual_r623)
{
	struct tf t;
	open_fx(&t, 30, 44, "hold person");
	static const int dice[] = {1};
	tf_dice(&t, dice, 1);
	cast_one(&t, zan(&t, "hold person", -1, 1));
	int k = t.b->indiv_first[1] + 1;
	cr_assert(bs1e_fx_indiv_held(t.b, k));
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_indiv_order io;
	memset(&io, 0, sizeof io);
	ai->ctl.move_indiv(ai->ctl.ctx, t.b, 1, 1, &io);
	free(ai);
	cr_assert_eq(io.move, 0);
	cr_assert(strstr(io.why, "held") && strstr(io.why, "R-623"), "%s",
		  io.why);
	tf_close(&t);
}

/* RULING R-622: a unit with a held figure may not move. */
Test(r14_effects, s14_6_b_a_unit_with_held_figures_does_not_move_r622)
{
	struct tf t;
	open_fx(&t, 40, 54, "hold person");
	static const int dice[] = {2, 1};
	tf_dice(&t, dice, 2);
	cast_one(&t, zan(&t, "hold person", 0, -1));
	int g = tf_g(&t, 1, 0);
	cr_assert_eq(bs1e_fx_held(t.b, g), 1);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_order o = tf_advance(2, 0);
	struct bs_tt_outcome m;
	cr_assert(!bs_tt_check_order(t.b, 1, 0, &o, &m));
	cr_assert(strstr(m.why, "R-622"), "%s", m.why);
	tf_close(&t);
}

/* [14.9] "If the saving throw fails, the unit either routs or is
 * stunned": fear (a cone from the caster) at the Men; every figure in it
 * fails: the unit routs (RULING R-625). With every save made it stands. */
Test(r14_effects, s14_9_fear_routs_the_unit_of_a_figure_that_fails_r625)
{
	struct tf t;
	open_fx(&t, 40, 58.5, "fear");
	static const int fail[] = {1, 1, 1, 1, 1, 1, 1, 1};
	tf_dice(&t, fail, 8);
	cast_one(&t, zan(&t, "fear", 0, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_gt(e->n[3], 0, "figures in the cone");
	cr_assert_eq(e->n[7], e->n[3], "all failed");
	cr_assert(tf_unit(&t, 1, 0)->flags & BS_UF_ROUTED);
	tf_close(&t);
	open_fx(&t, 40, 58.5, "fear");
	static const int save[] = {20, 20, 20, 20, 20, 20, 20, 20};
	tf_dice(&t, save, 8);
	cast_one(&t, zan(&t, "fear", 0, -1));
	e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 0);
	cr_assert(!(tf_unit(&t, 1, 0)->flags & BS_UF_ROUTED));
	tf_close(&t);
}

/* [14.9] RULING R-676: fear at the orc Hob standing alone: he saves for
 * himself (a 2 fails), then flees straight away from the caster at his
 * full move whatever his controller asks, and shoots nothing. */
Test(r14_effects, s14_9_fear_on_a_lone_individual_r676)
{
	struct tf t;
	open_fx(&t, 30, 48.5, "fear, fear");
	static const int dice[] = {2};
	tf_dice(&t, dice, 1);
	cast_one(&t, zan(&t, "fear", -1, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[5], 1, "his own save");
	cr_assert_eq(e->n[7], 1, "he failed");
	cr_assert_gt(e->n[8], 0, "the duration");
	cr_assert(strstr(e->why, "R-676"), "%s", e->why);
	int k = t.b->indiv_first[1] + 1;
	cr_assert(bs1e_fx_indiv_afraid(t.b, k, NULL));
	struct bs_vec at = t.b->indivs[k].pos;
	/* his controller would go toward the caster */
	t.indiv[1][1] = (struct bs_indiv_order){.move = 1,
						.x = at.x,
						.y = at.y - 3,
						.tside = -1,
						.tunit = -1,
						.tindiv = -1};
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_indivs_move(t.b, 1);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	double mv = t.b->indivs[k].mv;
	cr_assert_float_eq(t.b->indivs[k].pos.x, at.x, 1e-6);
	cr_assert_float_eq(t.b->indivs[k].pos.y, at.y + mv, 1e-6,
			   "away from Zan at (30, 48.5), his full %g\"", mv);
	struct bs_indiv_fire_order fo = {.indiv = 1};
	struct bs1e_indiv_shot sh;
	cr_assert(
	    !bs1e_check_indiv_fire_at(t.b, 1, &fo, BS_FIRE_PHASE, NULL, &sh));
	cr_assert(strstr(sh.why, "R-676"), "%s", sh.why);
	tf_close(&t);
}

/* RULING R-676: a 20 saves: he acts as he likes. */
Test(r14_effects, s14_9_a_lone_individual_saves_against_fear_r676)
{
	struct tf t;
	open_fx(&t, 30, 48.5, "fear");
	static const int dice[] = {20};
	tf_dice(&t, dice, 1);
	cast_one(&t, zan(&t, "fear", -1, 1));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[6], 1, "saved");
	cr_assert_eq(e->n[7], 0);
	cr_assert(!bs1e_fx_indiv_afraid(t.b, t.b->indiv_first[1] + 1, NULL));
	tf_close(&t);
}

/* RULING R-627: the doctrine holds the enemy figures it can, its reason
 * in the log; never at the figures of ten. */
Test(r14_effects, s14_6_the_doctrine_casts_a_hold_r627)
{
	struct tf t;
	open_fx(&t, 40, 54, "hold person");
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_cast_order o[4];
	int n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 4);
	cr_assert_eq(n, 1);
	cr_assert_eq(o[0].tunit, 0, "the men, 1:1");
	cr_assert(strstr(o[0].why, "R-627"), "%s", o[0].why);
	free(ai);
	tf_close(&t);
}

/* [14.6 B] RULING R-623: held figures do not fight. The Men (6 figures
 * of 2 men-at-arms) meet the Guards front to front: 6 of them fight
 * [8.1]; one figure held by hold person, 5. */
Test(r14_effects, s14_6_b_held_figures_do_not_fight_in_melee_r623)
{
	struct tf t;
	open_fx(&t, 40, 54, "hold person");
	static const int dice[] = {4, 2, 19};
	tf_dice(&t, dice, 3);
	int g = tf_g(&t, 1, 0), h = tf_g(&t, 0, 0);
	struct bs_unit_state *men = tf_unit(&t, 1, 0), *gu = tf_unit(&t, 0, 0);
	/* the Guards' front on the Men's, facing them */
	gu->front = men->front;
	gu->facing = men->facing >= 180 ? men->facing - 180 : men->facing + 180;
	struct bs_tt_contact c;
	cr_assert(bs1e_contact(t.b, g, h, &c), "the two fronts touch");
	int before = bs1e_melee_eligible(t.b, g, h);
	cr_assert_eq(before, 6, "6 figures of the Men fight before the hold");
	/* the hold, cast with the Guards away (the Men in sight of Zan) */
	struct bs_vec keep = gu->front;
	gu->front = (struct bs_vec){10, 20};
	cast_one(&t, zan(&t, "hold person", 0, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_eq(bs1e_fx_held(t.b, g), 1, "one figure held");
	gu->front = keep;
	cr_assert(bs1e_contact(t.b, g, h, &c));
	cr_assert_eq(bs1e_melee_eligible(t.b, g, h), before - 1,
		     "the held figure does not fight (RULING R-623)");
	tf_close(&t);
}

/* [14.6 B] sleep (the PH: 4d4 creatures of up to 1 HD in a 3" circle, no
 * saving throw, 5 rounds a level): at the Men (men-at-arms of 1 HD, two a
 * figure) 4d4 = 4 creatures: 2 whole figures asleep (RULING R-628), the
 * Immobilized marker, 50 Game Rounds (R-620); the unit does not move
 * (R-622) and its sleeping figures do not fight (R-623). */
Test(r14_effects,
     s14_6_b_sleep_puts_whole_figures_to_sleep_by_the_hd_table_r628)
{
	struct tf t;
	open_fx(&t, 40, 54, "sleep");
	static const int dice[] = {1, 1, 1, 1};
	tf_dice(&t, dice, 4);
	cast_one(&t, zan(&t, "sleep", 0, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[1], BS_SPFX_SLEEP);
	cr_assert_eq(e->n[2], 4, "creatures rolled");
	cr_assert_geq(e->n[3], 2, "figures in the area");
	cr_assert_eq(e->n[5], 0, "no saving throw");
	cr_assert_eq(e->n[7], 2, "two figures of two men asleep");
	cr_assert_eq(e->n[8], 50, "5 rounds a level");
	cr_assert_eq(e->n[9], BS1E_MARKER_IMMOBILIZED);
	int g = tf_g(&t, 1, 0);
	cr_assert_eq(bs1e_fx_held(t.b, g), 2);
	cr_assert_eq(bs1e_fx_active(t.b, g, 6), 4);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_order o = tf_advance(2, 0);
	struct bs_tt_outcome m;
	cr_assert(!bs_tt_check_order(t.b, 1, 0, &o, &m));
	cr_assert(strstr(m.why, "R-622"), "%s", m.why);
	tf_close(&t);
	/* 4d4 = 16: no more figures than those the area touches */
	open_fx(&t, 40, 54, "sleep");
	static const int many[] = {4, 4, 4, 4};
	tf_dice(&t, many, 4);
	cast_one(&t, zan(&t, "sleep", 0, -1));
	e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[2], 16);
	cr_assert_gt(e->n[7], 0);
	cr_assert_leq(e->n[7], e->n[3], "only figures in the area");
	cr_assert_lt(e->n[7], 6, "not the figures outside the circle");
	tf_close(&t);
}

/* RULING R-628: ogres (4+1 HD) are the table's last row, 0-1 creature: one
 * ogre of a figure of ten puts no figure to sleep. */
Test(r14_effects, s14_6_b_sleep_on_ogres_of_4_plus_1_hd_r628)
{
	struct tf t;
	open_fx(&t, 56, 62, "sleep");
	static const int dice[] = {2};
	tf_dice(&t, dice, 1);
	cast_one(&t, zan(&t, "sleep", 1, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[2], 1, "d2 - 1 = 1 ogre");
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "R-628"), "%s", e->why);
	cr_assert_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 1)), 0);
	cr_assert_eq(bs1e_spells_left(t.b, 0, 0, NULL), 0, "spent");
	tf_close(&t);
}

/* [14.6 B] "A sleep spell can be broken if a friendly figure moves into
 * base-to-base contact with an affected figure and remains for one full
 * Game Round. On the next Game Round, the sleeping creatures awake."
 * RULING R-629: in closed formation the unit's own awake figures are in
 * contact: the End of the cast's Game Round and the next one, then awake.
 * In skirmish formation no friend touches them: they sleep on. */
Test(r14_effects, s14_6_b_sleep_broken_by_a_friend_in_contact_r629)
{
	struct tf t;
	open_fx(&t, 40, 54, "sleep");
	static const int dice[] = {1, 1, 1, 1};
	tf_dice(&t, dice, 4);
	cast_one(&t, zan(&t, "sleep", 0, -1));
	int g = tf_g(&t, 1, 0);
	cr_assert_eq(bs1e_fx_held(t.b, g), 2);
	t.nev = 0;
	bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_held(t.b, g), 2, "contact, not a full round");
	bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_held(t.b, g), 0, "a full round: awake");
	const struct bs_event *e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 2);
	cr_assert(e->why && strstr(e->why, "R-629"), "%s", e->why);
	tf_close(&t);
	/* skirmish formation: no figure touches another */
	open_fx(&t, 40, 54, "sleep");
	tf_dice(&t, dice, 4);
	cast_one(&t, zan(&t, "sleep", 0, -1));
	tf_unit(&t, 1, 0)->formation = BS_FORM_SKIRMISH;
	bs1e_moved(t.b, g);
	for (int r = 0; r < 5; r++)
		bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_held(t.b, g), 2, "asleep without a friend");
	tf_close(&t);
}

/* RULING R-675: an individual in a sleep's area is one creature of his
 * hit dice: the orc Hob (1 HD) alone in it sleeps (4d4 rolled), he does
 * not move, and a blow wakes him. */
Test(r14_effects, s14_6_b_sleep_on_a_lone_individual_r675)
{
	struct tf t;
	open_fx(&t, 30, 44, "sleep");
	static const int dice[] = {1, 1, 1, 1};
	tf_dice(&t, dice, 4);
	cast_one(&t, zan(&t, "sleep", -1, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[2], 4, "4d4 rolled");
	cr_assert_eq(e->n[7], 1, "asleep");
	cr_assert_eq(e->n[8], 50, "5 rounds a level");
	cr_assert_eq(e->n[9], BS1E_MARKER_IMMOBILIZED);
	cr_assert(strstr(e->why, "R-675"), "%s", e->why);
	int k = t.b->indiv_first[1] + 1;
	cr_assert(bs1e_fx_indiv_held(t.b, k));
	struct bs_vec at = t.b->indivs[k].pos;
	t.indiv[1][1] = (struct bs_indiv_order){.move = 1,
						.x = at.x + 3,
						.y = at.y,
						.tside = -1,
						.tunit = -1,
						.tindiv = -1};
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_indivs_move(t.b, 1);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert_float_eq(t.b->indivs[k].pos.x, at.x, 1e-9);
	/* attacked: he wakes at once */
	t.nev = 0;
	bs1e_fx_wake(t.b, k);
	cr_assert(!bs1e_fx_indiv_held(t.b, k), "woken");
	e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e);
	cr_assert(strstr(e->why, "attacked"), "%s", e->why);
	tf_close(&t);
}

/* RULING R-675: a hold is not a sleep: a blow does not end it. */
Test(r14_effects, s14_6_b_a_blow_does_not_end_a_hold_r675)
{
	struct tf t;
	open_fx(&t, 30, 44, "hold person");
	static const int dice[] = {1};
	tf_dice(&t, dice, 1);
	cast_one(&t, zan(&t, "hold person", -1, 1));
	int k = t.b->indiv_first[1] + 1;
	cr_assert(bs1e_fx_indiv_held(t.b, k));
	bs1e_fx_wake(t.b, k);
	cr_assert(bs1e_fx_indiv_held(t.b, k), "still held");
	tf_close(&t);
}

/* North: Men (6 figures of five men-at-arms, 1 HD, front (40, 60) facing
 * south) and the lone individuals `indivs` (YAML flow entries). */
static void open_lone(struct tf *t, double zx, double zy, const char *spells,
		      const char *indivs)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	snprintf(
	    y, 8192,
	    "name: Lone\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [10, 20]}\n"
	    "    individuals:\n"
	    "      - {name: Zan, class: magic-user, level: 10, hp: 30, "
	    "position: [%g, %g], spells: [%s]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Men, figures: 6, creature: man-at-arms, ratio: 5, "
	    "weapons: [spear], frontage: 6, position: [40, 60]}\n"
	    "    individuals:\n%s",
	    zx, zy, spells, indivs);
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* The step-3 CAST event on North's individual i, or NULL. */
static const struct bs_event *on_indiv(struct tf *t, int i)
{
	for (int n = 0;; n++) {
		const struct bs_event *e = tf_cast_ev(t, 3, n);
		if (!e || (e->tindiv == i && e->tside == 1))
			return e;
	}
}

/* The step-3 CAST event on North's unit u, or NULL. */
static const struct bs_event *on_unit(struct tf *t, int u)
{
	for (int n = 0;; n++) {
		const struct bs_event *e = tf_cast_ev(t, 3, n);
		if (!e || (e->tunit == u && e->tside == 1))
			return e;
	}
}

/* RULING R-675: the sleep takes the fewest hit dice first: the kobold Kob
 * (1/2 HD) in front of the Men (1 HD, five a figure) sleeps first; the 4
 * creatures left of the 5 rolled make no figure of five. */
Test(r14_effects, s14_6_b_sleep_takes_the_fewest_hit_dice_first_r675)
{
	struct tf t;
	open_lone(&t, 40, 56, "sleep",
		  "      - {name: Kob, race: kobold, hp: 3, position: [40, "
		  "59.7]}\n");
	static const int dice[] = {2, 1, 1, 1};
	tf_dice(&t, dice, 4);
	/* aimed between them: both in the 1" circle */
	struct bs_cast_order o = zan(&t, "sleep", -1, 0);
	o.aim = 1;
	o.x = 40;
	o.y = 59.9;
	cast_one(&t, o);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *ek = on_indiv(&t, 0), *em = on_unit(&t, 0);
	cr_assert_not_null(ek);
	cr_assert_not_null(em, "the Men's figures are in the area");
	cr_assert_lt(ek - &t.evs[0].ev, em - &t.evs[0].ev, "Kob first");
	cr_assert_eq(ek->n[7], 1, "Kob asleep");
	cr_assert_eq(em->n[7], 0, "4 men left: no figure of five");
	cr_assert(bs1e_fx_indiv_held(t.b, t.b->indiv_first[1]));
	tf_close(&t);
}

/* RULING R-675: a character's hit dice by his class and level: a 4th
 * level fighter (4 HD, the PH's "3+ to 4": 1 creature, no dice) sleeps;
 * a 5th level fighter is above 4+4 and does not. */
Test(r14_effects, s14_6_b_sleep_by_class_and_level_r675)
{
	struct tf t;
	open_lone(&t, 20, 44, "sleep, sleep",
		  "      - {name: Kor, class: fighter, level: 4, hp: 20, "
		  "position: [20, 50]}\n"
		  "      - {name: Vel, class: fighter, level: 5, hp: 25, "
		  "position: [50, 40]}\n");
	cast_one(&t, zan(&t, "sleep", -1, 0));
	const struct bs_event *e = on_indiv(&t, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[2], 1, "one creature of 3+ to 4 HD");
	cr_assert_eq(e->n[7], 1, "Kor asleep");
	t.b->indivs[0].flags = 0;
	t.nev = 0;
	t.b->indivs[0].pos = (struct bs_vec){50, 34};
	cast_one(&t, zan(&t, "sleep", -1, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	e = on_indiv(&t, 1);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 0, "Vel awake");
	cr_assert(strstr(e->why, "R-675"), "%s", e->why);
	cr_assert(!bs1e_fx_indiv_held(t.b, t.b->indiv_first[1] + 1));
	tf_close(&t);
}

/* RULING R-675: a friend in base contact with the sleeper for a
 * full Game Round wakes him: Kob asleep, the orc Pal beside him at two
 * End of Game Round Phases in a row. */
Test(r14_effects, s14_6_b_a_friend_wakes_a_sleeping_individual_r675_r629)
{
	struct tf t;
	open_lone(&t, 20, 44, "sleep",
		  "      - {name: Kob, race: kobold, hp: 3, position: [20, "
		  "50]}\n"
		  "      - {name: Pal, race: orc, hp: 6, position: [60, "
		  "80]}\n");
	static const int dice[] = {1, 1, 1, 1};
	tf_dice(&t, dice, 4);
	cast_one(&t, zan(&t, "sleep", -1, 0));
	int k = t.b->indiv_first[1], pal = k + 1;
	cr_assert(bs1e_fx_indiv_held(t.b, k));
	bs1e_fx_end_round(t.b);
	cr_assert(bs1e_fx_indiv_held(t.b, k), "no friend: asleep");
	double w = bs1e_sc(t.b)->ix[k].base;
	t.b->indivs[pal].pos =
	    (struct bs_vec){t.b->indivs[k].pos.x + w, t.b->indivs[k].pos.y};
	t.nev = 0;
	bs1e_fx_end_round(t.b);
	cr_assert(bs1e_fx_indiv_held(t.b, k), "the round Pal came");
	bs1e_fx_end_round(t.b);
	cr_assert(!bs1e_fx_indiv_held(t.b, k), "a full Game Round: awake");
	const struct bs_event *e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e);
	cr_assert(strstr(e->why, "R-675"), "%s", e->why);
	tf_close(&t);
}

/* RULING: the doctrine casts sleep at the men (1 HD, two a
 * figure), its reason in the log. */
Test(r14_effects, s14_6_b_sleep_the_doctrine_casts_it_r627_r628)
{
	struct tf t;
	open_fx(&t, 40, 54, "sleep");
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_cast_order o[4];
	int n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 4);
	cr_assert_eq(n, 1);
	cr_assert_eq(o[0].tunit, 0, "the men");
	cr_assert(strstr(o[0].why, "R-628"), "%s", o[0].why);
	free(ai);
	tf_close(&t);
}

/* ---- held, sleeping and fleeing individuals ---------------
 */

/* South: Zan (individual 0, a 10th level magic-user) at (zx, zy) with hold
 * person, sleep and fear, then `south` (more individuals) and `su` (more
 * units); North: Band (6 figures of men-at-arms, front (40, 60) facing
 * south) with no Unit Commander of its own, in command through Warlord
 * (individual 0, the Army Commander, a fighter of `wl` levels, CR 12 or
 * 13, standing alone at (36, 54)), then `north` (more individuals). */
static void open_helpless(struct tf *t, double zx, double zy, int wl,
			  const char *south, const char *su, const char *north)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	int n = snprintf(
	    y, 8192,
	    "name: Helpless\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Far S, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [4, 3]}\n%s"
	    "    individuals:\n"
	    "      - {name: Zan, class: magic-user, level: 10, hp: 30, "
	    "position: [%g, %g], spells: [hold person, sleep, fear]}\n%s"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Band, figures: 6, creature: man-at-arms, "
	    "weapons: [spear], frontage: 6, position: [40, 60]}\n"
	    "    individuals:\n"
	    "      - {name: Warlord, class: fighter, level: %d, hp: 30, "
	    "abilities: {cha: 15}, rank: army, position: [36, 54]}\n%s",
	    su ? su : "", zx, zy, south ? south : "", wl, north ? north : "");
	cr_assert(n > 0 && n < 8192, "yaml too long");
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	t->b->round = 1;
	t->b->side_a = 0;
	t->b->side_order[0] = 0;
	t->b->side_order[1] = 1;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* Kor, a 4th level fighter of AC 2 and 30 hp, North's individual 1, alone
 * at (30, 50); Ada, a 1st level fighter with a long sword (1d8, no
 * strength bonus), South's individual 1, touching him from the east. */
#define KOR                                                                    \
	"      - {name: Kor, class: fighter, level: 4, hp: 30, ac: 2, "        \
	"weapon: long sword, position: [30, 50]}\n"
#define ADA                                                                    \
	"      - {name: Ada, class: fighter, level: 1, hp: 30, ac: 10, "       \
	"weapon: long sword, position: [30.5, 50]}\n"

static void melee_phase(struct tf *t)
{
	tf_phase(t, BS_PHASE_MELEE);
	bs1e_phase_melee(t->b);
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
}

/* The n-th DUEL event of side `side`, or NULL. */
static const struct bs_event *duel_of(struct tf *t, int side, int n)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == BS_EV_DUEL &&
		    t->evs[i].ev.side == side && n-- == 0)
			return &t->evs[i].ev;
	return NULL;
}

/* [9.4 B] [14.1] RULING R-677: Ada's blows at Kor, held, hit without the
 * d20 (none is drawn): the dice are her initiative and her damage only,
 * three AD&D rounds of 5, 4 and 3 hp; he does not strike back.
 * Rolled, a 5, 4 or 3 would miss his AC 2. */
Test(r14_effects, s9_4_b_r677_blows_at_a_held_individual_hit_automatically)
{
	struct tf t;
	open_helpless(&t, 24, 50, 5, ADA, NULL, KOR);
	static const int save[] = {1};
	tf_dice(&t, save, 1);
	cast_one(&t, zan(&t, "hold person", -1, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	int kor = t.b->indiv_first[1] + 1;
	cr_assert(bs1e_fx_indiv_held(t.b, kor));
	t.nev = 0;
	static const int dice[] = {6, 5, 6, 4, 6, 3};
	tf_dice(&t, dice, 6);
	melee_phase(&t);
	cr_assert_eq(t.b->indivs[kor].hp, 30 - 5 - 4 - 3);
	for (int r = 0; r < 3; r++) {
		const struct bs_event *d = duel_of(&t, 0, r);
		cr_assert_not_null(d, "blow %d", r + 1);
		cr_assert_eq(d->n[2], 1, "a hit");
		cr_assert_eq(d->ndice, 0, "no d20");
		cr_assert_eq(d->n[7], 1, "automatic: held");
		cr_assert(strstr(d->cite, "R-677"), "%s", d->cite);
	}
	cr_assert_null(duel_of(&t, 1, 0), "the held Kor does not strike");
	cr_assert(bs1e_fx_indiv_held(t.b, kor), "a blow does not end a hold");
	tf_close(&t);
}

/* RULING: Hob, an orc of 7 hp asleep: Ada's first blow hits
 * without the d20 (2 hp), then he wakes (after the blow, in the log);
 * her next blows roll the d20 (1s: misses). */
Test(r14_effects, s9_4_b_r677_the_first_blow_at_a_sleeper_is_automatic)
{
	struct tf t;
	open_helpless(&t, 24, 50, 5, ADA, NULL,
		      "      - {name: Hob, race: orc, hp: 7, position: [30, "
		      "50]}\n");
	static const int sleep[] = {1, 1, 1, 1};
	tf_dice(&t, sleep, 4);
	cast_one(&t, zan(&t, "sleep", -1, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	int hob = t.b->indiv_first[1] + 1;
	cr_assert(bs1e_fx_indiv_held(t.b, hob), "asleep");
	t.nev = 0;
	static const int dice[] = {6, 2, 6, 1, 6, 1};
	tf_dice(&t, dice, 6);
	melee_phase(&t);
	cr_assert_eq(t.b->indivs[hob].hp, 7 - 2);
	const struct bs_event *d1 = duel_of(&t, 0, 0), *d2 = duel_of(&t, 0, 1);
	cr_assert_not_null(d1);
	cr_assert_not_null(d2);
	cr_assert_eq(d1->n[7], 2, "automatic: asleep");
	cr_assert_eq(d1->ndice, 0);
	cr_assert_eq(d1->n[3], 2);
	const struct bs_event *w = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(w, "he wakes");
	cr_assert(strstr(w->why, "R-675"), "%s", w->why);
	cr_assert_lt(d1, w, "the blow, then he wakes");
	cr_assert_lt(w, d2);
	cr_assert_eq(d2->n[7], 0, "awake: rolled");
	cr_assert_eq(d2->ndice, 1);
	cr_assert_eq(d2->dice[0], 1);
	cr_assert_eq(d2->n[2], 0, "a miss");
	cr_assert(!bs1e_fx_indiv_held(t.b, hob));
	tf_close(&t);
}

/* [9.4 A] RULING R-677: a figure of Foot attacks Kor, held, by the normal
 * BATTLESYSTEM procedure at AC 10 (his own is 2). */
Test(r14_effects, s9_4_a_r677_figures_attack_a_held_hero_at_ac_10)
{
	struct tf t;
	open_helpless(&t, 24, 50, 5, NULL,
		      "      - {name: Foot, figures: 8, creature: man-at-arms, "
		      "weapons: [long sword], position: [30.25, 50], facing: "
		      "west, frontage: 4}\n",
		      KOR);
	static const int save[] = {1};
	tf_dice(&t, save, 1);
	cast_one(&t, zan(&t, "hold person", -1, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	t.nev = 0;
	static const int dice[] = {3, 3};
	tf_dice(&t, dice, 2);
	melee_phase(&t);
	const struct bs_event *f = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(f, "Foot attacks Kor");
	cr_assert_eq(f->n[0], 1, "one figure at a size M hero");
	cr_assert_eq(f->n[1], 10, "AC 10, not his 2");
	cr_assert_eq(f->n[12], 1, "held");
	cr_assert_eq(f->n[2], f->deriv.value - 10 + 6, "AR - AC 10 + 2d6");
	cr_assert(strstr(f->cite, "R-677"), "%s", f->cite);
	tf_close(&t);
}

/* The last COMMAND event of North's unit 0, or NULL. */
static const struct bs_event *band_command(struct tf *t)
{
	const struct bs_event *e = NULL;
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == BS_EV_COMMAND &&
		    t->evs[i].ev.side == 1 && t->evs[i].ev.unit == 0)
			e = &t->evs[i].ev;
	return e;
}

/* [9.2] RULING R-678: Warlord, the Army Commander standing alone, has the
 * Band in command; held, he commands nothing (no command, no rally): the
 * Band goes out of command at once, the reason in the log; routed, his
 * rally attempt is REJECTED; when the hold ends (10 Game Rounds) it is in
 * command again. */
Test(r14_effects, s9_2_r678_a_held_commander_commands_nothing)
{
	struct tf t;
	open_helpless(&t, 28, 52, 5, NULL, NULL, NULL);
	const struct bs_unit_state *band = tf_unit(&t, 1, 0);
	cr_assert(!(band->flags & BS_UF_OUT_OF_COMMAND), "by Warlord [4.10]");
	cr_assert(bs1e_authority_now(t.b, 1, 0, 0, BS1E_ACT_COMMAND));
	static const int save[] = {1};
	tf_dice(&t, save, 1);
	t.nev = 0;
	cast_one(&t, zan(&t, "hold person", -1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert(bs1e_fx_indiv_held(t.b, t.b->indiv_first[1]));
	cr_assert(band->flags & BS_UF_OUT_OF_COMMAND, "out at once");
	cr_assert(!bs1e_authority_now(t.b, 1, 0, 0, BS1E_ACT_COMMAND));
	cr_assert(!bs1e_authority_now(t.b, 1, 0, 0, BS1E_ACT_RALLY));
	const struct bs_event *e = band_command(&t);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[0], 0);
	cr_assert(strstr(e->what, "held"), "%s", e->what);
	cr_assert_str_eq(e->cite, "[9.2] [14.6 B] RULING R-678");
	/* the next phase decides the same */
	tf_phase(&t, BS_PHASE_MELEE);
	cr_assert(band->flags & BS_UF_OUT_OF_COMMAND);
	/* routed, the Band is not rallied by him: REJECTED, the reason */
	struct bs_unit_state *bu = tf_unit(&t, 1, 0);
	bu->flags |= BS_UF_ROUTED;
	t.rally[1][t.nrally[1]++] =
	    (struct bs_rally_order){0, 0, BS_MOB_NONE, 0};
	t.nev = 0;
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert(strstr(tf_rejected(&t), "R-678"), "%s", tf_rejected(&t));
	cr_assert(bu->flags & BS_UF_ROUTED);
	bu->flags &= ~(unsigned)BS_UF_ROUTED;
	t.nev = 0;
	for (int r = 0; r < 10; r++)
		bs1e_fx_end_round(t.b);
	cr_assert(!bs1e_fx_indiv_held(t.b, t.b->indiv_first[1]));
	cr_assert(!(band->flags & BS_UF_OUT_OF_COMMAND), "in command again");
	e = band_command(&t);
	cr_assert_not_null(e, "decided again when the hold ends");
	cr_assert_eq(e->n[0], 1);
	tf_close(&t);
}

/* [9.2] [14.9] RULING R-678: Warlord flees in fear: the Band is
 * out of command while he flees. */
Test(r14_effects, s9_2_r678_a_fleeing_commander_commands_nothing)
{
	struct tf t;
	open_helpless(&t, 36, 52.5, 5, NULL, NULL, NULL);
	const struct bs_unit_state *band = tf_unit(&t, 1, 0);
	cr_assert(!(band->flags & BS_UF_OUT_OF_COMMAND));
	static const int fail[] = {2};
	tf_dice(&t, fail, 1);
	t.nev = 0;
	cast_one(&t, zan(&t, "fear", -1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert(bs1e_fx_indiv_afraid(t.b, t.b->indiv_first[1], NULL));
	cr_assert(band->flags & BS_UF_OUT_OF_COMMAND);
	const struct bs_event *e = band_command(&t);
	cr_assert_not_null(e);
	cr_assert(strstr(e->what, "flees"), "%s", e->what);
	cr_assert_str_eq(e->cite, "[9.2] [14.9] RULING R-678");
	tf_close(&t);
}

/* RULING: Warlord of the 4th level (4 HD) asleep: the Band is
 * out of command; a blow wakes him and the Band is in command at once. */
Test(r14_effects, s9_2_r678_a_sleeping_commander_woken_commands_again)
{
	struct tf t;
	open_helpless(&t, 28, 52, 4, NULL, NULL, NULL);
	const struct bs_unit_state *band = tf_unit(&t, 1, 0);
	cr_assert(!(band->flags & BS_UF_OUT_OF_COMMAND));
	cast_one(&t, zan(&t, "sleep", -1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	int wl = t.b->indiv_first[1];
	cr_assert(bs1e_fx_indiv_held(t.b, wl), "asleep");
	cr_assert(band->flags & BS_UF_OUT_OF_COMMAND);
	cr_assert(strstr(band_command(&t)->what, "asleep"));
	t.nev = 0;
	bs1e_fx_wake(t.b, wl);
	cr_assert(!(band->flags & BS_UF_OUT_OF_COMMAND), "awake: in command");
	cr_assert_eq(band_command(&t)->n[0], 1);
	tf_close(&t);
}

/* ---- [14.6 B] the other immobilizations, [14.9] fear of one creature ---- */

/* South: the caster Cas (individual 0, `caster`: his class, level and hit
 * points) at (zx, zy) with `spells`; North (all facing south, two
 * creatures to a figure: a unit is never 1:1 [2.6]): Wolves (6 figures,
 * front (20, 60)), Men (6 figures of men-at-arms, (40, 60)), Adders (4
 * figures of a 2-HD snake, flag snake, (60, 60)), Orcs (6 figures,
 * (20, 80)), Shamblers (4 figures of a 4-HD plant, flag plant, (60, 80))
 * and Hob (an orc standing alone at (40, 40), individual 0). */
static void open_kind(struct tf *t, const char *caster, double zx, double zy,
		      const char *spells)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	snprintf(
	    y, 8192,
	    "name: Kinds\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "catalog:\n  creatures:\n"
	    "    - {name: adder, hd: \"2\", ac: 6, mv: 12, size: S, "
	    "alignment: N, intelligence: animal, attacks: d4, flags: "
	    "[natural_armor, snake]}\n"
	    "    - {name: shambler, hd: \"4\", ac: 1, mv: 6, size: L, "
	    "alignment: N, intelligence: low, attacks: 2d8/2d8, flags: "
	    "[natural_armor, plant]}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [10, 20]}\n"
	    "    individuals:\n"
	    "      - {name: Cas, %s, position: [%g, %g], spells: [%s]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Wolves, figures: 6, creature: wolf, ratio: 2, "
	    "frontage: 6, position: [20, 60]}\n"
	    "      - {name: Men, figures: 6, creature: man-at-arms, ratio: 2, "
	    "weapons: [spear], frontage: 6, position: [40, 60]}\n"
	    "      - {name: Adders, figures: 4, creature: adder, ratio: 2, "
	    "frontage: 4, position: [60, 60]}\n"
	    "      - {name: Orcs, figures: 6, creature: orc, ratio: 2, "
	    "weapons: [spear], frontage: 6, position: [20, 80]}\n"
	    "      - {name: Shamblers, figures: 4, creature: shambler, "
	    "ratio: 2, frontage: 4, position: [60, 80]}\n"
	    "    individuals:\n"
	    "      - {name: Hob, race: orc, hp: 7, position: [40, 40]}\n",
	    caster, zx, zy, spells);
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

static struct bs_cast_order cas(struct tf *t, const char *sp, int tunit,
				int tindiv)
{
	return zan(t, sp, tunit, tindiv);
}

/* [14.6 B] RULING R-654: hold animal (1-4 animals, 2 rounds a level) at
 * the wolves (flag animal): 4 rolled, 2 figures of two wolves save, 1
 * fails: held 16 Game Rounds (an 8th-level druid); at the men (no flag) it
 * has no effect, said in the log. */
Test(r14_effects, s14_6_b_hold_animal_holds_animals_only_r654)
{
	struct tf t;
	open_kind(&t, "class: druid, level: 8, hp: 30", 20, 54,
		  "hold animal, hold animal");
	static const int dice[] = {4, 2, 20};
	tf_dice(&t, dice, 3);
	cast_one(&t, cas(&t, "hold animal", 0, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[2], 4, "creatures rolled");
	cr_assert_eq(e->n[3], 2, "figures struck");
	cr_assert_eq(e->n[7], 1, "held");
	cr_assert_eq(e->n[8], 16, "2 a level");
	cr_assert_eq(e->n[9], BS1E_MARKER_IMMOBILIZED);
	cr_assert_str_eq(e->cite, "[14.6 B] [14.3] RULING R-654");
	cr_assert_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 0)), 1);
	t.b->indivs[0].flags = 0;
	t.b->indivs[0].pos = (struct bs_vec){40, 54};
	t.nev = 0;
	cast_one(&t, cas(&t, "hold animal", 1, -1));
	e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "not animals (RULING R-654)"), "%s", e->why);
	cr_assert_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 1)), 0);
	tf_close(&t);
}

/* RULING R-654: hold animal at the orc Hob (no race flag animal): no
 * effect; hold plant at the shamblers (flag plant): 1-4 plants (4), two
 * figures of two, both fail: held for 8 rounds (1 a level). */
Test(r14_effects, s14_6_b_hold_plant_and_an_individual_not_of_the_kind_r654)
{
	struct tf t;
	open_kind(&t, "class: druid, level: 8, hp: 30", 40, 36,
		  "hold animal, hold plant");
	cast_one(&t, cas(&t, "hold animal", -1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert(strstr(e->why, "not an animal (RULING R-654)"), "%s", e->why);
	cr_assert(!bs1e_fx_indiv_held(t.b, t.b->indiv_first[1]));
	t.b->indivs[0].flags = 0;
	t.b->indivs[0].pos = (struct bs_vec){60, 74};
	t.nev = 0;
	static const int dice[] = {4, 1, 1};
	tf_dice(&t, dice, 3);
	cast_one(&t, cas(&t, "hold plant", 4, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[3], 2, "4 plants, 2 figures");
	cr_assert_eq(e->n[7], 2);
	cr_assert_eq(e->n[8], 8);
	cr_assert_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 4)), 2);
	tf_close(&t);
}

/* [14.6 B] RULING R-657: snake charm, no save: the snakes whose hit points
 * (4 a hit die) add up to no more than the cleric's 33: figures of two
 * 2-HD snakes, 16 hp, 2 of them, torpid for 5-8 rounds (a d4 of 3: 7).
 * At the men: no effect. */
Test(r14_effects, s14_6_b_snake_charm_by_the_casters_hit_points_r657)
{
	struct tf t;
	open_kind(&t, "class: cleric, level: 5, hp: 33", 60, 57,
		  "snake charm, snake charm");
	static const int dice[] = {3};
	tf_dice(&t, dice, 1);
	cast_one(&t, cas(&t, "snake charm", 2, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[3], 2, "33 hp / 16 a figure");
	cr_assert_eq(e->n[5], 0, "no save");
	cr_assert_eq(e->n[7], 2);
	cr_assert_eq(e->n[8], 7, "d4 + 4");
	cr_assert(strstr(e->why, "R-657"), "%s", e->why);
	int g = tf_g(&t, 1, 2);
	cr_assert_eq(bs1e_fx_held(t.b, g), 2);
	for (int r = 0; r < 6; r++)
		bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_held(t.b, g), 2, "6 rounds: torpid");
	bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_held(t.b, g), 0, "the 7th: awake");
	t.b->indivs[0].flags = 0;
	t.b->indivs[0].pos = (struct bs_vec){40, 57};
	t.nev = 0;
	cast_one(&t, cas(&t, "snake charm", 1, -1));
	e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert(strstr(e->why, "not snakes (RULING R-654)"), "%s", e->why);
	tf_close(&t);
}

/* [14.6 B] RULING R-655: entangle, every figure in its circle saves;
 * failing, held 10 rounds (1 turn); saving, not held. */
Test(r14_effects, s14_6_b_entangle_each_figure_in_the_area_saves_r655)
{
	struct tf t;
	open_kind(&t, "class: druid, level: 3, hp: 15", 40, 56, "entangle");
	static const int fail[] = {1, 1, 1, 1, 1, 1};
	tf_dice(&t, fail, 6);
	cast_one(&t, cas(&t, "entangle", 1, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_gt(e->n[3], 0, "figures in the circle");
	cr_assert_eq(e->n[5], e->n[3], "each saves");
	cr_assert_eq(e->n[7], e->n[3], "all failed");
	cr_assert_eq(e->n[8], 10, "1 turn");
	cr_assert_str_eq(e->cite, "[14.6 B] [14.3] RULING R-655");
	cr_assert_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 1)), e->n[3]);
	tf_close(&t);
	open_kind(&t, "class: druid, level: 3, hp: 15", 40, 56, "entangle");
	static const int save[] = {20, 20, 20, 20, 20, 20};
	tf_dice(&t, save, 6);
	cast_one(&t, cas(&t, "entangle", 1, -1));
	e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "R-655"), "%s", e->why);
	cr_assert_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 1)), 0);
	tf_close(&t);
}

/* [14.6 B] "Paralyzed creatures must have their paralyzation broken by
 * magic or wait until the effect wears off": RULING R-656, a 5th-level
 * illusionist's 10 HD take one figure of the men (made 8 HD a figure)
 * of those in the square, who fails: paralyzed for the battle; never
 * woken, by time or by friends (as a sleep is, R-629). */
Test(r14_effects, s14_6_b_paralyzation_2_hd_a_level_for_the_battle_r656)
{
	struct tf t;
	open_kind(&t, "class: illusionist, level: 5, hp: 12", 40, 57,
		  "paralyzation");
	int g = tf_g(&t, 1, 1);
	t.b->units[g].r.hd_fig = 80;
	static const int dice[] = {1};
	tf_dice(&t, dice, 1);
	cast_one(&t, cas(&t, "paralyzation", 1, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[3], 1, "10 HD: one figure of 8");
	cr_assert(strstr(e->why, "cover (RULING R-656)"), "%s", e->why);
	cr_assert_eq(e->n[7], 1);
	cr_assert_eq(e->n[8], 0, "no rounds: the battle");
	cr_assert_eq(e->n[9], BS1E_MARKER_IMMOBILIZED);
	cr_assert_eq(e->n[1], BS_SPFX_PARALYSIS);
	cr_assert_str_eq(e->cite, "[14.6 B] [14.3] RULING R-656");
	t.nev = 0;
	for (int r = 0; r < 60; r++)
		bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_held(t.b, g), 1, "60 rounds on, paralyzed");
	cr_assert_null(tf_cast_ev(&t, 4, 0), "no end, no waking");
	tf_close(&t);
}

/* RULING R-658: scare (one creature) at the orcs, two to a figure (a
 * unit is never 1:1 [2.6]): no whole figure, no effect. [14.9]
 * "If the saving throw fails, the unit either routs or is stunned,
 * according to the spell effect": a scare made to take 2 creatures takes
 * a figure, which fails: the unit is stunned, every figure, for 3d4
 * rounds, and does not move. */
Test(r14_effects, s14_9_scare_stuns_the_unit_of_a_figure_that_fails_r658)
{
	struct tf t;
	open_kind(&t, "class: magic-user, level: 5, hp: 12", 20, 79.5,
		  "scare, scare");
	cast_one(&t, cas(&t, "scare", 3, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "R-621"), "%s", e->why);
	int g = tf_g(&t, 1, 3);
	cr_assert_eq(bs1e_fx_held(t.b, g), 0);
	((struct bs_spell *)tf_spell(&t, "scare"))->creatures.base = 2;
	t.b->indivs[0].flags = 0;
	t.nev = 0;
	static const int dice[] = {2, 1, 2, 3};
	tf_dice(&t, dice, 4);
	cast_one(&t, cas(&t, "scare", 3, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[3], 1, "one figure");
	cr_assert_eq(e->n[5], 1, "it saves");
	cr_assert_eq(e->n[7], 6, "the unit stunned");
	cr_assert_eq(e->n[8], 6, "3d4");
	cr_assert_eq(e->n[1], BS_SPFX_STUN);
	cr_assert(strstr(e->why, "R-658"), "%s", e->why);
	cr_assert_eq(bs1e_fx_held(t.b, g), 6);
	cr_assert_eq(bs1e_fx_active(t.b, g, 6), 0, "none fights");
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_order o = tf_advance(2, 0);
	struct bs_tt_outcome m;
	cr_assert(!bs_tt_check_order(t.b, 1, 3, &o, &m));
	cr_assert(strstr(m.why, "R-622"), "%s", m.why);
	tf_close(&t);
}

/* RULING R-659: scare at the orc Hob standing alone: his own save (a 1
 * fails): stunned, as held; at the shamblers (4 HD: fewer than 6) it
 * works, at a creature of 6 HD or more it would not (R-658: max_hd). */
Test(r14_effects, s14_9_scare_on_a_lone_individual_r659)
{
	struct tf t;
	open_kind(&t, "class: magic-user, level: 5, hp: 12", 40, 39.5, "scare");
	static const int dice[] = {1, 4, 4, 4};
	tf_dice(&t, dice, 4);
	cast_one(&t, cas(&t, "scare", -1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[5], 1);
	cr_assert_eq(e->n[7], 1);
	cr_assert_eq(e->n[8], 12);
	cr_assert(strstr(e->why, "stunned"), "%s", e->why);
	cr_assert_str_eq(e->cite, "[14.9] [14.3] RULING R-658, R-659");
	cr_assert(bs1e_fx_indiv_held(t.b, t.b->indiv_first[1]));
	tf_close(&t);
}

/* RULING R-658: more hit dice than scare's "fewer than 6": the
 * shamblers made 6 HD are not affected (said in the log). */
Test(r14_effects, s14_9_scare_not_above_its_hit_dice_r658)
{
	struct tf t;
	open_kind(&t, "class: magic-user, level: 5, hp: 12", 60, 79.5, "scare");
	/* the shamblers made 6 HD */
	struct bs_creature *cr =
	    (struct bs_creature *)t.b->units[tf_g(&t, 1, 4)].def->creature;
	cr->hd.tenths = 60;
	cast_one(&t, cas(&t, "scare", 4, -1));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "more hit dice"), "%s", e->why);
	tf_close(&t);
}

/* [14.9] RULING R-659: cause fear, range touch: not touching, it fails
 * and is spent; touching Hob, his save (a 2 fails): he flees. */
Test(r14_effects, s14_9_cause_fear_by_touch_r659_r676)
{
	struct tf t;
	open_kind(&t, "class: cleric, level: 3, hp: 15", 40, 38,
		  "cause fear, cause fear");
	cast_one(&t, cas(&t, "cause fear", -1, 0));
	const struct bs_event *e = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[9], 1, "fails");
	cr_assert_null(tf_cast_ev(&t, 3, 0));
	cr_assert(!bs1e_fx_indiv_afraid(t.b, t.b->indiv_first[1], NULL));
	t.b->indivs[0].flags = 0;
	t.b->indivs[0].pos = (struct bs_vec){40, 39.6};
	t.nev = 0;
	static const int dice[] = {2};
	tf_dice(&t, dice, 1);
	cast_one(&t, cas(&t, "cause fear", -1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1);
	cr_assert_eq(e->n[8], 3, "1 a level");
	cr_assert(bs1e_fx_indiv_afraid(t.b, t.b->indiv_first[1], NULL));
	tf_close(&t);
}

/* RULING R-658: cause fear (made to take 2 creatures: a figure) touching
 * the orcs' front: the figure fails, the unit routs. */
Test(r14_effects, s14_9_cause_fear_routs_a_unit_r658)
{
	struct tf t;
	open_kind(&t, "class: cleric, level: 3, hp: 15", 20, 79.75,
		  "cause fear");
	((struct bs_spell *)tf_spell(&t, "cause fear"))->creatures.base = 2;
	static const int dice[] = {2};
	tf_dice(&t, dice, 1);
	cast_one(&t, cas(&t, "cause fear", 3, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1);
	cr_assert(strstr(e->why, "routs (RULING R-658)"), "%s", e->why);
	cr_assert(tf_unit(&t, 1, 3)->flags & BS_UF_ROUTED);
	tf_close(&t);
}

/* The spells played (bs_spell_effect_played) and the ones still not:
 * emotion, fire charm, temporal stasis (mass charm is, R-463). */
Test(r14_effects, s14_6_b_s14_9_played_r654_r659)
{
	struct tf t;
	open_kind(&t, "class: druid, level: 8, hp: 30", 20, 54, "entangle");
	static const char *const yes[] = {
	    "hold animal", "hold plant",   "snake charm",
	    "entangle",	   "paralyzation", "scare",
	    "cause fear",  "hold person",  "fear"};
	static const char *const no[] = {"emotion", "fire charm",
					 "temporal stasis", "hypnotic pattern"};
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
		cr_assert(bs_spell_effect_played(tf_spell(&t, yes[i])), "%s",
			  yes[i]);
	for (size_t i = 0; i < sizeof no / sizeof *no; i++)
		cr_assert(!bs_spell_effect_played(tf_spell(&t, no[i])), "%s",
			  no[i]);
	tf_close(&t);
}

/* RULING: the doctrine's hold animal goes at the wolves (the
 * men are not animals), its reason in the log. */
Test(r14_effects, s14_6_b_the_doctrine_holds_animals_r627_r654)
{
	struct tf t;
	open_kind(&t, "class: druid, level: 8, hp: 30", 20, 56, "hold animal");
	/* the men within its 8" too */
	tf_unit(&t, 1, 1)->front.x = 27;
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_cast_order o[4];
	int n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 4);
	cr_assert_eq(n, 1);
	cr_assert_eq(o[0].tunit, 0, "the wolves");
	cr_assert(strstr(o[0].why, "R-654"), "%s", o[0].why);
	free(ai);
	tf_close(&t);
}

/* RULING R-655: entangle at the orc Hob standing alone: his own save (a 3
 * fails), held for the turn: his move is REJECTED. */
Test(r14_effects, s14_6_b_entangle_on_a_lone_individual_r655)
{
	struct tf t;
	open_kind(&t, "class: druid, level: 3, hp: 15", 40, 36, "entangle");
	static const int dice[] = {3};
	tf_dice(&t, dice, 1);
	cast_one(&t, cas(&t, "entangle", -1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[5], 1, "his own save");
	cr_assert_eq(e->n[7], 1);
	cr_assert_eq(e->n[8], 10);
	cr_assert(strstr(e->why, "R-655"), "%s", e->why);
	int k = t.b->indiv_first[1];
	cr_assert(bs1e_fx_indiv_held(t.b, k));
	struct bs_vec at = t.b->indivs[k].pos;
	t.indiv[1][0] = (struct bs_indiv_order){.move = 1,
						.x = at.x + 3,
						.y = at.y,
						.tside = -1,
						.tunit = -1,
						.tindiv = -1};
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_indivs_move(t.b, 1);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert_float_eq(t.b->indivs[k].pos.x, at.x, 1e-9);
	tf_close(&t);
}

/* RULING R-627, R-658, R-659: the doctrine's scare goes at the orc Hob
 * standing alone within its 1" (a quarter of his hit points by the chance
 * his save fails), its reason in the log; not at a unit (no whole
 * figure: a value of 0). */
Test(r14_effects, s14_9_the_doctrine_scares_a_lone_individual_r658_r659)
{
	struct tf t;
	open_kind(&t, "class: magic-user, level: 5, hp: 12", 40, 39.5, "scare");
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_cast_order o[4];
	int n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 4);
	cr_assert_eq(n, 1);
	cr_assert_eq(o[0].tindiv, 0, "Hob");
	cr_assert(strstr(o[0].why, "scare: "), "%s", o[0].why);
	cr_assert(strstr(o[0].why, "R-658"), "%s", o[0].why);
	free(ai);
	tf_close(&t);
	/* beside the orcs' front, no individual in reach: no cast */
	open_kind(&t, "class: magic-user, level: 5, hp: 12", 20, 79.5, "scare");
	ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	cr_assert_eq(ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 4), 0);
	free(ai);
	tf_close(&t);
}

/* North's role orders for the tests below (side 1 only). */
static struct bs_role_order north_ro[2];
static int north_nro;
static int north_roles(void *ctx, const struct bs_battle *b, int side,
		       struct bs_role_order *out, int max)
{
	(void)ctx;
	(void)b;
	int n = 0;
	for (int i = 0; i < north_nro && n < max; i++)
		if (side == 1)
			out[n++] = north_ro[i];
	return n;
}

/* [9.3] "A Deputy Commander can take over for his designated commander if
 * that commander dies, is disabled, ... or is otherwise not in command of
 * his forces" (RULING R-553): Warlord, the Army Commander standing alone,
 * held: his deputy Second may take over his post at the next Movement
 * Phase (not while Warlord is free); then Second commands as the Army
 * Commander and Warlord, freed, keeps no post. The doctrine proposes it. */
Test(r14_effects, s9_3_r553_a_deputy_takes_over_from_a_held_commander)
{
	struct tf t;
	open_helpless(&t, 28, 52, 5, NULL, NULL,
		      "      - {name: Second, class: fighter, level: 4, hp: "
		      "30, abilities: {cha: 14}, deputy_of: Warlord, position: "
		      "[44, 54]}\n");
	struct bs_role_order r = {
	    .indiv = 1, .act = BS_RA_TAKE_OVER, .unit = -1, .post = 0};
	const char *why = NULL, *cite = NULL;
	cr_assert(!bs1e_check_role(t.b, 1, &r, &why, &cite), "he is free");
	cr_assert(strstr(why, "still holds"), "%s", why);
	cr_assert_null(bs1e_indiv_disabled(t.b, 1, 0));
	static const int save[] = {1};
	tf_dice(&t, save, 1);
	cast_one(&t, zan(&t, "hold person", -1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_str_eq(bs1e_indiv_disabled(t.b, 1, 0), "held or asleep");
	cr_assert(bs1e_check_role(t.b, 1, &r, &why, &cite), "%s", why);
	/* the doctrine steps in */
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_role_order out[4];
	int n = ai->ctl.roles(ai->ctl.ctx, t.b, 1, out, 4);
	free(ai);
	cr_assert_eq(n, 1);
	cr_assert_eq(out[0].act, BS_RA_TAKE_OVER);
	cr_assert_eq(out[0].indiv, 1);
	cr_assert_eq(out[0].post, 0);
	cr_assert(strstr(out[0].why, "Warlord is held or asleep"), "%s",
		  out[0].why);
	/* carried out at the beginning of the Movement Phase */
	t.b->round = 2;
	north_ro[0] = r;
	north_nro = 1;
	t.ctl.roles = north_roles;
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_roles_phase(t.b, 1);
	north_nro = 0;
	const struct bs_event *e = tf_find(&t, BS_EV_ROLE, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[0], BS_RA_TAKE_OVER);
	cr_assert_str_eq(e->cite, "[9.3]");
	int w = t.b->indiv_first[1], s2 = w + 1;
	cr_assert_eq(t.b->indivs[s2].rank, BS_RANK_ARMY);
	cr_assert(bs1e_authority_now(t.b, 1, 1, 0, BS1E_ACT_COMMAND));
	/* the hold ends: his post is not given back */
	for (int k = 0; k < 10; k++)
		bs1e_fx_end_round(t.b);
	cr_assert(!bs1e_fx_indiv_held(t.b, w));
	cr_assert_eq(t.b->indivs[w].rank, BS_RANK_NONE);
	cr_assert_eq(t.b->indivs[w].role, BS_ROLE_HERO);
	cr_assert(!bs1e_authority_now(t.b, 1, 0, 0, BS1E_ACT_COMMAND));
	cr_assert(bs1e_authority_now(t.b, 1, 1, 0, BS1E_ACT_COMMAND));
	tf_close(&t);
}

/* RULING R-553: a charmed or fleeing commander is disabled too; a free
 * one, or one not on the table, is not. */
Test(r14_effects, s9_3_r553_fleeing_in_fear_is_disabled)
{
	struct tf t;
	open_helpless(&t, 36, 52.5, 5, NULL, NULL, NULL);
	cr_assert_null(bs1e_indiv_disabled(t.b, 1, 0));
	static const int fail[] = {2};
	tf_dice(&t, fail, 1);
	cast_one(&t, zan(&t, "fear", -1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_str_eq(bs1e_indiv_disabled(t.b, 1, 0), "fleeing in fear");
	cr_assert_null(bs1e_indiv_disabled(t.b, 0, 0), "Zan is free");
	tf_close(&t);
}
