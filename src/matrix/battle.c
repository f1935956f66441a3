/* The matrix ruleset's part of a battle (rules: matrix; the battle engine,
 * src/battle/, calls it through bs_matrix_ruleset): init (the scratch:
 * the brigades' states, allocated once), reset to the deployment of the
 * scenario [M1.1] (no allocation), release, the ruleset struct, the
 * sides' controllers as the battle holds them, and the event helpers. The
 * brigades are b->units so that the simulator and the summary work as for
 * 1E: figures = class number [M2.4], original = the class at the start. */
#include <stdlib.h>
#include <string.h>

#include "matrix/mx_int.h"

void mx_ev(const struct bs_battle *b, struct bs_event *ev, enum bs_ev type)
{
	bs_battle_event(b, ev, type);
}

void mx_note(struct bs_battle *b, int g, const char *what, const char *cite)
{
	bs_battle_say(b, BS_EV_NOTE, g, what, cite);
}

void mx_reject(struct bs_battle *b, int g, const char *why, const char *cite)
{
	bs_battle_say(b, BS_EV_REJECTED, g, why, cite);
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

/* The scratch (b->scratch, also when only partly allocated: mx_release
 * frees it); a matrix battle needs the matrix and two sides. */
static enum bs_status mx_init(struct bs_battle *b, struct bs_diags *d)
{
	const struct bs_scenario *sc = b->sc;
	if (!sc->matrix || sc->nsides != 2) {
		bs_diags_add(d, sc->file, 0, 0,
			     "a matrix battle needs the matrix and two sides");
		return BS_ERR_INPUT;
	}
	size_t nn = (size_t)(b->nunits ? b->nunits : 1);
	struct mx_scratch *s = calloc(1, sizeof *s);
	if (s) {
		b->scratch = s;
		s->st = calloc(nn, sizeof *s->st);
		s->decl = calloc(nn, sizeof *s->decl);
		s->eng = calloc(nn, sizeof *s->eng);
		s->killer = calloc(nn, sizeof *s->killer);
		/* RULING R-250: the expectations of the scenario's
		 * Table 1, once (issue 13) */
		bs_mx_t1_memo_init(&s->t1, &sc->matrix->t1,
				   sc->matrix->full_class);
	}
	if (!s || !s->st || !s->decl || !s->eng || !s->killer) {
		bs_diags_add(d, sc->file, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	return BS_OK;
}

/* [M1.1] every brigade at its place of the scenario, at its starting
 * class / unit numbers. */
static void mx_reset(struct bs_battle *b)
{
	struct mx_scratch *s = mx_sc(b);
	s->cols = b->sc->matrix->cols;
	mx_ix_dirty(b); /* every brigade placed anew */
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
    .iface = BS_IFACE_MATRIX,
    .init = mx_init,
    .reset = mx_reset,
    .round = mx_round,
    .release = mx_release,
};

/* The default of a side without a controller: every callback NULL (stay,
 * hold, engage nothing, no target; matrix.h). */
static const struct bs_mx_controller no_orders = {.name = "hold"};

const struct bs_mx_controller *mx_ctl(const struct bs_battle *b, int side)
{
	const struct bs_mx_controller *c = b->ctl_other[side];
	return c ? c : &no_orders;
}

enum bs_status bs_matrix_set_controller(struct bs_battle *b, int side,
					const struct bs_mx_controller *c)
{
	return bs_battle_attach(b, side, BS_IFACE_MATRIX, c);
}
