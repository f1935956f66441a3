/* The phases of the Intermediate and Advanced Games that the Basic Game
 * leaves out ([1.0]; Part 2 preamble): [1.2] Initial Missile Phase and
 * [1.5] Missile and Magic Phase (A. magic, B. missile fire, C. artillery),
 * played in their places of the Sequence of Play at `level:
 * intermediate` and `advanced` (round.c). Missile fire [10.x] and magic
 * [14.x] are not played yet: in these phases nothing fires and nothing is
 * cast (docs/coverage/engine.md). */
#include "bs1e/engine.h"

void bs1e_phase_initial_missile(struct bs_battle *b)
{
	/* [1.2] "Side A takes any initial missile fire to which it is
	 * entitled (and removes killed figures); Side B does the same after
	 * Side A has fired." [10.2] only units entitled to two or more shots
	 * a Game Round fire here, once at most. Missile fire is not played
	 * yet: no unit fires. */
	(void)b;
}

void bs1e_phase_missile_magic(struct bs_battle *b)
{
	/* [1.5] "A. Magic. Side A uses any remaining eligible magic; Side B
	 * repeats. B. Missile Fire. Side A fires any remaining eligible
	 * missiles; Side B repeats. C. Artillery. Side A fires artillery
	 * weapons; Side B repeats." Magic, missile fire and artillery are
	 * not played yet: nothing is cast or fired. */
	(void)b;
}
