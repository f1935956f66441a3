/* Shared helpers of the subcommands: errors, diagnostics, loading. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/deploy.h"
#include "cli.h"

void cli_error(const char *fmt, ...)
{
	va_list ap;
	fputs("battlesim: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void cli_print_diags(const struct bs_diags *d)
{
	char buf[1024];
	for (size_t i = 0; i < d->count; i++)
		fprintf(stderr, "battlesim: error: %s\n",
			bs_diag_format(&d->items[i], buf, sizeof buf));
	if (d->oom)
		fprintf(stderr, "battlesim: error: out of memory while "
				"reporting errors; some were lost\n");
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	fputs("battlesim: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (cmd)
		fprintf(stderr, "\nTry 'battlesim help %s'.\n", cmd);
	else
		fprintf(stderr, "\nTry 'battlesim --help'.\n");
	return 2;
}

int cli_print_warnings(const struct bs_scenario *s, int strict)
{
	char buf[1024];
	const struct bs_diags *w = &s->warnings;
	for (size_t i = 0; i < w->count; i++)
		fprintf(stderr, "battlesim: %s: %s\n",
			strict ? "error" : "warning",
			bs_diag_format(&w->items[i], buf, sizeof buf));
	if (strict && w->count > 0) {
		fprintf(stderr,
			"battlesim: error: %s: %zu warning%s, errors with "
			"--strict\n",
			s->file, w->count, w->count == 1 ? "" : "s");
		return 2;
	}
	return 0;
}

int cli_load_checked(const char *file, int builtin, int strict,
		     struct bs_scenario **out)
{
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st = builtin || !file
				? bs_scenario_load_builtin(file, out, &d)
				: bs_scenario_load_file(file, out, &d);
	if (st == BS_OK)
		st = bs_deploy_check(*out, &d);
	if (st != BS_OK) {
		cli_print_diags(&d);
		if (d.count == 0)
			cli_error("%s: could not be loaded",
				  file ? file : "built-in scenario");
		bs_scenario_free(*out);
		*out = NULL;
		bs_diags_release(&d);
		return (int)st;
	}
	bs_diags_release(&d);
	int rc = cli_print_warnings(*out, strict);
	if (rc) {
		bs_scenario_free(*out);
		*out = NULL;
	}
	return rc;
}

int cli_load_scenario(const char *file, int strict, struct bs_scenario **out)
{
	return cli_load_checked(file, 0, strict, out);
}

int cli_parse_int(const char *cmd, const char *opt, const char *text, long lo,
		  long hi, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (errno || end == text || *end != '\0') {
		cli_usage_error(cmd, "%s expects a whole number, not '%s'", opt,
				text);
		return -1;
	}
	if (v < lo || v > hi) {
		cli_usage_error(cmd, "%s %ld is out of range (%ld to %ld)", opt,
				v, lo, hi);
		return -1;
	}
	*out = (int)v;
	return 0;
}

json_t *cli_json_tenths(int tenths)
{
	if (tenths % 10 == 0)
		return json_integer(tenths / 10);
	return json_real(tenths / 10.0);
}

int cli_html_path(const char *cmd, const char *path)
{
	if (!*path)
		return cli_usage_error(cmd, "--html needs a file name");
	if (strcmp(path, "-") == 0)
		return cli_usage_error(cmd, "--html writes a page to a file; "
					    "'-' (standard output) is not one");
	return 0;
}

int cli_option_error(const char *cmd, int ch, char *const *argv,
		     const struct option *opts)
{
	const char *arg = argv[optind - 1];
	if (ch == ':')
		return cli_usage_error(cmd, "%s needs a value", arg);
	/* "--json=x": a known option that takes no value */
	const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
	for (const struct option *o = opts; eq && o->name; o++)
		if (o->has_arg == no_argument &&
		    strlen(o->name) == (size_t)(eq - arg - 2) &&
		    strncmp(o->name, arg + 2, (size_t)(eq - arg - 2)) == 0)
			return cli_usage_error(cmd, "--%s takes no value",
					       o->name);
	return cli_usage_error(cmd, "unknown option '%s'", arg);
}

/* Said once per run: the output is lost, one message is enough. */
static int stdout_reported;

/* Report standard output's failure, whose errno is e (0: find it out by
 * flushing, or by one byte more when an earlier write failed and took its
 * errno with it: the output is broken anyway). Returns 1. */
static int report_stdout(int e)
{
	if (stdout_reported)
		return 1;
	stdout_reported = 1;
	if (!e) {
		errno = 0;
		if (fflush(stdout) != 0) {
			e = errno;
		} else if (ferror(stdout)) {
			clearerr(stdout);
			errno = 0;
			if (fputc('\n', stdout) == EOF || fflush(stdout) != 0)
				e = errno;
		}
	}
	if (e)
		cli_error("standard output: cannot write: %s", strerror(e));
	else
		cli_error("standard output: cannot write");
	return 1;
}

int cli_stdout_failed(void)
{
	return report_stdout(0);
}

int cli_finish(int rc)
{
	/* RULING R-356: output that could not be written is a runtime
	 * failure of every command, said once */
	int bad = ferror(stdout) != 0, e = 0;
	errno = 0;
	if (fflush(stdout) != 0) {
		bad = 1;
		e = errno;
	}
	if (bad)
		report_stdout(e);
	errno = 0;
	if (fclose(stdout) != 0 && !bad) {
		bad = 1;
		report_stdout(errno ? errno : EIO);
	}
	if (bad && rc == 0)
		rc = 1;
	return rc;
}
