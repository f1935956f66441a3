/* Chapter 14 magic against figures: [14.5 A] HD of damage, the area
 * spell's HD per figure, [14.5 B] the fate of a figure, [14.12] mirror
 * image. */
#include <criterion/criterion.h>

#include <string.h>

#include "battlesim/bs1e_combat.h"

static struct bs_dice dice(const char *t)
{
	struct bs_dice d;
	cr_assert_eq(bs_dice_parse(t, &d, NULL, 0), 0);
	return d;
}

/* [14.5 A] a 6d6 fireball (read on D6) does 6 HD; no dice are rolled. */
Test(r14_magic, s14_5_fireball_6d6_is_6_hd)
{
	struct bs_dice d = dice("6d6");
	struct bs_dice_source src;
	struct bs1e_magic_hd m;
	bs_dice_source_script(&src, NULL, 0);
	cr_assert_eq(bs1e_magic_hd(&d, &src, &m), 0);
	cr_assert_eq(m.hd_tenths, 60);
	cr_assert_eq(m.dice_hd, 6);
	cr_assert_eq(m.hp_parts, 0);
}

/* [14.5 A] a magic missile, D4 +1 (read on D6), does 1 HD. */
Test(r14_magic, s14_5_magic_missile_is_1_hd)
{
	struct bs_dice d = dice("d4+1");
	struct bs_dice_source src;
	struct bs1e_magic_hd m;
	bs_dice_source_script(&src, NULL, 0);
	cr_assert_eq(bs1e_magic_hd(&d, &src, &m), 0);
	cr_assert_eq(m.hd_tenths, 10);
	d = dice("d8");
	cr_assert_eq(bs1e_magic_hd(&d, &src, &m), 0);
	cr_assert_eq(m.hd_tenths, 10);
}

/* [14.5 A] ice storm 3d10 rolling 6, 5, 3 = 14 hp; 14 / 4 = 3 1/2 -> 4. */
Test(r14_magic, s14_5_ice_storm_14_hp_is_4_hd)
{
	struct bs_dice d = dice("3d10");
	int rolls[] = {6, 5, 3};
	struct bs_dice_source src;
	struct bs1e_magic_hd m;
	bs_dice_source_script(&src, rolls, 3);
	cr_assert_eq(bs1e_magic_hd(&d, &src, &m), 0);
	cr_assert_eq(m.hp, 14);
	cr_assert_eq(m.hd_tenths, 40);
	/* 13 hp -> 3 1/4 -> 3 HD */
	int r13[] = {6, 4, 3};
	bs_dice_source_script(&src, r13, 3);
	cr_assert_eq(bs1e_magic_hd(&d, &src, &m), 0);
	cr_assert_eq(m.hd_tenths, 30);
	/* the script runs out: an error, not a made-up number */
	bs_dice_source_script(&src, rolls, 2);
	cr_assert_eq(bs1e_magic_hd(&d, &src, &m), -1);
}

/* [14.5 A] special note: 6 HD fireball, figure of 10 creatures: 60 HD. */
Test(r14_magic, s14_5_area_spell_hits_every_creature)
{
	cr_assert_eq(bs1e_area_figure_hd(60, 10), 600);
	cr_assert_eq(bs1e_area_figure_hd(40, 2), 80);
}

/* [14.5 B] ten 4 HD ogres hit by a 6 HD fireball: the save decides
 * (saved: 3 HD, they live, wounded; failed: removed). */
Test(r14_magic, s14_5_ogres_save_decides)
{
	struct bs1e_spell_effect e;
	bs1e_spell_effect(60, 40, BS1E_SAVE_HALF, 0, &e);
	cr_assert_eq(e.fate, BS1E_SPELL_SAVE_DECIDES);
	cr_assert_eq(e.if_saved, BS1E_SPELL_WOUNDED);
	cr_assert_eq(e.if_failed, BS1E_SPELL_REMOVED);
	/* orcs (1 HD) die even if they save: removed */
	bs1e_spell_effect(60, 10, BS1E_SAVE_HALF, 0, &e);
	cr_assert_eq(e.fate, BS1E_SPELL_REMOVED);
	/* hill giants (8 HD) live even if they fail: wounded */
	bs1e_spell_effect(60, 80, BS1E_SAVE_HALF, 0, &e);
	cr_assert_eq(e.fate, BS1E_SPELL_WOUNDED);
	/* a linear effect from the front can do no more than wound */
	bs1e_spell_effect(60, 10, BS1E_SAVE_HALF, 1, &e);
	cr_assert_eq(e.fate, BS1E_SPELL_WOUNDED);
	/* a save that negates */
	bs1e_spell_effect(60, 10, BS1E_SAVE_NEGATES, 0, &e);
	cr_assert_eq(e.fate, BS1E_SPELL_SAVE_DECIDES);
	cr_assert_eq(e.if_saved, BS1E_SPELL_NONE);
}

/* RULING R-074 (gap 49): below 1/4 of the creatures' HD, nothing. */
Test(r14_magic, s14_5_below_quarter_does_nothing)
{
	struct bs1e_spell_effect e;
	bs1e_spell_effect(10, 100, BS1E_SAVE_NONE, 0, &e);
	cr_assert_eq(e.fate, BS1E_SPELL_NONE);
	bs1e_spell_effect(25, 100, BS1E_SAVE_NONE, 0, &e);
	cr_assert_eq(e.fate, BS1E_SPELL_WOUNDED);
	bs1e_spell_effect(40, 100, BS1E_SAVE_HALF, 0, &e);
	cr_assert_eq(e.fate, BS1E_SPELL_SAVE_DECIDES);
	cr_assert_eq(e.if_saved, BS1E_SPELL_NONE);
}

/* [14.12] three duplicates: 40 HD of damage -> 10 HD. */
Test(r14_magic, s14_12_mirror_image_three_duplicates)
{
	cr_assert_eq(bs1e_mirror_image(400, 3), 100);
	cr_assert_eq(bs1e_mirror_image(400, 0), 400);
	cr_assert_eq(bs1e_mirror_image(55, 1), 27); /* down */
}

/* ---- [14.3] saving throws ------------------------------------------------ */

/* [14.3] a monster figure saves by the AD&D table, as a fighter of its
 * whole HD (RULING R-011): ogres of 4+1 HD need 16 vs spell and 13 vs
 * breath; a 1-1 HD kobold the L0 row (17 vs spell). */
Test(r14_magic, s14_3_creature_saves_as_a_fighter_of_its_hd)
{
	struct bs_creature ogre = {.hd = {40, 1}};
	struct bs_deriv d;
	cr_assert_eq(bs1e_save_creature(&ogre, BS_SAVE_SP, &d), 16);
	cr_assert_eq(d.value, 16);
	cr_assert_str_eq(d.base_cite, "[14.3]");
	cr_assert_eq(bs1e_save_creature(&ogre, BS_SAVE_BW, NULL), 16);
	cr_assert_eq(bs1e_save_creature(&ogre, BS_SAVE_PPD, NULL), 13);
	struct bs_creature kobold = {.hd = {10, -1}};
	cr_assert_eq(bs1e_save_creature(&kobold, BS_SAVE_SP, NULL), 17);
	struct bs_creature giant = {.hd = {120, 2}};
	cr_assert_eq(bs1e_save_creature(&giant, BS_SAVE_SP, NULL), 10);
	cr_assert_eq(bs1e_save_creature(&giant, 7, NULL), -1);
}

/* [14.3] a character saves by class and level (PH tables): magic-user 5
 * 12 vs spell, cleric 7 7 vs paralyzation/poison/death, fighter 9 vs
 * breath 10; an unknown class is -1, not a guess. */
Test(r14_magic, s14_3_character_saves_by_class_and_level)
{
	struct bs_deriv d;
	cr_assert_eq(bs1e_save_class("magic-user", 5, BS_SAVE_SP, &d), 12);
	cr_assert(strstr(d.base_label, "magic-user 5") != NULL);
	cr_assert_eq(bs1e_save_class("cleric", 7, BS_SAVE_PPD, NULL), 7);
	cr_assert_eq(bs1e_save_class("fighter", 9, BS_SAVE_BW, NULL), 10);
	cr_assert_eq(bs1e_save_class("bard", 9, BS_SAVE_BW, NULL), -1);
}

/* [14.3] "Make a separate saving throw roll for each figure ... If the
 * saving throw succeeds, the entire figure has saved": three figures
 * needing 12 roll 12, 11, 20: two save, one fails; the spell's -2 makes
 * the 12 fail too. */
Test(r14_magic, s14_3_each_figure_saves_or_fails_whole)
{
	int r[] = {12, 11, 20};
	struct bs_dice_source src;
	struct bs1e_figure_saves fs;
	signed char each[3];
	bs_dice_source_script(&src, r, 3);
	cr_assert_eq(bs1e_figure_saves(&src, 3, 12, 0, 0, NULL, each, &fs), 0);
	cr_assert_eq(fs.rolled, 3);
	cr_assert_eq(fs.saved, 2);
	cr_assert_eq(fs.failed, 1);
	cr_assert_eq(each[0], 1);
	cr_assert_eq(each[1], 0);
	cr_assert_eq(each[2], 1);
	bs_dice_source_script(&src, r, 3);
	cr_assert_eq(bs1e_figure_saves(&src, 3, 12, -2, 0, NULL, each, &fs), 0);
	cr_assert_eq(fs.saved, 1);
	cr_assert_eq(fs.need, 14);
	/* the script runs out: an error */
	bs_dice_source_script(&src, r, 2);
	cr_assert_eq(bs1e_figure_saves(&src, 3, 12, 0, 0, NULL, each, &fs), -1);
}

/* [14.3] OPTIONAL RULE, RULING R-567: 45 figures needing 13: for each of
 * the 2 multiples of 20, 12 fail automatically and 8 save; the other 5
 * roll. 19 figures: all roll. At +2 (needing 11) 10 of each 20 fail. */
Test(r14_magic, s14_3_optional_20_figure_rule_r567)
{
	int r[] = {13, 12, 1, 20, 14};
	struct bs_dice_source src;
	struct bs1e_figure_saves fs;
	signed char each[45];
	bs_dice_source_script(&src, r, 5);
	cr_assert_eq(bs1e_figure_saves(&src, 45, 13, 0, 1, NULL, each, &fs), 0);
	cr_assert_eq(fs.auto_failed, 24);
	cr_assert_eq(fs.auto_saved, 16);
	cr_assert_eq(fs.rolled, 5);
	cr_assert_eq(fs.saved, 16 + 3);
	cr_assert_eq(fs.failed, 45 - 19);
	cr_assert_eq(src.pos, 5);
	cr_assert_eq(each[0], 0);
	cr_assert_eq(each[23], 0);
	cr_assert_eq(each[24], 1);
	cr_assert_eq(each[39], 1);
	cr_assert_eq(each[40], 1); /* the rolled 13 */
	cr_assert_eq(each[41], 0);
	int r19[19];
	for (int i = 0; i < 19; i++)
		r19[i] = 13;
	bs_dice_source_script(&src, r19, 19);
	cr_assert_eq(bs1e_figure_saves(&src, 19, 13, 0, 1, NULL, each, &fs), 0);
	cr_assert_eq(fs.auto_failed + fs.auto_saved, 0);
	cr_assert_eq(fs.saved, 19);
	bs_dice_source_script(&src, NULL, 0);
	cr_assert_eq(bs1e_figure_saves(&src, 40, 13, 2, 1, NULL, NULL, &fs), 0);
	cr_assert_eq(fs.auto_failed, 20);
	cr_assert_eq(fs.auto_saved, 20);
	cr_assert_eq(fs.rolled, 0);
	/* without the option every one of the 40 rolls */
	cr_assert_eq(bs1e_figure_saves(&src, 40, 13, 2, 0, NULL, NULL, &fs),
		     -1);
	cr_assert_eq(bs1e_save_chance20(13, 0), 8);
	cr_assert_eq(bs1e_save_chance20(1, 0), 20);
	cr_assert_eq(bs1e_save_chance20(22, 0), 0);
}

/* [14.3] the save is a dice kind of its own ("save", d20) in the dice
 * request: an asking source (the referee) is told the kind, the die, how
 * many figures roll and who. */
struct save_ask {
	int calls;
	struct bs_dice_req last;
};
static int save_asker(void *ctx, const struct bs_dice_req *q, int *dice, int n)
{
	struct save_ask *a = ctx;
	a->calls++;
	a->last = *q;
	for (int i = 0; i < n; i++)
		dice[i] = 10 + i;
	return 0;
}
Test(r14_magic, s14_3_save_roll_is_the_save_dice_kind)
{
	cr_assert_str_eq(bs_roll_kind_name[BS_ROLL_SAVE], "save");
	struct save_ask a = {0};
	struct bs_dice_asker k = {save_asker, &a};
	int pend[16];
	struct bs_dice_source src;
	bs_dice_source_ask(&src, &k, NULL, pend, 16);
	struct bs1e_save_who who = {1, 3, -1};
	struct bs1e_figure_saves fs;
	cr_assert_eq(bs1e_figure_saves(&src, 4, 12, 0, 0, &who, NULL, &fs), 0);
	cr_assert_eq(a.calls, 1);
	cr_assert_eq(a.last.why->kind, BS_ROLL_SAVE);
	cr_assert_str_eq(a.last.why->cite, "[14.3]");
	cr_assert_eq(a.last.items, 4);
	cr_assert_eq(a.last.sides[0], 20);
	cr_assert_eq(a.last.actor, 3);
	cr_assert_eq(fs.saved, 2); /* 10, 11 fail; 12, 13 save */
	int die;
	struct bs1e_save_who hero = {0, -1, 2};
	cr_assert_eq(bs1e_save_roll(&src, 11, 0, &hero, &die), 0);
	cr_assert_eq(die, 10);
	cr_assert_eq(a.last.indiv, 2);
	cr_assert_eq(a.last.items, 1);
}

/* [14.3] an individual's "normal AD&D saving throws": the spell's -4,
 * Wisdom 17 (+3) against a mental attack form, a dwarf's Constitution 18
 * (+5) against spells and wands, not against breath. */
Test(r14_magic, s14_3_individual_save_modifiers)
{
	struct bs_creature dwarf = {.name = "dwarf", .hd = {10, 0}};
	struct bs_individual ind = {.race = &dwarf};
	ind.ability[BS_WIS] = 17;
	ind.ability[BS_CON] = 18;
	struct bs_deriv d;
	bs_deriv_init(&d, 12, "save", NULL, "[14.3]");
	cr_assert_eq(bs1e_save_mod_individual(&ind, BS_SAVE_SP, -4, 1, &d),
		     -4 + 3 + 5);
	cr_assert_eq(d.nterms, 3);
	cr_assert_eq(bs1e_save_mod_individual(&ind, BS_SAVE_BW, 0, 0, NULL), 0);
	cr_assert_eq(bs1e_save_mod_individual(&ind, BS_SAVE_RSW, 0, 0, NULL),
		     5);
	struct bs_creature human = {.name = "human", .hd = {10, 0}};
	ind.race = &human;
	cr_assert_eq(bs1e_save_mod_individual(&ind, BS_SAVE_SP, 0, 0, NULL), 0);
}
