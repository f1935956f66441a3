/* [9.4 A] character vs figure combat: a Hero against a figure (a wound at
 * 1/2 of its HD, never a kill), figures against a Hero (1 vs S/M, 3 vs L;
 * 4 hp per HD). */
#include <criterion/criterion.h>

#include "battlesim/bs1e_combat.h"

Test(r09_heroes, s9_4_hero_below_half_no_effect)
{
	struct bs1e_casualties c;
	bs1e_hero_vs_figure(49, 100, 0, 10, &c);
	cr_assert_eq(c.wounded, 0);
	cr_assert_eq(c.killed, 0);
}

Test(r09_heroes, s9_4_hero_half_or_more_one_wound)
{
	struct bs1e_casualties c;
	bs1e_hero_vs_figure(50, 100, 0, 10, &c);
	cr_assert_eq(c.wounded, 1);
	cr_assert_eq(c.killed, 0);
	/* even more than the figure's HD: still only a wound */
	bs1e_hero_vs_figure(350, 100, 0, 10, &c);
	cr_assert_eq(c.wounded, 1);
	cr_assert_eq(c.killed, 0);
}

/* [9.4 A] "a Hero cannot kill a figure in less than two Game Rounds":
 * the second wound removes it. */
Test(r09_heroes, s9_4_hero_kills_in_two_rounds)
{
	struct bs1e_unit_figs u = {.figures = 1, .wounded = 0};
	struct bs1e_casualties c;
	struct bs1e_phase_losses l;
	bs1e_hero_vs_figure(200, 100, 0, u.figures, &c);
	bs1e_melee_losses(&u, &c, 1, &l);
	cr_assert_eq(u.figures, 1);
	cr_assert_eq(u.wounded, 1);
	bs1e_hero_vs_figure(200, 100, 0, u.figures, &c);
	bs1e_melee_losses(&u, &c, 1, &l);
	cr_assert_eq(u.figures, 0);
	cr_assert_eq(l.removed, 1);
}

/* [9.4 A] a Hero who affects all creatures of a figure kills normally. */
Test(r09_heroes, s9_4_hero_affecting_all_kills)
{
	struct bs1e_casualties c;
	bs1e_hero_vs_figure(250, 100, 1, 10, &c);
	cr_assert_eq(c.killed, 2);
	cr_assert_eq(c.wounded, 1);
}

Test(r09_heroes, s9_4_figures_vs_hero_by_size)
{
	cr_assert_eq(bs1e_figures_vs_hero(BS_SIZE_S), 1);
	cr_assert_eq(bs1e_figures_vs_hero(BS_SIZE_M), 1);
	cr_assert_eq(bs1e_figures_vs_hero(BS_SIZE_L), 3);
}

/* [9.4 A] each HD of damage is 4 hp (R-069 for fractions). */
Test(r09_heroes, s9_4_four_hp_per_hd)
{
	cr_assert_eq(bs1e_hero_hp_from_hd(60), 24);
	cr_assert_eq(bs1e_hero_hp_from_hd(5), 2);
	cr_assert_eq(bs1e_hero_hp_from_hd(2), 1);
	cr_assert_eq(bs1e_hero_hp_from_hd(1), 0);
	cr_assert_eq(bs1e_hero_hp_from_hd(0), 0);
}
