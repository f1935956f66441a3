/* The brigade card [M2.1]-[M2.5]: MV [M2.3b], the melee, missile and charge
 * ratings [M2.3c], the defensive rating [M2.3d], class and unit numbers
 * [M2.4] [M2.5] with the scaling of [M1.5], and the base morale of the
 * ruled procedure (RULING R-254). Each rating keeps its derivation. */
#include "battlesim/matrix.h"

#include <string.h>

const char *const bs_mx_type_name[BS_MX_TYPE__COUNT] = {
    [BS_MX_INFANTRY] = "infantry", [BS_MX_CAVALRY] = "cavalry",
    [BS_MX_ARCHERS] = "archers",   [BS_MX_AIR_CAVALRY] = "air-cavalry",
    [BS_MX_ELITE] = "elite",	   [BS_MX_MAGE] = "mage",
    [BS_MX_OTHER] = "other",
};

const char *const bs_mx_mode_name[BS_MX_MODE__COUNT] = {
    [BS_MX_MAGIC] = "magic",
    [BS_MX_MISSILE] = "missile",
    [BS_MX_CHARGE] = "charge",
    [BS_MX_MELEE] = "melee",
};

const char *const bs_mx_option_name[BS_MX_OPT__COUNT] = {
    [BS_MX_OPT_NEW_COLUMNS] = "new_columns",
    [BS_MX_OPT_MOUNT_HD] = "mount_hd",
};

/* [M2.3b] "MV = (move/12). Any fraction results in the number being
 * increased one." RULING R-252: the text's "a move of 15 gives you a MV of
 * 15" is a typo for 2, as its own formula gives. */
int bs_mx_mv(int move)
{
	if (move <= 0)
		return 0;
	return (move + 11) / 12;
}

/* [M2.3c] "the sum of the above numbers / 10 (rounded up)"; "No brigade
 * equipped with melee weapons has a melee rating below 1". */
int bs_mx_rating(int sum10, int min1)
{
	int r = sum10 > 0 ? (sum10 + 99) / 100 : -((-sum10) / 100);
	if (min1 && r < 1)
		r = 1;
	return r;
}

/* [M2.3d] "(10 - AC) / 3 (round up) A unit may have a defensive rating of
 * 0." */
int bs_mx_defense(int ac)
{
	int n = 10 - ac;
	return n > 0 ? (n + 2) / 3 : 0;
}

/* [M2.5] "the avg HD ... If the class is compromised of 0 level, this
 * number is 1." Fractions of a HD are dropped (4+1 HD ogres: 4). */
int bs_mx_unit_number(int hd10)
{
	int u = hd10 / 10;
	return u < 1 ? 1 : u;
}

/* Attacks per round in tenths: given, else one per part of the damage. */
static int attacks10(const struct bs_mx_weapon *w)
{
	if (w->attacks10 > 0)
		return w->attacks10;
	return (w->damage.nparts > 0 ? w->damage.nparts : 1) * 10;
}

static int thac0_of(const struct bs_mx_weapon *w, int fig_thac0)
{
	return w->thac0 ? w->thac0 : fig_thac0;
}

/* RULING R-255: "Max. damage (avg.)" is the largest damage of the
 * weapon (of every attack of the routine), averaged over the brigade's
 * figures: one figure type per card, so the weapon's maximum. */
static void melee_sum(const struct bs_mx_figures *fg, struct bs_deriv *d)
{
	const char *c = "[M2.3c]";
	const struct bs_mx_weapon *w = &fg->melee;
	int rider_t = thac0_of(w, fg->thac0);
	if (fg->mounted && fg->mount.present) {
		int mount_t = thac0_of(&fg->mount, fg->mount_thac0);
		/* 1.) 21 - average THAC0 of riders and mounts, tenths */
		int t1 = 210 - (rider_t + mount_t) * 5 + w->hit_bonus * 10;
		bs_deriv_init(d, t1, "21 - avg THAC0", c, c);
		bs_deriv_add(d, bs_dice_max(&fg->mount.damage) * 10, c,
			     "max damage (mount)");
		bs_deriv_add(d, attacks10(&fg->mount), c, "attacks (mount)");
		if (w->present) {
			bs_deriv_add(d, bs_dice_max(&w->damage) * 10, c,
				     "max damage (rider)");
			bs_deriv_add(d, attacks10(w), c, "attacks (rider)");
		}
		return;
	}
	bs_deriv_init(d, (21 - rider_t + w->hit_bonus) * 10, "21 - THAC0", c,
		      c);
	bs_deriv_add(d, bs_dice_max(&w->damage) * 10, c, "max damage");
	bs_deriv_add(d, attacks10(w), c, "attacks");
}

void bs_mx_card_derive(const struct bs_matrix_field *f,
		       const struct bs_mx_brigade *br, struct bs_mx_card *card)
{
	const struct bs_mx_figures *fg = &br->fig;
	memset(card, 0, sizeof *card);
	card->mv = bs_mx_mv(fg->move);
	if (fg->melee.present || (fg->mounted && fg->mount.present)) {
		melee_sum(fg, &card->d_melee);
		card->melee = bs_mx_rating(card->d_melee.value, 1);
	}
	if (fg->missile.present) {
		/* [M2.3c] the missile rating; RULING R-255: its attacks are
		 * the missile weapon's ("with the preferred melee weapon" in
		 * the text is a slip) */
		const struct bs_mx_weapon *w = &fg->missile;
		const char *c = "[M2.3c]";
		bs_deriv_init(&card->d_missile,
			      (21 - thac0_of(w, fg->thac0) + w->hit_bonus) * 10,
			      "21 - THAC0", c, c);
		bs_deriv_add(&card->d_missile, bs_dice_max(&w->damage) * 10, c,
			     "max damage");
		bs_deriv_add(&card->d_missile, attacks10(w), c, "attacks");
		card->missile = bs_mx_rating(card->d_missile.value, 1);
	}
	if (fg->charge.present) {
		/* [M2.3c] "CHARGE ... /10 (rounded up) PLUS THREE" */
		const struct bs_mx_weapon *w = &fg->charge;
		const char *c = "[M2.3c]";
		bs_deriv_init(&card->d_charge,
			      (21 - thac0_of(w, fg->thac0) + w->hit_bonus) * 10,
			      "21 - THAC0", c, c);
		bs_deriv_add(&card->d_charge, bs_dice_max(&w->damage) * 10, c,
			     "max damage");
		card->charge = bs_mx_rating(card->d_charge.value, 0) + 3;
	}
	card->defense = bs_mx_defense(fg->ac);
	/* [M2.5] the unit number; RULING R-256: the rider's HD alone, as
	 * both of the text's examples (5/1 cavalry of 0-level riders, 5/7
	 * knights); option mount_hd averages rider and mount */
	int hd10 = fg->hd10;
	if (fg->mounted && (f->options & (1u << BS_MX_OPT_MOUNT_HD)))
		hd10 = ((fg->hd10 > 0 ? fg->hd10 : 10) + fg->mount_hd10) / 2;
	card->unit_hd10 = hd10;
	card->unit_max = bs_mx_unit_number(hd10);
	/* [M2.4] centuries left; [M1.5] a century is century_men */
	int century = f->century_men > 0 ? f->century_men : 100;
	int men = br->men > 0 ? br->men : f->brigade_men;
	card->cls = (men + century - 1) / century;
	if (card->cls > f->full_class)
		card->cls = f->full_class;
	int rem = men - (card->cls - 1) * century;
	if (rem > century)
		rem = century;
	card->unit = (card->unit_max * rem + century - 1) / century;
	if (card->unit < 1)
		card->unit = 1;
	/* RULING R-254 the base morale before battle [M2.3a] */
	const char *mc = "RULING R-254";
	if (br->morale > 0) {
		bs_deriv_init(&card->d_ml, br->morale, "given", mc, mc);
	} else {
		bs_deriv_init(&card->d_ml, 50, NULL, NULL, mc);
		if (card->unit_max > 1)
			bs_deriv_add(&card->d_ml, 5 * (card->unit_max - 1), mc,
				     "for %d HD average", card->unit_max);
		if (br->type == BS_MX_ELITE)
			bs_deriv_add(&card->d_ml, 10, mc, "elite");
		if (card->d_ml.value > 95)
			bs_deriv_set(&card->d_ml, 95, mc, "at most 95");
	}
	card->ml = card->d_ml.value;
}
