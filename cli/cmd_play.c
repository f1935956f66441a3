/* battlesim play [FILE]: play a whole battle of a scenario with the
 * doctrine AI commanding every side, round by round through the Sequence
 * of Play [1.0], and print the log (text for a referee, or JSON Lines,
 * docs/EVENTS.md) and the end summary: every unit's losses and state, the
 * outcome and its reason; --html FILE also writes the battle map, one
 * self-contained page replaying the battle (docs/HTML.md). */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/report.h"
#include "cli.h"

#define DEFAULT_SEED 1985

const char cmd_play_help[] =
    "usage: battlesim play [FILE] [--seed N] [--rounds N] [--log text|jsonl]\n"
    "                      [--out FILE] [--quiet] [--html FILE] [--dice FILE]\n"
    "                      [--strict]\n"
    "\n"
    "Play a battle of the scenario FILE (without FILE, the built-in\n"
    "scenario), each side commanded by the doctrine AI (or by the orders\n"
    "the scenario scripts for it, docs/AI.md), and print the log: each round "
    "and phase, each order, each die roll and the\n"
    "derivation of each number with the rule it comes from, e.g.\n"
    "  Keep men-at-arms morale (lost 25%): ML 12 = 11 +1 closed formation\n"
    "  [4.2 T4]; 2d10 (7+9) = 16 > 12: fails -> ... [4.5]\n"
    "then the summary: every unit's figures at the start, lost, wounded and\n"
    "left, how it ended, each side's losses and the outcome.\n"
    "\n"
    "The scenario's level (basic, intermediate, advanced) decides the rules\n"
    "in force [16.3 A]. What the scenario gives that has no effect in play\n"
    "(not in force at its level, or not played yet) is a warning on\n"
    "stderr, 'battlesim: warning: FILE:LINE:COL: ...', before the battle\n"
    "(docs/SCENARIO-FORMAT.md, \"Warnings\").\n"
    "\n"
    "Options:\n"
    "  --seed N        seed of the dice (default 1985); the same seed plays\n"
    "                  the same battle and prints the same bytes\n"
    "  --rounds N      round limit, 1 to 1000 (default: the scenario's,\n"
    "                  else 30)\n"
    "  --log FORMAT    text (default) or jsonl: one JSON object per event\n"
    "                  (docs/EVENTS.md); the summary is then one JSON line\n"
    "  --out FILE      write the log to FILE; the summary still goes to\n"
    "                  standard output\n"
    "  --quiet         no log, only the summary (the warnings still go to\n"
    "                  standard error)\n"
    "  --dice FILE     the dice from FILE (whole numbers, in the order the\n"
    "                  rules roll them) instead of the seeded generator; a\n"
    "                  number that is not a roll of its die, or too few,\n"
    "                  is an error (exit 1)\n"
    "  --html FILE     also write the battle map to FILE: one self-contained\n"
    "                  HTML page (no network) that replays the battle on the\n"
    "                  tabletop, step by step, with the log "
    "(docs/HTML.md)\n" CLI_STRICT_HELP "  -h, --help      show this help\n"
    "\n"
    "--out and --html files appear only when complete (written to a\n"
    "temporary file in the same directory, then renamed); neither may be\n"
    "the scenario FILE nor the same file as the other.\n";

/* play --dice FILE (issue 17): the given dice, in order, instead of the
 * seeded generator; NULL: none */
static const int *given_dice;
static size_t given_len;

int cli_play_battle(const struct bs_scenario *sc, const char *file,
		    uint64_t seed, uint64_t stream, int rounds, const char *log,
		    const char *out_path, int quiet)
{
	return cli_play_battle_html(sc, file, seed, stream, rounds, log,
				    out_path, quiet, NULL);
}

int cli_play_battle_html(const struct bs_scenario *sc, const char *file,
			 uint64_t seed, uint64_t stream, int rounds,
			 const char *log, const char *out_path, int quiet,
			 const char *html)
{
	int f = -1;
	for (int i = 0; i < BS_LOG__COUNT; i++)
		if (log && strcmp(log, bs_log_format_name[i]) == 0)
			f = i;
	if (f < 0)
		return cli_usage_error("play",
				       "--log expects text or jsonl, not '%s'",
				       log ? log : "");
	enum bs_log_format fmt = (enum bs_log_format)f;
	/* RULING R-355: no output overwrites the scenario or another
	 * output */
	const char *const opt[2] = {"--out", "--html"};
	const char *const paths[2] = {out_path, html};
	if (cli_out_check("play", file, opt, paths, 2) != 0)
		return 2;
	struct bs_battle *b = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st = bs_battle_new(sc, &b, &d);
	if (st != BS_OK) {
		cli_print_diags(&d);
		if (d.count == 0)
			cli_error("%s: the battle could not be set up",
				  file ? file : "built-in scenario");
		bs_diags_release(&d);
		return (int)st;
	}
	bs_diags_release(&d);

	/* both opened before the battle, so that a bad path fails at once;
	 * each is renamed into place only when complete */
	struct cli_out logo = {0}, mapo = {0};
	FILE *logf = stdout;
	if (out_path) {
		if (cli_out_open(&logo, out_path) != 0) {
			bs_battle_free(b);
			return 1;
		}
		logf = logo.f;
	}
	if (html && cli_out_open(&mapo, html) != 0) {
		cli_out_discard(&logo);
		bs_battle_free(b);
		return 1;
	}
	/* each side's controller as the scenario names it: the doctrine AI
	 * unless the side has scripted orders (docs/AI.md) */
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	if (!ai) {
		cli_error("out of memory");
		cli_out_discard(&logo);
		cli_out_discard(&mapo);
		bs_battle_free(b);
		return 1;
	}
	bs_ai_set_init(ai);
	bs_diags_init(&d);
	st = bs_ai_attach(ai, b, &d);
	cli_print_diags(&d);
	bs_diags_release(&d);
	if (st != BS_OK) {
		cli_out_discard(&logo);
		cli_out_discard(&mapo);
		free(ai);
		bs_battle_free(b);
		return (int)st;
	}
	/* --quiet without --out: events off, nothing is formatted */
	struct bs_report rep;
	/* b->sc: the battle's scenario, with its detachment slots (RULING
	 * */
	bs_report_init(&rep, fmt, logf, b->sc);
	struct bs_event_sink sink = bs_report_sink(&rep);
	int log_on = !quiet || out_path;
	/* --html: every event goes to the map, and on to the log */
	struct bs_html map;
	struct bs_event_sink map_sink;
	if (html) {
		bs_html_init(&map, b, log_on ? &sink : NULL);
		map_sink = bs_html_sink(&map);
		bs_battle_set_sink(b, &map_sink);
	} else if (log_on) {
		bs_battle_set_sink(b, &sink);
	}
	bs_battle_reset(b, seed, stream);
	if (given_dice)
		bs_dice_source_script(&b->dice, given_dice, given_len);
	bs_battle_play(b, rounds);
	if (given_dice && b->dice.failed) {
		/* the battle so far: its log, summary and page are complete
		 * renderings of what was played, and kept */
		cli_error("--dice: %s", b->dice.error);
		bs_report_summary(b, fmt, stdout);
		cli_out_close(&logo, rep.error);
		if (html) {
			cli_out_close(&mapo, bs_html_write(&map, mapo.f) != 0);
			bs_html_release(&map);
		}
		free(ai);
		bs_battle_free(b);
		return 1;
	}

	int rc = 0;
	if (out_path) {
		if (cli_out_close(&logo, rep.error) != 0)
			rc = 1;
	} else if (rep.error || fflush(stdout) != 0) {
		rc = cli_stdout_failed();
	}
	if (fmt == BS_LOG_TEXT && !out_path && !quiet)
		putchar('\n'); /* a blank line between the log and the table */
	if (bs_report_summary(b, fmt, stdout) != 0 || fflush(stdout) != 0)
		rc = cli_stdout_failed();
	if (html) {
		int bad = bs_html_write(&map, mapo.f) != 0;
		if (cli_out_close(&mapo, bad) != 0)
			rc = 1;
		bs_html_release(&map);
	}
	free(ai);
	bs_battle_free(b);
	return rc;
}

/* The whole numbers of FILE (blanks, commas and newlines between them):
 * the dice of --dice, each checked against its die as it is rolled. */
static int read_dice(const char *path, int **out, size_t *n)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		cli_error("%s: %s", path, strerror(errno));
		return -1;
	}
	size_t cap = 256, k = 0, bytes = 0;
	int *v = malloc(cap * sizeof *v);
	int c, line = 1;
	long cur = -1;
	while (v && (c = fgetc(f)) != EOF) {
		/* RULING R-350: the limit of a scenario file (/dev/zero or an
		 * endless pipe fails fast) */
		if (++bytes > 8u << 20) {
			cli_error("%s: the file is too large: at most %u bytes "
				  "(8 MiB) are read",
				  path, 8u << 20);
			free(v);
			fclose(f);
			return -1;
		}
		if (c >= '0' && c <= '9') {
			cur = (cur < 0 ? 0 : cur * 10) + (c - '0');
			if (cur > 1000) {
				cli_error("%s:%d: %ld is not a die", path, line,
					  cur);
				free(v);
				fclose(f);
				return -1;
			}
			continue;
		}
		if (cur >= 0) {
			if (k == cap) {
				int *nv = realloc(v, 2 * cap * sizeof *v);
				if (!nv)
					break;
				v = nv;
				cap *= 2;
			}
			v[k++] = (int)cur;
			cur = -1;
		}
		if (c == '\n')
			line++;
		else if (c != ' ' && c != '\t' && c != ',' && c != '\r') {
			/* what is not printable is named, never sent raw
			 * (RULING R-352) */
			if (c > 0x20 && c < 0x7f)
				cli_error("%s:%d: '%c' is not part of a number",
					  path, line, c);
			else
				cli_error("%s:%d: byte %02X is not part of a "
					  "number",
					  path, line, (unsigned)c);
			free(v);
			fclose(f);
			return -1;
		}
	}
	if (v && cur >= 0 && k < cap)
		v[k++] = (int)cur;
	fclose(f);
	if (!v) {
		cli_error("out of memory");
		return -1;
	}
	*out = v;
	*n = k;
	return 0;
}

int cmd_play(int argc, char **argv)
{
	enum {
		O_SEED = 256,
		O_ROUNDS,
		O_LOG,
		O_OUT,
		O_QUIET,
		O_HTML,
		O_DICE,
		O_STRICT
	};
	static const struct option opts[] = {
	    {"seed", required_argument, NULL, O_SEED},
	    {"rounds", required_argument, NULL, O_ROUNDS},
	    {"log", required_argument, NULL, O_LOG},
	    {"out", required_argument, NULL, O_OUT},
	    {"quiet", no_argument, NULL, O_QUIET},
	    {"html", required_argument, NULL, O_HTML},
	    {"dice", required_argument, NULL, O_DICE},
	    {"strict", no_argument, NULL, O_STRICT},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	int seed = DEFAULT_SEED, rounds = 0, quiet = 0, rc = 0, strict = 0;
	enum bs_log_format fmt = BS_LOG_TEXT;
	const char *out_path = NULL, *html = NULL, *dice = NULL;
	opterr = 0;
	int ch;
	while ((ch = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (ch) {
		case O_SEED:
			rc = cli_parse_int("play", "--seed", optarg, 0, INT_MAX,
					   &seed);
			break;
		case O_ROUNDS:
			rc = cli_parse_int("play", "--rounds", optarg, 1,
					   BS_MAX_ROUNDS, &rounds);
			break;
		case O_LOG: {
			int f = -1;
			for (int i = 0; i < BS_LOG__COUNT; i++)
				if (strcmp(optarg, bs_log_format_name[i]) == 0)
					f = i;
			if (f < 0)
				return cli_usage_error(
				    "play",
				    "--log expects text or jsonl, not '%s'",
				    optarg);
			fmt = (enum bs_log_format)f;
			break;
		}
		case O_OUT:
			if (!*optarg)
				return cli_usage_error(
				    "play", "--out needs a file name");
			out_path = optarg;
			break;
		case O_QUIET:
			quiet = 1;
			break;
		case O_HTML:
			if (cli_html_path("play", optarg) != 0)
				return 2;
			html = optarg;
			break;
		case O_DICE:
			dice = optarg;
			break;
		case O_STRICT:
			strict = 1;
			break;
		case 'h':
			fputs(cmd_play_help, stdout);
			return 0;
		default:
			return cli_option_error("play", ch, argv, opts);
		}
		if (rc < 0)
			return 2;
	}
	const char *file = optind < argc ? argv[optind++] : NULL;
	if (optind < argc)
		return cli_usage_error("play", "unexpected argument '%s'",
				       argv[optind]);

	int *script = NULL;
	size_t nscript = 0;
	if (dice && read_dice(dice, &script, &nscript) != 0)
		return 2;
	struct bs_scenario *sc = NULL;
	rc = cli_load_scenario(file, strict, &sc);
	if (rc) {
		free(script);
		return rc;
	}
	given_dice = script;
	given_len = nscript;
	rc = cli_play_battle_html(sc, file, (uint64_t)seed, 0, rounds,
				  bs_log_format_name[fmt], out_path, quiet,
				  html);
	given_dice = NULL;
	free(script);
	bs_scenario_free(sc);
	return rc;
}
