/* The order of the melees of a Melee Phase [1.6 B] [8.0] (RULING R-377):
 * "Side A chooses the order in which all other melee combat will be
 * resolved. All combat involving one unit or opponent must be resolved
 * before moving to the next combat." The melees form a graph (units the
 * nodes, melees the links); a combat is one of its connected parts. Pure
 * functions on the list of melees: no battle, no allocation. */
#include "battlesim/tabletop.h"

#include <string.h>

/* More melees than this in one phase (never seen: a block touches few
 * others) are resolved in the order given. The work space is on the
 * stack (about 30 KB). */
#define MAXM BS_TT_MAX_MELEES
#define MAXN (2 * MAXM)
#define NKEYS (BS_MAX_SIDES * BS_MAX_UNITS)

struct graph {
	int n, nn;	    /* melees, nodes */
	int end[MAXM][2];   /* the two nodes of each melee */
	int head[MAXN];	    /* first link of each node, -1 */
	int next[2 * MAXM]; /* next link; link k is melee k / 2 */
	int comp[MAXN];	    /* combat of each node */
	int ncomp;
	int first[MAXN]; /* first melee of each combat */
	int cater[MAXN]; /* combat allows each unit's melees together */
	int core[MAXN];	 /* node touches 2 or more (not a leaf) */
	int deg[MAXN];
};

static int key_of(int side, int unit)
{
	if (side < 0 || side >= BS_MAX_SIDES || unit < 0 ||
	    unit >= BS_MAX_UNITS)
		return -1;
	return side * BS_MAX_UNITS + unit;
}

/* Build g from m; 0 when the list is too long or names no unit. */
static int build(const struct bs_melee *m, int n, struct graph *g)
{
	static const int none = -1;
	int node[NKEYS];
	if (n > MAXM)
		return 0;
	for (int k = 0; k < NKEYS; k++)
		node[k] = none;
	g->n = n;
	g->nn = 0;
	for (int i = 0; i < n; i++) {
		int ka = key_of(m[i].aside, m[i].aunit);
		int kb = key_of(m[i].bside, m[i].bunit);
		if (ka < 0 || kb < 0 || ka == kb)
			return 0;
		int k2[2] = {ka, kb};
		for (int e = 0; e < 2; e++) {
			if (node[k2[e]] < 0) {
				node[k2[e]] = g->nn;
				g->head[g->nn] = -1;
				g->deg[g->nn] = 0;
				g->comp[g->nn] = -1;
				g->nn++;
			}
			int v = node[k2[e]];
			g->end[i][e] = v;
			g->next[2 * i + e] = g->head[v];
			g->head[v] = 2 * i + e;
			g->deg[v]++;
		}
	}
	/* the combats, in the order of their first melee */
	g->ncomp = 0;
	int stack[MAXN];
	for (int i = 0; i < n; i++) {
		int s = g->end[i][0];
		if (g->comp[s] >= 0)
			continue;
		int c = g->ncomp++, top = 0, nodes = 0, links = 0;
		g->first[c] = i;
		g->comp[s] = c;
		stack[top++] = s;
		while (top > 0) {
			int v = stack[--top];
			nodes++;
			links += g->deg[v];
			for (int k = g->head[v]; k >= 0; k = g->next[k]) {
				int w = g->end[k / 2][1 - k % 2];
				if (g->comp[w] < 0) {
					g->comp[w] = c;
					stack[top++] = w;
				}
			}
		}
		g->cater[c] = links / 2 == nodes - 1; /* a tree, so far */
	}
	/* a tree is a caterpillar when the units that are not leaves form
	 * a chain: none touches more than two of them */
	for (int v = 0; v < g->nn; v++)
		g->core[v] = g->deg[v] >= 2;
	for (int v = 0; v < g->nn; v++) {
		if (!g->core[v])
			continue;
		int cd = 0;
		for (int k = g->head[v]; k >= 0; k = g->next[k])
			cd += g->core[g->end[k / 2][1 - k % 2]];
		if (cd > 2)
			g->cater[g->comp[v]] = 0;
	}
	return 1;
}

/* How many of v's neighbours are not leaves. */
static int core_deg(const struct graph *g, int v)
{
	int cd = 0;
	for (int k = g->head[v]; k >= 0; k = g->next[k])
		cd += g->core[g->end[k / 2][1 - k % 2]];
	return cd;
}

/* The smallest melee index at node v. */
static int first_melee(const struct graph *g, int v)
{
	int f = g->n;
	for (int k = g->head[v]; k >= 0; k = g->next[k])
		if (k / 2 < f)
			f = k / 2;
	return f;
}

void bs_tt_melee_order(const struct bs_melee *m, int n, const int *prio,
		       int *order)
{
	struct graph g;
	if (!build(m, n, &g)) {
		for (int i = 0; i < n; i++)
			order[i] = i;
		return;
	}
	unsigned char done[MAXM], queued[MAXN];
	memset(done, 0, (size_t)n);
	memset(queued, 0, (size_t)g.nn);
	int k = 0, queue[MAXN];
	for (int c = 0; c < g.ncomp; c++) {
		/* where to begin: the first melee's first unit, or in a
		 * chain its end whose melee comes first */
		int start = g.end[g.first[c]][0];
		if (g.cater[c]) {
			int best = g.n;
			for (int v = 0; v < g.nn; v++)
				if (g.comp[v] == c && g.core[v] &&
				    core_deg(&g, v) <= 1 &&
				    first_melee(&g, v) < best) {
					best = first_melee(&g, v);
					start = v;
				}
		}
		int qh = 0, qt = 0;
		queue[qt++] = start;
		queued[start] = 1;
		while (qh < qt) {
			int v = queue[qh++];
			/* v's melees still to resolve, ranked: the one that
			 * leads along the chain last, then prio, then index */
			int list[MAXM], nl = 0;
			for (int e = g.head[v]; e >= 0; e = g.next[e])
				if (!done[e / 2])
					list[nl++] = e;
			for (int i = 1; i < nl; i++)
				for (int j = i; j > 0; j--) {
					int a = list[j - 1], b = list[j];
					int wa = g.end[a / 2][1 - a % 2];
					int wb = g.end[b / 2][1 - b % 2];
					int la = g.cater[c] && g.core[wa] &&
						 !queued[wa];
					int lb = g.cater[c] && g.core[wb] &&
						 !queued[wb];
					int pa = prio ? prio[a / 2] : 0;
					int pb = prio ? prio[b / 2] : 0;
					int after = la != lb   ? la > lb
						    : pa != pb ? pa > pb
							       : a / 2 > b / 2;
					if (!after)
						break;
					list[j - 1] = b;
					list[j] = a;
				}
			for (int i = 0; i < nl; i++) {
				int e = list[i], w = g.end[e / 2][1 - e % 2];
				if (done[e / 2])
					continue;
				done[e / 2] = 1;
				order[k++] = e / 2;
				if (!queued[w]) {
					queued[w] = 1;
					queue[qt++] = w;
				}
			}
		}
	}
}

int bs_tt_melee_order_ok(const struct bs_melee *m, int n, const int *order)
{
	struct graph g;
	unsigned char seen[MAXM];
	if (n > MAXM)
		return 1;
	memset(seen, 0, (size_t)n);
	for (int i = 0; i < n; i++) {
		if (order[i] < 0 || order[i] >= n || seen[order[i]])
			return 0;
		seen[order[i]] = 1;
	}
	if (!build(m, n, &g))
		return 1;
	/* each combat's melees in one stretch */
	unsigned char over[MAXN];
	memset(over, 0, (size_t)g.ncomp);
	int cur = -1;
	for (int i = 0; i < n; i++) {
		int c = g.comp[g.end[order[i]][0]];
		if (c == cur)
			continue;
		if (over[c])
			return 0;
		if (cur >= 0)
			over[cur] = 1;
		cur = c;
	}
	/* in a combat that allows it, each unit's melees one after another */
	int pos[MAXM];
	for (int i = 0; i < n; i++)
		pos[order[i]] = i;
	for (int v = 0; v < g.nn; v++) {
		if (!g.cater[g.comp[v]])
			continue;
		int lo = n, hi = -1;
		for (int e = g.head[v]; e >= 0; e = g.next[e]) {
			int p = pos[e / 2];
			lo = p < lo ? p : lo;
			hi = p > hi ? p : hi;
		}
		if (hi - lo + 1 != g.deg[v])
			return 0;
	}
	return 1;
}
