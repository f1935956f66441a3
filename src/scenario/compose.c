/* Composing a YAML document from libyaml's events (not yaml_parser_load),
 * so that hostile input stops at the first event past a limit with its
 * FILE:LINE:COL: nesting depth and number of nodes; the text's encoding
 * checked first (UTF-8, or UTF-16 with a byte order mark), and libyaml's
 * reader errors placed in characters, not bytes. No rule sections (the
 * format only: docs/SCENARIO-FORMAT.md "Limits"; RULING ). */
#include <stdlib.h>
#include <string.h>

#include "scenario/loader.h"

/* ---- positions of libyaml's reader errors -------------------------------- */

/* The code point at byte *i of raw text in encoding enc (*i advanced past
 * it); a broken sequence counts as one character. */
static unsigned long next_char(const unsigned char *t, size_t len, size_t *i,
			       yaml_encoding_t enc)
{
	if (enc == YAML_UTF16LE_ENCODING || enc == YAML_UTF16BE_ENCODING) {
		int le = enc == YAML_UTF16LE_ENCODING;
		if (*i + 1 >= len) {
			*i = len;
			return 0xFFFD;
		}
		unsigned long u = le ? (unsigned long)t[*i] | t[*i + 1] << 8
				     : (unsigned long)t[*i] << 8 | t[*i + 1];
		*i += 2;
		if (u >= 0xD800 && u < 0xDC00 && *i + 1 < len) {
			unsigned long w =
			    le ? (unsigned long)t[*i] | t[*i + 1] << 8
			       : (unsigned long)t[*i] << 8 | t[*i + 1];
			if (w >= 0xDC00 && w < 0xE000) {
				*i += 2;
				return 0x10000 + ((u - 0xD800) << 10) +
				       (w - 0xDC00);
			}
		}
		return u;
	}
	unsigned char c = t[(*i)++];
	if (c < 0xC0)
		return c;
	int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
	unsigned long cp = c & (0x3Fu >> more);
	while (more-- > 0 && *i < len && (t[*i] & 0xC0) == 0x80)
		cp = cp << 6 | (t[(*i)++] & 0x3Fu);
	return cp;
}

/* The 1-based line and column of byte `off` of raw text: columns count
 * characters (a UTF-16 surrogate pair or a UTF-8 sequence is one), line
 * breaks are YAML's (LF, CR LF, CR, NEL, LS, PS), a byte order mark is not
 * a column, as in libyaml's own marks. */
static void offset_pos(const unsigned char *t, size_t len, size_t off,
		       yaml_encoding_t enc, int *line, int *col)
{
	size_t i = 0;
	if (enc == YAML_UTF16LE_ENCODING || enc == YAML_UTF16BE_ENCODING) {
		if (len >= 2 && ((t[0] == 0xFF && t[1] == 0xFE) ||
				 (t[0] == 0xFE && t[1] == 0xFF)))
			i = 2;
	} else if (len >= 3 && t[0] == 0xEF && t[1] == 0xBB && t[2] == 0xBF) {
		i = 3;
	}
	*line = 1;
	*col = 1;
	while (i < off && i < len) {
		unsigned long c = next_char(t, len, &i, enc);
		if (c == '\r') {
			size_t j = i;
			if (j < len && next_char(t, len, &j, enc) == '\n')
				i = j;
		}
		if (c == '\r' || c == '\n' || c == 0x85 || c == 0x2028 ||
		    c == 0x2029) {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

/* Report libyaml's error (syntax, encoding) at its position. */
static void parser_error(struct ld *ld, const yaml_parser_t *p,
			 const unsigned char *text, size_t len)
{
	const char *problem = p->problem ? p->problem : "unknown error";
	switch (p->error) {
	case YAML_MEMORY_ERROR:
		*ld->oom = 1;
		return;
	case YAML_READER_ERROR: {
		int line, col;
		offset_pos(text, len, p->problem_offset, p->encoding, &line,
			   &col);
		struct yaml_mark_s m = {0, (size_t)line - 1, (size_t)col - 1};
		if (p->problem_value != -1)
			ld_err_mark(ld, m, "invalid input: %s (#%X)", problem,
				    (unsigned)p->problem_value);
		else
			ld_err_mark(ld, m, "invalid input: %s", problem);
		return;
	}
	default:
		if (p->context)
			ld_err_mark(ld, p->problem_mark,
				    "YAML syntax error: %s (%s at line %d)",
				    problem, p->context,
				    (int)p->context_mark.line + 1);
		else
			ld_err_mark(ld, p->problem_mark,
				    "YAML syntax error: %s", problem);
		return;
	}
}

/* ---- the encoding -------------------------------------------------------- */

/* RULING R-351: a file is UTF-8 (with or without a byte order mark) or
 * UTF-16 with one, as libyaml reads them; UTF-32 and UTF-16 without a byte
 * order mark (told by the zero bytes around the first character, which is
 * ASCII in any scenario: YAML 1.2 [5.2]) are refused with what to do
 * instead of a "control character" error at line 1. Returns 0, or -1
 * after reporting. */
static int check_encoding(struct ld *ld, const unsigned char *t, size_t len)
{
	const char *what = NULL, *from = NULL;
	if (len >= 4 && t[0] == 0 && t[1] == 0 && t[2] == 0xFE &&
	    t[3] == 0xFF) {
		what = "UTF-32 text (big-endian, with a byte order mark)";
		from = "UTF-32";
	} else if (len >= 4 && t[0] == 0xFF && t[1] == 0xFE && t[2] == 0 &&
		   t[3] == 0) {
		what = "UTF-32 text (little-endian, with a byte order mark)";
		from = "UTF-32";
	} else if (len >= 4 && !t[0] && !t[1] && !t[2] && t[3]) {
		what = "UTF-32 text (big-endian)";
		from = "UTF-32BE";
	} else if (len >= 4 && t[0] && !t[1] && !t[2] && !t[3]) {
		what = "UTF-32 text (little-endian)";
		from = "UTF-32LE";
	} else if (len >= 2 && !t[0] && t[1]) {
		what = "UTF-16 text (big-endian) without a byte order "
		       "mark";
		from = "UTF-16BE";
	} else if (len >= 2 && t[0] && !t[1]) {
		what = "UTF-16 text (little-endian) without a byte "
		       "order mark";
		from = "UTF-16LE";
	}
	if (!what)
		return 0;
	ld_err(ld, NULL,
	       "the file looks like %s; battlesim reads UTF-8, or "
	       "UTF-16 with a byte order mark: convert it (for example "
	       "iconv -f %s -t UTF-8)",
	       what, from);
	return -1;
}

/* ---- anchors --------------------------------------------------------------
 */

struct anchors {
	char **name;
	int *id;
	size_t n, cap;
	size_t *slot; /* hash table of index + 1; 0 empty */
	size_t nslots;
};

static size_t anchor_hash(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The slot of `name` (empty when absent). */
static size_t *anchor_slot(const struct anchors *a, const char *name)
{
	size_t i = anchor_hash(name) & (a->nslots - 1);
	while (a->slot[i] && strcmp(a->name[a->slot[i] - 1], name) != 0)
		i = (i + 1) & (a->nslots - 1);
	return &a->slot[i];
}

/* The node of anchor `name`, 0 when there is none. */
static int anchor_find(const struct anchors *a, const char *name)
{
	if (!a->nslots)
		return 0;
	size_t s = *anchor_slot(a, name);
	return s ? a->id[s - 1] : 0;
}

/* Add anchor name -> id; 0, or -1 on out of memory. */
static int anchor_add(struct anchors *a, const char *name, int id)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 16;
		char **nn = realloc(a->name, cap * sizeof *nn);
		if (!nn)
			return -1;
		a->name = nn;
		int *ni = realloc(a->id, cap * sizeof *ni);
		if (!ni)
			return -1;
		a->id = ni;
		a->cap = cap;
	}
	if (2 * (a->n + 1) > a->nslots) {
		size_t ns = a->nslots ? a->nslots * 2 : 32;
		size_t *old = a->slot, on = a->nslots;
		a->slot = calloc(ns, sizeof *a->slot);
		if (!a->slot) {
			a->slot = old;
			return -1;
		}
		a->nslots = ns;
		for (size_t i = 0; i < on; i++)
			if (old[i])
				*anchor_slot(a, a->name[old[i] - 1]) = old[i];
		free(old);
	}
	char *copy = strdup(name);
	if (!copy)
		return -1;
	a->name[a->n] = copy;
	a->id[a->n] = id;
	a->n++;
	*anchor_slot(a, copy) = a->n;
	return 0;
}

static void anchors_free(struct anchors *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->name[i]);
	free(a->name);
	free(a->id);
	free(a->slot);
}

/* ---- composing ----------------------------------------------------------- */

struct composer {
	struct ld *ld;
	yaml_document_t *doc;
	/* the open lists and mappings, outermost first; key: a mapping's
	 * key node waiting for its value (0 none) */
	struct {
		int id, key;
	} open[LD_MAX_DEPTH];
	int depth;
	long items; /* nodes and alias uses */
	struct anchors anchors;
};

/* Attach node id to the innermost open collection (none: it is the root).
 * 0, or -1 after reporting. */
static int attach(struct composer *c, int id, yaml_mark_t at)
{
	if (++c->items > LD_MAX_NODES) {
		ld_err_mark(c->ld, at,
			    "the document is too large (more than %ld values, "
			    "lists, mappings and aliases)",
			    LD_MAX_NODES);
		return -1;
	}
	if (c->depth == 0)
		return 0;
	int ok;
	int parent = c->open[c->depth - 1].id;
	if (c->doc->nodes.start[parent - 1].type == YAML_SEQUENCE_NODE) {
		ok = yaml_document_append_sequence_item(c->doc, parent, id);
	} else if (!c->open[c->depth - 1].key) {
		c->open[c->depth - 1].key = id;
		ok = 1;
	} else {
		ok = yaml_document_append_mapping_pair(
		    c->doc, parent, c->open[c->depth - 1].key, id);
		c->open[c->depth - 1].key = 0;
	}
	if (!ok)
		*c->ld->oom = 1;
	return ok ? 0 : -1;
}

/* A new node's anchor and marks. 0, or -1 after reporting. */
static int name_node(struct composer *c, int id, const yaml_char_t *anchor,
		     const yaml_event_t *ev)
{
	yaml_node_t *n = &c->doc->nodes.start[id - 1];
	n->start_mark = ev->start_mark;
	n->end_mark = ev->end_mark;
	if (!anchor)
		return 0;
	int first = anchor_find(&c->anchors, (const char *)anchor);
	if (first) {
		ld_err_mark(
		    c->ld, ev->start_mark,
		    "YAML syntax error: found duplicate anchor '&%s' "
		    "(first at line %d)",
		    (const char *)anchor,
		    (int)c->doc->nodes.start[first - 1].start_mark.line + 1);
		return -1;
	}
	if (anchor_add(&c->anchors, (const char *)anchor, id) != 0) {
		*c->ld->oom = 1;
		return -1;
	}
	return 0;
}

/* One event of the document's body. 1 when the document ended, 0 to go on,
 * -1 after reporting. */
static int compose_event(struct composer *c, const yaml_event_t *ev)
{
	yaml_document_t *doc = c->doc;
	int id;
	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		id = anchor_find(&c->anchors,
				 (const char *)ev->data.alias.anchor);
		if (!id) {
			ld_err_mark(c->ld, ev->start_mark,
				    "YAML syntax error: found undefined alias "
				    "'*%s'",
				    (const char *)ev->data.alias.anchor);
			return -1;
		}
		return attach(c, id, ev->start_mark);
	case YAML_SCALAR_EVENT:
		id = yaml_document_add_scalar(doc, NULL, ev->data.scalar.value,
					      (int)ev->data.scalar.length,
					      ev->data.scalar.style);
		if (!id) {
			*c->ld->oom = 1;
			return -1;
		}
		if (name_node(c, id, ev->data.scalar.anchor, ev) != 0)
			return -1;
		return attach(c, id, ev->start_mark);
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT: {
		/* RULING R-350: the depth is checked at the first event past
		 * it, before libyaml reads (and rescans) any further */
		if (c->depth == LD_MAX_DEPTH) {
			ld_err_mark(c->ld, ev->start_mark,
				    "the document is nested too deeply (more "
				    "than %d levels of lists and mappings)",
				    LD_MAX_DEPTH);
			return -1;
		}
		int seq = ev->type == YAML_SEQUENCE_START_EVENT;
		const yaml_char_t *anchor = seq ? ev->data.sequence_start.anchor
						: ev->data.mapping_start.anchor;
		id = seq ? yaml_document_add_sequence(
			       doc, NULL, ev->data.sequence_start.style)
			 : yaml_document_add_mapping(
			       doc, NULL, ev->data.mapping_start.style);
		if (!id) {
			*c->ld->oom = 1;
			return -1;
		}
		if (name_node(c, id, anchor, ev) != 0 ||
		    attach(c, id, ev->start_mark) != 0)
			return -1;
		c->open[c->depth].id = id;
		c->open[c->depth].key = 0;
		c->depth++;
		return 0;
	}
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		if (c->depth > 0) {
			c->depth--;
			doc->nodes.start[c->open[c->depth].id - 1].end_mark =
			    ev->end_mark;
		}
		return 0;
	case YAML_DOCUMENT_END_EVENT:
		return 1;
	default:
		return 0;
	}
}

int ld_parse_doc(struct ld *ld, const unsigned char *text, size_t len,
		 yaml_document_t *doc)
{
	if (check_encoding(ld, text, len) != 0)
		return -1;
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p)) {
		*ld->oom = 1;
		return -1;
	}
	yaml_parser_set_input_string(&p, text, len);
	struct composer c;
	memset(&c, 0, sizeof c);
	c.ld = ld;
	c.doc = doc;
	/* 0: before the document, 1: in it, 2: after it */
	int state = 0, rc = 0;
	for (;;) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev)) {
			parser_error(ld, &p, text, len);
			rc = -1;
			break;
		}
		int r = 0;
		if (ev.type == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			break;
		}
		if (ev.type == YAML_DOCUMENT_START_EVENT) {
			if (state == 0) {
				if (!yaml_document_initialize(doc, NULL, NULL,
							      NULL, 1, 1)) {
					*ld->oom = 1;
					r = -1;
				}
				state = 1;
			} else {
				/* a second document in the stream is a
				 * mistake in a scenario */
				ld_err_mark(ld, ev.start_mark,
					    "more than one YAML document "
					    "('---') in the file");
				r = -1;
			}
		} else if (state == 1) {
			r = compose_event(&c, &ev);
			if (r == 1) {
				state = 2;
				r = 0;
			}
		}
		yaml_event_delete(&ev);
		if (r < 0) {
			rc = -1;
			break;
		}
	}
	yaml_parser_delete(&p);
	anchors_free(&c.anchors);
	if (rc != 0) {
		if (state > 0)
			yaml_document_delete(doc);
		return -1;
	}
	/* no document at all: an empty one (no root node) */
	if (state == 0 &&
	    !yaml_document_initialize(doc, NULL, NULL, NULL, 1, 1)) {
		*ld->oom = 1;
		return -1;
	}
	return 0;
}
