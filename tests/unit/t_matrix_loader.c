/* Loading matrix scenarios (src/scenario/load_matrix.c, docs/MATRIX.md):
 * the layout, the cards derived at load, `table1:` (RULING R-250), and
 * each error with its FILE:LINE:COL. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/matrix.h"
#include "battlesim/scenario.h"

static struct bs_scenario *load(const char *yaml, struct bs_diags *d)
{
	struct bs_scenario *s = NULL;
	bs_diags_init(d);
	bs_scenario_load_string(yaml, strlen(yaml), "t.yaml", &s, d);
	return s;
}

/* Exactly one error, at line:col, containing text. */
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
	cr_expect_str_eq(d.items[0].file, "t.yaml");
	bs_diags_release(&d);
}

#define HEAD "name: t\nrules: matrix\nmatrix: {rows: 4, columns: 3}\n"
#define SIDE_B                                                                 \
	"  - name: B\n    brigades:\n"                                         \
	"      - {name: Orcs, type: infantry, at: [4, 1], move: 9, ac: 6, "    \
	"melee: {damage: d8}}\n"
#define FOOT(at)                                                               \
	"      - {name: Foot, type: infantry, at: " at ", move: 12, ac: 5, "   \
	"melee: {damage: d8}}\n"

Test(matrix_loader, loads_and_derives_cards)
{
	struct bs_diags d;
	struct bs_scenario *s = load(
	    HEAD "table1: {scale: 3, bands: [10, 14]}\nsides:\n"
		 "  - name: A\n    brigades:\n"
		 "      - {name: Knights, type: elite, at: [2, 3], move: 15, "
		 "ac: 2, hd: 7, thac0: 14, melee: {damage: d8, attacks: "
		 "3/2}, mount: {hd: 3, thac0: 16, damage: d8/d8/d3}}\n" SIDE_B,
	    &d);
	cr_assert_not_null(s, "%s", d.count ? d.items[0].msg : "");
	cr_assert_eq(s->rules, BS_RULES_MATRIX);
	cr_assert_eq(s->nsides, 2);
	const struct bs_matrix_field *f = s->matrix;
	cr_assert_eq(f->rows, 4);
	cr_assert_eq(f->cols, 3);
	cr_assert_eq(f->full_class, 5);
	cr_assert_eq(f->t1.scale, 3);
	cr_assert_eq(f->t1.nbands, 2);
	cr_assert_eq(f->t1.band[1], 14);
	const struct bs_mx_brigade *k = &f->brig[0][0];
	cr_assert_str_eq(k->tag, "A1");
	cr_assert_eq(k->row, 1);
	cr_assert_eq(k->col, 2);
	cr_assert_eq(k->fig.melee.attacks10, 15);
	cr_assert_eq(k->card.melee, 4);
	cr_assert_eq(k->card.unit, 7);
	cr_assert_str_eq(s->sides[0].units[0].name, "Knights");
	cr_assert_eq(s->sides[0].units[0].figures, 5);
	cr_assert_str_eq(f->brig[1][0].tag, "B1");
	bs_scenario_free(s);
	bs_diags_release(&d);
}

Test(matrix_loader, unknown_key_did_you_mean)
{
	only(HEAD "sides:\n  - name: A\n    brigades:\n"
		  "      - {name: Foot, type: infantry, at: [1, 1], move: 12, "
		  "ac: 5, thaco: 19, melee: {damage: d8}}\n" SIDE_B,
	     7, 67, "did you mean 'thac0'");
}

/* RULING R-268: a side deploys in its half of the rows */
Test(matrix_loader, deployment_in_own_half)
{
	only(HEAD "sides:\n  - name: A\n    brigades:\n" FOOT("[3, 1]") SIDE_B,
	     7, 42, "is not in the half of the matrix of side 1");
}

/* [M1.4] a stack of more than ten at the start */
Test(matrix_loader, m1_4_stack_of_eleven_at_the_start)
{
	char y[4096];
	int n = snprintf(y, sizeof y,
			 HEAD "sides:\n  - name: A\n    "
			      "brigades:\n");
	for (int i = 0; i < 11; i++)
		n += snprintf(y + n, sizeof y - (size_t)n,
			      "      - {name: F%d, type: infantry, at: [1, 1], "
			      "move: 12, ac: 5, melee: {damage: d8}}\n",
			      i);
	snprintf(y + n, sizeof y - (size_t)n, "%s", SIDE_B);
	only(y, 7, 9, "11 land brigades deployed at row 1, column 1");
}

Test(matrix_loader, m2_3c_a_brigade_needs_a_weapon)
{
	only(HEAD "sides:\n  - name: A\n    brigades:\n"
		  "      - {name: Foot, type: infantry, at: [1, 1], move: 12, "
		  "ac: 5}\n" SIDE_B,
	     7, 9, "no weapon");
}

Test(matrix_loader, table1_bands_ascending)
{
	only(HEAD "table1: {bands: [9, 13, 13]}\nsides:\n  - name: A\n    "
		  "brigades:\n" FOOT("[1, 1]") SIDE_B,
	     4, 25, "13 is not above the band before it (13)");
}

Test(matrix_loader, two_armies)
{
	only(HEAD "sides:\n  - name: A\n    brigades:\n" FOOT("[1, 1]"), 5, 3,
	     "a matrix battle has two armies, not 1");
}

/* [M1.5] RULING R-269 */
Test(matrix_loader, m1_5_brigade_of_whole_centuries)
{
	only("name: t\nrules: matrix\nmatrix: {rows: 4, columns: 3, brigade: "
	     "550, century: 100}\nsides:\n  - name: A\n    brigades:\n" FOOT(
		 "[1, 1]") SIDE_B,
	     3, 40, "is not 1 to 10 centuries");
}

Test(matrix_loader, type_and_at_values)
{
	only(HEAD "sides:\n  - name: A\n    brigades:\n"
		  "      - {name: Foot, type: infantery, at: [1, 1], move: 12, "
		  "ac: 5, melee: {damage: d8}}\n" SIDE_B,
	     7, 28, "did you mean 'infantry'");
	only(HEAD "sides:\n  - name: A\n    brigades:\n" FOOT("behind") SIDE_B,
	     7, 42, "expected [row, column] or 'reserve'");
	only(HEAD "sides:\n  - name: A\n    brigades:\n" FOOT("[1, 4]") SIDE_B,
	     7, 46, "at: '4' is out of range");
}

Test(matrix_loader, duplicate_brigade_name)
{
	only(HEAD "sides:\n  - name: A\n    brigades:\n" FOOT("[1, 1]")
		 FOOT("[1, 2]") SIDE_B,
	     8, 9, "the name is already used on this side (line 7)");
}

Test(matrix_loader, a_1e_scenario_is_not_matrix)
{
	struct bs_diags d;
	struct bs_scenario *s = NULL;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin(NULL, &s, &d), BS_OK);
	cr_assert_eq(s->rules, BS_RULES_BS1E);
	cr_assert_null(s->matrix);
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* [M1.5] 50-man brigades of 10-man centuries (RULING R-269) */
Test(matrix_loader, m1_5_scaled_scenario)
{
	struct bs_diags d;
	struct bs_scenario *s = load(
	    "name: t\nrules: matrix\nmatrix: {rows: 4, columns: 3, brigade: "
	    "50, century: 10}\nsides:\n  - name: A\n    brigades:\n"
	    "      - {name: Foot, type: infantry, at: [1, 1], men: 30, move: "
	    "12, ac: 5, melee: {damage: d8}}\n" SIDE_B,
	    &d);
	cr_assert_not_null(s, "%s", d.count ? d.items[0].msg : "");
	cr_assert_eq(s->matrix->full_class, 5);
	cr_assert_eq(s->matrix->brig[0][0].card.cls, 3);
	cr_assert_eq(s->matrix->brig[1][0].card.cls, 5);
	cr_assert_eq(s->sides[0].units[0].figures, 3);
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* Review fixes (issue 6): a malformed weapon is one error, not a second
 * "no weapon" one. */
Test(matrix_loader, m2_3c_malformed_weapon_is_one_error)
{
	only(HEAD "sides:\n  - name: A\n    brigades:\n"
		  "      - {name: Foot, type: infantry, at: [1, 1], move: 12, "
		  "ac: 5, melee: d8}\n" SIDE_B,
	     7, 74, "melee: expected a mapping");
}

/* [M3.4a] a spell of no damage would cast for 0 points every time. */
Test(matrix_loader, m3_4a_spell_without_damage)
{
	only(HEAD "sides:\n  - name: A\n    brigades:\n"
		  "      - {name: Mages, type: mage, at: [1, 1], move: 12, "
		  "ac: 10, magic: {damage: 0}}\n" SIDE_B,
	     7, 81, "a spell must do damage");
}

/* RULING R-253: scouts attack with their missile or melee rating; a
 * scouts brigade with neither would attack at rating 0. */
Test(matrix_loader, m3_5_scouts_need_a_missile_or_melee_weapon)
{
	only(HEAD "sides:\n  - name: A\n    brigades:\n"
		  "      - {name: Eyes, type: elite, at: [1, 1], move: 12, "
		  "ac: 7, scouts: true, magic: {damage: 2d6}}\n" SIDE_B,
	     7, 72, "scouts attack with a missile or melee weapon");
}

/* Issue 12 item 21: a brigade placed off the matrix is a load error at
 * the coordinate's FILE:LINE:COL (the matrix's "block off the table"),
 * row or column, low or high; two brigades of one army at one location
 * are one stack [M1.4], not an overlap. */
Test(matrix_loader, m1_2_brigade_off_the_matrix)
{
	only(HEAD "sides:\n  - name: A\n    brigades:\n" FOOT("[1, 4]") SIDE_B,
	     7, 46, "out of range (1 to 3)");
	only(HEAD "sides:\n  - name: A\n    brigades:\n" FOOT("[1, 0]") SIDE_B,
	     7, 46, "out of range (1 to 3)");
	only(HEAD "sides:\n  - name: A\n    brigades:\n" FOOT("[0, 1]") SIDE_B,
	     7, 43, "out of range (1 to 4)");
	only(HEAD "sides:\n  - name: A\n    brigades:\n" FOOT("[5, 1]") SIDE_B,
	     7, 43, "out of range (1 to 4)");
}
