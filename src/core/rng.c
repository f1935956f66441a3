/* xoshiro256** (Blackman and Vigna) seeded by splitmix64; Lemire's bounded
 * draw with rejection, so no result is favoured. No global state. */
#include "battlesim/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void bs_rng_seed(struct bs_rng *r, uint64_t seed)
{
	uint64_t x = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

void bs_rng_seed_stream(struct bs_rng *r, uint64_t seed, uint64_t stream)
{
	/* Mix the stream number through splitmix64 once so that nearby
	 * streams start far apart, then expand. */
	uint64_t x = seed ^ 0x5851f42d4c957f2dULL;
	uint64_t a = splitmix64(&x);
	uint64_t y = stream + 0x14057b7ef767814fULL;
	uint64_t b = splitmix64(&y);
	bs_rng_seed(r, a ^ (b * 0xd1342543de82ef95ULL));
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t bs_rng_next(struct bs_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint32_t bs_rng_below(struct bs_rng *r, uint32_t n)
{
	/* Lemire: multiply a 32-bit draw by n, reject the biased low part. */
	uint32_t x = (uint32_t)(bs_rng_next(r) >> 32);
	uint64_t m = (uint64_t)x * n;
	uint32_t l = (uint32_t)m;
	if (l < n) {
		uint32_t t = (uint32_t)(-n) % n;
		while (l < t) {
			x = (uint32_t)(bs_rng_next(r) >> 32);
			m = (uint64_t)x * n;
			l = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}
