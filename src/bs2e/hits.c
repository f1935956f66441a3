/* 2E damage [2E Hits]: "Hits represents the number of hits required to
 * remove one figure from the unit"; partial damage is carried on the unit
 * ("a d6 next to the unit") until it adds up to another figure. Which
 * figures come off is the tabletop's (the rear ones, RULING R-217). */
#include "battlesim/bs2e.h"

void bs2e_take_hits(int per_figure, int figures, int carried, int stand,
		    int *removed, int *carried_after)
{
	if (per_figure < 1)
		per_figure = 1;
	if (carried < 0)
		carried = 0;
	if (stand < 0)
		stand = 0;
	/* [2E Hits] "As soon as the unit takes 1 more hit, then a figure
	 * must be removed" */
	int total = carried + stand;
	int off = total / per_figure;
	int left = total % per_figure;
	if (off >= figures) {
		off = figures > 0 ? figures : 0;
		left = 0; /* destroyed: nothing left to carry it */
	}
	*removed = off;
	*carried_after = left;
}
