/* Benchmarks (make bench; not tests): medians of several timed runs of the
 * hot paths, printed as operations per second. Timing uses the monotonic
 * clock; nothing here decides a rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_roster.h"
#include "battlesim/dice.h"
#include "battlesim/rng.h"
#include "battlesim/scenario.h"

#define RUNS 5

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Median rate over RUNS runs of fn(n). */
static double median_rate(long (*fn)(long), long n)
{
	double rate[RUNS];
	for (int r = 0; r < RUNS; r++) {
		double t0 = now();
		long done = fn(n);
		double t1 = now();
		rate[r] = (double)done / (t1 - t0);
	}
	qsort(rate, RUNS, sizeof rate[0], cmp_double);
	return rate[RUNS / 2];
}

static volatile long sink;

/* [8.4] one attack: plan (steps A, C) once, then roll and resolve. */
static long bench_attack(long n)
{
	struct bs1e_attack_spec s;
	memset(&s, 0, sizeof s);
	s.ar = 17;
	s.ac = 8;
	s.figures = 10;
	char err[128];
	bs_dice_parse("d4/d4/d12", &s.damage, err, sizeof err);
	struct bs1e_attack_plan p;
	if (bs1e_attack_plan(&s, &p, err, sizeof err) != 0) {
		fprintf(stderr, "bench: %s\n", err);
		exit(1);
	}
	struct bs_rng rng;
	bs_rng_seed(&rng, 1);
	struct bs_dice_source src;
	bs_dice_source_rng(&src, &rng);
	long total = 0;
	for (long i = 0; i < n; i++) {
		struct bs1e_attack_result r;
		bs1e_attack_resolve(&p, bs1e_roll_2d6(&src), &r);
		struct bs1e_casualties c;
		bs1e_casualties(r.total_tenths, 100, 20, &c);
		total += c.killed;
	}
	sink = total;
	return n;
}

/* Loading and validating the built-in scenario with its catalogs. */
static long bench_load(long n)
{
	for (long i = 0; i < n; i++) {
		struct bs_scenario *s = NULL;
		struct bs_diags d;
		bs_diags_init(&d);
		if (bs_scenario_load_builtin(NULL, &s, &d) != BS_OK) {
			fprintf(stderr, "bench: built-in scenario failed\n");
			exit(1);
		}
		bs_diags_release(&d);
		bs_scenario_free(s);
	}
	return n;
}

static struct bs_scenario *builtin;

/* Every roster sheet of the built-in scenario. */
static long bench_roster(long n)
{
	for (long i = 0; i < n; i++) {
		struct bs1e_roster *r = NULL;
		struct bs_diags d;
		bs_diags_init(&d);
		if (bs1e_roster_new(builtin, &r, &d) != BS_OK) {
			fprintf(stderr, "bench: roster failed\n");
			exit(1);
		}
		bs_diags_release(&d);
		bs1e_roster_free(r);
	}
	return n;
}

int main(void)
{
	struct bs_diags d;
	bs_diags_init(&d);
	if (bs_scenario_load_builtin(NULL, &builtin, &d) != BS_OK) {
		fprintf(stderr, "bench: built-in scenario failed\n");
		return 1;
	}
	bs_diags_release(&d);
	printf("battlesim benchmarks: median of %d runs\n", RUNS);
	printf("  %-44s %12.0f /s\n", "attack resolutions [8.4] (d4/d4/d12)",
	       median_rate(bench_attack, 2000000));
	printf("  %-44s %12.0f /s\n",
	       "built-in scenario loads (parse+validate)",
	       median_rate(bench_load, 200));
	printf("  %-44s %12.0f /s\n", "roster sheets of the built-in scenario",
	       median_rate(bench_roster, 2000));
	bs_scenario_free(builtin);
	return 0;
}
