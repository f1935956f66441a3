/* Command [4.7]-[4.10]: command radius [4.8], charisma bonus [4.9] Table 8
 * with the [14.20] magic items, and the command hierarchy [4.10] with
 * deputies [9.3]: who may command, rally, give orders to or take over which
 * unit. Pure functions. */
#include "battlesim/bs1e_roster.h"
#include "core/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

const char *const bs1e_authority_name[BS1E_AUTH__COUNT] = {
    [BS1E_AUTH_NONE] = "none",
    [BS1E_AUTH_UNIT] = "Unit Commander",
    [BS1E_AUTH_BRIGADE] = "Brigade Commander",
    [BS1E_AUTH_ARMY] = "Army Commander",
};

static int has_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (const char *p = hay; *p; p++)
		if (strncasecmp(p, needle, n) == 0)
			return 1;
	return 0;
}

int bs1e_is_fighter_class(const char *cls)
{
	static const char *const f[] = {"fighter", "ranger", "paladin",
					"cavalier", "barbarian"};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (strcasecmp(cls, f[i]) == 0)
			return 1;
	return 0;
}

int bs1e_is_human_or_demihuman(const struct bs_individual *ind)
{
	/* RULING R-046 [4.8] by race: humans, the demi-human races (the
	 * catalog's flag, or the PH races by name); everything else is a
	 * humanoid or monster */
	static const char *const races[] = {"human", "elf",	 "dwarf",
					    "gnome", "halfling", "half-orc"};
	const struct bs_creature *r = ind->race;
	if (!r || r->demihuman)
		return 1;
	for (size_t i = 0; i < sizeof races / sizeof races[0]; i++)
		if (has_ci(r->name, races[i]))
			return 1;
	return 0;
}

static int max_level(const struct bs_individual *ind, int *fighter)
{
	int l = 0;
	*fighter = -1;
	for (int i = 0; i < ind->nclasses; i++) {
		if (ind->level[i] > l)
			l = ind->level[i];
		if (*fighter < 0 && bs1e_is_fighter_class(ind->cls[i]))
			*fighter = i;
	}
	return l;
}

/* The charisma score that counts, and whether it was assumed / raised by a
 * D&D rod of ruling [14.20]. */
static int charisma(const struct bs_scenario *s,
		    const struct bs_individual *ind, int *assumed, int *rod)
{
	int cha = ind->ability[BS_CHA];
	*assumed = 0;
	*rod = 0;
	if (cha <= 0) {
		/* RULING R-046: not given, 10 (Table 8's 7-14 row) */
		cha = 10;
		*assumed = 1;
	}
	/* RULING R-310: magic items are Advanced Game rules [16.3 A] */
	if (s->game == BS_GAME_DND && s->level == BS_LEVEL_ADVANCED)
		for (int i = 0; i < ind->nitems; i++)
			if (has_ci(ind->items[i], "rod of ruling")) {
				/* [14.20] D&D: +2 to Charisma */
				cha += 2;
				*rod = 1;
				break;
			}
	return cha;
}

static int individual_mv(const struct bs_individual *ind)
{
	if (ind->mv > 0)
		return ind->mv;
	if (ind->race)
		return ind->race->mv;
	return 12;
}

void bs1e_command_radius(const struct bs_scenario *s,
			 const struct bs_individual *ind, struct bs_deriv *out)
{
	char lab[BS_DERIV_LABEL];
	if (bs1e_is_human_or_demihuman(ind)) {
		/* [4.8] (charisma + level) / 2, fractions dropped (RULING
		 * */
		int assumed, rod, fi;
		int cha = charisma(s, ind, &assumed, &rod);
		int lvl = max_level(ind, &fi);
		int sum = cha + lvl;
		bs_fmt(lab, sizeof lab, "(Cha %d%s + level %d) / 2%s =", cha,
		       assumed ? " assumed"
		       : rod   ? " with rod"
			       : "",
		       lvl, sum % 2 ? ", rounded down" : "");
		bs_deriv_init(out, sum / 2, lab, NULL,
			      sum % 2 ? "[4.8, R-045]" : "[4.8]");
		if (fi >= 0)
			/* [4.8] fighters and their sub-classes +3" */
			bs_deriv_add(out, 3, "[4.8]", "%s", ind->cls[fi]);
		return;
	}
	/* [4.8] humanoids and monsters: 2/3 of the movement rate, fractions
	 * dropped (RULING R-045) */
	int mv = individual_mv(ind);
	int cr = mv * 2 / 3;
	int exact = cr * 3 == mv * 2;
	int fi;
	max_level(ind, &fi);
	bs_fmt(lab, sizeof lab, "2/3 x MV %d%s%s", mv,
	       exact ? "" : ", rounded down", fi >= 0 ? " =" : "");
	bs_deriv_init(out, cr, lab, NULL, exact ? "[4.8]" : "[4.8, R-045]");
	if (fi >= 0)
		/* [4.8] the fighter's +3" whatever his race (RULING R-046) */
		bs_deriv_add(out, 3, "[4.8, R-046]", "%s", ind->cls[fi]);
}

void bs1e_charisma_bonus_of(const struct bs_scenario *s,
			    const struct bs_individual *ind,
			    struct bs_deriv *out)
{
	char lab[BS_DERIV_LABEL];
	int assumed, rod;
	int cha = charisma(s, ind, &assumed, &rod);
	const char *row = "?";
	for (int i = 0; i < BS1E_T8_ROWS; i++)
		if (cha >= bs1e_table8[i].min_cha &&
		    cha <= bs1e_table8[i].max_cha)
			row = bs1e_table8[i].label;
	bs_fmt(lab, sizeof lab,
	       "%s %d%s (%s) =", assumed ? "Cha not given:" : "Cha", cha,
	       rod ? " with rod of ruling" : "", row);
	bs_deriv_init(out, bs1e_charisma_bonus(cha), lab, NULL, "[4.9 T8]");
	/* RULING R-310: magic items are Advanced Game rules [16.3 A]: no
	 * bonus from them at the Basic and Intermediate levels */
	if (s->game != BS_GAME_ADND || s->level != BS_LEVEL_ADVANCED)
		return;
	/* [14.20] AD&D: the items add to the Charisma bonus (RULING R-047) */
	int found = 0;
	for (int i = 0; i < ind->nitems; i++) {
		if (has_ci(ind->items[i], "ring of human influence")) {
			bs_deriv_add(out, 1, "[14.20]",
				     "ring of human influence");
			found = 1;
		} else if (has_ci(ind->items[i], "rod of rulership")) {
			bs_deriv_add(out, 2, "[14.20]", "rod of rulership");
			found = 1;
		}
	}
	if (!found && ind->charisma_item_bonus)
		bs_deriv_add(out, ind->charisma_item_bonus, "[14.20]",
			     "magic item");
}

/* ---- [4.10] hierarchy
 * ------------------------------------------------------------ */

static int lost_(const unsigned char *lost, int i)
{
	return lost && i >= 0 && lost[i];
}

static enum bs1e_authority direct(const struct bs_side *sd, int ind, int unit)
{
	const struct bs_individual *x = &sd->individuals[ind];
	/* [4.10] the Army Commander: any unit of the army */
	if (x->rank == BS_RANK_ARMY)
		return BS1E_AUTH_ARMY;
	/* [4.10] the Brigade Commander: the 4-8 units of his brigade */
	if (x->rank == BS_RANK_BRIGADE)
		for (int i = 0; i < x->nbrigade; i++)
			if (x->brigade[i] == unit)
				return BS1E_AUTH_BRIGADE;
	/* [4.10] the Unit Commander: his unit only */
	if (sd->units[unit].commander == ind)
		return BS1E_AUTH_UNIT;
	return BS1E_AUTH_NONE;
}

enum bs1e_authority bs1e_authority_over(const struct bs_side *sd, int ind,
					int unit, const unsigned char *lost,
					int *deputy_for)
{
	if (deputy_for)
		*deputy_for = -1;
	if (ind < 0 || ind >= sd->nindividuals || unit < 0 ||
	    unit >= sd->nunits || lost_(lost, ind))
		return BS1E_AUTH_NONE;
	enum bs1e_authority a = direct(sd, ind, unit);
	if (a != BS1E_AUTH_NONE)
		return a;
	/* [9.3] a Deputy takes over for his commander when that commander
	 * is lost (RULING R-053) */
	int principal = sd->individuals[ind].deputy_of;
	if (sd->units[unit].deputy == ind && principal < 0)
		principal = sd->units[unit].commander;
	if (principal >= 0 && principal < sd->nindividuals &&
	    principal != ind && lost_(lost, principal)) {
		a = direct(sd, principal, unit);
		if (a != BS1E_AUTH_NONE && deputy_for)
			*deputy_for = principal;
		return a;
	}
	return BS1E_AUTH_NONE;
}

int bs1e_may_command(const struct bs_side *sd, int ind, int unit,
		     const unsigned char *lost)
{
	return bs1e_authority_over(sd, ind, unit, lost, NULL) != BS1E_AUTH_NONE;
}

int bs1e_may_rally(const struct bs_side *sd, int ind, int unit,
		   const unsigned char *lost)
{
	/* [4.10] the Unit Commander rallies his unit; Brigade and Army
	 * Commanders any unit of theirs, whether or not its Unit Commander
	 * lives; [2.9] skirmishers: a Brigade or Army Commander in the chain
	 * of command, or their own Unit Commander; [2.10] mobs alike */
	return bs1e_may_command(sd, ind, unit, lost);
}

int bs1e_may_order_mob(const struct bs_side *sd, int ind, int unit,
		       const unsigned char *lost)
{
	if (unit < 0 || unit >= sd->nunits ||
	    sd->units[unit].type != BS_UNIT_MOB)
		return 0;
	/* [2.10] a Unit, Brigade or Army Commander gives the order */
	return bs1e_may_command(sd, ind, unit, lost);
}

int bs1e_may_take_over(const struct bs_side *sd, int ind, int unit,
		       const unsigned char *lost)
{
	if (unit < 0 || unit >= sd->nunits)
		return 0;
	int uc = sd->units[unit].commander;
	if (uc >= 0 && !lost_(lost, uc))
		return 0;
	int dep;
	enum bs1e_authority a = bs1e_authority_over(sd, ind, unit, lost, &dep);
	/* [4.10] a Brigade or Army Commander takes over a unit whose Unit
	 * Commander is killed; [9.3] so does the Deputy Unit Commander */
	return a == BS1E_AUTH_BRIGADE || a == BS1E_AUTH_ARMY ||
	       (a == BS1E_AUTH_UNIT && dep >= 0);
}
