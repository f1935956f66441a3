/* [7.13] forced march: a failed morale check worsens AR by one and
 * accumulates; a round of doing nothing recovers one, up to the original. */
#include <criterion/criterion.h>

#include "battlesim/bs1e_combat.h"

/* [7.13] AR 15: fails (16), fails (17), passes (17). */
Test(r07_forced_march, s7_13_example_15_16_17_17)
{
	int base = 15, pen = 0;
	pen = bs1e_forced_march_check(pen, 0);
	cr_assert_eq(base + pen, 16);
	pen = bs1e_forced_march_check(pen, 0);
	cr_assert_eq(base + pen, 17);
	pen = bs1e_forced_march_check(pen, 1);
	cr_assert_eq(base + pen, 17);
}

/* [7.13] the AR improves by one per idle round, up to its original. */
Test(r07_forced_march, s7_13_rest_recovers_to_original)
{
	int base = 15, pen = 2;
	pen = bs1e_forced_march_rest(pen);
	cr_assert_eq(base + pen, 16);
	pen = bs1e_forced_march_rest(pen);
	cr_assert_eq(base + pen, 15);
	pen = bs1e_forced_march_rest(pen);
	cr_assert_eq(base + pen, 15);
}

Test(r07_forced_march, s7_13_penalty_in_ar_derivation)
{
	struct bs_deriv d;
	bs1e_ar_adjusted(15, 0, 0, 0, &d);
	bs1e_ar_add_forced_march(&d, 2);
	cr_assert_eq(d.value, 17);
	cr_assert_eq(d.nterms, 1);
	cr_assert_str_eq(d.term[0].cite, "[7.13]");
	bs1e_ar_add_forced_march(&d, 0);
	cr_assert_eq(d.nterms, 1);
}
