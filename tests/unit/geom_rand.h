/* Random blocks for the geometry tests (t_geom.c, t_geom_diff.c): a small
 * deterministic generator (xorshift64; no rand()) and a block of random
 * size and facing. Header-only (static). */
#ifndef TESTS_GEOM_RAND_H
#define TESTS_GEOM_RAND_H

#include "battlesim/geom.h"

static inline double unit_rand(unsigned long long *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (double)(*s >> 11) / 9007199254740992.0;
}

/* A block 0.5..10.5" wide, 0.5..4.5" deep, any facing, its front centre
 * within spread/2 of (cx, cy). */
static inline struct bs_quad rand_block(unsigned long long *s, double cx,
					double cy, double spread)
{
	struct bs_vec f = {cx + (unit_rand(s) - 0.5) * spread,
			   cy + (unit_rand(s) - 0.5) * spread};
	return bs_block(f, unit_rand(s) * 360.0, 0.5 + unit_rand(s) * 10.0,
			0.5 + unit_rand(s) * 4.0);
}

#endif
