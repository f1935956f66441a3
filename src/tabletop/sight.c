/* Missile sight (issue 14): the firing figures of a unit [10.0], their
 * 45-degree arcs and lines of sight [10.1] between base centres, blocked
 * by the blocks of other units (RULING R-473), indirect fire over friends
 * at least 3" away [10.7] (RULING R-479), reach and the catapult's
 * minimum range [10.9] (RULING R-474). Geometry only: the rules decide
 * who may fire and what it does (src/bs1e/r10_missiles.c). */
#include <math.h>
#include <string.h>

#include "battlesim/battle.h"
#include "battlesim/ground.h"
#include "battlesim/sight.h"

#define EPS 1e-9
/* cos 45 degrees (BS_TT_FIRE_ARC) */
#define COS_ARC 0.70710678118654752440
_Static_assert(BS_TT_FIRE_ARC == 45.0, "COS_ARC is cos 45 degrees");

int bs_tt_seg_crosses(struct bs_vec a, struct bs_vec b, const struct bs_quad *q,
		      double graze)
{
	/* Cyrus-Beck: clip the segment a + t (b - a), t in [0, 1], to the
	 * convex quad (corners counter-clockwise: inside is to the left of
	 * every edge). */
	struct bs_vec d = bs_vec_sub(b, a);
	double len = bs_vec_len(d);
	double t0 = 0, t1 = 1;
	for (int i = 0; i < 4; i++) {
		struct bs_vec p = q->p[i], r = q->p[(i + 1) % 4];
		struct bs_vec e = bs_vec_sub(r, p);
		/* inside: cross(e, x - p) >= 0 */
		double num = bs_vec_cross(e, bs_vec_sub(a, p));
		double den = bs_vec_cross(e, d);
		if (fabs(den) < EPS) {
			/* parallel: outside, or along the edge within the
			 * graze (not into the block) */
			if (num < graze * bs_vec_len(e))
				return 0;
			continue;
		}
		double t = -num / den;
		if (den > 0) {
			if (t > t0)
				t0 = t;
		} else if (t < t1) {
			t1 = t;
		}
		if (t0 >= t1)
			return 0;
	}
	return (t1 - t0) * len > graze;
}

/* 1 when a figure at x facing dir has point y within its arc. */
static int in_arc(struct bs_vec x, struct bs_vec dir, struct bs_vec y)
{
	struct bs_vec v = bs_vec_sub(y, x);
	double l = bs_vec_len(v);
	if (l < EPS)
		return 1;
	/* [10.1] "45 degrees to either side of the figure" */
	return bs_vec_dot(v, dir) >= l * COS_ARC - EPS;
}

/* RULING R-495 [10.1] [11.9] 1 when the terrain hides y from x: more
 * woods along the line than the firers see in woods ("up to 6" in woods"
 * for woodland creatures, "only up to 1"" for the others), a building the
 * line passes through (one it starts or ends in is the firer's or the
 * target's own), or ground between them higher than the ground at both
 * ends (a hill in the way). */
static int terrain_blocks(const struct bs_tt_fire_spec *spec, struct bs_vec x,
			  struct bs_vec y)
{
	const struct bs_terrain_index *ti = spec->ti;
	double len = bs_vec_dist(x, y);
	if (bs_terrain_length_in(ti, x, y, BS_T14_WOODS, 0, 0) >
	    bs_terrain_woods_sight(spec->woodland) + EPS)
		return 1;
	struct bs_terrain_span sp[64];
	int n = bs_terrain_segment(ti, x, y, sp, 64);
	for (int i = 0; i < n && i < 64; i++) {
		const struct bs_terrain *f =
		    bs_terrain_feature(ti, sp[i].feature);
		if (bs_terrain_kind_of(f->type)->blocks_sight &&
		    sp[i].t0 > EPS && sp[i].t1 < len - EPS)
			return 1;
	}
	int la = bs_terrain_level_at(ti, x), lb = bs_terrain_level_at(ti, y);
	return bs_terrain_peak(ti, x, y, 0, len) > (la > lb ? la : lb);
}

/* The obstacles near the line xy (bounding boxes) that it crosses: 0
 * clear, 1 blocked (*who the first), 2 only friends at the indirect
 * distance crossed (*who the first of them). */
static int line_state(struct bs_vec x, struct bs_vec y,
		      const struct bs_quad *obst, const unsigned char *friendly,
		      const double *fdist, int n, int indirect_ok, int *who)
{
	double lx = fmin(x.x, y.x), hx = fmax(x.x, y.x);
	double ly = fmin(x.y, y.y), hy = fmax(x.y, y.y);
	int state = 0;
	for (int k = 0; k < n; k++) {
		const struct bs_quad *q = &obst[k];
		double qlx = q->p[0].x, qhx = q->p[0].x;
		double qly = q->p[0].y, qhy = q->p[0].y;
		for (int i = 1; i < 4; i++) {
			qlx = fmin(qlx, q->p[i].x);
			qhx = fmax(qhx, q->p[i].x);
			qly = fmin(qly, q->p[i].y);
			qhy = fmax(qhy, q->p[i].y);
		}
		if (qhx < lx || qlx > hx || qhy < ly || qly > hy)
			continue;
		if (!bs_tt_seg_crosses(x, y, q, BS_TT_GRAZE))
			continue;
		int over = indirect_ok && friendly && friendly[k] && fdist &&
			   fdist[k] + EPS >= BS_TT_INDIRECT_GAP;
		if (!over) {
			*who = k;
			return 1;
		}
		if (state == 0)
			*who = k;
		state = 2;
	}
	return state;
}

#define MAXF 256 /* figures looked at per unit (the engine's are fewer) */

/* The base of a figure centred at c, facing `facing`. */
static struct bs_quad base_quad(struct bs_vec c, double facing, double w,
				double d)
{
	struct bs_vec front =
	    bs_vec_add(c, bs_vec_scale(bs_dir(facing), d / 2));
	return bs_block(front, facing, w, d);
}

/* RULING R-474: the range between two figures is the distance between
 * their bases (nearest points); `cd` is their centres' distance, `slack`
 * the two bases' half diagonals: the exact distance is needed only near
 * the band's limits. */
static double base_dist(const struct bs_quad *a, const struct bs_quad *b,
			double cd, double slack, double lo, double hi)
{
	if (cd - slack > hi + EPS)
		return cd - slack; /* surely beyond reach */
	if (cd + EPS < lo)
		return cd - slack; /* surely inside the minimum */
	return bs_quad_dist(a, b);
}

int bs_tt_sight_geom(const struct bs_tt_shape *fs, const struct bs_tt_pose *fp,
		     const struct bs_tt_shape *ts, const struct bs_tt_pose *tp,
		     const struct bs_tt_fire_spec *spec,
		     const struct bs_quad *obst, const unsigned char *friendly,
		     const double *fdist, int n, struct bs_tt_sight *out)
{
	memset(out, 0, sizeof *out);
	out->over = out->hidden_by = -1;
	out->standing = ts->figures;
	struct bs_vec fpos[MAXF], tpos[MAXF];
	struct bs_quad fb[MAXF], tb[MAXF];
	int nf = 0, nt = 0;
	/* [10.0] "the first two rows of archers can fire ... only the first
	 * row" for other missile weapons */
	for (int r = 0; r < spec->rows && r < fs->ranks; r++)
		for (int f = 0; f < fs->files && nf < MAXF; f++)
			if (bs_tt_figure_at(fs, f, r) >= 0) {
				fpos[nf] = bs_tt_slot_pos(fs, fp, f, r);
				fb[nf] = base_quad(fpos[nf], fp->facing,
						   fs->base_w, fs->base_d);
				nf++;
			}
	for (int i = 0; i < ts->figures && nt < MAXF; i++) {
		int f, r;
		bs_tt_slot(ts, i, &f, &r);
		tpos[nt] = bs_tt_slot_pos(ts, tp, f, r);
		tb[nt] =
		    base_quad(tpos[nt], tp->facing, ts->base_w, ts->base_d);
		nt++;
	}
	double slack =
	    (hypot(fs->base_w, fs->base_d) + hypot(ts->base_w, ts->base_d)) / 2;
	struct bs_vec dir = bs_dir(fp->facing);
	/* per target figure: in reach of a firer, seen directly, seen over
	 * friends; per firer: sees one directly, over friends */
	unsigned char reach[MAXF] = {0}, sd[MAXF] = {0}, si[MAXF] = {0};
	unsigned char fd[MAXF] = {0}, fi[MAXF] = {0};
	double best_d = HUGE_VAL, best_i = HUGE_VAL;
	struct bs_vec bd_from = {0, 0}, bd_to = {0, 0}, bi_from = {0, 0},
		      bi_to = {0, 0};
	int over = -1, hidden = -1;
	for (int j = 0; j < nt; j++) {
		for (int i = 0; i < nf; i++) {
			double cd = bs_vec_dist(tpos[j], fpos[i]);
			double d = base_dist(&fb[i], &tb[j], cd, slack,
					     spec->min_range, spec->reach);
			if (d > spec->reach + EPS)
				continue;
			if (d + EPS < spec->min_range) {
				out->too_close = 1;
				continue;
			}
			reach[j] = 1;
			if (!in_arc(fpos[i], dir, tpos[j]))
				continue;
			int who = -1;
			int st = line_state(fpos[i], tpos[j], obst, friendly,
					    fdist, n, spec->indirect_ok, &who);
			if (st == 1) {
				if (hidden < 0)
					hidden = who;
				continue;
			}
			if (spec->ti &&
			    terrain_blocks(spec, fpos[i], tpos[j])) {
				out->terrain_hid = 1;
				continue;
			}
			if (st == 0) {
				sd[j] = fd[i] = 1;
				if (d < best_d) {
					best_d = d;
					bd_from = fpos[i];
					bd_to = tpos[j];
				}
			} else {
				si[j] = fi[i] = 1;
				if (over < 0)
					over = who;
				if (d < best_i) {
					best_i = d;
					bi_from = fpos[i];
					bi_to = tpos[j];
				}
			}
		}
	}
	int direct = 0;
	for (int i = 0; i < nf; i++)
		direct += fd[i];
	for (int j = 0; j < nt; j++)
		out->in_reach += reach[j];
	/* RULING R-479: direct fire when any figure has a direct line; else
	 * indirect fire over friends [10.7] */
	const unsigned char *fset = direct > 0 ? fd : fi;
	const unsigned char *tset = direct > 0 ? sd : si;
	for (int i = 0; i < nf; i++)
		out->firers += fset[i];
	for (int j = 0; j < nt; j++)
		out->seen += tset[j];
	if (out->firers == 0)
		return 0;
	out->indirect = direct == 0;
	out->over = out->indirect ? over : -1;
	out->range = direct > 0 ? best_d : best_i;
	out->from = direct > 0 ? bd_from : bi_from;
	out->to = direct > 0 ? bd_to : bi_to;
	if (out->seen < out->in_reach)
		out->hidden_by = hidden;
	return out->firers;
}

int bs_tt_unit_sight(const struct bs_battle *b, int side, int unit, int tside,
		     int tunit, const struct bs_tt_fire_spec *spec,
		     const struct bs_move_point *at, struct bs_tt_sight *out)
{
	struct bs_tt_shape fs, ts;
	struct bs_tt_pose fp, tp;
	bs_tt_unit_shape(b, side, unit, &fs);
	bs_tt_unit_pose(b, side, unit, &fp);
	bs_tt_unit_shape(b, tside, tunit, &ts);
	bs_tt_unit_pose(b, tside, tunit, &tp);
	int moving = at ? b->side_first[at->side] + at->unit : -1;
	struct bs_tt_shape ms;
	struct bs_tt_pose mp;
	if (at) {
		const struct bs_unit_state *t = &b->units[moving];
		bs_tt_shape_make(at->formation,
				 at->figures > 0 ? at->figures : 1, at->files,
				 t->r.base_w, t->r.base_d, b->stands, &ms);
		mp.front = (struct bs_vec){at->x, at->y};
		mp.facing = at->facing;
		if (at->side == tside && at->unit == tunit) {
			ts = ms;
			tp = mp;
		}
	}
	struct bs_quad fq = bs_tt_quad(&fs, &fp);
	struct bs_tt_fire_spec sp = *spec;
	sp.ti = b->terrain;
	sp.woodland = bs_tt_unit_all(b->units[b->side_first[side] + unit].def,
				     BS_CF_WOODLAND);
	spec = &sp;
	struct bs_quad obst[BS_TT_MAX_OBST];
	unsigned char friendly[BS_TT_MAX_OBST];
	double fdist[BS_TT_MAX_OBST];
	int map[BS_TT_MAX_OBST], n = 0;
	int g = b->side_first[side] + unit, h = b->side_first[tside] + tunit;
	for (int k = 0; k < b->nunits && n < BS_TT_MAX_OBST; k++) {
		const struct bs_unit_state *u = &b->units[k];
		if (k == g || k == h || (u->flags & BS_UF_REMOVED))
			continue;
		obst[n] = k == moving ? bs_tt_quad(&ms, &mp)
				      : bs_tt_unit_quad(b, u->side, u->idx);
		friendly[n] = u->side == side;
		fdist[n] = friendly[n] && spec->indirect_ok
			       ? bs_quad_dist(&fq, &obst[n])
			       : 0;
		map[n++] = k;
	}
	int r = bs_tt_sight_geom(&fs, &fp, &ts, &tp, spec, obst, friendly,
				 fdist, n, out);
	if (out->over >= 0)
		out->over = map[out->over];
	if (out->hidden_by >= 0)
		out->hidden_by = map[out->hidden_by];
	return r;
}
