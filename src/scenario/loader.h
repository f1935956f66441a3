/* Private to src/scenario: the loader's context, its arena and the helpers
 * that walk a libyaml document with a schema (unknown and duplicate keys,
 * types, ranges), each error reported at the node's FILE:LINE:COL. The
 * format is docs/SCENARIO-FORMAT.md; rule checks cite [2.8]-[2.11], [3.1],
 * [4.10], [7.1], [9.3], [11.2], [11.3], [14.20]. */
#ifndef BS_SCENARIO_LOADER_H
#define BS_SCENARIO_LOADER_H

#include <stddef.h>
#include <yaml.h>

#include "battlesim/diag.h"
#include "battlesim/model.h"

/* ---- arena: every allocation of a scenario, freed at once ---------------- */

struct bs_arena;

/* Zeroed storage of n bytes from *a (created on first use); NULL on out of
 * memory or when the arena's cap is reached. */
void *bs_arena_alloc(struct bs_arena **a, size_t n);
void bs_arena_free(struct bs_arena *a);

/* ---- limits ----------------------------------------------------------------
 */

#define LD_MAX_ERRORS 100      /* per load; then one "too many" */
#define LD_MAX_FILE (8u << 20) /* bytes of one YAML file */
#define LD_MAX_CATALOG 4096    /* entries of one kind */
#define LD_MAX_TERRAIN 256     /* terrain features */
#define LD_MAX_LIST 64	       /* any other list */
#define LD_MAX_TABLE 1000.0    /* inches, table width and depth */
#define LD_MAX_KEYS 40	       /* keys of one mapping type */
#define LD_MAX_VISITS 1000000L /* list items and keys walked */
#define LD_MAX_ORDERS 4096     /* `orders:` of one side */
#define LD_MAX_DEPTH 64	       /* nested lists and mappings */
#define LD_MAX_NODES 1000000L  /* values, lists, mappings, aliases */

/* ---- the loader context ---------------------------------------------------
 */

struct ld {
	yaml_document_t *doc; /* the document being walked */
	const char *file;     /* its name in messages */
	struct bs_diags *diags;
	int *nerr; /* errors of this load (shared by every file) */
	struct bs_scenario *s;
	struct bs_arena **arena; /* the scenario's storage */
	struct bs_arena **tmp;	 /* freed at the end of the load */
	int *oom;
	long *visits; /* nodes walked (shared): aliases cannot blow it up */
	int user;     /* 1: the scenario file, 0: a built-in catalog */
	enum bs_game game; /* for the D&D movement conversion [3.1] */
	unsigned special;  /* allowed special unit types [2.11] */
	/* name lists for "did you mean" (built on first use, tmp arena) */
	const char **wnames, **anames, **cnames;
	const struct bs_creature *human; /* ld_human() */
	/* unknown keys reported with "did you mean K": a missing required K
	 * in the same mapping is then not reported again */
	struct {
		const yaml_node_t *map;
		const char *key;
	} typo[16];
	unsigned ntypo;
};

/* Parse text (one YAML document: UTF-8, or UTF-16 with a byte order mark)
 * into doc, composing it from libyaml's events within LD_MAX_DEPTH and
 * LD_MAX_NODES (compose.c). Returns 0, or -1 after reporting at the first
 * event past a limit or libyaml's error at its position (doc is then empty
 * and must not be deleted). A stream without a document gives a document
 * without a root node. */
int ld_parse_doc(struct ld *ld, const unsigned char *text, size_t len,
		 yaml_document_t *doc);

/* 1 when the error cap is reached: skip costly "did you mean" work. */
int ld_quiet(const struct ld *ld);

/* Storage from the scenario's arena / the temporary arena; on failure sets
 * *ld->oom and returns NULL. */
void *ld_alloc(struct ld *ld, size_t n);
void *ld_tmp(struct ld *ld, size_t n);

/* An error at node (NULL: no position) / at a mark. */
void ld_err(struct ld *ld, const yaml_node_t *node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ld_err_mark(struct ld *ld, yaml_mark_t m, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The node of an item id, or NULL. */
yaml_node_t *ld_node(struct ld *ld, int id);

/* The 1-based line and column of node n into *line, *col. */
void ld_mark(const yaml_node_t *n, int *line, int *col);

/* The value of `key` in mapping node map (exactly as written), or NULL
 * (also when map is not a mapping). */
yaml_node_t *ld_get(struct ld *ld, const yaml_node_t *map, const char *key);

/* Kind of a node for messages: "a mapping", "a list", "'text'". */
const char *ld_kind(const yaml_node_t *n, char *buf, size_t len);

/* 1 when node is a plain null scalar ("", "~", "null"). */
int ld_is_null(const yaml_node_t *n);

/* The text of a scalar (NUL-terminated by libyaml), or NULL with an error
 * "KEY: expected WHAT, got ...". Text with an embedded NUL is an error. */
const char *ld_text(struct ld *ld, const yaml_node_t *n, const char *key,
		    const char *what);

/* Walk a mapping: every key must be one of keys[0..n-1] (else "unknown key
 * 'x' in WHAT (did you mean 'y'?)"), none twice; vals[i] gets the value
 * node of keys[i] or NULL. Returns 0, or -1 when node is not a mapping
 * (reported). */
int ld_collect(struct ld *ld, const yaml_node_t *map, const char *what,
	       const char *const *keys, int n, yaml_node_t **vals);

/* "WHAT: missing required key 'KEY'" at map when vals[i] is NULL;
 * returns 0 when present. */
int ld_require(struct ld *ld, const yaml_node_t *map, const char *what,
	       const char *key, const yaml_node_t *val);

/* Scalars with range checks. Each returns 0 and sets *out, or -1 after
 * reporting the error at the node (then *out is unchanged). */
int ld_int(struct ld *ld, const yaml_node_t *n, const char *key, long lo,
	   long hi, int *out);
int ld_long(struct ld *ld, const yaml_node_t *n, const char *key, long lo,
	    long hi, long *out);
int ld_num(struct ld *ld, const yaml_node_t *n, const char *key, double lo,
	   double hi, double *out);
int ld_bool(struct ld *ld, const yaml_node_t *n, const char *key, int *out);
/* One of names[0..n-1] (case-insensitive; NULL entries skipped). */
int ld_enum(struct ld *ld, const yaml_node_t *n, const char *key,
	    const char *const *names, int count, int *out);
/* A string of 1..cap-1 bytes copied into buf. */
int ld_str(struct ld *ld, const yaml_node_t *n, const char *key, char *buf,
	   size_t cap);
/* Dice (bs_dice_parse). */
int ld_dice(struct ld *ld, const yaml_node_t *n, const char *key,
	    struct bs_dice *out);

/* " (did you mean ...?)" for the unknown `word` among names[0..n-1] with
 * the synonyms syn (NULL: none), as bs_suggest_names and
 * bs_suggest_format; "" when none, when the word is too long, or once the
 * error cap is reached. Written into buf; returns buf. */
const char *ld_suggest(struct ld *ld, const char *word,
		       const char *const *names, size_t n,
		       const struct bs_synonym *syn, char *buf, size_t len);

/* Dice of damage (the matrix): as ld_dice, and no attack of them may roll
 * below 0 (RULING R-353). */
int ld_damage(struct ld *ld, const yaml_node_t *n, const char *key,
	      struct bs_dice *out);

/* A list: returns its length (0 for null), or -1 when not a list
 * (reported). When longer than max: reported, and max is returned. */
int ld_list(struct ld *ld, const yaml_node_t *n, const char *key, int max,
	    const char *what);
/* Item i of a list node. */
yaml_node_t *ld_item(struct ld *ld, const yaml_node_t *n, int i);

/* ---- catalog (catalog.c) --------------------------------------------------
 */

/* The lists of a catalog mapping ({weapons, armor, creatures, spells});
 * the value nodes, for counting then parsing. */
struct ld_catalog_nodes {
	struct ld *ld; /* the document they belong to */
	yaml_node_t *weapons, *armor, *creatures, *spells;
};

/* Collect the keys of a catalog mapping (top level of a catalog file, or a
 * scenario's `catalog:`) into *c. */
void ld_catalog_collect(struct ld *ld, const yaml_node_t *map,
			struct ld_catalog_nodes *c);

/* Parse the entries of c into the scenario's arrays (which have room):
 * built-in ones are appended (a duplicate is an error), a scenario's entry
 * replaces a built-in one of the same name. */
void ld_catalog_parse(struct ld_catalog_nodes *c, int nbuiltin_w,
		      int nbuiltin_a, int nbuiltin_c);

/* After every catalog is parsed: each name in the `to_hit_vs` lists of
 * c's creatures names a creature of the catalog (bs_creature_named), else
 * an error at the name. */
void ld_catalog_check(struct ld_catalog_nodes *c);
/* The same for one creature mapping n (an inline creature of a unit). */
void ld_creature_check(struct ld *ld, const yaml_node_t *n);

/* One creature mapping into *c (file, line set); dnd: convert movement. */
void ld_creature(struct ld *ld, const yaml_node_t *n, struct bs_creature *c,
		 const char *default_name);

/* Name lookups with "did you mean" over the catalog: NULL after reporting
 * "unknown WHAT 'x' (did you mean 'y'?)" at n. */
const struct bs_creature *ld_ref_creature(struct ld *ld, const yaml_node_t *n,
					  const char *key);
const struct bs_weapon *ld_ref_weapon(struct ld *ld, const yaml_node_t *n,
				      const char *key);
const struct bs_armor *ld_ref_armor(struct ld *ld, const yaml_node_t *n,
				    const char *key);

/* A fallback "human" (race default of individuals) when the catalog has
 * none. */
const struct bs_creature *ld_human(struct ld *ld);

/* Hit dice ("1/2", "1-1", "4+1", 9) of node n for key `key` [2.2]. */
int ld_hd(struct ld *ld, const yaml_node_t *n, const char *key,
	  struct bs_hd *hd);

/* ---- spells (spells.c) --------------------------------------------------
 */

/* The records of c's `spells:` list. */
int ld_spells_count(const struct ld_catalog_nodes *c);

/* Parse the records of c's `spells:` into the scenario's array (which has
 * room): pass 0 the records of their own, pass 1 the wands, staves and
 * rods made from a spell (`as:`), after every file's pass 0. A built-in
 * entry is replaced by the scenario's of the same name and list (or kind);
 * a duplicate is an error. */
void ld_spells_parse(struct ld_catalog_nodes *c, int pass);

/* A creature's `breath:`: the breath weapon record named by n, or NULL
 * after reporting the error ("did you mean"). */
const struct bs_spell *ld_ref_breath(struct ld *ld, const yaml_node_t *n);

/* An individual's `spells:` (node `list`, NULL when absent: the default
 * choice, RULING R-562), checked against his spells per day [14.1];
 * individual node n. Needs his classes, levels and abilities. */
void ld_individual_spells(struct ld *ld, const yaml_node_t *n,
			  const yaml_node_t *list, struct bs_individual *ind);

/* ---- sides (sides.c) and cross references (resolve.c) ---------------------
 */

/* Loader-private facts kept per unit / individual for the checks that need
 * the whole side (value nodes stay valid while the document lives). */
struct ld_unit_aux {
	yaml_node_t *node, *commander, *deputy, *members;
};
struct ld_indiv_aux {
	yaml_node_t *node, *rank, *role, *deputy_of, *brigade, *position;
	yaml_node_t *precast; /* [14.1] `precast:` (precast.c) */
	int member_of;	      /* unit index listing him in members, -1 */
	int deputy_unit;      /* unit index naming him deputy, -1 */
};
struct ld_side_aux {
	yaml_node_t *node;
	struct ld_unit_aux *units;
	struct ld_indiv_aux *indivs;
	yaml_node_t *controller, *orders; /* for ld_orders */
	yaml_node_t *chain;   /* `chain_of_command:` [9.3] (resolve.c) */
	yaml_node_t *precast; /* [14.1] `precast:` limits (precast.c) */
};

/* Parse the `sides:` list into s->sides (aux gets the per-side facts). */
void ld_sides(struct ld *ld, const yaml_node_t *n, struct ld_side_aux *aux);

/* Parse the `terrain:` list. */
void ld_terrain(struct ld *ld, const yaml_node_t *n);

/* Resolve commander/deputy/member/brigade references and check the command
 * rules of [4.10] and [9.1]-[9.3] on every side. */
void ld_resolve(struct ld *ld, struct ld_side_aux *aux);

/* Parse each side's `controller:` and `orders:` (orders.c): the scripted
 * orders with their unit, target and commander names resolved. */
void ld_orders(struct ld *ld, struct ld_side_aux *aux);

/* [14.1] issue 16 RULING R-707 .. R-709 (precast.c): the limits on
 * pre-casting (the top level's `precast:` node `top`, NULL when absent,
 * and each side's) and each individual's `precast:` list, checked: the
 * spells memorized, on his own side, their targets, casting times and
 * the limits. After ld_resolve. */
void ld_precast(struct ld *ld, struct ld_side_aux *aux, const yaml_node_t *top);

/* One entry of a side's orders typed at the referee's prompt (issue 17):
 * `text` as the keys of one entry in YAML flow form, given round and
 * (unit_name not NULL) its unit under unit_key; a text whose first item
 * has no key is wrapped in bare_pre .. bare_post ("order: " for a unit's
 * order word). `fn` parses the entry node into out (0, or -1 after an
 * error); `what` and `example` word the messages of an empty and of an
 * unreadable entry. BS_OK, or BS_ERR_INPUT with the loader's message in
 * err. No allocation survives the call. */
typedef int (*ld_entry_fn)(struct ld *ld, int si, const yaml_node_t *n,
			   void *out);
struct ld_typed {
	const char *unit_key, *unit_name;
	const char *bare_pre, *bare_post;
	const char *what, *example;
};
enum bs_status ld_parse_typed(const struct bs_scenario *sc, int side, int round,
			      const struct ld_typed *ty, const char *text,
			      ld_entry_fn fn, void *out, char *err,
			      size_t errlen);

/* A unit's `facing:` (1E and 2E): an edge's name, or degrees from 0 to
 * less than 360; *out unchanged after an error. */
void ld_facing(struct ld *ld, const yaml_node_t *n, double *out);

/* Position [x, y] inside the table. */
int ld_position(struct ld *ld, const yaml_node_t *n, const char *key, double *x,
		double *y);

/* The unit named by node n on side si: its index, or -1 after reporting
 * the error (a unit of another side, or an unknown name with "did you
 * mean") (resolve.c). */
int ld_find_unit(struct ld *ld, int si, const yaml_node_t *n, const char *key);

/* The individual named by node n on side si, as ld_find_unit. */
int ld_find_indiv(struct ld *ld, int si, const yaml_node_t *n, const char *key);

/* ---- levels and warnings (levels.c) -------------------------------------
 */

/* The top-level value nodes the level pass looks at (NULL when absent). */
struct ld_top {
	yaml_node_t *level, *game, *options, *special, *catalog, *terrain;
	yaml_node_t *magic; /* [16.3 A] RULING R-459 */
};

/* After a load without errors: the warnings of what the scenario gives
 * that has no effect in play at its level (battlesim/warn.h) into
 * ld->s->warnings, and what is not in force at the Basic Game taken out
 * of the model so that no rules code can use it (RULING R-305). */
void ld_levels(struct ld *ld, struct ld_side_aux *aux,
	       const struct ld_top *top);

/* ---- 2E (issue 5): load_bs2e.c -------------------------------------------
 */

/* A unit of a 2E scenario (rules: bs2e): its 2E statistics (u->bs2e) from
 * the 2E catalog and its own keys, figures and place (docs/BS2E.md). */
void ld_bs2e_unit(struct ld *ld, const yaml_node_t *n,
		  const struct bs_side *side, struct bs_unit *u,
		  struct ld_unit_aux *aux);

/* After the sides of a 2E scenario: the `hit_table:` (node, or NULL) for
 * every unit, and the checks that need the whole scenario. */
void ld_bs2e_finish(struct ld *ld, const yaml_node_t *hit_table);

/* ---- matrix (issue 6): load_matrix.c ------------------------------------
 */

/* When root is a mapping with `rules: matrix`: parse the whole matrix
 * scenario (docs/MATRIX.md) into ld->s (s->matrix, s->sides) and return
 * 1; else return 0 and touch nothing. */
int ld_matrix_doc(struct ld *ld, const yaml_node_t *root);

/* Army si's `controller:` and `orders:` of matrix f (orders_matrix.c,
 * RULING R-426), once both armies' brigades are known. */
void ld_mx_orders(struct ld *ld, struct bs_matrix_field *f, int si,
		  const yaml_node_t *controller, const yaml_node_t *orders);

/* RULING R-229: 0 when scripted order o is one the 2E movement plays,
 * else -1 with the message in why (load_bs2e.c). */
struct bs_script_order;
int ld_bs2e_order_check(const struct bs_script_order *o, char *why, size_t len);

#endif
