/* The magic catalog (data/catalog/spells.yaml, battlesim/spell.h): every
 * spell [14.5]-[14.9] names is in it with its PH figures, the items and
 * breath weapons reuse the record ([13.7]), a scenario adds or replaces
 * records with located errors; the AD&D spells per day [14.1] and
 * an individual's memorized spells, checked against them or chosen by the
 * default. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_tables.h"
#include "battlesim/scenario.h"
#include "battlesim/spell.h"

struct res {
	enum bs_status st;
	struct bs_diags d;
	struct bs_scenario *s;
	char all[8192];
};

static void load(struct res *r, const char *text)
{
	memset(r, 0, sizeof *r);
	bs_diags_init(&r->d);
	r->st =
	    bs_scenario_load_string(text, strlen(text), "t.yaml", &r->s, &r->d);
	size_t o = 0;
	for (size_t i = 0; i < r->d.count && o < sizeof r->all - 600; i++) {
		char buf[1024];
		int w =
		    snprintf(r->all + o, sizeof r->all - o, "\n  %s",
			     bs_diag_format(&r->d.items[i], buf, sizeof buf));
		if (w > 0)
			o += (size_t)w;
	}
}

static void done(struct res *r)
{
	bs_scenario_free(r->s);
	bs_diags_release(&r->d);
}

/* Exactly one error, at line:col, containing text. */
static void one_error(const char *yaml, int line, int col, const char *text)
{
	struct res r;
	load(&r, yaml);
	cr_assert_eq(r.st, BS_ERR_INPUT, "status %d:%s", r.st, r.all);
	cr_assert_eq(r.d.count, 1, "want 1 error:%s", r.all);
	const struct bs_diag *m = &r.d.items[0];
	cr_expect_str_eq(m->file, "t.yaml");
	cr_expect(m->line == line && m->col == col && strstr(m->msg, text),
		  "want %d:%d \"%s\"; got:%s", line, col, text, r.all);
	done(&r);
}

/* Lines 1-9: a scenario with one caster on side A (INDIV adds his keys
 * from line 10 on). */
#define HEAD                                                                   \
	"name: t\n"                                                            \
	"sides:\n"                                                             \
	"  - name: B\n"                                                        \
	"    edge: north\n"                                                    \
	"  - name: A\n"                                                        \
	"    edge: south\n"                                                    \
	"    individuals:\n"                                                   \
	"      - name: Mage\n"                                                 \
	"        position: [10, 10]\n"

static struct bs_scenario *builtin(void)
{
	struct bs_scenario *s = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin(NULL, &s, &d), BS_OK);
	bs_diags_release(&d);
	return s;
}

/* ---- the catalog ------------------------------------------------------ */

/* Every spell the lists of [14.5]-[14.9] name, with its PH list. */
static const struct {
	const char *name;
	enum bs_spell_class cls;
	enum bs_spell_category cat;
} named[] = {
    /* [14.5] */
    {"spiritual hammer", BS_SPCLASS_CLERIC, BS_SPCAT_ARTILLERY},
    {"sticks to snakes", BS_SPCLASS_CLERIC, BS_SPCAT_ARTILLERY},
    {"flame strike", BS_SPCLASS_CLERIC, BS_SPCAT_ARTILLERY},
    {"insect plague", BS_SPCLASS_CLERIC, BS_SPCAT_ARTILLERY},
    {"earthquake", BS_SPCLASS_CLERIC, BS_SPCAT_ARTILLERY},
    {"holy word", BS_SPCLASS_CLERIC, BS_SPCAT_ARTILLERY},
    {"shillelagh", BS_SPCLASS_DRUID, BS_SPCAT_ARTILLERY},
    {"fire trap", BS_SPCLASS_DRUID, BS_SPCAT_ARTILLERY},
    {"call lightning", BS_SPCLASS_DRUID, BS_SPCAT_ARTILLERY},
    {"pyrotechnics", BS_SPCLASS_DRUID, BS_SPCAT_ARTILLERY},
    {"fire seeds", BS_SPCLASS_DRUID, BS_SPCAT_ARTILLERY},
    {"fire storm", BS_SPCLASS_DRUID, BS_SPCAT_ARTILLERY},
    {"magic missile", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"shocking grasp", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"stinking cloud", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"fireball", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"flame arrow", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"lightning bolt", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"cloudkill", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"cone of cold", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"death spell", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"disintegrate", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"otiluke's freezing sphere", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"delayed blast fire ball", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"mordenkainen's sword", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"bigby's clenched fist", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"incendiary cloud", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"bigby's crushing hand", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"explosive cloud", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"meteor swarm", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"power word, blind", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"power word, kill", BS_SPCLASS_MAGIC_USER, BS_SPCAT_ARTILLERY},
    {"color spray", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_ARTILLERY},
    {"prismatic spray", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_ARTILLERY},
    /* [14.6] */
    {"snake charm", BS_SPCLASS_CLERIC, BS_SPCAT_CHARM_HOLD},
    {"entangle", BS_SPCLASS_DRUID, BS_SPCAT_CHARM_HOLD},
    {"charm person or mammal", BS_SPCLASS_DRUID, BS_SPCAT_CHARM_HOLD},
    {"hold animal", BS_SPCLASS_DRUID, BS_SPCAT_CHARM_HOLD},
    {"hold plant", BS_SPCLASS_DRUID, BS_SPCAT_CHARM_HOLD},
    {"confusion", BS_SPCLASS_DRUID, BS_SPCAT_CHARM_HOLD},
    {"charm person", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"friends", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"sleep", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"forget", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"ray of enfeeblement", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"hold person", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"suggestion", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"charm monster", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"fire charm", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"feeblemind", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"hold monster", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"geas", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"repulsion", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"charm plants", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"antipathy/sympathy", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"mass charm", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"maze", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"temporal stasis", BS_SPCLASS_MAGIC_USER, BS_SPCAT_CHARM_HOLD},
    {"hypnotism", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_CHARM_HOLD},
    {"blindness", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_CHARM_HOLD},
    {"deafness", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_CHARM_HOLD},
    {"hypnotic pattern", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_CHARM_HOLD},
    {"paralyzation", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_CHARM_HOLD},
    {"emotion", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_CHARM_HOLD},
    {"chaos", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_CHARM_HOLD},
    {"mass suggestion", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_CHARM_HOLD},
    /* [14.7] */
    {"bless", BS_SPCLASS_CLERIC, BS_SPCAT_BONUS_PENALTY},
    {"protection from evil", BS_SPCLASS_CLERIC, BS_SPCAT_BONUS_PENALTY},
    {"resist cold", BS_SPCLASS_CLERIC, BS_SPCAT_BONUS_PENALTY},
    {"sanctuary", BS_SPCLASS_CLERIC, BS_SPCAT_BONUS_PENALTY},
    {"chant", BS_SPCLASS_CLERIC, BS_SPCAT_BONUS_PENALTY},
    {"resist fire", BS_SPCLASS_CLERIC, BS_SPCAT_BONUS_PENALTY},
    {"prayer", BS_SPCLASS_CLERIC, BS_SPCAT_BONUS_PENALTY},
    {"survival", BS_SPCLASS_CLERIC, BS_SPCAT_BONUS_PENALTY},
    {"protection from evil 10' radius", BS_SPCLASS_CLERIC,
     BS_SPCAT_BONUS_PENALTY},
    {"protection from lightning", BS_SPCLASS_DRUID, BS_SPCAT_BONUS_PENALTY},
    {"protection from fire", BS_SPCLASS_DRUID, BS_SPCAT_BONUS_PENALTY},
    {"anti-animal shell", BS_SPCLASS_DRUID, BS_SPCAT_BONUS_PENALTY},
    {"protection from normal missiles", BS_SPCLASS_MAGIC_USER,
     BS_SPCAT_BONUS_PENALTY},
    {"haste", BS_SPCLASS_MAGIC_USER, BS_SPCAT_BONUS_PENALTY},
    {"slow", BS_SPCLASS_MAGIC_USER, BS_SPCAT_BONUS_PENALTY},
    {"fumble", BS_SPCLASS_MAGIC_USER, BS_SPCAT_BONUS_PENALTY},
    {"dispel exhaustion", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_BONUS_PENALTY},
    /* [14.8] */
    {"invisibility to animals", BS_SPCLASS_DRUID, BS_SPCAT_INVISIBILITY},
    {"invisibility", BS_SPCLASS_MAGIC_USER, BS_SPCAT_INVISIBILITY},
    {"invisibility 10' radius", BS_SPCLASS_MAGIC_USER, BS_SPCAT_INVISIBILITY},
    {"mass invisibility", BS_SPCLASS_MAGIC_USER, BS_SPCAT_INVISIBILITY},
    {"improved invisibility", BS_SPCLASS_ILLUSIONIST, BS_SPCAT_INVISIBILITY},
    /* [14.9] */
    {"fear", BS_SPCLASS_MAGIC_USER, BS_SPCAT_AWE_FEAR},
    {"cause fear", BS_SPCLASS_CLERIC, BS_SPCAT_AWE_FEAR},
    {"scare", BS_SPCLASS_MAGIC_USER, BS_SPCAT_AWE_FEAR},
};

Test(spells, s14_5_to_s14_9_every_named_spell_is_in_the_catalog)
{
	struct bs_scenario *s = builtin();
	for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
		const struct bs_spell *sp =
		    bs_scenario_spell(s, named[i].name, (int)named[i].cls);
		cr_assert_not_null(sp, "%s (%s) missing", named[i].name,
				   bs_spell_class_name[named[i].cls]);
		cr_expect_eq(sp->category, named[i].cat, "%s: category",
			     named[i].name);
		cr_expect_eq(sp->kind, BS_MAGIC_SPELL);
		/* a PH spell has its level; a D&D one may not */
		if (!sp->dnd)
			cr_expect(sp->known & BS_SPK_LEVEL, "%s: level",
				  named[i].name);
	}
	/* names are case-insensitive, as the other catalogs */
	cr_expect_not_null(bs_scenario_spell(s, "FireBall", -1));
	/* the same name on two lists: protection from evil */
	cr_expect_eq(bs_scenario_spell_lists(s, "protection from evil", NULL),
		     2);
	bs_scenario_free(s);
}

Test(spells, s14_2_fireball_figures_from_the_ph)
{
	struct bs_scenario *s = builtin();
	const struct bs_spell *fb =
	    bs_scenario_spell(s, "fireball", BS_SPCLASS_MAGIC_USER);
	cr_assert_not_null(fb);
	cr_expect_eq(fb->level, 3);
	/* [14.2] range 10" + 1"/level (tenths of an inch): 15" at the 5th */
	cr_expect_eq(fb->range_kind, BS_RANGE_DISTANCE);
	cr_expect_eq(bs_level_qty_at(&fb->range, 5), 150);
	cr_expect_eq(fb->cast, 3);
	cr_expect_eq(fb->cast_unit, BS_TIME_SEGMENT);
	cr_expect_eq(fb->dur_kind, BS_DUR_INSTANT);
	cr_expect_eq(fb->area, BS_AREA_CIRCLE);
	cr_expect_eq(bs_level_qty_at(&fb->area_a, 5), 20); /* 2" radius */
	cr_expect_eq(fb->area_diameter, 0);
	cr_expect_eq(fb->save_vs, BS_SAVE_SP);
	cr_expect_eq(fb->save_effect, BS_SAVEFX_HALF);
	/* [14.5 A] 1d6 per level */
	cr_expect_eq(fb->damage.each.count, 1);
	cr_expect_eq(fb->damage.each.sides, 6);
	cr_expect_eq(bs_level_qty_at(&fb->damage.n, 9), 9);
	cr_expect(bs_spell_pass_through(fb)); /* [14.5] */
	/* the ice storm of the [14.5 A] example: 3d10, a 4" diameter */
	const struct bs_spell *is = bs_scenario_spell(s, "ice storm", -1);
	cr_assert_not_null(is);
	cr_expect_eq(is->damage.fixed.count, 3);
	cr_expect_eq(is->damage.fixed.sides, 10);
	cr_expect(is->area_diameter);
	cr_expect_eq(bs_level_qty_at(&is->area_a, 7), 40);
	/* magic missile: one more missile every 2 levels above the 1st */
	const struct bs_spell *mm = bs_scenario_spell(s, "magic missile", -1);
	cr_assert_not_null(mm);
	cr_expect_eq(bs_level_qty_at(&mm->damage.n, 1), 1);
	cr_expect_eq(bs_level_qty_at(&mm->damage.n, 2), 1);
	cr_expect_eq(bs_level_qty_at(&mm->damage.n, 3), 2);
	cr_expect_eq(bs_level_qty_at(&mm->damage.n, 9), 5);
	/* power word, kill: 1/4" a level */
	const struct bs_spell *pw =
	    bs_scenario_spell(s, "power word, kill", -1);
	cr_assert_not_null(pw);
	cr_expect_eq(bs_level_qty_at(&pw->range, 18), 45);
	/* [14.7], [14.8], [14.9] may not be used as pass-through [14.0] */
	cr_expect_not(bs_spell_pass_through(bs_scenario_spell(s, "haste", -1)));
	cr_expect(bs_spell_pass_through(bs_scenario_spell(s, "sleep", -1)));
	bs_scenario_free(s);
}

Test(spells, s13_7_items_and_breath_weapons_reuse_the_record)
{
	struct bs_scenario *s = builtin();
	const struct bs_spell *w =
	    bs_scenario_spell(s, "wand of fire balls", -1);
	cr_assert_not_null(w);
	cr_expect_eq(w->kind, BS_MAGIC_WAND);
	cr_assert_not_null(w->as);
	cr_expect_str_eq(w->as->name, "fireball");
	cr_expect_eq(w->item_level, 6);
	/* [14.5 A] "A Wand of Fire Balls does 6d6": d6 x its level */
	cr_expect_eq(bs_level_qty_at(&w->damage.n, w->item_level), 6);
	cr_expect_eq(w->save_vs, BS_SAVE_RSW);
	cr_expect_eq(w->area, BS_AREA_CIRCLE);
	const struct bs_spell *b =
	    bs_scenario_spell(s, "red dragon breath", -1);
	cr_assert_not_null(b);
	cr_expect_eq(b->kind, BS_MAGIC_BREATH);
	cr_expect(b->damage.hp);
	cr_expect_eq(b->area, BS_AREA_CONE);
	cr_expect_eq(bs_level_qty_at(&b->area_a, 1), 90);
	cr_expect_eq(bs_level_qty_at(&b->area_b, 1), 30);
	cr_expect_eq(b->save_vs, BS_SAVE_BW);
	cr_expect_eq(b->per_day, 3);
	/* a breath is not a spell of a list */
	cr_expect_null(bs_scenario_spell(s, "red dragon breath", 2));
	bs_scenario_free(s);
}

/* ---- a scenario's spells, with located errors ------------------------- */

#define CAT "name: t\ncatalog:\n  spells:\n"
#define SIDES                                                                  \
	"sides:\n  - name: B\n    edge: north\n  - name: A\n    edge: south\n"

Test(spells, scenario_adds_and_replaces_records)
{
	struct res r;
	load(&r, CAT "    - name: fireball\n"
		     "      class: magic-user\n"
		     "      level: 3\n"
		     "      category: artillery\n"
		     "      range: 12\n"
		     "      damage: d6/level max 10\n"
		     "    - name: dragon bolt\n"
		     "      kind: breath\n"
		     "      category: artillery\n"
		     "      area: {shape: line, length: 6, width: 0.5}\n"
		     "      damage: hp\n"
		     "    - name: rod of frost\n"
		     "      kind: rod\n"
		     "      as: cone of cold\n"
		     "      item_level: 12\n"
		     "      charges: 20\n"
		     "  creatures:\n"
		     "    - {name: wyrm, hd: \"9\", ac: 2, mv: 9, size: L, "
		     "breath: dragon bolt}\n"
		     "sides:\n  - name: B\n    edge: north\n"
		     "  - name: A\n    edge: south\n");
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	const struct bs_spell *fb = bs_scenario_spell(r.s, "fireball", -1);
	cr_assert_not_null(fb);
	cr_expect_eq(fb->builtin, 0); /* the scenario's wins */
	cr_expect_eq(bs_level_qty_at(&fb->range, 9), 120);
	cr_expect_eq(bs_level_qty_at(&fb->damage.n, 15), 10);
	const struct bs_creature *c = bs_scenario_creature(r.s, "wyrm");
	cr_assert_not_null(c);
	cr_assert_not_null(c->breath);
	cr_expect_str_eq(c->breath->name, "dragon bolt");
	const struct bs_spell *rod = bs_scenario_spell(r.s, "rod of frost", -1);
	cr_assert_not_null(rod);
	cr_expect_eq(rod->kind, BS_MAGIC_ROD);
	cr_expect_eq(rod->charges, 20);
	cr_expect_eq(rod->area, BS_AREA_CONE);
	done(&r);
}

Test(spells, scenario_spell_errors_are_located)
{
	one_error(CAT "    - name: zap\n"
		      "      class: magic-user\n"
		      "      level: 2\n"
		      "      category: artillery\n"
		      "      range: far\n"
		      "      damage: 2d6\n" SIDES,
		  8, 14,
		  "range: expected touch, self (or 0), special or inches");
	one_error(CAT "    - name: zap\n"
		      "      class: magic-user\n"
		      "      level: 10\n"
		      "      category: artillery\n"
		      "      damage: 2d6\n" SIDES,
		  6, 14, "level");
	one_error(CAT "    - name: zap\n"
		      "      class: magic-user\n"
		      "      level: 2\n"
		      "      category: artilery\n"
		      "      damage: 2d6\n" SIDES,
		  7, 17, "did you mean 'artillery'");
	one_error(CAT "    - name: zap\n"
		      "      class: magic-user\n"
		      "      level: 2\n"
		      "      category: artillery\n"
		      "      area: {shape: circle, radius: 2, length: 3}\n"
		      "      damage: 2d6\n" SIDES,
		  8, 48, "area: a circle has radius (or diameter), not length");
	one_error(CAT "    - name: wand of zaps\n"
		      "      kind: wand\n"
		      "      as: firebal\n"
		      "      item_level: 6\n" SIDES,
		  6, 11,
		  "as: unknown spell 'firebal' (did you mean 'fireball'");
	one_error(CAT "    - name: zap\n"
		      "      class: magic-user\n"
		      "      level: 2\n"
		      "      category: artillery\n"
		      "      damage: 2d6\n"
		      "    - name: zap\n"
		      "      class: magic-user\n"
		      "      level: 2\n"
		      "      category: artillery\n"
		      "      damage: 2d6\n" SIDES,
		  9, 7, "duplicate magic-user spell 'zap' (first at t.yaml:4)");
	one_error(CAT "    - name: zap\n"
		      "      class: magic-user\n"
		      "      level: 2\n"
		      "      category: charm-hold\n"
		      "      effect: hold\n"
		      "      damage: 2d6\n" SIDES,
		  9, 15, "damage: 'zap' has effect hold");
	one_error("name: t\ncatalog:\n  creatures:\n"
		  "    - {name: wyrm, hd: \"9\", ac: 2, mv: 9, size: L, "
		  "breath: red dragon braeth}\n" SIDES,
		  4, 60,
		  "breath: unknown breath weapon 'red dragon braeth' (did you "
		  "mean 'red dragon breath'");
}

/* ---- [14.1] spells per day (PH class tables, RULING R-560) ----------- */

static void row(const char *cls, int level, enum bs1e_spell_list list,
		int expect_r, const int want[9])
{
	int out[BS1E_SPELL_LEVELS];
	int r = bs1e_spells_per_day(cls, level, list, out);
	cr_expect_eq(r, expect_r, "%s %d list %d", cls, level, (int)list);
	for (int k = 0; k < BS1E_SPELL_LEVELS; k++)
		cr_expect_eq(out[k], want[k], "%s %d: level %d", cls, level,
			     k + 1);
}

Test(spells, s14_1_spells_per_day_ph_tables_r560)
{
	row("magic-user", 5, BS1E_LIST_MAGIC_USER, BS1E_SPD_OK,
	    (int[9]){4, 2, 1});
	row("magic-user", 18, BS1E_LIST_MAGIC_USER, BS1E_SPD_OK,
	    (int[9]){5, 5, 5, 5, 5, 3, 3, 2, 1});
	row("magic-user", 21, BS1E_LIST_MAGIC_USER, BS1E_SPD_UNKNOWN,
	    (int[9]){0});
	row("magic-user", 5, BS1E_LIST_CLERIC, BS1E_SPD_NOT_A_LIST,
	    (int[9]){0});
	row("cleric", 9, BS1E_LIST_CLERIC, BS1E_SPD_OK,
	    (int[9]){4, 4, 3, 2, 1});
	row("druid", 1, BS1E_LIST_DRUID, BS1E_SPD_OK, (int[9]){2});
	row("illusionist", 10, BS1E_LIST_ILLUSIONIST, BS1E_SPD_OK,
	    (int[9]){5, 4, 3, 2, 1});
	row("paladin", 8, BS1E_LIST_CLERIC, BS1E_SPD_OK, (int[9]){0});
	row("paladin", 9, BS1E_LIST_CLERIC, BS1E_SPD_OK, (int[9]){1});
	row("ranger", 9, BS1E_LIST_DRUID, BS1E_SPD_OK, (int[9]){1});
	row("ranger", 9, BS1E_LIST_MAGIC_USER, BS1E_SPD_OK, (int[9]){1});
	row("fighter", 9, BS1E_LIST_MAGIC_USER, BS1E_SPD_NOT_A_LIST,
	    (int[9]){0});
	row("bard", 9, BS1E_LIST_DRUID, BS1E_SPD_UNKNOWN, (int[9]){0});
	/* [16.3] example: the 18th-level magic-user's 139 spell levels */
	cr_expect_eq(bs1e_spell_levels_for("magic-user", 18), 139);
}

Test(spells, s14_1_wisdom_table_r560)
{
	int out[BS1E_SPELL_LEVELS] = {3, 3, 1}; /* a 5th-level cleric */
	/* 13 one 1st, 14 one more 1st, 15 one 2nd, 16 one more 2nd, 17
	 * one 3rd, 18 one 4th (none: no 4th-level spells yet) */
	cr_expect_eq(bs1e_wisdom_bonus_spells(18, out), 5);
	cr_expect_eq(out[0], 5);
	cr_expect_eq(out[1], 5);
	cr_expect_eq(out[2], 2);
	cr_expect_eq(out[3], 0);
	cr_expect_eq(bs1e_wisdom_max_spell_level(16), 5);
	cr_expect_eq(bs1e_wisdom_max_spell_level(17), 6);
	cr_expect_eq(bs1e_wisdom_max_spell_level(18), 9);
	cr_expect_eq(bs1e_wisdom_max_spell_level(0), 9);
	cr_expect_eq(bs1e_wisdom_spell_failure(9), 20);
	cr_expect_eq(bs1e_wisdom_spell_failure(12), 5);
	cr_expect_eq(bs1e_wisdom_spell_failure(13), 0);
	cr_expect_eq(bs1e_wisdom_magic_attack(3), -3);
	cr_expect_eq(bs1e_wisdom_magic_attack(10), 0);
	cr_expect_eq(bs1e_wisdom_magic_attack(17), 3);
	cr_expect_eq(bs1e_wisdom_magic_attack(18), 4);
	cr_expect_eq(bs1e_con_save_bonus(18), 5);
	cr_expect_eq(bs1e_con_save_bonus(7), 2);
	cr_expect_eq(bs1e_con_save_bonus(6), 1);
	/* MM magic resistance: stated against an 11th-level caster */
	cr_expect_eq(bs1e_mr_at_level(50, 11), 50);
	cr_expect_eq(bs1e_mr_at_level(50, 9), 60);
	cr_expect_eq(bs1e_mr_at_level(50, 15), 30);
	cr_expect_eq(bs1e_mr_at_level(95, 1), 100);
}

/* ---- an individual's memorized spells -------------------------------- */

static const struct bs_individual *mage(struct res *r)
{
	cr_assert_eq(r->st, BS_OK, "%s", r->all);
	return &r->s->sides[1].individuals[0];
}

static int count_of(const struct bs_individual *ind, const char *name)
{
	for (int i = 0; i < ind->nspells; i++)
		if (strcmp(ind->spells[i].spell->name, name) == 0)
			return ind->spells[i].count;
	return 0;
}

Test(spells, s14_1_memorized_spells_given_and_checked)
{
	struct res r;
	load(&r,
	     HEAD "        class: magic-user\n"
		  "        level: 5\n"
		  "        spells: [fireball, magic missile, magic missile,\n"
		  "                 {name: sleep, count: 2}]\n");
	const struct bs_individual *m = mage(&r);
	cr_expect_eq(m->spells_default, 0);
	cr_expect_eq(count_of(m, "fireball"), 1);
	cr_expect_eq(count_of(m, "magic missile"), 2);
	cr_expect_eq(count_of(m, "sleep"), 2);
	cr_expect_eq(m->spells[0].line, 12);
	done(&r);
	/* [14.1] the PH row of a 5th-level magic-user: 4 / 2 / 1 */
	one_error(HEAD "        class: magic-user\n"
		       "        level: 5\n"
		       "        spells: [fireball, lightning bolt]\n",
		  12, 17,
		  "spells: 2 3rd-level magic-user spells memorized, but 'Mage' "
		  "(magic-user 5) has 1 a day (PH)");
	one_error(HEAD "        class: magic-user\n"
		       "        level: 5\n"
		       "        spells: [firebal]\n",
		  12, 18,
		  "spells: unknown spell 'firebal' (did you mean "
		  "'fireball'");
	one_error(HEAD "        class: magic-user\n"
		       "        level: 5\n"
		       "        spells: [bless]\n",
		  12, 18,
		  "spells: 'bless' is a cleric spell; 'Mage' (magic-user 5) "
		  "casts magic-user spells");
	one_error(HEAD "        class: fighter\n"
		       "        level: 5\n"
		       "        spells: [bless]\n",
		  12, 17, "spells: 'Mage' (fighter 5) casts no spells");
}

Test(spells, s14_1_cleric_wisdom_bonus_spells_r560)
{
	/* a 3rd-level cleric: 2 / 1; Wisdom 15: one more 1st and one 2nd */
	struct res r;
	load(&r,
	     HEAD "        class: cleric\n"
		  "        level: 3\n"
		  "        abilities: {wis: 15}\n"
		  "        spells: [{name: bless, count: 4}, chant, chant]\n");
	mage(&r);
	done(&r);
	one_error(HEAD "        class: cleric\n"
		       "        level: 3\n"
		       "        abilities: {wis: 12}\n"
		       "        spells: [{name: bless, count: 3}]\n",
		  13, 17,
		  "spells: 3 1st-level cleric spells memorized, but 'Mage' "
		  "(cleric 3) has 2 a day (PH, with the Wisdom bonus)");
}

Test(spells, s14_1_default_choice_r562)
{
	/* no spells: every slot filled in the catalog's order */
	struct res r;
	load(&r, HEAD "        class: magic-user\n"
		      "        level: 5\n");
	const struct bs_individual *m = mage(&r);
	cr_expect_eq(m->spells_default, 1);
	int per[BS1E_SPELL_LEVELS] = {0};
	for (int i = 0; i < m->nspells; i++) {
		cr_expect_eq(m->spells[i].spell->cls, BS_SPCLASS_MAGIC_USER);
		cr_expect_eq(m->spells[i].spell->dnd, 0);
		per[m->spells[i].spell->level - 1] += m->spells[i].count;
	}
	cr_expect_eq(per[0], 4);
	cr_expect_eq(per[1], 2);
	cr_expect_eq(per[2], 1);
	cr_expect_eq(count_of(m, "magic missile"), 1);
	done(&r);
	/* RULING R-561: a row not in the tables: nothing by default, a
	 * list given is checked against the catalog only */
	load(&r, HEAD "        class: cleric\n"
		      "        level: 16\n");
	cr_expect_eq(mage(&r)->nspells, 0);
	done(&r);
	load(&r, HEAD "        class: cleric\n"
		      "        level: 16\n"
		      "        spells: [{name: flame strike, count: 9}]\n");
	cr_expect_eq(count_of(mage(&r), "flame strike"), 9);
	done(&r);
}

Test(spells, s14_1_each_cast_spends_one)
{
	struct res r;
	load(&r, HEAD "        class: magic-user\n"
		      "        level: 5\n"
		      "        spells: [fireball, {name: magic missile, count: "
		      "3}, sleep]\n");
	const struct bs_individual *m = mage(&r);
	int left[8];
	cr_assert_leq(m->nspells, 8);
	struct bs_spell_memory mem;
	bs_spell_memory_init(&mem, m, left);
	const struct bs_spell *fb = bs_scenario_spell(r.s, "fireball", -1);
	const struct bs_spell *mm = bs_scenario_spell(r.s, "magic missile", -1);
	const struct bs_spell *cc = bs_scenario_spell(r.s, "cone of cold", -1);
	cr_expect_eq(bs_spell_memory_left(&mem, fb), 1);
	cr_expect_eq(bs_spell_memory_left_at(&mem, BS_SPCLASS_MAGIC_USER, 1),
		     4);
	cr_expect_eq(bs_spell_memory_spend(&mem, fb), 0);
	cr_expect_eq(bs_spell_memory_left(&mem, fb), 0);
	cr_expect_eq(bs_spell_memory_spend(&mem, fb), -1); /* spent */
	cr_expect_eq(bs_spell_memory_spend(&mem, mm), 0);
	cr_expect_eq(bs_spell_memory_left(&mem, mm), 2);
	cr_expect_eq(bs_spell_memory_left_at(&mem, BS_SPCLASS_MAGIC_USER, 1),
		     3);
	cr_expect_eq(bs_spell_memory_spend(&mem, cc), -1); /* not memorized */
	cr_expect_eq(bs_spell_memory_left(&mem, cc), 0);
	/* the scenario's list is untouched */
	cr_expect_eq(m->spells[0].count, 1);
	done(&r);
}

/* ---- [14.5 A] and [14.5 B] from the catalog's records ------------------ */

static int record_hd(const struct bs_scenario *s, const char *name, int level,
		     int hp, const int *script, size_t n)
{
	const struct bs_spell *sp = bs_scenario_spell(s, name, -1);
	cr_assert_not_null(sp, "%s", name);
	struct bs_dice d;
	if (bs1e_spell_damage_dice(sp, level, hp, &d) != 0)
		return -1;
	struct bs_dice_source src;
	bs_dice_source_script(&src, script, n);
	struct bs1e_magic_hd m;
	cr_assert_eq(bs1e_magic_hd(&d, &src, &m), 0, "%s", name);
	return m.hd_tenths;
}

Test(spells, s14_5_a_catalog_damage_in_hd)
{
	struct bs_scenario *s = builtin();
	/* [14.5 A] "A Wand of Fire Balls does 6d6 damage ... and so does 6
	 * hit dice": the wand at its own level (0) */
	cr_expect_eq(record_hd(s, "wand of fire balls", 0, 0, NULL, 0), 60);
	/* a fireball of a 9th-level magic-user: 9d6, 9 HD */
	cr_expect_eq(record_hd(s, "fireball", 9, 0, NULL, 0), 90);
	/* "a magic missile does D4 +1 damage, and so does 1 HD": three
	 * missiles at the 5th level, 3 HD (RULING R-061) */
	cr_expect_eq(record_hd(s, "magic missile", 1, 0, NULL, 0), 10);
	cr_expect_eq(record_hd(s, "magic missile", 5, 0, NULL, 0), 30);
	/* "An ice storm does 3d10 ... 6, 5, and 3 for a total of 14 ... 3
	 * 1/2, rounded to 4 HD" */
	static const int ice[] = {6, 5, 3};
	cr_expect_eq(record_hd(s, "ice storm", 7, 0, ice, 3), 40);
	/* call lightning: 2d8 + 1d8 per level, all D8 dice: 2 + 8 HD */
	cr_expect_eq(record_hd(s, "call lightning", 8, 0, NULL, 0), 100);
	/* [13.7] a breath weapon does the breather's hit points: 42 / 4 =
	 * 10 1/2, rounded up to 11 HD */
	cr_expect_eq(record_hd(s, "red dragon breath", 0, 42, NULL, 0), 110);
	cr_expect_eq(record_hd(s, "red dragon breath", 0, 0, NULL, 0), -1);
	/* a spell that does no hit point damage */
	cr_expect_eq(record_hd(s, "haste", 9, 0, NULL, 0), -1);
	bs_scenario_free(s);
}

Test(spells, s14_5_b_linear_and_cone_effects_by_side_struck)
{
	/* "A linear effect can do no more than wound a figure if fired from
	 * in front of or directly behind the figure." */
	cr_expect(bs1e_spell_wound_only(BS_AREA_LINE, BS1E_STRIKE_FRONT,
					BS_FORM_CLOSED, 0));
	cr_expect(bs1e_spell_wound_only(BS_AREA_LINE, BS1E_STRIKE_REAR,
					BS_FORM_OPEN, 0));
	/* "fired from the side against a figure in closed or open
	 * formation, it can cause a figure to be removed" */
	cr_expect_not(bs1e_spell_wound_only(BS_AREA_LINE, BS1E_STRIKE_SIDE,
					    BS_FORM_CLOSED, 0));
	cr_expect_not(bs1e_spell_wound_only(BS_AREA_LINE, BS1E_STRIKE_SIDE,
					    BS_FORM_OPEN, 0));
	/* RULING R-566: skirmish and mob figures from the side: a wound */
	cr_expect(bs1e_spell_wound_only(BS_AREA_LINE, BS1E_STRIKE_SIDE,
					BS_FORM_SKIRMISH, 0));
	cr_expect(bs1e_spell_wound_only(BS_AREA_LINE, BS1E_STRIKE_SIDE,
					BS_FORM_MOB, 0));
	/* "This restriction applies to the first 1/2 of the range of a
	 * cone-shaped spell effect also." */
	cr_expect(bs1e_spell_wound_only(BS_AREA_CONE, BS1E_STRIKE_FRONT,
					BS_FORM_CLOSED, 1));
	cr_expect_not(bs1e_spell_wound_only(BS_AREA_CONE, BS1E_STRIKE_FRONT,
					    BS_FORM_CLOSED, 0));
	cr_expect_not(bs1e_spell_wound_only(BS_AREA_CONE, BS1E_STRIKE_SIDE,
					    BS_FORM_CLOSED, 1));
	/* an area that is not linear: no restriction */
	cr_expect_not(bs1e_spell_wound_only(BS_AREA_CIRCLE, BS1E_STRIKE_FRONT,
					    BS_FORM_CLOSED, 1));
	/* a 6d6 lightning bolt down the front of ten 4 HD ogres: the save
	 * would decide between wounded and removed, but from the front at
	 * most a wound [14.5 B]; from the side the save decides */
	struct bs1e_spell_effect e;
	bs1e_spell_effect(60, 40, BS1E_SAVE_HALF,
			  bs1e_spell_wound_only(BS_AREA_LINE, BS1E_STRIKE_FRONT,
						BS_FORM_CLOSED, 0),
			  &e);
	cr_expect_eq(e.fate, BS1E_SPELL_WOUNDED);
	bs1e_spell_effect(60, 40, BS1E_SAVE_HALF,
			  bs1e_spell_wound_only(BS_AREA_LINE, BS1E_STRIKE_SIDE,
						BS_FORM_CLOSED, 0),
			  &e);
	cr_expect_eq(e.fate, BS1E_SPELL_SAVE_DECIDES);
	cr_expect_eq(e.if_failed, BS1E_SPELL_REMOVED);
	cr_expect_eq(e.if_saved, BS1E_SPELL_WOUNDED);
}
