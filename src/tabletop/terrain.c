/* Terrain on the tabletop (battlesim/terrain.h): Table 14 [11.8] and the
 * kinds of feature, the index of a scenario's features (outlines, bounding
 * boxes, triangles shrunk by the touch tolerance), and the queries on
 * points, segments, blocks and moving blocks, with the [11.8] costs of a
 * move (RULINGS R-440 .. R-452). Moving blocks: the stretch of a straight
 * move on a convex piece is one separating-axis interval in closed form;
 * a wheel meets a piece where a corner's circle crosses an edge, both ways
 * round (the kernel's method, RULING R-330), so no query steps along a
 * path. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "battlesim/battle.h"
#include "battlesim/ground.h"
#include "battlesim/terrain.h"
#include "tabletop/terrain_int.h"

#define PI 3.14159265358979323846

/* ---- Table 14 [11.8] ------------------------------------------------------
 */

/* RULING R-018 [11.8 T14] the printed effects as flags: closed formation is
 * lost in woods, rough, swamp and water and when crossing an obstacle;
 * "no charge possible through obstacles" and "may not charge uphill" clear
 * charge_ok; water is passable only to aquatic or amphibious units, at
 * their full movement rate. How the rates are paid: RULING R-444. */
const struct bs_t14_row bs_table14[BS_T14__COUNT] = {
    [BS_T14_CLEAR] = {"Clear Terrain", "clear", "Full normal movement.", 1, 1,
		      1, 1, 1, NULL},
    [BS_T14_ROAD] = {"Road", "road",
		     "Bonus of 1/3 to normal movement. The entire unit must "
		     "be on the road for the entire move.",
		     4, 3, 1, 1, 1, NULL},
    [BS_T14_WOODS] = {"Woods", "woods",
		      "Penalty of 1/3 to normal movement. Woodland creatures "
		      "ignore this penalty. No closed formation in the woods.",
		      2, 3, 0, 1, 1, "woodland"},
    [BS_T14_OBSTACLE] = {"Obstacles (streams, walls, fences, gulleys, etc.)",
			 "obstacle",
			 "Penalty of 1/3 to normal movement, no charge through "
			 "obstacles; closed formation goes to open when "
			 "crossing.",
			 2, 3, 0, 0, 1, NULL},
    [BS_T14_ELEVATION] = {"Elevation", "elevation",
			  "Penalty of 1/3 of movement rate to move up 10 feet "
			  "of elevation. No charges uphill.",
			  2, 3, 1, 0, 1, NULL},
    [BS_T14_ROUGH] = {"Rough Terrain", "rough",
		      "Penalty of 1/2 of movement rate. Mountain-bred "
		      "creatures ignore this penalty. No closed formation.",
		      1, 2, 0, 1, 1, "mountain"},
    [BS_T14_SWAMP] = {"Swamps", "swamp",
		      "Penalty of 1/2 to normal movement. Swamp inhabitants "
		      "ignore this penalty. No closed formation.",
		      1, 2, 0, 1, 1, "swamp"},
    [BS_T14_WATER] = {"Rivers, Ponds, Lakes", "water",
		      "Only units entirely of aquatic or amphibious creatures "
		      "may enter, at full movement. No closed formation.",
		      1, 1, 0, 1, 0, "aquatic"},
};
_Static_assert(BS_T14__COUNT == 8, "Table 14 prints 8 rows");

/* RULING R-440 [11.8] [11.9] Table 13: the kinds of feature. The rows of
 * Table 14 by their keys, and what they list: streams, walls, fences,
 * gulleys (the printed "etc.": hedges, ditches, trenches, which [11.9] and
 * Table 13 name) are obstacles; hills are elevation; rivers, ponds and
 * lakes are water; a building (Table 13) is crossed as an obstacle
 * . Cover and low ground as [11.9] and Table 13 name them. */
#define L BS_COVER_LIGHT
#define H BS_COVER_HARD
#define N BS_COVER_NONE
const struct bs_terrain_kind bs_terrain_kinds[BS_TERRAIN__COUNT] = {
    [BS_TERRAIN_CLEAR] = {"clear", "Clear", BS_T14_CLEAR, N, 0, 0, 0},
    [BS_TERRAIN_ROAD] = {"road", "Road", BS_T14_ROAD, N, 0, 0, 0},
    [BS_TERRAIN_WOODS] = {"woods", "Woods", BS_T14_WOODS, L, 0, 0, 0},
    [BS_TERRAIN_OBSTACLE] = {"obstacle", "Obstacle", BS_T14_OBSTACLE, N, 0, 0,
			     0},
    [BS_TERRAIN_ELEVATION] = {"elevation", "Elevation", BS_T14_ELEVATION, N, 0,
			      0, 0},
    [BS_TERRAIN_ROUGH] = {"rough", "Rough", BS_T14_ROUGH, N, 0, 0, 0},
    [BS_TERRAIN_SWAMP] = {"swamp", "Swamp", BS_T14_SWAMP, N, 0, 1, 0},
    [BS_TERRAIN_WATER] = {"water", "Water", BS_T14_WATER, N, 0, 0, 0},
    [BS_TERRAIN_STREAM] = {"stream", "Stream", BS_T14_OBSTACLE, N, 0, 1, 0},
    [BS_TERRAIN_WALL] = {"wall", "Wall", BS_T14_OBSTACLE, H, 1, 0, 0},
    [BS_TERRAIN_FENCE] = {"fence", "Fence", BS_T14_OBSTACLE, N, 0, 0, 0},
    [BS_TERRAIN_GULLEY] = {"gulley", "Gulley", BS_T14_OBSTACLE, N, 0, 1, 0},
    [BS_TERRAIN_HEDGE] = {"hedge", "Hedge", BS_T14_OBSTACLE, L, 1, 0, 0},
    [BS_TERRAIN_DITCH] = {"ditch", "Ditch", BS_T14_OBSTACLE, N, 0, 1, 0},
    [BS_TERRAIN_TRENCH] = {"trench", "Trench", BS_T14_OBSTACLE, N, 0, 1, 0},
    [BS_TERRAIN_HILL] = {"hill", "Hill", BS_T14_ELEVATION, N, 0, 0, 0},
    [BS_TERRAIN_RIVER] = {"river", "River", BS_T14_WATER, N, 0, 0, 0},
    [BS_TERRAIN_POND] = {"pond", "Pond", BS_T14_WATER, N, 0, 0, 0},
    [BS_TERRAIN_LAKE] = {"lake", "Lake", BS_T14_WATER, N, 0, 0, 0},
    [BS_TERRAIN_BUILDING] = {"building", "Building", BS_T14_OBSTACLE, H, 0, 0,
			     1},
};
#undef L
#undef H
#undef N
_Static_assert(BS_TERRAIN__COUNT == 20, "twenty kinds of feature");

int bs_terrain_type_from_key(const char *key)
{
	if (!key)
		return -1;
	for (int i = 0; i < BS_TERRAIN__COUNT; i++)
		if (strcasecmp(key, bs_terrain_kinds[i].key) == 0)
			return i;
	return -1;
}

const struct bs_terrain_kind *bs_terrain_kind_of(int t)
{
	if (t < 0 || t >= BS_TERRAIN__COUNT)
		t = BS_TERRAIN_CLEAR;
	return &bs_terrain_kinds[t];
}

enum bs_t14 bs_terrain_row(const struct bs_terrain *t, int aquatic)
{
	enum bs_t14 r = bs_terrain_kind_of(t->type)->row;
	/* RULING R-441 [11.8] "Some scenarios may specify that a specific
	 * river is fordable": fordable water is crossed as an obstacle (a
	 * stream) by units that could not enter it otherwise */
	if (r == BS_T14_WATER && t->fordable && !aquatic)
		r = BS_T14_OBSTACLE;
	return r;
}

int bs_terrain_elevation(const struct bs_terrain *t)
{
	return bs_terrain_kind_of(t->type)->row == BS_T14_ELEVATION
		   ? t->elevation
		   : 0;
}

/* ---- the index ------------------------------------------------------------
 */

struct tri {
	struct bs_vec p[3]; /* shrunk by BS_GEOM_TOUCH, counter-clockwise */
	double x0, y0, x1, y1;
};

struct feat {
	const struct bs_terrain *t;
	struct bs_vec *v; /* the outline as given */
	int nv;
	double x0, y0, x1, y1;
	int tri0, ntri;
	int level; /* bs_terrain_elevation */
	const struct bs_terrain_kind *k;
};

struct bs_terrain_index {
	int n;
	struct feat *f;
	struct tri *tri;
	int ntri;
	struct bs_vec *verts;
	int has_level; /* any feature with a level */
};

static double cross3(struct bs_vec a, struct bs_vec b, struct bs_vec c)
{
	return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

/* 1 when p lies in triangle abc (counter-clockwise), boundary included. */
static int in_tri(struct bs_vec p, struct bs_vec a, struct bs_vec b,
		  struct bs_vec c)
{
	return cross3(a, b, p) >= 0 && cross3(b, c, p) >= 0 &&
	       cross3(c, a, p) >= 0;
}

/* Shrink triangle abc (counter-clockwise) by tol: the homothety about its
 * incentre that moves every edge tol inward. 0 when it vanishes. */
static int shrink_tri(struct bs_vec a, struct bs_vec b, struct bs_vec c,
		      double tol, struct tri *out)
{
	double la = bs_vec_dist(b, c), lb = bs_vec_dist(c, a),
	       lc = bs_vec_dist(a, b);
	double per = la + lb + lc;
	double area2 = cross3(a, b, c);
	if (per <= 0 || area2 <= 0)
		return 0;
	double r = area2 / per; /* inradius: 2A / perimeter */
	if (r <= tol * 1.000001)
		return 0;
	struct bs_vec in = {(la * a.x + lb * b.x + lc * c.x) / per,
			    (la * a.y + lb * b.y + lc * c.y) / per};
	double k = (r - tol) / r;
	const struct bs_vec src[3] = {a, b, c};
	out->x0 = out->y0 = HUGE_VAL;
	out->x1 = out->y1 = -HUGE_VAL;
	for (int i = 0; i < 3; i++) {
		out->p[i] =
		    bs_vec_add(in, bs_vec_scale(bs_vec_sub(src[i], in), k));
		out->x0 = fmin(out->x0, out->p[i].x);
		out->y0 = fmin(out->y0, out->p[i].y);
		out->x1 = fmax(out->x1, out->p[i].x);
		out->y1 = fmax(out->y1, out->p[i].y);
	}
	return 1;
}

int bs_tt_triangulate(const struct bs_vec *v, int n, double tol,
		      struct bs_tt_tri *out, int max)
{
	/* RULING R-442: a simple outline (the loader checks it) cut into
	 * triangles by ear clipping, counter-clockwise */
	int idx[BS_TERRAIN_MAX_POINTS];
	int m = 0;
	if (n > BS_TERRAIN_MAX_POINTS)
		n = BS_TERRAIN_MAX_POINTS;
	double area = 0;
	for (int i = 0; i < n; i++) {
		struct bs_vec a = v[i], b = v[(i + 1) % n];
		area += a.x * b.y - b.x * a.y;
	}
	for (int i = 0; i < n; i++) {
		int j = area >= 0 ? i : n - 1 - i;
		/* no repeated point */
		if (m > 0 && bs_vec_dist(v[idx[m - 1]], v[j]) < 1e-12)
			continue;
		idx[m++] = j;
	}
	if (m > 1 && bs_vec_dist(v[idx[0]], v[idx[m - 1]]) < 1e-12)
		m--;
	int k = 0;
	while (m >= 3) {
		int ear = -1;
		double best = -HUGE_VAL;
		int best_i = -1;
		for (int i = 0; i < m && ear < 0; i++) {
			struct bs_vec a = v[idx[(i + m - 1) % m]],
				      b = v[idx[i]], c = v[idx[(i + 1) % m]];
			double cr = cross3(a, b, c);
			if (cr > best) {
				best = cr;
				best_i = i;
			}
			if (cr <= 1e-12)
				continue; /* reflex or flat */
			int clear = 1;
			for (int j = 0; j < m && clear; j++) {
				if (j == i || j == (i + m - 1) % m ||
				    j == (i + 1) % m)
					continue;
				struct bs_vec p = v[idx[j]];
				if (bs_vec_dist(p, a) < 1e-12 ||
				    bs_vec_dist(p, b) < 1e-12 ||
				    bs_vec_dist(p, c) < 1e-12)
					continue;
				if (in_tri(p, a, b, c))
					clear = 0;
			}
			if (clear)
				ear = i;
		}
		if (ear < 0)
			ear = best_i; /* degenerate: never loop forever */
		if (ear < 0)
			break;
		struct bs_vec a = v[idx[(ear + m - 1) % m]], b = v[idx[ear]],
			      c = v[idx[(ear + 1) % m]];
		if (k < max && cross3(a, b, c) > 1e-12) {
			struct tri t;
			if (shrink_tri(a, b, c, tol, &t)) {
				for (int i = 0; i < 3; i++)
					out[k].p[i] = t.p[i];
				k++;
			}
		}
		for (int i = ear; i < m - 1; i++)
			idx[i] = idx[i + 1];
		m--;
	}
	return k;
}

enum bs_status bs_terrain_index_new(const struct bs_terrain *t, int n,
				    struct bs_terrain_index **out)
{
	*out = NULL;
	if (n < 0)
		n = 0;
	int nv = 0;
	for (int i = 0; i < n; i++)
		nv += t[i].npts;
	size_t need = sizeof(struct bs_terrain_index) +
		      (size_t)(n ? n : 1) * sizeof(struct feat) +
		      (size_t)(nv ? nv : 1) * sizeof(struct bs_vec) +
		      (size_t)(nv ? nv : 1) * sizeof(struct tri);
	unsigned char *mem = calloc(1, need);
	if (!mem)
		return BS_ERR_RUNTIME;
	struct bs_terrain_index *ti = (struct bs_terrain_index *)mem;
	size_t off = sizeof *ti;
	ti->f = (struct feat *)(mem + off);
	off += (size_t)(n ? n : 1) * sizeof(struct feat);
	ti->verts = (struct bs_vec *)(mem + off);
	off += (size_t)(nv ? nv : 1) * sizeof(struct bs_vec);
	ti->tri = (struct tri *)(mem + off);
	ti->n = n;
	int vi = 0;
	for (int i = 0; i < n; i++) {
		struct feat *f = &ti->f[i];
		f->t = &t[i];
		f->k = bs_terrain_kind_of(t[i].type);
		f->level = bs_terrain_elevation(&t[i]);
		if (f->level > 0)
			ti->has_level = 1;
		f->v = &ti->verts[vi];
		f->nv = t[i].npts;
		f->x0 = f->y0 = HUGE_VAL;
		f->x1 = f->y1 = -HUGE_VAL;
		for (int j = 0; j < f->nv; j++) {
			f->v[j] =
			    (struct bs_vec){t[i].pts[j][0], t[i].pts[j][1]};
			f->x0 = fmin(f->x0, f->v[j].x);
			f->y0 = fmin(f->y0, f->v[j].y);
			f->x1 = fmax(f->x1, f->v[j].x);
			f->y1 = fmax(f->y1, f->v[j].y);
		}
		vi += f->nv;
		struct bs_tt_tri tt[BS_TERRAIN_MAX_POINTS];
		int k = f->nv >= 3
			    ? bs_tt_triangulate(f->v, f->nv, BS_GEOM_TOUCH, tt,
						BS_TERRAIN_MAX_POINTS)
			    : 0;
		f->tri0 = ti->ntri;
		f->ntri = k;
		for (int j = 0; j < k; j++) {
			struct tri *d = &ti->tri[ti->ntri++];
			d->x0 = d->y0 = HUGE_VAL;
			d->x1 = d->y1 = -HUGE_VAL;
			for (int c = 0; c < 3; c++) {
				d->p[c] = tt[j].p[c];
				d->x0 = fmin(d->x0, d->p[c].x);
				d->y0 = fmin(d->y0, d->p[c].y);
				d->x1 = fmax(d->x1, d->p[c].x);
				d->y1 = fmax(d->y1, d->p[c].y);
			}
		}
	}
	*out = ti;
	return BS_OK;
}

void bs_terrain_index_free(struct bs_terrain_index *ti)
{
	free(ti);
}

int bs_terrain_count(const struct bs_terrain_index *ti)
{
	return ti ? ti->n : 0;
}

const struct bs_terrain *bs_terrain_feature(const struct bs_terrain_index *ti,
					    int f)
{
	return ti && f >= 0 && f < ti->n ? ti->f[f].t : NULL;
}

enum bs_status bs_tt_terrain_attach(struct bs_battle *b, struct bs_diags *d)
{
	bs_tt_terrain_detach(b);
	enum bs_status st =
	    bs_terrain_index_new(b->sc->terrain, b->sc->nterrain, &b->terrain);
	if (st != BS_OK)
		bs_diags_add(d, b->sc->file, 0, 0, "out of memory");
	return st;
}

void bs_tt_terrain_detach(struct bs_battle *b)
{
	bs_terrain_index_free(b->terrain);
	b->terrain = NULL;
}

/* ---- points ----------------------------------------------------------------
 */

static int poly_contains(const struct feat *f, struct bs_vec p)
{
	if (f->nv < 3 || p.x < f->x0 || p.x > f->x1 || p.y < f->y0 ||
	    p.y > f->y1)
		return 0;
	int in = 0;
	for (int i = 0, j = f->nv - 1; i < f->nv; j = i++) {
		struct bs_vec a = f->v[i], b = f->v[j];
		if ((a.y > p.y) != (b.y > p.y) &&
		    p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x)
			in = !in;
	}
	return in;
}

int bs_terrain_contains(const struct bs_terrain_index *ti, int f,
			struct bs_vec p)
{
	return ti && f >= 0 && f < ti->n && poly_contains(&ti->f[f], p);
}

int bs_terrain_at(const struct bs_terrain_index *ti, struct bs_vec p, int *out,
		  int max)
{
	int k = 0;
	for (int i = 0; ti && i < ti->n; i++)
		if (poly_contains(&ti->f[i], p)) {
			if (out && k < max)
				out[k] = i;
			k++;
		}
	return k;
}

int bs_terrain_level_at(const struct bs_terrain_index *ti, struct bs_vec p)
{
	int lv = 0;
	if (!ti || !ti->has_level)
		return 0;
	/* RULING R-443: the highest contour that contains the point */
	for (int i = 0; i < ti->n; i++)
		if (ti->f[i].level > lv && poly_contains(&ti->f[i], p))
			lv = ti->f[i].level;
	return lv;
}

/* ---- segments
 * ---------------------------------------------------------------- */

static int box_meets_seg(const struct feat *f, struct bs_vec a, struct bs_vec b)
{
	return !(fmax(a.x, b.x) < f->x0 || fmin(a.x, b.x) > f->x1 ||
		 fmax(a.y, b.y) < f->y0 || fmin(a.y, b.y) > f->y1);
}

static void sort_d(double *v, int n)
{
	for (int i = 1; i < n; i++) {
		double x = v[i];
		int j = i;
		while (j > 0 && v[j - 1] > x) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
}

/* The parameters (inches from a, in (0, len)) where ab crosses f's
 * outline, into t (at most max); their number. */
static int seg_cuts(const struct feat *f, struct bs_vec a, struct bs_vec b,
		    double len, double *t, int max)
{
	int k = 0;
	struct bs_vec d = bs_vec_sub(b, a);
	for (int i = 0; i < f->nv && k < max; i++) {
		struct bs_vec c = f->v[i], e = f->v[(i + 1) % f->nv];
		struct bs_vec g = bs_vec_sub(e, c);
		double den = bs_vec_cross(d, g);
		if (fabs(den) < 1e-15)
			continue; /* parallel: no crossing point of its own */
		struct bs_vec w = bs_vec_sub(c, a);
		double u = bs_vec_cross(w, g) / den; /* along ab, 0..1 */
		double s = bs_vec_cross(w, d) / den; /* along ce, 0..1 */
		if (u <= 0 || u >= 1 || s < 0 || s > 1)
			continue;
		t[k++] = u * len;
	}
	return k;
}

/* The stretches of ab inside f: pairs (t0, t1) into iv; their number. */
static int seg_inside(const struct feat *f, struct bs_vec a, struct bs_vec b,
		      double len, double (*iv)[2], int max)
{
	double t[BS_TERRAIN_MAX_POINTS + 2];
	if (f->nv < 3 || !box_meets_seg(f, a, b))
		return 0;
	int k = 0;
	t[k++] = 0;
	k += seg_cuts(f, a, b, len, t + k, BS_TERRAIN_MAX_POINTS);
	t[k++] = len;
	sort_d(t, k);
	int n = 0;
	struct bs_vec d = len > 0 ? bs_vec_scale(bs_vec_sub(b, a), 1.0 / len)
				  : (struct bs_vec){0, 0};
	for (int i = 0; i + 1 < k; i++) {
		if (t[i + 1] - t[i] < 1e-12)
			continue;
		struct bs_vec m =
		    bs_vec_add(a, bs_vec_scale(d, (t[i] + t[i + 1]) / 2));
		if (!poly_contains(f, m))
			continue;
		if (n > 0 && fabs(iv[n - 1][1] - t[i]) < 1e-12) {
			iv[n - 1][1] = t[i + 1];
			continue;
		}
		if (n < max) {
			iv[n][0] = t[i];
			iv[n][1] = t[i + 1];
			n++;
		}
	}
	return n;
}

int bs_terrain_segment(const struct bs_terrain_index *ti, struct bs_vec a,
		       struct bs_vec b, struct bs_terrain_span *out, int max)
{
	int k = 0;
	double len = bs_vec_dist(a, b);
	for (int i = 0; ti && i < ti->n; i++) {
		double iv[BS_TERRAIN_MAX_POINTS][2];
		int n =
		    seg_inside(&ti->f[i], a, b, len, iv, BS_TERRAIN_MAX_POINTS);
		for (int j = 0; j < n; j++) {
			if (out && k < max) {
				/* insertion by t0, then feature */
				int at = k;
				while (at > 0 && out[at - 1].t0 > iv[j][0]) {
					out[at] = out[at - 1];
					at--;
				}
				out[at] = (struct bs_terrain_span){i, iv[j][0],
								   iv[j][1]};
			}
			k++;
		}
	}
	return k;
}

double bs_terrain_length_in(const struct bs_terrain_index *ti, struct bs_vec a,
			    struct bs_vec b, enum bs_t14 row, double skip_a,
			    double skip_b)
{
	double len = bs_vec_dist(a, b);
	double lo = skip_a > 0 ? skip_a : 0,
	       hi = len - (skip_b > 0 ? skip_b : 0);
	if (!ti || hi <= lo)
		return 0;
	/* the union of the stretches of every feature of that row */
	double iv[4 * BS_TERRAIN_MAX_POINTS][2];
	int n = 0;
	for (int i = 0; i < ti->n; i++) {
		if (ti->f[i].k->row != row)
			continue;
		double one[BS_TERRAIN_MAX_POINTS][2];
		int m = seg_inside(&ti->f[i], a, b, len, one,
				   BS_TERRAIN_MAX_POINTS);
		for (int j = 0; j < m && n < 4 * BS_TERRAIN_MAX_POINTS; j++) {
			double t0 = fmax(one[j][0], lo),
			       t1 = fmin(one[j][1], hi);
			if (t1 <= t0)
				continue;
			int at = n++;
			while (at > 0 && iv[at - 1][0] > t0) {
				iv[at][0] = iv[at - 1][0];
				iv[at][1] = iv[at - 1][1];
				at--;
			}
			iv[at][0] = t0;
			iv[at][1] = t1;
		}
	}
	double sum = 0, end = -HUGE_VAL;
	for (int i = 0; i < n; i++) {
		double t0 = fmax(iv[i][0], end);
		if (iv[i][1] > t0)
			sum += iv[i][1] - t0;
		end = fmax(end, iv[i][1]);
	}
	return sum;
}

int bs_terrain_profile(const struct bs_terrain_index *ti, struct bs_vec a,
		       struct bs_vec b, struct bs_terrain_step *out, int max)
{
	double len = bs_vec_dist(a, b);
	if (len <= 0) {
		if (out && max > 0)
			out[0] = (struct bs_terrain_step){
			    0, bs_terrain_level_at(ti, a)};
		return 1;
	}
	double t[512];
	int k = 0;
	t[k++] = 0;
	for (int i = 0; ti && ti->has_level && i < ti->n; i++) {
		const struct feat *f = &ti->f[i];
		if (f->level <= 0 || !box_meets_seg(f, a, b))
			continue;
		if (k + BS_TERRAIN_MAX_POINTS >= 511)
			break;
		k += seg_cuts(f, a, b, len, t + k, BS_TERRAIN_MAX_POINTS);
	}
	t[k++] = len;
	sort_d(t, k);
	struct bs_vec d = bs_vec_scale(bs_vec_sub(b, a), 1.0 / len);
	int n = 0, last = -1;
	for (int i = 0; i + 1 < k; i++) {
		if (t[i + 1] - t[i] < 1e-12)
			continue;
		struct bs_vec m =
		    bs_vec_add(a, bs_vec_scale(d, (t[i] + t[i + 1]) / 2));
		int lv = bs_terrain_level_at(ti, m);
		if (n > 0 && lv == last)
			continue;
		if (out && n < max)
			out[n] =
			    (struct bs_terrain_step){n == 0 ? 0 : t[i], lv};
		n++;
		last = lv;
	}
	return n;
}

int bs_terrain_peak(const struct bs_terrain_index *ti, struct bs_vec a,
		    struct bs_vec b, double t0, double t1)
{
	if (t1 <= t0)
		return -1;
	struct bs_terrain_step st[256];
	int n = bs_terrain_profile(ti, a, b, st, 256);
	if (n > 256)
		n = 256;
	int best = -1;
	double len = bs_vec_dist(a, b);
	for (int i = 0; i < n; i++) {
		double s0 = st[i].t, s1 = i + 1 < n ? st[i + 1].t : len;
		if (s1 > t0 && s0 < t1 && st[i].level > best)
			best = st[i].level;
	}
	return best < 0 ? bs_terrain_level_at(ti, a) : best;
}

int bs_terrain_sight_blocked(const struct bs_terrain_index *ti, struct bs_vec a,
			     struct bs_vec b, double skip_a, double skip_b)
{
	double len = bs_vec_dist(a, b);
	double lo = skip_a > 0 ? skip_a : 0,
	       hi = len - (skip_b > 0 ? skip_b : 0);
	for (int i = 0; ti && i < ti->n; i++) {
		if (!ti->f[i].k->blocks_sight)
			continue;
		double iv[BS_TERRAIN_MAX_POINTS][2];
		int m =
		    seg_inside(&ti->f[i], a, b, len, iv, BS_TERRAIN_MAX_POINTS);
		for (int j = 0; j < m; j++)
			if (fmin(iv[j][1], hi) - fmax(iv[j][0], lo) > 1e-9)
				return 1;
	}
	return 0;
}

/* ---- blocks: separating axes ----------------------------------------------
 */

static void proj(const struct bs_vec *p, int n, struct bs_vec ax, double *lo,
		 double *hi)
{
	double a = bs_vec_dot(p[0], ax), b = a;
	for (int i = 1; i < n; i++) {
		double d = bs_vec_dot(p[i], ax);
		a = fmin(a, d);
		b = fmax(b, d);
	}
	*lo = a;
	*hi = b;
}

/* 1 when convex polygons a (na points) and b (nb points; 2: a segment)
 * overlap: their interiors meet (for a segment: it passes through a's
 * interior). */
static int sat(const struct bs_vec *a, int na, const struct bs_vec *b, int nb)
{
	for (int w = 0; w < 2; w++) {
		const struct bs_vec *p = w ? b : a;
		int np = w ? nb : na;
		int ne = np == 2 ? 1 : np;
		for (int i = 0; i < ne; i++) {
			struct bs_vec e = bs_vec_sub(p[(i + 1) % np], p[i]);
			struct bs_vec ax = {-e.y, e.x};
			if (ax.x == 0 && ax.y == 0)
				continue;
			double alo, ahi, blo, bhi;
			proj(a, na, ax, &alo, &ahi);
			proj(b, nb, ax, &blo, &bhi);
			if (!(alo < bhi && blo < ahi))
				return 0;
		}
	}
	return 1;
}

static int quad_box_apart(const struct bs_quad *q, double x0, double y0,
			  double x1, double y1, double m)
{
	double qx0 = q->p[0].x, qx1 = q->p[0].x, qy0 = q->p[0].y,
	       qy1 = q->p[0].y;
	for (int i = 1; i < 4; i++) {
		qx0 = fmin(qx0, q->p[i].x);
		qx1 = fmax(qx1, q->p[i].x);
		qy0 = fmin(qy0, q->p[i].y);
		qy1 = fmax(qy1, q->p[i].y);
	}
	return qx1 < x0 - m || qx0 > x1 + m || qy1 < y0 - m || qy0 > y1 + m;
}

static int quad_on(const struct feat *f, const struct tri *tris,
		   const struct bs_quad *q)
{
	if (f->ntri == 0 || quad_box_apart(q, f->x0, f->y0, f->x1, f->y1, 0))
		return 0;
	for (int i = 0; i < f->ntri; i++) {
		const struct tri *t = &tris[f->tri0 + i];
		if (quad_box_apart(q, t->x0, t->y0, t->x1, t->y1, 0))
			continue;
		if (sat(q->p, 4, t->p, 3))
			return 1;
	}
	return 0;
}

int bs_tt_quad_on_tris(const struct bs_quad *q, const struct bs_tt_tri *t,
		       int n)
{
	for (int i = 0; i < n; i++)
		if (sat(q->p, 4, t[i].p, 3))
			return 1;
	return 0;
}

int bs_terrain_quad_on(const struct bs_terrain_index *ti, int f,
		       const struct bs_quad *q)
{
	return ti && f >= 0 && f < ti->n && quad_on(&ti->f[f], ti->tri, q);
}

int bs_terrain_under(const struct bs_terrain_index *ti, const struct bs_quad *q,
		     int *out, int max)
{
	int k = 0;
	for (int i = 0; ti && i < ti->n; i++)
		if (quad_on(&ti->f[i], ti->tri, q)) {
			if (out && k < max)
				out[k] = i;
			k++;
		}
	return k;
}

/* q shrunk by tol toward its centre (a block flush with an edge is within
 * it). */
static struct bs_quad shrunk(const struct bs_quad *q, double tol)
{
	struct bs_vec c = bs_quad_centre(q);
	struct bs_quad s;
	for (int i = 0; i < 4; i++) {
		struct bs_vec d = bs_vec_sub(q->p[i], c);
		double len = bs_vec_len(d);
		double k = len > 2 * tol ? (len - tol) / len : 0.5;
		s.p[i] = bs_vec_add(c, bs_vec_scale(d, k));
	}
	return s;
}

/* 1 when q is wholly inside f: no outline edge passes through it and a
 * corner is inside (q already shrunk). */
static int within(const struct feat *f, const struct bs_quad *q)
{
	if (f->nv < 3)
		return 0;
	for (int i = 0; i < 4; i++)
		if (q->p[i].x < f->x0 || q->p[i].x > f->x1 ||
		    q->p[i].y < f->y0 || q->p[i].y > f->y1)
			return 0;
	for (int i = 0; i < f->nv; i++) {
		struct bs_vec s[2] = {f->v[i], f->v[(i + 1) % f->nv]};
		if (sat(q->p, 4, s, 2))
			return 0;
		/* an outline corner inside the block */
		if (bs_quad_contains(q, s[0], 0))
			return 0;
	}
	return poly_contains(f, q->p[0]);
}

int bs_terrain_quad_within(const struct bs_terrain_index *ti, int f,
			   const struct bs_quad *q)
{
	if (!ti || f < 0 || f >= ti->n)
		return 0;
	struct bs_quad s = shrunk(q, BS_GEOM_TOUCH);
	return within(&ti->f[f], &s);
}

int bs_terrain_quad_level(const struct bs_terrain_index *ti,
			  const struct bs_quad *q)
{
	return bs_terrain_level_at(ti, bs_quad_centre(q));
}

double bs_terrain_edge_dist(const struct bs_terrain_index *ti, int f,
			    const struct bs_quad *q)
{
	if (!ti || f < 0 || f >= ti->n || ti->f[f].nv < 2)
		return HUGE_VAL;
	const struct feat *ft = &ti->f[f];
	double best = HUGE_VAL;
	for (int i = 0; i < ft->nv; i++) {
		struct bs_vec a = ft->v[i], b = ft->v[(i + 1) % ft->nv];
		for (int e = 0; e < 4; e++) {
			struct bs_vec c = q->p[e], d = q->p[(e + 1) % 4];
			if (bs_seg_intersect(a, b, c, d))
				return 0;
			best = fmin(best, bs_seg_point_dist(a, b, c));
			best = fmin(best, bs_seg_point_dist(c, d, a));
		}
		if (bs_quad_contains(q, a, 0))
			return 0;
	}
	return best;
}

int bs_terrain_at_edge(const struct bs_terrain_index *ti, int f,
		       const struct bs_quad *q, double tol)
{
	/* RULING R-447: within tol of the outline, on whichever side */
	return bs_terrain_edge_dist(ti, f, q) <= tol;
}

double bs_terrain_woods_sight(int woodland)
{
	/* [11.9] "Elves and other woodland creatures can sight and cast
	 * spells up to 6" in woods; all other creatures can sight and cast
	 * spells only up to 1"." */
	return woodland ? BS_TERRAIN_WOODS_SIGHT_WOODLAND
			: BS_TERRAIN_WOODS_SIGHT;
}

/* The distance from p to quad q (0 inside). */
static double point_quad_dist(const struct bs_quad *q, struct bs_vec p)
{
	if (bs_quad_contains(q, p, 0))
		return 0;
	double d = HUGE_VAL;
	for (int i = 0; i < 4; i++)
		d = fmin(d, bs_seg_point_dist(q->p[i], q->p[(i + 1) % 4], p));
	return d;
}

enum bs_cover bs_terrain_cover(const struct bs_terrain_index *ti,
			       struct bs_vec from, struct bs_vec to,
			       const struct bs_quad *tq, int *feature)
{
	enum bs_cover best = BS_COVER_NONE;
	int who = -1;
	double len = bs_vec_dist(from, to);
	struct bs_vec d = len > 0 ? bs_vec_scale(bs_vec_sub(to, from), 1 / len)
				  : (struct bs_vec){0, 0};
	for (int i = 0; ti && i < ti->n; i++) {
		const struct feat *f = &ti->f[i];
		enum bs_cover c = f->k->cover;
		if (c <= best)
			continue;
		int got = 0;
		if (!f->k->behind) {
			/* Table 13 "Target is in woods", "in building" */
			got =
			    tq ? quad_on(f, ti->tri, tq) : poly_contains(f, to);
		} else {
			/* "behind hedge", "behind wall": the line crosses it
			 * near the target (RULING R-448) */
			double iv[BS_TERRAIN_MAX_POINTS][2];
			int m = seg_inside(f, from, to, len, iv,
					   BS_TERRAIN_MAX_POINTS);
			for (int j = 0; j < m && !got; j++) {
				struct bs_vec at =
				    bs_vec_add(from, bs_vec_scale(d, iv[j][0]));
				double dd = tq ? point_quad_dist(tq, at)
					       : bs_vec_dist(at, to);
				got = dd <= BS_TERRAIN_BEHIND + 1e-9;
			}
		}
		if (got) {
			best = c;
			who = i;
		}
	}
	if (feature)
		*feature = who;
	return best;
}

/* ---- moving blocks
 * ----------------------------------------------------------- */

/* A straight move (rot 0) or a wheel (rot 1) of block q. */
struct motion {
	int rot;
	struct bs_quad q;
	struct bs_vec dir;     /* straight: unit vector */
	struct bs_vec pivot;   /* wheel */
	double sign;	       /* wheel: +1 clockwise, -1 anticlockwise */
	double len;	       /* inches or degrees (>= 0) */
	double x0, y0, x1, y1; /* bounding box of the whole motion */
};

static void motion_box(struct motion *mo)
{
	mo->x0 = mo->y0 = HUGE_VAL;
	mo->x1 = mo->y1 = -HUGE_VAL;
	if (!mo->rot) {
		for (int i = 0; i < 4; i++)
			for (int e = 0; e < 2; e++) {
				struct bs_vec p = bs_vec_add(
				    mo->q.p[i],
				    bs_vec_scale(mo->dir, e * mo->len));
				mo->x0 = fmin(mo->x0, p.x);
				mo->y0 = fmin(mo->y0, p.y);
				mo->x1 = fmax(mo->x1, p.x);
				mo->y1 = fmax(mo->y1, p.y);
			}
		return;
	}
	double r = 0;
	for (int i = 0; i < 4; i++)
		r = fmax(r, bs_vec_dist(mo->q.p[i], mo->pivot));
	mo->x0 = mo->pivot.x - r;
	mo->x1 = mo->pivot.x + r;
	mo->y0 = mo->pivot.y - r;
	mo->y1 = mo->pivot.y + r;
}

static struct bs_quad pose_at(const struct motion *mo, double s)
{
	if (!mo->rot) {
		struct bs_quad q;
		struct bs_vec d = bs_vec_scale(mo->dir, s);
		for (int i = 0; i < 4; i++)
			q.p[i] = bs_vec_add(mo->q.p[i], d);
		return q;
	}
	return bs_quad_rotate(&mo->q, mo->pivot, mo->sign * s);
}

static struct bs_vec centre_at(const struct motion *mo, double s)
{
	struct bs_vec c = bs_quad_centre(&mo->q);
	if (!mo->rot)
		return bs_vec_add(c, bs_vec_scale(mo->dir, s));
	return bs_rotate_about(c, mo->pivot, mo->sign * s);
}

/* The angle (degrees, [0, 360)) the motion's sense turns u onto v. */
static double turn_to(const struct motion *mo, struct bs_vec u, struct bs_vec v)
{
	/* counter-clockwise angle in the plane (x east, y north) */
	double ccw = atan2(bs_vec_cross(u, v), bs_vec_dot(u, v)) * 180.0 / PI;
	/* bs_rotate_about turns clockwise for positive degrees */
	double a = mo->sign > 0 ? -ccw : ccw;
	a = fmod(a + 360.0, 360.0);
	return a;
}

/* Where the circle about c of radius r meets segment ab: up to 2 points. */
static int circle_seg(struct bs_vec c, double r, struct bs_vec a,
		      struct bs_vec b, struct bs_vec *out)
{
	struct bs_vec d = bs_vec_sub(b, a), f = bs_vec_sub(a, c);
	double A = bs_vec_dot(d, d), B = 2 * bs_vec_dot(f, d),
	       C = bs_vec_dot(f, f) - r * r;
	if (A <= 0)
		return 0;
	double disc = B * B - 4 * A * C;
	if (disc < 0)
		return 0;
	double sq = sqrt(disc);
	int k = 0;
	for (int s = -1; s <= 1; s += 2) {
		double t = (-B + s * sq) / (2 * A);
		if (t >= 0 && t <= 1)
			out[k++] = bs_vec_add(a, bs_vec_scale(d, t));
		if (sq == 0)
			break;
	}
	return k;
}

/* The parameters in (0, len) where the overlap of the moving block and
 * convex polygon p (np points; 2: a segment) may change, into t; their
 * number. A straight move gives the two ends of its one interval. */
static int motion_events(const struct motion *mo, const struct bs_vec *p,
			 int np, double *t, int max)
{
	int k = 0;
	if (!mo->rot) {
		/* one separating-axis interval (lo, hi) */
		double lo = -HUGE_VAL, hi = HUGE_VAL;
		for (int w = 0; w < 2; w++) {
			const struct bs_vec *e0 = w ? p : mo->q.p;
			int ne = w ? (np == 2 ? 1 : np) : 4;
			int nn = w ? np : 4;
			for (int i = 0; i < ne; i++) {
				struct bs_vec e =
				    bs_vec_sub(e0[(i + 1) % nn], e0[i]);
				struct bs_vec ax = {-e.y, e.x};
				if (ax.x == 0 && ax.y == 0)
					continue;
				double qlo, qhi, plo, phi;
				proj(mo->q.p, 4, ax, &qlo, &qhi);
				proj(p, np, ax, &plo, &phi);
				double kx = bs_vec_dot(mo->dir, ax);
				if (fabs(kx) < 1e-15) {
					if (!(qlo < phi && plo < qhi)) {
						lo = HUGE_VAL;
						hi = -HUGE_VAL;
					}
					continue;
				}
				double a = (plo - qhi) / kx,
				       b = (phi - qlo) / kx;
				if (kx < 0) {
					double x = a;
					a = b;
					b = x;
				}
				lo = fmax(lo, a);
				hi = fmin(hi, b);
			}
		}
		if (lo < hi) {
			if (lo > 0 && lo < mo->len && k < max)
				t[k++] = lo;
			if (hi > 0 && hi < mo->len && k < max)
				t[k++] = hi;
		}
		return k;
	}
	/* a wheel: a corner of the block crossing an edge of p, a corner of
	 * p crossing an edge of the block (turned back) */
	int ne = np == 2 ? 1 : np;
	for (int c = 0; c < 4; c++) {
		struct bs_vec u = bs_vec_sub(mo->q.p[c], mo->pivot);
		double r = bs_vec_len(u);
		if (r <= 0)
			continue;
		for (int i = 0; i < ne; i++) {
			struct bs_vec x[2];
			int m =
			    circle_seg(mo->pivot, r, p[i], p[(i + 1) % np], x);
			for (int j = 0; j < m; j++) {
				double a =
				    turn_to(mo, u, bs_vec_sub(x[j], mo->pivot));
				if (a > 0 && a < mo->len && k < max)
					t[k++] = a;
			}
		}
	}
	for (int c = 0; c < np; c++) {
		struct bs_vec v = bs_vec_sub(p[c], mo->pivot);
		double r = bs_vec_len(v);
		if (r <= 0)
			continue;
		for (int i = 0; i < 4; i++) {
			struct bs_vec x[2];
			int m = circle_seg(mo->pivot, r, mo->q.p[i],
					   mo->q.p[(i + 1) % 4], x);
			for (int j = 0; j < m; j++) {
				/* the block's point x comes to p[c] */
				double a =
				    turn_to(mo, bs_vec_sub(x[j], mo->pivot), v);
				if (a > 0 && a < mo->len && k < max)
					t[k++] = a;
			}
		}
	}
	return k;
}

/* The stretches (s0, s1) of the motion in which the block overlaps convex
 * polygon p; merged into iv (n so far, at most max; a full list widens its
 * last stretch, erring toward "on"). Returns the new count. */
static int motion_overlaps(const struct motion *mo, const struct bs_vec *p,
			   int np, double (*iv)[2], int n, int max)
{
	double t[64];
	int k = 0;
	t[k++] = 0;
	k += motion_events(mo, p, np, t + k, 60);
	t[k++] = mo->len;
	sort_d(t, k);
	for (int i = 0; i + 1 < k; i++) {
		if (t[i + 1] - t[i] < 1e-12)
			continue;
		struct bs_quad q = pose_at(mo, (t[i] + t[i + 1]) / 2);
		if (!sat(q.p, 4, p, np))
			continue;
		/* merge into the sorted list */
		double a = t[i], b = t[i + 1];
		int at = 0;
		while (at < n && iv[at][1] < a - 1e-12)
			at++;
		if (at < n && iv[at][0] <= b + 1e-12) {
			iv[at][0] = fmin(iv[at][0], a);
			iv[at][1] = fmax(iv[at][1], b);
			/* it may now reach the next ones */
			while (at + 1 < n &&
			       iv[at + 1][0] <= iv[at][1] + 1e-12) {
				iv[at][1] = fmax(iv[at][1], iv[at + 1][1]);
				for (int j = at + 1; j + 1 < n; j++) {
					iv[j][0] = iv[j + 1][0];
					iv[j][1] = iv[j + 1][1];
				}
				n--;
			}
			continue;
		}
		if (n >= max) {
			iv[n - 1][0] = fmin(iv[n - 1][0], a);
			iv[n - 1][1] = fmax(iv[n - 1][1], b);
			continue;
		}
		for (int j = n; j > at; j--) {
			iv[j][0] = iv[j - 1][0];
			iv[j][1] = iv[j - 1][1];
		}
		iv[at][0] = a;
		iv[at][1] = b;
		n++;
	}
	return n;
}

#define MAX_IV 16

/* The stretches of the motion on feature f. */
static int feat_on(const struct bs_terrain_index *ti, const struct feat *f,
		   const struct motion *mo, double (*iv)[2])
{
	int n = 0;
	if (f->x1 < mo->x0 || f->x0 > mo->x1 || f->y1 < mo->y0 ||
	    f->y0 > mo->y1)
		return 0;
	for (int i = 0; i < f->ntri; i++) {
		const struct tri *t = &ti->tri[f->tri0 + i];
		if (t->x1 < mo->x0 || t->x0 > mo->x1 || t->y1 < mo->y0 ||
		    t->y0 > mo->y1)
			continue;
		n = motion_overlaps(mo, t->p, 3, iv, n, MAX_IV);
	}
	return n;
}

/* The stretches of the motion in which the (shrunk) block lies wholly
 * within road feature f: the complement of its meetings with the outline
 * where a corner is inside. */
static int feat_within(const struct feat *f, const struct motion *mo,
		       double (*iv)[2])
{
	double hit[MAX_IV][2];
	int nh = 0, n = 0;
	if (f->nv < 3 || f->x1 < mo->x0 || f->x0 > mo->x1 || f->y1 < mo->y0 ||
	    f->y0 > mo->y1)
		return 0;
	struct motion sm = *mo;
	sm.q = shrunk(&mo->q, BS_GEOM_TOUCH);
	for (int i = 0; i < f->nv; i++) {
		struct bs_vec s[2] = {f->v[i], f->v[(i + 1) % f->nv]};
		nh = motion_overlaps(&sm, s, 2, hit, nh, MAX_IV);
	}
	double at = 0;
	for (int i = 0; i <= nh; i++) {
		double end = i < nh ? hit[i][0] : mo->len;
		if (end - at > 1e-12 && n < MAX_IV) {
			struct bs_quad q = pose_at(&sm, (at + end) / 2);
			if (within(f, &q)) {
				iv[n][0] = at;
				iv[n][1] = end;
				n++;
			}
		}
		if (i < nh)
			at = hit[i][1];
	}
	return n;
}

static int in_iv(const double (*iv)[2], int n, double s)
{
	for (int i = 0; i < n; i++)
		if (iv[i][0] < s && s < iv[i][1])
			return 1;
	return 0;
}

/* The features near a motion, and each one's stretches. */
#define MAX_NEAR 48
struct near {
	int n;
	int f[MAX_NEAR];
	int on0[MAX_NEAR];
	int nv[MAX_NEAR];
	double iv[MAX_NEAR][MAX_IV][2];
	int nw[MAX_NEAR]; /* roads: stretches wholly within */
	double w[MAX_NEAR][MAX_IV][2];
};

static void gather(const struct bs_terrain_index *ti, const struct motion *mo,
		   struct near *nr)
{
	nr->n = 0;
	for (int i = 0; ti && i < ti->n && nr->n < MAX_NEAR; i++) {
		const struct feat *f = &ti->f[i];
		if (f->nv < 3 || f->x1 < mo->x0 || f->x0 > mo->x1 ||
		    f->y1 < mo->y0 || f->y0 > mo->y1)
			continue;
		int k = nr->n;
		nr->f[k] = i;
		nr->nv[k] = feat_on(ti, f, mo, nr->iv[k]);
		nr->on0[k] = quad_on(f, ti->tri, &mo->q);
		nr->nw[k] =
		    f->k->row == BS_T14_ROAD ? feat_within(f, mo, nr->w[k]) : 0;
		if (nr->nv[k] == 0 && nr->nw[k] == 0 && !nr->on0[k])
			continue;
		nr->n++;
	}
}

static int sweep_common(const struct bs_terrain_index *ti,
			const struct motion *mo, struct bs_terrain_cross *out,
			int max)
{
	struct near nr;
	gather(ti, mo, &nr);
	int k = 0;
	for (int i = 0; i < nr.n; i++)
		for (int j = 0; j < nr.nv[i]; j++) {
			if (out && k < max) {
				struct bs_terrain_cross c = {
				    nr.f[i], nr.iv[i][j][0], nr.iv[i][j][1],
				    nr.on0[i] && nr.iv[i][j][0] <= 0};
				int at = k;
				while (at > 0 && out[at - 1].s0 > c.s0) {
					out[at] = out[at - 1];
					at--;
				}
				out[at] = c;
			}
			k++;
		}
	return k;
}

int bs_terrain_sweep(const struct bs_terrain_index *ti, const struct bs_quad *q,
		     struct bs_vec dir, double len,
		     struct bs_terrain_cross *out, int max)
{
	struct motion mo = {.rot = 0, .q = *q, .dir = dir, .len = fmax(len, 0)};
	motion_box(&mo);
	return sweep_common(ti, &mo, out, max);
}

int bs_terrain_sweep_rotate(const struct bs_terrain_index *ti,
			    const struct bs_quad *q, struct bs_vec pivot,
			    double deg, struct bs_terrain_cross *out, int max)
{
	struct motion mo = {.rot = 1,
			    .q = *q,
			    .pivot = pivot,
			    .sign = deg < 0 ? -1 : 1,
			    .len = fabs(deg)};
	motion_box(&mo);
	return sweep_common(ti, &mo, out, max);
}

/* ---- what a move pays [11.8] --------------------------------------------- */

/* The inches of movement per inch moved of unit m on row r (RULING R-444:
 * the rates are paid per inch; obstacles and elevation are paid as 1/3 MV
 * each, not per inch). */
static double rate_of(enum bs_t14 r, const struct bs_tt_mover *m)
{
	switch (r) {
	case BS_T14_WOODS:
		/* "Woodland creatures ... ignore this penalty" */
		return m->woodland ? 1.0 : 1.5;
	case BS_T14_ROUGH:
		/* "Dwarves, hill giants, and other mountain-bred creatures
		 * ignore this penalty" */
		return m->mountain ? 1.0 : 2.0;
	case BS_T14_SWAMP:
		/* "Lizard men, sahuagin, lacedons, and other swamp
		 * inhabitants ignore this penalty" */
		return m->swamp ? 1.0 : 2.0;
	default:
		/* clear; water: "Such creatures move their full normal
		 * movement rate in water"; the road's bonus: R-445 */
		return 1.0;
	}
}

/* The cut points of the centre's path across contour lines. */
static int level_cuts(const struct bs_terrain_index *ti,
		      const struct motion *mo, double *t, int max)
{
	int k = 0;
	if (!ti || !ti->has_level)
		return 0;
	struct bs_vec c0 = centre_at(mo, 0);
	for (int i = 0; i < ti->n && k < max; i++) {
		const struct feat *f = &ti->f[i];
		if (f->level <= 0 || f->x1 < mo->x0 || f->x0 > mo->x1 ||
		    f->y1 < mo->y0 || f->y0 > mo->y1)
			continue;
		if (!mo->rot) {
			struct bs_vec c1 = centre_at(mo, mo->len);
			double tt[BS_TERRAIN_MAX_POINTS];
			int m = seg_cuts(f, c0, c1, mo->len, tt,
					 BS_TERRAIN_MAX_POINTS);
			for (int j = 0; j < m && k < max; j++)
				t[k++] = tt[j];
			continue;
		}
		struct bs_vec u = bs_vec_sub(c0, mo->pivot);
		double r = bs_vec_len(u);
		if (r <= 0)
			continue;
		for (int e = 0; e < f->nv && k < max; e++) {
			struct bs_vec x[2];
			int m = circle_seg(mo->pivot, r, f->v[e],
					   f->v[(e + 1) % f->nv], x);
			for (int j = 0; j < m && k < max; j++) {
				double a =
				    turn_to(mo, u, bs_vec_sub(x[j], mo->pivot));
				if (a > 0 && a < mo->len)
					t[k++] = a;
			}
		}
	}
	return k;
}

static void barred_text(const struct feat *f, const struct bs_tt_mover *m,
			const char **why, const char **cite)
{
	if (!bs_tt_terrain_bars(f->t->type, f->t->fordable, m, why, cite)) {
		*why = "ground the unit may not enter";
		*cite = "[11.8]";
	}
}

/* 1 when one of the near features the block is on (on[]) is an
 * obstacle to m. */
static int on_obstacle_row(const struct bs_terrain_index *ti,
			   const struct near *nr, const int *on,
			   const struct bs_tt_mover *m)
{
	for (int i = 0; i < nr->n; i++)
		if (on[i] && bs_terrain_row(ti->f[nr->f[i]].t, m->aquatic) ==
				 BS_T14_OBSTACLE)
			return 1;
	return 0;
}

/* Walk the motion from 0 on: unit_cost is the movement one unit of s
 * costs on clear ground (1 per inch; the arc per degree of a wheel). */
static double walk(const struct bs_terrain_index *ti, const struct motion *mo,
		   double unit_cost, double budget, double road_scale,
		   double mv, const struct bs_tt_mover *m,
		   struct bs_terrain_path *out)
{
	memset(out, 0, sizeof *out);
	out->feature = -1;
	out->slow_row = -1;
	out->level0 = out->level1 = bs_terrain_level_at(ti, centre_at(mo, 0));
	int road0 = bs_terrain_road_under(ti, &mo->q) >= 0;
	out->road_all = road0;
	if (mo->len <= 0 || !ti || ti->n == 0) {
		/* clear ground: the whole length, or what the budget pays */
		double per = unit_cost > 0 ? unit_cost : 1;
		double c = mo->len * unit_cost * (road0 ? road_scale : 1.0);
		double d = mo->len;
		if (c > budget) {
			d = budget / (per * (road0 ? road_scale : 1.0));
			c = budget;
			out->stop = BS_TSTOP_BUDGET;
		}
		out->dist = d > 0 ? d : 0;
		out->cost = c > 0 ? c : 0;
		return out->dist;
	}
	struct near nr;
	gather(ti, mo, &nr);
	double t[1024];
	int k = 0;
	t[k++] = 0;
	for (int i = 0; i < nr.n; i++) {
		for (int j = 0; j < nr.nv[i] && k < 1000; j++) {
			t[k++] = nr.iv[i][j][0];
			t[k++] = nr.iv[i][j][1];
		}
		for (int j = 0; j < nr.nw[i] && k < 1000; j++) {
			t[k++] = nr.w[i][j][0];
			t[k++] = nr.w[i][j][1];
		}
	}
	k += level_cuts(ti, mo, t + k, 1020 - k);
	t[k++] = mo->len;
	sort_d(t, k);
	/* the state at the start: which features the block is on */
	int on_prev[MAX_NEAR];
	for (int i = 0; i < nr.n; i++) {
		on_prev[i] = nr.on0[i];
		const struct feat *f = &ti->f[nr.f[i]];
		if (nr.on0[i] && !road0 &&
		    bs_terrain_row(f->t, m->aquatic) == BS_T14_OBSTACLE)
			out->on_obstacle = 1;
	}
	int level = out->level0;
	double cost = 0, at = 0, per_prev = unit_cost;
	/* a stop before ground comes a hair short of it, as at a unit
	 * (RULING R-107), so that the block does not stand on it */
	double gap = unit_cost > 0 ? BS_GEOM_STOP_GAP / unit_cost : 0;
	if (mo->rot == 0)
		gap = BS_GEOM_STOP_GAP;
	for (int s = 0; s + 1 < k; s++) {
		double a = t[s], b = t[s + 1];
		if (b - a < 1e-12)
			continue;
		double mid = (a + b) / 2;
		/* the whole block on a road here: the ground under the road
		 * is not paid */
		int road = 0;
		for (int i = 0; i < nr.n && !road; i++)
			road =
			    in_iv((const double(*)[2])nr.w[i], nr.nw[i], mid);
		double rate = 1.0, lump_obst = 0;
		int slow = -1, stop = BS_TSTOP_NONE, stop_f = -1, came = 0,
		    came_f = -1;
		for (int i = 0; i < nr.n; i++) {
			const struct feat *f = &ti->f[nr.f[i]];
			int on =
			    in_iv((const double(*)[2])nr.iv[i], nr.nv[i], mid);
			int entering = on && !on_prev[i];
			on_prev[i] = on;
			if (!on || road)
				continue;
			enum bs_t14 row = bs_terrain_row(f->t, m->aquatic);
			if (!nr.on0[i] &&
			    bs_tt_terrain_bars(f->t->type, f->t->fordable, m,
					       NULL, NULL)) {
				/* barred ground it was not on at the start */
				stop = BS_TSTOP_BARRED;
				stop_f = nr.f[i];
				break;
			}
			if (row == BS_T14_OBSTACLE) {
				if (entering &&
				    m->formation == BS_FORM_CLOSED &&
				    m->rules == BS_RULES_BS1E) {
					/* [11.8] "A unit in closed formation
					 * goes immediately to open formation
					 * when crossing an obstacle" */
					stop = BS_TSTOP_FORMATION;
					stop_f = nr.f[i];
					break;
				}
				if (entering) {
					/* RULING R-444: 1/3 of its MV for
					 * each obstacle it comes onto */
					lump_obst += mv / 3.0;
					came++;
					came_f = nr.f[i];
				}
			}
			double r = rate_of(row, m);
			if (r > rate) {
				rate = r;
				slow = row;
			}
		}
		if (stop != BS_TSTOP_NONE) {
			at = a - gap > 0 ? a - gap : 0;
			cost -= (a - at) * per_prev;
			out->stop = stop;
			out->feature = stop_f;
			if (stop == BS_TSTOP_BARRED) {
				barred_text(&ti->f[stop_f], m, &out->why,
					    &out->cite);
			} else {
				out->why = "closed formation goes to open "
					   "formation when crossing an "
					   "obstacle";
				out->cite = "[11.8] Table 14";
			}
			break;
		}
		/* [11.8] "Penalty of 1/3 of a unit's movement rate to move up
		 * 10 feet of elevation": the centre's climb */
		int lv = bs_terrain_level_at(ti, centre_at(mo, mid));
		int climb = lv > level ? lv - level : 0;
		double lump = lump_obst + climb * mv / 3.0;
		double scale = road ? road_scale : 1.0;
		double per = unit_cost * rate * scale;
		if (lump > 0 && cost + lump > budget + 1e-9) {
			/* it cannot pay to come onto it or up: it stops
			 * short */
			at = a - gap > 0 ? a - gap : 0;
			cost -= (a - at) * per_prev;
			out->stop = BS_TSTOP_BUDGET;
			out->why = came ? "not enough movement left to cross "
					  "the obstacle"
					: "not enough movement left to climb "
					  "10 feet";
			out->cite = "[11.8] Table 14 (RULING R-444)";
			out->feature = came ? came_f : -1;
			break;
		}
		cost += lump;
		out->obstacles += came;
		if (came)
			out->feature = came_f;
		if (came || (!road && on_obstacle_row(ti, &nr, on_prev, m)))
			out->on_obstacle = 1;
		if (climb > 0) {
			out->climbed += climb;
			out->uphill = 1;
		}
		level = lv;
		if (!road)
			out->road_all = 0;
		if (slow > out->slow_row)
			out->slow_row = slow;
		if (cost + (b - a) * per > budget + 1e-9) {
			at = per > 0 ? a + (budget - cost) / per : b;
			if (at > b)
				at = b;
			if (at < a)
				at = a;
			cost = budget;
			out->stop = BS_TSTOP_BUDGET;
			break;
		}
		cost += (b - a) * per;
		per_prev = per;
		at = b;
	}
	out->dist = at > 0 ? at : 0;
	out->cost = cost > 0 ? cost : 0;
	out->level1 = bs_terrain_level_at(ti, centre_at(mo, out->dist));
	return out->dist;
}

double bs_terrain_advance(const struct bs_terrain_index *ti,
			  const struct bs_quad *q, struct bs_vec dir,
			  double len, double budget, double road_scale,
			  double mv, const struct bs_tt_mover *m,
			  struct bs_terrain_path *out)
{
	struct motion mo = {.rot = 0, .q = *q, .dir = dir, .len = fmax(len, 0)};
	motion_box(&mo);
	return walk(ti, &mo, 1.0, budget, road_scale, mv, m, out);
}

double bs_terrain_wheel(const struct bs_terrain_index *ti,
			const struct bs_quad *q, struct bs_vec pivot,
			double deg, double arm, double budget,
			double road_scale, double mv,
			const struct bs_tt_mover *m,
			struct bs_terrain_path *out)
{
	struct motion mo = {.rot = 1,
			    .q = *q,
			    .pivot = pivot,
			    .sign = deg < 0 ? -1 : 1,
			    .len = fabs(deg)};
	motion_box(&mo);
	/* [7.9] "The movement cost of wheeling is the distance moved by the
	 * outermost figure": per degree, its arc */
	double d =
	    walk(ti, &mo, arm * PI / 180.0, budget, road_scale, mv, m, out);
	out->dist = mo.sign * d;
	return out->dist;
}

int bs_terrain_barred(const struct bs_terrain_index *ti,
		      const struct bs_quad *q, const struct bs_quad *q0,
		      const struct bs_tt_mover *m, const char **why,
		      const char **cite)
{
	int road = bs_terrain_road_under(ti, q) >= 0;
	for (int i = 0; ti && i < ti->n && !road; i++) {
		const struct feat *f = &ti->f[i];
		if (!bs_tt_terrain_bars(f->t->type, f->t->fordable, m, NULL,
					NULL) ||
		    !quad_on(f, ti->tri, q) || (q0 && quad_on(f, ti->tri, q0)))
			continue;
		const char *w = NULL, *c = NULL;
		barred_text(f, m, &w, &c);
		if (why)
			*why = w;
		if (cite)
			*cite = c;
		return i;
	}
	return -1;
}

int bs_terrain_road_under(const struct bs_terrain_index *ti,
			  const struct bs_quad *q)
{
	if (!ti)
		return -1;
	struct bs_quad s = shrunk(q, BS_GEOM_TOUCH);
	for (int i = 0; i < ti->n; i++)
		if (ti->f[i].k->row == BS_T14_ROAD && within(&ti->f[i], &s))
			return i;
	return -1;
}
