/* The Initiative Phase [1.1] [5.1]: each side rolls 1d6 (the optional
 * d20), all ties rerolled; the winner is Side A. With more than two sides
 * (RULING R-100, known-gaps 24) the sides are ranked by their rolls, Side
 * A first, then Side B, Side C ...; tied sides reroll among themselves.
 * Known-gaps 16 (RULING R-100). */
#include "bs1e/engine.h"

#define MAX_ROLLS 32

/* Sides compare by their rolls, first roll first (rerolls break ties). */
static int cmp(const int (*hist)[MAX_ROLLS], const int *len, int x, int y)
{
	int n = len[x] < len[y] ? len[x] : len[y];
	for (int i = 0; i < n; i++)
		if (hist[x][i] != hist[y][i])
			return hist[x][i] > hist[y][i] ? 1 : -1;
	return len[x] - len[y];
}

/* the reason of each side's initiative die (issue 17) */
static const struct bs_roll_why why_initiative = {
    BS_ROLL_INITIATIVE, {6, 0}, 1, "(initiative)", "[5.1]"};

int bs1e_rank_sides(struct bs_battle *b, const struct bs_roll_why *why,
		    int sides, int *order, int *dice, int *nd)
{
	int hist[BS_MAX_SIDES][MAX_ROLLS], len[BS_MAX_SIDES];
	int rerolls = 0;
	int n = b->nsides;
	*nd = 0;
	for (int sd = 0; sd < n; sd++) {
		bs_dice_why_n(&b->dice, why, 1, sides, 0, sd, -1, -1);
		hist[sd][0] = bs_roll(&b->dice, sides);
		len[sd] = 1;
		order[sd] = sd;
		if (*nd < BS_EV_MAX_DICE)
			dice[(*nd)++] = hist[sd][0];
	}
	for (;;) {
		/* rank, highest first (insertion sort: stable) */
		for (int i = 1; i < n; i++)
			for (int j = i; j > 0 && cmp(hist, len, order[j],
						     order[j - 1]) > 0;
			     j--) {
				int t = order[j];
				order[j] = order[j - 1];
				order[j - 1] = t;
			}
		/* [5.1] "there is no "simultaneous initiative." All ties
		 * must be rerolled": the tied sides roll again, and rank
		 * among themselves by the new roll (RULING R-100) */
		int tied[BS_MAX_SIDES] = {0}, any = 0;
		for (int i = 1; i < n; i++)
			if (cmp(hist, len, order[i], order[i - 1]) == 0)
				tied[order[i]] = tied[order[i - 1]] = any = 1;
		for (int sd = 0; sd < n; sd++)
			if (tied[sd] && len[sd] >= MAX_ROLLS)
				any = 0; /* never in practice: side order */
		if (!any || b->dice.failed)
			break;
		rerolls++;
		for (int sd = 0; sd < n; sd++) {
			if (!tied[sd])
				continue;
			bs_dice_why_n(&b->dice, why, 1, sides, 0, sd, -1, -1);
			int r = bs_roll(&b->dice, sides);
			hist[sd][len[sd]++] = r;
			if (*nd < BS_EV_MAX_DICE)
				dice[(*nd)++] = r;
		}
	}
	return rerolls;
}

void bs1e_phase_initiative(struct bs_battle *b)
{
	/* [5.1] "each side makes a normal initiative roll by rolling 1d6
	 * ... (Optional rule: Use a d20 instead of the normal d6 to reduce
	 * the number of ties.)" */
	int sides = b->d20_initiative ? 20 : 6;
	int order[BS_MAX_SIDES];
	int dice[BS_EV_MAX_DICE], nd = 0;
	int n = b->nsides;
	int rerolls =
	    bs1e_rank_sides(b, &why_initiative, sides, order, dice, &nd);
	for (int i = 0; i < n; i++)
		b->side_order[i] = order[i];
	b->side_a = order[0];
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_INITIATIVE);
	for (int i = 0; i < nd; i++)
		ev.dice[i] = dice[i];
	ev.ndice = nd;
	ev.die_sides = sides;
	ev.n[0] = b->side_a;
	ev.n[1] = rerolls;
	for (int i = 0; i < n && 2 + i < BS_EV_MAX_N; i++)
		ev.n[2 + i] = order[i];
	ev.cite = "[5.1]";
	bs_battle_emit(b, &ev);
}
