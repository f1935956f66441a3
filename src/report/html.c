/* The battle map (issue 7): an event sink that collects a battle's events
 * as JSON (the objects of `play --log jsonl`, src/report/jsonl.c) with
 * their text log lines, the setup of the table (terrain, every unit's
 * block geometry as the tabletop computes it [2.3] [7.2]-[7.5], sides,
 * individuals, roster sheets [3.1] [3.2]) and keyframes of every unit's
 * state as each phase begins [1.0]; then one self-contained HTML page:
 * the templates of data/html/ embedded in the binary with that JSON
 * inlined (docs/HTML.md). Reads the battle, never changes it. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/battle.h"
#include "battlesim/terrain.h"
#include "battlesim/bs2e.h"
#include "battlesim/report.h"
#include "battlesim/tabletop.h"
#include "report/html_int.h"
#include "report/report_int.h"
#include "scenario/embedded.h"

/* The colours of sides 1..4 (red, blue, green, amber). */
static const char *const side_colour[BS_MAX_SIDES] = {"#b8322a", "#2a5db0",
						      "#2f8a47", "#b07a10"};

/* Unit flags the page shows (enum bs_uflag). */
#define HTML_UFLAGS                                                            \
	(BS_UF_ROUTED | BS_UF_OUT_OF_COMMAND | BS_UF_DISC_FAILED |             \
	 BS_UF_REMOVED | BS_UF_DESTROYED | BS_UF_RESERVED)

const char *bs_html_template(const char *name, size_t *len)
{
	static const char dir[] = "data/html/";
	size_t pre = sizeof dir - 1;
	for (const struct bs_embedded_file *f = bs_embedded_files; f->path;
	     f++) {
		if (strncmp(f->path, dir, pre) == 0 &&
		    strcmp(f->path + pre, name) == 0) {
			if (len)
				*len = f->size;
			return (const char *)f->data;
		}
	}
	return NULL;
}

/* Inches or degrees rounded to thousandths. */
static json_t *jmil(double x)
{
	double r = round(x * 1000.0) / 1000.0;
	if (r == 0)
		r = 0; /* no -0 */
	return json_real(r);
}

static void add(json_t *a, json_t *v)
{
	json_array_append_new(a, v);
}

static void set(json_t *o, const char *k, json_t *v)
{
	json_object_set_new(o, k, v);
}

static json_t *jname(const char *s)
{
	json_t *j = s ? json_string(s) : NULL;
	return j ? j : json_string("?");
}

/* ---- setup ---------------------------------------------------------------
 */

static json_t *terrain_json(const struct bs_scenario *sc)
{
	json_t *a = json_array();
	for (int i = 0; i < sc->nterrain; i++) {
		const struct bs_terrain *t = &sc->terrain[i];
		json_t *o = json_object();
		set(o, "name", jname(t->name));
		const struct bs_terrain_kind *k = bs_terrain_kind_of(t->type);
		set(o, "type", json_string(k->key));
		set(o, "label", json_string(k->name));
		/* issue 14 part 6: the Table 14 row it is drawn as */
		set(o, "row", json_string(bs_table14[k->row].key));
		json_t *pts = json_array();
		for (int k = 0; k < t->npts; k++) {
			json_t *p = json_array();
			add(p, jmil(t->pts[k][0]));
			add(p, jmil(t->pts[k][1]));
			add(pts, p);
		}
		set(o, "pts", pts);
		set(o, "elevation", json_integer(t->elevation));
		set(o, "fordable", json_boolean(t->fordable));
		add(a, o);
	}
	return a;
}

/* What a unit fires with, for the page's missile range (issue 14): 1E
 * the rated missile weapon or artillery piece [10.0] [10.9], 2E the
 * unit's missile ranges (RULING R-208); NULL when it fires nothing. */
static json_t *missile_json(const struct bs_battle *b,
			    const struct bs_unit_state *u)
{
	int range[3] = {0, 0, 0}, min = 0, rows = 1;
	const char *what = NULL;
	const struct bs_missile_rated *m = &u->r.msl;
	if (b->sc->rules == BS_RULES_BS1E && m->shots_max > 0) {
		for (int i = 0; i < 3; i++)
			range[i] = m->range[i];
		min = m->min_range;
		rows = m->rows;
		what = m->artillery != BS_ART_NONE
			   ? bs_artillery_name[m->artillery]
		       : m->weapon >= 0
			   ? u->def->weapons[m->weapon].weapon->name
			   : NULL;
	} else if (b->sc->rules == BS_RULES_BS2E && u->def && u->def->bs2e &&
		   u->def->bs2e->range[2] > 0) {
		for (int i = 0; i < 3; i++)
			range[i] = u->def->bs2e->range[i];
		what = u->def->bs2e->weapons;
	} else {
		return NULL;
	}
	json_t *o = json_object();
	json_t *r = json_array();
	for (int i = 0; i < 3; i++)
		add(r, json_integer(range[i]));
	set(o, "range", r);
	set(o, "min", json_integer(min));
	set(o, "rows", json_integer(rows));
	set(o, "weapon", jname(what));
	return o;
}

static json_t *setup_json(const struct bs_battle *b)
{
	const struct bs_scenario *sc = b->sc;
	json_t *o = json_object();
	json_t *table = json_object();
	set(table, "width", jmil(sc->width));
	set(table, "depth", jmil(sc->depth));
	set(o, "table", table);
	set(o, "level", json_string(bs_level_name[sc->level]));
	set(o, "max_rounds", json_integer(b->max_rounds));
	set(o, "stands", json_boolean(b->stands));
	json_t *forms = json_array(), *gaps = json_array();
	for (int f = 0; f < BS_FORM__COUNT; f++) {
		add(forms, json_string(bs_formation_name[f]));
		add(gaps, jmil(bs_tt_gap((enum bs_formation)f, b->stands)));
	}
	set(o, "formations", forms);
	set(o, "gaps", gaps);
	set(o, "terrain", terrain_json(sc));
	json_t *sides = json_array();
	for (int s = 0; s < b->nsides; s++) {
		json_t *j = json_object();
		set(j, "name", jname(sc->sides[s].name));
		set(j, "edge", json_string(bs_edge_name[sc->sides[s].edge]));
		set(j, "colour", json_string(side_colour[s % BS_MAX_SIDES]));
		set(j, "first_unit", json_integer(b->side_first[s]));
		set(j, "first_indiv", json_integer(b->indiv_first[s]));
		add(sides, j);
	}
	set(o, "sides", sides);
	json_t *units = json_array();
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		json_t *j = json_object();
		set(j, "side", json_integer(u->side));
		set(j, "unit", json_integer(u->idx));
		set(j, "name", jname(u->def ? u->def->name : NULL));
		set(j, "type",
		    json_string(u->def ? bs_unit_type_name[u->def->type]
				       : "regular"));
		set(j, "base_w", jmil(u->r.base_w));
		set(j, "base_d", jmil(u->r.base_d));
		set(j, "figures", json_integer(u->original));
		set(j, "files", json_integer(u->files));
		set(j, "formation", json_integer((int)u->formation));
		set(j, "mv", json_integer(u->r.mv));
		set(j, "ml", json_integer(u->r.ml));
		set(j, "ar", json_integer(u->r.base_ar));
		set(j, "ac", json_integer(u->r.ac));
		set(j, "commander", json_integer(u->commander));
		json_t *m = missile_json(b, u);
		if (m)
			set(j, "missile", m);
		add(units, j);
	}
	set(o, "units", units);
	json_t *indivs = json_array();
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_indiv_state *ind = &b->indivs[k];
		json_t *j = json_object();
		set(j, "side", json_integer(ind->side));
		set(j, "indiv", json_integer(ind->idx));
		set(j, "name", jname(ind->def ? ind->def->name : NULL));
		set(j, "role",
		    json_string(ind->def ? bs_role_name[ind->def->role]
					 : "hero"));
		set(j, "rank",
		    json_string(ind->def ? bs_rank_name[ind->def->rank]
					 : "none"));
		set(j, "with_unit", json_integer(ind->with_unit));
		set(j, "cr", json_integer(ind->cr));
		set(j, "cb", json_integer(ind->cb));
		set(j, "mv", json_integer(ind->mv));
		add(indivs, j);
	}
	set(o, "individuals", indivs);
	json_t *roster = bs_report_roster_json(sc);
	set(o, "roster", roster ? roster : json_null());
	return o;
}

/* ---- keyframes -----------------------------------------------------------
 */

static json_t *keyframe_json(const struct bs_battle *b, long event)
{
	json_t *o = json_object();
	set(o, "event", json_integer(event));
	set(o, "round", json_integer(b->round));
	json_t *units = json_array();
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		struct bs_tt_shape s;
		bs_tt_unit_shape(b, u->side, u->idx, &s);
		json_t *a = json_array();
		add(a, jmil(u->front.x));
		add(a, jmil(u->front.y));
		add(a, jmil(fmod(fmod(u->facing, 360.0) + 360.0, 360.0)));
		add(a, json_integer(u->files));
		add(a, json_integer((int)u->formation));
		add(a, json_integer(u->figures));
		add(a, json_integer(u->wounded));
		add(a, json_integer((json_int_t)(u->flags & HTML_UFLAGS)));
		add(a, jmil(s.gap));
		/* 2E: the unit's order: good, shaken, routed [2E Morale] */
		if (b->sc->rules == BS_RULES_BS2E)
			add(a, json_integer((int)bs2e_unit_order(b, g)));
		add(units, a);
	}
	set(o, "units", units);
	/* RULING R-163 [9.2] an individual with a unit is drawn at the
	 * centre of its block (the page computes it); independent ones
	 * where they stand */
	json_t *indivs = json_array();
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_indiv_state *ind = &b->indivs[k];
		json_t *a = json_array();
		add(a, jmil(ind->pos.x));
		add(a, jmil(ind->pos.y));
		add(a, json_integer(ind->alive && !ind->lost));
		add(a, json_integer(ind->with_unit));
		add(indivs, a);
	}
	set(o, "indivs", indivs);
	/* [7.8] the units in base-to-base contact, with the touching
	 * stretch of edge */
	json_t *contacts = json_array();
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		if (u->flags & BS_UF_REMOVED || u->figures <= 0)
			continue;
		for (int h = g + 1; h < b->nunits; h++) {
			const struct bs_unit_state *v = &b->units[h];
			if (v->side == u->side || v->flags & BS_UF_REMOVED ||
			    v->figures <= 0)
				continue;
			struct bs_tt_shape sa, sb;
			struct bs_tt_pose pa, pb;
			struct bs_tt_contact c;
			bs_tt_unit_shape(b, u->side, u->idx, &sa);
			bs_tt_unit_pose(b, u->side, u->idx, &pa);
			bs_tt_unit_shape(b, v->side, v->idx, &sb);
			bs_tt_unit_pose(b, v->side, v->idx, &pb);
			if (!bs_tt_contact(&sa, &pa, &sb, &pb, &c))
				continue;
			json_t *a = json_array();
			add(a, json_integer(g));
			add(a, json_integer(h));
			add(a, jmil(c.p0.x));
			add(a, jmil(c.p0.y));
			add(a, jmil(c.p1.x));
			add(a, jmil(c.p1.y));
			add(contacts, a);
		}
	}
	set(o, "contacts", contacts);
	return o;
}

/* ---- the sink ------------------------------------------------------------
 */

void bs_html_init(struct bs_html *h, const struct bs_battle *b,
		  const struct bs_event_sink *next)
{
	memset(h, 0, sizeof *h);
	h->b = b;
	if (next)
		h->next = *next;
	h->events = json_array();
	h->log = json_array();
	h->keyframes = json_array();
	if (!h->events || !h->log || !h->keyframes)
		h->error = 1;
}

struct bs_event_sink bs_html_sink(struct bs_html *h)
{
	struct bs_event_sink s = {bs_html_emit, h};
	return s;
}

void bs_html_emit(void *ctx, const struct bs_event *ev)
{
	struct bs_html *h = ctx;
	if (h->next.emit)
		h->next.emit(h->next.ctx, ev);
	if (h->error)
		return;
	const struct bs_scenario *sc = h->b->sc;
	if (ev->type == BS_EV_BATTLE_START) {
		/* a new battle on the same collector starts afresh */
		json_decref(h->setup);
		h->setup = setup_json(h->b);
		json_array_clear(h->events);
		json_array_clear(h->log);
		json_array_clear(h->keyframes);
		h->nevents = 0;
	}
	/* the state before this event, as each phase begins [1.0] */
	if (ev->type == BS_EV_BATTLE_START || ev->type == BS_EV_PHASE ||
	    ev->type == BS_EV_END) {
		json_t *k = keyframe_json(h->b, h->nevents);
		if (!k || json_array_append_new(h->keyframes, k) != 0)
			h->error = 1;
	}
	char line[BS_REPORT_LINE_MAX];
	json_t *j = bs_report_json(sc, ev);
	json_t *t = json_string(bs_report_text(sc, ev, line, sizeof line));
	if (!t) {
		/* bytes that are not UTF-8 become '?' */
		for (char *c = line; *c; c++)
			if ((unsigned char)*c >= 0x80)
				*c = '?';
		t = json_string(line);
	}
	if (!j || !t || json_array_append_new(h->events, j) != 0 ||
	    json_array_append_new(h->log, t) != 0)
		h->error = 1;
	h->nevents++;
}

json_t *bs_html_battle_json(struct bs_html *h)
{
	if (h->error || !h->setup)
		return NULL;
	const struct bs_battle *b = h->b;
	json_t *o = json_object();
	if (!o)
		return NULL;
	set(o, "format", json_string("battlesim-map/1"));
	set(o, "rules", json_string(bs_rules_name[b->sc->rules]));
	set(o, "scenario", jname(b->sc->name));
	set(o, "seed", json_integer((json_int_t)b->seed));
	set(o, "stream", json_integer((json_int_t)b->stream));
	set(o, "setup", json_incref(h->setup));
	set(o, "events", json_incref(h->events));
	set(o, "log", json_incref(h->log));
	json_t *kf = json_copy(h->keyframes);
	/* the state after the last event */
	json_t *last = keyframe_json(b, h->nevents);
	if (!kf || !last || json_array_append_new(kf, last) != 0) {
		json_decref(kf);
		json_decref(o);
		return NULL;
	}
	set(o, "keyframes", kf);
	json_t *sum = bs_report_summary_json(b);
	set(o, "summary", sum ? sum : json_null());
	/* what the battle leaves out (issue 11): only when there is any */
	if (b->sc->warnings.count)
		set(o, "not_simulated", bs_report_warnings_json(b->sc));
	return o;
}

void bs_html_release(struct bs_html *h)
{
	json_decref(h->setup);
	json_decref(h->events);
	json_decref(h->log);
	json_decref(h->keyframes);
	memset(h, 0, sizeof *h);
}

/* ---- writing the page ----------------------------------------------------
 */

/* s[0..n) with '<', '>' and '&' as \u escapes (JSON inside <script>: no
 * "</script>" or "<!--" can appear). */
static void put_json_escaped(FILE *out, const char *s, size_t n)
{
	size_t from = 0;
	for (size_t i = 0; i < n; i++) {
		const char *esc = s[i] == '<'	? "\\u003c"
				  : s[i] == '>' ? "\\u003e"
				  : s[i] == '&' ? "\\u0026"
						: NULL;
		if (!esc)
			continue;
		fwrite(s + from, 1, i - from, out);
		fputs(esc, out);
		from = i + 1;
	}
	fwrite(s + from, 1, n - from, out);
}

/* s as HTML text. */
static void put_html_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '&':
			fputs("&amp;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		default:
			fputc(*s, out);
		}
	}
}

int bs_html_page(FILE *out, const char *tmpl_name, const char *title,
		 const char *data, size_t ndata, const char *body)
{
	const char *t = bs_html_template(tmpl_name, NULL);
	const char *css = bs_html_template("battlesim.css", NULL);
	const char *js = bs_html_template("battle.js", NULL);
	if (!t || !css || !js)
		return -1;
	while (*t) {
		const char *m = strstr(t, "{{");
		if (!m) {
			fputs(t, out);
			break;
		}
		fwrite(t, 1, (size_t)(m - t), out);
		const char *e = strstr(m, "}}");
		if (!e) {
			fputs(m, out);
			break;
		}
		size_t k = (size_t)(e - m - 2);
		if (k == 5 && strncmp(m + 2, "TITLE", k) == 0)
			put_html_text(out, title);
		else if (k == 3 && strncmp(m + 2, "CSS", k) == 0)
			fputs(css, out);
		else if (k == 2 && strncmp(m + 2, "JS", k) == 0)
			fputs(js, out);
		else if (k == 4 && strncmp(m + 2, "DATA", k) == 0)
			put_json_escaped(out, data ? data : "null",
					 data ? ndata : 4);
		else if (k == 4 && strncmp(m + 2, "BODY", k) == 0)
			fputs(body ? body : "", out);
		else
			fwrite(m, 1, (size_t)(e + 2 - m), out);
		t = e + 2;
	}
	return ferror(out) ? -1 : 0;
}

int bs_html_write(struct bs_html *h, FILE *out)
{
	json_t *j = bs_html_battle_json(h);
	if (!j)
		return -1;
	char *s = json_dumps(j, bs_report_json_flags());
	json_decref(j);
	if (!s)
		return -1;
	char title[BS_NAME_MAX + 160];
	snprintf(title, sizeof title, "%s: battle map (seed %llu)",
		 h->b->sc->name, (unsigned long long)h->b->seed);
	int rc = bs_html_page(out, "battle.html", title, s, strlen(s), NULL);
	free(s);
	return rc;
}
