/* The differential test of the tabletop kernel (issue 13, RULING R-330):
 * the fast kernel of geom.c and the tabletop against a straightforward
 * reference of the same queries, written here from first principles, on
 * 100,000 random placements each:
 * - distances: every vertex-edge pair both ways, 0 when the blocks
 *   overlap (a vertex inside, or edges crossing); bs_quad_dist within
 *   1e-9", bs_quad_dist_cmp and bs_quad_touching exactly (placements
 *   within 1e-9" of the threshold are not judged);
 * - the arc a point stands in (the target's diagonals, as angles from its
 *   centre): bs_tt_arc_from exactly (points within 1e-9 of a diagonal not
 *   judged);
 * - contact: bs_tt_contact against the reference distance <= the
 *   tolerance; and of touching blocks (half of them edge to edge, turned
 *   by up to 0.06 degrees, at -0.003 .. 0.012"), the edges and length of
 *   the contact [7.8] against the reference's longest stretch of two
 *   edges lying within the tolerance of each other: len and the stretch
 *   p0-p1 within 1e-9", the edges exactly (a runner-up stretch within
 *   1e-6" of the longest, or a stretch shorter than 1e-6", not judged);
 *   a corner contact (no stretch): len 0 and each block's edge nearest
 *   the other, ties within 1e-6" to the edge facing the other's centre
 *   (distances within 0.5e-6 .. 2e-6" of the tie limit not judged);
 * - first contact of an advance and of a wheel: conservative advancement
 *   on the reference distance (a step of (distance - g) / the fastest
 *   point's speed never passes the contact, and converges to it), against
 *   bs_sweep_translate / bs_sweep_rotate: the stop within 1e-6" (1e-6
 *   degrees), the obstacle met the same. A path that only grazes the stop
 *   distance (its least distance within 1e-6" of it) has no well-defined
 *   answer at that precision and is not judged; fewer than 1% may be so;
 * - first contact among 2 .. 6 obstacles, advances and wheels: the stop
 *   (1e-6" or degrees) is the least of each obstacle's, *hit the one,
 *   among those touching where it stops, that it touched first (ties
 *   within 1e-6 not judged; fewer than 2% grazing);
 * - an advance from an obstacle not apart (RULING R-330, geom.h): from 0
 *   apart, within 1e-6" apart, touching (BS_GEOM_STOP_GAP .. TOUCH),
 *   overlapping by less than BS_GEOM_FIT_TOL and deeper: held at 0 when
 *   it would go deeper than BS_GEOM_FIT_TOL (deeper at all, for the deep
 *   overlaps), else free or stopped at BS_GEOM_STOP_GAP, within 1e-6"
 *   (placements within 1e-7" of the FIT_TOL limit not judged).
 * Placements are drawn by a fixed xorshift generator: the same every run. */
#include <criterion/criterion.h>
#include <math.h>

#include "battlesim/geom.h"
#include "battlesim/tabletop.h"
#include "geom_rand.h"

#define N_PLACEMENTS 100000
#define PI 3.14159265358979323846

/* ---- the reference --------------------------------------------------- */

static double ref_seg_point(struct bs_vec a, struct bs_vec b, struct bs_vec p)
{
	double ex = b.x - a.x, ey = b.y - a.y;
	double l2 = ex * ex + ey * ey;
	double t = l2 > 0 ? ((p.x - a.x) * ex + (p.y - a.y) * ey) / l2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return hypot(p.x - (a.x + t * ex), p.y - (a.y + t * ey));
}

static double cross3(struct bs_vec o, struct bs_vec a, struct bs_vec b)
{
	return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* p strictly inside convex quad q (either winding) */
static int ref_inside(const struct bs_quad *q, struct bs_vec p)
{
	int pos = 0, neg = 0;
	for (int i = 0; i < 4; i++) {
		double c = cross3(q->p[i], q->p[(i + 1) % 4], p);
		pos += c > 0;
		neg += c < 0;
	}
	return pos == 4 || neg == 4;
}

static int ref_cross(struct bs_vec a, struct bs_vec b, struct bs_vec c,
		     struct bs_vec d)
{
	double d1 = cross3(a, b, c), d2 = cross3(a, b, d);
	double d3 = cross3(c, d, a), d4 = cross3(c, d, b);
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) &&
	       ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

static double ref_dist(const struct bs_quad *a, const struct bs_quad *b)
{
	for (int i = 0; i < 4; i++)
		if (ref_inside(a, b->p[i]) || ref_inside(b, a->p[i]))
			return 0;
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++)
			if (ref_cross(a->p[i], a->p[(i + 1) % 4], b->p[j],
				      b->p[(j + 1) % 4]))
				return 0;
	double best = INFINITY;
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			double d =
			    ref_seg_point(b->p[j], b->p[(j + 1) % 4], a->p[i]);
			best = d < best ? d : best;
			d = ref_seg_point(a->p[j], a->p[(j + 1) % 4], b->p[i]);
			best = d < best ? d : best;
		}
	return best;
}

static struct bs_quad ref_translate(const struct bs_quad *q, struct bs_vec u,
				    double t)
{
	struct bs_quad r;
	for (int i = 0; i < 4; i++)
		r.p[i] =
		    (struct bs_vec){q->p[i].x + u.x * t, q->p[i].y + u.y * t};
	return r;
}

static struct bs_quad ref_turn(const struct bs_quad *q, struct bs_vec c,
			       double deg)
{
	double a = -deg * PI / 180.0; /* clockwise for + */
	struct bs_quad r;
	for (int i = 0; i < 4; i++) {
		double x = q->p[i].x - c.x, y = q->p[i].y - c.y;
		r.p[i] = (struct bs_vec){c.x + x * cos(a) - y * sin(a),
					 c.y + x * sin(a) + y * cos(a)};
	}
	return r;
}

/* A motion for the reference: translation along u (speed 1) or a turn
 * about c (a point at radius r moves r * pi / 180 per degree). */
struct ref_motion {
	int turn;
	struct bs_vec u, c;
	double sgn, speed; /* inches per unit of the parameter, at most */
};

static struct bs_quad ref_at(const struct bs_quad *q,
			     const struct ref_motion *m, double t)
{
	return m->turn ? ref_turn(q, m->c, m->sgn * t)
		       : ref_translate(q, m->u, t);
}

/* Conservative advancement: the first t in [0, lim] with distance <= g
 * (*least: the least distance seen), or INFINITY; *undecided when it did
 * not converge. */
static double ref_first(const struct bs_quad *q, const struct bs_quad *o,
			const struct ref_motion *m, double lim, double g,
			double *least, int *undecided)
{
	double t = 0;
	*least = INFINITY;
	for (int it = 0; it < 20000; it++) {
		struct bs_quad r = ref_at(q, m, t);
		double d = ref_dist(&r, o);
		*least = d < *least ? d : *least;
		if (d <= g + 1e-12)
			return t;
		double step = (d - g) / m->speed;
		if (step < 1e-13)
			step = 1e-13;
		t += step;
		if (t > lim) {
			struct bs_quad e = ref_at(q, m, lim);
			double de = ref_dist(&e, o);
			*least = de < *least ? de : *least;
			return de <= g + 1e-12 ? lim : INFINITY;
		}
	}
	*undecided = 1;
	return INFINITY;
}

/* ---- distances, touching, contact ------------------------------------- */

Test(geom_diff, distances_and_touching)
{
	unsigned long long s = 0x2545f4914f6cdd1dull;
	int judged = 0, near = 0;
	for (int k = 0; k < N_PLACEMENTS; k++) {
		double spread = k % 4 == 0 ? 3 : k % 4 == 1 ? 8 : 20;
		struct bs_quad a = rand_block(&s, 30, 30, spread);
		struct bs_quad b = rand_block(&s, 30, 30, spread);
		if (k % 5 == 0) {
			/* slide b to a random small gap from a */
			double d0 = ref_dist(&a, &b);
			if (d0 > 0) {
				struct bs_vec ca = bs_quad_centre(&a),
					      cb = bs_quad_centre(&b);
				struct bs_vec u = bs_vec_sub(ca, cb);
				double l = bs_vec_len(u);
				if (l > 0) {
					u = bs_vec_scale(u, 1 / l);
					double want = unit_rand(&s) * 0.03;
					/* step toward a by the gap left, a few
					 * times (the distance is not linear) */
					for (int it = 0; it < 8; it++) {
						double d = ref_dist(&a, &b);
						if (!(d > want))
							break;
						b = ref_translate(&b, u,
								  d - want);
					}
				}
			}
		}
		double rd = ref_dist(&a, &b);
		cr_assert_float_eq(bs_quad_dist(&a, &b), rd, 1e-9,
				   "placement %d: distance", k);
		const double thr[] = {BS_GEOM_TOUCH, BS_GEOM_STOP_GAP, 0.5,
				      6.0};
		for (int t = 0; t < 4; t++) {
			if (fabs(rd - thr[t]) < 1e-9)
				continue;
			cr_assert_eq(bs_quad_dist_cmp(&a, &b, thr[t]),
				     rd < thr[t] ? -1 : 1,
				     "placement %d thr %g ref %.17g", k, thr[t],
				     rd);
		}
		if (fabs(rd - BS_GEOM_TOUCH) < 1e-9)
			continue;
		judged++;
		near += rd > 0 && rd < 0.05;
		cr_assert_eq(bs_quad_touching(&a, &b), rd <= BS_GEOM_TOUCH,
			     "placement %d touching, ref %.17g", k, rd);
	}
	cr_assert_gt(judged, N_PLACEMENTS * 99 / 100);
	cr_assert_gt(near, 5000, "near-contact placements: %d", near);
}

/* Unit B (shape sb at *pb, quad *qb) moved along the line of the centres
 * toward A's quad qa until their distance is at most `want` (a few steps
 * of the gap left: the distance is not linear). */
static void bring_to_gap(const struct bs_quad *qa, const struct bs_tt_shape *sb,
			 struct bs_tt_pose *pb, struct bs_quad *qb, double want)
{
	struct bs_vec u = bs_vec_sub(bs_quad_centre(qa), bs_quad_centre(qb));
	double l = bs_vec_len(u);
	for (int it = 0; it < 8 && l > 0; it++) {
		double d = ref_dist(qa, qb);
		if (!(d > want))
			break;
		pb->front =
		    bs_vec_add(pb->front, bs_vec_scale(u, (d - want) / l));
		*qb = bs_tt_quad(sb, pb);
	}
}

/* bs_tt_contact of the two units against the reference distance within
 * the tolerance: its answer, or -1 when the distance lies within 1e-9" of
 * the tolerance (not judged). */
static int contact_judged(const struct bs_tt_shape *sa,
			  const struct bs_tt_pose *pa,
			  const struct bs_tt_shape *sb,
			  const struct bs_tt_pose *pb, struct bs_tt_contact *c,
			  int k)
{
	struct bs_quad qa = bs_tt_quad(sa, pa), qb = bs_tt_quad(sb, pb);
	double rd = ref_dist(&qa, &qb);
	if (fabs(rd - BS_GEOM_TOUCH) < 1e-9)
		return -1;
	int got = bs_tt_contact(sa, pa, sb, pb, c);
	cr_assert_eq(got, rd <= BS_GEOM_TOUCH,
		     "placement %d contact, ref %.17g", k, rd);
	return got;
}

Test(geom_diff, contact_of_unit_blocks)
{
	unsigned long long s = 0x853c49e6748fea9bull;
	int touching = 0;
	for (int k = 0; k < N_PLACEMENTS; k++) {
		struct bs_tt_shape sa, sb;
		bs_tt_shape_make(BS_FORM_CLOSED, 4 + (int)(unit_rand(&s) * 20),
				 2 + (int)(unit_rand(&s) * 8), 1, 1, 0, &sa);
		bs_tt_shape_make(BS_FORM_OPEN, 4 + (int)(unit_rand(&s) * 20),
				 2 + (int)(unit_rand(&s) * 8), 1, 1, 0, &sb);
		struct bs_tt_pose pa = {{20, 20}, unit_rand(&s) * 360};
		struct bs_tt_pose pb = {{20 + (unit_rand(&s) - 0.5) * 24,
					 20 + (unit_rand(&s) - 0.5) * 24},
					unit_rand(&s) * 360};
		struct bs_quad qa = bs_tt_quad(&sa, &pa),
			       qb = bs_tt_quad(&sb, &pb);
		if (k % 3 == 0) {
			/* bring b to a random gap of a, along the line of
			 * the centres */
			bring_to_gap(&qa, &sb, &pb, &qb, unit_rand(&s) * 0.02);
		}
		struct bs_tt_contact c;
		int got = contact_judged(&sa, &pa, &sb, &pb, &c, k);
		touching += got > 0;
	}
	cr_assert_gt(touching, 10000, "touching placements: %d", touching);
}

/* ---- arcs ------------------------------------------------------------ */

Test(geom_diff, arc_from_a_point)
{
	unsigned long long s = 0xda942042e4dd58b5ull;
	for (int k = 0; k < N_PLACEMENTS; k++) {
		struct bs_quad t = rand_block(&s, 0, 0, 4);
		struct bs_vec p = {(unit_rand(&s) - 0.5) * 40,
				   (unit_rand(&s) - 0.5) * 40};
		struct bs_vec c = bs_quad_centre(&t);
		/* the angle of p from the centre against those of the front
		 * corners (p[0] front-left, p[3] front-right) and the rear
		 * corners: p is in the front arc when it lies between the
		 * two front corners as seen from the centre */
		double ap = atan2(p.y - c.y, p.x - c.x);
		double ang[4];
		for (int i = 0; i < 4; i++)
			ang[i] = atan2(t.p[i].y - c.y, t.p[i].x - c.x);
		/* corners are counter-clockwise: fl(0), rl(1), rr(2), fr(3):
		 * the front arc runs from fr to fl counter-clockwise, the
		 * left flank from fl to rl, the rear rl to rr, the right rr
		 * to fr */
		int edge_of[4] = {BS_EDGE_LEFT, BS_EDGE_REAR, BS_EDGE_RIGHT,
				  BS_EDGE_FRONT};
		int want = -1, close = 0;
		for (int i = 0; i < 4; i++) {
			double a0 = ang[i], a1 = ang[(i + 1) % 4];
			double span = fmod(a1 - a0 + 4 * PI, 2 * PI);
			double at = fmod(ap - a0 + 4 * PI, 2 * PI);
			double r = hypot(p.x - c.x, p.y - c.y);
			if (fabs(at) * r < 1e-9 || fabs(at - 2 * PI) * r < 1e-9)
				close = 1;
			if (at <= span)
				want = edge_of[i];
		}
		if (close)
			continue;
		int edge;
		enum bs_arc arc = bs_tt_arc_from(&t, p, &edge);
		cr_assert_eq(edge, want, "placement %d", k);
		cr_assert_eq(arc, bs_tt_edge_arc(want));
	}
}

/* ---- first contact ----------------------------------------------------- */

/* The answer the sweeps give (geom.h) for one obstacle, from the
 * reference: the stop and whether the block meets it. Returns 0 when the
 * placement is not judged (the obstacle touches at the start, the path
 * grazes a limit, or the advancement did not converge). */
static int ref_sweep_on(const struct bs_quad *q, const struct bs_quad *o,
			const struct ref_motion *m, double lim, double *stop,
			int *hit, int *grazed);

static int ref_sweep(const struct bs_quad *q, const struct bs_quad *o,
		     const struct ref_motion *m, double lim, double *stop,
		     int *hit, int *grazed)
{
	if (ref_dist(q, o) <= BS_GEOM_TOUCH + 1e-9)
		return 0; /* not apart at the start: other cases of geom.h */
	return ref_sweep_on(q, o, m, lim, stop, hit, grazed);
}

/* ref_sweep of an obstacle farther than BS_GEOM_STOP_GAP at the start */
static int ref_sweep_on(const struct bs_quad *q, const struct bs_quad *o,
			const struct ref_motion *m, double lim, double *stop,
			int *hit, int *grazed)
{
	double least;
	int und = 0;
	double ts = ref_first(q, o, m, lim, BS_GEOM_STOP_GAP, &least, &und);
	if (und)
		return 0;
	if (ts > lim) {
		if (least < BS_GEOM_STOP_GAP + 1e-6) {
			*grazed = 1; /* passes within a hair of the stop */
			return 0;
		}
	} else if (ts < lim) {
		/* a path that only touches the stop distance and leaves it */
		double t2 = fmin(lim, ts + 1e-3 / m->speed);
		struct bs_quad r = ref_at(q, m, t2);
		if (ref_dist(&r, o) > BS_GEOM_STOP_GAP - 1e-9) {
			*grazed = 1;
			return 0;
		}
	}
	*stop = ts <= lim ? ts : lim;
	struct bs_quad e = ref_at(q, m, *stop);
	double de = ref_dist(&e, o);
	if (fabs(de - BS_GEOM_TOUCH) < 1e-6) {
		*grazed = 1;
		return 0;
	}
	/* met: touching where it stops (it was apart at the start) */
	*hit = de <= BS_GEOM_TOUCH ? 0 : -1;
	return 1;
}

Test(geom_diff, first_contact_of_an_advance)
{
	unsigned long long s = 0x6a09e667f3bcc909ull;
	int judged = 0, grazed = 0, met = 0;
	for (int k = 0; k < N_PLACEMENTS; k++) {
		struct bs_quad q = rand_block(&s, 0, 0, 2);
		double facing = unit_rand(&s) * 360;
		struct bs_vec u = bs_dir(facing);
		double len = 0.5 + unit_rand(&s) * 15;
		/* the obstacle somewhere near the path */
		double along = unit_rand(&s) * (len + 6) - 2;
		double side = (unit_rand(&s) - 0.5) * 14;
		struct bs_vec at = {u.x * along + u.y * side,
				    u.y * along - u.x * side};
		struct bs_quad o = rand_block(&s, at.x, at.y, 1);
		if (k % 7 == 0) {
			/* the move of exactly the gap, head on */
			double g = ref_dist(&q, &o);
			if (g > 0)
				len = g;
		}
		struct ref_motion m = {0, u, {0, 0}, 1, 1};
		double want;
		int whit, gz = 0;
		if (!ref_sweep(&q, &o, &m, len, &want, &whit, &gz)) {
			grazed += gz;
			continue;
		}
		int hit;
		double got = bs_sweep_translate(&q, u, len, &o, 1, &hit);
		cr_assert_float_eq(got, want, 1e-6, "placement %d: stop", k);
		cr_assert_eq(hit, whit, "placement %d: met", k);
		judged++;
		met += hit == 0;
	}
	cr_assert_lt(grazed, N_PLACEMENTS / 100, "grazing: %d", grazed);
	cr_assert_gt(judged, N_PLACEMENTS / 2, "judged: %d", judged);
	cr_assert_gt(met, judged / 10, "met: %d of %d", met, judged);
}

Test(geom_diff, first_contact_of_a_wheel)
{
	unsigned long long s = 0xbb67ae8584caa73bull;
	int judged = 0, grazed = 0, met = 0;
	for (int k = 0; k < N_PLACEMENTS; k++) {
		double w = 1 + unit_rand(&s) * 10, d = 0.5 + unit_rand(&s) * 3;
		struct bs_quad q =
		    bs_block((struct bs_vec){0, 0}, unit_rand(&s) * 360, w, d);
		double deg = (unit_rand(&s) - 0.5) * 240;
		if (fabs(deg) < 1)
			continue;
		struct bs_vec pv = deg >= 0 ? q.p[3] : q.p[0];
		double r = 0;
		for (int i = 0; i < 4; i++)
			r = fmax(r, bs_vec_dist(q.p[i], pv));
		/* the obstacle within reach of the swept circle */
		double a = unit_rand(&s) * 2 * PI, rr = unit_rand(&s) * (r + 3);
		struct bs_quad o =
		    rand_block(&s, pv.x + rr * cos(a), pv.y + rr * sin(a), 1);
		struct ref_motion m = {
		    1, {0, 0}, pv, deg < 0 ? -1 : 1, r * PI / 180.0};
		double want;
		int whit, gz = 0;
		if (!ref_sweep(&q, &o, &m, fabs(deg), &want, &whit, &gz)) {
			grazed += gz;
			continue;
		}
		int hit;
		double got = bs_sweep_rotate(&q, pv, deg, &o, 1, &hit);
		cr_assert_float_eq(fabs(got), want, 1e-6,
				   "placement %d: stop (deg %g)", k, deg);
		cr_assert_eq(hit, whit, "placement %d: met", k);
		judged++;
		met += hit == 0;
	}
	cr_assert_lt(grazed, N_PLACEMENTS / 100, "grazing: %d", grazed);
	cr_assert_gt(judged, N_PLACEMENTS / 4, "judged: %d", judged);
	cr_assert_gt(met, judged / 20, "met: %d of %d", met, judged);
}

/* ---- contact: edges and touching length [7.8] ----------------------------
 * The reference, from plain geometry: a block's edges are its corners in
 * order (front fr-fl, left fl-rl, rear rl-rr, right rr-fr; geom.h). Two
 * edges lie along each other over the stretch where they overlap when
 * each is projected on A's edge, when B's edge, cut to that stretch, lies
 * within BS_GEOM_TOUCH of A's edge's line at both ends; the contact is
 * the pair over the longest stretch (its length len). With no such
 * stretch a corner touches (len 0): each block's edge is the one nearest
 * the other block (the least distance of the edge, a segment, to the
 * other's four edges), ties (within 1e-6") to the edge whose outward
 * normal points most toward the other block's centre. */

static void ref_edge(const struct bs_quad *q, int e, struct bs_vec *a,
		     struct bs_vec *b)
{
	/* corners: 0 front-left, 1 rear-left, 2 rear-right, 3 front-right */
	static const int c0[4] = {3, 0, 1, 2}, c1[4] = {0, 1, 2, 3};
	*a = q->p[c0[e]];
	*b = q->p[c1[e]];
}

/* the touching stretch of A's edge i and B's edge j (0: none) */
static double ref_stretch(const struct bs_quad *qa, int i,
			  const struct bs_quad *qb, int j)
{
	struct bs_vec a0, a1, b0, b1;
	ref_edge(qa, i, &a0, &a1);
	ref_edge(qb, j, &b0, &b1);
	double L = hypot(a1.x - a0.x, a1.y - a0.y);
	double ux = (a1.x - a0.x) / L, uy = (a1.y - a0.y) / L;
	double s0 = (b0.x - a0.x) * ux + (b0.y - a0.y) * uy;
	double s1 = (b1.x - a0.x) * ux + (b1.y - a0.y) * uy;
	double lo = fmax(0, fmin(s0, s1)), hi = fmin(L, fmax(s0, s1));
	if (!(hi > lo) || fabs(s1 - s0) < 1e-12)
		return 0;
	/* B's edge at the stretch's two ends: its offsets from A's line */
	const double ends[2] = {lo, hi};
	for (int k = 0; k < 2; k++) {
		double f = (ends[k] - s0) / (s1 - s0);
		double px = b0.x + f * (b1.x - b0.x) - a0.x;
		double py = b0.y + f * (b1.y - b0.y) - a0.y;
		if (fabs(px * -uy + py * ux) > BS_GEOM_TOUCH)
			return 0;
	}
	return hi - lo;
}

static double ref_seg_seg(struct bs_vec a, struct bs_vec b, struct bs_vec c,
			  struct bs_vec d)
{
	if (ref_cross(a, b, c, d))
		return 0;
	return fmin(fmin(ref_seg_point(c, d, a), ref_seg_point(c, d, b)),
		    fmin(ref_seg_point(a, b, c), ref_seg_point(a, b, d)));
}

/* The corner contact's edge of q facing o: -1 when not decided (two
 * edges within a hair of the 1e-6" tie, or tied and facing alike). */
static int ref_corner_edge(const struct bs_quad *q, const struct bs_quad *o)
{
	double d[4], face[4];
	struct bs_vec cq = bs_quad_centre(q), co = bs_quad_centre(o);
	double l = hypot(co.x - cq.x, co.y - cq.y);
	for (int i = 0; i < 4; i++) {
		struct bs_vec a, b;
		ref_edge(q, i, &a, &b);
		d[i] = INFINITY;
		for (int j = 0; j < 4; j++) {
			struct bs_vec c, e;
			ref_edge(o, j, &c, &e);
			d[i] = fmin(d[i], ref_seg_seg(a, b, c, e));
		}
		/* the outward normal: away from q's centre */
		double nx = b.y - a.y, ny = -(b.x - a.x);
		double mx = (a.x + b.x) / 2 - cq.x, my = (a.y + b.y) / 2 - cq.y;
		if (nx * mx + ny * my < 0)
			nx = -nx, ny = -ny;
		double nl = hypot(nx, ny);
		face[i] =
		    l > 0 ? (nx * (co.x - cq.x) + ny * (co.y - cq.y)) / (nl * l)
			  : 0;
	}
	double dmin = fmin(fmin(d[0], d[1]), fmin(d[2], d[3]));
	int best = -1;
	for (int i = 0; i < 4; i++) {
		double over = d[i] - dmin;
		if (over > 0.5e-6 && over < 2e-6)
			return -1;
		if (over > 0.5e-6)
			continue;
		if (best >= 0 && fabs(face[i] - face[best]) < 1e-9)
			return -1;
		if (best < 0 || face[i] > face[best])
			best = i;
	}
	return best;
}

/* The angle (degrees, anticlockwise from +x) of the outward normal of
 * edge e of q. */
static double normal_angle(const struct bs_quad *q, int e)
{
	struct bs_vec a, b;
	ref_edge(q, e, &a, &b);
	return atan2(-(b.x - a.x), b.y - a.y) * 180.0 / PI;
}

Test(geom_diff, s7_8_contact_edges_and_length)
{
	unsigned long long s = 0x510e527fade682d1ull;
	int edges = 0, corners = 0, judged = 0;
	for (int k = 0; k < N_PLACEMENTS; k++) {
		struct bs_tt_shape sa, sb;
		bs_tt_shape_make(BS_FORM_CLOSED, 4 + (int)(unit_rand(&s) * 20),
				 2 + (int)(unit_rand(&s) * 8), 1, 1, 0, &sa);
		bs_tt_shape_make(k % 2 ? BS_FORM_OPEN : BS_FORM_CLOSED,
				 4 + (int)(unit_rand(&s) * 20),
				 2 + (int)(unit_rand(&s) * 8), 1, 1, 0, &sb);
		struct bs_tt_pose pa = {{20, 20}, unit_rand(&s) * 360};
		struct bs_tt_pose pb = {{0, 0}, unit_rand(&s) * 360};
		struct bs_quad qa = bs_tt_quad(&sa, &pa), qb;
		if (k % 2 == 0) {
			/* edge to edge: B's edge j turned to face A's edge i
			 * (tilted by up to 0.06 degrees on half of them),
			 * at a gap of -0.003 .. 0.012", slid along */
			int i = (int)(unit_rand(&s) * 4),
			    j = (int)(unit_rand(&s) * 4);
			double tilt =
			    k % 4 == 0 ? 0 : (unit_rand(&s) - 0.5) * 0.12;
			qb = bs_tt_quad(&sb, &pb);
			/* facing is clockwise, angles anticlockwise */
			double want = normal_angle(&qa, i) + 180 + tilt;
			pb.facing -= want - normal_angle(&qb, j);
			qb = bs_tt_quad(&sb, &pb);
			struct bs_vec a0, a1, b0, b1;
			ref_edge(&qa, i, &a0, &a1);
			ref_edge(&qb, j, &b0, &b1);
			double L = bs_vec_dist(a0, a1),
			       LB = bs_vec_dist(b0, b1);
			struct bs_vec u =
			    bs_vec_scale(bs_vec_sub(a1, a0), 1 / L);
			struct bs_vec n = {u.y, -u.x}; /* outward of A (CCW) */
			double slide = -LB + unit_rand(&s) * (L + LB);
			double gap = -0.003 + unit_rand(&s) * 0.015;
			/* B's edge runs against A's: its end b1 at slide */
			struct bs_vec to =
			    bs_vec_add(a0, bs_vec_add(bs_vec_scale(u, slide),
						      bs_vec_scale(n, gap)));
			pb.front = bs_vec_add(pb.front, bs_vec_sub(to, b1));
		} else {
			/* a corner or an edge brought to a small gap of A
			 * along the line of the centres */
			pb.front =
			    (struct bs_vec){20 + (unit_rand(&s) - 0.5) * 24,
					    20 + (unit_rand(&s) - 0.5) * 24};
			qb = bs_tt_quad(&sb, &pb);
			bring_to_gap(&qa, &sb, &pb, &qb, unit_rand(&s) * 0.012);
		}
		qb = bs_tt_quad(&sb, &pb);
		struct bs_tt_contact c;
		if (contact_judged(&sa, &pa, &sb, &pb, &c, k) <= 0)
			continue;
		/* the reference's longest stretch, and the runner-up */
		double best = 0, second = 0;
		int ba = -1, bb = -1, hair = 0;
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 4; j++) {
				double l = ref_stretch(&qa, i, &qb, j);
				if (l > 0 && l < 1e-6)
					hair = 1;
				if (l > best) {
					second = best;
					best = l;
					ba = i;
					bb = j;
				} else if (l > second) {
					second = l;
				}
			}
		if (hair)
			continue; /* a stretch of a hair: not decided */
		if (best > 0) {
			cr_assert_float_eq(
			    c.len, best, 1e-9,
			    "placement %d: len %.17g, want %.17g (edges %d %d, "
			    "want %d %d)",
			    k, c.len, best, c.edge_a, c.edge_b, ba, bb);
			cr_assert_float_eq(bs_vec_dist(c.p0, c.p1), best, 1e-9,
					   "placement %d: stretch", k);
			if (best - second > 1e-6) {
				cr_assert_eq(c.edge_a, ba, "placement %d", k);
				cr_assert_eq(c.edge_b, bb, "placement %d", k);
			}
			edges++;
		} else {
			cr_assert_eq(c.len, 0, "placement %d: corner len %.17g",
				     k, c.len);
			cr_assert(c.p0.x == c.p1.x && c.p0.y == c.p1.y);
			int ea = ref_corner_edge(&qa, &qb),
			    eb = ref_corner_edge(&qb, &qa);
			if (ea >= 0)
				cr_assert_eq(c.edge_a, ea, "placement %d: a",
					     k);
			if (eb >= 0)
				cr_assert_eq(c.edge_b, eb, "placement %d: b",
					     k);
			corners++;
		}
		judged++;
	}
	cr_assert_gt(edges, 20000, "edge contacts: %d", edges);
	cr_assert_gt(corners, 10000, "corner contacts: %d", corners);
	cr_assert_gt(judged, N_PLACEMENTS * 2 / 5, "judged: %d", judged);
}

/* ---- first contact among several obstacles -------------------------------
 * The sweep's stop is the least of each obstacle's (ref_sweep), and *hit
 * the obstacle, among those touching where the block stops, that it came
 * to touch first (the least t where their distance is BS_GEOM_TOUCH),
 * else -1. Not judged: a placement where an obstacle is not (touching at
 * the start, grazing), two obstacles stop it within 1e-6 of each other,
 * an obstacle's distance where it stops lies within 1e-6" of the
 * tolerance, or two came to touch within 1e-6 of each other. */
static int ref_sweep_many(const struct bs_quad *q, const struct bs_quad *o,
			  int n, const struct ref_motion *m, double lim,
			  double *stop, int *hit, int *grazed)
{
	double ts[8];
	for (int i = 0; i < n; i++) {
		int h;
		if (!ref_sweep(q, &o[i], m, lim, &ts[i], &h, grazed))
			return 0;
	}
	double best = lim;
	for (int i = 0; i < n; i++)
		best = fmin(best, ts[i]);
	int stoppers = 0;
	for (int i = 0; i < n; i++)
		stoppers += fabs(ts[i] - best) < 1e-6 && ts[i] < lim;
	if (stoppers > 1)
		return 0;
	*stop = best;
	struct bs_quad e = ref_at(q, m, best);
	double first = INFINITY, second = INFINITY;
	*hit = -1;
	for (int i = 0; i < n; i++) {
		double de = ref_dist(&e, &o[i]);
		if (fabs(de - BS_GEOM_TOUCH) < 1e-6)
			return 0;
		if (de > BS_GEOM_TOUCH)
			continue;
		double least;
		int und = 0;
		double tt =
		    ref_first(q, &o[i], m, lim, BS_GEOM_TOUCH, &least, &und);
		if (und)
			return 0;
		if (tt < first) {
			second = first;
			first = tt;
			*hit = i;
		} else {
			second = fmin(second, tt);
		}
	}
	return second - first >= 1e-6;
}

Test(geom_diff, first_contact_among_several_obstacles)
{
	unsigned long long s = 0x3c6ef372fe94f82bull;
	int judged[2] = {0, 0}, grazed = 0, met[2] = {0, 0}, later = 0;
	for (int k = 0; k < N_PLACEMENTS; k++) {
		int wheel = k % 2;
		int n = 2 + (int)(unit_rand(&s) * 5); /* 2 .. 6 */
		struct bs_quad o[8], q;
		struct ref_motion m;
		double lim, deg = 0, len = 0;
		struct bs_vec u = {0, 0}, pv = {0, 0};
		if (!wheel) {
			q = rand_block(&s, 0, 0, 2);
			u = bs_dir(unit_rand(&s) * 360);
			len = lim = 0.5 + unit_rand(&s) * 15;
			for (int i = 0; i < n; i++)
				for (int tries = 0; tries < 4; tries++) {
					/* (drawn again when it stands within
					 * the tolerance at the start) */
					double along =
					    unit_rand(&s) * (len + 6) - 2;
					double side =
					    (unit_rand(&s) - 0.5) * 12;
					o[i] = rand_block(
					    &s, u.x * along + u.y * side,
					    u.y * along - u.x * side, 1);
					if (ref_dist(&q, &o[i]) >
					    BS_GEOM_TOUCH + 1e-9)
						break;
				}
			m = (struct ref_motion){0, u, {0, 0}, 1, 1};
		} else {
			double w = 1 + unit_rand(&s) * 10,
			       d = 0.5 + unit_rand(&s) * 3;
			q = bs_block((struct bs_vec){0, 0}, unit_rand(&s) * 360,
				     w, d);
			deg = (unit_rand(&s) - 0.5) * 240;
			if (fabs(deg) < 1)
				deg = deg < 0 ? -1 : 1;
			pv = deg >= 0 ? q.p[3] : q.p[0];
			double r = 0;
			for (int i = 0; i < 4; i++)
				r = fmax(r, bs_vec_dist(q.p[i], pv));
			for (int i = 0; i < n; i++)
				for (int tries = 0; tries < 4; tries++) {
					double a = unit_rand(&s) * 2 * PI,
					       rr = unit_rand(&s) * (r + 3);
					o[i] =
					    rand_block(&s, pv.x + rr * cos(a),
						       pv.y + rr * sin(a), 1);
					if (ref_dist(&q, &o[i]) >
					    BS_GEOM_TOUCH + 1e-9)
						break;
				}
			lim = fabs(deg);
			m = (struct ref_motion){
			    1, {0, 0}, pv, deg < 0 ? -1 : 1, r * PI / 180.0};
		}
		double want;
		int whit, gz = 0;
		if (!ref_sweep_many(&q, o, n, &m, lim, &want, &whit, &gz)) {
			grazed += gz;
			continue;
		}
		int hit;
		double got =
		    wheel ? fabs(bs_sweep_rotate(&q, pv, deg, o, n, &hit))
			  : bs_sweep_translate(&q, u, len, o, n, &hit);
		cr_assert_float_eq(got, want, 1e-6, "placement %d: stop (%s)",
				   k, wheel ? "wheel" : "advance");
		cr_assert_eq(hit, whit, "placement %d: met (%s)", k,
			     wheel ? "wheel" : "advance");
		judged[wheel]++;
		met[wheel] += hit >= 0;
		later += hit > 0;
	}
	cr_assert_lt(grazed, N_PLACEMENTS / 50, "grazing: %d", grazed);
	cr_assert_gt(judged[0], N_PLACEMENTS / 5, "advances: %d", judged[0]);
	cr_assert_gt(judged[1], N_PLACEMENTS / 10, "wheels: %d", judged[1]);
	cr_assert_gt(met[0], judged[0] / 5, "advances met: %d", met[0]);
	cr_assert_gt(met[1], judged[1] / 10, "wheels met: %d", met[1]);
	cr_assert_gt(later, 5000, "met an obstacle other than the first: %d",
		     later);
}

/* ---- advances from touching, close and overlapping starts ----------------
 * What geom.h promises (RULING R-330) of an obstacle not apart at the
 * start, for an advance (a translation: the signed separation of two
 * convex blocks, their distance apart or minus the depth of their overlap,
 * is convex along it, so "deeper" is decided by its least value):
 * - touching, farther than BS_GEOM_STOP_GAP: stopped where the distance
 *   falls to BS_GEOM_STOP_GAP (as ref_sweep_on; backing away is free);
 * - closer, overlapping by at most BS_GEOM_FIT_TOL (here: 0 apart, within
 *   1e-6" apart, overlapping by less than BS_GEOM_FIT_TOL): no move (0,
 *   the obstacle met) when the path takes it deeper than BS_GEOM_FIT_TOL
 *   (its least separation below -BS_GEOM_FIT_TOL - 1e-7), else free (the
 *   whole length; not judged within 1e-7" of the limit);
 * - overlapping deeper: no move when, as it starts, the overlap grows
 *   (separation at 1e-6" less than at 0 by over 1% of the step), free when
 *   it shrinks by as much, else not judged.
 * *hit is the obstacle when it holds or stops the block, else -1: one not
 * apart at the start is not met on the way (geom.h: "came to touch"),
 * even when it still touches where a free motion ends. */

/* The depth of the overlap of two convex blocks (separating axes: the
 * least overlap of their projections on the eight edge normals), or
 * minus their distance when apart. */
static double ref_sep(const struct bs_quad *a, const struct bs_quad *b)
{
	double d = ref_dist(a, b);
	if (d > 0)
		return d;
	double depth = INFINITY;
	const struct bs_quad *qs[2] = {a, b};
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 4; i++) {
			struct bs_vec p = qs[k]->p[i],
				      r = qs[k]->p[(i + 1) % 4];
			double nx = r.y - p.y, ny = p.x - r.x,
			       l = hypot(nx, ny);
			double alo = INFINITY, ahi = -INFINITY, blo = INFINITY,
			       bhi = -INFINITY;
			for (int j = 0; j < 4; j++) {
				double pa =
				    (a->p[j].x * nx + a->p[j].y * ny) / l;
				double pb =
				    (b->p[j].x * nx + b->p[j].y * ny) / l;
				alo = fmin(alo, pa), ahi = fmax(ahi, pa);
				blo = fmin(blo, pb), bhi = fmax(bhi, pb);
			}
			depth = fmin(depth, fmin(ahi - blo, bhi - alo));
		}
	return -depth;
}

/* o moved along u (toward q) until its separation from q is `want`
 * (bisection; 0 when it cannot be) */
static int place_at(const struct bs_quad *q, struct bs_quad *o, double want)
{
	struct bs_vec u = bs_vec_sub(bs_quad_centre(q), bs_quad_centre(o));
	double l = bs_vec_len(u);
	if (l <= 0)
		return 0;
	u = bs_vec_scale(u, 1 / l);
	double lo = 0, hi = l;
	struct bs_quad t0 = ref_translate(o, u, lo),
		       t1 = ref_translate(o, u, hi);
	if (!(ref_sep(q, &t0) > want && ref_sep(q, &t1) < want))
		return 0;
	for (int it = 0; it < 80; it++) {
		double mid = (lo + hi) / 2;
		struct bs_quad t = ref_translate(o, u, mid);
		if (ref_sep(q, &t) > want)
			lo = mid;
		else
			hi = mid;
	}
	*o = ref_translate(o, u, lo);
	return 1;
}

Test(geom_diff, first_contact_of_an_advance_not_apart_at_the_start)
{
	unsigned long long s = 0x1f83d9abfb41bd6bull;
	int judged = 0, held = 0, freed = 0, stopped = 0;
	int kinds[5] = {0, 0, 0, 0, 0};
	for (int k = 0; k < N_PLACEMENTS; k++) {
		int kind = k % 5;
		struct bs_quad q = rand_block(&s, 0, 0, 2);
		double a = unit_rand(&s) * 2 * PI;
		struct bs_quad o = rand_block(&s, 18 * cos(a), 18 * sin(a), 2);
		double want =
		    kind == 0	? 0
		    : kind == 1 ? unit_rand(&s) * 1e-6
		    : kind == 2
			? BS_GEOM_STOP_GAP +
			      (BS_GEOM_TOUCH - BS_GEOM_STOP_GAP) * unit_rand(&s)
		    : kind == 3 ? -BS_GEOM_FIT_TOL * unit_rand(&s)
				: -BS_GEOM_FIT_TOL - 1e-4 - unit_rand(&s) * 0.5;
		struct bs_vec u = bs_dir(unit_rand(&s) * 360);
		double len = 0.5 + unit_rand(&s) * 8;
		if (!place_at(&q, &o, want))
			continue;
		double sep0 = ref_sep(&q, &o);
		if (sep0 > BS_GEOM_TOUCH ||
		    (kind == 2 && sep0 <= BS_GEOM_STOP_GAP))
			continue;
		struct ref_motion m = {0, u, {0, 0}, 1, 1};
		double wstop;
		int whit = 0, gz = 0;
		if (kind == 2) {
			if (!ref_sweep_on(&q, &o, &m, len, &wstop, &whit, &gz))
				continue;
		} else {
			int in;
			if (kind == 4) {
				struct bs_quad e = ref_translate(&q, u, 1e-6);
				double rate = (ref_sep(&e, &o) - sep0) / 1e-6;
				if (fabs(rate) < 0.01)
					continue;
				in = rate < 0;
			} else {
				/* the least separation on the path (convex:
				 * golden section) */
				double lo = 0, hi = len;
				for (int it = 0; it < 100; it++) {
					double m1 = hi - (hi - lo) * 0.618034,
					       m2 = lo + (hi - lo) * 0.618034;
					struct bs_quad e1 =
					    ref_translate(&q, u, m1);
					struct bs_quad e2 =
					    ref_translate(&q, u, m2);
					if (ref_sep(&e1, &o) < ref_sep(&e2, &o))
						hi = m2;
					else
						lo = m1;
				}
				struct bs_quad e = ref_translate(&q, u, lo);
				double least = fmin(sep0, ref_sep(&e, &o));
				if (fabs(least + BS_GEOM_FIT_TOL) < 1e-7)
					continue;
				in = least < -BS_GEOM_FIT_TOL;
			}
			wstop = in ? 0 : len;
			whit = in ? 0 : -1;
		}
		if (wstop == len)
			whit = -1; /* not met on the way, did not stop it */
		int hit;
		double got = bs_sweep_translate(&q, u, len, &o, 1, &hit);
		cr_assert_float_eq(got, wstop, 1e-6,
				   "placement %d (kind %d, sep %.17g): stop", k,
				   kind, sep0);
		cr_assert_eq(hit, whit,
			     "placement %d (kind %d, sep %.17g): met %d, want "
			     "%d (stop %.17g of %.17g)",
			     k, kind, sep0, hit, whit, got, len);
		judged++;
		kinds[kind]++;
		held += wstop == 0;
		freed += wstop == len;
		stopped += wstop > 0 && wstop < len;
	}
	for (int i = 0; i < 5; i++)
		cr_assert_gt(kinds[i], N_PLACEMENTS / 10, "kind %d judged: %d",
			     i, kinds[i]);
	cr_assert_gt(held, 10000, "held: %d", held);
	cr_assert_gt(freed, 10000, "free: %d", freed);
	cr_assert_gt(stopped, 3000, "stopped at the gap: %d", stopped);
}

/* The placement that found the asymmetry (contact.c edge_stretch): a unit
 * 2" wide front to front with one 24" wide turned 0.06 degrees, 0.005"
 * apart at their centres: B's far corners stand about 0.0126" off A's
 * front line, but over A's 2" the two fronts lie within 0.005" +- 0.001":
 * the fronts touch over 2", not at a corner. */
Test(geom_diff, s7_8_a_long_edge_turned_a_hair_touches_a_short_one)
{
	struct bs_tt_shape sa, sb;
	bs_tt_shape_make(BS_FORM_CLOSED, 4, 2, 1, 1, 0, &sa);
	bs_tt_shape_make(BS_FORM_CLOSED, 24, 24, 1, 1, 0, &sb);
	struct bs_tt_pose pa = {{20, 20}, 0}, pb = {{20, 20}, 180.06};
	pb.front = bs_vec_add(pa.front, bs_vec_scale(bs_dir(0), 0.005));
	struct bs_tt_contact c;
	cr_assert(bs_tt_contact(&sa, &pa, &sb, &pb, &c));
	cr_assert_eq(c.edge_a, BS_EDGE_FRONT);
	cr_assert_eq(c.edge_b, BS_EDGE_FRONT);
	cr_assert_float_eq(c.len, 2.0, 1e-9, "len %.17g", c.len);
	cr_assert_eq(c.a_count, 2, "A's files in contact: %d", c.a_count);
	/* (a corner contact had one figure each; B's files over A's 2"
	 * meet at the ends of A's front: 2 or 3 as rounding falls) */
	cr_assert_geq(c.b_count, 2, "B's files in contact: %d", c.b_count);
}
