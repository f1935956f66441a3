/* The doctrine AI's clerics and undead (issue 16) [14.19]: each cleric (or
 * paladin) of the side who may turn undead this Game Round tries the
 * enemy undead unit in his reach and sight that the DMG's matrix treats
 * best: destroyed without a roll, then turned without a roll, then the
 * lowest score needed on the d20; ties to the nearer (docs/AI.md
 * "Turning undead"). Every attempt is checked by bs1e_check_turn. */
#include "battlesim/bs1e_tables.h"
#include "battlesim/bs1e_undead.h"
#include "doctrine_int.h"

/* Lower is better: D/D* 0, T 1, else 1 + the score. */
static int rank_of(int cell)
{
	if (cell == BS1E_TURN_D || cell == BS1E_TURN_DSTAR)
		return 0;
	if (cell == BS1E_TURN_T)
		return 1;
	return 1 + cell;
}

int bs_ai_turn_cb(void *ctx, const struct bs_battle *b, int side,
		  struct bs_turn_order *out, int max)
{
	(void)ctx;
	int n = 0;
	if (b->sc->level != BS_LEVEL_ADVANCED)
		return 0;
	for (int k = 0; k < b->sc->sides[side].nindividuals && n < max; k++) {
		if (bs1e_turn_level(&b->sc->sides[side].individuals[k], NULL) <=
		    0)
			continue;
		struct bs_turn_order best = {k, -1, -1, NULL};
		int best_rank = 1 << 30;
		double best_d = 1e30;
		for (int es = 0; es < b->nsides; es++) {
			if (es == side)
				continue;
			for (int u = 0; u < b->sc->sides[es].nunits; u++) {
				struct bs_turn_order o = {k, es, u, NULL};
				struct bs1e_turn_check p;
				if (!bs1e_check_turn(b, side, &o, &p))
					continue;
				int r = rank_of(p.cell);
				if (r < best_rank ||
				    (r == best_rank && p.dist < best_d)) {
					best = o;
					best_rank = r;
					best_d = p.dist;
					best.why =
					    r == 0 ? "undead in his reach: the "
						     "matrix destroys them "
						     "without a roll"
					    : r == 1
						? "undead in his reach: the "
						  "matrix turns them "
						  "without a roll"
						: "undead in his reach: the "
						  "best chance on the d20";
				}
			}
		}
		if (best.tside >= 0)
			out[n++] = best;
	}
	return n;
}
