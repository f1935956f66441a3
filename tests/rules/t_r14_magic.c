/* Chapter 14 magic against figures: [14.5 A] HD of damage, the area
 * spell's HD per figure, [14.5 B] the fate of a figure, [14.12] mirror
 * image. */
#include <criterion/criterion.h>

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
