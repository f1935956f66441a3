/* Issue 16: pass-through magic [14.0] [14.1] [10.6] (src/bs1e/r14_cast.c,
 * RULING R-335 .. R-340): a caster casts an eligible spell ([14.5],
 * [14.6], their items, a breath [13.7]) at a moment of an enemy's move,
 * with every check of a cast there, the mover where the moment has it;
 * one spell a Game Round, and he does not move after it; no
 * disruption roll; the doctrine's choice. */
#include "battlesim/ai.h"
#include "battlesim/bs1e_heroes.h"
#include "battlesim/bs1e_magic.h"
#include "bs1e_fixture.h"

/* The pass-through casts a test gives (one side's), at the first moment
 * `after` inches into the move (after < 0: the last). */
static struct {
	struct bs_cast_order o[4];
	double after[4];
	int n, side, asked;
} pc;

static int pc_cb(void *ctx, const struct bs_battle *b, int side, int mside,
		 int munit, const struct bs_move_point *path, int np,
		 struct bs_cast_order *out, int *at, int max)
{
	(void)ctx;
	(void)b;
	(void)mside;
	(void)munit;
	int n = 0;
	if (side != pc.side || np <= 0)
		return 0;
	pc.asked++;
	for (int i = 0; i < pc.n && n < max; i++) {
		int a = np - 1;
		for (int k = 0; pc.after[i] >= 0 && k < np; k++)
			if (path[k].moved + 1e-9 >= pc.after[i]) {
				a = k;
				break;
			}
		at[n] = a;
		out[n++] = pc.o[i];
	}
	return n;
}

/* South: Guards far away, the magic-user Zan standing alone at (zx, zy)
 * (individual 1); North: Orcs, 12 figures, 6 files, front (40, 60) facing
 * south, who advance 9" toward him in the Movement Phase (North moves
 * first). */
static void open_pass(struct tf *t, double zx, double zy, double dist)
{
	char y[4096];
	snprintf(y, sizeof y,
		 "name: Pass\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
		 "table: {width: 72, depth: 96}\n"
		 "sides:\n"
		 "  - name: South\n    edge: south\n    units:\n"
		 "      - {name: Guards, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [10, 20], commander: C0}\n"
		 "    individuals:\n"
		 "      - {name: C0, class: fighter, level: 3, hp: 20, "
		 "abilities: {cha: 14}, rank: unit}\n"
		 "      - {name: Zan, class: magic-user, level: 6, hp: 18, "
		 "position: [%g, %g], spells: [fireball, magic missile]}\n"
		 "  - name: North\n    edge: north\n    units:\n"
		 "      - {name: Orcs, figures: 12, creature: orc, weapons: "
		 "[spear], frontage: 6, position: [40, 60], commander: Boss}\n"
		 "    individuals:\n"
		 "      - {name: Boss, race: orc, hp: 8, rank: unit}\n",
		 zx, zy);
	tf_open(t, y);
	memset(&pc, 0, sizeof pc);
	t->ctl.cast = tf_cast;
	t->ctl.pass_through_cast = pc_cb;
	struct bs_order o = tf_advance(dist, 0);
	tf_order(t, 1, 0, &o);
	t->moves_first = 0; /* North moves first */
}

static struct bs_cast_order zan(struct tf *t, const char *sp, int tunit,
				int tindiv)
{
	return (struct bs_cast_order){
	    1, tf_spell(t, sp), 1, tunit, tindiv, 0, 0, 0, NULL};
}

/* The CAST event of the cast itself. */
static const struct bs_event *cast_ev(struct tf *t)
{
	return tf_cast_ev(t, 0, 0);
}

/* [14.5] "Spells in this category can be used as pass-through fire";
 * [14.1] at a moment of the enemy's move, the area placed at the mover
 * where the moment has it, the losses removed at once; the CAST
 * event says it was pass-through and at which moment. */
Test(r14_pass, s14_5_a_fireball_as_pass_through_fire_r335)
{
	struct tf t;
	open_pass(&t, 40, 40, 9);
	pc.side = 0;
	pc.o[0] = zan(&t, "fireball", 0, -1);
	pc.after[0] = 6;
	pc.n = 1;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_geq(pc.asked, 1);
	const struct bs_event *c = cast_ev(&t);
	cr_assert_not_null(c, "cast");
	cr_assert_eq(c->phase, BS_PHASE_MOVEMENT);
	cr_assert_eq(c->n[9], 0, "not failed: in range 6\" into the move");
	cr_assert_eq(c->n[13], 1, "pass-through");
	cr_assert_eq(c->n[14], 60, "6\" into the move");
	int ms, mi, mk;
	bs_ev_mover_decode(c->n[15], &ms, &mi, &mk);
	cr_assert(ms == 1 && mi == 0 && !mk, "the mover named");
	/* the area about the Orcs where they stood 6" into the move (their
	 * block's centre 1" behind the front, then at y 54 - 1 = 55) */
	cr_assert_float_eq(c->y1, 55, 0.6);
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, tf_spell(&t, "fireball")), 0);
	cr_assert_gt(tf_count(&t, BS_EV_LOSSES), 0, "losses at once");
	tf_close(&t);
}

/* [14.1] "one spell a Game Round": after his pass-through cast he casts
 * nothing in the Missile and Magic Phase, and he does not move
 * for the rest of the Game Round. */
Test(r14_pass, s14_1_one_spell_a_round_and_no_move_after_r336)
{
	struct tf t;
	open_pass(&t, 40, 40, 9);
	pc.side = 0;
	pc.o[0] = zan(&t, "fireball", 0, -1);
	pc.after[0] = 6;
	pc.n = 1;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_not_null(cast_ev(&t));
	cr_assert_eq(bs1e_sc(t.b)->ix[t.b->indiv_first[0] + 1].pt_cast, 1);
	struct bs_indiv_order mv = {.move = 1, .x = 40, .y = 38};
	struct bs1e_indiv_outcome out;
	cr_assert_not(bs1e_check_indiv_move(t.b, 0, 1, &mv, &out));
	cr_assert(strstr(out.why, "R-336"), "%s", out.why);
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	t.cast[0][0] = zan(&t, "magic missile", -1, 0);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_null(cast_ev(&t));
	cr_assert(strstr(tf_rejected(&t), "one AD&D melee round"), "%s",
		  tf_rejected(&t));
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 1, "nothing spent");
	tf_close(&t);
}

/* [14.4] the range at the moment: at the start of the move the Orcs are
 * beyond the fireball's 16": it fails and is spent (R-338). */
Test(r14_pass, s14_1_out_of_range_at_its_moment_fails_and_is_spent_r338)
{
	struct tf t;
	open_pass(&t, 40, 40, 9);
	pc.side = 0;
	pc.o[0] = zan(&t, "fireball", 0, -1);
	pc.after[0] = 0;
	pc.n = 1;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	const struct bs_event *c = cast_ev(&t);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[9], 1, "failed");
	cr_assert_eq(c->n[14], 0, "at the start of the move");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, tf_spell(&t, "fireball")), 0);
	cr_assert_eq(tf_count(&t, BS_EV_LOSSES), 0);
	tf_close(&t);
}

/* [14.0] "Unless the BATTLESYSTEM rules specify that a type of spell can
 * be used as pass-through, it cannot be so used": [14.5] [14.6]
 * yes, breath weapons yes [13.7], [14.8] [14.9] no; a cast of one that
 * cannot is REJECTED, nothing spent. */
Test(r14_pass, s14_0_only_what_the_rules_allow_r335)
{
	struct tf t;
	open_pass(&t, 40, 40, 9);
	const struct bs_spell *fb = tf_spell(&t, "fireball");
	cr_assert(bs1e_pt_magic_ok(fb));
	const struct bs_spell *hp = bs_scenario_spell(t.sc, "hold person", -1);
	cr_assert_not_null(hp);
	cr_assert(bs1e_pt_magic_ok(hp), "[14.6]");
	const struct bs_spell *fe = bs_scenario_spell(t.sc, "fear", -1);
	cr_assert_not_null(fe);
	cr_assert_not(bs1e_pt_magic_ok(fe), "[14.9]");
	const struct bs_spell *iv = bs_scenario_spell(t.sc, "invisibility", -1);
	cr_assert_not_null(iv);
	cr_assert_not(bs1e_pt_magic_ok(iv), "[14.8]");
	/* a fear cast as pass-through: refused */
	pc.side = 0;
	pc.o[0] = zan(&t, "fireball", 0, -1);
	pc.o[0].spell = fe;
	pc.after[0] = 6;
	pc.n = 1;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_null(cast_ev(&t));
	cr_assert(strstr(tf_rejected(&t), "R-335"), "%s", tf_rejected(&t));
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 2, "nothing spent");
	tf_close(&t);
}

/* [10.6] one cast a caster at a move: the second is REJECTED. */
Test(r14_pass, s10_6_one_pass_through_cast_a_caster_r336)
{
	struct tf t;
	open_pass(&t, 40, 40, 9);
	pc.side = 0;
	pc.o[0] = zan(&t, "fireball", 0, -1);
	pc.o[1] = zan(&t, "fireball", 0, -1);
	pc.after[0] = 6;
	pc.after[1] = 8;
	pc.n = 2;
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_not_null(cast_ev(&t));
	cr_assert(strstr(tf_rejected(&t), "one spell a Game Round"), "%s",
		  tf_rejected(&t));
	tf_close(&t);
}

/* RULING R-339: the doctrine casts at the nearest moment when the mover
 * will end out of his range, and waits for step A when it will end in
 * reach; after it, he stays. */
Test(r14_pass, s14_1_the_doctrine_casts_pass_through_r339)
{
	struct tf t;
	/* Zan behind the Orcs: 9" from their centre at the start, 18" at
	 * the end of their 9" advance away from him */
	open_pass(&t, 40, 70, 9);
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_move_point path[3];
	memset(path, 0, sizeof path);
	for (int i = 0; i < 3; i++) {
		path[i].side = 1;
		path[i].unit = 0;
		path[i].x = 40;
		path[i].y = 60 - 4.5 * i;
		path[i].facing = 180;
		path[i].files = 6;
		path[i].figures = 12;
		path[i].formation = BS_FORM_CLOSED;
		path[i].moved = 4.5 * i;
		path[i].tside = path[i].tunit = -1;
		path[i].indiv = -1;
	}
	struct bs_cast_order o[4];
	int at[4];
	tf_phase(&t, BS_PHASE_MOVEMENT);
	int n = ai->ctl.pass_through_cast(ai->ctl.ctx, t.b, 0, 1, 0, path, 3, o,
					  at, 4);
	cr_assert_eq(n, 1);
	cr_assert_eq(o[0].indiv, 1);
	cr_assert_eq(at[0], 0, "the nearest moment");
	cr_assert(strstr(o[0].why, "R-339"));
	/* a move that ends in his reach: he waits for step A */
	for (int i = 0; i < 3; i++) {
		path[i].y = 60 + 2 * i;
		path[i].facing = 0;
	}
	n = ai->ctl.pass_through_cast(ai->ctl.ctx, t.b, 0, 1, 0, path, 3, o, at,
				      4);
	cr_assert_eq(n, 0);
	free(ai);
	tf_close(&t);
}
