/* [14.1] Spells pre-cast before the battle (issue 16): the `precast:` keys
 * of the top level and of a side (the limits, RULING R-709) and of an
 * individual (the spells, in order; RULING ), checked at load
 * with a located error for each: the spell memorized with a cast left, a
 * spell on his own side, its target, its casting time, the limits. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "battlesim/spell.h"
#include "battlesim/warn.h"
#include "scenario/loader.h"

enum { PL_LIMIT, PL_ROUNDS, PL__N };
static const char *const limit_keys[PL__N] = {
    [PL_LIMIT] = "limit",
    [PL_ROUNDS] = "rounds",
};

enum { PE_SPELL, PE_TARGET, PE_AT, PE__N };
static const char *const entry_keys[PE__N] = {
    [PE_SPELL] = "spell",
    [PE_TARGET] = "target",
    [PE_AT] = "at",
};

/* The most spells one individual pre-casts (a list's length). */
#define MAX_PRECAST LD_MAX_LIST

/* `precast: {limit: N, rounds: R}` into *l (the fields given replace
 * those of *l). */
static void parse_limits(struct ld *ld, const yaml_node_t *n,
			 struct bs_precast_limits *l)
{
	yaml_node_t *v[PL__N];
	if (ld_collect(ld, n, "precast", limit_keys, PL__N, v) != 0)
		return;
	if (!v[PL_LIMIT] && !v[PL_ROUNDS])
		ld_err(ld, n,
		       "precast: give `limit:` (the most spells a side "
		       "pre-casts), `rounds:` (the Game Rounds before the "
		       "battle pre-casting may begin) or both [14.1]");
	if (v[PL_LIMIT] &&
	    ld_int(ld, v[PL_LIMIT], "limit", 0, 1000, &l->limit) == 0)
		ld_mark(v[PL_LIMIT], &l->limit_line, &l->limit_col);
	if (v[PL_ROUNDS] &&
	    ld_int(ld, v[PL_ROUNDS], "rounds", 0, 100000, &l->rounds) == 0)
		ld_mark(v[PL_ROUNDS], &l->rounds_line, &l->rounds_col);
}

/* The memorized entry of `name` of individual ind, or NULL. */
static const struct bs_memorized *memorized(const struct bs_individual *ind,
					    const char *name)
{
	for (int i = 0; i < ind->nspells; i++)
		if (bs_name_eq(ind->spells[i].spell->name, name))
			return &ind->spells[i];
	return NULL;
}

/* The unit (*tu) or individual (*ti) of side si named by node n; 0, or
 * -1 after an error (another side's, or unknown with "did you mean"). */
static int friend_named(struct ld *ld, int si, const yaml_node_t *n, int *tu,
			int *ti)
{
	const struct bs_scenario *s = ld->s;
	const struct bs_side *side = &s->sides[si];
	const char *t = ld_text(ld, n, "target", "a name");
	if (!t)
		return -1;
	for (int i = 0; i < side->nunits; i++)
		if (strcasecmp(side->units[i].name, t) == 0) {
			*tu = i;
			return 0;
		}
	for (int i = 0; i < side->nindividuals; i++)
		if (strcasecmp(side->individuals[i].name, t) == 0) {
			*ti = i;
			return 0;
		}
	for (int k = 0; k < s->nsides; k++) {
		if (k == si)
			continue;
		int hit = 0;
		for (int i = 0; i < s->sides[k].nunits; i++)
			hit |= strcasecmp(s->sides[k].units[i].name, t) == 0;
		for (int i = 0; i < s->sides[k].nindividuals; i++)
			hit |=
			    strcasecmp(s->sides[k].individuals[i].name, t) == 0;
		if (hit) {
			ld_err(ld, n,
			       "target: '%s' is of side '%s': a spell is "
			       "pre-cast on his own side, before the battle "
			       "no enemy is in sight [14.1] (RULING R-707)",
			       t, s->sides[k].name);
			return -1;
		}
	}
	const char *names[BS_MAX_UNITS + BS_MAX_INDIVIDUALS];
	size_t nn = 0;
	for (int i = 0; i < side->nunits; i++)
		names[nn++] =
		    side->units[i].name[0] ? side->units[i].name : NULL;
	for (int i = 0; i < side->nindividuals; i++)
		names[nn++] = side->individuals[i].name[0]
				  ? side->individuals[i].name
				  : NULL;
	char sg[160], buf[64];
	ld_err(ld, n, "target: unknown unit or individual %s of side '%s'%s",
	       ld_kind(n, buf, sizeof buf), side->name,
	       ld_suggest(ld, t, names, nn, NULL, sg, sizeof sg));
	return -1;
}

/* RULING R-707: 0 when record sp may be pre-cast (a spell on his own
 * side), else -1 after an error at n. *who: 0 a unit or an individual,
 * 1 a unit only, 2 an individual only (himself or a friend). */
static int castable(struct ld *ld, const yaml_node_t *n,
		    const struct bs_spell *sp, int *who)
{
	if (bs_spell_bonus_played(sp)) {
		/* [14.7] a bonus on friends: its `friends:` figures */
		if (!sp->friends.given) {
			ld_err(ld, n,
			       "precast: '%s' does nothing to friends (a "
			       "penalty on enemies): a spell is pre-cast on "
			       "his own side, before the battle no enemy is in "
			       "sight [14.1] [14.7] (RULING R-707)",
			       sp->name);
			return -1;
		}
		*who = 0;
		return 0;
	}
	if (bs_spell_effect_played(sp) &&
	    (sp->effect == BS_SPFX_INVISIBLE ||
	     sp->effect == BS_SPFX_SEE_INVISIBLE)) {
		/* [14.8] RULING R-341: invisibility 10' radius and mass
		 * invisibility at a unit of his side; the
		 * others on himself or a friend standing alone */
		*who =
		    sp->effect == BS_SPFX_INVISIBLE && sp->area != BS_AREA_NONE
			? 1
			: 2;
		return 0;
	}
	ld_err(ld, n,
	       "precast: '%s' is not pre-cast: %s; only the spells on his "
	       "own side (the bonuses of [14.7] with `friends:`, "
	       "invisibility, detect invisibility and true seeing [14.8]) "
	       "are, before the battle no enemy is in sight [14.1] (RULING "
	       "R-707)",
	       sp->name,
	       !bs_spell_played(sp) ? "it is not played yet"
	       : sp->category == BS_SPCAT_ARTILLERY
		   ? "a spell of [14.5] strikes the enemy"
	       : sp->category == BS_SPCAT_CHARM_HOLD
		   ? "a charm or hold of [14.6] is cast at an enemy in sight"
	       : sp->category == BS_SPCAT_AWE_FEAR
		   ? "a fear of [14.9] is cast at an enemy in sight"
		   : "it is cast at the enemy");
	return -1;
}

/* One entry of individual `ii` of side si's `precast:` into *pc; 0, or
 * -1 after an error. */
static int parse_entry(struct ld *ld, int si, int ii, const yaml_node_t *n,
		       struct bs_precast *pc)
{
	const struct bs_scenario *s = ld->s;
	const struct bs_individual *ind = &s->sides[si].individuals[ii];
	yaml_node_t *v[PE__N] = {0};
	const yaml_node_t *sn = n;
	memset(pc, 0, sizeof *pc);
	pc->tunit = -1;
	pc->tindiv = ii;
	ld_mark(n, &pc->line, &pc->col);
	/* an entry: the spell's name (on himself), or {spell, target} */
	if (n->type == YAML_MAPPING_NODE) {
		if (ld_collect(ld, n, "precast entry", entry_keys, PE__N, v) !=
			0 ||
		    ld_require(ld, n, "precast entry", "spell", v[PE_SPELL]) !=
			0)
			return -1;
		sn = v[PE_SPELL];
	}
	const char *name = ld_text(ld, sn, "spell", "a spell's name");
	if (!name)
		return -1;
	const struct bs_memorized *m = memorized(ind, name);
	if (!m) {
		const struct bs_spell *rec = bs_scenario_spell(s, name, -1);
		const char *names[LD_MAX_LIST];
		size_t nn = 0;
		for (int i = 0; i < ind->nspells && nn < LD_MAX_LIST; i++)
			names[nn++] = ind->spells[i].spell->name;
		char sg[160];
		if (rec && bs_spell_is_item(rec))
			ld_err(ld, sn,
			       "spell: '%s' is a wand, staff or rod: only the "
			       "spells of his memory are pre-cast [14.1] "
			       "(RULING R-707)",
			       name);
		else
			ld_err(ld, sn,
			       "spell: '%s' has not memorized %s'%s' (his "
			       "`spells:`, or the default choice, RULING "
			       "R-562) [14.1]%s",
			       ind->name, rec ? "" : "the unknown spell ", name,
			       ld_suggest(ld, name, names, nn, NULL, sg,
					  sizeof sg));
		return -1;
	}
	const struct bs_spell *sp = m->spell;
	pc->spell = sp;
	if (sp->level > bs_magic_spell_limit(s)) {
		ld_err(ld, sn,
		       "spell: '%s' (%d level) is above the power level of "
		       "magic (at most level %d): it is never cast [16.3 A]",
		       sp->name, sp->level, bs_magic_spell_limit(s));
		return -1;
	}
	int who = 0;
	if (castable(ld, sn, sp, &who) != 0)
		return -1;
	/* RULING R-708: its casting time, deducted; its duration, from which
	 * the time is deducted, in Game Rounds */
	pc->rounds = bs_spell_cast_rounds(sp);
	if (pc->rounds <= 0) {
		ld_err(ld, sn,
		       "spell: the casting time of '%s' is not known "
		       "(special, or not given): the time of pre-casting "
		       "cannot be deducted [14.1] (RULING R-708)",
		       sp->name);
		return -1;
	}
	if (sp->dur_kind == BS_DUR_TIMED && sp->dur_dice.count > 0) {
		ld_err(ld, sn,
		       "spell: the duration of '%s' is rolled: a spell whose "
		       "duration has dice is not pre-cast (not played yet, "
		       "RULING R-708)",
		       sp->name);
		return -1;
	}
	/* RULING R-573: `at:` the point of its area, as a `cast:` entry's */
	if (v[PE_AT]) {
		if (sp->area == BS_AREA_NONE || who == 2 ||
		    sp->range_kind == BS_RANGE_SELF) {
			ld_err(ld, v[PE_AT],
			       "at: '%s' has no area placed at a point (it "
			       "acts on its target, or about the caster)",
			       sp->name);
			return -1;
		}
		if (ld_position(ld, v[PE_AT], "at", &pc->x, &pc->y) != 0)
			return -1;
		pc->aim = 1;
	}
	if (!v[PE_TARGET]) {
		if (who == 1) {
			ld_err(ld, n,
			       "precast entry: '%s' is cast at a unit of his "
			       "side: give `target:` (RULING R-341)",
			       sp->name);
			return -1;
		}
		return 0;
	}
	int tu = -1, ti = -1;
	if (friend_named(ld, si, v[PE_TARGET], &tu, &ti) != 0)
		return -1;
	if (who == 1 && tu < 0) {
		ld_err(ld, v[PE_TARGET],
		       "target: '%s' is cast at a unit of his side, not at "
		       "an individual (RULING R-341)",
		       sp->name);
		return -1;
	}
	/* RULING R-735: resist fire and resist cold on individuals only */
	if (who == 0 && tu >= 0 && sp->friends.resist) {
		ld_err(ld, v[PE_TARGET],
		       "target: '%s' is played on an individual standing "
		       "alone, not on a unit (RULING R-735)",
		       sp->name);
		return -1;
	}
	if (who == 2 && tu >= 0) {
		ld_err(ld, v[PE_TARGET],
		       "target: '%s' is cast on himself or an individual of "
		       "his side (on units it is not played, RULING R-636, "
		       "R-702)",
		       sp->name);
		return -1;
	}
	/* RULING R-702: detect invisibility (range 0) on himself only */
	if (who == 2 && ti != ii && sp->effect == BS_SPFX_SEE_INVISIBLE &&
	    sp->range_kind != BS_RANGE_TOUCH) {
		ld_err(ld, v[PE_TARGET],
		       "target: '%s' has range 0: he casts it on himself "
		       "(RULING R-702)",
		       sp->name);
		return -1;
	}
	pc->tunit = tu;
	pc->tindiv = tu >= 0 ? -1 : ti;
	return 0;
}

/* Individual ii of side si: his `precast:` list (node n). *count: the
 * side's spells pre-cast so far (RULING R-709). */
static void parse_list(struct ld *ld, int si, int ii, const yaml_node_t *n,
		       int *count)
{
	struct bs_side *side = &ld->s->sides[si];
	struct bs_individual *ind = &side->individuals[ii];
	const struct bs_precast_limits *l = &side->precast;
	int len = ld_list(ld, n, "precast", MAX_PRECAST, "pre-cast spells");
	if (len <= 0)
		return;
	struct bs_precast *pc = ld_alloc(ld, (size_t)len * sizeof *pc);
	if (!pc)
		return;
	int total = 0, bad = 0;
	for (int i = 0; i < len; i++) {
		yaml_node_t *e = ld_item(ld, n, i);
		struct bs_precast *p = &pc[ind->nprecast];
		if (parse_entry(ld, si, ii, e, p) != 0) {
			bad = 1;
			continue;
		}
		/* [14.1] the AD&D rule: one cast spends one memorized */
		int same = 1;
		for (int j = 0; j < ind->nprecast; j++)
			same += pc[j].spell == p->spell;
		const struct bs_memorized *m = memorized(ind, p->spell->name);
		if (same > m->count) {
			ld_err(ld, e,
			       "precast: '%s' pre-casts '%s' %d times but has "
			       "it memorized %d time%s: no cast of it is left "
			       "[14.1]",
			       ind->name, p->spell->name, same, m->count,
			       m->count == 1 ? "" : "s");
			bad = 1;
			continue;
		}
		/* RULING R-709: "no more than 5 spells per side" */
		if (l->limit >= 0 && *count + 1 > l->limit) {
			ld_err(ld, e,
			       "precast: side '%s' pre-casts more than %d "
			       "spell%s (its limit, `precast: limit:` at line "
			       "%d) [14.1] (RULING R-709)",
			       side->name, l->limit, l->limit == 1 ? "" : "s",
			       l->limit_line);
			bad = 1;
			continue;
		}
		/* RULING R-709: "beginning only 10 Game Rounds before the
		 * start of the battle": his casting times in all */
		if (l->rounds >= 0 && total + p->rounds > l->rounds) {
			ld_err(ld, e,
			       "precast: '%s' of '%s' takes %d Game Round%s "
			       "to cast, %d in all with those before it: "
			       "pre-casting begins at most %d Game Round%s "
			       "before the battle (`precast: rounds:` at line "
			       "%d) [14.1] (RULING R-708, R-709)",
			       p->spell->name, ind->name, p->rounds,
			       p->rounds == 1 ? "" : "s", total + p->rounds,
			       l->rounds, l->rounds == 1 ? "" : "s",
			       l->rounds_line);
			bad = 1;
			continue;
		}
		total += p->rounds;
		(*count)++;
		ind->nprecast++;
	}
	ind->precast = bad ? NULL : pc;
	if (bad)
		ind->nprecast = 0;
}

void ld_precast(struct ld *ld, struct ld_side_aux *aux, const yaml_node_t *top)
{
	struct bs_scenario *s = ld->s;
	struct bs_precast_limits all = {-1, -1, 0, 0, 0, 0};
	if (top)
		parse_limits(ld, top, &all);
	int any = top != NULL;
	for (int si = 0; si < s->nsides; si++) {
		struct bs_side *side = &s->sides[si];
		side->precast = all;
		if (aux[si].precast) {
			parse_limits(ld, aux[si].precast, &side->precast);
			any = 1;
		}
		for (int i = 0; aux[si].indivs && i < side->nindividuals; i++)
			any |= aux[si].indivs[i].precast != NULL;
	}
	if (!any)
		return;
	const yaml_node_t *first = top;
	for (int si = 0; si < s->nsides && !first; si++) {
		first = aux[si].precast;
		for (int i = 0;
		     !first && aux[si].indivs && i < s->sides[si].nindividuals;
		     i++)
			first = aux[si].indivs[i].precast;
	}
	/* [14.0] magic is the Advanced Game's (1E) */
	if (s->rules != BS_RULES_BS1E) {
		ld_err(ld, first,
		       "precast: spells are pre-cast in the 1E rules' Advanced "
		       "Game only [14.1]");
		return;
	}
	for (int si = 0; si < s->nsides; si++) {
		int count = 0;
		for (int i = 0; aux[si].indivs && i < s->sides[si].nindividuals;
		     i++)
			if (aux[si].indivs[i].precast)
				parse_list(ld, si, i, aux[si].indivs[i].precast,
					   &count);
	}
	/* checked, but not in force below the Advanced Game: none kept */
	if (s->level != BS_LEVEL_ADVANCED) {
		int line, col;
		ld_mark(first, &line, &col);
		bs_warn_add(&s->warnings, BS_W_MAGIC_LEVEL, ld->file, line, col,
			    "precast: no spell is pre-cast");
		for (int si = 0; si < s->nsides; si++)
			for (int i = 0; i < s->sides[si].nindividuals; i++) {
				s->sides[si].individuals[i].precast = NULL;
				s->sides[si].individuals[i].nprecast = 0;
			}
	}
}
