/* The matrix battle's location index (issue 13; src/matrix/mx_int.h
 * struct mx_index, src/matrix/field.c): a differential test. After every
 * random change of a brigade (a place, a rout, a rally, a removal, a new
 * column) and at every call of the controllers while battles are played,
 * what the index answers (bs_mx_cell_at, bs_mx_cells, bs_mx_units_at,
 * bs_mx_army_at, bs_mx_active_count, bs_mx_stack_count) is compared with a
 * plain scan of every brigade. The queries are made at random moments, so that
 * both the entry moved by one brigade's change and the whole rebuild are tried.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/matrix.h"
#include "battlesim/scenario.h"
#include "matrix/mx_int.h"

/* The scan: side's brigades on the field at (row, col). */
static struct bs_mx_cell scan_cell(const struct bs_battle *b, int side, int row,
				   int col)
{
	struct bs_mx_cell n = {0, 0, 0, 0};
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_mx_state *t = bs_mx_state(b, g);
		if (b->units[g].side != side || t->where != BS_MX_FIELD ||
		    t->row != row || t->col != col)
			continue;
		n.field++;
		n.active += !t->routed;
		n.land += !t->def->aerial;
		n.aerial += t->def->aerial != 0;
	}
	return n;
}

static int checks;

/* Every answer of the index against the scan; 0 when all agree, else a
 * description in why. */
static int index_differs(const struct bs_battle *b, char *why, size_t len)
{
	int rows = bs_mx_field(b)->rows, cols = bs_mx_cols(b);
	checks++;
	for (int side = 0; side < 2; side++) {
		int active = 0;
		for (int g = 0; g < b->nunits; g++) {
			const struct bs_mx_state *t = bs_mx_state(b, g);
			active += b->units[g].side == side &&
				  t->where == BS_MX_FIELD && !t->routed;
		}
		if (bs_mx_active_count(b, side) != active) {
			snprintf(why, len, "side %d: %d active, scan %d", side,
				 bs_mx_active_count(b, side), active);
			return 1;
		}
		const struct bs_mx_cell *all = bs_mx_cells(b, side);
		/* one row and column beyond the matrix: all 0 there */
		for (int r = -1; r <= rows; r++)
			for (int c = -1; c <= cols; c++) {
				struct bs_mx_cell x = scan_cell(b, side, r, c);
				struct bs_mx_cell y =
				    bs_mx_cell_at(b, side, r, c);
				int on =
				    r >= 0 && r < rows && c >= 0 && c < cols;
				const struct bs_mx_cell *z =
				    on ? &all[r * cols + c] : &y;
				if (memcmp(&x, &y, sizeof x) ||
				    memcmp(&x, z, sizeof x) ||
				    bs_mx_stack_count(b, side, r, c) !=
					x.land) {
					snprintf(
					    why, len,
					    "side %d at (%d, %d): index "
					    "%d/%d/%d/%d, scan %d/%d/%d/%d",
					    side, r, c, y.field, y.active,
					    y.land, y.aerial, x.field, x.active,
					    x.land, x.aerial);
					return 1;
				}
			}
	}
	for (int r = -1; r <= rows; r++)
		for (int c = -1; c <= cols; c++) {
			const int *at;
			int n = bs_mx_units_at(b, r, c, &at), k = 0;
			for (int g = 0; g < b->nunits; g++) {
				const struct bs_mx_state *t = bs_mx_state(b, g);
				if (t->where != BS_MX_FIELD || t->row != r ||
				    t->col != c)
					continue;
				if (k >= n || at[k] != g) {
					snprintf(why, len,
						 "(%d, %d): brigade %d not "
						 "%dth in the list",
						 r, c, g, k);
					return 1;
				}
				k++;
			}
			if (k != n) {
				snprintf(why, len,
					 "(%d, %d): %d listed, scan %d", r, c,
					 n, k);
				return 1;
			}
			/* one army's list (bs_mx_army_at) */
			for (int side = 0; side < 2; side++) {
				n = bs_mx_army_at(b, side, r, c, &at);
				k = 0;
				for (int g = 0; g < b->nunits; g++) {
					const struct bs_mx_state *t =
					    bs_mx_state(b, g);
					if (b->units[g].side != side ||
					    t->where != BS_MX_FIELD ||
					    t->row != r || t->col != c)
						continue;
					if (k >= n || at[k] != g) {
						snprintf(why, len,
							 "(%d, %d) army %d: "
							 "brigade %d not %dth",
							 r, c, side, g, k);
						return 1;
					}
					k++;
				}
				if (k != n) {
					snprintf(why, len,
						 "(%d, %d) army %d: %d "
						 "listed, scan %d",
						 r, c, side, n, k);
					return 1;
				}
			}
		}
	return 0;
}

static void check(const struct bs_battle *b, const char *when)
{
	char why[160] = "";
	int bad = index_differs(b, why, sizeof why);
	cr_assert(!bad, "%s: %s", when, why);
}

static struct bs_scenario *load(const char *path)
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_file(path, &sc, &d), BS_OK, "%s",
		     d.count ? d.items[0].msg : path);
	bs_diags_release(&d);
	return sc;
}

static unsigned long long lcg = 12345;

static int rnd(int n)
{
	lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
	return (int)((lcg >> 33) % (unsigned long long)n);
}

/* A battle with aerial brigades, scouts, a reserve and new columns. */
#define AIR_YAML                                                               \
	"name: t\nrules: matrix\nrounds: 12\n"                                 \
	"matrix: {rows: 5, columns: 3, options: [new_columns]}\nsides:\n"      \
	"  - name: A\n    brigades:\n"                                         \
	"      - {name: Griffons, type: air-cavalry, at: [2, 2], men: 300, "   \
	"move: 30, ac: 3, hd: 3, thac0: 18, melee: {damage: d8}}\n"            \
	"      - {name: Foot, type: infantry, at: [1, 1], move: 12, ac: 5, "   \
	"melee: {damage: d6}}\n"                                               \
	"      - {name: Bows, type: archers, at: [1, 3], move: 12, ac: 7, "    \
	"melee: {damage: d6}, missile: {damage: d6, attacks: 2}}\n"            \
	"      - {name: Spare, type: infantry, at: reserve, move: 12, ac: 5, " \
	"melee: {damage: d6}}\n"                                               \
	"  - name: B\n    brigades:\n"                                         \
	"      - {name: Orcs, type: infantry, at: [5, 2], move: 12, ac: 6, "   \
	"melee: {damage: d8}}\n"                                               \
	"      - {name: Goblins, type: infantry, at: [4, 2], move: 12, ac: "   \
	"6, melee: {damage: d6}}\n"                                            \
	"      - {name: Bats, type: air-cavalry, at: [4, 3], men: 200, move: " \
	"30, ac: 4, hd: 2, thac0: 19, melee: {damage: d4}}\n"                  \
	"      - {name: Wolves, type: cavalry, at: reserve, move: 18, ac: 6, " \
	"melee: {damage: d8}}\n"

static struct bs_scenario *load_air(void)
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	const char *y = AIR_YAML;
	cr_assert_eq(bs_scenario_load_string(y, strlen(y), "t.yaml", &sc, &d),
		     BS_OK, "%s", d.count ? d.items[0].msg : "load failed");
	bs_diags_release(&d);
	return sc;
}

/* Random changes of brigades, the index asked at random moments. */
static void random_changes(struct bs_scenario *sc, int steps)
{
	struct bs_battle *b = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_diags_release(&d);
	for (int rep = 0; rep < 4; rep++) {
		bs_battle_reset(b, (unsigned long long)rep + 1, 0);
		check(b, "after the reset");
		for (int i = 0; i < steps; i++) {
			int g = rnd(b->nunits);
			int rows = bs_mx_field(b)->rows, cols = bs_mx_cols(b);
			int op = rnd(20);
			if (op < 12)
				bs_mx_set_place(b, g, rnd(rows + 1) - 1,
						rnd(cols));
			else if (op < 17)
				bs_mx_set_routed(b, g, rnd(2));
			else if (op < 19 && rnd(4) == 0)
				mx_remove(b, g, BS_END_DESTROYED, "test",
					  "[M2.6]");
			else if (bs_mx_state(b, g)->where == BS_MX_FIELD)
				/* past a column: a new one, or leaving */
				mx_past_column(b, g, rnd(2) ? -1 : cols);
			if (rnd(3) == 0)
				check(b, "after a change");
		}
		check(b, "at the end");
	}
	bs_battle_free(b);
}

Test(matrix_index, m1_1_random_changes_match_a_scan)
{
	struct bs_scenario *sc =
	    load("data/scenarios/shield-lands-matrix.yaml");
	checks = 0;
	random_changes(sc, 600);
	bs_scenario_free(sc);
	sc = load_air();
	random_changes(sc, 600);
	bs_scenario_free(sc);
	cr_assert_gt(checks, 1000);
}

/* The matrix AI, each of its calls checking the index first: mid
 * movement (after the moves before it), in the engagement and the
 * attacks. */
static struct bs_mx_controller ai;

static void c_move(void *ctx, const struct bs_battle *b, int g,
		   struct bs_mx_move *m)
{
	check(b, "a move");
	ai.move(ctx, b, g, m);
}

static void c_declare(void *ctx, const struct bs_battle *b, int side, int row,
		      int col, int *decl)
{
	check(b, "a declaration");
	ai.declare(ctx, b, side, row, col, decl);
}

static void c_defend(void *ctx, const struct bs_battle *b, int side, int row,
		     int col, int *eng)
{
	check(b, "a defense");
	ai.defend(ctx, b, side, row, col, eng);
}

static int c_target(void *ctx, const struct bs_battle *b, int g,
		    enum bs_mx_mode mode)
{
	check(b, "a target");
	return ai.target(ctx, b, g, mode);
}

static void play(struct bs_scenario *sc, int battles)
{
	bs_mx_ai_init(&ai);
	struct bs_mx_controller c = ai;
	c.move = c_move;
	c.declare = c_declare;
	c.defend = c_defend;
	c.target = c_target;
	struct bs_battle *b = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_diags_release(&d);
	for (int k = 0; k < battles; k++) {
		bs_battle_reset(b, (unsigned long long)k * 7 + 3, 0);
		for (int s = 0; s < 2; s++)
			cr_assert_eq(bs_matrix_set_controller(b, s, &c), BS_OK);
		for (int r = 0, over = 0; !over && r < 100; r++) {
			over = bs_battle_round(b);
			check(b, "the end of a round");
		}
	}
	bs_battle_free(b);
}

Test(matrix_index, m3_2_battles_played_match_a_scan)
{
	checks = 0;
	struct bs_scenario *sc =
	    load("data/scenarios/shield-lands-matrix.yaml");
	play(sc, 12);
	bs_scenario_free(sc);
	sc = load_air();
	play(sc, 12);
	bs_scenario_free(sc);
	cr_assert_gt(checks, 500);
}
