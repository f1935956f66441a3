/* The Sequence of Play [1.0] as a table of phases, each played at the
 * levels of the game it belongs to ([16.3 A]: the scenario's `level:`).
 * The Basic Game (Part 2 preamble) plays Initiative [1.1] [5.1], Rally
 * [1.3] [6.0], Movement [1.4] [7.0], Melee [1.6] [8.0] and End of Game
 * Round [1.7]; the Intermediate and Advanced Games play the seven phases
 * of [1.0], with Initial Missile [1.2] and Missile and Magic [1.5]
 * (r10_missiles.c) (RULING R-138). The end of a battle: RULING R-102
 * (known-gaps 15). */
#include <string.h>

#include "bs1e/engine.h"

#define AT(level) (1u << (level))
#define EVERY_LEVEL                                                            \
	(AT(BS_LEVEL_BASIC) | AT(BS_LEVEL_INTERMEDIATE) | AT(BS_LEVEL_ADVANCED))
#define NOT_BASIC (AT(BS_LEVEL_INTERMEDIATE) | AT(BS_LEVEL_ADVANCED))

struct phase_row {
	enum bs_phase phase;
	const char *cite;
	void (*run)(struct bs_battle *b);
	unsigned levels; /* bits of enum bs_level that play it */
};

/* [1.0] "The BATTLESYSTEM game is played in Game Rounds, in the seven
 * Phases below"; Part 2: "If you just play the Basic Game, use the
 * following abbreviated Sequence of Play: Initiative Phase. Rally Phase.
 * Movement Phase. Melee Phase. End of Game Round Phase." */
static const struct phase_row sequence_of_play[] = {
    {BS_PHASE_INITIATIVE, "[1.1] [5.1]", bs1e_phase_initiative, EVERY_LEVEL},
    {BS_PHASE_INITIAL_MISSILE, "[1.2]", bs1e_phase_initial_missile, NOT_BASIC},
    {BS_PHASE_RALLY, "[1.3] [6.0]", bs1e_phase_rally, EVERY_LEVEL},
    {BS_PHASE_MOVEMENT, "[1.4] [7.0]", bs1e_phase_movement, EVERY_LEVEL},
    {BS_PHASE_MISSILE_MAGIC, "[1.5]", bs1e_phase_missile_magic, NOT_BASIC},
    {BS_PHASE_MELEE, "[1.6] [8.0]", bs1e_phase_melee, EVERY_LEVEL},
    {BS_PHASE_END, "[1.7]", bs1e_phase_end, EVERY_LEVEL},
};
#define NPHASES ((int)(sizeof sequence_of_play / sizeof sequence_of_play[0]))
_Static_assert(sizeof sequence_of_play / sizeof sequence_of_play[0] == 7,
	       "[1.0] has seven phases");
_Static_assert(BS_LEVEL__COUNT == 3, "every level has its phases above");

/* Flags that last one Game Round. */
#define ROUND_FLAGS                                                            \
	(BS_UF_RALLIED | BS_UF_CHARGED | BS_UF_CHARGE_MISSED |                 \
	 BS_UF_CONTACT_AT_START | BS_UF_PINNED | BS_UF_FORCED_MARCH |          \
	 BS_UF_MOVED | BS_UF_ATTACKED | BS_UF_FLED | BS_UF_WITHDREW |          \
	 BS_UF_NO_CHARGE | BS_UF_FOUGHT | BS_UF_FIRED | BS_UF_CONTACTED)

static void new_round(struct bs_battle *b)
{
	b->round++;
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		u->flags &= ~(unsigned)ROUND_FLAGS;
		u->charge_tside = u->charge_tunit = -1;
		u->nocharge_side = u->nocharge_unit = -1;
		u->mv_spent = 0;
		u->frontage_dir = 0;
	}
	/* [10.0] [10.2] this round's shots (issue 14) */
	for (int g = 0; g < b->nunits; g++)
		bs1e_missile_new_round(b, g);
	for (int k = 0; k < b->nindivs; k++) {
		b->indivs[k].flags = 0;
		bs1e_sc(b)->ix[k].shots = 0;	     /* [10.2] RULING R-526 */
		bs1e_sc(b)->ix[k].fired_initial = 0; /* RULING R-549 */
		bs1e_sc(b)->ix[k].pass_through = 0;
		bs1e_sc(b)->ix[k].pt_cast = 0; /* RULING R-336 */
		bs1e_sc(b)->ix[k].moved = 0;   /* RULING R-550 */
	}
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		b->phase = BS_PHASE_INITIATIVE;
		bs1e_ev(b, &ev, BS_EV_ROUND);
		ev.n[0] = b->round;
		ev.cite = "[1.0]";
		bs_battle_emit(b, &ev);
	}
	/* [14.2] RULING R-718: casters busy with a spell under way */
	if (b->sc->level == BS_LEVEL_ADVANCED)
		bs1e_long_new_round(b);
}

static void bs1e_round(struct bs_battle *b)
{
	unsigned level = AT(b->sc->level);
	/* issue 13 part 2: within the round every change of a unit's pose
	 * notifies (bs1e_moved); what changed since the last is caught here */
	bs1e_geom_trust(b, 1);
	new_round(b);
	for (int i = 0; i < NPHASES && !b->result.over; i++) {
		const struct phase_row *ph = &sequence_of_play[i];
		if (!(ph->levels & level))
			continue;
		b->phase = ph->phase;
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			bs1e_ev(b, &ev, BS_EV_PHASE);
			ev.cite = ph->cite;
			bs_battle_emit(b, &ev);
		}
		/* [4.7] command is decided as each phase begins */
		if (ph->phase != BS_PHASE_INITIATIVE)
			bs1e_command_update(b, 0);
		/* [14.8] RULING R-634: an invisible figure in base contact
		 * with an enemy is found, as each phase begins and ends */
		bs1e_fx_invis_contact(b);
		/* [13.6] RULING R-556: a god's awe, as each phase begins
		 * (r13_awe.c) */
		bs1e_divine_awe(b);
		/* [14.7] RULING R-729: a chant broken ends (r14_chant.c) */
		if (b->sc->level == BS_LEVEL_ADVANCED)
			bs1e_chant_check(b);
		ph->run(b);
		bs1e_fx_invis_contact(b);
		/* RULING R-502: lone figures a router or an involuntary
		 * change of formation covered step aside */
		bs1e_indivs_make_way(b);
		/* issue 16 [13.6] RULING R-587: the immediate awe and fear
		 * checks of units now within 12" (r13_awe.c) */
		bs1e_awe_checks(b);
		bs1e_check_over(b, ph->phase == BS_PHASE_END);
	}
	bs1e_geom_trust(b, 0);
}

void bs1e_phase_end(struct bs_battle *b)
{
	/* [1.7] [14.2] RULING R-620: the spells' durations (issue 16) */
	bs1e_fx_end_round(b);
	bs1e_bonus_end_round(b); /* [14.7] */
	/* [1.7] the end of the Game Round; [7.13] "The AR improves by one
	 * (up to its original value) each time the unit spends one entire
	 * Game Round doing absolutely nothing and is not attacked." */
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		if (!bs1e_in_play(b, g))
			continue;
		unsigned busy = BS_UF_MOVED | BS_UF_ATTACKED | BS_UF_FOUGHT |
				BS_UF_FORCED_MARCH | BS_UF_CHARGED |
				BS_UF_FLED | BS_UF_WITHDREW;
		if (u->flags & busy) {
			u->idle_rounds = 0;
			continue;
		}
		u->idle_rounds++;
		if (u->fm_penalty > 0) {
			u->fm_penalty = bs1e_forced_march_rest(u->fm_penalty);
			bs1e_note(b, g,
				  "a Game Round of rest: the forced-march AR "
				  "penalty improves by one",
				  "[7.13]");
		}
	}
	bs1e_regenerate(b);
}

int bs1e_check_over(struct bs_battle *b, int at_end)
{
	struct bs_result *r = &b->result;
	if (r->over)
		return 1;
	int standing[BS_MAX_SIDES] = {0};
	for (int sd = 0; sd < BS_MAX_SIDES; sd++) {
		r->side[sd].figures_lost = 0;
		r->side[sd].units_in_play = 0;
		r->side[sd].indivs_killed = 0;
	}
	for (int k = 0; k < b->nindivs; k++)
		if (!b->indivs[k].alive)
			r->side[b->indivs[k].side].indivs_killed++;
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		/* [14.6 A] RULING R-463: a detachment's losses are its
		 * owner's */
		r->side[u->owner].figures_lost += bs_unit_killed(u);
		if (!bs1e_in_play(b, g))
			continue;
		r->side[u->side].units_in_play++;
		if (!(u->flags & BS_UF_ROUTED))
			standing[u->side]++;
	}
	/* RULING R-102 (known-gaps 15): a side loses when it has no unit on
	 * the table that is not routed; the round limit is a draw. */
	static const struct bs_verdict_text why = {
	    .win = "every other side has no unit on the table that is not "
		   "routed (RULING R-102)",
	    .none = "no side has a unit on the table that is not routed: a "
		    "draw (RULING R-102)",
	    .limit = "the round limit is reached: a draw (RULING R-102)",
	    .cite = "RULING R-102",
	    /* [9.1] the capture of wounded or stunned characters */
	    .at_over = bs1e_indivs_capture,
	};
	return bs_battle_verdict(b, standing, at_end, &why);
}

const struct bs_ruleset bs1e_ruleset = {
    .name = "bs1e",
    .iface = BS_IFACE_TABLETOP,
    .init = bs1e_ruleset_init,
    .reset = bs1e_ruleset_reset,
    .start = bs1e_ruleset_start,
    .round = bs1e_round,
    .release = bs1e_ruleset_release,
    .unit_changed = bs1e_moved_ruleset,
    .splits = bs1e_mass_charm_splits, /* [14.6 A] RULING R-462 */
};
