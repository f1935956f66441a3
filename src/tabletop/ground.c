/* The ground a unit's block may stand on (battlesim/ground.h): 1E [11.8]
 * Table 14 and 2E RULING R-220, tested on the whole block (RULING R-314),
 * for the deployment checks and the 2E movement. */
#include <math.h>
#include <stddef.h>

#include "battlesim/ground.h"
#include "battlesim/terrain.h"
#include "tabletop/terrain_int.h"

int bs_tt_terrain_bars(int type, int fordable, const struct bs_tt_mover *m,
		       const char **why, const char **cite)
{
	const char *w = NULL, *c = NULL;
	if (type < 0 || type >= BS_TERRAIN__COUNT)
		return 0;
	/* the feature's own row: water stays water for "Units cannot be in
	 * closed formation in water" even where it is fordable (RULING
	 * R-441 makes a ford cost what an obstacle costs, no more) */
	enum bs_t14 row = bs_terrain_kind_of(type)->row;
	const struct bs_t14_row *r = &bs_table14[row];
	if (m->rules == BS_RULES_BS2E) {
		/* RULING R-220: water is impassable; cavalry may not enter
		 * woods or swamp */
		if (!r->passable) {
			w = "no 2E unit may enter water";
			c = "[2E Movement] (RULING R-220)";
		} else if (m->cavalry && row == BS_T14_WOODS) {
			w = "cavalry may not enter woods";
			c = "[2E Movement] (RULING R-220)";
		} else if (m->cavalry && row == BS_T14_SWAMP) {
			w = "cavalry may not enter swamp";
			c = "[2E Movement] (RULING R-220)";
		}
	} else {
		/* [11.8] "Units can never enter these terrain features unless
		 * entirely made of aquatic or amphibious creatures"; "Some
		 * scenarios may specify that a specific river is fordable" */
		if (!r->passable && !fordable && !m->aquatic) {
			w = "no unit may enter water unless it is entirely of "
			    "aquatic or amphibious creatures (or the water is "
			    "fordable)";
			c = "[11.8] Table 14 (RULING R-316)";
		} else if (!r->closed_ok && row != BS_T14_OBSTACLE &&
			   m->formation == BS_FORM_CLOSED) {
			/* [11.8] "No unit can ever be in closed formation
			 * in the woods"; "Units cannot be in closed formation
			 * in rough terrain", "in swamps", "in water" (an
			 * obstacle only breaks it when crossed) */
			static const char *const closed[BS_T14__COUNT] = {
			    [BS_T14_WOODS] = "no unit can ever be in closed "
					     "formation in the woods",
			    [BS_T14_ROUGH] = "units cannot be in closed "
					     "formation in rough terrain",
			    [BS_T14_SWAMP] = "units cannot be in closed "
					     "formation in swamps",
			    [BS_T14_WATER] = "units cannot be in closed "
					     "formation in water",
			};
			w = closed[row] ? closed[row]
					: "no closed formation there";
			c = "[11.8] Table 14 (RULING R-316)";
		}
	}
	if (why)
		*why = w;
	if (cite)
		*cite = c;
	return w != NULL;
}

int bs_tt_quad_on_poly(const struct bs_quad *q, const double (*pts)[2], int n)
{
	/* RULING R-442: the one test of the terrain index, on the outline's
	 * triangles shrunk by BS_GEOM_TOUCH */
	struct bs_vec v[BS_TERRAIN_MAX_POINTS];
	struct bs_tt_tri t[BS_TERRAIN_MAX_POINTS];
	if (n < 3)
		return 0;
	if (n > BS_TERRAIN_MAX_POINTS)
		n = BS_TERRAIN_MAX_POINTS;
	for (int i = 0; i < n; i++)
		v[i] = (struct bs_vec){pts[i][0], pts[i][1]};
	int k =
	    bs_tt_triangulate(v, n, BS_GEOM_TOUCH, t, BS_TERRAIN_MAX_POINTS);
	return bs_tt_quad_on_tris(q, t, k);
}

int bs_tt_ground_barred(const struct bs_scenario *sc, const struct bs_quad *q,
			const struct bs_tt_mover *m, const char **why,
			const char **cite)
{
	for (int i = 0; i < sc->nterrain; i++) {
		const struct bs_terrain *t = &sc->terrain[i];
		if (!bs_tt_terrain_bars(t->type, t->fordable, m, NULL, NULL) ||
		    !bs_tt_quad_on_poly(q, t->pts, t->npts))
			continue;
		bs_tt_terrain_bars(t->type, t->fordable, m, why, cite);
		return i;
	}
	return -1;
}

int bs_tt_point_barred(const struct bs_scenario *sc, struct bs_vec p,
		       const struct bs_tt_mover *m, const char **why,
		       const char **cite)
{
	for (int i = 0; i < sc->nterrain; i++) {
		const struct bs_terrain *t = &sc->terrain[i];
		if (t->npts < 3 || !bs_poly_contains(t->pts, t->npts, p) ||
		    !bs_tt_terrain_bars(t->type, t->fordable, m, why, cite))
			continue;
		return i;
	}
	return -1;
}

static int has(const struct bs_creature *c, unsigned flag)
{
	return !c || (c->flags & flag) != 0;
}

int bs_tt_unit_all(const struct bs_unit *u, unsigned flag)
{
	/* RULING R-446 [11.8] as for water ("entirely made of aquatic or
	 * amphibious creatures"): a unit ignores a terrain's penalty when
	 * every creature of it does (rider and mount alike) */
	int any = u->creature || u->nmix > 0;
	int ok = u->nmix > 0 ? 1 : has(u->creature, flag);
	for (int i = 0; i < u->nmix; i++)
		ok &= has(u->mix[i].creature, flag);
	ok &= has(u->mount, flag);
	ok &= has(u->chariot.puller, flag);
	ok &= has(u->chariot.passenger, flag);
	return ok && (any || flag == BS_CF_AQUATIC);
}

int bs_tt_unit_aquatic(const struct bs_unit *u)
{
	return bs_tt_unit_all(u, BS_CF_AQUATIC);
}

struct bs_tt_mover bs_tt_mover_of(const struct bs_unit *u, enum bs_rules rules,
				  enum bs_formation f)
{
	struct bs_tt_mover m = {.rules = rules, .formation = f};
	if (rules == BS_RULES_BS2E) {
		m.cavalry = u->bs2e && u->bs2e->kind == BS2E_KIND_CAVALRY;
		return m;
	}
	m.aquatic = bs_tt_unit_aquatic(u);
	m.woodland = bs_tt_unit_all(u, BS_CF_WOODLAND);
	m.mountain = bs_tt_unit_all(u, BS_CF_MOUNTAIN);
	m.swamp = bs_tt_unit_all(u, BS_CF_SWAMP);
	return m;
}
