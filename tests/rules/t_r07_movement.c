/* The Movement Phase [7.6]-[7.14]: charge legality [7.14] (1 1/2 MV
 * reach, 2/3 MV before contact RULING R-108, the last 1/3 straight RULING
 * R-109, no charge out of command but the discipline case, skirmishers
 * never), forced march [7.13], the 45-degree rule [7.9], frontage [7.10],
 * contact and what it allows [7.8] (RULING R-129), fighting withdrawal
 * [7.12], flight [8.8], wrap-around [7.11] (RULING R-125), the cost of
 * filling gaps [7.3] (RULING R-126). */
#include <math.h>

#include "../unit/ai_attach.h"
#include "battlesim/ai.h"
#include "bs1e_fixture.h"

/* A charger at (36, 10) facing north (man-at-arms, MV 12) and a target
 * whose front is at (36, ty) facing south. */
static void open_charge(struct tf *t, double ty, const char *atype,
			const char *aform, int no_cmd, const char *head,
			const char *creature)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Chargers",
	     .x = 36,
	     .y = 10,
	     .facing = "north",
	     .type = atype,
	     .formation = aform,
	     .no_cmd = no_cmd,
	     .creature = creature},
	    {.side = 1, .name = "Target", .x = 36, .y = ty, .facing = "south"},
	};
	tf_open_units(t, u, 2, head, NULL, NULL);
	t->moves_first = 1;
	t->b->round = 1;
	t->b->side_a = 0;
}

static struct bs_order charge_straight(double dist)
{
	struct bs_order o = tf_advance(dist, 0);
	o.kind = BS_ORDER_CHARGE;
	o.tside = 1;
	o.tunit = 0;
	return o;
}

static void movement(struct tf *t)
{
	tf_phase(t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t->b);
}

Test(r07_movement, s7_14_charge_plan_legal)
{
	struct tf t;
	open_charge(&t, 25, NULL, NULL, 0, NULL, NULL);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_tt_charge ch;
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	cr_assert(ch.legal, "%s", ch.why ? ch.why : "");
	cr_assert_float_eq(ch.reach, 18, 1e-9, "[7.14] 1 1/2 MV");
	cr_assert_float_eq(ch.run, 15, 0.01);
	cr_assert_eq(ch.arc, BS_ARC_FRONT);
	tf_order(&t, 0, 0, &ch.order);
	movement(&t);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert(u->flags & BS_UF_CHARGED);
	cr_assert(bs1e_contact(t.b, 0, 1, NULL), "in contact");
	const struct bs_event *c = tf_find(&t, BS_EV_CONTACT, 0);
	cr_assert_not_null(c);
	cr_assert_str_eq(c->what, "front");
	const struct bs_event *m = tf_find(&t, BS_EV_MOVE, 0);
	cr_assert_str_eq(m->what, "charge");
	cr_assert_eq(m->n[1], 180);
	tf_close(&t);
}

Test(r07_movement, s7_14_two_thirds_mv_before_contact)
{
	struct tf t;
	/* 5" away: less than 2/3 of MV 12 = 8" to run */
	open_charge(&t, 15, NULL, NULL, 0, NULL, NULL);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_tt_charge ch;
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	cr_assert_not(ch.legal);
	struct bs_order o = charge_straight(18);
	tf_order(&t, 0, 0, &o);
	movement(&t);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(r->cite, "[7.14]");
	cr_assert_float_eq(tf_unit(&t, 0, 0)->front.y, 10, 1e-9,
			   "rejected: it holds ([7.9] special note)");
	/* 8.5" away is enough */
	tf_close(&t);
	open_charge(&t, 18.5, NULL, NULL, 0, NULL, NULL);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	cr_assert(ch.legal);
	tf_close(&t);
}

/* Issue 12 item 12, RULINGS R-108 and R-373: [7.14] "A regular unit or
 * mob may Charge during its Movement Phase if it can reach an enemy unit":
 * a charge whose path does not come into contact (22" away, beyond the
 * 18" charge range) is refused before it starts: the unit does not move,
 * does not break into open formation, takes no -3; it is free to take
 * another order, which the controller gives when asked again (here a
 * plain 6" advance). In open formation the same. */
Test(r07_movement, s7_14_ruling_r373_out_of_reach_refused_unit_free)
{
	for (int open = 0; open < 2; open++) {
		struct tf t;
		open_charge(&t, 32, NULL, open ? "open" : NULL, 0, NULL, NULL);
		tf_phase(&t, BS_PHASE_MOVEMENT);
		struct bs_tt_charge ch;
		bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
		cr_assert_not(ch.legal, "22\" is beyond 18\"");
		struct bs_order o = charge_straight(30);
		tf_order(&t, 0, 0, &o);
		t.order2[0][0] = tf_advance(6, 0);
		t.has_order2[0][0] = 1;
		movement(&t);
		struct bs_unit_state *u = tf_unit(&t, 0, 0);
		const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
		cr_assert_not_null(r, "refused");
		cr_assert_str_eq(r->cite, "[7.14]");
		cr_assert(strstr(r->what, "1 1/2 MV"), "%s", r->what);
		cr_assert_eq(t.asked[0][0], 2, "asked again");
		cr_assert_float_eq(u->front.y, 16, 1e-6, "the second order");
		cr_assert_eq(u->formation,
			     open ? BS_FORM_OPEN : BS_FORM_CLOSED);
		cr_assert_not(u->flags & (BS_UF_CHARGE_MISSED | BS_UF_CHARGED));
		cr_assert_not(u->flags & BS_UF_REFUSED, "cleared");
		cr_assert_eq(tf_count(&t, BS_EV_FORMATION), 0);
		tf_close(&t);
	}
}

/* The neighbour: a controller with nothing else to give holds; a charge
 * with no steps at all (a scripted charge whose target the tabletop
 * cannot reach, R-142) is refused the same way, and the unit is not
 * broken into open formation. */
Test(r07_movement, s7_14_ruling_r373_charge_without_path_refused_holds)
{
	struct tf t;
	open_charge(&t, 40, NULL, NULL, 0, NULL, NULL);
	struct bs_order o = charge_straight(0);
	o.nsteps = 0;
	tf_order(&t, 0, 0, &o);
	movement(&t);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_eq(tf_count(&t, BS_EV_REJECTED), 2, "refused twice");
	cr_assert_eq(t.asked[0][0], 2);
	cr_assert_float_eq(u->front.y, 10, 1e-9, "it holds");
	cr_assert_eq(u->formation, BS_FORM_CLOSED);
	cr_assert_eq(tf_count(&t, BS_EV_FORMATION), 0);
	tf_close(&t);
}

Test(r07_movement, s7_14_last_third_straight)
{
	struct tf t;
	open_charge(&t, 25, NULL, NULL, 0, NULL, NULL);
	/* 12" obliquely, then 3.7" straight into contact: the straight
	 * stretch is less than 1/3 of the 15.7" run */
	struct bs_order o = charge_straight(12);
	o.step[0].angle = 20;
	o.nsteps = 2;
	o.step[1] = (struct bs_step){.kind = BS_STEP_ADVANCE, .dist = 6};
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_tt_outcome oc;
	cr_assert_not(bs_tt_check_order(t.b, 0, 0, &o, &oc));
	cr_assert_str_eq(oc.cite, "[7.14]");
	cr_assert(strstr(oc.why, "straight"));
	/* the same path with a longer straight end is a charge */
	o.step[0].dist = 6;
	o.step[1].dist = 12;
	cr_assert(bs_tt_check_order(t.b, 0, 0, &o, &oc), "%s",
		  oc.why ? oc.why : "");
	cr_assert(oc.contact);
	tf_close(&t);
}

Test(r07_movement, s7_14_no_charge_out_of_command)
{
	struct tf t;
	open_charge(&t, 25, NULL, NULL, 1, NULL, NULL);
	struct bs_order o = charge_straight(18);
	tf_order(&t, 0, 0, &o);
	movement(&t);
	/* [2.8] no commander: out of command; [7.6] so open formation */
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_OUT_OF_COMMAND);
	cr_assert_eq(tf_unit(&t, 0, 0)->formation, BS_FORM_OPEN);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(r->cite, "[7.14]");
	tf_close(&t);
}

Test(r07_movement, s7_14_skirmishers_never_charge)
{
	struct tf t;
	open_charge(&t, 25, "skirmish", NULL, 0, NULL, NULL);
	struct bs_tt_charge ch;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	cr_assert_not(ch.legal);
	cr_assert_str_eq(ch.cite, "[7.14] [2.9]");
	tf_close(&t);
}

static const char *brutes =
    "catalog:\n"
    "  creatures:\n"
    "    - {name: brute, hd: \"1\", ac: 8, mv: 12, size: M, alignment: "
    "CE, intelligence: low}\n";

Test(r07_movement, s7_14_discipline_case)
{
	struct tf t;
	open_charge(&t, 25, NULL, NULL, 0, brutes, "brute");
	struct bs_order o = charge_straight(18);
	tf_order(&t, 0, 0, &o);
	/* Table 7: chaotic, closed, ordered to charge: a discipline check;
	 * 20 fails: out of command, open formation, and it still charges */
	tf_dice(&t, (int[]){10, 10}, 2);
	movement(&t);
	const struct bs_event *d = tf_find(&t, BS_EV_DISCIPLINE, 0);
	cr_assert_not_null(d);
	cr_assert_eq(d->n[0], 0);
	cr_assert_eq(d->n[1], BS1E_T7_CLOSED_CHARGE);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert(u->flags & BS_UF_DISC_FAILED);
	cr_assert_eq(u->formation, BS_FORM_OPEN);
	cr_assert(bs1e_contact(t.b, 0, 1, NULL), "the charge goes in");
	tf_close(&t);
}

Test(r07_movement, s7_14_closed_charge_ar_bonus)
{
	struct tf t;
	open_charge(&t, 25, NULL, NULL, 0, NULL, NULL);
	struct bs_tt_charge ch;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	tf_order(&t, 0, 0, &ch.order);
	movement(&t);
	tf_dice(&t, (int[]){3, 3, 3, 3, 5, 5, 5, 5, 5, 5}, 10);
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	const struct bs_event *a = tf_find(&t, BS_EV_ATTACK, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->side, 0);
	cr_assert(tf_has_term(&a->deriv, -1, "charging in closed"));
	const struct bs_event *b = tf_find(&t, BS_EV_ATTACK, 1);
	cr_assert_not(tf_has_term(&b->deriv, -1, "charging in closed"));
	tf_close(&t);
}

Test(r07_movement, s7_13_forced_march)
{
	struct tf t;
	open_charge(&t, 44, NULL, NULL, 0, NULL, NULL);
	struct bs_order o = tf_advance(18, 0);
	o.kind = BS_ORDER_FORCED_MARCH;
	tf_order(&t, 0, 0, &o);
	tf_dice(&t, (int[]){10, 10}, 2);
	movement(&t);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	/* [7.13] 1 1/2 MV */
	cr_assert_float_eq(u->front.y, 28, 1e-6);
	const struct bs_event *m = tf_find(&t, BS_EV_MORALE, 0);
	cr_assert_not_null(m, "a morale check at the end of the move");
	cr_assert_str_eq(m->cite, "[7.13]");
	cr_assert_eq(u->fm_penalty, 1, "failed: AR worsens by one");
	cr_assert_neq(u->formation, BS_FORM_OPEN, "RULING R-121: no [4.5]");
	tf_close(&t);
}

Test(r07_movement, s7_13_no_contact_no_out_of_command)
{
	struct tf t;
	open_charge(&t, 25, NULL, NULL, 0, NULL, NULL);
	struct bs_order o = tf_advance(18, 0);
	o.kind = BS_ORDER_FORCED_MARCH;
	struct bs_tt_outcome oc;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	cr_assert_not(bs_tt_check_order(t.b, 0, 0, &o, &oc));
	cr_assert_str_eq(oc.cite, "[7.13]");
	tf_close(&t);
	open_charge(&t, 44, NULL, NULL, 1, NULL, NULL);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	cr_assert_not(bs_tt_check_order(t.b, 0, 0, &o, &oc));
	cr_assert_str_eq(oc.cite, "[7.13]");
	tf_close(&t);
}

Test(r07_movement, s7_9_forty_five_degrees)
{
	struct tf t;
	open_charge(&t, 44, NULL, NULL, 0, NULL, NULL);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_tt_outcome oc;
	struct bs_order o = tf_advance(6, 45);
	cr_assert(bs_tt_check_order(t.b, 0, 0, &o, &oc));
	cr_assert_float_eq(oc.pose.facing, 0, 1e-9, "R-105: oblique");
	o = tf_advance(6, 50);
	cr_assert_not(bs_tt_check_order(t.b, 0, 0, &o, &oc));
	cr_assert_str_eq(oc.cite, "[7.9]");
	tf_close(&t);
	/* skirmishers change direction at will */
	open_charge(&t, 44, "skirmish", NULL, 0, NULL, NULL);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	o = tf_advance(6, 90);
	cr_assert(bs_tt_check_order(t.b, 0, 0, &o, &oc));
	tf_close(&t);
}

Test(r07_movement, s7_9_wheel_and_face_costs_in_play)
{
	struct tf t;
	open_charge(&t, 44, NULL, NULL, 0, NULL, NULL);
	struct bs_order o = {.kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1};
	o.nsteps = 2;
	o.step[0] = (struct bs_step){.kind = BS_STEP_FACE, .angle = 90};
	o.step[1] = (struct bs_step){.kind = BS_STEP_ADVANCE, .dist = 20};
	tf_order(&t, 0, 0, &o);
	movement(&t);
	/* right face 1/3 MV = 4", then the 8" left */
	const struct bs_event *f = tf_find(&t, BS_EV_MOVE, 0);
	cr_assert_str_eq(f->what, "face");
	cr_assert_eq(f->n[0], 40);
	const struct bs_event *a = tf_find(&t, BS_EV_MOVE, 1);
	cr_assert_eq(a->n[0], 80);
	cr_assert_eq(a->n[2], 120, "12\" in all");
	tf_close(&t);
}

Test(r07_movement, s7_10_frontage_not_both_ways)
{
	struct tf t;
	open_charge(&t, 44, NULL, NULL, 0, NULL, NULL);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_order o = {.kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1};
	o.nsteps = 2;
	o.step[0] = (struct bs_step){.kind = BS_STEP_FRONTAGE, .files = 10};
	o.step[1] = (struct bs_step){.kind = BS_STEP_FRONTAGE, .files = 6};
	struct bs_tt_outcome oc;
	cr_assert_not(bs_tt_check_order(t.b, 0, 0, &o, &oc));
	cr_assert_str_eq(oc.cite, "[7.10]");
	o.nsteps = 1;
	cr_assert(bs_tt_check_order(t.b, 0, 0, &o, &oc));
	cr_assert_float_eq(oc.spent, 2, 1e-9, "1\" per figure");
	cr_assert_eq(oc.files, 10);
	tf_close(&t);
}

Test(r07_movement, s7_3_gaps_cost_movement)
{
	struct tf t;
	open_charge(&t, 44, NULL, "open", 0, NULL, NULL);
	tf_unit(&t, 0, 0)->gap_debt = 3;
	struct bs_order o = tf_advance(20, 0);
	tf_order(&t, 0, 0, &o);
	movement(&t);
	const struct bs_event *m = tf_find(&t, BS_EV_MOVE, 0);
	cr_assert_eq(m->n[1], 90, "12\" less 3 figures moved up");
	cr_assert_eq(tf_unit(&t, 0, 0)->gap_debt, 0);
	tf_close(&t);
}

/* Two units front to front at y = 20 (side 0 facing north). */
static void open_engaged(struct tf *t, const char *head, const char *cre)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Near",
	     .x = 36,
	     .y = 20,
	     .facing = "north",
	     .frontage = 5,
	     .figures = 10},
	    {.side = 1,
	     .name = "Far",
	     .x = 36,
	     .y = 20,
	     .facing = "south",
	     .frontage = 5,
	     .figures = 10,
	     .creature = cre},
	};
	tf_open_units(t, u, 2, head, NULL, NULL);
	t->b->round = 1;
	t->b->side_a = 0;
}

Test(r07_movement, s7_8_contact_allows_only_three_things)
{
	struct tf t;
	open_engaged(&t, NULL, NULL);
	struct bs_order o = tf_advance(3, 0);
	tf_order(&t, 0, 0, &o);
	movement(&t);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(r->cite, "[7.8]");
	tf_close(&t);
}

Test(r07_movement, s7_12_fighting_withdrawal)
{
	struct tf t;
	open_engaged(&t, NULL, NULL);
	struct bs_order o = {
	    .kind = BS_ORDER_WITHDRAW, .tside = -1, .tunit = -1};
	tf_order(&t, 0, 0, &o);
	t.follow = 0;
	movement(&t);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->front.y, 17, 1e-6, "3\" back");
	cr_assert_float_eq(tf_unit(&t, 0, 0)->facing, 0, 1e-9);
	/* [7.12] the enemy stayed: no charge at it this round */
	struct bs_unit_state *e = tf_unit(&t, 1, 0);
	cr_assert(e->flags & BS_UF_NO_CHARGE);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_tt_charge ch;
	bs_tt_plan_charge(t.b, 1, 0, 0, 0, &ch);
	cr_assert_not(ch.legal);
	tf_close(&t);
	/* the enemy follows and stays in contact */
	open_engaged(&t, NULL, NULL);
	tf_order(&t, 0, 0, &o);
	t.follow = 1;
	movement(&t);
	cr_assert(bs1e_contact(t.b, 0, 1, NULL));
	cr_assert_float_eq(tf_unit(&t, 1, 0)->front.y, 17, 0.01);
	tf_close(&t);
}

Test(r07_movement, s7_12_chaotic_enemy_checks_discipline)
{
	struct tf t;
	open_engaged(&t, brutes, "brute");
	struct bs_order o = {
	    .kind = BS_ORDER_WITHDRAW, .tside = -1, .tunit = -1};
	tf_order(&t, 0, 0, &o);
	t.follow = 0;
	tf_dice(&t, (int[]){10, 10}, 2);
	movement(&t);
	const struct bs_event *d = tf_find(&t, BS_EV_DISCIPLINE, 0);
	cr_assert_not_null(d);
	cr_assert_eq(d->n[1], BS1E_T7_ENEMY_WITHDRAWS);
	cr_assert(bs1e_contact(t.b, 0, 1, NULL), "it had to follow");
	tf_close(&t);
}

Test(r07_movement, s8_8_flee_free_attack)
{
	struct tf t;
	open_engaged(&t, NULL, NULL);
	struct bs_order o = {.kind = BS_ORDER_FLEE, .tside = -1, .tunit = -1};
	tf_order(&t, 0, 0, &o);
	tf_dice(&t, (int[]){1, 1, 1, 1}, 4);
	movement(&t);
	const struct bs_event *a = tf_find(&t, BS_EV_ATTACK, 0);
	cr_assert_not_null(a, "the enemy's free attack");
	cr_assert_eq(a->side, 1);
	cr_assert_str_eq(a->cite, "[8.8]");
	cr_assert(tf_has_term(&a->deriv, -2, "rear"));
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_float_eq(u->facing, 180, 1e-9, "about face, free");
	cr_assert_not(bs1e_contact(t.b, 0, 1, NULL));
	cr_assert(u->flags & BS_UF_FLED);
	tf_close(&t);
}

Test(r07_movement, s7_8_contacted_after_losing_initiative)
{
	struct tf t;
	/* side 0 charges first; the contacted side-1 unit may not wrap
	 * around (no frontage change), only withdraw or flee */
	open_charge(&t, 25, NULL, NULL, 0, NULL, NULL);
	struct bs_tt_charge ch;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	tf_order(&t, 0, 0, &ch.order);
	struct bs_order w = {.kind = BS_ORDER_WRAP, .tside = -1, .tunit = -1};
	w.nsteps = 1;
	w.step[0] = (struct bs_step){.kind = BS_STEP_FRONTAGE, .files = 10};
	tf_order(&t, 1, 0, &w);
	movement(&t);
	cr_assert(tf_unit(&t, 1, 0)->flags & BS_UF_PINNED);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(r->cite, "[7.8]");
	tf_close(&t);
}

Test(r07_movement, s7_11_wrap_around)
{
	struct tf t;
	open_engaged(&t, NULL, NULL);
	/* both began the phase in contact: side 0 wraps to 9 files: two
	 * figures beyond each end of the enemy's 5 wheel onto its flanks */
	struct bs_order w = {.kind = BS_ORDER_WRAP, .tside = -1, .tunit = -1};
	w.nsteps = 1;
	w.step[0] = (struct bs_step){.kind = BS_STEP_FRONTAGE, .files = 9};
	tf_order(&t, 0, 0, &w);
	movement(&t);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert(u->flags & BS_UF_WRAPPED);
	cr_assert_eq(u->files, 9);
	cr_assert_eq(u->wrap_files[0], 2);
	cr_assert_eq(u->wrap_files[1], 2);
	const struct bs_event *f = tf_find(&t, BS_EV_FORMATION, 0);
	cr_assert_str_eq(f->cite, "[7.11]");
	/* 4 files added + the quarter circle of a 1.5" wing */
	cr_assert_eq(f->n[4],
		     (int)lround((4 + 1.5 * 3.14159265358979 / 2) * 10));
	tf_dice(&t, (int[]){1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 12);
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	/* the wings attack the flanks on their own roll */
	int wing = 0;
	for (int i = 0; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_ATTACK && t.evs[i].ev.side == 0 &&
		    strcmp(t.evs[i].cite, "[7.11] [8.4]") == 0) {
			wing = 1;
			cr_assert_eq(t.evs[i].ev.n[0], 4);
			cr_assert_eq(t.evs[i].ev.n[7], BS_ARC_FLANK);
		}
	cr_assert(wing);
	/* "At the end of melee ... automatically considered to be in open
	 * formation" */
	cr_assert_eq(u->formation, BS_FORM_OPEN);
	tf_close(&t);
}

/* Issue 12 item 7: [13.9] mindless undead "never check morale or
 * discipline": skeletons (non-intelligent, so Table 7's "low intelligence"
 * row would apply) charge in closed formation without a discipline
 * check, stay in command and keep their formation; men-at-arms of low
 * intelligence would check (s7_14_discipline_case). */
Test(r07_movement, s13_9_mindless_undead_charge_without_discipline_check)
{
	struct tf t;
	open_charge(&t, 25, NULL, NULL, 0, NULL, "skeleton");
	struct bs_order o = charge_straight(18);
	tf_order(&t, 0, 0, &o);
	tf_dice(&t, (int[]){10, 10}, 2);
	movement(&t);
	cr_assert_eq(tf_count(&t, BS_EV_DISCIPLINE), 0);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_not(u->flags & BS_UF_DISC_FAILED);
	cr_assert_eq(u->formation, BS_FORM_CLOSED);
	cr_assert(bs1e_contact(t.b, 0, 1, NULL), "the charge goes in");
	tf_close(&t);
}

/* RULING R-370 [13.9] [7.13]: mindless undead roll no morale check, and
 * "Units that "never check morale" are subject to this penalty": the
 * forced-march check counts as failed, AR worsens by one, no dice. A
 * berserker-type unit ([4.1] never checks morale, not mindless) rolls
 * it, as [7.13] subjects it to the penalty on a failed roll. */
Test(r07_movement, s7_13_ruling_r370_mindless_undead_forced_march)
{
	struct tf t;
	open_charge(&t, 40, NULL, NULL, 0, NULL, "skeleton");
	struct bs_order o = tf_advance(18, 0);
	o.kind = BS_ORDER_FORCED_MARCH;
	tf_order(&t, 0, 0, &o);
	tf_dice(&t, (int[]){1, 1}, 2);
	movement(&t);
	cr_assert_eq(tf_count(&t, BS_EV_MORALE), 0, "no roll");
	cr_assert_eq(t.b->dice.pos, 0);
	cr_assert_eq(tf_unit(&t, 0, 0)->fm_penalty, 1, "counts as failed");
	tf_close(&t);
}

/* 1 when unit g's block lies wholly on the table. */
static int on_table(struct tf *t, int g)
{
	struct bs_quad q = bs1e_quad(t->b, g);
	return !bs_tt_off_table(&q, t->sc->width, t->sc->depth);
}

/* Issue 12 item 15, RULING R-374: only a routed unit leaves the table
 * ([6.4] [7.15]); any other move stops at the table edge as at a wall. A
 * unit 6" from its own edge ordered 12" toward it stops at the edge,
 * having spent only the way there; a forced march and a flight the same;
 * a face that would swing the block over the edge is refused. */
Test(r07_movement, s7_7_ruling_r374_moves_stop_at_the_table_edge)
{
	for (int k = 0; k < 3; k++) {
		struct tf t;
		struct tf_unit u[2] = {
		    {.side = 0,
		     .name = "Foot",
		     .x = 36,
		     .y = 6,
		     .facing = "south"},
		    {.side = 1,
		     .name = "Far",
		     .x = 36,
		     .y = 44,
		     .facing = "south"},
		};
		tf_open_units(&t, u, 2, NULL, NULL, NULL);
		t.b->round = 1;
		t.b->side_a = 0;
		struct bs_order o = tf_advance(12, 0);
		if (k == 1)
			o.kind = BS_ORDER_FORCED_MARCH;
		if (k == 2)
			o.step[0].angle = 30; /* oblique, toward the corner */
		tf_order(&t, 0, 0, &o);
		tf_dice(&t, (int[]){1, 1}, 2);
		tf_phase(&t, BS_PHASE_MOVEMENT);
		bs1e_phase_movement(t.b);
		struct bs_unit_state *f = tf_unit(&t, 0, 0);
		cr_assert(on_table(&t, 0), "case %d: still on the table", k);
		cr_assert(bs1e_in_play(t.b, 0));
		cr_assert_lt(f->front.y, 0.01, "case %d: at the edge", k);
		cr_assert_lt(f->mv_spent, 12 - 1, "case %d: spent %g", k,
			     f->mv_spent);
		tf_close(&t);
	}
}

/* The neighbours: a routed unit still goes over the edge and is removed
 * (s7_15_off_the_table_removed); the scripted controller marching a unit
 * toward its edge round after round leaves it on the table, in play. */
Test(r07_movement, s7_7_ruling_r374_scripted_march_stays_on_the_table)
{
	char yaml[4096];
	snprintf(yaml, sizeof yaml,
		 "name: Edge\nrules: bs1e\nlevel: basic\n"
		 "sides:\n"
		 "  - name: South\n    edge: south\n    controller: scripted\n"
		 "    units:\n"
		 "      - {name: Foot, figures: 8, creature: man-at-arms, "
		 "weapons: [long sword], position: [36, 10], facing: south, "
		 "commander: C}\n"
		 "    individuals:\n"
		 "      - {name: C, race: human, class: fighter, level: 5, "
		 "hp: 30, ac: 4, rank: unit}\n"
		 "    orders:\n"
		 "      - {round: 1, unit: Foot, order: move, steps: "
		 "[{advance: 12}]}\n"
		 "      - {round: 2, unit: Foot, order: move, steps: "
		 "[{advance: 12}]}\n"
		 "      - {round: 3, unit: Foot, order: forced_march, steps: "
		 "[{advance: 18}]}\n"
		 "  - name: North\n    edge: north\n    controller: hold\n"
		 "    units:\n"
		 "      - {name: Far, figures: 8, creature: man-at-arms, "
		 "weapons: [long sword], position: [36, 44], facing: south, "
		 "commander: D}\n"
		 "    individuals:\n"
		 "      - {name: D, race: human, class: fighter, level: 5, "
		 "hp: 30, ac: 4, rank: unit}\n"
		 "rounds: 4\n");
	struct tf t;
	tf_open(&t, yaml);
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	bs_ai_set_init(ai);
	attach_ok(ai, t.b);
	bs_battle_play(t.b, 4);
	cr_assert(bs1e_in_play(t.b, 0));
	cr_assert(on_table(&t, 0));
	cr_assert_eq(bs_battle_unit_end(t.b, 0), BS_END_INTACT);
	free(ai);
	tf_close(&t);
}

/* A formation step order. */
static struct bs_order formation_order(enum bs_formation f)
{
	struct bs_order o = {.kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1};
	o.nsteps = 1;
	o.step[0] = (struct bs_step){.kind = BS_STEP_FORMATION, .formation = f};
	return o;
}

/* Issue 12 item 5: [2.11] "An Elite Unit would act as a Regular Unit but
 * ... be able to enter Skirmish Formation": during play, for 1/3 MV, in
 * command [7.6]; in skirmish formation it keeps the formation's rules
 * ([7.4] its figures 1" apart, never moving into contact with an enemy
 * unit; [7.9] turning at will; no charge [7.14]); it can go back to open
 * formation. A regular unit cannot enter skirmish formation [7.1]. */
Test(r07_movement, s2_11_elite_enters_skirmish_formation_in_play)
{
	struct tf t;
	open_charge(&t, 25, "elite", "open", 0, "special_unit_types: [elite]\n",
		    NULL);
	struct bs_order o = formation_order(BS_FORM_SKIRMISH);
	tf_order(&t, 0, 0, &o);
	movement(&t);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_eq(tf_count(&t, BS_EV_REJECTED), 0);
	cr_assert_eq(u->formation, BS_FORM_SKIRMISH);
	cr_assert_float_eq(u->mv_spent, 4, 1e-9, "[7.6] 1/3 MV");
	struct bs_tt_shape s;
	bs1e_shape(t.b, 0, &s);
	cr_assert_float_eq(s.gap, 1.0, 1e-9, "[7.4] 1\" apart");
	/* next round: it cannot charge in skirmish formation, and an
	 * advance into the enemy stops short of contact [7.4] */
	t.b->round = 2;
	u->flags &= ~(unsigned)BS_UF_MOVED;
	u->mv_spent = 0;
	struct bs_tt_outcome oc;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_order ch = charge_straight(18);
	cr_assert_not(bs_tt_check_order(t.b, 0, 0, &ch, &oc));
	cr_assert_str_eq(oc.cite, "[7.14]");
	struct bs_order adv = tf_advance(18, 60); /* at will [7.9] */
	cr_assert(bs_tt_check_order(t.b, 0, 0, &adv, &oc), "%s",
		  oc.why ? oc.why : "");
	adv.step[0].angle = 0;
	cr_assert(bs_tt_check_order(t.b, 0, 0, &adv, &oc));
	cr_assert_not(oc.contact, "[7.4] never into contact");
	/* back to open formation */
	struct bs_order back = formation_order(BS_FORM_OPEN);
	cr_assert(bs_tt_check_order(t.b, 0, 0, &back, &oc), "%s",
		  oc.why ? oc.why : "");
	cr_assert_eq(oc.formation, BS_FORM_OPEN);
	tf_close(&t);
	/* a regular unit may not */
	open_charge(&t, 25, NULL, "open", 0, NULL, NULL);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	cr_assert_not(bs_tt_check_order(t.b, 0, 0, &o, &oc));
	cr_assert_str_eq(oc.cite, "[7.1] [2.11]");
	tf_close(&t);
}

/* [7.6] "unless the unit goes out of command or is routed. In the latter
 * case, it automatically goes to open formation": an elite unit in
 * skirmish formation [2.11] whose commander's radius no longer covers it
 * goes to open formation, free. */
Test(r07_movement, s7_6_elite_in_skirmish_out_of_command_to_open)
{
	struct tf t;
	open_charge(&t, 40, "elite", "skirmish", 0,
		    "special_unit_types: [elite]\n", NULL);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_eq(u->formation, BS_FORM_SKIRMISH, "deployed so");
	/* its commander falls */
	t.b->indivs[t.b->indiv_first[0]].alive = 0;
	bs1e_command_update(t.b, 0);
	cr_assert(u->flags & BS_UF_OUT_OF_COMMAND);
	cr_assert_eq(u->formation, BS_FORM_OPEN);
	tf_close(&t);
}

static const char *brute_cat =
    "catalog:\n"
    "  creatures:\n"
    "    - {name: brute, hd: \"3\", ac: 4, mv: 12, thac0: 3, size: L, "
    "attacks: 3d12, alignment: N, intelligence: average}\n"
    "    - {name: weakling, hd: \"1/2\", ac: 10, mv: 6, size: S, "
    "alignment: N, intelligence: average}\n";

/* A brute column one figure (1") wide at x = 35.75 charging straight at 20
 * weaklings (5 files of 1/2", 4 ranks) whose front is at y = 20: its
 * path covers their files 1 and 2. */
static void open_path(struct tf *t, const char *target)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Brutes",
	     .x = 35.75,
	     .y = 10,
	     .facing = "north",
	     .frontage = 1,
	     .figures = 4,
	     .creature = "brute",
	     .weapon = ""},
	    {.side = 1,
	     .name = "Weak",
	     .x = 36,
	     .y = 20,
	     .facing = "south",
	     .frontage = 5,
	     .figures = 20,
	     .creature = target,
	     .weapon = "dagger"},
	};
	tf_open_units(t, u, 2, brute_cat, NULL, NULL);
	t->moves_first = 1;
	t->b->round = 1;
	t->b->side_a = 0;
	struct bs_order o = charge_straight(18);
	tf_order(t, 0, 0, &o);
}

/* The NOTE of the break-through test (RULING R-174), or NULL. */
static const struct bs_event *bt_note(struct tf *t)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == BS_EV_NOTE &&
		    strstr(t->evs[i].ev.cite, "R-174"))
			return &t->evs[i].ev;
	return NULL;
}

/* Issue 12 item 10, RULING R-174 (revised): [7.14] "If a charging unit
 * runs into an enemy figure or figures that would be killed even if the
 * charging unit does minimum possible damage, it Breaks Through. The
 * enemy figures are immediately removed and the unit continues its
 * charge. The charging unit does not need to eliminate an entire unit to
 * break through; just those figures in its path." The 8 weaklings in the
 * column's path (2 files x 4 ranks, 40 HD) die on its least damage; the
 * whole unit (100 HD) would not: those 8 are removed, the other 12 close
 * up beside the path, the column goes on through, and the test is logged
 * with its numbers. */
Test(r07_movement, s7_14_ruling_r174_breaks_through_the_figures_in_its_path)
{
	struct tf t;
	open_path(&t, "weakling");
	tf_dice(&t, (int[]){1, 1, 1, 1}, 4);
	movement(&t);
	const struct bs_event *n = bt_note(&t);
	cr_assert_not_null(n, "the test is logged");
	cr_assert(strstr(n->what, "8 figures in its path"), "%s", n->what);
	cr_assert(strstr(n->what, "breaks through"), "%s", n->what);
	struct bs_unit_state *w = tf_unit(&t, 1, 0), *br = tf_unit(&t, 0, 0);
	cr_assert(bs1e_in_play(t.b, 1), "the rest of the unit stays");
	cr_assert_eq(w->figures, 12);
	cr_assert_gt(br->front.y, 22, "the charge went on through the path");
	struct bs_quad qa = bs1e_quad(t.b, 0), qb = bs1e_quad(t.b, 1);
	cr_assert_not(bs_quad_overlap(&qa, &qb));
	tf_close(&t);
}

/* The neighbour: weaklings in armour (AC 4, by the scenario's `ac`) are
 * not all killed on the least damage: no break-through, nothing removed,
 * the charge ends in contact; the test is logged all the same. */
Test(r07_movement, s7_14_ruling_r174_no_break_through_when_the_path_survives)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Brutes",
	     .x = 35.75,
	     .y = 10,
	     .facing = "north",
	     .frontage = 1,
	     .figures = 4,
	     .creature = "brute",
	     .weapon = ""},
	    {.side = 1,
	     .name = "Weak",
	     .x = 36,
	     .y = 20,
	     .facing = "south",
	     .frontage = 5,
	     .figures = 20,
	     .creature = "weakling",
	     .weapon = "dagger",
	     .extra = "        ac: -4\n"},
	};
	tf_open_units(&t, u, 2, brute_cat, NULL, NULL);
	t.moves_first = 1;
	t.b->round = 1;
	t.b->side_a = 0;
	struct bs_order o = charge_straight(18);
	tf_order(&t, 0, 0, &o);
	movement(&t);
	const struct bs_event *n = bt_note(&t);
	cr_assert_not_null(n);
	cr_assert(strstr(n->what, "no break-through"), "%s", n->what);
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 20);
	cr_assert(bs1e_contact(t.b, 0, 1, NULL));
	tf_close(&t);
}

/* The flank: 20 weaklings facing east in 2 files and 10 ranks (5" long on
 * the east-west line); the column strikes their right flank, its 1"
 * crossing 2 ranks: 4 figures in its path are removed, the 16 others close
 * up beside it (front or rear part), no block overlaps, and the charge
 * goes on through. */
Test(r07_movement, s7_14_ruling_r174_break_through_a_flank)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Brutes",
	     .x = 35.5,
	     .y = 10,
	     .facing = "north",
	     .frontage = 1,
	     .figures = 4,
	     .creature = "brute",
	     .weapon = ""},
	    {.side = 1,
	     .name = "Weak",
	     .x = 38,
	     .y = 20.5,
	     .facing = "east",
	     .frontage = 2,
	     .figures = 20,
	     .creature = "weakling",
	     .weapon = "dagger"},
	};
	tf_open_units(&t, u, 2, brute_cat, NULL, NULL);
	t.moves_first = 1;
	t.b->round = 1;
	t.b->side_a = 0;
	struct bs_order o = charge_straight(18);
	tf_order(&t, 0, 0, &o);
	tf_dice(&t, (int[]){1, 1, 1, 1}, 4);
	movement(&t);
	const struct bs_event *n = bt_note(&t);
	cr_assert_not_null(n);
	cr_assert(strstr(n->what, "4 figures in its path"), "%s", n->what);
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 16);
	struct bs_quad qa = bs1e_quad(t.b, 0), qb = bs1e_quad(t.b, 1);
	cr_assert_not(bs_quad_overlap(&qa, &qb));
	cr_assert_gt(tf_unit(&t, 0, 0)->front.y, 21.5, "through");
	tf_close(&t);
}

/* Brutes (chaotic, low intelligence, closed) at (36, 10) facing north; a
 * target at (36, 25) and a second enemy at (50, 25). */
static void open_wild(struct tf *t)
{
	struct tf_unit u[3] = {
	    {.side = 0,
	     .name = "Brutes",
	     .x = 36,
	     .y = 10,
	     .facing = "north",
	     .creature = "brute"},
	    {.side = 1, .name = "Target", .x = 36, .y = 25, .facing = "south"},
	    {.side = 1, .name = "Other", .x = 50, .y = 25, .facing = "south"},
	};
	tf_open_units(t, u, 3, brutes, NULL, NULL);
	t->moves_first = 1;
	t->b->round = 1;
	t->b->side_a = 0;
}

/* Issue 12 item 8: [4.6] "When a discipline check is failed, the unit goes
 * Out of Command" and docs/EVENTS.md's `command` event says so at once
 * (n[0] 0, cite [4.6]); the charge goes in regardless. */
Test(r07_movement, s4_6_failed_discipline_emits_command_event)
{
	struct tf t;
	open_wild(&t);
	struct bs_order o = charge_straight(18);
	tf_order(&t, 0, 0, &o);
	tf_dice(&t, (int[]){10, 10}, 2);
	movement(&t);
	int found = 0;
	for (int i = 0; i < t.nev; i++) {
		const struct bs_event *e = &t.evs[i].ev;
		if (e->type == BS_EV_COMMAND && e->side == 0 && e->unit == 0 &&
		    e->n[0] == 0 && strstr(e->cite, "[4.6]"))
			found = 1;
	}
	cr_assert(found, "a COMMAND event: out of command [4.6]");
	tf_close(&t);
}

/* Issue 12 item 8: "It charges and/or attacks the enemy until the unit is
 * routed, the enemy unit is routed, or the enemy unit is completely
 * defeated. The commander of a unit cannot reassert command until after
 * the unit has completed its attack." While its attack goes on, a rally
 * attempt to bring it back into command is refused [4.6]; once its enemy
 * has routed the attack is over: it does not turn on the next enemy, and
 * its commander may reassert command [6.7]. */
Test(r07_movement, s4_6_uncontrolled_attack_ends_when_its_enemy_routs)
{
	struct tf t;
	open_wild(&t);
	struct bs_order o = charge_straight(18);
	tf_order(&t, 0, 0, &o);
	tf_dice(&t, (int[]){10, 10}, 2);
	movement(&t);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert(u->flags & BS_UF_DISC_FAILED);
	cr_assert_eq(u->disc_tside, 1);
	cr_assert_eq(u->disc_tunit, 0, "its enemy: the charge's target");
	/* round 2, Rally Phase: its commander tries to take it back */
	t.b->round = 2;
	t.rally[0][t.nrally[0]++] =
	    (struct bs_rally_order){0, 0, BS_MOB_NONE, 0};
	tf_dice(&t, (int[]){1, 1}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r, "no rally in the middle of the attack");
	cr_assert(strstr(r->cite, "[4.6]"), "%s", r->cite);
	cr_assert_eq(tf_count(&t, BS_EV_RALLY), 0);
	cr_assert(u->flags & BS_UF_DISC_FAILED);
	/* its enemy routs: the attack is over */
	tf_unit(&t, 1, 0)->flags |= BS_UF_ROUTED;
	tf_unit(&t, 1, 0)->front = (struct bs_vec){36, 44};
	u->flags &= ~(unsigned)(BS_UF_MOVED | BS_UF_CHARGED);
	u->front = (struct bs_vec){36, 10};
	u->facing = 0;
	t.nrally[0] = 0;
	tf_order(&t, 0, 0,
		 &(struct bs_order){
		     .kind = BS_ORDER_HOLD, .tside = -1, .tunit = -1});
	movement(&t);
	cr_assert_eq(u->disc_tside, -1, "its attack is over");
	cr_assert_float_eq(u->front.y, 10, 1e-9,
			   "it does not charge the next enemy");
	cr_assert_not(u->flags & BS_UF_CHARGED);
	/* and its commander may now reassert command */
	t.b->round = 3;
	t.rally[0][t.nrally[0]++] =
	    (struct bs_rally_order){0, 0, BS_MOB_NONE, 0};
	tf_dice(&t, (int[]){1, 1}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	cr_assert_eq(tf_count(&t, BS_EV_RALLY), 1);
	cr_assert_not(u->flags & BS_UF_DISC_FAILED);
	tf_close(&t);
}
