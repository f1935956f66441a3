/* [14.3] saving throws against magic: the number a creature or a character
 * needs (the AD&D tables, transcribed in tables/adnd.c), the modifiers of
 * an individual's throw, one roll (dice kind "save"), and the throws of a
 * number of figures, one per figure, with the optional 20-figure rule. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_roster.h"
#include "battlesim/bs1e_tables.h"

static const char *const save_label[BS_SAVE__COUNT] = {
    [BS_SAVE_PPD] = "vs paralyzation, poison or death magic",
    [BS_SAVE_PP] = "vs petrification or polymorph",
    [BS_SAVE_RSW] = "vs rod, staff or wand",
    [BS_SAVE_BW] = "vs breath weapon",
    [BS_SAVE_SP] = "vs spell",
};

int bs1e_save_creature(const struct bs_creature *c, int vs, struct bs_deriv *d)
{
	int v[BS_SAVE__COUNT];
	if (vs < 0 || vs >= BS_SAVE__COUNT)
		return -1;
	/* [14.3] "Figures that represent more than one creature also use
	 * AD&D ... saving throws". RULING R-011: a monster saves as a
	 * fighter of its whole hit dice. */
	bs1e_saves_monster(c->hd.tenths, c->hd.plus, v);
	if (d) {
		char hd[24];
		bs1e_hd_text(c->hd, hd, sizeof hd);
		bs_deriv_init(d, v[vs], "", "[14.3]", "[14.3]");
		snprintf(d->base_label, sizeof d->base_label,
			 "%s as a fighter of %s HD", save_label[vs] + 3, hd);
	}
	return v[vs];
}

int bs1e_save_class(const char *cls, int level, int vs, struct bs_deriv *d)
{
	int v[BS_SAVE__COUNT];
	if (vs < 0 || vs >= BS_SAVE__COUNT ||
	    bs1e_saves_class(cls, level, v) != 0)
		return -1;
	if (d) {
		bs_deriv_init(d, v[vs], "", "[14.3]", "[14.3]");
		snprintf(d->base_label, sizeof d->base_label, "%s %s %d",
			 save_label[vs] + 3, cls, level);
	}
	return v[vs];
}

static int small_race(const struct bs_individual *ind)
{
	if (!ind->race)
		return 0;
	static const char *const r[] = {"dwarf", "gnome", "halfling"};
	for (size_t i = 0; i < sizeof r / sizeof r[0]; i++)
		if (strncasecmp(ind->race->name, r[i], strlen(r[i])) == 0)
			return 1;
	return 0;
}

int bs1e_save_mod_individual(const struct bs_individual *ind, int vs,
			     int spell_mod, int mental, struct bs_deriv *d)
{
	int mod = 0;
	if (spell_mod) {
		mod += spell_mod;
		if (d)
			bs_deriv_add(d, -spell_mod, "[14.3]", "the spell's %+d",
				     spell_mod);
	}
	if (mental && ind->ability[BS_WIS] > 0) {
		/* PH: Wisdom's magical attack adjustment applies to saves
		 * against mental attack forms */
		int w = bs1e_wisdom_magic_attack(ind->ability[BS_WIS]);
		if (w) {
			mod += w;
			if (d)
				bs_deriv_add(d, -w, "[14.3]", "Wisdom %d",
					     ind->ability[BS_WIS]);
		}
	}
	if ((vs == BS_SAVE_RSW || vs == BS_SAVE_SP) && small_race(ind) &&
	    ind->ability[BS_CON] > 0) {
		/* PH: dwarves, gnomes and halflings +1 per 3 1/2 points of
		 * Constitution against magic rods, staves, wands and
		 * spells */
		int c = bs1e_con_save_bonus(ind->ability[BS_CON]);
		if (c) {
			mod += c;
			if (d)
				bs_deriv_add(
				    d, -c, "[14.3]", "Constitution %d (%s)",
				    ind->ability[BS_CON], ind->race->name);
		}
	}
	return mod;
}

static const struct bs_roll_why why_save = {
    BS_ROLL_SAVE, {20, 0}, 0, "saving throw against the spell", "[14.3]"};

static void ask(struct bs_dice_source *src, int items,
		const struct bs1e_save_who *who)
{
	int side = who ? who->side : -1;
	int unit = who ? who->unit : -1;
	int indiv = who ? who->indiv : -1;
	if (indiv >= 0)
		bs_dice_why_indiv(src, &why_save, items, 20, side, indiv, -1,
				  -1, unit);
	else
		bs_dice_why_n(src, &why_save, items, 20, 0, side, unit, -1);
}

int bs1e_save_roll(struct bs_dice_source *src, int number, int mod,
		   const struct bs1e_save_who *who, int *die)
{
	ask(src, 1, who);
	int d20 = bs_roll(src, 20);
	if (die)
		*die = d20;
	if (src->failed)
		return -1;
	/* [14.3] the AD&D saving throw: the number or more on a d20 */
	return d20 + mod >= number;
}

int bs1e_save_chance20(int number, int mod)
{
	int need = number - mod;
	if (need <= 1)
		return 20;
	if (need > 20)
		return 0;
	return 21 - need;
}

int bs1e_figure_saves(struct bs_dice_source *src, int figures, int number,
		      int mod, int twenty, const struct bs1e_save_who *who,
		      signed char *each, struct bs1e_figure_saves *out)
{
	memset(out, 0, sizeof *out);
	if (figures < 0)
		figures = 0;
	out->figures = figures;
	out->need = number - mod;
	int at = 0;
	if (twenty && figures >= 20) {
		/* [14.3] OPTIONAL RULE: "one less than the saving throw
		 * number of figures fail automatically for each multiple of
		 * 20 figures". RULING R-567: the number is the die roll
		 * needed (modifiers in), 1 to 21; the other figures of each
		 * 20 save, so that 20 figures give what 20 throws give on
		 * average; the figures beyond the multiples roll. */
		int fail20 = 20 - bs1e_save_chance20(number, mod);
		int k = figures / 20;
		out->auto_failed = k * fail20;
		out->auto_saved = k * (20 - fail20);
		for (int i = 0; i < out->auto_failed; i++)
			if (each)
				each[at++] = 0;
		for (int i = 0; i < out->auto_saved; i++)
			if (each)
				each[at++] = 1;
		at = k * 20;
	}
	out->rolled = figures - at;
	out->saved = out->auto_saved;
	if (out->rolled > 0) {
		/* [14.3] "Make a separate saving throw roll for each figure
		 * in the spell area of effect. If the saving throw
		 * succeeds, the entire figure has saved; if the saving
		 * throw fails, the entire figure has failed." */
		ask(src, out->rolled, who);
		for (int i = 0; i < out->rolled; i++) {
			int d20 = bs_roll(src, 20);
			if (src->failed)
				return -1;
			int ok = d20 + mod >= number;
			out->saved += ok;
			if (each)
				each[at + i] = (signed char)ok;
		}
	}
	out->failed = figures - out->saved;
	return 0;
}
