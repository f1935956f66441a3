/* [11.8] Terrain Effects on Movement, Table 14, row by row and each
 * exception, in the 1E Movement Phase: clear, the road (the whole unit, the
 * whole move: RULING R-445), woods (woodland creatures; no closed
 * formation), obstacles (1/3, closed goes to open at no cost, no charge
 * through: ), elevation (1/3 per 10 feet, no charge
 * uphill), rough (mountain-bred), swamp (swamp inhabitants), water
 * (aquatic units, fordable: R-441); the costs along the path of the whole
 * block, wheels over the ground, terrain at the Basic Game
 * . [11.8] and [11.9] print no worked example. */
#include <math.h>

#include "bs1e_fixture.h"

#define T BS_GEOM_TOUCH
#define GAP BS_GEOM_STOP_GAP

/* One unit of 16 (8 files x 2 ranks of 0.75" bases: 6" x 1.5"), MV 12,
 * its front centre at (36, 10) facing north, in `form`, of `creature`,
 * and a far enemy; the scenario's terrain in `terrain`. */
static void open_one(struct tf *t, const char *level, const char *terrain,
		     const char *form, const char *creature, int frontage)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Movers",
	     .x = 36,
	     .y = 10,
	     .facing = "north",
	     .formation = form,
	     .creature = creature,
	     .frontage = frontage},
	    {.side = 1, .name = "Far", .x = 10, .y = 46, .facing = "south"},
	};
	tf_level = level;
	tf_open_units(t, u, 2, terrain, NULL, NULL);
	tf_level = "basic";
	t->moves_first = 1;
	t->b->round = 1;
	t->b->side_a = 0;
}

static void movement(struct tf *t)
{
	tf_phase(t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t->b);
}

static double front_y(struct tf *t)
{
	return tf_unit(t, 0, 0)->front.y;
}

/* The first NOTE whose text contains `part`. */
static const struct bs_event *note(struct tf *t, const char *part)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == BS_EV_NOTE &&
		    strstr(t->evs[i].what, part))
			return &t->evs[i].ev;
	return NULL;
}

static void advance(struct tf *t, double dist)
{
	struct bs_order o = tf_advance(dist, 0);
	tf_order(t, 0, 0, &o);
	movement(t);
}

#define WOODS                                                                  \
	"terrain:\n  - {name: Holt, type: woods, points: [[20, 16], [52, "     \
	"16], "                                                                \
	"[52, 40], [20, 40]]}\n"

Test(r11_terrain, s11_8_table14_clear_full_movement)
{
	struct tf t;
	open_one(&t, "intermediate", WOODS, "open", NULL, 0);
	/* "Clear Terrain: Full normal movement": 5" short of the wood */
	advance(&t, 5);
	cr_assert_float_eq(front_y(&t), 15, 1e-9);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->mv_spent, 5, 1e-9);
	cr_assert_null(note(&t, "Holt"));
	tf_close(&t);
}

Test(r11_terrain, s11_8_table14_woods_one_third_penalty)
{
	struct tf t;
	open_one(&t, "intermediate", WOODS, "open", NULL, 0);
	/* 6" to the wood, then MV 12 - 6 = 6" at 2/3: 4" more */
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 16 + T + (6 - T) / 1.5, 1e-6);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->mv_spent, 12, 1e-6);
	const struct bs_event *n = note(&t, "woods 'Holt': movement at 2/3");
	cr_assert_not_null(n);
	cr_assert_str_eq(n->cite, "[11.8] Table 14 (RULING R-444)");
	tf_close(&t);
}

Test(r11_terrain, s11_8_woodland_creatures_ignore_the_woods)
{
	struct tf t;
	/* "Woodland creatures (elves, halflings ...) ignore this penalty":
	 * elves MV 12 go their 12" */
	open_one(&t, "intermediate", WOODS, "open", "elf", 0);
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 22, 1e-6);
	cr_assert_null(note(&t, "movement at"));
	tf_close(&t);
}

Test(r11_terrain, s11_8_no_closed_formation_in_the_woods)
{
	struct tf t;
	/* "No unit can ever be in closed formation in the woods": the
	 * closed unit stops at the edge (RULING R-449) */
	open_one(&t, "intermediate", WOODS, "closed", NULL, 0);
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 16 + T - GAP, 1e-6);
	cr_assert_eq(tf_unit(&t, 0, 0)->formation, BS_FORM_CLOSED);
	const struct bs_event *n =
	    note(&t, "stops at the edge of woods 'Holt': no unit can ever be "
		     "in closed formation in the woods");
	cr_assert_not_null(n);
	cr_assert_str_eq(n->cite, "[11.8] Table 14 (RULING R-316)");
	tf_close(&t);
	/* in the wood, an open unit may not close its ranks */
	const char *inside = "terrain:\n  - {name: Holt, type: woods, points: "
			     "[[20, 4], [52, 4], "
			     "[52, 40], [20, 40]]}\n";
	open_one(&t, "intermediate", inside, "open", NULL, 0);
	struct bs_order o = {.kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1};
	o.nsteps = 1;
	o.step[0] = (struct bs_step){.kind = BS_STEP_FORMATION,
				     .formation = BS_FORM_CLOSED};
	tf_order(&t, 0, 0, &o);
	movement(&t);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(
	    r->what, "no unit can ever be in closed formation in the woods");
	cr_assert_eq(tf_unit(&t, 0, 0)->formation, BS_FORM_OPEN);
	tf_close(&t);
}

#define STREAM                                                                 \
	"terrain:\n  - {name: Brook, type: stream, points: [[0, 16], [72, "    \
	"16], "                                                                \
	"[72, 17], [0, 17]]}\n"

Test(r11_terrain, s11_8_obstacle_one_third_and_open_formation)
{
	struct tf t;
	/* "Obstacles: Penalty of 1/3 to normal movement": 1/3 MV once for
	 * coming onto it (RULING R-444): 12 = 6 + 4 + 2 more */
	open_one(&t, "intermediate", STREAM, "open", NULL, 0);
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 18, 1e-6);
	cr_assert_not_null(note(&t, "crosses stream 'Brook': 1/3 MV (4.0\")"));
	tf_close(&t);
	/* "A unit in closed formation goes immediately to open formation
	 * when crossing an obstacle, but there is no movement penalty for
	 * this change of formation" */
	open_one(&t, "intermediate", STREAM, "closed", NULL, 0);
	advance(&t, 12);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_eq(u->formation, BS_FORM_OPEN);
	const struct bs_event *f = tf_find(&t, BS_EV_FORMATION, 0);
	cr_assert_not_null(f);
	cr_assert_eq(f->n[0], BS_FORM_CLOSED);
	cr_assert_eq(f->n[1], BS_FORM_OPEN);
	cr_assert_eq(f->n[4], 0, "no movement penalty for the change");
	cr_assert_str_eq(f->cite, "[11.8] Table 14");
	cr_assert_float_eq(u->mv_spent, 12, 1e-6);
	cr_assert_gt(front_y(&t), 17, "it went on across");
	tf_close(&t);
}

Test(r11_terrain, s11_8_no_charge_through_obstacles)
{
	struct tf t;
	/* a target beyond a wall: "no charge possible through obstacles" */
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Chargers",
	     .x = 36,
	     .y = 10,
	     .facing = "north",
	     .formation = "open"},
	    {.side = 1, .name = "Behind", .x = 36, .y = 23, .facing = "south"},
	};
	tf_level = "intermediate";
	tf_open_units(
	    &t, u, 2,
	    "terrain:\n  - {name: Dyke, type: wall, points: [[0, 16], "
	    "[72, 16], [72, 16.25], [0, 16.25]]}\n",
	    NULL, NULL);
	tf_level = "basic";
	t.b->round = 1;
	t.b->side_a = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_tt_charge ch;
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	cr_assert_not(ch.legal);
	cr_assert_str_eq(ch.why, "no charge possible through obstacles");
	cr_assert_str_eq(ch.cite, "[11.8] Table 14 (RULING R-450)");
	/* the same target in the open is charged */
	tf_close(&t);
	tf_level = "intermediate";
	tf_open_units(&t, u, 2, NULL, NULL, NULL);
	tf_level = "basic";
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	cr_assert(ch.legal, "%s", ch.why ? ch.why : "");
	tf_close(&t);
}

#define HILL                                                                   \
	"terrain:\n"                                                           \
	"  - {name: Knoll, type: hill, points: [[0, 14], [72, 14], [72, 40], " \
	"[0, 40]]}\n"                                                          \
	"  - {name: Crown, type: hill, elevation: 2, points: [[0, 16], [72, "  \
	"16], [72, 40], [0, 40]]}\n"

Test(r11_terrain, s11_8_elevation_one_third_per_10_feet)
{
	struct tf t;
	/* the block's centre (y 9 at the start, open formation 2" deep)
	 * climbs 10' at y 14 (5" + 4" = 9 spent) and would climb 10' more at
	 * y 16 (2" more + 4" = 15 > 12): it stops a hair short of the second
	 * contour */
	open_one(&t, "intermediate", HILL, "open", NULL, 0);
	advance(&t, 12);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_float_eq(front_y(&t), 17 - GAP, 1e-6);
	cr_assert_not_null(note(&t, "climbs 10 feet: 1/3 MV per 10 feet"));
	cr_assert_not_null(note(&t, "not enough movement left to climb"));
	cr_assert_float_eq(u->mv_spent, 7 - GAP + 4, 1e-6);
	tf_close(&t);
	/* down is free */
	struct tf_unit d[2] = {
	    {.side = 0,
	     .name = "Down",
	     .x = 36,
	     .y = 30,
	     .facing = "south",
	     .formation = "open"},
	    {.side = 1, .name = "Far", .x = 10, .y = 46, .facing = "south"},
	};
	tf_level = "intermediate";
	tf_open_units(&t, d, 2, HILL, NULL, NULL);
	tf_level = "basic";
	t.b->round = 1;
	advance(&t, 12);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->front.y, 18, 1e-6);
	tf_close(&t);
}

Test(r11_terrain, s11_8_no_charge_uphill)
{
	struct tf t;
	/* "Units may not charge uphill": a target on the knoll */
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Chargers",
	     .x = 36,
	     .y = 4,
	     .facing = "north",
	     .formation = "open"},
	    {.side = 1, .name = "Above", .x = 36, .y = 16, .facing = "south"},
	};
	tf_level = "intermediate";
	tf_open_units(&t, u, 2, HILL, NULL, NULL);
	tf_level = "basic";
	t.b->round = 1;
	t.b->side_a = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_tt_charge ch;
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	cr_assert_not(ch.legal);
	cr_assert_str_eq(ch.why, "units may not charge uphill");
	tf_close(&t);
	/* downhill it may */
	struct tf_unit v[2] = {
	    {.side = 0,
	     .name = "Chargers",
	     .x = 36,
	     .y = 30,
	     .facing = "south",
	     .formation = "open"},
	    {.side = 1, .name = "Below", .x = 36, .y = 14.5, .facing = "north"},
	};
	tf_level = "intermediate";
	tf_open_units(&t, v, 2, HILL, NULL, NULL);
	tf_level = "basic";
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	cr_assert(ch.legal, "%s", ch.why ? ch.why : "");
	tf_close(&t);
}

#define ROUGH_SWAMP                                                            \
	"terrain:\n"                                                           \
	"  - {name: Scree, type: rough, points: [[30, 12], [42, 12], [42, "    \
	"40], [30, 40]]}\n"

Test(r11_terrain, s11_8_rough_half_and_mountain_bred)
{
	struct tf t;
	/* "Rough Terrain: Penalty of 1/2": 2" then 10" at 1/2 = 5" */
	open_one(&t, "intermediate", ROUGH_SWAMP, "open", NULL, 0);
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 12 + T + (10 - T) / 2, 1e-6);
	cr_assert_not_null(note(&t, "rough 'Scree': movement at 1/2"));
	tf_close(&t);
	/* "Dwarves ... ignore this penalty": MV 6, 4" of it in the scree */
	open_one(&t, "intermediate", ROUGH_SWAMP, "open", "dwarf", 0);
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 16, 1e-6);
	tf_close(&t);
}

Test(r11_terrain, s11_8_swamp_half_and_swamp_inhabitants)
{
	struct tf t;
	const char *fen =
	    "terrain:\n  - {name: Fen, type: swamp, points: [[30, "
	    "12], [42, 12], [42, 40], [30, 40]]}\n";
	/* "Swamps: Penalty of 1/2 to normal movement" */
	open_one(&t, "intermediate", fen, "open", NULL, 0);
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 12 + T + (10 - T) / 2, 1e-6);
	cr_assert_not_null(note(&t, "swamp 'Fen': movement at 1/2"));
	tf_close(&t);
	/* "Lizard men ... ignore this penalty": their whole MV */
	open_one(&t, "intermediate", fen, "open", "lizard man", 0);
	advance(&t, 12);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_float_eq(front_y(&t), 10 + u->r.mv, 1e-6);
	tf_close(&t);
}

#define MERE                                                                   \
	"terrain:\n  - {name: Mere, type: lake, points: [[20, 12], [52, 12], " \
	"[52, 40], [20, 40]]}\n"

Test(r11_terrain, s11_8_water_only_aquatic_units)
{
	struct tf t;
	/* "Units can never enter these terrain features unless entirely
	 * made of aquatic or amphibious creatures" */
	open_one(&t, "intermediate", MERE, "open", NULL, 0);
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 12 + T - GAP, 1e-6);
	cr_assert_not_null(note(&t, "stops at the edge of lake 'Mere'"));
	tf_close(&t);
	/* "Such creatures move their full normal movement rate in water" */
	open_one(&t, "intermediate", MERE, "open", "lizard man", 0);
	advance(&t, 12);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_float_eq(front_y(&t), 10 + u->r.mv, 1e-6);
	tf_close(&t);
}

Test(r11_terrain, s11_8_special_note_fordable_river)
{
	struct tf t;
	/* "Some scenarios may specify that a specific river is fordable":
	 * crossed as a stream (RULING R-441) */
	const char *ford = "terrain:\n  - {name: Ford, type: river, fordable: "
			   "true, points: [[0, 16], [72, 16], [72, 18], [0, "
			   "18]]}\n";
	open_one(&t, "intermediate", ford, "open", NULL, 0);
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 18, 1e-6);
	cr_assert_not_null(note(&t, "crosses river 'Ford': 1/3 MV"));
	tf_close(&t);
	/* "Units cannot be in closed formation in water": a closed unit
	 * stops at the ford */
	open_one(&t, "intermediate", ford, "closed", NULL, 0);
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 16 + T - GAP, 1e-6);
	tf_close(&t);
}

#define ROAD                                                                   \
	"terrain:\n  - {name: High road, type: road, points: [[34, 0], [38, "  \
	"0], "                                                                 \
	"[38, 48], [34, 48]]}\n"

Test(r11_terrain, s11_8_table14_road_whole_unit_whole_move)
{
	struct tf t;
	/* a column of 2 files (1.5" wide) on the road: "Bonus of 1/3 to
	 * normal movement": 16" for MV 12 (RULING R-445) */
	open_one(&t, "intermediate", ROAD, "open", NULL, 2);
	advance(&t, 16);
	cr_assert_float_eq(front_y(&t), 26, 1e-6);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->mv_spent, 12, 1e-6);
	tf_close(&t);
	/* "To use a road, the entire unit must be on the road": 8 files
	 * are not */
	open_one(&t, "intermediate", ROAD, "open", NULL, 8);
	advance(&t, 16);
	cr_assert_float_eq(front_y(&t), 22, 1e-6);
	tf_close(&t);
	/* "... and the unit must stay on the road for the entire move": it
	 * turns off (an oblique step off the road): no bonus at all */
	open_one(&t, "intermediate", ROAD, "open", NULL, 2);
	struct bs_order o = tf_advance(4, 0);
	o.nsteps = 2;
	o.step[1] =
	    (struct bs_step){.kind = BS_STEP_ADVANCE, .dist = 16, .angle = 45};
	tf_order(&t, 0, 0, &o);
	movement(&t);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_float_eq(u->mv_spent, 12, 1e-6);
	double moved = 4 + hypot(u->front.x - 36, u->front.y - 14);
	cr_assert_float_eq(moved, 12, 1e-6, "no bonus: %g", moved);
	tf_close(&t);
}

Test(r11_terrain, s11_8_wheel_pays_the_ground)
{
	struct tf t;
	/* a wheel of 90 degrees costs the arc of the outermost figure
	 * [7.9]: 6 x pi / 2 = 9.42" on clear ground, more where the block
	 * is on the wood */
	const char *w = "terrain:\n  - {name: Holt, type: woods, points: [[0, "
			"11], [72, 11], [72, 40], [0, 40]]}\n";
	open_one(&t, "intermediate", w, "open", NULL, 0);
	struct bs_order o = {.kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1};
	o.nsteps = 1;
	o.step[0] = (struct bs_step){.kind = BS_STEP_WHEEL, .angle = 90};
	tf_order(&t, 0, 0, &o);
	movement(&t);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	double arc = (6 + 7 * 0.5) * 3.14159265358979 / 2; /* open: 9.5" wide */
	cr_assert_lt(u->mv_spent, 12 + 1e-6);
	cr_assert_gt(u->mv_spent, arc * 0.5, "it wheeled");
	const struct bs_event *m = tf_find(&t, BS_EV_MOVE, 0);
	cr_assert_not_null(m);
	cr_assert_str_eq(m->what, "wheel");
	/* 12" would turn it 72.4 degrees on clear ground (9.5 x pi / 180
	 * an degree); part of it on the wood, less */
	cr_assert_lt(u->facing, 72.0, "facing %g", u->facing);
	cr_assert_gt(u->facing, 40.0, "facing %g", u->facing);
	cr_assert_not_null(note(&t, "woods 'Holt': movement at 2/3"));
	tf_close(&t);
}

/* [7.9] [11.8] a wheel that the ground stops before it turns at all
 * (water flush with its front) has no MOVE of 0": the NOTE says it cannot
 * wheel and why (issue 14: the log printed `wheel: 0"`). */
Test(r11_terrain, s11_8_a_wheel_the_ground_stops_at_once_says_so)
{
	struct tf t;
	const char *w = "terrain:\n  - {name: Pool, type: lake, points: [[0, "
			"10], [72, 10], [72, 40], [0, 40]]}\n";
	open_one(&t, "intermediate", w, "open", NULL, 0);
	struct bs_order o = {.kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1};
	o.nsteps = 1;
	o.step[0] = (struct bs_step){.kind = BS_STEP_WHEEL, .angle = 90};
	tf_order(&t, 0, 0, &o);
	movement(&t);
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	/* it stops a hair short of the water (BS_GEOM_STOP_GAP of arc) */
	cr_assert_lt(u->facing, 0.1, "it did not turn: %f", u->facing);
	cr_assert_lt(u->mv_spent, 0.05);
	for (int i = 0; i < t.nev; i++)
		cr_assert(t.evs[i].ev.type != BS_EV_MOVE ||
			      strcmp(t.evs[i].what, "wheel") != 0,
			  "no wheel MOVE of 0\"");
	const struct bs_event *n =
	    note(&t, "does not wheel (the ground stops it at once): at the "
		     "edge of lake 'Pool': no unit may enter water");
	cr_assert_not_null(n);
	cr_assert(strstr(n->cite, "[11.8] Table 14"), "%s", n->cite);
	tf_close(&t);
}

Test(r11_terrain, r309_terrain_not_in_force_at_the_basic_game)
{
	struct tf t;
	/* the Basic Game: the wood is clear ground; a closed unit walks in */
	open_one(&t, "basic", WOODS, "closed", NULL, 0);
	advance(&t, 12);
	cr_assert_float_eq(front_y(&t), 22, 1e-9);
	cr_assert_null(note(&t, "Holt"));
	tf_close(&t);
}

/* ---- routs, withdrawals and flight over the ground (RULING
 * R-454) ---------------------------------------------------------------- */

Test(r11_terrain, r454_a_rout_pays_the_ground_and_stops_at_water)
{
	struct tf t;
	/* a unit facing north at y 30 routs south (away from a cause at the
	 * north): MV 12 + 4; a wood behind it at y 20 .. 26 (it is 2" deep:
	 * its rear at 28 reaches the wood at 26 after 2"), a lake at 12 */
	const char *ground =
	    "terrain:\n"
	    "  - {name: Holt, type: woods, points: [[20, 20], [52, 20], [52, "
	    "26], [20, 26]]}\n"
	    "  - {name: Mere, type: lake, points: [[20, 2], [52, 2], [52, 12], "
	    "[20, 12]]}\n";
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Movers",
	     .x = 36,
	     .y = 30,
	     .facing = "north",
	     .formation = "open"},
	    {.side = 1, .name = "Far", .x = 10, .y = 46, .facing = "south"},
	};
	tf_level = "intermediate";
	tf_open_units(&t, u, 2, ground, NULL, NULL);
	tf_level = "basic";
	t.b->round = 1;
	tf_phase(&t, BS_PHASE_MELEE);
	int g = tf_g(&t, 0, 0);
	bs1e_rout(t.b, g, &(struct bs_vec){36, 44}, 1, "routs");
	const struct bs_event *r = tf_find(&t, BS_EV_ROUT, 0);
	cr_assert_not_null(r);
	cr_assert_eq(r->n[1], 160, "[7.15] MV + 1/3 MV");
	/* 2" clear; then the 2" deep block is on the 6" wood for 8" (less
	 * twice the touch), at 3/2: 12"; 2" of clear ground are left: 12" in
	 * all (R-444: the worst ground under the block) */
	struct bs_unit_state *s = tf_unit(&t, 0, 0);
	cr_assert_eq(r->n[0], 120, "the wood slowed it: %d", r->n[0]);
	/* it ends with its back to the enemy: its front (now facing
	 * south) the edge nearest the lake, short of it */
	cr_assert_gt(s->front.y, 12);
	tf_close(&t);
	/* its next rout move, its full 12": 4" to the lake, where it stops
	 * a hair short */
	tf_level = "intermediate";
	tf_open_units(&t, u, 2, ground, NULL, NULL);
	tf_level = "basic";
	t.b->round = 1;
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_rout(t.b, g, &(struct bs_vec){36, 44}, 1, "routs");
	tf_unit(&t, 0, 0)->flags &= ~(unsigned)BS_UF_MOVED;
	t.b->round = 2;
	bs1e_rout(t.b, g, NULL, 0, "keeps routing");
	s = tf_unit(&t, 0, 0);
	cr_assert_float_eq(s->front.y, 12 - T + GAP, 1e-6, "at the lake: %g",
			   s->front.y);
	cr_assert(!(s->flags & BS_UF_REMOVED));
	tf_close(&t);
}

Test(r11_terrain, r454_a_withdrawal_pays_the_ground)
{
	struct tf t;
	/* two units in contact at y 20; a stream behind the one that
	 * withdraws (its rear at 18.5): 3" back cost 3 + 4 = 7 of its 12 */
	const char *brook = "terrain:\n  - {name: Brook, type: stream, points: "
			    "[[0, 16], [72, 16], [72, 17], [0, 17]]}\n";
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Near",
	     .x = 36,
	     .y = 20,
	     .facing = "north",
	     .frontage = 5,
	     .figures = 10,
	     .formation = "open"},
	    {.side = 1,
	     .name = "Far",
	     .x = 36,
	     .y = 20,
	     .facing = "south",
	     .frontage = 5,
	     .figures = 10},
	};
	tf_level = "intermediate";
	tf_open_units(&t, u, 2, brook, NULL, NULL);
	tf_level = "basic";
	t.b->round = 1;
	t.b->side_a = 0;
	struct bs_order o = {
	    .kind = BS_ORDER_WITHDRAW, .tside = -1, .tunit = -1};
	tf_order(&t, 0, 0, &o);
	t.follow = 0;
	movement(&t);
	struct bs_unit_state *w = tf_unit(&t, 0, 0);
	cr_assert_float_eq(w->front.y, 17, 1e-6, "3\" back");
	cr_assert_float_eq(w->mv_spent, 7, 1e-6);
	cr_assert_not_null(note(&t, "crosses stream 'Brook'"));
	tf_close(&t);
}

/* ---- [11.9] Terrain Effects on Combat, [8.3] Table 10 higher ground ---- */

/* Near (side 0) faces north, its front at y 20, against Far (side 1)
 * facing south with its front at y 20: in contact along y 20; Near
 * attacks first. */
static void open_melee(struct tf *t, const char *level, const char *head,
		       const char *form)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Near",
	     .x = 36,
	     .y = 20,
	     .facing = "north",
	     .frontage = 5,
	     .figures = 10,
	     .formation = form},
	    {.side = 1,
	     .name = "Far",
	     .x = 36,
	     .y = 20,
	     .facing = "south",
	     .frontage = 5,
	     .figures = 10,
	     .formation = form},
	};
	tf_level = level;
	tf_open_units(t, u, 2, head, NULL, NULL);
	tf_level = "basic";
	t->b->round = 1;
	t->b->side_a = 0;
	t->b->side_order[0] = 0;
	t->b->side_order[1] = 1;
	tf_dice(t, (int[]){1, 1, 1, 1}, 4);
	tf_phase(t, BS_PHASE_MELEE);
	bs1e_phase_melee(t->b);
}

static const struct bs_event *attack_of(struct tf *t, int side)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == BS_EV_ATTACK &&
		    t->evs[i].ev.side == side)
			return &t->evs[i].ev;
	cr_assert_fail("no attack of side %d", side);
	return NULL;
}

#define FAR_HILL                                                               \
	"terrain:\n  - {name: Rise, type: hill, points: [[0, 20], [72, 20], "  \
	"[72, 40], [0, 40]]}\n"

Test(r11_terrain, s8_3_table10_defender_occupies_higher_ground)
{
	struct tf t;
	/* Far stands on the hill (level 1), Near below it (RULING R-451) */
	const char *levels[] = {"basic", "intermediate"};
	for (int i = 0; i < 2; i++) {
		open_melee(&t, levels[i], FAR_HILL, NULL);
		const struct bs_event *a = attack_of(&t, 0);
		cr_assert(
		    tf_has_term(&a->deriv, -1, "defender on higher ground"),
		    "%s", levels[i]);
		cr_assert_not(tf_has_term(&attack_of(&t, 1)->deriv, -1,
					  "defender on higher ground"));
		tf_close(&t);
	}
	/* option higher_ground_plus: +1 (RULING R-006) */
	char head[512];
	snprintf(head, sizeof head, "options: [higher_ground_plus]\n%s",
		 FAR_HILL);
	open_melee(&t, "intermediate", head, NULL);
	cr_assert(tf_has_term(&attack_of(&t, 0)->deriv, 1,
			      "defender on higher ground"));
	tf_close(&t);
	/* both on the hill: neither is higher */
	open_melee(&t, "intermediate",
		   "terrain:\n  - {name: Rise, type: hill, points: [[0, 5], "
		   "[72, 5], [72, 40], [0, 40]]}\n",
		   NULL);
	cr_assert_not(tf_has_term(&attack_of(&t, 0)->deriv, -1,
				  "defender on higher ground"));
	tf_close(&t);
}

/* Low ground of `type` under Near's block up to y `top` (y 20: to the
 * contact line, Far on its edge). */
static void low(char *buf, size_t len, const char *type, double top,
		const char *extra)
{
	snprintf(buf, len,
		 "terrain:\n  - {name: Low, type: %s, points: [[0, 10], [72, "
		 "10], [72, %g], [0, %g]]%s}\n",
		 type, top, top, extra);
}

Test(r11_terrain, s11_9_low_ground_attacking_a_unit_at_its_edge)
{
	struct tf t;
	char head[512];
	/* "a unit in a ditch, gulley or trench; fording a stream; or in a
	 * swamp attacks a unit at the edge ...: +4 penalty to AR" */
	const char *types[] = {"ditch",	 "gulley", "trench",
			       "stream", "swamp",  "river"};
	for (int i = 0; i < 6; i++) {
		low(head, sizeof head, types[i], 20,
		    i == 5 ? ", fordable: true" : "");
		open_melee(&t, "intermediate", head, "open");
		const struct bs_event *a = attack_of(&t, 0);
		cr_assert(
		    tf_has_term(&a->deriv, 4, "attacking a unit at its edge"),
		    "%s", types[i]);
		int k = 0;
		for (; k < a->deriv.nterms; k++)
			if (a->deriv.term[k].amount == 4)
				break;
		cr_assert_str_eq(a->deriv.term[k].cite,
				 "[11.9] (RULING R-452)");
		/* Far, on the bank, attacks down at no penalty */
		cr_assert_not(
		    tf_has_term(&attack_of(&t, 1)->deriv, 4, "at its edge"));
		tf_close(&t);
	}
	/* both in the ditch: neither is at its edge */
	low(head, sizeof head, "ditch", 30, "");
	open_melee(&t, "intermediate", head, "open");
	cr_assert_not(tf_has_term(&attack_of(&t, 0)->deriv, 4, "at its edge"));
	tf_close(&t);
	/* a wall is no low ground; at the Basic Game no terrain */
	low(head, sizeof head, "wall", 20, "");
	open_melee(&t, "intermediate", head, "open");
	cr_assert_not(tf_has_term(&attack_of(&t, 0)->deriv, 4, "at its edge"));
	tf_close(&t);
	low(head, sizeof head, "ditch", 20, "");
	open_melee(&t, "basic", head, "open");
	cr_assert_not(tf_has_term(&attack_of(&t, 0)->deriv, 4, "at its edge"));
	tf_close(&t);
}

Test(r11_terrain, s11_9_woods_sight_and_edge)
{
	struct tf t;
	/* "Elves and other woodland creatures can sight and cast spells up
	 * to 6\" in woods; all other creatures ... only up to 1\"" */
	const char *wood = "terrain:\n  - {name: Holt, type: woods, points: "
			   "[[20, 4], [52, 4], "
			   "[52, 40], [20, 40]]}\n";
	open_one(&t, "intermediate", wood, "open", NULL, 0);
	int g = tf_g(&t, 0, 0);
	cr_assert(bs1e_in_woods(t.b, g));
	cr_assert_float_eq(bs1e_woods_sight(t.b, g), 1.0, 1e-12);
	/* its block (front y 10, 2" deep) is 4" from the woods' south edge
	 * and 10" from the others: not at the edge (RULING R-447: 1") */
	cr_assert_not(bs1e_woods_edge(t.b, g));
	tf_close(&t);
	open_one(&t, "intermediate", wood, "open", "elf", 0);
	cr_assert_float_eq(bs1e_woods_sight(t.b, tf_g(&t, 0, 0)), 6.0, 1e-12);
	tf_close(&t);
	/* at the edge: the wood's south edge 0.5" behind its rear rank */
	const char *edge =
	    "terrain:\n  - {name: Holt, type: woods, points: [[20, 7.5], [52, "
	    "7.5], [52, 40], [20, 40]]}\n";
	open_one(&t, "intermediate", edge, "open", NULL, 0);
	cr_assert(bs1e_woods_edge(t.b, tf_g(&t, 0, 0)));
	tf_close(&t);
	/* out of the woods: no limit */
	open_one(&t, "intermediate", WOODS, "open", NULL, 0);
	cr_assert(isinf(bs1e_woods_sight(t.b, tf_g(&t, 0, 0))));
	tf_close(&t);
}

/* issue 14: the pieces of an advance split at an obstacle that go nowhere
 * (a block already at the stream opens there; one with less than the
 * third left stops at it) log no MOVE of 0": the FORMATION and the NOTE
 * say what happened (RULINGS R-444, R-449). */
static int zero_moves(const struct tf *t)
{
	int n = 0;
	for (int i = 0; i < t->nev; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		n += e->type == BS_EV_MOVE && e->n[0] == 0 && e->x0 == e->x1 &&
		     e->y0 == e->y1 && e->f0 == e->f1;
	}
	return n;
}

Test(r11_terrain, s11_8_an_advance_at_an_obstacle_logs_no_move_of_0)
{
	struct tf t;
	/* flush with the stream: it opens at once, crosses (4") and goes on */
	const char *at = "terrain:\n  - {name: Brook, type: stream, points: "
			 "[[0, 10], [72, 10], [72, 11], [0, 11]]}\n";
	open_one(&t, "intermediate", at, "closed", NULL, 0);
	advance(&t, 12);
	cr_assert_eq(tf_unit(&t, 0, 0)->formation, BS_FORM_OPEN);
	cr_assert_float_eq(front_y(&t), 18, 1e-6);
	cr_assert_not_null(tf_find(&t, BS_EV_FORMATION, 0));
	cr_assert_eq(zero_moves(&t), 0, "no MOVE of 0\"");
	tf_close(&t);
	/* 9" to the stream, 3" left of the 4" it costs: it stops there */
	const char *far = "terrain:\n  - {name: Brook, type: stream, points: "
			  "[[0, 19], [72, 19], [72, 20], [0, 20]]}\n";
	open_one(&t, "intermediate", far, "closed", NULL, 0);
	advance(&t, 12);
	cr_assert_lt(front_y(&t), 19 + T);
	cr_assert_not_null(note(&t, "not enough movement left to cross"));
	cr_assert_eq(zero_moves(&t), 0, "no MOVE of 0\"");
	tf_close(&t);
}

/* RULING R-602 [7.9] [11.8]: a skirmish unit turns in place at will, but
 * the block turned is put down anew, as a face is: not where part of it
 * would stand in water it may not enter (REJECTED, the water's rule);
 * clear of the water, or aquatic, it turns at no cost. */
static void open_skirmish(struct tf *t, const char *terrain,
			  const char *creature)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Skirmishers",
	     .x = 36,
	     .y = 10,
	     .facing = "north",
	     .type = "skirmish",
	     .creature = creature},
	    {.side = 1, .name = "Far", .x = 10, .y = 46, .facing = "south"},
	};
	tf_level = "intermediate";
	tf_open_units(t, u, 2, terrain, NULL, NULL);
	tf_level = "basic";
	t->moves_first = 1;
	t->b->round = 1;
	t->b->side_a = 0;
}

static struct bs_order turn_order(double a)
{
	struct bs_order o = {.kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1};
	o.nsteps = 1;
	o.step[0] = (struct bs_step){.kind = BS_STEP_WHEEL, .angle = a};
	return o;
}

Test(r11_terrain, s7_9_ruling_r602_a_skirmish_turn_in_place_not_into_water)
{
	struct tf t;
	/* the block's shape, then a pool that begins where a 10 degree turn
	 * about its centre stays clear of it and a quarter turn does not */
	open_skirmish(&t, NULL, NULL);
	struct bs_tt_shape sh;
	bs_tt_unit_shape(t.b, 0, 0, &sh);
	tf_close(&t);
	const double pi = 3.14159265358979323846;
	double cy = 10 - sh.depth / 2;
	double y0 = cy + sh.width / 2 * sin(10 * pi / 180) +
		    sh.depth / 2 * cos(10 * pi / 180) + 0.2;
	cr_assert_gt(cy + sh.width / 2, y0 + 0.1, "%g x %g", sh.width,
		     sh.depth);
	char pool[160];
	snprintf(pool, sizeof pool,
		 "terrain:\n  - {name: Pool, type: lake, points: [[0, %.3f], "
		 "[72, %.3f], [72, 40], [0, 40]]}\n",
		 y0, y0);
	open_skirmish(&t, pool, NULL);
	struct bs_order o = turn_order(90);
	struct bs_tt_outcome oc;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	cr_assert_not(bs_tt_check_order(t.b, 0, 0, &o, &oc) && oc.legal);
	cr_assert(oc.why && strstr(oc.why, "water"), "%s",
		  oc.why ? oc.why : "(none)");
	tf_order(&t, 0, 0, &o);
	movement(&t);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->facing, 0, 1e-9,
			   "it did not turn");
	cr_assert_not_null(tf_find(&t, BS_EV_REJECTED, 0));
	tf_close(&t);
	/* a small turn keeps it clear of the pool: taken, at no cost */
	open_skirmish(&t, pool, NULL);
	o = turn_order(10);
	tf_order(&t, 0, 0, &o);
	movement(&t);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->facing, 10, 1e-9);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->mv_spent, 0, 1e-9);
	tf_close(&t);
	/* aquatic skirmishers may stand in the water: they turn */
	open_skirmish(&t, pool, "lizard man");
	o = turn_order(90);
	tf_order(&t, 0, 0, &o);
	movement(&t);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->facing, 90, 1e-9);
	tf_close(&t);
}
