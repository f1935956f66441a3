/* Awe and fear [13.6] (issue 16): a unit whose creatures cause awe or fear
 * makes every enemy unit within 12" check morale at once, -1 for a dragon
 * or 12+ HD, +1 for an illusion; once per pair (R-587, R-588); only in
 * the Advanced Game. */
#include "battlesim/warn.h"
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

/* ---- [13.6] a god's awe (RULING R-556) --------------------------------- */

/* South: the god Tor (`divine`, Charisma `cha`) alone at [10, 10], Men at
 * [30, 20] and the Wall at [10, 25]; North: Seen at [40, 40] (in his
 * sight), Hidden at [10, 40] (behind the Wall) and the hero Gorm at
 * [40, 46]. */
static void open_god(struct tf *t, const char *level, const char *divine,
		     int cha)
{
	char y[4096];
	snprintf(y, sizeof y,
		 "name: god\nlevel: %s\ntable: {width: 72, depth: 96}\n"
		 "sides:\n"
		 "  - name: S\n    edge: south\n    units:\n"
		 "      - {name: Men, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [30, 20]}\n"
		 "      - {name: Wall, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [10, 25]}\n"
		 "    individuals:\n"
		 "      - {name: Tor, %sabilities: {cha: %d}, hp: 120, "
		 "position: [10, 10]}\n"
		 "  - name: N\n    edge: north\n    units:\n"
		 "      - {name: Seen, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [40, 40]}\n"
		 "      - {name: Hidden, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [10, 40]}\n"
		 "    individuals:\n"
		 "      - {name: Gorm, class: fighter, level: 5, hp: 40, "
		 "position: [40, 46]}\n",
		 level, divine, cha);
	tf_open(t, y);
	t->b->round = 1;
	tf_phase(t, BS_PHASE_MOVEMENT);
}

static int notes_cited(struct tf *t, const char *cite)
{
	int n = 0;
	for (int i = 0; i < t->nev; i++)
		n += t->evs[i].ev.type == BS_EV_NOTE && t->evs[i].ev.cite &&
		     strcmp(t->evs[i].ev.cite, cite) == 0;
	return n;
}

/* [13.6] "If a divine being (gods and demigods only) with a charisma of 19
 * or higher appears on the battlefield, all forces within sight on both
 * sides are automatically affected ... Awe power stuns affected creatures
 * into inaction as long as the deity is present. There is no saving
 * throw": his own Men and Wall, the enemy's Seen and Gorm; not the unit
 * the Wall hides; every figure held (RULING R-556), no die rolled. */
Test(r13_awe, s13_6_r556_a_gods_awe_stuns_both_sides_in_sight)
{
	struct tf t;
	open_god(&t, "advanced", "divine: god, ", 20);
	tf_dice(&t, (int[]){0}, 0); /* no die: a roll would fail */
	bs1e_divine_awe(t.b);
	int k = t.b->indiv_first[0];
	cr_expect_eq(bs1e_unit_awed(t.b, tf_g(&t, 0, 0)), k + 1, "his Men");
	cr_expect_eq(bs1e_unit_awed(t.b, tf_g(&t, 0, 1)), k + 1, "his Wall");
	cr_expect_eq(bs1e_unit_awed(t.b, tf_g(&t, 1, 0)), k + 1, "Seen");
	cr_expect_eq(bs1e_unit_awed(t.b, tf_g(&t, 1, 1)), 0,
		     "Hidden: the Wall stands in the way");
	int gorm = t.b->indiv_first[1];
	cr_expect_eq(bs1e_indiv_awed(t.b, gorm), k + 1, "the hero Gorm");
	cr_expect_eq(bs1e_indiv_awed(t.b, k), 0, "not by his own awe");
	cr_expect_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 0)), 8, "every figure");
	cr_expect_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 1)), 0);
	cr_expect(bs1e_fx_indiv_held(t.b, gorm));
	cr_expect_eq(notes_cited(&t, "[13.6] RULING R-556"), 4,
		     "one note for each stunned");
	cr_expect(!t.b->dice.failed, "no saving throw: no die rolled");
	/* recomputed: no change, no new note */
	bs1e_divine_awe(t.b);
	cr_expect_eq(notes_cited(&t, "[13.6] RULING R-556"), 4);
	/* "as long as the deity is present": he is gone, all act again */
	t.b->indivs[k].alive = 0;
	bs1e_divine_awe(t.b);
	cr_expect_eq(bs1e_unit_awed(t.b, tf_g(&t, 1, 0)), 0);
	cr_expect_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 0)), 0);
	cr_expect(!bs1e_fx_indiv_held(t.b, gorm));
	cr_expect_eq(notes_cited(&t, "[13.6] RULING R-556"), 8);
	tf_close(&t);
}

/* RULING R-556: a demigod too; a unit stunned does not move (its figures
 * are held, R-622) and fights and shoots no one. */
Test(r13_awe, s13_6_r556_a_demigod_and_the_stunned_unit_does_not_move)
{
	struct tf t;
	open_god(&t, "advanced", "divine: demigod, ", 19);
	bs1e_divine_awe(t.b);
	int g = tf_g(&t, 1, 0);
	cr_assert(bs1e_unit_awed(t.b, g));
	cr_expect_eq(bs1e_fx_active(t.b, g, 8), 0, "no figure fights");
	tf_close(&t);
}

/* "with a charisma of 19 or higher": 18 stuns no one; a being who is not
 * divine neither; the Intermediate Game has no awe ("AD&D Game Only"). */
Test(r13_awe, s13_6_r556_charisma_19_divine_and_advanced_only)
{
	struct tf t;
	open_god(&t, "advanced", "divine: god, ", 18);
	bs1e_divine_awe(t.b);
	cr_expect_eq(bs1e_unit_awed(t.b, tf_g(&t, 1, 0)), 0, "Charisma 18");
	tf_close(&t);
	open_god(&t, "advanced", "", 20);
	bs1e_divine_awe(t.b);
	cr_expect_eq(bs1e_unit_awed(t.b, tf_g(&t, 1, 0)), 0, "not divine");
	tf_close(&t);
	open_god(&t, "intermediate", "divine: god, ", 20);
	bs1e_divine_awe(t.b);
	cr_expect_eq(bs1e_unit_awed(t.b, tf_g(&t, 1, 0)), 0, "intermediate");
	tf_close(&t);
}

/* The scenario key: a bad value is a located error; the warnings when the
 * awe has no effect (docs/SCENARIO-FORMAT.md). */
Test(r13_awe, s13_6_r556_the_divine_key)
{
	const char *y =
	    "name: g\nlevel: %s\ntable: {width: 72, depth: 96}\nsides:\n"
	    "  - name: S\n    edge: south\n    units:\n"
	    "      - {name: Men, figures: 8, creature: man-at-arms, weapons: "
	    "[spear], position: [30, 20]}\n"
	    "    individuals:\n"
	    "      - {name: Tor, divine: %s, abilities: {cha: %d}, hp: 9, "
	    "position: [10, 10]}\n"
	    "  - name: N\n    edge: north\n    units:\n"
	    "      - {name: Foe, figures: 8, creature: man-at-arms, weapons: "
	    "[spear], position: [30, 60]}\n";
	static const struct {
		const char *level, *divine;
		int cha;
		enum bs_status st;
		const char *want; /* in the first error or warning, NULL none */
	} c[] = {
	    {"advanced", "godd", 20, BS_ERR_INPUT, "divine"},
	    {"advanced", "god", 20, BS_OK, NULL},
	    {"advanced", "demigod", 18, BS_OK, "divine-unused"},
	    {"intermediate", "god", 20, BS_OK, "divine-level"},
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		char buf[2048];
		snprintf(buf, sizeof buf, y, c[i].level, c[i].divine, c[i].cha);
		struct bs_scenario *sc = NULL;
		struct bs_diags d;
		bs_diags_init(&d);
		enum bs_status st = bs_scenario_load_string(buf, strlen(buf),
							    "g.yaml", &sc, &d);
		cr_expect_eq(st, c[i].st, "case %zu", i);
		if (st != BS_OK) {
			cr_assert_gt(d.count, 0);
			cr_expect_eq(d.items[0].line, 10, "located: its line");
			cr_expect_not_null(strstr(d.items[0].msg, c[i].want),
					   "%s", d.items[0].msg);
		} else {
			int w = -1;
			for (size_t j = 0; j < sc->warnings.count; j++)
				if (sc->warnings.items[j].code ==
					BS_W_DIVINE_LEVEL ||
				    sc->warnings.items[j].code ==
					BS_W_DIVINE_UNUSED) {
					w = sc->warnings.items[j].code;
					cr_expect_eq(sc->warnings.items[j].line,
						     10, "at its line");
				}
			if (c[i].want) {
				cr_assert_geq(w, 0, "case %zu", i);
				cr_expect_str_eq(bs_warn_kinds[w].id,
						 c[i].want);
			} else {
				cr_expect_eq(w, -1, "case %zu", i);
			}
		}
		if (sc)
			bs_scenario_free(sc);
		bs_diags_release(&d);
	}
}

/* RULING R-556 in the Melee Phase: two units in contact, both in the
 * sight of the god beside them, are stunned: neither attacks (R-623: held
 * figures do not fight), a NOTE for each. */
Test(r13_awe, s13_6_r556_stunned_units_in_contact_do_not_fight)
{
	struct tf t;
	tf_open(&t, "name: g\nlevel: advanced\ntable: {width: 72, depth: 96}\n"
		    "sides:\n"
		    "  - name: S\n    edge: south\n    units:\n"
		    "      - {name: Men, figures: 8, creature: man-at-arms, "
		    "weapons: [spear], position: [30, 20]}\n"
		    "    individuals:\n"
		    "      - {name: Tor, divine: god, abilities: {cha: 21}, "
		    "hp: 120, position: [60, 20]}\n"
		    "  - name: N\n    edge: north\n    units:\n"
		    "      - {name: Foe, figures: 8, creature: man-at-arms, "
		    "weapons: [spear], position: [30, 20]}\n");
	t.b->round = 1;
	cr_assert(bs1e_contact(t.b, tf_g(&t, 0, 0), tf_g(&t, 1, 0), NULL));
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_divine_awe(t.b);
	cr_assert(bs1e_unit_awed(t.b, tf_g(&t, 0, 0)) &&
		  bs1e_unit_awed(t.b, tf_g(&t, 1, 0)));
	bs1e_phase_melee(t.b);
	cr_expect_eq(tf_count(&t, BS_EV_ATTACK), 0, "no one fights");
	tf_close(&t);
}
