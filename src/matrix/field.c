/* The battlefield [M1]: the matrix of locations and the reserves [M1.1],
 * leaving past the last column [M1.2] or the referee's new column [M1.3],
 * stacks and the penalty for more than ten land brigades [M1.4] [M3.2],
 * reach of magic and missiles [M3.4a] [M3.4b], the grid of the log. */
#include <stdio.h>
#include <string.h>

#include "matrix/mx_int.h"

int mx_back_row(const struct bs_battle *b, int side)
{
	return side == 0 ? 0 : b->sc->matrix->rows - 1;
}

int mx_forward(int side)
{
	return side == 0 ? 1 : -1;
}

int mx_active(const struct bs_battle *b, int g)
{
	const struct bs_mx_state *s = &mx_sc(b)->st[g];
	return s->where == BS_MX_FIELD && !s->routed;
}

const struct bs_mx_state *bs_mx_state(const struct bs_battle *b, int g)
{
	if (!b || b->rules != &bs_matrix_ruleset || g < 0 || g >= b->nunits)
		return NULL;
	return &mx_sc(b)->st[g];
}

const struct bs_matrix_field *bs_mx_field(const struct bs_battle *b)
{
	return b->sc->matrix;
}

int bs_mx_cols(const struct bs_battle *b)
{
	return mx_sc(b)->cols;
}

/* RULING R-432: the referee's word on a brigade. */
static struct bs_mx_state *mut_state(struct bs_battle *b, int g)
{
	return bs_mx_state(b, g) ? &mx_sc(b)->st[g] : NULL;
}

void bs_mx_set_strength(struct bs_battle *b, int g, int cls, int unit)
{
	struct bs_mx_state *t = mut_state(b, g);
	if (!t)
		return;
	t->cls = cls;
	t->unit = unit;
	b->units[g].figures = cls;
}

void bs_mx_set_routed(struct bs_battle *b, int g, int routed)
{
	struct bs_mx_state *t = mut_state(b, g);
	if (!t)
		return;
	t->routed = routed != 0;
	if (routed)
		b->units[g].flags |= BS_UF_ROUTED;
	else
		b->units[g].flags &= ~(unsigned)BS_UF_ROUTED;
}

void bs_mx_set_place(struct bs_battle *b, int g, int row, int col)
{
	struct bs_mx_state *t = mut_state(b, g);
	if (!t || t->where == BS_MX_OUT)
		return;
	t->where = row < 0 ? BS_MX_RESERVE : BS_MX_FIELD;
	t->row = row < 0 ? -1 : row;
	t->col = row < 0 ? -1 : col;
}

/* [M1.4] "there is one stack in each location per army"; "Aerial Units
 * do not stack" [M4.1]. */
int bs_mx_stack_count(const struct bs_battle *b, int side, int row, int col)
{
	const struct mx_scratch *s = mx_sc(b);
	int n = 0;
	for (int g = b->side_first[side];
	     g < b->nunits && b->units[g].side == side; g++) {
		const struct bs_mx_state *t = &s->st[g];
		if (t->where == BS_MX_FIELD && t->row == row && t->col == col &&
		    !t->def->aerial)
			n++;
	}
	return n;
}

int bs_mx_in_reach(const struct bs_battle *b, int g, int t,
		   enum bs_mx_mode mode)
{
	const struct mx_scratch *s = mx_sc(b);
	const struct bs_mx_state *a = &s->st[g], *d = &s->st[t];
	if (a->where != BS_MX_FIELD || d->where != BS_MX_FIELD ||
	    b->units[g].side == b->units[t].side)
		return 0;
	int dr = a->row - d->row, dc = a->col - d->col;
	if (dr < 0)
		dr = -dr;
	if (dc < 0)
		dc = -dc;
	if (mode == BS_MX_MAGIC || mode == BS_MX_MISSILE)
		/* [M3.4a] "in the current location, or one location away.
		 * (forward, backward, to the side, or diagonally)" */
		return dr <= 1 && dc <= 1;
	return dr == 0 && dc == 0;
}

int bs_mx_may_declare(const struct bs_battle *b, int g, int t)
{
	const struct mx_scratch *s = mx_sc(b);
	if (g < 0 || t < 0 || g >= b->nunits || t >= b->nunits)
		return 0;
	const struct bs_mx_state *a = &s->st[g], *d = &s->st[t];
	if (b->units[g].side == b->units[t].side || a->where != BS_MX_FIELD ||
	    d->where != BS_MX_FIELD || a->row != d->row || a->col != d->col)
		return 0;
	if (!d->def->scouts)
		return 1;
	/* RULING R-253: scouts are screened by their army's other brigades */
	for (int h = 0; h < b->nunits; h++) {
		const struct bs_mx_state *o = &s->st[h];
		if (b->units[h].side == b->units[t].side &&
		    o->where == BS_MX_FIELD && !o->routed && !o->def->scouts &&
		    o->row == d->row && o->col == d->col)
			return 0;
	}
	return 1;
}

/* [M1.4] [M3.2] "At the end of movement, there cannot be more than ten
 * cards in the same stack. If there are, the offensive and defensive
 * ratings of all the brigades in that stack are dropped by 2 per number of
 * brigades in the stack over ten." RULING R-263: ratings do not drop
 * below 0; aerial brigades are not in the stack [M4.1]. */
void mx_stack_penalties(struct bs_battle *b)
{
	struct mx_scratch *s = mx_sc(b);
	for (int g = 0; g < b->nunits; g++) {
		struct bs_mx_state *t = &s->st[g];
		const struct bs_mx_card *c = &t->def->card;
		t->penalty = 0;
		if (t->where == BS_MX_FIELD && !t->def->aerial) {
			int n = bs_mx_stack_count(b, b->units[g].side, t->row,
						  t->col);
			if (n > BS_MX_STACK_LIMIT)
				t->penalty = 2 * (n - BS_MX_STACK_LIMIT);
		}
#define MX_LESS(x) ((x) > t->penalty ? (x)-t->penalty : 0)
		t->melee = c->melee ? MX_LESS(c->melee) : 0;
		t->missile = c->missile ? MX_LESS(c->missile) : 0;
		t->charge = c->charge ? MX_LESS(c->charge) : 0;
		t->defense = MX_LESS(c->defense);
#undef MX_LESS
	}
	if (!bs_battle_events_on(b))
		return;
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_mx_state *t = &s->st[g];
		if (t->penalty == 0)
			continue;
		struct bs_event ev;
		mx_ev(b, &ev, BS_EV_NOTE);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.what = "stack of more than ten brigades: offensive and "
			  "defensive ratings lowered";
		ev.n[0] =
		    bs_mx_stack_count(b, b->units[g].side, t->row, t->col);
		ev.n[1] = -t->penalty;
		ev.cite = "[M3.2] RULING R-263";
		bs_battle_emit(b, &ev);
	}
}

void mx_remove(struct bs_battle *b, int g, enum bs_unit_end end,
	       const char *what, const char *cite)
{
	struct mx_scratch *s = mx_sc(b);
	struct bs_unit_state *u = &b->units[g];
	s->st[g].where = BS_MX_OUT;
	u->flags |= BS_UF_REMOVED;
	if (end == BS_END_DESTROYED)
		u->flags |= BS_UF_DESTROYED;
	u->end = end;
	u->end_round = b->round;
	u->killed_by_side = end == BS_END_DESTROYED ? s->killer[g] : -1;
	bs_battle_say(b, BS_EV_REMOVED, g, what, cite);
}

/* [M1.2] "Units that go beyond the fixed number of columns have 'left the
 * arena' and are removed from play, or if special, may be returned to the
 * appropriate reserves." [M1.3] "At the DM's discretion ... it does not
 * leave the battlefield, but instead generates its own column". RULING
 * a new column on the left shifts the others right; at
 * BS_MX_MAX_COLUMNS the brigade leaves. */
int mx_past_column(struct bs_battle *b, int g, int nc)
{
	struct mx_scratch *s = mx_sc(b);
	struct bs_mx_state *t = &s->st[g];
	const struct bs_matrix_field *f = b->sc->matrix;
	if ((f->options & (1u << BS_MX_OPT_NEW_COLUMNS)) &&
	    s->cols < BS_MX_MAX_COLS) {
		if (nc < 0) {
			for (int k = 0; k < b->nunits; k++)
				if (s->st[k].where == BS_MX_FIELD)
					s->st[k].col++;
			nc = 0;
		}
		s->cols++;
		t->col = nc;
		mx_note(b, g, "a new column is made", "[M1.3] RULING R-264");
		return 1;
	}
	if (t->def->special) {
		t->where = BS_MX_RESERVE;
		t->row = t->col = -1;
		mx_note(b, g, "left the arena: special, back to its reserve",
			"[M1.2]");
		return 0;
	}
	mx_remove(b, g, BS_END_ROUTED_OFF, "left the arena", "[M1.2]");
	return 0;
}

/* ---- the grid -------------------------------------------------------- */

struct gbuf {
	char *p;
	size_t len, used;
};

static void gput(struct gbuf *g, const char *t)
{
	size_t n = strlen(t);
	if (g->used + n + 1 > g->len)
		return;
	memcpy(g->p + g->used, t, n + 1);
	g->used += n;
}

/* The tags of the brigades in one cell (reserve: row -1 of side). */
static void cell(const struct bs_battle *b, struct gbuf *gb, int row, int col,
		 int reserve_side)
{
	const struct mx_scratch *s = mx_sc(b);
	int first = 1;
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_mx_state *t = &s->st[g];
		int here = reserve_side >= 0
			       ? t->where == BS_MX_RESERVE &&
				     b->units[g].side == reserve_side
			       : t->where == BS_MX_FIELD && t->row == row &&
				     t->col == col;
		if (!here)
			continue;
		if (!first)
			gput(gb, ",");
		first = 0;
		gput(gb, t->def->tag);
		if (t->routed)
			gput(gb, "!");
		if (t->def->aerial)
			gput(gb, "^");
	}
}

void mx_grid(struct bs_battle *b, int kind)
{
	if (!bs_battle_events_on(b))
		return;
	struct mx_scratch *s = mx_sc(b);
	const struct bs_matrix_field *f = b->sc->matrix;
	struct gbuf gb = {s->grid, sizeof s->grid, 0};
	s->grid[0] = '\0';
	cell(b, &gb, -1, -1, 0);
	for (int r = 0; r < f->rows; r++) {
		gput(&gb, "/");
		for (int c = 0; c < s->cols; c++) {
			if (c)
				gput(&gb, "|");
			cell(b, &gb, r, c, -1);
		}
	}
	gput(&gb, "/");
	cell(b, &gb, -1, -1, 1);
	struct bs_event ev;
	mx_ev(b, &ev, BS_EV_MX_GRID);
	ev.what = s->grid;
	ev.n[0] = f->rows;
	ev.n[1] = s->cols;
	ev.n[2] = kind;
	ev.cite = "[M1.1]";
	bs_battle_emit(b, &ev);
}
