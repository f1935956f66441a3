/* Tests of the reporters (src/report/) on synthetic events built by hand
 * with the names of the built-in scenario: the exact text line of every
 * event type (initiative [5.1], orders and moves [7.x], contact [7.8],
 * discipline [4.6], morale [4.2]-[4.5], rally [6.x], attacks [8.3]-[8.7],
 * rout [7.15], fate [9.1 T11]), valid compact JSON with the keys in the
 * documented order and a lossless round trip through jansson, the
 * reporter's streams, and the name arrays of src/core/event.c and
 * src/battle/names.c. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/battle.h"
#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_morale.h"
#include "battlesim/controller.h"
#include "battlesim/event.h"
#include "battlesim/report.h"
#include "battlesim/rng.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"

static struct bs_scenario *sc;

static void load_builtin(void)
{
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin(NULL, &sc, &d), BS_OK);
	bs_diags_release(&d);
}

static void free_builtin(void)
{
	bs_scenario_free(sc);
	sc = NULL;
}

/* The text line of ev, compared with want. */
static void expect_line(const struct bs_event *ev, const char *want)
{
	char buf[BS_REPORT_LINE_MAX];
	bs_report_text(sc, ev, buf, sizeof buf);
	cr_expect_str_eq(buf, want);
}

/* The compact JSON of ev; the caller frees it. */
static char *json_of(const struct bs_event *ev)
{
	json_t *j = bs_report_json(sc, ev);
	cr_assert_not_null(j);
	char *s = json_dumps(j, bs_report_json_flags());
	json_decref(j);
	cr_assert_not_null(s);
	return s;
}

/* JSON of ev parses, has no newline, keeps type/round/phase first, and
 * dumps back to the same bytes. */
static void expect_json_round_trip(const struct bs_event *ev)
{
	char *s = json_of(ev);
	cr_expect_null(strchr(s, '\n'), "one line: %s", s);
	json_error_t err;
	json_t *back = json_loads(s, 0, &err);
	cr_assert_not_null(back, "%s: %s", err.text, s);
	char *again = json_dumps(back, bs_report_json_flags());
	cr_expect_str_eq(again, s);
	void *it = json_object_iter(back);
	cr_assert_str_eq(json_object_iter_key(it), "type");
	cr_expect_str_eq(json_string_value(json_object_iter_value(it)),
			 bs_ev_name[ev->type]);
	it = json_object_iter_next(back, it);
	cr_assert_str_eq(json_object_iter_key(it), "round");
	cr_expect_eq(json_integer_value(json_object_iter_value(it)), ev->round);
	it = json_object_iter_next(back, it);
	cr_assert_str_eq(json_object_iter_key(it), "phase");
	cr_expect_str_eq(json_string_value(json_object_iter_value(it)),
			 bs_phase_name[ev->phase]);
	free(again);
	free(s);
	json_decref(back);
}

static struct bs_event ev_of(enum bs_ev t, int round, enum bs_phase p, int side,
			     int unit)
{
	struct bs_event ev;
	bs_event_init(&ev, t, round, p);
	ev.side = side;
	ev.unit = unit;
	return ev;
}

/* ---- names and bs_event_init --------------------------------------------- */

Test(report, name_arrays_complete)
{
	for (int i = 0; i < BS_EV__COUNT; i++)
		cr_expect(bs_ev_name[i] && *bs_ev_name[i], "event %d", i);
	for (int i = 0; i < BS_PHASE__COUNT; i++)
		cr_expect(bs_phase_name[i] && *bs_phase_name[i], "phase %d", i);
	for (int i = 0; i < BS_STEP__COUNT; i++)
		cr_expect(bs_step_name[i] && *bs_step_name[i], "step %d", i);
	for (int i = 0; i < BS_ORDER__COUNT; i++)
		cr_expect(bs_order_name[i] && *bs_order_name[i], "order %d", i);
	for (int i = 0; i < BS_MOB__COUNT; i++)
		cr_expect(bs_mob_order_name[i] && *bs_mob_order_name[i],
			  "mob order %d", i);
	for (int i = 0; i < BS_END__COUNT; i++)
		cr_expect(bs_unit_end_name[i] && *bs_unit_end_name[i], "end %d",
			  i);
	for (int i = 0; i < BS_LOG__COUNT; i++)
		cr_expect(bs_log_format_name[i] && *bs_log_format_name[i]);
	/* distinct names: JSON readers switch on them */
	for (int i = 0; i < BS_EV__COUNT; i++)
		for (int k = i + 1; k < BS_EV__COUNT; k++)
			cr_expect_str_neq(bs_ev_name[i], bs_ev_name[k]);
	for (int i = 0; i < BS_PHASE__COUNT; i++)
		for (int k = i + 1; k < BS_PHASE__COUNT; k++)
			cr_expect_str_neq(bs_phase_name[i], bs_phase_name[k]);
	cr_expect_str_eq(bs_ev_name[BS_EV_ATTACK], "attack");
	cr_expect_str_eq(bs_phase_name[BS_PHASE_MOVEMENT], "movement");
	cr_expect_str_eq(bs_order_name[BS_ORDER_FORCED_MARCH], "forced-march");
	cr_expect_str_eq(bs_unit_end_name[BS_END_ROUTED_OFF], "routed-off");
}

Test(report, event_init_unused_indexes)
{
	struct bs_event ev;
	memset(&ev, 0x5a, sizeof ev);
	bs_event_init(&ev, BS_EV_MOVE, 4, BS_PHASE_MOVEMENT);
	cr_expect_eq(ev.type, BS_EV_MOVE);
	cr_expect_eq(ev.round, 4);
	cr_expect_eq(ev.phase, BS_PHASE_MOVEMENT);
	cr_expect_eq(ev.side, -1);
	cr_expect_eq(ev.unit, -1);
	cr_expect_eq(ev.indiv, -1);
	cr_expect_eq(ev.tside, -1);
	cr_expect_eq(ev.tunit, -1);
	cr_expect_eq(ev.ndice, 0);
	cr_expect_eq(ev.has_deriv, 0);
	cr_expect_null(ev.what);
	cr_expect_null(ev.cite);
	for (int i = 0; i < BS_EV_MAX_N; i++)
		cr_expect_eq(ev.n[i], 0);
	cr_expect(ev.x0 == 0.0 && ev.f1 == 0.0);
}

/* ---- text lines ------------------------------------------------------------
 */

Test(report, s1_0_headers, .init = load_builtin, .fini = free_builtin)
{
	struct bs_event ev =
	    ev_of(BS_EV_BATTLE_START, 0, BS_PHASE_SETUP, -1, -1);
	ev.what = "Borderland Raid";
	ev.n[0] = 7;
	ev.n[1] = 2;
	expect_line(&ev, "Battle: Borderland Raid (1E BATTLESYSTEM, Basic "
			 "Game), seed 7: Broken Fang warband (north edge) vs "
			 "Border keep muster (south edge)");
	expect_json_round_trip(&ev);

	ev = ev_of(BS_EV_ROUND, 3, BS_PHASE_INITIATIVE, -1, -1);
	ev.n[0] = 3;
	expect_line(&ev, "=== Round 3 ===");
	expect_json_round_trip(&ev);

	ev = ev_of(BS_EV_PHASE, 3, BS_PHASE_MOVEMENT, -1, -1);
	ev.cite = "[1.4]";
	expect_line(&ev, "-- Movement Phase [1.4] --");
	ev.cite = NULL; /* the phase's own case when the event has none */
	expect_line(&ev, "-- Movement Phase [1.4] --");
	ev.phase = BS_PHASE_END;
	expect_line(&ev, "-- End of Game Round Phase [1.7] --");
	ev.phase = BS_PHASE_SETUP;
	expect_line(&ev, "-- Set-up [3.4] --");
	expect_json_round_trip(&ev);

	/* [1.2] [1.5] the phases the Intermediate and Advanced Games add:
	 * the book's titles in the log, their names in JSON */
	ev = ev_of(BS_EV_PHASE, 2, BS_PHASE_INITIAL_MISSILE, -1, -1);
	ev.cite = "[1.2]";
	expect_line(&ev, "-- Initial Missile Phase [1.2] --");
	expect_json_round_trip(&ev);
	char *j = json_of(&ev);
	cr_expect_str_eq(j, "{\"type\":\"phase\",\"round\":2,\"phase\":"
			    "\"initial_missile\",\"cite\":\"[1.2]\"}");
	free(j);
	ev = ev_of(BS_EV_PHASE, 2, BS_PHASE_MISSILE_MAGIC, -1, -1);
	ev.cite = NULL;
	expect_line(&ev, "-- Missile and Magic Phase [1.5] --");
	j = json_of(&ev);
	cr_expect_str_eq(j, "{\"type\":\"phase\",\"round\":2,\"phase\":"
			    "\"missile_magic\",\"cite\":\"[1.5]\"}");
	free(j);
}

Test(report, s3_4_deploy, .init = load_builtin, .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_DEPLOY, 0, BS_PHASE_SETUP, 0, 0);
	ev.x1 = 33;
	ev.y1 = 40;
	ev.f1 = 180;
	ev.n[0] = 16;
	ev.n[1] = 8;
	ev.n[2] = BS_FORM_CLOSED;
	expect_line(&ev, "  Broken Fang warriors (Broken Fang warband): 16 "
			 "figures, 8 files, closed formation, front centre "
			 "(33, 40) facing 180");
	expect_json_round_trip(&ev);
	char *s = json_of(&ev);
	cr_expect_str_eq(
	    s, "{\"type\":\"deploy\",\"round\":0,\"phase\":\"setup\","
	       "\"side\":0,\"unit\":0,\"unit_name\":\"Broken Fang warriors\","
	       "\"x\":33,\"y\":40,\"facing\":180,\"figures\":16,\"files\":8,"
	       "\"formation\":\"closed\"}");
	free(s);

	ev = ev_of(BS_EV_DEPLOY, 0, BS_PHASE_SETUP, 1, -1);
	ev.indiv = 0;
	ev.x1 = 30;
	ev.y1 = 4;
	expect_line(&ev, "  Lord Aldric Vance (Border keep muster) at (30, 4) "
			 "facing 0");
	expect_json_round_trip(&ev);
}

Test(report, s5_1_initiative_with_reroll, .init = load_builtin,
     .fini = free_builtin)
{
	struct bs_event ev =
	    ev_of(BS_EV_INITIATIVE, 3, BS_PHASE_INITIATIVE, -1, -1);
	int d[] = {3, 3, 5, 2};
	memcpy(ev.dice, d, sizeof d);
	ev.ndice = 4;
	ev.die_sides = 6;
	ev.n[0] = 0;
	ev.n[1] = 1;
	ev.cite = "[5.1]";
	expect_line(&ev, "  Initiative [5.1]: Broken Fang warband d6=3, "
			 "Border keep muster d6=3 (tie, reroll); Broken Fang "
			 "warband d6=5, Border keep muster d6=2 -> Side A: "
			 "Broken Fang warband");
	expect_json_round_trip(&ev);
	char *s = json_of(&ev);
	cr_expect_str_eq(s, "{\"type\":\"initiative\",\"round\":3,\"phase\":"
			    "\"initiative\",\"dice\":[3,3,5,2],\"die_sides\":"
			    "6,\"rerolls\":1,\"side_a\":0,\"side_a_name\":"
			    "\"Broken Fang warband\",\"cite\":\"[5.1]\"}");
	free(s);

	/* the optional d20 [5.1], Side B winning, no reroll */
	ev.ndice = 2;
	ev.dice[0] = 4;
	ev.dice[1] = 17;
	ev.die_sides = 20;
	ev.n[0] = 1;
	ev.n[1] = 0;
	expect_line(&ev, "  Initiative [5.1]: Broken Fang warband d20=4, "
			 "Border keep muster d20=17 -> Side A: Border keep "
			 "muster");
}

/* [1.1] a third side: the tied sides reroll, Side A, B, C in order. */
Test(report, s1_1_initiative_three_sides)
{
	static struct bs_scenario three;
	memset(&three, 0, sizeof three);
	three.nsides = 3;
	strcpy(three.sides[0].name, "Red");
	strcpy(three.sides[1].name, "Blue");
	strcpy(three.sides[2].name, "Green");
	struct bs_event ev =
	    ev_of(BS_EV_INITIATIVE, 1, BS_PHASE_INITIATIVE, -1, -1);
	int d[] = {4, 4, 2, 6, 1};
	memcpy(ev.dice, d, sizeof d);
	ev.ndice = 5;
	ev.die_sides = 6;
	ev.n[0] = 0;
	ev.n[1] = 1;
	ev.n[2] = 0;
	ev.n[3] = 1;
	ev.n[4] = 2;
	char buf[512];
	cr_expect_str_eq(
	    bs_report_text(&three, &ev, buf, sizeof buf),
	    "  Initiative [5.1]: Red d6=4, Blue d6=4, Green d6=2 (tie, "
	    "rerolls: d6=6, d6=1) -> Side A: Red, Side B: Blue, "
	    "Side C: Green");
	json_t *j = bs_report_json(&three, &ev);
	char *s = json_dumps(j, bs_report_json_flags());
	cr_expect(strstr(s, "\"side_a\":0,\"side_a_name\":\"Red\","
			    "\"order\":[0,1,2]}") != NULL,
		  "%s", s);
	free(s);
	json_decref(j);
	/* all three tied: every reroll named */
	int e[] = {3, 3, 3, 5, 2, 1};
	memcpy(ev.dice, e, sizeof e);
	ev.ndice = 6;
	cr_expect_str_eq(
	    bs_report_text(&three, &ev, buf, sizeof buf),
	    "  Initiative [5.1]: Red d6=3, Blue d6=3, Green d6=3 (tie, "
	    "reroll); Red d6=5, Blue d6=2, Green d6=1 -> Side A: "
	    "Red, Side B: Blue, Side C: Green");
}

Test(report, s7_14_orders_and_charge_move, .init = load_builtin,
     .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_ORDER, 3, BS_PHASE_MOVEMENT, 0, 0);
	ev.what = bs_order_name[BS_ORDER_CHARGE];
	ev.n[0] = BS_ORDER_CHARGE;
	ev.tside = 1;
	ev.tunit = 0;
	ev.cite = "[7.14]";
	expect_line(&ev, "  Broken Fang warriors: order charge -> Keep "
			 "men-at-arms [7.14]");
	expect_json_round_trip(&ev);

	/* a commander's order to a mob [2.10] */
	ev = ev_of(BS_EV_ORDER, 3, BS_PHASE_RALLY, 1, 2);
	ev.indiv = 0;
	ev.what = bs_mob_order_name[BS_MOB_FORWARD];
	ev.cite = "[2.10]";
	expect_line(&ev, "  Lord Aldric Vance orders Village levy: "
			 "move-forward [2.10]");
	expect_json_round_trip(&ev);

	ev = ev_of(BS_EV_REJECTED, 3, BS_PHASE_MOVEMENT, 0, 1);
	ev.what = "cannot reach its target";
	ev.cite = "[7.14]";
	expect_line(&ev, "  Broken Fang spears: order rejected: cannot reach "
			 "its target [7.14]");
	expect_json_round_trip(&ev);

	/* the charge: MV 9 at 1 1/2 = 13.5" allowed, 8.5" used [7.14] */
	ev = ev_of(BS_EV_MOVE, 3, BS_PHASE_MOVEMENT, 0, 0);
	ev.what = "charge";
	ev.tside = 1;
	ev.tunit = 0;
	ev.x0 = 33;
	ev.y0 = 40;
	ev.f0 = 180;
	ev.x1 = 33;
	ev.y1 = 31.5;
	ev.f1 = 180;
	ev.n[0] = 85;
	ev.n[1] = 135;
	ev.n[2] = 85;
	bs_deriv_init(&ev.deriv, 90, NULL, NULL, "[7.14]");
	bs_deriv_add(&ev.deriv, 45, "[7.14]", "charge at 1 1/2 x MV");
	ev.has_deriv = 1;
	ev.cite = "[7.14]";
	expect_line(&ev, "  Broken Fang warriors charge -> Keep men-at-arms: "
			 "8.5\" (MV used 8.5\" of 13.5\": MV 13.5 = 9 +4.5 "
			 "charge at 1 1/2 x MV [7.14]), (33, 40) facing 180 "
			 "-> (33, 31.5) facing 180 [7.14]");
	expect_json_round_trip(&ev);
	char *s = json_of(&ev);
	cr_expect(strstr(s,
			 "\"move\":\"charge\",\"x0\":33,\"y0\":40,"
			 "\"facing0\":180,\"x1\":33,\"y1\":31.5,"
			 "\"facing1\":180,\"mv_cost\":8.5,\"mv_used\":8.5,"
			 "\"mv_allowed\":13.5,\"mv\":{\"value\":13.5,") != NULL,
		  "%s", s);
	free(s);

	/* the same allowance derived in whole inches */
	bs_deriv_init(&ev.deriv, 9, NULL, NULL, NULL);
	bs_deriv_add(&ev.deriv, 4, "[7.14]", "charge (13.5)");
	ev.n[1] = 130;
	expect_line(&ev, "  Broken Fang warriors charge -> Keep men-at-arms: "
			 "8.5\" (MV used 8.5\" of 13\": MV 13 = 9 +4 charge "
			 "(13.5)), (33, 40) facing 180 -> (33, 31.5) facing "
			 "180 [7.14]");
}

Test(report, s7_9_wheel_facings_normalized, .init = load_builtin,
     .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_MOVE, 2, BS_PHASE_MOVEMENT, 1, 3);
	ev.what = "wheel";
	ev.x0 = 22;
	ev.y0 = 5;
	ev.f0 = 360;
	ev.x1 = 23.24;
	ev.y1 = 5.5;
	ev.f1 = -315;
	ev.n[0] = 31;
	ev.n[1] = 90;
	ev.n[2] = 51; /* after a 2" advance */
	ev.cite = "[7.9]";
	expect_line(&ev, "  Keep spearmen wheel: 3.1\" (MV used 5.1\" of 9\"), "
			 "(22, 5) facing 0 -> (23.2, 5.5) facing 45 [7.9]");
	expect_json_round_trip(&ev);
	char *s = json_of(&ev);
	cr_expect(strstr(s,
			 "\"x1\":23.2,\"y1\":5.5,\"facing1\":45,"
			 "\"mv_cost\":3.1,\"mv_used\":5.1,\"mv_allowed\":9,") !=
		      NULL,
		  "%s", s);
	free(s);
	/* -0.04 rounds to 0, not "-0" */
	ev.x0 = -0.04;
	expect_line(&ev, "  Keep spearmen wheel: 3.1\" (MV used 5.1\" of 9\"), "
			 "(0, 5) facing 0 -> (23.2, 5.5) facing 45 [7.9]");
}

Test(report, s7_6_formation_and_s7_8_contact, .init = load_builtin,
     .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_FORMATION, 4, BS_PHASE_MELEE, 1, 0);
	ev.n[0] = BS_FORM_CLOSED;
	ev.n[1] = BS_FORM_OPEN;
	ev.n[2] = 7;
	ev.n[3] = 7;
	ev.what = "morale check failed";
	ev.cite = "[4.5]";
	expect_line(&ev, "  Keep men-at-arms formation closed -> open: "
			 "morale check failed [4.5]");
	expect_json_round_trip(&ev);

	ev.n[1] = BS_FORM_CLOSED;
	ev.n[2] = 4;
	ev.n[3] = 6;
	ev.what = "widens its front";
	ev.cite = "[7.10]";
	expect_line(&ev, "  Keep men-at-arms frontage 4 -> 6 files: widens "
			 "its front [7.10]");
	ev.n[4] = 20; /* [7.10] 1" per figure moved */
	expect_line(&ev, "  Keep men-at-arms frontage 4 -> 6 files (2\" MV): "
			 "widens its front [7.10]");
	ev.n[4] = 0;
	ev.n[5] = 1;
	expect_line(&ev, "  Keep men-at-arms frontage 4 -> 6 files, cramped "
			 "(bases still touching): widens its front [7.10]");
	char *s = json_of(&ev);
	cr_expect(strstr(s, "\"mv_cost\":0,\"cramped\":true,") != NULL, "%s",
		  s);
	free(s);
	ev.n[5] = 0;

	ev.n[1] = BS_FORM_OPEN;
	expect_line(&ev, "  Keep men-at-arms formation closed -> open, "
			 "frontage 4 -> 6 files: widens its front [7.10]");

	ev = ev_of(BS_EV_CONTACT, 3, BS_PHASE_MOVEMENT, 0, 0);
	ev.tside = 1;
	ev.tunit = 0;
	ev.what = "front";
	ev.cite = "[7.8]";
	ev.n[0] = BS_ARC_FRONT;
	ev.n[1] = 8;
	ev.n[2] = 7;
	expect_line(&ev, "  Broken Fang warriors contacts Keep men-at-arms, "
			 "front to front: 8 figures against 7 [7.8]");
	expect_json_round_trip(&ev);
	s = json_of(&ev);
	cr_expect(strstr(s, "\"arc\":\"front\",\"edge\":\"front\","
			    "\"figures\":8,\"target_figures\":7,") != NULL,
		  "%s", s);
	free(s);
	ev.what = "flank";
	ev.n[1] = 1;
	ev.n[2] = 3;
	expect_line(&ev, "  Broken Fang warriors contacts Keep men-at-arms, "
			 "front to flank: 1 figure against 3 [7.8]");
}

Test(report, s4_6_discipline, .init = load_builtin, .fini = free_builtin)
{
	struct bs_event ev =
	    ev_of(BS_EV_DISCIPLINE, 3, BS_PHASE_MOVEMENT, 0, 2);
	bs_deriv_init(&ev.deriv, 9, NULL, NULL, "[4.6 T6]");
	bs_deriv_add(&ev.deriv, -1, "[4.6 T6]", "chaotic");
	ev.has_deriv = 1;
	ev.dice[0] = 6;
	ev.dice[1] = 5;
	ev.ndice = 2;
	ev.die_sides = 10;
	ev.n[0] = 0;
	ev.n[1] = BS1E_T7_CLOSED_CHARGE;
	ev.what = "does not charge";
	ev.cite = "[4.6]";
	expect_line(&ev, "  Gutripper goblins discipline (ordered to charge "
			 "in closed formation): DL 8 = 9 -1 chaotic [4.6 T6]; "
			 "2d10 (6+5) = 11 > 8: fails -> does not charge [4.6]");
	expect_json_round_trip(&ev);
	char *s = json_of(&ev);
	cr_expect(strstr(s, "\"dice\":[6,5],\"die_sides\":10,\"roll\":11,"
			    "\"passed\":false,\"reason\":\"closed_charge\","
			    "\"outcome\":\"does not charge\",\"cite\":"
			    "\"[4.6]\"}") != NULL,
		  "%s", s);
	free(s);
}

Test(report, s4_2_morale, .init = load_builtin, .fini = free_builtin)
{
	/* ML 11, 50% lost, closed formation, commander's CB +1 [4.2] */
	struct bs1e_morale_situation m;
	memset(&m, 0, sizeof m);
	m.t4 = 1u << BS1E_T4_LOST_50 | 1u << BS1E_T4_CLOSED_FORMATION;
	m.cb = 1;
	m.formation = BS_FORM_CLOSED;
	struct bs_event ev = ev_of(BS_EV_MORALE, 5, BS_PHASE_MELEE, 1, 0);
	bs1e_morale_current(11, &m, &ev.deriv);
	ev.has_deriv = 1;
	ev.dice[0] = 7;
	ev.dice[1] = 9;
	ev.ndice = 2;
	ev.die_sides = 10;
	ev.n[0] = bs1e_morale_passes(ev.deriv.value, 16);
	ev.n[1] = 1 << BS1E_T5_LOST_50;
	ev.what = bs1e_morale_effect_text[BS1E_MORALE_TO_OPEN];
	ev.cite = bs1e_morale_effect_cite[BS1E_MORALE_TO_OPEN];
	expect_line(&ev, "  Keep men-at-arms morale (lost 50%): ML 11 = 11 -2 "
			 "at least 50% lost +1 closed formation +1 commander "
			 "CB [4.2 T4]; 2d10 (7+9) = 16 > 11: fails -> the unit "
			 "breaks into open formation (it does not move; "
			 "frontage may shrink, never grow) [4.5]");
	expect_json_round_trip(&ev);

	/* passed, two Table 5 reasons at once */
	ev.dice[0] = 2;
	ev.dice[1] = 3;
	ev.n[0] = 1;
	ev.n[1] = 1 << BS1E_T5_LOST_25 | 1 << BS1E_T5_COMMANDER_KILLED;
	ev.what = NULL;
	ev.cite = "[4.3]";
	expect_line(&ev, "  Keep men-at-arms morale (lost 25%, commander "
			 "killed): ML 11 = 11 -2 at least 50% lost +1 closed "
			 "formation +1 commander CB [4.2 T4]; 2d10 (2+3) = 5 "
			 "<= 11: passes [4.3]");
	char *s = json_of(&ev);
	cr_expect(strstr(s, "\"passed\":true,\"reasons\":[\"lost_25\","
			    "\"commander_killed\"],\"effect\":null,") != NULL,
		  "%s", s);
	cr_expect(strstr(s, "\"ml\":{\"value\":11,\"text\":\"ML 11 = 11 -2 at "
			    "least 50% lost +1 closed formation +1 commander "
			    "CB [4.2 T4]\",\"base\":11,\"base_label\":\"\","
			    "\"terms\":[{\"amount\":-2,") != NULL,
		  "%s", s);
	free(s);
}

Test(report, s6_2_rally_and_mob_order, .init = load_builtin,
     .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_RALLY, 4, BS_PHASE_RALLY, 1, 2);
	ev.indiv = 0;
	bs_deriv_init(&ev.deriv, 13, NULL, NULL, "[4.2 T4]");
	ev.has_deriv = 1;
	ev.dice[0] = 4;
	ev.dice[1] = 4;
	ev.ndice = 2;
	ev.die_sides = 10;
	ev.n[0] = 1;
	ev.what = bs_mob_order_name[BS_MOB_FORWARD];
	ev.cite = "[2.10]";
	expect_line(&ev, "  Lord Aldric Vance orders Village levy to "
			 "move-forward: ML 13 [4.2 T4]; 2d10 (4+4) = 8 <= 13: "
			 "order given [2.10]");
	expect_json_round_trip(&ev);

	ev = ev_of(BS_EV_RALLY, 4, BS_PHASE_RALLY, 0, 0);
	ev.indiv = 1;
	bs_deriv_init(&ev.deriv, 12, NULL, NULL, "[4.2 T4]");
	bs_deriv_add(&ev.deriv, -2, "[4.2 T4]", "at least 50%% lost");
	ev.has_deriv = 1;
	ev.dice[0] = 9;
	ev.dice[1] = 9;
	ev.ndice = 2;
	ev.die_sides = 10;
	ev.n[0] = 0;
	ev.what = "rally";
	ev.cite = "[6.2]";
	expect_line(&ev, "  Rotgut rallies Broken Fang warriors: ML 10 = 12 "
			 "-2 at least 50% lost [4.2 T4]; 2d10 (9+9) = 18 > "
			 "10: fails [6.2]");
	expect_json_round_trip(&ev);
}

Test(report, s4_7_command, .init = load_builtin, .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_COMMAND, 2, BS_PHASE_MOVEMENT, 0, 2);
	ev.what = "outside the commander's radius";
	ev.cite = "[4.7]";
	expect_line(&ev, "  Gutripper goblins out of command: outside the "
			 "commander's radius [4.7]");
	ev.n[0] = 1;
	ev.what = NULL;
	expect_line(&ev, "  Gutripper goblins in command [4.7]");
	ev.indiv = 3;
	expect_line(&ev, "  Gutripper goblins in command (Snikkit) [4.7]");
	expect_json_round_trip(&ev);
	/* a cite the text already gives is not repeated */
	ev = ev_of(BS_EV_COMMAND, 1, BS_PHASE_SETUP, 1, 2);
	ev.what = "a mob is never in command [2.10]";
	ev.cite = "[2.10]";
	expect_line(&ev,
		    "  Village levy out of command: a mob is never in command "
		    "[2.10]");
	char *s = json_of(&ev);
	cr_expect(strstr(s, "\"cite\":\"[2.10]\"}") != NULL, "%s", s);
	free(s);
}

/* [8.4] orcs (AR 19 after Table 10) against men-at-arms in chain mail and
 * shield (AC 4), long sword d8, 12 figures, 2d6 = 4+3: AR - AC + 2d6 =
 * 22 on the D8 column; [8.7] 10 HD figures. The numbers come from the
 * combat kernel, so the line shows what the engine will emit. */
Test(report, s8_4_attack_line, .init = load_builtin, .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_ATTACK, 3, BS_PHASE_MELEE, 0, 0);
	ev.tside = 1;
	ev.tunit = 0;
	bs1e_ar_adjusted(19, 1u << BS1E_T10_CLOSED_CHARGE,
			 1u << BS1E_T10X_DAYLIGHT, 0, &ev.deriv);
	ev.has_deriv = 1;
	struct bs1e_attack_spec sp;
	memset(&sp, 0, sizeof sp);
	char err[128];
	cr_assert_eq(bs_dice_parse("d8", &sp.damage, err, sizeof err), 0);
	sp.ar = ev.deriv.value;
	sp.ac = 4;
	sp.figures = 12;
	struct bs1e_attack_plan plan;
	cr_assert_eq(bs1e_attack_plan(&sp, &plan, err, sizeof err), 0);
	struct bs1e_attack_result res;
	bs1e_attack_resolve(&plan, 4 + 3, &res);
	struct bs1e_casualties cas;
	bs1e_casualties(res.total_tenths, 100, 14, &cas);
	ev.dice[0] = 4;
	ev.dice[1] = 3;
	ev.ndice = 2;
	ev.die_sides = 6;
	ev.n[0] = 12;
	ev.n[1] = 4;
	ev.n[2] = res.attack_roll;
	ev.n[3] = res.per_figure_tenths;
	ev.n[4] = res.total_tenths;
	ev.n[5] = cas.killed;
	ev.n[6] = cas.wounded;
	char col[32];
	ev.what = bs1e_colread_format(&plan.read[0], col, sizeof col);
	ev.cite = "[8.4]";
	expect_line(
	    &ev,
	    "  Broken Fang warriors attacks Keep men-at-arms "
	    "(front): 12 figures, AR 19 = 19 -1 charging in closed formation "
	    "+1 goblins/orcs in daylight [8.3 T10]; AR 19 - AC 4 "
	    "+ 2d6 (4+3) = 22 on D8: 3 HD x 12 = 36 HD -> 3 "
	    "killed, 1 wounded [8.4] [8.7]");
	expect_json_round_trip(&ev);
	char *s = json_of(&ev);
	cr_expect_str_eq(
	    s,
	    "{\"type\":\"attack\",\"round\":3,\"phase\":\"melee\",\"side\":0,"
	    "\"unit\":0,\"unit_name\":\"Broken Fang warriors\","
	    "\"target_side\":1,\"target_unit\":0,\"target_name\":\"Keep "
	    "men-at-arms\",\"arc\":\"front\",\"figures\":12,\"ar\":{\"value\":"
	    "19,\"text\":\"AR "
	    "19 = 19 -1 charging in closed formation +1 goblins/orcs in "
	    "daylight [8.3 T10]\",\"base\":19,\"base_label\":\"\",\"terms\":"
	    "[{\"amount\":-1,\"label\":\"charging in closed formation\","
	    "\"cite\":\"[8.3 T10]\"},{\"amount\":1,\"label\":\"goblins/orcs "
	    "in daylight\",\"cite\":\"[8.3 T10 note]\"}],\"cite\":\"[8.3 "
	    "T10]\"},"
	    "\"ac\":4,\"dice\":[4,3],\"die_sides\":6,\"attack_roll\":22,"
	    "\"column\":\"D8\",\"hd_per_figure\":3,\"hd_total\":36,\"killed\":"
	    "3,\"wounded\":1,\"cite\":\"[8.4]\"}");
	free(s);

	/* half HD in tenths [8.7]: 2.5 HD x 3 = 7.5 */
	ev.n[0] = 3;
	ev.n[3] = 25;
	ev.n[4] = 75;
	ev.n[5] = 0;
	ev.n[6] = 0;
	ev.n[7] = BS_ARC_FLANK;
	ev.cite = "[8.4] [8.7]";
	expect_line(
	    &ev,
	    "  Broken Fang warriors attacks Keep men-at-arms "
	    "(flank): 3 figures, AR 19 = 19 -1 charging in closed formation "
	    "+1 goblins/orcs in daylight [8.3 T10]; AR 19 - AC 4 "
	    "+ 2d6 (4+3) = 22 on D8: 2.5 HD x 3 = 7.5 HD -> 0 "
	    "killed, 0 wounded [8.4] [8.7]");
	s = json_of(&ev);
	cr_expect(strstr(s, "\"hd_per_figure\":2.5,\"hd_total\":7.5,") != NULL,
		  "%s", s);
	free(s);
}

/* Issue 14: a volley [10.0] [10.8] in the text log and JSON Lines, with
 * the kind of fire, the range band, the figures seen [10.1], where a
 * mover stood when fired on [10.6], the ammunition left [10.3] and the
 * controller's reason. */
Test(report, s10_6_volley_line, .init = load_builtin, .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_VOLLEY, 2, BS_PHASE_MOVEMENT, 0, 0);
	ev.tside = 1;
	ev.tunit = 0;
	bs_deriv_init(&ev.deriv, 21, NULL, "[8.3]", "[10.8 T13]");
	bs_deriv_add(&ev.deriv, 2, "[10.8 T13]", "medium range");
	ev.has_deriv = 1;
	ev.dice[0] = 3;
	ev.dice[1] = 4;
	ev.ndice = 2;
	ev.die_sides = 6;
	ev.n[0] = 10;
	ev.n[1] = 6;
	ev.n[2] = 24;
	ev.n[3] = 20;
	ev.n[4] = 200;
	ev.n[5] = 2;
	ev.n[6] = 0;
	ev.n[7] = 12;
	ev.n[8] = BS_FIRE_PASS_THROUGH;
	ev.n[9] = 1;
	ev.n[10] = 135;
	ev.n[11] = 3;
	ev.x0 = 36;
	ev.y0 = 10;
	ev.x1 = 36;
	ev.y1 = 27;
	ev.f1 = 180;
	ev.f0 = 3;
	ev.what = "D6";
	ev.why = "pass-through fire at a unit charging it";
	ev.cite = "[10.6]";
	expect_line(&ev,
		    "  Broken Fang warriors fires at Keep men-at-arms "
		    "(pass-through, range 13.5\" medium): 10 figures, AR 23 = "
		    "21 +2 medium range [10.8 T13]; AR 23 - AC 6 + 2d6 (3+4) "
		    "= 24 on D6: 2 HD x 10 = 20 HD -> 2 killed, 0 wounded of "
		    "the 12 figures seen; Keep men-at-arms at (36.0, "
		    "27.0) facing 180, 3\" into its move; 3 volleys left "
		    "[10.6] [8.4]; reason: pass-through fire at a unit "
		    "charging it");
	expect_json_round_trip(&ev);
	char *s = json_of(&ev);
	cr_expect(strstr(s, "\"fire\":\"pass-through\",\"figures\":10,") !=
		      NULL,
		  "%s", s);
	cr_expect(strstr(s, "\"seen\":12,\"band\":\"medium\",\"range\":"
			    "13.5,\"ammo_left\":3,") != NULL,
		  "%s", s);
	cr_expect(strstr(s, "\"moved\":3,\"why\":\"pass-through fire at a "
			    "unit charging it\",\"cite\":\"[10.6]\"}") != NULL,
		  "%s", s);
	/* the phase's fire: no moment, unlimited arrows */
	ev.n[8] = BS_FIRE_PHASE;
	ev.n[11] = -1;
	ev.why = NULL;
	s = (free(s), json_of(&ev));
	cr_expect(strstr(s, "\"ammo_left\":null") != NULL, "%s", s);
	cr_expect(strstr(s, "\"moved\"") == NULL, "%s", s);
	cr_expect(strstr(s, "\"why\"") == NULL, "%s", s);
	free(s);
}

/* [10.6] RULING R-606: a pass-through volley at another enemy than the
 * mover says whose move it was fired at and how far into it (it said
 * `0" into its move`): a unit's (the name ending in s takes an
 * apostrophe) or a lone individual's own (R-674); the JSON names the
 * mover. */
Test(report, s10_6_ruling_r606_volley_line_names_the_mover,
     .init = load_builtin, .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_VOLLEY, 2, BS_PHASE_MOVEMENT, 0, 0);
	ev.tside = 1;
	ev.tunit = 0;
	bs_deriv_init(&ev.deriv, 21, NULL, "[8.3]", "[10.8 T13]");
	ev.has_deriv = 1;
	ev.dice[0] = 3;
	ev.dice[1] = 4;
	ev.ndice = 2;
	ev.die_sides = 6;
	ev.n[0] = 10;
	ev.n[1] = 6;
	ev.n[2] = 24;
	ev.n[3] = 20;
	ev.n[4] = 200;
	ev.n[5] = 2;
	ev.n[7] = 12;
	ev.n[8] = BS_FIRE_PASS_THROUGH;
	ev.n[9] = 0;
	ev.n[10] = 60;
	ev.n[11] = -1;
	ev.x1 = 36;
	ev.y1 = 27;
	ev.f1 = 180;
	ev.f0 = 2;
	ev.what = "D6";
	ev.cite = "[10.6]";
	/* the mover: individual 0 of side 1 on his own move */
	ev.n[12] = bs_ev_mover_code(1, 0, 1);
	cr_assert_gt(sc->sides[1].nindividuals, 0);
	const char *hero = sc->sides[1].individuals[0].name;
	char want[160];
	snprintf(want, sizeof want,
		 "Keep men-at-arms at (36.0, 27.0) facing 180, 2\" into %s%s "
		 "move [10.6] [8.4]",
		 hero, hero[strlen(hero) - 1] == 's' ? "'" : "'s");
	char line[BS_REPORT_LINE_MAX];
	bs_report_text(sc, &ev, line, sizeof line);
	cr_expect(strstr(line, want) != NULL, "%s / %s", line, want);
	char *s = json_of(&ev);
	char wj[160];
	snprintf(wj, sizeof wj,
		 "\"moved\":2,\"mover_side\":1,\"mover_individual\":0,"
		 "\"mover_name\":\"%s\"",
		 hero);
	cr_expect(strstr(s, wj) != NULL, "%s", s);
	free(s);
	/* a unit's move: "Broken Fang warriors' move" */
	ev.n[12] = bs_ev_mover_code(0, 0, 0);
	bs_report_text(sc, &ev, line, sizeof line);
	cr_expect(strstr(line, "2\" into Broken Fang warriors' move") != NULL,
		  "%s", line);
	/* at the mover itself (0): as before */
	ev.n[12] = 0;
	bs_report_text(sc, &ev, line, sizeof line);
	cr_expect(strstr(line, "2\" into its move") != NULL, "%s", line);
	s = json_of(&ev);
	cr_expect(strstr(s, "\"mover_") == NULL, "%s", s);
	free(s);
}

Test(report, s8_7_losses_s7_15_rout_removed, .init = load_builtin,
     .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_LOSSES, 3, BS_PHASE_MELEE, 1, 0);
	ev.n[0] = 3;
	ev.n[1] = 1;
	ev.n[2] = 11;
	ev.n[3] = 1;
	ev.what = "melee";
	ev.cite = "[8.7]";
	expect_line(&ev, "  Keep men-at-arms loses 3 figures, 1 wound placed "
			 "-> 11 left, 1 wounded (melee) [8.7]");
	expect_json_round_trip(&ev);
	/* [8.7] a second wound: one more figure off, the other healed */
	ev.n[0] = 2;
	ev.n[1] = 2;
	ev.n[2] = 9;
	ev.n[3] = 0;
	ev.n[4] = 1;
	expect_line(&ev, "  Keep men-at-arms loses 2 figures (1 by a second "
			 "wound), 2 wounds placed -> 9 left, 0 wounded (melee) "
			 "[8.7]");

	ev = ev_of(BS_EV_ROUT, 5, BS_PHASE_MELEE, 1, 2);
	ev.what = "routs";
	ev.x0 = 22;
	ev.y0 = 20;
	ev.f0 = 0;
	ev.x1 = 22;
	ev.y1 = 4;
	ev.f1 = 180;
	ev.n[0] = 160;
	ev.n[1] = 160;
	ev.cite = "[7.15]";
	expect_line(&ev,
		    "  Village levy routs: 16\" of 16\", (22, 20) facing 0 "
		    "-> (22, 4) facing 180 [7.15]");
	expect_json_round_trip(&ev);

	ev = ev_of(BS_EV_REMOVED, 6, BS_PHASE_MOVEMENT, 1, 2);
	ev.what = "off the table";
	ev.cite = "[7.15]";
	expect_line(&ev,
		    "  Village levy removed from play: off the table [7.15]");
	expect_json_round_trip(&ev);
}

Test(report, s9_1_fate_note_end, .init = load_builtin, .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_FATE, 7, BS_PHASE_MELEE, 0, -1);
	ev.indiv = 1;
	ev.dice[0] = 5;
	ev.ndice = 1;
	ev.die_sides = 10;
	ev.n[0] = bs1e_fate_for_roll(5);
	ev.cite = "[9.1 T11]";
	expect_line(&ev, "  Rotgut fate: d10 = 5 -> Character is badly "
			 "wounded (1-6 hp remaining) [9.1 T11]");
	expect_json_round_trip(&ev);
	char *s = json_of(&ev);
	cr_expect(strstr(s, "\"fate\":\"badly_wounded\",") != NULL, "%s", s);
	free(s);

	ev = ev_of(BS_EV_NOTE, 7, BS_PHASE_MELEE, -1, -1);
	ev.what = "no melee this phase";
	ev.cite = "[8.0]";
	expect_line(&ev, "  no melee this phase [8.0]");
	expect_json_round_trip(&ev);
	ev.side = 0;
	ev.unit = 3;
	ev.n[2] = 4;
	expect_line(&ev, "  Stonefist ogres: no melee this phase [8.0]");
	s = json_of(&ev);
	cr_expect(strstr(s, "\"n\":[0,0,4,0,0,0,0,0]") != NULL, "%s", s);
	free(s);

	ev = ev_of(BS_EV_END, 12, BS_PHASE_END, -1, -1);
	ev.n[0] = 0;
	ev.n[1] = 12;
	ev.what = "no enemy unit left that is not routed";
	expect_line(&ev, "Battle over after 12 rounds: Broken Fang warband "
			 "wins (no enemy unit left that is not routed)");
	expect_json_round_trip(&ev);
	ev.n[0] = -1;
	ev.n[1] = 1;
	ev.what = "round limit";
	expect_line(&ev, "Battle over after 1 round: draw (round limit)");
	s = json_of(&ev);
	cr_expect_str_eq(s, "{\"type\":\"end\",\"round\":12,\"phase\":\"end\","
			    "\"winner\":-1,\"rounds\":1,\"reason\":\"round "
			    "limit\"}");
	free(s);
}

/* ---- robustness -------------------------------------------------------------
 */

Test(report, no_scenario_and_bad_indexes)
{
	struct bs_event ev = ev_of(BS_EV_CONTACT, 1, BS_PHASE_MOVEMENT, 0, 1);
	ev.tside = 1;
	ev.tunit = 9;
	ev.what = "flank";
	char buf[256];
	cr_expect_str_eq(
	    bs_report_text(NULL, &ev, buf, sizeof buf),
	    "  side 0 unit 1 contacts side 1 unit 9, front to flank");
	json_t *j = bs_report_json(NULL, &ev);
	cr_assert_not_null(j);
	cr_expect_null(json_object_get(j, "unit_name"));
	cr_expect_eq(json_integer_value(json_object_get(j, "target_unit")), 9);
	json_decref(j);
	/* enum values out of range do not index the name arrays */
	ev.type = BS_EV_FORMATION;
	ev.n[0] = 99;
	ev.n[1] = -3;
	cr_expect_str_eq(bs_report_text(NULL, &ev, buf, sizeof buf),
			 "  side 0 unit 1 formation, 0 files: flank");
	/* a short buffer is cut, still terminated */
	char small[10];
	bs_report_text(NULL, &ev, small, sizeof small);
	cr_expect_eq(strlen(small), 9);
}

Test(report, one_line_even_with_newline_in_label, .init = load_builtin,
     .fini = free_builtin)
{
	struct bs_event ev = ev_of(BS_EV_NOTE, 1, BS_PHASE_MELEE, -1, -1);
	ev.what = "two\nlines";
	expect_line(&ev, "  two lines");
	char *s = json_of(&ev);
	cr_expect_null(strchr(s, '\n'));
	cr_expect(strstr(s, "\"text\":\"two\\nlines\"") != NULL, "%s", s);
	free(s);
}

/* ---- the reporter's streams ------------------------------------------------
 */

static void emit_some(struct bs_event_sink *sink)
{
	struct bs_event ev = ev_of(BS_EV_ROUND, 1, BS_PHASE_INITIATIVE, -1, -1);
	ev.n[0] = 1;
	sink->emit(sink->ctx, &ev);
	ev = ev_of(BS_EV_PHASE, 1, BS_PHASE_MELEE, -1, -1);
	ev.cite = "[1.6]";
	sink->emit(sink->ctx, &ev);
	ev = ev_of(BS_EV_CONTACT, 1, BS_PHASE_MELEE, 0, 3);
	ev.tside = 1;
	ev.tunit = 1;
	ev.what = "flank";
	ev.cite = "[7.8]";
	ev.n[0] = BS_ARC_FRONT;
	ev.n[1] = 2;
	ev.n[2] = 3;
	sink->emit(sink->ctx, &ev);
}

Test(report, text_stream, .init = load_builtin, .fini = free_builtin)
{
	char *mem = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&mem, &len);
	cr_assert_not_null(f);
	struct bs_report r;
	bs_report_init(&r, BS_LOG_TEXT, f, sc);
	struct bs_event_sink sink = bs_report_sink(&r);
	cr_expect_eq(sink.ctx, &r);
	emit_some(&sink);
	fclose(f);
	cr_expect_str_eq(mem, "\n=== Round 1 ===\n-- Melee Phase [1.6] --\n"
			      "  Stonefist ogres contacts Ironhold dwarves, "
			      "front to flank: 2 figures against 3 [7.8]\n");
	cr_expect_eq(r.events, 3);
	cr_expect_eq(r.error, 0);
	free(mem);
}

Test(report, jsonl_stream, .init = load_builtin, .fini = free_builtin)
{
	char *mem = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&mem, &len);
	cr_assert_not_null(f);
	struct bs_report r;
	bs_report_init(&r, BS_LOG_JSONL, f, sc);
	struct bs_event_sink sink = bs_report_sink(&r);
	emit_some(&sink);
	fclose(f);
	cr_expect_eq(r.events, 3);
	cr_expect_eq(r.error, 0);
	const char *want[] = {
	    "{\"type\":\"round\",\"round\":1,\"phase\":\"initiative\","
	    "\"number\":1}",
	    "{\"type\":\"phase\",\"round\":1,\"phase\":\"melee\",\"cite\":"
	    "\"[1.6]\"}",
	    "{\"type\":\"contact\",\"round\":1,\"phase\":\"melee\",\"side\":0,"
	    "\"unit\":3,\"unit_name\":\"Stonefist ogres\",\"target_side\":1,"
	    "\"target_unit\":1,\"target_name\":\"Ironhold dwarves\",\"arc\":"
	    "\"flank\",\"edge\":\"front\",\"figures\":2,\"target_figures\":3,"
	    "\"cite\":\"[7.8]\"}",
	};
	char *line = mem;
	for (int i = 0; i < 3; i++) {
		char *nl = strchr(line, '\n');
		cr_assert_not_null(nl, "line %d", i);
		*nl = '\0';
		cr_expect_str_eq(line, want[i]);
		json_error_t e;
		json_t *j = json_loads(line, 0, &e);
		cr_expect_not_null(j, "line %d: %s", i, e.text);
		json_decref(j);
		line = nl + 1;
	}
	cr_expect_str_eq(line, "");
	free(mem);
}

Test(report, no_stream_counts_only)
{
	struct bs_report r;
	bs_report_init(&r, BS_LOG_TEXT, NULL, NULL);
	struct bs_event_sink sink = bs_report_sink(&r);
	emit_some(&sink);
	cr_expect_eq(r.events, 3);
	cr_expect_eq(r.error, 0);
}

/* ---- the end summary
 * ---------------------------------------------------------
 */

/* A finished battle built by hand: the orcs won after 9 rounds; the
 * men-at-arms were destroyed, the levy routed off the table, the spearmen
 * rout on the table. */
static void fake_battle(struct bs_battle *b, struct bs_unit_state *u)
{
	memset(b, 0, sizeof *b);
	memset(u, 0, 8 * sizeof *u);
	b->sc = sc;
	b->nsides = 2;
	b->nunits = 8;
	b->units = u;
	b->side_first[0] = 0;
	b->side_first[1] = 4;
	static const int orig[8] = {16, 16, 20, 4, 14, 10, 16, 14};
	static const int left[8] = {6, 16, 20, 4, 0, 10, 11, 9};
	static const int wnd[8] = {1, 0, 0, 0, 0, 1, 0, 0};
	for (int k = 0; k < 8; k++) {
		u[k].side = k / 4;
		u[k].idx = k % 4;
		u[k].original = orig[k];
		u[k].figures = left[k];
		u[k].wounded = wnd[k];
	}
	u[4].flags = BS_UF_REMOVED | BS_UF_DESTROYED;
	u[4].end = BS_END_DESTROYED;
	u[6].flags = BS_UF_REMOVED | BS_UF_ROUTED;
	u[6].end = BS_END_ROUTED_OFF;
	u[7].flags = BS_UF_ROUTED;
	b->result.over = 1;
	b->result.winner = 0;
	b->result.rounds = 9;
	b->result.reason = "no enemy unit left that is not routed";
	b->result.nsides = 2;
	b->result.side[0] = (struct bs_side_result){56, 10, 4, 0, 0};
	b->result.side[1] = (struct bs_side_result){54, 24, 1, 0, 0};
}

Test(report, s7_15_summary_text, .init = load_builtin, .fini = free_builtin)
{
	struct bs_battle b;
	struct bs_unit_state u[8];
	fake_battle(&b, u);
	char *mem = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&mem, &len);
	cr_assert_not_null(f);
	cr_expect_eq(bs_report_summary(&b, BS_LOG_TEXT, f), 0);
	fclose(f);
	cr_expect_str_eq(
	    mem,
	    "=== Summary ===\n"
	    "Outcome: Broken Fang warband wins after 9 rounds (no enemy unit "
	    "left that is not routed)\n"
	    "\n"
	    "Broken Fang warband\n"
	    "  Unit                  Start  Lost  Wounded  Left  End\n"
	    "  Broken Fang warriors     16    10        1     6  intact\n"
	    "  Broken Fang spears       16     0        0    16  intact\n"
	    "  Gutripper goblins        20     0        0    20  intact\n"
	    "  Stonefist ogres           4     0        0     4  intact\n"
	    "  Losses: 10 of 56 figures killed (17.9%); 4 of 4 units in "
	    "play\n"
	    "\n"
	    "Border keep muster\n"
	    "  Unit                  Start  Lost  Wounded  Left  End\n"
	    "  Keep men-at-arms         14    14        0     0  destroyed\n"
	    "  Ironhold dwarves         10     0        1    10  intact\n"
	    "  Village levy             16     5        0    11  routed off "
	    "the table\n"
	    "  Keep spearmen            14     5        0     9  routed, on "
	    "the table\n"
	    "  Losses: 24 of 54 figures killed (44.4%); 1 of 4 units in "
	    "play\n");
	free(mem);

	/* a draw at the round limit */
	b.result.winner = -1;
	b.result.rounds = 30;
	b.result.reason = "round limit";
	mem = NULL;
	f = open_memstream(&mem, &len);
	bs_report_summary(&b, BS_LOG_TEXT, f);
	fclose(f);
	cr_expect(
	    strstr(mem, "Outcome: draw after 30 rounds (round limit)\n") !=
		NULL,
	    "%s", mem);
	free(mem);
}

Test(report, s7_15_summary_json, .init = load_builtin, .fini = free_builtin)
{
	struct bs_battle b;
	struct bs_unit_state u[8];
	fake_battle(&b, u);
	char *mem = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&mem, &len);
	cr_assert_not_null(f);
	cr_expect_eq(bs_report_summary(&b, BS_LOG_JSONL, f), 0);
	fclose(f);
	/* one line */
	cr_assert_eq(strchr(mem, '\n'), mem + len - 1, "%s", mem);
	const char *prefix =
	    "{\"type\":\"summary\",\"outcome\":\"win\",\"winner\":0,"
	    "\"winner_name\":\"Broken Fang warband\",\"rounds\":9,"
	    "\"reason\":\"no enemy unit left that is not routed\","
	    "\"sides\":[{\"side\":0,\"name\":\"Broken Fang warband\","
	    "\"figures_start\":56,\"figures_lost\":10,\"units_in_play\":4},";
	cr_expect(strncmp(mem, prefix, strlen(prefix)) == 0, "%s", mem);
	json_error_t e;
	json_t *j = json_loads(mem, 0, &e);
	cr_assert_not_null(j, "%s", e.text);
	json_t *units = json_object_get(j, "units");
	cr_assert_eq(json_array_size(units), 8);
	const char *want_end[8] = {"intact",	 "intact",    "intact",
				   "intact",	 "destroyed", "intact",
				   "routed-off", "routed"};
	for (size_t k = 0; k < 8; k++) {
		json_t *x = json_array_get(units, k);
		cr_expect_str_eq(json_string_value(json_object_get(x, "end")),
				 want_end[k]);
		cr_expect_eq(
		    json_integer_value(json_object_get(x, "lost")) +
			json_integer_value(json_object_get(x, "left")),
		    json_integer_value(json_object_get(x, "figures_start")));
	}
	cr_expect_str_eq(json_string_value(
			     json_object_get(json_array_get(units, 6), "name")),
			 "Village levy");
	json_decref(j);
	free(mem);
}

/* Any event, however wrong its fields, renders as one line of text and one
 * valid JSON object (no crash, no undefined behaviour under UBSan). */
Test(report, random_events_render_safely, .init = load_builtin,
     .fini = free_builtin)
{
	struct bs_rng r;
	bs_rng_seed(&r, 160);
	static const char *const texts[] = {NULL,    "",     "front",
					    "[7.8]", "a\nb", "caf\xc3\xa9"};
	static const double reals[] = {0.0,    -0.04, 33.35, 1e300,
				       -1e300, 360.0, -725.5};
	char buf[BS_REPORT_LINE_MAX];
	for (int i = 0; i < 5000; i++) {
		struct bs_event ev;
		bs_event_init(&ev, (enum bs_ev)bs_rng_below(&r, BS_EV__COUNT),
			      (int)bs_rng_below(&r, 40),
			      (enum bs_phase)bs_rng_below(&r, BS_PHASE__COUNT));
		ev.side = (int)bs_rng_below(&r, 7) - 1;
		ev.unit = (int)bs_rng_below(&r, 7) - 1;
		ev.indiv = (int)bs_rng_below(&r, 7) - 1;
		ev.tside = (int)bs_rng_below(&r, 7) - 1;
		ev.tunit = (int)bs_rng_below(&r, 7) - 1;
		ev.ndice = (int)bs_rng_below(&r, BS_EV_MAX_DICE + 1);
		ev.die_sides = (int)bs_rng_below(&r, 21);
		for (int k = 0; k < ev.ndice; k++)
			ev.dice[k] = (int)bs_rng_below(&r, 21);
		for (int k = 0; k < BS_EV_MAX_N; k++)
			ev.n[k] = (int)bs_rng_below(&r, 2001) - 1000;
		ev.x0 = reals[bs_rng_below(&r, 7)];
		ev.f1 = reals[bs_rng_below(&r, 7)];
		ev.what = texts[bs_rng_below(&r, 6)];
		ev.cite = texts[bs_rng_below(&r, 6)];
		if (bs_rng_below(&r, 2)) {
			bs_deriv_init(&ev.deriv, ev.n[0], "base", "[1.0]",
				      "[1.0]");
			bs_deriv_add(&ev.deriv, ev.n[1], "[1.0]", "term");
			ev.has_deriv = 1;
		}
		bs_report_text(sc, &ev, buf, sizeof buf);
		cr_assert_null(strchr(buf, '\n'), "event %d: %s", i, buf);
		char *s = json_of(&ev);
		json_error_t e;
		json_t *back = json_loads(s, 0, &e);
		cr_assert_not_null(back, "event %d: %s: %s", i, e.text, s);
		json_decref(back);
		free(s);
	}
}
