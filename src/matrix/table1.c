/* The ruled "Table 1" of the attack phase [M3.4b]-[M3.4d] (known-gaps 20,
 * RULING R-250): the text says "subtract the target brigade's defensive
 * rating from [the attack] rating ... roll 2d10 and consult table 1" and
 * prints no table. A scenario may replace it (`table1:`). */
#include "battlesim/matrix.h"

/* RULING R-250: adjusted roll = 2d10 + 2 x (rating - defensive rating) -
 * 1 per century the attacker lacks; 9+ is 1 damage point and every 4 more
 * one more. Equal ratings at full strength: 28% no damage, 1.18 points
 * expected; docs/MATRIX.md tabulates the expectation. */
const struct bs_mx_table1 bs_mx_table1_default = {
    .scale = 2,
    .nbands = 8,
    .band = {9, 13, 17, 21, 25, 29, 33, 37},
};

int bs_mx_t1_points(const struct bs_mx_table1 *t, int r)
{
	int p = 0;
	for (int i = 0; i < t->nbands && i < BS_MX_T1_MAX; i++)
		if (r >= t->band[i])
			p++;
	return p;
}

int bs_mx_t1_adjusted(const struct bs_mx_table1 *t, int roll2d10, int diff,
		      int classes, int full_class)
{
	int missing = full_class - classes;
	if (missing < 0)
		missing = 0;
	return roll2d10 + t->scale * diff - missing;
}

/* The rolls of 2d10 (of 100) that come to at least k. */
static int rolls_at_least(int k)
{
	if (k <= 2)
		return 100;
	if (k > 20)
		return 0;
	if (k <= 11)
		return 100 - (k - 2) * (k - 1) / 2; /* less: 1 + 2 + ... */
	return (21 - k) * (22 - k) / 2;		    /* 20: 1, 19: 2, ... */
}

int bs_mx_t1_expected100(const struct bs_mx_table1 *t, int diff, int classes,
			 int full_class)
{
	/* the sum over the 100 rolls of 2d10 of bs_mx_t1_points(adjusted
	 * roll): each band is reached by the rolls at least its value less
	 * the adjustment, so the sum is the count of those rolls summed
	 * over the bands (the same integer, without the 100 rolls; the
	 * matrix AI asks for it for every pairing it weighs) */
	int adj = bs_mx_t1_adjusted(t, 0, diff, classes, full_class);
	int sum = 0;
	for (int i = 0; i < t->nbands && i < BS_MX_T1_MAX; i++)
		sum += rolls_at_least(t->band[i] - adj);
	return sum;
}

long bs_mx_t1_capped100(const struct bs_mx_table1 *t, int diff, int classes,
			int full_class, int cap)
{
	long sum = 0;
	for (int d1 = 1; d1 <= 10; d1++)
		for (int d2 = 1; d2 <= 10; d2++) {
			int p = bs_mx_t1_points(
			    t, bs_mx_t1_adjusted(t, d1 + d2, diff, classes,
						 full_class));
			sum += cap >= 0 && p > cap ? cap : p;
		}
	return sum;
}

/* ---- the memo (issue 13) ---------------------------------------------- */

void bs_mx_t1_memo_init(struct bs_mx_t1_memo *m, const struct bs_mx_table1 *t,
			int full_class)
{
	m->t = *t;
	m->full_class = full_class;
	m->n = 0;
	m->ascending = 1;
	int nb = t->nbands < BS_MX_T1_MAX ? t->nbands : BS_MX_T1_MAX;
	if (nb < 1)
		return;
	int lo = t->band[0], hi = t->band[0];
	for (int j = 0; j < nb; j++) {
		lo = t->band[j] < lo ? t->band[j] : lo;
		hi = t->band[j] > hi ? t->band[j] : hi;
		if (j > 0 && t->band[j] < t->band[j - 1])
			m->ascending = 0;
	}
	/* a band b is reached by rolls_at_least(b - a) of the rolls at
	 * modifier a: none for a <= b - 21, all for a >= b - 2 */
	int n = hi - lo + 20;
	if (lo < -100 || hi > 200 || n > BS_MX_T1_MEMO_SPAN)
		return;
	m->lo = lo - 21;
	m->npts = hi - lo + 2;
	for (int i = 0; i < m->npts; i++)
		m->pts[i] = (unsigned char)bs_mx_t1_points(t, lo - 1 + i);
	for (int i = 0; i < n; i++) {
		int a = m->lo + i;
		m->cum[0][i] = 0;
		for (int j = 0; j < nb; j++)
			m->cum[j + 1][i] =
			    m->cum[j][i] + rolls_at_least(t->band[j] - a);
	}
	m->n = n;
}

/* The column of m's cum for attack (diff, classes): the modifier of
 * bs_mx_t1_adjusted, held to lo .. lo + n - 1 (below and above it the
 * sums do not change). */
static int memo_col(const struct bs_mx_t1_memo *m, int diff, int classes)
{
	int a =
	    bs_mx_t1_adjusted(&m->t, 0, diff, classes, m->full_class) - m->lo;
	return a < 0 ? 0 : a >= m->n ? m->n - 1 : a;
}

int bs_mx_t1_memo_expected100(const struct bs_mx_t1_memo *m, int diff,
			      int classes)
{
	if (m->n == 0)
		return bs_mx_t1_expected100(&m->t, diff, classes,
					    m->full_class);
	int nb = m->t.nbands < BS_MX_T1_MAX ? m->t.nbands : BS_MX_T1_MAX;
	return m->cum[nb][memo_col(m, diff, classes)];
}

long bs_mx_t1_memo_capped100(const struct bs_mx_t1_memo *m, int diff,
			     int classes, int cap)
{
	int nb = m->t.nbands < BS_MX_T1_MAX ? m->t.nbands : BS_MX_T1_MAX;
	if (m->n == 0 || (!m->ascending && cap >= 0 && cap < nb))
		return bs_mx_t1_capped100(&m->t, diff, classes, m->full_class,
					  cap);
	/* bands in order: an outcome's points at most cap are the bands
	 * j < cap it reaches */
	int k = cap >= 0 && cap < nb ? cap : nb;
	return m->cum[k][memo_col(m, diff, classes)];
}

int bs_mx_t1_memo_points(const struct bs_mx_t1_memo *m, int r)
{
	if (m->n == 0)
		return bs_mx_t1_points(&m->t, r);
	int i = r - (m->lo + 20); /* the lowest band less 1 */
	return m->pts[i < 0 ? 0 : i >= m->npts ? m->npts - 1 : i];
}
