/* [13.9] Undead and Mindless Creatures in the Advanced Game: "Mindless
 * undead ... must be in command in order to move or fight"; out of command
 * a unit "continues following its last order ... regardless of
 * circumstances", fights friends in its path and walks off the table
 * (RULING ). That they never check morale or discipline is
 * tested in t_r07_movement.c and t_r08_phase.c. */
#include <criterion/criterion.h>
#include <string.h>

#include "bs1e_fixture.h"

#define ADV "level: advanced\n"

/* Skeletons on side 0 (their commander C0 unless no_cmd), facing `face`
 * with their front at (36, y); `more` a second unit of side 0 or NULL; an
 * enemy far to the north. */
static void dead(struct tf *t, double y, const char *face, int no_cmd,
		 const struct tf_unit *more)
{
	struct tf_unit u[3] = {
	    {.side = 0,
	     .name = "Dead",
	     .creature = "skeleton",
	     .figures = 8,
	     .frontage = 4,
	     .x = 36,
	     .y = y,
	     .facing = face,
	     .no_cmd = no_cmd},
	    {.side = 1, .name = "Far", .x = 36, .y = 46, .facing = "south"},
	};
	int n = 2;
	if (more)
		u[n++] = *more;
	tf_open_units(t, u, n, ADV, NULL, NULL);
	t->moves_first = 1;
	t->b->side_a = 0;
}

static void movement(struct tf *t, int round)
{
	t->b->round = round;
	for (int g = 0; g < t->b->nunits; g++) {
		t->b->units[g].flags &= ~(unsigned)BS_UF_MOVED;
		t->b->units[g].mv_spent = 0;
	}
	tf_phase(t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t->b);
}

/* The commander of the skeletons falls: they go out of command. */
static void commander_falls(struct tf *t)
{
	t->b->indivs[t->b->indiv_first[0]].alive = 0;
}

static int has_note(struct tf *t, const char *part)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == BS_EV_NOTE &&
		    strstr(t->evs[i].what, part) &&
		    strstr(t->evs[i].cite, "[13.9]"))
			return 1;
	return 0;
}

/* RULING R-578: in command the skeletons advance 6" as ordered; their
 * commander lost, they are out of command and nobody is asked: they
 * advance 6" again, whatever the controller would now say (hold). */
Test(r13_mindless, s13_9_ruling_r578_out_of_command_follows_its_last_order)
{
	struct tf t;
	dead(&t, 10, "north", 0, NULL);
	struct bs_order adv = tf_advance(6, 0);
	tf_order(&t, 0, 0, &adv);
	movement(&t, 1);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_float_eq(u->front.y, 16, 1e-6);
	cr_assert_eq(t.asked[0][0], 1);
	commander_falls(&t);
	struct bs_order hold = {
	    .kind = BS_ORDER_HOLD, .tside = -1, .tunit = -1};
	tf_order(&t, 0, 0, &hold);
	movement(&t, 2);
	cr_assert(u->flags & BS_UF_OUT_OF_COMMAND);
	cr_assert_eq(t.asked[0][0], 1, "no order is asked out of command");
	cr_assert_float_eq(u->front.y, 22, 1e-6, "its last order again");
	/* and so on, while nobody commands it */
	movement(&t, 3);
	cr_assert_float_eq(u->front.y, 28, 1e-6);
	cr_assert_eq(t.asked[0][0], 1);
	tf_close(&t);
}

/* RULING R-578: out of command from the start, it has no last order: it
 * halts; below the Advanced Game [13.9]'s rule is not in force and the
 * controller is asked (RULING R-312). */
Test(r13_mindless, s13_9_ruling_r578_no_order_yet_it_halts)
{
	struct tf t;
	dead(&t, 10, "north", 1, NULL);
	struct bs_order adv = tf_advance(6, 0);
	tf_order(&t, 0, 0, &adv);
	movement(&t, 1);
	cr_assert_eq(t.asked[0][0], 0);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->front.y, 10, 1e-6);
	cr_assert(bs1e_mindless_follows(t.b, 0));
	tf_close(&t);
	tf_level = "intermediate";
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Dead",
	     .creature = "skeleton",
	     .figures = 8,
	     .x = 36,
	     .y = 10,
	     .facing = "north",
	     .no_cmd = 1},
	    {.side = 1, .name = "Far", .x = 36, .y = 46, .facing = "south"},
	};
	tf_open_units(&t, u, 2, NULL, NULL, NULL);
	tf_level = "basic";
	tf_order(&t, 0, 0, &adv);
	cr_assert_not(bs1e_mindless_follows(t.b, 0));
	tf_close(&t);
}

/* RULING R-579: "move off the tabletop ... or otherwise self-destruct":
 * ordered 12" toward their own edge in command, then out of command, the
 * skeletons reach the edge with MV left and walk off it: destroyed. */
Test(r13_mindless, s13_9_ruling_r579_walks_off_the_table)
{
	struct tf t;
	dead(&t, 20, "south", 0, NULL);
	struct bs_order adv = tf_advance(12, 0);
	tf_order(&t, 0, 0, &adv);
	movement(&t, 1);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_float_eq(u->front.y, 8, 1e-6);
	cr_assert_eq(u->end, BS_END_INTACT);
	commander_falls(&t);
	movement(&t, 2);
	cr_assert_eq(u->end, BS_END_DESTROYED);
	cr_assert_not(bs1e_in_play(t.b, 0));
	const struct bs_event *e = tf_find(&t, BS_EV_REMOVED, 0);
	cr_assert_not_null(e);
	cr_assert(strstr(e->what, "walked off the table"), "%s", e->what);
	cr_assert_str_eq(e->cite, "[13.9]");
	tf_close(&t);
}

/* RULING R-579: "it will fight any opponents or friendly forces in its
 * path": out of command, its last advance takes it into the rear of the
 * friendly guard ahead: the two fight in the Melee Phase, both strike. */
Test(r13_mindless, s13_9_ruling_r579_fights_the_friends_in_its_path)
{
	struct tf t;
	struct tf_unit guard = {.side = 0,
				.name = "Guard",
				.figures = 8,
				.frontage = 8,
				.x = 36,
				.y = 20,
				.facing = "north"};
	dead(&t, 10, "north", 0, &guard);
	struct bs_order adv = tf_advance(6, 0);
	tf_order(&t, 0, 0, &adv);
	movement(&t, 1);
	commander_falls(&t);
	movement(&t, 2);
	int g = 0, h = tf_g(&t, 0, 1);
	cr_assert(has_note(&t, "walked into friends"));
	cr_assert_eq(bs1e_rampage_target(t.b, g), h);
	cr_assert(bs1e_contact(t.b, g, h, NULL));
	int before = t.nev;
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	int at_guard = 0, at_dead = 0;
	for (int i = before; i < t.nev; i++) {
		const struct bs_event *e = &t.evs[i].ev;
		if (e->type != BS_EV_ATTACK)
			continue;
		at_guard += e->side == 0 && e->unit == 0 && e->tunit == 1;
		at_dead += e->side == 0 && e->unit == 1 && e->tunit == 0;
	}
	cr_assert_gt(at_guard, 0, "the skeletons strike the guard");
	cr_assert_gt(at_dead, 0, "the guard strikes back");
	tf_close(&t);
}

/* In command the same advance stops at the friends and fights nobody. */
Test(r13_mindless, s13_9_in_command_friends_only_stop_it)
{
	struct tf t;
	struct tf_unit guard = {.side = 0,
				.name = "Guard",
				.figures = 8,
				.frontage = 8,
				.x = 36,
				.y = 20,
				.facing = "north"};
	dead(&t, 10, "north", 0, &guard);
	struct bs_order adv = tf_advance(12, 0);
	tf_order(&t, 0, 0, &adv);
	movement(&t, 1);
	cr_assert_eq(bs1e_rampage_target(t.b, 0), -1);
	cr_assert_not(has_note(&t, "walked into friends"));
	tf_close(&t);
}

/* RULING R-579: "... or into a river ... or otherwise self-destruct": out
 * of command, its last advance brings it to a river it may not enter with
 * MV left: it walks on into it and is lost. */
Test(r13_mindless, s13_9_ruling_r579_walks_into_the_river)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Dead",
	     .creature = "skeleton",
	     .figures = 8,
	     .frontage = 4,
	     .x = 36,
	     .y = 10,
	     .facing = "north"},
	    {.side = 1, .name = "Far", .x = 36, .y = 46, .facing = "south"},
	};
	tf_open_units(&t, u, 2,
		      ADV "terrain:\n  - {name: Dark water, type: river, "
			  "points: [[0, 20], [72, 20], [72, 24], [0, 24]]}\n",
		      NULL, NULL);
	t.moves_first = 1;
	t.b->side_a = 0;
	struct bs_order adv = tf_advance(6, 0);
	tf_order(&t, 0, 0, &adv);
	movement(&t, 1);
	struct bs_unit_state *s = tf_unit(&t, 0, 0);
	cr_assert_float_eq(s->front.y, 16, 1e-6);
	commander_falls(&t);
	movement(&t, 2);
	cr_assert_eq(s->end, BS_END_DESTROYED);
	const struct bs_event *e = tf_find(&t, BS_EV_REMOVED, 0);
	cr_assert_not_null(e);
	cr_assert(strstr(e->what, "cannot enter"), "%s", e->what);
	tf_close(&t);
}

/* RULING R-578: the last order is the battle's own: a battle played again
 * on the same state (bs_battle_reset, as `sim` does on each thread) starts
 * with none, and with no friends fought (a leak made `sim` results depend
 * on the thread count). */
Test(r13_mindless, s13_9_ruling_r578_reset_forgets_the_last_order)
{
	struct tf t;
	dead(&t, 10, "north", 0, NULL);
	struct bs_order adv = tf_advance(6, 0);
	tf_order(&t, 0, 0, &adv);
	movement(&t, 1);
	cr_assert(bs1e_sc(t.b)->ux[0].has_last);
	bs1e_sc(t.b)->ux[0].rampage = 1;
	bs1e_sc(t.b)->ux[0].rampage_round = 1;
	bs_battle_reset(t.b, 7, 0);
	cr_assert_not(bs1e_sc(t.b)->ux[0].has_last);
	cr_assert_eq(bs1e_sc(t.b)->ux[0].rampage, -1);
	cr_assert_eq(bs1e_sc(t.b)->ux[0].rampage_round, 0);
	tf_close(&t);
}
