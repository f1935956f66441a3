/* battlesim: the command-line program. Dispatches to the subcommands of
 * cli/cmd_*.c; only cli/ prints or exits. */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int cmd_help(int argc, char **argv);

static const char cmd_help_help[] =
    "usage: battlesim help [COMMAND]\n"
    "\n"
    "Without COMMAND, list the commands; with it, show its help.\n";

const struct cli_cmd cli_cmds[] = {
    {"roster", "print the roster sheets of a scenario [3.1] [3.2]",
     cmd_roster_help, cmd_roster},
    {"check", "validate a scenario file and report every error", cmd_check_help,
     cmd_check},
    {"tables", "print the 1E tables in the book's layout", cmd_tables_help,
     cmd_tables},
    {"attack", "resolve one 1E attack on the CRT [8.4]-[8.7]", cmd_attack_help,
     cmd_attack},
    {"cast", "resolve one 1E magical attack [14.2]-[14.5]", cmd_cast_help,
     cmd_cast},
    {"morale", "make one 1E morale check [4.2] [4.3]", cmd_morale_help,
     cmd_morale},
    {"play", "play a battle with AI commanders and print its log [1.0]",
     cmd_play_help, cmd_play},
    {"sim", "play thousands of battles: odds with confidence intervals",
     cmd_sim_help, cmd_sim},
    {"referee", "referee a battle at the table: your dice, your orders",
     cmd_referee_help, cmd_referee},
    {"help", "show help for a command", cmd_help_help, cmd_help},
    {NULL, NULL, NULL, NULL},
};

const struct cli_cmd *cli_find(const char *name)
{
	for (const struct cli_cmd *c = cli_cmds; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: battlesim [--help] [--version] COMMAND [ARGS]\n"
		"\n"
		"A rules engine for the AD&D BATTLESYSTEM mass-combat rules.\n"
		"\n"
		"Commands:\n");
	for (const struct cli_cmd *c = cli_cmds; c->name; c++)
		fprintf(f, "  %-8s  %s\n", c->name, c->summary);
	fprintf(f, "\nRun 'battlesim help COMMAND' for a command's options.\n");
}

static int cmd_help(int argc, char **argv)
{
	if (argc < 2) {
		usage(stdout);
		return 0;
	}
	if (argc > 2)
		return cli_usage_error("help", "too many arguments");
	const struct cli_cmd *c = cli_find(argv[1]);
	if (!c) {
		const char *names[32];
		size_t n = 0;
		for (const struct cli_cmd *k = cli_cmds; k->name && n < 32; k++)
			names[n++] = k->name;
		const char *s = bs_suggest(argv[1], names, n);
		cli_error("unknown command '%s'%s%s%s", argv[1],
			  s ? " (did you mean '" : "", s ? s : "",
			  s ? "'?)" : "");
		return 2;
	}
	fputs(c->help, stdout);
	return 0;
}

/* The command line without the end of the run (cli_finish). */
static int run(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"help", no_argument, NULL, 'h'},
	    {"version", no_argument, NULL, 'V'},
	    {NULL, 0, NULL, 0},
	};
	int ch;
	opterr = 0;
	/* '+' stops at the first non-option: the subcommand. */
	while ((ch = getopt_long(argc, argv, "+:hV", opts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("battlesim %s\n", BS_VERSION);
			return 0;
		default:
			return cli_option_error(NULL, ch, argv, opts);
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	const char *name = argv[optind];
	const struct cli_cmd *c = cli_find(name);
	if (!c) {
		char *hv[] = {"help", (char *)name, NULL};
		return cmd_help(2, hv);
	}
	char **sub = argv + optind;
	int subc = argc - optind;
	optind = 0; /* full reset of getopt for the subcommand */
	return c->fn(subc, sub);
}

int main(int argc, char **argv)
{
	return cli_finish(run(argc, argv));
}
