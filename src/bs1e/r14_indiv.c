/* [14.5 A] "Against individuals, damage is determined by normal AD&D or
 * D&D game rules": a spell's, item's or breath weapon's hit points rolled
 * against one individual, with his saving throw [14.3] (half rounded
 * down, RULING R-571, or none). */
#include <string.h>

#include "battlesim/bs1e_magic.h"

int bs1e_spell_hp_after_save(int rolled, int save_effect, int saved)
{
	if (!saved)
		return rolled;
	switch (save_effect) {
	case BS_SAVEFX_HALF:
		/* RULING R-571: half, rounded down */
		return rolled / 2;
	case BS_SAVEFX_NEGATES:
		return 0;
	default:
		return rolled;
	}
}

/* Roll `count` dice of `sides` (a request of kind "damage") + plus. */
static int roll_part(struct bs_dice_source *src, int count, int sides, int plus,
		     const struct bs1e_save_who *who)
{
	static const struct bs_roll_why why_dmg = {
	    BS_ROLL_DAMAGE, {0, 0}, 0, "spell damage to", "[14.5 A]"};
	int v = plus;
	if (count > 0 && sides > 0) {
		bs_dice_why_indiv(src, &why_dmg, count, sides, -1, -1,
				  who ? who->side : -1, who ? who->indiv : -1,
				  who ? who->unit : -1);
		v += bs_roll_n(src, count, sides);
	}
	return v;
}

int bs1e_spell_hp_damage(const struct bs_spell *sp, int level, int breather_hp,
			 int hp, int number, int mod,
			 struct bs_dice_source *src,
			 const struct bs1e_save_who *who,
			 struct bs1e_indiv_spell *out)
{
	memset(out, 0, sizeof *out);
	const struct bs_spell_damage *d = &sp->damage;
	if (!d->given)
		return -1;
	int allowed = sp->save_vs >= 0 && sp->save_effect != BS_SAVEFX_NONE;
	if (allowed && sp->save_effect == BS_SAVEFX_PARTIAL)
		return -2; /* the note tells what a save does: not computed */
	if (level <= 0)
		level = sp->item_level;
	/* [14.5 A] "Against individuals, damage is determined by normal
	 * AD&D or D&D game rules": the hit points rolled, n (by the caster's
	 * level) times the element, each with its own plus (3 magic
	 * missiles of d4+1: 3d4+3) */
	if (d->hp) {
		/* [13.7] a breath weapon: the breather's hit points */
		if (breather_hp < 1)
			return -1;
		out->rolled = breather_hp;
	} else {
		out->rolled = roll_part(src, d->fixed.count, d->fixed.sides,
					d->fixed.plus, who);
		int n = bs_level_qty_at(&d->n, level);
		if (n > 0)
			out->rolled +=
			    roll_part(src, d->each.count * n, d->each.sides,
				      d->each.plus * n, who);
	}
	if (src->failed)
		return -1;
	if (out->rolled < 0)
		out->rolled = 0;
	if (allowed) {
		int r = bs1e_save_roll(src, number, mod, who, &out->save_die);
		if (r < 0)
			return -1;
		out->saved = r;
	}
	out->damage =
	    bs1e_spell_hp_after_save(out->rolled, sp->save_effect, out->saved);
	out->hp_before = hp;
	out->hp_after = hp - out->damage;
	out->killed = out->hp_after <= 0;
	return 0;
}
