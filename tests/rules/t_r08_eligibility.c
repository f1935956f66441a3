/* [8.1] Forces eligible to fight: the table. A wide attacker in
 * closed formation against a defender of frontage 5: long swords 5 in
 * contact + 1 each side = 7; spears add the 5 behind the contact figures
 * = 12; pikes two ranks = 17; open formation: 5. Also the flank and rear
 * contacts, and the designation of figures to one melee [8.1]. */
#include <stdio.h>

#include "bs1e_fixture.h"

/* An attacker of `afig` figures in `afiles` files armed with `weapon` in
 * formation `aform`, front to front with a defender of 10 figures in 5
 * files in formation `dform`, both centred on x = 36. */
static void open_pair(struct tf *t, const char *weapon, const char *aform,
		      int afig, int afiles, const char *dform)
{
	char yaml[2048];
	snprintf(yaml, sizeof yaml,
		 "name: Eligibility\n"
		 "rules: bs1e\nlevel: basic\ngame: adnd\n"
		 "table: {width: 72, depth: 48}\n"
		 "sides:\n"
		 "  - name: Attackers\n"
		 "    edge: south\n"
		 "    units:\n"
		 "      - name: Block\n"
		 "        figures: %d\n"
		 "        creature: man-at-arms\n"
		 "        weapons: [%s]\n"
		 "        formation: %s\n"
		 "        position: [36, 20]\n"
		 "        facing: north\n"
		 "        frontage: %d\n"
		 "        commander: Cap\n"
		 "    individuals:\n"
		 "      - {name: Cap, race: human, class: fighter, level: 5,\n"
		 "         abilities: {cha: 15}, hp: 30, ac: 4, rank: unit}\n"
		 "  - name: Defenders\n"
		 "    edge: north\n"
		 "    units:\n"
		 "      - name: Line\n"
		 "        figures: 10\n"
		 "        creature: man-at-arms\n"
		 "        weapons: [long sword]\n"
		 "        formation: %s\n"
		 "        position: [36, 20]\n"
		 "        facing: south\n"
		 "        frontage: 5\n"
		 "        commander: Dee\n"
		 "    individuals:\n"
		 "      - {name: Dee, race: human, class: fighter, level: 5,\n"
		 "         abilities: {cha: 15}, hp: 30, ac: 4, rank: unit}\n",
		 afig, weapon, aform, afiles, dform);
	tf_open(t, yaml);
}

static int eligible(struct tf *t)
{
	return bs1e_melee_eligible(t->b, tf_g(t, 0, 0), tf_g(t, 1, 0));
}

Test(r08_eligibility, s8_1_closed_long_sword_7)
{
	struct tf t;
	open_pair(&t, "long sword", "closed", 33, 11, "closed");
	struct bs_tt_contact c;
	cr_assert(bs1e_contact(t.b, 0, 1, &c));
	cr_assert_eq(c.edge_a, BS_EDGE_FRONT);
	cr_assert_eq(c.a_count, 5, "5 attacker figures in contact");
	/* [8.1] 5 in contact + 1 to the left and 1 to the right */
	cr_assert_eq(eligible(&t), 7);
	tf_close(&t);
}

Test(r08_eligibility, s8_1_closed_spear_12)
{
	struct tf t;
	open_pair(&t, "spear", "closed", 33, 11, "closed");
	/* 7 + each figure in the first row behind the contact figures */
	cr_assert_eq(eligible(&t), 12);
	tf_close(&t);
}

Test(r08_eligibility, s8_1_closed_pike_17)
{
	struct tf t;
	open_pair(&t, "pike", "closed", 33, 11, "closed");
	/* 7 + the two rows behind the contact figures */
	cr_assert_eq(eligible(&t), 17);
	tf_close(&t);
}

Test(r08_eligibility, s8_1_open_5)
{
	struct tf t;
	/* open both: the same spacing, 5 attacker figures face 5 */
	open_pair(&t, "pike", "open", 33, 11, "open");
	cr_assert_eq(eligible(&t), 5, "open: no side figures, no ranks");
	tf_close(&t);
	open_pair(&t, "long sword", "open", 33, 11, "open");
	cr_assert_eq(eligible(&t), 5);
	tf_close(&t);
}

Test(r08_eligibility, s8_1_narrow_attacker_no_side_figures)
{
	struct tf t;
	/* an attacker as wide as the defender: no figure beyond the ends */
	open_pair(&t, "long sword", "closed", 10, 5, "closed");
	cr_assert_eq(eligible(&t), 5);
	tf_close(&t);
}

Test(r08_eligibility, s8_1_pike_ranks_need_depth)
{
	struct tf t;
	/* two ranks only: pikes get the one rank that exists */
	open_pair(&t, "pike", "closed", 22, 11, "closed");
	cr_assert_eq(eligible(&t), 12);
	tf_close(&t);
}

Test(r08_eligibility, s8_1_designated_once)
{
	struct tf t;
	open_pair(&t, "long sword", "closed", 33, 11, "closed");
	struct bs1e_unit_x *x = &bs1e_sc(t.b)->ux[0];
	/* [8.1] a figure designated to one melee cannot fight in another:
	 * mark the front rank's first 5 contact figures used */
	for (int f = 3; f <= 7; f++)
		x->used[0] |= 1ull << f;
	cr_assert_eq(eligible(&t), 7,
		     "eligibility does not count designations");
	tf_close(&t);
}
