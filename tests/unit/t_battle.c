/* The battle API (battle.h): new / reset / round / play / free, the
 * default ending (RULING R-102, known-gaps 15) and the round limit,
 * determinism (same seed, same battle; events on or off), and invariants
 * over many seeded battles of the built-in scenario with a simple
 * controller written here: no negative figures, no two blocks overlap,
 * every attack is between units in contact, no move spends more than it
 * is allowed, every battle ends; and over 200 seeded battles with the
 * doctrine AI on both sides: no two blocks ever overlap after any phase
 * ([7.8], RULING) and no order is rejected. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"
#include "bs1e/engine.h"
#include "ai_attach.h"

/* ---- a simple controller: charge when the plan is legal, else close in
 * on the nearest enemy; rally routed units with their own commander ---- */

static int simple_rally(void *ctx, const struct bs_battle *b, int side,
			struct bs_rally_order *out, int max)
{
	(void)ctx;
	int n = 0;
	for (int i = 0; i < b->sc->sides[side].nunits && n < max; i++) {
		const struct bs_unit_state *u =
		    &b->units[b->side_first[side] + i];
		if (!(u->flags & BS_UF_REMOVED) && (u->flags & BS_UF_ROUTED) &&
		    u->commander >= 0)
			out[n++] = (struct bs_rally_order){u->commander, i,
							   BS_MOB_NONE, 0};
	}
	return n;
}

static void simple_move(void *ctx, const struct bs_battle *b, int side,
			int unit, struct bs_order *o)
{
	(void)ctx;
	memset(o, 0, sizeof *o);
	o->kind = BS_ORDER_HOLD;
	o->tside = o->tunit = -1;
	if (bs_tt_unit_engaged(b, side, unit))
		return;
	double best = 1e9;
	int es = -1, eu = -1;
	for (int s = 0; s < b->nsides; s++)
		for (int u = 0; s != side && u < b->sc->sides[s].nunits; u++) {
			if (b->units[b->side_first[s] + u].flags &
			    BS_UF_REMOVED)
				continue;
			double d = bs_tt_unit_dist(b, side, unit, s, u);
			if (d < best) {
				best = d;
				es = s;
				eu = u;
			}
		}
	if (es < 0)
		return;
	struct bs_tt_charge ch;
	bs_tt_plan_charge(b, side, unit, es, eu, &ch);
	if (ch.legal) {
		*o = ch.order;
		return;
	}
	const struct bs_unit_state *me = &b->units[b->side_first[side] + unit];
	struct bs_quad a = bs_tt_unit_quad(b, side, unit);
	struct bs_quad t = bs_tt_unit_quad(b, es, eu);
	double want =
	    bs_facing_of(bs_vec_sub(bs_quad_centre(&t), bs_quad_centre(&a)));
	double turn = bs_angle_diff(me->facing, want);
	double dist = best - me->r.mv * 0.8;
	if (dist > me->r.mv)
		dist = me->r.mv;
	if (dist < 0)
		dist = 0;
	o->kind = BS_ORDER_MOVE;
	o->nsteps = 1;
	if (fabs(turn) <= 45)
		o->step[0] = (struct bs_step){
		    .kind = BS_STEP_ADVANCE, .dist = dist, .angle = turn};
	else
		o->step[0] = (struct bs_step){.kind = BS_STEP_WHEEL,
					      .angle = turn > 0 ? 45 : -45};
}

static const struct bs_controller simple = {
    .name = "simple",
    .rally = simple_rally,
    .move = simple_move,
};

static struct bs_scenario *builtin(void)
{
	struct bs_scenario *sc;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin(NULL, &sc, &d), BS_OK);
	bs_diags_release(&d);
	return sc;
}

static struct bs_battle *battle(struct bs_scenario *sc)
{
	struct bs_battle *b;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_diags_release(&d);
	for (int s = 0; s < b->nsides; s++)
		bs_battle_set_controller(b, s, &simple);
	return b;
}

/* A digest of the event stream. */
struct digest {
	unsigned long long h;
	long n;
};

static void digest_emit(void *ctx, const struct bs_event *ev)
{
	struct digest *g = ctx;
	unsigned long long h = g->h;
	h = h * 1099511628211ull ^ (unsigned)ev->type;
	h = h * 1099511628211ull ^ (unsigned)(ev->side + 7 * ev->unit);
	for (int i = 0; i < ev->ndice; i++)
		h = h * 1099511628211ull ^ (unsigned)ev->dice[i];
	for (int i = 0; i < BS_EV_MAX_N; i++)
		h = h * 1099511628211ull ^ (unsigned)ev->n[i];
	g->h = h;
	g->n++;
}

Test(battle, new_reset_play_free)
{
	struct bs_scenario *sc = builtin();
	struct bs_battle *b = battle(sc);
	cr_assert_eq(b->nsides, 2);
	cr_assert_eq(b->nunits, 8);
	cr_assert_eq(b->max_rounds, 30, "RULING R-102: the default limit");
	bs_battle_reset(b, 7, 0);
	bs_battle_play(b, 0);
	cr_assert(b->result.over);
	cr_assert_leq(b->result.rounds, 30);
	cr_assert(b->result.winner >= -1 && b->result.winner <= 1);
	cr_assert_not_null(b->result.reason);
	cr_assert_eq(b->events, 0, "events off: none built");
	bs_battle_free(b);
	bs_scenario_free(sc);
}

Test(battle, a_ruleset_refuses_what_it_cannot_play)
{
	struct bs_scenario *sc = builtin();
	struct bs_battle *b;
	struct bs_diags d;
	bs_diags_init(&d);
	/* the 2E ruleset's init: a 1E unit has no 2E statistics */
	sc->rules = BS_RULES_BS2E;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_ERR_INPUT);
	cr_assert_null(b);
	cr_assert_eq(d.count, 1);
	cr_expect(strstr(d.items[0].msg, "no 2E statistics"), "%s",
		  d.items[0].msg);
	/* no ruleset plays an unknown rules: value */
	sc->rules = BS_RULES__COUNT;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_ERR_INPUT);
	cr_expect(strstr(d.items[1].msg, "no ruleset"), "%s", d.items[1].msg);
	/* the 1E engine's limit, at the unit (bs_battle_limits) */
	sc->rules = BS_RULES_BS1E;
	struct bs_unit *u = &sc->sides[1].units[0];
	u->figures = BS1E_MAX_FIGS + 1;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_ERR_INPUT);
	cr_assert_eq(d.count, 3);
	cr_expect_eq(d.items[2].line, u->line);
	cr_expect_eq(d.items[2].col, u->col);
	char want[256];
	snprintf(want, sizeof want,
		 "unit '%s': %d figures; the engine plays units of at most %d",
		 u->name, BS1E_MAX_FIGS + 1, BS1E_MAX_FIGS);
	cr_expect_str_eq(d.items[2].msg, want);
	u->figures = BS1E_MAX_FIGS;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK, "at the limit: played");
	bs_battle_free(b);
	bs_diags_release(&d);
	bs_scenario_free(sc);
}

Test(battle, deterministic_by_seed_events_on_or_off)
{
	struct bs_scenario *sc = builtin();
	struct bs_battle *b = battle(sc);
	struct digest g1 = {14695981039346656037ull, 0}, g2 = g1;
	struct bs_event_sink s1 = {digest_emit, &g1}, s2 = {digest_emit, &g2};
	bs_battle_set_sink(b, &s1);
	bs_battle_reset(b, 11, 3);
	bs_battle_play(b, 0);
	struct bs_result r1 = b->result;
	bs_battle_set_sink(b, &s2);
	bs_battle_reset(b, 11, 3);
	bs_battle_play(b, 0);
	cr_assert_eq(g1.h, g2.h, "the same events, die for die");
	cr_assert_eq(g1.n, g2.n);
	cr_assert_eq(b->result.winner, r1.winner);
	cr_assert_eq(b->result.rounds, r1.rounds);
	/* events off: the same battle */
	bs_battle_set_sink(b, NULL);
	bs_battle_reset(b, 11, 3);
	bs_battle_play(b, 0);
	cr_assert_eq(b->result.winner, r1.winner);
	cr_assert_eq(b->result.rounds, r1.rounds);
	for (int s = 0; s < 2; s++)
		cr_assert_eq(b->result.side[s].figures_lost,
			     r1.side[s].figures_lost);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

Test(battle, round_limit_is_a_draw)
{
	struct bs_scenario *sc = builtin();
	struct bs_battle *b;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	/* no controllers: every unit holds */
	bs_battle_reset(b, 1, 0);
	bs_battle_play(b, 3);
	cr_assert(b->result.over);
	cr_assert_eq(b->result.rounds, 3);
	cr_assert_eq(b->result.winner, -1);
	cr_assert(strstr(b->result.reason, "R-102"));
	bs_battle_free(b);
	bs_scenario_free(sc);
	bs_diags_release(&d);
}

Test(battle, ruling_r102_a_side_with_no_unit_not_routed_loses)
{
	struct bs_scenario *sc = builtin();
	struct bs_battle *b = battle(sc);
	bs_battle_reset(b, 1, 0);
	cr_assert_not(bs_battle_round(b));
	for (int i = 0; i < 4; i++)
		bs_battle_unit(b, 1, i)->flags |= BS_UF_ROUTED;
	cr_assert(bs1e_check_over(b, 0));
	cr_assert_eq(b->result.winner, 0);
	cr_assert(bs_battle_round(b), "over stays over");
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* ---- invariants ------------------------------------------------------------
 */

struct inv {
	struct bs_battle *b;
	int bad_attack, bad_move;
};

static void inv_emit(void *ctx, const struct bs_event *ev)
{
	struct inv *v = ctx;
	if (ev->type == BS_EV_ATTACK) {
		int g = v->b->side_first[ev->side] + ev->unit;
		int h = v->b->side_first[ev->tside] + ev->tunit;
		if (!bs1e_contact(v->b, g, h, NULL))
			v->bad_attack++;
	}
	if (ev->type == BS_EV_MOVE && ev->indiv < 0 &&
	    (ev->n[2] > ev->n[1] + 1 || ev->n[0] > ev->n[1] + 1))
		v->bad_move++;
}

Test(battle, invariants_over_seeded_battles, .timeout = 300)
{
	struct bs_scenario *sc = builtin();
	struct bs_battle *b = battle(sc);
	struct inv v = {b, 0, 0};
	struct bs_event_sink sink = {inv_emit, &v};
	bs_battle_set_sink(b, &sink);
	for (int i = 0; i < 40; i++) {
		bs_battle_reset(b, 2024, (uint64_t)i);
		int rounds = 0;
		while (!bs_battle_round(b)) {
			rounds++;
			cr_assert_leq(rounds, 31, "every battle ends");
			for (int g = 0; g < b->nunits; g++) {
				cr_assert_geq(b->units[g].figures, 0);
				cr_assert_geq(b->units[g].wounded, 0);
				cr_assert_leq(b->units[g].wounded, 1,
					      "[8.7] one wounded figure");
				if (b->units[g].flags & BS_UF_REMOVED)
					continue;
				struct bs_quad q = bs1e_quad(b, g);
				for (int h = g + 1; h < b->nunits; h++) {
					if (b->units[h].flags & BS_UF_REMOVED)
						continue;
					struct bs_quad r = bs1e_quad(b, h);
					cr_assert_not(bs_quad_overlap(&q, &r),
						      "battle %d round %d: %d "
						      "and %d overlap",
						      i, b->round, g, h);
				}
			}
		}
		cr_assert(b->result.over);
	}
	cr_assert_eq(v.bad_attack, 0, "every melee has contact");
	cr_assert_eq(v.bad_move, 0, "no move beyond its allowance");
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* ---- 200 seeded battles of the built-in scenario, doctrine AI on both
 * sides (as `battlesim play --seed N`, N = 1..200) ---- */

struct overlaps {
	const struct bs_battle *b;
	unsigned long seed;
	long checks, overlaps, rejected;
	char first[256];
};

/* Every pair of units on the table: overlapping blocks counted. */
static void overlap_scan(struct overlaps *o, const char *when)
{
	const struct bs_battle *b = o->b;
	o->checks++;
	for (int g = 0; g < b->nunits; g++) {
		if (b->units[g].flags & BS_UF_REMOVED)
			continue;
		struct bs_quad q = bs1e_quad(b, g);
		for (int h = g + 1; h < b->nunits; h++) {
			if (b->units[h].flags & BS_UF_REMOVED)
				continue;
			struct bs_quad r = bs1e_quad(b, h);
			if (!bs_quad_overlap(&q, &r))
				continue;
			if (o->overlaps++ == 0)
				snprintf(o->first, sizeof o->first,
					 "seed %lu round %d %s: %s and %s",
					 o->seed, b->round, when,
					 b->units[g].def->name,
					 b->units[h].def->name);
		}
	}
}

static void overlap_emit(void *ctx, const struct bs_event *ev)
{
	struct overlaps *o = ctx;
	/* a phase begins: the one before it is over */
	if (ev->type == BS_EV_PHASE)
		overlap_scan(o, bs_phase_name[ev->phase]);
	if (ev->type == BS_EV_REJECTED && o->rejected++ == 0 && !o->overlaps)
		snprintf(o->first, sizeof o->first,
			 "seed %lu round %d: rejected: %s %s", o->seed,
			 ev->round, ev->what ? ev->what : "",
			 ev->cite ? ev->cite : "");
}

Test(battle, s7_8_no_overlap_no_rejected_order_200_doctrine_battles,
     .timeout = 300)
{
	struct bs_scenario *sc = builtin();
	struct bs_battle *b;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_diags_release(&d);
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_set_init(ai);
	attach_ok(ai, b);
	struct overlaps o = {.b = b};
	struct bs_event_sink sink = {overlap_emit, &o};
	bs_battle_set_sink(b, &sink);
	for (unsigned long seed = 1; seed <= 200; seed++) {
		o.seed = seed;
		bs_battle_reset(b, seed, 0);
		while (!bs_battle_round(b))
			overlap_scan(&o, "end of the round");
		overlap_scan(&o, "end of the battle");
		cr_assert(b->result.over);
	}
	cr_assert_gt(o.checks, 200 * 5);
	cr_assert_eq(o.overlaps, 0, "%ld overlaps, the first %s", o.overlaps,
		     o.first);
	cr_assert_eq(o.rejected, 0, "%ld orders rejected, the first %s",
		     o.rejected, o.first);
	free(ai);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* Issue 12 item 1: the melees of each Melee Phase, as the ATTACK events
 * show them, in 40 doctrine battles of the built-in scenario. */
struct melee_watch {
	struct bs_melee m[256];
	int n, round;
	long phases, bad;
	char first[160];
	unsigned long seed;
};

static void melee_check(struct melee_watch *w)
{
	if (w->n > 1) {
		int order[256];
		for (int i = 0; i < w->n; i++)
			order[i] = i;
		w->phases++;
		if (!bs_tt_melee_order_ok(w->m, w->n, order) && w->bad++ == 0)
			snprintf(w->first, sizeof w->first,
				 "seed %lu round %d: %d melees", w->seed,
				 w->round, w->n);
	}
	w->n = 0;
}

static void melee_emit(void *ctx, const struct bs_event *ev)
{
	struct melee_watch *w = ctx;
	if (ev->type == BS_EV_PHASE || ev->type == BS_EV_END) {
		melee_check(w);
		return;
	}
	if (ev->type != BS_EV_ATTACK || ev->phase != BS_PHASE_MELEE ||
	    ev->side < 0 || ev->tside < 0)
		return;
	w->round = ev->round;
	int a = ev->side < ev->tside;
	struct bs_melee x =
	    a ? (struct bs_melee){ev->side, ev->unit, ev->tside, ev->tunit}
	      : (struct bs_melee){ev->tside, ev->tunit, ev->side, ev->unit};
	for (int i = 0; i < w->n; i++)
		if (memcmp(&w->m[i], &x, sizeof x) == 0)
			return;
	if (w->n < 256)
		w->m[w->n++] = x;
}

/* [1.6 B] "All combat involving one unit or opponent must be resolved
 * before moving to the next combat" (RULING R-377): in every Melee Phase
 * of 40 battles the melees come combat by combat, each unit's fights one
 * after another wherever that can be done (before issue 12, 19 of 687
 * melee rounds split a unit's fights with an unrelated melee). */
Test(battle, s1_6_b_ruling_r377_combats_together_40_battles, .timeout = 120)
{
	struct bs_scenario *sc = builtin();
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_set_init(ai);
	attach_ok(ai, b);
	struct melee_watch *w = calloc(1, sizeof *w);
	cr_assert_not_null(w);
	struct bs_event_sink sink = {melee_emit, w};
	bs_battle_set_sink(b, &sink);
	for (unsigned long seed = 1; seed <= 40; seed++) {
		w->seed = seed;
		bs_battle_reset(b, seed, 0);
		bs_battle_play(b, 0);
		melee_check(w);
	}
	cr_assert_gt(w->phases, 100, "premise: many phases with melees");
	cr_assert_eq(w->bad, 0, "%ld of %ld split, the first %s", w->bad,
		     w->phases, w->first);
	free(w);
	free(ai);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* ---- issue 15: 100 seeded battles of heroes-of-the-pass, doctrine AI on
 * both sides: no two blocks, no block and lone figure, no two lone
 * figures overlap (RULING R-502), the AI's orders and changes of role
 * are never rejected (it checks them first), every battle ends, and the
 * same seed gives the same battle with events on or off ---- */

static void figure_scan(struct overlaps *o, const char *when)
{
	const struct bs_battle *b = o->b;
	overlap_scan(o, when);
	for (int k = 0; k < b->nindivs; k++) {
		if (!bs1e_indiv_figure(b, k))
			continue;
		struct bs_quad q = bs1e_indiv_quad(b, k);
		const char *with = NULL;
		for (int g = 0; g < b->nunits && !with; g++)
			if (!(b->units[g].flags & BS_UF_REMOVED)) {
				struct bs_quad r = bs1e_quad(b, g);
				if (bs_quad_overlap(&q, &r))
					with = b->units[g].def->name;
			}
		for (int j = k + 1; j < b->nindivs && !with; j++)
			if (bs1e_indiv_figure(b, j)) {
				struct bs_quad r = bs1e_indiv_quad(b, j);
				if (bs_quad_overlap(&q, &r))
					with = b->indivs[j].def->name;
			}
		if (with && o->overlaps++ == 0)
			snprintf(o->first, sizeof o->first,
				 "seed %lu round %d %s: %s and %s", o->seed,
				 b->round, when, b->indivs[k].def->name, with);
	}
}

static void figure_emit(void *ctx, const struct bs_event *ev)
{
	struct overlaps *o = ctx;
	if (ev->type == BS_EV_PHASE)
		figure_scan(o, bs_phase_name[ev->phase]);
	if (ev->type == BS_EV_REJECTED && o->rejected++ == 0 && !o->overlaps)
		snprintf(o->first, sizeof o->first,
			 "seed %lu round %d: rejected: %s %s", o->seed,
			 ev->round, ev->what ? ev->what : "",
			 ev->cite ? ev->cite : "");
}

Test(battle, s9_4_heroes_of_the_pass_100_doctrine_battles, .timeout = 300)
{
	struct bs_scenario *sc;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin("heroes-of-the-pass", &sc, &d),
		     BS_OK);
	struct bs_battle *b, *quiet;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	cr_assert_eq(bs_battle_new(sc, &quiet, &d), BS_OK);
	bs_diags_release(&d);
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_set_init(ai);
	attach_ok(ai, b);
	attach_ok(ai, quiet);
	struct overlaps o = {.b = b};
	struct bs_event_sink sink = {figure_emit, &o};
	bs_battle_set_sink(b, &sink);
	long duels = 0, heroes_attacks = 0;
	for (unsigned long seed = 1; seed <= 100; seed++) {
		o.seed = seed;
		bs_battle_reset(b, seed, 0);
		bs_battle_reset(quiet, seed, 0);
		while (!bs_battle_round(b))
			figure_scan(&o, "end of the round");
		bs_battle_play(quiet, 0);
		cr_assert(b->result.over);
		cr_assert_eq(quiet->result.winner, b->result.winner, "seed %lu",
			     seed);
		cr_assert_eq(quiet->result.rounds, b->result.rounds, "seed %lu",
			     seed);
		for (int k = 0; k < b->nindivs; k++) {
			cr_assert_eq(quiet->indivs[k].hp, b->indivs[k].hp);
			duels += b->indivs[k].adnd_rounds;
		}
		heroes_attacks += b->result.side[0].indivs_killed +
				  b->result.side[1].indivs_killed;
	}
	cr_assert_gt(duels, 0, "individual combat happens");
	cr_assert_gt(heroes_attacks, 0, "individuals die");
	cr_assert_eq(o.overlaps, 0, "%ld overlaps, the first %s", o.overlaps,
		     o.first);
	cr_assert_eq(o.rejected, 0, "%ld orders rejected, the first %s",
		     o.rejected, o.first);
	free(ai);
	bs_battle_free(b);
	bs_battle_free(quiet);
	bs_scenario_free(sc);
}
