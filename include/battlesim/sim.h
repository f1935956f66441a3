/* Monte Carlo simulation: N battles of one scenario on T threads, battle i
 * seeded from (seed, i), results folded into integer counts and histograms
 * so that the report is byte-identical for any thread count; win
 * probabilities with 95% Wilson intervals. Each thread owns its battle and
 * controllers; the scenario and the tables are shared read-only. */
#ifndef BATTLESIM_SIM_H
#define BATTLESIM_SIM_H

#include <stdint.h>

#include "battlesim/battle.h"
#include "battlesim/diag.h"
#include "battlesim/model.h"

#define BS_SIM_DEFAULT_RUNS 10000
#define BS_SIM_MAX_THREADS 256
/* With until_ci, the interval is checked after every batch of this many
 * battles (a fixed size, so the stopping point does not depend on the
 * thread count). */
#define BS_SIM_BATCH 1000

/* Battles that start elsewhere than the deployment (referee mode, issue
 * 17: "odds from here"): each worker gets its own context for its battle
 * (worker_new; NULL: out of memory), and `play` plays battle i on it (it
 * resets it, attaches its controllers and plays to the end; the simulator
 * then counts b's result). Called on the workers' threads. */
struct bs_sim_hook {
	void *(*worker_new)(void *ctx, struct bs_battle *b);
	void (*play)(void *wctx, struct bs_battle *b, long i);
	void (*worker_free)(void *wctx);
	void *ctx;
};

struct bs_sim_opts {
	long runs;	 /* battles, or the cap with until_ci (>= 1) */
	int threads;	 /* >= 1 */
	uint64_t seed;	 /* battle i uses stream i of this seed */
	double until_ci; /* 0: off; else stop when every side's 95% interval
			    on its win probability is at most this wide */
	int max_rounds;	 /* 0: the scenario's limit (default 30) */
	/* called on the calling thread about ten times a second while the
	 * battles run (NULL: none) */
	void (*progress)(void *ctx, long done, long total);
	void *progress_ctx;
	/* NULL: each battle from the deployment with the sides' controllers
	 * (bs_ai_attach) */
	const struct bs_sim_hook *hook;
};

/* One unit over all battles. */
struct bs_sim_unit {
	int side, idx;
	int original;		 /* figures at the start */
	long end[BS_END__COUNT]; /* how it ended, counts */
	long lost_sum;		 /* figures killed, summed */
	long *lost_hist;	 /* [original + 1]: battles with k lost */
};

/* One side over all battles. */
struct bs_sim_side {
	long wins;
	int figures; /* at the start */
	long lost_sum;
	long *lost_hist; /* [figures + 1] */
};

struct bs_sim_result {
	long runs; /* battles played */
	long draws;
	int stopped_early; /* until_ci was met before the cap */
	int nsides;
	struct bs_sim_side side[BS_MAX_SIDES];
	int nunits;
	struct bs_sim_unit *unit; /* all sides' units, battle order */
	int max_rounds;
	long *rounds_hist; /* [max_rounds + 1]: battles that lasted r rounds */
	long rounds_sum;
};

/* Run the simulation. On success *out is a new result (free with
 * bs_sim_result_free). BS_ERR_INPUT when the scenario cannot be played,
 * BS_ERR_RUNTIME on out of memory or a thread that could not start (with a
 * diagnostic). */
enum bs_status bs_sim_run(const struct bs_scenario *sc,
			  const struct bs_sim_opts *o,
			  struct bs_sim_result **out, struct bs_diags *d);

void bs_sim_result_free(struct bs_sim_result *r);

/* The 95% (z = 1.96) Wilson score interval of k successes in n trials
 * (n >= 1) into [*lo, *hi]. */
void bs_wilson(long k, long n, double z, double *lo, double *hi);

/* The smallest r such that at least fraction q (0 < q <= 1) of the `n`
 * counted values are <= r, from a histogram hist[0..len-1]. */
int bs_hist_quantile(const long *hist, int len, long n, double q);

#endif
