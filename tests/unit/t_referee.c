/* Referee mode (issue 17): the reading of an entered roll (RULING R-420,
 * R-421; [8.4 B] 2d6, [4.3] 2d10, [9.1 T11] d10, the matrix d100), and
 * that every roll of a 1E, 2E and matrix battle states its reason
 * (bs_dice_why) and the dice it names are the dice rolled: an asking
 * source that answers "program" plays the battle the generator plays. */
#include <criterion/criterion.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/dice.h"
#include "battlesim/scenario.h"
#include "ai_attach.h"

static const struct bs_roll_why w2d6 = {
    BS_ROLL_ATTACK, {6, 6}, 0, "attacking", "[8.4 B]"};
static const struct bs_roll_why wd10 = {
    BS_ROLL_FATE, {10, 0}, 1, "fate", "[9.1 T11]"};
static const struct bs_roll_why wd100 = {
    BS_ROLL_MORALE, {100, 0}, 1, "morale", "[M2.3a]"};

static struct bs_dice_req req(const struct bs_roll_why *w, int items)
{
	struct bs_dice_req q = {
	    w, items, {w->sides[0], w->sides[1]}, -1, -1, -1, -1, -1, -1};
	return q;
}

Test(referee, s8_4_b_answers)
{
	struct bs_dice_req q = req(&w2d6, 1);
	int d[4], tot;
	char err[200];
	/* [8.4 B] 2d6: the dice, or the total (R-421: 7 -> 4+3) */
	cr_assert_eq(bs_dice_answer_parse(&q, "3 4", d, 2, &tot, err, 200), 0);
	cr_assert(d[0] == 3 && d[1] == 4 && !tot);
	cr_assert_eq(bs_dice_answer_parse(&q, "7", d, 2, &tot, err, 200), 0);
	cr_assert(d[0] == 4 && d[1] == 3 && tot);
	cr_assert_eq(bs_dice_answer_parse(&q, "12", d, 2, &tot, err, 200), 0);
	cr_assert(d[0] == 6 && d[1] == 6);
	/* refused: out of range, words, empty, too many */
	cr_assert_eq(bs_dice_answer_parse(&q, "13", d, 2, &tot, err, 200), -1);
	cr_assert(strstr(err, "2 to 12"), "%s", err);
	cr_assert_eq(bs_dice_answer_parse(&q, "1", d, 2, &tot, err, 200), -1);
	cr_assert_eq(bs_dice_answer_parse(&q, "3 7", d, 2, &tot, err, 200), -1);
	cr_assert(strstr(err, "d6"), "%s", err);
	cr_assert_eq(bs_dice_answer_parse(&q, "seven", d, 2, &tot, err, 200),
		     -1);
	cr_assert_eq(bs_dice_answer_parse(&q, "", d, 2, &tot, err, 200), -1);
	cr_assert_eq(bs_dice_answer_parse(&q, "1 2 3", d, 2, &tot, err, 200),
		     -1);
	/* a d10's 0 is 10 [9.1 T11]; a d100's 00 is 100 */
	q = req(&wd10, 1);
	cr_assert_eq(bs_dice_answer_parse(&q, "0", d, 1, &tot, err, 200), 0);
	cr_assert_eq(d[0], 10);
	cr_assert_eq(bs_dice_answer_parse(&q, "11", d, 1, &tot, err, 200), -1);
	q = req(&wd100, 1);
	cr_assert_eq(bs_dice_answer_parse(&q, "00", d, 1, &tot, err, 200), 0);
	cr_assert_eq(d[0], 100);
	cr_assert_eq(bs_dice_answer_parse(&q, "57", d, 1, &tot, err, 200), 0);
	cr_assert_eq(d[0], 57);
}

struct asked {
	long n, other;
};

static int program(void *ctx, const struct bs_dice_req *q, int *dice, int n)
{
	struct asked *a = ctx;
	(void)dice;
	(void)n;
	a->n++;
	if (!q->why || q->why->kind == BS_ROLL_OTHER)
		a->other++;
	return 1;
}

static void battle_of(const char *path)
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_file(path, &sc, &d), BS_OK, "%s", path);
	struct bs_battle *b = NULL, *c = NULL;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	cr_assert_eq(bs_battle_new(sc, &c, &d), BS_OK);
	struct bs_ai_set *ai = calloc(1, sizeof *ai),
			 *ai2 = calloc(1, sizeof *ai2);
	bs_ai_set_init(ai);
	bs_ai_set_init(ai2);
	static int pend[2 * BS2E_MAX_DICE];
	for (uint64_t seed = 1; seed <= 5; seed++) {
		struct asked a = {0, 0};
		struct bs_dice_asker k = {program, &a};
		bs_battle_reset(b, seed, 0);
		attach_ok(ai, b);
		bs_dice_source_ask(&b->dice, &k, &b->rng, pend,
				   2 * BS2E_MAX_DICE);
		bs_battle_play(b, 0);
		bs_battle_reset(c, seed, 0);
		attach_ok(ai2, c);
		bs_battle_play(c, 0);
		cr_assert_gt(a.n, 0, "%s: no roll asked", path);
		cr_assert_eq(a.other, 0, "%s: a roll without its reason", path);
		cr_assert_eq(b->dice.unreasoned, 0,
			     "%s seed %d: dice named and rolled differ", path,
			     (int)seed);
		cr_assert_eq(b->result.winner, c->result.winner);
		cr_assert_eq(b->result.rounds, c->result.rounds);
		for (int g = 0; g < b->nunits; g++)
			cr_assert_eq(b->units[g].figures, c->units[g].figures);
	}
	free(ai);
	free(ai2);
	bs_battle_free(b);
	bs_battle_free(c);
	bs_scenario_free(sc);
	bs_diags_release(&d);
}

Test(referee, every_roll_has_its_reason)
{
	battle_of("data/scenarios/borderland-raid.yaml");
	battle_of("data/scenarios/borderland-raid-2e.yaml");
	battle_of("data/scenarios/shield-lands-matrix.yaml");
	/* issue 15: [5.2] [9.4 B] individual initiative, to hit, damage */
	battle_of("data/scenarios/heroes-of-the-pass.yaml");
}
