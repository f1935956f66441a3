/* The matrix battle phase [M3] with scripted controllers and dice:
 * movement [M3.2] (stops at an enemy stack, MV, no diagonals, reserves
 * [M1.1], leaving past a column [M1.2] [M1.3]), the stacking penalty
 * [M1.4], engagement [M3.3] (engaged brigades only melee, several
 * defenders to one attacker, illegal declarations rejected), charges,
 * stationary missiles [M3.4], aerial attacks [M4.2] and flight (RULING
 * R-251), scouts (RULING R-253), routs
 * through the reserve (RULING R-262), whole battles (determinism, an
 * outcome), and the matrix AI (matchups, reserves, legal orders). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/matrix.h"
#include "battlesim/scenario.h"
#include "matrix/mx_int.h"

#define MAXEV 512

struct rec {
	struct bs_event ev[MAXEV];
	char what[MAXEV][96];
	int n;
};

static void rec_emit(void *ctx, const struct bs_event *ev)
{
	struct rec *r = ctx;
	if (r->n >= MAXEV)
		return;
	r->ev[r->n] = *ev;
	snprintf(r->what[r->n], sizeof r->what[0], "%s",
		 ev->what ? ev->what : "");
	r->n++;
}

/* A scripted controller: a move, a declaration, an engagement and a free
 * target per brigade (global index). */
struct tctl {
	struct bs_mx_controller c;
	struct bs_mx_move mv[16];
	int decl[16], eng[16], tgt[16];
};

static void t_move(void *ctx, const struct bs_battle *b, int g,
		   struct bs_mx_move *out)
{
	(void)b;
	*out = ((struct tctl *)ctx)->mv[g];
}

static void t_declare(void *ctx, const struct bs_battle *b, int side, int row,
		      int col, int *decl)
{
	(void)side;
	(void)row;
	(void)col;
	for (int g = 0; g < b->nunits; g++)
		decl[g] = ((struct tctl *)ctx)->decl[g];
}

static void t_defend(void *ctx, const struct bs_battle *b, int side, int row,
		     int col, int *eng)
{
	(void)side;
	(void)row;
	(void)col;
	for (int g = 0; g < b->nunits; g++)
		eng[g] = ((struct tctl *)ctx)->eng[g];
}

static int t_target(void *ctx, const struct bs_battle *b, int g,
		    enum bs_mx_mode mode)
{
	(void)b;
	(void)mode;
	return ((struct tctl *)ctx)->tgt[g];
}

static void tctl_init(struct tctl *t)
{
	memset(t, 0, sizeof *t);
	t->c.name = "test";
	t->c.ctx = t;
	t->c.move = t_move;
	t->c.declare = t_declare;
	t->c.defend = t_defend;
	t->c.target = t_target;
	for (int g = 0; g < 16; g++) {
		t->mv[g].enter_col = -1;
		t->decl[g] = t->eng[g] = t->tgt[g] = -1;
	}
}

static void step(struct tctl *t, int g, int dr, int dc)
{
	struct bs_mx_move *m = &t->mv[g];
	m->step[m->nsteps].dr = dr;
	m->step[m->nsteps].dc = dc;
	m->nsteps++;
}

static struct bs_scenario *sc;
static struct bs_battle *b;
static struct rec rec;
static struct tctl ctl;
static int script[64];

static void setup(const char *yaml)
{
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st =
	    bs_scenario_load_string(yaml, strlen(yaml), "t.yaml", &sc, &d);
	cr_assert_eq(st, BS_OK, "%s", d.count ? d.items[0].msg : "load failed");
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_diags_release(&d);
	memset(&rec, 0, sizeof rec);
	struct bs_event_sink sink = {rec_emit, &rec};
	bs_battle_set_sink(b, &sink);
	tctl_init(&ctl);
	bs_matrix_set_controller(b, 0, &ctl.c);
	bs_matrix_set_controller(b, 1, &ctl.c);
	bs_battle_reset(b, 1, 0);
	/* the dice: side 0 wins the initiative; every later die 5 */
	for (int i = 0; i < 64; i++)
		script[i] = 5;
	script[0] = 6;
	script[1] = 1;
	bs_dice_source_script(&b->dice, script, 64);
}

/* The dice for the next round: side 0 wins the initiative. */
static void dice_again(void)
{
	bs_dice_source_script(&b->dice, script, 64);
}

static void teardown(void)
{
	bs_battle_free(b);
	bs_scenario_free(sc);
	b = NULL;
	sc = NULL;
}

static int count(enum bs_ev type)
{
	int n = 0;
	for (int i = 0; i < rec.n; i++)
		n += rec.ev[i].type == type;
	return n;
}

/* The first event of type by side/unit (unit -1: any), or NULL. */
static const struct bs_event *find(enum bs_ev type, int side, int unit)
{
	for (int i = 0; i < rec.n; i++)
		if (rec.ev[i].type == type && rec.ev[i].side == side &&
		    (unit < 0 || rec.ev[i].unit == unit))
			return &rec.ev[i];
	return NULL;
}

static const char *what_of(const struct bs_event *ev)
{
	return rec.what[ev - rec.ev];
}

#define HEAD "name: t\nrules: matrix\nmatrix: {rows: 4, columns: 3}\nsides:\n"
#define KNIGHTS(at)                                                            \
	"      - {name: Knights, type: elite, at: " at ", move: 15, ac: 2, "   \
	"hd: 7, thac0: 14, melee: {damage: d8}, charge: {damage: d6+1}}\n"
#define FOOT(name, at)                                                         \
	"      - {name: " name ", type: infantry, at: " at ", move: 12, ac: "  \
	"5, melee: {damage: d8}}\n"

/* [M3.3] [M3.4] "Engaged units may only perform step 4d": the knights
 * moved in and could charge, but the defender engaged them. */
Test(matrix_battle, s3_3_engaged_brigades_only_melee, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" KNIGHTS(
	    "[2, 1]") "  - name: B\n    brigades:\n" FOOT("Foot", "[3, 1]"));
	step(&ctl, 0, 1, 0);
	ctl.decl[0] = 1;
	ctl.eng[1] = 0;
	bs_battle_round(b);
	const struct bs_event *a = find(BS_EV_MX_ATTACK, 0, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->n[0], BS_MX_MELEE);
	cr_assert_eq(a->n[1], 2, "the knights' melee rating: 7 + 8 + 1");
	const struct bs_event *c = find(BS_EV_MX_ATTACK, 1, 0);
	cr_assert_not_null(c, "the defender counterattacks [M3.6]");
	cr_assert_eq(c->n[0], BS_MX_MELEE);
	cr_assert(bs_mx_state(b, 0)->engaged && bs_mx_state(b, 1)->engaged);
}

/* [M3.4c] an attacker no defender engaged charges when it moved into the
 * location; the defender that did not engage may not melee (RULING
 * */
Test(matrix_battle, s3_4c_unopposed_attacker_charges, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" KNIGHTS(
	    "[2, 1]") "  - name: B\n    brigades:\n" FOOT("Foot", "[3, 1]"));
	step(&ctl, 0, 1, 0);
	ctl.decl[0] = 1;
	bs_battle_round(b);
	const struct bs_event *a = find(BS_EV_MX_ATTACK, 0, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->n[0], BS_MX_CHARGE);
	cr_assert_eq(a->n[1], 5);
	cr_assert_eq(a->n[2], 2, "defense of AC 5");
	/* 2d10 (5+5) + 2 x (5 - 2) = 16 -> 2 damage points */
	cr_assert_eq(a->n[3], 16);
	cr_assert_eq(a->n[4], 2);
	cr_assert_null(find(BS_EV_MX_ATTACK, 1, 0));
	const struct bs_event *dm = find(BS_EV_MX_DAMAGE, 1, 0);
	cr_assert_not_null(dm);
	cr_assert_eq(dm->n[3], 3, "5/1 -> 3/1");
}

/* [M3.4c] "If a brigade ... moved into a location during this movement
 * phase, it may charge": a brigade that stood still melees */
Test(matrix_battle, s3_4c_no_charge_without_moving_in, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" KNIGHTS(
	    "[2, 1]") "  - name: B\n    brigades:\n" FOOT("Foot", "[3, 1]"));
	/* the foot come to the knights (side B moves second) */
	step(&ctl, 1, -1, 0);
	ctl.decl[0] = 1;
	bs_battle_round(b);
	const struct bs_event *a = find(BS_EV_MX_ATTACK, 0, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->n[0], BS_MX_MELEE);
}

/* [M3.3] "The loser may allocate multiple brigades to engage a single
 * attacking brigade." */
Test(matrix_battle, s3_3_several_defenders_one_attacker, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" KNIGHTS(
	    "[2, 1]") "  - name: B\n    brigades:\n" FOOT("Foot", "[3, 1]")
		  FOOT("Guard", "[3, 1]"));
	step(&ctl, 0, 1, 0);
	ctl.decl[0] = 2;
	ctl.eng[1] = 0;
	ctl.eng[2] = 0;
	bs_battle_round(b);
	cr_assert_not_null(find(BS_EV_MX_ATTACK, 1, 0));
	cr_assert_not_null(find(BS_EV_MX_ATTACK, 1, 1));
	const struct bs_event *a = find(BS_EV_MX_ATTACK, 0, 0);
	cr_assert_eq(a->n[0], BS_MX_MELEE);
	cr_assert_eq(a->tunit, 1, "its declared target engaged it");
}

/* [M3.3] a declaration at a brigade not in the location is rejected; the
 * brigade is held back */
Test(matrix_battle, s3_3_illegal_declaration_rejected, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" KNIGHTS("[2, 1]")
		  FOOT("Foot", "[2, 2]") "  - name: B\n    brigades:\n" FOOT(
		      "Orcs", "[3, 1]") FOOT("Goblins", "[3, 3]"));
	step(&ctl, 0, 1, 0);
	ctl.decl[0] = 3; /* the goblins, at another location */
	bs_battle_round(b);
	cr_assert_not_null(find(BS_EV_REJECTED, 0, 0));
	cr_assert_eq(bs_mx_state(b, 0)->declared, -1);
	ctl.decl[0] = 0; /* its own side */
	ctl.mv[0].nsteps = 0;
	dice_again();
	bs_battle_round(b);
	cr_assert_geq(count(BS_EV_REJECTED), 2);
}

/* [M3.2] "A brigade may move until it ... 2.) Encounters an opposing
 * force's stack." */
Test(matrix_battle, s3_2_movement_stops_at_enemy_stack, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" KNIGHTS(
	    "[2, 1]") "  - name: B\n    brigades:\n" FOOT("Foot", "[3, 1]"));
	step(&ctl, 0, 1, 0);
	step(&ctl, 0, 1, 0);
	bs_battle_round(b);
	const struct bs_event *m = find(BS_EV_MX_MOVE, 0, 0);
	cr_assert_not_null(m);
	cr_assert_eq(m->n[4], 1, "one step of MV 2");
	cr_assert_str_eq(what_of(m), "stops: enemy stack");
	cr_assert_eq(bs_mx_state(b, 0)->row, 2);
}

/* [M3.2] "1.) runs out of movement points"; [M2.3b] "continuous adjacent,
 * non-diagonal spaces" */
Test(matrix_battle, s3_2_mv_and_no_diagonals, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" FOOT("Foot", "[1, 1]")
		  FOOT("Guard", "[1, 3]") "  - name: B\n    brigades:\n" FOOT(
		      "Orcs", "[4, 3]"));
	step(&ctl, 0, 1, 0);
	step(&ctl, 0, 1, 0);
	step(&ctl, 1, 1, -1);
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 0)->row, 1, "MV 1: one step");
	cr_assert_eq(bs_mx_state(b, 1)->row, 0, "a diagonal step refused");
	cr_assert_eq(count(BS_EV_REJECTED), 2);
}

/* [M1.1] a brigade of the reserve enters its back row (RULING R-262) */
Test(matrix_battle, m1_1_reserve_enters_back_row, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" FOOT(
	    "Foot", "reserve") "  - name: B\n    brigades:\n" FOOT("Orcs",
								   "reserve"));
	cr_assert_eq(bs_mx_state(b, 0)->where, BS_MX_RESERVE);
	ctl.mv[0].enter_col = 2;
	ctl.mv[1].enter_col = 0;
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 0)->where, BS_MX_FIELD);
	cr_assert_eq(bs_mx_state(b, 0)->row, 0);
	cr_assert_eq(bs_mx_state(b, 0)->col, 2);
	cr_assert_eq(bs_mx_state(b, 1)->row, 3);
	cr_assert_eq(bs_mx_state(b, 1)->col, 0);
	/* and back into the reserve, one step behind the back row */
	tctl_init(&ctl);
	step(&ctl, 0, -1, 0);
	dice_again();
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 0)->where, BS_MX_RESERVE);
}

/* [M1.2] "Units that go beyond the fixed number of columns have 'left the
 * arena' and are removed from play" */
Test(matrix_battle, m1_2_left_the_arena, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" FOOT("Foot", "[1, 1]")
		  FOOT("Guard", "[1, 2]") "  - name: B\n    brigades:\n" FOOT(
		      "Orcs", "[4, 3]"));
	step(&ctl, 0, 0, -1);
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 0)->where, BS_MX_OUT);
	cr_assert_eq(bs_battle_unit_end(b, 0), BS_END_ROUTED_OFF);
	const struct bs_event *r = find(BS_EV_REMOVED, 0, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(what_of(r), "left the arena");
}

/* [M1.3] the referee's option: the brigade makes a new column */
Test(matrix_battle, m1_3_new_column_option, .fini = teardown)
{
	setup("name: t\nrules: matrix\nmatrix: {rows: 4, columns: 3, "
	      "options: [new_columns]}\nsides:\n"
	      "  - name: A\n    brigades:\n" FOOT("Foot", "[1, 1]")
		  FOOT("Guard", "[1, 2]") "  - name: B\n    brigades:\n" FOOT(
		      "Orcs", "[4, 3]"));
	step(&ctl, 0, 0, -1);
	bs_battle_round(b);
	cr_assert_eq(bs_mx_cols(b), 4);
	cr_assert_eq(bs_mx_state(b, 0)->where, BS_MX_FIELD);
	cr_assert_eq(bs_mx_state(b, 0)->col, 0);
	cr_assert_eq(bs_mx_state(b, 1)->col, 2, "the others shift right");
	cr_assert_eq(bs_mx_state(b, 2)->col, 3);
}

/* [M1.4] [M3.2] twelve land brigades in a stack at the end of movement:
 * ratings -2 per brigade over ten, not below 0 (RULING R-263); aerial
 * brigades do not stack [M4.1] */
Test(matrix_battle, m1_4_stacking_penalty, .fini = teardown)
{
	char y[8192];
	int n = snprintf(y, sizeof y, "%s  - name: A\n    brigades:\n", HEAD);
	for (int i = 0; i < 10; i++)
		n += snprintf(y + n, sizeof y - (size_t)n,
			      "      - {name: F%d, type: infantry, at: [1, 1], "
			      "move: 12, ac: 2, thac0: 1, melee: {damage: "
			      "d8}}\n",
			      i);
	n += snprintf(y + n, sizeof y - (size_t)n,
		      "      - {name: G1, type: infantry, at: [2, 1], move: "
		      "12, ac: 5, melee: {damage: d8}}\n"
		      "      - {name: G2, type: infantry, at: [2, 1], move: "
		      "12, ac: 5, melee: {damage: d8}}\n"
		      "      - {name: Gr, type: air-cavalry, at: [1, 1], "
		      "move: 24, ac: 2, melee: {damage: d8}}\n"
		      "  - name: B\n    brigades:\n" FOOT("Orcs", "[4, 3]"));
	setup(y);
	cr_assert_eq(bs_mx_state(b, 0)->penalty, 0, "ten: no penalty");
	step(&ctl, 10, -1, 0);
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 0)->penalty, 2, "eleven");
	cr_assert_eq(bs_mx_stack_count(b, 0, 0, 0), 11);
	tctl_init(&ctl);
	step(&ctl, 11, -1, 0);
	dice_again();
	bs_battle_round(b);
	const struct bs_mx_state *t = bs_mx_state(b, 0);
	cr_assert_eq(t->penalty, 4);
	cr_assert_eq(t->def->card.melee, 3);
	cr_assert_eq(t->melee, 0, "3 - 4: not below 0");
	cr_assert_eq(t->def->card.defense, 3);
	cr_assert_eq(t->defense, 0);
	cr_assert_eq(bs_mx_state(b, 12)->penalty, 0, "aerial: no stack");
	cr_assert_not_null(find(BS_EV_NOTE, 0, 0));
}

/* [M3.4b] a stationary missile attack at a brigade of the same location
 * is +1; at an adjacent (diagonal) one, no bonus */
Test(matrix_battle, s3_4b_stationary_missile_same_and_adjacent,
     .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n"
		   "      - {name: Bows, type: archers, at: [2, 2], move: 12, "
		   "ac: 7, melee: {damage: d6}, missile: {damage: d6, "
		   "attacks: 2}}\n"
		   "      - {name: Bows2, type: archers, at: [1, 1], move: 12, "
		   "ac: 7, missile: {damage: d6, attacks: 2}}\n"
		   "  - name: B\n    brigades:\n" FOOT("Orcs", "[3, 2]"));
	step(&ctl, 2, -1, 0); /* the orcs into the archers' location */
	ctl.tgt[0] = 2;
	ctl.tgt[1] = 2;
	bs_battle_round(b);
	const struct bs_event *a = find(BS_EV_MX_ATTACK, 0, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->n[0], BS_MX_MISSILE);
	cr_assert_eq(a->n[1], 2, "missile 1 +1 same location");
	const struct bs_event *c = find(BS_EV_MX_ATTACK, 0, 1);
	cr_assert_not_null(c, "diagonally adjacent: in reach");
	cr_assert_eq(c->n[1], 1, "no bonus");
	/* RULING R-259: a brigade that moved does not shoot */
	tctl_init(&ctl);
	step(&ctl, 1, 0, 1);
	ctl.tgt[1] = 2;
	rec.n = 0;
	dice_again();
	bs_battle_round(b);
	cr_assert_null(find(BS_EV_MX_ATTACK, 0, 1));
}

/* [M4.2] "Do not multiply the damage done to the opponent by the total
 * class number of the brigade, but by the total classes that attacked the
 * brigade" (RULING R-251: its 3 classes attack the one target: one Table
 * 1 attack for 3 classes, as a land brigade of class 3, not three
 * attacks of one class each) */
Test(matrix_battle, m4_2_aerial_classes_that_attacked, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n"
		   "      - {name: Griffons, type: air-cavalry, at: [2, 1], "
		   "men: 300, move: 30, ac: 3, hd: 3, thac0: 18, melee: "
		   "{damage: d8}}\n"
		   "  - name: B\n    brigades:\n" FOOT("Orcs", "[3, 1]"));
	step(&ctl, 0, 1, 0);
	ctl.decl[0] = 1;
	bs_battle_round(b);
	int n = 0;
	for (int i = 0; i < rec.n; i++)
		if (rec.ev[i].type == BS_EV_MX_ATTACK && rec.ev[i].side == 0) {
			n++;
			cr_assert_eq(rec.ev[i].n[5], 3,
				     "the classes attacking");
			cr_assert_eq(rec.ev[i].n[6], 5);
			/* melee 2 = ceil((21 - 18 + 8 + 1) / 10), defense 2
			 * (AC 5): 2d10 (5+5) + 2 x 0 - (5 - 3) = 8 */
			cr_assert_eq(rec.ev[i].n[1], 2);
			cr_assert_eq(rec.ev[i].n[3], 8);
			cr_assert_eq(rec.ev[i].n[4], 0);
			cr_assert_str_eq(rec.ev[i].cite, "[M4.2] RULING R-251");
		}
	cr_assert_eq(n, 1, "one attack for the classes that attacked");
}

/* RULING R-262: a routed brigade moves back toward its reserve and
 * leaves the battle through it */
Test(matrix_battle, rout_leaves_through_the_reserve, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" FOOT("Foot", "[2, 1]")
		  FOOT("Guard", "[1, 3]") "  - name: B\n    brigades:\n" FOOT(
		      "Orcs", "[4, 3]"));
	mx_sc(b)->st[0].routed = 1;
	mx_ix_unit(b, 0);
	b->units[0].flags |= BS_UF_ROUTED;
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 0)->row, 0);
	cr_assert_eq(bs_battle_unit_end(b, 0), BS_END_ROUTED_ON_TABLE);
	dice_again();
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 0)->where, BS_MX_OUT);
	cr_assert_eq(bs_battle_unit_end(b, 0), BS_END_ROUTED_OFF);
}

/* ---- whole battles with the matrix AI -------------------------------- */

struct digest {
	unsigned long long h;
	int n;
};

static void digest_emit(void *ctx, const struct bs_event *ev)
{
	struct digest *d = ctx;
	int v[] = {ev->type,  ev->round, ev->side, ev->unit, ev->tside,
		   ev->tunit, ev->ndice, ev->n[0], ev->n[1], ev->n[4]};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		d->h = (d->h ^ (unsigned)v[i]) * 1099511628211ull;
	for (int i = 0; i < ev->ndice && i < BS_EV_MAX_DICE; i++)
		d->h = (d->h ^ (unsigned)ev->dice[i]) * 1099511628211ull;
	d->n++;
}

Test(matrix_battle, builtin_battle_is_deterministic_and_ends)
{
	struct bs_scenario *s;
	struct bs_battle *bb;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin("shield-lands-matrix", &s, &d),
		     BS_OK);
	cr_assert_eq(s->rules, BS_RULES_MATRIX);
	cr_assert_eq(bs_battle_new(s, &bb, &d), BS_OK);
	/* the caller attaches the sides' controllers (the matrix AI) */
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_set_init(ai);
	cr_assert_eq(bs_ai_attach(ai, bb, &d), BS_OK);
	struct digest g1 = {14695981039346656037ull, 0}, g2 = g1;
	struct bs_event_sink s1 = {digest_emit, &g1}, s2 = {digest_emit, &g2};
	bs_battle_set_sink(bb, &s1);
	bs_battle_reset(bb, 7, 2);
	bs_battle_play(bb, 0);
	struct bs_result r1 = bb->result;
	cr_assert(r1.over);
	cr_assert_leq(r1.rounds, 20);
	cr_assert_not_null(r1.reason);
	bs_battle_set_sink(bb, &s2);
	bs_battle_reset(bb, 7, 2);
	bs_battle_play(bb, 0);
	cr_assert_eq(g1.h, g2.h);
	cr_assert_gt(g1.n, 100);
	bs_battle_set_sink(bb, NULL);
	bs_battle_reset(bb, 7, 2);
	bs_battle_play(bb, 0);
	cr_assert_eq(bb->result.winner, r1.winner, "events off: same battle");
	cr_assert_eq(bb->result.rounds, r1.rounds);
	cr_assert_eq(bb->events, 0);
	/* every brigade that left play has an end state; figures = class */
	for (int g = 0; g < bb->nunits; g++) {
		const struct bs_mx_state *t = bs_mx_state(bb, g);
		cr_assert_eq(bb->units[g].figures, t->cls);
		if (t->where == BS_MX_OUT)
			cr_assert_neq(bs_battle_unit_end(bb, g), BS_END_INTACT);
	}
	/* many seeds: both sides can win, every battle ends */
	int wins[2] = {0, 0};
	for (int i = 0; i < 60; i++) {
		bs_battle_reset(bb, 1985, (unsigned)i);
		bs_battle_play(bb, 0);
		cr_assert(bb->result.over);
		if (bb->result.winner >= 0)
			wins[bb->result.winner]++;
	}
	cr_assert_gt(wins[0], 0);
	cr_assert_gt(wins[1], 0);
	bs_battle_free(bb);
	free(ai);
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* ---- the matrix AI (src/ai/matrix_ai.c) ------------------------------ */

/* The AI engages the attacker whose unopposed attack would hurt most: the
 * charging knights rather than the weak foot (it also stops the charge
 * [M3.4]). */
Test(matrix_ai, engages_the_charging_knights, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" KNIGHTS(
	    "[2, 1]") "      - {name: Levy, type: infantry, at: [2, 1], move: "
		      "12, ac: 9, thac0: 20, melee: {damage: d4}}\n"
		      "  - name: B\n    brigades:\n" FOOT("Foot", "[3, 1]"));
	struct bs_mx_controller ai;
	bs_mx_ai_init(&ai);
	bs_matrix_set_controller(b, 1, &ai);
	step(&ctl, 0, 1, 0);
	step(&ctl, 1, 1, 0);
	ctl.decl[0] = 2;
	ctl.decl[1] = 2;
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 2)->engages, 0, "the knights");
	const struct bs_event *a = find(BS_EV_MX_ATTACK, 0, 0);
	cr_assert_eq(a->n[0], BS_MX_MELEE, "no charge: engaged");
}

/* The AI commits a reserve brigade to the column where the enemy is
 * stronger [M1.1]. */
Test(matrix_ai, commits_the_reserve_where_weak, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n"
		   "      - {name: Levy, type: infantry, at: [2, 3], move: 12, "
		   "ac: 9, melee: {damage: d4}}\n"
		   "      - {name: Guard, type: infantry, at: reserve, move: "
		   "12, ac: 4, melee: {damage: d8}}\n"
		   "  - name: B\n    brigades:\n" KNIGHTS("[3, 3]"));
	struct bs_mx_controller ai;
	bs_mx_ai_init(&ai);
	bs_matrix_set_controller(b, 0, &ai);
	bs_battle_round(b);
	const struct bs_mx_state *g = bs_mx_state(b, 1);
	cr_assert_eq(g->where, BS_MX_FIELD, "committed");
	cr_assert_eq(g->col, 2, "to the weak column");
}

/* The AI's archers within reach of the enemy stay put and shoot
 * (stationary [M3.4b]); its foot march on the nearest enemy. */
Test(matrix_ai, archers_stay_and_shoot_foot_advance, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n"
		   "      - {name: Bows, type: archers, at: [2, 2], move: 12, "
		   "ac: 7, melee: {damage: d6}, missile: {damage: d6, "
		   "attacks: 2}}\n" FOOT(
		       "Foot",
		       "[1, 1]") "  - name: B\n    brigades:\n" FOOT("Orcs",
								     "[3, 3]"));
	struct bs_mx_controller ai;
	bs_mx_ai_init(&ai);
	bs_matrix_set_controller(b, 0, &ai);
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 0)->row, 1);
	cr_assert_eq(bs_mx_state(b, 0)->col, 1);
	const struct bs_event *a = find(BS_EV_MX_ATTACK, 0, 0);
	cr_assert_not_null(a, "shoots diagonally");
	cr_assert_eq(a->n[0], BS_MX_MISSILE);
	cr_assert_eq(bs_mx_state(b, 1)->row, 1, "the foot advance a row");
}

static void count_rejected(void *ctx, const struct bs_event *ev)
{
	if (ev->type == BS_EV_REJECTED)
		(*(int *)ctx)++;
}

/* The matrix AI plays both sides legally: no order of 40 battles is
 * rejected by the rules. */
Test(matrix_ai, plays_legally)
{
	struct bs_scenario *s;
	struct bs_battle *bb;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin("shield-lands-matrix", &s, &d),
		     BS_OK);
	cr_assert_eq(bs_battle_new(s, &bb, &d), BS_OK);
	int rejected = 0;
	struct bs_event_sink sink = {count_rejected, &rejected};
	bs_battle_set_sink(bb, &sink);
	for (int i = 0; i < 40; i++) {
		bs_battle_reset(bb, 42, (unsigned)i);
		bs_battle_play(bb, 0);
		cr_assert(bb->result.over);
	}
	cr_assert_eq(rejected, 0);
	bs_battle_free(bb);
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* ---- review fixes (issue 6) ------------------------------------------ */

/* RULING R-257: "ties rolled again (after 100 ties of a scripted source,
 * the first side)": a script that runs out (every die 1 after it) ties
 * for ever; the first side wins, not the second. */
Test(matrix_battle, s3_1_endless_ties_go_to_the_first_side, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" FOOT(
	    "Foot", "[1, 1]") "  - name: B\n    brigades:\n" FOOT("Orcs",
								  "[4, 3]"));
	static int ties[64];
	for (int i = 0; i < 64; i++)
		ties[i] = 3;
	bs_dice_source_script(&b->dice, ties, 64);
	bs_battle_round(b);
	cr_assert_eq(b->side_a, 0);
	const struct bs_event *e = find(BS_EV_INITIATIVE, -1, -1);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[0], 0);
}

/* [M3.3] the engagement events tell the winner's held-back brigade (0)
 * from the loser's that engages no brigade (3). */
Test(matrix_battle, s3_3_held_back_and_engaging_none, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" FOOT(
	    "Foot", "[2, 1]") "  - name: B\n    brigades:\n" FOOT("Orcs",
								  "[3, 1]"));
	step(&ctl, 0, 1, 0);
	bs_battle_round(b);
	const struct bs_event *w = find(BS_EV_MX_ENGAGE, 0, 0);
	const struct bs_event *l = find(BS_EV_MX_ENGAGE, 1, 0);
	cr_assert_not_null(w);
	cr_assert_not_null(l);
	cr_assert_eq(w->n[0], 0, "held back (winner)");
	cr_assert_eq(w->tunit, -1);
	cr_assert_eq(l->n[0], 3, "engages none (loser)");
	cr_assert_eq(l->tunit, -1);
	cr_assert_eq(count(BS_EV_MX_ATTACK), 0, "no brigade attacks");
}

/* Place brigade g at (row, col) (0-based) on the matrix. */
static void put_at(int g, int row, int col, int routed)
{
	struct bs_mx_state *t = &mx_sc(b)->st[g];
	t->where = BS_MX_FIELD;
	t->row = row;
	t->col = col;
	t->routed = routed;
	/* the location index is told, as the rules tell it (field.c) */
	mx_ix_unit(b, g);
}

/* The AI marches on the enemies that fight, not on a routed brigade (it
 * leaves through its reserve, RULING R-262, and counts for nothing at
 * the end, RULING R-265). */
Test(matrix_ai, moves_on_fighting_enemies_not_routed, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" FOOT(
	    "Foot", "[1, 1]") "  - name: B\n    brigades:\n" FOOT("Routed",
								  "[3, 2]")
		  FOOT("Orcs", "[4, 1]"));
	put_at(1, 0, 1, 1); /* routed, next to the foot */
	struct bs_mx_controller ai;
	bs_mx_ai_init(&ai);
	struct bs_mx_move m;
	memset(&m, 0, sizeof m);
	m.enter_col = -1;
	ai.move(ai.ctx, b, 0, &m);
	cr_assert_eq(m.nsteps, 1);
	cr_assert_eq(m.step[0].dr, 1, "toward the orcs, row 4");
	cr_assert_eq(m.step[0].dc, 0);
	/* with no other enemy left, the routed one is the target */
	put_at(2, 0, 0, 0);
	mx_sc(b)->st[2].where = BS_MX_OUT;
	mx_ix_unit(b, 2);
	memset(&m, 0, sizeof m);
	m.enter_col = -1;
	ai.move(ai.ctx, b, 0, &m);
	cr_assert_eq(m.nsteps, 1);
	cr_assert_eq(m.step[0].dc, 1);
}

/* The AI's attacker takes the brigade that fights over a routed one at
 * its location, though the routed one has fewer points left. */
Test(matrix_ai, declares_on_fighting_enemies_first, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" KNIGHTS(
	    "[2, 1]") "  - name: B\n    brigades:\n" FOOT("Routed", "[3, 1]")
		  FOOT("Orcs", "[3, 1]"));
	put_at(0, 2, 0, 0);
	put_at(1, 2, 0, 1);
	mx_sc(b)->st[1].cls = 1; /* 1 point left: the easier kill */
	struct bs_mx_controller ai;
	bs_mx_ai_init(&ai);
	int decl[3] = {-1, -1, -1};
	ai.declare(ai.ctx, b, 0, 2, 0, decl);
	cr_assert_eq(decl[0], 2, "the orcs, not the routed brigade");
}

/* [M3.4a] magic is not stationary: a cadre with spells left that moved
 * into an enemy location neither declares an attack nor engages (an
 * engaged brigade may only melee [M3.4]); it casts. */
Test(matrix_ai, casters_never_engage, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n"
		   "      - {name: Mages, type: mage, at: [2, 1], move: 12, "
		   "ac: 10, hd: 5, melee: {damage: d4}, magic: {damage: "
		   "5d6}}\n"
		   "  - name: B\n    brigades:\n" FOOT("Orcs", "[3, 1]"));
	/* the AI's orders, but the scripted move (the AI's own mages stay
	 * next to an enemy to cast): the AI ignores ctx */
	struct bs_mx_controller ai;
	bs_mx_ai_init(&ai);
	ai.move = ctl.c.move;
	ai.ctx = &ctl;
	bs_matrix_set_controller(b, 0, &ai);
	bs_matrix_set_controller(b, 1, &ai);
	step(&ctl, 0, 1, 0);
	bs_battle_round(b);
	const struct bs_mx_state *m = bs_mx_state(b, 0);
	cr_assert(m->moved, "the mages moved in");
	cr_assert_eq(m->row, 2);
	cr_assert_eq(m->declared, -1);
	cr_assert_eq(m->engaged, 0);
	const struct bs_event *a = find(BS_EV_MX_ATTACK, 0, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->n[0], BS_MX_MAGIC);
	/* 5d6: average 17.5 / 10 x class 5 = 8.75 -> 9 */
	cr_assert_eq(a->n[4], 9);
	/* as the loser (it moves in second) it does not engage either */
	bs_battle_reset(b, 1, 0);
	memset(&rec, 0, sizeof rec);
	script[0] = 1;
	script[1] = 6;
	dice_again();
	bs_battle_round(b);
	m = bs_mx_state(b, 0);
	cr_assert(m->moved);
	cr_assert_geq(bs_mx_state(b, 1)->declared, 0, "the orcs attack");
	cr_assert_eq(m->engages, -1);
	cr_assert_eq(m->engaged, 0);
	a = find(BS_EV_MX_ATTACK, 0, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->n[0], BS_MX_MAGIC, "it casts in its counterattack");
}

/* RULING R-253 [M3.5]: scouts screened by a brigade of their army cannot
 * be declared a target; they never engage; they attack after the
 * attack phase with their better rating, without the same-location +1. */
Test(matrix_battle, s3_5_scouts_screened_and_their_attack, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" FOOT(
	    "Foot", "[2, 1]") "  - name: B\n    brigades:\n"
			      "      - {name: Eyes, type: elite, at: [3, 1], "
			      "move: 12, ac: 7, scouts: true, melee: "
			      "{damage: d6}, missile: {damage: d6, attacks: "
			      "2}}\n" FOOT("Orcs", "[3, 1]"));
	step(&ctl, 0, 1, 0);
	ctl.decl[0] = 1; /* the screened scouts: rejected */
	ctl.eng[1] = 0;	 /* scouts do not engage */
	ctl.tgt[1] = 0;
	bs_battle_round(b);
	const struct bs_event *r = find(BS_EV_REJECTED, 0, 0);
	cr_assert_not_null(r, "screened scouts are no target");
	cr_assert_eq(bs_mx_state(b, 0)->declared, -1);
	cr_assert_eq(bs_mx_state(b, 1)->engages, -1);
	cr_assert_eq(bs_mx_state(b, 1)->engaged, 0);
	const struct bs_event *a = find(BS_EV_MX_ATTACK, 1, 0);
	cr_assert_not_null(a, "the loser's scouts attack (step 6)");
	cr_assert_eq(a->n[7], 1);
	cr_assert_eq(a->n[0], BS_MX_MISSILE, "missile 1 not below melee 1");
	cr_assert_eq(a->n[1], 1, "no +1 in the same location");
	cr_assert_eq(a->n[2], 2);
	/* 2d10 (5+5) + 2 x (1 - 2) = 8 */
	cr_assert_eq(a->n[3], 8);
	cr_assert_str_eq(a->cite, "[M3.5] RULING R-253");
	/* alone, the scouts may be declared a target */
	cr_assert_eq(bs_mx_may_declare(b, 0, 1), 0);
	mx_sc(b)->st[2].where = BS_MX_OUT;
	mx_ix_unit(b, 2);
	cr_assert_eq(bs_mx_may_declare(b, 0, 1), 1);
}

/* RULING R-251 (the text breaks off at aerial rule 3): an aerial brigade
 * flies over an enemy land stack; an enemy aerial brigade stops it. */
Test(matrix_battle, m4_3_aerial_flies_over_land_stacks, .fini = teardown)
{
	setup(HEAD
	      "  - name: A\n    brigades:\n"
	      "      - {name: Griffons, type: air-cavalry, at: [2, 1], "
	      "move: 30, ac: 3, hd: 3, melee: {damage: d8}}\n"
	      "  - name: B\n    brigades:\n" FOOT(
		  "Orcs",
		  "[3, 1]") "      - {name: Wyverns, type: air-cavalry, at: "
			    "[3, 2], "
			    "move: 24, ac: 3, hd: 3, melee: {damage: d8}}\n");
	step(&ctl, 0, 1, 0);
	step(&ctl, 0, 1, 0);
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 0)->row, 3, "over the orcs' stack");
	cr_assert_eq(bs_mx_state(b, 0)->col, 0);
	/* next round: across to the wyverns' column, stopped there */
	bs_battle_reset(b, 1, 0);
	memset(&rec, 0, sizeof rec);
	dice_again();
	memset(&ctl.mv[0], 0, sizeof ctl.mv[0]);
	ctl.mv[0].enter_col = -1;
	step(&ctl, 0, 1, 0);
	step(&ctl, 0, 0, 1);
	step(&ctl, 0, 0, 1);
	bs_battle_round(b);
	cr_assert_eq(bs_mx_state(b, 0)->row, 2);
	cr_assert_eq(bs_mx_state(b, 0)->col, 1, "stopped by enemy aerial");
}

/* RULING R-254: the strength bands count from the brigade's strength at
 * the start: 150 men of 5 HD (2/3, 8 points) that fall to 1/5 keep 62%
 * (-10), not 50% of two whole centuries (-25). */
Test(matrix_battle, m2_3a_strength_of_the_start, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n" KNIGHTS(
	    "[2, 1]") "  - name: B\n    brigades:\n"
		      "      - {name: Guard, type: infantry, at: [3, 1], men: "
		      "150, move: 12, ac: 10, hd: 5, melee: {damage: d8}}\n");
	cr_assert_eq(bs_mx_state(b, 1)->cls, 2);
	cr_assert_eq(bs_mx_state(b, 1)->unit, 3);
	step(&ctl, 0, 1, 0);
	ctl.decl[0] = 1;
	bs_battle_round(b);
	/* charge 5 - defense 0: 2d10 (5+5) + 10 = 20 -> 3 points: 1/5 */
	cr_assert_eq(bs_mx_state(b, 1)->cls, 1);
	cr_assert_eq(bs_mx_state(b, 1)->unit, 5);
	const struct bs_event *m = find(BS_EV_MORALE, 1, 0);
	cr_assert_not_null(m);
	cr_assert_eq(m->deriv.value, 60, "ML 70 (5 HD) -10 at 62%%");
}

/* [M3.2] the AI does not bring a reserve brigade into a back-row stack of
 * ten of its army (an eleventh costs every brigade there 2 points of each
 * rating): it enters at the nearest column with room. */
Test(matrix_ai, reserve_avoids_a_full_stack, .fini = teardown)
{
	char y[4096];
	int n = snprintf(y, sizeof y, HEAD "  - name: A\n    brigades:\n");
	for (int i = 0; i < 10; i++)
		n += snprintf(y + n, sizeof y - (size_t)n,
			      "      - {name: F%d, type: infantry, at: [1, 2], "
			      "move: 6, ac: 5, melee: {damage: d8}}\n",
			      i);
	snprintf(y + n, sizeof y - (size_t)n,
		 "      - {name: Guard, type: infantry, at: reserve, move: 12, "
		 "ac: 4, melee: {damage: d8}}\n"
		 "  - name: B\n    brigades:\n" FOOT("Orcs", "[4, 2]"));
	setup(y);
	struct bs_mx_controller ai;
	bs_mx_ai_init(&ai);
	struct bs_mx_move m;
	memset(&m, 0, sizeof m);
	m.enter_col = -1;
	/* no weak spot, nothing else on the field rule: from round 4 the
	 * middle column (2, 0-based 1), which is full */
	b->round = 4;
	ai.move(ai.ctx, b, 10, &m);
	cr_assert_neq(m.enter_col, -1, "it enters");
	cr_assert_neq(m.enter_col, 1, "not into the stack of ten");
	cr_assert_eq(bs_mx_stack_count(b, 0, 0, 1), 10);
}

/* [M4.2] the split of an aerial brigade's classes (issue 12 item 18). */
static int split_to[16][16];
static void t_aerial(void *ctx, const struct bs_battle *bb, int g,
		     enum bs_mx_mode mode, int t, int *classes)
{
	(void)ctx;
	(void)mode;
	(void)t;
	for (int h = 0; h < bb->nunits; h++)
		classes[h] = split_to[g][h];
}

/* Issue 12 item 18, RULING R-251 (revised): [M4.2] "Aerial Units do not
 * attack as brigades. Individual units may attack. The number of attacks
 * an aerial unit has is equal to its class number. Do not multiply the
 * damage done to the opponent by the total class number of the brigade,
 * but by the total classes that attacked the brigade." Griffons of 3
 * classes at a location with two enemy brigades send 2 classes at the
 * first and 1 at the second: two attacks, each counting the classes that
 * attacked that brigade (R-250's class number in the roll). */
Test(matrix_battle, m4_2_aerial_classes_split_between_targets, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n"
		   "      - {name: Griffons, type: air-cavalry, at: [2, 1], "
		   "men: 300, move: 30, ac: 3, hd: 3, thac0: 18, melee: "
		   "{damage: d8}}\n"
		   "  - name: B\n    brigades:\n" FOOT("Orcs", "[3, 1]")
		       FOOT("Goblins", "[3, 1]"));
	ctl.c.aerial = t_aerial;
	memset(split_to, 0, sizeof split_to);
	split_to[0][1] = 2;
	split_to[0][2] = 1;
	step(&ctl, 0, 1, 0);
	ctl.decl[0] = 1;
	bs_battle_round(b);
	int n = 0, at1 = 0, at2 = 0;
	for (int i = 0; i < rec.n; i++)
		if (rec.ev[i].type == BS_EV_MX_ATTACK && rec.ev[i].side == 0) {
			n++;
			if (rec.ev[i].tunit == 0)
				at1 = rec.ev[i].n[5];
			else
				at2 = rec.ev[i].n[5];
			cr_assert_str_eq(rec.ev[i].cite, "[M4.2] RULING R-251");
		}
	cr_assert_eq(n, 2, "an attack on each brigade it split its classes on");
	cr_assert_eq(at1, 2, "2 classes attacked the orcs");
	cr_assert_eq(at2, 1, "1 class attacked the goblins");
	cr_assert_eq(count(BS_EV_REJECTED), 0);
}

/* The neighbour: classes sent at an enemy out of its reach (another
 * location) are refused and go with the rest to its target. */
Test(matrix_battle, m4_2_aerial_split_out_of_reach_refused, .fini = teardown)
{
	setup(HEAD "  - name: A\n    brigades:\n"
		   "      - {name: Griffons, type: air-cavalry, at: [2, 1], "
		   "men: 300, move: 30, ac: 3, hd: 3, thac0: 18, melee: "
		   "{damage: d8}}\n"
		   "  - name: B\n    brigades:\n" FOOT("Orcs", "[3, 1]")
		       FOOT("Far", "[4, 3]"));
	ctl.c.aerial = t_aerial;
	memset(split_to, 0, sizeof split_to);
	split_to[0][2] = 2;
	step(&ctl, 0, 1, 0);
	ctl.decl[0] = 1;
	bs_battle_round(b);
	int n = 0;
	for (int i = 0; i < rec.n; i++)
		if (rec.ev[i].type == BS_EV_MX_ATTACK && rec.ev[i].side == 0) {
			n++;
			cr_assert_eq(rec.ev[i].tunit, 0);
			cr_assert_eq(rec.ev[i].n[5], 3, "all 3 at its target");
		}
	cr_assert_eq(n, 1);
	cr_assert_eq(count(BS_EV_REJECTED), 1);
}
