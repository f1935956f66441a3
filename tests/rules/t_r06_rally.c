/* The Rally Phase [6.0]-[6.7] (RULING R-116 on the numbering): the
 * conditions [6.1] (all figures within the command radius of an eligible
 * commander, not in contact), one attempt per unit and per commander
 * [6.0], the check [6.2] (RULING R-117), a rallied unit [6.3], a failed
 * attempt [6.4], an out of command unit [6.7], orders to mobs [6.6] [2.10]
 * (RULING R-122). */
#include "bs1e_fixture.h"

static const char *lord_far =
    "      - {name: Lord, race: human, class: fighter, level: 5, abilities: "
    "{cha: 15}, hp: 30, ac: 4, rank: army, position: [60, 2]}\n";
static const char *lord_near =
    "      - {name: Lord, race: human, class: fighter, level: 5, abilities: "
    "{cha: 15}, hp: 30, ac: 4, rank: army, position: [20, 2]}\n";

static const struct tf_unit units[] = {
    {.side = 0, .name = "Foot", .x = 36, .y = 10},
    {.side = 0,
     .name = "Levy",
     .type = "mob",
     .creature = "militia",
     .weapon = "club",
     .x = 20,
     .y = 10,
     .no_cmd = 1},
    {.side = 1, .name = "Enemy", .x = 36, .y = 40},
};

static void rout_it(struct tf *t, int side, int unit)
{
	struct bs_unit_state *u = tf_unit(t, side, unit);
	u->flags |= BS_UF_ROUTED | BS_UF_OUT_OF_COMMAND;
	u->rout_facing = 180;
}

static void rally(struct tf *t, int side, int ind, int unit,
		  enum bs_mob_order mo)
{
	t->rally[side][t->nrally[side]++] =
	    (struct bs_rally_order){ind, unit, mo, 0};
}

Test(r06_rally, s6_2_rallied_on_a_passed_check)
{
	struct tf t;
	tf_open_units(&t, units, 3, NULL, lord_far, NULL);
	rout_it(&t, 0, 0);
	rally(&t, 0, 0, 0, BS_MOB_NONE);
	/* ML 12 = 11 +1 commander's CB (R-117: no out of command -2) */
	tf_dice(&t, (int[]){5, 7}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	const struct bs_event *e = tf_find(&t, BS_EV_RALLY, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[0], 1);
	cr_assert_eq(e->deriv.value, 12, "ML %d", e->deriv.value);
	cr_assert_str_eq(e->cite, "[6.2]");
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_not(u->flags & BS_UF_ROUTED, "[6.2] the Rout marker goes");
	cr_assert(u->flags & BS_UF_RALLIED);
	tf_close(&t);
}

Test(r06_rally, s6_4_failed_attempt_keeps_routing)
{
	struct tf t;
	tf_open_units(&t, units, 3, NULL, lord_far, NULL);
	rout_it(&t, 0, 0);
	rally(&t, 0, 0, 0, BS_MOB_NONE);
	tf_dice(&t, (int[]){10, 9}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_ROUTED);
	/* [6.4] "the unit moves its full movement rate away from the enemy
	 * during the following Movement Phase" */
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	const struct bs_event *r = tf_find(&t, BS_EV_ROUT, 0);
	cr_assert_not_null(r);
	cr_assert_eq(r->n[1], 120, "MV 12, not 16");
	cr_assert_str_eq(r->what, "keeps routing");
	tf_close(&t);
}

Test(r06_rally, s6_1_all_figures_within_the_radius)
{
	struct tf t;
	tf_open_units(&t, units, 3, NULL, lord_far, NULL);
	rout_it(&t, 0, 0);
	/* the army commander at (60, 2) is 24" away: CR 13" */
	rally(&t, 0, 1, 0, BS_MOB_NONE);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	const struct bs_event *e = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->cite, "[6.1]");
	cr_assert_null(tf_find(&t, BS_EV_RALLY, 0), "no check, no dice");
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_ROUTED);
	tf_close(&t);
}

Test(r06_rally, s6_1_not_in_contact)
{
	struct tf t;
	struct tf_unit u[3];
	memcpy(u, units, sizeof u);
	u[2].x = 36;
	u[2].y = 10; /* front to front with Foot */
	u[2].facing = "south";
	tf_open_units(&t, u, 3, NULL, lord_far, NULL);
	cr_assert(bs1e_engaged(t.b, 0));
	rout_it(&t, 0, 0);
	rally(&t, 0, 0, 0, BS_MOB_NONE);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	const struct bs_event *e = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->cite, "[6.1]");
	tf_close(&t);
}

Test(r06_rally, s6_0_one_attempt_per_unit_and_per_commander)
{
	struct tf t;
	struct tf_unit u[4];
	memcpy(u, units, 3 * sizeof u[0]);
	u[3] = (struct tf_unit){.side = 0, .name = "Second", .x = 50, .y = 10};
	tf_open_units(&t, u, 4, NULL, lord_near, NULL);
	rout_it(&t, 0, 0);
	rout_it(&t, 0, 2);
	/* Foot by its commander, then by the Lord: the second is refused;
	 * the Lord then tries Second and is refused as its first attempt
	 * failed the radius test... so use its own commander twice */
	int c_second = tf_unit(&t, 0, 2)->commander;
	rally(&t, 0, 0, 0, BS_MOB_NONE);
	rally(&t, 0, 2, 0, BS_MOB_NONE);	/* unit already tried */
	rally(&t, 0, c_second, 2, BS_MOB_NONE); /* fine */
	rally(&t, 0, c_second, 2, BS_MOB_NONE); /* commander already did */
	tf_dice(&t, (int[]){1, 1, 1, 1}, 4);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	for (int i = 0; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_REJECTED)
			cr_log_info("rejected: %s %s", t.evs[i].what,
				    t.evs[i].cite);
	cr_assert_eq(tf_count(&t, BS_EV_RALLY), 2);
	cr_assert_eq(tf_count(&t, BS_EV_REJECTED), 2);
	cr_assert_str_eq(tf_find(&t, BS_EV_REJECTED, 0)->cite, "[6.0]");
	cr_assert_str_eq(tf_find(&t, BS_EV_REJECTED, 1)->cite, "[6.0]");
	tf_close(&t);
}

Test(r06_rally, s6_3_rallied_unit_may_not_move)
{
	struct tf t;
	tf_open_units(&t, units, 3, NULL, lord_far, NULL);
	rout_it(&t, 0, 0);
	rally(&t, 0, 0, 0, BS_MOB_NONE);
	tf_dice(&t, (int[]){1, 1}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	struct bs_order o = tf_advance(5, 0);
	tf_order(&t, 0, 0, &o);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	const struct bs_event *e = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->cite, "[6.3]");
	tf_close(&t);
}

Test(r06_rally, s6_3_rallied_unit_turns_to_the_enemy)
{
	struct tf t;
	tf_open_units(&t, units, 3, NULL, lord_far, NULL);
	rout_it(&t, 0, 0);
	tf_unit(&t, 0, 0)->facing = 180; /* its back to the enemy */
	rally(&t, 0, 0, 0, BS_MOB_NONE);
	tf_dice(&t, (int[]){1, 1}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	/* RULING R-118: it about-faces toward the enemy to the north */
	cr_assert_float_eq(tf_unit(&t, 0, 0)->facing, 0, 1e-9);
	tf_close(&t);
}

Test(r06_rally, s6_7_out_of_command_unit_back_in_command)
{
	struct tf t;
	tf_open_units(&t, units, 3, NULL, lord_far, NULL);
	tf_unit(&t, 0, 0)->flags |= BS_UF_DISC_FAILED;
	rally(&t, 0, 0, 0, BS_MOB_NONE);
	tf_dice(&t, (int[]){1, 1}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	cr_assert_not(tf_unit(&t, 0, 0)->flags & BS_UF_DISC_FAILED);
	/* the next phase decides command: back in */
	tf_phase(&t, BS_PHASE_MOVEMENT);
	cr_assert_not(tf_unit(&t, 0, 0)->flags & BS_UF_OUT_OF_COMMAND);
	tf_close(&t);
}

Test(r06_rally, s6_6_mob_orders_forward_and_keeps_it)
{
	struct tf t;
	tf_open_units(&t, units, 3, NULL, lord_near, NULL);
	int lord = 1;
	/* [2.10] "a Unit, Brigade, or Army Commander must Give an Order
	 * during the Rally Phase ... first make a successful Rally attempt"
	 * ML 9 = 11 -2 out of command (a mob always) */
	rally(&t, 0, lord, 1, BS_MOB_FORWARD);
	tf_dice(&t, (int[]){1, 2}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	const struct bs_event *e = tf_find(&t, BS_EV_RALLY, 0);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->what, "move-forward");
	cr_assert_eq(tf_unit(&t, 0, 1)->mob_order, BS_MOB_FORWARD);
	double y0 = tf_unit(&t, 0, 1)->front.y;
	t.b->dice.script_len = t.b->dice.pos; /* no more dice expected */
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	/* [7.7] straight ahead its full MV 12 */
	cr_assert_float_eq(tf_unit(&t, 0, 1)->front.y, y0 + 12, 1e-6);
	/* the next round, no new order: it keeps the last one */
	t.nrally[0] = 0;
	t.b->round++;
	tf_unit(&t, 0, 1)->flags &= ~(unsigned)BS_UF_MOVED;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_float_eq(tf_unit(&t, 0, 1)->front.y, y0 + 24, 1e-6);
	tf_close(&t);
}

Test(r06_rally, s2_10_mob_without_orders_stands)
{
	struct tf t;
	tf_open_units(&t, units, 3, NULL, lord_near, NULL);
	double y0 = tf_unit(&t, 0, 1)->front.y;
	/* a controller is not asked to move a mob: its orders come from
	 * the Rally Phase only */
	struct bs_order o = tf_advance(5, 0);
	tf_order(&t, 0, 1, &o);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_float_eq(tf_unit(&t, 0, 1)->front.y, y0, 1e-9);
	for (int i = 0; i < t.nev; i++)
		cr_assert_not(t.evs[i].ev.type == BS_EV_MOVE &&
			      t.evs[i].ev.side == 0 && t.evs[i].ev.unit == 1);
	/* and the engine rejects a mob order a check would accept */
	struct bs_tt_outcome oc;
	cr_assert_not(bs_tt_check_order(t.b, 0, 1, &o, &oc));
	cr_assert_str_eq(oc.cite, "[2.10]");
	tf_close(&t);
}

Test(r06_rally, s2_10_only_mobs_take_orders)
{
	struct tf t;
	tf_open_units(&t, units, 3, NULL, lord_near, NULL);
	rally(&t, 0, 0, 0, BS_MOB_FORWARD);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	cr_assert_str_eq(tf_find(&t, BS_EV_REJECTED, 0)->cite, "[2.10]");
	tf_close(&t);
}

/* A routed mob rallied this round, an enemy 15" ahead (within its charge
 * range of 18"). */
static void rallied_mob(struct tf *t, int disc_d1, int disc_d2)
{
	struct tf_unit u[3];
	memcpy(u, units, sizeof u);
	u[2].x = 20;
	u[2].y = 25;
	tf_open_units(t, u, 3, NULL, lord_near, NULL);
	rout_it(t, 0, 1);
	tf_unit(t, 0, 1)->rout_facing = 180;
	rally(t, 0, 1, 1, BS_MOB_NONE);
	/* the rally check (ML 7 = 9 -2 out of command, a mob always), then
	 * the Table 7 check at the start of the Movement Phase */
	tf_dice(t, (int[]){1, 1, disc_d1, disc_d2}, 4);
	tf_phase(t, BS_PHASE_RALLY);
	bs1e_phase_rally(t->b);
	cr_assert_eq(tf_find(t, BS_EV_RALLY, 0)->n[0], 1, "rallied");
	cr_assert(tf_unit(t, 0, 1)->flags & BS_UF_RALLIED);
}

/* No event of the Movement Phase moves, orders or rejects unit (0, 1). */
static void mob_stood(struct tf *t, struct bs_vec front, double facing)
{
	for (int i = 0; i < t->nev; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		if (e->phase != BS_PHASE_MOVEMENT || e->side != 0 ||
		    e->unit != 1)
			continue;
		cr_assert_neq(e->type, BS_EV_REJECTED, "rejected: %s %s",
			      t->evs[i].what, t->evs[i].cite);
		cr_assert_neq(e->type, BS_EV_ORDER);
		cr_assert_neq(e->type, BS_EV_MOVE);
	}
	cr_assert_float_eq(tf_unit(t, 0, 1)->front.x, front.x, 1e-9);
	cr_assert_float_eq(tf_unit(t, 0, 1)->front.y, front.y, 1e-9);
	cr_assert_float_eq(tf_unit(t, 0, 1)->facing, facing, 1e-9);
}

Test(r06_rally, s6_3_rallied_mob_that_fails_discipline_stands)
{
	struct tf t;
	rallied_mob(&t, 10, 10);
	struct bs_vec front = tf_unit(&t, 0, 1)->front;
	double facing = tf_unit(&t, 0, 1)->facing;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	/* Table 7 "sees an enemy in charge range": failed, so the mob is
	 * out of command [4.6], but [6.3] "It may not move ... during that
	 * Game Round": the engine does not try to move it */
	const struct bs_event *d = tf_find(&t, BS_EV_DISCIPLINE, 0);
	cr_assert_not_null(d);
	cr_assert_eq(d->n[0], 0);
	cr_assert(tf_unit(&t, 0, 1)->flags & BS_UF_DISC_FAILED);
	mob_stood(&t, front, facing);
	tf_close(&t);
}

Test(r06_rally, s6_3_rallied_mob_does_not_follow_its_standing_order)
{
	struct tf t;
	rallied_mob(&t, 1, 1);
	/* a standing order [2.10] (as a mob given one before) */
	tf_unit(&t, 0, 1)->mob_order = BS_MOB_FORWARD;
	struct bs_vec front = tf_unit(&t, 0, 1)->front;
	double facing = tf_unit(&t, 0, 1)->facing;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_eq(tf_find(&t, BS_EV_DISCIPLINE, 0)->n[0], 1);
	mob_stood(&t, front, facing);
	/* the next round it follows its order again */
	t.b->round++;
	tf_unit(&t, 0, 1)->flags &= ~(unsigned)(BS_UF_RALLIED | BS_UF_MOVED);
	tf_dice(&t, (int[]){1, 1}, 2);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_gt(tf_unit(&t, 0, 1)->front.y, front.y + 1);
	tf_close(&t);
}

/* Issue 12 item 3, RULING R-371 [2.9]: the commander of a skirmish unit
 * may rally it ("the only function a skirmish Unit Commander can
 * perform"), but the rally check takes no charisma bonus: a skirmish unit
 * gets none of the benefits of being in command: the check (here passed
 * on 1 + 1) shows no CB term. */
Test(r06_rally, s2_9_ruling_r371_skirmish_rally_without_cb)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Scouts",
	     .type = "skirmish",
	     .figures = 6,
	     .x = 36,
	     .y = 10},
	    {.side = 1, .name = "Enemy", .x = 36, .y = 40},
	};
	tf_open_units(&t, u, 2, NULL, NULL, NULL);
	rout_it(&t, 0, 0);
	rally(&t, 0, 0, 0, BS_MOB_NONE);
	tf_dice(&t, (int[]){1, 1}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	const struct bs_event *e = tf_find(&t, BS_EV_RALLY, 0);
	cr_assert_not_null(e, "its unit commander may rally it");
	cr_assert_eq(e->n[0], 1);
	cr_assert_not(tf_has_term(&e->deriv, 1, "CB"), "no CB");
	cr_assert_not(tf_unit(&t, 0, 0)->flags & BS_UF_ROUTED);
	tf_close(&t);
}

/* Issue 12 item 8: [4.6] a mob that failed its Table 7 check (an enemy in
 * its charge range) is on an uncontrolled attack: an order given to it in
 * the next Rally Phase is refused while the enemy stands, and taken once
 * that enemy has routed. */
Test(r06_rally, s4_6_mob_on_an_uncontrolled_attack_takes_no_order)
{
	struct tf t;
	rallied_mob(&t, 10, 10);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	struct bs_unit_state *m = tf_unit(&t, 0, 1);
	cr_assert(m->flags & BS_UF_DISC_FAILED);
	cr_assert_geq(m->disc_tside, 0, "on its attack");
	/* round 2: the lord orders it forward */
	t.b->round = 2;
	m->flags &= ~(unsigned)(BS_UF_RALLIED | BS_UF_MOVED);
	for (int k = 0; k < t.b->nindivs; k++)
		t.b->indivs[k].flags = 0;
	t.nrally[0] = 0;
	rally(&t, 0, 1, 1, BS_MOB_FORWARD);
	tf_dice(&t, (int[]){1, 1}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	int refused = 0;
	for (int i = 0; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_REJECTED &&
		    strstr(t.evs[i].cite, "[4.6]"))
			refused = 1;
	cr_assert(refused, "no order in the middle of its attack");
	cr_assert_eq(tf_count(&t, BS_EV_RALLY), 1, "only the first rally");
	/* its enemy routs: the order is taken */
	int e = tf_g(&t, m->disc_tside, m->disc_tunit);
	t.b->units[e].flags |= BS_UF_ROUTED;
	t.b->round = 3;
	for (int k = 0; k < t.b->nindivs; k++)
		t.b->indivs[k].flags = 0;
	t.nrally[0] = 0;
	rally(&t, 0, 1, 1, BS_MOB_FORWARD);
	tf_dice(&t, (int[]){1, 1}, 2);
	tf_phase(&t, BS_PHASE_RALLY);
	bs1e_phase_rally(t.b);
	cr_assert_eq(tf_count(&t, BS_EV_RALLY), 2);
	cr_assert_eq(m->mob_order, BS_MOB_FORWARD);
	tf_close(&t);
}
