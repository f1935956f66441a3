/* The deployment checks (bs_deploy_check, battlesim/deploy.h; RULINGS
 * R-314 .. R-318): the engine's blocks tested on the table, errors at the
 * unit's position: [2.1] past the table's edge, [7.8] two blocks
 * overlapping, [11.8] ground a 1E unit may not enter (intermediate and
 * advanced), the 2E ground, independent figures inside enemy
 * blocks; [3.4] two full moves, a warning. And the one ground test of the
 * tabletop (battlesim/ground.h). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/battle.h"
#include "battlesim/bs1e_tables.h"
#include "battlesim/terrain.h"
#include "battlesim/deploy.h"
#include "battlesim/ground.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"
#include "battlesim/warn.h"

struct res {
	enum bs_status st;
	struct bs_diags d;
	struct bs_scenario *s;
	char all[8192];
};

static void check(struct res *r, const char *text)
{
	memset(r, 0, sizeof *r);
	bs_diags_init(&r->d);
	r->st =
	    bs_scenario_load_string(text, strlen(text), "t.yaml", &r->s, &r->d);
	cr_assert_eq(r->st, BS_OK, "the file loads: %s",
		     r->d.count ? r->d.items[0].msg : "");
	r->st = bs_deploy_check(r->s, &r->d);
	size_t o = 0;
	for (size_t i = 0; i < r->d.count && o < sizeof r->all - 600; i++) {
		char buf[1024];
		int w =
		    snprintf(r->all + o, sizeof r->all - o, "%s\n",
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

static int has(const struct res *r, const char *text)
{
	return strstr(r->all, text) != NULL;
}

static int warned(const struct res *r, enum bs_warn w, const char *text)
{
	for (size_t i = 0; i < r->s->warnings.count; i++)
		if (r->s->warnings.items[i].code == (int)w &&
		    (!text || strstr(r->s->warnings.items[i].msg, text)))
			return 1;
	return 0;
}

/* One 1E scenario: south units (list items), north units, top lines. */
static void scen(char *buf, size_t len, const char *level, const char *top,
		 const char *south, const char *north)
{
	snprintf(buf, len,
		 "name: t\nlevel: %s\n%s"
		 "sides:\n"
		 "  - name: South\n    edge: south\n    units:\n%s"
		 "  - name: North\n    edge: north\n    units:\n%s",
		 level, top ? top : "", south,
		 north ? north
		       : "      - {name: Far, figures: 8, creature: orc, "
			 "position: [60, 46]}\n");
}

/* [2.1] RULING R-314: the whole block on the table, not only its front
 * edge's centre (R-035 tested only that point): 8 men-at-arms at y 0.5
 * facing north stand 2 ranks of 3/4" deep, to y -1. */
Test(deploy, s2_1_block_past_the_table_edge)
{
	char y[4096];
	struct res r;
	scen(y, sizeof y, "basic", NULL,
	     "      - {name: Edge, figures: 8, creature: man-at-arms, "
	     "position: [10, 0.5]}\n",
	     NULL);
	check(&r, y);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:7:67: position: the block of unit 'Edge' "
			  "(x 8.50 to 11.50, y -1.00 to 0.50 inches) reaches "
			  "past the table's edge (x 0 to 72, y 0 to 48) [2.1] "
			  "(RULING R-314)"),
		  "%s", r.all);
	cr_assert_eq(r.d.count, 1, "%s", r.all);
	done(&r);
	/* its rear rank on the edge: on the table */
	scen(y, sizeof y, "basic", NULL,
	     "      - {name: Edge, figures: 8, creature: man-at-arms, "
	     "position: [10, 1.5]}\n",
	     NULL);
	check(&r, y);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	done(&r);
	/* facing the edge: the block lies in front... behind it, on the
	 * table; the east edge */
	scen(y, sizeof y, "basic", NULL,
	     "      - {name: East, figures: 8, creature: man-at-arms, "
	     "position: [71.5, 20], facing: west}\n",
	     NULL);
	check(&r, y);
	cr_assert_eq(r.st, BS_ERR_INPUT, "%s", r.all);
	cr_assert(has(&r, "unit 'East' (x 71.50 to 73.00"), "%s", r.all);
	done(&r);
}

/* [7.8] RULING R-314: blocks never overlap; touching is allowed
 * (R-136). */
Test(deploy, s7_8_two_blocks_overlap)
{
	char y[4096];
	struct res r;
	scen(y, sizeof y, "basic", NULL,
	     "      - {name: A, figures: 8, creature: man-at-arms, frontage: "
	     "4, position: [10, 10]}\n"
	     "      - {name: B, figures: 8, creature: man-at-arms, frontage: "
	     "4, position: [12, 10]}\n",
	     NULL);
	check(&r, y);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:8:77: position: the block of unit 'B' "
			  "overlaps the block of unit 'A' (line 7) by 1.00 "
			  "inches: blocks may touch, never overlap [7.8] "
			  "(RULING R-314)"),
		  "%s", r.all);
	done(&r);
	/* side by side, touching: 4 files of 3/4" = 3" wide */
	scen(y, sizeof y, "basic", NULL,
	     "      - {name: A, figures: 8, creature: man-at-arms, frontage: "
	     "4, position: [10, 10]}\n"
	     "      - {name: B, figures: 8, creature: man-at-arms, frontage: "
	     "4, position: [13, 10]}\n",
	     NULL);
	check(&r, y);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	done(&r);
	/* enemies front to front, touching: allowed (and a [3.4] warning) */
	scen(y, sizeof y, "basic", NULL,
	     "      - {name: A, figures: 8, creature: man-at-arms, frontage: "
	     "4, position: [10, 10]}\n",
	     "      - {name: F, figures: 8, creature: orc, frontage: 4, "
	     "position: [10, 10], facing: south}\n");
	check(&r, y);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	cr_assert(warned(&r, BS_W_PLACEMENT, "starts 0.0\" from enemy unit"));
	done(&r);
}

#define LAKE                                                                   \
	"terrain:\n"                                                           \
	"  - {name: Mere, type: water, points: [[20, 5], [40, 5], [40, 15], "  \
	"[20, 15]]}\n"                                                         \
	"  - {name: Ford, type: water, fordable: true, points: [[50, 5], "     \
	"[60, "                                                                \
	"5], [60, 15], [50, 15]]}\n"                                           \
	"  - {name: Holt, type: woods, points: [[0, 20], [15, 20], [15, 30], " \
	"[0, 30]]}\n"

/* [11.8] RULING R-316: at the Intermediate and Advanced Games no unit may
 * be deployed in water unless entirely aquatic (or the water fordable),
 * nor in closed formation in woods; at the Basic Game terrain is not in
 * force: only warnings. */
Test(deploy, s11_8_unit_in_a_lake)
{
	char y[4096];
	struct res r;
	const char *south =
	    "      - {name: Wet, figures: 8, creature: man-at-arms, position: "
	    "[30, 10]}\n"
	    "      - {name: Fording, figures: 8, creature: man-at-arms, "
	    "position: [55, 10]}\n"
	    "      - {name: Woodsmen, figures: 8, creature: man-at-arms, "
	    "position: [7, 25]}\n"
	    "      - {name: Skirmishers, type: skirmish, figures: 4, creature: "
	    "man-at-arms, position: [7, 22]}\n";
	scen(y, sizeof y, "intermediate", LAKE, south, NULL);
	check(&r, y);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:11:66: position: unit 'Wet' (closed "
			  "formation) is deployed in water 'Mere': no unit may "
			  "enter water unless it is entirely of aquatic or "
			  "amphibious creatures (or the water is fordable) "
			  "[11.8] Table 14 (RULING R-316)"),
		  "%s", r.all);
	cr_assert(has(&r, "position: unit 'Fording' (closed formation) is "
			  "deployed in water 'Ford': units cannot be in closed "
			  "formation in water"),
		  "%s", r.all);
	cr_assert(has(&r, "position: unit 'Woodsmen' (closed formation) is "
			  "deployed in woods 'Holt': no unit can ever be in "
			  "closed formation in the woods"),
		  "%s", r.all);
	cr_assert_eq(r.d.count, 3, "skirmishers in the wood: fine. %s", r.all);
	done(&r);
	/* open formation at the ford and in the wood; aquatic men in the
	 * mere */
	scen(y, sizeof y, "advanced",
	     LAKE "catalog:\n  creatures:\n    - {name: merman, hd: \"1+1\", "
		  "ac: 7, mv: 12, size: M, flags: [aquatic]}\n",
	     "      - {name: Wet, figures: 8, creature: merman, formation: "
	     "open, position: [30, 10]}\n"
	     "      - {name: Fording, figures: 8, creature: man-at-arms, "
	     "formation: open, position: [55, 10]}\n"
	     "      - {name: Woodsmen, figures: 8, creature: man-at-arms, "
	     "formation: open, position: [7, 25]}\n",
	     NULL);
	check(&r, y);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	done(&r);
	/* the Basic Game: no terrain rules, the unit stands in the lake */
	scen(y, sizeof y, "basic", LAKE, south, NULL);
	check(&r, y);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	cr_assert(warned(&r, BS_W_TERRAIN_LEVEL, "terrain 'Mere' (water)"));
	done(&r);
}

/* The 2E ground under the whole block, as the 2E
 * movement tests it. */
Test(deploy, r317_2e_unit_in_a_lake)
{
	const char *y = "name: t\nrules: bs2e\n" LAKE "sides:\n"
			"  - name: A\n    edge: south\n    units:\n"
			"      - {name: a, entry: men-at-arms, figures: 8, "
			"position: [30, 10]}\n"
			"      - {name: c, entry: light cavalry, figures: 4, "
			"position: [7, 31]}\n"
			"  - name: B\n    edge: north\n    units:\n"
			"      - {name: b, entry: orc swordsmen, figures: 8, "
			"position: [30, 40]}\n";
	struct res r;
	check(&r, y);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "position: unit 'a' is deployed in water 'Mere': no "
			  "2E unit may enter water [2E Movement] (RULING "
			  "R-220)"),
		  "%s", r.all);
	cr_assert(has(&r, "position: unit 'c' is deployed in woods 'Holt': "
			  "cavalry may not enter woods"),
		  "the cavalry's front clear of the wood, its ranks in it: %s",
		  r.all);
	cr_assert_eq(r.d.count, 2, "%s", r.all);
	done(&r);
}

/* 2E: a hero's or commander's one-figure unit is a block too (issue 12
 * item 21: "two units on the same spot"). */
Test(deploy, s7_8_2e_commander_on_a_unit)
{
	const char *y = "name: t\nrules: bs2e\n"
			"sides:\n"
			"  - name: A\n    edge: south\n    units:\n"
			"      - {name: a, entry: men-at-arms, figures: 8, "
			"position: [30, 10]}\n"
			"      - {name: boss, entry: army commander, position: "
			"[30, 9.5]}\n"
			"  - name: B\n    edge: north\n    units:\n"
			"      - {name: b, entry: orc swordsmen, figures: 8, "
			"position: [30, 40]}\n";
	struct res r;
	check(&r, y);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:8:55: position: the block of unit 'boss' "
			  "overlaps the block of unit 'a' (line 7)"),
		  "%s", r.all);
	cr_assert(!warned(&r, BS_W_PLACEMENT, NULL), "no [3.4] in 2E (R-315)");
	done(&r);
}

/* RULING R-314: an independent figure never stands inside an enemy block;
 * with his own troops he may. */
Test(deploy, s9_2_independent_figure_inside_an_enemy_block)
{
	char y[4096];
	struct res r;
	snprintf(
	    y, sizeof y,
	    "name: t\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Own, figures: 8, creature: man-at-arms, "
	    "position: [10, 10]}\n"
	    "    individuals:\n"
	    "      - {name: Lord, class: fighter, level: 5, rank: army, "
	    "position: [30, 37.5]}\n"
	    "      - {name: Marshal, class: fighter, level: 5, "
	    "position: [10, 9]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Far, figures: 8, creature: orc, position: [30, "
	    "38], facing: north}\n");
	check(&r, y);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:8:70: position: individual 'Lord' stands "
			  "inside the block of enemy unit 'Far' [7.8] (RULING "
			  "R-314)"),
		  "%s", r.all);
	cr_assert_eq(r.d.count, 1, "Marshal (a hero) among his own troops: %s",
		     r.all);
	done(&r);
}

/* [3.4] RULING R-315: "more than two full moves away from their nearest
 * opponent", the faster MV: a warning with the distance, for
 * each unit too near; none when far enough. */
Test(deploy, s3_4_two_full_moves)
{
	char y[4096];
	struct res r;
	scen(y, sizeof y, "basic", NULL,
	     "      - {name: Men, figures: 8, creature: man-at-arms, position: "
	     "[30, 10]}\n",
	     "      - {name: Orcs, figures: 8, creature: orc, position: [30, "
	     "30]}\n");
	check(&r, y);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	cr_assert(warned(&r, BS_W_PLACEMENT,
			 "unit 'Men' starts 20.0\" from enemy unit 'Orcs', not "
			 "more than two full moves (2 x 12\" = 24\")"));
	cr_assert(warned(&r, BS_W_PLACEMENT,
			 "unit 'Orcs' starts 20.0\" from enemy unit 'Men'"),
		  "the orcs' MV 9, the men's 12: the faster");
	cr_assert_eq(r.s->warnings.count, 2);
	cr_assert_eq(r.s->warnings.items[0].line, 7);
	done(&r);
	scen(y, sizeof y, "basic", NULL,
	     "      - {name: Men, figures: 8, creature: man-at-arms, position: "
	     "[30, 10]}\n",
	     "      - {name: Orcs, figures: 8, creature: orc, position: [30, "
	     "34.5]}\n");
	check(&r, y);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	cr_assert_eq(r.s->warnings.count, 0, "24.5\" is more than 24\"");
	/* a second check adds nothing */
	cr_assert_eq(bs_deploy_check(r.s, &r.d), BS_OK);
	cr_assert_eq(r.s->warnings.count, 0);
	done(&r);
}

/* RULING R-318: the matrix has nothing more to check. */
Test(deploy, r318_matrix)
{
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_scenario *s = NULL;
	cr_assert_eq(bs_scenario_load_builtin("shield-lands-matrix", &s, &d),
		     BS_OK);
	cr_assert_eq(bs_deploy_check(s, &d), BS_OK);
	cr_assert_eq(d.count, 0);
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* The tabletop's one ground test (battlesim/ground.h): Table 14 [11.8]
 * for 1E, R-220 for 2E; a block along a feature's edge is not on it. */
Test(deploy, s11_8_the_ground_test)
{
	struct bs_tt_mover m = {.rules = BS_RULES_BS1E,
				.formation = BS_FORM_CLOSED};
	const char *why, *cite;
	cr_assert(bs_tt_terrain_bars(BS_TERRAIN_WATER, 0, &m, &why, &cite));
	cr_assert(bs_tt_terrain_bars(BS_TERRAIN_WATER, 1, &m, &why, &cite),
		  "fordable, but closed");
	cr_assert_str_eq(why, "units cannot be in closed formation in water");
	m.formation = BS_FORM_OPEN;
	cr_assert(!bs_tt_terrain_bars(BS_TERRAIN_WATER, 1, &m, NULL, NULL));
	m.aquatic = 1;
	cr_assert(!bs_tt_terrain_bars(BS_TERRAIN_WATER, 0, &m, NULL, NULL));
	m.formation = BS_FORM_CLOSED;
	m.aquatic = 0;
	cr_assert(bs_tt_terrain_bars(BS_TERRAIN_WOODS, 0, &m, NULL, NULL));
	cr_assert(bs_tt_terrain_bars(BS_TERRAIN_ROUGH, 0, &m, NULL, NULL));
	cr_assert(bs_tt_terrain_bars(BS_TERRAIN_SWAMP, 0, &m, NULL, NULL));
	cr_assert(!bs_tt_terrain_bars(BS_TERRAIN_OBSTACLE, 0, &m, NULL, NULL),
		  "an obstacle breaks closed formation only when crossed");
	cr_assert(!bs_tt_terrain_bars(BS_TERRAIN_ELEVATION, 0, &m, NULL, NULL));
	struct bs_tt_mover c = {.rules = BS_RULES_BS2E, .cavalry = 1};
	cr_assert(bs_tt_terrain_bars(BS_TERRAIN_SWAMP, 0, &c, NULL, NULL));
	cr_assert(bs_tt_terrain_bars(BS_TERRAIN_WATER, 1, &c, NULL, NULL));
	c.cavalry = 0;
	cr_assert(!bs_tt_terrain_bars(BS_TERRAIN_WOODS, 0, &c, NULL, NULL));
	const double sq[4][2] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
	struct bs_quad in = bs_block((struct bs_vec){5, 5}, 0, 2, 2);
	struct bs_quad along = bs_block((struct bs_vec){5, 12}, 0, 2, 2);
	struct bs_quad across = bs_block((struct bs_vec){5, 11}, 0, 2, 2);
	struct bs_quad big = bs_block((struct bs_vec){5, 20}, 0, 40, 40);
	cr_assert(bs_tt_quad_on_poly(&in, sq, 4));
	cr_assert(!bs_tt_quad_on_poly(&along, sq, 4), "its rear on the edge");
	cr_assert(bs_tt_quad_on_poly(&across, sq, 4));
	cr_assert(bs_tt_quad_on_poly(&big, sq, 4), "the feature inside it");
}
