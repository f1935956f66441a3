/* Chapter 13 (special creature abilities) in combat: [13.1] damage
 * adjustments, [13.2] poison, [13.4] paralysis, [13.5] level draining and
 * the [13.3]/[13.5] end-of-phase morale checks. */
#include <criterion/criterion.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"

static void plan_poison(struct bs1e_attack_plan *p, const char *dmg,
			enum bs1e_poison poison, int poison_part)
{
	struct bs1e_attack_spec s;
	char err[160];
	memset(&s, 0, sizeof s);
	s.ar = 15;
	s.ac = 5;
	cr_assert_eq(bs_dice_parse(dmg, &s.damage, err, sizeof err), 0);
	s.figures = 1;
	s.poison = poison;
	s.poison_part = poison_part;
	cr_assert_eq(bs1e_attack_plan(&s, p, err, sizeof err), 0, "%s", err);
}

/* [13.2] weak 1, undefined 2, strong 3 columns right of the attack's own
 * column (RULING R-066), read with the same roll. */
Test(r13_creatures, s13_2_poison_shifts)
{
	enum bs1e_col want[] = {BS1E_COL_D10, BS1E_COL_D12, BS1E_COL_D14};
	enum bs1e_poison pz[] = {BS1E_POISON_WEAK, BS1E_POISON_NORMAL,
				 BS1E_POISON_STRONG};
	for (int i = 0; i < 3; i++) {
		struct bs1e_attack_plan p;
		struct bs1e_attack_result r;
		plan_poison(&p, "d8", pz[i], -1);
		cr_assert_eq(p.nreads, 2);
		cr_assert_eq(p.read[1].poison, 1);
		cr_assert_eq(p.read[1].col, want[i]);
		bs1e_attack_resolve(&p, 6, &r);
		cr_assert_eq(r.per_figure_tenths,
			     bs1e_crt(16, BS1E_COL_D8) + bs1e_crt(16, want[i]));
	}
	cr_assert_eq(bs1e_poison_shift(BS1E_POISON_NONE), 0);
}

/* RULING R-066: the poison starts from the attack's shifted column and
 * goes with the last attack unless told; it wraps like [8.5]. */
Test(r13_creatures, s13_2_poison_from_shifted_column)
{
	struct bs1e_attack_plan p;
	plan_poison(&p, "d4/d4/d20+1", BS1E_POISON_STRONG, -1);
	cr_assert_eq(p.nreads, 4);
	cr_assert_eq(p.read[3].poison, 1);
	cr_assert_eq(p.read[3].col, BS1E_COL_D6); /* D20 +1 +3: D2 D3 D4 D6 */
	cr_assert_eq(p.read[3].wraps, 1);
	plan_poison(&p, "d4/d6", BS1E_POISON_WEAK, 0);
	cr_assert_eq(p.read[1].poison, 1);
	cr_assert_eq(p.read[1].col, BS1E_COL_D6);
	struct bs1e_attack_spec s;
	memset(&s, 0, sizeof s);
	cr_assert_eq(bs_dice_parse("d4", &s.damage, NULL, 0), 0);
	s.figures = 1;
	s.poison = BS1E_POISON_WEAK;
	s.poison_part = 2;
	char err[160];
	cr_assert_eq(bs1e_attack_plan(&s, &p, err, sizeof err), -1);
}

/* [13.5] level drainers do double damage. */
Test(r13_creatures, s13_5_level_drain_doubles)
{
	struct bs1e_attack_spec s;
	struct bs1e_attack_plan p;
	struct bs1e_attack_result r;
	memset(&s, 0, sizeof s);
	s.ar = 15;
	s.ac = 5;
	cr_assert_eq(bs_dice_parse("d6", &s.damage, NULL, 0), 0);
	s.figures = 4;
	s.level_drain = 1;
	cr_assert_eq(bs1e_attack_plan(&s, &p, NULL, 0), 0);
	bs1e_attack_resolve(&p, 6, &r);
	cr_assert_eq(r.per_figure_tenths, 2 * bs1e_crt(16, BS1E_COL_D6));
	cr_assert_eq(r.total_tenths, 4 * r.per_figure_tenths);
	cr_assert_eq(bs1e_level_drain_damage(35), 70);
}

/* [13.4] paralysis only: the D4 column; no wounds; any fraction of a
 * figure paralyzes the whole figure. */
Test(r13_creatures, s13_4_paralysis_d4_no_wounds)
{
	struct bs1e_attack_spec s;
	struct bs1e_attack_plan p;
	struct bs1e_attack_result r;
	struct bs1e_casualties c;
	memset(&s, 0, sizeof s);
	s.ar = 15;
	s.ac = 5;
	s.figures = 3;
	s.paralysis_only = 1;
	cr_assert_eq(bs1e_attack_plan(&s, &p, NULL, 0), 0);
	cr_assert_eq(p.read[0].col, BS1E_COL_D4);
	bs1e_attack_resolve(&p, 6, &r); /* roll 16: D4 = 3 HD */
	cr_assert_eq(r.total_tenths, 90);
	bs1e_paralysis(r.total_tenths, 40, 10, &c);
	cr_assert_eq(c.paralyzed, 3); /* 9 HD / 4 HD: 2 1/4 -> 3 */
	cr_assert_eq(c.wounded, 0);
	cr_assert_eq(c.killed, 0);
	bs1e_paralysis(1, 100, 10, &c);
	cr_assert_eq(c.paralyzed, 1);
	bs1e_paralysis(0, 100, 10, &c);
	cr_assert_eq(c.paralyzed, 0);
	bs1e_paralysis(900, 100, 4, &c);
	cr_assert_eq(c.paralyzed, 4);
}

/* [13.3] and [13.5]: contact at the end of a Melee Phase; one check
 * each (RULING R-072). */
Test(r13_creatures, s13_3_s13_5_contact_checks)
{
	cr_assert_eq(bs1e_contact_checks(0, 0), 0);
	cr_assert_eq(bs1e_contact_checks(1, 0), 1);
	cr_assert_eq(bs1e_contact_checks(0, 1), 1);
	cr_assert_eq(bs1e_contact_checks(1, 1), 2);
}
