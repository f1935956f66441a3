/* Missile fire in play [10.0]-[10.8], Tables 12 and 13, and the phases
 * that fire them [1.2] [1.5]: who fires (two rows of archers, one of the
 * others [10.0]), line of sight and the 45-degree arc, the figures that
 * see and the losses from the figures seen [10.1], when missiles are used
 * [10.2], ammunition [10.3], movement and fire (every row of Table 12)
 * [10.4], split-fire [10.5], pass-through fire at any moment of the
 * enemy's move [10.6], indirect fire [10.7], the Table 13 terms [10.8] and
 * the [8.4] procedure on the missile weapon's damage. Each test names its
 * section (s10_4_t12_... for a row of Table 12). */
#include <math.h>

#include "ai/doctrine_int.h"
#include "battlesim/bs1e_missile.h"
#include "bs1e_fixture.h"

#define CMD_S                                                                  \
	"      - {name: SC, race: human, class: fighter, level: 5, "           \
	"abilities: {cha: 15}, hp: 30, ac: 4, rank: unit}\n"
#define CMD_N                                                                  \
	"      - {name: NC, race: human, class: fighter, level: 5, "           \
	"abilities: {cha: 15}, hp: 30, ac: 4, rank: unit}\n"

/* A unit's YAML lines (indented 6). */
#define UNIT(name, figs, cre, weapons, x, y, facing, files, form, more)        \
	"      - name: " name "\n        figures: " #figs                      \
	"\n        creature: " cre "\n        weapons: [" weapons "]\n"        \
	"        position: [" #x ", " #y "]\n        facing: " #facing         \
	"\n        frontage: " #files "\n        formation: " #form "\n" more

/* An Intermediate Game battle of the south and north units (their YAML
 * lines); round 1 begun with South as Side A, events on. */
static void open_battle_i(struct tf *t, const char *head, const char *south,
			  const char *north, const char *north_indivs);

static void open_battle(struct tf *t, const char *head, const char *south,
			const char *north)
{
	open_battle_i(t, head, south, north, "");
}

/* As open_battle, with more North individuals (YAML lines indented 6). */
static void open_battle_i(struct tf *t, const char *head, const char *south,
			  const char *north, const char *north_indivs)
{
	char *yaml = malloc(16384);
	cr_assert_not_null(yaml);
	snprintf(yaml, 16384,
		 "name: Missiles\nrules: bs1e\nlevel: intermediate\ngame: "
		 "adnd\ntable: {width: 72, depth: 48}\n%s"
		 "sides:\n  - name: South\n    edge: south\n    units:\n%s"
		 "    individuals:\n" CMD_S
		 "  - name: North\n    edge: north\n    units:\n%s"
		 "    individuals:\n" CMD_N "%s",
		 head ? head : "", south, north, north_indivs);
	tf_open(t, yaml);
	free(yaml);
	struct bs_battle *b = t->b;
	b->round = 1;
	b->side_a = 0;
	b->side_order[0] = 0;
	b->side_order[1] = 1;
	b->first_mover = 0;
	for (int g = 0; g < b->nunits; g++)
		bs1e_missile_new_round(b, g);
}

static void initial(struct tf *t)
{
	tf_phase(t, BS_PHASE_INITIAL_MISSILE);
	bs1e_phase_initial_missile(t->b);
}

static void missile_phase(struct tf *t)
{
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
	bs1e_phase_missile_magic(t->b);
}

/* The REJECTED event (n-th) and its cite. */
static const struct bs_event *rejected(struct tf *t, int n)
{
	return tf_find(t, BS_EV_REJECTED, n);
}

/* The HD of one figure's damage `dice` at attack roll r on the CRT. */
static int crt_hd(const char *dice, int r)
{
	struct bs_dice d;
	char err[64];
	cr_assert_eq(bs_dice_parse(dice, &d, err, sizeof err), 0);
	struct bs1e_colread c;
	cr_assert_eq(bs1e_colread_for_part(&d.part[0], 0, &c, err, sizeof err),
		     0);
	return bs1e_colread_tenths(&c, r);
}

/* Archers 15 figures (5 files, 3 ranks) facing north at (36, 10); orcs
 * 12 figures facing south 10" away. */
#define ARCHERS(weapon, more)                                                  \
	UNIT("Archers", 15, "archer", weapon ", short sword", 36, 10, north,   \
	     5, closed, "        commander: SC\n" more)
#define ORCS(y, more)                                                          \
	UNIT("Orcs", 12, "orc", "long sword", 36, y, south, 6, closed,         \
	     "        commander: NC\n" more)

/* ---- [10.0] who fires, range, rate ---------------------------------- */

Test(r10_missiles, s10_0_first_two_rows_of_archers_fire)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(20, ""));
	tf_volley(&t, BS_FIRE_INITIAL, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	initial(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v, "the archers fire");
	/* [10.0] "the first two rows of archers can fire" */
	cr_assert_eq(v->n[0], 10);
	/* range 10": medium for a long bow (7/14/21), +2 [10.8 T13] */
	cr_assert_eq(v->n[10], 100);
	cr_assert_eq(v->n[9], 1);
	cr_assert(tf_has_term(&v->deriv, 2, "medium range"));
	cr_assert_eq(v->deriv.value, 21 + 2);
	/* [8.4] AR - AC + 2d6 on the long bow's D6 column */
	cr_assert_eq(v->n[1], 6);
	cr_assert_eq(v->n[2], 23 - 6 + 7);
	cr_assert_eq(v->n[3], crt_hd("d6", 24));
	cr_assert_eq(v->n[4], 10 * crt_hd("d6", 24));
	cr_assert_str_eq(v->cite, "[1.2] [10.2]");
	cr_assert_eq(v->n[8], BS_FIRE_INITIAL);
	tf_close(&t);
}

Test(r10_missiles, s10_0_one_row_for_every_other_missile_weapon)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("light crossbow", ""), ORCS(20, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	/* [10.0] "If a unit is using any other missile weapon, only the
	 * first row can fire." */
	cr_assert_eq(v->n[0], 5);
	cr_assert_str_eq(v->what, "D4");
	tf_close(&t);
}

Test(r10_missiles, s10_0_shots_a_round_from_the_adnd_rate)
{
	struct tf t;
	open_battle(&t, NULL,
		    ARCHERS("long bow", "")
			UNIT("Bolts", 8, "man-at-arms", "heavy crossbow", 20,
			     10, north, 4, closed, ""),
		    ORCS(20, ""));
	/* [10.0] "the number of shots per Game Round are the same as in the
	 * AD&D game": the long bow 2, the heavy crossbow 1/2 */
	cr_assert_eq(tf_unit(&t, 0, 0)->shots_round, 2);
	cr_assert_eq(tf_unit(&t, 0, 1)->shots_round, 1);
	tf_unit(&t, 0, 1)->last_fired = 1;
	t.b->round = 2;
	bs1e_missile_new_round(t.b, tf_g(&t, 0, 1));
	cr_assert_eq(tf_unit(&t, 0, 1)->shots_round, 0,
		     "RULING R-471: a round to reload");
	t.b->round = 3;
	bs1e_missile_new_round(t.b, tf_g(&t, 0, 1));
	cr_assert_eq(tf_unit(&t, 0, 1)->shots_round, 1);
	tf_close(&t);
}

Test(r10_missiles, s10_0_killed_figures_removed_at_once_no_return_fire)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Archers", 10, "archer", "long bow", 36, 10, north, 5,
			 closed, "        commander: SC\n"),
		    UNIT("Bowmen", 10, "archer", "long bow", 36, 16, south, 5,
			 closed, "        commander: NC\n"));
	tf_volley(&t, BS_FIRE_INITIAL, 0, 0, 1, 0);
	tf_volley(&t, BS_FIRE_INITIAL, 1, 0, 0, 0);
	/* Side A (South) fires first and rolls the best: 1 + 1 */
	tf_dice(&t, (int[]){1, 1, 6, 6}, 4);
	initial(&t);
	const struct bs_event *a = tf_find(&t, BS_EV_VOLLEY, 0);
	const struct bs_event *l = tf_find(&t, BS_EV_LOSSES, 0);
	const struct bs_event *b = tf_find(&t, BS_EV_VOLLEY, 1);
	cr_assert(a && l && b);
	cr_assert_eq(a->side, 0, "[1.2] Side A fires first");
	cr_assert_gt(a->n[5], 0);
	cr_assert_lt(a - &t.evs[0].ev, l - &t.evs[0].ev);
	cr_assert_lt(l - &t.evs[0].ev, b - &t.evs[0].ev,
		     "[10.0] removed at once, before Side B fires");
	cr_assert_str_eq(l->cite, "[10.0] [8.7]");
	/* [1.2] Side B fires with the figures it has left */
	cr_assert_eq(b->n[0], 10 - a->n[5]);
	tf_close(&t);
}

/* ---- [10.1] who can use missiles ------------------------------------- */

Test(r10_missiles, s10_1_a_unit_in_contact_cannot_fire)
{
	struct tf t;
	/* the orcs' front touches the archers' front */
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(10, ""));
	cr_assert(bs1e_engaged(t.b, tf_g(&t, 0, 0)));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	missile_phase(&t);
	cr_assert_null(tf_find(&t, BS_EV_VOLLEY, 0));
	const struct bs_event *r = rejected(&t, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(r->cite, "[10.1]");
	tf_close(&t);
}

Test(r10_missiles, s10_1_in_contact_it_fights_with_a_melee_weapon)
{
	struct tf t;
	open_battle(&t, NULL,
		    ARCHERS("long bow", "")
			UNIT("Bows only", 8, "archer", "short bow", 10, 10,
			     north, 4, closed, ""),
		    ORCS(10, "") UNIT("Kobolds", 8, "kobold", "spear", 10, 10,
				      south, 4, closed, ""));
	tf_dice(&t, (int[]){3, 3, 3, 3, 3, 3, 3, 3}, 8);
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	/* [10.1] (RULING R-306): the short sword in hand, never the bow */
	const struct bs_event *a = NULL;
	for (int i = 0; (a = tf_find(&t, BS_EV_ATTACK, i)) != NULL; i++)
		if (a->side == 0 && a->unit == 0)
			break;
	cr_assert_not_null(a);
	cr_assert_str_eq(a->what, "D6", "the short sword's column");
	/* a unit with a bow and nothing else fights with d2 */
	for (int i = 0; (a = tf_find(&t, BS_EV_ATTACK, i)) != NULL; i++)
		if (a->side == 0 && a->unit == 1)
			break;
	cr_assert_not_null(a);
	cr_assert_str_eq(a->what, "D2");
	tf_close(&t);
}

Test(r10_missiles, s10_1_line_of_sight_45_degrees_either_side)
{
	struct tf t;
	/* the orcs stand 10" north and 20" east: 63 degrees off */
	open_battle(&t, NULL, ARCHERS("long bow", ""),
		    UNIT("Orcs", 12, "orc", "long sword", 56, 20, south, 6,
			 closed, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	missile_phase(&t);
	cr_assert_null(tf_find(&t, BS_EV_VOLLEY, 0));
	cr_assert_str_eq(rejected(&t, 0)->cite, "[10.1]");
	cr_assert(strstr(rejected(&t, 0)->what, "see"));
	tf_close(&t);
}

Test(r10_missiles, s10_1_only_the_figures_that_see_fire)
{
	struct tf t;
	/* a friendly unit 1" in front of the archers' left files hides the
	 * orcs from them (nearer than 3": no indirect fire [10.7]) */
	open_battle(&t, NULL,
		    ARCHERS("long bow", "")
			UNIT("Screen", 4, "man-at-arms", "long sword", 34.5,
			     11.5, north, 4, closed, ""),
		    ORCS(20, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_lt(v->n[0], 10, "[10.1] only those who see shoot");
	cr_assert_gt(v->n[0], 0);
	/* the others see the whole target: no penalty */
	cr_assert_eq(v->n[7], 12);
	cr_assert_not(tf_has_term(&v->deriv, 2, "partly hidden"));
	tf_close(&t);
}

/* A friendly unit 2" in front of the orcs' left half hides it from every
 * archer. */
#define HIDES_LEFT                                                             \
	UNIT("Screen", 4, "man-at-arms", "long sword", 34.6, 18.5, north, 2,   \
	     closed, "")

Test(r10_missiles, s10_1_a_partly_visible_target_at_a_penalty)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", "") HIDES_LEFT, ORCS(20, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_lt(v->n[7], 12, "part of the orcs hidden");
	cr_assert_gt(v->n[7], 0);
	/* [10.1] "the figure can still shoot, but at a penalty": RULING
	 * R-476 +2 */
	cr_assert(tf_has_term(&v->deriv, 2, "partly hidden"));
	cr_assert_not(tf_has_term(&v->deriv, 3, "indirect"),
		      "direct lines to the rest");
	tf_close(&t);
}

Test(r10_missiles, s10_1_partly_visible_no_penalty_option)
{
	struct tf t;
	open_battle(&t, "options: [partly_visible_no_penalty]\n",
		    ARCHERS("long bow", "") HIDES_LEFT, ORCS(20, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_lt(v->n[7], 12);
	cr_assert_not(tf_has_term(&v->deriv, 2, "partly hidden"));
	tf_close(&t);
}

Test(r10_missiles, s10_1_losses_only_from_the_figures_seen)
{
	struct tf t;
	/* a target half outside the archers' arcs, and a volley that would
	 * destroy far more than they see */
	open_battle(&t,
		    "catalog:\n  weapons:\n    - {name: test bow, kind: "
		    "missile, damage: 4d12, range: [7, 14, 21], rate: \"2\", "
		    "class: archer}\n",
		    UNIT("Archers", 20, "archer", "test bow", 20, 10, north, 10,
			 closed, "        commander: SC\n"),
		    UNIT("Men", 12, "man-at-arms", "long sword", 30, 16, south,
			 12, closed, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){1, 1}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	int seen = v->n[7];
	cr_assert_lt(seen, 12, "part of the unit is out of sight");
	cr_assert_gt(v->n[4], 12 * 100, "damage for more than the unit");
	/* [10.1] "If more losses are called for by the combat result than
	 * there are figures that can be seen, ignore remaining losses." */
	cr_assert_eq(v->n[5], seen);
	cr_assert_eq(v->n[6], 0);
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 12 - seen);
	tf_close(&t);
}

/* ---- [10.2] when missiles are used ------------------------------------ */

Test(r10_missiles, s10_2_initial_missile_phase_needs_two_shots)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("light crossbow", ""), ORCS(20, ""));
	tf_volley(&t, BS_FIRE_INITIAL, 0, 0, 1, 0);
	initial(&t);
	cr_assert_null(tf_find(&t, BS_EV_VOLLEY, 0));
	cr_assert_str_eq(rejected(&t, 0)->cite, "[10.2]");
	tf_close(&t);
}

Test(r10_missiles, s10_2_initial_missile_phase_at_most_once)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(20, ""));
	tf_volley(&t, BS_FIRE_INITIAL, 0, 0, 1, 0);
	tf_volley(&t, BS_FIRE_INITIAL, 0, 0, 1, 0);
	tf_dice(&t, (int[]){6, 6, 6, 6}, 4);
	initial(&t);
	cr_assert_eq(tf_count(&t, BS_EV_VOLLEY), 1);
	cr_assert_str_eq(rejected(&t, 0)->cite, "[10.2]");
	cr_assert(strstr(rejected(&t, 0)->what, "at most once"));
	tf_close(&t);
}

Test(r10_missiles, s10_2_remaining_shots_in_the_missile_phase)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(20, ""));
	tf_volley(&t, BS_FIRE_INITIAL, 0, 0, 1, 0);
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){6, 6, 6, 6, 6, 6}, 6);
	initial(&t);
	missile_phase(&t);
	/* two shots: one in the Initial Missile Phase, one left [10.2] */
	cr_assert_eq(tf_count(&t, BS_EV_VOLLEY), 2);
	cr_assert(strstr(rejected(&t, 0)->what, "no shot left"));
	cr_assert_eq(bs1e_shots_left(t.b, 0, 0), 0);
	tf_close(&t);
}

Test(r10_missiles, s10_2_a_unit_that_fired_cannot_fight_when_contacted)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(14, ""));
	tf_volley(&t, BS_FIRE_INITIAL, 0, 0, 1, 0);
	tf_dice(&t, (int[]){6, 6}, 2);
	initial(&t);
	/* the orcs move into contact */
	struct bs_order o = tf_advance(6, 0);
	tf_order(&t, 1, 0, &o);
	t.moves_first = 0; /* South lets North move first */
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert(bs1e_contact(t.b, tf_g(&t, 0, 0), tf_g(&t, 1, 0), NULL));
	int nev = t.nev;
	tf_dice(&t, (int[]){3, 3, 3, 3, 3, 3}, 6);
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	/* [10.2] "the missile-using unit cannot fight during that Melee
	 * Phase" (RULING R-480) */
	for (int i = nev; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_ATTACK)
			cr_assert_neq(t.evs[i].ev.side, 0,
				      "the archers do not attack");
	int note = 0;
	for (int i = nev; i < t.nev; i++)
		note |= t.evs[i].ev.type == BS_EV_NOTE &&
			strcmp(t.evs[i].cite, "[10.2]") == 0;
	cr_assert(note);
	cr_assert_gt(tf_count(&t, BS_EV_ATTACK), 0, "the orcs do");
	tf_close(&t);
}

/* ---- [10.3] ammunition -------------------------------------------------- */

Test(r10_missiles, s10_3_thrown_weapons_two_volleys_arrows_unlimited)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Javelins", 8, "man-at-arms", "javelin, short sword",
			 36, 10, north, 8, closed, "        commander: SC\n")
			UNIT("Bows", 8, "archer", "long bow", 10, 10, north, 8,
			     closed, ""),
		    ORCS(14, ""));
	/* [10.3] "assume each member of a unit is armed with two volleys";
	 * arrows "an unlimited supply" */
	cr_assert_eq(tf_unit(&t, 0, 0)->ammo_left, 2);
	cr_assert_eq(tf_unit(&t, 0, 1)->ammo_left, -1);
	for (int r = 1; r <= 3; r++) {
		t.b->round = r;
		for (int g = 0; g < t.b->nunits; g++)
			bs1e_missile_new_round(t.b, g);
		t.nfire[0] = 0;
		tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
		tf_dice(&t, (int[]){6, 6}, 2);
		missile_phase(&t);
	}
	cr_assert_eq(tf_count(&t, BS_EV_VOLLEY), 2);
	cr_assert_eq(tf_find(&t, BS_EV_VOLLEY, 1)->n[11], 0, "none left");
	cr_assert_str_eq(rejected(&t, 0)->cite, "[10.3]");
	tf_close(&t);
}

Test(r10_missiles, s10_3_a_scenario_limits_arrows)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("{name: long bow, ammo: 1}", ""),
		    ORCS(20, ""));
	cr_assert_eq(tf_unit(&t, 0, 0)->ammo_left, 1);
	tf_volley(&t, BS_FIRE_INITIAL, 0, 0, 1, 0);
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){6, 6, 6, 6}, 4);
	initial(&t);
	missile_phase(&t);
	cr_assert_eq(tf_count(&t, BS_EV_VOLLEY), 1);
	cr_assert_str_eq(rejected(&t, 0)->cite, "[10.3]");
	tf_close(&t);
}

/* ---- [10.4] movement and missile fire, Table 12 ------------------------ */

/* The MV the rules would allow unit (side, unit) for a move now. */
static double allowed(struct tf *t, int side, int unit)
{
	struct bs_order o = tf_advance(30, 0);
	struct bs_tt_outcome oc;
	bs_tt_check_order(t->b, side, unit, &o, &oc);
	return oc.legal ? oc.allowed : -1;
}

/* (side, unit)'s next volley at (1, 0) as the rules plan it now. */
static int may_fire(struct tf *t, int side, int unit, const char **cite)
{
	struct bs1e_volley_plan p;
	bs1e_volley_plan(t->b, side, unit, 1, 0, BS_FIRE_PHASE, -1, NULL, &p);
	if (cite)
		*cite = p.cite;
	return p.legal;
}

Test(r10_missiles, s10_4_t12_thrown_weapons_fire_once_and_a_third_off)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Axes", 8, "man-at-arms", "hand axe", 36, 10, north, 8,
			 closed, "        commander: SC\n"),
		    ORCS(12.5, ""));
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	/* the dagger-like rate of a hand axe is 1; Table 12: once a round */
	cr_assert_eq(u->shots_round, 1);
	u->shots = 1;
	u->flags |= BS_UF_FIRED;
	/* "Fire once and 1/3 movement penalty" */
	cr_assert_float_eq(allowed(&t, 0, 0), u->r.mv * 4 / 6.0, 1e-9);
	tf_close(&t);
}

Test(r10_missiles, s10_4_t12_crossbows_and_slings_either_move_or_shoot)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Slings", 8, "man-at-arms", "sling", 36, 10, north, 8,
			 closed, "        commander: SC\n"),
		    ORCS(18, ""));
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	const char *cite;
	u->mv_spent = 1;
	cr_assert_not(may_fire(&t, 0, 0, &cite), "it moved: no shot");
	cr_assert_str_eq(cite, "[10.4 T12]");
	u->mv_spent = 0;
	cr_assert(may_fire(&t, 0, 0, NULL));
	u->shots = 1;
	u->flags |= BS_UF_FIRED;
	/* it fired: no movement */
	struct bs_order o = tf_advance(3, 0);
	struct bs_tt_outcome oc;
	bs_tt_check_order(t.b, 0, 0, &o, &oc);
	cr_assert_not(oc.legal);
	cr_assert_str_eq(oc.cite, "[10.4 T12]");
	tf_close(&t);
}

Test(r10_missiles, s10_4_t12_archers_fire_twice_and_not_move_or_once_half)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(20, ""));
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	u->shots = 1;
	u->flags |= BS_UF_FIRED;
	cr_assert_float_eq(allowed(&t, 0, 0), u->r.mv / 2.0, 1e-9,
			   "fire once and 1/2 movement penalty");
	u->shots = 2;
	cr_assert_lt(allowed(&t, 0, 0), 0, "fire twice and not move");
	/* moved more than half: no second shot, nor a first */
	u->shots = 0;
	u->mv_spent = u->r.mv * 0.6;
	cr_assert_not(may_fire(&t, 0, 0, NULL));
	u->mv_spent = u->r.mv * 0.5;
	cr_assert(may_fire(&t, 0, 0, NULL));
	u->shots = 1;
	cr_assert_not(may_fire(&t, 0, 0, NULL), "twice: not after moving");
	tf_close(&t);
}

Test(r10_missiles, s10_4_t12_mounted_archers_fire_once_and_move_full)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Horse archers", 8, "man-at-arms", "short bow", 36, 10,
			 north, 4, closed,
			 "        commander: SC\n        mount: light "
			 "warhorse\n"),
		    ORCS(26, ""));
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_eq(u->r.msl.cls, BS1E_MISSILE_MOUNTED_ARCHER);
	u->shots = 1;
	u->flags |= BS_UF_FIRED;
	cr_assert_float_eq(allowed(&t, 0, 0), u->r.mv, 1e-9);
	u->shots = 2;
	cr_assert_lt(allowed(&t, 0, 0), 0, "fire twice and not move");
	tf_close(&t);
}

Test(r10_missiles, s10_4_t12_mounted_crossbows_fire_once_half_move)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Horse crossbows", 8, "man-at-arms", "light crossbow",
			 36, 10, north, 4, closed,
			 "        commander: SC\n        mount: light "
			 "warhorse\n"),
		    ORCS(26, ""));
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_eq(u->r.msl.cls, BS1E_MISSILE_MOUNTED_CROSSBOW);
	u->shots = 1;
	u->flags |= BS_UF_FIRED;
	cr_assert_float_eq(allowed(&t, 0, 0), u->r.mv / 2.0, 1e-9);
	tf_close(&t);
}

Test(r10_missiles, s10_4_a_unit_that_fires_cannot_charge)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(20, ""));
	struct bs_unit_state *u = tf_unit(&t, 0, 0);
	u->shots = 1;
	u->flags |= BS_UF_FIRED;
	struct bs_tt_charge ch;
	bs_tt_plan_charge(t.b, 0, 0, 1, 0, &ch);
	struct bs_tt_outcome oc;
	bs_tt_check_order(t.b, 0, 0, &ch.order, &oc);
	cr_assert_not(oc.legal);
	cr_assert_str_eq(oc.cite, "[10.4]");
	/* and one that charged cannot fire (RULING R-481) */
	u->shots = 0;
	u->flags = BS_UF_CHARGED;
	const char *cite;
	cr_assert_not(may_fire(&t, 0, 0, &cite));
	cr_assert_str_eq(cite, "[10.4]");
	tf_close(&t);
}

/* ---- [10.5] split-fire ------------------------------------------------- */

static struct bs_order split(double first, double then, int tside, int tunit)
{
	struct bs_order o = {
	    .kind = BS_ORDER_MOVE, .tside = tside, .tunit = tunit, .nsteps = 3};
	o.step[0] = (struct bs_step){.kind = BS_STEP_ADVANCE, .dist = first};
	o.step[1] = (struct bs_step){.kind = BS_STEP_FIRE};
	o.step[2] = (struct bs_step){.kind = BS_STEP_ADVANCE, .dist = then};
	return o;
}

Test(r10_missiles, s10_5_mounted_archers_move_half_fire_and_go_on)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Horse archers", 8, "man-at-arms", "short bow", 36, 4,
			 north, 4, closed,
			 "        commander: SC\n        mount: light "
			 "warhorse\n"),
		    ORCS(30, ""));
	double mv = tf_unit(&t, 0, 0)->r.mv;
	struct bs_order o = split(mv / 2, 4, 1, 0);
	tf_order(&t, 0, 0, &o);
	tf_dice(&t, (int[]){4, 4}, 2);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v, "[10.5] the split-fire volley");
	cr_assert_eq(v->n[8], BS_FIRE_SPLIT);
	cr_assert_eq(v->phase, BS_PHASE_MOVEMENT);
	cr_assert_str_eq(v->cite, "[10.5]");
	/* fired from halfway, then it went on */
	cr_assert_float_eq(v->y0, 4 + mv / 2, 1e-6);
	cr_assert_float_eq(tf_unit(&t, 0, 0)->front.y, 4 + mv / 2 + 4, 1e-6);
	cr_assert_eq(tf_unit(&t, 0, 0)->shots, 1);
	tf_close(&t);
}

Test(r10_missiles, s10_5_split_fire_after_at_most_half_the_movement)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Horse archers", 8, "man-at-arms", "short bow", 36, 4,
			 north, 4, closed,
			 "        commander: SC\n        mount: light "
			 "warhorse\n"),
		    ORCS(40, ""));
	double mv = tf_unit(&t, 0, 0)->r.mv;
	struct bs_order o = split(mv / 2 + 1, 1, 1, 0);
	struct bs_tt_outcome oc;
	bs_tt_check_order(t.b, 0, 0, &o, &oc);
	cr_assert_not(oc.legal);
	cr_assert_str_eq(oc.cite, "[10.5]");
	tf_close(&t);
}

Test(r10_missiles, s10_5_only_mounted_or_centaur_archers_split_fire)
{
	struct tf t;
	open_battle(&t, NULL,
		    ARCHERS("long bow", "")
			UNIT("Centaurs", 6, "centaur", "short bow", 10, 4,
			     north, 3, closed, ""),
		    ORCS(40, ""));
	struct bs_order o = split(2, 2, 1, 0);
	struct bs_tt_outcome oc;
	bs_tt_check_order(t.b, 0, 0, &o, &oc);
	cr_assert_not(oc.legal, "archers on foot do not split-fire");
	cr_assert_str_eq(oc.cite, "[10.5]");
	/* centaur archers (the creature's split_fire flag, RULING R-478)
	 * do, as mounted archers in Table 12, but they are not mounted
	 * (Table 13 +2, RULING R-484) */
	const struct bs_unit_state *c = tf_unit(&t, 0, 1);
	cr_assert(c->r.msl.split_fire);
	cr_assert_eq(c->r.msl.cls, BS1E_MISSILE_MOUNTED_ARCHER);
	cr_assert_not(c->r.msl.mounted);
	bs_tt_check_order(t.b, 0, 1, &o, &oc);
	cr_assert(oc.legal);
	tf_close(&t);
}

/* ---- [10.6] pass-through fire ------------------------------------------ */

Test(r10_missiles, s10_6_at_any_point_of_the_enemy_move)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(30, ""));
	struct bs_order o = tf_advance(6, 0);
	tf_order(&t, 1, 0, &o);
	tf_pass(&t, 0, 0, 1, 0, 1, 0, 3);
	t.moves_first = 0;
	tf_dice(&t, (int[]){3, 4}, 2);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	/* the moments offered: where it starts, every inch, the end */
	cr_assert_geq(t.npath, 7);
	cr_assert_float_eq(t.path[0].moved, 0, 1e-9);
	cr_assert_float_eq(t.path[3].moved, 3, 1e-9);
	cr_assert_float_eq(t.path[t.npath - 1].moved, 6, 1e-9);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[8], BS_FIRE_PASS_THROUGH);
	cr_assert_eq(v->phase, BS_PHASE_MOVEMENT);
	cr_assert_str_eq(v->cite, "[10.6]");
	/* the event says where the mover was */
	cr_assert_float_eq(v->f0, 3, 1e-9);
	cr_assert_float_eq(v->y1, 27, 1e-9);
	/* and it went on to the end of its move */
	cr_assert_float_eq(tf_unit(&t, 1, 0)->front.y, 24, 1e-9);
	cr_assert_eq(tf_unit(&t, 0, 0)->pass_through, 1);
	tf_close(&t);
}

/* RULING R-456 [10.6] "at any point during the enemy's movement": a
 * fighting withdrawal [7.12], a flight [8.8] and a wrap-around [7.11]
 * offer the moments where the mover starts and where it ends; the volley
 * is fired there and the move goes on (or, at the end, the mover stays
 * where it went). */
#define ENGAGED                                                                \
	UNIT("Archers", 15, "archer", "long bow, short sword", 24, 10, north,  \
	     5, closed, "        commander: SC\n")                             \
	UNIT("Foot", 12, "man-at-arms", "long sword", 36, 20, north, 6,        \
	     closed, "")

static void engaged_orcs(struct tf *t, enum bs_order_kind kind, double after,
			 const int *dice, size_t nd)
{
	open_battle(t, NULL, ENGAGED, ORCS(20, ""));
	/* the orcs (front at y 20 facing south) touch the foot */
	tf_unit(t, 0, 1)->flags |= BS_UF_CONTACT_AT_START;
	tf_unit(t, 1, 0)->flags |= BS_UF_CONTACT_AT_START;
	struct bs_order o = {.kind = kind, .tside = -1, .tunit = -1};
	if (kind == BS_ORDER_WRAP) {
		/* [7.11] 8 files against the foot's 6 */
		o.nsteps = 1;
		o.step[0] =
		    (struct bs_step){.kind = BS_STEP_FRONTAGE, .files = 8};
	}
	tf_order(t, 1, 0, &o);
	tf_pass(t, 0, 0, 1, 0, 1, 0, after);
	t->moves_first = 0;
	tf_dice(t, dice, nd);
	tf_phase(t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t->b);
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
}

Test(r10_missiles, s10_6_ruling_r456_pass_through_at_a_withdrawal)
{
	struct tf t;
	/* at its end, 3" back */
	engaged_orcs(&t, BS_ORDER_WITHDRAW, -1, (int[]){3, 4, 1, 1, 1, 1}, 6);
	cr_assert_eq(t.npath, 4, "where it starts, every inch, where it ends");
	cr_assert_float_eq(t.path[0].moved, 0, 1e-9);
	cr_assert_float_eq(t.path[3].moved, 3, 1e-9);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[8], BS_FIRE_PASS_THROUGH);
	cr_assert_float_eq(v->y1, 23, 1e-9, "fired at it where it ended");
	cr_assert_float_eq(tf_unit(&t, 1, 0)->front.y, 23, 1e-9);
	cr_assert_eq(tf_unit(&t, 0, 0)->pass_through, 1);
	tf_close(&t);
	/* where it starts, still in contact: fired, then it withdraws */
	engaged_orcs(&t, BS_ORDER_WITHDRAW, 0, (int[]){3, 4, 1, 1, 1, 1}, 6);
	v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_float_eq(v->y1, 20, 1e-9);
	cr_assert_float_eq(tf_unit(&t, 1, 0)->front.y, 23, 1e-9);
	tf_close(&t);
}

Test(r10_missiles, s10_6_ruling_r456_pass_through_at_a_flight)
{
	struct tf t;
	/* the free attack first (1+1: nothing), then the flight and the
	 * volley where it ends */
	engaged_orcs(&t, BS_ORDER_FLEE, -1, (int[]){1, 1, 3, 4, 1, 1, 1, 1}, 8);
	cr_assert_gt(t.npath, 2);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[8], BS_FIRE_PASS_THROUGH);
	double end = tf_unit(&t, 1, 0)->front.y;
	cr_assert_gt(end, 20 + 3, "it fled north: %g", end);
	cr_assert_float_eq(v->y1, end, 1e-9);
	tf_close(&t);
}

Test(r10_missiles, s10_6_ruling_r456_pass_through_at_a_wrap_around)
{
	struct tf t;
	engaged_orcs(&t, BS_ORDER_WRAP, -1, (int[]){3, 4, 1, 1, 1, 1}, 6);
	cr_assert(tf_unit(&t, 1, 0)->flags & BS_UF_WRAPPED, "it wrapped");
	cr_assert_eq(t.npath, 2, "where it starts, where it ends");
	cr_assert_gt(t.path[1].moved, 1.9, "the wrap's cost: %g",
		     t.path[1].moved);
	cr_assert_eq(t.path[1].files, 8);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[8], BS_FIRE_PASS_THROUGH);
	tf_close(&t);
}

/* [10.6] "Pass-through fire can be taken at any point during the enemy's
 * movement": RULING R-456, every inch of a withdrawal's line. */
Test(r10_missiles, s10_6_ruling_r456_pass_through_along_a_withdrawal)
{
	struct tf t;
	engaged_orcs(&t, BS_ORDER_WITHDRAW, 1, (int[]){3, 4, 1, 1, 1, 1}, 6);
	cr_assert_eq(t.npath, 4);
	for (int k = 1; k < 3; k++) {
		cr_assert_float_eq(t.path[k].moved, k, 1e-9);
		cr_assert_float_eq(t.path[k].y, 20 + k, 1e-9);
		cr_assert_float_eq(t.path[k].facing, t.path[0].facing, 1e-9);
	}
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[8], BS_FIRE_PASS_THROUGH);
	cr_assert_float_eq(v->y1, 21, 1e-9, "fired at it 1\" back: %g", v->y1);
	cr_assert_float_eq(tf_unit(&t, 1, 0)->front.y, 23, 1e-9,
			   "then it withdraws the whole 3\"");
	cr_assert(tf_unit(&t, 1, 0)->flags & BS_UF_WITHDREW);
	/* the pause is logged with this ruling's cite */
	int cited = 0;
	for (int i = 0; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_NOTE &&
		    strstr(t.evs[i].what, "pass-through fire: 1.0\" into") &&
		    !strcmp(t.evs[i].cite, "[10.6] RULING R-456"))
			cited = 1;
	cr_assert(cited, "a NOTE cites R-456 at 1.0\"");
	tf_close(&t);
}

/* RULING R-456: along a flight [8.8], the volley where the moment falls;
 * the flight then runs its full MV. */
Test(r10_missiles, s10_6_ruling_r456_pass_through_along_a_flight)
{
	struct tf t;
	engaged_orcs(&t, BS_ORDER_FLEE, 2, (int[]){1, 1, 3, 4, 1, 1, 1, 1}, 8);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[8], BS_FIRE_PASS_THROUGH);
	/* its front after the about face: the block's rear edge */
	double y0 = t.path[0].y;
	cr_assert_gt(y0, 20);
	cr_assert_float_eq(t.path[2].moved, 2, 1e-9);
	cr_assert_float_eq(v->y1, y0 + 2, 1e-9, "2\" into its flight: %g",
			   v->y1);
	double end = tf_unit(&t, 1, 0)->front.y;
	cr_assert_gt(end, y0 + 3, "it fled on: %g", end);
	tf_close(&t);
}

/* Orcs routed last round running east (RULING R-457) across the archers'
 * front, `y` inches north (20: 10" from them); their Movement Phase: the
 * pass-through volley `after` inches into their rout move. */
#define ROUTED_ORCS(y)                                                         \
	UNIT("Orcs", 12, "orc", "long sword", 24, y, east, 3, open,            \
	     "        commander: NC\n")
#define ROUTED_WIGHTS(y)                                                       \
	UNIT("Orcs", 12, "wight", "long sword", 24, y, east, 3, open,          \
	     "        commander: NC\n")
static void routed_orcs(struct tf *t, const char *archers, const char *orcs,
			double after, const int *dice, size_t nd)
{
	open_battle(t, NULL, archers, orcs);
	struct bs_unit_state *o = tf_unit(t, 1, 0);
	o->flags |= BS_UF_ROUTED | BS_UF_OUT_OF_COMMAND;
	o->rout_facing = 90.0;
	tf_pass(t, 0, 0, 1, 0, 1, 0, after);
	t->moves_first = 0;
	tf_dice(t, dice, nd);
	tf_phase(t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t->b);
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
}

/* [7.15] "On the Movement Phase that follows, the routing unit moves its
 * full movement rate" and [10.6] "at any point during the enemy's
 * movement ... against any enemy units in range and line of sight":
 * RULING R-457, its rout move is fired at in passing, at the inch the
 * firer picks. */
Test(r10_missiles, s10_6_ruling_r457_pass_through_fire_at_a_rout_move)
{
	struct tf t;
	/* a volley that cannot harm them (wights: magic weapons to hit
	 * [13.3]) */
	routed_orcs(&t, ARCHERS("long bow", ""), ROUTED_WIGHTS(20), 4,
		    (int[]){1, 1}, 2);
	double mv = tf_unit(&t, 1, 0)->r.mv;
	/* where it starts, every inch of its MV east, its end */
	cr_assert_eq(t.npath, (int)mv + 1, "%d moments", t.npath);
	cr_assert_float_eq(t.path[0].x, 24, 1e-9);
	cr_assert_float_eq(t.path[4].x, 28, 1e-9);
	cr_assert_float_eq(t.path[4].moved, 4, 1e-9);
	cr_assert_float_eq(t.path[t.npath - 1].x, 24 + mv, 1e-9);
	cr_assert_eq(t.path[4].contact, 0, "a router engages no one");
	cr_assert_eq(tf_unit(&t, 0, 0)->pass_through, 1, "the shot is taken");
	cr_assert_eq(bs1e_shots_left(t.b, 0, 0), 1);
	/* the volley comes in the middle of the rout move: NOTE, the volley
	 * (harmless), then the ROUT of its whole MV from where it started */
	int note = -1, vol = -1, rout = -1;
	for (int i = 0; i < t.nev; i++) {
		const struct tf_event *e = &t.evs[i];
		if (e->ev.type == BS_EV_NOTE &&
		    strstr(e->what, "pass-through fire: 4.0\" into its rout") &&
		    !strcmp(e->cite, "[10.6] RULING R-457"))
			note = i;
		if (e->ev.type == BS_EV_NOTE && vol < 0 &&
		    strstr(e->what, "cannot harm"))
			vol = i;
		if (e->ev.type == BS_EV_ROUT)
			rout = i;
	}
	cr_assert(note >= 0 && note < vol && vol < rout, "%d %d %d", note, vol,
		  rout);
	cr_assert_str_eq(t.evs[rout].what, "keeps routing");
	cr_assert_float_eq(t.evs[rout].ev.x0, 24, 1e-9);
	cr_assert_float_eq(tf_unit(&t, 1, 0)->front.x, 24 + mv, 1e-9,
			   "then it routs on its full MV: %g",
			   tf_unit(&t, 1, 0)->front.x);
	tf_close(&t);
	/* `after` past its end: fired where it comes to stand */
	routed_orcs(&t, ARCHERS("long bow", ""), ROUTED_ORCS(20), 40,
		    (int[]){3, 4}, 2);
	mv = tf_unit(&t, 1, 0)->r.mv;
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_float_eq(v->x1, 24 + mv, 1e-9, "at its end: %g", v->x1);
	cr_assert_eq(tf_count(&t, BS_EV_ROUT), 2,
		     "its rout move, then it routs again [6.4]");
	tf_close(&t);
}

/* RULING R-457 with [6.4] "If a routed unit is attacked by an enemy ...
 * it takes any damage and automatically routs again": hit 4" into its
 * rout move, it routs again from there, away from the archers, and that
 * move ends the first. */
Test(r10_missiles, s10_6_ruling_r457_a_router_hit_in_passing_routs_again)
{
	struct tf t;
	routed_orcs(&t, ARCHERS("long bow", ""), ROUTED_ORCS(20), 4,
		    (int[]){3, 4}, 2);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_gt(v->n[4], 0, "losses");
	cr_assert_eq(tf_count(&t, BS_EV_ROUT), 1, "one rout move only");
	const struct bs_event *r = tf_find(&t, BS_EV_ROUT, 0);
	cr_assert_str_eq(r->cite, "[6.4] [7.15]");
	cr_assert_float_eq(r->x0, 28, 1e-9, "from where it was hit: %g", r->x0);
	cr_assert_gt(tf_unit(&t, 1, 0)->front.y, 25,
		     "away from the archers (south of it): %g",
		     tf_unit(&t, 1, 0)->front.y);
	tf_close(&t);
}

/* RULING R-457: the instant rout of a failed check [4.5] [7.15] is not
 * movement of a Movement Phase: no moment is offered, nothing fires. */
Test(r10_missiles, s10_6_ruling_r457_no_fire_at_the_instant_rout)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ROUTED_ORCS(20));
	tf_pass(&t, 0, 0, 1, 0, 1, 0, -1);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_vec cause = {10, 20};
	bs1e_rout(t.b, bs1e_g(t.b, 1, 0), &cause, 1, "routs");
	cr_assert(tf_unit(&t, 1, 0)->flags & BS_UF_ROUTED);
	const struct bs_event *r = tf_find(&t, BS_EV_ROUT, 0);
	cr_assert_not_null(r);
	cr_assert_gt(hypot(r->x1 - r->x0, r->y1 - r->y0), 9, "it routed");
	cr_assert_eq(t.npath, 0, "no moment offered");
	cr_assert_eq(tf_count(&t, BS_EV_VOLLEY), 0);
	tf_close(&t);
}

Test(r10_missiles, s10_6_at_most_one_shot_of_pass_through_fire)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(30, ""));
	struct bs_order o = tf_advance(6, 0);
	tf_order(&t, 1, 0, &o);
	tf_pass(&t, 0, 0, 1, 0, 1, 0, 2);
	tf_pass(&t, 0, 0, 1, 0, 1, 0, 5);
	t.moves_first = 0;
	tf_dice(&t, (int[]){3, 4, 3, 4}, 4);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_eq(tf_count(&t, BS_EV_VOLLEY), 1);
	cr_assert_str_eq(rejected(&t, 0)->cite, "[10.2] [10.6]");
	tf_close(&t);
}

Test(r10_missiles, s10_6_a_single_shot_weapon_may_fire_pass_through)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("light crossbow", ""), ORCS(30, ""));
	struct bs_order o = tf_advance(6, 0);
	tf_order(&t, 1, 0, &o);
	tf_pass(&t, 0, 0, 1, 0, 1, 0, -1);
	t.moves_first = 0;
	tf_dice(&t, (int[]){3, 4}, 2);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	/* [10.2] "A unit does not have to be entitled to more than one shot
	 * per Game Round in order to use pass-through fire." */
	cr_assert_eq(tf_count(&t, BS_EV_VOLLEY), 1);
	cr_assert_eq(bs1e_shots_left(t.b, 0, 0), 0);
	tf_close(&t);
}

Test(r10_missiles, s10_6_at_a_unit_that_charges_the_firer)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(22, ""));
	struct bs_tt_charge ch;
	bs_tt_plan_charge(t.b, 1, 0, 0, 0, &ch);
	cr_assert(ch.legal, "the orcs can charge: %s", ch.why);
	tf_order(&t, 1, 0, &ch.order);
	tf_pass(&t, 0, 0, 1, 0, 1, 0, -1);
	t.moves_first = 0;
	tf_dice(&t, (int[]){3, 4, 5, 5, 5, 5, 5, 5, 5, 5}, 10);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	/* the last moment: as the charge comes into contact, before it
	 * touches (RULING R-477) */
	cr_assert(t.path[t.npath - 1].contact);
	cr_assert_eq(t.path[t.npath - 1].tside, 0);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v, "fired at the charger");
	cr_assert_eq(v->n[9], 0, "at short range");
	cr_assert(bs1e_contact(t.b, tf_g(&t, 0, 0), tf_g(&t, 1, 0), NULL),
		  "then the charge strikes home");
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_CONTACTED);
	tf_close(&t);
}

Test(r10_missiles, s4_4_pass_through_fire_calls_a_morale_check_at_once)
{
	struct tf t;
	/* [4.4] example: "During the Movement Phase, pass-through fire
	 * pushes casualties over 50%" (one Morale Check then) */
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(30, ""));
	tf_unit(&t, 1, 0)->figures = 8; /* 4 of 12 lost already */
	struct bs_order o = tf_advance(6, 0);
	tf_order(&t, 1, 0, &o);
	tf_pass(&t, 0, 0, 1, 0, 1, 0, 2);
	t.moves_first = 0;
	tf_dice(&t, (int[]){1, 1, 1, 1}, 4);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	const struct bs_event *m = tf_find(&t, BS_EV_MORALE, 0);
	cr_assert_not_null(m);
	cr_assert_eq(m->phase, BS_PHASE_MOVEMENT);
	cr_assert(m->n[1] & (1u << BS1E_T5_LOST_50));
	tf_close(&t);
}

/* ---- [10.7] indirect fire ---------------------------------------------- */

#define SCREEN(y)                                                              \
	UNIT("Screen", 12, "man-at-arms", "long sword", 36, y, north, 6,       \
	     closed, "")

Test(r10_missiles, s10_7_over_friends_at_least_3_inches_away)
{
	struct tf t;
	/* the screen (out of command: open formation, 2" deep) stands 3.5"
	 * ahead of the archers' front */
	open_battle(&t, NULL, ARCHERS("long bow", "") SCREEN(15.5),
		    ORCS(24, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert(tf_has_term(&v->deriv, 3, "indirect fire"), "Table 13 +3");
	tf_close(&t);
}

Test(r10_missiles, s10_7_not_over_friends_nearer_than_3_inches)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", "") SCREEN(13.5),
		    ORCS(24, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	missile_phase(&t);
	cr_assert_null(tf_find(&t, BS_EV_VOLLEY, 0));
	cr_assert_str_eq(rejected(&t, 0)->cite, "[10.1]");
	tf_close(&t);
}

Test(r10_missiles, s10_7_archers_in_command_only_and_no_crossbows)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Archers", 15, "archer", "long bow", 36, 10, north, 5,
			 closed, "") SCREEN(15.5)
			UNIT("Bolts", 10, "man-at-arms", "light crossbow", 20,
			     10, north, 5, closed, "")
			    UNIT("Screen 2", 12, "man-at-arms", "long sword",
				 20, 15.5, north, 6, closed, ""),
		    ORCS(24, "") UNIT("Orcs 2", 12, "orc", "long sword", 20, 24,
				      south, 6, closed, ""));
	/* no commander: out of command [4.7], no indirect fire [10.7] */
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_volley(&t, BS_FIRE_PHASE, 0, 2, 1, 1);
	missile_phase(&t);
	cr_assert_null(tf_find(&t, BS_EV_VOLLEY, 0));
	cr_assert_eq(tf_count(&t, BS_EV_REJECTED), 2);
	tf_close(&t);
}

/* ---- [10.8] Table 13 ---------------------------------------------------- */

Test(r10_missiles, s10_8_t13_open_or_skirmish_target)
{
	struct tf t;
	open_battle(
	    &t, NULL, ARCHERS("long bow", ""),
	    UNIT("Orcs", 12, "orc", "long sword", 36, 15, south, 6, open, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert(tf_has_term(&v->deriv, 1, "open or skirmish"));
	cr_assert_eq(v->n[9], 0, "5\": short range, no term");
	cr_assert_eq(v->deriv.value, 21 + 1);
	cr_assert_str_eq(v->deriv.cite, "[10.8 T13]");
	tf_close(&t);
}

Test(r10_missiles, s10_8_t13_mounted_shooters)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Horse archers", 8, "man-at-arms", "short bow", 36, 10,
			 north, 4, closed,
			 "        commander: SC\n        mount: light "
			 "warhorse\n"),
		    ORCS(14, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert(tf_has_term(&v->deriv, 2, "mounted"));
	tf_close(&t);
}

Test(r10_missiles, s10_8_t13_long_range)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(28, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[9], 2);
	cr_assert(tf_has_term(&v->deriv, 5, "long range"));
	tf_close(&t);
}

Test(r10_missiles, s10_8_out_of_range)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(32, ""));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	missile_phase(&t);
	cr_assert_null(tf_find(&t, BS_EV_VOLLEY, 0));
	cr_assert_str_eq(rejected(&t, 0)->cite, "[10.0]");
	tf_close(&t);
}

/* [8.4] the worked example, as a volley: 10 figures, AR 17 against AC 8,
 * 2d6 = 7: attack roll 16 on the D8 column, 6 HD each, 60 HD. */
Test(r10_missiles, s10_0_the_melee_procedure_with_the_missile_damage)
{
	struct tf t;
	open_battle(&t,
		    "catalog:\n  weapons:\n    - {name: test bow, kind: "
		    "missile, damage: d8, range: [7, 14, 21], rate: \"2\", "
		    "class: archer}\n",
		    UNIT("Archers", 10, "archer", "test bow", 36, 10, north, 5,
			 closed, "        commander: SC\n        thac0: 17\n"),
		    UNIT("Men", 12, "man-at-arms", "long sword", 36, 14, south,
			 6, closed, "        commander: NC\n        ac: 8\n"));
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_VOLLEY, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->deriv.value, 17);
	cr_assert_eq(v->n[1], 8);
	cr_assert_eq(v->n[2], 16);
	cr_assert_str_eq(v->what, "D8");
	cr_assert_eq(v->n[3], 60);
	cr_assert_eq(v->n[4], 600);
	cr_assert_eq(v->n[5], 6, "60 HD: six 10 HD figures [8.7]");
	tf_close(&t);
}

/* ---- [1.2] [1.5] the phases ---------------------------------------------- */

Test(r10_missiles, s1_5_missile_fire_before_artillery)
{
	struct tf t;
	open_battle(&t, NULL,
		    ARCHERS("long bow", "") UNIT(
			"Ballista", 1, "man-at-arms", "short sword", 40, 10,
			north, 1, skirmish, "        artillery: ballista\n"),
		    ORCS(20, ""));
	tf_volley(&t, BS_FIRE_ARTILLERY, 0, 1, 1, 0);
	tf_volley(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(&t, (int[]){3, 4, 3, 4}, 4);
	missile_phase(&t);
	cr_assert_eq(tf_count(&t, BS_EV_VOLLEY), 2);
	cr_assert_eq(tf_find(&t, BS_EV_VOLLEY, 0)->n[8], BS_FIRE_PHASE,
		     "[1.5] B. Missile Fire");
	cr_assert_eq(tf_find(&t, BS_EV_VOLLEY, 1)->n[8], BS_FIRE_ARTILLERY,
		     "[1.5] C. Artillery");
	tf_close(&t);
}

/* ---- terrain: sight [10.1] [11.9] and cover Table 13 [10.8] ---------------
 * On the terrain queries (include/battlesim/terrain.h): RULING R-495 for
 * what blocks a line, the terrain's R-447 (the edge of woods) and R-448
 * (in and behind). The units' front edges: archers y 10, orcs ORCS(y). */

#define FEATURE(name, type, more, pts)                                         \
	"  - name: " name "\n    type: " type "\n" more "    points: " pts "\n"
#define TERRAIN(features) "terrain:\n" features

/* An open-order unit of archers 15 figures at (36, 10) facing north. */
#define OPEN_ARCHERS(cre)                                                      \
	UNIT("Archers", 15, cre, "long bow, short sword", 36, 10, north, 5,    \
	     open, "        commander: SC\n")

/* The one volley of a Missile and Magic Phase, NULL when none fired. */
static const struct bs_event *phase_volley(struct tf *t)
{
	tf_volley(t, BS_FIRE_PHASE, 0, 0, 1, 0);
	tf_dice(t, (int[]){3, 4}, 2);
	missile_phase(t);
	return tf_find(t, BS_EV_VOLLEY, 0);
}

Test(r10_missiles, s10_8_t13_target_in_woods_at_their_edge)
{
	struct tf t;
	open_battle(&t,
		    TERRAIN(FEATURE("Oakwood", "woods", "",
				    "[[28, 14.9], [44, 14.9], [44, 30], "
				    "[28, 30]]")),
		    ARCHERS("long bow", ""),
		    UNIT("Orcs", 12, "orc", "long sword", 36, 15, south, 6,
			 open, "        commander: NC\n"));
	const struct bs_event *v = phase_volley(&t);
	/* [11.9] "can be used against units at the edge of the woods" */
	cr_assert_not_null(v, "the orcs at the edge of the woods are shot");
	/* [10.8] Table 13 "Target is in woods or behind hedge" +2, named */
	cr_assert(tf_has_term(&v->deriv, 2, "target in woods (Oakwood)"));
	cr_assert(tf_has_term(&v->deriv, 1, "open or skirmish"));
	/* R-495 [11.9]: the second rank stands deeper in the woods than the
	 * 1" the archers see; R-476's partly-visible +2 is not added on top
	 * of the cover it stands for */
	cr_assert_eq(v->n[7], 6, "only the front rank is seen");
	cr_assert_not(tf_has_term(&v->deriv, 2, "partly hidden"));
	cr_assert_eq(v->deriv.value, 21 + 1 + 2);
	tf_close(&t);
}

Test(r10_missiles, s11_9_no_missile_fire_at_units_in_the_woods)
{
	struct tf t;
	open_battle(&t,
		    TERRAIN(FEATURE("Oakwood", "woods", "",
				    "[[20, 12], [52, 12], [52, 40], "
				    "[20, 40]]")),
		    ARCHERS("long bow", ""),
		    UNIT("Orcs", 12, "orc", "long sword", 36, 16, south, 6,
			 open, "        commander: NC\n"));
	cr_assert_null(phase_volley(&t));
	const struct bs_event *r = rejected(&t, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(r->cite, "[11.9]");
	cr_assert(strstr(r->what, "in the woods"), "%s", r->what);
	tf_close(&t);
}

Test(r10_missiles, s11_9_units_in_woods_fire_only_from_the_edge)
{
	struct tf t;
	open_battle(&t,
		    TERRAIN(FEATURE("Oakwood", "woods", "",
				    "[[20, 0], [52, 0], [52, 12], [20, 12]]")),
		    OPEN_ARCHERS("archer"), ORCS(20, ""));
	cr_assert_null(phase_volley(&t), "2\" inside the woods: no fire");
	cr_assert_str_eq(rejected(&t, 0)->cite, "[11.9]");
	tf_close(&t);
}

Test(r10_missiles, s11_9_at_the_edge_of_woods_shooting_out)
{
	struct tf t;
	open_battle(&t,
		    TERRAIN(FEATURE("Oakwood", "woods", "",
				    "[[20, 0], [52, 0], [52, 10.5], "
				    "[20, 10.5]]")),
		    OPEN_ARCHERS("archer"), ORCS(20, ""));
	const struct bs_event *v = phase_volley(&t);
	cr_assert_not_null(v, "at the edge, shooting out of the woods");
	/* RULING R-495 [11.9] "sight ... only up to 1"": the second row
	 * stands more than 1" inside the woods and does not see out */
	cr_assert_eq(v->n[0], 5);
	tf_close(&t);
}

Test(r10_missiles, s11_9_woods_between_hide_beyond_1_inch_woodland_6)
{
	const char *woods =
	    TERRAIN(FEATURE("Thicket", "woods", "",
			    "[[20, 13], [52, 13], [52, 16], [20, 16]]"));
	struct tf t;
	open_battle(&t, woods, ARCHERS("long bow", ""), ORCS(20, ""));
	cr_assert_null(phase_volley(&t), "3\" of woods: men see 1\"");
	const struct bs_event *r = rejected(&t, 0);
	cr_assert_str_eq(r->cite, "[10.1] [11.9] RULING R-495");
	cr_assert(strstr(r->what, "terrain"), "%s", r->what);
	tf_close(&t);
	/* [11.9] "Elves and other woodland creatures can sight ... up to 6"
	 * in woods" */
	open_battle(&t, woods,
		    UNIT("Elves", 15, "elf", "long bow, short sword", 36, 10,
			 north, 5, closed, "        commander: SC\n"),
		    ORCS(20, ""));
	const struct bs_event *v = phase_volley(&t);
	cr_assert_not_null(v, "elves see through 3\" of woods");
	cr_assert_eq(v->n[0], 10);
	tf_close(&t);
}

#define RIDGE                                                                  \
	FEATURE("Ridge", "hill", "    elevation: 2\n",                         \
		"[[20, 12], [52, 12], [52, 13], [20, 13]]")

Test(r10_missiles, s10_1_a_hill_between_blocks_sight)
{
	struct tf t;
	open_battle(&t, TERRAIN(RIDGE), ARCHERS("long bow", ""), ORCS(20, ""));
	cr_assert_null(phase_volley(&t));
	cr_assert_str_eq(rejected(&t, 0)->cite, "[10.1] [11.9] RULING R-495");
	tf_close(&t);
	/* from higher ground the archers see over it */
	open_battle(
	    &t,
	    TERRAIN(FEATURE("Crag", "hill", "    elevation: 3\n",
			    "[[20, 0], [52, 0], [52, 11], [20, 11]]") RIDGE),
	    ARCHERS("long bow", ""), ORCS(20, ""));
	cr_assert_not_null(phase_volley(&t), "level 3 over a level-2 ridge");
	tf_close(&t);
}

Test(r10_missiles, s10_1_a_building_between_blocks_sight)
{
	struct tf t;
	open_battle(&t,
		    TERRAIN(FEATURE("Mill", "building", "",
				    "[[30, 12], [42, 12], [42, 14], "
				    "[30, 14]]")),
		    ARCHERS("long bow", ""), ORCS(20, ""));
	cr_assert_null(phase_volley(&t));
	cr_assert_str_eq(rejected(&t, 0)->cite, "[10.1] [11.9] RULING R-495");
	tf_close(&t);
}

Test(r10_missiles, s10_8_t13_target_behind_a_wall_or_hedge)
{
	const char *wall =
	    TERRAIN(FEATURE("Old wall", "wall", "",
			    "[[28, 14.2], [44, 14.2], [44, 14.6], "
			    "[28, 14.6]]"));
	struct tf t;
	open_battle(&t, wall, ARCHERS("long bow", ""), ORCS(15, ""));
	const struct bs_event *v = phase_volley(&t);
	cr_assert_not_null(v);
	/* Table 13 "Target is in building, behind wall" +4 */
	cr_assert(tf_has_term(&v->deriv, 4, "target behind wall (Old wall)"));
	cr_assert_eq(v->deriv.value, 21 + 4);
	cr_assert_eq(v->n[7], 12, "a wall hides nobody");
	tf_close(&t);
	const char *hedge =
	    TERRAIN(FEATURE("Hedgerow", "hedge", "",
			    "[[28, 14.2], [44, 14.2], [44, 14.6], "
			    "[28, 14.6]]"));
	open_battle(&t, hedge, ARCHERS("long bow", ""), ORCS(15, ""));
	v = phase_volley(&t);
	cr_assert_not_null(v);
	cr_assert(tf_has_term(&v->deriv, 2, "target behind hedge (Hedgerow)"));
	cr_assert_eq(v->deriv.value, 21 + 2);
	tf_close(&t);
}

/* Table 13 "Target is in building, behind wall, or in Shield Wall
 * formation ([11.6]) | +4": the orcs stand on a building. */
Test(r10_missiles, s10_8_t13_target_in_a_building)
{
	const char *mill =
	    TERRAIN(FEATURE("Old mill", "building", "",
			    "[[28, 14.5], [44, 14.5], [44, 30], [28, 30]]"));
	struct tf t;
	open_battle(&t, mill, ARCHERS("long bow", ""), ORCS(15, ""));
	const struct bs_event *v = phase_volley(&t);
	cr_assert_not_null(v, "a building the target stands in hides it not");
	cr_assert(tf_has_term(&v->deriv, 4, "target in building (Old mill)"));
	cr_assert_eq(v->deriv.value, 21 + 4);
	tf_close(&t);
	/* the same volley in the open: no +4 */
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(15, ""));
	v = phase_volley(&t);
	cr_assert_not_null(v);
	cr_assert_eq(v->deriv.value, 21);
	tf_close(&t);
}

/* [10.5] RULING R-374: after a split-fire step the rest of the move still
 * stops at the table edge (the move's obstacles, rebuilt after the volley,
 * keep the edges and the lone figures [9.4] it started with). */
Test(r10_missiles, s10_5_split_fire_then_the_table_edge_still_stops)
{
	struct tf t;
	open_battle(&t, NULL,
		    UNIT("Horse archers", 8, "man-at-arms", "short bow", 60, 20,
			 east, 4, closed,
			 "        commander: SC\n        mount: light "
			 "warhorse\n"),
		    UNIT("Orcs", 12, "orc", "long sword", 70, 30, west, 6,
			 closed, "        commander: NC\n"));
	double mv = tf_unit(&t, 0, 0)->r.mv;
	cr_assert_geq(mv, 16);
	struct bs_order o = split(2, mv / 2, 1, 0);
	tf_order(&t, 0, 0, &o);
	tf_dice(&t, (int[]){4, 4}, 2);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	const struct bs_event *r = rejected(&t, 0);
	cr_assert_null(r, "rejected: %s %s", r ? r->what : "",
		       r ? r->cite : "");
	cr_assert_not_null(tf_find(&t, BS_EV_VOLLEY, 0),
			   "[10.5] the split-fire volley");
	/* 60 + 2 + mv/2 would be past the east edge at 72 */
	cr_assert_leq(tf_unit(&t, 0, 0)->front.x, 72 + 1e-9,
		      "front at x = %g, beyond the table edge",
		      tf_unit(&t, 0, 0)->front.x);
	tf_close(&t);
}

/* [10.8] Table 13 "Target is in building, behind wall, or in Shield Wall
 * formation ([11.6])" +4; [11.6] "a bonus of 4 to AC against all normal
 * missile attacks ... no advantage to attacks from the flanks and rear":
 * a volley at a shield wall's front gets the row, one at its rear none;
 * behind a wall as well, the +4 once (RULING ). The orcs are
 * put in the formation here (its declaration: t_r11_formations.c). */
Test(r10_missiles, s10_8_s11_6_t13_target_in_shield_wall)
{
	struct tf t;
	open_battle(&t, NULL, ARCHERS("long bow", ""), ORCS(15, ""));
	tf_unit(&t, 1, 0)->special = BS_SPECIAL_SHIELD_WALL;
	const struct bs_event *v = phase_volley(&t);
	cr_assert_not_null(v);
	cr_assert(tf_has_term(&v->deriv, 4, "shield wall"));
	cr_assert_eq(v->deriv.value, 21 + 4);
	tf_close(&t);
	/* the wall's rear toward the archers */
	open_battle(&t, NULL, ARCHERS("long bow", ""),
		    UNIT("Orcs", 12, "orc", "long sword", 36, 13, north, 6,
			 closed, "        commander: NC\n"));
	tf_unit(&t, 1, 0)->special = BS_SPECIAL_SHIELD_WALL;
	v = phase_volley(&t);
	cr_assert_not_null(v);
	cr_assert(!tf_has_term(&v->deriv, 4, "shield wall"));
	cr_assert_eq(v->deriv.value, 21);
	tf_close(&t);
	/* behind a wall and in shield wall: one +4 */
	const char *wall =
	    TERRAIN(FEATURE("Old wall", "wall", "",
			    "[[28, 14.2], [44, 14.2], [44, 14.6], "
			    "[28, 14.6]]"));
	open_battle(&t, wall, ARCHERS("long bow", ""), ORCS(15, ""));
	tf_unit(&t, 1, 0)->special = BS_SPECIAL_SHIELD_WALL;
	v = phase_volley(&t);
	cr_assert_not_null(v);
	cr_assert(tf_has_term(&v->deriv, 4, "target behind wall (Old wall)"));
	cr_assert(!tf_has_term(&v->deriv, 4, "shield wall"));
	cr_assert_eq(v->deriv.value, 21 + 4);
	tf_close(&t);
}

/* ---- [9.2] [9.4 A] volleys at an individual standing alone (R-670) ----- */

#define ULF(hp, x, y)                                                          \
	"      - {name: Ulf, race: human, class: fighter, level: 5, hp: " #hp  \
	", ac: 4, position: [" #x ", " #y "]}\n"

/* A volley of (side, unit) at individual `indiv` of tside (RULING R-670). */
static void volley_at_indiv(struct tf *t, enum bs_fire_kind kind, int side,
			    int unit, int tside, int indiv)
{
	int k = t->nfire[side]++;
	t->fire[side][k].kind = kind;
	t->fire[side][k].o =
	    (struct bs_fire_order){unit, tside, indiv, -1, 0, NULL, 1};
}

/* [9.4 A] "The figure attacks using normal BATTLESYSTEM melee procedures.
 * Each hit die of damage caused by the figure causes 4 hit points of
 * damage to the Hero." RULING R-670: one figure of those that see him
 * shoots at a size M hero, AR 21 +2 medium range, AC 4, the long bow's D6
 * column; the hit points are taken at once [10.0]. */
Test(r10_missiles, s9_4_a_s10_0_ruling_r670_volley_wounds_a_hero_4_hp_per_hd)
{
	struct tf t;
	open_battle_i(&t, NULL, ARCHERS("long bow", ""), ORCS(40, ""),
		      ULF(30, 36, 20));
	volley_at_indiv(&t, BS_FIRE_PHASE, 0, 0, 1, 1);
	tf_dice(&t, (int[]){5, 2}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(v, "the archers shoot at Ulf");
	cr_assert_eq(v->n[8], 1, "a volley");
	cr_assert_eq(v->n[11], BS_FIRE_PHASE);
	cr_assert_eq(v->n[0], 1, "one figure at a size M hero");
	cr_assert_eq(v->n[9], 1, "medium range");
	cr_assert_eq(v->deriv.value, 21 + 2);
	cr_assert_eq(v->n[1], 4, "his AC");
	cr_assert_eq(v->n[2], 23 - 4 + 7);
	int hd = crt_hd("d6", 26);
	cr_assert_eq(v->n[4], hd);
	cr_assert_eq(v->n[5], bs1e_hero_hp_from_hd(hd), "4 hp a HD");
	cr_assert_gt(v->n[5], 0);
	cr_assert_eq(t.b->indivs[t.b->indiv_first[1] + 1].hp, 30 - v->n[5],
		     "taken at once");
	cr_assert_not_null(tf_find(&t, BS_EV_HP, 0));
	cr_assert_eq(tf_find(&t, BS_EV_VOLLEY, 0), NULL, "no unit struck");
	cr_assert_eq(tf_unit(&t, 0, 0)->shots, 1, "the shot is spent");
	tf_close(&t);
}

/* RULING R-670: a volley that takes his last hit points kills him. */
Test(r10_missiles, s9_4_a_ruling_r670_volley_kills_a_hero)
{
	struct tf t;
	open_battle_i(&t, NULL, ARCHERS("long bow", ""), ORCS(40, ""),
		      ULF(2, 36, 20));
	volley_at_indiv(&t, BS_FIRE_INITIAL, 0, 0, 1, 1);
	tf_dice(&t, (int[]){5, 2}, 2);
	initial(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(v);
	cr_assert_str_eq(v->cite, "[1.2] [10.2] [9.4 A] [10.0] RULING R-670");
	cr_assert_geq(v->n[5], 2);
	const struct bs_indiv_state *u = &t.b->indivs[t.b->indiv_first[1] + 1];
	cr_assert_eq(u->alive, 0, "killed by missile fire");
	tf_close(&t);
}

/* [13.3] "Some creatures are hit only by magic or silver weapons"
 * RULING R-730: a volley of normal arrows at a wight standing alone is
 * harmless (the plan says so, the AI's odds are nil): the shot is spent,
 * no attack roll, no hit points lost; magic arrows (a long bow +1) harm
 * him. */
Test(r10_missiles, s13_3_ruling_r730_a_volley_cannot_harm_a_wight_hero)
{
	for (int magic = 0; magic < 2; magic++) {
		struct tf t;
		open_battle_i(&t, NULL,
			      magic ? ARCHERS("{name: long bow, plus: 1}", "")
				    : ARCHERS("long bow", ""),
			      ORCS(40, ""),
			      "      - {name: Wil, race: wight, hp: 30, "
			      "position: [36, 20]}\n");
		struct bs1e_volley_plan p;
		bs1e_volley_plan_indiv(t.b, 0, 0, 1, 1, BS_FIRE_PHASE, -1, NULL,
				       &p);
		cr_assert(p.legal, "%s %s", p.why, p.cite);
		cr_assert_eq(p.harmless, !magic);
		volley_at_indiv(&t, BS_FIRE_PHASE, 0, 0, 1, 1);
		tf_dice(&t, (int[]){1, 1}, 2);
		missile_phase(&t);
		const struct bs_indiv_state *w =
		    &t.b->indivs[t.b->indiv_first[1] + 1];
		cr_assert_eq(tf_unit(&t, 0, 0)->shots, 1, "the shot is spent");
		if (!magic) {
			cr_assert_eq(p.expected_hp, 0);
			cr_assert_null(tf_find(&t, BS_EV_FIGURE_ATTACK, 0));
			int note = 0;
			for (int i = 0; i < t.nev; i++)
				note +=
				    t.evs[i].ev.type == BS_EV_NOTE &&
				    strstr(t.evs[i].what,
					   "its missiles cannot harm him") &&
				    !strcmp(t.evs[i].cite,
					    "[13.3] RULING R-730");
			cr_assert_eq(note, 1);
			cr_assert_eq(w->hp, 30);
		} else {
			cr_assert_gt(p.expected_hp, 0);
			const struct bs_event *v =
			    tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
			cr_assert_not_null(v);
			cr_assert_gt(v->n[5], 0);
			cr_assert_eq(w->hp, 30 - v->n[5]);
		}
		tf_close(&t);
	}
}

/* [9.4 A] "Up to 3 figures can attack a size L Hero at a time": three of
 * the ten archers that see the ogre shoot (RULING R-670). */
Test(r10_missiles, s9_4_a_ruling_r670_three_figures_at_a_size_l_hero)
{
	struct tf t;
	open_battle_i(&t, NULL, ARCHERS("long bow", ""), ORCS(40, ""),
		      "      - {name: Grut, race: ogre, hp: 40, ac: 4, "
		      "position: [36, 20]}\n");
	volley_at_indiv(&t, BS_FIRE_PHASE, 0, 0, 1, 1);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *v = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[0], 3, "three figures against size L");
	cr_assert_eq(v->n[4], 3 * v->n[3]);
	tf_close(&t);
}

/* [9.2] "Commanders who are physically separate from their units can be
 * attacked and killed as if they were Heroes"; one with his unit is no
 * target (RULING R-671); nor is artillery's. */
Test(r10_missiles, s9_2_ruling_r671_commander_alone_is_a_target_with_unit_not)
{
	struct tf t;
	open_battle_i(&t, NULL, ARCHERS("long bow", ""), ORCS(20, ""),
		      "      - {name: Gen, race: human, class: fighter, level: "
		      "5, abilities: {cha: 15}, hp: 30, ac: 4, rank: army, "
		      "position: [30, 22]}\n");
	struct bs1e_volley_plan p;
	bs1e_volley_plan_indiv(t.b, 0, 0, 1, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert_eq(p.legal, 0, "NC is with the orcs");
	cr_assert_str_eq(p.cite, "[9.2] [9.4] RULING R-671");
	cr_assert(bs1e_indiv_on_table(t.b, 1, 1), "the general stands alone");
	bs1e_volley_plan_indiv(t.b, 0, 0, 1, 1, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert(p.legal, "%s %s", p.why, p.cite);
	cr_assert_gt(p.expected_hp, 0);
	volley_at_indiv(&t, BS_FIRE_PHASE, 0, 0, 1, 0);
	volley_at_indiv(&t, BS_FIRE_PHASE, 0, 0, 1, 1);
	tf_dice(&t, (int[]){3, 4}, 2);
	missile_phase(&t);
	const struct bs_event *r = rejected(&t, 0);
	cr_assert_not_null(r);
	cr_assert_str_eq(r->cite, "[9.2] [9.4] RULING R-671");
	const struct bs_event *v = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(v, "the general is shot at");
	cr_assert_eq(v->tindiv, 1);
	tf_close(&t);
}

/* [10.0] [10.1] RULING R-670: out of range or out of sight (behind the
 * archers' 45-degree arc), as for a unit target. */
Test(r10_missiles, s10_1_ruling_r670_hero_out_of_range_or_sight_refused)
{
	struct tf t;
	open_battle_i(&t, NULL, ARCHERS("long bow", ""), ORCS(40, ""),
		      ULF(30, 36, 35) "      - {name: Ivo, race: human, "
				      "hp: 30, ac: 4, position: [36, 2]}\n");
	struct bs1e_volley_plan p;
	bs1e_volley_plan_indiv(t.b, 0, 0, 1, 1, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert_eq(p.legal, 0, "25\" away: beyond the long bow's 21\"");
	cr_assert_str_eq(p.cite, "[10.0]");
	bs1e_volley_plan_indiv(t.b, 0, 0, 1, 2, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert_eq(p.legal, 0, "behind the archers");
	cr_assert_str_eq(p.cite, "[10.1]");
	tf_close(&t);
}

/* [10.6] RULING R-670: pass-through fire at a moment of an enemy unit's
 * move may go at a hero standing alone. */
Test(r10_missiles, s10_6_ruling_r670_pass_through_fire_at_a_hero)
{
	struct tf t;
	open_battle_i(&t, NULL, ARCHERS("long bow", ""), ORCS(30, ""),
		      ULF(30, 30, 22));
	struct bs_order o = tf_advance(6, 0);
	tf_order(&t, 1, 0, &o);
	tf_pass(&t, 0, 0, 1, 1, 1, 0, 3);
	t.pt[0][0].o.at_indiv = 1;
	t.moves_first = 0;
	tf_dice(&t, (int[]){3, 4}, 2);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	const struct bs_event *v = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(v);
	cr_assert_eq(v->n[11], BS_FIRE_PASS_THROUGH);
	cr_assert_eq(v->phase, BS_PHASE_MOVEMENT);
	cr_assert_str_eq(v->cite, "[10.6] [9.4 A] [10.0] RULING R-670");
	cr_assert_eq(tf_unit(&t, 0, 0)->pass_through, 1);
	tf_close(&t);
}

/* RULING R-672: the doctrine shoots a lone hero when the part of his hit
 * points a volley is expected to take beats every unit's part of hit dice
 * (a wounded hero of 3 hp), not a hero of 200 hp. */
Test(r10_missiles, s9_4_a_ruling_r672_doctrine_shoots_a_lone_hero)
{
	struct tf t;
	open_battle_i(&t, NULL, ARCHERS("long bow", ""), ORCS(24, ""),
		      ULF(3, 30, 20));
	struct bs_fire_order out[4];
	int n = bs_ai_fire_cb(NULL, t.b, 0, BS_FIRE_PHASE, 0, out, 4);
	cr_assert_eq(n, 1);
	cr_assert_eq(out[0].at_indiv, 1, "the hero");
	cr_assert_eq(out[0].tside, 1);
	cr_assert_eq(out[0].tunit, 1);
	cr_assert_not_null(strstr(out[0].why, "R-672"));
	t.b->indivs[t.b->indiv_first[1] + 1].hp = 200;
	n = bs_ai_fire_cb(NULL, t.b, 0, BS_FIRE_PHASE, 0, out, 4);
	cr_assert_eq(n, 1);
	cr_assert_eq(out[0].at_indiv, 0, "the orcs");
	cr_assert_eq(out[0].tunit, 0);
	tf_close(&t);
}
