/* [13.4] Paralysis in play (the Advanced Game): RULING R-710 .. R-717. A
 * ghoul unit's damage kills whole figures and its fraction paralyzes one
 * figure, which saves vs paralyzation; elves and undead are spared; the
 * paralyzed figures are Immobilized (a CAST event without a caster) and
 * free after the creature's rounds; a paralysis-only attacker reads the D4
 * column; a lone hero attacked by ghoul figures saves or is held. */
#include "bs1e_fixture.h"

#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_magic.h"

static void melee(struct tf *t)
{
	tf_phase(t, BS_PHASE_MELEE);
	bs1e_phase_melee(t->b);
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
}

/* Near (side 0: 10 figures of `creature`, natural attacks) front to front
 * with Far (side 1: 10 figures of `far`, long swords), 3 files each, at
 * `level`; side 0 strikes first. */
static void open_pair(struct tf *t, const char *level, const char *creature,
		      const char *far)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Near",
	     .x = 36,
	     .y = 20,
	     .facing = "north",
	     .frontage = 3,
	     .figures = 10,
	     .creature = creature,
	     .weapon = ""},
	    {.side = 1,
	     .name = "Far",
	     .x = 36,
	     .y = 20,
	     .facing = "south",
	     .frontage = 3,
	     .figures = 10,
	     .creature = far},
	};
	tf_level = level;
	tf_open_units(t, u, 2, NULL, NULL, NULL);
	tf_level = "basic";
	t->b->round = 1;
	t->b->side_a = 0;
	t->b->side_order[0] = 0;
	t->b->side_order[1] = 1;
}

/* The n-th CAST event of a creature's paralysis (n[11] 1) at `step`. */
static const struct bs_event *para_ev(struct tf *t, int step, int n)
{
	for (int i = 0; i < t->nev; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		if (e->type == BS_EV_CAST && e->n[0] == step && e->n[11] == 1 &&
		    n-- == 0)
			return e;
	}
	return NULL;
}

/* [13.4] RULING R-710: the whole figures' damage kills, no wound is
 * placed, and the fraction, however small, paralyzes one figure. */
Test(r13_paralysis, s13_4_fraction_paralyzes_an_entire_figure_r710)
{
	struct bs1e_casualties c;
	bs1e_paralysis_damage(36, 10, 10, &c); /* 3.6 HD on 1 HD figures */
	cr_assert_eq(c.killed, 3);
	cr_assert_eq(c.wounded, 0, "paralyzation attacks never cause wounds");
	cr_assert_eq(c.paralyzed, 1);
	bs1e_paralysis_damage(1, 20, 10, &c); /* 0.1 HD: under a quarter */
	cr_assert_eq(c.killed, 0);
	cr_assert_eq(c.paralyzed, 1, "no matter how small");
	bs1e_paralysis_damage(30, 10, 10, &c); /* no fraction */
	cr_assert_eq(c.killed, 3);
	cr_assert_eq(c.paralyzed, 0);
	bs1e_paralysis_damage(0, 10, 10, &c);
	cr_assert_eq(c.paralyzed, 0, "no damage, no paralysis");
	bs1e_paralysis_damage(45, 10, 4, &c); /* every figure killed */
	cr_assert_eq(c.killed, 4);
	cr_assert_eq(c.paralyzed, 0);
}

/* [13.4] RULING R-712: the catalog's ghoul spares elves (its
 * `paralysis_spares`) and undead (the flag), not men nor half-elves. */
Test(r13_paralysis, s13_4_elves_and_undead_are_spared_r712)
{
	struct tf t;
	open_pair(&t, "advanced", "ghoul", "elf");
	const struct bs_creature *g = bs_scenario_creature(t.sc, "ghoul");
	cr_assert_not_null(g);
	cr_assert(g->flags & BS_CF_PARALYZES);
	cr_assert_eq(g->paralysis_rounds.nparts, 1);
	cr_assert_eq(g->paralysis_rounds.part[0].count, 3);
	cr_assert_eq(g->paralysis_rounds.part[0].sides, 4);
	cr_assert(!bs1e_paralysis_takes(g, bs_scenario_creature(t.sc, "elf")));
	cr_assert(
	    !bs1e_paralysis_takes(g, bs_scenario_creature(t.sc, "zombie")));
	cr_assert(
	    bs1e_paralysis_takes(g, bs_scenario_creature(t.sc, "man-at-arms")));
	/* by name as to_hit_vs: a grey elf is an elf, a half-elf not */
	struct bs_creature other;
	memset(&other, 0, sizeof other);
	snprintf(other.name, sizeof other.name, "grey elf");
	cr_assert(!bs1e_paralysis_takes(g, &other));
	snprintf(other.name, sizeof other.name, "half-elf");
	cr_assert(bs1e_paralysis_takes(g, &other));
	cr_assert(bs1e_paralysis_takes(g, NULL), "a human individual");
	tf_close(&t);
}

/* [13.4] RULING: three ghoul figures damage
 * men-at-arms (6+6: 3 x 8 HD = 24 HD on figures of 10 HD): two figures
 * die, the fraction (4 HD) paralyzes one figure, which fails its
 * save (a 1): Immobilized for 3d4 = 6 Game Rounds, in a CAST event whose
 * actor is the ghoul unit; it is free at the sixth End of Game Round. */
Test(r13_paralysis, s13_4_ghouls_paralyze_a_figure_then_it_is_free_r713)
{
	struct tf t;
	open_pair(&t, "advanced", "ghoul", NULL);
	static const int dice[] = {6, 6, 1, 1, /* the two attacks */
				   1,	       /* the figure's save */
				   2, 2, 2,    /* 3d4 rounds */
				   1, 1, 1, 1, 1, 1, 1, 1};
	tf_dice(&t, dice, sizeof dice / sizeof dice[0]);
	int far = tf_g(&t, 1, 0);
	melee(&t);
	const struct bs_event *a = tf_find(&t, BS_EV_ATTACK, 0);
	cr_assert_not_null(a);
	cr_assert_eq(a->side, 0, "the ghouls strike");
	int total = a->n[4], hd = tf_unit(&t, 1, 0)->r.hd_fig;
	cr_assert_eq(a->n[5], total / hd, "whole figures killed");
	cr_assert_eq(a->n[6], 0, "no wound");
	cr_assert_neq(total % hd, 0, "the test needs a fraction");
	const struct bs_event *e = para_ev(&t, 3, 0);
	cr_assert_not_null(e, "the paralysis");
	cr_assert_eq(e->n[1], BS_SPFX_PARALYSIS);
	cr_assert_eq(e->side, 0);
	cr_assert_eq(e->unit, 0, "the ghoul unit is the source");
	cr_assert_eq(e->indiv, -1, "no caster");
	cr_assert_eq(e->tside, 1);
	cr_assert_eq(e->tunit, 0);
	cr_assert_eq(e->n[3], 1, "one figure struck");
	cr_assert_eq(e->n[5], 1, "one save");
	cr_assert_eq(e->n[6], 0, "failed");
	cr_assert_eq(e->n[7], 1, "paralyzed");
	cr_assert_eq(e->n[8], 6, "3d4 = 6 Game Rounds");
	cr_assert_eq(e->n[9], BS1E_MARKER_IMMOBILIZED);
	cr_assert_eq(e->ndice, 1);
	cr_assert_eq(e->dice[0], 1);
	cr_assert_str_eq(e->what, "ghoul");
	cr_assert(strstr(e->cite, "[13.4]"), "%s", e->cite);
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 10 - total / hd);
	cr_assert_eq(tf_unit(&t, 1, 0)->wounded, 0);
	cr_assert_eq(bs1e_fx_held(t.b, far), 1);
	/* RULING R-623: the held figure does not fight */
	cr_assert_eq(bs1e_fx_active(t.b, far, 3), 2);
	for (int r = 1; r <= 5; r++) {
		t.b->round = r; /* the End of Game Round of round r */
		bs1e_fx_end_round(t.b);
	}
	cr_assert_eq(bs1e_fx_held(t.b, far), 1, "still held after 5");
	cr_assert_null(para_ev(&t, 4, 0));
	t.b->round = 6;
	bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_held(t.b, far), 0, "free after the 6th");
	const struct bs_event *end = para_ev(&t, 4, 0);
	cr_assert_not_null(end, "its end in the log");
	cr_assert_eq(end->n[7], 1);
	cr_assert_eq(end->n[10], 6, "lasted");
	cr_assert_eq(end->unit, 0);
	tf_close(&t);
}

/* [13.4] "an immediate saving throw for that figure (if allowed)":
 * RULING R-713, a save made (a 20) leaves the figure free, and no
 * duration is rolled. */
Test(r13_paralysis, s13_4_the_figure_that_saves_is_not_paralyzed_r713)
{
	struct tf t;
	open_pair(&t, "advanced", "ghoul", NULL);
	static const int dice[] = {6, 6, 1, 1, 20, 1, 1, 1, 1, 1, 1, 1, 1};
	tf_dice(&t, dice, sizeof dice / sizeof dice[0]);
	melee(&t);
	const struct bs_event *e = para_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[6], 1, "saved");
	cr_assert_eq(e->n[7], 0);
	cr_assert_eq(e->n[8], 0);
	cr_assert_eq(e->n[9], BS1E_MARKER_NONE);
	cr_assert_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 0)), 0);
	tf_close(&t);
}

/* RULING R-712: against elves the ghouls' damage is ordinary: the
 * fraction wounds as [8.7] says, and nothing is paralyzed. */
Test(r13_paralysis, s13_4_ghouls_against_elves_r712)
{
	struct tf t;
	open_pair(&t, "advanced", "ghoul", "elf");
	static const int dice[] = {6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	tf_dice(&t, dice, sizeof dice / sizeof dice[0]);
	melee(&t);
	cr_assert_null(para_ev(&t, 3, 0), "no paralysis");
	const struct bs_event *a = tf_find(&t, BS_EV_ATTACK, 0);
	int hd = tf_unit(&t, 1, 0)->r.hd_fig;
	struct bs1e_casualties c;
	bs1e_casualties(a->n[4], hd, 10, &c);
	cr_assert_eq(a->n[5], c.killed);
	cr_assert_eq(a->n[6], c.wounded);
	cr_assert_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 0)), 0);
	tf_close(&t);
}

/* Below the Advanced Game paralysis is not in force (warning
 * `paralysis-level`): the ghouls fight as damage only. */
Test(r13_paralysis, s13_4_not_below_the_advanced_game)
{
	struct tf t;
	open_pair(&t, "intermediate", "ghoul", NULL);
	static const int dice[] = {6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	tf_dice(&t, dice, sizeof dice / sizeof dice[0]);
	melee(&t);
	cr_assert_null(para_ev(&t, 3, 0));
	const struct bs_event *a = tf_find(&t, BS_EV_ATTACK, 0);
	struct bs1e_casualties c;
	bs1e_casualties(a->n[4], tf_unit(&t, 1, 0)->r.hd_fig, 10, &c);
	cr_assert_eq(a->n[6], c.wounded);
	tf_close(&t);
}

#define CRAWLER                                                                \
	"{name: crawler, hd: '3', ac: 3, mv: 12, size: L, attacks: d2, "       \
	"flags: [paralyzes], paralysis_only: true, paralysis_rounds: 2d6}"

/* [13.4] "If the only damage caused by a unit is to paralyze, use the D4
 * column": RULING in play: the D4 reading, HD / figure HD
 * rounded up figures struck, each saves (1s: all fail), none killed nor
 * wounded, Immobilized for 2d6 Game Rounds. */
Test(r13_paralysis, s13_4_a_paralysis_only_attacker_in_play_r711)
{
	struct tf t;
	open_pair(&t, "advanced", CRAWLER, NULL);
	static const int dice[64] = {6, 6, 1, 1};
	int d[64];
	for (int i = 0; i < 64; i++)
		d[i] = i < 4 ? dice[i] : 1;
	tf_dice(&t, d, 64);
	melee(&t);
	const struct bs_event *a = tf_find(&t, BS_EV_ATTACK, 0);
	cr_assert_not_null(a);
	cr_assert(strstr(a->what, "D4"), "%s", a->what);
	cr_assert_eq(a->n[5], 0, "none killed");
	cr_assert_eq(a->n[6], 0, "none wounded");
	int hd = tf_unit(&t, 1, 0)->r.hd_fig;
	int struck = (a->n[4] + hd - 1) / hd;
	if (struck > 10)
		struck = 10;
	const struct bs_event *e = para_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[3], struck, "HD / figure HD, rounded up");
	cr_assert_eq(e->n[7], struck, "every save failed");
	cr_assert_eq(e->n[8], 2, "2d6 of 1s");
	cr_assert(strstr(e->cite, "R-077"), "%s", e->cite);
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 10, "no figure removed");
	cr_assert_eq(bs1e_fx_held(t.b, tf_g(&t, 1, 0)), struck);
	tf_close(&t);
}

/* [9.4 A] [13.4] RULING R-715: Kor, a 4th level fighter standing alone,
 * is attacked by a ghoul figure: its damage is his hit points (4 a HD,
 * at the phase's end) and he saves vs paralyzation at once; failed (a 1),
 * he is held (R-675's hold of a lone individual) for 3d4 rounds. */
Test(r13_paralysis, s13_4_a_lone_hero_held_by_ghoul_figures_r715)
{
	struct tf t;
	const char *y =
	    "name: Hero\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Ghouls, figures: 8, creature: ghoul, "
	    "position: [30.25, 50], facing: west, frontage: 4, commander: "
	    "Cap}\n"
	    "    individuals:\n"
	    "      - {name: Cap, class: fighter, level: 3, hp: 20, "
	    "abilities: {cha: 14}, rank: unit}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Band, figures: 6, creature: man-at-arms, "
	    "weapons: [spear], frontage: 6, position: [40, 80], commander: "
	    "Boss}\n"
	    "    individuals:\n"
	    "      - {name: Boss, class: fighter, level: 3, hp: 20, "
	    "abilities: {cha: 14}, rank: unit}\n"
	    "      - {name: Kor, class: fighter, level: 4, hp: 30, ac: 2, "
	    "weapon: long sword, position: [30, 50]}\n";
	tf_open(&t, y);
	t.b->round = 1;
	t.b->side_a = 0;
	t.b->side_order[0] = 0;
	t.b->side_order[1] = 1;
	int d[64];
	for (int i = 0; i < 64; i++)
		d[i] = i < 2 ? 6 : 1;
	/* the ghoul figure's 2d6 (6, 6) come first: Kor, alone, fights no
	 * duel and strikes at the figures only when side 1's heroes do
	 * (after side 0's? the events say); every other die is a 1 */
	tf_dice(&t, d, 64);
	int kor = t.b->indiv_first[1] + 1;
	melee(&t);
	const struct bs_event *f = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(f, "a ghoul figure attacks Kor");
	cr_assert_gt(f->n[4], 0, "damage scored");
	const struct bs_event *e = para_ev(&t, 3, 0);
	cr_assert_not_null(e, "his save");
	cr_assert_eq(e->tindiv, 1);
	cr_assert_eq(e->unit, 0, "the ghoul unit");
	cr_assert_eq(e->n[5], 1);
	cr_assert_eq(e->n[7], 1, "held");
	cr_assert_eq(e->n[9], BS1E_MARKER_IMMOBILIZED);
	cr_assert(strstr(e->cite, "R-715"), "%s", e->cite);
	cr_assert(bs1e_fx_indiv_held(t.b, kor));
	cr_assert(bs1e_fx_indiv_paralyzed(t.b, kor));
	cr_assert_lt(t.b->indivs[kor].hp, 30, "and the damage");
	tf_close(&t);
}
