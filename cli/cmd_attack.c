/* battlesim attack: the referee's calculator for one 1E melee attack, every
 * step of [8.4] A-E shown and cited, with [8.5] conversions, [8.6]
 * multiple attacks, [8.7] kills and wounds, [9.4 A] heroes, [11.5]
 * cavalry, [13.1]-[13.5] and [14.12] mirror image; or the exact odds over
 * the 36 outcomes of 2d6. */
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"
#include "battlesim/rng.h"
#include "cli.h"

#define DEFAULT_SEED 1985

const char cmd_attack_help[] =
    "usage: battlesim attack --ar N --ac N --damage DICE [OPTIONS]\n"
    "\n"
    "Resolve one 1E melee attack on the Combat Results Table and show every\n"
    "step of the [8.4] procedure with its rule.\n"
    "\n"
    "The attack:\n"
    "  --rules bs1e         this calculator (the default); bs2e: see below\n"
    "  --ar N               adjusted AR of the attacker [8.3] [8.4 A]\n"
    "  --ac N               AC of the defender\n"
    "  --damage DICE        damage of one figure: d8, 2d4, d6+1, 3 (a fixed\n"
    "                       number), d4/d4/d12 (different attacks, one roll\n"
    "                       [8.6])\n"
    "  --mount-damage DICE  cavalry or chariot: the mount's damage, added\n"
    "                       with the same roll [11.5]\n"
    "  --figures N          attacking figures (default 1) [8.4 E]\n"
    "  --attacks N[/D]      attack routines per round, e.g. 2 or 3/2 [8.6]\n"
    "  --damage-plus N      damage adjustment: N column shifts [13.1]\n"
    "  --poison KIND        weak, normal or strong: extra damage read 1, 2\n"
    "                       or 3 columns right, same roll [13.2]\n"
    "  --poison-attack N    which attack of DICE is poisonous (default the\n"
    "                       last)\n"
    "  --level-drain        the attackers drain levels: double damage "
    "[13.5]\n"
    "  --paralysis          the only damage is paralysis: the D4 column, no\n"
    "                       wounds [13.4] (no --damage)\n"
    "  --hero               the attacker is a Hero who cannot affect every\n"
    "                       creature of a figure: a wound at 1/2 of its HD,\n"
    "                       never a kill [9.4 A]\n"
    "\n"
    "The target:\n"
    "  --target-hd HD       HD of one defending figure (10, 7.5); gives the\n"
    "                       kills and wounds [8.7]\n"
    "  --target-figures N   figures the defender has (kills stop there)\n"
    "  --target-wounded N   of them, figures already wounded [8.7]\n"
    "  --mirror-images N    the target has N mirror-image duplicates "
    "[14.12]\n"
    "  --vs-hero            the target is a Hero: 4 hp per HD [9.4 A]\n"
    "  --hero-size S|M|L    size of that Hero (default M): 1 figure may\n"
    "                       attack S or M, 3 may attack L\n"
    "\n"
    "The dice:\n"
    "  --roll N             the 2d6 total (2 to 12) rolled at the table\n"
    "  --seed S             otherwise roll 2d6 from seed S (default 1985)\n"
    "  --odds               the exact odds over the 36 outcomes of 2d6 and\n"
    "                       the expected kills\n"
    "  --json               print a JSON object\n"
    "\n"
    "'killed' counts every figure removed at the end of the Melee Phase,\n"
    "including one removed for a second wound; 'wounded' is the number of\n"
    "wounded figures left then (at most one [8.7]). HD are shown to the\n"
    "tenth (6, 0.5). Exit 0 ok, 2 bad input.\n"
    "\n"
    "Example ([8.4]):\n"
    "  battlesim attack --ar 17 --ac 8 --damage d8 --figures 10 --roll 7 \\\n"
    "      --target-hd 10\n"
    "\n"
    "2E (--rules bs2e): one 2nd-edition attack: --figures N --ad DICE\n"
    "(d4..d12, 10+8, 2d10) [--charge | --range short|medium|long] --ar N\n"
    "[--ar-mod N] [--equal-or-higher] [--hits N] [--roll LIST]\n"
    "[--armor-roll LIST] [--seed S] [--json]; every option:\n"
    "  battlesim attack --rules bs2e --help\n";

struct attack_opts {
	int ar, ac, have_ar, have_ac;
	const char *damage_text, *mount_text;
	int figures;
	int attacks_num, attacks_den;
	int damage_plus;
	enum bs1e_poison poison;
	int poison_attack; /* 1-based, 0 = last */
	int level_drain, paralysis, hero;
	int target_hd; /* tenths; 0 = none */
	int target_figures, have_target_figures;
	int target_wounded;
	int mirror_images;
	int vs_hero;
	enum bs_size hero_size;
	int roll, have_roll;
	int seed;
	int odds, json;
	int rider_parts; /* parts of --damage before the mount's */
};

/* Everything one 2d6 total leads to. */
struct outcome {
	struct bs1e_attack_result r;
	int taken_tenths; /* after mirror images */
	struct bs1e_casualties c;
	struct bs1e_phase_losses l;
	struct bs1e_unit_figs u;
	int hero_hp;
};

/* "10", "7.5", "0.5": HD to the tenth, in [1, hi] tenths. */
static int parse_tenths(const char *opt, const char *text, int hi, int *out)
{
	const char *p = text;
	long whole = 0;
	int digits = 0, frac = 0;
	while (*p >= '0' && *p <= '9' && digits < 7) {
		whole = whole * 10 + (*p - '0');
		p++;
		digits++;
	}
	if (*p == '.' && p[1] >= '0' && p[1] <= '9' && p[2] == '\0') {
		frac = p[1] - '0';
		p += 2;
	}
	if (digits == 0 || *p != '\0') {
		cli_usage_error("attack",
				"%s expects hit dice like 10 or 7.5, not '%s'",
				opt, text);
		return -1;
	}
	long t = whole * 10 + frac;
	if (t < 1 || t > hi) {
		cli_usage_error("attack", "%s %s is out of range (0.1 to %d)",
				opt, text, hi / 10);
		return -1;
	}
	*out = (int)t;
	return 0;
}

static int parse_attacks(const char *text, struct attack_opts *o)
{
	char num[32];
	const char *slash = strchr(text, '/');
	if (!slash)
		return cli_parse_int("attack", "--attacks", text, 1, 20,
				     &o->attacks_num);
	size_t n = (size_t)(slash - text);
	if (n >= sizeof num) {
		cli_usage_error("attack",
				"--attacks expects N or N/D, not '%s'", text);
		return -1;
	}
	memcpy(num, text, n);
	num[n] = '\0';
	if (cli_parse_int("attack", "--attacks", num, 1, 20, &o->attacks_num) <
	    0)
		return -1;
	return cli_parse_int("attack", "--attacks (per rounds)", slash + 1, 1,
			     10, &o->attacks_den);
}

static void compute(const struct attack_opts *o,
		    const struct bs1e_attack_plan *p, int roll,
		    struct outcome *out)
{
	memset(out, 0, sizeof *out);
	bs1e_attack_resolve(p, roll, &out->r);
	/* [14.12] the duplicates take their share. */
	out->taken_tenths =
	    bs1e_mirror_image(out->r.total_tenths, o->mirror_images);
	if (o->vs_hero) {
		/* [9.4 A] 4 hp per HD. */
		out->hero_hp = bs1e_hero_hp_from_hd(out->taken_tenths);
		return;
	}
	if (!o->target_hd)
		return;
	int figs = o->have_target_figures ? o->target_figures : INT_MAX / 4;
	out->u.figures = figs;
	out->u.wounded = o->target_wounded;
	if (o->paralysis)
		bs1e_paralysis(out->taken_tenths, o->target_hd, figs, &out->c);
	else if (o->hero)
		bs1e_hero_vs_figure(out->taken_tenths, o->target_hd, 0, figs,
				    &out->c);
	else
		bs1e_casualties(out->taken_tenths, o->target_hd, figs, &out->c);
	/* [8.4 G] / [8.7] the end of the phase: wounds, second wounds. */
	bs1e_melee_losses(&out->u, &out->c, 1, &out->l);
}

/* "d6+1 -> D6 +1 column -> D8" and the like, for step C. */
static void describe_read(const struct bs1e_colread *r, char *buf, size_t len)
{
	char die[32], res[64], how[128] = "";
	struct bs_dice one = {.nparts = 1};
	one.part[0].count = r->count;
	one.part[0].sides = r->sides;
	one.part[0].plus = r->plus;
	bs_dice_format(&one, die, sizeof die);
	bs1e_colread_format(r, res, sizeof res);
	size_t u = 0;
	if (r->fixed)
		u += (size_t)snprintf(how + u, sizeof how - u,
				      " fixed %d read as D2%+d (R-062);",
				      r->plus, r->plus - 1);
	if (r->odd_die)
		u += (size_t)snprintf(how + u, sizeof how - u,
				      " no D%d column: D%d (R-062);", r->sides,
				      bs1e_col_sides[r->base]);
	if (r->adjust && !r->poison)
		u += (size_t)snprintf(how + u, sizeof how - u,
				      " adjustment %+d [13.1];", r->adjust);
	if (r->shift && !r->fixed)
		u += (size_t)snprintf(
		    how + u, sizeof how - u, " %s %+d column%s%s%s;",
		    bs1e_col_name[r->base], r->shift,
		    r->shift == 1 || r->shift == -1 ? "" : "s",
		    r->wraps ? ", wrapping past D20" : "",
		    r->clamped ? ", stopping at D2" : "");
	if (u > 0 && how[u - 1] == ';')
		how[u - 1] = '\0';
	if (r->count > 1)
		snprintf(buf, len, "%s ->%s%s %s [8.5]", die, how,
			 how[0] ? " ->" : "", res);
	else
		snprintf(buf, len, "%s ->%s%s %s", die, how,
			 how[0] ? " ->" : "", res);
}

/* "12 + 3 = ", "2 x 6 = ", "4 x 12 + 2 = " or "" for one column. */
static void sum_text(const struct bs1e_colread *r, int roll, char *buf,
		     size_t len)
{
	char a[16], b[16], in[64];
	bs_tenths_text(bs1e_crt(roll, r->col), a, sizeof a);
	bs_tenths_text(bs1e_crt(roll, BS1E_COL_D20), b, sizeof b);
	buf[0] = '\0';
	if (r->wraps == 0 && r->count <= 1)
		return;
	if (r->wraps == 0)
		snprintf(in, sizeof in, "%s", a);
	else if (r->wraps == 1)
		snprintf(in, sizeof in, "%s + %s", b, a);
	else
		snprintf(in, sizeof in, "%d x %s + %s", r->wraps, b, a);
	if (r->count <= 1)
		snprintf(buf, len, "%s = ", in);
	else if (r->wraps == 0)
		snprintf(buf, len, "%d x %s = ", r->count, in);
	else
		snprintf(buf, len, "%d x (%s) = ", r->count, in);
}

static const char *read_label(const struct attack_opts *o,
			      const struct bs1e_attack_plan *p, int i,
			      char *buf, size_t len)
{
	if (p->paralysis_only)
		return "paralysis";
	int part = 0;
	for (int k = 0; k < i; k++)
		if (!p->read[k].poison)
			part++;
	if (p->read[i].poison) {
		int sh = bs1e_poison_shift(o->poison);
		snprintf(buf, len, "poison (%s, +%d column%s) [13.2]",
			 bs1e_poison_name[o->poison], sh, sh == 1 ? "" : "s");
		return buf;
	}
	if (o->mount_text && part >= o->rider_parts)
		snprintf(buf, len, "mount attack %d [11.5]",
			 part - o->rider_parts + 1);
	else if (p->nreads > 1)
		snprintf(buf, len, "attack %d", part + 1);
	else
		snprintf(buf, len, "damage");
	return buf;
}

static void print_target(const struct attack_opts *o, const struct outcome *x)
{
	char a[32], b[32], c[32];
	if (o->vs_hero) {
		printf("   vs a Hero: %s HD x 4 = %d hp [9.4 A]\n",
		       bs_tenths_text(x->taken_tenths, a, sizeof a),
		       x->hero_hp);
		printf("Result: %d hp of damage to the Hero\n", x->hero_hp);
		return;
	}
	if (!o->target_hd) {
		printf("Result: attack roll %d, %s HD\n", x->r.attack_roll,
		       bs_tenths_text(x->taken_tenths, a, sizeof a));
		return;
	}
	bs_tenths_text(o->target_hd, b, sizeof b);
	if (o->paralysis) {
		printf("   vs %s HD figures: %d paralyzed, no wounds [13.4]\n",
		       b, x->c.paralyzed);
		printf("Result: %d figure%s paralyzed\n", x->c.paralyzed,
		       x->c.paralyzed == 1 ? "" : "s");
		return;
	}
	if (o->hero) {
		printf("   Hero vs %s HD figure: %s HD is %s 1/2 of the "
		       "figure: %s [9.4 A]\n",
		       b, bs_tenths_text(x->taken_tenths, a, sizeof a),
		       x->c.wounded ? "at least" : "less than",
		       x->c.wounded ? "one wound, never a kill" : "no effect");
	} else {
		printf("   vs %s HD figures: %d killed (%s HD)", b, x->c.killed,
		       bs_tenths_text(x->c.killed * o->target_hd, a, sizeof a));
		if (x->c.wounded)
			printf(
			    ", %s HD left over is 1/4 or more: 1 wound",
			    bs_tenths_text(x->c.leftover_tenths, c, sizeof c));
		else if (x->c.disregarded_tenths)
			printf(", %s HD left over disregarded",
			       bs_tenths_text(x->c.disregarded_tenths, c,
					      sizeof c));
		printf(" [8.7]\n");
	}
	if (x->l.removed_by_wounds)
		printf("   second wound: %d more figure%s removed, %d wounded "
		       "figure%s healed [8.7] [8.4 G]\n",
		       x->l.removed_by_wounds,
		       x->l.removed_by_wounds == 1 ? "" : "s", x->l.healed,
		       x->l.healed == 1 ? "" : "s");
	printf("Result: %d killed, %d wounded", x->l.removed, x->u.wounded);
	if (o->target_wounded)
		printf(" (%d wounded before)", o->target_wounded);
	printf("\n");
}

static void print_text(const struct attack_opts *o,
		       const struct bs1e_attack_plan *p,
		       const struct outcome *x, const char *roll_note)
{
	char a[32], b[32], line[256], lab[64];
	printf("Attack [8.4]\n");
	printf("A  AR %d - AC %d = %d [8.4 A]\n", p->ar, p->ac, p->ar_minus_ac);
	printf("B  2d6 = %d%s; attack roll %d %s %d = %d [8.4 B]\n", x->r.roll,
	       roll_note, p->ar_minus_ac, "+", x->r.roll, x->r.attack_roll);
	for (int i = 0; i < p->nreads; i++) {
		if (p->paralysis_only)
			snprintf(line, sizeof line,
				 "only paralysis -> D4 [13.4]");
		else
			describe_read(&p->read[i], line, sizeof line);
		printf("%s  %s: %s%s\n", i == 0 ? "C" : " ",
		       read_label(o, p, i, lab, sizeof lab), line,
		       i == 0 ? " [8.4 C]" : "");
	}
	for (int i = 0; i < p->nreads; i++) {
		char sum[96];
		bs1e_colread_format(&p->read[i], line, sizeof line);
		sum_text(&p->read[i], x->r.attack_roll, sum, sizeof sum);
		printf("%s  roll %d on %s: %s%s HD%s\n", i == 0 ? "D" : " ",
		       x->r.attack_roll, line, sum,
		       bs_tenths_text(x->r.read_tenths[i], a, sizeof a),
		       i == 0 ? " [8.4 D]" : "");
	}
	if (p->nreads > 1)
		printf("   added, one roll: %s HD [8.6]%s\n",
		       bs_tenths_text(x->r.routine_tenths, a, sizeof a),
		       o->mount_text ? " [11.5]" : "");
	if (p->attacks_num != 1 || p->attacks_den != 1) {
		if (p->attacks_den == 1)
			printf("   x %d attacks = ", p->attacks_num);
		else
			printf("   x %d/%d attacks (R-064, down to the "
			       "tenth) = ",
			       p->attacks_num, p->attacks_den);
		printf("%s HD [8.6]\n",
		       bs_tenths_text(x->r.routine_tenths * p->attacks_num /
					  p->attacks_den,
				      a, sizeof a));
	}
	if (p->level_drain)
		printf("   x 2 level drain = %s HD [13.5]\n",
		       bs_tenths_text(x->r.per_figure_tenths, a, sizeof a));
	printf("   %s HD per figure\n",
	       bs_tenths_text(x->r.per_figure_tenths, a, sizeof a));
	printf("E  %d figure%s x %s HD = %s HD [8.4 E]\n", p->figures,
	       p->figures == 1 ? "" : "s",
	       bs_tenths_text(x->r.per_figure_tenths, a, sizeof a),
	       bs_tenths_text(x->r.total_tenths, b, sizeof b));
	if (o->mirror_images)
		printf("   mirror image, %d duplicate%s: %s HD / %d = %s HD "
		       "[14.12]\n",
		       o->mirror_images, o->mirror_images == 1 ? "" : "s",
		       bs_tenths_text(x->r.total_tenths, a, sizeof a),
		       o->mirror_images + 1,
		       bs_tenths_text(x->taken_tenths, b, sizeof b));
	print_target(o, x);
}

static json_t *columns_json(const struct bs1e_attack_plan *p)
{
	json_t *cols = json_array();
	char buf[64];
	for (int i = 0; i < p->nreads; i++)
		json_array_append_new(cols, json_string(bs1e_colread_format(
						&p->read[i], buf, sizeof buf)));
	return cols;
}

static void outcome_json(json_t *o_, const struct attack_opts *o,
			 const struct outcome *x)
{
	json_object_set_new(o_, "attack_roll", json_integer(x->r.attack_roll));
	json_object_set_new(o_, "hd_per_figure",
			    cli_json_tenths(x->r.per_figure_tenths));
	json_object_set_new(o_, "total_hd", cli_json_tenths(x->r.total_tenths));
	if (o->mirror_images)
		json_object_set_new(o_, "hd_taken",
				    cli_json_tenths(x->taken_tenths));
	if (o->vs_hero) {
		json_object_set_new(o_, "hero_hp", json_integer(x->hero_hp));
		json_object_set_new(o_, "killed", json_null());
		json_object_set_new(o_, "wounded", json_null());
	} else if (!o->target_hd) {
		json_object_set_new(o_, "killed", json_null());
		json_object_set_new(o_, "wounded", json_null());
	} else {
		json_object_set_new(o_, "killed", json_integer(x->l.removed));
		json_object_set_new(o_, "wounded", json_integer(x->u.wounded));
		json_object_set_new(o_, "new_wounds",
				    json_integer(x->c.wounded));
		json_object_set_new(o_, "removed_by_second_wound",
				    json_integer(x->l.removed_by_wounds));
		if (o->paralysis)
			json_object_set_new(o_, "paralyzed",
					    json_integer(x->c.paralyzed));
	}
}

static void dump(json_t *root)
{
	json_dumpf(root, stdout, bs_report_json_pretty_flags());
	fputc('\n', stdout);
	json_decref(root);
}

static json_t *head_json(const struct attack_opts *o,
			 const struct bs1e_attack_plan *p)
{
	json_t *j = json_object();
	json_object_set_new(j, "ar", json_integer(p->ar));
	json_object_set_new(j, "ac", json_integer(p->ac));
	json_object_set_new(j, "ar_minus_ac", json_integer(p->ar_minus_ac));
	json_object_set_new(j, "damage",
			    o->paralysis ? json_string("paralysis")
					 : json_string(o->damage_text));
	if (o->mount_text)
		json_object_set_new(j, "mount_damage",
				    json_string(o->mount_text));
	json_object_set_new(j, "columns", columns_json(p));
	json_object_set_new(j, "figures", json_integer(p->figures));
	json_object_set_new(j, "target_hd",
			    o->target_hd ? cli_json_tenths(o->target_hd)
					 : json_null());
	return j;
}

static int run_odds(const struct attack_opts *o,
		    const struct bs1e_attack_plan *p)
{
	struct outcome x[13];
	long exp_kill = 0, exp_hd = 0;
	for (int r = 2; r <= 12; r++) {
		compute(o, p, r, &x[r]);
		exp_kill += (long)bs1e_2d6_ways(r) * x[r].l.removed;
		exp_hd += (long)bs1e_2d6_ways(r) * x[r].taken_tenths;
	}
	int has_kills = o->target_hd && !o->vs_hero;
	if (o->json) {
		json_t *j = head_json(o, p);
		json_t *dist = json_array();
		for (int r = 2; r <= 12; r++) {
			json_t *e = json_object();
			int w = bs1e_2d6_ways(r);
			json_object_set_new(e, "roll", json_integer(r));
			json_object_set_new(e, "ways", json_integer(w));
			outcome_json(e, o, &x[r]);
			char frac[16];
			snprintf(frac, sizeof frac, "%d/36", w);
			json_object_set_new(e, "fraction", json_string(frac));
			json_object_set_new(e, "probability",
					    json_real(w / 36.0));
			json_array_append_new(dist, e);
		}
		json_object_set_new(j, "distribution", dist);
		json_object_set_new(j, "expected_hd",
				    json_real(exp_hd / 360.0));
		json_object_set_new(j, "expected_killed",
				    has_kills ? json_real(exp_kill / 36.0)
					      : json_null());
		dump(j);
		return 0;
	}
	char a[32], b[32];
	printf("Odds [8.4]: AR %d - AC %d = %d, %d figure%s", p->ar, p->ac,
	       p->ar_minus_ac, p->figures, p->figures == 1 ? "" : "s");
	if (o->target_hd)
		printf(", vs %s HD figures",
		       bs_tenths_text(o->target_hd, a, sizeof a));
	printf("\n");
	printf("2d6  ways  attack roll  HD/figure  total HD");
	if (has_kills)
		printf("  killed  wounded");
	if (o->vs_hero)
		printf("  hero hp");
	printf("  probability\n");
	for (int r = 2; r <= 12; r++) {
		int w = bs1e_2d6_ways(r);
		printf("%3d  %4d  %11d  %9s  %8s", r, w, x[r].r.attack_roll,
		       bs_tenths_text(x[r].r.per_figure_tenths, a, sizeof a),
		       bs_tenths_text(x[r].taken_tenths, b, sizeof b));
		if (has_kills)
			printf("  %6d  %7d", x[r].l.removed, x[r].u.wounded);
		if (o->vs_hero)
			printf("  %7d", x[r].hero_hp);
		printf("  %2d/36 %6.2f%%\n", w, 100.0 * w / 36.0);
	}
	printf("Total: 36/36 100.00%%\n");
	printf("Expected HD: %ld/360 = %.2f\n", exp_hd, exp_hd / 360.0);
	if (has_kills)
		printf("Expected killed: %ld/36 = %.2f\n", exp_kill,
		       exp_kill / 36.0);
	return 0;
}

int cli_attack_odds_print(const struct bs1e_attack_spec *spec, int target_hd,
			  int target_figures, int target_wounded)
{
	struct attack_opts o;
	memset(&o, 0, sizeof o);
	char dmg[64];
	o.ar = spec->ar;
	o.ac = spec->ac;
	o.damage_text = bs_dice_format(&spec->damage, dmg, sizeof dmg);
	o.figures = spec->figures;
	o.level_drain = spec->level_drain;
	o.target_hd = target_hd;
	o.target_figures = target_figures;
	o.have_target_figures = target_hd > 0;
	o.target_wounded = target_wounded;
	o.odds = 1;
	struct bs1e_attack_plan plan;
	char err[160];
	if (bs1e_attack_plan(spec, &plan, err, sizeof err) != 0) {
		printf("the attack cannot be read on the CRT [8.5]: %s\n", err);
		return -1;
	}
	return run_odds(&o, &plan);
}

static int check_opts(struct attack_opts *o)
{
	if (!o->have_ar)
		return cli_usage_error("attack", "--ar is required");
	if (!o->have_ac)
		return cli_usage_error("attack", "--ac is required");
	if (o->paralysis) {
		if (o->damage_text || o->mount_text)
			return cli_usage_error(
			    "attack", "--paralysis reads the D4 column [13.4]; "
				      "give no --damage");
		if (o->poison || o->level_drain || o->damage_plus)
			return cli_usage_error(
			    "attack", "--paralysis takes no --poison, "
				      "--level-drain or --damage-plus");
	} else if (!o->damage_text) {
		return cli_usage_error("attack", "--damage is required");
	}
	if (o->have_roll && o->odds)
		return cli_usage_error("attack",
				       "--roll and --odds exclude each other");
	if (o->poison_attack && !o->poison)
		return cli_usage_error("attack",
				       "--poison-attack needs --poison");
	if (o->hero && o->vs_hero)
		return cli_usage_error(
		    "attack", "--hero and --vs-hero: Hero against Hero is "
			      "individual combat, AD&D rules [9.4 B]");
	if (o->vs_hero && o->target_hd)
		return cli_usage_error("attack",
				       "--vs-hero and --target-hd exclude each "
				       "other");
	if (o->vs_hero && o->figures > bs1e_figures_vs_hero(o->hero_size))
		return cli_usage_error(
		    "attack",
		    "at most %d figure%s can attack a size %s Hero [9.4 A]",
		    bs1e_figures_vs_hero(o->hero_size),
		    o->hero_size == BS_SIZE_L ? "s" : "",
		    o->hero_size == BS_SIZE_L	? "L"
		    : o->hero_size == BS_SIZE_M ? "M"
						: "S");
	if (o->hero && !o->target_hd)
		return cli_usage_error("attack", "--hero needs --target-hd");
	if (!o->target_hd && (o->have_target_figures || o->target_wounded))
		return cli_usage_error(
		    "attack", "--target-figures and --target-wounded need "
			      "--target-hd");
	if (o->have_target_figures && o->target_wounded > o->target_figures)
		return cli_usage_error(
		    "attack",
		    "--target-wounded %d is more than the %d "
		    "target figures",
		    o->target_wounded, o->target_figures);
	return 0;
}

int cmd_attack(int argc, char **argv)
{
	/* 2E (issue 5): --rules bs2e is the 2E calculator (attack_bs2e.c) */
	if (cli_attack_wants_bs2e(argc, argv))
		return cli_attack_bs2e(argc, argv);
	enum {
		O_AR = 256,
		O_AC,
		O_DAMAGE,
		O_MOUNT,
		O_FIGURES,
		O_ATTACKS,
		O_PLUS,
		O_POISON,
		O_POISON_ATTACK,
		O_DRAIN,
		O_PARALYSIS,
		O_HERO,
		O_THD,
		O_TFIG,
		O_TWOUND,
		O_MIRROR,
		O_VSHERO,
		O_HSIZE,
		O_ROLL,
		O_SEED,
		O_ODDS,
		O_JSON,
		O_HELP,
		O_RULES,
	};
	static const struct option opts[] = {
	    {"rules", required_argument, NULL, O_RULES},
	    {"ar", required_argument, NULL, O_AR},
	    {"ac", required_argument, NULL, O_AC},
	    {"damage", required_argument, NULL, O_DAMAGE},
	    {"mount-damage", required_argument, NULL, O_MOUNT},
	    {"figures", required_argument, NULL, O_FIGURES},
	    {"attacks", required_argument, NULL, O_ATTACKS},
	    {"damage-plus", required_argument, NULL, O_PLUS},
	    {"poison", required_argument, NULL, O_POISON},
	    {"poison-attack", required_argument, NULL, O_POISON_ATTACK},
	    {"level-drain", no_argument, NULL, O_DRAIN},
	    {"paralysis", no_argument, NULL, O_PARALYSIS},
	    {"hero", no_argument, NULL, O_HERO},
	    {"target-hd", required_argument, NULL, O_THD},
	    {"target-figures", required_argument, NULL, O_TFIG},
	    {"target-wounded", required_argument, NULL, O_TWOUND},
	    {"mirror-images", required_argument, NULL, O_MIRROR},
	    {"vs-hero", no_argument, NULL, O_VSHERO},
	    {"hero-size", required_argument, NULL, O_HSIZE},
	    {"roll", required_argument, NULL, O_ROLL},
	    {"seed", required_argument, NULL, O_SEED},
	    {"odds", no_argument, NULL, O_ODDS},
	    {"json", no_argument, NULL, O_JSON},
	    {"help", no_argument, NULL, O_HELP},
	    {NULL, 0, NULL, 0},
	};
	struct attack_opts o;
	memset(&o, 0, sizeof o);
	o.figures = 1;
	o.attacks_num = o.attacks_den = 1;
	o.seed = DEFAULT_SEED;
	o.hero_size = BS_SIZE_M;
	opterr = 0;
	int ch, rc = 0;
	while ((ch = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (ch) {
		case O_RULES: /* bs2e went to attack_bs2e.c above */
			if (strcmp(optarg, "bs1e") != 0)
				return cli_usage_error(
				    "attack",
				    "--rules expects bs1e or bs2e, not '%s' "
				    "(matrix battles have no attack "
				    "calculator)",
				    optarg);
			break;
		case O_AR:
			rc = cli_parse_int("attack", "--ar", optarg, -100, 100,
					   &o.ar);
			o.have_ar = 1;
			break;
		case O_AC:
			rc = cli_parse_int("attack", "--ac", optarg, -20, 20,
					   &o.ac);
			o.have_ac = 1;
			break;
		case O_DAMAGE:
			o.damage_text = optarg;
			break;
		case O_MOUNT:
			o.mount_text = optarg;
			break;
		case O_FIGURES:
			rc = cli_parse_int("attack", "--figures", optarg, 1,
					   10000, &o.figures);
			break;
		case O_ATTACKS:
			rc = parse_attacks(optarg, &o);
			break;
		case O_PLUS:
			rc = cli_parse_int("attack", "--damage-plus", optarg,
					   -100, 100, &o.damage_plus);
			break;
		case O_POISON:
			if (strcmp(optarg, "weak") == 0)
				o.poison = BS1E_POISON_WEAK;
			else if (strcmp(optarg, "normal") == 0)
				o.poison = BS1E_POISON_NORMAL;
			else if (strcmp(optarg, "strong") == 0)
				o.poison = BS1E_POISON_STRONG;
			else
				return cli_usage_error(
				    "attack",
				    "--poison expects weak, normal or strong, "
				    "not '%s'",
				    optarg);
			break;
		case O_POISON_ATTACK:
			rc = cli_parse_int("attack", "--poison-attack", optarg,
					   1, BS1E_ATTACK_MAX_READS,
					   &o.poison_attack);
			break;
		case O_DRAIN:
			o.level_drain = 1;
			break;
		case O_PARALYSIS:
			o.paralysis = 1;
			break;
		case O_HERO:
			o.hero = 1;
			break;
		case O_THD:
			rc = parse_tenths("--target-hd", optarg, 100000,
					  &o.target_hd);
			break;
		case O_TFIG:
			rc = cli_parse_int("attack", "--target-figures", optarg,
					   1, 10000, &o.target_figures);
			o.have_target_figures = 1;
			break;
		case O_TWOUND:
			rc = cli_parse_int("attack", "--target-wounded", optarg,
					   0, 10000, &o.target_wounded);
			break;
		case O_MIRROR:
			rc = cli_parse_int("attack", "--mirror-images", optarg,
					   0, 8, &o.mirror_images);
			break;
		case O_VSHERO:
			o.vs_hero = 1;
			break;
		case O_HSIZE:
			if (strcmp(optarg, "S") == 0 ||
			    strcmp(optarg, "s") == 0)
				o.hero_size = BS_SIZE_S;
			else if (strcmp(optarg, "M") == 0 ||
				 strcmp(optarg, "m") == 0)
				o.hero_size = BS_SIZE_M;
			else if (strcmp(optarg, "L") == 0 ||
				 strcmp(optarg, "l") == 0)
				o.hero_size = BS_SIZE_L;
			else
				return cli_usage_error(
				    "attack",
				    "--hero-size expects S, M or L, not '%s'",
				    optarg);
			break;
		case O_ROLL:
			rc = cli_parse_int("attack", "--roll (2d6)", optarg, 2,
					   12, &o.roll);
			o.have_roll = 1;
			break;
		case O_SEED:
			rc = cli_parse_int("attack", "--seed", optarg, 0,
					   INT_MAX, &o.seed);
			break;
		case O_ODDS:
			o.odds = 1;
			break;
		case O_JSON:
			o.json = 1;
			break;
		case O_HELP:
			fputs(cmd_attack_help, stdout);
			return 0;
		default:
			return cli_option_error("attack", ch, argv, opts);
		}
		if (rc < 0)
			return 2;
	}
	if (optind < argc)
		return cli_usage_error("attack", "unexpected argument '%s'",
				       argv[optind]);
	if (check_opts(&o))
		return 2;

	struct bs1e_attack_spec spec;
	char err[200];
	memset(&spec, 0, sizeof spec);
	spec.ar = o.ar;
	spec.ac = o.ac;
	spec.figures = o.figures;
	spec.attacks_num = o.attacks_num;
	spec.attacks_den = o.attacks_den;
	spec.damage_plus = o.damage_plus;
	spec.poison = o.poison;
	spec.poison_part = o.poison_attack - 1;
	spec.level_drain = o.level_drain;
	spec.paralysis_only = o.paralysis;
	if (o.damage_text) {
		if (bs_dice_parse(o.damage_text, &spec.damage, err,
				  sizeof err) < 0)
			return cli_usage_error("attack", "%s", err);
		o.rider_parts = spec.damage.nparts;
	}
	if (o.mount_text) {
		/* [11.5] the mount's attacks join the rider's, one roll. */
		struct bs_dice m;
		if (bs_dice_parse(o.mount_text, &m, err, sizeof err) < 0)
			return cli_usage_error("attack", "%s", err);
		if (spec.damage.nparts + m.nparts > BS_DICE_MAX_ATTACKS)
			return cli_usage_error(
			    "attack", "rider and mount: at most %d attacks",
			    BS_DICE_MAX_ATTACKS);
		for (int i = 0; i < m.nparts; i++)
			spec.damage.part[spec.damage.nparts++] = m.part[i];
	}
	struct bs1e_attack_plan plan;
	if (bs1e_attack_plan(&spec, &plan, err, sizeof err) < 0)
		return cli_usage_error("attack", "%s", err);

	if (o.odds)
		return run_odds(&o, &plan);

	int roll = o.roll;
	char note[96] = " (given)";
	if (!o.have_roll) {
		struct bs_rng rng;
		struct bs_dice_source src;
		int rec[2];
		bs_rng_seed(&rng, (uint64_t)o.seed);
		bs_dice_source_rng(&src, &rng);
		src.record = rec;
		src.record_cap = 2;
		roll = bs1e_roll_2d6(&src);
		snprintf(note, sizeof note, " (%d + %d, seed %d)", rec[0],
			 rec[1], o.seed);
	}
	struct outcome x;
	compute(&o, &plan, roll, &x);
	if (o.json) {
		json_t *j = head_json(&o, &plan);
		json_object_set_new(j, "roll", json_integer(roll));
		if (!o.have_roll)
			json_object_set_new(j, "seed", json_integer(o.seed));
		outcome_json(j, &o, &x);
		dump(j);
		return 0;
	}
	print_text(&o, &plan, &x, note);
	return 0;
}
