/* Issue 16: [14.2] casting times of more than one Game Round
 * (src/bs1e/r14_chant.c, RULING R-718): the Game Rounds of a casting
 * time, the spell begun and gone off in its last Game Round, the caster
 * busy meanwhile (no move, no other spell), disrupted when struck ([14.1]
 * Q&A 127.66) or in contact; the doctrine begins none (RULING R-719). */
#include "ai/doctrine_int.h"
#include "battlesim/ai.h"
#include "battlesim/bs1e_magic.h"
#include "bs1e_fixture.h"

/* South: Guards far away, the magic-user Zan at (zx, zy) (individual 1)
 * with `spells`; North: Orcs (12 figures, 6 files, front (40, 60) facing
 * south). The catalog adds `slow bolt` (a 3 HD bolt of 3 rounds, 10"), `long
 * bolt` (1 turn) and `quick bolt` (12 segments). */
static void open_long(struct tf *t, double zx, double zy, const char *spells)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	snprintf(
	    y, 8192,
	    "name: Long\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "catalog:\n  spells:\n"
	    "    - {name: slow bolt, class: magic-user, level: 1, category: "
	    "artillery, effect: damage, range: 10, duration: instantaneous, "
	    "casting_time: 3 rounds, area: {shape: circle, radius: 9}, save: "
	    "none, damage: 3d6}\n"
	    "    - {name: long bolt, class: magic-user, level: 1, category: "
	    "artillery, effect: damage, range: 100, duration: instantaneous, "
	    "casting_time: 1 turn, area: {shape: circle, radius: 9}, save: "
	    "none, damage: 3d6}\n"
	    "    - {name: quick bolt, class: magic-user, level: 1, category: "
	    "artillery, effect: damage, range: 100, duration: instantaneous, "
	    "casting_time: 12 segments, area: {shape: circle, radius: 9}, "
	    "save: none, damage: 3d6}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [10, 20], commander: C0}\n"
	    "    individuals:\n"
	    "      - {name: C0, class: fighter, level: 3, hp: 20, abilities: "
	    "{cha: 14}, rank: unit}\n"
	    "      - {name: Zan, class: magic-user, level: 6, hp: 18, "
	    "position: [%g, %g], spells: [%s]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 12, creature: orc, weapons: "
	    "[spear], frontage: 6, position: [40, 60], commander: Boss}\n"
	    "    individuals:\n"
	    "      - {name: Boss, race: orc, hp: 8, rank: unit}\n",
	    zx, zy, spells);
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* Zan's cast of `sp` at the Orcs. */
static struct bs_cast_order at_orcs(struct tf *t, const char *sp)
{
	return (struct bs_cast_order){1,   tf_spell(t, sp), 1, 0, -1, 0, 0, 0,
				      NULL};
}

/* The next Game Round by hand: round counted, flags of a round cleared,
 * the busy casters marked (bs1e_long_new_round), step A reached. */
static void next_round(struct tf *t)
{
	t->b->round++;
	for (int k = 0; k < t->b->nindivs; k++) {
		t->b->indivs[k].flags = 0;
		bs1e_sc(t->b)->ix[k].moved = 0;
	}
	for (int g = 0; g < t->b->nunits; g++) {
		t->b->units[g].flags &= ~(unsigned)BS_UF_MOVED;
		t->b->units[g].mv_spent = 0;
	}
	bs1e_long_new_round(t->b);
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* Zan begins the slow bolt at the Orcs (its `begins` step). */
static void begin_slow(struct tf *t)
{
	t->cast[0][0] = at_orcs(t, "slow bolt");
	t->ncast[0] = 1;
	bs1e_casts(t->b, 0);
	cr_assert_not_null(tf_cast_ev(t, 6, 0), "a `begins` step");
	t->ncast[0] = 0;
}

/* The next Game Round's step A of South, no new order, its events only. */
static void next_step_a(struct tf *t)
{
	next_round(t);
	t->nev = 0;
	bs1e_casts(t->b, 0);
}

/* [14.2] "The casting time ... is the same as given in the official AD&D
 * game books"; RULING R-718: a round one Game Round [14.1], a turn 10, an
 * hour 60; segments up to 10 the one Game Round, more a Game Round per
 * 10 begun; not given, 1. */
Test(r14_chant, s14_2_casting_time_in_game_rounds_r718)
{
	struct bs_spell sp;
	memset(&sp, 0, sizeof sp);
	sp.kind = BS_MAGIC_SPELL;
	sp.known = BS_SPK_CAST;
	struct {
		int cast;
		enum bs_time_unit unit;
		int rounds;
	} rows[] = {
	    {1, BS_TIME_SEGMENT, 1},  {9, BS_TIME_SEGMENT, 1},
	    {10, BS_TIME_SEGMENT, 1}, {11, BS_TIME_SEGMENT, 2},
	    {20, BS_TIME_SEGMENT, 2}, {25, BS_TIME_SEGMENT, 3},
	    {1, BS_TIME_ROUND, 1},    {3, BS_TIME_ROUND, 3},
	    {1, BS_TIME_TURN, 10},    {6, BS_TIME_TURN, 60},
	    {1, BS_TIME_HOUR, 60},
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		sp.cast = rows[i].cast;
		sp.cast_unit = rows[i].unit;
		cr_assert_eq(bs1e_cast_rounds(&sp), rows[i].rounds,
			     "row %zu: %d", i, bs1e_cast_rounds(&sp));
	}
	sp.known = 0;
	cr_assert_eq(bs1e_cast_rounds(&sp), 1, "not known: one Game Round");
	sp.known = BS_SPK_CAST;
	sp.cast = 0;
	cr_assert_eq(bs1e_cast_rounds(&sp), 1, "special: one Game Round");
	struct tf t;
	open_long(&t, 40, 52, "slow bolt, long bolt, quick bolt, fireball");
	cr_assert_eq(bs1e_cast_rounds(tf_spell(&t, "slow bolt")), 3);
	cr_assert_eq(bs1e_cast_rounds(tf_spell(&t, "long bolt")), 10);
	cr_assert_eq(bs1e_cast_rounds(tf_spell(&t, "quick bolt")), 2);
	cr_assert_eq(bs1e_cast_rounds(tf_spell(&t, "fireball")), 1,
		     "3 segments");
	/* the PH's chant takes a turn: 10 Game Rounds */
	cr_assert_eq(bs1e_cast_rounds(tf_spell(&t, "chant")), 10);
	tf_close(&t);
}

/* RULING R-718: a spell of 3 rounds begins in Game Round 1 (nothing
 * spent, nothing struck), the caster busy in Game Round 2 (another spell
 * REJECTED), and goes off in step A of Game Round 3. */
Test(r14_chant, s14_2_a_spell_of_three_rounds_goes_off_in_the_third_r718)
{
	struct tf t;
	open_long(&t, 40, 52, "slow bolt, fireball");
	int figs = tf_unit(&t, 1, 0)->figures;
	t.cast[0][0] = at_orcs(&t, "slow bolt");
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	const struct bs_event *be = tf_cast_ev(&t, 6, 0);
	cr_assert_not_null(be, "a `begins` step");
	cr_assert_eq(be->n[1], 3);
	cr_assert_eq(be->n[2], 3, "goes off in Game Round 3");
	cr_assert_null(tf_cast_ev(&t, 0, 0), "not cast yet");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 2, "nothing spent");
	cr_assert_eq(bs1e_casting_until(t.b, 0, 1, NULL), 3);
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, figs);
	/* Game Round 2: busy; a fireball is REJECTED */
	next_round(&t);
	t.nev = 0;
	cr_assert(t.b->indivs[t.b->indiv_first[0] + 1].flags & BS_IF_CAST);
	t.cast[0][0] = at_orcs(&t, "fireball");
	bs1e_casts(t.b, 0);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert(strstr(tf_rejected(&t), "more than one Game Round"), "%s",
		  tf_rejected(&t));
	cr_assert_null(tf_cast_ev(&t, 0, 0));
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 2);
	/* Game Round 3: it goes off, spent, and strikes */
	next_step_a(&t);
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c, "cast in step A of Game Round 3");
	cr_assert_eq(c->round, 3);
	cr_assert_str_eq(c->what, "slow bolt");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 1);
	cr_assert_eq(bs1e_casting_until(t.b, 0, 1, NULL), 0);
	cr_assert_not_null(tf_cast_ev(&t, 1, 0), "the Orcs struck");
	tf_close(&t);
}

/* [14.1] Q&A 127.66 "spellcasters ... have their spells disrupted if they
 * are struck"; RULING R-718: struck while a spell of more Game Rounds is
 * under way (he lost hit points), it is spent with no effect. */
Test(r14_chant, s14_2_struck_while_casting_the_spell_is_lost_r718)
{
	struct tf t;
	open_long(&t, 40, 52, "slow bolt");
	int figs = tf_unit(&t, 1, 0)->figures;
	begin_slow(&t);
	t.b->indivs[t.b->indiv_first[0] + 1].hp -= 3; /* an arrow, say */
	next_step_a(&t);
	const struct bs_event *d = tf_cast_ev(&t, 7, 0);
	cr_assert_not_null(d, "a `disrupted` step");
	cr_assert_eq(d->n[1], 1, "begun in Game Round 1");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 0, "spent");
	cr_assert_eq(bs1e_casting_until(t.b, 0, 1, NULL), 0);
	next_round(&t);
	next_round(&t);
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_cast_ev(&t, 0, 0), "it never goes off");
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, figs);
	tf_close(&t);
}

/* RULING R-718: in base-to-base contact with an enemy while casting, the
 * spell is lost. */
Test(r14_chant, s14_2_in_contact_while_casting_the_spell_is_lost_r718)
{
	struct tf t;
	open_long(&t, 40, 52, "slow bolt");
	begin_slow(&t);
	/* the Orcs' front is at y 60 facing south: his counter against it */
	t.b->indivs[t.b->indiv_first[0] + 1].pos = (struct bs_vec){40, 59.75};
	next_step_a(&t);
	const struct bs_event *d = tf_cast_ev(&t, 7, 0);
	cr_assert_not_null(d, "a `disrupted` step");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 0, "spent");
	tf_close(&t);
}

/* RULING R-718: while he casts he does not move: his move order is
 * REJECTED, and he stays where he is. */
Test(r14_chant, s14_2_the_caster_does_not_move_while_casting_r718)
{
	struct tf t;
	open_long(&t, 40, 52, "slow bolt");
	begin_slow(&t);
	next_round(&t);
	t.nev = 0;
	t.indiv[0][1] = (struct bs_indiv_order){.move = 1, .x = 40, .y = 48};
	tf_phase(&t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t.b);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert(strstr(tf_rejected(&t), "does not move"), "%s",
		  tf_rejected(&t));
	const struct bs_indiv_state *z = &t.b->indivs[t.b->indiv_first[0] + 1];
	cr_assert_float_eq(z->pos.y, 52, 1e-9);
	tf_close(&t);
}

/* RULING R-719: the doctrine begins no spell of more than one Game Round
 * (its target can be expected to move away first): with only the slow
 * bolt, Zan casts nothing; given a fireball too, he casts the fireball. */
Test(r14_chant, s14_2_the_doctrine_begins_no_long_spell_r719)
{
	struct tf t;
	open_long(&t, 40, 52, "slow bolt");
	struct bs_cast_order o[4];
	cr_assert_eq(bs_ai_cast_cb(NULL, t.b, 0, o, 4), 0);
	tf_close(&t);
	open_long(&t, 40, 52, "slow bolt, fireball");
	int n = bs_ai_cast_cb(NULL, t.b, 0, o, 4);
	cr_assert_eq(n, 1);
	cr_assert_str_eq(o[0].spell->name, "fireball");
	tf_close(&t);
}

/* [9.2] "A commander with spell-casting abilities cannot cast a spell and
 * command his unit in any part of the Game Round in which the spell is
 * cast"; RULING R-718: every Game Round of a spell under way. Zan, made a
 * brigade commander, is busy in Game Round 2: he commands nothing
 * (BS_IF_CMD_CAST, the note says so); after it goes off in Game Round 3,
 * nothing more in Game Round 4. */
Test(r14_chant, s9_2_a_commander_casting_commands_nothing_each_round_r718)
{
	struct tf t;
	open_long(&t, 40, 52, "slow bolt");
	struct bs_indiv_state *z = &t.b->indivs[t.b->indiv_first[0] + 1];
	z->rank = BS_RANK_BRIGADE;
	begin_slow(&t);
	cr_assert(z->flags & BS_IF_CMD_CAST, "Game Round 1");
	t.ncast[0] = 0;
	t.nev = 0;
	next_round(&t);
	cr_assert(z->flags & BS_IF_CMD_CAST, "Game Round 2");
	const struct bs_event *n = tf_find(&t, BS_EV_NOTE, 0);
	cr_assert_not_null(n);
	cr_assert(strstr(n->what, "commands nothing"), "%s", n->what);
	next_round(&t);
	cr_assert(z->flags & BS_IF_CMD_CAST, "Game Round 3");
	bs1e_casts(t.b, 0);
	cr_assert_not_null(tf_cast_ev(&t, 0, 0), "gone off");
	next_round(&t);
	cr_assert(!(z->flags & BS_IF_CMD_CAST), "Game Round 4: free");
	tf_close(&t);
}

/* RULING R-718: a spell under way is never cast as pass-through fire, and
 * out of range at its declaration it fails and is spent at once [14.4]
 * (nothing begins). */
Test(r14_chant, s14_2_no_long_spell_as_pass_through_out_of_range_spent_r718)
{
	struct tf t;
	open_long(&t, 40, 52, "slow bolt, fireball");
	cr_assert(!bs1e_pt_magic_ok(tf_spell(&t, "slow bolt")));
	cr_assert(bs1e_pt_magic_ok(tf_spell(&t, "fireball")));
	tf_close(&t);
	/* far off: the slow bolt's 10" do not reach the Orcs */
	open_long(&t, 40, 2, "slow bolt");
	t.cast[0][0] = at_orcs(&t, "slow bolt");
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_cast_ev(&t, 6, 0), "nothing begins");
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[9], 1, "failed");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 0, "spent");
	cr_assert_eq(bs1e_casting_until(t.b, 0, 1, NULL), 0);
	tf_close(&t);
}

/* ---- [14.7] chant (RULING) ---------------------------------- */

/* South: the cleric Cal (5th level, individual 0) at (30, 30) with chant
 * and bless, his friend Bors (individual 1) at (30.5, 30); North: the orc
 * Grak (individual 0) at (29.4, 30.2), and Orcs far off. */
static void open_chant(struct tf *t)
{
	const char *y =
	    "name: Chant\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [10, 10]}\n"
	    "    individuals:\n"
	    "      - {name: Cal, class: cleric, level: 5, hp: 30, position: "
	    "[30, 30], spells: [bless, chant]}\n"
	    "      - {name: Bors, class: fighter, level: 3, hp: 20, "
	    "position: [30.5, 30]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 12, creature: orc, weapons: "
	    "[spear], frontage: 6, position: [40, 80]}\n"
	    "    individuals:\n"
	    "      - {name: Grak, race: orc, hp: 8, position: [29.4, 30.2]}\n";
	tf_open(t, y);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* Cal's chant on himself (range 0: its circle about him), begun in Game
 * Round 1: it goes off in step A of Game Round 10 (1 turn, the PH). */
static void chant_on(struct tf *t)
{
	t->cast[0][0] = (struct bs_cast_order){
	    0, tf_spell(t, "chant"), 0, -1, 0, 0, 0, 0, NULL};
	t->ncast[0] = 1;
	bs1e_casts(t->b, 0);
	const struct bs_event *be = tf_cast_ev(t, 6, 0);
	cr_assert_not_null(be, "%s", tf_rejected(t) ? tf_rejected(t) : "");
	cr_assert_eq(be->n[1], 10);
	t->ncast[0] = 0;
	for (int r = 2; r <= 10; r++) {
		cr_assert_null(tf_cast_ev(t, 3, 0), "not before Game Round 10");
		next_step_a(t);
	}
	cr_assert_eq(t->b->round, 10);
	cr_assert_not_null(tf_cast_ev(t, 0, 0), "gone off in Game Round 10");
	cr_assert(bs1e_chanting(t->b, 0, 0));
}

/* [14.7] "A bonus or penalty spell used on a figure representing a single
 * individual works according to normal AD&D game rules"; the PH's chant:
 * "all attacks, damage and saves made by those in the area of effect who
 * are friendly to the cleric are at +1, while those of the cleric's
 * enemies are at -1". RULING R-728: Cal and Bors +1, Grak -1, to hit,
 * damage a blow and saves; no Game Rounds counted. */
Test(r14_chant, s14_7_chant_friends_plus_one_enemies_minus_one_r728)
{
	struct tf t;
	open_chant(&t);
	chant_on(&t);
	int cal = t.b->indiv_first[0], bors = cal + 1;
	int grak = t.b->indiv_first[1];
	cr_assert_eq(bs1e_bonus_indiv_to_hit(t.b, cal, 1, NULL, NULL), 1);
	cr_assert_eq(bs1e_bonus_indiv_to_hit(t.b, bors, 1, NULL, NULL), 1);
	cr_assert_eq(bs1e_bonus_indiv_to_hit(t.b, grak, 1, NULL, NULL), -1);
	cr_assert_eq(bs1e_bonus_indiv_damage(t.b, bors, NULL), 1);
	cr_assert_eq(bs1e_bonus_indiv_damage(t.b, grak, NULL), -1);
	cr_assert_eq(bs1e_bonus_indiv_saves(t.b, cal, NULL), 1);
	cr_assert_eq(bs1e_bonus_indiv_saves(t.b, grak, NULL), -1);
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[8], 0, "no Game Rounds: while he chants");
	/* nothing broken: it goes on */
	bs1e_chant_check(t.b);
	cr_assert(bs1e_chanting(t.b, 0, 0));
	cr_assert_eq(bs1e_bonus_indiv_damage(t.b, grak, NULL), -1);
	tf_close(&t);
}

/* RULING R-729: the PH's "as long as the cleric continues to chant ...
 * and is stationary": he moves, the chant ends (its `ends` events, a
 * note), every bonus and penalty with it. */
Test(r14_chant, s14_7_the_chant_ends_when_he_moves_r729)
{
	struct tf t;
	open_chant(&t);
	chant_on(&t);
	int cal = t.b->indiv_first[0], grak = t.b->indiv_first[1];
	t.nev = 0;
	t.b->indivs[cal].flags |= BS_IF_MOVED;
	bs1e_chant_check(t.b);
	cr_assert(!bs1e_chanting(t.b, 0, 0));
	cr_assert_eq(bs1e_bonus_indiv_to_hit(t.b, cal, 1, NULL, NULL), 0);
	cr_assert_eq(bs1e_bonus_indiv_damage(t.b, grak, NULL), 0);
	cr_assert_not_null(tf_cast_ev(&t, 4, 0), "an `ends` step");
	const struct bs_event *n = tf_find(&t, BS_EV_NOTE, 0);
	cr_assert_not_null(n);
	cr_assert(strstr(n->what, "chant ends: he moved"), "%s", n->what);
	tf_close(&t);
}

/* RULING R-729: the PH's "an attack which succeeds and causes damage ...
 * will break the spell": struck, it ends; and casting another spell (a
 * bless) ends it too. */
Test(r14_chant, s14_7_the_chant_ends_when_struck_or_he_casts_r729)
{
	struct tf t;
	open_chant(&t);
	chant_on(&t);
	int cal = t.b->indiv_first[0];
	t.b->indivs[cal].hp -= 2;
	bs1e_chant_check(t.b);
	cr_assert(!bs1e_chanting(t.b, 0, 0));
	cr_assert_eq(bs1e_bonus_indiv_saves(t.b, cal, NULL), 0);
	tf_close(&t);
	open_chant(&t);
	chant_on(&t);
	next_round(&t);
	t.nev = 0;
	t.cast[0][0] = (struct bs_cast_order){
	    0, tf_spell(&t, "bless"), 0, -1, 1, 0, 0, 0, NULL};
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert(!bs1e_chanting(t.b, 0, 0));
	const struct bs_event *n = tf_find(&t, BS_EV_NOTE, 0);
	cr_assert_not_null(n);
	cr_assert(strstr(n->what, "chant ends: he casts another spell"), "%s",
		  n->what);
	tf_close(&t);
}

/* RULING R-728: chant's +1 damage on each blow of an individual standing
 * alone in individual combat [9.4 B]: Ada (long sword d8) hits Bors three
 * times for 5 + 1 (the scenario's quick chant, cast in one segment about
 * Cal, friends only); 90 - 18 = 72 left, where 75 without it. */
Test(r14_chant, s14_7_chant_adds_one_to_each_blow_in_a_duel_r728)
{
	const char *y =
	    "name: Duel\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 48}\n"
	    "catalog:\n  spells:\n"
	    "    - {name: quick chant, class: cleric, level: 1, category: "
	    "bonus-penalty, effect: bonus, range: self, duration: "
	    "concentration, casting_time: 1 segment, area: {shape: circle, "
	    "radius: 90}, save: none, friends: {damage: 1}}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Far S, figures: 8, creature: man-at-arms, weapons: "
	    "[long sword], position: [4, 3]}\n"
	    "    individuals:\n"
	    "      - {name: Ada, class: fighter, level: 1, hp: 90, ac: 10, "
	    "weapon: long sword, position: [36, 20]}\n"
	    "      - {name: Cal, class: cleric, level: 5, hp: 30, position: "
	    "[36, 19], spells: [quick chant]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Far N, figures: 8, creature: man-at-arms, weapons: "
	    "[long sword], position: [68, 45]}\n"
	    "    individuals:\n"
	    "      - {name: Bors, class: fighter, level: 1, hp: 90, ac: 10, "
	    "weapon: long sword, position: [36, 20.5]}\n";
	struct tf t;
	tf_open(&t, y);
	t.ctl.cast = tf_cast;
	t.b->round = 1;
	t.b->side_a = 0;
	t.b->side_order[0] = 0;
	t.b->side_order[1] = 1;
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	t.cast[0][0] = (struct bs_cast_order){
	    1, tf_spell(&t, "quick chant"), 0, -1, 1, 0, 0, 0, NULL};
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	int ada = t.b->indiv_first[0], bors = t.b->indiv_first[1];
	cr_assert_eq(bs1e_bonus_indiv_damage(t.b, ada, NULL), 1);
	cr_assert_eq(bs1e_bonus_indiv_damage(t.b, bors, NULL), 0);
	tf_dice(&t, (int[]){6, 1, 15, 5, 1, 6, 1, 15, 5, 1, 6, 1, 15, 5, 1},
		15);
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
	cr_assert_eq(t.b->indivs[bors].hp, 72, "%d", t.b->indivs[bors].hp);
	tf_close(&t);
}
