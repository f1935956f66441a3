/* The reporter's sink: each event of a battle rendered as one line of a
 * stream, in the text of the referee's log (text.c; the matrix grid,
 * text_matrix.c) or as JSON Lines (jsonl.c, docs/EVENTS.md). */
#include "battlesim/report.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "report/report_int.h"

const char *const bs_log_format_name[BS_LOG__COUNT] = {
    [BS_LOG_TEXT] = "text",
    [BS_LOG_JSONL] = "jsonl",
};

void bs_report_init(struct bs_report *r, enum bs_log_format format, FILE *out,
		    const struct bs_scenario *sc)
{
	memset(r, 0, sizeof *r);
	r->format = format;
	r->out = out;
	r->sc = sc;
}

struct bs_event_sink bs_report_sink(struct bs_report *r)
{
	struct bs_event_sink s = {bs_report_emit, r};
	return s;
}

void bs_report_emit(void *ctx, const struct bs_event *ev)
{
	struct bs_report *r = ctx;
	r->events++;
	if (!r->out)
		return;
	if (r->format == BS_LOG_JSONL) {
		json_t *j = bs_report_json(r->sc, ev);
		if (!j || json_dumpf(j, r->out, bs_report_json_flags()) != 0)
			r->error = 1;
		json_decref(j);
		fputc('\n', r->out);
	} else {
		if (ev->type == BS_EV_ROUND)
			fputc('\n', r->out);
		if (ev->type == BS_EV_MX_GRID) /* matrix (issue 6): a grid */
			bs_report_grid_matrix(r->sc, ev, r->line,
					      sizeof r->line);
		else
			bs_report_text(r->sc, ev, r->line, sizeof r->line);
		fputs(r->line, r->out);
		fputc('\n', r->out);
	}
	if (ferror(r->out))
		r->error = 1;
}
