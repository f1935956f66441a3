/* Issue 16: [14.7] wards on units (src/bs1e/r14_bonus.c): protection from
 * evil, resist fire and resist cold of one creature touched add up over a
 * unit's figures, "It takes 10 protection from fire spells to benefit a
 * 10:1 figure" (RULING R-738), protection from evil 10' radius about the
 * figure touched, and what the warded figures get: an evil
 * attacker's AR 2 worse at a unit wholly warded, the warded figures' saves
 * and resist's half HD in a spell's area, each their own step. */
#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_magic.h"
#include "bs1e/engine.h"
#include "bs1e_fixture.h"

/* South: Guards (8 figures of ten men, frontage 4, front (30, 30) facing
 * north, two ranks of 3/4" bases 1/2" apart: its rear at y 28), Scouts (4
 * figures of two bugbears, 3+1 HD, frontage 2, front (10, 30)), Goblins (4
 * figures of ten goblins, size S, 1/2" bases, frontage 4, front (50, 30), one
 * rank: its rear at 29.5); the clerics C0..C9 (3rd level, protection from evil
 * and resist fire) at (30, 28.25) behind the Guards, Hal (7th, protection from
 * evil 10' radius) at (50, 29.25) behind the Goblins, Hob (the same) at (30,
 * 28.25). North: Orcs (8 figures of
 * ten orcs, evil) and Men (8 figures of men) far off; Urg (an orc
 * magic-user, 4th, evil), Mim (a man, 4th) and Ned (a man, 7th) with the
 * scenario's flame wave (fire,
 * a 9" radius, 3" on the table, Table 17: every Scouts figure, 1d6 a
 * level, save for half). */
static void open_wards(struct tf *t)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	int k = snprintf(
	    y, 8192,
	    "name: Wards\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 96, depth: 96}\n"
	    "catalog:\n  spells:\n"
	    "    - {name: flame wave, class: magic-user, level: 1, category: "
	    "artillery, effect: damage, element: fire, range: 600, duration: "
	    "instantaneous, casting_time: 1 segment, area: {shape: circle, "
	    "radius: 9}, save: {vs: spell, effect: half}, damage: d6/level}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, ratio: "
	    "10, weapons: [spear], frontage: 4, position: [30, 30]}\n"
	    "      - {name: Scouts, figures: 4, creature: bugbear, ratio: 2, "
	    "weapons: [spear], frontage: 2, position: [10, 30]}\n"
	    "      - {name: Goblins, figures: 4, creature: goblin, ratio: 10, "
	    "weapons: [spear], frontage: 4, position: [50, 30]}\n"
	    "    individuals:\n");
	for (int i = 0; i < 10; i++)
		k +=
		    snprintf(y + k, 8192 - (size_t)k,
			     "      - {name: C%d, class: cleric, level: 3, hp: "
			     "15, position: [30, 28.25], spells: [protection "
			     "from evil, resist fire]}\n",
			     i);
	snprintf(
	    y + k, 8192 - (size_t)k,
	    "      - {name: Hal, class: cleric, level: 7, hp: 30, "
	    "position: [50, 29.25], spells: [protection from evil 10' "
	    "radius]}\n"
	    "      - {name: Hob, class: cleric, level: 7, hp: 30, "
	    "position: [30, 28.25], spells: [protection from evil 10' "
	    "radius]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 8, creature: orc, ratio: 10, "
	    "weapons: [spear], frontage: 8, position: [30, 60]}\n"
	    "      - {name: Men, figures: 8, creature: man-at-arms, ratio: "
	    "10, weapons: [spear], frontage: 8, position: [60, 60]}\n"
	    "    individuals:\n"
	    "      - {name: Urg, race: orc, class: magic-user, level: 4, "
	    "hp: 12, position: [20, 50], spells: [flame wave]}\n"
	    "      - {name: Mim, class: magic-user, level: 4, hp: 12, "
	    "position: [40, 50], spells: [flame wave]}\n"
	    "      - {name: Ned, class: magic-user, level: 7, hp: 20, "
	    "position: [50, 50], spells: [flame wave]}\n");
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	t->b->round = 1;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* Caster k (his side's index) casts `sp` at unit (tside, tunit). */
static struct bs_cast_order order(struct tf *t, int k, const char *sp,
				  int tside, int tunit)
{
	struct bs_cast_order o = {.indiv = k, .tside = tside, .tunit = tunit};
	o.spell = tf_spell(t, sp);
	o.tindiv = -1;
	return o;
}

/* Clerics C<from>..C<from + n - 1> cast `sp` at South's unit `unit`, in
 * batches of the fixture's 8; none rejected. */
static void clerics_cast(struct tf *t, int from, int n, const char *sp,
			 int unit)
{
	for (int i = 0; i < n;) {
		int m = n - i < 8 ? n - i : 8;
		for (int j = 0; j < m; j++)
			t->cast[0][j] = order(t, from + i + j, sp, 0, unit);
		t->ncast[0] = m;
		t->nev = 0;
		bs1e_casts(t->b, 0);
		cr_assert_null(tf_rejected(t), "%s", tf_rejected(t));
		i += m;
	}
}

/* The last CAST `effect` step placed on South's unit `unit`. */
static const struct bs_event *last_placed(struct tf *t, int unit)
{
	const struct bs_event *got = NULL;
	for (int i = 0; i < t->nev; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		if (e->type == BS_EV_CAST && e->n[0] == 3 && e->tside == 0 &&
		    e->tunit == unit)
			got = e;
	}
	return got;
}

/* [14.7] "Examples: It takes 10 protection from fire spells to benefit a
 * 10:1 figure" (RULING R-738, the resist fire of the cleric list the
 * same): nine clerics' resist fire on the Guards touch nine creatures of
 * one figure, no figure resists; the tenth completes it: one figure of
 * eight, under a Magic marker, named in the log. */
Test(r14_wards, s14_7_ten_resist_fire_spells_benefit_a_10_to_1_figure_r738)
{
	struct tf t;
	open_wards(&t);
	int g = tf_g(&t, 0, 0);
	clerics_cast(&t, 0, 9, "resist fire", 0);
	const struct bs_event *e = last_placed(&t, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "creature 9 of the 10"), "%s", e->why);
	cr_assert(strstr(e->why, "R-738"), "%s", e->why);
	cr_assert_str_eq(e->cite, "[14.7] RULING R-685, R-738");
	cr_assert_eq(bs1e_bonus_unit_resists(t.b, g, BS_ELEM_FIRE), 0);
	clerics_cast(&t, 9, 1, "resist fire", 0);
	e = last_placed(&t, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1, "%s", e->why);
	cr_assert_eq(e->n[9], BS1E_MARKER_MAGIC, "one figure of eight");
	cr_assert_eq(e->n[8], 30, "3 turns");
	cr_assert_eq(bs1e_bonus_unit_resists(t.b, g, BS_ELEM_FIRE), 1);
	cr_assert_eq(bs1e_bonus_unit_resists(t.b, g, BS_ELEM_COLD), 0,
		     "its element only (R-735)");
	tf_close(&t);
}

/* RULING R-738: the creatures touched stay from one Game Round to the
 * next (the End of Game Round keeps the effect of no whole figure yet),
 * and a unit of 2:1 figures takes two protection from evil a figure:
 * one cast, none; the next round's second, one figure, warded against the
 * (evil) Orcs, not against the Men. */
Test(r14_wards, s14_7_protection_from_evil_adds_up_over_rounds_r738)
{
	struct tf t;
	open_wards(&t);
	int g = tf_g(&t, 0, 1), orcs = tf_g(&t, 1, 0), men = tf_g(&t, 1, 1);
	t.b->indivs[t.b->indiv_first[0]].pos = (struct bs_vec){10, 28.25};
	t.b->indivs[t.b->indiv_first[0] + 1].pos = (struct bs_vec){10, 28.25};
	clerics_cast(&t, 0, 1, "protection from evil", 1);
	cr_assert_eq(bs1e_bonus_unit_warded(t.b, g, -1, orcs), 0);
	bs1e_bonus_end_round(t.b);
	clerics_cast(&t, 1, 1, "protection from evil", 1);
	const struct bs_event *e = last_placed(&t, 1);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1, "%s", e->why);
	cr_assert(strstr(e->why, "creature 2 of the 2"), "%s", e->why);
	cr_assert_eq(bs1e_bonus_unit_warded(t.b, g, -1, orcs), 1);
	cr_assert_eq(bs1e_bonus_unit_warded(t.b, g, -1, men), 0,
		     "men are not evil (R-737)");
	tf_close(&t);
}

/* [14.7] RULING R-739: an evil unit's attack at a unit every figure of
 * which is warded has an AR 2 worse (the PH's -2 to hit, [8.3]), the term
 * cited; at a unit warded in part none (what strikes it strikes the
 * figures not warded first); the Men's attack none. */
Test(r14_wards, s14_7_evil_attack_at_a_wholly_warded_unit_ar_two_worse_r739)
{
	struct tf t;
	open_wards(&t);
	int g = tf_g(&t, 0, 1), orcs = tf_g(&t, 1, 0), men = tf_g(&t, 1, 1);
	for (int i = 0; i < 8; i++)
		t.b->indivs[t.b->indiv_first[0] + i].pos =
		    (struct bs_vec){10, 28.25};
	struct bs1e_attack_now o0, o1, o2, m1;
	cr_assert_eq(bs1e_attack_now(t.b, orcs, g, 0, &o0), 0);
	clerics_cast(&t, 0, 7, "protection from evil", 1);
	cr_assert_eq(bs1e_bonus_unit_warded(t.b, g, -1, orcs), 3);
	cr_assert_eq(bs1e_attack_now(t.b, orcs, g, 0, &o1), 0);
	cr_assert_eq(o1.ar.value, o0.ar.value, "three of four: none");
	cr_assert_eq(bs1e_bonus_struck(t.b, g, 2, 3), 1,
		     "of 2 figures struck, the one not warded first");
	clerics_cast(&t, 7, 1, "protection from evil", 1);
	cr_assert_eq(bs1e_attack_now(t.b, orcs, g, 0, &o2), 0);
	cr_assert_eq(o2.ar.value, o0.ar.value + 2);
	cr_assert(tf_has_term(&o2.ar, 2, "protection from evil"));
	cr_assert_eq(bs1e_attack_now(t.b, men, g, 0, &m1), 0);
	cr_assert(!tf_has_term(&m1.ar, 2, "protection from evil"));
	tf_close(&t);
}

/* The `unit` steps (CAST step 1) at South's unit `unit`: into s[0..),
 * at most 4; returns how many. */
static int unit_steps(struct tf *t, int unit, const struct bs_event **s)
{
	int n = 0;
	for (int i = 0; i < t->nev && n < 4; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		if (e->type == BS_EV_CAST && e->n[0] == 1 && e->tside == 0 &&
		    e->tunit == unit)
			s[n++] = e;
	}
	return n;
}

/* North's caster k casts flame wave at the Scouts (its 3" circle about
 * their centre takes every figure of them); every die 6. */
static void flame_wave(struct tf *t, int k)
{
	int d[256];
	for (int i = 0; i < 256; i++)
		d[i] = 6;
	tf_dice(t, d, 256);
	t->nev = 0;
	t->cast[1][0] = order(t, k, "flame wave", 0, 1);
	t->ncast[1] = 1;
	bs1e_casts(t->b, 1);
	cr_assert_null(tf_rejected(t), "%s", tf_rejected(t));
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
}

/* [14.7] RULING R-739 (R-735 "all damage sustained is reduced by 50%",
 * "+3 on saving throws"): two resist fire make one Scouts figure
 * resisting; Ned's flame wave (7d6, 7 HD a creature) at them: that figure
 * is a `unit` step of its own, `resisted`, half the HD per creature (3.5:
 * against 3+1 HD bugbears the save decides, removed or wounded), its save
 * 3 better than the unit's (the term in its derivation); the other three
 * figures the plain step (7 HD, removed whatever they roll: no save). */
Test(r14_wards, s14_7_resisting_figures_half_hd_plus_three_saves_r739)
{
	struct tf t;
	open_wards(&t);
	int g = tf_g(&t, 0, 1);
	for (int i = 0; i < 2; i++)
		t.b->indivs[t.b->indiv_first[0] + i].pos =
		    (struct bs_vec){10, 28.25};
	clerics_cast(&t, 0, 2, "resist fire", 1);
	const struct bs_spell *fw = bs_scenario_spell(t.sc, "flame wave", -1);
	int number = bs1e_cast_unit_save(t.b, g, fw, NULL);
	flame_wave(&t, 2);
	const struct bs_event *s[4];
	cr_assert_eq(unit_steps(&t, 1, s), 2);
	cr_assert_eq(s[0]->n[13], 1, "resisted");
	cr_assert_eq(s[0]->n[1], 1);
	cr_assert_eq(s[1]->n[13], 0);
	cr_assert_eq(s[1]->n[1], 3);
	cr_assert_eq(s[1]->n[2], 70, "7 HD");
	cr_assert_eq(s[0]->n[2], 35, "half");
	cr_assert_eq(s[0]->n[5], 1, "its save decides");
	cr_assert_eq(s[0]->n[4], number - 3, "%d %d", s[0]->n[4], number);
	cr_assert(tf_has_term(&s[0]->deriv, -3, "resist fire"));
	cr_assert_eq(s[1]->n[5], 0, "removed whatever they roll");
	cr_assert_eq(s[1]->n[7], 3);
	tf_close(&t);
}

/* Every Scouts figure warded by eight protection from evil, then North's
 * caster k's flame wave at them: its one `unit` step at the Scouts. */
static void warded_scouts_struck(struct tf *t, int k, struct bs_event *out)
{
	open_wards(t);
	for (int i = 0; i < 8; i++)
		t->b->indivs[t->b->indiv_first[0] + i].pos =
		    (struct bs_vec){10, 28.25};
	clerics_cast(t, 0, 8, "protection from evil", 1);
	flame_wave(t, k);
	const struct bs_event *s[4];
	cr_assert_eq(unit_steps(t, 1, s), 1);
	*out = *s[0];
	tf_close(t);
}

/* [14.7] RULING R-739 (R-737 "+2 to saving throws" against evil): every
 * Scouts figure warded; Urg's (an orc, evil) flame wave at them: their
 * step `warded`, the save 2 better, the term in its derivation; Mim's (a
 * man): the plain step. */
Test(r14_wards, s14_7_warded_figures_save_better_against_evil_casters_r739)
{
	struct tf t;
	struct bs_event urg, mim;
	warded_scouts_struck(&t, 0, &urg);
	warded_scouts_struck(&t, 1, &mim);
	cr_assert_eq(urg.n[13], 2, "warded");
	cr_assert_eq(urg.n[1], 4);
	cr_assert(tf_has_term(&urg.deriv, -2, "protection from evil"));
	cr_assert_eq(mim.n[13], 0, "Mim is not evil");
	cr_assert(!tf_has_term(&mim.deriv, -2, "protection from evil"));
	cr_assert_eq(urg.n[4], mim.n[4] - 2, "%d %d", urg.n[4], mim.n[4]);
}

/* [14.7] RULING R-738: protection from evil 10' radius (its 1" circle
 * 1/2" on the table, Table 17) at a unit lands about the figure the caster
 * touches, the nearest him: Hal touching the Goblins wards one 1/2"
 * figure (wholly in the circle), its neighbours not; Hob's at the Guards'
 * 3/4" figures (not wholly in a 1/2" circle, R-568) none, in the log. */
Test(r14_wards,
     s14_7_protection_from_evil_10_radius_about_the_figure_touched_r738)
{
	struct tf t;
	open_wards(&t);
	int hal = 10, hob = 11, orcs = tf_g(&t, 1, 0), gob = tf_g(&t, 0, 2);
	/* the Goblins closed, base to base (x 49 to 51) */
	struct bs_tt_shape sh;
	struct bs_tt_pose po;
	bs1e_pose(t.b, gob, &po);
	bs_tt_shape_make(BS_FORM_CLOSED, 4, 4, 0.5, 0.5, 0, &sh);
	bs1e_set_geom(t.b, gob, &sh, &po);
	t.cast[0][0] = order(&t, hal, "protection from evil 10' radius", 0, 2);
	t.cast[0][1] = order(&t, hob, "protection from evil 10' radius", 0, 0);
	t.ncast[0] = 2;
	t.nev = 0;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = last_placed(&t, 2);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 1, "%s", e->why);
	cr_assert_eq(e->n[9], BS1E_MARKER_MAGIC);
	cr_assert_eq(bs1e_bonus_unit_warded(t.b, gob, -1, orcs), 1);
	e = last_placed(&t, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[7], 0);
	cr_assert(strstr(e->why, "R-685"), "%s", e->why);
	cr_assert_eq(bs1e_bonus_unit_warded(t.b, tf_g(&t, 0, 0), -1, orcs), 0);
	tf_close(&t);
}
