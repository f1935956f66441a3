/* Routing [7.15] [6.4] [4.5]: the rout move (MV + 1/3 MV, MV 12 -> 16";
 * RULING R-139), its direction (RULING R-110), continuing routs at full
 * MV [6.4], off the table, completely surrounded (RULING R-111), friends
 * run into [7.15], skirmishers near a rout (Table 5, RULING R-115), and
 * the closed unit that breaks into open formation instead [4.5]. */
#include <math.h>

#include "bs1e_fixture.h"

static void open_one(struct tf *t, const char *form, double y,
		     const char *facing)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Foot",
	     .x = 36,
	     .y = y,
	     .formation = form,
	     .facing = facing},
	    {.side = 1, .name = "Enemy", .x = 36, .y = 44, .facing = "south"},
	};
	tf_open_units(t, u, 2, NULL, NULL, NULL);
	t->b->round = 1;
}

static void fail_check(struct tf *t, struct bs_vec cause)
{
	tf_dice(t, (int[]){10, 10}, 2);
	bs1e_morale_check(t->b, 0, 1u << BS1E_T5_OTHER_RULE, 0, cause,
			  "[4.4 T5]");
}

Test(r07_rout, s7_15_rout_distance_mv12_16)
{
	struct tf t;
	open_one(&t, "open", 30, "north");
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){36, 44});
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert(u->flags & BS_UF_ROUTED);
	const struct bs_event *r = tf_find(&t, BS_EV_ROUT, 0);
	cr_assert_not_null(r);
	/* [7.15] "its movement rate plus an additional 1/3": 12 + 4 */
	cr_assert_eq(r->n[1], 160);
	cr_assert_eq(r->n[0], 160, "nothing in the way");
	/* away from the enemy to the north and toward the south edge,
	 * ending with its back to the enemy */
	cr_assert_float_eq(u->facing, 180, 1e-9);
	cr_assert_float_eq(u->rout_facing, 180, 1e-9);
	cr_assert_lt(u->front.y, 30 - 15);
	tf_close(&t);
}

Test(r07_rout, s6_4_keeps_routing_full_mv)
{
	struct tf t;
	open_one(&t, "open", 40, "north");
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){36, 44});
	double y = tf_unit(&t, 0, 0)->front.y;
	t.b->round = 2;
	tf_unit(&t, 0, 0)->flags &= ~(unsigned)BS_UF_MOVED;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	const struct bs_event *r = tf_find(&t, BS_EV_ROUT, 1);
	cr_assert_not_null(r);
	cr_assert_eq(r->n[1], 120, "[6.4] its full movement rate");
	cr_assert_float_eq(tf_unit(&t, 0, 0)->front.y, y - 12, 1e-6,
			   "[7.15] in the same direction");
	tf_close(&t);
}

Test(r07_rout, s7_15_off_the_table_removed)
{
	struct tf t;
	open_one(&t, "open", 10, "north");
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){36, 44});
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert(u->flags & BS_UF_REMOVED);
	cr_assert_eq(bs_battle_unit_end(t.b, 0), BS_END_ROUTED_OFF);
	const struct bs_event *e = tf_find(&t, BS_EV_REMOVED, 0);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->what, "off the table");
	cr_assert_eq(u->figures, 16, "routed off, not killed");
	tf_close(&t);
}

Test(r07_rout, s4_5_closed_breaks_into_open)
{
	struct tf t;
	open_one(&t, NULL, 30, "north");
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){36, 44});
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_not(u->flags & BS_UF_ROUTED);
	cr_assert_eq(u->formation, BS_FORM_OPEN);
	cr_assert_str_eq(tf_find(&t, BS_EV_FORMATION, 0)->cite, "[4.5]");
	cr_assert_float_eq(u->front.y, 30, 1e-9, "it does not move");
	tf_close(&t);
}

Test(r07_rout, s7_15_surrounded_destroyed)
{
	struct tf t;
	/* Foot (open, 8 figures in 4 files: 4.5" x 2") ringed by four
	 * enemy blocks in closed formation */
	struct tf_unit u[5] = {
	    {.side = 0,
	     .name = "Foot",
	     .figures = 8,
	     .frontage = 4,
	     .x = 36,
	     .y = 24,
	     .formation = "open",
	     .facing = "north"},
	    {.side = 1,
	     .name = "N",
	     .figures = 16,
	     .frontage = 8,
	     .x = 36,
	     .y = 24,
	     .facing = "south"},
	    {.side = 1,
	     .name = "S",
	     .figures = 16,
	     .frontage = 8,
	     .x = 36,
	     .y = 22,
	     .facing = "north"},
	    {.side = 1,
	     .name = "W",
	     .figures = 6,
	     .frontage = 3,
	     .x = 33.75,
	     .y = 23,
	     .facing = "east"},
	    {.side = 1,
	     .name = "E",
	     .figures = 6,
	     .frontage = 3,
	     .x = 38.25,
	     .y = 23,
	     .facing = "west"},
	};
	tf_open_units(&t, u, 5, NULL, NULL, NULL);
	t.b->round = 1;
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){36, 30});
	cr_assert_eq(bs_battle_unit_end(t.b, 0), BS_END_DESTROYED);
	const struct bs_event *e = tf_find(&t, BS_EV_REMOVED, 0);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->what, "surrounded");
	cr_assert_str_eq(e->cite, "[7.15] RULING R-172");
	tf_close(&t);
}

Test(r07_rout, s7_15_friend_in_the_way_checks_and_is_broken_around)
{
	struct tf t;
	struct tf_unit u[3] = {
	    {.side = 0,
	     .name = "Foot",
	     .x = 36,
	     .y = 30,
	     .formation = "open",
	     .facing = "north"},
	    {.side = 0, .name = "Reserve", .x = 36, .y = 24, .facing = "north"},
	    {.side = 1, .name = "Enemy", .x = 36, .y = 44, .facing = "south"},
	};
	tf_open_units(&t, u, 3, NULL, NULL, NULL);
	t.b->round = 1;
	tf_phase(&t, BS_PHASE_MELEE);
	/* Foot fails (10, 10); the Reserve it runs into passes (1, 1) */
	tf_dice(&t, (int[]){10, 10, 1, 1}, 4);
	bs1e_morale_check(t.b, 0, 1u << BS1E_T5_OTHER_RULE, 0,
			  (struct bs_vec){36, 44}, "[4.4 T5]");
	const struct bs_event *m = tf_find(&t, BS_EV_MORALE, 1);
	cr_assert_not_null(m, "the friend checks");
	cr_assert_eq(m->side, 0);
	cr_assert_eq(m->unit, 1);
	cr_assert_str_eq(m->cite, "[7.15]");
	cr_assert_not(tf_unit(&t, 0, 1)->flags & BS_UF_ROUTED);
	/* it broke around the Reserve and reformed beyond it */
	struct bs_quad q = bs1e_quad(t.b, 0), r = bs1e_quad(t.b, 1);
	cr_assert_not(bs_quad_overlap(&q, &r));
	cr_assert_lt(tf_unit(&t, 0, 0)->front.y, 22.5);
	tf_close(&t);
}

/* Foot (open) next to Scouts (a skirmish unit of 6 with their commander)
 * 14" away: Foot routs; each scout checks. */
static void open_scouts(struct tf *t)
{
	struct tf_unit u[3] = {
	    {.side = 0,
	     .name = "Foot",
	     .x = 36,
	     .y = 30,
	     .formation = "open",
	     .facing = "north"},
	    {.side = 0,
	     .name = "Scouts",
	     .type = "skirmish",
	     .figures = 6,
	     .frontage = 6,
	     .x = 50,
	     .y = 30,
	     .facing = "north"},
	    {.side = 1, .name = "Enemy", .x = 36, .y = 44, .facing = "south"},
	};
	tf_open_units(t, u, 3, NULL, NULL, NULL);
	t->b->round = 1;
	tf_phase(t, BS_PHASE_MELEE);
}

/* Issue 12 item 2, RULING R-115 (revised) and R-378: Table 5 and [2.9]
 * "Each figure in a skirmish unit must make a Morale Check whenever any
 * friendly unit in its base ground movement range Routs. If the Morale
 * Check is failed, the skirmishing figure also routs." Six scouts, six
 * checks: two fail (20), four pass (2): those two rout on their own, the
 * four stay as the unit; the unit is not routed. */
Test(r07_rout, s2_9_each_skirmish_figure_checks_when_a_friend_routs)
{
	struct tf t;
	open_scouts(&t);
	tf_dice(&t, (int[]){10, 10, 10, 10, 1, 1, 10, 10, 1, 1, 1, 1, 1, 1},
		14);
	bs1e_morale_check(t.b, 0, 1u << BS1E_T5_OTHER_RULE, 0,
			  (struct bs_vec){36, 44}, "[4.4 T5]");
	int checks = 0;
	for (int i = 0; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_MORALE && t.evs[i].ev.unit == 1) {
			checks++;
			cr_assert(t.evs[i].ev.n[1] &
				  (1u << BS1E_T5_SKIRMISHER_FRIEND_ROUTS));
		}
	cr_assert_eq(checks, 6, "one check per figure");
	struct bs_unit_state *sc = tf_unit(&t, 0, 1);
	cr_assert_not(sc->flags & BS_UF_ROUTED, "the unit holds");
	cr_assert_eq(sc->figures, 4);
	cr_assert_eq(sc->sk_away, 2, "two figures rout on their own");
	/* they ran off toward their own lines, MV + 1/3 MV */
	cr_assert_lt(sc->sk_pos.y, 30 - 10);
	/* not casualties */
	bs1e_check_over(t.b, 0);
	cr_assert_eq(t.b->result.side[0].figures_lost, 0);
	tf_close(&t);
}

/* The neighbours: every figure fails: the whole unit routs; none fails:
 * nothing happens. */
Test(r07_rout, s2_9_all_or_no_skirmish_figures_fail)
{
	for (int k = 0; k < 2; k++) {
		struct tf t;
		open_scouts(&t);
		int dice[14] = {10, 10};
		for (int i = 2; i < 14; i++)
			dice[i] = k ? 10 : 1;
		tf_dice(&t, dice, 14);
		bs1e_morale_check(t.b, 0, 1u << BS1E_T5_OTHER_RULE, 0,
				  (struct bs_vec){36, 44}, "[4.4 T5]");
		struct bs_unit_state *sc = tf_unit(&t, 0, 1);
		cr_assert_eq(sc->sk_away, 0);
		cr_assert_eq(sc->figures, 6);
		cr_assert_eq((sc->flags & BS_UF_ROUTED) != 0, k);
		tf_close(&t);
	}
}

/* RULING R-378 [2.9] "A routing skirmisher can be Rallied by ... If the
 * skirmish unit has a Unit Commander, that commander can also rally the
 * routing skirmisher": its commander rallies the two (within his radius
 * of them); they come back and rejoin their unit; unrallied, they run on
 * and leave the table. */
Test(r07_rout, s2_9_ruling_r378_routed_skirmishers_rallied_or_off)
{
	for (int rallied = 0; rallied < 2; rallied++) {
		struct tf t;
		open_scouts(&t);
		tf_dice(&t,
			(int[]){10, 10, 10, 10, 1, 1, 10, 10, 1, 1, 1, 1, 1, 1},
			14);
		bs1e_morale_check(t.b, 0, 1u << BS1E_T5_OTHER_RULE, 0,
				  (struct bs_vec){36, 44}, "[4.4 T5]");
		struct bs_unit_state *sc = tf_unit(&t, 0, 1);
		cr_assert_eq(sc->sk_away, 2);
		sc->sk_pos = (struct bs_vec){50, 22}; /* within his 13" */
		for (int round = 2; round <= 6; round++) {
			t.b->round = round;
			for (int g = 0; g < t.b->nunits; g++)
				t.b->units[g].flags &= ~(unsigned)BS_UF_MOVED;
			for (int k = 0; k < t.b->nindivs; k++)
				t.b->indivs[k].flags = 0;
			t.nrally[0] = 0;
			if (rallied && round == 2)
				t.rally[0][t.nrally[0]++] =
				    (struct bs_rally_order){1, 1, BS_MOB_NONE,
							    0};
			tf_dice(&t, (int[]){1, 1, 1, 1}, 4);
			tf_phase(&t, BS_PHASE_RALLY);
			bs1e_phase_rally(t.b);
			tf_phase(&t, BS_PHASE_MOVEMENT);
			bs1e_phase_movement(t.b);
		}
		if (rallied) {
			cr_assert_eq(tf_count(&t, BS_EV_RALLY), 1);
			cr_assert_eq(sc->sk_away, 0, "back with the unit");
			cr_assert_eq(sc->figures, 6);
		} else {
			cr_assert_eq(sc->sk_away, 0);
			cr_assert_eq(sc->sk_off, 2, "off the table");
			cr_assert_eq(sc->figures, 4);
		}
		tf_close(&t);
	}
}

/* Foot (open, 8 figures in 4 files: 4.5" x 2", front (36, 24) facing
 * north) with enemy blocks touching its west and east flanks and its
 * rear; its front is free (FRONT_FREE), touched by a short enemy block
 * that leaves 1.125" of it uncovered at each end (FRONT_SHORT_ENEMY), or
 * held by a friend with an enemy block beyond it, so that the router
 * cannot break around the friend (FRONT_FRIEND). */
enum { FRONT_FREE, FRONT_SHORT_ENEMY, FRONT_FRIEND };

static void hemmed(struct tf *t, int front)
{
	struct tf_unit u[7] = {
	    {.side = 0,
	     .name = "Foot",
	     .figures = 8,
	     .frontage = 4,
	     .x = 36,
	     .y = 24,
	     .formation = "open",
	     .facing = "north"},
	    {.side = 1,
	     .name = "S",
	     .figures = 16,
	     .frontage = 8,
	     .x = 36,
	     .y = 22,
	     .facing = "north"},
	    {.side = 1,
	     .name = "W",
	     .figures = 6,
	     .frontage = 3,
	     .x = 33.75,
	     .y = 23,
	     .facing = "east"},
	    {.side = 1,
	     .name = "E",
	     .figures = 6,
	     .frontage = 3,
	     .x = 38.25,
	     .y = 23,
	     .facing = "west"},
	    {.side = 1,
	     .name = "N",
	     .figures = 6,
	     .frontage = 3,
	     .x = 36,
	     .y = 24,
	     .facing = "south"},
	    {.side = 0,
	     .name = "Friend",
	     .figures = 8,
	     .frontage = 4,
	     .x = 36,
	     .y = 26,
	     .facing = "north"},
	    {.side = 1,
	     .name = "Beyond",
	     .figures = 16,
	     .frontage = 8,
	     .x = 36,
	     .y = 26,
	     .facing = "south"},
	};
	if (front == FRONT_FREE) {
		tf_open_units(t, u, 4, NULL, NULL, NULL);
	} else if (front == FRONT_SHORT_ENEMY) {
		tf_open_units(t, u, 5, NULL, NULL, NULL);
	} else {
		u[4] = u[5];
		u[5] = u[6];
		tf_open_units(t, u, 6, NULL, NULL, NULL);
	}
	t->b->round = 1;
}

/* The enemy blocks that can close a ring around Foot are not closing
 * it: RULING R-111 finds a gap. */
static void not_surrounded(struct tf *t)
{
	struct bs_quad ring[BS1E_MAX_UNITS];
	int n = 0;
	for (int h = 0; h < t->b->nunits; h++)
		if (t->b->units[h].side == 1)
			ring[n++] = bs1e_quad(t->b, h);
	struct bs_quad q = bs1e_quad(t->b, 0);
	cr_assert_not(bs_tt_surrounded(&q, ring, n), "there is a gap");
}

Test(r07_rout, s7_15_ruling_r172_router_routs_through_the_gap)
{
	struct tf t;
	hemmed(&t, FRONT_FREE);
	not_surrounded(&t);
	tf_phase(&t, BS_PHASE_MELEE);
	/* the cause to the west: away is east, its own lines (the south
	 * edge) are within 90 degrees of it: RULING R-110 sends it south,
	 * into S; the only way out is north */
	fail_check(&t, (struct bs_vec){32, 23});
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert(bs1e_in_play(t.b, 0), "not destroyed: there is a gap");
	cr_assert(u->flags & BS_UF_ROUTED);
	const struct bs_event *r = tf_find(&t, BS_EV_ROUT, 0);
	cr_assert_not_null(r);
	cr_assert_eq(r->n[0], 160, "the whole MV + 1/3 MV, through the gap");
	cr_assert_float_eq(u->rout_facing, 0, 1e-6);
	cr_assert_float_eq(u->facing, 0, 1e-6, "its back to the enemy");
	cr_assert_gt(u->front.y, 24 + 15);
	/* the next Movement Phase it keeps going that way [7.15] */
	double y = u->front.y;
	t.b->round = 2;
	u->flags &= ~(unsigned)BS_UF_MOVED;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert(bs1e_in_play(t.b, 0) == 0 || u->front.y > y + 1);
	tf_close(&t);
}

/* Issue 12 item 13 (R-172 revised): "no gap of 1" or more ... through which
 * even a single figure could escape": the short enemy at its front leaves
 * 1.125" between it and the flank blocks; the block cannot pass, but its
 * figures can: the unit routs through the gap and reforms beyond it (a
 * NOTE), instead of being destroyed as the first reading had it. */
Test(r07_rout, s7_15_ruling_r172_router_squeezes_through_a_gap)
{
	struct tf t;
	hemmed(&t, FRONT_SHORT_ENEMY);
	not_surrounded(&t);
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){32, 23});
	cr_assert(bs1e_in_play(t.b, 0), "a gap: not destroyed");
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_ROUTED);
	int note = 0;
	for (int i = 0; i < t.nev; i++)
		note |= t.evs[i].ev.type == BS_EV_NOTE &&
			strstr(t.evs[i].what, "through a gap");
	cr_assert(note, "it routs through the gap");
	/* out of the ring: its block is beyond the enemies' front line */
	struct bs_quad q = bs1e_quad(t.b, 0);
	struct bs_vec c = bs_quad_centre(&q);
	cr_assert_gt(c.y, 24.5, "beyond the ring (centre %g, %g)", c.x, c.y);
	for (int h = 1; h < t.b->nunits; h++) {
		struct bs_quad qh = bs1e_quad(t.b, h);
		cr_assert_not(bs_quad_overlap(&q, &qh));
	}
	tf_close(&t);
}

/* The same ring with the friend at its front and an enemy beyond it: the
 * flank block and the enemy beyond stand 1.875" apart, a gap a figure can
 * pass: the router gets out through it, past its friend. */
Test(r07_rout, s7_15_ruling_r172_router_gets_out_past_a_friend)
{
	struct tf t;
	hemmed(&t, FRONT_FRIEND);
	not_surrounded(&t);
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){32, 23});
	cr_assert(bs1e_in_play(t.b, 0));
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_ROUTED);
	const struct bs_event *r = tf_find(&t, BS_EV_ROUT, 0);
	cr_assert_not_null(r);
	cr_assert_gt(r->n[0], 10, "it got away");
	tf_close(&t);
}

/* A ring of four enemy blocks around Foot, 3" clear of it on every side,
 * each corner of the ring `corner` inches open. */
static void ringed(struct tf *t, double corner)
{
	double e = 41 + (corner - 0.5);
	struct tf_unit u[5] = {
	    {.side = 0,
	     .name = "Foot",
	     .figures = 8,
	     .frontage = 4,
	     .x = 36,
	     .y = 24,
	     .formation = "open",
	     .facing = "north"},
	    {.side = 1,
	     .name = "N",
	     .figures = 24,
	     .frontage = 12,
	     .x = 36,
	     .y = 27,
	     .facing = "south"},
	    {.side = 1,
	     .name = "S",
	     .figures = 24,
	     .frontage = 12,
	     .x = 36,
	     .y = 19,
	     .facing = "north"},
	    {.side = 1,
	     .name = "W",
	     .figures = 24,
	     .frontage = 12,
	     .x = 31,
	     .y = 23,
	     .facing = "east"},
	    {.side = 1,
	     .name = "E",
	     .figures = 24,
	     .frontage = 12,
	     .x = e,
	     .y = 23,
	     .facing = "west"},
	};
	tf_open_units(t, u, 5, NULL, NULL, NULL);
	t->b->round = 1;
}

/* Issue 12 item 13: a router inside a closed ring (its corners 0.5" open:
 * no gap of 1") is destroyed at once, though its own room inside lets it
 * move (before issue 12 it shuffled back and forth inside for ever); with
 * the ring's east corners 1.75" open it routs out through a gap. */
Test(r07_rout, s7_15_ruling_r172_ring_closed_or_open)
{
	struct tf t;
	ringed(&t, 0.5);
	struct bs_quad ring[4];
	for (int h = 1; h <= 4; h++)
		ring[h - 1] = bs1e_quad(t.b, h);
	struct bs_vec c = bs1e_centre(t.b, 0);
	cr_assert(bs_tt_enclosed(c, ring, 4, 1.0), "closed at 1 inch");
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){20, 23});
	cr_assert_eq(bs_battle_unit_end(t.b, 0), BS_END_DESTROYED);
	cr_assert_str_eq(tf_find(&t, BS_EV_REMOVED, 0)->what, "surrounded");
	tf_close(&t);

	ringed(&t, 1.75);
	for (int h = 1; h <= 4; h++)
		ring[h - 1] = bs1e_quad(t.b, h);
	c = bs1e_centre(t.b, 0);
	cr_assert_not(bs_tt_enclosed(c, ring, 4, 1.0), "gaps of 1.75 inches");
	cr_assert(bs_tt_enclosed(c, ring, 4, 2.1), "too narrow for its block");
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){20, 23});
	cr_assert(bs1e_in_play(t.b, 0));
	struct bs_quad q = bs1e_quad(t.b, 0);
	c = bs_quad_centre(&q);
	cr_assert_not(bs_tt_enclosed(c, ring, 4, 2.1), "out of the ring");
	for (int h = 1; h < t.b->nunits; h++) {
		struct bs_quad qh = bs1e_quad(t.b, h);
		cr_assert_not(bs_quad_overlap(&q, &qh));
	}
	tf_close(&t);
}

Test(r07_rout, s7_15_ruling_r172_router_boxed_in_by_friends_waits)
{
	struct tf t;
	/* Foot boxed in by friends on all four sides, a second friend
	 * behind the one it runs into (no room to reform beyond it) */
	struct tf_unit u[7] = {
	    {.side = 0,
	     .name = "Foot",
	     .figures = 8,
	     .frontage = 4,
	     .x = 36,
	     .y = 24,
	     .formation = "open",
	     .facing = "north"},
	    {.side = 0,
	     .name = "S",
	     .figures = 16,
	     .frontage = 8,
	     .x = 36,
	     .y = 22,
	     .facing = "north"},
	    {.side = 0,
	     .name = "S2",
	     .figures = 16,
	     .frontage = 8,
	     .x = 36,
	     .y = 20,
	     .facing = "north"},
	    {.side = 0,
	     .name = "W",
	     .figures = 6,
	     .frontage = 3,
	     .x = 33.75,
	     .y = 23,
	     .facing = "east"},
	    {.side = 0,
	     .name = "E",
	     .figures = 6,
	     .frontage = 3,
	     .x = 38.25,
	     .y = 23,
	     .facing = "west"},
	    {.side = 0,
	     .name = "N",
	     .figures = 16,
	     .frontage = 8,
	     .x = 36,
	     .y = 26,
	     .facing = "north"},
	    {.side = 1, .name = "Enemy", .x = 36, .y = 44, .facing = "south"},
	};
	tf_open_units(&t, u, 7, NULL, NULL, NULL);
	t.b->round = 1;
	tf_phase(&t, BS_PHASE_MELEE);
	/* Foot fails (10, 10) and routs south into S, which holds (1, 1) */
	tf_dice(&t, (int[]){10, 10, 1, 1}, 4);
	bs1e_morale_check(t.b, 0, 1u << BS1E_T5_OTHER_RULE, 0,
			  (struct bs_vec){36, 44}, "[4.4 T5]");
	const struct bs_event *m = tf_find(&t, BS_EV_MORALE, 1);
	cr_assert_not_null(m, "[7.15] the friend run into checks");
	cr_assert_eq(m->unit, 1);
	/* no enemy at hand: not destroyed, it waits for room */
	cr_assert(bs1e_in_play(t.b, 0));
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_ROUTED);
	const struct bs_event *r = tf_find(&t, BS_EV_ROUT, 0);
	cr_assert_not_null(r);
	cr_assert_lt(r->n[0], 10);
	tf_close(&t);
}

/* Foot (closed, 16 figures in 8 files, front (36, 30) facing north), the
 * enemy far to the north, and friends touching its left flank, its right
 * flank and its rear, as asked. */
static void crowded(struct tf *t, int left, int right, int rear)
{
	struct tf_unit u[5] = {
	    {.side = 0,
	     .name = "Foot",
	     .frontage = 8,
	     .x = 36,
	     .y = 30,
	     .facing = "north"},
	    {.side = 1, .name = "Enemy", .x = 36, .y = 44, .facing = "south"},
	    {.side = 0, .name = "Left", .figures = 4, .frontage = 2, .x = 10},
	    {.side = 0, .name = "Right", .figures = 4, .frontage = 2, .x = 60},
	    {.side = 0, .name = "Rear", .figures = 16, .frontage = 8, .x = 36},
	};
	tf_open_units(t, u, 5, NULL, NULL, NULL);
	t->b->round = 1;
	/* the friends put touching Foot's block, 0.001" off */
	struct bs_quad q = bs1e_quad(t->b, 0);
	struct bs_tt_shape s, fs;
	bs1e_shape(t->b, 0, &s);
	bs1e_shape(t->b, 1, &fs); /* Left and Right alike */
	if (left)
		tf_unit(t, 0, 1)->front =
		    (struct bs_vec){q.p[0].x - 0.001 - fs.width / 2, 30};
	if (right)
		tf_unit(t, 0, 2)->front =
		    (struct bs_vec){q.p[3].x + 0.001 + fs.width / 2, 30};
	if (rear)
		tf_unit(t, 0, 3)->front =
		    (struct bs_vec){36, 30 - s.depth - 0.001};
}

/* No two blocks overlap. */
static void no_overlap(struct tf *t)
{
	for (int g = 0; g < t->b->nunits; g++)
		for (int h = g + 1; h < t->b->nunits; h++) {
			struct bs_quad a = bs1e_quad(t->b, g);
			struct bs_quad c = bs1e_quad(t->b, h);
			cr_assert_not(bs_quad_overlap(&a, &c), "%d and %d", g,
				      h);
		}
}

Test(r07_rout, s4_5_ruling_r106_breaks_open_toward_free_space)
{
	struct tf t;
	crowded(&t, 1, 0, 0);
	struct bs_quad q0 = bs1e_quad(t.b, 0);
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){36, 44});
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_eq(u->formation, BS_FORM_OPEN);
	cr_assert_eq(u->files, 8, "[4.5] its frontage kept: %d", u->files);
	cr_assert_not(u->cramped);
	struct bs_quad q = bs1e_quad(t.b, 0);
	cr_assert_float_eq(q.p[0].x, q0.p[0].x, 1e-9, "left end kept");
	cr_assert_float_eq(u->front.y, 30, 1e-9, "front on its line");
	cr_assert_gt(q.p[3].x, q0.p[3].x + 1, "spread to the right");
	no_overlap(&t);
	const struct bs_event *f = tf_find(&t, BS_EV_FORMATION, 0);
	cr_assert_eq(f->n[3], 8);
	cr_assert_eq(f->n[5], 0);
	tf_close(&t);
}

Test(r07_rout, s4_5_ruling_r106_no_room_cramped_then_spreads)
{
	struct tf t;
	crowded(&t, 1, 1, 1);
	struct bs_quad q0 = bs1e_quad(t.b, 0);
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){36, 44});
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_eq(u->formation, BS_FORM_OPEN);
	cr_assert(u->cramped, "RULING R-106: no room anywhere");
	struct bs_quad q = bs1e_quad(t.b, 0);
	for (int i = 0; i < 4; i++) {
		cr_assert_float_eq(q.p[i].x, q0.p[i].x, 1e-9);
		cr_assert_float_eq(q.p[i].y, q0.p[i].y, 1e-9);
	}
	no_overlap(&t);
	const struct bs_event *f = tf_find(&t, BS_EV_FORMATION, 0);
	cr_assert_not_null(f);
	cr_assert_eq(f->n[1], BS_FORM_OPEN);
	cr_assert_eq(f->n[5], 1, "the event says it is cramped");
	/* the rear friend marches off: when its side's Movement Phase
	 * begins, Foot spreads out (narrower and deeper) */
	tf_unit(&t, 0, 3)->front.y -= 10;
	t.b->round = 2;
	int nev = t.nev;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_not(u->cramped);
	cr_assert_eq(u->formation, BS_FORM_OPEN);
	cr_assert_lt(u->files, 8);
	no_overlap(&t);
	const struct bs_event *sp = NULL;
	for (int i = nev; i < t.nev && !sp; i++)
		if (t.evs[i].ev.type == BS_EV_FORMATION)
			sp = &t.evs[i].ev;
	cr_assert_not_null(sp);
	cr_assert_eq(sp->n[0], BS_FORM_OPEN);
	cr_assert_eq(sp->n[1], BS_FORM_OPEN);
	cr_assert_eq(sp->n[2], 8);
	cr_assert_eq(sp->n[5], 0);
	cr_assert_str_eq(sp->cite, "[4.5] RULING R-106");
	tf_close(&t);
}

/* Issue 12 item 16: the scenario option RULING R-067 names,
 * `table4_losses_cumulative`, loads and applies in play: a unit that lost
 * 12 of 16 figures (75%) takes -2 and -4; without the option -4. */
Test(r07_rout, s4_2_option_table4_losses_cumulative_in_play)
{
	for (int opt = 0; opt < 2; opt++) {
		struct tf t;
		struct tf_unit u[2] = {
		    {.side = 0, .name = "Foot", .x = 36, .y = 10},
		    {.side = 1,
		     .name = "Enemy",
		     .x = 36,
		     .y = 44,
		     .facing = "south"},
		};
		tf_open_units(&t, u, 2,
			      opt ? "options: [table4_losses_cumulative]\n"
				  : NULL,
			      NULL, NULL);
		cr_assert_eq(
		    (t.sc->options >> BS_OPT_TABLE4_LOSSES_CUMULATIVE) & 1,
		    (unsigned)opt);
		tf_phase(&t, BS_PHASE_MELEE);
		tf_unit(&t, 0, 0)->figures = 4;
		struct bs_deriv d;
		bs1e_current_morale(t.b, 0, 0, 0, 1, &d);
		cr_assert_eq(tf_has_term(&d, -4, "75%"), 1);
		cr_assert_eq(tf_has_term(&d, -2, "50%"), opt);
		tf_close(&t);
	}
}

/* Issue 12 item 7 and [4.1]: "Units that never check morale (e.g.,
 * berserkers, gibberlings) cannot Rout": a Table 5 check of a berserker
 * unit is not rolled (a NOTE says why); an ordinary open unit rolls and
 * routs on 20. */
Test(r07_rout, s4_1_never_checks_morale_no_roll)
{
	for (int bers = 0; bers < 2; bers++) {
		struct tf t;
		struct tf_unit u[2] = {
		    {.side = 0,
		     .name = "Foot",
		     .x = 36,
		     .y = 20,
		     .formation = "open",
		     .type = bers ? "berserker" : NULL},
		    {.side = 1,
		     .name = "Enemy",
		     .x = 36,
		     .y = 44,
		     .facing = "south"},
		};
		tf_open_units(&t, u, 2, "special_unit_types: [berserker]\n",
			      NULL, NULL);
		t.b->round = 1;
		tf_phase(&t, BS_PHASE_MELEE);
		fail_check(&t, (struct bs_vec){36, 44});
		cr_assert_eq(tf_count(&t, BS_EV_MORALE), bers ? 0 : 1);
		cr_assert_eq(t.b->dice.pos, bers ? 0u : 2u);
		cr_assert_eq((tf_unit(&t, 0, 0)->flags & BS_UF_ROUTED) != 0,
			     !bers);
		if (bers)
			cr_assert_str_eq(tf_find(&t, BS_EV_NOTE, 0)->cite,
					 "[4.1]");
		tf_close(&t);
	}
}

/* Issue 12 item 4, RULING R-114 (revised): Table 4 [2.10] "a friendly
 * regular infantry unit is directly behind it and no more than 6" away":
 * behind the mob's rear edge and within its width, not off to one side
 * (its centre may still lie in the mob's rear arc). */
Test(r07_rout, s2_10_ruling_r114_support_only_directly_behind)
{
	static const struct {
		double x, y;
		int supported;
	} c[] = {
	    {36, 13, 1},   /* straight behind, 2" from its rear edge */
	    {38, 13, 1},   /* behind, its centre within the mob's width */
	    {41.5, 12, 0}, /* in the rear arc but off to one side */
	    {36, 5, 0},	   /* straight behind but more than 6" away */
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		struct tf t;
		struct tf_unit u[3] = {
		    {.side = 0,
		     .name = "Levy",
		     .type = "mob",
		     .creature = "militia",
		     .weapon = "club",
		     .x = 36,
		     .y = 20,
		     .facing = "north",
		     .frontage = 6,
		     .figures = 36,
		     .no_cmd = 1},
		    {.side = 0,
		     .name = "Spears",
		     .x = c[k].x,
		     .y = c[k].y,
		     .facing = "north",
		     .frontage = 4,
		     .figures = 8},
		    {.side = 1,
		     .name = "Enemy",
		     .x = 36,
		     .y = 44,
		     .facing = "south"},
		};
		tf_open_units(&t, u, 3, NULL, NULL, NULL);
		tf_phase(&t, BS_PHASE_MELEE);
		struct bs_deriv d;
		bs1e_current_morale(t.b, 0, 0, 0, 0, &d);
		cr_assert_eq(tf_has_term(&d, 2, "mob with infantry behind"),
			     c[k].supported, "case %zu", k);
		tf_close(&t);
	}
}

/* [9.1] "If the unit routs and leaves the battlefield (see [6.4] ...), the
 * PC/NPC individual cannot rejoin the battle, although he is still alive"
 * (RULING R-554): Foot routs off the table with its commander C0 and its
 * member Sir in its ranks: both alive, lost to command, and a change of
 * role (to hero) is refused. */
Test(r07_rout, s9_1_r554_a_unit_routed_off_takes_its_characters)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Foot",
	     .x = 36,
	     .y = 10,
	     .formation = "open",
	     .facing = "north",
	     .extra = "        members: [Sir]\n"},
	    {.side = 1, .name = "Enemy", .x = 36, .y = 44, .facing = "south"},
	};
	tf_open_units(&t, u, 2, "level: intermediate\n",
		      "      - {name: Sir, class: fighter, level: 3, hp: 20}\n",
		      NULL);
	t.b->round = 1;
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){36, 44});
	cr_assert_eq(bs_battle_unit_end(t.b, 0), BS_END_ROUTED_OFF);
	int notes = 0;
	for (int i = 0; i < t.nev; i++) {
		const struct bs_event *e = &t.evs[i].ev;
		if (e->type == BS_EV_NOTE && e->indiv >= 0 && e->side == 0 &&
		    strstr(e->cite, "R-554"))
			notes++;
	}
	cr_assert_eq(notes, 2, "the commander and the member");
	for (int i = 0; i < 2; i++) {
		const struct bs_indiv_state *c =
		    &t.b->indivs[t.b->indiv_first[0] + i];
		cr_assert(c->alive, "still alive");
		cr_assert(c->lost, "he cannot rejoin the battle");
		struct bs_role_order r = {
		    .indiv = i, .act = BS_RA_HERO, .unit = -1, .post = -1};
		const char *why = NULL, *cite = NULL;
		cr_assert(!bs1e_check_role(t.b, 0, &r, &why, &cite));
		cr_assert(strstr(why, "out of the battle"), "%s", why);
		cr_assert(strstr(cite, "[9.1]"), "%s", cite);
	}
	tf_close(&t);
}

/* RULING R-554: a unit that routs but stays on the table keeps its
 * characters in the battle. */
Test(r07_rout, s9_1_r554_a_rout_on_the_table_keeps_them)
{
	struct tf t;
	tf_open_units(&t,
		      (struct tf_unit[]){{.side = 0,
					  .name = "Foot",
					  .x = 36,
					  .y = 30,
					  .formation = "open",
					  .facing = "north"},
					 {.side = 1,
					  .name = "Enemy",
					  .x = 36,
					  .y = 44,
					  .facing = "south"}},
		      2, "level: intermediate\n", NULL, NULL);
	t.b->round = 1;
	tf_phase(&t, BS_PHASE_MELEE);
	fail_check(&t, (struct bs_vec){36, 44});
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_ROUTED);
	cr_assert(!(tf_unit(&t, 0, 0)->flags & BS_UF_REMOVED));
	cr_assert(!t.b->indivs[t.b->indiv_first[0]].lost);
	tf_close(&t);
}
