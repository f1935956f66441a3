/* Dice expressions: parse, format, bounds and rolls from a seeded generator
 * or a script of given results. */
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

int bs_roll(struct bs_dice_source *s, int sides)
{
	assert(sides >= 1);
	int v;
	if (s->kind == BS_DICE_SOURCE_RNG) {
		v = 1 + (int)bs_rng_below(s->rng, (uint32_t)sides);
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
