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

const struct bs_mx_state *bs_mx_states(const struct bs_battle *b)
{
	return mx_sc(b)->st;
}

const struct bs_matrix_field *bs_mx_field(const struct bs_battle *b)
{
	return b->sc->matrix;
}

int bs_mx_cols(const struct bs_battle *b)
{
	return mx_sc(b)->cols;
}

const struct bs_mx_t1_memo *bs_mx_t1(const struct bs_battle *b)
{
	return &mx_sc(b)->t1;
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
	mx_ix_unit(b, g);
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
	mx_ix_unit(b, g);
}

/* ---- the location index (mx_int.h struct mx_index) ------------------ */

/* What brigade g counts as now: its cell (-1 not on the matrix). */
static struct mx_ix_ent ix_ent(const struct bs_battle *b,
			       const struct mx_index *ix, int g)
{
	const struct bs_mx_state *t = &mx_sc(b)->st[g];
	struct mx_ix_ent e = {-1, t->routed != 0};
	if (t->where == BS_MX_FIELD)
		e.cell = mx_ix_cell(ix, b->sc->matrix->rows, t->row, t->col);
	return e;
}

/* Add (k = 1) or take away (k = -1) brigade g's entry e in the counts. */
static void ix_count(const struct bs_battle *b, struct mx_index *ix, int g,
		     struct mx_ix_ent e, int k)
{
	int side = b->units[g].side, aerial = mx_sc(b)->st[g].def->aerial != 0;
	if (e.cell < 0)
		return;
	struct bs_mx_cell *n = &ix->n[side][e.cell];
	n->field += k;
	n->active += e.routed ? 0 : k;
	n->land += aerial ? 0 : k;
	n->aerial += aerial ? k : 0;
	if (!e.routed)
		ix->active[side] += k;
}

/* The lists from the entries (valid counts): a counting sort by location
 * and army, which keeps unit order in each (mx_ix_key). */
static void ix_lists(const struct bs_battle *b, struct mx_index *ix)
{
	int nkey = 2 * b->sc->matrix->rows * ix->cols;
	memset(ix->start, 0, sizeof ix->start[0] * (size_t)(nkey + 1));
	for (int g = 0; g < b->nunits; g++)
		if (ix->ent[g].cell >= 0)
			ix->start[mx_ix_key(ix->ent[g].cell, b->units[g].side) +
				  1]++;
	for (int k = 0; k < nkey; k++)
		ix->start[k + 1] += ix->start[k];
	int fill[2 * MX_CELLS];
	memcpy(fill, ix->start, sizeof fill[0] * (size_t)nkey);
	for (int g = 0; g < b->nunits; g++)
		if (ix->ent[g].cell >= 0)
			ix->unit[fill[mx_ix_key(ix->ent[g].cell,
						b->units[g].side)]++] = g;
	ix->lists = 1;
}

/* Everything in one pass over the brigades: the counts per location and
 * army, then the lists. */
static void ix_build(const struct bs_battle *b, struct mx_index *ix)
{
	const struct mx_scratch *s = mx_sc(b);
	int rows = b->sc->matrix->rows;
	ix->cols = s->cols;
	int ncell = rows * s->cols;
	memset(ix->n[0], 0, sizeof ix->n[0][0] * (size_t)ncell);
	memset(ix->n[1], 0, sizeof ix->n[1][0] * (size_t)ncell);
	ix->active[0] = ix->active[1] = 0;
	ix->off = 0;
	for (int g = 0; g < b->nunits; g++) {
		struct mx_ix_ent e = ix_ent(b, ix, g);
		ix->ent[g] = e;
		/* a brigade on the field is always on the matrix (the
		 * loader, the moves, bs_mx_set_place); counted if not */
		if (s->st[g].where == BS_MX_FIELD && e.cell < 0)
			ix->off++;
		if (s->st[g].where == BS_MX_FIELD && e.cell < 0 && !e.routed)
			ix->active[b->units[g].side]++;
		ix_count(b, ix, g, e, 1);
	}
	ix->valid = 1;
	ix_lists(b, ix);
}

void mx_ix_refresh(const struct bs_battle *b)
{
	struct mx_index *ix = &mx_sc(b)->ix;
	if (!ix->valid)
		ix_build(b, ix);
	else if (!ix->lists)
		ix_lists(b, ix); /* the counts hold */
}

void mx_ix_unit(const struct bs_battle *b, int g)
{
	struct mx_index *ix = &mx_sc(b)->ix;
	if (!ix->valid) {
		ix->lists = 0;
		return; /* rebuilt whole at the next query */
	}
	if (ix->off) {
		ix->valid = ix->lists = 0; /* brigades off the matrix */
		return;
	}
	struct mx_ix_ent e = ix_ent(b, ix, g);
	const struct bs_mx_state *t = &mx_sc(b)->st[g];
	if (t->where == BS_MX_FIELD && e.cell < 0) {
		/* off the matrix: let the rebuild count it */
		ix->valid = ix->lists = 0;
		return;
	}
	if (e.cell == ix->ent[g].cell && e.routed == ix->ent[g].routed)
		return; /* it counts as before (a move that stayed): the
			 * counts and the lists hold */
	ix->lists = 0;
	ix_count(b, ix, g, ix->ent[g], -1);
	ix_count(b, ix, g, e, 1);
	ix->ent[g] = e;
}

struct bs_mx_cell bs_mx_cell_at(const struct bs_battle *b, int side, int row,
				int col)
{
	struct bs_mx_cell none = {0, 0, 0, 0};
	if (side < 0 || side > 1)
		return none;
	const struct bs_mx_cell *n = mx_ix_at(b, side, row, col);
	return n ? *n : none;
}

const struct bs_mx_cell *bs_mx_cells(const struct bs_battle *b, int side)
{
	return side < 0 || side > 1 ? NULL : mx_ix(b, 0)->n[side];
}

int bs_mx_units_at(const struct bs_battle *b, int row, int col,
		   const int **units)
{
	const struct mx_index *ix = mx_ix(b, 1);
	int c = mx_ix_cell(ix, b->sc->matrix->rows, row, col);
	if (c < 0) {
		*units = NULL;
		return 0;
	}
	/* both armies: side 0's list then side 1's, unit order (the units
	 * of side 0 come first, bs_battle_new) */
	int k = mx_ix_key(c, 0);
	*units = &ix->unit[ix->start[k]];
	return ix->start[k + 2] - ix->start[k];
}

int bs_mx_army_at(const struct bs_battle *b, int side, int row, int col,
		  const int **units)
{
	const struct mx_index *ix = mx_ix(b, 1);
	int c = mx_ix_cell(ix, b->sc->matrix->rows, row, col);
	if (c < 0 || side < 0 || side > 1) {
		*units = NULL;
		return 0;
	}
	int k = mx_ix_key(c, side);
	*units = &ix->unit[ix->start[k]];
	return ix->start[k + 1] - ix->start[k];
}

int bs_mx_active_count(const struct bs_battle *b, int side)
{
	return side < 0 || side > 1 ? 0 : mx_ix(b, 0)->active[side];
}

/* [M1.4] "there is one stack in each location per army"; "Aerial Units
 * do not stack" [M4.1]. */
int bs_mx_stack_count(const struct bs_battle *b, int side, int row, int col)
{
	const struct bs_mx_cell *n =
	    side < 0 || side > 1 ? NULL : mx_ix_at(b, side, row, col);
	return n ? n->land : 0;
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
	/* RULING R-253: scouts are screened by their army's other brigades
	 * (the brigades at its location: the location index) */
	const int *at;
	int n = bs_mx_units_at(b, d->row, d->col, &at);
	for (int i = 0; i < n; i++) {
		const struct bs_mx_state *o = &s->st[at[i]];
		if (b->units[at[i]].side == b->units[t].side && !o->routed &&
		    !o->def->scouts)
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
	const struct mx_index *ix = mx_ix(b, 0); /* nothing moves here */
	int rows = b->sc->matrix->rows;
	for (int g = 0; g < b->nunits; g++) {
		struct bs_mx_state *t = &s->st[g];
		const struct bs_mx_card *c = &t->def->card;
		t->penalty = 0;
		int cell = t->where == BS_MX_FIELD && !t->def->aerial
			       ? mx_ix_cell(ix, rows, t->row, t->col)
			       : -1;
		if (cell >= 0) {
			/* bs_mx_stack_count */
			int n = ix->n[b->units[g].side][cell].land;
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
	mx_ix_unit(b, g);
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
	mx_ix_dirty(b); /* a column, a shift, or g leaves */
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
