/* The scripted controller of the matrix card system (an army's `orders:`
 * in a matrix scenario, loaded by src/scenario/orders_matrix.c, RULING
 * R-426; the registry's "scripted" row for rules: matrix). For each Game
 * Round it plays exactly what the file gives each brigade: its move
 * [M3.2], its attack declaration when its army won initiative and its
 * engagement when it lost [M3.3], the target of its free attack [M3.4a]
 * [M3.4b] [M3.5], the split of an aerial brigade's classes [M4.2]
 * (RULING R-437), and the army's `sequence:` of the round, the order its
 * brigades move in [M3.2] (RULING R-438); a part not given is the default (it
 * stays, holds back, engages nothing, no free attack). It checks nothing: the
 * rules reject what they do not allow, with the rule. Stateless. */
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/matrix.h"

/* This round's entry of brigade g with part `part`, or NULL. */
static const struct bs_mx_order *entry(const struct bs_battle *b, int g,
				       unsigned part)
{
	const struct bs_matrix_field *f = bs_mx_field(b);
	int side = b->units[g].side, brig = b->units[g].idx;
	for (int i = 0; i < f->norders[side]; i++) {
		const struct bs_mx_order *o = &f->orders[side][i];
		if (o->round == b->round && o->brig == brig && (o->has & part))
			return o;
	}
	return NULL;
}

/* The global index of brigade i of the enemy of g, or -1. */
static int enemy_g(const struct bs_battle *b, int g, int i)
{
	int e = bs_mx_other(b->units[g].side);
	return i >= 0 && e < b->nsides && i < b->sc->sides[e].nunits
		   ? b->side_first[e] + i
		   : -1;
}

static void s_move(void *ctx, const struct bs_battle *b, int g,
		   struct bs_mx_move *out)
{
	(void)ctx;
	const struct bs_mx_order *o = entry(b, g, BS_MXO_MOVE);
	if (o)
		*out = o->move;
}

/* Winner (attack) or loser (engage) at a location: each of the army's
 * brigades there with an entry for it. */
static void at_location(const struct bs_battle *b, int side, int row, int col,
			unsigned part, int *out)
{
	for (int g = b->side_first[side];
	     g < b->nunits && b->units[g].side == side; g++) {
		const struct bs_mx_state *t = bs_mx_state(b, g);
		if (t->where != BS_MX_FIELD || t->row != row || t->col != col)
			continue;
		const struct bs_mx_order *o = entry(b, g, part);
		if (o)
			out[g] = enemy_g(b, g,
					 part == BS_MXO_ATTACK ? o->attack
							       : o->engage);
	}
}

static void s_declare(void *ctx, const struct bs_battle *b, int side, int row,
		      int col, int *decl)
{
	(void)ctx;
	at_location(b, side, row, col, BS_MXO_ATTACK, decl);
}

static void s_defend(void *ctx, const struct bs_battle *b, int side, int row,
		     int col, int *eng)
{
	(void)ctx;
	at_location(b, side, row, col, BS_MXO_ENGAGE, eng);
}

static int s_target(void *ctx, const struct bs_battle *b, int g,
		    enum bs_mx_mode mode)
{
	(void)ctx;
	(void)mode;
	const struct bs_mx_order *o = entry(b, g, BS_MXO_TARGET);
	return o ? enemy_g(b, g, o->target) : -1;
}

/* [M4.2] RULING R-437: the entry's `split:` as written (the rules refuse
 * classes sent out of reach or more than the brigade has). */
static void s_aerial(void *ctx, const struct bs_battle *b, int g,
		     enum bs_mx_mode mode, int t, int *classes)
{
	(void)ctx;
	(void)mode;
	(void)t;
	const struct bs_mx_order *o = entry(b, g, BS_MXO_SPLIT);
	if (!o)
		return;
	for (int i = 0; i < BS_MX_MAX_BRIGADES; i++) {
		int h = enemy_g(b, g, i);
		if (h >= 0 && o->split[i] > 0)
			classes[h] = o->split[i];
	}
}

/* [M3.2] RULING R-438: the round's `sequence:` entry of the army, as
 * written (the rules reject a brigade that may not move). */
static int s_move_order(void *ctx, const struct bs_battle *b, int side,
			int *out, int max)
{
	(void)ctx;
	const struct bs_matrix_field *f = bs_mx_field(b);
	for (int i = 0; i < f->norders[side]; i++) {
		const struct bs_mx_order *o = &f->orders[side][i];
		if (o->round != b->round || !(o->has & BS_MXO_SEQUENCE))
			continue;
		int n = 0;
		for (int k = 0; k < o->nseq && n < max; k++)
			out[n++] = b->side_first[side] + o->seq[k];
		return n;
	}
	return 0;
}

void bs_mx_script_init(struct bs_mx_controller *c)
{
	memset(c, 0, sizeof *c);
	c->name = "scripted";
	c->move = s_move;
	c->declare = s_declare;
	c->defend = s_defend;
	c->target = s_target;
	c->aerial = s_aerial;
	c->move_order = s_move_order;
}
