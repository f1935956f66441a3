/* Tests of the scenario keys for battles (src/scenario/orders.c, load.c):
 * `rounds:`, a side's `controller:` and its scripted `orders:` (Movement
 * Phase orders with steps [7.6]-[7.14] [8.8], Rally Phase entries [6.0]
 * and mob orders [2.10]): values loaded, each mistake reported at its
 * LINE:COL with "did you mean" where it helps. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/controller.h"
#include "battlesim/scenario.h"

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
static void only(const char *yaml, int line, int col, const char *text)
{
	struct res r;
	load(&r, yaml);
	cr_assert_eq(r.st, BS_ERR_INPUT, "status %d; errors:%s", r.st, r.all);
	cr_assert_eq(r.d.count, 1, "want 1 error, got %zu:%s", r.d.count,
		     r.all);
	const struct bs_diag *m = &r.d.items[0];
	cr_expect(m->line == line && m->col == col && strstr(m->msg, text),
		  "want %d:%d \"%s\", got:%s", line, col, text, r.all);
	done(&r);
}

/* Lines 1-16: two sides; South (side 1) has a regular unit `men` (unit
 * 0), a mob `levy` (unit 1), its commander Hal (individual 0) and the
 * army commander Lord (individual 1). */
#define BASE                                                                   \
	"name: t\n"                                                            \
	"sides:\n"                                                             \
	"  - name: North\n"                                                    \
	"    edge: north\n"                                                    \
	"    units:\n"                                                         \
	"      - {name: orcs, figures: 10, creature: orc, weapons: [long "     \
	"sword], position: [30, 30], commander: Grak}\n"                       \
	"    individuals:\n"                                                   \
	"      - {name: Grak, race: orc, rank: unit}\n"                        \
	"  - name: South\n"                                                    \
	"    edge: south\n"                                                    \
	"    units:\n"                                                         \
	"      - {name: men, figures: 10, creature: man-at-arms, weapons: "    \
	"[long sword], position: [30, 10], commander: Hal}\n"                  \
	"      - {name: levy, type: mob, figures: 12, creature: militia, "     \
	"weapons: [club], position: [45, 10]}\n"                               \
	"    individuals:\n"                                                   \
	"      - {name: Hal, class: fighter, level: 2, rank: unit}\n"          \
	"      - {name: Lord, class: fighter, level: 5, rank: army, "          \
	"position: "                                                           \
	"[38, 4]}\n"

/* Line 17 begins the orders of South; each entry below is line 18. */
#define ORDERS BASE "    orders:\n"

Test(loader_orders, defaults)
{
	struct res r;
	load(&r, BASE);
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	cr_expect_eq(r.s->max_rounds, BS_DEFAULT_MAX_ROUNDS);
	cr_expect_eq(BS_DEFAULT_MAX_ROUNDS, 30);
	for (int i = 0; i < 2; i++) {
		cr_expect_eq(r.s->sides[i].controller, BS_CTL_DOCTRINE);
		cr_expect_eq(r.s->sides[i].norders, 0);
		cr_expect_null(r.s->sides[i].orders);
	}
	done(&r);
}

Test(loader_orders, rounds_and_controllers)
{
	struct res r;
	load(&r, "rounds: 12\n" BASE "    controller: hold\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	cr_expect_eq(r.s->max_rounds, 12);
	cr_expect_eq(r.s->sides[0].controller, BS_CTL_DOCTRINE);
	cr_expect_eq(r.s->sides[1].controller, BS_CTL_HOLD);
	done(&r);
	load(&r, BASE "    controller: Scripted\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	cr_expect_eq(r.s->sides[1].controller, BS_CTL_SCRIPTED);
	cr_expect_eq(r.s->sides[1].norders, 0);
	done(&r);
	cr_expect_str_eq(bs_controller_kind_name[BS_CTL_DOCTRINE], "doctrine");
	cr_expect_str_eq(bs_controller_kind_name[BS_CTL_SCRIPTED], "scripted");
	cr_expect_str_eq(bs_controller_kind_name[BS_CTL_HOLD], "hold");
}

Test(loader_orders, rounds_errors)
{
	only("rounds: 0\n" BASE, 1, 9,
	     "rounds: '0' is out of range (1 to 1000)");
	only("rounds: many\n" BASE, 1, 9, "rounds: expected an integer");
	only(BASE "    controller: doctrin\n", 17, 17,
	     "controller: unknown value 'doctrin' (did you mean 'doctrine'?)");
}

/* s7_x: every kind of entry loads with its values */
Test(loader_orders, s7_orders_loaded)
{
	struct res r;
	load(&r, ORDERS
	     "      - {round: 1, unit: men, order: charge, target: orcs}\n"
	     "      - round: 2\n"
	     "        unit: Men\n"
	     "        order: move\n"
	     "        steps: [{advance: 3.5, angle: -20}, {wheel: 30}, {face: "
	     "right}, {frontage: 4}, {formation: open}]\n"
	     "      - {round: 2, rally: men, by: Hal}\n"
	     "      - {round: 3, unit: men, order: forced-march, steps: "
	     "[{advance: 12}]}\n"
	     "      - {round: 3, mob: levy, by: Lord, order: wheel, angle: "
	     "-45}\n"
	     "      - {round: 4, mob: levy, by: Lord, order: move-forward}\n"
	     "      - {round: 4, unit: men, order: wrap-around}\n"
	     "      - {round: 5, unit: men, order: flee}\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_side *sd = &r.s->sides[1];
	/* orders: and no controller: a scripted side */
	cr_expect_eq(sd->controller, BS_CTL_SCRIPTED);
	cr_expect_eq(r.s->sides[0].controller, BS_CTL_DOCTRINE);
	cr_assert_eq(sd->norders, 8);
	const struct bs_script_order *o = sd->orders;

	cr_expect_eq(o[0].kind, BS_SCRIPT_MOVE);
	cr_expect_eq(o[0].round, 1);
	cr_expect_eq(o[0].unit, 0);
	cr_expect_eq(o[0].indiv, -1);
	cr_expect_eq(o[0].order.kind, BS_ORDER_CHARGE);
	cr_expect_eq(o[0].order.tside, 0);
	cr_expect_eq(o[0].order.tunit, 0);
	cr_expect_eq(o[0].order.nsteps, 0);
	cr_expect_eq(o[0].line, 18);
	cr_expect_eq(o[0].col, 9);

	cr_expect_eq(o[1].order.kind, BS_ORDER_MOVE);
	cr_expect_eq(o[1].round, 2);
	cr_expect_eq(o[1].order.tside, -1);
	cr_assert_eq(o[1].order.nsteps, 5);
	const struct bs_step *st = o[1].order.step;
	cr_expect_eq(st[0].kind, BS_STEP_ADVANCE);
	cr_expect_eq(st[0].dist, 3.5);
	cr_expect_eq(st[0].angle, -20);
	cr_expect_eq(st[1].kind, BS_STEP_WHEEL);
	cr_expect_eq(st[1].angle, 30);
	cr_expect_eq(st[2].kind, BS_STEP_FACE);
	cr_expect_eq(st[2].angle, 90);
	cr_expect_eq(st[3].kind, BS_STEP_FRONTAGE);
	cr_expect_eq(st[3].files, 4);
	cr_expect_eq(st[4].kind, BS_STEP_FORMATION);
	cr_expect_eq(st[4].formation, BS_FORM_OPEN);

	cr_expect_eq(o[2].kind, BS_SCRIPT_RALLY);
	cr_expect_eq(o[2].unit, 0);
	cr_expect_eq(o[2].indiv, 0);
	cr_expect_eq(o[2].mob_order, BS_MOB_NONE);

	cr_expect_eq(o[3].order.kind, BS_ORDER_FORCED_MARCH);
	cr_expect_eq(o[3].order.step[0].dist, 12);
	cr_expect_eq(o[3].order.step[0].angle, 0);

	cr_expect_eq(o[4].kind, BS_SCRIPT_MOB);
	cr_expect_eq(o[4].unit, 1);
	cr_expect_eq(o[4].indiv, 1);
	cr_expect_eq(o[4].mob_order, BS_MOB_WHEEL);
	cr_expect_eq(o[4].mob_angle, -45);
	cr_expect_eq(o[5].mob_order, BS_MOB_FORWARD);
	cr_expect_eq(o[6].order.kind, BS_ORDER_WRAP);
	cr_expect_eq(o[7].order.kind, BS_ORDER_FLEE);
	cr_expect_eq(o[7].round, 5);
	done(&r);
}

Test(loader_orders, face_words)
{
	struct res r;
	load(&r, ORDERS "      - {round: 1, unit: men, order: move, steps: "
			"[{face: left}, {face: about}]}\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	cr_expect_eq(r.s->sides[1].orders[0].order.step[0].angle, -90);
	cr_expect_eq(r.s->sides[1].orders[0].order.step[1].angle, 180);
	done(&r);
}

Test(loader_orders, names_errors)
{
	only(ORDERS "      - {round: 1, unit: mne, order: hold}\n", 18, 26,
	     "unit: unknown unit 'mne' on side 'South' (did you mean 'men'?)");
	only(ORDERS "      - {round: 1, unit: orcs, order: hold}\n", 18, 26,
	     "unit: 'orcs' is a unit of side 'North'");
	only(ORDERS "      - {round: 1, unit: men, order: charge, target: "
		    "levy}\n",
	     18, 54, "target: 'levy' is a unit of the order's own side");
	only(ORDERS "      - {round: 1, unit: men, order: charge, target: "
		    "orks}\n",
	     18, 54,
	     "target: unknown enemy unit 'orks' (did you mean 'orcs'?)");
	only(ORDERS "      - {round: 1, rally: men, by: Hall}\n", 18, 36,
	     "by: unknown individual 'Hall' on side 'South' (did you mean "
	     "'Hal'?)");
	only(ORDERS "      - {round: 1, rally: men, by: Grak}\n", 18, 36,
	     "by: 'Grak' is an individual of side 'North'");
	only(ORDERS "      - {round: 1, unit: men, order: charje, target: "
		    "orcs}\n",
	     18, 38, "order: unknown value 'charje' (did you mean 'charge'?)");
	only(ORDERS "      - {round: 1, unit: men, ordre: hold}\n", 18, 31,
	     "unknown key 'ordre' in order (did you mean 'order'?)");
}

Test(loader_orders, s7_14_charge_needs_target)
{
	only(ORDERS "      - {round: 1, unit: men, order: charge}\n", 18, 9,
	     "a charge needs a target");
}

Test(loader_orders, entry_shape_errors)
{
	only(ORDERS "      - {unit: men, order: hold}\n", 18, 9,
	     "missing required key 'round'");
	only(ORDERS "      - {round: 0, unit: men, order: hold}\n", 18, 17,
	     "round: '0' is out of range (1 to 1000)");
	only(ORDERS "      - {round: 1, unit: men, rally: men, by: Hal}\n", 18,
	     9, "expected exactly one of unit");
	only(ORDERS "      - {round: 1, order: hold}\n", 18, 9,
	     "expected exactly one of unit");
	only(ORDERS "      - {round: 1, unit: men, order: move}\n", 18, 9,
	     "a move order needs its steps");
	only(ORDERS "      - {round: 1, unit: men, order: hold, steps: "
		    "[{advance: 2}]}\n",
	     18, 51, "steps: a hold order has no steps");
	only(ORDERS "      - {round: 1, unit: men, order: withdraw, steps: "
		    "[{advance: 2}]}\n",
	     18, 55,
	     "steps: a withdraw order has no steps (3\" straight back "
	     "[7.12])");
	only(ORDERS "      - {round: 1, unit: men, order: hold, by: Hal}\n", 18,
	     48, "by: not a key of a unit's order");
	only(ORDERS "      - {round: 1, rally: men, by: Hal, target: orcs}\n",
	     18, 49, "target: not a key of a rally entry");
	only(ORDERS "      - {round: 1, rally: men}\n", 18, 9,
	     "rally entry: missing required key 'by'");
	only(ORDERS "      - {round: 1, unit: men, order: hold}\n"
		    "      - {round: 1, unit: men, order: flee}\n",
	     19, 9, "unit 'men' already has an order for round 1 (line 18)");
	/* a rally entry and a unit order in one round are two phases */
	struct res r;
	load(&r, ORDERS "      - {round: 1, unit: men, order: hold}\n"
			"      - {round: 1, rally: men, by: Hal}\n");
	cr_expect_eq(r.st, BS_OK, "errors:%s", r.all);
	done(&r);
}

/* s7_9: the steps' form: one primitive each, angles within [7.9] */
Test(loader_orders, s7_9_step_errors)
{
	only(ORDERS "      - {round: 1, unit: men, order: move, steps: "
		    "[{advance: 2, wheel: 10}]}\n",
	     18, 52,
	     "step: expected exactly one of advance, wheel, face, "
	     "frontage, formation, fire, got 2");
	only(ORDERS "      - {round: 1, unit: men, order: move, steps: "
		    "[{advance: 2, angle: 60}]}\n",
	     18, 72, "angle: '60' is out of range (-45 to 45)");
	only(ORDERS "      - {round: 1, unit: men, order: move, steps: "
		    "[{wheel: 20, angle: 5}]}\n",
	     18, 71, "angle: only an advance step has an angle");
	only(ORDERS "      - {round: 1, unit: men, order: move, steps: "
		    "[{face: sideways}]}\n",
	     18, 59, "face: unknown value 'sideways'");
	only(ORDERS "      - {round: 1, unit: men, order: move, steps: "
		    "[{formation: mob}]}\n",
	     18, 64, "formation: unknown value 'mob'");
	only(ORDERS "      - {round: 1, unit: men, order: move, steps: "
		    "[{frontage: 0}]}\n",
	     18, 63, "frontage: '0' is out of range (1 to 96)");
	only(ORDERS "      - {round: 1, unit: men, order: move, steps: "
		    "[{advance: -1}]}\n",
	     18, 62, "advance: '-1' is out of range (0 to 1000)");
}

/* s2_10: orders are given to mobs only; a wheel up to 90 degrees */
Test(loader_orders, s2_10_mob_order_errors)
{
	only(ORDERS "      - {round: 1, mob: men, by: Hal, order: forward}\n",
	     18, 25,
	     "mob: 'men' is not a mob; orders are given to mobs only "
	     "[2.10]");
	only(ORDERS "      - {round: 1, mob: levy, by: Lord, order: wheel}\n",
	     18, 9, "mob order: missing required key 'angle'");
	only(ORDERS "      - {round: 1, mob: levy, by: Lord, order: wheel, "
		    "angle: 120}\n",
	     18, 62, "angle: '120' is out of range (-90 to 90)");
	only(ORDERS "      - {round: 1, mob: levy, by: Lord, order: forward, "
		    "angle: 10}\n",
	     18, 64, "angle: not a key of a mob order other than wheel");
	only(ORDERS "      - {round: 1, mob: levy, by: Lord, order: flee}\n",
	     18, 48, "order: unknown value 'flee'");
	only(ORDERS "      - {round: 1, mob: levy, order: charge}\n", 18, 9,
	     "mob order: missing required key 'by'");
}

Test(loader_orders, orders_need_a_scripted_side)
{
	only(BASE "    controller: doctrine\n"
		  "    orders:\n"
		  "      - {round: 1, unit: men, order: hold}\n",
	     19, 7,
	     "orders: side 'South' has controller: doctrine; only a scripted "
	     "side plays orders (controller: scripted)");
}

/* [11.6] [11.7] `declare:` and `sides:` of a unit's order: the words
 * (with set_pikes and shield_circle), a declaration alone is a hold, the
 * sides as a list, one name or `all`. BASE has no level: the Basic Game,
 * so each declaration also warns (special-level, RULING R-547). */
Test(loader_orders, declare_loaded)
{
	struct res r;
	load(&r, ORDERS
	     "      - {round: 1, unit: men, order: move, steps: [{advance: 2}],"
	     " declare: shield_wall}\n"
	     "      - {round: 2, unit: men, declare: set_pikes, sides: [front, "
	     "rear]}\n"
	     "      - {round: 3, unit: men, declare: set spears, sides: all}\n"
	     "      - {round: 4, unit: men, declare: shield_circle}\n"
	     "      - {round: 5, unit: men, order: move, steps: [{advance: 2}],"
	     " declare: none}\n"
	     "      - {round: 6, unit: men, declare: set_spears, sides: left}\n"
	     "      - {round: 7, unit: men, order: hold}\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_script_order *o = r.s->sides[1].orders;
	cr_assert_eq(r.s->sides[1].norders, 7);
	cr_expect(o[0].order.declares);
	cr_expect_eq(o[0].order.special, BS_SPECIAL_SHIELD_WALL);
	cr_expect_eq(o[0].order.kind, BS_ORDER_MOVE);
	cr_expect_eq(o[1].order.kind, BS_ORDER_HOLD, "a declaration alone");
	cr_expect_eq(o[1].order.special, BS_SPECIAL_SET_SPEARS);
	cr_expect_eq(o[1].order.sides,
		     BS_SIDE_BIT(BS_EDGE_FRONT) | BS_SIDE_BIT(BS_EDGE_REAR));
	cr_expect_eq(o[2].order.sides, BS_SIDES_ALL);
	cr_expect_eq(o[3].order.special, BS_SPECIAL_SHIELD_SQUARE);
	cr_expect(o[4].order.declares);
	cr_expect_eq(o[4].order.special, BS_SPECIAL_NONE);
	cr_expect_eq(o[5].order.sides, BS_SIDE_BIT(BS_EDGE_LEFT));
	cr_expect(!o[6].order.declares, "no declare: keep what it has");
	/* the Basic Game: one warning per declaration of a formation */
	int n = 0;
	for (size_t i = 0; i < r.s->warnings.count; i++)
		n += strstr(r.s->warnings.items[i].msg,
			    "(warning special-level)") != NULL;
	cr_expect_eq(n, 5, "declare: none gives none");
	done(&r);
	cr_expect_str_eq(bs_special_name[BS_SPECIAL_SET_SPEARS], "set-spears");
	cr_expect_str_eq(bs_special_name[BS_SPECIAL_SHIELD_SQUARE],
			 "shield-square");
}

Test(loader_orders, declare_errors)
{
	only(ORDERS "      - {round: 1, unit: men, declare: shield_wal}\n", 18,
	     40,
	     "declare: unknown value 'shield_wal' (did you mean "
	     "'shield_wall'?)");
	only(ORDERS "      - {round: 1, unit: men, declare: shield_wall, "
		    "sides: [rear]}\n",
	     18, 60, "sides: only with declare: set_spears");
	only(ORDERS "      - {round: 1, unit: men, order: hold, sides: all}\n",
	     18, 51, "sides: only with declare: set_spears");
	only(ORDERS "      - {round: 1, unit: men, declare: set_spears, sides: "
		    "[front, back]}\n",
	     18, 67, "sides: unknown value 'back'");
	only(ORDERS "      - {round: 1, unit: men, declare: set_spears, sides: "
		    "[]}\n",
	     18, 59, "sides: name at least one side");
	only(ORDERS "      - {round: 1, rally: men, by: Hal, declare: "
		    "shield_wall}\n",
	     18, 50, "declare: not a key of a rally entry");
}

/* Issue 12 item 1, [1.6 B] RULING R-377: `{round, melee: [units]}` names the
 * units of the side whose combats go first when it is Side A. */
Test(loader_orders, s1_6_b_melee_entries)
{
	struct res r;
	load(&r, ORDERS "      - {round: 3, melee: [levy, men]}\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_side *sd = &r.s->sides[1];
	cr_assert_eq(sd->norders, 1);
	cr_expect_eq(sd->orders[0].kind, BS_SCRIPT_MELEE);
	cr_expect_eq(sd->orders[0].round, 3);
	cr_assert_eq(sd->orders[0].nmelee, 2);
	cr_expect_eq(sd->orders[0].melee_units[0], 1);
	cr_expect_eq(sd->orders[0].melee_units[1], 0);
	done(&r);
	only(ORDERS "      - {round: 3, melee: [mne]}\n", 18, 28,
	     "unknown unit 'mne'");
	only(ORDERS "      - {round: 3, melee: []}\n", 18, 27,
	     "name the units whose combats are resolved first");
	only(ORDERS "      - {round: 3, melee: [men], order: hold}\n", 18, 41,
	     "order: not a key of a melee entry");
	only(ORDERS "      - {round: 3, melee: [men], unit: men}\n", 18, 9,
	     "exactly one of unit");
}

/* [10.6] RULING R-699 (R-697 for a unit's entry): an individual's
 * pass-through entry's `mover:` names an enemy unit, else an enemy
 * individual (his own move, R-698); without `mover:` a shot at an
 * individual waits for his own move (the error R-549 gave is gone). */
Test(loader_orders, s10_6_ruling_r699_hero_entry_mover_individual)
{
	struct res r;
	load(&r, ORDERS "      - {round: 1, fire: Lord, target: Grak, phase: "
			"pass_through, mover: Grak, after: 3}\n"
			"      - {round: 1, fire: Lord, target: orcs, phase: "
			"pass_through, mover: Grak}\n"
			"      - {round: 1, fire: Lord, target: Grak, phase: "
			"pass_through}\n"
			"      - {round: 1, fire: Lord, target: orcs, phase: "
			"pass_through}\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_script_order *o = r.s->sides[1].orders;
	cr_assert_eq(r.s->sides[1].norders, 4);
	for (int i = 0; i < 3; i++) {
		cr_expect_geq(o[i].indiv, 0, "entry %d", i);
		cr_expect_eq(o[i].fire, BS_FIRE_PASS_THROUGH, "entry %d", i);
		cr_expect_eq(o[i].mside, 0, "entry %d", i);
		cr_expect_eq(o[i].munit, -1, "entry %d", i);
		cr_expect_eq(o[i].mindiv, 0, "entry %d", i);
	}
	cr_expect_float_eq(o[0].after, 3.0, 1e-9);
	cr_expect_eq(o[1].iorder.tunit, 0);
	/* a unit's move, as before */
	cr_expect_eq(o[3].mside, 0);
	cr_expect_eq(o[3].munit, 0);
	cr_expect_eq(o[3].mindiv, -1);
	done(&r);
}

/* [10.6] RULING R-697: a unit's pass-through entry's `mover:` names an
 * enemy unit, else an enemy individual (his own move, R-674); without
 * `mover:` it waits for the target's move, a unit's or an individual's. */
Test(loader_orders, s10_6_pass_through_mover_individual)
{
	struct res r;
	load(&r, ORDERS "      - {round: 1, fire: men, target: Grak, phase: "
			"pass_through, mover: Grak, after: 2}\n"
			"      - {round: 1, fire: men, target: orcs, phase: "
			"pass_through, mover: Grak}\n"
			"      - {round: 1, fire: men, target: Grak, phase: "
			"pass_through}\n"
			"      - {round: 1, fire: men, target: Grak, phase: "
			"pass_through, mover: orcs}\n"
			"      - {round: 1, fire: men, target: orcs, phase: "
			"pass_through}\n"
			"      - {round: 1, fire: men, target: orcs}\n");
	cr_assert_eq(r.st, BS_OK, "errors:%s", r.all);
	const struct bs_script_order *o = r.s->sides[1].orders;
	cr_assert_eq(r.s->sides[1].norders, 6);
	/* his own move: (side 0, individual 0), no unit */
	for (int i = 0; i < 3; i++) {
		cr_expect_eq(o[i].fire, BS_FIRE_PASS_THROUGH, "entry %d", i);
		cr_expect_eq(o[i].mside, 0, "entry %d", i);
		cr_expect_eq(o[i].munit, -1, "entry %d", i);
		cr_expect_eq(o[i].mindiv, 0, "entry %d", i);
	}
	cr_expect_eq(o[0].iorder.tindiv, 0);
	cr_expect_float_eq(o[0].after, 2.0, 1e-9);
	cr_expect_eq(o[1].order.tunit, 0);
	cr_expect_eq(o[1].iorder.tindiv, -1);
	/* a unit's move, as before */
	for (int i = 3; i < 5; i++) {
		cr_expect_eq(o[i].mside, 0, "entry %d", i);
		cr_expect_eq(o[i].munit, 0, "entry %d", i);
		cr_expect_eq(o[i].mindiv, -1, "entry %d", i);
	}
	cr_expect_eq(o[5].fire, BS_FIRE_PHASE);
	cr_expect_eq(o[5].mindiv, -1);
	done(&r);
}

Test(loader_orders, s10_6_pass_through_mover_errors)
{
	only(ORDERS "      - {round: 1, fire: men, target: orcs, phase: "
		    "pass_through, mover: Grk}\n",
	     18, 73,
	     "mover: unknown enemy unit or individual 'Grk' (did you mean "
	     "'Grak'?)");
	only(ORDERS "      - {round: 1, fire: men, target: orcs, phase: "
		    "pass_through, mover: Hal}\n",
	     18, 73,
	     "mover: 'Hal' is of the order's own side; pass-through fire "
	     "waits for an enemy's move [10.6]");
	only(ORDERS "      - {round: 1, fire: Lord, target: orcs, phase: "
		    "pass_through, mover: Gark}\n",
	     18, 74,
	     "mover: unknown enemy unit or individual 'Gark' (did you mean "
	     "'Grak'?)");
	only(ORDERS "      - {round: 1, fire: men, target: orcs, phase: "
		    "missile, mover: Grak}\n",
	     18, 68, "mover: not a key of a fire entry but pass_through");
}
