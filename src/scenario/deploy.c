/* The deployment checks (battlesim/deploy.h), the second step of loading a
 * scenario: a battle is made of it (bs_battle_new deploys every block as
 * play will) and each
 * block is tested on the tabletop: [2.1] the table's edge, [7.8] no two
 * blocks overlapping, [11.8] (2E RULING R-220) the ground, [3.4] "more
 * than two full moves away from their nearest opponent" (RULINGS R-136,
 * R-314 .. R-318). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "battlesim/battle.h"
#include "battlesim/terrain.h"
#include "battlesim/deploy.h"
#include "battlesim/ground.h"
#include "battlesim/tabletop.h"
#include "battlesim/warn.h"

/* The line and column of a unit's `position:` (its mapping when not
 * known). */
static void unit_at(const struct bs_unit *u, int *line, int *col)
{
	*line = u->pos_line > 0 ? u->pos_line : u->line;
	*col = u->pos_line > 0 ? u->pos_col : u->col;
}

static const char *terrain_name(const struct bs_terrain *t)
{
	return t->name[0] ? t->name : "terrain";
}

static const char *terrain_key(const struct bs_terrain *t)
{
	return bs_terrain_kind_of(t->type)->key;
}

/* [2.1] the block on the table: every corner within [0, w] x [0, d]. */
static void check_edge(const struct bs_scenario *s, const struct bs_unit *u,
		       const struct bs_quad *q, struct bs_diags *d)
{
	if (!bs_tt_off_table(q, s->width, s->depth))
		return;
	double x0 = DBL_MAX, x1 = -DBL_MAX, y0 = DBL_MAX, y1 = -DBL_MAX;
	for (int i = 0; i < 4; i++) {
		x0 = fmin(x0, q->p[i].x);
		x1 = fmax(x1, q->p[i].x);
		y0 = fmin(y0, q->p[i].y);
		y1 = fmax(y1, q->p[i].y);
	}
	int line, col;
	unit_at(u, &line, &col);
	bs_diags_add(d, s->file, line, col,
		     "position: the block of unit '%s' (x %.2f to %.2f, y %.2f "
		     "to %.2f inches) reaches past the table's edge (x 0 to "
		     "%g, y 0 to %g) [2.1] (RULING R-314)",
		     u->name, x0, x1, y0, y1, s->width, s->depth);
}

/* The ground rules of unit g as deployed. */
static struct bs_tt_mover mover_of(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	struct bs_tt_mover m = {
	    .rules = b->sc->rules,
	    .formation = u->formation,
	    .aquatic = bs_tt_unit_aquatic(u->def),
	    .cavalry = u->def->bs2e && u->def->bs2e->kind == BS2E_KIND_CAVALRY,
	};
	return m;
}

/* RULING R-309: the 1E Basic Game has no terrain rules; at the other
 * levels and in 2E the ground is checked. */
static int ground_in_force(const struct bs_scenario *s)
{
	return s->rules == BS_RULES_BS2E ||
	       (s->rules == BS_RULES_BS1E && s->level != BS_LEVEL_BASIC);
}

static void check_ground(const struct bs_battle *b, int g,
			 const struct bs_quad *q, struct bs_diags *d)
{
	const struct bs_scenario *s = b->sc;
	struct bs_tt_mover m = mover_of(b, g);
	const char *why = NULL, *cite = NULL;
	int t = bs_tt_ground_barred(s, q, &m, &why, &cite);
	if (t < 0)
		return;
	const struct bs_unit *u = b->units[g].def;
	int line, col;
	unit_at(u, &line, &col);
	char form[48] = "";
	if (s->rules == BS_RULES_BS1E)
		snprintf(form, sizeof form, " (%s formation)",
			 bs_formation_name[b->units[g].formation]);
	bs_diags_add(d, s->file, line, col,
		     "position: unit '%s'%s is deployed in %s '%s': %s %s",
		     u->name, form, terrain_key(&s->terrain[t]),
		     terrain_name(&s->terrain[t]), why, cite);
}

/* [7.8] blocks never overlap (RULING R-314: deeper than the tabletop's fit
 * tolerance; touching is allowed, R-136). */
static void check_overlap(const struct bs_battle *b, int g, int h,
			  const struct bs_quad *qg, const struct bs_quad *qh,
			  struct bs_diags *d)
{
	if (!bs_quad_depth_exceeds(qg, qh, BS_TT_FIT_TOL))
		return;
	const struct bs_unit *u = b->units[h].def, *v = b->units[g].def;
	int line, col;
	unit_at(u, &line, &col);
	bs_diags_add(d, b->sc->file, line, col,
		     "position: the block of unit '%s' overlaps the block of "
		     "unit '%s' (line %d) by %.2f inches: blocks may touch, "
		     "never overlap [7.8] (RULING R-314)",
		     u->name, v->name, v->line, bs_quad_depth(qg, qh));
}

/* [3.4] "All forces should start more than two full moves away from their
 * nearest opponent": RULING R-136 the faster unit's MV; R-315 each 1E unit
 * with its nearest opponent that is too near, a warning. */
/* [14.6 A] RULING R-462: a detachment slot not in use is not on the
 * table: no placement of it is checked. */
static int slot(const struct bs_battle *b, int g)
{
	return (b->units[g].flags & BS_UF_RESERVED) != 0;
}

static void check_placement(struct bs_battle *b, int g,
			    const struct bs_quad *quads)
{
	const struct bs_unit_state *u = &b->units[g];
	int near = -1;
	double best = DBL_MAX, need_best = 0;
	for (int h = 0; h < b->nunits; h++) {
		if (b->units[h].side == u->side || slot(b, h))
			continue;
		double mv = fmax(u->r.mv, b->units[h].r.mv);
		double dist = bs_quad_dist(&quads[g], &quads[h]);
		if (dist <= 2 * mv && dist < best) {
			best = dist;
			near = h;
			need_best = 2 * mv;
		}
	}
	if (near < 0)
		return;
	int line, col;
	unit_at(u->def, &line, &col);
	struct bs_scenario *s = (struct bs_scenario *)b->sc;
	bs_warn_add(&s->warnings, BS_W_PLACEMENT, s->file, line, col,
		    "position: unit '%s' starts %.1f\" from enemy unit '%s', "
		    "not more than two full moves (2 x %g\" = %g\")",
		    u->def->name, best, b->units[near].def->name, need_best / 2,
		    need_best);
}

/* The independent figures of a 1E battle: not inside an enemy block, not
 * on water. */
static void check_individuals(const struct bs_battle *b,
			      const struct bs_quad *quads, struct bs_diags *d)
{
	const struct bs_scenario *s = b->sc;
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_indiv_state *c = &b->indivs[k];
		const struct bs_individual *ind = c->def;
		if (c->with_unit >= 0)
			continue;
		int line = ind->pos_line > 0 ? ind->pos_line : ind->line;
		int col = ind->pos_line > 0 ? ind->pos_col : ind->col;
		for (int h = 0; h < b->nunits; h++) {
			if (b->units[h].side == c->side || slot(b, h) ||
			    !bs_quad_contains(&quads[h], c->pos,
					      -BS_GEOM_TOUCH))
				continue;
			bs_diags_add(d, s->file, line, col,
				     "position: individual '%s' stands inside "
				     "the block of enemy unit '%s' [7.8] "
				     "(RULING R-314)",
				     ind->name, b->units[h].def->name);
			break;
		}
		if (!ground_in_force(s))
			continue;
		struct bs_tt_mover m = {
		    .rules = s->rules,
		    .formation = BS_FORM_OPEN,
		    .aquatic =
			!ind->race || (ind->race->flags & BS_CF_AQUATIC) != 0,
		};
		const char *why = NULL, *cite = NULL;
		int t = bs_tt_point_barred(s, c->pos, &m, &why, &cite);
		if (t >= 0)
			bs_diags_add(d, s->file, line, col,
				     "position: individual '%s' stands in %s "
				     "'%s': %s %s",
				     ind->name, terrain_key(&s->terrain[t]),
				     terrain_name(&s->terrain[t]), why, cite);
	}
}

enum bs_status bs_deploy_check(struct bs_scenario *s, struct bs_diags *d)
{
	/* RULING R-318: a brigade outside the matrix or out of its half is
	 * a load error already; a stack is the text's [M1.4] */
	if (s->rules == BS_RULES_MATRIX || s->deploy_checked)
		return BS_OK;
	s->deploy_checked = 1;
	struct bs_battle *b = NULL;
	enum bs_status st = bs_battle_new(s, &b, d);
	if (st != BS_OK)
		return st;
	size_t first = d->count;
	struct bs_quad *quads =
	    calloc((size_t)(b->nunits ? b->nunits : 1), sizeof *quads);
	if (!quads) {
		bs_battle_free(b);
		bs_diags_add(d, s->file, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		quads[g] = bs_tt_unit_quad(b, u->side, u->idx);
	}
	for (int g = 0; g < b->nunits; g++) {
		if (slot(b, g))
			continue;
		check_edge(s, b->units[g].def, &quads[g], d);
		for (int h = g + 1; h < b->nunits; h++)
			if (!slot(b, h))
				check_overlap(b, g, h, &quads[g], &quads[h], d);
		if (ground_in_force(s))
			check_ground(b, g, &quads[g], d);
	}
	if (s->rules == BS_RULES_BS1E) {
		check_individuals(b, quads, d);
		size_t w = s->warnings.count;
		for (int g = 0; g < b->nunits; g++)
			if (!slot(b, g))
				check_placement(b, g, quads);
		if (s->warnings.count > w)
			bs_diags_sort(&s->warnings, 0, s->warnings.count);
	}
	free(quads);
	bs_battle_free(b);
	bs_diags_sort(d, first, d->count);
	if (s->warnings.oom || d->oom)
		return BS_ERR_RUNTIME;
	return d->count > first ? BS_ERR_INPUT : BS_OK;
}
