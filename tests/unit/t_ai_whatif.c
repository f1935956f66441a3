/* Issue 13: the doctrine's what-if memo (struct bs_ai_whatif, try_order in
 * src/ai/doctrine.c, RULING R-140 [7.9]: the AI asks the rules' own checks
 * of an order before declaring it). An answer is reused only for the same
 * unit and the same order in the same view of the table: each field of
 * the key, left out of the compare in turn, gives a stale answer that the
 * fresh check catches; whole battles play the same events with the memo
 * and without it. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ai/doctrine_int.h"
#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"
#include "ai_attach.h"

/* South: pikes (set_vs_charge [11.7], no large shields) and swords on open
 * ground; North (held): a unit 12" in front of the pikes (in their charge
 * reach of 18"), another far off. */
#define WHATIF_YAML                                                            \
	"name: what-if memo\nlevel: intermediate\ntable: {width: 72, depth: "  \
	"96}\nsides:\n  - name: South\n    edge: south\n    units:\n"          \
	"      - {name: Pikes, figures: 12, creature: man-at-arms, weapons: "  \
	"[pike], armor: [leather], position: [36, 10], frontage: 4, "          \
	"commander: SC}\n"                                                     \
	"      - {name: Swords, figures: 8, creature: man-at-arms, weapons: "  \
	"[long sword], position: [12, 10], frontage: 4, commander: SD}\n"      \
	"    individuals:\n      - {name: SC, class: fighter, level: 3, hp: "  \
	"20, abilities: {cha: 14}, rank: unit}\n"                              \
	"      - {name: SD, class: fighter, level: 3, hp: 20, abilities: "     \
	"{cha: 14}, rank: unit}\n"                                             \
	"  - name: North\n    edge: north\n    controller: hold\n    units:\n" \
	"      - {name: Them, figures: 8, creature: man-at-arms, weapons: "    \
	"[long sword], position: [36, 22], frontage: 4, commander: NC}\n"      \
	"      - {name: Far, figures: 8, creature: man-at-arms, weapons: "     \
	"[long sword], position: [66, 80], frontage: 4, commander: ND}\n"      \
	"    individuals:\n      - {name: NC, class: fighter, level: 3, hp: "  \
	"20, abilities: {cha: 14}, rank: unit}\n"                              \
	"      - {name: ND, class: fighter, level: 3, hp: 20, abilities: "     \
	"{cha: 14}, rank: unit}\n"

struct answer {
	int ok;
	struct bs_tt_outcome oc;
	struct bs_quad end;
};

static int same_d(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* Every field of two answers alike (the doubles to the bit). */
static int same_answer(const struct answer *a, const struct answer *b)
{
	if (a->ok != b->ok || a->oc.legal != b->oc.legal ||
	    a->oc.why != b->oc.why || a->oc.cite != b->oc.cite ||
	    !same_d(a->oc.pose.front.x, b->oc.pose.front.x) ||
	    !same_d(a->oc.pose.front.y, b->oc.pose.front.y) ||
	    !same_d(a->oc.pose.facing, b->oc.pose.facing) ||
	    a->oc.files != b->oc.files || a->oc.formation != b->oc.formation ||
	    !same_d(a->oc.spent, b->oc.spent) ||
	    !same_d(a->oc.allowed, b->oc.allowed) ||
	    a->oc.contact != b->oc.contact ||
	    a->oc.contact_side != b->oc.contact_side ||
	    a->oc.contact_unit != b->oc.contact_unit)
		return 0;
	return !a->ok || memcmp(&a->end, &b->end, sizeof a->end) == 0;
}

static void ask(struct bs_ai_doctrine *ai, const struct bs_battle *b, int side,
		int unit, const struct bs_order *o, struct answer *a)
{
	memset(a, 0, sizeof *a);
	a->ok = bs_ai_try_order(ai, b, side, unit, o, &a->oc, &a->end);
}

static void order(struct bs_order *o, enum bs_order_kind kind)
{
	memset(o, 0, sizeof *o);
	o->kind = kind;
	o->tside = o->tunit = -1;
}

static void step(struct bs_order *o, enum bs_step_kind kind, double dist,
		 double angle)
{
	struct bs_step *st = &o->step[o->nsteps++];
	memset(st, 0, sizeof *st);
	st->kind = kind;
	st->dist = dist;
	st->angle = angle;
}

/* A pair of asks that differ in one field of the key alone. */
struct pair {
	enum bs_ai_whatif_field f;
	const char *name;
	int side[2], unit[2];
	struct bs_order o[2];
	double debt; /* the unit's gap_debt while asked */
};

static void pairs_make(struct pair *p)
{
	struct bs_order base;
	order(&base, BS_ORDER_MOVE);
	step(&base, BS_STEP_ADVANCE, 3, 0);
	for (int f = 0; f < BS_AI_WK_VIEW; f++) {
		p[f].f = (enum bs_ai_whatif_field)f;
		p[f].side[0] = p[f].side[1] = 0;
		p[f].unit[0] = p[f].unit[1] = 0;
		p[f].o[0] = p[f].o[1] = base;
		p[f].debt = 0;
	}
	p[BS_AI_WK_SIDE].name = "side";
	p[BS_AI_WK_SIDE].side[1] = 1;
	p[BS_AI_WK_UNIT].name = "unit";
	p[BS_AI_WK_UNIT].unit[1] = 1;
	/* a move, and a forced march [7.13] (1 1/2 MV), of the swords 20" */
	p[BS_AI_WK_KIND].name = "kind";
	p[BS_AI_WK_KIND].unit[0] = p[BS_AI_WK_KIND].unit[1] = 1;
	p[BS_AI_WK_KIND].o[0].step[0].dist = 20;
	p[BS_AI_WK_KIND].o[1] = p[BS_AI_WK_KIND].o[0];
	p[BS_AI_WK_KIND].o[1].kind = BS_ORDER_FORCED_MARCH;
	/* a charge [7.14] at Them, at a unit of its own side, at Far */
	struct bs_order ch;
	order(&ch, BS_ORDER_CHARGE);
	step(&ch, BS_STEP_ADVANCE, 18, 0);
	ch.tside = 1;
	ch.tunit = 0;
	p[BS_AI_WK_TSIDE].name = "tside";
	p[BS_AI_WK_TSIDE].o[0] = p[BS_AI_WK_TSIDE].o[1] = ch;
	p[BS_AI_WK_TSIDE].o[1].tside = 0;
	p[BS_AI_WK_TUNIT].name = "tunit";
	p[BS_AI_WK_TUNIT].o[0] = p[BS_AI_WK_TUNIT].o[1] = ch;
	p[BS_AI_WK_TUNIT].o[1].tunit = 7; /* no such unit */
	/* two advances, of which one or both */
	p[BS_AI_WK_NSTEPS].name = "nsteps";
	step(&p[BS_AI_WK_NSTEPS].o[0], BS_STEP_ADVANCE, 2, 0);
	p[BS_AI_WK_NSTEPS].o[1] = p[BS_AI_WK_NSTEPS].o[0];
	p[BS_AI_WK_NSTEPS].o[0].nsteps = 1;
	/* an oblique advance of 2" at 30 degrees, or a wheel of 30 [7.9] */
	p[BS_AI_WK_STEP_KIND].name = "step kind";
	p[BS_AI_WK_STEP_KIND].o[0].step[0].dist = 2;
	p[BS_AI_WK_STEP_KIND].o[0].step[0].angle = 30;
	p[BS_AI_WK_STEP_KIND].o[1] = p[BS_AI_WK_STEP_KIND].o[0];
	p[BS_AI_WK_STEP_KIND].o[1].step[0].kind = BS_STEP_WHEEL;
	p[BS_AI_WK_STEP_DIST].name = "step dist";
	p[BS_AI_WK_STEP_DIST].o[1].step[0].dist = 2;
	p[BS_AI_WK_STEP_ANGLE].name = "step angle";
	p[BS_AI_WK_STEP_ANGLE].o[1].step[0].angle = 30;
	/* [7.10] a frontage of 6 or of 3 */
	p[BS_AI_WK_STEP_FILES].name = "step files";
	order(&p[BS_AI_WK_STEP_FILES].o[0], BS_ORDER_MOVE);
	step(&p[BS_AI_WK_STEP_FILES].o[0], BS_STEP_FRONTAGE, 0, 0);
	p[BS_AI_WK_STEP_FILES].o[0].step[0].files = 6;
	p[BS_AI_WK_STEP_FILES].o[1] = p[BS_AI_WK_STEP_FILES].o[0];
	p[BS_AI_WK_STEP_FILES].o[1].step[0].files = 3;
	/* [7.6] into open formation, or closed (as it stands) */
	p[BS_AI_WK_STEP_FORMATION].name = "step formation";
	order(&p[BS_AI_WK_STEP_FORMATION].o[0], BS_ORDER_MOVE);
	step(&p[BS_AI_WK_STEP_FORMATION].o[0], BS_STEP_FORMATION, 0, 0);
	p[BS_AI_WK_STEP_FORMATION].o[0].step[0].formation = BS_FORM_OPEN;
	p[BS_AI_WK_STEP_FORMATION].o[1] = p[BS_AI_WK_STEP_FORMATION].o[0];
	p[BS_AI_WK_STEP_FORMATION].o[1].step[0].formation = BS_FORM_CLOSED;
	/* [11.7] an advance of 3" with set spears declared (a set unit does
	 * not move) or not; set, or a shield wall [11.6] (no large shields);
	 * set on the front (1/3 MV), or on the front and rear (1/3 + 1/2 MV,
	 * more than the 7" left of an MV of 12" with 5" owed) */
	struct bs_order set = base;
	set.declares = 1;
	set.special = BS_SPECIAL_SET_SPEARS;
	set.sides = BS_SIDE_BIT(BS_EDGE_FRONT);
	p[BS_AI_WK_DECLARES].name = "declares";
	p[BS_AI_WK_DECLARES].o[0] = p[BS_AI_WK_DECLARES].o[1] = set;
	p[BS_AI_WK_DECLARES].o[1].declares = 0;
	p[BS_AI_WK_SPECIAL].name = "special";
	p[BS_AI_WK_SPECIAL].o[0] = p[BS_AI_WK_SPECIAL].o[1] = set;
	p[BS_AI_WK_SPECIAL].o[1].special = BS_SPECIAL_SHIELD_WALL;
	p[BS_AI_WK_SIDES].name = "sides";
	p[BS_AI_WK_SIDES].o[0] = p[BS_AI_WK_SIDES].o[1] = set;
	p[BS_AI_WK_SIDES].o[0].nsteps = p[BS_AI_WK_SIDES].o[1].nsteps = 0;
	p[BS_AI_WK_SIDES].debt = 5;
	p[BS_AI_WK_SIDES].o[1].sides |= BS_SIDE_BIT(BS_EDGE_REAR);
}

/* s7_9 (issue 13, R-140): for every field of the key, two orders (or
 * units) that differ in it alone get different fresh answers; the memo
 * gives each its own (the second a miss); with that field left out of
 * the key the second is a hit whose answer is the first's, which the
 * fresh check shows stale. Then the view: after a unit moves, the same
 * order asked again is answered afresh (a new view empties the memo);
 * with the view left out, stale. */
Test(ai_whatif, s7_9_whatif_memo_key_each_field)
{
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_scenario *sc = NULL;
	cr_assert_eq(bs_scenario_load_string(WHATIF_YAML, strlen(WHATIF_YAML),
					     "t.yaml", &sc, &d),
		     BS_OK, "%s", d.count ? d.items[0].msg : "");
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_diags_release(&d);
	bs_battle_reset(b, 1, 0);
	b->round = 1;
	struct bs_ai_doctrine *fresh = malloc(sizeof *fresh),
			      *ai = malloc(sizeof *ai);
	cr_assert(fresh && ai);
	bs_ai_doctrine_init(fresh);
	fresh->whatif_off = 1;
	struct pair p[BS_AI_WK_VIEW];
	pairs_make(p);
	struct bs_unit_state *pk = &b->units[b->side_first[0]];
	for (int f = 0; f < BS_AI_WK_VIEW; f++) {
		struct answer want[2], got[2];
		double debt0 = pk->gap_debt;
		pk->gap_debt = p[f].debt;
		bs_ai_look(fresh, b);
		for (int k = 0; k < 2; k++)
			ask(fresh, b, p[f].side[k], p[f].unit[k], &p[f].o[k],
			    &want[k]);
		cr_assert(!same_answer(&want[0], &want[1]),
			  "%s: the two asks have different answers", p[f].name);
		/* the whole key: each its own answer */
		bs_ai_doctrine_init(ai);
		bs_ai_look(ai, b);
		for (int k = 0; k < 2; k++) {
			ask(ai, b, p[f].side[k], p[f].unit[k], &p[f].o[k],
			    &got[k]);
			cr_assert(same_answer(&got[k], &want[k]),
				  "%s: ask %d answered as fresh", p[f].name, k);
		}
		cr_assert_eq(ai->whatif_hits, 0, "%s", p[f].name);
		cr_assert_eq(ai->whatif_misses, 2, "%s", p[f].name);
		/* asked again: from the memo, the same */
		ask(ai, b, p[f].side[1], p[f].unit[1], &p[f].o[1], &got[1]);
		cr_assert_eq(ai->whatif_hits, 1, "%s", p[f].name);
		cr_assert(same_answer(&got[1], &want[1]), "%s", p[f].name);
		/* the field left out: the second ask gets the first's answer,
		 * and the fresh check catches it */
		bs_ai_doctrine_init(ai);
		ai->whatif_loose = 1u << f;
		bs_ai_look(ai, b);
		for (int k = 0; k < 2; k++)
			ask(ai, b, p[f].side[k], p[f].unit[k], &p[f].o[k],
			    &got[k]);
		cr_assert_eq(ai->whatif_hits, 1, "%s left out: a hit",
			     p[f].name);
		cr_assert(same_answer(&got[1], &want[0]), "%s", p[f].name);
		cr_assert(!same_answer(&got[1], &want[1]),
			  "%s left out: the stale answer is caught", p[f].name);
		pk->gap_debt = debt0;
	}
	/* the view: the pikes step forward 1" between two asks */
	struct bs_order o = p[BS_AI_WK_STEP_DIST].o[0];
	for (int loose = 0; loose < 2; loose++) {
		struct answer a0, a1, w1;
		struct bs_vec at = pk->front;
		bs_ai_doctrine_init(ai);
		ai->whatif_loose = loose ? 1u << BS_AI_WK_VIEW : 0;
		bs_ai_look(ai, b);
		ask(ai, b, 0, 0, &o, &a0);
		pk->front.y += 1.0;
		bs_ai_look(ai, b);
		ask(ai, b, 0, 0, &o, &a1);
		bs_ai_look(fresh, b);
		ask(fresh, b, 0, 0, &o, &w1);
		pk->front = at;
		cr_assert(!same_answer(&a0, &w1),
			  "the move changes the answer");
		if (!loose) {
			cr_assert_eq(ai->whatif_hits, 0);
			cr_assert(same_answer(&a1, &w1), "a new view: afresh");
		} else {
			cr_assert_eq(ai->whatif_hits, 1);
			cr_assert(!same_answer(&a1, &w1),
				  "view left out: the stale answer is caught");
		}
	}
	free(fresh);
	free(ai);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* Events of a battle, hashed. */
struct hsink {
	uint64_t hash;
	unsigned long n;
};

static void hmix(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++)
		*h = (*h ^ c[i]) * 1099511628211ull;
}

static void hemit(void *ctx, const struct bs_event *ev)
{
	struct hsink *s = ctx;
	s->n++;
	hmix(&s->hash, &ev->type, sizeof ev->type);
	hmix(&s->hash, &ev->round, sizeof ev->round);
	hmix(&s->hash, &ev->phase, sizeof ev->phase);
	hmix(&s->hash, &ev->side, sizeof ev->side);
	hmix(&s->hash, &ev->unit, sizeof ev->unit);
	hmix(&s->hash, &ev->indiv, sizeof ev->indiv);
	hmix(&s->hash, &ev->tside, sizeof ev->tside);
	hmix(&s->hash, &ev->tunit, sizeof ev->tunit);
	hmix(&s->hash, ev->dice, sizeof ev->dice[0] * (size_t)ev->ndice);
	hmix(&s->hash, ev->n, sizeof ev->n);
	hmix(&s->hash, &ev->x0, sizeof ev->x0);
	hmix(&s->hash, &ev->y0, sizeof ev->y0);
	hmix(&s->hash, &ev->f0, sizeof ev->f0);
	hmix(&s->hash, &ev->x1, sizeof ev->x1);
	hmix(&s->hash, &ev->y1, sizeof ev->y1);
	hmix(&s->hash, &ev->f1, sizeof ev->f1);
	if (ev->what)
		hmix(&s->hash, ev->what, strlen(ev->what));
	if (ev->why)
		hmix(&s->hash, ev->why, strlen(ev->why));
	if (ev->cite)
		hmix(&s->hash, ev->cite, strlen(ev->cite));
}

/* s7_9 (issue 13): the memo never changes a choice: battles of the
 * built-in scenario, heroes-of-the-pass and battle-of-the-borderlands (the
 * ground makes the doctrine ask twice, R-466) play the same events with
 * the memo and with every order checked afresh, and the memo is hit. */
Test(ai_whatif, s7_9_whatif_memo_keeps_every_choice, .timeout = 600)
{
	const char *names[] = {NULL, "heroes-of-the-pass",
			       "battle-of-the-borderlands"};
	const int battles[] = {12, 12, 4};
	unsigned long hits = 0;
	for (int n = 0; n < 3; n++) {
		struct bs_scenario *sc;
		struct bs_diags d;
		bs_diags_init(&d);
		cr_assert_eq(bs_scenario_load_builtin(names[n], &sc, &d),
			     BS_OK);
		struct bs_battle *b = NULL;
		cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
		bs_diags_release(&d);
		struct bs_ai_set *set[2] = {malloc(sizeof *set[0]),
					    malloc(sizeof *set[1])};
		cr_assert(set[0] && set[1]);
		bs_ai_set_init(set[0]);
		bs_ai_set_init(set[1]);
		for (unsigned long seed = 1; seed <= (unsigned long)battles[n];
		     seed++) {
			struct hsink h[2];
			for (int k = 0; k < 2; k++) {
				h[k].hash = 1469598103934665603ull;
				h[k].n = 0;
				struct bs_event_sink sink = {hemit, &h[k]};
				bs_battle_reset(b, seed, 0);
				bs_battle_set_sink(b, &sink);
				attach_ok(set[k], b);
				set[k]->doctrine.whatif_off = k;
				bs_battle_play(b, 0);
				bs_battle_set_sink(b, NULL);
			}
			cr_assert_eq(h[0].n, h[1].n, "%s seed %lu",
				     names[n] ? names[n] : "built-in", seed);
			cr_assert_eq(h[0].hash, h[1].hash, "%s seed %lu",
				     names[n] ? names[n] : "built-in", seed);
		}
		cr_assert_eq(set[1]->doctrine.whatif_hits, 0);
		hits += set[0]->doctrine.whatif_hits;
		free(set[0]);
		free(set[1]);
		bs_battle_free(b);
		bs_scenario_free(sc);
	}
	cr_assert_gt(hits, 0, "the memo is used");
}
