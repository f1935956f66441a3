/* [M4.2] the matrix AI's split of an aerial brigade's classes (RULING
 * R-436, src/ai/matrix_ai.c ai_aerial) and the engine's numbers it uses
 * (bs_mx_aerial_may, bs_mx_points_left, bs_mx_split_value100,
 * src/matrix/round.c). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/matrix.h"
#include "battlesim/scenario.h"
#include "matrix/mx_int.h"

#define HEAD "name: t\nrules: matrix\nmatrix: {rows: 4, columns: 3}\nsides:\n"
/* 300 men: 3 classes; melee ceil((21 - 18 + 8 + 1) / 10) = 2 */
#define GRIFFONS(men, at)                                                      \
	"      - {name: Griffons, type: air-cavalry, at: " at ", men: " men    \
	", move: 30, ac: 3, hd: 3, thac0: 18, melee: {damage: d8}}\n"
/* 0-level foot, AC 5: defense 2, 5 damage points */
#define FOOT(name, at)                                                         \
	"      - {name: " name ", type: infantry, at: " at ", move: 12, ac: "  \
	"5, melee: {damage: d8}}\n"

static struct bs_scenario *sc;
static struct bs_battle *b;

struct rec {
	int n;
	struct bs_event ev[256];
};
static struct rec rec;

static void rec_emit(void *ctx, const struct bs_event *ev)
{
	struct rec *r = ctx;
	if (r->n < 256)
		r->ev[r->n++] = *ev;
}

static void setup(const char *yaml)
{
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(
	    bs_scenario_load_string(yaml, strlen(yaml), "t.yaml", &sc, &d),
	    BS_OK, "%s", d.count ? d.items[0].msg : "load failed");
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_diags_release(&d);
	bs_battle_reset(b, 1, 0);
}

static void teardown(void)
{
	bs_battle_free(b);
	bs_scenario_free(sc);
	b = NULL;
	sc = NULL;
}

/* Expected damage x 100 of Table 1 (the ruled bands 9, 13, ... 37) at
 * difference diff with k of 5 classes, worked here from R-250. */
static long t1(int diff, int k)
{
	static const int band[] = {9, 13, 17, 21, 25, 29, 33, 37};
	long s = 0;
	for (int d1 = 1; d1 <= 10; d1++)
		for (int d2 = 1; d2 <= 10; d2++)
			for (int i = 0; i < 8; i++)
				s += d1 + d2 + 2 * diff - (5 - k) >= band[i];
	return s;
}

/* griffons of 3 classes at a location with two enemy brigades,
 * rating 2 against defense 2: all 3 at the orcs expect 0.79 points, 2 and
 * 1 at the two brigades 0.61 + 0.46 = 1.07: the AI splits them, 2 at its
 * target (the first of two equal ones) and 1 at the goblins. */
Test(matrix_ai_split, m4_2_r436_splits_when_it_gains, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" GRIFFONS(
	    "300", "[2, 2]") "  - name: B\n    brigades:\n" FOOT("Orcs",
								 "[3, 2]")
		  FOOT("Goblins", "[3, 2]") FOOT("Far", "[4, 1]"));
	bs_mx_set_place(b, 0, 2, 1); /* into their location */
	cr_assert_eq(t1(0, 3), 79);
	cr_assert_eq(t1(0, 2), 61);
	cr_assert_eq(t1(0, 1), 46);
	/* the engine's numbers: the step's rating and Table 1 */
	cr_assert_eq(bs_mx_split_value100(b, 0, 1, BS_MX_MELEE, 3, -1), 79);
	cr_assert_eq(bs_mx_split_value100(b, 0, 1, BS_MX_MELEE, 1, -1), 46);
	cr_assert_eq(bs_mx_points_left(b, 1), 5);
	cr_assert(bs_mx_aerial_may(b, 0, 2, BS_MX_MELEE));
	cr_assert(!bs_mx_aerial_may(b, 0, 3, BS_MX_MELEE), "another location");
	cr_assert(bs_mx_aerial_may(b, 0, 3, BS_MX_MISSILE), "adjacent");
	struct bs_mx_controller ai;
	bs_mx_ai_init(&ai);
	cr_assert_not_null(ai.aerial);
	int cls[8] = {0};
	ai.aerial(ai.ctx, b, 0, BS_MX_MELEE, 1, cls);
	cr_expect_eq(cls[1], 0, "the target takes the rest (2)");
	cr_expect_eq(cls[2], 1, "1 class at the goblins");
	cr_expect_eq(cls[3], 0);
}

/* a split no better than all at the target is not made: one class
 * (two equal enemies: a tie), and a second enemy whose points are all
 * dealt already this round (R-260: nothing more to take). */
Test(matrix_ai_split, m4_2_r436_no_split_without_gain, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" GRIFFONS(
	    "100", "[2, 2]") "  - name: B\n    brigades:\n" FOOT("Orcs",
								 "[3, 2]")
		  FOOT("Goblins", "[3, 2]"));
	bs_mx_set_place(b, 0, 2, 1);
	struct bs_mx_controller ai;
	bs_mx_ai_init(&ai);
	int cls[8] = {0};
	ai.aerial(ai.ctx, b, 0, BS_MX_MELEE, 1, cls);
	cr_expect(cls[1] == 0 && cls[2] == 0, "one class: no gain, no split");
	teardown();
	setup(HEAD "  - name: A\n    brigades:\n" GRIFFONS(
	    "300", "[2, 2]") "  - name: B\n    brigades:\n" FOOT("Orcs",
								 "[3, 2]")
		  FOOT("Goblins", "[3, 2]"));
	bs_mx_set_place(b, 0, 2, 1);
	mx_sc(b)->st[2].pending = 5;
	cr_assert_eq(bs_mx_points_left(b, 2), 0);
	cr_assert_eq(bs_mx_split_value100(b, 0, 2, BS_MX_MELEE, 2,
					  bs_mx_points_left(b, 2)),
		     0);
	memset(cls, 0, sizeof cls);
	ai.aerial(ai.ctx, b, 0, BS_MX_MELEE, 1, cls);
	cr_expect(cls[1] == 0 && cls[2] == 0,
		  "the goblins can take no more: all at the orcs");
	/* the cap: the orcs with 1 point left are worth at most 1 a roll */
	mx_sc(b)->st[2].pending = 0;
	mx_sc(b)->st[1].pending = 4;
	memset(cls, 0, sizeof cls);
	ai.aerial(ai.ctx, b, 0, BS_MX_MELEE, 1, cls);
	cr_expect(cls[2] >= 2, "most classes at the goblins: %d", cls[2]);
}

/* R-436 in play: the AI's griffons step into the location and split;
 * the attack events count the classes that attacked each, none
 * rejected. */
Test(matrix_ai_split, m4_2_r436_split_in_play, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" GRIFFONS(
	    "300", "[2, 2]") "  - name: B\n    controller: hold\n    "
			     "brigades:\n" FOOT("Orcs", "[3, 2]")
				 FOOT("Goblins", "[3, 2]"));
	struct bs_ai_set *set = calloc(1, sizeof *set);
	struct bs_diags d;
	bs_diags_init(&d);
	bs_ai_set_init(set);
	cr_assert_eq(bs_ai_attach(set, b, &d), BS_OK);
	memset(&rec, 0, sizeof rec);
	struct bs_event_sink sink = {rec_emit, &rec};
	bs_battle_set_sink(b, &sink);
	bs_battle_reset(b, 1, 0);
	int script[64];
	for (int i = 0; i < 64; i++)
		script[i] = 5;
	script[0] = 6;
	script[1] = 1;
	bs_dice_source_script(&b->dice, script, 64);
	bs_battle_round(b);
	int n = 0, sum = 0, rejected = 0;
	for (int i = 0; i < rec.n; i++) {
		if (rec.ev[i].type == BS_EV_REJECTED)
			rejected++;
		if (rec.ev[i].type == BS_EV_MX_ATTACK && rec.ev[i].side == 0) {
			n++;
			sum += rec.ev[i].n[5];
			cr_expect_str_eq(rec.ev[i].cite, "[M4.2] RULING R-251");
		}
	}
	cr_expect_eq(n, 2, "an attack on each brigade");
	cr_expect_eq(sum, 3, "its 3 classes");
	cr_expect_eq(rejected, 0);
	bs_diags_release(&d);
	free(set);
}
