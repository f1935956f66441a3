/* 1E melee: the [8.4] procedure steps A-G, the [8.5] dice conversions,
 * [8.6] multiple attacks, [8.7] killed and wounded figures, [11.4]/[11.5]
 * cavalry (the -2 of a charge, the parts that double), [11.7] set spears'
 * double damage, and the [13.1] damage adjustment and [13.2] poison readings
 * that share the attack roll. HD of damage in tenths. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"

/* ---- [8.3] / [8.4 A] adjusted AR ----------------------------------------- */

static const char *const t10_short[BS1E_T10__COUNT] = {
    [BS1E_T10_OPEN_OR_SKIRMISH] = "open or skirmish formation",
    [BS1E_T10_OUT_OF_COMMAND] = "out of command",
    [BS1E_T10_DEFENDER_HIGHER] = "defender on higher ground",
    [BS1E_T10_CLOSED_CHARGE] = "charging in closed formation",
    [BS1E_T10_COMMANDER_FIGHTING] = "commander fighting",
};

static const char *const t10x_short[BS1E_T10X__COUNT] = {
    [BS1E_T10X_FLANK] = "flank (shield bonus negated)",
    [BS1E_T10X_REAR] = "attacking from the rear",
    [BS1E_T10X_DAYLIGHT] = "goblins/orcs in daylight",
};

void bs1e_ar_adjusted(int base_ar, unsigned t10, unsigned t10x,
		      int higher_ground_plus, struct bs_deriv *out)
{
	/* [8.3] "In melee, modify the Base AR according to Table 10". */
	bs_deriv_init(out, base_ar, NULL, "[8.3]", "[8.3 T10]");
	for (int i = 0; i < BS1E_T10__COUNT; i++) {
		if (!(t10 & (1u << i)))
			continue;
		const struct bs1e_mod_row *row = &bs1e_table10[i];
		if (i == BS1E_T10_DEFENDER_HIGHER)
			row = bs1e_t10_higher_ground(higher_ground_plus);
		bs_deriv_add(out, row->mod, row->cite, "%s", t10_short[i]);
	}
	/* [8.3] special note: the normal AD&D bonuses and penalties. */
	for (int i = 0; i < BS1E_T10X__COUNT; i++)
		if (t10x & (1u << i))
			bs_deriv_add(out, bs1e_table10_notes[i].mod,
				     bs1e_table10_notes[i].cite, "%s",
				     t10x_short[i]);
}

void bs1e_ar_add_cavalry_charge(struct bs_deriv *d, int defender_set_spears)
{
	/* [11.4] "Charging cavalry or chariots receive a bonus of -2 to AR
	 * for that Game Round unless the defending unit is in Set
	 * Spears/Pikes formation." */
	if (!defender_set_spears)
		bs_deriv_add(d, -2, "[11.4]", "cavalry/chariot charge");
	else
		bs_deriv_add(d, 0, "[11.4] [11.7]",
			     "no charge bonus: spears set");
}

/* ---- [8.5] dice conversions ---------------------------------------------- */

enum bs1e_col bs1e_col_shift(enum bs1e_col from, int shift, int *wraps,
			     int *clamped)
{
	int i = (int)from + shift, w = 0, c = 0;
	if (shift >= 0) {
		/* [8.5] past D20 start again at D2 and add the D20 result,
		 * once for every time the shift passes D20. */
		w = i / BS1E_COL__COUNT;
		i %= BS1E_COL__COUNT;
	} else if (i < 0) {
		/* [8.5] a left shift past D2 applies the D2 result. */
		i = BS1E_COL_D2;
		c = 1;
	}
	if (wraps)
		*wraps = w;
	if (clamped)
		*clamped = c;
	return (enum bs1e_col)i;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

int bs1e_colread_for_part(const struct bs_dice_part *p, int adjust,
			  struct bs1e_colread *out, char *err, size_t errlen)
{
	struct bs1e_colread r;
	memset(&r, 0, sizeof r);
	r.count = p->count;
	r.sides = p->sides;
	r.plus = p->plus;
	r.adjust = adjust;
	if (p->sides == 0) {
		/* RULING R-062 [8.5] a fixed number N of hit points is read
		 * as D2 + (N - 1): the smallest die, shifted by the book's
		 * own procedure (1 -> D2, 2 -> D3, 3 -> D4, 5 -> D8, 11 ->
		 * D20, 12 -> D20 + D2). */
		if (p->plus < 1)
			return fail(
			    err, errlen,
			    "fixed damage %d has no CRT column: a fixed "
			    "number must be at least 1 [8.5]",
			    p->plus);
		r.fixed = 1;
		r.count = 1;
		r.base = BS1E_COL_D2;
		r.shift = p->plus - 1 + adjust;
	} else {
		int col = bs1e_col_for_sides(p->sides);
		if (col < 0) {
			if (p->sides > 20)
				return fail(err, errlen,
					    "a d%d has no CRT column: the "
					    "columns stop at D20 [8.5]",
					    p->sides);
			/* RULING R-062 [8.5] a die between two columns (d5,
			 * d7, ... d19) is read on the column of the largest
			 * die smaller than it. */
			for (int c = BS1E_COL__COUNT - 1; c >= 0; c--)
				if (bs1e_col_sides[c] < p->sides) {
					col = c;
					break;
				}
			r.odd_die = 1;
		}
		r.base = (enum bs1e_col)col;
		/* [8.5] each plus one column right, each minus one left;
		 * [13.1] each damage adjustment one more shift. */
		r.shift = p->plus + adjust;
	}
	r.col = bs1e_col_shift(r.base, r.shift, &r.wraps, &r.clamped);
	*out = r;
	return 0;
}

int bs1e_colread_tenths(const struct bs1e_colread *r, int attack_roll)
{
	/* [8.4 D] the column result, plus one D20 result per wrap [8.5];
	 * [8.5] "multiply the result times the number of dice"; [13.1] 3D6
	 * +1 is "3 times the result in the D8 column" (RULING R-061). */
	int one = bs1e_crt(attack_roll, r->col) +
		  r->wraps * bs1e_crt(attack_roll, BS1E_COL_D20);
	return r->count * one;
}

char *bs1e_colread_format(const struct bs1e_colread *r, char *buf, size_t len)
{
	char inner[48];
	const char *col = bs1e_col_name[r->col];
	if (r->wraps == 0)
		snprintf(inner, sizeof inner, "%s", col);
	else if (r->wraps == 1)
		snprintf(inner, sizeof inner, "D20 + %s", col);
	else
		snprintf(inner, sizeof inner, "%d x D20 + %s", r->wraps, col);
	if (r->count <= 1)
		snprintf(buf, len, "%s", inner);
	else if (r->wraps == 0)
		snprintf(buf, len, "%d x %s", r->count, inner);
	else
		snprintf(buf, len, "%d x (%s)", r->count, inner);
	return buf;
}

/* ---- [8.4] one attack -----------------------------------------------------
 */

const char *const bs1e_poison_name[BS1E_POISON__COUNT] = {
    [BS1E_POISON_NONE] = "none",
    [BS1E_POISON_WEAK] = "weak",
    [BS1E_POISON_NORMAL] = "normal",
    [BS1E_POISON_STRONG] = "strong",
};

int bs1e_poison_shift(enum bs1e_poison p)
{
	/* [13.2] weak 1 column right, undefined 2, strong 3. */
	switch (p) {
	case BS1E_POISON_WEAK:
		return 1;
	case BS1E_POISON_NORMAL:
		return 2;
	case BS1E_POISON_STRONG:
		return 3;
	default:
		return 0;
	}
}

#define BS1E_MAX_TOTAL_TENTHS 100000000L

int bs1e_attack_plan(const struct bs1e_attack_spec *s,
		     struct bs1e_attack_plan *out, char *err, size_t errlen)
{
	struct bs1e_attack_plan p;
	memset(&p, 0, sizeof p);
	p.ar = s->ar;
	p.ac = s->ac;
	/* [8.4 A] subtract AC from AR. */
	p.ar_minus_ac = s->ar - s->ac;
	p.attacks_num = s->attacks_num ? s->attacks_num : 1;
	p.attacks_den = s->attacks_den ? s->attacks_den : 1;
	p.level_drain = s->level_drain;
	p.paralysis_only = s->paralysis_only;
	p.figures = s->figures;
	if (p.figures < 1)
		return fail(err, errlen, "%d attacking figures: at least 1",
			    p.figures);
	if (p.attacks_num < 1 || p.attacks_den < 1)
		return fail(err, errlen,
			    "attacks per round must be positive (%d)",
			    p.attacks_num < 1 ? p.attacks_num : p.attacks_den);
	if (s->paralysis_only) {
		/* [13.4] "If the only damage caused by a unit is to
		 * paralyze, use the D4 column". */
		struct bs1e_colread *r = &p.read[p.nreads++];
		memset(r, 0, sizeof *r);
		r->count = 1;
		r->sides = 4;
		r->base = r->col = BS1E_COL_D4;
	} else {
		/* [8.4 C] convert each damage part to a column [8.5]. */
		if (s->damage.nparts < 1)
			return fail(err, errlen, "no damage given");
		int pp =
		    s->poison_part < 0 ? s->damage.nparts - 1 : s->poison_part;
		if (s->poison != BS1E_POISON_NONE && pp >= s->damage.nparts)
			return fail(err, errlen,
				    "poison on attack %d, but the damage has "
				    "fewer attacks",
				    pp + 1);
		for (int i = 0; i < s->damage.nparts; i++) {
			if (bs1e_colread_for_part(
				&s->damage.part[i], s->damage_plus,
				&p.read[p.nreads], err, errlen) < 0)
				return -1;
			/* [11.4] [11.7] a part that does double damage */
			int dbl = i < 32 && ((s->doubled >> i) & 1u);
			p.read[p.nreads].doubled = dbl;
			p.nreads++;
			int poisons =
			    s->poison_parts
				? i < 32 && ((s->poison_parts >> i) & 1u)
				: i == pp;
			if (s->poison != BS1E_POISON_NONE && poisons) {
				/* RULING R-066 [13.2] the poison's extra
				 * damage: the poisonous attack read again,
				 * its column shifted 1, 2 or 3 further right
				 * with the same roll. */
				struct bs1e_colread *r = &p.read[p.nreads];
				if (bs1e_colread_for_part(
					&s->damage.part[i],
					s->damage_plus +
					    bs1e_poison_shift(s->poison),
					r, err, errlen) < 0)
					return -1;
				r->poison = 1;
				r->doubled = dbl;
				p.nreads++;
			}
		}
	}
	/* The largest result (the "<=0" row is the largest of every column)
	 * must stay well inside an int. */
	long long most = 0;
	for (int i = 0; i < p.nreads; i++)
		most += bs1e_colread_tenths(&p.read[i], 0) *
			(p.read[i].doubled ? 2 : 1);
	most = most * p.attacks_num / p.attacks_den;
	most *= (p.level_drain ? 2 : 1) * (long long)p.figures;
	if (most > BS1E_MAX_TOTAL_TENTHS)
		return fail(err, errlen,
			    "the damage could exceed %d HD: too large to "
			    "compute",
			    (int)(BS1E_MAX_TOTAL_TENTHS / 10));
	*out = p;
	return 0;
}

void bs1e_attack_resolve(const struct bs1e_attack_plan *p, int roll,
			 struct bs1e_attack_result *out)
{
	memset(out, 0, sizeof *out);
	out->roll = roll;
	/* [8.4 B] add the 2d6 to the result of step A. */
	out->attack_roll = p->ar_minus_ac + roll;
	/* [8.4 D] each reading on the CRT; [8.6] different attacks add,
	 * with the same attack roll; [11.5] rider and mount likewise. */
	for (int i = 0; i < p->nreads; i++) {
		out->read_tenths[i] =
		    bs1e_colread_tenths(&p->read[i], out->attack_roll);
		/* [11.4] [11.7] double damage: the reading counts twice */
		if (p->read[i].doubled)
			out->read_tenths[i] *= 2;
		out->routine_tenths += out->read_tenths[i];
	}
	/* [8.6] the same attack repeated multiplies; RULING R-064 a rate
	 * like 3/2 multiplies by 3/2, rounded down to the tenth. */
	int per = (int)((long long)out->routine_tenths * p->attacks_num /
			p->attacks_den);
	/* [13.5] level drainers do double damage. */
	if (p->level_drain)
		per = bs1e_level_drain_damage(per);
	out->per_figure_tenths = per;
	/* [8.4 E] multiply by the number of figures that attacked. */
	out->total_tenths = per * p->figures;
}

int bs1e_roll_2d6(struct bs_dice_source *src)
{
	/* [8.4 B] roll 2d6. */
	return bs_roll_n(src, 2, 6);
}

int bs1e_2d6_ways(int roll)
{
	if (roll < 2 || roll > 12)
		return 0;
	return 6 - (roll > 7 ? roll - 7 : 7 - roll);
}

int bs1e_attacks_in_phase(int num, int den, int phase)
{
	assert(num >= 1 && den >= 1 && phase >= 0);
	/* Whole attacks made by the end of this phase, less those made by
	 * the end of the last: 3/2 gives 1, 2, 1, 2 ... */
	long long upto = (long long)(phase + 1) * num / den;
	long long before = (long long)phase * num / den;
	return (int)(upto - before);
}

/* ---- [8.7] killed and wounded figures -------------------------------------
 */

void bs1e_casualties(int damage_tenths, int figure_hd_tenths, int figures_left,
		     struct bs1e_casualties *out)
{
	assert(figure_hd_tenths > 0);
	memset(out, 0, sizeof *out);
	if (damage_tenths < 0)
		damage_tenths = 0;
	if (figures_left < 0)
		figures_left = 0;
	out->damage_tenths = damage_tenths;
	/* [8.7] a figure is killed for each full figure's HD of damage. */
	int killed = damage_tenths / figure_hd_tenths;
	if (killed >= figures_left) {
		/* The whole unit is killed; the rest goes nowhere. */
		out->killed = figures_left;
		out->leftover_tenths =
		    damage_tenths - figures_left * figure_hd_tenths;
		out->disregarded_tenths = out->leftover_tenths;
		return;
	}
	out->killed = killed;
	out->leftover_tenths = damage_tenths % figure_hd_tenths;
	/* [8.7] a wound for 1/4 of a figure's HD or more; less is simply
	 * disregarded. */
	if (out->leftover_tenths > 0 &&
	    4 * out->leftover_tenths >= figure_hd_tenths)
		out->wounded = 1;
	else
		out->disregarded_tenths = out->leftover_tenths;
}

void bs1e_melee_losses(struct bs1e_unit_figs *u,
		       const struct bs1e_casualties *hits, size_t nhits,
		       struct bs1e_phase_losses *out)
{
	memset(out, 0, sizeof *out);
	int killed = 0, wounds = 0;
	for (size_t i = 0; i < nhits; i++) {
		killed += hits[i].killed;
		wounds += hits[i].wounded;
	}
	if (u->wounded > u->figures)
		u->wounded = u->figures;
	/* [8.4 G] remove the killed figures. RULING R-065 [8.7] kills take
	 * unwounded figures first (the [8.7] example keeps the old wound). */
	if (killed > u->figures)
		killed = u->figures;
	out->killed = killed;
	u->figures -= killed;
	if (u->wounded > u->figures)
		u->wounded = u->figures;
	/* [8.4 G] place the wounds: on unwounded figures while there are
	 * any; a second wound on a figure kills it [8.7]. */
	out->new_wounds = wounds;
	int unwounded = u->figures - u->wounded;
	int onto_fresh = wounds < unwounded ? wounds : unwounded;
	int second = wounds - onto_fresh;
	if (second > u->wounded)
		second = u->wounded;
	u->wounded += onto_fresh - second;
	u->figures -= second;
	out->removed_by_wounds = second;
	/* [8.7] "no unit can have more than one wounded figure. If a unit
	 * has two wounded figures, remove one and return the other to
	 * normal health." RULING R-065: every further pair likewise. */
	int pairs = u->wounded / 2;
	u->figures -= pairs;
	u->wounded -= 2 * pairs;
	out->removed_by_wounds += pairs;
	out->healed = pairs;
	out->removed = out->killed + out->removed_by_wounds;
}

void bs1e_melee_phase_end(struct bs1e_unit_figs *a,
			  const struct bs1e_casualties *on_a, size_t na,
			  struct bs1e_phase_losses *la,
			  struct bs1e_unit_figs *b,
			  const struct bs1e_casualties *on_b, size_t nb,
			  struct bs1e_phase_losses *lb)
{
	/* [8.4 F] both sides have attacked with the figures they had; [8.4
	 * G] only now are the losses of both sides removed. */
	bs1e_melee_losses(a, on_a, na, la);
	bs1e_melee_losses(b, on_b, nb, lb);
}
