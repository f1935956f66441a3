/* The Monte Carlo runner: battles handed out to worker threads by an
 * atomic counter, each worker with its own battle and controllers,
 * results kept as integer counts in per-worker accumulators and summed at
 * the end. Sums of integers do not depend on which worker played which
 * battle, so the result is identical for any thread count. No allocation
 * in the battle loop. */
#include "battlesim/sim.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "battlesim/ai.h"

/* One worker's battle, controllers and counts. */
struct worker {
	struct bs_sim_ctx *ctx;
	struct bs_battle *b;
	struct bs_ai_set *ai;
	void *hctx; /* the hook's worker context */
	pthread_t th;
	/* counts, laid out like struct bs_sim_result */
	long wins[BS_MAX_SIDES];
	long draws;
	long rounds_sum;
	long *rounds_hist;   /* [max_rounds + 1] */
	long *unit_end;	     /* [nunits][BS_END__COUNT] */
	long *unit_lost_sum; /* [nunits] */
	long *unit_hist;     /* concatenated [original + 1] per unit */
	long side_lost_sum[BS_MAX_SIDES];
	long *side_hist; /* concatenated [figures + 1] per side */
};

struct bs_sim_ctx {
	const struct bs_scenario *sc;
	const struct bs_sim_opts *o;
	int nunits;
	int max_rounds;
	int unit_hist_at[BS_MAX_SIDES * BS_MAX_UNITS]; /* offsets */
	int unit_hist_len;
	int side_hist_at[BS_MAX_SIDES];
	int side_hist_len;
	atomic_long next;      /* next battle to hand out */
	atomic_long completed; /* battles finished */
	long batch_end;
};

static void play_one(struct worker *w, long i)
{
	struct bs_sim_ctx *c = w->ctx;
	struct bs_battle *b = w->b;
	if (c->o->hook) {
		c->o->hook->play(w->hctx, b, i);
	} else {
		bs_battle_reset(b, c->o->seed, (uint64_t)i);
		bs_battle_play(b, c->max_rounds);
	}
	if (b->result.winner >= 0 && b->result.winner < BS_MAX_SIDES)
		w->wins[b->result.winner]++;
	else
		w->draws++;
	int r = b->result.rounds;
	if (r < 0)
		r = 0;
	if (r > c->max_rounds)
		r = c->max_rounds;
	w->rounds_hist[r]++;
	w->rounds_sum += r;
	int side_lost[BS_MAX_SIDES] = {0};
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		/* [14.6 A] RULING R-463: a detachment slot is counted with
		 * the unit it split from (its figures killed that unit's),
		 * never on its own */
		if (u->parent >= 0)
			continue;
		int lost = bs_unit_killed(u);
		for (int h = 0; b->own_sc && h < b->nunits; h++)
			if (b->units[h].parent == g)
				lost += bs_unit_killed(&b->units[h]);
		if (lost < 0)
			lost = 0;
		/* the histogram's size: its start (a parent's `original`
		 * goes down with the figures it lost to its slot) */
		int cap = b->own_sc ? u->def->figures : u->original;
		if (lost > cap)
			lost = cap;
		w->unit_end[g * BS_END__COUNT + bs_battle_unit_end(b, g)]++;
		w->unit_lost_sum[g] += lost;
		w->unit_hist[c->unit_hist_at[g] + lost]++;
		side_lost[u->owner] += lost;
	}
	for (int s = 0; s < b->nsides; s++) {
		w->side_lost_sum[s] += side_lost[s];
		w->side_hist[c->side_hist_at[s] + side_lost[s]]++;
	}
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct bs_sim_ctx *c = w->ctx;
	for (;;) {
		long i = atomic_fetch_add_explicit(&c->next, 1,
						   memory_order_relaxed);
		if (i >= c->batch_end)
			break;
		play_one(w, i);
		atomic_fetch_add_explicit(&c->completed, 1,
					  memory_order_relaxed);
	}
	return NULL;
}

static void worker_release(struct worker *w)
{
	if (w->hctx)
		w->ctx->o->hook->worker_free(w->hctx);
	bs_battle_free(w->b);
	free(w->ai);
	free(w->rounds_hist);
	free(w->unit_end);
	free(w->unit_lost_sum);
	free(w->unit_hist);
	free(w->side_hist);
}

static int worker_init(struct worker *w, struct bs_sim_ctx *c,
		       struct bs_diags *d)
{
	memset(w, 0, sizeof *w);
	w->ctx = c;
	enum bs_status st = bs_battle_new(c->sc, &w->b, d);
	if (st != BS_OK)
		return (int)st;
	w->ai = calloc(1, sizeof *w->ai);
	w->rounds_hist = calloc((size_t)c->max_rounds + 1, sizeof(long));
	w->unit_end = calloc((size_t)c->nunits * BS_END__COUNT, sizeof(long));
	w->unit_lost_sum = calloc((size_t)c->nunits + 1, sizeof(long));
	w->unit_hist = calloc((size_t)c->unit_hist_len + 1, sizeof(long));
	w->side_hist = calloc((size_t)c->side_hist_len + 1, sizeof(long));
	if (!w->ai || !w->rounds_hist || !w->unit_end || !w->unit_lost_sum ||
	    !w->unit_hist || !w->side_hist) {
		bs_diags_add(d, NULL, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	bs_ai_set_init(w->ai);
	if (c->o->hook) {
		w->hctx = c->o->hook->worker_new(c->o->hook->ctx, w->b);
		if (!w->hctx) {
			bs_diags_add(d, NULL, 0, 0, "out of memory");
			return BS_ERR_RUNTIME;
		}
		return BS_OK;
	}
	return (int)bs_ai_attach(w->ai, w->b, d);
}

/* Battles [from, to) on every worker; progress from this thread. */
static int run_batch(struct bs_sim_ctx *c, struct worker *w, int nw, long from,
		     long to, long total, struct bs_diags *d)
{
	atomic_store(&c->next, from);
	c->batch_end = to;
	int started = 0;
	for (; started < nw; started++)
		if (pthread_create(&w[started].th, NULL, work, &w[started]) !=
		    0)
			break;
	if (started == 0) {
		bs_diags_add(d, NULL, 0, 0, "could not start a thread");
		return BS_ERR_RUNTIME;
	}
	if (c->o->progress) {
		struct timespec tick = {0, 100 * 1000 * 1000};
		while (atomic_load(&c->completed) < to) {
			c->o->progress(c->o->progress_ctx,
				       atomic_load(&c->completed), total);
			nanosleep(&tick, NULL);
		}
	}
	for (int i = 0; i < started; i++)
		pthread_join(w[i].th, NULL);
	if (c->o->progress)
		c->o->progress(c->o->progress_ctx, atomic_load(&c->completed),
			       total);
	return BS_OK;
}

/* Wins of side s so far, over all workers. */
static long wins_so_far(const struct worker *w, int nw, int s)
{
	long k = 0;
	for (int i = 0; i < nw; i++)
		k += w[i].wins[s];
	return k;
}

static int ci_met(const struct worker *w, int nw, int nsides, long n,
		  double width)
{
	for (int s = 0; s < nsides; s++) {
		double lo, hi;
		bs_wilson(wins_so_far(w, nw, s), n, 1.96, &lo, &hi);
		if (hi - lo > width)
			return 0;
	}
	return 1;
}

static struct bs_sim_result *result_new(const struct bs_sim_ctx *c,
					const struct bs_battle *b)
{
	struct bs_sim_result *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->nsides = b->nsides;
	r->nunits = c->nunits;
	r->max_rounds = c->max_rounds;
	r->unit = calloc((size_t)c->nunits + 1, sizeof *r->unit);
	r->rounds_hist = calloc((size_t)c->max_rounds + 1, sizeof(long));
	if (!r->unit || !r->rounds_hist) {
		bs_sim_result_free(r);
		return NULL;
	}
	for (int g = 0; g < c->nunits; g++) {
		struct bs_sim_unit *u = &r->unit[g];
		u->side = b->units[g].side;
		u->idx = b->units[g].idx;
		u->original = b->units[g].original;
		u->lost_hist = calloc((size_t)u->original + 1, sizeof(long));
		if (!u->lost_hist) {
			bs_sim_result_free(r);
			return NULL;
		}
	}
	for (int s = 0; s < b->nsides; s++) {
		struct bs_sim_side *sd = &r->side[s];
		for (int g = 0; g < c->nunits; g++)
			if (b->units[g].side == s)
				sd->figures += b->units[g].original;
		sd->lost_hist = calloc((size_t)sd->figures + 1, sizeof(long));
		if (!sd->lost_hist) {
			bs_sim_result_free(r);
			return NULL;
		}
	}
	return r;
}

static void fold(struct bs_sim_result *r, const struct bs_sim_ctx *c,
		 const struct worker *w, int nw)
{
	for (int i = 0; i < nw; i++) {
		const struct worker *x = &w[i];
		r->draws += x->draws;
		r->rounds_sum += x->rounds_sum;
		for (int k = 0; k <= c->max_rounds; k++)
			r->rounds_hist[k] += x->rounds_hist[k];
		for (int s = 0; s < r->nsides; s++) {
			struct bs_sim_side *sd = &r->side[s];
			sd->wins += x->wins[s];
			sd->lost_sum += x->side_lost_sum[s];
			for (int k = 0; k <= sd->figures; k++)
				sd->lost_hist[k] +=
				    x->side_hist[c->side_hist_at[s] + k];
		}
		for (int g = 0; g < r->nunits; g++) {
			struct bs_sim_unit *u = &r->unit[g];
			for (int e = 0; e < BS_END__COUNT; e++)
				u->end[e] += x->unit_end[g * BS_END__COUNT + e];
			u->lost_sum += x->unit_lost_sum[g];
			for (int k = 0; k <= u->original; k++)
				u->lost_hist[k] +=
				    x->unit_hist[c->unit_hist_at[g] + k];
		}
	}
}

/* [14.6 A] RULING R-462: the result names the scenario's units only: the
 * detachment slots (an index past its side's units in sc) are left out. */
static void drop_slots(struct bs_sim_result *r, const struct bs_scenario *sc)
{
	int k = 0;
	for (int g = 0; g < r->nunits; g++) {
		struct bs_sim_unit *u = &r->unit[g];
		if (u->idx >= sc->sides[u->side].nunits) {
			free(u->lost_hist);
			continue;
		}
		r->unit[k++] = *u;
	}
	r->nunits = k;
}

enum bs_status bs_sim_run(const struct bs_scenario *sc,
			  const struct bs_sim_opts *o,
			  struct bs_sim_result **out, struct bs_diags *d)
{
	*out = NULL;
	if (o->runs < 1 || o->threads < 1 || o->threads > BS_SIM_MAX_THREADS) {
		bs_diags_add(d, NULL, 0, 0,
			     "simulation needs at least 1 battle and 1 to %d "
			     "threads",
			     BS_SIM_MAX_THREADS);
		return BS_ERR_INPUT;
	}
	struct bs_sim_ctx *c = calloc(1, sizeof *c);
	int nw = o->threads;
	if ((long)nw > o->runs)
		nw = (int)o->runs;
	struct worker *w = calloc((size_t)nw, sizeof *w);
	if (!c || !w) {
		free(c);
		free(w);
		bs_diags_add(d, NULL, 0, 0, "out of memory");
		return BS_ERR_RUNTIME;
	}
	c->sc = sc;
	c->o = o;
	enum bs_status st = BS_OK;
	/* The shape of the counts comes from a first battle. */
	struct bs_battle *probe = NULL;
	st = bs_battle_new(sc, &probe, d);
	struct bs_sim_result *r = NULL;
	int ready = 0;
	if (st == BS_OK) {
		bs_battle_reset(probe, o->seed, 0);
		c->nunits = probe->nunits;
		c->max_rounds =
		    o->max_rounds > 0 ? o->max_rounds : probe->max_rounds;
		if (c->max_rounds < 1)
			c->max_rounds = 1;
		for (int g = 0; g < c->nunits; g++) {
			c->unit_hist_at[g] = c->unit_hist_len;
			c->unit_hist_len += probe->units[g].original + 1;
		}
		for (int s = 0; s < probe->nsides; s++) {
			c->side_hist_at[s] = c->side_hist_len;
			int figs = 0;
			for (int g = 0; g < c->nunits; g++)
				if (probe->units[g].side == s)
					figs += probe->units[g].original;
			c->side_hist_len += figs + 1;
		}
		r = result_new(c, probe);
		if (!r) {
			bs_diags_add(d, NULL, 0, 0, "out of memory");
			st = BS_ERR_RUNTIME;
		}
	}
	for (int i = 0; st == BS_OK && i < nw; i++) {
		st = (enum bs_status)worker_init(&w[i], c, d);
		if (st != BS_OK)
			worker_release(&w[i]);
		else
			ready++;
	}
	long done = 0;
	while (st == BS_OK && done < o->runs) {
		long to = o->until_ci > 0 ? done + BS_SIM_BATCH : o->runs;
		if (to > o->runs)
			to = o->runs;
		st = (enum bs_status)run_batch(c, w, nw, done, to, o->runs, d);
		done = to;
		if (st == BS_OK && o->until_ci > 0 && done < o->runs &&
		    ci_met(w, nw, probe->nsides, done, o->until_ci)) {
			r->stopped_early = 1;
			break;
		}
	}
	if (st == BS_OK) {
		r->runs = done;
		fold(r, c, w, nw);
		drop_slots(r, sc);
		*out = r;
	} else {
		bs_sim_result_free(r);
	}
	for (int i = 0; i < ready; i++)
		worker_release(&w[i]);
	bs_battle_free(probe);
	free(w);
	free(c);
	return st;
}

void bs_sim_result_free(struct bs_sim_result *r)
{
	if (!r)
		return;
	if (r->unit)
		for (int g = 0; g < r->nunits; g++)
			free(r->unit[g].lost_hist);
	for (int s = 0; s < BS_MAX_SIDES; s++)
		free(r->side[s].lost_hist);
	free(r->unit);
	free(r->rounds_hist);
	free(r);
}

void bs_wilson(long k, long n, double z, double *lo, double *hi)
{
	double p = (double)k / (double)n;
	double z2n = z * z / (double)n;
	double centre = (p + z2n / 2.0) / (1.0 + z2n);
	double half = z *
		      sqrt(p * (1.0 - p) / (double)n +
			   z * z / (4.0 * (double)n * (double)n)) /
		      (1.0 + z2n);
	*lo = centre - half;
	*hi = centre + half;
	if (*lo < 0)
		*lo = 0;
	if (*hi > 1)
		*hi = 1;
}

int bs_hist_quantile(const long *hist, int len, long n, double q)
{
	/* the smallest r with cumulative count >= ceil(q n) */
	long need = (long)ceil(q * (double)n);
	if (need < 1)
		need = 1;
	long cum = 0;
	for (int r = 0; r < len; r++) {
		cum += hist[r];
		if (cum >= need)
			return r;
	}
	return len - 1;
}
