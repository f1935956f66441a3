/* A matrix army's scripted `orders:` (src/scenario/orders_matrix.c, RULING
 * R-426, docs/MATRIX.md "Scripted orders"): the entries read, each error
 * at its FILE:LINE:COL, the scripted controller playing them [M3.2]
 * [M3.3] [M3.4], and one entry typed at the referee's prompt
 * (bs_scenario_parse_mx_order). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/matrix.h"
#include "battlesim/scenario.h"

static struct bs_scenario *load(const char *yaml, struct bs_diags *d)
{
	struct bs_scenario *s = NULL;
	bs_diags_init(d);
	bs_scenario_load_string(yaml, strlen(yaml), "t.yaml", &s, d);
	return s;
}

static void only(const char *yaml, int line, int col, const char *text)
{
	struct bs_diags d;
	struct bs_scenario *s = load(yaml, &d);
	cr_assert_null(s);
	cr_assert_eq(d.count, 1, "want 1 error, got %zu: %s", d.count,
		     d.count ? d.items[0].msg : "");
	cr_expect_eq(d.items[0].line, line, "line %d: %s", d.items[0].line,
		     d.items[0].msg);
	cr_expect_eq(d.items[0].col, col, "col %d: %s", d.items[0].col,
		     d.items[0].msg);
	cr_expect(strstr(d.items[0].msg, text) != NULL, "message: %s",
		  d.items[0].msg);
	bs_diags_release(&d);
}

#define HEAD "name: t\nrules: matrix\nmatrix: {rows: 4, columns: 3}\nsides:\n"
#define A(orders)                                                              \
	"  - name: A\n" orders "    brigades:\n"                               \
	"      - {name: Foot, type: infantry, at: [2, 2], move: 12, ac: 5, "   \
	"melee: {damage: d8}}\n"                                               \
	"      - {name: Wizards, type: mage, at: reserve, move: 12, ac: 10, "  \
	"melee: {damage: d4}, magic: {damage: 5d6}}\n"
#define B                                                                      \
	"  - name: B\n    brigades:\n"                                         \
	"      - {name: Orcs, type: infantry, at: [3, 2], move: 24, ac: 6, "   \
	"melee: {damage: d8}}\n"

Test(matrix_orders, m3_2_entries_read)
{
	struct bs_diags d;
	struct bs_scenario *s =
	    load(HEAD A("    orders:\n"
			"      - {round: 1, brigade: Foot, move: [forward, "
			"east, back, west], attack: Orcs, engage: orcs}\n"
			"      - {round: 2, brigade: Wizards, enter: 3, move: "
			"[south], target: Orcs}\n"
			"      - {round: 3, brigade: Foot, move: [north]}\n") B,
		 &d);
	cr_assert_not_null(s, "%s", d.count ? d.items[0].msg : "");
	const struct bs_matrix_field *f = s->matrix;
	cr_assert_eq(s->sides[0].controller, BS_CTL_SCRIPTED);
	cr_assert_eq(s->sides[1].controller, BS_CTL_DOCTRINE);
	cr_assert_eq(f->norders[0], 3);
	cr_assert_eq(f->norders[1], 0);
	const struct bs_mx_order *o = &f->orders[0][0];
	cr_expect_eq(o->round, 1);
	cr_expect_eq(o->brig, 0);
	cr_expect_eq(o->has, BS_MXO_MOVE | BS_MXO_ATTACK | BS_MXO_ENGAGE);
	cr_expect_eq(o->move.enter_col, -1);
	cr_assert_eq(o->move.nsteps, 4);
	/* the first army's forward is toward the last row (south) */
	cr_expect(o->move.step[0].dr == 1 && o->move.step[0].dc == 0);
	cr_expect(o->move.step[1].dr == 0 && o->move.step[1].dc == 1);
	cr_expect(o->move.step[2].dr == -1 && o->move.step[2].dc == 0);
	cr_expect(o->move.step[3].dr == 0 && o->move.step[3].dc == -1);
	cr_expect_eq(o->attack, 0);
	cr_expect_eq(o->engage, 0);
	cr_expect_eq(o->target, -1);
	o = &f->orders[0][1];
	cr_expect_eq(o->brig, 1);
	cr_expect_eq(o->move.enter_col, 2);
	cr_expect_eq(o->has, BS_MXO_MOVE | BS_MXO_TARGET);
	cr_expect_eq(o->move.step[0].dr, 1);
	o = &f->orders[0][2];
	cr_expect_eq(o->move.step[0].dr, -1);
	cr_expect_eq(o->line, 9);
	bs_scenario_free(s);
	bs_diags_release(&d);
}

Test(matrix_orders, r426_errors_located)
{
	only(HEAD A("    orders:\n"
		    "      - {round: 1, brigade: Fot, move: [forward]}\n") B,
	     7, 29, "no brigade 'Fot' in 'A' (did you mean 'Foot'?)");
	only(HEAD A("    orders:\n"
		    "      - {round: 1, brigade: Foot, attack: Wizards}\n") B,
	     7, 43,
	     "'Wizards' is a brigade of 'A'; attack names an enemy "
	     "brigade");
	only(HEAD A("    orders:\n"
		    "      - {round: 1, brigade: Foot, move: [up]}\n") B,
	     7, 42, "unknown value 'up'");
	only(HEAD A("    orders:\n"
		    "      - {round: 1, brigade: Wizards, enter: 4}\n") B,
	     7, 45, "enter: '4' is out of range (1 to 3)");
	only(HEAD A("    orders:\n"
		    "      - {round: 1, brigade: Foot}\n") B,
	     7, 9, "give what the brigade does");
	only(HEAD A("    orders:\n"
		    "      - {round: 1, brigade: Foot, move: [forward]}\n"
		    "      - {round: 1, brigade: Foot, attack: Orcs}\n") B,
	     8, 9, "already has an order for round 1 (line 7)");
	only(HEAD A("    controller: doctrine\n    orders:\n"
		    "      - {round: 1, brigade: Foot, move: [forward]}\n") B,
	     8, 7, "only a scripted army plays orders");
	only(
	    HEAD A("    orders:\n"
		   "      - {round: 1, brigade: Foot, move: [forward, forward, "
		   "forward, forward, forward, forward, forward, forward, "
		   "forward]}\n") B,
	    7, 41, "too many steps (9); at most 8");
}

struct counts {
	int moves, attacks, engages, rejected;
};

static void count(void *ctx, const struct bs_event *ev)
{
	struct counts *c = ctx;
	if (ev->type == BS_EV_MX_MOVE && ev->n[6] == 0)
		c->moves++;
	if (ev->type == BS_EV_MX_ENGAGE && ev->n[0] == 1)
		c->attacks++;
	if (ev->type == BS_EV_MX_ENGAGE && ev->n[0] == 2)
		c->engages++;
	if (ev->type == BS_EV_REJECTED)
		c->rejected++;
}

/* [M3.2] [M3.3] the scripted controller plays the entries, and the rules
 * reject what they do not allow */
Test(matrix_orders, m3_3_scripted_controller_plays_them)
{
	struct bs_diags d;
	struct bs_scenario *s =
	    load(HEAD A("    orders:\n"
			"      - {round: 1, brigade: Foot, attack: Orcs, "
			"engage: "
			"Orcs}\n"
			"      - {round: 1, brigade: Wizards, move: "
			"[forward]}\n") "  - name: B\n    orders:\n"
					"      - {round: 1, brigade: Orcs, "
					"move: [forward], attack: "
					"Foot, engage: Foot}\n"
					"    brigades:\n"
					"      - {name: Orcs, type: infantry, "
					"at: [3, 2], move: 24, "
					"ac: 6, melee: {damage: d8}}\n",
		 &d);
	cr_assert_not_null(s, "%s", d.count ? d.items[0].msg : "");
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(s, &b, &d), BS_OK);
	struct bs_ai_set *set = calloc(1, sizeof *set);
	bs_ai_set_init(set);
	cr_assert_eq(bs_ai_attach(set, b, &d), BS_OK);
	struct counts c = {0, 0, 0, 0};
	struct bs_event_sink sink = {count, &c};
	bs_battle_set_sink(b, &sink);
	bs_battle_reset(b, 3, 0);
	bs_battle_round(b);
	/* the orcs step into the foot's location; the wizards in the
	 * reserve are rejected (they must enter first, R-262) */
	cr_expect_eq(c.moves, 1);
	cr_expect_eq(c.rejected, 1);
	cr_expect_eq(c.attacks, 1, "the winner's brigade attacks");
	cr_expect_eq(c.engages, 1, "the loser's brigade engages it");
	bs_battle_free(b);
	free(set);
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* one part of an entry typed at the referee's prompt */
Test(matrix_orders, r426_typed_at_the_prompt)
{
	struct bs_diags d;
	struct bs_scenario *s = load(HEAD A("") B, &d);
	cr_assert_not_null(s, "%s", d.count ? d.items[0].msg : "");
	struct bs_mx_order o;
	char err[300];
	cr_assert_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_MOVE,
						"forward, west", &o, err,
						sizeof err),
		     BS_OK, "%s", err);
	cr_expect_eq(o.move.nsteps, 2);
	cr_expect_eq(o.move.step[1].dc, -1);
	cr_assert_eq(bs_scenario_parse_mx_order(s, 0, 1, 1, BS_MXO_MOVE,
						"enter: 2, move: [forward]", &o,
						err, sizeof err),
		     BS_OK, "%s", err);
	cr_expect_eq(o.move.enter_col, 1);
	cr_assert_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_ATTACK,
						"Orcs", &o, err, sizeof err),
		     BS_OK, "%s", err);
	cr_expect_eq(o.attack, 0);
	/* the other army's forward is north */
	cr_assert_eq(bs_scenario_parse_mx_order(s, 1, 1, 0, BS_MXO_MOVE,
						"forward", &o, err, sizeof err),
		     BS_OK, "%s", err);
	cr_expect_eq(o.move.step[0].dr, -1);
	/* one part per question */
	cr_expect_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_MOVE,
						"attack: Orcs", &o, err,
						sizeof err),
		     BS_ERR_INPUT);
	cr_expect(strstr(err, "here give only move: or enter:"), "%s", err);
	cr_expect_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_ATTACK,
						"Orks", &o, err, sizeof err),
		     BS_ERR_INPUT);
	cr_expect(strstr(err, "did you mean 'Orcs'"), "%s", err);
	cr_expect_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_MOVE, "", &o,
						err, sizeof err),
		     BS_ERR_INPUT);
	cr_expect(strstr(err, "nothing entered"), "%s", err);
	cr_expect_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_TARGET,
						"target: [", &o, err,
						sizeof err),
		     BS_ERR_INPUT);
	cr_expect(strstr(err, "not an order"), "%s", err);
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* ---- [M4.2] the split of an aerial brigade's classes (RULING R-437) ---- */

#define SPLIT_YAML(split)                                                      \
	HEAD "  - name: A\n    orders:\n"                                      \
	     "      - {round: 1, brigade: Griffons, move: [forward], attack: " \
	     "Orcs" split "}\n"                                                \
	     "    brigades:\n"                                                 \
	     "      - {name: Griffons, type: air-cavalry, at: [2, 2], men: "   \
	     "300, move: 30, ac: 3, hd: 3, thac0: 18, melee: {damage: d8}}\n"  \
	     "  - name: B\n    controller: hold\n    brigades:\n"              \
	     "      - {name: Orcs, type: infantry, at: [3, 2], move: 12, ac: " \
	     "5, melee: {damage: d8}}\n"                                       \
	     "      - {name: Goblins, type: infantry, at: [3, 2], move: 12, "  \
	     "ac: 5, melee: {damage: d8}}\n"                                   \
	     "      - {name: Far, type: infantry, at: [4, 3], move: 12, ac: "  \
	     "5, melee: {damage: d8}}\n"

struct split_rec {
	int attacks, classes[3], rejected;
};

static void split_count(void *ctx, const struct bs_event *ev)
{
	struct split_rec *c = ctx;
	if (ev->type == BS_EV_MX_ATTACK && ev->side == 0 && ev->tunit >= 0 &&
	    ev->tunit < 3) {
		c->attacks++;
		c->classes[ev->tunit] += ev->n[5];
	}
	if (ev->type == BS_EV_REJECTED)
		c->rejected++;
}

static struct split_rec play_split(const char *yaml)
{
	struct bs_diags d;
	struct bs_scenario *s = load(yaml, &d);
	cr_assert_not_null(s, "%s", d.count ? d.items[0].msg : "");
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(s, &b, &d), BS_OK);
	struct bs_ai_set *set = calloc(1, sizeof *set);
	bs_ai_set_init(set);
	cr_assert_eq(bs_ai_attach(set, b, &d), BS_OK);
	struct split_rec c;
	memset(&c, 0, sizeof c);
	struct bs_event_sink sink = {split_count, &c};
	bs_battle_set_sink(b, &sink);
	bs_battle_reset(b, 3, 0);
	/* the first army wins the initiative; every later die 5 */
	int script[64];
	for (int i = 0; i < 64; i++)
		script[i] = 5;
	script[0] = 6;
	script[1] = 1;
	bs_dice_source_script(&b->dice, script, 64);
	bs_battle_round(b);
	bs_battle_free(b);
	free(set);
	bs_scenario_free(s);
	bs_diags_release(&d);
	return c;
}

/* `split:` sends those classes at each enemy named, the rest at
 * the target; without it, all at the target. The first army wins
 * the initiative: its griffons attack as the winner's declared attacker. */
Test(matrix_orders, m4_2_r437_scripted_split_plays_as_written)
{
	struct split_rec c = play_split(SPLIT_YAML(", split: {Goblins: 1}"));
	cr_expect_eq(c.attacks, 2, "an attack on each");
	cr_expect_eq(c.classes[0], 2, "the rest at the orcs");
	cr_expect_eq(c.classes[1], 1, "1 at the goblins");
	cr_expect_eq(c.rejected, 0);
	c = play_split(SPLIT_YAML(", split: {Goblins: 2, Orcs: 1}"));
	cr_expect_eq(c.classes[0], 1);
	cr_expect_eq(c.classes[1], 2);
	c = play_split(SPLIT_YAML(""));
	cr_expect_eq(c.attacks, 1);
	cr_expect_eq(c.classes[0], 3, "no split: all at the target");
	/* the rules refuse a split out of reach (Far is at another
	 * location: a melee reaches only its own), and more classes than
	 * it has: those go at the target */
	c = play_split(SPLIT_YAML(", split: {Far: 1}"));
	cr_expect_eq(c.rejected, 1);
	cr_expect_eq(c.classes[0], 3);
	c = play_split(SPLIT_YAML(", split: {Goblins: 4}"));
	cr_expect_eq(c.rejected, 1);
	cr_expect_eq(c.classes[0], 3);
}

/* the form of `split:`, each error at its place */
Test(matrix_orders, m4_2_r437_split_errors_located)
{
	only(SPLIT_YAML(", split: {Goblin: 1}"), 7, 78,
	     "did you mean 'Goblins'");
	only(SPLIT_YAML(", split: {Goblins: 0}"), 7, 87, "split");
	only(SPLIT_YAML(", split: Goblins"), 7, 77, "split: expected enemy");
	only(SPLIT_YAML(", split: {Griffons: 1}"), 7, 78, "names an enemy");
}

/* the split typed at the referee's prompt: bare pairs, or the
 * entry's `split: {...}`; another part refused */
Test(matrix_orders, m4_2_r437_split_typed_at_the_prompt)
{
	struct bs_diags d;
	struct bs_scenario *s = load(SPLIT_YAML(""), &d);
	cr_assert_not_null(s, "%s", d.count ? d.items[0].msg : "");
	struct bs_mx_order o;
	char err[300];
	cr_assert_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_SPLIT,
						"Goblins: 1, Orcs: 2", &o, err,
						sizeof err),
		     BS_OK, "%s", err);
	cr_expect(o.split[0] == 2 && o.split[1] == 1 && o.split[2] == 0);
	cr_assert_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_SPLIT,
						"split: {Far: 3}", &o, err,
						sizeof err),
		     BS_OK, "%s", err);
	cr_expect_eq(o.split[2], 3);
	cr_expect_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_SPLIT,
						"Goblin: 1", &o, err,
						sizeof err),
		     BS_ERR_INPUT);
	cr_expect(strstr(err, "did you mean 'Goblins'"), "%s", err);
	cr_expect_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_SPLIT,
						"Goblins: 1, Goblins: 2", &o,
						err, sizeof err),
		     BS_ERR_INPUT);
	cr_expect_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_SPLIT,
						"move: [forward]", &o, err,
						sizeof err),
		     BS_ERR_INPUT);
	cr_expect(strstr(err, "here give only split:"), "%s", err);
	cr_expect_eq(bs_scenario_parse_mx_order(s, 0, 1, 0, BS_MXO_SPLIT,
						"Goblins: many", &o, err,
						sizeof err),
		     BS_ERR_INPUT);
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* ---- [M3.2] the order an army's brigades move in (RULING R-438) ------- */

#define SEQ_YAML(orders)                                                       \
	HEAD "  - name: A\n    orders:\n" orders "    brigades:\n"             \
	     "      - {name: Foot, type: infantry, at: [2, 2], move: 12, ac: " \
	     "5, melee: {damage: d8}}\n"                                       \
	     "      - {name: Guard, type: infantry, at: [1, 2], move: 12, "    \
	     "ac: 5, melee: {damage: d8}}\n"                                   \
	     "      - {name: Wizards, type: mage, at: reserve, move: 12, ac: " \
	     "10, melee: {damage: d4}, magic: {damage: 5d6}}\n" B

struct seq_rec {
	int moved[8], nmoved, rejected, notes;
	char note[160];
};

static void seq_count(void *ctx, const struct bs_event *ev)
{
	struct seq_rec *c = ctx;
	if (ev->type == BS_EV_MX_MOVE && ev->side == 0 && ev->n[6] == 0 &&
	    c->nmoved < 8)
		c->moved[c->nmoved++] = ev->unit;
	if (ev->type == BS_EV_REJECTED)
		c->rejected++;
	if (ev->type == BS_EV_NOTE && ev->cite && strstr(ev->cite, "R-438")) {
		c->notes++;
		snprintf(c->note, sizeof c->note, "%s", ev->what);
	}
}

static struct seq_rec play_seq(const char *yaml, int rout_foot)
{
	struct bs_diags d;
	struct bs_scenario *s = load(yaml, &d);
	cr_assert_not_null(s, "%s", d.count ? d.items[0].msg : "");
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(s, &b, &d), BS_OK);
	struct bs_ai_set *set = calloc(1, sizeof *set);
	bs_ai_set_init(set);
	cr_assert_eq(bs_ai_attach(set, b, &d), BS_OK);
	struct seq_rec c;
	memset(&c, 0, sizeof c);
	struct bs_event_sink sink = {seq_count, &c};
	bs_battle_set_sink(b, &sink);
	bs_battle_reset(b, 3, 0);
	if (rout_foot)
		bs_mx_set_routed(b, 0, 1);
	bs_battle_round(b);
	bs_battle_free(b);
	free(set);
	bs_scenario_free(s);
	bs_diags_release(&d);
	return c;
}

/* `sequence:` moves those brigades first, in order, the others
 * after them in the army's order, and says so; without it, the army's
 * order and no word */
Test(matrix_orders, m3_2_r438_sequence_moves_them_first)
{
	struct seq_rec c;
	/* the moves of the three brigades with the sequence */
	struct bs_diags d;
	struct bs_scenario *s =
	    load(SEQ_YAML("      - {round: 1, sequence: "
			  "[Wizards, Guard]}\n"
			  "      - {round: 1, brigade: Foot, "
			  "move: [east]}\n"
			  "      - {round: 1, brigade: Guard, "
			  "move: [west]}\n"
			  "      - {round: 1, brigade: "
			  "Wizards, enter: 1}\n"),
		 &d);
	cr_assert_not_null(s, "%s", d.count ? d.items[0].msg : "");
	const struct bs_mx_order *o = &s->matrix->orders[0][0];
	cr_expect_eq(o->has, BS_MXO_SEQUENCE);
	cr_expect_eq(o->brig, -1);
	cr_assert_eq(o->nseq, 2);
	cr_expect(o->seq[0] == 2 && o->seq[1] == 1);
	bs_scenario_free(s);
	bs_diags_release(&d);
	c = play_seq(SEQ_YAML("      - {round: 1, sequence: [Wizards, Guard]}\n"
			      "      - {round: 1, brigade: Foot, move: "
			      "[east]}\n"
			      "      - {round: 1, brigade: Guard, move: "
			      "[west]}\n"
			      "      - {round: 1, brigade: Wizards, enter: "
			      "1}\n"),
		     0);
	cr_assert_eq(c.nmoved, 3);
	cr_expect(c.moved[0] == 2 && c.moved[1] == 1 && c.moved[2] == 0,
		  "the wizards, the guard, then the foot: %d %d %d", c.moved[0],
		  c.moved[1], c.moved[2]);
	cr_expect_eq(c.rejected, 0);
	cr_expect_eq(c.notes, 1);
	cr_expect_str_eq(c.note,
			 "A moves its brigades in this order: A3 A2 A1");
	/* no sequence: the army's order, nothing said */
	c = play_seq(SEQ_YAML("      - {round: 1, brigade: Foot, move: "
			      "[east]}\n"
			      "      - {round: 1, brigade: Guard, move: "
			      "[west]}\n"
			      "      - {round: 1, brigade: Wizards, enter: "
			      "1}\n"),
		     0);
	cr_expect(c.moved[0] == 0 && c.moved[1] == 1 && c.moved[2] == 2);
	cr_expect_eq(c.notes, 0);
	/* a routed brigade named is rejected (it flees by itself, R-262) */
	c = play_seq(SEQ_YAML("      - {round: 1, sequence: [Foot, Guard]}\n"
			      "      - {round: 1, brigade: Guard, move: "
			      "[west]}\n"),
		     1);
	cr_expect_eq(c.rejected, 1);
	cr_expect_eq(c.moved[0], 1, "the guard moves");
}

/* the form of a sequence entry, each error at its place */
Test(matrix_orders, m3_2_r438_sequence_errors_located)
{
	only(SEQ_YAML("      - {round: 1, sequence: [Foot, Gard]}\n"), 7, 37,
	     "did you mean 'Guard'");
	only(SEQ_YAML("      - {round: 1, sequence: [Foot, Foot]}\n"), 7, 37,
	     "named twice");
	only(SEQ_YAML("      - {round: 1, sequence: [Orcs]}\n"), 7, 31,
	     "is a brigade of 'B'");
	only(SEQ_YAML("      - {round: 1, sequence: [Foot], brigade: "
		      "Foot}\n"),
	     7, 47, "a sequence entry gives only round and sequence");
	only(SEQ_YAML("      - {round: 1, sequence: [Foot]}\n"
		      "      - {round: 1, sequence: [Guard]}\n"),
	     8, 9, "already has a sequence for round 1");
	only(SEQ_YAML("      - {round: 1, sequence: []}\n"), 7, 30,
	     "name the brigades that move first");
}

/* typed at the prompt: bare names, or `sequence: [...]`; another
 * part refused */
Test(matrix_orders, m3_2_r438_sequence_typed_at_the_prompt)
{
	struct bs_diags d;
	struct bs_scenario *s = load(SEQ_YAML(""), &d);
	cr_assert_not_null(s, "%s", d.count ? d.items[0].msg : "");
	struct bs_mx_order o;
	char err[300];
	cr_assert_eq(bs_scenario_parse_mx_order(s, 0, 1, -1, BS_MXO_SEQUENCE,
						"Guard, Foot", &o, err,
						sizeof err),
		     BS_OK, "%s", err);
	cr_expect(o.nseq == 2 && o.seq[0] == 1 && o.seq[1] == 0);
	cr_assert_eq(bs_scenario_parse_mx_order(s, 0, 1, -1, BS_MXO_SEQUENCE,
						"sequence: [Wizards]", &o, err,
						sizeof err),
		     BS_OK, "%s", err);
	cr_expect(o.nseq == 1 && o.seq[0] == 2);
	cr_expect_eq(bs_scenario_parse_mx_order(s, 0, 1, -1, BS_MXO_SEQUENCE,
						"move: [forward]", &o, err,
						sizeof err),
		     BS_ERR_INPUT);
	cr_expect(strstr(err, "here give only sequence:"), "%s", err);
	cr_expect_eq(bs_scenario_parse_mx_order(s, 0, 1, -1, BS_MXO_MOVE,
						"forward", &o, err, sizeof err),
		     BS_ERR_INPUT, "a brigade's part needs its brigade");
	bs_scenario_free(s);
	bs_diags_release(&d);
}
