/* Awe and fear [13.6] (issue 16), the Advanced Game ("AD&D Game Only"): a
 * unit whose creatures cause awe or fear (the catalog's flags
 * `causes_fear`, `dragon`) makes every enemy unit within 12" of it check
 * morale at once, "in addition to any other Morale Checks", -1 for a
 * dragon or a creature of 12+ HD, +1 for an illusion (flag `illusion`);
 * once per such unit and enemy unit, when the enemy first stands within
 * 12" of it at the end of a phase (RULING ); an individual
 * whose race does so too, from where he stands (RULING R-604). The divine
 * awe of a god of Charisma 19+ is not played (the scenario format cannot
 * say who is a god: docs/COVERAGE.md). */
#include <stdio.h>
#include <string.h>

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
