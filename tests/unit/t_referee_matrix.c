/* Referee mode for the matrix card system (issue 17, RULINGS R-426,
 * a session whose two human armies type, at every prompt, what
 * the matrix AI would decide there, in the prompts' grammar, plays the
 * battle the AI plays, event for event, over whole battles of the
 * built-in and the example scenario ([M3.2] moves and reserve entries,
 * [M3.3] declarations and engagements, [M3.4a] [M3.4b] [M3.5] free
 * targets); and the check of each kind of answer against the rules. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/matrix.h"
#include "battlesim/referee.h"
#include "battlesim/report.h"
#include "battlesim/scenario.h"

#define MAXG (BS_MAX_SIDES * BS_MX_MAX_BRIGADES)

/* Every event as its text line, in order. */
struct lines {
	char **l;
	long n, cap;
};

static void keep(struct lines *ls, const struct bs_scenario *sc,
		 const struct bs_event *ev)
{
	char line[BS_REPORT_LINE_MAX];
	bs_report_text(sc, ev, line, sizeof line);
	if (ls->n == ls->cap) {
		ls->cap = ls->cap ? 2 * ls->cap : 512;
		ls->l = realloc(ls->l, (size_t)ls->cap * sizeof *ls->l);
		cr_assert_not_null(ls->l);
	}
	ls->l[ls->n++] = strdup(line);
}

static void drop(struct lines *ls)
{
	for (long i = 0; i < ls->n; i++)
		free(ls->l[i]);
	free(ls->l);
}

struct plain {
	struct lines *ls;
	const struct bs_scenario *sc;
};

static void plain_emit(void *ctx, const struct bs_event *ev)
{
	struct plain *p = ctx;
	keep(p->ls, p->sc, ev);
}

/* The session's UI: go at each round, the AI's answer typed at each
 * question (the dice are the program's). */
struct ui {
	struct lines ls;
	const struct bs_scenario *sc;
	struct bs_mx_controller ai;
	char text[512];
	long asked[BS_HUMAN__COUNT];
};

static int ai_says(struct ui *u, const struct bs_ref *r,
		   const struct bs_battle *b, const struct bs_human_q *q)
{
	if (q->kind == BS_HUMAN_MX_ORDER) {
		/* [M3.2] RULING R-438: the AI's order, typed by name */
		struct bs_human_answer a;
		memset(&a, 0, sizeof a);
		bs_ref_mx_ai_order(r, &u->ai, q, &a);
		size_t k = 0;
		u->text[0] = '\0';
		for (int i = 0; i < a.nseq && k < sizeof u->text; i++)
			k += (size_t)snprintf(
			    u->text + k, sizeof u->text - k, "%s%s",
			    i ? ", " : "",
			    b->units[b->side_first[q->side] + a.seq[i]]
				.def->name);
		if (!a.nseq)
			snprintf(u->text, sizeof u->text, "in order");
		return 0;
	}
	int g = b->side_first[q->side] + q->unit, loc[MAXG];
	const struct bs_mx_state *t = bs_mx_state(b, g);
	for (int h = 0; h < MAXG; h++)
		loc[h] = -1;
	if (q->kind == BS_HUMAN_MX_MOVE) {
		struct bs_mx_move m;
		memset(&m, 0, sizeof m);
		m.enter_col = -1;
		u->ai.move(u->ai.ctx, b, g, &m);
		bs_scenario_mx_move_text(q->side, &m, u->text, sizeof u->text);
		return 0;
	}
	if (q->kind == BS_HUMAN_MX_AERIAL) {
		/* [M4.2] RULING R-437: the AI's split, typed */
		int split[BS_MX_MAX_BRIGADES];
		bs_ref_mx_ai_split(r, &u->ai, q, split);
		bs_ref_mx_split_text(r, q, split, u->text, sizeof u->text);
		return 0;
	}
	if (q->kind == BS_HUMAN_MX_ATTACK)
		u->ai.declare(u->ai.ctx, b, q->side, t->row, t->col, loc);
	if (q->kind == BS_HUMAN_MX_ENGAGE)
		u->ai.defend(u->ai.ctx, b, q->side, t->row, t->col, loc);
	int tg = q->kind == BS_HUMAN_MX_TARGET
		     ? u->ai.target(u->ai.ctx, b, g, (enum bs_mx_mode)q->mode)
		     : loc[g];
	/* the other words of the grammar: a bare name, or the key */
	snprintf(u->text, sizeof u->text, "%s%s",
		 tg < 0 || q->kind != BS_HUMAN_MX_ENGAGE ? "" : "engage: ",
		 tg >= 0			 ? b->units[tg].def->name
		 : q->kind == BS_HUMAN_MX_ATTACK ? "hold"
						 : "none");
	return 0;
}

static enum bs_ref_reply prompt(void *ctx, struct bs_ref *r,
				const struct bs_ref_prompt *p,
				struct bs_ref_input *in, long *to)
{
	struct ui *u = ctx;
	(void)to;
	if (p->wait == BS_WAIT_ROUND) {
		if (r->b->result.over)
			return BS_REPLY_QUIT;
		in->type = BS_IN_GO;
		return BS_REPLY_INPUT;
	}
	cr_assert_eq(p->wait, BS_WAIT_ASK, "every die is the program's");
	u->asked[p->q->kind]++;
	ai_says(u, r, r->b, p->q);
	in->text = u->text;
	in->round = p->round;
	char why[512];
	cr_assert_eq(bs_ref_read_answer(r, p->q, in, why, sizeof why), 0,
		     "'%s' refused: %s", u->text, why);
	return BS_REPLY_INPUT;
}

static void event(void *ctx, const struct bs_event *ev, int fresh)
{
	struct ui *u = ctx;
	if (fresh)
		keep(&u->ls, u->sc, ev);
}

static long splits_asked;

static void battle(const char *path, uint64_t seed)
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_file(path, &sc, &d), BS_OK, "%s", path);
	/* the AI's battle */
	struct lines want = {0};
	struct plain pl = {&want, sc};
	struct bs_event_sink sink = {plain_emit, &pl};
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	struct bs_ai_set *set = calloc(1, sizeof *set);
	bs_ai_set_init(set);
	for (int s = 0; s < 2; s++)
		cr_assert_eq(bs_ai_attach_named(set, b, s, "doctrine", &d),
			     BS_OK);
	bs_battle_set_sink(b, &sink);
	bs_battle_reset(b, seed, 0);
	bs_battle_play(b, 0);
	/* the session: human armies typing the AI's answers */
	int sides[BS_MAX_SIDES] = {BS_REF_HUMAN, BS_REF_HUMAN};
	int dice[BS_ROLL__COUNT];
	for (int k = 0; k < BS_ROLL__COUNT; k++)
		dice[k] = BS_REF_PROGRAM;
	struct bs_ref *r = NULL;
	cr_assert_eq(bs_ref_new(sc, seed, sides, dice, &r, &d), BS_OK, "%s",
		     d.count ? d.items[0].msg : "");
	struct ui *u = calloc(1, sizeof *u);
	u->sc = sc;
	bs_mx_ai_init(&u->ai);
	struct bs_ref_ui rui = {u, prompt, event, NULL, NULL};
	cr_assert_eq(bs_ref_run(r, &rui), BS_OK);
	cr_assert(r->b->result.over, "%s seed %d: a whole battle", path,
		  (int)seed);
	cr_expect_gt(want.n, 50);
	cr_expect_gt(u->asked[BS_HUMAN_MX_MOVE], 0);
	cr_expect_gt(
	    u->asked[BS_HUMAN_MX_ATTACK] + u->asked[BS_HUMAN_MX_ENGAGE], 0);
	splits_asked += u->asked[BS_HUMAN_MX_AERIAL];
	cr_expect_gt(u->asked[BS_HUMAN_MX_ORDER], 0, "the order of the moves");
	cr_assert_eq(u->ls.n, want.n, "%s seed %d: %ld events, the AI's %ld",
		     path, (int)seed, u->ls.n, want.n);
	for (long i = 0; i < want.n; i++)
		cr_assert_str_eq(u->ls.l[i], want.l[i], "%s seed %d event %ld",
				 path, (int)seed, i);
	cr_expect_eq(r->b->result.winner, b->result.winner);
	drop(&want);
	drop(&u->ls);
	free(u);
	bs_ref_free(r);
	free(set);
	bs_battle_free(b);
	bs_scenario_free(sc);
	bs_diags_release(&d);
}

Test(referee_matrix, r427_typed_answers_play_the_ai_battle)
{
	splits_asked = 0;
	for (uint64_t seed = 1; seed <= 3; seed++) {
		battle("data/scenarios/shield-lands-matrix.yaml", seed);
		battle("tests/data/matrix_example.yaml", seed);
	}
	battle("tests/data/matrix_example.yaml", 7);
	/* [M4.2] R-437: the griffons' and hippogriffs' splits were asked,
	 * and the AI's split typed played as the AI plays it */
	cr_expect_gt(splits_asked, 0);
}

/* The check of each kind of matrix answer [M3.2] [M3.3] [M3.4]. */
Test(referee_matrix, r427_answers_checked_against_the_rules)
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(
	    bs_scenario_load_file("tests/data/matrix_example.yaml", &sc, &d),
	    BS_OK);
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_battle_reset(b, 1, 0);
	/* A1 Baron's Foot at row 2, column 2 (MV 1); A4 Hedge Wizards in
	 * the reserve; B1 Raider Band at row 3, column 2 */
	struct bs_human_q q = {
	    .kind = BS_HUMAN_MX_MOVE, .indiv = -1, .eside = -1, .eunit = -1};
	struct bs_human_answer a;
	memset(&a, 0, sizeof a);
	a.mx_move.enter_col = -1;
	a.mx_target = -1;
	const char *why, *cite;
	a.mx_move.nsteps = 1;
	a.mx_move.step[0].dr = 1; /* forward: into B1's location */
	cr_expect(bs_ai_human_check(b, &q, &a, &why, &cite));
	a.mx_move.nsteps = 2;
	a.mx_move.step[1].dc = 1;
	a.mx_move.step[1].dr = 0;
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite));
	cr_expect_str_eq(cite, "[M3.2]");
	cr_expect(strstr(why, "stops at the enemy stack"), "%s", why);
	a.mx_move.step[0].dr = -1; /* back, then east: past its MV 1 */
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite));
	cr_expect_str_eq(why, "no movement points left");
	a.mx_move.nsteps = 1;
	a.mx_move.step[0].dr = 1;
	a.mx_move.step[0].dc = 1; /* a diagonal */
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite));
	cr_expect_str_eq(cite, "[M2.3b]");
	a.mx_move.nsteps = 0;
	a.mx_move.enter_col = 1;
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite));
	cr_expect_str_eq(why, "not in the reserve: no column to enter");
	q.unit = 3; /* the Hedge Wizards, in the reserve */
	a.mx_move.enter_col = -1;
	a.mx_move.nsteps = 1;
	a.mx_move.step[0].dr = 1;
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite));
	cr_expect_str_eq(cite, "[M3.2] RULING R-262");
	a.mx_move.enter_col = 5;
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite));
	cr_expect_str_eq(why, "no such column of the back row");
	a.mx_move.enter_col = 1;
	a.mx_move.nsteps = 0;
	cr_expect(bs_ai_human_check(b, &q, &a, &why, &cite));
	a.mx_move.nsteps = 1;
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite), "MV 1");
	/* B3 Hippogriff Riders (MV 3): entered, then back into the reserve
	 * the battle unchanged */
	struct bs_mx_move m = {1, 1, {{1, 0}}};
	struct bs_mx_move_check c;
	int h = b->side_first[1] + 2;
	cr_expect(bs_mx_check_move(b, h, &m, &c));
	cr_expect_eq(c.where, BS_MX_RESERVE);
	cr_expect_eq(c.used, 2);
	cr_expect_eq(c.unplayed, 0);
	cr_expect_eq(bs_mx_state(b, h)->where, BS_MX_RESERVE);
	m.nsteps = 2;
	m.step[1].dr = -1;
	cr_expect(bs_mx_check_move(b, h, &m, &c));
	cr_expect_eq(c.unplayed, 1, "a step after it is back in the reserve");
	/* west past column 1: a new column [M1.3] (option new_columns) */
	struct bs_mx_move w = {-1, 1, {{0, -1}}};
	cr_expect(bs_mx_check_move(b, b->side_first[0] + 2, &w, &c));
	cr_expect(c.new_column);
	cr_expect_eq(c.col, 0);
	cr_expect_eq(bs_mx_cols(b), 3, "the battle is not changed");
	/* [M3.3] A1 and B1 apart: no attack declared across locations */
	q.kind = BS_HUMAN_MX_ATTACK;
	q.unit = 0;
	a.mx_target = b->side_first[1] + 0;
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite));
	cr_expect_str_eq(cite, "[M3.3] RULING R-253");
	a.mx_target = -1;
	cr_expect(bs_ai_human_check(b, &q, &a, &why, &cite), "hold back");
	q.kind = BS_HUMAN_MX_ENGAGE;
	a.mx_target = b->side_first[1] + 0;
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite));
	cr_expect_str_eq(cite, "[M3.3]");
	/* [M3.4b] in reach: the same or an adjacent location, diagonals
	 * included; B2 Raider Horse at row 4, column 3 is not */
	q.kind = BS_HUMAN_MX_TARGET;
	q.mode = BS_MX_MISSILE;
	cr_expect(bs_ai_human_check(b, &q, &a, &why, &cite), "row 3 col 2");
	a.mx_target = b->side_first[1] + 1;
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite));
	cr_expect_str_eq(cite, "[M3.4a] [M3.4b]");
	bs_battle_free(b);
	bs_scenario_free(sc);
	bs_diags_release(&d);
}

/* [M3.2] RULING R-438: the order of the moves names brigades that may
 * move; a routed one is refused with the rule */
Test(referee_matrix, m3_2_r438_order_checked)
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(
	    bs_scenario_load_file("tests/data/matrix_example.yaml", &sc, &d),
	    BS_OK);
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_battle_reset(b, 1, 0);
	struct bs_human_q q = {.kind = BS_HUMAN_MX_ORDER,
			       .side = 0,
			       .unit = -1,
			       .indiv = -1,
			       .eside = -1,
			       .eunit = -1};
	struct bs_human_answer a;
	memset(&a, 0, sizeof a);
	const char *why, *cite;
	a.nseq = 2;
	a.seq[0] = 1;
	a.seq[1] = 0;
	cr_expect(bs_ai_human_check(b, &q, &a, &why, &cite));
	bs_mx_set_routed(b, 1, 1);
	cr_expect(!bs_ai_human_check(b, &q, &a, &why, &cite));
	cr_expect_str_eq(cite, "[M3.2] RULING R-438");
	a.nseq = 0;
	cr_expect(bs_ai_human_check(b, &q, &a, &why, &cite), "in order");
	bs_battle_free(b);
	bs_scenario_free(sc);
	bs_diags_release(&d);
}
