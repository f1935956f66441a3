/* Spell effects with durations (issue 16), the Advanced Game: the battle's
 * list of effects on units' figures and on individuals (kind, caster and
 * spell, Game Rounds left, the figures affected), counted down at the End
 * of Game Round with the expiry in the log [1.0] [14.2] (RULING R-620);
 * [14.6 B] the holds that immobilize (Immobilized marker): figures by
 * the ratio (RULING R-621), a unit with held figures does not move
 * held figures do not fight or shoot, "persons";
 * [14.9] fear: each figure in the area saves, a figure that fails routs
 * its unit, a lone individual flees; [14.6 B] sleep by the PH's
 * table of hit dice, broken by a friend in contact (R-629; individuals
 * A commander held, asleep or fleeing commands nothing: command is
 * decided again when such an effect begins and ends. [14.8]
 * invisibility on a lone individual, the no-referee form: the Invisible
 * marker, by touch, no attack at him, contact
 * finds him and the -4 AC, his attack ends it, his free
 * attack on contact; detect invisibility and true seeing find the
 * invisible; what the doctrine's casts of them are worth. */
#include <stdlib.h>
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_undead.h"
#include "bs1e/engine.h"

const char *const bs1e_marker_name[BS1E_MARKER__COUNT] = {
    [BS1E_MARKER_NONE] = "none",
    [BS1E_MARKER_IMMOBILIZED] = "Immobilized",
    [BS1E_MARKER_CHARM] = "Charm",
    [BS1E_MARKER_MAGIC] = "Magic",	   /* [14.7] r14_bonus.c */
    [BS1E_MARKER_INVISIBLE] = "Invisible", /* [14.8] RULING R-631 */
};

/* ---- the list ------------------------------------------------------------ */

void bs1e_fx_reset(struct bs_battle *b)
{
	bs1e_sc(b)->nfx = 0;
}

/* Room for one more effect; NULL when out of memory. */
static struct bs1e_effect *fx_new(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	if (s->nfx == s->maxfx) {
		int m = s->maxfx ? 2 * s->maxfx : 16;
		struct bs1e_effect *f = realloc(s->fx, (size_t)m * sizeof *f);
		if (!f)
			return NULL;
		s->fx = f;
		s->maxfx = m;
	}
	struct bs1e_effect *e = &s->fx[s->nfx++];
	memset(e, 0, sizeof *e);
	e->g = e->t = -1;
	e->src_g = e->src_t = -1;
	return e;
}

struct bs1e_effect *bs1e_fx_new(struct bs_battle *b)
{
	return fx_new(b);
}

/* 1 when effect kind `kind` immobilizes [14.6 B]. */
static int immobilizes(enum bs_spell_effect kind)
{
	/* RULING R-658: [14.9]'s "stunned" as a hold: neither moves nor
	 * fights for the duration, the Immobilized marker ([14.0] "paralyzed,
	 * held, or otherwise rendered immobile") */
	return kind == BS_SPFX_HOLD || kind == BS_SPFX_SLEEP ||
	       kind == BS_SPFX_PARALYSIS || kind == BS_SPFX_STUN;
}

int bs1e_fx_held(const struct bs_battle *b, int g)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	/* [13.6] RULING R-556: a god's awe holds every figure */
	if (s->ux[g].awed)
		return b->units[g].figures;
	int n = 0;
	for (int i = 0; i < s->nfx; i++)
		if (s->fx[i].g == g && immobilizes(s->fx[i].kind))
			n += s->fx[i].figs;
	return n < b->units[g].figures ? n : b->units[g].figures;
}

int bs1e_fx_indiv_held(const struct bs_battle *b, int k)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	if (s->ix[k].awed) /* [13.6] RULING R-556: a god's awe */
		return 1;
	for (int i = 0; i < s->nfx; i++)
		if (s->fx[i].t == k && immobilizes(s->fx[i].kind))
			return 1;
	return 0;
}

int bs1e_fx_indiv_afraid(const struct bs_battle *b, int k, struct bs_vec *from)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < s->nfx; i++)
		if (s->fx[i].t == k && s->fx[i].kind == BS_SPFX_ROUT) {
			if (from)
				*from = s->fx[i].from;
			return 1;
		}
	return 0;
}

int bs1e_fx_active(const struct bs_battle *b, int g, int n)
{
	/* RULING R-623: "immobilized" figures neither fight nor shoot; the
	 * held figures are taken from those that would attack */
	int held = bs1e_fx_held(b, g);
	return n > held ? n - held : 0;
}

/* ---- the figures a spell affects ---------------------------------------- */

/* RULING R-624: [PH] "persons" are humans, demi-humans and humanoids up to
 * man size: a creature flagged humanoid of size S or M; an individual of
 * no race is a human. */
static int person(const struct bs_creature *c)
{
	return !c || ((c->flags & BS_CF_HUMANOID) && c->size <= BS_SIZE_M);
}

/* [14.6 B] RULING R-654: hold animal's "animals", hold plant's "plants",
 * snake charm's "snakes": the creature's catalog flag animal, plant or
 * snake; an individual of no race (a human) is none of them. */
static int affects(const struct bs_spell *sp, const struct bs_creature *c)
{
	switch (sp->targets) {
	case BS_TARGETS_ANY:
		return 1;
	case BS_TARGETS_PERSONS:
		return person(c);
	case BS_TARGETS_ANIMALS:
		return c && (c->flags & BS_CF_ANIMAL);
	case BS_TARGETS_PLANTS:
		return c && (c->flags & BS_CF_PLANT);
	case BS_TARGETS_SNAKES:
		return c && (c->flags & BS_CF_SNAKE);
	default:
		return 0;
	}
}

/* The log's reason when sp does not affect a unit's creatures (indiv 0)
 * or an individual (1). */
static const char *not_affected(const struct bs_spell *sp, int indiv)
{
	switch (sp->targets) {
	case BS_TARGETS_ANIMALS:
		return indiv ? "no effect: he is not an animal (RULING R-654)"
			     : "no effect: its creatures are not animals "
			       "(RULING R-654)";
	case BS_TARGETS_PLANTS:
		return indiv ? "no effect: he is not a plant (RULING R-654)"
			     : "no effect: its creatures are not plants "
			       "(RULING R-654)";
	case BS_TARGETS_SNAKES:
		return indiv ? "no effect: he is not a snake (RULING R-654)"
			     : "no effect: its creatures are not snakes "
			       "(RULING R-654)";
	default:
		return indiv ? "no effect: he is not a person (RULING R-624)"
			     : "no effect: its creatures are not persons "
			       "(RULING R-624)";
	}
}

/* RULING R-658: 1 when hit dice hd are within sp's max_hd (scare's "fewer
 * than 6 levels or hit dice"; none: any). */
static int within_hd(const struct bs_spell *sp, const struct bs_hd *hd)
{
	return sp->max_hd.tenths == 0 || hd->tenths < sp->max_hd.tenths ||
	       (hd->tenths == sp->max_hd.tenths && hd->plus <= sp->max_hd.plus);
}

static struct bs_hd indiv_hd(const struct bs_individual *d);

/* [14.9] RULING: a fear of one creature (scare, cause fear:
 * no area, a number of creatures). */
static int fear_one(const struct bs_spell *sp)
{
	return (sp->effect == BS_SPFX_ROUT || sp->effect == BS_SPFX_STUN) &&
	       sp->area == BS_AREA_NONE;
}

/* Dice d of plan p's caster (0 when there are none), for `why`. */
static int roll(struct bs_battle *b, const struct bs1e_cast_plan *p,
		const struct bs_dice_part *d, const struct bs_roll_why *why)
{
	if (d->count <= 0)
		return 0;
	const struct bs_indiv_state *c = &b->indivs[p->k];
	bs_dice_why_indiv(&b->dice, why, d->count, d->sides, c->side, c->idx,
			  -1, -1, p->tg);
	return bs_dice_roll_part(&b->dice, d);
}

int bs1e_fx_rounds(int n, enum bs_time_unit unit)
{
	switch (unit) {
	case BS_TIME_SEGMENT:
		n = (n + 9) / 10;
		break;
	case BS_TIME_TURN:
		n *= 10;
		break;
	case BS_TIME_HOUR:
		n *= 60;
		break;
	case BS_TIME_DAY:
		n *= 1440;
		break;
	default:
		break;
	}
	return n > 0 ? n : 1;
}

/* RULING R-620: the duration in Game Rounds, the round of the cast the
 * first: one AD&D melee round is one Game Round [14.1], a turn ten. */
static int duration(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	const struct bs_spell *sp = p->sp;
	static const struct bs_roll_why why = {
	    BS_ROLL_DAMAGE, {0, 0}, 0, "the spell's duration", "[14.2]"};
	int n = bs1e_fx_rounds(bs_level_qty_at(&sp->dur, p->level) +
				   roll(b, p, &sp->dur_dice, &why),
			       sp->dur_unit);
	/* [14.1] RULING R-708: less the time of pre-casting */
	return sp->dur_kind == BS_DUR_TIMED ? n - bs1e_sc(b)->precast_deduct
					    : n;
}

/* RULING R-656: the Game Rounds of plan p's effect, -1 for a duration
 * "special" that no rule of the battle ends (paralyzation's: until
 * dispelled; dispel magic is not played): the battle's length. */
static int lasting(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	return p->sp->dur_kind == BS_DUR_TIMED ? duration(b, p) : -1;
}

/* The creatures the spell affects, rolled ([PH]: hold person's 1-4). */
static int creatures(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	const struct bs_spell *sp = p->sp;
	static const struct bs_roll_why why = {
	    BS_ROLL_DAMAGE,
	    {0, 0},
	    0,
	    "the creatures the spell affects",
	    "[14.6 B]"};
	return bs_level_qty_at(&sp->creatures, p->level) +
	       roll(b, p, &sp->creatures_dice, &why);
}

static int marker(enum bs_spell_effect kind)
{
	return immobilizes(kind) ? BS1E_MARKER_IMMOBILIZED
	       : kind == BS_SPFX_CHARM || kind == BS_SPFX_MASS_CHARM
		   ? BS1E_MARKER_CHARM
	       : kind == BS_SPFX_INVISIBLE ? BS1E_MARKER_INVISIBLE
					   : BS1E_MARKER_NONE;
}

/* The CAST event of an effect placed (n[0] 3) on unit g or individual t
 * (global): see docs/EVENTS.md. */
static void emit_effect(struct bs_battle *b, const struct bs1e_cast_plan *p,
			int g, int t, int ncreatures, int struck,
			const struct bs1e_figure_saves *fs, const int *rec,
			const struct bs_deriv *sd, int affected, int rounds,
			const char *why)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_cast_event(b, &ev, p, 3, g, t);
	ev.n[1] = p->sp->effect;
	ev.n[2] = ncreatures;
	ev.n[3] = struck;
	ev.n[4] = fs && fs->figures > 0 ? fs->need : 0;
	ev.n[5] = fs ? fs->figures : 0;
	ev.n[6] = fs ? fs->saved : 0;
	ev.n[7] = affected;
	ev.n[8] = affected > 0 && rounds > 0 ? rounds : 0;
	ev.n[9] = affected > 0 ? marker(p->sp->effect) : BS1E_MARKER_NONE;
	if (fs && fs->figures > 0) {
		int nr =
		    fs->rolled < BS_EV_MAX_DICE ? fs->rolled : BS_EV_MAX_DICE;
		for (int i = 0; i < nr; i++)
			ev.dice[i] = rec[i];
		ev.ndice = nr;
		ev.die_sides = 20;
		if (sd) {
			ev.deriv = *sd;
			ev.has_deriv = 1;
		}
	}
	ev.why = why;
	ev.cite =
	    p->sp->effect == BS_SPFX_INVISIBLE && p->sp->area != BS_AREA_NONE
		? "[14.8] RULING R-341, R-342, R-343"
	    : p->sp->effect == BS_SPFX_INVISIBLE ? "[14.8] RULING R-631, R-632"
	    : p->sp->effect == BS_SPFX_SEE_INVISIBLE ? "[14.8] RULING R-702"
	    : fear_one(p->sp) ? "[14.9] [14.3] RULING R-658, R-659"
	    : p->sp->category == BS_SPCAT_AWE_FEAR ? "[14.9] [14.3]"
	    : p->sp->effect == BS_SPFX_MASS_CHARM
		? "[14.6 A] [14.3] RULING R-463"
	    : p->sp->effect == BS_SPFX_SLEEP ? "[14.6 B] RULING R-628"
	    : p->sp->effect == BS_SPFX_PARALYSIS
		? "[14.6 B] [14.3] RULING R-656"
	    : p->sp->targets == BS_TARGETS_SNAKES ? "[14.6 B] RULING R-657"
	    : p->sp->area != BS_AREA_NONE && p->sp->creatures_all
		? "[14.6 B] [14.3] RULING R-655"
	    : p->sp->targets == BS_TARGETS_ANIMALS ||
		    p->sp->targets == BS_TARGETS_PLANTS
		? "[14.6 B] [14.3] RULING R-654"
		: "[14.6 B] [14.3]";
	bs_battle_emit(b, &ev);
}

void bs1e_fx_emit(struct bs_battle *b, const struct bs1e_cast_plan *p, int g,
		  int t, int struck, const struct bs1e_figure_saves *fs,
		  const int *rec, const struct bs_deriv *sd, int affected,
		  const char *why)
{
	emit_effect(b, p, g, t, 0, struck, fs, rec, sd, affected, 0, why);
}

/* RULING R-678: 1 when individual t (global) commands a unit or holds a
 * post [4.10] [9.3]: an effect that begins or ends on him decides command
 * again. */
static int commander(const struct bs_battle *b, int t)
{
	const struct bs_indiv_state *c = &b->indivs[t];
	for (int g = b->side_first[c->side];
	     g < b->side_first[c->side] + b->sc->sides[c->side].nunits; g++)
		if (b->units[g].commander == c->idx)
			return 1;
	const struct bs1e_scratch *s = bs1e_sc(b);
	for (int p = b->indiv_first[c->side];
	     p < b->indiv_first[c->side] + b->sc->sides[c->side].nindividuals;
	     p++)
		if (s->holder[p] == t)
			return 1;
	return 0;
}

static void add(struct bs_battle *b, const struct bs1e_cast_plan *p, int g,
		int t, int figs, int rounds)
{
	struct bs1e_effect *e = fx_new(b);
	if (!e)
		return;
	e->from = p->from;
	e->kind = p->sp->effect;
	e->sp = p->sp;
	e->k = p->k;
	e->g = g;
	e->t = t;
	e->figs = figs;
	e->left = rounds;
	e->round = b->round;
	/* [9.2] RULING R-678: a commander held, asleep or fleeing commands
	 * nothing from now: command is decided again (as R-515's cast) */
	if (t >= 0 && (immobilizes(e->kind) || e->kind == BS_SPFX_ROUT) &&
	    commander(b, t))
		bs1e_command_update(b, 0);
}

/* RULING R-657: snake charm's whole figures of unit g: those whose
 * snakes' hit points (4 a hit die, [14.5 A]'s measure) add up to no more
 * than the caster's hit points now. */
static int snake_figs(const struct bs_battle *b, const struct bs1e_cast_plan *p,
		      int g)
{
	int fig_hp = (4 * b->units[g].r.hd_fig + 9) / 10;
	return b->indivs[p->k].hp / (fig_hp > 0 ? fig_hp : 1);
}

/* [14.6 B] a hold at unit g: RULING R-621, whole figures by the ratio,
 * each saving for itself [14.3]; hold animal and hold plant by the
 * creatures' kind, snake charm by the caster's hit points
 * . [14.9] a fear of one creature: the figure it takes
 * saves; failed, the unit routs (cause fear) or is stunned (scare). */
static void hold_unit(struct bs_battle *b, const struct bs1e_cast_plan *p,
		      int g)
{
	const struct bs_unit_state *u = &b->units[g];
	const struct bs_spell *sp = p->sp;
	const struct bs_creature *cr = u->def->creature;
	if (!affects(sp, cr)) {
		emit_effect(b, p, g, -1, 0, 0, NULL, NULL, NULL, 0, 0,
			    not_affected(sp, 0));
		return;
	}
	if (cr && !within_hd(sp, &cr->hd)) {
		emit_effect(b, p, g, -1, 0, 0, NULL, NULL, NULL, 0, 0,
			    "no effect: its creatures have more hit dice "
			    "than the spell affects (RULING R-658)");
		return;
	}
	if (sp->effect == BS_SPFX_ROUT && (u->flags & BS_UF_ROUTED)) {
		emit_effect(b, p, g, -1, 0, 0, NULL, NULL, NULL, 0, 0,
			    "no effect: the unit routs already (RULING "
			    "R-658)");
		return;
	}
	int snakes = sp->targets == BS_TARGETS_SNAKES;
	int per = u->r.ratio > 0 ? u->r.ratio : 1;
	int nc = snakes ? 0 : creatures(b, p);
	int figs = snakes ? snake_figs(b, p, g) : nc / per;
	int free_figs = u->figures - bs1e_fx_held(b, g);
	if (figs > free_figs)
		figs = free_figs;
	if (figs < 0)
		figs = 0;
	if (snakes)
		nc = figs * per;
	struct bs1e_figure_saves fs;
	int rec[BS1E_MAX_FIGS];
	struct bs_deriv sd;
	memset(&fs, 0, sizeof fs);
	int held = figs;
	if (figs > 0 && sp->save_vs >= 0) {
		int number = bs1e_cast_unit_save(b, g, sp, &sd);
		if (bs1e_cast_figure_saves(b, g, figs, number, sp->save_mod,
					   NULL, rec, &fs) != 0)
			return;
		held = fs.failed;
	}
	int stun = sp->effect == BS_SPFX_STUN,
	    rout = sp->effect == BS_SPFX_ROUT;
	/* RULING R-658: [14.9] "If the saving throw fails, the unit either
	 * routs or is stunned": a stun holds every figure of the unit */
	int affected = held > 0 && stun ? free_figs : held;
	int rounds = affected > 0 && !rout ? lasting(b, p) : 0;
	const char *why =
	    figs == 0
		? (snakes ? "no whole figure: its snakes' hit points add up "
			    "to more than the caster's (RULING R-657)"
			  : "no whole figure: fewer creatures than a figure "
			    "holds (RULING R-621)")
	    : held > 0 && stun ? "a figure failed: the unit is stunned, its "
				 "figures neither move nor fight for the "
				 "duration (RULING R-658)"
	    : held > 0 && rout ? "a figure failed: the unit routs (RULING "
				 "R-658)"
	    : held > 0 && snakes
		? "torpid: the snakes whose hit points add up to no more "
		  "than the caster's (RULING R-657)"
		: NULL;
	emit_effect(b, p, g, -1, nc, figs, &fs, rec,
		    sp->save_vs >= 0 && figs > 0 ? &sd : NULL, affected, rounds,
		    why);
	if (affected > 0 && rout)
		bs1e_rout(b, g, &p->from, 1, "routs from a fear spell [14.9]");
	else if (affected > 0)
		add(b, p, g, -1, affected, rounds);
}

/* Individual t's (global) own saving throw against plan p's spell
 * [14.3], its record in fs, rec[0] and md; 1 when he fails (or has none),
 * 0 when he saves, -1 on a dice error. */
int bs1e_fx_indiv_fails(struct bs_battle *b, const struct bs1e_cast_plan *p,
			int t, struct bs1e_figure_saves *fs, int *rec,
			struct bs_deriv *md)
{
	const struct bs_indiv_state *d = &b->indivs[t];
	const struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[t];
	int vs = p->sp->save_vs;
	memset(fs, 0, sizeof *fs);
	rec[0] = 0;
	if (vs < 0)
		return 1;
	*md = x->save_d[vs];
	int mod = bs1e_save_mod_individual(d->def, vs, p->sp->save_mod,
					   p->sp->mental, md);
	mod += bs1e_bonus_indiv_saves(b, t, md); /* [14.7] RULING R-615 */
	/* [14.7] RULING R-737: his protection from evil, an evil caster's
	 * hold, charm, fear or slow */
	if (p->k >= 0)
		mod += bs1e_bonus_warded(b, t, p->k, -1, -1, 1, md);
	struct bs1e_save_who who = {d->side, -1, d->idx};
	int r = bs1e_save_roll(&b->dice, x->save[vs], mod, &who, &rec[0]);
	if (r < 0)
		return -1;
	fs->figures = fs->rolled = 1;
	fs->need = x->save[vs] - mod;
	fs->saved = r;
	fs->failed = !r;
	return !r;
}

/* [14.9] fear at individual t (global) standing alone in its area: RULING
 * R-676, his own saving throw; failed, he flees for the duration. */
static int fear_indiv(struct bs_battle *b, const struct bs1e_cast_plan *p,
		      int t)
{
	if (bs1e_fx_indiv_afraid(b, t, NULL)) {
		emit_effect(b, p, -1, t, 0, 0, NULL, NULL, NULL, 0, 0,
			    "no effect: he flees already (RULING R-676)");
		return 0;
	}
	struct bs1e_figure_saves fs;
	int rec[1];
	struct bs_deriv md;
	int f = bs1e_fx_indiv_fails(b, p, t, &fs, rec, &md);
	if (f < 0)
		return -1;
	int rounds = f ? duration(b, p) : 0;
	emit_effect(b, p, -1, t, 1, 1, &fs, rec,
		    p->sp->save_vs >= 0 ? &md : NULL, f, rounds,
		    f ? "he failed: he flees away from the caster at full "
			"move for the duration, and neither attacks, casts "
			"nor shoots (RULING R-676)"
		      : "he saved (RULING R-676)");
	if (f)
		add(b, p, -1, t, 1, rounds);
	return f;
}

/* [14.6 B] a hold at individual t (global): his own saving throw; the
 * kind of creature, snake charm's hit points. [14.9]
 * RULING R-659: a fear of one creature at him: his own save, then
 * stunned (scare: as held) or fleeing (cause fear: R-676's flight). */
static void hold_indiv(struct bs_battle *b, const struct bs1e_cast_plan *p,
		       int t)
{
	const struct bs_indiv_state *d = &b->indivs[t];
	const struct bs_spell *sp = p->sp;
	if (!affects(sp, d->def->race)) {
		emit_effect(b, p, -1, t, 0, 0, NULL, NULL, NULL, 0, 0,
			    not_affected(sp, 1));
		return;
	}
	struct bs_hd hd = indiv_hd(d->def);
	if (!within_hd(sp, &hd)) {
		emit_effect(b, p, -1, t, 0, 0, NULL, NULL, NULL, 0, 0,
			    "no effect: he has more levels or hit dice than "
			    "the spell affects (RULING R-659)");
		return;
	}
	if (sp->targets == BS_TARGETS_SNAKES && d->hp > b->indivs[p->k].hp) {
		emit_effect(b, p, -1, t, 0, 0, NULL, NULL, NULL, 0, 0,
			    "no effect: his hit points are more than the "
			    "caster's (RULING R-657)");
		return;
	}
	if (sp->effect == BS_SPFX_ROUT) {
		fear_indiv(b, p, t); /* RULING */
		return;
	}
	if (bs1e_fx_indiv_held(b, t)) {
		emit_effect(b, p, -1, t, 0, 0, NULL, NULL, NULL, 0, 0,
			    "no effect: he is held already");
		return;
	}
	int vs = sp->save_vs;
	struct bs1e_figure_saves fs;
	int rec[1];
	struct bs_deriv md;
	int held = bs1e_fx_indiv_fails(b, p, t, &fs, rec, &md);
	if (held < 0)
		return;
	int rounds = held ? lasting(b, p) : 0;
	emit_effect(b, p, -1, t, 1, 1, &fs, rec, vs >= 0 ? &md : NULL, held,
		    rounds,
		    held && sp->effect == BS_SPFX_STUN
			? "stunned: he neither moves, attacks, casts nor "
			  "shoots for the duration (RULING R-659)"
		    : held && sp->targets == BS_TARGETS_SNAKES
			? "torpid: his hit points are no more than the "
			  "caster's (RULING R-657)"
			: NULL);
	if (held)
		add(b, p, -1, t, 1, rounds);
}

/* The figures and individuals in plan p's area, *n of them, in a block the
 * caller frees; NULL when there are none (or out of memory). */
static struct bs1e_area_hit *area_hits(const struct bs_battle *b,
				       const struct bs1e_cast_plan *p, int *n)
{
	*n = bs1e_area_figures(b, &p->area, NULL, 0);
	if (*n <= 0)
		return NULL;
	struct bs1e_area_hit *h = malloc((size_t)*n * sizeof *h);
	if (h)
		bs1e_area_figures(b, &p->area, h, *n);
	return h;
}

struct bs1e_area_hit *bs1e_fx_area_hits(const struct bs_battle *b,
					const struct bs1e_cast_plan *p, int *n)
{
	return area_hits(b, p, n);
}

/* [14.9] fear in the area: RULING R-625, each figure saves, a figure that
 * fails routs its unit; RULING R-676, an individual standing alone in it
 * saves for himself and flees. */
static void fear_area(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	int n;
	struct bs1e_area_hit *h = area_hits(b, p, &n);
	if (!h)
		return;
	for (int i = 0; i < n && !b->result.over;) {
		if (h[i].unit < 0) {
			int t = b->indiv_first[h[i].side] + h[i].indiv;
			i++;
			if (fear_indiv(b, p, t) < 0)
				break;
			continue;
		}
		int g = bs1e_g(b, h[i].side, h[i].unit), c = 0;
		while (i + c < n && h[i + c].unit == h[i].unit &&
		       h[i + c].side == h[i].side)
			c++;
		i += c;
		if (!bs1e_in_play(b, g))
			continue;
		struct bs1e_figure_saves fs;
		int rec[BS1E_MAX_FIGS];
		struct bs_deriv sd;
		memset(&fs, 0, sizeof fs);
		int failed = c;
		if (p->sp->save_vs >= 0) {
			int number = bs1e_cast_unit_save(b, g, p->sp, &sd);
			if (bs1e_cast_figure_saves(b, g, c, number,
						   p->sp->save_mod, NULL, rec,
						   &fs) != 0)
				break;
			failed = fs.failed;
		}
		emit_effect(b, p, g, -1, 0, c, &fs, rec,
			    p->sp->save_vs >= 0 ? &sd : NULL, failed, 0,
			    failed > 0 ? "a figure failed: the unit routs "
					 "(RULING R-625)"
				       : NULL);
		b->units[g].flags |= BS_UF_ATTACKED;
		if (failed > 0)
			bs1e_rout(b, g, &p->from, 1,
				  "routs from a fear spell [14.9]");
	}
	free(h);
}

static int group(const struct bs1e_area_hit *h, int n, int i);

/* RULING R-656: paralyzation's pool, "2 HD a level of the caster in all"
 * (the PH), in tenths of a hit die. */
static int para_pool(const struct bs1e_cast_plan *p)
{
	return p->sp->effect == BS_SPFX_PARALYSIS ? 20 * p->level : -1;
}

/* The tenths of hit dice individual t (global) takes of a pool. */
static int indiv_tenths(const struct bs_battle *b, int t)
{
	struct bs_hd hd = indiv_hd(b->indivs[t].def);
	return hd.tenths > 0 ? hd.tenths : 10;
}

/* [14.6 B] an immobilization of every creature of an area: RULING R-655
 * (entangle), each figure in it saves for itself [14.3], those that fail
 * held, the saved not; RULING R-656 (paralyzation), the figures its 2 HD
 * a level cover, in the area's order, save, those that fail paralyzed
 * until the battle ends. An individual standing alone in it saves for
 * himself. */
static void hold_area(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	const struct bs_spell *sp = p->sp;
	int n, pool = para_pool(p);
	struct bs1e_area_hit *h = area_hits(b, p, &n);
	if (!h)
		return;
	const char *failed_why =
	    pool >= 0 ? "paralyzed: not woken by friends, only magic or the "
			"end of the effect frees them; no dispel is played: "
			"for the battle (RULING R-656)"
		      : "held fast by the plants for the duration (RULING "
			"R-655)";
	const char *saved_why =
	    pool >= 0 ? NULL
		      : "those who saved are not held (the PH's escape at "
			"half speed is not played, RULING R-655)";
	for (int i = 0; i < n && !b->result.over;) {
		if (h[i].unit < 0) {
			int t = b->indiv_first[h[i].side] + h[i].indiv;
			i++;
			int need = indiv_tenths(b, t);
			const char *why_not =
			    !affects(sp, b->indivs[t].def->race)
				? not_affected(sp, 1)
			    : bs1e_fx_indiv_held(b, t)
				? "no effect: he is held already"
			    : pool >= 0 && pool < need
				? "no effect: the spell's 2 hit dice a level "
				  "are spent (RULING R-656)"
				: NULL;
			if (why_not) {
				emit_effect(b, p, -1, t, 0, 0, NULL, NULL, NULL,
					    0, 0, why_not);
				continue;
			}
			if (pool >= 0)
				pool -= need;
			struct bs1e_figure_saves fs;
			int rec[1];
			struct bs_deriv md;
			int f = bs1e_fx_indiv_fails(b, p, t, &fs, rec, &md);
			if (f < 0)
				break;
			int rounds = f ? lasting(b, p) : 0;
			emit_effect(b, p, -1, t, 1, 1, &fs, rec,
				    sp->save_vs >= 0 ? &md : NULL, f, rounds,
				    f ? failed_why : saved_why);
			if (f)
				add(b, p, -1, t, 1, rounds);
			continue;
		}
		int g = bs1e_g(b, h[i].side, h[i].unit), c = group(h, n, i);
		i += c;
		if (!bs1e_in_play(b, g))
			continue;
		const struct bs_unit_state *u = &b->units[g];
		b->units[g].flags |= BS_UF_ATTACKED;
		if (!affects(sp, u->def->creature)) {
			emit_effect(b, p, g, -1, 0, c, NULL, NULL, NULL, 0, 0,
				    not_affected(sp, 0));
			continue;
		}
		int figs = c, free_figs = u->figures - bs1e_fx_held(b, g);
		if (figs > free_figs)
			figs = free_figs;
		int spent = 0;
		if (pool >= 0) {
			int hf = u->r.hd_fig > 0 ? u->r.hd_fig : 1;
			if (figs > pool / hf)
				figs = pool / hf;
			pool -= figs * hf;
			spent = figs < c && figs < free_figs;
		}
		struct bs1e_figure_saves fs;
		int rec[BS1E_MAX_FIGS];
		struct bs_deriv sd;
		memset(&fs, 0, sizeof fs);
		int held = figs;
		if (figs > 0 && sp->save_vs >= 0) {
			int number = bs1e_cast_unit_save(b, g, sp, &sd);
			if (bs1e_cast_figure_saves(b, g, figs, number,
						   sp->save_mod, NULL, rec,
						   &fs) != 0)
				break;
			held = fs.failed;
		}
		int rounds = held > 0 ? lasting(b, p) : 0;
		emit_effect(
		    b, p, g, -1, 0, figs, &fs, rec,
		    sp->save_vs >= 0 && figs > 0 ? &sd : NULL, held, rounds,
		    figs == 0 && spent
			? "no figure: the spell's 2 hit dice a level "
			  "are spent (RULING R-656)"
		    : figs == 0 ? "no effect: its figures in the area "
				  "are held already"
		    : spent	? "the figures its 2 hit dice a level cover "
				  "(RULING R-656)"
		    : held > 0	? failed_why
				: saved_why);
		if (held > 0)
			add(b, p, g, -1, held, rounds);
	}
	free(h);
}

/* ---- [14.6 B] sleep ------------------------------------------------------ */

/* RULING R-628: the row of the PH's sleep table for a creature of hit
 * dice hd: 0 up to 1 HD (4d4 creatures), 1 1+ to 2 (2d4), 2 2+ to 3 (1d4),
 * 3 3+ to 4 (1), 4 4+1 to 4+4 (0-1); -1 above (not affected). */
static int sleep_row(const struct bs_hd *hd)
{
	for (int r = 0; r < 4; r++) {
		int top = 10 * (r + 1);
		if (hd->tenths < top || (hd->tenths == top && hd->plus <= 0))
			return r;
	}
	return hd->tenths == 40 && hd->plus <= 4 ? 4 : -1;
}

/* The creatures a sleep puts to sleep by row: the PH's dice (0-1 is a d2
 * less one). */
static const struct bs_dice_part sleep_dice[5] = {
    {4, 4, 0}, {2, 4, 0}, {1, 4, 0}, {0, 0, 1}, {1, 2, -1}};

/* The row of unit g's creatures, or -1 when sleep does not affect them
 * (the catalog's note: "not undead"; above 4+4 HD). */
static int sleep_row_of(const struct bs_battle *b, int g)
{
	const struct bs_unit *def = b->units[g].def;
	if (!def->creature || bs1e_unit_undead_type(def) != BS_UNDEAD_NONE)
		return -1;
	return sleep_row(&def->creature->hd);
}

/* The unit groups of the area's hits h[0..n): the count of hits (the
 * unit's figures the area touches) of the group at h[i]. */
static int group(const struct bs1e_area_hit *h, int n, int i)
{
	int c = 0;
	while (i + c < n && h[i + c].unit == h[i].unit &&
	       h[i + c].side == h[i].side)
		c++;
	return c;
}

/* RULING R-675: an individual's hit dice for the sleep table: a
 * character's most dice of his classes at his level (the PH's Table I,
 * bs1e_class_hit_dice: a fighter's level up to 9, a ranger's 2 at the
 * first), the hit points above as the plus; a class the tables do not
 * know by its level; no class, his race's dice; neither, a
 * 0-level man (up to 1 HD). */
static struct bs_hd indiv_hd(const struct bs_individual *d)
{
	struct bs_hd hd = {0, 0};
	if (d->nclasses <= 0)
		return d->race ? d->race->hd : hd;
	for (int i = 0; i < d->nclasses; i++) {
		struct bs1e_class_hd ch;
		struct bs_hd h = {10 * d->level[i], 0};
		if (bs1e_class_hit_dice(d->cls[i], d->level[i], &ch) == 0)
			h = (struct bs_hd){10 * ch.dice, ch.fixed};
		if (h.tenths > hd.tenths ||
		    (h.tenths == hd.tenths && h.plus > hd.plus))
			hd = h;
	}
	return hd;
}

/* RULING R-675: the row of individual t (global), -1 when sleep does not
 * affect him (undead, above 4+4 HD). */
static int sleep_row_indiv(const struct bs_battle *b, int t)
{
	const struct bs_individual *d = b->indivs[t].def;
	if (d->race && (d->race->turned_as != BS_UNDEAD_NONE ||
			(d->race->flags & BS_CF_UNDEAD)))
		return -1;
	struct bs_hd hd = indiv_hd(d);
	return sleep_row(&hd);
}

/* One unit's figures or one individual in a sleep's area: at hits
 * h[i..i+c), unit g or individual t (global), its row and hit dice. */
struct sgroup {
	int i, c, g, t, row;
	struct bs_hd hd;
};

/* RULING R-675: the area's groups in the order the sleep takes them, the
 * fewest hit dice first (the PH: "the least life energy"), ties in the
 * area's order; *n of them in a block the caller frees (NULL: none). */
static struct sgroup *sleep_groups(const struct bs_battle *b,
				   const struct bs1e_area_hit *h, int nh,
				   int *n)
{
	*n = 0;
	struct sgroup *s = malloc((size_t)(nh > 0 ? nh : 1) * sizeof *s);
	if (!s)
		return NULL;
	for (int i = 0; i < nh;) {
		struct sgroup x = {i, 1, -1, -1, -1, {0, 0}};
		if (h[i].unit < 0) {
			x.t = b->indiv_first[h[i].side] + h[i].indiv;
			x.row = sleep_row_indiv(b, x.t);
			x.hd = indiv_hd(b->indivs[x.t].def);
		} else {
			x.g = bs1e_g(b, h[i].side, h[i].unit);
			x.c = group(h, nh, i);
			x.row = sleep_row_of(b, x.g);
			if (b->units[x.g].def->creature)
				x.hd = b->units[x.g].def->creature->hd;
		}
		i += x.c;
		int j = *n;
		while (j > 0 && (s[j - 1].hd.tenths > x.hd.tenths ||
				 (s[j - 1].hd.tenths == x.hd.tenths &&
				  s[j - 1].hd.plus > x.hd.plus))) {
			s[j] = s[j - 1];
			j--;
		}
		s[j] = x;
		(*n)++;
	}
	return s;
}

/* The lowest row of the units and individuals in the area (5 when none
 * is affected; RULING ). */
static int sleep_lowest(const struct sgroup *s, int n)
{
	int low = 5;
	for (int i = 0; i < n; i++)
		if (s[i].row >= 0 && s[i].row < low)
			low = s[i].row;
	return low;
}

/* RULING R-628: of the `in` figures of unit g the area touches, those the
 * pool of creatures covers (whole figures by the ratio, R-621), not asleep
 * or held already; the pool spent. */
static int sleep_figs(const struct bs_battle *b, int g, int in, int *pool)
{
	const struct bs_unit_state *u = &b->units[g];
	int per = u->r.ratio > 0 ? u->r.ratio : 1;
	int figs = *pool / per, free_figs = u->figures - bs1e_fx_held(b, g);
	if (figs > in)
		figs = in;
	if (figs > free_figs)
		figs = free_figs;
	if (figs < 0)
		figs = 0;
	*pool -= figs * per;
	return figs;
}

/* [14.6 B] sleep in the area: RULING R-628, the dice of the row of the
 * lowest hit dice in it, that many creatures asleep by whole figures;
 * no saving throw (the PH). RULING R-675: an individual standing alone
 * in it is one creature of his hit dice, taken with the units' figures
 * the fewest hit dice first. */
static void sleep_area(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	int nh, n;
	struct bs1e_area_hit *h = area_hits(b, p, &nh);
	if (!h)
		return;
	struct sgroup *s = sleep_groups(b, h, nh, &n);
	free(h);
	if (!s)
		return;
	int low = sleep_lowest(s, n), pool = 0, rolled = 0;
	if (low < 5) {
		static const struct bs_roll_why why = {
		    BS_ROLL_DAMAGE,
		    {0, 0},
		    0,
		    "the creatures the sleep affects (the PH's table)",
		    "[14.6 B]"};
		pool = rolled = sleep_dice[low].count > 0
				    ? roll(b, p, &sleep_dice[low], &why)
				    : sleep_dice[low].plus;
	}
	for (int i = 0; i < n; i++) {
		int row = s[i].row;
		const char *why_not =
		    row < 0	 ? "no effect: undead, or above 4+4 hit dice "
				   "(RULING R-628, R-675)"
		    : row != low ? "no effect: the sleep takes the creatures "
				   "of the lowest hit dice in its area (RULING "
				   "R-628)"
				 : NULL;
		if (s[i].t >= 0) {
			int t = s[i].t, slept = 0;
			if (!why_not && bs1e_fx_indiv_held(b, t))
				why_not = "no effect: he is held or asleep "
					  "already (RULING R-675)";
			else if (!why_not && pool < 1)
				why_not = "no effect: the creatures rolled are "
					  "spent (RULING R-675)";
			else if (!why_not)
				slept = 1;
			int rounds = slept ? duration(b, p) : 0;
			emit_effect(b, p, -1, t, rolled, 1, NULL, NULL, NULL,
				    slept, rounds,
				    slept ? "asleep: one creature of his hit "
					    "dice (RULING R-675)"
					  : why_not);
			if (slept) {
				pool--;
				add(b, p, -1, t, 1, rounds);
			}
			continue;
		}
		int g = s[i].g;
		if (!bs1e_in_play(b, g))
			continue;
		int figs = row == low ? sleep_figs(b, g, s[i].c, &pool) : 0;
		int rounds = figs > 0 ? duration(b, p) : 0;
		emit_effect(b, p, g, -1, rolled, s[i].c, NULL, NULL, NULL, figs,
			    rounds,
			    why_not	? why_not
			    : figs == 0 ? "no whole figure asleep: the "
					  "creatures left do not make a "
					  "figure (RULING R-628)"
					: NULL);
		b->units[g].flags |= BS_UF_ATTACKED;
		if (figs > 0)
			add(b, p, g, -1, figs, rounds);
	}
	free(s);
}

/* RULING R-629: whether unit g's sleeping figures have a friend in base
 * contact: its own figures awake in closed or open formation (they stand
 * base to base with them), or a unit of its side in play touching it. */
static int sleep_friend(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	if (u->formation != BS_FORM_SKIRMISH && u->formation != BS_FORM_MOB &&
	    bs1e_fx_held(b, g) < u->figures)
		return 1;
	for (int h = 0; h < b->nunits; h++)
		if (h != g && b->units[h].side == u->side &&
		    bs1e_in_play(b, h) && bs1e_contact(b, g, h, NULL))
			return 1;
	return 0;
}

/* RULING R-675: whether sleeping individual t (global) has a
 * friend in base contact: a unit of his side in play, or a figure of his
 * side neither held nor asleep, touching his counter. */
static int sleep_friend_indiv(const struct bs_battle *b, int t)
{
	const struct bs_indiv_state *d = &b->indivs[t];
	if (!bs1e_indiv_figure(b, t))
		return 0;
	struct bs_quad q = bs1e_indiv_quad(b, t);
	for (int g = 0; g < b->nunits; g++) {
		if (b->units[g].side != d->side || !bs1e_in_play(b, g))
			continue;
		struct bs_quad u = bs1e_quad(b, g);
		if (bs_quad_dist_cmp(&q, &u, BS_GEOM_TOUCH) <= 0)
			return 1;
	}
	for (int j = 0; j < b->nindivs; j++) {
		if (j == t || b->indivs[j].side != d->side ||
		    !bs1e_indiv_figure(b, j) || bs1e_fx_indiv_held(b, j))
			continue;
		struct bs_quad o = bs1e_indiv_quad(b, j);
		if (bs_quad_dist_cmp(&q, &o, BS_GEOM_TOUCH) <= 0)
			return 1;
	}
	return 0;
}

/* ---- [14.8] invisibility on an individual standing alone --------------- */

/* RULING R-632: 1 when effect e is an invisibility that attacking ends
 * (the PH's invisibility, duration "special": "until the creature
 * attacks"); improved invisibility (a timed duration) is not. */
static int ends_on_attack(const struct bs1e_effect *e)
{
	return e->sp && e->sp->dur_kind != BS_DUR_TIMED;
}

/* The invisibility on unit g (global; g < 0: on individual t, global),
 * NULL none (RULING ). */
static const struct bs1e_effect *invis_on(const struct bs_battle *b, int g,
					  int t)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < s->nfx; i++)
		if ((g >= 0 ? s->fx[i].g == g : s->fx[i].t == t) &&
		    s->fx[i].kind == BS_SPFX_INVISIBLE)
			return &s->fx[i];
	return NULL;
}

static const struct bs1e_effect *unit_invis_of(const struct bs_battle *b, int g)
{
	return invis_on(b, g, -1);
}

static const struct bs1e_effect *invis_of(const struct bs_battle *b, int k)
{
	return invis_on(b, -1, k);
}

/* Not found, not broken: the other side cannot see it. */
static int unseen(const struct bs1e_effect *e)
{
	return e && !e->found && !e->broke;
}

int bs1e_fx_unit_unseen(const struct bs_battle *b, int g)
{
	/* [14.8] "They cannot be attacked unless they are detected by
	 * enemy forces"; "figures unable to see the invisible figures
	 * cannot make magic or missile attacks" RULING R-343 */
	return unseen(unit_invis_of(b, g));
}

int bs1e_fx_unit_invisible(const struct bs_battle *b, int g)
{
	const struct bs1e_effect *e = unit_invis_of(b, g);
	return e && !e->broke;
}

int bs1e_unit_unseen(const struct bs_battle *b, int side, int unit)
{
	if (side < 0 || side >= b->nsides || unit < 0 ||
	    unit >= b->sc->sides[side].nunits)
		return 0;
	return bs1e_fx_unit_unseen(b, bs1e_g(b, side, unit));
}

int bs1e_fx_unit_invis_ac(const struct bs_battle *b, int g)
{
	/* [14.8] "they have a -4 AC bonus as long as they are invisible";
	 * the rest of the Game Round it broke (RULING) */
	return unit_invis_of(b, g) ? 4 : 0;
}

/* [14.8] "If an invisible figure attacks, it loses its invisibility
 * according to the AD&D and D&D game rules": the invisibility on unit g
 * (global; g < 0: on individual t, global) ends now, the -4 kept to the
 * round's end. RULING R-345: a unit's melee or volley is its figures'
 * attack, the whole unit's ends; RULING R-635: an individual's, but
 * improved invisibility stays. */
static void invis_attacked(struct bs_battle *b, int g, int t)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < s->nfx; i++) {
		struct bs1e_effect *e = &s->fx[i];
		if ((g >= 0 ? e->g != g : e->t != t) ||
		    e->kind != BS_SPFX_INVISIBLE || e->broke)
			continue;
		if (g < 0 && !ends_on_attack(e))
			continue;
		e->broke = b->round > 0 ? b->round : 1;
		if (!bs_battle_events_on(b))
			continue;
		struct bs1e_cast_plan p;
		memset(&p, 0, sizeof p);
		p.k = e->k;
		p.sp = e->sp;
		struct bs_event ev;
		bs1e_cast_event(b, &ev, &p, 4, g, g >= 0 ? -1 : e->t);
		ev.n[1] = e->kind;
		ev.n[7] = g >= 0 ? e->figs : 1;
		ev.n[9] = BS1E_MARKER_INVISIBLE;
		ev.n[10] = b->round - e->round + 1;
		ev.why = g >= 0
			     ? "it attacked: its invisibility ends; it keeps "
			       "the -4 to its AC for the rest of this Game "
			       "Round (RULING R-345)"
			     : "he attacked: his invisibility ends; he keeps "
			       "the -4 to his AC for the rest of this Game "
			       "Round (RULING R-635)";
		ev.cite =
		    g >= 0 ? "[14.8] RULING R-345" : "[14.8] RULING R-635";
		bs_battle_emit(b, &ev);
	}
}

void bs1e_fx_unit_invis_attacks(struct bs_battle *b, int g)
{
	invis_attacked(b, g, -1);
}

int bs1e_fx_unseen(const struct bs_battle *b, int k)
{
	/* [14.8] "If you are not using a referee, place invisible figures
	 * on the board with an Invisible marker on them. They cannot be
	 * attacked unless they are detected by enemy forces." RULING R-633 */
	return unseen(invis_of(b, k));
}

int bs1e_indiv_unseen(const struct bs_battle *b, int side, int indiv)
{
	if (side < 0 || side >= b->nsides || indiv < 0 ||
	    indiv >= b->sc->sides[side].nindividuals)
		return 0;
	return bs1e_fx_unseen(b, b->indiv_first[side] + indiv);
}

int bs1e_fx_invis_ac(const struct bs_battle *b, int k)
{
	/* [14.8] "they have a -4 AC bonus as long as they are invisible";
	 * "the invisible figure retains its -4 AC bonus for the rest of
	 * that Game Round" (RULING) */
	return invis_of(b, k) ? 4 : 0;
}

void bs1e_fx_invis_attacks(struct bs_battle *b, int k)
{
	invis_attacked(b, -1, k);
}

/* 1 when the counter of individual t (global) touches an enemy figure: a
 * unit of another side in play, or another side's individual on the
 * table. */
static int touches_enemy(const struct bs_battle *b, int t)
{
	const struct bs_indiv_state *d = &b->indivs[t];
	struct bs_quad q = bs1e_indiv_quad(b, t);
	for (int g = 0; g < b->nunits; g++) {
		if (b->units[g].side == d->side || !bs1e_in_play(b, g))
			continue;
		struct bs_quad u = bs1e_quad(b, g);
		if (bs_quad_dist_cmp(&q, &u, BS_GEOM_TOUCH) <= 0)
			return 1;
	}
	for (int j = 0; j < b->nindivs; j++) {
		if (b->indivs[j].side == d->side || !bs1e_indiv_figure(b, j))
			continue;
		struct bs_quad o = bs1e_indiv_quad(b, j);
		if (bs_quad_dist_cmp(&q, &o, BS_GEOM_TOUCH) <= 0)
			return 1;
	}
	return 0;
}

/* RULING R-344: whether unit g (global) touches an enemy figure: the
 * first unit of another side in play it touches, else BS1E_MAX_UNITS for
 * another side's individual on the table, else -1. */
static int unit_touches_enemy(const struct bs_battle *b, int g)
{
	struct bs_quad q = bs1e_quad(b, g);
	for (int h = 0; h < b->nunits; h++) {
		if (b->units[h].side == b->units[g].side || !bs1e_in_play(b, h))
			continue;
		struct bs_quad u = bs1e_quad(b, h);
		if (bs_quad_dist_cmp(&q, &u, BS_GEOM_TOUCH) <= 0)
			return h;
	}
	for (int j = 0; j < b->nindivs; j++) {
		if (b->indivs[j].side == b->units[g].side ||
		    !bs1e_indiv_figure(b, j))
			continue;
		struct bs_quad o = bs1e_indiv_quad(b, j);
		if (bs_quad_dist_cmp(&q, &o, BS_GEOM_TOUCH) <= 0)
			return BS1E_MAX_UNITS;
	}
	return -1;
}

/* ---- [14.8] detect invisibility, true seeing (RULING R-702) ------------ */

int bs1e_fx_seeing_area(const struct bs_battle *b, const struct bs_spell *sp,
			int level, int t, struct bs_tt_area *ar)
{
	const struct bs_indiv_state *d = &b->indivs[t];
	memset(ar, 0, sizeof *ar);
	ar->shape = sp->area;
	ar->at = d->pos;
	ar->facing = d->facing;
	/* RULING R-572: one with a unit sees from the centre of its front,
	 * the way it faces */
	if (d->with_unit >= 0) {
		const struct bs_unit_state *u =
		    &b->units[bs1e_g(b, d->side, d->with_unit)];
		ar->at = u->front;
		ar->facing = u->facing;
	}
	if (sp->area == BS_AREA_CIRCLE) {
		/* RULING R-702: [14.8] "come within range of a true sight
		 * spell": its 6" (the PH's 60') is a range, table inches
		 * [14.2], not an area Table 17 converts */
		ar->a = bs_level_qty_at(&sp->area_a, level) / 10.0;
		return ar->a > 0 ? 0 : -1;
	}
	/* detect invisibility's path, an area of effect: Table 17 [14.2] */
	struct bs1e_area_size sz;
	int annotated =
	    (b->sc->options & (1u << BS_OPT_TABLE17_ANNOTATED)) != 0;
	if (bs1e_spell_area_size(sp, level, annotated, &sz) != 0)
		return -1;
	ar->a = sz.a;
	ar->b = sz.b;
	return 0;
}

/* 1 when the area hits h (n of them) hold a figure of unit g or the
 * counter of individual t (global; -1 the other). */
static int hits_hold(const struct bs_battle *b, const struct bs1e_area_hit *h,
		     int n, int g, int t)
{
	for (int i = 0; i < n; i++) {
		if (g >= 0 && h[i].unit >= 0 &&
		    bs1e_g(b, h[i].side, h[i].unit) == g)
			return 1;
		if (t >= 0 && h[i].unit < 0 &&
		    b->indiv_first[h[i].side] + h[i].indiv == t)
			return 1;
	}
	return 0;
}

/* RULING R-702: seeing effect si (on individual t) finds every
 * invisible enemy, not yet found, with a figure in its area now: a NOTE
 * by the one who sees, at what he found. */
static void seeing_finds(struct bs_battle *b, int si)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	const struct bs1e_effect *se = &s->fx[si];
	int t = se->t;
	const struct bs_indiv_state *d = &b->indivs[t];
	if (!d->alive || d->lost || se->k < 0)
		return;
	if (d->with_unit >= 0
		? !bs1e_in_play(b, bs1e_g(b, d->side, d->with_unit))
		: !bs1e_indiv_figure(b, t))
		return;
	int level = bs1e_caster_level(b->indivs[se->k].def, se->sp);
	struct bs_tt_area ar;
	if (bs1e_fx_seeing_area(b, se->sp, level, t, &ar) != 0)
		return;
	int n = bs1e_area_figures(b, &ar, NULL, 0);
	if (n <= 0)
		return;
	struct bs1e_area_hit *h = malloc((size_t)n * sizeof *h);
	if (!h)
		return;
	bs1e_area_figures(b, &ar, h, n);
	int path = se->sp->area == BS_AREA_LINE;
	for (int i = 0; i < s->nfx; i++) {
		struct bs1e_effect *e = &s->fx[i];
		if (e->kind != BS_SPFX_INVISIBLE || e->found || e->broke)
			continue;
		int side =
		    e->g >= 0 ? b->units[e->g].side : b->indivs[e->t].side;
		if (side == d->side || !hits_hold(b, h, n, e->g, e->t))
			continue;
		/* [14.8] "If invisible figures enter a detect invisibility
		 * spell area of effect, come within range of a true sight
		 * spell ..., they must be immediately placed on the board.
		 * However, they have a -4 AC bonus as long as they are
		 * invisible." */
		e->found = 1;
		if (!bs_battle_events_on(b))
			continue;
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_NOTE);
		ev.side = d->side;
		ev.indiv = d->idx;
		if (e->g >= 0) {
			ev.tside = b->units[e->g].side;
			ev.tunit = b->units[e->g].idx;
		} else {
			ev.tside = b->indivs[e->t].side;
			ev.tindiv = b->indivs[e->t].idx;
		}
		ev.what =
		    e->g >= 0
			? path ? "found: an invisible unit in the path of his "
				 "detect invisibility; it can be attacked, at "
				 "-4 to its AC while it is invisible (RULING "
				 "R-702)"
			       : "found: an invisible unit within the sight "
				 "of his true seeing; it can be attacked, at "
				 "-4 to its AC while it is invisible (RULING "
				 "R-702)"
		    : path ? "found: an invisible figure in the path of his "
			     "detect invisibility; he can be attacked, at -4 "
			     "to his AC while he is invisible (RULING R-702)"
			   : "found: an invisible figure within the sight of "
			     "his true seeing; he can be attacked, at -4 to "
			     "his AC while he is invisible (RULING R-702)";
		ev.cite = "[14.8] RULING R-702";
		bs_battle_emit(b, &ev);
	}
	free(h);
}

void bs1e_fx_seeing(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < s->nfx; i++)
		if (s->fx[i].kind == BS_SPFX_SEE_INVISIBLE && s->fx[i].t >= 0)
			seeing_finds(b, i);
}

/* [14.8] RULING R-702: plan p's seeing on individual p->tk: its rounds at
 * the caster's level, and what it finds at once. */
static void seeing_cast(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	int t = p->tk, rounds = duration(b, p);
	emit_effect(b, p, -1, t, 1, 1, NULL, NULL, NULL, 1, rounds,
		    p->sp->area == BS_AREA_LINE
			? "he sees the invisible in a path the way he faces, "
			  "for its rounds (RULING R-702)"
			: "he sees the invisible within its sight, for its "
			  "rounds (RULING R-702)");
	int before = bs1e_sc(b)->nfx;
	add(b, p, -1, t, 1, rounds);
	/* "immediately placed on the board" */
	if (bs1e_sc(b)->nfx > before)
		seeing_finds(b, before);
}

void bs1e_fx_invis_contact(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	/* RULING R-702: seeing magic finds first */
	bs1e_fx_seeing(b);
	/* RULING R-344: the free attacks after the list is gone through
	 * (an attack may change it) */
	int fg[BS1E_MAX_UNITS], fh[BS1E_MAX_UNITS], nf = 0;
	int ft[BS1E_MAX_INDIVS], nt = 0; /* RULING R-704 */
	for (int i = 0; i < s->nfx; i++) {
		struct bs1e_effect *e = &s->fx[i];
		if (e->kind != BS_SPFX_INVISIBLE || e->found || e->broke)
			continue;
		if (e->g >= 0) {
			int h = bs1e_in_play(b, e->g)
				    ? unit_touches_enemy(b, e->g)
				    : -1;
			if (h < 0)
				continue;
			/* [14.8] "If an invisible figure comes into
			 * base-to-base contact with any enemy figure at any
			 * point, the invisible figure must be placed on the
			 * board, but gets an immediate free melee, missile,
			 * or magic attack" RULING R-344: the whole unit is
			 * found; its free attack is a melee at the enemy
			 * unit it touches */
			e->found = 1;
			bs1e_note(
			    b, e->g,
			    h < BS1E_MAX_UNITS
				? "detected: an invisible unit in "
				  "base-to-base contact with an enemy "
				  "figure; it can be attacked, at -4 to "
				  "its AC while it is invisible; its free "
				  "melee attack now (RULING R-344)"
				: "detected: an invisible unit in "
				  "base-to-base contact with an enemy "
				  "figure; it can be attacked, at -4 to "
				  "its AC while it is invisible; a free "
				  "attack at an individual is not played "
				  "(RULING R-344)",
			    "[14.8] RULING R-344");
			if (h < BS1E_MAX_UNITS && nf < BS1E_MAX_UNITS) {
				fg[nf] = e->g;
				fh[nf++] = h;
			}
			continue;
		}
		if (!bs1e_indiv_figure(b, e->t) || !touches_enemy(b, e->t))
			continue;
		/* [14.8] "If an invisible figure comes into base-to-base
		 * contact with any enemy figure at any point, the invisible
		 * figure must be placed on the board" RULING R-634 */
		e->found = 1;
		bs1e_note_indiv(
		    b, e->t,
		    "detected: an invisible figure in base-to-base "
		    "contact with an enemy figure; he can be attacked, "
		    "at -4 to his AC while he is invisible; his free "
		    "melee attack now (RULING R-634, R-704)",
		    "[14.8] RULING R-634, R-704");
		if (nt < BS1E_MAX_INDIVS)
			ft[nt++] = e->t;
	}
	/* [14.8] "but gets an immediate free melee, missile, or magic
	 * attack. It can then melee normally during that Game Round" RULING
	 * his blows, which end his invisibility */
	for (int i = 0; i < nt && !b->result.over; i++)
		bs1e_invis_indiv_free_attack(b, ft[i]);
	for (int i = 0; i < nf && !b->result.over; i++) {
		if (!bs1e_in_play(b, fg[i]) || !bs1e_in_play(b, fh[i]))
			continue;
		/* RULING R-345: the free attack is an attack: its
		 * invisibility ends, the -4 kept to the round's end; "It
		 * can then melee normally during that Game Round" */
		if (bs1e_invis_free_attack(b, fg[i], fh[i]))
			bs1e_fx_unit_invis_attacks(b, fg[i]);
	}
}

/* [14.8] RULING R-632: plan p's invisibility on individual p->tk (the
 * caster or a friend standing alone he touches, bs1e_check_cast). */
static void invis_cast(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	int t = p->tk;
	if (invis_of(b, t) && !invis_of(b, t)->broke) {
		emit_effect(b, p, -1, t, 0, 0, NULL, NULL, NULL, 0, 0,
			    "no effect: he is invisible already (RULING "
			    "R-632)");
		return;
	}
	/* improved invisibility's rounds; the PH's invisibility has
	 * none ("until the creature attacks"): -1 */
	int timed = p->sp->dur_kind == BS_DUR_TIMED;
	int rounds = timed ? duration(b, p) : 0;
	emit_effect(b, p, -1, t, 1, 1, NULL, NULL, NULL, 1, rounds,
		    timed ? "invisible: the Invisible marker; not broken by "
			    "his attacks (RULING R-631, R-632, R-635)"
			  : "invisible: the Invisible marker, until he "
			    "attacks (RULING R-631, R-632)");
	/* a new cast after a broken one: the old record goes */
	struct bs1e_scratch *s = bs1e_sc(b);
	int j = 0;
	for (int i = 0; i < s->nfx; i++)
		if (!(s->fx[i].t == t && s->fx[i].kind == BS_SPFX_INVISIBLE))
			s->fx[j++] = s->fx[i];
	s->nfx = j;
	add(b, p, -1, t, 1, timed ? rounds : -1);
}

/* [14.8] RULING: invisibility 10' radius and mass
 * invisibility: the units of the caster's side wholly in the area (Table
 * 17's whole figures) become invisible and go to skirmish formation; a
 * unit partly in it is not affected; individuals of his side standing
 * alone in it become invisible as by invisibility; enemies are not
 * affected. */
static void invis_area(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	int side = b->indivs[p->k].side, n;
	struct bs1e_area_hit *h = area_hits(b, p, &n);
	if (!h)
		return;
	for (int i = 0; i < n && !b->result.over;) {
		if (h[i].unit < 0) {
			int t = b->indiv_first[h[i].side] + h[i].indiv;
			i++;
			if (h[i - 1].side != side || !bs1e_indiv_figure(b, t))
				continue;
			struct bs1e_cast_plan q = *p;
			q.tk = t;
			invis_cast(b, &q);
			continue;
		}
		int g = bs1e_g(b, h[i].side, h[i].unit), c = group(h, n, i);
		i += c;
		if (h[i - 1].side != side || !bs1e_in_play(b, g))
			continue; /* RULING R-341: enemies are not affected */
		struct bs_unit_state *u = &b->units[g];
		const struct bs1e_effect *old = unit_invis_of(b, g);
		if (old && !old->broke) {
			emit_effect(b, p, g, -1, 0, c, NULL, NULL, NULL, 0, 0,
				    "no effect: it is invisible already "
				    "(RULING R-343)");
			continue;
		}
		if (c < u->figures) {
			/* RULING R-342: "Invisible figures must always
			 * operate in skirmish formation": a unit keeps
			 * one formation, so a part is not made invisible */
			emit_effect(b, p, g, -1, 0, c, NULL, NULL, NULL, 0, 0,
				    "no effect: only part of the unit is in "
				    "the area; a unit is made invisible whole "
				    "(RULING R-342)");
			continue;
		}
		emit_effect(b, p, g, -1, 0, c, NULL, NULL, NULL, u->figures, 0,
			    "invisible: the Invisible marker on every figure, "
			    "until it attacks (RULING R-341, R-343)");
		struct bs1e_scratch *s = bs1e_sc(b);
		int j = 0;
		for (int k = 0; k < s->nfx; k++)
			if (!(s->fx[k].g == g &&
			      s->fx[k].kind == BS_SPFX_INVISIBLE))
				s->fx[j++] = s->fx[k];
		s->nfx = j;
		add(b, p, g, -1, u->figures, -1);
		/* [14.8] "Invisible figures must always operate in skirmish
		 * formation" RULING R-343 */
		if (u->formation != BS_FORM_SKIRMISH)
			bs1e_change_formation(
			    b, g, BS_FORM_SKIRMISH, 1,
			    "invisible figures must always operate in "
			    "skirmish formation (RULING R-343)",
			    "[14.8] RULING R-343");
	}
	free(h);
}

void bs1e_fx_cast(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	if (p->sp->effect == BS_SPFX_ROUT && !fear_one(p->sp)) {
		fear_area(b, p);
		return;
	}
	if (p->sp->effect == BS_SPFX_SLEEP) {
		sleep_area(b, p);
		return;
	}
	if (p->sp->effect == BS_SPFX_CHARM) {
		bs1e_charm_cast(b, p); /* [14.6 A] r14_charm.c */
		return;
	}
	if (p->sp->effect == BS_SPFX_MASS_CHARM) {
		bs1e_mass_charm_cast(b, p); /* [14.6 A] RULING R-463 */
		return;
	}
	if (p->sp->effect == BS_SPFX_SEE_INVISIBLE) {
		seeing_cast(b, p); /* [14.8] RULING R-702 */
		return;
	}
	if (p->sp->effect == BS_SPFX_INVISIBLE) {
		if (p->sp->area != BS_AREA_NONE)
			invis_area(b, p); /* [14.8] RULING R-341 */
		else
			invis_cast(b, p); /* [14.8] */
		return;
	}
	/* [14.6 B] entangle, paralyzation: every creature of the area
	 * (RULING) */
	if (p->sp->area != BS_AREA_NONE && p->sp->creatures_all) {
		hold_area(b, p);
		return;
	}
	if (p->tg >= 0)
		hold_unit(b, p, p->tg);
	else
		hold_indiv(b, p, p->tk);
	if (p->tg >= 0)
		b->units[p->tg].flags |= BS_UF_ATTACKED;
}

/* ---- [13.4] paralysis by creatures: effects without a caster ----------- */

/* RULING R-714: the CAST event of a creature's paralysis (n[0] 3 placed,
 * 4 ended) on unit g or individual t (global): the actor is its source,
 * unit src_g or individual src_t; `spell` the creature's name; n[11] 1
 * (`source` `creature`). See docs/EVENTS.md. */
static void para_event(const struct bs_battle *b, struct bs_event *ev, int n0,
		       const struct bs_creature *cr, int src_g, int src_t,
		       int g, int t)
{
	bs1e_ev(b, ev, BS_EV_CAST);
	if (src_g >= 0) {
		ev->side = b->units[src_g].side;
		ev->unit = b->units[src_g].idx;
	} else if (src_t >= 0) {
		ev->side = b->indivs[src_t].side;
		ev->indiv = b->indivs[src_t].idx;
	}
	if (g >= 0) {
		ev->tside = b->units[g].side;
		ev->tunit = b->units[g].idx;
	} else if (t >= 0) {
		ev->tside = b->indivs[t].side;
		ev->tindiv = b->indivs[t].idx;
	}
	ev->n[0] = n0;
	ev->n[1] = BS_SPFX_PARALYSIS;
	ev->n[11] = 1;
	ev->what = cr->name;
}

/* RULING R-713: the saving throw of a creature's paralysis [14.3] is vs
 * paralyzation (the PH's "paralyzation, poison or death magic"), without
 * a modifier: a record with only that. */
static const struct bs_spell *para_save(void)
{
	static const struct bs_spell sp = {.name = "paralysis",
					   .effect = BS_SPFX_PARALYSIS,
					   .targets = BS_TARGETS_ANY,
					   .save_vs = BS_SAVE_PPD};
	return &sp;
}

/* RULING R-713: its Game Rounds, one AD&D melee round each [14.1]: the
 * creature's `paralysis_rounds` (3d4, the ghoul's, when not given),
 * rolled once for the figures of one attack. */
static int para_rounds(struct bs_battle *b, const struct bs_creature *cr,
		       int src_g, int src_t, int g, int t)
{
	static const struct bs_dice_part ghoul = {3, 4, 0};
	const struct bs_dice_part *d = cr->paralysis_rounds.nparts > 0
					   ? &cr->paralysis_rounds.part[0]
					   : &ghoul;
	static const struct bs_roll_why why = {
	    BS_ROLL_DAMAGE, {0, 0}, 0, "the paralysis's duration", "[13.4]"};
	if (src_g >= 0)
		bs_dice_why_n(&b->dice, &why, d->count, d->sides, 0,
			      b->units[src_g].side, src_g, g);
	else
		bs_dice_why_indiv(&b->dice, &why, d->count, d->sides,
				  b->indivs[src_t].side, b->indivs[src_t].idx,
				  t >= 0 ? b->indivs[t].side : -1,
				  t >= 0 ? b->indivs[t].idx : -1, g);
	int n = bs_dice_roll_part(&b->dice, d);
	return n > 0 ? n : 1;
}

/* RULING R-712: whether paralyzer cr takes unit h's figures (some
 * creature of the figure it takes: a figure is spared only when all its
 * creatures are, as a defence of R-610) or individual t (his race). */
static int para_takes(const struct bs_battle *b, const struct bs_creature *cr,
		      int h, int t)
{
	if (t >= 0)
		return bs1e_paralysis_takes(cr, b->indivs[t].def->race);
	if (h < 0)
		return 0;
	const struct bs_unit *d = b->units[h].def;
	const struct bs_creature *c[BS_UNIT_MAX_MIX + 3];
	int n = bs_unit_creatures(d, c);
	if (d->mount)
		c[n++] = d->mount;
	if (d->chariot.puller)
		c[n++] = d->chariot.puller;
	if (d->chariot.passenger)
		c[n++] = d->chariot.passenger;
	for (int i = 0; i < n; i++)
		if (bs1e_paralysis_takes(cr, c[i]))
			return 1;
	return 0;
}

static const struct bs_creature *in_force(const struct bs_battle *b,
					  const struct bs_creature *cr, int h,
					  int t, int *spared)
{
	*spared = 0;
	/* [13.4] an Advanced Game rule, like the other creature abilities
	 * (RULING R-603's pattern; warning `paralysis-level` below) */
	if (!cr || b->sc->level != BS_LEVEL_ADVANCED)
		return NULL;
	*spared = (h >= 0 || t >= 0) && !para_takes(b, cr, h, t);
	return cr;
}

const struct bs_creature *bs1e_unit_paralyzer(const struct bs_battle *b, int g,
					      int h, int t, int *spared)
{
	return in_force(b, b->units[g].r.paralyzer, h, t, spared);
}

int bs1e_fx_indiv_paralyzed(const struct bs_battle *b, int k)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < s->nfx; i++)
		if (s->fx[i].t == k && s->fx[i].cr)
			return 1;
	return 0;
}

const struct bs_creature *bs1e_indiv_paralyzer(const struct bs_battle *b, int k,
					       int h, int t, int *spared)
{
	const struct bs_creature *r = b->indivs[k].def->race;
	return in_force(b, r && (r->flags & BS_CF_PARALYZES) ? r : NULL, h, t,
			spared);
}

/* The effect record of a creature's paralysis (RULING R-714). */
static void para_add(struct bs_battle *b, const struct bs_creature *cr,
		     int src_g, int src_t, int g, int t, int figs, int rounds)
{
	struct bs1e_effect *e = fx_new(b);
	if (!e)
		return;
	e->kind = BS_SPFX_PARALYSIS;
	e->sp = NULL;
	e->k = -1;
	e->cr = cr;
	e->src_g = src_g;
	e->src_t = src_t;
	e->g = g;
	e->t = t;
	e->figs = figs;
	e->left = rounds;
	e->round = b->round;
	/* [9.2] RULING R-678: a commander paralyzed commands nothing */
	if (t >= 0 && commander(b, t))
		bs1e_command_update(b, 0);
}

void bs1e_fx_paralyze_unit(struct bs_battle *b, int g, const struct bs1e_hit *h)
{
	int src_g = h->from, src_t = h->from < 0 ? h->from_indiv : -1;
	int spared;
	const struct bs_creature *cr =
	    src_g >= 0	 ? bs1e_unit_paralyzer(b, src_g, g, -1, &spared)
	    : src_t >= 0 ? bs1e_indiv_paralyzer(b, src_t, g, -1, &spared)
			 : NULL;
	if (!cr || spared || h->c.paralyzed <= 0 || !bs1e_in_play(b, g))
		return;
	/* RULING R-711: at most the figures standing and not held */
	int figs = h->c.paralyzed;
	int free_figs = b->units[g].figures - bs1e_fx_held(b, g);
	if (figs > free_figs)
		figs = free_figs;
	if (figs <= 0)
		return;
	/* [13.4] "Any damage (no matter how small) that affects a single
	 * figure requires an immediate saving throw for that figure (if
	 * allowed)": RULING R-713, each figure vs paralyzation [14.3] */
	struct bs1e_figure_saves fs;
	int rec[BS1E_MAX_FIGS];
	struct bs_deriv sd;
	memset(&fs, 0, sizeof fs);
	int number = bs1e_cast_unit_save(b, g, para_save(), &sd);
	if (bs1e_cast_figure_saves(b, g, figs, number, 0, NULL, rec, &fs) != 0)
		return;
	int held = fs.failed;
	int rounds = held > 0 ? para_rounds(b, cr, src_g, src_t, g, -1) : 0;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		para_event(b, &ev, 3, cr, src_g, src_t, g, -1);
		ev.n[2] = 0;
		ev.n[3] = figs;
		ev.n[4] = fs.figures > 0 ? fs.need : 0;
		ev.n[5] = fs.figures;
		ev.n[6] = fs.saved;
		ev.n[7] = held;
		ev.n[8] = held > 0 ? rounds : 0;
		ev.n[9] = held > 0 ? BS1E_MARKER_IMMOBILIZED : BS1E_MARKER_NONE;
		int nr =
		    fs.rolled < BS_EV_MAX_DICE ? fs.rolled : BS_EV_MAX_DICE;
		for (int i = 0; i < nr; i++)
			ev.dice[i] = rec[i];
		ev.ndice = nr;
		ev.die_sides = 20;
		ev.deriv = sd;
		ev.has_deriv = 1;
		ev.why = held > 0 ? "paralyzed: the figures neither move nor "
				    "fight for the duration (RULING R-711, "
				    "R-713)"
				  : "every figure saved (RULING R-713)";
		ev.cite = cr->paralysis_only ? "[13.4] [14.3] RULING R-077, "
					       "R-711, R-713"
					     : "[13.4] [14.3] RULING R-710, "
					       "R-713";
		bs_battle_emit(b, &ev);
	}
	if (held > 0)
		para_add(b, cr, src_g, src_t, g, -1, held, rounds);
}

int bs1e_fx_paralyze_indiv(struct bs_battle *b, int t,
			   const struct bs_creature *cr, int src_g, int src_t)
{
	if (!cr || !b->indivs[t].alive || bs1e_fx_indiv_held(b, t))
		return 0;
	struct bs1e_cast_plan p;
	memset(&p, 0, sizeof p);
	p.k = -1;
	p.sp = para_save();
	struct bs1e_figure_saves fs;
	int rec[1];
	struct bs_deriv md;
	/* RULING R-715: his own saving throw, as against a hold */
	int held = bs1e_fx_indiv_fails(b, &p, t, &fs, rec, &md);
	if (held < 0)
		return -1;
	int rounds = held ? para_rounds(b, cr, src_g, src_t, -1, t) : 0;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		para_event(b, &ev, 3, cr, src_g, src_t, -1, t);
		ev.n[2] = 1;
		ev.n[3] = 1;
		ev.n[4] = fs.need;
		ev.n[5] = fs.figures;
		ev.n[6] = fs.saved;
		ev.n[7] = held;
		ev.n[8] = held ? rounds : 0;
		ev.n[9] = held ? BS1E_MARKER_IMMOBILIZED : BS1E_MARKER_NONE;
		ev.dice[0] = rec[0];
		ev.ndice = 1;
		ev.die_sides = 20;
		ev.deriv = md;
		ev.has_deriv = 1;
		ev.why = held ? "paralyzed: he neither moves, attacks, casts "
				"nor shoots for the duration (RULING R-715)"
			      : "he saved (RULING R-715)";
		ev.cite = "[13.4] [9.4] [14.3] RULING R-715";
		bs_battle_emit(b, &ev);
	}
	if (held)
		para_add(b, cr, src_g, src_t, -1, t, 1, rounds);
	return held;
}

/* ---- the End of Game Round [1.0] ------------------------------------------
 */

static void emit_end(struct bs_battle *b, const struct bs1e_effect *e, int figs,
		     const char *why)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs1e_cast_plan p;
	memset(&p, 0, sizeof p);
	p.k = e->k;
	p.sp = e->sp;
	struct bs_event ev;
	if (e->cr) /* [13.4] RULING R-714: a creature's paralysis */
		para_event(b, &ev, 4, e->cr, e->src_g, e->src_t, e->g, e->t);
	else
		bs1e_cast_event(b, &ev, &p, 4, e->g, e->t);
	ev.n[1] = e->kind;
	ev.n[7] = figs;
	ev.n[9] = marker(e->kind);
	ev.n[10] = b->round - e->round + 1;
	ev.why = why;
	ev.cite = e->cr	      ? "[1.7] [13.4] RULING R-620, R-713"
		  : !why      ? "[1.7] [14.2] RULING R-620"
		  : e->t >= 0 ? "[14.6 B] RULING R-629, R-675"
			      : "[1.7] [14.6 B] RULING R-629";
	bs_battle_emit(b, &ev);
}

void bs1e_fx_wake(struct bs_battle *b, int t)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	int j = 0, woke = 0;
	for (int i = 0; i < s->nfx; i++) {
		struct bs1e_effect *e = &s->fx[i];
		/* RULING R-675: an attack wakes a sleeping individual (the
		 * AD&D sleep is a natural slumber: a blow ends it) */
		if (e->t == t && e->kind == BS_SPFX_SLEEP) {
			emit_end(b, e, 1,
				 "woken: he is attacked (RULING R-675)");
			woke = 1;
			continue;
		}
		s->fx[j++] = *e;
	}
	s->nfx = j;
	/* RULING R-678: awake, a commander commands again */
	if (woke && commander(b, t))
		bs1e_command_update(b, 0);
}

void bs1e_fx_end_round(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	int j = 0, recommand = 0;
	for (int i = 0; i < s->nfx; i++) {
		struct bs1e_effect *e = &s->fx[i];
		if (e->kind == BS_SPFX_CHARM) { /* [14.6 A] r14_charm.c */
			if (bs1e_charm_end_round(b, e))
				s->fx[j++] = *e;
			continue;
		}
		/* the figures gone, the individual dead: nothing left */
		int gone =
		    e->g >= 0 ? !bs1e_in_play(b, e->g) : !b->indivs[e->t].alive;
		if (e->g >= 0 && e->figs > b->units[e->g].figures)
			e->figs = b->units[e->g].figures;
		/* [14.6 B] "A sleep spell can be broken if a friendly figure
		 * moves into base-to-base contact with an affected figure
		 * and remains for one full Game Round. On the next Game
		 * Round, the sleeping creatures awake." RULING R-629 */
		if (!gone && e->figs > 0 && e->kind == BS_SPFX_SLEEP) {
			int f = e->g >= 0 ? sleep_friend(b, e->g)
					  : sleep_friend_indiv(b, e->t);
			e->contact = f ? e->contact + 1 : 0;
			if (e->contact >= 2) {
				emit_end(b, e, e->figs,
					 e->g >= 0
					     ? "woken: a friend in base "
					       "contact for a full Game "
					       "Round (RULING R-629)"
					     : "woken: a friend in base "
					       "contact with him for a full "
					       "Game Round (RULING R-629, "
					       "R-675)");
				gone = 1;
			}
		}
		/* [14.8] RULING R-635: an invisibility broken by an attack
		 * (its end logged then) goes with its round's -4; R-632: the
		 * PH's invisibility has no rounds (left -1) */
		if (!gone && e->kind == BS_SPFX_INVISIBLE &&
		    (e->broke || e->left < 0)) {
			if (!e->broke)
				s->fx[j++] = *e;
			continue;
		}
		/* RULING R-656: a paralyzation (left -1) lasts the battle */
		if (!gone && e->figs > 0 && e->left >= 0 && --e->left <= 0) {
			emit_end(b, e, e->figs, NULL);
			gone = 1;
		}
		if (!gone && e->figs > 0)
			s->fx[j++] = *e;
		else if (e->t >= 0 && b->indivs[e->t].alive &&
			 commander(b, e->t))
			recommand = 1;
	}
	s->nfx = j;
	/* RULING R-678: a commander whose hold, sleep or fear ended
	 * commands again */
	if (recommand)
		bs1e_command_update(b, 0);
}

/* ---- the expected result (for the AI) ----------------------------------- */

/* RULING: a sleep by the HD of the enemy figures the mean of
 * its dice puts to sleep, an individual at a quarter of his hit
 * points as a hold's; never with a figure of its own in the area. */
static double sleep_expect(const struct bs_battle *b, int side,
			   const struct bs1e_cast_plan *p)
{
	int nh, n;
	struct bs1e_area_hit *h = area_hits(b, p, &nh);
	if (!h)
		return 0;
	for (int i = 0; i < nh; i++)
		if (h[i].side == side) {
			free(h);
			return -1; /* never on his own */
		}
	struct sgroup *s = sleep_groups(b, h, nh, &n);
	free(h);
	if (!s)
		return 0;
	int low = sleep_lowest(s, n);
	const struct bs_dice_part *d = low < 5 ? &sleep_dice[low] : NULL;
	int pool = d ? d->plus + d->count * (d->sides + 1) / 2 : 0;
	double v = 0;
	for (int i = 0; i < n; i++) {
		if (s[i].row != low)
			continue;
		if (s[i].t >= 0) {
			if (pool >= 1 && !bs1e_fx_indiv_held(b, s[i].t)) {
				pool--;
				v += b->indivs[s[i].t].hp / 4.0;
			}
			continue;
		}
		int g = s[i].g;
		v += sleep_figs(b, g, s[i].c, &pool) * b->units[g].r.hd_fig /
		     10.0;
	}
	free(s);
	return v;
}

/* RULING: an area hold by the HD of the enemy figures
 * expected to fail their saves (paralyzation's 2 HD a level), an
 * individual at a quarter of his hit points; never with a figure of its
 * own in the area. */
static double area_hold_expect(const struct bs_battle *b, int side,
			       const struct bs1e_cast_plan *p)
{
	const struct bs_spell *sp = p->sp;
	int n, pool = para_pool(p);
	struct bs1e_area_hit *h = area_hits(b, p, &n);
	if (!h)
		return 0;
	double v = 0;
	for (int i = 0; i < n;) {
		if (h[i].side == side) {
			v = -1; /* never on his own */
			break;
		}
		if (h[i].unit < 0) {
			int t = b->indiv_first[h[i].side] + h[i].indiv;
			i++;
			int need = indiv_tenths(b, t);
			if (bs1e_fx_indiv_held(b, t) ||
			    (pool >= 0 && pool < need))
				continue;
			if (pool >= 0)
				pool -= need;
			double pi =
			    sp->save_vs < 0
				? 0
				: bs1e_save_chance20(
				      bs1e_sc(b)->ix[t].save[sp->save_vs],
				      sp->save_mod) /
				      20.0;
			v += (1 - pi) * b->indivs[t].hp / 4.0;
			continue;
		}
		int g = bs1e_g(b, h[i].side, h[i].unit), c = group(h, n, i);
		i += c;
		const struct bs_unit_state *u = &b->units[g];
		if (!bs1e_in_play(b, g))
			continue;
		int figs = c, free_figs = u->figures - bs1e_fx_held(b, g);
		if (figs > free_figs)
			figs = free_figs;
		int hf = u->r.hd_fig > 0 ? u->r.hd_fig : 1;
		if (pool >= 0) {
			if (figs > pool / hf)
				figs = pool / hf;
			pool -= figs * hf;
		}
		double ps = sp->save_vs < 0
				? 0
				: bs1e_save_chance20(
				      bs1e_cast_unit_save(b, g, sp, NULL),
				      sp->save_mod) /
				      20.0;
		v += figs * (1 - ps) * hf / 10.0;
	}
	free(h);
	return v;
}

/* RULING R-703: the reach within which a unit is about to be shot at or
 * fought (as R-687's), and what hiding it is worth: a quarter of its HD
 * (the -4 to its AC, the volleys and spells it is spared). */
#define INVIS_THREAT 12.0
#define INVIS_WORTH 0.25

/* The HD of unit g's figures (tenths to HD). */
static double unit_hd(const struct bs_battle *b, int g)
{
	return b->units[g].figures * b->units[g].r.hd_fig / 10.0;
}

/* RULING R-703: 1 when unit g is not in melee and an enemy unit in play
 * stands within INVIS_THREAT inches of it. */
static int invis_threatened(const struct bs_battle *b, int g)
{
	if (bs1e_engaged(b, g))
		return 0;
	struct bs_quad q = bs1e_quad(b, g);
	for (int h = 0; h < b->nunits; h++) {
		if (b->units[h].side == b->units[g].side || !bs1e_in_play(b, h))
			continue;
		struct bs_quad r = bs1e_quad(b, h);
		if (bs_quad_dist(&q, &r) <= INVIS_THREAT)
			return 1;
	}
	return 0;
}

/* RULING R-703: the HD of the invisible enemies of `side` not found
 * (units, and individuals standing alone by their hit points) within
 * INVIS_THREAT inches of point c: what a seeing in force will find as
 * they come. */
static double unseen_near(const struct bs_battle *b, int side, struct bs_vec c)
{
	double v = 0;
	for (int g = 0; g < b->nunits; g++) {
		if (b->units[g].side == side || !bs1e_in_play(b, g) ||
		    !bs1e_fx_unit_unseen(b, g))
			continue;
		struct bs_quad q = bs1e_quad(b, g);
		struct bs_quad pt = {{c, c, c, c}};
		if (bs_quad_dist(&q, &pt) <= INVIS_THREAT)
			v += unit_hd(b, g);
	}
	for (int t = 0; t < b->nindivs; t++)
		if (b->indivs[t].side != side && bs1e_indiv_figure(b, t) &&
		    bs1e_fx_unseen(b, t) &&
		    bs_vec_dist(b->indivs[t].pos, c) <= INVIS_THREAT)
			v += b->indivs[t].hp / 4.5;
	return v;
}

/* RULING R-703: the doctrine's worth of legal plan p of an invisibility
 * on units (the units of its side it would hide whole, threatened and not
 * hidden yet: INVIS_WORTH of their HD) or of a seeing (the HD of the
 * invisible enemies not yet found it would find now; an individual's by
 * his hit points, 4.5 a die; none now: INVIS_WORTH of those within
 * INVIS_THREAT inches, which it will find as they come). */
static double invis_expect(const struct bs_battle *b, int side,
			   const struct bs1e_cast_plan *p)
{
	const struct bs_spell *sp = p->sp;
	if (sp->effect == BS_SPFX_INVISIBLE && sp->area == BS_AREA_NONE)
		return 0; /* on a lone individual: not chosen */
	int n;
	struct bs1e_area_hit *h = area_hits(b, p, &n);
	if (!h)
		return 0;
	double v = 0;
	for (int i = 0; i < n;) {
		if (h[i].unit < 0) {
			int t = b->indiv_first[h[i].side] + h[i].indiv;
			i++;
			if (sp->effect == BS_SPFX_SEE_INVISIBLE &&
			    h[i - 1].side != side && bs1e_fx_unseen(b, t))
				v += b->indivs[t].hp / 4.5;
			continue;
		}
		int g = bs1e_g(b, h[i].side, h[i].unit), c = group(h, n, i);
		i += c;
		if (!bs1e_in_play(b, g))
			continue;
		if (sp->effect == BS_SPFX_SEE_INVISIBLE) {
			if (h[i - 1].side != side && bs1e_fx_unit_unseen(b, g))
				v += unit_hd(b, g);
			continue;
		}
		/* RULING R-342: only a unit wholly in the area is hidden */
		if (h[i - 1].side == side && c >= b->units[g].figures &&
		    !bs1e_fx_unit_invisible(b, g) && invis_threatened(b, g))
			v += INVIS_WORTH * unit_hd(b, g);
	}
	free(h);
	if (sp->effect == BS_SPFX_SEE_INVISIBLE && v <= 0)
		v = INVIS_WORTH * unseen_near(b, side, p->area.at);
	return v;
}

double bs1e_fx_expect(const struct bs_battle *b, int side,
		      const struct bs1e_cast_plan *p)
{
	if (!p->legal || p->fails)
		return 0;
	const struct bs_spell *sp = p->sp;
	/* [14.8] RULING R-703: invisibility on a unit of its side about to
	 * fight, seeing magic at the invisible enemies it finds */
	if (sp->effect == BS_SPFX_INVISIBLE ||
	    sp->effect == BS_SPFX_SEE_INVISIBLE)
		return invis_expect(b, side, p);
	if (sp->area != BS_AREA_NONE && sp->creatures_all &&
	    sp->category == BS_SPCAT_CHARM_HOLD &&
	    (sp->effect == BS_SPFX_HOLD || sp->effect == BS_SPFX_PARALYSIS))
		return area_hold_expect(b, side, p); /* */
	if (sp->effect == BS_SPFX_ROUT && !fear_one(sp)) {
		int n;
		struct bs1e_area_hit *h = area_hits(b, p, &n);
		if (!h)
			return 0;
		double v = 0;
		for (int i = 0; i < n; i++) {
			if (h[i].side == side) {
				v = -1; /* never on his own */
				break;
			}
			if (h[i].unit < 0) {
				/* RULING R-676: a lone individual as a
				 * hold's */
				int t = b->indiv_first[h[i].side] + h[i].indiv;
				if (bs1e_fx_indiv_afraid(b, t, NULL))
					continue;
				double pi = sp->save_vs < 0
						? 0
						: bs1e_save_chance20(
						      bs1e_sc(b)
							  ->ix[t]
							  .save[sp->save_vs],
						      sp->save_mod) /
						      20.0;
				v += (1 - pi) * b->indivs[t].hp / 4.0;
				continue;
			}
			int g = bs1e_g(b, h[i].side, h[i].unit);
			const struct bs_unit_state *u = &b->units[g];
			if (u->flags & BS_UF_ROUTED)
				continue;
			/* the unit's figures, by the chance that one of
			 * them fails (each figure in the area) */
			double ps = bs1e_save_chance20(
					bs1e_cast_unit_save(b, g, sp, NULL),
					sp->save_mod) /
				    20.0;
			v += (1 - ps) * u->r.hd_fig / 10.0;
		}
		free(h);
		return v;
	}
	if (sp->effect == BS_SPFX_SLEEP)
		return sleep_expect(b, side, p);
	if (sp->effect == BS_SPFX_CHARM)
		return bs1e_charm_expect(b, side, p); /* [14.6 A] */
	if (sp->effect == BS_SPFX_MASS_CHARM)
		return bs1e_mass_charm_expect(b, side, p); /* */
	double mean =
	    bs_level_qty_at(&sp->creatures, p->level) +
	    sp->creatures_dice.count * (sp->creatures_dice.sides + 1) / 2.0;
	if (p->tg >= 0) {
		const struct bs_unit_state *u = &b->units[p->tg];
		const struct bs_creature *cr = u->def->creature;
		if (!affects(sp, cr) || (cr && !within_hd(sp, &cr->hd)) ||
		    (sp->effect == BS_SPFX_ROUT && (u->flags & BS_UF_ROUTED)))
			return 0;
		int per = u->r.ratio > 0 ? u->r.ratio : 1;
		/* snake charm by the caster's hit points */
		double figs = sp->targets == BS_TARGETS_SNAKES
				  ? snake_figs(b, p, p->tg)
				  : mean / per;
		int free_figs = u->figures - bs1e_fx_held(b, p->tg);
		if (figs > free_figs)
			figs = free_figs;
		double ps = sp->save_vs < 0
				? 0
				: bs1e_save_chance20(
				      bs1e_cast_unit_save(b, p->tg, sp, NULL),
				      sp->save_mod) /
				      20.0;
		return (int)figs * (1 - ps) * u->r.hd_fig / 10.0;
	}
	const struct bs_indiv_state *d = &b->indivs[p->tk];
	struct bs_hd hd = indiv_hd(d->def);
	if (!affects(sp, d->def->race) || bs1e_fx_indiv_held(b, p->tk) ||
	    !within_hd(sp, &hd) ||
	    (sp->effect == BS_SPFX_ROUT &&
	     bs1e_fx_indiv_afraid(b, p->tk, NULL)) ||
	    (sp->targets == BS_TARGETS_SNAKES && d->hp > b->indivs[p->k].hp))
		return 0;
	int vs = sp->save_vs;
	double ps = vs < 0 ? 0
			   : bs1e_save_chance20(bs1e_sc(b)->ix[p->tk].save[vs],
						sp->save_mod) /
				 20.0;
	return (1 - ps) * d->hp / 4.0;
}
