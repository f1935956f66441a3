/* 2E kernel tests (bs2e-summary.txt): the worked "Example of combat
 * procedure" with the book's dice, attack dice and their multipliers
 * ("round fractions up"), the hit table (RULING R-200), armor (and the
 * R-201 option), hits carried, morale outcomes and rally,
 * missile range bands and arc. Suite bs2e; each test names the
 * summary's heading (attack_dice_, armor_rating_, hits_, morale_,
 * example_) or the ruling (r200_ ...). */
#include <criterion/criterion.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/terrain.h"
#include "battlesim/bs2e.h"
#include "bs2e/engine2e.h"

/* [2E Example] "Unit A (8 figures, AD 8) ... rolls 8d8, getting results
 * of 2, 2, 3, 4, 5, 5, 6, and 8 ... for a total of 7 hits. Player B rolls
 * 7d10 ... 1, 3, 3, 4, 5, 8, and 9 ... only 5 of the hits actually did
 * damage ... Player B must take 2 figures off the tabletop and then note
 * ... that the unit has suffered 1 additional hit of damage." */
Test(bs2e, example_of_combat_procedure)
{
	static const int script[] = {2, 2, 3, 4, 5, 5, 6, 8,
				     1, 3, 3, 4, 5, 8, 9};
	struct bs_dice_source src;
	bs_dice_source_script(&src, script, sizeof script / sizeof *script);
	int ad[2] = {8, 0}, dice[8], per[8];
	int ndice = bs2e_ad_count(8, 1, 1);
	cr_assert_eq(ndice, 8, "one attack die for each figure");
	int hits = bs2e_roll_attack(&src, ad, ndice, NULL, dice, per);
	cr_assert_eq(hits, 7);
	static const int want_per[8] = {0, 0, 0, 1, 1, 1, 2, 2};
	for (int i = 0; i < 8; i++)
		cr_assert_eq(per[i], want_per[i], "die %d (%d)", i, dice[i]);
	int adice[7];
	int stand = bs2e_roll_armor(&src, hits, 7, 0, adice);
	cr_assert_eq(stand, 5, "the two highest rolls are greater than 7");
	cr_assert_eq(src.failed, 0);
	cr_assert_eq(src.pos, 15, "every given die used");
	int removed, carried;
	bs2e_take_hits(2, 6, 0, stand, &removed, &carried);
	cr_assert_eq(removed, 2);
	cr_assert_eq(carried, 1);
}

/* [2E Attack Dice] "a unit with 5 figures that is allowed a bonus of
 * x11/2 AD gets to roll 3 extra attack dice; the same unit attacking at x
 * 1/2 AD must roll only 3 attack dice instead of 5." */
Test(bs2e, attack_dice_round_fractions_up)
{
	cr_assert_eq(bs2e_ad_count(5, 3, 2), 8);
	cr_assert_eq(bs2e_ad_count(5, 1, 2), 3);
	cr_assert_eq(bs2e_ad_count(5, 1, 3), 2);
	cr_assert_eq(bs2e_ad_count(6, 1, 3), 2);
	cr_assert_eq(bs2e_ad_count(7, 1, 1), 7);
	cr_assert_eq(bs2e_ad_count(0, 3, 2), 0);
}

/* [2E Attack Dice] "10 + 8 or 2d10": one attack die is the total of the
 * two (RULING R-221), read on the extended table. */
Test(bs2e, attack_dice_two_dice_total_r221)
{
	static const int script[] = {10, 8, 1, 2};
	struct bs_dice_source src;
	bs_dice_source_script(&src, script, 4);
	int ad[2] = {10, 8}, dice[2], per[2];
	int hits = bs2e_roll_attack(&src, ad, 2, NULL, dice, per);
	cr_assert_eq(dice[0], 18);
	cr_assert_eq(dice[1], 3);
	cr_assert_eq(per[0], 6, "16-18 -> 6 (RULING R-200)");
	cr_assert_eq(per[1], 0);
	cr_assert_eq(hits, 6);
	char buf[16];
	cr_assert_str_eq(bs2e_ad_text(ad, buf, sizeof buf), "10+8");
	int one[2] = {12, 0};
	cr_assert_str_eq(bs2e_ad_text(one, buf, sizeof buf), "d12");
}

/* RULING R-200 (known-gaps 17): the rows the example fixes, and the
 * ruled rows 9-12 and beyond; a scenario's table replaces it. */
Test(bs2e, r200_hit_table_rows)
{
	static const int want[13] = {0, 0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 4, 4};
	for (int r = 1; r <= 12; r++)
		cr_assert_eq(bs2e_hits_for(NULL, r), want[r], "result %d", r);
	cr_assert_eq(bs2e_hits_for(NULL, 13), 4);
	cr_assert_eq(bs2e_hits_for(NULL, 20), 7);
	cr_assert_eq(bs2e_hits_for(NULL, 24), 9);
	/* never falls as the result rises */
	for (int r = 2; r <= BS2E_HIT_ROWS; r++)
		cr_assert_geq(bs2e_hit_table_builtin[r],
			      bs2e_hit_table_builtin[r - 1]);
	int mine[BS2E_HIT_ROWS + 1] = {0};
	for (int r = 1; r <= BS2E_HIT_ROWS; r++)
		mine[r] = r >= 5 ? 1 : 0;
	cr_assert_eq(bs2e_hits_for(mine, 4), 0);
	cr_assert_eq(bs2e_hits_for(mine, 12), 1);
}

/* [2E Armor Rating] "Each result higher than the defending unit's AR
 * means one of the hits is cancelled"; RULING R-201 the option "equal or
 * higher". */
Test(bs2e, armor_rating_higher_cancels_r201_option)
{
	cr_assert_eq(bs2e_armor_cancels(8, 7, 0), 1);
	cr_assert_eq(bs2e_armor_cancels(7, 7, 0), 0);
	cr_assert_eq(bs2e_armor_cancels(7, 7, 1), 1);
	cr_assert_eq(bs2e_armor_cancels(6, 7, 1), 0);
	static const int script[] = {1, 3, 3, 4, 5, 8, 9};
	struct bs_dice_source src;
	bs_dice_source_script(&src, script, 7);
	cr_assert_eq(bs2e_roll_armor(&src, 7, 8, 1, NULL), 5,
		     "8 and 9 cancel when equal counts");
	/* a lower AR is better: more results exceed it */
	bs_dice_source_script(&src, script, 7);
	cr_assert_eq(bs2e_roll_armor(&src, 7, 3, 0, NULL), 3,
		     "4, 5, 8 and 9 cancel");
}

/* [2E Hits] "if it takes 4 hits to remove a figure from a unit and that
 * unit suffers 3 hits, then a d6 with the "3" facing up is placed ...
 * As soon as the unit takes 1 more hit, then a figure must be removed." */
Test(bs2e, hits_partial_damage_carried)
{
	int removed, carried;
	bs2e_take_hits(4, 10, 0, 3, &removed, &carried);
	cr_assert_eq(removed, 0);
	cr_assert_eq(carried, 3);
	bs2e_take_hits(4, 10, carried, 1, &removed, &carried);
	cr_assert_eq(removed, 1);
	cr_assert_eq(carried, 0);
	/* more hits than the unit has figures: destroyed, nothing carried */
	bs2e_take_hits(1, 3, 0, 9, &removed, &carried);
	cr_assert_eq(removed, 3);
	cr_assert_eq(carried, 0);
}

/* [2E Morale] "A result equal to or less than the unit's ML means that
 * the check is passed"; good order fails -> shaken, retreat 4". */
Test(bs2e, morale_good_order_check)
{
	struct bs2e_morale_outcome o;
	bs2e_morale_check(BS2E_GOOD, 12, 12, &o);
	cr_assert(o.passed);
	cr_assert_eq(o.to, BS2E_GOOD);
	cr_assert_eq(o.retreat, 0);
	bs2e_morale_check(BS2E_GOOD, 12, 13, &o);
	cr_assert(!o.passed);
	cr_assert_eq(o.to, BS2E_SHAKEN);
	cr_assert_eq(o.retreat, 1);
	cr_assert_eq(o.second, 0);
}

/* [2E Morale] "If the check is failed, the unit must retreat 4" and make
 * another check. A failure on this second check causes the unit to
 * rout." */
Test(bs2e, morale_shaken_second_check)
{
	struct bs2e_morale_outcome o;
	bs2e_morale_check(BS2E_SHAKEN, 10, 10, &o);
	cr_assert(o.passed);
	cr_assert_eq(o.to, BS2E_SHAKEN);
	bs2e_morale_check(BS2E_SHAKEN, 10, 12, &o);
	cr_assert_eq(o.to, BS2E_SHAKEN);
	cr_assert_eq(o.retreat, 1);
	cr_assert_eq(o.second, 1);
	bs2e_morale_second(10, 11, &o);
	cr_assert_eq(o.to, BS2E_ROUTED);
	bs2e_morale_second(10, 9, &o);
	cr_assert_eq(o.to, BS2E_SHAKEN);
}

/* [2E Morale] "Any unit that fails a morale check by 7 or more is routed
 * immediately. For a unit with ML 12, for instance, this occurs if the
 * 2d10 roll is 19 or 20." (RULING R-218: any check) */
Test(bs2e, morale_fail_by_seven_routs_r218)
{
	struct bs2e_morale_outcome o;
	bs2e_morale_check(BS2E_GOOD, 12, 19, &o);
	cr_assert_eq(o.to, BS2E_ROUTED);
	cr_assert_eq(o.by, 7);
	bs2e_morale_check(BS2E_GOOD, 12, 20, &o);
	cr_assert_eq(o.to, BS2E_ROUTED);
	bs2e_morale_check(BS2E_GOOD, 12, 18, &o);
	cr_assert_eq(o.to, BS2E_SHAKEN, "fails by 6: shaken only");
	bs2e_morale_check(BS2E_SHAKEN, 12, 19, &o);
	cr_assert_eq(o.to, BS2E_ROUTED);
	cr_assert_eq(o.second, 0, "routed at once, no second check");
	bs2e_rally_check(BS2E_SHAKEN, 12, 19, 0, &o);
	cr_assert_eq(o.to, BS2E_ROUTED, "a failed rally by 7 routs too");
}

/* [2E Morale] "can be rallied (improved to good or shaken order) if it
 * makes a successful morale check": RULING R-216 one step; the option
 * bs2e_rally_to_good straight back to good order. */
Test(bs2e, morale_rally_one_step_r216)
{
	struct bs2e_morale_outcome o;
	bs2e_rally_check(BS2E_ROUTED, 11, 11, 0, &o);
	cr_assert_eq(o.to, BS2E_SHAKEN);
	bs2e_rally_check(BS2E_SHAKEN, 11, 2, 0, &o);
	cr_assert_eq(o.to, BS2E_GOOD);
	bs2e_rally_check(BS2E_ROUTED, 11, 11, 1, &o);
	cr_assert_eq(o.to, BS2E_GOOD);
	bs2e_rally_check(BS2E_ROUTED, 11, 12, 0, &o);
	cr_assert_eq(o.to, BS2E_ROUTED, "a failure changes nothing");
}

/* RULING R-208 (known-gaps 19): missile range bands 1/2 AD at medium,
 * 1/3 AD at long; 90-degree forward arc. */
Test(bs2e, r208_missile_range_and_arc)
{
	int r[3] = {5, 10, 15}, num, den;
	cr_assert_eq(bs2e_range_band(r, 5.0), BS2E_RANGE_SHORT);
	cr_assert_eq(bs2e_range_band(r, 5.1), BS2E_RANGE_MEDIUM);
	cr_assert_eq(bs2e_range_band(r, 15.0), BS2E_RANGE_LONG);
	cr_assert_eq(bs2e_range_band(r, 15.1), BS2E_RANGE_NONE);
	int none[3] = {0, 0, 0};
	cr_assert_eq(bs2e_range_band(none, 1), BS2E_RANGE_NONE);
	bs2e_range_mult(BS2E_RANGE_MEDIUM, &num, &den);
	cr_assert_eq(bs2e_ad_count(5, num, den), 3);
	bs2e_range_mult(BS2E_RANGE_LONG, &num, &den);
	cr_assert_eq(bs2e_ad_count(10, num, den), 4);
	struct bs_vec f = {0, 0};
	cr_assert(bs2e_in_arc(f, 0, (struct bs_vec){0, 10}));
	cr_assert(bs2e_in_arc(f, 0, (struct bs_vec){9.9, 10}));
	cr_assert(!bs2e_in_arc(f, 0, (struct bs_vec){10.5, 10}));
	cr_assert(!bs2e_in_arc(f, 0, (struct bs_vec){0, -10}));
	cr_assert(bs2e_in_arc(f, 90, (struct bs_vec){10, 1}));
}

/* RULING R-220: terrain slows (1E Table 14 multipliers) or bars. */
Test(bs2e, movement_terrain_r220)
{
	int num, den;
	bs2e_terrain_factor(0, BS2E_KIND_INFANTRY, &num, &den);
	cr_assert_eq(num * 1, den, "clear: x1");
	bs2e_terrain_factor(-1, BS2E_KIND_INFANTRY, &num, &den);
	cr_assert_eq(num, den);
	bs2e_terrain_factor(BS_TERRAIN_WOODS, BS2E_KIND_INFANTRY, &num, &den);
	cr_assert_eq(num * 3, den * 2, "woods: 2/3 MV");
	bs2e_terrain_factor(BS_TERRAIN_WOODS, BS2E_KIND_CAVALRY, &num, &den);
	cr_assert_eq(num, 0, "no cavalry in woods");
	bs2e_terrain_factor(BS_TERRAIN_WATER, BS2E_KIND_INFANTRY, &num, &den);
	cr_assert_eq(num, 0, "water is impassable");
}

/* RULING R-204: sides tied for the lowest initiative reroll, and a
 * reroll never lifts them above a side that was not tied: totals 0, 0, 4
 * (two charges), rerolls 9 and 8 -> side 1 is lowest, not side 2. */
Test(bs2e, r204_initiative_tie_reroll_three_sides)
{
	int total[3] = {0, 0, 4}, dice[8], nd = 0, rerolls = 0;
	static const int script[] = {9, 8};
	struct bs_dice_source src;
	bs_dice_source_script(&src, script, 2);
	int low = bs2e_initiative_low(&src, 3, total, &rerolls, dice, &nd, 8);
	cr_assert_eq(low, 1);
	cr_assert_eq(rerolls, 1);
	cr_assert_eq(nd, 2);
	cr_assert_eq(dice[0], 9);
	cr_assert(total[2] > total[0] && total[0] > total[1],
		  "the untied side stays last");
	/* negative totals: -2, 5, -2; rerolls 3, 3 then 7, 2 -> side 2 */
	int t2[3] = {-2, 5, -2};
	static const int s2[] = {3, 3, 7, 2};
	nd = 0;
	bs_dice_source_script(&src, s2, 4);
	cr_assert_eq(bs2e_initiative_low(&src, 3, t2, &rerolls, dice, &nd, 8),
		     2);
	cr_assert_eq(rerolls, 2);
	cr_assert(t2[1] > t2[0]);
}
