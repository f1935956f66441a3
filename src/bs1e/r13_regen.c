/* Regeneration [13.8], the Advanced Game: a unit's Wound marker removed
 * after two Game Rounds without combat (RULING R-605), its killed figures
 * lying "dead" where they fell and rising two Game Rounds later with a
 * Wound marker unless an enemy figure is within 1" (RULING R-720 ..
 * R-723); an individual of a regenerating race healing hit points by the
 * AD&D rules (RULING R-724), and one killed lying "dead" and rising two
 * Game Rounds later unless an enemy is within 1" (RULING R-725 .. R-727);
 * fire and acid do not regenerate. */
#include <stdio.h>
#include <string.h>

#include "bs1e/engine.h"

#define REGEN_REACH 1.0 /* [13.8] "within 1\" of the 'dead' creature" */
#define REGEN_HOLD 2	/* [13.8] "A single figure can prevent two" */

/* [13.8] RULING R-605: the Wound marker of a unit two Game Rounds without
 * combat. */
static void wounds(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	/* RULING R-605: "participating in combat" is attacking or being
	 * attacked in melee, by missile fire or by magic */
	const unsigned combat = BS_UF_FOUGHT | BS_UF_ATTACKED | BS_UF_FIRED;
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		struct bs1e_unit_x *x = &s->ux[g];
		if (!x->regenerates || !bs1e_in_play(b, g))
			continue;
		if (u->wounded <= 0)
			x->wound_noregen = 0;
		if (u->flags & combat) {
			x->calm = 0;
			continue;
		}
		x->calm++;
		/* [13.8] "can remove a Wound marker from a figure if it goes
		 * for two Game Rounds without participating in combat";
		 * "Damage caused by fire and acid attacks does not
		 * regenerate" */
		if (u->wounded <= 0 || x->calm < 2 || x->wound_noregen)
			continue;
		u->wounded--;
		x->calm = 0;
		bs1e_note(b, g,
			  "two Game Rounds without combat: its creatures "
			  "regenerate, the Wound marker is removed",
			  "[13.8] RULING R-605");
	}
}

void bs1e_regen_fell(struct bs_battle *b, int g, const struct bs_tt_shape *s0,
		     const struct bs_tt_pose *p0, int before, int n)
{
	struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	if (b->sc->level != BS_LEVEL_ADVANCED || !x->regenerates || n <= 0)
		return;
	/* RULING R-720: the figures taken off are the unit's last (its rear
	 * rank [8.7]); each lies where its base stood, facing as the unit
	 * faced, no longer a figure of the unit */
	int k = 0;
	for (int i = before - 1; i >= 0 && k < n; i--, k++) {
		if (x->ndead >= BS1E_MAX_FIGS)
			break; /* never: a unit has at most BS1E_MAX_FIGS */
		int file, rank;
		bs_tt_slot(s0, i, &file, &rank);
		struct bs1e_dead *d = &x->dead[x->ndead++];
		d->pos = bs_tt_slot_pos(s0, p0, file, rank);
		d->facing = p0->facing;
		d->round = b->round;
	}
	if (bs_battle_events_on(b)) {
		char msg[160];
		snprintf(msg, sizeof msg,
			 "%d regenerating figure%s killed: a second Wound "
			 "marker, left on the battlefield where %s fell (%d "
			 "lying)",
			 k, k == 1 ? "" : "s", k == 1 ? "it" : "they",
			 x->ndead);
		bs1e_note(b, g, msg, "[13.8] RULING R-720");
	}
}

/* The base of dead figure d of unit u (its size as the unit's, Table 2). */
static struct bs_quad dead_base(const struct bs_unit_state *u,
				const struct bs1e_dead *d)
{
	struct bs_vec f = bs_vec_add(
	    d->pos, bs_vec_scale(bs_dir(d->facing), u->r.base_d / 2.0));
	return bs_block(f, d->facing, u->r.base_w, u->r.base_d);
}

/* [13.8] RULING R-721: the first enemy figure of side `side`'s within
 * 1" of dead base q that holds fewer than two dead this phase: it holds
 * this one too (1); 0 when there is none. Units in index order, their
 * figures in slot order, then the lone individuals; ihold the
 * individuals' counts. */
static int hold_down(struct bs_battle *b, int side, const struct bs_quad *q,
		     unsigned char *ihold)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int h = 0; h < b->nunits; h++) {
		if (b->units[h].side == side || !bs1e_in_play(b, h))
			continue;
		struct bs_quad qh = bs1e_quad(b, h);
		if (bs_quad_dist(q, &qh) > REGEN_REACH + 1e-9)
			continue;
		struct bs_tt_shape sh;
		struct bs_tt_pose ph;
		bs1e_shape(b, h, &sh);
		bs1e_pose(b, h, &ph);
		unsigned char *hold = s->ux[h].regen_hold;
		for (int i = 0; i < sh.figures && i < BS1E_MAX_FIGS; i++) {
			if (hold[i] >= REGEN_HOLD)
				continue;
			int file, rank;
			bs_tt_slot(&sh, i, &file, &rank);
			struct bs1e_dead e = {
			    bs_tt_slot_pos(&sh, &ph, file, rank), ph.facing, 0};
			struct bs_quad qe = dead_base(&b->units[h], &e);
			if (bs_quad_dist(q, &qe) > REGEN_REACH + 1e-9)
				continue;
			hold[i]++;
			return 1;
		}
	}
	for (int k = 0; k < b->nindivs; k++) {
		/* a figure of his own on the table (one with a unit stands
		 * in its block, counted with it) */
		if (b->indivs[k].side == side || ihold[k] >= REGEN_HOLD ||
		    !bs1e_indiv_figure(b, k))
			continue;
		struct bs_quad qk = bs1e_indiv_quad(b, k);
		if (bs_quad_dist(q, &qk) > REGEN_REACH + 1e-9)
			continue;
		ihold[k]++;
		return 1;
	}
	return 0;
}

/* 1 when unit g (in play) has room on the table for one more figure in
 * its rear rank: its block so grown overlaps nothing it did not
 * (RULING R-722, the test of rallied skirmishers rejoining, R-378). */
static int room_for_one(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	struct bs_tt_shape sh, ns;
	struct bs_tt_pose p;
	bs1e_shape(b, g, &sh);
	bs1e_pose(b, g, &p);
	bs_tt_shape_make(sh.formation, u->figures + 1, u->files, sh.base_w,
			 sh.base_d, b->stands, &ns);
	struct bs_quad obst[BS1E_MAX_OBST];
	int n = bs1e_obstacles_walled(b, g, -1, obst, NULL);
	struct bs_quad oq = bs_tt_quad(&sh, &p), nq = bs_tt_quad(&ns, &p);
	return bs_tt_fits(&nq, &oq, obst, n, 1, NULL);
}

/* [13.8] "Two Game Rounds later, one Wound marker is removed and the
 * figure can move and fight normally" (RULING R-720 .. R-723). */
static void rise(struct bs_battle *b, unsigned char *ihold)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		struct bs1e_unit_x *x = &s->ux[g];
		if (x->ndead <= 0)
			continue;
		if (!bs1e_in_play(b, g)) {
			/* RULING R-723: a unit destroyed or gone from the
			 * table: its dead have no unit to rise into */
			if (bs_battle_events_on(b)) {
				char msg[160];
				snprintf(msg, sizeof msg,
					 "its unit is gone: %d dead "
					 "regenerating figure%s will not rise",
					 x->ndead, x->ndead == 1 ? "" : "s");
				bs1e_note(b, g, msg, "[13.8] RULING R-723");
			}
			x->ndead = 0;
			continue;
		}
		int risen = 0, held = 0, waiting = 0, cramped = 0, kept = 0;
		for (int i = 0; i < x->ndead; i++) {
			struct bs1e_dead d = x->dead[i];
			/* RULING R-720: killed in Game Round r, it stands at
			 * the end of Game Round r + 1, to move and fight in
			 * r + 2, "two Game Rounds later" */
			if (b->round < d.round + 1) {
				waiting++;
				x->dead[kept++] = d;
				continue;
			}
			/* [13.8] "If an enemy figure is within 1" of the
			 * 'dead' regenerating creature, the creature cannot
			 * regenerate" (RULING R-721: it lies until a later
			 * End of Game Round Phase finds none) */
			struct bs_quad q = dead_base(u, &d);
			if (hold_down(b, u->side, &q, ihold)) {
				held++;
				x->dead[kept++] = d;
				continue;
			}
			if (!room_for_one(b, g)) {
				cramped++;
				x->dead[kept++] = d;
				continue;
			}
			/* RULING R-722: back in its unit, in its rear rank,
			 * with the Wound marker (a unit has one [8.7]) */
			u->figures++;
			if (u->wounded <= 0) {
				u->wounded = 1;
				x->wound_noregen = 0;
			}
			x->calm =
			    0; /* its marker's two Game Rounds start now */
			bs1e_moved(b, g);
			risen++;
		}
		x->ndead = kept;
		x->risen += risen;
		if (!bs_battle_events_on(b) || (!risen && !held && !cramped))
			continue;
		char msg[320];
		int len = 0;
		if (risen)
			len += snprintf(msg + len, sizeof msg - (size_t)len,
					"%d dead figure%s regenerate%s and "
					"rise%s into the unit with a Wound "
					"marker (%d figures)",
					risen, risen == 1 ? "" : "s",
					risen == 1 ? "s" : "",
					risen == 1 ? "s" : "", u->figures);
		if (held)
			len += snprintf(msg + len, sizeof msg - (size_t)len,
					"%s%d held down: an enemy figure "
					"within 1\"",
					len ? "; " : "", held);
		if (cramped)
			len += snprintf(msg + len, sizeof msg - (size_t)len,
					"%s%d wait%s: no room in the unit",
					len ? "; " : "", cramped,
					cramped == 1 ? "s" : "");
		(void)waiting;
		bs1e_note(b, g, msg, "[13.8] RULING R-720 R-721 R-722");
	}
}

/* [13.8] RULING R-724: the MM troll's "regenerates 3 hit points per melee
 * round", "beginning 3 melee rounds after first damaged" */
#define REGEN_HP 3
#define REGEN_AFTER 3

static int regen_race(const struct bs_battle *b, int k)
{
	const struct bs_creature *r = b->indivs[k].def->race;
	return r && (r->flags & BS_CF_REGENERATES) != 0;
}

void bs1e_regen_reset(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int k = 0; k < b->nindivs; k++) {
		s->ix[k].regen_rounds = -1;
		s->ix[k].burnt = 0;
		s->ix[k].dead_round = -1;
		s->ix[k].fire_blow = 0;
	}
}

void bs1e_regen_burnt(struct bs_battle *b, int k, int hp)
{
	if (hp > 0)
		bs1e_sc(b)->ix[k].burnt += hp;
}

/* [13.8] RULING R-724: at the End of Game Round Phase, each living
 * individual of a regenerating race: the AD&D melee rounds of this Game
 * Round (three when he fought in individual combat in it, [9.4 B] [14.1],
 * else one) after the one he was first damaged in count; from the third
 * after it, each heals 3 hit points, never above his hit points at the
 * start less what fire and acid took. */
static void indivs(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int k = 0; k < b->nindivs; k++) {
		struct bs_indiv_state *c = &b->indivs[k];
		struct bs1e_indiv_x *x = &s->ix[k];
		if (!regen_race(b, k) || !c->alive || c->lost || c->hp <= 0)
			continue;
		int top = c->hp_max - x->burnt;
		if (x->regen_rounds < 0) {
			/* RULING R-724: the Game Round of his first damage
			 * counts none of its melee rounds */
			if (c->hp < c->hp_max)
				x->regen_rounds = 0;
			continue;
		}
		int rounds = (c->flags & BS_IF_DUEL) ? 3 : 1;
		int healed = 0;
		for (int i = 0; i < rounds; i++) {
			x->regen_rounds++;
			if (x->regen_rounds >= REGEN_AFTER &&
			    c->hp + healed < top)
				healed += REGEN_HP;
		}
		if (c->hp + healed > top)
			healed = top - c->hp;
		if (healed <= 0)
			continue;
		c->hp += healed;
		if (bs_battle_events_on(b)) {
			char msg[160];
			snprintf(msg, sizeof msg,
				 "his race regenerates: %d hit point%s (%d of "
				 "%d)",
				 healed, healed == 1 ? "" : "s", c->hp,
				 c->hp_max);
			bs1e_note_indiv(b, k, msg, "[13.8] RULING R-724");
		}
	}
}

void bs1e_regen_fire_blow(struct bs_battle *b, int k)
{
	bs1e_sc(b)->ix[k].fire_blow = 1;
}

/* [13.8] RULING R-725: the MM troll "rises again when killed" unless
 * burnt or dissolved in acid */
void bs1e_regen_indiv_fell(struct bs_battle *b, int k)
{
	struct bs_indiv_state *c = &b->indivs[k];
	struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[k];
	int fire = x->fire_blow;
	x->fire_blow = 0;
	x->dead_round = -1;
	/* RULING R-725: the Advanced Game; a hero or commander standing
	 * alone (one with his unit dies with it, [9.1] Table 11, RULING
	 * R-671, and does not rise) */
	if (b->sc->level != BS_LEVEL_ADVANCED || !regen_race(b, k) ||
	    c->with_unit >= 0)
		return;
	/* [13.8] "Damage caused by fire and acid attacks does not
	 * regenerate": killed by it, or with nothing left to regenerate
	 * (RULING R-724's hit points less what fire and acid took) */
	if (fire || c->hp_max - x->burnt <= 0) {
		bs1e_note_indiv(b, k,
				"killed by fire or acid: his race's "
				"regeneration cannot raise him",
				"[13.8] RULING R-725");
		return;
	}
	x->dead_round = b->round;
	/* RULING R-727: the Game Round of his death is his R-724 first
	 * damage when none came before; the rounds he lies do not count */
	if (x->regen_rounds < 0)
		x->regen_rounds = 0;
	if (bs_battle_events_on(b)) {
		char msg[160];
		snprintf(msg, sizeof msg,
			 "his race regenerates: he lies \"dead\" where he "
			 "fell, to rise at the end of Game Round %d",
			 b->round + 1);
		bs1e_note_indiv(b, k, msg, "[13.8] RULING R-725");
	}
}

/* [13.8] "Two Game Rounds later ... the figure can move and fight
 * normally. If an enemy figure is within 1\" of the 'dead' regenerating
 * creature, the creature cannot regenerate" (RULING R-725 .. R-727): the
 * individuals lying dead, after the units' dead (R-721's counts). */
static void indivs_rise(struct bs_battle *b, unsigned char *ihold)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int k = 0; k < b->nindivs; k++) {
		struct bs_indiv_state *c = &b->indivs[k];
		struct bs1e_indiv_x *x = &s->ix[k];
		/* RULING R-725: killed in Game Round r, he stands at the end
		 * of Game Round r + 1, as a figure */
		if (x->dead_round < 0 || c->alive ||
		    b->round < x->dead_round + 1)
			continue;
		/* RULING R-726: an enemy figure or individual within 1" of
		 * his counter (R-721's measure and counts) */
		struct bs_quad q = bs1e_indiv_quad(b, k);
		if (hold_down(b, c->side, &q, ihold)) {
			bs1e_note_indiv(b, k,
					"held down: an enemy figure within "
					"1\" of him, he cannot regenerate",
					"[13.8] RULING R-726");
			continue;
		}
		/* RULING R-727: back on the table with 3 hit points (one
		 * AD&D melee round's regeneration, R-724), never above what
		 * fire and acid left him; his posts as the take-overs left
		 * them */
		int top = c->hp_max - x->burnt;
		c->hp = top < REGEN_HP ? top : REGEN_HP;
		c->alive = 1;
		c->lost = 0;
		c->killed_by = -1;
		s->lost[c->side][c->idx] = 0;
		x->dead_round = -1;
		if (bs_battle_events_on(b)) {
			char msg[160];
			snprintf(msg, sizeof msg,
				 "his race regenerates: he rises and can move "
				 "and fight, %d hit point%s (of %d)",
				 c->hp, c->hp == 1 ? "" : "s", c->hp_max);
			bs1e_note_indiv(b, k, msg, "[13.8] RULING R-727");
		}
	}
}

void bs1e_regenerate(struct bs_battle *b)
{
	if (b->sc->level != BS_LEVEL_ADVANCED || b->result.over)
		return;
	wounds(b);
	indivs(b);
	/* RULING R-721: each enemy figure holds two dead at most this phase
	 * (units' figures in regen_hold[], individuals in ihold) */
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int g = 0; g < b->nunits; g++)
		memset(s->ux[g].regen_hold, 0, sizeof s->ux[g].regen_hold);
	unsigned char ihold[BS1E_MAX_INDIVS];
	memset(ihold, 0, sizeof ihold);
	/* after the Wound markers: a figure risen now keeps its marker for
	 * two Game Rounds without combat */
	rise(b, ihold);
	indivs_rise(b, ihold);
}
