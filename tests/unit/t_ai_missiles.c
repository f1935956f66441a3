/* The doctrine AI's missiles and artillery (src/ai/doctrine_fire.c,
 * docs/AI.md "Missiles and artillery"): archers stand and shoot with an
 * enemy in range, each choice with its reason; they advance no farther
 * than leaves them a shot (Table 12) and never charge [10.4]; every
 * volley at the most valuable target in range (RULING R-494); pass-through
 * fire at a unit charging them [10.6]; artillery fires [10.9]; and no
 * order of the AI's is rejected over many battles. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/scenario.h"

#define MAXEV 8192

struct rec {
	struct bs_event ev[MAXEV];
	char why[MAXEV][96];
	int n;
};

static void rec_emit(void *ctx, const struct bs_event *ev)
{
	struct rec *r = ctx;
	if (r->n >= MAXEV)
		return;
	r->ev[r->n] = *ev;
	snprintf(r->why[r->n], sizeof r->why[0], "%s", ev->why ? ev->why : "");
	r->ev[r->n].what = NULL;
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

/* The scenario `yaml` with each side's controller as it says (the
 * doctrine AI by default), from the registry; events recorded. */
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

#define HEAD                                                                   \
	"name: AI missiles\nlevel: intermediate\ntable: {width: 72, depth: "   \
	"72}\nsides:\n  - name: South\n    edge: south\n    units:\n"
#define ARCHERS                                                                \
	"      - {name: Archers, figures: 10, creature: archer, weapons: "     \
	"[long bow, short sword], position: [36, 10], frontage: 5, "           \
	"commander: SC}\n"
#define SOUTH_CMD                                                              \
	"    individuals:\n      - {name: SC, class: fighter, level: 3, hp: "  \
	"20, abilities: {cha: 14}, rank: unit}\n"
#define NORTH "  - name: North\n    edge: north\n    units:\n"
#define NORTH_CMD                                                              \
	"    individuals:\n      - {name: NC, race: orc, hp: 8, rank: unit}\n"

Test(ai_missiles, s10_4_archers_stand_and_shoot)
{
	struct game g;
	open_game(
	    &g, HEAD ARCHERS SOUTH_CMD NORTH
	    "      - {name: Orcs, figures: 12, creature: orc, weapons: "
	    "[long sword], position: [36, 28], commander: NC}\n" NORTH_CMD);
	bs_battle_round(g.b);
	/* in range (18", long): it holds, and says why */
	const struct bs_event *o = find(&g, BS_EV_ORDER, 0, 0, 0);
	cr_assert_not_null(o, "the hold is logged with its reason");
	cr_assert_eq(o->n[0], BS_ORDER_HOLD);
	cr_assert(strstr(o->why, "stands and shoots"), "%s", o->why);
	const struct bs_event *v = find(&g, BS_EV_VOLLEY, 0, 0, 0);
	cr_assert_not_null(v);
	cr_assert(strstr(v->why, "most valuable"), "%s", v->why);
	/* twice a round: in the Initial Missile Phase and the Missile and
	 * Magic Phase [10.2] */
	cr_assert_eq(v->n[8], BS_FIRE_INITIAL);
	cr_assert_not_null(find(&g, BS_EV_VOLLEY, 0, 0, 1));
	close_game(&g);
}

Test(ai_missiles, s10_4_out_of_range_they_advance_keeping_a_shot)
{
	struct game g;
	open_game(&g, HEAD ARCHERS SOUTH_CMD NORTH
		  "      - {name: Orcs, figures: 12, creature: orc, weapons: "
		  "[long sword], position: [36, 50], commander: NC}\n"
		  "    controller: hold\n" NORTH_CMD);
	bs_battle_round(g.b);
	const struct bs_event *o = find(&g, BS_EV_ORDER, 0, 0, 0);
	cr_assert_not_null(o);
	cr_assert_eq(o->n[0], BS_ORDER_MOVE);
	cr_assert(strstr(o->why, "leaves it a shot"), "%s", o->why);
	/* Table 12: "fire once and 1/2 movement penalty" */
	const struct bs_unit_state *u = &g.b->units[0];
	cr_assert_leq(u->mv_spent, u->r.mv / 2.0 + 1e-6);
	close_game(&g);
}

Test(ai_missiles, s10_8_the_most_valuable_target_in_range)
{
	struct game g;
	open_game(&g, HEAD ARCHERS SOUTH_CMD NORTH
		  "      - {name: Many, figures: 16, creature: orc, weapons: "
		  "[long sword], position: [30, 22], frontage: 4, commander: "
		  "NC}\n"
		  "      - {name: Few, figures: 4, creature: orc, weapons: "
		  "[long sword], position: [42, 22], frontage: 4}\n"
		  "    controller: hold\n" NORTH_CMD);
	bs_battle_round(g.b);
	/* the same volley destroys a far larger part of the small unit
	 * (RULING R-494) */
	const struct bs_event *v = find(&g, BS_EV_VOLLEY, 0, 0, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->tunit, 1, "at Few");
	close_game(&g);
}

Test(ai_missiles, s10_6_pass_through_fire_at_a_charger)
{
	struct game g;
	open_game(&g, HEAD ARCHERS SOUTH_CMD NORTH
		  "      - {name: Orcs, figures: 12, creature: orc, weapons: "
		  "[long sword], position: [36, 22], frontage: 6, commander: "
		  "NC}\n"
		  "    orders:\n      - {round: 1, unit: Orcs, order: charge, "
		  "target: Archers}\n" NORTH_CMD);
	/* no shot in the Initial Missile Phase: keep both for the charge
	 * (the archers have two shots; the AI takes the initial one only
	 * with the enemy in range, so it does: 12" is in range) */
	bs_battle_round(g.b);
	const struct bs_event *v = NULL;
	for (int k = 0; (v = find(&g, BS_EV_VOLLEY, 0, 0, k)) != NULL; k++)
		if (v->n[8] == BS_FIRE_PASS_THROUGH)
			break;
	cr_assert_not_null(v, "pass-through fire at the charging orcs");
	cr_assert(strstr(v->why, "charging it"), "%s", v->why);
	cr_assert_eq(v->n[9], 0, "as the charge comes in: short range");
	close_game(&g);
}

/* The rout move of routed Orcs (RULING R-457) east from (36, 16), 6" in
 * front of the archers, every inch to (45, 16): the moments a rout move
 * offers. */
static int rout_path(const struct game *g, struct bs_move_point *pt)
{
	const struct bs_unit_state *u = &g->b->units[g->b->side_first[1]];
	int n = 0;
	for (int i = 0; i <= 9; i++)
		pt[n++] = (struct bs_move_point){
		    1, 0, 36.0 + i, 16, 90, u->files, u->figures, u->formation,
		    i, 0, -1,	    -1, -1};
	return n;
}

#define ROUTED_ORCS_AT_16                                                      \
	"      - {name: Orcs, figures: 12, creature: orc, weapons: "           \
	"[long sword], position: [36, 16], facing: east, frontage: 3, "        \
	"formation: open, commander: NC}\n"

/* RULING R-458 [10.6]: the doctrine fires at a routing unit running past
 * when a moment of its rout move is the better shot, with its reason;
 * with its last shot of the round it keeps it for an enemy in good order
 * in range. */
Test(ai_missiles, s10_6_ruling_r458_pass_through_fire_at_a_routing_unit)
{
	struct game g;
	open_game(&g, HEAD ARCHERS SOUTH_CMD NORTH ROUTED_ORCS_AT_16 NORTH_CMD);
	struct bs_battle *b = g.b;
	b->round = 1;
	b->units[0].shots_round = 2; /* the long bow's rate [10.0] */
	struct bs_unit_state *o = &b->units[b->side_first[1]];
	o->flags |= BS_UF_ROUTED | BS_UF_OUT_OF_COMMAND;
	struct bs_move_point pt[BS_MAX_MOVE_POINTS];
	int n = rout_path(&g, pt);
	struct bs_fire_order out[BS_MAX_FIRE_ORDERS];
	const struct bs_controller *c = b->ctl[0];
	b->units[0].shots = 0;
	int k =
	    c->pass_through(c->ctx, b, 0, 1, 0, pt, n, out, BS_MAX_FIRE_ORDERS);
	cr_assert_eq(k, 1, "it fires at the router");
	cr_assert_eq(out[0].at, 0, "where it passes nearest (6\", short)");
	cr_assert(strstr(out[0].why, "routing unit (RULING R-458)"), "%s",
		  out[0].why);
	/* its last shot: still at the router, with no other target */
	b->units[0].shots = b->units[0].shots_round - 1;
	k = c->pass_through(c->ctx, b, 0, 1, 0, pt, n, out, BS_MAX_FIRE_ORDERS);
	cr_assert_eq(k, 1, "nothing better to keep it for");
	close_game(&g);
	/* orcs in good order in range too: the last shot is kept for them */
	open_game(
	    &g, HEAD ARCHERS SOUTH_CMD NORTH ROUTED_ORCS_AT_16
	    "      - {name: Guards, figures: 12, creature: orc, weapons: "
	    "[long sword], position: [46, 26], facing: south}\n" NORTH_CMD);
	b = g.b;
	b->round = 1;
	b->units[0].shots_round = 2;
	b->units[b->side_first[1]].flags |= BS_UF_ROUTED | BS_UF_OUT_OF_COMMAND;
	n = rout_path(&g, pt);
	c = b->ctl[0];
	b->units[0].shots = b->units[0].shots_round - 1;
	k = c->pass_through(c->ctx, b, 0, 1, 0, pt, n, out, BS_MAX_FIRE_ORDERS);
	cr_assert_eq(k, 0, "the last shot is kept for the Guards");
	b->units[0].shots = 0;
	k = c->pass_through(c->ctx, b, 0, 1, 0, pt, n, out, BS_MAX_FIRE_ORDERS);
	cr_assert_eq(k, 1, "two shots: one to spare for the router");
	close_game(&g);
}

Test(ai_missiles, s10_4_missile_troops_never_charge)
{
	struct game g;
	open_game(&g, HEAD ARCHERS SOUTH_CMD NORTH
		  "      - {name: Peasants, figures: 4, creature: peasant, "
		  "weapons: [club], position: [36, 24], frontage: 4}\n"
		  "    controller: hold\n" NORTH_CMD);
	for (int r = 0; r < 6 && !g.b->result.over; r++)
		bs_battle_round(g.b);
	const struct bs_event *o = NULL;
	for (int k = 0; (o = find(&g, BS_EV_ORDER, 0, 0, k)) != NULL; k++)
		cr_assert_neq(o->n[0], BS_ORDER_CHARGE,
			      "[10.4] archers that fire do not charge");
	close_game(&g);
}

Test(ai_missiles, s10_9_artillery_deploys_and_fires)
{
	struct game g;
	open_game(&g, HEAD
		  "      - {name: Catapult, artillery: light catapult, "
		  "figures: 1, creature: man-at-arms, weapons: [short sword], "
		  "position: [36, 4]}\n" NORTH
		  "      - {name: Orcs, figures: 12, creature: orc, weapons: "
		  "[long sword], position: [36, 26], commander: NC}\n"
		  "    controller: hold\n" NORTH_CMD);
	bs_battle_round(g.b);
	const struct bs_event *v = find(&g, BS_EV_VOLLEY, 0, 0, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[8], BS_FIRE_ARTILLERY);
	const struct bs_event *o = find(&g, BS_EV_ORDER, 0, 0, 0);
	cr_assert_not_null(o);
	cr_assert_eq(o->n[0], BS_ORDER_HOLD, "it stays deployed");
	close_game(&g);
}

/* No order or volley of the doctrine's is rejected over 40 battles of
 * archers, crossbows, slingers and a catapult against orcs. */
Test(ai_missiles, no_order_rejected_over_40_battles, .timeout = 300)
{
	static const char *yaml = HEAD ARCHERS
	    "      - {name: Bolts, figures: 8, creature: man-at-arms, "
	    "weapons: [light crossbow, short sword], position: [20, 10], "
	    "frontage: 4}\n"
	    "      - {name: Slings, type: skirmish, figures: 6, creature: "
	    "militia, weapons: [sling, club], position: [52, 14]}\n"
	    "      - {name: Catapult, artillery: light catapult, figures: 1, "
	    "creature: man-at-arms, weapons: [short sword], position: [36, "
	    "3]}\n"
	    "      - {name: Guards, figures: 12, creature: man-at-arms, "
	    "weapons: [long sword], armor: [chain mail, shield], position: "
	    "[36, 16], frontage: 6, commander: SD}\n"
	    "    individuals:\n      - {name: SC, class: fighter, level: 3, "
	    "hp: 20, abilities: {cha: 14}, rank: unit}\n"
	    "      - {name: SD, class: fighter, level: 3, hp: 20, abilities: "
	    "{cha: 14}, rank: unit}\n" NORTH
	    "      - {name: Orcs, figures: 16, creature: orc, weapons: [long "
	    "sword], position: [30, 60], commander: NC}\n"
	    "      - {name: Goblins, figures: 16, creature: goblin, weapons: "
	    "[short bow, short sword], position: [46, 62], commander: ND}\n"
	    "    individuals:\n      - {name: NC, race: orc, hp: 8, rank: "
	    "unit}\n      - {name: ND, race: orc, hp: 8, rank: unit}\n";
	struct game g;
	open_game(&g, yaml);
	int volleys = 0;
	for (int k = 0; k < 40; k++) {
		bs_battle_reset(g.b, 14, (uint64_t)k);
		g.r->n = 0;
		bs_battle_play(g.b, 0);
		for (int i = 0; i < g.r->n; i++) {
			const struct bs_event *e = &g.r->ev[i];
			volleys += e->type == BS_EV_VOLLEY;
			cr_assert_neq(e->type, BS_EV_REJECTED,
				      "battle %d: a rejected order (side %d "
				      "unit %d, round %d)",
				      k, e->side, e->unit, e->round);
		}
	}
	cr_assert_gt(volleys, 40 * 4, "they shoot");
	close_game(&g);
}
