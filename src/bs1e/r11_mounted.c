/* Rating cavalry [11.2] and chariots [11.3]: AR, HD, AC, MV and damage of
 * a mounted figure from its riders (passengers) and mounts (pullers), each
 * with its derivation. Roundings: RULING R-051 (cavalry), R-052
 * (chariots), known-gaps 43. */
#include "battlesim/bs1e_roster.h"
#include "core/text.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static long long fdiv(long long num, long long den)
{
	long long q = num / den;
	if ((num % den) != 0 && num < 0)
		q--;
	return q;
}

/* num / den with up to two decimals. */
static char *dec(long long num, long long den, char *buf, size_t len)
{
	int neg = num < 0;
	if (neg)
		num = -num;
	long long h = (num * 200 + den) / (2 * den);
	if (h % 100 == 0)
		bs_fmt(buf, len, "%s%lld", neg ? "-" : "", h / 100);
	else if (h % 10 == 0)
		bs_fmt(buf, len, "%s%lld.%lld", neg ? "-" : "", h / 100,
		       (h % 100) / 10);
	else
		bs_fmt(buf, len, "%s%lld.%02lld", neg ? "-" : "", h / 100,
		       h % 100);
	return buf;
}

static void add_damage(struct bs1e_damage *to, const struct bs1e_damage *from,
		       int times)
{
	for (int i = 0; i < from->nsrc && to->nsrc < BS1E_DMG_MAX_SRC; i++) {
		to->src[to->nsrc] = from->src[i];
		to->src[to->nsrc].times *= times;
		to->nsrc++;
	}
}

void bs1e_rate_cavalry(const struct bs1e_component *rider,
		       const struct bs1e_component *mount,
		       struct bs1e_mounted_rating *out)
{
	char lab[BS_DERIV_LABEL], a[24], b[24], r[24];
	memset(out, 0, sizeof *out);

	/* [11.2] AR: the rider's (the mounted figure's ratio is applied by
	 * the caller, RULING R-051) */
	bs_fmt(lab, sizeof lab, "the rider's (%s)", rider->name);
	bs_deriv_init(&out->thac0, rider->thac0, lab, NULL, "[8.3, 11.2]");
	out->plus = rider->plus;

	/* [11.2] HD: the average of rider and mount, rounded up to a whole
	 * die; whole dice only (RULING) */
	long long sum = (long long)rider->hd.tenths + mount->hd.tenths;
	long long hd = (sum + 19) / 20 * 10; /* ceil(sum / 2 / 10) * 10 */
	bs_tenths_text(rider->hd.tenths, a, sizeof a);
	bs_tenths_text(mount->hd.tenths, b, sizeof b);
	if (sum % 20 == 0)
		bs_fmt(lab, sizeof lab, "average of %s and %s HD", a, b);
	else
		bs_fmt(lab, sizeof lab, "average of %s and %s HD (%s), up", a,
		       b, dec(sum, 20, r, sizeof r));
	bs_deriv_init(&out->hd, (int)hd, lab, NULL, "[11.2, R-051]");

	/* [11.2] AC: the poorer */
	bs_fmt(lab, sizeof lab, "poorer of rider AC %d, mount AC %d", rider->ac,
	       mount->ac);
	bs_deriv_init(&out->ac, rider->ac > mount->ac ? rider->ac : mount->ac,
		      lab, NULL, "[11.2]");

	/* [11.2] MV: the mount's */
	bs_fmt(lab, sizeof lab, "the mount's (%s)", mount->name);
	bs_deriv_init(&out->mv, mount->mv, lab, NULL, "[11.2]");

	out->size = rider->size > mount->size ? rider->size : mount->size;

	/* [11.2] Dmg: added */
	out->dmg.cite = "[11.2]";
	add_damage(&out->dmg, &rider->dmg, 1);
	add_damage(&out->dmg, &mount->dmg, 1);
}

void bs1e_rate_chariot(const struct bs1e_component *pass,
		       const struct bs1e_component *pull,
		       struct bs1e_mounted_rating *out)
{
	char lab[BS_DERIV_LABEL], a[24], b[24], r[24];
	memset(out, 0, sizeof *out);
	long long p = pass->count > 0 ? pass->count : 1;
	long long q = pull->count > 0 ? pull->count : 1;

	/* [11.3] AR: the average of all passengers (their weapon's plus
	 * counted) and all pullers, rounded in favour of the chariot */
	long long num = p * (pass->thac0 - pass->plus) + q * pull->thac0;
	long long v = fdiv(num, p + q);
	dec(num, p + q, r, sizeof r);
	if (v * (p + q) == num)
		bs_fmt(lab, sizeof lab, "average of crew and team %s", r);
	else
		bs_fmt(lab, sizeof lab,
		       "average of crew and team %s, down (in favour)", r);
	bs_deriv_init(&out->thac0, (int)v, lab, NULL, "[11.3, R-052]");
	out->plus = 0;

	/* [11.3] HD: the pullers' average plus the passengers' average */
	bs_tenths_text(pull->hd.tenths, a, sizeof a);
	bs_tenths_text(pass->hd.tenths, b, sizeof b);
	bs_fmt(lab, sizeof lab, "pullers %s HD + passengers %s HD", a, b);
	bs_deriv_init(&out->hd, pull->hd.tenths + pass->hd.tenths, lab, NULL,
		      "[11.3, R-042]");

	/* [11.3] AC: the average, rounded in favour (down), -2 */
	num = p * pass->ac + q * pull->ac;
	v = fdiv(num, p + q);
	dec(num, p + q, r, sizeof r);
	if (v * (p + q) == num)
		bs_fmt(lab, sizeof lab, "average");
	else
		bs_fmt(lab, sizeof lab, "average %s, down (in favour) =", r);
	bs_deriv_init(&out->ac, (int)v, lab, NULL, "[11.3, R-052]");
	bs_deriv_add(&out->ac, -2, "[11.3]", "chariot");

	/* [11.3] MV: 2/3 of the pullers', fractions dropped (RULING R-052);
	 * full when the pullers have 3 or more times the riders' total HD */
	long long team = q * pull->hd.tenths, crew = p * pass->hd.tenths;
	if (team >= 3 * crew) {
		bs_fmt(lab, sizeof lab,
		       "the pullers' (their HD %lld >= 3 x %lld)", team / 10,
		       crew / 10);
		bs_deriv_init(&out->mv, pull->mv, lab, NULL, "[11.3]");
	} else {
		int mv = pull->mv * 2 / 3;
		bs_fmt(lab, sizeof lab, "2/3 x the pullers' MV %d%s", pull->mv,
		       mv * 3 == pull->mv * 2 ? "" : ", rounded down");
		bs_deriv_init(&out->mv, mv, lab, NULL,
			      mv * 3 == pull->mv * 2 ? "[11.3]"
						     : "[11.3, R-052]");
	}

	out->size = pass->size > pull->size ? pass->size : pull->size;

	/* [11.3] Dmg: all pullers and all passengers, added */
	out->dmg.cite = "[11.3]";
	add_damage(&out->dmg, &pass->dmg, (int)p);
	add_damage(&out->dmg, &pull->dmg, (int)q);
	assert(out->dmg.nsrc <= BS1E_DMG_MAX_SRC);
}

/* The riders of unit u's figure (a chariot's passengers, a mixed unit's
 * parts) into out (room for BS1E_FIGURE_MAX_CREATURES); *steed its mount
 * or pullers (NULL on foot). Returns how many riders. */
static int riders(const struct bs_unit *u, const struct bs_creature **out,
		  const struct bs_creature **steed)
{
	*steed = u->mount ? u->mount : u->chariot.puller;
	if (u->chariot.puller && u->chariot.passenger && u->nmix == 0) {
		out[0] = u->chariot.passenger;
		return 1;
	}
	return bs_unit_creatures(u, out);
}

int bs1e_figure_creatures(const struct bs_unit *u,
			  const struct bs_creature **out)
{
	const struct bs_creature *steed;
	int n = riders(u, out, &steed);
	/* RULING R-610 [11.2] "Special defenses apply only if they apply to
	 * both rider and steed", [11.3] "to all creatures forming the
	 * chariot": the steed is a creature of the figure */
	if (steed && n < BS1E_FIGURE_MAX_CREATURES)
		out[n++] = steed;
	return n;
}

unsigned bs1e_mounted_flags(const struct bs_unit *u)
{
	const struct bs_creature *rider[BS1E_FIGURE_MAX_CREATURES];
	const struct bs_creature *steed;
	int nr = riders(u, rider, &steed);
	/* on foot: its creature's (a mixed unit: its first part's) */
	unsigned own = u->creature ? u->creature->flags : 0;
	if (!steed)
		return own;
	/* [11.2] "Special abilities possessed by either rider or steed can
	 * be used. Special defenses apply only if they apply to both rider
	 * and steed." [11.3] "... only if they apply to all creatures
	 * forming the chariot." RULING R-545: the abilities are those that
	 * act on the enemy (level drain [13.5], the undead's contact check
	 * Table 5, paralysis, poison, fear); the defenses those that protect
	 * the figure (hit only by magic weapons [13.3], regeneration
	 * [13.8]); every other quality is the rider's (his AR, morale and
	 * daylight, [11.2] "AR: Rider's AR") */
	const unsigned sa = BS_CF_LEVEL_DRAIN | BS_CF_UNDEAD | BS_CF_PARALYZES |
			    BS_CF_POISON | BS_CF_CAUSES_FEAR;
	const unsigned sd = BS_CF_MAGIC_TO_HIT | BS_CF_REGENERATES;
	unsigned any = steed->flags, all = steed->flags;
	for (int i = 0; i < nr; i++) {
		unsigned f = rider[i] ? rider[i]->flags : 0;
		any |= f;
		all &= f;
	}
	return (own & ~(sa | sd)) | (any & sa) | (all & sd);
}
