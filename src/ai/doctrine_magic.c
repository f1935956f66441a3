/* The doctrine AI's magic (issue 16), the Advanced Game: in step A of the
 * Missile and Magic Phase [1.5 A] each caster of the side with a [14.5]
 * spell left casts the one spell, at the one target, that removes the
 * most HD of enemy figures expected (the saving throws' chances in,
 * bs1e_cast_expect), never one whose area covers a figure or an
 * individual of his own side; a spell of the 3rd level or higher waits
 * for a massed target, 4 enemy figures in its area (RULING R-577). A
 * spell without an area goes at the enemy individual standing alone who
 * loses the most hit points expected; the holds of [14.6 B] and fear
 * [14.9] by the HD they take out (RULING R-627), a charm [14.6 A] at a
 * unit's commander by the HD of his unit (RULING R-694). A caster who could
 * cast from where he stands does not move in the Movement Phase [14.1]
 * (docs/AI.md "Magic"). [14.7] A bonus (bless, prayer, haste) goes at a
 * unit of his own side in melee or with an enemy unit within 12" (about to
 * charge or be charged), by the HD of the figures it betters (RULING
 * [13.7] A breather with a breath left breathes by the same choice
 * (RULING R-644: at once, whatever the number of figures). [14.8]
 * Invisibility 10' radius or mass invisibility goes on a unit of his side
 * within 12" of the enemy and not in melee, detect invisibility or true
 * seeing on himself when the area finds an invisible enemy (RULING
 * [14.2] No spell of more than one Game Round is begun (RULING
 * R-719), and one casting such a spell stays. */
#include <stdio.h>
#include <string.h>

#include "ai/doctrine_int.h"
#include "battlesim/bs1e_heroes.h"
#include "battlesim/bs1e_magic.h"

/* RULING R-577: the fewest enemy figures a big spell waits for. */
#define MASSED 4
#define BIG_LEVEL 3

/* The mean hit points of sp at caster level `level` (each element with its
 * plus), halved by the chance that a save halves it; 0 none. */
static double mean_hp(const struct bs_spell *sp, int level, double p_save)
{
	const struct bs_spell_damage *d = &sp->damage;
	double hp = d->fixed.count * (d->fixed.sides + 1) / 2.0 + d->fixed.plus;
	int n = bs_level_qty_at(&d->n, level);
	hp += n * (d->each.count * (d->each.sides + 1) / 2.0 + d->each.plus);
	if (sp->save_vs >= 0 && sp->save_effect == BS_SAVEFX_HALF)
		hp *= 1 - p_save / 2;
	else if (sp->save_vs >= 0 && sp->save_effect == BS_SAVEFX_NEGATES)
		hp *= 1 - p_save;
	return hp;
}

struct pick {
	struct bs_cast_order o;
	double value;
};

/* The plan of caster k at target (ts, tu / ti), kept in *best when it is
 * better. */
static void consider(const struct bs_battle *b, int side, int k,
		     const struct bs_spell *sp, int ts, int tu, int ti,
		     struct pick *best)
{
	struct bs_cast_order o = {k, sp, ts, tu, ti, 0, 0, 0, NULL};
	struct bs1e_cast_plan p;
	if (!bs1e_check_cast(b, side, &o, &p) || p.fails)
		return;
	double v;
	if (bs_spell_effect_played(sp)) {
		/* RULING R-627: a hold or a fear by the HD it takes out */
		v = bs1e_fx_expect(b, side, &p);
		o.why =
		    sp->effect == BS_SPFX_INVISIBLE
			? "invisibility on a unit of its side within 12\" "
			  "of the enemy and not in melee: a quarter of its "
			  "HD, hidden (RULING R-703)"
		    : sp->effect == BS_SPFX_SEE_INVISIBLE
			? "an invisible enemy in the area (the HD it finds) "
			  "or within 12\" (a quarter of it: found as it "
			  "comes) (RULING R-703, R-702)"
		    : sp->effect == BS_SPFX_ROUT && sp->area == BS_AREA_NONE
			? "a fear of one creature: the most enemy HD "
			  "expected routed or fleeing (RULING R-627, "
			  "R-658, R-659)"
		    : sp->effect == BS_SPFX_STUN
			? "scare: the most enemy HD expected stunned "
			  "(RULING R-627, R-658, R-659)"
		    : sp->effect == BS_SPFX_PARALYSIS
			? "paralyzation: the most enemy HD expected "
			  "paralyzed, none of its own in the area (RULING "
			  "R-627, R-656)"
		    : sp->effect == BS_SPFX_HOLD && sp->area != BS_AREA_NONE &&
			    sp->creatures_all
			? "entangle: the most enemy HD expected held, none "
			  "of its own in the area (RULING R-627, R-655)"
		    : sp->effect == BS_SPFX_HOLD &&
			    (sp->targets == BS_TARGETS_ANIMALS ||
			     sp->targets == BS_TARGETS_PLANTS ||
			     sp->targets == BS_TARGETS_SNAKES)
			? "hold: the most enemy HD expected held, of the "
			  "kind it affects (RULING R-627, R-654, R-657)"
		    : sp->effect == BS_SPFX_ROUT
			? "fear: the most enemy HD expected routed, none "
			  "of its own in the area (RULING R-627)"
		    : sp->effect == BS_SPFX_SLEEP
			? "sleep: the most enemy HD expected asleep, none "
			  "of its own in the area (RULING R-627, R-628)"
		    : sp->effect == BS_SPFX_MASS_CHARM
			? "mass charm: the most enemy HD expected to fail "
			  "and fight for us, none of its own in the area "
			  "(RULING R-463)"
		    : sp->effect == BS_SPFX_CHARM
			? "charm: the most enemy HD expected out of the "
			  "fight, a commander's unit (RULING R-694)"
			: "hold: the most enemy HD expected held (RULING "
			  "R-627)";
	} else if (p.has_area) {
		struct bs1e_cast_value cv;
		bs1e_cast_expect(b, side, &p, &cv);
		/* never on his own side's figures */
		if (cv.own_figs > 0 || cv.enemy_hd <= 0)
			return;
		/* RULING R-684: an item waits as its spell would */
		int level =
		    bs_spell_is_item(sp) && sp->as ? sp->as->level : sp->level;
		if (level >= BIG_LEVEL && cv.enemy_figs < MASSED)
			return;
		v = cv.enemy_hd;
		o.why = sp->kind == BS_MAGIC_BREATH
			    ? "breathes at the target with the most HD "
			      "expected removed, none of its own in the area "
			      "(RULING R-577, R-644)"
			: bs_spell_is_item(sp)
			    ? "uses the item at the target with the most HD "
			      "expected removed, none of its own in the area "
			      "(RULING R-577, R-684)"
			    : "the target with the most HD expected removed, "
			      "none of its own in the area (RULING R-577)";
	} else {
		const struct bs_indiv_state *t =
		    &b->indivs[b->indiv_first[ts] + ti];
		v = (sp->kind == BS_MAGIC_BREATH ? p.breath_hp * 0.75
						 : mean_hp(sp, p.level, 0.5)) /
		    4;
		if (v * 4 > t->hp)
			v = t->hp / 4.0;
		o.why = "an enemy individual in reach: the most hit points "
			"expected (RULING R-577)";
	}
	if (v > best->value) {
		best->value = v;
		best->o = o;
	}
}

/* [14.7] RULING R-687: a bonus of caster k at unit tu of his side, by the
 * HD of the figures about to fight it betters (bs1e_bonus_expect). */
static void consider_bonus(const struct bs_battle *b, int side, int k,
			   const struct bs_spell *sp, int ts, int tu, int ti,
			   struct pick *best)
{
	struct bs_cast_order o = {k, sp, ts, tu, ti, 0, 0, 0, NULL};
	struct bs1e_cast_plan p;
	if (!bs1e_check_cast(b, side, &o, &p) || p.fails)
		return;
	double v = bs1e_bonus_expect(b, side, &p);
	/* RULING R-615: on a friend standing alone, by his level */
	o.why =
	    ts != side
		? (ti >= 0 ? "slow on an enemy standing alone in melee or "
			     "within 12\" of us: his HD by his hit points, "
			     "by the chance he fails his save (RULING "
			     "R-617)"
			   : "slow on enemies in melee or within 12\" of "
			     "us: the most HD of figures slowed, by the "
			     "chance a figure fails its save (RULING R-617)")
	    : ti >= 0 ? "a bonus on a friend standing alone in melee or "
			"within 12\" of the enemy: his HD by his hit points "
			"(RULING R-687, R-615)"
		      : "a bonus on friends in melee or within 12\" of the "
			"enemy: the most HD of figures bettered (RULING "
			"R-687)";
	if (v > best->value) {
		best->value = v;
		best->o = o;
	}
}

/* Spell sp of caster (side, k) considered at every enemy it may go at:
 * units (by an area, or a hold without one) and individuals standing
 * alone and seen ([14.8] RULING R-633) for one without an area. */
static void consider_enemies(const struct bs_battle *b, int side, int k,
			     const struct bs_spell *sp, struct pick *best)
{
	for (int es = 0; es < b->nsides; es++) {
		if (es == side)
			continue;
		/* a hold without an area goes at units too */
		int at_units =
		    sp->area != BS_AREA_NONE || bs_spell_effect_played(sp);
		if (at_units)
			for (int u = 0; u < b->sc->sides[es].nunits; u++)
				consider(b, side, k, sp, es, u, -1, best);
		if (sp->area == BS_AREA_NONE)
			for (int j = 0; j < b->sc->sides[es].nindividuals; j++)
				if (bs1e_indiv_on_table(b, es, j) &&
				    !bs1e_indiv_unseen(b, es, j))
					consider(b, side, k, sp, es, -1, j,
						 best);
	}
}

/* The best cast of caster (side, k) now; 0 when none. */
static int best_cast(const struct bs_battle *b, int side, int k,
		     struct bs_cast_order *out)
{
	const struct bs_individual *ind = &b->sc->sides[side].individuals[k];
	struct pick best;
	memset(&best, 0, sizeof best);
	/* [13.7] his breath weapon after his spells (i == nspells + items);
	 * [14.20] RULING R-684: his wands, staves and rods with charges
	 * left between them (i - nspells the item's place) */
	const struct bs_spell *br = bs1e_breaths_left(b, side, k) > 0
					? bs1e_breath_of(b, side, k)
					: NULL;
	int ni = BS_UNIT_MAX_ITEMS;
	for (int i = 0; i < ind->nspells + ni + (br != NULL); i++) {
		const struct bs_spell *sp =
		    i < ind->nspells ? ind->spells[i].spell
		    : i < ind->nspells + ni
			? bs1e_item_of(b, side, k, i - ind->nspells)
			: br;
		if (!sp)
			continue;
		if (i >= ind->nspells && i < ind->nspells + ni) {
			/* an item: charges left, once for its record */
			int seen = 0;
			for (int j = ind->nspells; j < i; j++)
				seen |= bs1e_item_of(b, side, k,
						     j - ind->nspells) == sp;
			if (seen || bs1e_charges_left(b, side, k, sp) <= 0)
				continue;
		} else if (!bs_spell_played(sp) ||
			   (sp != br && bs1e_spells_left(b, side, k, sp) <= 0))
			continue;
		/* [14.2] RULING R-719: not a spell of more than one Game
		 * Round: its target can be expected to move away first */
		if (bs1e_cast_rounds(sp) > 1)
			continue;
		if (bs_spell_bonus_played(sp)) {
			/* RULING R-617: a penalty only (slow) at the enemy */
			int at_enemy = !sp->friends.given;
			for (int ts = 0; ts < b->nsides; ts++) {
				if ((ts != side) != at_enemy)
					continue;
				for (int u = 0; u < b->sc->sides[ts].nunits;
				     u++)
					consider_bonus(b, side, k, sp, ts, u,
						       -1, &best);
				/* RULING R-615: on one standing alone (a
				 * friend: himself among them) */
				for (int j = 0;
				     j < b->sc->sides[ts].nindividuals; j++)
					if (bs1e_indiv_on_table(b, ts, j) &&
					    (ts == side ||
					     !bs1e_indiv_unseen(b, ts, j)))
						consider_bonus(b, side, k, sp,
							       ts, -1, j,
							       &best);
			}
			continue;
		}
		/* [14.8] RULING R-703: invisibility 10' radius and mass
		 * invisibility on a unit of his side, detect invisibility and
		 * true seeing on himself; invisibility on one standing alone
		 * is not chosen */
		if (sp->category == BS_SPCAT_INVISIBILITY) {
			if (sp->effect == BS_SPFX_SEE_INVISIBLE)
				consider(b, side, k, sp, side, -1, k, &best);
			else if (sp->area != BS_AREA_NONE)
				for (int u = 0; u < b->sc->sides[side].nunits;
				     u++)
					consider(b, side, k, sp, side, u, -1,
						 &best);
			continue;
		}
		consider_enemies(b, side, k, sp, &best);
	}
	if (best.value <= 0)
		return 0;
	*out = best.o;
	return 1;
}

void bs_ai_split_ask(const struct bs_battle *b, int side, int indiv,
		     struct bs_indiv_order *o)
{
	/* a breather going for an enemy breathes on the way, where the
	 * target is his to choose: in contact [14.1] leaves him only the
	 * figures he touches */
	if (b->sc->level == BS_LEVEL_ADVANCED && o->move && o->tside >= 0 &&
	    o->tside != side && bs1e_breaths_left(b, side, indiv) > 0)
		o->split = 1;
}

int bs_ai_split_breath_cb(void *ctx, const struct bs_battle *b, int side,
			  int indiv, struct bs_cast_order *out)
{
	(void)ctx;
	/* [10.5] [13.7] RULING R-637: half-way along his move, his breath
	 * at the best target from there by step A's choice */
	if (b->sc->level != BS_LEVEL_ADVANCED ||
	    bs1e_breaths_left(b, side, indiv) <= 0)
		return 0;
	const struct bs_spell *br = bs1e_breath_of(b, side, indiv);
	if (!br)
		return 0;
	struct pick best;
	memset(&best, 0, sizeof best);
	consider_enemies(b, side, indiv, br, &best);
	if (best.value <= 0)
		return 0;
	*out = best.o;
	return 1;
}

int bs_ai_cast_cb(void *ctx, const struct bs_battle *b, int side,
		  struct bs_cast_order *out, int max)
{
	(void)ctx;
	if (b->sc->level != BS_LEVEL_ADVANCED)
		return 0;
	int n = 0;
	for (int k = 0; k < b->sc->sides[side].nindividuals && n < max; k++)
		if ((bs1e_spells_left(b, side, k, NULL) > 0 ||
		     bs1e_breaths_left(b, side, k) > 0 ||
		     bs1e_charges_left(b, side, k, NULL) > 0) &&
		    best_cast(b, side, k, &out[n]))
			n++;
	return n;
}

int bs_ai_caster_stays(const struct bs_battle *b, int side, int k,
		       struct bs_indiv_order *o)
{
	struct bs_cast_order c;
	/* [14.1] RULING: one who cast as pass-through fire
	 * this round does not move */
	const struct bs_indiv_state *me = &b->indivs[b->indiv_first[side] + k];
	/* [14.2] RULING R-718: one casting a spell of more Game Rounds
	 * stays (a move would be refused) */
	const struct bs_spell *busy = NULL;
	int until = bs1e_casting_until(b, side, k, &busy);
	if (until) {
		o->move = 0;
		snprintf(o->why, sizeof o->why,
			 "casting %.24s to Game Round %d: he stays [14.2] "
			 "(RULING R-718)",
			 busy ? busy->name : "a spell", until % 100000);
		return 1;
	}
	/* RULING R-729: one who keeps up a chant stays (a move ends it) */
	if (bs1e_chanting(b, side, k)) {
		o->move = 0;
		snprintf(o->why, sizeof o->why,
			 "keeps up his chant: he stays [14.7] (RULING R-729)");
		return 1;
	}
	if (b->sc->level == BS_LEVEL_ADVANCED && (me->flags & BS_IF_CAST)) {
		o->move = 0;
		snprintf(o->why, sizeof o->why,
			 "cast as pass-through fire this round: he stays "
			 "[14.1] (RULING R-336)");
		return 1;
	}
	/* RULING R-684: one who would use an item stays too */
	if (b->sc->level != BS_LEVEL_ADVANCED ||
	    (bs1e_spells_left(b, side, k, NULL) <= 0 &&
	     bs1e_charges_left(b, side, k, NULL) <= 0) ||
	    !best_cast(b, side, k, &c))
		return 0;
	o->move = 0;
	snprintf(o->why, sizeof o->why, "stays to cast %.40s [14.1]",
		 c.spell->name);
	return 1;
}

/* ---- [14.1] [10.6] RULING R-339: pass-through magic (docs/AI.md) ------ */

/* The mover's block at unit moment `at`. */
static struct bs_quad moment_quad(const struct bs_battle *b,
				  const struct bs_move_point *at)
{
	const struct bs_unit_state *mu =
	    &b->units[b->side_first[at->side] + at->unit];
	struct bs_tt_shape sh;
	struct bs_tt_pose p;
	bs_tt_shape_make(at->formation, at->figures > 0 ? at->figures : 1,
			 at->files, mu->r.base_w, mu->r.base_d, b->stands, &sh);
	p.front = (struct bs_vec){at->x, at->y};
	p.facing = at->facing;
	return bs_tt_quad(&sh, &p);
}

static struct bs_vec moment_centre(const struct bs_battle *b,
				   const struct bs_move_point *at)
{
	struct bs_quad q = moment_quad(b, at);
	return bs_quad_centre(&q);
}

/* 1 when the area of plan p placed at c covers a figure or an individual
 * of `side` (his own side's stand still during the enemy's move). */
static int own_in_area(const struct bs_battle *b, int side,
		       const struct bs1e_cast_plan *p, struct bs_vec c)
{
	if (!p->has_area)
		return 0;
	struct bs_tt_area ar = p->area;
	ar.at = c;
	int n = bs1e_area_figures(b, &ar, NULL, 0);
	if (n <= 0)
		return 0;
	struct bs1e_area_hit h[256];
	if (n > 256)
		return 1; /* a great area: take no chances */
	bs1e_area_figures(b, &ar, h, n);
	for (int i = 0; i < n; i++)
		if (h[i].side == side)
			return 1;
	return 0;
}

/* The best pass-through magic of caster (side, k) at unit mover (mside,
 * munit): its value by the rules of step A's choice with
 * the mover where it stands now; 0 none. */
static double best_pt(const struct bs_battle *b, int side, int k, int mside,
		      int munit, struct bs_cast_order *out,
		      struct bs1e_cast_plan *plan)
{
	const struct bs_individual *ind = &b->sc->sides[side].individuals[k];
	const struct bs_spell *br = bs1e_breaths_left(b, side, k) > 0
					? bs1e_breath_of(b, side, k)
					: NULL;
	int ni = BS_UNIT_MAX_ITEMS;
	double best = 0;
	for (int i = 0; i < ind->nspells + ni + (br != NULL); i++) {
		const struct bs_spell *sp =
		    i < ind->nspells ? ind->spells[i].spell
		    : i < ind->nspells + ni
			? bs1e_item_of(b, side, k, i - ind->nspells)
			: br;
		if (!sp || !bs1e_pt_magic_ok(sp) || !bs_spell_played(sp) ||
		    bs_spell_bonus_played(sp))
			continue;
		if (i >= ind->nspells && i < ind->nspells + ni
			? bs1e_charges_left(b, side, k, sp) <= 0
			: sp != br && bs1e_spells_left(b, side, k, sp) <= 0)
			continue;
		if (sp->area == BS_AREA_NONE && !bs_spell_effect_played(sp))
			continue; /* no area: at individuals only */
		struct bs_cast_order o = {k, sp, mside, munit, -1,
					  0, 0,	 0,	NULL};
		struct bs1e_cast_plan p;
		if (!bs1e_check_cast(b, side, &o, &p))
			continue;
		double v;
		if (bs_spell_effect_played(sp)) {
			v = bs1e_fx_expect(b, side, &p);
		} else {
			struct bs1e_cast_value cv;
			bs1e_cast_expect(b, side, &p, &cv);
			if (cv.own_figs > 0)
				continue;
			int level = bs_spell_is_item(sp) && sp->as
					? sp->as->level
					: sp->level;
			if (level >= BIG_LEVEL && cv.enemy_figs < MASSED)
				continue;
			v = cv.enemy_hd;
		}
		if (v > best) {
			best = v;
			*out = o;
			*plan = p;
		}
	}
	return best;
}

int bs_ai_pass_through_cast_cb(void *ctx, const struct bs_battle *b, int side,
			       int mside, int munit,
			       const struct bs_move_point *path, int n,
			       struct bs_cast_order *out, int *at, int max)
{
	(void)ctx;
	int m = 0;
	if (b->sc->level != BS_LEVEL_ADVANCED || n <= 0 || munit < 0 ||
	    mside < 0 || mside >= b->nsides ||
	    munit >= b->sc->sides[mside].nunits)
		return 0;
	const struct bs_move_point *last = &path[n - 1];
	for (int k = 0; k < b->sc->sides[side].nindividuals && m < max; k++) {
		const struct bs_indiv_state *c =
		    &b->indivs[b->indiv_first[side] + k];
		if (!c->alive || c->lost || (c->flags & BS_IF_CAST))
			continue;
		struct bs_cast_order o;
		struct bs1e_cast_plan p;
		if (best_pt(b, side, k, mside, munit, &o, &p) <= 0)
			continue;
		/* a charge (a move) ending against him or his unit */
		int at_me = last->contact && last->tside == side &&
			    c->with_unit >= 0 && last->tunit == c->with_unit;
		if (!at_me && c->with_unit < 0 && last->contact) {
			struct bs_quad mine =
			    bs1e_indiv_counter(b, side, c->idx);
			struct bs_quad q = moment_quad(b, last);
			at_me = bs_quad_dist(&q, &mine) <= 2 * BS_GEOM_TOUCH;
		}
		/* RULING R-336: with a unit, only when its side moved first
		 * this round (its move is his), or at a charge at it */
		if (c->with_unit >= 0 && b->first_mover != side && !at_me)
			continue;
		int pick = -1;
		const char *why;
		if (at_me) {
			if (!own_in_area(b, side, &p, moment_centre(b, last)) &&
			    bs_vec_dist(p.from, moment_centre(b, last)) <=
				p.reach + 1e-6)
				pick = n - 1;
			why = "pass-through magic at a unit coming into "
			      "contact with him (or his unit): his spell "
			      "before the melee (RULING R-339)";
		} else {
			/* it will stand in reach: he waits for step A */
			if (bs_vec_dist(p.from, moment_centre(b, last)) <=
			    p.reach + 1e-6)
				continue;
			double best_r = 1e30;
			for (int a = 0; a < n; a++) {
				struct bs_vec mc = moment_centre(b, &path[a]);
				double r = bs_vec_dist(p.from, mc);
				if (r <= p.reach + 1e-6 && r < best_r - 1e-9 &&
				    !own_in_area(b, side, &p, mc)) {
					best_r = r;
					pick = a;
				}
			}
			why = "pass-through magic: the mover will stand out of "
			      "his range, at the nearest moment (RULING "
			      "R-339)";
		}
		if (pick < 0)
			continue;
		o.why = why;
		at[m] = pick;
		out[m++] = o;
	}
	return m;
}

/* ---- [13.7] a unit's breath (RULING) ----------------------
 * A unit with a breath left breathes by the casters' choice: at the enemy
 * unit whose figures lose the most HD expected (bs1e_cast_expect), never
 * with a figure or an individual of its own side in the area, at once
 * . Kept apart from the casters' functions above. */

/* The best breath of unit (side, u) now; 0 when none. */
static int best_unit_breath(const struct bs_battle *b, int side, int u,
			    struct bs_breath_order *out)
{
	const struct bs_spell *br = bs1e_unit_breath_of(b, side, u);
	if (!br || bs1e_unit_breaths_left(b, side, u) <= 0)
		return 0;
	double best = 0;
	for (int es = 0; es < b->nsides; es++) {
		if (es == side)
			continue;
		for (int t = 0; t < b->sc->sides[es].nunits; t++) {
			struct bs_breath_order o = {
			    u,
			    br,
			    es,
			    t,
			    -1,
			    0,
			    0,
			    0,
			    "its breath weapon: the most enemy HD expected "
			    "removed, none of its own in the area (RULING "
			    "R-644, R-645)"};
			struct bs1e_cast_plan p;
			if (!bs1e_check_unit_breath(b, side, &o, &p) || p.fails)
				continue;
			struct bs1e_cast_value cv;
			bs1e_cast_expect(b, side, &p, &cv);
			if (cv.own_figs > 0 || cv.enemy_hd <= best)
				continue;
			best = cv.enemy_hd;
			*out = o;
		}
	}
	return best > 0;
}

int bs_ai_breathe_cb(void *ctx, const struct bs_battle *b, int side,
		     struct bs_breath_order *out, int max)
{
	(void)ctx;
	if (b->sc->level != BS_LEVEL_ADVANCED)
		return 0;
	int n = 0;
	for (int u = 0; u < b->sc->sides[side].nunits && n < max; u++)
		if (best_unit_breath(b, side, u, &out[n]))
			n++;
	return n;
}
