/* The book's worked examples of chapter 8 (melee): [8.4] procedure, [8.5]
 * dice conversions, [8.6] multiple attacks, [8.7] killed and wounded
 * figures, and [11.5] cavalry; with CRT-driven properties. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"

static struct bs_dice dice(const char *text)
{
	struct bs_dice d;
	char err[160];
	cr_assert_eq(bs_dice_parse(text, &d, err, sizeof err), 0, "%s", err);
	return d;
}

static struct bs1e_colread read_of(const char *text)
{
	struct bs_dice d = dice(text);
	struct bs1e_colread r;
	char err[160];
	cr_assert_eq(bs1e_colread_for_part(&d.part[0], 0, &r, err, sizeof err),
		     0, "%s", err);
	return r;
}

static void plan(struct bs1e_attack_plan *p, int ar, int ac, const char *dmg,
		 int figures)
{
	struct bs1e_attack_spec s;
	char err[160];
	memset(&s, 0, sizeof s);
	s.ar = ar;
	s.ac = ac;
	s.damage = dice(dmg);
	s.figures = figures;
	cr_assert_eq(bs1e_attack_plan(&s, p, err, sizeof err), 0, "%s", err);
}

/* [8.4] AR 17 vs AC 8, 2d6 = 7, longswords D8, 10 figures: 60 HD. */
Test(r08_melee, s8_4_example)
{
	struct bs1e_attack_plan p;
	struct bs1e_attack_result r;
	plan(&p, 17, 8, "d8", 10);
	cr_assert_eq(p.ar_minus_ac, 9);
	cr_assert_eq(p.nreads, 1);
	cr_assert_eq(p.read[0].col, BS1E_COL_D8);
	bs1e_attack_resolve(&p, 7, &r);
	cr_assert_eq(r.attack_roll, 16);
	cr_assert_eq(r.per_figure_tenths, 60);
	cr_assert_eq(r.total_tenths, 600);
	/* 60 HD against 10 HD figures: 6 killed, no wound. */
	struct bs1e_casualties c;
	bs1e_casualties(r.total_tenths, 100, 10, &c);
	cr_assert_eq(c.killed, 6);
	cr_assert_eq(c.wounded, 0);
}

Test(r08_melee, s8_5_d6_plus_1_reads_d8)
{
	struct bs1e_colread r = read_of("d6+1");
	cr_assert_eq(r.col, BS1E_COL_D8);
	cr_assert_eq(r.wraps, 0);
}

Test(r08_melee, s8_5_d12_plus_4_reads_d20)
{
	struct bs1e_colread r = read_of("d12+4");
	cr_assert_eq(r.col, BS1E_COL_D20);
	cr_assert_eq(r.wraps, 0);
}

Test(r08_melee, s8_5_d20_plus_3_is_d20_plus_d4)
{
	struct bs1e_colread r = read_of("d20+3");
	cr_assert_eq(r.col, BS1E_COL_D4);
	cr_assert_eq(r.wraps, 1);
	for (int roll = 0; roll <= 40; roll++)
		cr_assert_eq(bs1e_colread_tenths(&r, roll),
			     bs1e_crt(roll, BS1E_COL_D20) +
				 bs1e_crt(roll, BS1E_COL_D4));
	char buf[64];
	cr_assert_str_eq(bs1e_colread_format(&r, buf, sizeof buf), "D20 + D4");
}

/* RULING R-060 (gap 4): the procedure, not the printed D20 + D12. */
Test(r08_melee, s8_5_d8_plus_11_follows_procedure)
{
	struct bs1e_colread r = read_of("d8+11");
	cr_assert_eq(r.col, BS1E_COL_D8);
	cr_assert_eq(r.wraps, 1);
	char buf[64];
	cr_assert_str_eq(bs1e_colread_format(&r, buf, sizeof buf), "D20 + D8");
}

/* RULING R-060 (gap 4): 4 x D20 + D3, not the printed 4 x D20 + D8. */
Test(r08_melee, s8_5_d10_plus_40_follows_procedure)
{
	struct bs1e_colread r = read_of("d10+40");
	cr_assert_eq(r.col, BS1E_COL_D3);
	cr_assert_eq(r.wraps, 4);
	cr_assert_eq(bs1e_colread_tenths(&r, 16),
		     4 * bs1e_crt(16, BS1E_COL_D20) +
			 bs1e_crt(16, BS1E_COL_D3));
	char buf[64];
	cr_assert_str_eq(bs1e_colread_format(&r, buf, sizeof buf),
			 "4 x D20 + D3");
}

Test(r08_melee, s8_5_d20_minus_3_reads_d14)
{
	struct bs1e_colread r = read_of("d20-3");
	cr_assert_eq(r.col, BS1E_COL_D14);
	cr_assert_eq(r.clamped, 0);
}

Test(r08_melee, s8_5_d6_minus_4_stops_at_d2)
{
	struct bs1e_colread r = read_of("d6-4");
	cr_assert_eq(r.col, BS1E_COL_D2);
	cr_assert_eq(r.clamped, 1);
	cr_assert_eq(r.wraps, 0);
}

/* [8.5] "If a weapon does 2D8 damage, and the result in the D8 column is
 * 6, then each figure does 12 HD of damage." */
Test(r08_melee, s8_5_2d8_doubles_the_d8_column)
{
	struct bs1e_colread r = read_of("2d8");
	cr_assert_eq(r.col, BS1E_COL_D8);
	cr_assert_eq(r.count, 2);
	cr_assert_eq(bs1e_crt(16, BS1E_COL_D8), 60);
	cr_assert_eq(bs1e_colread_tenths(&r, 16), 120);
	char buf[64];
	cr_assert_str_eq(bs1e_colread_format(&r, buf, sizeof buf), "2 x D8");
}

/* [13.1] "3D6 ... +1 damage adjustment ... 3 times the result in the D8
 * column". Both as a written plus and as an adjustment. */
Test(r08_melee, s13_1_3d6_plus_1_is_3_x_d8)
{
	struct bs1e_colread r = read_of("3d6+1");
	cr_assert_eq(r.col, BS1E_COL_D8);
	cr_assert_eq(r.count, 3);
	struct bs_dice d = dice("3d6");
	struct bs1e_colread a;
	cr_assert_eq(bs1e_colread_for_part(&d.part[0], 1, &a, NULL, 0), 0);
	cr_assert_eq(a.col, BS1E_COL_D8);
	for (int roll = 0; roll <= 40; roll++)
		cr_assert_eq(bs1e_colread_tenths(&a, roll),
			     3 * bs1e_crt(roll, BS1E_COL_D8));
}

/* [8.6] weretiger D4/D4/D12: one roll, the results added. */
Test(r08_melee, s8_6_different_dice_add)
{
	struct bs1e_attack_plan p;
	struct bs1e_attack_result r;
	plan(&p, 10, 5, "d4/d4/d12", 1);
	cr_assert_eq(p.nreads, 3);
	for (int roll = 2; roll <= 12; roll++) {
		bs1e_attack_resolve(&p, roll, &r);
		int ar = 5 + roll;
		cr_assert_eq(r.per_figure_tenths,
			     2 * bs1e_crt(ar, BS1E_COL_D4) +
				 bs1e_crt(ar, BS1E_COL_D12));
	}
}

/* [8.6] the same damage repeated: the result multiplied. */
Test(r08_melee, s8_6_same_dice_multiply)
{
	struct bs1e_attack_spec s;
	struct bs1e_attack_plan p;
	struct bs1e_attack_result r;
	memset(&s, 0, sizeof s);
	s.ar = 15;
	s.ac = 5;
	s.damage = dice("d4+1");
	s.attacks_num = 2;
	s.figures = 3;
	cr_assert_eq(bs1e_attack_plan(&s, &p, NULL, 0), 0);
	bs1e_attack_resolve(&p, 6, &r);
	cr_assert_eq(r.per_figure_tenths, 2 * bs1e_crt(16, BS1E_COL_D6));
	cr_assert_eq(r.total_tenths, 3 * r.per_figure_tenths);
}

/* RULING R-064 (gap 38): 3/2 attacks multiply by 3/2 (to the tenth); the
 * optional alternation gives 1, 2, 1, 2 whole attacks. */
Test(r08_melee, s8_6_three_halves_attacks)
{
	struct bs1e_attack_spec s;
	struct bs1e_attack_plan p;
	struct bs1e_attack_result r;
	memset(&s, 0, sizeof s);
	s.ar = 15;
	s.ac = 5;
	s.damage = dice("d8");
	s.attacks_num = 3;
	s.attacks_den = 2;
	s.figures = 1;
	cr_assert_eq(bs1e_attack_plan(&s, &p, NULL, 0), 0);
	bs1e_attack_resolve(&p, 6, &r); /* roll 16: D8 6 HD */
	cr_assert_eq(r.routine_tenths, 60);
	cr_assert_eq(r.per_figure_tenths, 90);
	int want[] = {1, 2, 1, 2, 1, 2};
	for (int i = 0; i < 6; i++)
		cr_assert_eq(bs1e_attacks_in_phase(3, 2, i), want[i]);
	cr_assert_eq(bs1e_attacks_in_phase(2, 1, 4), 2);
}

/* [11.5] cavalry: one roll, rider's and mount's damage added. */
Test(r08_melee, s11_5_rider_and_mount_one_roll)
{
	struct bs1e_attack_plan p;
	struct bs1e_attack_result r;
	plan(&p, 14, 4, "d8/d6", 5);
	bs1e_attack_resolve(&p, 8, &r);
	cr_assert_eq(r.attack_roll, 18);
	cr_assert_eq(r.per_figure_tenths,
		     bs1e_crt(18, BS1E_COL_D8) + bs1e_crt(18, BS1E_COL_D6));
	cr_assert_eq(r.total_tenths, 5 * r.per_figure_tenths);
}

/* [8.7] 30 HD on 10 orc figures (10 HD each): 3 killed. */
Test(r08_melee, s8_7_thirty_hd_kill_three)
{
	struct bs1e_casualties c;
	bs1e_casualties(300, 100, 10, &c);
	cr_assert_eq(c.killed, 3);
	cr_assert_eq(c.wounded, 0);
}

/* [8.7] 35 HD: 3 killed, 5 HD left over: one wound. */
Test(r08_melee, s8_7_thirty_five_hd_wound)
{
	struct bs1e_casualties c;
	bs1e_casualties(350, 100, 10, &c);
	cr_assert_eq(c.killed, 3);
	cr_assert_eq(c.wounded, 1);
	cr_assert_eq(c.leftover_tenths, 50);
}

/* [8.7] 31 HD: 3 killed, 1 HD under 1/4: disregarded. */
Test(r08_melee, s8_7_thirty_one_hd_no_wound)
{
	struct bs1e_casualties c;
	bs1e_casualties(310, 100, 10, &c);
	cr_assert_eq(c.killed, 3);
	cr_assert_eq(c.wounded, 0);
	cr_assert_eq(c.disregarded_tenths, 10);
}

/* [8.7] exactly 1/4 wounds; a tenth less does not. */
Test(r08_melee, s8_7_quarter_threshold)
{
	struct bs1e_casualties c;
	bs1e_casualties(25, 100, 10, &c);
	cr_assert_eq(c.wounded, 1);
	bs1e_casualties(24, 100, 10, &c);
	cr_assert_eq(c.wounded, 0);
	cr_assert_eq(c.disregarded_tenths, 24);
}

/* [8.7] 3 killed and 1 wounded before; 25 HD now: two killed, a second
 * wound, so a third figure is removed (and the other wound healed). */
Test(r08_melee, s8_7_second_wound_removes_a_figure)
{
	struct bs1e_unit_figs u = {.figures = 7, .wounded = 1};
	struct bs1e_casualties c;
	struct bs1e_phase_losses l;
	bs1e_casualties(250, 100, u.figures, &c);
	cr_assert_eq(c.killed, 2);
	cr_assert_eq(c.wounded, 1);
	bs1e_melee_losses(&u, &c, 1, &l);
	cr_assert_eq(l.killed, 2);
	cr_assert_eq(l.removed_by_wounds, 1);
	cr_assert_eq(l.removed, 3);
	cr_assert_eq(l.healed, 1);
	cr_assert_eq(u.figures, 4);
	cr_assert_eq(u.wounded, 0);
}

/* [8.7] kills are capped by the figures standing. */
Test(r08_melee, s8_7_damage_past_the_unit)
{
	struct bs1e_casualties c;
	bs1e_casualties(600, 100, 4, &c);
	cr_assert_eq(c.killed, 4);
	cr_assert_eq(c.wounded, 0);
	cr_assert_eq(c.disregarded_tenths, 200);
}

/* [8.4 F/G] both sides attack with their figures, then both lose. */
Test(r08_melee, s8_4_g_losses_after_both_attack)
{
	struct bs1e_attack_plan pa, pb;
	struct bs1e_attack_result ra, rb;
	struct bs1e_unit_figs a = {.figures = 10}, b = {.figures = 10};
	plan(&pa, 17, 8, "d8", a.figures); /* 60 HD */
	plan(&pb, 20, 5, "d6", b.figures);
	bs1e_attack_resolve(&pa, 7, &ra);
	bs1e_attack_resolve(&pb, 7, &rb); /* roll 22 D6: 2 HD x 10 */
	struct bs1e_casualties on_b, on_a;
	bs1e_casualties(ra.total_tenths, 100, b.figures, &on_b);
	bs1e_casualties(rb.total_tenths, 100, a.figures, &on_a);
	struct bs1e_phase_losses la, lb;
	bs1e_melee_phase_end(&a, &on_a, 1, &la, &b, &on_b, 1, &lb);
	cr_assert_eq(lb.removed, 6);
	cr_assert_eq(la.removed, 2);
	cr_assert_eq(a.figures, 8);
	cr_assert_eq(b.figures, 4);
}

/* [8.7] at the end of the phase at most one wounded figure. */
Test(r08_melee, s8_7_one_wounded_figure_at_most)
{
	struct bs1e_unit_figs u = {.figures = 10, .wounded = 0};
	struct bs1e_casualties hits[3];
	struct bs1e_phase_losses l;
	for (int i = 0; i < 3; i++)
		bs1e_casualties(50, 100, 10, &hits[i]);
	bs1e_melee_losses(&u, hits, 3, &l);
	cr_assert_eq(l.new_wounds, 3);
	cr_assert_eq(u.wounded, 1);
	cr_assert_eq(l.removed_by_wounds, 1);
	cr_assert_eq(u.figures, 9);
	/* a last figure, already wounded, wounded again: removed */
	struct bs1e_unit_figs last = {.figures = 1, .wounded = 1};
	bs1e_melee_losses(&last, hits, 1, &l);
	cr_assert_eq(last.figures, 0);
	cr_assert_eq(last.wounded, 0);
	cr_assert_eq(l.removed, 1);
}

/* The CRT properties the kernel relies on: more figures never kill fewer;
 * a higher (worse) AR never does more damage. */
Test(r08_melee, s8_4_more_figures_never_kill_fewer)
{
	const char *dmg[] = {"d4", "d8", "2d6", "d12+2", "d4/d4/d12"};
	for (size_t k = 0; k < sizeof dmg / sizeof *dmg; k++)
		for (int roll = 2; roll <= 12; roll++) {
			int prev = -1;
			for (int f = 1; f <= 30; f++) {
				struct bs1e_attack_plan p;
				struct bs1e_attack_result r;
				struct bs1e_casualties c;
				plan(&p, 15, 5, dmg[k], f);
				bs1e_attack_resolve(&p, roll, &r);
				bs1e_casualties(r.total_tenths, 100, 1000, &c);
				cr_assert_geq(c.killed, prev);
				prev = c.killed;
			}
		}
}

Test(r08_melee, s8_4_higher_ar_never_better)
{
	for (int col = 0; col < BS1E_COL__COUNT; col++) {
		char dmg[16];
		snprintf(dmg, sizeof dmg, "d%d", bs1e_col_sides[col]);
		for (int roll = 2; roll <= 12; roll++) {
			int prev = INT_MAX;
			for (int ar = -10; ar <= 45; ar++) {
				struct bs1e_attack_plan p;
				struct bs1e_attack_result r;
				plan(&p, ar, 0, dmg, 10);
				bs1e_attack_resolve(&p, roll, &r);
				cr_assert_leq(r.total_tenths, prev);
				prev = r.total_tenths;
			}
		}
	}
}

/* [8.3 T10] the adjusted AR with its cites. */
Test(r08_melee, s8_3_adjusted_ar_derivation)
{
	struct bs_deriv d;
	bs1e_ar_adjusted(20, 1u << BS1E_T10_COMMANDER_FIGHTING, 0, 0, &d);
	cr_assert_eq(d.value, 19);
	char buf[256];
	bs_deriv_format(&d, "AR", buf, sizeof buf);
	cr_assert(strstr(buf, "AR 19 = 20") == buf, "%s", buf);
	cr_assert(strstr(buf, "commander fighting") != NULL, "%s", buf);
	bs1e_ar_adjusted(
	    15,
	    (1u << BS1E_T10_OPEN_OR_SKIRMISH) | (1u << BS1E_T10_OUT_OF_COMMAND),
	    (1u << BS1E_T10X_REAR) | (1u << BS1E_T10X_DAYLIGHT), 0, &d);
	cr_assert_eq(d.value, 15 + 1 + 1 - 2 + 1);
	cr_assert_eq(d.nterms, 4);
	/* [11.4] cavalry charge -2, none against set spears */
	bs1e_ar_add_cavalry_charge(&d, 0);
	cr_assert_eq(d.value, 14);
	bs1e_ar_add_cavalry_charge(&d, 1);
	cr_assert_eq(d.value, 14);
}
