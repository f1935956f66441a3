/* Tests of the scenario loader (src/scenario): a good scenario loads with
 * the right values; each kind of error gives its message at the right
 * LINE:COL; every error of a file is reported; garbage gives errors, not
 * crashes. Rule checks: [2.8]-[2.11], [3.1], [4.10], [7.1], [9.1]-[9.3],
 * [14.20]. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/terrain.h"
#include "battlesim/scenario.h"
#include "battlesim/spell.h"
#include "battlesim/warn.h"

struct res {
	enum bs_status st;
	struct bs_diags d;
	struct bs_scenario *s;
	char all[8192]; /* every diagnostic, for failure messages */
};

static void collect(struct res *r)
{
	size_t o = 0;
	r->all[0] = '\0';
	for (size_t i = 0; i < r->d.count && o < sizeof r->all - 600; i++) {
		char buf[1024];
		int w =
		    snprintf(r->all + o, sizeof r->all - o, "\n  %s",
			     bs_diag_format(&r->d.items[i], buf, sizeof buf));
		if (w > 0)
			o += (size_t)w;
	}
}

static void load_n(struct res *r, const char *text, size_t len)
{
	memset(r, 0, sizeof *r);
	bs_diags_init(&r->d);
	r->st = bs_scenario_load_string(text, len, "t.yaml", &r->s, &r->d);
	collect(r);
	if (r->st == BS_OK)
		cr_assert_not_null(r->s);
	else
		cr_assert_null(r->s);
}

static void load(struct res *r, const char *text)
{
	load_n(r, text, strlen(text));
}

static void load_path(struct res *r, const char *path)
{
	memset(r, 0, sizeof *r);
	bs_diags_init(&r->d);
	r->st = bs_scenario_load_file(path, &r->s, &r->d);
	collect(r);
}

static void done(struct res *r)
{
	bs_scenario_free(r->s);
	bs_diags_release(&r->d);
}

/* Some diagnostic is at line:col and contains text. */
static void has(const struct res *r, int line, int col, const char *text)
{
	for (size_t i = 0; i < r->d.count; i++) {
		const struct bs_diag *m = &r->d.items[i];
		if (m->line == line && m->col == col && strstr(m->msg, text))
			return;
	}
	cr_assert_fail("no error at %d:%d containing \"%s\"; got:%s", line, col,
		       text, r->all);
}

/* Exactly one diagnostic, at line:col, containing text; BS_ERR_INPUT. */
static void only(const char *yaml, int line, int col, const char *text)
{
	struct res r;
	load(&r, yaml);
	cr_assert_eq(r.st, BS_ERR_INPUT, "status %d; errors:%s", r.st, r.all);
	cr_assert_eq(r.d.count, 1, "want 1 error, got %zu:%s", r.d.count,
		     r.all);
	has(&r, line, col, text);
	cr_expect_str_eq(r.d.items[0].file, "t.yaml");
	done(&r);
}

/* Loads without error. */
static void ok(const char *yaml)
{
	struct res r;
	load(&r, yaml);
	cr_assert_eq(r.st, BS_OK, "status %d; errors:%s", r.st, r.all);
	done(&r);
}

/* Lines 1-15 of most test scenarios: a small catalog and two sides
 * (BODY is lines 2-15). */
#define HEAD "name: t\n" BODY
#define BODY                                                                   \
	"catalog:\n"                                                           \
	"  creatures:\n"                                                       \
	"    - {name: tman, hd: \"1\", ac: 10, mv: 12, size: M}\n"             \
	"  weapons:\n"                                                         \
	"    - {name: tsword, damage: d8}\n"                                   \
	"    - {name: tbow, kind: missile, damage: d6, range: [5, 10, 21], "   \
	"class: archer}\n"                                                     \
	"  armor:\n"                                                           \
	"    - {name: tmail, ac: 5}\n"                                         \
	"    - {name: tshield, shield: true}\n"                                \
	"sides:\n"                                                             \
	"  - name: B\n"                                                        \
	"    edge: north\n"                                                    \
	"  - name: A\n"                                                        \
	"    edge: south\n"

/* Lines 16-20: side A's units: begins with one good unit u1. */
#define UNITS                                                                  \
	"    units:\n"                                                         \
	"      - name: u1\n"                                                   \
	"        figures: 10\n"                                                \
	"        creature: tman\n"                                             \
	"        position: [10, 10]\n"

/* ---- the good scenario -----------------------------------------------------
 */

static int indiv(const struct bs_side *side, const char *name)
{
	for (int i = 0; i < side->nindividuals; i++)
		if (strcmp(side->individuals[i].name, name) == 0)
			return i;
	return -99;
}

static int in_array(const struct bs_scenario *s, const struct bs_creature *c)
{
	return c >= s->creatures && c < s->creatures + s->ncreatures;
}

Test(loader, good_scenario_header_and_catalog)
{
	struct res r;
	load_path(&r, "tests/data/good.yaml");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_scenario *s = r.s;
	cr_expect_str_eq(s->name, "Loader test field");
	cr_expect_str_eq(s->file, "tests/data/good.yaml");
	cr_expect_eq(s->rules, BS_RULES_BS1E);
	cr_expect_eq(s->level, BS_LEVEL_ADVANCED);
	cr_expect_eq(s->game, BS_GAME_ADND);
	cr_expect_eq(s->options,
		     (1u << BS_OPT_D20_INITIATIVE) | (1u << BS_OPT_CAPTURE));
	cr_expect_eq(s->special_types,
		     (1u << BS_UNIT_ELITE) | (1u << BS_UNIT_BERSERKER));
	cr_expect_eq(s->width, 96);
	cr_expect_eq(s->depth, 60);
	cr_assert_eq(s->nterrain, 2);
	cr_expect_str_eq(s->terrain[0].name, "Oak wood");
	cr_expect_eq(s->terrain[0].type, BS_TERRAIN_WOODS);
	cr_expect_eq(s->terrain[0].npts, 4);
	cr_expect_eq(s->terrain[0].pts[2][0], 20);
	cr_expect_eq(s->terrain[0].pts[2][1], 30);
	cr_expect_eq(s->terrain[1].type, BS_TERRAIN_ELEVATION);
	cr_expect_eq(s->terrain[1].elevation, 3);

	/* the scenario's orc replaced the built-in one, in place */
	const struct bs_creature *orc = bs_scenario_creature(s, "ORC");
	cr_assert_not_null(orc);
	cr_expect_eq(orc->ac, 7);
	cr_expect_eq(orc->mv, 9);
	cr_expect_eq(orc->law, BS_LAW_LAWFUL);
	cr_expect_eq(orc->moral, BS_MORAL_EVIL);
	cr_expect_eq(orc->intelligence, BS_INT_LOW);
	cr_expect_eq(orc->flags, BS_CF_DAYLIGHT_PENALTY);
	cr_expect_eq(orc->nhates, 2);
	cr_expect_str_eq(orc->hates[1], "elf");
	cr_expect_str_eq(orc->file, "tests/data/good.yaml");
	int norc = 0;
	for (int i = 0; i < s->ncreatures; i++)
		norc += strcmp(s->creatures[i].name, "orc") == 0;
	cr_expect_eq(norc, 1);
	const struct bs_creature *man = bs_scenario_creature(s, "test man");
	cr_assert_not_null(man);
	cr_expect_eq(man->hd.tenths, 10);
	cr_expect_eq(man->intelligence, BS_INT_AVERAGE); /* score 10 */
	cr_expect_eq(man->law, BS_LAW_LAWFUL);
	cr_expect_eq(man->moral, BS_MORAL_GOOD);
	const struct bs_creature *horse = bs_scenario_creature(s, "test horse");
	cr_assert_not_null(horse);
	cr_expect_eq(horse->attacks.nparts, 2);
	cr_expect_eq(horse->size, BS_SIZE_L);

	const struct bs_weapon *bow = bs_scenario_weapon(s, "test bow");
	cr_assert_not_null(bow);
	cr_expect_eq(bow->kind, BS_WEAPON_MISSILE);
	cr_expect_eq(bow->range_s, 5);
	cr_expect_eq(bow->range_m, 10);
	cr_expect_eq(bow->range_l, 21);
	cr_expect_eq(bow->rate_num, 2);
	cr_expect_eq(bow->rate_den, 1);
	cr_expect_eq(bow->missile_class, BS1E_MISSILE_ARCHER);
	cr_expect_eq(bow->unlimited_ammo, 1); /* [10.3] arrows */
	const struct bs_weapon *blade = bs_scenario_weapon(s, "test blade");
	cr_assert_not_null(blade);
	cr_expect_eq(blade->damage_sm.part[0].sides, 8);
	cr_expect_eq(blade->damage_l.part[0].sides, 12);
	cr_expect_eq(blade->missile_class, -1);
	const struct bs_weapon *pike = bs_scenario_weapon(s, "test pike");
	cr_assert_not_null(pike);
	cr_expect_eq(pike->is_pike, 1);
	cr_expect_eq(pike->set_vs_charge, 1);
	const struct bs_armor *sh = bs_scenario_armor(s, "test shield");
	cr_assert_not_null(sh);
	cr_expect_eq(sh->is_shield, 1);
	done(&r);
}

Test(loader, good_scenario_units)
{
	struct res r;
	load_path(&r, "tests/data/good.yaml");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_scenario *s = r.s;
	cr_assert_eq(s->nsides, 2);
	const struct bs_side *k = &s->sides[0];
	cr_expect_str_eq(k->name, "Kingdom");
	cr_expect_eq(k->edge, BS_EDGE_SOUTH);
	cr_assert_eq(k->nunits, 8);
	const struct bs_creature *man = bs_scenario_creature(s, "test man");

	const struct bs_unit *g = &k->units[0];
	cr_expect_str_eq(g->name, "Guard");
	cr_expect_eq(g->type, BS_UNIT_ELITE);
	cr_expect_eq(g->figures, 12);
	cr_expect_eq(g->creature, man);
	cr_expect(in_array(s, g->creature));
	cr_expect_eq(g->ac, 4); /* mail 5, shield -1 */
	cr_assert_eq(g->nweapons, 2);
	cr_expect_eq(g->weapons[0].weapon, bs_scenario_weapon(s, "test blade"));
	cr_expect_eq(g->weapons[1].weapon, bs_scenario_weapon(s, "test bow"));
	cr_expect_eq(g->weapons[1].plus, 1);
	cr_expect_eq(g->weapons[1].ammo, 6);
	cr_expect_eq(g->magic_equipment, 1); /* implied by the +1 */
	cr_expect_eq(g->formation, BS_FORM_OPEN);
	cr_expect_eq(g->frontage, 6);
	cr_expect_eq(g->x, 40);
	cr_expect_eq(g->y, 5);
	cr_expect_eq(g->facing, 0); /* south edge: toward north */
	cr_expect_eq(g->commander, indiv(k, "Sir Hugh"));
	cr_expect_eq(g->deputy, indiv(k, "Wat"));
	cr_assert_eq(g->nmembers, 1);
	cr_expect_eq(g->members[0], indiv(k, "Ysolde"));
	cr_expect_eq(g->line, 70);
	cr_expect_eq(g->col, 9);

	const struct bs_unit *p = &k->units[1];
	cr_expect_eq(p->type, BS_UNIT_REGULAR);
	cr_expect_eq(p->formation, BS_FORM_CLOSED);
	cr_expect_eq(p->ac, 10);
	cr_expect_eq(p->ratio, 0);
	cr_expect_eq(p->magic_equipment, 0);

	const struct bs_unit *rd = &k->units[2];
	cr_expect_eq(rd->mount, bs_scenario_creature(s, "test horse"));
	cr_expect_eq(rd->ratio, 5);
	cr_expect_eq(rd->ac, 6);
	cr_expect_eq(rd->facing, 90);

	const struct bs_unit *sc = &k->units[3];
	cr_expect_eq(sc->type, BS_UNIT_SKIRMISH);
	cr_expect_eq(sc->formation, BS_FORM_SKIRMISH);
	cr_expect_eq(sc->commander, -1);

	/* [3.1] mixed unit: AC (15 x 10 + 5 x 5) / 20 = 8.75 -> 9 */
	const struct bs_unit *lv = &k->units[4];
	cr_expect_eq(lv->type, BS_UNIT_MOB);
	cr_expect_eq(lv->formation, BS_FORM_MOB);
	cr_assert_eq(lv->nmix, 2);
	cr_expect_eq(lv->mix[0].count, 15);
	cr_expect_eq(lv->mix[0].ac, 10);
	cr_expect_eq(lv->mix[1].ac, 5);
	cr_expect_eq(lv->ac, 9);
	cr_expect_eq(lv->figures, 20);
	cr_expect_eq(lv->creature, man);

	const struct bs_unit *w = &k->units[5];
	cr_expect_eq(w->type, BS_UNIT_BERSERKER);
	cr_expect_eq(w->formation, BS_FORM_OPEN); /* [2.11] never closed */
	cr_expect_eq(w->facing, 45);

	const struct bs_side *rs = &s->sides[1];
	cr_expect_eq(rs->edge, BS_EDGE_NORTH);
	cr_assert_eq(rs->nunits, 1);
	cr_expect_eq(rs->units[0].facing, 180);
	cr_expect_eq(rs->units[0].creature, bs_scenario_creature(s, "orc"));
	cr_expect_eq(rs->units[0].ac, 7);
	done(&r);
}

Test(loader, good_scenario_individuals)
{
	struct res r;
	load_path(&r, "tests/data/good.yaml");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_scenario *s = r.s;
	const struct bs_side *k = &s->sides[0];
	cr_assert_eq(k->nindividuals, 8);
	const struct bs_individual *ind = k->individuals;
	int king = indiv(k, "King Alaric"), hugh = indiv(k, "Sir Hugh"),
	    wat = indiv(k, "Wat"), ys = indiv(k, "Ysolde"),
	    east = indiv(k, "Marshal East"), west = indiv(k, "Marshal West");
	cr_assert(king >= 0 && hugh >= 0 && wat >= 0 && ys >= 0 && east >= 0 &&
		  west >= 0);

	cr_expect_eq(ind[king].rank, BS_RANK_ARMY);
	cr_expect_eq(ind[king].role, BS_ROLE_COMMANDER);
	cr_expect_eq(ind[king].ability[BS_STR], 18);
	cr_expect_eq(ind[king].str_percent, 50);
	cr_expect_eq(ind[king].ability[BS_CHA], 17);
	cr_expect_eq(ind[king].charisma_item_bonus, 2); /* [14.20] rod */
	cr_expect_eq(ind[king].weapons[0].weapon,
		     bs_scenario_weapon(s, "test blade"));
	cr_expect_eq(ind[king].weapons[0].plus, 2);
	cr_expect_eq(ind[king].nweapons, 1);
	cr_expect_eq(ind[king].weapons_listed, 0);
	cr_expect_eq(ind[king].placed, 1);
	cr_expect_eq(ind[king].x, 40);
	cr_expect_eq(ind[king].y, 1);
	cr_expect_eq(ind[king].ac, 2);
	cr_expect_eq(ind[king].hp, 60);
	cr_expect_eq(ind[king].leads, -1);
	cr_expect_eq(ind[king].race, bs_scenario_creature(s, "human"));

	cr_expect_eq(ind[hugh].rank, BS_RANK_UNIT); /* commands Guard */
	cr_expect_eq(ind[hugh].role, BS_ROLE_COMMANDER);
	cr_expect_eq(ind[hugh].leads, 0);
	cr_expect_eq(ind[hugh].deputy_of, king);
	cr_expect_eq(ind[hugh].placed, 0);
	cr_expect_eq(ind[hugh].x, 40); /* with his unit */
	cr_expect_eq(ind[hugh].y, 5);

	cr_expect_eq(ind[wat].rank, BS_RANK_NONE);
	cr_expect_eq(ind[wat].role, BS_ROLE_HERO);
	cr_expect_eq(ind[wat].deputy_of, hugh); /* deputy of Guard */
	cr_expect_eq(ind[wat].hp, 6);
	cr_expect_eq(ind[wat].ac, 10); /* the race's */

	cr_expect_eq(ind[ys].role, BS_ROLE_MEMBER);
	cr_assert_eq(ind[ys].nclasses, 2);
	cr_expect_str_eq(ind[ys].cls[0], "fighter");
	cr_expect_str_eq(ind[ys].cls[1], "magic-user");
	cr_expect_eq(ind[ys].level[0], 4);
	cr_expect_eq(ind[ys].level[1], 5);
	cr_expect_eq(ind[ys].mr, 5);
	cr_expect_eq(ind[ys].save[BS_SAVE_BW], 16);

	cr_expect_eq(ind[east].rank, BS_RANK_BRIGADE); /* from brigade: */
	cr_assert_eq(ind[east].nbrigade, 4);
	cr_expect_eq(ind[east].brigade[0], 0);
	cr_expect_eq(ind[east].brigade[3], 3);
	cr_expect_eq(ind[west].rank, BS_RANK_BRIGADE);
	cr_expect_eq(ind[west].nbrigade, 4);
	cr_expect_eq(ind[west].brigade[0], 4);

	const struct bs_side *rs = &s->sides[1];
	cr_assert_eq(rs->nindividuals, 1);
	cr_expect_eq(rs->individuals[0].leads, 0);
	cr_expect_eq(rs->individuals[0].rank, BS_RANK_UNIT);
	cr_expect_eq(rs->individuals[0].race, bs_scenario_creature(s, "orc"));
	cr_expect_eq(rs->units[0].commander, 0);
	done(&r);
}

Test(loader, minimal_scenario_defaults)
{
	struct res r;
	load(&r, HEAD UNITS);
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	cr_expect_eq(r.s->rules, BS_RULES_BS1E);
	cr_expect_eq(r.s->level, BS_LEVEL_BASIC);
	cr_expect_eq(r.s->game, BS_GAME_ADND);
	cr_expect_eq(r.s->width, 72);
	cr_expect_eq(r.s->depth, 48);
	cr_expect_eq(r.s->options, 0);
	cr_expect_eq(r.s->nterrain, 0);
	cr_expect_eq(r.s->sides[0].nunits, 0);
	cr_expect_eq(r.s->sides[1].units[0].type, BS_UNIT_REGULAR);
	cr_expect_eq(r.s->sides[1].units[0].formation, BS_FORM_CLOSED);
	done(&r);
}

Test(loader, builtin_default_scenario_loads)
{
	struct res r;
	memset(&r, 0, sizeof r);
	bs_diags_init(&r.d);
	r.st = bs_scenario_load_builtin(NULL, &r.s, &r.d);
	collect(&r);
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	cr_expect_gt(r.s->ncreatures, 0);
	cr_expect_gt(r.s->nweapons, 0);
	cr_expect_str_eq(bs_scenario_default_name(), "borderland-raid");
	int found = 0;
	for (const char *const *n = bs_scenario_builtin_names(); *n; n++)
		found |= strcmp(*n, bs_scenario_default_name()) == 0;
	cr_expect(found);
	done(&r);
}

Test(loader, every_builtin_scenario_loads)
{
	for (const char *const *n = bs_scenario_builtin_names(); *n; n++) {
		struct res r;
		memset(&r, 0, sizeof r);
		bs_diags_init(&r.d);
		r.st = bs_scenario_load_builtin(*n, &r.s, &r.d);
		collect(&r);
		cr_expect_eq(r.st, BS_OK, "%s:%s", *n, r.all);
		done(&r);
	}
}

Test(loader, unknown_builtin_did_you_mean)
{
	struct res r;
	memset(&r, 0, sizeof r);
	bs_diags_init(&r.d);
	r.st = bs_scenario_load_builtin("borderland-riad", &r.s, &r.d);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert_eq(r.d.count, 1);
	cr_expect(strstr(r.d.items[0].msg, "no built-in scenario "
					   "'borderland-riad' (did you mean "
					   "'borderland-raid'?)"),
		  "%s", r.d.items[0].msg);
	done(&r);
}

Test(loader, missing_file)
{
	struct res r;
	load_path(&r, "tests/data/no-such-file.yaml");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert_eq(r.d.count, 1);
	cr_expect_str_eq(r.d.items[0].file, "tests/data/no-such-file.yaml");
	cr_expect(strstr(r.d.items[0].msg, "cannot open"));
	done(&r);
}

/* ---- every error of a file -------------------------------------------------
 */

Test(loader, five_mistakes_five_errors)
{
	struct res r;
	load_path(&r, "tests/data/five_mistakes.yaml");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert_eq(r.d.count, 5, "errors:%s", r.all);
	has(&r, 9, 18,
	    "figures: a regular unit starts with 4 to 48 figures, "
	    "got 60 [2.8]");
	has(&r, 14, 18, "figures: expected an integer, got 'twelve'");
	has(&r, 24, 19,
	    "weapons: unknown weapon 'long swrod' (did you mean 'long "
	    "sword'?)");
	has(&r, 25, 19, "position: [80, 20] is outside the table");
	has(&r, 30, 9,
	    "unknown key 'positon' in unit (did you mean 'position'?)");
	done(&r);
}

/* ---- format errors
 * ----------------------------------------------------------- */

Test(loader, unknown_key_did_you_mean)
{
	only(HEAD UNITS "        formaton: open\n", 21, 9,
	     "unknown key 'formaton' in unit (did you mean 'formation'?)");
}

Test(loader, unknown_key_without_suggestion)
{
	only(HEAD UNITS "        colour: red\n", 21, 9,
	     "unknown key 'colour' in unit");
}

Test(loader, unknown_top_level_key)
{
	only("nmae: t\n" BODY, 1, 1,
	     "unknown key 'nmae' in scenario (did you mean 'name'?)");
}

Test(loader, missing_required_key)
{
	only(HEAD "    units:\n"
		  "      - name: u1\n"
		  "        creature: tman\n"
		  "        position: [10, 10]\n",
	     17, 9, "unit: missing required key 'figures'");
}

Test(loader, duplicate_key)
{
	only(HEAD UNITS "        figures: 12\n", 21, 9,
	     "duplicate key 'figures' in unit (first at line 18)");
}

Test(loader, wrong_type_integer)
{
	only(HEAD "    units:\n"
		  "      - name: u1\n"
		  "        figures: twelve\n"
		  "        creature: tman\n"
		  "        position: [10, 10]\n",
	     18, 18, "figures: expected an integer, got 'twelve'");
}

Test(loader, wrong_type_list)
{
	only(HEAD UNITS "        weapons: tsword\n", 21, 18,
	     "weapons: expected a list, got 'tsword'");
}

Test(loader, wrong_type_mapping)
{
	only("name: t\nsides: {a: 1}\n", 2, 8,
	     "sides: expected a list, got a mapping");
}

Test(loader, wrong_type_bool)
{
	only(HEAD UNITS "        magic: maybe\n", 21, 16,
	     "magic: expected true or false, got 'maybe'");
}

Test(loader, out_of_range_gives_the_range)
{
	only(HEAD UNITS "        ac: 14\n", 21, 13,
	     "ac: '14' is out of range (-10 to 10)");
}

Test(loader, huge_number_out_of_range)
{
	only(HEAD UNITS "        thac0: 99999999999999999999999999\n", 21, 16,
	     "thac0: '99999999999999999999999999' is out of range (1 to 25)");
}

Test(loader, bad_enum_did_you_mean)
{
	only(HEAD UNITS "        formation: opne\n", 21, 20,
	     "formation: unknown value 'opne' (did you mean 'open'?)");
}

Test(loader, bad_dice_message)
{
	only("name: t\n"
	     "catalog:\n"
	     "  weapons:\n"
	     "    - {name: w, damage: d0}\n"
	     "sides: [{name: a, edge: north}, {name: b, edge: south}]\n",
	     4, 25, "damage: dice 'd0'");
}

Test(loader, bad_hit_dice)
{
	only("name: t\n"
	     "catalog:\n"
	     "  creatures:\n"
	     "    - {name: c, hd: 4x1, ac: 5, mv: 9, size: M}\n"
	     "sides: [{name: a, edge: north}, {name: b, edge: south}]\n",
	     4, 21, "hd: expected hit dice like 1/2, 1-1, 1, 4+1 or 9");
}

Test(loader, hit_dice_forms)
{
	struct res r;
	load(&r, "name: t\n"
		 "catalog:\n"
		 "  creatures:\n"
		 "    - {name: a, hd: 1/2, ac: 5, mv: 9, size: S}\n"
		 "    - {name: b, hd: 1-1, ac: 5, mv: 9, size: S}\n"
		 "    - {name: c, hd: 4+1, ac: 5, mv: 9, size: S}\n"
		 "    - {name: d, hd: 9, ac: 5, mv: 9, size: L}\n"
		 "sides: [{name: a, edge: north}, {name: b, edge: south}]\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_creature *c;
	c = bs_scenario_creature(r.s, "a");
	cr_expect(c->hd.tenths == 5 && c->hd.plus == 0);
	c = bs_scenario_creature(r.s, "b");
	cr_expect(c->hd.tenths == 10 && c->hd.plus == -1);
	c = bs_scenario_creature(r.s, "c");
	cr_expect(c->hd.tenths == 40 && c->hd.plus == 1);
	c = bs_scenario_creature(r.s, "d");
	cr_expect(c->hd.tenths == 90 && c->hd.plus == 0);
	done(&r);
}

Test(loader, duplicate_catalog_entry)
{
	only("name: t\n"
	     "catalog:\n"
	     "  armor:\n"
	     "    - {name: hide, ac: 6}\n"
	     "    - {name: Hide, ac: 7}\n"
	     "sides: [{name: a, edge: north}, {name: b, edge: south}]\n",
	     5, 7, "duplicate armor 'Hide'");
}

Test(loader, missile_weapon_needs_range)
{
	only("name: t\n"
	     "catalog:\n"
	     "  weapons:\n"
	     "    - {name: w, kind: missile, damage: d6}\n"
	     "sides: [{name: a, edge: north}, {name: b, edge: south}]\n",
	     4, 7, "missile weapon 'w' needs range");
}

Test(loader, name_too_long)
{
	only(HEAD
	     "    units:\n"
	     "      - name: "
	     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	     "\n"
	     "        figures: 10\n"
	     "        creature: tman\n"
	     "        position: [10, 10]\n",
	     17, 15,
	     "is too long: 65 bytes of UTF-8 (65 characters), at most 63 "
	     "bytes");
}

Test(loader, yaml_syntax_error_position)
{
	only("name: t\n"
	     "sides:\n"
	     "  - name: a\n"
	     "    edge: [north\n"
	     "  - name: b\n",
	     5, 9, "YAML syntax error: did not find expected ',' or ']'");
}

Test(loader, yaml_syntax_error_bad_indentation)
{
	struct res r;
	load(&r, "name: t\n  sides: x\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert_eq(r.d.count, 1, "%s", r.all);
	cr_expect_eq(r.d.items[0].line, 2);
	cr_expect(strstr(r.d.items[0].msg, "YAML syntax error: mapping values "
					   "are not allowed in this context"),
		  "%s", r.d.items[0].msg);
	done(&r);
}

Test(loader, two_documents)
{
	only("name: t\n"
	     "sides: [{name: a, edge: north}, {name: b, edge: south}]\n"
	     "---\n"
	     "name: u\n",
	     3, 1, "more than one YAML document");
}

/* ---- rule checks -----------------------------------------------------------
 */

Test(loader, s2_8_regular_unit_size)
{
	only(HEAD "    units:\n"
		  "      - name: u1\n"
		  "        figures: 3\n"
		  "        creature: tman\n"
		  "        position: [10, 10]\n",
	     18, 18,
	     "figures: a regular unit starts with 4 to 48 figures, got 3 "
	     "[2.8]");
	only(HEAD "    units:\n"
		  "      - name: u1\n"
		  "        figures: 49\n"
		  "        creature: tman\n"
		  "        position: [10, 10]\n",
	     18, 18, "got 49 [2.8]");
	ok(HEAD "    units:\n"
		"      - {name: u1, figures: 4, creature: tman, position: [1, "
		"1]}\n"
		"      - {name: u2, figures: 48, creature: tman, position: [2, "
		"1]}\n");
}

Test(loader, s2_9_skirmish_unit_size)
{
	only(HEAD "    units:\n"
		  "      - name: u1\n"
		  "        type: skirmish\n"
		  "        figures: 25\n"
		  "        creature: tman\n"
		  "        position: [10, 10]\n",
	     19, 18,
	     "figures: a skirmish unit starts with 1 to 24 figures, got 25 "
	     "[2.9]");
	ok(HEAD "    units:\n"
		"      - {name: u1, type: skirmish, figures: 1, creature: "
		"tman, position: [1, 1]}\n");
}

Test(loader, s2_10_mob_size)
{
	only(HEAD "    units:\n"
		  "      - name: u1\n"
		  "        type: mob\n"
		  "        figures: 11\n"
		  "        creature: tman\n"
		  "        position: [10, 10]\n",
	     19, 18,
	     "figures: a mob unit starts with 12 to 96 figures, got 11 "
	     "[2.10]");
	ok(HEAD "    units:\n"
		"      - {name: u1, type: mob, figures: 96, creature: tman, "
		"position: [1, 1]}\n");
}

Test(loader, s2_11_special_type_sizes_are_regular)
{
	only("special_unit_types: [elite]\n" HEAD "    units:\n"
	     "      - {name: u1, type: elite, figures: 2, creature: tman, "
	     "position: [1, 1]}\n",
	     18, 42,
	     "a elite unit starts with 4 to 48 figures, got 2 [2.8] "
	     "[2.11]");
}

Test(loader, s2_8_ratio_one_is_an_error)
{
	only(HEAD UNITS "        ratio: 1\n", 21, 16,
	     "ratio: a unit cannot be made of 1:1 figures (only individuals "
	     "are 1:1) [2.6] [2.8]");
}

Test(loader, s2_2_ratio_must_be_10_5_or_2)
{
	only(HEAD UNITS "        ratio: 3\n", 21, 16,
	     "ratio: expected 10, 5 or 2");
}

Test(loader, s2_11_special_type_not_allowed)
{
	only(HEAD UNITS "        type: elite\n", 21, 15,
	     "type: special unit type 'elite' is not allowed by this "
	     "scenario (add it to special_unit_types) [2.11]");
	only(HEAD UNITS "        type: berserker\n", 21, 15,
	     "special unit type 'berserker' is not allowed");
}

Test(loader, s7_1_formation_for_unit_type)
{
	only(HEAD UNITS "        formation: skirmish\n", 21, 20,
	     "formation: a regular unit cannot use skirmish formation [7.1]");
	only(HEAD "    units:\n"
		  "      - {name: u1, type: mob, figures: 20, creature: tman, "
		  "position: [1, 1], formation: closed}\n",
	     17, 89, "a mob unit cannot use closed formation [7.1]");
	only(HEAD "    units:\n"
		  "      - {name: u1, type: skirmish, figures: 20, creature: "
		  "tman, position: [1, 1], formation: open}\n",
	     17, 94, "a skirmish unit cannot use open formation [7.1]");
}

Test(loader, s2_11_elite_may_skirmish)
{
	ok("special_unit_types: [elite]\n" HEAD UNITS "        type: elite\n"
	   "        formation: skirmish\n");
}

Test(loader, s2_11_berserkers_never_closed)
{
	only("special_unit_types: [berserker]\n" HEAD UNITS
	     "        type: berserker\n"
	     "        formation: closed\n",
	     23, 20,
	     "formation: berserkers can never be in closed formation [2.11]");
}

Test(loader, s2_10_mob_never_uses_missiles)
{
	only(HEAD "    units:\n"
		  "      - name: u1\n"
		  "        type: mob\n"
		  "        figures: 20\n"
		  "        creature: tman\n"
		  "        weapons: [tsword, tbow]\n"
		  "        position: [10, 10]\n",
	     21, 27,
	     "weapons: a mob can never use missile weapons ('tbow') "
	     "[2.10]");
}

Test(loader, s3_1_mixed_unit_counts_must_match)
{
	only(HEAD "    units:\n"
		  "      - name: u1\n"
		  "        figures: 10\n"
		  "        mix: [{creature: tman, count: 4}, {creature: tman, "
		  "count: 5}]\n"
		  "        position: [10, 10]\n",
	     18, 18, "figures: 10, but the mix parts count 9 figures [3.1]");
}

Test(loader, creature_and_mix_exclusive)
{
	only(HEAD UNITS "        mix: [{creature: tman, count: 10}]\n", 21, 14,
	     "mix: a unit has either creature or mix, not both");
}

Test(loader, s3_1_dnd_movement_feet_per_turn)
{
	struct res r;
	load(&r, "game: dnd\n" HEAD "    units:\n"
		 "      - {name: u1, figures: 10, creature: tman, position: "
		 "[1, 1], mv: 90}\n"
		 "    individuals:\n"
		 "      - {name: i1, mv: 120}\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	/* [3.1] 120' = 12"; the scenario's own creatures too */
	cr_expect_eq(r.s->sides[1].units[0].mv, 9);
	cr_expect_eq(r.s->sides[1].individuals[0].mv, 12);
	cr_expect_eq(bs_scenario_creature(r.s, "tman")->mv, 1); /* 12 ft */
	done(&r);
}

Test(loader, s3_1_armor_gives_ac)
{
	struct res r;
	load(&r, HEAD UNITS "        armor: [tmail, tshield]\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	cr_expect_eq(r.s->sides[1].units[0].ac, 4);
	done(&r);
	only(HEAD UNITS "        armor: [tshield, tmail, tshield]\n", 21, 33,
	     "armor: two shields ('tshield' and 'tshield')");
}

Test(loader, unknown_creature_did_you_mean)
{
	only(HEAD "    units:\n"
		  "      - name: u1\n"
		  "        figures: 10\n"
		  "        creature: tmna\n"
		  "        position: [10, 10]\n",
	     19, 19,
	     "creature: unknown creature 'tmna' (did you mean 'tman'?)");
}

Test(loader, unknown_armor_and_mount)
{
	only(HEAD UNITS "        armor: [tmial]\n", 21, 17,
	     "armor: unknown armor 'tmial' (did you mean 'tmail'?)");
	only(HEAD UNITS "        mount: tmn\n", 21, 16,
	     "mount: unknown creature 'tmn' (did you mean 'tman'?)");
}

Test(loader, unknown_commander_did_you_mean)
{
	only(HEAD UNITS "        commander: Sir Hgh\n"
			"    individuals:\n"
			"      - name: Sir Hugh\n",
	     21, 20,
	     "commander: unknown individual 'Sir Hgh' on side 'A' (did you "
	     "mean 'Sir Hugh'?)");
}

Test(loader, commander_of_the_other_side)
{
	only("name: t\n"
	     "sides:\n"
	     "  - name: a\n"
	     "    edge: north\n"
	     "    individuals: [{name: Zed}]\n"
	     "  - name: b\n"
	     "    edge: south\n"
	     "    units:\n"
	     "      - {name: u, figures: 10, creature: human, position: [1, "
	     "1], commander: Zed}\n",
	     9, 78,
	     "commander: 'Zed' is an individual of side 'a', not of side "
	     "'b'");
}

Test(loader, unknown_unit_in_brigade)
{
	struct res r;
	load(&r, HEAD UNITS "    individuals:\n"
			    "      - {name: m, brigade: [u1, u2]}\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	has(&r, 22, 33,
	    "brigade: unknown unit 'u2' on side 'A' (did you mean "
	    "'u1'?)");
	done(&r);
}

Test(loader, s9_3_deputy_named_twice)
{
	only(HEAD "    units:\n"
		  "      - {name: u1, figures: 10, creature: tman, position: "
		  "[1, 1], commander: c1, deputy: d}\n"
		  "      - {name: u2, figures: 10, creature: tman, position: "
		  "[2, 1], commander: c2, deputy: d}\n"
		  "    individuals: [{name: c1}, {name: c2}, {name: d}]\n",
	     18, 90,
	     "deputy: 'd' is already deputy of unit 'u1'; a character can be "
	     "Deputy Commander for one commander only [9.3]");
}

Test(loader, s9_3_commander_with_two_deputies)
{
	only(HEAD UNITS "        commander: c\n"
			"        deputy: d1\n"
			"    individuals:\n"
			"      - {name: c}\n"
			"      - {name: d1}\n"
			"      - {name: d2, deputy_of: c}\n",
	     26, 31,
	     "'c' already has a deputy, 'd1'; each commander can have only "
	     "one deputy [9.3]");
}

Test(loader, s9_3_deputy_ranks_below_commander)
{
	only(HEAD UNITS "        commander: c\n"
			"    individuals:\n"
			"      - {name: c}\n"
			"      - {name: a, rank: army, deputy_of: c}\n",
	     24, 42,
	     "deputy_of: 'a' (rank army) cannot be deputy of 'c' (rank "
	     "unit): a deputy ranks below his commander [9.3]");
	/* a unit commander may be deputy army commander [9.3] */
	ok(HEAD UNITS "        commander: c\n"
		      "    individuals:\n"
		      "      - {name: c, deputy_of: a}\n"
		      "      - {name: a, rank: army}\n");
}

Test(loader, s4_10_individual_commands_two_units)
{
	only(HEAD UNITS "        commander: c\n"
			"      - {name: u2, figures: 10, creature: tman, "
			"position: [2, 1], commander: c}\n"
			"    individuals: [{name: c}]\n",
	     22, 78,
	     "commander: 'c' already commands unit 'u1'; an individual "
	     "commands at most one unit [4.10]");
}

Test(loader, s4_10_one_army_commander_per_side)
{
	only(HEAD UNITS "    individuals:\n"
			"      - {name: a1, rank: army}\n"
			"      - {name: a2, rank: army}\n",
	     23, 26,
	     "rank: side 'A' already has an army commander, 'a1'; each side "
	     "may have no more than one [4.10]");
}

Test(loader, s4_10_unit_commander_rank_none)
{
	only(HEAD UNITS "        commander: c\n"
			"    individuals: [{name: c, rank: none}]\n",
	     22, 35,
	     "rank: 'c' commands unit 'u1', so his rank is unit or "
	     "higher [4.10]");
}

#define EIGHT_UNITS                                                            \
	"    units:\n"                                                         \
	"      - {name: u1, figures: 10, creature: tman, position: [1, 1]}\n"  \
	"      - {name: u2, figures: 10, creature: tman, position: [2, 1]}\n"  \
	"      - {name: u3, figures: 10, creature: tman, position: [3, 1]}\n"  \
	"      - {name: u4, figures: 10, creature: tman, position: [4, 1]}\n"  \
	"      - {name: u5, figures: 10, creature: tman, position: [5, 1]}\n"  \
	"      - {name: u6, figures: 10, creature: tman, position: [6, 1]}\n"  \
	"      - {name: u7, figures: 10, creature: tman, position: [7, 1]}\n"

Test(loader, s4_10_brigades_need_more_than_seven_units)
{
	struct res r;
	load(&r,
	     HEAD EIGHT_UNITS "    individuals:\n"
			      "      - {name: b1, brigade: [u1, u2, u3, u4]}\n"
			      "      - {name: b2, brigade: [u5, u6, u7]}\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	has(&r, 25, 9,
	    "rank: brigade commanders are used only in battles with more "
	    "than seven units on a side (side 'A' has 7) [4.10]");
	done(&r);
}

Test(loader, s4_10_two_brigades_of_4_to_8)
{
	struct res r;
	load(&r, HEAD EIGHT_UNITS
	     "      - {name: u8, figures: 10, creature: tman, position: "
	     "[8, 1]}\n"
	     "    individuals:\n"
	     "      - {name: b1, rank: brigade, brigade: [u1, u2, u3]}\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_expect_eq(r.d.count, 2, "%s", r.all);
	has(&r, 26, 44,
	    "brigade: 3 units; a brigade commander commands 4-8 units "
	    "[4.10]");
	has(&r, 26, 26,
	    "rank: side 'A' has one brigade; there must be two or more "
	    "brigades of 4-8 units to have brigade commanders [4.10]");
	done(&r);
	ok(HEAD EIGHT_UNITS
	   "      - {name: u8, figures: 10, creature: tman, position: [8, "
	   "1]}\n"
	   "    individuals:\n"
	   "      - {name: b1, brigade: [u1, u2, u3, u4]}\n"
	   "      - {name: b2, brigade: [u5, u6, u7, u8]}\n");
}

Test(loader, s4_10_unit_in_two_brigades)
{
	struct res r;
	load(&r, HEAD EIGHT_UNITS
	     "      - {name: u8, figures: 10, creature: tman, position: "
	     "[8, 1]}\n"
	     "    individuals:\n"
	     "      - {name: b1, brigade: [u1, u2, u3, u4]}\n"
	     "      - {name: b2, brigade: [u5, u6, u7, u8, u1]}\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_expect_eq(r.d.count, 1, "%s", r.all);
	has(&r, 27, 46,
	    "brigade: unit 'u1' is already in the brigade of 'b1' [4.10]");
	done(&r);
}

Test(loader, s9_1_member_roles)
{
	only(HEAD UNITS "    individuals: [{name: m, role: member}]\n", 21, 35,
	     "role: 'm' is a member, but no unit lists him in members [9.1]");
	only(HEAD UNITS "        members: [m]\n"
			"    individuals: [{name: m, role: hero}]\n",
	     22, 35,
	     "role: 'm' is listed in the members of unit 'u1', so his role is "
	     "member [9.1]");
	only(HEAD UNITS "        commander: m\n"
			"        members: [m]\n"
			"    individuals: [{name: m}]\n",
	     22, 19,
	     "members: 'm' is the commander of unit 'u1', not a member");
}

Test(loader, duplicate_unit_name)
{
	only(HEAD UNITS "      - {name: U1, figures: 10, creature: tman, "
			"position: [2, 1]}\n",
	     21, 9, "duplicate unit name 'U1' (first at line 17)");
}

Test(loader, duplicate_individual_name)
{
	only(HEAD UNITS "    individuals: [{name: x}, {name: x}]\n", 21, 30,
	     "duplicate individual name 'x' (first at line 21)");
}

Test(loader, position_outside_table)
{
	only(HEAD "    units:\n"
		  "      - name: u1\n"
		  "        figures: 10\n"
		  "        creature: tman\n"
		  "        position: [10, 48.5]\n",
	     20, 19,
	     "position: [10, 48.5] is outside the table (x 0 to 72, y 0 to "
	     "48 inches)");
}

Test(loader, terrain_point_outside_table)
{
	only("name: t\n"
	     "table: {width: 40, depth: 30}\n"
	     "terrain:\n"
	     "  - {type: woods, points: [[1, 1], [50, 1], [1, 5]]}\n"
	     "sides: [{name: a, edge: north}, {name: b, edge: south}]\n",
	     4, 36, "points: [50, 1] is outside the table");
}

Test(loader, unknown_terrain_type)
{
	only("name: t\n"
	     "terrain:\n"
	     "  - {type: wood, points: [[1, 1], [5, 1], [1, 5]]}\n"
	     "sides: [{name: a, edge: north}, {name: b, edge: south}]\n",
	     3, 12, "type: unknown value 'wood' (did you mean 'woods'?)");
}

/* RULING R-442: an outline is a simple polygon */
Test(loader, terrain_outline_crosses_itself)
{
	only("name: t\n"
	     "terrain:\n"
	     "  - {name: bow, type: woods, points: [[1, 1], [9, 9], [9, 1], "
	     "[1, 9]]}\n"
	     "sides: [{name: a, edge: north}, {name: b, edge: south}]\n",
	     3, 38,
	     "points: the outline of terrain 'bow' crosses itself (the edge "
	     "from point 1 to 2 meets the edge from point 3 to 4)");
}

Test(loader, terrain_outline_without_area)
{
	only("name: t\n"
	     "terrain:\n"
	     "  - {name: line, type: wall, points: [[1, 1], [5, 1], [9, 1]]}\n"
	     "sides: [{name: a, edge: north}, {name: b, edge: south}]\n",
	     3, 38,
	     "points: the outline of terrain 'line' encloses no area (its "
	     "points lie on one line)");
}

/* RULING R-440: the kinds Table 14 lists, by name */
Test(loader, terrain_kinds_by_name)
{
	struct res r;
	const char *y =
	    "name: t\n"
	    "terrain:\n"
	    "  - {name: brook, type: stream, points: [[1, 1], [9, 1], [9, 2], "
	    "[1, 2]]}\n"
	    "  - {type: hill, points: [[10, 10], [20, 10], [15, 18]]}\n"
	    "  - {type: hill, elevation: 3, points: [[12, 11], [18, 11], [15, "
	    "15]]}\n"
	    "  - {name: Mill, type: building, points: [[30, 30], [32, 30], "
	    "[32, 32], [30, 32]]}\n"
	    "sides: [{name: a, edge: north}, {name: b, edge: south}]\n";
	load(&r, y);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	const struct bs_scenario *s = r.s;
	cr_expect_eq(s->terrain[0].type, BS_TERRAIN_STREAM);
	cr_expect_eq(s->terrain[1].type, BS_TERRAIN_HILL);
	cr_expect_eq(s->terrain[1].elevation, 1, "a hill is 10' by default");
	cr_expect_str_eq(s->terrain[1].name, "hill");
	cr_expect_eq(s->terrain[2].elevation, 3);
	cr_expect_eq(s->terrain[3].type, BS_TERRAIN_BUILDING);
	done(&r);
}

Test(loader, unknown_class)
{
	only(HEAD UNITS "    individuals:\n"
			"      - {name: x, class: figher, level: 3}\n",
	     22, 26, "class: unknown class 'figher' (did you mean 'fighter'?)");
}

Test(loader, level_per_class)
{
	only(HEAD UNITS "    individuals:\n"
			"      - {name: x, class: fighter/thief, level: 3}\n",
	     22, 48, "level: 1 level for 2 classes");
}

Test(loader, s14_20_charisma_item_of_the_other_game)
{
	only("game: dnd\n" HEAD UNITS "    individuals:\n"
	     "      - {name: x, items: [ring of human "
	     "influence]}\n",
	     23, 27,
	     "items: 'ring of human influence' works in AD&D games only "
	     "[14.20]");
}

/* [14.20] RULING R-680: an individual's item is a name or {name, charges}
 * (a wand, staff or rod of the catalog); the charges written are kept
 * per item, -1 when not written. */
Test(loader, s14_20_item_charges_r680)
{
	struct res r;
	load(&r,
	     HEAD UNITS "    individuals:\n"
			"      - {name: x, items: [ring of human influence, "
			"{name: wand of fire balls, charges: 5}, {name: "
			"wand of lightning}]}\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_side *sd = &r.s->sides[r.s->nsides - 1];
	const struct bs_individual *x = &sd->individuals[indiv(sd, "x")];
	cr_assert_eq(x->nitems, 3);
	cr_expect_str_eq(x->items[1], "wand of fire balls");
	cr_expect_eq(x->item_charges[0], -1);
	cr_expect_eq(x->item_charges[1], 5);
	cr_expect_eq(x->item_charges[2], -1);
	cr_expect_eq(x->charisma_item_bonus, 1);
	/* RULING R-680: not written, the DMG's fewest for a wand */
	const struct bs_spell *w = bs_scenario_item(r.s, "wand of lightning");
	cr_assert_not_null(w);
	cr_expect_eq(bs_item_charges(w, x->item_charges[2]), 81);
	cr_expect_eq(bs_item_charges(w, 0), 0);
	cr_expect_null(bs_scenario_item(r.s, "fireball"));
	done(&r);
}

/* The loader's errors for bad charges, at the line. */
Test(loader, s14_20_bad_item_charges_r680)
{
	only(HEAD UNITS "    individuals:\n"
			"      - {name: x, items: [{name: wand of fire balls, "
			"charges: -1}]}\n",
	     22, 63, "charges: '-1' is out of range (0 to 200)");
	only(HEAD UNITS "    individuals:\n"
			"      - {name: x, items: [{name: cloak of protection, "
			"charges: 3}]}\n",
	     22, 64,
	     "charges: 'cloak of protection' is no wand, staff or rod of "
	     "the spell catalog");
	only(HEAD UNITS "    individuals:\n"
			"      - {name: x, items: [{charges: 3}]}\n",
	     22, 27, "item: missing required key 'name'");
}

Test(loader, rules_bs2e_and_matrix_accepted)
{
	/* 2E (issue 5): implemented, 2E unit keys (tests/unit/
	 * t_bs2e_loader.c): the rules are accepted */
	only("rules: bs2e\nname: t\nsides: []\n", 3, 8,
	     "sides: a battle needs 2 to 4 sides, got 0");
	/* matrix (issue 6): implemented, with its own layout
	 * (tests/unit/t_matrix_loader.c) */
	only("rules: matrix\nname: t\nsides: []\n", 1, 1,
	     "matrix scenario: missing required key 'matrix'");
}

/* A 2E option in a 1E scenario would be ignored by the 1E rules: an error
 * at its item, never silently accepted. */
Test(loader, s2e_option_in_a_1e_scenario)
{
	only("options: [stands, bs2e_rally_to_good]\n" HEAD UNITS, 1, 19,
	     "option 'bs2e_rally_to_good' is for 2E scenarios");
}

Test(loader, sides_two_to_four)
{
	only("name: t\nsides:\n  - {name: a, edge: north}\n", 3, 3,
	     "sides: a battle needs 2 to 4 sides, got 1");
	struct res r;
	load(&r, "name: t\nsides: [{name: a, edge: north}, {name: b, edge: "
		 "south}, {name: c, edge: west}, {name: d, edge: east}, "
		 "{name: e, edge: east}]\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	has(&r, 2, 8, "sides: too many sides (5); at most 4");
	done(&r);
}

Test(loader, too_many_units_on_a_side)
{
	char *buf = malloc(65536);
	cr_assert_not_null(buf);
	int o = snprintf(buf, 65536, "%s    units:\n", HEAD);
	for (int i = 0; i < BS_MAX_UNITS + 1; i++)
		o += snprintf(buf + o, (size_t)(65536 - o),
			      "      - {name: u%d, figures: 10, creature: "
			      "tman, position: [1, 1]}\n",
			      i);
	only(buf, 17, 7, "units: too many units on a side (65); at most 64");
	free(buf);
}

/* ---- garbage in, errors out -------------------------------------------------
 */

Test(loader, empty_input)
{
	struct res r;
	load(&r, "");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert_eq(r.d.count, 1);
	cr_expect(strstr(r.d.items[0].msg, "the file is empty"));
	done(&r);
	load(&r, "# only a comment\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	done(&r);
}

Test(loader, not_a_mapping)
{
	only("- a\n- b\n", 1, 1, "scenario: expected a mapping");
	only("just text\n", 1, 1, "scenario: expected a mapping");
}

Test(loader, binary_input)
{
	unsigned char bin[512];
	for (size_t i = 0; i < sizeof bin; i++)
		bin[i] = (unsigned char)(i * 37 + 11);
	struct res r;
	load_n(&r, (const char *)bin, sizeof bin);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_expect_geq(r.d.count, 1);
	done(&r);
}

Test(loader, nul_and_control_characters)
{
	struct res r;
	load_n(&r, "name: t\0x\nsides: []\n", 20);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	has(&r, 1, 8, "invalid input");
	done(&r);
	only("name: \"a\\0b\"\n"
	     "sides: [{name: a, edge: north}, {name: b, edge: south}]\n",
	     1, 7, "name: contains a NUL character");
}

Test(loader, invalid_utf8)
{
	struct res r;
	load(&r, "name: t\nsides: \xff\xfe\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	has(&r, 2, 8, "invalid input");
	done(&r);
}

Test(loader, deeply_nested)
{
	size_t n = 100000;
	char *buf = malloc(2 * n + 32);
	cr_assert_not_null(buf);
	size_t o = (size_t)sprintf(buf, "name: t\nsides: ");
	for (size_t i = 0; i < n; i++)
		buf[o++] = '[';
	for (size_t i = 0; i < n; i++)
		buf[o++] = ']';
	buf[o++] = '\n';
	struct res r;
	load_n(&r, buf, o);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_expect_geq(r.d.count, 1);
	done(&r);
	free(buf);
}

Test(loader, recursive_alias)
{
	struct res r;
	load(&r, "name: t\n"
		 "sides: &s\n"
		 "  - name: a\n"
		 "    edge: north\n"
		 "    units: *s\n"
		 "  - *s\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_expect_geq(r.d.count, 1);
	done(&r);
}

Test(loader, alias_bomb_is_bounded)
{
	/* Each level repeats the one before nine times: 9^8 leaves if an
	 * alias were expanded; the loader walks a fixed schema instead. */
	struct res r;
	load(&r, "a: &a [x, x, x, x, x, x, x, x, x]\n"
		 "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
		 "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
		 "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
		 "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
		 "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
		 "g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
		 "name: t\n"
		 "sides: [*g, *g, *g, *g]\n"
		 "terrain: [{points: *g}]\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_expect_leq(r.d.count, 101);
	done(&r);
}

Test(loader, error_count_is_capped)
{
	char *buf = malloc(65536);
	cr_assert_not_null(buf);
	int o = snprintf(buf, 65536, "name: t\n");
	for (int i = 0; i < 300; i++)
		o += snprintf(buf + o, (size_t)(65536 - o), "k%d: 1\n", i);
	struct res r;
	load(&r, buf);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_expect_eq(r.d.count, 101);
	cr_expect(strstr(r.d.items[100].msg, "too many errors"));
	done(&r);
	free(buf);
}

Test(loader, unknown_alias)
{
	only("name: *nope\n", 1, 7, "YAML syntax error");
}

Test(loader, odd_keys_and_values)
{
	struct res r;
	load(&r, "? [a, b]\n: 1\nname: t\nsides: [{name: a, edge: north}, "
		 "{name: b, edge: south}]\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	has(&r, 1, 3, "scenario: a key must be a name, got a list");
	done(&r);
	only(HEAD UNITS "        facing: 360\n", 21, 17,
	     "facing: '360' is out of range");
	only(HEAD UNITS "        facing: .nan\n", 21, 17,
	     "facing: expected a number, got '.nan'");
	only(HEAD "    units:\n"
		  "      - {name: u1, figures: 10, creature: tman, position: "
		  "[1e3, 1]}\n",
	     17, 60, "position: expected a number, got '1e3'");
}

/* ---- the documented example ------------------------------------------------
 */

Test(loader, format_example_loads)
{
	struct res r;
	load_path(&r, "tests/data/format_example.yaml");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	cr_expect_eq(r.s->nsides, 2);
	done(&r);
}

Test(loader, s11_3_chariot)
{
	struct res r;
	/* chariots are an Intermediate Game rule (RULING R-308) */
	load(&r, "name: t\nlevel: intermediate\n" BODY UNITS
		 "        chariot: {pulled_by: tman, pullers: 2}\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_unit *u = &r.s->sides[1].units[0];
	const struct bs_creature *man = bs_scenario_creature(r.s, "tman");
	cr_expect_eq(u->chariot.puller, man);
	cr_expect_eq(u->chariot.pullers, 2);
	cr_expect_eq(u->chariot.passenger, man); /* the unit's creature */
	cr_expect_eq(u->chariot.passengers, 1);
	cr_expect_null(u->mount);
	done(&r);
	/* RULING R-305, R-308 [16.3 A]: at the Basic Game the chariot is
	 * taken out of the model, with a warning at its key */
	load(&r, HEAD UNITS "        chariot: {pulled_by: tman, pullers: 2}\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	u = &r.s->sides[1].units[0];
	cr_expect_null(u->chariot.puller);
	cr_expect_null(u->mount);
	cr_assert_eq(r.s->warnings.count, 1);
	cr_expect_eq(r.s->warnings.items[0].code, BS_W_MOUNTED_LEVEL);
	cr_expect_eq(r.s->warnings.items[0].line, 21);
	cr_expect_eq(r.s->warnings.items[0].col, 18);
	done(&r);
	only(HEAD UNITS "        mount: tman\n"
			"        chariot: {pulled_by: tman}\n",
	     22, 18,
	     "chariot: a unit is cavalry (mount) or chariots, not both");
}

Test(loader, inline_creature)
{
	struct res r;
	load(&r, HEAD "    units:\n"
		      "      - name: Wolves\n"
		      "        figures: 8\n"
		      "        creature: {hd: 2+2, ac: 7, mv: 18, size: S, "
		      "attacks: 2d4}\n"
		      "        position: [10, 10]\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_creature *c = r.s->sides[1].units[0].creature;
	cr_assert_not_null(c);
	cr_expect_str_eq(c->name, "Wolves");
	cr_expect_eq(c->hd.tenths, 20);
	cr_expect_eq(c->hd.plus, 2);
	cr_expect_eq(c->mv, 18);
	cr_expect_null(bs_scenario_creature(r.s, "Wolves")); /* private */
	done(&r);
}

/* RULING R-026 [3.1] [4.1]: worn body armor sets a unit's AC (the book's
 * orcs in leather are AC 8, though the Monster Manual's orc is AC 6); a
 * creature with natural armor keeps its own AC when that is better; a
 * shield improves AC by 1. RULING R-038: catalog names match without
 * regard to case, spaces and hyphens. */
Test(loader, s3_1_armor_sets_ac_and_names_match_loosely)
{
	struct res r;
	load(&r, "name: t\n"
		 "sides:\n"
		 "  - name: B\n"
		 "    edge: north\n"
		 "    units:\n"
		 "      - {name: orcs, figures: 12, creature: orc, armor: "
		 "[leather], weapons: [longsword], position: [10, 40]}\n"
		 "      - {name: orcs2, figures: 12, creature: Orc, armor: "
		 "[Leather, shield], weapons: [Long-Sword], position: "
		 "[30, 40]}\n"
		 "      - {name: ogres, figures: 4, creature: ogre, armor: "
		 "[leather], weapons: [club], position: [50, 40]}\n"
		 "      - {name: plain, figures: 12, creature: orc, weapons: "
		 "[spear], position: [60, 40]}\n"
		 "  - name: A\n"
		 "    edge: south\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_side *b = &r.s->sides[0];
	cr_expect_eq(b->units[0].ac, 8, "orcs in leather: AC 8 [4.1]");
	cr_expect_str_eq(b->units[0].weapons[0].weapon->name, "long sword");
	cr_expect_eq(b->units[1].ac, 7, "leather and shield: AC 7");
	cr_expect_str_eq(b->units[1].weapons[0].weapon->name, "long sword");
	cr_expect_eq(b->units[2].ac, 5, "ogre hide (AC 5) beats leather");
	cr_expect_eq(b->units[3].ac, 6, "no armor given: the catalog's AC");
	cr_expect(bs_name_eq("long sword", "LONGSWORD"));
	cr_expect(bs_name_eq("man-at-arms", "man at arms"));
	cr_expect(!bs_name_eq("long sword", "long bow"));
	cr_expect(!bs_name_eq("orc", "orcs"));
	done(&r);
}

/* Issue 12 item 9: a creature's `to_hit_vs` (the normal AD&D racial and
 * creature bonuses to hit, Table 10 special note, [13.1]): a list of
 * {attacking: names, to_hit: N} or {attacked_by: names, to_hit: N}; the
 * names must be creatures of the catalog (or the last word of their
 * names: "giant" for "hill giant"). */
#define TOHIT(x)                                                               \
	"name: t\n"                                                            \
	"catalog:\n"                                                           \
	"  creatures:\n"                                                       \
	"    - name: tdwarf\n"                                                 \
	"      hd: \"1\"\n"                                                    \
	"      ac: 4\n"                                                        \
	"      mv: 6\n"                                                        \
	"      size: S\n"                                                      \
	"      to_hit_vs:\n" x "sides:\n"                                      \
	"  - name: B\n"                                                        \
	"    edge: north\n"                                                    \
	"  - name: A\n"                                                        \
	"    edge: south\n"

Test(loader, s13_1_to_hit_vs)
{
	struct res r;
	load(&r, TOHIT("        - {attacking: [orc, goblin], to_hit: 1}\n"
		       "        - {attacked_by: [ogre, giant], to_hit: -4}\n"));
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_creature *c = bs_scenario_creature(r.s, "tdwarf");
	cr_assert_eq(c->nto_hit_vs, 2);
	cr_assert_eq(c->to_hit_vs[0].attacked_by, 0);
	cr_assert_eq(c->to_hit_vs[0].to_hit, 1);
	cr_assert_eq(c->to_hit_vs[0].nnames, 2);
	cr_assert_str_eq(c->to_hit_vs[0].names[1], "goblin");
	cr_assert_eq(c->to_hit_vs[1].attacked_by, 1);
	cr_assert_eq(c->to_hit_vs[1].to_hit, -4);
	/* "giant" names every creature whose name ends in the word giant */
	cr_assert(bs_creature_named(bs_scenario_creature(r.s, "hill giant"),
				    "giant"));
	cr_assert_not(bs_creature_named(bs_scenario_creature(r.s, "giant boar"),
					"giant"));
	cr_assert(bs_creature_named(bs_scenario_creature(r.s, "orc"), "Orc"));
	done(&r);
	/* the errors, each at its place */
	only(TOHIT("        - {attacking: [orcs], to_hit: 1}\n"), 10, 24,
	     "no creature 'orcs'");
	only(TOHIT("        - {attacking: [orc], attacked_by: [ogre], "
		   "to_hit: 1}\n"),
	     10, 11, "exactly one of attacking and attacked_by");
	only(TOHIT("        - {to_hit: 1}\n"), 10, 11,
	     "exactly one of attacking and attacked_by");
	only(TOHIT("        - {attacking: [orc]}\n"), 10, 11,
	     "missing required key 'to_hit'");
	only(TOHIT("        - {attacking: [orc], to_hit: 11}\n"), 10, 38,
	     "-10 to 10");
	only(TOHIT("        - {attacking: [orc], to_hit: 0}\n"), 10, 38,
	     "not 0");
}

/* Issue 12 item 9: `to_hit_with` names weapons of the catalog. */
#define TOHITW(x)                                                              \
	"name: t\n"                                                            \
	"catalog:\n"                                                           \
	"  creatures:\n"                                                       \
	"    - name: telf\n"                                                   \
	"      hd: \"1\"\n"                                                    \
	"      ac: 5\n"                                                        \
	"      mv: 12\n"                                                       \
	"      size: M\n"                                                      \
	"      to_hit_with:\n" x "sides:\n"                                    \
	"  - name: B\n"                                                        \
	"    edge: north\n"                                                    \
	"  - name: A\n"                                                        \
	"    edge: south\n"

Test(loader, s8_3_to_hit_with)
{
	struct res r;
	load(&r, TOHITW("        - {weapons: [long sword, long bow], to_hit: "
			"1}\n"));
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_creature *c = bs_scenario_creature(r.s, "telf");
	cr_assert_eq(c->nto_hit_with, 1);
	cr_assert_eq(c->to_hit_with[0].nnames, 2);
	done(&r);
	only(TOHITW("        - {weapons: [long swrd], to_hit: 1}\n"), 10, 22,
	     "unknown weapon 'long swrd' (did you mean 'long sword'?)");
	only(TOHITW("        - {to_hit: 1}\n"), 10, 11,
	     "missing required key 'weapons'");
	only(TOHITW("        - {weapons: [sling], to_hit: -11}\n"), 10, 38,
	     "-10 to 10");
}
