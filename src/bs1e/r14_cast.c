/* The play of magic (issue 16), the Advanced Game: step A of the Missile
 * and Magic Phase [1.5 A]. Each side in side order gives its casts (its
 * controller's `cast` callback); each is checked when its turn comes:
 * [14.1] the caster is an individual on the table or with a unit, has the
 * spell memorized (a cast spends it), is not in base-to-base contact but
 * with what he casts at, did not move this Game Round (RULING R-572) and
 * casts once a round (one AD&D melee round); [14.4] an individual in a
 * closed or mob regular unit cannot be targeted (RULING R-575); only the
 * [14.5] spells that do hit points of damage are played (RULING R-574).
 * Range and line of sight are found after the declaration [14.4]: out of
 * range, or the sight blocked (the missile sight of the tabletop: woods,
 * buildings, walls, units), the spell fails and is spent. The area is
 * placed on the target (RULING R-573), the figures it covers found
 * (bs1e_area_figures), the HD of damage [14.5 A] worked out once, the
 * fate of each figure [14.5 B] (lines and cones by the side they strike),
 * one saving throw per figure whose fate it decides [14.3] (RULING R-576;
 * the optional 20-figure rule with option mass_saves, R-567), and the
 * figures removed or wounded at once [14.1] by the missile casualties'
 * path ([8.7], Table 5 "removed by magic"); an individual in the area
 * takes hit points by the AD&D rules with his own save [14.5 A]. [9.2] a
 * commander who casts commands nothing for the round. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_tables.h"
#include "bs1e/engine.h"

#define EPS 1e-9

/* ---- memory and saving throws ---------------------------------------- */

/* [14.20] RULING: each individual's wands, staves and rods
 * whose spell is played, with the charges they start the battle with. */
static void items_reset(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_individual *ind = b->indivs[k].def;
		struct bs1e_indiv_x *x = &s->ix[k];
		for (int i = 0; i < BS_UNIT_MAX_ITEMS; i++) {
			const struct bs_spell *rec =
			    i < ind->nitems
				? bs_scenario_item(b->sc, ind->items[i])
				: NULL;
			if (rec && !bs_spell_played(rec))
				rec = NULL;
			x->item[i] = rec;
			x->charges[i] =
			    rec ? bs_item_charges(rec, ind->item_charges[i])
				: 0;
		}
	}
}

int bs1e_charges_left(const struct bs_battle *b, int side, int indiv,
		      const struct bs_spell *sp)
{
	if (side < 0 || side >= b->nsides || indiv < 0 ||
	    indiv >= b->sc->sides[side].nindividuals)
		return 0;
	const struct bs1e_indiv_x *x =
	    &bs1e_sc(b)->ix[b->indiv_first[side] + indiv];
	int n = 0;
	for (int i = 0; i < BS_UNIT_MAX_ITEMS; i++)
		if (x->item[i] && (!sp || x->item[i] == sp))
			n += x->charges[i];
	return n;
}

const struct bs_spell *bs1e_item_of(const struct bs_battle *b, int side,
				    int indiv, int i)
{
	if (side < 0 || side >= b->nsides || indiv < 0 ||
	    indiv >= b->sc->sides[side].nindividuals || i < 0 ||
	    i >= BS_UNIT_MAX_ITEMS)
		return NULL;
	return bs1e_sc(b)->ix[b->indiv_first[side] + indiv].item[i];
}

int bs1e_cast_init(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	size_t n = 0;
	for (int k = 0; k < b->nindivs; k++)
		n += (size_t)b->indivs[k].def->nspells;
	s->spell_left = calloc(n ? n : 1, sizeof *s->spell_left);
	struct bs1e_indiv_sheet *sh = malloc(sizeof *sh);
	if (!s->spell_left || !sh) {
		free(sh);
		return -1;
	}
	int *at = s->spell_left;
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_indiv_state *c = &b->indivs[k];
		struct bs1e_indiv_x *x = &s->ix[k];
		bs_spell_memory_init(&x->mem, c->def, at);
		at += c->def->nspells;
		/* [14.3] "the normal AD&D saving throws": his sheet's [3.2] */
		bs1e_indiv_sheet(b->sc, c->side, c->idx, sh);
		for (int v = 0; v < BS_SAVE__COUNT; v++) {
			x->save[v] = sh->save[v].value;
			x->save_d[v] = sh->save[v];
		}
	}
	free(sh);
	bs1e_breath_reset(b);
	items_reset(b);
	return 0;
}

void bs1e_cast_reset(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	bs1e_fx_reset(b);    /* RULING R-620 */
	bs1e_charm_reset(b); /* RULING R-693 */
	bs1e_bonus_reset(b); /* [14.7] */
	for (int k = 0; k < b->nindivs; k++)
		bs_spell_memory_init(&s->ix[k].mem, b->indivs[k].def,
				     s->ix[k].mem.left);
	bs1e_breath_reset(b);
	items_reset(b);
	bs1e_divine_reset(b); /* [13.6] RULING R-556 */
	bs1e_long_reset(b);   /* [14.2] RULING R-718 */
}

int bs1e_spells_left(const struct bs_battle *b, int side, int indiv,
		     const struct bs_spell *sp)
{
	if (side < 0 || side >= b->nsides || indiv < 0 ||
	    indiv >= b->sc->sides[side].nindividuals)
		return 0;
	const struct bs_spell_memory *m =
	    &bs1e_sc(b)->ix[b->indiv_first[side] + indiv].mem;
	if (sp)
		return bs_spell_memory_left(m, sp);
	int n = 0;
	for (int i = 0; i < m->ind->nspells; i++)
		n += m->left[i];
	return n;
}

int bs1e_caster_level(const struct bs_individual *ind,
		      const struct bs_spell *sp)
{
	/* [14.1] "All AD&D game rules apply": the level of the class that
	 * casts from the spell's list (the highest, for several) */
	int best = 0;
	for (int i = 0; i < ind->nclasses; i++) {
		int row[BS1E_SPELL_LEVELS];
		if (bs1e_spells_per_day(ind->cls[i], ind->level[i],
					(enum bs1e_spell_list)sp->cls,
					row) != BS1E_SPD_NOT_A_LIST &&
		    ind->level[i] > best)
			best = ind->level[i];
	}
	return best;
}

/* ---- the check [14.1] [14.4] ------------------------------------------ */

static int no(struct bs1e_cast_plan *p, const char *why, const char *cite)
{
	p->legal = 0;
	p->why = why;
	p->cite = cite;
	return 0;
}

static int fails(struct bs1e_cast_plan *p, const char *why, const char *cite)
{
	p->fails = 1;
	p->why = why;
	p->cite = cite;
	return 1;
}

/* The point of quad q nearest p. */
static struct bs_vec nearest_on(const struct bs_quad *q, struct bs_vec p)
{
	if (bs_quad_contains(q, p, 0))
		return p;
	struct bs_vec best = q->p[0];
	double bd = HUGE_VAL;
	for (int e = 0; e < 4; e++) {
		struct bs_vec a, c;
		bs_quad_edge(q, e, &a, &c);
		struct bs_vec d = bs_vec_sub(c, a);
		double l2 = bs_vec_dot(d, d);
		double t = l2 > EPS ? bs_vec_dot(bs_vec_sub(p, a), d) / l2 : 0;
		t = t < 0 ? 0 : t > 1 ? 1 : t;
		struct bs_vec x = bs_vec_add(a, bs_vec_scale(d, t));
		double dd = bs_vec_dist(x, p);
		if (dd < bd) {
			bd = dd;
			best = x;
		}
	}
	return best;
}

/* A counter of one figure facing `facing` about point c (his sight); k
 * -1 a unit's breath (RULING R-608): a counter of 1/2". */
static void counter_at(const struct bs_battle *b, int k, struct bs_vec c,
		       double facing, struct bs_tt_shape *sh,
		       struct bs_tt_pose *p)
{
	double w = k >= 0 ? bs1e_sc(b)->ix[k].base : 0;
	if (w <= 0)
		w = 0.5;
	bs_tt_shape_make(BS_FORM_CLOSED, 1, 1, w, w, 0, sh);
	p->facing = facing;
	p->front = bs_vec_add(c, bs_vec_scale(bs_dir(facing), w / 2));
}

/* 1 when the caster (alone: his counter; with unit g: its block) touches
 * the target of plan p. */
static int touches_target(const struct bs_battle *b,
			  const struct bs1e_cast_plan *p)
{
	struct bs_quad mine =
	    p->g >= 0 ? bs1e_quad(b, p->g) : bs1e_indiv_quad(b, p->k);
	struct bs_quad t =
	    p->tg >= 0 ? bs1e_quad(b, p->tg) : bs1e_indiv_quad(b, p->tk);
	return bs_quad_touching(&mine, &t);
}

/* 1 when the caster touches any enemy. */
static int caster_engaged(const struct bs_battle *b,
			  const struct bs1e_cast_plan *p)
{
	if (p->g < 0)
		return bs1e_indiv_engaged(b, b->indivs[p->k].side,
					  b->indivs[p->k].idx);
	return bs1e_engaged(b, p->g) || bs1e_unit_touches_indiv(b, p->g, NULL);
}

/* [14.4] the line of sight from p->from to the target, the missile sight
 * of the tabletop (the units in play stand in the way but his own and
 * the target's; woods, hills and buildings, RULING R-495). */
static int sees(const struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	struct bs_tt_shape ts, fs;
	struct bs_tt_pose tp, fp;
	struct bs_vec tc;
	if (p->tg >= 0) {
		bs1e_shape(b, p->tg, &ts);
		bs1e_pose(b, p->tg, &tp);
		struct bs_quad q = bs1e_quad(b, p->tg);
		tc = bs_quad_centre(&q);
	} else {
		tc = b->indivs[p->tk].pos;
		counter_at(b, p->tk, tc, 0, &ts, &tp);
	}
	struct bs_vec d = bs_vec_sub(tc, p->from);
	double facing = bs_vec_len(d) > EPS ? bs_facing_of(d) : 0;
	counter_at(b, p->k, p->from, facing, &fs, &fp);
	struct bs_tt_fire_spec spec;
	memset(&spec, 0, sizeof spec);
	spec.rows = 1;
	spec.reach = 1e6; /* the range is the spell's, checked apart */
	spec.ti = bs1e_terrain(b);
	/* [11.9] "Elves and other woodland creatures can sight and cast
	 * spells up to 6" in woods; all other creatures ... only up to 1"":
	 * the caster's race flag (as his movement's, r09_figures.c), a unit
	 * caster's creature (as the units' fire spec, r10_missiles.c) */
	if (p->k >= 0) {
		const struct bs_creature *r = b->indivs[p->k].def->race;
		spec.woodland = r && (r->flags & BS_CF_WOODLAND);
	} else if (p->g >= 0) {
		spec.woodland = bs1e_sc(b)->ux[p->g].gm.woodland;
	}
	struct bs_quad obst[BS1E_MAX_UNITS];
	int n = 0;
	for (int g = 0; g < b->nunits; g++)
		if (g != p->tg && g != p->g && bs1e_in_play(b, g))
			obst[n++] = bs1e_quad(b, g);
	struct bs_tt_sight out;
	return bs_tt_sight_geom(&fs, &fp, &ts, &tp, &spec, obst, NULL, NULL, n,
				&out) > 0;
}

/* [14.8] a touch spell on friend p->tk: [14.1] not while the caster is in
 * contact with the enemy ("magic only on himself or against the figures
 * he touches"), and the PH's range "touch", base to base; 0 (the plan
 * refused with touch_why) when not. */
static int friend_touched(const struct bs_battle *b, struct bs1e_cast_plan *p,
			  const char *touch_why, const char *cite)
{
	if (caster_engaged(b, p))
		return no(p,
			  "in base-to-base contact with the enemy: magic only "
			  "on himself or against the figures he touches",
			  "[14.1]");
	/* [14.1] RULING R-707: pre-cast before the battle, he went to him */
	if (!bs1e_sc(b)->precasting && !touches_target(b, p))
		return no(p, touch_why, cite);
	return 1;
}

/* [14.8] RULING R-632: the target of an invisibility: the caster
 * himself, or an individual of his side standing alone whose counter his
 * touches (range touch, as [14.1]'s contact: touches_target); a caster
 * with a unit, or a unit, is not played. */
static int invis_target(const struct bs_battle *b, int side,
			const struct bs_cast_order *o, struct bs1e_cast_plan *p)
{
	static const char cite[] = "[14.8] [14.2] RULING R-632";
	/* RULING R-341: invisibility 10' radius, mass invisibility: at a
	 * unit of his side, the area, range and sight as any spell's (2:
	 * the common checks follow) */
	if (p->sp->area != BS_AREA_NONE) {
		if (o->tside != side || o->tunit < 0)
			return no(p,
				  "invisibility 10' radius and mass "
				  "invisibility are cast at a unit of his side "
				  "(RULING R-341)",
				  "[14.8] RULING R-341");
		return 2;
	}
	if (p->g >= 0)
		return no(p,
			  "not played: invisibility by a caster with a unit "
			  "(on units it is not played, RULING R-636)",
			  "[14.8] RULING R-636");
	if (o->tside != side || o->tunit >= 0 || o->tindiv < 0 ||
	    o->tindiv >= b->sc->sides[side].nindividuals)
		return no(p,
			  "invisibility is cast on himself or on an "
			  "individual of his side standing alone (on units "
			  "it is not played, RULING R-636)",
			  cite);
	p->tk = b->indiv_first[side] + o->tindiv;
	const struct bs_indiv_state *t = &b->indivs[p->tk];
	if (!t->alive || t->lost || !bs1e_indiv_figure(b, p->tk))
		return no(p,
			  t->alive && !t->lost && t->with_unit >= 0
			      ? "he is with a unit: invisibility on an "
				"individual with a unit is not played (RULING "
				"R-636)"
			      : "the target is not on the table",
			  cite);
	if (p->tk != p->k &&
	    !friend_touched(b, p,
			    "range touch: his counter must touch the friend "
			    "he makes invisible (RULING R-632)",
			    cite))
		return 0;
	p->aim = t->pos;
	p->area.at = p->aim;
	return 1;
}

/* [14.8] RULING R-702: the recipient of a detect invisibility (range 0:
 * the caster, with a unit or alone) or a true seeing (touch: the caster,
 * or an individual of his side standing alone whose counter his
 * touches); the area is his, placed for the log. */
static int seeing_target(const struct bs_battle *b, int side,
			 const struct bs_cast_order *o,
			 struct bs1e_cast_plan *p)
{
	static const char cite[] = "[14.8] RULING R-702";
	if (o->tside != side || o->tunit >= 0 || o->tindiv < 0 ||
	    o->tindiv >= b->sc->sides[side].nindividuals)
		return no(p,
			  "detect invisibility and true seeing are cast on "
			  "himself (true seeing also on an individual of his "
			  "side standing alone he touches)",
			  cite);
	p->tk = b->indiv_first[side] + o->tindiv;
	if (p->tk != p->k) {
		const struct bs_indiv_state *t = &b->indivs[p->tk];
		if (p->sp->range_kind != BS_RANGE_TOUCH)
			return no(p, "range 0: he casts it on himself", cite);
		if (!t->alive || t->lost || !bs1e_indiv_figure(b, p->tk))
			return no(p,
				  "true seeing is cast on himself or on an "
				  "individual of his side standing alone",
				  cite);
		if (!friend_touched(b, p,
				    "range touch: his counter must touch the "
				    "friend (RULING R-702)",
				    cite))
			return 0;
	}
	if (bs1e_fx_seeing_area(b, p->sp, p->level, p->tk, &p->area) != 0)
		return no(p, "its area of effect is not known (RULING R-564)",
			  "[14.2]");
	p->has_area = 1;
	p->aim = p->area.at;
	return 1;
}

int bs1e_check_cast(const struct bs_battle *b, int side,
		    const struct bs_cast_order *o, struct bs1e_cast_plan *p)
{
	memset(p, 0, sizeof *p);
	p->legal = 1;
	p->k = p->g = p->tg = p->tk = -1;
	if (side < 0 || side >= b->nsides || o->indiv < 0 ||
	    o->indiv >= b->sc->sides[side].nindividuals)
		return no(p, "no such caster", "[14.1]");
	if (b->sc->level != BS_LEVEL_ADVANCED)
		return no(p, "magic is an Advanced Game rule",
			  "[14.0] [16.3 A]");
	p->k = b->indiv_first[side] + o->indiv;
	const struct bs_indiv_state *c = &b->indivs[p->k];
	p->sp = o->spell;
	if (!c->alive || c->lost)
		return no(p, "the caster is not on the table", "[14.1]");
	/* RULING R-623: a held caster casts nothing */
	if (bs1e_fx_indiv_held(b, p->k))
		return no(p, "he is held (RULING R-623)", "[14.6 B]");
	/* [14.6 A] RULING R-694: a charmed caster casts nothing */
	if (bs1e_indiv_charmed(b, p->k))
		return no(p, "he is charmed (RULING R-694)", "[14.6 A]");
	/* RULING R-676: one who flees from a fear spell casts nothing */
	if (bs1e_fx_indiv_afraid(b, p->k, NULL))
		return no(p, "he flees from a fear spell (RULING R-676)",
			  "[14.9]");
	/* [14.2] RULING R-718: busy with a spell of more Game Rounds */
	if (bs1e_sc(b)->ix[p->k].long_end)
		return no(p,
			  "he is casting a spell of more than one Game Round "
			  "(RULING R-718)",
			  "[14.2]");
	/* [14.1] "A spell-caster ... can perform the same actions in one
	 * BATTLESYSTEM Game Round as in one AD&D melee round": one spell */
	if (c->flags & BS_IF_CAST)
		return no(p,
			  "he has cast a spell this Game Round (one AD&D "
			  "melee round)",
			  "[14.1]");
	/* RULING R-649: nor while a spell he began goes off later */
	if (bs1e_sc(b)->ix[p->k].casting)
		return no(p,
			  "he is casting a spell this Game Round (one AD&D "
			  "melee round; RULING R-649)",
			  "[14.1]");
	/* RULING R-572: he casts from his counter, or, with a unit, from
	 * the centre of its front; his unit's move is his */
	if (c->with_unit >= 0) {
		p->g = bs1e_g(b, side, c->with_unit);
		if (!bs1e_in_play(b, p->g))
			return no(p, "the caster's unit is not on the table",
				  "[14.1]");
		p->from = b->units[p->g].front;
	} else {
		if (!bs1e_indiv_figure(b, p->k))
			return no(p, "the caster is not on the table",
				  "[14.1]");
		p->from = c->pos;
	}
	/* [13.7] a breath weapon: r13_breath.c checks the breather (RULING
	 * ); the rest is the cast's */
	int breath = p->sp && p->sp->kind == BS_MAGIC_BREATH;
	if (breath && !bs1e_check_breath(b, p))
		return 0;
	/* [14.20] a wand, staff or rod he holds (RULING R-681) */
	int item = p->sp && bs_spell_is_item(p->sp);
	if (item) {
		const struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[p->k];
		int have = -1;
		for (int i = 0; i < BS_UNIT_MAX_ITEMS && !p->item; i++)
			if (x->item[i] == p->sp) {
				have = i;
				if (x->charges[i] > 0)
					p->item = i + 1;
			}
		if (have < 0)
			return no(p,
				  "he has no such wand, staff or rod (his "
				  "`items:`, a record whose spell is played)",
				  "[14.20]");
		/* RULING R-681: the DMG's item crumbles to powder as its
		 * last charge is spent: an empty one does nothing */
		if (!p->item)
			return no(p,
				  "it has no charges left: it does nothing "
				  "(RULING R-681)",
				  "[14.20]");
	}
	/* [14.1] "Spell-casters cannot move during the same Game Round in
	 * which they cast spells, unless affected by a potion of speed or a
	 * haste spell" ([14.7] haste: RULING R-616, a full move) */
	int moved = p->g >= 0 ? (b->units[p->g].flags & BS_UF_MOVED) ||
				    b->units[p->g].mv_spent > EPS
			      : (c->flags & BS_IF_MOVED) != 0;
	if (moved && bs1e_bonus_casts_moving(b, p->k))
		moved = 0;
	/* [14.1] "Figures using magic items can move 1/2 their normal
	 * movement rate during the same Game Round in which they use the
	 * item": RULING R-683, the MV he (or his unit) spent this Game
	 * Round at most half his (its) MV */
	if (item) {
		double spent = p->g >= 0 ? b->units[p->g].mv_spent
					 : bs1e_sc(b)->ix[p->k].moved;
		double rate = p->g >= 0 ? b->units[p->g].r.mv : (double)c->mv;
		if (spent > rate / 2.0 + EPS)
			return no(p,
				  p->g >= 0
				      ? "his unit moved more than half its "
					"movement rate this Game Round: he may "
					"not use the item (RULING R-683)"
				      : "he moved more than half his movement "
					"rate this Game Round: he may not use "
					"the item (RULING R-683)",
				  "[14.1]");
		moved = 0;
	}
	if (moved && !breath)
		return no(p,
			  p->g >= 0 ? "his unit moved this Game Round: he may "
				      "not cast (RULING R-572)"
				    : "he moved this Game Round: he may not "
				      "cast",
			  "[14.1]");
	if (!p->sp)
		return no(p, "no such spell", "[14.1]");
	/* [14.1] the AD&D rule: he casts what he memorized, once each (an
	 * item has its charges instead, RULING R-681) */
	if (!breath && !item &&
	    bs_spell_memory_left(&bs1e_sc(b)->ix[p->k].mem, p->sp) <= 0)
		return no(p,
			  bs_spell_memory_left(&bs1e_sc(b)->ix[p->k].mem,
					       p->sp) == 0 &&
				  bs1e_spells_left(b, side, o->indiv, NULL) > 0
			      ? "he has not that spell left in memory"
			      : "he has no spell left in memory",
			  "[14.1]");
	/* issue 16: the holds of [14.6 B], the charms of [14.6 A]
	 * (r14_charm.c), the bonuses of [14.7] (r14_bonus.c) and the fear of
	 * [14.9] are played too (r14_effects.c) */
	int bonus = bs_spell_bonus_played(p->sp);
	int fx = bs_spell_effect_played(p->sp) || bonus;
	if (!fx && p->sp->category != BS_SPCAT_ARTILLERY)
		return no(p,
			  "not played yet: only the Magical Weapons and "
			  "Artillery Spells of [14.5], hold person, hold "
			  "monster, hold animal, hold plant, snake charm, "
			  "entangle, paralyzation and sleep [14.6 B], charm "
			  "person and charm monster [14.6 A], the bonuses of "
			  "[14.7] with catalog figures and fear, scare and "
			  "cause fear [14.9] are cast (RULING R-574, R-621, "
			  "R-625, R-628, R-654..R-659, R-685, R-690)",
			  bs_spell_category_info[p->sp->category].cite);
	if (!bs_spell_played(p->sp))
		return no(p,
			  "not played yet: a [14.5] spell without hit points "
			  "of damage to every creature of its area, or with a "
			  "partial save or a limit on whom it affects (RULING "
			  "R-574)",
			  "[14.5]");
	/* RULING: an item works at its item_level */
	if (item)
		p->level = p->sp->item_level;
	else if (!breath)
		p->level = bs1e_caster_level(c->def, p->sp);
	if (p->level <= 0)
		return no(p, "he casts no spell of that list", "[14.1]");
	/* [14.8] RULING R-702: detect invisibility, true seeing */
	if (p->sp->effect == BS_SPFX_SEE_INVISIBLE)
		return seeing_target(b, side, o, p);
	/* [14.8] invisibility: on himself or a friend he touches (RULING
	 * */
	if (p->sp->effect == BS_SPFX_INVISIBLE) {
		int r = invis_target(b, side, o, p);
		if (r != 2)
			return r;
	}
	return bs1e_cast_aim(b, side, o, p);
}

int bs1e_cast_aim(const struct bs_battle *b, int side,
		  const struct bs_cast_order *o, struct bs1e_cast_plan *p)
{
	int breath = p->sp->kind == BS_MAGIC_BREATH;
	int bonus = bs_spell_bonus_played(p->sp);
	int fx = bs_spell_effect_played(p->sp) || bonus;
	/* invis_target said 2 (go on) of an invisibility */
	int inva = p->sp->effect == BS_SPFX_INVISIBLE;
	/* the target: an enemy unit, or an enemy individual standing alone;
	 * [14.7] a bonus at a unit or an individual standing alone of
	 * either side (RULING) */
	if (o->tside < 0 || o->tside >= b->nsides ||
	    (o->tside == side && !bonus && !inva) ||
	    (o->tunit >= 0) == (o->tindiv >= 0))
		return no(p, "a spell is cast at one enemy unit or individual",
			  "[14.5]");
	/* [14.7] RULING R-685: a bonus goes where it does something: at
	 * friends with `friends:` figures, at enemies with `enemies:` */
	if (bonus &&
	    !(o->tside == side ? p->sp->friends.given : p->sp->enemies.given))
		return no(p,
			  o->tside == side ? "it does nothing to friends"
					   : "it does nothing to enemies",
			  "[14.7]");
	if (o->tunit >= 0) {
		if (o->tunit >= b->sc->sides[o->tside].nunits)
			return no(p, "no such unit", "[14.4]");
		p->tg = bs1e_g(b, o->tside, o->tunit);
		if (!bs1e_in_play(b, p->tg))
			return no(p, "the target is not on the table",
				  "[14.4]");
		/* [14.19] RULING R-346: no spell of his side at undead in
		 * its service, as an enemy nor as a friend */
		if (o->tside != side && !bs1e_hostile(b, side, p->tg))
			return no(p, BS1E_SERVING_WHY, BS1E_SERVING_CITE);
		/* [14.8] "figures unable to see the invisible figures
		 * cannot make magic or missile attacks" RULING R-343 */
		if (o->tside != side && bs1e_fx_unit_unseen(b, p->tg))
			return no(p, BS1E_UNIT_UNSEEN_WHY,
				  BS1E_UNIT_UNSEEN_CITE);
	} else {
		if (o->tindiv >= b->sc->sides[o->tside].nindividuals)
			return no(p, "no such individual", "[14.4]");
		p->tk = b->indiv_first[o->tside] + o->tindiv;
		const struct bs_indiv_state *t = &b->indivs[p->tk];
		if (!t->alive || t->lost)
			return no(p, "the target is not on the table",
				  "[14.4]");
		/* [14.4] "It is impossible to target individual characters
		 * in a regular unit in closed or mob formation"; RULING
		 * in the other formations his unit's figures about
		 * him block the string too */
		if (t->with_unit >= 0)
			return no(p,
				  "an individual with a unit cannot be "
				  "targeted (RULING R-575)",
				  "[14.4]");
		/* [14.8] "figures unable to see the invisible figures
		 * cannot make magic or missile attacks" RULING R-633 */
		if (o->tside != side && bs1e_fx_unseen(b, p->tk))
			return no(p, BS1E_UNSEEN_WHY, BS1E_UNSEEN_CITE);
	}
	/* [14.1] "A figure in base-to-base contact with any enemy figure or
	 * figures can only use magic on itself or against the figure(s)
	 * with which it is in contact" */
	if (caster_engaged(b, p) && !touches_target(b, p))
		return no(p,
			  "in base-to-base contact with the enemy: magic only "
			  "against the figures he touches",
			  "[14.1]");
	int annotated =
	    (b->sc->options & (1u << BS_OPT_TABLE17_ANNOTATED)) != 0;
	struct bs_quad tq =
	    p->tg >= 0 ? bs1e_quad(b, p->tg) : bs1e_indiv_quad(b, p->tk);
	struct bs_vec tc =
	    p->tg >= 0 ? bs_quad_centre(&tq) : b->indivs[p->tk].pos;
	p->has_area = p->sp->area != BS_AREA_NONE;
	if (!p->has_area && p->tg >= 0 && !fx)
		return no(p,
			  "not played yet: a spell without an area at a unit "
			  "(RULING R-574)",
			  "[14.5 A]");
	if (p->has_area &&
	    bs1e_spell_area_size(p->sp, p->level, annotated, &p->size) != 0)
		return no(p, "its area of effect is not known (RULING R-564)",
			  "[14.2]");
	/* [14.2] "the range of any magic spell or item is the range in
	 * inches from the Players Handbook": table inches (the fireball
	 * answer of the annotated chapter, 127.67: outdoors 1" = 10 yards,
	 * the table's scale) */
	int self = p->sp->range_kind == BS_RANGE_SELF;
	p->reach = self ? 0 : bs_level_qty_at(&p->sp->range, p->level) / 10.0;
	/* RULING R-573: where the area lands */
	struct bs_vec want = o->aim ? (struct bs_vec){o->x, o->y} : tc;
	struct bs_vec dir = bs_vec_sub(o->aim ? want : tc, p->from);
	double facing = bs_vec_len(dir) > EPS ? bs_facing_of(dir) : 0;
	p->area.shape = p->sp->area;
	p->area.a = p->size.a;
	p->area.b = p->size.b;
	p->area.facing = facing;
	switch (p->sp->area) {
	case BS_AREA_LINE:
		/* a bolt "starts at the range the caster chooses and runs
		 * away from him": by default where the line to the target
		 * first meets it */
		p->aim = self	  ? p->from
			 : o->aim ? want
				  : nearest_on(&tq, p->from);
		break;
	case BS_AREA_CONE:
		/* from its apex: the caster (range 0), else the point */
		p->aim = self ? p->from : want;
		break;
	case BS_AREA_NONE:
		p->aim = tc;
		break;
	default: /* a circle or a square about the point */
		p->aim = self ? p->from : want;
		break;
	}
	p->area.at = p->aim;
	/* RULING R-643: a breath cloud lies before the breather's mouth
	 * (the edge of his counter, or his unit's front), along the line
	 * to the target, not about him */
	if (breath && p->sp->area == BS_AREA_RECT)
		p->area.at = bs_vec_add(
		    p->from,
		    bs_vec_scale(
			bs_dir(facing),
			p->area.a / 2 +
			    (p->g < 0 ? bs1e_sc(b)->ix[p->k].base / 2 : 0)));
	p->range = bs_vec_dist(p->from, p->aim);
	if (!p->has_area)
		/* RULING R-572: to an individual, to his counter */
		p->range = bs_vec_dist(p->from, nearest_on(&tq, p->from));
	/* [14.4] "The range from spell-caster to target must be calculated
	 * after the magical attack is declared. If it is found that the
	 * range is insufficient, or the line of sight is obstructed, the
	 * spell automatically fails and is expended." */
	/* [14.1] RULING R-707: a spell pre-cast before the battle, on his
	 * side: no range nor sight at the deployment */
	if (bs1e_sc(b)->precasting)
		return 1;
	/* [14.9] RULING: a spell of range touch at the enemy
	 * (cause fear): his counter (his unit) touches the target */
	if (p->sp->range_kind == BS_RANGE_TOUCH) {
		if (!touches_target(b, p))
			return fails(p,
				     "range touch: he does not touch the "
				     "target: the spell fails and is spent",
				     "[14.4] RULING R-659");
	} else if (p->range > p->reach + 1e-6)
		return fails(p, "out of range: the spell fails and is spent",
			     "[14.4]");
	if (!sees(b, p))
		return fails(p,
			     "no clear line of sight to the target: the spell "
			     "fails and is spent",
			     "[14.4]");
	return 1;
}

/* ---- the expected result (for the AI) ---------------------------------- */

/* The mean hit points of dice part q. */
static double mean_part(const struct bs_dice_part *q)
{
	return q->count * (q->sides + 1) / 2.0 * (q->sides > 0) + q->plus;
}

/* Per creature HD of a unit's figure, tenths. */
static int creature_hd(const struct bs_unit_state *u)
{
	int per = u->r.ratio > 0 ? u->r.ratio : 1;
	int hd = u->r.hd_fig / per;
	return hd > 0 ? hd : 1;
}

static enum bs1e_save save_kind(const struct bs_spell *sp)
{
	if (sp->save_vs < 0)
		return BS1E_SAVE_NONE;
	return sp->save_effect == BS_SAVEFX_HALF      ? BS1E_SAVE_HALF
	       : sp->save_effect == BS_SAVEFX_NEGATES ? BS1E_SAVE_NEGATES
						      : BS1E_SAVE_NONE;
}

/* The saving throw number of unit g's creatures against sp [14.3]. */
static int unit_save(const struct bs_battle *b, int g,
		     const struct bs_spell *sp, struct bs_deriv *d)
{
	const struct bs_unit_state *u = &b->units[g];
	if (sp->save_vs < 0) {
		if (d)
			bs_deriv_init(d, 0, "no saving throw", NULL, "[14.3]");
		return 0;
	}
	int n;
	if (u->def->creature && u->def->nmix == 0) {
		n = bs1e_save_creature(u->def->creature, sp->save_vs, d);
	} else {
		struct bs_creature cr;
		memset(&cr, 0, sizeof cr);
		cr.hd.tenths = creature_hd(u);
		n = bs1e_save_creature(&cr, sp->save_vs, d);
	}
	/* [14.7] a bonus to saving throws of every figure (RULING R-686) */
	return n - bs1e_bonus_saves(b, g, d);
}

int bs1e_cast_unit_save(const struct bs_battle *b, int g,
			const struct bs_spell *sp, struct bs_deriv *d)
{
	return unit_save(b, g, sp, d);
}

int bs1e_cast_figure_saves(struct bs_battle *b, int g, int n, int number,
			   int mod, signed char *each, int *rec,
			   struct bs1e_figure_saves *fs)
{
	int twenty = (b->sc->options & (1u << BS_OPT_MASS_SAVES)) != 0;
	struct bs1e_save_who who = {b->units[g].side, g, -1};
	int *r0 = b->dice.record;
	size_t c0 = b->dice.record_cap, l0 = b->dice.record_len;
	b->dice.record = rec;
	b->dice.record_cap = BS1E_MAX_FIGS;
	b->dice.record_len = 0;
	int bad =
	    bs1e_figure_saves(&b->dice, n > BS1E_MAX_FIGS ? BS1E_MAX_FIGS : n,
			      number, mod, twenty, &who, each, fs);
	b->dice.record = r0;
	b->dice.record_cap = c0;
	b->dice.record_len = l0;
	return bad ? -1 : 0;
}

/* RULING R-530 [11.1] "If either the rider or the steed is killed, the
 * entire figure is considered unable to fight, and is removed": a spell
 * is worked out for a mounted figure's riders (a chariot's passengers)
 * and for its steeds (pullers) apart, each with its own hit dice, magic
 * resistance and saving throw. 1 when unit g's figures are so, with the
 * two kinds of creature and their HD (tenths per creature); a mixed unit
 * keeps its averaged figure. */
static int mounted_parts(const struct bs_battle *b, int g,
			 const struct bs_creature **c, int *hd)
{
	const struct bs_unit *d = b->units[g].def;
	if (bs1e_sc(b)->ux[g].mounting == BS1E_ON_FOOT || d->nmix > 0)
		return 0;
	c[0] = d->chariot.puller && d->chariot.passenger ? d->chariot.passenger
							 : d->creature;
	c[1] = d->mount ? d->mount : d->chariot.puller;
	if (!c[0] || !c[1])
		return 0;
	for (int i = 0; i < 2; i++)
		hd[i] = c[i]->hd.tenths > 0 ? c[i]->hd.tenths : 10;
	return 1;
}

/* The saving throw number of creature c of unit g's figures against sp
 * [14.3], with the unit's [14.7] bonuses (RULING R-686). */
static int part_save(const struct bs_battle *b, int g,
		     const struct bs_creature *c, const struct bs_spell *sp,
		     struct bs_deriv *d)
{
	if (sp->save_vs < 0) {
		if (d)
			bs_deriv_init(d, 0, "no saving throw", NULL, "[14.3]");
		return 0;
	}
	return bs1e_save_creature(c, sp->save_vs, d) -
	       bs1e_bonus_saves(b, g, d);
}

/* The creatures of figure h that plan p strikes (RULING R-576). */
static int creatures_struck(const struct bs1e_cast_plan *p,
			    const struct bs1e_area_hit *h)
{
	return p->area.shape == BS_AREA_LINE ? h->per_figure : h->creatures;
}

/* [14.5 B] the fate of one figure: wound_only by the side struck, and
 * RULING R-576: a figure partly in the area (not all its creatures) can
 * at most be wounded. */
static void figure_fate(const struct bs_battle *b,
			const struct bs1e_cast_plan *p,
			const struct bs1e_area_hit *h, int hdpc, int hd,
			struct bs1e_spell_effect *fx)
{
	const struct bs_unit_state *u = &b->units[bs1e_g(b, h->side, h->unit)];
	int wo = bs1e_spell_wound_only(p->area.shape, h->strike, u->formation,
				       h->first_half);
	bs1e_spell_effect(hdpc, hd, save_kind(p->sp), wo, fx);
	/* RULING R-576: a line strikes every creature of a figure it
	 * crosses ([14.5 B] "it can cause a figure to be removed": a bolt is
	 * narrower than any base); another shape only those in it */
	if (h->creatures < h->per_figure && p->area.shape != BS_AREA_LINE) {
		if (fx->if_saved == BS1E_SPELL_REMOVED)
			fx->if_saved = BS1E_SPELL_WOUNDED;
		if (fx->if_failed == BS1E_SPELL_REMOVED)
			fx->if_failed = BS1E_SPELL_WOUNDED;
		fx->fate = fx->if_saved == fx->if_failed
			       ? fx->if_failed
			       : BS1E_SPELL_SAVE_DECIDES;
	}
}

static double fate_value(enum bs1e_spell_fate f, double hd)
{
	return f == BS1E_SPELL_REMOVED	 ? hd
	       : f == BS1E_SPELL_WOUNDED ? hd / 2
					 : 0;
}

void bs1e_cast_expect(const struct bs_battle *b, int side,
		      const struct bs1e_cast_plan *p, struct bs1e_cast_value *v)
{
	memset(v, 0, sizeof *v);
	if (!p->legal || p->fails || !p->has_area)
		return;
	struct bs_dice dice;
	if (bs1e_spell_damage_dice(p->sp, p->level, p->breath_hp, &dice) != 0)
		return;
	/* the HD per creature of the mean roll: parts read on D6/D8 as
	 * they are, the others' mean hit points / 4 [14.5 A] */
	double hp = 0;
	int hd = 0;
	for (int i = 0; i < dice.nparts; i++) {
		struct bs_dice one = {.nparts = 1};
		one.part[0] = dice.part[i];
		struct bs_dice_source probe;
		bs_dice_source_script(&probe, NULL, 0);
		struct bs1e_magic_hd m;
		if (bs1e_magic_hd(&one, &probe, &m) == 0 && m.hp_parts == 0)
			hd += m.dice_hd;
		else
			hp += mean_part(&dice.part[i]);
	}
	int hdpc = 10 * hd + (int)floor(hp / 4 * 10 + 0.5);
	int n = bs1e_area_figures(b, &p->area, NULL, 0);
	if (n <= 0)
		return;
	struct bs1e_area_hit *h = malloc((size_t)n * sizeof *h);
	if (!h)
		return;
	bs1e_area_figures(b, &p->area, h, n);
	for (int i = 0; i < n; i++) {
		int own = h[i].side == side;
		if (own)
			v->own_figs++;
		else
			v->enemy_figs++;
		if (h[i].unit < 0)
			continue;
		int g = bs1e_g(b, h[i].side, h[i].unit);
		double fig_hd = b->units[g].r.hd_fig / 10.0, e;
		const struct bs_creature *pc[2];
		int phd[2];
		if (mounted_parts(b, g, pc, phd)) {
			/* RULING R-530: removed when either part is, wounded
			 * when either is and neither removed */
			double pr[2], pw[2];
			for (int k = 0; k < 2; k++) {
				struct bs1e_spell_effect fx;
				figure_fate(b, p, &h[i], hdpc, phd[k], &fx);
				double ps =
				    bs1e_save_chance20(
					part_save(b, g, pc[k], p->sp, NULL),
					p->sp->save_mod) /
				    20.0;
				double hit =
				    p->sp->kind == BS_MAGIC_BREATH
					? 1
					: 1 - bs1e_mr_at(pc[k]->mr, p->level) /
						  100.0;
				double s1 =
				    fx.fate == BS1E_SPELL_SAVE_DECIDES ? ps : 1;
				enum bs1e_spell_fate a =
				    fx.fate == BS1E_SPELL_SAVE_DECIDES
					? fx.if_saved
					: fx.fate;
				enum bs1e_spell_fate z =
				    fx.fate == BS1E_SPELL_SAVE_DECIDES
					? fx.if_failed
					: fx.fate;
				pr[k] = hit *
					(s1 * (a == BS1E_SPELL_REMOVED) +
					 (1 - s1) * (z == BS1E_SPELL_REMOVED));
				pw[k] = hit *
					(s1 * (a == BS1E_SPELL_WOUNDED) +
					 (1 - s1) * (z == BS1E_SPELL_WOUNDED));
			}
			double rem = 1 - (1 - pr[0]) * (1 - pr[1]);
			double wnd = (1 - pr[0]) * (1 - pr[1]) -
				     (1 - pr[0] - pw[0]) * (1 - pr[1] - pw[1]);
			e = rem * fig_hd + wnd * fig_hd / 2;
		} else {
			struct bs1e_spell_effect fx;
			figure_fate(b, p, &h[i], hdpc,
				    creature_hd(&b->units[g]), &fx);
			double ps =
			    bs1e_save_chance20(unit_save(b, g, p->sp, NULL),
					       p->sp->save_mod) /
			    20.0;
			e = fx.fate == BS1E_SPELL_SAVE_DECIDES
				? ps * fate_value(fx.if_saved, fig_hd) +
				      (1 - ps) *
					  fate_value(fx.if_failed, fig_hd)
				: fate_value(fx.fate, fig_hd);
			/* [14.1] the figures that resist are unaffected */
			if (p->sp->kind != BS_MAGIC_BREATH)
				e *= 1 -
				     bs1e_mr_at(bs1e_unit_mr(b, g), p->level) /
					 100.0;
		}
		if (own)
			v->own_hd += e;
		else
			v->enemy_hd += e;
	}
	free(h);
}

/* ---- the cast ------------------------------------------------------------
 */

void bs1e_cast_reject(struct bs_battle *b, int side, int indiv,
		      const char *what, const char *cite, const char *why)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_REJECTED);
	ev.side = side;
	ev.indiv = indiv;
	ev.what = what;
	ev.cite = cite;
	ev.why = why;
	bs_battle_emit(b, &ev);
}

/* REJECTED of a cast of individual k (global). */
static void reject(struct bs_battle *b, int side, int indiv, const char *why,
		   const char *cite)
{
	bs1e_cast_reject(b, side, indiv, why, cite, NULL);
}

/* The side of plan p's caster (or breathing unit, RULING R-645). */
static int plan_side(const struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	return p->k >= 0 ? b->indivs[p->k].side : b->units[p->g].side;
}

void bs1e_cast_event(const struct bs_battle *b, struct bs_event *ev,
		     const struct bs1e_cast_plan *p, int n0, int g, int t)
{
	bs1e_ev(b, ev, BS_EV_CAST);
	ev->side = plan_side(b, p);
	/* RULING R-645: a unit's breath names the unit (indiv -1) */
	if (p->k >= 0)
		ev->indiv = b->indivs[p->k].idx;
	else
		ev->unit = b->units[p->g].idx;
	if (g >= 0) {
		ev->tside = b->units[g].side;
		ev->tunit = b->units[g].idx;
	} else if (t >= 0) {
		ev->tside = b->indivs[t].side;
		ev->tindiv = b->indivs[t].idx;
	}
	ev->n[0] = n0;
	ev->what = p->sp->name;
}

/* The CAST event of the cast itself (n[0] 0): see docs/EVENTS.md. */
static void emit_cast(struct bs_battle *b, const struct bs1e_cast_plan *p,
		      int hdpc, const char *why)
{
	struct bs_event ev;
	bs1e_cast_event(b, &ev, p, 0, p->tg, p->tk);
	ev.n[1] = p->sp->level;
	ev.n[2] = p->level;
	ev.n[3] = (int)lround(p->range * 10);
	ev.n[4] = (int)lround(p->reach * 10);
	ev.n[5] = p->has_area ? p->area.shape : 0;
	ev.n[6] = (int)lround(p->area.a * 100);
	ev.n[7] = (int)lround(p->area.b * 100);
	ev.n[8] = hdpc;
	ev.n[9] = p->fails;
	if (p->k >= 0) {
		const struct bs_indiv_state *c = &b->indivs[p->k];
		ev.n[10] = bs1e_spells_left(b, c->side, c->idx, p->sp);
		ev.n[11] = bs1e_spells_left(b, c->side, c->idx, NULL);
	}
	if (p->breath_hp) {
		/* [13.7]: his hit points for the caster level, his breaths
		 * left for the spells left (docs/EVENTS.md); RULING R-607: a
		 * unit's, one creature's mean hit points, its breaths left */
		ev.n[2] = p->breath_hp;
		ev.n[10] = ev.n[11] =
		    p->k >= 0 ? bs1e_breaths_left(b, ev.side, ev.indiv)
			      : bs1e_sc(b)->ux[p->g].breaths;
	}
	/* [14.20] RULING R-681: the charges left of the item used */
	if (p->item)
		ev.n[12] = bs1e_sc(b)->ix[p->k].charges[p->item - 1];
	/* [14.1] [10.6] RULING R-335: cast as pass-through fire: n[13] 1,
	 * n[14] the mover's inches moved by then (tenths), n[15] the mover
	 * (bs_ev_mover_code) */
	const struct bs_move_point *at = bs1e_sc(b)->pt_at;
	if (at) {
		/* [10.5] RULING R-637: 2, a breath on his own way
		 * (split-fire) */
		ev.n[13] = at->unit < 0 && p->k >= 0 &&
				   at->side == b->indivs[p->k].side &&
				   at->indiv == b->indivs[p->k].idx
			       ? 2
			       : 1;
		ev.n[14] = (int)lround(at->moved * 10);
		ev.n[15] = at->unit >= 0
			       ? bs_ev_mover_code(at->side, at->unit, 0)
			       : bs_ev_mover_code(at->side, at->indiv, 1);
	}
	ev.x0 = p->from.x;
	ev.y0 = p->from.y;
	ev.x1 = p->aim.x;
	ev.y1 = p->aim.y;
	ev.f1 = p->area.facing;
	ev.why = why;
	ev.cite = p->breath_hp
		      ? p->fails ? "[13.7] [14.4]" : "[13.7] [14.2] [14.4]"
		  : p->item  ? p->fails ? "[14.20] [14.1] [14.4]"
					: "[14.20] [14.1] [14.2] [14.4]"
		  : p->fails ? "[14.1] [14.4]"
			     : "[14.1] [14.2] [14.4]";
	bs_battle_emit(b, &ev);
}

/* The NOTE of the spells he has left [14.1]. */
static void note_left(struct bs_battle *b, int k)
{
	if (!bs_battle_events_on(b))
		return;
	const struct bs_spell_memory *m = &bs1e_sc(b)->ix[k].mem;
	char buf[512];
	size_t n = 0;
	int w = snprintf(buf, sizeof buf, "spells left:");
	n = w > 0 ? (size_t)w : 0;
	int any = 0;
	for (int i = 0; i < m->ind->nspells && n + 1 < sizeof buf; i++) {
		if (m->left[i] <= 0)
			continue;
		w = snprintf(buf + n, sizeof buf - n, "%s %s %d",
			     any ? "," : "", m->ind->spells[i].spell->name,
			     m->left[i]);
		if (w > 0)
			n += (size_t)w < sizeof buf - n ? (size_t)w
							: sizeof buf - n - 1;
		any = 1;
	}
	if (!any && n + 1 < sizeof buf) {
		w = snprintf(buf + n, sizeof buf - n, " none");
		if (w > 0)
			n += (size_t)w < sizeof buf - n ? (size_t)w
							: sizeof buf - n - 1;
	}
	/* [14.20] RULING R-681: and the charges of his wands, staves and
	 * rods, when he has one */
	const struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[k];
	any = 0;
	for (int i = 0; i < BS_UNIT_MAX_ITEMS && n + 1 < sizeof buf; i++) {
		if (!x->item[i])
			continue;
		w = snprintf(buf + n, sizeof buf - n, "%s %s %d",
			     any ? "," : "; charges left:", x->item[i]->name,
			     x->charges[i]);
		if (w > 0)
			n += (size_t)w < sizeof buf - n ? (size_t)w
							: sizeof buf - n - 1;
		any = 1;
	}
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_NOTE);
	ev.side = b->indivs[k].side;
	ev.indiv = b->indivs[k].idx;
	ev.what = buf;
	ev.cite = "[14.1]";
	bs_battle_emit(b, &ev);
}

/* The HD per creature of plan p's damage [14.5 A], rolled once for the
 * cast (the parts not read on D6/D8: dice kind "damage"). -1 when the
 * dice failed. */
static int damage_hd(struct bs_battle *b, const struct bs1e_cast_plan *p,
		     struct bs1e_magic_hd *m)
{
	struct bs_dice dice;
	memset(m, 0, sizeof *m);
	if (bs1e_spell_damage_dice(p->sp, p->level, p->breath_hp, &dice) != 0)
		return 0;
	int items = 0, sides = 0;
	for (int i = 0; i < dice.nparts; i++) {
		struct bs_dice one = {.nparts = 1};
		one.part[0] = dice.part[i];
		struct bs_dice_source probe;
		bs_dice_source_script(&probe, NULL, 0);
		struct bs1e_magic_hd t;
		if ((bs1e_magic_hd(&one, &probe, &t) != 0 || t.hp_parts > 0) &&
		    dice.part[i].sides > 0) {
			items += dice.part[i].count;
			if (!sides)
				sides = dice.part[i].sides;
		}
	}
	if (items > 0) {
		static const struct bs_roll_why why_hd = {
		    BS_ROLL_DAMAGE,
		    {0, 0},
		    0,
		    "hit points of the spell",
		    "[14.5 A]"};
		if (p->k >= 0)
			bs_dice_why_indiv(&b->dice, &why_hd, items, sides,
					  b->indivs[p->k].side,
					  b->indivs[p->k].idx, -1, -1, p->tg);
		else /* RULING R-645: a unit's breath */
			bs_dice_why_n(&b->dice, &why_hd, items, sides, 0,
				      b->units[p->g].side, p->g, p->tg);
	}
	return bs1e_magic_hd(&dice, &b->dice, m);
}

/* [14.5 B] [14.3] one part of the figures of unit g in the area, hits
 * h[0..n): the whole figures (part 0), or a mounted figure's riders (1)
 * or steeds (2) of creature c, hd tenths each (RULING R-530): their magic
 * resistance, their fates, the saves that decide them, the event (its
 * n[12] the part); the fates into out[0..n). -1 when the dice failed. */
static int strike_part(struct bs_battle *b, const struct bs1e_cast_plan *p,
		       int g, const struct bs1e_area_hit *h, int n, int hdpc,
		       int part, const struct bs_creature *c, int hd,
		       unsigned ward, enum bs1e_spell_fate *out)
{
	/* [14.7] RULING R-739: resisting figures take half the HD per
	 * creature (R-735's half, in tenths rounded down) */
	if (ward & 1u)
		hdpc = bs1e_resisted_damage(hdpc);
	struct bs1e_spell_effect fx[BS1E_MAX_FIGS];
	int nd = 0;
	/* [3.1] [14.1] magic resistance before the saves (r14_resist.c) */
	signed char res[BS1E_MAX_FIGS];
	if (bs1e_resist_base(b, p, g, -1, n, res,
			     part ? c->mr : bs1e_unit_mr(b, g), part) < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		figure_fate(b, p, &h[i], hdpc, hd, &fx[i]);
		if (res[i])
			fx[i].fate = BS1E_SPELL_NONE;
		nd += fx[i].fate == BS1E_SPELL_SAVE_DECIDES;
	}
	/* [14.3] "Make a separate saving throw roll for each figure in the
	 * spell area of effect"; RULING R-576: for the figures whose fate it
	 * decides ([14.5 B]: the others are removed or wounded whatever
	 * they roll) */
	struct bs_deriv sd;
	int number =
	    part ? part_save(b, g, c, p->sp, &sd) : unit_save(b, g, p->sp, &sd);
	/* [14.7] RULING R-739: the warded figures' saves (R-735's +3 against
	 * their element, R-737's +2 against an evil caster or breather) */
	if (p->sp->save_vs >= 0 && (ward & 1u)) {
		number -= 3;
		bs_deriv_add(&sd, -3, "[14.7] [14.3] RULING R-739",
			     "resist %s (+3 to saves)",
			     bs_spell_element_name[p->sp->element]);
	}
	if (p->sp->save_vs >= 0 && (ward & 2u)) {
		number -= 2;
		bs_deriv_add(&sd, -2, "[14.7] [14.3] RULING R-739",
			     "protection from evil (+2 to saves against "
			     "evil)");
	}
	signed char each[BS1E_MAX_FIGS];
	int rec[BS1E_MAX_FIGS];
	struct bs1e_figure_saves fs;
	memset(&fs, 0, sizeof fs);
	if (nd > 0 && bs1e_cast_figure_saves(b, g, nd, number, p->sp->save_mod,
					     each, rec, &fs) != 0)
		return -1;
	int removed = 0, wounded = 0, j = 0;
	for (int i = 0; i < n; i++) {
		enum bs1e_spell_fate f = fx[i].fate;
		if (f == BS1E_SPELL_SAVE_DECIDES)
			f = each[j++] ? fx[i].if_saved : fx[i].if_failed;
		out[i] = f;
		removed += f == BS1E_SPELL_REMOVED;
		wounded += f == BS1E_SPELL_WOUNDED;
	}
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_cast_event(b, &ev, p, 1, g, -1);
		ev.n[1] = n;
		ev.n[2] = hdpc;
		ev.n[3] = bs1e_area_figure_hd(hdpc, h[0].per_figure);
		ev.n[4] = nd > 0 ? fs.need : 0;
		ev.n[5] = nd;
		ev.n[6] = fs.saved;
		ev.n[7] = removed;
		ev.n[8] = wounded;
		ev.n[9] = p->area.shape == BS_AREA_LINE ||
				  p->area.shape == BS_AREA_CONE
			      ? (int)h[0].strike
			      : -1;
		int whole = 0;
		for (int i = 0; i < n; i++)
			whole += creatures_struck(p, &h[i]) >= h[i].per_figure;
		ev.n[10] = whole;
		ev.n[11] = h[0].per_figure;
		ev.n[12] = part;
		ev.n[13] = (int)ward;
		int nr =
		    fs.rolled < BS_EV_MAX_DICE ? fs.rolled : BS_EV_MAX_DICE;
		for (int i = 0; i < nr; i++)
			ev.dice[i] = rec[i];
		ev.ndice = nr;
		ev.die_sides = 20;
		if (nd > 0) {
			ev.deriv = sd;
			ev.has_deriv = 1;
		}
		ev.cite = part ? "[14.5 A] [14.5 B] [14.3] [11.1] RULING R-530"
			       : "[14.5 A] [14.5 B] [14.3]";
		bs_battle_emit(b, &ev);
	}
	return 0;
}

/* [14.5 B] [14.3] the figures of unit g in the area, hits h[0..n): their
 * fates, the saves that decide them, the removals at once. */
/* [14.7] RULING R-739: of the n figures of unit g plan p strikes, the
 * first *nw are warded as *ward says (1 resisting its element, 2 under
 * protection from evil against an evil caster), the next *nw2 as *ward2,
 * the rest not (the figures not warded are struck first, R-739). */
static void ward_runs(const struct bs_battle *b, const struct bs1e_cast_plan *p,
		      int g, int n, int *nw, unsigned *ward, int *nw2,
		      unsigned *ward2)
{
	int r = bs1e_bonus_struck(
	    b, g, n, bs1e_bonus_unit_resists(b, g, p->sp->element));
	int e = p->sp->save_vs < 0
		    ? 0
		    : bs1e_bonus_struck(b, g, n,
					bs1e_bonus_unit_warded(
					    b, g, p->k, p->k >= 0 ? -1 : p->g));
	int lo = r < e ? r : e, hi = r < e ? e : r;
	*nw = lo;
	*ward = lo > 0 ? 3u : 0u;
	*nw2 = hi - lo;
	*ward2 = r > e ? 1u : 2u;
}

static void strike_unit(struct bs_battle *b, const struct bs1e_cast_plan *p,
			int g, const struct bs1e_area_hit *h, int n, int hdpc)
{
	struct bs_unit_state *u = &b->units[g];
	enum bs1e_spell_fate f[BS1E_MAX_FIGS], fm[BS1E_MAX_FIGS];
	if (n > BS1E_MAX_FIGS)
		n = BS1E_MAX_FIGS;
	const struct bs_creature *pc[2];
	int phd[2];
	int mounted = mounted_parts(b, g, pc, phd);
	int nw, nw2;
	unsigned wd, wd2;
	ward_runs(b, p, g, n, &nw, &wd, &nw2, &wd2);
	/* RULING R-739: the warded figures' runs apart, each its own step */
	int runs[3][2] = {{0, nw}, {nw, nw + nw2}, {nw + nw2, n}};
	unsigned wards[3] = {wd, wd2, 0};
	for (int r = 0; r < 3; r++) {
		int a = runs[r][0], m = runs[r][1] - a;
		if (m <= 0)
			continue;
		if (mounted) {
			/* RULING R-530 [11.1]: riders, then steeds; the
			 * figure is removed when either is killed, wounded
			 * when either is wounded and neither killed
			 * (bs1e_mounted_fate) */
			if (strike_part(b, p, g, h + a, m, hdpc, 1, pc[0],
					phd[0], wards[r], f + a) ||
			    strike_part(b, p, g, h + a, m, hdpc, 2, pc[1],
					phd[1], wards[r], fm + a))
				return;
			for (int i = a; i < a + m; i++)
				f[i] = bs1e_mounted_fate(f[i], fm[i]);
		} else if (strike_part(b, p, g, h + a, m, hdpc, 0, NULL,
				       creature_hd(u), wards[r], f + a)) {
			return;
		}
	}
	int removed = 0, wounded = 0;
	for (int i = 0; i < n; i++) {
		removed += f[i] == BS1E_SPELL_REMOVED;
		wounded += f[i] == BS1E_SPELL_WOUNDED;
	}
	if (mounted && bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_NOTE);
		ev.side = u->side;
		ev.unit = u->idx;
		char buf[160];
		snprintf(buf, sizeof buf,
			 "a figure is removed when its rider or its steed "
			 "dies, wounded when either is wounded: %d removed, "
			 "%d wounded",
			 removed, wounded);
		ev.what = buf;
		ev.cite = "[11.1] RULING R-530";
		bs_battle_emit(b, &ev);
	}
	u->flags |= BS_UF_ATTACKED;
	if (removed == 0 && wounded == 0)
		return;
	/* [14.1] "Like missile fire, magical casualties are removed at once":
	 * the missile casualties' path, with Table 5's "removed by magic" */
	struct bs1e_hit hit;
	memset(&hit, 0, sizeof hit);
	hit.from = p->g;
	hit.from_indiv = p->k;
	hit.to = g;
	hit.c.killed = removed;
	hit.c.wounded = wounded;
	hit.by_magic = 1;
	/* [13.8] RULING R-720: killed by fire or acid, it does not rise */
	hit.no_regen =
	    p->sp->element == BS_ELEM_FIRE || p->sp->element == BS_ELEM_ACID;
	int had = u->wounded;
	bs1e_apply_hits_cite(b, g, &hit, 1, "a spell", "[14.1] [14.5 B]");
	/* [13.8] "Damage caused by fire and acid attacks does not
	 * regenerate" (RULING R-605): the Wound marker a fire or acid spell
	 * or breath placed stays */
	if ((p->sp->element == BS_ELEM_FIRE ||
	     p->sp->element == BS_ELEM_ACID) &&
	    wounded > 0 && u->wounded > 0 && u->wounded >= had)
		bs1e_sc(b)->ux[g].wound_noregen = 1;
}

/* [14.5 A] "Against individuals, damage is determined by normal AD&D
 * game rules": individual t (global) in the area, or the target. */
static void strike_indiv(struct bs_battle *b, const struct bs1e_cast_plan *p,
			 int t)
{
	struct bs_indiv_state *d = &b->indivs[t];
	const struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[t];
	/* [3.1] [14.1] his magic resistance first (r14_resist.c) */
	signed char resisted = 0;
	if (bs1e_resist(b, p, -1, t, 1, &resisted) != 0)
		return;
	int vs = p->sp->save_vs;
	int number = vs >= 0 ? x->save[vs] : 0;
	struct bs_deriv md;
	bs_deriv_init(&md, number, NULL, NULL, "[14.3]");
	if (vs >= 0)
		md = x->save_d[vs];
	int mod = vs >= 0 ? bs1e_save_mod_individual(
				d->def, vs, p->sp->save_mod, p->sp->mental, &md)
			  : 0;
	/* [14.7] RULING R-615: his bonus to saving throws (prayer) */
	if (vs >= 0)
		mod += bs1e_bonus_indiv_saves(b, t, &md);
	/* [14.7] RULING R-735: resist fire / cold, +3 to his save and half
	 * the damage of a spell or breath of its element */
	int resists = bs1e_bonus_indiv_resists(b, t, p->sp->element,
					       vs >= 0 ? &md : NULL);
	if (resists && vs >= 0)
		mod += 3;
	/* RULING R-737: protection from evil, an evil caster or breather */
	if (vs >= 0)
		mod += bs1e_bonus_warded(b, t, p->k, -1, -1, 1, &md);
	struct bs1e_save_who who = {d->side, -1, d->idx};
	struct bs1e_indiv_spell r;
	if (bs1e_spell_hp_damage(p->sp, p->level, p->breath_hp, d->hp, number,
				 mod, &b->dice, &who, &r) != 0)
		return;
	if (resists) {
		r.damage = bs1e_resisted_damage(r.damage);
		r.hp_after = r.hp_before - r.damage;
		r.killed = r.hp_after <= 0;
	}
	/* [13.8] RULING R-724: fire and acid do not regenerate */
	if (p->sp->element == BS_ELEM_FIRE || p->sp->element == BS_ELEM_ACID)
		bs1e_regen_burnt(b, t, d->hp - r.hp_after);
	d->hp = r.hp_after;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_cast_event(b, &ev, p, 2, -1, t);
		ev.n[1] = r.rolled;
		ev.n[2] = r.save_die;
		ev.n[3] = r.saved;
		ev.n[4] = r.damage;
		ev.n[5] = r.hp_after;
		ev.n[6] = r.killed;
		ev.n[7] = number - mod;
		ev.n[8] = resists; /* RULING R-735 */
		if (r.save_die) {
			ev.dice[0] = r.save_die;
			ev.ndice = 1;
			ev.die_sides = 20;
			ev.deriv = md;
			ev.has_deriv = 1;
		}
		ev.cite = "[14.5 A] [14.3]";
		bs_battle_emit(b, &ev);
	}
	if (r.killed) {
		/* [13.8] RULING R-725: killed by fire or acid he does not
		 * rise */
		if (p->sp->element == BS_ELEM_FIRE ||
		    p->sp->element == BS_ELEM_ACID)
			bs1e_regen_fire_blow(b, t);
		bs1e_indiv_killed(b, t, plan_side(b, p), "killed by a spell",
				  "[14.5 A]");
	}
}

static void strike_area(struct bs_battle *b, const struct bs1e_cast_plan *p,
			int hdpc);

/* Resolve legal plan p: spend, place, strike. */
static void cast(struct bs_battle *b, struct bs1e_cast_plan *p, const char *why)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	struct bs_indiv_state *c = &b->indivs[p->k];
	/* [14.7] RULING R-729: casting (or using) anything else ends the
	 * chant he keeps up */
	if (s->ix[p->k].chant)
		bs1e_chant_stop(b, p->k, "he casts another spell");
	/* [14.4] "the spell automatically fails and is expended"; [14.1]
	 * a cast spends the spell */
	if (p->breath_hp)
		bs1e_breath_spend(b, p->k); /* [13.7] RULING R-642 */
	else if (p->item)
		/* [14.20] RULING R-681: a use spends a charge, also when it
		 * fails [14.4]; his spell memory is untouched */
		s->ix[p->k].charges[p->item - 1]--;
	else
		bs_spell_memory_spend(&s->ix[p->k].mem, p->sp);
	struct bs1e_magic_hd m;
	memset(&m, 0, sizeof m);
	if (!p->fails && p->has_area && damage_hd(b, p, &m) != 0)
		return;
	if (bs_battle_events_on(b))
		emit_cast(b, p, m.hd_tenths, why);
	if (!p->breath_hp)
		note_left(b, p->k);
	/* [14.8] RULING R-635: a spell at an enemy is an attack: it ends
	 * the caster's invisibility (improved invisibility excepted) */
	if ((p->tg >= 0 && b->units[p->tg].side != c->side) ||
	    (p->tk >= 0 && b->indivs[p->tk].side != c->side))
		bs1e_fx_invis_attacks(b, p->k);
	/* [9.2] "If a spell is CAST by a commander, his unit is out of
	 * command for the entire Game Round" (a breath is no spell); "a
	 * commander can use magic items or innate spell abilities and still
	 * command"; RULING R-340: a pass-through cast too, from its moment
	 * (command decided again at once) */
	if (s->precasting)
		; /* [14.1] RULING R-707: before the battle, no Game Round */
	else if (c->rank != BS_RANK_NONE && !p->breath_hp && !p->item)
		bs1e_commander_casts(b, c->side, c->idx);
	else
		c->flags |= BS_IF_CAST;
	if (p->fails) {
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			bs1e_ev(b, &ev, BS_EV_NOTE);
			ev.side = c->side;
			ev.indiv = c->idx;
			ev.what = p->why;
			ev.cite = p->cite;
			bs_battle_emit(b, &ev);
		}
		return;
	}
	if (bs_spell_effect_played(p->sp)) {
		bs1e_fx_cast(b, p); /* [14.6 B] [14.9] */
		return;
	}
	if (bs_spell_bonus_played(p->sp)) {
		bs1e_bonus_cast(b, p); /* [14.7] r14_bonus.c */
		/* RULING R-729: chant, kept up while he chants */
		if (p->sp->dur_kind == BS_DUR_CONCENTRATION)
			bs1e_chant_begin(b, p);
		return;
	}
	if (!p->has_area) {
		strike_indiv(b, p, p->tk);
		return;
	}
	strike_area(b, p, m.hd_tenths);
}

/* [14.5 A] "an area of effect spell affects every creature in that
 * area!": friend and foe, hdpc HD per creature (tenths). */
static void strike_area(struct bs_battle *b, const struct bs1e_cast_plan *p,
			int hdpc)
{
	int n = bs1e_area_figures(b, &p->area, NULL, 0);
	if (n <= 0)
		return;
	struct bs1e_area_hit *h = malloc((size_t)n * sizeof *h);
	if (!h)
		return;
	bs1e_area_figures(b, &p->area, h, n);
	int targets[BS1E_MAX_UNITS], first[BS1E_MAX_UNITS],
	    count[BS1E_MAX_UNITS];
	int nt = 0;
	for (int i = 0; i < n; i++) {
		if (h[i].unit < 0)
			continue;
		int g = bs1e_g(b, h[i].side, h[i].unit);
		if (nt > 0 && targets[nt - 1] == g) {
			count[nt - 1]++;
			continue;
		}
		targets[nt] = g;
		first[nt] = i;
		count[nt++] = 1;
	}
	for (int i = 0; i < nt && !b->result.over; i++)
		if (bs1e_in_play(b, targets[i]))
			strike_unit(b, p, targets[i], &h[first[i]], count[i],
				    hdpc);
	for (int i = 0; i < n && !b->result.over; i++) {
		if (h[i].indiv < 0)
			continue;
		int t = b->indiv_first[h[i].side] + h[i].indiv;
		/* RULING R-643: not the breather, whose mouth it leaves */
		if (b->indivs[t].alive && !(p->breath_hp && t == p->k))
			strike_indiv(b, p, t);
	}
	free(h);
}

void bs1e_cast_run(struct bs_battle *b, struct bs1e_cast_plan *p,
		   const char *why)
{
	cast(b, p, why);
}

/* [13.7] [14.1] RULING: a unit's breath: one use of the
 * day spent (also when it fails [14.4]), its CAST event, the unit's
 * invisibility ended by the attack [14.8], its area struck [14.5]. */
void bs1e_unit_breath_run(struct bs_battle *b, struct bs1e_cast_plan *p,
			  const char *why)
{
	struct bs1e_unit_x *x = &bs1e_sc(b)->ux[p->g];
	if (x->breaths > 0)
		x->breaths--;
	x->breathed = b->round;
	struct bs1e_magic_hd m;
	memset(&m, 0, sizeof m);
	if (!p->fails && damage_hd(b, p, &m) != 0)
		return;
	if (bs_battle_events_on(b))
		emit_cast(b, p, m.hd_tenths, why);
	/* [14.8] RULING R-635: a breath at an enemy is an attack */
	bs1e_fx_unit_invis_attacks(b, p->g);
	if (p->fails) {
		bs1e_note(b, p->g, p->why, p->cite);
		return;
	}
	strike_area(b, p, m.hd_tenths);
}

/* ---- [14.1] Q&A 127.66: spells disrupted by missile fire ---------------- */

static const struct bs_roll_why why_disrupt = {
    BS_ROLL_INITIATIVE, {6, 0}, 1, "(spell disruption)", "[14.1] Q&A 127.66"};

/* 1 when an individual of `side` on the table has missile shots left. */
static int side_can_shoot(const struct bs_battle *b, int side)
{
	for (int i = 0; i < b->sc->sides[side].nindividuals; i++)
		if (bs1e_indiv_on_table(b, side, i) &&
		    bs1e_indiv_shots_left(b, side, i) > 0)
			return 1;
	return 0;
}

/* RULING R-648: "make an initiative roll (this is separate from the roll
 * in the initiative phase)": 1d6 a side, ties rerolled among the tied
 * ([5.1], RULING R-100), once a Missile and Magic Phase, in the log. */
static void disrupt_roll(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	if (s->dis_round == b->round)
		return;
	s->dis_round = b->round;
	int order[BS_MAX_SIDES], dice[BS_EV_MAX_DICE], nd = 0;
	int rerolls = bs1e_rank_sides(b, &why_disrupt, 6, order, dice, &nd);
	for (int i = 0; i < b->nsides; i++)
		s->dis_rank[order[i]] = i;
	if (!bs_battle_events_on(b))
		return;
	char buf[256];
	int w = snprintf(buf, sizeof buf,
			 "spell disruption roll (separate from the Initiative "
			 "Phase): %s wins; casters of the others struck by "
			 "its missile fire lose their spells",
			 b->sc->sides[order[0]].name);
	if (w < 0)
		buf[0] = 0;
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_NOTE);
	for (int i = 0; i < nd; i++)
		ev.dice[i] = dice[i];
	ev.ndice = nd;
	ev.die_sides = 6;
	ev.side = order[0];
	ev.n[0] = order[0];
	ev.n[1] = rerolls;
	ev.what = buf;
	ev.cite = "[14.1] Q&A 127.66 (RULING R-648)";
	bs_battle_emit(b, &ev);
}

/* The sides (bit by side) whose missile fire disrupts caster k's spell:
 * RULING R-650: a caster standing alone (with a unit he is "immune to
 * missile fire, like any other hero"), a spell (not a breath, RULING
 * R-652), the enemy sides with an individual who can still shoot that
 * beat his side's roll. The roll is made when this first asks. */
static unsigned disrupters(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	const struct bs_indiv_state *c = &b->indivs[p->k];
	/* RULING R-682: nor the use of a wand, staff or rod */
	if (p->g >= 0 || p->breath_hp || p->item || p->fails ||
	    c->with_unit >= 0)
		return 0;
	unsigned can = 0;
	for (int sd = 0; sd < b->nsides; sd++)
		if (sd != c->side && side_can_shoot(b, sd))
			can |= 1u << sd;
	if (!can)
		return 0;
	disrupt_roll(b);
	const struct bs1e_scratch *s = bs1e_sc(b);
	unsigned m = 0;
	for (int sd = 0; sd < b->nsides; sd++)
		if ((can & (1u << sd)) &&
		    s->dis_rank[sd] < s->dis_rank[c->side])
			m |= 1u << sd;
	return m;
}

void bs1e_disrupt_begin(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int k = 0; k < b->nindivs; k++) {
		s->ix[k].struck_by = 0;
		s->ix[k].casting = 0;
	}
	s->dis_n = 0;
}

void bs1e_disrupt_struck(struct bs_battle *b, int t, int side)
{
	bs1e_sc(b)->ix[t].struck_by |= 1u << side;
}

/* RULING R-649: the casts begun in step A by casters who lost the roll go
 * off now, after step B's missile fire, in the order they were begun;
 * RULING R-651: one struck by the missile fire of a side that beat him
 * loses his spell (spent); RULING R-653: the others are checked again
 * (an order no longer legal is REJECTED, nothing spent) and cast. */
void bs1e_disrupt_end(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int q = 1; q <= s->dis_n && !b->result.over; q++) {
		int k = -1;
		for (int i = 0; i < b->nindivs && k < 0; i++)
			if (s->ix[i].casting == q)
				k = i;
		if (k < 0)
			continue;
		struct bs1e_indiv_x *x = &s->ix[k];
		x->casting = 0;
		int side = b->indivs[k].side;
		int struck = (x->struck_by & x->casting_by) != 0;
		struct bs1e_cast_plan p;
		int legal = bs1e_check_cast(b, side, &x->casting_o, &p);
		static const char dis_why[] =
		    "disrupted by missile fire before it went off: the spell "
		    "is lost (RULING R-651)";
		if (struck && legal) {
			p.fails = 1;
			p.why = dis_why;
			p.cite = "[14.1] Q&A 127.66";
			cast(b, &p, x->casting_o.why);
		} else if (struck) {
			/* struck and unable now (killed, say): lost too */
			bs_spell_memory_spend(&x->mem, x->casting_o.spell);
			bs1e_note_indiv(b, k, dis_why, "[14.1] Q&A 127.66");
		} else if (!legal) {
			reject(b, side, x->casting_o.indiv, p.why, p.cite);
		} else {
			cast(b, &p, x->casting_o.why);
		}
		bs1e_check_over(b, 0);
	}
	s->dis_n = 0;
}

void bs1e_casts(struct bs_battle *b, int side)
{
	/* [14.2] RULING R-718: first the spells under way (r14_chant.c) */
	bs1e_long_step(b, side);
	const struct bs_controller *ctl = b->ctl[side];
	if (!ctl || !ctl->cast)
		return;
	struct bs_cast_order o[BS_MAX_CAST_ORDERS];
	int n = ctl->cast(ctl->ctx, b, side, o, BS_MAX_CAST_ORDERS);
	if (n > BS_MAX_CAST_ORDERS)
		n = BS_MAX_CAST_ORDERS;
	for (int i = 0; i < n && !b->result.over; i++) {
		struct bs1e_cast_plan p;
		if (!bs1e_check_cast(b, side, &o[i], &p)) {
			reject(b, side, o[i].indiv, p.why, p.cite);
			continue;
		}
		/* [14.2] RULING R-718: a spell of more than one Game Round
		 * begins (out of range or sight it fails at once [14.4]) */
		if (!p.fails && bs1e_cast_rounds(p.sp) > 1) {
			bs1e_long_begin(b, &p, &o[i]);
			continue;
		}
		/* [14.1] Q&A 127.66 RULING R-649: "spellcasters losing this
		 * roll have their spells disrupted if they are struck by
		 * missile fire": his spell goes off after step B */
		unsigned by = disrupters(b, &p);
		if (by) {
			struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[p.k];
			x->casting = ++bs1e_sc(b)->dis_n;
			x->casting_by = by;
			x->casting_o = o[i];
			bs1e_note_indiv(
			    b, p.k,
			    "begins casting: his side lost the spell "
			    "disruption roll, the spell goes off after "
			    "the missile fire (RULING R-649)",
			    "[14.1] Q&A 127.66");
			continue;
		}
		cast(b, &p, o[i].why);
		bs1e_check_over(b, 0);
	}
}

/* ---- pass-through magic [14.0] [14.1] [10.6] (RULING R-335 .. R-340) -----
 */

/* RULING R-335: the magic that may be used as pass-through fire: a spell
 * (or the spell of a wand, staff or rod) of a category the rules say may
 * ([14.5], [14.6]: bs_spell_pass_through), and a breath weapon ([13.7]
 * "They can be used as split-fire or as pass-through fire"). */
int bs1e_pt_magic_ok(const struct bs_spell *sp)
{
	if (!sp)
		return 0;
	if (sp->kind == BS_MAGIC_BREATH)
		return 1;
	if (bs_spell_is_item(sp) && sp->as)
		return bs_spell_pass_through(sp->as);
	/* [14.2] RULING R-718: not a spell of more than one Game Round */
	return bs_spell_pass_through(sp) && bs1e_cast_rounds(sp) <= 1;
}

/* 1 when individual k (global) may still cast pass-through this round:
 * on the table, no cast yet [14.1], something left to cast. */
static int pt_caster(const struct bs_battle *b, int k)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	const struct bs_controller *ctl = b->ctl[c->side];
	return ctl && ctl->pass_through_cast && c->alive && !c->lost &&
	       !(c->flags & BS_IF_CAST) && !bs1e_sc(b)->ix[k].casting &&
	       (bs1e_spells_left(b, c->side, c->idx, NULL) > 0 ||
		bs1e_breaths_left(b, c->side, c->idx) > 0 ||
		bs1e_charges_left(b, c->side, c->idx, NULL) > 0);
}

int bs1e_casts_pt_possible(const struct bs_battle *b, int mside)
{
	if (b->sc->level != BS_LEVEL_ADVANCED || !bs1e_indivs_in_play(b))
		return 0;
	for (int k = 0; k < b->nindivs; k++)
		if (b->indivs[k].side != mside && pt_caster(b, k))
			return 1;
	return 0;
}

int bs1e_casts_pt_orders(struct bs_battle *b, int mside, int munit,
			 const struct bs_move_point *path, int npath,
			 struct bs1e_pt_order *out, int max)
{
	int n = 0;
	if (!bs1e_casts_pt_possible(b, mside))
		return 0;
	for (int i = 0; i < b->nsides; i++) {
		int side = b->side_order[i];
		const struct bs_controller *c = b->ctl[side];
		if (side == mside || !c || !c->pass_through_cast)
			continue;
		struct bs_cast_order o[BS_MAX_CAST_ORDERS];
		int at[BS_MAX_CAST_ORDERS];
		memset(at, 0, sizeof at);
		int m =
		    c->pass_through_cast(c->ctx, b, side, mside, munit, path,
					 npath, o, at, BS_MAX_CAST_ORDERS);
		if (m > BS_MAX_CAST_ORDERS)
			m = BS_MAX_CAST_ORDERS;
		for (int j = 0; j < m && n < max; j++) {
			const struct bs_cast_order *q = &o[j];
			if (q->indiv < 0 ||
			    q->indiv >= b->sc->sides[side].nindividuals ||
			    at[j] < 0 || at[j] >= npath) {
				bs_battle_say(b, BS_EV_REJECTED, -1,
					      "pass-through magic of no such "
					      "caster or moment",
					      "[14.1] [10.6] RULING R-338");
				continue;
			}
			int k = b->indiv_first[side] + q->indiv, dup = 0;
			for (int r = 0; r < n; r++)
				dup |= out[r].k == k;
			/* [14.1] one spell a Game Round */
			if (dup) {
				reject(b, side, q->indiv,
				       "one spell a Game Round: a second "
				       "pass-through cast is refused",
				       "[14.1] RULING R-336");
				continue;
			}
			struct bs1e_pt_order *po = &out[n++];
			memset(po, 0, sizeof *po);
			po->g = po->h = po->ti = -1;
			po->k = k;
			po->at = at[j];
			po->ammo = -1;
			po->why = q->why;
			po->is_cast = 1;
			po->cast = *q;
		}
	}
	return n;
}

void bs1e_pt_cast(struct bs_battle *b, const struct bs1e_pt_order *o,
		  const struct bs_move_point *at)
{
	const struct bs_indiv_state *c = &b->indivs[o->k];
	int side = c->side;
	struct bs1e_cast_plan p;
	/* [14.0] "Unless the BATTLESYSTEM rules specify that a type of spell
	 * can be used as pass-through, it cannot be so used" */
	if (!bs1e_pt_magic_ok(o->cast.spell)) {
		reject(b, side, c->idx,
		       "it cannot be used as pass-through fire: only the "
		       "spells of [14.5] and [14.6] (and their items), and "
		       "breath weapons [13.7] (RULING R-335)",
		       "[14.0]");
		return;
	}
	/* every check of a cast, the mover where the moment has it */
	if (!bs1e_check_cast(b, side, &o->cast, &p)) {
		reject(b, side, c->idx, p.why, p.cite);
		return;
	}
	/* [14.1] "before the enemy figure enters into base-to-base contact
	 * with it": RULING R-335, the moments end with the one of contact
	 * (R-477's, R-674's): the last; there [14.1]'s contact rule holds
	 * (magic on himself or at the figures he touches) */
	struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[o->k];
	x->pt_cast = p.item ? 2 : 1;
	/* RULING R-337: no disruption roll; it goes off at once */
	bs1e_sc(b)->pt_at = at;
	cast(b, &p, o->why);
	bs1e_sc(b)->pt_at = NULL;
	bs1e_check_over(b, 0);
}

const char *bs1e_pt_cast_no_move(const struct bs_battle *b, int k, double *half)
{
	*half = -1;
	int pt = bs1e_sc(b)->ix[k].pt_cast;
	if (!pt || bs1e_bonus_casts_moving(b, k))
		return NULL; /* [14.1] haste (RULING R-616) */
	const struct bs_indiv_state *c = &b->indivs[k];
	if (c->with_unit >= 0)
		return "a caster with it used magic as pass-through fire this "
		       "Game Round: his unit's move is his, it does not move "
		       "(RULING R-336, R-572)";
	if (pt == 2) {
		*half = c->mv / 2.0;
		return "he used a magic item as pass-through fire this Game "
		       "Round: half his movement rate at most (RULING R-336)";
	}
	return "he cast a spell as pass-through fire this Game Round: he "
	       "does not move (RULING R-336)";
}
