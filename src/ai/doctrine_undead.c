/* The doctrine AI's clerics and undead (issue 16) [14.19]: each cleric (or
 * paladin) of the side who may turn undead this Game Round tries the
 * enemy undead unit in his reach and sight that the DMG's matrix treats
 * best: destroyed without a roll, then turned without a roll, then the
 * lowest score needed on the d20; ties to the nearer (docs/AI.md
 * "Turning undead"). Every attempt is checked by bs1e_check_turn. An
 * evil cleric takes the undead into his service the same way, and turns
 * his side's undead back out of an enemy's (RULING R-585). */
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

/* The reason of an attempt of rank r: a good cleric's (destroy, turn),
 * an evil one's (RULING R-585: the undead into his service, or his
 * side's back out of an enemy's). */
static const char *reason(int evil, int back, int r)
{
	static const char *const why[3][3] = {
	    {"undead in his reach: the matrix destroys them without a roll",
	     "undead in his reach: the matrix turns them without a roll",
	     "undead in his reach: the best chance on the d20"},
	    {"an evil cleric: undead in his reach enter his service without "
	     "a roll (RULING R-585)",
	     "an evil cleric: undead in his reach enter his service without "
	     "a roll (RULING R-585)",
	     "an evil cleric: undead in his reach, the best chance on the d20 "
	     "to take them into his service (RULING R-585)"},
	    {"an evil cleric: his side's undead in an enemy's service, turned "
	     "back (RULING R-585)",
	     "an evil cleric: his side's undead in an enemy's service, turned "
	     "back (RULING R-585)",
	     "an evil cleric: his side's undead in an enemy's service, the "
	     "best chance on the d20 to turn them back (RULING R-585)"}};
	return why[evil ? (back ? 2 : 1) : 0][r < 2 ? r : 2];
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
		/* RULING R-585: an evil cleric also turns his own side's
		 * undead back out of an enemy's service (the check refuses
		 * any other unit of his side) */
		int evil = bs1e_indiv_evil(&b->sc->sides[side].individuals[k]);
		for (int es = 0; es < b->nsides; es++) {
			if (es == side && !evil)
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
					best.why = reason(evil, es == side, r);
				}
			}
		}
		if (best.tside >= 0)
			out[n++] = best;
	}
	return n;
}
