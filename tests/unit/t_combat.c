/* Mechanics of the combat kernel: column shifts over the whole range,
 * reading formats, plan errors, scripted 2d6, the 36 outcomes of 2d6. */
#include <criterion/criterion.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"

Test(combat, col_shift_right_wraps_left_clamps)
{
	for (int from = 0; from < BS1E_COL__COUNT; from++)
		for (int sh = -30; sh <= 60; sh++) {
			int w = -1, c = -1;
			enum bs1e_col to = bs1e_col_shift(from, sh, &w, &c);
			cr_assert(to >= 0 && to < BS1E_COL__COUNT);
			if (sh >= 0) {
				cr_assert_eq(w * BS1E_COL__COUNT + (int)to,
					     from + sh);
				cr_assert_eq(c, 0);
			} else {
				cr_assert_eq(w, 0);
				cr_assert_eq((int)to,
					     from + sh < 0 ? 0 : from + sh);
				cr_assert_eq(c, from + sh < 0);
			}
		}
}

/* RULING R-062: fixed numbers read as D2 + (N - 1); dice without a column
 * on the next smaller one; past d20 an error. */
Test(combat, fixed_and_odd_dice)
{
	struct bs_dice d;
	struct bs1e_colread r;
	char err[160];
	const char *fixed[] = {"1", "2", "3", "5", "11", "12"};
	enum bs1e_col col[] = {BS1E_COL_D2, BS1E_COL_D3,  BS1E_COL_D4,
			       BS1E_COL_D8, BS1E_COL_D20, BS1E_COL_D2};
	for (int i = 0; i < 6; i++) {
		cr_assert_eq(bs_dice_parse(fixed[i], &d, NULL, 0), 0);
		cr_assert_eq(
		    bs1e_colread_for_part(&d.part[0], 0, &r, err, sizeof err),
		    0);
		cr_assert_eq(r.col, col[i], "%s", fixed[i]);
		cr_assert_eq(r.fixed, 1);
	}
	cr_assert_eq(r.wraps, 1); /* 12 -> D20 + D2 */
	cr_assert_eq(bs_dice_parse("0", &d, NULL, 0), 0);
	cr_assert_eq(bs1e_colread_for_part(&d.part[0], 0, &r, err, sizeof err),
		     -1);
	cr_assert(strstr(err, "fixed damage 0") != NULL, "%s", err);
	cr_assert_eq(bs_dice_parse("d7+1", &d, NULL, 0), 0);
	cr_assert_eq(bs1e_colread_for_part(&d.part[0], 0, &r, err, sizeof err),
		     0);
	cr_assert_eq(r.odd_die, 1);
	cr_assert_eq(r.base, BS1E_COL_D6);
	cr_assert_eq(r.col, BS1E_COL_D8);
	cr_assert_eq(bs_dice_parse("d100", &d, NULL, 0), 0);
	cr_assert_eq(bs1e_colread_for_part(&d.part[0], 0, &r, err, sizeof err),
		     -1);
	cr_assert(strstr(err, "d100") != NULL, "%s", err);
}

Test(combat, colread_format)
{
	struct bs1e_colread r = {.count = 3, .col = BS1E_COL_D8, .wraps = 1};
	char buf[64];
	cr_assert_str_eq(bs1e_colread_format(&r, buf, sizeof buf),
			 "3 x (D20 + D8)");
	r.wraps = 2;
	r.count = 1;
	cr_assert_str_eq(bs1e_colread_format(&r, buf, sizeof buf),
			 "2 x D20 + D8");
}

Test(combat, plan_errors)
{
	struct bs1e_attack_spec s;
	struct bs1e_attack_plan p;
	char err[160];
	memset(&s, 0, sizeof s);
	s.figures = 1;
	cr_assert_eq(bs1e_attack_plan(&s, &p, err, sizeof err), -1);
	cr_assert_str_eq(err, "no damage given");
	cr_assert_eq(bs_dice_parse("d8", &s.damage, NULL, 0), 0);
	s.figures = 0;
	cr_assert_eq(bs1e_attack_plan(&s, &p, err, sizeof err), -1);
	s.figures = 1;
	s.attacks_num = -1;
	cr_assert_eq(bs1e_attack_plan(&s, &p, err, sizeof err), -1);
	s.attacks_num = 1;
	cr_assert_eq(bs1e_attack_plan(&s, &p, err, sizeof err), 0);
	/* too large to compute */
	cr_assert_eq(bs_dice_parse("100d20+1000", &s.damage, NULL, 0), 0);
	s.figures = 1000;
	cr_assert_eq(bs1e_attack_plan(&s, &p, err, sizeof err), -1);
}

/* Scripted dice: the 2d6 of step B comes from the script. */
Test(combat, scripted_2d6)
{
	int dice[] = {3, 4, 6, 6};
	struct bs_dice_source src;
	bs_dice_source_script(&src, dice, 4);
	cr_assert_eq(bs1e_roll_2d6(&src), 7);
	cr_assert_eq(bs1e_roll_2d6(&src), 12);
	cr_assert_not(src.failed);
	bs1e_roll_2d6(&src);
	cr_assert(src.failed);
}

/* The 36 outcomes of 2d6, and the distribution of an attack summing to
 * 36/36. */
Test(combat, odds_sum_to_36)
{
	int sum = 0;
	for (int r = 0; r <= 14; r++)
		sum += bs1e_2d6_ways(r);
	cr_assert_eq(sum, 36);
	cr_assert_eq(bs1e_2d6_ways(7), 6);
	cr_assert_eq(bs1e_2d6_ways(2), 1);
	cr_assert_eq(bs1e_2d6_ways(12), 1);
	int count[13] = {0};
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++)
			count[a + b]++;
	for (int r = 2; r <= 12; r++)
		cr_assert_eq(bs1e_2d6_ways(r), count[r]);
}

/* [11.4] [11.7] parts whose reading doubles: only those; the largest
 * result still bounded. d6 / d4 / d4 on the D6, D4, D4 columns. */
Test(combat, doubled_parts_double_their_reading)
{
	struct bs1e_attack_spec s;
	struct bs1e_attack_plan p;
	struct bs1e_attack_result r;
	char err[160];
	memset(&s, 0, sizeof s);
	s.figures = 2;
	s.poison_part = -1;
	cr_assert_eq(bs_dice_parse("d6/d4/d4", &s.damage, NULL, 0), 0);
	s.ar = 17;
	s.ac = 5;
	cr_assert_eq(bs1e_attack_plan(&s, &p, err, sizeof err), 0, "%s", err);
	bs1e_attack_resolve(&p, 7, &r);
	int plain = r.per_figure_tenths;
	cr_assert_eq(plain,
		     bs1e_crt(19, BS1E_COL_D6) + 2 * bs1e_crt(19, BS1E_COL_D4));
	s.doubled = 1u; /* the first part: a lance */
	cr_assert_eq(bs1e_attack_plan(&s, &p, err, sizeof err), 0, "%s", err);
	cr_expect(p.read[0].doubled && !p.read[1].doubled);
	bs1e_attack_resolve(&p, 7, &r);
	cr_expect_eq(r.per_figure_tenths, plain + bs1e_crt(19, BS1E_COL_D6));
	cr_expect_eq(r.read_tenths[0], 2 * bs1e_crt(19, BS1E_COL_D6));
	cr_expect_eq(r.total_tenths, 2 * r.per_figure_tenths);
	s.doubled = ~0u; /* set spears: every part */
	cr_assert_eq(bs1e_attack_plan(&s, &p, err, sizeof err), 0, "%s", err);
	bs1e_attack_resolve(&p, 7, &r);
	cr_expect_eq(r.per_figure_tenths, 2 * plain);
}
