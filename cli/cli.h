/* The command-line program: one cmd_*.c per subcommand, shared helpers. */
#ifndef BS_CLI_H
#define BS_CLI_H

#include <jansson.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include "battlesim/diag.h"
#include "battlesim/report.h"
#include "battlesim/scenario.h"

/* A subcommand: name, one-line summary, full help text, entry point.
 * fn gets argv with argv[0] = the subcommand name; returns the exit code
 * (0 ok, 1 runtime failure, 2 bad input or usage). */
struct cli_cmd {
	const char *name;
	const char *summary;
	const char *help;
	int (*fn)(int argc, char **argv);
};

extern const struct cli_cmd cli_cmds[];
const struct cli_cmd *cli_find(const char *name);

int cmd_roster(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_tables(int argc, char **argv);
int cmd_attack(int argc, char **argv);
int cmd_cast(int argc, char **argv);
int cmd_morale(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_referee(int argc, char **argv);
extern const char cmd_roster_help[];
extern const char cmd_check_help[];
extern const char cmd_tables_help[];
extern const char cmd_attack_help[];
extern const char cmd_cast_help[];
extern const char cmd_morale_help[];
extern const char cmd_play_help[];
extern const char cmd_sim_help[];
extern const char cmd_referee_help[];

struct bs_ref;
/* Read journal J (issue 17, cli/cmd_referee.c): its scenario (a file or
 * a built-in one, checked against the journal's SHA-256) into *sc and a
 * session holding its inputs into *r; *torn_at the byte offset of a torn
 * last line (-1 none). Prints the diagnostics and the scenario's warnings
 * (errors when `strict`) and returns the exit code (0 ok). */
int cli_ref_load(const char *journal, int strict, struct bs_scenario **sc,
		 struct bs_ref **r, long *torn_at);

/* "battlesim: error: MESSAGE" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Standard output could not be written: "battlesim: error: standard
 * output: cannot write: REASON" (once per run, however often it is
 * called). Returns 1 (the exit code). */
int cli_stdout_failed(void);

/* The end of every run (main): standard output flushed and closed; when
 * that or an earlier write failed, cli_stdout_failed. Returns the exit
 * code: rc, or 1 when rc was 0 and output was lost (RULING R-356). */
int cli_finish(int rc);

/* Print every diagnostic as "battlesim: error: FILE:LINE:COL: message". */
void cli_print_diags(const struct bs_diags *d);

/* Usage error for a subcommand: message, then "Try 'battlesim help CMD'"
 * ("Try 'battlesim --help'" when cmd is NULL: the program's own options).
 * Returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

struct option;
/* The usage error of getopt_long's answer ch (':' a value missing, '?'
 * an unknown option or a value given to one that takes none) for `cmd`,
 * whose options are opts; one wording for every command ("--runs needs a
 * value", "unknown option '--nope'", "--json takes no value"). Returns
 * 2. The command's option string starts with ':' and opterr is 0. */
int cli_option_error(const char *cmd, int ch, char *const *argv,
		     const struct option *opts);

/* The file name of `--html` for `cmd`: not empty and not "-" (the page is
 * a file, never standard output). Returns 0, or prints a usage error and
 * returns 2. */
int cli_html_path(const char *cmd, const char *path);

/* 1 when paths a and b name the same file: the same name, the same device
 * and inode when both exist (hard and symbolic links), else the same path
 * once directories and links are resolved ("F", "./F", "d/../F" before F
 * exists) (cli/output.c). */
int cli_same_file(const char *a, const char *b);

/* RULING R-355: the outputs path[0..n) of cmd (named by their options
 * opt[], NULL paths skipped) are not the scenario file `input` (NULL:
 * none) nor one another. Returns 0, or prints a usage error and returns
 * 2. */
int cli_out_check(const char *cmd, const char *input, const char *const *opt,
		  const char *const *path, int n);

/* An output file being written: a temporary file in the target's
 * directory, renamed over the target by cli_out_close (a device or pipe,
 * such as /dev/stdout, is written as it is). */
struct cli_out {
	FILE *f; /* write here */
	const char *path;
	char target[PATH_MAX]; /* the file named, links resolved */
	char tmp[PATH_MAX];    /* "" when written in place */
	unsigned mode;	       /* permissions the file gets */
	int slot;	       /* removed on SIGINT, SIGTERM ... */
};

/* Start writing `path`. 0, or 1 after "FILE: cannot write: REASON". */
int cli_out_open(struct cli_out *o, const char *path);

/* Finish: flush, close and rename into place, unless `bad` (the caller's
 * writing failed) or a write fails; then the temporary file is removed,
 * the target left as it was, "FILE: cannot write: REASON" printed.
 * Returns 0 or 1. */
int cli_out_close(struct cli_out *o, int bad);

/* Give up (an error elsewhere): close and remove, no message. */
void cli_out_discard(struct cli_out *o);

/* Load FILE (builtin: the built-in scenario of that name; file NULL: the
 * default one) and check its deployment (bs_deploy_check). Prints the
 * errors on failure and returns the exit code (0 ok, *out NULL on
 * failure); prints its warnings on stderr, as errors when `strict` (then
 * exit code 2). */
int cli_load_checked(const char *file, int builtin, int strict,
		     struct bs_scenario **out);

/* cli_load_checked of FILE, or of the built-in default scenario when file
 * is NULL. */
int cli_load_scenario(const char *file, int strict, struct bs_scenario **out);

/* Print the warnings of scenario s on stderr as "battlesim: warning:
 * FILE:LINE:COL: message" (strict: "battlesim: error: ...", then a count).
 * Returns 2 when strict and there is a warning, else 0. */
int cli_print_warnings(const struct bs_scenario *s, int strict);

/* The help lines of --strict, shared by check, roster, play and sim. */
#define CLI_STRICT_HELP                                                        \
	"  --strict        warnings are errors: a scenario that gives\n"       \
	"                  something with no effect in play is refused\n"      \
	"                  (exit 2; docs/SCENARIO-FORMAT.md, \"Warnings\")\n"

/* Parse a whole decimal int in [lo, hi] for option `opt` of `cmd`; on error
 * prints the message and returns -1. */
int cli_parse_int(const char *cmd, const char *opt, const char *text, long lo,
		  long hi, int *out);

/* Play one battle of scenario sc (loaded from `file`, NULL: the built-in
 * one) with the dice of stream `stream` of `seed`, each side's controller
 * as the scenario names it (the doctrine AI by default), until over or
 * `rounds` (0: the scenario's limit); write the log ("text" or "jsonl")
 * to `out` (NULL: stdout) unless `quiet` without `out`, then the summary
 * to stdout. Returns the exit code (cli/cmd_play.c). */
int cli_play_battle(const struct bs_scenario *sc, const char *file,
		    uint64_t seed, uint64_t stream, int rounds, const char *log,
		    const char *out, int quiet);

/* cli_play_battle, and with `html` (NULL: none) also write the battle map
 * page of the battle to that file (docs/HTML.md; cli/cmd_play.c). */
int cli_play_battle_html(const struct bs_scenario *sc, const char *file,
			 uint64_t seed, uint64_t stream, int rounds,
			 const char *log, const char *out, int quiet,
			 const char *html);

/* matrix (issue 6): the brigade cards of a matrix scenario, text or JSON
 * (cli/roster_matrix.c). Returns the exit code. */
int cli_roster_matrix(const struct bs_scenario *s, int json);

/* The exact odds of one 1E attack over the 36 outcomes of 2d6, printed
 * as `attack --odds` prints them (cmd_attack.c): spec's AR, AC, damage,
 * figures and level drain against figures of target_hd tenths (0: no
 * kills shown), target_figures of them, target_wounded wounded. 0, or -1
 * (printed) when the damage cannot be read on the CRT. */
struct bs1e_attack_spec;
int cli_attack_odds_print(const struct bs1e_attack_spec *spec, int target_hd,
			  int target_figures, int target_wounded);

/* 2E (issue 5): cli/roster_bs2e.c, cli/attack_bs2e.c */
/* The 2E unit roster of a 2E scenario, text or JSON; the exit code. */
int cli_roster_bs2e(const struct bs_scenario *s, int json);
/* `attack --rules bs2e ...`: the 2E calculator; the exit code. */
int cli_attack_bs2e(int argc, char **argv);
extern const char cli_attack_bs2e_help[];
/* 1 when argv asks for the 2E calculator (--rules bs2e). */
int cli_attack_wants_bs2e(int argc, char **argv);
/* The exact odds of one 2E attack (bs2e_attack_odds), printed as
 * `attack --rules bs2e --odds` prints them: ndice dice of ad, the
 * defender's AR ar (modified), per_figure Hits a figure (0: no figures
 * removed shown), target_figures (0: no limit), carried hits. 0, or -1
 * (printed). */
int cli_attack_bs2e_odds_print(const int ad[2], int ndice, const int *table,
			       int ar, int equal_or_higher, int per_figure,
			       int target_figures, int carried);

/* A number kept in tenths as JSON: an integer when whole (60), else a
 * real with one decimal (0.5). */
json_t *cli_json_tenths(int tenths);

#endif
