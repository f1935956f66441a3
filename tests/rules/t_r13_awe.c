/* Awe and fear [13.6] (issue 16): a unit whose creatures cause awe or fear
 * makes every enemy unit within 12" check morale at once, -1 for a dragon
 * or 12+ HD, +1 for an illusion; once per pair (R-587, R-588); only in
 * the Advanced Game. */
#include "bs1e_fixture.h"

/* South: Men (man-at-arms, ML rated) at [30, 20] facing north; North: the
 * Beasts (`flags`, `hd`) at [30, 20 + gap] facing south, and Far men at
 * the far corner. */
static void open_awe(struct tf *t, const char *level, const char *flags,
		     const char *hd, double gap)
{
	char y[4096];
	snprintf(y, sizeof y,
		 "name: awe\nlevel: %s\ntable: {width: 72, depth: 96}\n"
		 "sides:\n"
		 "  - name: S\n    edge: south\n    units:\n"
		 "      - {name: Men, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [30, 20]}\n"
		 "  - name: N\n    edge: north\n    units:\n"
		 "      - name: Beasts\n        figures: 4\n        ratio: 2\n"
		 "        creature: {name: beast, hd: \"%s\", ac: 4, mv: 9, "
		 "size: L, attacks: 2d6, flags: [%s]}\n"
		 "        position: [30, %g]\n"
		 "      - {name: Far, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [68, 90]}\n",
		 level, hd, flags, 20 + gap);
	tf_open(t, y);
	t->b->round = 1;
	tf_phase(t, BS_PHASE_MOVEMENT);
}

static const struct bs_event *morale_of(struct tf *t, int side, int unit)
{
	for (int i = 0; i < t->nev; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		if (e->type == BS_EV_MORALE && e->side == side &&
		    e->unit == unit)
			return e;
	}
	return NULL;
}

/* The term of the check, by its cite "[13.6]" (0 when none). */
static int awe_term(const struct bs_event *e)
{
	for (int i = 0; i < e->deriv.nterms; i++)
		if (e->deriv.term[i].cite &&
		    strcmp(e->deriv.term[i].cite, "[13.6]") == 0)
			return e->deriv.term[i].amount;
	return 0;
}

/* [13.6] "all units that are affected by it and that are within 12" of it
 * must make an immediate Morale Check": 10" off, one check (cite R-587),
 * no term for a creature of 4 HD; the far unit none. */
Test(r13_awe, s13_6_within_12_inches_an_immediate_check)
{
	struct tf t;
	open_awe(&t, "advanced", "causes_fear", "4", 10);
	tf_dice(&t, (int[]){1, 1}, 2);
	bs1e_awe_checks(t.b);
	const struct bs_event *e = morale_of(&t, 0, 0);
	cr_assert_not_null(e, "the Men check");
	cr_expect_str_eq(e->cite, "[13.6] RULING R-587");
	cr_expect_eq(awe_term(e), 0);
	cr_expect_eq(tf_count(&t, BS_EV_MORALE), 1, "only the Men");
	tf_close(&t);
}

/* RULING R-587: once per unit causing it and unit affected. */
Test(r13_awe, s13_6_r587_once_per_pair)
{
	struct tf t;
	open_awe(&t, "advanced", "causes_fear", "4", 10);
	tf_dice(&t, (int[]){1, 1}, 2);
	bs1e_awe_checks(t.b);
	bs1e_awe_checks(t.b);
	cr_expect_eq(tf_count(&t, BS_EV_MORALE), 1);
	cr_expect(!t.b->dice.failed, "no second roll");
	tf_close(&t);
}

/* Beyond 12": no check. */
Test(r13_awe, s13_6_beyond_12_inches_none)
{
	struct tf t;
	open_awe(&t, "advanced", "causes_fear", "4", 13);
	bs1e_awe_checks(t.b);
	cr_expect_eq(tf_count(&t, BS_EV_MORALE), 0);
	tf_close(&t);
}

/* "Modify the unit's morale by -1 if the check is caused by a dragon or a
 * creature of 12+ HD. Modify the morale by +1 if the check is caused by an
 * illusion" (RULING R-588: an illusion's +1 alone). */
Test(r13_awe, s13_6_dragon_12_hd_and_illusion_modifiers)
{
	static const struct {
		const char *flags, *hd;
		int term;
	} c[] = {
	    {"dragon", "9", -1},
	    {"causes_fear", "12", -1},
	    {"causes_fear, illusion", "4", 1},
	    {"dragon, illusion", "12", 1},
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct tf t;
		open_awe(&t, "advanced", c[i].flags, c[i].hd, 6);
		tf_dice(&t, (int[]){1, 1}, 2);
		bs1e_awe_checks(t.b);
		const struct bs_event *e = morale_of(&t, 0, 0);
		cr_assert_not_null(e, "%s", c[i].flags);
		cr_expect_eq(awe_term(e), c[i].term, "%s %s HD", c[i].flags,
			     c[i].hd);
		tf_close(&t);
	}
}

/* [13.6] "(AD&D Game Only)", a magic chapter's rule: the Advanced Game
 * only; at `intermediate` no check (the fear-level warning says so). */
Test(r13_awe, s13_6_advanced_game_only)
{
	struct tf t;
	open_awe(&t, "intermediate", "causes_fear", "4", 6);
	bs1e_awe_checks(t.b);
	cr_expect_eq(tf_count(&t, BS_EV_MORALE), 0);
	tf_close(&t);
}

/* A failed check has the [4.5] effect: 2d10 20 against the Men's morale,
 * closed formation: they rout away from the Beasts. */
Test(r13_awe, s13_6_a_failed_check_routs)
{
	struct tf t;
	open_awe(&t, "advanced", "dragon", "9", 6);
	tf_dice(&t, (int[]){10, 10}, 2);
	bs1e_awe_checks(t.b);
	const struct bs_event *e = morale_of(&t, 0, 0);
	cr_assert_not_null(e);
	cr_expect_eq(e->n[0], 0, "failed");
	cr_expect(bs1e_routed(t.b, tf_g(&t, 0, 0)) ||
		  tf_unit(&t, 0, 0)->formation == BS_FORM_OPEN);
	tf_close(&t);
}

/* RULING R-604 [13.6] "If a creature capable of causing awe and/or fear
 * is on the battlefield, all units ... within 12" of it": an individual
 * whose race does (a red dragon, flag `dragon`, standing alone at `gap`
 * from the Men; or, `lead`, the commander of North's Guards placed at
 * `gap`), at level `level`. */
static void open_dragon(struct tf *t, const char *level, double gap, int lead)
{
	char y[4096];
	snprintf(y, sizeof y,
		 "name: awe\nlevel: %s\ntable: {width: 72, depth: 96}\n"
		 "sides:\n"
		 "  - name: S\n    edge: south\n    units:\n"
		 "      - {name: Men, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [30, 20]}\n"
		 "      - {name: Far, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [68, 4]}\n"
		 "  - name: N\n    edge: north\n    units:\n"
		 "      - {name: Guards, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [30, %g]%s}\n"
		 "    individuals:\n"
		 "      - {name: Scarlet, race: red dragon, hp: 50, %s}\n",
		 level, lead ? 20 + gap : 90.0,
		 lead ? ", commander: Scarlet" : "",
		 lead ? "rank: unit" : "position: [30, 30]");
	tf_open(t, y);
	t->b->round = 1;
	tf_phase(t, BS_PHASE_MOVEMENT);
}

Test(r13_awe, s13_6_r604_a_dragon_hero_within_12_inches)
{
	struct tf t;
	open_dragon(&t, "advanced", 10, 0);
	tf_dice(&t, (int[]){1, 1}, 2);
	bs1e_awe_checks(t.b);
	const struct bs_event *e = morale_of(&t, 0, 0);
	cr_assert_not_null(e, "the Men, 10\" from Scarlet, check");
	cr_expect_eq(awe_term(e), -1, "caused by a dragon");
	cr_expect_eq(tf_count(&t, BS_EV_MORALE), 1, "not Far, 26\" away");
	bs1e_awe_checks(t.b);
	cr_expect_eq(tf_count(&t, BS_EV_MORALE), 1, "once per pair");
	tf_close(&t);
	/* the Intermediate Game: no awe [13.6] "AD&D Game Only" ... the
	 * Advanced Game's */
	open_dragon(&t, "intermediate", 10, 0);
	bs1e_awe_checks(t.b);
	cr_expect_eq(tf_count(&t, BS_EV_MORALE), 0);
	tf_close(&t);
}

/* A dragon who commands a unit stands with it: the distance is
 * from its block; at 10" the Men check, at 14" they do not. */
Test(r13_awe, s13_6_r604_a_dragon_commander_with_his_unit)
{
	struct tf t;
	open_dragon(&t, "advanced", 10, 1);
	tf_dice(&t, (int[]){1, 1}, 2);
	bs1e_awe_checks(t.b);
	cr_expect_eq(tf_count(&t, BS_EV_MORALE), 1);
	tf_close(&t);
	open_dragon(&t, "advanced", 14, 1);
	bs1e_awe_checks(t.b);
	cr_expect_eq(tf_count(&t, BS_EV_MORALE), 0);
	tf_close(&t);
}

/* [13.8] "Creatures with this ability can remove a Wound marker from a
 * figure if it goes for two Game Rounds without participating in combat"
 * (RULING R-605: attacking or attacked, in melee, by missiles or magic):
 * trolls with a Wound marker; `level` the scenario's. */
static void open_trolls(struct tf *t, const char *level)
{
	char y[2048];
	snprintf(
	    y, sizeof y,
	    "name: trolls\nlevel: %s\ntable: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: S\n    edge: south\n    units:\n"
	    "      - {name: Men, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [30, 10]}\n"
	    "  - name: N\n    edge: north\n    units:\n"
	    "      - {name: Trolls, figures: 4, creature: troll, ratio: 5, "
	    "position: [30, 80]}\n",
	    level);
	tf_open(t, y);
	t->b->round = 1;
	tf_unit(t, 1, 0)->wounded = 1;
}

static void end_round(struct tf *t, unsigned flags)
{
	tf_unit(t, 1, 0)->flags =
	    (tf_unit(t, 1, 0)->flags &
	     ~(unsigned)(BS_UF_FOUGHT | BS_UF_ATTACKED | BS_UF_FIRED)) |
	    flags;
	bs1e_regenerate(t->b);
	t->b->round++;
}

Test(r13_awe, s13_8_r605_a_wound_regenerates_after_two_calm_rounds)
{
	struct tf t;
	open_trolls(&t, "advanced");
	end_round(&t, 0);
	cr_expect_eq(tf_unit(&t, 1, 0)->wounded, 1, "one calm round: not yet");
	end_round(&t, 0);
	cr_expect_eq(tf_unit(&t, 1, 0)->wounded, 0, "two: the marker goes");
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 4);
	tf_close(&t);
	/* combat between breaks the count */
	open_trolls(&t, "advanced");
	end_round(&t, 0);
	end_round(&t, BS_UF_ATTACKED);
	end_round(&t, 0);
	cr_expect_eq(tf_unit(&t, 1, 0)->wounded, 1, "attacked in round 2");
	end_round(&t, 0);
	cr_expect_eq(tf_unit(&t, 1, 0)->wounded, 0);
	tf_close(&t);
	/* "Damage caused by fire and acid attacks does not regenerate" */
	open_trolls(&t, "advanced");
	bs1e_sc(t.b)->ux[tf_g(&t, 1, 0)].wound_noregen = 1;
	end_round(&t, 0);
	end_round(&t, 0);
	end_round(&t, 0);
	cr_expect_eq(tf_unit(&t, 1, 0)->wounded, 1, "a fire wound stays");
	tf_close(&t);
	/* the Intermediate Game: [13.8] is not in force */
	open_trolls(&t, "intermediate");
	end_round(&t, 0);
	end_round(&t, 0);
	cr_expect_eq(tf_unit(&t, 1, 0)->wounded, 1);
	tf_close(&t);
}
