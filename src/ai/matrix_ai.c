/* The matrix AI (docs/MATRIX.md "The controller"): plays either side of a
 * matrix battle legally through struct bs_mx_controller. Movement toward
 * the nearest enemy stack (missile brigades, mages and scouts stop within
 * reach to shoot stationary [M3.4b]), never into a stack of ten [M3.2];
 * engagement by the expected damage of Table 1 (RULING R-250): attack the
 * target it hurts most, engage the attacker with the best matchup (the
 * damage dealt to it, and the damage its unopposed attack, a charge
 * [M3.4], would do less its melee); reserves committed to the locations where
 * the enemy is stronger [M1.1]; an aerial brigade's classes split between
 * enemies in reach when that deals more expected damage [M4.2] (RULING
 * Stateless and deterministic. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/matrix.h"

static int side_of(const struct bs_battle *b, int g)
{
	return b->units[g].side;
}

/* g of a unit of b (the AI plays only matrix battles) */
static const struct bs_mx_state *st(const struct bs_battle *b, int g)
{
	return bs_mx_states(b) + g;
}

static int active(const struct bs_battle *b, int g)
{
	const struct bs_mx_state *t = st(b, g);
	return t->where == BS_MX_FIELD && !t->routed;
}

/* Damage points left before the brigade is destroyed. */
static int points_left(const struct bs_mx_state *t)
{
	return (t->cls - 1) * t->def->card.unit_max + t->unit;
}

/* Expected damage x 100 of g attacking t with rating r [M3.4] (aerial
 * brigades too [M4.2], RULING R-251). */
static int expect(const struct bs_battle *b, int g, int r, int t)
{
	/* bs_mx_t1_expected100 of the scenario's table, remembered */
	int diff = r - st(b, t)->defense;
	return bs_mx_t1_memo_expected100(bs_mx_t1(b), diff, st(b, g)->cls);
}

/* The rating g would attack with at its location. */
static int close_rating(const struct bs_mx_state *a)
{
	return a->entered && a->charge > 0 ? a->charge : a->melee;
}

/* Has g a spell left? Magic is not stationary [M3.4a]: a cadre casts
 * after moving too, so it never declares or engages (engaged brigades
 * may only melee [M3.4]). */
static int caster(const struct bs_mx_state *a)
{
	return a->def->fig.magic && a->magic_left > 0;
}

/* Does g prefer to shoot (or cast) rather than close? */
static int shooter(const struct bs_mx_state *a)
{
	if (caster(a))
		return 1;
	return a->def->scouts || (a->missile > 0 && a->missile >= a->melee);
}

/* Strength of each side's active brigades at each location: sum of
 * (best rating + defense) x class, into p[side][row][col] (one pass over
 * the brigades; rows x columns of the matrix now). */
static void power(const struct bs_battle *b,
		  int p[2][BS_MX_MAX_ROWS][BS_MX_MAX_COLS])
{
	int rows = bs_mx_field(b)->rows, cols = bs_mx_cols(b);
	for (int sd = 0; sd < 2; sd++)
		for (int r = 0; r < rows; r++)
			for (int c = 0; c < cols; c++)
				p[sd][r][c] = 0;
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_mx_state *t = st(b, g);
		if (!active(b, g) || t->row < 0 || t->row >= rows ||
		    t->col < 0 || t->col >= cols)
			continue;
		int r = t->melee > t->missile ? t->melee : t->missile;
		if (t->charge > r)
			r = t->charge;
		p[side_of(b, g)][t->row][t->col] +=
		    (r + t->defense + 1) * t->cls;
	}
}

static int iabs(int x)
{
	return x < 0 ? -x : x;
}

static int imax(int x, int y)
{
	return x > y ? x : y;
}

/* The nearest enemy location of g from (r0, c0) (Manhattan), ties by row
 * then column, into *row, *col; returns 0 when there is none. Brigades
 * that fight come first: a routed one counts only when no other enemy is
 * on the matrix (it leaves the battle anyway, RULING R-262, and only the
 * winner of initiative could attack it [M3.3]). */
static int nearest_enemy(const struct bs_battle *b, int g, int r0, int c0,
			 int *row, int *col)
{
	/* the location index, in rings of growing distance from (r0, c0),
	 * each in row then column order: the first found is the first of
	 * the least distance in row then column order, the one the ties
	 * take */
	int foe = 1 - side_of(b, g);
	int any_active = bs_mx_active_count(b, foe) > 0;
	int rows = bs_mx_field(b)->rows, cols = bs_mx_cols(b);
	const struct bs_mx_cell *n = bs_mx_cells(b, foe);
	/* the farthest location: a corner */
	int far = imax(iabs(r0), iabs(rows - 1 - r0)) +
		  imax(iabs(c0), iabs(cols - 1 - c0));
	for (int d = 0; d <= far; d++)
		for (int r = r0 - d; r <= r0 + d; r++) {
			if (r < 0 || r >= rows)
				continue;
			int dc = d - iabs(r - r0);
			for (int c = c0 - dc; c <= c0 + dc; c += 2 * dc) {
				if (c >= 0 && c < cols) {
					const struct bs_mx_cell *x =
					    &n[r * cols + c];
					if (any_active ? x->active : x->field) {
						*row = r;
						*col = c;
						return 1;
					}
				}
				if (dc == 0)
					break;
			}
		}
	return 0;
}

/* An enemy in the same or an adjacent location (g on the field)? */
static int enemy_within_one(const struct bs_battle *b, int g)
{
	const struct bs_mx_state *a = st(b, g);
	int foe = 1 - side_of(b, g);
	for (int r = a->row - 1; r <= a->row + 1; r++)
		for (int c = a->col - 1; c <= a->col + 1; c++)
			if (bs_mx_cell_at(b, foe, r, c).field)
				return 1;
	return 0;
}

/* Walk from (r, c) toward (tr, tc) with up to n steps into m; shooters stop
 * next to the target. Never into an own stack of ten. */
static void walk(const struct bs_battle *b, int g, int r, int c, int tr, int tc,
		 int n, int stop_adjacent, struct bs_mx_move *m)
{
	int side = side_of(b, g);
	int aerial = st(b, g)->def->aerial;
	for (int i = 0; i < n && m->nsteps < BS_MX_MAX_STEPS; i++) {
		if (stop_adjacent && iabs(tr - r) <= 1 && iabs(tc - c) <= 1)
			break;
		if (r == tr && c == tc)
			break;
		int cand[2][2] = {{tr > r   ? 1
				   : tr < r ? -1
					    : 0,
				   0},
				  {0, tc > c   ? 1
				      : tc < c ? -1
					       : 0}};
		int done = 0;
		for (int k = 0; k < 2 && !done; k++) {
			int dr = cand[k][0], dc = cand[k][1];
			if (!dr && !dc)
				continue;
			if (!aerial &&
			    bs_mx_stack_count(b, side, r + dr, c + dc) >=
				BS_MX_STACK_LIMIT)
				continue;
			m->step[m->nsteps].dr = dr;
			m->step[m->nsteps].dc = dc;
			m->nsteps++;
			r += dr;
			c += dc;
			done = 1;
		}
		if (!done)
			break;
		/* an enemy stack stops the move [M3.2]: plan no further */
		if (bs_mx_cell_at(b, 1 - side, r, c).field)
			return;
	}
}

/* [M1.1] reserves: the locations of the side (with its active brigades)
 * where the enemy there and in the next row toward it is stronger, the
 * worst first; returns how many (at most max). */
static int weak_spots(const struct bs_battle *b, int side, int *cols, int max)
{
	const struct bs_matrix_field *f = bs_mx_field(b);
	int n = 0, deficit[BS_MX_MAX_COLS];
	int fwd = side == 0 ? 1 : -1;
	int pw[2][BS_MX_MAX_ROWS][BS_MX_MAX_COLS];
	power(b, pw);
	for (int c = 0; c < bs_mx_cols(b); c++) {
		int worst = 0;
		for (int r = 0; r < f->rows; r++) {
			int own = pw[side][r][c];
			if (!own)
				continue;
			int foe = pw[1 - side][r][c];
			if (r + fwd >= 0 && r + fwd < f->rows)
				foe += pw[1 - side][r + fwd][c];
			if (foe - own > worst)
				worst = foe - own;
		}
		if (worst > 0 && n < max) {
			int k = n++;
			while (k > 0 && deficit[k - 1] < worst) {
				deficit[k] = deficit[k - 1];
				cols[k] = cols[k - 1];
				k--;
			}
			deficit[k] = worst;
			cols[k] = c;
		}
	}
	return n;
}

static void ai_move(void *ctx, const struct bs_battle *b, int g,
		    struct bs_mx_move *m)
{
	(void)ctx;
	const struct bs_mx_state *a = st(b, g);
	const struct bs_matrix_field *f = bs_mx_field(b);
	int side = side_of(b, g), mv = a->def->card.mv;
	int back = side == 0 ? 0 : f->rows - 1;
	if (mv <= 0)
		return;
	if (a->where == BS_MX_RESERVE) {
		int cols[BS_MX_MAX_COLS];
		int nweak = weak_spots(b, side, cols, BS_MX_MAX_COLS);
		int rank = 0, on_field = 0;
		for (int h = b->side_first[side];
		     h < b->nunits && side_of(b, h) == side; h++) {
			if (h < g && st(b, h)->where == BS_MX_RESERVE)
				rank++;
			on_field += active(b, h);
		}
		int col = -1;
		if (rank < nweak)
			col = cols[rank];
		else if (!on_field || b->round >= 4)
			col = bs_mx_cols(b) / 2;
		if (col < 0)
			return;
		/* [M3.2] not into a stack of ten of its own: the nearest
		 * column of the back row with room */
		int ncols = bs_mx_cols(b), c0 = col;
		col = -1;
		for (int d = 0; d < ncols && col < 0; d++)
			for (int k = -1; k <= 1 && col < 0; k += 2) {
				int c = c0 + k * d;
				if (c >= 0 && c < ncols &&
				    (a->def->aerial ||
				     bs_mx_stack_count(b, side, back, c) <
					 BS_MX_STACK_LIMIT))
					col = c;
			}
		if (col < 0)
			return;
		m->enter_col = col;
		int tr = back, tc = col;
		if (nearest_enemy(b, g, back, col, &tr, &tc))
			walk(b, g, back, col, tr, tc, mv - 1, shooter(a), m);
		return;
	}
	if (a->where != BS_MX_FIELD)
		return;
	if (shooter(a) && enemy_within_one(b, g))
		return; /* stationary: shoot or cast [M3.4b] */
	int tr = a->row, tc = a->col;
	if (!nearest_enemy(b, g, a->row, a->col, &tr, &tc))
		return;
	walk(b, g, a->row, a->col, tr, tc, mv, shooter(a), m);
}

/* The best enemy target of g (same_only: one it may declare at (row,
 * col); else one in reach of mode), by expected damage over the points it
 * has left. A routed target is taken only when no other is there: it no
 * longer counts for the victory (RULING R-265). */
/* The brigades of army `side` at (row, col) (same_only) or at it and the
 * eight around it (the reach of magic and missiles [M3.4a] [M3.4b]), in
 * unit order, into out (the location index); returns how many. */
static int around(const struct bs_battle *b, int side, int row, int col,
		  int same_only, int *out)
{
	int n = 0, d = same_only ? 0 : 1;
	int rows = bs_mx_field(b)->rows, cols = bs_mx_cols(b);
	const struct bs_mx_cell *cells = bs_mx_cells(b, side);
	for (int r = imax(row - d, 0); r <= row + d && r < rows; r++)
		for (int c = imax(col - d, 0); c <= col + d && c < cols; c++) {
			const int *at;
			if (!cells[r * cols + c].field)
				continue; /* none there */
			int k = bs_mx_army_at(b, side, r, c, &at);
			for (int i = 0; i < k; i++) {
				/* insertion: unit order over the locations */
				int j = n++;
				while (j > 0 && out[j - 1] > at[i]) {
					out[j] = out[j - 1];
					j--;
				}
				out[j] = at[i];
			}
		}
	return n;
}

static int best_target(const struct bs_battle *b, int g, enum bs_mx_mode mode,
		       int row, int col, int same_only)
{
	const struct bs_mx_state *a = st(b, g);
	int best = -1, best_routed = 1;
	long best_score = -1;
	int cand[BS_MX_MAX_BRIGADES];
	/* the enemies there (the others were passed over) */
	int ncand = around(b, 1 - side_of(b, g), row, col, same_only, cand);
	for (int i = 0; i < ncand; i++) {
		int h = cand[i];
		const struct bs_mx_state *t = st(b, h);
		if (t->where != BS_MX_FIELD)
			continue;
		if (best >= 0 && !best_routed && t->routed)
			continue;
		if (same_only && (t->row != row || t->col != col ||
				  !bs_mx_may_declare(b, g, h)))
			continue;
		if (!same_only && !bs_mx_in_reach(b, g, h, mode))
			continue;
		long e;
		if (mode == BS_MX_MAGIC) {
			e = 100L * bs_mx_magic_damage(&a->def->fig.magic_damage,
						      a->cls);
		} else {
			/* scouts: their better rating (RULING R-253) */
			int r = a->def->scouts
				    ? (a->missile > a->melee ? a->missile
							     : a->melee)
				: mode == BS_MX_MISSILE ? a->missile
							: close_rating(a);
			if (mode == BS_MX_MISSILE && !a->def->scouts &&
			    t->row == a->row && t->col == a->col)
				r++;
			e = expect(b, g, r, h);
		}
		long score = e * 1000 / points_left(t);
		if (score > best_score || (best_routed && !t->routed)) {
			best_score = score;
			best = h;
			best_routed = t->routed;
		}
	}
	return best;
}

static void ai_declare(void *ctx, const struct bs_battle *b, int side, int row,
		       int col, int *decl)
{
	(void)ctx;
	const int *at;
	int nat = bs_mx_army_at(b, side, row, col, &at);
	for (int i = 0; i < nat; i++) {
		int g = at[i];
		const struct bs_mx_state *a = st(b, g);
		if (!active(b, g) || a->def->scouts)
			continue;
		/* shooters hold back and shoot at +1, casters cast */
		if (caster(a) || (shooter(a) && !a->moved))
			continue;
		decl[g] = best_target(b, g, BS_MX_MELEE, row, col, 1);
	}
}

static void ai_defend(void *ctx, const struct bs_battle *b, int side, int row,
		      int col, int *eng)
{
	(void)ctx;
	const int *at, *foe;
	int nat = bs_mx_army_at(b, side, row, col, &at);
	int nfoe = bs_mx_army_at(b, 1 - side, row, col, &foe);
	for (int i = 0; i < nat; i++) {
		int g = at[i];
		const struct bs_mx_state *a = st(b, g);
		if (!active(b, g) || a->def->scouts)
			continue;
		if (caster(a) || (shooter(a) && !a->moved))
			continue;
		int best = -1;
		long best_score = LONG_MIN;
		for (int j = 0; j < nfoe; j++) {
			int h = foe[j];
			const struct bs_mx_state *t = st(b, h);
			if (t->declared < 0)
				continue;
			/* matchup: what g deals to h, plus what engaging h
			 * saves: h's unopposed attack on its target (its
			 * charge included) less h's melee on g */
			long dealt = (long)expect(b, g, a->melee, h) * 1000 /
				     points_left(t);
			long saved =
			    (long)expect(b, h, close_rating(t), t->declared) *
				1000 / points_left(st(b, t->declared)) -
			    (long)expect(b, h, t->melee, g) * 1000 /
				points_left(a);
			long score = dealt + saved;
			if (score > best_score) {
				best_score = score;
				best = h;
			}
		}
		eng[g] = best;
	}
}

static int ai_target(void *ctx, const struct bs_battle *b, int g,
		     enum bs_mx_mode mode)
{
	(void)ctx;
	const struct bs_mx_state *a = st(b, g);
	return best_target(b, g, mode, a->row, a->col, 0);
}

/* [M4.2] RULING R-436: aerial brigade g attacks with `mode`, its target t
 * (chosen as every brigade's, best_target or the declaration): its classes
 * are split between the enemies it may send them at (bs_mx_aerial_may)
 * when a split deals more expected damage than all of them at t, the
 * damage counted each brigade taking at most the points it has left this
 * round (bs_mx_split_value100 with bs_mx_points_left: points past its
 * destruction do nothing). The best split over the brigades in reach, by
 * dynamic programming over (brigade, classes) in unit order (of equal
 * splits the first found); a split no better than all at t is not made. */
static void ai_aerial(void *ctx, const struct bs_battle *b, int g,
		      enum bs_mx_mode mode, int t, int *classes)
{
	(void)ctx;
	enum { MAXG = BS_MX_MAX_BRIGADES, MAXC = 16 }; /* enemies, classes */
	const struct bs_mx_state *a = st(b, g);
	int cls = a->cls;
	if (cls <= 0 || cls >= MAXC || t < 0 || t >= b->nunits)
		return;
	int cand[MAXG], n = 0;
	/* its own army is never sent at (bs_mx_aerial_may) */
	for (int h = 0; h < b->nunits && n < MAXG; h++)
		if (h == t || (side_of(b, h) != side_of(b, g) &&
			       bs_mx_aerial_may(b, g, h, mode)))
			cand[n++] = h;
	if (n < 2)
		return;
	/* val[i][k]: k classes at cand[i] */
	static const long none = -1;
	long val[MAXG][MAXC];
	for (int i = 0; i < n; i++) {
		int cap = bs_mx_points_left(b, cand[i]);
		for (int k = 0; k <= cls; k++)
			val[i][k] =
			    bs_mx_split_value100(b, g, cand[i], mode, k, cap);
	}
	/* best[i][c]: the most of the first i brigades with c classes;
	 * take[i][c] the classes the i-th gets there */
	long best[MAXG + 1][MAXC];
	unsigned char take[MAXG + 1][MAXC];
	for (int c = 0; c <= cls; c++)
		best[0][c] = c == 0 ? 0 : none;
	for (int i = 1; i <= n; i++)
		for (int c = 0; c <= cls; c++) {
			best[i][c] = none;
			take[i][c] = 0;
			for (int k = 0; k <= c; k++) {
				if (best[i - 1][c - k] == none)
					continue;
				long v = best[i - 1][c - k] + val[i - 1][k];
				if (v > best[i][c]) {
					best[i][c] = v;
					take[i][c] = (unsigned char)k;
				}
			}
		}
	int ti = 0;
	while (cand[ti] != t)
		ti++;
	if (best[n][cls] <= val[ti][cls])
		return; /* no gain: all at its target */
	for (int i = n, c = cls; i > 0; i--) {
		int k = take[i][c];
		if (cand[i - 1] != t)
			classes[cand[i - 1]] = k;
		c -= k;
	}
}

/* [M3.2] RULING R-438: the AI moves its brigades in the army's order
 * (its reserve and stacking choices count the brigades before each in
 * that order, ai_move): every brigade that may move, in that order. */
static int ai_move_order(void *ctx, const struct bs_battle *b, int side,
			 int *out, int max)
{
	(void)ctx;
	int n = 0;
	for (int g = b->side_first[side];
	     g < b->nunits && side_of(b, g) == side && n < max; g++)
		if (st(b, g)->where != BS_MX_OUT && !st(b, g)->routed)
			out[n++] = g;
	return n;
}

void bs_mx_ai_init(struct bs_mx_controller *c)
{
	memset(c, 0, sizeof *c);
	c->name = "matrix-ai";
	c->move = ai_move;
	c->declare = ai_declare;
	c->defend = ai_defend;
	c->target = ai_target;
	c->aerial = ai_aerial;
	c->move_order = ai_move_order;
}
