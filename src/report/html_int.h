/* Private helpers of the HTML reporters (src/report/html*.c): filling a
 * page template of data/html/ (docs/HTML.md). */
#ifndef BS_REPORT_HTML_INT_H
#define BS_REPORT_HTML_INT_H

#include <stddef.h>
#include <stdio.h>

/* Write the embedded template `tmpl_name` to out with {{TITLE}} (title as
 * HTML text), {{CSS}} (battlesim.css), {{JS}} (battle.js), {{DATA}} (the
 * JSON data[0..ndata), '<' '>' '&' escaped as \u00XX; NULL: null) and
 * {{BODY}} (body, raw HTML; NULL: nothing) replaced. Returns 0, or -1
 * when a template is missing or the stream reports an error. */
int bs_html_page(FILE *out, const char *tmpl_name, const char *title,
		 const char *data, size_t ndata, const char *body);

#endif
