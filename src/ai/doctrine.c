/* The doctrine AI for the 1E Basic Game (docs/AI.md): who moves first
 * [1.4], Rally Phase attempts and mob orders [6.0]-[6.7] [2.10], the order
 * in which units move and each unit's order [7.6]-[7.14] [8.8], where the
 * army commander goes [4.8] [4.10], and whether to follow a withdrawing
 * enemy [7.12]. It judges fights with the exact odds of the CRT [8.4]
 * (bs1e_attack_plan / bs1e_attack_resolve over the 36 outcomes of 2d6) and
 * Table 10 [8.3]; it checks every order with the tabletop's rules checks
 * (bs_tt_check_order, bs_tt_plan_charge) before declaring it, so that the
 * rules should never reject one. No randomness, no allocation; its only
 * memory is caches (odds and reserves per scenario, charges per state). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ai/doctrine_int.h"
#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_heroes.h"
#include "battlesim/bs1e_undead.h"
#include "battlesim/bs1e_roster.h"
#include "battlesim/bs1e_tables.h"
#include "battlesim/tabletop.h"

/* ---- the doctrine's numbers (docs/AI.md) ----------------------------------
 */

/* A fight is favourable when the expected fraction of the enemy's hit dice
 * destroyed is at least this many times the fraction of ours. */
#define FAVOUR 1.0
/* A melee is hopeless when we expect to lose at least this many times the
 * fraction we destroy, at least MIN_BITE of our hit dice a phase, and our
 * morale is low (LOW_ML or less after the expected losses). */
#define HOPELESS 2.0
#define FLEE_HOPELESS 3.0
#define MIN_BITE 0.10
#define LOW_ML 12
/* A unit does not move where enemy charges would gain more than ACCEPT
 * (fraction destroyed less fraction lost, summed over the enemies that
 * could charge it there), unless it is that exposed already; after
 * PATIENCE rounds it accepts ACCEPT_STEP more each round. */
#define ACCEPT 0.10
#define ACCEPT_STEP 0.05
#define PATIENCE 6
/* How far (inches of progress toward the enemy) a unit may stand ahead of
 * the rearmost unit of its battle line (counted where that unit can get
 * to this phase). */
#define LEAD 2.0
/* A little room kept from the exact limits of the rules (inches). */
#define SLACK 0.05
/* Room kept between friendly units (inches). */
#define ROOM 0.5
#define PI 3.14159265358979323846
/* Charges planned per unit and phase, at most (the best odds first). */
#define MAX_PLANS 4
/* Fractions of the advance tried, longest first. */
static const double advance_frac[] = {1.0, 0.5};
#define NFRAC ((int)(sizeof advance_frac / sizeof advance_frac[0]))

/* ---- the battle as the doctrine reads it ---------------------------------
 */

static const struct bs_unit_state *unit_of(const struct bs_battle *b, int side,
					   int unit)
{
	return &b->units[b->side_first[side] + unit];
}

static int nunits_of(const struct bs_battle *b, int side)
{
	return b->sc->sides[side].nunits;
}

static const struct bs_indiv_state *indiv_of(const struct bs_battle *b,
					     int side, int k)
{
	return &b->indivs[b->indiv_first[side] + k];
}

/* ---- this callback's view of the table (cached) ---------------------------
 * Each callback first looks at the table (look: a stamp of the state);
 * quads and contacts are then computed once per unit while it lasts. */

static uint64_t state_stamp(const struct bs_battle *b);

static void look(struct bs_ai_doctrine *ai, const struct bs_battle *b)
{
	ai->view_stamp = state_stamp(b);
	/* issue 13: a new view, an empty what-if memo (its answers are this
	 * view's alone; see try_order) */
	if (!(ai->whatif_loose & (1u << BS_AI_WK_VIEW)))
		ai->nwhatif = ai->whatif_next = 0;
}

static const struct bs_quad *qof(struct bs_ai_doctrine *ai,
				 const struct bs_battle *b, int side, int unit)
{
	int g = b->side_first[side] + unit;
	if (ai->quad_stamp[g] != ai->view_stamp) {
		ai->quad[g] = bs_tt_unit_quad(b, side, unit);
		ai->qbox[g] = bs_quad_box(&ai->quad[g]);
		ai->quad_stamp[g] = ai->view_stamp;
	}
	return &ai->quad[g];
}

/* The bounding box of qof's quad (issue 13 part 2: worked out with it). */
static const struct bs_box *qbox(struct bs_ai_doctrine *ai,
				 const struct bs_battle *b, int side, int unit)
{
	qof(ai, b, side, unit);
	return &ai->qbox[b->side_first[side] + unit];
}

static struct bs_vec ucentre(struct bs_ai_doctrine *ai,
			     const struct bs_battle *b, int side, int unit)
{
	return bs_quad_centre(qof(ai, b, side, unit));
}

/* Shortest distance between two units' blocks (bs_tt_unit_dist). */
static double udist(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		    int side, int unit, int tside, int tunit)
{
	return bs_quad_dist(qof(ai, b, side, unit), qof(ai, b, tside, tunit));
}

/* A lower bound of bs_quad_dist(a, b) (bs_box_gap_lb). */
static double box_lb(const struct bs_box *a, const struct bs_box *b)
{
	return bs_box_gap_lb(a, b);
}

/* How udist compares with thr (bs_quad_dist_cmp: the same answer as
 * comparing udist, sooner). */
static int ucmp(struct bs_ai_doctrine *ai, const struct bs_battle *b, int side,
		int unit, int tside, int tunit, double thr)
{
	return bs_quad_dist_cmp(qof(ai, b, side, unit),
				qof(ai, b, tside, tunit), thr);
}

/* 1 when the distance between quads a and b lies outside [lo, hi]: the
 * test d > hi || d < lo on d = bs_quad_dist(a, b), with early exits. */
static int dist_outside(const struct bs_quad *a, const struct bs_quad *b,
			double lo, double hi)
{
	return bs_quad_dist_cmp(a, b, hi) > 0 || bs_quad_dist_cmp(a, b, lo) < 0;
}

static int in_play(const struct bs_unit_state *u)
{
	return !(u->flags & BS_UF_REMOVED);
}

/* [14.19] RULING R-346: unit e of side es is a target (and a threat) of
 * `side`: not undead in the service of one of its evil clerics. */
static int foe(const struct bs_battle *b, int side, int es, int e)
{
	return bs1e_hostile(b, side, b->side_first[es] + e);
}

/* bs_tt_unit_contact from this view's quads (qof: bs_tt_unit_quad, the
 * same numbers) by bs_tt_contact_q, the same test as bs_tt_contact: no
 * sine or cosine per pair. The same answer, and *c, always. */
static int ucontact(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		    int side, int unit, int tside, int tunit,
		    struct bs_tt_contact *c)
{
	if (!in_play(unit_of(b, side, unit)) ||
	    !in_play(unit_of(b, tside, tunit)))
		return 0;
	const struct bs_quad *qa = qof(ai, b, side, unit);
	const struct bs_quad *qb = qof(ai, b, tside, tunit);
	/* bounding boxes apart along x or y by more than BS_GEOM_TOUCH (and
	 * a margin far above rounding): the blocks are, and
	 * bs_tt_contact_q would answer 0; no shapes needed */
	if (bs_box_apart(qbox(ai, b, side, unit), qbox(ai, b, tside, tunit),
			 BS_GEOM_TOUCH + 1e-6))
		return 0;
	struct bs_tt_shape sa, sb;
	struct bs_tt_pose pa, pb;
	bs_tt_unit_shape(b, side, unit, &sa);
	bs_tt_unit_pose(b, side, unit, &pa);
	bs_tt_unit_shape(b, tside, tunit, &sb);
	bs_tt_unit_pose(b, tside, tunit, &pb);
	return bs_tt_contact_q(&sa, &pa, qa, &sb, &pb, qb, c);
}

/* bs_tt_unit_arc from this view's quads, the contact's edges only
 * (bs_tt_contact_edges_q: the same edges as bs_tt_contact). */
static enum bs_arc uarc_of(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			   int side, int unit, int tside, int tunit)
{
	struct bs_tt_contact c;
	if (in_play(unit_of(b, side, unit)) &&
	    in_play(unit_of(b, tside, tunit))) {
		struct bs_tt_shape sa, sb;
		struct bs_tt_pose pa, pb;
		bs_tt_unit_shape(b, side, unit, &sa);
		bs_tt_unit_pose(b, side, unit, &pa);
		bs_tt_unit_shape(b, tside, tunit, &sb);
		bs_tt_unit_pose(b, tside, tunit, &pb);
		if (bs_tt_contact_edges_q(&sa, &pa, qof(ai, b, side, unit), &sb,
					  &pb, qof(ai, b, tside, tunit), &c))
			return bs_tt_edge_arc(c.edge_b);
	}
	return bs_tt_arc_from(qof(ai, b, tside, tunit),
			      bs_quad_centre(qof(ai, b, side, unit)), NULL);
}

/* uarc_of, remembered: its answer depends only on the two quads and
 * whether the units are in play (the contact's edges, else the arc from
 * the centre), so the same inputs give the arc last worked out. */
static enum bs_arc uarc(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			int side, int unit, int tside, int tunit)
{
	int g = b->side_first[side] + unit, h = b->side_first[tside] + tunit;
	const struct bs_quad *qa = qof(ai, b, side, unit);
	const struct bs_quad *qb = qof(ai, b, tside, tunit);
	unsigned char in =
	    (unsigned char)(in_play(unit_of(b, side, unit)) |
			    in_play(unit_of(b, tside, tunit)) << 1);
	struct bs_ai_arcmemo *m =
	    &ai->arcmemo[(unsigned)(g * 31 + h) & (BS_AI_ARCMEMO - 1)];
	if (m->g == g && m->h == h && m->in == in &&
	    memcmp(&m->qa, qa, sizeof *qa) == 0 &&
	    memcmp(&m->qb, qb, sizeof *qb) == 0)
		return (enum bs_arc)m->arc;
	enum bs_arc arc = uarc_of(ai, b, side, unit, tside, tunit);
	m->g = g;
	m->h = h;
	m->in = in;
	m->arc = (unsigned char)arc;
	m->qa = *qa;
	m->qb = *qb;
	return arc;
}

/* Up to this many units on the table (the duel's two), the scan of every
 * enemy costs less than a look at the pair table (issue 13 part 2: it
 * redoes the rows of the units moved since). */
#define NEAR_FEW 2

/* 1 when the unit touches an enemy (bs_tt_unit_engaged, by ucontact). */
static int engaged(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		   int side, int unit)
{
	int g = b->side_first[side] + unit;
	if (ai->engaged_stamp[g] != ai->view_stamp) {
		unsigned char e = 0;
		/* issue 13 part 2: over the units that may touch it (the
		 * pair table's broad phase), the others answering 0; every
		 * enemy when there are NEAR_FEW units or fewer */
		int few = b->nunits <= NEAR_FEW;
		for (int h = few ? 0 : bs1e_near_next(b, g, -1);
		     h < b->nunits && !e;
		     h = few ? h + 1 : bs1e_near_next(b, g, h))
			if (b->units[h].side != side)
				e = (unsigned char)ucontact(
				    ai, b, side, unit, b->units[h].side,
				    b->units[h].idx, NULL);
		/* [7.8] an enemy hero or commander standing alone too */
		if (!e)
			e = (unsigned char)bs1e_unit_touches_figure(
			    b, side, unit, NULL, NULL);
		ai->engaged[g] = e;
		ai->engaged_stamp[g] = ai->view_stamp;
	}
	return ai->engaged[g];
}

static int routed(const struct bs_unit_state *u)
{
	return (u->flags & BS_UF_ROUTED) != 0;
}

static int is_mob(const struct bs_unit_state *u)
{
	return u->def->type == BS_UNIT_MOB;
}

static int is_skirmish(const struct bs_unit_state *u)
{
	return u->def->type == BS_UNIT_SKIRMISH;
}

/* [4.7] out of command (a mob always is). */
static int out_of_command(const struct bs_unit_state *u)
{
	return is_mob(u) ||
	       (u->flags & (BS_UF_OUT_OF_COMMAND | BS_UF_DISC_FAILED)) != 0;
}

static int commander_ok(const struct bs_indiv_state *c)
{
	return c->alive && !c->lost;
}

/* Part 2 [9.2]: the unit's own commander fights with it (Table 10 -1). */
static int commander_fighting(const struct bs_battle *b,
			      const struct bs_unit_state *u)
{
	/* [2.9] a skirmish unit's commander only rallies it */
	if (u->commander < 0 || u->def->type == BS_UNIT_SKIRMISH)
		return 0;
	const struct bs_indiv_state *c = indiv_of(b, u->side, u->commander);
	return commander_ok(c) && c->with_unit == u->idx;
}

/* Where an individual stands: a unit commander at the centre of his
 * unit's block (the engine's RULING R-112), others where they are. */
static struct bs_vec indiv_pos(struct bs_ai_doctrine *ai,
			       const struct bs_battle *b, int side, int k)
{
	const struct bs_indiv_state *s = indiv_of(b, side, k);
	if (s->with_unit >= 0 && in_play(unit_of(b, side, s->with_unit))) {
		struct bs_quad q = *qof(ai, b, side, s->with_unit);
		return bs_quad_centre(&q);
	}
	return s->pos;
}

/* [4.10] the side's commanders lost to command (for bs1e_may_*). */
static void lost_of(const struct bs_battle *b, int side, unsigned char *lost)
{
	int n = b->sc->sides[side].nindividuals;
	for (int k = 0; k < n; k++)
		lost[k] = !commander_ok(indiv_of(b, side, k));
}

/* How far a point stands toward the enemy (inches along the side's
 * forward direction). */
static double progress(const struct bs_battle *b, int side, struct bs_vec p)
{
	return bs_vec_dot(p, bs_dir(bs_edge_facing(b->sc->sides[side].edge)));
}

/* Hit dice a unit has standing, tenths (at least 1). */
static double unit_hd(const struct bs_unit_state *u)
{
	double hd = (double)u->figures * u->r.hd_fig;
	return hd > 0 ? hd : 1;
}

/* A quick current morale [4.2]: base ML, Table 4 rows the doctrine can see
 * (losses after `extra_lost` more figures, out of command, closed
 * formation) and the commander's CB in command. */
static int morale_estimate(const struct bs_unit_state *u, int extra_lost)
{
	int ml = u->r.ml;
	int lost = u->original - u->figures + extra_lost;
	if (lost * 4 >= u->original * 3)
		ml += bs1e_table4[BS1E_T4_LOST_75].mod;
	else if (lost * 2 >= u->original)
		ml += bs1e_table4[BS1E_T4_LOST_50].mod;
	if (out_of_command(u)) {
		if (!is_skirmish(u))
			ml += bs1e_table4[BS1E_T4_OUT_OF_COMMAND].mod;
	} else if (!is_skirmish(u)) {
		ml += u->cb; /* [2.9] never for skirmishers */
	}
	if (u->formation == BS_FORM_CLOSED)
		ml += bs1e_table4[BS1E_T4_CLOSED_FORMATION].mod;
	return ml;
}

/* ---- the odds [8.3] [8.4] ---------------------------------------------------
 */

/* Make the doctrine's memory that of b's scenario: on a new scenario, clear
 * the odds and charge caches and find each side's reserve. */
/* issue 13: the racial memo emptied (racial_vs). */
static void vsmemo_clear(struct bs_ai_doctrine *ai)
{
	for (int i = 0; i < BS_AI_VSMEMO; i++)
		ai->vsmemo[i].a = ai->vsmemo[i].h = NULL;
}

static int reserve_unit(const struct bs_battle *b, int side);
static void bind(struct bs_ai_doctrine *ai, const struct bs_battle *b)
{
	if (ai->sc == b->sc)
		return;
	memset(ai->e36, 0xff, sizeof ai->e36);
	memset(ai->charge_stamp, 0, sizeof ai->charge_stamp);
	vsmemo_clear(ai);
	ai->sc = b->sc;
	for (int side = 0; side < BS_MAX_SIDES; side++)
		ai->reserve[side] =
		    side < b->nsides ? reserve_unit(b, side) : -1;
}

/* Expected HD x 36 (tenths) of one figure of global unit g against size
 * class `large` at AR - AC = d: the CRT over the 36 outcomes of 2d6. */
static int32_t e36(struct bs_ai_doctrine *ai, const struct bs_battle *b, int g,
		   int large, int d)
{
	bind(ai, b);
	if (g < 0 || g >= BS_AI_MAX_UNITS)
		return 0;
	if (d < BS_AI_D_MIN)
		d = BS_AI_D_MIN;
	if (d > BS_AI_D_MAX)
		d = BS_AI_D_MAX;
	int32_t *slot = &ai->e36[g][large][d - BS_AI_D_MIN];
	if (*slot >= 0)
		return *slot;
	const struct bs_unit_state *u = &b->units[g];
	struct bs1e_attack_spec sp;
	memset(&sp, 0, sizeof sp);
	sp.ar = d; /* [8.4 A] only AR - AC matters */
	sp.ac = 0;
	sp.damage = large ? u->r.dmg_l : u->r.dmg_sm;
	sp.figures = 1;
	sp.level_drain = bs1e_drain_doubles(b->sc->level, u->r.level_drain);
	sp.poison_part = -1;
	struct bs1e_attack_plan plan;
	char err[128];
	int32_t sum = 0;
	if (sp.damage.nparts > 0 &&
	    bs1e_attack_plan(&sp, &plan, err, sizeof err) == 0) {
		for (int roll = 2; roll <= 12; roll++) {
			struct bs1e_attack_result r;
			bs1e_attack_resolve(&plan, roll, &r);
			sum += bs1e_2d6_ways(roll) * r.per_figure_tenths;
		}
	}
	*slot = sum;
	return sum;
}

/* [8.3] Table 10 and its special note: the adjusted AR of a attacking h
 * on h's `arc`. */
/* [13.1] the racial bonuses of unit definition a's creatures against d's
 * (the engine's term, RULING R-610 for d's figure), from ai's memo
 * (issue 13: the same two definitions, the same term). */
static int racial_vs(struct bs_ai_doctrine *ai, const struct bs_unit *a,
		     const struct bs_unit *d)
{
	uintptr_t k = (uintptr_t)a * 31u + (uintptr_t)d;
	struct bs_ai_vsmemo *e =
	    &ai->vsmemo[(k ^ (k >> 7) ^ (k >> 13)) & (BS_AI_VSMEMO - 1)];
	if (e->a == a && e->h == d)
		return e->vs;
	const struct bs_creature *pa[BS_UNIT_MAX_MIX],
	    *pd[BS1E_FIGURE_MAX_CREATURES];
	int na = bs_unit_creatures(a, pa);
	int nd = bs1e_figure_creatures(d, pd); /* RULING R-610 */
	e->a = a;
	e->h = d;
	e->vs = bs1e_to_hit_vs(pa, na, pd, nd, NULL, 0);
	return e->vs;
}

static int adjusted_ar(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		       const struct bs_unit_state *a,
		       const struct bs_unit_state *h, int arc, int charging)
{
	int ar = a->r.base_ar;
	if (a->formation == BS_FORM_OPEN || a->formation == BS_FORM_SKIRMISH)
		ar += bs1e_table10[BS1E_T10_OPEN_OR_SKIRMISH].mod;
	if (out_of_command(a) && !is_skirmish(a))
		ar += bs1e_table10[BS1E_T10_OUT_OF_COMMAND].mod;
	if (charging && a->formation == BS_FORM_CLOSED)
		ar += bs1e_table10[BS1E_T10_CLOSED_CHARGE].mod;
	if (commander_fighting(b, a))
		ar += bs1e_table10[BS1E_T10_COMMANDER_FIGHTING].mod;
	if (arc == BS_ARC_FLANK && h->r.shield)
		ar += bs1e_table10_notes[BS1E_T10X_FLANK].mod;
	if (arc == BS_ARC_REAR)
		ar += bs1e_table10_notes[BS1E_T10X_REAR].mod;
	if (a->r.daylight_penalty)
		ar += bs1e_table10_notes[BS1E_T10X_DAYLIGHT].mod;
	/* [13.1] the racial bonuses (the engine's term) */
	bind(ai, b);
	ar += racial_vs(ai, a->def, h->def);
	return ar + a->fm_penalty;
}

/* [8.1] figures of a that would fight when its front meets an edge of h
 * (h's front or rear: its width; a flank: its depth), estimated from the
 * two blocks: those in contact, one more each side in closed formation,
 * and the ranks behind for spears and pikes. */
static int est_fighters(const struct bs_battle *b, int side, int unit,
			const struct bs_tt_shape *sp, double edge_len)
{
	const struct bs_unit_state *a = unit_of(b, side, unit);
	/* sp: bs_tt_unit_shape of (side, unit), the caller's (issue 13:
	 * worked out once a fight) */
	const struct bs_tt_shape s = *sp;
	double pitch = s.base_w + s.gap;
	double w = s.width < edge_len ? s.width : edge_len;
	int front = s.ranks > 1 ? s.files : s.last;
	int n = (int)ceil(w / pitch - 1e-9);
	if (n < 1)
		n = 1;
	if (n > front)
		n = front;
	int total = n;
	if (s.formation == BS_FORM_CLOSED) {
		total += 2; /* [8.1] one figure to the left, one to the right */
		if (total > front)
			total = front;
		int behind = 0;
		if (a->r.pike)
			behind = 2;
		else if (a->r.polearm)
			behind = 1;
		for (int r = 1; r <= behind && r < s.ranks; r++) {
			int in_rank = r == s.ranks - 1 ? s.last : s.files;
			total += n < in_rank ? n : in_rank;
		}
	}
	if (total > a->figures)
		total = a->figures;
	return total;
}

double bs_ai_expected_hd(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			 int side, int unit, int tside, int tunit, int figures,
			 int ar_minus_ac)
{
	int g = b->side_first[side] + unit;
	const struct bs_unit_state *h = unit_of(b, tside, tunit);
	int32_t v = e36(ai, b, g, h->r.size == BS_SIZE_L, ar_minus_ac);
	return (double)v * figures / 36.0;
}

/* The fight of (side, unit) striking (tside, tunit) on `arc`, struck back
 * on `back_arc` of its own. */
static void fight(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		  int side, int unit, int tside, int tunit, int arc,
		  int back_arc, int charging, struct bs_ai_fight *out)
{
	const struct bs_unit_state *a = unit_of(b, side, unit);
	const struct bs_unit_state *h = unit_of(b, tside, tunit);
	struct bs_tt_shape sa, sh;
	bs_tt_unit_shape(b, side, unit, &sa);
	bs_tt_unit_shape(b, tside, tunit, &sh);
	memset(out, 0, sizeof *out);
	out->att_figs = est_fighters(b, side, unit, &sa,
				     arc == BS_ARC_FLANK ? sh.depth : sh.width);
	out->att_ar = adjusted_ar(ai, b, a, h, arc, charging);
	out->dealt_hd = bs_ai_expected_hd(ai, b, side, unit, tside, tunit,
					  out->att_figs, out->att_ar - h->r.ac);
	/* [6.4] a routed unit cannot engage in melee; struck in flank or
	 * rear, only the figures along that edge strike back */
	if (!routed(h)) {
		if (arc == BS_ARC_FRONT) {
			out->def_figs = est_fighters(
			    b, tside, tunit, &sh,
			    back_arc == BS_ARC_FLANK ? sa.depth : sa.width);
		} else {
			double pitch = sh.base_w + sh.gap;
			int along = arc == BS_ARC_FLANK ? sh.ranks : sh.last;
			int n = (int)ceil(sa.width / pitch - 1e-9);
			out->def_figs = n < along ? n : along;
			if (out->def_figs < 1)
				out->def_figs = 1;
		}
		out->def_ar = adjusted_ar(ai, b, h, a, back_arc, 0);
		out->taken_hd =
		    bs_ai_expected_hd(ai, b, tside, tunit, side, unit,
				      out->def_figs, out->def_ar - a->r.ac);
	}
	out->dealt_frac = out->dealt_hd / unit_hd(h);
	out->taken_frac = out->taken_hd / unit_hd(a);
}

void bs_ai_fight_eval(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		      int side, int unit, int tside, int tunit, int arc,
		      int charging, struct bs_ai_fight *out)
{
	fight(ai, b, side, unit, tside, tunit, arc, BS_ARC_FRONT, charging,
	      out);
}

static int favourable(const struct bs_ai_fight *f)
{
	return f->dealt_hd > 0 && f->dealt_frac >= FAVOUR * f->taken_frac;
}

/* The end of a candidate order, as the rules would leave the unit. */
struct end_state {
	struct bs_tt_outcome oc;
	struct bs_tt_shape shape;
	struct bs_quad quad;
};

/* RULING R-140 [7.9] the AI measures exactly and asks the rules' own
 * checks whether an order is legal and where it ends before declaring it
 * (nothing on the table changes; each unit is given one order).
 * RULING R-141 [3.1] it sees the table and both rosters, never the dice
 * to come nor the enemy's orders. */
static int try_order_fresh(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			   int side, int unit, const struct bs_order *o,
			   struct end_state *es, int *whole)
{
	*whole = 0;
	const struct bs_unit_state *u = unit_of(b, side, unit);
	/* [11.6] [11.7] a unit in a special formation is judged as if it
	 * gave it up for an order that moves it (special_order decides,
	 * RULING R-539: free) */
	struct bs_order g = *o;
	if (!g.declares && u->special != BS_SPECIAL_NONE &&
	    (g.kind != BS_ORDER_HOLD || g.nsteps > 0)) {
		g.declares = 1;
		g.special = BS_SPECIAL_NONE;
		g.sides = 0;
	}
	if (!bs_tt_check_order(b, side, unit, &g, &es->oc) || !es->oc.legal)
		return 0;
	if (es->oc.formation == u->formation && es->oc.files == u->files) {
		bs_tt_unit_shape(b, side, unit, &es->shape); /* as it is */
	} else {
		bs_tt_shape_make(es->oc.formation, u->figures, es->oc.files,
				 u->r.base_w, u->r.base_d, b->stands,
				 &es->shape);
	}
	es->quad = bs_tt_quad(&es->shape, &es->oc.pose);
	*whole = 1;
	/* units never interpenetrate [7.8]: an end that would overlap a
	 * unit it did not overlap before is refused, whatever the sweep
	 * says */
	struct bs_quad now = *qof(ai, b, side, unit);
	for (int s = 0; s < b->nsides; s++)
		for (int i = 0; i < nunits_of(b, s); i++) {
			if ((s == side && i == unit) ||
			    !in_play(unit_of(b, s, i)))
				continue;
			struct bs_quad q = *qof(ai, b, s, i);
			if (bs_quad_overlap(&es->quad, &q) &&
			    !bs_quad_overlap(&now, &q))
				return 0;
		}
	return 1;
}

/* issue 13: the key of a what-if (struct bs_ai_whatif_key), every field
 * set (the padding and the steps past nsteps zero, so that keys compare
 * as bytes), less the fields of `loose` (tests). */
static void whatif_key(struct bs_ai_whatif_key *k, int side, int unit,
		       const struct bs_order *o, unsigned loose)
{
#define KF(f, v) ((loose & (1u << (f))) ? 0 : (v))
	memset(k, 0, sizeof *k);
	k->side = KF(BS_AI_WK_SIDE, side);
	k->unit = KF(BS_AI_WK_UNIT, unit);
	k->kind = KF(BS_AI_WK_KIND, (int)o->kind);
	k->tside = KF(BS_AI_WK_TSIDE, o->tside);
	k->tunit = KF(BS_AI_WK_TUNIT, o->tunit);
	k->nsteps = KF(BS_AI_WK_NSTEPS, o->nsteps);
	k->declares = KF(BS_AI_WK_DECLARES, o->declares);
	k->special = KF(BS_AI_WK_SPECIAL, (int)o->special);
	k->sides = KF(BS_AI_WK_SIDES, o->sides);
	/* the steps the rules read (run_steps: i < nsteps) */
	int n = o->nsteps;
	if (n > BS_ORDER_MAX_STEPS)
		n = BS_ORDER_MAX_STEPS;
	if (loose & (1u << BS_AI_WK_NSTEPS))
		n = BS_ORDER_MAX_STEPS; /* every step, as a broken key would */
	for (int i = 0; i < n; i++) {
		const struct bs_step *st = &o->step[i];
		struct bs_ai_whatif_step *w = &k->step[i];
		w->kind = KF(BS_AI_WK_STEP_KIND, (int)st->kind);
		w->files = KF(BS_AI_WK_STEP_FILES, st->files);
		w->formation = KF(BS_AI_WK_STEP_FORMATION, (int)st->formation);
		w->dist = KF(BS_AI_WK_STEP_DIST, st->dist);
		w->angle = KF(BS_AI_WK_STEP_ANGLE, st->angle);
	}
#undef KF
}

/* A hash of the key's bytes up to its last step in use (the rest are
 * zero): a filter before the compare of every byte. */
static uint64_t whatif_hash(const struct bs_ai_whatif_key *k)
{
	const unsigned char *p = (const unsigned char *)k;
	int n = k->nsteps < 0 ? 0 : k->nsteps;
	if (n > BS_ORDER_MAX_STEPS)
		n = BS_ORDER_MAX_STEPS;
	size_t len = offsetof(struct bs_ai_whatif_key, step) +
		     (size_t)n * sizeof k->step[0];
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, sizeof w);
		h = (h ^ w) * 1099511628211ull;
	}
	return h;
}

/* try_order_fresh's answer, from this view's memo when the same unit was
 * given the same order in it (the same inputs, the same answer: nothing
 * is copied that the fresh check would not have set). */
static int try_order(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		     int side, int unit, const struct bs_order *o,
		     struct end_state *es)
{
	int whole;
	if (ai->whatif_off)
		return try_order_fresh(ai, b, side, unit, o, es, &whole);
	struct bs_ai_whatif_key k;
	whatif_key(&k, side, unit, o, ai->whatif_loose);
	uint64_t h = whatif_hash(&k);
	for (int i = 0; i < ai->nwhatif; i++) {
		const struct bs_ai_whatif *w = &ai->whatif[i];
		if (w->hash != h || memcmp(&w->key, &k, sizeof k) != 0)
			continue;
		ai->whatif_hits++;
		es->oc = w->oc;
		if (w->whole) {
			es->shape = w->shape;
			es->quad = w->quad;
		}
		return w->ok;
	}
	ai->whatif_misses++;
	int ok = try_order_fresh(ai, b, side, unit, o, es, &whole);
	struct bs_ai_whatif *w = &ai->whatif[ai->whatif_next];
	ai->whatif_next = (ai->whatif_next + 1) % BS_AI_WHATIF;
	if (ai->nwhatif < BS_AI_WHATIF)
		ai->nwhatif++;
	w->hash = h;
	w->key = k;
	w->ok = ok;
	w->whole = whole;
	w->oc = es->oc;
	if (whole) {
		w->shape = es->shape;
		w->quad = es->quad;
	}
	return ok;
}

void bs_ai_look(struct bs_ai_doctrine *ai, const struct bs_battle *b)
{
	bind(ai, b);
	look(ai, b);
}

int bs_ai_try_order(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		    int side, int unit, const struct bs_order *o,
		    struct bs_tt_outcome *oc, struct bs_quad *end)
{
	struct end_state es;
	int ok = try_order(ai, b, side, unit, o, &es);
	*oc = es.oc;
	if (ok)
		*end = es.quad;
	return ok;
}

/* Expected HD (tenths) that enemies other than (xs, xu) could deal the
 * unit standing at quad q by charging its flank or rear next [7.14]: in
 * their charge reach (1 1/2 MV, at least 2/3 MV away, RULING R-108 of the
 * tabletop) with their centre off its front. */
static double flank_threat(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			   int side, int unit, int xs, int xu,
			   const struct bs_quad *q)
{
	double hd = 0;
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < nunits_of(b, es); e++) {
			const struct bs_unit_state *h = unit_of(b, es, e);
			if ((es == xs && e == xu) || !in_play(h) || routed(h) ||
			    is_skirmish(h) || !foe(b, side, es, e))
				continue;
			struct bs_quad hq = *qof(ai, b, es, e);
			if (dist_outside(q, &hq, 2.0 * h->r.mv / 3.0 - SLACK,
					 1.5 * h->r.mv + SLACK))
				continue;
			int arc =
			    (int)bs_tt_arc_from(q, bs_quad_centre(&hq), NULL);
			if (arc == BS_ARC_FRONT)
				continue;
			struct bs_ai_fight f;
			fight(ai, b, es, e, side, unit, arc, BS_ARC_FRONT, 1,
			      &f);
			hd += f.dealt_hd;
		}
	return hd;
}

/* ---- charges [7.14]
 * ----------------------------------------------------------
 */

struct charge_pick {
	int tside, tunit; /* -1: none */
	double score;
	struct bs_order order;
};
_Static_assert(sizeof(struct charge_pick) == sizeof(struct bs_ai_charge),
	       "the cache holds a charge_pick");

/* A stamp of the battle's state as far as charges depend on it: every
 * unit's place, facing, frontage, formation, figures and flags, every
 * individual's place, facing, unit, role, hit points and life, the round
 * and the phase. Equal stamps: the cached charge is reused (a pure
 * function of the state, so the orders do not depend on the cache). */
static uint64_t state_stamp(const struct bs_battle *b)
{
	uint64_t h = 1469598103934665603ull;
#define MIX(v)                                                                 \
	do {                                                                   \
		h ^= (uint64_t)(v);                                            \
		h *= 1099511628211ull;                                         \
	} while (0)
	MIX((uintptr_t)b);
	MIX(b->round);
	MIX(b->phase);
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		uint64_t x, y, f;
		memcpy(&x, &u->front.x, sizeof x);
		memcpy(&y, &u->front.y, sizeof y);
		memcpy(&f, &u->facing, sizeof f);
		MIX(x);
		MIX(y);
		MIX(f);
		MIX(((uint64_t)u->figures << 32) | u->flags);
		MIX(((uint64_t)u->files << 9) | ((uint64_t)u->cramped << 8) |
		    (uint64_t)u->formation);
		uint64_t m;
		memcpy(&m, &u->mv_spent, sizeof m);
		MIX(m);
		MIX(((uint64_t)(u->nocharge_side + 1) << 40) |
		    ((uint64_t)(u->nocharge_unit + 1) << 20) |
		    (uint64_t)u->fm_penalty);
	}
	/* [9.4] the individuals too: a hero or commander standing alone on
	 * the table is an obstacle to moves and charges and an enemy a unit
	 * touches (bs1e_obstacles_all, bs1e_unit_touches_figure), so his
	 * place, facing, unit and role are in the stamp as much as whether
	 * he lives (before, only alive and lost were: a cached contact or
	 * charge outlived his move within a phase) */
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_indiv_state *c = &b->indivs[k];
		uint64_t x, y, f;
		memcpy(&x, &c->pos.x, sizeof x);
		memcpy(&y, &c->pos.y, sizeof y);
		memcpy(&f, &c->facing, sizeof f);
		MIX(x);
		MIX(y);
		MIX(f);
		MIX(((uint64_t)c->alive << 1) | (uint64_t)c->lost);
		MIX(((uint64_t)(uint32_t)(c->with_unit + 1) << 32) |
		    ((uint64_t)c->role << 16) | (uint64_t)c->flags);
		MIX(((uint64_t)(uint32_t)c->hp << 32) |
		    (uint64_t)(uint32_t)c->rank);
	}
#undef MIX
	return h | 1; /* never 0, the empty slot */
}

/* An upper bound of a charge's score (dealt_frac - taken_frac, as
 * best_charge scores it) before its path is planned, from the fights
 * fa[arc] on each arc the plan may give: the most dealt less the least
 * taken. The score adds the flank threat (>= 0) to the HD taken, which
 * can only raise taken_frac (an added non-negative, a division by the
 * same HD and a subtraction all round monotonically), so score <= bound
 * exactly in floating point, not only in real numbers. A term added to
 * the score (docs/AI.md "Cost": e.g. the terrain of the place the
 * charge ends) must add its own greatest value here, or the bound stops
 * being one and the choice may change. */
static double charge_bound(const struct bs_ai_fight fa[BS_ARC__COUNT])
{
	double dealt = fa[0].dealt_frac, taken = fa[0].taken_frac;
	for (int arc = 1; arc < BS_ARC__COUNT; arc++) {
		if (fa[arc].dealt_frac > dealt)
			dealt = fa[arc].dealt_frac;
		if (fa[arc].taken_frac < taken)
			taken = fa[arc].taken_frac;
	}
	return dealt - taken;
}

/* The best favourable legal charge of (side, unit) now: the tabletop's
 * charge plan [7.14] against every enemy unit in play within reach,
 * judged by the odds. Skirmishers, individuals, routed and
 * out-of-command regular units never charge (the plan says so). */
static void best_charge(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			int side, int unit, struct charge_pick *out)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	int g = b->side_first[side] + unit;
	uint64_t stamp = ai->view_stamp;
	if (g < BS_AI_MAX_UNITS && ai->charge_stamp[g] == stamp) {
		out->tside = ai->charge[g].tside;
		out->tunit = ai->charge[g].tunit;
		out->score = ai->charge[g].score;
		out->order = ai->charge[g].order;
		return;
	}
	out->tside = out->tunit = -1;
	out->score = 0;
	if (!in_play(u) || routed(u) || is_skirmish(u) || is_mob(u) ||
	    (u->flags & BS_UF_RALLIED))
		goto done;
	/* cheap first: the enemies within 1 1/2 MV [7.14] with good odds
	 * even from the best arc, best first; only the MAX_PLANS best are
	 * planned (a plan is costly, and this keeps a phase O(n^2)) */
	int cs[MAX_PLANS], cu[MAX_PLANS], nc = 0;
	double cscore[MAX_PLANS];
	for (int es = 0; es < b->nsides; es++) {
		if (es == side)
			continue;
		for (int e = 0; e < nunits_of(b, es); e++) {
			const struct bs_unit_state *h = unit_of(b, es, e);
			if (!in_play(h))
				continue;
			/* [7.12] it stayed when this one withdrew */
			if (u->nocharge_side == es && u->nocharge_unit == e)
				continue;
			if (ucmp(ai, b, side, unit, es, e,
				 1.5 * u->r.mv + SLACK) > 0)
				continue;
			struct bs_ai_fight f;
			fight(ai, b, side, unit, es, e, BS_ARC_REAR,
			      BS_ARC_FRONT, 1, &f);
			if (!favourable(&f))
				continue;
			double sc = f.dealt_frac - f.taken_frac;
			int j = nc < MAX_PLANS ? nc++ : MAX_PLANS;
			while (j > 0 && cscore[j - 1] < sc - 1e-12) {
				if (j < MAX_PLANS) {
					cs[j] = cs[j - 1];
					cu[j] = cu[j - 1];
					cscore[j] = cscore[j - 1];
				}
				j--;
			}
			if (j < MAX_PLANS) {
				cs[j] = es;
				cu[j] = e;
				cscore[j] = sc;
			}
		}
	}
	for (int k = 0; k < nc; k++) {
		int es = cs[k], e = cu[k];
		struct bs_ai_fight f, fa[BS_ARC__COUNT];
		/* issue 13: with a best already found, a candidate whose
		 * proven bound cannot beat it is not planned (the same
		 * choice: it would be skipped below, score <= bound) */
		int bounded = out->tside >= 0;
		if (bounded) {
			for (int arc = 0; arc < BS_ARC__COUNT; arc++)
				fight(ai, b, side, unit, es, e, arc,
				      BS_ARC_FRONT, 1, &fa[arc]);
			if (charge_bound(fa) <= out->score + 1e-12 &&
			    !ai->exhaustive) {
				ai->pruned++;
				continue;
			}
		}
		struct bs_tt_charge pl;
		bs_tt_plan_charge(b, side, unit, es, e, &pl);
		if (!pl.legal)
			continue;
		if (bounded)
			f = fa[pl.arc];
		else
			fight(ai, b, side, unit, es, e, (int)pl.arc,
			      BS_ARC_FRONT, 1, &f);
		/* and what other enemies could do to it where it ends, next
		 * to the target (the target's block stands for the place) */
		f.taken_hd +=
		    flank_threat(ai, b, side, unit, es, e, qof(ai, b, es, e));
		f.taken_frac = f.taken_hd / unit_hd(u);
		if (!favourable(&f))
			continue;
		double score = f.dealt_frac - f.taken_frac;
		if (out->tside >= 0 && score <= out->score + 1e-12)
			continue;
		/* the rules check the order as declared */
		struct end_state end;
		if (!try_order(ai, b, side, unit, &pl.order, &end))
			continue;
		out->tside = es;
		out->tunit = e;
		out->score = score;
		out->order = pl.order;
	}
done:
	if (g < BS_AI_MAX_UNITS) {
		ai->charge_stamp[g] = stamp;
		ai->charge[g].tside = out->tside;
		ai->charge[g].tunit = out->tunit;
		ai->charge[g].score = out->score;
		ai->charge[g].order = out->order;
	}
}

/* A quick look, without planning paths: the best odds (dealt less taken,
 * striking the front) of a charge on an enemy in play within 1 1/2 MV
 * [7.14]; -1 when there is none worth planning. For who moves first
 * [1.4] and the order of moving [7.0]; the charge itself is planned when
 * the unit moves. */
static double charge_prospect(struct bs_ai_doctrine *ai,
			      const struct bs_battle *b, int side, int unit)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	double best = -1;
	if (!in_play(u) || routed(u) || is_skirmish(u) || is_mob(u) ||
	    (u->flags & BS_UF_RALLIED) || out_of_command(u) ||
	    engaged(ai, b, side, unit) ||
	    bs_ai_missile_troop(b, side, unit)) /* issue 14: never charge */
		return -1;
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < nunits_of(b, es); e++) {
			if (!in_play(unit_of(b, es, e)) || !foe(b, side, es, e))
				continue;
			if (dist_outside(qof(ai, b, side, unit),
					 qof(ai, b, es, e),
					 2.0 * u->r.mv / 3.0 - SLACK,
					 1.5 * u->r.mv + SLACK))
				continue;
			struct bs_ai_fight f;
			fight(ai, b, side, unit, es, e, BS_ARC_FRONT,
			      BS_ARC_FRONT, 1, &f);
			if (favourable(&f) &&
			    f.dealt_frac - f.taken_frac > best)
				best = f.dealt_frac - f.taken_frac;
		}
	return best;
}

/* ---- the reserve -----------------------------------------------------------
 */

/* The side's reserve: with three or more regular units, the one deployed
 * furthest back, then the one with the fewest hit dice, then the last
 * listed. -1 when none. A function of the scenario (computed once). */
static int reserve_unit(const struct bs_battle *b, int side)
{
	int n = 0, best = -1;
	double bp = 0, bhd = 0;
	for (int i = 0; i < nunits_of(b, side); i++) {
		const struct bs_unit_state *u = unit_of(b, side, i);
		if (is_mob(u) || is_skirmish(u))
			continue;
		n++;
		struct bs_vec at = {u->def->x, u->def->y};
		double p = progress(b, side, at);
		double hd = (double)u->original * u->r.hd_fig;
		if (best < 0 || p < bp - 1e-9 ||
		    (fabs(p - bp) <= 1e-9 && hd <= bhd)) {
			best = i;
			bp = p;
			bhd = hd;
		}
	}
	return n >= 3 ? best : -1;
}

/* The reserve holds until a friend is engaged, routs, has lost figures or
 * left the table, or an enemy could reach the reserve next round. */
static int reserve_holds(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			 int side, int unit)
{
	bind(ai, b);
	if (ai->reserve[side] != unit)
		return 0;
	for (int i = 0; i < nunits_of(b, side); i++) {
		const struct bs_unit_state *f = unit_of(b, side, i);
		if (i == unit)
			continue;
		if (!in_play(f) || routed(f) || f->figures < f->original ||
		    engaged(ai, b, side, i))
			return 0;
	}
	const struct bs_unit_state *u = unit_of(b, side, unit);
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < nunits_of(b, es); e++) {
			const struct bs_unit_state *h = unit_of(b, es, e);
			if (!in_play(h) || routed(h) || !foe(b, side, es, e))
				continue;
			double reach = 1.5 * h->r.mv + u->r.mv;
			if (ucmp(ai, b, side, unit, es, e, reach) <= 0)
				return 0;
		}
	return 1;
}

/* ---- movement [7.6]-[7.13] --------------------------------------------------
 */

/* The battle line: the least progress of the side's other units that
 * advance with it (not the held reserve, mobs, skirmishers, routed or
 * engaged units), those still to move counted MV ahead. */
static double line_progress(struct bs_ai_doctrine *ai,
			    const struct bs_battle *b, int side, int self)
{
	double lo = HUGE_VAL;
	int held = ai->reserve[side];
	if (held >= 0 && !reserve_holds(ai, b, side, held))
		held = -1;
	for (int i = 0; i < nunits_of(b, side); i++) {
		const struct bs_unit_state *f = unit_of(b, side, i);
		if (i == self || i == held || !in_play(f) || routed(f) ||
		    is_mob(f) || is_skirmish(f) || engaged(ai, b, side, i))
			continue;
		/* a friend still to move this phase may come up by its MV */
		double p = progress(b, side, f->front);
		if (!(f->flags & BS_UF_MOVED))
			p += f->r.mv;
		if (p < lo)
			lo = p;
	}
	return lo;
}

/* The enemy a unit advances on: one that could charge its flank or rear
 * next round (the nearest such: it turns to face it), else the nearest in
 * play that has not routed, one it would fight at bad odds counting half
 * again as far, else the nearest routed one. Returns 0 when there is
 * none. */
static int pick_target(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		       int side, int unit, int *tside, int *tunit)
{
	struct bs_quad q = *qof(ai, b, side, unit);
	double best = HUGE_VAL, threat = HUGE_VAL;
	int ts = -1, tu = -1, hs = -1, hu = -1, rs = -1, ru = -1;
	double rbest = HUGE_VAL;
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < nunits_of(b, es); e++) {
			const struct bs_unit_state *h = unit_of(b, es, e);
			if (!in_play(h) || !foe(b, side, es, e))
				continue;
			/* a lower bound of d first: a unit that cannot be
			 * nearer than the best so far (nor a threat) is
			 * passed over, as d would pass it */
			double lb =
			    box_lb(qbox(ai, b, side, unit), qbox(ai, b, es, e));
			if (routed(h) ? lb >= rbest
				      : lb >= best &&
					    (is_skirmish(h) || lb >= threat ||
					     lb > 1.5 * h->r.mv + 1.0))
				continue;
			double d = udist(ai, b, side, unit, es, e);
			if (routed(h)) {
				if (d < rbest) {
					rbest = d;
					rs = es;
					ru = e;
				}
				continue;
			}
			/* protect the flanks: an enemy that can charge our
			 * flank or rear next round is faced first */
			struct bs_vec hc = ucentre(ai, b, es, e);
			if (!is_skirmish(h) && d <= 1.5 * h->r.mv + 1.0 &&
			    bs_tt_arc_from(&q, hc, NULL) != BS_ARC_FRONT &&
			    d < threat) {
				threat = d;
				hs = es;
				hu = e;
			}
			struct bs_ai_fight f;
			fight(ai, b, side, unit, es, e, BS_ARC_FRONT,
			      BS_ARC_FRONT, 1, &f);
			double w = favourable(&f) ? d : 1.5 * d;
			if (w < best) {
				best = w;
				ts = es;
				tu = e;
			}
		}
	if (hs >= 0) {
		ts = hs;
		tu = hu;
	}
	if (ts < 0) {
		ts = rs;
		tu = ru;
	}
	*tside = ts;
	*tunit = tu;
	return ts >= 0;
}

/* How exposed a unit at quad q would be: what the enemies in play that
 * could charge it there next [7.14] would gain by it, the sum of their
 * expected fraction destroyed less the fraction they lose (counted when
 * positive), each from the arc its centre faces (a flank or rear charge
 * [8.3] gains more). */
static double exposure(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		       int side, int unit, const struct bs_quad *q)
{
	double gain = 0;
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < nunits_of(b, es); e++) {
			const struct bs_unit_state *h = unit_of(b, es, e);
			if (!in_play(h) || routed(h) || is_skirmish(h) ||
			    !foe(b, side, es, e))
				continue;
			struct bs_quad hq = *qof(ai, b, es, e);
			/* [7.14] within 1 1/2 MV, and at least 2/3 MV away
			 * (RULING R-108 of the tabletop) */
			if (dist_outside(q, &hq, 2.0 * h->r.mv / 3.0 - SLACK,
					 1.5 * h->r.mv + SLACK))
				continue;
			int arc =
			    (int)bs_tt_arc_from(q, bs_quad_centre(&hq), NULL);
			struct bs_ai_fight f;
			fight(ai, b, es, e, side, unit, arc, BS_ARC_FRONT, 1,
			      &f);
			if (f.dealt_frac > f.taken_frac)
				gain += f.dealt_frac - f.taken_frac;
		}
	return gain;
}

/* The exposure a unit accepts [docs/AI.md "patience"]: ACCEPT, and more
 * as rounds go by without a decision, so that two cautious lines still
 * close in the end. */
static double acceptable(const struct bs_battle *b)
{
	int late = b->round - PATIENCE;
	return ACCEPT + (late > 0 ? ACCEPT_STEP * late : 0);
}

/* 1 when the end state keeps the unit in command: a unit kept in command
 * by another commander than its own (its own lost) must stay within his
 * radius [4.7] [4.10]. */
static int keeps_command(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			 int side, int unit, const struct end_state *es)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	if (is_mob(u) || is_skirmish(u) || out_of_command(u) || u->cmd_by < 0)
		return 1;
	const struct bs_indiv_state *c = indiv_of(b, side, u->cmd_by);
	if (c->with_unit == unit)
		return 1; /* he moves with the unit [9.2] */
	return bs_tt_all_within(&es->shape, &es->oc.pose,
				indiv_pos(ai, b, side, u->cmd_by), c->cr);
}

static void set_hold(struct bs_order *o)
{
	memset(o, 0, sizeof *o);
	o->kind = BS_ORDER_HOLD;
	o->tside = o->tunit = -1;
}

static void add_step(struct bs_order *o, enum bs_step_kind k, double dist,
		     double angle)
{
	if (o->nsteps >= BS_ORDER_MAX_STEPS)
		return;
	struct bs_step *s = &o->step[o->nsteps++];
	memset(s, 0, sizeof *s);
	s->kind = k;
	s->dist = dist;
	s->angle = angle;
}

/* [7.12] / [8.8] a unit in contact at the start of its Movement Phase
 * [7.8]: fight on, withdraw or flee. */
static void engaged_order(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			  int side, int unit, struct bs_order *o)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	double taken = 0, best_dealt = 0;
	int enemies = 0;
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < nunits_of(b, es); e++) {
			const struct bs_unit_state *h = unit_of(b, es, e);
			if (!in_play(h) || !foe(b, side, es, e) ||
			    !ucontact(ai, b, side, unit, es, e, NULL))
				continue;
			enemies++;
			struct bs_ai_fight f;
			fight(ai, b, side, unit, es, e,
			      (int)uarc(ai, b, side, unit, es, e),
			      (int)uarc(ai, b, es, e, side, unit), 0, &f);
			taken += f.taken_hd;
			if (f.dealt_frac > best_dealt)
				best_dealt = f.dealt_frac;
		}
	set_hold(o);
	if (!enemies)
		return;
	double taken_frac = taken / unit_hd(u);
	int extra = u->r.hd_fig > 0 ? (int)(taken / u->r.hd_fig) : 0;
	int low = morale_estimate(u, extra) <= LOW_ML;
	double ratio = taken_frac / (best_dealt > 1e-9 ? best_dealt : 1e-9);
	if (!low || taken_frac < MIN_BITE || ratio < HOPELESS)
		return; /* fight on */
	/* only a move that gets the unit out of contact is worth it: a
	 * withdrawal first (the enemy may follow, but it gets no free
	 * attack, and the unit falls back on its friends), a flight only
	 * when that cannot be and the odds are three to one against */
	struct bs_order w;
	set_hold(&w);
	w.kind = BS_ORDER_WITHDRAW;
	struct end_state es;
	if (try_order(ai, b, side, unit, &w, &es) && !es.oc.contact) {
		*o = w; /* [7.12] */
		return;
	}
	if (ratio >= FLEE_HOPELESS) {
		struct bs_order fl;
		set_hold(&fl);
		fl.kind = BS_ORDER_FLEE;
		if (try_order(ai, b, side, unit, &fl, &es) && !es.oc.contact &&
		    es.oc.spent > 1.0)
			*o = fl; /* [8.8] */
	}
}

/* 1 when a unit at quad q would stand closer than ROOM to a friendly
 * unit it is not that close to now: friends that touch block each
 * other's moves [7.8], so the line keeps a little room between units. */
static int crowds_friends(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			  int side, int unit, const struct bs_quad *q)
{
	struct bs_quad now = *qof(ai, b, side, unit);
	for (int i = 0; i < nunits_of(b, side); i++) {
		if (i == unit || !in_play(unit_of(b, side, i)))
			continue;
		struct bs_quad f = *qof(ai, b, side, i);
		/* d < ROOM first (early exits), then d itself */
		if (bs_quad_dist_cmp(q, &f, ROOM) < 0 &&
		    bs_quad_dist(q, &f) < bs_quad_dist(&now, &f) - 1e-9)
			return 1;
	}
	return 0;
}

/* issue 14: 1 when candidate c has a wheel [7.9] and its simulated end
 * faces as the unit does now (within the 1 degree the doctrine never
 * wheels less than): something (a unit in the way, the ground) stops the
 * wheel at once, and whatever else it does (a formation change, an
 * advance) is not the turn the candidate stands for. */
static const char wheel_stopped_why[] =
    "does not wheel toward its target: the wheel is stopped at once (a "
    "unit in the way or the ground) [7.9]";
static int wheel_stopped(const struct bs_order *c,
			 const struct bs_unit_state *u,
			 const struct end_state *es)
{
	for (int i = 0; i < c->nsteps; i++)
		if (c->step[i].kind == BS_STEP_WHEEL)
			return fabs(bs_angle_diff(u->facing,
						  es->oc.pose.facing)) < 1.0;
	return 0;
}

/* The longest advance of `full` inches (or a fraction of it) at `angle`
 * after the steps of `base` that the rules allow and the doctrine
 * accepts: within the line's limit p_cap, in command, no contact unless
 * into a favourable fight, exposure at most `accept`; one that would not
 * move the unit at all is no candidate. 1 with *out and *dist (from the
 * target quad tq) set, or 0. */
static int advance_candidate(struct bs_ai_doctrine *ai,
			     const struct bs_battle *b, int side, int unit,
			     const struct bs_order *base, double full,
			     double angle, double p_cap, double accept,
			     const struct bs_quad *tq, double base_cost,
			     int strict, const char **refused,
			     struct bs_order *out, double *dist, int *whole)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	for (int i = 0; i <= NFRAC; i++) {
		struct bs_order c = *base;
		double d = i < NFRAC ? full * advance_frac[i] : 0;
		if (d > SLACK)
			add_step(&c, BS_STEP_ADVANCE, d, angle);
		else if (i < NFRAC)
			continue;
		if (c.nsteps == 0)
			return 0;
		struct end_state es;
		if (!try_order(ai, b, side, unit, &c, &es))
			continue;
		if (wheel_stopped(&c, u, &es)) {
			/* the wheel would not turn: not this candidate (a
			 * `wheel: 0"`, or another step standing for it) */
			*refused = wheel_stopped_why;
			continue;
		}
		if (bs_vec_dist(es.oc.pose.front, u->front) < 0.1 &&
		    fabs(bs_angle_diff(u->facing, es.oc.pose.facing)) < 0.5 &&
		    es.oc.formation == u->formation)
			continue; /* it would not move */
		if (d > SLACK && c.nsteps > 1 &&
		    es.oc.spent < base_cost + 0.1 * d + SLACK) {
			/* blocked at once: the turn alone (the same end) */
			c.nsteps--;
			d = 0;
		}
		if (d > SLACK &&
		    progress(b, side, es.oc.pose.front) > p_cap + SLACK)
			continue;
		if (!keeps_command(ai, b, side, unit, &es))
			continue;
		if (crowds_friends(ai, b, side, unit, &es.quad))
			continue;
		if (es.oc.contact && es.oc.contact_unit >= 0) {
			/* a plain move into contact [7.8] only into a fight
			 * the odds favour (a hero or commander standing
			 * alone, [9.4 A], it may always close with: one of
			 * its figures fights him, none of his blows kills) */
			struct bs_ai_fight f;
			int cs = es.oc.contact_side, cu = es.oc.contact_unit;
			struct bs_quad cq = *qof(ai, b, cs, cu);
			int arc = (int)bs_tt_arc_from(
			    &cq, bs_quad_centre(&es.quad), NULL);
			fight(ai, b, side, unit, cs, cu, arc, BS_ARC_FRONT, 0,
			      &f);
			if (!favourable(&f))
				continue;
		}
		if (exposure(ai, b, side, unit, &es.quad) > accept + 1e-9)
			continue;
		/* issue 14: the ground (doctrine_terrain.c, RULING R-466);
		 * without terrain in play it refuses nothing */
		const char *tw = NULL;
		int tr = bs_ai_terrain_refuse(ai, b, side, unit, &es.oc,
					      &es.quad, accept, &tw);
		if (tr > (strict ? 0 : BS_AI_TERRAIN_SOFT)) {
			*refused = tw;
			continue;
		}
		*out = c;
		*dist = bs_quad_dist(&es.quad, tq);
		*whole = i == 0 && d > 0; /* the whole advance would do */
		return 1;
	}
	return 0;
}

/* An advance toward the target (tside, tunit) within the unit's MV: a
 * turn (wheel [7.9], or about face for an enemy behind) when the target
 * lies more than 45 degrees off the facing, then an advance straight or
 * oblique up to 45 degrees [7.9]; the longest that keeps the battle line
 * (LEAD), command [4.7], does not end in an unwanted contact [7.8] and is
 * no more exposed to enemy charges than the unit stands now. */
static void advance_pass(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			 int side, int unit, int tside, int tunit,
			 struct bs_order *o, double cap, int strict,
			 const char **refused)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	struct bs_tt_shape sh;
	bs_tt_unit_shape(b, side, unit, &sh);
	double mv = u->mv_allowed > 0 ? u->mv_allowed : u->r.mv;
	mv -= u->mv_spent;
	/* issue 14: missile troops keep a shot (Table 12) */
	if (mv > cap)
		mv = cap;
	set_hold(o);
	if (mv <= SLACK)
		return;
	struct bs_vec tc = ucentre(ai, b, tside, tunit);
	struct bs_quad tq = *qof(ai, b, tside, tunit);
	/* issue 14: around water and obstacles (RULING R-465): toward the
	 * first corner of the way around, measured to it */
	const char *route = NULL;
	if (bs_ai_terrain_route(b, side, unit, tside, tunit, tc, &tc, &route))
		for (int k = 0; k < 4; k++)
			tq.p[k] = bs_vec_add(
			    tc, bs_vec_scale(bs_dir(90.0 * k + 45.0), 0.05));
	double bearing = bs_facing_of(bs_vec_sub(tc, u->front));
	double rel = bs_angle_diff(u->facing, bearing);

	/* where the unit stands now, to compare */
	struct bs_quad now = *qof(ai, b, side, unit);
	double exposed_now = exposure(ai, b, side, unit, &now);
	double accept = acceptable(b);
	/* issue 14: missile troops keep out of melee: no more exposed to
	 * charges than they stand */
	if (accept < exposed_now || bs_ai_missile_troop(b, side, unit))
		accept = exposed_now;
	double line = line_progress(ai, b, side, unit);
	double p_now = progress(b, side, u->front);
	double p_cap = line + LEAD;
	if (p_cap < p_now)
		p_cap = p_now;

	/* the turn first (when the target lies more than 45 degrees off),
	 * then, if nothing with the turn will do, no turn */
	for (int turn = 1; turn >= 0; turn--) {
		struct bs_order base;
		set_hold(&base);
		base.kind = BS_ORDER_MOVE;
		double left = mv, after = rel;
		if (u->formation == BS_FORM_OPEN && !out_of_command(u) &&
		    u->def->type != BS_UNIT_BERSERKER && !is_skirmish(u)) {
			/* [7.6] back into closed formation (1/3 MV) [4.7] */
			struct bs_step *st = &base.step[base.nsteps++];
			memset(st, 0, sizeof *st);
			st->kind = BS_STEP_FORMATION;
			st->formation = BS_FORM_CLOSED;
			left -= u->r.mv / 3.0;
		}
		if (!turn) {
			/* no turn */
		} else if (fabs(rel) > 135 && left >= u->r.mv / 2.0 + SLACK &&
			   u->formation != BS_FORM_SKIRMISH) {
			add_step(&base, BS_STEP_FACE, 0, 180); /* [7.9] */
			left -= bs_tt_face_cost(180, u->r.mv);
			after = bs_angle_diff(0, rel - 180);
		} else if (fabs(rel) > 45) {
			/* [7.9] wheel: the outermost figure's arc */
			double want = rel;
			double cost = bs_tt_wheel_cost(&sh, want);
			if (cost > left - SLACK && cost > 0)
				want = want * (left - SLACK) / cost;
			if (fabs(want) >= 1.0) {
				add_step(&base, BS_STEP_WHEEL, 0, want);
				left -= bs_tt_wheel_cost(&sh, want);
				after = rel - want;
			}
		} else {
			continue; /* no turn needed: the no-turn pass */
		}
		if (left < 0)
			left = 0;
		double angle = after > 45 ? 45 : after < -45 ? -45 : after;
		/* the advance that reaches the line's limit (along the facing
		 * after the turn, at the oblique angle) */
		double full = left - SLACK;
		double gain =
		    cos(bs_angle_diff(bs_edge_facing(b->sc->sides[side].edge),
				      u->facing + (rel - after) + angle) *
			PI / 180.0);
		if (gain > 1e-6 && p_now + full * gain > p_cap)
			full = (p_cap - p_now) / gain;
		if (full < 0)
			full = 0;
		/* straight at the target (within 45 degrees), or 45 degrees
		 * either side of that when friends are in the way: the
		 * candidate that ends nearest the target */
		double angles[3] = {angle, angle + 45, angle - 45};
		double best = HUGE_VAL;
		int found = 0;
		/* (a wheel is costly to simulate: with one, straight on only)
		 */
		int nangles = base.nsteps > 0 ? 1 : 3;
		for (int a = 0; a < nangles; a++) {
			if (angles[a] > 45.0 + 1e-9 || angles[a] < -45.0 - 1e-9)
				continue;
			struct bs_order c;
			double d;
			int whole;
			if (!advance_candidate(ai, b, side, unit, &base, full,
					       angles[a], p_cap, accept, &tq,
					       mv - left, strict, refused, &c,
					       &d, &whole))
				continue;
			if (!found || d < best - SLACK) {
				*o = c;
				best = d;
				found = 1;
			}
			if (a == 0 && whole)
				break; /* unobstructed: no need to look aside */
		}
		if (found) {
			o->why = route;
			return;
		}
	}
}

/* The advance, with terrain in play first only among the advances the
 * ground does not refuse at all, then among those it refuses softly
 * (RULING R-466); a hold the ground asked for says so. */
static void advance_order(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			  int side, int unit, int tside, int tunit,
			  struct bs_order *o, double cap)
{
	const char *refused = NULL;
	if (bs_ai_terrain(b)) {
		advance_pass(ai, b, side, unit, tside, tunit, o, cap, 1,
			     &refused);
		if (o->kind != BS_ORDER_HOLD)
			return;
	}
	advance_pass(ai, b, side, unit, tside, tunit, o, cap, 0, &refused);
	if (o->kind == BS_ORDER_HOLD && !o->why)
		o->why = refused;
}

/* issue 14: the doctrine's limits for doctrine_terrain.c's waiting
 * positions, as advance_order sets them. */
void bs_ai_wait_limits(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		       int side, int unit, struct bs_ai_wait_limits *lim)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	/* the same view as the move callback's (the stamp of this state) */
	bind(ai, b);
	look(ai, b);
	struct bs_quad now = *qof(ai, b, side, unit);
	double exposed_now = exposure(ai, b, side, unit, &now);
	lim->accept = acceptable(b);
	if (lim->accept < exposed_now || bs_ai_missile_troop(b, side, unit))
		lim->accept = exposed_now;
	double p_now = progress(b, side, u->front);
	lim->p_cap = line_progress(ai, b, side, unit) + LEAD;
	if (lim->p_cap < p_now)
		lim->p_cap = p_now;
}

int bs_ai_wait_ok(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		  int side, int unit, const struct bs_order *c,
		  const struct bs_ai_wait_limits *lim, struct bs_tt_outcome *oc,
		  struct bs_quad *end)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	struct end_state es;
	if (!try_order(ai, b, side, unit, c, &es) || es.oc.contact)
		return 0;
	if (bs_vec_dist(es.oc.pose.front, u->front) < 0.1)
		return 0; /* it would not move */
	if (progress(b, side, es.oc.pose.front) > lim->p_cap + SLACK &&
	    progress(b, side, es.oc.pose.front) >
		progress(b, side, u->front) + SLACK)
		return 0;
	if (!keeps_command(ai, b, side, unit, &es) ||
	    crowds_friends(ai, b, side, unit, &es.quad) ||
	    exposure(ai, b, side, unit, &es.quad) > lim->accept + 1e-9)
		return 0;
	*oc = es.oc;
	*end = es.quad;
	return 1;
}

/* The order of one unit (the controller's move callback). */
/* ---- the Intermediate Game's special formations [11.6] [11.7]
 * ----------------------------------------------------------------------
 */

/* The edge of block q that faces point p (enum bs_side_edge): the one p
 * lies furthest outside of (corners counter-clockwise, geom.h). */
static int edge_facing(const struct bs_quad *q, struct bs_vec p)
{
	/* the edges in enum bs_side_edge order: front 3->0, left 0->1,
	 * rear 1->2, right 2->3 */
	static const int from[4] = {3, 0, 1, 2}, to[4] = {0, 1, 2, 3};
	int best = BS_EDGE_FRONT;
	double out = -1e300;
	for (int e = 0; e < 4; e++) {
		struct bs_vec a = q->p[from[e]], d = bs_vec_sub(q->p[to[e]], a);
		double len = sqrt(bs_vec_dot(d, d));
		if (len <= 0)
			continue;
		/* outside a counter-clockwise edge: to its right */
		double o = -bs_vec_cross(d, bs_vec_sub(p, a)) / len;
		if (o > out) {
			out = o;
			best = e;
		}
	}
	return best;
}

/* An enemy unit that could act against us next: in play, not routed
 * and not held in a melee of its own. */
static int free_enemy(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		      int s, int i)
{
	const struct bs_unit_state *e = unit_of(b, s, i);
	return in_play(e) && !routed(e) && !engaged(ai, b, s, i);
}

/* The sides of (side, unit) (bits of enum bs_side_edge) that enemy
 * cavalry or chariots could charge next Movement Phase: within their
 * charge reach, 1 1/2 MV (RULING R-108). 0 when none. */
static unsigned mounted_threat(struct bs_ai_doctrine *ai,
			       const struct bs_battle *b, int side, int unit)
{
	unsigned sides = 0;
	for (int s = 0; s < b->nsides; s++)
		for (int i = 0; s != side && i < nunits_of(b, s); i++) {
			const struct bs_unit_state *e = unit_of(b, s, i);
			if (!free_enemy(ai, b, s, i) ||
			    (!e->def->mount && !e->def->chariot.puller))
				continue;
			if (udist(ai, b, side, unit, s, i) >
			    1.5 * e->r.mv + SLACK)
				continue;
			sides |= BS_SIDE_BIT(edge_facing(qof(ai, b, side, unit),
							 ucentre(ai, b, s, i)));
		}
	return sides;
}

/* 1 when an enemy unit with missiles could shoot at (side, unit) next
 * round: within its long range [10.2] plus its MV. */
static int missile_threat(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			  int side, int unit)
{
	for (int s = 0; s < b->nsides; s++)
		for (int i = 0; s != side && i < nunits_of(b, s); i++) {
			const struct bs_unit_state *e = unit_of(b, s, i);
			if (!free_enemy(ai, b, s, i))
				continue;
			int range = 0;
			for (int w = 0; w < e->def->nweapons; w++)
				if (e->def->weapons[w].weapon &&
				    e->def->weapons[w].weapon->range_l > range)
					range =
					    e->def->weapons[w].weapon->range_l;
			if (range > 0 && udist(ai, b, side, unit, s, i) <=
					     range + e->r.mv + SLACK)
				return 1;
		}
	return 0;
}

/* Order o of (side, unit) with the declaration of special formation
 * `special` (sides for set spears); 1 when legal, o changed. */
static int try_declare(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		       int side, int unit, struct bs_order *o, int special,
		       unsigned sides)
{
	struct bs_order c = *o;
	struct end_state es;
	c.declares = 1;
	c.special = (enum bs_special)special;
	c.sides = sides;
	if (!try_order(ai, b, side, unit, &c, &es))
		return 0;
	*o = c;
	return 1;
}

/* RULING R-548: the doctrine's special formations, from the Intermediate
 * Game on, for the order o chosen for (side, unit) (not in contact): a
 * unit with spears or pikes in hand sets them [11.7] on the sides enemy
 * cavalry or chariots could charge next (front alone when all of them
 * cannot be set), rather than move, unless it charges itself; a unit
 * with large shields (and no spears to set) forms a shield wall [11.6]
 * while enemy missiles can reach it or enemy cavalry or chariots could
 * charge it, at 1/2 MV (the advance halved, else a hold), unless it
 * charges or force-marches; a unit in a special formation that no longer
 * needs it gives it up (free, RULING R-539) with the order that moves
 * it. Every order is checked with the rules (try_order). */
static void special_order(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			  int side, int unit, struct bs_order *o)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	if (b->sc->level == BS_LEVEL_BASIC) /* [Part 3] (RULING R-547) */
		return;
	int charges = o->kind == BS_ORDER_CHARGE;
	unsigned sides = charges ? 0 : mounted_threat(ai, b, side, unit);
	if (sides && u->r.set_spear) {
		if (u->special == BS_SPECIAL_SET_SPEARS &&
		    (u->special_sides & sides) == sides) {
			set_hold(o); /* it stays set */
			return;
		}
		struct bs_order c;
		set_hold(&c);
		if (try_declare(ai, b, side, unit, &c, BS_SPECIAL_SET_SPEARS,
				sides) ||
		    ((sides & BS_SIDE_BIT(BS_EDGE_FRONT)) &&
		     try_declare(ai, b, side, unit, &c, BS_SPECIAL_SET_SPEARS,
				 BS_SIDE_BIT(BS_EDGE_FRONT)))) {
			*o = c;
			return;
		}
	}
	if (u->def->large_shield && !charges &&
	    o->kind != BS_ORDER_FORCED_MARCH &&
	    (sides || missile_threat(ai, b, side, unit))) {
		/* declared, or kept (declared again: no cost), with the
		 * order as it is if it fits 1/2 MV */
		struct bs_order c = *o;
		if (try_declare(ai, b, side, unit, &c, BS_SPECIAL_SHIELD_WALL,
				0)) {
			*o = c;
			return;
		}
		for (int i = 0; i < c.nsteps; i++)
			if (c.step[i].kind == BS_STEP_ADVANCE)
				c.step[i].dist *= 0.5;
		if (try_declare(ai, b, side, unit, &c, BS_SPECIAL_SHIELD_WALL,
				0)) {
			*o = c;
			return;
		}
		set_hold(&c);
		if (try_declare(ai, b, side, unit, &c, BS_SPECIAL_SHIELD_WALL,
				0)) {
			*o = c;
			return;
		}
	}
	/* no longer needed: given up when the order moves the unit */
	if (u->special != BS_SPECIAL_NONE &&
	    (o->kind != BS_ORDER_HOLD || o->nsteps > 0))
		try_declare(ai, b, side, unit, o, BS_SPECIAL_NONE, 0);
}

static void unit_order(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		       int side, int unit, struct bs_order *o)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	set_hold(o);
	/* routed units rout [6.4] [7.15], rallied ones may not move [6.3],
	 * mobs follow their last order [2.10], out of command units in
	 * closed formation may not move [4.7] */
	if (!in_play(u) || routed(u) || is_mob(u))
		return;
	if (u->flags & BS_UF_RALLIED) {
		/* [6.3] "the unit may change formation" */
		if (u->formation == BS_FORM_OPEN && !out_of_command(u) &&
		    u->def->type != BS_UNIT_BERSERKER) {
			struct bs_order c;
			set_hold(&c);
			c.kind = BS_ORDER_MOVE;
			c.nsteps = 1;
			c.step[0].kind = BS_STEP_FORMATION;
			c.step[0].formation = BS_FORM_CLOSED;
			struct end_state es;
			if (try_order(ai, b, side, unit, &c, &es))
				*o = c;
		}
		return;
	}
	if (u->flags & (BS_UF_CONTACT_AT_START | BS_UF_PINNED) ||
	    engaged(ai, b, side, unit)) {
		engaged_order(ai, b, side, unit, o);
		return;
	}
	if (out_of_command(u) && u->formation == BS_FORM_CLOSED)
		return;
	/* issue 14: missile troops stand and shoot, keep a shot, never
	 * charge (doctrine_fire.c) */
	double cap = HUGE_VAL;
	const char *why = NULL;
	int troop = bs_ai_missile_troop(b, side, unit);
	if (troop && bs_ai_missile_order(ai, b, side, unit, o, &cap, &why))
		return;
	/* issue 14: no enemy in range yet: while the doctrine waits, it
	 * stands in cover, or steps up to it (doctrine_terrain.c, RULING
	 * */
	if (troop && b->round <= PATIENCE && bs_ai_terrain(b) &&
	    bs_ai_missile_cover(ai, b, side, unit, cap, o))
		return;
	struct charge_pick cp;
	cp.tside = -1;
	if (!troop)
		best_charge(ai, b, side, unit, &cp);
	int ts, tu;
	if (cp.tside >= 0) {
		*o = cp.order; /* [7.14] */
	} else if (!reserve_holds(ai, b, side, unit) &&
		   pick_target(ai, b, side, unit, &ts, &tu)) {
		advance_order(ai, b, side, unit, ts, tu, o, cap);
		if (troop && o->kind != BS_ORDER_HOLD && !o->why)
			o->why = why;
	}
	/* issue 14: a melee unit that holds waits in cover or on higher
	 * ground (doctrine_terrain.c, RULING R-467) */
	if (!troop && bs_ai_terrain(b))
		bs_ai_terrain_wait(ai, b, side, unit, o);
	/* [11.6] [11.7] set spears or a shield wall, as the threats ask */
	special_order(ai, b, side, unit, o);
}

/* ---- the Rally Phase [6.0]-[6.7] [2.10]
 * --------------------------------------
 */

/* [2.10] the order a mob gets: charge an enemy in its charge reach [7.14],
 * else wheel (up to 90 degrees) to face the nearest enemy, else forward. */
static void mob_order(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		      int side, int unit, enum bs_mob_order *mo, double *angle)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	double best = HUGE_VAL;
	int ts = -1, tu = -1;
	*mo = BS_MOB_FORWARD;
	*angle = 0;
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < nunits_of(b, es); e++) {
			const struct bs_unit_state *h = unit_of(b, es, e);
			if (!in_play(h))
				continue;
			struct bs_tt_charge pl;
			bs_tt_plan_charge(b, side, unit, es, e, &pl);
			if (pl.legal) {
				*mo = BS_MOB_CHARGE;
				return;
			}
			double d = udist(ai, b, side, unit, es, e);
			if (!routed(h) && d < best) {
				best = d;
				ts = es;
				tu = e;
			}
		}
	if (ts < 0)
		return;
	struct bs_vec tc = ucentre(ai, b, ts, tu);
	double rel =
	    bs_angle_diff(u->facing, bs_facing_of(bs_vec_sub(tc, u->front)));
	if (fabs(rel) > 30) {
		*mo = BS_MOB_WHEEL;
		*angle = rel > 90 ? 90 : rel < -90 ? -90 : rel;
	}
}

/* Commanders of the side who may act on the unit now, lowest rank first
 * (a unit's own commander before the brigade's before the army's). */
static int pick_commander(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			  int side, int unit, int what,
			  const unsigned char *lost, const unsigned char *used)
{
	const struct bs_side *sd = &b->sc->sides[side];
	int best = -1, brank = 0;
	for (int k = 0; k < sd->nindividuals; k++) {
		const struct bs_indiv_state *c = indiv_of(b, side, k);
		if (used[k] || !commander_ok(c))
			continue;
		(void)lost;
		int ok = bs1e_authority_now(b, side, k, unit,
					    what == 0	? BS1E_ACT_RALLY
					    : what == 1 ? BS1E_ACT_ORDER_MOB
							: BS1E_ACT_COMMAND);
		if (!ok)
			continue;
		/* [6.1] every figure within his command radius */
		if (!bs_tt_unit_within(b, side, unit, indiv_pos(ai, b, side, k),
				       c->cr))
			continue;
		int rank = (int)sd->individuals[k].rank;
		if (best < 0 || rank < brank) {
			best = k;
			brank = rank;
		}
	}
	return best;
}

static int rally_cb(void *ctx, const struct bs_battle *b, int side,
		    struct bs_rally_order *out, int max)
{
	struct bs_ai_doctrine *ai = ctx;
	look(ai, b);
	unsigned char lost[BS_MAX_INDIVIDUALS], used[BS_MAX_INDIVIDUALS];
	lost_of(b, side, lost);
	memset(used, 0, sizeof used);
	int n = 0;
	/* routed units first, then mobs' orders, then out of command
	 * units [6.0] */
	for (int pass = 0; pass < 3; pass++)
		for (int i = 0; i < nunits_of(b, side) && n < max; i++) {
			const struct bs_unit_state *u = unit_of(b, side, i);
			if (!in_play(u) || engaged(ai, b, side, i))
				continue; /* [6.1] not in contact */
			int what;
			if (pass == 0 && routed(u))
				what = 0;
			else if (pass == 1 && is_mob(u) && !routed(u))
				what = 1;
			else if (pass == 2 && !routed(u) && !is_mob(u) &&
				 !is_skirmish(u) &&
				 (u->flags &
				  (BS_UF_OUT_OF_COMMAND | BS_UF_DISC_FAILED)))
				what = 2;
			else
				continue;
			/* [4.6] no commander takes back a unit on its
			 * uncontrolled attack (nor orders such a mob) */
			if (!routed(u) && bs_tt_uncontrolled_attack(b, side, i))
				continue;
			int k =
			    pick_commander(ai, b, side, i, what, lost, used);
			if (k < 0)
				continue;
			used[k] = 1;
			struct bs_rally_order *r = &out[n++];
			memset(r, 0, sizeof *r);
			r->indiv = k;
			r->unit = i;
			r->mob_order = BS_MOB_NONE;
			/* RULING R-143 [2.10] an order every Rally Phase,
			 * the same one again or a new one */
			if (what == 1)
				mob_order(ai, b, side, i, &r->mob_order,
					  &r->mob_angle);
		}
	return n;
}

/* ---- the Movement Phase [1.4] [7.0] ---------------------------------------
 */

static int moves_first_cb(void *ctx, const struct bs_battle *b, int side)
{
	struct bs_ai_doctrine *ai = ctx;
	look(ai, b);
	/* [1.4] move first to strike with a favourable charge; else let the
	 * enemy commit first */
	for (int i = 0; i < nunits_of(b, side); i++)
		if (charge_prospect(ai, b, side, i) >= 0)
			return 1;
	return 0;
}

/* Distance from a unit to the nearest enemy unit in play (the scan of
 * every unit): the least of
 * the exact distances, found by taking first the enemy whose bounding box
 * is nearest (box_lb, a lower bound of the distance) and then only those
 * whose bound lies below the best so far and that bs_quad_dist_cmp finds
 * nearer (the least of a set does not depend on the order it is taken
 * in; the exact distance of each one taken is the same number). */
static double nearest_scan(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			   int side, int unit)
{
	double lb[BS_AI_MAX_UNITS];
	int es0 = -1, e0 = -1;
	double lb0 = HUGE_VAL;
	const struct bs_box *q = qbox(ai, b, side, unit);
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < nunits_of(b, es); e++) {
			int g = b->side_first[es] + e;
			if (!in_play(unit_of(b, es, e)) ||
			    !foe(b, side, es, e)) {
				lb[g] = HUGE_VAL;
				continue;
			}
			lb[g] = box_lb(q, qbox(ai, b, es, e));
			if (lb[g] < lb0) {
				lb0 = lb[g];
				es0 = es;
				e0 = e;
			}
		}
	if (es0 < 0)
		return HUGE_VAL;
	double best = udist(ai, b, side, unit, es0, e0);
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < nunits_of(b, es); e++) {
			int g = b->side_first[es] + e;
			if ((es == es0 && e == e0) || !(lb[g] < best))
				continue;
			if (ucmp(ai, b, side, unit, es, e, best) < 0)
				best = udist(ai, b, side, unit, es, e);
		}
	return best;
}

/* nearest_scan over the n units of list (global, ascending) alone: the
 * least exact distance to an enemy in play among them, HUGE_VAL when none
 * (the same bound-first search). */
static double nearest_among(struct bs_ai_doctrine *ai,
			    const struct bs_battle *b, int side, int unit,
			    const int *list, int n)
{
	double lb[BS_AI_MAX_UNITS];
	int k0 = -1;
	double lb0 = HUGE_VAL;
	const struct bs_box *q = qbox(ai, b, side, unit);
	for (int k = 0; k < n; k++) {
		const struct bs_unit_state *u = &b->units[list[k]];
		lb[k] = HUGE_VAL;
		if (u->side == side || !in_play(u) ||
		    !foe(b, side, u->side, u->idx))
			continue;
		lb[k] = box_lb(q, qbox(ai, b, u->side, u->idx));
		if (lb[k] < lb0) {
			lb0 = lb[k];
			k0 = k;
		}
	}
	if (k0 < 0)
		return HUGE_VAL;
	const struct bs_unit_state *u0 = &b->units[list[k0]];
	double best = udist(ai, b, side, unit, u0->side, u0->idx);
	for (int k = 0; k < n; k++) {
		const struct bs_unit_state *u = &b->units[list[k]];
		if (k == k0 || !(lb[k] < best))
			continue;
		if (ucmp(ai, b, side, unit, u->side, u->idx, best) < 0)
			best = udist(ai, b, side, unit, u->side, u->idx);
	}
	return best;
}

/* The first ring's half-width (inches) and the widening of each ring's
 * box over its radius (rounding of the box's sums): bs1e_nearest_enemy's. */
#define RING0 8.0
#define RING_SPARE 1e-6

/* nearest_scan's distance. Issue 13 part 2: through the grid of the pair
 * table (bs1e_units_meeting), ring by ring of doubling radius r about the
 * unit's box: an enemy within r of the unit has its box within r of the
 * unit's box, so it is listed; when the least listed is within r, every
 * unit not listed lies farther, and the least of the list is the least of
 * all, the same number (the exact distances are the same numbers whatever
 * the order they are taken in). Otherwise, and with ai->exhaustive, the
 * scan (tests/unit/t_broad.c compares). */
static double nearest_enemy(struct bs_ai_doctrine *ai,
			    const struct bs_battle *b, int side, int unit)
{
	const struct bs_box *q = qbox(ai, b, side, unit);
	double far = b->sc->width + b->sc->depth;
	int g = b->side_first[side] + unit;
	for (double r = RING0;
	     !ai->exhaustive && b->nunits > NEAR_FEW && isfinite(q->x0) &&
	     isfinite(q->x1) && isfinite(q->y0) && isfinite(q->y1) && r <= far;
	     r *= 2) {
		double w = r * (1 + 1e-9) + RING_SPARE;
		struct bs_box reach = {q->x0 - w, q->y0 - w, q->x1 + w,
				       q->y1 + w};
		int list[BS_AI_MAX_UNITS];
		int n = bs1e_units_meeting(b, g, &reach, list);
		double best = nearest_among(ai, b, side, unit, list, n);
		if (best <= r)
			return best;
	}
	return nearest_scan(ai, b, side, unit);
}

double bs_ai_nearest_enemy(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			   int side, int unit)
{
	look(ai, b);
	return nearest_enemy(ai, b, side, unit);
}

static int sequence_cb(void *ctx, const struct bs_battle *b, int side,
		       int *units, int max)
{
	struct bs_ai_doctrine *ai = ctx;
	look(ai, b);
	/* units in contact first (they may withdraw or flee), then the
	 * chargers (best odds first), then the rest, nearest the enemy
	 * first so that those behind do not bump into them */
	int n = 0;
	double key[BS_MAX_UNITS];
	int cls[BS_MAX_UNITS];
	for (int i = 0; i < nunits_of(b, side) && n < max; i++) {
		const struct bs_unit_state *u = unit_of(b, side, i);
		if (!in_play(u))
			continue;
		int c = 2;
		double k;
		if (engaged(ai, b, side, i)) {
			c = 0;
			k = 0;
		} else {
			double score = charge_prospect(ai, b, side, i);
			if (score >= 0) {
				c = 1;
				k = -score;
			} else {
				/* issue 13: the distance only where it is
				 * the key (the same keys) */
				k = nearest_enemy(ai, b, side, i);
			}
		}
		/* insertion sort by (class, key, index) */
		int j = n++;
		while (j > 0 && (cls[j - 1] > c ||
				 (cls[j - 1] == c && key[j - 1] > k + 1e-12))) {
			cls[j] = cls[j - 1];
			key[j] = key[j - 1];
			units[j] = units[j - 1];
			j--;
		}
		cls[j] = c;
		key[j] = k;
		units[j] = i;
	}
	return n;
}

static void move_cb(void *ctx, const struct bs_battle *b, int side, int unit,
		    struct bs_order *out)
{
	struct bs_ai_doctrine *ai = ctx;
	/* RULING R-373: asked again after a refusal (its orders are checked
	 * before they are given, so this is rare): it holds */
	if (unit_of(b, side, unit)->flags & BS_UF_REFUSED) {
		memset(out, 0, sizeof *out);
		out->kind = BS_ORDER_HOLD;
		out->tside = out->tunit = -1;
		return;
	}
	look(ai, b);
	unit_order(ai, b, side, unit, out);
}

/* [7.12] follow a withdrawing enemy when the fight favours us. */
static int follow_cb(void *ctx, const struct bs_battle *b, int side, int unit,
		     int eside, int eunit)
{
	struct bs_ai_doctrine *ai = ctx;
	look(ai, b);
	struct bs_ai_fight f;
	fight(ai, b, side, unit, eside, eunit, BS_ARC_FRONT, BS_ARC_FRONT, 0,
	      &f);
	return favourable(&f);
}

/* ---- independent commanders [9.2] [4.10] --------------------------------- */

/* Where a unit will stand at the next Rally Phase, as far as the doctrine
 * can tell: a router that has not moved yet goes on MV in its rout
 * direction [6.4]; a mob with a forward or charge order MV ahead [2.10]. */
static struct bs_vec predicted_centre(struct bs_ai_doctrine *ai,
				      const struct bs_battle *b, int side,
				      int unit)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	struct bs_vec c = ucentre(ai, b, side, unit);
	if (u->flags & BS_UF_MOVED || engaged(ai, b, side, unit))
		return c;
	if (routed(u))
		return bs_vec_add(
		    c, bs_vec_scale(bs_dir(u->rout_facing), u->r.mv));
	if (is_mob(u) &&
	    (u->mob_order == BS_MOB_FORWARD || u->mob_order == BS_MOB_CHARGE))
		return bs_vec_add(c, bs_vec_scale(bs_dir(u->facing), u->r.mv));
	return c;
}

/* 1 when another eligible commander than k covers the unit now. */
static int covered_by_other(struct bs_ai_doctrine *ai,
			    const struct bs_battle *b, int side, int unit,
			    int k, int mob, const unsigned char *lost)
{
	const struct bs_side *sd = &b->sc->sides[side];
	for (int j = 0; j < sd->nindividuals; j++) {
		const struct bs_indiv_state *c = indiv_of(b, side, j);
		if (j == k || !commander_ok(c))
			continue;
		(void)lost;
		int ok = bs1e_authority_now(b, side, j, unit,
					    mob ? BS1E_ACT_ORDER_MOB
						: BS1E_ACT_RALLY);
		if (ok && bs_tt_unit_within(b, side, unit,
					    indiv_pos(ai, b, side, j), c->cr))
			return 1;
	}
	return 0;
}

/* Distance from point p to quad q (0 inside). */
static double point_quad_dist(const struct bs_quad *q, struct bs_vec p)
{
	if (bs_quad_contains(q, p, 0))
		return 0;
	double d = HUGE_VAL;
	for (int i = 0; i < 4; i++) {
		double e = bs_seg_point_dist(q->p[i], q->p[(i + 1) % 4], p);
		if (e < d)
			d = e;
	}
	return d;
}

static void move_indiv_cb(void *ctx, const struct bs_battle *b, int side,
			  int indiv, struct bs_indiv_order *out)
{
	struct bs_ai_doctrine *ai = ctx;
	look(ai, b);
	const struct bs_indiv_state *me = indiv_of(b, side, indiv);
	const struct bs_side *sd = &b->sc->sides[side];
	out->move = 0;
	out->x = me->pos.x;
	out->y = me->pos.y;
	/* the Intermediate Game (issue 15): the rank in play */
	enum bs_rank rank = bs1e_indiv_on_table(b, side, indiv)
				? me->rank
				: sd->individuals[indiv].rank;
	if (!commander_ok(me) || me->with_unit >= 0 || me->mv <= 0)
		return;
	/* [14.6] RULING: held or charmed, he cannot move:
	 * the doctrine proposes no move the engine would reject */
	const char *stuck = bs1e_indiv_cannot_move(b, side, indiv);
	if (stuck) {
		snprintf(out->why, sizeof out->why, "%s", stuck);
		return;
	}
	/* issue 16 [14.1]: a caster who could cast from here stays */
	if (bs1e_indiv_on_table(b, side, indiv) &&
	    !bs1e_indiv_engaged(b, side, indiv) &&
	    bs_ai_caster_stays(b, side, indiv, out))
		return;
	/* [9.4] a hero standing alone (doctrine_heroes.c): no rank, or a
	 * rank of unit without a unit (it commands nothing) */
	if (bs1e_indiv_on_table(b, side, indiv) && rank != BS_RANK_ARMY &&
	    rank != BS_RANK_BRIGADE) {
		bs_ai_hero_move(b, side, indiv, out);
		/* [10.5] [13.7] RULING R-637: a breath on the way */
		bs_ai_split_ask(b, side, indiv, out);
		return;
	}
	if (rank != BS_RANK_ARMY && rank != BS_RANK_BRIGADE)
		return;
	/* [7.8] a commander standing alone who touches an enemy withdraws
	 * from the fight (he does not brawl), or stays (issue 15) */
	if (bs1e_indiv_engaged(b, side, indiv)) {
		if (bs_ai_indiv_withdraw(b, side, indiv, out))
			snprintf(out->why, sizeof out->why,
				 "withdraws from the fight: a commander");
		return;
	}
	unsigned char lost[BS_MAX_INDIVIDUALS];
	lost_of(b, side, lost);
	/* 1: routers he may rally that nobody else covers; 2: mobs he may
	 * order; 3: units he keeps in command; else behind the line */
	struct bs_vec goal = me->pos;
	int prio = 4;
	double gd = HUGE_VAL;
	for (int i = 0; i < nunits_of(b, side); i++) {
		const struct bs_unit_state *u = unit_of(b, side, i);
		if (!in_play(u) || engaged(ai, b, side, i))
			continue;
		int p;
		if (routed(u) &&
		    bs1e_authority_now(b, side, indiv, i, BS1E_ACT_RALLY) &&
		    !covered_by_other(ai, b, side, i, indiv, 0, lost))
			p = 1;
		else if (is_mob(u) &&
			 bs1e_authority_now(b, side, indiv, i,
					    BS1E_ACT_ORDER_MOB) &&
			 !covered_by_other(ai, b, side, i, indiv, 1, lost))
			p = 2;
		else if (u->cmd_by == indiv && u->commander != indiv)
			p = 3;
		else
			continue;
		struct bs_vec c = predicted_centre(ai, b, side, i);
		double d = bs_vec_dist(c, me->pos);
		if (p < prio || (p == prio && d < gd - 1e-9)) {
			prio = p;
			gd = d;
			goal = c;
		}
	}
	double stop = 0; /* how near the goal he needs to stand */
	int short_of = 0;
	if (prio == 4) {
		/* behind the middle of the line, 4" back */
		struct bs_vec sum = {0, 0};
		int n = 0;
		for (int i = 0; i < nunits_of(b, side); i++) {
			const struct bs_unit_state *u = unit_of(b, side, i);
			if (!in_play(u) || routed(u))
				continue;
			sum = bs_vec_add(sum, ucentre(ai, b, side, i));
			n++;
		}
		if (!n)
			return;
		goal = bs_vec_scale(sum, 1.0 / n);
		goal = bs_vec_sub(
		    goal, bs_vec_scale(bs_dir(bs_edge_facing(sd->edge)), 4.0));
		stop = 1.0;
		/* issue 14: not over a stream or wall for it when a place
		 * on this side will do (doctrine_terrain.c, RULING R-601) */
		if (bs1e_indiv_on_table(b, side, indiv) &&
		    bs_ai_terrain_indiv_short(b, side, indiv, me->pos, goal,
					      4.0, &goal)) {
			stop = 0;
			short_of = 1;
		}
	} else {
		stop = me->cr / 2.0;
	}
	struct bs_vec to = bs_vec_sub(goal, me->pos);
	double len = bs_vec_len(to);
	if (len <= stop + SLACK)
		return;
	double step = len - stop;
	double mv = me->mv - SLACK;
	if (step > mv)
		step = mv;
	/* never into an enemy's reach of contact: shorten the move until he
	 * stands 1" or more from every enemy block */
	for (int tries = 0; tries < 4 && step > SLACK; tries++) {
		struct bs_vec at =
		    bs_vec_add(me->pos, bs_vec_scale(to, step / len));
		int near = 0;
		for (int es = 0; es < b->nsides && !near; es++)
			for (int e = 0; es != side && e < nunits_of(b, es);
			     e++) {
				if (!in_play(unit_of(b, es, e)))
					continue;
				struct bs_quad q = *qof(ai, b, es, e);
				if (point_quad_dist(&q, at) < 1.0) {
					near = 1;
					break;
				}
			}
		/* the Intermediate Game: nor within the reach of an enemy
		 * hero who could beat him in individual combat [9.4 B] */
		int ds, dk;
		if (!near && bs1e_indiv_on_table(b, side, indiv) &&
		    bs_ai_hero_danger(b, side, indiv, at, &ds, &dk))
			near = 1;
		if (!near) {
			if (at.x < 0 || at.y < 0 || at.x > b->sc->width ||
			    at.y > b->sc->depth)
				return;
			out->move = 1;
			out->x = at.x;
			out->y = at.y;
			/* the Intermediate Game: a move the rules take */
			/* (issue 14: nor a move the rules stop at once, a
			 * figure or the ground in the way: `move: 0"`) */
			struct bs1e_indiv_outcome oc;
			if (bs1e_indiv_on_table(b, side, indiv) &&
			    (!bs1e_check_indiv_move(b, side, indiv, out, &oc) ||
			     oc.contact_enemy ||
			     bs_vec_dist(oc.at, me->pos) < 0.05)) {
				out->move = 0;
				step /= 2;
				continue;
			}
			if (bs1e_indiv_on_table(b, side, indiv))
				snprintf(out->why, sizeof out->why, "%s",
					 prio == 1   ? "goes to rally a routed "
						       "unit"
					 : prio == 2 ? "goes to give a mob "
						       "orders"
					 : prio == 3 ? "keeps his units in "
						       "command"
					 : short_of
					     ? "stays behind his line, on this "
					       "side of the obstacle in the "
					       "way (RULING R-601)"
					     : "stays behind his line");
			return;
		}
		step /= 2;
	}
}

/* ---- public ---------------------------------------------------------------
 */

/* Average total of a damage expression. */
static double dice_avg(const struct bs_dice *d)
{
	double t = 0;
	for (int k = 0; k < d->nparts; k++)
		t += d->part[k].count * (d->part[k].sides + 1) / 2.0 +
		     d->part[k].plus;
	return t;
}

/* [8.2] at the beginning of the Melee Phase, against the first enemy the
 * unit touches, the melee weapon with the most average damage for its
 * size, each point of AR worse counting as one point of damage less
 * (docs/AI.md); -1 keeps the weapon in hand (not in contact, or no
 * better one). */
static int weapon_cb(void *ctx, const struct bs_battle *b, int side, int unit)
{
	(void)ctx;
	const struct bs_unit_state *u = &b->units[b->side_first[side] + unit];
	for (int t = 0; t < b->nunits; t++) {
		const struct bs_unit_state *e = &b->units[t];
		if (e->side == side ||
		    !bs_tt_unit_contact(b, side, unit, e->side, e->idx, NULL))
			continue;
		int large = e->r.size == BS_SIZE_L;
		int best = u->r.in_hand;
		double best_v = -1e9;
		for (int w = 0; w < u->r.nweapons; w++) {
			const struct bs_weapon_rated *wr = &u->r.wpn[w];
			double v = dice_avg(large ? &wr->dmg_l : &wr->dmg_sm) -
				   wr->base_ar;
			if (v > best_v + 1e-9 ||
			    (v > best_v - 1e-9 && w == u->r.in_hand)) {
				best_v = v;
				best = w;
			}
		}
		return best == u->r.in_hand ? -1 : best;
	}
	return -1;
}

/* [9.0] [9.3] deputies step in (doctrine_heroes.c). */
static int roles_cb(void *ctx, const struct bs_battle *b, int side,
		    struct bs_role_order *out, int max)
{
	(void)ctx;
	return bs_ai_roles(b, side, out, max);
}

/* [1.6 B] as Side A, the order of the melees (RULING R-377): the rules'
 * construction, each unit's melees ranked so that those in which its
 * figures do the most damage come first (a figure that could fight in two
 * melees fights in the first, R-131): the expected HD of one figure at the
 * melee's adjusted AR and arc (docs/AI.md). */
static int melee_order_cb(void *ctx, const struct bs_battle *b, int side,
			  const struct bs_melee *m, int n, int *order)
{
	struct bs_ai_doctrine *ai = ctx;
	if (n > BS_TT_MAX_MELEES)
		return 0;
	int prio[BS_TT_MAX_MELEES];
	for (int i = 0; i < n; i++) {
		prio[i] = 0;
		int mine = m[i].aside == side ? 0 : m[i].bside == side ? 1 : -1;
		if (mine < 0)
			continue;
		int us = mine ? m[i].bside : m[i].aside;
		int uu = mine ? m[i].bunit : m[i].aunit;
		int ts = mine ? m[i].aside : m[i].bside;
		int tu = mine ? m[i].aunit : m[i].bunit;
		const struct bs_unit_state *a = unit_of(b, us, uu);
		const struct bs_unit_state *h = unit_of(b, ts, tu);
		int arc = bs_tt_unit_arc(b, us, uu, ts, tu);
		int ar = adjusted_ar(ai, b, a, h, arc,
				     (a->flags & BS_UF_CHARGED) != 0);
		int g = b->side_first[us] + uu;
		prio[i] =
		    -(int)e36(ai, b, g, h->r.size == BS_SIZE_L, ar - h->r.ac);
	}
	bs_tt_melee_order(m, n, prio, order);
	return n;
}

void bs_ai_doctrine_init(struct bs_ai_doctrine *ai)
{
	memset(&ai->ctl, 0, sizeof ai->ctl);
	ai->ctl.name = "doctrine";
	ai->ctl.ctx = ai;
	ai->ctl.moves_first = moves_first_cb;
	ai->ctl.rally = rally_cb;
	ai->ctl.move_sequence = sequence_cb;
	ai->ctl.move = move_cb;
	ai->ctl.move_indiv = move_indiv_cb;
	ai->ctl.follow = follow_cb;
	ai->ctl.weapon = weapon_cb;
	ai->ctl.fire = bs_ai_fire_cb;
	ai->ctl.pass_through = bs_ai_pass_through_cb;
	ai->ctl.roles = roles_cb;
	ai->ctl.fire_indiv = bs_ai_hero_fire_cb; /* [9.4] R-525 */
	ai->ctl.turn = bs_ai_turn_cb;		 /* [14.19] R-581 */
	ai->ctl.pass_through_indiv = bs_ai_hero_pass_through_cb; /* */
	ai->ctl.pass_through_at_indiv =
	    bs_ai_pass_through_at_indiv_cb; /* */
	ai->ctl.melee_order = melee_order_cb;
	ai->ctl.cast = bs_ai_cast_cb;	    /* [14.1] issue 16, R-577 */
	ai->ctl.breathe = bs_ai_breathe_cb; /* [13.7] R-645 */
	ai->ctl.pass_through_cast = bs_ai_pass_through_cast_cb; /* */
	ai->ctl.split_breath = bs_ai_split_breath_cb;		/* */
	ai->sc = NULL;
	memset(ai->e36, 0xff, sizeof ai->e36);
	memset(ai->charge_stamp, 0, sizeof ai->charge_stamp);
	memset(ai->quad_stamp, 0, sizeof ai->quad_stamp);
	memset(ai->engaged_stamp, 0, sizeof ai->engaged_stamp);
	vsmemo_clear(ai);
	for (int i = 0; i < BS_AI_ARCMEMO; i++)
		ai->arcmemo[i].g = -1;
	ai->view_stamp = 0;
	for (int side = 0; side < BS_MAX_SIDES; side++)
		ai->reserve[side] = -1;
	ai->exhaustive = 0;
	ai->pruned = 0;
	ai->nwhatif = ai->whatif_next = 0;
	ai->whatif_off = 0;
	ai->whatif_loose = 0;
	ai->whatif_hits = ai->whatif_misses = 0;
}
