/* Tabletop queries on a battle, read-only, by (side, unit): a unit's block
 * and figures, distances, contact [7.8], the arc it would strike [8.3]
 * (RULING R-104 before contact) and command-radius tests [4.7]. For the
 * AI and the reporters; they never change the battle or allocate. */
#include "battlesim/battle.h"
#include "battlesim/tabletop.h"

static const struct bs_unit_state *unit_of(const struct bs_battle *b, int side,
					   int unit)
{
	return &b->units[b->side_first[side] + unit];
}

static int in_play(const struct bs_unit_state *u)
{
	return !(u->flags & BS_UF_REMOVED);
}

void bs_tt_unit_shape(const struct bs_battle *b, int side, int unit,
		      struct bs_tt_shape *s)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	bs_tt_shape_make(u->formation, u->figures > 0 ? u->figures : 1,
			 u->files, u->r.base_w, u->r.base_d, b->stands, s);
	if (u->cramped) {
		/* RULING R-106: open in name, the bases still touching */
		s->gap = 0;
		s->width = s->files * s->base_w;
		s->depth = s->ranks * s->base_d;
	}
}

void bs_tt_unit_pose(const struct bs_battle *b, int side, int unit,
		     struct bs_tt_pose *p)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	p->front = u->front;
	p->facing = u->facing;
}

struct bs_quad bs_tt_unit_quad(const struct bs_battle *b, int side, int unit)
{
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	bs_tt_unit_shape(b, side, unit, &s);
	bs_tt_unit_pose(b, side, unit, &p);
	return bs_tt_quad(&s, &p);
}

struct bs_vec bs_tt_unit_figure(const struct bs_battle *b, int side, int unit,
				int i)
{
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	int f, r;
	bs_tt_unit_shape(b, side, unit, &s);
	bs_tt_unit_pose(b, side, unit, &p);
	if (i < 0)
		i = 0;
	if (i >= s.figures)
		i = s.figures - 1;
	bs_tt_slot(&s, i, &f, &r);
	return bs_tt_slot_pos(&s, &p, f, r);
}

double bs_tt_unit_dist(const struct bs_battle *b, int side, int unit, int tside,
		       int tunit)
{
	struct bs_quad a = bs_tt_unit_quad(b, side, unit);
	struct bs_quad t = bs_tt_unit_quad(b, tside, tunit);
	return bs_quad_dist(&a, &t);
}

int bs_tt_unit_contact(const struct bs_battle *b, int side, int unit, int tside,
		       int tunit, struct bs_tt_contact *c)
{
	struct bs_tt_shape sa, sb;
	struct bs_tt_pose pa, pb;
	if (!in_play(unit_of(b, side, unit)) ||
	    !in_play(unit_of(b, tside, tunit)))
		return 0;
	bs_tt_unit_shape(b, side, unit, &sa);
	bs_tt_unit_pose(b, side, unit, &pa);
	bs_tt_unit_shape(b, tside, tunit, &sb);
	bs_tt_unit_pose(b, tside, tunit, &pb);
	return bs_tt_contact(&sa, &pa, &sb, &pb, c);
}

int bs_tt_unit_engaged(const struct bs_battle *b, int side, int unit)
{
	for (int s = 0; s < b->nsides; s++) {
		if (s == side)
			continue;
		for (int u = 0; u < b->sc->sides[s].nunits; u++)
			if (bs_tt_unit_contact(b, side, unit, s, u, NULL))
				return 1;
	}
	return 0;
}

enum bs_arc bs_tt_unit_arc(const struct bs_battle *b, int side, int unit,
			   int tside, int tunit)
{
	struct bs_tt_contact c;
	if (bs_tt_unit_contact(b, side, unit, tside, tunit, &c))
		return bs_tt_edge_arc(c.edge_b);
	struct bs_quad a = bs_tt_unit_quad(b, side, unit);
	struct bs_quad t = bs_tt_unit_quad(b, tside, tunit);
	return bs_tt_arc_from(&t, bs_quad_centre(&a), NULL);
}

int bs_tt_unit_within(const struct bs_battle *b, int side, int unit,
		      struct bs_vec c, double r)
{
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	bs_tt_unit_shape(b, side, unit, &s);
	bs_tt_unit_pose(b, side, unit, &p);
	return bs_tt_all_within(&s, &p, c, r);
}
