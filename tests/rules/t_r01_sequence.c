/* [1.0] The Sequence of Play by level: the Basic Game's abbreviated five
 * phases (Part 2 preamble) at `level: basic`, the seven phases of [1.0]
 * in their order at `intermediate` and `advanced`, each with its PHASE
 * event and cite (RULING R-138). The two phases the Basic Game leaves out,
 * [1.2] Initial Missile and [1.5] Missile and Magic, are played as slots:
 * missile fire and magic are not played in them yet, so a battle plays
 * out the same at every level. */
#include "bs1e_fixture.h"

static const struct tf_unit two[] = {
    {.side = 0, .name = "A", .x = 36, .y = 10},
    {.side = 1, .name = "B", .x = 36, .y = 24},
};

/* tf_open_units at `level` instead of the fixture's basic. */
static void open_at(struct tf *t, const char *level)
{
	char *yaml = malloc(16384), *out = malloc(16384);
	cr_assert(yaml && out);
	tf_yaml(yaml, 16384, two, 2, NULL, NULL, NULL);
	const char *at = strstr(yaml, "level: basic\n");
	cr_assert_not_null(at);
	snprintf(out, 16384, "%.*slevel: %s\n%s", (int)(at - yaml), yaml, level,
		 at + strlen("level: basic\n"));
	tf_open(t, out);
	free(yaml);
	free(out);
}

/* The PHASE events of round `round`, in order, into ph / cite. */
static int phases_of(struct tf *t, int round, enum bs_phase *ph,
		     const char **cite, int max)
{
	int n = 0;
	for (int i = 0; i < t->nev; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		if (e->type != BS_EV_PHASE || e->round != round)
			continue;
		cr_assert_lt(n, max);
		ph[n] = e->phase;
		cite[n] = t->evs[i].cite;
		n++;
	}
	return n;
}

Test(r01_sequence, s1_0_basic_game_five_phases)
{
	struct tf t;
	open_at(&t, "basic");
	bs_battle_round(t.b);
	cr_assert_eq(t.b->round, 1);
	enum bs_phase ph[16];
	const char *cite[16];
	int n = phases_of(&t, 1, ph, cite, 16);
	/* Part 2: "Initiative Phase. Rally Phase. Movement Phase. Melee
	 * Phase. End of Game Round Phase." */
	static const enum bs_phase want[] = {BS_PHASE_INITIATIVE,
					     BS_PHASE_RALLY, BS_PHASE_MOVEMENT,
					     BS_PHASE_MELEE, BS_PHASE_END};
	static const char *const want_cite[] = {"[1.1] [5.1]", "[1.3] [6.0]",
						"[1.4] [7.0]", "[1.6] [8.0]",
						"[1.7]"};
	cr_assert_eq(n, 5);
	for (int i = 0; i < n; i++) {
		cr_expect_eq(ph[i], want[i], "phase %d", i);
		cr_expect_str_eq(cite[i], want_cite[i]);
	}
	tf_close(&t);
}

Test(r01_sequence, s1_0_intermediate_and_advanced_seven_phases)
{
	static const char *const levels[] = {"intermediate", "advanced"};
	/* [1.0] "in the seven Phases below": [1.1] ... [1.7] */
	static const enum bs_phase want[] = {
	    BS_PHASE_INITIATIVE, BS_PHASE_INITIAL_MISSILE, BS_PHASE_RALLY,
	    BS_PHASE_MOVEMENT,	 BS_PHASE_MISSILE_MAGIC,   BS_PHASE_MELEE,
	    BS_PHASE_END};
	static const char *const want_cite[] = {
	    "[1.1] [5.1]", "[1.2]",	  "[1.3] [6.0]", "[1.4] [7.0]",
	    "[1.5]",	   "[1.6] [8.0]", "[1.7]"};
	for (int l = 0; l < 2; l++) {
		struct tf t;
		open_at(&t, levels[l]);
		for (int r = 1; r <= 2; r++) {
			bs_battle_round(t.b);
			enum bs_phase ph[16];
			const char *cite[16];
			int n = phases_of(&t, r, ph, cite, 16);
			cr_assert_eq(n, 7, "%s round %d", levels[l], r);
			for (int i = 0; i < n; i++) {
				cr_expect_eq(ph[i], want[i], "%s phase %d",
					     levels[l], i);
				cr_expect_str_eq(cite[i], want_cite[i]);
			}
		}
		tf_close(&t);
	}
}

/* The units' state at the end of a battle at `level`, with the same
 * dice, as one string. */
static void play_out(const char *level, char *buf, size_t len)
{
	struct tf t;
	open_at(&t, level);
	/* both sides advance into contact, then fight it out */
	struct bs_order adv = tf_advance(12, 0);
	tf_order(&t, 0, 0, &adv);
	tf_order(&t, 1, 0, &adv);
	bs_battle_reset(t.b, 11, 0);
	bs_battle_play(t.b, 12);
	size_t k = (size_t)snprintf(buf, len, "over %d winner %d rounds %d",
				    t.b->result.over, t.b->result.winner,
				    t.b->result.rounds);
	for (int g = 0; g < t.b->nunits && k < len; g++) {
		const struct bs_unit_state *u = &t.b->units[g];
		k += (size_t)snprintf(buf + k, len - k, "; %d figs %d wnd %d",
				      g, u->figures, u->wounded);
	}
	cr_expect_gt(tf_count(&t, BS_EV_ATTACK), 0, "%s: a melee", level);
	tf_close(&t);
}

/* [1.2] [1.5] with no missile weapon and no spell on the table nothing
 * fires or is cast in them: the same battle at every level. */
Test(r01_sequence, s1_2_s1_5_nothing_to_fire_the_same_battle)
{
	char basic[512], inter[512], adv[512];
	play_out("basic", basic, sizeof basic);
	play_out("intermediate", inter, sizeof inter);
	play_out("advanced", adv, sizeof adv);
	cr_expect_str_eq(inter, basic);
	cr_expect_str_eq(adv, basic);
}
