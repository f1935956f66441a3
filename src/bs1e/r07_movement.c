/* The Movement Phase [1.4] [7.0]-[7.14]: Side A chooses who moves first;
 * each side's routed units keep routing [6.4] [7.15], its mobs follow
 * their orders [2.10], units that failed discipline attack regardless
 * [4.6], then the controller's units in its order. Every order is checked
 * against the rules and the table before it is carried out (controllers
 * only propose): illegal ones are REJECTED with the rule and the unit
 * holds ([7.9] special note: "committed to the stated action, or to no
 * action"); a charge that cannot reach is spent as [7.14] says. Movement
 * primitives pay their cost out of MV ([7.9] 45 degrees, wheel, face,
 * [7.10] frontage, [7.6] formation), stop at first contact [7.8] and close
 * the door (RULING R-107); units in contact may only wrap around [7.11],
 * withdraw [7.12] or flee [8.8]; forced march [7.13]; charge [7.14] with
 * its Table 7 discipline check and the penalties of a charge that fails
 * to reach; the [7.3] cost of filling gaps. Also the [7.13] forced-march
 * AR penalty functions, and the tabletop queries bs_tt_plan_charge and
 * bs_tt_check_order (tabletop.h). The Intermediate Game's special
 * formations [11.6] [11.7] are declared with the order, before the unit
 * moves (bs1e_special_plan, r11_formations.c): a shield wall moves at
 * 1/2 MV and turns at most 90 degrees for all its movement; set spears
 * and the shield square do not move; the break-through test counts the
 * cavalry charge [11.4]. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bs1e/engine.h"
#include "core/text.h"

int bs1e_forced_march_check(int penalty, int passed)
{
	/* [7.13] "If the check is failed, the unit's Attack Rating (AR)
	 * worsens by one ... This penalty accumulates." */
	if (penalty < 0)
		penalty = 0;
	return passed ? penalty : penalty + 1;
}

int bs1e_forced_march_rest(int penalty)
{
	/* [7.13] "The AR improves by one (up to its original value) each
	 * time the unit spends one entire Game Round doing absolutely
	 * nothing and is not attacked." */
	return penalty > 0 ? penalty - 1 : 0;
}

void bs1e_ar_add_forced_march(struct bs_deriv *d, int penalty)
{
	if (penalty > 0)
		bs_deriv_add(d, penalty, "[7.13]", "forced march x%d", penalty);
}

#define EPS 1e-6

/* A move being worked out: simulated (wb NULL) or carried out. */
struct mv {
	const struct bs_battle *b;
	struct bs_battle *wb; /* carry it out and emit events */
	int g;
	const struct bs_order *o;
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	struct bs_quad obst[BS1E_MAX_OBST];
	int map[BS1E_MAX_OBST]; /* units, individuals, -1 edges (engine.h) */
	int n;
	double mv;	/* the unit's movement rate */
	double allowed; /* MV for this order */
	double spent;
	double run;	 /* spent when contact was made */
	int contact;	 /* the enemy touched (global), -1 */
	double straight; /* the last straight stretch [7.14] */
	double last_angle;
	int last_adv;
	/* [11.6] [11.7] the special formation the order declares or keeps,
	 * in force while it moves */
	struct bs1e_special_plan sp;
	const char *why, *cite; /* illegal: why, and the rule */
	/* [11.8] terrain (NULL: clear ground, and the sums below are not
	 * used: spent is added up as before) */
	const struct bs_terrain_index *ti;
	struct bs_tt_mover gm;	 /* what the ground asks of the unit */
	int road;		 /* the road bonus holds (RULING R-445) */
	double fixed;		 /* MV paid for faces, frontage, formation */
	double dist_plain;	 /* MV paid for distance, without the bonus */
	int on_obstacle, uphill; /* [11.8] what bars a charge (R-450) */
	int obstacles, climbed;	 /* the thirds of MV paid (R-444) */
	const char *name, *name_cite; /* the MOVE events' primitive, or NULL */
	int free_ground; /* the ground bars but costs nothing ([7.12] follow) */
	/* issue 14 [10.6] pass-through fire (RULING R-477): a simulation
	 * traces the moments of the move into `mo`; carrying it out stops at
	 * the moments of `pause` (by moment) for the volleys there */
	struct moments *mo;
	const struct bs1e_pt_order *pause;
	int npause, ipause;
	int aborted;	/* the mover routed or was destroyed by the fire */
	int fire_steps; /* [10.5] split-fire steps taken */
};

/* The moments of a move at which pass-through fire may be taken [10.6]
 * (RULING R-477): where it starts, every inch of an advance, the end of
 * each step (the moment of contact, before it touches, when a step ends
 * in contact). */
struct moments {
	struct bs_move_point pt[BS_MAX_MOVE_POINTS];
	int step[BS_MAX_MOVE_POINTS]; /* -1: before the first step */
	double t[BS_MAX_MOVE_POINTS]; /* inches into an advance, -1 the end */
	int n;
	/* RULING R-456 a withdrawal's or a flight's straight line: its
	 * front's start, the unit vector along it, its facing, the MV paid
	 * an inch */
	struct bs_vec along0, along;
	double along_facing, along_rate;
};
#define MOMENT_STEP 1.0 /* inches between the moments of an advance */

static int illegal(struct mv *m, const char *why, const char *cite)
{
	if (!m->why) {
		m->why = why;
		m->cite = cite;
	}
	return 0;
}

static void mv_init(struct mv *m, const struct bs_battle *b,
		    struct bs_battle *wb, int g, const struct bs_order *o,
		    double allowed)
{
	m->b = b;
	m->wb = wb;
	m->g = g;
	m->o = o;
	bs1e_shape(b, g, &m->s);
	bs1e_pose(b, g, &m->p);
	/* the units, the heroes and commanders on the table [9.4], and the
	 * table edge: no move but a rout goes over it (RULING R-374) */
	m->n = bs1e_obstacles_all_walled(b, g, -1, -1, m->obst, m->map);
	m->mv = b->units[g].r.mv;
	m->allowed = allowed;
	m->spent = 0;
	m->run = 0;
	m->contact = -1;
	m->straight = 0;
	m->last_angle = 0;
	m->last_adv = 0;
	memset(&m->sp, 0, sizeof m->sp);
	m->sp.special = BS_SPECIAL_NONE;
	m->sp.mv_factor = 1.0;
	m->sp.may_move = 1;
	m->why = m->cite = NULL;
	m->ti = bs1e_terrain(b);
	m->gm = bs1e_sc(b)->ux[g].gm;
	m->gm.formation = m->s.formation;
	m->fixed = m->dist_plain = 0;
	m->on_obstacle = m->uphill = m->obstacles = m->climbed = 0;
	m->road = 0;
	m->name = m->name_cite = NULL;
	m->free_ground = 0;
	if (m->ti) {
		/* RULING R-445: "the entire unit must be on the road" as the
		 * move begins */
		struct bs_quad q = bs_tt_quad(&m->s, &m->p);
		m->road = bs_terrain_road_under(m->ti, &q) >= 0;
	}
	m->mo = NULL;
	m->pause = NULL;
	m->npause = m->ipause = 0;
	m->aborted = 0;
	m->fire_steps = 0;
}

static int is_enemy(const struct mv *m, int obst_index)
{
	return obst_index >= 0 && m->map[obst_index] >= 0 &&
	       bs1e_obst_side(m->b, m->map[obst_index]) !=
		   m->b->units[m->g].side;
}

/* MOVE event of one primitive (events on, carrying out). */
static void emit_move(struct mv *m, const char *what, struct bs_vec x0,
		      double f0, double cost, const char *cite)
{
	if (!m->wb || !bs_battle_events_on(m->b))
		return;
	struct bs_event ev;
	bs1e_ev(m->b, &ev, BS_EV_MOVE);
	bs_battle_ev_units(m->b, &ev, m->g, -1);
	ev.what = what;
	ev.x0 = x0.x;
	ev.y0 = x0.y;
	ev.f0 = f0;
	ev.x1 = m->p.front.x;
	ev.y1 = m->p.front.y;
	ev.f1 = m->p.facing;
	ev.n[0] = (int)lround(cost * 10);
	ev.n[1] = (int)lround(m->allowed * 10);
	ev.n[2] = (int)lround(m->spent * 10);
	ev.cite = cite;
	bs_battle_emit(m->wb, &ev);
}

static void emit_formation(struct mv *m, enum bs_formation of, int ofiles,
			   double cost, const char *what, const char *cite)
{
	if (!m->wb || !bs_battle_events_on(m->b))
		return;
	struct bs_event ev;
	bs1e_ev(m->b, &ev, BS_EV_FORMATION);
	bs_battle_ev_units(m->b, &ev, m->g, -1);
	ev.n[0] = (int)of;
	ev.n[1] = (int)m->s.formation;
	ev.n[2] = ofiles;
	ev.n[3] = m->s.files;
	ev.n[4] = (int)lround(cost * 10);
	/* RULING R-106: open formation, bases still touching */
	ev.n[5] = m->s.formation == BS_FORM_OPEN && m->s.gap < 1e-9;
	ev.what = what;
	ev.cite = cite;
	bs_battle_emit(m->wb, &ev);
}

static const char *adv_name(const struct mv *m)
{
	switch (m->o->kind) {
	case BS_ORDER_CHARGE:
		return "charge";
	case BS_ORDER_FORCED_MARCH:
		return "forced march";
	default:
		return "advance";
	}
}

static const char *adv_cite(const struct mv *m)
{
	switch (m->o->kind) {
	case BS_ORDER_CHARGE:
		return "[7.14]";
	case BS_ORDER_FORCED_MARCH:
		return "[7.13]";
	default:
		return "[7.7] [7.9]";
	}
}

/* ---- terrain [11.8] (RULINGS R-444 .. R-450) ----------------------------
 * With terrain in force (m->ti), a move's MV is counted in parts: the fixed
 * costs of faces, frontage and formation changes, and the distance paid
 * over the ground without the road bonus; spent is their sum with the
 * distance at 3/4 while the bonus holds. */

/* RULING R-445: while the road bonus holds each inch costs 3/4. */
static double road_k(const struct mv *m)
{
	return m->road ? 0.75 : 1.0;
}

static void reprice(struct mv *m)
{
	m->spent = m->fixed + m->dist_plain * road_k(m);
}

/* Distance paid (inches of movement without the road bonus). Off the
 * road spent is added to as on clear ground (the same sums, bit for bit,
 * as a battle without terrain). */
static void pay_dist(struct mv *m, double cost)
{
	m->dist_plain += cost;
	if (m->road)
		reprice(m);
	else
		m->spent += cost;
}

/* The distance MV left, counted without the road bonus. */
static double dist_room(const struct mv *m)
{
	double r = m->road ? (m->allowed - m->fixed) / road_k(m) - m->dist_plain
			   : m->allowed - m->spent;
	return r > 0 ? r : 0;
}

/* 1 when the way of a straight move (wheel 0: `dist` inches at angle a) or
 * wheel (wheel 1: `dist` degrees) of the block as it stands touches no
 * terrain feature: it is paid as on clear ground, by the same code. */
static int clear_way(const struct mv *m, int wheel, double dist, double a)
{
	if (!m->ti)
		return 1;
	if (m->road)
		return 0;
	struct bs_quad q = bs_tt_quad(&m->s, &m->p);
	if (wheel)
		return bs_terrain_sweep_rotate(m->ti, &q,
					       dist >= 0 ? q.p[3] : q.p[0],
					       dist, NULL, 0) == 0;
	return bs_terrain_sweep(m->ti, &q, bs_dir(m->p.facing + a), fabs(dist),
				NULL, 0) == 0;
}

/* RULING R-445 "the unit must stay on the road for the entire move": a
 * step off the road ends the bonus for the whole move. */
static void road_lost(struct mv *m)
{
	if (!m->road)
		return;
	m->road = 0;
	reprice(m);
}

static const char *feat_name(const struct mv *m, int f)
{
	const struct bs_terrain *t = bs_terrain_feature(m->ti, f);
	return t && t->name[0] ? t->name : "terrain";
}

static const char *feat_key(const struct mv *m, int f)
{
	const struct bs_terrain *t = bs_terrain_feature(m->ti, f);
	return bs_terrain_kind_of(t ? t->type : 0)->key;
}

/* The NOTE of what the ground did to one piece of a move (events on,
 * carrying out): its rates, thirds and stop [11.8]. `lead` (may be NULL)
 * begins it: a wheel the ground stops before it turns at all says so
 * instead of a MOVE of 0". */
static void terrain_note(struct mv *m, const struct bs_terrain_path *tp,
			 const char *lead)
{
	if (!m->wb || !bs_battle_events_on(m->b))
		return;
	char buf[400];
	size_t o = 0, o0;
#define ADD(...)                                                               \
	do {                                                                   \
		int w_ = snprintf(buf + o, sizeof buf - o, __VA_ARGS__);       \
		if (w_ > 0 && (size_t)w_ < sizeof buf - o)                     \
			o += (size_t)w_;                                       \
	} while (0)
	if (lead)
		ADD("%s", lead);
	o0 = o;
#define SEP (o > o0 ? "; " : "")
	if (tp->slow_row >= 0) {
		const struct bs_t14_row *r = &bs_table14[tp->slow_row];
		ADD("%s%s '%s': movement at %d/%d", SEP,
		    feat_key(m, tp->slow_feature),
		    feat_name(m, tp->slow_feature), r->mv_num, r->mv_den);
	}
	if (tp->obstacles > 0)
		ADD("%scrosses %s '%s': 1/3 MV (%.1f\")", SEP,
		    feat_key(m, tp->feature), feat_name(m, tp->feature),
		    m->mv / 3.0 * tp->obstacles);
	if (tp->climbed > 0)
		ADD("%sclimbs %d0 feet: 1/3 MV per 10 feet (%.1f\")", SEP,
		    tp->climbed, m->mv / 3.0 * tp->climbed);
	if (tp->stop == BS_TSTOP_BARRED ||
	    (tp->stop == BS_TSTOP_BUDGET && tp->why && tp->feature >= 0))
		ADD("%s%sat the edge of %s '%s': %s", SEP, lead ? "" : "stops ",
		    feat_key(m, tp->feature), feat_name(m, tp->feature),
		    tp->why);
	else if (tp->stop == BS_TSTOP_BUDGET && tp->why)
		ADD("%s%s%s", SEP, lead ? "" : "stops: ", tp->why);
	else if (lead && tp->stop == BS_TSTOP_BUDGET)
		ADD("%sits movement is spent", SEP);
#undef SEP
#undef ADD
	if (o == o0)
		return;
	bs1e_note(m->wb, m->g, buf,
		  tp->stop == BS_TSTOP_BARRED && tp->cite
		      ? tp->cite
		      : "[11.8] Table 14 (RULING R-444)");
}

/* [11.8] "A unit in closed formation goes immediately to open formation
 * when crossing an obstacle, but there is no movement penalty for this
 * change of formation" (RULING R-449): at obstacle f it opens, free; with
 * no room to spread it stays cramped (RULING R-106). Once open, a block
 * already on the obstacle has come onto it: its third (R-444). Returns 0
 * when it cannot pay that third (it stops there). */
static int open_at_obstacle(struct mv *m, int f)
{
	enum bs_formation of = m->s.formation;
	int ofl = m->s.files;
	struct bs_tt_step_result fr;
	bs_tt_formation(&m->s, &m->p, BS_FORM_OPEN, m->mv, 1, m->b->stands,
			m->obst, m->n, &fr);
	if (!fr.complete) {
		m->s.formation = BS_FORM_OPEN; /* cramped: the bases stay */
		m->s.gap = 0;
	}
	m->gm.formation = BS_FORM_OPEN;
	emit_formation(m, of, ofl, 0,
		       "closed formation goes to open crossing an obstacle",
		       "[11.8] Table 14");
	struct bs_quad q = bs_tt_quad(&m->s, &m->p);
	if (!bs_terrain_quad_on(m->ti, f, &q) || m->free_ground)
		return 1;
	if (m->mv / 3.0 > dist_room(m) + EPS)
		return 0;
	pay_dist(m, m->mv / 3.0);
	m->obstacles++;
	m->on_obstacle = 1;
	return 1;
}

/* The terrain path of one piece: the ground's costs, where it stops, the
 * road (R-445: a piece off the road re-priced without the bonus). */
static void ground_path(struct mv *m, int wheel, double want, double a,
			struct bs_terrain_path *tp)
{
	struct bs_quad q = bs_tt_quad(&m->s, &m->p);
	for (int pass = 0; pass < 2; pass++) {
		double room = m->free_ground ? HUGE_VAL : dist_room(m);
		if (wheel) {
			struct bs_vec pv = want >= 0 ? q.p[3] : q.p[0];
			bs_terrain_wheel(m->ti, &q, pv, want, m->s.width, room,
					 1.0, m->mv, &m->gm, tp);
		} else {
			bs_terrain_advance(m->ti, &q, bs_dir(m->p.facing + a),
					   want, room, 1.0, m->mv, &m->gm, tp);
		}
		if (!m->road || tp->road_all)
			return;
		road_lost(m);
	}
}

/* [10.9] "Artillery weapons can move only along roads or clear terrain
 * ([11.8])" (RULING R-490): 1 when the piece's advance of `dist` inches at
 * angle a comes onto no feature but roads and clear ground, the features
 * it stands on when the advance begins left aside (it may come off them),
 * or when the whole block stays on a road (the road's bridge or ford,
 * R-445); *f gets the feature. (A piece's crew is a skirmish unit
 * [10.10]: it turns in place [7.9], it never wheels.) */
static int artillery_way_clear(const struct mv *m, double dist, double a,
			       int road_all, int *f)
{
	*f = -1;
	if (!m->ti || m->b->units[m->g].r.msl.artillery == BS_ART_NONE ||
	    road_all || fabs(dist) < EPS)
		return 1;
	struct bs_quad q = bs_tt_quad(&m->s, &m->p);
	enum { MAX_CROSS = 64 };
	struct bs_terrain_cross cr[MAX_CROSS];
	int nc = bs_terrain_sweep(m->ti, &q, bs_dir(m->p.facing + a), dist, cr,
				  MAX_CROSS);
	if (nc > MAX_CROSS)
		return 0; /* more stretches than it lists: not clear */
	for (int i = 0; i < nc; i++) {
		const struct bs_terrain *t =
		    bs_terrain_feature(m->ti, cr[i].feature);
		enum bs_t14 row = bs_terrain_kind_of(t ? t->type : 0)->row;
		if (row == BS_T14_CLEAR || row == BS_T14_ROAD || cr[i].on0)
			continue;
		*f = cr[i].feature;
		return 0;
	}
	return 1;
}

/* [7.4] a unit in skirmish formation that an advance at angle a (result
 * *r) brought against a regular enemy unit stops short of it. The rules of
 * skirmish formation are the formation's: a skirmish unit's, or an elite
 * unit's that has entered it [2.11]. */
static void skirmish_stop(struct mv *m, double a, struct bs_tt_step_result *r)
{
	const struct bs1e_scratch *sc = bs1e_sc(m->b);
	if (m->s.formation != BS_FORM_SKIRMISH || !is_enemy(m, r->hit) ||
	    m->map[r->hit] >= m->b->nunits || sc->ux[m->map[r->hit]].skirmish)
		return;
	/* [7.4] "can never move into base-to-base contact with enemy
	 * units": it stops short; RULING R-137 (known-gaps 26): enemy
	 * skirmishers, whom [2.9] lets it attack, it may touch, and
	 * individuals (RULING R-521) */
	double back = r->done < 0.05 ? r->done : 0.05;
	m->p.front =
	    bs_vec_sub(m->p.front, bs_vec_scale(bs_dir(m->p.facing + a), back));
	r->done -= back;
	r->cost -= back;
	r->hit = -1;
}

/* [7.9] [11.8] an advance (wheel 0, `dist` inches at angle a) or a wheel
 * (wheel 1, `dist` degrees) over terrain: the ground's costs along the way
 * (RULING R-444), barred ground stopping it, a closed unit opening at an
 * obstacle and going on, a charge through an obstacle or uphill refused
 * (RULING R-450). Fills *out as the primitive would; 0 with m->why when
 * the order is against the rules. */
static int move_over(struct mv *m, int wheel, double dist, double a,
		     struct bs_tt_step_result *out)
{
	const int charge = m->o->kind == BS_ORDER_CHARGE;
	double want = dist;
	*out = (struct bs_tt_step_result){0, 0, -1, 1};
	for (int piece = 0; piece < 4 && fabs(want) > EPS; piece++) {
		struct bs_vec x0 = m->p.front;
		double f0 = m->p.facing, before = m->spent;
		struct bs_terrain_path tp;
		ground_path(m, wheel, want, a, &tp);
		if (charge && (tp.on_obstacle || tp.stop == BS_TSTOP_FORMATION))
			return illegal(m,
				       "no charge possible through obstacles",
				       "[11.8] Table 14 (RULING R-450)");
		if (charge && tp.uphill)
			return illegal(m, "units may not charge uphill",
				       "[11.8] Table 14 (RULING R-450)");
		int af;
		if (!wheel &&
		    !artillery_way_clear(m, tp.dist, a, tp.road_all, &af))
			return illegal(m,
				       "artillery weapons can move only along "
				       "roads or clear terrain",
				       "[10.9] [11.8] (RULING R-490)");
		struct bs_tt_step_result r;
		if (wheel)
			bs_tt_wheel(&m->s, &m->p, tp.dist, m->obst, m->n, &r);
		else
			bs_tt_advance(&m->s, &m->p, tp.dist, a, m->obst, m->n,
				      &r);
		if (!wheel)
			skirmish_stop(m, a, &r);
		if (fabs(r.done) < fabs(tp.dist) - 1e-9) {
			/* a unit stopped it first: the ground of the way it
			 * went */
			struct bs_tt_shape s1 = m->s;
			struct bs_tt_pose p1 = m->p;
			m->p.front = x0;
			m->p.facing = f0;
			ground_path(m, wheel, r.done, a, &tp);
			m->s = s1;
			m->p = p1;
			tp.stop = BS_TSTOP_NONE;
		}
		pay_dist(m, m->free_ground ? fabs(r.done) : tp.cost);
		m->on_obstacle |= tp.on_obstacle;
		m->uphill |= tp.uphill;
		m->obstacles += tp.obstacles;
		m->climbed += tp.climbed;
		double cost = m->spent - before;
		out->done += r.done;
		out->cost += cost;
		out->hit = r.hit;
		want -= r.done;
		if (wheel) {
			m->straight = 0;
			m->last_adv = 0;
		} else {
			if (m->last_adv && fabs(a - m->last_angle) < EPS)
				m->straight += r.done;
			else
				m->straight = r.done;
			m->last_adv = 1;
			m->last_angle = a;
		}
		if (is_enemy(m, r.hit)) {
			m->contact = m->map[r.hit];
			m->run = m->spent;
		}
		/* a wheel the ground stops at once (a hair of arc, less
		 * than the 0.1" the log shows): no MOVE of 0", the NOTE says
		 * what stopped it; nor a piece of an advance that goes nowhere
		 * (issue 14: a block already at an obstacle opens there, or
		 * has not the third left to cross it, R-444 R-449) */
		int stuck =
		    wheel && r.hit < 0 && lround(cost * 10) == 0 &&
		    (tp.stop == BS_TSTOP_BARRED || tp.stop == BS_TSTOP_BUDGET);
		int nowhere = !wheel && r.hit < 0 && fabs(r.done) < 0.05 &&
			      lround(cost * 10) == 0;
		if (!stuck && !nowhere)
			emit_move(m,
				  m->name ? m->name
				  : wheel ? "wheel"
					  : adv_name(m),
				  x0, f0, cost,
				  m->name_cite ? m->name_cite
				  : wheel      ? "[7.9] [11.8]"
					       : adv_cite(m));
		terrain_note(m, &tp,
			     stuck ? "does not wheel (the ground stops it at "
				     "once): "
				   : NULL);
		if (r.hit >= 0 || tp.stop != BS_TSTOP_FORMATION ||
		    !open_at_obstacle(m, tp.feature))
			break;
	}
	out->complete = fabs(want) <= EPS;
	return 1;
}

/* [11.8] a block put down anew (a face, a new frontage or formation, in
 * shape s at pose p) that costs `cost`: 1 when it may stand there and the
 * move can pay for it, the road bonus lost when the block leaves the road
 * (RULING R-445); 0 with m->why when the ground bars it; -1 (nothing
 * changed) when leaving the road leaves too little movement for it. */
static int ground_put(struct mv *m, const struct bs_tt_shape *s,
		      const struct bs_tt_pose *p, double cost)
{
	if (!m->ti)
		return 1;
	struct bs_quad q = bs_tt_quad(s, p);
	struct bs_tt_mover gm = m->gm;
	gm.formation = s->formation;
	const char *why = NULL, *cite = NULL;
	if (bs_terrain_barred(m->ti, &q, NULL, &gm, &why, &cite) >= 0)
		return illegal(m, why, cite);
	if (m->road && bs_terrain_road_under(m->ti, &q) < 0) {
		if (m->fixed + m->dist_plain + cost > m->allowed + EPS)
			return -1;
		road_lost(m);
	}
	m->gm.formation = s->formation;
	return 1;
}

/* A fixed cost paid (terrain in force: into its part). */
static void pay(struct mv *m, double cost)
{
	m->fixed += cost;
	if (m->road)
		reprice(m);
	else
		m->spent += cost;
}

void bs1e_ground_advance(const struct bs_battle *b, int g,
			 const struct bs_tt_shape *s, struct bs_tt_pose *p,
			 double budget, double angle,
			 const struct bs_quad *obst, int n,
			 struct bs_tt_step_result *r)
{
	const struct bs_terrain_index *ti = bs1e_terrain(b);
	struct bs_quad q = bs_tt_quad(s, p);
	struct bs_vec dir = bs_dir(p->facing + angle);
	if (!ti || bs_terrain_sweep(ti, &q, dir, budget, NULL, 0) == 0) {
		/* clear ground on the whole way */
		bs_tt_advance(s, p, budget, angle, obst, n, r);
		return;
	}
	/* RULING R-454: routs pay the ground as any move (no road bonus)
	 * and stop short of ground they may not enter */
	struct bs_tt_mover gm = bs1e_sc(b)->ux[g].gm;
	gm.formation = s->formation;
	double mv = b->units[g].r.mv;
	struct bs_terrain_path tp;
	bs_terrain_advance(ti, &q, dir, budget, budget, 1.0, mv, &gm, &tp);
	bs_tt_advance(s, p, tp.dist, angle, obst, n, r);
	double cost = tp.cost;
	int stopped = tp.stop != BS_TSTOP_NONE;
	if (r->done < tp.dist - 1e-9) {
		bs_terrain_advance(ti, &q, dir, r->done, HUGE_VAL, 1.0, mv, &gm,
				   &tp);
		cost = tp.cost;
	}
	r->cost = cost;
	r->complete = r->complete && !stopped;
}

/* ---- the memo of the last simulated order (struct bs1e_simmemo) -------- */

static int same_d(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

static int same_shape(const struct bs_tt_shape *a, const struct bs_tt_shape *b)
{
	return a->formation == b->formation && a->figures == b->figures &&
	       a->files == b->files && a->ranks == b->ranks &&
	       a->last == b->last && same_d(a->base_w, b->base_w) &&
	       same_d(a->base_d, b->base_d) && same_d(a->gap, b->gap) &&
	       same_d(a->width, b->width) && same_d(a->depth, b->depth);
}

static int same_step(const struct bs_step *a, const struct bs_step *b)
{
	return a->kind == b->kind && same_d(a->dist, b->dist) &&
	       same_d(a->angle, b->angle) && a->files == b->files &&
	       a->formation == b->formation;
}

/* A simulation (nothing carried out) about to run its steps: when the
 * memo holds the same start (every input of run_steps) and the same first
 * steps, m and *fdir are put where those steps left the unit and the index
 * of the first step still to run is returned; else the memo is set to this
 * start and 0 is returned. */
static int memo_start(struct mv *m, int *fdir)
{
	struct bs1e_simmemo *c = bs1e_sc(m->b)->memo;
	const struct bs_unit_state *u = &m->b->units[m->g];
	if (!c || m->wb || m->mo)
		return 0;
	size_t nq = (size_t)m->n * sizeof m->obst[0];
	size_t nm = (size_t)m->n * sizeof m->map[0];
	if (!(c->valid && c->g == m->g && c->n == m->n && c->fdir0 == *fdir &&
	      c->flags == u->flags && c->stands == m->b->stands &&
	      c->special == m->sp.special &&
	      same_d(c->turn_mv, m->sp.turn_mv) && same_d(c->mv, m->mv) &&
	      same_d(c->allowed, m->allowed) && same_shape(&c->s0, &m->s) &&
	      memcmp(&c->p0, &m->p, sizeof m->p) == 0 &&
	      memcmp(c->map, m->map, nm) == 0 &&
	      memcmp(c->obst, m->obst, nq) == 0)) {
		c->valid = 1;
		c->g = m->g;
		c->n = m->n;
		c->fdir0 = *fdir;
		c->flags = u->flags;
		c->stands = m->b->stands;
		c->special = m->sp.special;
		c->turn_mv = m->sp.turn_mv;
		c->mv = m->mv;
		c->allowed = m->allowed;
		c->s0 = m->s;
		c->p0 = m->p;
		memcpy(c->map, m->map, nm);
		memcpy(c->obst, m->obst, nq);
		c->k = 0;
		return 0;
	}
	int j = 0;
	while (j < c->k && j < m->o->nsteps &&
	       same_step(&c->step[j], &m->o->step[j]))
		j++;
	c->k = j; /* what follows is this order's */
	if (j == 0)
		return 0;
	const struct bs1e_mvsnap *a = &c->after[j - 1];
	m->s = a->s;
	m->p = a->p;
	m->spent = a->spent;
	m->run = a->run;
	m->straight = a->straight;
	m->last_angle = a->last_angle;
	m->contact = a->contact;
	m->last_adv = a->last_adv;
	m->fixed = a->fixed;
	m->dist_plain = a->dist_plain;
	m->road = a->road;
	m->on_obstacle = a->on_obstacle;
	m->uphill = a->uphill;
	m->obstacles = a->obstacles;
	m->climbed = a->climbed;
	m->gm.formation = m->s.formation;
	*fdir = a->fdir;
	return j;
}

/* Step i of a simulation done (and the steps go on): into the memo. */
static void memo_record(struct mv *m, int i, int fdir)
{
	struct bs1e_simmemo *c = bs1e_sc(m->b)->memo;
	if (!c || m->wb || m->mo || c->k != i || i >= BS_ORDER_MAX_STEPS)
		return;
	c->step[i] = m->o->step[i];
	struct bs1e_mvsnap *a = &c->after[i];
	a->s = m->s;
	a->p = m->p;
	a->spent = m->spent;
	a->run = m->run;
	a->straight = m->straight;
	a->last_angle = m->last_angle;
	a->contact = m->contact;
	a->last_adv = m->last_adv;
	a->fixed = m->fixed;
	a->dist_plain = m->dist_plain;
	a->road = m->road;
	a->on_obstacle = m->on_obstacle;
	a->uphill = m->uphill;
	a->obstacles = m->obstacles;
	a->climbed = m->climbed;
	a->fdir = fdir;
	c->k = i + 1;
}

/* [11.6] "The unit can change facing only up to 90 degrees during any one
 * Game Round. A change of facing costs a unit in shield wall formation its
 * entire movement rate." RULING R-537: the change of facing (a face or a
 * wheel of up to 90 degrees, its [7.9] cost within the whole movement
 * rate) is the order's only movement: nothing before it, nothing left
 * after it. 1 when a shield wall may turn by angle a now. */
static int wall_turn(struct mv *m, double a)
{
	if (m->spent > EPS)
		return illegal(m,
			       "a change of facing costs a shield wall its "
			       "entire movement: it cannot also move",
			       "[11.6] (RULING R-537)");
	if (fabs(a) > 90.0 + EPS)
		return illegal(m,
			       "a shield wall changes facing at most 90 "
			       "degrees a round",
			       "[11.6]");
	return 1;
}

/* ---- the moments of a move [10.6] (issue 14) ----------------------------- */

/* Trace a moment: the mover at front `f`, facing, with `moved` inches
 * done, in step `step` at `t` inches (-1: the step's end); contact with
 * global unit `with` (-1 none). */
static void moment(struct mv *m, struct bs_vec f, double facing, double moved,
		   int step, double t, int with)
{
	struct moments *mo = m->mo;
	if (!mo || mo->n >= BS_MAX_MOVE_POINTS)
		return;
	const struct bs_unit_state *u = &m->b->units[m->g];
	struct bs_move_point *p = &mo->pt[mo->n];
	p->side = u->side;
	p->unit = u->idx;
	p->x = f.x;
	p->y = f.y;
	p->facing = facing;
	p->files = m->s.files;
	p->figures = m->s.figures;
	p->formation = m->s.formation;
	p->moved = moved;
	p->contact = with >= 0;
	/* the unit it touches (an individual it touches is no unit: -1) */
	int wu = with >= 0 && with < m->b->nunits;
	p->tside = wu ? m->b->units[with].side : -1;
	p->tunit = wu ? m->b->units[with].idx : -1;
	p->indiv = -1; /* a unit's moment (RULING R-674) */
	mo->step[mo->n] = step;
	mo->t[mo->n] = t;
	mo->n++;
}

/* The pass-through volleys at moment k, the mover stopped there
 * (carrying out). */
static void pause_at(struct mv *m, int k)
{
	struct bs_battle *b = m->wb;
	bs1e_set_geom(b, m->g, &m->s, &m->p);
	struct bs_move_point pt = m->mo->pt[k];
	pt.x = m->p.front.x;
	pt.y = m->p.front.y;
	pt.facing = m->p.facing;
	pt.moved = m->spent;
	if (bs_battle_events_on(b)) {
		char msg[96];
		snprintf(msg, sizeof msg,
			 "pass-through fire: %.1f\" into its move%s", m->spent,
			 pt.contact ? ", as it comes into contact" : "");
		/* a withdrawal's, a flight's or a wrap-around's moments are
		 * RULING R-456's */
		const enum bs_order_kind ok = m->o->kind;
		bs_battle_say(b, BS_EV_NOTE, m->g, msg,
			      ok == BS_ORDER_WITHDRAW || ok == BS_ORDER_FLEE ||
				      ok == BS_ORDER_WRAP
				  ? "[10.6] RULING R-456"
				  : "[10.6] RULING R-477");
	}
	while (m->ipause < m->npause && m->pause[m->ipause].at == k) {
		const struct bs1e_pt_order *o = &m->pause[m->ipause++];
		if (bs1e_in_play(b, m->g) && !bs1e_routed(b, m->g))
			bs1e_pt_fire(b, o, &pt);
		else
			bs1e_pt_skip(b, o, 0,
				     "pass-through fire not taken: the mover "
				     "has routed or is destroyed",
				     "[10.6]");
	}
	if (!bs1e_in_play(b, m->g) || bs1e_routed(b, m->g)) {
		m->aborted = 1;
		return;
	}
	/* its block after its losses; the others as they now stand, with the
	 * lone figures [9.4] and the table edges (RULING R-374) as at the start
	 * of the move */
	bs1e_shape(b, m->g, &m->s);
	m->n = bs1e_obstacles_all_walled(b, m->g, -1, -1, m->obst, m->map);
}

/* The next pause falls in step i at t (t < 0: at the step's end). */
static int pause_next(const struct mv *m, int i, double *t)
{
	if (!m->pause || m->ipause >= m->npause || m->aborted)
		return 0;
	int k = m->pause[m->ipause].at;
	if (m->mo->step[k] != i)
		return 0;
	*t = m->mo->t[k];
	return 1;
}

/* [7.9] one straight piece of an advance of at most d inches at angle a:
 * over the ground when terrain lies on its way [11.8] (move_over), else as
 * on clear ground. Returns the inches it moved (-1 with m->why when the
 * order is against the rules); *stopped set when the ground or the MV
 * left stopped it short of d. */
static double advance_piece(struct mv *m, double d, double a, int *stopped)
{
	struct bs_vec x0 = m->p.front;
	double f0 = m->p.facing;
	struct bs_tt_step_result r = {0, 0, -1, 1};
	if (!clear_way(m, 0, d, a)) {
		if (!move_over(m, 0, d, a, &r))
			return -1;
		if (!r.complete && r.hit < 0)
			*stopped = 1;
		return r.done;
	}
	if (m->ti) {
		/* a clear piece of an advance over terrain: the MV left */
		double room = m->allowed - m->spent;
		if (d > room + EPS) {
			d = room;
			*stopped = 1;
		}
		if (d <= EPS)
			return 0;
	}
	double before = m->spent;
	bs_tt_advance(&m->s, &m->p, d, a, m->obst, m->n, &r);
	skirmish_stop(m, a, &r);
	pay_dist(m, r.cost);
	if (m->last_adv && fabs(a - m->last_angle) < EPS)
		m->straight += r.done;
	else
		m->straight = r.done;
	m->last_adv = 1;
	m->last_angle = a;
	if (is_enemy(m, r.hit)) {
		m->contact = m->map[r.hit];
		m->run = m->spent;
	}
	emit_move(m, adv_name(m), x0, f0, r.cost, adv_cite(m));
	/* on clear ground the inches moved are the MV paid */
	return m->spent - before;
}

/* [10.5] a split-fire step: after at most half the MV, one volley at the
 * order's target (carrying out: fired now). */
static int fire_step(struct mv *m)
{
	const struct bs_battle *b = m->b;
	const struct bs_unit_state *u = &b->units[m->g];
	const struct bs_order *o = m->o;
	if (!u->r.msl.split_fire)
		return illegal(m,
			       "only mounted archers, centaur archers and "
			       "creatures with innate missiles split-fire",
			       "[10.5]");
	if (o->kind != BS_ORDER_MOVE)
		return illegal(m,
			       "split-fire is part of a move (a unit that "
			       "fires cannot charge)",
			       "[10.5] [10.4]");
	if (m->fire_steps > 0)
		return illegal(m, "one split-fire shot in a move", "[10.5]");
	/* [10.5] "can move 1/2 of their movement rate, fire at eligible
	 * enemy units, then continue moving the remainder" */
	if (m->spent > m->mv / 2.0 + EPS)
		return illegal(m,
			       "split-fire comes after at most half the "
			       "movement rate",
			       "[10.5]");
	if (o->tside < 0 || o->tside >= b->nsides || o->tside == u->side ||
	    o->tunit < 0 || o->tunit >= b->sc->sides[o->tside].nunits)
		return illegal(m, "split-fire needs an enemy target", "[10.5]");
	m->fire_steps++;
	if (m->wb) {
		struct bs_battle *wb = m->wb;
		bs1e_set_geom(wb, m->g, &m->s, &m->p);
		wb->units[m->g].mv_spent += m->spent;
		bs1e_fire(wb, m->g, bs1e_g(wb, o->tside, o->tunit),
			  BS_FIRE_SPLIT, -1, NULL, o->why);
		wb->units[m->g].mv_spent -= m->spent;
		m->n = bs1e_obstacles_all_walled(wb, m->g, -1, -1, m->obst,
						 m->map);
	}
	return 1;
}

/* The steps of a MOVE, CHARGE or FORCED_MARCH order [7.6]-[7.10], in
 * order, paying each cost out of m->allowed. Returns 1, or 0 with
 * m->why when a step is against the rules. A step that costs more than
 * is left is cut short (advance, wheel) or not taken (the rest). */
static int run_steps(struct mv *m)
{
	const struct bs_unit_state *u = &m->b->units[m->g];
	const struct bs1e_scratch *sc = bs1e_sc(m->b);
	const struct bs1e_unit_x *x = &sc->ux[m->g];
	int fdir = u->frontage_dir;
	/* a simulation whose first steps were just simulated from the same
	 * start goes on from where they ended (the same arithmetic) */
	int start = memo_start(m, &fdir);
	double pt;
	if (m->mo && !m->wb && start == 0)
		moment(m, m->p.front, m->p.facing, 0, -1, -1, -1);
	while (pause_next(m, -1, &pt))
		pause_at(m, m->pause[m->ipause].at);
	for (int i = start;
	     i < m->o->nsteps && i < BS_ORDER_MAX_STEPS && !m->aborted; i++) {
		const struct bs_step *st = &m->o->step[i];
		const int i0 = i;
		double left = m->allowed - m->spent;
		struct bs_vec x0 = m->p.front;
		double f0 = m->p.facing;
		const int files0 = m->s.files;
		const enum bs_formation form0 = m->s.formation;
		struct bs_tt_step_result r = {0, 0, -1, 1};
		/* the rules of skirmish formation [7.4] [7.9] [7.10] are the
		 * formation's: a skirmish unit's, or an elite unit's that has
		 * entered it [2.11] (even in this very order) */
		const int skirm = m->s.formation == BS_FORM_SKIRMISH;
		/* [7.8] "Figures may not change direction once any member of
		 * the unit has made contact with an enemy figure." */
		if (m->contact >= 0)
			break;
		switch (st->kind) {
		case BS_STEP_ADVANCE: {
			double a = st->angle;
			if (!isfinite(a) || !isfinite(st->dist))
				return illegal(m, "not a number", "[7.7]");
			/* [7.9] "straight ahead or up to 45 degrees to the
			 * left or right"; skirmishers "at will" */
			if (!skirm && fabs(a) > 45.0 + EPS)
				return illegal(m,
					       "a unit in closed, open or mob "
					       "formation moves at most 45 "
					       "degrees off its facing",
					       "[7.9]");
			/* clear ground: as far as the MV left goes; with
			 * terrain on the way [11.8] the pieces pay the ground
			 * and stop where the MV runs out */
			double d = !clear_way(m, 0, st->dist, a) ? st->dist
				   : st->dist < left		 ? st->dist
								 : left;
			if (d <= EPS)
				break;
			/* [10.6] carrying out: stop at the moments of this
			 * advance that have volleys */
			double done = 0, t;
			int stopped = 0;
			while (pause_next(m, i, &t) && t >= 0 &&
			       m->contact < 0) {
				if (t > done + EPS && t < d - EPS) {
					double got = advance_piece(m, t - done,
								   a, &stopped);
					if (got < 0)
						return 0;
					done += got;
				}
				if (m->contact >= 0 || stopped)
					break;
				pause_at(m, m->pause[m->ipause].at);
				if (m->aborted)
					return 1;
			}
			if (m->contact >= 0 || stopped || d - done <= EPS)
				break;
			double spent0 = m->spent;
			double got = advance_piece(m, d - done, a, &stopped);
			if (got < 0)
				return 0;
			if (m->mo && !m->wb) {
				/* the moments: every inch, then the end (the
				 * MV spent by then at the piece's mean rate:
				 * 1 on clear ground) */
				struct bs_vec dir = bs_dir(f0 + a);
				double rate =
				    got > EPS ? (m->spent - spent0) / got : 1.0;
				for (double k = MOMENT_STEP;
				     k < got - MOMENT_STEP / 4;
				     k += MOMENT_STEP)
					moment(m,
					       bs_vec_add(x0,
							  bs_vec_scale(dir, k)),
					       f0, spent0 + k * rate, i, k, -1);
			}
			break;
		}
		case BS_STEP_WHEEL: {
			double a = st->angle;
			if (!isfinite(a))
				return illegal(m, "not a number", "[7.9]");
			if (fabs(a) < EPS)
				break;
			if (skirm) {
				/* [7.9] "Units in skirmish formation can change
				 * direction at will ... without a penalty":
				 * a turn in place */
				struct bs_tt_shape s2 = m->s;
				struct bs_tt_pose p2 = m->p;
				struct bs_quad q = bs_tt_quad(&s2, &p2);
				struct bs_vec c = bs_quad_centre(&q);
				p2.facing = fmod(p2.facing + a + 720.0, 360.0);
				p2.front = bs_vec_add(
				    c, bs_vec_scale(bs_dir(p2.facing),
						    s2.depth / 2));
				struct bs_quad nq = bs_tt_quad(&s2, &p2);
				if (!bs_tt_fits(&nq, &q, m->obst, m->n, 1,
						NULL))
					return illegal(m, "no room to turn",
						       "[7.9]");
				/* [11.8] RULING R-602: the block turned in
				 * place is put down anew, as a face is: not
				 * on ground barred to it (water it may not
				 * enter), at no cost whatever the ground */
				int g = ground_put(m, &s2, &p2, 0);
				if (g == 0)
					return 0;
				if (g < 0) {
					i = m->o->nsteps;
					break;
				}
				m->p = p2;
				m->last_adv = 0;
				emit_move(m, "turn", x0, f0, 0, "[7.9]");
				break;
			}
			int wall = m->sp.special == BS_SPECIAL_SHIELD_WALL;
			if (wall && !wall_turn(m, a))
				return 0;
			if (!clear_way(m, 1, a, 0)) {
				/* [7.9] the arc of the outermost figure, over
				 * the ground [11.8] */
				if (!move_over(m, 1, a, 0, &r))
					return 0;
				if (wall && m->spent < m->allowed)
					pay(m,
					    m->allowed - m->spent); /* [11.6] */
				break;
			}
			/* [7.9] "The movement cost of wheeling is the
			 * distance moved by the outermost figure" */
			double per = bs_tt_wheel_cost(&m->s, 1.0);
			double budget = wall ? m->sp.turn_mv : left;
			double can = per > 0 ? budget / per : fabs(a);
			double deg = fabs(a) < can ? a : (a < 0 ? -can : can);
			if (fabs(deg) < EPS)
				break;
			bs_tt_wheel(&m->s, &m->p, deg, m->obst, m->n, &r);
			pay_dist(m, r.cost);
			if (wall && m->spent < m->allowed)
				pay(m, m->allowed - m->spent); /* [11.6] all */
			m->straight = 0;
			m->last_adv = 0;
			if (is_enemy(m, r.hit)) {
				m->contact = m->map[r.hit];
				m->run = m->spent;
			}
			emit_move(m, "wheel", x0, f0, r.cost, "[7.9]");
			break;
		}
		case BS_STEP_FACE: {
			double a = st->angle;
			int ok = fabs(fabs(a) - 90.0) < EPS ||
				 fabs(fabs(a) - 180.0) < EPS;
			if (!ok)
				return illegal(m,
					       "a face is 90 degrees right or "
					       "left or 180 about",
					       "[7.9]");
			if (x->mob)
				return illegal(m,
					       "a mob changes direction only "
					       "by wheeling",
					       "[7.9] [2.10]");
			int wall = m->sp.special == BS_SPECIAL_SHIELD_WALL;
			if (wall && !wall_turn(m, a))
				return 0;
			/* [7.9] right or left face 1/3 MV, about face 1/2 MV;
			 * skirmishers turn at will */
			double cost = skirm ? 0 : bs_tt_face_cost(a, m->mv);
			if (cost > (wall ? m->sp.turn_mv : left) + EPS) {
				/* not enough movement left: it stops here */
				i = m->o->nsteps;
				break;
			}
			struct bs_tt_shape s0 = m->s;
			struct bs_tt_pose p0 = m->p;
			bs_tt_face(&m->s, &m->p, a, m->mv, m->obst, m->n, &r);
			if (!r.complete)
				return illegal(m, "no room to turn", "[7.9]");
			/* [11.8] the turned block on ground it may not be on */
			int g = ground_put(m, &m->s, &m->p, cost);
			if (g <= 0) {
				m->s = s0;
				m->p = p0;
				if (g == 0)
					return 0;
				i = m->o->nsteps;
				break;
			}
			pay(m, cost);
			if (wall && m->spent < m->allowed)
				pay(m, m->allowed - m->spent); /* [11.6] all */
			m->straight = 0;
			m->last_adv = 0;
			emit_move(m, "face", x0, f0, cost, "[7.9]");
			break;
		}
		case BS_STEP_FRONTAGE: {
			/* [7.10] "Units in skirmish formation do not have
			 * frontages"; "A mob can only change frontage by
			 * moving figures forward as it takes losses" */
			if (skirm || x->mob)
				return illegal(m,
					       "skirmishers have no frontage; "
					       "a mob cannot choose its own",
					       "[7.10]");
			int files = st->files;
			if (files < 1 || files > m->s.figures)
				return illegal(m, "no such frontage", "[7.10]");
			if (files == m->s.files)
				break;
			int dir = files > m->s.files ? 1 : -1;
			/* "A unit cannot both expand and contract its
			 * frontage in the same Movement Phase" */
			if (fdir != 0 && fdir != dir)
				return illegal(m,
					       "a unit cannot both expand and "
					       "contract its frontage in one "
					       "phase",
					       "[7.10]");
			double cost = fabs((double)(files - m->s.files));
			if (cost > left + EPS) {
				i = m->o->nsteps;
				break;
			}
			int of = m->s.files;
			struct bs_tt_shape s0 = m->s;
			struct bs_tt_pose p0 = m->p;
			bs_tt_frontage(&m->s, &m->p, files, m->obst, m->n, &r);
			if (!r.complete)
				return illegal(m,
					       "the new frontage would touch "
					       "another unit",
					       "[7.10]");
			int g = ground_put(m, &m->s, &m->p, cost);
			if (g <= 0) {
				m->s = s0;
				m->p = p0;
				if (g == 0)
					return 0;
				i = m->o->nsteps;
				break;
			}
			fdir = dir;
			pay(m, cost);
			m->straight = 0;
			m->last_adv = 0;
			emit_formation(m, m->s.formation, of, cost, "frontage",
				       "[7.10]");
			break;
		}
		case BS_STEP_FORMATION: {
			enum bs_formation f = st->formation;
			if (f == m->s.formation)
				break;
			/* RULING R-537: a shield wall is a closed formation's
			 */
			if (m->sp.special == BS_SPECIAL_SHIELD_WALL)
				return illegal(m,
					       "a shield wall stays in closed "
					       "formation (give it up first)",
					       "[11.6] (RULING R-537)");
			/* [7.1] regular units: closed and open only; [2.11]
			 * "An Elite Unit would act as a Regular Unit but ...
			 * be able to enter Skirmish Formation" */
			int elite = u->def->type == BS_UNIT_ELITE;
			if (!x->regular ||
			    (f != BS_FORM_CLOSED && f != BS_FORM_OPEN &&
			     !(f == BS_FORM_SKIRMISH && elite)))
				return illegal(m,
					       "regular units use closed and "
					       "open formation, elite units "
					       "skirmish formation too; "
					       "skirmishers and mobs keep "
					       "theirs",
					       "[7.1] [2.11]");
			if (x->berserker && f == BS_FORM_CLOSED)
				return illegal(m,
					       "berserkers cannot enter closed "
					       "formation",
					       "[2.11]");
			/* [7.6] "All figures in a unit must be in command for
			 * it to change formation"; [7.2] closed needs it */
			if (u->flags & BS_UF_OUT_OF_COMMAND)
				return illegal(m,
					       "a unit must be in command to "
					       "change formation",
					       "[7.6] [7.2]");
			double cost = m->mv / 3.0;
			if (cost > left + EPS) {
				i = m->o->nsteps;
				break;
			}
			enum bs_formation of = m->s.formation;
			int ofl = m->s.files;
			struct bs_tt_shape s0 = m->s;
			struct bs_tt_pose p0 = m->p;
			bs_tt_formation(&m->s, &m->p, f, m->mv, 0, m->b->stands,
					m->obst, m->n, &r);
			if (!r.complete)
				return illegal(m,
					       "no room for the new formation",
					       "[7.6]");
			/* [11.8] "No unit can ever be in closed formation in
			 * the woods" (rough, swamps, water) */
			int g = ground_put(m, &m->s, &m->p, cost);
			if (g <= 0) {
				m->s = s0;
				m->p = p0;
				if (g == 0)
					return 0;
				i = m->o->nsteps;
				break;
			}
			pay(m, cost);
			m->straight = 0;
			m->last_adv = 0;
			emit_formation(m, of, ofl, cost, "formation change",
				       "[7.6]");
			break;
		}
		case BS_STEP_FIRE:
			if (!fire_step(m))
				return 0;
			break;
		default:
			return illegal(m, "no such movement step", "[7.0]");
		}
		if (m->mo && !m->wb && st->kind != BS_STEP_FIRE &&
		    (m->p.front.x != x0.x || m->p.front.y != x0.y ||
		     m->p.facing != f0 || m->s.files != files0 ||
		     m->s.formation != form0 || m->contact >= 0))
			moment(m, m->p.front, m->p.facing, m->spent, i0, -1,
			       m->contact);
		/* the step's end (and any moment of it the move did not
		 * reach as traced: fired from where it stopped) */
		while (pause_next(m, i0, &pt))
			pause_at(m, m->pause[m->ipause].at);
		if (i == i0) /* not cut short: the steps go on */
			memo_record(m, i, fdir);
	}
	return 1;
}

/* Index in m->obst of global unit h, or -1. */
static int obst_of(const struct mv *m, int h)
{
	for (int k = 0; k < m->n; k++)
		if (m->map[k] == h)
			return k;
	return -1;
}

/* [7.8] contact made: RULING R-107, the mover closes the door. */
static void close_door(struct mv *m)
{
	if (m->contact < 0 || m->contact >= m->b->nunits)
		return; /* RULING R-522: not against a lone figure */
	int k = obst_of(m, m->contact);
	if (k < 0)
		return;
	struct bs_vec x0 = m->p.front;
	double f0 = m->p.facing;
	double t =
	    bs_tt_close_door(&m->s, &m->p, &m->obst[k], m->obst, m->n, k);
	if (t != 0)
		emit_move(m, "close the door", x0, f0, 0, "RULING R-107");
}

/* ---- order checks -------------------------------------------------------- */

/* The MV an order may spend; `factor`: [11.6] 1/2 in a shield wall. */
static double allowed_for(const struct bs_battle *b, int g,
			  enum bs_order_kind k, double factor)
{
	const struct bs_unit_state *u = &b->units[g];
	/* [14.7] RULING R-616: haste's double move */
	double mv = u->r.mv * factor * bs1e_bonus_mv_factor(b, g);
	/* [7.13] "1 1/2 of its normal full movement rate"; [7.14] "1 1/2
	 * its normal movement rate (this is called a "charge range")" */
	if (k == BS_ORDER_CHARGE || k == BS_ORDER_FORCED_MARCH)
		mv = mv * 3.0 / 2.0;
	/* [7.3] gaps filled after losses cost 1" per figure (RULING
	 * R-126) */
	mv -= u->gap_debt;
	/* [10.4] Table 12: what the shots fired this round leave of the
	 * round's movement (RULING R-482) */
	double cap = bs1e_fire_mv_cap(b, g) - u->mv_spent;
	if (mv > cap)
		mv = cap;
	/* [10.10] "If an artillery crew is wounded, the artillery piece
	 * cannot move." */
	if (u->r.msl.artillery != BS_ART_NONE && u->wounded > 0)
		mv = 0;
	return mv > 0 ? mv : 0;
}

/* 1 when order o has a split-fire step [10.5]. */
static int has_fire_step(const struct bs_order *o)
{
	for (int i = 0; i < o->nsteps && i < BS_ORDER_MAX_STEPS; i++)
		if (o->step[i].kind == BS_STEP_FIRE)
			return 1;
	return 0;
}

/* 1 when order o has a step that moves (a split-fire step does not). */
static int order_moves(const struct bs_order *o)
{
	if (o->kind != BS_ORDER_MOVE || o->nsteps <= 0)
		return 1;
	for (int i = 0; i < o->nsteps && i < BS_ORDER_MAX_STEPS; i++)
		if (o->step[i].kind != BS_STEP_FIRE)
			return 1;
	return 0;
}

/* Rules an order must meet before any step is measured. `engine`: the
 * engine's own order (mobs, failed discipline), not a controller's. */
static int precheck(struct mv *m, int engine)
{
	const struct bs_battle *b = m->b;
	const struct bs_unit_state *u = &b->units[m->g];
	const struct bs1e_unit_x *x = &bs1e_sc(b)->ux[m->g];
	const struct bs_order *o = m->o;
	if ((int)o->kind < 0 || o->kind >= BS_ORDER__COUNT)
		return illegal(m, "no such order", "[7.0]");
	if (o->nsteps < 0 || o->nsteps > BS_ORDER_MAX_STEPS)
		return illegal(m, "too many steps", "[7.0]");
	if (!bs1e_in_play(b, m->g))
		return illegal(m, "the unit is not on the table", "[7.0]");
	/* [11.6] [11.7] the special formation declared (or kept) */
	if (m->sp.why)
		return illegal(m, m->sp.why, m->sp.cite);
	if (o->kind == BS_ORDER_HOLD)
		return 1;
	if (u->flags & BS_UF_ROUTED)
		return illegal(m, "a routed unit only keeps routing",
			       "[6.4] [7.15]");
	if (x->mob && !engine)
		return illegal(m,
			       "a mob acts only on the orders given in the "
			       "Rally Phase",
			       "[2.10]");
	if ((u->flags & BS_UF_DISC_FAILED) && u->disc_tside >= 0 && !engine)
		return illegal(m,
			       "the unit failed a discipline check: it attacks "
			       "the enemy regardless of its commander",
			       "[4.6]");
	/* [14.1] RULING R-336: a caster with it used pass-through magic */
	if (!engine && order_moves(o) && bs1e_indivs_in_play(b))
		for (int k = 0; k < b->nindivs; k++) {
			double half;
			const char *w;
			if (b->indivs[k].side == u->side &&
			    b->indivs[k].with_unit == u->idx &&
			    (w = bs1e_pt_cast_no_move(b, k, &half)))
				return illegal(m, w, "[14.1]");
		}
	/* [14.6 B] RULING R-622: a unit with held figures does not move */
	if (!engine && bs1e_fx_held(b, m->g) > 0)
		return illegal(m,
			       "figures of the unit are held: it does not move "
			       "(RULING R-622)",
			       "[14.6 B]");
	if (u->flags & BS_UF_RALLIED) {
		/* [6.3] "During the following Movement Phase, the unit may
		 * change formation ... It may not move" */
		if (o->kind != BS_ORDER_MOVE)
			return illegal(m,
				       "a rallied unit may only change "
				       "formation this round",
				       "[6.3]");
		for (int i = 0; i < o->nsteps; i++)
			if (o->step[i].kind != BS_STEP_FORMATION)
				return illegal(m,
					       "a rallied unit may only change "
					       "formation this round",
					       "[6.3]");
	}
	/* [10.4] "A unit that fires missile weapons cannot charge during
	 * that Game Round." */
	if (o->kind == BS_ORDER_CHARGE && (u->flags & BS_UF_FIRED))
		return illegal(m,
			       "a unit that fired missiles this round cannot "
			       "charge",
			       "[10.4]");
	if (m->allowed <= EPS && o->kind != BS_ORDER_FLEE &&
	    o->kind != BS_ORDER_WITHDRAW && order_moves(o)) {
		if (u->r.msl.artillery != BS_ART_NONE && u->wounded > 0)
			return illegal(m,
				       "a wounded artillery crew cannot move "
				       "its piece",
				       "[10.10]");
		if (u->shots > 0)
			return illegal(
			    m,
			    "it fired this round: Table 12 leaves it "
			    "no movement",
			    "[10.4 T12]");
		return illegal(m,
			       "no movement left after filling the gaps in its "
			       "front",
			       "[7.3]");
	}
	int engaged = bs1e_engaged(b, m->g);
	int pinned = engaged && !(u->flags & BS_UF_CONTACT_AT_START);
	switch (o->kind) {
	case BS_ORDER_WITHDRAW:
	case BS_ORDER_FLEE:
		if (!engaged)
			return illegal(m,
				       "only a unit in contact with an enemy "
				       "withdraws or flees",
				       o->kind == BS_ORDER_FLEE ? "[8.8]"
								: "[7.12]");
		if (x->mob)
			return illegal(m, "a mob acts only on its orders",
				       "[2.10]");
		return 1;
	case BS_ORDER_WRAP:
		if (!engaged || pinned)
			return illegal(m,
				       pinned ? "a unit contacted after losing "
						"initiative cannot change its "
						"frontage this phase"
					      : "only a unit in contact wraps "
						"around",
				       pinned ? "[7.8]" : "[7.11]");
		if (x->mob || u->formation == BS_FORM_SKIRMISH)
			return illegal(m,
				       "only closed or open formations have a "
				       "frontage to expand",
				       "[7.10] [7.11]");
		return 1;
	default:
		break;
	}
	/* [7.8] "Figures that begin their Movement Phase in base-to-base
	 * contact with an enemy figure may only execute Wrap-Around
	 * Movement, Fighting Withdrawal, or Flee." */
	if (engaged)
		return illegal(m,
			       pinned
				   ? "in contact: only a fighting withdrawal "
				     "or flight (contacted after losing "
				     "initiative)"
				   : "in contact: only wrap-around, fighting "
				     "withdrawal or flight",
			       "[7.8]");
	/* [4.7] "A regular unit must be in command ... to move when it is
	 * in Closed Formation." */
	if (x->regular && u->formation == BS_FORM_CLOSED &&
	    (u->flags & BS_UF_OUT_OF_COMMAND))
		return illegal(m,
			       "a regular unit out of command cannot move in "
			       "closed formation",
			       "[4.7]");
	if (o->kind == BS_ORDER_CHARGE) {
		/* [7.14] "Skirmish units and individuals cannot charge." */
		if (x->skirmish || (!x->regular && !x->mob))
			return illegal(
			    m, "only a regular unit or a mob may charge",
			    "[7.14] [2.9]");
		/* "A unit may charge in open, closed, or mob formation" (an
		 * elite unit in skirmish formation [2.11] may not) */
		if (u->formation == BS_FORM_SKIRMISH)
			return illegal(m,
				       "a unit charges in open, closed or mob "
				       "formation, not skirmish",
				       "[7.14]");
		/* "Except in this one instance, an out of command regular
		 * unit cannot charge." (and a failed discipline check:
		 * [4.6] "charges ... the enemy") */
		if (x->regular && (u->flags & BS_UF_OUT_OF_COMMAND) &&
		    !(u->flags & BS_UF_DISC_FAILED))
			return illegal(m,
				       "an out of command regular unit cannot "
				       "charge",
				       "[7.14]");
		int ts = o->tside, tu = o->tunit;
		if (ts < 0 || ts >= b->nsides || ts == u->side || tu < 0 ||
		    tu >= b->sc->sides[ts].nunits)
			return illegal(m, "a charge needs an enemy target",
				       "[7.14]");
		int t = bs1e_g(b, ts, tu);
		if (!bs1e_in_play(b, t))
			return illegal(m, "the target is not on the table",
				       "[7.14]");
		/* [14.19] RULING R-346: not at undead in its side's service */
		if (!bs1e_hostile(b, u->side, t))
			return illegal(m, BS1E_SERVING_WHY, BS1E_SERVING_CITE);
		/* [7.12] "it cannot Charge the unit that withdrew for the
		 * remainder of the current Game Round" */
		if ((u->flags & BS_UF_NO_CHARGE) && u->nocharge_side == ts &&
		    u->nocharge_unit == tu)
			return illegal(m,
				       "it stayed when this enemy withdrew: no "
				       "charge at it this round",
				       "[7.12]");
	}
	if (o->kind == BS_ORDER_FORCED_MARCH) {
		/* [7.13] "A unit must be in command to make a forced
		 * march." RULING R-120: mobs (on the order of [2.10]) and
		 * skirmishers ([2.9] no out of command penalties) may. */
		if (x->regular && (u->flags & BS_UF_OUT_OF_COMMAND))
			return illegal(m,
				       "a unit must be in command to make a "
				       "forced march",
				       "[7.13]");
	}
	return 1;
}

/* [7.14] what a charge's path must be, once measured. */
static int charge_path_ok(struct mv *m)
{
	/* [7.14] "A regular unit or mob may Charge during its Movement
	 * Phase if it can reach an enemy unit to engage in melee at the end
	 * of its move": RULING R-373, a charge whose path meets no enemy is
	 * refused before it starts (R-108) */
	if (m->contact < 0)
		return illegal(m,
			       "the charge does not reach an enemy within its "
			       "1 1/2 MV",
			       "[7.14]");
	/* RULING R-108 (known-gaps 35): "able to move at least 2/3 its
	 * normal movement rate before it comes into base-to-base contact"
	 * is a run: 2/3 MV spent before contact */
	if (m->run + EPS < m->mv * 2.0 / 3.0)
		return illegal(m,
			       "the target is too close: a charge moves at "
			       "least 2/3 MV before contact",
			       "[7.14]");
	/* [11.8] "Units may not charge uphill": RULING R-450, nor up at a
	 * target on higher ground than where the charge ends */
	if (m->ti) {
		/* the target's block or an individual's counter [9.4]: the
		 * obstacle it touched */
		struct bs_quad mq = bs_tt_quad(&m->s, &m->p);
		for (int k = 0; k < m->n; k++)
			if (m->map[k] == m->contact &&
			    bs_terrain_quad_level(m->ti, &m->obst[k]) >
				bs_terrain_quad_level(m->ti, &mq))
				return illegal(
				    m, "units may not charge uphill",
				    "[11.8] Table 14 (RULING R-450)");
	}
	/* RULING R-109 (known-gaps 10): "The last 1/3 of the charge
	 * distance must be in a straight line" */
	if (m->straight + EPS < m->run / 3.0)
		return illegal(m,
			       "the last 1/3 of a charge must be in a straight "
			       "line",
			       "[7.14]");
	return 1;
}

/* mv_init for order o of g, with what it does to the unit's special
 * formation [11.6] [11.7] worked out first (bs1e_special_plan): a shield
 * wall moves at 1/2 MV. */
static void mv_start(struct mv *m, const struct bs_battle *b,
		     struct bs_battle *wb, int g, const struct bs_order *o)
{
	struct bs1e_special_plan sp;
	const struct bs_unit_state *u = &b->units[g];
	double whole = u->r.mv - u->gap_debt;
	bs1e_special_plan(b, g, o, whole > 0 ? whole : 0, &sp);
	mv_init(m, b, wb, g, o, allowed_for(b, g, o->kind, sp.mv_factor));
	m->sp = sp;
}

/* Simulate order o of g (no events, nothing changed); 1 when legal. */
static int simulate(const struct bs_battle *b, int g, const struct bs_order *o,
		    int engine, struct mv *m)
{
	mv_start(m, b, NULL, g, o);
	if (!precheck(m, engine))
		return 0;
	switch (o->kind) {
	case BS_ORDER_MOVE:
	case BS_ORDER_CHARGE:
	case BS_ORDER_FORCED_MARCH:
		if (!run_steps(m))
			return 0;
		if (o->kind == BS_ORDER_CHARGE)
			return charge_path_ok(m);
		if (o->kind == BS_ORDER_FORCED_MARCH && m->contact >= 0)
			/* [7.13] "A unit cannot be in base-to-base contact
			 * with an enemy figure during any part of its
			 * Movement Phase during a Game Round in which it
			 * makes a forced march." */
			return illegal(m,
				       "a forced march may not come into "
				       "contact with an enemy",
				       "[7.13]");
		return 1;
	default:
		return 1;
	}
}

/* ---- withdraw, flee, wrap-around --------------------------------------- */

/* [7.12] 3" straight back; not into contact with another enemy. */
static int withdraw_path(struct mv *m)
{
	const struct bs_unit_state *u = &m->b->units[m->g];
	const struct bs1e_unit_x *x = &bs1e_sc(m->b)->ux[m->g];
	/* [4.7] "A regular unit must be in command to perform a Fighting
	 * Withdrawal" */
	if (x->regular && (u->flags & BS_UF_OUT_OF_COMMAND))
		return illegal(m,
			       "a regular unit must be in command to make a "
			       "fighting withdrawal",
			       "[4.7] [7.12]");
	/* [7.12] "must have a current movement rate of at least 3"" */
	if (u->r.mv < 3)
		return illegal(m, "a fighting withdrawal needs MV 3\" or more",
			       "[7.12]");
	struct bs_vec x0 = m->p.front;
	double f0 = m->p.facing;
	struct bs_tt_step_result r;
	if (!clear_way(m, 0, 3.0, 180.0)) {
		/* RULING R-454: the 3" are paid over the ground out of the
		 * unit's MV */
		m->allowed = u->r.mv;
		m->name = "withdraw";
		m->name_cite = "[7.12] [11.8]";
		if (!move_over(m, 0, 3.0, 180.0, &r))
			return 0;
		if (!r.complete)
			return illegal(m,
				       "no room to withdraw 3\" straight back "
				       "(units or ground in the way, or the "
				       "ground costs more than its MV)",
				       "[7.12] [11.8]");
		struct bs_quad q = bs_tt_quad(&m->s, &m->p);
		for (int k = 0; k < m->n; k++)
			if (is_enemy(m, k) && bs_quad_touching(&q, &m->obst[k]))
				return illegal(
				    m,
				    "a withdrawal may not end in "
				    "contact with another enemy unit",
				    "[7.12]");
		return 1;
	}
	m->allowed = 3.0;
	bs_tt_advance(&m->s, &m->p, 3.0, 180.0, m->obst, m->n, &r);
	if (!r.complete)
		return illegal(m, "no room to withdraw 3\" straight back",
			       "[7.12]");
	struct bs_quad q = bs_tt_quad(&m->s, &m->p);
	for (int k = 0; k < m->n; k++)
		if (is_enemy(m, k) && bs_quad_touching(&q, &m->obst[k]))
			return illegal(m,
				       "a withdrawal may not end in contact "
				       "with another enemy unit",
				       "[7.12]");
	m->spent = 3.0;
	emit_move(m, "withdraw", x0, f0, 3.0, "[7.12]");
	return 1;
}

/* [8.8] "makes an about face (no movement cost in this case) and moves
 * its full movement rate away from the enemy". */
static void flee_path(struct mv *m, int turn)
{
	struct bs_vec x0 = m->p.front;
	double f0 = m->p.facing;
	struct bs_tt_step_result r;
	if (turn) {
		/* the footprint of an about face is the same rectangle */
		struct bs_quad q = bs_tt_quad(&m->s, &m->p);
		m->p.facing = fmod(m->p.facing + 180.0, 360.0);
		m->p.front = bs_vec_scale(bs_vec_add(q.p[1], q.p[2]), 0.5);
	}
	m->allowed = m->mv;
	if (!clear_way(m, 0, m->mv, 0)) {
		/* RULING R-454: over the ground, as any move */
		m->name = "flee";
		m->name_cite = "[8.8] [11.8]";
		move_over(m, 0, m->mv, 0, &r);
		return;
	}
	bs_tt_advance(&m->s, &m->p, m->mv, 0, m->obst, m->n, &r);
	m->spent = r.cost;
	if (is_enemy(m, r.hit))
		m->contact = m->map[r.hit];
	emit_move(m, "flee", x0, f0, r.cost, "[8.8]");
}

/* The enemy whose edge touches g's front (the one a wrap-around
 * envelops), or -1. */
static int front_enemy(const struct bs_battle *b, int g)
{
	struct bs_tt_contact c;
	for (int h = 0; h < b->nunits; h++)
		if (b->units[h].side != b->units[g].side &&
		    bs1e_contact(b, g, h, &c) && c.edge_a == BS_EDGE_FRONT)
			return h;
	return -1;
}

/* [7.11] expand the frontage and wheel the ends in: RULING R-125. */
static int wrap_path(struct mv *m, int *wl, int *wr, int *target)
{
	const struct bs_battle *b = m->b;
	const struct bs_order *o = m->o;
	if (o->nsteps < 1 || o->step[0].kind != BS_STEP_FRONTAGE ||
	    o->step[0].files <= m->s.files || o->step[0].files > m->s.figures)
		return illegal(
		    m,
		    "a wrap-around is a wider frontage (one frontage "
		    "step with more files)",
		    "[7.11]");
	int t = front_enemy(b, m->g);
	if (t < 0)
		return illegal(m, "no enemy at the unit's front to wrap around",
			       "[7.11]");
	int of = m->s.files;
	struct bs_tt_step_result r;
	bs_tt_frontage(&m->s, &m->p, o->step[0].files, m->obst, m->n, &r);
	if (!r.complete)
		return illegal(m, "the wider frontage would touch another unit",
			       "[7.10] [7.11]");
	struct bs_tt_shape ts;
	struct bs_tt_pose tp;
	struct bs_tt_contact c;
	bs1e_shape(b, t, &ts);
	bs1e_pose(b, t, &tp);
	if (!bs_tt_contact(&m->s, &m->p, &ts, &tp, &c) ||
	    c.edge_a != BS_EDGE_FRONT)
		return illegal(m, "no enemy at the unit's front to wrap around",
			       "[7.11]");
	double pitch = m->s.base_w + m->s.gap;
	/* the figures that fit along the enemy's flank */
	int fit = (int)floor((ts.depth + m->s.gap) / pitch + EPS);
	int l = c.a_first, rr = m->s.files - 1 - c.a_last;
	*wl = l < fit ? l : fit;
	*wr = rr < fit ? rr : fit;
	int wing = *wl > *wr ? *wl : *wr;
	/* [7.11] "The movement cost of wrap-around movement is the total of
	 * the costs of expanding frontage and wheeling the edges of the
	 * line inward. No individual figure may move more than its full
	 * movement rate." */
	double arc =
	    wing > 0 ? (wing * pitch - m->s.gap) * 3.14159265358979 / 2 : 0;
	double cost = (double)(m->s.files - of) + arc;
	if (cost > m->allowed + EPS)
		return illegal(m,
			       "the wrap-around costs more than the unit's MV",
			       "[7.11]");
	m->spent = cost;
	*target = t;
	emit_formation(m, m->s.formation, of, cost, "wrap-around", "[7.11]");
	return 1;
}

/* Simulation of every kind of order. */
static int simulate_any(const struct bs_battle *b, int g,
			const struct bs_order *o, int engine, struct mv *m)
{
	int wl, wr, t;
	if (!simulate(b, g, o, engine, m))
		return 0;
	switch (o->kind) {
	case BS_ORDER_WITHDRAW:
		return withdraw_path(m);
	case BS_ORDER_FLEE:
		flee_path(m, 1);
		return 1;
	case BS_ORDER_WRAP:
		return wrap_path(m, &wl, &wr, &t);
	default:
		return 1;
	}
}

/* ---- carrying orders out ------------------------------------------------- */

static void emit_order(struct bs_battle *b, int g, const struct bs_order *o)
{
	/* a HOLD is logged when its controller gave a reason (issue 14) */
	if (!bs_battle_events_on(b) || (o->kind == BS_ORDER_HOLD && !o->why))
		return;
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_ORDER);
	bs_battle_ev_units(b, &ev, g, -1);
	ev.what = bs_order_name[o->kind];
	if (o->kind == BS_ORDER_CHARGE || has_fire_step(o)) {
		ev.tside = o->tside;
		ev.tunit = o->tunit;
	}
	ev.why = o->why;
	ev.n[0] = (int)o->kind;
	ev.n[1] = o->nsteps;
	ev.cite = o->kind == BS_ORDER_CHARGE	     ? "[7.14]"
		  : o->kind == BS_ORDER_FORCED_MARCH ? "[7.13]"
		  : o->kind == BS_ORDER_WITHDRAW     ? "[7.12]"
		  : o->kind == BS_ORDER_FLEE	     ? "[8.8]"
		  : o->kind == BS_ORDER_WRAP	     ? "[7.11]"
						     : "[7.7]";
	bs_battle_emit(b, &ev);
}

/* [7.8] g came into contact with h (an obstacle map value: a unit, or an
 * individual on the table [9.4]). */
static void contact_made(struct bs_battle *b, int g, int h)
{
	struct bs_tt_contact c;
	int k = bs1e_obst_indiv(b, h);
	if (k >= 0) {
		/* [10.2] RULING R-611: an enemy moved into contact with
		 * him */
		b->indivs[k].flags |= BS_IF_CONTACTED;
		if (!bs_battle_events_on(b))
			return;
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_CONTACT);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.tside = b->indivs[k].side;
		ev.tindiv = b->indivs[k].idx;
		ev.what = "a figure";
		ev.n[0] = -1; /* a lone figure has no edges */
		ev.cite = "[7.8] [9.4]";
		bs_battle_emit(b, &ev);
		return;
	}
	if (!bs1e_contact(b, g, h, &c))
		return;
	/* [7.8] "A unit that has lost initiative and had an enemy unit
	 * move into base-to-base contact with it" (RULING R-129: contacted
	 * before it has moved in this phase) */
	if (!(b->units[h].flags & BS_UF_MOVED))
		b->units[h].flags |= BS_UF_PINNED;
	/* [10.2] an enemy moved into contact with it (issue 14) */
	b->units[h].flags |= BS_UF_CONTACTED;
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_CONTACT);
	bs_battle_ev_units(b, &ev, g, h);
	ev.what = bs_arc_name[bs_tt_edge_arc(c.edge_b)];
	ev.n[0] = (int)bs_tt_edge_arc(c.edge_a);
	ev.n[1] = c.a_count;
	ev.n[2] = c.b_count;
	ev.cite = "[7.8]";
	bs_battle_emit(b, &ev);
}

static void store(struct bs_battle *b, struct mv *m)
{
	struct bs_unit_state *u = &b->units[m->g];
	bs1e_set_geom(b, m->g, &m->s, &m->p);
	u->mv_spent += m->spent;
	u->mv_allowed = m->allowed;
	if (m->spent > EPS)
		u->flags |= BS_UF_MOVED;
}

/* The figures of unit h in the path of a charger that touches it across
 * contact c (c's unit B is h): the files it touches, every rank, when it
 * meets h's front or rear; the ranks it touches, every file, on a flank
 * (RULING R-174). */
struct bt_path {
	int ranks;	 /* 1: the path crosses ranks (a flank), 0: files */
	int first, last; /* the files (or ranks) of h in the path */
	int n;		 /* figures in it */
};

static void path_of(const struct bs_tt_shape *sh, const struct bs_tt_contact *c,
		    struct bt_path *pa)
{
	pa->ranks = c->edge_b == BS_EDGE_LEFT || c->edge_b == BS_EDGE_RIGHT;
	pa->first = c->b_first;
	pa->last = c->b_last;
	pa->n = pa->ranks ? bs_tt_figures_in_files(sh, 0, sh->files - 1,
						   pa->first, pa->last)
			  : bs_tt_figures_in_files(sh, pa->first, pa->last, 0,
						   sh->ranks - 1);
}

/* [7.14] "If a charging unit runs into an enemy figure or figures that
 * would be killed even if the charging unit does minimum possible damage,
 * it Breaks Through. The enemy figures are immediately removed and the
 * unit continues its charge. The charging unit does not need to eliminate
 * an entire unit to break through; just those figures in its path."
 * RULING R-174 (revised in issue 12): the least damage is the attack of
 * the charger's figures in contact at its base AR (with the closed-charge
 * -1, the forced-march penalty and the racial bonuses [13.1]) with the
 * worst 2d6, 12, read on the CRT; the figures in its path are those of
 * path_of. It breaks through when that damage reaches their hit dice.
 * [11.4] "This includes "break-through" attacks": the cavalry charge -2
 * (none against set spears) and the lances doubled; and the defender's
 * shield wall (RULING R-533). The test is logged (a NOTE with its
 * numbers). Returns 1 when it does, with *pa filled. */
static int breaks_through(struct bs_battle *b, int g, int h, struct bt_path *pa)
{
	const struct bs_unit_state *u = &b->units[g], *t = &b->units[h];
	struct bs_tt_contact c;
	if (!bs1e_contact(b, g, h, &c) || c.a_count <= 0)
		return 0;
	struct bs_tt_shape sh;
	bs1e_shape(b, h, &sh);
	path_of(&sh, &c, pa);
	int ar = u->r.base_ar + u->fm_penalty;
	if (u->formation == BS_FORM_CLOSED)
		ar -= 1; /* [7.14] closed-formation charge, Table 10 */
	/* [13.1] the racial bonuses apply to this attack too */
	ar += bs1e_unit_to_hit_vs(b, g, h, NULL, 0);
	/* [11.4] [11.6] RULING R-533 (r11_formations.c) */
	struct bs_deriv d;
	const char *dbl;
	bs_deriv_init(&d, ar, NULL, NULL, "[7.14]");
	unsigned doubled =
	    bs1e_melee_terms(b, g, h, c.edge_a, c.edge_b,
			     (u->flags & BS_UF_CHARGED) != 0, &d, &dbl);
	struct bs1e_attack_spec spec;
	memset(&spec, 0, sizeof spec);
	spec.ar = d.value;
	spec.doubled = doubled;
	spec.ac = t->r.ac;
	spec.damage = t->r.size == BS_SIZE_L ? u->r.dmg_l : u->r.dmg_sm;
	spec.figures = c.a_count;
	spec.level_drain = bs1e_drain_doubles(b->sc->level, u->r.level_drain);
	spec.poison_part = -1;
	/* [13.2] the poison's extra damage, same roll */
	bs1e_spec_poison(b, g, t->r.size == BS_SIZE_L, &spec);
	/* [13.4] RULING R-711: a unit whose only damage is to paralyze
	 * kills no figure, so it breaks through none (a ghoul's damage
	 * kills as any: R-710) */
	int pspared;
	const struct bs_creature *pz =
	    bs1e_unit_paralyzer(b, g, h, -1, &pspared);
	struct bs1e_attack_plan plan;
	char err[160];
	if (spec.damage.nparts == 0 || t->r.magic_to_hit ||
	    (pz && pz->paralysis_only) ||
	    bs1e_attack_plan(&spec, &plan, err, sizeof err) != 0)
		return 0;
	struct bs1e_attack_result res;
	bs1e_attack_resolve(&plan, 12, &res);
	int need = pa->n * t->r.hd_fig;
	int yes = pa->n > 0 && res.total_tenths >= need;
	if (bs_battle_events_on(b)) {
		char msg[320], least[24], needs[24], hd[24];
		bs_tenths_text(res.total_tenths, least, sizeof least);
		bs_tenths_text(need, needs, sizeof needs);
		bs_tenths_text(t->r.hd_fig, hd, sizeof hd);
		snprintf(msg, sizeof msg,
			 "break-through test: the least damage of %d figure%s, "
			 "AR %d - AC %d + 12 (the worst 2d6) = %d: %s HD; %d "
			 "figure%s in its path x %s HD = %s HD: %s",
			 c.a_count, c.a_count == 1 ? "" : "s", d.value, t->r.ac,
			 res.attack_roll, least, pa->n, pa->n == 1 ? "" : "s",
			 hd, needs,
			 yes ? "breaks through" : "no break-through");
		bs1e_note_vs(b, g, h, msg, "[7.14] RULING R-174");
	}
	return yes;
}

/* RULING R-174: the block of h's figures left after the path *pa is
 * removed, closed up beside the path (its inner edge where the path
 * began, as deep (or as wide, a flank) as it was, reaching away from the
 * path): on the side that kept more figures, else the other; 0 when
 * neither fits among the other units. */
static int remnant(const struct bs_battle *b, int g, int h,
		   const struct bt_path *pa, struct bs_tt_shape *out,
		   struct bs_tt_pose *pout)
{
	struct bs_tt_shape sh;
	struct bs_tt_pose p;
	bs1e_shape(b, h, &sh);
	bs1e_pose(b, h, &p);
	int left = b->units[h].figures - pa->n;
	if (left <= 0)
		return 0;
	int along = pa->ranks ? sh.ranks : sh.files; /* across the path */
	int before = pa->ranks ? bs_tt_figures_in_files(&sh, 0, sh.files - 1, 0,
							pa->first - 1)
			       : bs_tt_figures_in_files(&sh, 0, pa->first - 1,
							0, sh.ranks - 1);
	int after = left - before;
	struct bs_quad obst[BS1E_MAX_OBST];
	int n = bs1e_obstacles_walled(b, h, -1, obst, NULL);
	struct bs_quad oq = bs_tt_quad(&sh, &p);
	for (int k = 0; k < 2; k++) {
		/* k 0: the side with more figures; side 0 = before the path */
		int side = (before >= after) == (k == 0) ? 0 : 1;
		if ((side == 0 && pa->first == 0) ||
		    (side == 1 && pa->last >= along - 1))
			continue;
		struct bs_tt_shape ns;
		int files =
		    pa->ranks ? sh.files : (left + sh.ranks - 1) / sh.ranks;
		bs_tt_shape_make(sh.formation, left, files, sh.base_w,
				 sh.base_d, 0, &ns);
		ns.gap = sh.gap;
		ns.width = ns.files * ns.base_w + (ns.files - 1) * ns.gap;
		ns.depth = ns.ranks * ns.base_d + (ns.ranks - 1) * ns.gap;
		double pw = sh.base_w + sh.gap, pd = sh.base_d + sh.gap;
		/* clear of the path by more than the touch tolerance, so that
		 * the charger goes on through it without touching them */
		const double clear = 3 * BS_GEOM_TOUCH;
		double x = 0, y = 0; /* the new front-left corner, h's frame */
		if (!pa->ranks) {
			x = side == 0
				? pa->first * pw - sh.gap - ns.width - clear
				: (pa->last + 1) * pw + clear;
		} else {
			y = side == 0
				? pa->first * pd - sh.gap - ns.depth - clear
				: (pa->last + 1) * pd + clear;
		}
		struct bs_tt_pose np = p;
		np.front = bs_vec_add(
		    bs_vec_add(p.front,
			       bs_vec_scale(bs_dir(p.facing + 90.0),
					    x + ns.width / 2 - sh.width / 2)),
		    bs_vec_scale(bs_dir(p.facing + 180.0), y));
		struct bs_quad nq = bs_tt_quad(&ns, &np);
		(void)g;
		if (bs_tt_fits(&nq, &oq, obst, n, 1, NULL)) {
			*out = ns;
			*pout = np;
			return 1;
		}
	}
	return 0;
}

static void exec_steps(struct bs_battle *b, int g, const struct bs_order *o,
		       struct mv *pre)
{
	struct bs_unit_state *u = &b->units[g];
	struct mv m, *use = &m;
	enum bs_formation f0 = u->formation;
	int c0 = u->cramped;
	if (o->kind == BS_ORDER_CHARGE) {
		/* [7.14] "If the charging unit is in closed formation and
		 * consists of creatures of chaotic alignment or low
		 * intelligence, it must make a Discipline Check when
		 * charging. If the Discipline Check fails, the unit goes out
		 * of command and breaks into open formation during the
		 * charge." */
		if (u->formation == BS_FORM_CLOSED && o->tside >= 0 &&
		    o->tside < b->nsides && o->tunit >= 0)
			bs1e_discipline_check(b, g, BS1E_T7_CLOSED_CHARGE,
					      bs1e_g(b, o->tside, o->tunit));
		else if (u->formation == BS_FORM_CLOSED)
			bs1e_discipline_check(b, g, BS1E_T7_CLOSED_CHARGE, -1);
		u->flags |= BS_UF_CHARGED;
		u->charge_tside = o->tside;
		u->charge_tunit = o->tunit;
	}
	/* [10.6] the enemy's pass-through fire at the moments of this move:
	 * RULING R-470 (known-gaps 25) "at any point during the enemy's
	 * movement", not only after it as [1.4] summarises; R-477 the
	 * moments: traced first, then offered to their controllers */
	struct moments mo;
	struct bs1e_pt_order po[BS_MAX_FIRE_ORDERS];
	int np = 0;
	double allowed =
	    allowed_for(b, g, o->kind, pre ? pre->sp.mv_factor : 1.0);
	if (bs1e_pass_through_possible(b, g)) {
		struct mv t;
		mv_init(&t, b, NULL, g, o, allowed);
		if (pre)
			t.sp = pre->sp; /* [11.6] [11.7] the move as checked */
		mo.n = 0;
		t.mo = &mo;
		if (run_steps(&t))
			np = bs1e_pass_through_orders(b, g, mo.pt, mo.n, po,
						      BS_MAX_FIRE_ORDERS);
	}
	if (np == 0 && pre && !bs_battle_events_on(b) && u->formation == f0 &&
	    u->cramped == c0 && !has_fire_step(o)) {
		/* events off: the check already measured this very move */
		use = pre;
		use->wb = b;
	} else {
		mv_init(&m, b, b, g, o, allowed);
		if (pre)
			m.sp = pre->sp;
		if (np > 0) {
			m.mo = &mo;
			m.pause = po;
			m.npause = np;
		}
		run_steps(&m);
		for (int i = m.ipause; i < np; i++)
			if (m.aborted)
				bs1e_pt_skip(b, &po[i], 0,
					     "pass-through fire not taken: the "
					     "mover has routed or is destroyed",
					     "[10.6]");
			else
				bs1e_pt_skip(b, &po[i], 1,
					     "pass-through fire: the moment "
					     "did not come (the move ended "
					     "before it)",
					     "[10.6]");
	}
	if (use->aborted) {
		/* routed or destroyed by pass-through fire: the move ends */
		u->mv_spent += use->spent;
		if (use->spent > EPS)
			u->flags |= BS_UF_MOVED;
		return;
	}
	close_door(use);
	store(b, use);
	if (use->contact >= 0)
		contact_made(b, g, use->contact);
	/* [7.14] break-through (RULING R-174): the figures in its path are
	 * removed (the whole unit met when they are all its figures; the
	 * rest close up beside the path) and the charge goes on straight
	 * with the movement left; it must then meet another enemy, or suffer
	 * the penalty below. At most a few break-throughs. No break-through
	 * of a lone figure (RULING R-522). */
	struct bt_path pa;
	for (int k = 0; k < 4 && o->kind == BS_ORDER_CHARGE &&
			use->contact >= 0 && use->contact < b->nunits &&
			breaks_through(b, g, use->contact, &pa);
	     k++) {
		int h = use->contact;
		double left = use->allowed - use->spent;
		struct bs_tt_shape rs;
		struct bs_tt_pose rp;
		if (pa.n >= b->units[h].figures)
			bs1e_unit_destroyed(b, h, "broken through by a charge",
					    "[7.14]");
		else if (remnant(b, g, h, &pa, &rs, &rp))
			bs1e_break_losses(b, h, g, pa.n, &rs, &rp);
		else
			bs1e_break_losses(b, h, g, pa.n, NULL, NULL);
		struct bs_order on;
		memset(&on, 0, sizeof on);
		on.kind = BS_ORDER_CHARGE;
		on.tside = -1;
		on.tunit = -1;
		on.nsteps = 1;
		on.step[0].kind = BS_STEP_ADVANCE;
		on.step[0].dist = left > 0 ? left : 0;
		mv_init(&m, b, b, g, &on, left > 0 ? left : 0);
		use = &m;
		if (left > EPS)
			run_steps(&m);
		close_door(use);
		store(b, use);
		if (use->contact >= 0)
			contact_made(b, g, use->contact);
	}
	if (o->kind == BS_ORDER_CHARGE && use->contact < 0) {
		/* [7.14] "If a unit in closed formation fails to end its
		 * charge in base-to-base contact ... it breaks into open
		 * formation, but remains in command. If a unit in open or
		 * mob formation fails ..., it suffers a -3 penalty to
		 * current morale for the remainder of the current Game
		 * Round." */
		if (u->formation == BS_FORM_CLOSED)
			bs1e_change_formation(b, g, BS_FORM_OPEN, 1,
					      "the charge did not reach: open "
					      "formation, still in command",
					      "[7.14]");
		else
			u->flags |= BS_UF_CHARGE_MISSED;
		bs1e_note(b, g, "the charge did not reach an enemy", "[7.14]");
	} else if (o->kind == BS_ORDER_CHARGE) {
		/* RULING R-522: a charge that ends against a hero or a
		 * commander standing alone reached "an enemy ... figure" */
		u->charge_tside = bs1e_obst_side(b, use->contact);
		u->charge_tunit =
		    use->contact < b->nunits ? b->units[use->contact].idx : -1;
	}
	if (o->kind == BS_ORDER_FORCED_MARCH) {
		u->flags |= BS_UF_FORCED_MARCH;
		/* [7.13] "must make a Morale Check at the end of its move.
		 * If the check is failed, the unit's Attack Rating (AR)
		 * worsens by one" (RULING R-121: that is the only effect) */
		int ok = bs1e_morale_roll(b, g, 1u << BS1E_T5_OTHER_RULE, 0,
					  "[7.13]",
					  "the forced march tells: AR worsens "
					  "by one");
		u->fm_penalty = bs1e_forced_march_check(u->fm_penalty, ok);
	}
}

/* RULING R-456 [10.6] the pass-through moments of a fighting withdrawal
 * [7.12], a flight [8.8] (one straight move the rules give) or a
 * wrap-around [7.11]: where it starts, every inch of a withdrawal's or a
 * flight's straight line, and where it ends (R-477's for a
 * step). The move is traced first (kind BS_ORDER_WITHDRAW, FLEE or WRAP,
 * `allowed` its MV), the moments
 * offered to the controllers of the sides not moving; *np volleys in po.
 * m is then set up to carry the move out with them. */
static void one_move_moments(struct bs_battle *b, int g,
			     const struct bs_order *o, double allowed,
			     struct mv *m, struct moments *mo,
			     struct bs1e_pt_order *po, int *np)
{
	*np = 0;
	mv_init(m, b, b, g, o, allowed);
	if (!bs1e_pass_through_possible(b, g))
		return;
	struct mv t;
	mv_init(&t, b, NULL, g, o, allowed);
	mo->n = 0;
	t.mo = mo;
	moment(&t, t.p.front, t.p.facing, 0, -1, -1, -1);
	int ok = 1, wl, wr, tg;
	if (o->kind == BS_ORDER_WITHDRAW)
		ok = withdraw_path(&t);
	else if (o->kind == BS_ORDER_WRAP)
		ok = wrap_path(&t, &wl, &wr, &tg);
	else
		flee_path(&t, 0);
	/* [10.6] "at any point during the enemy's movement": a withdrawal
	 * and a flight are one straight line (RULING R-456); every inch of
	 * it is a moment, as an advance's (RULING R-477) */
	struct bs_vec x0 = {mo->pt[0].x, mo->pt[0].y};
	struct bs_vec way = bs_vec_sub(t.p.front, x0);
	double dist = bs_vec_len(way);
	if (ok && o->kind != BS_ORDER_WRAP && dist > EPS) {
		mo->along0 = x0;
		mo->along = bs_vec_scale(way, 1.0 / dist);
		mo->along_facing = t.p.facing;
		mo->along_rate = t.spent / dist;
		for (double k = MOMENT_STEP; k < dist - MOMENT_STEP / 4;
		     k += MOMENT_STEP)
			moment(&t, bs_vec_add(x0, bs_vec_scale(mo->along, k)),
			       t.p.facing, k * mo->along_rate, 0, k, -1);
	}
	if (ok && t.spent > EPS)
		moment(&t, t.p.front, t.p.facing, t.spent, 0, -1,
		       t.contact >= 0 ? t.contact : -1);
	*np = bs1e_pass_through_orders(b, g, mo->pt, mo->n, po,
				       BS_MAX_FIRE_ORDERS);
	if (*np > 0) {
		m->mo = mo;
		m->pause = po;
		m->npause = *np;
	}
}

/* The volleys of m's pauses in step `step` (-1: before it moves, 0: at its
 * end); 1 when the mover is still there to go on (not routed or
 * destroyed by them). */
static int one_move_pauses(struct mv *m, int step)
{
	double pt;
	while (pause_next(m, step, &pt))
		pause_at(m, m->pause[m->ipause].at);
	return !m->aborted;
}

/* RULING R-456 [10.6] the volleys of m's pauses along a withdrawal's or
 * a flight's line (step 0, t inches into it): the mover stopped there,
 * at that inch of its traced line. 1 when it is still there to go on:
 * it then goes on from where it started, its block as the volleys left
 * it (the same straight line). */
static int one_move_along(struct mv *m)
{
	double t;
	if (!m->mo)
		return 1;
	const struct moments *mo = m->mo;
	struct bs_tt_pose p0 = m->p;
	int paused = 0;
	while (pause_next(m, 0, &t) && t >= 0) {
		m->p.front = bs_vec_add(mo->along0, bs_vec_scale(mo->along, t));
		m->p.facing = mo->along_facing;
		m->spent = t * mo->along_rate;
		paused = 1;
		pause_at(m, m->pause[m->ipause].at);
		if (m->aborted)
			return 0;
	}
	if (paused) {
		m->p = p0;
		m->spent = 0;
		bs1e_set_geom(m->wb, m->g, &m->s, &m->p);
	}
	return 1;
}

/* Volleys ordered at moments that did not come (RULING R-477's notes). */
static void one_move_leftover(struct bs_battle *b, const struct mv *m,
			      const struct bs1e_pt_order *po, int np)
{
	for (int i = m->ipause; i < np; i++)
		if (m->aborted)
			bs1e_pt_skip(b, &po[i], 0,
				     "pass-through fire not taken: the mover "
				     "has routed or is destroyed",
				     "[10.6]");
		else
			bs1e_pt_skip(b, &po[i], 1,
				     "pass-through fire: the moment did not "
				     "come (the move ended before it)",
				     "[10.6]");
}

static void exec_withdraw(struct bs_battle *b, int g, const struct bs_order *o)
{
	struct bs_unit_state *u = &b->units[g];
	int foes[BS1E_MAX_UNITS], nf = 0;
	for (int h = 0; h < b->nunits; h++)
		if (b->units[h].side != u->side && bs1e_contact(b, g, h, NULL))
			foes[nf++] = h;
	struct mv m;
	struct moments mo;
	struct bs1e_pt_order po[BS_MAX_FIRE_ORDERS];
	int np;
	one_move_moments(b, g, o, 3.0, &m, &mo, po, &np);
	struct bs_vec from = u->front;
	if (!one_move_pauses(&m, -1)) {
		/* [10.6] routed or destroyed where it stood: no withdrawal */
		one_move_leftover(b, &m, po, np);
		return;
	}
	if (!one_move_along(&m)) {
		/* routed or destroyed on its way back */
		one_move_leftover(b, &m, po, np);
		u->flags |= BS_UF_WITHDREW | BS_UF_MOVED;
		return;
	}
	withdraw_path(&m);
	if (!one_move_pauses(&m, 0)) {
		/* routed or destroyed where it ended: the rout moved it */
		one_move_leftover(b, &m, po, np);
		u->flags |= BS_UF_WITHDREW | BS_UF_MOVED;
		return;
	}
	one_move_leftover(b, &m, po, np);
	store(b, &m);
	u->flags |= BS_UF_WITHDREW;
	struct bs_vec shift = bs_vec_sub(u->front, from);
	double len = bs_vec_len(shift);
	for (int i = 0; i < nf; i++) {
		int h = foes[i];
		struct bs_unit_state *e = &b->units[h];
		if (!bs1e_in_play(b, h) || bs1e_routed(b, h))
			continue;
		/* [7.12] "If the enemy unit consists of creatures with low
		 * intelligence or chaotic alignment, it must make a
		 * Discipline Check. If the check succeeds, the unit has the
		 * option to remain in place; otherwise, it automatically
		 * advances" */
		int follow;
		if (!bs1e_discipline_check(b, h, BS1E_T7_ENEMY_WITHDRAWS, g)) {
			follow = 1;
		} else {
			const struct bs_controller *c = b->ctl[e->side];
			follow = c && c->follow
				     ? c->follow(c->ctx, b, e->side, e->idx,
						 u->side, u->idx) != 0
				     : 0;
		}
		if (!follow) {
			/* "it cannot Charge the unit that withdrew for the
			 * remainder of the current Game Round" */
			e->flags |= BS_UF_NO_CHARGE;
			e->nocharge_side = u->side;
			e->nocharge_unit = u->idx;
			bs1e_note(b, h,
				  "remains in place: may not charge the unit "
				  "that withdrew this round",
				  "[7.12]");
			continue;
		}
		/* RULING R-539: set spears and the shield square stay
		 * where they are; a unit that follows leaves them */
		if (e->special == BS_SPECIAL_SET_SPEARS ||
		    e->special == BS_SPECIAL_SHIELD_SQUARE)
			bs1e_special_end(b, h,
					 "broken: the unit follows the "
					 "withdrawing enemy",
					 e->special == BS_SPECIAL_SET_SPEARS
					     ? "[11.7] [7.12] (RULING R-539)"
					     : "[11.6] [7.12] (RULING R-539)");
		/* "advance 3" and remain in base-to-base contact ... even if
		 * it has already used its full movement rate" */
		struct mv f;
		struct bs_order fo = {.kind = BS_ORDER_MOVE};
		mv_init(&f, b, b, h, &fo, 3.0);
		struct bs_vec x0 = f.p.front;
		double f0 = f.p.facing;
		struct bs_tt_step_result r;
		double ang =
		    len > 0 ? bs_angle_diff(f.p.facing, bs_facing_of(shift))
			    : 0;
		if (!clear_way(&f, 0, len, ang)) {
			/* "even if it has already used its full movement
			 * rate": RULING R-454, the ground does not slow it,
			 * but it goes nowhere it may not go */
			f.free_ground = 1;
			f.name = "follow";
			f.name_cite = "[7.12] [11.8]";
			move_over(&f, 0, len, ang, &r);
		} else {
			bs_tt_advance(&f.s, &f.p, len, ang, f.obst, f.n, &r);
			f.spent = r.cost;
			emit_move(&f, "follow", x0, f0, r.cost, "[7.12]");
		}
		bs1e_set_geom(b, h, &f.s, &f.p);
		e->flags |= BS_UF_MOVED;
		if (bs1e_contact(b, h, g, NULL))
			contact_made(b, h, g);
	}
}

static void exec_flee(struct bs_battle *b, int g, const struct bs_order *o)
{
	struct bs_unit_state *u = &b->units[g];
	int foes[BS1E_MAX_UNITS], nf = 0;
	for (int h = 0; h < b->nunits; h++)
		if (b->units[h].side != u->side && bs1e_contact(b, g, h, NULL))
			foes[nf++] = h;
	/* the about face, free: the same rectangle, turned */
	struct bs_quad q = bs1e_quad(b, g);
	u->facing = fmod(u->facing + 180.0, 360.0);
	u->front = bs_vec_scale(bs_vec_add(q.p[1], q.p[2]), 0.5);
	bs1e_moved(b, g);
	u->flags |= BS_UF_FLED;
	/* RULING R-119: the free attack is resolved at once, before the
	 * fleeing unit moves, its losses removed and checked then.
	 * [8.8] "The enemy is entitled to one free attack at the fleeing
	 * unit with a -2 bonus "to hit" (attacking from behind). The
	 * fleeing unit may not fight back, but must make any Morale Check
	 * required by losses it takes." */
	for (int i = 0; i < nf; i++) {
		int h = foes[i];
		if (!bs1e_in_play(b, g) || bs1e_routed(b, g))
			break;
		if (bs1e_in_play(b, h) && !bs1e_routed(b, h))
			bs1e_free_attack(b, h, g);
	}
	/* Table 7: a chaotic or low-intelligence enemy checks discipline
	 * when an enemy flees while engaged with it */
	for (int i = 0; i < nf; i++)
		if (bs1e_in_play(b, foes[i]) && !bs1e_routed(b, foes[i]))
			bs1e_discipline_check(b, foes[i],
					      BS1E_T7_ENEMY_WITHDRAWS, g);
	if (!bs1e_in_play(b, g) || bs1e_routed(b, g))
		return; /* destroyed, or routed (and so moved) */
	struct mv m;
	struct moments mo;
	struct bs1e_pt_order po[BS_MAX_FIRE_ORDERS];
	int np;
	one_move_moments(b, g, o, u->r.mv, &m, &mo, po, &np);
	if (!one_move_pauses(&m, -1)) {
		one_move_leftover(b, &m, po, np);
		return;
	}
	if (!one_move_along(&m)) {
		/* routed or destroyed on its way */
		one_move_leftover(b, &m, po, np);
		u->flags |= BS_UF_MOVED;
		return;
	}
	flee_path(&m, 0);
	if (!one_move_pauses(&m, 0)) {
		one_move_leftover(b, &m, po, np);
		u->flags |= BS_UF_MOVED;
		return;
	}
	one_move_leftover(b, &m, po, np);
	store(b, &m);
	u->flags |= BS_UF_MOVED;
	if (m.contact >= 0)
		contact_made(b, g, m.contact);
}

static void exec_wrap(struct bs_battle *b, int g, const struct bs_order *o)
{
	struct bs_unit_state *u = &b->units[g];
	struct mv m;
	int wl = 0, wr = 0, t = -1;
	struct moments mo;
	struct bs1e_pt_order po[BS_MAX_FIRE_ORDERS];
	int np;
	one_move_moments(b, g, o, allowed_for(b, g, o->kind, 1.0), &m, &mo, po,
			 &np);
	if (!one_move_pauses(&m, -1)) {
		one_move_leftover(b, &m, po, np);
		return;
	}
	if (!wrap_path(&m, &wl, &wr, &t)) {
		one_move_leftover(b, &m, po, np);
		return;
	}
	store(b, &m);
	u->flags |= BS_UF_WRAPPED | BS_UF_MOVED;
	u->frontage_dir = 1;
	u->wrap_tside = b->units[t].side;
	u->wrap_tunit = b->units[t].idx;
	u->wrap_files[0] = wl;
	u->wrap_files[1] = wr;
	/* [10.6] its end: the block as it now stands, wrapped */
	one_move_pauses(&m, 0);
	one_move_leftover(b, &m, po, np);
}

/* Check then carry out order o of unit g. Returns 1 when carried out. */
static int execute(struct bs_battle *b, int g, const struct bs_order *o,
		   int engine)
{
	struct mv m;
	if (!simulate_any(b, g, o, engine, &m)) {
		/* controllers only propose: "an illegal order is rejected
		 * with the rule that forbids it", and [7.9] special note:
		 * the unit is committed "to no action for that entire
		 * phase" */
		bs1e_reject(b, g, m.why ? m.why : "illegal order",
			    m.cite ? m.cite : "[7.0]");
		return 0;
	}
	emit_order(b, g, o);
	/* [13.9] RULING R-578: the order it last carried out */
	struct bs1e_unit_x *lx = &bs1e_sc(b)->ux[g];
	if (lx->mindless) {
		lx->last_order = *o;
		lx->has_last = 1;
	}
	/* [11.6] [11.7] "declare ... before the unit moves" */
	bs1e_special_apply(b, g, &m.sp);
	switch (o->kind) {
	case BS_ORDER_HOLD:
		break;
	case BS_ORDER_WITHDRAW:
		exec_withdraw(b, g, o);
		break;
	case BS_ORDER_FLEE:
		exec_flee(b, g, o);
		break;
	case BS_ORDER_WRAP:
		exec_wrap(b, g, o);
		break;
	default:
		exec_steps(b, g, o, &m);
		break;
	}
	return 1;
}

/* ---- engine-driven units --------------------------------------------------
 */

static void plan(const struct bs_battle *b, int g, int t, int engine,
		 struct bs_tt_charge *out);

/* Toward enemy t: wheel to face it (when more than 45 degrees off) and
 * advance with what is left. */
static void approach(const struct bs_battle *b, int g, int t, double allowed,
		     struct bs_order *o)
{
	const struct bs_unit_state *u = &b->units[g];
	struct bs_tt_shape s;
	bs1e_shape(b, g, &s);
	memset(o, 0, sizeof *o);
	o->kind = BS_ORDER_MOVE;
	o->tside = o->tunit = -1;
	double want =
	    bs_facing_of(bs_vec_sub(bs1e_centre(b, t), bs1e_centre(b, g)));
	double turn = bs_angle_diff(u->facing, want);
	if (fabs(turn) <= 45.0 || u->formation == BS_FORM_SKIRMISH) {
		o->nsteps = 1;
		o->step[0] = (struct bs_step){
		    .kind = BS_STEP_ADVANCE, .dist = allowed, .angle = turn};
		if (fabs(turn) > 45.0)
			o->step[0].angle = turn > 0 ? 45.0 : -45.0;
		return;
	}
	double cost = bs_tt_wheel_cost(&s, turn);
	o->nsteps = 2;
	o->step[0] = (struct bs_step){.kind = BS_STEP_WHEEL, .angle = turn};
	o->step[1] =
	    (struct bs_step){.kind = BS_STEP_ADVANCE,
			     .dist = allowed - cost > 0 ? allowed - cost : 0};
}

/* [4.6] a unit that failed a discipline check "charges and/or attacks
 * the enemy": the enemy that made it check (RULING R-124: the nearest
 * when none did). */
static void move_undisciplined(struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	if (bs1e_engaged(b, g))
		return; /* it fights where it stands */
	/* [4.6] the enemy of its attack, till it routs or is defeated */
	int t = u->disc_tside >= 0 ? bs1e_g(b, u->disc_tside, u->disc_tunit)
				   : bs1e_nearest_enemy(b, g, 1);
	if (t < 0)
		return;
	struct bs_tt_charge ch;
	plan(b, g, t, 1, &ch);
	if (ch.legal) {
		execute(b, g, &ch.order, 1);
		return;
	}
	struct bs_order o;
	approach(b, g, t, allowed_for(b, g, BS_ORDER_MOVE, 1.0), &o);
	execute(b, g, &o, 1);
}

int bs1e_mindless_follows(const struct bs_battle *b, int g)
{
	/* [13.9] "Mindless undead (zombies, skeletons, etc.) must be in
	 * command in order to move or fight"; R-312: the Advanced Game's */
	return b->sc->level == BS_LEVEL_ADVANCED &&
	       bs1e_sc(b)->ux[g].mindless && !bs1e_sc(b)->ux[g].mob &&
	       (b->units[g].flags & BS_UF_OUT_OF_COMMAND) != 0;
}

int bs1e_rampage_target(const struct bs_battle *b, int g)
{
	const struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	if (x->rampage_round != b->round || x->rampage < 0 ||
	    !bs1e_in_play(b, x->rampage) || !bs1e_in_play(b, g) ||
	    !bs1e_contact(b, g, x->rampage, NULL))
		return -1;
	return x->rampage;
}

/* The order of a mindless unit that keeps on straight ahead: its full
 * move, or what is left of it. */
static struct bs_order straight_on(const struct bs_battle *b, int g)
{
	struct bs_order o;
	memset(&o, 0, sizeof o);
	o.kind = BS_ORDER_MOVE;
	o.tside = o.tunit = -1;
	o.nsteps = 1;
	o.step[0] =
	    (struct bs_step){.kind = BS_STEP_ADVANCE,
			     .dist = allowed_for(b, g, BS_ORDER_MOVE, 1.0)};
	return o;
}

/* [13.9] "If a unit of mindless undead goes out of command, it continues
 * following its last order: move, fight, pursue, halt, etc., regardless of
 * circumstances. If it is moving, it will fight any opponents or friendly
 * forces in its path, and move off the tabletop or over a cliff or into a
 * river or otherwise self-destruct if command is not reestablished in
 * time." RULING R-578: no order is asked; its last order carried out in a
 * Movement Phase is carried out again as the rules allow it now (none
 * yet: it halts); one they refuse now (a charge at a target gone, a
 * wheel blocked) becomes its full move straight ahead, and when that too
 * is refused, it halts. In contact it fights where it stands (the melee
 * comes to it). RULING R-579: a move that ends against a friendly unit in
 * its path is a melee with it this Game Round (r08_phase.c); one that ends
 * at the table edge with its front over it and its move not spent takes
 * it off the table: it is destroyed. */
static void move_mindless(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	if (bs1e_engaged(b, g)) {
		bs1e_note(b, g,
			  "mindless undead out of command, in contact: it "
			  "fights where it stands (RULING R-578)",
			  "[13.9]");
		return;
	}
	struct bs_order o;
	if (!x->has_last) {
		memset(&o, 0, sizeof o);
		o.kind = BS_ORDER_HOLD;
		o.tside = o.tunit = -1;
	} else {
		o = x->last_order;
	}
	o.why = "mindless undead out of command: it follows its last order "
		"(RULING R-578)";
	/* [11.6] [11.7] it keeps what it is in, declares nothing anew */
	o.declares = 0;
	struct mv m;
	if (o.kind != BS_ORDER_HOLD && !simulate_any(b, g, &o, 1, &m)) {
		bs1e_note(
		    b, g,
		    o.kind == BS_ORDER_CHARGE
			? "mindless undead out of command: its charge "
			  "cannot be made again: it keeps on straight "
			  "ahead (RULING R-578)"
			: "mindless undead out of command: its last order "
			  "cannot be carried out again: it keeps on "
			  "straight ahead (RULING R-578)",
		    "[13.9]");
		o = straight_on(b, g);
		o.why = "mindless undead out of command: straight ahead "
			"(RULING R-578)";
		if (!simulate_any(b, g, &o, 1, &m)) {
			bs1e_note(b, g,
				  "mindless undead out of command: it cannot "
				  "move on: it halts (RULING R-578)",
				  "[13.9]");
			return;
		}
	}
	double before = u->mv_spent;
	if (!execute(b, g, &o, 1) || o.kind == BS_ORDER_HOLD ||
	    !bs1e_in_play(b, g))
		return;
	/* RULING R-579: what stopped it in its path */
	double left = allowed_for(b, g, o.kind, 1.0) - (u->mv_spent - before);
	if (left < 0.05 || bs1e_engaged(b, g))
		return;
	for (int h = 0; h < b->nunits; h++) {
		struct bs_tt_contact c;
		if (h == g || b->units[h].side != u->side ||
		    !bs1e_in_play(b, h) || !bs1e_contact(b, g, h, &c) ||
		    c.edge_a != BS_EDGE_FRONT)
			continue;
		x->rampage = h;
		x->rampage_round = b->round;
		bs1e_note(b, g,
			  "mindless undead out of command: it walked into "
			  "friends in its path and fights them (RULING R-579)",
			  "[13.9]");
		return;
	}
	/* the block a tenth of an inch on: over the edge, or onto ground
	 * that bars it (water, a cliff: "over a cliff or into a river") */
	struct bs_quad q0 = bs1e_quad(b, g), q = q0;
	struct bs_vec step = bs_vec_scale(bs_dir(u->facing), 0.1);
	for (int i = 0; i < 4; i++)
		q.p[i] = bs_vec_add(q.p[i], step);
	const struct bs_terrain_index *ti = bs1e_terrain(b);
	struct bs_tt_mover gm = x->gm;
	gm.formation = u->formation;
	const char *why = NULL, *cite = NULL;
	if (bs_tt_off_table(&q, b->sc->width, b->sc->depth))
		bs1e_unit_destroyed(b, g,
				    "mindless undead out of command: it "
				    "walked off the table (RULING R-579)",
				    "[13.9]");
	else if (ti && bs_terrain_barred(ti, &q, &q0, &gm, &why, &cite) >= 0)
		bs1e_unit_destroyed(b, g,
				    "mindless undead out of command: it "
				    "walked on into ground it cannot enter "
				    "and is lost (RULING R-579)",
				    "[13.9]");
}

/* [2.10] a mob carries out its standing order (RULING R-122). */
static void move_mob(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs_order o;
	memset(&o, 0, sizeof o);
	o.tside = o.tunit = -1;
	if (bs1e_engaged(b, g) || u->mob_order == BS_MOB_NONE)
		return; /* [2.10] "automatically fights when in contact" */
	double mv = allowed_for(b, g, BS_ORDER_MOVE, 1.0);
	/* [2.10] "it moves in as straight a line as possible" */
	struct bs_order fwd = {
	    .kind = BS_ORDER_MOVE, .tside = -1, .tunit = -1, .nsteps = 1};
	fwd.step[0] = (struct bs_step){.kind = BS_STEP_ADVANCE, .dist = mv};
	switch (u->mob_order) {
	case BS_MOB_FORWARD:
		execute(b, g, &fwd, 1);
		return;
	case BS_MOB_CHARGE: {
		/* the enemies by distance: the first it can legally charge */
		int done[BS1E_MAX_UNITS] = {0};
		for (int k = 0; k < b->nunits; k++) {
			struct bs_quad q = bs1e_quad(b, g);
			double best = HUGE_VAL;
			int t = -1;
			for (int h = 0; h < b->nunits; h++) {
				if (done[h] || b->units[h].side == u->side ||
				    !bs1e_in_play(b, h))
					continue;
				struct bs_quad qh = bs1e_quad(b, h);
				double d = bs_quad_dist(&q, &qh);
				if (d < best) {
					best = d;
					t = h;
				}
			}
			if (t < 0 || best > mv * 1.5)
				break;
			done[t] = 1;
			struct bs_tt_charge ch;
			plan(b, g, t, 1, &ch);
			if (ch.legal) {
				execute(b, g, &ch.order, 1);
				return;
			}
		}
		execute(b, g, &fwd, 1);
		return;
	}
	case BS_MOB_FORCED_MARCH: {
		struct bs_order fm = fwd;
		struct mv m;
		fm.kind = BS_ORDER_FORCED_MARCH;
		fm.step[0].dist = allowed_for(b, g, BS_ORDER_FORCED_MARCH, 1.0);
		if (simulate_any(b, g, &fm, 1, &m))
			execute(b, g, &fm, 1);
		else
			execute(b, g, &fwd, 1);
		return;
	}
	case BS_MOB_WHEEL: {
		struct bs_order w = fwd;
		w.step[0] = (struct bs_step){.kind = BS_STEP_WHEEL,
					     .angle = u->mob_angle};
		execute(b, g, &w, 1);
		u->mob_order = BS_MOB_NONE;
		return;
	}
	default:
		return;
	}
}

/* [2.9] "If any figure in a regular enemy unit or a mob moves into
 * base-to-base contact with one or more skirmishing figures, the
 * skirmishing figures must make a Fighting Withdrawal or Flee the melee
 * as soon as possible." */
static int skirmisher_must_leave(const struct bs_battle *b, int g)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	if (!s->ux[g].skirmish)
		return 0;
	for (int h = 0; h < b->nunits; h++)
		if (b->units[h].side != b->units[g].side &&
		    !s->ux[h].skirmish && bs1e_contact(b, g, h, NULL))
			return 1;
	return 0;
}

/* Table 7 checks "at the beginning of [its] Movement Phase". */

static void discipline_at_start(struct bs_battle *b, int side)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	for (int g = b->side_first[side];
	     g < b->side_first[side] + b->sc->sides[side].nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		/* a unit on an uncontrolled attack does not check again */
		if (!bs1e_in_play(b, g) || bs1e_routed(b, g) ||
		    bs1e_disc_attacking(b, g))
			continue;
		/* [7.14] "Their "charge range" for Discipline Checks is the
		 * same as their normal movement rate" (skirmishers) */
		/* issue 13: only a mob or berserker checks on seeing any
		 * enemy (Table 7, bs1e_discipline_due: for any other unit
		 * that check is no check at all, nothing drawn or told); any
		 * unit checks on seeing a hated one. A unit that is neither
		 * and hates nobody has nothing to look for; one that is not a
		 * mob or berserker looks only at the enemies it hates (the
		 * same nearest hated: the same order, the same distances) */
		const struct bs1e_unit_x *x = &s->ux[g];
		int sees_any = x->mob || x->berserker;
		uint64_t hates = 0;
		for (size_t w = 0; w < sizeof x->hated / sizeof x->hated[0];
		     w++)
			hates |= x->hated[w];
		if (!sees_any && !hates)
			continue;
		double range = x->skirmish ? u->r.mv : u->r.mv * 1.5;
		struct bs_quad q = bs1e_quad(b, g);
		int hated = -1, any = -1;
		double dh = HUGE_VAL, da = HUGE_VAL;
		/* issue 13: the units in play whose boxes meet g's box grown
		 * by the range and 0.01" (the grid of the pair table), in
		 * ascending order; one left out has a box farther than the
		 * range by more than 0.009" along x or y, so its block lies
		 * beyond the range and bs_quad_dist_cmp answers 1 for it: the
		 * scan of every unit skipped it too */
		const struct bs_box qbox = bs_quad_box(&q);
		struct bs_box reach = qbox;
		double grow = range + 0.01;
		reach.x0 -= grow;
		reach.y0 -= grow;
		reach.x1 += grow;
		reach.y1 += grow;
		struct bs_quad seen[BS1E_MAX_UNITS];
		int seen_g[BS1E_MAX_UNITS];
		int nseen =
		    bs1e_obstacles_reach(b, g, -1, &reach, seen, seen_g);
		for (int i = 0; i < nseen; i++) {
			int h = seen_g[i];
			if (b->units[h].side == side)
				continue;
			if (!sees_any &&
			    !(x->hated[h / 64] & (1ull << (h % 64))))
				continue;
			const struct bs_quad *qh = &seen[i];
			int is_hated = (x->hated[h / 64] >> (h % 64)) & 1;
			/* issue 13: an enemy whose box lies farther than the
			 * nearest found so far (and than the nearest hated,
			 * when hated) changes neither, within range or not:
			 * its distance is at least the boxes' gap, which
			 * bs_box_gap_lb bounds from below by far more than
			 * the rounding of either */
			struct bs_box hbox = bs_quad_box(qh);
			double lb = bs_box_gap_lb(&qbox, &hbox);
			if (lb > da && (!is_hated || lb > dh))
				continue;
			/* RULING R-123: "sees" on the clear ground of the
			 * Basic Game: any part within range */
			if (bs_quad_dist_cmp(&q, qh, range) > 0)
				continue;
			double d = bs_quad_dist(&q, qh);
			if (d < da) {
				da = d;
				any = h;
			}
			if (is_hated && d < dh) {
				dh = d;
				hated = h;
			}
		}
		/* a failure sends it at the enemy it saw [4.6] */
		if (hated >= 0 &&
		    !bs1e_discipline_check(b, g, BS1E_T7_HATED_OPPONENT, hated))
			continue;
		if (any >= 0)
			bs1e_discipline_check(
			    b, g, BS1E_T7_MOB_OR_BERSERKER_SEES_ENEMY, any);
	}
}

static void move_indivs(struct bs_battle *b, int side)
{
	const struct bs_controller *ctl = b->ctl[side];
	if (!ctl || !ctl->move_indiv)
		return;
	for (int k = 0; k < b->sc->sides[side].nindividuals; k++) {
		struct bs_indiv_state *c = &b->indivs[b->indiv_first[side] + k];
		if (!c->alive || c->lost || c->with_unit >= 0)
			continue;
		struct bs_indiv_order io = {0};
		ctl->move_indiv(ctl->ctx, b, side, k, &io);
		if (!io.move)
			continue;
		struct bs_vec to = {io.x, io.y};
		double d = bs_vec_dist(to, c->pos);
		const char *why = NULL;
		if (!isfinite(io.x) || !isfinite(io.y) || io.x < 0 ||
		    io.y < 0 || io.x > b->sc->width || io.y > b->sc->depth)
			why = "off the table";
		else if (d > c->mv + EPS)
			why = "farther than the individual's MV";
		/* [14.2] RULING R-718 (r14_chant.c): busy casting */
		int casting =
		    bs1e_sc(b)->ix[b->indiv_first[side] + k].long_end != 0;
		if (casting)
			why = "he is casting a spell of more than one Game "
			      "Round: he does not move (RULING R-718)";
		if (why) {
			if (bs_battle_events_on(b)) {
				struct bs_event ev;
				bs1e_ev(b, &ev, BS_EV_REJECTED);
				ev.side = side;
				ev.indiv = k;
				ev.what = why;
				ev.cite =
				    casting ? "[14.2] [14.1]" : "[7.7] [9.2]";
				bs_battle_emit(b, &ev);
			}
			continue;
		}
		struct bs_vec from = c->pos;
		c->pos = to;
		c->flags |= BS_IF_MOVED;
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			bs1e_ev(b, &ev, BS_EV_MOVE);
			ev.side = side;
			ev.indiv = k;
			ev.what = "advance";
			ev.x0 = from.x;
			ev.y0 = from.y;
			ev.x1 = to.x;
			ev.y1 = to.y;
			ev.f0 = ev.f1 = c->facing;
			ev.n[0] = (int)lround(d * 10);
			ev.n[1] = c->mv * 10;
			ev.n[2] = ev.n[0];
			ev.cite = "[7.7] [9.2]";
			bs_battle_emit(b, &ev);
		}
	}
}

/* [14.6 A] RULING R-691: the units of other sides that `side` controls by
 * a charm, moved by the rules for it (bs1e_charm_order: a hold or a face
 * about), each with its Discipline Check after (RULING R-692). */
static void charm_moves(struct bs_battle *b, int side)
{
	for (int g = 0; g < b->nunits; g++) {
		if (b->units[g].side == side || !bs1e_in_play(b, g) ||
		    bs1e_routed(b, g) || bs1e_charm_side(b, g) != side ||
		    (b->units[g].flags & BS_UF_MOVED))
			continue;
		struct bs_order o;
		const char *why = bs1e_charm_order(b, side, g, &o);
		struct mv m;
		if (o.kind != BS_ORDER_HOLD && !simulate_any(b, g, &o, 1, &m)) {
			memset(&o, 0, sizeof o);
			o.kind = BS_ORDER_HOLD;
			o.tside = o.tunit = -1;
			why =
			    "charmed: it cannot turn about here: the charming "
			    "side holds it where it stands (RULING R-691)";
		}
		bs1e_note(b, g, why, "[14.6 A]");
		execute(b, g, &o, 1);
		bs1e_charm_after_move(b, g);
	}
}

int bs1e_free_face(struct bs_battle *b, int g, double deg)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs_order o;
	memset(&o, 0, sizeof o);
	o.kind = BS_ORDER_MOVE;
	o.tside = o.tunit = -1;
	o.nsteps = 1;
	o.step[0] = (struct bs_step){.kind = BS_STEP_FACE, .angle = deg};
	/* "at no cost": the movement it had spent is given back after */
	double spent = u->mv_spent;
	unsigned flags = u->flags;
	u->mv_spent = 0;
	struct mv m;
	int ok = simulate_any(b, g, &o, 1, &m);
	if (ok)
		execute(b, g, &o, 1);
	u->mv_spent = spent;
	u->flags = (u->flags & ~(unsigned)BS_UF_MOVED) | (flags & BS_UF_MOVED);
	return ok;
}

static void move_side(struct bs_battle *b, int side)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	int first = b->side_first[side], nu = b->sc->sides[side].nunits;
	for (int g = first; g < first + nu; g++)
		bs1e_uncramp(b, g);
	discipline_at_start(b, side);
	/* [6.4] [7.15] routed units keep routing: "On the Movement Phase
	 * that follows, the routing unit moves its full movement rate in
	 * the same direction it was moving." (RULING R-457: fired at in
	 * passing [10.6]) */
	for (int g = first; g < first + nu; g++)
		if (bs1e_in_play(b, g) && bs1e_routed(b, g) &&
		    !(b->units[g].flags & BS_UF_MOVED))
			bs1e_rout_move(b, g);
	/* RULING R-378: skirmishers routed apart [2.9] run on, or come
	 * back when rallied */
	for (int g = first; g < first + nu; g++)
		bs1e_skirmishers_move(b, g);
	/* [2.10] mobs; [4.6] units out of control. RULING R-173 [6.3] a
	 * unit rallied this round "may not move ... during that Game
	 * Round": the rules do not move it (a mob's standing order, or a
	 * failed discipline check of this phase, waits for the next round);
	 * a controller's unit is still asked, for the formation change
	 * [6.3] allows. */
	for (int g = first; g < first + nu; g++) {
		if (!bs1e_in_play(b, g) || bs1e_routed(b, g) ||
		    (b->units[g].flags & (BS_UF_MOVED | BS_UF_RALLIED)) ||
		    bs1e_charmed(b, g)) /* [14.6 A] RULING R-691 */
			continue;
		if (bs1e_disc_attacking(b, g))
			move_undisciplined(b, g);
		else if (s->ux[g].mob)
			move_mob(b, g);
		else if (bs1e_mindless_follows(b, g))
			move_mindless(b, g); /* [13.9] RULING R-578 */
	}
	/* [14.6 A] "A unit serving a charmed commander moves during the
	 * enemy Movement Phase": the units `side` controls by a charm, first
	 * (its own may then strike what it left open) */
	charm_moves(b, side);
	/* the controller's units, in its order */
	const struct bs_controller *ctl = b->ctl[side];
	int n = 0;
	if (ctl && ctl->move_sequence) {
		n = ctl->move_sequence(ctl->ctx, b, side, s->seq, nu);
		if (n > nu)
			n = nu;
		if (n < 0)
			n = 0;
	} else {
		for (int i = 0; i < nu; i++)
			s->seq[n++] = i;
	}
	for (int i = 0; i < n; i++) {
		int ui = s->seq[i];
		if (ui < 0 || ui >= nu)
			continue;
		int g = first + ui;
		struct bs_unit_state *u = &b->units[g];
		/* [4.6] its attack over, a unit out of command by a failed
		 * discipline check moves as its controller says until its
		 * commander reasserts command */
		if (!bs1e_in_play(b, g) || bs1e_routed(b, g) || s->ux[g].mob ||
		    bs1e_disc_attacking(b, g) ||
		    bs1e_mindless_follows(b, g) || /* [13.9] R-578 */
		    bs1e_charmed(b, g) ||	   /* [14.6 A] RULING R-691 */
		    (u->flags & (BS_UF_MOVED | BS_UF_FLED | BS_UF_WITHDREW)))
			continue;
		struct bs_order o;
		memset(&o, 0, sizeof o);
		o.kind = BS_ORDER_HOLD;
		o.tside = o.tunit = -1;
		if (ctl && ctl->move)
			ctl->move(ctl->ctx, b, side, ui, &o);
		int must_leave = skirmisher_must_leave(b, g);
		if (must_leave && o.kind != BS_ORDER_WITHDRAW &&
		    o.kind != BS_ORDER_FLEE) {
			struct bs_order w = {.kind = BS_ORDER_WITHDRAW,
					     .tside = -1,
					     .tunit = -1};
			struct mv m;
			bs1e_note(b, g,
				  "skirmishers in contact with a regular unit "
				  "or mob must withdraw or flee",
				  "[2.9]");
			if (!simulate_any(b, g, &w, 0, &m))
				w.kind = BS_ORDER_FLEE;
			execute(b, g, &w, 0);
			continue;
		}
		if (execute(b, g, &o, 0) || !ctl || !ctl->move)
			continue;
		/* RULING R-373: the rules refused the order before anything
		 * moved (a charge that cannot reach, R-108): the unit is free
		 * to take another; the controller is asked once more, with
		 * BS_UF_REFUSED set */
		u->flags |= BS_UF_REFUSED;
		memset(&o, 0, sizeof o);
		o.kind = BS_ORDER_HOLD;
		o.tside = o.tunit = -1;
		ctl->move(ctl->ctx, b, side, ui, &o);
		if (!must_leave || o.kind == BS_ORDER_WITHDRAW ||
		    o.kind == BS_ORDER_FLEE)
			execute(b, g, &o, 0);
		u->flags &= ~(unsigned)BS_UF_REFUSED;
	}
	/* [7.3] the gaps are filled: the debt is paid this phase */
	for (int g = first; g < first + nu; g++)
		b->units[g].gap_debt = 0;
	/* the individuals: in the Intermediate Game figures on the table
	 * (r09_figures.c) */
	if (bs1e_indivs_in_play(b))
		bs1e_indivs_move(b, side);
	else
		move_indivs(b, side);
}

void bs1e_phase_movement(struct bs_battle *b)
{
	/* [7.8] who begins the phase in contact */
	for (int g = 0; g < b->nunits; g++)
		if (bs1e_in_play(b, g) && bs1e_engaged(b, g))
			b->units[g].flags |= BS_UF_CONTACT_AT_START;
	/* [1.4] "Side A chooses which side moves its forces first." */
	int a = b->side_a, first = a;
	const struct bs_controller *ctl = b->ctl[a];
	if (ctl && ctl->moves_first && !ctl->moves_first(ctl->ctx, b, a) &&
	    b->nsides > 1)
		first = b->side_order[1];
	b->first_mover = first;
	/* [9.0] "All changes of roles must be declared at the beginning of
	 * the Movement Phase": each side's, in the order of initiative */
	for (int i = 0; i < b->nsides; i++)
		bs1e_roles_phase(b, b->side_order[i]);
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_NOTE);
		ev.side = a;
		ev.tside = first;
		ev.what = first == a ? "Side A moves first"
				     : "Side A lets the other side move first";
		ev.cite = "[1.4]";
		bs_battle_emit(b, &ev);
	}
	move_side(b, first);
	for (int i = 0; i < b->nsides; i++)
		if (b->side_order[i] != first)
			move_side(b, b->side_order[i]);
}

/* ---- the tabletop queries (tabletop.h) ------------------------------------
 */

static void plan(const struct bs_battle *b, int g, int t, int engine,
		 struct bs_tt_charge *out)
{
	const struct bs_unit_state *u = &b->units[g];
	memset(out, 0, sizeof *out);
	out->reach = u->r.mv * 1.5;
	out->why = "the target cannot be reached";
	out->cite = "[7.14]";
	out->order.kind = BS_ORDER_CHARGE;
	out->order.tside = b->units[t].side;
	out->order.tunit = b->units[t].idx;
	struct bs_quad tq = bs1e_quad(b, t), q = bs1e_quad(b, g);
	int edge;
	out->arc = bs_tt_arc_from(&tq, bs_quad_centre(&q), &edge);
	if (bs_quad_dist_cmp(&q, &tq, out->reach + EPS) > 0)
		return;
	/* the edge of the target it faces, squarely: facing = minus that
	 * edge's outward normal */
	struct bs_vec e0, e1;
	bs_quad_edge(&tq, edge, &e0, &e1);
	struct bs_vec mid = bs_vec_scale(bs_vec_add(e0, e1), 0.5);
	struct bs_vec outn = bs_vec_sub(mid, bs_quad_centre(&tq));
	double want = bs_facing_of(bs_vec_scale(outn, -1));
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	bs1e_shape(b, g, &s);
	bs1e_pose(b, g, &p);
	double turn = bs_angle_diff(p.facing, want);
	struct bs_order cand[2];
	int nc = 0;
	/* (a) wheel to face the edge, then straight on at its middle */
	{
		struct bs_tt_pose p2 = p;
		struct bs_tt_step_result r;
		bs_tt_wheel(&s, &p2, turn, NULL, 0, &r);
		double a = bs_angle_diff(
		    p2.facing, bs_facing_of(bs_vec_sub(mid, p2.front)));
		if (fabs(a) <= 45.0) {
			struct bs_order *o = &cand[nc++];
			*o = out->order;
			o->nsteps = 0;
			if (fabs(turn) > 0.01)
				o->step[o->nsteps++] = (struct bs_step){
				    .kind = BS_STEP_WHEEL, .angle = turn};
			o->step[o->nsteps++] =
			    (struct bs_step){.kind = BS_STEP_ADVANCE,
					     .dist = out->reach,
					     .angle = fabs(a) < 0.01 ? 0 : a};
		}
	}
	/* (b) no wheel: straight or oblique at the edge's middle */
	{
		double a = bs_angle_diff(
		    p.facing, bs_facing_of(bs_vec_sub(mid, p.front)));
		if (fabs(a) <= 45.0) {
			struct bs_order *o = &cand[nc++];
			*o = out->order;
			o->nsteps = 1;
			o->step[0] = (struct bs_step){.kind = BS_STEP_ADVANCE,
						      .dist = out->reach,
						      .angle = a};
		}
	}
	if (nc == 0) {
		out->why = "the target is not within reach of a wheel and a "
			   "straight run";
		return;
	}
	for (int i = 0; i < nc; i++) {
		struct mv m;
		if (!simulate_any(b, g, &cand[i], engine, &m)) {
			out->why = m.why;
			out->cite = m.cite;
			continue;
		}
		if (m.contact != t) {
			out->why = m.contact < 0
				       ? "the target cannot be reached "
					 "within 1 1/2 MV"
				       : "another enemy is in the way";
			out->cite = "[7.14]";
			continue;
		}
		out->legal = 1;
		out->why = NULL;
		out->cite = "[7.14]";
		out->length = m.spent;
		out->run = m.run;
		out->straight = m.straight;
		out->order = cand[i];
		/* the arc it strikes: the target edge its front touches */
		struct bs_tt_shape ts;
		struct bs_tt_pose tp;
		struct bs_tt_contact c;
		bs1e_shape(b, t, &ts);
		bs1e_pose(b, t, &tp);
		if (bs_tt_contact(&m.s, &m.p, &ts, &tp, &c))
			out->arc = bs_tt_edge_arc(c.edge_b);
		return;
	}
}

void bs_tt_plan_charge(const struct bs_battle *b, int side, int unit, int tside,
		       int tunit, struct bs_tt_charge *out)
{
	memset(out, 0, sizeof *out);
	out->order.tside = out->order.tunit = -1;
	if (side < 0 || side >= b->nsides || tside < 0 || tside >= b->nsides ||
	    unit < 0 || unit >= b->sc->sides[side].nunits || tunit < 0 ||
	    tunit >= b->sc->sides[tside].nunits) {
		out->why = "no such unit";
		out->cite = "[7.14]";
		return;
	}
	int g = bs1e_g(b, side, unit), t = bs1e_g(b, tside, tunit);
	if (b->units[g].side == b->units[t].side) {
		out->why = "a charge needs an enemy target";
		out->cite = "[7.14]";
		return;
	}
	if (!bs1e_hostile(b, b->units[g].side, t)) {
		out->why = BS1E_SERVING_WHY;
		out->cite = BS1E_SERVING_CITE;
		return;
	}
	plan(b, g, t, 0, out);
}

int bs_tt_check_order(const struct bs_battle *b, int side, int unit,
		      const struct bs_order *o, struct bs_tt_outcome *out)
{
	memset(out, 0, sizeof *out);
	out->contact_side = out->contact_unit = -1;
	if (side < 0 || side >= b->nsides || unit < 0 ||
	    unit >= b->sc->sides[side].nunits) {
		out->why = "no such unit";
		out->cite = "[7.0]";
		return 0;
	}
	int g = bs1e_g(b, side, unit);
	struct mv m;
	out->legal = simulate_any(b, g, o, 0, &m);
	out->why = m.why;
	out->cite = m.cite;
	out->pose = m.p;
	out->files = m.s.files;
	out->formation = m.s.formation;
	out->spent = m.spent;
	out->allowed = m.allowed;
	out->contact = m.contact >= 0;
	if (m.contact >= 0) {
		out->contact_side = bs1e_obst_side(b, m.contact);
		out->contact_unit =
		    m.contact < b->nunits ? b->units[m.contact].idx : -1;
	}
	return out->legal;
}
