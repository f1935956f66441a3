/* Tests of the simulator (src/sim): Wilson intervals against known values,
 * quantiles, determinism across thread counts, a lopsided battle one side
 * must win, a mirror battle whose win rates agree within their intervals,
 * and --until-ci stopping early. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "battlesim/scenario.h"
#include "battlesim/sim.h"

#define NEAR(a, b, eps) (fabs((a) - (b)) < (eps))

/* Known values: Wilson score interval, z = 1.96 (computed with the
 * closed form; e.g. 5 of 10 -> [0.2366, 0.7634]; 0 of 10 ->
 * [0, 0.2775]; 81 of 263 -> [0.2553, 0.3662]). */
Test(sim, wilson_known_values)
{
	double lo, hi;
	bs_wilson(5, 10, 1.96, &lo, &hi);
	cr_expect(NEAR(lo, 0.2366, 1e-4) && NEAR(hi, 0.7634, 1e-4),
		  "5/10: [%f, %f]", lo, hi);
	bs_wilson(0, 10, 1.96, &lo, &hi);
	cr_expect(NEAR(lo, 0.0, 1e-9) && NEAR(hi, 0.2775, 1e-4),
		  "0/10: [%f, %f]", lo, hi);
	bs_wilson(10, 10, 1.96, &lo, &hi);
	cr_expect(NEAR(lo, 0.7225, 1e-4) && NEAR(hi, 1.0, 1e-9),
		  "10/10: [%f, %f]", lo, hi);
	bs_wilson(81, 263, 1.96, &lo, &hi);
	cr_expect(NEAR(lo, 0.2553, 1e-4) && NEAR(hi, 0.3662, 1e-4),
		  "81/263: [%f, %f]", lo, hi);
	bs_wilson(500, 1000, 1.96, &lo, &hi);
	cr_expect(NEAR(lo, 0.4691, 1e-4) && NEAR(hi, 0.5309, 1e-4),
		  "500/1000: [%f, %f]", lo, hi);
}

Test(sim, quantiles_from_histograms)
{
	/* values: 1 x0, 2 x1, 4 x2, 2 x3, 1 x4 (n = 10) */
	const long h[5] = {1, 2, 4, 2, 1};
	cr_expect_eq(bs_hist_quantile(h, 5, 10, 0.5), 2);
	cr_expect_eq(bs_hist_quantile(h, 5, 10, 0.05), 0);
	cr_expect_eq(bs_hist_quantile(h, 5, 10, 0.95), 4);
	cr_expect_eq(bs_hist_quantile(h, 5, 10, 0.3), 1);
}

static struct bs_scenario *load(const char *path)
{
	struct bs_scenario *s = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st = path ? bs_scenario_load_file(path, &s, &d)
				 : bs_scenario_load_builtin(NULL, &s, &d);
	cr_assert_eq(st, BS_OK, "%s: %s", path ? path : "built-in",
		     d.count ? d.items[0].msg : "");
	bs_diags_release(&d);
	return s;
}

static struct bs_sim_result *run(const struct bs_scenario *s, long runs,
				 int threads, uint64_t seed, double until)
{
	struct bs_sim_opts o;
	memset(&o, 0, sizeof o);
	o.runs = runs;
	o.threads = threads;
	o.seed = seed;
	o.until_ci = until;
	struct bs_sim_result *r = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_sim_run(s, &o, &r, &d), BS_OK);
	bs_diags_release(&d);
	return r;
}

static void same(const struct bs_sim_result *a, const struct bs_sim_result *b)
{
	cr_assert_eq(a->runs, b->runs);
	cr_expect_eq(a->draws, b->draws);
	cr_expect_eq(a->rounds_sum, b->rounds_sum);
	for (int r = 0; r <= a->max_rounds; r++)
		cr_expect_eq(a->rounds_hist[r], b->rounds_hist[r]);
	for (int s = 0; s < a->nsides; s++) {
		cr_expect_eq(a->side[s].wins, b->side[s].wins);
		cr_expect_eq(a->side[s].lost_sum, b->side[s].lost_sum);
	}
	for (int g = 0; g < a->nunits; g++) {
		cr_expect_eq(a->unit[g].lost_sum, b->unit[g].lost_sum);
		for (int e = 0; e < BS_END__COUNT; e++)
			cr_expect_eq(a->unit[g].end[e], b->unit[g].end[e]);
		for (int k = 0; k <= a->unit[g].original; k++)
			cr_expect_eq(a->unit[g].lost_hist[k],
				     b->unit[g].lost_hist[k]);
	}
}

/* Battle i is seeded from (seed, i): 1 and 4 threads fold the same
 * counts. */
Test(sim, same_counts_on_1_and_4_threads, .timeout = 120)
{
	struct bs_scenario *s = load(NULL);
	struct bs_sim_result *a = run(s, 300, 1, 11, 0);
	struct bs_sim_result *b = run(s, 300, 4, 11, 0);
	same(a, b);
	long total = a->draws;
	for (int k = 0; k < a->nsides; k++)
		total += a->side[k].wins;
	cr_expect_eq(total, 300, "every battle has one outcome");
	bs_sim_result_free(a);
	bs_sim_result_free(b);
	bs_scenario_free(s);
}

/* Ogres and men-at-arms against a handful of kobolds: the strong side
 * must win more than 99% of battles. */
Test(sim, lopsided_battle_is_won, .timeout = 120)
{
	struct bs_scenario *s = load("tests/data/lopsided.yaml");
	struct bs_sim_result *r = run(s, 400, 2, 3, 0);
	double lo, hi;
	bs_wilson(r->side[0].wins, r->runs, 1.96, &lo, &hi);
	cr_expect_gt(r->side[0].wins, 396, "strong side won %ld of %ld",
		     r->side[0].wins, r->runs);
	bs_sim_result_free(r);
	bs_scenario_free(s);
}

/* --until-ci stops at the first batch on the lopsided battle. */
Test(sim, until_ci_stops_early, .timeout = 120)
{
	struct bs_scenario *s = load("tests/data/lopsided.yaml");
	struct bs_sim_result *r = run(s, 20000, 2, 3, 0.02);
	cr_expect(r->stopped_early);
	cr_expect_lt(r->runs, 20000);
	cr_expect_eq(r->runs % BS_SIM_BATCH, 0);
	bs_sim_result_free(r);
	bs_scenario_free(s);
}

/* Identical armies, sides swapped: each army's win rate in one order and
 * in the other agree within their 95% intervals. */
Test(sim, mirror_armies_agree, .timeout = 240)
{
	struct bs_scenario *a = load("tests/data/mirror_a.yaml");
	struct bs_scenario *b = load("tests/data/mirror_b.yaml");
	struct bs_sim_result *ra = run(a, 1000, 2, 5, 0);
	struct bs_sim_result *rb = run(b, 1000, 2, 5, 0);
	/* mirror_a: red is side 0; mirror_b: red is side 1 */
	double alo, ahi, blo, bhi;
	bs_wilson(ra->side[0].wins, ra->runs, 1.96, &alo, &ahi);
	bs_wilson(rb->side[1].wins, rb->runs, 1.96, &blo, &bhi);
	cr_expect(alo <= bhi && blo <= ahi,
		  "red wins %ld/%ld vs %ld/%ld: [%f,%f] and [%f,%f] do not "
		  "overlap",
		  ra->side[0].wins, ra->runs, rb->side[1].wins, rb->runs, alo,
		  ahi, blo, bhi);
	bs_sim_result_free(ra);
	bs_sim_result_free(rb);
	bs_scenario_free(a);
	bs_scenario_free(b);
}
