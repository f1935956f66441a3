/* The doctrine AI's special formations (src/ai/doctrine.c special_order,
 * RULING R-548, docs/AI.md "Shield walls and set spears"), at the rules
 * level: a unit with spears or pikes in hand sets them [11.7] against
 * enemy cavalry or chariots within 1 1/2 of their MV, not against
 * riders beyond it nor against foot; a unit with large shields forms a
 * shield wall [11.6] against riders within that reach or while enemy
 * missiles could reach it next round, not when nothing threatens it.
 * Small fixtures, each positive with its negative: the enemy side holds
 * (controller: hold), so that it neither moves nor charges first. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_attach.h"
#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/scenario.h"

struct rec {
	int nspecial;
	int special_side[64], special_unit[64], special_to[64];
	unsigned special_sides[64];
};

static void rec_emit(void *ctx, const struct bs_event *ev)
{
	struct rec *r = ctx;
	if (ev->type != BS_EV_SPECIAL || r->nspecial >= 64)
		return;
	r->special_side[r->nspecial] = ev->side;
	r->special_unit[r->nspecial] = ev->unit;
	r->special_to[r->nspecial] = ev->n[1];
	r->special_sides[r->nspecial] = (unsigned)ev->n[2];
	r->nspecial++;
}

struct game {
	struct bs_scenario *sc;
	struct bs_battle *b;
	struct bs_ai_set *ai;
	struct rec r;
};

#define HEAD                                                                   \
	"name: AI formations\nlevel: intermediate\ntable: {width: 72, "        \
	"depth: 96}\nsides:\n  - name: South\n    edge: south\n    units:\n"
#define SOUTH_CMD                                                              \
	"    individuals:\n      - {name: SC, class: fighter, level: 3, hp: "  \
	"20, abilities: {cha: 14}, rank: unit}\n"
#define NORTH                                                                  \
	"  - name: North\n    edge: north\n    controller: hold\n    units:\n"
#define NORTH_CMD                                                              \
	"    individuals:\n      - {name: NC, class: fighter, level: 3, hp: "  \
	"20, abilities: {cha: 14}, rank: unit}\n"
#define PIKES                                                                  \
	"      - {name: Pikes, figures: 12, creature: man-at-arms, weapons: "  \
	"[pike], armor: [leather], position: [36, 10], frontage: 4, "          \
	"commander: SC}\n"
#define WALL                                                                   \
	"      - {name: Wall, figures: 12, creature: man-at-arms, weapons: "   \
	"[long sword], armor: [chain mail, large shield], position: [36, "     \
	"10], frontage: 4, commander: SC}\n"

/* North's one unit, at y (its front toward South): riders on light
 * warhorses (MV 24: a reach of 36"), foot, or archers. */
static void north_unit(char *buf, size_t len, const char *kind, double y)
{
	const char *what =
	    strcmp(kind, "riders") == 0
		? "creature: man-at-arms, weapons: [light lance], armor: "
		  "[leather], mount: light warhorse"
	    : strcmp(kind, "archers") == 0
		? "creature: archer, weapons: [long bow, short sword]"
		: "creature: man-at-arms, weapons: [long sword]";
	snprintf(buf, len,
		 "      - {name: Them, figures: 8, %s, position: [36, %g], "
		 "frontage: 4, commander: NC}\n",
		 what, y);
}

/* South's `south` against North's `kind` at y; one Game Round played. */
static void play(struct game *g, const char *south, const char *kind, double y)
{
	char nu[512], yaml[4096];
	north_unit(nu, sizeof nu, kind, y);
	snprintf(yaml, sizeof yaml, "%s%s%s%s%s%s", HEAD, south, SOUTH_CMD,
		 NORTH, nu, NORTH_CMD);
	struct bs_diags d;
	bs_diags_init(&d);
	memset(g, 0, sizeof *g);
	enum bs_status st =
	    bs_scenario_load_string(yaml, strlen(yaml), "t.yaml", &g->sc, &d);
	cr_assert_eq(st, BS_OK, "%s", d.count ? d.items[0].msg : "");
	cr_assert_eq(bs_battle_new(g->sc, &g->b, &d), BS_OK);
	bs_diags_release(&d);
	g->ai = malloc(sizeof *g->ai);
	cr_assert_not_null(g->ai);
	bs_ai_set_init(g->ai);
	attach_ok(g->ai, g->b);
	struct bs_event_sink sink = {rec_emit, &g->r};
	bs_battle_set_sink(g->b, &sink);
	bs_battle_round(g->b);
}

static void close_game(struct game *g)
{
	bs_battle_free(g->b);
	bs_scenario_free(g->sc);
	free(g->ai);
}

/* South's first unit became special formation `sp` this round (its
 * SPECIAL event); *sides its sides. */
static int became(const struct game *g, enum bs_special sp, unsigned *sides)
{
	for (int i = 0; i < g->r.nspecial; i++)
		if (g->r.special_side[i] == 0 && g->r.special_unit[i] == 0 &&
		    g->r.special_to[i] == (int)sp) {
			if (sides)
				*sides = g->r.special_sides[i];
			return 1;
		}
	return 0;
}

/* RULING R-548 [11.7]: pikemen (front at y 10) set their pikes on the
 * front against riders 21" off (within 1 1/2 x 24" = 36"). */
Test(ai_formations, s11_7_ruling_r548_pikes_set_against_riders_in_reach)
{
	struct game g;
	play(&g, PIKES, "riders", 31);
	unsigned sides = 0;
	cr_assert(became(&g, BS_SPECIAL_SET_SPEARS, &sides),
		  "set spears declared");
	cr_assert(sides & BS_SIDE_BIT(BS_EDGE_FRONT), "on the front");
	cr_assert_eq(g.b->units[0].special, BS_SPECIAL_SET_SPEARS);
	close_game(&g);
}

/* RULING R-548: riders beyond 1 1/2 of their MV (62" off) are no threat
 * yet: the pikes are not set. */
Test(ai_formations, s11_7_ruling_r548_pikes_not_set_against_riders_beyond_reach)
{
	struct game g;
	play(&g, PIKES, "riders", 72);
	cr_assert(!became(&g, BS_SPECIAL_SET_SPEARS, NULL));
	cr_assert_neq(g.b->units[0].special, BS_SPECIAL_SET_SPEARS);
	close_game(&g);
}

/* RULING R-548: foot at the same 21" are not chargers to set pikes
 * against. */
Test(ai_formations, s11_7_ruling_r548_pikes_not_set_against_foot)
{
	struct game g;
	play(&g, PIKES, "foot", 31);
	cr_assert(!became(&g, BS_SPECIAL_SET_SPEARS, NULL));
	close_game(&g);
}

/* RULING R-548 [11.6]: large shields form a shield wall against riders
 * in reach. */
Test(ai_formations, s11_6_ruling_r548_shield_wall_against_riders)
{
	struct game g;
	play(&g, WALL, "riders", 31);
	cr_assert(became(&g, BS_SPECIAL_SHIELD_WALL, NULL));
	cr_assert_eq(g.b->units[0].special, BS_SPECIAL_SHIELD_WALL);
	close_game(&g);
}

/* RULING R-548 [11.6]: and against archers whose long range (21") and MV
 * (12") reach it next round (31" off). */
Test(ai_formations, s11_6_ruling_r548_shield_wall_against_missiles)
{
	struct game g;
	play(&g, WALL, "archers", 41);
	cr_assert(became(&g, BS_SPECIAL_SHIELD_WALL, NULL));
	close_game(&g);
}

/* RULING R-548: no wall when nothing threatens it: foot without missiles
 * 51" off, or archers beyond their range and MV (72" off). */
Test(ai_formations, s11_6_ruling_r548_no_shield_wall_without_a_threat)
{
	struct game g;
	play(&g, WALL, "foot", 61);
	cr_assert(!became(&g, BS_SPECIAL_SHIELD_WALL, NULL));
	close_game(&g);
	play(&g, WALL, "archers", 82);
	cr_assert(!became(&g, BS_SPECIAL_SHIELD_WALL, NULL));
	close_game(&g);
}
