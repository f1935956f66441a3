/* Clerics and undead [14.19] (issue 16): the DMG's Matrix for Clerics
 * Affecting Undead (cells, order, the number affected), who turns at what
 * level, the attempt in step A of the Missile and Magic Phase (at least
 * one figure routed or destroyed, a whole unit turned routs, once a Game
 * Round until an attempt fails, then never again at that unit), the reach
 * and sight, an evil cleric, the doctrine AI's choice.
 * Rulings R-581 .. R-586 (docs/rulings/undead.md). */
#include "ai/doctrine_int.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_missile.h"
#include "battlesim/bs1e_tables.h"
#include "battlesim/bs1e_undead.h"
#include "bs1e_fixture.h"

#define T BS1E_TURN_T
#define D BS1E_TURN_D
#define DS BS1E_TURN_DSTAR
#define NO BS1E_TURN_NO

/* ---- the DMG matrix -------------------------------------------------------
 */

/* Cells checked one by one against the DMG matrix (both sources of
 * docs/CATALOG.md "Turning undead" agree). */
Test(r14_undead, s14_19_dmg_matrix_cells)
{
	static const struct {
		int type, level, cell;
	} want[] = {
	    {BS_UNDEAD_SKELETON, 1, 10}, {BS_UNDEAD_SKELETON, 3, 4},
	    {BS_UNDEAD_SKELETON, 4, T},	 {BS_UNDEAD_SKELETON, 6, D},
	    {BS_UNDEAD_SKELETON, 8, DS}, {BS_UNDEAD_ZOMBIE, 1, 13},
	    {BS_UNDEAD_ZOMBIE, 8, D},	 {BS_UNDEAD_ZOMBIE, 9, DS},
	    {BS_UNDEAD_GHOUL, 4, 4},	 {BS_UNDEAD_GHOUL, 14, DS},
	    {BS_UNDEAD_SHADOW, 1, 19},	 {BS_UNDEAD_SHADOW, 5, 4},
	    {BS_UNDEAD_WIGHT, 1, 20},	 {BS_UNDEAD_WIGHT, 13, D},
	    {BS_UNDEAD_GHAST, 1, NO},	 {BS_UNDEAD_GHAST, 2, 20},
	    {BS_UNDEAD_WRAITH, 3, 20},	 {BS_UNDEAD_WRAITH, 14, D},
	    {BS_UNDEAD_MUMMY, 4, 20},	 {BS_UNDEAD_MUMMY, 9, 4},
	    {BS_UNDEAD_MUMMY, 14, T},	 {BS_UNDEAD_SPECTRE, 4, NO},
	    {BS_UNDEAD_SPECTRE, 12, 7},	 {BS_UNDEAD_VAMPIRE, 6, 20},
	    {BS_UNDEAD_VAMPIRE, 20, 4},	 {BS_UNDEAD_GHOST, 7, 20},
	    {BS_UNDEAD_GHOST, 14, 7},	 {BS_UNDEAD_LICH, 7, NO},
	    {BS_UNDEAD_LICH, 8, 19},	 {BS_UNDEAD_LICH, 14, 10},
	    {BS_UNDEAD_SPECIAL, 8, 20},	 {BS_UNDEAD_SPECIAL, 10, 19},
	    {BS_UNDEAD_SPECIAL, 14, 13},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		cr_expect_eq(bs1e_turn_cell(want[i].type, want[i].level),
			     want[i].cell, "%s at level %d",
			     bs_undead_type_name[want[i].type], want[i].level);
	cr_expect_eq(bs1e_turn_cell(BS_UNDEAD_NONE, 10), NO);
	cr_expect_eq(bs1e_turn_cell(BS_UNDEAD_SKELETON, 0), NO);
	cr_expect_eq(bs1e_turn_col(9), 8);
	cr_expect_eq(bs1e_turn_col(13), 8);
	cr_expect_eq(bs1e_turn_col(14), 9);
	cr_expect_str_eq(bs1e_turn_cell_text(DS), "D*");
	cr_expect_str_eq(bs1e_turn_cell_text(NO), "-");
	cr_expect_str_eq(bs1e_turn_cell_text(16), "16");
	cr_expect_str_eq(bs1e_turn_cell_text(21), "?", "a report of any event");
	cr_expect_str_eq(bs1e_turn_cell_text(-9), "?");
}

/* How good a cell is for the cleric: -, 20 .. 1, T, D, D*. */
static int goodness(int cell)
{
	return cell == NO ? 0 : cell > 0 ? 21 - cell : 21 - cell;
}

/* The matrix's shape: along a row the cleric does no worse as his level
 * rises; down a column no better as the undead grow stronger. */
Test(r14_undead, s14_19_dmg_matrix_rows_and_columns)
{
	for (int r = 0; r < BS1E_TURN_ROWS; r++)
		for (int c = 1; c < BS1E_TURN_COLS; c++)
			cr_expect_geq(goodness(bs1e_turn_matrix[r][c]),
				      goodness(bs1e_turn_matrix[r][c - 1]),
				      "row %d column %s", r + 1,
				      bs1e_turn_col_label[c]);
	for (int c = 0; c < BS1E_TURN_COLS; c++)
		for (int r = 1; r < BS1E_TURN_ROWS; r++)
			cr_expect_leq(goodness(bs1e_turn_matrix[r][c]),
				      goodness(bs1e_turn_matrix[r - 1][c]),
				      "row %d column %s", r + 1,
				      bs1e_turn_col_label[c]);
}

/* DMG: "From 1-12 (or 7-12 or 1-2) undead ... are affected". */
Test(r14_undead, s14_19_number_affected)
{
	int sides, plus;
	bs1e_turn_number_dice(BS_UNDEAD_SKELETON, 10, &sides, &plus);
	cr_expect(sides == 12 && plus == 0);
	bs1e_turn_number_dice(BS_UNDEAD_SKELETON, D, &sides, &plus);
	cr_expect(sides == 12 && plus == 0);
	bs1e_turn_number_dice(BS_UNDEAD_SKELETON, DS, &sides, &plus);
	cr_expect(sides == 6 && plus == 6, "D*: 7-12");
	bs1e_turn_number_dice(BS_UNDEAD_SPECIAL, 13, &sides, &plus);
	cr_expect(sides == 2 && plus == 0, "special: 1-2");
}

/* PH: clerics turn at their level; paladins from the 3rd level as a
 * cleric two levels below. */
Test(r14_undead, s14_19_who_turns_and_at_what_level)
{
	struct bs_individual d;
	memset(&d, 0, sizeof d);
	d.nclasses = 1;
	snprintf(d.cls[0], sizeof d.cls[0], "cleric");
	d.level[0] = 5;
	const char *cls;
	cr_expect_eq(bs1e_turn_level(&d, &cls), 5);
	cr_expect_str_eq(cls, "cleric");
	snprintf(d.cls[0], sizeof d.cls[0], "paladin");
	d.level[0] = 3;
	cr_expect_eq(bs1e_turn_level(&d, NULL), 1);
	d.level[0] = 2;
	cr_expect_eq(bs1e_turn_level(&d, NULL), 0);
	snprintf(d.cls[0], sizeof d.cls[0], "fighter");
	d.level[0] = 9;
	cr_expect_eq(bs1e_turn_level(&d, NULL), 0);
}

/* The catalog's undead and their rows. */
Test(r14_undead, s14_19_catalog_turned_as)
{
	struct tf t;
	tf_open(&t, "name: c\nlevel: advanced\ntable: {width: 72, depth: 48}\n"
		    "sides:\n"
		    "  - name: S\n    edge: south\n    units:\n"
		    "      - {name: A, figures: 4, creature: skeleton, "
		    "position: [10, 4]}\n"
		    "      - {name: B, figures: 4, creature: zombie, "
		    "position: [20, 4]}\n"
		    "      - {name: C, figures: 4, creature: ghoul, "
		    "position: [30, 4]}\n"
		    "      - {name: W, figures: 4, creature: wight, "
		    "position: [40, 4]}\n"
		    "      - {name: O, figures: 4, creature: orc, weapons: "
		    "[spear], position: [50, 4]}\n"
		    "  - name: N\n    edge: north\n    units:\n"
		    "      - {name: M, figures: 4, creature: orc, weapons: "
		    "[spear], position: [30, 44]}\n");
	static const int want[5] = {BS_UNDEAD_SKELETON, BS_UNDEAD_ZOMBIE,
				    BS_UNDEAD_GHOUL, BS_UNDEAD_WIGHT,
				    BS_UNDEAD_NONE};
	for (int u = 0; u < 5; u++)
		cr_expect_eq(bs1e_unit_undead_type(tf_unit(&t, 0, u)->def),
			     want[u], "unit %d", u);
	tf_close(&t);
}

/* ---- in play ----------------------------------------------------------------
 */

static struct bs_turn_order g_turn[BS_MAX_SIDES][4];
static int g_nturn[BS_MAX_SIDES];

static int turn_cb(void *ctx, const struct bs_battle *b, int side,
		   struct bs_turn_order *out, int max)
{
	(void)ctx;
	(void)b;
	int n = g_nturn[side] < max ? g_nturn[side] : max;
	for (int i = 0; i < n; i++)
		out[i] = g_turn[side][i];
	return n;
}

static int g_ratio = 10; /* the Skeletons' creatures per figure */

static void order_turn(int side, int indiv, int tside, int tunit)
{
	g_turn[side][g_nturn[side]++] =
	    (struct bs_turn_order){indiv, tside, tunit, NULL};
}

/* Round 1, South first, the Missile and Magic Phase, the turning orders
 * of turn_cb. */
static void start_turning(struct tf *t)
{
	memset(g_nturn, 0, sizeof g_nturn);
	t->ctl.turn = turn_cb;
	t->b->round = 1;
	t->b->side_a = 0;
	t->b->side_order[0] = 0;
	t->b->side_order[1] = 1;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* South: the Guard (8 men) led by cleric Odo of `odo` levels, facing the
 * North's Skeletons (`skel` figures, 10:1) 1" away, and lone `lone`
 * (an individual entry, may be empty) ; the North's Zombies far off.
 * `level` of the game. */
static void open_undead(struct tf *t, const char *level, int odo, int skel,
			const char *race, const char *lone)
{
	char y[4096];
	snprintf(
	    y, sizeof y,
	    "name: undead\nlevel: %s\ntable: {width: 72, depth: 48}\n"
	    "sides:\n"
	    "  - name: S\n    edge: south\n    units:\n"
	    "      - {name: Guard, figures: 8, creature: man-at-arms, "
	    "weapons: [mace], position: [30, 20], commander: Odo}\n"
	    "    individuals:\n"
	    "      - {name: Odo, %sclass: cleric, level: %d, hp: 20, rank: "
	    "unit}\n%s"
	    "  - name: N\n    edge: north\n    units:\n"
	    "      - {name: Skeletons, figures: %d, ratio: %d, creature: "
	    "skeleton, position: [30, 20.5]}\n"
	    "      - {name: Zombies, figures: 6, ratio: 10, creature: zombie, "
	    "position: [60, 40]}\n",
	    level, race, odo, lone, skel, g_ratio);
	g_ratio = 10;
	tf_open(t, y);
	start_turning(t);
}

static void turning(struct tf *t)
{
	bs1e_phase_turning(t->b);
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
}

/* A level 4 cleric Odo of `race` (T against skeletons) at 4 figures of
 * 2 skeletons, d12 12: the whole unit affected (6 figures of 4). */
static void whole_unit(struct tf *t, const char *race)
{
	g_ratio = 2;
	open_undead(t, "advanced", 4, 4, race, "");
	order_turn(0, 0, 1, 0);
	tf_dice(t, (int[]){12}, 1);
	turning(t);
}

/* open_undead (advanced, Odo of `odo` levels, `race`, `skel` figures),
 * Odo's attempt at the Skeletons with the n dice given: its TURN event. */
static const struct bs_event *turn_once(struct tf *t, int odo, int skel,
					const char *race, const int *dice,
					size_t n)
{
	open_undead(t, "advanced", odo, skel, race, "");
	order_turn(0, 0, 1, 0);
	tf_dice(t, dice, n);
	turning(t);
	const struct bs_event *e = tf_find(t, BS_EV_TURN, 0);
	cr_assert_not_null(e);
	return e;
}

/* [14.19] "a minimum of one figure is automatically routed, even if the
 * cleric did not turn sufficient hit dice to equal one entire figure":
 * level 1 against skeletons needs 10; d20 12, d12 3 undead of 10 a figure:
 * one figure routed (RULING R-583: it flees, removed). */
Test(r14_undead, s14_19_at_least_one_figure_routed)
{
	struct tf t;
	const struct bs_event *e = turn_once(&t, 1, 6, "", (int[]){12, 3}, 2);
	cr_expect_eq(e->n[2], 10, "the matrix: 10");
	cr_expect_eq(e->dice[0], 12);
	cr_expect_eq(e->n[3], 1, "turned");
	cr_expect_eq(e->n[4], 3, "3 undead");
	cr_expect_eq(e->n[5], 1, "one figure at least");
	cr_expect_eq(e->n[6], 0, "not destroyed");
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 5);
	cr_expect(!bs1e_routed(t.b, tf_g(&t, 1, 0)),
		  "the rest of the unit stands");
	tf_close(&t);
}

/* RULING R-583: 25 undead of 10 a figure make 2 figures. T (level 4)
 * turns without a roll: the only die is the d12. */
Test(r14_undead, s14_19_r583_figures_by_ratio_and_T_without_roll)
{
	struct tf t;
	const struct bs_event *e = turn_once(&t, 4, 6, "", (int[]){12}, 1);
	cr_expect_eq(e->ndice, 0, "no d20");
	cr_expect_eq(e->n[4], 12);
	cr_expect_eq(e->n[5], 1, "12 undead of 10 a figure: 1 figure");
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 5);
	tf_close(&t);
}

/* [14.19] "If a cleric's power is such that he automatically destroys
 * undead, he destroys a minimum of one figure": level 6 against
 * skeletons is D; d12 4: one figure destroyed. */
Test(r14_undead, s14_19_destroys_at_least_one_figure)
{
	struct tf t;
	const struct bs_event *e = turn_once(&t, 6, 6, "", (int[]){4}, 1);
	cr_expect_eq(e->n[2], D);
	cr_expect_eq(e->n[6], 1, "destroyed");
	cr_expect_eq(e->n[5], 1);
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 5);
	const struct bs_event *l = tf_find(&t, BS_EV_LOSSES, 0);
	cr_assert_not_null(l);
	cr_expect_str_eq(l->cite, "[14.19] (DMG)");
	tf_close(&t);
}

/* D* (level 8 against skeletons): 7-12, d6 + 6. */
Test(r14_undead, s14_19_d_star_seven_to_twelve)
{
	struct tf t;
	const struct bs_event *e = turn_once(&t, 8, 6, "", (int[]){5}, 1);
	cr_expect_eq(e->n[2], DS);
	cr_expect_eq(e->n[4], 11, "d6 5 + 6");
	cr_expect_eq(e->n[5], 1);
	tf_close(&t);
}

/* [14.19] a whole unit turned routs [7.15]: 4 figures of 2 skeletons,
 * d12 12 undead: 6 figures, all of them. */
Test(r14_undead, s14_19_whole_unit_turned_routs)
{
	struct tf t;
	whole_unit(&t, "");
	int g = tf_g(&t, 1, 0);
	cr_expect(bs1e_routed(t.b, g), "the unit routs");
	cr_expect_eq(t.b->units[g].figures, 4, "not destroyed");
	cr_expect_not_null(tf_find(&t, BS_EV_ROUT, 0));
	tf_close(&t);
}

/* [14.19] "A cleric can keep attempting to turn a unit of undead once per
 * Game Round until an attempt is failed. After that, the cleric cannot
 * attempt to turn any more undead in that particular unit, although he
 * may attempt to turn the same kind of undead in a different unit." */
Test(r14_undead, s14_19_until_an_attempt_fails_then_never_at_that_unit)
{
	struct tf t;
	open_undead(&t, "advanced", 1, 6, "", "");
	order_turn(0, 0, 1, 0);
	tf_dice(&t, (int[]){12, 1, 9}, 3);
	turning(&t); /* round 1: turned */
	t.b->round = 2;
	turning(&t); /* round 2: d20 9 < 10: fails */
	const struct bs_event *e = tf_find(&t, BS_EV_TURN, 1);
	cr_assert_not_null(e);
	cr_expect_eq(e->n[3], 0, "failed");
	t.b->round = 3;
	tf_dice(&t, (int[]){20, 1}, 2);
	turning(&t); /* round 3: refused */
	cr_expect_eq(tf_count(&t, BS_EV_TURN), 2);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r);
	cr_expect_str_eq(r->cite, "[14.19]");
	/* another unit of the same kind: open to him */
	cr_expect(bs1e_turn_open(t.b, t.b->indiv_first[0], tf_g(&t, 1, 1)));
	cr_expect(!bs1e_turn_open(t.b, t.b->indiv_first[0], tf_g(&t, 1, 0)));
	tf_close(&t);
}

/* RULING R-581: [14.1] one AD&D melee round of actions a Game Round: one
 * attempt; a second order in the round is refused. */
Test(r14_undead, s14_19_r581_one_attempt_a_game_round)
{
	struct tf t;
	open_undead(&t, "advanced", 4, 6, "", "");
	order_turn(0, 0, 1, 0);
	order_turn(0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 3}, 2);
	turning(&t);
	cr_expect_eq(tf_count(&t, BS_EV_TURN), 1);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r);
	cr_expect_str_eq(r->cite, "[14.1] [14.19] RULING R-581");
	tf_close(&t);
}

/* RULING R-582: the reach is 3" AD&D = 1" on the table (Table 17), from
 * his unit's block; the Zombies 20" off are out of it. */
Test(r14_undead, s14_19_r582_reach)
{
	cr_expect_float_eq(bs1e_turn_reach(0), 1.0, 1e-9);
	struct tf t;
	open_undead(&t, "advanced", 4, 6, "", "");
	order_turn(0, 0, 1, 1);
	tf_dice(&t, (int[]){3}, 1);
	turning(&t);
	cr_expect_eq(tf_count(&t, BS_EV_TURN), 0);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r);
	cr_expect_str_eq(r->cite, "[14.19] [14.2] RULING R-582");
	tf_close(&t);
}

/* [14.19] "If an evil cleric turns undead, he can sometimes make them
 * enter his service ... Such undead fall instantly under the command of
 * that cleric": RULING R-585, an orc cleric of level 4 (T against
 * skeletons, no roll), d12 12 = 12 undead of 2 a figure = 6 figures, the
 * whole unit of 4: it is under his side's control, whole, not routed. */
Test(r14_undead, s14_19_r585_evil_cleric_takes_the_unit_into_service)
{
	struct tf t;
	whole_unit(&t, "race: orc, ");
	int g = tf_g(&t, 1, 0);
	const struct bs_event *e = tf_find(&t, BS_EV_TURN, 0);
	cr_assert_not_null(e);
	cr_expect_eq(e->n[3], 1, "a success");
	cr_expect_eq(e->n[11], 1, "in his service");
	cr_expect_eq(e->n[6], 0, "an evil cleric destroys nothing");
	cr_expect_str_eq(e->cite, "[14.19] (DMG) RULING R-585: in his service");
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 4, "no figure removed");
	cr_expect(!bs1e_routed(t.b, g), "not routed");
	cr_expect_eq(bs1e_charm_side(t.b, g), 0, "under the South's control");
	cr_expect_eq(bs1e_serving(t.b, g), t.b->indiv_first[0] + 0);
	cr_expect(bs1e_charmed(t.b, g),
		  "it fights and shoots for no one (R-585, as R-691)");
	cr_expect_eq(tf_unit(&t, 1, 0)->side, 1, "control is not ownership");
	/* [1.7] within his Command Radius it lasts */
	bs1e_fx_end_round(t.b);
	cr_expect_eq(bs1e_serving(t.b, g), t.b->indiv_first[0] + 0);
	/* the Movement Phase: it stands where it is (RULING R-585) */
	struct bs_order o;
	const char *why = bs1e_charm_order(t.b, 0, g, &o);
	cr_expect_eq(o.kind, BS_ORDER_HOLD);
	cr_expect_not_null(strstr(why, "R-585"));
	tf_close(&t);
}

/* RULING R-585: fewer figures than the unit: 3 undead of 10 a figure
 * make 1 figure (at least one [14.19]): it leaves the unit and the battle;
 * the rest stay their own side's. */
Test(r14_undead, s14_19_r585_evil_cleric_part_of_a_unit_leaves_it)
{
	struct tf t;
	const struct bs_event *e =
	    turn_once(&t, 1, 6, "race: orc, ", (int[]){12, 3}, 2);
	cr_expect_eq(e->n[5], 1);
	cr_expect_eq(e->n[11], 1);
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 5);
	cr_expect_eq(bs1e_charm_side(t.b, tf_g(&t, 1, 0)), 1);
	cr_expect_eq(bs1e_serving(t.b, tf_g(&t, 1, 0)), -1);
	tf_close(&t);
}

/* [14.19] "until they are killed, turned by an evil cleric on the other
 * side, or move out of the cleric's CR": out of his CR at the End of
 * the Game Round, or he lost, the undead are their own side's again. */
Test(r14_undead, s14_19_r585_service_ends_out_of_his_cr_or_he_lost)
{
	for (int way = 0; way < 2; way++) {
		struct tf t;
		whole_unit(&t, "race: orc, ");
		int g = tf_g(&t, 1, 0), k = t.b->indiv_first[0];
		cr_assert_eq(bs1e_serving(t.b, g), k);
		if (way == 0)
			t.b->indivs[k].cr = 0; /* no radius reaches it */
		else
			t.b->indivs[k].alive = 0;
		bs1e_fx_end_round(t.b);
		cr_expect_eq(bs1e_serving(t.b, g), -1, "way %d", way);
		cr_expect_eq(bs1e_charm_side(t.b, g), 1, "its own side's");
		int found = 0;
		for (int i = 0; i < t.nev; i++)
			if (t.evs[i].ev.type == BS_EV_NOTE &&
			    t.evs[i].ev.cite &&
			    strcmp(t.evs[i].ev.cite,
				   "[1.7] [14.19] RULING R-585") == 0)
				found = 1;
		cr_expect(found, "the end of the service logged (way %d)", way);
		tf_close(&t);
	}
}

/* The Guard led by the orc cleric Odo (level 4) and `south` more
 * individuals; the North's Skeletons (4 figures of 2) front at y = `skel_y`
 * and `north` (its individuals: section, may be empty); turning starts. */
static void open_orc_odo(struct tf *t, const char *south, double skel_y,
			 const char *north)
{
	char y[4096];
	snprintf(y, sizeof y,
		 "name: odo\nlevel: advanced\ntable: {width: 72, depth: 48}\n"
		 "sides:\n"
		 "  - name: S\n    edge: south\n    units:\n"
		 "      - {name: Guard, figures: 8, creature: man-at-arms, "
		 "weapons: [mace], position: [30, 20], commander: Odo}\n"
		 "    individuals:\n"
		 "      - {name: Odo, race: orc, class: cleric, level: 4, hp: "
		 "20, rank: unit}\n%s"
		 "  - name: N\n    edge: north\n    units:\n"
		 "      - {name: Skeletons, figures: 4, ratio: 2, creature: "
		 "skeleton, position: [30, %g]}\n%s",
		 south, skel_y, north);
	tf_open(t, y);
	start_turning(t);
}

/* [14.19] "turned by an evil cleric on the other side": the North's orc
 * cleric turns his side's Skeletons back out of the South's service; a
 * good cleric of the South cannot turn the undead his side commands. */
Test(r14_undead, s14_19_r585_turned_back_by_an_evil_cleric_of_the_other_side)
{
	struct tf t;
	open_orc_odo(
	    &t,
	    "      - {name: Anselm, class: cleric, level: 4, hp: 20, "
	    "position: [31, 19]}\n",
	    20.5,
	    "    individuals:\n"
	    "      - {name: Grimm, race: orc, class: cleric, level: 4, "
	    "hp: 20, position: [30, 21.6]}\n");
	int g = tf_g(&t, 1, 0);
	bs1e_serve(t.b, t.b->indiv_first[0], g);
	cr_assert_eq(bs1e_charm_side(t.b, g), 0);
	struct bs_turn_order o = {1, 1, 0, NULL};
	struct bs1e_turn_check p;
	cr_expect(!bs1e_check_turn(t.b, 0, &o, &p), "Anselm: his side's");
	cr_expect_str_eq(p.cite, "[14.19] RULING R-585");
	o = (struct bs_turn_order){0, 1, 0, NULL};
	cr_expect(!bs1e_check_turn(t.b, 0, &o, &p), "Odo: his already");
	/* the doctrine: Grimm turns his side's undead back */
	struct bs_turn_order d[2];
	cr_assert_eq(bs_ai_turn_cb(NULL, t.b, 1, d, 2), 1);
	cr_expect(d[0].indiv == 0 && d[0].tside == 1 && d[0].tunit == 0);
	cr_expect_not_null(strstr(d[0].why, "turned back"));
	g_turn[1][0] = d[0];
	g_nturn[1] = 1;
	tf_dice(&t, (int[]){1}, 1);
	turning(&t);
	const struct bs_event *e = tf_find(&t, BS_EV_TURN, 0);
	cr_assert_not_null(e);
	cr_expect_eq(e->n[11], 2, "turned back");
	cr_expect_eq(bs1e_serving(t.b, g), -1);
	cr_expect_eq(bs1e_charm_side(t.b, g), 1, "the North's again");
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 4, "whole");
	tf_close(&t);
}

/* RULING R-585 in the Melee Phase: the Skeletons in contact with the
 * Guard, in Odo's service, attack no one (a NOTE), and the Guard, of his
 * side, does not attack them: no attack at all. */
Test(r14_undead, s14_19_r585_in_service_no_melee_with_his_side)
{
	struct tf t;
	open_orc_odo(&t, "", 20, "");
	int g = tf_g(&t, 1, 0);
	cr_assert(bs1e_contact(t.b, g, tf_g(&t, 0, 0), NULL), "in contact");
	order_turn(0, 0, 1, 0);
	tf_dice(&t, (int[]){12}, 1);
	turning(&t);
	cr_assert_eq(bs1e_serving(t.b, g), t.b->indiv_first[0]);
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	cr_expect_eq(tf_count(&t, BS_EV_ATTACK), 0, "no attack either way");
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 4);
	tf_close(&t);
}

/* The doctrine AI: an evil cleric facing enemy undead attempts it, with
 * his reason (RULING R-585). */
Test(r14_undead, s14_19_r585_doctrine_evil_cleric_attempts_service)
{
	struct tf t;
	open_undead(&t, "advanced", 4, 6, "race: orc, ", "");
	struct bs_turn_order o[2];
	cr_assert_eq(bs_ai_turn_cb(NULL, t.b, 0, o, 2), 1);
	cr_expect(o[0].tside == 1 && o[0].tunit == 0);
	cr_expect_not_null(strstr(o[0].why, "enter his service"));
	tf_close(&t);
}

/* His own side's unit, not in an enemy's service; a unit that is not
 * undead; the Intermediate Game. */
Test(r14_undead, s14_19_r585_evil_cleric_and_other_refusals)
{
	struct tf t;
	open_undead(&t, "advanced", 4, 6, "race: orc, ", "");
	struct bs_turn_order ow = {0, 0, 0, NULL};
	struct bs1e_turn_check pw;
	cr_expect(!bs1e_check_turn(t.b, 0, &ow, &pw), "his own Guard");
	tf_close(&t);

	open_undead(&t, "advanced", 4, 6, "", "");
	struct bs_turn_order o = {0, 0, 0, NULL};
	struct bs1e_turn_check p;
	cr_expect(!bs1e_check_turn(t.b, 0, &o, &p), "his own side");
	tf_close(&t);

	open_undead(&t, "intermediate", 4, 6, "", "");
	o = (struct bs_turn_order){0, 1, 0, NULL};
	cr_expect(!bs1e_check_turn(t.b, 0, &o, &p));
	cr_expect_str_eq(p.cite, "[14.19] [16.3 A]");
	tf_close(&t);
}

/* A lone cleric on the table turns from his own counter; the doctrine AI
 * picks D (no roll) over a d20 score and gives its reason. */
Test(r14_undead, s14_19_doctrine_turns_the_best_target)
{
	struct tf t;
	open_undead(&t, "advanced", 1, 6, "",
		    "      - {name: Anselm, class: cleric, level: 6, hp: 30, "
		    "position: [60, 39]}\n");
	struct bs_turn_order o[4];
	int n = bs_ai_turn_cb(NULL, t.b, 0, o, 4);
	cr_assert_eq(n, 2, "Odo at the Skeletons, Anselm at the Zombies");
	cr_expect(o[0].indiv == 0 && o[0].tside == 1 && o[0].tunit == 0);
	cr_expect(o[1].indiv == 1 && o[1].tside == 1 && o[1].tunit == 1);
	cr_expect_not_null(strstr(o[1].why, "destroys"));
	cr_expect_not_null(strstr(o[0].why, "d20"));
	cr_expect_eq(bs_ai_turn_cb(NULL, t.b, 1, o, 4), 0);
	tf_close(&t);
}

/* DMG: "if the number shown is matched or exceeded by the die roll the
 * undead are turned": 10 against 10 turns, 9 does not. */
Test(r14_undead, s14_19_the_score_matched_turns)
{
	struct tf t;
	const struct bs_event *e = turn_once(&t, 1, 6, "", (int[]){10, 1}, 2);
	cr_expect_eq(e->n[3], 1, "10 matches 10");
	tf_close(&t);
	e = turn_once(&t, 1, 6, "", (int[]){9}, 1);
	cr_expect_eq(e->n[3], 0, "9 fails");
	tf_close(&t);
}

/* ---- who is a target: control (RULING R-346) and sight (R-347) ----------
 */

/* South: the Guard led by orc cleric Odo (evil, level 4), the Bows (long
 * bows) and the Foot (spears) 10" from the North's Skeletons, Ari (a
 * magic-user with fireball) and Hal (a fighter with a long bow)
 * standing alone; North: the Skeletons (4 figures of 2) and the Zombies
 * (4 figures of 10) 1/2" before the Guard, Grimm (an orc cleric) far
 * off; the Foot led by Cap. */
static void open_control(struct tf *t)
{
	tf_open(
	    t,
	    "name: control\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 48}\n"
	    "sides:\n"
	    "  - name: S\n    edge: south\n    units:\n"
	    "      - {name: Guard, figures: 8, creature: man-at-arms, "
	    "weapons: [mace], position: [20, 20], commander: Odo}\n"
	    "      - {name: Bows, figures: 4, creature: man-at-arms, "
	    "weapons: [long bow], position: [36, 14]}\n"
	    "      - {name: Foot, figures: 4, creature: man-at-arms, "
	    "weapons: [spear], position: [48, 14], commander: Cap}\n"
	    "    individuals:\n"
	    "      - {name: Odo, race: orc, class: cleric, level: 4, hp: 20, "
	    "rank: unit}\n"
	    "      - {name: Ari, class: magic-user, level: 5, hp: 20, "
	    "position: [42, 10], spells: [fireball]}\n"
	    "      - {name: Hal, class: fighter, level: 4, hp: 30, "
	    "weapons: [long bow], position: [34, 17]}\n"
	    "      - {name: Cap, class: fighter, level: 2, hp: 12, "
	    "rank: unit}\n"
	    "  - name: N\n    edge: north\n    units:\n"
	    "      - {name: Skeletons, figures: 4, ratio: 2, creature: "
	    "skeleton, position: [48, 24]}\n"
	    "      - {name: Zombies, figures: 4, ratio: 10, creature: "
	    "zombie, position: [20, 20.5]}\n"
	    "    individuals:\n"
	    "      - {name: Grimm, race: orc, class: cleric, level: 4, "
	    "hp: 20, position: [60, 44]}\n");
	start_turning(t);
	for (int g = 0; g < t->b->nunits; g++)
		bs1e_missile_new_round(t->b, g);
}

/* Every way the South attacks the Skeletons: 1 when each is legal, 0 when
 * each is refused with RULING R-346's cite (the volley, Ari's spell, Hal's
 * shot, the Foot's charge). */
static int south_attacks(struct tf *t)
{
	struct bs1e_volley_plan v;
	bs1e_volley_plan(t->b, 0, 1, 1, 0, BS_FIRE_PHASE, -1, NULL, &v);
	struct bs1e_cast_plan c;
	struct bs_cast_order co = {
	    1, tf_spell(t, "fireball"), 1, 0, -1, 0, 0, 0, NULL};
	int cast = bs1e_check_cast(t->b, 0, &co, &c);
	struct bs1e_indiv_shot s;
	struct bs_indiv_fire_order so = {2, 1, 0, -1, NULL, 0};
	int shot = bs1e_check_indiv_fire(t->b, 0, &so, &s);
	struct bs_tt_charge ch;
	bs_tt_plan_charge(t->b, 0, 2, 1, 0, &ch);
	if (v.legal && cast && shot && ch.legal)
		return 1;
	cr_expect(!v.legal && !cast && !shot && !ch.legal,
		  "volley %d (%s) cast %d (%s) shot %d (%s) charge %d (%s)",
		  v.legal, v.why ? v.why : "", cast, c.why ? c.why : "", shot,
		  s.why ? s.why : "", ch.legal, ch.why ? ch.why : "");
	cr_expect_str_eq(v.cite, "[14.19] RULING R-346");
	cr_expect_str_eq(c.cite, "[14.19] RULING R-346");
	cr_expect_str_eq(s.cite, "[14.19] RULING R-346");
	cr_expect_str_eq(ch.cite, "[14.19] RULING R-346");
	return 0;
}

/* [14.19] "Such undead fall instantly under the command of that cleric,
 * and follow his orders": RULING R-346, his side's volleys, spells,
 * individuals' shots and charges at them are legal before and REJECTED
 * in his service; they are its own side's as ever, and its enemies'
 * target; out of his service, the South's target again. */
Test(r14_undead, s14_19_r346_his_side_does_not_attack_his_undead)
{
	struct tf t;
	open_control(&t);
	int g = tf_g(&t, 1, 0);
	cr_assert(bs1e_hostile(t.b, 0, g));
	cr_assert(south_attacks(&t), "legal before his service");
	bs1e_serve(t.b, t.b->indiv_first[0], g);
	cr_assert_eq(bs1e_serving(t.b, g), t.b->indiv_first[0]);
	cr_expect(!bs1e_hostile(t.b, 0, g), "not the South's target");
	cr_expect(!bs1e_hostile(t.b, 1, g), "the North's own");
	cr_expect(bs1e_hostile(t.b, 1, tf_g(&t, 0, 0)), "the Guard is");
	cr_expect(bs1e_hostile(t.b, 0, tf_g(&t, 1, 1)), "the Zombies are");
	cr_expect(!south_attacks(&t), "REJECTED in his service");
	/* turned back by a cleric of its own side: a target again */
	bs1e_serve(t.b, t.b->indiv_first[1], g);
	cr_expect_eq(bs1e_serving(t.b, g), -1);
	cr_expect(south_attacks(&t), "legal again");
	tf_close(&t);
}

/* RULING R-346: the doctrine AI of the South picks no target in his
 * service: the Foot's advance is not at the Skeletons, nor does it charge
 * them, once they serve Odo. */
Test(r14_undead, s14_19_r346_the_doctrine_does_not_charge_his_undead)
{
	struct tf t;
	open_control(&t);
	int g = tf_g(&t, 1, 0);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_order o;
	ai->ctl.move(ai->ctl.ctx, t.b, 0, 2, &o);
	cr_expect(o.kind == BS_ORDER_CHARGE && o.tside == 1 && o.tunit == 0,
		  "before: the Foot charges the Skeletons (%d at %d/%d)",
		  o.kind, o.tside, o.tunit);
	bs1e_serve(t.b, t.b->indiv_first[0], g);
	bs_ai_doctrine_init(ai);
	ai->ctl.move(ai->ctl.ctx, t.b, 0, 2, &o);
	cr_expect(!(o.tside == 1 && o.tunit == 0),
		  "in his service: not at the Skeletons (%d at %d/%d)", o.kind,
		  o.tside, o.tunit);
	free(ai);
	tf_close(&t);
}

/* The Zombies made invisible (an invisibility effect of the battle's
 * list, not found). */
static void zombies_invisible(struct tf *t)
{
	int z = tf_g(t, 1, 1);
	struct bs1e_effect *e = bs1e_fx_new(t->b);
	cr_assert_not_null(e);
	e->kind = BS_SPFX_INVISIBLE;
	e->sp = tf_spell(t, "mass invisibility");
	e->g = z;
	e->figs = t->b->units[z].figures;
	e->left = -1;
	e->round = t->b->round;
	cr_assert(bs1e_fx_unit_unseen(t->b, z));
}

/* [14.8] invisible figures "cannot be attacked unless they are detected
 * by enemy forces": RULING R-347, a turning is an attack: Odo's attempt
 * at the Zombies 1/2" away is legal while they are seen, REJECTED with
 * the rule while they are invisible and not found; the doctrine does not
 * aim at them. */
Test(r14_undead, s14_8_r347_no_turning_at_an_unfound_invisible_unit)
{
	struct tf t;
	open_control(&t);
	struct bs_turn_order o = {0, 1, 1, NULL};
	struct bs1e_turn_check p;
	cr_assert(bs1e_check_turn(t.b, 0, &o, &p), "%s %s", p.why, p.cite);
	struct bs_turn_order d[2];
	cr_assert_eq(bs_ai_turn_cb(NULL, t.b, 0, d, 2), 1);
	cr_assert(d[0].tside == 1 && d[0].tunit == 1, "the Zombies at first");
	zombies_invisible(&t);
	cr_expect(!bs1e_check_turn(t.b, 0, &o, &p));
	cr_expect_str_eq(p.cite, "[14.8] RULING R-343 R-347");
	int n = bs_ai_turn_cb(NULL, t.b, 0, d, 2);
	cr_expect(n == 0 || !(d[0].tside == 1 && d[0].tunit == 1),
		  "the doctrine does not aim at them");
	tf_close(&t);
}

/* [14.8] RULING: Hal's shot at the invisible, unfound
 * Zombies is REJECTED, as a volley or a spell at them is
 * (s14_8_no_volley_nor_spell_at_an_invisible_unit_r343). */
Test(r14_undead, s14_8_r347_no_shot_at_an_unfound_invisible_unit)
{
	struct tf t;
	open_control(&t);
	struct bs1e_indiv_shot s;
	struct bs_indiv_fire_order so = {2, 1, 1, -1, NULL, 0};
	cr_assert(bs1e_check_indiv_fire(t.b, 0, &so, &s), "%s", s.why);
	zombies_invisible(&t);
	cr_expect(!bs1e_check_indiv_fire(t.b, 0, &so, &s));
	cr_expect_str_eq(s.cite, "[14.8] RULING R-343");
	tf_close(&t);
}
