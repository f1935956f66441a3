/* Chapter 4 morale and discipline: the [4.2] examples, the [4.3] check,
 * [4.4] when (one attack, one check), [4.5] effects, [4.6] discipline. */
#include <criterion/criterion.h>
#include <string.h>

#include "battlesim/bs1e_morale.h"

#define BIT(x) (1u << (x))

/* [4.2] orcs ML 12, closed formation, commander CHA 17, a fireball kills
 * 30%: 12 + 1 + 2 - 1 = 14. */
Test(r04_morale, s4_2_orcs_fireball_14)
{
	struct bs1e_morale_situation s;
	struct bs_deriv d;
	memset(&s, 0, sizeof s);
	s.formation = BS_FORM_CLOSED;
	s.t4 = BIT(BS1E_T4_CLOSED_FORMATION) | BIT(BS1E_T4_REMOVED_BY_MAGIC);
	s.cb = bs1e_charisma_bonus(17);
	cr_assert_eq(s.cb, 2);
	bs1e_morale_current(12, &s, &d);
	cr_assert_eq(d.value, 14);
	cr_assert_eq(d.nterms, 3);
}

/* [4.2] hill giants ML 13, over 50% lost, spectres in the rear: 13 - 2 -
 * 2 - 3 = 6. */
Test(r04_morale, s4_2_hill_giants_6)
{
	struct bs1e_morale_situation s;
	struct bs_deriv d;
	memset(&s, 0, sizeof s);
	s.formation = BS_FORM_OPEN;
	s.t4 = BIT(BS1E_T4_LOST_50) | BIT(BS1E_T4_ENEMY_IN_REAR) |
	       BIT(BS1E_T4_LEVEL_DRAIN_OR_UNHARMABLE);
	bs1e_morale_current(13, &s, &d);
	cr_assert_eq(d.value, 6);
	char buf[256];
	bs_deriv_format(&d, "ML", buf, sizeof buf);
	cr_assert(strstr(buf, "ML 6 = 13 -2") == buf, "%s", buf);
}

/* RULING R-067 (gap 30): 75% replaces 50% (-4); optional rule adds. */
Test(r04_morale, s4_2_lost_75_replaces_50)
{
	struct bs1e_morale_situation s;
	struct bs_deriv d;
	memset(&s, 0, sizeof s);
	s.t4 = bs1e_morale_loss_rows(12, 9);
	cr_assert_eq(s.t4, BIT(BS1E_T4_LOST_50) | BIT(BS1E_T4_LOST_75));
	bs1e_morale_current(12, &s, &d);
	cr_assert_eq(d.value, 8);
	s.losses_cumulative = 1;
	bs1e_morale_current(12, &s, &d);
	cr_assert_eq(d.value, 6);
	cr_assert_eq(bs1e_morale_loss_rows(12, 5), 0);
	cr_assert_eq(bs1e_morale_loss_rows(12, 6), BIT(BS1E_T4_LOST_50));
}

/* Issue 12 item 16, RULING R-067's optional rule: a unit that has lost
 * 75% has lost 50% too, so with table4_losses_cumulative both rows apply
 * even when the caller names the 75% row alone (the calculator's
 * --lost-75): 12 - 2 - 4 = 6, not 8. */
Test(r04_morale, s4_2_t4_cumulative_75_row_alone_is_minus_6)
{
	struct bs1e_morale_situation s;
	struct bs_deriv d;
	memset(&s, 0, sizeof s);
	s.t4 = BIT(BS1E_T4_LOST_75);
	s.losses_cumulative = 1;
	bs1e_morale_current(12, &s, &d);
	cr_assert_eq(d.value, 6);
	cr_assert_eq(d.nterms, 2);
	/* without the option the 75% row alone: -4 */
	s.losses_cumulative = 0;
	bs1e_morale_current(12, &s, &d);
	cr_assert_eq(d.value, 8);
	/* the 50% row alone is -2 either way */
	s.t4 = BIT(BS1E_T4_LOST_50);
	s.losses_cumulative = 1;
	bs1e_morale_current(12, &s, &d);
	cr_assert_eq(d.value, 10);
}

/* Table 4: out of command does not apply to skirmish units; a mob is
 * always out of command [4.7]; out of command, no CB (RULING R-071). */
Test(r04_morale, s4_2_out_of_command_rules)
{
	struct bs1e_morale_situation s;
	struct bs_deriv d;
	memset(&s, 0, sizeof s);
	s.t4 = BIT(BS1E_T4_OUT_OF_COMMAND);
	s.skirmish_unit = 1;
	bs1e_morale_current(11, &s, &d);
	cr_assert_eq(d.value, 11);
	memset(&s, 0, sizeof s);
	s.mob = 1;
	s.cb = 2;
	s.t4 = BIT(BS1E_T4_MOB_SUPPORTED);
	bs1e_morale_current(11, &s, &d);
	cr_assert_eq(d.value, 11 - 2 + 2);
}

/* [4.3] 2d10 equal to or less than the current morale passes. */
Test(r04_morale, s4_3_check_equal_passes)
{
	cr_assert(bs1e_morale_passes(14, 14));
	cr_assert(bs1e_morale_passes(14, 2));
	cr_assert_not(bs1e_morale_passes(14, 15));
	int dice[] = {7, 8};
	struct bs_dice_source src;
	bs_dice_source_script(&src, dice, 2);
	cr_assert_eq(bs1e_roll_2d10(&src), 15);
	cr_assert_not(src.failed);
}

/* [4.4] a fireball that pushes casualties over 50%: one check, though it
 * meets two conditions. */
Test(r04_morale, s4_4_fireball_over_50_one_check)
{
	struct bs1e_morale_event e = {
	    .original = 12, .lost_before = 4, .lost_after = 7, .by_magic = 1};
	struct bs1e_morale_due due;
	bs1e_morale_checks_due(&e, &due);
	cr_assert_eq(due.checks, 1);
	cr_assert(due.reasons & BIT(BS1E_T5_LOST_50));
	cr_assert(due.reasons & BIT(BS1E_T5_REMOVED_BY_MAGIC));
	cr_assert(due.t4 & BIT(BS1E_T4_REMOVED_BY_MAGIC));
}

/* [4.4] a fireball and then a missile volley: two attacks, two checks. */
Test(r04_morale, s4_4_two_attacks_two_checks)
{
	struct bs1e_morale_due a, b;
	struct bs1e_morale_event fb = {
	    .original = 12, .lost_before = 0, .lost_after = 2, .by_magic = 1};
	struct bs1e_morale_event vol = {
	    .original = 12, .lost_before = 2, .lost_after = 7};
	bs1e_morale_checks_due(&fb, &a);
	bs1e_morale_checks_due(&vol, &b);
	cr_assert_eq(a.checks + b.checks, 2);
	cr_assert_eq(b.reasons, BIT(BS1E_T5_LOST_25) | BIT(BS1E_T5_LOST_50));
}

/* [4.4] the game round with four checks: fireball removes one figure;
 * pass-through fire pushes losses over 50%; the commander is killed; the
 * unit ends the Melee Phase touching undead. */
Test(r04_morale, s4_4_four_checks_in_a_round)
{
	struct bs1e_morale_event ev[4] = {
	    {.original = 20, .lost_before = 0, .lost_after = 1, .by_magic = 1},
	    {.original = 20, .lost_before = 8, .lost_after = 11},
	    {.original = 20,
	     .lost_before = 11,
	     .lost_after = 11,
	     .commander_killed = 1},
	    {.original = 20,
	     .lost_before = 11,
	     .lost_after = 11,
	     .end_contact_undead_or_drainer = 1},
	};
	int total = 0;
	for (int i = 0; i < 4; i++) {
		struct bs1e_morale_due d;
		bs1e_morale_checks_due(&ev[i], &d);
		cr_assert_eq(d.checks, 1, "event %d", i);
		total += d.checks;
	}
	cr_assert_eq(total, 4);
}

/* Table 5: each loss past 50% checks; no loss, no check. */
Test(r04_morale, s4_4_each_loss_past_50)
{
	struct bs1e_morale_due d;
	struct bs1e_morale_event e = {
	    .original = 10, .lost_before = 5, .lost_after = 6};
	bs1e_morale_checks_due(&e, &d);
	cr_assert_eq(d.checks, 1);
	cr_assert_eq(d.reasons, BIT(BS1E_T5_LOSS_AFTER_50));
	e.lost_after = 5;
	bs1e_morale_checks_due(&e, &d);
	cr_assert_eq(d.checks, 0);
	struct bs1e_morale_event small = {
	    .original = 10, .lost_before = 0, .lost_after = 2};
	bs1e_morale_checks_due(&small, &d);
	cr_assert_eq(d.checks, 0);
	small.lost_after = 3; /* 30%: past 25% */
	bs1e_morale_checks_due(&small, &d);
	cr_assert_eq(d.reasons, BIT(BS1E_T5_LOST_25));
}

/* [4.5] effects; [4.1] a unit that never checks morale never routs. */
Test(r04_morale, s4_5_effects)
{
	cr_assert_eq(bs1e_morale_effect(BS_FORM_CLOSED, 1, 0),
		     BS1E_MORALE_HOLDS);
	cr_assert_eq(bs1e_morale_effect(BS_FORM_CLOSED, 0, 0),
		     BS1E_MORALE_TO_OPEN);
	cr_assert_eq(bs1e_morale_effect(BS_FORM_OPEN, 0, 0), BS1E_MORALE_ROUTS);
	cr_assert_eq(bs1e_morale_effect(BS_FORM_SKIRMISH, 0, 0),
		     BS1E_MORALE_ROUTS);
	cr_assert_eq(bs1e_morale_effect(BS_FORM_MOB, 0, 0), BS1E_MORALE_ROUTS);
	cr_assert_eq(bs1e_morale_effect(BS_FORM_OPEN, 0, 1),
		     BS1E_MORALE_NO_ROUT);
}

/* [4.6] DL 0 always fails; otherwise 2d10 at most DL (RULING R-070). */
Test(r04_morale, s4_6_discipline_check)
{
	cr_assert_not(bs1e_discipline_passes(0, 2));
	cr_assert(bs1e_discipline_passes(12, 12));
	cr_assert_not(bs1e_discipline_passes(12, 13));
}

/* [4.6] Table 7: who must check. */
Test(r04_morale, s4_6_table7_who_checks)
{
	struct bs1e_discipline_unit lawful = {0}, chaotic = {.chaotic = 1},
				    dim = {.low_int = 1},
				    mob = {.mob_or_berserker = 1};
	cr_assert(bs1e_discipline_due(BS1E_T7_HATED_OPPONENT, &lawful));
	cr_assert_not(bs1e_discipline_due(BS1E_T7_ENEMY_WITHDRAWS, &lawful));
	cr_assert(bs1e_discipline_due(BS1E_T7_ENEMY_WITHDRAWS, &chaotic));
	cr_assert(bs1e_discipline_due(BS1E_T7_CLOSED_CHARGE, &dim));
	cr_assert_not(bs1e_discipline_due(BS1E_T7_CLOSED_CHARGE, &mob));
	cr_assert(
	    bs1e_discipline_due(BS1E_T7_MOB_OR_BERSERKER_SEES_ENEMY, &mob));
	cr_assert_not(
	    bs1e_discipline_due(BS1E_T7_MOB_OR_BERSERKER_SEES_ENEMY, &dim));
}

/* Issue 12 item 3: [2.9] a skirmish unit "does not receive the benefits
 * for being In Command": its commander's charisma bonus does not count
 * (a term says why); out of command does not count either. */
Test(r04_morale, s2_9_skirmish_unit_no_charisma_bonus)
{
	struct bs1e_morale_situation s;
	struct bs_deriv d;
	memset(&s, 0, sizeof s);
	s.formation = BS_FORM_SKIRMISH;
	s.skirmish_unit = 1;
	s.cb = 2;
	bs1e_morale_current(12, &s, &d);
	cr_assert_eq(d.value, 12);
	s.t4 = BIT(BS1E_T4_OUT_OF_COMMAND);
	bs1e_morale_current(12, &s, &d);
	cr_assert_eq(d.value, 12);
	/* the same CB on a unit in open formation counts */
	memset(&s, 0, sizeof s);
	s.formation = BS_FORM_OPEN;
	s.cb = 2;
	bs1e_morale_current(12, &s, &d);
	cr_assert_eq(d.value, 14);
}
