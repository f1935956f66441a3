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
