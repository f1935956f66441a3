/* A referee's session (issue 17, docs/REFEREE.md): the battle replayed
 * from its inputs. Every place where the rules wait for the table, a roll
 * to be entered ([5.1], [8.4 B], [4.3], [4.6], [6.2], [9.1 T11], the 2E
 * and matrix rolls), a human side's decision ([1.4], [6.0], [7.0], [7.12],
 * [8.2], [9.2]) or the referee's go for the next Game Round [1.0], is a
 * prompt point: there the session takes the next input in force, or, past
 * them, asks its UI for one, journals it and acts on it. Undo and resume
 * replay the inputs from a fresh battle, and so do the continuations of
 * "odds from here". */
#include <limits.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "battlesim/bs1e_heroes.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_undead.h"
#include "battlesim/bs1e_missile.h"
#include "battlesim/referee.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"

const char *const bs_ref_side_mode_name[BS_REF_SIDE__COUNT] = {
    [BS_REF_HUMAN] = "human",
    [BS_REF_AI] = "ai",
    [BS_REF_HOLD] = "hold",
    [BS_REF_SCRIPTED] = "scripted",
};
const char *const bs_ref_dice_mode_name[BS_REF_DICE__COUNT] = {
    [BS_REF_ASK] = "ask",
    [BS_REF_PROGRAM] = "program",
};
const char *const bs_ref_override_name[BS_OVR__COUNT] = {
    [BS_OVR_DIE] = "die",	    [BS_OVR_FIGURES] = "figures",
    [BS_OVR_ROUTED] = "routed",	    [BS_OVR_RALLIED] = "rallied",
    [BS_OVR_COMMAND] = "command",   [BS_OVR_POSITION] = "position",
    [BS_OVR_STRENGTH] = "strength",
};
const char *const bs_ref_in_name[BS_IN__COUNT] = {
    [BS_IN_DIE] = "die",   [BS_IN_ANSWER] = "answer",
    [BS_IN_GO] = "go",	   [BS_IN_DICE] = "dice",
    [BS_IN_SIDE] = "side", [BS_IN_OVERRIDE] = "override",
    [BS_IN_UNDO] = "undo",
};

/* ---- owned strings --------------------------------------------------------
 */

struct bs_arena_str {
	struct bs_arena_str *next;
	char s[];
};

const char *bs_ref_strdup(struct bs_ref *r, const char *s)
{
	size_t n = strlen(s);
	struct bs_arena_str *a = malloc(sizeof *a + n + 1);
	if (!a)
		return NULL;
	memcpy(a->s, s, n + 1);
	a->next = r->strs;
	r->strs = a;
	return a->s;
}

static int *dup_dice(struct bs_ref *r, const int *d, int n)
{
	struct bs_arena_str *a =
	    malloc(sizeof *a + (size_t)(n > 0 ? n : 1) * sizeof(int));
	if (!a)
		return NULL;
	memcpy(a->s, d, (size_t)n * sizeof(int));
	a->next = r->strs;
	r->strs = a;
	return (int *)(void *)a->s;
}

/* ---- the controllers each side's mode picks --------------------------------
 */

static const char *mode_ctl_name(const struct bs_ref *r, int side);

static const struct bs_controller *side_ctl(const struct bs_ref *r, int side)
{
	return bs_ai_find(r->ai, r->sc->rules, mode_ctl_name(r, side), NULL);
}

static int d_moves_first(void *ctx, const struct bs_battle *b, int side)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->moves_first ? c->moves_first(c->ctx, b, side) : 1;
}

static int d_rally(void *ctx, const struct bs_battle *b, int side,
		   struct bs_rally_order *out, int max)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->rally ? c->rally(c->ctx, b, side, out, max) : 0;
}

static int d_sequence(void *ctx, const struct bs_battle *b, int side,
		      int *units, int max)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	if (c->move_sequence)
		return c->move_sequence(c->ctx, b, side, units, max);
	/* the engine's default: every unit, in the side's order */
	int n = b->sc->sides[side].nunits;
	if (n > max)
		n = max;
	for (int i = 0; i < n; i++)
		units[i] = i;
	return n;
}

static void d_move(void *ctx, const struct bs_battle *b, int side, int unit,
		   struct bs_order *out)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	if (c->move)
		c->move(c->ctx, b, side, unit, out);
}

static void d_move_indiv(void *ctx, const struct bs_battle *b, int side,
			 int indiv, struct bs_indiv_order *out)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	if (c->move_indiv)
		c->move_indiv(c->ctx, b, side, indiv, out);
}

static int d_follow(void *ctx, const struct bs_battle *b, int side, int unit,
		    int eside, int eunit)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->follow ? c->follow(c->ctx, b, side, unit, eside, eunit) : 0;
}

static int d_melee_order(void *ctx, const struct bs_battle *b, int side,
			 const struct bs_melee *m, int n, int *order)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->melee_order ? c->melee_order(c->ctx, b, side, m, n, order)
			      : 0;
}

static int d_weapon(void *ctx, const struct bs_battle *b, int side, int unit)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->weapon ? c->weapon(c->ctx, b, side, unit) : -1;
}

static int d_retreat(void *ctx, const struct bs_battle *b, int side, int unit)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->bs2e_retreat ? c->bs2e_retreat(c->ctx, b, side, unit) : 0;
}

static int d_fire(void *ctx, const struct bs_battle *b, int side,
		  enum bs_fire_kind kind, int call, struct bs_fire_order *out,
		  int max)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->fire ? c->fire(c->ctx, b, side, kind, call, out, max) : 0;
}

static int d_pass_through(void *ctx, const struct bs_battle *b, int side,
			  int mside, int munit,
			  const struct bs_move_point *path, int n,
			  struct bs_fire_order *out, int max)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->pass_through ? c->pass_through(c->ctx, b, side, mside, munit,
						 path, n, out, max)
			       : 0;
}

static int d_roles(void *ctx, const struct bs_battle *b, int side,
		   struct bs_role_order *out, int max)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->roles ? c->roles(c->ctx, b, side, out, max) : 0;
}

/* [9.4] [10.0] RULING R-525: the shots of a side's individuals, asked of
 * an AI or scripted side's controller as in `play` (the human controller
 * has none: a human side's heroes do not shoot, said at its fire prompt). */
static int d_fire_indiv(void *ctx, const struct bs_battle *b, int side,
			struct bs_indiv_fire_order *out, int max)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->fire_indiv ? c->fire_indiv(c->ctx, b, side, out, max) : 0;
}

/* Issue 16 [1.5 A] [14.1]: the casts of a side's individuals, asked of its
 * controller as in `play` (a human side's at the cast prompt, RULING
 * */
static int d_cast(void *ctx, const struct bs_battle *b, int side,
		  struct bs_cast_order *out, int max)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->cast ? c->cast(c->ctx, b, side, out, max) : 0;
}

/* [14.19] RULING R-586: the turning attempts of a side's clerics, asked
 * of its controller as in `play` (a human side's at the turn prompt,
 * RULING R-661). */
static int d_turn(void *ctx, const struct bs_battle *b, int side,
		  struct bs_turn_order *out, int max)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->turn ? c->turn(c->ctx, b, side, out, max) : 0;
}

/* [10.6] RULING R-549: the pass-through shots of a side's individuals,
 * asked of its controller as in `play` (a human side's at the
 * pass-through prompt, RULING R-662). */
static int d_pass_through_indiv(void *ctx, const struct bs_battle *b, int side,
				int mside, int munit,
				const struct bs_move_point *path, int n,
				struct bs_indiv_fire_order *out, int max)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->pass_through_indiv
		   ? c->pass_through_indiv(c->ctx, b, side, mside, munit, path,
					   n, out, max)
		   : 0;
}

/* Issue 15 [10.6] RULING R-674: a side's units' pass-through fire at an
 * enemy individual's move, asked of its controller as in `play` (a human
 * side's at the pass-through prompt, RULING R-697). */
static int d_pass_through_at_indiv(void *ctx, const struct bs_battle *b,
				   int side, int mside, int mindiv,
				   const struct bs_move_point *path, int n,
				   struct bs_fire_order *out, int max)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->pass_through_at_indiv
		   ? c->pass_through_at_indiv(c->ctx, b, side, mside, mindiv,
					      path, n, out, max)
		   : 0;
}

/* [10.5] [13.7] RULING R-637: a lone breather's breath half-way along his
 * move, asked of his side's controller as in `play` (a human side's: the
 * one his move's answer typed, X Y breathe ENEMY). */
static int d_split_breath(void *ctx, const struct bs_battle *b, int side,
			  int indiv, struct bs_cast_order *out)
{
	const struct bs_controller *c = side_ctl(ctx, side);
	return c->split_breath ? c->split_breath(c->ctx, b, side, indiv, out)
			       : 0;
}

/* The dispatcher attached to side s has the callbacks its controller
 * has, and no other: the engine asks a side exactly as `play` asks that
 * controller (a NULL fire or pass-through callback means no fire, and no
 * pause of an enemy's move for it [10.6]). `exact` (at a restart and
 * before each Game Round): mirrored; else (a side's mode changed within
 * a round) only added, never removed, since the engine may be inside a
 * loop that calls one (each dispatcher function copes with a controller
 * that lacks it). */
static void sync_disp(struct bs_ref *r, int s, int exact)
{
	const struct bs_controller *c = side_ctl(r, s);
	struct bs_controller *d = &r->disp_side[s];
	const struct bs_controller *t = &r->disp;
#define SYNC(f) d->f = c->f ? t->f : exact ? NULL : d->f
	d->name = t->name;
	d->ctx = t->ctx;
	SYNC(moves_first);
	SYNC(rally);
	SYNC(move_sequence);
	SYNC(move);
	SYNC(move_indiv);
	SYNC(follow);
	SYNC(melee_order);
	SYNC(weapon);
	SYNC(bs2e_retreat);
	SYNC(fire);
	SYNC(pass_through);
	SYNC(roles);
	SYNC(fire_indiv);
	SYNC(cast);
	SYNC(turn);
	SYNC(pass_through_indiv);
	SYNC(pass_through_at_indiv);
	SYNC(split_breath);
#undef SYNC
}

static void sync_all(struct bs_ref *r, int exact)
{
	for (int s = 0; s < r->sc->nsides && s < BS_MAX_SIDES; s++)
		sync_disp(r, s, exact);
}

/* The registry's name of the controller a side's mode picks (RULING
 * in a continuation the AI plays the humans). */
static const char *mode_ctl_name(const struct bs_ref *r, int side)
{
	int m = r->side_mode[side];
	if (m == BS_REF_HUMAN && r->in_cont)
		m = BS_REF_AI;
	return m == BS_REF_HUMAN      ? "human"
	       : m == BS_REF_AI	      ? "doctrine"
	       : m == BS_REF_SCRIPTED ? "scripted"
				      : "hold";
}

static const struct bs_mx_controller *mx_ctl(const struct bs_ref *r, int side)
{
	return bs_ai_find(r->ai, BS_RULES_MATRIX, mode_ctl_name(r, side), NULL);
}

static int mx_side(const struct bs_battle *b, int g)
{
	return b->units[g].side;
}

static void mxd_move(void *ctx, const struct bs_battle *b, int g,
		     struct bs_mx_move *out)
{
	const struct bs_mx_controller *c = mx_ctl(ctx, mx_side(b, g));
	if (c->move)
		c->move(c->ctx, b, g, out);
}

static void mxd_declare(void *ctx, const struct bs_battle *b, int side, int row,
			int col, int *decl)
{
	const struct bs_mx_controller *c = mx_ctl(ctx, side);
	if (c->declare)
		c->declare(c->ctx, b, side, row, col, decl);
}

static void mxd_defend(void *ctx, const struct bs_battle *b, int side, int row,
		       int col, int *eng)
{
	const struct bs_mx_controller *c = mx_ctl(ctx, side);
	if (c->defend)
		c->defend(c->ctx, b, side, row, col, eng);
}

static int mxd_target(void *ctx, const struct bs_battle *b, int g,
		      enum bs_mx_mode mode)
{
	const struct bs_mx_controller *c = mx_ctl(ctx, mx_side(b, g));
	return c->target ? c->target(c->ctx, b, g, mode) : -1;
}

static void mxd_aerial(void *ctx, const struct bs_battle *b, int g,
		       enum bs_mx_mode mode, int t, int *classes)
{
	const struct bs_mx_controller *c = mx_ctl(ctx, mx_side(b, g));
	if (c->aerial)
		c->aerial(c->ctx, b, g, mode, t, classes);
}

static int mxd_move_order(void *ctx, const struct bs_battle *b, int side,
			  int *out, int max)
{
	const struct bs_mx_controller *c = mx_ctl(ctx, side);
	return c->move_order ? c->move_order(c->ctx, b, side, out, max) : 0;
}

int bs_ref_mode_ok(const struct bs_ref *r, int side, int mode, char *why,
		   size_t len)
{
	if (side < 0 || side >= r->sc->nsides || mode < 0 ||
	    mode >= BS_REF_SIDE__COUNT) {
		snprintf(why, len, "no such side or mode");
		return -1;
	}
	int norders = r->sc->matrix ? r->sc->matrix->norders[side]
				    : r->sc->sides[side].norders;
	if (mode == BS_REF_SCRIPTED && norders == 0) {
		snprintf(why, len, "side '%s' has no scripted orders",
			 r->sc->sides[side].name);
		return -1;
	}
	return 0;
}

/* ---- inputs ----------------------------------------------------------------
 */

int bs_ref_push(struct bs_ref *r, const struct bs_ref_input *in)
{
	if (r->nin == r->cap) {
		long cap = r->cap ? r->cap * 2 : 256;
		struct bs_ref_input *n =
		    realloc(r->in, (size_t)cap * sizeof *n);
		if (!n)
			return -1;
		r->in = n;
		r->cap = cap;
	}
	struct bs_ref_input c = *in;
	if (in->type == BS_IN_DIE && in->ndice > 0 &&
	    !(c.dice = dup_dice(r, in->dice, in->ndice)))
		return -1;
	if (in->text && !(c.text = bs_ref_strdup(r, in->text)))
		return -1;
	if (in->note && !(c.note = bs_ref_strdup(r, in->note)))
		return -1;
	r->in[r->nin++] = c;
	return 0;
}

void bs_ref_set_journal(struct bs_ref *r, FILE *f, int fd)
{
	r->journal = f;
	r->journal_fd = fd;
}

static int journal(struct bs_ref *r, const struct bs_ref_input *in)
{
	if (!r->journal)
		return 0;
	if (bs_ref_journal_append(r->journal, r->journal_fd, r, in) != 0) {
		snprintf(r->error, sizeof r->error,
			 "the journal could not be written: the session "
			 "stops (every input before this one is kept)");
		return -1;
	}
	return 0;
}

static void emit_override(struct bs_ref *r, int g, const char *what,
			  const char *note)
{
	struct bs_battle *b = r->b;
	if (!bs_battle_events_on(b))
		return;
	char text[600];
	snprintf(text, sizeof text, "%s (the referee: %s)", what,
		 note && note[0] ? note : "no reason given");
	/* the text lives as long as the session: the map keeps events */
	const char *t = bs_ref_strdup(r, text);
	struct bs_event ev;
	bs_battle_event(b, &ev, BS_EV_OVERRIDE);
	bs_battle_ev_units(b, &ev, g, -1);
	ev.what = t ? t : what;
	ev.cite = "referee";
	bs_battle_emit(b, &ev);
}

/* RULING R-432: the referee's word on a brigade of the matrix. */
static void apply_mx_override(struct bs_ref *r, const struct bs_ref_input *in)
{
	struct bs_battle *b = r->b;
	int g = in->g;
	char what[160];
	switch (in->what) {
	case BS_OVR_STRENGTH:
		bs_mx_set_strength(b, g, in->v[0], in->v[1]);
		snprintf(what, sizeof what, "override: class/unit %d/%d",
			 in->v[0], in->v[1]);
		break;
	case BS_OVR_ROUTED:
	case BS_OVR_RALLIED:
		bs_mx_set_routed(b, g, in->what == BS_OVR_ROUTED);
		snprintf(what, sizeof what, "override: %s",
			 in->what == BS_OVR_ROUTED ? "routed" : "rallied");
		break;
	case BS_OVR_POSITION:
		bs_mx_set_place(b, g, in->v[0], in->v[1]);
		if (in->v[0] < 0)
			snprintf(what, sizeof what, "override: in the reserve");
		else
			snprintf(what, sizeof what,
				 "override: at row %d, column %d", in->v[0] + 1,
				 in->v[1] + 1);
		break;
	default:
		return;
	}
	emit_override(r, g, what, in->note);
}

/* RULING R-423: the referee's word on the state (not a rule: what follows
 * is played from the state it leaves). */
static void apply_override(struct bs_ref *r, const struct bs_ref_input *in)
{
	struct bs_battle *b = r->b;
	int g = in->g;
	if (g < 0 || g >= b->nunits)
		return;
	if (b->rules->iface == BS_IFACE_MATRIX) {
		apply_mx_override(r, in);
		return;
	}
	struct bs_unit_state *u = &b->units[g];
	char what[160];
	switch (in->what) {
	case BS_OVR_FIGURES:
		u->figures = in->v[0];
		u->wounded = in->v[1];
		bs_battle_unit_changed(b, g);
		snprintf(what, sizeof what,
			 "override: %d figures, %d of them wounded", in->v[0],
			 in->v[1]);
		break;
	case BS_OVR_ROUTED:
		u->flags |= BS_UF_ROUTED;
		u->rout_facing = fmod(u->facing + 180.0, 360.0);
		snprintf(what, sizeof what, "override: routed");
		break;
	case BS_OVR_RALLIED:
		u->flags &= ~(unsigned)(BS_UF_ROUTED | BS_UF_SHAKEN);
		snprintf(what, sizeof what, "override: rallied");
		break;
	case BS_OVR_COMMAND:
		if (in->v[0])
			u->flags &= ~(unsigned)(BS_UF_OUT_OF_COMMAND |
						BS_UF_DISC_FAILED);
		else
			u->flags |= BS_UF_OUT_OF_COMMAND;
		snprintf(what, sizeof what, "override: %s command",
			 in->v[0] ? "in" : "out of");
		break;
	case BS_OVR_POSITION:
		u->front.x = in->x[0];
		u->front.y = in->x[1];
		u->facing = in->x[2];
		bs_battle_unit_changed(b, g);
		snprintf(what, sizeof what,
			 "override: front centre at (%.1f, %.1f), facing %.0f",
			 in->x[0], in->x[1], in->x[2]);
		break;
	default:
		return;
	}
	emit_override(r, g, what, in->note);
}

static void apply(struct bs_ref *r, const struct bs_ref_input *in)
{
	switch (in->type) {
	case BS_IN_DICE:
		for (int k = 0; k < BS_ROLL__COUNT; k++)
			if (in->kind < 0 || in->kind == k)
				r->dice_mode[k] = in->mode;
		break;
	case BS_IN_SIDE:
		if (in->side >= 0 && in->side < BS_MAX_SIDES &&
		    in->side < r->sc->nsides) {
			r->side_mode[in->side] = in->mode;
			sync_disp(r, in->side, 0);
		}
		break;
	case BS_IN_OVERRIDE:
		apply_override(r, in);
		break;
	default:
		break;
	}
}

/* Does input `in` end prompt p (it is the answer p waits for)? */
static int answers(const struct bs_ref_input *in, const struct bs_ref_prompt *p)
{
	switch (p->wait) {
	case BS_WAIT_ROUND:
		return in->type == BS_IN_GO;
	case BS_WAIT_DIE:
		return in->type == BS_IN_DIE &&
		       in->ndice == bs_dice_req_dice(p->req);
	default:
		if (in->type != BS_IN_ANSWER || in->ask != p->q->kind ||
		    in->side != p->q->side)
			return 0;
		/* RULING R-431: a volley answers the fire it was given at */
		if ((in->ask == BS_HUMAN_FIRE ||
		     in->ask == BS_HUMAN_PASS_THROUGH) &&
		    !in->ans.done)
			return in->ans.fire_kind == p->q->fire &&
			       (in->ans.shot.indiv >= 0) ==
				   (p->q->shots != 0) &&
			       (in->ask == BS_HUMAN_FIRE ||
				(in->ans.mside == p->q->eside &&
				 in->ans.munit == p->q->eunit &&
				 in->ans.mindiv == p->q->eindiv));
		return 1;
	}
}

static int is_setting(const struct bs_ref_input *in)
{
	return in->type == BS_IN_DICE || in->type == BS_IN_SIDE ||
	       in->type == BS_IN_OVERRIDE;
}

/* Is the prompt still waiting, after the settings applied so far? A roll
 * switched to `program`, or a side no longer human, is not asked. */
static int still_waits(const struct bs_ref *r, const struct bs_ref_prompt *p)
{
	if (p->wait == BS_WAIT_DIE) {
		int k = p->req->why ? (int)p->req->why->kind : BS_ROLL_OTHER;
		return r->dice_mode[k] == BS_REF_ASK;
	}
	if (p->wait == BS_WAIT_ASK)
		return r->side_mode[p->q->side] == BS_REF_HUMAN;
	return 1;
}

/* A prompt point: the input that answers p (returned, or NULL when the
 * prompt no longer waits, or the replay is abandoned). */
static const struct bs_ref_input *prompt_point(struct bs_ref *r,
					       const struct bs_ref_prompt *p)
{
	for (;;) {
		if (r->abandon)
			return NULL;
		if (!still_waits(r, p))
			return NULL;
		if (r->pos < r->nin) {
			struct bs_ref_input *in = &r->in[r->pos];
			if (is_setting(in)) {
				r->pos++;
				apply(r, in);
				continue;
			}
			if (answers(in, p)) {
				r->pos++;
				return in;
			}
			/* an input that does not fit where the replay
			 * stands (a journal edited by hand): it and every
			 * later one are dropped, the same way every time */
			if (r->ui && r->ui->note) {
				char msg[160];
				snprintf(msg, sizeof msg,
					 "input %ld (%s) does not fit the "
					 "battle here: it and the %ld after "
					 "it are dropped",
					 r->pos + 1, bs_ref_in_name[in->type],
					 r->nin - r->pos - 1);
				r->ui->note(r->ui->ctx, msg);
			}
			r->nin = r->pos;
			continue;
		}
		if (r->cont) {
			/* a continuation: past the inputs the simulator
			 * plays (its dice, the AI for the humans) */
			if (!r->in_cont) {
				r->in_cont = 1;
				bs_rng_seed_stream(&r->b->rng, r->cseed,
						   r->cstream);
				for (int k = 0; k < BS_ROLL__COUNT; k++)
					r->dice_mode[k] = BS_REF_PROGRAM;
				/* the AI plays the humans from here */
				sync_all(r, 0);
			}
			return NULL;
		}
		if (r->quit || !r->ui) {
			r->abandon = 1;
			return NULL;
		}
		struct bs_ref_input in;
		memset(&in, 0, sizeof in);
		in.g = in.side = in.unit = in.indiv = in.kind = -1;
		long to = 0;
		/* live from here: every event from now on is shown */
		if (r->shown > r->nev)
			r->shown = r->nev;
		enum bs_ref_reply rep =
		    r->ui->prompt(r->ui->ctx, r, p, &in, &to);
		if (rep == BS_REPLY_QUIT) {
			r->quit = 1;
			r->abandon = 1;
			return NULL;
		}
		in.round = p->round;
		in.phase =
		    p->wait == BS_WAIT_ROUND ? BS_PHASE_SETUP : r->b->phase;
		in.ev_at = r->nev;
		if (rep == BS_REPLY_UNDO) {
			if (to < 0)
				to = 0;
			if (to > r->nin)
				to = r->nin;
			struct bs_ref_input u;
			memset(&u, 0, sizeof u);
			u.type = BS_IN_UNDO;
			u.to = to;
			u.round = in.round;
			u.phase = in.phase;
			if (journal(r, &u) != 0) {
				r->quit = r->abandon = 1;
				return NULL;
			}
			/* the events up to where input `to` was asked are
			 * the same in the replay: not shown again */
			r->shown = to < r->nin ? r->in[to].ev_at : r->nev;
			r->nin = to;
			r->abandon = 1;
			return NULL;
		}
		if (in.type == BS_IN_OVERRIDE && in.what == BS_OVR_DIE) {
			/* the last dice entered are replaced: the inputs
			 * after them are undone, the battle replayed */
			long j = r->nin - 1;
			while (j >= 0 && r->in[j].type != BS_IN_DIE)
				j--;
			if (j < 0 || in.ndice != r->in[j].ndice)
				continue; /* the UI checks: never here */
			if (journal(r, &in) != 0) {
				r->quit = r->abandon = 1;
				return NULL;
			}
			int *d = dup_dice(r, in.dice, in.ndice);
			const char *note =
			    in.note ? bs_ref_strdup(r, in.note) : NULL;
			if (!d) {
				r->quit = r->abandon = 1;
				return NULL;
			}
			r->shown = r->in[j].ev_at;
			r->in[j].dice = d;
			r->in[j].totals = 0;
			r->in[j].note = note ? note : "";
			r->in[j].what = BS_OVR_DIE;
			r->nin = j + 1;
			r->abandon = 1;
			return NULL;
		}
		if (journal(r, &in) != 0 || bs_ref_push(r, &in) != 0) {
			if (!r->error[0])
				snprintf(r->error, sizeof r->error,
					 "out of memory");
			r->quit = r->abandon = 1;
			return NULL;
		}
		/* the live input: acted on as a replayed one */
	}
}

/* ---- the dice source's callback and the human side's UI --------------------
 */

static int ask_dice(void *ctx, const struct bs_dice_req *q, int *dice, int n)
{
	struct bs_ref *r = ctx;
	struct bs_ref_prompt p = {BS_WAIT_DIE, r->b->round, q, NULL};
	r->cur_req = q;
	const struct bs_ref_input *in = prompt_point(r, &p);
	r->cur_req = NULL;
	if (!in) {
		if (r->abandon) {
			for (int i = 0; i < n; i++)
				dice[i] = 1; /* never read: the replay is
						played again */
			return 0;
		}
		return 1; /* dice: program */
	}
	memcpy(dice, in->dice, (size_t)n * sizeof(int));
	if (in->note) {
		/* RULING R-424: the referee replaced these dice */
		char what[300], req[160];
		bs_battle_roll_text(r->b, q, req, sizeof req);
		char got[64] = "";
		size_t k = 0;
		for (int i = 0; i < n && k + 8 < sizeof got; i++)
			k += (size_t)snprintf(got + k, sizeof got - k, "%s%d",
					      i ? " " : "", dice[i]);
		snprintf(what, sizeof what, "override: %s for %s", got, req);
		emit_override(r, q->actor, what, in->note);
	}
	return 0;
}

void bs_ref_mx_ai_order(const struct bs_ref *r,
			const struct bs_mx_controller *c,
			const struct bs_human_q *q, struct bs_human_answer *a)
{
	const struct bs_battle *b = r->b;
	int out[BS_MX_MAX_BRIGADES];
	a->nseq = 0;
	int n = c->move_order
		    ? c->move_order(c->ctx, b, q->side, out, BS_MX_MAX_BRIGADES)
		    : 0;
	for (int i = 0; i < n && i < BS_MX_MAX_BRIGADES; i++) {
		int k = out[i] - b->side_first[q->side];
		if (k >= 0 && k < r->sc->sides[q->side].nunits)
			a->seq[a->nseq++] = (unsigned char)k;
	}
}

void bs_ref_mx_ai_split(const struct bs_ref *r,
			const struct bs_mx_controller *c,
			const struct bs_human_q *q, int *split)
{
	const struct bs_battle *b = r->b;
	int g = b->side_first[q->side] + q->unit;
	int cls[BS_MAX_SIDES * BS_MX_MAX_BRIGADES] = {0};
	memset(split, 0, BS_MX_MAX_BRIGADES * sizeof *split);
	if (!c->aerial || q->eside < 0 ||
	    b->nunits > (int)(sizeof cls / sizeof cls[0]))
		return;
	int t = b->side_first[q->eside] + q->eunit;
	c->aerial(c->ctx, b, g, (enum bs_mx_mode)q->mode, t, cls);
	int e = b->side_first[q->eside];
	for (int i = 0; i < BS_MX_MAX_BRIGADES && e + i < b->nunits; i++)
		if (b->units[e + i].side == q->eside)
			split[i] = cls[e + i];
}

/* The AI's answer to q, for a side switched away from human while it was
 * being asked (the same call the AI would have had). */
/* The same for a matrix question. */
static void mx_ai_answer(struct bs_ref *r, const struct bs_battle *b,
			 const struct bs_human_q *q, struct bs_human_answer *a)
{
	const struct bs_mx_controller *c = mx_ctl(r, q->side);
	if (q->kind == BS_HUMAN_MX_ORDER) {
		bs_ref_mx_ai_order(r, c, q, a);
		return;
	}
	int g = b->side_first[q->side] + q->unit;
	const struct bs_mx_state *t = bs_mx_state(b, g);
	int loc[BS_MAX_SIDES * BS_MX_MAX_BRIGADES];
	for (int h = 0; h < b->nunits && h < BS_MAX_SIDES * BS_MX_MAX_BRIGADES;
	     h++)
		loc[h] = -1;
	switch (q->kind) {
	case BS_HUMAN_MX_MOVE:
		if (c->move)
			c->move(c->ctx, b, g, &a->mx_move);
		break;
	case BS_HUMAN_MX_ATTACK:
		if (c->declare)
			c->declare(c->ctx, b, q->side, t->row, t->col, loc);
		a->mx_target = loc[g];
		break;
	case BS_HUMAN_MX_ENGAGE:
		if (c->defend)
			c->defend(c->ctx, b, q->side, t->row, t->col, loc);
		a->mx_target = loc[g];
		break;
	case BS_HUMAN_MX_AERIAL:
		bs_ref_mx_ai_split(r, c, q, a->mx_split);
		break;
	default:
		a->mx_target = c->target ? c->target(c->ctx, b, g,
						     (enum bs_mx_mode)q->mode)
					 : -1;
		break;
	}
}

static void ai_answer(struct bs_ref *r, const struct bs_battle *b,
		      const struct bs_human_q *q, struct bs_human_answer *a)
{
	if (q->kind >= BS_HUMAN_MX_MOVE) {
		mx_ai_answer(r, b, q, a);
		return;
	}
	const struct bs_controller *c = side_ctl(r, q->side);
	switch (q->kind) {
	case BS_HUMAN_SEQUENCE: {
		int u[BS_MAX_UNITS];
		int n = c->move_sequence ? c->move_sequence(c->ctx, b, q->side,
							    u, BS_MAX_UNITS)
					 : 0;
		for (int i = 0; i < n && i < BS_MAX_UNITS; i++)
			if (u[i] >= 0 && u[i] < BS_MAX_UNITS)
				a->seq[a->nseq++] = (unsigned char)u[i];
		break;
	}
	case BS_HUMAN_MELEE: {
		/* the AI's order as the units it takes first: each of the
		 * side's units in the order its first melee comes */
		int order[BS_TT_MAX_MELEES], used[BS_MAX_UNITS] = {0};
		int n = c->melee_order && q->nmelees <= BS_TT_MAX_MELEES
			    ? c->melee_order(c->ctx, b, q->side, q->melees,
					     q->nmelees, order)
			    : 0;
		for (int i = 0; i < n; i++) {
			const struct bs_melee *m = &q->melees[order[i]];
			int u = m->aside == q->side   ? m->aunit
				: m->bside == q->side ? m->bunit
						      : -1;
			if (u >= 0 && u < BS_MAX_UNITS && !used[u]) {
				used[u] = 1;
				a->seq[a->nseq++] = (unsigned char)u;
			}
		}
		break;
	}
	case BS_HUMAN_MOVES_FIRST:
		a->yes =
		    c->moves_first ? c->moves_first(c->ctx, b, q->side) : 1;
		break;
	case BS_HUMAN_MOVE:
		if (c->move)
			c->move(c->ctx, b, q->side, q->unit, &a->order);
		break;
	case BS_HUMAN_INDIV:
		if (c->move_indiv)
			c->move_indiv(c->ctx, b, q->side, q->indiv, &a->io);
		/* RULING R-637: the breath on the way is typed (X Y breathe
		 * ENEMY): this answer names none */
		a->io.split = 0;
		break;
	case BS_HUMAN_FOLLOW:
		a->yes = c->follow ? c->follow(c->ctx, b, q->side, q->unit,
					       q->eside, q->eunit)
				   : 0;
		break;
	case BS_HUMAN_WEAPON:
		a->weapon =
		    c->weapon ? c->weapon(c->ctx, b, q->side, q->unit) : -1;
		break;
	case BS_HUMAN_RETREAT:
		a->yes = c->bs2e_retreat
			     ? c->bs2e_retreat(c->ctx, b, q->side, q->unit)
			     : 0;
		break;
	case BS_HUMAN_FIRE:
	case BS_HUMAN_PASS_THROUGH:
		bs_ref_ai_volley(r, c, q, a);
		break;
	case BS_HUMAN_ROLES:
		bs_ref_ai_role(r, c, q, a);
		break;
	case BS_HUMAN_CAST:
	case BS_HUMAN_TURN:
		bs_ref_ai_magic(r, c, q, a);
		break;
	default:
		/* rally: the other controller's attempts are not asked one
		 * at a time; the human's list ends here */
		a->done = 1;
		break;
	}
}

void bs_ref_ai_role(const struct bs_ref *r, const struct bs_controller *c,
		    const struct bs_human_q *q, struct bs_human_answer *a)
{
	/* RULING R-435: the other controller's changes, the first for an
	 * individual not named yet this phase */
	struct bs_role_order o[BS_MAX_ROLE_ORDERS];
	int n = c->roles
		    ? c->roles(c->ctx, r->b, q->side, o, BS_MAX_ROLE_ORDERS)
		    : 0;
	if (n > BS_MAX_ROLE_ORDERS)
		n = BS_MAX_ROLE_ORDERS;
	a->done = 1;
	for (int i = 0; i < n; i++) {
		int dup = 0;
		for (int k = 0; q->roles && k < q->nrally; k++)
			dup |= q->roles[k].indiv == o[i].indiv;
		if (dup)
			continue;
		a->done = 0;
		a->role = o[i];
		return;
	}
}

void bs_ref_ai_magic(const struct bs_ref *r, const struct bs_controller *c,
		     const struct bs_human_q *q, struct bs_human_answer *a)
{
	/* RULINGS: the other controller's casts or attempts,
	 * the first of a caster (cleric) not named yet this phase */
	a->done = 1;
	if (q->kind == BS_HUMAN_CAST) {
		struct bs_cast_order o[BS_MAX_CAST_ORDERS];
		int n = c->cast ? c->cast(c->ctx, r->b, q->side, o,
					  BS_MAX_CAST_ORDERS)
				: 0;
		for (int i = 0; i < n && i < BS_MAX_CAST_ORDERS; i++) {
			int dup = 0;
			for (int k = 0; q->casts_given && k < q->nrally; k++)
				dup |= q->casts_given[k].indiv == o[i].indiv;
			if (!dup) {
				a->done = 0;
				a->cast = o[i];
				return;
			}
		}
		return;
	}
	struct bs_turn_order o[BS_MAX_FIRE_ORDERS];
	int n =
	    c->turn ? c->turn(c->ctx, r->b, q->side, o, BS_MAX_FIRE_ORDERS) : 0;
	for (int i = 0; i < n && i < BS_MAX_FIRE_ORDERS; i++) {
		int dup = 0;
		for (int k = 0; q->turns_given && k < q->nrally; k++)
			dup |= q->turns_given[k].indiv == o[i].indiv;
		if (!dup) {
			a->done = 0;
			a->turn = o[i];
			return;
		}
	}
}

void bs_ref_ai_volley(const struct bs_ref *r, const struct bs_controller *c,
		      const struct bs_human_q *q, struct bs_human_answer *a)
{
	const struct bs_battle *b = r->b;
	struct bs_fire_order o[BS_MAX_FIRE_ORDERS];
	int n = 0;
	a->done = 1;
	if (q->shots && q->kind == BS_HUMAN_PASS_THROUGH) {
		/* RULING R-662: the other controller's pass-through shots,
		 * the first of a hero not named yet at this move */
		struct bs_indiv_fire_order s[BS_MAX_FIRE_ORDERS];
		int m = c->pass_through_indiv
			    ? c->pass_through_indiv(
				  c->ctx, b, q->side, q->eside, q->eunit,
				  q->path, q->npath, s, BS_MAX_FIRE_ORDERS)
			    : 0;
		for (int i = 0; i < m && i < BS_MAX_FIRE_ORDERS; i++) {
			if (bs_ai_human_shots_given(q, s[i].indiv) ||
			    s[i].at < 0 || s[i].at >= q->npath)
				continue;
			a->done = 0;
			a->shot = s[i];
			a->fire_kind = q->fire;
			a->mside = q->eside;
			a->munit = q->eunit;
			a->mindiv = q->eindiv; /* RULING R-699 */
			a->after = q->path[s[i].at].moved;
			return;
		}
		return;
	}
	if (q->shots) {
		/* RULING R-552: the other controller's shots, the first not
		 * declared yet */
		struct bs_indiv_fire_order s[BS_MAX_FIRE_ORDERS];
		int m = c->fire_indiv ? c->fire_indiv(c->ctx, b, q->side, s,
						      BS_MAX_FIRE_ORDERS)
				      : 0;
		if (m > BS_MAX_FIRE_ORDERS)
			m = BS_MAX_FIRE_ORDERS;
		for (int i = 0; i < m; i++) {
			int before = 0;
			for (int j = 0; j < i; j++)
				before += s[j].indiv == s[i].indiv;
			if (before < bs_ai_human_shots_given(q, s[i].indiv))
				continue;
			a->done = 0;
			a->shot = s[i];
			a->shot.why = NULL;
			a->fire_kind = q->fire;
			return;
		}
		return;
	}
	if (q->kind == BS_HUMAN_FIRE && c->fire)
		n = c->fire(c->ctx, b, q->side, (enum bs_fire_kind)q->fire,
			    q->nrally, o, BS_MAX_FIRE_ORDERS);
	else if (q->kind == BS_HUMAN_PASS_THROUGH && q->eindiv >= 0) {
		/* RULING R-697: at an individual's own move */
		if (c->pass_through_at_indiv)
			n = c->pass_through_at_indiv(
			    c->ctx, b, q->side, q->eside, q->eindiv, q->path,
			    q->npath, o, BS_MAX_FIRE_ORDERS);
	} else if (q->kind == BS_HUMAN_PASS_THROUGH && c->pass_through)
		n = c->pass_through(c->ctx, b, q->side, q->eside, q->eunit,
				    q->path, q->npath, o, BS_MAX_FIRE_ORDERS);
	if (n > BS_MAX_FIRE_ORDERS)
		n = BS_MAX_FIRE_ORDERS;
	for (int i = 0; i < n; i++) {
		int dup = 0;
		for (int k = 0; q->given && k < q->nrally; k++)
			dup |= q->given[k].unit == o[i].unit;
		if (dup || (q->kind == BS_HUMAN_PASS_THROUGH &&
			    (o[i].at < 0 || o[i].at >= q->npath)))
			continue;
		a->done = 0;
		a->fire = o[i];
		a->fire_kind = q->fire;
		if (q->kind == BS_HUMAN_PASS_THROUGH) {
			a->mside = q->eside;
			a->munit = q->eunit;
			a->mindiv = q->eindiv;
			a->after = q->path[o[i].at].moved;
		}
		return;
	}
}

static void ask_human(void *ctx, const struct bs_battle *b,
		      const struct bs_human_q *q, struct bs_human_answer *a)
{
	struct bs_ref *r = ctx;
	struct bs_ref_prompt p = {BS_WAIT_ASK, b->round, NULL, q};
	r->cur_q = q;
	const struct bs_ref_input *in = prompt_point(r, &p);
	r->cur_q = NULL;
	if (in) {
		*a = in->ans;
		return;
	}
	if (!r->abandon)
		ai_answer(r, b, q, a);
}

/* ---- the session ----------------------------------------------------------
 */

static void sink_emit(void *ctx, const struct bs_event *ev)
{
	struct bs_ref *r = ctx;
	long i = r->nev++;
	if (r->abandon)
		return; /* a timeline about to be replayed */
	if (r->ui && r->ui->event)
		r->ui->event(r->ui->ctx, ev, i >= r->shown);
	if (i >= r->shown)
		r->shown = i + 1;
}

enum bs_status bs_ref_new(const struct bs_scenario *sc, uint64_t seed,
			  const int *side_mode, const int *dice_mode,
			  struct bs_ref **out, struct bs_diags *d)
{
	*out = NULL;
	struct bs_ref *r = calloc(1, sizeof *r);
	if (!r) {
		bs_diags_add(d, NULL, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	r->sc = sc;
	r->seed = seed;
	enum bs_status st = bs_battle_new(sc, &r->b, d);
	if (st != BS_OK) {
		bs_ref_free(r);
		return st;
	}
	r->owns_battle = 1;
	r->ai = calloc(1, sizeof *r->ai);
	r->pend = calloc(BS_REF_MAX_DICE, sizeof *r->pend);
	if (!r->ai || !r->pend) {
		bs_ref_free(r);
		bs_diags_add(d, NULL, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	bs_ai_set_init(r->ai);
	r->hui.ask = ask_human;
	r->hui.ctx = r;
	bs_ai_human_init(&r->ai->human, &r->hui);
	r->asker.ask = ask_dice;
	r->asker.ctx = r;
	r->disp = (struct bs_controller){
	    .name = "referee",
	    .ctx = r,
	    .moves_first = d_moves_first,
	    .rally = d_rally,
	    .move_sequence = d_sequence,
	    .move = d_move,
	    .move_indiv = d_move_indiv,
	    .follow = d_follow,
	    .melee_order = d_melee_order,
	    .weapon = d_weapon,
	    .bs2e_retreat = d_retreat,
	    .fire = d_fire,
	    .pass_through = d_pass_through,
	    .roles = d_roles,
	    .fire_indiv = d_fire_indiv,
	    .cast = d_cast,
	    .turn = d_turn,
	    .pass_through_indiv = d_pass_through_indiv,
	    .pass_through_at_indiv = d_pass_through_at_indiv,
	    .split_breath = d_split_breath,
	};
	r->mx_disp = (struct bs_mx_controller){
	    .name = "referee",
	    .ctx = r,
	    .move = mxd_move,
	    .declare = mxd_declare,
	    .defend = mxd_defend,
	    .target = mxd_target,
	    .aerial = mxd_aerial,
	    .move_order = mxd_move_order,
	};
	r->sink.emit = sink_emit;
	r->sink.ctx = r;
	for (int s = 0; s < sc->nsides; s++) {
		char why[160];
		if (bs_ref_mode_ok(r, s, side_mode[s], why, sizeof why) != 0) {
			bs_diags_add(d, sc->file, 0, 0, "side '%s': %s",
				     sc->sides[s].name, why);
			bs_ref_free(r);
			return BS_ERR_INPUT;
		}
		r->side_mode0[s] = side_mode[s];
	}
	for (int k = 0; k < BS_ROLL__COUNT; k++)
		r->dice_mode0[k] = dice_mode[k];
	*out = r;
	return BS_OK;
}

void bs_ref_free(struct bs_ref *r)
{
	if (!r)
		return;
	if (r->owns_battle)
		bs_battle_free(r->b);
	free(r->ai);
	free(r->pend);
	if (!r->borrowed)
		free(r->in);
	while (r->strs) {
		struct bs_arena_str *n = r->strs->next;
		free(r->strs);
		r->strs = n;
	}
	free(r);
}

/* A fresh battle at the deployment, the modes of the start, the inputs
 * from the first. */
static void restart(struct bs_ref *r, int events)
{
	struct bs_battle *b = r->b;
	if (r->ui && r->ui->rebuild)
		r->ui->rebuild(r->ui->ctx, r);
	bs_battle_set_sink(b, events ? &r->sink : NULL);
	bs_battle_reset(b, r->seed, 0);
	bs_dice_source_ask(&b->dice, &r->asker, &b->rng, r->pend,
			   BS_REF_MAX_DICE);
	r->in_cont = 0;
	for (int s = 0; s < b->nsides; s++) {
		r->side_mode[s] = r->side_mode0[s];
		if (b->rules->iface == BS_IFACE_MATRIX) {
			bs_battle_attach(b, s, BS_IFACE_MATRIX, &r->mx_disp);
		} else {
			sync_disp(r, s, 1);
			bs_battle_attach(b, s, BS_IFACE_TABLETOP,
					 &r->disp_side[s]);
		}
	}
	for (int k = 0; k < BS_ROLL__COUNT; k++)
		r->dice_mode[k] = r->dice_mode0[k];
	r->pos = 0;
	r->nev = 0;
	r->abandon = 0;
}

/* Play from a restart until over, quit, or abandoned (then 1). */
static int play(struct bs_ref *r)
{
	struct bs_battle *b = r->b;
	for (;;) {
		struct bs_ref_prompt p = {BS_WAIT_ROUND, b->round + 1, NULL,
					  NULL};
		r->over = b->result.over;
		if (r->over && (r->cont || r->in_cont))
			return 0;
		/* the round prompt; when over, the last one: look, undo or
		 * quit (the UI takes no go) */
		prompt_point(r, &p);
		if (r->abandon)
			return !r->quit;
		if (r->over)
			return 0;
		if (b->rules->iface != BS_IFACE_MATRIX)
			sync_all(r, 1);
		bs_battle_round(b);
		if (r->abandon)
			return !r->quit;
	}
}

enum bs_status bs_ref_run(struct bs_ref *r, const struct bs_ref_ui *ui)
{
	r->ui = ui;
	/* a resume shows nothing of its replay (set at the first prompt) */
	r->shown = LONG_MAX;
	do
		restart(r, 1);
	while (play(r));
	return r->error[0] ? BS_ERR_RUNTIME : BS_OK;
}

long bs_ref_undo_target(const struct bs_ref *r, int what,
			const struct bs_ref_prompt *p)
{
	long k = r->nin;
	if (k == 0 || what == 0)
		return k > 0 ? k - 1 : 0;
	int round = p->round;
	enum bs_phase phase =
	    p->wait == BS_WAIT_ROUND ? BS_PHASE_SETUP : r->b->phase;
	const struct bs_ref_input *last = &r->in[k - 1];
	int same = what == 2 ? last->round == round
			     : last->round == round && last->phase == phase;
	if (!same) {
		round = last->round;
		phase = last->phase;
	}
	while (k > 0 && r->in[k - 1].round == round &&
	       (what == 2 || r->in[k - 1].phase == phase))
		k--;
	return k;
}

uint64_t bs_ref_fingerprint(const struct bs_ref *r)
{
	const struct bs_battle *b = r->b;
	uint64_t h = 1469598103934665603ull;
#define MIX(v)                                                                 \
	do {                                                                   \
		uint64_t x_ = (uint64_t)(v);                                   \
		for (int i_ = 0; i_ < 8; i_++) {                               \
			h ^= (x_ >> (8 * i_)) & 0xff;                          \
			h *= 1099511628211ull;                                 \
		}                                                              \
	} while (0)
	MIX(b->round);
	MIX(b->phase);
	MIX(r->nev);
	MIX(r->pos);
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		MIX(u->figures);
		MIX(u->wounded);
		MIX(u->flags);
		MIX(u->files);
		MIX(u->formation);
		MIX(llround(u->front.x * 1000));
		MIX(llround(u->front.y * 1000));
		MIX(llround(u->facing * 1000));
	}
	for (int k = 0; k < b->nindivs; k++) {
		MIX(b->indivs[k].alive);
		MIX(llround(b->indivs[k].pos.x * 1000));
		MIX(llround(b->indivs[k].pos.y * 1000));
	}
#undef MIX
	return h;
}

/* ---- answers ---------------------------------------------------------------
 */

/* Append to buf (cut when full). */
static void put(char *buf, size_t len, size_t *k, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t len, size_t *k, const char *fmt, ...)
{
	if (*k >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf + *k, len - *k, fmt, ap);
	va_end(ap);
	if (n > 0)
		*k += (size_t)n < len - *k ? (size_t)n : len - *k - 1;
}

static int word_is(const char *t, const char *const *words)
{
	for (; *words; words++)
		if (strcasecmp(t, *words) == 0)
			return 1;
	return 0;
}

/* A copy of t without leading and trailing blanks. */
static void trim(const char *t, char *out, size_t len)
{
	while (*t == ' ' || *t == '\t')
		t++;
	snprintf(out, len, "%s", t);
	size_t n = strlen(out);
	while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '\t' ||
			 out[n - 1] == '\n' || out[n - 1] == '\r'))
		out[--n] = '\0';
}

static int yes_no(const char *t, const char *const *yes, const char *const *no,
		  int *out, char *why, size_t len, const char *expect)
{
	if (word_is(t, yes)) {
		*out = 1;
		return 0;
	}
	if (word_is(t, no)) {
		*out = 0;
		return 0;
	}
	snprintf(why, len, "expected %s", expect);
	return -1;
}

/* RULING R-428: "in order", or the units that move first: names or their
 * numbers on the side (1-based), separated by commas. */
static int read_sequence(const struct bs_scenario *sc, int side, const char *t,
			 struct bs_human_answer *a, char *why, size_t len,
			 const char *first)
{
	const struct bs_side *sd = &sc->sides[side];
	if (strcasecmp(t, "in order") == 0)
		return 0;
	char buf[2048];
	snprintf(buf, sizeof buf, "%s", t);
	int used[BS_MAX_UNITS] = {0};
	for (char *p = buf; p && *p;) {
		char *comma = strchr(p, ',');
		if (comma)
			*comma = '\0';
		char name[1024];
		trim(p, name, sizeof name);
		p = comma ? comma + 1 : NULL;
		if (!name[0])
			continue;
		int u = -1;
		char *end;
		long v = strtol(name, &end, 10);
		if (!*end && v >= 1 && v <= sd->nunits)
			u = (int)v - 1;
		for (int i = 0; i < sd->nunits && u < 0; i++)
			if (bs_name_eq(sd->units[i].name, name))
				u = i;
		if (u < 0) {
			const char *names[BS_MAX_UNITS];
			for (int i = 0; i < sd->nunits; i++)
				names[i] = sd->units[i].name;
			const char *sg =
			    strlen(name) < 64
				? bs_suggest(name, names, (size_t)sd->nunits)
				: NULL;
			snprintf(why, len,
				 "'%s' is not a unit of %s%s%s%s (expected "
				 "in order, or the units %s: names or "
				 "numbers, separated by commas)",
				 name, sd->name, sg ? " (did you mean '" : "",
				 sg ? sg : "", sg ? "'?)" : "", first);
			return -1;
		}
		if (used[u]) {
			snprintf(why, len, "%s is named twice",
				 sd->units[u].name);
			return -1;
		}
		used[u] = 1;
		a->seq[a->nseq++] = (unsigned char)u;
	}
	if (a->nseq == 0) {
		snprintf(why, len, "expected in order, or the units %s", first);
		return -1;
	}
	return 0;
}

/* The matrix (RULING ): the part of a brigade's orders that q
 * asks for, in the grammar of a matrix army's `orders:`; the words stay
 * (move), hold (attack) and none (engage, target) for the default. */
static int read_mx_answer(const struct bs_ref *r, const struct bs_human_q *q,
			  int round, const char *t, struct bs_human_answer *a,
			  char *why, size_t len)
{
	static const struct {
		enum bs_human_ask ask;
		unsigned part;
		const char *none;
	} parts[] = {
	    {BS_HUMAN_MX_MOVE, BS_MXO_MOVE, "stay"},
	    {BS_HUMAN_MX_ATTACK, BS_MXO_ATTACK, "hold"},
	    {BS_HUMAN_MX_ENGAGE, BS_MXO_ENGAGE, "none"},
	    {BS_HUMAN_MX_TARGET, BS_MXO_TARGET, "none"},
	    {BS_HUMAN_MX_AERIAL, BS_MXO_SPLIT, "none"},
	    {BS_HUMAN_MX_ORDER, BS_MXO_SEQUENCE, "in order"},
	};
	enum { NP = (int)(sizeof parts / sizeof parts[0]) };
	int k = 0;
	while (k < NP - 1 && parts[k].ask != q->kind)
		k++;
	if (strcasecmp(t, parts[k].none) == 0)
		return 0;
	struct bs_mx_order o;
	if (bs_scenario_parse_mx_order(r->sc, q->side, round, q->unit,
				       parts[k].part, t, &o, why, len) != BS_OK)
		return -1;
	int e = r->b->side_first[bs_mx_other(q->side)];
	switch (parts[k].part) {
	case BS_MXO_MOVE:
		a->mx_move = o.move;
		break;
	case BS_MXO_ATTACK:
		a->mx_target = e + o.attack;
		break;
	case BS_MXO_ENGAGE:
		a->mx_target = e + o.engage;
		break;
	case BS_MXO_SPLIT:
		memcpy(a->mx_split, o.split, sizeof a->mx_split);
		break;
	case BS_MXO_SEQUENCE:
		for (int i = 0; i < o.nseq && i < BS_MAX_UNITS; i++)
			a->seq[a->nseq++] = (unsigned char)o.seq[i];
		break;
	default:
		a->mx_target = e + o.target;
		break;
	}
	return 0;
}

/* The `phase:` words of a fire entry (docs/SCENARIO-FORMAT.md). */
static const char *const fire_word[BS_FIRE__COUNT] = {
    [BS_FIRE_INITIAL] = "initial",     [BS_FIRE_PASS_THROUGH] = "pass_through",
    [BS_FIRE_PHASE] = "missile",       [BS_FIRE_SPLIT] = "split",
    [BS_FIRE_ARTILLERY] = "artillery",
};

/* Does the flow entry t have the key `key` (a word followed by ':')? */
static int has_key(const char *t, const char *key)
{
	size_t n = strlen(key);
	for (const char *p = t; *p; p++)
		if (strncasecmp(p, key, n) == 0 && p[n] == ':' &&
		    (p == t || p[-1] == ' ' || p[-1] == ',' || p[-1] == '{'))
			return 1;
	return 0;
}

/* RULING R-431: a volley typed at a fire prompt is a scripted fire entry
 * without round; the prompt gives what it leaves out: its `phase:` and,
 * for pass-through fire, the `mover:`. The entry in full into out (what
 * the journal keeps). */
static void fire_entry_text(const struct bs_ref *r, const struct bs_human_q *q,
			    const char *t, char *out, size_t len)
{
	size_t k = 0;
	put(out, len, &k, "%s", t);
	if (q->fire >= 0 && q->fire < BS_FIRE__COUNT && !has_key(t, "phase"))
		put(out, len, &k, ", phase: %s", fire_word[q->fire]);
	if (q->kind == BS_HUMAN_PASS_THROUGH && q->eside >= 0 &&
	    q->eside < r->sc->nsides && !has_key(t, "mover")) {
		/* RULING R-697: an individual's own move names him */
		const char *nm =
		    q->eindiv >= 0
			? r->sc->sides[q->eside].individuals[q->eindiv].name
			: r->sc->sides[q->eside].units[q->eunit].name;
		put(out, len, &k, ", mover: '");
		for (const char *c = nm; *c; c++)
			put(out, len, &k, *c == '\'' ? "''" : "%c", *c);
		put(out, len, &k, "'");
	}
}

static int read_fire_answer(const struct bs_ref *r, const struct bs_human_q *q,
			    int round, const char *t, struct bs_human_answer *a,
			    char *why, size_t len)
{
	static const char *const none[] = {"done", "none", "no", NULL};
	if (word_is(t, none)) {
		a->done = 1;
		return 0;
	}
	if (!has_key(t, "fire") && q->shots) {
		snprintf(why, len,
			 "here: a hero's shot, fire: HERO, target: ENEMY%s, or "
			 "%s",
			 q->kind != BS_HUMAN_PASS_THROUGH ? ""
			 : q->eindiv >= 0 ? "[, after: INCHES of his move]"
					  : "[, after: INCHES of its move]",
			 q->kind == BS_HUMAN_PASS_THROUGH ? "none" : "done");
		return -1;
	}
	if (!has_key(t, "fire")) {
		snprintf(why, len,
			 "here: a volley, fire: UNIT, target: ENEMY%s, or %s",
			 q->kind != BS_HUMAN_PASS_THROUGH ? ""
			 : q->eindiv >= 0 ? "[, after: INCHES of his move]"
					  : "[, after: INCHES of its move]",
			 q->kind == BS_HUMAN_PASS_THROUGH ? "none" : "done");
		return -1;
	}
	char e[2300];
	fire_entry_text(r, q, t, e, sizeof e);
	struct bs_script_order o;
	if (bs_scenario_parse_order(r->sc, q->side, round, -1, e, &o, why,
				    len) != BS_OK)
		return -1;
	if (o.kind != BS_SCRIPT_FIRE) {
		snprintf(why, len,
			 "here: a volley, fire: UNIT, target: ENEMY, or %s",
			 q->kind == BS_HUMAN_PASS_THROUGH ? "none" : "done");
		return -1;
	}
	a->done = 0;
	if (o.indiv >= 0) {
		/* RULING R-552: an individual's shot */
		a->shot = (struct bs_indiv_fire_order){
		    o.indiv,	     o.iorder.tside, o.iorder.tunit,
		    o.iorder.tindiv, NULL,	     0};
		a->fire_kind = (int)o.fire;
		/* RULING R-662: a pass-through shot's mover and moment */
		a->mside = o.mside;
		a->munit = o.munit;
		a->mindiv = o.mindiv;
		a->after = o.after;
		return 0;
	}
	/* RULING R-673: a volley at an enemy individual by name */
	int at_indiv = o.iorder.tindiv >= 0;
	a->fire =
	    (struct bs_fire_order){o.unit,
				   at_indiv ? o.iorder.tside : o.order.tside,
				   at_indiv ? o.iorder.tindiv : o.order.tunit,
				   o.ammo,
				   0,
				   NULL,
				   at_indiv};
	a->fire_kind = (int)o.fire;
	a->mside = o.mside;
	a->munit = o.munit;
	a->mindiv = o.mindiv; /* RULING R-697 */
	a->after = o.after;
	return 0;
}

/* [1.5 A] RULINGS: a cast (`individual: NAME, cast: SPELL,
 * target: WHOM[, at: [X, Y]]`) or a turning attempt (`turn: UNDEAD, by:
 * CLERIC`), the entry of a side's scripted `orders:` without `round:`, or
 * done. */
static int read_magic_answer(const struct bs_ref *r, const struct bs_human_q *q,
			     int round, const char *t,
			     struct bs_human_answer *a, char *why, size_t len)
{
	static const char *const none[] = {"done", "none", "no", NULL};
	int cast = q->kind == BS_HUMAN_CAST;
	const char *want =
	    cast ? "here: a spell, individual: CASTER, cast: SPELL, target: "
		   "WHOM[, at: [X, Y]] (an enemy unit or individual; a "
		   "friend for a bonus or invisibility), or done [14.1]"
		 : "here: a turning attempt, turn: UNDEAD UNIT, by: CLERIC, "
		   "or done [14.19]";
	if (word_is(t, none)) {
		a->done = 1;
		return 0;
	}
	if (!has_key(t, cast ? "cast" : "turn")) {
		snprintf(why, len, "%s", want);
		return -1;
	}
	struct bs_script_order o;
	if (bs_scenario_parse_order(r->sc, q->side, round, -1, t, &o, why,
				    len) != BS_OK)
		return -1;
	if (o.kind != (cast ? BS_SCRIPT_CAST : BS_SCRIPT_TURN)) {
		snprintf(why, len, "%s", want);
		return -1;
	}
	/* RULING R-338: the referee does not ask for pass-through magic
	 * (docs/REFEREE.md): step A's casts only */
	if (cast && o.fire == BS_FIRE_PASS_THROUGH) {
		snprintf(why, len,
			 "a pass-through cast is not asked here: cast it in "
			 "step A (leave phase out), or put it in the "
			 "scenario's orders [14.1] (RULING R-338)");
		return -1;
	}
	/* RULING R-645: a unit's breath is a program's order, not asked
	 * of the referee yet */
	if (cast && o.cast.indiv < 0) {
		snprintf(why, len,
			 "a unit's breath is not asked here: put it in the "
			 "scenario's orders [13.7] (RULING R-645)");
		return -1;
	}
	a->done = 0;
	if (cast)
		a->cast = o.cast;
	else
		a->turn = (struct bs_turn_order){o.indiv, o.order.tside,
						 o.order.tunit, NULL};
	return 0;
}

/* Read in->text for question q into in->ans (no rules check). */
static int read_answer(const struct bs_ref *r, const struct bs_human_q *q,
		       struct bs_ref_input *in, char *why, size_t len)
{
	const struct bs_scenario *sc = r->sc;
	char t[2048];
	trim(in->text ? in->text : "", t, sizeof t);
	struct bs_human_answer *a = &in->ans;
	memset(a, 0, sizeof *a);
	a->order.kind = BS_ORDER_HOLD;
	a->order.tside = a->order.tunit = -1;
	a->rally.indiv = a->rally.unit = -1;
	a->weapon = -1;
	a->mx_move.enter_col = -1;
	a->mx_target = -1;
	a->fire = (struct bs_fire_order){-1, -1, -1, -1, 0, NULL, 0};
	a->fire_kind = -1;
	a->mside = a->munit = a->mindiv = -1;
	a->after = -1;
	a->shot = (struct bs_indiv_fire_order){-1, -1, -1, -1, NULL, 0};
	a->cast.indiv = a->cast.tside = a->cast.tunit = a->cast.tindiv = -1;
	a->turn = (struct bs_turn_order){-1, -1, -1, NULL};
	if (q->kind >= BS_HUMAN_MX_MOVE)
		return read_mx_answer(r, q, in->round, t, a, why, len);
	if (q->kind == BS_HUMAN_CAST || q->kind == BS_HUMAN_TURN)
		return read_magic_answer(r, q, in->round, t, a, why, len);
	if (q->kind == BS_HUMAN_FIRE || q->kind == BS_HUMAN_PASS_THROUGH)
		return read_fire_answer(r, q, in->round, t, a, why, len);
	static const char *const y_first[] = {"first", "yes", NULL};
	static const char *const n_first[] = {"second", "no", NULL};
	static const char *const y_follow[] = {"follow", "yes", NULL};
	static const char *const n_follow[] = {"stay", "no", NULL};
	static const char *const y_retreat[] = {"retreat", "yes", NULL};
	static const char *const n_retreat[] = {"check", "no", NULL};
	switch (q->kind) {
	case BS_HUMAN_MOVES_FIRST:
		return yes_no(t, y_first, n_first, &a->yes, why, len,
			      "first or second [1.4]");
	case BS_HUMAN_SEQUENCE:
		return read_sequence(sc, q->side, t, a, why, len,
				     "that move first");
	case BS_HUMAN_MELEE:
		return read_sequence(sc, q->side, t, a, why, len,
				     "whose combats go first");
	case BS_HUMAN_FOLLOW:
		return yes_no(t, y_follow, n_follow, &a->yes, why, len,
			      "follow or stay [7.12]");
	case BS_HUMAN_RETREAT:
		return yes_no(t, y_retreat, n_retreat, &a->yes, why, len,
			      "retreat (4\" instead of checking) or check "
			      "[2E Morale]");
	case BS_HUMAN_WEAPON: {
		const struct bs_unit *u = &sc->sides[q->side].units[q->unit];
		if (strcasecmp(t, "keep") == 0)
			return 0;
		for (int w = 0; w < u->nweapons; w++)
			if (u->weapons[w].weapon &&
			    strcasecmp(t, u->weapons[w].weapon->name) == 0) {
				a->weapon = w;
				return 0;
			}
		snprintf(why, len,
			 "expected keep or a weapon the unit carries");
		return -1;
	}
	case BS_HUMAN_INDIV: {
		if (strcasecmp(t, "stay") == 0)
			return 0;
		double x, y;
		char extra;
		int used = 0;
		const char *p = t;
		if (strncasecmp(p, "to ", 3) == 0)
			p += 3;
		int got = sscanf(p, "%lf %lf %n%c", &x, &y, &used, &extra);
		if (got < 2 || !isfinite(x) || !isfinite(y)) {
			snprintf(why, len,
				 "expected stay, or the place to go: X Y "
				 "(inches) [9.2], or X Y breathe ENEMY "
				 "(split-fire [10.5] [13.7])");
			return -1;
		}
		a->io.move = 1;
		a->io.x = x;
		a->io.y = y;
		if (got == 2)
			return 0;
		/* [10.5] [13.7] RULING R-637: X Y breathe ENEMY, read as a
		 * scripted move's `breathe:` */
		const char *r = p + used;
		if (strncasecmp(r, "breathe ", 8) != 0 || q->indiv < 0 ||
		    q->indiv >= sc->sides[q->side].nindividuals) {
			snprintf(why, len,
				 "expected stay, X Y, or X Y breathe ENEMY "
				 "(split-fire [10.5] [13.7])");
			return -1;
		}
		char line[256];
		snprintf(line, sizeof line,
			 "individual: \"%s\", to: [%g, %g], breathe: \"%s\"",
			 sc->sides[q->side].individuals[q->indiv].name, x, y,
			 r + 8);
		struct bs_script_order o;
		if (bs_scenario_parse_order(sc, q->side, in->round, -1, line,
					    &o, why, len) != BS_OK)
			return -1;
		a->io = o.iorder;
		a->cast = o.cast;
		return 0;
	}
	case BS_HUMAN_RALLY: {
		if (strcasecmp(t, "done") == 0) {
			a->done = 1;
			return 0;
		}
		struct bs_script_order o;
		if (bs_scenario_parse_order(sc, q->side, in->round, -1, t, &o,
					    why, len) != BS_OK)
			return -1;
		if (o.kind != BS_SCRIPT_RALLY && o.kind != BS_SCRIPT_MOB) {
			snprintf(why, len,
				 "a unit's order is given in the Movement "
				 "Phase; here: rally: UNIT, by: COMMANDER, or "
				 "mob: UNIT, by: COMMANDER, order: ..., or "
				 "done");
			return -1;
		}
		a->rally.indiv = o.indiv;
		a->rally.unit = o.unit;
		a->rally.mob_order =
		    o.kind == BS_SCRIPT_MOB ? o.mob_order : BS_MOB_NONE;
		a->rally.mob_angle = o.mob_angle;
		return 0;
	}
	case BS_HUMAN_ROLES: {
		/* RULING R-435: an individual's role entry of the scripted
		 * grammar ([9.0] role: hero | member, of: UNIT | commander,
		 * of: UNIT; [9.3] take_over: COMMANDER), or done */
		static const char *const none[] = {"done", "none", "no", NULL};
		if (word_is(t, none)) {
			a->done = 1;
			return 0;
		}
		struct bs_script_order o;
		if (!has_key(t, "individual") ||
		    bs_scenario_parse_order(sc, q->side, in->round, -1, t, &o,
					    why, len) != BS_OK) {
			if (!has_key(t, "individual"))
				snprintf(
				    why, len,
				    "here: a change of role, individual: "
				    "NAME, role: hero | member, of: UNIT | "
				    "commander, of: UNIT, or individual: "
				    "NAME, take_over: COMMANDER, or done "
				    "[9.0]");
			return -1;
		}
		if (o.kind != BS_SCRIPT_ROLE) {
			snprintf(why, len,
				 "here: a change of role, individual: NAME, "
				 "role: hero | member, of: UNIT | commander, "
				 "of: UNIT, or individual: NAME, take_over: "
				 "COMMANDER, or done [9.0]");
			return -1;
		}
		a->done = 0;
		a->role = o.role;
		return 0;
	}
	case BS_HUMAN_MOVE: {
		struct bs_script_order o;
		if (bs_scenario_parse_order(sc, q->side, in->round, q->unit, t,
					    &o, why, len) != BS_OK)
			return -1;
		if (o.kind != BS_SCRIPT_MOVE || o.unit != q->unit) {
			snprintf(why, len,
				 "the order is for %s: give its order "
				 "(rally and mob entries are for the Rally "
				 "Phase)",
				 sc->sides[q->side].units[q->unit].name);
			return -1;
		}
		a->order = o.order;
		return 0;
	}
	default:
		snprintf(why, len, "no such question");
		return -1;
	}
}

int bs_ref_read_answer(struct bs_ref *r, const struct bs_human_q *q,
		       struct bs_ref_input *in, char *why, size_t len)
{
	in->type = BS_IN_ANSWER;
	in->ask = q->kind;
	in->side = q->side;
	in->unit = q->unit;
	in->indiv = q->indiv;
	if (read_answer(r, q, in, why, len) != 0)
		return -1;
	struct bs_human_answer chk = in->ans;
	const char *w, *cite;
	if (!bs_ai_human_check(r->b, q, &chk, &w, &cite)) {
		snprintf(why, len, "refused: %s %s", w, cite);
		return -1;
	}
	if ((q->kind == BS_HUMAN_FIRE || q->kind == BS_HUMAN_PASS_THROUGH) &&
	    !in->ans.done) {
		/* RULING R-431: the journal keeps the entry in full */
		char t[2048], e[2300];
		trim(in->text ? in->text : "", t, sizeof t);
		fire_entry_text(r, q, t, e, sizeof e);
		const char *c = bs_ref_strdup(r, e);
		if (!c) {
			snprintf(why, len, "out of memory");
			return -1;
		}
		in->text = c;
	}
	return 0;
}

int bs_ref_load_record(struct bs_ref *r, struct bs_ref_input *in, char *why,
		       size_t len)
{
	if (in->type == BS_IN_UNDO) {
		if (in->to < 0 || in->to > r->nin) {
			snprintf(why, len, "undo to %ld: only %ld inputs",
				 in->to, r->nin);
			return -1;
		}
		r->nin = in->to;
		return 0;
	}
	if (in->type == BS_IN_OVERRIDE && in->what == BS_OVR_DIE) {
		long j = r->nin - 1;
		while (j >= 0 && r->in[j].type != BS_IN_DIE)
			j--;
		if (j < 0 || r->in[j].ndice != in->ndice) {
			snprintf(why, len,
				 "an override of dice that were "
				 "never entered");
			return -1;
		}
		int *d = dup_dice(r, in->dice, in->ndice);
		const char *note = bs_ref_strdup(r, in->note ? in->note : "");
		if (!d || !note) {
			snprintf(why, len, "out of memory");
			return -1;
		}
		r->in[j].dice = d;
		r->in[j].note = note;
		r->in[j].totals = 0;
		r->nin = j + 1;
		return 0;
	}
	if (in->type == BS_IN_ANSWER) {
		int unit_asked = in->ask == BS_HUMAN_MOVE ||
				 in->ask == BS_HUMAN_WEAPON ||
				 (in->ask >= BS_HUMAN_MX_MOVE &&
				  in->ask != BS_HUMAN_MX_ORDER);
		int matrix = r->sc->rules == BS_RULES_MATRIX;
		if (in->side < 0 || in->side >= r->sc->nsides ||
		    (int)in->ask < 0 || in->ask >= BS_HUMAN__COUNT ||
		    (unit_asked &&
		     (in->unit < 0 ||
		      in->unit >= r->sc->sides[in->side].nunits)) ||
		    matrix != (in->ask >= BS_HUMAN_MX_MOVE)) {
			snprintf(why, len,
				 "an answer for no such side or unit");
			return -1;
		}
		struct bs_human_q q = {.kind = in->ask,
				       .side = in->side,
				       .unit = in->unit,
				       .indiv = in->indiv,
				       .eside = -1,
				       .eunit = -1,
				       .eindiv = -1};
		if (read_answer(r, &q, in, why, len) != 0)
			return -1;
	}
	if (bs_ref_push(r, in) != 0) {
		snprintf(why, len, "out of memory");
		return -1;
	}
	return 0;
}

/* "Baron's Knights (A3) at row 1, column 1" */
static void brigade_words(const struct bs_battle *b, int g, char *buf,
			  size_t len)
{
	const struct bs_mx_state *t = bs_mx_state(b, g);
	if (t->where == BS_MX_FIELD)
		snprintf(buf, len, "%s (%s) at row %d, column %d", t->def->name,
			 t->def->tag, t->row + 1, t->col + 1);
	else
		snprintf(buf, len, "%s (%s) in the reserve", t->def->name,
			 t->def->tag);
}

char *bs_ref_mx_split_text(const struct bs_ref *r, const struct bs_human_q *q,
			   const int *split, char *buf, size_t len)
{
	const struct bs_scenario *sc = r->sc;
	int e = bs_mx_other(q->side);
	size_t k = 0;
	buf[0] = '\0';
	for (int i = 0; e < sc->nsides && i < sc->sides[e].nunits &&
			i < BS_MX_MAX_BRIGADES;
	     i++)
		if (split[i] > 0)
			put(buf, len, &k, "%s%s: %d", k ? ", " : "",
			    sc->sides[e].units[i].name, split[i]);
	if (!k)
		snprintf(buf, len, "none");
	return buf;
}

/* The matrix questions (RULING R-427), with the choices the rules give. */
static void mx_question_text(const struct bs_ref *r, const struct bs_human_q *q,
			     char *buf, size_t len)
{
	const struct bs_battle *b = r->b;
	if (q->kind == BS_HUMAN_MX_ORDER) {
		/* RULING R-438 */
		size_t k = 0;
		put(buf, len, &k,
		    "%s, movement: the order its brigades move in? (in order "
		    "| the brigades that move first, by name, like: %s) "
		    "[M3.2] RULING R-438\n  may move, in the army's order:",
		    r->sc->sides[q->side].name,
		    r->sc->sides[q->side].units[0].name);
		for (int g = b->side_first[q->side];
		     g < b->nunits && b->units[g].side == q->side; g++) {
			const struct bs_mx_state *t = bs_mx_state(b, g);
			if (t->where == BS_MX_OUT || t->routed)
				continue;
			char w[256];
			brigade_words(b, g, w, sizeof w);
			put(buf, len, &k, "\n    %s, MV %d", w,
			    t->def->card.mv);
		}
		return;
	}
	int g = b->side_first[q->side] + q->unit;
	const struct bs_mx_state *t = bs_mx_state(b, g);
	const char *army = r->sc->sides[q->side].name;
	char who[256];
	brigade_words(b, g, who, sizeof who);
	size_t k = 0;
	buf[0] = '\0';
	if (q->kind == BS_HUMAN_MX_MOVE) {
		if (t->where == BS_MX_RESERVE)
			put(buf, len, &k,
			    "%s, movement: does %s enter, MV %d? (stay | "
			    "enter: 1-%d, move: [forward, ...]) [M3.2] "
			    "RULING R-262",
			    army, who, t->def->card.mv, bs_mx_cols(b));
		else
			put(buf, len, &k,
			    "%s, movement: move for %s, MV %d? (stay | "
			    "steps: forward, back, north, south, east, west, "
			    "like: forward, east) [M3.2]",
			    army, who, t->def->card.mv);
		return;
	}
	if (q->kind == BS_HUMAN_MX_AERIAL) {
		int tg = b->side_first[q->eside] + q->eunit;
		const struct bs_mx_state *e = bs_mx_state(b, tg);
		put(buf, len, &k,
		    "%s: %s, aerial, attacks %s with %s (%s): split its %d "
		    "classes? (ENEMY: CLASSES, ... | none: all at %s) "
		    "[M4.2] RULING R-437",
		    army, who, e->def->name, bs_mx_mode_name[q->mode],
		    q->mode == BS_MX_MAGIC     ? "[M3.4a]"
		    : q->mode == BS_MX_MISSILE ? "[M3.4b]"
		    : q->mode == BS_MX_CHARGE  ? "[M3.4c]"
					       : "[M3.4d]",
		    t->cls, e->def->name);
		put(buf, len, &k, "\n  in reach:");
		for (int h = 0; h < b->nunits; h++) {
			if (h != tg && !bs_mx_aerial_may(
					   b, g, h, (enum bs_mx_mode)q->mode))
				continue;
			char ew[256];
			brigade_words(b, h, ew, sizeof ew);
			long v = bs_mx_split_value100(
			    b, g, h, (enum bs_mx_mode)q->mode, t->cls, -1);
			put(buf, len, &k,
			    "\n    %s%s, class/unit %d/%d, %d points left; "
			    "all %d classes: %ld.%02ld expected",
			    ew, h == tg ? " (the target)" : "",
			    bs_mx_state(b, h)->cls, bs_mx_state(b, h)->unit,
			    bs_mx_points_left(b, h), t->cls, v / 100, v % 100);
		}
		return;
	}
	const char *none = q->kind == BS_HUMAN_MX_ATTACK ? "hold" : "none";
	if (q->kind == BS_HUMAN_MX_ATTACK)
		put(buf, len, &k, "%s, engagement: whom does %s attack? (%s",
		    army, who, none);
	else if (q->kind == BS_HUMAN_MX_ENGAGE)
		put(buf, len, &k,
		    "%s, engagement: which attacker does %s engage? (%s", army,
		    who, none);
	else
		put(buf, len, &k, "%s: %s may %s at (%s", army, who,
		    q->mode == BS_MX_MAGIC ? "cast a spell [M3.4a]"
		    : t->def->scouts	   ? "make its scouts' attack [M3.5]"
					   : "shoot, stationary [M3.4b]",
		    none);
	for (int h = 0; h < b->nunits; h++) {
		const struct bs_mx_state *e = bs_mx_state(b, h);
		if (b->units[h].side == q->side || e->where != BS_MX_FIELD)
			continue;
		int ok = q->kind == BS_HUMAN_MX_ATTACK
			     ? bs_mx_may_declare(b, g, h)
			 : q->kind == BS_HUMAN_MX_ENGAGE
			     ? e->row == t->row && e->col == t->col &&
				   e->declared >= 0
			     : bs_mx_in_reach(b, g, h,
					      q->mode == BS_MX_MAGIC
						  ? BS_MX_MAGIC
						  : BS_MX_MISSILE);
		if (ok)
			put(buf, len, &k, " | %s", e->def->name);
	}
	put(buf, len, &k, ") %s",
	    q->kind == BS_HUMAN_MX_TARGET ? "" : "[M3.3]");
	if (t->def->aerial && t->cls > 1)
		put(buf, len, &k,
		    "\n  (its %d classes may then be split between the "
		    "enemies in reach: asked when it attacks [M4.2] RULING "
		    "R-437)",
		    t->cls);
}

void bs_ref_melees_text(const struct bs_battle *b, const struct bs_melee *m,
			const int *order, int n, int max, char *buf, size_t len,
			size_t *k)
{
	for (int i = 0; i < n && i < max; i++) {
		const struct bs_melee *e = &m[order[i]];
		char x[96], y[96];
		bs_battle_unit_name(b, b->side_first[e->aside] + e->aunit, x,
				    sizeof x);
		bs_battle_unit_name(b, b->side_first[e->bside] + e->bunit, y,
				    sizeof y);
		put(buf, len, k, "%s %s - %s", i ? "," : "", x, y);
	}
	if (n > max)
		put(buf, len, k, ", ...");
}

static const char *const band_word[3] = {"short", "medium", "long"};

/* The numbers of volley f (kind `kind`, at moment `at` or NULL) now:
 * " (medium range, AR 14, 1.2 HD expected)"; "" when it is not legal. */
static void volley_numbers(const struct bs_battle *b, int side,
			   const struct bs_fire_order *f, int kind,
			   const struct bs_move_point *at, char *buf,
			   size_t len, size_t *k)
{
	struct bs1e_volley_plan p;
	if (f->at_indiv) /* RULING R-670 */
		bs1e_volley_plan_indiv(b, side, f->unit, f->tside, f->tunit,
				       (enum bs_fire_kind)kind, f->ammo, at,
				       &p);
	else
		bs1e_volley_plan(b, side, f->unit, f->tside, f->tunit,
				 (enum bs_fire_kind)kind, f->ammo, at, &p);
	if (!p.legal)
		return;
	if (f->at_indiv) {
		char hp[16];
		put(buf, len, k,
		    " (%s range, AR %d, %d figure%s firing, %s hp expected)",
		    band_word[p.band < 0 || p.band > 2 ? 0 : p.band],
		    p.ar.value, p.figures, p.figures == 1 ? "" : "s",
		    bs_tenths_text((int)lround(p.expected_hp * 10), hp,
				   sizeof hp));
		return;
	}
	char hd[16];
	put(buf, len, k,
	    " (%s range, AR %d%s, %d of %d figures firing, %s HD "
	    "expected)",
	    band_word[p.band < 0 || p.band > 2 ? 0 : p.band], p.ar.value,
	    p.sight.indirect ? ", indirect [10.7]" : "", p.figures,
	    b->units[b->side_first[side] + f->unit].figures,
	    bs_tenths_text((int)lround(p.expected_hd), hd, sizeof hd));
}

char *bs_ref_volley_text(const struct bs_ref *r, const struct bs_human_q *q,
			 const struct bs_human_answer *a, char *buf, size_t len)
{
	const struct bs_battle *b = r->b;
	size_t k = 0;
	buf[0] = '\0';
	if (q->shots && !a->done && a->shot.indiv >= 0 && a->shot.tside >= 0 &&
	    a->shot.tside < r->sc->nsides) {
		/* RULINGS: a hero's shot */
		const struct bs_indiv_fire_order *o = &a->shot;
		const struct bs_side *es = &r->sc->sides[o->tside];
		put(buf, len, &k, "fire: %s, target: %s",
		    r->sc->sides[q->side].individuals[o->indiv].name,
		    o->tunit >= 0 ? es->units[o->tunit].name
				  : es->individuals[o->tindiv].name);
		if (q->kind == BS_HUMAN_PASS_THROUGH && q->npath > 0 &&
		    bs_ai_pass_through_moment(q->path, q->npath, a->after) !=
			q->npath - 1)
			put(buf, len, &k, ", after: %.2f", a->after);
		return buf;
	}
	if (a->done || a->fire.unit < 0) {
		put(buf, len, &k, "%s",
		    q->kind == BS_HUMAN_PASS_THROUGH ? "none" : "done");
		return buf;
	}
	const struct bs_fire_order *f = &a->fire;
	char t[96];
	if (f->at_indiv)
		snprintf(t, sizeof t, "%s",
			 r->sc->sides[f->tside].individuals[f->tunit].name);
	else
		bs_battle_unit_name(b, b->side_first[f->tside] + f->tunit, t,
				    sizeof t);
	put(buf, len, &k, "fire: %s, target: %s",
	    r->sc->sides[q->side].units[f->unit].name, t);
	const struct bs_move_point *at = NULL;
	if (q->kind == BS_HUMAN_PASS_THROUGH && q->npath > 0) {
		int m = bs_ai_pass_through_moment(q->path, q->npath, a->after);
		at = &q->path[m];
		if (m != q->npath - 1)
			put(buf, len, &k, ", after: %.2f", a->after);
	}
	const struct bs_unit *ud = &r->sc->sides[q->side].units[f->unit];
	if (f->ammo >= 0 && f->ammo < ud->nspecial_ammo)
		put(buf, len, &k, ", ammo: %s", ud->special_ammo[f->ammo].name);
	volley_numbers(b, q->side, f, q->fire, at, buf, len, &k);
	return buf;
}

/* RULING R-552: the heroes' shots question, with the shots the rules
 * allow: each individual, his shots left, and his targets with the range
 * band. */
static void shots_question_text(const struct bs_ref *r,
				const struct bs_human_q *q, char *buf,
				size_t len)
{
	const struct bs_battle *b = r->b;
	const struct bs_side *sd = &r->sc->sides[q->side];
	static const char *const band[3] = {"short", "medium", "long"};
	size_t k = 0;
	buf[0] = '\0';
	put(buf, len, &k,
	    "%s, %s: %s hero's shot? [9.4] [10.0] RULING R-552 (fire: HERO, "
	    "target: ENEMY | done)",
	    sd->name,
	    q->fire == BS_FIRE_INITIAL ? "Initial Missile Phase [1.2]"
				       : "missile fire [1.5 B]",
	    q->nrally ? "another" : "a");
	struct bs_indiv_fire_order o[64];
	int n = bs_ai_human_shots(b, q, o, 64);
	if (n > 64)
		n = 64;
	int last = -1;
	for (int i = 0; i < n; i++) {
		if (o[i].indiv != last) {
			int left =
			    bs1e_indiv_shots_left(b, q->side, o[i].indiv) -
			    bs_ai_human_shots_given(q, o[i].indiv);
			put(buf, len, &k,
			    "\n  %s (%d shot%s left) may shoot at:",
			    sd->individuals[o[i].indiv].name, left,
			    left == 1 ? "" : "s");
			last = o[i].indiv;
		}
		struct bs1e_indiv_shot p;
		bs1e_check_indiv_fire_at(b, q->side, &o[i],
					 (enum bs_fire_kind)q->fire, NULL, &p);
		const struct bs_side *es = &r->sc->sides[o[i].tside];
		put(buf, len, &k, " %s (%s range %.1f\")%s",
		    o[i].tunit >= 0 ? es->units[o[i].tunit].name
				    : es->individuals[o[i].tindiv].name,
		    band[p.band >= 0 && p.band < 3 ? p.band : 0], p.range,
		    i + 1 < n && o[i + 1].indiv == o[i].indiv ? "," : "");
	}
}

/* [10.6] RULING R-662: the heroes' pass-through question: the mover and
 * its move, each hero who may shoot at it and the inches of the move in
 * which he may. */
static void pt_shots_question_text(const struct bs_ref *r,
				   const struct bs_human_q *q, char *buf,
				   size_t len)
{
	const struct bs_battle *b = r->b;
	const struct bs_side *sd = &r->sc->sides[q->side];
	size_t k = 0;
	char m[96];
	buf[0] = '\0';
	/* RULING R-699: at a lone individual's own move */
	int pti = q->eunit < 0 && q->eindiv >= 0;
	int routs = 0;
	if (pti) {
		snprintf(m, sizeof m, "%s",
			 r->sc->sides[q->eside].individuals[q->eindiv].name);
	} else {
		bs_battle_unit_name(b, b->side_first[q->eside] + q->eunit, m,
				    sizeof m);
		routs = (b->units[b->side_first[q->eside] + q->eunit].flags &
			 BS_UF_ROUTED) != 0;
	}
	const char *its = pti ? "his" : "its";
	put(buf, len, &k,
	    "%s: %s is about to %s %.1f\": %s hero's pass-through shot? "
	    "[10.6] RULING %s%s (fire: HERO, target: ENEMY[, after: "
	    "INCHES of %s move] | none)",
	    sd->name, m, routs ? "rout" : "move",
	    q->npath > 0 ? q->path[q->npath - 1].moved : 0.0,
	    q->nrally ? "another" : "a", pti ? "R-698, R-699" : "R-549, R-662",
	    routs ? " R-457" : "", its);
	struct bs_human_volley v[64];
	int n = bs_ai_human_pt_shots(b, q, v, 64);
	for (int i = 0; i < n && i < 64; i++) {
		struct bs_indiv_fire_order o = {v[i].unit, q->eside,
						q->eunit,  pti ? q->eindiv : -1,
						NULL,	   0};
		struct bs1e_indiv_shot p;
		bs1e_check_indiv_fire_at(b, q->side, &o, BS_FIRE_PASS_THROUGH,
					 &q->path[v[i].last], &p);
		put(buf, len, &k,
		    "\n  %s (%d shot%s left): at %s from %.1f\" to %.1f\" of "
		    "%s move, %s (%s range %.1f\")",
		    sd->individuals[v[i].unit].name,
		    bs1e_indiv_shots_left(b, q->side, v[i].unit),
		    bs1e_indiv_shots_left(b, q->side, v[i].unit) == 1 ? ""
								      : "s",
		    m, q->path[v[i].first].moved, q->path[v[i].last].moved, its,
		    v[i].last == q->npath - 1 ? "at its last moment"
					      : "at the last that may",
		    band_word[p.band >= 0 && p.band < 3 ? p.band : 0], p.range);
	}
	put(buf, len, &k,
	    "\n  (or another enemy in range and sight at that moment)");
}

/* RULING R-431: the fire questions, with the volleys the rules allow. */
static void fire_question_text(const struct bs_ref *r,
			       const struct bs_human_q *q, char *buf,
			       size_t len)
{
	const struct bs_battle *b = r->b;
	const struct bs_side *sd = &r->sc->sides[q->side];
	size_t k = 0;
	if (q->shots && q->kind == BS_HUMAN_PASS_THROUGH) {
		pt_shots_question_text(r, q, buf, len);
		return;
	}
	if (q->shots) {
		shots_question_text(r, q, buf, len);
		return;
	}
	buf[0] = '\0';
	int pt = q->kind == BS_HUMAN_PASS_THROUGH;
	int pti = pt && q->eindiv >= 0; /* RULING R-697 */
	if (pti) {
		put(buf, len, &k,
		    "%s: %s is about to move %.1f\": pass-through fire? "
		    "[10.6] RULING R-674, R-697 (fire: UNIT, target: ENEMY[, "
		    "after: INCHES of his move] | none)",
		    sd->name,
		    r->sc->sides[q->eside].individuals[q->eindiv].name,
		    q->npath > 0 ? q->path[q->npath - 1].moved : 0.0);
	} else if (pt) {
		char m[96];
		bs_battle_unit_name(b, b->side_first[q->eside] + q->eunit, m,
				    sizeof m);
		/* a routed unit's rout move (RULING R-457) */
		int routs =
		    (b->units[b->side_first[q->eside] + q->eunit].flags &
		     BS_UF_ROUTED) != 0;
		put(buf, len, &k,
		    "%s: %s is about to %s %.1f\": pass-through fire? "
		    "[10.6] RULING R-431%s (fire: UNIT, target: ENEMY[, after: "
		    "INCHES of its move] | none)",
		    sd->name, m, routs ? "rout" : "move",
		    q->npath > 0 ? q->path[q->npath - 1].moved : 0.0,
		    routs ? " R-457" : "");
	} else {
		static const char *const what[BS_FIRE__COUNT] = {
		    [BS_FIRE_INITIAL] = "Initial Missile Phase [1.2]",
		    [BS_FIRE_PHASE] = "missile fire [1.5 B]",
		    [BS_FIRE_ARTILLERY] = "artillery [1.5 C]",
		};
		put(buf, len, &k,
		    "%s, %s: %s volley? RULING R-431 (fire: UNIT, target: "
		    "ENEMY%s | done)",
		    sd->name,
		    q->fire >= 0 && q->fire < BS_FIRE__COUNT && what[q->fire]
			? what[q->fire]
			: "fire",
		    q->nrally ? "another" : "a",
		    q->fire == BS_FIRE_ARTILLERY ? "[, ammo: SPECIAL]" : "");
	}
	struct bs_human_volley v[64];
	int n = bs_ai_human_volleys(b, q, v, 64);
	if (n > 64)
		n = 64;
	int last_unit = -1;
	for (int i = 0; i < n; i++) {
		const struct bs_unit_state *u =
		    &b->units[b->side_first[q->side] + v[i].unit];
		char t[96];
		if (pti)
			snprintf(t, sizeof t, "%s",
				 r->sc->sides[v[i].tside]
				     .individuals[v[i].tunit]
				     .name);
		else
			bs_battle_unit_name(
			    b, b->side_first[v[i].tside] + v[i].tunit, t,
			    sizeof t);
		if (v[i].unit != last_unit) {
			put(buf, len, &k, "\n  %s (%d shot%s left)%s",
			    sd->units[v[i].unit].name,
			    bs1e_shots_left(b, q->side, v[i].unit),
			    bs1e_shots_left(b, q->side, v[i].unit) == 1 ? ""
									: "s",
			    pt ? ":" : " may fire at:");
			for (int a = 0; a < u->def->nspecial_ammo; a++)
				if (u->special_left[a] > 0)
					put(buf, len, &k,
					    "%s ammo: %s (%d left)",
					    a ? "," : " [10.11]",
					    u->def->special_ammo[a].name,
					    u->special_left[a]);
			last_unit = v[i].unit;
		} else {
			put(buf, len, &k, ";");
		}
		struct bs_fire_order f = {v[i].unit, v[i].tside, v[i].tunit, -1,
					  0,	     NULL,	 pti};
		if (pt) {
			double from = q->path[v[i].first].moved,
			       to = q->path[v[i].last].moved;
			int end = v[i].last == q->npath - 1;
			put(buf, len, &k,
			    " at %s from %.1f\" to %.1f\" of %s move", t, from,
			    to, pti ? "his" : "its");
			const struct bs_move_point *at =
			    &q->path[end ? q->npath - 1 : v[i].last];
			put(buf, len, &k, ", %s",
			    end ? "at its last moment"
				: "at the last that may");
			volley_numbers(b, q->side, &f, q->fire, at, buf, len,
				       &k);
		} else {
			put(buf, len, &k, " %s", t);
			volley_numbers(b, q->side, &f, q->fire, NULL, buf, len,
				       &k);
		}
	}
	if (pt)
		put(buf, len, &k,
		    "\n  (or another enemy in range and sight at that moment)");
}

void bs_ref_role_text(const struct bs_ref *r, int side,
		      const struct bs_role_order *o, char *buf, size_t len)
{
	const struct bs_side *sd = &r->sc->sides[side];
	size_t k = 0;
	buf[0] = '\0';
	if (o->indiv < 0 || o->indiv >= sd->nindividuals)
		return;
	put(buf, len, &k, "individual: %s, ", sd->individuals[o->indiv].name);
	if (o->act == BS_RA_TAKE_OVER && o->post >= 0 &&
	    o->post < sd->nindividuals)
		put(buf, len, &k, "take_over: %s",
		    sd->individuals[o->post].name);
	else if (o->act == BS_RA_HERO)
		put(buf, len, &k, "role: hero");
	else if (o->unit >= 0 && o->unit < sd->nunits)
		put(buf, len, &k, "role: %s, of: %s",
		    o->act == BS_RA_MEMBER ? "member" : "commander",
		    sd->units[o->unit].name);
}

/* [9.0] RULING R-435: the side's individuals, their roles now, and the
 * changes the rules allow now. */
static void roles_question_text(const struct bs_ref *r,
				const struct bs_human_q *q, char *buf,
				size_t len)
{
	const struct bs_battle *b = r->b;
	const struct bs_side *sd = &r->sc->sides[q->side];
	size_t k = 0;
	buf[0] = '\0';
	put(buf, len, &k,
	    "%s, movement phase: %s change of role? [9.0] RULING R-435 "
	    "(individual: NAME, role: hero | member, of: UNIT | commander, "
	    "of: UNIT | individual: NAME, take_over: COMMANDER | done)",
	    sd->name, q->nrally ? "another" : "a");
	for (int i = 0; i < sd->nindividuals; i++) {
		const struct bs_indiv_state *c =
		    &b->indivs[b->indiv_first[q->side] + i];
		put(buf, len, &k, "\n  %s: %s", sd->individuals[i].name,
		    !c->alive ? "dead"
		    : c->lost ? "out of the battle"
			      : bs_role_name[c->role]);
		if (c->alive && !c->lost && c->with_unit >= 0 &&
		    c->with_unit < sd->nunits)
			put(buf, len, &k, " (%s)",
			    sd->units[c->with_unit].name);
		for (int j = 0; q->roles && j < q->nrally; j++)
			if (q->roles[j].indiv == i)
				put(buf, len, &k, ", declared this phase");
	}
	struct bs_role_order o[64];
	int n = bs_ai_human_roles(b, q, o, 64);
	put(buf, len, &k, "\n  the rules allow now:");
	for (int i = 0; i < n && i < 64; i++) {
		char t[256];
		bs_ref_role_text(r, q->side, &o[i], t, sizeof t);
		put(buf, len, &k, "\n    %s", t);
	}
	if (n > 64)
		put(buf, len, &k, "\n    ... (%d more)", n - 64);
}

char *bs_ref_magic_text(const struct bs_ref *r, const struct bs_human_q *q,
			const struct bs_human_answer *a, char *buf, size_t len)
{
	const struct bs_scenario *sc = r->sc;
	const struct bs_side *sd = &sc->sides[q->side];
	size_t k = 0;
	buf[0] = '\0';
	if (a->done) {
		put(buf, len, &k, "done");
		return buf;
	}
	if (q->kind == BS_HUMAN_TURN) {
		const struct bs_turn_order *o = &a->turn;
		if (o->indiv < 0 || o->indiv >= sd->nindividuals ||
		    o->tside < 0 || o->tside >= sc->nsides)
			return buf;
		put(buf, len, &k, "turn: %s, by: %s",
		    sc->sides[o->tside].units[o->tunit].name,
		    sd->individuals[o->indiv].name);
		return buf;
	}
	const struct bs_cast_order *o = &a->cast;
	if (o->indiv < 0 || o->indiv >= sd->nindividuals || !o->spell ||
	    o->tside < 0 || o->tside >= sc->nsides)
		return buf;
	const struct bs_side *es = &sc->sides[o->tside];
	put(buf, len, &k, "individual: %s, cast: %s, target: %s",
	    sd->individuals[o->indiv].name, o->spell->name,
	    o->tunit >= 0 ? es->units[o->tunit].name
			  : es->individuals[o->tindiv].name);
	if (o->aim)
		put(buf, len, &k, ", at: [%.2f, %.2f]", o->x, o->y);
	return buf;
}

/* [1.5 A] [14.1] RULING R-660: the casters who may cast now, each with
 * his spells left and, for each, the targets in range and sight. */
static void cast_question_text(const struct bs_ref *r,
			       const struct bs_human_q *q, char *buf,
			       size_t len)
{
	const struct bs_battle *b = r->b;
	const struct bs_side *sd = &r->sc->sides[q->side];
	size_t k = 0;
	buf[0] = '\0';
	put(buf, len, &k,
	    "%s, Missile and Magic Phase, step A [1.5 A]: %s spell? [14.1] "
	    "RULING R-660 (individual: CASTER, cast: SPELL, target: WHOM[, "
	    "at: [X, Y]] | done)",
	    sd->name, q->nrally ? "another" : "a");
	struct bs_cast_order o[128];
	int n = bs_ai_human_casts(b, q, o, 128);
	if (n > 128)
		n = 128;
	for (int i = 0; i < n; i++) {
		int k0 = o[i].indiv;
		if (i == 0 || o[i - 1].indiv != k0) {
			int left = bs1e_spells_left(b, q->side, k0, NULL);
			if (sd->individuals[k0].nspells)
				put(buf, len, &k, "\n  %s, %d spell%s left:",
				    sd->individuals[k0].name, left,
				    left == 1 ? "" : "s");
			else /* a breather or a wand's user, no spells */
				put(buf, len, &k,
				    "\n  %s:", sd->individuals[k0].name);
			/* every spell left, those with no target too, his
			 * breath weapon [13.7] (RULING R-663) and his
			 * wands, staves and rods with charges [14.20]
			 * (RULING R-681) */
			const struct bs_individual *ind = &sd->individuals[k0];
			int nrec = ind->nspells + 1 + ind->nitems;
			for (int j = 0; j < nrec; j++) {
				const struct bs_spell *sp =
				    bs_ai_human_record(b, q->side, k0, j);
				if (!sp)
					continue;
				if (j > ind->nspells) {
					int c = bs1e_charges_left(b, q->side,
								  k0, sp);
					put(buf, len, &k,
					    " %s (%s, %d charge%s)", sp->name,
					    bs_magic_kind_name[sp->kind], c,
					    c == 1 ? "" : "s");
				} else if (j == ind->nspells)
					put(buf, len, &k, " %s (%d left today)",
					    sp->name,
					    bs1e_breaths_left(b, q->side, k0));
				else
					put(buf, len, &k, " %s (%d)%s",
					    sp->name,
					    bs1e_spells_left(b, q->side, k0,
							     sp),
					    bs_spell_played(sp)
						? ""
						: " not played yet (RULING "
						  "R-574)");
			}
		}
		if (i == 0 || o[i - 1].indiv != k0 ||
		    o[i - 1].spell != o[i].spell)
			put(buf, len, &k,
			    "\n    %s in range at:", o[i].spell->name);
		struct bs1e_cast_plan p;
		bs1e_check_cast(b, q->side, &o[i], &p);
		const struct bs_side *es = &r->sc->sides[o[i].tside];
		put(buf, len, &k, " %s (%.1f\" of %.1f\")%s",
		    o[i].tunit >= 0 ? es->units[o[i].tunit].name
				    : es->individuals[o[i].tindiv].name,
		    p.range, p.reach,
		    i + 1 < n && o[i + 1].indiv == k0 &&
			    o[i + 1].spell == o[i].spell
			? ","
			: "");
	}
}

/* [14.19] RULING R-661: the clerics who may turn now and the undead
 * units each may try. */
static void turn_question_text(const struct bs_ref *r,
			       const struct bs_human_q *q, char *buf,
			       size_t len)
{
	const struct bs_battle *b = r->b;
	const struct bs_side *sd = &r->sc->sides[q->side];
	size_t k = 0;
	buf[0] = '\0';
	put(buf, len, &k,
	    "%s, Missile and Magic Phase, step A [1.5 A]: %s turning of "
	    "undead? [14.19] RULING R-661 (turn: UNDEAD UNIT, by: CLERIC | "
	    "done)",
	    sd->name, q->nrally ? "another" : "a");
	struct bs_turn_order o[64];
	int n = bs_ai_human_turns(b, q, o, 64);
	if (n > 64)
		n = 64;
	for (int i = 0; i < n; i++) {
		struct bs1e_turn_check c;
		bs1e_check_turn(b, q->side, &o[i], &c);
		if (i == 0 || o[i - 1].indiv != o[i].indiv)
			put(buf, len, &k, "\n  %s (turns at level %d) may try:",
			    sd->individuals[o[i].indiv].name, c.level);
		put(buf, len, &k, " %s (%.1f\")%s",
		    r->sc->sides[o[i].tside].units[o[i].tunit].name, c.dist,
		    i + 1 < n && o[i + 1].indiv == o[i].indiv ? "," : "");
	}
}

char *bs_ref_question_text(const struct bs_ref *r, const struct bs_human_q *q,
			   char *buf, size_t len)
{
	if (q->kind == BS_HUMAN_CAST) {
		cast_question_text(r, q, buf, len);
		return buf;
	}
	if (q->kind == BS_HUMAN_TURN) {
		turn_question_text(r, q, buf, len);
		return buf;
	}
	if (q->kind == BS_HUMAN_FIRE || q->kind == BS_HUMAN_PASS_THROUGH) {
		fire_question_text(r, q, buf, len);
		return buf;
	}
	if (q->kind >= BS_HUMAN_MX_MOVE) {
		mx_question_text(r, q, buf, len);
		return buf;
	}
	const struct bs_battle *b = r->b;
	const struct bs_side *sd = &r->sc->sides[q->side];
	const char *unit =
	    q->unit >= 0 && q->unit < sd->nunits ? sd->units[q->unit].name : "";
	const char *phase = bs_phase_name[b->phase];
	switch (q->kind) {
	case BS_HUMAN_MOVES_FIRST:
		snprintf(buf, len,
			 "%s is Side A: move first or second? [1.4] (first, "
			 "second)",
			 sd->name);
		break;
	case BS_HUMAN_ROLES:
		roles_question_text(r, q, buf, len);
		break;
	case BS_HUMAN_RALLY:
		snprintf(buf, len,
			 "%s, rally phase: %s rally attempt or mob order? "
			 "[6.0] (rally: UNIT, by: COMMANDER | mob: UNIT, by: "
			 "COMMANDER, order: forward | done)",
			 sd->name, q->nrally ? "another" : "a");
		break;
	case BS_HUMAN_MOVE:
		snprintf(buf, len,
			 b->sc->rules == BS_RULES_BS2E &&
				 b->phase == BS_PHASE_BS2E_CHARGES
			     ? "%s, %s: declare a charge? (charge, target: "
			       "ENEMY | hold) [%s] RULING R-203"
			     : "%s, %s: order for %s? (hold | move, steps: "
			       "[...] | charge, target: ENEMY | ...)",
			 sd->name,
			 b->sc->rules == BS_RULES_BS2E &&
				 b->phase == BS_PHASE_BS2E_CHARGES
			     ? unit
			     : phase,
			 b->sc->rules == BS_RULES_BS2E &&
				 b->phase == BS_PHASE_BS2E_CHARGES
			     ? phase
			     : unit);
		if (b->sc->rules == BS_RULES_BS1E && q->unit >= 0 &&
		    q->unit < sd->nunits) {
			/* RULING R-431: split-fire is a step of the move */
			const struct bs_unit_state *u =
			    &b->units[b->side_first[q->side] + q->unit];
			size_t k = strlen(buf);
			if (u->r.msl.split_fire &&
			    bs1e_shots_left(b, q->side, q->unit) > 0)
				put(buf, len, &k,
				    "\n  split-fire [10.5]: a step {fire: "
				    "ENEMY} after at most half its MV, in a "
				    "move");
		}
		break;
	case BS_HUMAN_INDIV: {
		snprintf(buf, len,
			 "%s, %s: where does %s go? [9.2] (stay | X Y | X Y "
			 "breathe ENEMY, a breath half-way [10.5])",
			 sd->name, phase,
			 q->indiv >= 0 && q->indiv < sd->nindividuals
			     ? sd->individuals[q->indiv].name
			     : "the individual");
		break;
	}
	case BS_HUMAN_FOLLOW: {
		char e[96] = "the enemy";
		if (q->eside >= 0 && q->eside < b->nsides)
			bs_battle_unit_name(
			    b, b->side_first[q->eside] + q->eunit, e, sizeof e);
		snprintf(buf, len,
			 "%s: %s withdraws; follow or stay? [7.12] (follow, "
			 "stay)",
			 unit, e);
		break;
	}
	case BS_HUMAN_WEAPON:
		snprintf(buf, len,
			 "%s, %s: weapon in hand for %s? [8.2] (keep | a "
			 "weapon's name)",
			 sd->name, phase, unit);
		break;
	case BS_HUMAN_RETREAT:
		snprintf(buf, len,
			 "%s must check morale: retreat 4\" instead? [2E "
			 "Morale] (retreat, check)",
			 unit);
		break;
	case BS_HUMAN_SEQUENCE: {
		int u[BS_MAX_UNITS];
		int n = bs_ai_human_orderable(b, q->side, u, BS_MAX_UNITS);
		size_t k = 0;
		put(buf, len, &k,
		    "%s, %s: the order its units move in? [7.0] RULING R-428 "
		    "(in order:",
		    sd->name, phase);
		for (int i = 0; i < n; i++)
			put(buf, len, &k, "%s %d %s", i ? "," : "", u[i] + 1,
			    sd->units[u[i]].name);
		put(buf, len, &k,
		    " | the units that move first, names or numbers, like: "
		    "%d, %d)",
		    n > 1 ? u[n - 1] + 1 : 1, n > 0 ? u[0] + 1 : 1);
		break;
	}
	case BS_HUMAN_MELEE: {
		/* [1.6 B] the melees, and the rules' order of them */
		int order[BS_TT_MAX_MELEES];
		size_t k = 0;
		put(buf, len, &k,
		    "%s, Side A, melee: the order of the combats? [1.6 B] "
		    "RULINGS R-377, R-430 (in order: the rules' order:",
		    sd->name);
		bs_tt_melee_order(q->melees, q->nmelees, NULL, order);
		bs_ref_melees_text(b, q->melees, order, q->nmelees, 12, buf,
				   len, &k);
		put(buf, len, &k,
		    " | the units whose combats go first, names or numbers, "
		    "like: 2, 1)");
		break;
	}
	default:
		snprintf(buf, len, "?");
	}
	return buf;
}

/* ---- odds from here (the simulator, sim.h) ---------------------------------
 */

struct chances {
	const struct bs_ref *from;
	uint64_t seed;
};

/* A worker's replayer: a session on the simulator's battle, the inputs
 * of the position borrowed (read only), no UI, events off. */
static void *worker_new(void *ctx, struct bs_battle *b)
{
	const struct chances *c = ctx;
	const struct bs_ref *from = c->from;
	struct bs_ref *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->sc = from->sc;
	r->seed = from->seed;
	r->b = b;
	r->ai = calloc(1, sizeof *r->ai);
	r->pend = calloc(BS_REF_MAX_DICE, sizeof *r->pend);
	if (!r->ai || !r->pend) {
		bs_ref_free(r);
		return NULL;
	}
	bs_ai_set_init(r->ai);
	r->hui.ask = ask_human;
	r->hui.ctx = r;
	bs_ai_human_init(&r->ai->human, &r->hui);
	r->asker = (struct bs_dice_asker){ask_dice, r};
	r->disp = from->disp;
	r->disp.ctx = r;
	r->mx_disp = from->mx_disp;
	r->mx_disp.ctx = r;
	memcpy(r->side_mode0, from->side_mode0, sizeof r->side_mode0);
	memcpy(r->dice_mode0, from->dice_mode0, sizeof r->dice_mode0);
	r->in = from->in;
	r->nin_from = from->nin;
	r->borrowed = 1;
	r->cont = 1;
	r->cseed = c->seed;
	return r;
}

static void worker_play(void *wctx, struct bs_battle *b, long i)
{
	struct bs_ref *r = wctx;
	(void)b;
	r->nin = r->nin_from;
	r->cstream = (uint64_t)i;
	restart(r, 0);
	play(r);
}

static void worker_free(void *wctx)
{
	bs_ref_free(wctx);
}

enum bs_status bs_ref_chances(const struct bs_ref *r, long n, int threads,
			      uint64_t seed, struct bs_sim_result **out,
			      struct bs_diags *d)
{
	struct chances c = {r, seed};
	struct bs_sim_hook hook = {worker_new, worker_play, worker_free, &c};
	struct bs_sim_opts o = {0};
	o.runs = n;
	o.threads = threads;
	o.seed = seed;
	o.hook = &hook;
	return bs_sim_run(r->sc, &o, out, d);
}
