/* battlesim cast: the referee's calculator for one 1E magical attack of
 * the catalog ([14.5] artillery spells, items, breath weapons): the area
 * on the table by Table 17 [14.2], the [14.5 A] HD of damage per creature
 * and per figure, the [14.3] saving throws per figure (the optional
 * 20-figure rule), the [14.5 B] fate of each figure; against an
 * individual the AD&D hit points with his save; or the exact odds. */
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "battlesim/diag.h"
#include "battlesim/bs1e_roster.h"
#include "battlesim/report.h"
#include "battlesim/rng.h"
#include "cli.h"

#define DEFAULT_SEED 1985
#define MAX_FIGS 1000
#define MAX_ROLLS 1100

const char cmd_cast_help[] =
    "usage: battlesim cast SPELL [OPTIONS]\n"
    "\n"
    "Resolve one 1E magical attack of the catalog (a [14.5] artillery\n"
    "spell, wand, staff or breath weapon) against figures or an individual\n"
    "and show every step with its rule.\n"
    "\n"
    "The caster:\n"
    "  SPELL                a catalog record: fireball, 'wand of fire balls',\n"
    "                       'red dragon breath' (battlesim roster shows them)\n"
    "  --class CLS          the list the spell is from when several have it\n"
    "                       (cleric, druid, magic-user, illusionist)\n"
    "  --level N            caster level (required for spells; items use\n"
    "                       their own)\n"
    "  --breather-hp N      a breath weapon: the monster's hit points [13.7]\n"
    "  --scenario FILE      use FILE's catalog (its own `spells:`)\n"
    "  --table17-annotated  Table 17's annotated column (R-005)\n"
    "\n"
    "The target figure (one creature type):\n"
    "  --creature NAME      a catalog creature: its HD\n"
    "  --target-hd HD       or its HD (4, 0.5); R-042: +hp not counted\n"
    "  --target-ac N        its AC (shown: spells do not roll to hit)\n"
    "  --ratio N            creatures per figure (default Table 1 by HD)\n"
    "  --figures N          figures in the area (default 1, at most 1000)\n"
    "  --save N             its saving throw number (default: the AD&D\n"
    "                       tables by HD, or by "
    "--target-class/--target-level)\n"
    "  --target-class CLS   a unit of characters: their class ...\n"
    "  --target-level N     ... and level\n"
    "  --save-mod N         to the d20 of each saving throw\n"
    "  --twenty             the optional 20-figure rule [14.3] (R-567)\n"
    "  --strike SIDE        a line or cone: front, rear or side of the\n"
    "                       figures it strikes (default front) [14.5 B]\n"
    "  --formation F        closed (default), open, skirmish or mob\n"
    "  --beyond-half        a cone: the figures are beyond its first half\n"
    "\n"
    "An individual instead of figures:\n"
    "  --hp N               his hit points: AD&D damage [14.5 A], his save\n"
    "                       by --save or --target-class/--target-level\n"
    "\n"
    "The dice:\n"
    "  --roll LIST          the dice rolled at the table in order, like\n"
    "                       '6 5 4 3 2 15': damage dice that are rolled, then\n"
    "                       one d20 per saving throw\n"
    "  --seed S             otherwise roll them from seed S (default 1985)\n"
    "  --odds               the exact distribution instead of one roll\n"
    "  --json               print a JSON object\n"
    "\n"
    "Only records that do hit-point damage are calculated; the others'\n"
    "effects ([14.6]-[14.9]) are not played yet and are refused with a\n"
    "message. Exit 0 ok, 2 bad input.\n"
    "\n"
    "Example ([14.5 B], ten 4 HD ogres and a 6 HD fireball):\n"
    "  battlesim cast fireball --level 6 --target-hd 4 --ratio 10 --roll 9\n";

struct cast_opts {
	const char *spell, *cls, *scenario, *creature, *tclass, *strike_text;
	int level, breather_hp, annotated;
	int target_hd, have_hd, target_ac, have_ac, ratio, figures;
	int save, have_save, tlevel, save_mod, twenty;
	enum bs1e_strike strike;
	enum bs_formation formation;
	int beyond_half;
	int hp, have_hp;
	int rolls[MAX_ROLLS], nrolls, have_roll;
	int seed, odds, json;
};

static int parse_rolls(const char *text, struct cast_opts *o)
{
	const char *p = text;
	while (*p) {
		char *end;
		while (*p == ' ' || *p == ',')
			p++;
		if (!*p)
			break;
		long v = strtol(p, &end, 10);
		if (end == p || v < 1 || v > 100 || o->nrolls >= MAX_ROLLS)
			return cli_usage_error(
			    "cast",
			    "--roll expects up to %d dice of 1 to 100 "
			    "separated by spaces, not '%s'",
			    MAX_ROLLS, text);
		o->rolls[o->nrolls++] = (int)v;
		p = end;
	}
	if (o->nrolls == 0)
		return cli_usage_error("cast", "--roll: no dice in '%s'", text);
	o->have_roll = 1;
	return 0;
}

static int parse_hd(const char *text, int *out)
{
	char *end;
	double v = strtod(text, &end);
	if (end == text || *end || v < 0.1 || v > 100)
		return cli_usage_error(
		    "cast", "--target-hd expects HD like 4 or 0.5, not '%s'",
		    text);
	*out = (int)(v * 10 + 0.5);
	return 0;
}

static const char *strike_name(enum bs1e_strike s)
{
	return bs1e_strike_name[s];
}

/* The saving throw number and its derivation. */
static int save_number(const struct cast_opts *o, const struct bs_spell *sp,
		       struct bs_deriv *d)
{
	if (o->have_save) {
		bs_deriv_init(d, o->save, "given (--save)", NULL, "[14.3]");
		return o->save;
	}
	if (o->tclass)
		return bs1e_save_class(o->tclass, o->tlevel, sp->save_vs, d);
	struct bs_creature c = {.hd = {o->target_hd, 0}};
	return bs1e_save_creature(&c, sp->save_vs, d);
}

/* ---- the HD per creature [14.5 A] ---------------------------------------
 */

/* Split the damage into the parts read on D6/D8 (HD directly) and the
 * others (hit points / 4): the same test bs1e_magic_hd makes. */
static int hd_parts(const struct bs_dice *dd, int *dice_hd, struct bs_dice *hp)
{
	memset(hp, 0, sizeof *hp);
	*dice_hd = 0;
	for (int i = 0; i < dd->nparts; i++) {
		struct bs_dice one = {.nparts = 1};
		one.part[0] = dd->part[i];
		int ones[BS_DICE_MAX_COUNT];
		for (int k = 0; k < BS_DICE_MAX_COUNT; k++)
			ones[k] = 1;
		struct bs_dice_source s;
		struct bs1e_magic_hd m;
		bs_dice_source_script(&s, ones, BS_DICE_MAX_COUNT);
		if (bs1e_magic_hd(&one, &s, &m) != 0)
			return -1;
		if (m.hp_parts == 0)
			*dice_hd += m.dice_hd;
		else
			hp->part[hp->nparts++] = dd->part[i];
	}
	return 0;
}

/* The distribution of the sum of d's parts: p[v - *lo] for v in lo..hi. */
static double *dice_dist(const struct bs_dice *d, int *lo, int *hi)
{
	int min = bs_dice_min(d), max = bs_dice_max(d);
	int n = max - min + 1;
	double *p = calloc((size_t)n, sizeof *p),
	       *q = calloc((size_t)n, sizeof *q);
	if (!p || !q) {
		free(p);
		free(q);
		return NULL;
	}
	p[0] = 1;
	int span = 0; /* current support 0..span (offset from min) */
	for (int i = 0; i < d->nparts; i++) {
		const struct bs_dice_part *pt = &d->part[i];
		for (int c = 0; c < pt->count && pt->sides > 0; c++) {
			memset(q, 0, (size_t)n * sizeof *q);
			for (int v = 0; v <= span; v++)
				for (int f = 0; f < pt->sides; f++)
					q[v + f] += p[v] / pt->sides;
			span += pt->sides - 1;
			double *t = p;
			p = q;
			q = t;
		}
	}
	free(q);
	*lo = min;
	*hi = max;
	return p;
}

/* ---- one roll -------------------------------------------------------------
 */

struct fig_result {
	struct bs1e_magic_hd m;
	int hd_creature; /* tenths */
	int hd_figure;
	struct bs1e_spell_effect fx;
	struct bs1e_figure_saves fs;
	signed char each[MAX_FIGS];
	int removed, wounded, untouched;
};

static enum bs1e_save save_kind(const struct bs_spell *sp)
{
	if (sp->save_vs < 0)
		return BS1E_SAVE_NONE;
	return sp->save_effect == BS_SAVEFX_HALF      ? BS1E_SAVE_HALF
	       : sp->save_effect == BS_SAVEFX_NEGATES ? BS1E_SAVE_NEGATES
						      : BS1E_SAVE_NONE;
}

static void tally(struct fig_result *r, int figures)
{
	r->removed = r->wounded = r->untouched = 0;
	for (int i = 0; i < figures; i++) {
		enum bs1e_spell_fate f = r->fx.fate;
		if (f == BS1E_SPELL_SAVE_DECIDES)
			f = r->each[i] ? r->fx.if_saved : r->fx.if_failed;
		if (f == BS1E_SPELL_REMOVED)
			r->removed++;
		else if (f == BS1E_SPELL_WOUNDED)
			r->wounded++;
		else
			r->untouched++;
	}
}

static json_t *deriv_json(const struct bs_deriv *d, const char *name)
{
	char buf[512];
	return json_string(bs_deriv_text(d, name, 0, buf, sizeof buf));
}

static void print_area(FILE *f, const struct bs_spell *sp, int level,
		       int annotated, json_t *j)
{
	struct bs1e_area_size z;
	char a[16], b[16];
	if (bs1e_spell_area_size(sp, level, annotated, &z) != 0) {
		if (f)
			fprintf(f, "  area: %s [14.2]\n",
				sp->area == BS_AREA_NONE
				    ? "none (a target, a touch)"
				    : "not known (R-564)");
		if (j)
			json_object_set_new(j, "area", json_null());
		return;
	}
	bs_tenths_text(z.a_tenths, a, sizeof a);
	bs_tenths_text(z.b_tenths, b, sizeof b);
	if (f) {
		fprintf(f, "  area: %s", bs_area_shape_name[z.shape]);
		if (z.shape == BS_AREA_CIRCLE)
			fprintf(
			    f, " %s %s\" AD&D -> radius %.2f\" on the table",
			    sp->area_diameter ? "diameter" : "radius", a, z.a);
		else
			fprintf(f,
				" %s\" x %s\" AD&D -> %.2f\" x %.2f\" on the "
				"table",
				a, b, z.a, z.b);
		fprintf(f, " (Table 17, %s column; 1\" = 10') [14.2]\n",
			annotated ? "annotated" : "rulebook");
	}
	if (j) {
		json_t *o = json_object();
		json_object_set_new(o, "shape",
				    json_string(bs_area_shape_name[z.shape]));
		json_object_set_new(o, "adnd_a", cli_json_tenths(z.a_tenths));
		json_object_set_new(o, "adnd_b", cli_json_tenths(z.b_tenths));
		json_object_set_new(o, "table_a", json_real(z.a));
		json_object_set_new(o, "table_b", json_real(z.b));
		json_object_set_new(
		    o, "table17",
		    json_string(annotated ? "annotated" : "rulebook"));
		json_object_set_new(o, "cite", json_string("[14.2]"));
		json_object_set_new(j, "area", o);
	}
}

static void dump(json_t *root)
{
	json_dumpf(root, stdout, bs_report_json_pretty_flags());
	fputc('\n', stdout);
	json_decref(root);
}

/* The figures' exact odds: one damage roll for the area, then each
 * figure's save; P(k removed) and the expected figures. */
static int odds_figures(const struct cast_opts *o, const struct bs_dice *dd,
			int creature_hd, int number, int wound_only,
			enum bs1e_save sk, json_t *j)
{
	int dice_hd, lo, hi;
	struct bs_dice hp;
	if (hd_parts(dd, &dice_hd, &hp) != 0)
		return cli_usage_error("cast", "the damage cannot be read");
	double *ph = NULL;
	if (hp.nparts > 0) {
		ph = dice_dist(&hp, &lo, &hi);
		if (!ph)
			return cli_usage_error("cast", "out of memory");
	}
	int n = o->figures;
	double *pk = calloc((size_t)n + 1, sizeof *pk);
	double *pw = calloc((size_t)n + 1, sizeof *pw);
	if (!pk || !pw) {
		free(ph);
		free(pk);
		free(pw);
		return cli_usage_error("cast", "out of memory");
	}
	int c20 = bs1e_save_chance20(number, o->save_mod);
	double psave = sk == BS1E_SAVE_NONE ? 0 : c20 / 20.0;
	int auto_f = 0, auto_s = 0;
	if (o->twenty && n >= 20 && sk != BS1E_SAVE_NONE) {
		auto_f = (n / 20) * (20 - c20);
		auto_s = (n / 20) * c20;
	}
	int rolled = n - auto_f - auto_s;
	double e_removed = 0, e_wounded = 0;
	int nvals = ph ? hi - lo + 1 : 1;
	for (int v = 0; v < nvals; v++) {
		double pv = ph ? ph[v] : 1;
		if (pv <= 0)
			continue;
		int hpv = ph ? lo + v : 0;
		int hd = 10 * (dice_hd + (hpv < 0 ? 0 : (hpv + 2) / 4));
		struct bs1e_spell_effect fx;
		bs1e_spell_effect(hd * 1, creature_hd, sk, wound_only, &fx);
		/* each figure's fate: saved or failed */
		int rs = fx.if_saved == BS1E_SPELL_REMOVED;
		int rf = fx.if_failed == BS1E_SPELL_REMOVED;
		int ws = fx.if_saved == BS1E_SPELL_WOUNDED;
		int wf = fx.if_failed == BS1E_SPELL_WOUNDED;
		int base_k = auto_f * rf + auto_s * rs;
		double p1 = psave * rs + (1 - psave) * rf; /* removed */
		e_removed += pv * (base_k + rolled * p1);
		e_wounded += pv * (auto_f * wf + auto_s * ws +
				   rolled * (psave * ws + (1 - psave) * wf));
		/* binomial(rolled, p1) */
		double b = 1;
		for (int k = 0; k < rolled; k++)
			b *= 1 - p1;
		for (int k = 0; k <= rolled; k++) {
			pk[base_k + k] += pv * b;
			if (k < rolled)
				b = p1 >= 1 ? (k + 1 == rolled ? 1 : 0)
					    : b * (rolled - k) / (k + 1) * p1 /
						  (1 - p1);
		}
	}
	free(ph);
	if (j) {
		json_t *a = json_array();
		for (int k = 0; k <= n; k++)
			json_array_append_new(a, json_real(pk[k]));
		json_object_set_new(j, "p_removed", a);
		json_object_set_new(j, "expected_removed",
				    json_real(e_removed));
		json_object_set_new(j, "expected_wounded",
				    json_real(e_wounded));
	} else {
		printf("  odds: one damage roll for the area, one saving throw "
		       "per figure%s [14.3]\n",
		       auto_f + auto_s ? " (the 20-figure rule, R-567)" : "");
		printf("    figures removed   chance\n");
		for (int k = 0; k <= n; k++)
			if (pk[k] >= 0.00005)
				printf("    %15d   %6.2f%%\n", k, 100 * pk[k]);
		printf("  expected: %.3f figures removed, %.3f wounded\n",
		       e_removed, e_wounded);
	}
	(void)pw;
	free(pk);
	free(pw);
	return 0;
}

static int odds_individual(const struct cast_opts *o, const struct bs_spell *sp,
			   int number, json_t *j)
{
	/* the hit points as bs1e_spell_hp_damage rolls them */
	const struct bs_spell_damage *d = &sp->damage;
	struct bs_dice dd = {0};
	if (d->hp) {
		dd.part[dd.nparts++] =
		    (struct bs_dice_part){0, 0, o->breather_hp};
	} else {
		int level = o->level > 0 ? o->level : sp->item_level;
		if (d->fixed.count > 0 || d->fixed.plus)
			dd.part[dd.nparts++] = d->fixed;
		int n = bs_level_qty_at(&d->n, level);
		if (n > 0) {
			struct bs_dice_part e = d->each;
			e.count *= n;
			e.plus *= n;
			if (e.count > BS_DICE_MAX_COUNT)
				return cli_usage_error(
				    "cast", "too many dice (%d)", e.count);
			dd.part[dd.nparts++] = e;
		}
	}
	int lo, hi;
	double *p = dice_dist(&dd, &lo, &hi);
	if (!p)
		return cli_usage_error("cast", "out of memory");
	int allowed = sp->save_vs >= 0 && sp->save_effect != BS_SAVEFX_NONE;
	double ps =
	    allowed ? bs1e_save_chance20(number, o->save_mod) / 20.0 : 0;
	double e_dmg = 0, p_kill = 0;
	for (int v = lo; v <= hi; v++) {
		double pv = p[v - lo];
		int r = v < 0 ? 0 : v;
		int ds = bs1e_spell_hp_after_save(r, sp->save_effect, 1);
		e_dmg += pv * (ps * ds + (1 - ps) * r);
		p_kill += pv * (ps * (ds >= o->hp) + (1 - ps) * (r >= o->hp));
	}
	free(p);
	if (j) {
		json_object_set_new(j, "expected_damage", json_real(e_dmg));
		json_object_set_new(j, "p_killed", json_real(p_kill));
		json_object_set_new(j, "damage_min", json_integer(lo));
		json_object_set_new(j, "damage_max", json_integer(hi));
	} else {
		printf("  odds: hit points %d to %d rolled; expected damage "
		       "taken %.3f; killed (hp %d or more) %.2f%% [14.5 A]\n",
		       lo, hi, e_dmg, o->hp, 100 * p_kill);
	}
	return 0;
}

static int run(struct cast_opts *o, const struct bs_scenario *sc)
{
	const struct bs_spell *sp = NULL;
	int cls = -1;
	if (o->cls) {
		for (int i = 0; i < BS_SPCLASS__COUNT; i++)
			if (bs_name_eq(o->cls, bs_spell_class_name[i]))
				cls = i;
		if (cls < 0)
			return cli_usage_error(
			    "cast",
			    "--class expects cleric, druid, magic-user or "
			    "illusionist, not '%s'",
			    o->cls);
	}
	sp = bs_scenario_spell(sc, o->spell, cls);
	if (!sp) {
		/* a typo gets its "did you mean", as in the loader */
		const char **names =
		    malloc((size_t)(sc->nspells > 0 ? sc->nspells : 1) *
			   sizeof *names);
		const char *sug = NULL;
		if (names) {
			for (int i = 0; i < sc->nspells; i++)
				names[i] = sc->spells[i].name;
			sug = bs_suggest(o->spell, names, (size_t)sc->nspells);
		}
		int rc = cli_usage_error(
		    "cast",
		    "no spell, item or breath '%s' in the catalog "
		    "(battlesim roster lists the casters' spells; "
		    "docs/CATALOG.md all)%s%s%s",
		    o->spell, sug ? " (did you mean '" : "", sug ? sug : "",
		    sug ? "'?)" : "");
		free(names);
		return rc;
	}
	if (!sp->damage.given)
		return cli_usage_error(
		    "cast",
		    "'%s' is %s %s: it does no hit-point damage; its effect "
		    "(%s) is not played yet, only [14.5] damage is calculated",
		    sp->name, bs_spell_category_info[sp->category].cite,
		    bs_spell_category_info[sp->category].title,
		    bs_spell_effect_name[sp->effect]);
	if (sp->kind == BS_MAGIC_SPELL && o->level <= 0)
		return cli_usage_error("cast",
				       "--level: the caster's level is needed "
				       "for a spell");
	if (sp->damage.hp && o->breather_hp < 1)
		return cli_usage_error(
		    "cast", "--breather-hp: a breath weapon does the "
			    "breather's hit points [13.7]");
	if (!o->have_hp && !o->have_hd && !o->creature)
		return cli_usage_error(
		    "cast", "give the target: --creature, --target-hd, or --hp "
			    "for an individual");
	if (o->creature) {
		const struct bs_creature *c =
		    bs_scenario_creature(sc, o->creature);
		if (!c) {
			const char **names = malloc(
			    (size_t)(sc->ncreatures > 0 ? sc->ncreatures : 1) *
			    sizeof *names);
			const char *sug = NULL;
			if (names) {
				for (int i = 0; i < sc->ncreatures; i++)
					names[i] = sc->creatures[i].name;
				sug = bs_suggest(o->creature, names,
						 (size_t)sc->ncreatures);
			}
			int rc = cli_usage_error(
			    "cast", "no creature '%s' in the catalog%s%s%s",
			    o->creature, sug ? " (did you mean '" : "",
			    sug ? sug : "", sug ? "'?)" : "");
			free(names);
			return rc;
		}
		if (!o->have_hd)
			o->target_hd = c->hd.tenths > 0 ? c->hd.tenths : 1;
		o->have_hd = 1;
	}
	if (o->tclass && !bs1e_class_known(o->tclass))
		return cli_usage_error("cast",
				       "--target-class: unknown class "
				       "'%s'",
				       o->tclass);
	int level = o->level > 0 ? o->level : sp->item_level;
	json_t *j = o->json ? json_object() : NULL;
	FILE *tf = o->json ? NULL : stdout;
	char name[160];
	if (sp->kind == BS_MAGIC_SPELL)
		snprintf(name, sizeof name, "%s (%s %d)", sp->name,
			 bs_spell_class_name[sp->cls], sp->level);
	else
		snprintf(name, sizeof name, "%s (%s)", sp->name,
			 bs_magic_kind_name[sp->kind]);
	char who[64];
	if (sp->kind == BS_MAGIC_BREATH)
		snprintf(who, sizeof who, "a breather of %d hp [13.7]",
			 o->breather_hp);
	else
		snprintf(who, sizeof who, "%s level %d",
			 sp->kind == BS_MAGIC_SPELL ? "caster" : "item", level);
	if (tf)
		printf("%s, %s: %s %s\n", name, who,
		       bs_spell_category_info[sp->category].cite,
		       bs_spell_category_info[sp->category].title);
	else {
		json_object_set_new(j, "spell", json_string(sp->name));
		json_object_set_new(j, "kind",
				    json_string(bs_magic_kind_name[sp->kind]));
		json_object_set_new(j, "level", json_integer(level));
		json_object_set_new(
		    j, "category",
		    json_string(bs_spell_category_info[sp->category].name));
	}
	print_area(tf, sp, level, o->annotated, j);
	if (o->have_ac && tf)
		printf(
		    "  target AC %d: not used (spells and breath do not roll "
		    "to hit) [14.5]\n",
		    o->target_ac);

	/* the dice */
	struct bs_rng rng;
	struct bs_dice_source src;
	int rec[MAX_ROLLS];
	if (o->have_roll) {
		bs_dice_source_script(&src, o->rolls, (size_t)o->nrolls);
	} else {
		bs_rng_seed(&rng, (uint64_t)o->seed);
		bs_dice_source_rng(&src, &rng);
	}
	src.record = rec;
	src.record_cap = MAX_ROLLS;

	struct bs_deriv sd;
	int number = -1;
	if (sp->save_vs >= 0 && sp->save_effect != BS_SAVEFX_NONE) {
		if (!o->have_save && !o->tclass && !o->have_hd)
			return cli_usage_error(
			    "cast", "--save (or --target-class and "
				    "--target-level): the individual's "
				    "saving throw number");
		number = save_number(o, sp, &sd);
		char buf[256];
		if (tf)
			printf("  saving throw: %s; %s on a save (%s) [14.3]\n",
			       bs_deriv_text(&sd, "save", 0, buf, sizeof buf),
			       bs_save_effect_name[sp->save_effect],
			       o->save_mod ? "with --save-mod" : "PH");
		else {
			json_object_set_new(j, "save", json_integer(number));
			json_object_set_new(j, "save_derivation",
					    deriv_json(&sd, "save"));
			json_object_set_new(
			    j, "save_effect",
			    json_string(bs_save_effect_name[sp->save_effect]));
			json_object_set_new(j, "save_mod",
					    json_integer(o->save_mod));
		}
	} else if (tf) {
		printf("  saving throw: none [14.3]\n");
	}

	if (o->have_hp) {
		/* [14.5 A] against an individual: AD&D hit points */
		if (tf)
			printf(
			    "  target: an individual of %d hp: damage by the "
			    "AD&D rules [14.5 A]\n",
			    o->hp);
		if (o->odds) {
			int rc = odds_individual(o, sp, number, j);
			if (j)
				dump(j);
			return rc;
		}
		struct bs1e_indiv_spell r;
		int rc =
		    bs1e_spell_hp_damage(sp, level, o->breather_hp, o->hp,
					 number, o->save_mod, &src, NULL, &r);
		if (rc == -2)
			return cli_usage_error(
			    "cast",
			    "'%s': a save has a partial effect "
			    "(%s): not computed (R-571)",
			    sp->name, sp->note);
		if (rc != 0)
			return cli_usage_error("cast", "dice: %s",
					       src.error[0] ? src.error
							    : "no damage");
		if (tf) {
			printf("  damage: %d hit points rolled", r.rolled);
			if (r.save_die)
				printf("; save d20 %d + %d vs %d: %s -> %d "
				       "taken (R-571)",
				       r.save_die, o->save_mod, number,
				       r.saved ? "saved" : "failed", r.damage);
			printf(" [14.5 A] [14.3]\n  result: %d hp left%s\n",
			       r.hp_after, r.killed ? ": killed" : "");
		} else {
			json_object_set_new(j, "rolled",
					    json_integer(r.rolled));
			json_object_set_new(j, "save_die",
					    r.save_die
						? json_integer(r.save_die)
						: json_null());
			json_object_set_new(j, "saved", json_boolean(r.saved));
			json_object_set_new(j, "damage",
					    json_integer(r.damage));
			json_object_set_new(j, "hp_after",
					    json_integer(r.hp_after));
			json_object_set_new(j, "killed",
					    json_boolean(r.killed));
			json_object_set_new(j, "cite", json_string("[14.5 A]"));
			dump(j);
		}
		return 0;
	}

	/* figures: [14.5 A] HD per creature, per figure; [14.5 B] */
	struct bs_deriv ratio_d;
	bs1e_unit_ratio((struct bs_hd){o->target_hd, 0}, o->ratio, &ratio_d);
	int ratio = ratio_d.value;
	struct bs_dice dd;
	if (bs1e_spell_damage_dice(sp, level, o->breather_hp, &dd) != 0)
		return cli_usage_error("cast", "'%s': no damage", sp->name);
	int wound_only = bs1e_spell_wound_only(sp->area, o->strike,
					       o->formation, !o->beyond_half);
	enum bs1e_save sk = save_kind(sp);
	char dtext[64], hdt[16], buf[256];
	bs_dice_format(&dd, dtext, sizeof dtext);
	bs_tenths_text(o->target_hd, hdt, sizeof hdt);
	if (tf) {
		printf("  target: %d figure%s of %d creatures (%s) of %s HD "
		       "[2.2] [8.7]\n",
		       o->figures, o->figures == 1 ? "" : "s", ratio,
		       bs_deriv_text(&ratio_d, "ratio", 0, buf, sizeof buf),
		       hdt);
		if (sp->area == BS_AREA_LINE || sp->area == BS_AREA_CONE)
			printf("  struck from the %s, %s formation%s: %s "
			       "[14.5 B] (R-566)\n",
			       strike_name(o->strike),
			       bs_formation_name[o->formation],
			       sp->area == BS_AREA_CONE
				   ? (o->beyond_half ? ", beyond the cone's "
						       "first half"
						     : ", in the cone's first "
						       "half")
				   : "",
			       wound_only ? "at most a wound"
					  : "removal possible");
	} else {
		json_object_set_new(j, "damage", json_string(dtext));
		json_object_set_new(j, "target_hd",
				    cli_json_tenths(o->target_hd));
		json_object_set_new(j, "ratio", json_integer(ratio));
		json_object_set_new(j, "figures", json_integer(o->figures));
		json_object_set_new(j, "wound_only", json_boolean(wound_only));
	}
	if (o->odds) {
		if (tf)
			printf("  damage: %s [14.5 A]\n", dtext);
		int rc = odds_figures(o, &dd, o->target_hd, number, wound_only,
				      sk, j);
		if (j)
			dump(j);
		return rc;
	}
	struct fig_result *r = calloc(1, sizeof *r);
	if (!r)
		return cli_usage_error("cast", "out of memory");
	if (bs1e_magic_hd(&dd, &src, &r->m) != 0) {
		free(r);
		return cli_usage_error("cast", "dice: %s", src.error);
	}
	size_t dmg_dice = src.record_len;
	r->hd_creature = r->m.hd_tenths;
	r->hd_figure = bs1e_area_figure_hd(r->hd_creature, ratio);
	bs1e_spell_effect(r->hd_creature, o->target_hd, sk, wound_only, &r->fx);
	if (r->fx.fate == BS1E_SPELL_SAVE_DECIDES) {
		struct bs1e_save_who who = {-1, -1, -1};
		if (bs1e_figure_saves(&src, o->figures, number, o->save_mod,
				      o->twenty, &who, r->each, &r->fs) != 0) {
			free(r);
			return cli_usage_error("cast", "dice: %s", src.error);
		}
	}
	tally(r, o->figures);
	char hc[16], hf[16];
	bs_tenths_text(r->hd_creature, hc, sizeof hc);
	bs_tenths_text(r->hd_figure, hf, sizeof hf);
	if (tf) {
		printf("  damage: %s -> %d HD read on D6/D8", dtext,
		       r->m.dice_hd);
		if (r->m.hp_parts)
			printf(", %d hp rolled / 4 = %d HD", r->m.hp,
			       r->m.hp_hd);
		printf(" = %s HD per creature [14.5 A]\n", hc);
		printf("  per figure: %s HD x %d creatures = %s HD (every "
		       "creature in the area) [14.5 A]\n",
		       hc, ratio, hf);
		printf("  effect: saved -> %s, failed -> %s: %s [14.5 B]\n",
		       bs1e_spell_fate_name[r->fx.if_saved],
		       bs1e_spell_fate_name[r->fx.if_failed],
		       r->fx.fate == BS1E_SPELL_SAVE_DECIDES
			   ? "the saving throw decides"
		       : r->fx.fate == BS1E_SPELL_REMOVED
			   ? "removed even if they all save"
		       : r->fx.fate == BS1E_SPELL_WOUNDED
			   ? "wounded even if they all fail"
			   : "below 1/4 of their HD even if they fail: "
			     "nothing (R-074)");
		if (r->fx.fate == BS1E_SPELL_SAVE_DECIDES) {
			printf("  saves: need %d on the d20", r->fs.need);
			if (r->fs.auto_failed + r->fs.auto_saved)
				printf("; %d fail and %d save automatically "
				       "(R-567)",
				       r->fs.auto_failed, r->fs.auto_saved);
			if (r->fs.rolled) {
				printf("; rolled");
				for (size_t i = dmg_dice; i < src.record_len;
				     i++)
					printf(" %d", rec[i]);
			}
			printf(": %d saved, %d failed [14.3]\n", r->fs.saved,
			       r->fs.failed);
		}
		printf("  result: %d figure%s removed, %d wounded, %d "
		       "untouched\n",
		       r->removed, r->removed == 1 ? "" : "s", r->wounded,
		       r->untouched);
		if (!o->have_roll)
			printf("  (dice from seed %d)\n", o->seed);
	} else {
		json_object_set_new(j, "hd_read", json_integer(r->m.dice_hd));
		json_object_set_new(j, "hp_rolled",
				    r->m.hp_parts ? json_integer(r->m.hp)
						  : json_null());
		json_object_set_new(j, "hd_per_creature",
				    cli_json_tenths(r->hd_creature));
		json_object_set_new(j, "hd_per_figure",
				    cli_json_tenths(r->hd_figure));
		json_object_set_new(
		    j, "if_saved",
		    json_string(bs1e_spell_fate_name[r->fx.if_saved]));
		json_object_set_new(
		    j, "if_failed",
		    json_string(bs1e_spell_fate_name[r->fx.if_failed]));
		json_t *a = json_array();
		for (size_t i = dmg_dice; i < src.record_len; i++)
			json_array_append_new(a, json_integer(rec[i]));
		json_object_set_new(j, "save_dice", a);
		json_object_set_new(j, "auto_failed",
				    json_integer(r->fs.auto_failed));
		json_object_set_new(j, "auto_saved",
				    json_integer(r->fs.auto_saved));
		json_object_set_new(j, "removed", json_integer(r->removed));
		json_object_set_new(j, "wounded", json_integer(r->wounded));
		json_object_set_new(j, "untouched", json_integer(r->untouched));
		if (!o->have_roll)
			json_object_set_new(j, "seed", json_integer(o->seed));
		json_object_set_new(j, "cite",
				    json_string("[14.2] [14.3] [14.5]"));
		dump(j);
	}
	free(r);
	return 0;
}

int cmd_cast(int argc, char **argv)
{
	enum {
		O_CLASS = 256,
		O_LEVEL,
		O_BREATH,
		O_SCEN,
		O_T17,
		O_CREATURE,
		O_THD,
		O_TAC,
		O_RATIO,
		O_FIGS,
		O_SAVE,
		O_TCLASS,
		O_TLEVEL,
		O_SMOD,
		O_TWENTY,
		O_STRIKE,
		O_FORM,
		O_BEYOND,
		O_HP,
		O_ROLL,
		O_SEED,
		O_ODDS,
		O_JSON,
		O_HELP,
	};
	static const struct option opts[] = {
	    {"class", required_argument, NULL, O_CLASS},
	    {"level", required_argument, NULL, O_LEVEL},
	    {"breather-hp", required_argument, NULL, O_BREATH},
	    {"scenario", required_argument, NULL, O_SCEN},
	    {"table17-annotated", no_argument, NULL, O_T17},
	    {"creature", required_argument, NULL, O_CREATURE},
	    {"target-hd", required_argument, NULL, O_THD},
	    {"target-ac", required_argument, NULL, O_TAC},
	    {"ratio", required_argument, NULL, O_RATIO},
	    {"figures", required_argument, NULL, O_FIGS},
	    {"save", required_argument, NULL, O_SAVE},
	    {"target-class", required_argument, NULL, O_TCLASS},
	    {"target-level", required_argument, NULL, O_TLEVEL},
	    {"save-mod", required_argument, NULL, O_SMOD},
	    {"twenty", no_argument, NULL, O_TWENTY},
	    {"strike", required_argument, NULL, O_STRIKE},
	    {"formation", required_argument, NULL, O_FORM},
	    {"beyond-half", no_argument, NULL, O_BEYOND},
	    {"hp", required_argument, NULL, O_HP},
	    {"roll", required_argument, NULL, O_ROLL},
	    {"seed", required_argument, NULL, O_SEED},
	    {"odds", no_argument, NULL, O_ODDS},
	    {"json", no_argument, NULL, O_JSON},
	    {"help", no_argument, NULL, O_HELP},
	    {NULL, 0, NULL, 0},
	};
	struct cast_opts *o = calloc(1, sizeof *o);
	if (!o)
		return 2;
	o->figures = 1;
	o->seed = DEFAULT_SEED;
	o->strike = BS1E_STRIKE_FRONT;
	o->formation = BS_FORM_CLOSED;
	opterr = 0;
	int ch, rc = 0;
	while (rc == 0 &&
	       (ch = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (ch) {
		case O_CLASS:
			o->cls = optarg;
			break;
		case O_LEVEL:
			rc = cli_parse_int("cast", "--level", optarg, 1, 40,
					   &o->level);
			break;
		case O_BREATH:
			rc = cli_parse_int("cast", "--breather-hp", optarg, 1,
					   1000, &o->breather_hp);
			break;
		case O_SCEN:
			o->scenario = optarg;
			break;
		case O_T17:
			o->annotated = 1;
			break;
		case O_CREATURE:
			o->creature = optarg;
			break;
		case O_THD:
			rc = parse_hd(optarg, &o->target_hd);
			o->have_hd = 1;
			break;
		case O_TAC:
			rc = cli_parse_int("cast", "--target-ac", optarg, -10,
					   10, &o->target_ac);
			o->have_ac = 1;
			break;
		case O_RATIO:
			rc = cli_parse_int("cast", "--ratio", optarg, 1, 100,
					   &o->ratio);
			break;
		case O_FIGS:
			rc = cli_parse_int("cast", "--figures", optarg, 1,
					   MAX_FIGS, &o->figures);
			break;
		case O_SAVE:
			rc = cli_parse_int("cast", "--save", optarg, 1, 25,
					   &o->save);
			o->have_save = 1;
			break;
		case O_TCLASS:
			o->tclass = optarg;
			break;
		case O_TLEVEL:
			rc = cli_parse_int("cast", "--target-level", optarg, 0,
					   40, &o->tlevel);
			break;
		case O_SMOD:
			rc = cli_parse_int("cast", "--save-mod", optarg, -20,
					   20, &o->save_mod);
			break;
		case O_TWENTY:
			o->twenty = 1;
			break;
		case O_STRIKE:
			if (!strcmp(optarg, "front"))
				o->strike = BS1E_STRIKE_FRONT;
			else if (!strcmp(optarg, "rear"))
				o->strike = BS1E_STRIKE_REAR;
			else if (!strcmp(optarg, "side"))
				o->strike = BS1E_STRIKE_SIDE;
			else
				rc = cli_usage_error("cast",
						     "--strike expects front, "
						     "rear or side, not '%s'",
						     optarg);
			break;
		case O_FORM: {
			int f = -1;
			for (int i = 0; i < BS_FORM__COUNT; i++)
				if (!strcmp(optarg, bs_formation_name[i]))
					f = i;
			if (f < 0)
				rc = cli_usage_error(
				    "cast",
				    "--formation expects closed, open, "
				    "skirmish or mob, not '%s'",
				    optarg);
			else
				o->formation = f;
			break;
		}
		case O_BEYOND:
			o->beyond_half = 1;
			break;
		case O_HP:
			rc = cli_parse_int("cast", "--hp", optarg, 1, 1000,
					   &o->hp);
			o->have_hp = 1;
			break;
		case O_ROLL:
			rc = parse_rolls(optarg, o);
			break;
		case O_SEED:
			rc = cli_parse_int("cast", "--seed", optarg, 0, INT_MAX,
					   &o->seed);
			break;
		case O_ODDS:
			o->odds = 1;
			break;
		case O_JSON:
			o->json = 1;
			break;
		case O_HELP:
			fputs(cmd_cast_help, stdout);
			free(o);
			return 0;
		default:
			rc = cli_option_error("cast", ch, argv, opts);
			break;
		}
	}
	if (rc != 0) {
		free(o);
		return 2;
	}
	if (optind + 1 != argc) {
		free(o);
		return cli_usage_error("cast",
				       optind < argc
					   ? "one SPELL only ('%s' too)"
					   : "name the SPELL%s",
				       optind < argc ? argv[optind + 1] : "");
	}
	o->spell = argv[optind];
	if (o->tclass && !o->have_save && o->tlevel < 1) {
		free(o);
		return cli_usage_error("cast", "--target-class needs "
					       "--target-level");
	}
	struct bs_scenario *sc = NULL;
	if (cli_load_scenario(o->scenario, 0, &sc) != 0) {
		free(o);
		return 2;
	}
	rc = run(o, sc);
	bs_scenario_free(sc);
	free(o);
	return rc;
}
