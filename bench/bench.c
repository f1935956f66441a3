/* Benchmarks (make bench; not tests): medians of several timed runs of the
 * hot paths, printed as operations per second. Timing uses the monotonic
 * clock (and the process CPU clock for the battles per CPU second, which
 * other work on the machine does not lower); nothing here decides a rule.
 * Peak memory of `battlesim sim` for N = 1,000 and N = 100,000 (issue 4). */
#define _DEFAULT_SOURCE /* wait4 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/bs1e_combat.h"
#include "battlesim/report.h"
#include "battlesim/sim.h"
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

/* CPU time of the whole process (every thread), seconds. */
static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The median rate per CPU second of the last median_rate: on a machine
 * other work loads, the wall-clock rate falls while this one holds. */
static double last_cpu_rate;

/* Median rate over RUNS runs of fn(n) (wall clock). */
static double median_rate(long (*fn)(long), long n)
{
	double rate[RUNS], cpu[RUNS];
	for (int r = 0; r < RUNS; r++) {
		double t0 = now(), c0 = cpu_now();
		long done = fn(n);
		double t1 = now(), c1 = cpu_now();
		rate[r] = (double)done / (t1 - t0);
		cpu[r] = (double)done / (c1 - c0);
	}
	qsort(rate, RUNS, sizeof rate[0], cmp_double);
	qsort(cpu, RUNS, sizeof cpu[0], cmp_double);
	last_cpu_rate = cpu[RUNS / 2];
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

/* Whole battles of the built-in scenario through the simulator. */
static int sim_threads = 1;
static long bench_sim(long n)
{
	struct bs_sim_opts o;
	memset(&o, 0, sizeof o);
	o.runs = n;
	o.threads = sim_threads;
	o.seed = 1;
	struct bs_sim_result *r = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	if (bs_sim_run(builtin, &o, &r, &d) != BS_OK) {
		fprintf(stderr, "bench: simulation failed\n");
		exit(1);
	}
	bs_diags_release(&d);
	long done = r->runs;
	bs_sim_result_free(r);
	return done;
}

/* One thread, one battle after another, with a sink: events built and
 * rendered as the text log into /dev/null (events on), or no sink. */
static int events_on;
static long bench_events(long n)
{
	struct bs_battle *b = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	if (bs_battle_new(builtin, &b, &d) != BS_OK)
		exit(1);
	bs_diags_release(&d);
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	if (!ai)
		exit(1);
	bs_ai_set_init(ai);
	bs_diags_init(&d);
	if (bs_ai_attach(ai, b, &d) != BS_OK)
		exit(1);
	bs_diags_release(&d);
	FILE *null = fopen("/dev/null", "w");
	struct bs_report rep;
	bs_report_init(&rep, BS_LOG_TEXT, null, builtin);
	struct bs_event_sink sink = bs_report_sink(&rep);
	if (events_on)
		bs_battle_set_sink(b, &sink);
	for (long i = 0; i < n; i++) {
		bs_battle_reset(b, 1, (uint64_t)i);
		bs_battle_play(b, 0);
	}
	fclose(null);
	free(ai);
	bs_battle_free(b);
	return n;
}

/* Peak resident memory (KiB) of `battlesim sim --runs n --threads t`. */
static long peak_kib(const char *bin, long n, int t)
{
	char runs[32], threads[32];
	snprintf(runs, sizeof runs, "%ld", n);
	snprintf(threads, sizeof threads, "%d", t);
	char *argv[] = {(char *)bin, "sim",   "--runs", runs,
			"--threads", threads, "--json", NULL};
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	extern char **environ;
	if (posix_spawn(&pid, bin, &fa, NULL, argv, environ) != 0)
		return -1;
	posix_spawn_file_actions_destroy(&fa);
	int st;
	struct rusage ru;
	if (wait4(pid, &st, 0, &ru) < 0 || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		return -1;
	return ru.ru_maxrss;
}

int main(int argc, char **argv)

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

	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (cpus < 1)
		cpus = 1;
	long nb = argc > 2 ? atol(argv[2]) : 2000;
	sim_threads = 1;
	double one = median_rate(bench_sim, nb);
	double one_cpu = last_cpu_rate;
	sim_threads = (int)cpus;
	double all = median_rate(bench_sim, nb);
	double all_cpu = last_cpu_rate;
	printf("  %-44s %12.0f /s  (%.0f per CPU second)\n",
	       "battles, 1 thread (built-in scenario)", one, one_cpu);
	printf("  %-44s %12.0f /s  (%ld threads; scaling %.2fx; %.0f per "
	       "CPU second)\n",
	       "battles, all threads", all, cpus, all / one, all_cpu);
	events_on = 0;
	double off = median_rate(bench_events, nb / 4);
	events_on = 1;
	double on = median_rate(bench_events, nb / 4);
	printf("  %-44s %12.0f /s\n", "battles, events off (1 thread)", off);
	printf("  %-44s %12.0f /s  (%.2fx slower)\n",
	       "battles, events on: text log to /dev/null", on, off / on);
	if (argc > 1) {
		/* issue 4: N = 1,000 against N = 100,000 (argv[3]) */
		long small = 1000, big = argc > 3 ? atol(argv[3]) : 100000;
		printf("  peak memory of `battlesim sim`: %ld KiB for N = %ld, "
		       "%ld KiB for N = %ld (%ld threads)\n",
		       peak_kib(argv[1], small, (int)cpus), small,
		       peak_kib(argv[1], big, (int)cpus), big, cpus);
	}
	bs_scenario_free(builtin);
	return 0;
}
