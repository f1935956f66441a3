/* battlesim sim [FILE]: play N battles of a scenario on every core and
 * print the odds: win / draw probabilities with 95% Wilson intervals,
 * rounds to the end, each unit's fate and losses, each side's losses; as
 * text, JSON or CSV (docs/SIM.md), and with --html FILE also as a page
 * with charts (docs/HTML.md). --replay K plays battle K again with the
 * full log (and --html FILE: its battle map). */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "battlesim/referee.h"
#include "battlesim/report.h"
#include "battlesim/sim.h"
#include "battlesim/warn.h"
#include "cli.h"

#define DEFAULT_SEED 1985

const char cmd_sim_help[] =
    "usage: battlesim sim [FILE] [--runs N] [--threads T] [--seed S]\n"
    "                     [--until-ci W] [--json | --csv] [--rounds N]\n"
    "                     [--html FILE] [--from JOURNAL] [--strict]\n"
    "       battlesim sim [FILE] --seed S --replay K [--log text|jsonl]\n"
    "                     [--html FILE] [--from JOURNAL]\n"
    "\n"
    "Play N battles of the scenario FILE (without FILE, the built-in\n"
    "scenario) with the sides' controllers (the doctrine AI unless the\n"
    "scenario says otherwise) and print the odds: each side's probability\n"
    "of winning and of a draw with 95% Wilson intervals, rounds to the end\n"
    "(mean, median, 5th and 95th percentile), each unit's chances of ending\n"
    "destroyed, routed off the table, routed on it, or intact, its expected\n"
    "figures lost with a histogram, and each side's losses. Battle i is\n"
    "played with the dice of stream i of the seed, so the report is the\n"
    "same for any number of threads, and battle 0 is `play --seed S`.\n"
    "\n"
    "What the scenario gives that the battles leave out (the warnings of\n"
    "battlesim check: not in force at its level, or not played yet) goes to\n"
    "stderr and heads every report as its \"not simulated\" list: the odds\n"
    "are never shown without their caveats (docs/SIM.md).\n"
    "\n"
    "Options:\n"
    "  --runs N        battles to play (default 10000; with --until-ci, the\n"
    "                  most to play)\n"
    "  --threads T     worker threads (default: every core)\n"
    "  --seed S        seed of the dice (default 1985)\n"
    "  --until-ci W    play in batches of 1000 until every side's 95%\n"
    "                  interval on winning is at most W wide (e.g. 0.02)\n"
    "  --rounds N      round limit, 1 to 1000 (default: the scenario's,\n"
    "                  else 30)\n"
    "  --json          the report as JSON (docs/SIM.md)\n"
    "  --csv           the report as CSV rows (docs/SIM.md)\n"
    "  --replay K      play battle K of this seed again with the full log\n"
    "  --log FORMAT    with --replay: text (default) or jsonl\n"
    "  --html FILE     also write the report as one self-contained HTML page\n"
    "                  with charts: win probabilities with their intervals,\n"
    "                  rounds and casualty histograms (docs/HTML.md); with\n"
    "                  --replay, the battle map of that battle\n"
    "  --from JOURNAL  the battles go on from the position of a referee's\n"
    "                  journal (docs/REFEREE.md): each replays its inputs,\n"
    "                  then the AI plays the human sides with the dice of\n"
    "                  (seed, i); the seed defaults to the journal's; the\n"
    "                  same counts as the session's 'chances "
    "N'\n" CLI_STRICT_HELP "  -h, --help      show this help\n"
    "\n"
    "A progress bar with the rate and the time left goes to standard error\n"
    "when it is a terminal. The --html page appears only when complete\n"
    "(written to a temporary file in its directory, then renamed); it may\n"
    "not be the scenario FILE.\n";

/* ---- progress bar ----------------------------------------------------- */

struct progress {
	struct timespec start;
};

static double since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	       (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

static void progress_bar(void *ctx, long done, long total)
{
	struct progress *p = ctx;
	double el = since(&p->start);
	double rate = el > 0 ? (double)done / el : 0;
	double left = rate > 0 ? (double)(total - done) / rate : 0;
	int width = 30, fill = total ? (int)(width * done / total) : 0;
	char bar[64];
	for (int i = 0; i < width; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[width] = '\0';
	fprintf(stderr, "\r[%s] %ld/%ld  %.0f battles/s  ETA %.0fs ", bar, done,
		total, rate, left);
	if (done >= total)
		fputc('\n', stderr);
	fflush(stderr);
}

/* ---- the numbers of the report ---------------------------------------- */

static double ratio(long k, long n)
{
	return n ? (double)k / (double)n : 0.0;
}

/* A double rounded to 6 decimals, for JSON. */
static json_t *jreal(double x)
{
	return json_real(round(x * 1e6) / 1e6);
}

static json_t *jhist(const long *h, int len)
{
	json_t *a = json_array();
	for (int i = 0; i < len; i++)
		json_array_append_new(a, json_integer(h[i]));
	return a;
}

static json_t *jci(long k, long n)
{
	double lo, hi;
	bs_wilson(k, n, 1.96, &lo, &hi);
	json_t *a = json_array();
	json_array_append_new(a, jreal(lo));
	json_array_append_new(a, jreal(hi));
	return a;
}

/* {"mean", "median", "p5", "p95", "hist"} of a histogram of n values. */
static json_t *jdist(const long *h, int len, long n, long sum)
{
	json_t *o = json_object();
	json_object_set_new(o, "mean", jreal(ratio(sum, n)));
	json_object_set_new(o, "median",
			    json_integer(bs_hist_quantile(h, len, n, 0.5)));
	json_object_set_new(o, "p5",
			    json_integer(bs_hist_quantile(h, len, n, 0.05)));
	json_object_set_new(o, "p95",
			    json_integer(bs_hist_quantile(h, len, n, 0.95)));
	json_object_set_new(o, "hist", jhist(h, len));
	return o;
}

/* The report's names of the unit end states (docs/SIM.md). */
static const char *const end_key[BS_END__COUNT] = {
    [BS_END_INTACT] = "p_intact",
    [BS_END_ROUTED_ON_TABLE] = "p_routed_on_table",
    [BS_END_ROUTED_OFF] = "p_routed_off_table",
    [BS_END_DESTROYED] = "p_destroyed",
};

static const char *unit_name(const struct bs_scenario *sc,
			     const struct bs_sim_unit *u)
{
	return sc->sides[u->side].units[u->idx].name;
}

static json_t *report_json(const struct bs_scenario *sc,
			   const struct bs_sim_result *r, uint64_t seed)
{
	json_t *o = json_object();
	json_object_set_new(o, "scenario", json_string(sc->name));
	json_object_set_new(o, "seed", json_integer((json_int_t)seed));
	json_object_set_new(o, "runs", json_integer(r->runs));
	json_object_set_new(o, "stopped_early", json_boolean(r->stopped_early));
	json_object_set_new(o, "max_rounds", json_integer(r->max_rounds));
	/* what the battles leave out (issue 11): only when there is any */
	if (sc->warnings.count)
		json_object_set_new(o, "not_simulated",
				    bs_report_warnings_json(sc));
	json_t *sides = json_array();
	for (int s = 0; s < r->nsides; s++) {
		const struct bs_sim_side *sd = &r->side[s];
		json_t *j = json_object();
		json_object_set_new(j, "name", json_string(sc->sides[s].name));
		json_object_set_new(j, "wins", json_integer(sd->wins));
		json_object_set_new(j, "p_win",
				    jreal(ratio(sd->wins, r->runs)));
		json_object_set_new(j, "ci95", jci(sd->wins, r->runs));
		json_object_set_new(j, "figures", json_integer(sd->figures));
		json_object_set_new(j, "figures_lost",
				    jdist(sd->lost_hist, sd->figures + 1,
					  r->runs, sd->lost_sum));
		json_array_append_new(sides, j);
	}
	json_object_set_new(o, "sides", sides);
	json_t *dr = json_object();
	json_object_set_new(dr, "count", json_integer(r->draws));
	json_object_set_new(dr, "p", jreal(ratio(r->draws, r->runs)));
	json_object_set_new(dr, "ci95", jci(r->draws, r->runs));
	json_object_set_new(o, "draws", dr);
	json_object_set_new(
	    o, "rounds",
	    jdist(r->rounds_hist, r->max_rounds + 1, r->runs, r->rounds_sum));
	json_t *units = json_array();
	for (int g = 0; g < r->nunits; g++) {
		const struct bs_sim_unit *u = &r->unit[g];
		json_t *j = json_object();
		json_object_set_new(j, "side",
				    json_string(sc->sides[u->side].name));
		json_object_set_new(j, "name", json_string(unit_name(sc, u)));
		json_object_set_new(j, "figures", json_integer(u->original));
		for (int e = 0; e < BS_END__COUNT; e++)
			json_object_set_new(j, end_key[e],
					    jreal(ratio(u->end[e], r->runs)));
		json_object_set_new(
		    j, "figures_lost",
		    jdist(u->lost_hist, u->original + 1, r->runs, u->lost_sum));
		json_array_append_new(units, j);
	}
	json_object_set_new(o, "units", units);
	return o;
}

/* ---- CSV: section,side,unit,key,value --------------------------------- */

static void csv_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void csv_row(FILE *f, const char *section, const char *side,
		    const char *unit, const char *key, const char *value)
{
	fprintf(f, "%s,", section);
	csv_str(f, side ? side : "");
	fputc(',', f);
	csv_str(f, unit ? unit : "");
	fprintf(f, ",%s,%s\n", key, value);
}

static void csv_num(FILE *f, const char *section, const char *side,
		    const char *unit, const char *key, double v)
{
	char b[64];
	snprintf(b, sizeof b, "%.6f", v);
	csv_row(f, section, side, unit, key, b);
}

static void csv_int(FILE *f, const char *section, const char *side,
		    const char *unit, const char *key, long v)
{
	char b[32];
	snprintf(b, sizeof b, "%ld", v);
	csv_row(f, section, side, unit, key, b);
}

static void csv_dist(FILE *f, const char *section, const char *side,
		     const char *unit, const long *h, int len, long n, long sum)
{
	csv_num(f, section, side, unit, "mean", ratio(sum, n));
	csv_int(f, section, side, unit, "median",
		bs_hist_quantile(h, len, n, 0.5));
	csv_int(f, section, side, unit, "p5",
		bs_hist_quantile(h, len, n, 0.05));
	csv_int(f, section, side, unit, "p95",
		bs_hist_quantile(h, len, n, 0.95));
	for (int i = 0; i < len; i++) {
		char key[32];
		snprintf(key, sizeof key, "hist_%d", i);
		csv_int(f, section, side, unit, key, h[i]);
	}
}

static void report_csv(FILE *f, const struct bs_scenario *sc,
		       const struct bs_sim_result *r, uint64_t seed)
{
	fprintf(f, "section,side,unit,key,value\n");
	fprintf(f, "run,\"\",\"\",scenario,");
	csv_str(f, sc->name);
	fputc('\n', f);
	csv_int(f, "run", NULL, NULL, "seed", (long)seed);
	csv_int(f, "run", NULL, NULL, "runs", r->runs);
	csv_int(f, "run", NULL, NULL, "stopped_early", r->stopped_early);
	csv_int(f, "run", NULL, NULL, "max_rounds", r->max_rounds);
	/* what the battles leave out (issue 11): one row a warning */
	char where[1024];
	for (size_t i = 0; i < sc->warnings.count; i++) {
		const struct bs_diag *m = &sc->warnings.items[i];
		int code = m->code > 0 && m->code < BS_W__COUNT ? m->code : 0;
		fprintf(f, "not_simulated,\"\",\"\",%s,",
			code ? bs_warn_kinds[code].id : "warning");
		csv_str(f, bs_diag_format(m, where, sizeof where));
		fputc('\n', f);
	}
	for (int s = 0; s < r->nsides; s++) {
		const struct bs_sim_side *sd = &r->side[s];
		const char *nm = sc->sides[s].name;
		double lo, hi;
		bs_wilson(sd->wins, r->runs, 1.96, &lo, &hi);
		csv_int(f, "side", nm, NULL, "wins", sd->wins);
		csv_num(f, "side", nm, NULL, "p_win", ratio(sd->wins, r->runs));
		csv_num(f, "side", nm, NULL, "ci95_lo", lo);
		csv_num(f, "side", nm, NULL, "ci95_hi", hi);
		csv_int(f, "side", nm, NULL, "figures", sd->figures);
		csv_dist(f, "side_figures_lost", nm, NULL, sd->lost_hist,
			 sd->figures + 1, r->runs, sd->lost_sum);
	}
	double lo, hi;
	bs_wilson(r->draws, r->runs, 1.96, &lo, &hi);
	csv_int(f, "draw", NULL, NULL, "count", r->draws);
	csv_num(f, "draw", NULL, NULL, "p", ratio(r->draws, r->runs));
	csv_num(f, "draw", NULL, NULL, "ci95_lo", lo);
	csv_num(f, "draw", NULL, NULL, "ci95_hi", hi);
	csv_dist(f, "rounds", NULL, NULL, r->rounds_hist, r->max_rounds + 1,
		 r->runs, r->rounds_sum);
	for (int g = 0; g < r->nunits; g++) {
		const struct bs_sim_unit *u = &r->unit[g];
		const char *sn = sc->sides[u->side].name,
			   *un = unit_name(sc, u);
		csv_int(f, "unit", sn, un, "figures", u->original);
		for (int e = 0; e < BS_END__COUNT; e++)
			csv_num(f, "unit", sn, un, end_key[e],
				ratio(u->end[e], r->runs));
		csv_dist(f, "unit_figures_lost", sn, un, u->lost_hist,
			 u->original + 1, r->runs, u->lost_sum);
	}
}

/* ---- text -------------------------------------------------------------- */

/* A histogram of n values 0..len-1 in at most 8 buckets, as bars. */
static void text_hist(FILE *f, const long *h, int len, long n,
		      const char *indent)
{
	int nb = len < 8 ? len : 8;
	int per = (len + nb - 1) / nb;
	for (int b = 0; b * per < len; b++) {
		int lo = b * per, hi = lo + per - 1;
		if (hi > len - 1)
			hi = len - 1;
		long k = 0;
		for (int i = lo; i <= hi; i++)
			k += h[i];
		double p = ratio(k, n);
		int bar = (int)lround(p * 40);
		char range[32];
		if (lo == hi)
			snprintf(range, sizeof range, "%d", lo);
		else
			snprintf(range, sizeof range, "%d-%d", lo, hi);
		fprintf(f, "%s%7s %6.2f%% ", indent, range, 100.0 * p);
		for (int i = 0; i < bar; i++)
			fputc('#', f);
		fputc('\n', f);
	}
}

static void report_text(FILE *f, const struct bs_scenario *sc,
			const struct bs_sim_result *r, uint64_t seed)
{
	fprintf(f, "%s: %ld battles, seed %llu, round limit %d%s\n", sc->name,
		r->runs, (unsigned long long)seed, r->max_rounds,
		r->stopped_early ? " (stopped: the intervals are narrow "
				   "enough)"
				 : "");
	if (sc->warnings.count) {
		fputc('\n', f);
		bs_report_warnings_text(f, sc);
	}
	fprintf(f, "\nOutcome                              P     95%% interval "
		   "(Wilson)\n");
	for (int s = 0; s < r->nsides; s++) {
		double lo, hi;
		bs_wilson(r->side[s].wins, r->runs, 1.96, &lo, &hi);
		char who[96];
		snprintf(who, sizeof who, "%.60s wins", sc->sides[s].name);
		fprintf(f, "  %-32s %6.4f  [%6.4f, %6.4f]\n", who,
			ratio(r->side[s].wins, r->runs), lo, hi);
	}
	double lo, hi;
	bs_wilson(r->draws, r->runs, 1.96, &lo, &hi);
	fprintf(f, "  %-32s %6.4f  [%6.4f, %6.4f]\n", "draw",
		ratio(r->draws, r->runs), lo, hi);
	int len = r->max_rounds + 1;
	fprintf(f,
		"\nRounds to the end: mean %.2f, median %d, 5th percentile "
		"%d, 95th percentile %d\n",
		ratio(r->rounds_sum, r->runs),
		bs_hist_quantile(r->rounds_hist, len, r->runs, 0.5),
		bs_hist_quantile(r->rounds_hist, len, r->runs, 0.05),
		bs_hist_quantile(r->rounds_hist, len, r->runs, 0.95));
	fprintf(f, "\nUnits: how they ended (probability) and figures lost\n");
	fprintf(f, "  %-30s %9s %9s %9s %9s %10s\n", "", "destroyed", "routed",
		"routed", "intact", "lost");
	fprintf(f, "  %-30s %9s %9s %9s %9s %10s\n", "", "", "off table",
		"on table", "", "(mean)");
	for (int s = 0; s < r->nsides; s++) {
		fprintf(f, "%s\n", sc->sides[s].name);
		for (int g = 0; g < r->nunits; g++) {
			const struct bs_sim_unit *u = &r->unit[g];
			if (u->side != s)
				continue;
			char nm[96];
			snprintf(nm, sizeof nm, "%s (%d)", unit_name(sc, u),
				 u->original);
			fprintf(f, "  %-30s %9.4f %9.4f %9.4f %9.4f %10.2f\n",
				nm, ratio(u->end[BS_END_DESTROYED], r->runs),
				ratio(u->end[BS_END_ROUTED_OFF], r->runs),
				ratio(u->end[BS_END_ROUTED_ON_TABLE], r->runs),
				ratio(u->end[BS_END_INTACT], r->runs),
				ratio(u->lost_sum, r->runs));
			text_hist(f, u->lost_hist, u->original + 1, r->runs,
				  "      lost ");
		}
	}
	fprintf(f, "\nFigures lost per side\n");
	for (int s = 0; s < r->nsides; s++) {
		const struct bs_sim_side *sd = &r->side[s];
		int l = sd->figures + 1;
		fprintf(f,
			"  %s: mean %.2f of %d, median %d, 5th percentile %d, "
			"95th percentile %d\n",
			sc->sides[s].name, ratio(sd->lost_sum, r->runs),
			sd->figures,
			bs_hist_quantile(sd->lost_hist, l, r->runs, 0.5),
			bs_hist_quantile(sd->lost_hist, l, r->runs, 0.05),
			bs_hist_quantile(sd->lost_hist, l, r->runs, 0.95));
		text_hist(f, sd->lost_hist, l, r->runs, "      lost ");
	}
}

/* ---- the command ------------------------------------------------------- */

static int cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		return 1;
	if (n > BS_SIM_MAX_THREADS)
		return BS_SIM_MAX_THREADS;
	return (int)n;
}

int cmd_sim(int argc, char **argv)
{
	enum {
		O_RUNS = 256,
		O_THREADS,
		O_SEED,
		O_UNTIL,
		O_JSON,
		O_CSV,
		O_ROUNDS,
		O_REPLAY,
		O_LOG,
		O_HTML,
		O_FROM,
		O_STRICT
	};
	static const struct option opts[] = {
	    {"runs", required_argument, NULL, O_RUNS},
	    {"threads", required_argument, NULL, O_THREADS},
	    {"seed", required_argument, NULL, O_SEED},
	    {"until-ci", required_argument, NULL, O_UNTIL},
	    {"json", no_argument, NULL, O_JSON},
	    {"csv", no_argument, NULL, O_CSV},
	    {"rounds", required_argument, NULL, O_ROUNDS},
	    {"replay", required_argument, NULL, O_REPLAY},
	    {"log", required_argument, NULL, O_LOG},
	    {"html", required_argument, NULL, O_HTML},
	    {"from", required_argument, NULL, O_FROM},
	    {"strict", no_argument, NULL, O_STRICT},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	struct bs_sim_opts o;
	memset(&o, 0, sizeof o);
	o.runs = BS_SIM_DEFAULT_RUNS;
	o.threads = cores();
	int seed = DEFAULT_SEED, json = 0, csv = 0, replay = -1, rounds = 0,
	    strict = 0;
	int runs = BS_SIM_DEFAULT_RUNS, threads = o.threads, rc = 0;
	const char *log = NULL, *html = NULL, *from = NULL;
	int seed_given = 0;
	opterr = 0;
	int ch;
	while ((ch = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (ch) {
		case O_RUNS:
			rc = cli_parse_int("sim", "--runs", optarg, 1,
					   100000000, &runs);
			break;
		case O_THREADS:
			rc = cli_parse_int("sim", "--threads", optarg, 1,
					   BS_SIM_MAX_THREADS, &threads);
			break;
		case O_SEED:
			rc = cli_parse_int("sim", "--seed", optarg, 0,
					   2147483647, &seed);
			seed_given = 1;
			break;
		case O_UNTIL: {
			char *end;
			errno = 0;
			double w = strtod(optarg, &end);
			if (errno || end == optarg || *end || !(w > 0) ||
			    w >= 1)
				return cli_usage_error(
				    "sim",
				    "--until-ci expects an interval width "
				    "between 0 and 1 (e.g. 0.02), not '%s'",
				    optarg);
			o.until_ci = w;
			break;
		}
		case O_JSON:
			json = 1;
			break;
		case O_CSV:
			csv = 1;
			break;
		case O_ROUNDS:
			rc = cli_parse_int("sim", "--rounds", optarg, 1,
					   BS_MAX_ROUNDS, &rounds);
			break;
		case O_REPLAY:
			rc = cli_parse_int("sim", "--replay", optarg, 0,
					   100000000, &replay);
			break;
		case O_LOG:
			log = optarg;
			break;
		case O_HTML:
			if (cli_html_path("sim", optarg) != 0)
				return 2;
			html = optarg;
			break;
		case O_FROM:
			from = optarg;
			break;
		case O_STRICT:
			strict = 1;
			break;
		case 'h':
			fputs(cmd_sim_help, stdout);
			return 0;
		default:
			return cli_option_error("sim", ch, argv, opts);
		}
		if (rc < 0)
			return 2;
	}
	const char *file = optind < argc ? argv[optind++] : NULL;
	if (optind < argc)
		return cli_usage_error("sim", "unexpected argument '%s'",
				       argv[optind]);
	if (json && csv)
		return cli_usage_error("sim", "--json and --csv exclude each "
					      "other");
	if (log && replay < 0)
		return cli_usage_error("sim", "--log goes with --replay");
	if (from && (file || replay >= 0 || o.until_ci > 0))
		return cli_usage_error("sim",
				       "--from JOURNAL names its scenario; it "
				       "takes no FILE, --replay or --until-ci");

	struct bs_scenario *sc = NULL;
	struct bs_ref *ref = NULL;
	if (from) {
		/* issue 17: the battles go on from the position of a
		 * referee's journal */
		long torn = -1;
		rc = cli_ref_load(from, strict, &sc, &ref, &torn);
		if (rc)
			return rc;
		if (torn >= 0)
			fprintf(stderr,
				"battlesim: warning: %s: its last line was cut "
				"off as it was written: not read\n",
				from);
		if (!seed_given)
			seed = (int)ref->seed;
	} else {
		rc = cli_load_scenario(file, strict, &sc);
	}
	if (rc)
		return rc;
	if (replay >= 0) {
		rc = cli_play_battle_html(sc, file, (uint64_t)seed,
					  (uint64_t)replay, rounds,
					  log ? log : "text", NULL, 0, html);
		bs_scenario_free(sc);
		return rc;
	}
	/* --html: opened before the battles, so that a bad path fails at
	 * once; renamed into place when complete (RULING R-355) */
	const char *const opt[1] = {"--html"};
	const char *const paths[1] = {html};
	int bad = cli_out_check("sim", from ? sc->file : file, opt, paths, 1);
	if (!bad && from && html && cli_same_file(html, from))
		bad = cli_usage_error("sim",
				      "--html '%s' is the journal '%s': it "
				      "would be overwritten",
				      html, from);
	if (bad) {
		bs_ref_free(ref);
		bs_scenario_free(sc);
		return 2;
	}
	struct cli_out htmlo = {0};
	if (html && cli_out_open(&htmlo, html) != 0) {
		bs_ref_free(ref);
		bs_scenario_free(sc);
		return 1;
	}
	o.runs = runs;
	o.threads = threads;
	o.seed = (uint64_t)seed;
	o.max_rounds = rounds;
	struct progress prog;
	if (isatty(STDERR_FILENO)) {
		clock_gettime(CLOCK_MONOTONIC, &prog.start);
		o.progress = progress_bar;
		o.progress_ctx = &prog;
	}
	struct bs_sim_result *r = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st =
	    ref ? bs_ref_chances(ref, o.runs, o.threads, o.seed, &r, &d)
		: bs_sim_run(sc, &o, &r, &d);
	bs_ref_free(ref);
	if (st != BS_OK) {
		cli_print_diags(&d);
		bs_diags_release(&d);
		bs_scenario_free(sc);
		cli_out_discard(&htmlo);
		return (int)st;
	}
	bs_diags_release(&d);
	if (json) {
		json_t *j = report_json(sc, r, o.seed);
		if (!j ||
		    json_dumpf(j, stdout, bs_report_json_pretty_flags()) != 0)
			rc = 1;
		fputc('\n', stdout);
		json_decref(j);
	} else if (csv) {
		report_csv(stdout, sc, r, o.seed);
	} else {
		report_text(stdout, sc, r, o.seed);
	}
	if (rc || fflush(stdout) != 0)
		rc = cli_stdout_failed();
	if (html) {
		int bad = bs_html_sim_write(htmlo.f, sc, r, o.seed) != 0;
		if (cli_out_close(&htmlo, bad) != 0)
			rc = 1;
	}
	bs_sim_result_free(r);
	bs_scenario_free(sc);
	return rc;
}
