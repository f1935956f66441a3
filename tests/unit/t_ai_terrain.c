/* The doctrine AI's melee units on the ground (src/ai/doctrine_terrain.c,
 * docs/AI.md "Terrain", issue 14 part 5): small fields where the AI must
 * take the way around the stream, around the river, not walk up to water
 * it cannot cross, wait on the hill, wait behind the wall, keep the hill
 * while an enemy below could charge it; every choice logged with its
 * reason; no order rejected over many battles of the acceptance
 * scenario. RULINGS R-465 .. R-467. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/doctrine_int.h"
#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"
#include "battlesim/terrain.h"

#define MAXEV 8192

struct rec {
	struct bs_event ev[MAXEV];
	char why[MAXEV][256];
	char what[MAXEV][16]; /* a MOVE's primitive */
	int n;
};

static void rec_emit(void *ctx, const struct bs_event *ev)
{
	struct rec *r = ctx;
	if (r->n >= MAXEV)
		return;
	r->ev[r->n] = *ev;
	snprintf(r->why[r->n], sizeof r->why[0], "%s", ev->why ? ev->why : "");
	snprintf(r->what[r->n], sizeof r->what[0], "%s",
		 ev->type == BS_EV_MOVE && ev->what ? ev->what : "");
	r->ev[r->n].what = r->what[r->n];
	r->ev[r->n].cite = NULL;
	r->ev[r->n].why = r->why[r->n];
	r->n++;
}

struct game {
	struct bs_scenario *sc;
	struct bs_battle *b;
	struct bs_ai_set *ai;
	struct rec *r;
};

static void open_game(struct game *g, const char *yaml)
{
	struct bs_diags d;
	bs_diags_init(&d);
	memset(g, 0, sizeof *g);
	enum bs_status st =
	    bs_scenario_load_string(yaml, strlen(yaml), "t.yaml", &g->sc, &d);
	cr_assert_eq(st, BS_OK, "%s", d.count ? d.items[0].msg : "");
	cr_assert_eq(bs_battle_new(g->sc, &g->b, &d), BS_OK);
	bs_diags_release(&d);
	g->ai = malloc(sizeof *g->ai);
	g->r = calloc(1, sizeof *g->r);
	cr_assert(g->ai && g->r);
	bs_ai_set_init(g->ai);
	bs_diags_init(&d);
	cr_assert_eq(bs_ai_attach(g->ai, g->b, &d), BS_OK);
	bs_diags_release(&d);
	struct bs_event_sink sink = {rec_emit, g->r};
	bs_battle_set_sink(g->b, &sink);
}

static void close_game(struct game *g)
{
	bs_battle_free(g->b);
	bs_scenario_free(g->sc);
	free(g->ai);
	free(g->r);
}

/* The n-th event of `type` of (side, unit). */
static const struct bs_event *find(const struct game *g, enum bs_ev type,
				   int side, int unit, int n)
{
	for (int i = 0; i < g->r->n; i++) {
		const struct bs_event *e = &g->r->ev[i];
		if (e->type == type && e->side == side &&
		    (unit < 0 || e->unit == unit) && n-- == 0)
			return e;
	}
	return NULL;
}

/* An ORDER of (side, unit) whose reason contains `what`, or NULL. */
static const struct bs_event *order_saying(const struct game *g, int side,
					   int unit, const char *what)
{
	const struct bs_event *o;
	for (int k = 0; (o = find(g, BS_EV_ORDER, side, unit, k)) != NULL; k++)
		if (o->why && strstr(o->why, what))
			return o;
	return NULL;
}

static const struct bs_unit_state *unit(const struct game *g, int side, int u)
{
	return &g->b->units[g->b->side_first[side] + u];
}

/* South: orcs at (36, 6) facing north with their commander; then the
 * terrain; North: a unit that holds (controller hold). */
#define HEAD                                                                   \
	"name: AI terrain\nrules: bs1e\nlevel: intermediate\ntable: {width: "  \
	"72, depth: 48}\n"
#define SOUTH                                                                  \
	"sides:\n  - name: South\n    edge: south\n    units:\n"               \
	"      - {name: Orcs, figures: 12, creature: orc, weapons: [long "     \
	"sword], position: [36, 6], facing: north, commander: SC}\n"           \
	"    individuals:\n      - {name: SC, race: orc, hp: 8, rank: "        \
	"unit}\n"
#define NORTH_HOLD(unit)                                                       \
	"  - name: North\n    edge: north\n    controller: hold\n    units:\n" \
	"      - " unit "\n"
#define MEN                                                                    \
	"{name: Men, figures: 12, creature: man-at-arms, weapons: [long "      \
	"sword], position: [36, 40], facing: south}"

/* RULING R-465 [11.8] "no charge possible through obstacles": the orcs'
 * straight way to the men crosses a 14" stream; the way around its end is
 * less than one MV longer, so they take it, say so, and never stand on
 * the stream. */
Test(ai_terrain, s11_8_ruling_r465_the_way_around_the_stream)
{
	struct game g;
	open_game(
	    &g,
	    HEAD "terrain:\n  - {name: Brook, type: stream, points: [[29, 20], "
		 "[43, 20], [43, 21], [29, 21]]}\n" SOUTH NORTH_HOLD(MEN));
	bs_battle_round(g.b);
	const struct bs_event *o =
	    order_saying(&g, 0, 0, "goes around an obstacle");
	cr_assert_not_null(o, "the way around is logged with its reason");
	cr_assert(strstr(o->why, "R-465"), "%s", o->why);
	cr_assert_gt(fabs(unit(&g, 0, 0)->front.x - 36.0), 1.0,
		     "it leaves the straight way (front at x = %g)",
		     unit(&g, 0, 0)->front.x);
	for (int r = 0; r < 6 && !g.b->result.over; r++) {
		struct bs_quad q = bs_tt_unit_quad(g.b, 0, 0);
		cr_assert_not(bs_terrain_quad_on(g.b->terrain, 0, &q),
			      "round %d: it stands on the stream", r + 1);
		bs_battle_round(g.b);
	}
	cr_assert_gt(unit(&g, 0, 0)->front.y, 21.0, "it got past the stream");
	close_game(&g);
}

/* RULING R-465 [11.8] "Units can never enter these terrain features unless
 * entirely made of aquatic or amphibious creatures": a 32" river across
 * the way, far longer a way around than one MV: around it all the same. */
Test(ai_terrain, s11_8_ruling_r465_around_water_it_may_not_enter)
{
	struct game g;
	open_game(
	    &g,
	    HEAD "terrain:\n  - {name: Long river, type: river, points: [[16, "
		 "18], [56, 18], [56, 22], [16, 22]]}\n" SOUTH NORTH_HOLD(MEN));
	bs_battle_round(g.b);
	const struct bs_event *o = order_saying(&g, 0, 0, "goes around water");
	cr_assert_not_null(o, "the way around the water is logged");
	cr_assert_gt(fabs(unit(&g, 0, 0)->front.x - 36.0), 2.0,
		     "it heads for an end of the river (front at x = %g)",
		     unit(&g, 0, 0)->front.x);
	close_game(&g);
}

/* RULING R-466 [11.8]: a lake across the whole table 3" ahead, no way
 * around: the orcs hold, and say why, rather than walk up to the bank. */
Test(ai_terrain, s11_8_ruling_r466_never_walks_into_water)
{
	struct game g;
	open_game(
	    &g,
	    HEAD "terrain:\n  - {name: Mere, type: lake, points: [[0, 9], [72, "
		 "9], [72, 30], [0, 30]]}\n" SOUTH NORTH_HOLD(MEN));
	bs_battle_round(g.b);
	const struct bs_event *o =
	    order_saying(&g, 0, 0, "water it may not enter");
	cr_assert_not_null(o, "the hold is logged with its reason");
	cr_assert_eq(o->n[0], BS_ORDER_HOLD);
	cr_assert_lt(unit(&g, 0, 0)->front.y, 8.0,
		     "it did not walk up to the water (front at y = %g)",
		     unit(&g, 0, 0)->front.y);
	close_game(&g);
}

/* The doctrine's own state for the direct calls below. */
static struct bs_ai_doctrine *doctrine(void)
{
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	return ai;
}

static void hold(struct bs_order *o)
{
	memset(o, 0, sizeof *o);
	o->kind = BS_ORDER_HOLD;
	o->tside = o->tunit = -1;
}

/* Where order o leaves (side, unit): its block. */
static struct bs_quad end_of(const struct game *g, int side, int u,
			     const struct bs_order *o)
{
	struct bs_tt_outcome oc;
	cr_assert(bs_tt_check_order(g->b, side, u, o, &oc) && oc.legal,
		  "the order is legal");
	struct bs_tt_shape sh;
	bs_tt_unit_shape(g->b, side, u, &sh);
	return bs_tt_quad(&sh, &oc.pose);
}

/* RULING R-467 [8.3] Table 10 "Defender occupies higher ground", [11.8]
 * "Units may not charge uphill": orcs that hold with enemies that could
 * charge them next round go up the hill just ahead. */
Test(ai_terrain, s8_3_ruling_r467_waits_on_the_hill)
{
	struct game g;
	open_game(&g,
		  HEAD "terrain:\n  - {name: Knoll, type: hill, elevation: 1, "
		       "points: [[28, 8], [44, 8], [44, 14], [28, 14]]}\n" SOUTH
			   NORTH_HOLD("{name: Men, figures: 12, creature: "
				      "man-at-arms, weapons: [long sword], "
				      "position: [36, 26], facing: south}"));
	struct bs_ai_doctrine *ai = doctrine();
	struct bs_quad now = bs_tt_unit_quad(g.b, 0, 0);
	cr_assert_eq(bs_terrain_quad_level(g.b->terrain, &now), 0);
	struct bs_order o;
	hold(&o);
	bs_ai_terrain_wait(ai, g.b, 0, 0, &o);
	cr_assert_eq(o.kind, BS_ORDER_MOVE, "it moves to the hill");
	cr_assert(o.why && strstr(o.why, "higher ground"), "%s",
		  o.why ? o.why : "(none)");
	struct bs_quad end = end_of(&g, 0, 0, &o);
	cr_assert_eq(bs_terrain_quad_level(g.b->terrain, &end), 1,
		     "it ends on the hill");
	/* without an enemy that could charge it, the hill is no reason */
	free(ai);
	close_game(&g);
	open_game(&g,
		  HEAD "terrain:\n  - {name: Knoll, type: hill, elevation: 1, "
		       "points: [[28, 8], [44, 8], [44, 14], [28, 14]]}\n" SOUTH
			   NORTH_HOLD(MEN));
	ai = doctrine();
	hold(&o);
	bs_ai_terrain_wait(ai, g.b, 0, 0, &o);
	cr_assert_eq(o.kind, BS_ORDER_HOLD, "no charge to wait for: it holds");
	free(ai);
	close_game(&g);
}

/* RULING R-467 [10.8] Table 13 "in building, behind wall" +4: orcs that
 * hold within reach of enemy archers step up behind the wall ahead. */
Test(ai_terrain, s10_8_ruling_r467_waits_behind_the_wall)
{
	struct game g;
	open_game(&g, HEAD
		  "terrain:\n  - {name: Dyke, type: wall, points: [[28, 11.5], "
		  "[44, 11.5], [44, 12], [28, 12]]}\n" SOUTH NORTH_HOLD(
		      "{name: Bowmen, figures: 12, creature: "
		      "man-at-arms, weapons: [long bow, short "
		      "sword], position: [36, 26], facing: "
		      "south}"));
	struct bs_ai_doctrine *ai = doctrine();
	struct bs_quad now = bs_tt_unit_quad(g.b, 0, 0);
	struct bs_quad bq = bs_tt_unit_quad(g.b, 1, 0);
	cr_assert_eq(bs_terrain_cover(g.b->terrain, bs_quad_centre(&bq),
				      bs_quad_centre(&now), &now, NULL),
		     BS_COVER_NONE, "no cover where it stands");
	struct bs_order o;
	hold(&o);
	bs_ai_terrain_wait(ai, g.b, 0, 0, &o);
	cr_assert_eq(o.kind, BS_ORDER_MOVE, "it moves up to the wall");
	cr_assert(o.why && strstr(o.why, "cover"), "%s",
		  o.why ? o.why : "(none)");
	struct bs_quad end = end_of(&g, 0, 0, &o);
	cr_assert_eq(bs_terrain_cover(g.b->terrain, bs_quad_centre(&bq),
				      bs_quad_centre(&end), &end, NULL),
		     BS_COVER_HARD, "behind the wall");
	cr_assert_not(bs_terrain_quad_on(g.b->terrain, 0, &end),
		      "not on the wall");
	free(ai);
	close_game(&g);
}

/* RULING R-466 Table 10 and [11.8] "Units may not charge uphill": orcs on a
 * hill with men below in charge reach, whose charge the odds would favour,
 * do not come down to them; a step that keeps them on the hill, men out of
 * reach or peasants whose charge they need not fear: they may move. */
Test(ai_terrain, s11_8_ruling_r466_keeps_the_higher_ground)
{
	struct game g;
	open_game(&g, HEAD
		  "terrain:\n  - {name: Knoll, type: hill, elevation: 1, "
		  "points: [[20, 0], [52, 0], [52, 10], [20, 10]]}\n" SOUTH
		      NORTH_HOLD("{name: Men, figures: 20, creature: "
				 "man-at-arms, weapons: [long sword], armor: "
				 "[chain mail, shield], position: [36, 22], "
				 "facing: south}"));
	struct bs_ai_doctrine *ai = doctrine();
	struct bs_quad now = bs_tt_unit_quad(g.b, 0, 0);
	cr_assert_eq(bs_terrain_quad_level(g.b->terrain, &now), 1);
	struct bs_order down;
	hold(&down);
	down.kind = BS_ORDER_MOVE;
	down.nsteps = 1;
	down.step[0].kind = BS_STEP_ADVANCE;
	down.step[0].dist = 8;
	struct bs_tt_outcome oc;
	cr_assert(bs_tt_check_order(g.b, 0, 0, &down, &oc) && oc.legal);
	struct bs_quad end = end_of(&g, 0, 0, &down);
	const char *why = NULL;
	cr_assert_eq(bs_ai_terrain_refuse(ai, g.b, 0, 0, &oc, &end, 0.10, &why),
		     BS_AI_TERRAIN_HARD, "it does not come down");
	cr_assert(why && strstr(why, "higher ground"), "%s",
		  why ? why : "(none)");
	/* patience: late in the battle, accepting more, it comes down */
	cr_assert_eq(bs_ai_terrain_refuse(ai, g.b, 0, 0, &oc, &end, 5.0, &why),
		     0);
	/* a step that keeps it on the hill is no reason to refuse */
	down.step[0].dist = 1;
	cr_assert(bs_tt_check_order(g.b, 0, 0, &down, &oc) && oc.legal);
	end = end_of(&g, 0, 0, &down);
	cr_assert_eq(bs_ai_terrain_refuse(ai, g.b, 0, 0, &oc, &end, 0.10, &why),
		     0);
	close_game(&g);
	/* the men out of charge reach (1 1/2 MV): it may come down */
	open_game(&g,
		  HEAD "terrain:\n  - {name: Knoll, type: hill, elevation: 1, "
		       "points: [[20, 0], [52, 0], [52, 10], [20, 10]]}\n" SOUTH
			   NORTH_HOLD(MEN));
	down.step[0].dist = 8;
	cr_assert(bs_tt_check_order(g.b, 0, 0, &down, &oc) && oc.legal);
	end = end_of(&g, 0, 0, &down);
	cr_assert_eq(bs_ai_terrain_refuse(ai, g.b, 0, 0, &oc, &end, 0.10, &why),
		     0);
	close_game(&g);
	/* peasants below, in reach: their charge would not pay */
	open_game(
	    &g,
	    HEAD "terrain:\n  - {name: Knoll, type: hill, elevation: 1, "
		 "points: [[20, 0], [52, 0], [52, 10], [20, 10]]}\n" SOUTH
		     NORTH_HOLD("{name: Peasants, figures: 6, creature: "
				"peasant, weapons: [club], position: [36, 22], "
				"facing: south}"));
	cr_assert(bs_tt_check_order(g.b, 0, 0, &down, &oc) && oc.legal);
	end = end_of(&g, 0, 0, &down);
	cr_assert_eq(bs_ai_terrain_refuse(ai, g.b, 0, 0, &oc, &end, 0.10, &why),
		     0);
	close_game(&g);
	free(ai);
}

/* The Basic Game plays no terrain (RULING R-309): the same field at
 * `level: basic` goes straight at the men, through the stream's line. */
Test(ai_terrain, s11_8_ruling_r465_not_at_the_basic_game)
{
	struct game g;
	open_game(&g, "name: AI terrain\nrules: bs1e\nlevel: basic\ntable: "
		      "{width: 72, depth: 48}\nterrain:\n  - {name: Brook, "
		      "type: stream, points: [[29, 20], [43, 20], [43, 21], "
		      "[29, 21]]}\n" SOUTH NORTH_HOLD(MEN));
	cr_assert_null(bs_ai_terrain(g.b));
	struct bs_vec to;
	const char *why = "x";
	struct bs_quad mq = bs_tt_unit_quad(g.b, 1, 0);
	cr_assert_eq(bs_ai_terrain_route(g.b, 0, 0, 1, 0, bs_quad_centre(&mq),
					 &to, &why),
		     0);
	cr_assert_null(why);
	bs_battle_round(g.b);
	cr_assert_lt(fabs(unit(&g, 0, 0)->front.x - 36.0), 0.5,
		     "straight on (front at x = %g)", unit(&g, 0, 0)->front.x);
	close_game(&g);
}

/* No order of the doctrine's is rejected over 40 battles of the
 * acceptance scenario (woods, a hill, a stream, a wall), both sides
 * doctrine; and its melee units use the ground: the way around the
 * stream, or a waiting place, is chosen in some of them. */
/* The acceptance scenario, its doctrine on both sides, events recorded. */
static void open_borderlands(struct game *g)
{
	struct bs_diags d;
	bs_diags_init(&d);
	memset(g, 0, sizeof *g);
	cr_assert_eq(
	    bs_scenario_load_file(
		"data/scenarios/battle-of-the-borderlands.yaml", &g->sc, &d),
	    BS_OK);
	cr_assert_eq(bs_battle_new(g->sc, &g->b, &d), BS_OK);
	bs_diags_release(&d);
	g->ai = malloc(sizeof *g->ai);
	g->r = calloc(1, sizeof *g->r);
	cr_assert(g->ai && g->r);
	bs_ai_set_init(g->ai);
	bs_diags_init(&d);
	cr_assert_eq(bs_ai_attach(g->ai, g->b, &d), BS_OK);
	bs_diags_release(&d);
	struct bs_event_sink sink = {rec_emit, g->r};
	bs_battle_set_sink(g->b, &sink);
}

/* [7.9] the doctrine orders no wheel it knows will not turn: the Keep
 * men-at-arms stand behind the Keep archers, and a wheel toward an enemy
 * on their flank is stopped at once by the archers' block; they hold and
 * say why, where they used to order a wheel that logged `wheel: 0"`. */
Test(ai_terrain, s7_9_no_wheel_ordered_that_a_unit_stops_at_once,
     .timeout = 300)
{
	struct game g;
	open_borderlands(&g);
	int noop = 0, said = 0;
	for (int k = 0; k < 6; k++) {
		bs_battle_reset(g.b, 11, (uint64_t)k);
		g.r->n = 0;
		bs_battle_play(g.b, 0);
		for (int i = 0; i < g.r->n; i++) {
			const struct bs_event *e = &g.r->ev[i];
			if (e->side != 1 || e->unit != 1)
				continue; /* the Keep men-at-arms */
			noop += e->type == BS_EV_MOVE &&
				!strcmp(e->what, "wheel") && e->n[0] == 0 &&
				e->x0 == e->x1 && e->y0 == e->y1 &&
				e->f0 == e->f1;
			said += e->type == BS_EV_ORDER && e->why &&
				strstr(e->why, "does not wheel toward its "
					       "target");
		}
	}
	cr_assert_eq(noop, 0, "%d wheels that went nowhere", noop);
	cr_assert_gt(said, 0, "the hold says why");
	close_game(&g);
}

Test(ai_terrain, no_order_rejected_over_40_borderlands_battles, .timeout = 300)
{
	struct game g;
	struct bs_diags d;
	bs_diags_init(&d);
	memset(&g, 0, sizeof g);
	cr_assert_eq(
	    bs_scenario_load_file(
		"data/scenarios/battle-of-the-borderlands.yaml", &g.sc, &d),
	    BS_OK);
	cr_assert_eq(bs_battle_new(g.sc, &g.b, &d), BS_OK);
	bs_diags_release(&d);
	g.ai = malloc(sizeof *g.ai);
	g.r = calloc(1, sizeof *g.r);
	cr_assert(g.ai && g.r);
	bs_ai_set_init(g.ai);
	bs_diags_init(&d);
	cr_assert_eq(bs_ai_attach(g.ai, g.b, &d), BS_OK);
	bs_diags_release(&d);
	struct bs_event_sink sink = {rec_emit, g.r};
	bs_battle_set_sink(g.b, &sink);
	int chosen = 0;
	for (int k = 0; k < 40; k++) {
		bs_battle_reset(g.b, 14, (uint64_t)k);
		g.r->n = 0;
		bs_battle_play(g.b, 0);
		for (int i = 0; i < g.r->n; i++) {
			const struct bs_event *e = &g.r->ev[i];
			cr_assert_neq(e->type, BS_EV_REJECTED,
				      "battle %d: a rejected order (side %d "
				      "unit %d, round %d)",
				      k, e->side, e->unit, e->round);
			chosen += e->type == BS_EV_ORDER && e->why &&
				  (strstr(e->why, "R-465") ||
				   strstr(e->why, "R-466") ||
				   strstr(e->why, "R-467"));
		}
	}
	cr_assert_gt(chosen, 40, "the ground is used (%d choices)", chosen);
	close_game(&g);
}

/* RULING R-600 [10.8] Table 13 "behind wall" +4: long bowmen with no
 * enemy in range and enemy archers coming step up to the wall just ahead
 * (not onto it: they would cross it) and shoot from behind it; behind it,
 * they wait there; with no enemy missile troops, cover is no reason. */
#define SOUTH_BOWS                                                             \
	"sides:\n  - name: South\n    edge: south\n    units:\n"               \
	"      - {name: Bows, figures: 12, creature: man-at-arms, weapons: "   \
	"[long bow, short sword], position: [36, 6], facing: north, "          \
	"commander: SC}\n"                                                     \
	"    individuals:\n      - {name: SC, race: human, hp: 8, rank: "      \
	"unit}\n"
#define WALL_AT(y0, y1)                                                        \
	"terrain:\n  - {name: Dyke, type: wall, points: [[28, " y0             \
	"], [44, " y0 "], [44, " y1 "], [28, " y1 "]]}\n"
#define NORTH_BOWS                                                             \
	"{name: Orc bows, figures: 12, creature: orc, weapons: [short bow, "   \
	"short sword], formation: open, position: [36, 40], facing: south}"

Test(ai_terrain, s10_8_ruling_r600_archers_step_up_to_the_wall)
{
	struct game g;
	open_game(&g,
		  HEAD WALL_AT("6.6", "7.1") SOUTH_BOWS NORTH_HOLD(NORTH_BOWS));
	struct bs_ai_doctrine *ai = doctrine();
	struct bs_quad now = bs_tt_unit_quad(g.b, 0, 0);
	struct bs_quad eq = bs_tt_unit_quad(g.b, 1, 0);
	cr_assert_eq(bs_terrain_cover(g.b->terrain, bs_quad_centre(&eq),
				      bs_quad_centre(&now), &now, NULL),
		     BS_COVER_NONE, "1.1\" from the wall's far side: no cover");
	struct bs_order o;
	cr_assert(bs_ai_missile_cover(ai, g.b, 0, 0, HUGE_VAL, &o));
	cr_assert_eq(o.kind, BS_ORDER_MOVE);
	cr_assert(o.why && strstr(o.why, "steps up to cover") &&
		      strstr(o.why, "R-600"),
		  "%s", o.why ? o.why : "(none)");
	struct bs_quad end = end_of(&g, 0, 0, &o);
	cr_assert_eq(bs_terrain_cover(g.b->terrain, bs_quad_centre(&eq),
				      bs_quad_centre(&end), &end, NULL),
		     BS_COVER_HARD, "behind the wall");
	cr_assert_not(bs_terrain_quad_on(g.b->terrain, 0, &end),
		      "not on the wall");
	/* a cap short of the wall (Table 12): no step */
	cr_assert_not(bs_ai_missile_cover(ai, g.b, 0, 0, 0.3, &o));
	free(ai);
	close_game(&g);
	/* behind the wall already: it waits there */
	open_game(&g,
		  HEAD WALL_AT("6.3", "6.8") SOUTH_BOWS NORTH_HOLD(NORTH_BOWS));
	ai = doctrine();
	cr_assert(bs_ai_missile_cover(ai, g.b, 0, 0, HUGE_VAL, &o));
	cr_assert_eq(o.kind, BS_ORDER_HOLD);
	cr_assert(o.why && strstr(o.why, "waits in cover"), "%s",
		  o.why ? o.why : "(none)");
	free(ai);
	close_game(&g);
	/* no enemy missile troops: the wall is no reason to stop */
	open_game(&g, HEAD WALL_AT("6.6", "7.1") SOUTH_BOWS NORTH_HOLD(MEN));
	ai = doctrine();
	cr_assert_not(bs_ai_missile_cover(ai, g.b, 0, 0, HUGE_VAL, &o));
	free(ai);
	close_game(&g);
	/* [11.9] woods 1" ahead: open-order bowmen step 1/2" into them, at
	 * their edge, from where they shoot out ("in woods" +2) */
	open_game(&g, HEAD
		  "terrain:\n  - {name: Copse, type: woods, points: "
		  "[[20, 7], [52, 7], [52, 20], [20, 20]]}\n"
		  "sides:\n  - name: South\n    edge: south\n    "
		  "units:\n      - {name: Bows, figures: 12, creature: "
		  "man-at-arms, weapons: [long bow, short sword], "
		  "formation: open, position: [36, 6], facing: north, "
		  "commander: SC}\n    individuals:\n      - {name: SC, "
		  "race: human, hp: 8, rank: unit}\n" NORTH_HOLD(NORTH_BOWS));
	ai = doctrine();
	cr_assert(bs_ai_missile_cover(ai, g.b, 0, 0, HUGE_VAL, &o));
	cr_assert_eq(o.kind, BS_ORDER_MOVE);
	end = end_of(&g, 0, 0, &o);
	eq = bs_tt_unit_quad(g.b, 1, 0);
	cr_assert_eq(bs_terrain_cover(g.b->terrain, bs_quad_centre(&eq),
				      bs_quad_centre(&end), &end, NULL),
		     BS_COVER_LIGHT, "in the woods");
	cr_assert(
	    bs_terrain_at_edge(g.b->terrain, 0, &end, BS_TERRAIN_EDGE_BAND),
	    "at their edge");
	free(ai);
	close_game(&g);
}

/* RULING R-600 in the acceptance scenario: the Keep archers step up to the
 * Keep wall in the first round (or stand and shoot when the enemy moved
 * first into their range) and never cross it in the first round, in
 * every one of 6 battles. */
Test(ai_terrain, s10_8_ruling_r600_the_keep_archers_stay_behind_the_keep_wall,
     .timeout = 300)
{
	struct game g;
	open_borderlands(&g);
	int stepped = 0;
	for (int k = 0; k < 6; k++) {
		bs_battle_reset(g.b, 1, (uint64_t)k);
		g.r->n = 0;
		bs_battle_play(g.b, 0);
		int over = 0;
		for (int i = 0; i < g.r->n; i++) {
			const struct bs_event *e = &g.r->ev[i];
			if (e->side != 1 || e->unit != 0 || e->round != 1)
				continue; /* the Keep archers, round 1 */
			stepped += e->type == BS_EV_ORDER &&
				   strstr(e->why, "RULING R-600") != NULL;
			over += e->type == BS_EV_MOVE && e->y1 > 13.1;
		}
		cr_assert_eq(over, 0, "battle %d: over the wall", k);
	}
	cr_assert_gt(stepped, 0, "an order says R-600");
	close_game(&g);
}

/* RULING R-601: a commander going to his place behind the line stops on
 * this side of a stream when a place within 4" of it will do (his counter
 * not on the stream), and crosses when the line is farther beyond. */
Test(ai_terrain, s11_8_ruling_r601_a_commander_stays_this_side_of_the_stream)
{
	struct game g;
	open_game(
	    &g, HEAD
	    "terrain:\n  - {name: Brook, type: stream, points: "
	    "[[0, 24], [72, 24], [72, 25], [0, 25]]}\n" SOUTH NORTH_HOLD(MEN));
	struct bs_vec to;
	cr_assert(bs_ai_terrain_indiv_short(g.b, 0, 0, (struct bs_vec){40, 28},
					    (struct bs_vec){40, 22}, 4.0, &to));
	cr_assert_float_eq(to.x, 40, 1e-9);
	cr_assert_geq(to.y, 25.5, "his counter off the stream: %g", to.y);
	cr_assert_lt(to.y, 25.6, "as near as he may: %g", to.y);
	/* the line 6" beyond the stream: he crosses */
	cr_assert_not(
	    bs_ai_terrain_indiv_short(g.b, 0, 0, (struct bs_vec){40, 28},
				      (struct bs_vec){40, 18}, 4.0, &to));
	/* standing in it, he may leave it */
	cr_assert_not(
	    bs_ai_terrain_indiv_short(g.b, 0, 0, (struct bs_vec){40, 24.5},
				      (struct bs_vec){40, 22}, 4.0, &to));
	/* no obstacle on the way */
	cr_assert_not(
	    bs_ai_terrain_indiv_short(g.b, 0, 0, (struct bs_vec){40, 30},
				      (struct bs_vec){40, 27}, 4.0, &to));
	close_game(&g);
}

/* issue 14 [7.7] [9.4]: the doctrine orders no move of a figure standing
 * alone that the rules stop at once (the army commander behind the Keep
 * men-at-arms logged `move: 0"`), as it orders no wheel that does not
 * turn; over 6 battles of the acceptance scenario. */
Test(ai_terrain, s9_4_no_lone_figure_move_ordered_that_goes_nowhere,
     .timeout = 300)
{
	struct game g;
	open_borderlands(&g);
	int moves = 0;
	for (int k = 0; k < 6; k++) {
		bs_battle_reset(g.b, 5, (uint64_t)k);
		g.r->n = 0;
		bs_battle_play(g.b, 0);
		for (int i = 0; i < g.r->n; i++) {
			const struct bs_event *e = &g.r->ev[i];
			if (e->type != BS_EV_MOVE || e->indiv < 0 ||
			    strcmp(e->what, "move") != 0)
				continue;
			moves++;
			cr_assert(e->n[0] > 0 || e->x0 != e->x1 ||
				      e->y0 != e->y1,
				  "battle %d round %d: individual %d side %d "
				  "moved 0\"",
				  k, e->round, e->indiv, e->side);
		}
	}
	cr_assert_gt(moves, 0);
	close_game(&g);
}
