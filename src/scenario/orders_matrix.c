/* A matrix army's `controller:` and scripted `orders:` (docs/MATRIX.md
 * "Scripted orders", RULING R-426): per Game Round and brigade, its move
 * [M3.2] (steps between locations, or the column it enters from the
 * reserve), the winner's attack declaration and the loser's engagement
 * [M3.3], and the target of a free attack (magic [M3.4a], a stationary
 * missile attack [M3.4b], the scouts' attack [M3.5]); and one such entry
 * typed at the referee's prompt (bs_scenario_parse_mx_order). Only the
 * form is checked here (names, words, ranges, one entry per brigade and
 * round); whether it is legal when its round comes is for the rules,
 * which reject it as usual (REJECTED, with the rule). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "battlesim/matrix.h"
#include "scenario/loader.h"

enum {
	MO_ROUND,
	MO_BRIGADE,
	MO_MOVE,
	MO_ENTER,
	MO_ATTACK,
	MO_ENGAGE,
	MO_TARGET,
	MO_SPLIT,
	MO_SEQUENCE,
	MO__N
};
static const char *const mo_keys[MO__N] = {
    [MO_ROUND] = "round",	[MO_BRIGADE] = "brigade",
    [MO_MOVE] = "move",		[MO_ENTER] = "enter",
    [MO_ATTACK] = "attack",	[MO_ENGAGE] = "engage",
    [MO_TARGET] = "target",	[MO_SPLIT] = "split",
    [MO_SEQUENCE] = "sequence",
};

/* RULING R-426: the words of a step. `forward` and `back` are the army's
 * own (toward the enemy's reserve, toward its own); the compass points
 * are the matrix as the log draws it: north the first row (the first
 * army's edge), west the first column. */
enum { DIR_FORWARD, DIR_BACK, DIR_NORTH, DIR_SOUTH, DIR_EAST, DIR_WEST };
static const char *const dir_word[] = {
    [DIR_FORWARD] = "forward", [DIR_BACK] = "back", [DIR_NORTH] = "north",
    [DIR_SOUTH] = "south",     [DIR_EAST] = "east", [DIR_WEST] = "west",
};
#define NDIRS ((int)(sizeof dir_word / sizeof dir_word[0]))

/* The brigade of army si named by n (`key`): its index, or -1 after an
 * error ("did you mean", or a brigade of the other army). own: a brigade
 * of si; else one of the enemy's. */
static int brigade_named(struct ld *ld, int si, const yaml_node_t *n,
			 const char *key, int own)
{
	const struct bs_scenario *s = ld->s;
	const char *t = ld_text(ld, n, key, "a brigade's name");
	if (!t)
		return -1;
	int want = own ? si : bs_mx_other(si), other = bs_mx_other(want);
	const struct bs_side *sd = &s->sides[want];
	for (int i = 0; i < sd->nunits; i++)
		if (bs_name_eq(sd->units[i].name, t))
			return i;
	for (int i = 0; other < s->nsides && i < s->sides[other].nunits; i++)
		if (bs_name_eq(s->sides[other].units[i].name, t)) {
			ld_err(ld, n,
			       "%s: '%s' is a brigade of '%s'; %s names %s",
			       key, s->sides[other].units[i].name,
			       s->sides[other].name, key,
			       own ? "a brigade of the order's own army"
				   : "an enemy brigade");
			return -1;
		}
	const char *names[BS_MX_MAX_BRIGADES];
	size_t nn = 0;
	for (int i = 0; i < sd->nunits && nn < BS_MX_MAX_BRIGADES; i++)
		names[nn++] = sd->units[i].name;
	const char *sg = strlen(t) < 64 ? bs_suggest(t, names, nn) : NULL;
	char buf[64];
	ld_err(ld, n, "%s: no brigade %s in '%s'%s%s%s", key,
	       ld_kind(n, buf, sizeof buf), sd->name,
	       sg ? " (did you mean '" : "", sg ? sg : "", sg ? "'?)" : "");
	return -1;
}

/* `move:` a list of step words into m (0, or -1 after an error). */
static int parse_steps(struct ld *ld, int si, const yaml_node_t *n,
		       struct bs_mx_move *m)
{
	int len = ld_list(ld, n, "move", BS_MX_MAX_STEPS, "steps");
	if (len < 0)
		return -1;
	int bad = 0, fwd = si == 0 ? 1 : -1;
	for (int i = 0; i < len; i++) {
		yaml_node_t *it = ld_item(ld, n, i);
		int k;
		if (ld_enum(ld, it, "move", dir_word, NDIRS, &k) != 0) {
			bad = -1;
			continue;
		}
		int dr = k == DIR_FORWARD ? fwd
			 : k == DIR_BACK  ? -fwd
			 : k == DIR_NORTH ? -1
			 : k == DIR_SOUTH ? 1
					  : 0;
		int dc = k == DIR_EAST ? 1 : k == DIR_WEST ? -1 : 0;
		m->step[m->nsteps].dr = dr;
		m->step[m->nsteps].dc = dc;
		m->nsteps++;
	}
	return bad;
}

/* [M4.2] RULING R-437: `split:` a mapping of enemy brigades to the
 * classes of the brigade's attack sent at each (1 to 10), into o->split;
 * 0, or -1 after an error. Whether the brigade is aerial, has the classes
 * and the enemies are in reach is for the rules when the attack comes. */
static int parse_split(struct ld *ld, int si, const yaml_node_t *n,
		       struct bs_mx_order *o)
{
	if (!n || n->type != YAML_MAPPING_NODE ||
	    n->data.mapping.pairs.top == n->data.mapping.pairs.start) {
		char buf[64];
		ld_err(ld, n,
		       "split: expected enemy brigades and the classes sent "
		       "at each, like {Orcs: 2, Goblins: 1}, got %s",
		       ld_kind(n, buf, sizeof buf));
		return -1;
	}
	int bad = 0;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
	     p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = ld_node(ld, p->key),
			    *v = ld_node(ld, p->value);
		int e = brigade_named(ld, si, k, "split", 0), c;
		if (e < 0) {
			bad = -1;
			continue;
		}
		if (ld_int(ld, v, "split", 1, 10, &c) != 0) {
			bad = -1;
			continue;
		}
		if (o->split[e]) {
			ld_err(ld, k, "split: '%s' is named twice",
			       ld->s->sides[bs_mx_other(si)].units[e].name);
			bad = -1;
			continue;
		}
		o->split[e] = c;
	}
	return bad;
}

/* [M3.2] RULING R-438: `sequence:` the brigades of army si that move
 * first, in order, into o->seq; 0, or -1 after an error. */
static int parse_sequence(struct ld *ld, int si, const yaml_node_t *n,
			  struct bs_mx_order *o)
{
	int len = ld_list(ld, n, "sequence", BS_MX_MAX_BRIGADES, "brigades");
	if (len < 0)
		return -1;
	int bad = 0;
	for (int i = 0; i < len; i++) {
		yaml_node_t *it = ld_item(ld, n, i);
		int g = brigade_named(ld, si, it, "sequence", 1);
		if (g < 0) {
			bad = -1;
			continue;
		}
		for (int j = 0; j < o->nseq; j++)
			if (o->seq[j] == g) {
				ld_err(ld, it, "sequence: '%s' is named twice",
				       ld->s->sides[si].units[g].name);
				g = -1;
				bad = -1;
				break;
			}
		if (g >= 0)
			o->seq[o->nseq++] = g;
	}
	if (len == 0) {
		ld_err(ld, n,
		       "sequence: name the brigades that move first, in "
		       "order");
		bad = -1;
	}
	return bad;
}

/* Entry n of army si into *o; 0, or -1 after an error. */
static int parse_mx_order(struct ld *ld, const struct bs_matrix_field *f,
			  int si, const yaml_node_t *n, struct bs_mx_order *o)
{
	yaml_node_t *v[MO__N];
	memset(o, 0, sizeof *o);
	o->brig = o->attack = o->engage = o->target = -1;
	o->move.enter_col = -1;
	ld_mark(n, &o->line, &o->col);
	if (ld_collect(ld, n, "order", mo_keys, MO__N, v) != 0)
		return -1;
	int bad = 0;
	if (ld_require(ld, n, "order", "round", v[MO_ROUND]) != 0 ||
	    ld_int(ld, v[MO_ROUND], "round", 1, BS_MAX_ROUNDS, &o->round) != 0)
		bad = -1;
	if (v[MO_SEQUENCE]) {
		/* RULING R-438: the army's entry of the round, alone */
		for (int k = 0; k < MO__N; k++)
			if (v[k] && k != MO_ROUND && k != MO_SEQUENCE) {
				ld_err(ld, v[k],
				       "order: a sequence entry gives only "
				       "round and sequence (the order the "
				       "army's brigades move in), not %s",
				       mo_keys[k]);
				return -1;
			}
		if (parse_sequence(ld, si, v[MO_SEQUENCE], o) != 0)
			bad = -1;
		o->has |= BS_MXO_SEQUENCE;
		return bad;
	}
	if (ld_require(ld, n, "order", "brigade", v[MO_BRIGADE]) != 0 ||
	    (o->brig = brigade_named(ld, si, v[MO_BRIGADE], "brigade", 1)) < 0)
		bad = -1;
	if (v[MO_ENTER]) {
		/* [M3.2] RULING R-262: from the reserve into the back row,
		 * at any column (more with the referee's new columns
		 * [M1.3]; the rules reject a column the matrix does not
		 * have when the round comes) */
		int hi = f && (f->options & (1u << BS_MX_OPT_NEW_COLUMNS))
			     ? BS_MX_MAX_COLS
			 : f ? f->cols
			     : 1;
		int c;
		if (ld_int(ld, v[MO_ENTER], "enter", 1, hi, &c) == 0)
			o->move.enter_col = c - 1;
		else
			bad = -1;
		o->has |= BS_MXO_MOVE;
	}
	if (v[MO_MOVE]) {
		if (parse_steps(ld, si, v[MO_MOVE], &o->move) != 0)
			bad = -1;
		o->has |= BS_MXO_MOVE;
	}
	static const struct {
		int key;
		unsigned part;
	} enemy_keys[] = {{MO_ATTACK, BS_MXO_ATTACK},
			  {MO_ENGAGE, BS_MXO_ENGAGE},
			  {MO_TARGET, BS_MXO_TARGET}};
	for (int i = 0; i < 3; i++) {
		int k = enemy_keys[i].key;
		if (!v[k])
			continue;
		int t = brigade_named(ld, si, v[k], mo_keys[k], 0);
		if (t < 0)
			bad = -1;
		*(k == MO_ATTACK   ? &o->attack
		  : k == MO_ENGAGE ? &o->engage
				   : &o->target) = t;
		o->has |= enemy_keys[i].part;
	}
	if (v[MO_SPLIT]) {
		if (parse_split(ld, si, v[MO_SPLIT], o) != 0)
			bad = -1;
		o->has |= BS_MXO_SPLIT;
	}
	if (!o->has) {
		ld_err(ld, n,
		       "order: give what the brigade does: move (steps), "
		       "enter (a column), attack, engage or target (an "
		       "enemy brigade), split (an aerial brigade's classes)");
		bad = -1;
	}
	return bad;
}

void ld_mx_orders(struct ld *ld, struct bs_matrix_field *f, int si,
		  const yaml_node_t *controller, const yaml_node_t *orders)
{
	struct bs_side *side = &ld->s->sides[si];
	int ctl = -1;
	if (controller &&
	    ld_enum(ld, controller, "controller", bs_controller_kind_name,
		    BS_CTL__COUNT, &ctl) == 0)
		side->controller = (enum bs_controller_kind)ctl;
	int len = ld_list(ld, orders, "orders", LD_MAX_ORDERS, "orders");
	if (len <= 0 || !f)
		return;
	if (ctl < 0 && !controller)
		side->controller = BS_CTL_SCRIPTED;
	else if (ctl >= 0 && ctl != BS_CTL_SCRIPTED)
		ld_err(ld, orders,
		       "orders: army '%s' has controller: %s; only a "
		       "scripted army plays orders (controller: scripted)",
		       side->name, bs_controller_kind_name[ctl]);
	struct bs_mx_order *o = ld_alloc(ld, (size_t)len * sizeof *o);
	if (!o)
		return;
	int n = 0;
	for (int i = 0; i < len; i++) {
		yaml_node_t *in = ld_item(ld, orders, i);
		if (parse_mx_order(ld, f, si, in, &o[n]) != 0)
			continue;
		int dup = -1;
		for (int j = 0; j < n; j++)
			if (o[j].brig == o[n].brig && o[j].round == o[n].round)
				dup = j;
		if (dup >= 0 && o[n].brig < 0) {
			ld_err(ld, in,
			       "order: army '%s' already has a sequence for "
			       "round %d (line %d)",
			       side->name, o[n].round, o[dup].line);
			continue;
		}
		if (dup >= 0) {
			ld_err(ld, in,
			       "order: brigade '%s' already has an order for "
			       "round %d (line %d); one entry gives all it "
			       "does in a round",
			       side->units[o[n].brig].name, o[n].round,
			       o[dup].line);
			continue;
		}
		n++;
	}
	f->orders[si] = o;
	f->norders[si] = n;
}

char *bs_scenario_mx_move_text(int side, const struct bs_mx_move *m, char *buf,
			       size_t len)
{
	size_t k = 0;
	buf[0] = '\0';
	if (len == 0)
		return buf;
	if (m->enter_col < 0 && m->nsteps == 0) {
		snprintf(buf, len, "stay");
		return buf;
	}
	int fwd = side == 0 ? 1 : -1;
	if (m->enter_col >= 0)
		k += (size_t)snprintf(buf, len, "enter: %d%s", m->enter_col + 1,
				      m->nsteps ? ", move: [" : "");
	for (int i = 0; i < m->nsteps && k < len; i++) {
		int dr = m->step[i].dr, dc = m->step[i].dc, w;
		/* RULING R-426: forward and back, else the compass */
		w = dr == fwd	 ? DIR_FORWARD
		    : dr == -fwd ? DIR_BACK
		    : dr < 0	 ? DIR_NORTH
		    : dr > 0	 ? DIR_SOUTH
		    : dc > 0	 ? DIR_EAST
				 : DIR_WEST;
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? ", " : "",
				      dir_word[w]);
	}
	if (m->enter_col >= 0 && m->nsteps && k < len)
		snprintf(buf + k, len - k, "]");
	return buf;
}

/* ---- one entry typed at the referee's prompt (issue 17) ------------------
 */

static int parse_mx_fn(struct ld *ld, int si, const yaml_node_t *n, void *out)
{
	return parse_mx_order(ld, ld->s->matrix, si, n, out);
}

enum bs_status bs_scenario_parse_mx_order(const struct bs_scenario *sc,
					  int side, int round, int brig,
					  unsigned part, const char *text,
					  struct bs_mx_order *out, char *err,
					  size_t errlen)
{
	static const struct {
		unsigned part;
		const char *pre, *post, *what, *example, *keys;
	} q[] = {
	    {BS_MXO_MOVE, "move: [", "]",
	     "type its steps (forward, back, north, south, east, west), "
	     "enter: COLUMN, or stay",
	     "forward, forward, east", "move: or enter:"},
	    {BS_MXO_ATTACK, "attack: ", "",
	     "name the enemy it attacks, or hold", "attack: Raider Band",
	     "attack:"},
	    {BS_MXO_ENGAGE, "engage: ", "",
	     "name the attacker it engages, or none", "engage: Baron's Foot",
	     "engage:"},
	    {BS_MXO_TARGET, "target: ", "", "name its target, or none",
	     "target: Raider Band", "target:"},
	    {BS_MXO_SPLIT, "split: {", "}",
	     "name the enemies and the classes sent at each "
	     "(ENEMY: CLASSES, ...), or none",
	     "Raider Band: 2, Hippogriff Riders: 1", "split:"},
	    {BS_MXO_SEQUENCE, "sequence: [", "]",
	     "name the brigades that move first, in order, or in order",
	     "Baron's Knights, Baron's Foot", "sequence:"},
	};
	enum { NQ = (int)(sizeof q / sizeof q[0]) };
	int k = 0;
	while (k < NQ - 1 && q[k].part != part)
		k++;
	/* RULING R-437: a bare split is its pairs (ENEMY: CLASSES, ...),
	 * which read as keys: the prompt wraps them unless it is written
	 * `split: {...}` */
	char wrapped[2100];
	if (part == BS_MXO_SPLIT && text) {
		const char *t = text;
		while (*t == ' ' || *t == '\t')
			t++;
		/* the first word a key of the entry: not wrapped (and
		 * refused below when it is not `split`) */
		size_t w = strcspn(t, ":, ");
		int key = 0;
		for (int i = 0; i < MO__N; i++)
			key |= strlen(mo_keys[i]) == w &&
			       strncasecmp(t, mo_keys[i], w) == 0;
		if (*t && !key && strlen(t) < sizeof wrapped - 16) {
			snprintf(wrapped, sizeof wrapped, "split: {%s}", t);
			text = wrapped;
		}
	}
	/* RULING R-438: the sequence is the army's, no brigade's */
	int army = part == BS_MXO_SEQUENCE;
	if (!sc->matrix || side < 0 || side >= sc->nsides ||
	    (!army && (brig < 0 || brig >= sc->sides[side].nunits))) {
		snprintf(err, errlen, "no such brigade");
		return BS_ERR_INPUT;
	}
	if (army && text) {
		/* another part of a brigade's entry: there is no brigade
		 * here to give it to */
		const char *t = text;
		while (*t == ' ' || *t == '\t')
			t++;
		size_t w = strcspn(t, ":, ");
		for (int i = 0; i < MO__N; i++)
			if (t[w] == ':' && strlen(mo_keys[i]) == w &&
			    strncasecmp(t, mo_keys[i], w) == 0 &&
			    i != MO_SEQUENCE && i != MO_ROUND) {
				snprintf(err, errlen,
					 "here give only sequence: (the "
					 "brigades that move first), or in "
					 "order; each brigade's move is asked "
					 "next [M3.2]");
				return BS_ERR_INPUT;
			}
	}
	struct ld_typed ty = {
	    .unit_key = "brigade",
	    .unit_name = army ? NULL : sc->sides[side].units[brig].name,
	    .bare_pre = q[k].pre,
	    .bare_post = q[k].post,
	    .what = q[k].what,
	    .example = q[k].example,
	};
	enum bs_status st = ld_parse_typed(sc, side, round, &ty, text,
					   parse_mx_fn, out, err, errlen);
	if (st == BS_OK && (out->has & ~part)) {
		/* one question, one part of the entry */
		snprintf(err, errlen,
			 "here give only %s (the rest of a round's entry is "
			 "asked when the rules come to it: the move [M3.2], "
			 "the engagement [M3.3], a free attack's target "
			 "[M3.4])",
			 q[k].keys);
		st = BS_ERR_INPUT;
	}
	out->line = out->col = 0;
	return st;
}
