/* The block of a unit on the tabletop: spacing by formation [7.2]-[7.5]
 * ([2.4] stands option), files x ranks with a partial, centred last rank,
 * the slot of each figure (losses off the rear [7.2] [7.5]), its position,
 * the unit's quad, and the default frontage (RULING R-101). */
#include "battlesim/tabletop.h"

#include <math.h>

const char *const bs_arc_name[BS_ARC__COUNT] = {
    [BS_ARC_FRONT] = "front",
    [BS_ARC_FLANK] = "flank",
    [BS_ARC_REAR] = "rear",
};

double bs_tt_gap(enum bs_formation f, int stands_option)
{
	switch (f) {
	case BS_FORM_OPEN:
		/* [7.3] "approximately 1/2" apart (Optional rule: ... place
		 * the stands 1" apart)" */
		return stands_option ? 1.0 : 0.5;
	case BS_FORM_SKIRMISH:
		/* [7.4] "1" or more apart": the minimum */
		return 1.0;
	case BS_FORM_CLOSED: /* [7.2] base-to-base */
	case BS_FORM_MOB:    /* [7.5] base-to-base */
	default:
		return 0.0;
	}
}

void bs_tt_shape_make(enum bs_formation f, int figures, int files,
		      double base_w, double base_d, int stands_option,
		      struct bs_tt_shape *out)
{
	if (figures < 1)
		figures = 1;
	if (files < 1)
		files = 1;
	if (files > figures)
		files = figures;
	out->formation = f;
	out->figures = figures;
	out->files = files;
	out->ranks = (figures + files - 1) / files;
	out->last = figures - (out->ranks - 1) * files;
	out->base_w = base_w;
	out->base_d = base_d;
	out->gap = bs_tt_gap(f, stands_option);
	out->width = files * base_w + (files - 1) * out->gap;
	out->depth = out->ranks * base_d + (out->ranks - 1) * out->gap;
}

int bs_tt_default_files(enum bs_formation f, int figures, double base_w,
			double base_d)
{
	int files;
	if (figures < 1)
		return 1;
	if (f == BS_FORM_MOB) {
		/* RULING R-101 [2.10] [7.5] "approximately as wide as it is
		 * deep": the smallest frontage whose width is at least the
		 * depth. */
		for (files = 1; files < figures; files++) {
			int ranks = (figures + files - 1) / files;
			if (files * base_w >= ranks * base_d)
				break;
		}
		return files;
	}
	/* RULING R-101: two ranks up to 16 figures, three up to 30, four
	 * beyond (deep enough for the extra ranks of [8.1]). */
	int ranks = figures <= 16 ? 2 : figures <= 30 ? 3 : 4;
	if (f == BS_FORM_SKIRMISH)
		ranks = figures <= 8 ? 1 : 2;
	files = (figures + ranks - 1) / ranks;
	return files < 1 ? 1 : files;
}

static int last_offset(const struct bs_tt_shape *s)
{
	return (s->files - s->last) / 2;
}

void bs_tt_slot(const struct bs_tt_shape *s, int i, int *file, int *rank)
{
	int r = i / s->files;
	int f = i % s->files;
	if (r == s->ranks - 1)
		f += last_offset(s);
	*file = f;
	*rank = r;
}

int bs_tt_figure_at(const struct bs_tt_shape *s, int file, int rank)
{
	if (file < 0 || file >= s->files || rank < 0 || rank >= s->ranks)
		return -1;
	if (rank < s->ranks - 1)
		return rank * s->files + file;
	int off = last_offset(s);
	if (file < off || file >= off + s->last)
		return -1;
	return rank * s->files + file - off;
}

int bs_tt_figures_in_files(const struct bs_tt_shape *s, int file0, int file1,
			   int rank0, int rank1)
{
	int n = 0;
	for (int r = rank0; r <= rank1; r++)
		for (int f = file0; f <= file1; f++)
			if (bs_tt_figure_at(s, f, r) >= 0)
				n++;
	return n;
}

struct bs_quad bs_tt_quad(const struct bs_tt_shape *s,
			  const struct bs_tt_pose *p)
{
	return bs_block(p->front, p->facing, s->width, s->depth);
}

struct bs_vec bs_tt_slot_pos(const struct bs_tt_shape *s,
			     const struct bs_tt_pose *p, int file, int rank)
{
	struct bs_vec fwd = bs_dir(p->facing);
	struct bs_vec right = bs_dir(p->facing + 90.0);
	double x = file * (s->base_w + s->gap) + s->base_w / 2 - s->width / 2;
	double y = rank * (s->base_d + s->gap) + s->base_d / 2;
	return bs_vec_add(p->front, bs_vec_add(bs_vec_scale(right, x),
					       bs_vec_scale(fwd, -y)));
}

void bs_tt_local(const struct bs_tt_pose *p, double width, struct bs_vec pt,
		 double *x, double *y)
{
	struct bs_vec fwd = bs_dir(p->facing);
	struct bs_vec right = bs_dir(p->facing + 90.0);
	struct bs_vec d = bs_vec_sub(pt, p->front);
	*x = bs_vec_dot(d, right) + width / 2;
	*y = -bs_vec_dot(d, fwd);
}

/* Indexes k in 0..n-1 whose interval [k*pitch, k*pitch + size] overlaps
 * [lo, hi]; a zero-length touch takes the nearest. */
static int over(int n, double pitch, double size, double lo, double hi,
		int *first, int *lastk)
{
	const double eps = 1e-6;
	int a = -1, b = -1;
	if (hi - lo > BS_GEOM_TOUCH) {
		for (int k = 0; k < n; k++) {
			double s0 = k * pitch, s1 = s0 + size;
			/* issue 13: with pitch >= 0, s0 never falls as k
			 * grows (k * pitch, a product rounded to nearest, is
			 * monotone in k): once it reaches hi - eps, no later
			 * base is over */
			if (!(s0 < hi - eps) && pitch >= 0)
				break;
			if (!(s0 < hi - eps))
				continue;
			if (s1 > lo + eps) {
				if (a < 0)
					a = k;
				b = k;
			}
		}
	}
	if (a < 0) {
		/* a corner, or a stretch falling in a gap: the nearest */
		double mid = (lo + hi) / 2;
		int k = (int)floor(mid / pitch);
		if (k < 0)
			k = 0;
		if (k > n - 1)
			k = n - 1;
		if (k + 1 < n &&
		    mid - (k * pitch + size) > (k + 1) * pitch - mid)
			k++;
		a = b = k;
	}
	*first = a;
	*lastk = b;
	return b - a + 1;
}

int bs_tt_files_over(const struct bs_tt_shape *s, double lo, double hi,
		     int *first, int *lastf)
{
	return over(s->files, s->base_w + s->gap, s->base_w, lo, hi, first,
		    lastf);
}

int bs_tt_ranks_over(const struct bs_tt_shape *s, double lo, double hi,
		     int *first, int *lastr)
{
	return over(s->ranks, s->base_d + s->gap, s->base_d, lo, hi, first,
		    lastr);
}

int bs_tt_all_within(const struct bs_tt_shape *s, const struct bs_tt_pose *p,
		     struct bs_vec c, double r)
{
	/* [4.7] every figure within the radius: the block is convex and the
	 * farthest point of any base is a corner of the block, except for a
	 * partial last rank, whose empty corners hold no figure. Test each
	 * standing figure's base corners of the outer files and ranks. */
	double hw = s->base_w / 2, hd = s->base_d / 2;
	/* the block's corners within: every base is (convex) */
	struct bs_quad q = bs_tt_quad(s, p);
	int all = 1;
	for (int i = 0; i < 4; i++)
		if (bs_vec_dist(q.p[i], c) > r + 1e-9)
			all = 0;
	if (all)
		return 1;
	/* the base corners' directions, only when needed (the common case
	 * above does without their sines and cosines) */
	struct bs_vec fwd = bs_dir(p->facing);
	struct bs_vec right = bs_dir(p->facing + 90.0);
	for (int i = 0; i < s->figures; i++) {
		int f, k;
		bs_tt_slot(s, i, &f, &k);
		int outer = f == 0 || f == s->files - 1 || k == 0 ||
			    k == s->ranks - 1 || k == s->ranks - 2;
		if (!outer)
			continue;
		struct bs_vec m = bs_tt_slot_pos(s, p, f, k);
		for (int cx = -1; cx <= 1; cx += 2)
			for (int cy = -1; cy <= 1; cy += 2) {
				struct bs_vec q = bs_vec_add(
				    m, bs_vec_add(bs_vec_scale(right, cx * hw),
						  bs_vec_scale(fwd, cy * hd)));
				if (bs_vec_dist(q, c) > r + 1e-9)
					return 0;
			}
	}
	return 1;
}

int bs_tt_off_table(const struct bs_quad *q, double w, double d)
{
	const double eps = 1e-9;
	for (int i = 0; i < 4; i++)
		if (q->p[i].x < -eps || q->p[i].x > w + eps ||
		    q->p[i].y < -eps || q->p[i].y > d + eps)
			return 1;
	return 0;
}

int bs_tt_table_walls(double w, double d, struct bs_quad *out)
{
	/* 1000" thick, in the corner order of bs_tt_quad (a block facing
	 * north: front-left, rear-left, rear-right, front-right) */
	const double t = 1000.0;
	const double box[4][4] = {
	    {-t, -t, 0, d + t},	   /* west */
	    {w, -t, w + t, d + t}, /* east */
	    {-t, -t, w + t, 0},	   /* south */
	    {-t, d, w + t, d + t}, /* north */
	};
	for (int i = 0; i < 4; i++) {
		out[i].p[0] = (struct bs_vec){box[i][0], box[i][3]};
		out[i].p[1] = (struct bs_vec){box[i][0], box[i][1]};
		out[i].p[2] = (struct bs_vec){box[i][2], box[i][1]};
		out[i].p[3] = (struct bs_vec){box[i][2], box[i][3]};
	}
	return 4;
}

int bs_tt_wholly_off_table(const struct bs_quad *q, double w, double d)
{
	int left = 1, right = 1, below = 1, above = 1;
	for (int i = 0; i < 4; i++) {
		left &= q->p[i].x <= 0;
		right &= q->p[i].x >= w;
		below &= q->p[i].y <= 0;
		above &= q->p[i].y >= d;
	}
	return left || right || below || above;
}
