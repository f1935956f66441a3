/* Issue 16: [14.7] bonus and penalty spells (src/bs1e/r14_bonus.c): the
 * figures whose creatures a spell can all affect (RULING R-685), the
 * enchanted part of a unit fighting apart, the same spell not
 * added to itself and the doctrine's bonuses, bless on friends
 * not yet in melee, haste's double melee damage, the
 * expiry in the log. */
#include "ai/doctrine_int.h"
#include "battlesim/ai.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_missile.h"
#include "bs1e/engine.h"
#include "bs1e_fixture.h"

/* South: Guards (8 figures of ten men, frontage 4, front (30, 30) facing
 * north), Scouts (4 figures of two men, frontage 2, front (10, 30)), Line
 * (16 figures of two men in one rank, front (50, 30)); the cleric Cal (5th
 * level) at (cx, cy) with bless, prayer and the scenario's battle hymn
 * (a 30" radius: every figure), the magic-user Zan (zl-th
 * level) at (30, 24) with haste and `extra` (a spell of the scenario's
 * catalog). North: Orcs (8 figures of ten orcs, front (ox, oy) facing
 * south, frontage 8). */
static void open_bonus(struct tf *t, double cx, double cy, int zl, double ox,
		       double oy)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	snprintf(
	    y, 8192,
	    "name: Bonus\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 96, depth: 96}\n"
	    "catalog:\n  spells:\n"
	    "    - {name: blessing of one, class: magic-user, level: 1, "
	    "category: bonus-penalty, effect: bonus, range: 3, duration: 2 "
	    "rounds, casting_time: 1 segment, creatures: 1, save: none, "
	    "friends: {to_hit: 1}}\n"
	    "    - {name: battle hymn, class: cleric, level: 1, category: "
	    "bonus-penalty, effect: bonus, range: self, duration: 2 rounds, "
	    "casting_time: 1 segment, area: {shape: circle, radius: 90}, "
	    "save: none, friends: {to_hit: 1, morale: 1}, enemies: {saves: "
	    "-1}}\n"
	    "    - {name: war chant, class: magic-user, level: 1, category: "
	    "bonus-penalty, effect: bonus, range: self, duration: 2 rounds, "
	    "casting_time: 1 segment, area: {shape: circle, radius: 90}, "
	    "save: none, friends: {haste: 1}}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, ratio: "
	    "10, weapons: [spear], frontage: 4, position: [30, 30]}\n"
	    "      - {name: Scouts, figures: 4, creature: man-at-arms, ratio: "
	    "2, weapons: [spear], frontage: 2, position: [10, 30]}\n"
	    "      - {name: Line, figures: 16, creature: man-at-arms, ratio: "
	    "2, weapons: [spear], frontage: 16, position: [50, 30]}\n"
	    "    individuals:\n"
	    "      - {name: Cal, class: cleric, level: 5, hp: 30, "
	    "position: [%g, %g], spells: [bless, prayer, battle hymn]}\n"
	    "      - {name: Zan, class: magic-user, level: %d, hp: 20, "
	    "position: [30, 24], spells: [haste, blessing of one, war "
	    "chant]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 8, creature: orc, ratio: 10, "
	    "weapons: [spear], frontage: 8, position: [%g, %g]}\n",
	    cx, cy, zl, ox, oy);
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

static struct bs_cast_order order(struct tf *t, int k, const char *sp,
				  int tside, int tunit)
{
	const struct bs_spell *s = bs_scenario_spell(t->sc, sp, -1);
	cr_assert_not_null(s, "%s", sp);
	return (struct bs_cast_order){k, s, tside, tunit, -1, 0, 0, 0, NULL};
}

/* Order o aimed at (x, y) (RULING R-573). */
static struct bs_cast_order aimed(struct bs_cast_order o, double x, double y)
{
	o.aim = 1;
	o.x = x;
	o.y = y;
	return o;
}

/* The centre of the Guards' second figure of the front rank (4 files of
 * 3/4" bases 1/2" apart from x 27.75, the front at y 30). */
#define GX 29.375
#define GY 29.625

/* Move the Orcs' front to (x, y), facing south. */
static void orcs_to(struct tf *t, double x, double y)
{
	int h = tf_g(t, 1, 0);
	struct bs_tt_shape sh;
	struct bs_tt_pose po;
	bs1e_shape(t->b, h, &sh);
	bs1e_pose(t->b, h, &po);
	po.front = (struct bs_vec){x, y};
	bs1e_set_geom(t->b, h, &sh, &po);
}

static void cast_one(struct tf *t, struct bs_cast_order o)
{
	t->cast[0][0] = o;
	t->ncast[0] = 1;
	bs1e_casts(t->b, 0);
}

/* The CAST event of the bonus placed on unit (side, unit). */
static const struct bs_event *placed(struct tf *t, int side, int unit)
{
	for (int i = 0; i < t->nev; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		if (e->type == BS_EV_CAST && e->n[0] == 3 && e->tside == side &&
		    e->tunit == unit)
			return e;
	}
	return NULL;
}

/* [14.7] bless, +1 to hit, on one figure of the Guards (its 5" square is
 * 1 2/3" on the table, Table 17 [14.2]: one figure wholly in it, RULING
 * R-685), a Magic marker on it; the Orcs then charge home: the Guards'
 * attack is in two (RULING R-686), the blessed figure's with -1 AR
 * ("minuses are advantageous" [8.3]) in its derivation, cited [14.7]. */
Test(r14_bonus, s14_7_bless_minus_one_ar_in_the_derivation)
{
	struct tf t;
	open_bonus(&t, 30, 27, 10, 30, 60);
	int g = tf_g(&t, 0, 0);
	cast_one(&t, aimed(order(&t, 0, "bless", 0, 0), GX, GY));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = placed(&t, 0, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1, "one figure blessed, %s", e->why);
	cr_assert_eq(e->n[8], 6, "6 Game Rounds");
	cr_assert_eq(e->n[9], BS1E_MARKER_MAGIC);
	cr_assert_eq(bs1e_bonus_figs(t.b, g), 1);
	orcs_to(&t, 30, 30);
	cr_assert(bs1e_engaged(t.b, g));
	t.nev = 0;
	t.b->side_a = 0;
	t.b->side_order[0] = 0;
	t.b->side_order[1] = 1;
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	int parts = 0, with = 0, cited = 0;
	for (int i = 0; i < t.nev; i++) {
		const struct bs_event *a = &t.evs[i].ev;
		if (a->type != BS_EV_ATTACK || a->side != 0 || a->unit != 0)
			continue;
		parts++;
		if (tf_has_term(&a->deriv, -1, "bless")) {
			with++;
			cr_assert_eq(a->n[0], 1, "the blessed figure alone");
			for (int k = 0; k < a->deriv.nterms; k++)
				cited |= strstr(a->deriv.term[k].cite,
						"[14.7]") != NULL;
		}
	}
	cr_assert_eq(parts, 2, "the blessed figure attacks apart");
	cr_assert_eq(with, 1);
	cr_assert(cited, "[14.7] in the derivation");
	tf_close(&t);
}

/* [14.7] a bonus of every figure (the scenario's battle hymn): the unit's
 * one attack has the -1 AR; no Magic marker. */
Test(r14_bonus, s14_7_whole_unit_one_attack_minus_one_ar)
{
	struct tf t;
	open_bonus(&t, 30, 27, 10, 30, 60);
	int g = tf_g(&t, 0, 0), h = tf_g(&t, 1, 0);
	struct bs1e_attack_now before, after;
	cr_assert_eq(bs1e_attack_now(t.b, g, h, 0, &before), 0);
	cast_one(&t, order(&t, 0, "battle hymn", 0, 0));
	const struct bs_event *e = placed(&t, 0, 0);
	cr_assert_not_null(e, "%s", tf_rejected(&t));
	cr_assert_eq(e->n[7], 8);
	cr_assert_eq(e->n[9], BS1E_MARKER_NONE);
	cr_assert_eq(bs1e_attack_now(t.b, g, h, 0, &after), 0);
	cr_assert(tf_has_term(&after.ar, -1, "battle hymn"));
	cr_assert_eq(after.ar.value, before.ar.value - 1);
	cr_assert_eq(bs1e_bonus_part_end(t.b, g, 0, 4), 4, "one part");
	tf_close(&t);
}

/* [14.7] +1 morale [4.1] of every figure: the ML of the unit's morale
 * check; RULING R-686: a bonus of part of the unit (bless on one figure)
 * does not. */
Test(r14_bonus, s14_7_bless_plus_one_ml_of_morale_checks)
{
	struct tf t;
	open_bonus(&t, 30, 27, 10, 30, 60);
	int g = tf_g(&t, 0, 0);
	struct bs_deriv d0, d1;
	bs1e_current_morale(t.b, g, 0, 0, 1, &d0);
	cast_one(&t, aimed(order(&t, 0, "bless", 0, 0), GX, GY));
	cr_assert_eq(bs1e_bonus_figs(t.b, g), 1);
	bs1e_current_morale(t.b, g, 0, 0, 1, &d1);
	cr_assert_eq(d1.value, d0.value, "part of the unit: no");
	t.b->indivs[t.b->indiv_first[0]].flags &= ~BS_IF_CAST;
	t.b->round++;
	cast_one(&t, order(&t, 0, "battle hymn", 0, 0));
	bs1e_current_morale(t.b, g, 0, 0, 1, &d1);
	cr_assert(tf_has_term(&d1, 1, "battle hymn"));
	cr_assert_eq(d1.value, d0.value + 1);
	tf_close(&t);
}

/* RULING R-688: bless is for "friends not yet in melee": the Guards in
 * contact with the Orcs are not blessed, in the log. */
Test(r14_bonus, s14_7_bless_not_on_a_unit_in_melee_r688)
{
	struct tf t;
	/* the Orcs' front against the Guards' */
	open_bonus(&t, 30, 27, 10, 30, 30);
	cr_assert(bs1e_engaged(t.b, tf_g(&t, 0, 0)));
	cast_one(&t, order(&t, 0, "bless", 0, 0));
	const struct bs_event *e = placed(&t, 0, 0);
	cr_assert_not_null(e, "%s", tf_rejected(&t));
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "R-688"), "%s", e->why);
	cr_assert_eq(bs1e_bonus_figs(t.b, tf_g(&t, 0, 0)), 0);
	tf_close(&t);
}

/* [14.7] "It takes 10 protection from fire spells to benefit a 10:1
 * figure; but a single haste spell cast by a 10th level magic-user could
 * affect all 10 creatures represented by the figure": haste (1 creature
 * a level) by a 5th level magic-user on the 10:1 Guards has no effect
 * (RULING R-685); by a 10th level one it hastes one figure, a Magic
 * marker on it. */
Test(r14_bonus, s14_7_ten_to_one_figure_all_its_creatures_r685)
{
	struct tf t;
	open_bonus(&t, 30, 27, 5, 30, 60);
	cast_one(&t, aimed(order(&t, 1, "haste", 0, 0), GX, GY));
	const struct bs_event *e = placed(&t, 0, 0);
	cr_assert_not_null(e, "%s", tf_rejected(&t));
	cr_assert_eq(e->n[2], 5, "5 creatures");
	cr_assert_eq(e->n[7], 0, "no figure hasted");
	cr_assert(strstr(e->why, "R-685"), "%s", e->why);
	tf_close(&t);
	open_bonus(&t, 30, 27, 10, 30, 60);
	cast_one(&t, aimed(order(&t, 1, "haste", 0, 0), GX, GY));
	e = placed(&t, 0, 0);
	cr_assert_not_null(e, "%s", tf_rejected(&t));
	cr_assert_eq(e->n[2], 10);
	cr_assert_eq(e->n[7], 1, "one 10:1 figure hasted");
	cr_assert_eq(e->n[9], BS1E_MARKER_MAGIC);
	cr_assert_eq(e->n[8], 13, "3 + 1/level rounds");
	tf_close(&t);
}

/* RULING R-685: a spell of one creature (the scenario's "blessing of
 * one") cannot affect both men of a 2:1 figure: no effect; units have no
 * 1:1 figures [2.6]; on an individual standing alone it works by AD&D
 * rules (RULING R-615): Cal has +1 to hit. */
Test(r14_bonus, s14_7_one_creature_spell_no_effect_on_a_2_to_1_figure_r685)
{
	struct tf t;
	open_bonus(&t, 30, 27, 10, 30, 60);
	t.b->indivs[t.b->indiv_first[0] + 1].pos = (struct bs_vec){10, 28};
	cast_one(&t, order(&t, 1, "blessing of one", 0, 1));
	const struct bs_event *e = placed(&t, 0, 1);
	cr_assert_not_null(e, "%s", tf_rejected(&t));
	cr_assert_eq(e->n[2], 1, "1 creature");
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "R-685"), "%s", e->why);
	cr_assert_eq(bs1e_bonus_figs(t.b, tf_g(&t, 0, 1)), 0);
	tf_close(&t);
	open_bonus(&t, 30, 27, 10, 30, 60);
	struct bs_cast_order o = order(&t, 1, "blessing of one", 0, -1);
	o.tindiv = 0;
	cast_one(&t, o);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_eq(
	    bs1e_bonus_indiv_to_hit(t.b, t.b->indiv_first[0], -1, NULL, NULL),
	    1);
	tf_close(&t);
}

/* [1.0] End of Game Round, RULING R-620: bless lasts 6 Game Rounds, the
 * round of the cast the first; the 6th end removes it, in the log, and
 * the AR is back. */
Test(r14_bonus, s14_7_bless_expires_after_six_rounds_r620)
{
	struct tf t;
	open_bonus(&t, 30, 27, 10, 30, 60);
	int g = tf_g(&t, 0, 0), h = tf_g(&t, 1, 0);
	cast_one(&t, aimed(order(&t, 0, "bless", 0, 0), GX, GY));
	for (int r = 1; r <= 5; r++) {
		bs1e_bonus_end_round(t.b);
		t.b->round++;
	}
	cr_assert_eq(bs1e_bonus_figs(t.b, g), 1, "still blessed");
	cr_assert_null(tf_cast_ev(&t, 4, 0));
	bs1e_bonus_end_round(t.b);
	const struct bs_event *e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[10], 6, "lasted 6 Game Rounds");
	cr_assert(strstr(e->cite, "[14.7]"));
	cr_assert_eq(bs1e_bonus_figs(t.b, g), 0);
	struct bs1e_attack_now a;
	cr_assert_eq(bs1e_attack_now(t.b, g, h, 0, &a), 0);
	cr_assert(!tf_has_term(&a.ar, -1, "bless"));
	cr_assert_eq(bs1e_bonus_part_end(t.b, g, 0, 4), 4, "one part again");
	tf_close(&t);
}

/* RULING R-687: a second battle hymn on the Guards adds nothing. */
Test(r14_bonus, s14_7_same_spell_not_added_to_itself_r687)
{
	struct tf t;
	open_bonus(&t, 30, 27, 10, 30, 60);
	cast_one(&t, order(&t, 0, "battle hymn", 0, 0));
	cr_assert_eq(bs1e_bonus_figs(t.b, tf_g(&t, 0, 0)), 8);
	/* Cal has one bless: a second one placed through its plan */
	struct bs1e_cast_plan p;
	struct bs_cast_order o = order(&t, 0, "battle hymn", 0, 0);
	memset(&p, 0, sizeof p);
	p.legal = 1;
	p.fails = 0;
	p.level = 5;
	p.sp = o.spell;
	p.k = t.b->indiv_first[0];
	p.tg = tf_g(&t, 0, 0);
	p.tk = -1;
	p.has_area = 0;
	bs1e_bonus_cast(t.b, &p);
	struct bs1e_attack_now a;
	cr_assert_eq(
	    bs1e_attack_now(t.b, tf_g(&t, 0, 0), tf_g(&t, 1, 0), 0, &a), 0);
	int n = 0;
	for (int i = 0; i < a.ar.nterms; i++)
		n += strstr(a.ar.term[i].label, "battle hymn") != NULL;
	cr_assert_eq(n, 1, "one bless term");
	tf_close(&t);
}

/* [14.7] "If only part of a unit is affected, that part fights separately
 * ... combat rolls and damage are figured for the enchanted and
 * non-enchanted figures separately": prayer about Cal (6" radius) covers
 * part of the 16-figure Line in contact with the Orcs; RULING R-686: the
 * Line's attack is two, each with its own 2d6, the enchanted one with
 * the -1 AR of prayer, the other without; the figures add up. */
Test(r14_bonus, s14_7_partial_unit_fights_apart_r686)
{
	struct tf t;
	open_bonus(&t, 50, 28.9, 10, 50, 30);
	int g = tf_g(&t, 0, 2), h = tf_g(&t, 1, 0);
	cr_assert(bs1e_engaged(t.b, g));
	cast_one(&t, order(&t, 0, "prayer", 0, 2));
	const struct bs_event *e = placed(&t, 0, 2);
	cr_assert_not_null(e, "%s", tf_rejected(&t));
	int ench = e->n[7];
	cr_assert(ench > 0 && ench < 16, "part of the Line: %d", ench);
	cr_assert_eq(e->n[9], BS1E_MARKER_MAGIC);
	struct bs1e_attack_now whole;
	cr_assert_eq(bs1e_attack_now(t.b, g, h, 0, &whole), 0);
	int eligible = whole.figures;
	t.nev = 0;
	t.b->side_a = 0;
	t.b->side_order[0] = 0;
	t.b->side_order[1] = 1;
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	int parts = 0, with = 0, figs = 0;
	for (int i = 0; i < t.nev; i++) {
		const struct bs_event *a = &t.evs[i].ev;
		if (a->type != BS_EV_ATTACK || a->side != 0 || a->unit != 2)
			continue;
		parts++;
		figs += a->n[0];
		if (tf_has_term(&a->deriv, -1, "prayer")) {
			with++;
			cr_assert(a->n[0] <= ench);
		}
	}
	cr_assert_eq(parts, 2, "the enchanted figures attack apart");
	cr_assert_eq(with, 1);
	cr_assert_eq(figs, eligible);
	tf_close(&t);
}

/* [14.7] enemies -1 to saving throws (the battle hymn's): the Orcs'
 * number against a hold is one worse, in its derivation. */
Test(r14_bonus, s14_7_enemies_minus_one_to_saves)
{
	struct tf t;
	/* Cal just before the Orcs, all 8 of their figures in 6" */
	open_bonus(&t, 30, 27, 10, 30, 40);
	int h = tf_g(&t, 1, 0);
	const struct bs_spell *hold =
	    bs_scenario_spell(t.sc, "hold person", -1);
	cr_assert_not_null(hold);
	struct bs_deriv d0, d1;
	int n0 = bs1e_cast_unit_save(t.b, h, hold, &d0);
	/* at the Guards (the Orcs are beyond them: no line of sight) */
	cast_one(&t, order(&t, 0, "battle hymn", 0, 0));
	const struct bs_event *e = placed(&t, 1, 0);
	cr_assert_not_null(e, "%s", tf_rejected(&t));
	cr_assert_eq(e->n[7], 8, "%d of the Orcs' figures", e->n[7]);
	int n1 = bs1e_cast_unit_save(t.b, h, hold, &d1);
	cr_assert_eq(n1, n0 + 1);
	cr_assert(tf_has_term(&d1, 1, "battle hymn"));
	tf_close(&t);
}

/* RULING R-689: haste, "melee for double damage": every reading of the
 * hasted figures' attack doubled. */
Test(r14_bonus, s14_7_haste_doubles_melee_damage_r689)
{
	struct tf t;
	open_bonus(&t, 30, 27, 10, 30, 60);
	int g = tf_g(&t, 0, 1), h = tf_g(&t, 1, 0);
	(void)h;
	t.b->indivs[t.b->indiv_first[0] + 1].pos = (struct bs_vec){10, 28};
	/* the Scouts' first figure: x 9 to 9.75, y 29.25 to 30 */
	cast_one(&t, aimed(order(&t, 1, "haste", 0, 1), 9.375, 29.625));
	const struct bs_event *e = placed(&t, 0, 1);
	cr_assert_not_null(e, "%s", tf_rejected(&t));
	cr_assert_eq(e->n[2], 10, "10 creatures");
	cr_assert_eq(e->n[7], 1, "one figure in its 1 1/3\" square");
	cr_assert(bs1e_bonus_to_hit(t.b, g, 0, NULL), "hasted: doubled");
	cr_assert(!bs1e_bonus_to_hit(t.b, g, 1, NULL), "the others not");
	cr_assert(!bs1e_bonus_to_hit(t.b, g, -1, NULL), "not every figure");
	tf_close(&t);
}

/* RULING R-687: the doctrine blesses a friend about to fight (the Orcs
 * within 12" of the Guards), with its reason. */
Test(r14_bonus, s14_7_doctrine_blesses_a_unit_about_to_fight_r687)
{
	struct tf t;
	open_bonus(&t, 30, 27, 10, 30, 40);
	struct bs_cast_order out[4];
	int n = bs_ai_cast_cb(NULL, t.b, 0, out, 4);
	int blessed = 0;
	for (int i = 0; i < n; i++)
		if (out[i].indiv == 0) {
			cr_assert_eq(out[i].tside, 0);
			cr_assert(strstr(out[i].why, "R-687"), "%s",
				  out[i].why);
			blessed = 1;
		}
	cr_assert(blessed, "Cal casts");
	tf_close(&t);
	/* nobody near: no bonus */
	open_bonus(&t, 30, 27, 10, 30, 90);
	n = bs_ai_cast_cb(NULL, t.b, 0, out, 4);
	for (int i = 0; i < n; i++)
		cr_assert_neq(out[i].indiv, 0, "no enemy near: no bless");
	tf_close(&t);
}

/* ---- on individuals (RULING R-615) ----------------------------------------
 */

/* An Advanced Game duel: South's Ada (fighter 1, AC 10, 90 hp) at
 * (36, 20), North's Bors the same at (36, 20.5) (in contact: [9.4 B]
 * individual combat); South's cleric Cal (5th) at (cx, cy) with prayer
 * and "blessing of one" (+1 to hit, one creature, range 3), the
 * magic-user Zan (10th) at (31, 20) with haste; units far in the
 * corners. */
/* The duel's sides as far as Ada and the heading of North's individuals
 * (open_duel, open_resist). */
#define DUEL_SOUTH                                                             \
	"  - name: South\n    edge: south\n    units:\n"                       \
	"      - {name: Far S, figures: 8, creature: man-at-arms, weapons: "   \
	"[long sword], position: [4, 3]}\n"                                    \
	"    individuals:\n"                                                   \
	"      - {name: Ada, class: fighter, level: 1, hp: 90, ac: 10, "       \
	"weapon: long sword, position: [36, 20]}\n"
#define DUEL_NORTH                                                             \
	"  - name: North\n    edge: north\n    units:\n"                       \
	"      - {name: Far N, figures: 8, creature: man-at-arms, weapons: "   \
	"[long sword], position: [68, 45]}\n"                                  \
	"    individuals:\n"

static void open_duel(struct tf *t, double cx, double cy)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	snprintf(
	    y, 8192,
	    "name: Duel\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 48}\n"
	    "catalog:\n  spells:\n"
	    "    - {name: blessing of one, class: cleric, level: 1, "
	    "category: bonus-penalty, effect: bonus, range: 3, duration: 2 "
	    "rounds, casting_time: 1 segment, creatures: 1, save: none, "
	    "friends: {to_hit: 1}}\n"
	    "sides:\n" DUEL_SOUTH
	    "      - {name: Cal, class: cleric, level: 5, hp: 30, "
	    "position: [%g, %g], spells: [prayer, blessing of one]}\n"
	    "      - {name: Zan, class: magic-user, level: 10, hp: 20, "
	    "position: [31, 20], spells: [haste]}\n" DUEL_NORTH
	    "      - {name: Bors, class: fighter, level: 1, hp: 90, ac: 10, "
	    "weapon: long sword, position: [36, 20.5]}\n",
	    cx, cy);
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	t->b->round = 1;
	t->b->side_a = 0;
	t->b->side_order[0] = 0;
	t->b->side_order[1] = 1;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

static struct bs_cast_order at_indiv(struct tf *t, int k, const char *sp,
				     int tside, int tindiv)
{
	struct bs_cast_order o = order(t, k, sp, tside, -1);
	o.tindiv = tindiv;
	return o;
}

static void duel_melee(struct tf *t)
{
	t->nev = 0;
	tf_phase(t, BS_PHASE_MELEE);
	bs1e_phase_melee(t->b);
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
}

/* [14.7] "A bonus or penalty spell used on a figure representing a single
 * individual works according to normal AD&D game rules" (RULING R-615):
 * Cal's blessing of one on Ada, standing alone: its CAST event at her (1
 * enchanted, no marker, cited R-615); in the [9.4 B] duel her d20 needs
 * THAC0 20 - AC 10 = 10 less 1: a 9 hits, the term in the derivation. */
Test(r14_bonus, s14_7_bonus_on_an_individual_to_hit_in_individual_combat_r615)
{
	struct tf t;
	open_duel(&t, 36, 18);
	int ada = t.b->indiv_first[0];
	cast_one(&t, at_indiv(&t, 1, "blessing of one", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = NULL;
	for (int i = 0; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_CAST && t.evs[i].ev.n[0] == 3)
			e = &t.evs[i].ev;
	cr_assert_not_null(e);
	cr_assert_eq(e->tside, 0);
	cr_assert_eq(e->tindiv, 0, "at Ada");
	cr_assert_eq(e->n[7], 1);
	cr_assert_eq(e->n[9], BS1E_MARKER_NONE);
	cr_assert(strstr(e->cite, "R-615"), "%s", e->cite);
	cr_assert_eq(bs1e_bonus_indiv_to_hit(t.b, ada, -1, NULL, NULL), 1);
	/* Ada 6 and Bors 1 on initiative; Ada's 9 hits (d8 5), Bors' 1
	 * misses; then the same twice */
	tf_dice(&t, (int[]){6, 1, 9, 5, 1, 6, 1, 9, 5, 1, 6, 1, 9, 5, 1}, 15);
	duel_melee(&t);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_not_null(d);
	cr_assert_eq(d->side, 0);
	cr_assert(tf_has_term(&d->deriv, -1, "blessing of one"));
	cr_assert_eq(d->n[2], 1, "9 hits");
	cr_assert_eq(t.b->indivs[t.b->indiv_first[1]].hp, 90 - 15);
	tf_close(&t);
}

/* RULING R-615: at an enemy individual a friends-only bonus does nothing:
 * REJECTED, nothing spent. */
Test(r14_bonus, s14_7_friends_bonus_not_at_an_enemy_individual_r615)
{
	struct tf t;
	open_duel(&t, 36, 18);
	cast_one(&t, at_indiv(&t, 1, "blessing of one", 1, 0));
	cr_assert(tf_rejected(&t) &&
		      strstr(tf_rejected(&t), "nothing to enemies"),
		  "%s", tf_rejected(&t));
	tf_close(&t);
}

/* RULING R-615: haste on an individual doubles his attacks (the AD&D
 * spell): Ada (one attack a round) strikes twice in each of the three
 * AD&D rounds of the Melee Round [9.4 B], a NOTE each round; Bors once. */
Test(r14_bonus, s14_7_haste_doubles_an_individuals_attacks_r615)
{
	struct tf t;
	open_duel(&t, 60, 40);
	int ada = t.b->indiv_first[0];
	cast_one(&t, at_indiv(&t, 2, "haste", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	int hasted = 0;
	bs1e_bonus_indiv_to_hit(t.b, ada, -1, NULL, &hasted);
	cr_assert(hasted);
	int d[64], n = 0;
	for (int r = 0; r < 3; r++) {
		d[n++] = 6; /* Ada first */
		d[n++] = 1;
		d[n++] = 1; /* Ada misses twice */
		d[n++] = 1;
		d[n++] = 1; /* Bors misses */
	}
	tf_dice(&t, d, (size_t)n);
	duel_melee(&t);
	int mine = 0, his = 0, notes = 0;
	for (int i = 0; i < t.nev; i++) {
		const struct bs_event *e = &t.evs[i].ev;
		if (e->type == BS_EV_DUEL)
			e->side == 0 ? mine++ : his++;
		if (e->type == BS_EV_NOTE && e->what &&
		    strstr(e->what, "attacks doubled"))
			notes++;
	}
	cr_assert_eq(mine, 6, "2 a round");
	cr_assert_eq(his, 3);
	cr_assert_eq(notes, 3);
	tf_close(&t);
}

/* RULING R-615: prayer (a 6" radius about Cal, 2" on the table, Table 17)
 * on the individuals standing alone wholly in it: Ada +1 to hit and to
 * her saving throws [14.3]; Bors, the enemy, -1 to both when wholly in
 * it. */
Test(r14_bonus, s14_7_prayer_on_individuals_to_hit_and_saves_r615)
{
	struct tf t;
	open_duel(&t, 36, 19.5);
	int ada = t.b->indiv_first[0], bors = t.b->indiv_first[1];
	cast_one(&t, order(&t, 1, "prayer", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	struct bs_deriv dd;
	bs_deriv_init(&dd, 10, "save", NULL, NULL);
	cr_assert_eq(bs1e_bonus_indiv_saves(t.b, ada, &dd), 1);
	cr_assert(tf_has_term(&dd, -1, "prayer"));
	cr_assert_eq(bs1e_bonus_indiv_to_hit(t.b, ada, -1, NULL, NULL), 1);
	cr_assert_eq(bs1e_bonus_indiv_saves(t.b, bors, NULL), -1);
	cr_assert_eq(bs1e_bonus_indiv_to_hit(t.b, bors, -1, NULL, NULL), -1);
	tf_close(&t);
}

/* [1.7] RULING: the bonus on an individual runs its Game
 * Rounds (blessing of one: 2) and ends in the log at him. */
Test(r14_bonus, s14_7_bonus_on_an_individual_expires_r615)
{
	struct tf t;
	open_duel(&t, 36, 18);
	int ada = t.b->indiv_first[0];
	cast_one(&t, at_indiv(&t, 1, "blessing of one", 0, 0));
	bs1e_bonus_end_round(t.b);
	t.b->round++;
	cr_assert_eq(bs1e_bonus_indiv_to_hit(t.b, ada, -1, NULL, NULL), 1);
	bs1e_bonus_end_round(t.b);
	const struct bs_event *e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->tindiv, 0);
	cr_assert_eq(e->n[10], 2, "lasted 2 Game Rounds");
	cr_assert_eq(bs1e_bonus_indiv_to_hit(t.b, ada, -1, NULL, NULL), 0);
	tf_close(&t);
}

/* RULING: the doctrine puts a bonus on the friend standing
 * alone about to fight worth the most (his hit points, his HD at 4.5 a
 * die): Zan hastes Ada (90 hp, in contact with Bors), not himself (20),
 * with its reason. */
Test(r14_bonus, s14_7_doctrine_hastes_a_lone_hero_r615)
{
	struct tf t;
	open_duel(&t, 60, 40);
	struct bs_cast_order out[4];
	int n = bs_ai_cast_cb(NULL, t.b, 0, out, 4);
	int found = 0;
	for (int i = 0; i < n; i++)
		if (out[i].indiv == 2 && out[i].tindiv == 0) {
			cr_assert_eq(out[i].tside, 0);
			cr_assert(strstr(out[i].why, "R-615"), "%s",
				  out[i].why);
			found = 1;
		}
	cr_assert(found, "Zan hastes Ada");
	tf_close(&t);
}

/* ---- haste's double move (RULING R-616) -----------------------------------
 */

/* [14.7] "Haste spells ... allow a figure to ... make a double move, or
 * ... melee for double damage" (RULING R-616): a unit every figure of
 * which is hasted (the scenario's war chant, a 30" radius about Zan) has
 * twice its MV; the Guards advance 20" (MV 12) in one Movement Phase;
 * having made the double move, their melee is not doubled this Game
 * Round. A unit hasted in part (haste on one Scouts figure) moves at its
 * MV. */
Test(r14_bonus, s14_7_haste_double_move_of_a_wholly_hasted_unit_r616)
{
	struct tf t;
	open_bonus(&t, 30, 27, 10, 30, 60);
	int g = tf_g(&t, 0, 0);
	cr_assert_float_eq(bs1e_bonus_mv_factor(t.b, g), 1.0, 1e-9);
	cast_one(&t, order(&t, 1, "war chant", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_float_eq(bs1e_bonus_mv_factor(t.b, g), 2.0, 1e-9);
	cr_assert(bs1e_bonus_to_hit(t.b, g, -1, NULL), "hasted");
	struct bs_order o = {.kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1};
	o.nsteps = 1;
	o.step[0] = (struct bs_step){.kind = BS_STEP_ADVANCE, .dist = 20};
	tf_order(&t, 0, 0, &o);
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_eq(tf_count(&t, BS_EV_REJECTED), 0, "%s", tf_rejected(&t));
	const struct bs_unit_state *u = &t.b->units[g];
	cr_assert_gt(u->r.mv, 0);
	cr_assert_lt(u->r.mv, 20);
	cr_assert_float_eq(u->mv_spent, 20, 1e-6, "the double move");
	cr_assert(!bs1e_bonus_to_hit(t.b, g, -1, NULL),
		  "a double move: no double damage this Game Round");
	tf_close(&t);
	/* haste on one figure of the Scouts: no double move */
	open_bonus(&t, 30, 27, 10, 30, 60);
	t.b->indivs[t.b->indiv_first[0] + 1].pos = (struct bs_vec){10, 28};
	cast_one(&t, aimed(order(&t, 1, "haste", 0, 1), 9.375, 29.625));
	cr_assert_eq(bs1e_bonus_figs(t.b, tf_g(&t, 0, 1)), 1);
	cr_assert_float_eq(bs1e_bonus_mv_factor(t.b, tf_g(&t, 0, 1)), 1.0,
			   1e-9);
	tf_close(&t);
}

/* [14.1] "Spell-casters cannot move during the same Game Round in which
 * they cast spells, unless affected by a potion of speed or a haste
 * spell"; [14.7] "make its full move and also cast spells" (RULING
 * Cal, hasted and standing alone, who moved (no more than his
 * MV), still casts; not hasted, he may not. */
Test(r14_bonus, s14_1_hasted_caster_moves_and_casts_r616)
{
	struct tf t;
	open_duel(&t, 36, 10);
	int cal = t.b->indiv_first[0] + 1;
	t.b->indivs[cal].flags |= BS_IF_MOVED;
	bs1e_sc(t.b)->ix[cal].moved = 3;
	cast_one(&t, order(&t, 1, "prayer", 0, 0));
	cr_assert(tf_rejected(&t) && strstr(tf_rejected(&t), "moved"), "%s",
		  tf_rejected(&t));
	cr_assert(!bs1e_bonus_casts_moving(t.b, cal));
	t.nev = 0;
	/* Zan (at 31, 20) hastes him where he stands */
	t.b->indivs[cal].pos = (struct bs_vec){31, 17};
	cast_one(&t, at_indiv(&t, 2, "haste", 0, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert(bs1e_bonus_casts_moving(t.b, cal));
	t.nev = 0;
	cast_one(&t, order(&t, 1, "prayer", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_not_null(tf_cast_ev(&t, 0, 0), "he casts");
	tf_close(&t);
}

/* RULING R-615 in [9.4 A] (a hero attacking a figure): Ada (fighter 8th,
 * 3/2 attacks [8.6]) in contact with an orc unit, blessed (blessing of
 * one) and hasted: her AR has the -1 term cited [14.7], and her attacks
 * of the round are doubled (rate 15 -> 30), a NOTE says so. */
Test(r14_bonus, s14_7_hasted_blessed_hero_attacks_a_figure_r615)
{
	struct tf t;
	tf_open(
	    &t,
	    "name: Hero\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 48}\n"
	    "catalog:\n  spells:\n"
	    "    - {name: blessing of one, class: cleric, level: 1, "
	    "category: bonus-penalty, effect: bonus, range: 3, duration: 2 "
	    "rounds, casting_time: 1 segment, creatures: 1, save: none, "
	    "friends: {to_hit: 1}}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Far S, figures: 8, creature: man-at-arms, "
	    "weapons: [long sword], position: [4, 3]}\n"
	    "    individuals:\n"
	    "      - {name: Ada, class: fighter, level: 8, hp: 60, ac: 2, "
	    "weapon: long sword, position: [36, 20]}\n"
	    "      - {name: Cal, class: cleric, level: 5, hp: 30, "
	    "position: [34, 18], spells: [blessing of one]}\n"
	    "      - {name: Zan, class: magic-user, level: 10, hp: 20, "
	    "position: [31, 20], spells: [haste]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 8, creature: orc, weapons: [long "
	    "sword], position: [36.25, 20], facing: west, frontage: 4, "
	    "commander: Og}\n"
	    "    individuals:\n"
	    "      - {name: Og, race: orc, hp: 8, rank: unit}\n");
	t.ctl.cast = tf_cast;
	t.b->round = 1;
	t.b->side_a = 0;
	t.b->side_order[0] = 0;
	t.b->side_order[1] = 1;
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	cast_one(&t, at_indiv(&t, 2, "haste", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cast_one(&t, at_indiv(&t, 1, "blessing of one", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	tf_dice(&t, (int[]){1, 1, 6, 6, 1, 1, 6, 6}, 8);
	duel_melee(&t);
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_not_null(h);
	cr_assert_eq(h->n[0], 30, "3/2 attacks doubled");
	cr_assert(tf_has_term(&h->deriv, -1, "blessing of one"));
	int notes = 0;
	for (int i = 0; i < t.nev; i++)
		notes += t.evs[i].ev.type == BS_EV_NOTE && t.evs[i].ev.what &&
			 strstr(t.evs[i].ev.what, "attacks doubled") != NULL;
	cr_assert_eq(notes, 1);
	tf_close(&t);
}

/* ---- slow (RULING R-617) and a lone individual's double move (R-619) -----
 */

/* South: Guards (8 figures of ten men, frontage 4, front (30, 30)), Ada
 * (fighter 1, 90 hp) at (36, 20), the magic-user Zan (10th) at (30, 24)
 * with `spells`; North: Orcs (8 figures of ten orcs, frontage 8, front
 * (30, 40) facing south: within 12" of the Guards), Bors (fighter 1, 90
 * hp) at (36, 20.5), in contact with Ada. The scenario's molasses (slow on
 * enemies, no save, a 30" radius), drag (slow on friends, no save) and
 * rush (haste on friends), all in a 30" radius. */
static void open_slow(struct tf *t, const char *spells)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	snprintf(
	    y, 8192,
	    "name: Slow\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 72}\n"
	    "catalog:\n  spells:\n"
	    "    - {name: molasses, class: magic-user, level: 1, category: "
	    "bonus-penalty, effect: penalty, range: 60, duration: 2 rounds, "
	    "casting_time: 1 segment, area: {shape: circle, radius: 90}, "
	    "save: none, enemies: {slow: 1}}\n"
	    "    - {name: drag, class: magic-user, level: 1, category: "
	    "bonus-penalty, effect: penalty, range: self, duration: 2 rounds, "
	    "casting_time: 1 segment, area: {shape: circle, radius: 90}, "
	    "save: none, friends: {slow: 1}}\n"
	    "    - {name: rush, class: magic-user, level: 1, category: "
	    "bonus-penalty, effect: bonus, range: self, duration: 2 rounds, "
	    "casting_time: 1 segment, area: {shape: circle, radius: 90}, "
	    "save: none, friends: {haste: 1}}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, ratio: "
	    "10, weapons: [spear], frontage: 4, position: [30, 30]}\n"
	    "    individuals:\n"
	    "      - {name: Ada, class: fighter, level: 1, hp: 90, ac: 10, "
	    "weapon: long sword, position: [36, 20]}\n"
	    "      - {name: Zan, class: magic-user, level: 10, hp: 20, "
	    "position: [30, 36], spells: [%s]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 8, creature: orc, ratio: 10, "
	    "weapons: [spear], frontage: 8, position: [30, 40]}\n"
	    "    individuals:\n"
	    "      - {name: Bors, class: fighter, level: 1, hp: 90, ac: 10, "
	    "weapon: long sword, position: [36, 20.5]}\n",
	    spells);
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	t->b->round = 1;
	t->b->side_a = 0;
	t->b->side_order[0] = 0;
	t->b->side_order[1] = 1;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* [14.7] slow, "half movement and half attacks" (the AD&D spell, RULING
 * every Orc figure slowed (no Magic marker: all are), the unit at
 * half its MV, its melee at half attacks (attacks 1/2 in its spec, cited
 * R-617); Bors, the enemy standing alone in the area, slowed too;
 * the Guards and Ada, friends, untouched (an `enemies:` spell). */
Test(r14_bonus, s14_7_slow_half_mv_and_half_attacks_of_a_unit_r617)
{
	struct tf t;
	open_slow(&t, "molasses");
	int g = tf_g(&t, 0, 0), h = tf_g(&t, 1, 0);
	int ada = t.b->indiv_first[0], bors = t.b->indiv_first[1];
	cast_one(&t, order(&t, 1, "molasses", 1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = placed(&t, 1, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 8, "every figure slowed, %s", e->why);
	cr_assert_eq(e->n[9], BS1E_MARKER_NONE);
	cr_assert(strstr(e->cite, "R-617"), "%s", e->cite);
	cr_assert_float_eq(bs1e_bonus_mv_factor(t.b, h), 0.5, 1e-9);
	cr_assert_eq(bs1e_bonus_to_hit(t.b, h, -1, NULL), -1);
	cr_assert_float_eq(bs1e_bonus_mv_factor(t.b, g), 1.0, 1e-9);
	cr_assert_eq(bs1e_bonus_to_hit(t.b, g, -1, NULL), 0);
	cr_assert_null(placed(&t, 0, 0));
	cr_assert_eq(bs1e_hasted_now(t.b, bors), -1);
	cr_assert_eq(bs1e_hasted_now(t.b, ada), 0);
	orcs_to(&t, 30, 30);
	struct bs1e_attack_now an;
	cr_assert_eq(bs1e_attack_now(t.b, h, g, 0, &an), 0);
	cr_assert_eq(an.spec.attacks_den, 2, "half attacks");
	cr_assert_eq(bs1e_attack_now(t.b, g, h, 0, &an), 0);
	cr_assert_leq(an.spec.attacks_den, 1, "the Guards' whole");
	tf_close(&t);
}

/* RULING R-617: a unit slowed in part moves at half MV (it moves as one
 * body, at its slowest figures' pace); slow "negates a haste spell": the
 * Guards and Ada hasted (rush) and slowed (drag) are neither. */
Test(r14_bonus, s14_7_slow_negates_haste_r617)
{
	struct tf t;
	open_slow(&t, "rush, drag");
	int g = tf_g(&t, 0, 0), ada = t.b->indiv_first[0];
	cast_one(&t, order(&t, 1, "rush", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_float_eq(bs1e_bonus_mv_factor(t.b, g), 2.0, 1e-9);
	cr_assert_eq(bs1e_hasted_now(t.b, ada), 1);
	t.b->round++;
	t.b->indivs[t.b->indiv_first[0] + 1].flags &= ~BS_IF_CAST;
	cast_one(&t, order(&t, 1, "drag", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_float_eq(bs1e_bonus_mv_factor(t.b, g), 1.0, 1e-9);
	cr_assert_eq(bs1e_bonus_to_hit(t.b, g, -1, NULL), 0);
	cr_assert_eq(bs1e_hasted_now(t.b, ada), 0);
	cr_assert_float_eq(bs1e_bonus_indiv_mv_factor(t.b, ada), 1.0, 1e-9);
	tf_close(&t);
}

/* [14.3] "Make a separate saving throw roll for each figure in the spell
 * area" (RULING R-617): the catalog's slow (save vs spell negates) at one
 * Orc figure (1 creature a level: the 10th-level Zan's 10 orcs, one
 * figure, R-685): a 20 saves it (no effect, its die in the event), a 1
 * fails (the figure slowed, a Magic marker). */
Test(r14_bonus, s14_7_slow_a_saving_throw_a_figure_r617)
{
	for (int die = 1; die <= 20; die += 19) {
		struct tf t;
		open_slow(&t, "slow");
		int h = tf_g(&t, 1, 0);
		int d[4] = {die, die, die, die};
		tf_dice(&t, d, 4);
		/* the fifth Orc figure's centre (open formation: 1 3/16"
		 * a file from x 25.25) */
		cast_one(&t,
			 aimed(order(&t, 1, "slow", 1, 0), 30.59375, 40.375));
		cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
		const struct bs_event *e = placed(&t, 1, 0);
		cr_assert_not_null(e);
		cr_assert_eq(e->n[5], 1, "one figure rolls, %s", e->why);
		cr_assert_eq(e->ndice, 1);
		cr_assert_eq(e->dice[0], die);
		cr_assert_eq(e->n[6], die == 20);
		cr_assert_eq(e->n[7], die == 1);
		cr_assert_eq(bs1e_bonus_figs(t.b, h), die == 1);
		if (die == 20)
			cr_assert(strstr(e->why, "saved"), "%s", e->why);
		else
			cr_assert_eq(e->n[9], BS1E_MARKER_MAGIC);
		tf_close(&t);
	}
}

/* RULING: slow on Bors standing alone: his own saving throw
 * (a 1 fails), his MV halved (the move allowed him), his attacks in the
 * [9.4 B] duel halved: 1/2 a round is one in the three AD&D rounds of a
 * Game Round, the note each round. */
Test(r14_bonus, s14_7_slow_on_a_lone_individual_r617)
{
	struct tf t;
	open_slow(&t, "slow");
	int bors = t.b->indiv_first[1];
	int one = 1;
	tf_dice(&t, &one, 1);
	cast_one(&t, at_indiv(&t, 1, "slow", 1, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1, "%s", e->why);
	cr_assert(strstr(e->cite, "R-617"), "%s", e->cite);
	cr_assert_eq(bs1e_hasted_now(t.b, bors), -1);
	double mv = t.b->indivs[bors].mv;
	cr_assert_float_eq(bs1e_indiv_mv_allowed(t.b, 1, 0), mv / 2, 1e-9);
	int d[64];
	for (int i = 0; i < 64; i++)
		d[i] = i % 2 ? 1 : 6;
	tf_dice(&t, d, 64);
	duel_melee(&t);
	int his = 0, notes = 0;
	for (int i = 0; i < t.nev; i++) {
		const struct bs_event *v = &t.evs[i].ev;
		if (v->type == BS_EV_DUEL && v->side == 1)
			his++;
		if (v->type == BS_EV_NOTE && v->what &&
		    strstr(v->what, "attacks halved"))
			notes++;
	}
	cr_assert_eq(his, 1, "one attack in three AD&D rounds");
	cr_assert_eq(notes, 3);
	tf_close(&t);
}

/* [14.7] "make a double move, or ... melee for double damage" for a lone
 * individual (RULING R-619, R-616's choice): Ada hasted moves twice her MV
 * (a move of 1.5 MV allowed, refused unhasted); having moved more than
 * her MV her attacks are not doubled, no more than it they are. */
Test(r14_bonus, s14_7_hasted_individual_double_move_r619)
{
	struct tf t;
	open_slow(&t, "haste");
	int ada = t.b->indiv_first[0];
	double mv = t.b->indivs[ada].mv;
	t.b->indivs[t.b->indiv_first[1]].pos = (struct bs_vec){60, 60};
	struct bs_indiv_order far = {.move = 1, .x = 36, .y = 20 - 1.5 * mv};
	struct bs1e_indiv_outcome oc;
	cr_assert(!bs1e_check_indiv_move(t.b, 0, 0, &far, &oc));
	t.b->indivs[ada + 1].pos = (struct bs_vec){37, 21};
	cast_one(&t, at_indiv(&t, 1, "haste", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_float_eq(bs1e_bonus_indiv_mv_factor(t.b, ada), 2.0, 1e-9);
	cr_assert_float_eq(bs1e_indiv_mv_allowed(t.b, 0, 0), 2 * mv, 1e-9);
	cr_assert(bs1e_check_indiv_move(t.b, 0, 0, &far, &oc), "%s", oc.why);
	cr_assert_eq(bs1e_hasted_now(t.b, ada), 1);
	bs1e_sc(t.b)->ix[ada].moved = mv;
	cr_assert_eq(bs1e_hasted_now(t.b, ada), 1, "no more than his MV");
	bs1e_sc(t.b)->ix[ada].moved = 1.5 * mv;
	cr_assert_eq(bs1e_hasted_now(t.b, ada), 0, "a double move");
	tf_close(&t);
}

/* RULING R-617: the doctrine casts slow at enemies about to fight, by the
 * chance they fail their saves, with its reason (docs/AI.md). */
Test(r14_bonus, s14_7_doctrine_slows_enemies_r617)
{
	struct tf t;
	open_slow(&t, "slow");
	struct bs_cast_order out[4];
	int n = bs_ai_cast_cb(NULL, t.b, 0, out, 4);
	int found = 0;
	for (int i = 0; i < n; i++)
		if (out[i].indiv == 1) {
			cr_assert_eq(out[i].tside, 1, "at the enemy");
			cr_assert(strstr(out[i].why, "R-617"), "%s",
				  out[i].why);
			found = 1;
		}
	cr_assert(found, "Zan casts slow");
	tf_close(&t);
}

/* ---- protection from normal missiles (RULING R-618) -----------------------
 */

/* Scenario y open at Game Round 1's Missile and Magic Phase, the casts
 * from t->cast, every unit's shots of the round ready. */
static void open_missile_step(struct tf *t, const char *y)
{
	tf_open(t, y);
	t->ctl.cast = tf_cast;
	t->b->round = 1;
	for (int g = 0; g < t->b->nunits; g++)
		bs1e_missile_new_round(t->b, g);
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* [14.7] "A bonus or penalty spell used on a figure representing a single
 * individual works according to normal AD&D game rules" (RULING R-618):
 * Zan (10th, 30 hp) touches himself with protection from normal missiles
 * (one creature, 10 turns: 100 Game Rounds); the Bows' volley at him (2d6
 * of 12) does him no harm, with a note; cast at a unit it
 * does nothing (played on a lone individual only; R-685 too: one
 * creature, a figure of two). */
Test(r14_bonus, s14_7_protection_from_normal_missiles_on_an_individual_r618)
{
	struct tf t;
	const char *y =
	    "name: Missiles\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Ones, figures: 4, creature: man-at-arms, ratio: 2, "
	    "weapons: [spear], position: [30, 29.5]}\n"
	    "    individuals:\n"
	    "      - {name: Zan, class: magic-user, level: 10, hp: 30, ac: 10, "
	    "position: [30, 30], spells: [protection from normal missiles, "
	    "protection from normal missiles]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Bows, figures: 6, creature: man-at-arms, "
	    "weapons: [long bow], frontage: 6, position: [30, 44]}\n";
	open_missile_step(&t, y);
	int zan = t.b->indiv_first[0];
	const struct bs_spell *sp =
	    bs_scenario_spell(t.sc, "protection from normal missiles", -1);
	cr_assert_not_null(sp);
	cr_assert(bs_spell_bonus_played(sp));
	cast_one(&t, at_indiv(&t, 0, "protection from normal missiles", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1);
	cr_assert_eq(e->n[8], 100, "10 turns");
	cr_assert(bs1e_bonus_missile_proof(t.b, zan));
	int d[2] = {6, 6};
	tf_dice(&t, d, 2);
	t.nev = 0;
	bs1e_fire_indiv(t.b, tf_g(&t, 1, 0), zan, BS_FIRE_PHASE, -1, NULL,
			"at Zan");
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_eq(t.b->indivs[zan].hp, 30, "no harm");
	int notes = 0;
	for (int i = 0; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_NOTE && t.evs[i].ev.what &&
		    strstr(t.evs[i].ev.what, "normal missiles"))
			notes++;
	cr_assert_eq(notes, 1);
	/* at a unit: nothing (touching the Ones) */
	t.b->indivs[zan].flags &= ~BS_IF_CAST;
	t.b->indivs[zan].pos = (struct bs_vec){30, 29.75};
	t.nev = 0;
	cast_one(&t, order(&t, 0, "protection from normal missiles", 0, 0));
	e = placed(&t, 0, 0);
	cr_assert_not_null(e, "%s", tf_rejected(&t));
	cr_assert_eq(e->n[7], 0);
	cr_assert_eq(bs1e_bonus_figs(t.b, tf_g(&t, 0, 0)), 0);
	tf_close(&t);
}

/* RULING R-618: the PH's "-1 from each die of damage" of large or magic
 * missiles: Zan so protected, the hero Hob's long bow +1 (d6 + 1) at him,
 * the d20 a 20 and the die a 4: 5 less 1 (one die), 4 hit points; a note
 * says so; unprotected the same shot does 5. */
Test(r14_bonus,
     s14_7_protection_from_normal_missiles_magic_arrow_less_a_die_r618)
{
	int hp[2];
	for (int ward = 0; ward < 2; ward++) {
		struct tf t;
		const char *y =
		    "name: Missiles\nrules: bs1e\nlevel: advanced\ngame: "
		    "adnd\ntable: {width: 72, depth: 96}\n"
		    "sides:\n"
		    "  - name: South\n    edge: south\n    units:\n"
		    "      - {name: Far S, figures: 4, creature: man-at-arms, "
		    "weapons: [spear], position: [4, 3]}\n"
		    "    individuals:\n"
		    "      - {name: Zan, class: magic-user, level: 10, hp: 30, "
		    "ac: 10, position: [30, 30], spells: [protection from "
		    "normal missiles]}\n"
		    "  - name: North\n    edge: north\n    units:\n"
		    "      - {name: Far N, figures: 4, creature: man-at-arms, "
		    "weapons: [spear], position: [68, 92]}\n"
		    "    individuals:\n"
		    "      - {name: Hob, class: fighter, level: 1, hp: 30, ac: "
		    "10, weapon: {name: long bow, plus: 1}, position: [30, "
		    "36]}\n";
		tf_open(&t, y);
		t.ctl.cast = tf_cast;
		t.ctl.fire_indiv = tf_shots;
		t.b->round = 1;
		tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
		int zan = t.b->indiv_first[0];
		if (ward) {
			cast_one(&t, at_indiv(&t, 0,
					      "protection from normal missiles",
					      0, 0));
			cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
			cr_assert(bs1e_bonus_missile_proof(t.b, zan));
		}
		t.shot[1][0] =
		    (struct bs_indiv_fire_order){0, 0, -1, 0, "test", 0};
		t.nshot[1] = 1;
		tf_dice(&t, (int[]){20, 4}, 2);
		t.nev = 0;
		bs1e_heroes_fire(t.b, 1, BS_FIRE_PHASE);
		cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
		cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
		int notes = 0;
		for (int i = 0; i < t.nev; i++)
			if (t.evs[i].ev.type == BS_EV_NOTE &&
			    t.evs[i].ev.what &&
			    strstr(t.evs[i].ev.what, "1 less (1 a die)"))
				notes++;
		cr_assert_eq(notes, ward);
		hp[ward] = t.b->indivs[zan].hp;
		tf_close(&t);
	}
	cr_assert_eq(hp[0], 30 - 5);
	cr_assert_eq(hp[1], 30 - 4);
}

/* ---- curse (RULING R-734) -------------------------------------------------
 */

/* South: Guards (8 figures of ten men at (30, 30) facing north), the
 * cleric Cal (5th) at (28, 36) with curse; North: Band (4 figures of ten
 * kobolds, 1/2" bases [2.3] two by two, front (30, by) facing south, its
 * commander Kob: in command, close order), Orcs (8 figures far off). */
static void open_curse(struct tf *t, double by)
{
	char y[2048];
	snprintf(
	    y, sizeof y,
	    "name: Curse\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 96, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, ratio: "
	    "10, weapons: [spear], frontage: 4, position: [30, 30]}\n"
	    "    individuals:\n"
	    "      - {name: Cal, class: cleric, level: 5, hp: 30, "
	    "position: [28, 36], spells: [curse, curse]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Band, figures: 4, creature: kobold, ratio: 10, "
	    "weapons: [spear], frontage: 2, position: [30, %g], commander: "
	    "Kob}\n"
	    "      - {name: Orcs, figures: 8, creature: orc, ratio: 10, "
	    "weapons: [spear], frontage: 8, position: [70, 80]}\n"
	    "    individuals:\n"
	    "      - {name: Kob, class: fighter, level: 1, hp: 8, rank: "
	    "unit}\n",
	    by);
	tf_open(t, y);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* The centre of the Band's block. */
static struct bs_vec band_centre(struct tf *t)
{
	struct bs_quad q = bs1e_quad(t->b, tf_g(t, 1, 0));
	struct bs_vec c = {0, 0};
	for (int i = 0; i < 4; i++) {
		c.x += q.p[i].x / 4;
		c.y += q.p[i].y / 4;
	}
	return c;
}

/* [14.7] curse, bless reversed (the PH: "a curse upon enemies which
 * lowers morale and 'to hit' by -1"), its own record (RULING R-734): on
 * the Band's four small figures (wholly in the 5" square, 1 2/3" on the
 * table, Table 17): every figure of it, so no Magic marker; its attack's AR
 * +1 with the term cited [14.7], its morale check's ML -1 [4.1]; the
 * Guards (friends) are not touched. */
Test(r14_bonus, s14_7_curse_minus_one_to_hit_and_morale_of_enemies_r734)
{
	struct tf t;
	open_curse(&t, 40);
	int g = tf_g(&t, 0, 0), h = tf_g(&t, 1, 0);
	const struct bs_spell *sp = bs_scenario_spell(t.sc, "curse", -1);
	cr_assert_not_null(sp);
	cr_assert(bs_spell_bonus_played(sp), "curse is played");
	cr_assert(bs_spell_played(sp), "no `spells` warning for it");
	struct bs1e_attack_now before, after;
	cr_assert_eq(bs1e_attack_now(t.b, h, g, 0, &before), 0);
	struct bs_deriv m0, m1;
	bs1e_current_morale(t.b, h, 0, 0, 1, &m0);
	struct bs_vec c = band_centre(&t);
	cast_one(&t, aimed(order(&t, 0, "curse", 1, 0), c.x, c.y));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = placed(&t, 1, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 4, "%s", e->why);
	cr_assert_eq(e->n[8], 6, "6 Game Rounds, bless's");
	cr_assert_eq(e->n[9], BS1E_MARKER_NONE, "every figure");
	cr_assert_eq(bs1e_attack_now(t.b, h, g, 0, &after), 0);
	cr_assert(tf_has_term(&after.ar, 1, "curse"));
	cr_assert_eq(after.ar.value, before.ar.value + 1);
	bs1e_current_morale(t.b, h, 0, 0, 1, &m1);
	cr_assert(tf_has_term(&m1, -1, "curse"));
	cr_assert_eq(m1.value, m0.value - 1);
	cr_assert_null(placed(&t, 0, 0), "not on friends");
	cr_assert_eq(bs1e_bonus_figs(t.b, g), 0);
	tf_close(&t);
}

/* RULING R-734: like bless, curse is for those not yet in melee:
 * the Band in contact with the Guards is not cursed, in the log. */
Test(r14_bonus, s14_7_curse_not_on_enemies_in_melee_r734)
{
	struct tf t;
	open_curse(&t, 30);
	int h = tf_g(&t, 1, 0);
	cr_assert(bs1e_engaged(t.b, h));
	struct bs_vec c = band_centre(&t);
	cast_one(&t, aimed(order(&t, 0, "curse", 1, 0), c.x, c.y));
	const struct bs_event *e = placed(&t, 1, 0);
	cr_assert_not_null(e, "%s", tf_rejected(&t));
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "R-734"), "%s", e->why);
	cr_assert_eq(bs1e_bonus_figs(t.b, h), 0);
	tf_close(&t);
}

/* ---- resist fire, resist cold (RULING R-735) ------------------------------
 */

/* A 72" x 48" Advanced Game `name`: the duel's South (DUEL_SOUTH) with
 * the cleric Cal (5th) at (36, 19.5) touching Ada, his `spells`. */
#define CAL_BY_ADA(name, spells)                                               \
	"name: " name "\nrules: bs1e\nlevel: advanced\ngame: adnd\n"           \
	"table: {width: 72, depth: 48}\n"                                      \
	"sides:\n" DUEL_SOUTH "      - {name: Cal, class: cleric, level: 5, "  \
	"hp: 30, position: [36, 19.5], spells: [" spells "]}\n"

/* South: Ada (fighter 1, 90 hp) at (36, 20), the cleric Cal (5th) at
 * (36, 19.5) touching her, with resist fire and resist cold; North: the
 * magic-user Mage (10th) at (36, 30) with fireball; units far off. */
static void open_resist(struct tf *t)
{
	const char *y =
	    CAL_BY_ADA("Resist", "resist cold, resist fire") DUEL_NORTH
	    "      - {name: Mage, class: magic-user, level: 10, hp: 30, "
	    "position: [36, 30], spells: [fireball]}\n";
	tf_open(t, y);
	t->ctl.cast = tf_cast;
	t->b->round = 1;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* Cal (South's individual 1) touches Ada with `spell`, not rejected. */
static void cal_touches_ada(struct tf *t, const char *spell)
{
	cast_one(t, at_indiv(t, 1, spell, 0, 0));
	cr_assert_null(tf_rejected(t), "%s", tf_rejected(t));
}

/* The `individual` step of a cast at Ada (South's individual 0). */
static const struct bs_event *ada_struck(struct tf *t)
{
	for (int i = 0; i < t->nev; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		if (e->type == BS_EV_CAST && e->n[0] == 2 && e->tside == 0 &&
		    e->tindiv == 0)
			return e;
	}
	return NULL;
}

/* Cal, touching the unit Far S, casts `spell` at it: no effect, the
 * reason names `ruling`. */
static void no_effect_on_far_s(struct tf *t, const char *spell,
			       const char *ruling)
{
	t->b->indivs[t->b->indiv_first[0] + 1].pos = (struct bs_vec){4, 3.25};
	cast_one(t, order(t, 1, spell, 0, 0));
	const struct bs_event *e = placed(t, 0, 0);
	cr_assert_not_null(e, "%s", tf_rejected(t));
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, ruling), "%s", e->why);
}

/* The Mage's fireball at Ada (Cal taken far off first), the 10d6 all 6s
 * and her save die d20; the `individual` step of the cast. */
static const struct bs_event *fireball_at_ada(struct tf *t, int d20)
{
	t->b->indivs[t->b->indiv_first[0] + 1].pos = (struct bs_vec){60, 4};
	int d[11];
	for (int i = 0; i < 10; i++)
		d[i] = 6;
	d[10] = d20;
	tf_dice(t, d, 11);
	t->nev = 0;
	struct bs_cast_order o = at_indiv(t, 0, "fireball", 0, 0);
	t->cast[1][0] = o;
	t->ncast[1] = 1;
	bs1e_casts(t->b, 1);
	cr_assert_null(tf_rejected(t), "%s", tf_rejected(t));
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
	return ada_struck(t);
}

/* [14.7] "A bonus or penalty spell used on a figure representing a single
 * individual works according to normal AD&D game rules" (RULING R-615,
 * resist fire on Ada (the PH: "+3 on saving throws against such
 * attack forms, and all damage sustained is reduced by 50%"): a 10th
 * level fireball of 60 hp; her save vs spell 17 less 3 needs 14: the 15
 * saves, half (30, R-571) halved again: 15 taken, the +3 in the save's
 * derivation, `resisted` in the event. */
Test(r14_bonus, s14_7_resist_fire_half_damage_and_plus_three_saves_r735)
{
	struct tf t;
	open_resist(&t);
	int ada = t.b->indiv_first[0];
	cal_touches_ada(&t, "resist fire");
	const struct bs_event *c = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[7], 1, "%s", c->why);
	cr_assert_eq(c->n[8], 50, "5 turns");
	cr_assert(bs1e_bonus_indiv_resists(t.b, ada, BS_ELEM_FIRE, NULL));
	cr_assert(!bs1e_bonus_indiv_resists(t.b, ada, BS_ELEM_COLD, NULL));
	const struct bs_event *e = fireball_at_ada(&t, 15);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[1], 60, "10d6");
	cr_assert_eq(e->n[7], 14, "17 less 3");
	cr_assert_eq(e->n[3], 1, "15 saves");
	cr_assert_eq(e->n[4], 15, "a quarter");
	cr_assert_eq(e->n[8], 1, "resisted");
	cr_assert(tf_has_term(&e->deriv, -3, "resist fire"));
	cr_assert_eq(t.b->indivs[ada].hp, 75);
	tf_close(&t);
}

/* RULING R-735: resist cold does nothing against fire: Ada so warded takes
 * the fireball's 60 hp (her 15 fails the 17 she needs); the record's
 * element decides. */
Test(r14_bonus, s14_7_resist_cold_not_against_fire_r735)
{
	struct tf t;
	open_resist(&t);
	int ada = t.b->indiv_first[0];
	cal_touches_ada(&t, "resist cold");
	cr_assert(bs1e_bonus_indiv_resists(t.b, ada, BS_ELEM_COLD, NULL));
	const struct bs_event *e = fireball_at_ada(&t, 15);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 17);
	cr_assert_eq(e->n[3], 0);
	cr_assert_eq(e->n[4], 60);
	cr_assert_eq(e->n[8], 0);
	cr_assert_eq(t.b->indivs[ada].hp, 30);
	tf_close(&t);
}

/* RULING R-738: resist fire at a unit touches one creature of a figure:
 * one cast enchants no figure of ten, in the log (t_r14_wards.c: ten
 * do). */
Test(r14_bonus, s14_7_resist_fire_one_cast_no_figure_of_a_unit_r738)
{
	struct tf t;
	open_resist(&t);
	no_effect_on_far_s(&t, "resist fire", "R-738");
	tf_close(&t);
}

/* RULING R-735: `resist:` is against the record's element: a record
 * without one is a located error. */
Test(r14_bonus, s14_7_resist_needs_an_element_r735)
{
	const char *y = "name: t\n"
			"catalog:\n  spells:\n"
			"    - name: ward\n"
			"      class: cleric\n"
			"      level: 1\n"
			"      category: bonus-penalty\n"
			"      effect: bonus\n"
			"      range: touch\n"
			"      friends: {resist: 1}\n"
			"sides:\n  - name: A\n    edge: south\n"
			"  - name: B\n    edge: north\n";
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_scenario *s = NULL;
	enum bs_status st =
	    bs_scenario_load_string(y, strlen(y), "t.yaml", &s, &d);
	cr_assert_eq(st, BS_ERR_INPUT);
	int found = 0;
	for (size_t i = 0; i < d.count; i++)
		found |= d.items[i].line == 10 &&
			 strstr(d.items[i].msg, "write element:") != NULL;
	cr_assert(found, "the error at the friends: line");
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* ---- haste's and slow's missiles (RULING R-736) ---------------------------
 */

/* South: Bows (6 figures of men with long bows, frontage 6, front (30, 30)
 * facing north), the magic-user Zan (10th) at (30, 27) with "quickening"
 * (haste of every friend within 30"); North: Orcs (8 figures, front (30,
 * 44) facing south), the magic-user Nix (10th) at (36, 50) with
 * "lethargy" (slow of every enemy within 30", no save). */
static void open_bows(struct tf *t)
{
	const char *y =
	    "name: Bows\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 96, depth: 96}\n"
	    "catalog:\n  spells:\n"
	    "    - {name: quickening, class: magic-user, level: 1, category: "
	    "bonus-penalty, effect: bonus, range: self, duration: 2 rounds, "
	    "casting_time: 1 segment, area: {shape: circle, radius: 90}, "
	    "save: none, friends: {haste: 1}}\n"
	    "    - {name: lethargy, class: magic-user, level: 1, category: "
	    "bonus-penalty, effect: penalty, range: self, duration: 2 rounds, "
	    "casting_time: 1 segment, area: {shape: circle, radius: 90}, "
	    "save: none, enemies: {slow: 1}}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Bows, figures: 6, creature: man-at-arms, "
	    "weapons: [long bow], frontage: 6, position: [30, 30]}\n"
	    "    individuals:\n"
	    "      - {name: Zan, class: magic-user, level: 10, hp: 20, "
	    "position: [30, 27], spells: [quickening]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 8, creature: orc, weapons: [spear], "
	    "frontage: 8, position: [30, 44]}\n"
	    "    individuals:\n"
	    "      - {name: Nix, class: magic-user, level: 10, hp: 20, "
	    "position: [36, 50], spells: [lethargy]}\n";
	open_missile_step(t, y);
}

/* The Bows' volley at the Orcs on a 2d6 of 5 + 4: its VOLLEY event. */
static const struct bs_event *bows_fire(struct tf *t)
{
	tf_dice(t, (int[]){5, 4}, 2);
	t->nev = 0;
	cr_assert_eq(bs1e_fire(t->b, tf_g(t, 0, 0), tf_g(t, 1, 0),
			       BS_FIRE_PHASE, -1, NULL, "test"),
		     1, "%s", tf_rejected(t));
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
	return tf_find(t, BS_EV_VOLLEY, 0);
}

/* [14.7] "Haste spells ... allow a figure to ... fire missiles or melee
 * for double damage" (RULING R-736): the same 9 at the Orcs does twice
 * the HD from the Bows wholly hasted (the event's `bonus_damage`); then
 * "or": having so fired, the Bows' melee this Game Round is not doubled
 * (it was before the volley). */
Test(r14_bonus, s14_7_haste_missiles_for_double_damage_r736)
{
	struct tf t;
	open_bows(&t);
	const struct bs_event *e = bows_fire(&t);
	cr_assert_not_null(e);
	int plain = e->n[4];
	cr_assert_gt(plain, 0);
	cr_assert_eq(e->n[13], 0);
	tf_close(&t);

	open_bows(&t);
	int g = tf_g(&t, 0, 0), h = tf_g(&t, 1, 0);
	cast_one(&t, order(&t, 0, "quickening", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_eq(bs1e_bonus_figs(t.b, g), 6, "every figure hasted");
	struct bs1e_attack_now an;
	cr_assert_eq(bs1e_attack_now(t.b, g, h, 0, &an), 0);
	cr_assert_eq(an.spec.doubled, ~0u, "melee doubled before it fires");
	e = bows_fire(&t);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[13], 1, "hasted");
	cr_assert_eq(e->n[4], 2 * plain, "double damage");
	cr_assert_eq(bs1e_attack_now(t.b, g, h, 0, &an), 0);
	cr_assert_eq(an.spec.doubled, 0u, "its melee not doubled then");
	tf_close(&t);
}

/* [14.7] slow (RULING R-617 "half attacks", R-736): the Bows wholly slowed
 * by Nix's lethargy fire half attacks: the same 9 reads half a figure's
 * HD (rounded down in tenths, as the melee's half routine is). */
Test(r14_bonus, s14_7_slow_missiles_halved_r736)
{
	struct tf t;
	open_bows(&t);
	const struct bs_event *e = bows_fire(&t);
	cr_assert_not_null(e);
	int plain = e->n[4];
	tf_close(&t);

	open_bows(&t);
	int g = tf_g(&t, 0, 0);
	t.cast[1][0] = order(&t, 0, "lethargy", 0, 0);
	t.ncast[1] = 1;
	bs1e_casts(t.b, 1);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_eq(bs1e_bonus_figs(t.b, g), 6, "every figure slowed");
	e = bows_fire(&t);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[13], -1, "slowed");
	/* the 9 reads 0.5 HD a figure (3 HD from six); halved in tenths
	 * rounded down as the melee's half routine: 0.2 a figure */
	cr_assert_eq(plain, 30);
	cr_assert_eq(e->n[4], 12, "%d of %d", e->n[4], plain);
	tf_close(&t);
}

/* [14.7] "Haste spells ... allow a figure to make its full move and also
 * cast spells/use missiles" (RULING R-705): the Bows having made their
 * full move (their MV spent) may not fire (Table 12, long bows); wholly
 * hasted they may, a note says so, and that volley is not doubled ("or");
 * after the double move (more than their MV) not at all. */
Test(r14_bonus, s14_7_hasted_unit_full_move_and_missiles_r705)
{
	struct tf t;
	struct bs1e_volley_plan p;
	open_bows(&t);
	int g = tf_g(&t, 0, 0);
	t.b->units[g].mv_spent = t.b->units[g].r.mv;
	bs1e_volley_plan(t.b, 0, 0, 1, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert(!p.legal, "not hasted: Table 12");
	tf_close(&t);

	open_bows(&t);
	g = tf_g(&t, 0, 0);
	cast_one(&t, order(&t, 0, "quickening", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	t.b->units[g].mv_spent = t.b->units[g].r.mv;
	bs1e_volley_plan(t.b, 0, 0, 1, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert(p.legal, "%s", p.why);
	cr_assert_eq(p.haste_move, 1);
	cr_assert_eq(p.bonus_dmg, 0, "the full move's volley, not doubled");
	const struct bs_event *e = bows_fire(&t);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[13], 0);
	const struct bs_event *n = tf_find(&t, BS_EV_NOTE, 0);
	cr_assert_not_null(n);
	cr_assert(strstr(n->cite, "R-705"), "%s", n->cite);
	t.b->units[g].mv_spent = 1.5 * t.b->units[g].r.mv;
	t.b->units[g].shots = 0;
	bs1e_volley_plan(t.b, 0, 0, 1, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert(!p.legal, "after the double move");
	tf_close(&t);
}

/* [14.7] RULING R-706: a volley at a lone individual ([9.4 A], R-670) takes
 * the firers' bonuses as a volley at a unit: the Bows wholly
 * hasted shoot at Nix (moved within reach) for double damage, the
 * event's `bonus_damage`; their expected hit points doubled. */
Test(r14_bonus, s14_7_volley_at_a_lone_individual_takes_haste_r706)
{
	struct tf t;
	struct bs1e_volley_plan p0, p1;
	open_bows(&t);
	int nix = t.b->indiv_first[1];
	t.b->indivs[nix].pos = (struct bs_vec){30, 36};
	bs1e_volley_plan_indiv(t.b, 0, 0, 1, 0, BS_FIRE_PHASE, -1, NULL, &p0);
	cr_assert(p0.legal, "%s", p0.why);
	cr_assert_eq(p0.bonus_dmg, 0);
	cast_one(&t, order(&t, 0, "quickening", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	bs1e_volley_plan_indiv(t.b, 0, 0, 1, 0, BS_FIRE_PHASE, -1, NULL, &p1);
	cr_assert(p1.legal, "%s", p1.why);
	cr_assert_eq(p1.bonus_dmg, 1);
	cr_assert_gt(p0.expected_hp, 0);
	cr_assert_gt(p1.expected_hp, p0.expected_hp * 1.5, "%g %g",
		     p1.expected_hp, p0.expected_hp);
	tf_dice(&t, (int[]){6, 6}, 2);
	t.nev = 0;
	cr_assert_eq(bs1e_fire_indiv(t.b, tf_g(&t, 0, 0), nix, BS_FIRE_PHASE,
				     -1, NULL, "test"),
		     1, "%s", tf_rejected(&t));
	const struct bs_event *e = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[13], 1, "hasted");
	cr_assert_eq(bs1e_sc(t.b)->ux[tf_g(&t, 0, 0)].haste_fired, t.b->round,
		     "or: its melee not doubled then");
	tf_close(&t);
}

/* ---- protection from evil (RULING R-737) ----------------------------------
 */

/* South: the duel's Ada, Cal (cleric 5th) touching her with protection
 * from evil; North: Orc Bows (6 figures of orcs, LE, short bows, front
 * (44, 32)), Men Bows (6 figures of men, not evil, front (28, 32)), Red
 * (a red dragon, CE, 40 hp) at (36, 22.5). */
static void open_ward(struct tf *t)
{
	const char *y = CAL_BY_ADA(
	    "Ward", "protection from evil") "  - name: North\n    edge: "
					    "north\n    units:\n"
					    "      - {name: Orc Bows, figures: "
					    "6, creature: orc, weapons: "
					    "[short bow], frontage: 6, "
					    "position: [44, 32]}\n"
					    "      - {name: Men Bows, figures: "
					    "6, creature: man-at-arms, "
					    "weapons: [short bow], frontage: "
					    "6, position: [28, 32]}\n"
					    "    individuals:\n"
					    "      - {name: Red, race: red "
					    "dragon, hp: 40, position: [36, "
					    "22.5]}\n";
	open_missile_step(t, y);
}

/* [14.7] RULING: protection from evil on Ada (the PH: evil
 * attackers -2 to hit her): the Orc Bows' volley at her [9.4 A] has AR 2
 * worse, the term cited; the Men Bows' (not evil) none; cast at a unit
 * it has no effect. */
Test(r14_bonus, s14_7_protection_from_evil_evil_attackers_worse_r737)
{
	struct tf t;
	open_ward(&t);
	int ada = t.b->indiv_first[0];
	struct bs1e_volley_plan o0, m0, o1, m1;
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &o0);
	bs1e_volley_plan_indiv(t.b, 1, 1, 0, 0, BS_FIRE_PHASE, -1, NULL, &m0);
	cr_assert(o0.legal && m0.legal, "%s %s", o0.why, m0.why);
	const struct bs_spell *sp =
	    bs_scenario_spell(t.sc, "protection from evil", -1);
	cr_assert(bs_spell_bonus_played(sp));
	cal_touches_ada(&t, "protection from evil");
	const struct bs_event *c = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[7], 1);
	cr_assert_eq(c->n[8], 15, "3 rounds a level");
	cr_assert_eq(
	    bs1e_bonus_warded(t.b, ada, -1, tf_g(&t, 1, 0), 1, 0, NULL), 2);
	cr_assert_eq(
	    bs1e_bonus_warded(t.b, ada, -1, tf_g(&t, 1, 1), 1, 0, NULL), 0,
	    "men are not evil");
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &o1);
	bs1e_volley_plan_indiv(t.b, 1, 1, 0, 0, BS_FIRE_PHASE, -1, NULL, &m1);
	cr_assert_eq(o1.ar.value, o0.ar.value + 2);
	cr_assert(tf_has_term(&o1.ar, 2, "protection from evil"));
	cr_assert_eq(m1.ar.value, m0.ar.value);
	tf_close(&t);
}

/* RULING R-737: "+2 to saving throws against them": the red dragon's
 * breath at Ada so warded: her save 2 better, the term in its
 * derivation. */
Test(r14_bonus, s14_7_protection_from_evil_saves_against_evil_r737)
{
	struct tf t;
	open_ward(&t);
	int ada = t.b->indiv_first[0];
	cal_touches_ada(&t, "protection from evil");
	t.b->indivs[ada + 1].pos = (struct bs_vec){60, 4};
	const struct bs_spell *br = tf_spell(&t, "red dragon breath");
	cr_assert_not_null(br);
	int base = bs1e_sc(t.b)->ix[ada].save[br->save_vs];
	tf_dice(&t, (int[]){10, 10, 10, 10}, 4);
	t.nev = 0;
	t.cast[1][0] = (struct bs_cast_order){0, br, 0, -1, 0, 0, 0, 0, NULL};
	t.ncast[1] = 1;
	bs1e_casts(t.b, 1);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = ada_struck(&t);
	cr_assert_not_null(e);
	cr_assert(tf_has_term(&e->deriv, -2, "protection from evil"));
	cr_assert_eq(e->n[7], base - 2, "%d of %d", e->n[7], base);
	tf_close(&t);
}

/* RULING R-738: protection from evil at a unit touches one creature of a
 * figure: one cast wards no figure of ten, in the log. */
Test(r14_bonus, s14_7_protection_from_evil_one_cast_no_figure_of_a_unit_r738)
{
	struct tf t;
	open_ward(&t);
	no_effect_on_far_s(&t, "protection from evil", "R-738");
	tf_close(&t);
}

/* [14.7] RULING R-737: "+2 to saving throws against them" reaches the
 * effect spells ([14.6] holds, charms, fear, slow): Ada warded saves 2
 * better against the hold person of Urg (an orc magic-user, evil), not
 * against the same spell of Mim (a man, not evil); the term cited. */
Test(r14_bonus, s14_7_protection_from_evil_saves_against_evil_holds_r737)
{
	struct tf t;
	const char *y = CAL_BY_ADA("Ward", "protection from evil") DUEL_NORTH
	    "      - {name: Urg, race: orc, class: magic-user, level: 6, hp: "
	    "20, position: [34, 27], spells: [hold person]}\n"
	    "      - {name: Mim, class: magic-user, level: 6, hp: 20, "
	    "position: [38, 27], spells: [hold person]}\n";
	tf_open(&t, y);
	t.ctl.cast = tf_cast;
	t.b->round = 1;
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	cal_touches_ada(&t, "protection from evil");
	int need[2];
	for (int k = 0; k < 2; k++) {
		tf_dice(&t, (int[]){20, 20, 20, 20}, 4);
		t.nev = 0;
		t.cast[1][0] = at_indiv(&t, k, "hold person", 0, 0);
		t.ncast[1] = 1;
		bs1e_casts(t.b, 1);
		cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
		const struct bs_event *e = tf_cast_ev(&t, 3, 0);
		cr_assert_not_null(e, "caster %d", k);
		cr_assert(e->tside == 0 && e->tindiv == 0, "at Ada");
		cr_assert_eq(e->n[5], 1, "her own save");
		cr_assert_eq(e->n[7], 0, "she saves on a 20");
		cr_assert_eq(tf_has_term(&e->deriv, -2, "protection from evil"),
			     k == 0, "caster %d", k);
		need[k] = e->n[4];
	}
	cr_assert_eq(need[0], need[1] - 2, "%d %d", need[0], need[1]);
	tf_close(&t);
}

/* [14.7] RULING: protection from evil 10' radius (cleric 4th,
 * touch, a 1" circle about the one touched, 1/2" on the table by [14.2]
 * Table 17): Cal (7th) touches Ada; the individuals standing alone wholly
 * in the circle are warded: Ada (the Orc Bows' volley at her has AR 2
 * worse), not Cal beside her (his 1/2" counter, 1/2" off, is not wholly
 * in it: his AR unchanged). */
Test(r14_bonus, s14_7_protection_from_evil_10_radius_wards_those_in_it_r737)
{
	struct tf t;
	const char *y =
	    "name: Ward\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 48}\n"
	    "sides:\n" DUEL_SOUTH
	    "      - {name: Cal, class: cleric, level: 7, hp: 30, position: "
	    "[36.5, 20], spells: [protection from evil 10' radius]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orc Bows, figures: 6, creature: orc, weapons: "
	    "[short bow], frontage: 6, position: [44, 32]}\n";
	open_missile_step(&t, y);
	const struct bs_spell *sp =
	    bs_scenario_spell(t.sc, "protection from evil 10' radius", -1);
	cr_assert(bs_spell_bonus_played(sp));
	int ada = t.b->indiv_first[0];
	struct bs1e_volley_plan a0, c0, a1, c1;
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &a0);
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 1, BS_FIRE_PHASE, -1, NULL, &c0);
	cr_assert(a0.legal && c0.legal, "%s %s", a0.why, c0.why);
	cal_touches_ada(&t, "protection from evil 10' radius");
	const struct bs_event *c = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[7], 1, "%s", c->why);
	cr_assert_eq(c->n[8], 70, "a turn a level");
	int g = tf_g(&t, 1, 0);
	cr_assert_eq(bs1e_bonus_warded(t.b, ada, -1, g, 1, 0, NULL), 2);
	cr_assert_float_eq(bs1e_area_inches(10, 0), 0.5, 1e-9, "Table 17");
	cr_assert_eq(bs1e_bonus_warded(t.b, ada + 1, -1, g, 1, 0, NULL), 0,
		     "Cal's counter is not wholly in the 1/2\" circle");
	cr_assert_null(tf_cast_ev(&t, 3, 1), "one individual warded");
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &a1);
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 1, BS_FIRE_PHASE, -1, NULL, &c1);
	cr_assert_eq(a1.ar.value, a0.ar.value + 2);
	cr_assert_eq(c1.ar.value, c0.ar.value);
	tf_close(&t);
}
