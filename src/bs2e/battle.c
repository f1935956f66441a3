/* A 2E battle (rules: bs2e): bs2e_battle_new (the only allocation: units
 * and the 2E scratch, sized from the scenario), the ruleset's init (each
 * unit's rated numbers from its 2E roster line [2E Scale], bases RULING
 * R-227), reset (deployment as the scenario places it, everything back
 * to good order), release; and the helpers the 2E files share: events,
 * unit geometry on the shared tabletop, obstacles, removal. */
#include <stdlib.h>
#include <string.h>

#include "bs2e/engine2e.h"

/* ---- events ----------------------------------------------------------------
 */

void bs2e_ev(const struct bs_battle *b, struct bs_event *ev, enum bs_ev type,
	     int g, int tg)
{
	bs_event_init(ev, type, b->round, b->phase);
	bs_battle_ev_units(b, ev, g, tg);
}

void bs2e_note(struct bs_battle *b, int g, const char *what, const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs2e_ev(b, &ev, BS_EV_NOTE, g, -1);
	ev.what = what;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

void bs2e_reject(struct bs_battle *b, int g, const char *why, const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs2e_ev(b, &ev, BS_EV_REJECTED, g, -1);
	ev.what = why;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
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
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs2e_ev(b, &ev, BS_EV_REMOVED, g, -1);
		ev.what = why;
		ev.cite = cite;
		bs_battle_emit(b, &ev);
	}
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

static enum bs_status bs2e_init(struct bs_battle *b, struct bs_diags *d)
{
	(void)d;
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
	if (s) {
		free(s->ux);
		free(s->dice);
		free(s->per_die);
		free(s->queue);
		free(s->qtrig);
		free(s);
	}
	/* bs_battle_free then sees no 1E scratch */
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

/* ---- bs2e_battle_new
 * -----------------------------------------------------------
 */

enum bs_status bs2e_battle_new(const struct bs_scenario *sc,
			       struct bs_battle **out, struct bs_diags *d)
{
	*out = NULL;
	int nunits = 0;
	for (int sd = 0; sd < sc->nsides; sd++) {
		nunits += sc->sides[sd].nunits;
		for (int i = 0; i < sc->sides[sd].nunits; i++) {
			const struct bs_unit *u = &sc->sides[sd].units[i];
			if (!u->bs2e) {
				bs_diags_add(d, sc->file, u->line, u->col,
					     "unit '%s': no 2E statistics",
					     u->name);
				return BS_ERR_INPUT;
			}
			if (u->figures > BS2E_ENGINE_MAX_FIGS) {
				bs_diags_add(
				    d, sc->file, u->line, u->col,
				    "unit '%s': %d figures; the engine "
				    "plays units of at most %d",
				    u->name, u->figures, BS2E_ENGINE_MAX_FIGS);
				return BS_ERR_INPUT;
			}
		}
	}
	if (nunits > BS2E_MAX_UNITS) {
		bs_diags_add(d, sc->file, 0, 0, "too many units (%d > %d)",
			     nunits, BS2E_MAX_UNITS);
		return BS_ERR_INPUT;
	}
	size_t nu = (size_t)(nunits ? nunits : 1);
	struct bs_battle *b = calloc(1, sizeof *b);
	struct bs2e_scratch *s = calloc(1, sizeof *s);
	if (!b || !s) {
		free(b);
		free(s);
		bs_diags_add(d, sc->file, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	b->scratch = s;
	b->sc = sc;
	b->rules = &bs2e_ruleset;
	b->nsides = sc->nsides;
	b->nunits = nunits;
	b->nindivs = 0;
	b->units = calloc(nu, sizeof *b->units);
	b->indivs = calloc(1, sizeof *b->indivs);
	s->ux = calloc(nu, sizeof *s->ux);
	s->dice = calloc(BS2E_MAX_DICE, sizeof *s->dice);
	s->per_die = calloc(BS2E_MAX_DICE, sizeof *s->per_die);
	/* each unit is queued at most once per trigger and step */
	s->queue = calloc(nu * BS2E_TRIG__COUNT, sizeof *s->queue);
	s->qtrig = calloc(nu * BS2E_TRIG__COUNT, 1);
	if (!b->units || !b->indivs || !s->ux || !s->dice || !s->per_die ||
	    !s->queue || !s->qtrig) {
		bs_battle_free(b);
		bs_diags_add(d, sc->file, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	int g = 0;
	for (int sd = 0; sd < sc->nsides; sd++) {
		b->side_first[sd] = g;
		b->indiv_first[sd] = 0;
		for (int i = 0; i < sc->sides[sd].nunits; i++, g++) {
			b->units[g].def = &sc->sides[sd].units[i];
			b->units[g].side = sd;
			b->units[g].idx = i;
		}
	}
	b->max_rounds =
	    sc->max_rounds > 0 ? sc->max_rounds : BS_DEFAULT_MAX_ROUNDS;
	enum bs_status st = b->rules->init(b, d);
	if (st != BS_OK) {
		bs_battle_free(b);
		return st;
	}
	bs_battle_reset(b, 0, 0);
	*out = b;
	return BS_OK;
}
