/* Test fixture for the 1E engine's rules tests: battles built directly
 * from small inline scenarios (bs_scenario_load_string), a tiny scripted
 * controller (the orders a test puts in it), scripted dice, and an event
 * recorder. Header-only (static), included by the engine's test files. */
#ifndef TESTS_BS1E_FIXTURE_H
#define TESTS_BS1E_FIXTURE_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/battle.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"
#include "bs1e/engine.h"

#define TF_MAX_EVENTS 4096

/* One recorded event, with its text copied. */
struct tf_event {
	struct bs_event ev;
	char what[160];
	char cite[48];
};

struct tf {
	struct bs_scenario *sc;
	struct bs_battle *b;
	struct bs_controller ctl;
	/* orders by side and unit for the next Movement Phase(s) */
	struct bs_order order[BS_MAX_SIDES][8];
	int has_order[BS_MAX_SIDES][8];
	/* the order given when the rules refused the first (RULING R-373:
	 * the unit is asked again, BS_UF_REFUSED set) */
	struct bs_order order2[BS_MAX_SIDES][8];
	int has_order2[BS_MAX_SIDES][8];
	int asked[BS_MAX_SIDES][8]; /* times move was asked */
	struct bs_rally_order rally[BS_MAX_SIDES][8];
	int nrally[BS_MAX_SIDES];
	/* moves of independent individuals by side and index */
	struct bs_indiv_order indiv[BS_MAX_SIDES][8];
	int moves_first; /* answer of moves_first */
	int follow;	 /* answer of follow */
	/* issue 14: the volleys of each side (kind, order), given on the
	 * first call of their phase, and pass-through volleys (at the first
	 * moment `after` inches into the mover's move; after < 0: its last
	 * moment); the last path offered */
	struct {
		enum bs_fire_kind kind;
		struct bs_fire_order o;
	} fire[BS_MAX_SIDES][16];
	int nfire[BS_MAX_SIDES];
	struct {
		int mside, munit;
		double after;
		struct bs_fire_order o;
	} pt[BS_MAX_SIDES][8];
	int npt[BS_MAX_SIDES];
	struct bs_move_point path[BS_MAX_MOVE_POINTS];
	int npath;
	struct tf_event *evs;
	int nev;
	int dice[256];
	/* issue 16: the cast orders of each side, given by tf_cast (the
	 * `cast` callback a magic test puts in ctl.cast) */
	struct bs_cast_order cast[BS_MAX_SIDES][8];
	int ncast[BS_MAX_SIDES];
	/* the individuals' shots of each side (tf_shots, ctl.fire_indiv) */
	struct bs_indiv_fire_order shot[BS_MAX_SIDES][8];
	int nshot[BS_MAX_SIDES];
};

static inline int tf_moves_first(void *ctx, const struct bs_battle *b, int side)
{
	(void)b;
	(void)side;
	return ((struct tf *)ctx)->moves_first;
}

static inline int tf_rally(void *ctx, const struct bs_battle *b, int side,
			   struct bs_rally_order *out, int max)
{
	struct tf *t = ctx;
	(void)b;
	int n = t->nrally[side] < max ? t->nrally[side] : max;
	for (int i = 0; i < n; i++)
		out[i] = t->rally[side][i];
	return n;
}

static inline void tf_move(void *ctx, const struct bs_battle *b, int side,
			   int unit, struct bs_order *out)
{
	struct tf *t = ctx;
	if (unit >= 8)
		return;
	t->asked[side][unit]++;
	if ((b->units[b->side_first[side] + unit].flags & BS_UF_REFUSED) &&
	    t->has_order2[side][unit])
		*out = t->order2[side][unit];
	else if (t->has_order[side][unit])
		*out = t->order[side][unit];
}

static inline void tf_indiv_move(void *ctx, const struct bs_battle *b, int side,
				 int indiv, struct bs_indiv_order *out)
{
	struct tf *t = ctx;
	(void)b;
	if (indiv < 8)
		*out = t->indiv[side][indiv];
}

static inline int tf_follow(void *ctx, const struct bs_battle *b, int side,
			    int unit, int eside, int eunit)
{
	(void)b;
	(void)side;
	(void)unit;
	(void)eside;
	(void)eunit;
	return ((struct tf *)ctx)->follow;
}

static inline int tf_fire(void *ctx, const struct bs_battle *b, int side,
			  enum bs_fire_kind kind, int call,
			  struct bs_fire_order *out, int max)
{
	struct tf *t = ctx;
	(void)b;
	int n = 0;
	for (int i = 0; call == 0 && i < t->nfire[side] && n < max; i++)
		if (t->fire[side][i].kind == kind)
			out[n++] = t->fire[side][i].o;
	return n;
}

static inline int tf_pass_through(void *ctx, const struct bs_battle *b,
				  int side, int mside, int munit,
				  const struct bs_move_point *path, int np,
				  struct bs_fire_order *out, int max)
{
	struct tf *t = ctx;
	(void)b;
	int n = 0;
	if (np > 0) {
		t->npath = np < BS_MAX_MOVE_POINTS ? np : BS_MAX_MOVE_POINTS;
		memcpy(t->path, path, (size_t)t->npath * sizeof *path);
	}
	for (int i = 0; i < t->npt[side] && n < max && np > 0; i++) {
		if (t->pt[side][i].mside != mside ||
		    t->pt[side][i].munit != munit)
			continue;
		int at = np - 1;
		for (int k = 0; t->pt[side][i].after >= 0 && k < np; k++)
			if (path[k].moved + 1e-9 >= t->pt[side][i].after) {
				at = k;
				break;
			}
		out[n] = t->pt[side][i].o;
		out[n++].at = at;
	}
	return n;
}

/* The `cast` callback: the orders of t->cast for the side. */
static inline int tf_cast(void *ctx, const struct bs_battle *b, int side,
			  struct bs_cast_order *out, int max)
{
	struct tf *t = ctx;
	(void)b;
	int n = t->ncast[side] < max ? t->ncast[side] : max;
	for (int i = 0; i < n; i++)
		out[i] = t->cast[side][i];
	return n;
}

/* The `fire_indiv` callback: the shots of t->shot for the side, in the
 * Missile and Magic Phase. */
static inline int tf_shots(void *ctx, const struct bs_battle *b, int side,
			   struct bs_indiv_fire_order *out, int max)
{
	struct tf *t = ctx;
	(void)b;
	int n = t->nshot[side] < max ? t->nshot[side] : max;
	for (int i = 0; i < n; i++)
		out[i] = t->shot[side][i];
	return n;
}

/* A volley of (side, unit) at (tside, tunit) in the phase of `kind`. */
static inline void tf_volley(struct tf *t, enum bs_fire_kind kind, int side,
			     int unit, int tside, int tunit)
{
	int k = t->nfire[side]++;
	t->fire[side][k].kind = kind;
	t->fire[side][k].o =
	    (struct bs_fire_order){unit, tside, tunit, -1, 0, NULL, 0};
}

/* Pass-through fire of (side, unit) at (tside, tunit) during the move of
 * (mside, munit), `after` inches into it (< 0: its last moment). */
static inline void tf_pass(struct tf *t, int side, int unit, int tside,
			   int tunit, int mside, int munit, double after)
{
	int k = t->npt[side]++;
	t->pt[side][k].mside = mside;
	t->pt[side][k].munit = munit;
	t->pt[side][k].after = after;
	t->pt[side][k].o =
	    (struct bs_fire_order){unit, tside, tunit, -1, 0, NULL, 0};
}

static inline void tf_emit(void *ctx, const struct bs_event *ev)
{
	struct tf *t = ctx;
	if (t->nev >= TF_MAX_EVENTS)
		return;
	struct tf_event *e = &t->evs[t->nev++];
	e->ev = *ev;
	snprintf(e->what, sizeof e->what, "%s", ev->what ? ev->what : "");
	snprintf(e->cite, sizeof e->cite, "%s", ev->cite ? ev->cite : "");
	e->ev.what = e->what;
	e->ev.cite = e->cite;
}

/* Load `yaml`, make the battle, controllers on every side, events on. */
static inline void tf_open(struct tf *t, const char *yaml)
{
	struct bs_diags d;
	memset(t, 0, sizeof *t);
	bs_diags_init(&d);
	enum bs_status st = bs_scenario_load_string(yaml, strlen(yaml),
						    "test.yaml", &t->sc, &d);
	if (st != BS_OK)
		for (size_t i = 0; i < d.count; i++)
			cr_log_error("%d:%d: %s", d.items[i].line,
				     d.items[i].col, d.items[i].msg);
	cr_assert_eq(st, BS_OK, "the test scenario loads");
	st = bs_battle_new(t->sc, &t->b, &d);
	cr_assert_eq(st, BS_OK, "the battle is made");
	bs_diags_release(&d);
	t->ctl.name = "test";
	t->ctl.ctx = t;
	t->ctl.moves_first = tf_moves_first;
	t->ctl.rally = tf_rally;
	t->ctl.move = tf_move;
	t->ctl.follow = tf_follow;
	t->ctl.move_indiv = tf_indiv_move;
	t->ctl.fire = tf_fire;
	t->ctl.pass_through = tf_pass_through;
	t->moves_first = 1;
	for (int s = 0; s < t->b->nsides; s++)
		bs_battle_set_controller(t->b, s, &t->ctl);
	t->evs = calloc(TF_MAX_EVENTS, sizeof *t->evs);
	cr_assert_not_null(t->evs);
	struct bs_event_sink sink = {tf_emit, t};
	bs_battle_set_sink(t->b, &sink);
}

static inline void tf_close(struct tf *t)
{
	bs_battle_free(t->b);
	bs_scenario_free(t->sc);
	free(t->evs);
}

/* Dice given in order (after any reset). */
static inline void tf_dice(struct tf *t, const int *dice, size_t n)
{
	cr_assert_leq(n, sizeof t->dice / sizeof t->dice[0]);
	memcpy(t->dice, dice, n * sizeof *dice);
	bs_dice_source_script(&t->b->dice, t->dice, n);
}

static inline struct bs_unit_state *tf_unit(struct tf *t, int side, int unit)
{
	return bs_battle_unit(t->b, side, unit);
}

static inline int tf_g(struct tf *t, int side, int unit)
{
	return t->b->side_first[side] + unit;
}

/* The n-th (0-based) event of `type`, or NULL. */
static inline const struct bs_event *tf_find(struct tf *t, enum bs_ev type,
					     int n)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == type && n-- == 0)
			return &t->evs[i].ev;
	return NULL;
}

/* The n-th CAST event with n[0] == step, or NULL. */
/* The scenario's spell (or breath) record `name`; its absence is a test
 * failure. */
static inline const struct bs_spell *tf_spell(struct tf *t, const char *name)
{
	const struct bs_spell *sp = bs_scenario_spell(t->sc, name, -1);
	cr_assert_not_null(sp, "%s", name);
	return sp;
}

static inline const struct bs_event *tf_cast_ev(struct tf *t, int step, int n)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == BS_EV_CAST &&
		    t->evs[i].ev.n[0] == step && n-- == 0)
			return &t->evs[i].ev;
	return NULL;
}

/* The text of the first REJECTED event, or NULL. */
static inline const char *tf_rejected(struct tf *t)
{
	const struct bs_event *e = tf_find(t, BS_EV_REJECTED, 0);
	return e ? e->what : NULL;
}

static inline int tf_count(struct tf *t, enum bs_ev type)
{
	int k = 0;
	for (int i = 0; i < t->nev; i++)
		k += t->evs[i].ev.type == type;
	return k;
}

/* Set the next order of a unit. */
static inline void tf_order(struct tf *t, int side, int unit,
			    const struct bs_order *o)
{
	t->order[side][unit] = *o;
	t->has_order[side][unit] = 1;
}

/* A one-step advance order. */
static inline struct bs_order tf_advance(double dist, double angle)
{
	struct bs_order o = {.kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1};
	o.nsteps = 1;
	o.step[0] = (struct bs_step){
	    .kind = BS_STEP_ADVANCE, .dist = dist, .angle = angle};
	return o;
}

/* Play phases by hand: round number and phase set, command decided. */
static inline void tf_phase(struct tf *t, enum bs_phase p)
{
	if (t->b->round == 0)
		t->b->round = 1;
	t->b->phase = p;
	bs1e_command_update(t->b, 0);
}

/* 1 when derivation d has a term of `amount` whose label contains
 * `label`. */
static inline int tf_has_term(const struct bs_deriv *d, int amount,
			      const char *label)
{
	for (int i = 0; i < d->nterms; i++)
		if (d->term[i].amount == amount &&
		    strstr(d->term[i].label, label))
			return 1;
	return 0;
}

/* A unit of a test scenario. Zero fields take defaults: man-at-arms,
 * long sword, regular, closed, facing away from the home edge, derived
 * frontage, with a unit commander (human fighter 5, charisma 15, CR 13")
 * unless no_cmd. */
struct tf_unit {
	int side;
	const char *name;
	int figures;
	const char *creature;
	const char *weapon;
	const char *type;
	const char *formation;
	double x, y;
	const char *facing;
	int frontage;
	int no_cmd;
	const char *extra; /* more YAML lines for the unit, or NULL */
};

/* The level the scenario of tf_yaml is played at (a test may set it). */
static const char *tf_level = "basic";

/* The YAML of a two-side scenario (south and north edges) with these
 * units; `head` adds top-level lines (options, catalog), `indiv` adds
 * individuals to side 0 / side 1 (YAML list items, indented 6). */
static inline void tf_yaml(char *buf, size_t len, const struct tf_unit *u,
			   int n, const char *head, const char *indiv0,
			   const char *indiv1)
{
	size_t k = 0;
#define TF_PUT(...)                                                            \
	do {                                                                   \
		int w_ = snprintf(buf + k, len - k, __VA_ARGS__);              \
		cr_assert(w_ >= 0 && (size_t)w_ < len - k, "yaml too long");   \
		k += (size_t)w_;                                               \
	} while (0)
	/* a `head` may give the level (issue 14: the Intermediate Game),
	 * else tf_level */
	if (head && strstr(head, "level:"))
		TF_PUT("name: Test\nrules: bs1e\n");
	else
		TF_PUT("name: Test\nrules: bs1e\nlevel: %s\n", tf_level);
	TF_PUT("game: adnd\ntable: {width: 72, depth: 48}\n%s",
	       head ? head : "");
	TF_PUT("sides:\n");
	for (int s = 0; s < 2; s++) {
		TF_PUT("  - name: %s\n    edge: %s\n    units:\n",
		       s ? "North" : "South", s ? "north" : "south");
		for (int i = 0; i < n; i++) {
			if (u[i].side != s)
				continue;
			TF_PUT("      - name: %s\n", u[i].name);
			TF_PUT("        figures: %d\n",
			       u[i].figures ? u[i].figures : 16);
			TF_PUT("        creature: %s\n",
			       u[i].creature ? u[i].creature : "man-at-arms");
			TF_PUT("        weapons: [%s]\n",
			       u[i].weapon ? u[i].weapon : "long sword");
			if (u[i].type)
				TF_PUT("        type: %s\n", u[i].type);
			if (u[i].formation)
				TF_PUT("        formation: %s\n",
				       u[i].formation);
			TF_PUT("        position: [%g, %g]\n", u[i].x, u[i].y);
			if (u[i].facing)
				TF_PUT("        facing: %s\n", u[i].facing);
			if (u[i].frontage)
				TF_PUT("        frontage: %d\n", u[i].frontage);
			if (!u[i].no_cmd)
				TF_PUT("        commander: C%d\n", i);
			if (u[i].extra)
				TF_PUT("%s", u[i].extra);
		}
		TF_PUT("    individuals:\n");
		for (int i = 0; i < n; i++)
			if (u[i].side == s && !u[i].no_cmd)
				TF_PUT(
				    "      - {name: C%d, race: human, class: "
				    "fighter, level: 5, abilities: {cha: 15}, "
				    "hp: 30, ac: 4, rank: unit}\n",
				    i);
		const char *extra = s ? indiv1 : indiv0;
		if (extra)
			TF_PUT("%s", extra);
	}
#undef TF_PUT
}

/* tf_open on the scenario of these units. */
static inline void tf_open_units(struct tf *t, const struct tf_unit *u, int n,
				 const char *head, const char *indiv0,
				 const char *indiv1)
{
	char *yaml = malloc(16384);
	cr_assert_not_null(yaml);
	tf_yaml(yaml, 16384, u, n, head, indiv0, indiv1);
	tf_open(t, yaml);
	free(yaml);
}

#endif
