/* [11.9] Terrain Effects on Combat for the 1E engine, on the tabletop's
 * terrain queries (battlesim/terrain.h): Table 10 "Defender occupies
 * higher ground" [8.3] (RULINGS ), the +4 AR of a unit in a
 * ditch, gulley, trench, stream or swamp attacking one at its edge (RULING
 * R-452), how far a unit in woods sees and casts spells, and whether it is
 * at the woods' edge (RULING R-447). [11.8] movement is in r07_movement.c
 * (the Movement Phase) and r07_rout.c. */
#include <math.h>

#include "bs1e/engine.h"

int bs1e_level(const struct bs_battle *b, int g)
{
	if (bs_terrain_count(b->terrain) == 0)
		return 0;
	/* RULING R-443: the ground under the centre of its block */
	struct bs_quad q = bs1e_quad(b, g);
	return bs_terrain_quad_level(b->terrain, &q);
}

int bs1e_higher_ground(const struct bs_battle *b, int g, int h)
{
	/* RULING R-451: Table 10 is a Basic Game table [8.3]: the contours
	 * of the scenario count at every level */
	if (bs_terrain_count(b->terrain) == 0)
		return 0;
	return bs1e_level(b, h) > bs1e_level(b, g);
}

/* The centres of the front rank of figures of unit g along its edge that
 * touches the other unit: the point half a base deep inside its block
 * from the middle of the stretch in contact. */
static struct bs_vec inside_contact(const struct bs_battle *b, int g, int edge,
				    struct bs_vec mid)
{
	struct bs_quad q = bs1e_quad(b, g);
	struct bs_vec e0, e1;
	bs_quad_edge(&q, edge, &e0, &e1);
	struct bs_vec e = bs_vec_sub(e1, e0);
	double len = bs_vec_len(e);
	struct bs_vec n = len > 0 ? (struct bs_vec){e.y / len, -e.x / len}
				  : (struct bs_vec){0, 0};
	/* the normal that points into the block */
	struct bs_vec c = bs_quad_centre(&q);
	if (bs_vec_dot(n, bs_vec_sub(c, mid)) < 0)
		n = bs_vec_scale(n, -1);
	double depth = b->units[g].r.base_d > 0 ? b->units[g].r.base_d : 0.5;
	return bs_vec_add(mid, bs_vec_scale(n, depth / 2));
}

int bs1e_low_ground(const struct bs_battle *b, int g, int h, int *feature)
{
	const struct bs_terrain_index *ti = bs1e_terrain(b);
	if (feature)
		*feature = -1;
	if (!ti)
		return 0;
	struct bs_tt_contact c;
	if (!bs1e_contact(b, g, h, &c))
		return 0;
	struct bs_vec mid = bs_vec_scale(bs_vec_add(c.p0, c.p1), 0.5);
	/* RULING R-452: its figures in contact stand in the low ground, the
	 * enemy's in contact do not (they are at its edge) */
	struct bs_vec pa = inside_contact(b, g, c.edge_a, mid);
	struct bs_vec pd = inside_contact(b, h, c.edge_b, mid);
	int aquatic = bs1e_sc(b)->ux[g].gm.aquatic;
	for (int f = 0; f < bs_terrain_count(ti); f++) {
		const struct bs_terrain *t = bs_terrain_feature(ti, f);
		const struct bs_terrain_kind *k = bs_terrain_kind_of(t->type);
		/* "a ditch, gulley or trench; fording a stream; or in a
		 * swamp" (a ford forded, RULING R-441) */
		int low =
		    k->low || (k->row == BS_T14_WATER &&
			       bs_terrain_row(t, aquatic) == BS_T14_OBSTACLE);
		if (!low || !bs_terrain_contains(ti, f, pa) ||
		    bs_terrain_contains(ti, f, pd))
			continue;
		if (feature)
			*feature = f;
		return 1;
	}
	return 0;
}

void bs1e_ar_add_terrain(const struct bs_battle *b, int g, int h,
			 struct bs_deriv *d)
{
	int f;
	if (!bs1e_low_ground(b, g, h, &f))
		return;
	const struct bs_terrain *t = bs_terrain_feature(b->terrain, f);
	/* [11.9] "it receives a +4 penalty to AR as long as that condition
	 * holds true" */
	bs_deriv_add(d, 4, "[11.9] (RULING R-452)",
		     "in %s '%s', attacking a unit at its edge",
		     bs_terrain_kind_of(t->type)->key, t->name);
}

int bs1e_woods(const struct bs_battle *b, const struct bs_quad *q)
{
	const struct bs_terrain_index *ti = bs1e_terrain(b);
	if (!ti)
		return 0;
	int at = 0;
	/* RULING R-447: in the woods, their outline within the edge band */
	for (int f = 0; f < bs_terrain_count(ti); f++)
		if (bs_terrain_kind_of(bs_terrain_feature(ti, f)->type)->row ==
			BS_T14_WOODS &&
		    bs_terrain_quad_on(ti, f, q))
			at |= bs_terrain_at_edge(ti, f, q, BS_TERRAIN_EDGE_BAND)
				  ? BS1E_WOODS_EDGE
				  : BS1E_WOODS_DEEP;
	return at;
}

int bs1e_in_woods(const struct bs_battle *b, int g)
{
	struct bs_quad q = bs1e_quad(b, g);
	return bs1e_woods(b, &q) != 0;
}

double bs1e_woods_sight(const struct bs_battle *b, int g)
{
	/* [11.9] 6" for woodland creatures, 1" for all others, in woods */
	if (!bs1e_in_woods(b, g))
		return HUGE_VAL;
	return bs_terrain_woods_sight(bs1e_sc(b)->ux[g].gm.woodland);
}

int bs1e_woods_edge(const struct bs_battle *b, int g)
{
	struct bs_quad q = bs1e_quad(b, g);
	return (bs1e_woods(b, &q) & BS1E_WOODS_EDGE) != 0;
}
