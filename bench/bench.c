/* Benchmarks (make bench; not tests): each figure the median of RUNS timed
 * runs, with the least and the greatest, printed beside its target (issue
 * 13) where it has one. Timing uses the process CPU clock (which other
 * work on a shared machine does not lower) and, for the scaling on the
 * machine's threads, the monotonic clock. Instructions per battle and per
 * round come from callgrind (valgrind --tool=callgrind on this program
 * playing battles in a child mode: the difference between two counts of
 * battles, so that start-up and loading cancel), which is repeatable on a
 * loaded machine; they are skipped when valgrind is not installed.
 * Nothing here decides a rule.
 *
 *   bench BATTLESIM [BATTLES [MEM_N]]   the benchmarks
 *   bench --play FILE|- N              (child) N battles, one thread
 *   bench --growth UNITS N             (child) the same on the growth army
 */
#define _DEFAULT_SOURCE /* wait4 */
#include <fcntl.h>
#include <math.h>
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
#include "battlesim/bs1e_roster.h"
#include "battlesim/dice.h"
#include "battlesim/report.h"
#include "battlesim/rng.h"
#include "battlesim/scenario.h"
#include "battlesim/sim.h"

#define RUNS 5

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the whole process (every thread), seconds. */
static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median, least and greatest of RUNS figures. */
struct spread {
	double med, lo, hi;
};

static struct spread spread_of(double *v)
{
	qsort(v, RUNS, sizeof v[0], cmp_double);
	return (struct spread){v[RUNS / 2], v[0], v[RUNS - 1]};
}

/* Rates of RUNS runs of fn(n): per second of wall clock and per CPU
 * second. */
static void rates(long (*fn)(long), long n, struct spread *wall,
		  struct spread *cpu)
{
	double w[RUNS], c[RUNS];
	for (int r = 0; r < RUNS; r++) {
		double t0 = now(), c0 = cpu_now();
		long done = fn(n);
		double t1 = now(), c1 = cpu_now();
		w[r] = (double)done / (t1 - t0);
		c[r] = (double)done / (c1 - c0);
	}
	*wall = spread_of(w);
	*cpu = spread_of(c);
}

static void print_rate(const char *what, struct spread s, const char *unit)
{
	printf("  %-52s %10.0f %s  [%.0f .. %.0f]\n", what, s.med, unit, s.lo,
	       s.hi);
}

static void print_target(double got, double want, const char *fmt)
{
	printf("  %-52s ", "");
	printf(fmt, want);
	printf(": %s\n", got >= want ? "met" : "NOT met");
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

static struct bs_scenario *cur; /* the scenario of the battle benches */

/* Every roster sheet of the built-in scenario. */
static long bench_roster(long n)
{
	for (long i = 0; i < n; i++) {
		struct bs1e_roster *r = NULL;
		struct bs_diags d;
		bs_diags_init(&d);
		if (bs1e_roster_new(cur, &r, &d) != BS_OK) {
			fprintf(stderr, "bench: roster failed\n");
			exit(1);
		}
		bs_diags_release(&d);
		bs1e_roster_free(r);
	}
	return n;
}

/* Whole battles of the current scenario through the simulator. */
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
	if (bs_sim_run(cur, &o, &r, &d) != BS_OK) {
		fprintf(stderr, "bench: simulation failed\n");
		exit(1);
	}
	bs_diags_release(&d);
	long done = r->runs;
	bs_sim_result_free(r);
	return done;
}

/* One thread, one battle after another of the current scenario, events
 * off, or (events_on) built and rendered as the text log into /dev/null.
 * Returns the battles; the rounds played go to last_rounds. */
static int events_on;
static long last_rounds;
static long bench_battles(long n)
{
	struct bs_battle *b = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	if (bs_battle_new(cur, &b, &d) != BS_OK) {
		fprintf(stderr, "bench: the battle cannot be made\n");
		exit(1);
	}
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
	bs_report_init(&rep, BS_LOG_TEXT, null, cur);
	struct bs_event_sink es = bs_report_sink(&rep);
	if (events_on)
		bs_battle_set_sink(b, &es);
	long rounds = 0;
	for (long i = 0; i < n; i++) {
		bs_battle_reset(b, 1, (uint64_t)i);
		bs_battle_play(b, 0);
		rounds += b->round;
	}
	last_rounds = rounds;
	fclose(null);
	free(ai);
	bs_battle_free(b);
	return n;
}

static struct bs_scenario *load(const char *path)
{
	struct bs_scenario *s = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st = strcmp(path, "-") == 0
				? bs_scenario_load_builtin(NULL, &s, &d)
				: bs_scenario_load_file(path, &s, &d);
	if (st != BS_OK) {
		fprintf(stderr, "bench: %s does not load\n", path);
		exit(1);
	}
	bs_diags_release(&d);
	return s;
}

/* The growth army (issue 13): `units` mobs of 12 militia a side (a mob
 * needs no commander, so the same army at every size; the loader allows 32
 * individuals a side), in lines 10" apart across a table wide enough,
 * north against south; every battle is played for GROWTH_ROUNDS rounds. */
#define GROWTH_ROUNDS 4
static char *growth_yaml(int units)
{
	size_t cap = 4096 + (size_t)units * 512;
	char *y = malloc(cap);
	if (!y)
		exit(1);
	double step = 7.0, width = units * step + 10.0;
	size_t k = (size_t)snprintf(y, cap,
				    "name: Growth %d a side\nrules: bs1e\n"
				    "level: basic\ngame: adnd\nrounds: %d\n"
				    "table: {width: %g, depth: 40}\nsides:\n",
				    units, GROWTH_ROUNDS, width);
	for (int s = 0; s < 2; s++) {
		k += (size_t)snprintf(
		    y + k, cap - k, "  - name: %s\n    edge: %s\n    units:\n",
		    s ? "North" : "South", s ? "north" : "south");
		for (int i = 0; i < units; i++)
			k += (size_t)snprintf(
			    y + k, cap - k,
			    "      - {name: %s mob %d, type: mob, figures: 12, "
			    "creature: militia, weapons: [club], position: "
			    "[%g, %g], facing: %s}\n",
			    s ? "North" : "South", i + 1, 8.0 + i * step,
			    s ? 25.0 : 15.0, s ? "south" : "north");
	}
	return y;
}

static struct bs_scenario *load_growth(int units)
{
	char *y = growth_yaml(units);
	struct bs_scenario *s = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	if (bs_scenario_load_string(y, strlen(y), "growth.yaml", &s, &d) !=
	    BS_OK) {
		for (size_t i = 0; i < d.count; i++)
			fprintf(stderr, "bench: growth %d: %d:%d: %s\n", units,
				d.items[i].line, d.items[i].col,
				d.items[i].msg);
		exit(1);
	}
	bs_diags_release(&d);
	free(y);
	return s;
}

/* ---- callgrind ------------------------------------------------------ */

static const char *self; /* this program's path */
static int have_valgrind;

/* Instructions (callgrind's "Collected") of `self ARGS`, the rounds it
 * played into *rounds; -1 when it failed. */
static long long callgrind(const char *args, long *rounds)
{
	char cmd[1024], line[512];
	snprintf(cmd, sizeof cmd,
		 "valgrind --tool=callgrind --callgrind-out-file=/dev/null "
		 "%s %s 2>&1",
		 self, args);
	FILE *p = popen(cmd, "r");
	if (!p)
		return -1;
	long long ir = -1;
	*rounds = -1;
	while (fgets(line, sizeof line, p)) {
		const char *c = strstr(line, "Collected : ");
		if (c)
			ir = atoll(c + 12);
		if (strncmp(line, "rounds ", 7) == 0)
			*rounds = atol(line + 7);
	}
	return pclose(p) == 0 ? ir : -1;
}

/* Instructions per battle and per round of `mode what`: the counts for
 * n1 and n2 battles, their difference over the battles (the rounds). */
static int per_battle(const char *mode, const char *what, long n1, long n2,
		      double *per_b, double *per_r)
{
	char a1[512], a2[512];
	long r1, r2;
	snprintf(a1, sizeof a1, "%s %s %ld", mode, what, n1);
	snprintf(a2, sizeof a2, "%s %s %ld", mode, what, n2);
	long long i1 = callgrind(a1, &r1), i2 = callgrind(a2, &r2);
	if (i1 < 0 || i2 < 0 || r2 <= r1)
		return 0;
	*per_b = (double)(i2 - i1) / (double)(n2 - n1);
	*per_r = (double)(i2 - i1) / (double)(r2 - r1);
	return 1;
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

/* One scenario's battles per CPU second on one thread (events off), with
 * its target, and its instructions per battle. */
struct scen {
	const char *label, *path; /* "-": the built-in scenario */
	long battles;		  /* per timed run */
	double target;		  /* 0: none */
	long cg1, cg2;		  /* battles for the callgrind difference */
};

static void bench_scenario(const struct scen *s)
{
	cur = load(s->path);
	struct spread wall, cpu;
	events_on = 0;
	rates(bench_battles, s->battles, &wall, &cpu);
	double rpb = (double)last_rounds / (double)s->battles;
	char what[96];
	snprintf(what, sizeof what, "%s (%.1f rounds a battle)", s->label, rpb);
	print_rate(what, cpu, "/CPU s");
	char tfmt[64];
	snprintf(tfmt, sizeof tfmt, "target >= %%.0f battles per CPU second");
	if (s->target > 0)
		print_target(cpu.med, s->target, tfmt);
	double pb, pr;
	if (have_valgrind &&
	    per_battle("--play", s->path, s->cg1, s->cg2, &pb, &pr))
		printf("  %-52s %10.2f M instructions a battle, %.0f k a "
		       "round (callgrind)\n",
		       "", pb / 1e6, pr / 1e3);
	bs_scenario_free(cur);
	cur = NULL;
}

/* The child modes: play battles, print the rounds (for callgrind). */
static int child(int argc, char **argv)
{
	if (argc != 4)
		return 2;
	long n = atol(argv[3]);
	cur = strcmp(argv[1], "--growth") == 0 ? load_growth(atoi(argv[2]))
					       : load(argv[2]);
	events_on = 0;
	bench_battles(n);
	printf("rounds %ld\n", last_rounds);
	bs_scenario_free(cur);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strncmp(argv[1], "--", 2) == 0)
		return child(argc, argv);
	self = argv[0];
	have_valgrind = system("valgrind --version >/dev/null 2>&1") == 0;
	long nb = argc > 2 ? atol(argv[2]) : 2000;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (cpus < 1)
		cpus = 1;
	struct spread wall, cpu;
	printf("battlesim benchmarks: each figure the median of %d runs "
	       "[least .. greatest]\n\n",
	       RUNS);

	cur = load("-");
	rates(bench_attack, 2000000, &wall, &cpu);
	print_rate("attack resolutions [8.4] (d4/d4/d12)", cpu, "/CPU s");
	rates(bench_load, 200, &wall, &cpu);
	print_rate("built-in scenario loads (parse+validate)", cpu, "/CPU s");
	rates(bench_roster, 2000, &wall, &cpu);
	print_rate("roster sheets of the built-in scenario", cpu, "/CPU s");
	bs_scenario_free(cur);

	printf("\nbattles per CPU second, one thread, events off:\n");
	const struct scen scens[] = {
	    {"1E built-in (Borderland Raid)", "-", nb, 5000, 10, 30},
	    /* issue 14: missiles, artillery and terrain, no target */
	    {"1E intermediate (battle-of-the-borderlands)",
	     "data/scenarios/battle-of-the-borderlands.yaml", nb, 0, 10, 30},
	    /* issue 15: heroes and commanders on the table, individual
	     * combat (the Intermediate Game); no target of its own */
	    {"1E intermediate (heroes-of-the-pass)",
	     "data/scenarios/heroes-of-the-pass.yaml", nb / 2, 0, 10, 30},
	    /* issue 16: magic on the battlefield (the Advanced Game); no
	     * target of its own */
	    {"1E advanced (the-sorcerers-field)",
	     "data/scenarios/the-sorcerers-field.yaml", nb / 2, 0, 10, 30},
	    {"2E (borderland-raid-2e)",
	     "data/scenarios/borderland-raid-2e.yaml", nb, 3500, 10, 30},
	    {"matrix (shield-lands-matrix)",
	     "data/scenarios/shield-lands-matrix.yaml", nb * 5, 10000, 50, 150},
	    {"duel (bench/duel.yaml)", "bench/duel.yaml", nb * 20, 150000, 100,
	     300},
	};
	for (size_t i = 0; i < sizeof scens / sizeof scens[0]; i++)
		bench_scenario(&scens[i]);

	printf("\nthe simulator on the machine's %ld threads (1E built-in):\n",
	       cpus);
	cur = load("-");
	double sc[RUNS], w1[RUNS], wn[RUNS];
	for (int r = 0; r < RUNS; r++) {
		double t0 = now();
		sim_threads = 1;
		long d1 = bench_sim(nb);
		double t1 = now();
		sim_threads = (int)cpus;
		long dn = bench_sim(nb);
		double t2 = now();
		w1[r] = (double)d1 / (t1 - t0);
		wn[r] = (double)dn / (t2 - t1);
		sc[r] = wn[r] / w1[r];
	}
	print_rate("battles/s (wall clock), 1 thread", spread_of(w1), "/s");
	char lab[64];
	snprintf(lab, sizeof lab, "battles/s (wall clock), %ld threads", cpus);
	print_rate(lab, spread_of(wn), "/s");
	struct spread s = spread_of(sc);
	printf("  %-52s %10.2f x  [%.2f .. %.2f]\n", "scaling", s.med, s.lo,
	       s.hi);
	if (cpus >= 2)
		print_target(s.med, 1.8, "target >= %.1fx on 2 threads");
	events_on = 1;
	rates(bench_battles, nb / 4, &wall, &cpu);
	print_rate("battles, events on: text log to /dev/null", cpu, "/CPU s");
	events_on = 0;
	bs_scenario_free(cur);
	cur = NULL;

	if (have_valgrind) {
		printf("\ngrowth: N mobs a side (bench.c growth_yaml), "
		       "instructions a round (callgrind):\n");
		printf("  %6s %16s %16s\n", "N", "per round", "per unit");
		const int ns[] = {2, 4, 8, 16, 32, 64};
		double lx[6], ly[6];
		int k = 0;
		for (int i = 0; i < 6; i++) {
			char what[16];
			snprintf(what, sizeof what, "%d", ns[i]);
			double pb, pr;
			if (!per_battle("--growth", what, 2, 4, &pb, &pr)) {
				printf("  %6d (failed)\n", ns[i]);
				continue;
			}
			printf("  %6d %16.0f %16.0f\n", ns[i], pr,
			       pr / (2.0 * ns[i]));
			lx[k] = log((double)ns[i]);
			ly[k++] = log(pr);
		}
		/* least squares slope of log(per round) on log(N) */
		double mx = 0, my = 0, sxy = 0, sxx = 0;
		for (int i = 0; i < k; i++) {
			mx += lx[i] / k;
			my += ly[i] / k;
		}
		for (int i = 0; i < k; i++) {
			sxy += (lx[i] - mx) * (ly[i] - my);
			sxx += (lx[i] - mx) * (lx[i] - mx);
		}
		if (k >= 2 && sxx > 0) {
			double e = sxy / sxx;
			printf("  %-52s %10.2f\n", "fitted exponent (2..64)",
			       e);
			printf("  %-52s target <= 1.2: %s\n", "",
			       e <= 1.2 ? "met" : "NOT met");
		}
	} else {
		printf("\n(valgrind not installed: no instruction counts, no "
		       "growth table)\n");
	}

	if (argc > 1) {
		/* issue 4: N = 1,000 against N = MEM_N (argv[3]) */
		long small = 1000, big = argc > 3 ? atol(argv[3]) : 100000;
		long ks = peak_kib(argv[1], small, (int)cpus);
		long kb = peak_kib(argv[1], big, (int)cpus);
		printf(
		    "\npeak memory of `battlesim sim` (%ld threads): %ld KiB "
		    "for N = %ld, %ld KiB for N = %ld (%s)\n",
		    cpus, ks, small, kb, big,
		    kb >= 0 && ks >= 0 && kb <= ks + ks / 10 ? "flat: met"
							     : "NOT flat");
	}
	return 0;
}
