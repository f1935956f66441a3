/* 1E magic damage to figures: [14.5 A] HD of damage (D6/D8 damage is one
 * HD per die, otherwise hit points / 4), the area spell's HD per figure,
 * [14.5 B] the fate of a figure (removed, wounded, or the save decides),
 * the damage of a catalog record at a caster level, linear and cone
 * effects by the side they strike, and [14.12] mirror image. */
#include <assert.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"
#include "battlesim/spell.h"

const char *const bs1e_spell_fate_name[BS1E_SPELL__COUNT] = {
    [BS1E_SPELL_NONE] = "no effect",
    [BS1E_SPELL_WOUNDED] = "wounded",
    [BS1E_SPELL_REMOVED] = "removed",
    [BS1E_SPELL_SAVE_DECIDES] = "the saving throw decides",
};

int bs1e_magic_hd(const struct bs_dice *dmg, struct bs_dice_source *src,
		  struct bs1e_magic_hd *out)
{
	memset(out, 0, sizeof *out);
	for (int i = 0; i < dmg->nparts; i++) {
		const struct bs_dice_part *p = &dmg->part[i];
		struct bs1e_colread r;
		/* [14.5 A] "All damage that would be considered to be D6 or
		 * D8 damage on the CRT does the same number of HD": 6d6 ->
		 * 6 HD, d4+1 (read on D6) -> 1 HD. */
		if (p->sides != 0 &&
		    bs1e_colread_for_part(p, 0, &r, NULL, 0) == 0 &&
		    r.wraps == 0 && !r.odd_die &&
		    (r.col == BS1E_COL_D6 || r.col == BS1E_COL_D8)) {
			out->dice_hd += p->count;
			continue;
		}
		/* [14.5 A] "In all other cases, first determine the number
		 * of hit points of damage". RULING R-076: a fixed number is
		 * hit points; the hit points of all such parts are added
		 * before the one division. */
		out->hp += bs_dice_roll_part(src, p);
		out->hp_parts++;
	}
	if (src->failed)
		return -1;
	if (out->hp < 0)
		out->hp = 0;
	/* [14.5 A] divide by 4; "Round 1/2 and higher fractions up." */
	out->hp_hd = (out->hp + 2) / 4;
	out->hd_tenths = 10 * (out->dice_hd + out->hp_hd);
	return 0;
}

int bs1e_area_figure_hd(int hd_per_creature_tenths, int creatures)
{
	/* [14.5 A] special note: "an area of effect spell affects every
	 * creature in that area!" 6 HD x 10 creatures = 60 HD. */
	return hd_per_creature_tenths * creatures;
}

static enum bs1e_spell_fate fate_of(int dmg, int creature_hd, int wound_only)
{
	if (dmg >= creature_hd)
		/* [14.5 B] every creature dies: removed; a linear effect
		 * from front or behind "can do no more than wound". */
		return wound_only ? BS1E_SPELL_WOUNDED : BS1E_SPELL_REMOVED;
	/* [14.5 B] the creatures live: wounded. RULING R-074 (gap 49):
	 * damage below 1/4 of their HD does nothing, as [8.7] disregards
	 * less than 1/4 of a figure. */
	if (dmg > 0 && 4 * dmg >= creature_hd)
		return BS1E_SPELL_WOUNDED;
	return BS1E_SPELL_NONE;
}

void bs1e_spell_effect(int hd_per_creature_tenths, int creature_hd_tenths,
		       enum bs1e_save save, int wound_only,
		       struct bs1e_spell_effect *out)
{
	assert(creature_hd_tenths > 0);
	int full = hd_per_creature_tenths < 0 ? 0 : hd_per_creature_tenths;
	out->if_failed = fate_of(full, creature_hd_tenths, wound_only);
	switch (save) {
	case BS1E_SAVE_HALF:
		/* Half damage, in tenths, rounded down. */
		out->if_saved =
		    fate_of(full / 2, creature_hd_tenths, wound_only);
		break;
	case BS1E_SAVE_NEGATES:
		out->if_saved = BS1E_SPELL_NONE;
		break;
	default:
		out->if_saved = out->if_failed;
		break;
	}
	/* [14.5 B] removed if they die even when they all save, wounded if
	 * they live even when they all fail; otherwise the saving throw
	 * decides (ten 4 HD ogres, 6 HD fireball: saved -> wounded, failed
	 * -> removed). */
	out->fate = out->if_saved == out->if_failed ? out->if_failed
						    : BS1E_SPELL_SAVE_DECIDES;
}

int bs1e_mirror_image(int damage_tenths, int duplicates)
{
	/* [14.12] "eliminates damage in proportion to the number of
	 * duplicates": 3 duplicates, 40 HD -> 10 HD. RULING R-075: rounded
	 * down to the tenth. */
	if (duplicates < 0)
		duplicates = 0;
	return damage_tenths / (duplicates + 1);
}

const char *const bs1e_strike_name[BS1E_STRIKE__COUNT] = {
    [BS1E_STRIKE_FRONT] = "front",
    [BS1E_STRIKE_REAR] = "rear",
    [BS1E_STRIKE_SIDE] = "side",
};

int bs1e_spell_damage_dice(const struct bs_spell *sp, int level,
			   int breather_hp, struct bs_dice *out)
{
	memset(out, 0, sizeof *out);
	const struct bs_spell_damage *d = &sp->damage;
	if (!d->given)
		return -1;
	if (d->hp) {
		/* [13.7] breath weapons use [14.5]: damage equal to the
		 * breather's hit points (MM), a fixed number of hit points
		 * (RULING R-076: hit points / 4) */
		if (breather_hp < 1)
			return -1;
		out->part[out->nparts++] =
		    (struct bs_dice_part){0, 0, breather_hp};
		return 0;
	}
	if (level <= 0)
		level = sp->item_level;
	if (d->fixed.count > 0 || d->fixed.plus != 0)
		out->part[out->nparts++] = d->fixed;
	int n = bs_level_qty_at(&d->n, level);
	if ((d->each.count > 0 || d->each.plus != 0) && n > 0) {
		struct bs_dice_part e = d->each;
		if (e.sides == 0) {
			/* a fixed number per level: n x plus hit points */
			e.plus *= n;
		} else {
			/* RULING R-061: the count multiplies, the plus is
			 * read per die (d4+1 x 3: 3 x the D6 column) */
			e.count *= n;
			if (e.count > BS_DICE_MAX_COUNT)
				e.count = BS_DICE_MAX_COUNT;
		}
		out->part[out->nparts++] = e;
	}
	return out->nparts > 0 ? 0 : -1;
}

int bs1e_spell_wound_only(int shape, enum bs1e_strike from, enum bs_formation f,
			  int in_first_half)
{
	/* [14.5 B] "If the spell effect is linear or cone-shaped ... A linear
	 * effect can do no more than wound a figure if fired from in front
	 * of or directly behind the figure. If it is fired from the side
	 * against a figure in closed or open formation, it can cause a
	 * figure to be removed if the damage is sufficient. This
	 * restriction applies to the first 1/2 of the range of a
	 * cone-shaped spell effect also." */
	if (shape == BS_AREA_CONE && !in_first_half)
		return 0;
	if (shape != BS_AREA_LINE && shape != BS_AREA_CONE)
		return 0;
	if (from != BS1E_STRIKE_SIDE)
		return 1;
	/* RULING R-566: only closed and open figures may be removed from
	 * the side, as the text names them */
	return f != BS_FORM_CLOSED && f != BS_FORM_OPEN;
}
