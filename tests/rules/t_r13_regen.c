/* Regeneration [13.8] of killed figures (RULING R-720 .. R-723): a
 * regenerating figure killed lies "dead" where it fell and rises into its
 * unit with a Wound marker two Game Rounds later, unless an enemy figure
 * is within 1" (one figure holds two); fire and acid kill for good. */
#include "bs1e_fixture.h"

/* South: Men far off and a lone hero Hal (at hx, hy); North: four trolls
 * (ratio 5) at [30, 60] facing south, their rear rank toward y 60+. */
static void open_trolls(struct tf *t, const char *level, double hx, double hy)
{
	char y[2048];
	snprintf(
	    y, sizeof y,
	    "name: trolls\nlevel: %s\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: S\n    edge: south\n    units:\n"
	    "      - {name: Men, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [10, 10]}\n"
	    "    individuals:\n"
	    "      - {name: Hal, class: fighter, level: 5, hp: 40, "
	    "position: [%g, %g]}\n"
	    "  - name: N\n    edge: north\n    units:\n"
	    "      - {name: Trolls, figures: 4, creature: troll, ratio: 5, "
	    "frontage: 2, position: [30, 60]}\n",
	    level, hx, hy);
	tf_open(t, y);
	t->b->round = 1;
}

/* n troll figures killed at once (no_regen: by fire or acid). */
static void kill(struct tf *t, int n, int no_regen)
{
	struct bs1e_hit h;
	memset(&h, 0, sizeof h);
	h.from = tf_g(t, 0, 0);
	h.from_indiv = -1;
	h.to = tf_g(t, 1, 0);
	h.c.killed = n;
	h.no_regen = no_regen;
	bs1e_apply_hits(t->b, tf_g(t, 1, 0), &h, 1, "test");
}

static void end_round(struct tf *t)
{
	bs1e_regenerate(t->b);
	t->b->round++;
}

static struct bs1e_unit_x *trolls_x(struct tf *t)
{
	return &bs1e_sc(t->b)->ux[tf_g(t, 1, 0)];
}

static int notes(struct tf *t, const char *cite)
{
	int n = 0;
	for (int i = 0; i < t->nev; i++)
		n += t->evs[i].ev.type == BS_EV_NOTE && t->evs[i].ev.cite &&
		     strstr(t->evs[i].ev.cite, cite) != NULL;
	return n;
}

/* The hero's distance to dead figure i's base. */
static double hero_to_dead(struct tf *t, int i)
{
	const struct bs1e_dead *d = &trolls_x(t)->dead[i];
	const struct bs_unit_state *u = tf_unit(t, 1, 0);
	struct bs_quad q =
	    bs_block(bs_vec_add(d->pos, bs_vec_scale(bs_dir(d->facing),
						     u->r.base_d / 2.0)),
		     d->facing, u->r.base_w, u->r.base_d);
	int k = t->b->indiv_first[0];
	struct bs_quad qk = bs1e_indiv_quad(t->b, k);
	return bs_quad_dist(&q, &qk);
}

/* [13.8] "When regenerating creatures are killed, place a second Wound
 * marker on the figure and leave it on the battlefield. Two Game Rounds
 * later, one Wound marker is removed and the figure can move and fight
 * normally" (RULING R-720: killed in round 1, it stands at the end of
 * round 2 to fight in round 3; R-722: in its unit, with a Wound marker). */
Test(r13_regen, s13_8_r720_a_killed_troll_rises_two_rounds_later)
{
	struct tf t;
	open_trolls(&t, "advanced", 60, 10);
	kill(&t, 1, 0);
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 3, "removed from the unit");
	cr_assert_eq(trolls_x(&t)->ndead, 1, "it lies dead on the table");
	cr_expect_eq(notes(&t, "R-720"), 1, "the killing, logged");
	/* where it fell: the rear rank, behind the unit's front */
	cr_expect_gt(trolls_x(&t)->dead[0].pos.y, 60.0);
	end_round(&t); /* the end of round 1 */
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 3, "not yet");
	end_round(&t); /* the end of round 2 */
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 4, "it rises");
	cr_expect_eq(tf_unit(&t, 1, 0)->wounded, 1, "with a Wound marker");
	cr_expect_eq(trolls_x(&t)->ndead, 0);
	cr_expect_eq(trolls_x(&t)->risen, 1);
	cr_expect_eq(notes(&t, "R-720"), 2, "the rising, logged");
	/* the marker regenerates as R-605 says, two calm rounds later */
	end_round(&t);
	cr_expect_eq(tf_unit(&t, 1, 0)->wounded, 1);
	end_round(&t);
	cr_expect_eq(tf_unit(&t, 1, 0)->wounded, 0);
	tf_close(&t);
	/* the Intermediate Game: [13.8] is not in force, none lies dead */
	open_trolls(&t, "intermediate", 60, 10);
	kill(&t, 1, 0);
	end_round(&t);
	end_round(&t);
	cr_expect_eq(trolls_x(&t)->ndead, 0);
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 3);
	tf_close(&t);
}

/* [13.8] "If an enemy figure is within 1" of the 'dead' regenerating
 * creature, the creature cannot regenerate" (RULING R-721: it lies until
 * an End of Game Round Phase finds none). */
Test(r13_regen, s13_8_r721_an_enemy_within_1_inch_stops_it)
{
	struct tf t;
	open_trolls(&t, "advanced", 60, 10);
	kill(&t, 1, 0);
	int k = t.b->indiv_first[0];
	/* the hero 0.9" beyond the dead figure's base, then 1.1" */
	const struct bs1e_dead *d = &trolls_x(&t)->dead[0];
	double half = tf_unit(&t, 1, 0)->r.base_d / 2.0;
	double w = bs1e_sc(t.b)->ix[k].base / 2.0;
	t.b->indivs[k].pos =
	    (struct bs_vec){d->pos.x, d->pos.y + half + w + 0.9};
	cr_assert_float_eq(hero_to_dead(&t, 0), 0.9, 1e-9);
	end_round(&t);
	end_round(&t);
	end_round(&t);
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 3, "held down");
	cr_expect_eq(trolls_x(&t)->ndead, 1);
	cr_expect_geq(notes(&t, "R-721"), 1, "held, logged");
	t.b->indivs[k].pos.y += 0.2;
	cr_assert_float_eq(hero_to_dead(&t, 0), 1.1, 1e-9);
	end_round(&t);
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 4, "left alone: it rises");
	tf_close(&t);
}

/* [13.8] "A single figure can prevent two regenerating creatures from
 * healing if it is within 1" of each such figure" (RULING R-721: each
 * enemy figure holds two at most, in the order they fell). */
Test(r13_regen, s13_8_r721_one_figure_stops_two)
{
	struct tf t;
	open_trolls(&t, "advanced", 60, 10);
	kill(&t, 3, 0);
	cr_assert_eq(trolls_x(&t)->ndead, 3);
	/* the hero amid the three dead, within 1" of each */
	int k = t.b->indiv_first[0];
	struct bs_vec c = {0, 0};
	for (int i = 0; i < 3; i++)
		c = bs_vec_add(c, trolls_x(&t)->dead[i].pos);
	t.b->indivs[k].pos = bs_vec_scale(c, 1.0 / 3.0);
	for (int i = 0; i < 3; i++)
		cr_assert_leq(hero_to_dead(&t, i), 1.0, "within 1\" of %d", i);
	end_round(&t);
	end_round(&t);
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 2, "two held, one rises");
	cr_expect_eq(trolls_x(&t)->ndead, 2);
	cr_expect_eq(trolls_x(&t)->risen, 1);
	tf_close(&t);
}

/* [13.8] "Damage caused by fire and acid attacks does not regenerate"
 * (RULING R-720): a figure killed by fire does not lie to rise. */
Test(r13_regen, s13_8_r720_fire_killed_does_not_rise)
{
	struct tf t;
	open_trolls(&t, "advanced", 60, 10);
	kill(&t, 1, 1);
	cr_expect_eq(trolls_x(&t)->ndead, 0);
	end_round(&t);
	end_round(&t);
	end_round(&t);
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 3, "burnt: it stays dead");
	tf_close(&t);
}

/* RULING R-723: a unit destroyed: its dead have no unit to rise into. */
Test(r13_regen, s13_8_r723_a_destroyed_units_dead_do_not_rise)
{
	struct tf t;
	open_trolls(&t, "advanced", 60, 10);
	kill(&t, 4, 0);
	cr_assert(!bs1e_in_play(t.b, tf_g(&t, 1, 0)), "destroyed");
	cr_expect_eq(trolls_x(&t)->ndead, 4);
	end_round(&t);
	cr_expect_eq(trolls_x(&t)->ndead, 0);
	cr_expect_eq(notes(&t, "R-723"), 1);
	end_round(&t);
	cr_expect_eq(tf_unit(&t, 1, 0)->figures, 0);
	tf_close(&t);
}

/* A troll hero (race troll) on the north side, far from the trolls. */
static void open_troll_hero(struct tf *t, const char *level)
{
	char y[2048];
	snprintf(y, sizeof y,
		 "name: troll hero\nlevel: %s\ngame: adnd\n"
		 "table: {width: 72, depth: 96}\n"
		 "sides:\n"
		 "  - name: S\n    edge: south\n    units:\n"
		 "      - {name: Men, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [10, 10]}\n"
		 "  - name: N\n    edge: north\n    units:\n"
		 "      - {name: Orcs, figures: 8, creature: orc, "
		 "weapons: [spear], position: [60, 80]}\n"
		 "    individuals:\n"
		 "      - {name: Grok, race: troll, hp: 40, "
		 "position: [30, 70]}\n",
		 level);
	tf_open(t, y);
	t->b->round = 1;
}

/* [13.8] [9.4 B] [14.1] RULING R-724: an individual of a regenerating
 * race heals as the MM troll does, 3 hit points a melee round from the
 * third after he was first damaged; one AD&D round a Game Round, three
 * when he fought in individual combat; never what fire or acid took. */
Test(r13_regen, s13_8_r724_a_troll_hero_regenerates_hit_points)
{
	struct tf t;
	open_troll_hero(&t, "advanced");
	int k = t.b->indiv_first[1];
	struct bs_indiv_state *c = &t.b->indivs[k];
	cr_assert_eq(c->hp_max, 40);
	c->hp = 20; /* damaged in round 1 */
	end_round(&t);
	cr_expect_eq(c->hp, 20, "the round of the damage: none");
	end_round(&t);
	end_round(&t);
	cr_expect_eq(c->hp, 20, "melee rounds 1 and 2 after it: none");
	end_round(&t);
	cr_expect_eq(c->hp, 23, "the third: 3 hit points");
	cr_expect_eq(notes(&t, "R-724"), 1, "logged");
	/* a Game Round of individual combat is three AD&D rounds */
	c->flags |= BS_IF_DUEL;
	end_round(&t);
	cr_expect_eq(c->hp, 32);
	c->flags &= ~(unsigned)BS_IF_DUEL;
	/* fire took 5: he heals to 35, not above */
	bs1e_regen_burnt(t.b, k, 5);
	end_round(&t);
	cr_expect_eq(c->hp, 35);
	end_round(&t);
	cr_expect_eq(c->hp, 35, "what fire took stays");
	tf_close(&t);
	/* the Intermediate Game: not in force */
	open_troll_hero(&t, "intermediate");
	c = &t.b->indivs[t.b->indiv_first[1]];
	c->hp = 20;
	for (int i = 0; i < 6; i++)
		end_round(&t);
	cr_expect_eq(c->hp, 20);
	tf_close(&t);
}

/* A troll hero Grok (north, at [30, 70]) and a southern hero Hal at
 * (hx, hy). */
static void open_troll_and_hal(struct tf *t, const char *level, double hx,
			       double hy)
{
	char y[2048];
	snprintf(y, sizeof y,
		 "name: troll hero killed\nlevel: %s\ngame: adnd\n"
		 "table: {width: 72, depth: 96}\n"
		 "sides:\n"
		 "  - name: S\n    edge: south\n    units:\n"
		 "      - {name: Men, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [10, 10]}\n"
		 "    individuals:\n"
		 "      - {name: Hal, class: fighter, level: 5, hp: 40, "
		 "position: [%g, %g]}\n"
		 "  - name: N\n    edge: north\n    units:\n"
		 "      - {name: Orcs, figures: 8, creature: orc, "
		 "weapons: [spear], position: [60, 80]}\n"
		 "    individuals:\n"
		 "      - {name: Grok, race: troll, hp: 40, "
		 "position: [30, 70]}\n",
		 level, hx, hy);
	tf_open(t, y);
	t->b->round = 1;
}

/* Grok struck down to hp by Hal's long sword (the path of every kill but
 * a spell's: bs1e_indiv_killed); fire 1: the killing blow was a fire
 * spell's (r14_cast.c strike_indiv's order). */
static void kill_grok(struct tf *t, int hp, int fire)
{
	int k = t->b->indiv_first[1];
	t->b->indivs[k].hp = hp;
	if (fire)
		bs1e_regen_fire_blow(t->b, k);
	bs1e_indiv_killed(t->b, k, 0,
			  fire ? "killed by a spell" : "killed by a sword",
			  "[9.4 B]");
}

static int killed_of(struct tf *t, int side)
{
	bs1e_check_over(t->b, 0);
	return t->b->result.side[side].indivs_killed;
}

/* [13.8] "Two Game Rounds later ... the figure can move and fight
 * normally"; the MM troll rises again when killed (RULING R-725: killed
 * in round 1, he stands at the end of round 2; R-727: with 3 hit points,
 * alive and back on the table; the summary's killed count is honest). */
Test(r13_regen, s13_8_r725_a_troll_hero_killed_by_a_sword_rises)
{
	struct tf t;
	open_troll_and_hal(&t, "advanced", 10, 30);
	int k = t.b->indiv_first[1];
	struct bs_indiv_state *c = &t.b->indivs[k];
	cr_assert_eq(c->hp_max, 40);
	kill_grok(&t, -4, 0);
	cr_expect(!c->alive && c->lost);
	cr_expect_eq(notes(&t, "R-725"), 1, "lies dead, logged");
	cr_expect_eq(killed_of(&t, 1), 1, "while he lies he is killed");
	end_round(&t); /* the end of round 1: he lies */
	cr_expect(!c->alive);
	end_round(&t); /* the end of round 2: he rises */
	cr_expect(c->alive && !c->lost, "risen");
	cr_expect(bs1e_indiv_figure(t.b, k), "back on the table");
	cr_expect_eq(c->hp, 3, "with 3 hit points (R-727)");
	cr_expect_eq(notes(&t, "R-727"), 1, "rises, logged");
	cr_expect_eq(killed_of(&t, 1), 0, "one who rose is not killed");
	/* R-724 goes on from the round of his death (its first): the third
	 * melee round after it heals 3 */
	end_round(&t);
	end_round(&t);
	cr_expect_eq(c->hp, 3);
	end_round(&t);
	cr_expect_eq(c->hp, 6);
	tf_close(&t);
	/* the Intermediate Game: not in force, he stays dead */
	open_troll_and_hal(&t, "intermediate", 10, 30);
	k = t.b->indiv_first[1];
	kill_grok(&t, 0, 0);
	for (int i = 0; i < 4; i++)
		end_round(&t);
	cr_expect(!t.b->indivs[k].alive);
	cr_expect_eq(notes(&t, "R-725"), 0);
	cr_expect_eq(killed_of(&t, 1), 1);
	tf_close(&t);
}

/* [13.8] "If an enemy figure is within 1" of the 'dead' regenerating
 * creature, the creature cannot regenerate" (RULING R-726: R-721's measure,
 * counter to counter; he rises once no enemy is within 1"). */
Test(r13_regen, s13_8_r726_held_down_by_an_enemy_within_1_inch)
{
	struct tf t;
	/* Hal's 1/2" counter 1/2" short of Grok's */
	open_troll_and_hal(&t, "advanced", 30, 69);
	int k = t.b->indiv_first[1], h = t.b->indiv_first[0];
	struct bs_indiv_state *c = &t.b->indivs[k];
	struct bs_quad qk = bs1e_indiv_quad(t.b, k);
	struct bs_quad qh = bs1e_indiv_quad(t.b, h);
	cr_assert(bs_quad_dist(&qk, &qh) <= 1.0, "%g", bs_quad_dist(&qk, &qh));
	kill_grok(&t, 0, 0);
	for (int i = 0; i < 4; i++)
		end_round(&t);
	cr_expect(!c->alive, "held down");
	cr_expect_eq(notes(&t, "R-726"), 3, "held at rounds 2, 3, 4");
	cr_expect_eq(killed_of(&t, 1), 1, "still down: killed");
	/* Hal walks off: he rises at the next End of Game Round Phase */
	t.b->indivs[h].pos = (struct bs_vec){10, 30};
	end_round(&t);
	cr_expect(c->alive && c->hp == 3);
	cr_expect_eq(killed_of(&t, 1), 0);
	tf_close(&t);
	/* 1.5" apart: no hold */
	open_troll_and_hal(&t, "advanced", 30, 70);
	k = t.b->indiv_first[1];
	h = t.b->indiv_first[0];
	t.b->indivs[h].pos = t.b->indivs[k].pos;
	t.b->indivs[h].pos.y -= 1.5 + bs1e_sc(t.b)->ix[h].base;
	qk = bs1e_indiv_quad(t.b, k);
	qh = bs1e_indiv_quad(t.b, h);
	cr_assert(bs_quad_dist(&qk, &qh) > 1.0, "%g", bs_quad_dist(&qk, &qh));
	kill_grok(&t, 0, 0);
	end_round(&t);
	end_round(&t);
	cr_expect(t.b->indivs[k].alive);
	cr_expect_eq(notes(&t, "R-726"), 0);
	tf_close(&t);
}

/* [13.8] "Damage caused by fire and acid attacks does not regenerate"; the
 * MM troll rises "unless burned" (RULING R-725): killed by a fire spell
 * he stays dead, and the summary counts him killed at the end. */
Test(r13_regen, s13_8_r725_killed_by_fire_stays_dead)
{
	struct tf t;
	open_troll_and_hal(&t, "advanced", 10, 30);
	int k = t.b->indiv_first[1];
	kill_grok(&t, -3, 1);
	cr_expect_eq(notes(&t, "R-725"), 1, "logged: he will not rise");
	for (int i = 0; i < 5; i++)
		end_round(&t);
	cr_expect(!t.b->indivs[k].alive);
	cr_expect_eq(notes(&t, "R-727"), 0);
	cr_expect_eq(killed_of(&t, 1), 1);
	tf_close(&t);
	/* fire took all he had (R-724's top is 0): nothing to rise with */
	open_troll_and_hal(&t, "advanced", 10, 30);
	k = t.b->indiv_first[1];
	bs1e_regen_burnt(t.b, k, 40);
	kill_grok(&t, -1, 0);
	for (int i = 0; i < 3; i++)
		end_round(&t);
	cr_expect(!t.b->indivs[k].alive);
	tf_close(&t);
	/* a fire blow that did not kill him does not stop a later rising */
	open_troll_and_hal(&t, "advanced", 10, 30);
	k = t.b->indiv_first[1];
	bs1e_regen_burnt(t.b, k, 38);
	kill_grok(&t, -1, 0);
	end_round(&t);
	end_round(&t);
	cr_expect(t.b->indivs[k].alive);
	cr_expect_eq(t.b->indivs[k].hp, 2, "never above what fire left");
	tf_close(&t);
}
