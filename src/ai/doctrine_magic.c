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
 * R-687). [13.7] A breather with a breath left breathes by the same choice
 * (RULING R-644: at once, whatever the number of figures). */
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
		o.why = sp->effect == BS_SPFX_ROUT && sp->area == BS_AREA_NONE
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
			: sp->effect == BS_SPFX_HOLD &&
				sp->area != BS_AREA_NONE && sp->creatures_all
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
		for (int es = 0; es < b->nsides; es++) {
			if (es == side)
				continue;
			/* a hold without an area goes at units too */
			int at_units = sp->area != BS_AREA_NONE ||
				       bs_spell_effect_played(sp);
			if (at_units)
				for (int u = 0; u < b->sc->sides[es].nunits;
				     u++)
					consider(b, side, k, sp, es, u, -1,
						 &best);
			if (sp->area == BS_AREA_NONE)
				for (int j = 0;
				     j < b->sc->sides[es].nindividuals; j++)
					/* [14.8] RULING R-633 */
					if (bs1e_indiv_on_table(b, es, j) &&
					    !bs1e_indiv_unseen(b, es, j))
						consider(b, side, k, sp, es, -1,
							 j, &best);
		}
	}
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
