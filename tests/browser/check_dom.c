/* Browser test checker (issue 7, `make test-browser`): compares the DOM of
 * the battle map as headless Chromium rendered it (--dump-dom) with the
 * JSON events of the same battle (`play --log jsonl`) and its text log.
 *
 *   check_dom plan EVENTS.jsonl
 *       prints "STEP1 STEP2 SIDE_A UNIT_A SIDE_B UNIT_B": two units that
 *       move (one of each of the first two sides) and two steps: the
 *       first move of unit A, and the last move of unit B in a later
 *       round.
 *   check_dom check EVENTS.jsonl LOG.txt DOM.html STEP SA UA SB UB
 *       asserts: the page drew one unit group per deployed unit; the
 *       map shows step STEP; units (SA, UA) and (SB, UB) stand where the
 *       events put them (the last deploy / move / rout event of each up
 *       to STEP, within 0.05" of rounding); the log line marked current
 *       is event STEP (its type, round and phase) with the text log's
 *       line for it.
 * Exit 0 when every assertion holds, 1 otherwise (each failure printed),
 * 2 on bad usage or unreadable input. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EVENTS 200000

static json_t *events[MAX_EVENTS];
static int nevents;
static int failures;

static void fail(const char *what, const char *a, const char *b)
{
	fprintf(stderr, "check_dom: FAIL: %s: page '%s', events '%s'\n", what,
		a, b);
	failures++;
}

static int load_events(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, f) > 0 && nevents < MAX_EVENTS) {
		json_error_t err;
		json_t *j = json_loads(line, 0, &err);
		if (!j) {
			fprintf(stderr, "%s: %s\n", path, err.text);
			free(line);
			fclose(f);
			return -1;
		}
		const char *t = json_string_value(json_object_get(j, "type"));
		if (t && strcmp(t, "summary") == 0) {
			json_decref(j);
			continue;
		}
		events[nevents++] = j;
	}
	free(line);
	fclose(f);
	return 0;
}

static const char *str(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

static int num(json_t *o, const char *k, int dflt)
{
	json_t *v = json_object_get(o, k);
	return json_is_integer(v) ? (int)json_integer_value(v) : dflt;
}

static int is_unit_ev(json_t *e, int side, int unit)
{
	return num(e, "side", -1) == side && num(e, "unit", -1) == unit &&
	       json_object_get(e, "indiv") == NULL;
}

static int moves(json_t *e)
{
	const char *t = str(e, "type");
	return strcmp(t, "move") == 0 || strcmp(t, "rout") == 0;
}

/* Where the events put unit (side, unit) after event `step`. */
static int expected_pos(int step, int side, int unit, double *x, double *y)
{
	int found = 0;
	for (int i = 0; i <= step && i < nevents; i++) {
		json_t *e = events[i];
		if (!is_unit_ev(e, side, unit))
			continue;
		if (strcmp(str(e, "type"), "deploy") == 0) {
			*x = json_number_value(json_object_get(e, "x"));
			*y = json_number_value(json_object_get(e, "y"));
			found = 1;
		} else if (moves(e)) {
			*x = json_number_value(json_object_get(e, "x1"));
			*y = json_number_value(json_object_get(e, "y1"));
			found = 1;
		}
	}
	return found;
}

static int plan(void)
{
	/* A: the first unit of side 0 that moves; B: of side 1 */
	int sa = 0, ua = -1, sb = 1, ub = -1, s1 = -1, s2 = -1;
	for (int i = 0; i < nevents && (ua < 0 || ub < 0); i++) {
		json_t *e = events[i];
		if (!moves(events[i]) || json_object_get(e, "indiv"))
			continue;
		if (num(e, "side", -1) == sa && ua < 0) {
			ua = num(e, "unit", -1);
			s1 = i;
		}
		if (num(e, "side", -1) == sb && ub < 0)
			ub = num(e, "unit", -1);
	}
	if (ua < 0 || ub < 0) {
		fprintf(stderr, "check_dom: no unit of each side moves\n");
		return 2;
	}
	int r1 = num(events[s1], "round", 0);
	for (int i = 0; i < nevents; i++)
		if (is_unit_ev(events[i], sb, ub) && moves(events[i]) &&
		    num(events[i], "round", 0) > r1)
			s2 = i;
	if (s2 < 0) {
		fprintf(stderr,
			"check_dom: unit B never moves after round "
			"%d\n",
			r1);
		return 2;
	}
	printf("%d %d %d %d %d %d\n", s1, s2, sa, ua, sb, ub);
	return 0;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return NULL;
	}
	size_t cap = 1 << 20, len = 0;
	char *s = malloc(cap);
	size_t n;
	while (s && (n = fread(s + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len < 2) {
			char *p = realloc(s, cap *= 2);
			if (!p) {
				free(s);
				s = NULL;
			}
			s = p;
		}
	}
	fclose(f);
	if (s)
		s[len] = '\0';
	return s;
}

/* The value of attribute `attr` in the start tag that contains `key`
 * (e.g. key = id="unit-0-1"), into buf; 0 when absent. */
static int attr_of(const char *dom, const char *key, const char *attr,
		   char *buf, size_t len)
{
	const char *p = strstr(dom, key);
	if (!p)
		return 0;
	const char *start = p;
	while (start > dom && *start != '<')
		start--;
	const char *end = strchr(p, '>');
	if (!end)
		return 0;
	char pat[64];
	snprintf(pat, sizeof pat, " %s=\"", attr);
	const char *a = strstr(start, pat);
	if (!a || a > end)
		return 0;
	a += strlen(pat);
	const char *q = strchr(a, '"');
	if (!q || (size_t)(q - a) >= len)
		return 0;
	memcpy(buf, a, (size_t)(q - a));
	buf[q - a] = '\0';
	return 1;
}

/* The text content of the element whose start tag contains `key`, with
 * the entities of --dump-dom undone. */
static int text_of(const char *dom, const char *key, char *buf, size_t len)
{
	const char *p = strstr(dom, key);
	if (!p || !(p = strchr(p, '>')))
		return 0;
	p++;
	const char *e = strstr(p, "</div>");
	if (!e)
		return 0;
	size_t n = 0;
	static const char *const ent[][2] = {{"&amp;", "&"}, {"&lt;", "<"},
					     {"&gt;", ">"},  {"&quot;", "\""},
					     {"&#39;", "'"}, {"&nbsp;", " "}};
	while (p < e && n + 1 < len) {
		int done = 0;
		for (size_t k = 0; k < sizeof ent / sizeof ent[0]; k++) {
			size_t el = strlen(ent[k][0]);
			if (strncmp(p, ent[k][0], el) == 0) {
				buf[n++] = ent[k][1][0];
				p += el;
				done = 1;
				break;
			}
		}
		if (!done)
			buf[n++] = *p++;
	}
	buf[n] = '\0';
	return 1;
}

static int count(const char *dom, const char *needle)
{
	int n = 0;
	for (const char *p = dom; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

/* The text log line of event `step`: the step-th non-blank line of the
 * text log, without its indentation. */
static int log_line(const char *path, int step, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		return 0;
	}
	char *line = NULL;
	size_t cap = 0;
	int k = 0, ok = 0;
	ssize_t n;
	while ((n = getline(&line, &cap, f)) > 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n == 0)
			continue;
		if (k++ == step) {
			const char *s = line;
			while (*s == ' ')
				s++;
			snprintf(buf, len, "%s", s);
			ok = 1;
			break;
		}
	}
	free(line);
	fclose(f);
	return ok;
}

static void check_unit(const char *dom, int step, int side, int unit)
{
	char key[64], xs[64], ys[64];
	double x = 0, y = 0;
	snprintf(key, sizeof key, "id=\"unit-%d-%d\"", side, unit);
	if (!attr_of(dom, key, "data-x", xs, sizeof xs) ||
	    !attr_of(dom, key, "data-y", ys, sizeof ys)) {
		fail("unit drawn", key, "deployed");
		return;
	}
	if (!expected_pos(step, side, unit, &x, &y)) {
		fail("unit placed by an event", key, "none");
		return;
	}
	double px = strtod(xs, NULL), py = strtod(ys, NULL);
	char want[64], got[160];
	snprintf(want, sizeof want, "(%g, %g)", x, y);
	snprintf(got, sizeof got, "(%s, %s)", xs, ys);
	if (fabs(px - x) > 0.0501 || fabs(py - y) > 0.0501)
		fail(key, got, want);
	else
		printf("check_dom: step %d: unit %d/%d at %s as the events "
		       "say\n",
		       step, side, unit, got);
}

static int check(const char *logpath, const char *dompath, int step, int sa,
		 int ua, int sb, int ub)
{
	char *dom = slurp(dompath);
	if (!dom)
		return 2;
	if (step < 0 || step >= nevents) {
		fprintf(stderr, "check_dom: step %d out of range\n", step);
		free(dom);
		return 2;
	}
	/* the unit count */
	int deployed = 0;
	for (int i = 0; i < nevents; i++)
		if (strcmp(str(events[i], "type"), "deploy") == 0 &&
		    json_object_get(events[i], "unit"))
			deployed++;
	int drawn = count(dom, "<g class=\"unit");
	char a[64], b[64];
	snprintf(a, sizeof a, "%d", drawn);
	snprintf(b, sizeof b, "%d", deployed);
	if (drawn != deployed)
		fail("unit count", a, b);
	else
		printf("check_dom: step %d: %d units drawn, %d deployed\n",
		       step, drawn, deployed);
	/* the step shown */
	char st[32];
	snprintf(b, sizeof b, "%d", step);
	if (!attr_of(dom, "id=\"status\"", "data-step", st, sizeof st) ||
	    strcmp(st, b) != 0)
		fail("step shown", st, b);
	/* two units where the events put them */
	check_unit(dom, step, sa, ua);
	check_unit(dom, step, sb, ub);
	/* the log line shown */
	json_t *e = events[step];
	char ty[64], rd[32], ph[64], want[64];
	const char *key = "current\"";
	if (!attr_of(dom, key, "data-type", ty, sizeof ty) ||
	    !attr_of(dom, key, "data-round", rd, sizeof rd) ||
	    !attr_of(dom, key, "data-phase", ph, sizeof ph) ||
	    !attr_of(dom, key, "data-i", st, sizeof st)) {
		fail("a current log line", "none", "one");
	} else {
		snprintf(want, sizeof want, "%d", step);
		if (strcmp(st, want) != 0)
			fail("current log line index", st, want);
		if (strcmp(ty, str(e, "type")) != 0)
			fail("current log line type", ty, str(e, "type"));
		snprintf(want, sizeof want, "%d", num(e, "round", -1));
		if (strcmp(rd, want) != 0)
			fail("current log line round", rd, want);
		if (strcmp(ph, str(e, "phase")) != 0)
			fail("current log line phase", ph, str(e, "phase"));
	}
	static char shown[8192], text[8192];
	if (!text_of(dom, key, shown, sizeof shown))
		fail("current log line text", "none", "a line");
	else if (!log_line(logpath, step, text, sizeof text))
		fail("text log line", "?", "missing");
	else if (strcmp(shown, text) != 0)
		fail("current log line text", shown, text);
	else
		printf("check_dom: step %d: log line shown: %s %s: %.60s...\n",
		       step, ty, ph, shown);
	free(dom);
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "plan") == 0) {
		if (load_events(argv[2]) != 0)
			return 2;
		return plan();
	}
	if (argc == 10 && strcmp(argv[1], "check") == 0) {
		if (load_events(argv[2]) != 0)
			return 2;
		return check(argv[3], argv[4], atoi(argv[5]), atoi(argv[6]),
			     atoi(argv[7]), atoi(argv[8]), atoi(argv[9]));
	}
	fprintf(stderr, "usage: check_dom plan EVENTS.jsonl\n"
			"       check_dom check EVENTS.jsonl LOG.txt DOM.html "
			"STEP SA UA SB UB\n");
	return 2;
}
