/* battlesim attack --rules bs2e: the referee's calculator for one 2E
 * attack [2E Attack Dice] [2E Armor Rating] [2E Hits]: attack dice of the
 * attacking figures with their multiplier (charge x1 1/2, missile range
 * x1, x1/2, x1/3; fractions rounded up), each die converted to hits by the
 * hit table (RULING R-200), the defender's d10 per hit against its AR
 * (RULING R-201 for the "equal or higher" option), the figures removed
 * and the hits carried. Dice given (--roll, --armor-roll) or rolled from
 * --seed; text or --json. */
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/bs2e.h"
#include "battlesim/rng.h"
#include "cli.h"

#define DEFAULT_SEED 1985

const char cli_attack_bs2e_help[] =
    "usage: battlesim attack --rules bs2e --ad DICE --ar N [OPTIONS]\n"
    "\n"
    "Resolve one 2E attack (docs/BS2E.md): one attack die per attacking\n"
    "figure, each converted to hits by the hit table, then the defender's\n"
    "d10 per hit against its Armor Rating, then figures removed and hits\n"
    "carried.\n"
    "\n"
    "  --rules bs2e         the 2nd-edition calculator (this one)\n"
    "  --figures N          attacking figures (default 1) [2E Attack Dice]\n"
    "  --ad DICE            attack dice: d4, d6, d8, d10, d12, 10+8, 2d10\n"
    "  --charge             a charge: x1 1/2 attack dice (RULING R-211)\n"
    "  --range R            missile fire at short, medium or long range:\n"
    "                       x1, x1/2, x1/3 attack dice (RULING R-208)\n"
    "  --multiplier N/D     any other multiplier of the attack dice\n"
    "                       (fractions rounded up)\n"
    "  --hit-table LIST     hits of attack die results 1, 2, 3 ... (default\n"
    "                       0,0,0,1,1,2,2,2,3,3,4,4,... RULING R-200)\n"
    "  --ar N               the defender's Armor Rating [2E Armor Rating]\n"
    "  --ar-mod N           AR modifier (negative is better); given again,\n"
    "                       they add (total -10 to 10)\n"
    "  --equal-or-higher    a d10 equal to AR cancels too (RULING R-201)\n"
    "  --hits N             Hits per defending figure: figures removed [2E\n"
    "                       Hits]\n"
    "  --target-figures N   figures the defender has (removals stop there)\n"
    "  --carried N          hits the defender already carries\n"
    "  --roll LIST          the attack dice rolled, e.g. 2,2,3,4,5,5,6,8\n"
    "                       (two numbers per figure for 10+8 or 2d10)\n"
    "  --armor-roll LIST    the defender's d10s, e.g. 1,3,3,4,5,8,9\n"
    "  --seed S             roll the dice not given from seed S (default\n"
    "                       1985)\n"
    "  --json               print a JSON object\n"
    "  --odds               the exact odds instead: the distribution of the\n"
    "                       hits rolled, of those that stand and of the\n"
    "                       figures removed\n"
    "\n"
    "Example ([2E Example] of combat procedure):\n"
    "  battlesim attack --rules bs2e --figures 8 --ad d8 --ar 7 --hits 2 \\\n"
    "      --target-figures 6 --roll 2,2,3,4,5,5,6,8 --armor-roll "
    "1,3,3,4,5,8,9\n";

int cli_attack_bs2e_odds_print(const int ad[2], int ndice, const int *table,
			       int ar, int equal_or_higher, int per_figure,
			       int target_figures, int carried)
{
	int max = bs2e_attack_odds_size(ad, ndice, table);
	double *pr = calloc((size_t)max, sizeof *pr),
	       *ps = calloc((size_t)max, sizeof *ps);
	int top = pr && ps ? bs2e_attack_odds(ad, ndice, table, ar,
					      equal_or_higher, pr, ps, max)
			   : -1;
	if (top < 0) {
		free(pr);
		free(ps);
		printf("the odds cannot be computed (out of memory)\n");
		return -1;
	}
	char die[32];
	if (ad[1] > 0)
		snprintf(die, sizeof die, "%d+%d", ad[0], ad[1]);
	else
		snprintf(die, sizeof die, "d%d", ad[0]);
	int sf = bs2e_armor_stand_faces(ar, equal_or_higher);
	printf("Odds [2E Attack Dice] [2E Armor Rating]: %d attack dice %s; "
	       "AR %d: a hit stands on %d of the 10 faces of its d10%s\n",
	       ndice, die, ar, sf,
	       equal_or_higher ? " (equal or higher cancels, RULING R-201)"
			       : "");
	int figs = per_figure > 0;
	printf("hits  rolled    stand");
	if (figs)
		printf("   removed  carried");
	printf("\n");
	double er = 0, es = 0, ef = 0;
	for (int k = 0; k <= top; k++) {
		er += k * pr[k];
		es += k * ps[k];
		int removed = 0, after = 0;
		if (figs)
			bs2e_take_hits(per_figure,
				       target_figures > 0 ? target_figures
							  : INT_MAX / 4,
				       carried, k, &removed, &after);
		ef += removed * ps[k];
		if (pr[k] < 5e-5 && ps[k] < 5e-5)
			continue;
		printf("%4d  %6.2f%%  %6.2f%%", k, 100 * pr[k], 100 * ps[k]);
		if (figs)
			printf("  %8d  %7d", removed, after);
		printf("\n");
	}
	printf("(rows under 0.005%% left out)\n");
	printf("Expected hits rolled: %.2f, standing: %.2f\n", er, es);
	if (figs)
		printf("Expected figures removed: %.2f (%d Hits a figure, %d "
		       "carried) [2E Hits]\n",
		       ef, per_figure, carried);
	free(pr);
	free(ps);
	return 0;
}

/* "1,2,3" into out (at most max); returns the count or -1. */
static int parse_list(const char *opt, const char *text, int lo, int hi,
		      int *out, int max)
{
	int n = 0;
	const char *p = text;
	while (*p) {
		char *end;
		long v = strtol(p, &end, 10);
		if (end == p || v < lo || v > hi || n >= max) {
			cli_usage_error("attack",
					"%s expects numbers %d to %d separated "
					"by commas, got '%s'",
					opt, lo, hi, text);
			return -1;
		}
		out[n++] = (int)v;
		p = end;
		if (*p == ',')
			p++;
		else if (*p) {
			cli_usage_error("attack",
					"%s expects numbers separated by "
					"commas, got '%s'",
					opt, text);
			return -1;
		}
	}
	return n;
}

static json_t *jarray(const int *v, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

int cli_attack_wants_bs2e(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "--rules=bs2e") == 0 ||
		    (strcmp(argv[i], "--rules") == 0 && i + 1 < argc &&
		     strcmp(argv[i + 1], "bs2e") == 0))
			return 1;
	}
	return 0;
}

int cli_attack_bs2e(int argc, char **argv)
{
	enum {
		O_RULES = 256,
		O_FIG,
		O_AD,
		O_CHARGE,
		O_RANGE,
		O_MULT,
		O_TABLE,
		O_AR,
		O_ARMOD,
		O_EQ,
		O_HITS,
		O_TFIG,
		O_CARRIED,
		O_ROLL,
		O_AROLL,
		O_SEED,
		O_JSON,
		O_ODDS,
		O_HELP,
	};
	static const struct option opts[] = {
	    {"rules", required_argument, NULL, O_RULES},
	    {"figures", required_argument, NULL, O_FIG},
	    {"ad", required_argument, NULL, O_AD},
	    {"charge", no_argument, NULL, O_CHARGE},
	    {"range", required_argument, NULL, O_RANGE},
	    {"multiplier", required_argument, NULL, O_MULT},
	    {"hit-table", required_argument, NULL, O_TABLE},
	    {"ar", required_argument, NULL, O_AR},
	    {"ar-mod", required_argument, NULL, O_ARMOD},
	    {"equal-or-higher", no_argument, NULL, O_EQ},
	    {"hits", required_argument, NULL, O_HITS},
	    {"target-figures", required_argument, NULL, O_TFIG},
	    {"carried", required_argument, NULL, O_CARRIED},
	    {"roll", required_argument, NULL, O_ROLL},
	    {"armor-roll", required_argument, NULL, O_AROLL},
	    {"seed", required_argument, NULL, O_SEED},
	    {"json", no_argument, NULL, O_JSON},
	    {"odds", no_argument, NULL, O_ODDS},
	    {"help", no_argument, NULL, O_HELP},
	    {NULL, 0, NULL, 0},
	};
	int figures = 1, ad[2] = {0, 0}, have_ad = 0, charge = 0, ar = 0,
	    have_ar = 0, armod = 0, eq = 0, hits = 0, tfig = 0, carried = 0,
	    seed = DEFAULT_SEED, json = 0, num = 1, den = 1, rc = 0, odds = 0;
	enum bs2e_range band = BS2E_RANGE_NONE;
	int table[BS2E_HIT_ROWS + 1];
	memcpy(table, bs2e_hit_table_builtin, sizeof table);
	static int roll[BS2E_MAX_DICE * 2], aroll[BS2E_MAX_DICE];
	int nroll = -1, naroll = -1, have_mult = 0, hit_rows = 0;
	opterr = 0;
	int ch;
	while (rc == 0 &&
	       (ch = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (ch) {
		case O_RULES:
			if (strcmp(optarg, "bs2e") != 0)
				return cli_usage_error(
				    "attack",
				    "--rules bs2e, given once (the 1E "
				    "calculator takes no --rules)");
			break;
		case O_FIG:
			rc = cli_parse_int("attack", "--figures", optarg, 1,
					   BS2E_MAX_DICE / 2, &figures);
			break;
		case O_AD: {
			/* "d8", "10+8", "2d10": the loader's parser of `ad:`,
			 * with its words after the usage */
			char err[160];
			if (bs2e_ad_parse(optarg, ad, err, sizeof err) != 0)
				return cli_usage_error(
				    "attack",
				    "--ad expects d4, d6, d8, d10, d12, 10+8 "
				    "or 2d10, got %s",
				    err);
			have_ad = 1;
			break;
		}
		case O_CHARGE:
			charge = 1;
			break;
		case O_RANGE: {
			int k = -1;
			for (int i = 1; i < BS2E_RANGE__COUNT; i++)
				if (strcmp(optarg, bs2e_range_name[i]) == 0)
					k = i;
			if (k < 0)
				return cli_usage_error(
				    "attack",
				    "--range expects short, medium or long, "
				    "got '%s'",
				    optarg);
			band = (enum bs2e_range)k;
			break;
		}
		case O_MULT: {
			int n = 0, d = 0, used = 0;
			if (sscanf(optarg, "%d/%d%n", &n, &d, &used) != 2 ||
			    optarg[used] || n < 1 || d < 1 || n > 10 || d > 10)
				return cli_usage_error(
				    "attack",
				    "--multiplier expects N/D (1 to 10 each), "
				    "got '%s'",
				    optarg);
			num = n;
			den = d;
			have_mult = 1;
			break;
		}
		case O_TABLE: {
			int t[BS2E_HIT_ROWS];
			int n = parse_list("--hit-table", optarg, 0, 100, t,
					   BS2E_HIT_ROWS);
			if (n < 0)
				return 2;
			if (n == 0)
				return cli_usage_error(
				    "attack", "--hit-table expects the hits of "
					      "attack die results 1, 2, 3 ... "
					      "(at least one row)");
			hit_rows = n;
			for (int r = 1; r <= BS2E_HIT_ROWS; r++)
				table[r] = t[r <= n ? r - 1 : n - 1];
			break;
		}
		case O_AR:
			rc =
			    cli_parse_int("attack", "--ar", optarg, 0, 10, &ar);
			have_ar = 1;
			break;
		case O_ARMOD: {
			/* given again, the modifiers add */
			int m = 0;
			rc = cli_parse_int("attack", "--ar-mod", optarg, -10,
					   10, &m);
			if (rc == 0 && (armod + m < -10 || armod + m > 10))
				return cli_usage_error(
				    "attack",
				    "--ar-mod: the modifiers add up to %+d; "
				    "their total must be -10 to 10",
				    armod + m);
			armod += m;
			break;
		}
		case O_EQ:
			eq = 1;
			break;
		case O_HITS:
			rc = cli_parse_int("attack", "--hits", optarg, 1, 100,
					   &hits);
			break;
		case O_TFIG:
			rc = cli_parse_int("attack", "--target-figures", optarg,
					   1, 1000, &tfig);
			break;
		case O_CARRIED:
			rc = cli_parse_int("attack", "--carried", optarg, 0, 99,
					   &carried);
			break;
		case O_ROLL:
			nroll = parse_list("--roll", optarg, 1, 12, roll,
					   BS2E_MAX_DICE * 2);
			if (nroll < 0)
				return 2;
			break;
		case O_AROLL:
			naroll = parse_list("--armor-roll", optarg, 1, 10,
					    aroll, BS2E_MAX_DICE);
			if (naroll < 0)
				return 2;
			break;
		case O_SEED:
			rc = cli_parse_int("attack", "--seed", optarg, 0,
					   INT_MAX, &seed);
			break;
		case O_JSON:
			json = 1;
			break;
		case O_ODDS:
			odds = 1;
			break;
		case O_HELP:
			fputs(cli_attack_bs2e_help, stdout);
			return 0;
		default:
			return cli_option_error("attack", ch, argv, opts);
		}
	}
	if (rc != 0)
		return 2;
	if (optind < argc)
		return cli_usage_error("attack", "unexpected argument '%s'",
				       argv[optind]);
	if (!have_ad || !have_ar)
		return cli_usage_error("attack",
				       "--rules bs2e needs --ad and --ar");
	if ((charge != 0) + (band != BS2E_RANGE_NONE) + have_mult > 1)
		return cli_usage_error("attack",
				       "give one of --charge, --range and "
				       "--multiplier");
	/* RULING R-200: a table given must reach the largest attack die
	 * result, as the scenario key hit_table: must */
	if (hit_rows > 0 && hit_rows < ad[0] + ad[1])
		return cli_usage_error("attack",
				       "--hit-table: %d rows, but the attack "
				       "dice reach %d (RULING R-200)",
				       hit_rows, ad[0] + ad[1]);
	/* [2E Hits] the carried hits are partial damage of one figure: fewer
	 * than Hits; and they, like the defender's figures, mean nothing
	 * without Hits */
	if ((carried > 0 || tfig > 0) && hits == 0)
		return cli_usage_error("attack",
				       "--carried and --target-figures need "
				       "--hits");
	if (carried >= hits && hits > 0)
		return cli_usage_error(
		    "attack",
		    "--carried %d: partial damage is less than --hits %d "
		    "[2E Hits]",
		    carried, hits);
	const char *mult_why = NULL;
	if (charge) {
		num = 3;
		den = 2;
		mult_why = "charge x1 1/2 (RULING R-211)";
	} else if (band != BS2E_RANGE_NONE) {
		bs2e_range_mult(band, &num, &den);
		mult_why = band == BS2E_RANGE_SHORT    ? "short range x1 "
							 "(RULING R-208)"
			   : band == BS2E_RANGE_MEDIUM ? "medium range x1/2 "
							 "(RULING R-208)"
						       : "long range x1/3 "
							 "(RULING R-208)";
	} else if (have_mult) {
		mult_why = "multiplier";
	}
	int ndice = bs2e_ad_count(figures, num, den);
	if (ndice > BS2E_MAX_DICE)
		return cli_usage_error(
		    "attack", "%d attack dice: at most %d in one attack", ndice,
		    BS2E_MAX_DICE);
	if (odds && (nroll >= 0 || naroll >= 0 || json))
		return cli_usage_error("attack", "--odds takes no --roll, "
						 "--armor-roll or --json");
	if (odds)
		return cli_attack_bs2e_odds_print(ad, ndice, table, ar + armod,
						  eq, hits, tfig, carried) != 0;
	int per = ad[1] ? 2 : 1;
	if (nroll >= 0 && nroll != ndice * per)
		return cli_usage_error(
		    "attack",
		    "--roll: %d attack dice to roll (%d number%s each), got "
		    "%d",
		    ndice, per, per == 1 ? "" : "s", nroll);
	struct bs_rng rng;
	bs_rng_seed_stream(&rng, (uint64_t)seed, 0);
	struct bs_dice_source src;
	if (nroll >= 0)
		bs_dice_source_script(&src, roll, (size_t)nroll);
	else
		bs_dice_source_rng(&src, &rng);
	static int dice[BS2E_MAX_DICE], per_die[BS2E_MAX_DICE],
	    adice[BS2E_MAX_DICE];
	int nhits = bs2e_roll_attack(&src, ad, ndice, table, dice, per_die);
	if (src.failed)
		return cli_usage_error("attack", "--roll: %s", src.error);
	int arv = ar + armod;
	if (naroll >= 0 && naroll != nhits)
		return cli_usage_error(
		    "attack", "--armor-roll: %d hit%s to roll for, got %d",
		    nhits, nhits == 1 ? "" : "s", naroll);
	struct bs_dice_source asrc;
	if (naroll >= 0)
		bs_dice_source_script(&asrc, aroll, (size_t)naroll);
	else
		bs_dice_source_rng(&asrc, &rng);
	int stand = bs2e_roll_armor(&asrc, nhits, arv, eq, adice);
	int removed = 0, after = carried;
	if (hits > 0)
		bs2e_take_hits(hits, tfig > 0 ? tfig : 1000000, carried, stand,
			       &removed, &after);
	char adt[16];
	bs2e_ad_text(ad, adt, sizeof adt);
	int random = nroll < 0 || naroll < 0;
	if (json) {
		json_t *j = json_object();
		json_object_set_new(j, "rules", json_string("bs2e"));
		json_object_set_new(j, "figures", json_integer(figures));
		json_object_set_new(j, "ad", json_string(adt));
		json_t *m = json_array();
		json_array_append_new(m, json_integer(num));
		json_array_append_new(m, json_integer(den));
		json_object_set_new(j, "multiplier", m);
		json_object_set_new(j, "attack_dice", json_integer(ndice));
		json_object_set_new(j, "dice", jarray(dice, ndice));
		json_object_set_new(j, "hits_per_die", jarray(per_die, ndice));
		json_object_set_new(j, "hits", json_integer(nhits));
		json_object_set_new(j, "ar", json_integer(arv));
		json_object_set_new(j, "equal_or_higher", json_boolean(eq));
		json_object_set_new(j, "armor_dice",
				    jarray(adice, nhits < BS2E_MAX_DICE
						      ? nhits
						      : BS2E_MAX_DICE));
		json_object_set_new(j, "cancelled",
				    json_integer(nhits - stand));
		json_object_set_new(j, "stand", json_integer(stand));
		if (hits > 0) {
			json_object_set_new(j, "hits_per_figure",
					    json_integer(hits));
			json_object_set_new(j, "removed",
					    json_integer(removed));
			json_object_set_new(j, "carried", json_integer(after));
		}
		if (random)
			json_object_set_new(j, "seed", json_integer(seed));
		int w = json_dumpf(j, stdout, bs_report_json_pretty_flags());
		putchar('\n');
		json_decref(j);
		if (w != 0 || fflush(stdout) != 0)
			return cli_stdout_failed();
		return 0;
	}
	printf("2E attack: %d figure%s, AD %s", figures,
	       figures == 1 ? "" : "s", adt);
	if (random)
		printf(" (dice not given rolled from seed %d)", seed);
	printf("\n");
	printf("  Attack dice: %d", figures);
	if (mult_why)
		printf(" x %d/%d (%s), fractions rounded up", num, den,
		       mult_why);
	printf(" = %d [2E Attack Dice]\n", ndice);
	printf("  %d x %s:", ndice, adt);
	for (int i = 0; i < ndice; i++)
		printf(" %d", dice[i]);
	printf("\n  hits:");
	for (int i = 0; i < ndice; i++)
		printf(" %d", per_die[i]);
	printf(" = %d hit%s (hit table, RULING R-200)\n", nhits,
	       nhits == 1 ? "" : "s");
	printf("  Armor: AR %d", arv);
	if (armod)
		printf(" = %d %+d modifiers", ar, armod);
	printf("; %d x d10:", nhits);
	for (int i = 0; i < nhits && i < BS2E_MAX_DICE; i++)
		printf(" %d", adice[i]);
	if (nhits > BS2E_MAX_DICE)
		printf(" ...");
	printf(" -> %d cancelled (d10 %s %d%s) [2E Armor Rating]\n",
	       nhits - stand, eq ? ">=" : ">", arv, eq ? ", RULING R-201" : "");
	printf("  Hits that stand: %d\n", stand);
	if (hits > 0) {
		printf("  Hits %d per figure", hits);
		if (carried)
			printf(", %d carried before", carried);
		printf(": %d figure%s removed, %d hit%s carried [2E Hits]\n",
		       removed, removed == 1 ? "" : "s", after,
		       after == 1 ? "" : "s");
	}
	return fflush(stdout) != 0 ? cli_stdout_failed() : 0;
}
