/* The warnings (battlesim/warn.h, docs/SCENARIO-FORMAT.md "Warnings"):
 * every kind of the table has a scenario that gives it and a near miss
 * that does not (tests/data/warn/ID.yaml, ID.N.yaml and ID.ok*.yaml);
 * where the thing warned about can be taken out (the lines marked WARN,
 * or replaced by the text after "WARN->"), the scenario without it gives
 * no such warning and plays the same battles, which shows that the warning
 * is true: the thing had no effect in play (RULING R-313). Also the
 * table's own rows. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/deploy.h"
#include "battlesim/scenario.h"
#include "battlesim/sim.h"
#include "battlesim/warn.h"

#define DIR_WARN "tests/data/warn"
#define MAX_FILES 256

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s cannot be opened", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	cr_assert_not_null(buf);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* The scenario of text, loaded and deployed; NULL is a test failure. */
static struct bs_scenario *load(const char *text, const char *name)
{
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_scenario *s = NULL;
	enum bs_status st =
	    bs_scenario_load_string(text, strlen(text), name, &s, &d);
	if (st == BS_OK)
		st = bs_deploy_check(s, &d);
	char buf[1024] = "";
	if (d.count)
		bs_diag_format(&d.items[0], buf, sizeof buf);
	cr_assert_eq(st, BS_OK, "%s does not load: %s", name, buf);
	bs_diags_release(&d);
	return s;
}

static int count_kind(const struct bs_scenario *s, enum bs_warn w)
{
	int n = 0;
	for (size_t i = 0; i < s->warnings.count; i++)
		n += s->warnings.items[i].code == (int)w;
	return n;
}

/* Line `line` (1-based) of text, into buf. */
static void line_of(const char *text, int line, char *buf, size_t len)
{
	const char *p = text;
	for (int i = 1; i < line && p; i++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	buf[0] = '\0';
	if (!p)
		return;
	size_t n = strcspn(p, "\n");
	if (n >= len)
		n = len - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
}

/* text without the lines marked "# WARN" (a line "X # WARN-> Y" becomes
 * Y at X's indentation). Returns the number of marked lines. */
static int without(const char *text, char *out, size_t cap)
{
	size_t o = 0;
	int marked = 0;
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		char line[1024];
		cr_assert_lt(n, sizeof line);
		memcpy(line, p, n);
		line[n] = '\0';
		p += n + (p[n] == '\n');
		char *m = strstr(line, "# WARN");
		char rep[1024];
		if (m) {
			marked++;
			const char *arrow = strstr(m, "WARN->");
			if (!arrow)
				continue;
			size_t ind = strspn(line, " ");
			const char *r = arrow + 6;
			r += strspn(r, " ");
			snprintf(rep, sizeof rep, "%.*s%s", (int)ind, line, r);
		} else {
			snprintf(rep, sizeof rep, "%s", line);
		}
		size_t k = strlen(rep);
		cr_assert_lt(o + k + 2, cap);
		memcpy(out + o, rep, k);
		o += k;
		out[o++] = '\n';
	}
	out[o] = '\0';
	return marked;
}

/* The same battles: every count of two simulations of 20 battles. */
static void same_battles(const struct bs_scenario *a,
			 const struct bs_scenario *b, const char *what)
{
	struct bs_sim_opts o;
	memset(&o, 0, sizeof o);
	o.runs = 20;
	o.threads = 1;
	o.seed = 11;
	struct bs_sim_result *ra = NULL, *rb = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_sim_run(a, &o, &ra, &d), BS_OK, "%s", what);
	cr_assert_eq(bs_sim_run(b, &o, &rb, &d), BS_OK, "%s", what);
	bs_diags_release(&d);
	cr_assert_eq(ra->nunits, rb->nunits, "%s", what);
	cr_expect_eq(ra->draws, rb->draws, "%s: draws", what);
	cr_expect_eq(ra->rounds_sum, rb->rounds_sum, "%s: rounds", what);
	for (int s = 0; s < ra->nsides; s++) {
		cr_expect_eq(ra->side[s].wins, rb->side[s].wins,
			     "%s: side %d wins", what, s);
		cr_expect_eq(ra->side[s].lost_sum, rb->side[s].lost_sum,
			     "%s: side %d losses", what, s);
	}
	for (int g = 0; g < ra->nunits; g++) {
		cr_expect_eq(ra->unit[g].lost_sum, rb->unit[g].lost_sum,
			     "%s: unit %d losses", what, g);
		for (int e = 0; e < BS_END__COUNT; e++)
			cr_expect_eq(ra->unit[g].end[e], rb->unit[g].end[e],
				     "%s: unit %d end %d", what, g, e);
	}
	bs_sim_result_free(ra);
	bs_sim_result_free(rb);
}

struct files {
	char name[MAX_FILES][256];
	int n;
};

static void list_files(struct files *f)
{
	DIR *dir = opendir(DIR_WARN);
	cr_assert_not_null(dir, DIR_WARN " is missing");
	f->n = 0;
	struct dirent *e;
	while ((e = readdir(dir)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml") != 0)
			continue;
		cr_assert_lt(f->n, MAX_FILES);
		snprintf(f->name[f->n++], sizeof f->name[0], "%s", e->d_name);
	}
	closedir(dir);
}

/* The id of file name (up to the first '.') and whether it is a near
 * miss (an "ok" part). */
static void id_of(const char *name, char *id, size_t len, int *ok)
{
	size_t n = strcspn(name, ".");
	snprintf(id, len, "%.*s", (int)n, name);
	*ok = strstr(name, ".ok.") != NULL || strstr(name, ".ok") == name + n;
}

/* One trigger file of kind w. */
static void trigger(enum bs_warn w, const char *file)
{
	const struct bs_warn_kind *k = &bs_warn_kinds[w];
	char path[320];
	snprintf(path, sizeof path, DIR_WARN "/%s", file);
	size_t len;
	char *text = slurp(path, &len);
	struct bs_scenario *s = load(text, path);
	cr_assert_gt(count_kind(s, w), 0, "%s gives no warning %s", path,
		     k->id);
	char *out = malloc(len + 4096);
	cr_assert_not_null(out);
	int marked = without(text, out, len + 4096);
	for (size_t i = 0; i < s->warnings.count; i++) {
		const struct bs_diag *m = &s->warnings.items[i];
		cr_expect(m->line > 0 && m->col > 0, "%s: %s has no place",
			  path, m->msg);
		if (m->code != (int)w || !k->isolable)
			continue;
		char line[1024];
		line_of(text, m->line, line, sizeof line);
		cr_expect(strstr(line, "# WARN") != NULL,
			  "%s:%d: the warning is not on a marked line: %s",
			  path, m->line, m->msg);
	}
	if (k->isolable) {
		cr_assert_gt(marked, 0, "%s marks no line # WARN", path);
		struct bs_scenario *t = load(out, path);
		cr_expect_eq(count_kind(t, w), 0,
			     "%s without the marked lines still gives %s", path,
			     k->id);
		same_battles(s, t, path);
		bs_scenario_free(t);
	}
	free(out);
	bs_scenario_free(s);
	free(text);
}

static void near_miss(enum bs_warn w, const char *file)
{
	char path[320];
	snprintf(path, sizeof path, DIR_WARN "/%s", file);
	size_t len;
	char *text = slurp(path, &len);
	struct bs_scenario *s = load(text, path);
	cr_expect_eq(count_kind(s, w), 0, "the near miss %s gives %s", path,
		     bs_warn_kinds[w].id);
	bs_scenario_free(s);
	free(text);
}

/* The table: every row has its id (unique, lower case and dashes), where
 * it applies, its text and its sections; the text says why in the
 * brief's words. */
Test(warnings, every_row_of_the_table)
{
	cr_assert_null(bs_warn_kinds[BS_W_NONE].id);
	for (int w = 1; w < BS_W__COUNT; w++) {
		const struct bs_warn_kind *k = &bs_warn_kinds[w];
		cr_assert_not_null(k->id, "row %d", w);
		cr_assert(k->applies && k->text && k->cite, "%s", k->id);
		cr_expect_eq(
		    strspn(k->id, "abcdefghijklmnopqrstuvwxyz0123456789-"),
		    strlen(k->id), "%s", k->id);
		cr_expect_eq(bs_warn_by_id(k->id), (enum bs_warn)w, "%s",
			     k->id);
		if (k->cls == BS_WC_NOT_IN_FORCE)
			cr_expect(strstr(k->text, "not in force at this level"),
				  "%s: %s", k->id, k->text);
		if (k->cls == BS_WC_NOT_PLAYED)
			cr_expect(strstr(k->text, "not played yet"), "%s: %s",
				  k->id, k->text);
		cr_expect(strchr(k->cite, '[') || strstr(k->cite, "RULING"),
			  "%s: no section: %s", k->id, k->cite);
	}
	cr_expect_eq(bs_warn_by_id("no-such-warning"), BS_W_NONE);
}

/* Every kind the program can give: a scenario that gives it, and a near
 * miss that does not; taken out, the thing changes no battle. A kind
 * added without its files fails here. */
Test(warnings, every_kind_triggers_and_has_a_near_miss, .timeout = 600)
{
	struct files f;
	list_files(&f);
	for (int w = 1; w < BS_W__COUNT; w++) {
		int ntrig = 0, nok = 0;
		for (int i = 0; i < f.n; i++) {
			char id[128];
			int ok;
			id_of(f.name[i], id, sizeof id, &ok);
			if (strcmp(id, bs_warn_kinds[w].id) != 0)
				continue;
			if (ok) {
				near_miss((enum bs_warn)w, f.name[i]);
				nok++;
			} else {
				trigger((enum bs_warn)w, f.name[i]);
				ntrig++;
			}
		}
		cr_expect_gt(ntrig, 0, "no " DIR_WARN "/%s.yaml",
			     bs_warn_kinds[w].id);
		cr_expect_gt(nok, 0, "no " DIR_WARN "/%s.ok.yaml",
			     bs_warn_kinds[w].id);
	}
}

/* No file of tests/data/warn/ is left for a kind the table no longer has
 * (a later issue that plays a rule deletes the row and its files). */
Test(warnings, no_file_without_its_kind)
{
	struct files f;
	list_files(&f);
	for (int i = 0; i < f.n; i++) {
		char id[128];
		int ok;
		id_of(f.name[i], id, sizeof id, &ok);
		cr_expect_neq(bs_warn_by_id(id), BS_W_NONE,
			      DIR_WARN "/%s: no warning '%s' in the table",
			      f.name[i], id);
	}
}

/* The built-in scenarios give no warning (they check clean with
 * --strict); heroes-of-the-pass's wizard memorizes nothing at the
 * Intermediate Game (`spells: []`, RULING R-322). */
Test(warnings, builtin_scenarios_give_none)
{
	for (const char *const *n = bs_scenario_builtin_names(); *n; n++) {
		struct bs_diags d;
		bs_diags_init(&d);
		struct bs_scenario *s = NULL;
		cr_assert_eq(bs_scenario_load_builtin(*n, &s, &d), BS_OK);
		cr_assert_eq(bs_deploy_check(s, &d), BS_OK, "%s", *n);
		cr_expect_eq(s->warnings.count, 0, "%s: %s", *n,
			     s->warnings.count ? s->warnings.items[0].msg : "");
		bs_scenario_free(s);
		bs_diags_release(&d);
	}
}
