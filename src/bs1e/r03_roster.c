/* The 1E roster sheets: the Army Roster Sheet [3.1] (ratio [2.2] Table 1,
 * base size [2.3] Table 2, HD per figure [8.7], mixed-unit averages [3.1],
 * base AR [8.3] Table 9, base morale [4.1] Table 3, discipline [4.6]
 * Table 6, characters as members of units [9.1]) and the Heroes and
 * Commanders Roster Sheet [3.2]. Cavalry and chariots are rated in
 * r11_mounted.c, command in r04_command.c. */
#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_roster.h"
#include "core/text.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- text
 * --------------------------------------------------------------------- */

char *bs1e_hd_text(struct bs_hd hd, char *buf, size_t len)
{
	char t[24];
	if (hd.tenths == 5)
		bs_fmt(t, sizeof t, "1/2");
	else
		bs_tenths_text(hd.tenths, t, sizeof t);
	if (hd.plus)
		bs_fmt(buf, len, "%s%+d", t, hd.plus);
	else
		bs_fmt(buf, len, "%s", t);
	return buf;
}

char *bs1e_damage_text(const struct bs1e_damage *d, int large, char *buf,
		       size_t len)
{
	size_t used = 0;
	char t[96];
	if (len == 0)
		return buf;
	buf[0] = '\0';
	if (d->nsrc == 0) {
		bs_fmt(buf, len, "-");
		return buf;
	}
	for (int i = 0; i < d->nsrc && used < len; i++) {
		const struct bs1e_dmg_src *s = &d->src[i];
		bs_dice_format(large ? &s->vs_l : &s->vs_sm, t, sizeof t);
		int n;
		if (s->times > 1)
			n = bs_fmt(buf + used, len - used, "%s%d x %s (%s)",
				   i ? " + " : "", s->times, t, s->label);
		else
			n = bs_fmt(buf + used, len - used, "%s%s (%s)",
				   i ? " + " : "", t, s->label);
		if (n > 0)
			used += (size_t)n;
	}
	return buf;
}

/* ---- small helpers
 * --------------------------------------------------------------- */

/* floor and ceiling of num / den (den > 0). */
static long long div_floor(long long num, long long den)
{
	long long q = num / den;
	if ((num % den) != 0 && num < 0)
		q--;
	return q;
}

static long long div_ceil(long long num, long long den)
{
	return -div_floor(-num, den);
}

/* num / den with up to two decimals: "5.5", "18.98", "7". */
static char *ratio_text(long long num, long long den, char *buf, size_t len)
{
	int neg = (num < 0) != (den < 0) && num != 0;
	if (num < 0)
		num = -num;
	if (den < 0)
		den = -den;
	long long h = (num * 200 + den) / (2 * den); /* hundredths, rounded */
	long long w = h / 100, f = h % 100;
	if (f == 0)
		bs_fmt(buf, len, "%s%lld", neg ? "-" : "", w);
	else if (f % 10 == 0)
		bs_fmt(buf, len, "%s%lld.%lld", neg ? "-" : "", w, f / 10);
	else
		bs_fmt(buf, len, "%s%lld.%02lld", neg ? "-" : "", w, f);
	return buf;
}

/* A weighted average, to be rounded one way or the other. */
struct avg {
	long long num, den;
};

static void avg_add(struct avg *a, long long value, long long weight)
{
	a->num += value * weight;
	a->den += weight;
}

/* Rated average into *out: rounded up (`up`) or down; the label says so
 * and why (`why`: "least favourable", "in favour"). */
static int avg_rate(const struct avg *a, int up, const char *why,
		    const char *cite, int tenths, struct bs_deriv *out)
{
	assert(a->den > 0);
	long long v = up ? div_ceil(a->num, a->den) : div_floor(a->num, a->den);
	char lab[BS_DERIV_LABEL], r[32];
	if (tenths) {
		/* average in tenths, rounded to whole tenths */
		ratio_text(a->num, a->den * 10, r, sizeof r);
	} else {
		ratio_text(a->num, a->den, r, sizeof r);
	}
	if (v * a->den == a->num)
		bs_fmt(lab, sizeof lab, "average %s", r);
	else
		bs_fmt(lab, sizeof lab, "average %s, rounded %s (%s)", r,
		       up ? "up" : "down", why);
	bs_deriv_init(out, (int)v, lab, NULL, cite);
	return (int)v;
}

/* [3.1] the average hit dice of a mixed unit (tenths), "Round fractions
 * to the least favorable for the unit" (RULING R-040, revised in issue
 * 12): down to a whole die; below one die, to 1/2 when the average
 * reaches it. */
static int avg_rate_hd(const struct avg *a, const char *cite,
		       struct bs_deriv *out)
{
	assert(a->den > 0);
	long long v = div_floor(a->num, a->den * 10) * 10;
	if (v == 0 && a->num >= 5 * a->den)
		v = 5;
	char lab[BS_DERIV_LABEL], r[32];
	ratio_text(a->num, a->den * 10, r, sizeof r);
	if (v * a->den == a->num)
		bs_fmt(lab, sizeof lab, "average %s", r);
	else
		bs_fmt(lab, sizeof lab,
		       "average %s, rounded down (least favourable)", r);
	bs_deriv_init(out, (int)v, lab, NULL, cite);
	return (int)v;
}

static int contains_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (const char *p = hay; *p; p++)
		if (strncasecmp(p, needle, n) == 0)
			return 1;
	return 0;
}

/* Compare hit dice: <0, 0, >0 (whole dice first, then the +hp). */
static int hd_cmp(struct bs_hd a, int tenths, int plus)
{
	if (a.tenths != tenths)
		return a.tenths < tenths ? -1 : 1;
	return (a.plus > plus) - (a.plus < plus);
}

/* ---- [4.1] base morale, [4.6] discipline
 * -------------------------------------- */

static void add_row(struct bs_deriv *d, const struct bs1e_mod_row *row,
		    const char *fmt, const char *arg)
{
	bs_deriv_add(d, row->mod, row->cite, fmt, arg);
}

void bs1e_base_morale(const struct bs1e_morale_facts *f, struct bs_deriv *out)
{
	char hd[24];
	bs1e_hd_text(f->hd, hd, sizeof hd);
	/* [4.1] Initial Morale 11 */
	bs_deriv_init(out, BS1E_INITIAL_MORALE, NULL, "[4.1]", "[4.1 T3]");
	/* [4.1 T3] the hit dice rows, +hp counted (RULING R-042) */
	int row = -1;
	if (hd_cmp(f->hd, 5, 0) <= 0)
		row = BS1E_T3_HD_HALF_OR_LESS;
	else if (hd_cmp(f->hd, 10, 0) < 0)
		row = BS1E_T3_HD_UNDER_1;
	else if (hd_cmp(f->hd, 40, 0) >= 0 && f->hd.tenths < 90)
		row = BS1E_T3_HD_4_TO_8;
	else if (f->hd.tenths >= 90 && f->hd.tenths < 150)
		row = BS1E_T3_HD_9_TO_14;
	else if (f->hd.tenths >= 150)
		row = BS1E_T3_HD_OVER_14;
	if (row >= 0)
		add_row(out, &bs1e_table3[row], "HD %s", hd);
	if (f->demihuman)
		add_row(out, &bs1e_table3[BS1E_T3_DEMIHUMAN], "%s",
			"demihumans");
	if (f->game == BS_GAME_DND) {
		/* [4.1 T3 *] D&D: +1 per 2 asterisks, rounded down */
		if (f->asterisks >= 2)
			bs_deriv_add(out, f->asterisks / 2, "[4.1 T3 *]",
				     "%d asterisks", f->asterisks);
	} else {
		if (f->special_abilities)
			add_row(out, &bs1e_table3[BS1E_T3_SPECIAL_ABILITY],
				"%s", "special abilities");
		if (f->exceptional_abilities)
			add_row(out, &bs1e_table3[BS1E_T3_EXCEPTIONAL_ABILITY],
				"%s", "exceptional abilities");
	}
	if (f->magic_equipment)
		add_row(out, &bs1e_table3[BS1E_T3_MAGIC_EQUIPMENT], "%s",
			"magic equipment");
	char n[16];
	bs_fmt(n, sizeof n, "%d", f->figures);
	if (f->figures <= 6)
		add_row(out, &bs1e_table3[BS1E_T3_FIGURES_6_OR_FEWER],
			"only %s figures", n);
	else if (f->figures <= 11)
		add_row(out, &bs1e_table3[BS1E_T3_FIGURES_7_TO_11],
			"only %s figures", n);
	char ac[16];
	bs_fmt(ac, sizeof ac, "%d", f->ac);
	if (f->ac <= 0)
		add_row(out, &bs1e_table3[BS1E_T3_AC_0_OR_BETTER], "AC %s", ac);
	else if (f->ac <= 4)
		add_row(out, &bs1e_table3[BS1E_T3_AC_1_TO_4], "AC %s", ac);
	else if (f->ac >= 8)
		add_row(out, &bs1e_table3[BS1E_T3_AC_8_OR_WORSE], "AC %s", ac);
	if (f->mounted)
		add_row(out, &bs1e_table3[BS1E_T3_MOUNTED], "%s", "mounted");
	switch (f->type) {
	case BS_UNIT_REGULAR:
		add_row(out, &bs1e_table3[BS1E_T3_REGULAR], "%s", "regular");
		break;
	case BS_UNIT_ELITE:
		/* RULING R-044 [2.11] an elite unit acts as a regular unit:
		 * the Regular row and its own +2 */
		add_row(out, &bs1e_table3[BS1E_T3_REGULAR], "%s",
			"regular (elite)");
		add_row(out, &bs1e_table3[BS1E_T3_ELITE], "%s", "elite");
		break;
	case BS_UNIT_BERSERKER:
		add_row(out, &bs1e_table3[BS1E_T3_REGULAR], "%s",
			"regular (berserker)");
		add_row(out, &bs1e_table3[BS1E_T3_BERSERKER], "%s",
			"berserker");
		break;
	default:
		break;
	}
}

void bs1e_discipline(int base_ml, enum bs_int intelligence, enum bs_law law,
		     enum bs_unit_type type, struct bs_deriv *out)
{
	/* [4.6] calculated as base morale, plus Table 6 */
	bs_deriv_init(out, base_ml, "ML", "[4.1]", "[4.6 T6]");
	if (intelligence <= BS_INT_LOW)
		add_row(out, &bs1e_table6[BS1E_T6_LOW_INT], "%s intelligence",
			bs_int_name[intelligence]);
	else if (intelligence >= BS_INT_HIGH)
		add_row(out, &bs1e_table6[BS1E_T6_HIGH_INT], "%s intelligence",
			bs_int_name[intelligence]);
	if (law == BS_LAW_CHAOTIC)
		add_row(out, &bs1e_table6[BS1E_T6_CHAOTIC], "%s", "chaotic");
	else if (law == BS_LAW_LAWFUL)
		add_row(out, &bs1e_table6[BS1E_T6_LAWFUL], "%s", "lawful");
	if (type == BS_UNIT_BERSERKER)
		/* [2.11] [4.6] berserkers: discipline rating 0 */
		bs_deriv_set(out, 0, "[2.11]", "berserker: DL 0");
	if (out->nterms == 0)
		bs_fmt(out->base_label, sizeof out->base_label,
		       "ML %d, no Table 6 factor", base_ml);
}

/* ---- [2.2] ratio, [2.3] base, [8.7] HD per figure
 * ---------------------------- */

static const char *table1_label(int ratio)
{
	for (int i = 0; i < BS1E_T1_ROWS; i++)
		if (bs1e_table1[i].ratio == ratio)
			return bs1e_table1[i].hd_label;
	return "?";
}

void bs1e_unit_ratio(struct bs_hd hd, int override, struct bs_deriv *out)
{
	char h[24], lab[BS_DERIV_LABEL];
	bs1e_hd_text(hd, h, sizeof h);
	int t1 = bs1e_ratio_for_hd(hd.tenths, hd.plus);
	if (override && override != t1) {
		/* RULING R-041 [2.2] [4.1] the scenario's ratio wins over
		 * Table 1 (the hill giant example: 9 HD at 5:1) */
		bs_fmt(lab, sizeof lab,
		       "scenario ratio (Table 1: %d for %s HD)", t1, h);
		bs_deriv_init(out, override, lab, NULL, "[2.2 T1, R-041]");
		return;
	}
	bs_fmt(lab, sizeof lab, "%s HD: %s", h, table1_label(t1));
	bs_deriv_init(out, t1, lab, NULL, "[2.2 T1]");
}

void bs1e_hd_per_figure(int ratio, struct bs_hd hd, struct bs_deriv *out)
{
	char h[24], lab[BS_DERIV_LABEL];
	bs_tenths_text(hd.tenths, h, sizeof h);
	if (hd.tenths == 5)
		bs_fmt(h, sizeof h, "1/2");
	/* RULING R-042 [8.7] whole dice only: "+hp" and "-hp" do not count */
	if (hd.plus)
		bs_fmt(lab, sizeof lab, "%d x %s HD (the %+d hp not counted)",
		       ratio, h, hd.plus);
	else
		bs_fmt(lab, sizeof lab, "%d x %s HD", ratio, h);
	bs_deriv_init(out, ratio * hd.tenths, lab, NULL,
		      hd.plus ? "[8.7, R-042]" : "[8.7]");
}

enum bs1e_base bs1e_base_for(const struct bs_creature *c, int mounted,
			     char *why, size_t len)
{
	enum bs1e_base b;
	char tmp[8];
	if (!why) {
		why = tmp;
		len = sizeof tmp;
	}
	if (c && c->no_base) {
		b = BS1E_BASE_OVERSIZE;
		bs_fmt(why, len, "oversize %s", c->name);
	} else if (mounted) {
		b = BS1E_BASE_CAVALRY;
		bs_fmt(why, len, "cavalry");
	} else if (c && c->size == BS_SIZE_S &&
		   (contains_ci(c->name, "dwar") ||
		    contains_ci(c->name, "duergar"))) {
		/* [2.3 T2 *] dwarves: 3/4" bases though size S (RULING
		 * R-043: known by name) */
		b = BS1E_BASE_M;
		bs_fmt(why, len, "%s: dwarves on 3/4\" bases (note *)",
		       c->name);
	} else {
		enum bs_size sz = c ? c->size : BS_SIZE_M;
		b = sz == BS_SIZE_S   ? BS1E_BASE_S
		    : sz == BS_SIZE_L ? BS1E_BASE_L
				      : BS1E_BASE_M;
		bs_fmt(why, len, "size %s", bs_size_name[sz]);
	}
	return b;
}

/* ---- THAC0
 * ------------------------------------------------------------------------ */

/* THAC0 for AR of a creature into *out ([8.3]: repeated 20s ignored). */
static void creature_thac0(const struct bs_creature *c, struct bs_deriv *out)
{
	char lab[BS_DERIV_LABEL], h[24];
	if (c->thac0 == 21) {
		/* [8.3] a catalog THAC0 of 21 is the matrix's repeated 20 */
		bs_fmt(lab, sizeof lab, "%s (catalog) =", c->name);
		bs_deriv_init(out, 20, lab, NULL, "[8.3]");
		bs_deriv_add(out, 1, "[8.3]", "repeated 20s ignored");
		return;
	}
	if (c->thac0 > 0) {
		bs_fmt(lab, sizeof lab, "%s (catalog)", c->name);
		bs_deriv_init(out, c->thac0, lab, NULL, "[8.3]");
		return;
	}
	int rep = 0;
	int t = bs1e_thac0_monster(c->hd.tenths, c->hd.plus, &rep);
	bs1e_hd_text(c->hd, h, sizeof h);
	if (rep) {
		bs_fmt(lab, sizeof lab, "monster of %s HD =", h);
		bs_deriv_init(out, t - 1, lab, NULL, "[8.3]");
		bs_deriv_add(out, 1, "[8.3]", "repeated 20s ignored");
	} else {
		bs_fmt(lab, sizeof lab, "monster of %s HD", h);
		bs_deriv_init(out, t, lab, NULL, "[8.3]");
	}
}

/* The class of an individual that gives the best THAC0, its level, and the
 * THAC0 (for AR); -1 when no class is known. */
static int best_class(const struct bs_individual *ind, int *which, int *rep)
{
	int best = -1;
	*which = -1;
	for (int i = 0; i < ind->nclasses; i++) {
		int r = 0;
		int t = bs1e_thac0_class(ind->cls[i], ind->level[i], &r);
		if (t < 0)
			continue;
		if (best < 0 || t < best) {
			best = t;
			*which = i;
			*rep = r;
		}
	}
	return best;
}

static int max_level(const struct bs_individual *ind)
{
	int l = 0;
	for (int i = 0; i < ind->nclasses; i++)
		if (ind->level[i] > l)
			l = ind->level[i];
	return l;
}

/* THAC0 for AR of an individual [3.2] [8.3]. */
static void individual_thac0(const struct bs_individual *ind,
			     struct bs_deriv *out)
{
	char lab[BS_DERIV_LABEL];
	if (ind->thac0 > 0) {
		bs_deriv_init(out, ind->thac0, "given in the scenario", NULL,
			      "[3.2]");
		return;
	}
	int which, rep = 0;
	int t = best_class(ind, &which, &rep);
	if (t > 0) {
		const char *more = ind->nclasses > 1 ? ", the best" : "";
		if (rep && (ind->level[which] <= 0 ||
			    strcasecmp(ind->cls[which], "0-level") == 0)) {
			/* [8.3] the 0-level man: 20 repeated, 21 for AR */
			bs_deriv_init(out, t - 1, "0-level man =", NULL,
				      "[8.3]");
			bs_deriv_add(out, 1, "[8.3]", "repeated 20s ignored");
		} else if (rep) {
			bs_fmt(lab, sizeof lab,
			       "%s level %d%s =", ind->cls[which],
			       ind->level[which], more);
			bs_deriv_init(out, t - 1, lab, NULL, "[8.3]");
			bs_deriv_add(out, 1, "[8.3]", "repeated 20s ignored");
		} else {
			bs_fmt(lab, sizeof lab, "%s level %d%s",
			       ind->cls[which], ind->level[which], more);
			bs_deriv_init(out, t, lab, NULL, "[8.3]");
		}
		return;
	}
	if (ind->race) {
		creature_thac0(ind->race, out);
		return;
	}
	/* no class the tables know and no race: a 0-level man */
	t = bs1e_thac0_class("0-level", 0, &rep);
	bs_deriv_init(out, rep ? t - 1 : t, rep ? "0-level man =" : "0-level",
		      NULL, "[8.3]");
	if (rep)
		bs_deriv_add(out, 1, "[8.3]", "repeated 20s ignored");
}

/* The HD of an individual (tenths): a character's highest level, a
 * monster's dice (RULING R-048). */
static struct bs_hd individual_hd(const struct bs_individual *ind,
				  struct bs_deriv *out)
{
	char lab[BS_DERIV_LABEL], h[24];
	struct bs_hd hd = {0, 0};
	if (ind->nclasses > 0) {
		hd.tenths = 10 * max_level(ind);
		bs_fmt(lab, sizeof lab, "level %d", max_level(ind));
		if (out)
			bs_deriv_init(out, hd.tenths, lab, NULL,
				      "[3.2, R-048]");
	} else {
		if (ind->race)
			hd = ind->race->hd;
		bs1e_hd_text(hd, h, sizeof h);
		bs_fmt(lab, sizeof lab, "%s %s HD",
		       ind->race ? ind->race->name : "", h);
		if (out)
			bs_deriv_init(out, hd.tenths, lab, NULL, "[3.2]");
	}
	return hd;
}

void bs1e_indiv_hp(const struct bs_individual *ind, struct bs_deriv *out)
{
	char lab[BS_DERIV_LABEL];
	if (ind->hp > 0) {
		bs_deriv_init(out, ind->hp, "given in the scenario", NULL,
			      "[3.2]");
		return;
	}
	int con = ind->ability[BS_CON];
	/* RULING R-504 [3.2] [9.4 B] hit points not given are the average
	 * of the class's hit dice (Players Handbook, Character Classes
	 * Table I), each die at least 1 with the constitution adjustment,
	 * plus the hit points of the levels above the most dice; a
	 * multi-classed character the sum divided by his classes, fractions
	 * of 1/2 up (the Players Handbook's rounding); a monster's hit dice
	 * at 4 1/2 each with its added hit points. No dice are rolled, so
	 * that a battle's dice stay what its seed gives. */
	int halves = 0, known = 0, dice0 = 0, die0 = 0, conadj0 = 0;
	for (int i = 0; i < ind->nclasses; i++) {
		struct bs1e_class_hd hd;
		if (bs1e_class_hit_dice(ind->cls[i], ind->level[i], &hd) != 0)
			continue;
		int adj = bs1e_constitution_hp(con, hd.fighter);
		int per = hd.die + 1 + 2 * adj; /* one die, in halves */
		if (per < 2)
			per = 2;
		halves += hd.dice * per + 2 * hd.fixed;
		if (!known) {
			dice0 = hd.dice;
			die0 = hd.die;
			conadj0 = adj;
		}
		known++;
	}
	if (known > 0) {
		int hp = (halves + known) / (2 * known);
		if (hp < 1)
			hp = 1;
		if (known == 1)
			bs_fmt(lab, sizeof lab, "average of %dd%d%s%s", dice0,
			       die0, conadj0 ? " with Con" : "",
			       halves % 2 ? ", 1/2 up" : "");
		else
			bs_fmt(lab, sizeof lab, "average of %d classes' dice",
			       known);
		bs_deriv_init(out, hp, lab, NULL, "[3.2, R-504]");
		return;
	}
	struct bs_hd hd = ind->race ? ind->race->hd : (struct bs_hd){10, 0};
	int hp = (hd.tenths * 45 + 50) / 100 + hd.plus;
	if (hp < 1)
		hp = 1;
	char h[24];
	bs1e_hd_text(hd, h, sizeof h);
	bs_fmt(lab, sizeof lab, "average of %s HD", h);
	bs_deriv_init(out, hp, lab, NULL, "[3.2, R-504]");
}

/* ---- the unit
 * ------------------------------------------------------------------ */

/* The foot rating of a unit's creatures before [9.1] members and mounts. */
struct foot {
	struct bs_hd hd;
	struct bs_deriv hd_d; /* tenths */
	struct avg hd_avg;    /* for members */
	struct bs_deriv ac;
	struct avg ac_avg;
	struct bs_deriv thac0;
	struct avg thac0_avg;
	int mv;
	char mv_why[BS_DERIV_LABEL];
	enum bs_size size;
	char size_why[96];
	int demihuman, special, exceptional, asterisks;
	enum bs_int intel;
	enum bs_law law;
	int daylight;
	int never_checks;
	const struct bs_creature *first;
	const struct bs_creature *size_creature; /* the largest, for T2 */
};

static long long dice_avg2(const struct bs_dice *d)
{
	/* twice the average total */
	long long s = 0;
	for (int i = 0; i < d->nparts; i++)
		s += (long long)d->part[i].count * (d->part[i].sides + 1) +
		     2LL * d->part[i].plus;
	return s;
}

static void weapon_src(const struct bs_unit_weapon *w, struct bs1e_dmg_src *s)
{
	memset(s, 0, sizeof *s);
	s->times = 1;
	s->lance = w->weapon->lance;
	s->vs_sm = w->weapon->damage_sm;
	s->vs_l = w->weapon->damage_l;
	for (int i = 0; i < s->vs_sm.nparts; i++)
		s->vs_sm.part[i].plus += w->plus;
	for (int i = 0; i < s->vs_l.nparts; i++)
		s->vs_l.part[i].plus += w->plus;
	if (w->plus)
		bs_fmt(s->label, sizeof s->label, "%s %+d", w->weapon->name,
		       w->plus);
	else
		bs_fmt(s->label, sizeof s->label, "%s", w->weapon->name);
}

static void natural_src(const struct bs_creature *c, struct bs1e_dmg_src *s)
{
	memset(s, 0, sizeof *s);
	s->times = 1;
	s->vs_sm = c->attacks;
	s->vs_l = c->attacks;
	bs_fmt(s->label, sizeof s->label, "%s", c->name);
	/* [13.2] poison rides on the creature's natural attacks (RULING
	 * the last unless `poison_attack` says which) */
	if ((c->flags & BS_CF_POISON) && c->attacks.nparts > 0) {
		s->poison_shift = c->poison_shift ? c->poison_shift : 2;
		s->poison_part = c->poison_attack > 0 &&
					 c->poison_attack <= c->attacks.nparts
				     ? c->poison_attack - 1
				     : c->attacks.nparts - 1;
	}
	/* [13.4] so does paralysis (RULING R-710): a creature of the flag
	 * `paralyzes` whose natural attacks are the figure's */
	if (c->flags & BS_CF_PARALYZES)
		s->paralyzer = c;
}

/* The weapon in hand [8.2]: RULING R-050 the first listed, R-306 the first
 * usable in melee (no missile weapon; a lance only mounted); -1 none. */
static int in_hand(const struct bs_unit *u)
{
	return bs_unit_weapon_in_hand(u, u->mount || u->chariot.puller);
}

/* The magic plus of the weapon in hand (lowers the AR [8.3]). */
static int in_hand_plus(const struct bs_unit *u)
{
	int k = in_hand(u);
	return k >= 0 ? u->weapons[k].plus : 0;
}

/* The damage of the weapon in hand [8.2] (RULING ), or the
 * natural attacks (a mixed unit: the least favourable part's, RULING
 * */
static void foot_damage(const struct bs_unit *u, struct bs1e_damage *d)
{
	memset(d, 0, sizeof *d);
	d->cite = "[8.2]";
	int k = in_hand(u);
	if (k >= 0) {
		if (k > 0)
			d->cite = "[8.2, R-306]";
		weapon_src(&u->weapons[k], &d->src[d->nsrc++]);
		return;
	}
	const struct bs_creature *c = u->creature;
	if (u->nmix > 0) {
		long long best = -1;
		for (int i = 0; i < u->nmix; i++) {
			long long a = dice_avg2(&u->mix[i].creature->attacks);
			if (best < 0 || a < best) {
				best = a;
				c = u->mix[i].creature;
			}
		}
		d->cite = "[3.1, R-040]";
	}
	/* [13.4] a creature whose only damage is to paralyze (RULING
	 * R-711) fights with its paralysis */
	if (c && (c->attacks.nparts > 0 || c->paralysis_only))
		natural_src(c, &d->src[d->nsrc++]);
}

/* [3.1] the unit's creatures: pure, or mixed and averaged with rounding to
 * the least favourable for the unit (RULING R-040). */
static void rate_foot(const struct bs_scenario *s, const struct bs_unit *u,
		      struct foot *f)
{
	char lab[BS_DERIV_LABEL], h[24];
	memset(f, 0, sizeof *f);
	if (u->nmix == 0) {
		const struct bs_creature *c = u->creature;
		f->first = c;
		f->size_creature = c;
		f->hd = c->hd;
		bs1e_hd_text(c->hd, h, sizeof h);
		bs_fmt(lab, sizeof lab, "%s, %s HD", c->name, h);
		bs_deriv_init(&f->hd_d, c->hd.tenths, lab, NULL, "[3.1]");
		if (u->ac != c->ac) {
			bs_fmt(lab, sizeof lab, "as equipped (%s AC %d)",
			       c->name, c->ac);
		} else {
			bs_fmt(lab, sizeof lab, "%s", c->name);
		}
		bs_deriv_init(&f->ac, u->ac, lab, NULL, "[3.1]");
		if (u->thac0 > 0)
			bs_deriv_init(&f->thac0, u->thac0,
				      "given in the scenario", NULL, "[8.3]");
		else
			creature_thac0(c, &f->thac0);
		f->mv = c->mv;
		bs_fmt(f->mv_why, sizeof f->mv_why, "%s", c->name);
		f->size = c->size;
		bs_fmt(f->size_why, sizeof f->size_why, "%s", c->name);
		f->demihuman = c->demihuman;
		f->special = c->special_abilities;
		f->exceptional = c->exceptional_abilities;
		f->asterisks = c->dnd_asterisks;
		f->intel = c->intelligence;
		f->law = c->law;
		f->daylight = !!(c->flags & BS_CF_DAYLIGHT_PENALTY);
		f->never_checks =
		    !!(c->flags & (BS_CF_NEVER_CHECKS_MORALE | BS_CF_MINDLESS));
		long long n = (long long)u->figures * 10; /* weights: any */
		avg_add(&f->hd_avg, c->hd.tenths, n);
		avg_add(&f->ac_avg, u->ac, n);
		avg_add(&f->thac0_avg, f->thac0.value, n);
		return;
	}
	/* RULING R-040 [3.1] a mixed unit: the average AC, HD and THAC0 of
	 * its creatures weighted by count, rounded to the least favourable
	 * (AC and THAC0 up, HD down); the slowest MV; the largest size; a
	 * Table 3 / Table 6 quality only when every part has it, the lowest
	 * intelligence, chaotic when any part is. */
	f->first = u->mix[0].creature;
	f->demihuman = f->special = f->exceptional = 1;
	f->asterisks = 1000;
	f->intel = BS_INT_GODLIKE;
	f->law = BS_LAW_LAWFUL;
	f->mv = 1000;
	int min_plus = u->mix[0].creature->hd.plus;
	for (int i = 0; i < u->nmix; i++) {
		const struct bs_mix_part *p = &u->mix[i];
		const struct bs_creature *c = p->creature;
		struct bs_deriv t;
		if (u->thac0 > 0)
			bs_deriv_init(&t, u->thac0, NULL, NULL, NULL);
		else
			creature_thac0(c, &t);
		avg_add(&f->hd_avg, c->hd.tenths, p->count);
		avg_add(&f->ac_avg, p->ac, p->count);
		avg_add(&f->thac0_avg, t.value, p->count);
		if (c->mv < f->mv) {
			f->mv = c->mv;
			bs_fmt(f->mv_why, sizeof f->mv_why, "%s, the slowest",
			       c->name);
		}
		if (i == 0 || c->size > f->size) {
			f->size = c->size;
			f->size_creature = c;
			bs_fmt(f->size_why, sizeof f->size_why,
			       "%s, the largest", c->name);
		}
		f->demihuman &= !!c->demihuman;
		f->special &= !!c->special_abilities;
		f->exceptional &= !!c->exceptional_abilities;
		if (c->dnd_asterisks < f->asterisks)
			f->asterisks = c->dnd_asterisks;
		if (c->intelligence < f->intel)
			f->intel = c->intelligence;
		if (c->law == BS_LAW_CHAOTIC)
			f->law = BS_LAW_CHAOTIC;
		else if (c->law == BS_LAW_NEUTRAL && f->law == BS_LAW_LAWFUL)
			f->law = BS_LAW_NEUTRAL;
		f->daylight |= !!(c->flags & BS_CF_DAYLIGHT_PENALTY);
		f->never_checks |=
		    !!(c->flags & (BS_CF_NEVER_CHECKS_MORALE | BS_CF_MINDLESS));
		if (c->hd.plus < min_plus)
			min_plus = c->hd.plus;
	}
	avg_rate_hd(&f->hd_avg, "[3.1, R-040]", &f->hd_d);
	f->hd.tenths = f->hd_d.value;
	/* hit points added: kept, the lowest of the parts, when the
	 * average is a whole die; a rounded average drops them */
	f->hd.plus = 0;
	if (f->hd_avg.num == (long long)f->hd.tenths * f->hd_avg.den)
		f->hd.plus = min_plus;
	avg_rate(&f->ac_avg, 1, "least favourable", "[3.1, R-040]", 0, &f->ac);
	if (u->ac != f->ac.value) /* the scenario's `ac` */
		bs_deriv_init(&f->ac, u->ac, "given in the scenario", NULL,
			      "[3.1]");
	if (u->thac0 > 0)
		bs_deriv_init(&f->thac0, u->thac0, "given in the scenario",
			      NULL, "[8.3]");
	else
		avg_rate(&f->thac0_avg, 1, "least favourable",
			 "[3.1, 9.1, R-040]", 0, &f->thac0);
	(void)s;
}

/* [9.1] characters as members: each replaces one of the unit's figures x
 * ratio creatures in the averages of AC, HD and THAC0, rounded to the
 * least favourable; no 1:1 adjustment (RULING R-049). With the unit's own
 * average a = num / den over n - m creatures and the members' sum S, the
 * average is (num (n - m) + den S) / (den n). */
static void add_members(const struct bs_scenario *s, int side,
			const struct bs_unit *u, int ratio, struct foot *f)
{
	const struct bs_side *sd = &s->sides[side];
	if (u->nmembers == 0)
		return;
	long long n = (long long)u->figures * ratio;
	long long m = 0, shd = 0, sac = 0, sth = 0;
	for (int i = 0; i < u->nmembers && m < n; i++) {
		int k = u->members[i];
		if (k < 0 || k >= sd->nindividuals)
			continue;
		const struct bs_individual *ind = &sd->individuals[k];
		struct bs_deriv t;
		struct bs_hd ih = individual_hd(ind, NULL);
		individual_thac0(ind, &t);
		shd += ih.tenths;
		sac += ind->ac;
		sth += t.value;
		m++;
	}
	if (m == 0)
		return;
	struct avg hd = {f->hd_avg.num * (n - m) + f->hd_avg.den * shd,
			 f->hd_avg.den * n};
	struct avg ac = {f->ac_avg.num * (n - m) + f->ac_avg.den * sac,
			 f->ac_avg.den * n};
	struct avg th = {f->thac0_avg.num * (n - m) + f->thac0_avg.den * sth,
			 f->thac0_avg.den * n};
	if (u->thac0 == 0)
		avg_rate(&th, 1, "least favourable", "[9.1, R-049]", 0,
			 &f->thac0);
	int before = f->hd.tenths;
	avg_rate_hd(&hd, "[9.1, R-049]", &f->hd_d);
	f->hd.tenths = f->hd_d.value;
	if (f->hd.tenths != before || hd.num != (long long)before * hd.den)
		f->hd.plus = 0;
	avg_rate(&ac, 1, "least favourable", "[9.1, R-049]", 0, &f->ac);
	f->hd_avg = hd;
	f->ac_avg = ac;
	f->thac0_avg = th;
}

/* A component for [11.2] / [11.3] from a creature (mount, puller). */
static void creature_component(const struct bs_creature *c, int count,
			       struct bs1e_component *k)
{
	struct bs_deriv t;
	memset(k, 0, sizeof *k);
	bs_fmt(k->name, sizeof k->name, "%s", c->name);
	k->count = count;
	k->hd = c->hd;
	k->ac = c->ac;
	creature_thac0(c, &t);
	k->thac0 = t.value;
	k->mv = c->mv;
	k->size = c->size;
	k->dmg.cite = "[8.2]";
	if (c->attacks.nparts > 0 || c->paralysis_only)
		natural_src(c, &k->dmg.src[k->dmg.nsrc++]);
}

/* The riders / passengers as rated on foot. */
static void foot_component(const struct bs_unit *u, const struct foot *f,
			   const struct bs1e_damage *dmg, int count,
			   struct bs1e_component *k)
{
	memset(k, 0, sizeof *k);
	bs_fmt(k->name, sizeof k->name, "%s",
	       u->nmix ? "mixed riders" : f->first->name);
	k->count = count;
	k->hd = f->hd;
	k->ac = f->ac.value;
	k->thac0 = f->thac0.value;
	k->plus = in_hand_plus(u);
	k->mv = f->mv;
	k->size = f->size;
	k->dmg = *dmg;
}

/* The riders of a cavalry unit, the passengers of a chariot unit (its
 * `passenger`, armed and armored as the unit). */
static void rider_component(const struct bs_unit *u, const struct foot *f,
			    const struct bs1e_damage *dmg, int npass,
			    enum bs1e_mounting m, struct bs1e_component *k)
{
	const struct bs_creature *p = u->chariot.passenger;
	if (m != BS1E_CHARIOT || !p || p == u->creature || u->nmix > 0) {
		foot_component(u, f, dmg, m == BS1E_CHARIOT ? npass : 1, k);
		return;
	}
	creature_component(p, npass, k);
	if (u->creature && u->ac != u->creature->ac)
		k->ac = u->ac;
	if (u->thac0 > 0)
		k->thac0 = u->thac0;
	k->plus = in_hand_plus(u);
	if (dmg->nsrc > 0)
		k->dmg = *dmg;
}

static void add_mod(struct bs_term *mods, int *n, int amount, const char *cite,
		    const char *label)
{
	if (*n >= BS1E_ROSTER_MAX_MODS)
		return;
	struct bs_term *t = &mods[(*n)++];
	t->amount = amount;
	t->cite = cite;
	bs_fmt(t->label, sizeof t->label, "%s", label);
}

/* [14.20] D&D rod of victory: the morale of its whole side +1. */
static int side_has_item(const struct bs_side *sd, const char *item)
{
	for (int i = 0; i < sd->nindividuals; i++)
		for (int k = 0; k < sd->individuals[i].nitems; k++)
			if (contains_ci(sd->individuals[i].items[k], item))
				return 1;
	return 0;
}

static void ar_mods(const struct bs_scenario *s, const struct bs_unit *u,
		    const struct foot *f, struct bs1e_unit_sheet *o)
{
	char lab[BS_DERIV_LABEL];
	const struct bs1e_mod_row *r;
	(void)s;
	switch (u->type) {
	case BS_UNIT_SKIRMISH:
		r = &bs1e_table10[BS1E_T10_OPEN_OR_SKIRMISH];
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite,
			"skirmish formation (always)");
		break;
	case BS_UNIT_MOB:
		r = &bs1e_table10[BS1E_T10_OUT_OF_COMMAND];
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite,
			"out of command (a mob, always)");
		break;
	case BS_UNIT_BERSERKER:
		r = &bs1e_table10[BS1E_T10_OPEN_OR_SKIRMISH];
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite,
			"open formation (berserkers never close)");
		r = &bs1e_table10[BS1E_T10_OUT_OF_COMMAND];
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite,
			"if out of command");
		break;
	default:
		r = &bs1e_table10[BS1E_T10_OPEN_OR_SKIRMISH];
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite,
			u->type == BS_UNIT_ELITE
			    ? "in open or skirmish formation"
			    : "in open formation");
		r = &bs1e_table10[BS1E_T10_OUT_OF_COMMAND];
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite,
			"if out of command");
		r = &bs1e_table10[BS1E_T10_CLOSED_CHARGE];
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite,
			"charging in closed formation");
		break;
	}
	/* [2.9] a skirmish unit's commander only rallies it */
	if (o->commander && u->type != BS_UNIT_SKIRMISH) {
		r = &bs1e_table10[BS1E_T10_COMMANDER_FIGHTING];
		bs_fmt(lab, sizeof lab, "%s fighting with the unit",
		       o->commander);
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite, lab);
	}
	if (o->mounting != BS1E_ON_FOOT)
		add_mod(o->ar_mods, &o->nar_mods, -2, "[11.4]",
			o->mounting == BS1E_CAVALRY ? "charging cavalry"
						    : "charging chariots");
	if (f->daylight) {
		r = &bs1e_table10_notes[BS1E_T10X_DAYLIGHT];
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite,
			"in daylight");
	}
	/* [13.1] the racial bonuses against named creatures (RULING
	 * R-372), as its creature gives them (a pure unit) */
	const struct bs_creature *c = u->nmix == 0 ? u->creature : NULL;
	for (int i = 0; c && i < c->nto_hit_vs; i++) {
		const struct bs_to_hit_vs *t = &c->to_hit_vs[i];
		if (t->attacked_by)
			continue;
		size_t k = (size_t)bs_fmt(lab, sizeof lab, "attacking");
		for (int j = 0; j < t->nnames && k < sizeof lab; j++)
			k += (size_t)bs_fmt(lab + k, sizeof lab - k, "%s %s",
					    j ? "," : "", t->names[j]);
		add_mod(o->ar_mods, &o->nar_mods, -t->to_hit,
			"[8.3 T10 note] [13.1]", lab);
	}
	for (int i = 0; i < u->nweapons; i++) {
		const struct bs_weapon *w = u->weapons[i].weapon;
		if (!w || w->kind != BS_WEAPON_MISSILE)
			continue;
		r = &bs1e_table13[BS1E_T13_MEDIUM_RANGE];
		bs_fmt(lab, sizeof lab, "medium range, over %d\" (%s)",
		       w->range_s, w->name);
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite, lab);
		r = &bs1e_table13[BS1E_T13_LONG_RANGE];
		bs_fmt(lab, sizeof lab, "long range, over %d\" (%s)",
		       w->range_m, w->name);
		add_mod(o->ar_mods, &o->nar_mods, r->mod, r->cite, lab);
	}
}

static void ml_mods(const struct bs_scenario *s, int side,
		    const struct bs_unit *u, const struct foot *f,
		    struct bs1e_unit_sheet *o)
{
	const struct bs_side *sd = &s->sides[side];
	const struct bs1e_mod_row *r;
	char lab[BS_DERIV_LABEL];
	if (u->type == BS_UNIT_REGULAR || u->type == BS_UNIT_ELITE) {
		r = &bs1e_table4[BS1E_T4_CLOSED_FORMATION];
		add_mod(o->ml_mods, &o->nml_mods, r->mod, r->cite,
			"in closed formation");
	}
	/* [2.9] no CB for a skirmish unit (RULING R-371), [4.7] nor a mob */
	if (o->commander && u->type != BS_UNIT_MOB &&
	    u->type != BS_UNIT_SKIRMISH && u->commander >= 0) {
		struct bs_deriv cb;
		bs1e_charisma_bonus_of(s, &sd->individuals[u->commander], &cb);
		bs_fmt(lab, sizeof lab, "CB of %s, in command", o->commander);
		add_mod(o->ml_mods, &o->nml_mods, cb.value, "[4.9 T8]", lab);
	}
	r = &bs1e_table4[BS1E_T4_OUT_OF_COMMAND];
	if (u->type == BS_UNIT_MOB)
		add_mod(o->ml_mods, &o->nml_mods, r->mod, r->cite,
			"out of command (a mob, always)");
	else if (u->type != BS_UNIT_SKIRMISH)
		add_mod(o->ml_mods, &o->nml_mods, r->mod, r->cite,
			"if out of command");
	if (u->type == BS_UNIT_MOB) {
		r = &bs1e_table4[BS1E_T4_MOB_SUPPORTED];
		add_mod(o->ml_mods, &o->nml_mods, r->mod, r->cite,
			"regular infantry behind within 6\"");
	}
	/* RULING R-310: an Advanced Game item [16.3 A] (listed; its effect
	 * in play is not played yet) */
	if (s->game == BS_GAME_DND && s->level == BS_LEVEL_ADVANCED &&
	    side_has_item(sd, "rod of victory"))
		add_mod(o->ml_mods, &o->nml_mods, 1, "[14.20]",
			"rod of victory on this side");
	if (f->never_checks)
		add_mod(o->ml_mods, &o->nml_mods, 0, "[4.1]",
			"never checks morale: cannot rout");
}

/* [8.3] "Add or subtract any AD&D ... game bonuses and penalties to THACO"
 * (RULING R-372): creature c's bonus to hit with weapon w (its
 * `to_hit_with`, e.g. elves +1 with long swords): the AR term, 0 none. */
int bs1e_creature_weapon_term(const struct bs_creature *c,
			      const struct bs_weapon *w)
{
	int m = 0;
	for (int i = 0; c && w && i < c->nto_hit_with; i++)
		for (int j = 0; j < c->to_hit_with[i].nnames; j++)
			if (bs_name_eq(c->to_hit_with[i].names[j], w->name)) {
				m -= c->to_hit_with[i].to_hit;
				break;
			}
	return m;
}

/* The term for unit u's creatures (a mixed unit: its least favourable
 * part, RULING R-040), added to *ar with its label. */
static void add_weapon_term(const struct bs_unit *u, const struct bs_weapon *w,
			    struct bs_deriv *ar)
{
	const struct bs_creature *c[BS_UNIT_MAX_MIX];
	int n = bs_unit_creatures(u, c), m = 0;
	for (int i = 0; i < n; i++) {
		int t = bs1e_creature_weapon_term(c[i], w);
		if (i == 0 || t > m)
			m = t;
	}
	if (m != 0)
		bs_deriv_add(ar, m, "[8.3] [13.1]", "%s with %s: %+d to hit",
			     n == 1 && c[0] ? c[0]->name : "every part",
			     w->name, -m);
}

static void weapon_sheets(const struct bs_unit *u, int thac0, int ratio,
			  const struct bs1e_unit_sheet *o,
			  struct bs1e_weapon_sheet *ws, int *n)
{
	*n = 0;
	for (int i = 0; i < u->nweapons && i < BS_UNIT_MAX_WEAPONS; i++) {
		const struct bs_unit_weapon *w = &u->weapons[i];
		if (!w->weapon)
			continue;
		struct bs1e_weapon_sheet *x = &ws[(*n)++];
		struct bs1e_dmg_src src;
		weapon_src(w, &src);
		bs_fmt(x->name, sizeof x->name, "%s", src.label);
		x->in_hand = i == in_hand(u);
		x->kind = w->weapon->kind;
		x->vs_sm = src.vs_sm;
		x->vs_l = src.vs_l;
		if (o->mounting == BS1E_CHARIOT) {
			/* the chariot's averaged AR [11.3] */
			x->ar = o->ar;
			continue;
		}
		bs_deriv_init(&x->ar, thac0, "THAC0", "[8.3]", "[8.3 T9]");
		if (w->plus)
			bs_deriv_add(&x->ar, -w->plus, "[8.3]", "%s",
				     src.label);
		add_weapon_term(u, w->weapon, &x->ar);
		bs_deriv_add(&x->ar, bs1e_ratio_adjustment(ratio), "[8.3 T9]",
			     "ratio %d:1", ratio);
	}
}

void bs1e_unit_sheet(const struct bs_scenario *s, int side, int ui,
		     struct bs1e_unit_sheet *out)
{
	const struct bs_side *sd = &s->sides[side];
	const struct bs_unit *u = &sd->units[ui];
	char lab[BS_DERIV_LABEL];
	memset(out, 0, sizeof *out);
	out->unit = u;
	if (u->commander >= 0 && u->commander < sd->nindividuals)
		out->commander = sd->individuals[u->commander].name;
	if (u->deputy >= 0 && u->deputy < sd->nindividuals)
		out->deputy = sd->individuals[u->deputy].name;
	out->mounting = u->mount	    ? BS1E_CAVALRY
			: u->chariot.puller ? BS1E_CHARIOT
					    : BS1E_ON_FOOT;

	struct foot f;
	rate_foot(s, u, &f);
	struct bs1e_damage dmg;
	foot_damage(u, &dmg);
	int plus = in_hand_plus(u);

	/* the ratio of the unit's own creatures, mounted as they ride
	 * (RULING R-049: members do not change it: the
	 * mounted figure's HD) */
	struct bs1e_mounted_rating mr;
	int npass = u->chariot.passengers > 0 ? u->chariot.passengers : 1;
	int npull = u->chariot.pullers > 0 ? u->chariot.pullers : 1;
	struct bs_hd rated = f.hd;
	if (out->mounting != BS1E_ON_FOOT) {
		rider_component(u, &f, &dmg, npass, out->mounting, &out->rider);
		if (out->mounting == BS1E_CAVALRY) {
			creature_component(u->mount, 1, &out->mount);
			bs1e_rate_cavalry(&out->rider, &out->mount, &mr);
		} else {
			creature_component(u->chariot.puller, npull,
					   &out->mount);
			bs1e_rate_chariot(&out->rider, &out->mount, &mr);
		}
		rated.tenths = mr.hd.value;
		rated.plus = 0;
	}
	bs1e_unit_ratio(rated, u->ratio, &out->ratio);
	int ratio = out->ratio.value;

	/* [9.1] members averaged in at the unit's ratio */
	add_members(s, side, u, ratio, &f);
	out->nmembers = u->nmembers;

	int thac0;
	if (out->mounting == BS1E_ON_FOOT) {
		out->hd_rated = f.hd;
		out->hd = f.hd_d;
		out->ac = f.ac;
		out->thac0 = f.thac0;
		thac0 = f.thac0.value;
		bs_deriv_init(&out->mv, f.mv, f.mv_why, NULL, "[3.1]");
		out->size = f.size;
		bs_fmt(out->size_why, sizeof out->size_why, "%s", f.size_why);
		out->damage = dmg;
	} else {
		rider_component(u, &f, &dmg, npass, out->mounting, &out->rider);
		if (out->mounting == BS1E_CAVALRY)
			bs1e_rate_cavalry(&out->rider, &out->mount, &mr);
		else
			bs1e_rate_chariot(&out->rider, &out->mount, &mr);
		out->hd_rated.tenths = mr.hd.value;
		out->hd_rated.plus = 0;
		out->hd = mr.hd;
		out->ac = mr.ac;
		out->thac0 = mr.thac0;
		thac0 = mr.thac0.value;
		plus = mr.plus;
		out->mv = mr.mv;
		out->size = mr.size;
		bs_fmt(out->size_why, sizeof out->size_why,
		       "the larger of %s and %s", out->rider.name,
		       out->mount.name);
		out->damage = mr.dmg;
	}
	/* [10.9] an artillery piece moves at its own MV (RULING R-486: its
	 * crew with it); the Basic Game has no artillery [16.3 A] */
	if (u->artillery != BS_ART_NONE && s->level != BS_LEVEL_BASIC)
		bs_deriv_init(&out->mv, bs1e_artillery[u->artillery].mv,
			      bs1e_artillery[u->artillery].name, NULL,
			      "[10.9]");
	if (u->mv > 0)
		bs_deriv_init(&out->mv, u->mv, "given in the scenario", NULL,
			      s->game == BS_GAME_DND ? "[3.1, D&D feet / 10]"
						     : "[3.1]");
	else if (s->game == BS_GAME_DND)
		out->mv.cite = "[3.1, D&D feet / 10]";
	/* [15.1] RULING R-557: a flier the scenario keeps on the ground */
	if (u->grounded)
		bs_deriv_add(&out->mv, 0, "[15.1] (RULING R-557)",
			     "grounded [15.1]: its fliers do not fly");

	/* [2.3] Table 2 */
	if (out->mounting == BS1E_CHARIOT) {
		out->base = BS1E_BASE_CAVALRY;
		bs_fmt(out->base_label, sizeof out->base_label, "1\" x 2\"");
		bs_fmt(out->base_why, sizeof out->base_why,
		       "note ***: 1\" x 2\" or larger counters for chariots");
	} else {
		out->base = bs1e_base_for(f.size_creature,
					  out->mounting == BS1E_CAVALRY,
					  out->base_why, sizeof out->base_why);
		bs_fmt(out->base_label, sizeof out->base_label, "%s",
		       bs1e_table2[out->base].base_label);
	}

	/* [8.7] HD per figure */
	bs1e_hd_per_figure(ratio, out->hd_rated, &out->hd_fig);

	/* [8.3] base AR = THAC0 (+ AD&D bonuses: the magic plus of the
	 * weapon in hand) + Table 9 */
	bs_deriv_init(&out->ar, thac0, "THAC0", "[8.3]", "[8.3 T9]");
	if (plus) {
		bs_fmt(lab, sizeof lab, "%s", dmg.src[0].label);
		bs_deriv_add(&out->ar, -plus, "[8.3]", "%s", lab);
	}
	if (u->nweapons > 0)
		add_weapon_term(u, u->weapons[0].weapon, &out->ar);
	bs_deriv_add(&out->ar, bs1e_ratio_adjustment(ratio), "[8.3 T9]",
		     "ratio %d:1", ratio);

	/* [4.1] base morale */
	struct bs1e_morale_facts mf = {
	    .hd = out->hd_rated,
	    .demihuman = f.demihuman,
	    .special_abilities = f.special,
	    .exceptional_abilities = f.exceptional,
	    .asterisks = f.asterisks,
	    .magic_equipment = u->magic_equipment || u->nitems > 0,
	    .figures = u->figures,
	    .ac = out->ac.value,
	    .mounted = out->mounting != BS1E_ON_FOOT,
	    .type = u->type,
	    .game = s->game,
	};
	for (int i = 0; i < u->nweapons; i++)
		if (u->weapons[i].plus > 0)
			mf.magic_equipment = 1;
	bs1e_base_morale(&mf, &out->ml);

	/* [4.6] discipline */
	bs1e_discipline(out->ml.value, f.intel, f.law, u->type, &out->dl);

	ar_mods(s, u, &f, out);
	ml_mods(s, side, u, &f, out);
	weapon_sheets(u, thac0, ratio, out, out->weapons, &out->nweapons);
}

/* ---- [3.2] individuals
 * ------------------------------------------------------------ */

static void rank_text(const struct bs_side *sd, int idx, char *buf, size_t len)
{
	const struct bs_individual *ind = &sd->individuals[idx];
	size_t used = 0;
#define PUT(...)                                                               \
	do {                                                                   \
		if (used < len) {                                              \
			int n_ = bs_fmt(buf + used, len - used, __VA_ARGS__);  \
			if (n_ > 0)                                            \
				used += (size_t)n_;                            \
		}                                                              \
	} while (0)
	buf[0] = '\0';
	int unit = -1;
	for (int u = 0; u < sd->nunits; u++)
		if (sd->units[u].commander == idx)
			unit = u;
	switch (ind->rank) {
	case BS_RANK_UNIT:
		PUT("Unit Commander");
		if (unit >= 0)
			PUT(" (%s)", sd->units[unit].name);
		break;
	case BS_RANK_BRIGADE:
		PUT("Brigade Commander (%d units)", ind->nbrigade);
		if (unit >= 0)
			PUT(", Unit Commander (%s)", sd->units[unit].name);
		break;
	case BS_RANK_ARMY:
		PUT("Army Commander");
		if (unit >= 0)
			PUT(", Unit Commander (%s)", sd->units[unit].name);
		break;
	default:
		if (unit >= 0)
			PUT("Unit Commander (%s)", sd->units[unit].name);
		else
			/* [3.2] no command rank: "Hero" */
			PUT("Hero");
		break;
	}
	for (int u = 0; u < sd->nunits; u++) {
		if (sd->units[u].deputy == idx)
			PUT("; Deputy Unit Commander (%s)", sd->units[u].name);
		for (int k = 0; k < sd->units[u].nmembers; k++)
			if (sd->units[u].members[k] == idx)
				PUT("; member of %s", sd->units[u].name);
	}
	if (ind->deputy_of >= 0 && ind->deputy_of < sd->nindividuals) {
		const struct bs_individual *c =
		    &sd->individuals[ind->deputy_of];
		int of_unit = 0;
		for (int u = 0; u < sd->nunits; u++)
			if (sd->units[u].deputy == idx &&
			    sd->units[u].commander == ind->deputy_of)
				of_unit = 1;
		if (!of_unit)
			PUT("; Deputy %s Commander (of %s)",
			    c->rank == BS_RANK_ARMY	 ? "Army"
			    : c->rank == BS_RANK_BRIGADE ? "Brigade"
							 : "Unit",
			    c->name);
	}
#undef PUT
}

static void rcl_text(const struct bs_individual *ind, char *buf, size_t len)
{
	size_t used = 0;
	int n = bs_fmt(buf, len, "%s", ind->race ? ind->race->name : "human");
	if (n > 0)
		used = (size_t)n;
	for (int i = 0; i < ind->nclasses && used < len; i++) {
		n = bs_fmt(buf + used, len - used, "%s%s", i ? "/" : " ",
			   ind->cls[i]);
		if (n > 0)
			used += (size_t)n;
	}
	for (int i = 0; i < ind->nclasses && used < len; i++) {
		n = bs_fmt(buf + used, len - used, "%s%d", i ? "/" : " ",
			   ind->level[i]);
		if (n > 0)
			used += (size_t)n;
	}
}

static void saves(const struct bs_individual *ind, struct bs_deriv out[5])
{
	int best[5], have = 0, which = -1;
	char lab[BS_DERIV_LABEL];
	for (int i = 0; i < ind->nclasses; i++) {
		int v[5];
		if (bs1e_saves_class(ind->cls[i], ind->level[i], v) != 0)
			continue;
		for (int k = 0; k < 5; k++)
			if (!have || v[k] < best[k])
				best[k] = v[k];
		if (!have)
			which = i;
		have = 1;
	}
	if (have) {
		if (ind->nclasses > 1)
			bs_fmt(lab, sizeof lab, "best of the classes");
		else
			bs_fmt(lab, sizeof lab, "%s level %d", ind->cls[which],
			       ind->level[which]);
	} else {
		struct bs_hd hd = ind->race ? ind->race->hd : (struct bs_hd){0};
		char h[24];
		bs1e_saves_monster(hd.tenths, hd.plus, best);
		bs1e_hd_text(hd, h, sizeof h);
		bs_fmt(lab, sizeof lab, "as a fighter of %s HD", h);
	}
	for (int k = 0; k < 5; k++) {
		if (ind->save[k] > 0)
			bs_deriv_init(&out[k], ind->save[k],
				      "given in the scenario", NULL, "[3.2]");
		else
			bs_deriv_init(&out[k], best[k], lab, NULL, "[3.2]");
	}
}

void bs1e_indiv_sheet(const struct bs_scenario *s, int side, int idx,
		      struct bs1e_indiv_sheet *out)
{
	const struct bs_side *sd = &s->sides[side];
	const struct bs_individual *ind = &sd->individuals[idx];
	char lab[BS_DERIV_LABEL];
	memset(out, 0, sizeof *out);
	out->ind = ind;
	rcl_text(ind, out->race_class_level, sizeof out->race_class_level);
	out->mr = ind->mr ? ind->mr : ind->race ? ind->race->mr : 0;
	rank_text(sd, idx, out->rank, sizeof out->rank);
	out->member_of = -1;
	for (int u = 0; u < sd->nunits; u++)
		for (int k = 0; k < sd->units[u].nmembers; k++)
			if (sd->units[u].members[k] == idx)
				out->member_of = u;
	memcpy(out->ability, ind->ability, sizeof out->ability);
	saves(ind, out->save);
	bs_deriv_init(&out->ac, ind->ac, NULL, NULL, "[3.2]");
	individual_hd(ind, &out->hd);
	bs1e_indiv_hp(ind, &out->hp_d);
	out->hp = out->hp_d.value;
	if (ind->mv > 0)
		bs_deriv_init(&out->mv, ind->mv, "given in the scenario", NULL,
			      "[3.1]");
	else if (ind->race)
		bs_deriv_init(&out->mv, ind->race->mv, ind->race->name, NULL,
			      "[3.1]");
	else
		bs_deriv_init(&out->mv, 12, "human", NULL, "[3.1]");
	/* [15.1] RULING R-557: a flier the scenario keeps on the ground */
	if (ind->grounded && ind->race)
		bs_deriv_add(&out->mv, 0, "[15.1] (RULING R-557)",
			     "grounded [15.1]: its fly %d\" unused",
			     ind->race->fly_mv);
	individual_thac0(ind, &out->thac0);
	/* [8.3] [3.3] AR of a 1:1 figure */
	bs_deriv_init(&out->ar, out->thac0.value, "THAC0", "[8.3]", "[8.3 T9]");
	/* RULING R-700: the weapon his AR carries is his melee weapon, else
	 * his first (a shot at a unit trades it for the one he shoots,
	 * r09_missiles.c) */
	const struct bs_unit_weapon *sw = bs_individual_sheet_weapon(ind);
	if (sw && sw->plus) {
		bs_fmt(lab, sizeof lab, "%s %+d", sw->weapon->name, sw->plus);
		bs_deriv_add(&out->ar, -sw->plus, "[8.3]", "%s", lab);
	}
	/* [8.3] "Add or subtract any AD&D game bonuses and penalties to
	 * THACO": RULING R-512, his strength's to-hit adjustment (Players
	 * Handbook) */
	int sh, sdm;
	bs1e_strength_adj(ind->ability[BS_STR], ind->str_percent, &sh, &sdm);
	if (sh) {
		if (ind->ability[BS_STR] == 18 && ind->str_percent > 0)
			bs_deriv_add(&out->ar, -sh, "[8.3, R-512]",
				     "strength 18/%02d",
				     ind->str_percent % 100);
		else
			bs_deriv_add(&out->ar, -sh, "[8.3, R-512]",
				     "strength %d", ind->ability[BS_STR]);
	}
	int racial =
	    bs1e_creature_weapon_term(ind->race, sw ? sw->weapon : NULL);
	if (racial)
		bs_deriv_add(&out->ar, racial, "[8.3] [13.1]",
			     "%s with %s: %+d to hit", ind->race->name,
			     sw->weapon->name, -racial);
	bs_deriv_add(&out->ar, bs1e_ratio_adjustment(1), "[8.3 T9]",
		     "ratio 1:1");
	bs1e_command_radius(s, ind, &out->cr);
	bs1e_charisma_bonus_of(s, ind, &out->cb);
}

/* ---- the roster
 * --------------------------------------------------------------------- */

static void note(struct bs1e_side_sheet *ss, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void note(struct bs1e_side_sheet *ss, const char *fmt, ...)
{
	if (ss->nnotes >= BS1E_ROSTER_MAX_NOTES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ss->notes[ss->nnotes++], sizeof ss->notes[0], fmt, ap);
	va_end(ap);
}

/* Remarks for the referee on the command structure [2.8] [4.10]. */
static void side_notes(const struct bs_side *sd, struct bs1e_side_sheet *ss)
{
	int armies = 0, brigades = 0;
	for (int u = 0; u < sd->nunits; u++) {
		const struct bs_unit *x = &sd->units[u];
		if ((x->type == BS_UNIT_REGULAR || x->type == BS_UNIT_ELITE ||
		     x->type == BS_UNIT_BERSERKER) &&
		    x->commander < 0)
			note(ss,
			     "%s has no Unit Commander: out of command "
			     "[2.8] [4.7]",
			     x->name);
	}
	for (int i = 0; i < sd->nindividuals; i++) {
		const struct bs_individual *ind = &sd->individuals[i];
		if (ind->rank == BS_RANK_ARMY)
			armies++;
		if (ind->rank == BS_RANK_BRIGADE) {
			brigades++;
			if (ind->nbrigade < 4 || ind->nbrigade > 8)
				note(ss,
				     "Brigade Commander %s has %d units; a "
				     "brigade has 4-8 [4.10]",
				     ind->name, ind->nbrigade);
		}
	}
	if (armies > 1)
		note(ss, "%s: %d Army Commanders; no more than one [4.10]",
		     sd->name, armies);
	if (brigades > 0 && sd->nunits <= 7)
		note(ss,
		     "%s: Brigade Commanders need more than seven units on a "
		     "side (%d) [4.10]",
		     sd->name, sd->nunits);
	if (brigades == 1)
		note(ss,
		     "%s: one brigade; Brigade Commanders need two or "
		     "more [4.10]",
		     sd->name);
}

enum bs_status bs1e_roster_new(const struct bs_scenario *s,
			       struct bs1e_roster **out, struct bs_diags *diags)
{
	*out = NULL;
	struct bs1e_roster *r = calloc(1, sizeof *r);
	if (!r)
		goto oom;
	r->scenario = s;
	r->nsides = s->nsides;
	for (int i = 0; i < s->nsides; i++) {
		const struct bs_side *sd = &s->sides[i];
		struct bs1e_side_sheet *ss = &r->sides[i];
		ss->side = sd;
		if (sd->nunits > 0) {
			ss->units =
			    calloc((size_t)sd->nunits, sizeof *ss->units);
			if (!ss->units)
				goto oom;
		}
		if (sd->nindividuals > 0) {
			ss->indivs = calloc((size_t)sd->nindividuals,
					    sizeof *ss->indivs);
			if (!ss->indivs)
				goto oom;
		}
		ss->nunits = sd->nunits;
		ss->nindivs = sd->nindividuals;
		for (int u = 0; u < sd->nunits; u++)
			bs1e_unit_sheet(s, i, u, &ss->units[u]);
		for (int k = 0; k < sd->nindividuals; k++)
			bs1e_indiv_sheet(s, i, k, &ss->indivs[k]);
		side_notes(sd, ss);
	}
	*out = r;
	return BS_OK;
oom:
	bs1e_roster_free(r);
	if (diags)
		bs_diags_add(diags, s->file[0] ? s->file : NULL, 0, 0,
			     "out of memory building the roster");
	return BS_ERR_RUNTIME;
}

void bs1e_roster_free(struct bs1e_roster *r)
{
	if (!r)
		return;
	for (int i = 0; i < BS_MAX_SIDES; i++) {
		free(r->sides[i].units);
		free(r->sides[i].indivs);
	}
	free(r);
}
