/* 2E attack dice [2E Attack Dice]: the hit table (known-gaps 17, RULING
 * R-200; a scenario may replace it), the attack dice of a unit with its
 * multipliers ("round fractions up"), the roll of one attack (one die per
 * figure, each converted to hits), and the two-dice notation "10+8" /
 * "2d10" (RULING R-221) with its one parser (the scenario key `ad:` and
 * the calculator's --ad). Also the names of the 2E enums. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "battlesim/bs2e.h"

const char *const bs2e_kind_name[BS2E_KIND__COUNT] = {
    [BS2E_KIND_INFANTRY] = "infantry",
    [BS2E_KIND_CAVALRY] = "cavalry",
    [BS2E_KIND_HERO] = "hero",
    [BS2E_KIND_COMMANDER] = "commander",
};

const char *const bs2e_order_name[BS2E_ORDER__COUNT] = {
    [BS2E_GOOD] = "good",
    [BS2E_SHAKEN] = "shaken",
    [BS2E_ROUTED] = "routed",
};

const char *const bs2e_trigger_name[BS2E_TRIG__COUNT] = {
    [BS2E_TRIG_FIRST_CASUALTY] = "first casualty",
    [BS2E_TRIG_HALF_LOST] = "50% casualties",
    [BS2E_TRIG_HEAVY_HITS] = "more than 4 hits in one step",
    [BS2E_TRIG_FRIEND_ROUTS] = "a friend within 3\" routs",
    [BS2E_TRIG_RALLY] = "rally",
};

const char *const bs2e_range_name[BS2E_RANGE__COUNT] = {
    [BS2E_RANGE_NONE] = "out of range",
    [BS2E_RANGE_SHORT] = "short",
    [BS2E_RANGE_MEDIUM] = "medium",
    [BS2E_RANGE_LONG] = "long",
};

/* RULING R-200 (known-gaps 17): "the table on the top of the Reference
 * Card" is not in the text. [2E Example] fixes 1-3 -> 0 ("The three lowest
 * rolls score no hits"), 4-5 -> 1, 6-8 -> 2; the bands are 3, 2, 3 wide,
 * and the table goes on alternating 2 and 3 wide bands: 9-10 -> 3, 11-13
 * -> 4, 14-15 -> 5, 16-18 -> 6, 19-20 -> 7, 21-23 -> 8, 24 -> 9 (the two
 * dice notation of RULING R-221 reaches 24). */
const int bs2e_hit_table_builtin[BS2E_HIT_ROWS + 1] = {
    [0] = 0,  [1] = 0,	[2] = 0,  [3] = 0,  /* [2E Example] */
    [4] = 1,  [5] = 1,			    /* [2E Example] */
    [6] = 2,  [7] = 2,	[8] = 2,	    /* [2E Example] */
    [9] = 3,  [10] = 3,			    /* RULING R-200 */
    [11] = 4, [12] = 4, [13] = 4,	    /* RULING R-200 */
    [14] = 5, [15] = 5,			    /* RULING R-200 */
    [16] = 6, [17] = 6, [18] = 6,	    /* RULING R-200 */
    [19] = 7, [20] = 7,			    /* RULING R-200 */
    [21] = 8, [22] = 8, [23] = 8, [24] = 9, /* RULING R-200 */
};
_Static_assert(sizeof bs2e_hit_table_builtin /
		       sizeof bs2e_hit_table_builtin[0] ==
		   BS2E_HIT_ROWS + 1,
	       "one row per attack die result 1..24");

int bs2e_hits_for(const int *table, int result)
{
	if (!table)
		table = bs2e_hit_table_builtin;
	if (result < 1)
		result = 1;
	if (result > BS2E_HIT_ROWS)
		result = BS2E_HIT_ROWS;
	return table[result];
}

int bs2e_ad_count(int figures, int num, int den)
{
	if (figures <= 0 || num <= 0 || den <= 0)
		return 0;
	/* [2E Attack Dice] "In all such cases, round fractions up" */
	return (figures * num + den - 1) / den;
}

/* [2E Attack Dice] "d4, d6, d8, d10, or d12" */
static int valid_die(int s)
{
	return s == 4 || s == 6 || s == 8 || s == 10 || s == 12;
}

/* The number at *p (digits only: no sign, no blank) into *out, read with
 * strtol; a number above 100 (no die, and no overflow of *out) reads as
 * 0. Returns 0 with *p past it, or -1 when no digit is there. */
static int read_number(const char **p, int *out)
{
	if (!isdigit((unsigned char)**p))
		return -1;
	char *end;
	long v = strtol(*p, &end, 10);
	*out = v >= 0 && v <= 100 ? (int)v : 0;
	*p = end;
	return 0;
}

int bs2e_ad_parse(const char *text, int ad[2], char *err, size_t errlen)
{
	size_t len = 0;
	while (len <= BS2E_AD_TEXT_MAX && text[len])
		len++;
	if (len > BS2E_AD_TEXT_MAX) {
		/* show the start only, not cutting a UTF-8 character */
		int cut = 16;
		while (cut > 0 && ((unsigned char)text[cut] & 0xC0) == 0x80)
			cut--;
		if (err && errlen)
			snprintf(err, errlen,
				 "'%.*s...': more than %d characters, not "
				 "attack dice such as d8, 10+8 or 2d10 [2E "
				 "Attack Dice]",
				 cut, text, BS2E_AD_TEXT_MAX);
		return -1;
	}
	char buf[BS2E_AD_TEXT_MAX + 1];
	size_t k = 0;
	for (const char *q = text; *q; q++)
		if (!isspace((unsigned char)*q))
			buf[k++] = (char)tolower((unsigned char)*q);
	buf[k] = '\0';
	const char *p = buf;
	int a = 0, b = 0, n = 0, two = 0, ok = 0;
	if (read_number(&p, &n) == 0) {
		if (*p == 'd') {
			/* "2d10": two of one die */
			p++;
			if (n == 2 && read_number(&p, &a) == 0 && !*p) {
				b = a;
				two = ok = 1;
			}
		} else if (*p == '+') {
			/* "10+8" */
			p++;
			a = n;
			two = 1;
			ok = read_number(&p, &b) == 0 && !*p;
		} else {
			/* "8" */
			a = n;
			ok = !*p;
		}
	} else if (*p == 'd') {
		/* "d8", "d10+d8" */
		p++;
		if (read_number(&p, &a) == 0) {
			if (!*p) {
				ok = 1;
			} else if (p[0] == '+' && p[1] == 'd') {
				p += 2;
				two = 1;
				ok = read_number(&p, &b) == 0 && !*p;
			}
		}
	}
	if (!ok) {
		if (err && errlen)
			snprintf(err, errlen,
				 "'%s': not attack dice such as d8, 10+8 or "
				 "2d10 [2E Attack Dice]",
				 text);
		return -1;
	}
	/* a second die, when written, is a die too ("8+0" is no AD) */
	if (!valid_die(a) || (two && !valid_die(b))) {
		if (err && errlen)
			snprintf(err, errlen,
				 "'%s': an attack die is a d4, d6, d8, d10 or "
				 "d12 [2E Attack Dice]",
				 text);
		return -1;
	}
	ad[0] = a;
	ad[1] = two ? b : 0;
	return 0;
}

char *bs2e_ad_text(const int ad[2], char *buf, size_t len)
{
	if (ad[1] > 0 && ad[1] == ad[0])
		snprintf(buf, len, "2d%d", ad[0]);
	else if (ad[1] > 0)
		snprintf(buf, len, "%d+%d", ad[0], ad[1]);
	else
		snprintf(buf, len, "d%d", ad[0]);
	return buf;
}

int bs2e_roll_attack(struct bs_dice_source *src, const int ad[2], int ndice,
		     const int *table, int *dice, int *per_die)
{
	int hits = 0;
	if (ndice > BS2E_MAX_DICE)
		ndice = BS2E_MAX_DICE;
	for (int i = 0; i < ndice; i++) {
		/* [2E Attack Dice] "one attack die for each figure"; RULING
		 * "10 + 8" is one attack die that is the total of a
		 * d10 and a d8 */
		int r = bs_roll(src, ad[0]);
		if (ad[1] > 0)
			r += bs_roll(src, ad[1]);
		/* "The result of each roll is compared to the table" */
		int h = bs2e_hits_for(table, r);
		if (dice)
			dice[i] = r;
		if (per_die)
			per_die[i] = h;
		/* "The attacker adds up the hits scored by all his AD rolls"
		 */
		hits += h;
	}
	return hits;
}

/* The probability of each hit count of one attack die (hits[0..*maxh]). */
static void die_hits(const int ad[2], const int *table, double *hits, int *maxh)
{
	int n2 = ad[1] > 0 ? ad[1] : 1;
	double w = 1.0 / ((double)ad[0] * n2);
	*maxh = 0;
	for (int i = 0; i <= BS2E_HIT_ROWS * 2; i++)
		hits[i] = 0;
	for (int a = 1; a <= ad[0]; a++)
		for (int c = 1; c <= n2; c++) {
			int h = bs2e_hits_for(table, a + (ad[1] > 0 ? c : 0));
			if (h < 0)
				h = 0;
			if (h > BS2E_HIT_ROWS * 2)
				h = BS2E_HIT_ROWS * 2;
			hits[h] += w;
			if (h > *maxh)
				*maxh = h;
		}
}

int bs2e_attack_odds_size(const int ad[2], int ndice, const int *table)
{
	double hits[BS2E_HIT_ROWS * 2 + 1];
	int maxh;
	die_hits(ad, table, hits, &maxh);
	return ndice * maxh + 1;
}

int bs2e_attack_odds(const int ad[2], int ndice, const int *table, int ar,
		     int equal_or_higher, double *p_rolled, double *p_stand,
		     int max)
{
	if (ndice < 0 || ndice > BS2E_MAX_DICE)
		return -1;
	double one[BS2E_HIT_ROWS * 2 + 1], st[BS2E_HIT_ROWS * 2 + 1];
	int maxh;
	die_hits(ad, table, one, &maxh);
	int top = ndice * maxh;
	if (top + 1 > max)
		return -1;
	/* [2E Armor Rating] each hit stands with probability q, alone:
	 * one die's standing hits are binomial in its hits */
	double q = bs2e_armor_stand_faces(ar, equal_or_higher) / 10.0;
	for (int j = 0; j <= maxh; j++)
		st[j] = 0;
	for (int h = 0; h <= maxh; h++) {
		double c = 1; /* C(h, j) */
		for (int j = 0; j <= h; j++) {
			double pq = 1;
			for (int k = 0; k < j; k++)
				pq *= q;
			for (int k = 0; k < h - j; k++)
				pq *= 1 - q;
			st[j] += one[h] * c * pq;
			c = c * (h - j) / (j + 1);
		}
	}
	/* "The attacker adds up the hits scored by all his AD rolls": the
	 * dice are independent, their sums convolutions */
	for (int k = 0; k < max; k++)
		p_rolled[k] = p_stand[k] = 0;
	p_rolled[0] = p_stand[0] = 1;
	int n = 0;
	for (int d = 0; d < ndice; d++) {
		/* in place, from the top down: out[k] = sum_j in[k - j] x[j] */
		for (int k = n + maxh; k >= 0; k--) {
			double r = 0, s2 = 0;
			for (int j = 0; j <= maxh && j <= k; j++)
				if (k - j <= n) {
					r += p_rolled[k - j] * one[j];
					s2 += p_stand[k - j] * st[j];
				}
			p_rolled[k] = r;
			p_stand[k] = s2;
		}
		n += maxh;
	}
	return top;
}
