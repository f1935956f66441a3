/* The referee's `odds` in the matrix (issue 17, RULING R-434): the numbers
 * of a brigade's attack now (bs_mx_attack_now) are the ones the attack
 * step then uses [M3.4a]-[M3.4d] [M3.5] (the rating with the stacking
 * penalty R-263 and the same-location +1, the defense, the classes that
 * count R-250 R-251), the roll made is one of the 100 outcomes of 2d10
 * the distribution counts with the points it gave, and the distribution
 * is exact (100 outcomes, its mean the AI's expectation); magic has no
 * roll: its points are R-258's; an aerial brigade's split attack
 * counts the classes that attacked. Over 8 battles of each matrix
 * scenario. */
#include <criterion/criterion.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/matrix.h"
#include "battlesim/scenario.h"
#include "ai_attach.h"

struct seen {
	struct bs_battle *b;
	long checked, magic, skipped, split;
};

static void emit(void *ctx, const struct bs_event *ev)
{
	struct seen *w = ctx;
	const struct bs_battle *b = w->b;
	if (ev->type != BS_EV_MX_ATTACK || ev->side < 0 || ev->tside < 0)
		return;
	int g = b->side_first[ev->side] + ev->unit;
	int h = b->side_first[ev->tside] + ev->tunit;
	enum bs_mx_mode mode = (enum bs_mx_mode)ev->n[0];
	const struct bs_mx_state *a = bs_mx_state(b, g);
	/* the attack step's scouts' flag is the brigade's own in the scouts'
	 * attack [M3.5]; elsewhere not compared */
	if (mode != BS_MX_MAGIC && ev->n[7] != a->def->scouts) {
		w->skipped++;
		return;
	}
	/* a spell is spent as it is cast: its last one is not compared */
	if (mode == BS_MX_MAGIC && a->magic_left <= 0) {
		w->skipped++;
		return;
	}
	struct bs_mx_attack_now an;
	cr_assert_eq(bs_mx_attack_now(b, g, h, mode, &an), 0);
	cr_assert_null(an.cannot, "%s on %s (%s): %s", a->def->name,
		       bs_mx_state(b, h)->def->name, bs_mx_mode_name[mode],
		       an.cannot);
	/* [M4.2] an aerial brigade's classes split between brigades (the
	 * AI's, RULING R-436): odds shows all of them at the one target;
	 * the step's attack counts those that attacked it */
	int classes = an.classes;
	if (a->def->aerial && ev->n[5] < an.classes && ev->n[5] > 0) {
		classes = ev->n[5];
		w->split++;
	} else {
		cr_assert_eq(an.classes, ev->n[5], "classes");
	}
	cr_assert_eq(an.full_class, ev->n[6], "full class");
	if (mode == BS_MX_MAGIC) {
		cr_assert(an.magic && !an.rolled);
		cr_assert_eq(an.points, ev->n[4], "magic points");
		w->magic++;
		return;
	}
	cr_assert(an.rolled && !an.magic);
	cr_assert_eq(an.rating, ev->n[1], "%s: rating %d, the step's %d",
		     a->def->name, an.rating, ev->n[1]);
	cr_assert_eq(an.deriv.value, an.rating);
	cr_assert_eq(an.defense, ev->n[2], "defense");
	int sum = 0, mean = 0;
	for (int p = 0; p < BS_MX_ODDS_POINTS; p++) {
		sum += an.ways[p];
		mean += p * an.ways[p];
	}
	cr_assert_eq(sum, 100);
	cr_assert_eq(mean, an.expected100);
	/* the split's numbers (bs_mx_split_value100) are the same attack
	 * (an aerial brigade's: never scouts) */
	if (!an.scouts)
		cr_assert_eq(
		    bs_mx_split_value100(b, g, h, mode, an.classes, -1),
		    an.expected100, "%s", a->def->name);
	/* the roll made: its outcome gives the points the step gave */
	const struct bs_matrix_field *f = b->sc->matrix;
	int adj = bs_mx_t1_adjusted(&f->t1, ev->dice[0] + ev->dice[1], an.diff,
				    classes, an.full_class);
	cr_assert_eq(adj, ev->n[3], "adjusted roll");
	cr_assert_eq(bs_mx_t1_points(&f->t1, adj), ev->n[4]);
	if (classes == an.classes)
		cr_assert_gt(an.ways[ev->n[4]], 0);
	w->checked++;
}

static void battles_of(const char *path, struct seen *w)
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_file(path, &sc, &d), BS_OK, "%s", path);
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	bs_ai_set_init(ai);
	w->b = b;
	struct bs_event_sink sink = {emit, w};
	for (uint64_t seed = 1; seed <= 8; seed++) {
		bs_battle_reset(b, seed, 0);
		attach_ok(ai, b);
		bs_battle_set_sink(b, &sink);
		bs_battle_play(b, 0);
	}
	free(ai);
	bs_battle_free(b);
	bs_scenario_free(sc);
	bs_diags_release(&d);
}

/* [M3.4] RULING R-434: odds' numbers are the attack step's */
Test(referee_mx_odds, m3_4_r434_attack_now_is_the_attack_step)
{
	struct seen w = {0};
	battles_of("data/scenarios/shield-lands-matrix.yaml", &w);
	battles_of("tests/data/matrix_orders.yaml", &w);
	battles_of("tests/data/matrix_example.yaml", &w);
	cr_assert_gt(w.checked, 50, "only %ld attacks compared", w.checked);
	cr_assert_gt(w.magic, 0, "no spell compared");
	cr_assert_gt(w.split, 0, "no split aerial attack compared [M4.2]");
}

/* [M3.4] [M3.4a] attacks that cannot be made now say why */
Test(referee_mx_odds, m3_4_r434_cannot)
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(
	    bs_scenario_load_file("tests/data/matrix_orders.yaml", &sc, &d),
	    BS_OK);
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_battle_reset(b, 7, 0);
	struct bs_mx_attack_now an;
	/* one army's two brigades */
	cr_assert_eq(bs_mx_attack_now(b, 0, 1, BS_MX_MELEE, &an), 0);
	cr_assert_str_eq(an.cannot, "the two brigades are of one army");
	/* a brigade in the reserve at the start */
	int res = -1, field = -1, enemy = -1;
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_mx_state *t = bs_mx_state(b, g);
		if (t->where == BS_MX_RESERVE && res < 0)
			res = g;
	}
	for (int g = 0; g < b->nunits; g++)
		if (bs_mx_state(b, g)->where == BS_MX_FIELD &&
		    (res < 0 || b->units[g].side != b->units[res].side)) {
			if (field < 0)
				field = g;
		}
	for (int g = 0; g < b->nunits; g++)
		if (field >= 0 && b->units[g].side != b->units[field].side &&
		    bs_mx_state(b, g)->where == BS_MX_FIELD)
			enemy = g;
	cr_assert(res >= 0 && field >= 0 && enemy >= 0);
	cr_assert_eq(bs_mx_attack_now(b, field, res, BS_MX_MISSILE, &an), 0);
	cr_assert_not_null(an.cannot);
	cr_assert_str_eq(an.cite, "[M1.2] [M3.4]");
	cr_assert_eq(bs_mx_attack_now(b, -1, res, BS_MX_MISSILE, &an), -1);
	bs_battle_free(b);
	bs_scenario_free(sc);
	bs_diags_release(&d);
}
