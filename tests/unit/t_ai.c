/* Tests of the controllers (src/ai): the doctrine AI's odds [8.4], its
 * charges [7.14] when the odds favour them and not otherwise, rally
 * attempts [6.0] [6.1], mob orders every Rally Phase [2.10], no order the
 * rules reject over 200 seeded battles, determinism; the scripted
 * controller's orders [7.14] [7.7] and the "hold" controller. With small
 * inline scenarios and the built-in one, played by the engine. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_roster.h"
#include "battlesim/bs1e_tables.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"
#include "bs1e/engine.h"
#include "ai_attach.h"

/* ---- helpers ---------------------------------------------------------------
 */

static struct bs_scenario *load(const char *yaml)
{
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_scenario *sc = NULL;
	enum bs_status st = yaml ? bs_scenario_load_string(yaml, strlen(yaml),
							   "t.yaml", &sc, &d)
				 : bs_scenario_load_builtin(NULL, &sc, &d);
	char msg[1024] = "";
	if (d.count)
		bs_diag_format(&d.items[0], msg, sizeof msg);
	cr_assert_eq(st, BS_OK, "scenario: %s", msg);
	bs_diags_release(&d);
	return sc;
}

static struct bs_battle *battle(const struct bs_scenario *sc)
{
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_battle *b = NULL;
	enum bs_status st = bs_battle_new(sc, &b, &d);
	char msg[1024] = "";
	if (d.count)
		bs_diag_format(&d.items[0], msg, sizeof msg);
	cr_assert_eq(st, BS_OK, "battle: %s", msg);
	bs_diags_release(&d);
	return b;
}

/* Events of interest, kept by a sink. */
#define MAXKEEP 4096
struct rec {
	const struct bs_battle *b;
	int n;
	struct bs_event ev[MAXKEEP];
	long rejected, rejected_allowed;
	char first_rejected[256];
	uint64_t hash; /* of every event (determinism) */
};

static void mix(uint64_t *h, uint64_t v)
{
	*h ^= v;
	*h *= 1099511628211ull;
}

static void rec_emit(void *ctx, const struct bs_event *ev)
{
	struct rec *r = ctx;
	mix(&r->hash, (uint64_t)ev->type);
	mix(&r->hash, (uint64_t)ev->round);
	mix(&r->hash, (uint64_t)(ev->side + 1) << 8 | (uint64_t)(ev->unit + 1));
	mix(&r->hash,
	    (uint64_t)(ev->tside + 1) << 8 | (uint64_t)(ev->tunit + 1));
	for (int i = 0; i < ev->ndice; i++)
		mix(&r->hash, (uint64_t)ev->dice[i]);
	for (int i = 0; i < BS_EV_MAX_N; i++)
		mix(&r->hash, (uint64_t)(int64_t)ev->n[i]);
	mix(&r->hash, (uint64_t)(int64_t)(ev->x1 * 1000));
	mix(&r->hash, (uint64_t)(int64_t)(ev->y1 * 1000));
	if (ev->type == BS_EV_REJECTED) {
		/* allowed: the engine moving a rallied mob on its standing
		 * order [2.10] [6.3] (no order of the controller's) */
		const struct bs_unit_state *u =
		    ev->unit >= 0
			? &r->b->units[r->b->side_first[ev->side] + ev->unit]
			: NULL;
		if (u && u->def->type == BS_UNIT_MOB &&
		    (u->flags & BS_UF_RALLIED) &&
		    ev->phase == BS_PHASE_MOVEMENT) {
			r->rejected_allowed++;
		} else {
			if (!r->rejected)
				snprintf(r->first_rejected,
					 sizeof r->first_rejected,
					 "round %d side %d unit %d indiv %d: "
					 "%s %s",
					 ev->round, ev->side, ev->unit,
					 ev->indiv, ev->what ? ev->what : "",
					 ev->cite ? ev->cite : "");
			r->rejected++;
		}
	}
	if (r->n < MAXKEEP)
		r->ev[r->n++] = *ev;
}

static void rec_attach(struct rec *r, struct bs_battle *b)
{
	memset(r, 0, sizeof *r);
	r->b = b;
	r->hash = 1469598103934665603ull;
	struct bs_event_sink s = {rec_emit, r};
	bs_battle_set_sink(b, &s);
}

/* The first event of type t in round `round` for (side, unit) (unit -1:
 * any), or NULL. */
static const struct bs_event *find(const struct rec *r, enum bs_ev t, int round,
				   int side, int unit)
{
	for (int i = 0; i < r->n; i++) {
		const struct bs_event *e = &r->ev[i];
		if (e->type == t && (round < 0 || e->round == round) &&
		    e->side == side && (unit < 0 || e->unit == unit))
			return e;
	}
	return NULL;
}

/* Two orc units 8" apart, front to front, each with its commander: North
 * plays the doctrine, South holds. NORTH_FIGS and SOUTH_FIGS set their
 * sizes. */
#define DUEL(NORTH_FIGS, SOUTH_FIGS, SOUTH_CTL)                                \
	"name: duel\n"                                                         \
	"sides:\n"                                                             \
	"  - name: North\n"                                                    \
	"    edge: north\n"                                                    \
	"    units:\n"                                                         \
	"      - {name: n1, figures: " #NORTH_FIGS ", creature: orc, "         \
	"weapons: [long sword], position: [36, 30], facing: south, "           \
	"commander: Ug}\n"                                                     \
	"    individuals:\n"                                                   \
	"      - {name: Ug, race: orc, rank: unit}\n"                          \
	"  - name: South\n"                                                    \
	"    edge: south\n"                                                    \
	"    controller: " SOUTH_CTL "\n"                                      \
	"    units:\n"                                                         \
	"      - {name: s1, figures: " #SOUTH_FIGS ", creature: orc, "         \
	"weapons: [long sword], position: [36, 22], commander: Og}\n"          \
	"    individuals:\n"                                                   \
	"      - {name: Og, race: orc, rank: unit}\n"

static struct bs_ai_set *new_set(void)
{
	struct bs_ai_set *s = malloc(sizeof *s);
	cr_assert_not_null(s);
	bs_ai_set_init(s);
	return s;
}

/* ---- the odds [8.4] --------------------------------------------------------
 */

/* s8_4: the doctrine's expected HD is the CRT over the 36 outcomes of
 * 2d6: the [8.4] example's AR 17 - AC 8 = 9 on the D8 column, per figure
 * sum(ways(r) x CRT(9 + r, D8)) / 36, read here from the table itself */
Test(ai, s8_4_expected_hd_is_the_crt_average)
{
	struct bs_scenario *sc = load(DUEL(10, 10, "hold"));
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	const struct bs_unit_state *u = bs_battle_unit(b, 0, 0);
	cr_assert_eq(u->r.dmg_sm.nparts, 1);
	cr_assert_eq(u->r.dmg_sm.part[0].sides, 8); /* long sword D8 */
	long sum = 0;
	for (int r = 2; r <= 12; r++)
		sum += (long)bs1e_2d6_ways(r) * bs1e_crt(9 + r, BS1E_COL_D8);
	double want = (double)sum * 10 / 36.0; /* tenths, ten figures */
	double got = bs_ai_expected_hd(&set->doctrine, b, 0, 0, 1, 0, 10, 9);
	cr_expect(got > want - 1e-9 && got < want + 1e-9, "got %f want %f", got,
		  want);
	/* the roll 7 of the example gives 6 HD a figure (60 HD for ten):
	 * the mean over 2d6 is near */
	cr_expect(got > 400 && got < 800, "%f tenths for ten figures", got);
	/* a better AR (lower) never does less */
	cr_expect_geq(bs_ai_expected_hd(&set->doctrine, b, 0, 0, 1, 0, 10, 5),
		      got);
	/* cached: the same answer twice */
	cr_expect_eq(bs_ai_expected_hd(&set->doctrine, b, 0, 0, 1, 0, 10, 9),
		     got);
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* ---- charges [7.14] --------------------------------------------------------
 */

/* Play round 1 of a duel; returns the recorder (caller frees). */
static struct rec *duel_round1(const char *yaml, struct bs_battle **bp,
			       struct bs_scenario **scp)
{
	struct bs_scenario *sc = load(yaml);
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	struct rec *r = malloc(sizeof *r);
	cr_assert_not_null(r);
	bs_battle_reset(b, 11, 0);
	rec_attach(r, b);
	attach_ok(set, b);
	bs_battle_round(b);
	bs_battle_set_sink(b, NULL);
	free(set);
	*bp = b;
	*scp = sc;
	return r;
}

/* s7_14: 20 orcs charge 4 orcs 8" away (within 1 1/2 MV, more than 2/3
 * MV): the odds favour it, and the charge reaches */
Test(ai, s7_14_charges_a_weak_enemy_in_reach)
{
	struct bs_battle *b;
	struct bs_scenario *sc;
	struct rec *r = duel_round1(DUEL(20, 4, "hold"), &b, &sc);
	const struct bs_event *o = find(r, BS_EV_ORDER, 1, 0, 0);
	cr_assert_not_null(o, "no order for the strong unit");
	cr_expect_eq(o->n[0], BS_ORDER_CHARGE, "order %s", o->what);
	cr_expect_eq(o->tside, 1);
	cr_expect_eq(o->tunit, 0);
	const struct bs_event *c = find(r, BS_EV_CONTACT, 1, 0, 0);
	cr_expect_not_null(c, "the charge made no contact");
	cr_expect_not_null(find(r, BS_EV_ATTACK, 1, 0, 0), "no attack");
	cr_expect_eq(r->rejected, 0, "%s", r->first_rejected);
	free(r);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* s7_14: 4 orcs do not charge 20 orcs: the odds are bad */
Test(ai, s7_14_no_charge_when_the_odds_are_bad)
{
	struct bs_battle *b;
	struct bs_scenario *sc;
	struct rec *r = duel_round1(DUEL(4, 20, "hold"), &b, &sc);
	/* the same geometry allows the charge: only the odds stop it */
	struct bs_tt_charge pl;
	bs_battle_reset(b, 11, 0);
	bs_tt_plan_charge(b, 0, 0, 1, 0, &pl);
	cr_assert(pl.legal, "premise: the charge is legal (%s)",
		  pl.why ? pl.why : "");
	struct bs_ai_set *set = new_set();
	struct bs_ai_fight f;
	bs_ai_fight_eval(&set->doctrine, b, 0, 0, 1, 0, (int)pl.arc, 1, &f);
	cr_assert(f.dealt_frac < f.taken_frac, "premise: bad odds %f %f",
		  f.dealt_frac, f.taken_frac);
	for (int i = 0; i < r->n; i++)
		cr_expect(!(r->ev[i].type == BS_EV_ORDER &&
			    r->ev[i].n[0] == BS_ORDER_CHARGE),
			  "a charge was ordered");
	cr_expect_null(find(r, BS_EV_CONTACT, 1, 0, 0), "contact made");
	free(set);
	free(r);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* s2_9: skirmishers never charge [2.9] [7.14] */
Test(ai, s2_9_skirmishers_never_charge)
{
	struct bs_scenario *sc = load(
	    "name: skirmish\n"
	    "sides:\n"
	    "  - name: North\n"
	    "    edge: north\n"
	    "    units:\n"
	    "      - {name: n1, type: skirmish, figures: 20, creature: orc, "
	    "weapons: [long sword], position: [36, 30], facing: south}\n"
	    "  - name: South\n"
	    "    edge: south\n"
	    "    controller: hold\n"
	    "    units:\n"
	    "      - {name: s1, figures: 4, creature: orc, weapons: [long "
	    "sword], position: [36, 22], commander: Og}\n"
	    "    individuals:\n"
	    "      - {name: Og, race: orc, rank: unit}\n");
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	bs_battle_reset(b, 3, 0);
	struct bs_order o;
	set->doctrine.ctl.move(set->doctrine.ctl.ctx, b, 0, 0, &o);
	cr_expect_neq(o.kind, BS_ORDER_CHARGE);
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* ---- Rally Phase [6.0] [6.1] ----------------------------------------------
 */

#define RALLY_YAML                                                             \
	"name: rally\n"                                                        \
	"sides:\n"                                                             \
	"  - name: North\n"                                                    \
	"    edge: north\n"                                                    \
	"    units:\n"                                                         \
	"      - {name: n1, figures: 10, creature: orc, weapons: [long "       \
	"sword], position: [20, 40], facing: south, commander: Ug}\n"          \
	"      - {name: n2, figures: 10, creature: orc, weapons: [long "       \
	"sword], position: [50, 40], facing: south, commander: Bug}\n"         \
	"    individuals:\n"                                                   \
	"      - {name: Ug, race: orc, rank: unit}\n"                          \
	"      - {name: Bug, race: orc, rank: unit}\n"                         \
	"      - {name: Boss, race: orc, class: fighter, level: 4, rank: "     \
	"army, position: [20, 45]}\n"                                          \
	"  - name: South\n"                                                    \
	"    edge: south\n"                                                    \
	"    units:\n"                                                         \
	"      - {name: s1, figures: 10, creature: orc, weapons: [long "       \
	"sword], position: [36, 5], commander: Og}\n"                          \
	"    individuals:\n"                                                   \
	"      - {name: Og, race: orc, rank: unit}\n"

/* s6_1: a routed unit whose figures are all within an eligible
 * commander's radius gets a rally attempt, one per commander and per
 * unit [6.0]; a unit in contact does not [6.1] */
Test(ai, s6_1_rallies_a_routed_unit_within_reach)
{
	struct bs_scenario *sc = load(RALLY_YAML);
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	bs_battle_reset(b, 5, 0);
	b->round = 1;
	b->phase = BS_PHASE_RALLY;
	struct bs_unit_state *n1 = bs_battle_unit(b, 0, 0);
	n1->flags |= BS_UF_ROUTED;
	/* premise: the army commander and the unit's own both reach it */
	const struct bs_indiv_state *boss = &b->indivs[b->indiv_first[0] + 2];
	cr_assert(bs_tt_unit_within(b, 0, 0, boss->pos, boss->cr),
		  "premise: Boss (CR %d) reaches n1", boss->cr);
	struct bs_rally_order out[BS_MAX_RALLY_ORDERS];
	int n = set->doctrine.ctl.rally(set->doctrine.ctl.ctx, b, 0, out,
					BS_MAX_RALLY_ORDERS);
	cr_assert_eq(n, 1, "%d attempts", n);
	cr_expect_eq(out[0].unit, 0);
	cr_expect_eq(out[0].mob_order, BS_MOB_NONE);
	/* its own commander first (the army commander stays free) */
	cr_expect_eq(out[0].indiv, 0);

	/* two routers: each gets its own commander, never one twice */
	struct bs_unit_state *n2 = bs_battle_unit(b, 0, 1);
	n2->flags |= BS_UF_ROUTED;
	n = set->doctrine.ctl.rally(set->doctrine.ctl.ctx, b, 0, out,
				    BS_MAX_RALLY_ORDERS);
	cr_assert_eq(n, 2, "%d attempts", n);
	cr_expect_neq(out[0].indiv, out[1].indiv);
	cr_expect_neq(out[0].unit, out[1].unit);

	/* the engine plays the attempt: a RALLY event for n1 */
	struct rec *r = malloc(sizeof *r);
	cr_assert_not_null(r);
	bs_battle_reset(b, 5, 0);
	bs_battle_unit(b, 0, 0)->flags |= BS_UF_ROUTED;
	rec_attach(r, b);
	attach_ok(set, b);
	bs_battle_round(b);
	const struct bs_event *e = find(r, BS_EV_RALLY, 1, 0, 0);
	cr_expect_not_null(e, "no rally attempt for the routed unit");
	if (e)
		cr_expect_str_eq(e->what, "rally");
	cr_expect_eq(r->rejected, 0, "%s", r->first_rejected);
	bs_battle_set_sink(b, NULL);
	free(r);
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* s6_1: out of every commander's reach: no attempt (the rules would
 * reject it) */
Test(ai, s6_1_no_rally_out_of_reach)
{
	struct bs_scenario *sc = load(RALLY_YAML);
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	bs_battle_reset(b, 5, 0);
	struct bs_unit_state *n1 = bs_battle_unit(b, 0, 0);
	n1->flags |= BS_UF_ROUTED;
	/* its commander lost, the army commander far away */
	b->indivs[b->indiv_first[0] + 0].alive = 0;
	b->indivs[b->indiv_first[0] + 0].lost = 1;
	b->indivs[b->indiv_first[0] + 2].pos.x = 70;
	b->indivs[b->indiv_first[0] + 2].pos.y = 2;
	struct bs_rally_order out[BS_MAX_RALLY_ORDERS];
	int n = set->doctrine.ctl.rally(set->doctrine.ctl.ctx, b, 0, out,
					BS_MAX_RALLY_ORDERS);
	cr_expect_eq(n, 0);
	/* the army commander heads for the router [4.10] */
	struct bs_indiv_order io;
	set->doctrine.ctl.move_indiv(set->doctrine.ctl.ctx, b, 0, 2, &io);
	cr_expect(io.move, "the army commander stays");
	struct bs_quad q = bs_tt_unit_quad(b, 0, 0);
	struct bs_vec c = bs_quad_centre(&q);
	struct bs_vec from = {70, 2}, to = {io.x, io.y};
	cr_expect_lt(bs_vec_dist(to, c), bs_vec_dist(from, c));
	const struct bs_indiv_state *boss = &b->indivs[b->indiv_first[0] + 2];
	cr_expect_leq(bs_vec_dist(from, to), boss->mv + 1e-9);
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* ---- mobs [2.10] -----------------------------------------------------------
 */

/* A controller that passes everything to the doctrine and checks, at each
 * Rally Phase, that every mob an eligible commander can order gets one. */
struct mob_watch {
	struct bs_controller ctl;
	struct bs_ai_doctrine *d;
	int phases, eligible, ordered, missed;
};

static int watch_rally(void *ctx, const struct bs_battle *b, int side,
		       struct bs_rally_order *out, int max)
{
	struct mob_watch *w = ctx;
	int n = w->d->ctl.rally(w->d->ctl.ctx, b, side, out, max);
	const struct bs_side *sd = &b->sc->sides[side];
	unsigned char lost[BS_MAX_INDIVIDUALS];
	for (int k = 0; k < sd->nindividuals; k++) {
		const struct bs_indiv_state *c =
		    &b->indivs[b->indiv_first[side] + k];
		lost[k] = !c->alive || c->lost;
	}
	w->phases++;
	for (int i = 0; i < sd->nunits; i++) {
		const struct bs_unit_state *u =
		    &b->units[b->side_first[side] + i];
		/* [4.6] (issue 12 item 8): a mob on the uncontrolled attack
		 * of a failed discipline check takes no order */
		if (u->def->type != BS_UNIT_MOB || (u->flags & BS_UF_REMOVED) ||
		    (u->flags & BS_UF_ROUTED) ||
		    bs_tt_unit_engaged(b, side, i) ||
		    bs_tt_uncontrolled_attack(b, side, i))
			continue;
		int can = 0;
		for (int k = 0; k < sd->nindividuals && !can; k++) {
			const struct bs_indiv_state *c =
			    &b->indivs[b->indiv_first[side] + k];
			struct bs_vec at = c->pos;
			if (c->with_unit >= 0) {
				struct bs_quad q =
				    bs_tt_unit_quad(b, side, c->with_unit);
				at = bs_quad_centre(&q);
			}
			can = !lost[k] && bs1e_may_order_mob(sd, k, i, lost) &&
			      bs_tt_unit_within(b, side, i, at, c->cr);
		}
		if (!can)
			continue;
		w->eligible++;
		int got = 0;
		for (int k = 0; k < n; k++)
			got |=
			    out[k].unit == i && out[k].mob_order != BS_MOB_NONE;
		if (got)
			w->ordered++;
		else
			w->missed++;
	}
	return n;
}

static int w_moves_first(void *ctx, const struct bs_battle *b, int side)
{
	struct mob_watch *w = ctx;
	return w->d->ctl.moves_first(w->d->ctl.ctx, b, side);
}
static int w_seq(void *ctx, const struct bs_battle *b, int side, int *u,
		 int max)
{
	struct mob_watch *w = ctx;
	return w->d->ctl.move_sequence(w->d->ctl.ctx, b, side, u, max);
}
static void w_move(void *ctx, const struct bs_battle *b, int side, int unit,
		   struct bs_order *o)
{
	struct mob_watch *w = ctx;
	w->d->ctl.move(w->d->ctl.ctx, b, side, unit, o);
}
static void w_indiv(void *ctx, const struct bs_battle *b, int side, int k,
		    struct bs_indiv_order *o)
{
	struct mob_watch *w = ctx;
	w->d->ctl.move_indiv(w->d->ctl.ctx, b, side, k, o);
}
static int w_follow(void *ctx, const struct bs_battle *b, int side, int unit,
		    int es, int eu)
{
	struct mob_watch *w = ctx;
	return w->d->ctl.follow(w->d->ctl.ctx, b, side, unit, es, eu);
}

/* s2_10: the village levy (a mob) gets an order in every Rally Phase in
 * which an eligible commander can reach it and it is not in contact,
 * routed, or on an uncontrolled attack [4.6]; orders given are forward, charge
 * or wheel (up to 90 degrees) */
Test(ai, s2_10_mobs_get_an_order_every_rally_phase)
{
	struct bs_scenario *sc = load(NULL);
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	struct mob_watch w = {0};
	w.d = &set->doctrine;
	w.ctl.name = "watch";
	w.ctl.ctx = &w;
	w.ctl.moves_first = w_moves_first;
	w.ctl.rally = watch_rally;
	w.ctl.move_sequence = w_seq;
	w.ctl.move = w_move;
	w.ctl.move_indiv = w_indiv;
	w.ctl.follow = w_follow;
	struct rec *r = malloc(sizeof *r);
	cr_assert_not_null(r);
	long mob_orders = 0;
	for (int seed = 1; seed <= 10; seed++) {
		bs_battle_reset(b, (uint64_t)seed, 0);
		rec_attach(r, b);
		for (int side = 0; side < b->nsides; side++)
			bs_battle_set_controller(b, side, &w.ctl);
		bs_battle_play(b, 0);
		for (int i = 0; i < r->n; i++) {
			const struct bs_event *e = &r->ev[i];
			if (e->type != BS_EV_RALLY || e->n[1] == BS_MOB_NONE)
				continue;
			mob_orders++;
			cr_expect(e->n[1] == BS_MOB_FORWARD ||
				      e->n[1] == BS_MOB_CHARGE ||
				      e->n[1] == BS_MOB_WHEEL,
				  "mob order %d", e->n[1]);
		}
		cr_expect_eq(r->rejected, 0, "seed %d: %s", seed,
			     r->first_rejected);
	}
	bs_battle_set_sink(b, NULL);
	cr_expect_gt(w.eligible, 10, "premise: the levy can be ordered");
	cr_expect_eq(w.missed, 0, "%d of %d Rally Phases without an order",
		     w.missed, w.eligible);
	cr_expect_eq(w.ordered, w.eligible);
	cr_expect_gt(mob_orders, 0);
	free(r);
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* ---- legality and determinism ----------------------------------------------
 */

/* Over 200 seeded battles of the built-in scenario, the rules reject no
 * order of the doctrine's. One case is counted apart (rec_emit): the
 * engine itself moving a just-rallied mob on its standing order [2.10]
 * [6.3], which is no order of the controller's. */
Test(ai, no_order_rejected_over_200_battles, .timeout = 300)
{
	struct bs_scenario *sc = load(NULL);
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	struct rec *r = malloc(sizeof *r);
	cr_assert_not_null(r);
	long rejected = 0, allowed = 0, over = 0, decided = 0;
	char first[320] = "";
	for (int seed = 1; seed <= 200; seed++) {
		bs_battle_reset(b, (uint64_t)seed, 0);
		rec_attach(r, b);
		attach_ok(set, b);
		bs_battle_play(b, 0);
		if (r->rejected && !first[0])
			snprintf(first, sizeof first, "seed %d: %s", seed,
				 r->first_rejected);
		rejected += r->rejected;
		allowed += r->rejected_allowed;
		over += b->result.over;
		decided += b->result.winner >= 0;
	}
	bs_battle_set_sink(b, NULL);
	cr_expect_eq(rejected, 0, "%ld rejected; first: %s", rejected, first);
	cr_expect_eq(over, 200);
	/* the doctrine fights: most battles end with a winner */
	cr_expect_gt(decided, 100, "%ld of 200 decided", decided);
	cr_log_info("200 battles: %ld decided, %ld rejections of standing "
		    "mob orders",
		    decided, allowed);
	free(r);
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* Same seed, same events: twice with one controller (warm caches), once
 * with a fresh one */
Test(ai, deterministic_for_a_seed)
{
	struct bs_scenario *sc = load(NULL);
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	struct rec *r = malloc(sizeof *r);
	cr_assert_not_null(r);
	uint64_t h[3];
	int rounds[3];
	for (int run = 0; run < 3; run++) {
		if (run == 2) {
			free(set);
			set = new_set();
		}
		bs_battle_reset(b, 7, 0);
		rec_attach(r, b);
		attach_ok(set, b);
		bs_battle_play(b, 0);
		h[run] = r->hash;
		rounds[run] = b->result.rounds;
	}
	bs_battle_set_sink(b, NULL);
	cr_expect_eq(h[0], h[1]);
	cr_expect_eq(h[0], h[2]);
	cr_expect_eq(rounds[0], rounds[2]);
	/* another seed plays another battle */
	bs_battle_reset(b, 8, 0);
	rec_attach(r, b);
	attach_ok(set, b);
	bs_battle_play(b, 0);
	bs_battle_set_sink(b, NULL);
	cr_expect_neq(r->hash, h[0]);
	free(r);
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* ---- the scripted and hold controllers
 * ---------------------------------------
 */

#define SCRIPTED(ORDERS)                                                       \
	"name: scripted\n"                                                     \
	"sides:\n"                                                             \
	"  - name: North\n"                                                    \
	"    edge: north\n"                                                    \
	"    controller: scripted\n"                                           \
	"    units:\n"                                                         \
	"      - {name: n1, figures: 10, creature: orc, weapons: [long "       \
	"sword], position: [36, 30], facing: south, commander: Ug}\n"          \
	"      - {name: n2, figures: 10, creature: orc, weapons: [long "       \
	"sword], position: [56, 40], facing: south, commander: Bug}\n"         \
	"    individuals:\n"                                                   \
	"      - {name: Ug, race: orc, rank: unit}\n"                          \
	"      - {name: Bug, race: orc, rank: unit}\n"                         \
	"    orders:\n" ORDERS "  - name: South\n"                             \
	"    edge: south\n"                                                    \
	"    controller: hold\n"                                               \
	"    units:\n"                                                         \
	"      - {name: s1, figures: 10, creature: orc, weapons: [long "       \
	"sword], position: [36, 22], commander: Og}\n"                         \
	"    individuals:\n"                                                   \
	"      - {name: Og, race: orc, rank: unit}\n"

/* s7_14: a scripted charge in round 1 hits its target (the path is the
 * tabletop's charge plan), and the melee follows; the unit without an
 * order holds; the held side does nothing */
Test(ai, s7_14_scripted_charge_round_1_hits_the_target)
{
	struct bs_battle *b;
	struct bs_scenario *sc;
	struct rec *r = duel_round1(
	    SCRIPTED("      - {round: 1, unit: n1, order: charge, target: "
		     "s1}\n"),
	    &b, &sc);
	const struct bs_event *o = find(r, BS_EV_ORDER, 1, 0, 0);
	cr_assert_not_null(o);
	cr_expect_eq(o->n[0], BS_ORDER_CHARGE);
	const struct bs_event *c = find(r, BS_EV_CONTACT, 1, 0, 0);
	cr_assert_not_null(c, "no contact");
	cr_expect_eq(c->tside, 1);
	cr_expect_eq(c->tunit, 0);
	cr_expect_str_eq(c->what, "front");
	const struct bs_event *a = find(r, BS_EV_ATTACK, 1, 0, 0);
	cr_assert_not_null(a, "no attack");
	cr_expect_eq(a->tside, 1);
	/* the charge's Table 10 -1 in closed formation [7.14] */
	int charge_term = 0;
	for (int i = 0; i < a->deriv.nterms; i++)
		charge_term |= a->deriv.term[i].amount == -1 &&
			       strstr(a->deriv.term[i].label, "charg");
	cr_expect(charge_term, "no charge term in the AR");
	/* no order for n2: it held; South gave none */
	cr_expect_null(find(r, BS_EV_ORDER, 1, 0, 1));
	cr_expect_null(find(r, BS_EV_ORDER, 1, 1, -1));
	cr_expect_null(find(r, BS_EV_MOVE, 1, 0, 1));
	cr_expect_eq(r->rejected, 0, "%s", r->first_rejected);
	free(r);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* s7_7: a scripted move is played step by step: n2 advances 4" straight
 * south */
Test(ai, s7_7_scripted_move_steps)
{
	struct bs_battle *b;
	struct bs_scenario *sc;
	struct rec *r = duel_round1(
	    SCRIPTED("      - {round: 1, unit: n2, order: move, steps: "
		     "[{advance: 4}]}\n"),
	    &b, &sc);
	const struct bs_unit_state *n2 = bs_battle_unit(b, 0, 1);
	cr_expect(n2->front.x > 56 - 1e-6 && n2->front.x < 56 + 1e-6, "x %f",
		  n2->front.x);
	cr_expect(n2->front.y > 36 - 1e-6 && n2->front.y < 36 + 1e-6, "y %f",
		  n2->front.y);
	cr_expect_null(find(r, BS_EV_ORDER, 1, 0, 0), "n1 had no order");
	free(r);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* s7_12: an illegal scripted order goes to the rules, which reject it
 * with their cite (a fighting withdrawal out of contact [7.12]); an
 * advance longer than the MV is spent as the rules say: 9" of 20" */
Test(ai, s7_12_scripted_illegal_order_is_rejected_by_the_rules)
{
	struct bs_battle *b;
	struct bs_scenario *sc;
	struct rec *r = duel_round1(
	    SCRIPTED("      - {round: 1, unit: n2, order: withdraw}\n"
		     "      - {round: 1, unit: n1, order: move, steps: "
		     "[{advance: 20, angle: 45}]}\n"),
	    &b, &sc);
	const struct bs_event *e = find(r, BS_EV_REJECTED, 1, 0, 1);
	cr_expect_not_null(e, "the rules did not reject it");
	if (e)
		cr_expect_str_eq(e->cite, "[7.12]");
	cr_expect_null(find(r, BS_EV_MOVE, 1, 0, 1));
	const struct bs_event *m = find(r, BS_EV_MOVE, 1, 0, 0);
	cr_assert_not_null(m);
	cr_expect_eq(m->n[0], 90, "spent %d tenths", m->n[0]);
	free(r);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* s6_0: scripted rally entries and mob orders become Rally Phase
 * attempts of their round, in the file's order; Movement Phase orders
 * only move the units named */
Test(ai, s6_0_scripted_rally_entries)
{
	struct bs_scenario *sc =
	    load(SCRIPTED("      - {round: 2, rally: n2, by: Bug}\n"
			  "      - {round: 2, unit: n1, order: hold}\n"
			  "      - {round: 3, rally: n1, by: Ug}\n"));
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	const struct bs_controller *c =
	    bs_ai_find(set, sc->rules, "scripted", NULL);
	cr_assert_eq(c, &set->script.ctl);
	cr_expect_str_eq(c->name, "scripted");
	attach_ok(set, b);
	cr_expect_eq(b->ctl[0], &set->script.ctl);
	cr_expect_eq(b->ctl[1], &set->hold);
	bs_battle_reset(b, 1, 0);
	struct bs_rally_order out[BS_MAX_RALLY_ORDERS];
	int units[BS_MAX_UNITS];
	b->round = 1;
	cr_expect_eq(c->rally(c->ctx, b, 0, out, BS_MAX_RALLY_ORDERS), 0);
	cr_expect_eq(c->move_sequence(c->ctx, b, 0, units, BS_MAX_UNITS), 0);
	b->round = 2;
	cr_assert_eq(c->rally(c->ctx, b, 0, out, BS_MAX_RALLY_ORDERS), 1);
	cr_expect_eq(out[0].unit, 1);
	cr_expect_eq(out[0].indiv, 1);
	cr_expect_eq(out[0].mob_order, BS_MOB_NONE);
	cr_assert_eq(c->move_sequence(c->ctx, b, 0, units, BS_MAX_UNITS), 1);
	cr_expect_eq(units[0], 0);
	struct bs_order o;
	c->move(c->ctx, b, 0, 1, &o);
	cr_expect_eq(o.kind, BS_ORDER_HOLD); /* no order: holds */
	b->round = 3;
	cr_assert_eq(c->rally(c->ctx, b, 0, out, BS_MAX_RALLY_ORDERS), 1);
	cr_expect_eq(out[0].unit, 0);
	cr_expect_eq(out[0].indiv, 0);
	/* the hold controller gives nothing */
	cr_expect_str_eq(set->hold.name, "hold");
	cr_expect_null(set->hold.rally);
	cr_expect_null(set->hold.move);
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* ---- the memo of simulated orders (r07_movement.c) -------------------------
 */

/* Two outcomes of bs_tt_check_order are the same, to the bit. */
static void same_outcome(const struct bs_tt_outcome *a,
			 const struct bs_tt_outcome *b, const char *what)
{
	cr_assert_eq(a->legal, b->legal, "%s", what);
	cr_assert_eq(a->why, b->why, "%s", what);
	cr_assert_eq(a->cite, b->cite, "%s", what);
	cr_assert_eq(memcmp(&a->pose, &b->pose, sizeof a->pose), 0, "%s", what);
	cr_assert_eq(a->files, b->files, "%s", what);
	cr_assert_eq(a->formation, b->formation, "%s", what);
	cr_assert_eq(memcmp(&a->spent, &b->spent, sizeof a->spent), 0, "%s",
		     what);
	cr_assert_eq(memcmp(&a->allowed, &b->allowed, sizeof a->allowed), 0,
		     "%s", what);
	cr_assert_eq(a->contact, b->contact, "%s", what);
	cr_assert_eq(a->contact_side, b->contact_side, "%s", what);
	cr_assert_eq(a->contact_unit, b->contact_unit, "%s", what);
}

/* The check of an order with the memo emptied first: measured afresh. */
static void check_fresh(struct bs_battle *b, int side, int unit,
			const struct bs_order *o, struct bs_tt_outcome *out)
{
	bs1e_sc(b)->memo->valid = 0;
	bs_tt_check_order(b, side, unit, o, out);
}

static struct bs_order steps_order(int n, const struct bs_step *st)
{
	struct bs_order o;
	memset(&o, 0, sizeof o);
	o.kind = BS_ORDER_MOVE;
	o.tside = o.tunit = -1;
	o.nsteps = n;
	for (int i = 0; i < n; i++)
		o.step[i] = st[i];
	return o;
}

/* Check o1 (into the memo), change the table in one way (`change`),
 * check o2 (which shares o1's first steps): it must end where o2 measured
 * afresh ends. The table is put back. Returns 1. */
static int change_then_check(struct bs_battle *b, int g, int change,
			     const struct bs_order *o1,
			     const struct bs_order *o2)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs_unit_state *h = &b->units[(g + 1) % b->nunits];
	struct bs_unit_state su = *u, sh = *h;
	int side = u->side, unit = u->idx;
	struct bs_tt_outcome cached, fresh;
	if (change == 7)
		u->formation = BS_FORM_OPEN; /* (before both checks) */
	bs_tt_check_order(b, side, unit, o1, &cached);
	switch (change) {
	case 0: /* another unit moved: into the way of the wheel */
		h->front = bs_vec_add(u->front, bs_dir(u->facing));
		h->facing = fmod(u->facing + 180.0, 360.0);
		break;
	case 1: /* another unit turned */
		h->facing = fmod(h->facing + 10, 360.0);
		break;
	case 2: /* a loss */
		if (u->figures > 1)
			u->figures--;
		break;
	case 3: /* this unit moved */
		u->front.y -= 0.5;
		break;
	case 4: /* its formation */
		u->formation = u->formation == BS_FORM_OPEN ? BS_FORM_CLOSED
							    : BS_FORM_OPEN;
		break;
	case 5: /* its frontage */
		if (u->files > 1)
			u->files--;
		break;
	case 6: /* its movement: 1" left, the wheel cut short */
		u->gap_debt += u->r.mv - 1.0;
		break;
	default: /* out of command: no change back into closed formation */
		u->flags |= BS_UF_OUT_OF_COMMAND;
		break;
	}
	bs_tt_check_order(b, side, unit, o2, &cached);
	check_fresh(b, side, unit, o2, &fresh);
	same_outcome(&cached, &fresh, "after a change");
	*u = su;
	*h = sh;
	return 1;
}

/* s7_9: orders that share their first steps (a wheel, then advances of
 * several lengths, as the doctrine tries them) measured one after the
 * other (the later ones start from the memo) end exactly where each ends
 * measured afresh; so does every order after the table changed in any
 * way a move, a loss or a change of formation changes it (the memo
 * compares its inputs, it never goes stale). Over the built-in battle's
 * first rounds, every unit. */
Test(ai, s7_9_memo_of_simulated_orders_matches_fresh)
{
	struct bs_scenario *sc = load(NULL);
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	bs_battle_reset(b, 5, 0);
	attach_ok(set, b);
	const double wheels[] = {-60, -25, 30, 75};
	int compared = 0;
	for (int round = 0; round < 4; round++) {
		for (int g = 0; g < b->nunits; g++) {
			int side = b->units[g].side, unit = b->units[g].idx;
			for (size_t w = 0; w < sizeof wheels / sizeof *wheels;
			     w++) {
				struct bs_step wh = {.kind = BS_STEP_WHEEL,
						     .angle = wheels[w]};
				struct bs_step a1 = {.kind = BS_STEP_ADVANCE,
						     .dist = 4.0};
				struct bs_step a2 = {.kind = BS_STEP_ADVANCE,
						     .dist = 2.0,
						     .angle = 20};
				struct bs_step fo = {.kind = BS_STEP_FORMATION,
						     .formation = BS_FORM_OPEN};
				struct bs_step l1[] = {wh, a1}, l2[] = {wh, a2},
					       l3[] = {wh}, l4[] = {fo, wh, a1},
					       l5[] = {fo, wh}, l6[] = {a2, wh};
				struct bs_order os[] = {
				    steps_order(2, l1), steps_order(2, l2),
				    steps_order(1, l3), steps_order(3, l4),
				    steps_order(2, l5), steps_order(2, l6)};
				int no = (int)(sizeof os / sizeof *os);
				struct bs_tt_outcome seq[6], fresh;
				for (int i = 0; i < no; i++)
					bs_tt_check_order(b, side, unit, &os[i],
							  &seq[i]);
				for (int i = 0; i < no; i++) {
					check_fresh(b, side, unit, &os[i],
						    &fresh);
					same_outcome(&seq[i], &fresh,
						     "after the same start");
					compared++;
				}
				/* every kind of change between two checks
				 * that share their first steps */
				struct bs_step cl = {.kind = BS_STEP_FORMATION,
						     .formation =
							 BS_FORM_CLOSED};
				struct bs_step l7[] = {cl, wh, a1},
					       l8[] = {cl, wh, a2};
				struct bs_order o7 = steps_order(3, l7),
						o8 = steps_order(3, l8);
				for (int change = 0; change < 8; change++)
					compared += change_then_check(
					    b, g, change,
					    change == 7 ? &o7 : &os[0],
					    change == 7 ? &o8 : &os[1]);
			}
		}
		bs_battle_round(b);
	}
	cr_expect(compared > 500, "%d compared", compared);
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* The contact of g and h measured afresh (no cache). */
static int contact_fresh(const struct bs_battle *b, int g, int h,
			 struct bs_tt_contact *c)
{
	const struct bs_unit_state *u = &b->units[g], *v = &b->units[h];
	if ((u->flags & BS_UF_REMOVED) || (v->flags & BS_UF_REMOVED))
		return 0;
	struct bs_tt_shape sa, sb;
	struct bs_tt_pose pa, pb;
	bs_tt_unit_shape(b, u->side, u->idx, &sa);
	bs_tt_unit_pose(b, u->side, u->idx, &pa);
	bs_tt_unit_shape(b, v->side, v->idx, &sb);
	bs_tt_unit_pose(b, v->side, v->idx, &pb);
	return bs_tt_contact(&sa, &pa, &sb, &pb, c);
}

static void same_contact(const struct bs_battle *b, int g, int h,
			 const char *what)
{
	struct bs_tt_contact c1, c2;
	memset(&c1, 0, sizeof c1);
	memset(&c2, 0, sizeof c2);
	int r1 = bs1e_contact(b, g, h, &c1);
	int r2 = contact_fresh(b, g, h, &c2);
	cr_assert_eq(r1, r2, "%s: %d %d", what, g, h);
	cr_assert_eq(memcmp(&c1, &c2, sizeof c1), 0, "%s: %d %d", what, g, h);
	cr_assert_eq(bs1e_contact(b, g, h, NULL), r2, "%s", what);
}

/* s7_8: the engine's contact of two units (kept while neither unit's
 * geometry changes) is the contact measured afresh: over the built-in
 * battle's rounds, every pair, asked twice (the second from the memo),
 * and after every kind of change of a unit's place or block (a move, a
 * turn, a loss, a change of formation or frontage, bases pushed
 * together), then back. */
Test(ai, s7_8_contact_memo_matches_fresh)
{
	struct bs_scenario *sc = load(NULL);
	struct bs_battle *b = battle(sc);
	struct bs_ai_set *set = new_set();
	bs_battle_reset(b, 3, 0);
	attach_ok(set, b);
	int touching = 0;
	for (int round = 0; round < 12 && !b->result.over; round++) {
		for (int g = 0; g < b->nunits; g++)
			for (int h = 0; h < b->nunits; h++) {
				if (g == h)
					continue;
				same_contact(b, g, h, "as it stands");
				same_contact(b, g, h, "asked again");
				touching += contact_fresh(b, g, h, NULL);
			}
		for (int g = 0; g < b->nunits; g++) {
			struct bs_unit_state *u = &b->units[g];
			struct bs_unit_state su = *u;
			for (int change = 0; change < 7; change++) {
				switch (change) {
				case 0:
					u->front.x += 0.25;
					break;
				case 1:
					u->facing = fmod(u->facing + 5, 360.0);
					break;
				case 2:
					if (u->figures > 1)
						u->figures--;
					break;
				case 3:
					u->formation =
					    u->formation == BS_FORM_OPEN
						? BS_FORM_CLOSED
						: BS_FORM_OPEN;
					break;
				case 4:
					if (u->files > 1)
						u->files--;
					break;
				case 5:
					u->cramped = !u->cramped;
					break;
				default:
					*u = su; /* back */
					break;
				}
				for (int h = 0; h < b->nunits; h++)
					if (h != g) {
						same_contact(b, g, h,
							     "changed");
						same_contact(b, h, g,
							     "changed");
					}
			}
			*u = su;
		}
		bs_battle_round(b);
	}
	cr_expect(touching > 0, "some units touched");
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* ---- the doctrine's per-view caches and the lone figures [9.4] ------------
 */

static void same_order(const struct bs_order *a, const struct bs_order *o,
		       const char *what)
{
	cr_assert_eq(a->kind, o->kind, "%s: kind %s vs %s", what,
		     bs_order_name[a->kind], bs_order_name[o->kind]);
	cr_assert_eq(a->tside, o->tside, "%s", what);
	cr_assert_eq(a->tunit, o->tunit, "%s", what);
	cr_assert_eq(a->nsteps, o->nsteps, "%s", what);
	for (int i = 0; i < a->nsteps; i++) {
		cr_assert_eq(a->step[i].kind, o->step[i].kind, "%s", what);
		cr_assert_eq(
		    memcmp(&a->step[i].dist, &o->step[i].dist, sizeof(double)),
		    0, "%s: step %d dist", what, i);
		cr_assert_eq(memcmp(&a->step[i].angle, &o->step[i].angle,
				    sizeof(double)),
			     0, "%s: step %d angle", what, i);
		cr_assert_eq(a->step[i].files, o->step[i].files, "%s", what);
		cr_assert_eq(a->step[i].formation, o->step[i].formation, "%s",
			     what);
	}
	cr_assert_eq(a->declares, o->declares, "%s", what);
}

/* North's orcs, facing west, their front touching South's hero Ada
 * (standing alone on the table [9.4]); South's other unit far away. */
#define HERO_AT_ORCS                                                           \
	"name: hero cache\nrules: bs1e\nlevel: intermediate\ngame: adnd\n"     \
	"table: {width: 72, depth: 48}\n"                                      \
	"sides:\n"                                                             \
	"  - name: South\n    edge: south\n    units:\n"                       \
	"      - {name: Far S, figures: 4, creature: orc, weapons: [long "     \
	"sword], position: [20, 6], commander: CS}\n"                          \
	"    individuals:\n"                                                   \
	"      - {name: CS, class: fighter, level: 3, hp: 20, ac: 5, "         \
	"rank: unit}\n"                                                        \
	"      - {name: Ada, class: fighter, level: 8, hp: 60, ac: 2, "        \
	"weapon: {name: long sword}, position: [36, 20]}\n"                    \
	"  - name: North\n    edge: north\n    units:\n"                       \
	"      - {name: Orcs, figures: 8, creature: orc, weapons: [long "      \
	"sword], position: [36.25, 20], facing: west, frontage: 4, "           \
	"commander: Og}\n"                                                     \
	"    individuals:\n"                                                   \
	"      - {name: Og, race: orc, hp: 8, rank: unit}\n"

/* s9_4 (a known bug of issue 13's brief): the doctrine caches a unit's
 * contact ("engaged") and its best charge under a stamp of the state;
 * the stamp had every unit's place but only whether each individual
 * lived, so after a hero standing alone on the table [9.4] moved, the
 * same doctrine answered from before his move. Now the warm doctrine's
 * order after the hero moves is a fresh doctrine's, both ways (away from
 * the orcs, and back into contact). */
Test(ai, s9_4_doctrine_caches_see_a_lone_hero_move)
{
	struct bs_scenario *sc = load(HERO_AT_ORCS);
	struct bs_battle *b = battle(sc);
	bs_battle_reset(b, 3, 0);
	b->round = 1;
	struct bs_ai_set *warm = new_set(), *fresh = new_set();
	struct bs_indiv_state *ada = &b->indivs[b->indiv_first[0] + 1];
	cr_assert_eq(ada->with_unit, -1, "Ada stands alone");
	cr_assert(bs1e_unit_touches_figure(b, 1, 0, NULL, NULL),
		  "the orcs touch Ada");
	struct bs_vec at = ada->pos, away = {60, 40};
	struct bs_order o1, o2, f2, o3, f3;
	warm->doctrine.ctl.move(warm->doctrine.ctl.ctx, b, 1, 0, &o1);
	/* Ada steps away: the orcs touch nobody now */
	ada->pos = away;
	cr_assert(!bs1e_unit_touches_figure(b, 1, 0, NULL, NULL));
	warm->doctrine.ctl.move(warm->doctrine.ctl.ctx, b, 1, 0, &o2);
	bs_ai_set_init(fresh);
	fresh->doctrine.ctl.move(fresh->doctrine.ctl.ctx, b, 1, 0, &f2);
	same_order(&o2, &f2, "after the hero moved away");
	cr_assert(o1.kind != o2.kind || o1.nsteps != o2.nsteps,
		  "the hero's move changes the orcs' order (%s then %s)",
		  bs_order_name[o1.kind], bs_order_name[o2.kind]);
	/* and back into contact */
	ada->pos = at;
	warm->doctrine.ctl.move(warm->doctrine.ctl.ctx, b, 1, 0, &o3);
	bs_ai_set_init(fresh);
	fresh->doctrine.ctl.move(fresh->doctrine.ctl.ctx, b, 1, 0, &f3);
	same_order(&o3, &f3, "after the hero came back");
	same_order(&o3, &o1, "the first state again");
	free(warm);
	free(fresh);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* s7_14 (issue 13): the early exit of best_charge (a candidate whose
 * proven bound of dealt less taken cannot beat the best found is not
 * planned) never changes a choice: 40 battles of the built-in scenario and
 * 40 of heroes-of-the-pass play the same events with the exit and with
 * every candidate planned (exhaustive), and the exit is taken. */
Test(ai, s7_14_charge_bound_keeps_every_choice, .timeout = 300)
{
	const char *names[] = {NULL, "heroes-of-the-pass"};
	unsigned long pruned = 0;
	struct rec *r = malloc(sizeof *r);
	cr_assert_not_null(r);
	for (int n = 0; n < 2; n++) {
		struct bs_scenario *sc;
		struct bs_diags d;
		bs_diags_init(&d);
		cr_assert_eq(bs_scenario_load_builtin(names[n], &sc, &d),
			     BS_OK);
		bs_diags_release(&d);
		struct bs_battle *b = battle(sc);
		struct bs_ai_set *set[2] = {new_set(), new_set()};
		for (unsigned long seed = 1; seed <= 40; seed++) {
			uint64_t h[2];
			int rounds[2];
			for (int k = 0; k < 2; k++) {
				bs_battle_reset(b, seed, 0);
				rec_attach(r, b);
				attach_ok(set[k], b);
				set[k]->doctrine.exhaustive = k;
				bs_battle_play(b, 0);
				h[k] = r->hash;
				rounds[k] = b->result.rounds;
			}
			bs_battle_set_sink(b, NULL);
			cr_assert_eq(h[0], h[1], "%s seed %lu",
				     names[n] ? names[n] : "built-in", seed);
			cr_assert_eq(rounds[0], rounds[1]);
		}
		cr_assert_eq(set[1]->doctrine.pruned, 0);
		pruned += set[0]->doctrine.pruned;
		free(set[0]);
		free(set[1]);
		bs_battle_free(b);
		bs_scenario_free(sc);
	}
	cr_assert_gt(pruned, 0, "the bound let some candidates go");
	free(r);
}
