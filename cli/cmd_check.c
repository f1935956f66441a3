/* battlesim check: load scenario files (or built-in scenarios) with every
 * check of the loader and report each error as FILE:LINE:COL. Sections:
 * those the loader validates ([2.8]-[2.11], [4.10], [7.1], [9.1]-[9.3]). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

const char cmd_check_help[] =
    "usage: battlesim check [FILE...]\n"
    "       battlesim check --builtin NAME\n"
    "\n"
    "Load each scenario FILE (YAML, docs/SCENARIO-FORMAT.md) with the\n"
    "built-in catalogs and validate it: keys, types and ranges, catalog\n"
    "names, unit sizes [2.8]-[2.10], special unit types [2.11], formations\n"
    "[7.1], the command hierarchy [4.10] and deputies [9.3]. Every error is\n"
    "reported as FILE:LINE:COL, not only the first.\n"
    "\n"
    "Without FILE, the built-in default scenario is checked.\n"
    "\n"
    "Options:\n"
    "  -b, --builtin NAME  check the built-in scenario NAME (repeatable;\n"
    "                      'all' checks every built-in scenario)\n"
    "  -h, --help          show this help\n"
    "\n"
    "Output: 'FILE: ok: N sides, N units, N individuals' for each good\n"
    "file; errors on stderr as 'battlesim: error: FILE:LINE:COL: message'.\n"
    "Exit status: 0 all good, 1 runtime failure, 2 a file has errors.\n";

/* Check one scenario (file, or built-in name when builtin); returns the
 * status as an exit code. */
static int check_one(const char *what, int builtin)
{
	struct bs_diags d;
	struct bs_scenario *s = NULL;
	bs_diags_init(&d);
	enum bs_status st = builtin ? bs_scenario_load_builtin(what, &s, &d)
				    : bs_scenario_load_file(what, &s, &d);
	if (st == BS_OK) {
		int nu = 0, ni = 0;
		for (int i = 0; i < s->nsides; i++) {
			nu += s->sides[i].nunits;
			ni += s->sides[i].nindividuals;
		}
		printf("%s: ok: %d sides, %d units, %d individuals\n",
		       builtin ? s->file : what, s->nsides, nu, ni);
	} else {
		cli_print_diags(&d);
		if (d.count == 0)
			cli_error("%s: could not be loaded", what);
	}
	bs_scenario_free(s);
	bs_diags_release(&d);
	return (int)st;
}

/* The worse of two exit codes: 2 (input) over 1 (runtime) over 0. */
static int worse(int a, int b)
{
	return a == 2 || b == 2 ? 2 : (a > b ? a : b);
}

int cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"builtin", required_argument, NULL, 'b'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	const char *builtin[64];
	int nbuiltin = 0, c, rc = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":b:h", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (nbuiltin == 64)
				return cli_usage_error("check",
						       "too many --builtin");
			builtin[nbuiltin++] = optarg;
			break;
		case 'h':
			fputs(cmd_check_help, stdout);
			return 0;
		default:
			return cli_option_error("check", c, argv, opts);
		}
	}
	for (int i = 0; i < nbuiltin; i++) {
		if (strcmp(builtin[i], "all") == 0) {
			for (const char *const *n = bs_scenario_builtin_names();
			     *n; n++)
				rc = worse(rc, check_one(*n, 1));
		} else {
			rc = worse(rc, check_one(builtin[i], 1));
		}
	}
	for (int i = optind; i < argc; i++)
		rc = worse(rc, check_one(argv[i], 0));
	if (nbuiltin == 0 && optind >= argc)
		rc = check_one(NULL, 1);
	return rc;
}
