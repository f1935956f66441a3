/* Invariants over many seeded battles of the built-in scenario with the
 * doctrine AI on both sides, events on into a checking sink: no negative
 * figures [8.7], every battle ends within its round limit (the engine's
 * victory ruling), no MOVE spends more than the MV allowed [7.6]-[7.15],
 * every ATTACK is between units in contact [7.8] [8.0], and the text and
 * JSON Lines renderings describe the same events (same count, same type
 * per line). 1,000 battles (seeds 1000..1999); the first 100 are also
 * rendered both ways and the two logs compared line by line (rendering
 * every battle would double the time under ASan). BS_INVARIANT_BATTLES
 * sets another count. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/report.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"

#define MAX_UNITS (BS_MAX_SIDES * BS_MAX_UNITS)
#define N_BATTLES 1000
#define N_RENDERED 100 /* battles rendered both ways and compared */

struct checker {
	const struct bs_battle *b;
	unsigned long seed;
	long events;
	long by_type[BS_EV__COUNT];
	int ends;
	int last_type;
	int bad; /* first failure only, with its message */
	char msg[512];
	/* pairs (global indexes) that have been in contact */
	unsigned char met[MAX_UNITS][MAX_UNITS];
	/* the two renderings of this battle, when kept */
	FILE *text, *jsonl;
	struct bs_report rt, rj;
	unsigned char *types; /* the type of each event, when kept */
	long cap;
	char line[BS_REPORT_LINE_MAX];
};

static int gidx(const struct bs_battle *b, int side, int unit)
{
	if (side < 0 || side >= b->nsides || unit < 0)
		return -1;
	int g = b->side_first[side] + unit;
	return g < b->nunits ? g : -1;
}

__attribute__((format(printf, 2, 3))) static void fail(struct checker *c,
						       const char *fmt, ...)
{
	if (c->bad)
		return;
	c->bad = 1;
	va_list ap;
	va_start(ap, fmt);
	int n = snprintf(c->msg, sizeof c->msg, "seed %lu event %ld: ", c->seed,
			 c->events);
	vsnprintf(c->msg + n, sizeof c->msg - (size_t)n, fmt, ap);
	va_end(ap);
}

static void check(void *ctx, const struct bs_event *ev)
{
	struct checker *c = ctx;
	const struct bs_battle *b = c->b;
	c->events++;
	if ((int)ev->type < 0 || ev->type >= BS_EV__COUNT) {
		fail(c, "event type %d", (int)ev->type);
		return;
	}
	c->by_type[ev->type]++;
	if (c->ends)
		fail(c, "%s after the end", bs_ev_name[ev->type]);
	c->last_type = (int)ev->type;
	if (c->text) {
		/* the text line: one non-empty line */
		bs_report_text(b->sc, ev, c->line, sizeof c->line);
		if (!c->line[0] || strchr(c->line, '\n'))
			fail(c, "text line of %s: '%s'", bs_ev_name[ev->type],
			     c->line);
		/* the JSON object: its type */
		json_t *j = bs_report_json(b->sc, ev);
		const char *t =
		    j ? json_string_value(json_object_get(j, "type")) : 0;
		if (!t || strcmp(t, bs_ev_name[ev->type]) != 0)
			fail(c, "JSON type of %s", bs_ev_name[ev->type]);
		json_decref(j);
		/* both streams, compared after the battle */
		bs_report_emit(&c->rt, ev);
		bs_report_emit(&c->rj, ev);
		if (c->events <= c->cap)
			c->types[c->events - 1] = (unsigned char)ev->type;
		else
			fail(c, "more than %ld events", c->cap);
	}

	int g = gidx(b, ev->side, ev->unit);
	int h = gidx(b, ev->tside, ev->tunit);
	switch (ev->type) {
	case BS_EV_MOVE:
		/* [7.6]-[7.15] a primitive never costs more than the MV
		 * allowed, nor the phase's moves add up to more */
		if (ev->n[0] > ev->n[1] || ev->n[2] > ev->n[1])
			fail(c,
			     "MOVE %s of unit %d costs %d, %d used, of %d "
			     "tenths",
			     ev->what ? ev->what : "?", g, ev->n[0], ev->n[2],
			     ev->n[1]);
		if (ev->n[0] < 0 || ev->n[2] < 0)
			fail(c, "MOVE costs %d, %d used", ev->n[0], ev->n[2]);
		break;
	case BS_EV_CONTACT:
		if (g >= 0 && h >= 0)
			c->met[g][h] = c->met[h][g] = 1;
		else
			fail(c, "CONTACT without two units");
		break;
	case BS_EV_ATTACK:
		/* [7.8] [8.0] only units in base-to-base contact fight */
		if (g < 0 || h < 0) {
			fail(c, "ATTACK without two units");
			break;
		}
		if (b->units[g].side == b->units[h].side)
			fail(c, "ATTACK on a friendly unit");
		if (!c->met[g][h] &&
		    !bs_tt_unit_contact(b, ev->side, ev->unit, ev->tside,
					ev->tunit, NULL))
			fail(c, "ATTACK of unit %d on unit %d without contact",
			     g, h);
		if (ev->n[0] <= 0)
			fail(c, "ATTACK with %d figures", ev->n[0]);
		if (ev->n[5] < 0 || ev->n[6] < 0)
			fail(c, "ATTACK with negative casualties");
		break;
	case BS_EV_LOSSES:
		/* [8.7] no negative figures */
		if (ev->n[0] < 0 || ev->n[1] < 0 || ev->n[2] < 0 ||
		    ev->n[3] < 0 || ev->n[3] > ev->n[2])
			fail(c, "LOSSES %d %d -> %d left, %d wounded", ev->n[0],
			     ev->n[1], ev->n[2], ev->n[3]);
		break;
	case BS_EV_END:
		c->ends++;
		break;
	default:
		break;
	}
	for (int k = 0; k < b->nunits; k++) {
		const struct bs_unit_state *u = &b->units[k];
		if (u->figures < 0 || u->wounded < 0 ||
		    u->figures > u->original) {
			fail(c, "unit %d has %d figures, %d wounded", k,
			     u->figures, u->wounded);
			break;
		}
	}
}

/* The text and JSON Lines of one battle describe the same events: one
 * text line (blank lines before rounds aside) and one JSON line per
 * event, in the same order, of the same type. */
static void compare_renderings(const char *text, const char *jsonl,
			       const unsigned char *types, long n,
			       unsigned long seed)
{
	long i = 0;
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		cr_assert_not_null(nl, "seed %lu: text not ended by newline",
				   seed);
		size_t len = (size_t)(nl - p);
		if (len == 0) { /* the blank line before a round */
			p = nl + 1;
			continue;
		}
		cr_assert_lt(i, n, "seed %lu: more text lines than events",
			     seed);
		int t = types[i];
		int round_hdr = strncmp(p, "=== Round ", 10) == 0;
		int phase_hdr = strncmp(p, "-- ", 3) == 0;
		int start = strncmp(p, "Battle: ", 8) == 0;
		int end = strncmp(p, "Battle over after ", 18) == 0;
		int event = strncmp(p, "  ", 2) == 0;
		cr_assert_eq(round_hdr, t == BS_EV_ROUND, "seed %lu line %ld",
			     seed, i);
		cr_assert_eq(phase_hdr, t == BS_EV_PHASE, "seed %lu line %ld",
			     seed, i);
		cr_assert_eq(start, t == BS_EV_BATTLE_START,
			     "seed %lu line %ld", seed, i);
		cr_assert_eq(end, t == BS_EV_END, "seed %lu line %ld", seed, i);
		cr_assert_eq(event, !round_hdr && !phase_hdr && !start && !end,
			     "seed %lu line %ld: %.*s", seed, i, (int)len, p);
		i++;
		p = nl + 1;
	}
	cr_assert_eq(i, n, "seed %lu: %ld text lines for %ld events", seed, i,
		     n);
	i = 0;
	p = jsonl;
	while (*p) {
		const char *nl = strchr(p, '\n');
		cr_assert_not_null(nl);
		cr_assert_lt(i, n, "seed %lu: more JSON lines than events",
			     seed);
		json_error_t e;
		json_t *j = json_loadb(p, (size_t)(nl - p), 0, &e);
		cr_assert_not_null(j, "seed %lu JSON line %ld: %s", seed, i,
				   e.text);
		const char *t = json_string_value(json_object_get(j, "type"));
		cr_assert_not_null(t);
		cr_assert_str_eq(t, bs_ev_name[types[i]],
				 "seed %lu JSON line %ld", seed, i);
		json_decref(j);
		i++;
		p = nl + 1;
	}
	cr_assert_eq(i, n, "seed %lu: %ld JSON lines for %ld events", seed, i,
		     n);
}

/* How many battles: 1,000 (BS_INVARIANT_BATTLES overrides, at least 1). */
static int nbattles(void)
{
	const char *e = getenv("BS_INVARIANT_BATTLES");
	int n = e ? atoi(e) : 0;
	return n > 0 ? n : N_BATTLES;
}

Test(invariants, s1_0_seeded_battles_of_the_builtin_scenario, .timeout = 300)
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin(NULL, &sc, &d), BS_OK);
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	bs_diags_release(&d);
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	struct checker *c = calloc(1, sizeof *c);
	cr_assert(ai && c);
	bs_ai_set_init(ai);
	for (int s = 0; s < b->nsides; s++)
		bs_battle_set_controller(b, s, &ai->doctrine.ctl);
	struct bs_event_sink sink = {check, c};
	bs_battle_set_sink(b, &sink);
	long cap = 200000;
	unsigned char *types = malloc((size_t)cap);
	cr_assert_not_null(types);
	int n = nbattles();
	long events = 0, by_type[BS_EV__COUNT] = {0};
	int wins[BS_MAX_SIDES + 1] = {0};
	for (int i = 0; i < n; i++) {
		unsigned long seed = 1000u + (unsigned long)i;
		memset(c, 0, sizeof *c);
		c->b = b;
		c->seed = seed;
		c->last_type = -1;
		char *tm = NULL, *jm = NULL;
		size_t tl = 0, jl = 0;
		if (i < N_RENDERED) { /* both renderings, compared */
			c->text = open_memstream(&tm, &tl);
			c->jsonl = open_memstream(&jm, &jl);
			cr_assert(c->text && c->jsonl);
			bs_report_init(&c->rt, BS_LOG_TEXT, c->text, sc);
			bs_report_init(&c->rj, BS_LOG_JSONL, c->jsonl, sc);
			c->types = types;
			c->cap = cap;
		}
		bs_battle_reset(b, seed, 0);
		bs_battle_play(b, 0);
		cr_assert_not(c->bad, "%s", c->msg);
		/* every battle ends, within its round limit */
		cr_assert(b->result.over, "seed %lu: not over", seed);
		cr_assert_leq(b->result.rounds, b->max_rounds, "seed %lu",
			      seed);
		cr_assert_gt(b->result.rounds, 0, "seed %lu", seed);
		cr_assert_eq(c->ends, 1, "seed %lu: %d END events", seed,
			     c->ends);
		cr_assert_eq(c->last_type, BS_EV_END, "seed %lu", seed);
		cr_assert_eq(c->by_type[BS_EV_BATTLE_START], 1);
		/* no negative figures at the end [8.7] */
		for (int k = 0; k < b->nunits; k++) {
			const struct bs_unit_state *u = &b->units[k];
			cr_assert(u->figures >= 0 && u->wounded >= 0 &&
				      u->wounded <= u->figures,
				  "seed %lu unit %d: %d figures, %d wounded",
				  seed, k, u->figures, u->wounded);
		}
		for (int s = 0; s < b->nsides; s++)
			cr_assert_geq(b->result.side[s].figures_lost, 0);
		if (c->text) {
			fclose(c->text);
			fclose(c->jsonl);
			cr_assert_not(c->rt.error || c->rj.error);
			compare_renderings(tm, jm, types, c->events, seed);
			free(tm);
			free(jm);
		}
		events += c->events;
		for (int t = 0; t < BS_EV__COUNT; t++)
			by_type[t] += c->by_type[t];
		wins[b->result.winner + 1]++;
	}
	/* the battles are battles: they move, fight and end both ways */
	cr_expect_gt(by_type[BS_EV_MOVE], 0);
	cr_expect_gt(by_type[BS_EV_ATTACK], 0);
	cr_expect_gt(by_type[BS_EV_LOSSES], 0);
	cr_log_info("invariants: %d battles, %ld events (%ld attacks); "
		    "draws %d, side 0 %d, side 1 %d",
		    n, events, by_type[BS_EV_ATTACK], wins[0], wins[1],
		    wins[2]);
	free(types);
	free(c);
	free(ai);
	bs_battle_free(b);
	bs_scenario_free(sc);
}
