/* [16.3] Creating Armies: Table 18 point costs, the worked example line by
 * line, and the AD&D maximum XP and spell levels behind it. */
#include <criterion/criterion.h>
#include <string.h>

#include "battlesim/bs1e_points.h"
#include "battlesim/bs1e_tables.h"

static const struct bs1e_item example_items[] = {
    {.name = "Chain mail +3", .kind = BS1E_ITEM_ADND, .value = 2000},
    {.name = "Shield +1", .kind = BS1E_ITEM_ADND, .value = 250},
    {.name = "Sword of Dancing", .kind = BS1E_ITEM_ADND, .value = 4400},
    {.name = "Wand of Fire", .kind = BS1E_ITEM_ADND, .value = 4500},
    {.name = "Ring of Invisibility", .kind = BS1E_ITEM_ADND, .value = 1500},
    {.name = "Scroll of 5 5th level spells",
     .kind = BS1E_ITEM_SCROLL,
     .spell_levels = 25},
};

Test(r16_points, s16_3_max_xp_and_spell_levels)
{
	cr_expect_eq(bs1e_max_xp_for_level("fighter", 18), 2750000L);
	cr_expect_eq(bs1e_max_xp_for_level("fighter", 1), 2000L);
	cr_expect_eq(bs1e_max_xp_for_level("fighter", 5), 35000L);
	cr_expect_eq(bs1e_max_xp_for_level("fighter", 11), 1000000L);
	cr_expect_eq(bs1e_max_xp_for_level("magic-user", 18), 3375000L);
	cr_expect_eq(bs1e_max_xp_for_level("magic-user", 12), 1125000L);
	cr_expect_eq(bs1e_max_xp_for_level("paladin", 1), 2750L);
	cr_expect_eq(bs1e_max_xp_for_level("paladin", 12), 1750000L);
	cr_expect_eq(bs1e_max_xp_for_level("ranger", 12), 1300000L);
	cr_expect_eq(bs1e_max_xp_for_level("cleric", 12), 1125000L);
	cr_expect_eq(bs1e_max_xp_for_level("druid", 13), 1500000L);
	cr_expect_eq(bs1e_max_xp_for_level("druid", 14), -1L);
	cr_expect_eq(bs1e_max_xp_for_level("illusionist", 13), 1100000L);
	cr_expect_eq(bs1e_max_xp_for_level("thief", 6), 42500L);
	cr_expect_eq(bs1e_max_xp_for_level("thief", 12), 660000L);
	cr_expect_eq(bs1e_max_xp_for_level("assassin", 14), 1500000L);
	cr_expect_eq(bs1e_max_xp_for_level("assassin", 15), -1L);
	cr_expect_eq(bs1e_max_xp_for_level("bard", 3), -1L);
	cr_expect_eq(bs1e_max_xp_for_level("fighter", 0), -1L);
	cr_expect_eq(bs1e_spell_levels_for("magic-user", 18), 139);
	cr_expect_eq(bs1e_spell_levels_for("magic-user", 1), 1);
	cr_expect_eq(bs1e_spell_levels_for("magic-user", 5), 4 + 4 + 3);
	cr_expect_eq(bs1e_spell_levels_for("cleric", 5), 3 + 6 + 3);
	cr_expect_eq(bs1e_spell_levels_for("druid", 1), 2);
	cr_expect_eq(bs1e_spell_levels_for("fighter", 18), 0);
	/* RULING R-560: the illusionist, paladin and ranger rows of the PH */
	cr_expect_eq(bs1e_spell_levels_for("illusionist", 5), 4 + 4 + 3);
	cr_expect_eq(bs1e_spell_levels_for("illusionist", 15), -1);
	cr_expect_eq(bs1e_spell_levels_for("magic-user", 21), -1);
	cr_expect_eq(bs1e_spell_levels_for("paladin", 9), 1);
	cr_expect_eq(bs1e_spell_levels_for("paladin", 20), 3 + 6 + 9 + 12);
	cr_expect_eq(bs1e_spell_levels_for("paladin", 8), 0);
	cr_expect_eq(bs1e_spell_levels_for("ranger", 7), 0);
	cr_expect_eq(bs1e_spell_levels_for("ranger", 9), 1 + 1);
	cr_expect_eq(bs1e_spell_levels_for("ranger", 18), -1);
}

Test(r16_points, s16_3_example_fighter_magic_user)
{
	struct bs1e_character_cost pc = {
	    .name = "F18/MU18",
	    .nclasses = 2,
	    .cls = {"fighter", "magic-user"},
	    .level = {18, 18},
	    .spell_levels = -1,
	    .items = example_items,
	    .nitems = 6,
	};
	struct bs_deriv d;
	struct bs_diags diags;
	bs_diags_init(&diags);
	cr_assert_eq(bs1e_points_character(&pc, &d, &diags), BS_OK);
	static const struct {
		int pts;
		const char *label;
	} lines[] = {
	    {27500, "F 18 (2,750,000 XP)"},
	    {33750, "MU 18 (3,375,000 XP)"},
	    {6950, "spells (139 spell levels)"},
	    {1000, "Chain mail +3 (2,000 XP)"},
	    {125, "Shield +1 (250 XP)"},
	    {2200, "Sword of Dancing (4,400 XP)"},
	    {2250, "Wand of Fire (4,500 XP)"},
	    {750, "Ring of Invisibility (1,500 XP)"},
	    {1250, "Scroll of 5 5th level spells (25 spell levels)"},
	};
	cr_assert_eq(d.nterms, 9);
	for (int i = 0; i < 9; i++) {
		cr_expect_eq(d.term[i].amount, lines[i].pts, "line %d", i);
		cr_expect_str_eq(d.term[i].label, lines[i].label);
		cr_expect_str_eq(d.term[i].cite, "[16.3 T18]");
	}
	cr_expect_eq(d.value, 75775);
	char buf[1024];
	bs_deriv_format(&d, "pts", buf, sizeof buf);
	cr_expect(strncmp(buf, "pts 75775 = 0 +27500 F 18", 25) == 0, "%s",
		  buf);
	bs_diags_release(&diags);
}

Test(r16_points, s16_3_example_ghouls)
{
	struct bs1e_monster_cost m = {
	    .name = "ghoul", .game = BS_GAME_ADND, .xp = 65, .count = 100};
	struct bs_deriv d;
	cr_assert_eq(bs1e_points_monster(&m, &d, NULL), BS_OK);
	cr_expect_eq(d.value, 6500);
	cr_expect_str_eq(d.term[0].label, "100 x ghoul (65 XP)");
}

Test(r16_points, s16_3_example_fighters_with_swords)
{
	static const struct bs1e_item sword = {
	    .name = "sword +1", .kind = BS1E_ITEM_ADND, .value = 400};
	struct bs1e_character_cost pc = {
	    .nclasses = 1,
	    .cls = {"fighter"},
	    .level = {1},
	    .spell_levels = -1,
	    .items = &sword,
	    .nitems = 1,
	    .count = 100,
	};
	struct bs_deriv d;
	cr_assert_eq(bs1e_points_character(&pc, &d, NULL), BS_OK);
	cr_expect_eq(d.nterms, 2);
	cr_expect_eq(d.term[0].amount, 2000);  /* 100 x 20 */
	cr_expect_eq(d.term[1].amount, 20000); /* 100 x 200 */
	cr_expect_eq(d.value, 22000);
}

Test(r16_points, s16_3_example_iron_golem)
{
	struct bs1e_monster_cost m = {
	    .name = "iron golem", .game = BS_GAME_ADND, .xp = 14550};
	struct bs_deriv d;
	cr_assert_eq(bs1e_points_monster(&m, &d, NULL), BS_OK);
	cr_expect_eq(d.value, 14550);
}

Test(r16_points, s16_3_example_lich)
{
	const struct bs1e_spell_group spells = {
	    "abilities as 18th level Magic-User",
	    bs1e_spell_levels_for("magic-user", 18), BS1E_SPELLS_CAST};
	struct bs1e_monster_cost m = {.name = "lich",
				      .game = BS_GAME_ADND,
				      .xp = 10500,
				      .spells = &spells,
				      .nspells = 1};
	struct bs_deriv d;
	cr_assert_eq(bs1e_points_monster(&m, &d, NULL), BS_OK);
	cr_expect_eq(d.term[1].amount, 6950);
	cr_expect_eq(d.value, 17450);
}

Test(r16_points, s16_3_example_efreeti)
{
	static const struct bs1e_spell_group spells[] = {
	    {"3 wishes per day", 27, BS1E_SPELLS_INNATE},
	    {"innate spell abilities", 14, BS1E_SPELLS_INNATE},
	    {"produce fire, pyrotechnics at will", 3, BS1E_SPELLS_IMPROVED},
	};
	static const struct bs1e_item gaseous = {.name =
						     "gaseous form (potion)",
						 .kind = BS1E_ITEM_ADND,
						 .value = 300};
	struct bs1e_monster_cost m = {.name = "efreeti",
				      .game = BS_GAME_ADND,
				      .xp = 1950,
				      .spells = spells,
				      .nspells = 3,
				      .items = &gaseous,
				      .nitems = 1};
	struct bs_deriv d;
	cr_assert_eq(bs1e_points_monster(&m, &d, NULL), BS_OK);
	cr_assert_eq(d.nterms, 5);
	cr_expect_eq(d.term[0].amount, 1950);
	cr_expect_eq(d.term[1].amount, 1350);
	cr_expect_eq(d.term[2].amount, 700);
	cr_expect_eq(d.term[3].amount, 300);
	cr_expect_eq(d.term[4].amount, 150);
	cr_expect_eq(d.value, 4450);
}

Test(r16_points, s16_3_charged_items_pay_per_charge_when_given)
{
	/* the example's wand lists no charges: 50% of XP only. With
	 * 10 charges of a 4th level spell: + 10 x 4 x 50. */
	struct bs1e_item wand = {.name = "Wand of Fire",
				 .kind = BS1E_ITEM_ADND,
				 .value = 4500,
				 .charge_spell_level = 4};
	cr_expect_eq(bs1e_item_points(&wand), 2250);
	wand.charges = 10;
	cr_expect_eq(bs1e_item_points(&wand), 2250 + 2000);
	wand.charge_spell_level = 3; /* not above 3rd level */
	cr_expect_eq(bs1e_item_points(&wand), 2250);
	wand.charge_spell_level = 4;
	struct bs_deriv d;
	bs_deriv_init(&d, 0, NULL, NULL, NULL);
	cr_assert_eq(bs1e_points_add_item(&d, &wand, 1, NULL), BS_OK);
	cr_expect_eq(d.nterms, 2);
	cr_expect_eq(d.value, 4250);
}

Test(r16_points, s16_3_other_item_rules)
{
	struct bs1e_item gp = {.kind = BS1E_ITEM_ADND_GP, .value = 5001};
	cr_expect_eq(bs1e_item_points(&gp), 2501); /* R-014 rounds up */
	struct bs1e_item art = {.name = "Hand of Vecna",
				.kind = BS1E_ITEM_ARTIFACT};
	cr_expect_eq(bs1e_item_points(&art), -1);
	struct bs_deriv d;
	bs_deriv_init(&d, 0, NULL, NULL, NULL);
	struct bs_diags diags;
	bs_diags_init(&diags);
	cr_expect_eq(bs1e_points_add_item(&d, &art, 1, &diags), BS_ERR_INPUT);
	cr_expect_eq(diags.count, 1);
	cr_expect_eq(d.nterms, 0);
	bs_diags_release(&diags);
	struct bs1e_item dnd = {.kind = BS1E_ITEM_DND, .plusses = 2};
	cr_expect_eq(bs1e_item_points(&dnd), 100);
	dnd = (struct bs1e_item){.kind = BS1E_ITEM_DND,
				 .charge_spell_levels = 3,
				 .unlimited_spell_levels = 1};
	cr_expect_eq(bs1e_item_points(&dnd), 1300);
	dnd = (struct bs1e_item){.kind = BS1E_ITEM_DND, .misc = 1};
	cr_expect_eq(bs1e_item_points(&dnd), 5000); /* unknown: Companion */
	dnd.set = BS1E_DND_SET_BASIC;
	cr_expect_eq(bs1e_item_points(&dnd), 500);
	dnd.set = BS1E_DND_SET_MASTERS;
	cr_expect_eq(bs1e_item_points(&dnd), 7500);
}

Test(r16_points, s16_3_monsters_higher_xp_and_dnd)
{
	struct bs1e_monster_cost m = {.name = "troll",
				      .game = BS_GAME_ADND,
				      .xp = 525,
				      .xp_dmg_method = 600};
	struct bs_deriv d;
	cr_assert_eq(bs1e_points_monster(&m, &d, NULL), BS_OK);
	cr_expect_eq(d.value, 600);
	m.game = BS_GAME_DND;
	cr_assert_eq(bs1e_points_monster(&m, &d, NULL), BS_OK);
	cr_expect_eq(d.value, 3 * 525);
}

Test(r16_points, s16_3_character_errors)
{
	struct bs1e_character_cost pc = {.name = "Lyra",
					 .nclasses = 1,
					 .cls = {"bard"},
					 .level = {5},
					 .spell_levels = -1};
	struct bs_deriv d;
	struct bs_diags diags;
	bs_diags_init(&diags);
	cr_expect_eq(bs1e_points_character(&pc, &d, &diags), BS_ERR_INPUT);
	cr_assert_eq(diags.count, 1);
	cr_expect(strstr(diags.items[0].msg, "unknown class 'bard'"));
	pc.cls[0] = "illusionist"; /* spell levels unknown */
	pc.level[0] = 15;
	long xp = bs1e_max_xp_for_level("illusionist", 15);
	cr_assert_gt(xp, 0);
	cr_expect_eq(bs1e_points_character(&pc, &d, &diags), BS_ERR_INPUT);
	pc.spell_levels = 11; /* given by the scenario */
	cr_expect_eq(bs1e_points_character(&pc, &d, &diags), BS_OK);
	cr_expect_eq(d.value, xp / 100 + 550); /* 1% of the XP + 11 x 50 */
	pc.level[0] = 5;
	pc.cls[0] = "assassin";
	pc.level[0] = 15;
	cr_expect_eq(bs1e_points_character(&pc, &d, &diags), BS_ERR_INPUT);
	pc.nclasses = 0;
	cr_expect_eq(bs1e_points_character(&pc, &d, &diags), BS_ERR_INPUT);
	bs_diags_release(&diags);
}

Test(r16_points, s16_3_rounding_up)
{
	/* paladin 1 = 1% of 2,750 = 27.5 -> 28 */
	struct bs1e_character_cost pc = {.nclasses = 1,
					 .cls = {"paladin"},
					 .level = {1},
					 .spell_levels = -1};
	struct bs_deriv d;
	cr_assert_eq(bs1e_points_character(&pc, &d, NULL), BS_OK);
	cr_expect_eq(d.value, 28);
}
