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
 *   tolerance;
 * - first contact of an advance and of a wheel: conservative advancement
 *   on the reference distance (a step of (distance - g) / the fastest
 *   point's speed never passes the contact, and converges to it), against
 *   bs_sweep_translate / bs_sweep_rotate: the stop within 1e-6" (1e-6
 *   degrees), the obstacle met the same. A path that only grazes the stop
 *   distance (its least distance within 1e-6" of it) has no well-defined
 *   answer at that precision and is not judged; fewer than 1% may be so.
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
			struct bs_vec u = bs_vec_sub(bs_quad_centre(&qa),
						     bs_quad_centre(&qb));
			double l = bs_vec_len(u);
			double want = unit_rand(&s) * 0.02;
			for (int it = 0; it < 8 && l > 0; it++) {
				double d = ref_dist(&qa, &qb);
				if (!(d > want))
					break;
				pb.front = bs_vec_add(
				    pb.front, bs_vec_scale(u, (d - want) / l));
				qb = bs_tt_quad(&sb, &pb);
			}
		}
		double rd = ref_dist(&qa, &qb);
		if (fabs(rd - BS_GEOM_TOUCH) < 1e-9)
			continue;
		struct bs_tt_contact c;
		int got = bs_tt_contact(&sa, &pa, &sb, &pb, &c);
		cr_assert_eq(got, rd <= BS_GEOM_TOUCH,
			     "placement %d contact, ref %.17g", k, rd);
		touching += got;
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
static int ref_sweep(const struct bs_quad *q, const struct bs_quad *o,
		     const struct ref_motion *m, double lim, double *stop,
		     int *hit, int *grazed)
{
	if (ref_dist(q, o) <= BS_GEOM_TOUCH + 1e-9)
		return 0; /* not apart at the start: other cases of geom.h */
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
