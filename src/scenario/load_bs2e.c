/* The 2E parts of a scenario file (rules: bs2e, docs/BS2E.md): a unit's 2E
 * statistics from the 2E catalog (data/catalog/bs2e-*.yaml, key `entry:`)
 * and/or its own keys (kind, type, weapons, ad, ar, hits, ml, cd, mv,
 * range), its figures and place on the tabletop, and the scenario's
 * `hit_table:` (RULING R-200); what the 2E rules would refuse in play is
 * refused here: scripted orders other than hold, move and charge (RULING
 * R-229); where the units are deployed is bs_deploy_check's (the ground
 * of RULING R-220 under the whole block). Every
 * error at FILE:LINE:COL. Sections of bs2e-summary.txt: "Scale" (the
 * roster's columns, 10:1 figures), "Attack Dice" (d4..d12, "10 + 8",
 * "2d10"), "Morale" (ML/CD), "Movement". */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "battlesim/terrain.h"
#include "battlesim/bs2e.h"
#include "battlesim/controller.h"
#include "battlesim/geom.h"
#include "scenario/embedded.h"
#include "scenario/loader.h"

#define BS2E_CATALOG_PREFIX "data/catalog/bs2e-"
#define BS2E_MAX_FIGURES 100 /* RULING R-227 */

/* ---- the statistics keys (catalog entries and units) --------------------- */

enum {
	SK_KIND,
	SK_TYPE,
	SK_WEAPONS,
	SK_AD,
	SK_AR,
	SK_HITS,
	SK_ML,
	SK_CD,
	SK_MV,
	SK_RANGE,
	SK__N
};
static const char *const stat_keys[SK__N] = {
    [SK_KIND] = "kind",	  [SK_TYPE] = "type", [SK_WEAPONS] = "weapons",
    [SK_AD] = "ad",	  [SK_AR] = "ar",     [SK_HITS] = "hits",
    [SK_ML] = "ml",	  [SK_CD] = "cd",     [SK_MV] = "mv",
    [SK_RANGE] = "range",
};

/* [2E Attack Dice] "d8" / "8" / "d10+d8" / "10 + 8" / "2d10" (RULING
 * R-221), read by the library's one parser (bs2e_ad_parse, as the
 * calculator's --ad). Returns 0 with ad[] set, or -1 after reporting. */
static int parse_ad(struct ld *ld, const yaml_node_t *n, int ad[2])
{
	const char *t = ld_text(ld, n, "ad",
				"attack dice (d4, d6, d8, d10, "
				"d12, 10+8 or 2d10)");
	if (!t)
		return -1;
	char err[160];
	if (bs2e_ad_parse(t, ad, err, sizeof err) != 0) {
		ld_err(ld, n, "ad: %s", err);
		return -1;
	}
	return 0;
}

/* Parse the statistics keys present in v into *st; returns the bits of
 * the keys parsed without error. */
static unsigned parse_stats(struct ld *ld, yaml_node_t **v,
			    struct bs2e_unit_stats *st)
{
	unsigned got = 0;
	int k;
	if (v[SK_KIND] && ld_enum(ld, v[SK_KIND], "kind", bs2e_kind_name,
				  BS2E_KIND__COUNT, &k) == 0) {
		st->kind = (enum bs2e_kind)k;
		got |= 1u << SK_KIND;
	}
	if (v[SK_TYPE] &&
	    ld_str(ld, v[SK_TYPE], "type", st->type, sizeof st->type) == 0)
		got |= 1u << SK_TYPE;
	if (v[SK_WEAPONS] && ld_str(ld, v[SK_WEAPONS], "weapons", st->weapons,
				    sizeof st->weapons) == 0)
		got |= 1u << SK_WEAPONS;
	if (v[SK_AD] && parse_ad(ld, v[SK_AD], st->ad) == 0)
		got |= 1u << SK_AD;
	/* [2E Armor Rating] a d10 is compared with it */
	if (v[SK_AR] && ld_int(ld, v[SK_AR], "ar", 0, 10, &st->ar) == 0)
		got |= 1u << SK_AR;
	if (v[SK_HITS] &&
	    ld_int(ld, v[SK_HITS], "hits", 1, 100, &st->hits) == 0)
		got |= 1u << SK_HITS;
	/* [2E Morale] 2d10 against it */
	if (v[SK_ML] && ld_int(ld, v[SK_ML], "ml", 2, 20, &st->ml) == 0)
		got |= 1u << SK_ML;
	if (v[SK_CD] && ld_int(ld, v[SK_CD], "cd", 1, 100, &st->cd) == 0)
		got |= 1u << SK_CD;
	if (v[SK_MV] && ld_int(ld, v[SK_MV], "mv", 0, 48, &st->mv) == 0)
		got |= 1u << SK_MV;
	if (v[SK_RANGE]) {
		int len = ld_list(ld, v[SK_RANGE], "range", 3, "ranges");
		int r[3] = {0, 0, 0}, ok = len == 3;
		if (len >= 0 && len != 3)
			ld_err(ld, v[SK_RANGE],
			       "range: expected [short, medium, long] in "
			       "inches, got %d value%s",
			       len, len == 1 ? "" : "s");
		for (int i = 0; ok && i < 3; i++)
			if (ld_int(ld, ld_item(ld, v[SK_RANGE], i), "range", 1,
				   200, &r[i]) != 0)
				ok = 0;
		if (ok && (r[0] > r[1] || r[1] > r[2])) {
			ld_err(ld, v[SK_RANGE],
			       "range: short <= medium <= long, got [%d, %d, "
			       "%d]",
			       r[0], r[1], r[2]);
			ok = 0;
		}
		if (ok) {
			memcpy(st->range, r, sizeof r);
			got |= 1u << SK_RANGE;
		}
	}
	return got;
}

/* ---- the 2E catalog ---------------------------------------------------------
 */

enum { CE_NAME, CE__FIRST_STAT };
/* Entry keys: name + the statistics keys. */
static const char *const entry_keys[1 + SK__N] = {
    "name", "kind", "type", "weapons", "ad",	"ar",
    "hits", "ml",   "cd",   "mv",      "range",
};

/* Look `name` up in the embedded 2E catalog files; on success copy the
 * entry's statistics into *st and return the bits given. Errors of the
 * built-in file are reported against it; an unknown name at node n. */
static unsigned catalog_entry(struct ld *ld, const yaml_node_t *n,
			      const char *name, struct bs2e_unit_stats *st,
			      int *found)
{
	const char *names[256];
	size_t nnames = 0;
	unsigned got = 0;
	*found = 0;
	for (const struct bs_embedded_file *f = bs_embedded_files;
	     f->path && !*found; f++) {
		if (strncmp(f->path, BS2E_CATALOG_PREFIX,
			    strlen(BS2E_CATALOG_PREFIX)) != 0)
			continue;
		yaml_document_t doc;
		struct ld cl = *ld;
		cl.doc = &doc;
		cl.file = f->path;
		cl.user = 0;
		if (ld_parse_doc(&cl, f->data, f->size, &doc) != 0)
			continue;
		yaml_node_t *root = yaml_document_get_root_node(&doc);
		static const char *const top[1] = {"bs2e_units"};
		yaml_node_t *tv[1] = {NULL};
		if (root &&
		    ld_collect(&cl, root, "2E catalog", top, 1, tv) == 0 &&
		    tv[0]) {
			int len = ld_list(&cl, tv[0], "bs2e_units",
					  LD_MAX_CATALOG, "entries");
			for (int i = 0; i < len && !*found; i++) {
				yaml_node_t *en = ld_item(&cl, tv[0], i);
				yaml_node_t *ev[1 + SK__N];
				if (ld_collect(&cl, en, "2E catalog entry",
					       entry_keys, 1 + SK__N,
					       ev) != 0 ||
				    !ev[CE_NAME] ||
				    ev[CE_NAME]->type != YAML_SCALAR_NODE)
					continue;
				const char *en_name = (const char *)ev[CE_NAME]
							  ->data.scalar.value;
				if (!bs_name_eq(en_name, name)) {
					if (nnames < 256) {
						char *c = ld_tmp(
						    ld, strlen(en_name) + 1);
						if (c) {
							strcpy(c, en_name);
							names[nnames++] = c;
						}
					}
					continue;
				}
				*found = 1;
				snprintf(st->entry, sizeof st->entry, "%s",
					 en_name);
				snprintf(st->file, sizeof st->file, "%s",
					 f->path);
				st->line = (int)en->start_mark.line + 1;
				got = parse_stats(&cl, ev + 1, st);
			}
		}
		yaml_document_delete(&doc);
	}
	if (!*found) {
		char sug[400];
		ld_err(
		    ld, n, "entry: unknown 2E catalog entry '%s'%s", name,
		    ld_suggest(ld, name, names, nnames, NULL, sug, sizeof sug));
	}
	return got;
}

/* ---- a unit -----------------------------------------------------------------
 */

enum {
	UK_NAME,
	UK_ENTRY,
	UK_FIGURES,
	UK_POSITION,
	UK_FACING,
	UK_FORMATION,
	UK_FRONTAGE,
	UK__FIRST_STAT,
	UK__N = UK__FIRST_STAT + SK__N
};
static const char *const unit_keys[UK__N] = {
    [UK_NAME] = "name",
    [UK_ENTRY] = "entry",
    [UK_FIGURES] = "figures",
    [UK_POSITION] = "position",
    [UK_FACING] = "facing",
    [UK_FORMATION] = "formation",
    [UK_FRONTAGE] = "frontage",
    [UK__FIRST_STAT + SK_KIND] = "kind",
    [UK__FIRST_STAT + SK_TYPE] = "type",
    [UK__FIRST_STAT + SK_WEAPONS] = "weapons",
    [UK__FIRST_STAT + SK_AD] = "ad",
    [UK__FIRST_STAT + SK_AR] = "ar",
    [UK__FIRST_STAT + SK_HITS] = "hits",
    [UK__FIRST_STAT + SK_ML] = "ml",
    [UK__FIRST_STAT + SK_CD] = "cd",
    [UK__FIRST_STAT + SK_MV] = "mv",
    [UK__FIRST_STAT + SK_RANGE] = "range",
};

static int individual(enum bs2e_kind k)
{
	return k == BS2E_KIND_HERO || k == BS2E_KIND_COMMANDER;
}

void ld_bs2e_unit(struct ld *ld, const yaml_node_t *n,
		  const struct bs_side *side, struct bs_unit *u,
		  struct ld_unit_aux *aux)
{
	yaml_node_t *v[UK__N];
	memset(u, 0, sizeof *u);
	u->commander = -1;
	u->deputy = -1;
	u->line = (int)n->start_mark.line + 1;
	u->col = (int)n->start_mark.column + 1;
	u->facing = bs_edge_facing(side->edge);
	u->type = BS_UNIT_REGULAR;
	u->formation = BS_FORM_CLOSED;
	aux->node = (yaml_node_t *)n;
	if (ld_collect(ld, n, "2E unit", unit_keys, UK__N, v) != 0)
		return;
	struct bs2e_unit_stats *st = ld_alloc(ld, sizeof *st);
	if (!st)
		return;
	u->bs2e = st;
	st->kind = BS2E_KIND_INFANTRY;
	st->hit_table = bs2e_hit_table_builtin;
	st->line = u->line;
	snprintf(st->file, sizeof st->file, "%s", ld->file);
	if (ld_require(ld, n, "2E unit", "name", v[UK_NAME]) == 0)
		ld_str(ld, v[UK_NAME], "name", u->name, sizeof u->name);

	/* [2E Scale] "Units are described by the statistics on the unit
	 * roster": a 2E catalog entry, then the unit's own keys over it */
	unsigned got = 0;
	int found = 1;
	if (v[UK_ENTRY]) {
		char name[BS_NAME_MAX];
		found = 0;
		if (ld_str(ld, v[UK_ENTRY], "entry", name, sizeof name) == 0)
			got = catalog_entry(ld, v[UK_ENTRY], name, st, &found);
	}
	got |= parse_stats(ld, v + UK__FIRST_STAT, st);
	if (!st->type[0])
		snprintf(st->type, sizeof st->type, "%s",
			 st->entry[0] ? st->entry : bs2e_kind_name[st->kind]);

	/* the columns a unit needs (RULING R-219: an individual has ML/CD
	 * "expressed in inches" instead of ML) */
	static const struct {
		int key;
		const char *what;
	} need[] = {
	    {SK_AD, "Attack Dice (ad)"},
	    {SK_AR, "Armor Rating (ar)"},
	    {SK_HITS, "Hits (hits)"},
	    {SK_MV, "Movement (mv)"},
	};
	for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
		if (found && !(got & (1u << need[i].key)) &&
		    !v[UK__FIRST_STAT + need[i].key])
			ld_err(ld, n,
			       "2E unit '%s': no %s: give `%s:` or an `entry:` "
			       "of the 2E catalog [2E Scale]",
			       u->name, need[i].what, stat_keys[need[i].key]);
	int indiv = individual(st->kind);
	if (indiv) {
		if (v[UK__FIRST_STAT + SK_ML])
			ld_err(ld, v[UK__FIRST_STAT + SK_ML],
			       "ml: heroes and commanders have no morale "
			       "rating; give their command diameter as `cd:` "
			       "(ML/CD) [2E Morale]");
		else if (found && !(got & (1u << SK_CD)) &&
			 !v[UK__FIRST_STAT + SK_CD])
			ld_err(
			    ld, n,
			    "2E unit '%s': a %s needs its command diameter "
			    "`cd:` (the ML/CD column, in inches) [2E Morale]",
			    u->name, bs2e_kind_name[st->kind]);
		st->ml = 0;
	} else {
		if (v[UK__FIRST_STAT + SK_CD])
			ld_err(ld, v[UK__FIRST_STAT + SK_CD],
			       "cd: only heroes and commanders have a command "
			       "diameter (kind hero or commander) [2E Morale]");
		else if (found && !(got & (1u << SK_ML)) &&
			 !v[UK__FIRST_STAT + SK_ML])
			ld_err(ld, n,
			       "2E unit '%s': no Morale (ml): give `ml:` or an "
			       "`entry:` of the 2E catalog [2E Scale]",
			       u->name);
		st->cd = 0;
	}

	/* [2E Scale] figures at 10:1; RULING R-219 an individual is one
	 * figure; RULING R-227 a unit has 1 to 100 */
	if (v[UK_FIGURES]) {
		int f;
		if (ld_int(ld, v[UK_FIGURES], "figures", 1, BS2E_MAX_FIGURES,
			   &f) == 0) {
			if (indiv && f != 1)
				ld_err(ld, v[UK_FIGURES],
				       "figures: a %s is one figure, got %d "
				       "[2E Morale]",
				       bs2e_kind_name[st->kind], f);
			else
				u->figures = f;
		}
	} else if (indiv) {
		u->figures = 1;
	} else {
		ld_require(ld, n, "2E unit", "figures", NULL);
	}
	u->ratio = indiv ? 1 : 10;
	u->mv = st->mv;

	if (ld_require(ld, n, "2E unit", "position", v[UK_POSITION]) == 0 &&
	    ld_position(ld, v[UK_POSITION], "position", &u->x, &u->y) == 0)
		ld_mark(v[UK_POSITION], &u->pos_line, &u->pos_col);
	if (v[UK_FACING])
		ld_facing(ld, v[UK_FACING], &u->facing);
	if (v[UK_FORMATION]) {
		static const char *const forms[BS_FORM__COUNT] = {
		    [BS_FORM_CLOSED] = "closed",
		    [BS_FORM_OPEN] = "open",
		};
		int f;
		if (ld_enum(ld, v[UK_FORMATION], "formation", forms,
			    BS_FORM__COUNT, &f) == 0)
			u->formation = (enum bs_formation)f;
	}
	if (v[UK_FRONTAGE]) {
		int f;
		if (ld_int(ld, v[UK_FRONTAGE], "frontage", 1, 100, &f) == 0) {
			if (u->figures > 0 && f > u->figures)
				ld_err(ld, v[UK_FRONTAGE],
				       "frontage: %d files, but the unit has "
				       "only %d figures",
				       f, u->figures);
			else
				u->frontage = f;
		}
	}
}

/* ---- the whole scenario -------------------------------------------------- */

/* The 1E (and other systems') options mean nothing to the 2E rules: one
 * named in a 2E scenario is an error at its item, not a rule silently
 * left out. */
static void check_options(struct ld *ld)
{
	yaml_node_t *opts =
	    ld_get(ld, yaml_document_get_root_node(ld->doc), "options");
	if (!opts || opts->type != YAML_SEQUENCE_NODE)
		return;
	int n = (int)(opts->data.sequence.items.top -
		      opts->data.sequence.items.start);
	for (int i = 0; i < n; i++) {
		yaml_node_t *it = ld_item(ld, opts, i);
		if (!it || it->type != YAML_SCALAR_NODE)
			continue;
		const char *name = (const char *)it->data.scalar.value;
		for (int k = 0; k < BS_OPT__COUNT; k++)
			if (bs_option_name[k] &&
			    strcmp(bs_option_name[k], name) == 0 &&
			    strncmp(name, "bs2e_", 5) != 0)
				ld_err(
				    ld, it,
				    "options: '%s' is not a 2E rule; a 2E "
				    "scenario takes bs2e_armor_equal_or_higher "
				    "and bs2e_rally_to_good (RULING R-201, "
				    "R-216)",
				    name);
	}
}

/* RULING R-229: a scripted order (parsed by orders.c with the 1E words)
 * holds only what the 2E movement plays: hold, move and charge, with no
 * formation change. */
int ld_bs2e_order_check(const struct bs_script_order *o, char *why, size_t len)
{
	if (o->kind == BS_SCRIPT_FIRE) {
		/* issue 14: fire entries are the 1E phases' [10.2]; 2E
		 * missile fire is its rules' own */
		snprintf(why, len,
			 "fire: a 1E fire entry; 2E missile fire is played by "
			 "its rules (RULING R-229)");
		return -1;
	}
	if (o->kind == BS_SCRIPT_CAST) {
		/* issue 16: casting is the 1E Advanced Game's [14.1] */
		snprintf(why, len,
			 "cast: spells are cast by the 1E Advanced Game's "
			 "rules [1.5 A] [14.1]; 2E magic is not played "
			 "(RULING R-229)");
		return -1;
	}
	if (o->kind == BS_SCRIPT_MELEE) {
		/* the 2E melee step has no order to choose */
		snprintf(why, len,
			 "melee: the order of the melees is a 1E order [1.6 "
			 "B]; the 2E melee step resolves every melee at once "
			 "(RULING R-207)");
		return -1;
	}
	if (o->kind != BS_SCRIPT_MOVE)
		return 0;
	enum bs_order_kind k = o->order.kind;
	if (o->order.declares) {
		snprintf(why, len,
			 "declare: the Shield Wall and Set Spears/Pikes are "
			 "1E rules [11.6] [11.7]; 2E orders are hold, move "
			 "and charge [2E Movement] (RULING R-229)");
		return -1;
	}
	if (k != BS_ORDER_HOLD && k != BS_ORDER_MOVE && k != BS_ORDER_CHARGE) {
		snprintf(why, len,
			 "order: '%s' is a 1E order; 2E orders are hold, move "
			 "and charge [2E Movement] (RULING R-229)",
			 bs_order_name[k]);
		return -1;
	}
	for (int j = 0; j < o->order.nsteps; j++)
		if (o->order.step[j].kind == BS_STEP_FORMATION ||
		    o->order.step[j].kind == BS_STEP_FIRE) {
			snprintf(why, len,
				 "steps: no formation changes in the 2E rules "
				 "(step %d) [2E Movement] (RULING R-229)",
				 j + 1);
			return -1;
		}
	return 0;
}

/* RULING R-229: the scripted `orders:` of side sd: anything the 2E
 * movement does not play is an error at its entry, not an order refused
 * when its round comes. */
static void check_orders(struct ld *ld, const struct bs_side *sd)
{
	for (int i = 0; i < sd->norders; i++) {
		const struct bs_script_order *o = &sd->orders[i];
		char why[256];
		if (ld_bs2e_order_check(o, why, sizeof why) == 0)
			continue;
		yaml_mark_t m = {0};
		m.line = o->line > 0 ? (size_t)o->line - 1 : 0;
		m.column = o->col > 0 ? (size_t)o->col - 1 : 0;
		ld_err_mark(ld, m, "%s", why);
	}
}

void ld_bs2e_finish(struct ld *ld, const yaml_node_t *hit_table)
{
	struct bs_scenario *s = ld->s;
	const int *table = bs2e_hit_table_builtin;
	int rows = BS2E_HIT_ROWS;
	check_options(ld);
	if (hit_table) {
		/* RULING R-200: a scenario may replace the whole table: the
		 * hits of attack die results 1, 2, 3 ... */
		int len = ld_list(ld, hit_table, "hit_table", BS2E_HIT_ROWS,
				  "rows (attack die results 1..24)");
		int *t = ld_alloc(ld, (BS2E_HIT_ROWS + 1) * sizeof *t);
		if (len > 0 && t) {
			int ok = 1;
			for (int i = 0; i < len; i++)
				if (ld_int(ld, ld_item(ld, hit_table, i),
					   "hit_table", 0, 100, &t[i + 1]) != 0)
					ok = 0;
			for (int i = len + 1; i <= BS2E_HIT_ROWS; i++)
				t[i] = t[len];
			if (ok) {
				table = t;
				rows = len;
			}
		} else if (len == 0) {
			ld_err(ld, hit_table,
			       "hit_table: expected the hits of attack die "
			       "results 1, 2, 3 ... (at least one row)");
		}
	}
	for (int si = 0; si < s->nsides; si++) {
		struct bs_side *sd = &s->sides[si];
		/* sides.c reads no 1E individuals in a 2E file (they would
		 * only add 1E errors): the key itself is the mistake */
		yaml_node_t *inds = ld_get(
		    ld,
		    ld_item(ld,
			    ld_get(ld, yaml_document_get_root_node(ld->doc),
				   "sides"),
			    si),
		    "individuals");
		if (inds)
			ld_err(
			    ld, inds,
			    "side '%s': a 2E scenario has no `individuals:`; "
			    "heroes and commanders are units of kind hero "
			    "or commander with their ML/CD as `cd:` (RULING "
			    "R-219)",
			    sd->name);
		check_orders(ld, sd);
		for (int i = 0; i < sd->nunits; i++) {
			struct bs2e_unit_stats *st =
			    (struct bs2e_unit_stats *)sd->units[i].bs2e;
			if (!st)
				continue;
			st->hit_table = table;
			int top = st->ad[0] + st->ad[1];
			if (hit_table && table != bs2e_hit_table_builtin &&
			    top > rows)
				ld_err(
				    ld, hit_table,
				    "hit_table: %d rows, but unit '%s' rolls "
				    "attack dice up to %d (RULING R-200)",
				    rows, sd->units[i].name, top);
		}
	}
}
