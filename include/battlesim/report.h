/* Renderings of a battle's event stream (event.h): the human text log,
 * JSON Lines (one object per event, docs/EVENTS.md), and the end summary
 * of a battle. Reporters read the events only, plus the read-only
 * scenario for names (sides, units, individuals); the summary reads the
 * finished battle. Output goes to a stream the caller owns; nothing here
 * prints on its own. Sections: every event type's rule ([1.0]-[9.1]). */
#ifndef BATTLESIM_REPORT_H
#define BATTLESIM_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "battlesim/event.h"
#include "battlesim/model.h"

struct bs_battle;
struct json_t;

/* The log formats of `battlesim play --log`. */
enum bs_log_format { BS_LOG_TEXT, BS_LOG_JSONL, BS_LOG__COUNT };
extern const char *const bs_log_format_name[BS_LOG__COUNT]; /* "text" ... */

/* A text line is at most this long (longer lines are cut). */
#define BS_REPORT_LINE_MAX 4096

/* A reporter: caller storage; its sink renders each event it receives as
 * one line of `out` (text: a blank line before each round header). */
struct bs_report {
	enum bs_log_format format;
	FILE *out;		      /* not owned */
	const struct bs_scenario *sc; /* for names; may be NULL */
	long events;		      /* events rendered so far */
	int error;		      /* 1: a line could not be built/written */
	char line[BS_REPORT_LINE_MAX]; /* scratch */
};

/* Set up a reporter writing `format` to `out`, naming sides, units and
 * individuals from `sc` (NULL: "side 0 unit 1"). Cannot fail. */
void bs_report_init(struct bs_report *r, enum bs_log_format format, FILE *out,
		    const struct bs_scenario *sc);

/* The event sink of reporter r (its ctx is r): give it to
 * bs_battle_set_sink. r must outlive the battle's use of the sink. */
struct bs_event_sink bs_report_sink(struct bs_report *r);

/* The sink's emit: render ev to r->out (ctx is a struct bs_report). Sets
 * r->error when the stream reports an error or JSON could not be built. */
void bs_report_emit(void *ctx, const struct bs_event *ev);

/* The text log line of one event, without indentation for the round and
 * phase headers, two spaces for the others, and without newline: "  Broken
 * Fang warriors attacks Keep men-at-arms: 12 figures, AR 18 = ... [8.4]
 * [8.7]". Every die, every derived number (bs_deriv_text) and the cite.
 * sc may be NULL. Returns buf (always NUL-terminated when len > 0). */
char *bs_report_text(const struct bs_scenario *sc, const struct bs_event *ev,
		     char *buf, size_t len);

/* The JSON object of one event, keys in the fixed order of docs/EVENTS.md.
 * New reference (json_decref it); NULL on out of memory. sc may be NULL
 * (then no *_name keys). */
struct json_t *bs_report_json(const struct bs_scenario *sc,
			      const struct bs_event *ev);

/* Flags for json_dumpf/json_dumpb of one JSON Lines line: compact, keys
 * in insertion order, reals in their shortest form (below). */
size_t bs_report_json_flags(void);

/* The same for the indented JSON documents of the commands (roster,
 * attack, morale, sim). Reals print with at most 15 significant digits:
 * the numbers the program rounds (tenths, thousandths, a probability to 6
 * decimals) come out in their shortest form that reads back as the same
 * number, 0.76 and not 0.76000000000000001; attack's odds, which have
 * more digits, also give their exact fraction. */
size_t bs_report_json_pretty_flags(void);

/* The end summary of a battle that has been played: the outcome and its
 * reason, each side's losses, and a table of every unit (figures at the
 * start, lost, wounded, left, its end state bs_battle_unit_end). TEXT: a
 * table; JSONL: one JSON object on one line ("type":"summary"). Returns 0,
 * or -1 when the stream reports an error or JSON could not be built. */
int bs_report_summary(const struct bs_battle *b, enum bs_log_format format,
		      FILE *out);

/* The summary as a JSON object (new reference; NULL on out of memory). */
struct json_t *bs_report_summary_json(const struct bs_battle *b);

/* ---- the battle map (issue 7, docs/HTML.md) ------------------------------
 * One self-contained HTML page of a battle: the templates of data/html/
 * (embedded in the binary) with the battle inlined as JSON: a `setup`
 * (table, terrain, every unit's block geometry, sides, individuals, the
 * roster sheets), every event (the objects of `play --log jsonl`) with
 * its text log line, keyframes of every unit's state as each phase begins
 * (exact positions, figures, flags and the contacts between units), and
 * the summary. */

/* A collector of one battle's events for the page: caller storage. */
struct bs_html {
	const struct bs_battle *b; /* read-only; not owned */
	struct bs_event_sink next; /* every event is passed on (emit NULL:
				      none) */
	struct json_t *setup;	   /* built at BATTLE_START */
	struct json_t *events;	   /* array of event objects */
	struct json_t *log;	   /* array of text lines, one per event */
	struct json_t *keyframes;  /* array */
	long nevents;
	int error; /* 1: out of memory (the page cannot be written) */
};

/* Set up h to collect the events of battle b (which must outlive h's
 * use); each event is also passed to `next` (NULL: none). Call before
 * bs_battle_reset. Release with bs_html_release. Cannot fail (an out of
 * memory sets h->error). */
void bs_html_init(struct bs_html *h, const struct bs_battle *b,
		  const struct bs_event_sink *next);

/* The event sink of h (ctx is h): give it to bs_battle_set_sink. */
struct bs_event_sink bs_html_sink(struct bs_html *h);

/* The sink's emit (ctx is a struct bs_html). */
void bs_html_emit(void *ctx, const struct bs_event *ev);

/* The JSON the page embeds, for the battle played so far (call after
 * bs_battle_play): {"format", "rules", "scenario", "seed", "setup",
 * "events", "log", "keyframes", "summary"} (docs/HTML.md). New
 * reference; NULL on out of memory or when h->error is set. */
struct json_t *bs_html_battle_json(struct bs_html *h);

/* Write the battle map page of the battle played so far to `out`.
 * Returns 0, or -1 on out of memory or a write error. */
int bs_html_write(struct bs_html *h, FILE *out);

/* Free what h holds (h itself is caller storage). */
void bs_html_release(struct bs_html *h);

/* The roster sheets of a 1E scenario as one JSON object, the exact shape
 * of `battlesim roster --json` (docs/ROSTER-JSON.md). New reference;
 * NULL when the scenario is not bs1e, its sheets cannot be rated, or out
 * of memory. */
struct json_t *bs_report_roster_json(const struct bs_scenario *sc);

struct bs_sim_result;

/* The report page of a simulation (`sim --html`): win and draw
 * probabilities with their 95% intervals, rounds to the end and each
 * side's and unit's casualty histograms, as inline SVG charts. Returns 0,
 * or -1 on out of memory or a write error. */
int bs_html_sim_write(FILE *out, const struct bs_scenario *sc,
		      const struct bs_sim_result *r, uint64_t seed);

/* ---- the "not simulated" list (issue 11) ---------------------------------
 * The scenario's warnings (battlesim/warn.h, s->warnings): what it gives
 * that the battles leave out, listed by every report of odds. */

/* "Not simulated: N warnings ..." and one line "  FILE:LINE:COL: message"
 * each, to f; nothing when the scenario has no warning. */
void bs_report_warnings_text(FILE *f, const struct bs_scenario *s);

/* The warnings as a JSON array of {"warning": ID, "class", "file",
 * "line", "col", "message"} (docs/SIM.md). New reference; NULL on out of
 * memory. */
struct json_t *bs_report_warnings_json(const struct bs_scenario *s);

/* An embedded template of data/html/ by file name ("battle.js"); NULL when
 * absent. *len (may be NULL) gets its size. */
const char *bs_html_template(const char *name, size_t *len);

#endif
