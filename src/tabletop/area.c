/* [14.2] areas of effect as shapes on the table: circle, square or
 * rectangle, line, cone; whether a point is in one, and how much of a
 * figure's surface one covers (exactly: the circle-polygon intersection,
 * or the Sutherland-Hodgman clip of the figure by the shape's convex
 * polygon). Pure geometry on caller data. */
#include <math.h>

#include "battlesim/spell.h"
#include "battlesim/tabletop.h"

#define MAXV 16

/* The convex polygon of a rect, line or cone, counter-clockwise or
 * clockwise (the clip reads the orientation); returns the corners. */
static int area_poly(const struct bs_tt_area *ar, struct bs_vec *p)
{
	struct bs_vec d = bs_dir(ar->facing), n = bs_dir(ar->facing + 90);
	struct bs_vec half_w = bs_vec_scale(n, ar->b / 2);
	switch (ar->shape) {
	case BS_AREA_RECT: {
		struct bs_vec h = bs_vec_scale(d, ar->a / 2);
		struct bs_vec f = bs_vec_add(ar->at, h),
			      r = bs_vec_sub(ar->at, h);
		p[0] = bs_vec_add(f, half_w);
		p[1] = bs_vec_sub(f, half_w);
		p[2] = bs_vec_sub(r, half_w);
		p[3] = bs_vec_add(r, half_w);
		return 4;
	}
	case BS_AREA_LINE: {
		struct bs_vec e = bs_vec_add(ar->at, bs_vec_scale(d, ar->a));
		p[0] = bs_vec_add(e, half_w);
		p[1] = bs_vec_sub(e, half_w);
		p[2] = bs_vec_sub(ar->at, half_w);
		p[3] = bs_vec_add(ar->at, half_w);
		return 4;
	}
	case BS_AREA_CONE: {
		/* RULING R-569: a cone on the table is the triangle of its
		 * apex and its far end's diameter */
		struct bs_vec e = bs_vec_add(ar->at, bs_vec_scale(d, ar->a));
		p[0] = bs_vec_add(e, half_w);
		p[1] = bs_vec_sub(e, half_w);
		p[2] = ar->at;
		return 3;
	}
	default:
		return 0;
	}
}

static double poly_signed_area(const struct bs_vec *p, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += bs_vec_cross(p[i], p[(i + 1) % n]);
	return s / 2;
}

int bs_tt_area_contains(const struct bs_tt_area *ar, struct bs_vec pt)
{
	if (ar->shape == BS_AREA_CIRCLE)
		return bs_vec_dist(pt, ar->at) <= ar->a + 1e-12;
	struct bs_vec p[4];
	int n = area_poly(ar, p);
	if (n == 0)
		return 0;
	double o = poly_signed_area(p, n) >= 0 ? 1 : -1;
	for (int i = 0; i < n; i++) {
		struct bs_vec e = bs_vec_sub(p[(i + 1) % n], p[i]);
		if (o * bs_vec_cross(e, bs_vec_sub(pt, p[i])) < -1e-12)
			return 0;
	}
	return 1;
}

/* Signed area of the intersection of the circle of radius r about the
 * origin with the triangle (origin, a, b). */
static double tri_circle(struct bs_vec a, struct bs_vec b, double r)
{
	double r2 = r * r;
	double da = bs_vec_len(a), db = bs_vec_len(b);
	if (da <= r && db <= r)
		return bs_vec_cross(a, b) / 2;
	struct bs_vec d = bs_vec_sub(b, a);
	double A = bs_vec_dot(d, d);
	if (A <= 0)
		return 0;
	double B = bs_vec_dot(a, d), C = bs_vec_dot(a, a) - r2;
	double disc = B * B - A * C;
	double sector = r2 * atan2(bs_vec_cross(a, b), bs_vec_dot(a, b)) / 2;
	if (disc <= 0)
		return sector;
	double s = sqrt(disc);
	double t1 = (-B - s) / A, t2 = (-B + s) / A;
	if (t2 <= 0 || t1 >= 1)
		return sector;
	if (t1 < 0)
		t1 = 0;
	if (t2 > 1)
		t2 = 1;
	struct bs_vec p1 = bs_vec_add(a, bs_vec_scale(d, t1));
	struct bs_vec p2 = bs_vec_add(a, bs_vec_scale(d, t2));
	return r2 * atan2(bs_vec_cross(a, p1), bs_vec_dot(a, p1)) / 2 +
	       bs_vec_cross(p1, p2) / 2 +
	       r2 * atan2(bs_vec_cross(p2, b), bs_vec_dot(p2, b)) / 2;
}

/* Clip polygon s (ns corners) by the half-plane left of edge a->b when
 * o > 0 (right when o < 0); returns the corners of the result in out. */
static int clip_edge(const struct bs_vec *s, int ns, struct bs_vec a,
		     struct bs_vec b, double o, struct bs_vec *out)
{
	int n = 0;
	struct bs_vec e = bs_vec_sub(b, a);
	for (int i = 0; i < ns && n < MAXV - 1; i++) {
		struct bs_vec p = s[i], q = s[(i + 1) % ns];
		double sp = o * bs_vec_cross(e, bs_vec_sub(p, a));
		double sq = o * bs_vec_cross(e, bs_vec_sub(q, a));
		if (sp >= 0)
			out[n++] = p;
		if ((sp >= 0) != (sq >= 0)) {
			double t = sp / (sp - sq);
			out[n++] =
			    bs_vec_add(p, bs_vec_scale(bs_vec_sub(q, p), t));
		}
	}
	return n;
}

double bs_tt_area_cover(const struct bs_tt_area *ar, const struct bs_quad *q,
			int *whole)
{
	double qa = fabs(poly_signed_area(q->p, 4));
	int all = 1;
	for (int i = 0; i < 4; i++)
		if (!bs_tt_area_contains(ar, q->p[i]))
			all = 0;
	/* both convex: the four corners inside put the whole quad inside */
	if (whole)
		*whole = all;
	if (all)
		return 1;
	if (qa <= 0)
		return 0;
	double in = 0;
	if (ar->shape == BS_AREA_CIRCLE) {
		double s = 0;
		for (int i = 0; i < 4; i++)
			s += tri_circle(bs_vec_sub(q->p[i], ar->at),
					bs_vec_sub(q->p[(i + 1) % 4], ar->at),
					ar->a);
		in = fabs(s);
	} else {
		struct bs_vec p[4], buf[2][MAXV];
		int n = area_poly(ar, p);
		if (n == 0)
			return 0;
		double o = poly_signed_area(p, n) >= 0 ? 1 : -1;
		int ns = 4, cur = 0;
		for (int i = 0; i < 4; i++)
			buf[0][i] = q->p[i];
		for (int i = 0; i < n && ns > 0; i++) {
			ns = clip_edge(buf[cur], ns, p[i], p[(i + 1) % n], o,
				       buf[1 - cur]);
			cur = 1 - cur;
		}
		in = ns >= 3 ? fabs(poly_signed_area(buf[cur], ns)) : 0;
	}
	double f = in / qa;
	return f < 0 ? 0 : f > 1 ? 1 : f;
}

double bs_tt_area_base_side(double side, enum bs_formation f)
{
	if (f != BS_FORM_OPEN && f != BS_FORM_SKIRMISH)
		return side;
	/* [14.2] Table 17's Figure Base Size column, eighths of an inch */
	static const int col[] = {4, 6, 8, 12, 14, 16};
	for (size_t i = 0; i < sizeof col / sizeof col[0]; i++)
		if (col[i] / 8.0 > side + 1e-9)
			return col[i] / 8.0;
	/* RULING R-568: beyond the column, a quarter inch more */
	return side + 0.25;
}

struct bs_quad bs_tt_area_footprint(struct bs_vec c, double facing, double w,
				    double d, enum bs_formation f)
{
	double fw = bs_tt_area_base_side(w, f), fd = bs_tt_area_base_side(d, f);
	struct bs_vec front =
	    bs_vec_add(c, bs_vec_scale(bs_dir(facing), fd / 2));
	return bs_block(front, facing, fw, fd);
}
