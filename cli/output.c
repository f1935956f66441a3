/* The output files of the commands (play --out and --html, sim --html):
 * refused when one names the scenario file or another output (by any
 * path, hard link or symbolic link, existing or not); written to a
 * temporary file in the target's directory and renamed into place, so an
 * interrupted or failed run never leaves a half-written file where a
 * complete one is expected; a write error is a message and exit 1
 * (RULING R-355). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* ---- which file a path names ------------------------------------------- */

/* The file `path` names, links followed, into out: realpath when it
 * exists; else the realpath of its directory and its name (a dangling
 * symbolic link: the file it points to). 0, or -1 when its directory does
 * not exist either. */
static int resolve(const char *path, char out[PATH_MAX], int depth)
{
	if (realpath(path, out))
		return 0;
	char link[PATH_MAX];
	ssize_t n = readlink(path, link, sizeof link - 1);
	if (n > 0 && depth < 16) {
		link[n] = '\0';
		if (link[0] == '/')
			return resolve(link, out, depth + 1);
		char d[PATH_MAX], joined[PATH_MAX];
		snprintf(d, sizeof d, "%s", path);
		int w =
		    snprintf(joined, sizeof joined, "%s/%s", dirname(d), link);
		if (w < 0 || (size_t)w >= sizeof joined)
			return -1;
		return resolve(joined, out, depth + 1);
	}
	char d[PATH_MAX], b[PATH_MAX], dir[PATH_MAX];
	snprintf(d, sizeof d, "%s", path);
	snprintf(b, sizeof b, "%s", path);
	if (!realpath(dirname(d), dir))
		return -1;
	const char *name = basename(b);
	int w = snprintf(out, PATH_MAX, "%s%s%s", dir,
			 strcmp(dir, "/") == 0 ? "" : "/", name);
	return w < 0 || w >= PATH_MAX ? -1 : 0;
}

int cli_same_file(const char *a, const char *b)
{
	if (strcmp(a, b) == 0)
		return 1;
	struct stat sa, sb;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	char ra[PATH_MAX], rb[PATH_MAX];
	return resolve(a, ra, 0) == 0 && resolve(b, rb, 0) == 0 &&
	       strcmp(ra, rb) == 0;
}

int cli_out_check(const char *cmd, const char *input, const char *const *opt,
		  const char *const *path, int n)
{
	struct stat so, sp;
	int have_stdout = fstat(STDOUT_FILENO, &so) == 0 && S_ISREG(so.st_mode);
	for (int i = 0; i < n; i++) {
		if (!path[i])
			continue;
		/* a file standard output is redirected to (`--out F > F`,
		 * `--out /dev/stdout > F`): the two writers would overwrite
		 * each other */
		if (have_stdout && stat(path[i], &sp) == 0 &&
		    sp.st_dev == so.st_dev && sp.st_ino == so.st_ino)
			return cli_usage_error(cmd,
					       "%s '%s' is the file standard "
					       "output goes to: the two would "
					       "overwrite each other",
					       opt[i], path[i]);
		if (input && cli_same_file(path[i], input))
			return cli_usage_error(cmd,
					       "%s '%s' is the scenario file "
					       "'%s': it would be overwritten",
					       opt[i], path[i], input);
		for (int k = 0; k < i; k++)
			if (path[k] && cli_same_file(path[k], path[i]))
				return cli_usage_error(
				    cmd, "%s and %s name the same file '%s'",
				    opt[k], opt[i], path[i]);
	}
	return 0;
}

/* ---- temporary files removed on a signal -------------------------------- */

#define MAX_OPEN 4
static char pending[MAX_OPEN][PATH_MAX];
static volatile sig_atomic_t pending_on[MAX_OPEN];

static void on_signal(int sig)
{
	for (int i = 0; i < MAX_OPEN; i++)
		if (pending_on[i])
			unlink(pending[i]); /* async-signal-safe */
	signal(sig, SIG_DFL);
	raise(sig);
}

static int remember(const char *tmp)
{
	static int installed;
	if (!installed) {
		installed = 1;
		static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE,
					   SIGXFSZ};
		for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
			struct sigaction old;
			/* a signal the caller ignores stays ignored (then a
			 * write fails with its error instead) */
			if (sigaction(sigs[i], NULL, &old) == 0 &&
			    old.sa_handler != SIG_IGN)
				signal(sigs[i], on_signal);
		}
	}
	for (int i = 0; i < MAX_OPEN; i++)
		if (!pending_on[i]) {
			snprintf(pending[i], sizeof pending[i], "%s", tmp);
			pending_on[i] = 1;
			return i;
		}
	return -1;
}

static void forget(int slot)
{
	if (slot >= 0)
		pending_on[slot] = 0;
}

/* ---- writing ------------------------------------------------------------ */

int cli_out_open(struct cli_out *o, const char *path)
{
	memset(o, 0, sizeof *o);
	o->path = path;
	o->slot = -1;
	struct stat st;
	/* a device, a pipe, a terminal (/dev/stdout, /dev/null): written as
	 * it is; renaming over it would replace it */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode)) {
			cli_error("%s: cannot write: %s", path,
				  strerror(EISDIR));
			return 1;
		}
		if (!(o->f = fopen(path, "w"))) {
			cli_error("%s: cannot write: %s", path,
				  strerror(errno));
			return 1;
		}
		return 0;
	}
	if (resolve(path, o->target, 0) != 0) {
		cli_error("%s: cannot write: %s", path, strerror(ENOENT));
		return 1;
	}
	/* the new file gets the old one's permissions, or those a new file
	 * gets (0666 less the umask) */
	if (stat(o->target, &st) == 0) {
		o->mode = st.st_mode & 07777;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		o->mode = 0666 & ~mask;
	}
	char d[PATH_MAX], b[PATH_MAX];
	snprintf(d, sizeof d, "%s", o->target);
	snprintf(b, sizeof b, "%s", o->target);
	const char *dir = dirname(d), *name = basename(b);
	/* the temporary file beside the target: mkstemp(3)'s template (its
	 * six X are replaced by mkstemp, not a placeholder of ours) */
	int w = snprintf(o->tmp, sizeof o->tmp, "%s%s.%s.XXXXXX", dir,
			 strcmp(dir, "/") == 0 ? "" : "/", name);
	if (w < 0 || (size_t)w >= sizeof o->tmp) {
		cli_error("%s: cannot write: %s", path, strerror(ENAMETOOLONG));
		return 1;
	}
	int fd = mkstemp(o->tmp);
	if (fd < 0) {
		cli_error("%s: cannot write: %s", path, strerror(errno));
		o->tmp[0] = '\0';
		return 1;
	}
	o->slot = remember(o->tmp);
	if (!(o->f = fdopen(fd, "w"))) {
		int e = errno;
		close(fd);
		cli_out_discard(o);
		cli_error("%s: cannot write: %s", path, strerror(e));
		return 1;
	}
	return 0;
}

void cli_out_discard(struct cli_out *o)
{
	if (o->f)
		fclose(o->f);
	o->f = NULL;
	if (o->tmp[0])
		unlink(o->tmp);
	forget(o->slot);
	o->slot = -1;
	o->tmp[0] = '\0';
}

int cli_out_close(struct cli_out *o, int bad)
{
	if (!o->f)
		return 0;
	int e = 0;
	if (ferror(o->f)) {
		/* the write that failed has gone; one more byte tells why
		 * (the file is thrown away anyway) */
		clearerr(o->f);
		errno = 0;
		if (fputc('\n', o->f) == EOF || fflush(o->f) != 0)
			e = errno;
		bad = 1;
	} else if (fflush(o->f) != 0) {
		e = errno;
		bad = 1;
	}
	if (!bad && o->tmp[0] && fchmod(fileno(o->f), o->mode) != 0) {
		e = errno;
		bad = 1;
	}
	errno = 0;
	if (fclose(o->f) != 0 && !bad) {
		e = errno;
		bad = 1;
	}
	o->f = NULL;
	if (!bad && o->tmp[0] && rename(o->tmp, o->target) != 0) {
		e = errno;
		bad = 1;
	}
	if (bad) {
		if (o->tmp[0])
			unlink(o->tmp);
		if (e)
			cli_error(
			    "%s: cannot write: %s%s", o->path, strerror(e),
			    o->tmp[0] ? " (the file is left as it was)" : "");
		else
			cli_error("%s: cannot write%s", o->path,
				  o->tmp[0] ? " (the file is left as it was)"
					    : "");
	}
	forget(o->slot);
	o->slot = -1;
	o->tmp[0] = '\0';
	return bad ? 1 : 0;
}
