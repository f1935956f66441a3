/* The matrix AI's expected Table 1 damage (RULING R-250): the closed form
 * of bs_mx_t1_expected100 (issue 13: the sum of the rolls reaching each
 * band) against the sum over the 100 rolls of 2d10 it replaces, for the
 * default table and scenario tables of other scales and bands. */
#include <criterion/criterion.h>

#include "battlesim/matrix.h"

static int by_rolls(const struct bs_mx_table1 *t, int diff, int classes,
		    int full_class)
{
	int sum = 0;
	for (int a = 1; a <= 10; a++)
		for (int b = 1; b <= 10; b++)
			sum += bs_mx_t1_points(
			    t, bs_mx_t1_adjusted(t, a + b, diff, classes,
						 full_class));
	return sum;
}

Test(mx_expected, r250_closed_form_equals_the_100_rolls)
{
	struct bs_mx_table1 odd = {
	    .scale = 3, .nbands = 5, .band = {30, 4, 11, 11, 19}};
	struct bs_mx_table1 one = {.scale = 1, .nbands = 1, .band = {2}};
	const struct bs_mx_table1 *tabs[3] = {&bs_mx_table1_default, &odd,
					      &one};
	for (int k = 0; k < 3; k++)
		for (int diff = -40; diff <= 40; diff++)
			for (int full = 1; full <= 12; full++)
				for (int cls = 0; cls <= full + 1; cls++)
					cr_assert_eq(
					    bs_mx_t1_expected100(tabs[k], diff,
								 cls, full),
					    by_rolls(tabs[k], diff, cls, full),
					    "table %d diff %d class %d of %d",
					    k, diff, cls, full);
	/* equal ratings at full strength: 1.18 points (docs/MATRIX.md) */
	cr_assert_eq(bs_mx_t1_expected100(&bs_mx_table1_default, 0, 5, 5), 118);
}

/* The capped sum by the 100 rolls (each outcome at most cap points,
 * cap < 0: all), as bs_mx_split_value100 counted it before the memo. */
static long capped_by_rolls(const struct bs_mx_table1 *t, int diff, int classes,
			    int full_class, int cap)
{
	long sum = 0;
	for (int a = 1; a <= 10; a++)
		for (int b = 1; b <= 10; b++) {
			int p = bs_mx_t1_points(
			    t, bs_mx_t1_adjusted(t, a + b, diff, classes,
						 full_class));
			sum += cap >= 0 && p > cap ? cap : p;
		}
	return sum;
}

/* Issue 13: the memo of a battle's Table 1 (struct bs_mx_t1_memo) gives
 * the integers of bs_mx_t1_expected100, of the 100 rolls capped and of
 * bs_mx_t1_points, for
 * the default table, tables of other scales and bands (not in order, a
 * band twice, the loader's extremes -100 and 200, no band), at every
 * rating difference, class and cap, far past the ends of the memo. */
Test(mx_expected, r250_memo_equals_the_direct_sums)
{
	struct bs_mx_table1 odd = {
	    .scale = 3, .nbands = 5, .band = {30, 4, 11, 11, 19}};
	struct bs_mx_table1 one = {.scale = 1, .nbands = 1, .band = {2}};
	struct bs_mx_table1 wide = {
	    .scale = 4, .nbands = 4, .band = {-100, -3, 50, 200}};
	struct bs_mx_table1 past = {
	    .scale = 1, .nbands = 2, .band = {-120, 200}};
	struct bs_mx_table1 none = {.scale = 2, .nbands = 0};
	struct bs_mx_table1 many = {.scale = 1, .nbands = BS_MX_T1_MAX};
	for (int j = 0; j < BS_MX_T1_MAX; j++)
		many.band[j] = 3 + 2 * j;
	const struct bs_mx_table1 *tabs[] = {
	    &bs_mx_table1_default, &odd, &one, &wide, &past, &none, &many};
	static struct bs_mx_t1_memo m; /* 21 KB: not on the stack */
	int made = 0;
	const int fulls[] = {1, 5, 10};
	for (size_t k = 0; k < sizeof tabs / sizeof tabs[0]; k++)
		for (int f = 0; f < 3; f++) {
			int full = fulls[f];
			bs_mx_t1_memo_init(&m, tabs[k], full);
			made += m.n > 0;
			for (int diff = -70; diff <= 70; diff++)
				for (int cls = 0; cls <= full + 1; cls++) {
					cr_assert_eq(
					    bs_mx_t1_memo_expected100(&m, diff,
								      cls),
					    by_rolls(tabs[k], diff, cls, full),
					    "table %zu diff %d class %d of %d",
					    k, diff, cls, full);
					for (int cap = -1;
					     cap <= tabs[k]->nbands + 1;
					     cap++) {
						long want = capped_by_rolls(
						    tabs[k], diff, cls, full,
						    cap);
						cr_assert_eq(bs_mx_t1_capped100(
								 tabs[k], diff,
								 cls, full,
								 cap),
							     want);
						cr_assert_eq(
						    bs_mx_t1_memo_capped100(
							&m, diff, cls, cap),
						    want,
						    "table %zu diff %d class "
						    "%d of %d cap %d",
						    k, diff, cls, full, cap);
					}
				}
		}
	/* the points of every adjusted roll (resolve_one) */
	for (size_t k = 0; k < sizeof tabs / sizeof tabs[0]; k++) {
		bs_mx_t1_memo_init(&m, tabs[k], 5);
		for (int r = -400; r <= 400; r++)
			cr_assert_eq(bs_mx_t1_memo_points(&m, r),
				     bs_mx_t1_points(tabs[k], r),
				     "table %zu roll %d", k, r);
	}
	/* the memo is made for all but `past` (a band below -100) and
	 * `none`: those compute directly */
	cr_assert_eq(made, 5 * 3);
}
