/* Dice expressions: parse, format, bounds and rolls from a seeded generator,
 * a script of given results, or a callback that is asked for each roll with
 * its reason (referee mode, issue 17), and the reading of a referee's
 * answer (RULING ). */
#include "battlesim/dice.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static void skip_ws(const char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
}

/* Read a decimal number of at most 4 digits; -1 when there is none or it
 * is too long (the caller reports). */
static int read_num(const char **p, int *out)
{
	const char *s = *p;
	int v = 0, n = 0;
	while (isdigit((unsigned char)*s)) {
		if (++n > 4)
			return -1;
		v = v * 10 + (*s - '0');
		s++;
	}
	if (n == 0)
		return -1;
	*p = s;
	*out = v;
	return 0;
}

static int fail(char *err, size_t errlen, const char *text, const char *why)
{
	if (err && errlen)
		snprintf(err, errlen, "dice '%s': %s", text, why);
	return -1;
}

static int parse_part(const char **pp, struct bs_dice_part *part,
		      const char *text, char *err, size_t errlen)
{
	const char *p = *pp;
	int count = 1, sides = 0, plus = 0, have_count = 0;
	skip_ws(&p);
	if (isdigit((unsigned char)*p)) {
		if (read_num(&p, &count) < 0)
			return fail(err, errlen, text, "number too long");
		have_count = 1;
	}
	skip_ws(&p);
	if (*p == 'd' || *p == 'D') {
		p++;
		skip_ws(&p);
		if (read_num(&p, &sides) < 0)
			return fail(err, errlen, text,
				    "expected the number of sides after 'd'");
		if (sides < 2 || sides > BS_DICE_MAX_SIDES)
			return fail(err, errlen, text,
				    "a die needs 2 to 100 sides");
		if (count < 1 || count > BS_DICE_MAX_COUNT)
			return fail(err, errlen, text,
				    "roll 1 to 100 dice at a time");
		skip_ws(&p);
		if (*p == '+' || *p == '-') {
			int sign = *p == '-' ? -1 : 1;
			p++;
			skip_ws(&p);
			if (read_num(&p, &plus) < 0)
				return fail(err, errlen, text,
					    "expected a number after the sign");
			if (plus > BS_DICE_MAX_PLUS)
				return fail(
				    err, errlen, text,
				    "modifier out of range (at most 1000)");
			plus *= sign;
		}
		part->count = count;
		part->sides = sides;
		part->plus = plus;
	} else {
		if (!have_count)
			return fail(
			    err, errlen, text,
			    "expected a die like d8, 2d4, d6+1 or a number");
		if (count > BS_DICE_MAX_PLUS)
			return fail(err, errlen, text,
				    "fixed number out of range (at most 1000)");
		part->count = 0;
		part->sides = 0;
		part->plus = count;
	}
	skip_ws(&p);
	*pp = p;
	return 0;
}

int bs_dice_parse(const char *text, struct bs_dice *out, char *err,
		  size_t errlen)
{
	struct bs_dice d;
	memset(&d, 0, sizeof d);
	if (!text)
		return fail(err, errlen, "", "empty");
	const char *p = text;
	skip_ws(&p);
	if (!*p)
		return fail(err, errlen, text, "empty");
	for (;;) {
		if (d.nparts == BS_DICE_MAX_ATTACKS)
			return fail(err, errlen, text,
				    "at most 8 attacks separated by '/'");
		if (parse_part(&p, &d.part[d.nparts], text, err, errlen) < 0)
			return -1;
		d.nparts++;
		if (*p == '/') {
			p++;
			continue;
		}
		if (*p == '\0')
			break;
		if (*p == '+' || *p == '-')
			return fail(err, errlen, text,
				    "only one modifier per die (like d6+1)");
		return fail(
		    err, errlen, text,
		    "unexpected character; expected a die like d8, 2d4, "
		    "d6+1, d4/d4/d12 or a number");
	}
	*out = d;
	return 0;
}

char *bs_dice_format(const struct bs_dice *d, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < d->nparts; i++) {
		const struct bs_dice_part *p = &d->part[i];
		char count[16] = "", plus[16] = "";
		if (p->sides && p->count != 1)
			snprintf(count, sizeof count, "%d", p->count);
		if (p->sides && p->plus)
			snprintf(plus, sizeof plus, "%+d", p->plus);
		int n;
		if (p->sides == 0)
			n = snprintf(buf + used, len - used, "%s%d",
				     i ? "/" : "", p->plus);
		else
			n = snprintf(buf + used, len - used, "%s%sd%d%s",
				     i ? "/" : "", count, p->sides, plus);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
	return buf;
}

int bs_dice_part_min(const struct bs_dice_part *p)
{
	return p->count + p->plus;
}

int bs_dice_part_max(const struct bs_dice_part *p)
{
	return p->count * p->sides + p->plus;
}

int bs_dice_min(const struct bs_dice *d)
{
	int s = 0;
	for (int i = 0; i < d->nparts; i++)
		s += bs_dice_part_min(&d->part[i]);
	return s;
}

int bs_dice_max(const struct bs_dice *d)
{
	int s = 0;
	for (int i = 0; i < d->nparts; i++)
		s += bs_dice_part_max(&d->part[i]);
	return s;
}

void bs_dice_source_rng(struct bs_dice_source *s, struct bs_rng *rng)
{
	memset(s, 0, sizeof *s);
	s->kind = BS_DICE_SOURCE_RNG;
	s->rng = rng;
}

void bs_dice_source_script(struct bs_dice_source *s, const int *script,
			   size_t len)
{
	memset(s, 0, sizeof *s);
	s->kind = BS_DICE_SOURCE_SCRIPT;
	s->script = script;
	s->script_len = len;
}

const char *const bs_roll_kind_name[BS_ROLL__COUNT] = {
    [BS_ROLL_INITIATIVE] = "initiative",
    [BS_ROLL_ATTACK] = "attack",
    [BS_ROLL_ARMOR] = "armor",
    [BS_ROLL_MORALE] = "morale",
    [BS_ROLL_DISCIPLINE] = "discipline",
    [BS_ROLL_RALLY] = "rally",
    [BS_ROLL_FATE] = "fate",
    [BS_ROLL_INDIV_INITIATIVE] = "indiv_initiative",
    [BS_ROLL_TO_HIT] = "to_hit",
    [BS_ROLL_DAMAGE] = "damage",
    [BS_ROLL_SAVE] = "save",
    [BS_ROLL_TURN] = "turn",
    [BS_ROLL_MAGIC_RESISTANCE] = "magic_resistance",
    [BS_ROLL_OTHER] = "other",
};

void bs_dice_source_ask(struct bs_dice_source *s, const struct bs_dice_asker *a,
			struct bs_rng *rng, int *pend, int pend_cap)
{
	memset(s, 0, sizeof *s);
	s->kind = BS_DICE_SOURCE_ASK;
	s->rng = rng;
	s->asker = a;
	s->pend = pend;
	s->pend_cap = pend_cap;
}

int bs_dice_req_dice(const struct bs_dice_req *q)
{
	return q->items * (q->sides[1] > 0 ? 2 : 1);
}

static int req_die_sides(const struct bs_dice_req *q, int i)
{
	return q->sides[1] > 0 ? q->sides[i % 2] : q->sides[0];
}

/* Ask for the dice of the current request (or of a roll that gave no
 * reason: one die of `sides`). */
static void ask_request(struct bs_dice_source *s, int sides)
{
	if (!s->req_fresh) {
		/* a roll site without bs_dice_why: still asked, counted */
		s->unreasoned++;
		memset(&s->req, 0, sizeof s->req);
		s->req.items = 1;
		s->req.sides[0] = sides;
		s->req.side = s->req.actor = s->req.indiv = s->req.target = -1;
		s->req.tside = s->req.tindiv = -1;
	} else if (s->ipend < s->npend) {
		s->unreasoned++; /* dice of the last request left unused */
	}
	s->req_fresh = 0;
	s->asked++;
	int n = bs_dice_req_dice(&s->req);
	if (n > s->pend_cap || n < 1) {
		if (!s->failed)
			snprintf(s->error, sizeof s->error,
				 "a roll of %d dice is more than the %d the "
				 "referee's source holds",
				 n, s->pend_cap);
		s->failed = 1;
		n = n < 1 ? 1 : s->pend_cap;
		for (int i = 0; i < n; i++)
			s->pend[i] = 1;
	} else if (s->asker->ask(s->asker->ctx, &s->req, s->pend, n) != 0) {
		/* "dice: program": the generator rolls them, die by die in
		 * the order the rules will read them */
		for (int i = 0; i < n; i++)
			s->pend[i] =
			    1 +
			    (int)bs_rng_below(
				s->rng, (uint32_t)req_die_sides(&s->req, i));
	}
	s->npend = n;
	s->ipend = 0;
}

static int ask_next(struct bs_dice_source *s, int sides)
{
	if (s->req_fresh || s->ipend >= s->npend)
		ask_request(s, sides);
	int want = req_die_sides(&s->req, s->ipend);
	int v = s->pend[s->ipend++];
	if (want != sides)
		s->unreasoned++; /* the reason named other dice */
	if (v < 1 || v > sides) {
		if (!s->failed)
			snprintf(
			    s->error, sizeof s->error,
			    "the answer %d is not a possible roll of a d%d", v,
			    sides);
		s->failed = 1;
		v = 1;
	}
	return v;
}

int bs_roll(struct bs_dice_source *s, int sides)
{
	assert(sides >= 1);
	int v;
	if (s->kind == BS_DICE_SOURCE_RNG) {
		v = 1 + (int)bs_rng_below(s->rng, (uint32_t)sides);
	} else if (s->kind == BS_DICE_SOURCE_ASK) {
		v = ask_next(s, sides);
	} else {
		if (s->pos >= s->script_len) {
			if (!s->failed)
				snprintf(s->error, sizeof s->error,
					 "the given dice ran out: a d%d was "
					 "needed after %zu results",
					 sides, s->script_len);
			s->failed = 1;
			return 1;
		}
		v = s->script[s->pos++];
		if (v < 1 || v > sides) {
			if (!s->failed)
				snprintf(s->error, sizeof s->error,
					 "given result %d (number %zu) is not "
					 "a possible roll of a d%d",
					 v, s->pos, sides);
			s->failed = 1;
			return 1;
		}
	}
	if (s->record && s->record_len < s->record_cap)
		s->record[s->record_len++] = v;
	return v;
}

int bs_roll_n(struct bs_dice_source *s, int count, int sides)
{
	int t = 0;
	for (int i = 0; i < count; i++)
		t += bs_roll(s, sides);
	return t;
}

int bs_dice_roll_part(struct bs_dice_source *s, const struct bs_dice_part *p)
{
	if (p->sides == 0)
		return p->plus;
	return bs_roll_n(s, p->count, p->sides) + p->plus;
}

int bs_dice_roll(struct bs_dice_source *s, const struct bs_dice *d)
{
	int t = 0;
	for (int i = 0; i < d->nparts; i++)
		t += bs_dice_roll_part(s, &d->part[i]);
	return t;
}

/* ---- a referee's answer (issue 17) ---------------------------------------
 */

char *bs_dice_req_dice_text(const struct bs_dice_req *q, char *buf, size_t len)
{
	char one[32];
	if (q->sides[1] <= 0)
		snprintf(one, sizeof one, "d%d", q->sides[0]);
	else if (q->sides[1] == q->sides[0])
		snprintf(one, sizeof one, "2d%d", q->sides[0]);
	else
		snprintf(one, sizeof one, "d%d+d%d", q->sides[0], q->sides[1]);
	if (q->items == 1)
		snprintf(buf, len, "%s", one);
	else
		snprintf(buf, len, "%d x %s", q->items, one);
	return buf;
}

#define ANSWER_MAX_TOKENS 2048

/* A token of digits: its value, or -1 when not a number (or too long). */
static int token_value(const char *t, size_t n)
{
	if (n == 0 || n > 4)
		return -1;
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)t[i]))
			return -1;
		v = v * 10 + (t[i] - '0');
	}
	return v;
}

/* RULING R-420: a d10 is marked 0-9 and a pair of percentile dice reads
 * 00 for 100, so 0 means 10 on a d10 and 100 on a d100. */
static int read_die(const char *t, size_t n, int sides, int *out)
{
	int v = token_value(t, n);
	if (v == 0 && (sides == 10 || sides == 100))
		v = sides;
	*out = v;
	return v >= 1 && v <= sides;
}

int bs_dice_answer_parse(const struct bs_dice_req *q, const char *text,
			 int *dice, int n, int *totals, char *err,
			 size_t errlen)
{
	const char *tok[ANSWER_MAX_TOKENS];
	size_t tlen[ANSWER_MAX_TOKENS];
	int nt = 0, per = q->sides[1] > 0 ? 2 : 1;
	char what[48];
	bs_dice_req_dice_text(q, what, sizeof what);
	if (totals)
		*totals = 0;
	for (const char *p = text ? text : ""; *p;) {
		if (*p == ' ' || *p == '\t' || *p == ',' || *p == '+' ||
		    *p == '\n' || *p == '\r') {
			p++;
			continue;
		}
		const char *st = p;
		while (*p && *p != ' ' && *p != '\t' && *p != ',' &&
		       *p != '+' && *p != '\n' && *p != '\r')
			p++;
		if (nt == ANSWER_MAX_TOKENS) {
			snprintf(err, errlen, "too many numbers for %s", what);
			return -1;
		}
		tok[nt] = st;
		tlen[nt++] = (size_t)(p - st);
	}
	int sep = !q->why || q->why->separate;
	int sum_max = q->sides[0] + (per == 2 ? q->sides[1] : 0);
	if (nt == 0) {
		snprintf(err, errlen, "nothing entered: enter the %s rolled%s",
			 what,
			 per == 2 && !sep ? " (the dice or the total)" : "");
		return -1;
	}
	for (int i = 0; i < nt; i++)
		if (token_value(tok[i], tlen[i]) < 0) {
			snprintf(err, errlen,
				 "'%.*s' is not a number: enter the %s rolled, "
				 "like %s",
				 (int)(tlen[i] > 20 ? 20 : tlen[i]), tok[i],
				 what, per == 2 ? "3 4" : "4");
			return -1;
		}
	if (nt == n) {
		for (int i = 0; i < n; i++) {
			int sides = per == 2 ? q->sides[i % 2] : q->sides[0];
			if (!read_die(tok[i], tlen[i], sides, &dice[i])) {
				snprintf(err, errlen,
					 "%s%.*s is not a roll of a d%d (1 to "
					 "%d%s)",
					 n > 1 ? "die " : "", (int)tlen[i],
					 tok[i], sides, sides,
					 sides == 10	? "; 0 reads as 10"
					 : sides == 100 ? "; 00 reads as 100"
							: "");
				return -1;
			}
		}
		return 0;
	}
	if (per == 2 && nt == q->items && !sep) {
		for (int i = 0; i < nt; i++) {
			int t = token_value(tok[i], tlen[i]);
			if (t < 2 || t > sum_max) {
				snprintf(err, errlen,
					 "a total of %s is 2 to %d, not %d",
					 q->sides[0] == q->sides[1]
					     ? what
					     : "two dice",
					 sum_max, t);
				return -1;
			}
			/* RULING R-421: a total is split as evenly as the dice
			 * allow, the first die the higher */
			int a = t - t / 2;
			if (t - q->sides[1] > a)
				a = t - q->sides[1];
			if (a > q->sides[0])
				a = q->sides[0];
			dice[2 * i] = a;
			dice[2 * i + 1] = t - a;
		}
		if (totals)
			*totals = 1;
		return 0;
	}
	if (per == 2 && !sep)
		snprintf(
		    err, errlen,
		    "expected %d dice or %d total%s for %s, got %d number%s", n,
		    q->items, q->items == 1 ? "" : "s", what, nt,
		    nt == 1 ? "" : "s");
	else
		snprintf(
		    err, errlen, "expected %d %s for %s%s, got %d number%s", n,
		    n == 1 ? "die" : "dice", what,
		    per == 2 ? " (each die: this rule reads them one by one)"
			     : "",
		    nt, nt == 1 ? "" : "s");
	return -1;
}
