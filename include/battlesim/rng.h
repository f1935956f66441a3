/* Seeded random numbers: xoshiro256** with splitmix64 seeding, unbiased
 * bounded draws by rejection, one independent stream per battle. */
#ifndef BATTLESIM_RNG_H
#define BATTLESIM_RNG_H

#include <stdint.h>

struct bs_rng {
	uint64_t s[4];
};

/* Seed the generator from one 64-bit seed (splitmix64 expansion). */
void bs_rng_seed(struct bs_rng *r, uint64_t seed);

/* Seed stream number `stream` of `seed`: battle i of a simulation uses
 * bs_rng_seed_stream(r, seed, i), so its dice do not depend on which thread
 * plays it or on the battles before it. */
void bs_rng_seed_stream(struct bs_rng *r, uint64_t seed, uint64_t stream);

/* Next raw 64-bit output. */
uint64_t bs_rng_next(struct bs_rng *r);

/* Uniform integer in [0, n), n >= 1, without modulo bias. */
uint32_t bs_rng_below(struct bs_rng *r, uint32_t n);

#endif
