/* Heroes and commanders as figures on the table, the Intermediate and
 * Advanced Games (issue 15): [2.3] 1:1 figures without bases (RULING
 * a counter), [9.2] brigade and army commanders and [9.4] heroes
 * standing alone, blocking and blocked like any figure [7.8]; their moves
 * [7.7] (free facing, the [9.4] Q&A); [9.0] changes of role declared at
 * the beginning of the Movement Phase, [9.3] deputies and the optional
 * chain of command taking over; [9.1] capture at the end of the battle.
 * At `basic` none of it is played (RULING R-517): individuals are markers
 * as in the Basic Game. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bs1e/engine.h"
#include "battlesim/bs1e_magic.h"

#define EPS 1e-6

static const struct bs_indiv_state *cind_of(const struct bs_battle *b, int side,
					    int i)
{
	return &b->indivs[b->indiv_first[side] + i];
}

static int valid_indiv(const struct bs_battle *b, int side, int i)
{
	return side >= 0 && side < b->nsides && i >= 0 &&
	       i < b->sc->sides[side].nindividuals;
}

/* ---- the figure on the table [2.3] ---------------------------------------
 */

int bs1e_indiv_figure(const struct bs_battle *b, int k)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	return bs1e_indivs_in_play(b) && c->alive && !c->lost &&
	       c->with_unit < 0;
}

struct bs_quad bs1e_counter_at(struct bs_vec p, double w)
{
	/* RULING R-500: the square of a counter, its sides along the
	 * table's; the figure's facing is free (the [9.4] Q&A), the counter
	 * does not turn with it */
	return bs_block(bs_vec_add(p, (struct bs_vec){0, w / 2}), 0, w, w);
}

struct bs_quad bs1e_indiv_quad(const struct bs_battle *b, int k)
{
	return bs1e_counter_at(b->indivs[k].pos, bs1e_sc(b)->ix[k].base);
}

int bs1e_obstacles_all(const struct bs_battle *b, int skip, int skip2,
		       int skip_indiv, struct bs_quad *obst, int *map)
{
	int n = bs1e_obstacles(b, skip, skip2, obst, map);
	if (!bs1e_indivs_in_play(b))
		return n;
	/* [9.4] heroes and separate commanders are figures: they block and
	 * are blocked (RULING R-502) */
	for (int k = 0; k < b->nindivs; k++) {
		if (k == skip_indiv || !bs1e_indiv_figure(b, k))
			continue;
		obst[n] = bs1e_indiv_quad(b, k);
		if (map)
			map[n] = b->nunits + k;
		n++;
	}
	return n;
}

int bs1e_obstacles_all_walled(const struct bs_battle *b, int skip, int skip2,
			      int skip_indiv, struct bs_quad *obst, int *map)
{
	int n = bs1e_obstacles_all(b, skip, skip2, skip_indiv, obst, map);
	/* RULING R-374: the table's edges are walls */
	bs_tt_table_walls(b->sc->width, b->sc->depth, obst + n);
	for (int i = 0; map && i < 4; i++)
		map[n + i] = -1;
	return n + 4;
}

int bs1e_indiv_on_table(const struct bs_battle *b, int side, int indiv)
{
	return valid_indiv(b, side, indiv) &&
	       bs1e_indiv_figure(b, b->indiv_first[side] + indiv);
}

struct bs_quad bs1e_indiv_counter(const struct bs_battle *b, int side,
				  int indiv)
{
	return bs1e_indiv_quad(b, b->indiv_first[side] + indiv);
}

const struct bs1e_fighter *bs1e_indiv_fighter(const struct bs_battle *b,
					      int side, int indiv)
{
	return &bs1e_sc(b)->ix[b->indiv_first[side] + indiv].f;
}

/* 1 when quads a and b touch (within the contact tolerance) or overlap. */
static int touching(const struct bs_quad *a, const struct bs_quad *q)
{
	return bs_quad_dist_cmp(a, q, BS_GEOM_TOUCH) <= 0;
}

int bs1e_unit_touches_indiv(const struct bs_battle *b, int g, int *k)
{
	if (!bs1e_indivs_in_play(b) || !bs1e_in_play(b, g))
		return 0;
	struct bs_quad q = bs1e_quad(b, g);
	for (int i = 0; i < b->nindivs; i++) {
		if (b->indivs[i].side == b->units[g].side ||
		    !bs1e_indiv_figure(b, i))
			continue;
		struct bs_quad c = bs1e_indiv_quad(b, i);
		if (touching(&q, &c)) {
			if (k)
				*k = i;
			return 1;
		}
	}
	return 0;
}

int bs1e_unit_touches_figure(const struct bs_battle *b, int side, int unit,
			     int *tside, int *tindiv)
{
	int k = -1;
	if (side < 0 || side >= b->nsides || unit < 0 ||
	    unit >= b->sc->sides[side].nunits ||
	    !bs1e_unit_touches_indiv(b, bs1e_g(b, side, unit), &k))
		return 0;
	if (tside)
		*tside = b->indivs[k].side;
	if (tindiv)
		*tindiv = b->indivs[k].idx;
	return 1;
}

/* 1 when figure k touches an enemy figure or unit; *what gets the first
 * (an obstacle map value), -1. */
static int figure_engaged(const struct bs_battle *b, int k, int *what)
{
	struct bs_quad q = bs1e_indiv_quad(b, k);
	int side = b->indivs[k].side;
	for (int g = 0; g < b->nunits; g++) {
		if (b->units[g].side == side || !bs1e_in_play(b, g))
			continue;
		struct bs_quad u = bs1e_quad(b, g);
		if (touching(&q, &u)) {
			if (what)
				*what = g;
			return 1;
		}
	}
	for (int i = 0; i < b->nindivs; i++) {
		if (b->indivs[i].side == side || !bs1e_indiv_figure(b, i))
			continue;
		struct bs_quad c = bs1e_indiv_quad(b, i);
		if (touching(&q, &c)) {
			if (what)
				*what = b->nunits + i;
			return 1;
		}
	}
	return 0;
}

int bs1e_indiv_engaged(const struct bs_battle *b, int side, int indiv)
{
	return bs1e_indiv_on_table(b, side, indiv) &&
	       figure_engaged(b, b->indiv_first[side] + indiv, NULL);
}

const char *bs1e_indiv_cannot_move(const struct bs_battle *b, int side,
				   int indiv)
{
	if (!bs1e_indiv_on_table(b, side, indiv))
		return NULL;
	int k = b->indiv_first[side] + indiv;
	/* [14.6 B] RULING R-623: a held individual does not move */
	if (bs1e_fx_indiv_held(b, k))
		return "he is held: he does not move [14.6 B] (RULING R-623)";
	/* [14.6 A] RULING R-694: a charmed individual stands still */
	if (bs1e_indiv_charmed(b, k))
		return "he is charmed: he stands still [14.6 A] (RULING "
		       "R-694)";
	return NULL;
}

const char *bs1e_indiv_disabled(const struct bs_battle *b, int side, int indiv)
{
	int k = b->indiv_first[side] + indiv;
	const struct bs_indiv_state *c = &b->indivs[k];
	if (!c->alive || c->lost)
		return NULL;
	/* RULING R-553 (with R-678): held, paralyzed or asleep, charmed,
	 * fleeing in fear */
	if (bs1e_fx_indiv_held(b, k))
		return "held or asleep";
	if (bs1e_indiv_charmed(b, k))
		return "charmed";
	if (bs1e_fx_indiv_afraid(b, k, NULL))
		return "fleeing in fear";
	return NULL;
}

/* ---- set-up and reset -------------------------------------------------- */

void bs1e_indivs_rate(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	struct bs1e_indiv_sheet sh;
	for (int k = 0; k < b->nindivs; k++) {
		struct bs_indiv_state *c = &b->indivs[k];
		bs1e_indiv_sheet(b->sc, c->side, c->idx, &sh);
		bs1e_fighter_of(&sh, &s->ix[k].f);
		s->ix[k].ar = sh.ar.value;
		s->ix[k].ar_d = sh.ar;
		/* RULING R-500 [2.3] "Individual PCs/NPCs are not mounted on
		 * bases ... If you are using counters, use 1/2" counters for
		 * such creatures, even if they are size M or L. (If the
		 * creature is incredibly large, use a 3/4" or 1" counter.)":
		 * a 1/2" square, 1" for an oversize race */
		const struct bs_creature *r = c->def->race;
		s->ix[k].base = r && r->no_base ? 1.0 : 0.5;
		c->hp_max = sh.hp;
	}
}

void bs1e_indivs_reset(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	/* [13.5] RULING R-731: the drained get their numbers back */
	bs1e_indivs_drain_reset(b);
	for (int k = 0; k < b->nindivs; k++) {
		struct bs_indiv_state *c = &b->indivs[k];
		c->hp = c->hp_max;
		c->role = c->def->role;
		c->rank = c->def->rank;
		c->holds = -1;
		c->tside = c->tunit = c->tindiv = -1;
		c->adnd_rounds = 0;
		c->pending_hp = 0;
		c->killed_by = -1;
		c->captured = -1;
		s->holder[k] = c->def->rank != BS_RANK_NONE ? k : -1;
		s->vacant_from[k] = 0;
	}
	for (int g = 0; g < b->nunits; g++) {
		s->ux[g].cmd_given_up = 0;
		s->ux[g].haste_fired = 0; /* RULING R-736 */
	}
}

/* ---- events ------------------------------------------------------------ */

static void ev_indiv(const struct bs_battle *b, struct bs_event *ev,
		     enum bs_ev type, int k)
{
	bs1e_ev(b, ev, type);
	ev->side = b->indivs[k].side;
	ev->indiv = b->indivs[k].idx;
}

/* REJECTED of individual k's order. */
static void reject(struct bs_battle *b, int k, const char *why,
		   const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	ev_indiv(b, &ev, BS_EV_REJECTED, k);
	ev.what = why;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

/* ---- deaths --------------------------------------------------------------
 */

/* Post P (global) is left vacant from round `from` [9.3]: its holder, and
 * the post he held for another. */
static void vacate(struct bs_battle *b, int k, int from)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int p = 0; p < b->nindivs; p++)
		if (s->holder[p] == k) {
			s->holder[p] = -1;
			s->vacant_from[p] = from;
		}
	b->indivs[k].holds = -1;
}

void bs1e_indiv_killed(struct bs_battle *b, int k, int by, const char *what,
		       const char *cite)
{
	struct bs_indiv_state *c = &b->indivs[k];
	struct bs1e_scratch *s = bs1e_sc(b);
	if (!c->alive)
		return;
	c->alive = 0;
	c->lost = 1;
	c->hp = c->hp < 0 ? c->hp : 0;
	c->killed_by = by;
	s->lost[c->side][c->idx] = 1;
	/* [9.3] "if that commander dies": his post may be taken over at the
	 * next Movement Phase (RULING R-514) */
	vacate(b, k, b->round + 1);
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		ev_indiv(b, &ev, BS_EV_HP, k);
		ev.n[0] = 0;
		ev.n[1] = c->hp;
		ev.n[2] = c->hp_max;
		ev.n[3] = 1;
		ev.what = what;
		ev.cite = cite;
		bs_battle_emit(b, &ev);
	}
	/* [13.8] RULING R-725: one of a regenerating race lies dead, to
	 * rise */
	bs1e_regen_indiv_fell(b, k);
	/* Table 5 "The unit's commander is killed" (RULING R-113): the
	 * units he led as their Unit Commander check */
	int side = c->side;
	for (int g = b->side_first[side];
	     g < b->side_first[side] + b->sc->sides[side].nunits; g++) {
		if (!bs1e_in_play(b, g) || b->units[g].commander != c->idx)
			continue;
		bs1e_morale_check(b, g, 1u << BS1E_T5_COMMANDER_KILLED,
				  1u << BS1E_T4_COMMANDER_KILLED, c->pos,
				  "[4.4 T5]");
	}
}

/* ---- moving a figure [7.7] [7.8] [9.4] ---------------------------------- */

/* A move of individual k worked out (out of play when wb is NULL). */
struct ipath {
	struct bs_vec at;
	double facing;
	double spent;
	int hit; /* obstacle map value met, -1 */
	const char *why, *cite;
};

/* Issue 15 [10.6] RULING R-674: the moments of an individual's move at
 * which pass-through fire may be taken: where he starts, every inch along
 * each leg, the leg's end (when it ends in contact with an enemy, just
 * before he touches). */
struct imoments {
	struct bs_move_point pt[BS_MAX_MOVE_POINTS];
	int leg[BS_MAX_MOVE_POINTS];  /* the leg (-1: before he moves) */
	double t[BS_MAX_MOVE_POINTS]; /* inches into the leg */
	int n;
};
#define IMOMENT_STEP 1.0    /* inches between the moments of a leg */
#define IMOMENT_BEFORE 0.05 /* inches short of the contact: "before" */

/* What a move does about pass-through fire (NULL: nothing): a simulation
 * traces its moments into mo (trace 1); carrying it out stops at the
 * moments of pause[ipause..npause) (by moment) for the volleys there. */
struct ipt {
	struct imoments *mo;
	int trace;
	const struct bs1e_pt_order *pause;
	int npause, ipause;
	int aborted; /* he was killed by the fire: the move ends there */
	/* [10.5] RULING R-637: inches of his MV spent already this round
	 * (the rest of a split-fire move) */
	double used;
};

/* Trace a moment of figure k's move: at `x` facing f, `moved` inches
 * along his way, in leg `leg` at t; `with` the obstacle map value of the
 * enemy he is about to touch (-1). */
static void imoment(const struct bs_battle *b, struct ipt *pt, int k,
		    struct bs_vec x, double f, double moved, int leg, double t,
		    int with)
{
	if (!pt || !pt->trace || pt->mo->n >= BS_MAX_MOVE_POINTS)
		return;
	struct imoments *mo = pt->mo;
	const struct bs_indiv_state *c = &b->indivs[k];
	struct bs_move_point *p = &mo->pt[mo->n];
	memset(p, 0, sizeof *p);
	p->side = c->side;
	p->unit = -1;
	p->indiv = c->idx;
	p->x = x.x;
	p->y = x.y;
	p->facing = f;
	p->formation = BS_FORM_OPEN;
	p->moved = moved;
	p->contact = with >= 0;
	int ki = with >= 0 ? bs1e_obst_indiv(b, with) : -1;
	p->tside = with >= 0 ? bs1e_obst_side(b, with) : -1;
	p->tunit = with >= 0 && ki < 0 ? b->units[with].idx : -1;
	mo->leg[mo->n] = leg;
	mo->t[mo->n] = t;
	mo->n++;
}

/* [10.5] [13.7] RULING R-637: figure k, come half-way along his move to
 * `at`, breathes on the way: his controller names the target
 * (split_breath), checked as a cast of step A where he stands. */
static void split_breath(struct bs_battle *b, int k,
			 const struct bs_move_point *at)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	const struct bs_controller *ctl = b->ctl[c->side];
	struct bs_cast_order o;
	memset(&o, 0, sizeof o);
	o.indiv = c->idx;
	o.tside = o.tunit = o.tindiv = -1;
	int go = ctl && ctl->split_breath &&
		 ctl->split_breath(ctl->ctx, b, c->side, c->idx, &o);
	if (!go) {
		if (bs_battle_events_on(b)) {
			char msg[128];
			snprintf(msg, sizeof msg,
				 "split-fire: %.1f\" along his move, he does "
				 "not breathe (nothing his controller would "
				 "breathe at)",
				 at->moved);
			struct bs_event ev;
			ev_indiv(b, &ev, BS_EV_NOTE, k);
			ev.what = msg;
			ev.cite = "[10.5] [13.7] RULING R-637";
			bs_battle_emit(b, &ev);
		}
		return;
	}
	o.indiv = c->idx;
	if (!o.spell || o.spell->kind != BS_MAGIC_BREATH) {
		reject(b, k,
		       "split-fire: only a breath weapon on the way (RULING "
		       "R-637)",
		       "[10.5] [13.7]");
		return;
	}
	struct bs1e_pt_order po;
	memset(&po, 0, sizeof po);
	po.g = po.h = po.ti = -1;
	po.k = k;
	po.ammo = -1;
	po.why = o.why;
	po.is_cast = 1;
	po.cast = o;
	bs1e_pt_fire(b, &po, at);
}

/* The volleys at figure k's moment m, he standing at x facing f (carrying
 * out): the NOTE of the moment, then each volley [10.6]. Returns 0 when
 * he is killed (the move ends there). */
static int ipause_at(struct bs_battle *wb, struct ipt *pt, int k, int m,
		     struct bs_vec x, double f)
{
	struct bs_indiv_state *c = &wb->indivs[k];
	c->pos = x;
	c->facing = f;
	struct bs_move_point at = pt->mo->pt[m];
	at.x = x.x;
	at.y = x.y;
	at.facing = f;
	if (bs_battle_events_on(wb)) {
		char msg[128];
		snprintf(msg, sizeof msg,
			 "pass-through fire at him: %.1f\" along his move%s",
			 at.moved,
			 at.contact ? ", as he comes into contact" : "");
		struct bs_event ev;
		ev_indiv(wb, &ev, BS_EV_NOTE, k);
		ev.what = msg;
		ev.cite = "[10.6] [9.4] RULING R-674";
		bs_battle_emit(wb, &ev);
	}
	while (pt->ipause < pt->npause && pt->pause[pt->ipause].at == m) {
		const struct bs1e_pt_order *o = &pt->pause[pt->ipause++];
		if (bs1e_indiv_figure(wb, k))
			bs1e_pt_fire(wb, o, &at);
		else
			bs1e_pt_skip(wb, o, 0,
				     "pass-through fire not taken: the "
				     "individual is dead",
				     "[10.6] RULING R-674");
	}
	if (!bs1e_indiv_figure(wb, k)) {
		pt->aborted = 1;
		return 0;
	}
	return 1;
}

/* The next pause's moment falls in leg `leg`: its index, else -1. */
static int ipause_next(const struct ipt *pt, int leg)
{
	if (!pt || pt->trace || !pt->pause || pt->ipause >= pt->npause ||
	    pt->aborted)
		return -1;
	int m = pt->pause[pt->ipause].at;
	return pt->mo->leg[m] == leg ? m : -1;
}

/* RULING R-455 [9.4] [11.8] the ground rules of a figure standing alone:
 * a unit of one figure in no formation to keep, never closed (woods,
 * rough, swamp and fordable water do not bar him; he has nothing to open
 * at an obstacle), with his race's woodland, mountain, swamp and aquatic
 * flags (a figure without a race has none). */
static struct bs_tt_mover indiv_mover(const struct bs_indiv_state *c)
{
	const struct bs_creature *r = c->def->race;
	unsigned fl = r ? r->flags : 0;
	struct bs_tt_mover m = {.rules = BS_RULES_BS1E,
				.formation = BS_FORM_OPEN};
	m.aquatic = (fl & BS_CF_AQUATIC) != 0;
	m.woodland = (fl & BS_CF_WOODLAND) != 0;
	m.mountain = (fl & BS_CF_MOUNTAIN) != 0;
	m.swamp = (fl & BS_CF_SWAMP) != 0;
	return m;
}

/* The feature's name and key for a note. */
static const char *ifeat_name(const struct bs_terrain_index *ti, int f)
{
	const struct bs_terrain *t = bs_terrain_feature(ti, f);
	return t && t->name[0] ? t->name : "terrain";
}

static const char *ifeat_key(const struct bs_terrain_index *ti, int f)
{
	const struct bs_terrain *t = bs_terrain_feature(ti, f);
	return bs_terrain_kind_of(t ? t->type : 0)->key;
}

/* The NOTE of what the ground did to one leg of figure k's move (RULING
 * R-455, the units' note of R-444): its rate, thirds and stop. */
static void indiv_terrain_note(struct bs_battle *wb, int k,
			       const struct bs_terrain_index *ti, double mv,
			       const struct bs_terrain_path *tp)
{
	if (!bs_battle_events_on(wb))
		return;
	char buf[400];
	size_t o = 0;
#define ADD(...)                                                               \
	do {                                                                   \
		int w_ = snprintf(buf + o, sizeof buf - o, __VA_ARGS__);       \
		if (w_ > 0 && (size_t)w_ < sizeof buf - o)                     \
			o += (size_t)w_;                                       \
	} while (0)
	if (tp->slow_row >= 0) {
		const struct bs_t14_row *r = &bs_table14[tp->slow_row];
		ADD("%s '%s': movement at %d/%d",
		    ifeat_key(ti, tp->slow_feature),
		    ifeat_name(ti, tp->slow_feature), r->mv_num, r->mv_den);
	}
	if (tp->obstacles > 0)
		ADD("%scrosses %s '%s': 1/3 MV (%.1f\")", o ? "; " : "",
		    ifeat_key(ti, tp->feature), ifeat_name(ti, tp->feature),
		    mv / 3.0 * tp->obstacles);
	if (tp->climbed > 0)
		ADD("%sclimbs %d0 feet: 1/3 MV per 10 feet (%.1f\")",
		    o ? "; " : "", tp->climbed, mv / 3.0 * tp->climbed);
	if (tp->stop == BS_TSTOP_BARRED ||
	    (tp->stop == BS_TSTOP_BUDGET && tp->why && tp->feature >= 0))
		ADD("%sstops at the edge of %s '%s': %s", o ? "; " : "",
		    ifeat_key(ti, tp->feature), ifeat_name(ti, tp->feature),
		    tp->why);
	else if (tp->stop == BS_TSTOP_BUDGET && tp->why)
		ADD("%sstops: %s", o ? "; " : "", tp->why);
	else if (tp->stop == BS_TSTOP_BUDGET)
		ADD("%sstops: his movement is spent", o ? "; " : "");
#undef ADD
	if (o == 0)
		return;
	struct bs_event ev;
	ev_indiv(wb, &ev, BS_EV_NOTE, k);
	ev.what = buf;
	ev.cite = tp->stop == BS_TSTOP_BARRED && tp->cite
		      ? tp->cite
		      : "[11.8] Table 14 [9.4] (RULING R-455)";
	bs_battle_emit(wb, &ev);
}

/* The MOVE event of a piece of figure k's move from x0 (facing f0) to x1
 * (f1), costing `cost` of his MV `mv`, `spent` in all by then. */
static void indiv_move_ev(struct bs_battle *wb, int k, int engaged,
			  struct bs_vec x0, double f0, struct bs_vec x1,
			  double f1, double cost, double mv, double spent)
{
	if (!bs_battle_events_on(wb))
		return;
	struct bs_event ev;
	ev_indiv(wb, &ev, BS_EV_MOVE, k);
	ev.what = engaged ? "withdraw" : "move";
	ev.x0 = x0.x;
	ev.y0 = x0.y;
	ev.f0 = f0;
	ev.x1 = x1.x;
	ev.y1 = x1.y;
	ev.f1 = f1;
	ev.n[0] = (int)lround(cost * 10);
	ev.n[1] = (int)lround(mv * 10);
	ev.n[2] = (int)lround(spent * 10);
	ev.cite =
	    engaged ? "[7.8] [7.12] RULING R-501" : "[7.7] [9.4] RULING R-501";
	bs_battle_emit(wb, &ev);
}

/* The legs of figure k's move from c->pos through pts[0..npts-1], at most
 * `budget` inches of movement, the ground paid at road_scale while the
 * whole counter is on a road (RULING R-455): where he ends, what he spent
 * and met; *off_road set when a leg left the road. */
static void walk(const struct bs_battle *b, struct bs_battle *wb, int k,
		 const struct bs_vec *pts, int npts, double mv, double budget,
		 double road_scale, int engaged, const struct bs_quad *obst,
		 const int *map, int n, struct ipath *out, int *off_road,
		 struct ipt *pt)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	const struct bs_terrain_index *ti = bs1e_terrain(b);
	struct bs_tt_mover gm = indiv_mover(c);
	double w = bs1e_sc(b)->ix[k].base;
	struct bs_vec at = c->pos;
	double facing = c->facing, spent = 0;
	double way = 0; /* inches along his way (RULING R-674's moments) */
	/* RULING R-637: the MV the first part of a split-fire move spent */
	double pused = pt ? pt->used : 0;
	out->hit = -1;
	/* [10.6] RULING R-674: the moment before he moves */
	imoment(b, pt, k, at, facing, 0, -1, 0, -1);
	int pm = ipause_next(pt, -1);
	if (pm >= 0 && wb && !ipause_at(wb, pt, k, pm, at, facing)) {
		out->at = at;
		out->facing = facing;
		out->spent = 0;
		return;
	}
	for (int i = 0; i < npts; i++) {
		struct bs_vec d = bs_vec_sub(pts[i], at);
		double len = bs_vec_len(d);
		if (len < EPS)
			continue;
		struct bs_vec dir = bs_vec_scale(d, 1.0 / len);
		double f = bs_facing_of(dir);
		/* free facing: he turns to the way he goes */
		struct bs_quad q = bs1e_counter_at(at, w);
		struct bs_terrain_path tp;
		int ground = ti && bs_terrain_sweep(ti, &q, dir, len, NULL, 0);
		double go = len;
		if (ground) {
			/* [11.8] Table 14 along the way, as a unit of one
			 * figure pays it (RULINGS) */
			bs_terrain_advance(ti, &q, dir, len, budget - spent,
					   road_scale, c->mv, &gm, &tp);
			go = tp.dist;
			if (!tp.road_all)
				*off_road = 1;
		} else if (road_scale < 1.0 &&
			   bs_terrain_road_under(ti, &q) < 0) {
			*off_road = 1;
		} else if (spent + len * road_scale > budget + EPS) {
			/* the ground of an earlier leg spent the rest */
			go = (budget - spent) / road_scale;
			go = go > 0 ? go : 0;
		}
		int hit = -1;
		double done = bs_sweep_translate(&q, dir, go, obst, n, &hit);
		double cost = done * (ground ? 1.0 : road_scale);
		if (ground) {
			cost = tp.cost;
			if (done < tp.dist - 1e-9) {
				bs_terrain_advance(ti, &q, dir, done, HUGE_VAL,
						   road_scale, c->mv, &gm, &tp);
				cost = tp.cost;
				tp.stop = BS_TSTOP_NONE;
			}
		}
		struct bs_vec x0 = at;
		double f0 = facing;
		int enemy = hit >= 0 && bs1e_obst_side(b, map[hit]) != c->side;
		/* [10.6] RULING R-674: the moments of the leg, every inch,
		 * then its end (short of the enemy he is about to touch) */
		for (double t = IMOMENT_STEP; t < done - IMOMENT_BEFORE - EPS;
		     t += IMOMENT_STEP)
			imoment(b, pt, k, bs_vec_add(x0, bs_vec_scale(dir, t)),
				f, way + t, i, t, -1);
		double tend = enemy && done > IMOMENT_BEFORE
				  ? done - IMOMENT_BEFORE
				  : done;
		if (done > EPS || enemy)
			imoment(b, pt, k,
				bs_vec_add(x0, bs_vec_scale(dir, tend)), f,
				way + tend, i, tend, enemy ? map[hit] : -1);
		/* carrying out: stop at the moments of the pauses in this
		 * leg, a MOVE for each piece */
		struct bs_vec px = x0;
		double pf = f0, pcost = 0, ptd = 0;
		while ((pm = ipause_next(pt, i)) >= 0 && wb) {
			double t = pt->mo->t[pm];
			double ct = t * (ground ? 1.0 : road_scale);
			if (ground) {
				struct bs_terrain_path tq;
				bs_terrain_advance(ti, &q, dir, t, HUGE_VAL,
						   road_scale, c->mv, &gm, &tq);
				ct = tq.cost;
			}
			struct bs_vec xt = bs_vec_add(x0, bs_vec_scale(dir, t));
			if (t > ptd + EPS)
				indiv_move_ev(wb, k, engaged, px, pf, xt, f,
					      ct - pcost, mv + pused,
					      pused + spent + ct);
			px = xt;
			pf = f;
			pcost = ct;
			ptd = t;
			if (!ipause_at(wb, pt, k, pm, xt, f)) {
				out->at = xt;
				out->facing = f;
				out->spent = spent + ct;
				return;
			}
		}
		at = bs_vec_add(at, bs_vec_scale(dir, done));
		facing = f;
		spent += cost;
		way += done;
		if (wb && bs_battle_events_on(b)) {
			if (done > ptd + EPS || ptd <= 0)
				indiv_move_ev(wb, k, engaged, px, pf, at,
					      facing, cost - pcost, mv + pused,
					      pused + spent);
			if (ground)
				indiv_terrain_note(wb, k, ti, c->mv, &tp);
		}
		if (hit >= 0) {
			/* [7.8] "A figure must immediately stop its
			 * movement when it comes into base-to-base contact
			 * with an enemy figure"; a friend stops it too */
			out->hit = map[hit];
			break;
		}
		if (done < len - EPS)
			break; /* the ground stopped him [11.8] */
	}
	out->at = at;
	out->facing = facing;
	out->spent = spent;
}

/* The move of figure k along o: RULING R-501 [7.7] [7.8] legs in order,
 * each a straight sweep of his counter that stops where it first touches
 * another figure (and the move with it); at most his MV in all; facing
 * free (the [9.4] Q&A): the way he last went, or toward the enemy he
 * touches. Figures that begin in contact with an enemy may only withdraw
 * [7.8] [7.12]: at most 3" and away from every enemy they touch, ending
 * out of contact. At `intermediate` and `advanced` he pays Table 14 as a
 * unit of one figure (RULING R-455): the ground's rates, thirds and climbs
 * out of his MV, the road's bonus while his counter is wholly on a road
 * all the way; he stops where his movement runs out or short of ground
 * he may not enter. wb: carry it out, with its MOVE events. Returns 1
 * when legal. */
static int run_path(const struct bs_battle *b, struct bs_battle *wb, int k,
		    const struct bs_indiv_order *o, struct ipath *out,
		    struct ipt *pt)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	memset(out, 0, sizeof *out);
	out->at = c->pos;
	out->facing = c->facing;
	out->hit = -1;
	int npts = o->nvia + 1;
	if (o->nvia < 0 || o->nvia > BS_INDIV_MAX_VIA) {
		out->why = "too many waypoints";
		out->cite = "[7.7]";
		return 0;
	}
	struct bs_vec pts[BS_INDIV_MAX_VIA + 1];
	double total = 0;
	struct bs_vec from = c->pos;
	for (int i = 0; i < npts; i++) {
		double x = i < o->nvia ? o->via[i][0] : o->x;
		double y = i < o->nvia ? o->via[i][1] : o->y;
		if (!isfinite(x) || !isfinite(y) || x < 0 || y < 0 ||
		    x > b->sc->width || y > b->sc->depth) {
			out->why = "off the table";
			out->cite = "[7.7]";
			return 0;
		}
		pts[i] = (struct bs_vec){x, y};
		total += bs_vec_dist(from, pts[i]);
		from = pts[i];
	}
	/* [14.7] RULING: slowed half, hasted double his MV */
	double mv0 = c->mv * bs1e_bonus_indiv_mv_factor(b, k), mv = mv0;
	/* RULING R-637: the rest of a split-fire move has what is left */
	if (pt && pt->used > 0) {
		mv0 = mv0 > pt->used ? mv0 - pt->used : 0;
		mv = mv0;
	}
	/* [14.1] RULING R-336: after his pass-through magic (r14_cast.c) */
	double ptm;
	const char *ptw = bs1e_pt_cast_no_move(b, k, &ptm);
	if (ptw && total > (ptm < 0 ? 0 : ptm) + EPS) {
		out->why = ptw;
		out->cite = "[14.1]";
		return 0;
	}
	/* [7.8] "Figures that begin their Movement Phase in base-to-base
	 * contact with an enemy figure may only execute ... Fighting
	 * Withdrawal, or Flee" (RULING R-501: a lone figure withdraws) */
	int engaged = c->flags & BS_IF_MOVED ? 0 : figure_engaged(b, k, NULL);
	if (engaged) {
		if (c->mv < 3) {
			out->why = "in contact: a fighting withdrawal needs MV "
				   "3\" or more";
			out->cite = "[7.8] [7.12]";
			return 0;
		}
		mv = 3.0;
	}
	/* RULING R-455: a figure whose counter lies wholly on a road
	 * moves at 4/3 while it stays on the road (a withdrawal is no
	 * order: no bonus, R-454) */
	const struct bs_terrain_index *ti = bs1e_terrain(b);
	double w = bs1e_sc(b)->ix[k].base;
	struct bs_quad q0 = bs1e_indiv_quad(b, k);
	int road = !engaged && ti && bs_terrain_road_under(ti, &q0) >= 0;
	double reach = road ? mv * 4.0 / 3.0 : mv;
	if (total > reach + EPS) {
		out->why = engaged ? "in contact: a fighting withdrawal of at "
				     "most 3\""
				   : "farther than the individual's MV";
		out->cite = engaged ? "[7.8] [7.12]" : "[7.7] [9.4]";
		return 0;
	}
	/* [10.4] Table 12 RULING R-550: after the shots he fired this round
	 * he moves as far as the table lets him, the ground paid out of it */
	double t12 = bs1e_indiv_t12_mv_left(b, k);
	if (total > EPS && total > (road ? t12 * 4.0 / 3.0 : t12) + EPS) {
		out->why = t12 <= EPS ? "he shot this round: Table 12 lets him "
					"move no more"
				      : "farther than Table 12 lets him move "
					"after his shots";
		out->cite = "[10.4 T12] RULING R-550";
		return 0;
	}
	struct bs_quad obst[BS1E_MAX_OBST];
	int map[BS1E_MAX_OBST];
	int n = bs1e_obstacles_all(b, -1, -1, k, obst, map);
	/* the ground of a withdrawal is paid out of his MV (RULING R-454) */
	double budget = mv0 < t12 ? mv0 : t12;
	int off_road = 0;
	if (road) {
		walk(b, NULL, k, pts, npts, mv, budget, 0.75, engaged, obst,
		     map, n, out, &off_road, NULL);
		/* [11.8] "the unit must stay on the road for the entire
		 * move": else the whole move is paid without the bonus */
		road = !off_road;
	}
	walk(b, wb, k, pts, npts, mv, budget, road ? 0.75 : 1.0, engaged, obst,
	     map, n, out, &off_road, pt);
	if (pt && pt->aborted)
		return 1; /* killed by pass-through fire (RULING R-674) */
	struct bs_vec at = out->at;
	double facing = out->facing;
	if (engaged) {
		/* a withdrawal ends farther from every enemy it touched and
		 * touching none */
		struct bs_quad qe = bs1e_counter_at(at, w);
		for (int i = 0; i < n; i++) {
			if (bs1e_obst_side(b, map[i]) == c->side)
				continue;
			if (touching(&qe, &obst[i])) {
				out->why = "a fighting withdrawal may not end "
					   "in contact with an enemy";
				out->cite = "[7.8] [7.12]";
				return 0;
			}
			if (touching(&q0, &obst[i]) &&
			    bs_quad_dist(&qe, &obst[i]) <
				bs_quad_dist(&q0, &obst[i]) + EPS) {
				out->why = "a fighting withdrawal moves away "
					   "from the enemy";
				out->cite = "[7.8] [7.12]";
				return 0;
			}
		}
	}
	if (out->hit >= 0 && bs1e_obst_side(b, out->hit) != c->side) {
		/* he faces the enemy he touches (the [9.4] Q&A) */
		struct bs_quad e = obst[0];
		for (int i = 0; i < n; i++)
			if (map[i] == out->hit)
				e = obst[i];
		struct bs_vec to = bs_vec_sub(bs_quad_centre(&e), at);
		if (bs_vec_len(to) > EPS)
			facing = bs_facing_of(to);
	}
	out->facing = facing;
	return 1;
}

int bs1e_check_indiv_move(const struct bs_battle *b, int side, int indiv,
			  const struct bs_indiv_order *o,
			  struct bs1e_indiv_outcome *out)
{
	memset(out, 0, sizeof *out);
	out->contact_side = out->contact_unit = out->contact_indiv = -1;
	if (!bs1e_indiv_on_table(b, side, indiv)) {
		out->why = "not a figure on the table";
		out->cite = "[9.4]";
		return 0;
	}
	int k = b->indiv_first[side] + indiv;
	struct ipath p;
	out->legal = run_path(b, NULL, k, o, &p, NULL);
	out->why = p.why;
	out->cite = p.cite;
	out->at = p.at;
	out->spent = p.spent;
	if (p.hit >= 0) {
		out->contact_side = bs1e_obst_side(b, p.hit);
		out->contact_enemy = out->contact_side != side;
		int ki = bs1e_obst_indiv(b, p.hit);
		if (ki >= 0)
			out->contact_indiv = b->indivs[ki].idx;
		else
			out->contact_unit = b->units[p.hit].idx;
	}
	return out->legal;
}

/* INDIV_ORDER: what the controller asked of individual k, and why. */
static void emit_order(struct bs_battle *b, int k,
		       const struct bs_indiv_order *o)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	ev_indiv(b, &ev, BS_EV_INDIV_ORDER, k);
	ev.x1 = o->move ? o->x : b->indivs[k].pos.x;
	ev.y1 = o->move ? o->y : b->indivs[k].pos.y;
	ev.n[0] = o->move ? o->nvia + 1 : 0;
	ev.tside = o->tside;
	ev.tunit = o->tunit;
	ev.tindiv = o->tindiv;
	ev.what = o->why;
	ev.cite = b->indivs[k].rank != BS_RANK_NONE ? "[9.2]" : "[9.4]";
	bs_battle_emit(b, &ev);
}

/* CONTACT of figure k with what he met (a map value). */
static void emit_contact(struct bs_battle *b, int k, int m)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	ev_indiv(b, &ev, BS_EV_CONTACT, k);
	int ki = bs1e_obst_indiv(b, m);
	ev.tside = bs1e_obst_side(b, m);
	if (ki >= 0)
		ev.tindiv = b->indivs[ki].idx;
	else
		ev.tunit = b->units[m].idx;
	ev.what = ki >= 0 ? "a figure" : "front";
	if (ki < 0) {
		struct bs_quad q = bs1e_quad(b, m);
		ev.what =
		    bs_arc_name[bs_tt_arc_from(&q, b->indivs[k].pos, NULL)];
	}
	ev.n[0] = -1; /* a lone figure has no edges */
	ev.cite = "[7.8] [9.4]";
	bs_battle_emit(b, &ev);
}

/* 1 when (tside, tunit / tindiv) names an enemy of side. */
static int enemy_target(const struct bs_battle *b, int side,
			const struct bs_indiv_order *o)
{
	if (o->tside < 0 || o->tside >= b->nsides || o->tside == side)
		return 0;
	if (o->tunit >= 0)
		return o->tunit < b->sc->sides[o->tside].nunits;
	return o->tindiv >= 0 &&
	       o->tindiv < b->sc->sides[o->tside].nindividuals;
}

/* RULING R-676: the point `dist` inches straight away from `from` of
 * individual k (global), kept on the table; his order to go there. */
static void flee_to(const struct bs_battle *b, int k, struct bs_vec from,
		    double dist, struct bs_indiv_order *io)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	struct bs_vec d = bs_vec_sub(c->pos, from);
	double len = bs_vec_len(d);
	/* at the very spot: away toward his own side's edge (his facing
	 * turned about) */
	struct bs_vec u = len > EPS ? bs_vec_scale(d, 1.0 / len)
				    : bs_vec_scale(bs_dir(c->facing), -1.0);
	struct bs_vec to = bs_vec_add(c->pos, bs_vec_scale(u, dist));
	double w = b->sc->width, h = b->sc->depth;
	to.x = to.x < 0 ? 0 : to.x > w ? w : to.x;
	to.y = to.y < 0 ? 0 : to.y > h ? h : to.y;
	io->move = 1;
	io->nvia = 0;
	io->x = to.x;
	io->y = to.y;
	io->tside = io->tunit = io->tindiv = -1;
}

/* [14.9] RULING R-676: the order of an individual who flees from a fear
 * spell: his full move straight away from where it came from. */
static void flee_order(const struct bs_battle *b, int k, struct bs_vec from,
		       struct bs_indiv_order *io)
{
	flee_to(b, k, from, b->indivs[k].mv, io);
	snprintf(io->why, sizeof io->why,
		 "flees from a fear spell at full move (RULING R-676)");
}

/* Figure k's move o carried out ([7.7] [9.4]), `used` inches of his MV
 * spent already this round (the rest of a split-fire move, RULING
 * [10.6] RULING R-674 the enemy's pass-through fire at its
 * moments, then where he ends, his contact [10.2]. 0 when he was killed
 * on his way; *p the move. */
static int carry_out(struct bs_battle *b, int k, const struct bs_indiv_order *o,
		     double used, struct ipath *p)
{
	struct bs_indiv_state *c = &b->indivs[k];
	int side = c->side;
	/* [10.6] "Pass-through fire can be taken at any point during the
	 * enemy's movement" RULING R-674: at a lone individual's too; the
	 * moments traced first, then offered to the enemy's controllers
	 * (pass_through_at_indiv) */
	struct imoments mo;
	struct bs1e_pt_order po[BS_MAX_FIRE_ORDERS];
	struct ipt pt;
	memset(&pt, 0, sizeof pt);
	pt.used = used;
	int np = 0;
	if (bs1e_indiv_pass_through_possible(b, k)) {
		mo.n = 0;
		pt.mo = &mo;
		pt.trace = 1;
		run_path(b, NULL, k, o, p, &pt);
		np = bs1e_indiv_pass_through_orders(b, k, mo.pt, mo.n, po,
						    BS_MAX_FIRE_ORDERS);
		pt.trace = 0;
		pt.pause = po;
		pt.npause = np;
	}
	run_path(b, b, k, o, p, np > 0 || used > 0 ? &pt : NULL);
	for (int j = pt.ipause; j < np; j++)
		bs1e_pt_skip(b, &po[j], !pt.aborted,
			     pt.aborted ? "pass-through fire not taken: the "
					  "individual is dead"
					: "pass-through fire: the moment did "
					  "not come (the move ended before "
					  "it)",
			     "[10.6] RULING R-674");
	c->pos = p->at;
	c->facing = p->facing;
	/* [10.4] RULING R-550: his movement this round (Table 12) */
	bs1e_sc(b)->ix[k].moved += p->spent;
	if (p->spent > EPS)
		c->flags |= BS_IF_MOVED;
	if (pt.aborted)
		return 0; /* [10.6] killed on his way: he stops */
	if (p->hit >= 0 && bs1e_obst_side(b, p->hit) != side) {
		/* [10.2] "an enemy figure ... moves into base-to-base
		 * contact with a figure or unit" (RULING R-611: a hero is
		 * such a figure) */
		int hk = bs1e_obst_indiv(b, p->hit);
		if (hk >= 0)
			b->indivs[hk].flags |= BS_IF_CONTACTED;
		else
			b->units[p->hit].flags |= BS_UF_CONTACTED;
		emit_contact(b, k, p->hit);
	}
	return 1;
}

/* [10.5] RULING R-637: move o of figure k cut at the first point half his
 * MV along his way: o becomes the move to it, *rest the move on from it
 * (the same waypoints after it, the same end); 0 when the move is no
 * longer than half his MV (he breathes after it, in the Missile and Magic
 * Phase, as any breather, R-641). */
static int split_orders(const struct bs_battle *b, int k,
			struct bs_indiv_order *o, struct bs_indiv_order *rest)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	double half = c->mv / 2.0, way = 0;
	struct bs_vec from = c->pos;
	*rest = *o;
	rest->split = 0;
	for (int i = 0; i <= o->nvia; i++) {
		struct bs_vec to =
		    i < o->nvia ? (struct bs_vec){o->via[i][0], o->via[i][1]}
				: (struct bs_vec){o->x, o->y};
		double len = bs_vec_dist(from, to);
		if (way + len > half + EPS) {
			struct bs_vec h =
			    bs_vec_add(from, bs_vec_scale(bs_vec_sub(to, from),
							  (half - way) / len));
			rest->nvia = o->nvia - i;
			for (int j = 0; j < rest->nvia; j++) {
				rest->via[j][0] = o->via[i + j][0];
				rest->via[j][1] = o->via[i + j][1];
			}
			o->nvia = i;
			o->x = h.x;
			o->y = h.y;
			return 1;
		}
		way += len;
		from = to;
	}
	return 0;
}

void bs1e_indivs_move(struct bs_battle *b, int side)
{
	const struct bs_controller *ctl = b->ctl[side];
	for (int i = 0; i < b->sc->sides[side].nindividuals; i++) {
		int k = b->indiv_first[side] + i;
		struct bs_indiv_state *c = &b->indivs[k];
		if (!bs1e_indiv_figure(b, k) || !ctl || !ctl->move_indiv)
			continue;
		struct bs_indiv_order io;
		memset(&io, 0, sizeof io);
		io.x = c->pos.x;
		io.y = c->pos.y;
		io.tside = io.tunit = io.tindiv = -1;
		struct bs_vec from;
		int afraid = bs1e_fx_indiv_afraid(b, k, &from);
		if (afraid && !bs1e_fx_indiv_held(b, k)) {
			flee_order(b, k, from, &io);
		} else {
			ctl->move_indiv(ctl->ctx, b, side, i, &io);
			io.why[sizeof io.why - 1] = '\0';
		}
		/* [9.4] whom he goes for: he attacks it when he touches it */
		if (enemy_target(b, side, &io)) {
			c->tside = io.tside;
			c->tunit = io.tunit >= 0 ? io.tunit : -1;
			c->tindiv = io.tunit >= 0 ? -1 : io.tindiv;
		} else {
			io.tside = io.tunit = io.tindiv = -1;
		}
		if (!io.move && io.tside < 0 && !io.why[0])
			continue;
		emit_order(b, k, &io);
		if (!io.move)
			continue;
		/* [14.6 B] RULING R-623: a held individual does not move */
		if (bs1e_fx_indiv_held(b, k)) {
			reject(b, k, "he is held (RULING R-623)", "[14.6 B]");
			continue;
		}
		/* [14.6 A] RULING R-694: a charmed individual stands still */
		if (bs1e_indiv_charmed(b, k)) {
			reject(b, k,
			       "he is charmed: he stands still (RULING "
			       "R-694)",
			       "[14.6 A]");
			continue;
		}
		/* [14.2] RULING R-718 (r14_chant.c): busy casting a spell of
		 * more Game Rounds (one who flees a fear runs, and loses it) */
		if (!afraid && bs1e_sc(b)->ix[k].long_end) {
			reject(b, k,
			       "he is casting a spell of more than one Game "
			       "Round: he does not move (RULING R-718)",
			       "[14.2] [14.1]");
			continue;
		}
		struct ipath p;
		int ok = run_path(b, NULL, k, &io, &p, NULL);
		if (!ok && afraid) {
			/* RULING R-676: in contact, he flees by a fighting
			 * withdrawal (3") */
			flee_to(b, k, from, 3.0, &io);
			ok = run_path(b, NULL, k, &io, &p, NULL);
		}
		if (!ok) {
			reject(b, k, p.why, p.cite);
			continue;
		}
		/* [10.5] [13.7] RULING R-637: a breath on the way, when he
		 * has one left: the move to the half-way moment, the breath,
		 * then the rest of the move (from where he is then, among
		 * the figures where they are then) */
		int split = io.split && b->sc->level == BS_LEVEL_ADVANCED &&
			    bs1e_breaths_left(b, side, i) > 0;
		if (io.split && !split && b->sc->level == BS_LEVEL_ADVANCED)
			reject(b, k, "split-fire: he has no breath left",
			       "[10.5] [13.7] RULING R-637");
		struct bs_indiv_order rest;
		if (split && split_orders(b, k, &io, &rest)) {
			double used = bs1e_sc(b)->ix[k].moved;
			if (!carry_out(b, k, &io, 0, &p))
				continue;
			/* in contact, or stopped, before half-way: no
			 * breath on the way ([14.1]: in contact, only at the
			 * figures he touches, in the Missile and Magic
			 * Phase) */
			if (p.hit >= 0 || p.spent < c->mv / 2.0 - EPS)
				continue;
			struct bs_move_point at;
			memset(&at, 0, sizeof at);
			at.side = side;
			at.unit = -1;
			at.indiv = i;
			at.x = c->pos.x;
			at.y = c->pos.y;
			at.facing = c->facing;
			at.formation = BS_FORM_OPEN;
			at.moved = c->mv / 2.0;
			split_breath(b, k, &at);
			/* RULING R-637: breathing on the way is no stop to
			 * his move (R-336's is for pass-through fire) */
			bs1e_sc(b)->ix[k].pt_cast = 0;
			if (!bs1e_indiv_figure(b, k) || b->result.over)
				continue;
			double half_used = bs1e_sc(b)->ix[k].moved - used;
			struct ipt up;
			memset(&up, 0, sizeof up);
			up.used = half_used;
			if (!run_path(b, NULL, k, &rest, &p, &up)) {
				reject(b, k, p.why, p.cite);
				continue;
			}
			carry_out(b, k, &rest, half_used, &p);
			continue;
		}
		carry_out(b, k, &io, 0, &p);
	}
}

/* ---- making way (RULING R-502) ------------------------------------------ */

/* Where figure k could stand clear of every obstacle, nearest to where he
 * is: just outside each edge of the block over him, then rings of
 * points around him; 1 with *to set, 0 when nowhere within 12". */
/* RULING R-455: 1 when figure k's counter put down as q would stand on
 * ground that bars him and that he does not stand on now (water). */
static int spot_barred(const struct bs_battle *b, int k,
		       const struct bs_quad *q)
{
	const struct bs_terrain_index *ti = bs1e_terrain(b);
	if (!ti)
		return 0;
	struct bs_tt_mover gm = indiv_mover(&b->indivs[k]);
	struct bs_quad q0 = bs1e_indiv_quad(b, k);
	return bs_terrain_barred(ti, q, &q0, &gm, NULL, NULL) >= 0;
}

static int clear_spot(const struct bs_battle *b, int k, const struct bs_quad *o,
		      int n, struct bs_vec *to)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	double w = bs1e_sc(b)->ix[k].base;
	double best = HUGE_VAL;
	for (int ring = 0; ring <= 48 && best == HUGE_VAL; ring++) {
		double r = ring * 0.25 + w;
		for (int a = 0; a < 24; a++) {
			struct bs_vec p = bs_vec_add(
			    c->pos, bs_vec_scale(bs_dir(a * 15.0), r));
			if (p.x < w / 2 || p.y < w / 2 ||
			    p.x > b->sc->width - w / 2 ||
			    p.y > b->sc->depth - w / 2)
				continue;
			struct bs_quad q = bs1e_counter_at(p, w);
			if (!bs_tt_fits(&q, NULL, o, n, 1, NULL) ||
			    spot_barred(b, k, &q))
				continue;
			/* the nearest, first by the order tried */
			double d = bs_vec_dist(p, c->pos);
			if (d < best - EPS) {
				best = d;
				*to = p;
			}
		}
	}
	return best != HUGE_VAL;
}

void bs1e_indivs_make_way(struct bs_battle *b)
{
	if (!bs1e_indivs_in_play(b))
		return;
	struct bs_quad units[BS1E_MAX_UNITS];
	int nu = bs1e_obstacles(b, -1, -1, units, NULL);
	for (int k = 0; k < b->nindivs; k++) {
		if (!bs1e_indiv_figure(b, k))
			continue;
		struct bs_quad q = bs1e_indiv_quad(b, k);
		/* covered: deeper than the touch tolerance (a sweep that
		 * stops at contact overlaps by BS_TT_FIT_TOL) */
		int over = 0;
		for (int i = 0; i < nu && !over; i++)
			over =
			    bs_quad_depth_exceeds(&q, &units[i], BS_GEOM_TOUCH);
		if (!over)
			continue;
		struct bs_quad obst[BS1E_MAX_OBST];
		int n = bs1e_obstacles_all(b, -1, -1, k, obst, NULL);
		struct bs_vec to;
		struct bs_indiv_state *c = &b->indivs[k];
		if (!clear_spot(b, k, obst, n, &to))
			continue; /* nowhere: he stays (never seen) */
		struct bs_vec from = c->pos;
		c->pos = to;
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			ev_indiv(b, &ev, BS_EV_MOVE, k);
			ev.what = "steps aside";
			ev.x0 = from.x;
			ev.y0 = from.y;
			ev.f0 = ev.f1 = c->facing;
			ev.x1 = to.x;
			ev.y1 = to.y;
			ev.cite = "RULING R-502";
			bs_battle_emit(b, &ev);
		}
	}
}

/* ---- changes of role [9.0] [9.3] ---------------------------------------- */

/* Where individual k leaving unit g (global) stands: touching its rear
 * edge at the middle, else its flanks, else its front; 0 when no place is
 * clear. */
static int step_out_spot(const struct bs_battle *b, int k, int g,
			 struct bs_vec *to)
{
	struct bs_quad q = bs1e_quad(b, g);
	double w = bs1e_sc(b)->ix[k].base;
	struct bs_quad obst[BS1E_MAX_OBST];
	int n = bs1e_obstacles_all(b, -1, -1, k, obst, NULL);
	struct bs_vec c = bs_quad_centre(&q);
	static const int order[4] = {BS_EDGE_REAR, BS_EDGE_LEFT, BS_EDGE_RIGHT,
				     BS_EDGE_FRONT};
	for (int i = 0; i < 4; i++) {
		struct bs_vec a, e;
		bs_quad_edge(&q, order[i], &a, &e);
		struct bs_vec mid = bs_vec_scale(bs_vec_add(a, e), 0.5);
		struct bs_vec out = bs_vec_sub(mid, c);
		double len = bs_vec_len(out);
		if (len < EPS)
			continue;
		struct bs_vec p = bs_vec_add(
		    mid, bs_vec_scale(out, (w / 2 + BS_TT_STOP_GAP) / len));
		if (p.x < w / 2 || p.y < w / 2 || p.x > b->sc->width - w / 2 ||
		    p.y > b->sc->depth - w / 2)
			continue;
		struct bs_quad nq = bs1e_counter_at(p, w);
		if (bs_tt_fits(&nq, NULL, obst, n, 1, NULL) &&
		    !spot_barred(b, k, &nq)) {
			*to = p;
			return 1;
		}
	}
	return 0;
}

/* 1 when figure k touches unit g (global) or is with it. */
static int at_unit(const struct bs_battle *b, int k, int g)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	if (c->with_unit >= 0)
		return bs1e_g(b, c->side, c->with_unit) == g;
	struct bs_quad q = bs1e_indiv_quad(b, k), u = bs1e_quad(b, g);
	return touching(&q, &u);
}

/* The line of succession of post p (global): his deputy [9.3], then the
 * side's Chain of Command chart for him (the optional rule); global
 * indexes into out, how many. */
static int successors(const struct bs_battle *b, int p, int *out)
{
	const struct bs_indiv_state *c = &b->indivs[p];
	const struct bs_side *sd = &b->sc->sides[c->side];
	int n = 0, first = b->indiv_first[c->side];
	for (int i = 0; i < sd->nindividuals; i++)
		if (i != c->idx && sd->individuals[i].deputy_of == c->idx)
			out[n++] = first + i;
	if (c->def->leads >= 0 && n == 0) {
		int d = sd->units[c->def->leads].deputy;
		if (d >= 0 && d != c->idx)
			out[n++] = first + d;
	}
	for (int l = 0; l < sd->nchain; l++) {
		if (sd->chain[l].post != c->idx)
			continue;
		for (int j = 0; j < sd->chain[l].n && n < BS_MAX_INDIVIDUALS;
		     j++) {
			int x = first + sd->chain[l].next[j];
			int dup = 0;
			for (int q = 0; q < n; q++)
				dup |= out[q] == x;
			if (!dup)
				out[n++] = x;
		}
	}
	return n;
}

/* The unit (global) that post p's holder leads as Unit Commander: the
 * unit whose commander in play he is; -1 none. */
static int post_unit(const struct bs_battle *b, int p)
{
	const struct bs_indiv_state *c = &b->indivs[p];
	const struct bs_side *sd = &b->sc->sides[c->side];
	if (c->def->leads >= 0)
		return bs1e_g(b, c->side, c->def->leads);
	for (int u = 0; u < sd->nunits; u++)
		if (sd->units[u].commander == c->idx)
			return bs1e_g(b, c->side, u);
	return -1;
}

int bs1e_check_role(const struct bs_battle *b, int side,
		    const struct bs_role_order *r, const char **why,
		    const char **cite)
{
	const char *w = NULL, *ct = "[9.0]";
	const struct bs1e_scratch *s = bs1e_sc(b);
	if (!bs1e_indivs_in_play(b)) {
		w = "roles change in the Intermediate Game only";
		ct = "[Part 2] [9.0]";
		goto done;
	}
	if (!r || !valid_indiv(b, side, r->indiv) || (int)r->act < 0 ||
	    r->act >= BS_RA__COUNT) {
		w = "no such individual or role";
		goto done;
	}
	int k = b->indiv_first[side] + r->indiv;
	const struct bs_indiv_state *c = &b->indivs[k];
	const struct bs_side *sd = &b->sc->sides[side];
	if (!c->alive || c->lost) {
		w = "he is dead or out of the battle";
		ct = "[9.1] [9.3]";
		goto done;
	}
	if (c->flags & BS_IF_ROLE) {
		w = "one change of role a Game Round";
		goto done;
	}
	int g = -1;
	if (r->act == BS_RA_MEMBER || r->act == BS_RA_COMMAND) {
		if (r->unit < 0 || r->unit >= sd->nunits) {
			w = "no such unit of his side";
			goto done;
		}
		g = bs1e_g(b, side, r->unit);
		if (!bs1e_in_play(b, g) || bs1e_routed(b, g)) {
			w = "the unit is not on the table, or routed";
			goto done;
		}
		if (!at_unit(b, k, g)) {
			w = "he must touch the unit to join it";
			ct = "[9.0] RULING R-503";
			goto done;
		}
	}
	int mine = -1; /* the unit he leads as its Unit Commander */
	for (int u = 0; u < sd->nunits; u++)
		if (b->units[bs1e_g(b, side, u)].commander == r->indiv &&
		    bs1e_in_play(b, bs1e_g(b, side, u)))
			mine = bs1e_g(b, side, u);
	switch (r->act) {
	case BS_RA_HERO:
		if (c->role == BS_ROLE_HERO && c->rank == BS_RANK_NONE) {
			w = "he is a hero already";
			goto done;
		}
		if (c->with_unit >= 0) {
			struct bs_vec to;
			if (!step_out_spot(b, k, bs1e_g(b, side, c->with_unit),
					   &to)) {
				w = "no room beside his unit to step out";
				ct = "[9.0] RULING R-503";
				goto done;
			}
		}
		break;
	case BS_RA_MEMBER:
		if (c->with_unit == r->unit) {
			w = "he is with that unit already";
			goto done;
		}
		if (mine >= 0) {
			w = "a Unit Commander is with his own unit";
			ct = "[9.2] [4.10]";
			goto done;
		}
		break;
	case BS_RA_COMMAND: {
		const struct bs_unit_state *u = &b->units[g];
		if (u->commander == r->indiv) {
			w = "he commands that unit already";
			goto done;
		}
		if (mine >= 0) {
			w = "a Unit Commander commands only his unit";
			ct = "[4.10]";
			goto done;
		}
		if (u->commander >= 0) {
			const struct bs_indiv_state *o =
			    cind_of(b, side, u->commander);
			if (o->alive && !o->lost) {
				w = "the unit has its Unit Commander";
				ct = "[9.3]";
				goto done;
			}
		}
		/* [9.3] "can only take over command of a unit that is
		 * currently out of command" */
		if (!(u->flags & BS_UF_OUT_OF_COMMAND)) {
			w = "command is taken over only of a unit out of "
			    "command";
			ct = "[9.3]";
			goto done;
		}
		break;
	}
	case BS_RA_TAKE_OVER: {
		if (!valid_indiv(b, side, r->post) || r->post == r->indiv) {
			w = "no such commander";
			ct = "[9.3]";
			goto done;
		}
		int p = b->indiv_first[side] + r->post;
		if (b->indivs[p].def->rank == BS_RANK_NONE) {
			w = "he is no commander: there is no post to take over";
			ct = "[9.3]";
			goto done;
		}
		if (s->holder[p] == k) {
			w = "he holds that post already";
			ct = "[9.3]";
			goto done;
		}
		/* "A character can only be a Deputy Commander for one
		 * Commander": his deputy first, then the chain (RULING
		 * */
		int line[BS_MAX_INDIVIDUALS + 1];
		int nl = successors(b, p, line), at = -1;
		for (int i = 0; i < nl && at < 0; i++)
			if (line[i] == k)
				at = i;
		if (at < 0) {
			w = "he is not this commander's deputy nor next in the "
			    "chain of command";
			ct = "[9.3]";
			goto done;
		}
		for (int i = 0; i < at; i++) {
			const struct bs_indiv_state *o = &b->indivs[line[i]];
			if (o->alive && !o->lost && s->holder[p] != line[i]) {
				w = "another comes before him in the line of "
				    "succession";
				ct = "[9.3] (optional rule)";
				goto done;
			}
		}
		/* [9.3] "if that commander dies, is disabled, is removed
		 * from combat, or is otherwise not in command of his
		 * forces"; "command cannot be "passed over" ... unless that
		 * commander's unit goes out of command for at least the
		 * remainder of the current Game Round" (RULING R-514: the
		 * post is vacant: its holder dead, lost or gone hero;
		 * RULING R-553: or its holder is disabled now, held, asleep,
		 * charmed or fleeing in fear) */
		int h = s->holder[p];
		if (h >= 0 && b->indivs[h].alive && !b->indivs[h].lost &&
		    !bs1e_indiv_disabled(b, b->indivs[h].side,
					 b->indivs[h].idx)) {
			w = "his commander still holds his post: it is not "
			    "vacant";
			ct = "[9.3] RULING R-514";
			goto done;
		}
		if (h < 0 && s->vacant_from[p] > b->round) {
			w = "the post was left this round: it may be taken "
			    "over from the next";
			ct = "[9.3] RULING R-514";
			goto done;
		}
		int pu = post_unit(b, p);
		if (pu >= 0 && bs1e_in_play(b, pu)) {
			if (!(b->units[pu].flags & BS_UF_OUT_OF_COMMAND)) {
				w = "a Deputy takes over only a unit out of "
				    "command";
				ct = "[9.3]";
				goto done;
			}
			if (!at_unit(b, k, pu) &&
			    b->indivs[p].def->rank == BS_RANK_UNIT) {
				w = "he must touch the unit to take over its "
				    "command";
				ct = "[9.3] RULING R-514";
				goto done;
			}
		}
		break;
	}
	default:
		break;
	}
done:
	if (why)
		*why = w;
	if (cite)
		*cite = ct;
	return w == NULL;
}

/* Carry out the (legal) change r of individual k. */
static void apply_role(struct bs_battle *b, int side,
		       const struct bs_role_order *r)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	int k = b->indiv_first[side] + r->indiv;
	struct bs_indiv_state *c = &b->indivs[k];
	const struct bs_side *sd = &b->sc->sides[side];
	const char *cite = "[9.0]";
	int unit = -1, post = -1;
	c->flags |= BS_IF_ROLE;
	/* the unit he leads as its Unit Commander */
	int mine = -1;
	for (int u = 0; u < sd->nunits; u++)
		if (b->units[bs1e_g(b, side, u)].commander == r->indiv)
			mine = bs1e_g(b, side, u);
	switch (r->act) {
	case BS_RA_HERO: {
		if (c->with_unit >= 0) {
			int g = bs1e_g(b, side, c->with_unit);
			struct bs_vec to;
			if (step_out_spot(b, k, g, &to)) {
				c->pos = to;
				c->facing = b->units[g].facing;
			}
			c->with_unit = -1;
		}
		if (mine >= 0) {
			/* [9.3] the unit goes out of command for the rest of
			 * the Game Round */
			b->units[mine].commander = -1;
			s->ux[mine].cmd_given_up = b->round;
			cite = "[9.0] [9.3]";
		}
		/* he gives up every post he holds: vacant from the next
		 * Game Round (RULING R-514) */
		vacate(b, k, b->round + 1);
		c->role = BS_ROLE_HERO;
		c->rank = BS_RANK_NONE;
		break;
	}
	case BS_RA_MEMBER:
		/* RULING R-518 (the [9.1] Q&A): he joins the unit; its
		 * ratings stay as its roster made them */
		c->with_unit = r->unit;
		unit = r->unit;
		c->role = c->rank != BS_RANK_NONE ? BS_ROLE_COMMANDER
						  : BS_ROLE_MEMBER;
		cite = "[9.0] [9.1]";
		break;
	case BS_RA_COMMAND: {
		int g = bs1e_g(b, side, r->unit);
		b->units[g].commander = r->indiv;
		b->units[g].cb = c->cb;
		c->with_unit = r->unit;
		c->role = BS_ROLE_COMMANDER;
		if (c->rank < BS_RANK_UNIT)
			c->rank = BS_RANK_UNIT;
		unit = r->unit;
		cite = "[9.0] [9.2] [9.3]";
		break;
	}
	case BS_RA_TAKE_OVER: {
		int p = b->indiv_first[side] + r->post;
		struct bs_indiv_state *pc = &b->indivs[p];
		/* RULING R-553: the post of a disabled holder is taken from
		 * him for good: he keeps no post (a hero, as one who gave it
		 * up, R-503); the others he held fall vacant */
		int h = s->holder[p];
		if (h >= 0 && h != k && b->indivs[h].alive &&
		    !b->indivs[h].lost) {
			struct bs_indiv_state *hc = &b->indivs[h];
			vacate(b, h, b->round + 1);
			if (hc->with_unit < 0) {
				hc->role = BS_ROLE_HERO;
				hc->rank = BS_RANK_NONE;
			}
		}
		s->holder[p] = k;
		c->holds = r->post;
		if (pc->def->rank > c->rank)
			c->rank = pc->def->rank;
		c->role = BS_ROLE_COMMANDER;
		int pu = post_unit(b, p);
		if (pu >= 0 && bs1e_in_play(b, pu) &&
		    pc->def->rank == BS_RANK_UNIT) {
			b->units[pu].commander = r->indiv;
			b->units[pu].cb = c->cb;
			c->with_unit = b->units[pu].idx;
			unit = c->with_unit;
		}
		post = r->post;
		cite = "[9.3]";
		break;
	}
	default:
		break;
	}
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		ev_indiv(b, &ev, BS_EV_ROLE, k);
		ev.n[0] = (int)r->act;
		ev.n[1] = (int)c->role;
		ev.n[2] = (int)c->rank;
		ev.unit = unit;
		if (post >= 0) {
			ev.tside = side;
			ev.tindiv = post;
		}
		ev.what = r->why;
		ev.cite = cite;
		bs_battle_emit(b, &ev);
	}
}

void bs1e_roles_phase(struct bs_battle *b, int side)
{
	const struct bs_controller *ctl = b->ctl[side];
	if (!bs1e_indivs_in_play(b) || !ctl || !ctl->roles)
		return;
	struct bs_role_order ro[BS_MAX_ROLE_ORDERS];
	memset(ro, 0, sizeof ro);
	int n = ctl->roles(ctl->ctx, b, side, ro, BS_MAX_ROLE_ORDERS);
	if (n > BS_MAX_ROLE_ORDERS)
		n = BS_MAX_ROLE_ORDERS;
	for (int i = 0; i < n; i++) {
		const char *why, *cite;
		ro[i].why[sizeof ro[i].why - 1] = '\0';
		if (!bs1e_check_role(b, side, &ro[i], &why, &cite)) {
			if (valid_indiv(b, side, ro[i].indiv))
				reject(b, b->indiv_first[side] + ro[i].indiv,
				       why, cite);
			else
				bs1e_note(b, -1, why, cite);
			continue;
		}
		apply_role(b, side, &ro[i]);
	}
	/* the new commands count at once [9.0] "take effect immediately";
	 * a unit its commander left goes to open formation [7.6]: the one
	 * who stepped out makes way (RULING R-502) */
	bs1e_command_update(b, 0);
	bs1e_indivs_make_way(b);
}

/* ---- capture at the end [9.1] ------------------------------------------- */

void bs1e_indivs_capture(struct bs_battle *b)
{
	if (!bs1e_indivs_in_play(b))
		return;
	struct bs_result *r = &b->result;
	for (int k = 0; k < b->nindivs; k++) {
		struct bs_indiv_state *c = &b->indivs[k];
		if (c->fate != BS1E_FATE_BADLY_WOUNDED &&
		    c->fate != BS1E_FATE_UNCONSCIOUS)
			continue;
		/* [9.1] "A wounded or stunned character is automatically
		 * captured by the enemy if at the end of the battle the
		 * enemy's forces hold the AREA where the character fell. If
		 * the character's side is victorious, the character can
		 * return to his unit": RULING R-516, the area is held by the
		 * side of the unit nearest to where he fell that is still on
		 * the table and not routed */
		if (r->winner == c->side)
			continue;
		double best = HUGE_VAL;
		int by = -1;
		for (int g = 0; g < b->nunits; g++) {
			if (!bs1e_in_play(b, g) || bs1e_routed(b, g))
				continue;
			struct bs_quad q = bs1e_quad(b, g);
			struct bs_quad pt = {{c->pos, c->pos, c->pos, c->pos}};
			double d = bs_quad_dist(&q, &pt);
			if (d < best - EPS) {
				best = d;
				by = b->units[g].side;
			}
		}
		if (by < 0 || by == c->side)
			continue;
		c->captured = by;
		r->side[c->side].indivs_captured++;
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			ev_indiv(b, &ev, BS_EV_CAPTURE, k);
			ev.tside = by;
			ev.x1 = c->pos.x;
			ev.y1 = c->pos.y;
			ev.n[0] = c->fate;
			ev.what = "the enemy holds the area where he fell";
			ev.cite = "[9.1] RULING R-516";
			bs_battle_emit(b, &ev);
		}
	}
}
