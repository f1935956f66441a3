/* 1E heroes and figures [9.4 A]: a Hero attacking a figure he cannot
 * affect whole (a wound at 1/2 of its HD, never a kill), figures attacking
 * a Hero (1 vs S/M, 3 vs L; 4 hp per HD). */
#include <string.h>

#include "battlesim/bs1e_combat.h"

void bs1e_hero_vs_figure(int hd_tenths, int figure_hd_tenths, int affects_all,
			 int figures_left, struct bs1e_casualties *out)
{
	if (affects_all) {
		/* [9.4 A] a Hero who can affect all the creatures of a
		 * figure uses the normal procedure, and can kill it. */
		bs1e_casualties(hd_tenths, figure_hd_tenths, figures_left, out);
		return;
	}
	/* RULING R-170 [9.4 A] [8.7] a Hero's threshold is 1/2 of the
	 * figure's HD, where [8.7] uses 1/4 for units: each where printed. */
	memset(out, 0, sizeof *out);
	if (hd_tenths < 0)
		hd_tenths = 0;
	out->damage_tenths = hd_tenths;
	/* [9.4 A] "If the hit dice result is less than 1/2 the figure's hit
	 * dice, there is no effect. If [it] is 1/2 or more of the figure's
	 * hit dice, the figure takes a wound" - even past its whole HD. */
	if (hd_tenths > 0 && figures_left > 0 &&
	    2 * hd_tenths >= figure_hd_tenths) {
		out->wounded = 1;
		out->leftover_tenths = hd_tenths;
	} else {
		out->disregarded_tenths = hd_tenths;
	}
}

int bs1e_figures_vs_hero(enum bs_size size)
{
	/* [9.4 A] "Only 1 figure can attack a size S or size M Hero at a
	 * time. Up to 3 figures can attack a size L Hero at a time." */
	return size == BS_SIZE_L ? 3 : 1;
}

int bs1e_hero_hp_from_hd(int hd_tenths)
{
	/* [9.4 A] "Each hit die of damage caused by the figure causes 4 hit
	 * points of damage to the Hero." RULING R-069: fractions of a hit
	 * point round to the nearest, 1/2 up (0.5 HD = 2 hp, 0.2 HD = 1,
	 * 0.1 HD = 0). */
	if (hd_tenths <= 0)
		return 0;
	return (hd_tenths * 4 + 5) / 10;
}
