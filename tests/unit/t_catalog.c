/* Tests of the built-in data (the catalog and scenario YAML files of data/):
 * catalog entries against their published sources (PH, DMG, MM as in
 * reference/adnd-1e-tables.md; docs/CATALOG.md), and the built-in default
 * scenario against [2.8]-[2.10], [3.4], [4.10] and the Basic Game. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "battlesim/diag.h"
#include "battlesim/model.h"
#include "battlesim/scenario.h"

/* The built-in default scenario, loaded once per test (with the built-in
 * catalogs); the test fails with the loader's first message otherwise. */
static struct bs_scenario *load_default(void)
{
	struct bs_diags d;
	struct bs_scenario *s = NULL;
	bs_diags_init(&d);
	enum bs_status st = bs_scenario_load_builtin(NULL, &s, &d);
	char buf[1024] = "";
	if (d.count > 0)
		bs_diag_format(&d.items[0], buf, sizeof buf);
	bs_diags_release(&d);
	cr_assert_eq(st, BS_OK, "built-in scenario failed to load: %s", buf);
	cr_assert_not_null(s);
	return s;
}

static void expect_dice1(const struct bs_dice *d, int count, int sides,
			 int plus, const char *what)
{
	cr_expect_eq(d->nparts, 1, "%s: one attack", what);
	cr_expect_eq(d->part[0].count, count, "%s: dice count", what);
	cr_expect_eq(d->part[0].sides, sides, "%s: sides", what);
	cr_expect_eq(d->part[0].plus, plus, "%s: plus", what);
}

/* ---- the scenario loads cleanly ----------------------------------------- */

Test(catalog, default_scenario_loads_without_messages)
{
	struct bs_diags d;
	struct bs_scenario *s = NULL;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin(NULL, &s, &d), BS_OK);
	cr_expect_eq(d.count, 0, "no diagnostics expected");
	cr_expect_str_eq(s->name, "Borderland Raid");
	cr_expect_str_eq(bs_scenario_default_name(), "borderland-raid");
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* ---- creatures (MM) ------------------------------------------------------ */

Test(catalog, orc_hd1_ac6_mv9_medium)
{
	struct bs_scenario *s = load_default();
	const struct bs_creature *c = bs_scenario_creature(s, "orc");
	cr_assert_not_null(c);
	cr_expect_eq(c->hd.tenths, 10);
	cr_expect_eq(c->hd.plus, 0);
	cr_expect_eq(c->ac, 6);
	cr_expect_eq(c->mv, 9);
	cr_expect_eq(c->size, BS_SIZE_M);
	cr_expect_eq(c->law, BS_LAW_LAWFUL);
	cr_expect_eq(c->moral, BS_MORAL_EVIL);
	cr_expect(c->flags & BS_CF_DAYLIGHT_PENALTY);
	cr_expect_eq(c->xp, 10);
	cr_expect_eq(c->thac0, 0, "orc THAC0 is derived from its HD");
	bs_scenario_free(s);
}

Test(catalog, ogre_hd4plus1_ac5_mv9_large)
{
	struct bs_scenario *s = load_default();
	const struct bs_creature *c = bs_scenario_creature(s, "ogre");
	cr_assert_not_null(c);
	cr_expect_eq(c->hd.tenths, 40);
	cr_expect_eq(c->hd.plus, 1);
	cr_expect_eq(c->ac, 5);
	cr_expect_eq(c->mv, 9);
	cr_expect_eq(c->size, BS_SIZE_L);
	expect_dice1(&c->attacks, 1, 10, 0, "ogre 1-10");
	bs_scenario_free(s);
}

Test(catalog, names_are_case_insensitive)
{
	struct bs_scenario *s = load_default();
	cr_expect_eq(bs_scenario_creature(s, "ORC"),
		     bs_scenario_creature(s, "orc"));
	cr_expect_eq(bs_scenario_weapon(s, "Long Sword"),
		     bs_scenario_weapon(s, "long sword"));
	cr_expect_null(bs_scenario_creature(s, "balrog"));
	bs_scenario_free(s);
}

Test(catalog, at_least_30_creatures_all_sane)
{
	struct bs_scenario *s = load_default();
	cr_expect_geq(s->ncreatures, 30);
	for (int i = 0; i < s->ncreatures; i++) {
		const struct bs_creature *c = &s->creatures[i];
		cr_expect_gt(c->hd.tenths, 0, "%s: hd", c->name);
		cr_expect_gt(c->mv, 0, "%s: mv", c->name);
		cr_expect(c->ac >= -10 && c->ac <= 10, "%s: ac", c->name);
		/* a natural attacker's damage never starts below 1 */
		for (int k = 0; k < c->attacks.nparts; k++)
			cr_expect_geq(bs_dice_part_min(&c->attacks.part[k]), 1,
				      "%s: attack %d", c->name, k);
	}
	bs_scenario_free(s);
}

/* Table 1 [2.2]: the brief's army creatures are all present. */
Test(catalog, army_creatures_present)
{
	static const char *const names[] = {
	    "human",	      "man-at-arms",
	    "archer",	      "militia",
	    "peasant",	      "knight",
	    "light warhorse", "medium warhorse",
	    "heavy warhorse", "elf",
	    "dwarf",	      "halfling",
	    "gnome",	      "orc",
	    "goblin",	      "hobgoblin",
	    "kobold",	      "gnoll",
	    "bugbear",	      "ogre",
	    "troll",	      "hill giant",
	    "skeleton",	      "zombie",
	    "ghoul",	      "wolf",
	    "dire wolf",      "worg",
	    "warg",	      "centaur",
	    "lizard man",     "ettin",
	};
	struct bs_scenario *s = load_default();
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		cr_expect_not_null(bs_scenario_creature(s, names[i]), "%s",
				   names[i]);
	bs_scenario_free(s);
}

/* [8.3]: 0-level men hit AC 1 on a 20, so THAC0 21 for AR; fighters of
 * levels 1-2 hit AC 0 on a 20 (DMG matrices). */
Test(catalog, s8_3_thac0_of_men_and_knights)
{
	struct bs_scenario *s = load_default();
	cr_expect_eq(bs_scenario_creature(s, "man-at-arms")->thac0, 21);
	cr_expect_eq(bs_scenario_creature(s, "militia")->thac0, 21);
	cr_expect_eq(bs_scenario_creature(s, "human")->thac0, 21);
	cr_expect_eq(bs_scenario_creature(s, "knight")->thac0, 20);
	bs_scenario_free(s);
}

/* [11.8]: woodland, mountain and swamp creatures ignore those penalties;
 * [13.9] mindless undead; [13.5] level drain; [13.8] regeneration. */
Test(catalog, s11_8_s13_terrain_and_special_flags)
{
	struct bs_scenario *s = load_default();
	cr_expect(bs_scenario_creature(s, "elf")->flags & BS_CF_WOODLAND);
	cr_expect(bs_scenario_creature(s, "halfling")->flags & BS_CF_WOODLAND);
	cr_expect(bs_scenario_creature(s, "dwarf")->flags & BS_CF_MOUNTAIN);
	cr_expect(bs_scenario_creature(s, "hill giant")->flags &
		  BS_CF_MOUNTAIN);
	cr_expect(bs_scenario_creature(s, "lizard man")->flags & BS_CF_SWAMP);
	unsigned um = BS_CF_UNDEAD | BS_CF_MINDLESS;
	cr_expect_eq(bs_scenario_creature(s, "skeleton")->flags & um, um);
	cr_expect_eq(bs_scenario_creature(s, "zombie")->flags & um, um);
	cr_expect(bs_scenario_creature(s, "wight")->flags & BS_CF_LEVEL_DRAIN);
	cr_expect(bs_scenario_creature(s, "troll")->flags & BS_CF_REGENERATES);
	cr_expect(bs_scenario_creature(s, "goblin")->flags &
		  BS_CF_DAYLIGHT_PENALTY);
	cr_expect(bs_scenario_creature(s, "dwarf")->demihuman);
	bs_scenario_free(s);
}

/* Known gap 29: the MM's 8+1-2 HD hill giant is 8+1 (RULING R-082), so
 * Table 1 gives it 5:1 as the [4.1] example does. */
Test(catalog, s4_1_hill_giant_is_8_plus)
{
	struct bs_scenario *s = load_default();
	const struct bs_creature *c = bs_scenario_creature(s, "hill giant");
	cr_assert_not_null(c);
	cr_expect_eq(c->hd.tenths, 80);
	cr_expect_eq(c->hd.plus, 1);
	cr_expect_eq(c->ac, 4);
	cr_expect_eq(c->size, BS_SIZE_L);
	bs_scenario_free(s);
}

/* [16.3] example: "100 ghouls (65 XP per ghoul) = 6,500 pts". */
Test(catalog, s16_3_ghoul_xp_65)
{
	struct bs_scenario *s = load_default();
	const struct bs_creature *c = bs_scenario_creature(s, "ghoul");
	cr_assert_not_null(c);
	cr_expect_eq(c->xp * 100, 6500);
	cr_expect(c->flags & BS_CF_PARALYZES);
	bs_scenario_free(s);
}

/* ---- weapons (PH) -------------------------------------------------------- */

/* [8.4] example and [8.5]: "a longsword does either D8 or D12 damage". */
Test(catalog, s8_5_long_sword_d8_d12)
{
	struct bs_scenario *s = load_default();
	const struct bs_weapon *w = bs_scenario_weapon(s, "long sword");
	cr_assert_not_null(w);
	cr_expect_eq(w->kind, BS_WEAPON_MELEE);
	expect_dice1(&w->damage_sm, 1, 8, 0, "long sword vs S-M");
	expect_dice1(&w->damage_l, 1, 12, 0, "long sword vs L");
	cr_expect_eq(w->speed, 5);
	cr_expect(w->has_vs_ac);
	cr_expect_eq(w->vs_ac[0], -2, "vs AC 2");
	cr_expect_eq(w->vs_ac[8], 2, "vs AC 10");
	bs_scenario_free(s);
}

/* [8.5]: "a broadsword does 2-8, or 2D4"; "a bastard sword against large
 * targets does 2-16, or 2D8"; "a war hammer does 2-5, or D4 +1". */
Test(catalog, s8_5_book_dice_examples)
{
	struct bs_scenario *s = load_default();
	expect_dice1(&bs_scenario_weapon(s, "broad sword")->damage_sm, 2, 4, 0,
		     "broad sword");
	expect_dice1(&bs_scenario_weapon(s, "bastard sword")->damage_l, 2, 8, 0,
		     "bastard sword vs L");
	expect_dice1(&bs_scenario_weapon(s, "hammer")->damage_sm, 1, 4, 1,
		     "hammer");
	expect_dice1(&bs_scenario_weapon(s, "dagger")->damage_sm, 1, 4, 0,
		     "dagger");
	bs_scenario_free(s);
}

/* [8.1]: pikes two extra ranks; spears, pole arms and halberds one. */
Test(catalog, s8_1_pikes_spears_polearms)
{
	struct bs_scenario *s = load_default();
	const struct bs_weapon *pike = bs_scenario_weapon(s, "pike");
	const struct bs_weapon *spear = bs_scenario_weapon(s, "spear");
	const struct bs_weapon *halberd = bs_scenario_weapon(s, "halberd");
	const struct bs_weapon *sword = bs_scenario_weapon(s, "long sword");
	cr_assert(pike && spear && halberd && sword);
	cr_expect(pike->is_pike);
	cr_expect_not(pike->is_polearm);
	cr_expect(spear->is_polearm);
	cr_expect_not(spear->is_pike);
	cr_expect(halberd->is_polearm);
	cr_expect_not(sword->is_polearm || sword->is_pike);
	/* [11.7] Set Spears/Pikes */
	cr_expect(pike->set_vs_charge);
	cr_expect(spear->set_vs_charge);
	cr_expect_not(halberd->set_vs_charge);
	bs_scenario_free(s);
}

/* [11.4]: lances double damage charging mounted. */
Test(catalog, s11_4_lances)
{
	struct bs_scenario *s = load_default();
	const struct bs_weapon *w = bs_scenario_weapon(s, "heavy lance");
	cr_assert_not_null(w);
	cr_expect(w->lance);
	expect_dice1(&w->damage_sm, 2, 4, 1, "heavy lance");
	expect_dice1(&w->damage_l, 3, 6, 0, "heavy lance vs L");
	cr_expect(bs_scenario_weapon(s, "light lance")->lance);
	cr_expect(bs_scenario_weapon(s, "medium lance")->lance);
	bs_scenario_free(s);
}

/* [10.0]: ranges and rates as in the AD&D game; [10.3] arrows are
 * unlimited, thrown weapons are not; Table 12 classes [10.4]. */
Test(catalog, s10_long_bow_7_14_21)
{
	struct bs_scenario *s = load_default();
	const struct bs_weapon *w = bs_scenario_weapon(s, "long bow");
	cr_assert_not_null(w);
	cr_expect_eq(w->kind, BS_WEAPON_MISSILE);
	cr_expect_eq(w->range_s, 7);
	cr_expect_eq(w->range_m, 14);
	cr_expect_eq(w->range_l, 21);
	cr_expect_eq(w->rate_num, 2);
	cr_expect_eq(w->rate_den, 1);
	cr_expect(w->unlimited_ammo);
	const struct bs_weapon *hc = bs_scenario_weapon(s, "heavy crossbow");
	cr_assert_not_null(hc);
	cr_expect_eq(hc->rate_num, 1);
	cr_expect_eq(hc->rate_den, 2);
	cr_expect_eq(hc->range_l, 24);
	const struct bs_weapon *jav = bs_scenario_weapon(s, "javelin");
	cr_assert_not_null(jav);
	cr_expect_not(jav->unlimited_ammo);
	cr_expect_neq(jav->missile_class, w->missile_class);
	bs_scenario_free(s);
}

/* ---- armor (PH) ---------------------------------------------------------- */

Test(catalog, armor_classes)
{
	static const struct {
		const char *name;
		int ac;
	} want[] = {
	    {"leather", 8},	{"padded", 8},	    {"studded leather", 7},
	    {"ring mail", 7},	{"scale mail", 6},  {"chain mail", 5},
	    {"splint mail", 4}, {"banded mail", 4}, {"plate mail", 3},
	};
	struct bs_scenario *s = load_default();
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct bs_armor *a = bs_scenario_armor(s, want[i].name);
		cr_assert_not_null(a, "%s", want[i].name);
		cr_expect_eq(a->ac, want[i].ac, "%s", want[i].name);
		cr_expect_not(a->is_shield, "%s", want[i].name);
	}
	const struct bs_armor *sh = bs_scenario_armor(s, "shield");
	const struct bs_armor *lg = bs_scenario_armor(s, "large shield");
	cr_assert(sh && lg);
	cr_expect(sh->is_shield && !sh->large_shield);
	cr_expect(lg->is_shield && lg->large_shield); /* [11.6] */
	bs_scenario_free(s);
}

/* ---- the built-in scenario ----------------------------------------------- */

/* Basic Game, two sides, 4-6 units a side; [2.8] regular units 4-48
 * figures with a unit commander; [2.10] mobs 12-96; [4.10] one army
 * commander per side. */
Test(catalog, s2_8_default_scenario_forces_are_legal)
{
	struct bs_scenario *s = load_default();
	cr_expect_eq(s->level, BS_LEVEL_BASIC);
	cr_expect_eq(s->rules, BS_RULES_BS1E);
	cr_expect_eq(s->nsides, 2);
	cr_expect(fabs(s->width - 72.0) < 1e-9 && fabs(s->depth - 48.0) < 1e-9);
	for (int i = 0; i < s->nsides; i++) {
		const struct bs_side *side = &s->sides[i];
		cr_expect(side->nunits >= 4 && side->nunits <= 6,
			  "%s: %d units", side->name, side->nunits);
		int armies = 0;
		for (int k = 0; k < side->nindividuals; k++)
			armies += side->individuals[k].rank == BS_RANK_ARMY;
		cr_expect_eq(armies, 1, "%s: army commanders", side->name);
		for (int j = 0; j < side->nunits; j++) {
			const struct bs_unit *u = &side->units[j];
			if (u->type == BS_UNIT_MOB) {
				cr_expect(u->figures >= 12 && u->figures <= 96,
					  "%s", u->name);
				continue;
			}
			cr_expect_eq(u->type, BS_UNIT_REGULAR, "%s", u->name);
			cr_expect(u->figures >= 4 && u->figures <= 48, "%s",
				  u->name);
			cr_expect_geq(u->commander, 0, "%s: commander",
				      u->name);
			cr_expect_null(u->mount,
				       "%s: no cavalry in the Basic "
				       "Game",
				       u->name);
		}
	}
	/* the north is the warband, the south the keep */
	cr_expect_eq(s->sides[0].edge, BS_EDGE_NORTH);
	cr_expect_eq(s->sides[1].edge, BS_EDGE_SOUTH);
	bs_scenario_free(s);
}

/* The fastest movement rate of a unit (its own mv, else its creature's). */
static int unit_mv(const struct bs_unit *u)
{
	return u->mv ? u->mv : u->creature->mv;
}

/* [3.4]: forces start more than two full moves from the nearest opponent.
 * Checked with the fastest unit on the table (the strictest reading of
 * known gap 28), between the units' front-edge centres. */
Test(catalog, s3_4_default_scenario_two_moves_apart)
{
	struct bs_scenario *s = load_default();
	int fastest = 0;
	for (int i = 0; i < s->nsides; i++)
		for (int j = 0; j < s->sides[i].nunits; j++)
			if (unit_mv(&s->sides[i].units[j]) > fastest)
				fastest = unit_mv(&s->sides[i].units[j]);
	cr_assert_gt(fastest, 0);
	const struct bs_side *a = &s->sides[0], *b = &s->sides[1];
	for (int i = 0; i < a->nunits; i++)
		for (int j = 0; j < b->nunits; j++) {
			double dx = a->units[i].x - b->units[j].x;
			double dy = a->units[i].y - b->units[j].y;
			cr_expect_gt(sqrt(dx * dx + dy * dy), 2.0 * fastest,
				     "%s to %s", a->units[i].name,
				     b->units[j].name);
		}
	bs_scenario_free(s);
}

/* Issue 12 item 9: the PH's racial bonuses to hit, as the built-in dwarf
 * and gnome carry them (`to_hit_vs`): dwarves +1 attacking goblins,
 * hobgoblins and orcs, -4 for ogres, trolls and giants attacking them;
 * gnomes +1 attacking kobolds and goblins, -4 for gnolls, bugbears, ogres,
 * trolls and giants attacking them. */
Test(catalog, s13_1_dwarf_and_gnome_to_hit_vs)
{
	struct bs_scenario *s = load_default();
	const struct bs_creature *dw = bs_scenario_creature(s, "dwarf");
	const struct bs_creature *gn = bs_scenario_creature(s, "gnome");
	cr_assert_eq(dw->nto_hit_vs, 2);
	cr_expect_eq(dw->to_hit_vs[0].attacked_by, 0);
	cr_expect_eq(dw->to_hit_vs[0].to_hit, 1);
	cr_expect_eq(dw->to_hit_vs[0].nnames, 3);
	cr_expect_eq(dw->to_hit_vs[1].attacked_by, 1);
	cr_expect_eq(dw->to_hit_vs[1].to_hit, -4);
	cr_expect_eq(dw->to_hit_vs[1].nnames, 3);
	cr_assert_eq(gn->nto_hit_vs, 2);
	cr_expect_eq(gn->to_hit_vs[0].nnames, 2);
	cr_expect_eq(gn->to_hit_vs[1].nnames, 5);
	cr_expect_eq(gn->to_hit_vs[1].to_hit, -4);
	/* "giant" names the hill giant */
	int found = 0;
	for (int i = 0; i < dw->to_hit_vs[1].nnames; i++)
		found |=
		    bs_creature_named(bs_scenario_creature(s, "hill giant"),
				      dw->to_hit_vs[1].names[i]);
	cr_expect(found);
	bs_scenario_free(s);
}

/* Issue 12 item 9: elves +1 to hit with bows and short and long swords
 * (PH), halflings +3 with slings and bows (MM): `to_hit_with`. */
Test(catalog, s8_3_elf_and_halfling_to_hit_with)
{
	struct bs_scenario *s = load_default();
	const struct bs_creature *e = bs_scenario_creature(s, "elf");
	const struct bs_creature *h = bs_scenario_creature(s, "halfling");
	cr_assert_eq(e->nto_hit_with, 1);
	cr_expect_eq(e->to_hit_with[0].to_hit, 1);
	cr_expect_eq(e->to_hit_with[0].nnames, 6);
	cr_assert_eq(h->nto_hit_with, 1);
	cr_expect_eq(h->to_hit_with[0].to_hit, 3);
	cr_expect_str_eq(h->to_hit_with[0].names[0], "sling");
	bs_scenario_free(s);
}
