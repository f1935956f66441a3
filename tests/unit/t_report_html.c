/* Tests of the battle map and the simulation page (src/report/html*.c,
 * issue 7): the embedded templates, the sink passing every event on, the
 * keyframes (one as the battle starts, one as each phase [1.0] begins, one
 * at the end, one after the last event) matching the battle's state, the
 * JSON escaped inside its <script> and the title escaped as HTML, the
 * roster sheets [3.1] [3.2] of a 1E scenario only, and the charts of the
 * simulation page. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/report.h"
#include "battlesim/scenario.h"
#include "battlesim/sim.h"
#include "ai_attach.h"

static struct bs_scenario *sc;

static void load(void)
{
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin(NULL, &sc, &d), BS_OK);
	bs_diags_release(&d);
}

static void unload(void)
{
	bs_scenario_free(sc);
	sc = NULL;
}

struct counter {
	long n, phases;
};

static void count_emit(void *ctx, const struct bs_event *ev)
{
	struct counter *c = ctx;
	c->n++;
	if (ev->type == BS_EV_PHASE)
		c->phases++;
}

/* Play battle `seed` of sc with h collecting (and passing on to c). */
static struct bs_battle *play(struct bs_html *h, struct counter *c,
			      uint64_t seed, struct bs_ai_set *ai)
{
	struct bs_battle *b = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_diags_release(&d);
	bs_ai_set_init(ai);
	attach_ok(ai, b);
	struct bs_event_sink next = {count_emit, c};
	bs_html_init(h, b, &next);
	struct bs_event_sink s = bs_html_sink(h);
	bs_battle_set_sink(b, &s);
	bs_battle_reset(b, seed, 0);
	bs_battle_play(b, 0);
	return b;
}

/* The page written to memory (NUL-terminated; free it). */
static char *page_of(struct bs_html *h)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_not_null(f);
	cr_assert_eq(bs_html_write(h, f), 0);
	fclose(f);
	return buf;
}

Test(report_html, templates_embedded)
{
	size_t n = 0;
	cr_assert_not_null(bs_html_template("battle.html", &n));
	cr_assert_gt(n, 100);
	cr_assert_not_null(bs_html_template("battle.js", NULL));
	cr_assert_not_null(bs_html_template("battlesim.css", NULL));
	cr_assert_not_null(bs_html_template("sim.html", NULL));
	cr_assert_null(bs_html_template("nope.js", NULL));
	cr_assert_null(bs_html_template("borderland-raid.yaml", NULL));
}

Test(report_html, s1_0_keyframes_each_phase, .init = load, .fini = unload)
{
	struct bs_html h;
	struct counter c = {0, 0};
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	struct bs_battle *b = play(&h, &c, 1985, ai);
	cr_assert_eq(h.error, 0);
	/* every event passed on, and collected once */
	cr_assert_eq(c.n, h.nevents);
	cr_assert_eq((long)json_array_size(h.events), c.n);
	cr_assert_eq((long)json_array_size(h.log), c.n);
	json_t *j = bs_html_battle_json(&h);
	cr_assert_not_null(j);
	cr_assert_str_eq(json_string_value(json_object_get(j, "rules")),
			 "bs1e");
	json_t *kf = json_object_get(j, "keyframes");
	/* battle start, each phase [1.0], the end, after the last event */
	cr_assert_eq((long)json_array_size(kf), c.phases + 3);
	json_t *k0 = json_array_get(kf, 0);
	cr_assert_eq(json_integer_value(json_object_get(k0, "event")), 0);
	/* the last keyframe is the battle as it ended */
	json_t *kl = json_array_get(kf, json_array_size(kf) - 1);
	cr_assert_eq(json_integer_value(json_object_get(kl, "event")), c.n);
	json_t *us = json_object_get(kl, "units");
	cr_assert_eq((int)json_array_size(us), b->nunits);
	for (int g = 0; g < b->nunits; g++) {
		json_t *u = json_array_get(us, (size_t)g);
		cr_assert_eq(json_integer_value(json_array_get(u, 5)),
			     b->units[g].figures, "unit %d", g);
		cr_assert_float_eq(json_real_value(json_array_get(u, 0)),
				   b->units[g].front.x, 0.0006);
		cr_assert_float_eq(json_real_value(json_array_get(u, 1)),
				   b->units[g].front.y, 0.0006);
	}
	/* the setup: every unit's block geometry and the roster sheets */
	json_t *setup = json_object_get(j, "setup");
	json_t *su = json_object_get(setup, "units");
	cr_assert_eq((int)json_array_size(su), b->nunits);
	for (int g = 0; g < b->nunits; g++) {
		json_t *u = json_array_get(su, (size_t)g);
		cr_assert_float_eq(
		    json_real_value(json_object_get(u, "base_w")),
		    b->units[g].r.base_w, 0.0006);
		cr_assert_eq(json_integer_value(json_object_get(u, "figures")),
			     b->units[g].original);
	}
	cr_assert(json_is_object(json_object_get(setup, "roster")));
	cr_assert_eq(json_array_size(json_object_get(setup, "gaps")),
		     BS_FORM__COUNT);
	json_decref(j);
	bs_html_release(&h);
	free(ai);
	bs_battle_free(b);
}

Test(report_html, json_escaped_in_script, .init = load, .fini = unload)
{
	/* a name that would end the script and open a comment */
	snprintf(sc->name, sizeof sc->name, "Raid </script><!-- & \"x\"");
	struct bs_html h;
	struct counter c = {0, 0};
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	struct bs_battle *b = play(&h, &c, 7, ai);
	char *page = page_of(&h);
	const char *tag = "id=\"battle-data\">";
	const char *data = strstr(page, tag);
	cr_assert_not_null(data);
	data += strlen(tag);
	const char *end = strstr(data, "</script>");
	cr_assert_not_null(end);
	char *raw = strndup(data, (size_t)(end - data));
	cr_assert_null(strstr(raw, "<!--"));
	cr_assert_null(strstr(raw, "</"));
	json_error_t err;
	json_t *j = json_loads(raw, 0, &err);
	free(raw);
	cr_assert_not_null(j, "%s", err.text);
	cr_assert_str_eq(json_string_value(json_object_get(j, "scenario")),
			 sc->name);
	cr_assert_not_null(
	    strstr(page, "<title>Raid &lt;/script&gt;&lt;!-- &amp; &quot;x"));
	/* no template marker left */
	cr_assert_null(strstr(page, "{{"));
	json_decref(j);
	free(page);
	bs_html_release(&h);
	free(ai);
	bs_battle_free(b);
}

Test(report_html, s3_1_roster_json_bs1e_only, .init = load, .fini = unload)
{
	json_t *r = bs_report_roster_json(sc);
	cr_assert_not_null(r);
	json_t *sides = json_object_get(r, "sides");
	cr_assert_eq((int)json_array_size(sides), sc->nsides);
	json_t *u0 = json_array_get(
	    json_object_get(json_array_get(sides, 0), "units"), 0);
	cr_assert_str_eq(json_string_value(json_object_get(u0, "name")),
			 sc->sides[0].units[0].name);
	cr_assert_not_null(
	    json_object_get(json_object_get(u0, "ml"), "derivation"));
	json_decref(r);
	sc->rules = BS_RULES_BS2E;
	cr_assert_null(bs_report_roster_json(sc));
	sc->rules = BS_RULES_BS1E;
	cr_assert_null(bs_report_roster_json(NULL));
}

Test(report_html, sim_page_charts, .init = load, .fini = unload)
{
	struct bs_sim_opts o;
	memset(&o, 0, sizeof o);
	o.runs = 40;
	o.threads = 1;
	o.seed = 1985;
	struct bs_sim_result *r = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_sim_run(sc, &o, &r, &d), BS_OK);
	bs_diags_release(&d);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_eq(bs_html_sim_write(f, sc, r, 1985), 0);
	fclose(f);
	/* one probability chart; histograms: rounds, each side, each unit */
	int hist = 0;
	for (const char *p = buf; (p = strstr(p, "class=\"chart hist\"")); p++)
		hist++;
	cr_assert_eq(hist, 1 + r->nsides + r->nunits);
	cr_assert_not_null(strstr(buf, "class=\"chart prob\""));
	/* the bars carry the probabilities */
	char want[64];
	snprintf(want, sizeof want, "data-p=\"%.6f\"",
		 (double)r->side[0].wins / (double)r->runs);
	cr_assert_not_null(strstr(buf, want), "%s", want);
	cr_assert_null(strstr(buf, "<script"));
	free(buf);
	bs_sim_result_free(r);
}
