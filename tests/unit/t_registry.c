/* The controller registry (src/ai/registry.c, ai.h) and the battle's one
 * way to attach a controller (bs_battle_attach, battle.h): every ruleset
 * (1E, 2E, the matrix) x every controller kind (doctrine, scripted, hold)
 * attaches through the same calls and plays a battle to its end, or is
 * refused with a message naming what the ruleset has; the scenario's
 * `controller:` kinds attach by bs_ai_attach; a controller of the wrong
 * interface or side is refused. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/matrix.h"
#include "battlesim/scenario.h"

/* The built-in scenario of each ruleset. */
static const char *const builtin[BS_RULES__COUNT] = {
    [BS_RULES_BS1E] = "borderland-raid",
    [BS_RULES_BS2E] = "borderland-raid-2e",
    [BS_RULES_MATRIX] = "shield-lands-matrix",
};

static const char *const kinds[] = {"doctrine", "scripted", "hold", "human"};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

/* Which (ruleset, kind) the registry has: every kind for every ruleset
 * (the matrix's scripted orders: RULING R-426; the referee's "human" side
 * of issue 17 for all three). */
static const int has[BS_RULES__COUNT][NKINDS] = {
    [BS_RULES_BS1E] = {1, 1, 1, 1},
    [BS_RULES_BS2E] = {1, 1, 1, 1},
    [BS_RULES_MATRIX] = {1, 1, 1, 1},
};

struct counts {
	long orders; /* ORDER events: a tabletop controller gave an order */
	long moves;  /* MX_MOVE events of a controller's move (not a rout) */
	long events;
};

static void count(void *ctx, const struct bs_event *ev)
{
	struct counts *c = ctx;
	c->events++;
	if (ev->type == BS_EV_ORDER)
		c->orders++;
	if (ev->type == BS_EV_MX_MOVE && ev->n[6] == 0)
		c->moves++;
}

static struct bs_scenario *load(const char *name)
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin(name, &sc, &d), BS_OK, "%s",
		     name);
	bs_diags_release(&d);
	return sc;
}

/* The controller side `side` of b holds, whatever its interface. */
static const void *held(const struct bs_battle *b, int side)
{
	return b->rules->iface == BS_IFACE_TABLETOP ? (const void *)b->ctl[side]
						    : b->ctl_other[side];
}

Test(registry, every_ruleset_by_every_kind_attaches_and_plays)
{
	struct bs_ai_set *set = calloc(1, sizeof *set);
	cr_assert_not_null(set);
	bs_ai_set_init(set);
	for (int r = 0; r < BS_RULES__COUNT; r++) {
		struct bs_scenario *sc = load(builtin[r]);
		cr_assert_eq((int)sc->rules, r);
		struct bs_battle *b = NULL;
		struct bs_diags d;
		bs_diags_init(&d);
		cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
		for (int k = 0; k < NKINDS; k++) {
			for (int side = 0; side < b->nsides; side++)
				bs_battle_attach(b, side, b->rules->iface,
						 NULL);
			enum bs_ctl_iface iface;
			const void *c =
			    bs_ai_find(set, sc->rules, kinds[k], &iface);
			enum bs_status st = BS_OK;
			for (int side = 0; side < b->nsides; side++) {
				st = bs_ai_attach_named(set, b, side, kinds[k],
							&d);
				if (st != BS_OK)
					break;
			}
			if (!has[r][k]) {
				cr_expect_null(c, "%s %s", builtin[r],
					       kinds[k]);
				cr_expect_eq(st, BS_ERR_INPUT);
				cr_assert_gt(d.count, 0);
				char want[128];
				snprintf(want, sizeof want,
					 "no controller '%s' for rules: matrix "
					 "(it has doctrine, hold)",
					 kinds[k]);
				cr_expect(
				    strstr(d.items[d.count - 1].msg, want),
				    "%s", d.items[d.count - 1].msg);
				cr_expect_null(held(b, 0), "nothing attached");
				continue;
			}
			cr_assert_not_null(c, "%s %s", builtin[r], kinds[k]);
			cr_assert_eq(st, BS_OK, "%s %s: %s", builtin[r],
				     kinds[k],
				     d.count ? d.items[d.count - 1].msg : "");
			cr_expect_eq(iface, b->rules->iface);
			for (int side = 0; side < b->nsides; side++)
				cr_expect_eq(held(b, side), c);
			struct counts n = {0, 0, 0};
			struct bs_event_sink sink = {count, &n};
			bs_battle_set_sink(b, &sink);
			bs_battle_reset(b, 5, 0);
			bs_battle_play(b, 12);
			bs_battle_set_sink(b, NULL);
			cr_expect(b->result.over, "%s %s: played to the end",
				  builtin[r], kinds[k]);
			cr_expect_gt(n.events, 0);
			long given = n.orders + n.moves;
			/* the doctrines order; "hold" and the scripted side
			 * of a scenario without `orders:` give none */
			if (strcmp(kinds[k], "doctrine") == 0)
				cr_expect_gt(given, 0, "%s doctrine orders",
					     builtin[r]);
			else
				cr_expect_eq(given, 0, "%s %s gives no orders",
					     builtin[r], kinds[k]);
		}
		bs_diags_release(&d);
		bs_battle_free(b);
		bs_scenario_free(sc);
	}
	free(set);
}

Test(registry, names_of_each_ruleset)
{
	for (int r = 0; r < BS_RULES__COUNT; r++) {
		const char *names[8];
		int n = bs_ai_names((enum bs_rules)r, names, 8);
		int want = 0;
		for (int k = 0; k < NKINDS; k++)
			want += has[r][k];
		cr_assert_eq(n, want, "rules %d", r);
		for (int i = 0, k = 0; k < NKINDS; k++)
			if (has[r][k])
				cr_expect_str_eq(names[i++], kinds[k]);
	}
	/* every controller: kind a scenario may give is a name of the table */
	for (int k = 0; k < BS_CTL__COUNT; k++)
		cr_expect_str_eq(bs_controller_kind_name[k], kinds[k]);
	/* more names than room: the count, names[] not overrun */
	const char *one[1];
	cr_expect_eq(bs_ai_names(BS_RULES_BS1E, one, 1), 4);
	cr_expect_str_eq(one[0], "doctrine");
}

Test(registry, by_the_scenario_kinds)
{
	struct bs_ai_set *set = calloc(1, sizeof *set);
	cr_assert_not_null(set);
	bs_ai_set_init(set);
	for (int r = 0; r < BS_RULES__COUNT; r++) {
		struct bs_scenario *sc = load(builtin[r]);
		struct bs_battle *b = NULL;
		struct bs_diags d;
		bs_diags_init(&d);
		cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
		cr_assert_eq(bs_ai_attach(set, b, &d), BS_OK, "%s", builtin[r]);
		for (int side = 0; side < b->nsides; side++) {
			const char *k =
			    bs_controller_kind_name[sc->sides[side].controller];
			cr_expect_eq(held(b, side),
				     bs_ai_find(set, sc->rules, k, NULL));
		}
		bs_diags_release(&d);
		bs_battle_free(b);
		bs_scenario_free(sc);
	}
	free(set);
}

Test(registry, unknown_names_wrong_interface_and_sides_are_refused)
{
	struct bs_ai_set *set = calloc(1, sizeof *set);
	cr_assert_not_null(set);
	bs_ai_set_init(set);
	struct bs_scenario *sc = load(builtin[BS_RULES_MATRIX]);
	struct bs_battle *b = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	cr_assert_eq(bs_ai_attach(set, b, &d), BS_OK);
	const void *mx = held(b, 0);
	cr_assert_not_null(mx);
	/* a name no ruleset has yet */
	cr_expect_null(bs_ai_find(set, BS_RULES_BS1E, "robot", NULL));
	cr_expect_eq(bs_ai_attach_named(set, b, 0, "robot", &d), BS_ERR_INPUT);
	cr_expect(strstr(d.items[d.count - 1].msg, "no controller 'robot'"));
	cr_expect_eq(bs_ai_attach_named(set, b, 0, NULL, &d), BS_ERR_INPUT);
	cr_expect_eq(bs_ai_attach_named(set, b, 2, "hold", &d), BS_ERR_INPUT);
	cr_expect(strstr(d.items[d.count - 1].msg, "side 2"));
	/* a tabletop controller on a matrix battle; a side it has not */
	cr_expect_eq(bs_battle_set_controller(b, 0, &set->hold), BS_ERR_INPUT);
	cr_expect_eq(bs_battle_attach(b, -1, BS_IFACE_MATRIX, &set->mx),
		     BS_ERR_INPUT);
	cr_expect_eq(bs_battle_attach(b, 2, BS_IFACE_MATRIX, &set->mx),
		     BS_ERR_INPUT);
	cr_expect_eq(held(b, 0), mx, "nothing changed");
	cr_expect_null(b->ctl[0]);
	/* the matrix wrapper is the same call */
	cr_expect_eq(bs_matrix_set_controller(b, 1, &set->mx_hold), BS_OK);
	cr_expect_eq(held(b, 1), &set->mx_hold);
	bs_diags_release(&d);
	bs_battle_free(b);
	bs_scenario_free(sc);
	/* and a matrix controller on a 1E battle */
	sc = load(builtin[BS_RULES_BS1E]);
	bs_diags_init(&d);
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	cr_expect_eq(bs_battle_attach(b, 0, BS_IFACE_MATRIX, &set->mx),
		     BS_ERR_INPUT);
	cr_expect_null(b->ctl_other[0]);
	cr_expect_eq(bs_battle_set_controller(b, 0, &set->hold), BS_OK);
	cr_expect_eq(b->ctl[0], &set->hold);
	bs_diags_release(&d);
	bs_battle_free(b);
	bs_scenario_free(sc);
	free(set);
}

Test(registry, a_matrix_side_without_a_controller_gives_no_orders)
{
	struct bs_scenario *sc = load(builtin[BS_RULES_MATRIX]);
	struct bs_battle *b = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	/* the ruleset no longer makes its own AI: nothing attached */
	cr_expect_null(b->ctl_other[0]);
	cr_expect_null(b->ctl_other[1]);
	struct counts n = {0, 0, 0};
	struct bs_event_sink sink = {count, &n};
	bs_battle_set_sink(b, &sink);
	bs_battle_reset(b, 3, 0);
	bs_battle_play(b, 6);
	cr_expect(b->result.over);
	cr_expect_eq(n.moves, 0);
	bs_diags_release(&d);
	bs_battle_free(b);
	bs_scenario_free(sc);
}
