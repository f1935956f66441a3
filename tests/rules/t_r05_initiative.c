/* [5.1] Team initiative: 1d6 a side, all ties rerolled (known-gaps 16,
 * RULING R-100), the optional d20, and Side C (known-gaps 24). */
#include "bs1e_fixture.h"

static const struct tf_unit two[] = {
    {.side = 0, .name = "A", .x = 36, .y = 10},
    {.side = 1, .name = "B", .x = 36, .y = 40},
};

Test(r05_initiative, s5_1_winner_is_side_a)
{
	struct tf t;
	tf_open_units(&t, two, 2, NULL, NULL, NULL);
	tf_dice(&t, (int[]){2, 5}, 2);
	tf_phase(&t, BS_PHASE_INITIATIVE);
	bs1e_phase_initiative(t.b);
	cr_assert_eq(t.b->side_a, 1, "5 beats 2");
	const struct bs_event *e = tf_find(&t, BS_EV_INITIATIVE, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->ndice, 2);
	cr_assert_eq(e->die_sides, 6);
	cr_assert_eq(e->dice[0], 2);
	cr_assert_eq(e->dice[1], 5);
	cr_assert_eq(e->n[0], 1);
	cr_assert_eq(e->n[1], 0);
	cr_assert_str_eq(e->cite, "[5.1]");
	tf_close(&t);
}

Test(r05_initiative, s5_1_ties_rerolled)
{
	struct tf t;
	tf_open_units(&t, two, 2, NULL, NULL, NULL);
	/* "All ties must be rerolled": 3-3, 4-4, then 6-1 */
	tf_dice(&t, (int[]){3, 3, 4, 4, 6, 1}, 6);
	tf_phase(&t, BS_PHASE_INITIATIVE);
	bs1e_phase_initiative(t.b);
	cr_assert_eq(t.b->side_a, 0);
	cr_assert_eq(t.b->side_order[1], 1);
	const struct bs_event *e = tf_find(&t, BS_EV_INITIATIVE, 0);
	cr_assert_eq(e->ndice, 6);
	cr_assert_eq(e->n[1], 2, "two rerolls");
	cr_assert_eq(t.b->dice.failed, 0);
	tf_close(&t);
}

Test(r05_initiative, s5_1_optional_d20)
{
	struct tf t;
	tf_open_units(&t, two, 2, "options: [d20_initiative]\n", NULL, NULL);
	tf_dice(&t, (int[]){17, 18}, 2);
	tf_phase(&t, BS_PHASE_INITIATIVE);
	bs1e_phase_initiative(t.b);
	cr_assert_eq(t.b->side_a, 1);
	cr_assert_eq(tf_find(&t, BS_EV_INITIATIVE, 0)->die_sides, 20);
	tf_close(&t);
}

Test(r05_initiative, s1_1_ruling_r100_side_c)
{
	struct tf t;
	/* three sides: 4, 4, 6: the third is Side A; the tied two reroll
	 * among themselves (2, 5): the second side is Side B */
	const char *y3 =
	    "name: Three\nrules: bs1e\nlevel: basic\ngame: adnd\n"
	    "sides:\n"
	    "  - name: S\n    edge: south\n    units:\n"
	    "      - {name: A, type: skirmish, figures: 4, creature: "
	    "man-at-arms, weapons: [long sword], position: [36, 6]}\n"
	    "  - name: N\n    edge: north\n    units:\n"
	    "      - {name: B, type: skirmish, figures: 4, creature: "
	    "man-at-arms, weapons: [long sword], position: [36, 42]}\n"
	    "  - name: W\n    edge: west\n    units:\n"
	    "      - {name: C, type: skirmish, figures: 4, creature: "
	    "man-at-arms, weapons: [long sword], position: [6, 24]}\n";
	tf_open(&t, y3);
	tf_dice(&t, (int[]){4, 4, 6, 2, 5}, 5);
	tf_phase(&t, BS_PHASE_INITIATIVE);
	bs1e_phase_initiative(t.b);
	cr_assert_eq(t.b->side_order[0], 2);
	cr_assert_eq(t.b->side_order[1], 1);
	cr_assert_eq(t.b->side_order[2], 0);
	cr_assert_eq(t.b->side_a, 2);
	tf_close(&t);
}
