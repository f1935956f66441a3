/* The text log of the matrix card system's events (docs/MATRIX.md,
 * event.h "matrix"): the matrix as a grid of locations with the brigade
 * tags in each cell and both reserves [M1.1], moves [M3.2], engagement
 * [M3.3], attacks with Table 1 [M3.4] (RULING R-250) and damage to the
 * class / unit numbers [M2.6]. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/matrix.h"
#include "battlesim/report.h"
#include "report/report_int.h"

struct tb {
	char *buf;
	size_t len, used;
};

__attribute__((format(printf, 2, 3))) static void put(struct tb *b,
						      const char *fmt, ...)
{
	if (b->used + 1 >= b->len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(b->buf + b->used, b->len - b->used, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->used += (size_t)n;
	if (b->used >= b->len)
		b->used = b->len - 1;
}

/* "1st Foot (A1)" */
static void put_brigade(struct tb *b, const struct bs_scenario *sc, int s,
			int u)
{
	const char *n = bs_report_unit_name(sc, s, u);
	if (n)
		put(b, "%s", n);
	else
		put(b, "side %d brigade %d", s, u);
	if (sc && sc->matrix && s >= 0 && s < BS_MAX_SIDES && u >= 0 &&
	    u < sc->matrix->nbrig[s])
		put(b, " (%s)", sc->matrix->brig[s][u].tag);
}

/* "row 2, column 3", "the reserve", "out of the battle" */
static void put_loc(struct tb *b, int row, int col)
{
	if (row == -1)
		put(b, "the reserve");
	else if (row < -1)
		put(b, "out of the battle");
	else
		put(b, "row %d, column %d", row + 1, col + 1);
}

/* ---- the grid -------------------------------------------------------- */

#define TAGS_PER_LINE 3
#define CELL_MAX 24

/* The k-th wrapped line of a cell's tags ("A1,A2,A3,A4" -> "A1 A2 A3",
 * "A4"); returns its length, or -1 past the last line. */
static int cell_line(const char *cell, size_t cell_len, int k, char *out,
		     size_t cap)
{
	size_t i = 0, o = 0;
	int tag = 0;
	if (cell_len == 0)
		return k == 0 ? (out[0] = '\0', 0) : -1;
	while (i < cell_len) {
		size_t j = i;
		while (j < cell_len && cell[j] != ',')
			j++;
		if (tag / TAGS_PER_LINE == k) {
			if (o && o + 1 < cap)
				out[o++] = ' ';
			for (size_t x = i; x < j && o + 1 < cap; x++)
				out[o++] = cell[x];
		}
		tag++;
		i = j + 1;
	}
	out[o] = '\0';
	return k < (tag + TAGS_PER_LINE - 1) / TAGS_PER_LINE ? (int)o : -1;
}

/* Lines of a cell: its tags, TAGS_PER_LINE to a line, at least 1. */
static int cell_lines(const char *cell, size_t n)
{
	int tags = n > 0;
	for (size_t i = 0; i < n; i++)
		tags += cell[i] == ',';
	int l = (tags + TAGS_PER_LINE - 1) / TAGS_PER_LINE;
	return l < 1 ? 1 : l;
}

/* Cell c of row r of the grid text: pointer and length. */
static int grid_cell(const char *g, int r, int c, const char **p, size_t *n)
{
	int row = 0, col = 0;
	const char *s = g;
	for (;;) {
		const char *e = s;
		while (*e && *e != '|' && *e != '/')
			e++;
		if (row == r && col == c) {
			*p = s;
			*n = (size_t)(e - s);
			return 0;
		}
		if (!*e)
			return -1;
		if (*e == '/') {
			row++;
			col = 0;
		} else {
			col++;
		}
		s = e + 1;
	}
}

static void text_grid(struct tb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	static const char *const when[] = {"at the start", "after movement",
					   "at the end"};
	int rows = ev->n[0], cols = ev->n[1];
	const char *g = ev->what ? ev->what : "";
	put(b, "  Matrix %s", bs_report_in(ev->n[2], 3) ? when[ev->n[2]] : "");
	if (ev->cite)
		put(b, " %s", ev->cite);
	put(b, ":");
	if (rows < 1 || cols < 1 || rows > BS_MX_MAX_ROWS ||
	    cols > BS_MX_MAX_COLS)
		return;
	/* the width of a cell: its longest line */
	int w = 5;
	char line[CELL_MAX * 4];
	for (int r = 1; r <= rows; r++)
		for (int c = 0; c < cols; c++) {
			const char *p;
			size_t n;
			if (grid_cell(g, r, c, &p, &n) != 0)
				continue;
			for (int k = 0;; k++) {
				int l = cell_line(p, n, k, line, sizeof line);
				if (l < 0)
					break;
				if (l > w)
					w = l;
			}
		}
	if (w > CELL_MAX)
		w = CELL_MAX;
	for (int rs = 0; rs < 2; rs++) {
		const char *p;
		size_t n;
		if (rs == 1) {
			/* the rows, between the two reserves */
			put(b, "\n      ");
			for (int c = 0; c < cols; c++)
				put(b, "  %-*d", c + 1 < cols ? w + 1 : 0,
				    c + 1);
			put(b, "\n      +");
			for (int c = 0; c < cols; c++) {
				for (int i = 0; i < w + 2; i++)
					put(b, "-");
				put(b, "+");
			}
			for (int r = 1; r <= rows; r++) {
				int nl = 1;
				for (int c = 0; c < cols; c++)
					if (grid_cell(g, r, c, &p, &n) == 0 &&
					    cell_lines(p, n) > nl)
						nl = cell_lines(p, n);
				for (int k = 0; k < nl; k++) {
					if (k == 0)
						put(b, "\n  %3d |", r);
					else
						put(b, "\n      |");
					for (int c = 0; c < cols; c++) {
						int l = -1;
						if (grid_cell(g, r, c, &p,
							      &n) == 0)
							l = cell_line(
							    p, n, k, line,
							    sizeof line);
						put(b, " %-*.*s |", w, w,
						    l < 0 ? "" : line);
					}
				}
				put(b, "\n      +");
				for (int c = 0; c < cols; c++) {
					for (int i = 0; i < w + 2; i++)
						put(b, "-");
					put(b, "+");
				}
			}
		}
		int rr = rs == 0 ? 0 : rows + 1;
		put(b, "\n    reserve of ");
		const char *sn = bs_report_side_name(sc, rs);
		if (sn)
			put(b, "%s", sn);
		else
			put(b, "side %d", rs);
		put(b, ":");
		if (grid_cell(g, rr, 0, &p, &n) == 0 && n > 0) {
			put(b, " ");
			for (size_t i = 0; i < n; i++)
				put(b, "%c", p[i] == ',' ? ' ' : p[i]);
		} else {
			put(b, " -");
		}
	}
}

/* The grid on one line: "Matrix after movement [M1.1]: reserve of X: A9
 * A11; row 1: - | A4 | A6 A8 | A5 | -; ...; reserve of Y: -". */
static void text_grid_line(struct tb *b, const struct bs_scenario *sc,
			   const struct bs_event *ev)
{
	static const char *const when[] = {"at the start", "after movement",
					   "at the end"};
	int rows = ev->n[0], cols = ev->n[1];
	const char *g = ev->what ? ev->what : "";
	put(b, "Matrix %s", bs_report_in(ev->n[2], 3) ? when[ev->n[2]] : "");
	if (ev->cite)
		put(b, " %s", ev->cite);
	put(b, ":");
	if (rows < 1 || cols < 1 || rows > BS_MX_MAX_ROWS ||
	    cols > BS_MX_MAX_COLS)
		return;
	for (int r = 0; r <= rows + 1; r++) {
		int reserve = r == 0 || r == rows + 1;
		if (reserve) {
			const char *sn = bs_report_side_name(sc, r ? 1 : 0);
			if (sn)
				put(b, "%s reserve of %s:", r ? ";" : "", sn);
			else
				put(b, "%s reserve of side %d:", r ? ";" : "",
				    r ? 1 : 0);
		} else {
			put(b, "; row %d:", r);
		}
		for (int c = 0; c < (reserve ? 1 : cols); c++) {
			const char *p;
			size_t n;
			put(b, "%s", c ? " |" : "");
			if (grid_cell(g, r, c, &p, &n) != 0 || n == 0) {
				put(b, " -");
				continue;
			}
			put(b, " ");
			for (size_t i = 0; i < n; i++)
				put(b, "%c",
				    p[i] == ',' || p[i] == '\n' ? ' ' : p[i]);
		}
	}
}

char *bs_report_grid_matrix(const struct bs_scenario *sc,
			    const struct bs_event *ev, char *buf, size_t len)
{
	struct tb b = {buf, len, 0};
	if (len == 0)
		return buf;
	buf[0] = '\0';
	text_grid(&b, sc, ev);
	return buf;
}

/* ---- one-line events ------------------------------------------------- */

static void text_move(struct tb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	put_brigade(b, sc, ev->side, ev->unit);
	put(b, " %s: ", ev->what ? ev->what : "moves");
	put_loc(b, ev->n[0], ev->n[1]);
	put(b, " -> ");
	put_loc(b, ev->n[2], ev->n[3]);
	put(b, " (%d of MV %d)", ev->n[4], ev->n[5]);
}

static void text_engage(struct tb *b, const struct bs_scenario *sc,
			const struct bs_event *ev)
{
	put_brigade(b, sc, ev->side, ev->unit);
	if (ev->n[0] == 1 || ev->n[0] == 2) {
		put(b, ev->n[0] == 1 ? " attacks " : " engages ");
		put_brigade(b, sc, ev->tside, ev->tunit);
	} else if (ev->n[0] == 3) {
		put(b, " engages no brigade");
	} else {
		put(b, " is held back");
	}
	put(b, " at ");
	put_loc(b, ev->n[1], ev->n[2]);
}

static void text_attack(struct tb *b, const struct bs_scenario *sc,
			const struct bs_event *ev)
{
	put_brigade(b, sc, ev->side, ev->unit);
	put(b, " %s%s -> ", ev->n[7] ? "scouts, " : "",
	    ev->what ? ev->what : "attack");
	put_brigade(b, sc, ev->tside, ev->tunit);
	put(b, ": ");
	if (ev->n[0] == BS_MX_MAGIC) {
		/* [M3.4a] the spell's average damage, as damage.c */
		const struct bs_dice *sp = NULL;
		if (sc && sc->matrix && ev->side >= 0 &&
		    ev->side < BS_MAX_SIDES && ev->unit >= 0 &&
		    ev->unit < sc->matrix->nbrig[ev->side])
			sp = &sc->matrix->brig[ev->side][ev->unit]
				  .fig.magic_damage;
		if (sp) {
			char dt[64];
			int avg2 = 0;
			for (int i = 0; i < sp->nparts; i++)
				avg2 += sp->part[i].count *
					    (sp->part[i].sides + 1) +
					2 * sp->part[i].plus;
			put(b, "spell %s, average %d%s",
			    bs_dice_format(sp, dt, sizeof dt), avg2 / 2,
			    avg2 % 2 ? ".5" : "");
		} else {
			put(b, "average damage");
		}
		put(b, " / 10 x class %d = %d damage point%s", ev->n[5],
		    ev->n[4], ev->n[4] == 1 ? "" : "s");
		return;
	}
	if (ev->has_deriv) {
		char tmp[BS_REPORT_LINE_MAX];
		put(b, "%s",
		    bs_deriv_text(&ev->deriv, "rating", 0, tmp, sizeof tmp));
	} else {
		put(b, "rating %d", ev->n[1]);
	}
	int sum = ev->ndice >= 2 ? ev->dice[0] + ev->dice[1] : 0;
	int diff = ev->n[1] - ev->n[2];
	int missing = ev->n[6] - ev->n[5];
	put(b, " - defense %d = %+d; 2d10 (%d+%d) = %d", ev->n[2], diff,
	    ev->ndice >= 2 ? ev->dice[0] : 0, ev->ndice >= 2 ? ev->dice[1] : 0,
	    sum);
	put(b, ", adjusted %d", ev->n[3]);
	if (missing > 0)
		put(b, " (%d of %d classes)", ev->n[5], ev->n[6]);
	put(b, " -> %d damage point%s", ev->n[4], ev->n[4] == 1 ? "" : "s");
}

static void text_damage(struct tb *b, const struct bs_scenario *sc,
			const struct bs_event *ev)
{
	put_brigade(b, sc, ev->side, ev->unit);
	put(b, " takes %d damage point%s: %d/%d -> %d/%d", ev->n[0],
	    ev->n[0] == 1 ? "" : "s", ev->n[1], ev->n[2], ev->n[3], ev->n[4]);
	if (ev->n[5] > 0)
		put(b, " (%d centur%s lost)", ev->n[5],
		    ev->n[5] == 1 ? "y" : "ies");
}

char *bs_report_text_matrix(const struct bs_scenario *sc,
			    const struct bs_event *ev, char *buf, size_t len)
{
	struct tb b = {buf, len, 0};
	if (len == 0)
		return buf;
	buf[0] = '\0';
	switch (ev->type) {
	case BS_EV_MX_GRID:
		text_grid_line(&b, sc, ev);
		break;
	case BS_EV_MX_MOVE:
		text_move(&b, sc, ev);
		break;
	case BS_EV_MX_ENGAGE:
		text_engage(&b, sc, ev);
		break;
	case BS_EV_MX_ATTACK:
		text_attack(&b, sc, ev);
		break;
	case BS_EV_MX_DAMAGE:
		text_damage(&b, sc, ev);
		break;
	default:
		put(&b, "%s", ev->what ? ev->what : "");
		break;
	}
	if (ev->cite && !(ev->what && strstr(ev->what, ev->cite)))
		put(&b, " %s", ev->cite);
	return buf;
}
