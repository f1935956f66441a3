/* Cavalry and chariots in play and the special formations of the
 * Intermediate Game: [11.1] a figure whose rider or mount dies is removed
 * whole; [11.4] the -2 of a cavalry or chariot charge (none against set
 * spears) and the weapons that double in it (lances), in melee and in the
 * [7.14] break-through test; [11.6] the Shield Wall (its AC bonus in
 * melee and against missiles, front only or every side of the circular or
 * square form, and what it does to movement); [11.7] Set Spears/Pikes
 * (declared at 1/3 MV, on any and all sides, double damage to the unit
 * that charges it). The declarations are worked out here and carried out
 * by the Movement Phase (r07_movement.c); the Melee Phase (r08_phase.c)
 * asks these functions for the terms of each attack and who strikes
 * first. Rulings R-530 .. R-547 (docs/rulings/formations.md). */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "bs1e/engine.h"

#define EPS 1e-6

/* ---- the kernel (bs1e_combat.h) ------------------------------------------
 */

enum bs1e_spell_fate bs1e_mounted_fate(enum bs1e_spell_fate rider,
				       enum bs1e_spell_fate mount)
{
	/* [11.1] "Each cavalry or chariot figure fights as a whole. If
	 * either the rider or the steed is killed, the entire figure is
	 * considered unable to fight, and is removed." */
	if (rider == BS1E_SPELL_REMOVED || mount == BS1E_SPELL_REMOVED)
		return BS1E_SPELL_REMOVED;
	/* RULING R-530: a wound to either is a wound to the figure */
	if (rider == BS1E_SPELL_WOUNDED || mount == BS1E_SPELL_WOUNDED)
		return BS1E_SPELL_WOUNDED;
	return BS1E_SPELL_NONE;
}

int bs1e_shield_wall_bonus(int special, int arc, int missile, int artillery,
			   int from_above)
{
	if (special != BS_SPECIAL_SHIELD_WALL &&
	    special != BS_SPECIAL_SHIELD_SQUARE)
		return 0;
	/* [11.6] "It only gives the bonus for attacks that hit the front of
	 * the unit; it gives no advantage to attacks from the flanks and
	 * rear of the unit, or from [above] (RULING R-535). It gives no bonus
	 * to AC against artillery." The circular or square form "has no
	 * flank or rear sides, and the bonuses to AC apply to attacks coming
	 * from any direction" (bs1e_arc_struck makes every arc its front). */
	if (arc != BS_ARC_FRONT || from_above || (missile && artillery))
		return 0;
	/* "a bonus of 4 to AC against all normal missile attacks, and a
	 * bonus of 2 to AC against melee attacks" */
	return missile ? 4 : 2;
}

double bs1e_set_spears_cost(double mv, unsigned sides)
{
	/* [11.7] "Entering a Set Spears/Pikes formation costs 1/3 of a
	 * unit's movement rate." RULING R-540: "if a 4-sided formation is
	 * used, some figures must have enough remaining movement to turn and
	 * face the rear": the figures that face another side turn [7.9], a
	 * flank a right or left face (1/3 MV), the rear an about face (1/2
	 * MV); they turn together, so the largest turn is paid. */
	double turn = 0;
	if (sides & (BS_SIDE_BIT(BS_EDGE_LEFT) | BS_SIDE_BIT(BS_EDGE_RIGHT)))
		turn = mv / 3.0;
	if (sides & BS_SIDE_BIT(BS_EDGE_REAR))
		turn = mv / 2.0;
	return mv / 3.0 + turn;
}

/* ---- [11.1] a figure whose rider or mount dies ---------------------------
 */

void bs1e_mounted_lost(struct bs_battle *b, int g, int n, int from,
		       int by_magic, const char *why)
{
	struct bs_unit_state *u = &b->units[g];
	assert(bs1e_sc(b)->ux[g].mounting != BS1E_ON_FOOT);
	if (!bs1e_in_play(b, g) || n <= 0)
		return;
	/* [11.1] "the entire figure is considered unable to fight, and is
	 * removed": killed, whatever the other half's health */
	struct bs1e_hit h;
	memset(&h, 0, sizeof h);
	h.from = from;
	h.from_indiv = -1;
	h.to = g;
	h.c.killed = n < u->figures ? n : u->figures;
	h.c.damage_tenths = h.c.killed * u->r.hd_fig;
	h.by_magic = by_magic;
	bs1e_sc(b)->ux[g].figs_phase = u->figures;
	bs1e_apply_hits(b, g, &h, 1,
			why ? why
			    : "rider or mount killed: the figure is removed "
			      "[11.1]");
}

/* ---- [11.4] charges, [11.7] set spears -----------------------------------
 */

int bs1e_set_on(const struct bs_battle *b, int s, int edge_s)
{
	const struct bs_unit_state *u = &b->units[s];
	/* [11.7] "The formation can be set to defend any and all sides" */
	return u->special == BS_SPECIAL_SET_SPEARS && edge_s >= 0 &&
	       edge_s < BS_SIDE_EDGE__COUNT &&
	       (u->special_sides & BS_SIDE_BIT(edge_s)) != 0;
}

/* s's spears, set on its edge edge_s, meet c's charge: RULING R-541, c
 * charged s this Game Round (its charge ended against s). */
static int set_vs(const struct bs_battle *b, int s, int edge_s, int c)
{
	const struct bs_unit_state *cu = &b->units[c], *su = &b->units[s];
	return bs1e_set_on(b, s, edge_s) && (cu->flags & BS_UF_CHARGED) &&
	       cu->charge_tside == su->side && cu->charge_tunit == su->idx;
}

int bs1e_set_against_charge(const struct bs_battle *b, int s, int c)
{
	struct bs_tt_contact ct;
	if (b->units[s].special != BS_SPECIAL_SET_SPEARS ||
	    !bs1e_contact(b, s, c, &ct))
		return 0;
	return set_vs(b, s, ct.edge_a, c);
}

enum bs_arc bs1e_arc_struck(const struct bs_battle *b, int h, int edge_h)
{
	/* [11.6] the circular or square form: "the unit has no flank or
	 * rear sides" (RULING R-538) */
	if (b->units[h].special == BS_SPECIAL_SHIELD_SQUARE)
		return BS_ARC_FRONT;
	return bs_tt_edge_arc(edge_h);
}

int bs1e_shield_wall_melee(const struct bs_battle *b, int h, enum bs_arc arc)
{
	int sp = b->units[h].special;
	/* the square's every side is a front (RULING R-538) */
	return bs1e_shield_wall_bonus(
	    sp, sp == BS_SPECIAL_SHIELD_SQUARE ? BS_ARC_FRONT : (int)arc, 0, 0,
	    0);
}

unsigned bs1e_charge_terms(const struct bs_battle *b, int g, int large, int set,
			   int charged, struct bs_deriv *d, const char **why)
{
	const struct bs_unit_state *u = &b->units[g];
	unsigned dbl = 0;
	*why = NULL;
	/* [11.4] "Charging cavalry or chariots ... for that Game Round" */
	if (bs1e_sc(b)->ux[g].mounting == BS1E_ON_FOOT || !charged)
		return 0;
	/* [11.4] the -2, "unless the defending unit is in Set Spears/Pikes
	 * formation" (RULING R-532: on the side struck); RULING R-531:
	 * with the closed charge -1 */
	bs1e_ar_add_cavalry_charge(d, set);
	/* "Weapons that do double damage in a charge also do double damage
	 * in a cavalry or chariot charge" (RULING R-534) */
	dbl = large ? u->r.lance_l : u->r.lance_sm;
	if (dbl)
		*why = "[11.4]";
	return dbl;
}

unsigned bs1e_melee_terms(const struct bs_battle *b, int g, int h, int edge_g,
			  int edge_h, int charged, struct bs_deriv *d,
			  const char **why)
{
	unsigned dbl =
	    bs1e_charge_terms(b, g, b->units[h].r.size == BS_SIZE_L,
			      bs1e_set_on(b, h, edge_h), charged, d, why);
	int sw = bs1e_shield_wall_melee(b, h, bs1e_arc_struck(b, h, edge_h));
	if (sw)
		bs_deriv_add(d, sw, "[11.6]",
			     "defender's shield wall: AC %d better", sw);
	/* [11.7] "A Set Spears/Pikes formation does double damage to any
	 * enemy unit that charges the formation." */
	if (set_vs(b, g, edge_g, h)) {
		dbl = ~0u;
		*why = "[11.7]";
	}
	return dbl;
}

int bs1e_shield_wall_missile_ac(const struct bs_battle *b, int g,
				struct bs_vec from, int artillery,
				int from_above)
{
	struct bs_quad q = bs1e_quad(b, g);
	return bs1e_shield_wall_missile_ac_at(b, g, &q, from, artillery,
					      from_above);
}

int bs1e_shield_wall_missile_ac_at(const struct bs_battle *b, int g,
				   const struct bs_quad *q, struct bs_vec from,
				   int artillery, int from_above)
{
	const struct bs_unit_state *u = &b->units[g];
	if (!bs1e_in_play(b, g) || (u->special != BS_SPECIAL_SHIELD_WALL &&
				    u->special != BS_SPECIAL_SHIELD_SQUARE))
		return 0;
	int edge = BS_EDGE_FRONT;
	bs_tt_arc_from(q, from, &edge);
	return bs1e_shield_wall_bonus(u->special, bs1e_arc_struck(b, g, edge),
				      1, artillery, from_above);
}

/* ---- [11.6] [11.7] declaring, keeping, giving up ---------------------------
 */

static int plan_illegal(struct bs1e_special_plan *p, const char *why,
			const char *cite)
{
	if (!p->why) {
		p->why = why;
		p->cite = cite;
	}
	return 0;
}

/* The checks of declaring `want` (not NONE): 1 when it may. */
static int may_declare(const struct bs_battle *b, int g,
		       const struct bs_order *o, int want, double allowed,
		       struct bs1e_special_plan *p)
{
	const struct bs_unit_state *u = &b->units[g];
	const char *cite = want == BS_SPECIAL_SET_SPEARS ? "[11.7]" : "[11.6]";
	if (b->sc->level == BS_LEVEL_BASIC)
		return plan_illegal(p,
				    "special formations are not in force at "
				    "the Basic Game",
				    "[Part 3] [16.3 A] (RULING R-547)");
	/* RULING R-539: these orders move the unit where no special
	 * formation can stay */
	if (o->kind == BS_ORDER_WITHDRAW || o->kind == BS_ORDER_FLEE ||
	    o->kind == BS_ORDER_WRAP)
		return plan_illegal(p,
				    "a unit that withdraws, flees or wraps "
				    "around takes no special formation",
				    "[11.6] [11.7] (RULING R-539)");
	/* "A unit that is in command and in closed formation at the
	 * beginning of the unit's Movement Phase" */
	if (u->flags & BS_UF_OUT_OF_COMMAND)
		return plan_illegal(p,
				    "only a unit in command declares a special "
				    "formation",
				    cite);
	if (u->formation != BS_FORM_CLOSED || u->cramped)
		return plan_illegal(p,
				    "only a unit in closed formation declares "
				    "a special formation",
				    cite);
	if (want == BS_SPECIAL_SET_SPEARS) {
		/* "and that is equipped with spears or pikes" (RULING
		 * in hand) */
		if (!u->r.set_spear)
			return plan_illegal(p,
					    "Set Spears/Pikes needs spears or "
					    "pikes in hand",
					    "[11.7] (RULING R-540)");
		/* RULING R-543: setting spears is movement, which a unit
		 * in contact may not spend [7.8] */
		if (bs1e_engaged(b, g))
			return plan_illegal(p,
					    "a unit in contact cannot set its "
					    "spears",
					    "[11.7] [7.8] (RULING R-543)");
		unsigned sides = o->sides & BS_SIDES_ALL;
		if (!sides)
			sides = BS_SIDE_BIT(BS_EDGE_FRONT);
		p->sides = sides;
		if (u->special == BS_SPECIAL_SET_SPEARS &&
		    u->special_sides == sides)
			return 1; /* set already */
		p->cost = bs1e_set_spears_cost(u->r.mv, sides);
		if (p->cost > allowed + EPS)
			return plan_illegal(
			    p,
			    "not enough movement to set spears on those "
			    "sides (1/3 MV, and the turns of the figures "
			    "that face the other sides)",
			    "[11.7] (RULING R-540)");
		return 1;
	}
	/* "and that is equipped with large shields" (RULING R-544) */
	if (!u->def->large_shield)
		return plan_illegal(p, "a Shield Wall needs large shields",
				    "[11.6] (RULING R-544)");
	if (want == BS_SPECIAL_SHIELD_SQUARE &&
	    u->special != BS_SPECIAL_SHIELD_SQUARE) {
		/* "to enter a 4-sided formation, some figures must have
		 * enough movement to turn and face the rear of the unit"
		 * (RULING R-538: an about face, 1/2 MV [7.9]) */
		p->cost = u->r.mv / 2.0;
		if (p->cost > allowed + EPS)
			return plan_illegal(p,
					    "not enough movement to face the "
					    "rear (an about face, 1/2 MV)",
					    "[11.6] [7.9] (RULING R-538)");
	}
	return 1;
}

void bs1e_special_plan(const struct bs_battle *b, int g,
		       const struct bs_order *o, double allowed,
		       struct bs1e_special_plan *p)
{
	const struct bs_unit_state *u = &b->units[g];
	memset(p, 0, sizeof *p);
	p->special = u->special;
	p->sides = u->special_sides;
	p->mv_factor = 1.0;
	p->may_move = 1;
	p->turn_mv = allowed;
	int leaves = o->kind == BS_ORDER_WITHDRAW || o->kind == BS_ORDER_FLEE ||
		     o->kind == BS_ORDER_WRAP;
	if (o->declares) {
		int want = (int)o->special;
		if (want < 0 || want >= BS_SPECIAL__COUNT) {
			plan_illegal(p, "no such special formation",
				     "[11.6] [11.7]");
			return;
		}
		if (want == BS_SPECIAL_NONE) {
			/* RULING R-539: given up before it moves, free */
			if (u->special != BS_SPECIAL_NONE) {
				p->changes = 1;
				p->special = BS_SPECIAL_NONE;
				p->sides = 0;
				p->what = "given up";
			}
		} else if (may_declare(b, g, o, want, allowed, p)) {
			if (want != BS_SPECIAL_SET_SPEARS)
				p->sides = 0;
			if (want != u->special ||
			    p->sides != u->special_sides) {
				p->changes = 1;
				p->special = want;
				p->what = "declared";
			}
		}
		if (p->why)
			return;
	} else if (leaves && u->special != BS_SPECIAL_NONE) {
		/* RULING R-539: a withdrawal, a flight, a wrap-around end
		 * it */
		p->changes = 1;
		p->special = BS_SPECIAL_NONE;
		p->sides = 0;
		p->what = o->kind == BS_ORDER_FLEE   ? "broken: the unit flees"
			  : o->kind == BS_ORDER_WRAP ? "broken: the unit "
						       "wraps around"
						     : "broken: the unit "
						       "withdraws";
	}
	int steps = o->nsteps > 0 || o->kind == BS_ORDER_CHARGE ||
		    o->kind == BS_ORDER_FORCED_MARCH;
	switch (p->special) {
	case BS_SPECIAL_SHIELD_WALL:
		/* [11.6] "If the shield wall only protects the front of the
		 * unit, the unit can move up to 1/2 its normal movement
		 * rate. ... A change of facing costs a unit in shield wall
		 * formation its entire movement rate." (RULING R-537) */
		p->mv_factor = 0.5;
		if (o->kind == BS_ORDER_CHARGE ||
		    o->kind == BS_ORDER_FORCED_MARCH)
			plan_illegal(p,
				     "a shield wall moves at most 1/2 its "
				     "movement rate: no charge or forced "
				     "march (give it up first)",
				     "[11.6] (RULING R-537)");
		break;
	case BS_SPECIAL_SHIELD_SQUARE:
		/* "However, a unit in this formation cannot move." */
		p->may_move = 0;
		if (steps)
			plan_illegal(p,
				     "a shield wall in a circle or square "
				     "cannot move",
				     "[11.6]");
		break;
	case BS_SPECIAL_SET_SPEARS:
		/* RULING R-540: set spears stay where they are set */
		p->may_move = 0;
		if (steps)
			plan_illegal(p,
				     "a unit in Set Spears/Pikes formation "
				     "does not move (give it up first)",
				     "[11.7] (RULING R-540)");
		break;
	default:
		break;
	}
}

/* The SPECIAL event: g went from special formation `from` to its own. */
static void emit_special(struct bs_battle *b, int g, int from, double cost,
			 const char *what, const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	const struct bs_unit_state *u = &b->units[g];
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_SPECIAL);
	bs_battle_ev_units(b, &ev, g, -1);
	ev.n[0] = from;
	ev.n[1] = u->special;
	ev.n[2] = (int)u->special_sides;
	ev.n[3] = (int)(cost * 10 + 0.5);
	ev.what = what;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

static const char *special_cite(int special)
{
	return special == BS_SPECIAL_SET_SPEARS ? "[11.7]" : "[11.6]";
}

void bs1e_special_apply(struct bs_battle *b, int g,
			const struct bs1e_special_plan *p)
{
	struct bs_unit_state *u = &b->units[g];
	assert(!p->why);
	if (!p->changes)
		return;
	int from = u->special;
	u->special = p->special;
	u->special_sides = p->sides;
	u->mv_spent += p->cost;
	if (p->cost > EPS)
		u->flags |= BS_UF_MOVED;
	emit_special(
	    b, g, from, p->cost, p->what,
	    special_cite(p->special != BS_SPECIAL_NONE ? p->special : from));
}

void bs1e_special_end(struct bs_battle *b, int g, const char *why,
		      const char *cite)
{
	struct bs_unit_state *u = &b->units[g];
	if (u->special == BS_SPECIAL_NONE)
		return;
	int from = u->special;
	u->special = BS_SPECIAL_NONE;
	u->special_sides = 0;
	emit_special(b, g, from, 0, why, cite);
}

void bs1e_special_hold(struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	if (u->special == BS_SPECIAL_NONE)
		return;
	const char *cite = special_cite(u->special);
	/* RULING R-539: a special formation is a closed formation's */
	if (!bs1e_in_play(b, g))
		bs1e_special_end(b, g, "ended: the unit left the table", cite);
	else if (u->flags & BS_UF_ROUTED)
		bs1e_special_end(b, g, "broken: the unit routs", cite);
	else if (u->formation != BS_FORM_CLOSED || u->cramped)
		bs1e_special_end(b, g,
				 "broken: the unit is no longer in closed "
				 "formation",
				 cite);
	else if (u->special == BS_SPECIAL_SET_SPEARS && !u->r.set_spear)
		bs1e_special_end(b, g,
				 "ended: no spear or pike in hand any more",
				 "[11.7] [8.2] (RULING R-539)");
}
