/* [10.6] pass-through fire at the move of a lone hero or commander
 * (issue 15, RULING R-674, R-695): the moments of an individual's move
 * (r09_figures.c), the enemy units' volleys at them by [9.4 A]'s
 * figure-attacking-hero procedure (RULING R-670), the doctrine's choice,
 * the mover killed on his way. The scenario is
 * tests/data/pass_through_hero_run.yaml: Ulfgar (Warband, individual 1,
 * 6 hp) runs 12" east from (16, 26) to (28, 26) across the front of the
 * Keep's Bowmen (long bows, front centre (36, 10) facing north); the Orcs
 * stand in the Bowmen's range. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/doctrine_int.h"
#include "battlesim/bs1e_missile.h"
#include "bs1e_fixture.h"

#define RUN_YAML "tests/data/pass_through_hero_run.yaml"

/* The scenario's battle in the Movement Phase of round 1, Ulfgar's run
 * ordered, the doctrine's pass-through fire at individuals for the Keep
 * (RULING R-695), events on. */
static void open_run(struct tf *t)
{
	FILE *f = fopen(RUN_YAML, "rb");
	cr_assert_not_null(f, "%s", RUN_YAML);
	static char yaml[8192];
	size_t n = fread(yaml, 1, sizeof yaml - 1, f);
	fclose(f);
	yaml[n] = 0;
	tf_open(t, yaml);
	struct bs_battle *b = t->b;
	b->round = 1;
	b->side_a = 0;
	b->side_order[0] = 0;
	b->side_order[1] = 1;
	b->first_mover = 1; /* the Warband moves first */
	for (int g = 0; g < b->nunits; g++)
		bs1e_missile_new_round(b, g);
	t->ctl.pass_through_at_indiv = bs_ai_pass_through_at_indiv_cb;
	t->indiv[1][1] = (struct bs_indiv_order){.move = 1,
						 .x = 28,
						 .y = 26,
						 .tside = -1,
						 .tunit = -1,
						 .tindiv = -1};
	tf_phase(t, BS_PHASE_MOVEMENT);
}

static struct bs_indiv_state *ulfgar(struct tf *t)
{
	return &t->b->indivs[t->b->indiv_first[1] + 1];
}

/* The n-th NOTE cited cite. */
static const struct bs_event *note_cited(struct tf *t, const char *cite, int n)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == BS_EV_NOTE &&
		    strcmp(t->evs[i].cite, cite) == 0 && n-- == 0)
			return &t->evs[i].ev;
	return NULL;
}

/* [10.6] "Pass-through fire can be taken at any point during the enemy's
 * movement ... against any enemy units in range and line of sight"
 * RULING R-674: at a lone hero's own move too. The Bowmen shoot at
 * Ulfgar at the first moment of his run in their reach (4" along, at
 * (20, 26), long range), one figure at a size M hero, 4 hp a HD (R-670);
 * he goes on to the end of his move. */
Test(r10_indiv_pass, s10_6_ruling_r674_lone_hero_shot_at_on_his_run)
{
	struct tf t;
	open_run(&t);
	tf_dice(&t, (int[]){3, 2}, 2);
	bs1e_indivs_move(t.b, 1);
	const struct bs_event *note =
	    note_cited(&t, "[10.6] [9.4] RULING R-674", 0);
	cr_assert_not_null(note, "the moment is explained");
	cr_assert_not_null(strstr(note->what, "4.0\" along his move"), "%s",
			   note->what);
	const struct bs_event *v = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(v, "the Bowmen shoot at him on his way");
	cr_assert(v > note, "after the moment's NOTE");
	cr_assert_eq(v->side, 0);
	cr_assert_eq(v->tside, 1);
	cr_assert_eq(v->tindiv, 1);
	cr_assert_eq(v->n[11], BS_FIRE_PASS_THROUGH);
	cr_assert_eq(v->n[8], 1, "a shot");
	cr_assert_eq(v->n[0], 1, "one figure at a size M hero [9.4 A]");
	cr_assert_eq(v->n[9], 2, "long range");
	cr_assert_str_eq(v->cite, "[10.6] [9.4 A] [10.0] RULING R-670");
	cr_assert_float_eq(v->x1, 20, 1e-6, "where the moment has him");
	cr_assert_float_eq(v->y1, 26, 1e-6);
	cr_assert_gt(v->n[5], 0, "the 2d6 of 5 hits");
	cr_assert_eq(ulfgar(&t)->hp, 6 - v->n[5]);
	cr_assert_eq(tf_unit(&t, 0, 0)->pass_through, 1, "its one shot");
	cr_assert_eq(tf_unit(&t, 0, 0)->shots, 1);
	/* the move in two pieces around the moment, 12" in all */
	const struct bs_event *m0 = tf_find(&t, BS_EV_MOVE, 0),
			      *m1 = tf_find(&t, BS_EV_MOVE, 1);
	cr_assert_not_null(m1);
	cr_assert(m0 < v && v < m1);
	cr_assert_float_eq(m0->x1, 20, 1e-6);
	cr_assert_eq(m1->n[2], 120, "12\" of MV used");
	cr_assert_float_eq(ulfgar(&t)->pos.x, 28, 1e-6, "he goes on");
	cr_assert_float_eq(ulfgar(&t)->pos.y, 26, 1e-6);
	tf_close(&t);
}

/* [10.2] "a maximum of one shot as Pass-Through Fire": Bowmen who already
 * took theirs this round do not shoot at him; no moment is offered, his
 * move is one piece. */
Test(r10_indiv_pass, s10_6_s10_2_ruling_r674_archers_already_fired_no_shot)
{
	struct tf t;
	open_run(&t);
	tf_unit(&t, 0, 0)->pass_through = 1;
	tf_unit(&t, 0, 0)->shots = 1;
	bs1e_indivs_move(t.b, 1);
	cr_assert_null(tf_find(&t, BS_EV_FIGURE_ATTACK, 0), "no shot");
	cr_assert_null(note_cited(&t, "[10.6] [9.4] RULING R-674", 0));
	cr_assert_eq(tf_count(&t, BS_EV_MOVE), 1);
	cr_assert_eq(ulfgar(&t)->hp, 6);
	cr_assert_float_eq(ulfgar(&t)->pos.x, 28, 1e-6);
	/* and the doctrine names none when asked */
	struct bs_move_point path[2] = {0};
	path[0] = (struct bs_move_point){
	    .side = 1, .unit = -1, .indiv = 1, .x = 20, .y = 26};
	path[1] = path[0];
	struct bs_fire_order out[4];
	cr_assert_eq(
	    bs_ai_pass_through_at_indiv_cb(NULL, t.b, 0, 1, 1, path, 2, out, 4),
	    0);
	tf_close(&t);
}

/* The mover killed stops (RULING R-674): Ulfgar at 1 hp is killed at the
 * moment of the volley (2d6 5+2: 0.2 HD = 1 hp) and moves no farther; no
 * MOVE after it. */
Test(r10_indiv_pass, s10_6_ruling_r674_killed_mover_stops)
{
	struct tf t;
	open_run(&t);
	ulfgar(&t)->hp = 1;
	tf_dice(&t, (int[]){5, 2}, 2);
	bs1e_indivs_move(t.b, 1);
	const struct bs_event *v = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(v);
	cr_assert_geq(v->n[5], 1);
	cr_assert_eq(ulfgar(&t)->alive, 0, "killed by missile fire");
	cr_assert_float_eq(ulfgar(&t)->pos.x, 20, 1e-6, "he stops there");
	cr_assert_eq(tf_count(&t, BS_EV_MOVE), 1, "no move after it");
	cr_assert(tf_find(&t, BS_EV_MOVE, 0) < v);
	tf_close(&t);
}

/* The moments offered (RULING R-674): where he starts, every inch, the
 * end; each names him (unit -1, indiv 1); a run that ends against the
 * Bowmen has its last moment just before he touches them, in contact
 * with them, and the Bowmen's volley there is legal ([10.1]: not yet in
 * contact). */
static struct bs_move_point seen[BS_MAX_MOVE_POINTS];
static int nseen;
static int capture(void *ctx, const struct bs_battle *b, int side, int mside,
		   int mindiv, const struct bs_move_point *path, int n,
		   struct bs_fire_order *out, int max)
{
	(void)ctx;
	(void)b;
	(void)side;
	(void)mside;
	(void)mindiv;
	(void)out;
	(void)max;
	nseen = n;
	memcpy(seen, path, (size_t)n * sizeof *path);
	return 0;
}

Test(r10_indiv_pass, s10_6_ruling_r674_the_moments_of_his_move)
{
	struct tf t;
	open_run(&t);
	t.ctl.pass_through_at_indiv = capture;
	bs1e_indivs_move(t.b, 1);
	cr_assert_eq(nseen, 13, "the start, 11 inches, the end");
	for (int i = 0; i < nseen; i++) {
		cr_assert_eq(seen[i].unit, -1);
		cr_assert_eq(seen[i].side, 1);
		cr_assert_eq(seen[i].indiv, 1);
		cr_assert_float_eq(seen[i].moved, i, 1e-6);
		cr_assert_float_eq(seen[i].x, 16 + i, 1e-6);
		cr_assert_eq(seen[i].contact, 0);
	}
	tf_close(&t);

	open_run(&t);
	t.ctl.pass_through_at_indiv = capture;
	/* straight at the Bowmen's front rank (y 10, six files) */
	ulfgar(&t)->pos = (struct bs_vec){36, 20};
	t.indiv[1][1].x = 36;
	t.indiv[1][1].y = 8;
	bs1e_indivs_move(t.b, 1);
	cr_assert_geq(nseen, 2);
	const struct bs_move_point *e = &seen[nseen - 1];
	cr_assert_eq(e->contact, 1, "the moment he comes into contact");
	cr_assert_eq(e->tside, 0);
	cr_assert_eq(e->tunit, 0);
	cr_assert_lt(e->moved - seen[nseen - 2].moved, 1.0 + 1e-9);
	cr_assert_eq(tf_find(&t, BS_EV_CONTACT, 0) != NULL, 1, "he touches");
	struct bs1e_volley_plan p;
	bs1e_volley_plan_indiv(t.b, 0, 0, 1, 1, BS_FIRE_PASS_THROUGH, -1, e,
			       &p);
	cr_assert(p.legal, "before he touches: %s %s", p.why, p.cite);
	bs1e_volley_plan_indiv(t.b, 0, 0, 1, 1, BS_FIRE_PASS_THROUGH, -1, NULL,
			       &p);
	cr_assert_eq(p.legal, 0, "touching them now [10.1]");
	tf_close(&t);
}

/* RULING R-695: the doctrine fires at the moment of most value (R-672's
 * part of his hit points), the earliest on a tie, when it beats nothing;
 * with its last shot of the round it keeps it for its own phase when a
 * volley then is worth as much: at the Orcs from where it stands (a hero
 * of 6 hp is worth the shot, one of 60 is not), or at him where his move
 * ends (a run that ends in the same band). */
Test(r10_indiv_pass, s10_6_ruling_r695_doctrine_moment_and_last_shot)
{
	struct tf t;
	open_run(&t);
	struct bs_move_point path[3];
	for (int i = 0; i < 3; i++)
		path[i] = (struct bs_move_point){.side = 1,
						 .unit = -1,
						 .indiv = 1,
						 .x = i < 2 ? 12 + 8.0 * i : 60,
						 .y = 26,
						 .moved = 8.0 * i};
	struct bs_fire_order out[4];
	int n =
	    bs_ai_pass_through_at_indiv_cb(NULL, t.b, 0, 1, 1, path, 3, out, 4);
	cr_assert_eq(n, 1);
	cr_assert_eq(out[0].unit, 0);
	cr_assert_eq(out[0].at_indiv, 1);
	cr_assert_eq(out[0].tside, 1);
	cr_assert_eq(out[0].tunit, 1);
	cr_assert_eq(out[0].at, 1, "(12, 26) and (60, 26) out of reach");
	cr_assert_not_null(strstr(out[0].why, "R-695"));
	/* the last shot */
	tf_unit(&t, 0, 0)->shots = 1;
	cr_assert_eq(
	    bs_ai_pass_through_at_indiv_cb(NULL, t.b, 0, 1, 1, path, 3, out, 4),
	    1, "6 hp: worth more than the Orcs' part");
	/* a run that ends at (28, 26), long range as (20, 26): kept */
	path[2].x = 28;
	cr_assert_eq(
	    bs_ai_pass_through_at_indiv_cb(NULL, t.b, 0, 1, 1, path, 3, out, 4),
	    0, "he will stand in the same band");
	tf_unit(&t, 0, 0)->shots = 0;
	cr_assert_eq(
	    bs_ai_pass_through_at_indiv_cb(NULL, t.b, 0, 1, 1, path, 3, out, 4),
	    1, "two shots left: it beats nothing");
	cr_assert_eq(out[0].at, 1, "the earliest of two moments of one value");
	tf_unit(&t, 0, 0)->shots = 1;
	path[2].x = 60;
	ulfgar(&t)->hp = 60;
	cr_assert_eq(
	    bs_ai_pass_through_at_indiv_cb(NULL, t.b, 0, 1, 1, path, 3, out, 4),
	    0, "kept for the Orcs");
	tf_close(&t);
}

/* [10.6] RULING R-697: a scripted side's pass-through entry naming the
 * individual as its mover (`mover:` Ulfgar, here by default the target)
 * fires at the first moment `after` inches into his own move (6": at
 * (22, 26)); an entry waiting for the Orcs' move does not fire at his. */
Test(r10_indiv_pass, s10_6_ruling_r697_scripted_entry_at_his_move)
{
	FILE *f = fopen(RUN_YAML, "rb");
	cr_assert_not_null(f, "%s", RUN_YAML);
	static char yaml[8192], edited[9000];
	size_t n = fread(yaml, 1, sizeof yaml - 1, f);
	fclose(f);
	yaml[n] = 0;
	const char *ctl = "    controller: doctrine\n";
	const char *wat = "rank: unit}\n";
	char *c = strstr(yaml, ctl), *w = strstr(yaml, wat);
	cr_assert(c && w && c < w);
	w += strlen(wat);
	snprintf(edited, sizeof edited,
		 "%.*s    controller: scripted\n%.*s    orders:\n"
		 "      - {round: 1, fire: Bowmen, target: Orcs, phase: "
		 "pass_through, mover: Orcs}\n"
		 "      - {round: 1, fire: Bowmen, target: Ulfgar, phase: "
		 "pass_through, after: 6}\n%s",
		 (int)(c - yaml), yaml, (int)(w - (c + strlen(ctl))),
		 c + strlen(ctl), w);
	struct tf t;
	tf_open(&t, edited);
	struct bs_battle *b = t.b;
	b->round = 1;
	b->side_a = 0;
	b->side_order[0] = 0;
	b->side_order[1] = 1;
	b->first_mover = 1;
	for (int g = 0; g < b->nunits; g++)
		bs1e_missile_new_round(b, g);
	struct bs_ai_script s;
	bs_ai_script_init(&s);
	cr_assert_not_null(s.ctl.pass_through_at_indiv);
	t.ctl.pass_through_at_indiv = s.ctl.pass_through_at_indiv;
	t.indiv[1][1] = (struct bs_indiv_order){.move = 1,
						.x = 28,
						.y = 26,
						.tside = -1,
						.tunit = -1,
						.tindiv = -1};
	tf_phase(&t, BS_PHASE_MOVEMENT);
	tf_dice(&t, (int[]){3, 2}, 2);
	bs1e_indivs_move(t.b, 1);
	const struct bs_event *note =
	    note_cited(&t, "[10.6] [9.4] RULING R-674", 0);
	cr_assert_not_null(note, "the moment is explained");
	cr_assert_not_null(strstr(note->what, "6.0\" along his move"), "%s",
			   note->what);
	const struct bs_event *v = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(v, "the scripted Bowmen shoot at him");
	cr_assert_eq(v->side, 0);
	cr_assert_eq(v->tindiv, 1);
	cr_assert_eq(v->n[11], BS_FIRE_PASS_THROUGH);
	cr_assert_float_eq(v->x1, 22, 1e-6, "6\" into his run");
	cr_assert_float_eq(v->y1, 26, 1e-6);
	cr_assert_null(tf_find(&t, BS_EV_FIGURE_ATTACK, 1), "one volley");
	cr_assert_null(tf_find(&t, BS_EV_VOLLEY, 0),
		       "the entry for the Orcs' move waits");
	cr_assert_eq(tf_unit(&t, 0, 0)->pass_through, 1, "its one shot");
	tf_close(&t);
}

/* ---- issue 14/15 RULING: an enemy hero's shot at his move ---
 * tests/data/pass_through_hero_shoots.yaml: Aldric (Keep, individual 1),
 * a lone hero with a long bow (7/14/21) at (40, 26), and Ulfgar
 * (Warband, individual 1, 6 hp, AC 4) running from (16, 26) east to
 * (21, 26) and back to (16, 30); he starts and ends out of Aldric's
 * reach. */
#define SHOOTS_YAML "tests/data/pass_through_hero_shoots.yaml"

static void open_shoots(struct tf *t, const char *orders)
{
	FILE *f = fopen(SHOOTS_YAML, "rb");
	cr_assert_not_null(f, "%s", SHOOTS_YAML);
	static char yaml[8192], edited[9000];
	size_t n = fread(yaml, 1, sizeof yaml - 1, f);
	fclose(f);
	yaml[n] = 0;
	if (orders) {
		/* the Keep scripted, with these orders */
		const char *ctl = "    controller: doctrine\n";
		const char *at = "position: [40, 26]}\n";
		char *c = strstr(yaml, ctl), *w = strstr(yaml, at);
		cr_assert(c && w && c < w);
		w += strlen(at);
		snprintf(edited, sizeof edited,
			 "%.*s    controller: scripted\n%.*s    orders:\n%s%s",
			 (int)(c - yaml), yaml, (int)(w - (c + strlen(ctl))),
			 c + strlen(ctl), orders, w);
		tf_open(t, edited);
	} else {
		tf_open(t, yaml);
	}
	struct bs_battle *b = t->b;
	b->round = 1;
	b->side_a = 0;
	b->side_order[0] = 0;
	b->side_order[1] = 1;
	b->first_mover = 1; /* the Warband moves first */
	for (int g = 0; g < b->nunits; g++)
		bs1e_missile_new_round(b, g);
	t->ctl.pass_through_indiv = bs_ai_hero_pass_through_cb;
	t->indiv[1][1] = (struct bs_indiv_order){.move = 1,
						 .x = 16,
						 .y = 30,
						 .nvia = 1,
						 .via = {{21, 26}},
						 .tside = -1,
						 .tunit = -1,
						 .tindiv = -1};
	tf_phase(t, BS_PHASE_MOVEMENT);
}

static struct bs_indiv_state *aldric(struct tf *t)
{
	return &t->b->indivs[t->b->indiv_first[0] + 1];
}

/* [10.6] "Pass-through fire can be taken at any point during the enemy's
 * movement" [10.2] "a maximum of one shot as Pass-Through Fire" RULING
 * an enemy hero's shot at a lone hero's own move, at the moments
 * units use, by AD&D rules (R-527: THAC0 16 - AC 4 = 12, +5 long
 * range, d20 20 hits, the long bow's d6 = 6 hp). The doctrine's rule is
 * R-549's: the mover will stand out of his reach, so the nearest moment,
 * the end of the first leg (5", 18.5" long range). Killed, Ulfgar stops
 * where he fell. */
Test(r10_indiv_pass, s10_6_ruling_r698_hero_shoots_at_a_lone_hero_on_his_run)
{
	struct tf t;
	open_shoots(&t, NULL);
	tf_dice(&t, (int[]){20, 6}, 2);
	bs1e_indivs_move(t.b, 1);
	cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
	const struct bs_event *note =
	    note_cited(&t, "[10.6] [9.4] RULING R-674", 0);
	cr_assert_not_null(note, "the moment is explained");
	cr_assert_not_null(strstr(note->what, "5.0\" along his move"), "%s",
			   note->what);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_not_null(d, "Aldric shoots at him on his way");
	cr_assert(d > note);
	cr_assert_eq(d->side, 0);
	cr_assert_eq(d->indiv, 1);
	cr_assert_eq(d->tside, 1);
	cr_assert_eq(d->tindiv, 1);
	cr_assert_eq(d->n[8], 1, "a shot");
	cr_assert_eq(d->n[11], BS_FIRE_PASS_THROUGH);
	cr_assert_eq(d->n[9], 2, "long range");
	cr_assert_eq(d->n[1], 17, "12 +5 long range");
	cr_assert_eq(d->n[2], 1, "a hit");
	cr_assert_eq(d->n[3], 6, "the bow's d6");
	cr_assert_not_null(strstr(d->cite, "[10.6] [9.4 B]"), "%s", d->cite);
	cr_assert_not_null(d->why);
	cr_assert_not_null(strstr(d->why, "out of his range or sight"), "%s",
			   d->why);
	cr_assert_not_null(strstr(d->why, "R-698"), "%s", d->why);
	cr_assert_eq(ulfgar(&t)->alive, 0, "killed by missile fire");
	cr_assert_float_eq(ulfgar(&t)->pos.x, 21, 1e-6, "he stops there");
	cr_assert_float_eq(ulfgar(&t)->pos.y, 26, 1e-6);
	cr_assert_eq(tf_count(&t, BS_EV_MOVE), 1, "no move after it");
	cr_assert_eq(bs1e_sc(t.b)->ix[t.b->indiv_first[0] + 1].pass_through, 1,
		     "his one pass-through shot");
	cr_assert_eq(bs1e_indiv_shots_left(t.b, 0, 1), 1, "one of two left");
	tf_close(&t);
}

/* A miss (d20 1): Ulfgar goes on to the end of his move, his MOVE cut at
 * the moment; Aldric's shot is spent. */
Test(r10_indiv_pass, s10_6_ruling_r698_missed_mover_goes_on)
{
	struct tf t;
	open_shoots(&t, NULL);
	tf_dice(&t, (int[]){1}, 1);
	bs1e_indivs_move(t.b, 1);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_not_null(d);
	cr_assert_eq(d->n[2], 0, "a miss");
	cr_assert_eq(ulfgar(&t)->hp, 6);
	cr_assert_eq(tf_count(&t, BS_EV_MOVE), 2, "cut at the moment");
	cr_assert_float_eq(ulfgar(&t)->pos.x, 16, 1e-6, "he goes on");
	cr_assert_float_eq(ulfgar(&t)->pos.y, 30, 1e-6);
	cr_assert_eq(bs1e_indiv_shots_left(t.b, 0, 1), 1);
	tf_close(&t);
}

/* The doctrine's rule (R-549 at an individual's move, R-698): a mover who
 * will stand in his reach where his move ends is left for the Missile and
 * Magic Phase (no shot, no moment); [10.2] one shot of pass-through fire a
 * round, none left after it; no shot left (Table 12's two a round spent,
 * none either. */
Test(r10_indiv_pass, s10_6_s10_2_ruling_r698_when_the_hero_holds_his_shot)
{
	struct tf t;
	open_shoots(&t, NULL);
	t.indiv[1][1].nvia = 0;
	t.indiv[1][1].x = 28;
	t.indiv[1][1].y = 26;
	bs1e_indivs_move(t.b, 1);
	cr_assert_null(tf_find(&t, BS_EV_DUEL, 0), "he waits for step B");
	cr_assert_null(note_cited(&t, "[10.6] [9.4] RULING R-674", 0));
	cr_assert_eq(tf_count(&t, BS_EV_MOVE), 1);
	tf_close(&t);

	open_shoots(&t, NULL);
	bs1e_sc(t.b)->ix[t.b->indiv_first[0] + 1].pass_through = 1;
	bs1e_indivs_move(t.b, 1);
	cr_assert_null(tf_find(&t, BS_EV_DUEL, 0), "his one shot is taken");
	cr_assert_null(note_cited(&t, "[10.6] [9.4] RULING R-674", 0),
		       "no moment offered");
	tf_close(&t);

	open_shoots(&t, NULL);
	bs1e_sc(t.b)->ix[t.b->indiv_first[0] + 1].shots = 2;
	bs1e_indivs_move(t.b, 1);
	cr_assert_null(tf_find(&t, BS_EV_DUEL, 0), "no shot left");
	cr_assert_float_eq(ulfgar(&t)->pos.y, 30, 1e-6);
	tf_close(&t);
}

/* R-549's other case at an individual's move: Ulfgar runs into contact
 * with Aldric; the last moment, 0.05" short of the touch (R-674), is his
 * shot "before the melee" ([10.1]: not yet in contact). */
Test(r10_indiv_pass, s10_6_s10_1_ruling_r698_shot_as_he_comes_into_contact)
{
	struct tf t;
	open_shoots(&t, NULL);
	ulfgar(&t)->pos = (struct bs_vec){32, 26};
	t.indiv[1][1].nvia = 0;
	t.indiv[1][1].x = 40;
	t.indiv[1][1].y = 26;
	tf_dice(&t, (int[]){1}, 1);
	bs1e_indivs_move(t.b, 1);
	const struct bs_event *note =
	    note_cited(&t, "[10.6] [9.4] RULING R-674", 0);
	cr_assert_not_null(note);
	cr_assert_not_null(strstr(note->what, "as he comes into contact"), "%s",
			   note->what);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_not_null(d, "the shot before the melee");
	cr_assert_eq(d->n[9], 0, "short range");
	cr_assert_not_null(strstr(d->why, "coming into contact"), "%s", d->why);
	tf_close(&t);
}

/* RULING R-699: a scripted hero's entry names the individual moving as
 * `mover:` and fires `after` inches into his move (3": at (19, 26)),
 * checked by the rules then; an entry waiting for a unit's move (the
 * Orcs') is not taken at his. */
Test(r10_indiv_pass, s10_6_ruling_r699_scripted_hero_entry_at_his_move)
{
	struct tf t;
	open_shoots(&t, "      - {round: 1, fire: Aldric, target: Ulfgar, "
			"phase: pass_through, mover: Ulfgar, after: 3}\n"
			"      - {round: 1, fire: Aldric, target: Orcs, "
			"phase: pass_through, mover: Orcs}\n");
	struct bs_ai_script s;
	bs_ai_script_init(&s);
	cr_assert_not_null(s.ctl.pass_through_indiv);
	t.ctl.pass_through_indiv = s.ctl.pass_through_indiv;
	tf_dice(&t, (int[]){1}, 1);
	bs1e_indivs_move(t.b, 1);
	const struct bs_event *note =
	    note_cited(&t, "[10.6] [9.4] RULING R-674", 0);
	cr_assert_not_null(note);
	cr_assert_not_null(strstr(note->what, "3.0\" along his move"), "%s",
			   note->what);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_not_null(d, "the scripted shot");
	cr_assert_eq(d->tindiv, 1);
	cr_assert_eq(d->n[11], BS_FIRE_PASS_THROUGH);
	cr_assert_null(tf_find(&t, BS_EV_DUEL, 1), "one shot");
	cr_assert_null(tf_find(&t, BS_EV_HERO_ATTACK, 0),
		       "the entry for the Orcs' move waits");
	tf_close(&t);
}

/* The check of a shot at a moment of an individual's move (R-698) puts
 * him where the moment has him: at his start (16, 26) he is 24" away,
 * out of the long bow's 21"; 5" along, at (21, 26), in long range. */
Test(r10_indiv_pass, s10_6_ruling_r698_check_at_the_moment)
{
	struct tf t;
	open_shoots(&t, NULL);
	struct bs_move_point at = {.side = 1,
				   .unit = -1,
				   .indiv = 1,
				   .x = 16,
				   .y = 26,
				   .tside = -1,
				   .tunit = -1};
	struct bs_indiv_fire_order o = {1, 1, -1, 1, NULL, 0};
	struct bs1e_indiv_shot p;
	cr_assert_eq(
	    bs1e_check_indiv_fire_at(t.b, 0, &o, BS_FIRE_PASS_THROUGH, &at, &p),
	    0);
	cr_assert_str_eq(p.why, "the target is out of range");
	at.x = 21;
	at.moved = 5;
	cr_assert_eq(
	    bs1e_check_indiv_fire_at(t.b, 0, &o, BS_FIRE_PASS_THROUGH, &at, &p),
	    1, "%s", p.why);
	cr_assert_eq(p.band, 2);
	cr_assert_float_eq(ulfgar(&t)->pos.x, 16, 1e-6, "he has not moved");
	cr_assert_eq(aldric(&t)->alive, 1);
	tf_close(&t);
}
