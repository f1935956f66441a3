/* The battle phase of the matrix card system [M3], in the text's order:
 * 1.) initiative [M3.1]; 2.) movement, winner then loser [M3.2], with the
 * stacking penalty; 3.) engagement per location [M3.3]; 4.) the winner's
 * attack phase: magic, stationary missiles, charges, melee [M3.4a]-[M3.4d];
 * 5.) the winner's scouts [M3.5]; 6.) the loser's counterattack [M3.6];
 * 7.) damage assessed together [M3.7], then morale (RULING R-254) and the
 * end of the battle (RULING R-265). Aerial units [M4]. */
#include <stdio.h>
#include <string.h>

#include "matrix/mx_int.h"

static int other(int side)
{
	return side == 0 ? 1 : 0;
}

static int side_of(const struct bs_battle *b, int g)
{
	return b->units[g].side;
}

static int at(const struct bs_battle *b, int g, int row, int col)
{
	const struct bs_mx_state *t = &mx_sc(b)->st[g];
	return t->where == BS_MX_FIELD && t->row == row && t->col == col;
}

/* ---- the start ------------------------------------------------------- */

static void start(struct bs_battle *b)
{
	if (!bs_battle_events_on(b))
		return;
	struct mx_scratch *s = mx_sc(b);
	struct bs_event ev;
	mx_ev(b, &ev, BS_EV_BATTLE_START);
	ev.what = b->sc->name;
	ev.n[0] = (int)(b->seed & 0x7fffffff);
	ev.n[1] = b->nsides;
	ev.cite = "[M1.1]";
	bs_battle_emit(b, &ev);
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_mx_state *t = &s->st[g];
		const struct bs_mx_card *c = &t->def->card;
		char where[48];
		if (t->where == BS_MX_RESERVE)
			snprintf(where, sizeof where, "in the reserve");
		else
			snprintf(where, sizeof where, "at row %d, column %d",
				 t->row + 1, t->col + 1);
		snprintf(s->grid, sizeof s->grid,
			 "%s %s: %s%s, MV %d, melee %d, missile %d, charge "
			 "%d, defense %d, class/unit %d/%d, ML %d%%",
			 t->def->tag, where, bs_mx_type_name[t->def->type],
			 t->def->aerial ? " (aerial)" : "", c->mv, c->melee,
			 c->missile, c->charge, c->defense, t->cls, t->unit,
			 t->ml);
		mx_ev(b, &ev, BS_EV_NOTE);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.what = s->grid;
		ev.cite = "[M2.1]";
		bs_battle_emit(b, &ev);
	}
	mx_grid(b, 0);
}

/* ---- 1.) initiative -------------------------------------------------- */

/* [M3.1] "Roll initiative to determine who attacks first". RULING R-257:
 * a d6 per side, the higher wins, ties rolled again. */
static const struct bs_roll_why why_initiative = {
    BS_ROLL_INITIATIVE, {6, 0}, 1, "(initiative)", "[M3.1] RULING R-257"};

static void initiative(struct bs_battle *b)
{
	mx_phase(b, BS_PHASE_INITIATIVE, "[M3.1]");
	int dice[BS_EV_MAX_DICE], nd = 0, rr = 0, a = 0, c = 0;
	for (;;) {
		bs_dice_why(&b->dice, &why_initiative, 0, -1, -1, -1);
		a = bs_roll(&b->dice, 6);
		bs_dice_why(&b->dice, &why_initiative, 1, -1, -1, -1);
		c = bs_roll(&b->dice, 6);
		if (nd + 2 <= BS_EV_MAX_DICE) {
			dice[nd++] = a;
			dice[nd++] = c;
		}
		/* a scripted source that ran out (or ties forever) stops
		 * here: the lower side index wins */
		if (a != c || b->dice.failed || rr >= 100)
			break;
		rr++;
	}
	/* a tie left by the loop (a scripted source that ran out, or 100
	 * ties): the first side, as RULING R-257 says */
	int w = a >= c ? 0 : 1;
	b->side_a = w;
	b->side_order[0] = w;
	b->side_order[1] = other(w);
	b->first_mover = w;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		mx_ev(b, &ev, BS_EV_INITIATIVE);
		memcpy(ev.dice, dice, sizeof(int) * (size_t)nd);
		ev.ndice = nd;
		ev.die_sides = 6;
		ev.n[0] = w;
		ev.n[1] = rr;
		ev.n[2] = w;
		ev.n[3] = other(w);
		ev.cite = "[M3.1] RULING R-257";
		bs_battle_emit(b, &ev);
	}
}

/* ---- 2.) movement ---------------------------------------------------- */

/* Is there an enemy of brigade g at (row, col) that stops it? [M3.2]
 * "Encounters an opposing force's stack"; RULING R-251: an aerial brigade
 * flies over land stacks and stops only at enemy aerial brigades. `shift`:
 * the columns the others have moved for a new column a check counts (the
 * battle is not changed; 0 in play). */
static int enemy_stops(const struct bs_battle *b, int g, int row, int col,
		       int shift)
{
	/* the location index: in play it may still hold g where its walk
	 * began (apply_move updates g's entry at the end), but only the
	 * other army is read here; a new column rebuilds it */
	const struct bs_mx_cell *n =
	    mx_ix_at(b, other(side_of(b, g)), row, col - shift);
	if (!n)
		return 0;
	return mx_sc(b)->st[g].def->aerial ? n->aerial > 0 : n->field > 0;
}

static void emit_move(struct bs_battle *b, int g, int r0, int c0, int used,
		      int routing, const char *how)
{
	if (!bs_battle_events_on(b))
		return;
	const struct bs_mx_state *t = &mx_sc(b)->st[g];
	struct bs_event ev;
	mx_ev(b, &ev, BS_EV_MX_MOVE);
	bs_battle_ev_units(b, &ev, g, -1);
	ev.n[0] = r0;
	ev.n[1] = c0;
	ev.n[2] = t->where == BS_MX_FIELD ? t->row : -2;
	ev.n[3] = t->where == BS_MX_FIELD ? t->col : -2;
	if (t->where == BS_MX_RESERVE)
		ev.n[2] = ev.n[3] = -1;
	ev.n[4] = used;
	ev.n[5] = t->def->card.mv;
	ev.n[6] = routing;
	ev.what = how;
	ev.cite = routing ? "[M1.2] RULING R-262" : "[M3.2]";
	bs_battle_emit(b, &ev);
}

/* RULING R-262: a routed brigade moves its MV straight back toward its
 * reserve before the others move, through enemy stacks, and leaves the
 * battle through the reserve ("a routing army [may] leave the reserves
 * ... may never return" [M1.2]). */
static void rout_move(struct bs_battle *b, int g)
{
	struct bs_mx_state *t = &mx_sc(b)->st[g];
	int side = side_of(b, g), back = mx_back_row(b, side);
	int r0 = t->row, c0 = t->col, used = 0;
	int mv = t->def->card.mv > 0 ? t->def->card.mv : 1;
	while (used < mv && t->where == BS_MX_FIELD) {
		used++;
		if (t->row == back) {
			t->where = BS_MX_OUT;
			emit_move(b, g, r0, c0, used, 1,
				  "routs off through its reserve");
			mx_remove(b, g, BS_END_ROUTED_OFF,
				  "routed off through its reserve",
				  "[M1.2] RULING R-262");
			return;
		}
		t->row -= mx_forward(side);
	}
	mx_ix_unit(b, g);
	emit_move(b, g, r0, c0, used, 1, "routs toward its reserve");
}

/* A move walked [M3.2]: in play on the brigade itself (rejections logged,
 * columns made), or as a check on a copy (dry: nothing changes, the first
 * rejection kept). */
struct walk {
	int dry;
	struct bs_mx_state *t; /* the brigade, or `copy` */
	struct bs_mx_state copy;
	int cols;  /* columns of the matrix, a new one counted */
	int shift; /* dry: columns the others moved for a new one */
	int r0, c0, used, stopped, walked, new_column;
	const char *how;
	const char *why, *cite; /* dry: the first step refused */
};

static void refuse(struct bs_battle *b, int g, struct walk *w, const char *why,
		   const char *cite)
{
	if (!w->dry)
		mx_reject(b, g, why, cite);
	else if (!w->why) {
		w->why = why;
		w->cite = cite;
	}
}

/* Past column nc: mx_past_column in play; in a check its outcome on the
 * copy. 1 when the brigade is still on the matrix. */
static int walk_past_column(struct bs_battle *b, int g, struct walk *w, int nc)
{
	const struct bs_matrix_field *f = b->sc->matrix;
	struct bs_mx_state *t = w->t;
	w->new_column = (f->options & (1u << BS_MX_OPT_NEW_COLUMNS)) &&
			w->cols < BS_MX_MAX_COLS;
	if (!w->dry) {
		int on = mx_past_column(b, g, nc);
		w->cols = mx_sc(b)->cols;
		return on;
	}
	if (w->new_column) {
		if (nc < 0) {
			w->shift++;
			nc = 0;
		}
		w->cols++;
		t->col = nc;
		return 1;
	}
	t->where = t->def->special ? BS_MX_RESERVE : BS_MX_OUT;
	t->row = t->col = -1;
	return 0;
}

/* [M3.2] "A brigade may move until it 1.) runs out of movement points. 2.)
 * Encounters an opposing force's stack." RULING R-262: entering the back
 * row from the reserve is one step; a step back from the back row goes
 * into the reserve. RULING R-267: a brigade may leave a location held by
 * the enemy. */
static void walk(struct bs_battle *b, int g, const struct bs_mx_move *m,
		 struct walk *w)
{
	const struct bs_matrix_field *f = b->sc->matrix;
	struct bs_mx_state *t = w->t;
	int side = side_of(b, g), mv = t->def->card.mv;
	w->cols = mx_sc(b)->cols;
	w->r0 = t->where == BS_MX_FIELD ? t->row : -1;
	w->c0 = t->where == BS_MX_FIELD ? t->col : -1;
	w->how = "moves";
	if (t->where == BS_MX_RESERVE) {
		if (m->enter_col < 0) {
			if (m->nsteps > 0)
				refuse(b, g, w,
				       "in the reserve: it must enter the "
				       "back row first",
				       "[M3.2] RULING R-262");
			return;
		}
		if (m->enter_col >= w->cols || mv < 1) {
			refuse(b, g, w, "no such column of the back row",
			       "[M3.2] RULING R-262");
			return;
		}
		t->where = BS_MX_FIELD;
		t->row = mx_back_row(b, side);
		t->col = m->enter_col;
		t->moved = 1;
		w->used = 1;
		w->how = "enters from the reserve";
		if (enemy_stops(b, g, t->row, t->col, w->shift)) {
			w->stopped = 1;
			w->how = "enters from the reserve; stops: enemy stack";
		}
	} else if (m->enter_col >= 0) {
		refuse(b, g, w, "not in the reserve: no column to enter",
		       "[M3.2]");
	}
	int n = m->nsteps < BS_MX_MAX_STEPS ? m->nsteps : BS_MX_MAX_STEPS;
	for (int i = 0; i < n && !w->stopped && t->where == BS_MX_FIELD; i++) {
		int dr = m->step[i].dr, dc = m->step[i].dc;
		if (w->used >= mv) {
			refuse(b, g, w, "no movement points left", "[M3.2]");
			break;
		}
		if ((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc) != 1) {
			refuse(b, g, w,
			       "a step is one location forward, back or "
			       "to the side (no diagonals)",
			       "[M2.3b]");
			break;
		}
		int nr = t->row + dr, nc = t->col + dc;
		if (nr < 0 || nr >= f->rows) {
			if (nr == mx_back_row(b, side) - mx_forward(side)) {
				w->used++;
				w->walked++;
				t->where = BS_MX_RESERVE;
				t->row = t->col = -1;
				t->moved = 1;
				w->how = "into the reserve";
			} else {
				refuse(b, g, w,
				       "the enemy's reserve is not part of "
				       "the matrix",
				       "[M1.1]");
			}
			break;
		}
		w->used++;
		w->walked++;
		t->moved = 1;
		t->row = nr;
		if (nc < 0 || nc >= w->cols) {
			if (!walk_past_column(b, g, w, nc)) {
				w->how = t->where == BS_MX_RESERVE
					     ? "left the arena: back to the "
					       "reserve"
					     : "left the arena";
				break;
			}
		} else {
			t->col = nc;
		}
		if (enemy_stops(b, g, t->row, t->col, w->shift)) {
			w->stopped = 1;
			w->how = "stops: enemy stack";
		}
	}
}

static void apply_move(struct bs_battle *b, int g, const struct bs_mx_move *m)
{
	struct walk w;
	memset(&w, 0, sizeof w);
	w.t = &mx_sc(b)->st[g];
	walk(b, g, m, &w);
	mx_ix_unit(b, g); /* g may have moved */
	struct bs_mx_state *t = w.t;
	if (w.used == 0)
		return;
	t->entered =
	    t->where == BS_MX_FIELD && (t->row != w.r0 || t->col != w.c0);
	emit_move(b, g, w.r0, w.c0, w.used, 0, w.how);
}

int bs_mx_check_move(const struct bs_battle *b, int g,
		     const struct bs_mx_move *m, struct bs_mx_move_check *out)
{
	memset(out, 0, sizeof *out);
	const struct bs_mx_state *st = bs_mx_state(b, g);
	if (!st || st->where == BS_MX_OUT || st->routed) {
		out->why = st && st->routed
			       ? "a routed brigade moves back toward its "
				 "reserve by itself"
			       : "the brigade is not in the battle";
		out->cite = st && st->routed ? "[M1.2] RULING R-262" : "[M3.2]";
		return 0;
	}
	struct walk w;
	memset(&w, 0, sizeof w);
	w.dry = 1;
	w.copy = *st;
	w.t = &w.copy;
	/* dry: walk() reads the battle and writes only the copy */
	walk((struct bs_battle *)b, g, m, &w);
	out->where = w.t->where;
	out->row = w.t->row;
	out->col = w.t->col;
	out->used = w.used;
	out->mv = st->def->card.mv;
	out->stopped = w.stopped;
	out->new_column = w.new_column && w.t->where == BS_MX_FIELD;
	int n = m->nsteps < BS_MX_MAX_STEPS ? m->nsteps : BS_MX_MAX_STEPS;
	out->unplayed = w.why ? 0 : n - w.walked;
	out->why = w.why;
	out->cite = w.cite;
	out->legal = !w.why;
	return out->legal;
}

/* May brigade g be given a move now [M3.2]? (RULING R-262: a routed one
 * moves by itself.) */
static int may_move(const struct bs_battle *b, int g)
{
	const struct bs_mx_state *t = &mx_sc(b)->st[g];
	return t->where != BS_MX_OUT && !t->routed;
}

/* [M3.2] RULING R-438: the order side's brigades move in: the ones its
 * controller names first (each checked), then the others in the army's
 * order; into order[], returns how many. A non-default order is said
 * (NOTE), so the log shows why the moves come as they do. */
static int move_sequence(struct bs_battle *b, int side,
			 const struct bs_mx_controller *c, int *order)
{
	struct mx_scratch *s = mx_sc(b);
	int first = b->side_first[side], n = 0, named = 0;
	int used[MX_MAX_G];
	for (int g = 0; g < b->nunits; g++)
		used[g] = 0;
	if (c->move_order) {
		int want[BS_MX_MAX_BRIGADES];
		int k =
		    c->move_order(c->ctx, b, side, want, BS_MX_MAX_BRIGADES);
		if (k > BS_MX_MAX_BRIGADES)
			k = BS_MX_MAX_BRIGADES;
		for (int i = 0; i < k; i++) {
			int g = want[i];
			if (g < 0 || g >= b->nunits || side_of(b, g) != side) {
				mx_reject(b, first,
					  "the order of the moves names a "
					  "brigade of another army",
					  "[M3.2] RULING R-438");
				continue;
			}
			if (used[g] || !may_move(b, g)) {
				mx_reject(b, g,
					  used[g]
					      ? "named twice in the order "
						"of the moves"
					      : "it may not be given a move "
						"(routed, or out of the "
						"battle)",
					  "[M3.2] RULING R-438");
				continue;
			}
			used[g] = 1;
			order[n++] = g;
		}
		named = n;
	}
	for (int g = first; g < b->nunits && side_of(b, g) == side; g++)
		if (!used[g])
			order[n++] = g;
	/* not the army's order over the brigades that move? */
	int moved_up = 0, prev = -1;
	for (int i = 0; i < n; i++) {
		if (!may_move(b, order[i]))
			continue;
		if (order[i] < prev)
			moved_up = 1;
		prev = order[i];
	}
	if (named && moved_up && bs_battle_events_on(b)) {
		size_t k = 0;
		char *t = s->grid;
		k += (size_t)snprintf(t, sizeof s->grid,
				      "%s moves its brigades in this order:",
				      b->sc->sides[side].name);
		for (int i = 0; i < n && k < sizeof s->grid; i++)
			if (may_move(b, order[i]))
				k += (size_t)snprintf(t + k, sizeof s->grid - k,
						      " %s",
						      s->st[order[i]].def->tag);
		mx_note(b, first, t, "[M3.2] RULING R-438");
	}
	return n;
}

static void movement(struct bs_battle *b)
{
	struct mx_scratch *s = mx_sc(b);
	mx_phase(b, BS_PHASE_MOVEMENT, "[M3.2]");
	for (int g = 0; g < b->nunits; g++)
		if (s->st[g].where == BS_MX_FIELD && s->st[g].routed)
			rout_move(b, g);
	/* [M3.2] "a.) Winner (of initiative) moves b.) Loser ... moves" */
	for (int k = 0; k < 2; k++) {
		int side = b->side_order[k];
		const struct bs_mx_controller *c = mx_ctl(b, side);
		b->first_mover = b->side_order[0];
		int order[MX_MAX_G];
		int n = c->move ? move_sequence(b, side, c, order) : 0;
		for (int i = 0; i < n; i++) {
			int g = order[i];
			struct bs_mx_state *t = &s->st[g];
			if (t->where == BS_MX_OUT || t->routed || !c->move)
				continue;
			struct bs_mx_move m;
			memset(&m, 0, sizeof m);
			m.enter_col = -1;
			c->move(c->ctx, b, g, &m);
			apply_move(b, g, &m);
		}
	}
	mx_stack_penalties(b);
	mx_grid(b, 1);
}

/* ---- 3.) engagement -------------------------------------------------- */

static void emit_engage(struct bs_battle *b, int g, int t, int kind, int row,
			int col)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	mx_ev(b, &ev, BS_EV_MX_ENGAGE);
	bs_battle_ev_units(b, &ev, g, t);
	/* 1 attacks, 2 engages; none: 0 held back (winner), 3 engages
	 * nothing (loser) */
	ev.n[0] = t >= 0 ? kind : kind == 2 ? 3 : 0;
	ev.n[1] = row;
	ev.n[2] = col;
	ev.cite = "[M3.3]";
	bs_battle_emit(b, &ev);
}

/* May brigade g take part in the engagement (declare, defend)? RULING
 * scouts never engage. */
static int may_engage(const struct bs_battle *b, int g)
{
	return mx_active(b, g) && !mx_sc(b)->st[g].def->scouts;
}

/* [M3.3] "For every location that has stacks representing opposing forces
 * ... the winner of initiative declares which brigades he will attack
 * with, and which brigades will be held back. The defender then
 * individually which of his units will engage, and which enemy brigade
 * each of his defending brigades will engage. The loser may allocate
 * multiple brigades to engage a single attacking brigade." */
static void engagement(struct bs_battle *b)
{
	struct mx_scratch *s = mx_sc(b);
	const struct bs_matrix_field *f = b->sc->matrix;
	int w = b->side_a, l = other(w);
	mx_phase(b, BS_PHASE_MX_ENGAGEMENT, "[M3.3]");
	for (int r = 0; r < f->rows; r++)
		for (int c = 0; c < s->cols; c++) {
			/* the location index: both armies here? their
			 * brigades in unit order (nothing moves in this
			 * phase; a copy all the same) */
			if (!mx_ix_at(b, w, r, c)->field ||
			    !mx_ix_at(b, l, r, c)->field)
				continue;
			const int *list;
			int here[MX_MAX_G];
			int nh = bs_mx_units_at(b, r, c, &list);
			memcpy(here, list, sizeof here[0] * (size_t)nh);
			for (int g = 0; g < b->nunits; g++)
				s->decl[g] = s->eng[g] = -1;
			const struct bs_mx_controller *cw = mx_ctl(b, w);
			if (cw->declare)
				cw->declare(cw->ctx, b, w, r, c, s->decl);
			for (int i = 0; i < nh; i++) {
				int g = here[i];
				if (side_of(b, g) != w || !may_engage(b, g))
					continue;
				int t = s->decl[g];
				if (t != -1 && !bs_mx_may_declare(b, g, t)) {
					mx_reject(b, g,
						  "it may attack only an enemy "
						  "brigade at its location "
						  "(not screened scouts)",
						  "[M3.3] RULING R-253");
					t = -1;
				}
				s->st[g].declared = t;
				emit_engage(b, g, t, 1, r, c);
			}
			const struct bs_mx_controller *cl = mx_ctl(b, l);
			if (cl->defend)
				cl->defend(cl->ctx, b, l, r, c, s->eng);
			for (int i = 0; i < nh; i++) {
				int g = here[i];
				if (side_of(b, g) != l || !may_engage(b, g))
					continue;
				int t = s->eng[g];
				if (t != -1 &&
				    (t < 0 || t >= b->nunits ||
				     side_of(b, t) != w || !at(b, t, r, c) ||
				     s->st[t].declared < 0)) {
					mx_reject(
					    b, g,
					    "it may engage only a brigade "
					    "that attacks at its location",
					    "[M3.3]");
					t = -1;
				}
				s->st[g].engages = t;
				if (t >= 0) {
					s->st[g].engaged = 1;
					s->st[t].engaged = 1;
				}
				emit_engage(b, g, t, 2, r, c);
			}
		}
}

/* ---- 4.) - 6.) attacks ----------------------------------------------- */

/* The rating brigade g attacks with (card less the stacking penalty, +1
 * for a missile attack in the same location), with its derivation when
 * d is not NULL. */
static int attack_rating(const struct bs_battle *b, int g, int t,
			 enum bs_mx_mode mode, int scouts, struct bs_deriv *d)
{
	const struct bs_mx_state *a = &mx_sc(b)->st[g];
	const struct bs_mx_card *c = &a->def->card;
	int card = mode == BS_MX_MISSILE  ? c->missile
		   : mode == BS_MX_CHARGE ? c->charge
					  : c->melee;
	int r = mode == BS_MX_MISSILE  ? a->missile
		: mode == BS_MX_CHARGE ? a->charge
				       : a->melee;
	const char *cite = mode == BS_MX_MISSILE  ? "[M3.4b]"
			   : mode == BS_MX_CHARGE ? "[M3.4c]"
						  : "[M3.4d]";
	if (d) {
		bs_deriv_init(d, card, NULL, NULL, cite);
		if (r != card)
			bs_deriv_add(d, r - card, "[M3.2] RULING R-263",
				     "stack over ten");
	}
	const struct bs_mx_state *tt = &mx_sc(b)->st[t];
	if (mode == BS_MX_MISSILE && !scouts && tt->row == a->row &&
	    tt->col == a->col) {
		r++;
		if (d)
			bs_deriv_add(d, 1, "[M3.4b]", "same location");
	}
	return r;
}

/* One attack of brigade g on t with `classes` classes counting (R-250;
 * an aerial brigade: those that attacked t, R-251). */
static void resolve_one(struct bs_battle *b, int g, int t, enum bs_mx_mode mode,
			int scouts, int classes)
{
	struct mx_scratch *s = mx_sc(b);
	struct bs_mx_state *a = &s->st[g], *d = &s->st[t];
	const struct bs_matrix_field *f = b->sc->matrix;
	struct bs_event ev;
	int on = bs_battle_events_on(b);
	s->killer[t] = side_of(b, g);
	if (mode == BS_MX_MAGIC) {
		int pts =
		    bs_mx_magic_damage(&a->def->fig.magic_damage, classes);
		d->pending += pts;
		if (on) {
			mx_ev(b, &ev, BS_EV_MX_ATTACK);
			bs_battle_ev_units(b, &ev, g, t);
			ev.n[0] = BS_MX_MAGIC;
			ev.n[4] = pts;
			ev.n[5] = classes;
			ev.n[6] = f->full_class;
			ev.what = bs_mx_mode_name[mode];
			ev.cite = a->def->aerial ? "[M3.4a] [M4.2] RULING R-251"
						 : "[M3.4a] RULING R-258";
			bs_battle_emit(b, &ev);
		}
		return;
	}
	struct bs_deriv dv;
	int rating = attack_rating(b, g, t, mode, scouts, on ? &dv : NULL);
	int diff = rating - d->defense;
	int attacks = 1;
	for (int k = 0; k < attacks; k++) {
		/* the roll's reason names the attack's own step */
		static const struct bs_roll_why why_attack[] = {
		    [BS_MX_MISSILE] = {BS_ROLL_ATTACK,
				       {10, 10},
				       0,
				       "attacking",
				       "[M3.4b] Table 1"},
		    [BS_MX_CHARGE] = {BS_ROLL_ATTACK,
				      {10, 10},
				      0,
				      "attacking",
				      "[M3.4c] Table 1"},
		    [BS_MX_MELEE] = {BS_ROLL_ATTACK,
				     {10, 10},
				     0,
				     "attacking",
				     "[M3.4d] Table 1"},
		};
		static const struct bs_roll_why why_scouts = {
		    BS_ROLL_ATTACK, {10, 10}, 0, "attacking", "[M3.5] Table 1"};
		bs_dice_why(&b->dice, scouts ? &why_scouts : &why_attack[mode],
			    -1, g, -1, t);
		int d1 = bs_roll(&b->dice, 10), d2 = bs_roll(&b->dice, 10);
		int adj = bs_mx_t1_adjusted(&f->t1, d1 + d2, diff, classes,
					    f->full_class);
		int pts = bs_mx_t1_memo_points(&s->t1, adj);
		d->pending += pts;
		if (!on)
			continue;
		mx_ev(b, &ev, BS_EV_MX_ATTACK);
		bs_battle_ev_units(b, &ev, g, t);
		ev.dice[0] = d1;
		ev.dice[1] = d2;
		ev.ndice = 2;
		ev.die_sides = 10;
		ev.n[0] = (int)mode;
		ev.n[1] = rating;
		ev.n[2] = d->defense;
		ev.n[3] = adj;
		ev.n[4] = pts;
		ev.n[5] = classes;
		ev.n[6] = f->full_class;
		ev.n[7] = scouts;
		ev.deriv = dv;
		ev.has_deriv = 1;
		ev.what = bs_mx_mode_name[mode];
		ev.cite = scouts		  ? "[M3.5] RULING R-253"
			  : a->def->aerial	  ? "[M4.2] RULING R-251"
			  : mode == BS_MX_MISSILE ? "[M3.4b] RULING R-250"
			  : mode == BS_MX_CHARGE  ? "[M3.4c] RULING R-250"
						  : "[M3.4d] RULING R-250";
		bs_battle_emit(b, &ev);
	}
}

int bs_mx_aerial_may(const struct bs_battle *b, int g, int h,
		     enum bs_mx_mode mode)
{
	if (!bs_mx_state(b, g) || h < 0 || h >= b->nunits)
		return 0;
	const struct mx_scratch *s = mx_sc(b);
	const struct bs_mx_state *a = &s->st[g];
	if (side_of(b, h) == side_of(b, g) || !mx_active(b, h) ||
	    !mx_active(b, g))
		return 0;
	if (a->engaged)
		return h == a->declared || h == a->engages ||
		       s->st[h].engages == g;
	if (mode == BS_MX_MELEE || mode == BS_MX_CHARGE)
		return s->st[h].row == a->row && s->st[h].col == a->col;
	return bs_mx_in_reach(
	    b, g, h, mode == BS_MX_MAGIC ? BS_MX_MAGIC : BS_MX_MISSILE);
}

int bs_mx_points_left(const struct bs_battle *b, int h)
{
	const struct bs_mx_state *t = bs_mx_state(b, h);
	if (!t || t->where != BS_MX_FIELD || t->cls <= 0)
		return 0;
	int left = (t->cls - 1) * t->def->card.unit_max + t->unit - t->pending;
	return left > 0 ? left : 0;
}

long bs_mx_split_value100(const struct bs_battle *b, int g, int h,
			  enum bs_mx_mode mode, int classes, int cap)
{
	if (!bs_mx_state(b, g) || h < 0 || h >= b->nunits || classes <= 0)
		return 0;
	const struct mx_scratch *s = mx_sc(b);
	const struct bs_mx_state *a = &s->st[g];
	if (mode == BS_MX_MAGIC) {
		/* [M3.4a] RULING R-258: no roll */
		long p = bs_mx_magic_damage(&a->def->fig.magic_damage, classes);
		return 100 * (cap >= 0 && p > cap ? cap : p);
	}
	/* the attack step's own rating and Table 1 (resolve_one), over
	 * the 100 outcomes of 2d10 (RULING R-250; the scenario's table
	 * remembered, bs_mx_t1_capped100) */
	int diff = attack_rating(b, g, h, mode, 0, NULL) - s->st[h].defense;
	return bs_mx_t1_memo_capped100(&s->t1, diff, classes, cap);
}

/* [M3.4] brigade g's attack on t. [M4.2] "Aerial Units do not attack as
 * brigades. Individual units may attack. The number of attacks an aerial
 * unit has is equal to its class number. Do not multiply the damage done
 * to the opponent by the total class number of the brigade, but by the
 * total classes that attacked the brigade." RULING R-251 (revised): an
 * aerial brigade's controller splits its classes between the enemies in
 * reach; each enemy attacked takes one attack in which the classes that
 * attacked it count where R-250 counts a brigade's class number. */
static void resolve(struct bs_battle *b, int g, int t, enum bs_mx_mode mode,
		    int scouts)
{
	struct mx_scratch *s = mx_sc(b);
	struct bs_mx_state *a = &s->st[g];
	if (mode == BS_MX_MAGIC)
		a->magic_left--;
	if (!a->def->aerial || scouts) {
		resolve_one(b, g, t, mode, scouts, a->cls);
		return;
	}
	int split[MX_MAX_G];
	for (int h = 0; h < b->nunits; h++)
		split[h] = 0;
	const struct bs_mx_controller *c = mx_ctl(b, side_of(b, g));
	if (c && c->aerial)
		c->aerial(c->ctx, b, g, mode, t, split);
	int left = a->cls;
	for (int h = 0; h < b->nunits; h++) {
		if (split[h] <= 0 || h == t)
			continue;
		if (!bs_mx_aerial_may(b, g, h, mode) || split[h] > left) {
			mx_reject(b, g,
				  "its classes may attack only enemy brigades "
				  "in reach, no more than it has",
				  "[M4.2] RULING R-251");
			split[h] = 0;
			continue;
		}
		left -= split[h];
	}
	/* in unit order, its target taking what is left */
	for (int h = 0; h < b->nunits; h++)
		if (h != t && split[h] > 0)
			resolve_one(b, g, h, mode, 0, split[h]);
	if (left > 0)
		resolve_one(b, g, t, mode, 0, left);
}

/* ---- odds (the referee, RULING R-434) ---------------------------------- */

int bs_mx_attack_now(const struct bs_battle *b, int g, int t,
		     enum bs_mx_mode mode, struct bs_mx_attack_now *out)
{
	memset(out, 0, sizeof *out);
	if (g < 0 || g >= b->nunits || t < 0 || t >= b->nunits ||
	    (int)mode < 0 || mode >= BS_MX_MODE__COUNT)
		return -1;
	const struct mx_scratch *s = mx_sc(b);
	const struct bs_mx_state *a = &s->st[g], *d = &s->st[t];
	const struct bs_matrix_field *f = b->sc->matrix;
	out->mode = mode;
	out->scouts = a->def->scouts;
	out->aerial = a->def->aerial;
	out->classes = a->cls;
	out->full_class = f->full_class;
	out->defense = d->defense;
	int same = a->where == BS_MX_FIELD && d->where == BS_MX_FIELD &&
		   a->row == d->row && a->col == d->col;
	out->same_location = same;
	if (side_of(b, g) == side_of(b, t)) {
		out->cannot = "the two brigades are of one army";
		out->cite = "[M3.4]";
		return 0;
	}
	if (!mx_active(b, g) || d->where != BS_MX_FIELD) {
		out->cannot = "a brigade in the reserve or out of the battle "
			      "neither attacks nor is attacked, nor does a "
			      "routed one attack";
		out->cite = "[M1.2] [M3.4]";
		return 0;
	}
	if (mode == BS_MX_MAGIC) {
		/* [M3.4a] RULING R-258: the average of the spell / 10 x the
		 * caster's class number: no roll */
		out->magic = 1;
		out->spell = a->def->fig.magic_damage;
		if (!a->def->fig.magic || a->magic_left <= 0) {
			out->cannot = a->def->fig.magic
					  ? "it has no spell left to cast"
					  : "it casts no spells";
			out->cite = "[M3.4a]";
			return 0;
		}
		if (!bs_mx_in_reach(b, g, t, BS_MX_MAGIC)) {
			out->cannot = "the target is not in the same or an "
				      "adjacent location";
			out->cite = "[M3.4a]";
			return 0;
		}
		out->points = bs_mx_magic_damage(&out->spell, a->cls);
		return 0;
	}
	if (out->scouts && mode == BS_MX_CHARGE) {
		out->cannot = "scouts attack with their missile or melee "
			      "rating";
		out->cite = "[M3.5] RULING R-253";
		return 0;
	}
	if (mode == BS_MX_MISSILE && !bs_mx_in_reach(b, g, t, BS_MX_MISSILE)) {
		out->cannot = "the target is not in the same or an adjacent "
			      "location";
		out->cite = out->scouts ? "[M3.5]" : "[M3.4b]";
		return 0;
	}
	if ((mode == BS_MX_MELEE || mode == BS_MX_CHARGE) && !same &&
	    !(out->scouts && bs_mx_in_reach(b, g, t, BS_MX_MISSILE))) {
		out->cannot = "a charge or a melee is on an enemy at its "
			      "location";
		out->cite = mode == BS_MX_CHARGE ? "[M3.4c]" : "[M3.4d]";
		return 0;
	}
	/* the attack step's own rating (resolve_one): the card less the
	 * stacking penalty, +1 a missile attack at the same location */
	out->rating = attack_rating(b, g, t, mode, out->scouts, &out->deriv);
	out->diff = out->rating - out->defense;
	for (int d1 = 1; d1 <= 10; d1++)
		for (int d2 = 1; d2 <= 10; d2++) {
			int adj =
			    bs_mx_t1_adjusted(&f->t1, d1 + d2, out->diff,
					      out->classes, out->full_class);
			int pts = bs_mx_t1_points(&f->t1, adj);
			if (pts < 0)
				pts = 0;
			if (pts >= BS_MX_ODDS_POINTS)
				pts = BS_MX_ODDS_POINTS - 1;
			out->ways[pts]++;
			if (pts > out->max_points)
				out->max_points = pts;
		}
	out->expected100 = bs_mx_t1_expected100(&f->t1, out->diff, out->classes,
						out->full_class);
	out->rolled = 1;
	return 0;
}

/* A free target from the controller, checked: an enemy in reach. */
static int free_target(struct bs_battle *b, int g, enum bs_mx_mode mode)
{
	const struct bs_mx_controller *c = mx_ctl(b, side_of(b, g));
	if (!c->target)
		return -1;
	int t = c->target(c->ctx, b, g, mode);
	if (t == -1)
		return -1;
	if (t < 0 || t >= b->nunits ||
	    !bs_mx_in_reach(
		b, g, t, mode == BS_MX_MAGIC ? BS_MX_MAGIC : BS_MX_MISSILE)) {
		mx_reject(b, g,
			  "the target is not an enemy brigade in the same or "
			  "an adjacent location",
			  "[M3.4a] [M3.4b]");
		return -1;
	}
	return t;
}

/* RULING R-261: what brigade g does in its side's attack step. Engaged:
 * melee only [M3.4] ("Engaged units may only perform step 4d"; "Engaged
 * units _must_ attack"). An attacker no defender engaged: a charge if it
 * moved into the location [M3.4c], else magic, else a stationary missile
 * attack (RULING R-259: it did not move), else melee. Every other
 * brigade (held back, the loser's not engaged, no enemy at its location):
 * magic or a stationary missile attack at the same or an adjacent
 * location. One attack per brigade (aerial: one per century). */
static int choose(struct bs_battle *b, int g, int winner, int *target)
{
	struct mx_scratch *s = mx_sc(b);
	struct bs_mx_state *t = &s->st[g];
	*target = -1;
	if (!mx_active(b, g) || t->def->scouts)
		return -1;
	int magic = t->def->fig.magic && t->magic_left > 0;
	if (t->engaged) {
		if (winner) {
			int d = t->declared;
			if (d < 0 || s->st[d].engages != g) {
				d = -1;
				for (int h = 0; h < b->nunits && d < 0; h++)
					if (s->st[h].engages == g)
						d = h;
			}
			*target = d;
		} else {
			*target = t->engages;
		}
		return *target >= 0 ? BS_MX_MELEE : -1;
	}
	if (winner && t->declared >= 0) {
		*target = t->declared;
		if (t->entered && t->charge > 0)
			return BS_MX_CHARGE;
		if (magic)
			return BS_MX_MAGIC;
		if (!t->moved && t->missile > 0)
			return BS_MX_MISSILE;
		return BS_MX_MELEE;
	}
	if (magic) {
		*target = free_target(b, g, BS_MX_MAGIC);
		return *target >= 0 ? BS_MX_MAGIC : -1;
	}
	if (!t->moved && t->missile > 0) {
		*target = free_target(b, g, BS_MX_MISSILE);
		return *target >= 0 ? BS_MX_MISSILE : -1;
	}
	return -1;
}

/* [M3.4] the attack phase of one side: a.) magic, b.) missiles, c.)
 * charges, d.) melee, each step for all its brigades. */
static void attacks(struct bs_battle *b, int side, int winner)
{
	/* each step's brigades in unit order: by[m][0 .. nby[m]) */
	int tgt[MX_MAX_G], by[BS_MX_MODE__COUNT][BS_MX_MAX_BRIGADES];
	int nby[BS_MX_MODE__COUNT] = {0};
	for (int g = b->side_first[side];
	     g < b->nunits && side_of(b, g) == side; g++) {
		int m = choose(b, g, winner, &tgt[g]);
		if (m >= 0 && m < BS_MX_MODE__COUNT &&
		    nby[m] < BS_MX_MAX_BRIGADES)
			by[m][nby[m]++] = g;
	}
	for (int m = 0; m < BS_MX_MODE__COUNT; m++)
		for (int i = 0; i < nby[m]; i++)
			resolve(b, by[m][i], tgt[by[m][i]], (enum bs_mx_mode)m,
				0);
}

/* [M3.5] "Damage from Winner's scouts divisions is dealt out." RULING
 * scouts never engage; each makes one attack with its better of
 * missile and melee rating, without the same-location bonus, at an enemy
 * in the same or an adjacent location; the loser's scouts attack at the
 * end of the counterattack. */
static void scouts(struct bs_battle *b, int side)
{
	struct mx_scratch *s = mx_sc(b);
	for (int g = b->side_first[side];
	     g < b->nunits && side_of(b, g) == side; g++) {
		const struct bs_mx_state *t = &s->st[g];
		/* RULING R-253: scouts without a missile or melee weapon
		 * have no attack (the loader refuses them) */
		if (!mx_active(b, g) || !t->def->scouts ||
		    (t->def->card.missile <= 0 && t->def->card.melee <= 0))
			continue;
		int tg = free_target(b, g, BS_MX_MISSILE);
		if (tg < 0)
			continue;
		int shoot = t->def->card.missile > 0 &&
			    (t->def->card.melee <= 0 || t->missile >= t->melee);
		resolve(b, g, tg, shoot ? BS_MX_MISSILE : BS_MX_MELEE, 1);
	}
}

/* ---- 7.) assess damage, morale, the end ------------------------------ */

/* The location of brigade g as one number (row x columns + column), -1
 * off the matrix. */
static int t_cell(const struct bs_battle *b, int g)
{
	const struct mx_scratch *s = mx_sc(b);
	const struct bs_mx_state *t = &s->st[g];
	if (t->row < 0 || t->row >= b->sc->matrix->rows || t->col < 0 ||
	    t->col >= s->cols)
		return -1;
	return t->row * s->cols + t->col;
}

/* RULING R-254: did g's stack lose a brigade destroyed (dead[h]: h was)?
 * The scan of every brigade, for one off the matrix (never in play: the
 * moves keep brigades on it; assess reads a mark per location). */
static int ally_lost_scan(const struct bs_battle *b, int g, const int *dead)
{
	const struct mx_scratch *s = mx_sc(b);
	for (int h = 0; h < b->nunits; h++)
		if (dead[h] && side_of(b, h) == side_of(b, g) &&
		    s->st[h].row == s->st[g].row &&
		    s->st[h].col == s->st[g].col)
			return 1;
	return 0;
}

static void assess(struct bs_battle *b)
{
	struct mx_scratch *s = mx_sc(b);
	int dead[MX_MAX_G];
	mx_phase(b, BS_PHASE_MX_ASSESS, "[M3.7]");
	/* [M3.7] "Assess damage from winners attack and loser's
	 * counterattack": RULING R-260, all at once */
	for (int g = 0; g < b->nunits; g++) {
		struct bs_mx_state *t = &s->st[g];
		dead[g] = 0;
		if (t->pending <= 0 || t->where != BS_MX_FIELD)
			continue;
		int c0 = t->cls, u0 = t->unit;
		t->lost_now = bs_mx_damage(&t->cls, &t->unit,
					   t->def->card.unit_max, t->pending);
		b->units[g].figures = t->cls;
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			mx_ev(b, &ev, BS_EV_MX_DAMAGE);
			bs_battle_ev_units(b, &ev, g, -1);
			ev.n[0] = t->pending;
			ev.n[1] = c0;
			ev.n[2] = u0;
			ev.n[3] = t->cls;
			ev.n[4] = t->unit;
			ev.n[5] = t->lost_now;
			ev.cite = "[M2.6] [M3.7]";
			bs_battle_emit(b, &ev);
		}
		t->pending = 0;
		dead[g] = t->cls == 0;
	}
	/* the locations where each army lost a brigade destroyed */
	int ndead = 0, off = 0;
	unsigned char lost_at[2][MX_CELLS];
	for (int g = 0; g < b->nunits; g++)
		if (dead[g]) {
			if (!ndead++)
				memset(lost_at, 0, sizeof lost_at);
			int c = t_cell(b, g);
			if (c >= 0)
				lost_at[side_of(b, g)][c] = 1;
			else
				off = 1;
			mx_remove(b, g, BS_END_DESTROYED,
				  "destroyed: its last century is lost",
				  "[M2.6]");
		}
	/* RULING R-254: a brigade that lost a century, or whose stack lost a
	 * brigade destroyed, checks morale: d100 above its ML% routs it */
	for (int g = 0; g < b->nunits; g++) {
		struct bs_mx_state *t = &s->st[g];
		if (!mx_active(b, g))
			continue;
		int c = ndead ? t_cell(b, g) : -1, ally = 0;
		if (ndead && (off || c < 0))
			ally = ally_lost_scan(b, g, dead);
		else if (ndead)
			ally = lost_at[side_of(b, g)][c];
		if (!t->lost_now && !ally)
			continue;
		struct bs_deriv d;
		/* RULING R-254: the share of its strength at the start (a
		 * brigade of 150 men, 2/3 of 5 HD, starts at 100%) */
		int pct = bs_mx_strength_left_pct(
		    t->cls, t->unit, t->def->card.unit_max, t->def->card.cls,
		    t->def->card.unit);
		int ml = bs_mx_morale(t->ml, pct, ally, &d);
		static const struct bs_roll_why why_morale = {
		    BS_ROLL_MORALE,
		    {100, 0},
		    1,
		    "morale check (d100)",
		    "[M2.3a] RULING R-254"};
		bs_dice_why(&b->dice, &why_morale, -1, g, -1, -1);
		int roll = bs_roll(&b->dice, 100);
		int pass = roll <= ml;
		if (!pass) {
			t->routed = 1;
			mx_ix_unit(b, g);
			b->units[g].flags |= BS_UF_ROUTED;
		}
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			mx_ev(b, &ev, BS_EV_MORALE);
			bs_battle_ev_units(b, &ev, g, -1);
			ev.deriv = d;
			ev.has_deriv = 1;
			ev.dice[0] = roll;
			ev.ndice = 1;
			ev.die_sides = 100;
			ev.n[0] = pass;
			ev.what = pass ? "holds" : "routs";
			ev.cite = "[M2.3a] RULING R-254";
			bs_battle_emit(b, &ev);
		}
	}
}

/* Strength points left of side (brigades in the battle, not routed). */
static int side_points(const struct bs_battle *b, int side, int *start)
{
	const struct mx_scratch *s = mx_sc(b);
	int left = 0;
	*start = 0;
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_mx_state *t = &s->st[g];
		if (side_of(b, g) != side)
			continue;
		int um = t->def->card.unit_max;
		*start += (t->def->card.cls - 1) * um + t->def->card.unit;
		if (t->where != BS_MX_OUT && !t->routed && t->cls > 0)
			left += (t->cls - 1) * um + t->unit;
	}
	return left;
}

/* RULING R-265: a side with no brigade left in the battle (not routed)
 * loses (both: a draw); at the round limit the side with the greater
 * share of its strength left wins, equal shares a draw. */
static void end_check(struct bs_battle *b)
{
	const struct mx_scratch *s = mx_sc(b);
	int alive[2] = {0, 0};
	for (int g = 0; g < b->nunits; g++)
		if (s->st[g].where != BS_MX_OUT && !s->st[g].routed)
			alive[side_of(b, g)]++;
	struct bs_result *r = &b->result;
	for (int sd = 0; sd < 2; sd++) {
		r->side[sd].units_in_play = alive[sd];
		r->side[sd].figures_lost = 0;
	}
	for (int g = 0; g < b->nunits; g++)
		r->side[side_of(b, g)].figures_lost +=
		    b->units[g].original - b->units[g].figures;
	r->rounds = b->round;
	if (alive[0] == 0 || alive[1] == 0) {
		r->over = 1;
		r->winner = alive[0] ? 0 : alive[1] ? 1 : -1;
		r->reason = r->winner >= 0
				? "the enemy has no brigade left in the "
				  "battle (RULING R-265)"
				: "neither side has a brigade left in the "
				  "battle (RULING R-265)";
	} else if (b->round >= b->max_rounds) {
		int s0, s1;
		long l0 = side_points(b, 0, &s0), l1 = side_points(b, 1, &s1);
		long a = l0 * (s1 ? s1 : 1), c = l1 * (s0 ? s0 : 1);
		r->over = 1;
		r->winner = a > c ? 0 : c > a ? 1 : -1;
		r->reason = r->winner >= 0
				? "round limit: the greater share of its "
				  "strength left (RULING R-265)"
				: "round limit: equal shares of strength "
				  "left (RULING R-265)";
	}
	if (!r->over || !bs_battle_events_on(b))
		return;
	mx_grid(b, 2);
	struct bs_event ev;
	mx_ev(b, &ev, BS_EV_END);
	ev.n[0] = r->winner;
	ev.n[1] = b->round;
	ev.what = r->reason;
	ev.cite = "RULING R-265";
	bs_battle_emit(b, &ev);
}

void mx_round(struct bs_battle *b)
{
	struct mx_scratch *s = mx_sc(b);
	if (b->round == 0)
		start(b);
	b->round++;
	b->phase = BS_PHASE_INITIATIVE;
	for (int g = 0; g < b->nunits; g++) {
		struct bs_mx_state *t = &s->st[g];
		t->moved = t->entered = t->engaged = 0;
		t->declared = t->engages = -1;
		t->pending = t->lost_now = 0;
	}
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		mx_ev(b, &ev, BS_EV_ROUND);
		ev.n[0] = b->round;
		ev.cite = "[M3]";
		bs_battle_emit(b, &ev);
	}
	initiative(b);
	movement(b);
	engagement(b);
	int w = b->side_a, l = other(w);
	mx_phase(b, BS_PHASE_MX_ATTACK, "[M3.4]");
	attacks(b, w, 1);
	mx_phase(b, BS_PHASE_MX_SCOUTS, "[M3.5]");
	scouts(b, w);
	/* [M3.6] "Loser counterattacks - step 4 for all loser's units." */
	mx_phase(b, BS_PHASE_MX_COUNTER, "[M3.6]");
	attacks(b, l, 0);
	scouts(b, l);
	assess(b);
	end_check(b);
}
