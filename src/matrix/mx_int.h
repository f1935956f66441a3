/* Private to src/matrix: the matrix battle's scratch (struct bs_battle
 * .scratch), the event helpers and the steps of the battle phase [M3]. */
#ifndef BS_MATRIX_MX_INT_H
#define BS_MATRIX_MX_INT_H

#include "battlesim/battle.h"
#include "battlesim/matrix.h"

#define MX_GRID_TEXT 4096

struct mx_scratch {
	struct bs_mx_state *st; /* b->nunits */
	int cols;		/* columns now (the referee's option [M1.3]) */
	int *decl, *eng;	/* b->nunits, for the controllers */
	int *killer;		/* side whose attack hit it last, -1 */
	char grid[MX_GRID_TEXT];
};

static inline struct mx_scratch *mx_sc(const struct bs_battle *b)
{
	return (struct mx_scratch *)b->scratch;
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
