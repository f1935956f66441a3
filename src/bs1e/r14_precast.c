/* [14.1] Spells pre-cast before the battle (issue 16), the Advanced Game:
 * "Spells can be pre-cast before the battle begins ... Each player must
 * calculate for each spell-caster the number of rounds it takes to
 * pre-cast, and deduct that time from all pre-cast spells." Before round
 * 1 each individual's `precast:` spells (the loader checked them, RULING
 * R-707 .. R-709) are cast in the order written through the play of magic
 * (r14_cast.c: the caster's own checks, his memory spent; no range, sight
 * or touch, RULING R-707), each effect's duration less the caster's whole
 * time of pre-casting (RULING R-708); a spell whose duration that time
 * uses up has ended before the battle: it is spent and never appears. */
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "bs1e/engine.h"

/* RULING R-708: the Game Rounds of sp's effect at caster level `level`
 * as the play of magic counts them (r14_effects.c, r14_bonus.c), -1 for
 * a duration that is not timed (invisibility's "until he attacks"): no
 * time is deducted from it. The loader keeps out durations with dice. */
static int full_rounds(const struct bs_spell *sp, int level)
{
	if (sp->dur_kind != BS_DUR_TIMED)
		return -1;
	return bs1e_fx_rounds(bs_level_qty_at(&sp->dur, level), sp->dur_unit);
}

/* The CAST event `step` `precast` (n[0] 8) of plan p, the j-th (from 0)
 * of the caster's n pre-cast spells: see docs/EVENTS.md. */
static void emit_precast(struct bs_battle *b, const struct bs1e_cast_plan *p,
			 const struct bs_precast *pc, int total, int full,
			 int j, int n)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_cast_event(b, &ev, p, 8, p->tg, p->tk);
	ev.n[1] = pc->rounds;
	ev.n[2] = total;
	ev.n[3] = full;
	ev.n[4] = full >= 0 ? full - total : -1;
	ev.n[5] = full >= 0 && full - total <= 0;
	ev.n[6] = j + 1;
	ev.n[7] = n;
	ev.n[8] = p->level;
	ev.cite = "[14.1] RULING R-707, R-708";
	bs_battle_emit(b, &ev);
}

/* Individual i of `side`: his pre-cast spells in order. */
static void precast_one(struct bs_battle *b, int side, int i)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	const struct bs_individual *ind = &b->sc->sides[side].individuals[i];
	int k = b->indiv_first[side] + i;
	/* [14.1] "the number of rounds it takes to pre-cast": his casting
	 * times in all, deducted from every one of his spells (RULING
	 * the text's total, not each spell's later ones) */
	int total = 0;
	for (int j = 0; j < ind->nprecast; j++)
		total += ind->precast[j].rounds;
	for (int j = 0; j < ind->nprecast && !b->result.over; j++) {
		const struct bs_precast *pc = &ind->precast[j];
		struct bs_cast_order o;
		memset(&o, 0, sizeof o);
		o.indiv = i;
		o.spell = pc->spell;
		o.tside = side;
		o.tunit = pc->tunit;
		o.tindiv = pc->tunit >= 0 ? -1 : pc->tindiv;
		o.aim = pc->aim;
		o.x = pc->x;
		o.y = pc->y;
		struct bs1e_cast_plan p;
		s->precasting = 1;
		int legal = bs1e_check_cast(b, side, &o, &p);
		s->precasting = 0;
		if (!legal) {
			bs1e_cast_reject(b, side, i, p.why, p.cite,
					 "a spell pre-cast before the battle "
					 "(RULING R-707)");
			continue;
		}
		int full = full_rounds(pc->spell, p.level);
		emit_precast(b, &p, pc, total, full, j, ind->nprecast);
		if (full >= 0 && full - total <= 0) {
			/* RULING R-708: its duration is over before the
			 * battle: spent, it never appears */
			bs_spell_memory_spend(&s->ix[k].mem, pc->spell);
			continue;
		}
		int nfx = s->nfx, nbon = s->nbon;
		s->precasting = 1;
		s->precast_deduct = full >= 0 ? total : 0;
		bs1e_cast_run(b, &p, "pre-cast before the battle [14.1]");
		s->precast_deduct = 0;
		s->precasting = 0;
		/* its Game Rounds are the battle's from round 1 (the count
		 * of an effect's `lasted`) */
		for (int e = nfx; e < s->nfx; e++)
			s->fx[e].round = 1;
		for (int e = nbon; e < s->nbon; e++)
			s->bon[e].round = 1;
		bs1e_check_over(b, 0);
	}
}

void bs1e_precast(struct bs_battle *b)
{
	/* [14.0] magic is the Advanced Game's (the level pass warns and
	 * the loader keeps none at the other levels) */
	if (b->sc->level != BS_LEVEL_ADVANCED)
		return;
	for (int side = 0; side < b->nsides; side++)
		for (int i = 0; i < b->sc->sides[side].nindividuals; i++)
			if (b->sc->sides[side].individuals[i].nprecast > 0)
				precast_one(b, side, i);
}
