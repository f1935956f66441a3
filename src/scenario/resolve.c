/* Cross references inside a side (unit commanders, deputies, members,
 * brigades) and the command rules they must obey. Sections: [4.10] command
 * hierarchy, [9.1] members of units, [9.2] commanders, [9.3] deputy
 * commanders. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "scenario/loader.h"

/* The individual named by node on side si: its index, or -1 after an
 * error (unknown, with "did you mean", or on another side). */
int ld_find_indiv(struct ld *ld, int si, const yaml_node_t *n, const char *key)
{
	const struct bs_scenario *s = ld->s;
	const char *t = ld_text(ld, n, key, "an individual's name");
	if (!t)
		return -1;
	const struct bs_side *side = &s->sides[si];
	for (int i = 0; i < side->nindividuals; i++)
		if (strcasecmp(side->individuals[i].name, t) == 0)
			return i;
	for (int k = 0; k < s->nsides; k++)
		for (int i = 0; k != si && i < s->sides[k].nindividuals; i++)
			if (strcasecmp(s->sides[k].individuals[i].name, t) ==
			    0) {
				ld_err(ld, n,
				       "%s: '%s' is an individual of side "
				       "'%s', not of side '%s'",
				       key, s->sides[k].individuals[i].name,
				       s->sides[k].name, side->name);
				return -1;
			}
	const char *names[BS_MAX_INDIVIDUALS];
	for (int i = 0; i < side->nindividuals; i++)
		names[i] = side->individuals[i].name[0]
			       ? side->individuals[i].name
			       : NULL;
	const char *sg = strlen(t) < 64
			     ? bs_suggest(t, names, (size_t)side->nindividuals)
			     : NULL;
	char buf[64];
	ld_err(ld, n, "%s: unknown individual %s on side '%s'%s%s%s", key,
	       ld_kind(n, buf, sizeof buf), side->name,
	       sg ? " (did you mean '" : "", sg ? sg : "", sg ? "'?)" : "");
	return -1;
}

int ld_find_unit(struct ld *ld, int si, const yaml_node_t *n, const char *key)
{
	const struct bs_scenario *s = ld->s;
	const char *t = ld_text(ld, n, key, "a unit's name");
	if (!t)
		return -1;
	const struct bs_side *side = &s->sides[si];
	for (int i = 0; i < side->nunits; i++)
		if (strcasecmp(side->units[i].name, t) == 0)
			return i;
	for (int k = 0; k < s->nsides; k++)
		for (int i = 0; k != si && i < s->sides[k].nunits; i++)
			if (strcasecmp(s->sides[k].units[i].name, t) == 0) {
				ld_err(ld, n,
				       "%s: '%s' is a unit of side '%s', not "
				       "of side '%s'",
				       key, s->sides[k].units[i].name,
				       s->sides[k].name, side->name);
				return -1;
			}
	const char *names[BS_MAX_UNITS];
	for (int i = 0; i < side->nunits; i++)
		names[i] = side->units[i].name[0] ? side->units[i].name : NULL;
	const char *sg =
	    strlen(t) < 64 ? bs_suggest(t, names, (size_t)side->nunits) : NULL;
	char buf[64];
	ld_err(ld, n, "%s: unknown unit %s on side '%s'%s%s%s", key,
	       ld_kind(n, buf, sizeof buf), side->name,
	       sg ? " (did you mean '" : "", sg ? sg : "", sg ? "'?)" : "");
	return -1;
}

/* Unit commanders, deputy unit commanders and members [4.10] [9.1] [9.3]. */
static void resolve_units(struct ld *ld, int si, struct ld_side_aux *a)
{
	struct bs_side *side = &ld->s->sides[si];
	struct bs_individual *ind = side->individuals;
	for (int u = 0; u < side->nunits; u++) {
		struct bs_unit *unit = &side->units[u];
		struct ld_unit_aux *ua = &a->units[u];
		if (ua->commander) {
			int c =
			    ld_find_indiv(ld, si, ua->commander, "commander");
			if (c >= 0 && ind[c].leads >= 0)
				ld_err(ld, ua->commander,
				       "commander: '%s' already commands unit "
				       "'%s'; an individual commands at most "
				       "one unit [4.10]",
				       ind[c].name,
				       side->units[ind[c].leads].name);
			else if (c >= 0) {
				ind[c].leads = u;
				unit->commander = c;
			}
		}
		if (ua->deputy) {
			int d = ld_find_indiv(ld, si, ua->deputy, "deputy");
			if (d >= 0 && d == unit->commander)
				ld_err(ld, ua->deputy,
				       "deputy: '%s' commands unit '%s' and "
				       "cannot be his own deputy [9.3]",
				       ind[d].name, unit->name);
			else if (d >= 0 && a->indivs[d].deputy_unit >= 0)
				ld_err(
				    ld, ua->deputy,
				    "deputy: '%s' is already deputy of unit "
				    "'%s'; a character can be Deputy "
				    "Commander for one commander only "
				    "[9.3]",
				    ind[d].name,
				    side->units[a->indivs[d].deputy_unit].name);
			else if (d >= 0) {
				unit->deputy = d;
				a->indivs[d].deputy_unit = u;
			}
		}
		int nm = ld_list(ld, ua->members, "members",
				 BS_UNIT_MAX_MEMBERS, "members");
		for (int i = 0; i < nm; i++) {
			yaml_node_t *mn = ld_item(ld, ua->members, i);
			int m = ld_find_indiv(ld, si, mn, "members");
			if (m < 0)
				continue;
			if (m == unit->commander) {
				ld_err(ld, mn,
				       "members: '%s' is the commander of "
				       "unit '%s', not a member [9.1] [9.2]",
				       ind[m].name, unit->name);
			} else if (a->indivs[m].member_of == u) {
				ld_err(ld, mn, "members: '%s' is listed twice",
				       ind[m].name);
			} else if (a->indivs[m].member_of >= 0) {
				ld_err(
				    ld, mn,
				    "members: '%s' is already a member of "
				    "unit '%s' [9.1]",
				    ind[m].name,
				    side->units[a->indivs[m].member_of].name);
			} else {
				a->indivs[m].member_of = u;
				unit->members[unit->nmembers++] = m;
			}
		}
	}
	/* a commander is with his unit, not a member of another [9.1] */
	for (int i = 0; i < side->nindividuals; i++) {
		int mo = a->indivs[i].member_of;
		if (ind[i].leads >= 0 && mo >= 0)
			ld_err(ld, a->units[mo].members,
			       "members: '%s' commands unit '%s' and cannot "
			       "be a member of unit '%s' [9.1] [9.2]",
			       ind[i].name, side->units[ind[i].leads].name,
			       side->units[mo].name);
	}
}

/* Deputies [9.3]: one commander per deputy, one deputy per commander.
 * RULING R-031 [9.3] a unit's `deputy:` is the deputy of its commander;
 * `deputy_of:` naming a unit commander makes him that unit's deputy; both
 * forms count toward "only one Deputy appointed to him". */
static void resolve_deputies(struct ld *ld, int si, struct ld_side_aux *a)
{
	struct bs_side *side = &ld->s->sides[si];
	struct bs_individual *ind = side->individuals;
	int n = side->nindividuals;
	int deputy[BS_MAX_INDIVIDUALS];
	for (int i = 0; i < n; i++)
		deputy[i] = -1;
	for (int i = 0; i < n; i++) {
		struct ld_indiv_aux *ia = &a->indivs[i];
		const yaml_node_t *where = ia->deputy_of;
		int du = ia->deputy_unit;
		int uc = du >= 0 ? side->units[du].commander : -1;
		if (ia->deputy_of) {
			int c =
			    ld_find_indiv(ld, si, ia->deputy_of, "deputy_of");
			if (c < 0)
				continue;
			if (c == i) {
				ld_err(ld, ia->deputy_of,
				       "deputy_of: '%s' cannot be his own "
				       "deputy [9.3]",
				       ind[i].name);
				continue;
			}
			if (du >= 0 && c != uc) {
				ld_err(ld, ia->deputy_of,
				       "deputy_of: '%s' is already deputy of "
				       "unit '%s'; a character can be Deputy "
				       "Commander for one commander only "
				       "[9.3]",
				       ind[i].name, side->units[du].name);
				continue;
			}
			ind[i].deputy_of = c;
			if (du >= 0 && side->units[du].deputy < 0)
				side->units[du].deputy = i;
		} else if (du >= 0) {
			ind[i].deputy_of = uc;
			where = a->units[du].deputy;
		}
		/* a deputy_of naming a unit commander makes him the unit's
		 * deputy too */
		int c = ind[i].deputy_of;
		if (c < 0)
			continue;
		int led = ind[c].leads;
		if (du < 0 && led >= 0 && ind[c].rank <= BS_RANK_UNIT) {
			if (side->units[led].deputy < 0) {
				side->units[led].deputy = i;
				ia->deputy_unit = led;
			}
		}
		if (deputy[c] >= 0 && deputy[c] != i) {
			ld_err(ld, where,
			       "'%s' already has a deputy, '%s'; each "
			       "commander can have only one deputy [9.3]",
			       ind[c].name, ind[deputy[c]].name);
			ind[i].deputy_of = -1;
			continue;
		}
		deputy[c] = i;
	}
}

/* Ranks and roles [4.10] [9.0]-[9.2]: defaults and consistency.
 * RULING R-024 [4.10] [9.2] an individual a unit names as commander has
 * rank unit unless a higher rank is given; a `brigade:` list makes a
 * brigade commander; the role defaults to member (listed in a unit's
 * members), commander (any rank) or hero. */
static void resolve_ranks(struct ld *ld, int si, struct ld_side_aux *a)
{
	struct bs_side *side = &ld->s->sides[si];
	struct bs_individual *ind = side->individuals;
	int army = -1;
	for (int i = 0; i < side->nindividuals; i++) {
		struct ld_indiv_aux *ia = &a->indivs[i];
		if (!ia->rank) {
			if (ia->brigade)
				ind[i].rank = BS_RANK_BRIGADE;
			else if (ind[i].leads >= 0)
				ind[i].rank = BS_RANK_UNIT;
		} else if (ind[i].leads >= 0 && ind[i].rank == BS_RANK_NONE) {
			ld_err(ld, ia->rank,
			       "rank: '%s' commands unit '%s', so his rank is "
			       "unit or higher [4.10]",
			       ind[i].name, side->units[ind[i].leads].name);
		}
		if (!ia->role) {
			ind[i].role = ia->member_of >= 0 ? BS_ROLE_MEMBER
				      : ind[i].rank != BS_RANK_NONE
					  ? BS_ROLE_COMMANDER
					  : BS_ROLE_HERO;
		} else if (ind[i].role == BS_ROLE_MEMBER && ia->member_of < 0) {
			ld_err(ld, ia->role,
			       "role: '%s' is a member, but no unit lists him "
			       "in members [9.1]",
			       ind[i].name);
		} else if (ind[i].role != BS_ROLE_MEMBER &&
			   ia->member_of >= 0) {
			ld_err(ld, ia->role,
			       "role: '%s' is listed in the members of unit "
			       "'%s', so his role is member [9.1]",
			       ind[i].name, side->units[ia->member_of].name);
		} else if (ind[i].role == BS_ROLE_COMMANDER &&
			   ind[i].rank == BS_RANK_NONE) {
			ld_err(ld, ia->role,
			       "role: a commander needs a rank (unit, brigade "
			       "or army) [9.2]");
		}
		if (ind[i].rank == BS_RANK_ARMY) {
			if (army >= 0)
				ld_err(ld, ia->rank ? ia->rank : ia->node,
				       "rank: side '%s' already has an army "
				       "commander, '%s'; each side may have "
				       "no more than one [4.10]",
				       side->name, ind[army].name);
			else
				army = i;
		}
	}
}

/* Brigades [4.10]: 4-8 units each, two or more brigades, only with more
 * than seven units on the side. RULING R-023 [4.10] units outside every
 * brigade are allowed (the army commander commands them directly). */
static void resolve_brigades(struct ld *ld, int si, struct ld_side_aux *a)
{
	struct bs_side *side = &ld->s->sides[si];
	struct bs_individual *ind = side->individuals;
	int owner[BS_MAX_UNITS];
	for (int u = 0; u < BS_MAX_UNITS; u++)
		owner[u] = -1;
	int nbrig = 0, first = -1;
	for (int i = 0; i < side->nindividuals; i++) {
		struct ld_indiv_aux *ia = &a->indivs[i];
		if (ind[i].rank == BS_RANK_BRIGADE) {
			nbrig++;
			if (first < 0)
				first = i;
		}
		if (!ia->brigade) {
			if (ind[i].rank == BS_RANK_BRIGADE)
				ld_err(ld, ia->rank ? ia->rank : ia->node,
				       "rank: brigade commander '%s' needs "
				       "brigade: [4 to 8 unit names] [4.10]",
				       ind[i].name);
			continue;
		}
		if (ind[i].rank != BS_RANK_BRIGADE) {
			ld_err(ld, ia->brigade,
			       "brigade: only a brigade commander (rank: "
			       "brigade) has a brigade [4.10]");
			continue;
		}
		int len =
		    ld_list(ld, ia->brigade, "brigade", BS_MAX_UNITS, "units");
		int count = 0;
		for (int k = 0; k < len; k++) {
			yaml_node_t *un = ld_item(ld, ia->brigade, k);
			int u = ld_find_unit(ld, si, un, "brigade");
			if (u < 0)
				continue;
			if (owner[u] == i) {
				ld_err(ld, un,
				       "brigade: unit '%s' is listed "
				       "twice",
				       side->units[u].name);
				continue;
			}
			if (owner[u] >= 0) {
				ld_err(ld, un,
				       "brigade: unit '%s' is already in the "
				       "brigade of '%s' [4.10]",
				       side->units[u].name, ind[owner[u]].name);
				continue;
			}
			owner[u] = i;
			if (ind[i].nbrigade < 8)
				ind[i].brigade[ind[i].nbrigade++] = u;
			count++;
		}
		if (len >= 0 && (count < 4 || count > 8))
			ld_err(ld, ia->brigade,
			       "brigade: %d units; a brigade commander "
			       "commands 4-8 units [4.10]",
			       count);
	}
	if (nbrig == 0)
		return;
	const yaml_node_t *at = a->indivs[first].rank ? a->indivs[first].rank
						      : a->indivs[first].node;
	if (side->nunits <= 7)
		ld_err(ld, at,
		       "rank: brigade commanders are used only in battles "
		       "with more than seven units on a side (side '%s' has "
		       "%d) [4.10]",
		       side->name, side->nunits);
	else if (nbrig < 2)
		ld_err(ld, at,
		       "rank: side '%s' has one brigade; there must be two or "
		       "more brigades of 4-8 units to have brigade "
		       "commanders [4.10]",
		       side->name);
}

/* [9.3] RULING R-030: a deputy ranks below his commander (a unit commander
 * may be deputy brigade or army commander, a brigade commander deputy
 * army commander); a deputy unit commander is a hero or a member. */
static void check_deputy_ranks(struct ld *ld, int si, struct ld_side_aux *a)
{
	struct bs_side *side = &ld->s->sides[si];
	struct bs_individual *ind = side->individuals;
	for (int i = 0; i < side->nindividuals; i++) {
		struct ld_indiv_aux *ia = &a->indivs[i];
		int c = ind[i].deputy_of;
		if (ia->deputy_unit >= 0 && !ia->deputy_of &&
		    ind[i].rank != BS_RANK_NONE) {
			ld_err(ld, a->units[ia->deputy_unit].deputy,
			       "deputy: '%s' has rank %s; a Deputy Unit "
			       "Commander is a hero or a member of a unit "
			       "[9.3]",
			       ind[i].name, bs_rank_name[ind[i].rank]);
			continue;
		}
		if (c < 0 || !ia->deputy_of)
			continue;
		if (ind[c].rank == BS_RANK_NONE)
			ld_err(ld, ia->deputy_of,
			       "deputy_of: '%s' is not a commander (rank "
			       "none) [9.3]",
			       ind[c].name);
		else if (ind[i].rank >= ind[c].rank)
			ld_err(ld, ia->deputy_of,
			       "deputy_of: '%s' (rank %s) cannot be deputy of "
			       "'%s' (rank %s): a deputy ranks below his "
			       "commander [9.3]",
			       ind[i].name, bs_rank_name[ind[i].rank],
			       ind[c].name, bs_rank_name[ind[c].rank]);
	}
}

/* Where an individual without `position:` stands (RULING R-033 [3.4]):
 * with his unit, with his brigade, or at the middle of his side's units;
 * `placed` tells the two apart. */
static void place_individuals(struct ld *ld, int si, struct ld_side_aux *a)
{
	struct bs_scenario *s = ld->s;
	struct bs_side *side = &s->sides[si];
	double cx = 0, cy = 0;
	for (int u = 0; u < side->nunits; u++) {
		cx += side->units[u].x;
		cy += side->units[u].y;
	}
	if (side->nunits > 0) {
		cx /= side->nunits;
		cy /= side->nunits;
	} else {
		static const double ex[BS_EDGE__COUNT] = {0.5, 0.5, 0, 1};
		static const double ey[BS_EDGE__COUNT] = {0, 1, 0.5, 0.5};
		cx = s->width * ex[side->edge];
		cy = s->depth * ey[side->edge];
	}
	for (int i = 0; i < side->nindividuals; i++) {
		struct bs_individual *ind = &side->individuals[i];
		if (ind->placed)
			continue;
		int u = ind->leads >= 0		      ? ind->leads
			: a->indivs[i].member_of >= 0 ? a->indivs[i].member_of
			: a->indivs[i].deputy_unit >= 0
			    ? a->indivs[i].deputy_unit
			    : -1;
		if (u < 0 && ind->nbrigade > 0)
			u = ind->brigade[0];
		if (u >= 0) {
			ind->x = side->units[u].x;
			ind->y = side->units[u].y;
		} else {
			ind->x = cx;
			ind->y = cy;
		}
	}
}

/* [9.3] optional rule: the side's Chain of Command chart, `chain_of_command:
 * [{post: COMMANDER, successors: [NAME ...]}]`: who moves into a lost
 * commander's position, in order. Each post a commander of the side named
 * once; each successor an individual of the side, not the post himself,
 * named once in his line. */
static void resolve_chain(struct ld *ld, int si, struct ld_side_aux *a)
{
	static const char *const keys[] = {"post", "successors"};
	struct bs_side *side = &ld->s->sides[si];
	int len = ld_list(ld, a->chain, "chain_of_command", BS_MAX_INDIVIDUALS,
			  "lines");
	if (len <= 0)
		return;
	struct bs_chain *c = ld_alloc(ld, (size_t)len * sizeof *c);
	if (!c)
		return;
	int n = 0;
	for (int i = 0; i < len; i++) {
		yaml_node_t *e = ld_item(ld, a->chain, i), *v[2];
		if (ld_collect(ld, e, "chain_of_command line", keys, 2, v) != 0)
			continue;
		if (ld_require(ld, e, "chain_of_command line", "post", v[0]) ||
		    ld_require(ld, e, "chain_of_command line", "successors",
			       v[1]))
			continue;
		struct bs_chain *l = &c[n];
		memset(l, 0, sizeof *l);
		l->line = (int)e->start_mark.line + 1;
		l->col = (int)e->start_mark.column + 1;
		l->post = ld_find_indiv(ld, si, v[0], "post");
		if (l->post < 0)
			continue;
		int bad = 0;
		if (side->individuals[l->post].rank == BS_RANK_NONE) {
			ld_err(ld, v[0],
			       "post: '%s' is no commander (a Unit, Brigade or "
			       "Army Commander has a post) [9.3]",
			       side->individuals[l->post].name);
			bad = 1;
		}
		for (int j = 0; j < n; j++)
			if (c[j].post == l->post) {
				ld_err(ld, v[0],
				       "post: '%s' already has a line (line "
				       "%d) [9.3]",
				       side->individuals[l->post].name,
				       c[j].line);
				bad = 1;
			}
		int ns =
		    ld_list(ld, v[1], "successors", BS_CHAIN_MAX, "successors");
		for (int j = 0; j < ns; j++) {
			yaml_node_t *sn = ld_item(ld, v[1], j);
			int x = ld_find_indiv(ld, si, sn, "successors");
			if (x < 0) {
				bad = 1;
				continue;
			}
			int dup = x == l->post;
			for (int q = 0; q < l->n; q++)
				dup |= l->next[q] == x;
			if (dup) {
				ld_err(ld, sn,
				       "successors: '%s' is the post or named "
				       "twice in its line [9.3]",
				       side->individuals[x].name);
				bad = 1;
				continue;
			}
			l->next[l->n++] = x;
		}
		if (!bad && ns > 0)
			n++;
	}
	side->chain = c;
	side->nchain = n;
}

void ld_resolve(struct ld *ld, struct ld_side_aux *aux)
{
	for (int si = 0; si < ld->s->nsides; si++) {
		if (!aux[si].units || !aux[si].indivs)
			continue;
		resolve_units(ld, si, &aux[si]);
		resolve_ranks(ld, si, &aux[si]);
		resolve_deputies(ld, si, &aux[si]);
		resolve_brigades(ld, si, &aux[si]);
		check_deputy_ranks(ld, si, &aux[si]);
		place_individuals(ld, si, &aux[si]);
		resolve_chain(ld, si, &aux[si]);
	}
}
