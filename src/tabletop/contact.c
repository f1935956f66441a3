/* Contact between two unit blocks [7.8]: which edges touch, over what
 * length, and which figures of each unit are in base-to-base contact (the
 * file range for a front or rear contact, the rank range for a flank
 * [8.1]); the arc of the target [8.3] (RULING R-104 before contact). */
#include "battlesim/tabletop.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

enum bs_arc bs_tt_edge_arc(int edge)
{
	switch (edge) {
	case BS_EDGE_FRONT:
		return BS_ARC_FRONT;
	case BS_EDGE_REAR:
		return BS_ARC_REAR;
	default:
		return BS_ARC_FLANK;
	}
}

/* Distance between segments ab and cd, with the closest points. */
static double seg_seg(struct bs_vec a, struct bs_vec b, struct bs_vec c,
		      struct bs_vec d, struct bs_vec *pa)
{
	double best = HUGE_VAL;
	if (bs_seg_intersect(a, b, c, d)) {
		/* crossing: the crossing point */
		struct bs_vec r = bs_vec_sub(b, a), s = bs_vec_sub(d, c);
		double den = bs_vec_cross(r, s);
		if (fabs(den) > 1e-12) {
			double t = bs_vec_cross(bs_vec_sub(c, a), s) / den;
			*pa = bs_vec_add(a, bs_vec_scale(r, t));
		} else {
			*pa = a;
		}
		return 0;
	}
	struct bs_vec pts[4] = {a, b, c, d};
	for (int i = 0; i < 4; i++) {
		struct bs_vec p = pts[i];
		struct bs_vec s0 = i < 2 ? c : a, s1 = i < 2 ? d : b;
		double dd = bs_seg_point_dist(s0, s1, p);
		if (dd < best) {
			best = dd;
			*pa = p;
		}
	}
	return best;
}

/* Outward normal of edge i of a quad whose corners are counter-clockwise
 * (geom.h): for segment a->b of a CCW polygon the outward normal is the
 * right-hand perpendicular. */
static struct bs_vec outward(const struct bs_quad *q, int i)
{
	struct bs_vec a, b;
	bs_quad_edge(q, i, &a, &b);
	struct bs_vec e = bs_vec_sub(b, a);
	struct bs_vec n = {e.y, -e.x};
	struct bs_vec c = bs_quad_centre(q);
	struct bs_vec m = bs_vec_scale(bs_vec_add(a, b), 0.5);
	if (bs_vec_dot(n, bs_vec_sub(m, c)) < 0)
		n = bs_vec_scale(n, -1);
	double l = bs_vec_len(n);
	return l > 0 ? bs_vec_scale(n, 1.0 / l) : n;
}

/* The figure range of a unit along its edge `edge` between local points
 * (bs_tt_local of each, the unit's two directions taken once). */
static int range_of(const struct bs_tt_shape *s, const struct bs_tt_pose *p,
		    int edge, struct bs_vec p0, struct bs_vec p1, int *first,
		    int *lastk)
{
	struct bs_vec fwd = bs_dir(p->facing);
	struct bs_vec right = bs_dir(p->facing + 90.0);
	struct bs_vec d0 = bs_vec_sub(p0, p->front);
	struct bs_vec d1 = bs_vec_sub(p1, p->front);
	double x0 = bs_vec_dot(d0, right) + s->width / 2;
	double y0 = -bs_vec_dot(d0, fwd);
	double x1 = bs_vec_dot(d1, right) + s->width / 2;
	double y1 = -bs_vec_dot(d1, fwd);
	if (edge == BS_EDGE_FRONT || edge == BS_EDGE_REAR)
		return bs_tt_files_over(s, fmin(x0, x1), fmax(x0, x1), first,
					lastk);
	return bs_tt_ranks_over(s, fmin(y0, y1), fmax(y0, y1), first, lastk);
}

/* 1 when the fronts of the two blocks stand too far apart for contact:
 * a block's centre lies depth/2 behind its front point and its bounding
 * circle's radius, hypot(w, d)/2, is at most (w + d)/2; fronts farther
 * apart than the sum of these plus the touch tolerance and a margin far
 * above rounding cannot touch. Cheaper than the quads (a sine and cosine
 * each). */
static int fronts_far(const struct bs_tt_shape *sa, const struct bs_tt_pose *pa,
		      const struct bs_tt_shape *sb, const struct bs_tt_pose *pb)
{
	double dx = pa->front.x - pb->front.x;
	double dy = pa->front.y - pb->front.y;
	double far = sa->width / 2 + sa->depth + sb->width / 2 + sb->depth +
		     BS_GEOM_TOUCH + 1e-6;
	return dx * dx + dy * dy > far * far;
}

/* The bounding box of edge i of q. */
struct edge_box {
	double x0, y0, x1, y1;
};

static void edge_box_of(const struct bs_quad *q, int i, struct edge_box *e)
{
	struct bs_vec a, b;
	bs_quad_edge(q, i, &a, &b);
	e->x0 = a.x < b.x ? a.x : b.x;
	e->x1 = a.x < b.x ? b.x : a.x;
	e->y0 = a.y < b.y ? a.y : b.y;
	e->y1 = a.y < b.y ? b.y : a.y;
}

/* The length over which B's edge b0-b1 lies along A's edge a0-a1 [7.8]:
 * their overlap in projection on A's edge, when B's edge, cut to that
 * overlap, lies within BS_GEOM_TOUCH of A's line at both ends (so a long
 * edge turned a hair against a short one touches it over the short one's
 * length, as the plain geometry has it; its own far ends may stand off
 * the short edge's line by more than the tolerance); 0 when none. */
static double edge_stretch(struct bs_vec a0, struct bs_vec a1, struct bs_vec b0,
			   struct bs_vec b1)
{
	struct bs_vec e = bs_vec_sub(a1, a0);
	double L = bs_vec_len(e);
	if (L < 1e-12)
		return 0;
	struct bs_vec u = bs_vec_scale(e, 1.0 / L);
	struct bs_vec n = {-u.y, u.x};
	double t0 = bs_vec_dot(bs_vec_sub(b0, a0), u);
	double t1 = bs_vec_dot(bs_vec_sub(b1, a0), u);
	double lo = fmax(0.0, fmin(t0, t1)), hi = fmin(L, fmax(t0, t1));
	if (!(hi > lo) || fabs(t1 - t0) < 1e-12)
		return 0;
	double h0 = bs_vec_dot(bs_vec_sub(b0, a0), n);
	double h1 = bs_vec_dot(bs_vec_sub(b1, a0), n);
	/* B's offset from A's line at lo and at hi (linear along B) */
	double hlo = h0 + (h1 - h0) * (lo - t0) / (t1 - t0);
	double hhi = h0 + (h1 - h0) * (hi - t0) / (t1 - t0);
	if (fabs(hlo) > BS_GEOM_TOUCH || fabs(hhi) > BS_GEOM_TOUCH)
		return 0;
	return hi - lo;
}

static int edge_boxes_apart(const struct edge_box *a, const struct edge_box *b)
{
	const double m = BS_GEOM_TOUCH + 1e-9;
	return b->x0 - a->x1 > m || a->x0 - b->x1 > m || b->y0 - a->y1 > m ||
	       a->y0 - b->y1 > m;
}

/* ---- the contact memo (issue 13) -----------------------------------------
 * The same two blocks in contact are measured again and again (the
 * doctrine's look at the table for each candidate order, the engine's
 * checks in each phase): each thread keeps, in a table indexed by a hash
 * of every input (both shapes, poses and quads, and `ranges`, as doubles
 * compared byte for byte), the contact found of touching blocks. The
 * answer is a function of those inputs alone: the same bytes
 * (tests/unit/t_tt_contact_memo.c compares with the memo off). */
#define CMEMO 256 /* entries, a power of two */
#define CKEY 43	  /* doubles in a key */
static _Thread_local struct cmemo {
	int valid;
	double key[CKEY];
	struct bs_tt_contact out;
} cmemo[CMEMO];
static _Thread_local int cmemo_off;

void bs_tt_contact_memo(int on)
{
	cmemo_off = !on;
	for (int i = 0; i < CMEMO; i++)
		cmemo[i].valid = 0;
}

static double *unit_key(double *k, const struct bs_tt_shape *s,
			const struct bs_tt_pose *p, const struct bs_quad *q)
{
	*k++ = s->formation;
	*k++ = s->figures;
	*k++ = s->files;
	*k++ = s->ranks;
	*k++ = s->last;
	*k++ = s->base_w;
	*k++ = s->base_d;
	*k++ = s->gap;
	*k++ = s->width;
	*k++ = s->depth;
	*k++ = p->front.x;
	*k++ = p->front.y;
	*k++ = p->facing;
	for (int i = 0; i < 4; i++) {
		*k++ = q->p[i].x;
		*k++ = q->p[i].y;
	}
	return k;
}

static int
contact_measure(const struct bs_tt_shape *sa, const struct bs_tt_pose *pa,
		const struct bs_quad *qap, const struct bs_tt_shape *sb,
		const struct bs_tt_pose *pb, const struct bs_quad *qbp,
		struct bs_tt_contact *out, int ranges);

/* bs_tt_contact with the quads of both blocks given (qa, qb: bs_tt_quad
 * of sa at pa and of sb at pb), fronts already near; with ranges 0 the
 * figures in contact (a_* and b_*) are left out (set to 0). */
static int contact_quads(const struct bs_tt_shape *sa,
			 const struct bs_tt_pose *pa, const struct bs_quad *qap,
			 const struct bs_tt_shape *sb,
			 const struct bs_tt_pose *pb, const struct bs_quad *qbp,
			 struct bs_tt_contact *out, int ranges)
{
	/* the exact test (its bounding boxes first: most pairs are far) */
	if (!bs_quad_touching(qap, qbp))
		return 0;
	if (!out)
		return 1;
	if (cmemo_off)
		return contact_measure(sa, pa, qap, sb, pb, qbp, out, ranges);
	double key[CKEY];
	double *k = unit_key(key, sa, pa, qap);
	k = unit_key(k, sb, pb, qbp);
	*k = ranges;
	uint64_t h = 0;
	for (int i = 0; i < CKEY; i += 3) {
		uint64_t w;
		memcpy(&w, &key[i], sizeof w);
		h = (h ^ w) * 0x9E3779B97F4A7C15ull;
		h ^= h >> 29;
	}
	struct cmemo *e = &cmemo[(h ^ (h >> 32)) & (CMEMO - 1)];
	if (e->valid && memcmp(e->key, key, sizeof key) == 0) {
		*out = e->out;
		return 1;
	}
	contact_measure(sa, pa, qap, sb, pb, qbp, out, ranges);
	e->valid = 1;
	memcpy(e->key, key, sizeof key);
	e->out = *out;
	return 1;
}

/* contact_quads of blocks touching, out given. */
static int
contact_measure(const struct bs_tt_shape *sa, const struct bs_tt_pose *pa,
		const struct bs_quad *qap, const struct bs_tt_shape *sb,
		const struct bs_tt_pose *pb, const struct bs_quad *qbp,
		struct bs_tt_contact *out, int ranges)
{
	const struct bs_quad qa = *qap, qb = *qbp;
	struct bs_vec ca = bs_quad_centre(&qa), cb = bs_quad_centre(&qb);
	/* the edge pair touching over the longest stretch; a pair whose
	 * boxes lie farther apart than the tolerance (and a margin far above
	 * rounding) touches over no length (a touching stretch of one edge
	 * lies within the tolerance of the other), so it is not measured */
	double best = 0;
	int ba = -1, bb = -1;
	struct edge_box ea[4], eb[4];
	for (int i = 0; i < 4; i++) {
		edge_box_of(&qa, i, &ea[i]);
		edge_box_of(&qb, i, &eb[i]);
	}
	for (int i = 0; i < 4; i++) {
		struct bs_vec a0, a1;
		bs_quad_edge(&qa, i, &a0, &a1);
		for (int j = 0; j < 4; j++) {
			if (edge_boxes_apart(&ea[i], &eb[j]))
				continue;
			struct bs_vec b0, b1;
			bs_quad_edge(&qb, j, &b0, &b1);
			double l = edge_stretch(a0, a1, b0, b1);
			if (l > best + 1e-9) {
				best = l;
				ba = i;
				bb = j;
			}
		}
	}
	if (ba >= 0) {
		/* the touching stretch along A's edge: B's edge projected */
		struct bs_vec a0, a1, b0, b1;
		bs_quad_edge(&qa, ba, &a0, &a1);
		bs_quad_edge(&qb, bb, &b0, &b1);
		struct bs_vec e = bs_vec_sub(a1, a0);
		double L = bs_vec_len(e);
		struct bs_vec u = bs_vec_scale(e, 1.0 / L);
		double t0 = bs_vec_dot(bs_vec_sub(b0, a0), u);
		double t1 = bs_vec_dot(bs_vec_sub(b1, a0), u);
		double lo = fmax(0, fmin(t0, t1)), hi = fmin(L, fmax(t0, t1));
		if (hi < lo)
			hi = lo;
		out->p0 = bs_vec_add(a0, bs_vec_scale(u, lo));
		out->p1 = bs_vec_add(a0, bs_vec_scale(u, hi));
		out->len = best;
	} else {
		/* a corner touches (or, never produced by moves, overlap):
		 * the edges of each closest to the other, ties to the edge
		 * facing the other unit */
		double da = HUGE_VAL, db = HUGE_VAL, ta = -2, tb = -2;
		struct bs_vec pt = ca;
		/* issue 13: seg_seg(b's edge j, a's edge i) is the same
		 * number as seg_seg(a's i, b's j): bs_seg_intersect answers
		 * alike both ways round (the same four orientations and end
		 * point tests, or-ed), and otherwise both take the least of
		 * the same four bs_seg_point_dist calls (a least, the same
		 * whatever the order); kept from the first pass for the
		 * second */
		double dd[4][4];
		for (int i = 0; i < 4; i++) {
			struct bs_vec a0, a1;
			bs_quad_edge(&qa, i, &a0, &a1);
			double dmin = HUGE_VAL;
			struct bs_vec pmin = a0;
			for (int j = 0; j < 4; j++) {
				struct bs_vec b0, b1, pp = a0;
				bs_quad_edge(&qb, j, &b0, &b1);
				double d = seg_seg(a0, a1, b0, b1, &pp);
				dd[i][j] = d;
				if (d < dmin) {
					dmin = d;
					pmin = pp;
				}
			}
			struct bs_vec dir = bs_vec_sub(cb, ca);
			double l = bs_vec_len(dir);
			double al =
			    l > 0 ? bs_vec_dot(outward(&qa, i), dir) / l : 0;
			if (dmin < da - 1e-6 ||
			    (fabs(dmin - da) <= 1e-6 && al > ta)) {
				da = dmin;
				ta = al;
				ba = i;
				pt = pmin;
			}
		}
		for (int j = 0; j < 4; j++) {
			double dmin = HUGE_VAL;
			for (int i = 0; i < 4; i++) {
				double d = dd[i][j]; /* seg_seg(b's j, a's i) */
				if (d < dmin)
					dmin = d;
			}
			struct bs_vec dir = bs_vec_sub(ca, cb);
			double l = bs_vec_len(dir);
			double al =
			    l > 0 ? bs_vec_dot(outward(&qb, j), dir) / l : 0;
			if (dmin < db - 1e-6 ||
			    (fabs(dmin - db) <= 1e-6 && al > tb)) {
				db = dmin;
				tb = al;
				bb = j;
			}
		}
		out->p0 = out->p1 = pt;
		out->len = 0;
	}
	out->edge_a = ba;
	out->edge_b = bb;
	if (!ranges) {
		out->a_first = out->a_last = out->a_count = 0;
		out->b_first = out->b_last = out->b_count = 0;
		return 1;
	}
	out->a_count =
	    range_of(sa, pa, ba, out->p0, out->p1, &out->a_first, &out->a_last);
	out->b_count =
	    range_of(sb, pb, bb, out->p0, out->p1, &out->b_first, &out->b_last);
	return 1;
}

int bs_tt_contact(const struct bs_tt_shape *sa, const struct bs_tt_pose *pa,
		  const struct bs_tt_shape *sb, const struct bs_tt_pose *pb,
		  struct bs_tt_contact *out)
{
	if (fronts_far(sa, pa, sb, pb))
		return 0;
	struct bs_quad qa = bs_tt_quad(sa, pa), qb = bs_tt_quad(sb, pb);
	return contact_quads(sa, pa, &qa, sb, pb, &qb, out, 1);
}

int bs_tt_contact_q(const struct bs_tt_shape *sa, const struct bs_tt_pose *pa,
		    const struct bs_quad *qa, const struct bs_tt_shape *sb,
		    const struct bs_tt_pose *pb, const struct bs_quad *qb,
		    struct bs_tt_contact *out)
{
	if (fronts_far(sa, pa, sb, pb))
		return 0;
	return contact_quads(sa, pa, qa, sb, pb, qb, out, 1);
}

int bs_tt_contact_edges_q(const struct bs_tt_shape *sa,
			  const struct bs_tt_pose *pa, const struct bs_quad *qa,
			  const struct bs_tt_shape *sb,
			  const struct bs_tt_pose *pb, const struct bs_quad *qb,
			  struct bs_tt_contact *out)
{
	if (fronts_far(sa, pa, sb, pb))
		return 0;
	return contact_quads(sa, pa, qa, sb, pb, qb, out, 0);
}

enum bs_arc bs_tt_arc_from(const struct bs_quad *t, struct bs_vec from,
			   int *edge)
{
	/* the target's own frame: v forward, u to the right */
	struct bs_vec fl = t->p[0], rl = t->p[1], fr = t->p[3];
	struct bs_vec across = bs_vec_sub(fr, fl), back = bs_vec_sub(rl, fl);
	double W = bs_vec_len(across), D = bs_vec_len(back);
	struct bs_vec c = bs_quad_centre(t);
	struct bs_vec d = bs_vec_sub(from, c);
	double u = W > 0 ? bs_vec_dot(d, across) / W : 0;
	double v = D > 0 ? -bs_vec_dot(d, back) / D : 0;
	int e;
	/* the diagonals: |u| / (W/2) against |v| / (D/2) */
	if (fabs(u) * D <= fabs(v) * W)
		e = v >= 0 ? BS_EDGE_FRONT : BS_EDGE_REAR;
	else
		e = u < 0 ? BS_EDGE_LEFT : BS_EDGE_RIGHT;
	if (edge)
		*edge = e;
	return bs_tt_edge_arc(e);
}
