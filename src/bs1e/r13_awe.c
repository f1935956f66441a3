/* Awe and fear [13.6] (issue 16), the Advanced Game ("AD&D Game Only"): a
 * unit whose creatures cause awe or fear (the catalog's flags
 * `causes_fear`, `dragon`) makes every enemy unit within 12" of it check
 * morale at once, "in addition to any other Morale Checks", -1 for a
 * dragon or a creature of 12+ HD, +1 for an illusion (flag `illusion`);
 * once per such unit and enemy unit, when the enemy first stands within
 * 12" of it at the end of a phase (RULING ); an individual
 * whose race does so too, from where he stands (RULING R-604). The divine
 * awe of a god or demigod (`divine:`) of Charisma 19+: every creature of
 * both sides in his sight stunned into inaction while he is present, no
 * save (RULING R-556). */
#include <stdio.h>
#include <string.h>

#include "battlesim/sight.h"
#include "battlesim/terrain.h"
#include "bs1e/engine.h"

#define AWE_RANGE 12.0 /* [13.6] "within 12\" of it" */

/* The awe flags of unit def's creatures (every part of a mixed unit). */
static unsigned awe_flags(const struct bs_unit *def, int *hd12)
{
	unsigned f = 0;
	*hd12 = 0;
	const struct bs_creature *c[1 + BS_UNIT_MAX_MIX];
	int n = 0;
	if (def->creature)
		c[n++] = def->creature;
	for (int i = 0; i < def->nmix; i++)
		if (def->mix[i].creature)
			c[n++] = def->mix[i].creature;
	for (int i = 0; i < n; i++) {
		unsigned cf = c[i]->flags;
		if (cf & (BS_CF_CAUSES_FEAR | BS_CF_DRAGON)) {
			f |= cf & (BS_CF_CAUSES_FEAR | BS_CF_DRAGON |
				   BS_CF_ILLUSION);
			if (c[i]->hd.tenths >= 120)
				*hd12 = 1;
		}
	}
	return f;
}

/* The [13.6] modifier and its label (RULING R-588: an illusion's +1
 * alone; -1 for a dragon or 12+ HD). */
static int awe_mod(unsigned f, int hd12, const char **label)
{
	if (f & BS_CF_ILLUSION) {
		*label = "an illusion of a creature that causes awe or fear";
		return 1;
	}
	if (f & BS_CF_DRAGON) {
		*label = "caused by a dragon";
		return -1;
	}
	if (hd12) {
		*label = "caused by a creature of 12+ HD";
		return -1;
	}
	*label = NULL;
	return 0;
}

/* The check of unit h for awe caused at `from` with the flags f. */
static void awe_check(struct bs_battle *b, int h, struct bs_vec from,
		      unsigned f, int hd12)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	const char *label;
	int mod = awe_mod(f, hd12, &label);
	s->morale_extra = mod;
	s->morale_extra_label = label;
	s->morale_extra_cite = "[13.6]";
	bs1e_morale_check(b, h, 1u << BS1E_T5_OTHER_RULE, 0, from,
			  "[13.6] RULING R-587");
	s->morale_extra = 0;
}

/* RULING R-604 [13.6] "If a creature capable of causing awe and/or fear
 * is on the battlefield, all units ... within 12\" of it": an individual
 * whose race causes awe or fear (a dragon hero, a demon commander), alive
 * and on the table, alone (from his counter) or with his unit (from its
 * block, where he stands, R-112); once per individual and enemy unit. */
static void indiv_awe(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	size_t nu = (size_t)(b->nunits ? b->nunits : 1);
	unsigned char *done = s->awe_done + nu * nu;
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_indiv_state *c = &b->indivs[k];
		const struct bs_creature *r = c->def->race;
		if (!r || !c->alive || c->lost ||
		    !(r->flags & (BS_CF_CAUSES_FEAR | BS_CF_DRAGON)))
			continue;
		unsigned f = r->flags & (BS_CF_CAUSES_FEAR | BS_CF_DRAGON |
					 BS_CF_ILLUSION);
		int hd12 = r->hd.tenths >= 120;
		int gw =
		    c->with_unit >= 0 ? bs1e_g(b, c->side, c->with_unit) : -1;
		if (gw >= 0 && !bs1e_in_play(b, gw))
			continue;
		struct bs_quad qk =
		    gw >= 0 ? bs1e_quad(b, gw) : bs1e_indiv_quad(b, k);
		struct bs_vec from = gw >= 0 ? bs1e_centre(b, gw) : c->pos;
		for (int h = 0; h < b->nunits; h++) {
			size_t i = (size_t)k * nu + (size_t)h;
			if (b->units[h].side == c->side || done[i] ||
			    !bs1e_in_play(b, h) || bs1e_routed(b, h))
				continue;
			struct bs_quad qh = bs1e_quad(b, h);
			if (bs_quad_dist(&qk, &qh) > AWE_RANGE + 1e-9)
				continue;
			done[i] = 1;
			char msg[2 * BS_NAME_MAX + 96];
			snprintf(msg, sizeof msg,
				 "within 12\" of %s (%s), who causes awe or "
				 "fear: an immediate Morale Check",
				 c->def->name, r->name);
			bs1e_note(b, h, msg, "[13.6] RULING R-587, R-604");
			awe_check(b, h, from, f, hd12);
			if (b->result.over)
				return;
		}
	}
}

void bs1e_awe_checks(struct bs_battle *b)
{
	if (b->sc->level != BS_LEVEL_ADVANCED || b->result.over)
		return;
	bs1e_divine_awe(b); /* RULING R-556: as each phase ends */
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int g = 0; g < b->nunits; g++) {
		if (!bs1e_in_play(b, g))
			continue;
		int hd12;
		unsigned f = awe_flags(b->units[g].def, &hd12);
		if (!f)
			continue;
		for (int h = 0; h < b->nunits; h++) {
			size_t k = (size_t)g * (size_t)b->nunits + (size_t)h;
			if (b->units[h].side == b->units[g].side ||
			    s->awe_done[k] || !bs1e_in_play(b, h) ||
			    bs1e_routed(b, h))
				continue;
			struct bs_quad qg = bs1e_quad(b, g),
				       qh = bs1e_quad(b, h);
			if (bs_quad_dist(&qg, &qh) > AWE_RANGE + 1e-9)
				continue;
			/* RULING R-587: once per unit that causes it and unit
			 * affected, as the second comes within 12" */
			s->awe_done[k] = 1;
			bs1e_note_vs(b, h, g,
				     "within 12\" of a creature that causes "
				     "awe or fear: an immediate Morale Check",
				     "[13.6] RULING R-587");
			awe_check(b, h, bs1e_centre(b, g), f, hd12);
			if (b->result.over)
				return;
		}
	}
	if (bs1e_indivs_in_play(b))
		indiv_awe(b);
}

/* ---- [13.6] a god's awe (RULING R-556) ------------------------------------
 */

int bs1e_unit_awed(const struct bs_battle *b, int g)
{
	return bs1e_sc(b)->ux[g].awed;
}

int bs1e_indiv_awed(const struct bs_battle *b, int k)
{
	return bs1e_sc(b)->ix[k].awed;
}

void bs1e_divine_reset(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int g = 0; g < b->nunits; g++)
		s->ux[g].awed = 0;
	for (int k = 0; k < b->nindivs; k++)
		s->ix[k].awed = 0;
}

/* [13.6] "If a divine being (gods and demigods only) with a charisma of
 * 19 or higher appears on the battlefield": individual k, alive and on
 * the table (alone, or with his unit in play). */
static int god_present(const struct bs_battle *b, int k)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	if (c->def->divine == BS_DIVINE_NONE || c->def->ability[BS_CHA] < 19 ||
	    !c->alive || c->lost)
		return 0;
	if (c->with_unit >= 0)
		return bs1e_in_play(b, bs1e_g(b, c->side, c->with_unit));
	return bs1e_indiv_figure(b, k);
}

/* RULING R-556 "within sight": the line from the god's place to the
 * centre of unit tg (or to individual t's place) crosses no other unit's
 * block (his own unit's and the target's aside, as R-582), no building,
 * no more woods than [11.9]'s 1" of sight, and no hill higher than both
 * its ends (R-495). */
static int in_sight(const struct bs_battle *b, int k, struct bs_vec z, int tg)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	struct bs_vec a = bs1e_indiv_pos(b, c->side, c->idx);
	int own = c->with_unit >= 0 ? bs1e_g(b, c->side, c->with_unit) : -1;
	for (int h = 0; h < b->nunits; h++) {
		if (h == own || h == tg || !bs1e_in_play(b, h))
			continue;
		struct bs_quad q = bs1e_quad(b, h);
		if (bs_tt_seg_crosses(a, z, &q, BS_TT_GRAZE))
			return 0;
	}
	const struct bs_terrain_index *ti = b->terrain;
	if (!ti)
		return 1;
	if (bs_terrain_sight_blocked(ti, a, z, 0, 0) ||
	    bs_terrain_length_in(ti, a, z, BS_T14_WOODS, 0, 0) >
		BS_TERRAIN_WOODS_SIGHT + 1e-9)
		return 0;
	double len = bs_vec_dist(a, z);
	int peak = bs_terrain_peak(ti, a, z, 1e-6, len - 1e-6);
	int la = bs_terrain_level_at(ti, a), lz = bs_terrain_level_at(ti, z);
	return !(peak > la && peak > lz);
}

/* 1 + the first god present (in the battle's order) who sees place z
 * (unit tg, -1 an individual; `self` an individual left out), 0 none. */
static int awed_by(const struct bs_battle *b, struct bs_vec z, int tg, int self)
{
	for (int k = 0; k < b->nindivs; k++)
		if (k != self && god_present(b, k) && in_sight(b, k, z, tg))
			return k + 1;
	return 0;
}

/* The NOTE of a change: stunned by god k1 - 1, or freed (k1 0). */
static void awe_note(struct bs_battle *b, int g, int t, int k1)
{
	if (!bs_battle_events_on(b))
		return;
	char msg[2 * BS_NAME_MAX + 200];
	if (k1) {
		const struct bs_individual *d = b->indivs[k1 - 1].def;
		snprintf(msg, sizeof msg,
			 "stunned into inaction by the awe of %s (a %s of "
			 "Charisma %d) in sight: no saving throw; held while "
			 "he is present (RULING R-556)",
			 d->name, bs_divine_name[d->divine],
			 d->ability[BS_CHA]);
	} else {
		snprintf(msg, sizeof msg,
			 "no divine being's awe in sight any longer: it acts "
			 "again (RULING R-556)");
	}
	if (g >= 0)
		bs1e_note(b, g, msg, "[13.6] RULING R-556");
	else
		bs1e_note_indiv(b, t, msg, "[13.6] RULING R-556");
}

void bs1e_divine_awe(struct bs_battle *b)
{
	if (b->sc->level != BS_LEVEL_ADVANCED)
		return;
	struct bs1e_scratch *s = bs1e_sc(b);
	int gods = 0, was = 0;
	for (int k = 0; k < b->nindivs; k++)
		gods += b->indivs[k].def->divine != BS_DIVINE_NONE;
	if (!gods)
		return; /* no divine being: nothing was ever stunned */
	for (int g = 0; g < b->nunits; g++) {
		was = s->ux[g].awed;
		int now = bs1e_in_play(b, g)
			      ? awed_by(b, bs1e_centre(b, g), g, -1)
			      : 0;
		if ((now == 0) != (was == 0))
			awe_note(b, g, -1, now);
		s->ux[g].awed = now;
	}
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_indiv_state *c = &b->indivs[k];
		was = s->ix[k].awed;
		/* RULING R-556: a divine being is not stunned by another's
		 * awe; an individual off the table is in no one's sight */
		int now = 0;
		if (c->def->divine == BS_DIVINE_NONE && c->alive && !c->lost &&
		    (c->with_unit >= 0
			 ? bs1e_in_play(b, bs1e_g(b, c->side, c->with_unit))
			 : bs1e_indiv_figure(b, k)))
			now = awed_by(b, bs1e_indiv_pos(b, c->side, c->idx),
				      c->with_unit >= 0
					  ? bs1e_g(b, c->side, c->with_unit)
					  : -1,
				      k);
		if ((now == 0) != (was == 0))
			awe_note(b, -1, k, now);
		s->ix[k].awed = now;
	}
}
