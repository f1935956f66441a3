/* The matrix card system's formulas and the text's own examples
 * (matrix-battle-system.txt, docs/MATRIX.md): MV [M2.3b], the ratings
 * [M2.3c], the defensive rating [M2.3d], class and unit numbers [M2.4]
 * [M2.5], the knights' damage example [M2.6], magic [M3.4a], the ruled
 * Table 1 (RULING R-250) and morale (RULING R-254), scaling [M1.5]. */
#include <criterion/criterion.h>
#include <string.h>

#include "battlesim/matrix.h"

static struct bs_dice dice(const char *t)
{
	struct bs_dice d;
	char err[128];
	cr_assert_eq(bs_dice_parse(t, &d, err, sizeof err), 0, "%s", err);
	return d;
}

static struct bs_matrix_field field(int brigade, int century)
{
	struct bs_matrix_field f;
	memset(&f, 0, sizeof f);
	f.rows = 5;
	f.cols = 5;
	f.brigade_men = brigade;
	f.century_men = century;
	f.full_class = brigade / century;
	f.t1 = bs_mx_table1_default;
	return f;
}

/* "a move of 12 gives you a MV of 1, a move of 15 gives you a MV of 15"
 * (RULING R-252: 2, by the formula) */
Test(matrix, m2_3b_mv_from_move_12_and_15)
{
	cr_assert_eq(bs_mx_mv(12), 1);
	cr_assert_eq(bs_mx_mv(15), 2);
	cr_assert_eq(bs_mx_mv(24), 2);
	cr_assert_eq(bs_mx_mv(25), 3);
	cr_assert_eq(bs_mx_mv(6), 1);
	cr_assert_eq(bs_mx_mv(0), 0);
}

Test(matrix, m2_3c_rating_rounds_up_minimum_1)
{
	cr_assert_eq(bs_mx_rating(100, 1), 1);
	cr_assert_eq(bs_mx_rating(101, 1), 2);
	cr_assert_eq(bs_mx_rating(375, 1), 4);
	cr_assert_eq(bs_mx_rating(80, 1), 1);
	cr_assert_eq(bs_mx_rating(0, 1), 1);
	cr_assert_eq(bs_mx_rating(0, 0), 0);
	cr_assert_eq(bs_mx_rating(-50, 1), 1);
}

/* [M2.3d] "(10 - AC) / 3 (round up) A unit may have a defensive rating
 * of 0." */
Test(matrix, m2_3d_defensive_rating_from_ac)
{
	cr_assert_eq(bs_mx_defense(10), 0);
	cr_assert_eq(bs_mx_defense(9), 1);
	cr_assert_eq(bs_mx_defense(7), 1);
	cr_assert_eq(bs_mx_defense(6), 2);
	cr_assert_eq(bs_mx_defense(4), 2);
	cr_assert_eq(bs_mx_defense(2), 3);
	cr_assert_eq(bs_mx_defense(0), 4);
	cr_assert_eq(bs_mx_defense(-2), 4);
	cr_assert_eq(bs_mx_defense(-3), 5);
}

/* The knights of the text: 7th-level riders (THAC0 14) with long swords
 * (3/2 attacks) on heavy warhorses (THAC0 16, d8/d8/d3), lances d6+1. */
static struct bs_mx_brigade knights(void)
{
	struct bs_mx_brigade br;
	memset(&br, 0, sizeof br);
	br.type = BS_MX_ELITE;
	br.men = 500;
	br.fig.move = 15;
	br.fig.ac = 2;
	br.fig.hd10 = 70;
	br.fig.thac0 = 14;
	br.fig.melee.present = 1;
	br.fig.melee.damage = dice("d8");
	br.fig.melee.attacks10 = 15;
	br.fig.charge.present = 1;
	br.fig.charge.damage = dice("d6+1");
	br.fig.mounted = 1;
	br.fig.mount.present = 1;
	br.fig.mount.damage = dice("d8/d8/d3");
	br.fig.mount_thac0 = 16;
	br.fig.mount_hd10 = 30;
	return br;
}

/* [M2.3c] melee = (21 - avg THAC0) + max damage and attacks of mount and
 * rider, / 10 rounded up; charge = (21 - THAC0) + max damage, / 10 rounded
 * up, + 3; [M2.5] the class/unit number 5/7 of the text's knights. */
Test(matrix, m2_3c_knights_card)
{
	struct bs_matrix_field f = field(500, 100);
	struct bs_mx_brigade br = knights();
	struct bs_mx_card c;
	bs_mx_card_derive(&f, &br, &c);
	/* 21 - 15 = 6; 8+8+3 = 19; 3 attacks; 8; 1.5 */
	cr_assert_eq(c.d_melee.value, 375);
	cr_assert_eq(c.melee, 4);
	/* 21 - 14 = 7; 7 */
	cr_assert_eq(c.d_charge.value, 140);
	cr_assert_eq(c.charge, 5);
	cr_assert_eq(c.missile, 0);
	cr_assert_eq(c.defense, 3);
	cr_assert_eq(c.mv, 2);
	cr_assert_eq(c.cls, 5);
	cr_assert_eq(c.unit, 7);
	cr_assert_eq(c.unit_max, 7);
}

/* [M2.3c] the missile rating: 21 - THAC0, max damage, attacks of the
 * missile weapon (RULING R-255); at least 1 */
Test(matrix, m2_3c_missile_rating)
{
	struct bs_matrix_field f = field(500, 100);
	struct bs_mx_brigade br;
	memset(&br, 0, sizeof br);
	br.men = 500;
	br.fig.move = 12;
	br.fig.ac = 7;
	br.fig.thac0 = 20;
	br.fig.missile.present = 1;
	br.fig.missile.damage = dice("d6");
	br.fig.missile.attacks10 = 20;
	struct bs_mx_card c;
	bs_mx_card_derive(&f, &br, &c);
	cr_assert_eq(c.d_missile.value, 90);
	cr_assert_eq(c.missile, 1);
	br.fig.missile.thac0 = 10; /* 11 + 6 + 2 = 19 */
	bs_mx_card_derive(&f, &br, &c);
	cr_assert_eq(c.missile, 2);
	cr_assert_eq(c.melee, 0, "no melee weapon: no melee rating");
}

/* [M2.5] "A full strength cavalry brigade compromised of 0th level
 * riders, has a class/unit number of 5/1" (RULING R-256: the mount's HD
 * is not counted; option mount_hd averages it). */
Test(matrix, m2_5_cavalry_example_5_1)
{
	struct bs_matrix_field f = field(500, 100);
	struct bs_mx_brigade br;
	memset(&br, 0, sizeof br);
	br.men = 500;
	br.fig.move = 24;
	br.fig.ac = 6;
	br.fig.thac0 = 20;
	br.fig.melee.present = 1;
	br.fig.melee.damage = dice("d8");
	br.fig.mounted = 1;
	br.fig.mount.present = 1;
	br.fig.mount.damage = dice("d4");
	br.fig.mount_thac0 = 16;
	br.fig.mount_hd10 = 20;
	struct bs_mx_card c;
	bs_mx_card_derive(&f, &br, &c);
	cr_assert_eq(c.cls, 5);
	cr_assert_eq(c.unit, 1);
	f.options = 1u << BS_MX_OPT_MOUNT_HD;
	struct bs_mx_brigade k = knights();
	bs_mx_card_derive(&f, &k, &c);
	cr_assert_eq(c.unit_max, 5, "(7 + 3) / 2 with option mount_hd");
	cr_assert_eq(c.unit_hd10, 50);
	/* two odd tenths: the average of 7.5 and 2.5 HD is 5, not 4 (each
	 * half rounded down first lost a tenth) */
	k.fig.hd10 = 75;
	k.fig.mount_hd10 = 25;
	bs_mx_card_derive(&f, &k, &c);
	cr_assert_eq(c.unit_hd10, 50, "(7.5 + 2.5) / 2");
	cr_assert_eq(c.unit_max, 5);
}

Test(matrix, m2_5_unit_number_from_hd)
{
	cr_assert_eq(bs_mx_unit_number(0), 1);
	cr_assert_eq(bs_mx_unit_number(5), 1);
	cr_assert_eq(bs_mx_unit_number(10), 1);
	cr_assert_eq(bs_mx_unit_number(41), 4);
	cr_assert_eq(bs_mx_unit_number(70), 7);
}

/* [M2.4] the class number counts the centuries left: 250 knights are
 * 3/4 (two whole centuries and 50 of 100 men: 4 of 7, rounded up). */
Test(matrix, m2_4_class_from_men)
{
	struct bs_matrix_field f = field(500, 100);
	struct bs_mx_brigade br = knights();
	struct bs_mx_card c;
	br.men = 250;
	bs_mx_card_derive(&f, &br, &c);
	cr_assert_eq(c.cls, 3);
	cr_assert_eq(c.unit, 4);
	br.men = 100;
	bs_mx_card_derive(&f, &br, &c);
	cr_assert_eq(c.cls, 1);
	cr_assert_eq(c.unit, 7);
}

/* [M1.5] "I think this will work down to 50 man brigades with 10 man
 * units": a 50-man brigade of 10-man centuries is class 5 (RULING
 * */
Test(matrix, m1_5_scaled_50_man_brigades)
{
	struct bs_matrix_field f = field(50, 10);
	struct bs_mx_brigade br = knights();
	struct bs_mx_card c;
	br.men = 50;
	bs_mx_card_derive(&f, &br, &c);
	cr_assert_eq(f.full_class, 5);
	cr_assert_eq(c.cls, 5);
	cr_assert_eq(c.unit, 7);
	br.men = 25;
	bs_mx_card_derive(&f, &br, &c);
	cr_assert_eq(c.cls, 3);
	cr_assert_eq(c.unit, 4);
}

/* [M2.6] "no damage 5/7 unit -> 7 points -> 5/0 unit -> 4/7 unit -> 3
 * points -> 4/4 unit = no damage 5/7 unit -> 10 points -> 4/4 unit" */
Test(matrix, m2_6_knights_damage_example)
{
	int cls = 5, unit = 7;
	cr_assert_eq(bs_mx_damage(&cls, &unit, 7, 7), 1);
	cr_assert_eq(cls, 4);
	cr_assert_eq(unit, 7);
	cr_assert_eq(bs_mx_damage(&cls, &unit, 7, 3), 0);
	cr_assert_eq(cls, 4);
	cr_assert_eq(unit, 4);
	cls = 5;
	unit = 7;
	cr_assert_eq(bs_mx_damage(&cls, &unit, 7, 10), 1);
	cr_assert_eq(cls, 4);
	cr_assert_eq(unit, 4);
	/* "It may now have a class/unit rating of 3/3": 2 whole centuries
	 * and 3/7 of another */
	cls = 5;
	unit = 7;
	bs_mx_damage(&cls, &unit, 7, 7 + 7 + 4);
	cr_assert_eq(cls, 3);
	cr_assert_eq(unit, 3);
}

/* [M2.6] at class 0 the brigade is destroyed; more damage is lost */
Test(matrix, m2_6_destroyed_at_class_0)
{
	int cls = 2, unit = 1;
	cr_assert_eq(bs_mx_damage(&cls, &unit, 1, 9), 2);
	cr_assert_eq(cls, 0);
	cr_assert_eq(unit, 0);
	cls = 1;
	unit = 3;
	cr_assert_eq(bs_mx_damage(&cls, &unit, 7, 0), 0);
	cr_assert_eq(cls, 1);
	cr_assert_eq(unit, 3);
}

/* [M3.4a] "the average damage done by the attack and divide by ten.
 * Multiply the result by the class number" (RULING R-258: the caster's);
 * rounded half up */
Test(matrix, m3_4a_magic_damage)
{
	struct bs_dice fb5 = dice("5d6"), fb10 = dice("10d6");
	cr_assert_eq(bs_mx_magic_damage(&fb5, 1), 2);	/* 1.75 */
	cr_assert_eq(bs_mx_magic_damage(&fb5, 5), 9);	/* 8.75 */
	cr_assert_eq(bs_mx_magic_damage(&fb10, 3), 11); /* 10.5 */
	cr_assert_eq(bs_mx_magic_damage(&fb10, 0), 0);
}

/* RULING R-250: the ruled Table 1 (docs/MATRIX.md) */
Test(matrix, table1_bands_and_adjusted_roll)
{
	const struct bs_mx_table1 *t = &bs_mx_table1_default;
	cr_assert_eq(bs_mx_t1_points(t, 8), 0);
	cr_assert_eq(bs_mx_t1_points(t, 9), 1);
	cr_assert_eq(bs_mx_t1_points(t, 12), 1);
	cr_assert_eq(bs_mx_t1_points(t, 13), 2);
	cr_assert_eq(bs_mx_t1_points(t, 25), 5);
	cr_assert_eq(bs_mx_t1_points(t, 40), 8);
	cr_assert_eq(bs_mx_t1_adjusted(t, 11, 3, 5, 5), 17);
	cr_assert_eq(bs_mx_t1_adjusted(t, 11, -1, 3, 5), 7);
}

/* The expected damage points per attack (x 100) that docs/MATRIX.md
 * tabulates, exact over the 100 outcomes of 2d10. */
Test(matrix, table1_expected_damage_by_difference)
{
	const struct bs_mx_table1 *t = &bs_mx_table1_default;
	static const struct {
		int diff, e100;
	} want[] = {{-4, 10}, {-2, 46}, {-1, 79}, {0, 118},
		    {1, 164}, {2, 212}, {3, 263}, {5, 363}};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		cr_expect_eq(bs_mx_t1_expected100(t, want[i].diff, 5, 5),
			     want[i].e100, "diff %d: %d", want[i].diff,
			     bs_mx_t1_expected100(t, want[i].diff, 5, 5));
	int last = -1;
	for (int d = -10; d <= 12; d++) {
		int e = bs_mx_t1_expected100(t, d, 5, 5);
		cr_assert_geq(e, last, "rises with the difference");
		last = e;
	}
	/* class 3 of 5: two centuries missing, one rating point less */
	cr_assert_eq(bs_mx_t1_expected100(t, 0, 3, 5), 79);
	cr_assert_eq(bs_mx_t1_expected100(t, 2, 3, 5), 164);
	cr_assert_eq(bs_mx_t1_expected100(t, -4, 3, 5), 3);
	cr_assert_lt(bs_mx_t1_expected100(t, 0, 2, 5),
		     bs_mx_t1_expected100(t, 0, 5, 5),
		     "a weakened brigade deals less");
}

/* RULING R-254: the strength bands of [M2.3a], the worse band the larger
 * penalty; an ally of the stack lost */
Test(matrix, m2_3a_morale_procedure)
{
	struct bs_deriv d;
	cr_assert_eq(bs_mx_morale(50, 100, 0, &d), 50);
	cr_assert_eq(bs_mx_morale(50, 76, 0, &d), 50);
	cr_assert_eq(bs_mx_morale(50, 75, 0, &d), 40);
	cr_assert_eq(bs_mx_morale(50, 51, 0, &d), 40);
	cr_assert_eq(bs_mx_morale(50, 50, 0, &d), 25);
	cr_assert_eq(bs_mx_morale(50, 40, 1, &d), 15);
	cr_assert_eq(d.nterms, 2);
	cr_assert_eq(bs_mx_morale(20, 10, 1, &d), 0);
	cr_assert_eq(bs_mx_strength_pct(5, 7, 7, 5), 100);
	cr_assert_eq(bs_mx_strength_pct(4, 4, 7, 5), 71); /* 25 of 35 */
	cr_assert_eq(bs_mx_strength_pct(3, 1, 1, 5), 60);
	cr_assert_eq(bs_mx_strength_pct(1, 2, 2, 2), 50);
	/* of the strength at the start: 150 men of 5 HD start at 2/3 (8
	 * points); at 1/5 they keep 5 of 8 */
	cr_assert_eq(bs_mx_strength_left_pct(2, 3, 5, 2, 3), 100);
	cr_assert_eq(bs_mx_strength_left_pct(1, 5, 5, 2, 3), 62);
	cr_assert_eq(bs_mx_strength_left_pct(4, 4, 7, 5, 7), 71);
	cr_assert_eq(bs_mx_strength_left_pct(0, 0, 7, 5, 7), 0);
}

/* RULING R-254 the base morale before battle */
Test(matrix, m2_3a_base_morale)
{
	struct bs_matrix_field f = field(500, 100);
	struct bs_mx_brigade br = knights();
	struct bs_mx_card c;
	bs_mx_card_derive(&f, &br, &c);
	cr_assert_eq(c.ml, 90, "50 + 5 x 6 + 10 elite");
	br.type = BS_MX_INFANTRY;
	br.fig.hd10 = 0;
	bs_mx_card_derive(&f, &br, &c);
	cr_assert_eq(c.ml, 50);
	br.morale = 65;
	bs_mx_card_derive(&f, &br, &c);
	cr_assert_eq(c.ml, 65, "given on the card");
}
