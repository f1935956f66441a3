/* Diagnostics: status codes and file:line:col messages collected by the
 * loader and the calculators. The library never prints; cli/ does. */
#ifndef BATTLESIM_DIAG_H
#define BATTLESIM_DIAG_H

#include <stdarg.h>
#include <stddef.h>

/* Status of a fallible public function. Values double as the CLI exit code
 * (0 success, 1 runtime failure, 2 bad input or usage). */
enum bs_status {
	BS_OK = 0,
	BS_ERR_RUNTIME =
	    1, /* out of memory, I/O failure, scripted dice exhausted */
	BS_ERR_INPUT = 2, /* the input is wrong: see the diagnostics */
};

/* One message. line and col are 1-based; 0 means "not known". `code` is
 * the kind of a warning (enum bs_warn, battlesim/warn.h), 0 for an error. */
struct bs_diag {
	char file[256];
	int line;
	int col;
	int code;
	char msg[512];
};

/* A growable list of messages (caller storage: init / release). */
struct bs_diags {
	struct bs_diag *items;
	size_t count;
	size_t cap;
	int oom; /* set when a message could not be stored */
};

void bs_diags_init(struct bs_diags *d);
void bs_diags_release(struct bs_diags *d);

/* Append a printf-style message at file:line:col (file may be NULL).
 * Never fails; on out of memory it sets d->oom and drops the message. */
void bs_diags_add(struct bs_diags *d, const char *file, int line, int col,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* bs_diags_add with a code (a warning kind, enum bs_warn; 0 = an error). */
void bs_diags_add_code(struct bs_diags *d, int code, const char *file, int line,
		       int col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* The same with a va_list. */
void bs_diags_addv(struct bs_diags *d, int code, const char *file, int line,
		   int col, const char *fmt, va_list ap)
    __attribute__((format(printf, 6, 0)));

/* Append every message of src to d (copies). */
void bs_diags_append(struct bs_diags *d, const struct bs_diags *src);

/* Sort the messages of indexes start .. end-1 (end past the count: to the
 * last) by file (in the order the files first appear), line and column;
 * stable. */
void bs_diags_sort(struct bs_diags *d, size_t start, size_t end);

/* Format as "FILE:LINE:COL: message" (parts that are unknown are left out)
 * into buf (always NUL-terminated). Returns buf. */
char *bs_diag_format(const struct bs_diag *m, char *buf, size_t len);

/* The closest candidate to word by edit distance (case-insensitive), or NULL
 * when none is close enough to be a likely typo. Used for "did you mean". */
const char *bs_suggest(const char *word, const char *const *candidates,
		       size_t n);

/* A word users write for a name the program spells another way ("wizard"
 * for "magic-user"): it only suggests, it never matches. Tables end with
 * {NULL, NULL}. */
struct bs_synonym {
	const char *word;
	const char *means;
};

/* The most names a "did you mean" lists. */
#define BS_SUGGEST_MAX 6

/* The candidates the unknown `word` may have meant, best first, at most
 * max of them in out: those syn (NULL: none) says the word means, the
 * likely typo (bs_suggest), the names holding every word of it (a plural
 * 's' aside: "lance" -> "light lance", "medium lance", "heavy lance"),
 * then the names starting with it (3 letters or more: "halb" ->
 * "halberd"); each group in the candidates' order, letters compared
 * ignoring case, spaces, hyphens and underscores. Returns how many names
 * matched (it may exceed max). */
size_t bs_suggest_names(const char *word, const char *const *candidates,
			size_t n, const struct bs_synonym *syn,
			const char **out, size_t max);

/* " (did you mean 'a'?)", " (did you mean 'a' or 'b'?)", " (did you mean
 * 'a', 'b' or 'c'?)", with "one of ... and N more" when total > k; ""
 * when k is 0. Written into buf (always terminated); returns buf. */
const char *bs_suggest_format(const char *const *names, size_t k, size_t total,
			      char *buf, size_t len);

#endif
