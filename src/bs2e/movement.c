/* 2E movement [2E Movement] on the shared tabletop: "the number of inches
 * a unit can move across clear, flat terrain"; terrain slows units or
 * bars them (RULING R-220); "A unit conducting a charge can move farther
 * than its normal MV": 1 1/2 MV (RULING R-211, known-gaps 19). Orders are
 * the tabletop's primitives (advance within 45 degrees, wheel, face,
 * frontage), each paying its cost and stopping at first contact; a unit
 * in contact with an enemy stays in the melee (RULING R-229). Also the
 * retreat of 4" [2E Morale] and the flight of routed units (RULING
 * R-214), and the queries bs2e_check_order / bs2e_plan_charge. */
#include <math.h>
#include <string.h>

#include "battlesim/ground.h"
#include "battlesim/terrain.h"
#include "bs2e/engine2e.h"

#define EPS 1e-6

/* RULING R-220: the "Reference Card" terrain effects are not in the text;
 * the 1E Table 14 rows stand for them (clear 1, road 4/3, woods 2/3,
 * rough and swamp 1/2; obstacles and elevation 2/3 as printed), as a
 * factor num/den of the MV; water is impassable; cavalry may not enter
 * woods or swamp (bs_tt_terrain_bars, the tabletop's ground test). A move
 * pays them as 1E does, with the tabletop's one terrain walk
 * (bs_terrain_advance, bs_terrain_wheel: RULING R-444): woods, rough and
 * swamp per inch, 1/3 of the MV once for each obstacle it comes onto and
 * for each 10 feet its centre climbs. */
void bs2e_terrain_factor(int t, enum bs2e_kind k, int *num, int *den)
{
	*num = 1;
	*den = 1;
	if (t < 0 || t >= BS_TERRAIN__COUNT)
		return;
	const struct bs_t14_row *r = &bs_table14[bs_terrain_kind_of(t)->row];
	/* what bars which kind: the tabletop's one ground test */
	struct bs_tt_mover mv = {.rules = BS_RULES_BS2E,
				 .cavalry = k == BS2E_KIND_CAVALRY};
	if (bs_tt_terrain_bars(t, 0, &mv, NULL, NULL)) {
		*num = 0;
		*den = 1;
		return;
	}
	if (r->mv_num > 0 && r->mv_den > 0) {
		*num = r->mv_num;
		*den = r->mv_den;
	}
}

/* RULING R-220: what the ground asks of a unit of kind k: the 2E bars
 * (water; woods and swamp for cavalry), no 1E formation or creature
 * flags. */
static struct bs_tt_mover mover2e(enum bs2e_kind k)
{
	return (struct bs_tt_mover){.rules = BS_RULES_BS2E,
				    .cavalry = k == BS2E_KIND_CAVALRY};
}

/* RULING R-445 as 1E: where the whole block is on a road an inch costs
 * 3/4 (the 4/3 of Table 14); in 2E stretch by stretch (the move need not
 * stay on the road throughout: R-220). */
#define ROAD_SCALE 0.75

/* A move being worked out: simulated (wb NULL) or carried out. */
struct mv {
	const struct bs_battle *b;
	struct bs_battle *wb;
	int g;
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	struct bs_quad obst[BS2E_MAX_UNITS + 4];
	int map[BS2E_MAX_UNITS + 4];
	int n;
	double allowed, spent;
	int contact; /* global index of the enemy met, -1 */
	const char *why, *cite;
};

static void emit_move(struct mv *m, const char *what, struct bs_tt_pose from,
		      double cost, const char *cite)
{
	struct bs_battle *b = m->wb;
	if (!b || !bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs2e_ev(b, &ev, BS_EV_MOVE, m->g, -1);
	ev.what = what;
	ev.x0 = from.front.x;
	ev.y0 = from.front.y;
	ev.f0 = from.facing;
	ev.x1 = m->p.front.x;
	ev.y1 = m->p.front.y;
	ev.f1 = m->p.facing;
	ev.n[0] = (int)lround(cost * 10);
	ev.n[1] = (int)lround(m->allowed * 10);
	ev.n[2] = (int)lround(m->spent * 10);
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

/* Store the move's block into the unit (carried out moves). */
static void store(struct mv *m)
{
	if (!m->wb)
		return;
	struct bs_unit_state *u = &m->wb->units[m->g];
	u->front = m->p.front;
	u->facing = m->p.facing;
	u->files = m->s.files;
}

/* RULING: the block of the unit in pose p stands on ground
 * its kind may not enter (the tabletop's test, as at deployment). */
static int barred(const struct mv *m, const struct bs_tt_shape *sh,
		  const struct bs_tt_pose *p)
{
	const struct bs_unit *def = m->b->units[m->g].def;
	struct bs_tt_mover mv = {
	    .rules = BS_RULES_BS2E,
	    .cavalry = def->bs2e && def->bs2e->kind == BS2E_KIND_CAVALRY,
	};
	struct bs_quad q = bs_tt_quad(sh, p);
	return bs_tt_ground_barred(m->b->sc, &q, &mv, NULL, NULL) >= 0;
}

/* A primitive other than an advance may not end on ground the unit may
 * not enter, unless it stood on such ground already (a router may have
 * fled there, RULING R-214): then it is undone. Returns 1 when it stands. */
static int ground_ok(struct mv *m, const struct bs_tt_shape *s0,
		     const struct bs_tt_pose *p0)
{
	if (!barred(m, &m->s, &m->p) || barred(m, s0, p0))
		return 1;
	m->s = *s0;
	m->p = *p0;
	m->why = "the unit may not enter that terrain";
	m->cite = "[2E Movement] RULING R-220";
	return 0;
}

/* After a primitive met obstacle `hit`: an enemy is contact [7.8]-like
 * (RULING R-229), closing the door (RULING R-107 of the tabletop). */
static void met(struct mv *m, int hit)
{
	if (hit < 0 || m->map[hit] < 0)
		return;
	int h = m->map[hit];
	if (m->b->units[h].side == m->b->units[m->g].side)
		return;
	m->contact = h;
	bs_tt_close_door(&m->s, &m->p, &m->obst[hit], m->obst, m->n, hit);
}

/* RULING R-220 (revised), R-444: the terrain path of a wheel of m by
 * `deg` degrees about the pivot bs_tt_wheel uses (the inner front corner),
 * the arc of the outermost figure [7.9] paid over the ground as 1E pays
 * it (bs_terrain_wheel: woods, rough, swamp per inch of that arc, 1/3 MV
 * for each obstacle the block comes onto and each 10 feet its centre
 * climbs). No budget: tp->cost is what the whole wheel costs; tp->stop is
 * BS_TSTOP_BARRED when the block would come onto ground it may not enter
 * (ground it stood on at the start it may leave). */
static void wheel_path(const struct mv *m, enum bs2e_kind k, double deg,
		       struct bs_terrain_path *tp)
{
	struct bs_quad q = bs_tt_quad(&m->s, &m->p);
	struct bs_vec pv = deg >= 0 ? q.p[3] : q.p[0];
	struct bs_tt_mover gm = mover2e(k);
	bs_terrain_wheel(m->b->terrain, &q, pv, deg, m->s.width, HUGE_VAL,
			 ROAD_SCALE, m->b->units[m->g].r.mv, &gm, tp);
}

/* RULING R-220 (revised), R-444: how far the block of m may go `dist`
 * inches along unit vector dir paying at most `left` inches of movement:
 * the tabletop's terrain walk (bs_terrain_advance, as 1E): woods, rough
 * and swamp per inch under the worst part of the block, 1/3 of the unit's
 * MV for each obstacle it comes onto and for each 10 feet its centre
 * climbs (down is free), stopping short of ground the unit may not enter
 * the whole block's; ground it stands on at the start it may
 * leave) and short of an obstacle or a climb it cannot pay. *c gets what
 * the way costs. Returns the distance (0 when barred at once:
 * *barred_at_once set). */
static double way(const struct mv *m, enum bs2e_kind k, struct bs_vec dir,
		  double dist, double left, double *c, int *barred_at_once)
{
	*barred_at_once = 0;
	if (m->b->sc->nterrain == 0 || !m->b->terrain) {
		/* clear ground */
		double d = dist > left + EPS ? left : dist;
		*c = d;
		return d;
	}
	struct bs_quad q = bs_tt_quad(&m->s, &m->p);
	struct bs_tt_mover gm = mover2e(k);
	struct bs_terrain_path tp;
	bs_terrain_advance(m->b->terrain, &q, dir, dist, left, ROAD_SCALE,
			   m->b->units[m->g].r.mv, &gm, &tp);
	if (tp.stop == BS_TSTOP_BARRED && tp.dist <= EPS)
		*barred_at_once = 1;
	*c = tp.cost;
	return tp.dist;
}

/* What `done` inches of the way cost (a unit stopped the move short of
 * what the ground allowed). */
static double way_cost(const struct mv *m, enum bs2e_kind k,
		       const struct bs_tt_shape *s0,
		       const struct bs_tt_pose *p0, struct bs_vec dir,
		       double done)
{
	if (m->b->sc->nterrain == 0 || !m->b->terrain)
		return done;
	struct bs_quad q = bs_tt_quad(s0, p0);
	struct bs_tt_mover gm = mover2e(k);
	struct bs_terrain_path tp;
	bs_terrain_advance(m->b->terrain, &q, dir, done, HUGE_VAL, ROAD_SCALE,
			   m->b->units[m->g].r.mv, &gm, &tp);
	return tp.cost;
}

static int step(struct mv *m, const struct bs_step *st, const char *cite,
		int charge)
{
	struct bs_tt_step_result r;
	struct bs_tt_pose from = m->p;
	double left = m->allowed - m->spent;
	enum bs2e_kind k = m->b->units[m->g].def->bs2e->kind;
	double mv = m->b->units[m->g].r.mv;
	switch (st->kind) {
	case BS_STEP_ADVANCE: {
		if (fabs(st->angle) > 45.0 + EPS) {
			m->why = "a unit moves straight ahead or up to 45 "
				 "degrees to either side";
			m->cite = "[2E Movement] RULING R-229";
			return 0;
		}
		if (st->dist <= 0)
			return 1;
		/* RULINGS: the ground along the way, paid as
		 * 1E pays it, stopping short of ground the unit may not
		 * enter (R-317: the whole block's) */
		double c;
		int at_once;
		struct bs_vec dir = bs_dir(m->p.facing + st->angle);
		struct bs_tt_shape s0 = m->s;
		double dist = way(m, k, dir, st->dist, left, &c, &at_once);
		if (at_once) {
			m->why = "the unit may not enter that terrain";
			m->cite = "[2E Movement] RULING R-220";
			return 0;
		}
		if (dist <= EPS) {
			m->why = "no movement left";
			m->cite = "[2E Movement]";
			return 0;
		}
		bs_tt_advance(&m->s, &m->p, dist, st->angle, m->obst, m->n, &r);
		if (r.done < dist - EPS) /* a unit stopped it first */
			c = way_cost(m, k, &s0, &from, dir, r.done);
		m->spent += c;
		met(m, r.hit);
		/* the ground cost more than clear ground, or stopped it */
		if (fabs(c - r.done) > EPS ||
		    (dist < st->dist - EPS && dist < left - EPS))
			cite = charge ? "[2E Movement] RULINGS R-211, R-220, "
					"R-444"
				      : "[2E Movement] RULINGS R-220, R-444";
		emit_move(m, charge ? "charge" : "advance", from, c, cite);
		return 1;
	}
	case BS_STEP_WHEEL: {
		/* RULINGS R-220 (revised), R-444: a wheel pays the ground as
		 * an advance does, as 1E pays it: the arc of the outermost
		 * figure [7.9] over the ground under the whole block, 1/3 MV
		 * for each obstacle it comes onto and each 10 feet climbed;
		 * ground the unit may not enter anywhere on the way refuses
		 * it */
		double clear = bs_tt_wheel_cost(&m->s, st->angle), cost = clear;
		int ground = 0;
		if (m->b->sc->nterrain > 0 && m->b->terrain) {
			struct bs_terrain_path tp;
			wheel_path(m, k, st->angle, &tp);
			if (tp.stop == BS_TSTOP_BARRED) {
				m->why = "the unit may not wheel onto that "
					 "terrain";
				m->cite = "[2E Movement] RULING R-220";
				return 0;
			}
			cost = tp.cost;
			ground = fabs(cost - clear) > EPS;
		}
		if (cost > left + EPS) {
			m->why = ground ? "the wheel over that ground costs "
					  "more than the movement left"
					: "the wheel costs more than the "
					  "movement left";
			m->cite = ground ? "[2E Movement] RULINGS R-220, R-444"
					 : "[2E Movement]";
			return 0;
		}
		struct bs_tt_shape s0 = m->s;
		bs_tt_wheel(&m->s, &m->p, st->angle, m->obst, m->n, &r);
		if (!ground_ok(m, &s0, &from))
			return 0;
		if (fabs(r.done) < fabs(st->angle) - EPS) {
			/* a unit stopped it first: the ground of the arc it
			 * turned */
			if (ground) {
				struct mv m0 = *m;
				m0.s = s0;
				m0.p = from;
				struct bs_terrain_path tp;
				wheel_path(&m0, k, r.done, &tp);
				cost = tp.cost;
			} else {
				cost = r.cost;
			}
		} else if (!ground) {
			cost = r.cost;
		}
		m->spent += cost;
		met(m, r.hit);
		if (ground)
			cite = charge ? "[2E Movement] RULINGS R-211, R-220, "
					"R-444"
				      : "[2E Movement] RULINGS R-220, R-444";
		emit_move(m, "wheel", from, cost, cite);
		return 1;
	}
	case BS_STEP_FACE: {
		double cost = bs_tt_face_cost(st->angle, mv);
		if (cost > left + EPS) {
			m->why = "the turn costs more than the movement left";
			m->cite = "[2E Movement]";
			return 0;
		}
		struct bs_tt_shape s0 = m->s;
		bs_tt_face(&m->s, &m->p, st->angle, mv, m->obst, m->n, &r);
		if (!r.complete) {
			m->why = "no room to turn";
			m->cite = "[2E Movement]";
			return 0;
		}
		if (!ground_ok(m, &s0, &from))
			return 0;
		m->spent += r.cost;
		emit_move(m, "face", from, r.cost, cite);
		return 1;
	}
	case BS_STEP_FRONTAGE: {
		int files = st->files;
		if (files < 1 || files > m->s.figures) {
			m->why = "no such frontage";
			m->cite = "[2E Movement]";
			return 0;
		}
		struct bs_tt_shape s2 = m->s;
		struct bs_tt_pose p2 = m->p;
		bs_tt_frontage(&s2, &p2, files, m->obst, m->n, &r);
		if (!r.complete || r.cost > left + EPS) {
			m->why = "the frontage cannot be changed here";
			m->cite = "[2E Movement]";
			return 0;
		}
		struct bs_tt_shape s0 = m->s;
		m->s = s2;
		m->p = p2;
		if (!ground_ok(m, &s0, &from))
			return 0;
		m->spent += r.cost;
		emit_move(m, "frontage", from, r.cost, cite);
		return 1;
	}
	default:
		m->why = "no formation changes in the 2E rules";
		m->cite = "[2E Movement] RULING R-229";
		return 0;
	}
}

/* Work out order o of unit g (carry it out when wb is set). Returns 1
 * when legal. */
static int run(const struct bs_battle *b, struct bs_battle *wb, int g,
	       const struct bs_order *o, struct mv *m)
{
	/* every field but the obstacle arrays, which bs2e_obstacles fills
	 * (clearing them cost a quarter of a 2E battle) */
	m->b = b;
	m->wb = wb;
	m->g = g;
	m->n = 0;
	m->allowed = m->spent = 0;
	m->contact = -1;
	m->why = m->cite = NULL;
	bs2e_shape(b, g, &m->s);
	bs2e_pose(b, g, &m->p);
	const struct bs_unit_state *u = &b->units[g];
	m->allowed = u->r.mv;
	if (o->kind == BS_ORDER_HOLD)
		return 1;
	if (!bs2e_in_play(b, g)) {
		m->why = "the unit is not in play";
		m->cite = "[2E Movement]";
		return 0;
	}
	if (u->flags & BS_UF_ROUTED) {
		m->why = "a routed unit flees (the rules move it)";
		m->cite = "[2E Morale] RULING R-214";
		return 0;
	}
	if (bs2e_engaged(b, g)) {
		m->why = "a unit in contact with an enemy stays in the melee";
		m->cite = "RULING R-229";
		return 0;
	}
	if (o->kind != BS_ORDER_MOVE && o->kind != BS_ORDER_CHARGE) {
		m->why = "2E orders are hold, move and charge";
		m->cite = "RULING R-229";
		return 0;
	}
	int target = -1;
	if (o->kind == BS_ORDER_CHARGE) {
		if (o->tside < 0 || o->tside >= b->nsides || o->tunit < 0 ||
		    o->tunit >= b->sc->sides[o->tside].nunits ||
		    o->tside == u->side) {
			m->why = "a charge needs an enemy unit as its target";
			m->cite = "[2E Movement]";
			return 0;
		}
		target = bs2e_gi(b, o->tside, o->tunit);
		if (!bs2e_in_play(b, target)) {
			m->why = "the target is not in play";
			m->cite = "[2E Movement]";
			return 0;
		}
		/* RULING R-211 (known-gaps 19): "charges move 1 1/2 x MV" */
		m->allowed = u->r.mv * 1.5;
	}
	m->n = bs2e_obstacles(b, g, 1, m->obst, m->map);
	const char *cite = o->kind == BS_ORDER_CHARGE
			       ? "[2E Movement] RULING R-211"
			       : "[2E Movement]";
	for (int i = 0; i < o->nsteps && i < BS_ORDER_MAX_STEPS; i++) {
		if (m->contact >= 0)
			break;
		if (!step(m, &o->step[i], cite, o->kind == BS_ORDER_CHARGE)) {
			if (i == 0 || !wb)
				return 0;
			break; /* carried out: stops where it is */
		}
	}
	if (o->kind == BS_ORDER_CHARGE && m->contact != target && !wb) {
		m->why = m->contact < 0 ? "the target cannot be reached within "
					  "1 1/2 MV"
					: "another enemy is in the way";
		m->cite = "[2E Movement] RULING R-211";
		return 0;
	}
	return 1;
}

int bs2e_check_order(const struct bs_battle *b, int side, int unit,
		     const struct bs_order *o, struct bs_tt_outcome *out)
{
	memset(out, 0, sizeof *out);
	out->contact_side = out->contact_unit = -1;
	if (side < 0 || side >= b->nsides || unit < 0 ||
	    unit >= b->sc->sides[side].nunits) {
		out->why = "no such unit";
		out->cite = "[2E Movement]";
		return 0;
	}
	struct mv m; /* on the stack, as in 1E: no state between calls */
	int g = bs2e_gi(b, side, unit);
	out->legal = run(b, NULL, g, o, &m);
	out->why = m.why;
	out->cite = m.cite;
	out->pose = m.p;
	out->files = m.s.files;
	out->formation = m.s.formation;
	out->spent = m.spent;
	out->allowed = m.allowed;
	out->contact = m.contact >= 0;
	if (m.contact >= 0) {
		out->contact_side = b->units[m.contact].side;
		out->contact_unit = b->units[m.contact].idx;
	}
	return out->legal;
}

int bs2e_move_unit(struct bs_battle *b, int g, const struct bs_order *o)
{
	struct mv m; /* on the stack, as in 1E: no state between calls */
	if (o->kind == BS_ORDER_HOLD)
		return 1;
	/* [7.9]-like: committed to the order, or to none: check first */
	if (!run(b, NULL, g, o, &m)) {
		bs2e_reject(b, g, m.why, m.cite);
		return 0;
	}
	struct bs_unit_state *u = &b->units[g];
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs2e_ev(b, &ev, BS_EV_ORDER, g, -1);
		ev.what = bs_order_name[o->kind];
		ev.n[0] = (int)o->kind;
		ev.n[1] = o->nsteps;
		if (o->kind == BS_ORDER_CHARGE) {
			ev.tside = o->tside;
			ev.tunit = o->tunit;
		}
		ev.cite = o->kind == BS_ORDER_CHARGE
			      ? "[2E Movement] RULING R-211"
			      : "[2E Movement]";
		bs_battle_emit(b, &ev);
	}
	run(b, b, g, o, &m);
	store(&m);
	u->mv_spent = m.spent;
	u->mv_allowed = m.allowed;
	u->flags |= BS_UF_MOVED;
	if (m.contact >= 0) {
		struct bs_tt_contact c;
		if (bs_battle_events_on(b) &&
		    bs2e_contact(b, g, m.contact, &c)) {
			struct bs_event ev;
			bs2e_ev(b, &ev, BS_EV_CONTACT, g, m.contact);
			ev.what = bs_arc_name[bs_tt_edge_arc(c.edge_b)];
			ev.n[0] = (int)bs_tt_edge_arc(c.edge_a);
			ev.n[1] = c.a_count;
			ev.n[2] = c.b_count;
			ev.cite = "[2E Movement] RULING R-229";
			bs_battle_emit(b, &ev);
		}
		if (o->kind == BS_ORDER_CHARGE &&
		    m.contact == bs2e_gi(b, o->tside, o->tunit)) {
			/* RULING R-211: the charge's attack dice x1 1/2 */
			u->flags |= BS_UF_CHARGED;
			struct bs2e_ux *x = &bs2e_sc(b)->ux[g];
			x->charge_bonus = 1;
			x->charge_target = m.contact;
		}
	}
	return 1;
}

/* The centre of the nearest enemy in play (or of the table's far side
 * when there is none). */
static struct bs_vec nearest_enemy(const struct bs_battle *b, int g)
{
	struct bs_quad q = bs2e_quad(b, g);
	struct bs_vec c = bs_quad_centre(&q), best = c;
	double bd = 1e300;
	for (int h = 0; h < b->nunits; h++) {
		if (b->units[h].side == b->units[g].side || !bs2e_in_play(b, h))
			continue;
		struct bs_quad t = bs2e_quad(b, h);
		double d = bs_quad_dist(&q, &t);
		if (d < bd) {
			bd = d;
			best = bs_quad_centre(&t);
		}
	}
	if (bd == 1e300) {
		/* no enemy: away from the middle of the table */
		best = (struct bs_vec){b->sc->width / 2, b->sc->depth / 2};
	}
	return best;
}

void bs2e_retreat(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	if (!bs2e_in_play(b, g))
		return;
	struct mv m; /* on the stack, as in 1E: no state between calls */
	memset(&m, 0, sizeof m);
	m.b = b;
	m.wb = b;
	m.g = g;
	m.contact = -1;
	bs2e_shape(b, g, &m.s);
	bs2e_pose(b, g, &m.p);
	m.allowed = BS2E_RETREAT_INCHES;
	m.n = bs2e_obstacles(b, g, 1, m.obst, m.map);
	struct bs_quad q = bs2e_quad(b, g);
	struct bs_vec c = bs_quad_centre(&q);
	/* RULING R-214: straight away from the nearest enemy (toward the
	 * home edge when that is also away), keeping its facing */
	double dir =
	    bs_tt_rout_dir(c, nearest_enemy(b, g), b->sc->sides[u->side].edge);
	struct bs_tt_step_result r;
	struct bs_tt_pose from = m.p;
	/* RULINGS R-220 (revised), R-444: the 4" are movement paid over the
	 * ground as 1E pays it (woods, rough, swamp per inch, 1/3 MV for an
	 * obstacle or 10 feet climbed), stopping short of ground the unit
	 * may not enter or cannot pay */
	enum bs2e_kind k = u->def->bs2e->kind;
	double a = bs_angle_diff(m.p.facing, dir), gc;
	int at_once;
	struct bs_vec rd = bs_dir(m.p.facing + a);
	struct bs_tt_shape s0 = m.s;
	double d = way(&m, k, rd, BS2E_RETREAT_INCHES, BS2E_RETREAT_INCHES, &gc,
		       &at_once);
	bs_tt_advance(&m.s, &m.p, d, a, m.obst, m.n, &r);
	if (r.done < d - EPS) /* a unit stopped it first */
		gc = way_cost(&m, k, &s0, &from, rd, r.done);
	m.spent = gc;
	store(&m);
	emit_move(&m, "retreat 4\"", from, gc,
		  gc > r.done + EPS || d < BS2E_RETREAT_INCHES - EPS
		      ? "[2E Morale] RULINGS R-214, R-220"
		      : "[2E Morale] RULING R-214");
}

void bs2e_flee(struct bs_battle *b, int g, const char *what)
{
	struct bs_unit_state *u = &b->units[g];
	if (!bs2e_in_play(b, g))
		return;
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	bs2e_shape(b, g, &s);
	bs2e_pose(b, g, &p);
	struct bs_quad obst[BS2E_MAX_UNITS + 4];
	int n = bs2e_obstacles(b, g, 0, obst, NULL);
	struct bs_quad q = bs_tt_quad(&s, &p);
	struct bs_vec c = bs_quad_centre(&q);
	double dir =
	    bs_tt_rout_dir(c, nearest_enemy(b, g), b->sc->sides[u->side].edge);
	struct bs_tt_pose from = p;
	/* RULING R-214 "as quickly as possible": it turns to flee when
	 * there is room, and moves its full MV */
	struct bs_tt_pose turned = p;
	turned.facing = dir;
	struct bs_quad tq = bs_tt_quad(&s, &turned);
	if (bs_tt_fits(&tq, &q, obst, n, 1, NULL))
		p = turned;
	struct bs_tt_step_result r;
	double mv = u->r.mv > 0 ? u->r.mv : 1;
	struct bs_tt_shape s0 = s;
	struct bs_tt_pose p0 = p;
	/* RULINGS R-220 (revised), R-444: the flight pays the ground as 1E
	 * pays it and stops short of ground the unit may not enter or
	 * cannot pay */
	struct mv fm;
	fm.b = b;
	fm.g = g;
	fm.s = s0;
	fm.p = p0;
	enum bs2e_kind k = u->def->bs2e->kind;
	double gc, gc2;
	int at_once;
	double a0 = bs_angle_diff(p.facing, dir);
	double d = way(&fm, k, bs_dir(p0.facing + a0), mv, mv, &gc, &at_once);
	bs_tt_advance(&s, &p, d, a0, obst, n, &r);
	if (r.done < d - EPS)
		gc = way_cost(&fm, k, &s0, &p0, bs_dir(p0.facing + a0), r.done);
	/* RULING R-214: blocked (a unit in the way: short of what the
	 * ground lets it go), it flees around it: 45 then 90 degrees to
	 * either side of the way away, the way that gets farthest */
	static const double around[4] = {45, -45, 90, -90};
	for (int i = 0; i < 4 && r.done < d - 1e-6; i++) {
		struct bs_tt_shape s2 = s0;
		struct bs_tt_pose p2 = p0;
		struct bs_tt_step_result r2;
		double a2 = bs_angle_diff(p2.facing, dir + around[i]);
		double d2 =
		    way(&fm, k, bs_dir(p0.facing + a2), mv, mv, &gc2, &at_once);
		bs_tt_advance(&s2, &p2, d2, a2, obst, n, &r2);
		if (r2.done < d2 - EPS)
			gc2 = way_cost(&fm, k, &s0, &p0, bs_dir(p0.facing + a2),
				       r2.done);
		if (r2.done > r.done + 1e-6) {
			s = s2;
			p = p2;
			r = r2;
			gc = gc2;
		}
	}
	u->front = p.front;
	u->facing = p.facing;
	u->rout_facing = dir;
	u->flags |= BS_UF_MOVED;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs2e_ev(b, &ev, BS_EV_ROUT, g, -1);
		ev.what = what;
		ev.x0 = from.front.x;
		ev.y0 = from.front.y;
		ev.f0 = from.facing;
		ev.x1 = p.front.x;
		ev.y1 = p.front.y;
		ev.f1 = p.facing;
		ev.n[0] = (int)lround(gc * 10);
		ev.n[1] = (int)lround(mv * 10);
		ev.cite = b->sc->nterrain > 0
			      ? "[2E Morale] RULINGS R-214, R-220"
			      : "[2E Morale] RULING R-214";
		bs_battle_emit(b, &ev);
	}
	struct bs_quad nq = bs_tt_quad(&s, &p);
	/* "A unit that has been routed will attempt to retreat from the
	 * battlefield": RULING R-214 it is gone when it reaches the edge */
	if (bs_tt_off_table(&nq, b->sc->width, b->sc->depth))
		bs2e_remove(b, g, BS_END_ROUTED_OFF,
			    "off the table: fled the field",
			    "[2E Morale] RULING R-214");
}

void bs2e_plan_charge(const struct bs_battle *b, int side, int unit, int tside,
		      int tunit, struct bs_tt_charge *out)
{
	memset(out, 0, sizeof *out);
	out->order.tside = out->order.tunit = -1;
	out->cite = "[2E Movement] RULING R-211";
	if (side < 0 || side >= b->nsides || tside < 0 || tside >= b->nsides ||
	    unit < 0 || unit >= b->sc->sides[side].nunits || tunit < 0 ||
	    tunit >= b->sc->sides[tside].nunits || side == tside) {
		out->why = "a charge needs an enemy unit as its target";
		return;
	}
	int g = bs2e_gi(b, side, unit), t = bs2e_gi(b, tside, tunit);
	const struct bs_unit_state *u = &b->units[g];
	out->reach = u->r.mv * 1.5;
	struct bs_tt_pose p;
	bs2e_pose(b, g, &p);
	struct bs_quad tq = bs2e_quad(b, t);
	struct bs_vec aim = bs_quad_centre(&tq);
	/* the middle of the target's nearest edge */
	double best = 1e300;
	for (int e = 0; e < 4; e++) {
		struct bs_vec a, c;
		bs_quad_edge(&tq, e, &a, &c);
		struct bs_vec mid = bs_vec_scale(bs_vec_add(a, c), 0.5);
		double d = bs_vec_dist(mid, p.front);
		if (d < best) {
			best = d;
			aim = mid;
		}
	}
	struct bs_order cand[2];
	int nc = 0;
	double a =
	    bs_angle_diff(p.facing, bs_facing_of(bs_vec_sub(aim, p.front)));
	if (fabs(a) <= 45.0) {
		struct bs_order *o = &cand[nc++];
		memset(o, 0, sizeof *o);
		o->kind = BS_ORDER_CHARGE;
		o->tside = tside;
		o->tunit = tunit;
		o->nsteps = 1;
		o->step[0] = (struct bs_step){
		    .kind = BS_STEP_ADVANCE, .dist = out->reach, .angle = a};
	}
	struct bs_tt_shape s0;
	struct bs_tt_pose p2 = p;
	struct bs_tt_step_result wr;
	bs2e_shape(b, g, &s0);
	bs_tt_wheel(&s0, &p2, a, NULL, 0, &wr);
	double a2 =
	    bs_angle_diff(p2.facing, bs_facing_of(bs_vec_sub(aim, p2.front)));
	if (fabs(a) > 0.5 && fabs(a) < 120.0 && fabs(a2) <= 45.0) {
		/* wheel to point the centre of the front at the target */
		struct bs_order *o = &cand[nc++];
		memset(o, 0, sizeof *o);
		o->kind = BS_ORDER_CHARGE;
		o->tside = tside;
		o->tunit = tunit;
		o->nsteps = 2;
		o->step[0] =
		    (struct bs_step){.kind = BS_STEP_WHEEL, .angle = a};
		o->step[1] = (struct bs_step){
		    .kind = BS_STEP_ADVANCE, .dist = out->reach, .angle = a2};
	}
	out->why = "the target is not ahead within a wheel and a straight run";
	for (int i = 0; i < nc; i++) {
		struct mv m;
		if (!run(b, NULL, g, &cand[i], &m)) {
			out->why = m.why;
			out->cite = m.cite;
			continue;
		}
		out->legal = 1;
		out->why = NULL;
		out->length = m.spent;
		out->order = cand[i];
		struct bs_tt_shape ts;
		struct bs_tt_pose tp;
		struct bs_tt_contact c;
		bs2e_shape(b, t, &ts);
		bs2e_pose(b, t, &tp);
		if (bs_tt_contact(&m.s, &m.p, &ts, &tp, &c))
			out->arc = bs_tt_edge_arc(c.edge_b);
		return;
	}
}
