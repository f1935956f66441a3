/* The loader's arena: a scenario's storage is a list of chunks freed at
 * once by bs_scenario_free. No rule sections. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/loader.h"

#define ARENA_CHUNK 65536u
#define ARENA_CAP (256u << 20) /* a scenario never needs more */

struct bs_arena {
	struct bs_arena *next; /* older chunks */
	size_t used, size;     /* of data[] */
	size_t total;	       /* bytes held by the whole list */
	_Alignas(max_align_t) unsigned char data[];
};

void *bs_arena_alloc(struct bs_arena **a, size_t n)
{
	const size_t align = _Alignof(max_align_t);
	if (n > ARENA_CAP)
		return NULL;
	n = (n + align - 1) / align * align;
	if (n == 0)
		n = align;
	struct bs_arena *c = *a;
	if (!c || c->size - c->used < n) {
		size_t total = c ? c->total : 0;
		size_t size = n > ARENA_CHUNK ? n : ARENA_CHUNK;
		if (total + size > ARENA_CAP)
			return NULL;
		struct bs_arena *k = malloc(sizeof *k + size);
		if (!k)
			return NULL;
		k->used = 0;
		k->size = size;
		k->total = total + size;
		if (c && n > ARENA_CHUNK) {
			/* A big block: keep filling the current chunk. */
			k->next = c->next;
			c->next = k;
			c->total = k->total;
			k->used = n;
			memset(k->data, 0, n);
			return k->data;
		}
		k->next = c;
		*a = c = k;
	}
	void *p = c->data + c->used;
	c->used += n;
	memset(p, 0, n);
	return p;
}

void bs_arena_free(struct bs_arena *a)
{
	while (a) {
		struct bs_arena *n = a->next;
		free(a);
		a = n;
	}
}
