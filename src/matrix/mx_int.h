/* Private to src/matrix: the matrix battle's scratch (struct bs_battle
 * .scratch), the event helpers and the steps of the battle phase [M3]. */
#ifndef BS_MATRIX_MX_INT_H
#define BS_MATRIX_MX_INT_H

#include "battlesim/battle.h"
#include "battlesim/matrix.h"

#define MX_GRID_TEXT 4096
#define MX_MAX_G (BS_MAX_SIDES * BS_MX_MAX_BRIGADES)
#define MX_CELLS (BS_MX_MAX_ROWS * BS_MX_MAX_COLS)

/* The location index (issue 13; docs/MATRIX.md "The location index"):
 * which brigades are at each location of the matrix, so that the rounds
 * and the controllers ask a location instead of scanning every brigade.
 * Cells: (row, col) of the matrix as it is, row * cols + col. It holds
 * per army and cell the counts of struct bs_mx_cell and per army the
 * brigades on the field not routed (the counts), and the brigades on the
 * field in each cell and army in unit order, routed included (the lists:
 * mx_ix_key). All of it is a function of where / row / col / routed of
 * every brigade and the columns.
 * Kept exact so: a change of one brigade calls mx_ix_unit, which moves
 * that brigade's entry in the counts (from what it last counted, ent[g];
 * nothing when it counts as before) and marks the lists stale; a change
 * of many (a new column shifting the others, a reset) calls mx_ix_dirty,
 * and the next query rebuilds everything in one pass over the brigades.
 * The lists are rebuilt (from the entries when the counts hold) at their
 * first query after a change: in a round after the movement and after
 * the damage. It lives in the battle's scratch
 * (battles run on several threads). */
struct mx_ix_ent {
	int cell;   /* -1: not on the matrix */
	int routed; /* as counted */
};

struct mx_index {
	int valid; /* counts: 0 rebuilt at the next query */
	int lists; /* lists: 0 rebuilt at the next query */
	int cols;  /* the columns it was built for */
	int off;   /* brigades on the field off the matrix (0) */
	int start[2 * MX_CELLS + 1]; /* army s in cell c: mx_ix_key */
	int unit[MX_MAX_G];
	struct mx_ix_ent ent[MX_MAX_G];	  /* what each brigade counts as */
	struct bs_mx_cell n[2][MX_CELLS]; /* per army */
	int active[2];			  /* per army, on the field */
};

struct mx_scratch {
	struct bs_mx_state *st; /* b->nunits */
	int cols;		/* columns now (the referee's option [M1.3]) */
	int *decl, *eng;	/* b->nunits, for the controllers */
	int *killer;		/* side whose attack hit it last, -1 */
	char grid[MX_GRID_TEXT];
	struct mx_index ix;
	struct bs_mx_t1_memo t1; /* the scenario's Table 1 (bs_mx_t1) */
};

static inline struct mx_scratch *mx_sc(const struct bs_battle *b)
{
	return (struct mx_scratch *)b->scratch;
}

/* Many brigades' where, row, col or routed changed, or the columns: the
 * location index is rebuilt at its next query. */
static inline void mx_ix_dirty(const struct bs_battle *b)
{
	mx_sc(b)->ix.valid = 0;
	mx_sc(b)->ix.lists = 0;
}

/* Brigade g's where, row, col or routed changed: its entry in the
 * counts moves, the lists are stale (field.c). */
void mx_ix_unit(const struct bs_battle *b, int g);

/* Rebuild what is stale of the location index (field.c). */
void mx_ix_refresh(const struct bs_battle *b);

/* The location index with valid counts; with valid lists too when
 * `lists` (a check here, the rebuild in field.c). */
static inline const struct mx_index *mx_ix(const struct bs_battle *b, int lists)
{
	const struct mx_index *ix = &mx_sc(b)->ix;
	if (!ix->valid || (lists && !ix->lists))
		mx_ix_refresh(b);
	return ix;
}

/* The brigades of army `side` in cell c are unit[start[k] .. start[k + 1])
 * for k = mx_ix_key(c, side): both armies of a cell are next to each
 * other, side 0's first. */
static inline int mx_ix_key(int cell, int side)
{
	return 2 * cell + side;
}

/* The cell of (row, col) in the index, -1 off the matrix. */
static inline int mx_ix_cell(const struct mx_index *ix, int rows, int row,
			     int col)
{
	if (row < 0 || row >= rows || col < 0 || col >= ix->cols)
		return -1;
	return row * ix->cols + col;
}

/* Side's counts at (row, col) (side 0 or 1); NULL off the matrix. */
static inline const struct bs_mx_cell *mx_ix_at(const struct bs_battle *b,
						int side, int row, int col)
{
	const struct mx_index *ix = mx_ix(b, 0);
	int c = mx_ix_cell(ix, b->sc->matrix->rows, row, col);
	return c < 0 ? NULL : &ix->n[side][c];
}

/* The controller of side `side` (b->ctl_other, attached through
 * bs_battle_attach), or one that gives no orders. Never NULL. */
const struct bs_mx_controller *mx_ctl(const struct bs_battle *b, int side);

/* The back row of side s (next to its reserve) and the row toward the
 * enemy (+1 for side 0, -1 for side 1). */
int mx_back_row(const struct bs_battle *b, int side);
int mx_forward(int side);

/* 1 when brigade g is on the matrix and may fight (not routed). */
int mx_active(const struct bs_battle *b, int g);

/* Events. */
void mx_ev(const struct bs_battle *b, struct bs_event *ev, enum bs_ev type);
void mx_note(struct bs_battle *b, int g, const char *what, const char *cite);
void mx_reject(struct bs_battle *b, int g, const char *why, const char *cite);
void mx_phase(struct bs_battle *b, enum bs_phase p, const char *cite);
/* MX_GRID of the matrix now (kind 1 after movement, 2 at the end). */
void mx_grid(struct bs_battle *b, int kind);

/* field.c: stacks, the stacking penalty, leaving past a column. */
void mx_stack_penalties(struct bs_battle *b);
/* Take brigade g off the matrix past column nc (< 0 or >= cols): a new
 * column (option), back to the reserve (special), or out of the battle
 * [M1.2] [M1.3]. Returns 1 when g is still on the matrix (new column). */
int mx_past_column(struct bs_battle *b, int g, int nc);
/* Brigade g leaves the battle: end state and events. */
void mx_remove(struct bs_battle *b, int g, enum bs_unit_end end,
	       const char *what, const char *cite);

/* round.c */
void mx_round(struct bs_battle *b);

#endif
