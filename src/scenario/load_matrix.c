/* Loading a matrix scenario (rules: matrix, docs/MATRIX.md): its own
 * layout (the matrix, Table 1, two armies of brigade cards with the AD&D
 * figures they are derived from), every error as FILE:LINE:COL. The cards
 * are derived here (src/matrix/cards.c) so that check and roster see
 * them. Sections: [M1.1]-[M1.5], [M2.1]-[M2.5], [M4.1]; RULING R-250
 * (`table1:`), R-268 (deployment), R-269 (scaling). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "battlesim/matrix.h"
#include "scenario/loader.h"

enum { MT_NAME, MT_RULES, MT_ROUNDS, MT_MATRIX, MT_TABLE1, MT_SIDES, MT__N };
static const char *const top_keys[MT__N] = {
    [MT_NAME] = "name",	    [MT_RULES] = "rules",   [MT_ROUNDS] = "rounds",
    [MT_MATRIX] = "matrix", [MT_TABLE1] = "table1", [MT_SIDES] = "sides",
};

enum { MX_ROWS, MX_COLS, MX_BRIGADE, MX_CENTURY, MX_OPTIONS, MX__N };
static const char *const matrix_keys[MX__N] = {
    [MX_ROWS] = "rows",	      [MX_COLS] = "columns",
    [MX_BRIGADE] = "brigade", [MX_CENTURY] = "century",
    [MX_OPTIONS] = "options",
};

enum { T1_SCALE, T1_BANDS, T1__N };
static const char *const t1_keys[T1__N] = {
    [T1_SCALE] = "scale",
    [T1_BANDS] = "bands",
};

enum { SD_NAME, SD_BRIGADES, SD_CONTROLLER, SD_ORDERS, SD__N };
static const char *const side_keys[SD__N] = {
    [SD_NAME] = "name",
    [SD_BRIGADES] = "brigades",
    [SD_CONTROLLER] = "controller",
    [SD_ORDERS] = "orders",
};

enum {
	BR_NAME,
	BR_TYPE,
	BR_WEIGHT,
	BR_AT,
	BR_MEN,
	BR_MOVE,
	BR_AC,
	BR_HD,
	BR_THAC0,
	BR_MELEE,
	BR_MISSILE,
	BR_CHARGE,
	BR_MOUNT,
	BR_MAGIC,
	BR_MORALE,
	BR_AERIAL,
	BR_SCOUTS,
	BR_SPECIAL,
	BR_NOTES,
	BR__N
};
static const char *const brigade_keys[BR__N] = {
    [BR_NAME] = "name",	    [BR_TYPE] = "type",	      [BR_WEIGHT] = "weight",
    [BR_AT] = "at",	    [BR_MEN] = "men",	      [BR_MOVE] = "move",
    [BR_AC] = "ac",	    [BR_HD] = "hd",	      [BR_THAC0] = "thac0",
    [BR_MELEE] = "melee",   [BR_MISSILE] = "missile", [BR_CHARGE] = "charge",
    [BR_MOUNT] = "mount",   [BR_MAGIC] = "magic",     [BR_MORALE] = "morale",
    [BR_AERIAL] = "aerial", [BR_SCOUTS] = "scouts",   [BR_SPECIAL] = "special",
    [BR_NOTES] = "notes",
};

enum { WP_NAME, WP_DAMAGE, WP_ATTACKS, WP_THAC0, WP_HIT_BONUS, WP_HD, WP__N };
static const char *const weapon_keys[WP__N] = {
    [WP_NAME] = "name",		  [WP_DAMAGE] = "damage",
    [WP_ATTACKS] = "attacks",	  [WP_THAC0] = "thac0",
    [WP_HIT_BONUS] = "hit_bonus", [WP_HD] = "hd",
};

enum { MG_DAMAGE, MG_USES, MG__N };
static const char *const magic_keys[MG__N] = {
    [MG_DAMAGE] = "damage",
    [MG_USES] = "uses",
};

/* A number in tenths: "7", "1.5", "3/2", "1/2" (lo, hi in tenths). */
static int tenths(struct ld *ld, const yaml_node_t *n, const char *key, int lo,
		  int hi, int *out)
{
	const char *t = ld_text(ld, n, key, "a number");
	if (!t)
		return -1;
	const char *slash = strchr(t, '/');
	if (slash) {
		char *e1, *e2;
		long a = strtol(t, &e1, 10), b = strtol(slash + 1, &e2, 10);
		if (e1 != slash || *e2 || b <= 0 || a < 0 || a > 1000 ||
		    b > 1000) {
			ld_err(ld, n,
			       "%s: expected a number or a fraction "
			       "like 3/2, got '%s'",
			       key, t);
			return -1;
		}
		long v = (a * 10 + b / 2) / b;
		if (v < lo || v > hi) {
			ld_err(ld, n, "%s: %s is out of range", key, t);
			return -1;
		}
		*out = (int)v;
		return 0;
	}
	double d;
	if (ld_num(ld, n, key, lo / 10.0, hi / 10.0, &d) != 0)
		return -1;
	*out = (int)(d * 10 + 0.5);
	return 0;
}

/* A weapon mapping (or mount: with hd). */
static void weapon(struct ld *ld, const yaml_node_t *n, const char *what,
		   struct bs_mx_weapon *w, int *hd10, int need_attacks)
{
	yaml_node_t *v[WP__N];
	if (ld_collect(ld, n, what, weapon_keys, WP__N, v) != 0)
		return;
	w->present = 1;
	if (v[WP_NAME])
		ld_str(ld, v[WP_NAME], "name", w->name, sizeof w->name);
	if (ld_require(ld, n, what, "damage", v[WP_DAMAGE]) == 0)
		ld_damage(ld, v[WP_DAMAGE], "damage", &w->damage);
	if (v[WP_ATTACKS])
		tenths(ld, v[WP_ATTACKS], "attacks", 1, 100, &w->attacks10);
	else if (need_attacks)
		w->attacks10 = 0; /* one per part of the damage */
	if (v[WP_THAC0])
		ld_int(ld, v[WP_THAC0], "thac0", 1, 30, &w->thac0);
	if (v[WP_HIT_BONUS])
		ld_int(ld, v[WP_HIT_BONUS], "hit_bonus", -10, 10,
		       &w->hit_bonus);
	if (v[WP_HD]) {
		if (!hd10)
			ld_err(ld, v[WP_HD], "%s: 'hd' is for a mount", what);
		else
			tenths(ld, v[WP_HD], "hd", 0, 300, hd10);
	}
}

static int ld_flag(struct ld *ld, const yaml_node_t *n, const char *key)
{
	int f = 0;
	if (n)
		ld_bool(ld, n, key, &f);
	return f;
}

/* RULING R-268: each side deploys in its half of the rows (side 0 the
 * first rows/2, side 1 the last rows/2) or in its reserve. */
static void place(struct ld *ld, const yaml_node_t *n, int si,
		  const struct bs_matrix_field *f, struct bs_mx_brigade *br)
{
	br->row = br->col = -1;
	if (!n)
		return;
	if (n->type == YAML_SCALAR_NODE) {
		const char *t =
		    ld_text(ld, n, "at", "[row, column] or reserve");
		if (t && strcasecmp(t, "reserve") != 0)
			ld_err(ld, n,
			       "at: expected [row, column] or 'reserve', got "
			       "'%s'",
			       t);
		return;
	}
	int len = ld_list(ld, n, "at", 2, "[row, column]");
	if (len != 2) {
		if (len >= 0)
			ld_err(ld, n, "at: expected [row, column]");
		return;
	}
	int r, c;
	if (ld_int(ld, ld_item(ld, n, 0), "at", 1, f->rows, &r) != 0 ||
	    ld_int(ld, ld_item(ld, n, 1), "at", 1, f->cols, &c) != 0)
		return;
	int half = f->rows / 2;
	int ok = si == 0 ? r <= half : r > f->rows - half;
	if (!ok) {
		ld_err(ld, n,
		       "at: row %d is not in the half of the matrix of side "
		       "%d (rows %d-%d) (RULING R-268)",
		       r, si + 1, si == 0 ? 1 : f->rows - half + 1,
		       si == 0 ? half : f->rows);
		return;
	}
	br->row = r - 1;
	br->col = c - 1;
}

static void brigade(struct ld *ld, const yaml_node_t *n, int si, int bi,
		    struct bs_matrix_field *f, struct bs_mx_brigade *br)
{
	yaml_node_t *v[BR__N];
	br->line = (int)n->start_mark.line + 1;
	br->col_src = (int)n->start_mark.column + 1;
	snprintf(br->tag, sizeof br->tag, "%c%d", 'A' + si, (bi + 1) % 1000);
	br->row = br->col = -1;
	if (ld_collect(ld, n, "brigade", brigade_keys, BR__N, v) != 0)
		return;
	if (ld_require(ld, n, "brigade", "name", v[BR_NAME]) == 0)
		ld_str(ld, v[BR_NAME], "name", br->name, sizeof br->name);
	int k;
	if (ld_require(ld, n, "brigade", "type", v[BR_TYPE]) == 0 &&
	    ld_enum(ld, v[BR_TYPE], "type", bs_mx_type_name, BS_MX_TYPE__COUNT,
		    &k) == 0)
		br->type = (enum bs_mx_type)k;
	if (v[BR_WEIGHT])
		ld_str(ld, v[BR_WEIGHT], "weight", br->weight,
		       sizeof br->weight);
	if (ld_require(ld, n, "brigade", "at", v[BR_AT]) == 0)
		place(ld, v[BR_AT], si, f, br);
	br->men = f->brigade_men;
	if (v[BR_MEN])
		ld_int(ld, v[BR_MEN], "men", 1, f->brigade_men, &br->men);
	struct bs_mx_figures *fg = &br->fig;
	/* [M2.3b] MV 8 at most: a move of 96 */
	if (ld_require(ld, n, "brigade", "move", v[BR_MOVE]) == 0)
		ld_int(ld, v[BR_MOVE], "move", 1, 12 * BS_MX_MAX_STEPS,
		       &fg->move);
	fg->ac = 10;
	if (ld_require(ld, n, "brigade", "ac", v[BR_AC]) == 0)
		ld_int(ld, v[BR_AC], "ac", -10, 10, &fg->ac);
	if (v[BR_HD])
		tenths(ld, v[BR_HD], "hd", 0, 300, &fg->hd10);
	fg->thac0 = 20;
	if (v[BR_THAC0])
		ld_int(ld, v[BR_THAC0], "thac0", 1, 30, &fg->thac0);
	if (v[BR_MELEE])
		weapon(ld, v[BR_MELEE], "melee", &fg->melee, NULL, 1);
	if (v[BR_MISSILE])
		weapon(ld, v[BR_MISSILE], "missile", &fg->missile, NULL, 1);
	if (v[BR_CHARGE])
		weapon(ld, v[BR_CHARGE], "charge", &fg->charge, NULL, 0);
	if (v[BR_MOUNT]) {
		weapon(ld, v[BR_MOUNT], "mount", &fg->mount, &fg->mount_hd10,
		       1);
		fg->mounted = 1;
		fg->mount_thac0 = fg->mount.thac0 ? fg->mount.thac0 : 20;
	}
	if (v[BR_MAGIC]) {
		yaml_node_t *m[MG__N];
		if (ld_collect(ld, v[BR_MAGIC], "magic", magic_keys, MG__N,
			       m) == 0) {
			fg->magic = 1;
			fg->magic_uses = 3;
			if (ld_require(ld, v[BR_MAGIC], "magic", "damage",
				       m[MG_DAMAGE]) == 0 &&
			    ld_damage(ld, m[MG_DAMAGE], "damage",
				      &fg->magic_damage) == 0 &&
			    bs_dice_max(&fg->magic_damage) <= 0)
				ld_err(ld, m[MG_DAMAGE],
				       "magic: damage: a spell must do damage "
				       "(its average / 10 x class number "
				       "[M3.4a])");
			if (m[MG_USES])
				ld_int(ld, m[MG_USES], "uses", 1, 100,
				       &fg->magic_uses);
		}
	}
	if (v[BR_MORALE])
		ld_int(ld, v[BR_MORALE], "morale", 1, 100, &br->morale);
	br->aerial = ld_flag(ld, v[BR_AERIAL], "aerial");
	if (br->type == BS_MX_AIR_CAVALRY)
		br->aerial = 1;
	br->scouts = ld_flag(ld, v[BR_SCOUTS], "scouts");
	br->special = ld_flag(ld, v[BR_SPECIAL], "special");
	if (v[BR_NOTES])
		ld_str(ld, v[BR_NOTES], "notes", br->notes, sizeof br->notes);
	/* a weapon key that failed to parse has its own error */
	if (!v[BR_MELEE] && !v[BR_MISSILE] && !v[BR_MAGIC] && !v[BR_MOUNT])
		ld_err(ld, n,
		       "brigade '%s': no weapon (melee, missile, mount or "
		       "magic) to attack with [M2.3c]",
		       br->name);
	/* RULING R-253: the scouts' attack [M3.5] is made with the
	 * better of their missile and melee ratings */
	else if (br->scouts && !v[BR_MELEE] && !v[BR_MISSILE] && !v[BR_MOUNT])
		ld_err(ld, v[BR_SCOUTS],
		       "brigade '%s': scouts attack with a missile or melee "
		       "weapon (RULING R-253), and it has neither",
		       br->name);
}

static void parse_matrix(struct ld *ld, const yaml_node_t *n,
			 struct bs_matrix_field *f)
{
	yaml_node_t *v[MX__N];
	if (ld_collect(ld, n, "matrix", matrix_keys, MX__N, v) != 0)
		return;
	if (ld_require(ld, n, "matrix", "rows", v[MX_ROWS]) == 0)
		ld_int(ld, v[MX_ROWS], "rows", 2, BS_MX_MAX_ROWS, &f->rows);
	if (ld_require(ld, n, "matrix", "columns", v[MX_COLS]) == 0)
		ld_int(ld, v[MX_COLS], "columns", 1, BS_MX_MAX_COLS, &f->cols);
	if (v[MX_BRIGADE])
		ld_int(ld, v[MX_BRIGADE], "brigade", 10, 100000,
		       &f->brigade_men);
	if (v[MX_CENTURY])
		ld_int(ld, v[MX_CENTURY], "century", 1, 10000, &f->century_men);
	/* [M1.5] RULING R-269: a brigade is whole centuries, 1 to 10 */
	if (f->brigade_men % f->century_men != 0 ||
	    f->brigade_men / f->century_men > 10 ||
	    f->brigade_men < f->century_men)
		ld_err(ld, v[MX_BRIGADE] ? v[MX_BRIGADE] : n,
		       "matrix: a brigade of %d men is not 1 to 10 "
		       "centuries of %d (RULING R-269)",
		       f->brigade_men, f->century_men);
	else
		f->full_class = f->brigade_men / f->century_men;
	if (v[MX_OPTIONS]) {
		int len = ld_list(ld, v[MX_OPTIONS], "options", LD_MAX_LIST,
				  "options");
		int k;
		for (int i = 0; i < len; i++)
			if (ld_enum(ld, ld_item(ld, v[MX_OPTIONS], i),
				    "options", bs_mx_option_name,
				    BS_MX_OPT__COUNT, &k) == 0)
				f->options |= 1u << k;
	}
}

/* RULING R-250: `table1: {scale: N, bands: [9, 13, ...]}` replaces the
 * ruled Table 1; bands ascending. */
static void parse_table1(struct ld *ld, const yaml_node_t *n,
			 struct bs_mx_table1 *t)
{
	yaml_node_t *v[T1__N];
	if (ld_collect(ld, n, "table1", t1_keys, T1__N, v) != 0)
		return;
	if (v[T1_SCALE])
		ld_int(ld, v[T1_SCALE], "scale", 0, 10, &t->scale);
	if (v[T1_BANDS]) {
		int len =
		    ld_list(ld, v[T1_BANDS], "bands", BS_MX_T1_MAX, "bands");
		if (len == 0)
			ld_err(ld, v[T1_BANDS],
			       "bands: at least one band is needed");
		if (len <= 0)
			return;
		t->nbands = len;
		for (int i = 0; i < len; i++) {
			yaml_node_t *it = ld_item(ld, v[T1_BANDS], i);
			if (ld_int(ld, it, "bands", -100, 200, &t->band[i]) ==
				0 &&
			    i > 0 && t->band[i] <= t->band[i - 1])
				ld_err(ld, it,
				       "bands: %d is not above the band "
				       "before it (%d)",
				       t->band[i], t->band[i - 1]);
		}
	}
}

/* [M1.4] more than ten land brigades of one army in a location at the
 * start is an error (RULING R-268). */
static void check_stacks(struct ld *ld, int si, const yaml_node_t *list,
			 const struct bs_matrix_field *f)
{
	for (int i = 0; i < f->nbrig[si]; i++) {
		const struct bs_mx_brigade *a = &f->brig[si][i];
		if (a->row < 0 || a->aerial)
			continue;
		int n = 0, first = -1;
		for (int j = 0; j < f->nbrig[si]; j++) {
			const struct bs_mx_brigade *c = &f->brig[si][j];
			if (c->row == a->row && c->col == a->col &&
			    !c->aerial) {
				if (first < 0)
					first = j;
				n++;
			}
		}
		if (n > BS_MX_STACK_LIMIT && first == i)
			ld_err(ld, ld_item(ld, list, i),
			       "%d land brigades deployed at row %d, column "
			       "%d: a stack holds ten [M1.4]",
			       n, a->row + 1, a->col + 1);
	}
}

static void parse_sides(struct ld *ld, const yaml_node_t *n,
			struct bs_matrix_field *f)
{
	struct bs_scenario *s = ld->s;
	int len = ld_list(ld, n, "sides", 2, "sides");
	if (len < 0)
		return;
	if (len != 2) {
		ld_err(ld, n, "sides: a matrix battle has two armies, not %d",
		       len);
		if (len < 1)
			return;
	}
	s->nsides = len;
	yaml_node_t *ctl[2] = {NULL, NULL}, *orders[2] = {NULL, NULL};
	for (int si = 0; si < len; si++) {
		yaml_node_t *sn = ld_item(ld, n, si), *v[SD__N];
		struct bs_side *sd = &s->sides[si];
		sd->edge = si == 0 ? BS_EDGE_NORTH : BS_EDGE_SOUTH;
		sd->controller = BS_CTL_DOCTRINE;
		if (ld_collect(ld, sn, "side", side_keys, SD__N, v) != 0)
			continue;
		ctl[si] = v[SD_CONTROLLER];
		orders[si] = v[SD_ORDERS];
		if (ld_require(ld, sn, "side", "name", v[SD_NAME]) == 0)
			ld_str(ld, v[SD_NAME], "name", sd->name,
			       sizeof sd->name);
		if (ld_require(ld, sn, "side", "brigades", v[SD_BRIGADES]))
			continue;
		int nb = ld_list(ld, v[SD_BRIGADES], "brigades",
				 BS_MX_MAX_BRIGADES, "brigades");
		if (nb == 0)
			ld_err(ld, v[SD_BRIGADES],
			       "brigades: an army needs at least one brigade");
		if (nb <= 0)
			continue;
		f->brig[si] = ld_alloc(ld, (size_t)nb * sizeof *f->brig[si]);
		sd->units = ld_alloc(ld, (size_t)nb * sizeof *sd->units);
		if (!f->brig[si] || !sd->units)
			return;
		f->nbrig[si] = nb;
		sd->nunits = nb;
		for (int i = 0; i < nb; i++) {
			yaml_node_t *bn = ld_item(ld, v[SD_BRIGADES], i);
			struct bs_mx_brigade *br = &f->brig[si][i];
			brigade(ld, bn, si, i, f, br);
			for (int j = 0; j < i; j++)
				if (br->name[0] &&
				    bs_name_eq(br->name, f->brig[si][j].name))
					ld_err(
					    ld, bn,
					    "brigade '%s': the name is "
					    "already used on this side (line "
					    "%d)",
					    br->name, f->brig[si][j].line);
			bs_mx_card_derive(f, br, &br->card);
			struct bs_unit *u = &sd->units[i];
			snprintf(u->name, sizeof u->name, "%s", br->name);
			u->figures = br->card.cls;
			u->ac = br->fig.ac;
			u->mv = br->fig.move;
			u->commander = u->deputy = -1;
			u->line = br->line;
			u->col = br->col_src;
		}
		check_stacks(ld, si, v[SD_BRIGADES], f);
	}
	/* the orders name brigades of both armies */
	for (int si = 0; si < len; si++)
		ld_mx_orders(ld, f, si, ctl[si], orders[si]);
}

int ld_matrix_doc(struct ld *ld, const yaml_node_t *root)
{
	if (!root || root->type != YAML_MAPPING_NODE)
		return 0;
	int is_matrix = 0;
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = ld_node(ld, p->key),
			    *v = ld_node(ld, p->value);
		if (k && v && k->type == YAML_SCALAR_NODE &&
		    v->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, "rules") == 0 &&
		    strcasecmp((const char *)v->data.scalar.value, "matrix") ==
			0)
			is_matrix = 1;
	}
	if (!is_matrix)
		return 0;
	struct bs_scenario *s = ld->s;
	s->rules = BS_RULES_MATRIX;
	struct bs_matrix_field *f = ld_alloc(ld, sizeof *f);
	if (!f)
		return 1;
	f->brigade_men = 500;
	f->century_men = 100;
	f->full_class = 5;
	f->t1 = bs_mx_table1_default;
	yaml_node_t *v[MT__N];
	if (ld_collect(ld, root, "matrix scenario", top_keys, MT__N, v) != 0)
		return 1;
	if (ld_require(ld, root, "matrix scenario", "name", v[MT_NAME]) == 0)
		ld_str(ld, v[MT_NAME], "name", s->name, sizeof s->name);
	if (v[MT_ROUNDS])
		ld_int(ld, v[MT_ROUNDS], "rounds", 1, BS_MAX_ROUNDS,
		       &s->max_rounds);
	if (ld_require(ld, root, "matrix scenario", "matrix", v[MT_MATRIX]))
		return 1;
	parse_matrix(ld, v[MT_MATRIX], f);
	if (f->rows < 2 || f->cols < 1 || f->full_class < 1)
		return 1;
	if (v[MT_TABLE1])
		parse_table1(ld, v[MT_TABLE1], &f->t1);
	if (ld_require(ld, root, "matrix scenario", "sides", v[MT_SIDES]) == 0)
		parse_sides(ld, v[MT_SIDES], f);
	s->matrix = f;
	return 1;
}
