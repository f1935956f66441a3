/* A matrix battle: bs_matrix_battle_new (the allocation: brigades as
 * b->units, the scratch), reset to the deployment of the scenario [M1.1]
 * (no allocation), release, the ruleset struct and the event helpers. The
 * brigades are b->units so that the simulator and the summary work as for
 * 1E: figures = class number [M2.4], original = the class at the start. */
#include <stdlib.h>
#include <string.h>

#include "matrix/mx_int.h"

void mx_ev(const struct bs_battle *b, struct bs_event *ev, enum bs_ev type)
{
	bs_event_init(ev, type, b->round, b->phase);
}

void mx_note(struct bs_battle *b, int g, const char *what, const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	mx_ev(b, &ev, BS_EV_NOTE);
	bs_battle_ev_units(b, &ev, g, -1);
	ev.what = what;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

void mx_reject(struct bs_battle *b, int g, const char *why, const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	mx_ev(b, &ev, BS_EV_REJECTED);
	bs_battle_ev_units(b, &ev, g, -1);
	ev.what = why;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

void mx_phase(struct bs_battle *b, enum bs_phase p, const char *cite)
{
	b->phase = p;
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	mx_ev(b, &ev, BS_EV_PHASE);
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

static enum bs_status mx_init(struct bs_battle *b, struct bs_diags *d)
{
	(void)b;
	(void)d;
	return BS_OK;
}

/* [M1.1] every brigade at its place of the scenario, at its starting
 * class / unit numbers. */
static void mx_reset(struct bs_battle *b)
{
	struct mx_scratch *s = mx_sc(b);
	s->cols = b->sc->matrix->cols;
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		const struct bs_mx_brigade *br =
		    &b->sc->matrix->brig[u->side][u->idx];
		struct bs_mx_state *t = &s->st[g];
		memset(t, 0, sizeof *t);
		t->def = br;
		t->where = br->row < 0 ? BS_MX_RESERVE : BS_MX_FIELD;
		t->row = br->row;
		t->col = br->col;
		t->cls = br->card.cls;
		t->unit = br->card.unit;
		t->magic_left = br->fig.magic ? br->fig.magic_uses : 0;
		t->ml = br->card.ml;
		t->declared = t->engages = -1;
		s->killer[g] = -1;
		u->original = br->card.cls;
		u->figures = br->card.cls;
		u->wounded = 0;
		u->flags = 0;
		u->end = BS_END_INTACT;
		u->end_round = 0;
		u->killed_by_side = -1;
		u->commander = -1;
		u->cmd_by = -1;
	}
	mx_stack_penalties(b);
	for (int sd = 0; sd < BS_MAX_SIDES; sd++)
		if (!s->ctl[sd])
			s->ctl[sd] = &s->ai;
}

static void mx_release(struct bs_battle *b)
{
	struct mx_scratch *s = mx_sc(b);
	if (s) {
		free(s->st);
		free(s->decl);
		free(s->eng);
		free(s->killer);
		free(s);
	}
	b->scratch = NULL;
}

const struct bs_ruleset bs_matrix_ruleset = {
    .name = "matrix",
    .init = mx_init,
    .reset = mx_reset,
    .round = mx_round,
    .release = mx_release,
};

void bs_matrix_set_controller(struct bs_battle *b, int side,
			      const struct bs_mx_controller *c)
{
	struct mx_scratch *s = mx_sc(b);
	if (b->rules != &bs_matrix_ruleset || side < 0 || side >= BS_MAX_SIDES)
		return;
	s->ctl[side] = c ? c : &s->ai;
}

enum bs_status bs_matrix_battle_new(const struct bs_scenario *sc,
				    struct bs_battle **out, struct bs_diags *d)
{
	*out = NULL;
	if (!sc->matrix || sc->nsides != 2) {
		bs_diags_add(d, sc->file, 0, 0,
			     "a matrix battle needs the matrix and two sides");
		return BS_ERR_INPUT;
	}
	int n = 0;
	for (int sd = 0; sd < sc->nsides; sd++)
		n += sc->sides[sd].nunits;
	struct bs_battle *b = calloc(1, sizeof *b);
	struct mx_scratch *s = calloc(1, sizeof *s);
	if (!b || !s)
		goto oom;
	b->scratch = s;
	b->sc = sc;
	b->rules = &bs_matrix_ruleset;
	b->nsides = sc->nsides;
	b->nunits = n;
	b->nindivs = 0;
	size_t nn = (size_t)(n ? n : 1);
	b->units = calloc(nn, sizeof *b->units);
	b->indivs = calloc(1, sizeof *b->indivs);
	s->st = calloc(nn, sizeof *s->st);
	s->decl = calloc(nn, sizeof *s->decl);
	s->eng = calloc(nn, sizeof *s->eng);
	s->killer = calloc(nn, sizeof *s->killer);
	if (!b->units || !b->indivs || !s->st || !s->decl || !s->eng ||
	    !s->killer)
		goto oom;
	bs_mx_ai_init(&s->ai);
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
	bs_battle_reset(b, 0, 0);
	*out = b;
	return BS_OK;
oom:
	if (b) {
		free(b->units);
		free(b->indivs);
		b->scratch = s;
		mx_release(b);
		free(b);
	} else {
		free(s);
	}
	bs_diags_add(d, sc->file, 0, 0, "out of memory");
	return BS_ERR_RUNTIME;
}
