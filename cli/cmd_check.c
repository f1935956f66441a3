/* battlesim check: load scenario files (or built-in scenarios) with every
 * check of the loader and report each error as FILE:LINE:COL. Sections:
 * those the loader validates ([2.8]-[2.11], [4.10], [7.1], [9.1]-[9.3]). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/warn.h"
#include "cli.h"

const char cmd_check_help[] =
    "usage: battlesim check [--strict] [FILE...]\n"
    "       battlesim check [--strict] --builtin NAME\n"
    "       battlesim check --list-warnings\n"
    "\n"
    "Load each scenario FILE (YAML, docs/SCENARIO-FORMAT.md) with the\n"
    "built-in catalogs and validate it: keys, types and ranges, catalog\n"
    "names, unit sizes [2.8]-[2.10], special unit types [2.11], formations\n"
    "[7.1], the command hierarchy [4.10] and deputies [9.3]; then where the\n"
    "units stand: blocks overlapping, past the table's edge, on ground\n"
    "they may not enter [2.1] [11.8]. Every error is reported as\n"
    "FILE:LINE:COL, not only the first. Then the warnings: what the\n"
    "scenario gives that has no effect in play at its level (not in force\n"
    "at this level [16.3 A], or not played yet), and units that start\n"
    "nearer their enemies than [3.4] asks.\n"
    "\n"
    "Without FILE, the built-in default scenario is checked.\n"
    "\n"
    "Options:\n"
    "  -b, --builtin NAME  check the built-in scenario NAME (repeatable;\n"
    "                      'all' checks every built-in scenario)\n"
    "  --strict            warnings are errors (exit 2)\n"
    "  --list-warnings     list every warning the program can give: id,\n"
    "                      where it applies, why, sections, text (tabs)\n"
    "  -h, --help          show this help\n"
    "\n"
    "Output: 'FILE: ok: N sides, N units, N individuals[; N warnings]' for\n"
    "each good file; errors on stderr as 'battlesim: error: FILE:LINE:COL:\n"
    "message', warnings as 'battlesim: warning: FILE:LINE:COL: message'.\n"
    "Exit status: 0 all good, 1 runtime failure, 2 a file has errors (or,\n"
    "with --strict, warnings).\n";

/* Check one scenario (file, or built-in name when builtin); returns the
 * status as an exit code. */
static int check_one(const char *what, int builtin, int strict)
{
	struct bs_scenario *s = NULL;
	int rc = cli_load_checked(what, builtin, strict, &s);
	if (rc == 0) {
		int nu = 0, ni = 0;
		for (int i = 0; i < s->nsides; i++) {
			nu += s->sides[i].nunits;
			ni += s->sides[i].nindividuals;
		}
		size_t nw = s->warnings.count;
		printf("%s: ok: %d sides, %d units, %d individuals",
		       builtin || !what ? s->file : what, s->nsides, nu, ni);
		if (nw)
			printf("; %zu warning%s", nw, nw == 1 ? "" : "s");
		putchar('\n');
	}
	bs_scenario_free(s);
	return rc;
}

/* --list-warnings: every warning the program can give, one a line:
 * ID, where it applies, why (class), the sections, the text. */
static int list_warnings(void)
{
	for (int w = 1; w < BS_W__COUNT; w++) {
		const struct bs_warn_kind *k = &bs_warn_kinds[w];
		printf("%s\t%s\t%s\t%s\t%s\n", k->id, k->applies,
		       bs_warn_class_name[k->cls], k->cite, k->text);
	}
	return 0;
}

/* The worse of two exit codes: 2 (input) over 1 (runtime) over 0. */
static int worse(int a, int b)
{
	return a == 2 || b == 2 ? 2 : (a > b ? a : b);
}

int cmd_check(int argc, char **argv)
{
	enum { O_STRICT = 256, O_LIST };
	static const struct option opts[] = {
	    {"builtin", required_argument, NULL, 'b'},
	    {"strict", no_argument, NULL, O_STRICT},
	    {"list-warnings", no_argument, NULL, O_LIST},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	const char *builtin[64];
	int nbuiltin = 0, c, rc = 0, strict = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":b:h", opts, NULL)) != -1) {
		switch (c) {
		case O_STRICT:
			strict = 1;
			break;
		case O_LIST:
			return list_warnings();
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
				rc = worse(rc, check_one(*n, 1, strict));
		} else {
			rc = worse(rc, check_one(builtin[i], 1, strict));
		}
	}
	for (int i = optind; i < argc; i++)
		rc = worse(rc, check_one(argv[i], 0, strict));
	if (nbuiltin == 0 && optind >= argc)
		rc = check_one(NULL, 1, strict);
	return rc;
}
