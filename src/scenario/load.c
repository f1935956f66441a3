/* Loading a scenario: YAML (libyaml document API) from a file, memory or
 * the embedded data, the built-in catalogs merged with the scenario's own,
 * every error collected as FILE:LINE:COL. The top-level keys of a scenario
 * (docs/SCENARIO-FORMAT.md); sections [2.11] (special unit types allowed),
 * [3.1] (D&D movement) and the optional rules of known-gaps. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "battlesim/scenario.h"
#include "battlesim/spell.h"
#include "scenario/embedded.h"
#include "scenario/loader.h"

#define DEFAULT_SCENARIO "borderland-raid"
#define CATALOG_DIR "data/catalog/"
#define SCENARIO_DIR "data/scenarios/"
/* The one message of a file past LD_MAX_FILE. */
#define TOO_LARGE "the file is too large: at most %u bytes (8 MiB) are read"

/* ---- the top level
 * ----------------------------------------------------------- */

enum {
	TOP_NAME,
	TOP_RULES,
	TOP_LEVEL,
	TOP_GAME,
	TOP_OPTIONS,
	TOP_SPECIAL,
	TOP_TABLE,
	TOP_TERRAIN,
	TOP_CATALOG,
	TOP_SIDES,
	TOP_ROUNDS,
	TOP_HIT_TABLE, /* 2E (issue 5) */
	TOP_MAGIC,     /* [16.3 A] RULING R-459 */
	TOP_PRECAST,   /* [14.1] RULING R-709 (precast.c) */
	TOP__N
};
static const char *const top_keys[TOP__N] = {
    [TOP_NAME] = "name",       [TOP_RULES] = "rules",
    [TOP_LEVEL] = "level",     [TOP_GAME] = "game",
    [TOP_OPTIONS] = "options", [TOP_SPECIAL] = "special_unit_types",
    [TOP_TABLE] = "table",     [TOP_TERRAIN] = "terrain",
    [TOP_CATALOG] = "catalog", [TOP_SIDES] = "sides",
    [TOP_ROUNDS] = "rounds",   [TOP_HIT_TABLE] = "hit_table",
    [TOP_MAGIC] = "magic",     [TOP_PRECAST] = "precast",
};

enum { TB_WIDTH, TB_DEPTH, TB__N };
static const char *const table_keys[TB__N] = {
    [TB_WIDTH] = "width",
    [TB_DEPTH] = "depth",
};

static void parse_header(struct ld *ld, yaml_node_t **v)
{
	struct bs_scenario *s = ld->s;
	int k;
	if (v[TOP_RULES] && ld_enum(ld, v[TOP_RULES], "rules", bs_rules_name,
				    BS_RULES__COUNT, &k) == 0) {
		/* every ruleset loads: bs2e's units in load_bs2e.c; a
		 * matrix file never gets here (load_text hands it to
		 * load_matrix.c) */
		s->rules = (enum bs_rules)k;
	}
	if (v[TOP_LEVEL] && ld_enum(ld, v[TOP_LEVEL], "level", bs_level_name,
				    BS_LEVEL__COUNT, &k) == 0)
		s->level = (enum bs_level)k;
	if (v[TOP_GAME] && ld_enum(ld, v[TOP_GAME], "game", bs_game_name,
				   BS_GAME__COUNT, &k) == 0)
		s->game = (enum bs_game)k;
	ld->game = s->game;
	/* [16.3 A] RULING R-459: the Advanced Game's power level of magic
	 * (the level pass warns where it has no effect, levels.c) */
	if (v[TOP_MAGIC] &&
	    ld_enum(ld, v[TOP_MAGIC], "magic", bs_magic_power_name,
		    BS_POWER__COUNT, &k) == 0)
		s->magic = (enum bs_magic_power)k;
	if (v[TOP_OPTIONS]) {
		int len = ld_list(ld, v[TOP_OPTIONS], "options", LD_MAX_LIST,
				  "options");
		for (int i = 0; i < len; i++) {
			yaml_node_t *it = ld_item(ld, v[TOP_OPTIONS], i);
			if (ld_enum(ld, it, "options", bs_option_name,
				    BS_OPT__COUNT, &k) != 0)
				continue;
			/* a 2E option would be ignored by 1E rules: say so
			 * rather than accept it silently (load_bs2e.c does
			 * the same for 1E options in a 2E scenario) */
			if ((k == BS_OPT_BS2E_ARMOR_EQUAL_OR_HIGHER ||
			     k == BS_OPT_BS2E_RALLY_TO_GOOD) &&
			    s->rules != BS_RULES_BS2E) {
				ld_err(
				    ld, it,
				    "option '%s' is for 2E scenarios (rules: "
				    "bs2e)",
				    bs_option_name[k]);
				continue;
			}
			s->options |= 1u << k;
		}
	}
	if (v[TOP_SPECIAL]) {
		/* [2.11] the special unit types this scenario permits */
		static const char *const special[BS_UNIT__COUNT] = {
		    [BS_UNIT_ELITE] = "elite",
		    [BS_UNIT_BERSERKER] = "berserker",
		};
		int len = ld_list(ld, v[TOP_SPECIAL], "special_unit_types",
				  LD_MAX_LIST, "types");
		for (int i = 0; i < len; i++)
			if (ld_enum(ld, ld_item(ld, v[TOP_SPECIAL], i),
				    "special_unit_types", special,
				    BS_UNIT__COUNT, &k) == 0)
				s->special_types |= 1u << k;
	}
	ld->special = s->special_types;
	/* the round limit (known-gaps 15: the engine's ruling decides what
	 * the limit means) */
	if (v[TOP_ROUNDS])
		ld_int(ld, v[TOP_ROUNDS], "rounds", 1, BS_MAX_ROUNDS,
		       &s->max_rounds);
	if (v[TOP_TABLE]) {
		yaml_node_t *t[TB__N];
		if (ld_collect(ld, v[TOP_TABLE], "table", table_keys, TB__N,
			       t) == 0) {
			if (t[TB_WIDTH])
				ld_num(ld, t[TB_WIDTH], "width", 6,
				       LD_MAX_TABLE, &s->width);
			if (t[TB_DEPTH])
				ld_num(ld, t[TB_DEPTH], "depth", 6,
				       LD_MAX_TABLE, &s->depth);
		}
	}
}

/* Length of a list node without reporting (0 when not a list). */
static int count(const yaml_node_t *n)
{
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return 0;
	long len = n->data.sequence.items.top - n->data.sequence.items.start;
	return len > LD_MAX_CATALOG ? LD_MAX_CATALOG : (int)len;
}

/* Slots for n names in ix: a power of two, at least twice n. */
static int index_init(struct ld *ld, struct bs_name_index *ix, long n)
{
	unsigned slots = 16;
	while (slots < 2 * (unsigned long)n)
		slots *= 2;
	ix->slot = ld_alloc(ld, slots * sizeof *ix->slot);
	ix->mask = slots - 1;
	return ix->slot ? 0 : -1;
}

/* One embedded catalog file, parsed and kept until the end of the load. */
struct builtin_doc {
	yaml_document_t doc;
	int ok;
	struct ld ld;
	struct ld_catalog_nodes nodes;
};

static int is_catalog(const char *path)
{
	size_t n = strlen(CATALOG_DIR);
	/* 2E (issue 5): the 2E catalog (bs2e-*.yaml) is load_bs2e.c's */
	if (strncmp(path, CATALOG_DIR "bs2e-", n + 5) == 0)
		return 0;
	return strncmp(path, CATALOG_DIR, n) == 0;
}

/* The catalogs: the built-in files, then the scenario's `catalog:`. */
static void load_catalogs(struct ld *ld, const yaml_node_t *cat)
{
	struct bs_scenario *s = ld->s;
	int nfiles = 0;
	for (const struct bs_embedded_file *f = bs_embedded_files; f->path; f++)
		nfiles += is_catalog(f->path);
	struct builtin_doc *b =
	    nfiles ? ld_tmp(ld, (size_t)nfiles * sizeof *b) : NULL;
	if (nfiles && !b)
		return;
	int k = 0;
	long nw = 0, na = 0, nc = 0, ns = 0;
	for (const struct bs_embedded_file *f = bs_embedded_files; f->path;
	     f++) {
		if (!is_catalog(f->path))
			continue;
		struct builtin_doc *d = &b[k++];
		d->ld = *ld;
		d->ld.file = f->path;
		d->ld.user = 0;
		d->ld.doc = &d->doc;
		if (ld_parse_doc(&d->ld, f->data, f->size, &d->doc) != 0)
			continue;
		d->ok = 1;
		yaml_node_t *root = yaml_document_get_root_node(&d->doc);
		if (!root || ld_is_null(root))
			continue; /* an empty catalog file */
		ld_catalog_collect(&d->ld, root, &d->nodes);
		nw += count(d->nodes.weapons);
		na += count(d->nodes.armor);
		nc += count(d->nodes.creatures);
		ns += ld_spells_count(&d->nodes);
	}
	struct ld_catalog_nodes mine = {0};
	if (cat) {
		ld_catalog_collect(ld, cat, &mine);
		nw += count(mine.weapons);
		na += count(mine.armor);
		nc += count(mine.creatures);
		ns += ld_spells_count(&mine);
	}
	s->weapons = ld_alloc(ld, (size_t)(nw + 1) * sizeof *s->weapons);
	s->armor = ld_alloc(ld, (size_t)(na + 1) * sizeof *s->armor);
	s->creatures = ld_alloc(ld, (size_t)(nc + 1) * sizeof *s->creatures);
	s->spells = ld_alloc(ld, (size_t)(ns + 1) * sizeof *s->spells);
	if (s->weapons && s->armor && s->creatures && s->spells &&
	    index_init(ld, &s->weapon_index, nw) == 0 &&
	    index_init(ld, &s->armor_index, na) == 0 &&
	    index_init(ld, &s->creature_index, nc) == 0 &&
	    index_init(ld, &s->spell_index, ns) == 0) {
		/* the spells first: creatures name their breath weapons;
		 * then the items made from spells, once every spell is in
		 * (the scenario's replacing the built-in ones) */
		for (int pass = 0; pass < 2; pass++) {
			for (int i = 0; i < k; i++)
				if (b[i].nodes.ld)
					ld_spells_parse(&b[i].nodes, pass);
			if (mine.ld)
				ld_spells_parse(&mine, pass);
		}
		for (int i = 0; i < k; i++)
			if (b[i].nodes.ld)
				ld_catalog_parse(&b[i].nodes, 0, 0, 0);
		if (mine.ld)
			ld_catalog_parse(&mine, s->nweapons, s->narmor,
					 s->ncreatures);
		for (int i = 0; i < k; i++)
			if (b[i].nodes.ld)
				ld_catalog_check(&b[i].nodes);
		if (mine.ld)
			ld_catalog_check(&mine);
	}
	for (int i = 0; i < k; i++)
		if (b[i].ok)
			yaml_document_delete(&b[i].doc);
}

/* Put the messages added since `start` in the order of the files (as
 * first reported), then of line and column; the "too many errors" note
 * stays last. */
static void sort_diags(struct bs_diags *d, size_t start)
{
	bs_diags_sort(d, start, start + LD_MAX_ERRORS);
}

/* Load text; on success *out is the scenario. */
static enum bs_status load_text(const unsigned char *text, size_t len,
				const char *name, struct bs_scenario **out,
				struct bs_diags *diags)
{
	*out = NULL;
	size_t first = diags->count;
	struct bs_arena *arena = NULL, *tmp = NULL;
	int nerr = 0, oom = 0;
	long visits = 0;
	struct bs_scenario *s = bs_arena_alloc(&arena, sizeof *s);
	if (!s) {
		bs_diags_add(diags, name, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	snprintf(s->file, sizeof s->file, "%s", name);
	s->rules = BS_RULES_BS1E;
	s->level = BS_LEVEL_BASIC;
	s->game = BS_GAME_ADND;
	s->magic = BS_POWER_ANYTHING_GOES;
	s->width = 72;
	s->depth = 48;
	s->max_rounds = BS_DEFAULT_MAX_ROUNDS;
	yaml_document_t doc;
	struct ld ld = {
	    .doc = &doc,
	    .file = name,
	    .diags = diags,
	    .nerr = &nerr,
	    .s = s,
	    .arena = &arena,
	    .tmp = &tmp,
	    .oom = &oom,
	    .visits = &visits,
	    .user = 1,
	    .game = BS_GAME_ADND,
	};
	if (len > LD_MAX_FILE) {
		ld_err(&ld, NULL, TOO_LARGE, LD_MAX_FILE);
	} else if (ld_parse_doc(&ld, text, len, &doc) == 0) {
		yaml_node_t *root = yaml_document_get_root_node(&doc),
			    *v[TOP__N];
		if (!root || ld_is_null(root)) {
			ld_err(&ld, NULL,
			       "the file is empty: a scenario needs "
			       "at least name and sides");
		} else if (ld_matrix_doc(&ld, root)) {
			/* matrix (issue 6): rules: matrix has its own
			 * layout (load_matrix.c) */
		} else if (ld_collect(&ld, root, "scenario", top_keys, TOP__N,
				      v) == 0) {
			if (ld_require(&ld, root, "scenario", "name",
				       v[TOP_NAME]) == 0)
				ld_str(&ld, v[TOP_NAME], "name", s->name,
				       sizeof s->name);
			parse_header(&ld, v);
			if (v[TOP_HIT_TABLE] && s->rules != BS_RULES_BS2E)
				ld_err(&ld, v[TOP_HIT_TABLE],
				       "hit_table: only 2E scenarios (rules: "
				       "bs2e) have a hit table");
			load_catalogs(&ld, v[TOP_CATALOG]);
			if (v[TOP_TERRAIN])
				ld_terrain(&ld, v[TOP_TERRAIN]);
			struct ld_side_aux aux[BS_MAX_SIDES];
			memset(aux, 0, sizeof aux);
			if (ld_require(&ld, root, "scenario", "sides",
				       v[TOP_SIDES]) == 0 &&
			    !oom) {
				ld_sides(&ld, v[TOP_SIDES], aux);
				if (!oom)
					ld_resolve(&ld, aux);
				if (!oom)
					ld_orders(&ld, aux);
				if (!oom)
					ld_precast(&ld, aux, v[TOP_PRECAST]);
				/* 2E (issue 5) */
				if (!oom && s->rules == BS_RULES_BS2E)
					ld_bs2e_finish(&ld, v[TOP_HIT_TABLE]);
				/* the level pass: warnings, and the Basic
				 * Game's model (RULING R-305) */
				struct ld_top top = {
				    v[TOP_LEVEL],   v[TOP_GAME],
				    v[TOP_OPTIONS], v[TOP_SPECIAL],
				    v[TOP_CATALOG], v[TOP_TERRAIN],
				    v[TOP_MAGIC],
				};
				if (!oom && nerr == 0)
					ld_levels(&ld, aux, &top);
			}
		}
		yaml_document_delete(&doc);
	}
	bs_arena_free(tmp);
	sort_diags(diags, first);
	s->arena = arena;
	if (oom || s->warnings.oom) {
		bs_diags_add(diags, name, 0, 0, "out of memory");
		bs_diags_release(&s->warnings);
		bs_arena_free(arena);
		return BS_ERR_RUNTIME;
	}
	if (nerr > 0) {
		bs_diags_release(&s->warnings);
		bs_arena_free(arena);
		return BS_ERR_INPUT;
	}
	bs_diags_sort(&s->warnings, 0, s->warnings.count);
	*out = s;
	return BS_OK;
}

/* ---- public API
 * ---------------------------------------------------------------- */

enum bs_status bs_scenario_load_string(const char *text, size_t len,
				       const char *name,
				       struct bs_scenario **out,
				       struct bs_diags *diags)
{
	return load_text((const unsigned char *)text, len,
			 name ? name : "(string)", out, diags);
}

enum bs_status bs_scenario_load_file(const char *path, struct bs_scenario **out,
				     struct bs_diags *diags)
{
	*out = NULL;
	if (!*path) {
		bs_diags_add(diags, NULL, 0, 0,
			     "'': the file name is empty (no such file)");
		return BS_ERR_INPUT;
	}
	FILE *f = fopen(path, "rb");
	char msg[128];
	if (!f) {
		strerror_r(errno, msg, sizeof msg);
		bs_diags_add(diags, path, 0, 0, "cannot open: %s", msg);
		return BS_ERR_INPUT;
	}
	/* RULING R-350: a file past the limit fails before it is read (a
	 * regular file by its size; anything else, /dev/zero or a pipe, as
	 * soon as one byte more than the limit has come) */
	struct stat sb;
	if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) &&
	    sb.st_size > (off_t)LD_MAX_FILE) {
		fclose(f);
		bs_diags_add(diags, path, 0, 0, TOO_LARGE, LD_MAX_FILE);
		return BS_ERR_INPUT;
	}
	size_t cap = 65536, len = 0;
	unsigned char *buf = malloc(cap);
	enum bs_status st = BS_OK;
	while (buf) {
		if (len > LD_MAX_FILE) {
			bs_diags_add(diags, path, 0, 0, TOO_LARGE, LD_MAX_FILE);
			st = BS_ERR_INPUT;
			break;
		}
		if (len == cap) {
			size_t ncap = cap * 2 > (size_t)LD_MAX_FILE + 1
					  ? (size_t)LD_MAX_FILE + 1
					  : cap * 2;
			unsigned char *nb = realloc(buf, ncap);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap = ncap;
		}
		size_t n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (n == 0) {
			if (ferror(f)) {
				int e = errno;
				strerror_r(e, msg, sizeof msg);
				bs_diags_add(diags, path, 0, 0,
					     "cannot read: %s", msg);
				st =
				    e == EISDIR ? BS_ERR_INPUT : BS_ERR_RUNTIME;
			}
			break;
		}
	}
	fclose(f);
	if (!buf) {
		bs_diags_add(diags, path, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	if (st == BS_OK)
		st = load_text(buf, len, path, out, diags);
	free(buf);
	return st;
}

/* Names of the built-in scenarios, from the embedded file paths; built
 * once (pthread_once), read-only afterwards. */
#define MAX_BUILTIN 64
struct builtin_names {
	const char *list[MAX_BUILTIN + 1];
	char store[MAX_BUILTIN][BS_NAME_MAX];
};
static struct builtin_names builtin_names;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void init_builtin_names(void)
{
	size_t pre = strlen(SCENARIO_DIR);
	int n = 0;
	for (const struct bs_embedded_file *f = bs_embedded_files;
	     f->path && n < MAX_BUILTIN; f++) {
		size_t len = strlen(f->path);
		if (strncmp(f->path, SCENARIO_DIR, pre) != 0 || len < pre + 6 ||
		    strcmp(f->path + len - 5, ".yaml") != 0 ||
		    len - pre - 5 >= BS_NAME_MAX)
			continue;
		memcpy(builtin_names.store[n], f->path + pre, len - pre - 5);
		builtin_names.store[n][len - pre - 5] = '\0';
		builtin_names.list[n] = builtin_names.store[n];
		n++;
	}
	builtin_names.list[n] = NULL;
}

const char *const *bs_scenario_builtin_names(void)
{
	pthread_once(&builtin_once, init_builtin_names);
	return builtin_names.list;
}

const char *bs_scenario_default_name(void)
{
	return DEFAULT_SCENARIO;
}

/* The embedded file of built-in scenario `name` (NULL: the default). */
static const struct bs_embedded_file *builtin_file(const char *name)
{
	if (!name)
		name = DEFAULT_SCENARIO;
	char path[256];
	snprintf(path, sizeof path, "%s%s.yaml", SCENARIO_DIR, name);
	for (const struct bs_embedded_file *f = bs_embedded_files; f->path; f++)
		if (strcmp(f->path, path) == 0)
			return f;
	return NULL;
}

const char *bs_scenario_builtin_text(const char *name, size_t *len)
{
	const struct bs_embedded_file *f = builtin_file(name);
	if (f && len)
		*len = f->size;
	return f ? (const char *)f->data : NULL;
}

enum bs_status bs_scenario_load_builtin(const char *name,
					struct bs_scenario **out,
					struct bs_diags *diags)
{
	*out = NULL;
	if (!name)
		name = DEFAULT_SCENARIO;
	const struct bs_embedded_file *f = builtin_file(name);
	if (f)
		return load_text(f->data, f->size, f->path, out, diags);
	const char *const *names = bs_scenario_builtin_names();
	size_t n = 0;
	while (names[n])
		n++;
	const char *s = strlen(name) < 64 ? bs_suggest(name, names, n) : NULL;
	bs_diags_add(diags, NULL, 0, 0, "no built-in scenario '%s'%s%s%s", name,
		     s ? " (did you mean '" : "", s ? s : "", s ? "'?)" : "");
	return BS_ERR_INPUT;
}

void bs_scenario_free(struct bs_scenario *s)
{
	if (!s)
		return;
	bs_diags_release(&s->warnings);
	bs_arena_free(s->arena); /* s itself lives in the arena */
}
