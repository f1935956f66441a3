/* Artillery in play [10.9]-[10.11] and its scenario form: catapults
 * (minimum range, indirect fire at normal penalties, target AC 5, every
 * other Game Round) and ballistae (straight line of sight, target AC 10,
 * every round), the pieces' ranges, damage and MV, the crew [10.10] (AR
 * = its THAC0 without the ratio adjustment, +2 for a replacement crew, a
 * wounded crew cannot move and fires at half rate, a skirmish unit), the
 * artillery's pass-through fire [10.6], special ammunition [10.11]
 * (RULING R-491), and the loader's checks at FILE:LINE:COL. */
#include "battlesim/bs1e_missile.h"
#include "battlesim/bs1e_roster.h"
#include "bs1e_fixture.h"

#define CMD(n)                                                                 \
	"      - {name: " n ", race: human, class: fighter, level: 5, "        \
	"abilities: {cha: 15}, hp: 30, ac: 4, rank: unit}\n"

/* A piece and its crew at (x, y) facing north; `more`: its other keys. */
#define PIECE(name, kind, x, y, more)                                          \
	"      - name: " name "\n        artillery: " kind                     \
	"\n        figures: 1\n        creature: man-at-arms\n"                \
	"        weapons: [short sword]\n        position: [" #x ", " #y       \
	"]\n        facing: north\n" more
#define FOE(name, x, y, more)                                                  \
	"      - name: " name "\n        figures: 12\n        creature: orc\n" \
	"        weapons: [long sword]\n        position: [" #x ", " #y        \
	"]\n        facing: south\n        frontage: 6\n" more

static void open_battle(struct tf *t, const char *head, const char *south,
			const char *north)
{
	char *yaml = malloc(16384);
	cr_assert_not_null(yaml);
	snprintf(yaml, 16384,
		 "name: Artillery\nrules: bs1e\nlevel: intermediate\ngame: "
		 "adnd\ntable: {width: 72, depth: 60}\n%s"
		 "sides:\n  - name: South\n    edge: south\n    units:\n%s"
		 "    individuals:\n" CMD("SC") CMD(
		     "SD") "  - name: North\n    edge: north\n    units:\n%s"
			   "    individuals:\n" CMD("NC") CMD("ND"),
		 head ? head : "", south, north);
	tf_open(t, yaml);
	free(yaml);
	struct bs_battle *b = t->b;
	b->round = 1;
	b->side_a = 0;
	b->side_order[0] = 0;
	b->side_order[1] = 1;
	for (int g = 0; g < b->nunits; g++)
		bs1e_missile_new_round(b, g);
}

static void round_to(struct tf *t, int r)
{
	t->b->round = r;
	for (int g = 0; g < t->b->nunits; g++) {
		t->b->units[g].flags &= ~(unsigned)BS_UF_FIRED;
		bs1e_missile_new_round(t->b, g);
	}
}

static void artillery_step(struct tf *t)
{
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
	bs1e_phase_missile_magic(t->b);
}

static const struct bs_event *volley(struct tf *t, int n)
{
	return tf_find(t, BS_EV_VOLLEY, n);
}

/* [11.6] a shield wall "gives no bonus to AC against artillery", nor
 * Table 13's shield wall row [10.8] (RULING R-536): a ballista's shot at
 * the wall's front has neither. */
Test(r10_artillery, s10_8_s11_6_no_shield_wall_bonus_against_artillery)
{
	struct tf t;
	open_battle(&t, NULL, PIECE("Ballista", "ballista", 36, 4, ""),
		    FOE("Orcs", 36, 24, "        commander: NC\n"));
	tf_unit(&t, 1, 0)->special = BS_SPECIAL_SHIELD_WALL;
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	artillery_step(&t);
	const struct bs_event *v = volley(&t, 0);
	cr_assert_not_null(v);
	cr_assert(!tf_has_term(&v->deriv, 4, "shield wall"));
	cr_assert_eq(v->n[1], 10, "the ballista's target is AC 10");
	tf_close(&t);
}

/* ---- [10.9] the pieces ------------------------------------------------- */

Test(r10_artillery, s10_9_catapult_minimum_range)
{
	struct tf t;
	/* a light catapult: Min 15", S 20", M 25", L 30" */
	open_battle(&t, NULL, PIECE("Catapult", "light catapult", 36, 4, ""),
		    FOE("Near", 36, 18, "        commander: NC\n")
			FOE("Far", 20, 24, "        commander: ND\n"));
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 0, 1, 0);
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 0, 1, 1);
	tf_dice(&t, (int[]){3, 4}, 2);
	artillery_step(&t);
	/* [10.9] "A catapult cannot shoot at a target closer than its
	 * Minimum range." */
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(r->cite, "[10.9]");
	const struct bs_event *v = volley(&t, 0);
	cr_assert_not_null(v, "the farther unit is shot");
	cr_assert_eq(v->tunit, 1);
	tf_close(&t);
}

Test(r10_artillery, s10_9_catapult_target_ac5_ballista_ac10)
{
	struct tf t;
	open_battle(&t, NULL,
		    PIECE("Catapult", "light catapult", 30, 4, "")
			PIECE("Ballista", "ballista", 42, 4, ""),
		    FOE("Orcs", 36, 24, "        commander: NC\n"));
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 0, 1, 0);
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 1, 1, 0);
	tf_dice(&t, (int[]){3, 4, 3, 4}, 4);
	artillery_step(&t);
	/* [10.9] "always considered to be AC 5 (AC 10), regardless of the
	 * actual AC of the target" (the orcs are AC 6) */
	cr_assert_eq(volley(&t, 0)->n[1], 5);
	cr_assert_eq(volley(&t, 1)->n[1], 10);
	/* the pieces' damage: 2d10, 2d6 (the column times the dice [8.5]) */
	cr_assert_str_eq(volley(&t, 0)->what, "2 x D10");
	cr_assert_str_eq(volley(&t, 1)->what, "2 x D6");
	cr_assert_eq(volley(&t, 0)->n[0], 1, "one crew figure");
	cr_assert_str_eq(volley(&t, 0)->cite, "[1.5 C] [10.9]");
	tf_close(&t);
}

Test(r10_artillery, s10_9_ranges_of_the_pieces)
{
	struct tf t;
	open_battle(&t, NULL,
		    PIECE("Light", "light catapult", 20, 4, "")
			PIECE("Heavy", "heavy catapult", 36, 4, "")
			    PIECE("Ballista", "ballista", 52, 4, ""),
		    FOE("Orcs 1", 20, 27, "        commander: NC\n")
			FOE("Orcs 2", 36, 39, "        commander: ND\n")
			    FOE("Orcs 3", 52, 35, ""));
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 0, 1, 0);
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 1, 1, 1);
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 2, 1, 2);
	tf_dice(&t, (int[]){3, 4, 3, 4, 3, 4}, 6);
	artillery_step(&t);
	cr_assert_eq(tf_count(&t, BS_EV_VOLLEY), 3);
	/* light: 23" medium (S 20, M 25); heavy: 35" long (M 30, L 36);
	 * ballista: 31" long (M 22, L 32) */
	cr_assert_eq(volley(&t, 0)->n[9], 1);
	cr_assert(tf_has_term(&volley(&t, 0)->deriv, 2, "medium range"));
	cr_assert_eq(volley(&t, 1)->n[9], 2);
	cr_assert_str_eq(volley(&t, 1)->what, "2 x D12");
	cr_assert_eq(volley(&t, 2)->n[9], 2);
	tf_close(&t);
}

Test(r10_artillery, s10_9_catapult_fires_every_other_round_ballista_every)
{
	struct tf t;
	open_battle(&t, NULL,
		    PIECE("Catapult", "light catapult", 30, 4, "")
			PIECE("Ballista", "ballista", 42, 4, ""),
		    FOE("Orcs", 36, 24, "        commander: NC\n"));
	for (int r = 1; r <= 3; r++) {
		round_to(&t, r);
		t.nfire[0] = 0;
		tf_volley(&t, BS_FIRE_ARTILLERY, 0, 0, 1, 0);
		tf_volley(&t, BS_FIRE_ARTILLERY, 0, 1, 1, 0);
		tf_dice(&t, (int[]){6, 6, 6, 6}, 4);
		artillery_step(&t);
	}
	int cat = 0, bal = 0;
	for (int i = 0; volley(&t, i); i++)
		cat += volley(&t, i)->unit == 0,
		    bal += volley(&t, i)->unit == 1;
	/* [10.9] "It can fire every other Game Round"; "A ballista can fire
	 * every Game Round" */
	cr_assert_eq(cat, 2, "rounds 1 and 3");
	cr_assert_eq(bal, 3);
	cr_assert_str_eq(tf_find(&t, BS_EV_REJECTED, 0)->cite, "[10.9]");
	tf_close(&t);
}

Test(r10_artillery, s10_9_catapult_indirect_ballista_straight_line)
{
	struct tf t;
	/* friends 5" in front of both pieces */
	open_battle(
	    &t, NULL,
	    PIECE("Catapult", "light catapult", 30, 4, "")
		PIECE("Ballista", "ballista", 44, 4,
		      "") "      - {name: Wall, figures: 12, creature: "
			  "man-at-arms, weapons: [long sword], position: [30, "
			  "11], frontage: 6, commander: SC}\n"
			  "      - {name: Wall 2, figures: 12, creature: "
			  "man-at-arms, weapons: [long sword], position: [44, "
			  "11], frontage: 6, commander: SD}\n",
	    FOE("Orcs", 30, 28, "        commander: NC\n")
		FOE("Orcs 2", 44, 28, "        commander: ND\n"));
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 0, 1, 0);
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 1, 1, 1);
	tf_dice(&t, (int[]){3, 4}, 2);
	artillery_step(&t);
	/* [10.9] a catapult "can use indirect fire at normal penalties"
	 * (Table 13 +3); a ballista "must be able to trace a straight line
	 * of sight to its target, and cannot use indirect fire" */
	const struct bs_event *v = volley(&t, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->unit, 0);
	cr_assert(tf_has_term(&v->deriv, 3, "indirect fire"));
	cr_assert_eq(tf_count(&t, BS_EV_VOLLEY), 1);
	cr_assert_str_eq(tf_find(&t, BS_EV_REJECTED, 0)->cite, "[10.1]");
	tf_close(&t);
}

Test(r10_artillery, s10_9_pieces_move_at_their_printed_mv)
{
	struct tf t;
	open_battle(&t, NULL,
		    PIECE("Light", "light catapult", 20, 4, "")
			PIECE("Heavy", "heavy catapult", 36, 4, "")
			    PIECE("Ballista", "ballista", 52, 4, ""),
		    FOE("Orcs", 36, 50, ""));
	cr_assert_eq(tf_unit(&t, 0, 0)->r.mv, 8);
	cr_assert_eq(tf_unit(&t, 0, 1)->r.mv, 4);
	cr_assert_eq(tf_unit(&t, 0, 2)->r.mv, 6);
	struct bs1e_unit_sheet sh;
	bs1e_unit_sheet(t.sc, 0, 0, &sh);
	cr_assert_eq(sh.mv.value, 8);
	cr_assert_str_eq(sh.mv.cite, "[10.9]");
	/* not in the Initial Missile Phase */
	tf_volley(&t, BS_FIRE_INITIAL, 0, 0, 1, 0);
	tf_phase(&t, BS_PHASE_INITIAL_MISSILE);
	bs1e_phase_initial_missile(t.b);
	cr_assert_null(volley(&t, 0));
	tf_close(&t);
}

/* [10.9] "Artillery weapons can move only along roads or clear terrain
 * ([11.8])" (RULING R-490): onto woods or up a hill refused with the
 * cite; along a road through the woods, over clear ground and off the
 * hill it stands on allowed. */
Test(r10_artillery, s10_9_ruling_r490_only_roads_or_clear_terrain)
{
	struct tf t;
	const char *head =
	    "terrain:\n"
	    "  - {name: Holt, type: woods, points: [[10, 8], [30, 8], [30, "
	    "30], [10, 30]]}\n"
	    "  - {name: Holt road, type: road, points: [[18, 0], [22, 0], "
	    "[22, 30], [18, 30]]}\n"
	    "  - {name: Knoll, type: hill, points: [[44, 8], [60, 8], [60, "
	    "30], [44, 30]]}\n"
	    "  - {name: Crag, type: hill, points: [[62, 0], [72, 0], [72, "
	    "10], [62, 10]]}\n"
	    "  - {name: Brake, type: woods, points: [[34, 15], [42, 15], [42, "
	    "20], [34, 20]]}\n";
	open_battle(&t, head,
		    PIECE("Woods gun", "light catapult", 14, 4,
			  "") PIECE("Road gun", "light catapult", 20, 4, "")
			PIECE("Hill gun", "light catapult", 52, 4,
			      "") PIECE("Crag gun", "light catapult", 67, 6, "")
			    PIECE("Wheel gun", "light catapult", 40, 14.8, ""),
		    FOE("Orcs", 36, 56, ""));
	struct bs_order o = tf_advance(6, 0);
	struct bs_tt_outcome oc;
	/* into the woods: refused */
	bs_tt_check_order(t.b, 0, 0, &o, &oc);
	cr_assert_not(oc.legal);
	cr_assert_str_eq(oc.cite, "[10.9] [11.8] (RULING R-490)");
	cr_assert(strstr(oc.why, "only along roads or clear terrain"), "%s",
		  oc.why);
	/* up to the edge of the woods, on clear ground: allowed */
	struct bs_order near = tf_advance(3, 0);
	bs_tt_check_order(t.b, 0, 0, &near, &oc);
	cr_assert(oc.legal, "%s", oc.why);
	/* along the road through the woods: allowed */
	bs_tt_check_order(t.b, 0, 1, &o, &oc);
	cr_assert(oc.legal, "%s", oc.why);
	/* up the knoll: refused */
	bs_tt_check_order(t.b, 0, 2, &o, &oc);
	cr_assert_not(oc.legal);
	cr_assert_str_eq(oc.cite, "[10.9] [11.8] (RULING R-490)");
	/* off the crag it stands on, northward: allowed */
	bs_tt_check_order(t.b, 0, 3, &o, &oc);
	cr_assert(oc.legal, "%s", oc.why);
	/* a turn in place (the crew is a skirmish unit [7.9] [10.10]) is
	 * no move along the ground: allowed beside the brake */
	struct bs_order w = {.kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1};
	w.nsteps = 1;
	w.step[0] = (struct bs_step){.kind = BS_STEP_WHEEL, .angle = -90};
	bs_tt_check_order(t.b, 0, 4, &w, &oc);
	cr_assert(oc.legal, "%s", oc.why);
	/* an advance into it: refused */
	bs_tt_check_order(t.b, 0, 4, &o, &oc);
	cr_assert_not(oc.legal);
	cr_assert_str_eq(oc.cite, "[10.9] [11.8] (RULING R-490)");
	tf_close(&t);
}

/* ---- [10.10] the crew -------------------------------------------------- */

Test(r10_artillery, s10_10_ar_is_the_crew_thac0_not_adjusted_for_ratio)
{
	struct tf t;
	/* knights (2 HD, THAC0 20) at 5:1: a 10 HD figure */
	open_battle(&t, NULL,
		    "      - name: Catapult\n        artillery: light "
		    "catapult\n        figures: 1\n        creature: knight\n"
		    "        ratio: 5\n        weapons: [long sword]\n"
		    "        position: [36, 4]\n",
		    FOE("Orcs", 36, 24, "        commander: NC\n"));
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	artillery_step(&t);
	const struct bs_event *v = volley(&t, 0);
	cr_assert_not_null(v);
	/* [10.10] "The AR of an artillery piece is the same as the THAC0 of
	 * its crew figure, not adjusted for ratio" (not 20 + 5) */
	cr_assert_eq(v->deriv.base, 20);
	cr_assert_eq(v->deriv.value, 20);
	cr_assert_str_eq(v->deriv.cite, "[10.10]");
	tf_close(&t);
}

Test(r10_artillery, s10_10_a_replacement_crew_has_a_plus_2)
{
	struct tf t;
	open_battle(
	    &t,
	    "catalog:\n  weapons:\n    - {name: test bow, kind: "
	    "missile, damage: 4d12, range: [7, 14, 21], rate: \"2\", "
	    "class: archer}\n",
	    PIECE("Catapult", "light catapult", 36, 4,
		  "        spare_crew: 1\n"),
	    FOE("Orcs", 36, 24,
		"        commander: NC\n") "      - {name: Archers, figures: "
					   "10, creature: orc, "
					   "weapons: [test bow], position: "
					   "[38, 14], facing: "
					   "south, frontage: 5, commander: "
					   "ND}\n");
	cr_assert_eq(tf_unit(&t, 0, 0)->spare_crew, 1);
	/* the orc archers shoot the crew figure down */
	tf_volley(&t, BS_FIRE_PHASE, 1, 1, 0, 0);
	tf_dice(&t, (int[]){1, 1, 3, 4}, 4);
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	bs1e_phase_missile_magic(t.b);
	const struct bs_unit_state *c = tf_unit(&t, 0, 0);
	cr_assert(!(c->flags & BS_UF_REMOVED), "the piece is crewed again");
	cr_assert_eq(c->figures, 1);
	cr_assert(c->crew_replaced);
	cr_assert_eq(c->spare_crew, 0);
	/* its next shot: [10.10] "a +2 AR penalty for the duration of the
	 * battle" */
	struct bs1e_volley_plan p;
	bs1e_volley_plan(t.b, 0, 0, 1, 0, BS_FIRE_ARTILLERY, -1, NULL, &p);
	cr_assert(p.legal, "%s", p.why ? p.why : "");
	cr_assert(tf_has_term(&p.ar, 2, "replacement crew"));
	tf_close(&t);
}

Test(r10_artillery, s10_10_a_wounded_crew_cannot_move_fires_at_half_rate)
{
	struct tf t;
	open_battle(&t, NULL, PIECE("Ballista", "ballista", 36, 4, ""),
		    FOE("Orcs", 36, 24, "        commander: NC\n"));
	struct bs_unit_state *c = tf_unit(&t, 0, 0);
	c->wounded = 1;
	/* [10.10] "If an artillery crew is wounded, the artillery piece
	 * cannot move." */
	struct bs_order o = tf_advance(2, 0);
	struct bs_tt_outcome oc;
	bs_tt_check_order(t.b, 0, 0, &o, &oc);
	cr_assert_not(oc.legal);
	cr_assert_str_eq(oc.cite, "[10.10]");
	/* "A wounded artillery crew can fire only at 1/2 normal rate": a
	 * ballista every other round */
	c->last_fired = 1;
	round_to(&t, 2);
	cr_assert_eq(c->shots_round, 0);
	round_to(&t, 3);
	cr_assert_eq(c->shots_round, 1);
	tf_close(&t);
}

Test(r10_artillery, s10_10_the_crew_is_a_skirmish_unit)
{
	struct tf t;
	open_battle(&t, NULL, PIECE("Ballista", "ballista", 36, 4, ""),
		    FOE("Orcs", 36, 24, "        commander: NC\n"));
	/* [10.10] "considered to be a skirmish unit for the purposes of
	 * command, movement, and melee" */
	cr_assert_eq(t.sc->sides[0].units[0].type, BS_UNIT_SKIRMISH);
	cr_assert_eq(tf_unit(&t, 0, 0)->formation, BS_FORM_SKIRMISH);
	cr_assert(bs1e_sc(t.b)->ux[0].skirmish);
	tf_close(&t);
}

Test(r10_artillery, s10_6_artillery_takes_pass_through_fire_too)
{
	struct tf t;
	open_battle(&t, NULL, PIECE("Ballista", "ballista", 36, 4, ""),
		    FOE("Orcs", 36, 30, "        commander: NC\n"));
	struct bs_order o = tf_advance(6, 0);
	tf_order(&t, 1, 0, &o);
	tf_pass(&t, 0, 0, 1, 0, 1, 0, 4);
	t.moves_first = 0;
	tf_dice(&t, (int[]){3, 4}, 2);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	/* [10.6] "Artillery weapons can also use pass-through fire." */
	const struct bs_event *v = volley(&t, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[8], BS_FIRE_PASS_THROUGH);
	cr_assert_eq(v->n[1], 10);
	tf_close(&t);
}

/* ---- [10.11] special ammunition (RULING R-491) ------------------------- */

Test(r10_artillery, s10_11_special_ammunition_damage_area_and_shots)
{
	struct tf t;
	open_battle(
	    &t, NULL,
	    PIECE("Catapult", "light catapult", 36, 4,
		  "        special_ammo:\n          - {name: fire pots, "
		  "damage: 3d6, area: 3, shots: 1}\n"),
	    FOE("Orcs", 34, 26, "        commander: NC\n")
		FOE("Goblins", 40, 26, "        commander: ND\n"));
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 0, 1, 0);
	t.fire[0][0].o.ammo = 0;
	tf_dice(&t, (int[]){3, 4}, 2);
	artillery_step(&t);
	const struct bs_event *v = volley(&t, 0);
	cr_assert_not_null(v);
	cr_assert_str_eq(v->what, "3 x D6 (fire pots)");
	cr_assert_eq(v->n[11], 0, "its one shot spent");
	/* the other unit in the area takes the same shot, from its figures
	 * in the area */
	const struct bs_event *w = volley(&t, 1);
	cr_assert_not_null(w, "the neighbour in the area is struck");
	cr_assert_eq(w->tunit, 1);
	cr_assert_eq(w->n[2], v->n[2], "the same roll");
	cr_assert_lt(w->n[7], 12);
	/* spent: the next round it may fire boulders, not fire pots */
	round_to(&t, 3);
	t.nfire[0] = 0;
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 0, 1, 0);
	t.fire[0][0].o.ammo = 0;
	artillery_step(&t);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(r->cite, "[10.11]");
	tf_close(&t);
}

/* ---- the scenario form: errors at FILE:LINE:COL ------------------------ */

/* The unit's (one line) load error `msg`, placed at the first `at` in
 * it (line 7 of the file). */
static void load_error(const char *unit_yaml, const char *at, const char *msg)
{
	const char *p = strstr(unit_yaml, at);
	cr_assert_not_null(p);
	int line = 7, col = (int)(p - unit_yaml) + 1;
	char yaml[4096];
	snprintf(yaml, sizeof yaml,
		 "name: Artillery\nlevel: intermediate\nsides:\n  - name: "
		 "South\n    edge: south\n    units:\n%s  - name: North\n    "
		 "edge: north\n    units:\n      - {name: Orcs, figures: 12, "
		 "creature: orc, weapons: [long sword], position: [36, 40]}\n",
		 unit_yaml);
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_scenario *s = NULL;
	enum bs_status st =
	    bs_scenario_load_string(yaml, strlen(yaml), "a.yaml", &s, &d);
	cr_assert_eq(st, BS_ERR_INPUT, "%s: loads", msg);
	int found = 0;
	for (size_t i = 0; i < d.count; i++)
		if (strstr(d.items[i].msg, msg) && d.items[i].line == line &&
		    d.items[i].col == col)
			found = 1;
	if (!found)
		for (size_t i = 0; i < d.count; i++)
			cr_log_error("%d:%d: %s", d.items[i].line,
				     d.items[i].col, d.items[i].msg);
	cr_assert(found, "%d:%d: %s", line, col, msg);
	bs_diags_release(&d);
}

Test(r10_artillery, s10_10_the_crew_checked_at_load)
{
	/* [10.10] "human, demihuman, or humanoid" */
	load_error("      - {name: Cat, artillery: ballista, figures: 1, "
		   "creature: wolf, position: [36, 4]}\n",
		   "ballista", "must be human, demi-human or humanoid");
	/* "one figure with 10 or more HD": kobolds 10:1 are 5 HD */
	load_error("      - {name: Cat, artillery: ballista, figures: 1, "
		   "creature: kobold, position: [36, 4]}\n",
		   "ballista", "10 or more HD");
	load_error("      - {name: Cat, artillery: ballista, figures: 2, "
		   "creature: man-at-arms, position: [36, 4]}\n",
		   "2,", "one crew figure");
	load_error("      - {name: Cat, artillery: ballista, type: regular, "
		   "figures: 1, creature: man-at-arms, position: [36, 4]}\n",
		   "regular", "skirmish unit");
	load_error("      - {name: Cat, artillery: trebuchet, figures: 1, "
		   "creature: man-at-arms, position: [36, 4]}\n",
		   "trebuchet", "artillery");
	load_error("      - {name: Cat, artillery: ballista, figures: 1, "
		   "creature: man-at-arms, weapons: [long bow], position: "
		   "[36, 4]}\n",
		   "long bow", "fires its piece");
	load_error("      - {name: Men, figures: 8, creature: man-at-arms, "
		   "spare_crew: 1, position: [36, 4]}\n",
		   "1, position", "only an artillery piece");
}

Test(r10_artillery, s10_11_special_ammunition_checked_at_load)
{
	load_error("      - {name: Cat, artillery: ballista, figures: 1, "
		   "creature: man-at-arms, position: [36, 4], special_ammo: "
		   "[{name: slime, area: 2, shots: 1}]}\n",
		   "{name: slime", "missing required key 'damage'");
	load_error("      - {name: Cat, artillery: ballista, figures: 1, "
		   "creature: man-at-arms, position: [36, 4], special_ammo: "
		   "[{name: slime, damage: 2d6, shots: 0}]}\n",
		   "0}", "shots");
	load_error("      - {name: Men, figures: 8, creature: man-at-arms, "
		   "position: [36, 4], special_ammo: [{name: slime, damage: "
		   "2d6, shots: 1}]}\n",
		   "[{name", "only artillery fires special ammunition");
}
