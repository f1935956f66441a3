/* Issue 16: [14.6 A] charm (src/bs1e/r14_charm.c): a charm at a unit
 * commander or an individual, his save, 1-4 + CB Game Rounds, the Charm
 * marker (RULING R-690); the charmed unit moved by the charming side and
 * attacking no one; its Discipline Check when open to an attack
 * on its flank or rear; out of command when it ends; a
 * charmed individual apart, and the doctrine's value. */
#include <math.h>

#include "battlesim/ai.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_undead.h"
#include "bs1e_fixture.h"

/* South: Guards (8 men-at-arms, front (40, gy) facing north) and the
 * magic-user Zan (individual 0, 10th level) at (30, 54) with charm person
 * and charm monster; North: Spearmen (6 men-at-arms, front (40, 60)
 * facing south, commander Bors, a fighter of Charisma 16: CB +1),
 * Reserve (no commander) far away, Hob (a fighter standing alone at (30,
 * 62)) and Grot (an ogre standing alone at (24, 60)). */
static void open_charm(struct tf *t, double gy)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	snprintf(
	    y, 8192,
	    "name: Charm\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], frontage: 4, position: [40, %g]}\n"
	    "    individuals:\n"
	    "      - {name: Zan, class: magic-user, level: 10, hp: 30, "
	    "position: [30, 54], spells: [charm person, charm monster]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Spearmen, figures: 6, creature: man-at-arms, "
	    "weapons: [spear], frontage: 6, position: [40, 60], commander: "
	    "Bors}\n"
	    "      - {name: Reserve, figures: 6, creature: man-at-arms, "
	    "weapons: [spear], position: [10, 88]}\n"
	    "    individuals:\n"
	    "      - {name: Bors, class: fighter, level: 2, hp: 14, "
	    "abilities: {cha: 16}, rank: unit}\n"
	    "      - {name: Hob, class: fighter, level: 1, hp: 7, position: "
	    "[30, 62]}\n"
	    "      - {name: Grot, race: ogre, hp: 20, position: [24, 60]}\n",
	    gy);
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

static struct bs_cast_order zan(struct tf *t, const char *sp, int tunit,
				int tindiv)
{
	return (struct bs_cast_order){
	    0, tf_spell(t, sp), 1, tunit, tindiv, 0, 0, 0, NULL};
}

static void cast_one(struct tf *t, struct bs_cast_order o)
{
	t->cast[0][0] = o;
	t->ncast[0] = 1;
	bs1e_casts(t->b, 0);
}

/* Charm Bors (the d20 `save`, then the d4); returns the CAST effect. */
static const struct bs_event *charm_bors(struct tf *t, int save, int d4)
{
	int dice[] = {save, d4};
	tf_dice(t, dice, 2);
	cast_one(t, zan(t, "charm person", 0, -1));
	cr_assert_null(tf_rejected(t), "%s", tf_rejected(t));
	return tf_cast_ev(t, 3, 0);
}

/* The catalog's charm person, charm monster and mass charm are played
 * (RULING R-690; mass charm's split unit, R-462, R-463). */
Test(r14_charm, s14_6_a_charm_spells_played_mass_charm_too_r690_r463)
{
	struct tf t;
	open_charm(&t, 48);
	cr_assert(bs_spell_effect_played(tf_spell(&t, "charm person")));
	cr_assert(bs_spell_effect_played(tf_spell(&t, "charm monster")));
	cr_assert(bs_spell_played(tf_spell(&t, "charm person")));
	const struct bs_spell *mass = bs_scenario_spell(t.sc, "mass charm", -1);
	cr_assert_not_null(mass);
	cr_assert(bs_spell_played(mass));
	tf_close(&t);
}

/* [14.6 A] "that commander/individual receives any normal saving throws
 * ... If the saves (if any) fail, the charmed commander and his unit fall
 * under the control of the other side for 1-4 + commander's CB (if any)
 * Game Rounds ... Place a Charm marker": charm person at the Spearmen is
 * at Bors; his save (a fighter of the 2nd level: 17 vs spell) fails on
 * a 5; the d4 3 + CB 1 = 4 Game Rounds (RULING R-690); the 4th End of
 * Game Round ends it, in the log. */
Test(r14_charm, s14_6_a_a_unit_commander_charmed_for_1d4_plus_cb_r690)
{
	struct tf t;
	open_charm(&t, 48);
	int g = tf_g(&t, 1, 0), k = t.b->indiv_first[1] + 0;
	cr_assert_eq(t.b->indivs[k].cb, 1, "Charisma 16: CB +1 [4.9 T8]");
	const struct bs_event *e = charm_bors(&t, 5, 3);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[1], BS_SPFX_CHARM);
	cr_assert_eq(e->tindiv, 0, "at Bors");
	cr_assert_eq(e->n[5], 1, "one save");
	cr_assert_eq(e->n[4], 17, "a fighter of the 2nd level vs spell");
	cr_assert_eq(e->n[6], 0, "failed");
	cr_assert_eq(e->n[7], 1, "charmed");
	cr_assert_eq(e->n[8], 4, "1d4 (3) + CB 1");
	cr_assert_eq(e->n[9], BS1E_MARKER_CHARM);
	cr_assert(bs1e_charmed(t.b, g));
	cr_assert_eq(bs1e_charm_side(t.b, g), 0, "South controls it");
	cr_assert_eq(tf_unit(&t, 1, 0)->side, 1, "still North's unit");
	cr_assert(bs1e_indiv_charmed(t.b, k));
	cr_assert(!bs1e_charmed(t.b, tf_g(&t, 1, 1)), "not the Reserve");
	t.nev = 0;
	for (int r = 0; r < 3; r++)
		bs1e_fx_end_round(t.b);
	cr_assert(bs1e_charmed(t.b, g), "3 rounds: still charmed");
	cr_assert_null(tf_cast_ev(&t, 4, 0));
	bs1e_fx_end_round(t.b);
	cr_assert(!bs1e_charmed(t.b, g), "the 4th: over");
	e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[9], BS1E_MARKER_CHARM, "the marker removed");
	cr_assert(strstr(e->cite, "[14.6 A]"), "%s", e->cite);
	tf_close(&t);
}

/* The save made: no charm, nothing in force. */
Test(r14_charm, s14_6_a_the_save_negates_r690)
{
	struct tf t;
	open_charm(&t, 48);
	const struct bs_event *e = charm_bors(&t, 17, 3);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[6], 1, "saved");
	cr_assert_eq(e->n[7], 0);
	cr_assert_eq(e->n[9], BS1E_MARKER_NONE);
	cr_assert(!bs1e_charmed(t.b, tf_g(&t, 1, 0)));
	cr_assert_eq(bs1e_sc(t.b)->nfx, 0);
	tf_close(&t);
}

/* RULING R-690: a unit without a Unit Commander with it has no one to
 * charm (spent, no effect); RULING R-624: charm person does not take an
 * ogre. */
Test(r14_charm, s14_6_a_no_commander_no_person_no_effect_r690_r624)
{
	struct tf t;
	open_charm(&t, 48);
	t.b->units[tf_g(&t, 1, 1)].front = (struct bs_vec){30, 60};
	bs1e_moved(t.b, tf_g(&t, 1, 1));
	cast_one(&t, zan(&t, "charm person", 1, -1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert(strstr(e->why, "R-690"), "%s", e->why);
	cr_assert(!bs1e_charmed(t.b, tf_g(&t, 1, 1)));
	cr_assert_eq(bs1e_sc(t.b)->nfx, 0);
	tf_close(&t);
	open_charm(&t, 48);
	cast_one(&t, zan(&t, "charm person", -1, 2));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert(strstr(e->why, "R-624"), "%s", e->why);
	cr_assert(!bs1e_indiv_charmed(t.b, t.b->indiv_first[1] + 2));
	tf_close(&t);
}

/* [14.6 A] "A unit serving a charmed commander moves during the enemy
 * Movement Phase": North's controller is not asked for the Spearmen; the
 * South's turns their rear to its nearest unit, the Guards (RULING
 * R-691), which can charge it (1 1/2 MV): the Discipline Check; passed
 * (2 + 3 = 5, DL 9), "it remains in place" (RULING R-692). */
Test(r14_charm, s14_6_a_moved_by_the_charming_side_discipline_passed_r691_r692)
{
	struct tf t;
	open_charm(&t, 48);
	charm_bors(&t, 5, 3);
	int g = tf_g(&t, 1, 0);
	double f0 = t.b->units[g].facing;
	static const int dice[] = {2, 3};
	tf_dice(&t, dice, 2);
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_eq(t.asked[1][0], 0, "its owner is not asked");
	cr_assert_gt(t.asked[1][1], 0, "the Reserve is");
	cr_assert_float_eq(fmod(t.b->units[g].facing - f0 + 360, 360), 180,
			   1e-6, "faced about");
	const struct bs_event *d = tf_find(&t, BS_EV_DISCIPLINE, 0);
	cr_assert_not_null(d);
	cr_assert(d->n[0], "passed");
	cr_assert(strstr(d->cite, "[14.6 A]"), "%s", d->cite);
	tf_close(&t);
}

/* RULING R-692: the check failed (10 + 10), "the player owning the
 * figures may make a facing change for all figures in the unit at no
 * cost": it turns back to face the Guards, and the movement of that turn
 * is given back. */
Test(r14_charm, s14_6_a_discipline_failed_free_facing_change_r692)
{
	struct tf t;
	open_charm(&t, 48);
	charm_bors(&t, 5, 3);
	int g = tf_g(&t, 1, 0);
	double f0 = t.b->units[g].facing;
	static const int dice[] = {10, 10};
	tf_dice(&t, dice, 2);
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	const struct bs_event *d = tf_find(&t, BS_EV_DISCIPLINE, 0);
	cr_assert_not_null(d);
	cr_assert(!d->n[0], "failed");
	cr_assert_float_eq(fmod(t.b->units[g].facing - f0 + 360, 360), 0, 1e-6,
			   "facing the Guards again");
	/* the charming side's about face (1/2 MV) only */
	cr_assert_float_eq(t.b->units[g].mv_spent, t.b->units[g].r.mv / 2,
			   1e-6);
	tf_close(&t);
}

/* RULING R-692: no enemy ground unit within reach of its flank or rear
 * (the Guards 40" away): no check. */
Test(r14_charm, s14_6_a_no_enemy_in_reach_no_check_r692)
{
	struct tf t;
	open_charm(&t, 48);
	charm_bors(&t, 5, 3);
	t.b->units[tf_g(&t, 0, 0)].front = (struct bs_vec){40, 8};
	bs1e_moved(t.b, tf_g(&t, 0, 0));
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_null(tf_find(&t, BS_EV_DISCIPLINE, 0));
	tf_close(&t);
}

/* RULING R-691: "It cannot be ordered to attack units on its side", and
 * the enemy may move it, not make it fight: in contact with the Guards
 * the charmed Spearmen have no figure to attack with, and shoot at no
 * one; the Guards may still attack them. */
Test(r14_charm, s14_6_a_the_charmed_unit_attacks_no_one_r691)
{
	struct tf t;
	open_charm(&t, 60);
	int g = tf_g(&t, 1, 0), h = tf_g(&t, 0, 0);
	cr_assert(bs1e_contact(t.b, g, h, NULL), "front to front");
	tf_phase(&t, BS_PHASE_MELEE);
	cr_assert_gt(bs1e_melee_eligible(t.b, g, h), 0, "before");
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	charm_bors(&t, 5, 3);
	tf_phase(&t, BS_PHASE_MELEE);
	cr_assert_eq(bs1e_melee_eligible(t.b, g, h), 0, "charmed");
	cr_assert_gt(bs1e_melee_eligible(t.b, h, g), 0, "the Guards may");
	/* in contact, the charming side holds it where it stands */
	struct bs_order o;
	const char *why = bs1e_charm_order(t.b, 0, g, &o);
	cr_assert_eq(o.kind, BS_ORDER_HOLD);
	cr_assert(strstr(why, "R-691"), "%s", why);
	tf_close(&t);
}

/* [14.6 A] "in a position in which it can be attacked in the flank or
 * rear by an enemy ground unit": RULING R-346, the charming side may still
 * attack the charmed unit (it is not in his service as undead are): a
 * target of the South, its charmer, and not of the North, its owner. */
Test(r14_charm, s14_6_a_r346_the_charmed_unit_stays_the_charmers_target)
{
	struct tf t;
	open_charm(&t, 60);
	int g = tf_g(&t, 1, 0);
	charm_bors(&t, 5, 3);
	cr_assert(bs1e_charmed(t.b, g));
	cr_expect_eq(bs1e_charm_side(t.b, g), 0);
	cr_expect(bs1e_hostile(t.b, 0, g), "the charming side's target");
	cr_expect(!bs1e_hostile(t.b, 1, g), "its owner's own");
	tf_phase(&t, BS_PHASE_MELEE);
	cr_expect_gt(bs1e_melee_eligible(t.b, tf_g(&t, 0, 0), g), 0);
	tf_close(&t);
}

/* [14.6 A] "When the enemy control period ends, the unit 'figures out'
 * that its commander is acting strangely, and goes out of command":
 * RULING R-693, for the next Game Round; the round after, in command by
 * its commander again. */
Test(r14_charm, s14_6_a_out_of_command_for_a_round_when_it_ends_r693)
{
	struct tf t;
	open_charm(&t, 48);
	int g = tf_g(&t, 1, 0);
	charm_bors(&t, 5, 1); /* 1 + CB 1 = 2 Game Rounds */
	bs1e_fx_end_round(t.b);
	t.b->round++;
	bs1e_fx_end_round(t.b);
	cr_assert(!bs1e_charmed(t.b, g));
	cr_assert(bs1e_charm_out(t.b, g));
	t.b->round++;
	t.nev = 0;
	tf_phase(&t, BS_PHASE_RALLY);
	cr_assert(tf_unit(&t, 1, 0)->flags & BS_UF_OUT_OF_COMMAND);
	const struct bs_event *c = tf_find(&t, BS_EV_COMMAND, 0);
	cr_assert_not_null(c);
	cr_assert(strstr(c->cite, "R-693"), "%s", c->cite);
	t.b->round++;
	tf_phase(&t, BS_PHASE_RALLY);
	cr_assert(!bs1e_charm_out(t.b, g));
	cr_assert(!(tf_unit(&t, 1, 0)->flags & BS_UF_OUT_OF_COMMAND),
		  "in command again");
	tf_close(&t);
}

/* RULING R-693: the charmed commander dead, his unit follows no charmed
 * commander: the charm is over at the End of Game Round. */
Test(r14_charm, s14_6_a_the_commander_dead_the_charm_ends_r693)
{
	struct tf t;
	open_charm(&t, 48);
	int g = tf_g(&t, 1, 0);
	charm_bors(&t, 5, 4);
	t.b->indivs[t.b->indiv_first[1]].alive = 0;
	t.nev = 0;
	bs1e_fx_end_round(t.b);
	cr_assert(!bs1e_charmed(t.b, g));
	const struct bs_event *e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e);
	cr_assert(strstr(e->cite, "R-693"), "%s", e->cite);
	tf_close(&t);
}

/* RULING R-694: a charmed individual standing alone stands still (his
 * owner's move REJECTED) and casts and shoots at no one; the charm's
 * duration for him is 1d4 + his CB (none: Charisma not given). */
Test(r14_charm, s14_6_a_a_charmed_individual_stands_still_r694)
{
	struct tf t;
	open_charm(&t, 48);
	int k = t.b->indiv_first[1] + 1;
	static const int dice[] = {1, 2};
	tf_dice(&t, dice, 2);
	cast_one(&t, zan(&t, "charm person", -1, 1));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1);
	cr_assert_eq(e->n[8],
		     2 + (t.b->indivs[k].cb > 0 ? t.b->indivs[k].cb : 0));
	cr_assert(bs1e_indiv_charmed(t.b, k));
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
	cr_assert(strstr(tf_rejected(&t), "R-694"), "%s", tf_rejected(&t));
	cr_assert_float_eq(t.b->indivs[k].pos.x, at.x, 1e-9);
	tf_close(&t);
}

/* RULING R-694: the doctrine proposes no move for a charmed individual of
 * its side (the engine would reject it): he stays, and says why. */
Test(r14_charm, s14_6_a_the_doctrine_moves_no_charmed_individual_r694)
{
	struct tf t;
	open_charm(&t, 48);
	int k = t.b->indiv_first[1] + 1;
	static const int dice[] = {1, 2};
	tf_dice(&t, dice, 2);
	cast_one(&t, zan(&t, "charm person", -1, 1));
	cr_assert(bs1e_indiv_charmed(t.b, k));
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_indiv_order io;
	memset(&io, 0, sizeof io);
	ai->ctl.move_indiv(ai->ctl.ctx, t.b, 1, 1, &io);
	free(ai);
	cr_assert_eq(io.move, 0);
	cr_assert(strstr(io.why, "charmed") && strstr(io.why, "R-694"), "%s",
		  io.why);
	cr_assert_str_eq(bs1e_indiv_cannot_move(t.b, 1, 1), io.why);
	cr_assert_null(bs1e_indiv_cannot_move(t.b, 1, 0));
	tf_close(&t);
}

/* RULING R-694: the doctrine's value of a charm at a unit's commander,
 * the HD of his unit by the chance he fails (17 on the d20: 16 in 20);
 * none at a unit with no commander; the doctrine casts it at the
 * Spearmen. */
Test(r14_charm, s14_6_a_the_doctrine_charms_a_commander_r694)
{
	struct tf t;
	open_charm(&t, 48);
	struct bs_cast_order o = zan(&t, "charm person", 0, -1);
	struct bs1e_cast_plan p;
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p), "%s", p.why);
	const struct bs_unit_state *u = tf_unit(&t, 1, 0);
	double hd = u->figures * u->r.hd_fig / 10.0;
	cr_assert_float_eq(bs1e_fx_expect(t.b, 0, &p), hd * 16 / 20.0, 1e-9);
	t.b->units[tf_g(&t, 1, 1)].front = (struct bs_vec){30, 60};
	bs1e_moved(t.b, tf_g(&t, 1, 1));
	o = zan(&t, "charm person", 1, -1);
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p), "%s", p.why);
	cr_assert_float_eq(bs1e_fx_expect(t.b, 0, &p), 0, 1e-9);
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_cast_order out[4];
	int n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, out, 4);
	free(ai);
	cr_assert_eq(n, 1);
	cr_assert_eq(out[0].spell, tf_spell(&t, "charm person"));
	cr_assert_eq(out[0].tunit, 0, "at the Spearmen's commander");
	cr_assert(strstr(out[0].why, "R-694"), "%s", out[0].why);
	tf_close(&t);
}
