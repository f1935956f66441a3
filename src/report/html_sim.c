/* The report page of a simulation (`battlesim sim --html`, issue 7): the
 * numbers of docs/SIM.md as one self-contained HTML page with inline SVG
 * charts drawn here (no script needed): each side's win probability and
 * the draws with their 95% Wilson intervals, the rounds to the end, and
 * the casualty histograms of every side and unit. Sections: none of the
 * rules (the simulator's output; the ruling on the round limit is R-102). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/report.h"
#include "battlesim/sim.h"
#include "report/html_int.h"

/* The page body is written to a memory stream (open_memstream): a line
 * of any length, and a failure to grow shows as the stream's error. */
static void bputs(FILE *b, const char *s)
{
	fputs(s, b);
}

static void bprintf(FILE *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void bprintf(FILE *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(b, fmt, ap);
	va_end(ap);
}

/* s as HTML text. */
static void btext(FILE *b, const char *s)
{
	char one[2] = {0, 0};
	for (; *s; s++) {
		switch (*s) {
		case '<':
			bputs(b, "&lt;");
			break;
		case '>':
			bputs(b, "&gt;");
			break;
		case '&':
			bputs(b, "&amp;");
			break;
		case '"':
			bputs(b, "&quot;");
			break;
		default:
			one[0] = *s;
			bputs(b, one);
		}
	}
}

static double ratio(long k, long n)
{
	return n ? (double)k / (double)n : 0.0;
}

/* Horizontal bars of probabilities with their 95% intervals. */
static void prob_chart(FILE *b, const struct bs_scenario *sc,
		       const struct bs_sim_result *r)
{
	int rows = r->nsides + 1, lw = 230, pw = 460, rh = 28;
	int w = lw + pw + 170, hgt = rows * rh + 34;
	bprintf(b,
		"<svg class=\"chart prob\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"win "
		"probabilities\">\n",
		w, hgt, w, hgt);
	for (int t = 0; t <= 10; t += 2) {
		double x = lw + pw * t / 10.0;
		bprintf(b,
			"<line class=\"axis\" x1=\"%.1f\" y1=\"6\" x2=\"%.1f\" "
			"y2=\"%d\" stroke-dasharray=\"2 3\"/>"
			"<text x=\"%.1f\" y=\"%d\" "
			"text-anchor=\"middle\">%d%%</text>\n",
			x, x, rows * rh + 8, x, rows * rh + 24, t * 10);
	}
	static const char *const colour[BS_MAX_SIDES] = {"#b8322a", "#2a5db0",
							 "#2f8a47", "#b07a10"};
	for (int i = 0; i < rows; i++) {
		long k = i < r->nsides ? r->side[i].wins : r->draws;
		double p = ratio(k, r->runs), lo, hi;
		bs_wilson(k, r->runs, 1.96, &lo, &hi);
		int y = 8 + i * rh;
		bputs(b, "<g class=\"row\">");
		bprintf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">",
			lw - 8, y + 15);
		if (i < r->nsides)
			btext(b, sc->sides[i].name);
		else
			bputs(b, "draw");
		bputs(b, "</text>");
		bprintf(b,
			"<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%.2f\" "
			"height=\"18\" style=\"fill:%s\" data-p=\"%.6f\"/>",
			lw, y + 2, pw * p, i < r->nsides ? colour[i] : "#888",
			p);
		bprintf(b,
			"<line class=\"ci\" x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" "
			"y2=\"%d\"/><line class=\"ci\" x1=\"%.2f\" y1=\"%d\" "
			"x2=\"%.2f\" y2=\"%d\"/><line class=\"ci\" x1=\"%.2f\" "
			"y1=\"%d\" x2=\"%.2f\" y2=\"%d\"/>",
			lw + pw * lo, y + 11, lw + pw * hi, y + 11,
			lw + pw * lo, y + 6, lw + pw * lo, y + 16, lw + pw * hi,
			y + 6, lw + pw * hi, y + 16);
		bprintf(b, "<text x=\"%d\" y=\"%d\">%.1f%% [%.1f, %.1f]</text>",
			lw + pw + 6, y + 15, 100 * p, 100 * lo, 100 * hi);
		bputs(b, "</g>\n");
	}
	bputs(b, "</svg>\n");
}

/* A histogram hist[0..len) of n values: counts as bars, x = the value. */
static void hist_chart(FILE *b, const char *label, const long *hist, int len,
		       long n, double mean, const char *colour)
{
	int w = 330, hgt = 150, l = 34, bot = 24, top = 8;
	long max = 1;
	for (int i = 0; i < len; i++)
		if (hist[i] > max)
			max = hist[i];
	double bw = (double)(w - l - 6) / (len > 0 ? len : 1);
	bputs(b, "<figure>");
	bprintf(b,
		"<svg class=\"chart hist\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"",
		w, hgt, w, hgt);
	btext(b, label);
	bputs(b, "\">");
	bprintf(b,
		"<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
		"y2=\"%d\"/><line class=\"axis\" x1=\"%d\" y1=\"%d\" "
		"x2=\"%d\" y2=\"%d\"/>",
		l, hgt - bot, w - 4, hgt - bot, l, top, l, hgt - bot);
	bprintf(b,
		"<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.0f%%</text>"
		"<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>",
		l - 3, top + 8, 100.0 * ratio(max, n), l - 3, hgt - bot);
	for (int i = 0; i < len; i++) {
		double bh = (double)(hgt - bot - top) * hist[i] / max;
		if (hist[i] > 0)
			bprintf(b,
				"<rect class=\"bar\" x=\"%.2f\" y=\"%.2f\" "
				"width=\"%.2f\" height=\"%.2f\" "
				"style=\"fill:%s\"><title>%d: %ld battles "
				"(%.1f%%)</title></rect>",
				l + i * bw + 0.5, hgt - bot - bh,
				bw > 2 ? bw - 1 : bw, bh, colour, i, hist[i],
				100.0 * ratio(hist[i], n));
		int step = len > 40 ? 10 : len > 16 ? 5 : len > 8 ? 2 : 1;
		/* ticks every `step`, and the last value unless too close */
		if ((i % step == 0 &&
		     (i == len - 1 || len - 1 - i > step / 2)) ||
		    i == len - 1)
			bprintf(b,
				"<text x=\"%.2f\" y=\"%d\" "
				"text-anchor=\"middle\">%d</text>",
				l + i * bw + bw / 2, hgt - bot + 14, i);
	}
	bputs(b, "</svg><figcaption>");
	btext(b, label);
	bprintf(b, " <span class=\"muted\">(mean %.2f)</span></figcaption>",
		mean);
	bputs(b, "</figure>\n");
}

static const char *const end_label[BS_END__COUNT] = {
    "intact", "routed on the table", "routed off the table", "destroyed"};

/* What the battles leave out (issue 11): the scenario's warnings, before
 * the odds; nothing when there is none. */
static void not_simulated(FILE *b, const struct bs_scenario *sc)
{
	const struct bs_diags *w = &sc->warnings;
	if (w->count == 0)
		return;
	bprintf(b,
		"<section class=\"not-simulated\" id=\"not-simulated\">"
		"<h2>Not simulated</h2>\n<p>The scenario gives %zu warning%s: "
		"what these battles leave out (docs/SCENARIO-FORMAT.md, "
		"&ldquo;Warnings&rdquo;). The odds below do not include "
		"them.</p>\n<ul>\n",
		w->count, w->count == 1 ? "" : "s");
	char where[1024];
	for (size_t i = 0; i < w->count; i++) {
		bputs(b, "<li>");
		btext(b, bs_diag_format(&w->items[i], where, sizeof where));
		bputs(b, "</li>\n");
	}
	bputs(b, "</ul></section>\n");
}

int bs_html_sim_write(FILE *out, const struct bs_scenario *sc,
		      const struct bs_sim_result *r, uint64_t seed)
{
	static const char *const colour[BS_MAX_SIDES] = {"#b8322a", "#2a5db0",
							 "#2f8a47", "#b07a10"};
	char *body = NULL;
	size_t body_len = 0;
	FILE *b = open_memstream(&body, &body_len);
	if (!b)
		return -1;
	bputs(b, "<h1>");
	btext(b, sc->name);
	bputs(b, ": simulation</h1>\n<p class=\"muted\">");
	bprintf(b,
		"%ld battles, seed %llu (battle i is played with the dice of "
		"stream i; battle 0 is <code>play --seed %llu</code>), round "
		"limit %d%s.</p>\n",
		r->runs, (unsigned long long)seed, (unsigned long long)seed,
		r->max_rounds,
		r->stopped_early ? ", stopped when the intervals were narrow "
				   "enough"
				 : "");
	not_simulated(b, sc);
	bputs(b, "<h2>Who wins</h2>\n<p class=\"muted\">Probability of each "
		 "outcome, with its 95% Wilson interval.</p>\n");
	prob_chart(b, sc, r);
	bputs(b, "<h2>Rounds to the end</h2>\n<div class=\"charts\">");
	hist_chart(b, "battles by rounds played", r->rounds_hist,
		   r->max_rounds + 1, r->runs, ratio(r->rounds_sum, r->runs),
		   "#6b8fbf");
	bputs(b, "</div>\n<h2>Casualties per side</h2>\n<p "
		 "class=\"muted\">Figures killed in a battle: how many "
		 "battles lost each number.</p>\n<div class=\"charts\">");
	for (int s = 0; s < r->nsides; s++) {
		char label[BS_NAME_MAX + 64];
		snprintf(label, sizeof label, "%s: figures lost of %d",
			 sc->sides[s].name, r->side[s].figures);
		hist_chart(b, label, r->side[s].lost_hist,
			   r->side[s].figures + 1, r->runs,
			   ratio(r->side[s].lost_sum, r->runs),
			   colour[s % BS_MAX_SIDES]);
	}
	bputs(b, "</div>\n<h2>Units</h2>\n<table class=\"units\"><tr>"
		 "<th>Unit</th><th>Side</th><th>Figures</th>");
	for (int e = 0; e < BS_END__COUNT; e++)
		bprintf(b, "<th>%s</th>", end_label[e]);
	bputs(b, "<th>mean lost</th></tr>\n");
	for (int i = 0; i < r->nunits; i++) {
		const struct bs_sim_unit *u = &r->unit[i];
		bputs(b, "<tr><td>");
		btext(b, sc->sides[u->side].units[u->idx].name);
		bputs(b, "</td><td>");
		btext(b, sc->sides[u->side].name);
		bprintf(b, "</td><td>%d</td>", u->original);
		for (int e = 0; e < BS_END__COUNT; e++)
			bprintf(b, "<td>%.1f%%</td>",
				100.0 * ratio(u->end[e], r->runs));
		bprintf(b, "<td>%.2f</td></tr>\n", ratio(u->lost_sum, r->runs));
	}
	bputs(b, "</table>\n<h2>Casualties per unit</h2>\n<div "
		 "class=\"charts\">");
	for (int i = 0; i < r->nunits; i++) {
		const struct bs_sim_unit *u = &r->unit[i];
		char label[2 * BS_NAME_MAX + 64];
		snprintf(label, sizeof label, "%s: figures lost of %d",
			 sc->sides[u->side].units[u->idx].name, u->original);
		hist_chart(b, label, u->lost_hist, u->original + 1, r->runs,
			   ratio(u->lost_sum, r->runs),
			   colour[u->side % BS_MAX_SIDES]);
	}
	bputs(b, "</div>\n");
	int bad = ferror(b) != 0;
	if (fclose(b) != 0 || bad || !body) {
		free(body);
		return -1;
	}
	char title[sizeof sc->name + 64];
	snprintf(title, sizeof title, "%s: simulation of %ld battles", sc->name,
		 r->runs);
	int rc = bs_html_page(out, "sim.html", title, NULL, 0, body);
	free(body);
	return rc;
}
