/* Command in play [4.7]-[4.10], [9.2], [9.3]: whether each unit is In
 * Command as each phase begins (every figure within the command radius of
 * a commander who may command it, no failed discipline check, no rout),
 * the automatic open formation of a regular unit that goes out of command
 * [7.6], a commander held, asleep or fleeing who commands nothing (RULING
 * R-678), deputies standing in for lost commanders [9.3] (through the lost
 * flags of bs1e_may_command), and what happens to the individuals of a
 * destroyed unit: the [9.1] [9.2] Table 11 fate roll and the Table 5
 * "commander is killed" check. */
#include "bs1e/engine.h"

struct bs_vec bs1e_indiv_pos(const struct bs_battle *b, int side, int ind)
{
	const struct bs_indiv_state *s = &b->indivs[b->indiv_first[side] + ind];
	if (s->with_unit >= 0) {
		int g = bs1e_g(b, side, s->with_unit);
		/* RULING R-112 [9.2] "Place a separate figure (no base) with
		 * the unit": a unit commander stands at the centre of his
		 * unit's block */
		if (bs1e_in_play(b, g))
			return bs1e_centre(b, g);
	}
	return s->pos;
}

int bs1e_commander_fighting(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	/* [2.9] a skirmish unit's commander "can also rally the routing
	 * skirmisher. This is the only function a skirmish Unit Commander
	 * can perform" */
	if (u->commander < 0 || bs1e_sc(b)->ux[g].skirmish)
		return 0;
	const struct bs_indiv_state *c =
	    &b->indivs[b->indiv_first[u->side] + u->commander];
	/* Part 2: "Unit Commanders are always assumed to be fighting with
	 * the unit [9.2]" */
	return c->alive && !c->lost && c->with_unit == u->idx;
}

/* The authority of post p (global individual) over unit g (global) in the
 * Intermediate Game [4.10]: the Army Commander's over every unit of the
 * side, a Brigade Commander's over his brigade. */
static int post_over(const struct bs_battle *b, int p, int g)
{
	const struct bs_individual *x = b->indivs[p].def;
	if (x->rank == BS_RANK_ARMY)
		return 1;
	if (x->rank == BS_RANK_BRIGADE)
		for (int i = 0; i < x->nbrigade; i++)
			if (bs1e_g(b, b->indivs[p].side, x->brigade[i]) == g)
				return 1;
	return 0;
}

/* RULING R-678: why individual k (global) commands nothing now, NULL when
 * he may: held or asleep [14.6 B], fleeing in fear [14.9]. */
static const char *helpless_commander(const struct bs_battle *b, int k,
				      const char **cite)
{
	if (bs1e_fx_indiv_held(b, k)) {
		*cite = "[9.2] [14.6 B] RULING R-678";
		return "its commander is held or asleep: he commands nothing";
	}
	if (bs1e_fx_indiv_afraid(b, k, NULL)) {
		*cite = "[9.2] [14.9] RULING R-678";
		return "its commander flees in fear: he commands nothing";
	}
	return NULL;
}

/* The Intermediate Game's authority of individual k (global) over unit g
 * by his posts [4.10] [9.3], whatever his state. */
static int post_authority(const struct bs_battle *b, int k, int g)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	int side = b->indivs[k].side;
	/* [4.10] the Unit Commander: the unit's commander now */
	if (b->units[g].commander == b->indivs[k].idx)
		return 1;
	/* the posts he holds: his own, and one he took over [9.3] */
	for (int p = b->indiv_first[side];
	     p < b->indiv_first[side] + b->sc->sides[side].nindividuals; p++)
		if (s->holder[p] == k && post_over(b, p, g))
			return 1;
	return 0;
}

int bs1e_authority_now(const struct bs_battle *b, int side, int ind, int unit,
		       enum bs1e_cmd_act act)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	if (side < 0 || side >= b->nsides || ind < 0 ||
	    ind >= b->sc->sides[side].nindividuals || unit < 0 ||
	    unit >= b->sc->sides[side].nunits)
		return 0;
	const struct bs_side *sd = &b->sc->sides[side];
	int g = bs1e_g(b, side, unit);
	if (act == BS1E_ACT_ORDER_MOB && sd->units[unit].type != BS_UNIT_MOB)
		return 0;
	if (!bs1e_indivs_in_play(b)) {
		/* the Basic Game: the scenario's hierarchy, deputies through
		 * the lost flags (RULING) */
		const unsigned char *lost = s->lost[side];
		return act == BS1E_ACT_RALLY
			   ? bs1e_may_rally(sd, ind, unit, lost)
		       : act == BS1E_ACT_ORDER_MOB
			   ? bs1e_may_order_mob(sd, ind, unit, lost)
			   : bs1e_may_command(sd, ind, unit, lost);
	}
	/* the Intermediate Game: the posts in play (RULING R-514) */
	int k = b->indiv_first[side] + ind;
	const struct bs_indiv_state *c = &b->indivs[k];
	if (!c->alive || c->lost)
		return 0;
	/* [9.2] "A commander with spell-casting abilities cannot CAST a
	 * spell and command his unit in any part of the Game Round in which
	 * the spell is CAST" (RULING R-515); not for an item or a breath */
	if (c->flags & BS_IF_CMD_CAST)
		return 0;
	/* [9.2] [14.6 B] [14.9] RULING R-678: a commander held, asleep or
	 * fleeing in fear commands nothing: no command, no rally, no order
	 * (the engine's holds, sleeps and fears reach a commander standing
	 * alone only, r14_effects.c) */
	const char *hc;
	if (helpless_commander(b, k, &hc))
		return 0;
	return post_authority(b, k, g);
}

void bs1e_commander_casts(struct bs_battle *b, int side, int ind)
{
	if (side < 0 || side >= b->nsides || ind < 0 ||
	    ind >= b->sc->sides[side].nindividuals)
		return;
	struct bs_indiv_state *c = &b->indivs[b->indiv_first[side] + ind];
	c->flags |= BS_IF_CAST | BS_IF_CMD_CAST;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_NOTE);
		ev.side = side;
		ev.indiv = ind;
		ev.what = "casts a spell: he commands nothing for the rest of "
			  "the Game Round";
		ev.cite = "[9.2] RULING R-515";
		bs_battle_emit(b, &ev);
	}
	/* command is decided again now: his units go out of command */
	bs1e_command_update(b, 0);
}

/* The Command Radius of individual k (of unit g's side) over unit g:
 * [14.6 A] "The figure or individual casting the mass charm is considered
 * to be the Unit Commander, and the commander's CR is considered to be
 * the range of the spell" (RULING R-463) over its detachment; else his
 * own [4.8]. */
static double radius(const struct bs_battle *b, int g, int k)
{
	const struct bs_unit_state *u = &b->units[g];
	double mc = bs1e_sc(b)->ux[g].mc_cr;
	if (mc > 0 && k == u->commander)
		return mc;
	return b->indivs[b->indiv_first[u->side] + k].cr;
}

void bs1e_command_update(struct bs_battle *b, int emit_all)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		if (!bs1e_in_play(b, g))
			continue;
		const struct bs1e_unit_x *x = &s->ux[g];
		const struct bs_side *sd = &b->sc->sides[u->side];
		int was_out = (u->flags & BS_UF_OUT_OF_COMMAND) != 0;
		int in = 0, by = -1;
		const char *why, *cite = "[4.7]";
		if (x->mob) {
			/* [2.10] "A mob is a disordered group that is not in
			 * command" */
			why = "a mob is never in command";
			cite = "[2.10] [4.7]";
		} else if (u->flags & BS_UF_ROUTED) {
			why = "routed";
		} else if (u->flags & BS_UF_DISC_FAILED) {
			why = "failed a discipline check";
			cite = "[4.6] [4.7]";
		} else if (bs1e_indivs_in_play(b) && u->commander >= 0 &&
			   (b->indivs[b->indiv_first[u->side] + u->commander]
				.flags &
			    BS_IF_CMD_CAST)) {
			/* [9.2] "If a spell is CAST by a commander, his
			 * unit is out of command for the entire Game Round"
			 */
			why = "its commander cast a spell this Game Round";
			cite = "[9.2] RULING R-515";
		} else if (bs1e_charm_out(b, g)) {
			/* [14.6 A] "When the enemy control period ends, the
			 * unit ... goes out of command" (r14_charm.c) */
			why = "its commander's charm ended: it figures out he "
			      "is acting strangely";
			cite = "[14.6 A] RULING R-693";
		} else if (bs1e_indivs_in_play(b) && x->cmd_given_up > 0 &&
			   x->cmd_given_up == b->round) {
			/* [9.3] its commander left it this round: out of
			 * command for the rest of the Game Round */
			why = "its commander gave up its command this Game "
			      "Round";
			cite = "[9.0] [9.3]";
		} else {
			why = u->commander >= 0
				  ? "figures outside the command radius"
				  : "no commander";
			if (u->commander < 0)
				cite = "[2.8] [4.7]";
			/* RULING R-678: a commander held, asleep or fleeing
			 * who has it within his radius: why it is out */
			const char *hwhy = NULL, *hcite = NULL;
			/* [4.7] "all figures are within the Command Radius
			 * ... of the unit's commander"; [4.10] brigade and
			 * army commanders too; the unit's own commander first
			 */
			struct bs_tt_shape sh;
			struct bs_tt_pose p;
			bs1e_shape(b, g, &sh);
			bs1e_pose(b, g, &p);
			for (int pass = 0; pass < 2 && !in; pass++)
				for (int k = 0; k < sd->nindividuals; k++) {
					if ((pass == 0) != (k == u->commander))
						continue;
					const struct bs_indiv_state *c =
					    &b->indivs[b->indiv_first[u->side] +
						       k];
					if (!c->alive || c->lost)
						continue;
					struct bs_vec at =
					    bs1e_indiv_pos(b, u->side, k);
					int kk = b->indiv_first[u->side] + k;
					if (!bs1e_authority_now(
						b, u->side, k, u->idx,
						BS1E_ACT_COMMAND)) {
						const char *hc = NULL;
						const char *hw =
						    helpless_commander(b, kk,
								       &hc);
						if (hw && !hwhy &&
						    !(c->flags &
						      BS_IF_CMD_CAST) &&
						    post_authority(b, kk, g) &&
						    bs_tt_all_within(
							&sh, &p, at,
							radius(b, g, k))) {
							hwhy = hw;
							hcite = hc;
						}
						continue;
					}
					if (bs_tt_all_within(&sh, &p, at,
							     radius(b, g, k))) {
						in = 1;
						by = k;
						break;
					}
				}
			if (!in && hwhy) {
				why = hwhy;
				cite = hcite;
			}
			if (in) {
				why = by == u->commander
					  ? "all figures within its "
					    "commander's radius"
					  : "all figures within a brigade or "
					    "army commander's radius";
				cite = by == u->commander ? "[4.7]"
							  : "[4.7] [4.10]";
			}
		}
		if (in)
			u->flags &= ~(unsigned)BS_UF_OUT_OF_COMMAND;
		else
			u->flags |= BS_UF_OUT_OF_COMMAND;
		u->cmd_by = by;
		if (by >= 0)
			u->cb = b->indivs[b->indiv_first[u->side] + by].cb;
		if ((emit_all || was_out == in) && bs_battle_events_on(b)) {
			struct bs_event ev;
			bs1e_ev(b, &ev, BS_EV_COMMAND);
			bs_battle_ev_units(b, &ev, g, -1);
			ev.indiv = by;
			ev.n[0] = in;
			ev.what = why;
			ev.cite = cite;
			bs_battle_emit(b, &ev);
		}
		/* [7.6] "All figures in a unit must be in command for it to
		 * change formation, unless the unit goes out of command or is
		 * routed. In the latter case, it automatically goes to open
		 * formation" (free: involuntary) */
		/* [14.8] RULING R-343: "Invisible figures must always
		 * operate in skirmish formation": an invisible unit stays in
		 * it */
		if (!in && x->regular &&
		    (u->formation == BS_FORM_CLOSED ||
		     (u->formation == BS_FORM_SKIRMISH &&
		      !bs1e_fx_unit_invisible(b, g))))
			bs1e_change_formation(b, g, BS_FORM_OPEN, 1,
					      "out of command: automatically "
					      "to open formation",
					      "[7.6]");
	}
}

void bs1e_unit_destroyed(struct bs_battle *b, int g, const char *what,
			 const char *cite)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs1e_scratch *s = bs1e_sc(b);
	if (u->flags & BS_UF_REMOVED)
		return;
	u->flags |= BS_UF_REMOVED | BS_UF_DESTROYED;
	u->figures = 0;
	bs1e_moved(b, g);
	/* RULING R-378: its skirmishers routed apart do not come back */
	u->sk_off += u->sk_away;
	u->sk_away = 0;
	u->wounded = 0;
	u->end = BS_END_DESTROYED;
	u->end_round = b->round;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_REMOVED);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.what = what;
		ev.cite = cite;
		bs_battle_emit(b, &ev);
	}
	/* [9.1] "If the last figure of a unit is removed because of combat
	 * losses, the fate of the character is determined by the following
	 * table. Roll 1d10"; [9.2] the same for its Unit Commander */
	const struct bs_side *sd = &b->sc->sides[u->side];
	for (int k = 0; k < sd->nindividuals; k++) {
		struct bs_indiv_state *c =
		    &b->indivs[b->indiv_first[u->side] + k];
		if (c->with_unit != u->idx || !c->alive)
			continue;
		static const struct bs_roll_why why_fate = {
		    BS_ROLL_FATE,
		    {10, 0},
		    1,
		    "(fate: last figure removed)",
		    "[9.1 T11]"};
		bs_dice_why(&b->dice, &why_fate, u->side, -1, k, -1);
		int d10 = bs_roll(&b->dice, 10);
		enum bs1e_fate f = bs1e_fate_for_roll(d10);
		c->fate = (int)f;
		c->lost = 1; /* [9.3] dead, or out of the battle */
		s->lost[u->side][k] = 1;
		if (f == BS1E_FATE_KILLED_BODY_LOST ||
		    f == BS1E_FATE_KILLED_BODY_ON_FIELD)
			c->alive = 0;
		c->pos = bs1e_centre(b, g);
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			bs1e_ev(b, &ev, BS_EV_FATE);
			ev.side = u->side;
			ev.indiv = k;
			ev.dice[0] = d10;
			ev.ndice = 1;
			ev.die_sides = 10;
			ev.n[0] = (int)f;
			ev.what = bs1e_table11[f].fate;
			ev.cite = "[9.1 T11]";
			bs_battle_emit(b, &ev);
		}
		if (c->alive)
			continue;
		/* Table 5 "The unit's commander is killed": every other unit
		 * he commanded as its Unit Commander checks (RULING R-113) */
		for (int h = b->side_first[u->side];
		     h < b->side_first[u->side] + sd->nunits; h++) {
			if (h == g || !bs1e_in_play(b, h) ||
			    b->units[h].commander != k)
				continue;
			bs1e_morale_check(b, h, 1u << BS1E_T5_COMMANDER_KILLED,
					  1u << BS1E_T4_COMMANDER_KILLED,
					  bs1e_centre(b, g), "[4.4 T5]");
		}
	}
}
