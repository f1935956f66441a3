/* The referee's journal (issue 17, docs/REFEREE.md "The journal"): JSON
 * Lines, append-only; a header (the scenario's absolute path and the
 * SHA-256 of its bytes, nettle; the program version; the seed; the modes
 * at the start), then one record per input, each flushed and fsynced
 * before the session acts on it. A torn last line (a session killed while
 * writing it) is found and dropped; every other bad line is an error. */
#include <errno.h>
#include <jansson.h>
#include <nettle/sha2.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "battlesim/referee.h"

#ifndef BS_VERSION
#define BS_VERSION "0"
#endif

#define JOURNAL_FORMAT 1
#define JOURNAL_MAX_LINE (1u << 20)

static void sha256_hex(struct sha256_ctx *c, char out[65])
{
	unsigned char dg[SHA256_DIGEST_SIZE];
	sha256_digest(c, sizeof dg, dg);
	for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
		snprintf(out + 2 * i, 3, "%02x", dg[i]);
}

int bs_ref_file_sha256(const char *path, char out[65])
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	struct sha256_ctx c;
	sha256_init(&c);
	unsigned char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sha256_update(&c, n, buf);
	int bad = ferror(f);
	fclose(f);
	if (bad)
		return -1;
	sha256_hex(&c, out);
	return 0;
}

void bs_ref_sha256(const void *data, size_t len, char out[65])
{
	struct sha256_ctx c;
	sha256_init(&c);
	sha256_update(&c, len, data);
	sha256_hex(&c, out);
}

static int put_line(FILE *f, int fd, json_t *o)
{
	if (!o)
		return -1;
	char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(o);
	if (!s)
		return -1;
	int bad = fputs(s, f) < 0 || fputc('\n', f) == EOF;
	free(s);
	if (fflush(f) != 0)
		bad = 1;
	/* on the disk before the program acts on the input */
	if (fd >= 0 && fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
		bad = 1;
	return bad ? -1 : 0;
}

int bs_ref_journal_header(FILE *f, int fd, const struct bs_ref_header *h)
{
	json_t *o = json_object(), *sides = json_array(), *dice = json_object();
	json_object_set_new(o, "battlesim_journal",
			    json_integer(JOURNAL_FORMAT));
	json_object_set_new(o, "version", json_string(BS_VERSION));
	json_object_set_new(o, "scenario", json_string(h->scenario));
	json_object_set_new(o, "sha256", json_string(h->sha256));
	json_object_set_new(o, "seed", json_integer((json_int_t)h->seed));
	for (int s = 0; s < h->nsides; s++)
		json_array_append_new(
		    sides, json_string(bs_ref_side_mode_name[h->side_mode[s]]));
	json_object_set_new(o, "sides", sides);
	for (int k = 0; k < BS_ROLL__COUNT; k++)
		json_object_set_new(
		    dice, bs_roll_kind_name[k],
		    json_string(bs_ref_dice_mode_name[h->dice_mode[k]]));
	json_object_set_new(o, "dice", dice);
	return put_line(f, fd, o);
}

static json_t *dice_array(const int *d, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer(d[i]));
	return a;
}

int bs_ref_journal_append(FILE *f, int fd, const struct bs_ref *r,
			  const struct bs_ref_input *in)
{
	json_t *o = json_object();
	json_object_set_new(o, "t", json_string(bs_ref_in_name[in->type]));
	json_object_set_new(o, "round", json_integer(in->round));
	json_object_set_new(o, "phase", json_string(bs_phase_name[in->phase]));
	switch (in->type) {
	case BS_IN_DIE:
		json_object_set_new(o, "dice", dice_array(in->dice, in->ndice));
		if (in->totals)
			json_object_set_new(o, "totals", json_true());
		if (r->cur_req) {
			char t[256];
			bs_battle_roll_text(r->b, r->cur_req, t, sizeof t);
			json_object_set_new(o, "for", json_string(t));
		}
		break;
	case BS_IN_ANSWER:
		json_object_set_new(o, "ask",
				    json_string(bs_human_ask_name[in->ask]));
		json_object_set_new(o, "side", json_integer(in->side));
		json_object_set_new(o, "unit", json_integer(in->unit));
		json_object_set_new(o, "indiv", json_integer(in->indiv));
		json_object_set_new(o, "text", json_string(in->text));
		break;
	case BS_IN_DICE:
		json_object_set_new(
		    o, "kind",
		    json_string(in->kind < 0 ? "all"
					     : bs_roll_kind_name[in->kind]));
		json_object_set_new(
		    o, "mode", json_string(bs_ref_dice_mode_name[in->mode]));
		break;
	case BS_IN_SIDE:
		json_object_set_new(o, "side", json_integer(in->side));
		json_object_set_new(
		    o, "mode", json_string(bs_ref_side_mode_name[in->mode]));
		break;
	case BS_IN_OVERRIDE:
		json_object_set_new(
		    o, "what", json_string(bs_ref_override_name[in->what]));
		if (in->what == BS_OVR_DIE) {
			json_object_set_new(o, "dice",
					    dice_array(in->dice, in->ndice));
		} else {
			json_object_set_new(o, "unit", json_integer(in->g));
			json_object_set_new(o, "v", dice_array(in->v, 2));
			json_t *x = json_array();
			for (int i = 0; i < 3; i++)
				json_array_append_new(x, json_real(in->x[i]));
			json_object_set_new(o, "x", x);
		}
		json_object_set_new(o, "text",
				    json_string(in->note ? in->note : ""));
		break;
	case BS_IN_UNDO:
		json_object_set_new(o, "to", json_integer(in->to));
		break;
	default:
		break;
	}
	return put_line(f, fd, o);
}

/* ---- reading ----------------------------------------------------------------
 */

static int name_of(const char *t, const char *const *names, int n)
{
	for (int i = 0; t && i < n; i++)
		if (names[i] && strcmp(t, names[i]) == 0)
			return i;
	return -1;
}

static int read_header(json_t *o, struct bs_ref_header *h, char *why,
		       size_t len)
{
	memset(h, 0, sizeof *h);
	json_t *fmt = json_object_get(o, "battlesim_journal");
	if (!json_is_integer(fmt) ||
	    json_integer_value(fmt) != JOURNAL_FORMAT) {
		snprintf(why, len,
			 "not a battlesim journal (its first line has no "
			 "\"battlesim_journal\": %d)",
			 JOURNAL_FORMAT);
		return -1;
	}
	const char *sc = json_string_value(json_object_get(o, "scenario"));
	const char *sha = json_string_value(json_object_get(o, "sha256"));
	const char *ver = json_string_value(json_object_get(o, "version"));
	json_t *seed = json_object_get(o, "seed");
	json_t *sides = json_object_get(o, "sides");
	json_t *dice = json_object_get(o, "dice");
	if (!sc || !sha || strlen(sha) != 64 || !json_is_integer(seed) ||
	    !json_is_array(sides) || json_array_size(sides) < 1 ||
	    json_array_size(sides) > BS_MAX_SIDES || !json_is_object(dice)) {
		snprintf(why, len,
			 "the header lacks scenario, sha256, seed, sides or "
			 "dice");
		return -1;
	}
	snprintf(h->scenario, sizeof h->scenario, "%s", sc);
	snprintf(h->sha256, sizeof h->sha256, "%s", sha);
	snprintf(h->version, sizeof h->version, "%s", ver ? ver : "?");
	h->seed = (uint64_t)json_integer_value(seed);
	h->nsides = (int)json_array_size(sides);
	for (int s = 0; s < h->nsides; s++) {
		int m = name_of(json_string_value(json_array_get(sides, s)),
				bs_ref_side_mode_name, BS_REF_SIDE__COUNT);
		if (m < 0) {
			snprintf(why, len, "side %d: no such mode", s);
			return -1;
		}
		h->side_mode[s] = m;
	}
	for (int k = 0; k < BS_ROLL__COUNT; k++) {
		json_t *v = json_object_get(dice, bs_roll_kind_name[k]);
		int m = v ? name_of(json_string_value(v), bs_ref_dice_mode_name,
				    BS_REF_DICE__COUNT)
			  : BS_REF_ASK;
		if (m < 0) {
			snprintf(why, len, "dice %s: no such mode",
				 bs_roll_kind_name[k]);
			return -1;
		}
		h->dice_mode[k] = m;
	}
	return 0;
}

static int int_of(json_t *o, const char *key, int dflt)
{
	json_t *v = json_object_get(o, key);
	return json_is_integer(v) ? (int)json_integer_value(v) : dflt;
}

static int read_ints(json_t *a, int *out, int max)
{
	if (!json_is_array(a) || (int)json_array_size(a) > max)
		return -1;
	int n = (int)json_array_size(a);
	for (int i = 0; i < n; i++) {
		json_t *v = json_array_get(a, (size_t)i);
		if (!json_is_integer(v))
			return -1;
		out[i] = (int)json_integer_value(v);
	}
	return n;
}

/* One record into *in (text pointers into o: valid while o lives). */
static int read_record(json_t *o, struct bs_ref_input *in, int *dice, char *why,
		       size_t len)
{
	memset(in, 0, sizeof *in);
	in->g = in->side = in->unit = in->indiv = in->kind = -1;
	int t = name_of(json_string_value(json_object_get(o, "t")),
			bs_ref_in_name, BS_IN__COUNT);
	int ph = name_of(json_string_value(json_object_get(o, "phase")),
			 bs_phase_name, BS_PHASE__COUNT);
	if (t < 0 || ph < 0) {
		snprintf(why, len, "a record needs its type \"t\" and phase");
		return -1;
	}
	in->type = (enum bs_ref_in)t;
	in->phase = (enum bs_phase)ph;
	in->round = int_of(o, "round", 0);
	switch (in->type) {
	case BS_IN_DIE:
		in->dice = dice;
		in->ndice = read_ints(json_object_get(o, "dice"), dice,
				      BS_REF_MAX_DICE);
		in->totals = json_is_true(json_object_get(o, "totals"));
		if (in->ndice < 1) {
			snprintf(why, len, "a die record needs its dice");
			return -1;
		}
		break;
	case BS_IN_ANSWER:
		in->ask = (enum bs_human_ask)name_of(
		    json_string_value(json_object_get(o, "ask")),
		    bs_human_ask_name, BS_HUMAN__COUNT);
		in->side = int_of(o, "side", -1);
		in->unit = int_of(o, "unit", -1);
		in->indiv = int_of(o, "indiv", -1);
		in->text = json_string_value(json_object_get(o, "text"));
		if ((int)in->ask < 0 || !in->text) {
			snprintf(why, len, "an answer needs ask and text");
			return -1;
		}
		break;
	case BS_IN_DICE: {
		const char *k = json_string_value(json_object_get(o, "kind"));
		in->kind = k && strcmp(k, "all") == 0
			       ? -1
			       : name_of(k, bs_roll_kind_name, BS_ROLL__COUNT);
		in->mode =
		    name_of(json_string_value(json_object_get(o, "mode")),
			    bs_ref_dice_mode_name, BS_REF_DICE__COUNT);
		if ((in->kind < 0 && !(k && strcmp(k, "all") == 0)) ||
		    in->mode < 0) {
			snprintf(why, len, "a dice record needs kind and mode");
			return -1;
		}
		break;
	}
	case BS_IN_SIDE:
		in->side = int_of(o, "side", -1);
		in->mode =
		    name_of(json_string_value(json_object_get(o, "mode")),
			    bs_ref_side_mode_name, BS_REF_SIDE__COUNT);
		if (in->side < 0 || in->side >= BS_MAX_SIDES || in->mode < 0) {
			snprintf(why, len, "a side record needs side and mode");
			return -1;
		}
		break;
	case BS_IN_OVERRIDE: {
		int w = name_of(json_string_value(json_object_get(o, "what")),
				bs_ref_override_name, BS_OVR__COUNT);
		if (w < 0) {
			snprintf(why, len, "an override needs what");
			return -1;
		}
		in->what = (enum bs_ref_override)w;
		in->note = json_string_value(json_object_get(o, "text"));
		if (in->what == BS_OVR_DIE) {
			in->dice = dice;
			in->ndice = read_ints(json_object_get(o, "dice"), dice,
					      BS_REF_MAX_DICE);
			if (in->ndice < 1) {
				snprintf(why, len, "a die override needs dice");
				return -1;
			}
		} else {
			in->g = int_of(o, "unit", -1);
			if (read_ints(json_object_get(o, "v"), in->v, 2) != 2) {
				snprintf(why, len, "an override needs v");
				return -1;
			}
			json_t *x = json_object_get(o, "x");
			for (int i = 0; i < 3; i++)
				in->x[i] = json_number_value(
				    json_array_get(x, (size_t)i));
		}
		break;
	}
	case BS_IN_UNDO:
		in->to = int_of(o, "to", -1);
		break;
	default:
		break;
	}
	return 0;
}

/* One line of f into buf (its '\n' kept): its length, 0 at the end of the
 * file, or -1 when it is longer than max (then it stops there: /dev/zero
 * or a file that is no journal fails fast, issue 12 item 19). */
static long read_line(FILE *f, char *buf, size_t max)
{
	size_t k = 0;
	int c;
	while ((c = getc(f)) != EOF) {
		if (k == max)
			return -1;
		buf[k++] = (char)c;
		if (c == '\n')
			break;
	}
	return (long)k;
}

enum bs_status bs_ref_journal_read(const char *path, struct bs_ref_header *h,
				   const struct bs_ref_reader *rd,
				   long *torn_at, struct bs_diags *d)
{
	*torn_at = -1;
	FILE *f = fopen(path, "rb");
	if (!f) {
		bs_diags_add(d, path, 0, 0, "cannot open: %s", strerror(errno));
		return errno == ENOENT ? BS_ERR_INPUT : BS_ERR_RUNTIME;
	}
	long n;
	long lineno = 0, offset = 0;
	enum bs_status st = BS_OK;
	int *dice = malloc(BS_REF_MAX_DICE * sizeof *dice);
	char *line = malloc(JOURNAL_MAX_LINE + 1);
	if (!dice || !line) {
		free(dice);
		free(line);
		fclose(f);
		bs_diags_add(d, path, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	while ((n = read_line(f, line, JOURNAL_MAX_LINE)) != 0) {
		lineno++;
		if (n < 0) {
			bs_diags_add(d, path, (int)lineno, 1,
				     "not a journal line: longer than %u "
				     "bytes",
				     JOURNAL_MAX_LINE);
			st = BS_ERR_INPUT;
			break;
		}
		long at = offset;
		offset += n;
		int complete = line[n - 1] == '\n';
		json_error_t je;
		json_t *o = json_loadb(line, (size_t)n, 0, &je);
		int next = complete ? getc(f) : EOF;
		int last = next == EOF;
		if (!last)
			ungetc(next, f);
		if (!o || !json_is_object(o) || !complete) {
			json_decref(o);
			if (last && lineno > 1) {
				/* the session was cut off while writing it */
				*torn_at = at;
				break;
			}
			bs_diags_add(d, path, (int)lineno, 1,
				     "not a journal line (JSON)%s",
				     lineno == 1 ? ": no header" : "");
			st = BS_ERR_INPUT;
			break;
		}
		char why[256] = "";
		if (lineno == 1) {
			if (read_header(o, h, why, sizeof why) != 0 ||
			    (rd->header &&
			     rd->header(rd->ctx, h, why, sizeof why) != 0)) {
				bs_diags_add(d, path, 1, 1, "%s", why);
				st = BS_ERR_INPUT;
			}
		} else {
			struct bs_ref_input in;
			if (read_record(o, &in, dice, why, sizeof why) != 0 ||
			    rd->rec(rd->ctx, &in, line, why, sizeof why) != 0) {
				bs_diags_add(d, path, (int)lineno, 1, "%s",
					     why);
				st = BS_ERR_INPUT;
			}
		}
		json_decref(o);
		if (st != BS_OK)
			break;
	}
	if (st == BS_OK && lineno == 0) {
		bs_diags_add(d, path, 0, 0, "the journal is empty");
		st = BS_ERR_INPUT;
	}
	free(line);
	free(dice);
	fclose(f);
	return st;
}
