/* The 2E ruleset's part of a battle (rules: bs2e; the battle engine,
 * src/battle/, calls it through bs2e_ruleset): init (the engine's limits,
 * the 2E scratch sized from the scenario and allocated once, each unit's
 * rated numbers from its 2E roster line [2E Scale], bases RULING R-227),
 * reset (deployment as the scenario places it, everything back to good
 * order), release; and the helpers the 2E files share: events, unit
 * geometry on the shared tabletop, obstacles, removal. */
#include <stdlib.h>
#include <string.h>

#include "bs2e/engine2e.h"

/* ---- events ----------------------------------------------------------------
 */

void bs2e_ev(const struct bs_battle *b, struct bs_event *ev, enum bs_ev type,
	     int g, int tg)
{
	bs_battle_event(b, ev, type);
	bs_battle_ev_units(b, ev, g, tg);
}

void bs2e_note(struct bs_battle *b, int g, const char *what, const char *cite)
{
	bs_battle_say(b, BS_EV_NOTE, g, what, cite);
}

void bs2e_reject(struct bs_battle *b, int g, const char *why, const char *cite)
{
	bs_battle_say(b, BS_EV_REJECTED, g, why, cite);
}

/* ---- geometry
 * ----------------------------------------------------------------
 */

void bs2e_shape(const struct bs_battle *b, int g, struct bs_tt_shape *s)
{
	bs_tt_unit_shape(b, b->units[g].side, b->units[g].idx, s);
}

void bs2e_pose(const struct bs_battle *b, int g, struct bs_tt_pose *p)
{
	p->front = b->units[g].front;
	p->facing = b->units[g].facing;
}

struct bs_quad bs2e_quad(const struct bs_battle *b, int g)
{
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	bs2e_shape(b, g, &s);
	bs2e_pose(b, g, &p);
	return bs_tt_quad(&s, &p);
}

int bs2e_contact(const struct bs_battle *b, int g, int h,
		 struct bs_tt_contact *c)
{
	if (!bs2e_in_play(b, g) || !bs2e_in_play(b, h))
		return 0;
	struct bs_tt_shape sa, sb;
	struct bs_tt_pose pa, pb;
	bs2e_shape(b, g, &sa);
	bs2e_pose(b, g, &pa);
	bs2e_shape(b, h, &sb);
	bs2e_pose(b, h, &pb);
	return bs_tt_contact(&sa, &pa, &sb, &pb, c);
}

int bs2e_engaged(const struct bs_battle *b, int g)
{
	for (int h = 0; h < b->nunits; h++)
		if (b->units[h].side != b->units[g].side &&
		    bs2e_contact(b, g, h, NULL))
			return 1;
	return 0;
}

int bs2e_obstacles(const struct bs_battle *b, int g, int walls,
		   struct bs_quad *obst, int *map)
{
	int n = 0;
	for (int h = 0; h < b->nunits; h++) {
		if (h == g || !bs2e_in_play(b, h))
			continue;
		obst[n] = bs2e_quad(b, h);
		if (map)
			map[n] = h;
		n++;
	}
	if (walls) {
		/* RULING R-214: a unit that is not routed stops at the table
		 * edge: four blocks lie just outside it */
		bs_tt_table_walls(b->sc->width, b->sc->depth, obst + n);
		for (int i = 0; map && i < 4; i++)
			map[n + i] = -1;
		n += 4;
	}
	return n;
}

void bs2e_remove(struct bs_battle *b, int g, enum bs_unit_end end,
		 const char *why, const char *cite)
{
	struct bs_unit_state *u = &b->units[g];
	if (u->flags & BS_UF_REMOVED)
		return;
	u->flags |= BS_UF_REMOVED;
	if (end == BS_END_DESTROYED)
		u->flags |= BS_UF_DESTROYED;
	u->end = end;
	u->end_round = b->round;
	bs_battle_say(b, BS_EV_REMOVED, g, why, cite);
}

/* ---- queries
 * -----------------------------------------------------------------
 */

enum bs2e_order bs2e_unit_order(const struct bs_battle *b, int g)
{
	unsigned f = b->units[g].flags;
	if (f & BS_UF_ROUTED)
		return BS2E_ROUTED;
	if (f & BS_UF_SHAKEN)
		return BS2E_SHAKEN;
	return BS2E_GOOD;
}

int bs2e_unit_individual(const struct bs_battle *b, int g)
{
	const struct bs2e_unit_stats *st = b->units[g].def->bs2e;
	return st &&
	       (st->kind == BS2E_KIND_HERO || st->kind == BS2E_KIND_COMMANDER);
}

/* ---- the ruleset's set-up
 * ------------------------------------------------------
 */

/* RULING R-227 [2E Scale] "designed for use with 25mm figures": bases of
 * 3/4" frontage; infantry and individuals 3/4" deep, cavalry 1 1/2". */
static void bases(enum bs2e_kind k, double *w, double *d)
{
	*w = 0.75;
	*d = k == BS2E_KIND_CAVALRY ? 1.5 : 0.75;
}

/* Every unit has its 2E statistics (the loader gives them). */
static enum bs_status check_stats(const struct bs_battle *b, struct bs_diags *d)
{
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit *u = b->units[g].def;
		if (!u->bs2e) {
			bs_diags_add(d, b->sc->file, u->line, u->col,
				     "unit '%s': no 2E statistics", u->name);
			return BS_ERR_INPUT;
		}
	}
	return BS_OK;
}

/* The 2E scratch (b->scratch, also when only partly allocated:
 * bs2e_release frees it). Returns 0, -1 out of memory. */
static int alloc_scratch(struct bs_battle *b)
{
	size_t nu = (size_t)(b->nunits ? b->nunits : 1);
	struct bs2e_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	b->scratch = s;
	s->ux = calloc(nu, sizeof *s->ux);
	s->dice = calloc(BS2E_MAX_DICE, sizeof *s->dice);
	s->per_die = calloc(BS2E_MAX_DICE, sizeof *s->per_die);
	/* each unit is queued at most once per trigger and step */
	s->queue = calloc(nu * BS2E_TRIG__COUNT, sizeof *s->queue);
	s->qtrig = calloc(nu * BS2E_TRIG__COUNT, 1);
	if (!s->ux || !s->dice || !s->per_die || !s->queue || !s->qtrig)
		return -1;
	return 0;
}

static enum bs_status bs2e_init(struct bs_battle *b, struct bs_diags *d)
{
	enum bs_status st = check_stats(b, d);
	if (st == BS_OK)
		st = bs_battle_limits(b, BS2E_ENGINE_MAX_FIGS, BS2E_MAX_UNITS,
				      d);
	if (st != BS_OK)
		return st;
	if (alloc_scratch(b) != 0) {
		bs_diags_add(d, b->sc->file, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	st = bs_tt_terrain_attach(b, d);
	if (st != BS_OK)
		return st;
	struct bs2e_scratch *s = bs2e_sc(b);
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		const struct bs2e_unit_stats *st = u->def->bs2e;
		memset(&u->r, 0, sizeof u->r);
		u->r.ratio = st->kind == BS2E_KIND_HERO ||
				     st->kind == BS2E_KIND_COMMANDER
				 ? 1
				 : 10; /* [2E Scale] "a 10:1 ratio" */
		u->r.ac = st->ar;
		u->r.mv = st->mv;
		u->r.ml = st->ml;
		u->r.size = BS_SIZE_M;
		bases(st->kind, &u->r.base_w, &u->r.base_d);
		/* [2E Morale] "Heroes and commanders do not have morale
		 * ratings" */
		u->r.never_checks_morale = st->kind == BS2E_KIND_HERO ||
					   st->kind == BS2E_KIND_COMMANDER;
		s->ux[g].st = st;
		s->ux[g].indiv = u->r.never_checks_morale;
	}
	s->armor_equal_or_higher =
	    (b->sc->options & (1u << BS_OPT_BS2E_ARMOR_EQUAL_OR_HIGHER)) != 0;
	s->rally_to_good =
	    (b->sc->options & (1u << BS_OPT_BS2E_RALLY_TO_GOOD)) != 0;
	return BS_OK;
}

static void bs2e_reset(struct bs_battle *b)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		const struct bs_unit *def = u->def;
		struct bs2e_ux *x = &s->ux[g];
		u->figures = u->original = def->figures;
		u->wounded = 0; /* [2E Hits] hits carried */
		u->front = (struct bs_vec){def->x, def->y};
		u->facing = def->facing;
		u->formation = def->formation;
		u->files = def->frontage > 0
			       ? def->frontage
			       : bs_tt_default_files(u->formation, u->figures,
						     u->r.base_w, u->r.base_d);
		if (u->files > u->figures)
			u->files = u->figures;
		/* [2E Morale] "All units begin the game in good order" */
		bs_unit_state_clear(u);
		u->commander = -1;
		u->cb = 0;
		const struct bs2e_unit_stats *st = x->st;
		int indiv = x->indiv;
		memset(x, 0, sizeof *x);
		x->st = st;
		x->indiv = indiv;
		x->charge_target = -1;
	}
	s->nqueue = 0;
}

static void bs2e_release(struct bs_battle *b)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	bs_tt_terrain_detach(b);
	if (s) {
		free(s->ux);
		free(s->dice);
		free(s->per_die);
		free(s->queue);
		free(s->qtrig);
		free(s);
	}
	b->scratch = NULL;
}

enum bs_status bs2e_ruleset_init(struct bs_battle *b, struct bs_diags *d)
{
	return bs2e_init(b, d);
}

void bs2e_ruleset_reset(struct bs_battle *b)
{
	bs2e_reset(b);
}

void bs2e_ruleset_release(struct bs_battle *b)
{
	bs2e_release(b);
}
