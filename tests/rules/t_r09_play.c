/* Heroes and commanders in play, the Intermediate Game (issue 15): [9.4 B]
 * individual combat (three AD&D melee rounds, [5.2] individual initiative,
 * THAC0 against AC on the matrix, strength, magic, S-M and L damage, 3/2
 * attacks), [9.4 A] character vs figure combat both ways, lone figures on
 * the table that block and are blocked [7.8], their moves (the [9.4] Q&A
 * end-run), death and [9.1] capture, [9.3] deputies and the chain of
 * command taking over, [9.2] the commander who casts, and the Basic Game
 * unchanged. Rulings R-500 .. R-523 (docs/rulings/heroes.md). */
#include <math.h>

#include "ai/doctrine_int.h"
#include "battlesim/ai.h"
#include "battlesim/bs1e_magic.h"
#include "bs1e_fixture.h"

/* ---- scenarios ------------------------------------------------------------
 */

/* A two-side Intermediate Game scenario: each side a unit far in its
 * corner (so that the battle goes on) with its commander, then `u0` /
 * `u1` (more units, YAML list items indented 6) and `i0` / `i1` (more
 * individuals); `head` more top-level lines; `level` basic or
 * intermediate. */
static void heroes_yaml(char *buf, size_t len, const char *level,
			const char *head, const char *u0, const char *i0,
			const char *u1, const char *i1)
{
	int n = snprintf(
	    buf, len,
	    "name: Heroes test\nrules: bs1e\nlevel: %s\ngame: adnd\n"
	    "table: {width: 72, depth: 48}\n%s"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Far S, figures: 8, creature: man-at-arms, weapons: "
	    "[long sword], position: [4, 3], commander: CS}\n%s"
	    "    individuals:\n"
	    "      - {name: CS, class: fighter, level: 3, hp: 20, ac: 5, "
	    "abilities: {cha: 12}, rank: unit}\n%s"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Far N, figures: 8, creature: man-at-arms, weapons: "
	    "[long sword], position: [68, 45], commander: CN}\n%s"
	    "    individuals:\n"
	    "      - {name: CN, class: fighter, level: 3, hp: 20, ac: 5, "
	    "abilities: {cha: 12}, rank: unit}\n%s",
	    level, head ? head : "", u0 ? u0 : "", i0 ? i0 : "", u1 ? u1 : "",
	    i1 ? i1 : "");
	cr_assert(n > 0 && (size_t)n < len, "yaml too long");
}

static void open_heroes(struct tf *t, const char *level, const char *head,
			const char *u0, const char *i0, const char *u1,
			const char *i1)
{
	char *y = malloc(16384);
	cr_assert_not_null(y);
	heroes_yaml(y, 16384, level, head, u0, i0, u1, i1);
	tf_open(t, y);
	free(y);
	t->b->round = 1;
	t->b->side_a = 0;
	t->b->side_order[0] = 0;
	t->b->side_order[1] = 1;
}

/* Global index of individual `name`. */
static int ki(struct tf *t, const char *name)
{
	for (int k = 0; k < t->b->nindivs; k++)
		if (strcmp(t->b->indivs[k].def->name, name) == 0)
			return k;
	cr_assert_fail("no individual %s", name);
	return -1;
}

static struct bs_indiv_state *ind(struct tf *t, const char *name)
{
	return &t->b->indivs[ki(t, name)];
}

/* Global index of unit `name`. */
static int gi(struct tf *t, const char *name)
{
	for (int g = 0; g < t->b->nunits; g++)
		if (strcmp(t->b->units[g].def->name, name) == 0)
			return g;
	cr_assert_fail("no unit %s", name);
	return -1;
}

static int count_by(struct tf *t, enum bs_ev type, int side)
{
	int n = 0;
	for (int i = 0; i < t->nev; i++)
		n += t->evs[i].ev.type == type && t->evs[i].ev.side == side;
	return n;
}

static void melee(struct tf *t)
{
	tf_phase(t, BS_PHASE_MELEE);
	bs1e_phase_melee(t->b);
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
}

/* ---- [9.4 B] individual combat -------------------------------------------
 */

/* [9.4 B] "Individual combat takes place at a rate of 3 AD&D or D&D game
 * melee rounds to 1 BATTLESYSTEM Melee Round"; [5.2] individual
 * initiative each round: the higher strikes first, a tie of the
 * same weapon speed at once. THAC0 20 - AC 10 = 10 on the d20. */
Test(r09_play, s9_4_b_three_melee_rounds_individual_initiative)
{
	struct tf t;
	const char *a, *b;
	a = "      - {name: Ada, class: fighter, level: 1, hp: 30, ac: 10, "
	    "weapon: long sword, position: [36, 20]}\n";
	b = "      - {name: Bors, class: fighter, level: 1, hp: 30, ac: 10, "
	    "weapon: long sword, position: [36, 20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	/* round 1: Ada 6, Bors 1: Ada hits (10) for 5, Bors misses (9);
	 * round 2: Ada 2, Bors 5: Bors hits (15) for 8, Ada misses (1);
	 * round 3: 3 and 3, both long swords: at once, both hit */
	tf_dice(&t, (int[]){6, 1, 10, 5, 9, 2, 5, 15, 8, 1, 3, 3, 20, 8, 12, 3},
		16);
	melee(&t);
	cr_assert_eq(tf_count(&t, BS_EV_INDIV_INIT), 6, "a d6 each, 3 times");
	cr_assert_eq(tf_count(&t, BS_EV_DUEL), 6);
	cr_assert_eq(ind(&t, "Bors")->hp, 30 - 5 - 8);
	cr_assert_eq(ind(&t, "Ada")->hp, 30 - 8 - 3);
	cr_assert_eq(ind(&t, "Ada")->adnd_rounds, 3);
	/* round 2: Bors (the higher d6) strikes first */
	const struct bs_event *d3 = tf_find(&t, BS_EV_DUEL, 2);
	cr_assert_eq(d3->side, 1);
	cr_assert_eq(d3->n[0], 2, "melee round 2");
	cr_assert_eq(d3->n[1], 10, "THAC0 20 - AC 10");
	cr_assert_eq(d3->dice[0], 15);
	cr_assert_eq(d3->n[2], 1);
	cr_assert_str_eq(d3->cite, "[9.4 B]");
	const struct bs_event *i0 = tf_find(&t, BS_EV_INDIV_INIT, 0);
	cr_assert_str_eq(i0->cite, "[5.2] [9.4 B]");
	cr_assert_eq(i0->tside, 1);
	cr_assert_eq(i0->tindiv, 1, "Bors is North's second individual");
	/* nothing of it reaches a unit [9.4 B]: no losses */
	cr_assert_eq(tf_count(&t, BS_EV_LOSSES), 0);
	tf_close(&t);
}

/* [9.4] Q&A (RULING R-520): "If an opposing hero tries to run around him
 * and attack from the rear, it can be assumed that he turns to face his
 * attacker as long as he knows the attacker is there." Bors comes at Ada
 * from behind (she faces north, he stands south of her): the duel is
 * fought as face to face, THAC0 20 - AC 10 = 10 both ways, no rear or
 * flank term, the same blows as the frontal duel above. */
Test(r09_play, s9_4_qa_a_hero_run_around_is_faced_r520)
{
	struct tf t;
	const char *a, *b;
	a = "      - {name: Ada, class: fighter, level: 1, hp: 30, ac: 10, "
	    "weapon: long sword, position: [36, 20]}\n";
	b = "      - {name: Bors, class: fighter, level: 1, hp: 30, ac: 10, "
	    "weapon: long sword, position: [36, 19.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	cr_assert_gt(
	    fabs(bs_angle_diff(ind(&t, "Ada")->facing,
			       bs_facing_of(bs_vec_sub(ind(&t, "Bors")->pos,
						       ind(&t, "Ada")->pos)))),
	    135.0, "he is behind her");
	tf_dice(&t, (int[]){6, 1, 10, 5, 9, 2, 5, 15, 8, 1, 3, 3, 20, 8, 12, 3},
		16);
	melee(&t);
	cr_assert_eq(tf_count(&t, BS_EV_DUEL), 6);
	for (int i = 0; i < 6; i++) {
		const struct bs_event *d = tf_find(&t, BS_EV_DUEL, i);
		cr_assert_eq(d->n[1], 10, "THAC0 20 - AC 10: no rear term");
		for (int j = 0; j < d->deriv.nterms; j++)
			cr_assert(!strstr(d->deriv.term[j].label, "rear") &&
				      !strstr(d->deriv.term[j].label, "flank"),
				  "%s", d->deriv.term[j].label);
	}
	cr_assert_eq(ind(&t, "Bors")->hp, 30 - 5 - 8);
	cr_assert_eq(ind(&t, "Ada")->hp, 30 - 8 - 3);
	tf_close(&t);
}

/* RULING R-509 [5.2] a tie of initiative goes to the lower weapon speed
 * factor; who falls before his turn does not strike. */
Test(r09_play, s5_2_tie_lower_speed_first_and_the_fallen_do_not_strike)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 1, hp: 30, "
			"ac: 10, weapon: dagger, position: [36, 20]}\n";
	const char *b = "      - {name: Bors, class: fighter, level: 1, hp: 2, "
			"ac: 10, weapon: two-handed sword, position: [36, "
			"20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	/* 4 and 4; the dagger (speed 2) before the two-handed sword (10):
	 * d20 20 hits, d4 2: Bors falls */
	tf_dice(&t, (int[]){4, 4, 20, 2}, 4);
	melee(&t);
	cr_assert_eq(tf_count(&t, BS_EV_DUEL), 1, "Bors never strikes");
	cr_assert_eq(ind(&t, "Bors")->alive, 0);
	const struct bs_event *hp = tf_find(&t, BS_EV_HP, 0);
	cr_assert_not_null(hp);
	cr_assert_eq(hp->n[3], 1, "killed");
	cr_assert_str_eq(hp->cite, "[9.4 B]");
	/* RULING R-513: dead at 0 hp, out of play */
	cr_assert(!bs1e_indiv_on_table(t.b, 1, 1));
	tf_close(&t);
}

/* RULING R-509: the same initiative and the same speed: both strike, and
 * both may fall. */
Test(r09_play, s5_2_same_initiative_and_speed_strike_at_once)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 1, hp: 1, "
			"ac: 10, weapon: long sword, position: [36, 20]}\n";
	const char *b = "      - {name: Bors, class: fighter, level: 1, hp: 1, "
			"ac: 10, weapon: long sword, position: [36, 20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	tf_dice(&t, (int[]){3, 3, 20, 1, 20, 1}, 6);
	melee(&t);
	cr_assert_eq(tf_count(&t, BS_EV_DUEL), 2);
	cr_assert_eq(ind(&t, "Ada")->alive, 0);
	cr_assert_eq(ind(&t, "Bors")->alive, 0);
	cr_assert_eq(ind(&t, "Ada")->killed_by, 1);
	tf_close(&t);
}

/* [8.6] "a 7th level fighter is entitled to 3 attacks per 2 melee rounds"
 * (RULING R-508): 1, 2, 1 in the first Melee Phase, 2, 1, 2 in the next;
 * THAC0 14 - AC 10 = 4. */
Test(r09_play, s8_6_fighter_three_attacks_every_two_rounds)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 7, hp: 90, "
			"ac: 10, weapon: long sword, position: [36, 20]}\n";
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 90, "
	    "ac: 10, weapon: long sword, position: [36, 20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	int d[64], n = 0;
	static const int att[6] = {1, 2, 1, 2, 1, 2};
	for (int r = 0; r < 6; r++) {
		d[n++] = 6; /* Ada first */
		d[n++] = 1;
		for (int k = 0; k < att[r]; k++)
			d[n++] = 1; /* Ada misses */
		d[n++] = 1;	    /* Bors misses */
	}
	tf_dice(&t, d, (size_t)n);
	melee(&t);
	cr_assert_eq(count_by(&t, BS_EV_DUEL, 0), 4, "1 + 2 + 1");
	melee(&t);
	cr_assert_eq(count_by(&t, BS_EV_DUEL, 0), 4 + 5, "then 2 + 1 + 2");
	cr_assert_eq(count_by(&t, BS_EV_DUEL, 1), 6);
	tf_close(&t);
}

/* RULING R-507 [8.3] [9.4 B]: the matrix's repeated 20s (THAC0 20 against
 * AC -5 needs 20), strength 18/00 +3 and a +2 weapon to hit; damage d8 +2
 * +6. */
Test(r09_play, s9_4_b_matrix_strength_and_magic_weapon)
{
	struct tf t;
	const char *a =
	    "      - {name: Ada, class: fighter, level: 1, hp: 30, ac: 10, "
	    "abilities: {str: 18/00}, weapon: {name: long sword, plus: 2}, "
	    "position: [36, 20]}\n";
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: -5, weapon: long sword, position: [36, 20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	tf_dice(&t, (int[]){6, 1, 15, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1}, 13);
	melee(&t);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_eq(d->side, 0);
	cr_assert_eq(d->n[1], 15, "20 on the matrix -3 strength -2 weapon");
	cr_assert(tf_has_term(&d->deriv, -3, "strength"));
	cr_assert(tf_has_term(&d->deriv, -2, "long sword +2"));
	cr_assert_eq(d->n[2], 1, "15 hits");
	cr_assert_eq(d->n[3], 1 + 2 + 6, "d8 1 +2 +6 strength");
	cr_assert_eq(bs1e_adnd_needed(20, -5), 20);
	tf_close(&t);
}

/* RULING R-372 [8.3 T10 note] [13.1] in the d20 of individual combat
 * [9.4 B]: a dwarf hero strikes an orc hero at +1 (the PH's racial bonus,
 * the catalog's `to_hit_vs`): THAC0 20 - AC 10 = 10 less 1, so a 9 hits;
 * the orc has no bonus against her. */
Test(r09_play, s9_4_b_ruling_r372_dwarf_strikes_an_orc_at_plus_1)
{
	struct tf t;
	const char *a = "      - {name: Ada, race: dwarf, class: fighter, "
			"level: 1, hp: 30, ac: 10, weapon: battle axe, "
			"position: [36, 20]}\n";
	const char *b = "      - {name: Og2, race: orc, class: fighter, "
			"level: 1, hp: 30, ac: 10, weapon: long sword, "
			"position: [36, 20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	tf_dice(&t, (int[]){6, 1, 9, 4, 9, 6, 1, 1, 1, 6, 1, 1, 1}, 13);
	melee(&t);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_eq(d->side, 0);
	cr_assert_eq(d->n[1], 9, "10 - 1 for a dwarf attacking an orc");
	cr_assert(tf_has_term(&d->deriv, -1, "dwarf attacking orc"));
	cr_assert_eq(d->n[2], 1, "a 9 hits");
	cr_assert_eq(ind(&t, "Og2")->hp, 30 - 4);
	const struct bs_event *o = tf_find(&t, BS_EV_DUEL, 1);
	cr_assert_eq(o->side, 1);
	cr_assert_eq(o->n[1], 11,
		     "no bonus for the orc (his daylight penalty, R-612)");
	cr_assert(!tf_has_term(&o->deriv, 1, "attacking dwarf"));
	cr_assert_eq(o->n[2], 0, "a 9 misses");
	tf_close(&t);
}

/* RULING R-372 [8.3] [13.1] `to_hit_with` in the duel's d20, as on the
 * 1:1 sheet: an elf +1 with a long sword; an elf with a mace has none. */
Test(r09_play, s9_4_b_ruling_r372_elf_with_a_long_sword)
{
	struct tf t;
	const char *a = "      - {name: Ada, race: elf, class: fighter, "
			"level: 1, hp: 30, ac: 10, weapon: long sword, "
			"position: [36, 20]}\n";
	const char *b = "      - {name: Bors, race: elf, class: fighter, "
			"level: 1, hp: 30, ac: 10, weapon: mace, "
			"position: [36, 20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	tf_dice(&t, (int[]){6, 1, 9, 4, 9, 6, 1, 1, 1, 6, 1, 1, 1}, 13);
	melee(&t);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_eq(d->n[1], 9);
	cr_assert(tf_has_term(&d->deriv, -1, "elf with long sword"));
	cr_assert_eq(d->n[2], 1);
	const struct bs_event *o = tf_find(&t, BS_EV_DUEL, 1);
	cr_assert_eq(o->n[1], 10, "no bonus with a mace");
	/* the AI's estimate counts it too */
	const struct bs1e_fighter *fa = bs1e_indiv_fighter(t.b, 0, 1);
	const struct bs1e_fighter *fb = bs1e_indiv_fighter(t.b, 1, 1);
	cr_assert_eq(fa->race_with, -1);
	cr_assert_eq(fb->race_with, 0);
	tf_close(&t);
}

/* [9.4 B] "weapon damage in hit points (small/medium vs large)": a long
 * sword does d12 against an ogre. */
Test(r09_play, s9_4_b_damage_against_size_large)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 1, hp: 30, "
			"ac: 10, weapon: long sword, position: [36, 20]}\n";
	const char *b = "      - {name: Grut, race: ogre, hp: 30, ac: 10, "
			"position: [36, 20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	/* Ada first; 18 hits; d12 11 (a d8 could not show it); then both
	 * miss twice */
	tf_dice(&t, (int[]){6, 1, 18, 11, 1, 6, 1, 1, 1, 6, 1, 1, 1}, 13);
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_eq(d->n[3], 11);
	cr_assert_eq(ind(&t, "Grut")->hp, 19);
	tf_close(&t);
}

/* RULING R-523 [9.4 B] "no attack made while in individual combat can
 * ever affect a figure of 2:1, 5:1, or 10:1 ratio": Ada, in a duel, does
 * not strike the orcs that touch her; one orc figure strikes her. */
Test(r09_play, s9_4_b_no_blow_of_a_duel_reaches_a_unit)
{
	struct tf t;
	const char *u1 = "      - {name: Orcs, figures: 8, creature: orc, "
			 "weapons: [long sword], position: [36.25, 20], "
			 "facing: west, frontage: 1, commander: Og}\n";
	const char *i1 =
	    "      - {name: Og, race: orc, hp: 8, rank: unit}\n"
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 10, weapon: long sword, position: [36, 20.5]}\n";
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 1, hp: 30, "
	    "ac: 10, weapon: long sword, position: [36, 20]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, u1, i1);
	int d[32], n = 0;
	for (int r = 0; r < 3; r++) {
		d[n++] = 6;
		d[n++] = 1;
		d[n++] = 1;
		d[n++] = 1;
	}
	d[n++] = 6; /* the orc figure's 2d6 on Ada */
	d[n++] = 6;
	tf_dice(&t, d, (size_t)n);
	melee(&t);
	cr_assert_eq(tf_count(&t, BS_EV_HERO_ATTACK), 0);
	const struct bs_event *f = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(f, "the orcs may strike her");
	cr_assert_eq(f->tindiv, 1, "Ada (South's second individual)");
	tf_close(&t);
}

/* ---- [9.4 A] character vs figure -------------------------------------------
 */

/* An orc unit facing west, its front touching Ada (standing at x 36). */
#define ORCS_AT_ADA                                                            \
	"      - {name: Orcs, figures: 8, creature: orc, weapons: [long "      \
	"sword], "                                                             \
	"position: [36.25, 20], facing: west, frontage: 4, commander: Og}\n"
#define OG "      - {name: Og, race: orc, hp: 8, rank: unit}\n"

/* [9.4 A] "HERO ATTACKING FIGURE ... If the HD result is 1/2 or more of
 * the figure's HD, the figure takes a wound. (SPECIAL NOTE: Even if the
 * Hero's attack causes more HD of damage than the figure has, the figure
 * still only takes a wound.)" */
Test(r09_play, s9_4_a_hero_wounds_a_figure_never_kills_it)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 8, hp: 60, ac: 2, "
	    "abilities: {str: 18/00}, weapon: {name: long sword, plus: 3}, "
	    "position: [36, 20]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, ORCS_AT_ADA, OG);
	/* Ada's 2d6: 1+1 (the best); the orc figure's: 6+6 */
	tf_dice(&t, (int[]){1, 1, 6, 6}, 4);
	melee(&t);
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_not_null(h);
	cr_assert_gt(h->n[4], 100, "more HD than the figure's 10");
	cr_assert_eq(h->n[5], 0, "no kill");
	cr_assert_eq(h->n[6], 1, "a wound");
	cr_assert_eq(h->n[7], 0, "orcs have 1 HD: he cannot affect them all");
	cr_assert_eq(h->n[0], 15, "3/2 attacks [8.6]");
	cr_assert(tf_has_term(&h->deriv, -3, "strength"));
	const struct bs_unit_state *u = tf_unit(&t, 1, 1);
	cr_assert_eq(u->figures, 8);
	cr_assert_eq(u->wounded, 1);
	tf_close(&t);
}

/* [9.4 A] "If the HD result is less than 1/2 the figure's HD, there is no
 * effect." */
Test(r09_play, s9_4_a_hero_below_half_the_figure_no_effect)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 1, hp: 30, "
	    "ac: 2, weapon: dagger, position: [36, 20]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, ORCS_AT_ADA, OG);
	tf_dice(&t, (int[]){1, 1, 1, 1}, 4);
	melee(&t);
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_lt(2 * h->n[4], 100);
	cr_assert_eq(h->n[6], 0);
	cr_assert_eq(tf_unit(&t, 1, 1)->wounded, 0);
	tf_close(&t);
}

/* RULING R-506 [9.4 A] "a high-level fighter vs. low-level creatures": a
 * 10th-level fighter against 10:1 goblins (1-1 HD) has 10 attacks, one
 * for each goblin of a figure: the normal procedure, and he kills. */
Test(r09_play, s9_4_a_affecting_all_the_creatures_of_a_figure_kills)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 10, hp: 60, ac: 2, "
	    "weapon: long sword, position: [36, 20]}\n";
	const char *u1 =
	    "      - {name: Gobs, figures: 12, creature: goblin, weapons: "
	    "[short sword], position: [36.25, 20], facing: west, frontage: 4, "
	    "commander: Og}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, u1, OG);
	/* and the goblins' morale check at 25% lost [4.4] */
	tf_dice(&t, (int[]){1, 1, 6, 6, 1, 1}, 6);
	melee(&t);
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_eq(h->n[7], 1, "he affects every goblin of a figure");
	cr_assert_eq(h->n[0], 100, "10 attacks [8.6]");
	cr_assert_gt(h->n[5], 0, "figures killed");
	cr_assert_lt(tf_unit(&t, 1, 1)->figures, 12);
	tf_close(&t);
}

/* [9.4 A] "FIGURE ATTACKING HERO: Only 1 figure can attack a size S or
 * size M Hero at a time ... Each HD Of damage caused by the figure causes
 * 4 HP of damage to the Hero", taken at the end of the phase. */
Test(r09_play, s9_4_a_one_figure_attacks_a_hero_4_hp_per_hd)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 5, hp: 40, "
	    "ac: 10, weapon: long sword, position: [36, 20]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, ORCS_AT_ADA, OG);
	tf_dice(&t, (int[]){6, 6, 1, 1}, 4);
	melee(&t);
	const struct bs_event *f = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(f);
	cr_assert_eq(f->n[0], 1, "one figure");
	cr_assert_eq(f->n[5], bs1e_hero_hp_from_hd(f->n[4]));
	cr_assert_gt(f->n[5], 0);
	cr_assert_eq(ind(&t, "Ada")->hp, 40 - f->n[5]);
	const struct bs_event *hp = tf_find(&t, BS_EV_HP, 0);
	cr_assert_eq(hp->n[0], f->n[5]);
	cr_assert_str_eq(hp->cite, "[9.4 A]");
	tf_close(&t);
}

/* RULING R-372 [8.3 T10 note] [13.1] when a figure attacks a hero [9.4
 * A]: ogres attacking a dwarf subtract 4 (AR +4), as against a dwarf
 * unit; a human hero has no such term. */
Test(r09_play, s9_4_a_ruling_r372_ogres_attacking_a_dwarf_hero)
{
	const char *races[2] = {"dwarf", "human"};
	for (int r = 0; r < 2; r++) {
		struct tf t;
		char i0[256];
		snprintf(i0, sizeof i0,
			 "      - {name: Ada, race: %s, class: fighter, "
			 "level: 5, hp: 40, ac: 10, weapon: long sword, "
			 "position: [36, 20]}\n",
			 races[r]);
		const char *u1 =
		    "      - {name: Ogres, figures: 4, creature: ogre, "
		    "position: [36.25, 20], facing: west, frontage: 2, "
		    "commander: Og}\n";
		open_heroes(&t, "intermediate", NULL, NULL, i0, u1, OG);
		tf_dice(&t, (int[]){6, 6, 3, 3}, 4);
		melee(&t);
		const struct bs_event *f = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
		cr_assert_not_null(f);
		cr_assert_eq(tf_has_term(&f->deriv, 4, "ogre attacking dwarf"),
			     r == 0, "%s", races[r]);
		tf_close(&t);
	}
}

/* RULING R-372 [8.3 T10 note] [13.1] when a hero attacks a figure [9.4
 * A]: a dwarf hero attacks orcs at -1 AR. */
Test(r09_play, s9_4_a_ruling_r372_dwarf_hero_attacking_orcs)
{
	struct tf t;
	const char *i0 = "      - {name: Ada, race: dwarf, class: fighter, "
			 "level: 5, hp: 40, ac: 4, weapon: battle axe, "
			 "position: [36, 20]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, ORCS_AT_ADA, OG);
	tf_dice(&t, (int[]){3, 3, 3, 3}, 4);
	melee(&t);
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_not_null(h);
	cr_assert(tf_has_term(&h->deriv, -1, "dwarf attacking orc"));
	const struct bs_event *f = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(f);
	cr_assert(!tf_has_term(&f->deriv, 4, "attacking dwarf"),
		  "orcs have no term against dwarves");
	tf_close(&t);
}

/* [9.4 A] "Up to 3 figures can attack a size L Hero at a time." */
Test(r09_play, s9_4_a_three_figures_attack_a_large_hero)
{
	struct tf t;
	const char *i0 = "      - {name: Grut, race: ogre, hp: 40, ac: 4, "
			 "position: [36, 20]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, ORCS_AT_ADA, OG);
	tf_dice(&t, (int[]){6, 6, 3, 3}, 4);
	melee(&t);
	const struct bs_event *f = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(f);
	cr_assert_eq(f->n[0], 3, "three figures against size L");
	tf_close(&t);
}

/* The [9.4] Q&A: "When a hero is attacked from behind, he remains with
 * his back to the enemy for one attack at most." (RULING R-511: rear -2,
 * then he turns). */
Test(r09_play, s9_4_qa_attacked_from_behind_once)
{
	struct tf t;
	/* Ada faces north (South's facing); the orcs strike from the
	 * south, her back */
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 5, hp: 40, "
	    "ac: 10, weapon: long sword, position: [36, 20]}\n";
	const char *u1 =
	    "      - {name: Orcs, figures: 8, creature: orc, weapons: [long "
	    "sword], position: [36, 19.75], facing: north, frontage: 4, "
	    "commander: Og}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, u1, OG);
	tf_dice(&t, (int[]){6, 6, 3, 3}, 4);
	melee(&t);
	const struct bs_event *f = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(f);
	cr_assert_eq(f->n[6], 1, "from behind");
	cr_assert(tf_has_term(&f->deriv, -2, "rear"));
	/* he turned to face them */
	cr_assert_lt(fabs(bs_angle_diff(ind(&t, "Ada")->facing, 180)), 1);
	tf_close(&t);
}

/* RULING R-500: the counter is square to the table whatever his (free)
 * facing; the Q&A's "from behind" is read from his facing: orcs at his
 * side (90 degrees off) strike him with no rear term, and he turns to
 * face them. */
Test(r09_play, s9_4_qa_counter_square_facing_free_side_is_not_behind)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 5, hp: 40, "
	    "ac: 10, weapon: long sword, position: [36, 20]}\n";
	const char *u1 =
	    "      - {name: Orcs, figures: 8, creature: orc, weapons: [long "
	    "sword], position: [36, 19.75], facing: north, frontage: 4, "
	    "commander: Og}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, u1, OG);
	int k = ki(&t, "Ada");
	struct bs_quad q0 = bs1e_indiv_quad(t.b, k);
	ind(&t, "Ada")->facing = 45;
	struct bs_quad q1 = bs1e_indiv_quad(t.b, k);
	for (int i = 0; i < 4; i++) {
		cr_assert_float_eq(q0.p[i].x, q1.p[i].x, 1e-9);
		cr_assert_float_eq(q0.p[i].y, q1.p[i].y, 1e-9);
	}
	/* its sides along the table's: a 1/2" square centred on him */
	for (int i = 0; i < 4; i++) {
		cr_assert_float_eq(fabs(q1.p[i].x - 36), 0.25, 1e-9);
		cr_assert_float_eq(fabs(q1.p[i].y - 20), 0.25, 1e-9);
	}
	ind(&t, "Ada")->facing = 90;
	tf_dice(&t, (int[]){6, 6, 3, 3}, 4);
	melee(&t);
	const struct bs_event *f = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(f);
	cr_assert_eq(f->n[6], 0, "from his side, not behind");
	cr_assert(!tf_has_term(&f->deriv, -2, "rear"));
	tf_close(&t);
}

/* RULING R-513: a hero at 0 hit points is dead; [9.2] an army commander
 * standing apart is attacked and killed as a hero. */
Test(r09_play, s9_2_independent_commander_attacked_and_killed)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Duke, class: fighter, level: 2, hp: 1, ac: 10, "
	    "weapon: long sword, rank: army, position: [36, 20]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, ORCS_AT_ADA, OG);
	tf_dice(&t, (int[]){6, 6, 1, 1}, 4);
	melee(&t);
	cr_assert_not_null(tf_find(&t, BS_EV_FIGURE_ATTACK, 0));
	cr_assert_eq(ind(&t, "Duke")->alive, 0);
	cr_assert_eq(ind(&t, "Duke")->killed_by, 1);
	const struct bs_event *hp = tf_find(&t, BS_EV_HP, 1);
	cr_assert_not_null(hp);
	cr_assert_eq(hp->n[3], 1);
	tf_close(&t);
}

/* ---- figures on the table [7.7] [7.8] ------------------------------------
 */

/* A move of individual k of side 0 (the fixture asks it). */
static struct bs_indiv_order tf_io[BS_MAX_SIDES][4];
static void tf_move_indiv(void *ctx, const struct bs_battle *b, int side,
			  int indiv, struct bs_indiv_order *out)
{
	(void)ctx;
	(void)b;
	if (indiv < 4 && tf_io[side][indiv].move)
		*out = tf_io[side][indiv];
}

/* RULING R-502 [7.8]: a unit that advances into a hero stops touching
 * him; it does not walk through. */
Test(r09_play, s7_8_a_unit_stops_at_an_enemy_hero)
{
	struct tf t;
	const char *u0 =
	    "      - {name: Foot, figures: 8, creature: man-at-arms, weapons: "
	    "[long sword], position: [36, 14], frontage: 4, commander: CF}\n";
	const char *i0 = "      - {name: CF, class: fighter, level: 3, hp: 20, "
			 "abilities: {cha: 12}, rank: unit}\n";
	const char *i1 =
	    "      - {name: Bors, class: fighter, level: 5, hp: 40, "
	    "ac: 4, weapon: long sword, position: [36, 18]}\n";
	open_heroes(&t, "intermediate", NULL, u0, i0, NULL, i1);
	struct bs_order o = tf_advance(10, 0);
	tf_order(&t, 0, 1, &o);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	const struct bs_unit_state *u = tf_unit(&t, 0, 1);
	cr_assert_lt(u->front.y, 17.76, "stopped at the hero's counter");
	cr_assert_gt(u->front.y, 17.7);
	const struct bs_event *c = tf_find(&t, BS_EV_CONTACT, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->tindiv, 1, "Bors");
	/* [7.8] touching an enemy figure: it is engaged */
	cr_assert(bs1e_engaged(t.b, gi(&t, "Foot")));
	tf_close(&t);
}

/* RULING R-501 [7.7] [7.8]: a hero's move stops where he touches a unit;
 * one who begins touching an enemy may only withdraw (3", away). */
Test(r09_play, s7_8_a_hero_stops_at_a_unit_then_only_withdraws)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 5, hp: 40, "
	    "ac: 4, weapon: long sword, position: [36, 10]}\n";
	const char *u1 =
	    "      - {name: Orcs, figures: 8, creature: orc, weapons: [long "
	    "sword], position: [36, 14], facing: north, frontage: 4, "
	    "commander: Og}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, u1, OG);
	t.ctl.move_indiv = tf_move_indiv;
	memset(tf_io, 0, sizeof tf_io);
	/* through the orcs to (36, 20): he stops at their rear edge */
	tf_io[0][1] = (struct bs_indiv_order){.move = 1, .x = 36, .y = 20};
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	struct bs_indiv_state *a = ind(&t, "Ada");
	cr_assert_lt(a->pos.y, 13.8, "stopped short of the block");
	cr_assert(bs1e_indiv_engaged(t.b, 0, 1));
	/* next round: 6" away is refused, 2.5" back allowed */
	struct bs1e_indiv_outcome oc;
	struct bs_indiv_order far = {.move = 1, .x = 36, .y = a->pos.y - 6};
	a->flags = 0;
	cr_assert(!bs1e_check_indiv_move(t.b, 0, 1, &far, &oc));
	cr_assert_str_eq(oc.cite, "[7.8] [7.12]");
	struct bs_indiv_order back = {.move = 1, .x = 36, .y = a->pos.y - 2.5};
	cr_assert(bs1e_check_indiv_move(t.b, 0, 1, &back, &oc), "%s", oc.why);
	tf_close(&t);
}

/* The [9.4] Q&A: "Heroes can make end-runs around units and attack them
 * from the rear if they have enough movement" (R-501: waypoints). */
Test(r09_play, s9_4_qa_end_run_around_a_unit)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 5, hp: 40, "
	    "ac: 4, weapon: long sword, mv: 18, position: [36, "
	    "12]}\n";
	const char *u1 =
	    "      - {name: Orcs, figures: 8, creature: orc, weapons: [long "
	    "sword], position: [36, 15], facing: south, frontage: 4, "
	    "commander: Og}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, u1, OG);
	/* round the orcs' west flank to their rear (the north edge) */
	struct bs_indiv_order o = {.move = 1, .x = 36, .y = 16};
	o.nvia = 2;
	o.via[0][0] = 32;
	o.via[0][1] = 14;
	o.via[1][0] = 32;
	o.via[1][1] = 18;
	struct bs1e_indiv_outcome oc;
	cr_assert(bs1e_check_indiv_move(t.b, 0, 1, &o, &oc), "%s", oc.why);
	cr_assert_eq(oc.contact_enemy, 1);
	cr_assert_eq(oc.contact_unit, 1, "the orcs");
	struct bs_quad q = bs1e_quad(t.b, gi(&t, "Orcs"));
	cr_assert_eq(bs_tt_arc_from(&q, oc.at, NULL), BS_ARC_REAR);
	/* more than his MV: refused */
	o.x = 70;
	cr_assert(!bs1e_check_indiv_move(t.b, 0, 1, &o, &oc));
	tf_close(&t);
}

/* ---- [11.8] Table 14 for a figure standing alone (RULING R-455) --------
 */

#define WOODS_HEAD                                                             \
	"terrain:\n  - {name: Thornwood, type: woods, points: [[20, 12], "     \
	"[52, 12], [52, 40], [20, 40]]}\n"

/* The NOTE of individual k's move over the ground, or NULL. */
static const struct bs_event *indiv_note(struct tf *t, int side, int indiv)
{
	for (int i = 0; i < t->nev; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		if (e->type == BS_EV_NOTE && e->side == side &&
		    e->indiv == indiv && e->unit < 0)
			return e;
	}
	return NULL;
}

/* RULING R-455 [11.8] "Woods: Penalty of 1/3 to normal movement": a hero
 * on his own pays it as a unit of one figure (an inch in the woods costs
 * 1 1/2); an elf (woodland) ignores it. */
Test(r09_play, s11_8_ruling_r455_a_hero_pays_the_woods)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 5, hp: 40, ac: 4, "
	    "weapon: long sword, mv: 12, position: [30, 8]}\n"
	    "      - {name: Elwen, race: elf, class: fighter, level: 5, hp: "
	    "30, ac: 4, weapon: long sword, mv: 12, position: [40, 8]}\n";
	open_heroes(&t, "intermediate", WOODS_HEAD, NULL, i0, NULL, NULL);
	int ada = ki(&t, "Ada"), elwen = ki(&t, "Elwen");
	double w = bs1e_sc(t.b)->ix[ada].base;
	struct bs1e_indiv_outcome oc;
	struct bs_indiv_order o = {.move = 1, .x = 30, .y = 20};
	cr_assert(bs1e_check_indiv_move(t.b, 0, 1, &o, &oc), "%s", oc.why);
	/* clear up to the edge of the woods (his counter's front at y = 12),
	 * then the 12" he has left pays 1 1/2 an inch */
	double clear = 12 - (8 + w / 2);
	double want = 8 + clear + (12 - clear) / 1.5;
	cr_assert_float_eq(oc.at.y, want, 0.02, "at %f, want %f", oc.at.y,
			   want);
	cr_assert_float_eq(oc.spent, 12, 0.02);
	/* the elf goes the whole 12" */
	o.x = 40;
	cr_assert(bs1e_check_indiv_move(t.b, 0, 2, &o, &oc), "%s", oc.why);
	cr_assert_float_eq(oc.at.y, 20, 1e-6);
	cr_assert_float_eq(oc.spent, 12, 1e-6);
	/* carried out: the move, then the NOTE with its rate and cite */
	t.ctl.move_indiv = tf_move_indiv;
	memset(tf_io, 0, sizeof tf_io);
	tf_io[0][1] = (struct bs_indiv_order){.move = 1, .x = 30, .y = 20};
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_float_eq(t.b->indivs[ada].pos.y, want, 0.02);
	cr_assert_float_eq(t.b->indivs[elwen].pos.y, 8, 1e-9, "not asked");
	const struct bs_event *n = indiv_note(&t, 0, 1);
	cr_assert_not_null(n);
	cr_assert(strstr(n->what, "woods 'Thornwood': movement at 2/3"), "%s",
		  n->what);
	cr_assert(strstr(n->cite, "RULING R-455"), "%s", n->cite);
	const struct bs_event *m = tf_find(&t, BS_EV_MOVE, 0);
	cr_assert_not_null(m);
	cr_assert_eq(m->n[2], 120, "MV used 12\"");
	tf_close(&t);
}

/* RULING R-455 [11.8] "Units can never enter these terrain features
 * unless entirely made of aquatic or amphibious creatures": a hero stops
 * short of a lake; a fordable river he crosses as an obstacle, 1/3 of his
 * MV (RULING ); a hill costs 1/3 per 10 feet climbed. */
Test(r09_play, s11_8_ruling_r455_water_obstacles_and_climbs)
{
	struct tf t;
	const char *head =
	    "terrain:\n"
	    "  - {name: Mere, type: lake, points: [[10, 14], [26, 14], [26, "
	    "30], [10, 30]]}\n"
	    "  - {name: Ford, type: river, fordable: true, points: [[30, 14], "
	    "[42, 14], [42, 15], [30, 15]]}\n"
	    "  - {name: Knoll, type: hill, elevation: 1, points: [[46, 14], "
	    "[60, 14], [60, 30], [46, 30]]}\n";
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 5, hp: 40, ac: 4, "
	    "weapon: long sword, mv: 12, position: [18, 8]}\n"
	    "      - {name: Bran, class: fighter, level: 5, hp: 40, ac: 4, "
	    "weapon: long sword, mv: 12, position: [36, 8]}\n"
	    "      - {name: Cole, class: fighter, level: 5, hp: 40, ac: 4, "
	    "weapon: long sword, mv: 12, position: [53, 8]}\n";
	open_heroes(&t, "intermediate", head, NULL, i0, NULL, NULL);
	double w = bs1e_sc(t.b)->ix[ki(&t, "Ada")].base;
	struct bs1e_indiv_outcome oc;
	/* the lake: he stops at its edge (legal, short) */
	struct bs_indiv_order o = {.move = 1, .x = 18, .y = 20};
	cr_assert(bs1e_check_indiv_move(t.b, 0, 1, &o, &oc), "%s", oc.why);
	struct bs_quad cq = bs1e_counter_at(oc.at, w);
	cr_assert(!bs_terrain_quad_on(t.b->terrain, 0, &cq), "not in the lake");
	cr_assert_gt(oc.at.y + w / 2, 13.9, "at its edge");
	cr_assert_lt(oc.spent, 6, "stopped by the water, not the MV");
	/* the ford: 1/3 MV (4") paid at it, 8" of way in all */
	o.x = 36;
	cr_assert(bs1e_check_indiv_move(t.b, 0, 2, &o, &oc), "%s", oc.why);
	cr_assert_float_eq(oc.at.y, 16, 0.02, "at %f", oc.at.y);
	cr_assert_float_eq(oc.spent, 12, 0.02);
	/* the hill: his centre climbs 10 feet at y = 14, 4" of MV */
	o.x = 53;
	cr_assert(bs1e_check_indiv_move(t.b, 0, 3, &o, &oc), "%s", oc.why);
	cr_assert_float_eq(oc.at.y, 16, 0.02, "at %f", oc.at.y);
	tf_close(&t);
}

/* RULING R-455 (R-445) "To use a road, the entire unit must be on the
 * road ... for the entire move": a figure on the road goes 4/3 of his MV
 * along it; a move that leaves it is paid without the bonus. */
Test(r09_play, s11_8_ruling_r455_a_figure_on_the_road)
{
	struct tf t;
	const char *head =
	    "terrain:\n  - {name: Keep road, type: road, points: [[34, 2], "
	    "[38, 2], [38, 40], [34, 40]]}\n";
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 5, hp: 40, ac: 4, "
	    "weapon: long sword, mv: 12, position: [36, 6]}\n";
	open_heroes(&t, "intermediate", head, NULL, i0, NULL, NULL);
	struct bs1e_indiv_outcome oc;
	struct bs_indiv_order o = {.move = 1, .x = 36, .y = 22};
	cr_assert(bs1e_check_indiv_move(t.b, 0, 1, &o, &oc), "%s", oc.why);
	cr_assert_float_eq(oc.at.y, 22, 1e-6, "16\" on the road");
	cr_assert_float_eq(oc.spent, 12, 1e-6);
	/* off the road at the end: the whole move re-priced at full cost,
	 * it stops when 12" are spent, 4" past the bend */
	o.nvia = 1;
	o.via[0][0] = 36;
	o.via[0][1] = 14;
	o.x = 44;
	o.y = 14;
	cr_assert(bs1e_check_indiv_move(t.b, 0, 1, &o, &oc), "%s", oc.why);
	cr_assert_float_eq(oc.at.y, 14, 1e-6);
	cr_assert_float_eq(oc.at.x, 40, 1e-6, "at %f", oc.at.x);
	cr_assert_float_eq(oc.spent, 12, 1e-6);
	/* beyond 4/3 of his MV: refused */
	struct bs_indiv_order far = {.move = 1, .x = 36, .y = 23};
	cr_assert(!bs1e_check_indiv_move(t.b, 0, 1, &far, &oc));
	tf_close(&t);
}

/* ---- [9.3] deputies, [9.0] roles, [9.2] casting --------------------------
 */

static struct bs_role_order tf_ro[8];
static int tf_nro;
static int tf_roles(void *ctx, const struct bs_battle *b, int side,
		    struct bs_role_order *out, int max)
{
	(void)ctx;
	(void)b;
	int n = 0;
	for (int i = 0; i < tf_nro && n < max; i++)
		if (side == 0)
			out[n++] = tf_ro[i];
	return n;
}

#define DUKE_AND_DEPUTY                                                        \
	"      - {name: Duke, class: fighter, level: 6, hp: 40, ac: 3, "       \
	"abilities: {cha: 16}, rank: army, position: [30, 2]}\n"               \
	"      - {name: Dep, class: fighter, level: 4, hp: 30, ac: 4, "        \
	"abilities: {cha: 14}, deputy_of: Duke, position: [40, 2]}\n"

/* [9.3] "A Deputy Commander can take over for his designated commander if
 * that commander dies" (RULING R-514): from the next Movement Phase, as a
 * change of role [9.0]; then he commands as the Army Commander. */
Test(r09_play, s9_3_a_deputy_takes_over_in_play)
{
	struct tf t;
	open_heroes(&t, "intermediate", NULL, NULL, DUKE_AND_DEPUTY, NULL,
		    NULL);
	t.ctl.roles = tf_roles;
	int duke = ki(&t, "Duke"), dep = ki(&t, "Dep");
	cr_assert(bs1e_authority_now(t.b, 0, 1, 0, BS1E_ACT_COMMAND),
		  "the Duke commands every unit");
	cr_assert(!bs1e_authority_now(t.b, 0, 2, 0, BS1E_ACT_COMMAND));
	struct bs_role_order r = {
	    .indiv = 2, .act = BS_RA_TAKE_OVER, .unit = -1, .post = 1};
	const char *why;
	cr_assert(!bs1e_check_role(t.b, 0, &r, &why, NULL),
		  "not while he lives");
	bs1e_indiv_killed(t.b, duke, 1, "test", "[9.4 B]");
	cr_assert(!bs1e_check_role(t.b, 0, &r, &why, NULL));
	cr_assert(strstr(why, "next"), "%s", why);
	t.b->round = 2;
	tf_ro[0] = r;
	tf_nro = 1;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_roles_phase(t.b, 0);
	const struct bs_event *e = tf_find(&t, BS_EV_ROLE, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[0], BS_RA_TAKE_OVER);
	cr_assert_eq(e->tindiv, 1);
	cr_assert_str_eq(e->cite, "[9.3]");
	cr_assert_eq(t.b->indivs[dep].rank, BS_RANK_ARMY);
	cr_assert(bs1e_authority_now(t.b, 0, 2, 0, BS1E_ACT_COMMAND));
	cr_assert(bs1e_authority_now(t.b, 0, 2, 0, BS1E_ACT_RALLY));
	tf_nro = 0;
	tf_close(&t);
}

/* [9.3] optional rule: the Chain of Command chart: when the deputy is
 * lost too, the next in the chart moves into the position; not before
 * those above him. */
Test(r09_play, s9_3_chain_of_command_optional_rule)
{
	struct tf t;
	const char *i0 = DUKE_AND_DEPUTY
	    "      - {name: Sir Kay, class: fighter, level: 3, hp: 20, ac: 5, "
	    "position: [44, 2]}\n";
	char side0[1024];
	snprintf(side0, sizeof side0, "%s", i0);
	char *y = malloc(16384);
	heroes_yaml(y, 16384, "intermediate", NULL, NULL, side0, NULL, NULL);
	/* the side's chart, after its individuals */
	char *at = strstr(y, "  - name: North");
	cr_assert_not_null(at);
	char *tail = strdup(at);
	snprintf(at, 16384 - (size_t)(at - y),
		 "    chain_of_command:\n"
		 "      - {post: Duke, successors: [Dep, Sir Kay]}\n%s",
		 tail);
	free(tail);
	tf_open(&t, y);
	free(y);
	t.b->round = 1;
	cr_assert_eq(t.sc->sides[0].nchain, 1);
	bs1e_indiv_killed(t.b, ki(&t, "Duke"), 1, "test", "[9.4 B]");
	t.b->round = 2;
	struct bs_role_order r = {
	    .indiv = 3, .act = BS_RA_TAKE_OVER, .unit = -1, .post = 1};
	const char *why;
	cr_assert(!bs1e_check_role(t.b, 0, &r, &why, NULL));
	cr_assert(strstr(why, "before him"), "%s", why);
	bs1e_indiv_killed(t.b, ki(&t, "Dep"), 1, "test", "[9.4 B]");
	cr_assert(bs1e_check_role(t.b, 0, &r, &why, NULL), "%s", why);
	tf_close(&t);
}

/* [9.2] "If a spell is CAST by a commander, his unit is out of command for
 * the entire Game Round" (RULING R-515): the magic rules' hook. */
Test(r09_play, s9_2_a_commander_who_casts_a_spell)
{
	struct tf t;
	open_heroes(&t, "intermediate", NULL, NULL, NULL, NULL, NULL);
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	const struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert(!(u->flags & BS_UF_OUT_OF_COMMAND));
	bs1e_commander_casts(t.b, 0, 0);
	cr_assert(u->flags & BS_UF_OUT_OF_COMMAND);
	cr_assert(!bs1e_authority_now(t.b, 0, 0, 0, BS1E_ACT_COMMAND));
	int found = 0;
	for (int i = 0; i < t.nev; i++)
		found |= t.evs[i].ev.type == BS_EV_COMMAND &&
			 strstr(t.evs[i].what, "cast a spell");
	cr_assert(found);
	/* the next Game Round, in command again */
	t.b->indivs[t.b->indiv_first[0]].flags = 0;
	bs1e_command_update(t.b, 0);
	cr_assert(!(u->flags & BS_UF_OUT_OF_COMMAND));
	tf_close(&t);
}

/* [9.0] "PC/NPC individuals can change roles during a battle. All changes
 * of roles must be declared at the beginning of the Movement Phase"
 * (RULING R-503): a Unit Commander becomes a hero: he steps out, his unit
 * is out of command for the rest of the round; one change a round. */
Test(r09_play, s9_0_a_unit_commander_becomes_a_hero)
{
	struct tf t;
	open_heroes(&t, "intermediate", NULL, NULL, NULL, NULL, NULL);
	t.ctl.roles = tf_roles;
	tf_ro[0] = (struct bs_role_order){
	    .indiv = 0, .act = BS_RA_HERO, .unit = -1, .post = -1};
	tf_ro[1] = (struct bs_role_order){
	    .indiv = 0, .act = BS_RA_MEMBER, .unit = 0, .post = -1};
	tf_nro = 2;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_roles_phase(t.b, 0);
	struct bs_indiv_state *c = ind(&t, "CS");
	cr_assert_eq(c->role, BS_ROLE_HERO);
	cr_assert_eq(c->with_unit, -1);
	cr_assert(bs1e_indiv_on_table(t.b, 0, 0));
	cr_assert_eq(tf_unit(&t, 0, 0)->commander, -1);
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_OUT_OF_COMMAND);
	/* his counter touches the unit's block and overlaps nothing */
	struct bs_quad q = bs1e_indiv_counter(t.b, 0, 0);
	struct bs_quad u = bs1e_quad(t.b, 0);
	cr_assert_leq(bs_quad_dist(&q, &u), BS_GEOM_TOUCH);
	cr_assert(!bs_quad_overlap(&q, &u));
	cr_assert_eq(tf_count(&t, BS_EV_ROLE), 1);
	cr_assert_eq(count_by(&t, BS_EV_REJECTED, 0), 1, "one change a round");
	tf_nro = 0;
	tf_close(&t);
}

/* RULING R-503 [9.3]: a hero who touches a unit that has lost its Unit
 * Commander and is out of command takes its command. */
Test(r09_play, s9_3_a_hero_takes_command_of_a_unit_out_of_command)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 5, hp: 40, "
	    "ac: 4, abilities: {cha: 15}, weapon: long sword, "
	    "position: [4, 1.25]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, NULL, NULL);
	struct bs_role_order r = {
	    .indiv = 1, .act = BS_RA_COMMAND, .unit = 0, .post = -1};
	const char *why;
	cr_assert(!bs1e_check_role(t.b, 0, &r, &why, NULL),
		  "the unit has its commander");
	/* Table 5 "The unit's commander is killed": the check passes */
	tf_dice(&t, (int[]){1, 1}, 2);
	bs1e_indiv_killed(t.b, ki(&t, "CS"), 1, "test", "[9.4 B]");
	cr_assert_not_null(tf_find(&t, BS_EV_MORALE, 0));
	tf_phase(&t, BS_PHASE_MOVEMENT);
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_OUT_OF_COMMAND);
	cr_assert(bs1e_check_role(t.b, 0, &r, &why, NULL), "%s", why);
	t.ctl.roles = tf_roles;
	tf_ro[0] = r;
	tf_nro = 1;
	bs1e_roles_phase(t.b, 0);
	cr_assert_eq(tf_unit(&t, 0, 0)->commander, 1);
	cr_assert_eq(ind(&t, "Ada")->with_unit, 0);
	cr_assert(!(tf_unit(&t, 0, 0)->flags & BS_UF_OUT_OF_COMMAND));
	tf_nro = 0;
	tf_close(&t);
}

/* [9.3] "A Deputy Commander can only take over command of a unit that is
 * currently out of command" (RULING R-514): CS dies; his deputy Dep
 * touches Far S, but the Duke (the Army Commander) keeps it in command:
 * the take-over is refused; the Duke dead too, Far S is out of command and
 * Dep takes it over. */
Test(r09_play, s9_3_a_deputy_takes_over_only_a_unit_out_of_command)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Dep, class: fighter, level: 4, hp: 30, ac: 4, "
	    "abilities: {cha: 14}, deputy_of: CS, position: [4, 1.25]}\n"
	    "      - {name: Duke, class: fighter, level: 6, hp: 40, ac: 3, "
	    "abilities: {cha: 16}, rank: army, position: [8, 2]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, NULL, NULL);
	struct bs_role_order r = {
	    .indiv = 1, .act = BS_RA_TAKE_OVER, .unit = -1, .post = 0};
	const char *why = NULL, *cite = NULL;
	tf_dice(&t, (int[]){1, 1, 1, 1}, 4);
	bs1e_indiv_killed(t.b, ki(&t, "CS"), 1, "test", "[9.4 B]");
	t.b->round = 2;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	cr_assert(!(tf_unit(&t, 0, 0)->flags & BS_UF_OUT_OF_COMMAND),
		  "in command by the Duke [4.10]");
	cr_assert(!bs1e_check_role(t.b, 0, &r, &why, &cite));
	cr_assert(strstr(why, "only a unit out of command"), "%s", why);
	cr_assert_str_eq(cite, "[9.3]");
	bs1e_indiv_killed(t.b, ki(&t, "Duke"), 1, "test", "[9.4 B]");
	tf_phase(&t, BS_PHASE_MOVEMENT);
	cr_assert(tf_unit(&t, 0, 0)->flags & BS_UF_OUT_OF_COMMAND);
	cr_assert(bs1e_check_role(t.b, 0, &r, &why, &cite), "%s", why);
	t.ctl.roles = tf_roles;
	tf_ro[0] = r;
	tf_nro = 1;
	bs1e_roles_phase(t.b, 0);
	tf_nro = 0;
	cr_assert_eq(tf_unit(&t, 0, 0)->commander, 1, "Dep leads Far S");
	cr_assert(!(tf_unit(&t, 0, 0)->flags & BS_UF_OUT_OF_COMMAND));
	tf_close(&t);
}

/* The [9.1] Q&A: "A hero affects a unit's AR or other statistics only
 * when he is averaged in with the rest of the unit when the unit's roster
 * is prepared ... This must be done before the game starts ... If this is
 * done, the hero does not fight on his own" (RULING R-518): a hero who
 * joins a unit in play is with it (no longer a figure on the table) and
 * changes none of its numbers. */
Test(r09_play, s9_1_qa_a_hero_who_joins_a_unit_changes_none_of_its_numbers)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Ada, class: fighter, level: 9, hp: 60, "
	    "ac: -2, abilities: {str: 18}, weapon: long sword, "
	    "position: [4, 1.25]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, NULL, NULL);
	struct bs_deriv d0, d1;
	bs1e_unit_melee_ar(t.b, 0, BS_ARC_FRONT, 0, &d0);
	int ac0 = tf_unit(&t, 0, 0)->r.ac, figs0 = tf_unit(&t, 0, 0)->figures;
	cr_assert(bs1e_indiv_on_table(t.b, 0, 1));
	t.ctl.roles = tf_roles;
	tf_ro[0] = (struct bs_role_order){
	    .indiv = 1, .act = BS_RA_MEMBER, .unit = 0, .post = -1};
	tf_nro = 1;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_roles_phase(t.b, 0);
	struct bs_indiv_state *c = ind(&t, "Ada");
	cr_assert_eq(c->with_unit, 0);
	cr_assert_eq(c->role, BS_ROLE_MEMBER);
	cr_assert(!bs1e_indiv_on_table(t.b, 0, 1), "no longer a lone figure");
	bs1e_unit_melee_ar(t.b, 0, BS_ARC_FRONT, 0, &d1);
	cr_assert_eq(d1.value, d0.value, "the unit's AR as its roster made it");
	cr_assert_eq(tf_unit(&t, 0, 0)->r.ac, ac0);
	cr_assert_eq(tf_unit(&t, 0, 0)->figures, figs0);
	tf_nro = 0;
	tf_close(&t);
}

/* ---- [9.1] capture ------------------------------------------------------ */

/* [9.1] "A wounded or stunned character is automatically captured by the
 * enemy if at the end of the battle the enemy's forces hold the AREA where
 * the character fell" (RULING R-516). */
Test(r09_play, s9_1_wounded_character_captured_at_the_end)
{
	struct tf t;
	const char *u1 =
	    "      - {name: Orcs, figures: 8, creature: orc, weapons: [long "
	    "sword], position: [8, 10], facing: south, commander: Og}\n";
	open_heroes(&t, "intermediate", NULL, NULL, NULL, u1, OG);
	tf_phase(&t, BS_PHASE_MELEE);
	struct bs1e_hit h;
	memset(&h, 0, sizeof h);
	h.from = gi(&t, "Orcs");
	h.from_indiv = -1;
	h.to = 0;
	h.c.killed = 8;
	/* Table 11: 5, badly wounded */
	tf_dice(&t, (int[]){5}, 1);
	bs1e_apply_hits(t.b, 0, &h, 1, "test");
	struct bs_indiv_state *c = ind(&t, "CS");
	cr_assert_eq(c->fate, BS1E_FATE_BADLY_WOUNDED);
	t.b->result.winner = 1;
	bs1e_indivs_capture(t.b);
	cr_assert_eq(c->captured, 1);
	cr_assert_eq(t.b->result.side[0].indivs_captured, 1);
	const struct bs_event *e = tf_find(&t, BS_EV_CAPTURE, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->tside, 1);
	/* "If the character's side is victorious, the character can return
	 * to his unit" */
	c->captured = -1;
	t.b->result.winner = 0;
	bs1e_indivs_capture(t.b);
	cr_assert_eq(c->captured, -1);
	tf_close(&t);
}

/* ---- the Basic Game (RULING R-517) ---------------------------------------
 */

/* Part 2: "Brigade and Army Commanders can operate as independent
 * figures, but Individual Combat [9.4] is not allowed": at `basic` a lone
 * commander is no obstacle and fights no one. */
Test(r09_play, s_part2_basic_game_lone_commanders_are_markers)
{
	struct tf t;
	const char *i0 =
	    "      - {name: Duke, class: fighter, level: 6, hp: 40, ac: 3, "
	    "rank: army, position: [36, 20]}\n";
	const char *i1 =
	    "      - {name: Bors, class: fighter, level: 5, hp: 40, "
	    "ac: 4, weapon: long sword, rank: army, position: "
	    "[36, 20.5]}\n";
	open_heroes(&t, "basic", NULL, NULL, i0, NULL, i1);
	struct bs_quad o[BS1E_MAX_OBST];
	cr_assert_eq(bs1e_obstacles_all(t.b, -1, -1, -1, o, NULL),
		     bs1e_obstacles(t.b, -1, -1, o, NULL));
	cr_assert(!bs1e_indiv_on_table(t.b, 0, 1));
	melee(&t);
	cr_assert_eq(tf_count(&t, BS_EV_DUEL), 0);
	cr_assert_eq(tf_count(&t, BS_EV_INDIV_INIT), 0);
	tf_close(&t);
}

/* ---- heroes who shoot [9.4] [10.0] (RULING R-525 .. R-528) ----------------
 */

/* The shots a test orders: fire_indiv gives these. */
static struct bs_indiv_fire_order shot_orders[8];
static int nshot_orders;

static int tf_fire_indiv(void *ctx, const struct bs_battle *b, int side,
			 struct bs_indiv_fire_order *out, int max)
{
	(void)ctx;
	(void)b;
	int n = 0;
	for (int i = 0; i < nshot_orders && n < max; i++)
		if (side == 0)
			out[n++] = shot_orders[i];
	return n;
}

static void hero_fire(struct tf *t, int side)
{
	t->ctl.fire_indiv = tf_fire_indiv;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
	bs1e_heroes_fire(t->b, side, BS_FIRE_PHASE);
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
}

#define ARCHER_ADA                                                             \
	"      - {name: Ada, class: fighter, level: 1, hp: 30, ac: 10, "       \
	"abilities: {dex: 17}, weapon: long bow, position: [36, 20]}\n"

/* RULING R-527 [9.4 B] [10.0]: a hero shoots a hero by AD&D rules:
 * THAC0 20 - AC 5 = 15, +2 at medium range (9.5" of the long bow's
 * 7/14/21), -2 for dexterity 17: a 15 hits, d6 hit points; the long
 * bow's 2 shots a Game Round (R-526), a third is rejected [10.2]. */
Test(r09_play, s9_4_b_s10_0_ruling_r527_hero_shoots_a_hero)
{
	struct tf t;
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: long sword, position: [36, 30]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA, NULL, b);
	for (int i = 0; i < 3; i++)
		shot_orders[i] =
		    (struct bs_indiv_fire_order){1, 1, -1, 1, "test", 0};
	nshot_orders = 3;
	tf_dice(&t, (int[]){15, 4, 14}, 3);
	hero_fire(&t, 0);
	cr_assert_eq(tf_count(&t, BS_EV_DUEL), 2, "two shots of the long bow");
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_eq(d->n[8], 1, "a shot");
	cr_assert_eq(d->n[9], 1, "medium range");
	cr_assert_eq(d->n[1], 15, "15 +2 medium -2 dexterity");
	cr_assert(tf_has_term(&d->deriv, 2, "medium range"));
	cr_assert(tf_has_term(&d->deriv, -2, "dexterity 17"));
	cr_assert_eq(d->n[2], 1, "15 hits");
	cr_assert_eq(d->n[3], 4, "d6");
	const struct bs_event *e = tf_find(&t, BS_EV_DUEL, 1);
	cr_assert_eq(e->n[2], 0, "14 misses");
	cr_assert_eq(ind(&t, "Bors")->hp, 30 - 4);
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r, "the third shot");
	cr_assert_str_eq(r->what, "no shot left this Game Round");
	tf_close(&t);
}

/* [11.9] "Elves and other woodland creatures can sight and cast spells
 * up to 6" in woods; all other creatures can sight and cast spells only up
 * to 1"": 3" of woods between Ada and Bors hide him from a human archer,
 * not from an elf (her race's woodland flag, as her movement's). */
Test(r09_play, s11_9_a_woodland_hero_sees_6_in_woods)
{
	const char *woods = "terrain:\n  - name: Thicket\n    type: woods\n"
			    "    points: [[30, 23], [42, 23], [42, 26], "
			    "[30, 26]]\n";
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: long sword, position: [36, 30]}\n";
	struct tf t;
	struct bs1e_indiv_shot p;
	struct bs_indiv_fire_order o = {1, 1, -1, 1, NULL, 0};
	open_heroes(&t, "intermediate", woods, NULL, ARCHER_ADA, NULL, b);
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 0,
		     "a human sees 1\" in woods");
	cr_assert(strstr(p.cite, "[11.9]"), "%s: %s", p.cite, p.why);
	tf_close(&t);
	const char *elf =
	    "      - {name: Ada, race: elf, class: fighter, level: 1, hp: 30, "
	    "ac: 10, abilities: {dex: 17}, weapon: long bow, position: [36, "
	    "20]}\n";
	open_heroes(&t, "intermediate", woods, NULL, elf, NULL, b);
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 1,
		     "an elf sees 6\" in woods: %s", p.why ? p.why : "");
	tf_close(&t);
	/* no woods: the human sees him */
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA, NULL, b);
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 1, "%s",
		     p.why ? p.why : "");
	tf_close(&t);
}

/* [10.1] "A unit that is in base-to-base contact with enemy figures
 * cannot use missile weapons"; [10.0] nothing beyond long range; RULING
 * R-525 a melee weapon does not shoot. */
Test(r09_play, s10_1_s10_0_ruling_r525_hero_in_contact_or_out_of_range)
{
	struct tf t;
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: long sword, position: [36, 20.5]}\n"
	    "      - {name: Cid, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: long sword, position: [10, 20]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA, NULL, b);
	struct bs1e_indiv_shot p;
	struct bs_indiv_fire_order o = {1, 1, -1, 1, NULL, 0};
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 0);
	cr_assert_str_eq(p.cite, "[10.1]", "%s", p.why);
	ind(&t, "Bors")->pos = (struct bs_vec){36, 44};
	o.tindiv = 2; /* Cid, 26" away: beyond 21" */
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 0);
	cr_assert_str_eq(p.why, "the target is out of range");
	ind(&t, "Cid")->pos = (struct bs_vec){20, 20};
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 1, "%s", p.why);
	cr_assert_eq(p.band, 2, "15.5\": long range");
	/* Bors (a long sword) cannot shoot back */
	struct bs_indiv_fire_order ob = {1, 0, -1, 1, NULL, 0};
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 1, &ob, &p), 0);
	cr_assert_str_eq(p.why, "he has no missile weapon");
	tf_close(&t);
}

/* [9.4 A] RULING R-528: a hero's shot at a 10:1 figure of orcs (10 HD) by
 * the BATTLESYSTEM missile procedure [10.0]: even the best roll does
 * less than 1/2 of its HD: no effect. */
Test(r09_play, s9_4_a_s10_0_ruling_r528_shot_at_orcs_no_effect)
{
	struct tf t;
	const char *u = "      - {name: Orcs, figures: 8, creature: orc, "
			"weapons: [long sword], position: [36, 30], "
			"facing: south, frontage: 4, commander: Og}\n";
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA, u, OG);
	shot_orders[0] = (struct bs_indiv_fire_order){1, 1, 1, -1, "test", 0};
	nshot_orders = 1;
	tf_dice(&t, (int[]){1, 1}, 2);
	hero_fire(&t, 0);
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_not_null(h);
	cr_assert_eq(h->n[8], 1, "a shot");
	cr_assert_eq(h->n[0], 10, "one attack");
	cr_assert_eq(h->n[7], 0, "10 orcs a figure");
	cr_assert_lt(2 * h->n[4], 100, "less than half of 10 HD");
	cr_assert_eq(h->n[6], 0);
	cr_assert_eq(tf_unit(&t, 1, 1)->wounded, 0);
	tf_close(&t);
}

/* [9.4 A] [10.0] RULING R-528: an 8th-level archer's shot at a 2:1 figure
 * of kobolds (1 HD): the best roll (1/2 HD, a d6's on the CRT) does 1/2 of
 * its HD: a wound, taken at once [10.0]
 * ("removed immediately"), before the Melee Phase; a second wound on the
 * same figure kills it [8.7]. */
Test(r09_play, s9_4_a_s10_0_ruling_r528_shot_wounds_a_figure_at_once)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 8, hp: 60, "
			"ac: 2, weapon: long bow, position: [36, 20]}\n";
	const char *u = "      - {name: Kobolds, figures: 8, ratio: 2, "
			"creature: kobold, weapons: [short sword], "
			"position: [36, 30], facing: south, frontage: 4, "
			"commander: Og}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, u, OG);
	shot_orders[0] = (struct bs_indiv_fire_order){1, 1, 1, -1, "test", 0};
	shot_orders[1] = shot_orders[0];
	nshot_orders = 2;
	tf_dice(&t, (int[]){1, 1, 1, 1}, 4);
	hero_fire(&t, 0);
	cr_assert_eq(tf_count(&t, BS_EV_HERO_ATTACK), 2);
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_eq(h->n[7], 0, "a shot never affects all of a figure");
	cr_assert_geq(2 * h->n[4], 10, "1/2 of 1 HD: %d roll %d", h->n[4],
		      h->n[2]);
	cr_assert_eq(h->n[6], 1, "a wound");
	const struct bs_unit_state *o = tf_unit(&t, 1, 1);
	cr_assert_eq(o->figures, 7, "two wounds: a figure removed at once");
	cr_assert_eq(o->wounded, 0);
	tf_close(&t);
}

/* RULING R-525 docs/AI.md: the doctrine's hero shoots the nearest enemy
 * individual in range and sight, every shot, with a reason; none when he
 * is in contact. */
Test(r09_play, s9_4_ruling_r525_doctrine_hero_shoots_the_nearest)
{
	struct tf t;
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: long sword, position: [36, 34]}\n"
	    "      - {name: Cid, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: long sword, position: [30, 28]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA, NULL, b);
	struct bs_indiv_fire_order o[8];
	int n = bs_ai_hero_fire_cb(NULL, t.b, 0, o, 8);
	cr_assert_eq(n, 2, "the long bow's two shots");
	cr_assert_eq(o[0].tindiv, 2, "Cid, 10\" away, before Bors, 14\"");
	cr_assert_eq(o[1].tindiv, 2);
	cr_assert_not_null(o[0].why);
	cr_assert_eq(bs_ai_hero_fire_cb(NULL, t.b, 1, o, 8), 0,
		     "no missile weapon on the North");
	ind(&t, "Cid")->pos = (struct bs_vec){36, 20.5};
	cr_assert_eq(bs_ai_hero_fire_cb(NULL, t.b, 0, o, 8), 0,
		     "in contact: no shot");
	tf_close(&t);
}

/* RULING R-525: a scripted side's `fire:` entry naming an individual is
 * his shot in the Missile and Magic Phase, at a unit or an individual;
 * artillery's step C is refused at load (RULING R-549: initial and
 * pass_through are his too). */
Test(r09_play, s9_4_ruling_r525_scripted_fire_entry_of_a_hero)
{
	struct tf t;
	const char *i0 =
	    ARCHER_ADA "    orders:\n"
		       "      - {round: 1, fire: Ada, target: Bors}\n"
		       "      - {round: 1, fire: Ada, target: Far N}\n";
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: long sword, position: [36, 30]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, NULL, b);
	struct bs_ai_script s;
	bs_ai_script_init(&s);
	cr_assert_not_null(s.ctl.fire_indiv);
	struct bs_indiv_fire_order o[8];
	int n = s.ctl.fire_indiv(s.ctl.ctx, t.b, 0, o, 8);
	cr_assert_eq(n, 2);
	cr_assert_eq(o[0].indiv, 1);
	cr_assert_eq(o[0].tside, 1);
	cr_assert_eq(o[0].tindiv, 1, "Bors");
	cr_assert_eq(o[0].tunit, -1);
	cr_assert_eq(o[1].tunit, 0, "Far N");
	cr_assert_eq(o[1].tindiv, -1);
	/* no unit volley comes of them */
	struct bs_fire_order f[8];
	cr_assert_eq(s.ctl.fire(s.ctl.ctx, t.b, 0, BS_FIRE_PHASE, 0, f, 8), 0);
	tf_close(&t);
	char *y = malloc(16384);
	cr_assert_not_null(y);
	heroes_yaml(y, 16384, "intermediate", NULL, NULL,
		    ARCHER_ADA "    orders:\n"
			       "      - {round: 1, fire: Ada, target: Bors, "
			       "phase: artillery}\n",
		    NULL, b);
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_scenario *sc = NULL;
	enum bs_status st =
	    bs_scenario_load_string(y, strlen(y), "t.yaml", &sc, &d);
	cr_assert_neq(st, BS_OK, "phase: artillery is refused for him");
	if (sc)
		bs_scenario_free(sc);
	bs_diags_release(&d);
	free(y);
}

/* ---- heroes who shoot everywhere the rules let them (RULING R-549) -------
 */

/* [10.6] the individuals' pass-through shots a test orders: shot_orders
 * of side 0, `at` read as inches into the move (< 0: the last moment). */
static double pt_after[8];
static struct bs_move_point pt_path[BS_MAX_MOVE_POINTS];
static int pt_npath;

static int tf_pt_indiv(void *ctx, const struct bs_battle *b, int side,
		       int mside, int munit, const struct bs_move_point *path,
		       int np, struct bs_indiv_fire_order *out, int max)
{
	(void)ctx;
	(void)b;
	(void)mside;
	(void)munit;
	int n = 0;
	if (side != 0 || np <= 0)
		return 0;
	pt_npath = np < BS_MAX_MOVE_POINTS ? np : BS_MAX_MOVE_POINTS;
	memcpy(pt_path, path, (size_t)pt_npath * sizeof *path);
	for (int i = 0; i < nshot_orders && n < max; i++) {
		int at = np - 1;
		for (int k = 0; pt_after[i] >= 0 && k < np; k++)
			if (path[k].moved + 1e-9 >= pt_after[i]) {
				at = k;
				break;
			}
		out[n] = shot_orders[i];
		out[n++].at = at;
	}
	return n;
}

#define ORCS_AT(y)                                                             \
	"      - {name: Orcs, figures: 8, creature: orc, weapons: [long "      \
	"sword], position: [36, " #y "], facing: south, frontage: 4, "         \
	"commander: Og}\n"

/* [10.2] "A unit can only fire during the Initial Missile Phase if it is
 * entitled to two or more shots during a Game Round ... a maximum of one
 * time": RULING R-549, a hero as a unit. The long bow's 2 shots: one
 * there (a second refused), the other left for the Missile and Magic
 * Phase; a light crossbow (1 shot) does not shoot there. */
Test(r09_play, s10_2_ruling_r549_hero_shoots_once_in_the_initial_phase)
{
	struct tf t;
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: light crossbow, position: [36, 30]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA, NULL, b);
	t.ctl.fire_indiv = tf_fire_indiv;
	for (int i = 0; i < 2; i++)
		shot_orders[i] =
		    (struct bs_indiv_fire_order){1, 1, -1, 1, "test", 0};
	nshot_orders = 2;
	tf_dice(&t, (int[]){15, 4}, 2);
	tf_phase(&t, BS_PHASE_INITIAL_MISSILE);
	bs1e_heroes_fire(t.b, 0, BS_FIRE_INITIAL);
	cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
	cr_assert_eq(tf_count(&t, BS_EV_DUEL), 1, "once in the phase");
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_eq(d->n[8], 1, "a shot");
	cr_assert_eq(d->n[11], BS_FIRE_INITIAL);
	cr_assert_str_eq(d->cite,
			 "[1.2] [10.2] [9.4 B] [10.0] RULING R-527, R-549");
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r, "the second shot");
	cr_assert_str_eq(r->what,
			 "he shoots at most once in the Initial Missile Phase");
	cr_assert_eq(bs1e_indiv_shots_left(t.b, 0, 1), 1,
		     "one shot left for the Missile and Magic Phase");
	/* the doctrine: one shot there, before the enemy moves */
	struct bs_indiv_fire_order o[8];
	bs1e_sc(t.b)->ix[ki(&t, "Ada")].fired_initial = 0;
	cr_assert_eq(bs_ai_hero_fire_cb(NULL, t.b, 0, o, 8), 1);
	cr_assert_not_null(strstr(o[0].why, "before the enemy moves"));
	/* Bors's light crossbow: one shot a Game Round */
	struct bs_indiv_fire_order ob = {1, 0, -1, 1, NULL, 0};
	struct bs1e_indiv_shot p;
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 1, &ob, &p), 0);
	cr_assert_str_eq(p.cite, "[10.2] RULING R-549", "%s", p.why);
	cr_assert_eq(bs_ai_hero_fire_cb(NULL, t.b, 1, o, 8), 0);
	/* in the Missile and Magic Phase he shoots */
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 1, &ob, &p), 1, "%s", p.why);
	tf_close(&t);
}

/* [10.6] "Pass-through fire can be taken at any point during the enemy's
 * movement" and [10.2] "a maximum of one shot as Pass-Through Fire":
 * RULING R-549, a hero's shot at a moment of an enemy unit's move, the
 * mover where the moment has it (3" into its advance: 14.75" from his
 * counter, long range); a second shot of his at the same move refused. */
Test(r09_play, s10_6_ruling_r549_hero_pass_through_fire_at_a_mover)
{
	struct tf t;
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA, ORCS_AT(38),
		    OG);
	t.ctl.pass_through_indiv = tf_pt_indiv;
	shot_orders[0] = (struct bs_indiv_fire_order){1, 1, 1, -1, "test", 0};
	shot_orders[1] = shot_orders[0];
	pt_after[0] = 3;
	pt_after[1] = 5;
	nshot_orders = 2;
	struct bs_order o = tf_advance(6, 0);
	tf_order(&t, 1, 1, &o);
	t.moves_first = 0;
	tf_dice(&t, (int[]){3, 4, 1, 1, 1, 1, 1, 1}, 8);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
	cr_assert_geq(pt_npath, 7, "the moments of the advance");
	cr_assert_eq(tf_count(&t, BS_EV_HERO_ATTACK), 1, "one shot");
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_eq(h->n[8], 1, "a shot");
	cr_assert_eq(h->n[11], BS_FIRE_PASS_THROUGH);
	cr_assert_eq(h->phase, BS_PHASE_MOVEMENT);
	cr_assert_eq(h->n[9], 2, "long range");
	cr_assert(h->n[10] >= 147 && h->n[10] <= 148,
		  "14.75\" from his counter, 3\" into the move: %d", h->n[10]);
	cr_assert_str_eq(h->cite, "[10.6] [9.4 A] [10.0] RULING R-528, R-549");
	const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
	cr_assert_not_null(r, "his second");
	cr_assert_str_eq(r->what,
			 "he takes at most one shot of pass-through fire a "
			 "round");
	cr_assert(bs1e_indiv_pass_through_taken(t.b, 0, 1));
	cr_assert_eq(bs1e_indiv_shots_left(t.b, 0, 1), 1);
	cr_assert_float_eq(tf_unit(&t, 1, 1)->front.y, 32, 1e-9,
			   "the move went on");
	tf_close(&t);
}

/* A moment of unit (side, unit) moved `dy` inches along its facing
 * (south: y falls), `contact` set on the last. */
static struct bs_move_point moment_of(struct tf *t, int side, int unit,
				      double dy, int contact)
{
	const struct bs_unit_state *u = tf_unit(t, side, unit);
	struct bs_move_point p;
	memset(&p, 0, sizeof p);
	p.side = side;
	p.unit = unit;
	p.x = u->front.x;
	p.y = u->front.y - dy;
	p.facing = u->facing;
	p.files = u->files;
	p.figures = u->figures;
	p.formation = u->formation;
	p.moved = dy;
	p.contact = contact;
	p.tside = p.tunit = -1;
	return p;
}

/* RULING R-549 docs/AI.md: the doctrine's hero takes his pass-through
 * shot at a unit coming into contact with him (at that moment), or at
 * the nearest moment of a mover that will stand out of his range; none
 * at a mover that will stand where he can shoot it. */
Test(r09_play, s10_6_ruling_r549_doctrine_hero_pass_through_choices)
{
	struct tf t;
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA, ORCS_AT(38),
		    OG);
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_move_point path[24];
	struct bs_indiv_fire_order o[8];
	/* charging him: 17.75" to his counter's edge */
	int n = 0;
	for (int i = 0; i <= 17; i++)
		path[n++] = moment_of(&t, 1, 1, i, 0);
	path[n++] = moment_of(&t, 1, 1, 17.75, 1);
	int k = bs_ai_hero_pass_through_cb(NULL, t.b, 0, 1, 1, path, n, o, 8);
	cr_assert_eq(k, 1);
	cr_assert_eq(o[0].at, n - 1, "as it comes into contact");
	cr_assert_eq(o[0].tunit, 1);
	cr_assert_not_null(strstr(o[0].why, "coming into contact"));
	/* moving away, out of his 21": at its start, the nearest */
	n = 0;
	for (int i = 0; i <= 6; i++)
		path[n++] = moment_of(&t, 1, 1, -i, 0);
	k = bs_ai_hero_pass_through_cb(NULL, t.b, 0, 1, 1, path, n, o, 8);
	cr_assert_eq(k, 1);
	cr_assert_eq(o[0].at, 0);
	cr_assert_not_null(strstr(o[0].why, "out of his range"));
	/* coming nearer, not to him: he waits for the Missile and Magic
	 * Phase */
	n = 0;
	for (int i = 0; i <= 6; i++)
		path[n++] = moment_of(&t, 1, 1, i, 0);
	cr_assert_eq(
	    bs_ai_hero_pass_through_cb(NULL, t.b, 0, 1, 1, path, n, o, 8), 0);
	tf_close(&t);
}

/* RULING R-549: a scripted side's `fire:` entry of an individual with
 * `phase: initial` is his shot in the Initial Missile Phase only; with
 * `phase: pass_through` his shot at the mover `after` inches into its
 * move. */
Test(r09_play, s10_2_s10_6_ruling_r549_scripted_entries_of_a_hero)
{
	struct tf t;
	const char *i0 = ARCHER_ADA
	    "    orders:\n"
	    "      - {round: 1, fire: Ada, target: Orcs, phase: initial}\n"
	    "      - {round: 1, fire: Ada, target: Orcs, phase: pass_through, "
	    "after: 2}\n";
	open_heroes(&t, "intermediate", NULL, NULL, i0, ORCS_AT(38), OG);
	struct bs_ai_script s;
	bs_ai_script_init(&s);
	cr_assert_not_null(s.ctl.pass_through_indiv);
	struct bs_indiv_fire_order o[8];
	tf_phase(&t, BS_PHASE_INITIAL_MISSILE);
	cr_assert_eq(s.ctl.fire_indiv(s.ctl.ctx, t.b, 0, o, 8), 1);
	cr_assert_eq(o[0].tunit, 1);
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	cr_assert_eq(s.ctl.fire_indiv(s.ctl.ctx, t.b, 0, o, 8), 0,
		     "not in the Missile and Magic Phase");
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_move_point path[8];
	for (int i = 0; i <= 6; i++)
		path[i] = moment_of(&t, 1, 1, i, 0);
	cr_assert_eq(
	    s.ctl.pass_through_indiv(s.ctl.ctx, t.b, 0, 1, 1, path, 7, o, 8),
	    1);
	cr_assert_eq(o[0].at, 2, "2\" into the move");
	cr_assert_eq(o[0].indiv, 1);
	cr_assert_eq(
	    s.ctl.pass_through_indiv(s.ctl.ctx, t.b, 0, 1, 0, path, 7, o, 8), 0,
	    "another mover");
	tf_close(&t);
}

/* [10.4] Table 12 for a hero (RULING R-550): "Archers: Fire twice and not
 * move, fire once and 1/2 movement penalty"; "Crossbows/Slings: Either
 * move or shoot"; "Mounted Archers: ... fire once and move full movement
 * rate" (a centaur's bow, as R-478). His movement this round is what he
 * spent moving in his Movement Phase; after his shots his move is
 * limited the same way. */
Test(r09_play, s10_4_ruling_r550_table_12_for_a_hero)
{
	struct tf t;
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: light crossbow, position: [36, 30]}\n"
	    "      - {name: Cai, race: centaur, class: fighter, level: 1, "
	    "hp: 30, ac: 5, weapon: long bow, position: [20, 30]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA, NULL, b);
	int ka = ki(&t, "Ada");
	struct bs1e_indiv_x *xa = &bs1e_sc(t.b)->ix[ka];
	double mv = t.b->indivs[ka].mv;
	cr_assert_gt(mv, 0);
	/* he moves half his MV in his Movement Phase (events: the move) */
	t.indiv[0][1] = (struct bs_indiv_order){.move = 1,
						.x = 36,
						.y = 20 - mv / 2,
						.tside = -1,
						.tunit = -1,
						.tindiv = -1};
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_indivs_move(t.b, 0);
	cr_assert_float_eq(xa->moved, mv / 2, 1e-9, "moved %g", xa->moved);
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	struct bs_indiv_fire_order o = {1, 1, -1, 1, NULL, 0};
	struct bs1e_indiv_shot p;
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 1, "%s", p.why);
	xa->shots = 1;
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 0);
	cr_assert_str_eq(p.why,
			 "he moved this round: he may not shoot (Table 12)",
			 "fire twice and not move");
	cr_assert_str_eq(p.cite, "[10.4 T12] RULING R-550");
	xa->shots = 0;
	xa->moved = mv / 2 + 0.5;
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 0);
	cr_assert_str_eq(p.why, "he moved too far this round to shoot again "
				"(Table 12)");
	/* the crossbow: either move or shoot */
	struct bs_indiv_fire_order ob = {1, 0, -1, 1, NULL, 0};
	int kb = ki(&t, "Bors");
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 1, &ob, &p), 1, "%s", p.why);
	bs1e_sc(t.b)->ix[kb].moved = 0.5;
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 1, &ob, &p), 0);
	cr_assert_str_eq(p.why, "he moved this round: he may not shoot "
				"(Table 12)");
	/* after his shots: one, half his MV; two, none */
	xa->moved = 0;
	xa->shots = 1;
	cr_assert_float_eq(bs1e_indiv_mv_allowed(t.b, 0, 1), mv / 2, 1e-9);
	struct bs1e_indiv_outcome oc;
	double y0 = t.b->indivs[ka].pos.y; /* where he went */
	struct bs_indiv_order go = {.move = 1,
				    .x = 36,
				    .y = y0 + mv / 2 + 1,
				    .tside = -1,
				    .tunit = -1,
				    .tindiv = -1};
	cr_assert_eq(bs1e_check_indiv_move(t.b, 0, 1, &go, &oc), 0);
	cr_assert_str_eq(oc.why,
			 "farther than Table 12 lets him move after his shots");
	go.y = y0 + mv / 2 - 1;
	cr_assert_eq(bs1e_check_indiv_move(t.b, 0, 1, &go, &oc), 1, "%s",
		     oc.why);
	xa->shots = 2;
	cr_assert_float_eq(bs1e_indiv_mv_allowed(t.b, 0, 1), 0, 1e-9);
	cr_assert_eq(bs1e_check_indiv_move(t.b, 0, 1, &go, &oc), 0);
	cr_assert_str_eq(oc.why,
			 "he shot this round: Table 12 lets him move no more");
	/* a centaur's bow: one shot, then his full MV */
	int kc = ki(&t, "Cai");
	bs1e_sc(t.b)->ix[kc].shots = 1;
	cr_assert_float_eq(bs1e_indiv_mv_allowed(t.b, 1, 2), t.b->indivs[kc].mv,
			   1e-9);
	bs1e_sc(t.b)->ix[kc].shots = 0;
	bs1e_sc(t.b)->ix[kc].moved = t.b->indivs[kc].mv;
	t.b->indivs[kc].pos = (struct bs_vec){30, y0 + 8};
	struct bs_indiv_fire_order oc2 = {2, 0, -1, 1, NULL, 0};
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 1, &oc2, &p), 1, "%s", p.why);
	tf_close(&t);
}

/* RULING R-551 [14.4] "an individual character can be targeted if not
 * physically blocked by any figure or portion of a figure" [10.1]: another
 * hero's counter between the shooter and his target blocks the shot; in
 * front of a unit it hides some of its figures, and R-476's +2 for a
 * target only partly seen applies to the hero's shot as to a volley. */
Test(r09_play, s10_1_s14_4_ruling_r551_counters_block_a_heros_shot)
{
	struct tf t;
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: long sword, position: [36, 30]}\n"
	    "      - {name: Cid, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: long sword, position: [36, 25]}\n";
	char i1[512];
	snprintf(i1, sizeof i1, "%s%s", OG, b);
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA, ORCS_AT(36),
		    i1);
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	struct bs_indiv_fire_order o = {1, 1, -1, 2, NULL, 0}; /* Bors */
	struct bs1e_indiv_shot p;
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 0);
	cr_assert_str_eq(p.why,
			 "he cannot see the target: another figure stands in "
			 "the way");
	cr_assert_str_eq(p.cite, "[10.1] [14.4] RULING R-551");
	/* at the orcs behind Bors and Cid: some figures hidden */
	struct bs_indiv_fire_order ou = {1, 1, 1, -1, "test", 0};
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &ou, &p), 1, "%s", p.why);
	cr_assert_lt(p.sight.seen, p.sight.in_reach, "%d of %d", p.sight.seen,
		     p.sight.in_reach);
	t.ctl.fire_indiv = tf_fire_indiv;
	shot_orders[0] = ou;
	nshot_orders = 1;
	tf_dice(&t, (int[]){3, 4}, 2);
	bs1e_heroes_fire(t.b, 0, BS_FIRE_PHASE);
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_not_null(h);
	cr_assert(tf_has_term(&h->deriv, 2, "target partly hidden"));
	/* Cid steps aside: Bors is seen; Bors steps aside: all the orcs */
	ind(&t, "Cid")->pos = (struct bs_vec){44, 25};
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 1, "%s", p.why);
	ind(&t, "Bors")->pos = (struct bs_vec){50, 30};
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &ou, &p), 1, "%s", p.why);
	cr_assert_eq(p.sight.seen, p.sight.in_reach, "%d of %d", p.sight.seen,
		     p.sight.in_reach);
	tf_close(&t);
}

/* ---- issue 15, the last items (RULINGS R-610 .. R-614) --------------------
 */

/* Two fighters touching: Ada (South, individual 1) and Bors (North,
 * individual 1). */
#define DUEL_ADA                                                               \
	"      - {name: Ada, class: fighter, level: 1, hp: 30, ac: 10, "       \
	"weapon: long sword, position: [36, 20]}\n"
#define DUEL_BORS                                                              \
	"      - {name: Bors, class: fighter, level: 1, hp: 30, ac: 10, "      \
	"weapon: long sword, position: [36, 20.5]}\n"

/* [10.2] "If an enemy figure or figures moves into base-to-base contact
 * with a figure or unit that has already used missile weapons during the
 * current Game Round, the missile-using unit cannot fight during that
 * Melee Phase." RULING R-611: a hero who shot and whom an enemy moved
 * into contact with strikes no blow in individual combat (a NOTE says
 * why); he is attacked as usual. Who shot but was not contacted (he
 * moved into the fight himself) fights. */
Test(r09_play, s10_2_ruling_r611_hero_who_shot_and_was_contacted_cannot_fight)
{
	for (int contacted = 0; contacted < 2; contacted++) {
		struct tf t;
		open_heroes(&t, "intermediate", NULL, NULL, DUEL_ADA, NULL,
			    DUEL_BORS);
		int a = ki(&t, "Ada");
		bs1e_sc(t.b)->ix[a].shots = 1;
		if (contacted)
			t.b->indivs[a].flags |= BS_IF_CONTACTED;
		int d[64];
		for (int i = 0; i < 64; i++)
			d[i] = i % 2 ? 1 : 6; /* initiative 6/1, d20s miss */
		tf_dice(&t, d, 64);
		melee(&t);
		int by_ada = 0, by_bors = 0;
		for (int i = 0; i < t.nev; i++)
			if (t.evs[i].ev.type == BS_EV_DUEL) {
				by_ada += t.evs[i].ev.side == 0;
				by_bors += t.evs[i].ev.side == 1;
			}
		cr_assert_eq(by_ada, contacted ? 0 : 3, "contacted %d",
			     contacted);
		cr_assert_eq(by_bors, 3, "she is attacked as usual");
		int note = 0;
		for (int i = 0; i < t.nev; i++)
			note += t.evs[i].ev.type == BS_EV_NOTE &&
				strcmp(t.evs[i].ev.cite,
				       "[10.2] RULING R-611") == 0;
		cr_assert_eq(note, contacted);
		tf_close(&t);
	}
}

/* RULING R-611 [10.2] [9.4 A]: nor does he strike a figure that touches
 * him; the figure strikes him. */
Test(r09_play,
     s10_2_ruling_r611_hero_who_shot_and_was_contacted_strikes_no_figure)
{
	for (int contacted = 0; contacted < 2; contacted++) {
		struct tf t;
		const char *i0 = "      - {name: Ada, class: fighter, level: "
				 "5, hp: 40, ac: 4, weapon: long sword, "
				 "position: [36, 20]}\n";
		open_heroes(&t, "intermediate", NULL, NULL, i0, ORCS_AT_ADA,
			    OG);
		int a = ki(&t, "Ada");
		bs1e_sc(t.b)->ix[a].shots = 1;
		if (contacted)
			t.b->indivs[a].flags |= BS_IF_CONTACTED;
		tf_dice(&t, (int[]){3, 3, 3, 3}, 4);
		melee(&t);
		cr_assert_eq(tf_count(&t, BS_EV_HERO_ATTACK), !contacted);
		cr_assert_eq(tf_count(&t, BS_EV_FIGURE_ATTACK), 1);
		tf_close(&t);
	}
}

/* RULING R-612 [13.1] [8.3 T10 note] "-1 to hit in daylight" in the d20
 * of individual combat [9.4 B], as a unit's attack takes it (R-133: by
 * day): an orc hero needs 11 against AC 10, a human 10. */
Test(r09_play, s9_4_b_ruling_r612_orc_hero_minus_1_in_daylight)
{
	struct tf t;
	const char *b = "      - {name: Og2, race: orc, class: fighter, "
			"level: 1, hp: 30, ac: 10, weapon: long sword, "
			"position: [36, 20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, DUEL_ADA, NULL, b);
	/* Ada 6, Og2 1: Ada a 9 misses; Og2 a 10 misses (11 needed); then
	 * misses */
	tf_dice(&t, (int[]){6, 1, 9, 10, 6, 1, 1, 1, 6, 1, 1, 1}, 12);
	melee(&t);
	const struct bs_event *h = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_eq(h->side, 0);
	cr_assert_eq(h->n[1], 10, "a human has no term");
	cr_assert(!tf_has_term(&h->deriv, 1, "daylight"));
	const struct bs_event *o = tf_find(&t, BS_EV_DUEL, 1);
	cr_assert_eq(o->side, 1);
	cr_assert_eq(o->n[1], 11, "10 + 1 for an orc in daylight");
	cr_assert(tf_has_term(&o->deriv, 1, "orc in daylight"));
	cr_assert_eq(o->n[2], 0, "a 10 misses");
	/* the doctrine's estimate counts it too */
	const struct bs1e_fighter *fo = &bs1e_sc(t.b)->ix[ki(&t, "Og2")].f;
	const struct bs1e_fighter *fa = &bs1e_sc(t.b)->ix[ki(&t, "Ada")].f;
	cr_assert_eq(bs1e_indiv_daylight(fo), 1);
	cr_assert_eq(bs1e_indiv_daylight(fa), 0);
	cr_assert(bs1e_duel_expected(fo, fa, 0) <
		  bs1e_duel_expected(fa, fa, 0));
	tf_close(&t);
}

/* RULING R-612 [9.4 A]: an orc hero attacking a figure takes the Table 10
 * note's +1 in daylight, as the orcs' units do. */
Test(r09_play, s9_4_a_ruling_r612_orc_hero_attacking_a_figure_in_daylight)
{
	struct tf t;
	const char *i1 = "      - {name: Murz, race: orc, class: fighter, "
			 "level: 5, hp: 40, ac: 4, weapon: long sword, "
			 "position: [36, 20.5]}\n";
	const char *u0 =
	    "      - {name: Men, figures: 8, creature: man-at-arms, weapons: "
	    "[long sword], position: [36, 20.25], facing: north, frontage: "
	    "4, commander: Mc}\n";
	const char *i0 = "      - {name: Mc, class: fighter, level: 1, hp: "
			 "8, rank: unit}\n";
	open_heroes(&t, "intermediate", NULL, u0, i0, NULL, i1);
	tf_dice(&t, (int[]){3, 3, 3, 3}, 4);
	melee(&t);
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_not_null(h);
	cr_assert(tf_has_term(&h->deriv, 1, "daylight"));
	tf_close(&t);
}

/* RULING R-610 [11.2] [3.1] (revising R-040's pair, R-372): a defence
 * counts only when every creature of the figure has it. Giants attacking
 * dwarves on foot subtract 4; attacking mounted dwarves (the horse has no
 * such defence, [11.2] "Special defenses apply only if they apply to both
 * rider and steed") or a mixed unit of dwarves and men they do not; the
 * dwarves' +1 against orcs is theirs mounted too (an ability of the
 * rider), and a mixed unit of dwarves and men has it not (its least
 * favourable part). */
Test(r09_play, s11_2_ruling_r610_mounted_dwarves_and_the_giants_minus_4)
{
	struct tf t;
	tf_open(&t,
		"name: R610\nrules: bs1e\nlevel: intermediate\ngame: adnd\n"
		"table: {width: 72, depth: 48}\n"
		"sides:\n"
		"  - name: South\n    edge: south\n    units:\n"
		"      - {name: Foot, figures: 6, creature: dwarf, weapons: "
		"[battle axe], position: [10, 10]}\n"
		"      - {name: Riders, figures: 6, creature: dwarf, weapons: "
		"[battle axe], mount: light warhorse, position: [30, 10]}\n"
		"      - {name: Mixed, figures: 6, weapons: [battle axe], "
		"mix: [{creature: dwarf, count: 3}, {creature: man-at-arms, "
		"count: 3}], position: [50, 10]}\n"
		"  - name: North\n    edge: north\n    units:\n"
		"      - {name: Giants, figures: 4, creature: hill giant, "
		"ratio: 2, weapons: [club], position: [20, 40]}\n"
		"      - {name: Orcs, figures: 6, creature: orc, weapons: "
		"[spear], position: [50, 40]}\n");
	int foot = tf_g(&t, 0, 0), riders = tf_g(&t, 0, 1),
	    mixed = tf_g(&t, 0, 2), giants = tf_g(&t, 1, 0),
	    orcs = tf_g(&t, 1, 1);
	char lab[BS_DERIV_LABEL];
	cr_assert_eq(bs1e_unit_to_hit_vs(t.b, giants, foot, lab, sizeof lab), 4,
		     "%s", lab);
	cr_assert_eq(bs1e_unit_to_hit_vs(t.b, giants, riders, NULL, 0), 0);
	cr_assert_eq(bs1e_unit_to_hit_vs(t.b, giants, mixed, NULL, 0), 0);
	cr_assert_eq(bs1e_unit_to_hit_vs(t.b, riders, orcs, NULL, 0), -1);
	cr_assert_eq(bs1e_unit_to_hit_vs(t.b, foot, orcs, NULL, 0), -1);
	cr_assert_eq(bs1e_unit_to_hit_vs(t.b, mixed, orcs, NULL, 0), 0);
	const struct bs_creature *cr[BS1E_FIGURE_MAX_CREATURES];
	cr_assert_eq(bs1e_figure_creatures(t.b->units[riders].def, cr), 2);
	cr_assert_str_eq(cr[1]->name, "light warhorse");
	tf_close(&t);
}

/* RULING R-613 [9.4 B] "resolved using normal AD&D or D&D game melee and
 * magic rules": a magic-user in individual combat casts his magic
 * missiles at the fighter he fights, one an AD&D round (the first round
 * too: he has not moved nor cast this Game Round), then strikes with his
 * staff when none is left. At the Intermediate Game (no magic [16.3 A])
 * he strikes in every round. */
Test(r09_play, s9_4_b_ruling_r613_caster_casts_in_individual_combat)
{
	const char *lv[2] = {"advanced", "intermediate"};
	for (int l = 0; l < 2; l++) {
		struct tf t;
		const char *a[2] = {
		    "      - {name: Zan, class: magic-user, level: 1, hp: 40, "
		    "ac: 10, weapon: quarterstaff, spells: [magic missile], "
		    "position: [36, 20]}\n",
		    "      - {name: Zan, class: magic-user, level: 1, hp: 40, "
		    "ac: 10, weapon: quarterstaff, position: [36, 20]}\n"};
		const char *b = "      - {name: Bors, class: fighter, level: "
				"1, hp: 60, ac: 10, weapon: long sword, "
				"position: [36, 20.5]}\n";
		open_heroes(&t, lv[l], NULL, NULL, a[l], NULL, b);
		/* a tie of 2s: the staff (speed 4) before the sword (5);
		 * every d20 a 2 misses; the missile d4+1 */
		int d[64];
		for (int i = 0; i < 64; i++)
			d[i] = 2;
		tf_dice(&t, d, 64);
		melee(&t);
		int casts = 0, staff = 0;
		for (int i = 0; i < t.nev; i++) {
			const struct bs_event *e = &t.evs[i].ev;
			casts += e->type == BS_EV_CAST && e->n[0] == 2 &&
				 e->side == 0;
			staff += e->type == BS_EV_DUEL && e->side == 0;
		}
		cr_assert_eq(casts, l ? 0 : 1, "%s", lv[l]);
		cr_assert_eq(staff, l ? 3 : 2, "%s", lv[l]);
		if (!l) {
			cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 0);
			cr_assert(ind(&t, "Bors")->hp < 60, "the missile hit");
		}
		tf_close(&t);
	}
}

/* [14.6 B] RULING R-623 with R-613: a hold cast in individual combat
 * stops the held man's blows at once: Zan (staff, speed 4) wins the tie
 * of 2s and casts hold person at Bors, whose save (a 2) fails; Bors
 * (sword, speed 5) strikes in none of the three AD&D rounds. */
Test(r09_play, s9_4_b_ruling_r623_held_in_individual_combat_strikes_no_more)
{
	struct tf t;
	const char *a = "      - {name: Zan, class: magic-user, level: 5, hp: "
			"40, ac: 10, weapon: quarterstaff, spells: [hold "
			"person], position: [36, 20]}\n";
	const char *b = "      - {name: Bors, class: fighter, level: 1, hp: "
			"60, ac: 10, weapon: long sword, position: [36, "
			"20.5]}\n";
	open_heroes(&t, "advanced", NULL, NULL, a, NULL, b);
	int d[64];
	for (int i = 0; i < 64; i++)
		d[i] = 2;
	tf_dice(&t, d, 64);
	melee(&t);
	int casts = 0, bors = 0;
	for (int i = 0; i < t.nev; i++) {
		const struct bs_event *e = &t.evs[i].ev;
		casts += e->type == BS_EV_CAST && e->side == 0 && e->why &&
			 strstr(e->why, "R-613");
		bors += e->type == BS_EV_DUEL && e->side == 1;
	}
	cr_assert_eq(casts, 1, "the hold");
	cr_assert(bs1e_fx_indiv_held(t.b, ki(&t, "Bors")));
	cr_assert_eq(bors, 0, "held, he strikes no more");
	tf_close(&t);
}

/* RULING R-614 [10.4] Table 12 (docs/AI.md): the doctrine's archer hero
 * with an enemy in range and sight stands to shoot (a long bow: two
 * shots, none after a move); with none in range he moves. */
Test(r09_play, s10_4_ruling_r614_doctrine_archer_hero_stands_and_shoots)
{
	for (int near = 0; near < 2; near++) {
		struct tf t;
		open_heroes(&t, "intermediate", NULL, NULL, ARCHER_ADA,
			    near ? ORCS_AT(38) : NULL, OG);
		tf_phase(&t, BS_PHASE_MOVEMENT);
		struct bs_indiv_order o;
		memset(&o, 0, sizeof o);
		o.tside = o.tunit = o.tindiv = -1;
		bs_ai_hero_move(t.b, 0, 1, &o);
		if (near) {
			cr_assert_eq(o.move, 0);
			cr_assert_not_null(strstr(o.why, "stands to shoot"),
					   "%s", o.why);
		} else {
			cr_assert_null(strstr(o.why, "stands to shoot"), "%s",
				       o.why);
		}
		tf_close(&t);
	}
}

/* South's individual 1 casts a fireball at North's unit 1. */
static int fireball_cb(void *ctx, const struct bs_battle *b, int side,
		       struct bs_cast_order *out, int max)
{
	(void)ctx;
	if (side != 0 || max < 1)
		return 0;
	out[0] = (struct bs_cast_order){
	    1,	   bs_scenario_spell(b->sc, "fireball", -1), 1, 1, -1, 0, 0, 0,
	    "test"};
	return 1;
}

/* [9.4 A] "If a Hero is capable of affecting all the creatures
 * represented by at least one single figure in an enemy unit (a M-U with
 * an AREA effect spell ...) resolve the attack using normal BATTLESYSTEM
 * melee procedures ... the Hero can kill an enemy figure in only one Game
 * Round": a magic-user hero's fireball (the [14.5] cast, r14_cast.c)
 * removes whole figures of orcs, not the one wound of a hero's blow. */
Test(r09_play, s9_4_a_mu_area_spell_kills_whole_figures)
{
	struct tf t;
	const char *i0 = "      - {name: Zan, class: magic-user, level: 6, "
			 "hp: 18, spells: [fireball], position: [36, 20]}\n";
	open_heroes(&t, "advanced", NULL, NULL, i0, ORCS_AT(21), OG);
	t.ctl.cast = fireball_cb;
	int d[256];
	for (int i = 0; i < 256; i++)
		d[i] = 6;
	tf_dice(&t, d, 256);
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	bs1e_casts(t.b, 0);
	cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
	const struct bs_event *c = NULL;
	for (int i = 0; i < t.nev && !c; i++)
		if (t.evs[i].ev.type == BS_EV_CAST && t.evs[i].ev.n[0] == 1)
			c = &t.evs[i].ev;
	cr_assert_not_null(c, "the fireball strikes the orcs");
	cr_assert_gt(c->n[7], 0, "whole figures removed in one Game Round");
	cr_assert_lt(tf_unit(&t, 1, 1)->figures, 8);
	tf_close(&t);
}

/* ---- an individual's `weapons:` [9.4 B] [10.0] (RULING) ----
 */

#define ARCHER_SWORD_ADA                                                       \
	"      - {name: Ada, class: fighter, level: 1, hp: 30, ac: 10, "       \
	"abilities: {dex: 17}, weapons: [long bow, long sword], "              \
	"position: [36, 20]}\n"

/* RULING R-700: `weapons: [long bow, long sword]`: in step B of the
 * Missile and Magic Phase he shoots the bow (its d6, R-527), the first
 * missile weapon of the list. */
Test(r09_play, s10_1_ruling_r700_archer_hero_shoots_the_bow_of_his_weapons)
{
	struct tf t;
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 5, weapon: long sword, position: [36, 30]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, ARCHER_SWORD_ADA, NULL, b);
	shot_orders[0] = (struct bs_indiv_fire_order){1, 1, -1, 1, "test", 0};
	nshot_orders = 1;
	tf_dice(&t, (int[]){15, 6}, 2);
	hero_fire(&t, 0);
	cr_assert_eq(tf_count(&t, BS_EV_DUEL), 1);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_eq(d->n[8], 1, "a shot");
	cr_assert_str_eq(d->what, "long bow");
	cr_assert_eq(d->n[2], 1, "15 hits");
	cr_assert_eq(d->n[6], 6, "the bow's d6");
	cr_assert_eq(ind(&t, "Bors")->hp, 30 - 6);
	tf_close(&t);
}

/* [9.4 B] RULING R-700: the same hero in individual combat fights with
 * the long sword, the first melee weapon of his list: a scripted 8 is
 * the sword's d8 (a d2 would refuse it). Ada 6 against Bors 1: Ada
 * strikes first, a 20 hits, 8 kills Bors (2 hp). */
Test(r09_play, s9_4_b_ruling_r700_archer_hero_duels_with_his_sword)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 1, hp: 30, "
			"ac: 10, weapons: [long bow, long sword], "
			"position: [36, 20]}\n";
	const char *b = "      - {name: Bors, class: fighter, level: 1, hp: 2, "
			"ac: 10, weapon: long sword, position: [36, 20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	tf_dice(&t, (int[]){6, 1, 20, 8}, 4);
	melee(&t);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_not_null(d);
	cr_assert_eq(d->side, 0);
	cr_assert_str_eq(d->what, "long sword");
	cr_assert_eq(d->n[6], 8, "the long sword's d8");
	cr_assert_leq(ind(&t, "Bors")->hp, 0);
	const struct bs_event *i0 = tf_find(&t, BS_EV_INDIV_INIT, 0);
	cr_assert_eq(i0->n[1], 5, "the long sword's speed factor [5.2]");
	tf_close(&t);
}

/* RULING R-701: with the bow alone (`weapons: [long bow]`, as `weapon:
 * long bow`) he has no melee weapon: his fists, d2. */
Test(r09_play, s9_4_b_ruling_r701_bow_alone_fights_with_fists)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 1, hp: 30, "
			"ac: 10, weapons: [long bow], position: [36, 20]}\n";
	const char *b = "      - {name: Bors, class: fighter, level: 1, hp: 2, "
			"ac: 10, weapon: long sword, position: [36, 20.5]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	tf_dice(&t, (int[]){6, 1, 20, 2}, 4);
	melee(&t);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_not_null(d);
	cr_assert_eq(d->side, 0);
	cr_assert_str_eq(d->what, "no weapon");
	cr_assert_eq(d->n[6], 2, "fists, d2");
	tf_close(&t);
}

/* RULING R-700: `weapons: [dagger]`: a dual-use weapon is both, thrown
 * (Table 12's thrown row: once a round, R-550; its d4) and in hand in
 * melee (its d4, speed 2); `weapon: dagger` keeps it in hand and does
 * not throw it. */
Test(r09_play, s10_1_ruling_r700_dagger_hero_throws_and_melees)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 1, hp: 30, "
			"ac: 10, weapons: [dagger], position: [36, 20]}\n";
	const char *b =
	    "      - {name: Bors, class: fighter, level: 1, hp: 30, "
	    "ac: 10, weapon: long sword, position: [36, 22]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	shot_orders[0] = (struct bs_indiv_fire_order){1, 1, -1, 1, "test", 0};
	shot_orders[1] = shot_orders[0];
	nshot_orders = 2;
	tf_dice(&t, (int[]){19, 4}, 2);
	hero_fire(&t, 0);
	cr_assert_eq(tf_count(&t, BS_EV_DUEL), 1, "a thrown weapon: once");
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_eq(d->n[8], 1, "a shot");
	cr_assert_str_eq(d->what, "dagger");
	cr_assert_eq(d->n[6], 4, "the dagger's d4");
	cr_assert_eq(ind(&t, "Bors")->hp, 30 - 4);
	/* in melee the dagger is in hand */
	const struct bs1e_fighter *f = &bs1e_sc(t.b)->ix[ki(&t, "Ada")].f;
	cr_assert_str_eq(f->weapon, "dagger");
	cr_assert_eq(f->speed, 2);
	cr_assert_eq(f->sm[0].sides, 4);
	cr_assert_eq(f->weaponless, 0);
	tf_close(&t);

	/* `weapon: dagger`: in hand, not thrown (as before R-700) */
	a = "      - {name: Ada, class: fighter, level: 1, hp: 30, "
	    "ac: 10, weapon: dagger, position: [36, 20]}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, NULL, b);
	struct bs1e_indiv_shot p;
	struct bs_indiv_fire_order o = {1, 1, -1, 1, NULL, 0};
	cr_assert_eq(bs1e_check_indiv_fire(t.b, 0, &o, &p), 0);
	cr_assert_str_eq(p.why, "he has no missile weapon");
	tf_close(&t);
}

/* RULING R-700: his sheet's AR carries the long sword's +2 (the weapon
 * in hand in melee); his shot at a unit trades it for the bow's +1. */
Test(r09_play, s9_4_a_ruling_r700_shot_at_a_unit_uses_the_bows_plus)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 8, hp: 60, "
			"ac: 2, weapons: [{name: long bow, plus: 1}, "
			"{name: long sword, plus: 2}], position: [36, 20]}\n";
	const char *u = "      - {name: Kobolds, figures: 8, ratio: 2, "
			"creature: kobold, weapons: [short sword], "
			"position: [36, 30], facing: south, frontage: 4, "
			"commander: Og}\n";
	open_heroes(&t, "intermediate", NULL, NULL, a, u, OG);
	const struct bs_deriv *sheet = &bs1e_sc(t.b)->ix[ki(&t, "Ada")].ar_d;
	cr_assert(tf_has_term(sheet, -2, "long sword +2"));
	shot_orders[0] = (struct bs_indiv_fire_order){1, 1, 1, -1, "test", 0};
	nshot_orders = 1;
	tf_dice(&t, (int[]){1, 1}, 2);
	hero_fire(&t, 0);
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_not_null(h);
	cr_assert(tf_has_term(&h->deriv, 2, "not long sword"));
	cr_assert(tf_has_term(&h->deriv, -1, "long bow +1"));
	tf_close(&t);
}
