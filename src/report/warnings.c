/* The "not simulated" list of the reports (docs/SIM.md, docs/HTML.md):
 * the scenario's warnings (battlesim/warn.h), what it gives that the
 * battles leave out, so that no odds are shown without their caveats
 * (issue 11). As text lines and as JSON; nothing when there is none. */
#include <jansson.h>
#include <stdio.h>

#include "battlesim/report.h"
#include "battlesim/warn.h"

static const char *kind_id(int code)
{
	return code > 0 && code < BS_W__COUNT ? bs_warn_kinds[code].id : "";
}

static const char *kind_class(int code)
{
	return code > 0 && code < BS_W__COUNT
		   ? bs_warn_class_name[bs_warn_kinds[code].cls]
		   : "";
}

/* A JSON string of text; bytes of text that is not UTF-8 become '?' (as
 * the battle map's log lines). */
static json_t *utf8(const char *text)
{
	json_t *j = json_string(text);
	if (j)
		return j;
	char buf[sizeof((struct bs_diag *)0)->msg];
	snprintf(buf, sizeof buf, "%s", text);
	for (char *c = buf; *c; c++)
		if ((unsigned char)*c >= 0x80)
			*c = '?';
	return json_string(buf);
}

void bs_report_warnings_text(FILE *f, const struct bs_scenario *s)
{
	const struct bs_diags *w = &s->warnings;
	if (w->count == 0)
		return;
	fprintf(f,
		"Not simulated: %zu warning%s, left out of these battles "
		"(docs/SCENARIO-FORMAT.md, \"Warnings\")\n",
		w->count, w->count == 1 ? "" : "s");
	char buf[1024];
	for (size_t i = 0; i < w->count; i++)
		fprintf(f, "  %s\n",
			bs_diag_format(&w->items[i], buf, sizeof buf));
}

json_t *bs_report_warnings_json(const struct bs_scenario *s)
{
	json_t *a = json_array();
	if (!a)
		return NULL;
	for (size_t i = 0; i < s->warnings.count; i++) {
		const struct bs_diag *m = &s->warnings.items[i];
		json_t *o = json_object();
		if (!o || json_array_append_new(a, o) != 0) {
			json_decref(o);
			json_decref(a);
			return NULL;
		}
		json_object_set_new(o, "warning",
				    json_string(kind_id(m->code)));
		json_object_set_new(o, "class",
				    json_string(kind_class(m->code)));
		json_object_set_new(o, "file", json_string(m->file));
		json_object_set_new(o, "line", json_integer(m->line));
		json_object_set_new(o, "col", json_integer(m->col));
		json_object_set_new(o, "message", utf8(m->msg));
	}
	return a;
}
