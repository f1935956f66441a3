/* [14.2] a spell's area of effect on the 1E table: Table 17's conversion
 * of a catalog record's area, the figures of a battle a placed area
 * covers (whole or partly, RULING R-568), the side a line or cone strikes
 * [14.5 B]. */
#include <math.h>
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_tables.h"
#include "bs1e/engine.h"

double bs1e_area_inches(int adnd_tenths, int annotated)
{
	if (adnd_tenths <= 0)
		return 0;
	/* [14.2] "Use Table 17 to convert spell areas of effect from the
	 * AD&D game to the BATTLESYSTEM game" (its rows: 1" to 6") */
	if (adnd_tenths % 10 == 0 && adnd_tenths / 10 <= BS1E_T17_ROWS)
		return bs1e_spell_area_sixths(adnd_tenths / 10, annotated) /
		       6.0;
	/* RULING R-570: a length the table does not print takes the scale
	 * the text gives, "3\" of area of effect in the AD&D game to equal
	 * 1\" of area of effect in the BATTLESYSTEM game" */
	return adnd_tenths / 30.0;
}

int bs1e_spell_area_size(const struct bs_spell *sp, int level, int annotated,
			 struct bs1e_area_size *out)
{
	memset(out, 0, sizeof *out);
	if (sp->area == BS_AREA_NONE || !(sp->known & BS_SPK_AREA))
		return -1;
	if (level <= 0)
		level = sp->item_level;
	out->shape = sp->area;
	out->a_tenths = bs_level_qty_at(&sp->area_a, level);
	out->b_tenths = bs_level_qty_at(&sp->area_b, level);
	if (out->a_tenths <= 0)
		return -1;
	out->a = bs1e_area_inches(out->a_tenths, annotated);
	out->b = bs1e_area_inches(out->b_tenths, annotated);
	switch (sp->area) {
	case BS_AREA_CIRCLE:
		/* RULING R-565: the printed figure is converted; a diameter
		 * gives half of its converted length as the radius */
		if (sp->area_diameter)
			out->a /= 2;
		out->b = 0;
		break;
	case BS_AREA_RECT:
		if (out->b_tenths <= 0)
			out->b = out->a;
		break;
	default:
		break;
	}
	return 0;
}

enum bs1e_strike bs1e_area_strike(const struct bs_quad *q, double facing)
{
	struct bs_vec c = {0, 0};
	for (int i = 0; i < 4; i++)
		c = bs_vec_add(c, bs_vec_scale(q->p[i], 0.25));
	/* [14.5 B] "fired from in front of or directly behind the figure":
	 * the arc of the figure the effect comes from (the diagonals'
	 * arcs, as for a charge, RULING R-104) */
	struct bs_vec from = bs_vec_sub(c, bs_vec_scale(bs_dir(facing), 1e4));
	switch (bs_tt_arc_from(q, from, NULL)) {
	case BS_ARC_FRONT:
		return BS1E_STRIKE_FRONT;
	case BS_ARC_REAR:
		return BS1E_STRIKE_REAR;
	default:
		return BS1E_STRIKE_SIDE;
	}
}

static int in_first_half(const struct bs_tt_area *ar, const struct bs_quad *q)
{
	struct bs_vec c = {0, 0};
	for (int i = 0; i < 4; i++)
		c = bs_vec_add(c, bs_vec_scale(q->p[i], 0.25));
	double t = bs_vec_dot(bs_vec_sub(c, ar->at), bs_dir(ar->facing));
	return t <= ar->a / 2;
}

/* RULING R-568: the creatures of a figure in an area are all of them when
 * all its surface is in it, else its cover x its creatures rounded to the
 * nearest (a half up); none: not covered. */
static int creatures_in(double cover, int whole, int per)
{
	if (whole)
		return per;
	return (int)floor(cover * per + 0.5);
}

static void hit_of(struct bs1e_area_hit *h, const struct bs_tt_area *ar,
		   const struct bs_quad *q)
{
	h->strike = BS1E_STRIKE_FRONT;
	h->first_half = 0;
	if (ar->shape == BS_AREA_LINE || ar->shape == BS_AREA_CONE)
		h->strike = bs1e_area_strike(q, ar->facing);
	if (ar->shape == BS_AREA_CONE)
		h->first_half = in_first_half(ar, q);
}

int bs1e_area_figures(const struct bs_battle *b, const struct bs_tt_area *ar,
		      struct bs1e_area_hit *out, int cap)
{
	int n = 0;
	for (int s = 0; s < b->nsides; s++) {
		for (int u = 0; u < b->sc->sides[s].nunits; u++) {
			const struct bs_unit_state *us =
			    &b->units[b->side_first[s] + u];
			if ((us->flags & BS_UF_REMOVED) || us->figures <= 0)
				continue;
			struct bs_tt_shape sh;
			struct bs_tt_pose po;
			bs_tt_unit_shape(b, s, u, &sh);
			bs_tt_unit_pose(b, s, u, &po);
			/* [14.2] special note: open and skirmish figures one
			 * base size larger; a cramped open unit's bases
			 * touch, as closed ones */
			enum bs_formation f =
			    sh.gap == 0 ? BS_FORM_CLOSED : sh.formation;
			int per = us->r.ratio > 0 ? us->r.ratio : 1;
			for (int i = 0; i < sh.figures; i++) {
				int fi, ri, whole;
				bs_tt_slot(&sh, i, &fi, &ri);
				struct bs_vec c =
				    bs_tt_slot_pos(&sh, &po, fi, ri);
				struct bs_quad q = bs_tt_area_footprint(
				    c, po.facing, sh.base_w, sh.base_d, f);
				double cov = bs_tt_area_cover(ar, &q, &whole);
				int cr = creatures_in(cov, whole, per);
				if (cr <= 0)
					continue;
				if (n < cap) {
					struct bs1e_area_hit *h = &out[n];
					h->side = s;
					h->unit = u;
					h->fig = i;
					h->indiv = -1;
					h->cover = cov;
					h->whole = whole;
					h->creatures = cr;
					h->per_figure = per;
					hit_of(h, ar, &q);
				}
				n++;
			}
		}
	}
	for (int k = 0; k < b->nindivs; k++) {
		/* [14.4] an individual with a unit is not a target of his
		 * own; one standing alone is a 1:1 figure [9.4] */
		if (!bs1e_indiv_figure(b, k))
			continue;
		struct bs_quad q = bs1e_indiv_quad(b, k);
		int whole;
		double cov = bs_tt_area_cover(ar, &q, &whole);
		if (creatures_in(cov, whole, 1) <= 0)
			continue;
		if (n < cap) {
			struct bs1e_area_hit *h = &out[n];
			h->side = b->indivs[k].side;
			h->unit = -1;
			h->fig = -1;
			h->indiv = b->indivs[k].idx;
			h->cover = cov;
			h->whole = whole;
			h->creatures = 1;
			h->per_figure = 1;
			hit_of(h, ar, &q);
		}
		n++;
	}
	return n;
}
