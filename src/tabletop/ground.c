/* The ground a unit's block may stand on (battlesim/ground.h): 1E [11.8]
 * Table 14 and 2E RULING R-220, tested on the whole block (RULING R-314),
 * for the deployment checks and the 2E movement. */
#include <math.h>
#include <stddef.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/ground.h"

int bs_tt_terrain_bars(int type, int fordable, const struct bs_tt_mover *m,
		       const char **why, const char **cite)
{
	const char *w = NULL, *c = NULL;
	if (type < 0 || type >= BS1E_TERRAIN__COUNT)
		return 0;
	const struct bs1e_t14_row *r = &bs1e_table14[type];
	if (m->rules == BS_RULES_BS2E) {
		/* RULING R-220: water is impassable; cavalry may not enter
		 * woods or swamp */
		if (!r->passable) {
			w = "no 2E unit may enter water";
			c = "[2E Movement] (RULING R-220)";
		} else if (m->cavalry && type == BS1E_TERRAIN_WOODS) {
			w = "cavalry may not enter woods";
			c = "[2E Movement] (RULING R-220)";
		} else if (m->cavalry && type == BS1E_TERRAIN_SWAMP) {
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
		} else if (!r->closed_ok && type != BS1E_TERRAIN_OBSTACLE &&
			   m->formation == BS_FORM_CLOSED) {
			/* [11.8] "No unit can ever be in closed formation
			 * in the woods"; "Units cannot be in closed formation
			 * in rough terrain", "in swamps", "in water" (an
			 * obstacle only breaks it when crossed) */
			static const char *const closed[BS1E_TERRAIN__COUNT] = {
			    [BS1E_TERRAIN_WOODS] = "no unit can ever be in "
						   "closed formation in the "
						   "woods",
			    [BS1E_TERRAIN_ROUGH] = "units cannot be in closed "
						   "formation in rough terrain",
			    [BS1E_TERRAIN_SWAMP] = "units cannot be in closed "
						   "formation in swamps",
			    [BS1E_TERRAIN_WATER] = "units cannot be in closed "
						   "formation in water",
			};
			w = closed[type] ? closed[type]
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

/* 1 when p is strictly inside q shrunk by tol (q counter-clockwise). */
static int inside_quad(const struct bs_quad *q, struct bs_vec p, double tol)
{
	for (int i = 0; i < 4; i++) {
		struct bs_vec a = q->p[i], b = q->p[(i + 1) % 4];
		struct bs_vec e = bs_vec_sub(b, a);
		double len = bs_vec_len(e);
		if (len <= 0)
			return 0;
		/* counter-clockwise: the inside is to the left of each edge */
		if (bs_vec_cross(e, bs_vec_sub(p, a)) / len <= tol)
			return 0;
	}
	return 1;
}

int bs_tt_quad_on_poly(const struct bs_quad *q, const double (*pts)[2], int n)
{
	const double tol = BS_GEOM_TOUCH;
	if (n < 3)
		return 0;
	/* the block shrunk by the touch tolerance: a block along the
	 * feature's edge is not on it */
	struct bs_vec c = bs_quad_centre(q);
	struct bs_quad s;
	for (int i = 0; i < 4; i++) {
		struct bs_vec d = bs_vec_sub(q->p[i], c);
		double len = bs_vec_len(d);
		double k = len > 2 * tol ? (len - tol) / len : 0.5;
		s.p[i] = bs_vec_add(c, bs_vec_scale(d, k));
	}
	for (int i = 0; i < 4; i++)
		if (bs_poly_contains(pts, n, s.p[i]))
			return 1;
	for (int j = 0; j < n; j++) {
		struct bs_vec v = {pts[j][0], pts[j][1]};
		if (inside_quad(&s, v, 0))
			return 1;
	}
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < n; j++) {
			struct bs_vec a = {pts[j][0], pts[j][1]};
			struct bs_vec b = {pts[(j + 1) % n][0],
					   pts[(j + 1) % n][1]};
			if (bs_seg_intersect(s.p[i], s.p[(i + 1) % 4], a, b))
				return 1;
		}
	return 0;
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

static int aquatic(const struct bs_creature *c)
{
	return !c || (c->flags & BS_CF_AQUATIC) != 0;
}

int bs_tt_unit_aquatic(const struct bs_unit *u)
{
	int ok = u->nmix > 0 ? 1 : aquatic(u->creature);
	for (int i = 0; i < u->nmix; i++)
		ok &= aquatic(u->mix[i].creature);
	ok &= aquatic(u->mount);
	ok &= aquatic(u->chariot.puller);
	ok &= aquatic(u->chariot.passenger);
	return ok;
}
