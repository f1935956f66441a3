/* 2E battle tests (rules: bs2e): the sequence of play (RULING R-202) on
 * small inline scenarios with scripted dice and a scripted controller:
 * melee by the figures in contact [2E Attack Dice], charge x1 1/2
 * AD and -2 initiative per charging unit, armor and hits
 * carried [2E Armor Rating] [2E Hits], morale triggers, the
 * retreat option of a good-order unit, a shaken unit's second
 * check and rout, rally, missile fire at range
 * heroes and commanders never check, the end. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/bs2e.h"
#include "battlesim/scenario.h"
#include "bs2e/engine2e.h"

#define MAXEV 2048

struct fx {
	struct bs_scenario *sc;
	struct bs_battle *b;
	struct bs_controller ctl[2];
	struct bs_order charge[2][4]; /* declared in the charge step */
	int has_charge[2][4];
	struct bs_order mv[2][4]; /* ordered in movement */
	int has_mv[2][4];
	int retreat[2]; /* answer of bs2e_retreat */
	int rally[2];	/* rally every shaken / routed unit */
	int dice[256];
	struct bs_event ev[MAXEV];
	int nev;
};

static void rec(void *ctx, const struct bs_event *ev)
{
	struct fx *f = ctx;
	if (f->nev < MAXEV)
		f->ev[f->nev++] = *ev;
}

static void c_move(void *ctx, const struct bs_battle *b, int side, int unit,
		   struct bs_order *out)
{
	struct fx *f = ctx;
	memset(out, 0, sizeof *out);
	out->tside = out->tunit = -1;
	if (b->phase == BS_PHASE_BS2E_CHARGES && unit < 4 &&
	    f->has_charge[side][unit])
		*out = f->charge[side][unit];
	else if (b->phase != BS_PHASE_BS2E_CHARGES && unit < 4 &&
		 f->has_mv[side][unit])
		*out = f->mv[side][unit];
}

static int c_retreat(void *ctx, const struct bs_battle *b, int side, int unit)
{
	(void)b;
	(void)unit;
	return ((struct fx *)ctx)->retreat[side];
}

static int c_first(void *ctx, const struct bs_battle *b, int side)
{
	(void)ctx;
	(void)b;
	(void)side;
	return 1;
}

static int c_rally(void *ctx, const struct bs_battle *b, int side,
		   struct bs_rally_order *out, int max)
{
	struct fx *f = ctx;
	int n = 0;
	if (!f->rally[side])
		return 0;
	for (int u = 0; u < b->sc->sides[side].nunits && n < max; u++) {
		const struct bs_unit_state *s =
		    &b->units[b->side_first[side] + u];
		if (s->flags & (BS_UF_SHAKEN | BS_UF_ROUTED)) {
			memset(&out[n], 0, sizeof out[n]);
			out[n].indiv = -1;
			out[n++].unit = u;
		}
	}
	return n;
}

static void setup(struct fx *f, const char *yaml, const int *dice, int n)
{
	memset(f, 0, sizeof *f);
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st =
	    bs_scenario_load_string(yaml, strlen(yaml), "t.yaml", &f->sc, &d);
	if (st != BS_OK)
		for (size_t i = 0; i < d.count; i++)
			fprintf(stderr, "%d:%d: %s\n", d.items[i].line,
				d.items[i].col, d.items[i].msg);
	cr_assert_eq(st, BS_OK);
	cr_assert_eq(bs_battle_new(f->sc, &f->b, &d), BS_OK);
	bs_diags_release(&d);
	for (int s = 0; s < 2; s++) {
		struct bs_controller *c = &f->ctl[s];
		memset(c, 0, sizeof *c);
		c->name = "test";
		c->ctx = f;
		c->move = c_move;
		c->bs2e_retreat = c_retreat;
		c->moves_first = c_first;
		c->rally = c_rally;
		bs_battle_set_controller(f->b, s, c);
	}
	struct bs_event_sink sink = {rec, f};
	bs_battle_set_sink(f->b, &sink);
	bs_battle_reset(f->b, 1, 0);
	memcpy(f->dice, dice, (size_t)n * sizeof *dice);
	bs_dice_source_script(&f->b->dice, f->dice, (size_t)n);
}

static void teardown(struct fx *f)
{
	bs_battle_free(f->b);
	bs_scenario_free(f->sc);
}

static const struct bs_event *find(const struct fx *f, enum bs_ev type,
				   int side, int k)
{
	for (int i = 0; i < f->nev; i++)
		if (f->ev[i].type == type &&
		    (side < 0 || f->ev[i].side == side))
			if (k-- == 0)
				return &f->ev[i];
	return NULL;
}

/* Two blocks of 4 figures, 4 files, front to front at y = 10. */
static const char two_units[] =
    "name: t\nrules: bs2e\n"
    "sides:\n"
    "  - name: A\n    edge: south\n    units:\n"
    "      - {name: a, kind: infantry, figures: 4, frontage: 4, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 10], facing: north}\n"
    "  - name: B\n    edge: north\n    units:\n"
    "      - {name: b, kind: infantry, figures: 4, frontage: 4, ad: d8,"
    " ar: 7, hits: 2, ml: 12, mv: 6, position: [20, 10], facing: south}\n";

/* RULING R-207 [2E Attack Dice] "one attack die for each figure" in
 * contact; [2E Armor Rating]; [2E Hits] two figures and a hit carried;
 * RULING R-213 the first casualty calls for a check. */
Test(bs2e, attack_dice_melee_in_contact_r207)
{
	struct fx *f = calloc(1, sizeof *f);
	/* initiative 5, 6; a attacks: 4d8 8,6,4,1 -> 2+2+1+0 = 5 hits;
	 * b's armor 5d10 1,2,3,9,10 -> 3 stand (Hits 2: 1 figure, 1
	 * carried); b attacks: 4d8 1,1,1,1 -> 0; b's check 2d10 3+3 */
	static const int dice[] = {5, 6,  8, 6, 4, 1, 1, 2, 3,
				   9, 10, 1, 1, 1, 1, 3, 3};
	setup(f, two_units, dice, (int)(sizeof dice / sizeof *dice));
	bs_battle_round(f->b);
	const struct bs_event *a = find(f, BS_EV_BS2E_ATTACK, 0, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->n[0], 4, "figures in contact");
	cr_assert_eq(a->n[1], 4);
	cr_assert_eq(a->n[2], 5);
	const struct bs_event *ar = find(f, BS_EV_BS2E_ARMOR, 1, 0);
	cr_assert_not_null(ar);
	cr_assert_eq(ar->n[0], 5);
	cr_assert_eq(ar->n[2], 3);
	const struct bs_event *h = find(f, BS_EV_BS2E_HITS, 1, 0);
	cr_assert_not_null(h);
	cr_assert_eq(h->n[3], 1);
	cr_assert_eq(h->n[5], 1);
	cr_assert_eq(f->b->units[1].figures, 3);
	cr_assert_eq(f->b->units[1].wounded, 1, "1 hit carried");
	const struct bs_event *m = find(f, BS_EV_BS2E_MORALE, 1, 0);
	cr_assert_not_null(m);
	cr_assert_eq(m->n[4], BS2E_TRIG_FIRST_CASUALTY);
	cr_assert_eq(m->n[0], 1, "6 <= 12 passes");
	cr_assert_eq(f->b->dice.failed, 0);
	teardown(f);
	free(f);
}

/* Two blocks 3" apart. */
static const char apart[] =
    "name: t\nrules: bs2e\n"
    "sides:\n"
    "  - name: A\n    edge: south\n    units:\n"
    "      - {name: a, kind: infantry, figures: 4, frontage: 4, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 10], facing: north}\n"
    "  - name: B\n    edge: north\n    units:\n"
    "      - {name: b, kind: infantry, figures: 4, frontage: 4, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 13], facing: south}\n";

/* RULING R-211: a charge moves up to 1 1/2 MV and attacks at x1 1/2 AD
 * ("round fractions up"); RULING R-204: -2 initiative per charging unit
 * (a's 5 - 2 = 3 is lower than b's 4: a chooses). */
Test(bs2e, movement_charge_x1_5_r211_r204)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {5, 4, 1, 1, 1, 1, 1, 1, 1, 1,
				   1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	setup(f, apart, dice, (int)(sizeof dice / sizeof *dice));
	struct bs_tt_charge pl;
	bs2e_plan_charge(f->b, 0, 0, 1, 0, &pl);
	cr_assert(pl.legal, "%s", pl.why ? pl.why : "");
	cr_assert_float_eq(pl.reach, 9.0, 1e-9);
	f->charge[0][0] = pl.order;
	f->has_charge[0][0] = 1;
	bs_battle_round(f->b);
	const struct bs_event *in = find(f, BS_EV_INITIATIVE, -1, 0);
	cr_assert_not_null(in);
	cr_assert_eq(in->n[0], 0, "a's 5 -2 = 3 beats b's 4");
	const struct bs_event *a = find(f, BS_EV_BS2E_ATTACK, 0, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->n[4], 1, "charging");
	cr_assert_eq(a->n[1], 6, "4 figures x1 1/2");
	cr_assert(f->b->units[0].flags & BS_UF_CHARGED);
	teardown(f);
	free(f);
}

/* [2E Morale] "the unit must either make a morale check or retreat 4"
 * (player's choice)": the controller's choice (RULING R-215). */
Test(bs2e, morale_retreat_instead_of_check_r215)
{
	struct fx *f = calloc(1, sizeof *f);
	/* a: 4d8 8,8,8,8 = 8 hits; b armor 8 x 1 -> 8 stand at Hits 2:
	 * 4 figures... too many: use 8,1,1,1 = 2 hits, armor 1,1 -> 2
	 * stand: 1 figure; b: 4d8 ones */
	static const int dice[] = {5, 6, 8, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	setup(f, two_units, dice, (int)(sizeof dice / sizeof *dice));
	f->retreat[1] = 1;
	double y0 = f->b->units[1].front.y;
	bs_battle_round(f->b);
	const struct bs_event *m = find(f, BS_EV_BS2E_MORALE, 1, 0);
	cr_assert_not_null(m);
	cr_assert_eq(m->ndice, 0, "no check");
	cr_assert_eq(m->n[3], 1, "retreats");
	cr_assert_eq(m->n[2], BS2E_GOOD, "stays in good order");
	cr_assert_float_eq(f->b->units[1].front.y - y0, 4.0, 1e-6,
			   "4\" straight back");
	cr_assert_eq(f->b->units[1].flags & (BS_UF_SHAKEN | BS_UF_ROUTED), 0);
	teardown(f);
	free(f);
}

/* [2E Morale] a failed check: shaken and 4" back; a shaken unit that
 * fails again retreats and checks a second time; that failure routs and
 * the unit flees (RULING R-214); rally (R-210, R-216) one step. */
Test(bs2e, morale_shaken_second_check_routs_r214)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {
	    /* round 1: initiative; a 8,1,1,1 -> 2 hits, armor 1,1 -> 1
	     * figure; b 1,1,1,1; b checks 7+7 = 14 > 12: shaken, back 4" */
	    5, 6, 8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 7, 7,
	    /* rally phase: b rallies? 9+9 = 18 > 12 fails (by 6) */
	    9, 9,
	    /* round 2: initiative only (no contact) */
	    5, 6,
	    /* rally: 10+9 = 19 fails by 7: routs */
	    10, 9};
	setup(f, two_units, dice, (int)(sizeof dice / sizeof *dice));
	f->rally[1] = 1;
	bs_battle_round(f->b);
	cr_assert(f->b->units[1].flags & BS_UF_SHAKEN);
	const struct bs_event *mv = NULL;
	for (int i = 0; i < f->nev; i++)
		if (f->ev[i].type == BS_EV_MOVE && f->ev[i].side == 1)
			mv = &f->ev[i];
	cr_assert_not_null(mv);
	cr_assert_str_eq(mv->what, "retreat 4\"");
	const struct bs_event *r = find(f, BS_EV_BS2E_MORALE, 1, 1);
	cr_assert_not_null(r);
	cr_assert_eq(r->n[6], 1, "a rally attempt");
	cr_assert_eq(r->n[2], BS2E_SHAKEN);
	bs_battle_round(f->b);
	cr_assert(f->b->units[1].flags & BS_UF_ROUTED);
	cr_assert_not_null(find(f, BS_EV_ROUT, 1, 0), "it flees at once");
	cr_assert_eq(f->b->dice.failed, 0);
	teardown(f);
	free(f);
}

static const char archers[] =
    "name: t\nrules: bs2e\n"
    "sides:\n"
    "  - name: A\n    edge: south\n    units:\n"
    "      - {name: bows, kind: infantry, figures: 6, frontage: 6, ad: d6,"
    " ar: 8, hits: 1, ml: 11, mv: 12, range: [5, 10, 15],"
    " position: [20, 10], facing: north}\n"
    "  - name: B\n    edge: north\n    units:\n"
    "      - {name: b, kind: infantry, figures: 4, frontage: 4, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 18], facing: south}\n"
    "      - {name: lord, kind: commander, ad: d10, ar: 3, hits: 6, cd: 24,"
    " mv: 12, position: [60, 40], facing: south}\n";

/* RULING R-208: missile fire at medium range: 6 figures x1/2 = 3 dice;
 * 8" apart is beyond short (5") and within medium (10"). */
Test(bs2e, attack_dice_missile_medium_range_r208)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {5, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1};
	setup(f, archers, dice, (int)(sizeof dice / sizeof *dice));
	bs_battle_round(f->b);
	const struct bs_event *a = find(f, BS_EV_BS2E_ATTACK, 0, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->n[5], BS2E_RANGE_MEDIUM);
	cr_assert_eq(a->n[1], 3);
	cr_assert_eq(a->n[2], 6, "three 6s on d6: 2 hits each");
	teardown(f);
	free(f);
}

/* [2E Morale] "Heroes and commanders do not have morale ratings"; RULING
 * R-219 they are one figure with ML/CD; R-223 they do not hold the field
 * for their side. */
Test(bs2e, morale_commander_never_checks_r219_r223)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {5, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1};
	setup(f, archers, dice, (int)(sizeof dice / sizeof *dice));
	cr_assert(bs2e_unit_individual(f->b, 2));
	cr_assert_eq(f->b->units[2].figures, 1);
	cr_assert_eq(f->sc->sides[1].units[1].bs2e->cd, 24);
	/* b destroyed by hand: only the commander is left on side B */
	f->b->units[1].flags |= BS_UF_REMOVED;
	bs_battle_round(f->b);
	cr_assert(f->b->result.over);
	cr_assert_eq(f->b->result.winner, 0);
	teardown(f);
	free(f);
}

/* RULING R-223: the round limit is a draw. */
Test(bs2e, r223_round_limit_draw)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {5, 6, 5, 6};
	setup(f, apart, dice, 4);
	f->b->max_rounds = 2;
	bs_battle_round(f->b);
	cr_assert(!f->b->result.over);
	bs_battle_round(f->b);
	cr_assert(f->b->result.over);
	cr_assert_eq(f->b->result.winner, -1);
	teardown(f);
	free(f);
}

/* The built-in 2E scenario plays to an outcome with the 2E doctrine, and
 * the same seed plays the same battle. */
Test(bs2e, builtin_scenario_plays_deterministically)
{
	struct bs_scenario *sc;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin("borderland-raid-2e", &sc, &d),
		     BS_OK);
	struct bs_battle *b;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	struct bs2e_ai ai;
	bs2e_ai_init(&ai);
	for (int s = 0; s < sc->nsides; s++)
		bs_battle_set_controller(b, s, &ai.ctl);
	int lost[2][2];
	for (int run = 0; run < 2; run++) {
		bs_battle_reset(b, 7, 3);
		bs_battle_play(b, 0);
		cr_assert(b->result.over);
		lost[run][0] = b->result.side[0].figures_lost;
		lost[run][1] = b->result.side[1].figures_lost;
	}
	cr_assert_eq(lost[0][0], lost[1][0]);
	cr_assert_eq(lost[0][1], lost[1][1]);
	bs_battle_free(b);
	bs_scenario_free(sc);
	bs_diags_release(&d);
}

/* A 4-figure block at y = 10 facing north; a 1"-deep strip of `kind`
 * across its way from y = 12 to 13; the enemy far off. */
#define STRIP(kind)                                                            \
	"name: t\nrules: bs2e\n"                                               \
	"terrain:\n"                                                           \
	"  - {name: s, type: " kind ", points: [[0, 12], [40, 12], [40, 13],"  \
	" [0, 13]]}\n"                                                         \
	"sides:\n"                                                             \
	"  - name: A\n    edge: south\n    units:\n"                           \
	"      - {name: a, kind: infantry, figures: 4, frontage: 4, ad: d8,"   \
	" ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 10], facing: north}\n" \
	"  - name: B\n    edge: north\n    units:\n"                           \
	"      - {name: b, kind: infantry, figures: 4, frontage: 4, ad: d8,"   \
	" ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 40], facing: south}\n"

static struct bs_order straight_on(double dist)
{
	struct bs_order o;
	memset(&o, 0, sizeof o);
	o.kind = BS_ORDER_MOVE;
	o.tside = o.tunit = -1;
	o.nsteps = 1;
	o.step[0] = (struct bs_step){.kind = BS_STEP_ADVANCE, .dist = dist};
	return o;
}

/* RULING R-220: terrain crossed on the way counts, not only the ground
 * at the start and the end of the move: 6" through a strip of woods
 * costs 3/2 MV an inch while any figure is on it (R-444, as 1E); water
 * on the way stops the unit
 * short of it (R-317: before its block would stand in it). */
Test(bs2e, movement_terrain_on_the_way_r220)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {1};
	setup(f, STRIP("woods"), dice, 1);
	struct bs_order o = straight_on(6);
	struct bs_tt_outcome out;
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s",
		  out.why ? out.why : "");
	/* RULING R-444 as 1E: 2" to the woods, 3/2 an inch while any
	 * figure is on them (1" + the block's depth), then clear again */
	struct bs_quad q0 = bs2e_quad(f->b, 0);
	double depth =
	    10.0 - fmin(fmin(q0.p[0].y, q0.p[1].y), fmin(q0.p[2].y, q0.p[3].y));
	double on = 1.0 + depth;
	cr_assert_float_eq(out.pose.front.y, 12.0 + on + (6 - 2 - 1.5 * on),
			   0.03, "6\" of MV: got %g (depth %g)",
			   out.pose.front.y - 10, depth);
	cr_assert_float_eq(out.spent, 6.0, 1e-6);
	teardown(f);
	setup(f, STRIP("water"), dice, 1);
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s",
		  out.why ? out.why : "");
	/* RULING R-317: the whole block is tested: it may touch the water's
	 * edge (y 12), never stand in it (R-442: a block along a feature's
	 * edge, within BS_GEOM_TOUCH, is not on it) */
	cr_assert(out.pose.front.y <= 12.0 + BS_GEOM_TOUCH &&
		      out.pose.front.y > 11.5,
		  "stops short of the water, got y %g", out.pose.front.y);
	struct bs_order o2 = straight_on(1.9);
	/* from the water's edge: no step at all is possible */
	f->b->units[0].front.y = 12.0 + BS_GEOM_TOUCH - BS_GEOM_STOP_GAP;
	cr_assert(!bs2e_check_order(f->b, 0, 0, &o2, &out));
	cr_assert_str_eq(out.cite, "[2E Movement] RULING R-220");
	teardown(f);
	free(f);
}

/* The format of a 4-figure block at y = 20 facing north, the enemy far
 * north; a feature of type %s with the points %s: NORTH_OF (the table
 * north of y = 20.5) or SOUTH_OF (south of y = 19.5). */
#define AREA                                                                   \
	"name: t\nrules: bs2e\n"                                               \
	"terrain:\n"                                                           \
	"  - {name: s, type: %s, points: "                                     \
	"%s}\n"                                                                \
	"sides:\n"                                                             \
	"  - name: A\n    edge: south\n    units:\n"                           \
	"      - {name: a, kind: infantry, figures: 4, frontage: 4, ad: d8,"   \
	" ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 20], facing: north}\n" \
	"  - name: B\n    edge: north\n    units:\n"                           \
	"      - {name: b, kind: infantry, figures: 4, frontage: 4, ad: d8,"   \
	" ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 46], facing: south}\n"
#define NORTH_OF "[[0, 20.5], [72, 20.5], [72, 40], [0, 40]]"
#define SOUTH_OF "[[0, 0.5], [72, 0.5], [72, 19.5], [0, 19.5]]"

static void setup_area(struct fx *f, const char *kind, const char *where)
{
	static const int dice[] = {1};
	char y[2048];
	snprintf(y, sizeof y, AREA, kind, where);
	setup(f, y, dice, 1);
}

static struct bs_order wheel_of(double deg)
{
	struct bs_order o;
	memset(&o, 0, sizeof o);
	o.kind = BS_ORDER_MOVE;
	o.tside = o.tunit = -1;
	o.nsteps = 1;
	o.step[0] = (struct bs_step){.kind = BS_STEP_WHEEL, .angle = deg};
	return o;
}

/* RULING R-220 (revised): a wheel pays the ground as an advance does (the
 * slowest terrain under the front centre on the way, here woods at 3/2 an
 * inch), where it used to cost as on clear ground; one that would sweep
 * the block onto water is refused. */
Test(bs2e, movement_a_wheel_pays_the_ground_r220)
{
	struct fx *f = calloc(1, sizeof *f);
	setup_area(f, "clear", NORTH_OF);
	struct bs_order o = wheel_of(40);
	struct bs_tt_outcome out;
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s", out.why);
	double clear = out.spent;
	cr_assert_gt(clear, 0.5);
	teardown(f);
	setup_area(f, "woods", NORTH_OF);
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s", out.why);
	/* RULING R-444 as 1E: the arc costs 3/2 an inch from where the
	 * block comes onto the woods, not from the start */
	cr_assert(out.spent > clear + 0.1 && out.spent < clear * 1.5,
		  "%g for %g", out.spent, clear);
	teardown(f);
	setup_area(f, "water", NORTH_OF);
	cr_assert_not(bs2e_check_order(f->b, 0, 0, &o, &out));
	cr_assert_str_eq(out.cite, "[2E Movement] RULING R-220");
	cr_assert_str_eq(out.why, "the unit may not wheel onto that terrain");
	teardown(f);
	free(f);
}

/* RULING R-220 (revised): the retreat of 4" [2E Morale] and a routed
 * unit's flight (R-214) pay the ground (woods at 3/2 an inch) and stop
 * short of ground the unit may not enter (water). */
Test(bs2e, morale_retreat_and_flight_pay_the_ground_r220)
{
	struct fx *f = calloc(1, sizeof *f);
	setup_area(f, "woods", SOUTH_OF);
	struct bs_unit_state *u = &f->b->units[0];
	struct bs_vec from = u->front;
	bs2e_retreat(f->b, 0);
	double moved = bs_vec_dist(from, u->front);
	cr_assert_lt(moved, 4.0 - 0.5, "4\" of MV over the woods: %g", moved);
	cr_assert_gt(moved, 4.0 / 1.5 - 1e-6, "at least 4 x 2/3: %g", moved);
	const struct bs_event *e = find(f, BS_EV_MOVE, 0, 0);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->cite, "[2E Morale] RULINGS R-214, R-220");
	teardown(f);
	setup_area(f, "woods", SOUTH_OF);
	u = &f->b->units[0];
	from = u->front;
	u->flags |= BS_UF_ROUTED;
	bs2e_flee(f->b, 0, "routs");
	moved = bs_vec_dist(from, u->front);
	cr_assert_lt(moved, 6.0 - 0.5, "MV 6 over the woods: %g", moved);
	cr_assert_gt(moved, 6.0 / 1.5 - 1e-6, "%g", moved);
	teardown(f);
	setup_area(f, "water", SOUTH_OF);
	u = &f->b->units[0];
	u->flags |= BS_UF_ROUTED;
	bs2e_flee(f->b, 0, "routs");
	struct bs_quad q = bs2e_quad(f->b, 0);
	for (int i = 0; i < 4; i++)
		cr_assert_gt(q.p[i].y, 19.5 - BS_GEOM_TOUCH - 1e-6,
			     "not in the water (R-442): %g", q.p[i].y);
	teardown(f);
	free(f);
}

/* RULINGS R-220, R-444 [11.8] Table 14: 2E pays obstacles and elevation
 * as 1E does. "Obstacles ...: Penalty of 1/3 to normal movement": 1/3 of
 * the MV (2" of MV 6) once for the stream the block comes onto, not a rate
 * per inch while on it: 6" from y 20 over a 1" stream at y 22 is 2" to
 * its bank, 2" to come onto it, 2" on: the front at y 24. 3" is 2 + 2 +
 * 1. A 1.5" move does not reach it. */
Test(bs2e, movement_r220_r444_over_a_stream_one_third_mv_once)
{
	struct fx *f = calloc(1, sizeof *f);
	const char *stream = "[[0, 22], [72, 22], [72, 23], [0, 23]]";
	setup_area(f, "stream", stream);
	struct bs_tt_outcome out;
	struct bs_order o = straight_on(6);
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s",
		  out.why ? out.why : "");
	cr_assert_float_eq(out.pose.front.y, 24.0, 1e-3, "got y %g",
			   out.pose.front.y);
	cr_assert_float_eq(out.spent, 6.0, 1e-6, "%g", out.spent);
	o = straight_on(3);
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s",
		  out.why ? out.why : "");
	cr_assert_float_eq(out.pose.front.y, 23.0, 1e-3, "got y %g",
			   out.pose.front.y);
	cr_assert_float_eq(out.spent, 5.0, 1e-3, "2 + 2 (1/3 MV) + 1: %g",
			   out.spent);
	o = straight_on(1.5);
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out));
	cr_assert_float_eq(out.spent, 1.5, 1e-9, "short of it: %g", out.spent);
	/* carried out: the MOVE event pays the same 6" */
	o = straight_on(6);
	cr_assert(bs2e_move_unit(f->b, 0, &o));
	cr_assert_float_eq(f->b->units[0].front.y, 24.0, 1e-3);
	cr_assert_float_eq(f->b->units[0].mv_spent, 6.0, 1e-6);
	const struct bs_event *e = find(f, BS_EV_MOVE, 0, 0);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->cite, "[2E Movement] RULINGS R-220, R-444");
	cr_assert_eq(e->n[0], 60, "6\" paid for 4\" of ground");
	teardown(f);
	/* the 4" retreat [2E Morale] pays it too: 1" to the stream behind,
	 * 2" onto it, 1" on: 2" of ground for 4" of movement */
	setup_area(f, "stream", "[[0, 17], [72, 17], [72, 18], [0, 18]]");
	struct bs_quad q0 = bs2e_quad(f->b, 0);
	double rear0 =
	    fmin(fmin(q0.p[0].y, q0.p[1].y), fmin(q0.p[2].y, q0.p[3].y));
	struct bs_vec from = f->b->units[0].front;
	bs2e_retreat(f->b, 0);
	double moved = bs_vec_dist(from, f->b->units[0].front);
	double bank = rear0 - 18.0;
	cr_assert_float_eq(moved, bank + (4.0 - bank - 2.0), 1e-3,
			   "rear at %g: moved %g", rear0, moved);
	teardown(f);
	free(f);
}

/* RULINGS R-220, R-444 [11.8] "Elevation: Penalty of 1/3 of a unit's
 * movement rate to move up 10 feet of elevation": up a hill of elevation
 * 1 (10 feet) the block pays 2" (1/3 of MV 6) once when its centre
 * climbs, nothing per inch on the slope or the flat top: 6" of MV go 4";
 * coming down is free: from the top, 6" off the hill go 6". */
Test(bs2e, movement_r220_r444_up_a_hill_one_third_mv_per_10_feet)
{
	struct fx *f = calloc(1, sizeof *f);
	setup_area(f, "hill",
		   "[[0, 22], [72, 22], [72, 40], [0, 40]], elevation: 1");
	struct bs_tt_outcome out;
	struct bs_order o = straight_on(6);
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s",
		  out.why ? out.why : "");
	cr_assert_float_eq(out.pose.front.y, 24.0, 1e-3, "got y %g",
			   out.pose.front.y);
	cr_assert_float_eq(out.spent, 6.0, 1e-6, "%g", out.spent);
	teardown(f);
	setup_area(f, "hill",
		   "[[0, 10], [72, 10], [72, 22], [0, 22]], elevation: 1");
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s",
		  out.why ? out.why : "");
	cr_assert_float_eq(out.pose.front.y, 26.0, 1e-3, "down is free: y %g",
			   out.pose.front.y);
	cr_assert_float_eq(out.spent, 6.0, 1e-6);
	teardown(f);
	/* a wheel onto the stream pays the 1/3 MV too (R-444, as 1E) */
	setup_area(f, "clear", NORTH_OF);
	struct bs_order w = wheel_of(40);
	cr_assert(bs2e_check_order(f->b, 0, 0, &w, &out), "%s", out.why);
	double clear = out.spent;
	teardown(f);
	setup_area(f, "stream", NORTH_OF);
	cr_assert(bs2e_check_order(f->b, 0, 0, &w, &out), "%s",
		  out.why ? out.why : "");
	cr_assert_float_eq(out.spent, clear + 2.0, 1e-6, "%g for %g", out.spent,
			   clear);
	teardown(f);
	free(f);
}

/* Two blocks 1.2" apart, front to front. */
static const char close_by[] =
    "name: t\nrules: bs2e\n"
    "sides:\n"
    "  - name: A\n    edge: south\n    units:\n"
    "      - {name: a, kind: infantry, figures: 4, frontage: 4, ad: d4,"
    " ar: 9, hits: 1, ml: 12, mv: 6, position: [20, 10], facing: north}\n"
    "  - name: B\n    edge: north\n    units:\n"
    "      - {name: b, kind: infantry, figures: 4, frontage: 4, ad: d12,"
    " ar: 2, hits: 3, ml: 12, mv: 6, position: [20, 11.2], facing: south}\n";

/* The 2E doctrine (docs/BS2E.md "AI"): a unit that will not charge (d4 and
 * AR 9 against d12 and AR 2) and stands within an inch or so of the enemy
 * moves into contact (RULING R-229) instead of creeping 0.3" a round. */
Test(bs2e, ai_closes_to_contact_r229)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {1};
	setup(f, close_by, dice, 1);
	struct bs2e_ai ai;
	bs2e_ai_init(&ai);
	struct bs_order o;
	f->b->phase = BS_PHASE_BS2E_CHARGES;
	ai.ctl.move(ai.ctl.ctx, f->b, 0, 0, &o);
	cr_assert_neq(o.kind, BS_ORDER_CHARGE, "a bad exchange: no charge");
	f->b->phase = BS_PHASE_BS2E_MOVE_FIRST;
	ai.ctl.move(ai.ctl.ctx, f->b, 0, 0, &o);
	cr_assert_eq(o.kind, BS_ORDER_MOVE);
	struct bs_tt_outcome out;
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s",
		  out.why ? out.why : "");
	cr_assert(out.contact, "moves into contact, spent %g", out.spent);
	cr_assert_eq(out.contact_side, 1);
	teardown(f);
	free(f);
}

/* a faces north with a friend 0.02" in front of it; the enemy is behind
 * it, to the south. */
static const char hemmed_in[] =
    "name: t\nrules: bs2e\n"
    "sides:\n"
    "  - name: A\n    edge: south\n    units:\n"
    "      - {name: a, kind: infantry, figures: 4, frontage: 4, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 10], facing: north}\n"
    "      - {name: f, kind: infantry, figures: 8, frontage: 8, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 10.77], facing: north}\n"
    "  - name: B\n    edge: north\n    units:\n"
    "      - {name: b, kind: infantry, figures: 4, frontage: 4, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 2], facing: north}\n";

/* The 2E doctrine: a unit whose wheel and advance toward the enemy are
 * blocked by a friend turns to face the enemy (a legal face, [2E
 * Movement] RULING R-229) instead of holding for the rest of the battle. */
Test(bs2e, ai_blocked_unit_turns_to_face_r229)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {1};
	setup(f, hemmed_in, dice, 1);
	struct bs2e_ai ai;
	bs2e_ai_init(&ai);
	struct bs_order o;
	f->b->phase = BS_PHASE_BS2E_MOVE_FIRST;
	ai.ctl.move(ai.ctl.ctx, f->b, 0, 0, &o);
	cr_assert_neq(o.kind, BS_ORDER_HOLD, "a blocked unit must not hold");
	struct bs_tt_outcome out;
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s",
		  out.why ? out.why : "");
	cr_assert_gt(out.spent, 0.05);
	teardown(f);
	free(f);
}

/* RULING R-203: a declared charge whose target moves first goes in at the
 * same target by a new path when one reaches it (a declares a straight
 * charge at b; b, low on initiative, moves first: it turns and steps 4"
 * to its right; a's charge still reaches it, at x1 1/2 AD). */
Test(bs2e, movement_declared_charge_follows_its_target_r203)
{
	struct fx *f = calloc(1, sizeof *f);
	/* initiative: a 9 - 2 = 7, b 2: b moves first; then ones */
	static const int dice[] = {9, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
				   1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	setup(f, apart, dice, (int)(sizeof dice / sizeof *dice));
	struct bs_tt_charge pl;
	bs2e_plan_charge(f->b, 0, 0, 1, 0, &pl);
	cr_assert(pl.legal, "%s", pl.why ? pl.why : "");
	f->charge[0][0] = pl.order;
	f->has_charge[0][0] = 1;
	struct bs_order *m = &f->mv[1][0];
	m->kind = BS_ORDER_MOVE;
	m->tside = m->tunit = -1;
	m->nsteps = 2;
	m->step[0] = (struct bs_step){.kind = BS_STEP_FACE, .angle = 90};
	m->step[1] = (struct bs_step){.kind = BS_STEP_ADVANCE, .dist = 4};
	f->has_mv[1][0] = 1;
	bs_battle_round(f->b);
	const struct bs_event *in = find(f, BS_EV_INITIATIVE, -1, 0);
	cr_assert_not_null(in);
	cr_assert_eq(in->n[0], 1, "b's 2 is low");
	const struct bs_event *rej = find(f, BS_EV_REJECTED, 0, 0);
	cr_assert_null(rej, "rejected: %s", rej ? rej->what : "");
	const struct bs_event *a = find(f, BS_EV_BS2E_ATTACK, 0, 0);
	cr_assert_not_null(a, "a's charge reached b");
	cr_assert_eq(a->n[4], 1, "charging: x1 1/2");
	teardown(f);
	free(f);
}

/* The 2E doctrine's rally (RULING R-210): a routed unit always tries; a
 * shaken one only when passing (2d10 <= ML) is likelier than failing by
 * 7 or more, which routs it (RULING R-218): ML 12 (66 vs 6 in 100) tries,
 * ML 5 (10 vs 45) does not. */
Test(bs2e, ai_rally_shaken_only_when_worth_it_r218)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {1};
	setup(f, apart, dice, 1);
	struct bs2e_ai ai;
	bs2e_ai_init(&ai);
	struct bs_rally_order ro[BS_MAX_RALLY_ORDERS];
	struct bs_unit_state *u = &f->b->units[0];
	u->flags |= BS_UF_SHAKEN;
	cr_assert_eq(ai.ctl.rally(ai.ctl.ctx, f->b, 0, ro, 8), 1, "ML 12");
	cr_assert_eq(ro[0].unit, 0);
	u->r.ml = 5;
	cr_assert_eq(ai.ctl.rally(ai.ctl.ctx, f->b, 0, ro, 8), 0, "ML 5");
	u->flags = (u->flags & ~(unsigned)BS_UF_SHAKEN) | BS_UF_ROUTED;
	cr_assert_eq(ai.ctl.rally(ai.ctl.ctx, f->b, 0, ro, 8), 1,
		     "routed: nothing to lose");
	teardown(f);
	free(f);
}

/* RULING: both declare charges; b (low on initiative) goes
 * in first and contacts a, whose own charge then does not go in: a note,
 * not a rejected order, and a fights in the melee without the charge's
 * x1 1/2 (b has it). */
Test(bs2e, movement_declared_charge_contacted_first_r203)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {9, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
				   1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	setup(f, apart, dice, (int)(sizeof dice / sizeof *dice));
	for (int s = 0; s < 2; s++) {
		struct bs_tt_charge pl;
		bs2e_plan_charge(f->b, s, 0, 1 - s, 0, &pl);
		cr_assert(pl.legal, "%s", pl.why ? pl.why : "");
		f->charge[s][0] = pl.order;
		f->has_charge[s][0] = 1;
	}
	bs_battle_round(f->b);
	cr_assert_null(find(f, BS_EV_REJECTED, 0, 0));
	int noted = 0;
	for (int i = 0; i < f->nev; i++)
		noted += f->ev[i].type == BS_EV_NOTE && f->ev[i].side == 0 &&
			 f->ev[i].what &&
			 strstr(f->ev[i].what, "does not go in");
	cr_assert_eq(noted, 1);
	const struct bs_event *a = find(f, BS_EV_BS2E_ATTACK, 0, 0);
	const struct bs_event *bb = find(f, BS_EV_BS2E_ATTACK, 1, 0);
	cr_assert_not_null(a);
	cr_assert_not_null(bb);
	cr_assert_eq(a->n[4], 0, "a did not charge");
	cr_assert_eq(bb->n[4], 1, "b charged");
	teardown(f);
	free(f);
}

/* a faces north; an enemy commander stands to its front left, an enemy
 * block to its front right. */
static const char commander_ahead[] =
    "name: t\nrules: bs2e\n"
    "sides:\n"
    "  - name: A\n    edge: south\n    units:\n"
    "      - {name: a, kind: infantry, figures: 4, frontage: 4, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 10], facing: north}\n"
    "  - name: B\n    edge: north\n    units:\n"
    "      - {name: c, kind: commander, ad: d4, ar: 10, hits: 1, cd: 12,"
    " mv: 6, position: [17, 12.5], facing: south}\n"
    "      - {name: b, kind: infantry, figures: 4, frontage: 4, ad: d4,"
    " ar: 9, hits: 1, ml: 9, mv: 6, position: [23.5, 13], facing: south}\n";

/* The 2E doctrine does not spend a charge on a hero or commander: they do
 * not count for holding the field (RULING R-223) and their command
 * diameter has no effect; it charges the block. */
Test(bs2e, ai_charges_units_not_commanders_r223)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {1};
	setup(f, commander_ahead, dice, 1);
	struct bs_tt_charge pl;
	bs2e_plan_charge(f->b, 0, 0, 1, 0, &pl);
	cr_assert(pl.legal, "the commander can be charged: %s",
		  pl.why ? pl.why : "");
	bs2e_plan_charge(f->b, 0, 0, 1, 1, &pl);
	cr_assert(pl.legal, "the block can be charged: %s",
		  pl.why ? pl.why : "");
	struct bs2e_ai ai;
	bs2e_ai_init(&ai);
	struct bs_order o;
	f->b->phase = BS_PHASE_BS2E_CHARGES;
	ai.ctl.move(ai.ctl.ctx, f->b, 0, 0, &o);
	cr_assert_eq(o.kind, BS_ORDER_CHARGE);
	cr_assert_eq(o.tunit, 1, "charges the block, not the commander");
	teardown(f);
	free(f);
}

static int c_second(void *ctx, const struct bs_battle *b, int side)
{
	(void)ctx;
	(void)b;
	(void)side;
	return 0;
}

static const char three_sides[] =
    "name: t\nrules: bs2e\n"
    "sides:\n"
    "  - name: A\n    edge: south\n    units:\n"
    "      - {name: a, kind: infantry, figures: 4, ad: d8, ar: 7, hits: 1,"
    " ml: 12, mv: 6, position: [20, 5]}\n"
    "  - name: B\n    edge: north\n    units:\n"
    "      - {name: b, kind: infantry, figures: 4, ad: d8, ar: 7, hits: 1,"
    " ml: 12, mv: 6, position: [20, 40]}\n"
    "  - name: C\n    edge: west\n    units:\n"
    "      - {name: c, kind: infantry, figures: 4, ad: d8, ar: 7, hits: 1,"
    " ml: 12, mv: 6, position: [3, 20]}\n";

/* RULING R-204 with three sides: d10s 1, 5, 6: side 0 is Side A and
 * chooses to move last; the event lists the sides in initiative order
 * (Side A, B, C: 0, 1, 2, event.h) and the movement order is 1, 2, 0. */
Test(bs2e, r204_initiative_three_sides_order)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {1, 5, 6};
	setup(f, three_sides, dice, 3);
	f->ctl[0].moves_first = c_second;
	f->b->max_rounds = 1;
	bs_battle_round(f->b);
	const struct bs_event *in = find(f, BS_EV_INITIATIVE, -1, 0);
	cr_assert_not_null(in);
	cr_assert_eq(in->n[0], 0);
	cr_assert_eq(in->n[2], 0, "Side A");
	cr_assert_eq(in->n[3], 1, "Side B");
	cr_assert_eq(in->n[4], 2, "Side C");
	cr_assert_eq(f->b->side_order[0], 1);
	cr_assert_eq(f->b->side_order[1], 2);
	cr_assert_eq(f->b->side_order[2], 0);
	int last = 0;
	for (int i = 0; i < f->nev; i++)
		last +=
		    f->ev[i].type == BS_EV_NOTE && f->ev[i].what &&
		    strcmp(f->ev[i].what, "low roll chooses to move last") == 0;
	cr_assert_eq(last, 1);
	teardown(f);
	free(f);
}

/* a (home edge south) with a friend 1" behind it and the enemy 4" ahead. */
static const char rout_blocked[] =
    "name: t\nrules: bs2e\n"
    "sides:\n"
    "  - name: A\n    edge: south\n    units:\n"
    "      - {name: a, kind: infantry, figures: 4, frontage: 4, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 20], facing: north}\n"
    "      - {name: f, kind: infantry, figures: 8, frontage: 8, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 19], facing: north}\n"
    "  - name: B\n    edge: north\n    units:\n"
    "      - {name: b, kind: infantry, figures: 4, frontage: 4, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 24], facing: south}\n";

/* RULING R-214: a routed unit flees "as quickly as possible": its way
 * straight back blocked by a friend, it flees around it, its full MV. */
Test(bs2e, morale_routed_unit_flees_around_a_block_r214)
{
	struct fx *f = calloc(1, sizeof *f);
	static const int dice[] = {1};
	setup(f, rout_blocked, dice, 1);
	struct bs_unit_state *u = &f->b->units[0];
	struct bs_vec from = u->front;
	u->flags |= BS_UF_ROUTED;
	bs2e_flee(f->b, 0, "routs");
	double moved = bs_vec_dist(from, u->front);
	cr_assert_float_eq(moved, 6.0, 1e-6, "full MV 6, moved %g", moved);
	struct bs_vec enemy = f->b->units[2].front;
	cr_assert_gt(bs_vec_dist(enemy, u->front), bs_vec_dist(enemy, from),
		     "farther from the enemy");
	teardown(f);
	free(f);
}

/* Issue 12 item 17, RULING R-207 (revised): [2E Attack Dice] "A player
 * rolls one attack die for each figure in an attacking unit": a unit of 8
 * figures (4 files of 2 ranks) touching an enemy with its 4 front figures
 * rolls 8 dice, not 4; one touching two enemies splits its figures in
 * proportion to the figures it has in contact with each. */
static const char deep_units[] =
    "name: t\nrules: bs2e\n"
    "sides:\n"
    "  - name: A\n    edge: south\n    units:\n"
    "      - {name: a, kind: infantry, figures: 8, frontage: 4, ad: d8,"
    " ar: 7, hits: 1, ml: 12, mv: 6, position: [20, 10], facing: north}\n"
    "  - name: B\n    edge: north\n    units:\n"
    "      - {name: b, kind: infantry, figures: 3, frontage: 3, ad: d8,"
    " ar: 7, hits: 2, ml: 12, mv: 6, position: [19.625, 10], facing: "
    "south}\n"
    "      - {name: c, kind: infantry, figures: 1, frontage: 1, ad: d8,"
    " ar: 7, hits: 2, ml: 12, mv: 6, position: [21.125, 10], facing: "
    "south}\n";

Test(bs2e, r207_every_figure_rolls_its_attack_die)
{
	struct fx *f = calloc(1, sizeof *f);
	int dice[200];
	for (int i = 0; i < 200; i++)
		dice[i] = 1;
	dice[0] = 6; /* initiative: A */
	setup(f, deep_units, dice, 200);
	bs_battle_round(f->b);
	const struct bs_event *ab = find(f, BS_EV_BS2E_ATTACK, 0, 0);
	cr_assert_not_null(ab);
	int to_b = 0, to_c = 0;
	for (int i = 0; i < f->nev; i++) {
		const struct bs_event *e = &f->ev[i];
		if (e->type != BS_EV_BS2E_ATTACK || e->side != 0 ||
		    e->n[3] != 0)
			continue;
		if (e->tunit == 0)
			to_b = e->n[0];
		else
			to_c = e->n[0];
	}
	cr_assert_eq(to_b + to_c, 8, "every figure rolls: %d + %d", to_b, to_c);
	cr_assert_eq(to_b, 6, "3 of its 4 in contact face b: 6 of 8");
	cr_assert_eq(to_c, 2);
	teardown(f);
	free(f);
}

/* [2E Movement] RULING R-220 (revised again): the block pays the worst
 * ground under any of its figures, as 1E [11.8] does: woods under the
 * left file only (the front centre on clear ground) make the advance cost
 * 3/2 an inch, as do woods the left file crosses on a wheel. */
#define WEST_WOODS "[[0, 0.5], [19.5, 0.5], [19.5, 40], [0, 40]]"
Test(bs2e, movement_the_whole_frontage_pays_the_ground_r220)
{
	struct fx *f = calloc(1, sizeof *f);
	setup_area(f, "woods", WEST_WOODS);
	struct bs_quad q = bs2e_quad(f->b, 0);
	double xmin = q.p[0].x, xmax = q.p[0].x;
	for (int i = 1; i < 4; i++) {
		xmin = fmin(xmin, q.p[i].x);
		xmax = fmax(xmax, q.p[i].x);
	}
	cr_assert_lt(xmin, 19.5 - 0.1, "the left file on the woods: %g", xmin);
	cr_assert_gt(xmax, 20.0, "the front centre off them: %g", xmax);
	struct bs_order o = straight_on(2.0);
	struct bs_tt_outcome out;
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s",
		  out.why ? out.why : "");
	cr_assert_float_eq(out.spent, 3.0, 1e-6, "2\" at 3/2: %g", out.spent);
	teardown(f);
	setup_area(f, "clear", WEST_WOODS);
	cr_assert(bs2e_check_order(f->b, 0, 0, &o, &out), "%s",
		  out.why ? out.why : "");
	cr_assert_float_eq(out.spent, 2.0, 1e-6, "%g", out.spent);
	teardown(f);
	free(f);
}
