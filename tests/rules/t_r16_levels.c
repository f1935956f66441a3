/* [16.3 A] the level of the game decides the rules in force (RULINGS R-305
 * .. R-312): at the Basic Game forces cannot use Intermediate or Advanced
 * abilities; the weapon in hand is a melee weapon at every level.
 * The roster sheets and the engine play what the level allows. */
#include <criterion/criterion.h>

#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_roster.h"
#include "battlesim/warn.h"
#include "bs1e_fixture.h"

static struct bs_scenario *load_level(const char *level, const char *units,
				      const char *indivs)
{
	char yaml[8192];
	snprintf(yaml, sizeof yaml,
		 "name: t\nlevel: %s\n"
		 "sides:\n"
		 "  - name: South\n    edge: south\n    units:\n%s"
		 "    individuals:\n%s"
		 "  - name: North\n    edge: north\n    units:\n"
		 "      - {name: Orcs, figures: 10, creature: orc, weapons: "
		 "[long sword], position: [30, 40]}\n",
		 level, units, indivs ? indivs : "      []\n");
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_scenario *s = NULL;
	enum bs_status st =
	    bs_scenario_load_string(yaml, strlen(yaml), "t.yaml", &s, &d);
	cr_assert_eq(st, BS_OK, "%s",
		     d.count ? d.items[0].msg : "the scenario loads");
	bs_diags_release(&d);
	return s;
}

static int has_warning(const struct bs_scenario *s, enum bs_warn w)
{
	for (size_t i = 0; i < s->warnings.count; i++)
		if (s->warnings.items[i].code == (int)w)
			return 1;
	return 0;
}

#define LANCERS                                                                \
	"      - name: Lancers\n"                                              \
	"        figures: 6\n"                                                 \
	"        creature: man-at-arms\n"                                      \
	"        armor: [chain mail, shield]\n"                                \
	"        weapons: [light lance, long sword]\n"                         \
	"        mount: light warhorse\n"                                      \
	"        position: [30, 10]\n"

/* [Part 2] "The Basic Game does not include ... cavalry"; [16.3 A]
 * "cannot use them": RULING R-308, the riders on foot: their MV, base,
 * AC, and a weapon usable on foot (R-306: not the lance). At the
 * Intermediate Game the [11.2] rating. */
Test(r16_levels, s16_3_a_cavalry_at_basic_fight_on_foot)
{
	struct bs_scenario *s = load_level("basic", LANCERS, NULL);
	cr_assert(has_warning(s, BS_W_MOUNTED_LEVEL));
	cr_assert_null(s->sides[0].units[0].mount, "taken out (R-305)");
	struct bs1e_unit_sheet sh;
	bs1e_unit_sheet(s, 0, 0, &sh);
	cr_expect_eq(sh.mounting, BS1E_ON_FOOT);
	cr_expect_eq(sh.mv.value, 12, "the riders' MV");
	cr_expect_eq(sh.base, BS1E_BASE_M);
	cr_expect_eq(sh.ac.value, 4, "chain mail and shield");
	cr_expect_str_eq(sh.damage.src[0].label, "long sword");
	bs_scenario_free(s);

	s = load_level("intermediate", LANCERS, NULL);
	cr_expect(!has_warning(s, BS_W_MOUNTED_LEVEL));
	cr_expect_eq(s->warnings.count, 0, "[11.4] the lance is played");
	bs1e_unit_sheet(s, 0, 0, &sh);
	cr_expect_eq(sh.mounting, BS1E_CAVALRY);
	cr_expect_eq(sh.mv.value, 24, "[11.2] the mount's MV");
	cr_expect_str_eq(sh.damage.src[0].label, "light lance");
	bs_scenario_free(s);
}

#define MEMBERS                                                                \
	"      - name: Guards\n"                                               \
	"        figures: 8\n"                                                 \
	"        creature: man-at-arms\n"                                      \
	"        weapons: [long sword]\n"                                      \
	"        position: [30, 10]\n"                                         \
	"        commander: Cap\n"                                             \
	"        deputy: Second\n"                                             \
	"        members: [Sage]\n"
#define MEMBER_INDIVS                                                          \
	"      - {name: Cap, class: fighter, level: 1, hp: 6, rank: unit}\n"   \
	"      - {name: Second, class: fighter, level: 2, hp: 12}\n"           \
	"      - {name: Sage, class: fighter, level: 9, hp: 60, ac: -2}\n"

/* RULING R-307 [Part 2]: members [9.1] and deputies [9.3] are not in the
 * Basic Game: the unit is rated without the member, the deputy never
 * takes over, and the battle has no member in the unit's figures. */
Test(r16_levels, s9_1_s9_3_members_and_deputies_only_from_intermediate)
{
	struct bs_scenario *s = load_level("basic", MEMBERS, MEMBER_INDIVS);
	cr_expect(has_warning(s, BS_W_MEMBER_LEVEL));
	cr_expect(has_warning(s, BS_W_DEPUTY_LEVEL));
	cr_expect_eq(s->sides[0].units[0].nmembers, 0);
	cr_expect_eq(s->sides[0].units[0].deputy, -1);
	struct bs1e_unit_sheet sh;
	bs1e_unit_sheet(s, 0, 0, &sh);
	cr_expect_eq(sh.nmembers, 0);
	cr_expect_eq(sh.ac.value, 10, "the men-at-arms alone");
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(s, &b, &d), BS_OK);
	cr_expect_eq(b->indivs[2].with_unit, -1, "Sage is in no unit");
	cr_expect_eq(bs1e_authority_over(&s->sides[0], 1, 0, NULL, NULL),
		     BS1E_AUTH_NONE, "Second is nobody's deputy");
	bs_battle_free(b);
	bs_scenario_free(s);

	s = load_level("intermediate", MEMBERS, MEMBER_INDIVS);
	cr_expect(!has_warning(s, BS_W_MEMBER_LEVEL));
	cr_expect_eq(s->sides[0].units[0].nmembers, 1);
	cr_expect_eq(s->sides[0].units[0].deputy, 1);
	bs1e_unit_sheet(s, 0, 0, &sh);
	cr_expect_eq(sh.nmembers, 1, "[9.1] averaged in");
	cr_assert_eq(bs_battle_new(s, &b, &d), BS_OK);
	cr_expect_eq(b->indivs[2].with_unit, 0);
	bs_battle_free(b);
	bs_diags_release(&d);
	bs_scenario_free(s);
}

static void in_hand(const char *weapons, const char *creature,
		    const char *label)
{
	char units[512];
	snprintf(units, sizeof units,
		 "      - {name: U, figures: 8, creature: %s, weapons: [%s], "
		 "position: [30, 10]}\n",
		 creature, weapons);
	struct bs_scenario *s = load_level("advanced", units, NULL);
	struct bs1e_unit_sheet sh;
	bs1e_unit_sheet(s, 0, 0, &sh);
	if (label)
		cr_expect_str_eq(sh.damage.src[0].label, label, "[%s]",
				 weapons);
	else
		cr_expect_eq(sh.damage.nsrc, 0, "[%s]: nothing in hand",
			     weapons);
	for (int i = 0; i < sh.nweapons; i++)
		cr_expect_eq(sh.weapons[i].in_hand,
			     label && strcmp(sh.weapons[i].name, label) == 0,
			     "[%s] %s", weapons, sh.weapons[i].name);
	bs_scenario_free(s);
}

/* [8.2] RULING R-306: the weapon in hand is the first usable in melee:
 * never a missile weapon, a lance only when mounted; else the natural
 * attacks, else nothing (d2 in play, R-103). */
Test(r16_levels, s8_2_ruling_r306_the_weapon_in_hand)
{
	in_hand("long bow, dagger", "man-at-arms", "dagger");
	in_hand("dagger, long bow", "man-at-arms", "dagger");
	in_hand("long bow, light lance, long sword", "man-at-arms",
		"long sword");
	in_hand("long bow", "man-at-arms", NULL);
	in_hand("long bow", "ogre", "ogre");
	in_hand("hand axe", "man-at-arms", "hand axe");
}

/* RULING R-306 in play: bowmen with daggers fight with the dagger (d4),
 * not the bow's d6. */
Test(r16_levels, s8_2_ruling_r306_bowmen_fight_with_daggers)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Bowmen",
	     .x = 36,
	     .y = 20,
	     .facing = "north",
	     .frontage = 5,
	     .figures = 10,
	     .weapon = "long bow, dagger"},
	    {.side = 1,
	     .name = "Foe",
	     .x = 36,
	     .y = 20,
	     .facing = "south",
	     .frontage = 5,
	     .figures = 10},
	};
	tf_open_units(&t, u, 2, NULL, NULL, NULL);
	t.b->round = 1;
	t.b->side_a = 0;
	t.b->side_order[0] = 0;
	t.b->side_order[1] = 1;
	tf_dice(&t, (int[]){6, 6, 1, 1, 1, 1, 1, 1}, 8);
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	const struct bs_event *a = tf_find(&t, BS_EV_ATTACK, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->side, 0);
	cr_expect_str_eq(a->what, "D4", "the dagger's column");
	tf_close(&t);
}

/* RULING R-311 [13.5]: level drainers do double damage in the Advanced
 * Game only; the same attack at the Basic Game does single damage. */
Test(r16_levels, s13_5_ruling_r311_level_drain_doubles_at_advanced_only)
{
	cr_expect(!bs1e_drain_doubles(BS_LEVEL_BASIC, 1));
	cr_expect(!bs1e_drain_doubles(BS_LEVEL_INTERMEDIATE, 1));
	cr_expect(bs1e_drain_doubles(BS_LEVEL_ADVANCED, 1));
	cr_expect(!bs1e_drain_doubles(BS_LEVEL_ADVANCED, 0));
	int hd[BS_LEVEL__COUNT];
	for (int lv = 0; lv < BS_LEVEL__COUNT; lv++) {
		struct tf t;
		struct tf_unit u[2] = {
		    {.side = 0,
		     .name = "Wights",
		     .x = 36,
		     .y = 20,
		     .facing = "north",
		     .frontage = 5,
		     .figures = 10,
		     .creature = "wight",
		     .weapon = "",
		     .no_cmd = 1},
		    {.side = 1,
		     .name = "Men",
		     .x = 36,
		     .y = 20,
		     .facing = "south",
		     .frontage = 5,
		     .figures = 10},
		};
		tf_open_units(&t, u, 2, NULL, NULL, NULL);
		t.sc->level = (enum bs_level)lv;
		t.b->round = 1;
		t.b->side_a = 0;
		t.b->side_order[0] = 0;
		t.b->side_order[1] = 1;
		tf_dice(&t, (int[]){4, 4, 1, 1, 1, 1, 1, 1}, 8);
		tf_phase(&t, BS_PHASE_MELEE);
		bs1e_phase_melee(t.b);
		const struct bs_event *a = tf_find(&t, BS_EV_ATTACK, 0);
		cr_assert_not_null(a);
		cr_assert_eq(a->side, 0);
		hd[lv] = a->n[4];
		tf_close(&t);
	}
	cr_expect_eq(hd[BS_LEVEL_BASIC], hd[BS_LEVEL_INTERMEDIATE]);
	cr_expect_eq(hd[BS_LEVEL_ADVANCED], 2 * hd[BS_LEVEL_BASIC],
		     "[13.5] double: %d against %d", hd[BS_LEVEL_ADVANCED],
		     hd[BS_LEVEL_BASIC]);
}

/* RULING R-305: Part 1 rules on Advanced creatures apply at every level:
 * Table 4's -3 and Table 5's check for contact with level drainers and
 * undead (bs1e_morale_checks_due is level-blind; its test is r08_phase's
 * s4_4_t5_undead_contact_at_end_of_phase, at the Basic Game). The weapon
 * of a magic plus keeps its AR and Table 3 at the Basic Game ([8.3],
 * [4.1], [14.1] "magic weapons without special abilities can be used by
 * any units"). */
Test(r16_levels, s8_3_magic_weapons_at_every_level)
{
	struct bs_scenario *s = load_level(
	    "basic",
	    "      - {name: U, figures: 8, creature: man-at-arms, weapons: "
	    "[{name: long sword, plus: 1}], position: [30, 10]}\n",
	    NULL);
	struct bs1e_unit_sheet sh;
	bs1e_unit_sheet(s, 0, 0, &sh);
	cr_expect(tf_has_term(&sh.ar, -1, "long sword +1"));
	cr_expect(tf_has_term(&sh.ml, 1, "magic equipment"));
	cr_expect_eq(s->warnings.count, 0);
	bs_scenario_free(s);
}

/* ---- [16.3 A] the Advanced Game's power levels of magic ----------------- */

#define MAGIC_UNITS                                                            \
	"      - {name: Guards, figures: 8, creature: man-at-arms, weapons: "  \
	"[long sword], position: [30, 10], commander: Cap}\n"

/* The index of memorized spell `name` of individual ind, -1 none. */
static int memorized(const struct bs_individual *ind, const char *name)
{
	for (int i = 0; i < ind->nspells; i++)
		if (strcmp(ind->spells[i].spell->name, name) == 0)
			return i;
	return -1;
}

static int holds(const struct bs_individual *ind, const char *name)
{
	for (int i = 0; i < ind->nitems; i++)
		if (strcmp(ind->items[i], name) == 0)
			return 1;
	return 0;
}

/* [16.3 A] "spells and spell effects higher than 2nd level are not
 * permitted; no magic item worth 1,200 XP or more is permitted" (RULING
 * the fireball memorized, the wand of fire balls (its spell is of
 * the 3rd level) and the ring of human influence (2,000 XP) are taken
 * out of the model with their warnings; the Charisma bonus goes with the
 * ring; the default choice fills only the 1st and 2nd levels. */
Test(r16_levels, s16_3_a_low_magic_takes_out_spells_and_items)
{
	struct bs_scenario *s = load_level(
	    "advanced\nmagic: low", MAGIC_UNITS,
	    "      - {name: Cap, class: magic-user, level: 9, hp: 20, rank: "
	    "unit, spells: [magic missile, fireball], items: [ring of human "
	    "influence, wand of fire balls]}\n"
	    "      - {name: Mage, class: magic-user, level: 9, hp: 20, "
	    "position: [40, 10]}\n");
	cr_expect(has_warning(s, BS_W_MAGIC_LIMIT_SPELL));
	cr_expect(has_warning(s, BS_W_MAGIC_LIMIT_ITEM));
	cr_expect(!has_warning(s, BS_W_ITEM), "no second warning");
	const struct bs_individual *cap = &s->sides[0].individuals[0];
	cr_expect_eq(cap->nspells, 1);
	cr_expect_geq(memorized(cap, "magic missile"), 0);
	cr_expect_lt(memorized(cap, "fireball"), 0, "taken out");
	cr_expect_eq(cap->nitems, 0, "the ring and the wand taken out");
	cr_expect_eq(cap->charisma_item_bonus, 0, "no ring, no +1");
	const struct bs_individual *mage = &s->sides[0].individuals[1];
	cr_expect(mage->spells_default);
	cr_expect_gt(mage->nspells, 0);
	for (int i = 0; i < mage->nspells; i++)
		cr_expect_leq(mage->spells[i].spell->level, 2, "%s",
			      mage->spells[i].spell->name);
	bs_scenario_free(s);
}

/* [16.3 A] medium magic: "spells and spell effects higher than 5th level
 * are not permitted; no magic item worth 4,000 XP or more": fireball and
 * the ring (2,000 XP) stay, the 6th level death spell, the wand of
 * lightning (4,000 XP: "or more") and the rod of rulership (8,000 XP) go;
 * the ring's +1 is his Charisma bonus. */
Test(r16_levels, s16_3_a_medium_magic_limits)
{
	struct bs_scenario *s = load_level(
	    "advanced\nmagic: medium", MAGIC_UNITS,
	    "      - {name: Cap, class: magic-user, level: 12, hp: 30, rank: "
	    "unit, spells: [fireball, death spell], items: [rod of "
	    "rulership, ring of human influence, wand of lightning]}\n");
	const struct bs_individual *cap = &s->sides[0].individuals[0];
	cr_expect_geq(memorized(cap, "fireball"), 0);
	cr_expect_lt(memorized(cap, "death spell"), 0);
	cr_expect_eq(cap->nitems, 1);
	cr_expect(holds(cap, "ring of human influence"));
	cr_expect_eq(cap->charisma_item_bonus, 1, "the ring's, not the rod's");
	size_t n = 0;
	for (size_t i = 0; i < s->warnings.count; i++)
		n += s->warnings.items[i].code == (int)BS_W_MAGIC_LIMIT_ITEM;
	cr_expect_eq(n, 2, "the rod and the wand");
	cr_expect(has_warning(s, BS_W_MAGIC_LIMIT_SPELL));
	bs_scenario_free(s);
}

/* [16.3 A] high magic: "all spells and spell effects are allowed": nothing
 * taken out; "no more than one wish spell for each 50,000 points" is not
 * checked (RULING R-461: the side's points are not totalled): a wish of
 * the scenario's catalog (the built-in one has none) gets the warning. */
Test(r16_levels, s16_3_a_high_magic_permits_every_spell)
{
	struct bs_scenario *s = load_level(
	    "advanced\nmagic: high\ncatalog:\n  spells:\n    - {name: wish, "
	    "class: magic-user, level: 9, category: artillery, effect: "
	    "special, range: special, duration: special}",
	    MAGIC_UNITS,
	    "      - {name: Cap, class: magic-user, level: 18, hp: 40, rank: "
	    "unit, spells: [fireball, death spell, wish], items: [rod of "
	    "rulership, wand of fire balls]}\n");
	const struct bs_individual *cap = &s->sides[0].individuals[0];
	cr_expect_eq(cap->nspells, 3);
	cr_expect_eq(cap->nitems, 2);
	cr_expect_eq(cap->charisma_item_bonus, 2);
	cr_expect(!has_warning(s, BS_W_MAGIC_LIMIT_SPELL));
	cr_expect(!has_warning(s, BS_W_MAGIC_LIMIT_ITEM));
	cr_expect(has_warning(s, BS_W_MAGIC_LIMIT_WISH));
	bs_scenario_free(s);
}

/* RULING R-459: anything goes is the default (nothing changes), and the
 * key has no effect below the Advanced Game (warned) nor in a D&D game
 * (not played: warned). */
Test(r16_levels, s16_3_a_anything_goes_is_the_default)
{
	const char *cap =
	    "      - {name: Cap, class: magic-user, level: 12, hp: 30, rank: "
	    "unit, spells: [fireball, death spell], items: [rod of "
	    "rulership]}\n";
	struct bs_scenario *s = load_level("advanced", MAGIC_UNITS, cap);
	cr_expect_eq(s->magic, BS_POWER_ANYTHING_GOES);
	cr_expect_eq(s->sides[0].individuals[0].nspells, 2);
	cr_expect_eq(s->sides[0].individuals[0].nitems, 1);
	cr_expect(!has_warning(s, BS_W_MAGIC_LIMIT_SPELL));
	bs_scenario_free(s);
	s = load_level("intermediate\nmagic: low", MAGIC_UNITS, cap);
	cr_expect(has_warning(s, BS_W_MAGIC_POWER_LEVEL));
	cr_expect(!has_warning(s, BS_W_MAGIC_LIMIT_SPELL));
	cr_expect_eq(s->sides[0].individuals[0].nspells, 2);
	bs_scenario_free(s);
}
