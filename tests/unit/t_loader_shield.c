/* The loader sets a unit's `shield` flag from its `armor:` list (the
 * Table 10 flank -1 "for negating defenders' shield bonus" [8.3], RULING
 * a shield (or a large shield [11.6]) in the list sets it; a mixed
 * unit carries one only when every part does (RULING R-171); the built-in
 * scenario's shielded units have it. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/scenario.h"

#define CATALOG                                                                \
	"name: t\n"                                                            \
	"catalog:\n"                                                           \
	"  creatures:\n"                                                       \
	"    - {name: tman, hd: \"1\", ac: 10, mv: 12, size: M}\n"             \
	"  armor:\n"                                                           \
	"    - {name: tmail, ac: 5}\n"                                         \
	"    - {name: tshield, shield: true}\n"                                \
	"    - {name: tbig, shield: true, large: true}\n"                      \
	"sides:\n"                                                             \
	"  - name: B\n"                                                        \
	"    edge: north\n"                                                    \
	"  - name: A\n"                                                        \
	"    edge: south\n"                                                    \
	"    units:\n"

/* Load CATALOG + units; the scenario must load. */
static struct bs_scenario *load(const char *units)
{
	char buf[4096];
	int n = snprintf(buf, sizeof buf, "%s%s", CATALOG, units);
	cr_assert(n > 0 && (size_t)n < sizeof buf);
	struct bs_diags d;
	struct bs_scenario *s = NULL;
	bs_diags_init(&d);
	enum bs_status st =
	    bs_scenario_load_string(buf, (size_t)n, "t.yaml", &s, &d);
	for (size_t i = 0; i < d.count; i++)
		cr_log_error("%d:%d: %s", d.items[i].line, d.items[i].col,
			     d.items[i].msg);
	cr_assert_eq(st, BS_OK);
	bs_diags_release(&d);
	return s;
}

static const struct bs_unit *unit(const struct bs_scenario *s, const char *n)
{
	for (int side = 0; side < s->nsides; side++)
		for (int i = 0; i < s->sides[side].nunits; i++)
			if (strcmp(s->sides[side].units[i].name, n) == 0)
				return &s->sides[side].units[i];
	cr_assert_fail("no unit %s", n);
	return NULL;
}

Test(loader_shield, s8_3_shield_in_armor_sets_the_flag)
{
	struct bs_scenario *s =
	    load("      - {name: mailshield, figures: 10, creature: tman, "
		 "position: [10, 10], armor: [tmail, tshield]}\n"
		 "      - {name: shieldonly, figures: 10, creature: tman, "
		 "position: [20, 10], armor: [tshield]}\n"
		 "      - {name: mailonly, figures: 10, creature: tman, "
		 "position: [30, 10], armor: [tmail]}\n"
		 "      - {name: bare, figures: 10, creature: tman, "
		 "position: [40, 10]}\n"
		 "      - {name: wall, figures: 10, creature: tman, "
		 "position: [50, 10], armor: [tmail, tbig]}\n"
		 "      - {name: given, figures: 10, creature: tman, "
		 "position: [60, 10], armor: [tshield], ac: 7}\n");
	const struct bs_unit *u = unit(s, "mailshield");
	cr_assert_eq(u->shield, 1);
	cr_assert_eq(u->ac, 4, "the shield still improves AC by 1");
	cr_assert_eq(unit(s, "shieldonly")->shield, 1);
	cr_assert_eq(unit(s, "shieldonly")->ac, 9);
	cr_assert_eq(unit(s, "mailonly")->shield, 0);
	cr_assert_eq(unit(s, "mailonly")->ac, 5);
	cr_assert_eq(unit(s, "bare")->shield, 0);
	cr_assert_eq(unit(s, "wall")->shield, 1, "[11.6] a large shield");
	/* `ac:` overrides the number, not what the unit carries */
	cr_assert_eq(unit(s, "given")->shield, 1);
	cr_assert_eq(unit(s, "given")->ac, 7);
	bs_scenario_free(s);
}

Test(loader_shield, s8_3_ruling_r171_mixed_unit_shield_when_every_part)
{
	struct bs_scenario *s =
	    load("      - name: allshields\n"
		 "        figures: 10\n"
		 "        mix: [{creature: tman, count: 4, armor: [tmail, "
		 "tshield]}, {creature: tman, count: 6, armor: [tshield]}]\n"
		 "        position: [10, 10]\n"
		 "      - name: someshields\n"
		 "        figures: 10\n"
		 "        mix: [{creature: tman, count: 4, armor: [tmail, "
		 "tshield]}, {creature: tman, count: 6, armor: [tmail]}]\n"
		 "        position: [30, 10]\n"
		 "      - name: lastbare\n"
		 "        figures: 10\n"
		 "        mix: [{creature: tman, count: 4, armor: [tshield]}, "
		 "{creature: tman, count: 6}]\n"
		 "        position: [50, 10]\n"
		 "      - name: firstbare\n"
		 "        figures: 10\n"
		 "        mix: [{creature: tman, count: 4}, {creature: tman, "
		 "count: 6, armor: [tshield]}]\n"
		 "        position: [70, 10]\n");
	const struct bs_unit *a = unit(s, "allshields");
	cr_assert_eq(a->nmix, 2);
	cr_assert_eq(a->shield, 1);
	const struct bs_unit *b = unit(s, "someshields");
	cr_assert_eq(b->nmix, 2);
	cr_assert_eq(b->shield, 0, "RULING R-171: not every part");
	cr_assert_eq(unit(s, "lastbare")->shield, 0);
	cr_assert_eq(unit(s, "firstbare")->shield, 0);
	bs_scenario_free(s);
}

Test(loader_shield, s8_3_builtin_scenario_shields)
{
	struct bs_scenario *s = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin(NULL, &s, &d), BS_OK);
	bs_diags_release(&d);
	/* armor: [chain mail, shield] and [studded leather, shield] */
	cr_assert_eq(unit(s, "Keep men-at-arms")->shield, 1);
	cr_assert_eq(unit(s, "Keep spearmen")->shield, 1);
	/* no armor list: the creature's AC, no shield known */
	cr_assert_eq(unit(s, "Ironhold dwarves")->shield, 0);
	cr_assert_eq(unit(s, "Broken Fang warriors")->shield, 0);
	/* armor: [leather] */
	cr_assert_eq(unit(s, "Village levy")->shield, 0);
	bs_scenario_free(s);
}
