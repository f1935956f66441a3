/* The 1E ruleset's part of a battle (the battle engine, src/battle/,
 * calls it through bs1e_ruleset): init (the engine's limits, the 1E
 * scratch, sized from the scenario and allocated once; each unit's rated
 * numbers from its Army Roster Sheet [3.1] and each individual's from the
 * Heroes and Commanders sheet [3.2] ([4.8] CR, [4.9] CB)), reset
 * (deployment [3.4] from the scenario; no allocation), start (the
 * BATTLE_START and DEPLOY events, command at deployment [4.7]), release.
 * Also the small helpers the phases share: events, unit geometry on the
 * tabletop [7.1]-[7.5] with its cache and the contact memo. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "battlesim/bs1e_tables.h"
#include "bs1e/engine.h"

/* ---- events ---------------------------------------------------------------
 */

void bs1e_ev(const struct bs_battle *b, struct bs_event *ev, enum bs_ev type)
{
	bs_battle_event(b, ev, type);
}

void bs1e_ev_check(struct bs_battle *b, enum bs_ev type, int g, int indiv,
		   const struct bs_deriv *d, int d1, int d2, int passed, int n1,
		   const char *what, const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_ev(b, &ev, type);
	bs_battle_ev_units(b, &ev, g, -1);
	ev.indiv = indiv;
	ev.deriv = *d;
	ev.has_deriv = 1;
	ev.dice[0] = d1;
	ev.dice[1] = d2;
	ev.ndice = 2;
	ev.die_sides = 10;
	ev.n[0] = passed;
	ev.n[1] = n1;
	ev.what = what;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

void bs1e_note(struct bs_battle *b, int g, const char *what, const char *cite)
{
	bs_battle_say(b, BS_EV_NOTE, g, what, cite);
}

void bs1e_note_indiv(struct bs_battle *b, int k, const char *what,
		     const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_NOTE);
	ev.side = b->indivs[k].side;
	ev.indiv = b->indivs[k].idx;
	ev.what = what;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

void bs1e_note_vs(struct bs_battle *b, int g, int h, const char *what,
		  const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_NOTE);
	bs_battle_ev_units(b, &ev, g, h);
	ev.what = what;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

void bs1e_reject(struct bs_battle *b, int g, const char *why, const char *cite)
{
	bs_battle_say(b, BS_EV_REJECTED, g, why, cite);
}

/* ---- geometry of units ------------------------------------------------------
 */

/* 1 when unit g's cached geometry was worked out from its state as it
 * stands (every input the same). */
static int geom_fresh(const struct bs_unit_state *u,
		      const struct bs1e_unit_x *x)
{
	return x->c_front.x == u->front.x && x->c_front.y == u->front.y &&
	       x->c_facing == u->facing && x->c_files == u->files &&
	       x->c_figures == u->figures && x->c_form == u->formation &&
	       x->c_cramped == u->cramped;
}

/* The dev build (sanitizers) checks every trusted answer of the cache
 * against the state: a notification left out fails there. */
#if defined(__SANITIZE_ADDRESS__) || defined(BS_CHECK_CACHES)
#define GEOM_CHECK 1
#else
#define GEOM_CHECK 0
#endif

/* The cached shape, quad and box of unit g, recomputed when its
 * placement, frontage, figures or formation changed (sin/cos are the
 * cost). Issue 13 part 2: during a round (geom_trust) a valid entry is
 * taken as it is, every change having called bs1e_moved; outside rounds
 * every input is compared. */
static struct bs1e_unit_x *geom_slow(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	const struct bs1e_scratch *sc = bs1e_sc(b);
	struct bs1e_unit_x *x = &sc->ux[g];
	if (x->c_valid) {
		if (sc->geom_trust) {
			/* a stale entry here: a change of the unit's pose
			 * without bs1e_moved */
			assert(!GEOM_CHECK || sc->geom_drop ||
			       geom_fresh(u, x));
			return x;
		}
		if (geom_fresh(u, x))
			return x;
	}
	bs_tt_unit_shape(b, u->side, u->idx, &x->c_shape);
	struct bs_tt_pose p = {u->front, u->facing};
	x->c_quad = bs_tt_quad(&x->c_shape, &p);
	x->c_box = bs_quad_box(&x->c_quad);
	x->c_front = u->front;
	x->c_facing = u->facing;
	x->c_files = u->files;
	x->c_figures = u->figures;
	x->c_form = u->formation;
	x->c_cramped = u->cramped;
	x->c_valid = 1;
	x->c_ver++;
	return x;
}

/* geom_slow's answer, the trusted valid entry taken inline (the common
 * case of the scans of all pairs). */
static inline struct bs1e_unit_x *geom_of(const struct bs_battle *b, int g)
{
	const struct bs1e_scratch *sc = bs1e_sc(b);
	struct bs1e_unit_x *x = &sc->ux[g];
	if (!GEOM_CHECK && x->c_valid && sc->geom_trust)
		return x;
	return geom_slow(b, g);
}

void bs1e_moved_ruleset(struct bs_battle *b, int g)
{
	bs1e_moved(b, g);
}

/* The pair table (issue 13 part 2): the margin of bs1e_contact's
 * broad phase. */
#define NEAR_M (BS_GEOM_TOUCH + 1e-6)

/* Row and column g of the pair table against every unit as it stands. */
/* 1 when g and h are both in play and their boxes lie near (a unit out
 * of play touches none: bs1e_contact). */
static int near_pair(const struct bs_battle *b, int g, int h)
{
	return g != h && bs1e_in_play(b, g) && bs1e_in_play(b, h) &&
	       !bs_box_apart(&geom_of(b, g)->c_box, &geom_of(b, h)->c_box,
			     NEAR_M);
}

/* ---- the grid of the pair table (issue 13 part 2) --------------------
 * Every unit's box is placed in the cells of a uniform grid it meets; the
 * row of unit g is then redone over the units placed in the cells g's box
 * (widened by the margin) meets, and the offgrid ones: a unit placed in
 * none of those cells has a box apart from g's by more than NEAR_M along
 * x or y, so near_pair would answer 0 for it. The rows are the same bits
 * as a scan of every unit gives (tests/unit/t_broad.c compares). */

/* The grid's room to spare over NEAR_M when g's box is widened (inches):
 * far above the rounding of the widening, so no pair within NEAR_M by
 * bs_box_apart is missed. */
#define GRID_SPARE 1e-3
/* Up to this many units, one cell. */
#define GRID_MIN_UNITS 16

/* The column (row) of the cell of x (y): clamped onto the grid. */
static int grid_at(double v, double cell, int n)
{
	double c = v / cell;
	if (!(c >= 0))
		return 0;
	if (c >= n)
		return n - 1;
	return (int)c;
}

static int box_finite(const struct bs_box *x)
{
	return isfinite(x->x0) && isfinite(x->x1) && isfinite(x->y0) &&
	       isfinite(x->y1);
}

/* The cells i0..i1 x j0..j1 that box x, widened by m, meets. */
static void grid_span(const struct bs1e_scratch *sc, const struct bs_box *x,
		      double m, int sp[4])
{
	sp[0] = grid_at(x->x0 - m, sc->gcell, sc->gw);
	sp[1] = grid_at(x->x1 + m, sc->gcell, sc->gw);
	sp[2] = grid_at(x->y0 - m, sc->gcell, sc->gh);
	sp[3] = grid_at(x->y1 + m, sc->gcell, sc->gh);
}

/* Unit g's bit set (on) or cleared in the cells of span sp. */
static void grid_mark(struct bs1e_scratch *sc, int g, const int sp[4], int on)
{
	const uint64_t bit = 1ull << (g % 64);
	const size_t nw = (size_t)sc->near_w;
	for (int j = sp[2]; j <= sp[3]; j++) {
		uint64_t *w =
		    sc->grid +
		    ((size_t)j * (size_t)sc->gw + (size_t)sp[0]) * nw +
		    (size_t)g / 64;
		for (int i = sp[0]; i <= sp[1]; i++, w += nw)
			*w = on ? *w | bit : *w & ~bit;
	}
}

/* Unit g placed anew: in the cells of its box as it stands (in play),
 * else offgrid. */
static void grid_place(const struct bs_battle *b, int g)
{
	struct bs1e_scratch *sc = bs1e_sc(b);
	if (sc->gw * sc->gh == 1)
		return; /* one cell: every unit a candidate (near_redo) */
	int *sp = sc->gspan[g];
	const uint64_t bit = 1ull << (g % 64);
	if (sp[0] >= 0)
		grid_mark(sc, g, sp, 0);
	sp[0] = -1;
	sc->offgrid[g / 64] |= bit;
	if (!bs1e_in_play(b, g))
		return;
	const struct bs_box *x = &geom_of(b, g)->c_box;
	if (!box_finite(x))
		return;
	grid_span(sc, x, 0, sp);
	grid_mark(sc, g, sp, 1);
	sc->offgrid[g / 64] &= ~bit;
}

/* Row and column g of the pair table against every unit as it stands:
 * bit h set when near_pair(g, h). The table is symmetric, so the old row
 * names every column to clear; the new bits come from the candidates of
 * the grid (every unit whose box may lie near g's). */
static void near_redo(const struct bs_battle *b, int g)
{
	struct bs1e_scratch *sc = bs1e_sc(b);
	const size_t nw = (size_t)sc->near_w;
	uint64_t *row = sc->near + (size_t)g * nw;
	const uint64_t gbit = 1ull << (g % 64);
	for (size_t w = 0; w < nw; w++) {
		for (uint64_t m = row[w]; m; m &= m - 1) {
			size_t h = w * 64 + (size_t)__builtin_ctzll(m);
			sc->near[h * nw + (size_t)g / 64] &= ~gbit;
		}
		row[w] = 0;
	}
	if (!bs1e_in_play(b, g))
		return;
	uint64_t *cand = sc->cand;
	const struct bs_box *x = &geom_of(b, g)->c_box;
	if (sc->gw * sc->gh == 1 || !box_finite(x)) {
		for (size_t w = 0; w < nw; w++)
			cand[w] = ~0ull;
	} else {
		int sp[4];
		grid_span(sc, x, NEAR_M + GRID_SPARE, sp);
		memcpy(cand, sc->offgrid, nw * sizeof *cand);
		for (int j = sp[2]; j <= sp[3]; j++)
			for (int i = sp[0]; i <= sp[1]; i++) {
				const uint64_t *c =
				    sc->grid +
				    ((size_t)j * (size_t)sc->gw + (size_t)i) *
					nw;
				for (size_t w = 0; w < nw; w++)
					cand[w] |= c[w];
			}
	}
	for (size_t w = 0; w < nw; w++)
		for (uint64_t m = cand[w]; m; m &= m - 1) {
			int h = (int)(w * 64) + __builtin_ctzll(m);
			if (h >= b->nunits)
				break;
			if (near_pair(b, g, h)) {
				row[h / 64] |= 1ull << (h % 64);
				sc->near[(size_t)h * nw + (size_t)g / 64] |=
				    gbit;
			}
		}
}

int bs1e_near_next(const struct bs_battle *b, int g, int h)
{
	struct bs1e_scratch *sc = bs1e_sc(b);
	if (!sc->geom_trust)
		return h + 1;
	/* the rows of the units moved since, redone (each reads the others'
	 * boxes as they stand) */
	int any = 0;
	for (int w = 0; w < sc->near_w && !any; w++)
		any = sc->near_dirty[w] != 0;
	if (any) {
		/* first every unit moved placed anew in the grid, then
		 * their rows redone over its candidates */
		for (int w = 0; w < sc->near_w; w++)
			for (uint64_t m = sc->near_dirty[w]; m; m &= m - 1)
				grid_place(b, w * 64 + __builtin_ctzll(m));
		for (int w = 0; w < sc->near_w; w++)
			while (sc->near_dirty[w]) {
				int k =
				    w * 64 + __builtin_ctzll(sc->near_dirty[w]);
				sc->near_dirty[w] &= sc->near_dirty[w] - 1;
				near_redo(b, k);
			}
	}
	const uint64_t *row = sc->near + (size_t)g * (size_t)sc->near_w;
	int next = b->nunits;
	for (int k = h + 1; k < b->nunits;) {
		uint64_t m = row[k / 64] >> (k % 64);
		if (m) {
			next = k + __builtin_ctzll(m);
			break;
		}
		k = (k / 64 + 1) * 64;
	}
	/* the dev build: every unit passed over is apart from g */
	for (int k = h + 1; GEOM_CHECK && k < next; k++)
		assert(sc->geom_drop || !near_pair(b, g, k));
	return next;
}

int bs1e_geom_stale(const struct bs_battle *b)
{
	const struct bs1e_scratch *sc = bs1e_sc(b);
	int n = 0;
	for (int g = 0; g < b->nunits; g++)
		n += sc->ux[g].c_valid && !geom_fresh(&b->units[g], &sc->ux[g]);
	if (n)
		return n;
	/* and the pair table's rows not to be redone: a pair near that is
	 * not marked so */
	for (int g = 0; g < b->nunits; g++) {
		const uint64_t *row = sc->near + (size_t)g * (size_t)sc->near_w;
		if (sc->near_dirty[g / 64] & (1ull << (g % 64)))
			continue;
		for (int h = 0; h < b->nunits; h++)
			n += !(sc->near_dirty[h / 64] & (1ull << (h % 64))) &&
			     !(row[h / 64] & (1ull << (h % 64))) &&
			     near_pair(b, g, h);
	}
	return n;
}

int bs1e_geom_trust(const struct bs_battle *b, int on)
{
	struct bs1e_scratch *sc = bs1e_sc(b);
	int stale = 0;
	if (on) {
		for (int g = 0; g < b->nunits; g++)
			if (sc->ux[g].c_valid &&
			    !geom_fresh(&b->units[g], &sc->ux[g])) {
				sc->ux[g].c_valid = 0;
				stale++;
			}
		/* every row of the pair table redone when next read */
		for (int g = 0; g < b->nunits; g++)
			sc->near_dirty[g / 64] |= 1ull << (g % 64);
	}
	sc->geom_trust = on;
	return stale;
}

void bs1e_shape(const struct bs_battle *b, int g, struct bs_tt_shape *s)
{
	*s = geom_of(b, g)->c_shape;
}

void bs1e_pose(const struct bs_battle *b, int g, struct bs_tt_pose *p)
{
	p->front = b->units[g].front;
	p->facing = b->units[g].facing;
}

struct bs_quad bs1e_quad(const struct bs_battle *b, int g)
{
	return geom_of(b, g)->c_quad;
}

struct bs_vec bs1e_centre(const struct bs_battle *b, int g)
{
	struct bs_quad q = bs1e_quad(b, g);
	return bs_quad_centre(&q);
}

void bs1e_set_geom(struct bs_battle *b, int g, const struct bs_tt_shape *s,
		   const struct bs_tt_pose *p)
{
	struct bs_unit_state *u = &b->units[g];
	u->front = p->front;
	u->facing = p->facing;
	u->files = s->files;
	u->formation = s->formation;
	/* RULING R-106: open formation with its bases still touching */
	u->cramped = s->formation == BS_FORM_OPEN && s->gap < 1e-9;
	bs1e_moved(b, g);
}

/* FORMATION event of unit g: old formation and files -> as it stands. */
static void emit_formation(struct bs_battle *b, int g, enum bs_formation old,
			   int oldf, const char *why, const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	const struct bs_unit_state *u = &b->units[g];
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_FORMATION);
	bs_battle_ev_units(b, &ev, g, -1);
	ev.n[0] = (int)old;
	ev.n[1] = (int)u->formation;
	ev.n[2] = oldf;
	ev.n[3] = u->files;
	ev.n[5] = u->cramped;
	ev.what = why;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

void bs1e_uncramp(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	if (!u->cramped || !bs1e_in_play(b, g))
		return;
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	struct bs_quad obst[BS1E_MAX_OBST];
	int n = bs1e_obstacles_walled(b, g, -1, obst, NULL);
	bs1e_shape(b, g, &s);
	bs1e_pose(b, g, &p);
	int oldf = u->files;
	/* RULING R-106: it spreads out as a unit breaking into open
	 * formation would, when there is room now */
	if (!bs_tt_spread(&s, &p, u->formation, b->stands, obst, n, NULL))
		return;
	bs1e_set_geom(b, g, &s, &p);
	emit_formation(b, g, u->formation, oldf,
		       "spreads out into open formation: there is room now",
		       "[4.5] RULING R-106");
}

int bs1e_obstacles(const struct bs_battle *b, int skip, int skip2,
		   struct bs_quad *obst, int *map)
{
	int n = 0;
	for (int g = 0; g < b->nunits; g++) {
		if (g == skip || g == skip2 || !bs1e_in_play(b, g))
			continue;
		obst[n] = geom_of(b, g)->c_quad; /* bs1e_quad, inline */
		if (map)
			map[n] = g;
		n++;
	}
	return n;
}

int bs1e_obstacles_reach(const struct bs_battle *b, int skip, int skip2,
			 const struct bs_box *reach, struct bs_quad *obst,
			 int *map)
{
	struct bs1e_scratch *sc = bs1e_sc(b);
	const size_t nw = (size_t)sc->near_w;
	int n = 0, sp[4];
	int scan =
	    !sc->geom_trust || sc->gw * sc->gh == 1 || !box_finite(reach);
	if (!scan) {
		/* the grid only when its cells cost less than a scan */
		grid_span(sc, reach, GRID_SPARE, sp);
		scan = (size_t)(sp[1] - sp[0] + 1) *
			   (size_t)(sp[3] - sp[2] + 1) * nw * 4 >
		       (size_t)b->nunits;
	}
	if (scan) {
		/* the scan of every unit, the same test */
		for (int g = 0; g < b->nunits; g++) {
			if (g == skip || g == skip2 || !bs1e_in_play(b, g))
				continue;
			const struct bs1e_unit_x *x = geom_of(b, g);
			if (bs_box_apart(&x->c_box, reach, 0))
				continue;
			if (obst)
				obst[n] = x->c_quad;
			if (map)
				map[n] = g;
			n++;
		}
		return n;
	}
	/* the units moved since placed anew (their rows are still redone
	 * when next read: the marks stay), then the candidates: the units
	 * placed in the cells reach meets (widened by GRID_SPARE) and the
	 * offgrid ones. A unit whose box meets reach is placed in a cell
	 * reach meets (the clamping onto the edge cells is monotone), so
	 * the list is the scan's, in the same (ascending) order. */
	for (size_t w = 0; w < nw; w++)
		for (uint64_t m = sc->near_dirty[w]; m; m &= m - 1)
			grid_place(b, (int)(w * 64) + __builtin_ctzll(m));
	uint64_t cand[BS1E_MAX_UNITS / 64 + 1];
	memcpy(cand, sc->offgrid, nw * sizeof *cand);
	for (int j = sp[2]; j <= sp[3]; j++)
		for (int i = sp[0]; i <= sp[1]; i++) {
			const uint64_t *c =
			    sc->grid +
			    ((size_t)j * (size_t)sc->gw + (size_t)i) * nw;
			for (size_t w = 0; w < nw; w++)
				cand[w] |= c[w];
		}
	for (size_t w = 0; w < nw; w++)
		for (uint64_t m = cand[w]; m; m &= m - 1) {
			int g = (int)(w * 64) + __builtin_ctzll(m);
			if (g >= b->nunits)
				break;
			if (g == skip || g == skip2 || !bs1e_in_play(b, g))
				continue;
			const struct bs1e_unit_x *x = geom_of(b, g);
			if (bs_box_apart(&x->c_box, reach, 0))
				continue;
			if (obst)
				obst[n] = x->c_quad;
			if (map)
				map[n] = g;
			n++;
		}
	return n;
}

int bs1e_units_meeting(const struct bs_battle *b, int skip,
		       const struct bs_box *reach, int *list)
{
	return bs1e_obstacles_reach(b, skip, -1, reach, NULL, list);
}

int bs1e_obstacles_walled(const struct bs_battle *b, int skip, int skip2,
			  struct bs_quad *obst, int *map)
{
	int n = bs1e_obstacles(b, skip, skip2, obst, map);
	/* RULING R-374: the table's edges are walls */
	bs_tt_table_walls(b->sc->width, b->sc->depth, obst + n);
	for (int i = 0; map && i < 4; i++)
		map[n + i] = -1;
	return n + 4;
}

int bs1e_contact(const struct bs_battle *b, int g, int h,
		 struct bs_tt_contact *c)
{
	struct bs_tt_pose pa, pb;
	if (!bs1e_in_play(b, g) || !bs1e_in_play(b, h))
		return 0;
	/* the cached shapes and quads: no sine or cosine */
	const struct bs1e_unit_x *xg = geom_of(b, g), *xh = geom_of(b, h);
	/* issue 13 part 2: bounding boxes apart along x or y by more than
	 * BS_GEOM_TOUCH (and a margin far above rounding): so are the
	 * blocks, and bs_tt_contact_q would answer 0 (the test of
	 * bs_quad_boxes_apart on the cached boxes; *c untouched, as when
	 * the blocks are apart) */
	if (bs_box_apart(&xg->c_box, &xh->c_box, BS_GEOM_TOUCH + 1e-6))
		return 0;
	/* the same pair, neither moved nor changed since: the same answer */
	struct bs1e_pairmemo *e =
	    &bs1e_sc(b)->pm[(unsigned)(g * 61 + h) & (BS1E_PAIRMEMO - 1)];
	if (e->g == g && e->h == h && e->vg == xg->c_ver &&
	    e->vh == xh->c_ver && (e->full || !c || !e->touch)) {
		if (c && e->touch)
			*c = e->c;
		return e->touch;
	}
	bs1e_pose(b, g, &pa);
	bs1e_pose(b, h, &pb);
	struct bs_tt_contact got;
	int touch =
	    bs_tt_contact_q(&xg->c_shape, &pa, &xg->c_quad, &xh->c_shape, &pb,
			    &xh->c_quad, c ? &got : NULL);
	e->g = g;
	e->h = h;
	e->vg = xg->c_ver;
	e->vh = xh->c_ver;
	e->full = c != NULL;
	e->touch = touch;
	if (c && touch) {
		e->c = got;
		*c = got;
	}
	return touch;
}

int bs1e_engaged(const struct bs_battle *b, int g)
{
	if (!bs1e_in_play(b, g))
		return 0;
	/* issue 13 part 2: the units near g (the pair table), in order */
	for (int h = bs1e_near_next(b, g, -1); h < b->nunits;
	     h = bs1e_near_next(b, g, h))
		if (b->units[h].side != b->units[g].side &&
		    bs1e_contact(b, g, h, NULL))
			return 1;
	/* [7.8] "in base-to-base contact with an enemy figure": a hero or
	 * commander standing alone is one (RULING R-502) */
	return bs1e_unit_touches_indiv(b, g, NULL);
}

int bs1e_enemy_in_rear(const struct bs_battle *b, int g)
{
	struct bs_tt_contact c;
	/* [11.6] the circular or square shield wall "has no flank or rear
	 * sides" (RULING R-538) */
	if (b->units[g].special == BS_SPECIAL_SHIELD_SQUARE)
		return 0;
	for (int h = bs1e_near_next(b, g, -1); h < b->nunits;
	     h = bs1e_near_next(b, g, h))
		if (b->units[h].side != b->units[g].side &&
		    bs1e_contact(b, g, h, &c) && c.edge_a == BS_EDGE_REAR)
			return 1;
	return 0;
}

/* bs1e_nearest_enemy's choice among the n units of map (ascending): the
 * least distance, the first of equals; -1 when none qualifies. */
static int nearest_among(const struct bs_battle *b, int g, int pass,
			 const struct bs_quad *q, const int *map, int n,
			 double *best)
{
	int who = -1;
	*best = HUGE_VAL;
	for (int i = 0; i < n; i++) {
		int h = map ? map[i] : i;
		if (b->units[h].side == b->units[g].side ||
		    !bs1e_in_play(b, h) || (pass == 0 && bs1e_routed(b, h)))
			continue;
		struct bs_quad qh = bs1e_quad(b, h);
		double d = bs_quad_dist(q, &qh);
		if (d < *best) {
			*best = d;
			who = h;
		}
	}
	return who;
}

/* The first ring's half-width (inches) and the widening of each ring's
 * box over its radius (rounding of the box's sums). */
#define RING0 8.0
#define RING_SPARE 1e-6

int bs1e_nearest_enemy(const struct bs_battle *b, int g, int routed_too)
{
	struct bs_quad q = bs1e_quad(b, g);
	const struct bs1e_scratch *sc = bs1e_sc(b);
	double best;
	/* issue 13 part 2: through the grid (bs1e_obstacles_reach), ring by
	 * ring of doubling radius r about g's box: a unit within r of g has
	 * its box within r of g's, so it is listed; when the best listed is
	 * within r, no unit outside is nearer or as near, and the list is in
	 * the scan's (ascending) order: the scan's choice, ties and all
	 * (tests/unit/t_broad.c). Otherwise, or without the grid, the scan. */
	int grid = sc->geom_trust && sc->gw * sc->gh > 1;
	struct bs_box qb = bs_quad_box(&q);
	double far = b->sc->width + b->sc->depth;
	for (int pass = 0; pass < 1 + !!routed_too; pass++) {
		for (double r = RING0; grid && box_finite(&qb) && r <= far;
		     r *= 2) {
			double w = r * (1 + 1e-9) + RING_SPARE;
			struct bs_box reach = {qb.x0 - w, qb.y0 - w, qb.x1 + w,
					       qb.y1 + w};
			struct bs_quad obst[BS1E_MAX_OBST];
			int map[BS1E_MAX_OBST];
			int n =
			    bs1e_obstacles_reach(b, g, -1, &reach, obst, map);
			int who = nearest_among(b, g, pass, &q, map, n, &best);
			if (who >= 0 && best <= r)
				return who;
		}
		int who = nearest_among(b, g, pass, &q, NULL, b->nunits, &best);
		if (who >= 0)
			return who;
	}
	return -1;
}

void bs1e_change_formation(struct bs_battle *b, int g, enum bs_formation f,
			   int involuntary, const char *why, const char *cite)
{
	struct bs_unit_state *u = &b->units[g];
	if (u->formation == f)
		return;
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	struct bs_quad obst[BS1E_MAX_OBST];
	struct bs_tt_step_result r;
	int n = bs1e_obstacles_walled(b, g, -1, obst, NULL);
	bs1e_shape(b, g, &s);
	bs1e_pose(b, g, &p);
	enum bs_formation old = u->formation;
	int oldf = u->files;
	bs_tt_formation(&s, &p, f, u->r.mv, involuntary, b->stands, obst, n,
			&r);
	if (r.complete) {
		bs1e_set_geom(b, g, &s, &p);
	} else if (involuntary && f == BS_FORM_OPEN) {
		/* RULING R-106: no room to spread out anyhow: the unit is in
		 * open formation but its bases stay where they are (as
		 * [7.11] allows after a wrap-around) until there is room */
		u->formation = f;
		u->cramped = 1;
		bs1e_moved(b, g);
	} else {
		return;
	}
	emit_formation(b, g, old, oldf, why, cite);
	/* [11.6] [11.7] a special formation is a closed formation's */
	bs1e_special_hold(b, g);
}

/* ---- set-up
 * ------------------------------------------------------------------ */

/* The damage of a figure as one dice expression: each source `times`
 * over, its parts in order ([8.6] parts add with one roll). Returns the
 * parts that come from a lance (bits), which double in a cavalry or
 * chariot charge [11.4]. */
static unsigned damage_dice(const struct bs1e_damage *dm, int large,
			    struct bs_dice *out, unsigned *poison, int *shift)
{
	unsigned lance = 0;
	memset(out, 0, sizeof *out);
	*poison = 0;
	*shift = 0;
	for (int i = 0; i < dm->nsrc; i++) {
		const struct bs_dice *d =
		    large ? &dm->src[i].vs_l : &dm->src[i].vs_sm;
		for (int t = 0; t < dm->src[i].times; t++)
			for (int k = 0; k < d->nparts; k++)
				if (out->nparts < BS_DICE_MAX_ATTACKS) {
					if (dm->src[i].lance)
						lance |= 1u << out->nparts;
					/* [13.2] RULING R-603: each
					 * poisonous creature's poisonous
					 * attack, at the strongest poison
					 * of the figure */
					if (dm->src[i].poison_shift &&
					    k == dm->src[i].poison_part) {
						*poison |= 1u << out->nparts;
						if (dm->src[i].poison_shift >
						    *shift)
							*shift =
							    dm->src[i]
								.poison_shift;
					}
					out->part[out->nparts++] = d->part[k];
				}
	}
	if (out->nparts == 0) {
		/* RULING R-103: a unit without a weapon fights with d2
		 * (the smallest column) */
		out->nparts = 1;
		out->part[0] = (struct bs_dice_part){1, 2, 0};
	}
	return lance;
}

void bs1e_spec_poison(const struct bs_battle *b, int g, int large,
		      struct bs1e_attack_spec *spec)
{
	const struct bs_unit_rated *r = &b->units[g].r;
	spec->poison_parts = large ? r->poison_l : r->poison_sm;
	spec->poison = bs1e_poison_in_play(b->sc->level, spec->poison_parts,
					   r->poison_shift);
	if (spec->poison == BS1E_POISON_NONE)
		spec->poison_parts = 0;
}

void bs1e_take_weapon(struct bs_battle *b, int g, int w)
{
	struct bs_unit_state *u = &b->units[g];
	const struct bs_weapon_rated *wr = &u->r.wpn[w];
	u->r.in_hand = w;
	u->r.base_ar = wr->base_ar;
	u->r.dmg_sm = wr->dmg_sm;
	u->r.dmg_l = wr->dmg_l;
	u->r.pike = wr->pike;
	u->r.polearm = wr->polearm;
	u->r.set_spear = wr->set_spear;
	bs1e_sc(b)->ux[g].magic_weapon = wr->magic;
}

static void rate_unit(const struct bs_scenario *sc, int side, int i,
		      struct bs1e_unit_sheet *sh, struct bs_unit_state *u,
		      struct bs1e_unit_x *x)
{
	const struct bs_unit *def = &sc->sides[side].units[i];
	const struct bs_creature *c = def->creature;
	/* [11.8] RULING R-446: the exceptions of its creatures */
	x->gm = bs_tt_mover_of(def, BS_RULES_BS1E, def->formation);
	bs1e_unit_sheet(sc, side, i, sh);
	memset(&u->r, 0, sizeof u->r);
	u->r.ratio = sh->ratio.value;
	u->r.hd_fig = sh->hd_fig.value;
	u->r.base_ar = sh->ar.value;
	u->r.ac = sh->ac.value;
	u->r.mv = sh->mv.value;
	u->r.ml = sh->ml.value;
	u->r.dl = sh->dl.value;
	u->r.size = sh->size;
	/* Table 2 [2.3]; no base: a 1" counter (RULING R-103) */
	const struct bs1e_t2_row *t2 = &bs1e_table2[sh->base];
	u->r.base_w = t2->width_8ths > 0 ? t2->width_8ths / 8.0 : 1.0;
	u->r.base_d = t2->depth_8ths > 0 ? t2->depth_8ths / 8.0 : 1.0;
	int psm, pl;
	unsigned lsm =
	    damage_dice(&sh->damage, 0, &u->r.dmg_sm, &u->r.poison_sm, &psm);
	unsigned ll =
	    damage_dice(&sh->damage, 1, &u->r.dmg_l, &u->r.poison_l, &pl);
	u->r.poison_shift = psm > pl ? psm : pl;
	/* [13.4] RULING R-710: the figure's paralyzing creature */
	for (int i = 0; i < sh->damage.nsrc && !u->r.paralyzer; i++)
		u->r.paralyzer = sh->damage.src[i].paralyzer;
	/* [11.4] "Weapons that do double damage in a charge also do double
	 * damage in a cavalry or chariot charge": a lance, mounted */
	if (sh->mounting != BS1E_ON_FOOT) {
		u->r.lance_sm = lsm;
		u->r.lance_l = ll;
	}
	/* the weapon in hand (RULING R-306: the first usable in melee) */
	int k = bs_unit_weapon_in_hand(def, sh->mounting != BS1E_ON_FOOT);
	if (k >= 0) {
		u->r.pike = def->weapons[k].weapon->is_pike;
		u->r.polearm = def->weapons[k].weapon->is_polearm;
		u->r.set_spear = def->weapons[k].weapon->set_vs_charge;
		x->magic_weapon = def->weapons[k].plus > 0;
	}
	/* [8.2] every melee weapon of a unit on foot, rated, so that it can
	 * change weapons at the beginning of a Melee Phase. RULING R-175: a
	 * mounted unit's damage is rider and mount together ([11.2],
	 * [11.3]): it keeps the weapon in hand. */
	u->r.nweapons = 0;
	u->r.in_hand = 0;
	if (sh->mounting == BS1E_ON_FOOT && sh->nweapons == def->nweapons)
		for (int w = 0; w < sh->nweapons && w < BS_UNIT_MAX_WEAPONS;
		     w++) {
			struct bs_weapon_rated *wr = &u->r.wpn[w];
			const struct bs1e_weapon_sheet *ws = &sh->weapons[w];
			if (!bs_weapon_melee_usable(def->weapons[w].weapon, 0))
				break; /* RULING R-306 */
			wr->base_ar = ws->ar.value;
			wr->dmg_sm = ws->vs_sm;
			wr->dmg_l = ws->vs_l;
			wr->pike = def->weapons[w].weapon->is_pike;
			wr->polearm = def->weapons[w].weapon->is_polearm;
			wr->set_spear = def->weapons[w].weapon->set_vs_charge;
			wr->magic = def->weapons[w].plus > 0;
			u->r.nweapons = w + 1;
		}
	u->r.shield = def->shield;
	/* [11.2] [11.3] the special abilities of rider or steed, the
	 * special defenses of both (RULING R-545) */
	unsigned cf = bs1e_mounted_flags(def);
	if (c) {
		u->r.chaotic = c->law == BS_LAW_CHAOTIC;
		u->r.lawful = c->law == BS_LAW_LAWFUL;
		u->r.low_int = c->intelligence <= BS_INT_LOW;
		u->r.never_checks_morale =
		    (c->flags & (BS_CF_NEVER_CHECKS_MORALE | BS_CF_MINDLESS)) !=
		    0;
		u->r.undead = (cf & BS_CF_UNDEAD) != 0;
		u->r.level_drain = (cf & BS_CF_LEVEL_DRAIN) != 0;
		u->r.magic_to_hit = (cf & BS_CF_MAGIC_TO_HIT) != 0;
		u->r.daylight_penalty =
		    (c->flags & BS_CF_DAYLIGHT_PENALTY) != 0;
	}
	x->regular = def->type == BS_UNIT_REGULAR ||
		     def->type == BS_UNIT_ELITE ||
		     def->type == BS_UNIT_BERSERKER;
	x->skirmish = def->type == BS_UNIT_SKIRMISH;
	x->mob = def->type == BS_UNIT_MOB;
	x->berserker = def->type == BS_UNIT_BERSERKER;
	/* [4.1] "Units that never check morale (e.g., berserkers ...)" */
	if (x->berserker)
		u->r.never_checks_morale = 1;
	x->infantry = sh->mounting == BS1E_ON_FOOT;
	x->mounting = sh->mounting;
	/* [10.0]-[10.10] what it fires with (issue 14) */
	bs1e_rate_missile(sc, def, sh, &u->r.msl);
	/* [13.9] "Mindless undead (zombies, skeletons, etc.) ... never
	 * check morale or discipline": every creature of the unit is
	 * mindless (a mixed unit, RULING R-040: a quality every part has) */
	x->mindless = c && (c->flags & BS_CF_MINDLESS) != 0;
	for (int k = 0; k < def->nmix; k++)
		if (!def->mix[k].creature ||
		    !(def->mix[k].creature->flags & BS_CF_MINDLESS))
			x->mindless = 0;
	/* [13.8] "Creatures with this ability", an Advanced Game rule:
	 * RULING R-605, every creature of the figure (a special defence of
	 * rider and steed both, R-545; every part of a mixed unit, R-040) */
	x->regenerates =
	    sc->level == BS_LEVEL_ADVANCED && (cf & BS_CF_REGENERATES) != 0;
	for (int k = 0; k < def->nmix; k++)
		if (!def->mix[k].creature ||
		    !(def->mix[k].creature->flags & BS_CF_REGENERATES))
			x->regenerates = 0;
}

static int name_eq(const char *a, const char *b)
{
	return strcasecmp(a, b) == 0;
}

/* The 1E scratch, sized from the battle (b->scratch, also when only
 * partly allocated: bs1e_release frees it). Returns 0, -1 out of memory. */
static int alloc_scratch(struct bs_battle *b)
{
	const struct bs_scenario *sc = b->sc;
	struct bs1e_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	b->scratch = s;
	size_t nu = (size_t)(b->nunits ? b->nunits : 1);
	s->ux = calloc(nu, sizeof *s->ux);
	/* a block touches few others: 8 melees per unit is ample; more
	 * are dropped with a NOTE (never seen) */
	s->maxpairs = 8 * b->nunits + 16;
	s->pairs = calloc((size_t)s->maxpairs, sizeof *s->pairs);
	s->melees = calloc((size_t)s->maxpairs, sizeof *s->melees);
	s->order = calloc((size_t)s->maxpairs, sizeof *s->order);
	/* [14.7] RULING R-686: an attack in up to BS1E_BONUS_PARTS parts */
	s->maxhits = 4 * BS1E_BONUS_PARTS * s->maxpairs;
	s->hits = calloc((size_t)s->maxhits, sizeof *s->hits);
	s->tried_unit = calloc(nu, 1);
	s->seq = calloc(nu, sizeof *s->seq);
	s->memo = calloc(1, sizeof *s->memo);
	s->pm = calloc(BS1E_PAIRMEMO, sizeof *s->pm);
	s->near_w = (b->nunits + 63) / 64;
	s->near = calloc(nu * (size_t)s->near_w, sizeof *s->near);
	s->near_dirty = calloc((size_t)s->near_w, sizeof *s->near_dirty);
	if (!s->near || !s->near_dirty)
		return -1;
	/* the grid of the pair table: cells of at least 2", some 1,024 on
	 * the table at most; one cell (every unit a candidate) for a few
	 * units, where the grid costs more than it saves */
	double tw = sc->width > 0 ? sc->width : 1,
	       td = sc->depth > 0 ? sc->depth : 1;
	s->gcell = sqrt(tw * td / 1024.0);
	if (!(s->gcell >= 2.0))
		s->gcell = 2.0;
	if (b->nunits <= GRID_MIN_UNITS)
		s->gcell = tw > td ? tw : td;
	s->gw = (int)ceil(tw / s->gcell);
	s->gh = (int)ceil(td / s->gcell);
	s->gw = s->gw < 1 ? 1 : s->gw > 256 ? 256 : s->gw;
	s->gh = s->gh < 1 ? 1 : s->gh > 256 ? 256 : s->gh;
	s->grid = calloc((size_t)s->gw * (size_t)s->gh * (size_t)s->near_w,
			 sizeof *s->grid);
	s->offgrid = calloc((size_t)s->near_w, sizeof *s->offgrid);
	s->cand = calloc((size_t)s->near_w, sizeof *s->cand);
	s->gspan = calloc(nu, sizeof *s->gspan);
	if (!s->grid || !s->offgrid || !s->cand || !s->gspan)
		return -1;
	for (int g = 0; g < b->nunits; g++) {
		s->gspan[g][0] = -1;
		s->offgrid[g / 64] |= 1ull << (g % 64);
	}
	size_t ni = (size_t)(b->nindivs ? b->nindivs : 1);
	s->ix = calloc(ni, sizeof *s->ix);
	s->holder = calloc(ni, sizeof *s->holder);
	s->vacant_from = calloc(ni, sizeof *s->vacant_from);
	s->turn_failed = calloc(ni * nu, 1);
	/* [13.6] the pairs of units, then of individuals and units
	 * (RULING R-604) */
	s->awe_done = calloc(nu * nu + ni * nu, 1);
	if (!s->awe_done)
		return -1;
	s->turn_round = calloc(ni * nu, sizeof *s->turn_round);
	if (!s->turn_failed || !s->turn_round)
		return -1;
	if (!s->ux || !s->pairs || !s->melees || !s->order || !s->hits ||
	    !s->tried_unit || !s->seq || !s->memo || !s->pm || !s->ix ||
	    !s->holder || !s->vacant_from)
		return -1;
	for (int i = 0; i < BS1E_PAIRMEMO; i++)
		s->pm[i].g = s->pm[i].h = -1;
	for (int sd = 0; sd < sc->nsides; sd++) {
		s->lost[sd] = calloc((size_t)sc->sides[sd].nindividuals + 1, 1);
		if (!s->lost[sd])
			return -1;
	}
	return 0;
}

static enum bs_status bs1e_init(struct bs_battle *b, struct bs_diags *d)
{
	const struct bs_scenario *sc = b->sc;
	/* the engine's limits: figures per unit (the used mask), units */
	enum bs_status st =
	    bs_battle_limits(b, BS1E_MAX_FIGS, BS1E_MAX_UNITS, d);
	if (st != BS_OK)
		return st;
	if (alloc_scratch(b) != 0) {
		bs_diags_add(d, sc->file, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	st = bs_tt_terrain_attach(b, d);
	if (st != BS_OK)
		return st;
	struct bs1e_scratch *s = bs1e_sc(b);
	b->stands = (sc->options & (1u << BS_OPT_STANDS)) != 0;
	b->d20_initiative = (sc->options & (1u << BS_OPT_D20_INITIATIVE)) != 0;
	struct bs1e_unit_sheet *sh = malloc(sizeof *sh);
	if (!sh) {
		bs_diags_add(d, sc->file, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		rate_unit(sc, u->side, u->idx, sh, u, &s->ux[g]);
	}
	free(sh);
	struct bs1e_indiv_sheet *is = malloc(sizeof *is);
	if (!is) {
		bs_diags_add(d, sc->file, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	for (int k = 0; k < b->nindivs; k++) {
		struct bs_indiv_state *ind = &b->indivs[k];
		bs1e_indiv_sheet(sc, ind->side, ind->idx, is);
		ind->cr = is->cr.value;
		ind->cb = is->cb.value;
		ind->mv = is->mv.value;
	}
	free(is);
	/* [9.4] the individuals' fighting numbers, hit points (issue 15) */
	bs1e_indivs_rate(b);
	/* [14.1] [14.3] their spells and saving throws (issue 16) */
	if (bs1e_cast_init(b) != 0) {
		bs_diags_add(d, sc->file, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	/* Table 7 hated opponents (PH p. 18): the creature names its
	 * unit hates */
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_creature *c = b->units[g].def->creature;
		if (!c)
			continue;
		for (int h = 0; h < b->nunits; h++) {
			const struct bs_creature *e = b->units[h].def->creature;
			if (b->units[h].side == b->units[g].side || !e)
				continue;
			for (int k = 0; k < c->nhates; k++)
				if (name_eq(c->hates[k], e->name))
					s->ux[g].hated[h / 64] |= 1ull
								  << (h % 64);
		}
	}
	return BS_OK;
}

static void deploy_unit(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	const struct bs_unit *def = u->def;
	struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	u->figures = u->original = def->figures;
	u->wounded = 0;
	if (u->r.in_hand != 0)
		bs1e_take_weapon(b, g, 0);
	/* RULING R-136 (known-gaps 28): [3.4] placement is the scenario's,
	 * as given; "two full moves" is the scenario writer's concern */
	u->front = (struct bs_vec){def->x, def->y};
	u->facing = def->facing;
	u->formation = def->formation;
	if (x->mob)
		u->formation = BS_FORM_MOB;
	else if (x->skirmish)
		u->formation = BS_FORM_SKIRMISH;
	u->files = def->frontage > 0
		       ? def->frontage
		       : bs_tt_default_files(u->formation, u->figures,
					     u->r.base_w, u->r.base_d);
	if (u->files > u->figures)
		u->files = u->figures;
	bs_unit_state_clear(u);
	bs1e_missile_reset(b, g);
	u->commander = def->commander;
	u->cb = 0;
	memset(x->used, 0, sizeof x->used);
	x->c_valid = 0;
	x->figs_phase = u->figures;
	x->attacked = 0;
	x->calm = 0;
	x->wound_noregen = 0;
	x->ndead = 0; /* [13.8] RULING R-720: none lying dead */
	x->risen = 0;
	/* [13.9] RULING: no last order, no friends fought yet
	 * (a battle played after another on the same scratch starts clean) */
	x->has_last = 0;
	x->rampage = -1;
	x->rampage_round = 0;
	x->mc_cr = 0;
	/* [14.6 A] RULING R-462: a detachment slot starts out of play, with
	 * no figure, its figures' owner the parent's side */
	u->owner = u->parent >= 0 ? b->units[u->parent].side : u->side;
	if (u->parent >= 0) {
		u->figures = u->original = 0;
		u->files = 0;
		x->figs_phase = 0;
		u->flags |= BS_UF_REMOVED | BS_UF_RESERVED;
	}
}

static void bs1e_reset(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int g = 0; g < b->nunits; g++)
		deploy_unit(b, g);
	for (int k = 0; k < b->nindivs; k++) {
		struct bs_indiv_state *ind = &b->indivs[k];
		const struct bs_individual *def = ind->def;
		ind->pos = (struct bs_vec){def->x, def->y};
		/* an independent figure starts facing the table from its
		 * side's home edge, like the units */
		ind->facing = bs_edge_facing(b->sc->sides[ind->side].edge);
		ind->alive = 1;
		ind->lost = 0;
		ind->fate = -1;
		ind->flags = 0;
		ind->with_unit = -1;
		/* [9.2] "For the purposes of the Basic Game, Unit Commanders
		 * are always assumed to be fighting with the unit"; [9.1]
		 * members are part of a figure of their unit */
		if (def->leads >= 0 && def->rank == BS_RANK_UNIT)
			ind->with_unit = def->leads;
		const struct bs_side *sd = &b->sc->sides[ind->side];
		for (int i = 0; i < sd->nunits; i++) {
			if (sd->units[i].commander == ind->idx &&
			    def->rank == BS_RANK_UNIT)
				ind->with_unit = i;
			for (int m = 0; m < sd->units[i].nmembers; m++)
				if (sd->units[i].members[m] == ind->idx)
					ind->with_unit = i;
		}
	}
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		if (u->commander >= 0)
			u->cb =
			    b->indivs[b->indiv_first[u->side] + u->commander]
				.cb;
	}
	for (int sd = 0; sd < b->nsides; sd++)
		memset(s->lost[sd], 0,
		       (size_t)b->sc->sides[sd].nindividuals + 1);
	memset(s->tried_unit, 0, (size_t)b->nunits);
	/* [14.19] no attempt made yet */
	size_t ti = (size_t)(b->nindivs ? b->nindivs : 1) *
		    (size_t)(b->nunits ? b->nunits : 1);
	memset(s->turn_failed, 0, ti);
	memset(s->turn_round, 0, ti * sizeof *s->turn_round);
	/* [13.6] no awe check made yet */
	memset(s->awe_done, 0,
	       (size_t)(b->nunits ? b->nunits : 1) *
		   ((size_t)(b->nunits ? b->nunits : 1) +
		    (size_t)(b->nindivs ? b->nindivs : 1)));
	s->morale_extra = 0;
	bs1e_indivs_reset(b);
	bs1e_regen_reset(b); /* [13.8] RULING R-724 */
	bs1e_cast_reset(b);
}

static void bs1e_release(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	bs_tt_terrain_detach(b);
	if (!s)
		return;
	free(s->ux);
	free(s->pairs);
	free(s->melees);
	free(s->order);
	free(s->hits);
	free(s->tried_unit);
	free(s->seq);
	free(s->memo);
	free(s->pm);
	free(s->near);
	free(s->near_dirty);
	free(s->grid);
	free(s->offgrid);
	free(s->cand);
	free(s->gspan);
	free(s->ix);
	free(s->holder);
	free(s->vacant_from);
	free(s->spell_left);
	free(s->turn_failed);
	free(s->turn_round);
	free(s->awe_done);
	free(s->fx);  /* issue 16 RULING R-620 */
	free(s->bon); /* issue 16 [14.7] */
	for (int sd = 0; sd < BS_MAX_SIDES; sd++)
		free(s->lost[sd]);
	free(s);
	b->scratch = NULL;
}

/* Before round 1: the battle's start and the deployment [3.4]. */
static void bs1e_start(struct bs_battle *b)
{
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_BATTLE_START);
		ev.what = b->sc->name;
		ev.n[0] = (int)(b->seed & 0x7fffffff);
		ev.n[1] = b->nsides;
		ev.cite = "[3.4]";
		bs_battle_emit(b, &ev);
		for (int g = 0; g < b->nunits; g++) {
			const struct bs_unit_state *u = &b->units[g];
			if (u->flags & BS_UF_RESERVED)
				continue; /* RULING R-462: not on the table */
			bs1e_ev(b, &ev, BS_EV_DEPLOY);
			bs_battle_ev_units(b, &ev, g, -1);
			ev.x1 = u->front.x;
			ev.y1 = u->front.y;
			ev.f1 = u->facing;
			ev.n[0] = u->figures;
			ev.n[1] = u->files;
			ev.n[2] = (int)u->formation;
			ev.cite = "[3.4]";
			bs_battle_emit(b, &ev);
		}
		for (int k = 0; k < b->nindivs; k++) {
			const struct bs_indiv_state *ind = &b->indivs[k];
			if (ind->with_unit >= 0)
				continue;
			bs1e_ev(b, &ev, BS_EV_DEPLOY);
			ev.side = ind->side;
			ev.indiv = ind->idx;
			ev.x1 = ind->pos.x;
			ev.y1 = ind->pos.y;
			ev.f1 = ind->facing;
			if (bs1e_indivs_in_play(b)) {
				/* issue 15: a figure with hit points [9.4] */
				ev.n[0] = ind->hp;
				ev.n[3] = (int)ind->role;
				ev.n[4] = (int)ind->rank;
			}
			ev.cite = "[9.2]";
			bs_battle_emit(b, &ev);
		}
	}
	/* RULING R-502: a figure set down on a unit steps aside */
	bs1e_indivs_make_way(b);
	bs1e_command_update(b, 1);
	/* [14.1] RULING R-707: the spells pre-cast before the battle */
	bs1e_precast(b);
}

/* The ruleset's set-up entry points (the table is in round.c). */
enum bs_status bs1e_ruleset_init(struct bs_battle *b, struct bs_diags *d)
{
	return bs1e_init(b, d);
}

void bs1e_ruleset_reset(struct bs_battle *b)
{
	bs1e_reset(b);
}

void bs1e_ruleset_start(struct bs_battle *b)
{
	bs1e_start(b);
}

void bs1e_ruleset_release(struct bs_battle *b)
{
	bs1e_release(b);
}
