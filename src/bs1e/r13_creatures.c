/* 1E special creature abilities in combat: [13.4] paralysis, [13.5] level
 * draining (double damage) and the end-of-phase contact checks of [13.3]
 * and [13.5]. The [13.1] adjustment and [13.2] poison are CRT readings in
 * r08_melee.c (they share the attack roll). */
#include <assert.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"

int bs1e_level_drain_damage(int tenths)
{
	/* [13.5] "When level-draining creatures engage in melee combat,
	 * they do double damage." */
	return 2 * tenths;
}

int bs1e_drain_doubles(enum bs_level level, int drains)
{
	return drains && level == BS_LEVEL_ADVANCED;
}

void bs1e_paralysis(int damage_tenths, int figure_hd_tenths, int figures_left,
		    struct bs1e_casualties *out)
{
	assert(figure_hd_tenths > 0);
	memset(out, 0, sizeof *out);
	if (damage_tenths < 0)
		damage_tenths = 0;
	if (figures_left < 0)
		figures_left = 0;
	out->damage_tenths = damage_tenths;
	/* [13.4] "Paralyzation attacks never cause wounds; if any damage is
	 * scored, fractional unit damage paralyzes an entire figure."
	 * RULING R-077: figures paralyzed = HD / figure HD rounded up,
	 * never more than the figures standing. */
	int n = (damage_tenths + figure_hd_tenths - 1) / figure_hd_tenths;
	if (n > figures_left) {
		out->disregarded_tenths =
		    damage_tenths - figures_left * figure_hd_tenths;
		n = figures_left;
	}
	out->paralyzed = n;
}

int bs1e_contact_checks(int touching_undead_or_drainer, int touching_unharmable)
{
	/* Table 5 [4.4]; [13.5] drainers "in addition to any other checks";
	 * [13.3] unharmable "in addition to any other checks". RULING R-072:
	 * each is its own check, so a spectre (drains levels, hit only by
	 * magic) costs two. */
	return (touching_undead_or_drainer != 0) + (touching_unharmable != 0);
}
