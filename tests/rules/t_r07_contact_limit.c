/* Contact at exactly the limit [7.8] [7.14] (issue 12 item 11, RULING
 * one definition of touching (bs_quad_touching: the blocks within
 * BS_GEOM_TOUCH) for the sweeps that move a block, the Movement Phase's
 * contact and the Melee Phase. A charge whose advance equals the gap
 * reaches; the 2/3 MV run-up test applies to it; a target exactly at
 * 1 1/2 MV is reachable; a plain move of exactly the gap makes contact. */
#include <math.h>

#include "bs1e_fixture.h"

/* A charger (man-at-arms, MV 12, closed) with its front at (36, 10)
 * facing north, and a target with its front at (36, 10 + gap) facing
 * south: the blocks are exactly `gap` apart, front to front. */
static void face_off(struct tf *t, double gap)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Chargers",
	     .x = 36,
	     .y = 10,
	     .facing = "north"},
	    {.side = 1,
	     .name = "Target",
	     .x = 36,
	     .y = 10 + gap,
	     .facing = "south"},
	};
	tf_open_units(t, u, 2, NULL, NULL, NULL);
	t->moves_first = 1;
	t->b->round = 1;
	t->b->side_a = 0;
	tf_phase(t, BS_PHASE_MOVEMENT);
	cr_assert_float_eq(bs_tt_unit_dist(t->b, 0, 0, 1, 0), gap, 1e-9,
			   "the blocks stand %g\" apart", gap);
}

static struct bs_order straight(enum bs_order_kind kind, double dist)
{
	struct bs_order o = tf_advance(dist, 0);
	o.kind = kind;
	if (kind == BS_ORDER_CHARGE) {
		o.tside = 1;
		o.tunit = 0;
	}
	return o;
}

static void move_now(struct tf *t, const struct bs_order *o)
{
	tf_order(t, 0, 0, o);
	bs1e_phase_movement(t->b);
}

/* What the Melee Phase will see and what the Movement Phase logged must
 * agree: contact made and logged, the pair touching. */
static void assert_reached(struct tf *t)
{
	cr_assert(bs1e_contact(t->b, tf_g(t, 0, 0), tf_g(t, 1, 0), NULL),
		  "[7.8] the pair is in base-to-base contact");
	cr_assert_not_null(tf_find(t, BS_EV_CONTACT, 0),
			   "[7.8] the contact is logged");
	cr_assert(bs_tt_unit_dist(t->b, 0, 0, 1, 0) <= BS_GEOM_TOUCH);
}

Test(r07_contact_limit, s7_14_charge_of_exactly_the_gap_reaches)
{
	struct tf t;
	face_off(&t, 15);
	struct bs_order o = straight(BS_ORDER_CHARGE, 15);
	move_now(&t, &o);
	assert_reached(&t);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert(u->flags & BS_UF_CHARGED, "[7.14] it charged");
	cr_assert_eq(u->formation, BS_FORM_CLOSED,
		     "[7.14] a charge that reaches does not break to open");
	cr_assert_null(tf_find(&t, BS_EV_FORMATION, 0));
	for (int i = 0; i < t.nev; i++)
		cr_assert(strstr(t.evs[i].what, "did not reach") == NULL,
			  "not logged as a charge that did not reach");
	tf_close(&t);
}

Test(r07_contact_limit, s7_14_run_up_checked_at_the_limit)
{
	struct tf t;
	/* 7.5" away, advance 7.5": contact, and less than 2/3 MV (8") run */
	face_off(&t, 7.5);
	struct bs_order o = straight(BS_ORDER_CHARGE, 7.5);
	move_now(&t, &o);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r, "RULING R-108: too close to charge");
	cr_assert_str_eq(r->cite, "[7.14]");
	cr_assert_float_eq(tf_unit(&t, 0, 0)->front.y, 10, 1e-9);
	tf_close(&t);
}

Test(r07_contact_limit, s7_14_target_exactly_at_one_and_a_half_mv)
{
	struct tf t;
	face_off(&t, 18); /* 1 1/2 x MV 12 */
	struct bs_tt_charge ch;
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	cr_assert(ch.legal, "[7.14] within 1 1/2 MV: %s", ch.why ? ch.why : "");
	cr_assert_float_eq(ch.reach, 18, 1e-9);
	tf_order(&t, 0, 0, &ch.order);
	bs1e_phase_movement(t.b);
	assert_reached(&t);
	tf_close(&t);
	/* a hair beyond is out of reach */
	face_off(&t, 18.05);
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	cr_assert_not(ch.legal, "[7.14] beyond 1 1/2 MV");
	tf_close(&t);
}

Test(r07_contact_limit, s7_8_plain_move_of_exactly_the_gap_touches)
{
	struct tf t;
	face_off(&t, 6);
	struct bs_order o = straight(BS_ORDER_MOVE, 6);
	move_now(&t, &o);
	assert_reached(&t);
	tf_close(&t);
	/* and one that stops short by more than the tolerance does not */
	face_off(&t, 6);
	o = straight(BS_ORDER_MOVE, 6 - 2 * BS_GEOM_TOUCH);
	move_now(&t, &o);
	cr_assert_not(bs1e_contact(t.b, tf_g(&t, 0, 0), tf_g(&t, 1, 0), NULL));
	cr_assert_null(tf_find(&t, BS_EV_CONTACT, 0));
	tf_close(&t);
}
