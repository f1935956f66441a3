/* [14.7] Bonuses and Penalties (issue 16), the Advanced Game: bless,
 * prayer, haste and the catalog's records with `friends:` / `enemies:`
 * (bs_spell_bonus_played). "A bonus or penalty spell used on a figure
 * representing more than one individual or creature must be able to
 * affect all creatures represented by the figure, or else have no effect"
 * (RULING R-685: the figures all of whose creatures are in the area, or a
 * number of creatures by whole figures); "If only part of a unit is
 * affected, that part fights separately from the rest of the unit"
 * (RULING R-686: the enchanted figures attack with their own roll, the
 * unit's morale and saving throws take only the bonuses of every figure);
 * the same spell does not add to itself; bless on friends not yet
 * in melee; haste doubles melee damage. Durations in Game
 * Rounds counted down at the End of Game Round, the expiry in the log
 * [1.0] [14.2] (RULING R-620). "A bonus or penalty spell used on a figure
 * representing a single individual works according to normal AD&D game
 * rules" (RULING R-615): on an individual standing alone, his to-hit in
 * individual combat [9.4 B] and against figures [9.4 A], his saving
 * throws, haste his attacks doubled (the AD&D spell). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_undead.h"
#include "bs1e/engine.h"

/* ---- the list ------------------------------------------------------------ */

void bs1e_bonus_reset(struct bs_battle *b)
{
	bs1e_sc(b)->nbon = 0;
}

/* The record of what e does to its figures. */
static const struct bs_spell_mods *mods_of(const struct bs1e_bonus *e)
{
	return e->enemy ? &e->sp->enemies : &e->sp->friends;
}

/* The figures of e now (its unit's losses come off the others first,
 * RULING R-687). */
static int figs_of(const struct bs_battle *b, const struct bs1e_bonus *e)
{
	if (e->g < 0)
		return e->figs; /* an individual (RULING R-615) */
	int n = b->units[e->g].figures;
	return e->figs < n ? e->figs : n;
}

/* 1 when e covers unit g's figure `at` (-1: every figure of it). */
static int covers(const struct bs_battle *b, const struct bs1e_bonus *e, int g,
		  int at)
{
	if (e->g != g)
		return 0;
	int f = figs_of(b, e);
	return at < 0 ? f >= b->units[g].figures && f > 0 : at < f;
}

int bs1e_bonus_figs(const struct bs_battle *b, int g)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	int most = 0;
	for (int i = 0; i < s->nbon; i++)
		if (s->bon[i].g == g && figs_of(b, &s->bon[i]) > most)
			most = figs_of(b, &s->bon[i]);
	return most;
}

int bs1e_bonus_part_end(const struct bs_battle *b, int g, int at, int figs)
{
	/* RULING R-686: the enchanted figures fight apart: the next edge of
	 * an effect's figures after `at`; at most BS1E_BONUS_PARTS parts
	 * (the last takes the rest) */
	const struct bs1e_scratch *s = bs1e_sc(b);
	int end = figs, edges = 0;
	for (int i = 0; i < s->nbon; i++) {
		if (s->bon[i].g != g)
			continue;
		int f = figs_of(b, &s->bon[i]);
		if (f > 0 && f < figs)
			edges++;
		if (f > at && f < end)
			end = f;
	}
	return edges >= BS1E_BONUS_PARTS ? figs : end;
}

/* ---- the terms ------------------------------------------------------------
 */

int bs1e_bonus_to_hit(const struct bs_battle *b, int g, int at,
		      struct bs_deriv *d)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	int haste = 0, slow = 0;
	for (int i = 0; i < s->nbon; i++) {
		const struct bs1e_bonus *e = &s->bon[i];
		if (!covers(b, e, g, at))
			continue;
		const struct bs_spell_mods *m = mods_of(e);
		/* [8.3] "minuses are advantageous": +1 to hit is -1 AR */
		if (m->to_hit && d)
			bs_deriv_add(d, -m->to_hit, "[14.7]", "%s (%+d to hit)",
				     e->sp->name, m->to_hit);
		if (m->haste)
			haste = 1;
		if (m->slow)
			slow = 1;
	}
	/* RULING R-617: slow "negates a haste spell" (the AD&D spell): a
	 * figure both hasted and slowed is neither */
	if (haste && slow)
		return 0;
	if (slow)
		return -1;
	/* RULING R-616: "or make a double move, or ... melee for double
	 * damage": a unit that made its double move this Game Round (spent
	 * more than its MV) does not double its melee damage */
	if (haste && b->units[g].mv_spent > b->units[g].r.mv + 1e-9)
		haste = 0;
	return haste;
}

double bs1e_bonus_mv_factor(const struct bs_battle *b, int g)
{
	/* [14.7] RULING R-616: haste's "double move" for a unit every
	 * figure of which is hasted; RULING R-617: slow's half movement for
	 * a unit any figure of which is slowed (a unit moves as one body,
	 * at its slowest figures' pace), none when every figure is hasted
	 * too (slow negates haste) */
	const struct bs1e_scratch *s = bs1e_sc(b);
	int haste = 0, slow = 0;
	for (int i = 0; i < s->nbon; i++) {
		const struct bs1e_bonus *e = &s->bon[i];
		if (covers(b, e, g, -1) && mods_of(e)->haste)
			haste = 1;
		if (covers(b, e, g, 0) && mods_of(e)->slow)
			slow = 1;
	}
	return slow ? (haste ? 1.0 : 0.5) : haste ? 2.0 : 1.0;
}

double bs1e_bonus_indiv_mv_factor(const struct bs_battle *b, int t)
{
	/* [14.7] RULING R-617: a lone individual slowed moves at half his
	 * MV; RULING R-619: hasted, at double it (R-616's "double move") */
	int hasted = 0;
	bs1e_bonus_indiv_to_hit(b, t, 0, NULL, &hasted);
	return hasted > 0 ? 2.0 : hasted < 0 ? 0.5 : 1.0;
}

int bs1e_bonus_casts_moving(const struct bs_battle *b, int k)
{
	/* [14.1] "unless affected by a potion of speed or a haste spell",
	 * [14.7] "make its full move and also cast spells" (RULING R-616):
	 * hasted, no more than his (his unit's) MV spent */
	const struct bs_indiv_state *c = &b->indivs[k];
	int g = c->with_unit >= 0 ? bs1e_g(b, c->side, c->with_unit) : -1;
	if (g >= 0) {
		const struct bs_unit_state *u = &b->units[g];
		return bs1e_bonus_mv_factor(b, g) > 1.0 &&
		       u->mv_spent <= u->r.mv + 1e-9;
	}
	int hasted = 0;
	bs1e_bonus_indiv_to_hit(b, k, 0, NULL, &hasted);
	return hasted > 0 && bs1e_sc(b)->ix[k].moved <= c->mv + 1e-9;
}

void bs1e_bonus_morale(const struct bs_battle *b, int g, struct bs_deriv *d)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < s->nbon; i++) {
		const struct bs1e_bonus *e = &s->bon[i];
		if (covers(b, e, g, -1) && mods_of(e)->morale)
			bs_deriv_add(d, mods_of(e)->morale, "[14.7] [4.1]",
				     "%s (%+d morale)", e->sp->name,
				     mods_of(e)->morale);
	}
}

int bs1e_bonus_saves(const struct bs_battle *b, int g, struct bs_deriv *d)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	int n = 0;
	for (int i = 0; i < s->nbon; i++) {
		const struct bs1e_bonus *e = &s->bon[i];
		if (!covers(b, e, g, -1) || !mods_of(e)->saves)
			continue;
		n += mods_of(e)->saves;
		/* the saving throw number: lower is better */
		if (d)
			bs_deriv_add(d, -mods_of(e)->saves, "[14.7] [14.3]",
				     "%s (%+d to saves)", e->sp->name,
				     mods_of(e)->saves);
	}
	return n;
}

/* ---- on an individual (RULING R-615) -------------------------------------
 */

int bs1e_bonus_indiv_to_hit(const struct bs_battle *b, int t, int sign,
			    struct bs_deriv *d, int *haste)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	int n = 0, h = 0, sl = 0;
	if (haste)
		*haste = 0;
	for (int i = 0; i < s->nbon; i++) {
		const struct bs1e_bonus *e = &s->bon[i];
		if (e->g >= 0 || e->t != t)
			continue;
		const struct bs_spell_mods *m = mods_of(e);
		n += m->to_hit;
		if (m->to_hit && d)
			bs_deriv_add(d, sign * m->to_hit, "[14.7] RULING R-615",
				     "%s (%+d to hit)", e->sp->name, m->to_hit);
		h |= m->haste;
		sl |= m->slow;
	}
	/* RULING R-617: slowed -1, hasted 1; slow negates haste */
	if (haste)
		*haste = h && sl ? 0 : sl ? -1 : h;
	return n;
}

int bs1e_hasted_now(const struct bs_battle *b, int t)
{
	/* RULING R-619: R-616's choice for a lone individual: having moved
	 * more than his MV (his double move) his attacks are not doubled */
	int hasted = 0;
	bs1e_bonus_indiv_to_hit(b, t, 0, NULL, &hasted);
	if (hasted > 0 && bs1e_sc(b)->ix[t].moved > b->indivs[t].mv + 1e-9)
		return 0;
	return hasted;
}

int bs1e_bonus_missile_proof(const struct bs_battle *b, int t)
{
	/* [14.7] RULING R-618: protection from normal missiles on individual
	 * t standing alone */
	const struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < s->nbon; i++)
		if (s->bon[i].g < 0 && s->bon[i].t == t &&
		    mods_of(&s->bon[i])->normal_missiles)
			return 1;
	return 0;
}

int bs1e_bonus_large_missile(struct bs_battle *b, int t, int hp, int dice)
{
	/* [14.7] RULING R-618: the PH's "-1 from each die of damage" of
	 * large or magic missiles, at least 0 */
	if (hp <= 0 || dice <= 0 || !bs1e_bonus_missile_proof(b, t))
		return hp;
	int less = dice < hp ? dice : hp;
	char buf[96];
	snprintf(buf, sizeof buf,
		 "protection from normal missiles: a large or magic missile, "
		 "%d less (1 a die)",
		 less);
	bs1e_note_indiv(b, t, buf, "[14.7] RULING R-618");
	return hp - less;
}

int bs1e_bonus_indiv_resists(const struct bs_battle *b, int t,
			     enum bs_spell_element el, struct bs_deriv *d)
{
	/* [14.7] RULING R-735: resist fire, resist cold ("+3 on saving
	 * throws against such attack forms, and all damage sustained is
	 * reduced by 50%", the PH): on individual t standing alone, against
	 * the spells and breath of its record's element; the same spell
	 * twice is one */
	const struct bs1e_scratch *s = bs1e_sc(b);
	if (el == BS_ELEM_NONE)
		return 0;
	for (int i = 0; i < s->nbon; i++) {
		const struct bs1e_bonus *e = &s->bon[i];
		if (e->g >= 0 || e->t != t || !mods_of(e)->resist ||
		    e->sp->element != el)
			continue;
		if (d)
			bs_deriv_add(d, -3, "[14.7] [14.3] RULING R-735",
				     "%s (+3 to saves against %s)", e->sp->name,
				     bs_spell_element_name[el]);
		return 1;
	}
	return 0;
}

int bs1e_bonus_warded(const struct bs_battle *b, int t, int k, int g, int sign,
		      int saves, struct bs_deriv *d)
{
	/* [14.7] RULING R-737: protection from evil ("works according to
	 * normal AD&D game rules", R-615): the attacks of evil creatures
	 * at him 2 worse, his saves against them 2 better; the same spell
	 * twice is one */
	const struct bs1e_scratch *s = bs1e_sc(b);
	int evil = k >= 0   ? bs1e_indiv_evil(b->indivs[k].def)
		   : g >= 0 ? bs1e_unit_evil(b->units[g].def)
			    : 0;
	if (!evil)
		return 0;
	for (int i = 0; i < s->nbon; i++) {
		const struct bs1e_bonus *e = &s->bon[i];
		int n = mods_of(e)->evil;
		if (e->g >= 0 || e->t != t || n == 0)
			continue;
		if (d)
			bs_deriv_add(d, sign * n, "[14.7] RULING R-737",
				     saves ? "%s (%+d to saves against evil)"
					   : "%s (evil attacker %+d to hit)",
				     e->sp->name, saves ? n : -n);
		return n;
	}
	return 0;
}

int bs1e_unit_evil(const struct bs_unit *def)
{
	/* RULING: a creature's alignment is its race's */
	if (!def->creature || def->creature->moral != BS_MORAL_EVIL)
		return 0;
	for (int i = 0; i < def->nmix; i++)
		if (!def->mix[i].creature ||
		    def->mix[i].creature->moral != BS_MORAL_EVIL)
			return 0;
	return 1;
}

/* ---- wards on units (RULING R-739) ---------------------------------------
 */

/* The most figures of unit g under a friends' effect with protection
 * from evil (evil 1) or resisting element el (evil 0). */
static int unit_ward_figs(const struct bs_battle *b, int g, int evil,
			  enum bs_spell_element el)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	int most = 0;
	for (int i = 0; i < s->nbon; i++) {
		const struct bs1e_bonus *e = &s->bon[i];
		if (e->g != g || e->enemy)
			continue;
		const struct bs_spell_mods *m = mods_of(e);
		if (evil ? m->evil == 0 : !m->resist || e->sp->element != el)
			continue;
		if (figs_of(b, e) > most)
			most = figs_of(b, e);
	}
	return most;
}

/* 1 when attacker individual k (global) or unit a is evil (RULING R-737,
 * the race). */
static int attacker_evil(const struct bs_battle *b, int k, int a)
{
	return k >= 0	? bs1e_indiv_evil(b->indivs[k].def)
	       : a >= 0 ? bs1e_unit_evil(b->units[a].def)
			: 0;
}

int bs1e_bonus_unit_warded(const struct bs_battle *b, int g, int k, int a)
{
	/* [14.7] RULING R-739: protection from evil on a unit's figures
	 * against an evil attacker only */
	if (g < 0 || !attacker_evil(b, k, a))
		return 0;
	return unit_ward_figs(b, g, 1, BS_ELEM_NONE);
}

int bs1e_bonus_unit_resists(const struct bs_battle *b, int g,
			    enum bs_spell_element el)
{
	/* [14.7] RULING R-739: resist fire, resist cold on a unit's figures
	 * against their element */
	if (g < 0 || el == BS_ELEM_NONE)
		return 0;
	return unit_ward_figs(b, g, 0, el);
}

int bs1e_bonus_struck(const struct bs_battle *b, int g, int n, int figs)
{
	/* RULING R-739: the figures not enchanted are struck first, as they
	 * are lost first */
	int plain = b->units[g].figures - figs;
	int w = n - (plain > 0 ? plain : 0);
	return w < 0 ? 0 : w > figs ? figs : w;
}

int bs1e_bonus_unit_ward_ar(const struct bs_battle *b, int k, int a, int h,
			    struct bs_deriv *d)
{
	/* [14.7] RULING R-739: "attacks made by evil creatures ... at -2 to
	 * hit" (the PH, R-737) read as an AR 2 worse ([8.3]), of an attack at
	 * a unit every figure of which is warded (one roll at the unit: what
	 * strikes it strikes its figures not warded first) */
	int w = bs1e_bonus_unit_warded(b, h, k, a);
	if (w <= 0 || w < b->units[h].figures)
		return 0;
	if (d)
		bs_deriv_add(d, 2, "[14.7] RULING R-739",
			     "protection from evil (evil attacker -2 to hit)");
	return 2;
}

int bs1e_resisted_damage(int damage)
{
	/* RULING R-735: "reduced by 50%", rounded down as a save's half
	 * a failed save half, a save (half) a quarter */
	return damage / 2;
}

int bs1e_bonus_indiv_saves(const struct bs_battle *b, int t, struct bs_deriv *d)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	int n = 0;
	for (int i = 0; i < s->nbon; i++) {
		const struct bs1e_bonus *e = &s->bon[i];
		if (e->g >= 0 || e->t != t || !mods_of(e)->saves)
			continue;
		n += mods_of(e)->saves;
		if (d)
			bs_deriv_add(d, -mods_of(e)->saves,
				     "[14.7] [14.3] RULING R-615",
				     "%s (%+d to saves)", e->sp->name,
				     mods_of(e)->saves);
	}
	return n;
}

/* ---- casting ------------------------------------------------------------- */

/* Appends ", " (when not first) and the formatted text to buf at *k. */
static void words_add(char *buf, size_t len, size_t *k, const char *fmt, ...)
{
	if (*k + 1 >= len)
		return;
	if (*k) {
		int w = snprintf(buf + *k, len - *k, ", ");
		if (w > 0)
			*k += (size_t)w < len - *k ? (size_t)w : len - *k - 1;
	}
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(buf + *k, len - *k, fmt, ap);
	va_end(ap);
	if (w > 0)
		*k += (size_t)w < len - *k ? (size_t)w : len - *k - 1;
}

/* What m does, in words, into buf. */
static void mods_words(const struct bs_spell_mods *m,
		       enum bs_spell_element element, int indiv, char *buf,
		       size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	const struct {
		int v;
		const char *w;
	} t[] = {{m->to_hit, "to hit"},
		 {m->morale, "morale"},
		 {m->saves, "saving throws"},
		 /* [14.7] RULING R-728: chant's, on individuals only */
		 {indiv ? m->damage : 0, "damage"}};
	for (size_t i = 0; i < sizeof t / sizeof t[0] && k + 1 < len; i++) {
		if (!t[i].v)
			continue;
		int w = snprintf(buf + k, len - k, "%s%+d %s", k ? ", " : "",
				 t[i].v, t[i].w);
		if (w > 0)
			k += (size_t)w < len - k ? (size_t)w : len - k - 1;
	}
	if (m->resist)
		words_add(buf, len, &k,
			  "half damage and +3 to saves against %s (RULING "
			  "R-735)",
			  bs_spell_element_name[element]);
	if (m->evil)
		words_add(buf, len, &k,
			  "evil attackers %+d to hit him, %+d to his saves "
			  "against them (RULING R-737)",
			  -m->evil, m->evil);
	if (m->normal_missiles && k + 1 < len) {
		int w =
		    snprintf(buf + k, len - k,
			     "%sno harm from normal missiles (RULING R-618)",
			     k ? ", " : "");
		if (w > 0)
			k += (size_t)w < len - k ? (size_t)w : len - k - 1;
	}
	if (m->haste && k + 1 < len)
		snprintf(buf + k, len - k, "%shasted: %s", k ? ", " : "",
			 indiv ? "double attacks, or a double move (RULING "
				 "R-615, R-619)"
			       : "double melee damage, or a double move if "
				 "every figure is (RULING R-616)");
	if (m->slow && k + 1 < len)
		snprintf(buf + k, len - k, "%sslowed: %s", k ? ", " : "",
			 indiv ? "half attacks and half MV (RULING R-617)"
			       : "half attacks in melee, the unit at half MV "
				 "(RULING R-617)");
}

/* The record of what p's spell does to friends (enemy 0) or enemies. */
static const struct bs_spell_mods *mods_of_plan(const struct bs1e_cast_plan *p,
						int enemy)
{
	return enemy ? &p->sp->enemies : &p->sp->friends;
}

/* RULING R-620: the duration in Game Rounds, the round of the cast the
 * first (bs_spell_bonus_played: an amount, no dice). */
static int duration(const struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	/* [14.7] RULING R-729: chant lasts while he chants (r14_chant.c
	 * ends it) */
	if (p->sp->dur_kind == BS_DUR_CONCENTRATION)
		return BS1E_WHILE_CHANTING;
	/* [14.1] RULING R-708: less the time of pre-casting */
	return bs1e_fx_rounds(bs_level_qty_at(&p->sp->dur, p->level),
			      p->sp->dur_unit) -
	       bs1e_sc(b)->precast_deduct;
}

/* The CAST event of a bonus placed (n[0] 3) on unit g: n[2] the creatures
 * the spell may affect (0: all in its area), n[3] the figures it reached,
 * n[7] those enchanted, n[8] the Game Rounds, n[9] the Magic marker when
 * not every figure is. */
static void emit_bonus(struct bs_battle *b, const struct bs1e_cast_plan *p,
		       int g, int t, int enemy, int ncreatures, int reached,
		       int figs, int rounds, const char *why,
		       const struct bs1e_figure_saves *fs, const int *rec,
		       const struct bs_deriv *sd)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	char buf[200];
	int all = g >= 0 ? b->units[g].figures : 1;
	bs1e_cast_event(b, &ev, p, 3, g, t);
	ev.n[1] = p->sp->effect;
	ev.n[2] = ncreatures;
	ev.n[3] = reached;
	ev.n[7] = figs;
	ev.n[8] = figs > 0 && rounds != BS1E_WHILE_CHANTING ? rounds : 0;
	ev.n[9] = figs > 0 && figs < all ? BS1E_MARKER_MAGIC : BS1E_MARKER_NONE;
	/* [14.3] RULING R-617: slow's saving throws, a roll a figure */
	if (fs && fs->figures > 0) {
		ev.n[4] = fs->need;
		ev.n[5] = fs->figures;
		ev.n[6] = fs->saved;
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
	if (!why) {
		char w[120];
		mods_words(enemy ? &p->sp->enemies : &p->sp->friends,
			   p->sp->element, g < 0, w, sizeof w);
		snprintf(buf, sizeof buf, "%s %s%s",
			 enemy ? "enemies" : "friends", w,
			 figs < all
			     ? "; the enchanted figures fight apart (RULING "
			       "R-686)"
			     : "");
		why = buf;
	}
	ev.why = why;
	/* RULING R-738: a touch ward of one creature at a unit */
	int touch = g >= 0 && !p->has_area &&
		    p->sp->range_kind == BS_RANGE_TOUCH &&
		    (p->sp->friends.evil || p->sp->friends.resist);
	ev.cite = mods_of_plan(p, enemy)->slow
		      ? (g >= 0 ? "[14.7] [14.3] RULING R-685, R-617"
				: "[14.7] [14.3] RULING R-615, R-617")
		  : touch  ? "[14.7] RULING R-685, R-738"
		  : g >= 0 ? "[14.7] RULING R-685"
			   : "[14.7] RULING R-615";
	bs_battle_emit(b, &ev);
}

/* RULING R-687: the same spell does not add to itself: a second cast of
 * it on the unit keeps the more figures and the longer time. */
static void add(struct bs_battle *b, const struct bs1e_cast_plan *p, int g,
		int t, int enemy, int figs, int rounds)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < s->nbon; i++) {
		struct bs1e_bonus *e = &s->bon[i];
		if (e->g == g && e->t == t && e->sp == p->sp &&
		    e->enemy == enemy) {
			if (figs > e->figs)
				e->figs = figs;
			if (rounds > e->left)
				e->left = rounds;
			return;
		}
	}
	if (s->nbon == s->maxbon) {
		int m = s->maxbon ? 2 * s->maxbon : 16;
		struct bs1e_bonus *f = realloc(s->bon, (size_t)m * sizeof *f);
		if (!f)
			return;
		s->bon = f;
		s->maxbon = m;
	}
	struct bs1e_bonus *e = &s->bon[s->nbon++];
	memset(e, 0, sizeof *e);
	e->sp = p->sp;
	e->k = p->k;
	e->g = g;
	e->t = t;
	e->figs = figs;
	e->enemy = enemy;
	e->left = rounds;
	e->round = b->round;
}

/* The creatures the spell may affect (0: every one in its area). */
static int creatures(const struct bs1e_cast_plan *p)
{
	return p->sp->creatures_all
		   ? 0
		   : bs_level_qty_at(&p->sp->creatures, p->level);
}

/* [14.7] RULING R-685: of unit g's `whole` figures all of whose creatures
 * the spell reaches, those it affects (a pool of creatures spent by whole
 * figures, *pool -1: every one); the reason when none. */
static int unit_figs(const struct bs_battle *b, const struct bs1e_cast_plan *p,
		     int g, int enemy, int whole, int *pool, const char **why)
{
	const struct bs_unit_state *u = &b->units[g];
	const struct bs_spell_mods *m =
	    enemy ? &p->sp->enemies : &p->sp->friends;
	*why = NULL;
	/* RULING R-618: protection from normal missiles on a lone
	 * individual only (the volleys at a unit are not read by creature) */
	if (m->normal_missiles) {
		*why = "no effect: protection from normal missiles is played "
		       "on an individual standing alone (RULING R-618)";
		return 0;
	}
	/* RULING R-738: resist fire, resist cold and protection from evil
	 * of one creature touched add up over a unit's figures
	 * (touch_one); no figure of one cast alone */
	if ((m->resist || m->evil) && p->sp->area == BS_AREA_NONE) {
		*why = "no effect: one creature is no whole figure (RULING "
		       "R-738)";
		return 0;
	}
	/* RULING R-688: bless "friends not yet in melee"; RULING R-734:
	 * curse, its reverse, enemies not yet in melee */
	if (m->not_in_melee && bs1e_engaged(b, g)) {
		*why = enemy ? "no effect: the unit is in melee (RULING R-734)"
			     : "no effect: the unit is in melee (RULING R-688)";
		return 0;
	}
	int figs = whole;
	if (*pool >= 0) {
		int per = u->r.ratio > 0 ? u->r.ratio : 1;
		if (figs > *pool / per)
			figs = *pool / per;
		*pool -= figs * per;
	}
	if (figs == 0)
		*why = whole == 0
			   ? "no effect: no figure with all its creatures "
			     "in the area (RULING R-685)"
			   : "no effect: the spell cannot affect all the "
			     "creatures of a figure (RULING R-685)";
	return figs;
}

/* [14.3] RULING R-617: of unit g's `figs` figures the spell reaches, those
 * that fail the spell's saving throw (a roll a figure; every one when it
 * has none), the rolls into *fs, rec, *sd; -1 on a dice error. */
static int failing(struct bs_battle *b, const struct bs1e_cast_plan *p, int g,
		   int figs, struct bs1e_figure_saves *fs, int *rec,
		   struct bs_deriv *sd)
{
	memset(fs, 0, sizeof *fs);
	if (figs <= 0 || p->sp->save_vs < 0)
		return figs;
	int number = bs1e_cast_unit_save(b, g, p->sp, sd);
	if (bs1e_cast_figure_saves(b, g, figs, number, p->sp->save_mod, NULL,
				   rec, fs) != 0)
		return -1;
	return fs->failed;
}

/* The reason of a cast whose every figure reached saved. */
static const char *all_saved(int figs, int failed, const char *why)
{
	return figs > 0 && failed == 0
		   ? "no effect: every figure saved (RULING R-617 [14.3])"
		   : why;
}

/* [14.7] RULING R-615: the bonus on individual t (global) standing alone,
 * the target or wholly in the area: one creature of the pool (*pool -1:
 * every one); bless not on him in melee. */
static void indiv_cast(struct bs_battle *b, const struct bs1e_cast_plan *p,
		       int t, int side, int nc, int rounds, int *pool)
{
	const struct bs_indiv_state *d = &b->indivs[t];
	int enemy = d->side != side;
	const struct bs_spell_mods *m =
	    enemy ? &p->sp->enemies : &p->sp->friends;
	if (!m->given || !d->alive || d->lost)
		return;
	const char *why = NULL;
	int figs = 1;
	if (m->not_in_melee && bs1e_indiv_engaged(b, d->side, d->idx)) {
		why = enemy ? "no effect: he is in melee (RULING R-734)"
			    : "no effect: he is in melee (RULING R-688)";
		figs = 0;
	} else if (*pool == 0) {
		why = "no effect: the spell affects no more creatures (RULING "
		      "R-615)";
		figs = 0;
	} else if (*pool > 0) {
		(*pool)--;
	}
	/* [14.3] RULING R-617: his own saving throw (slow) */
	struct bs1e_figure_saves fs;
	int rec[BS1E_MAX_FIGS];
	struct bs_deriv md;
	memset(&fs, 0, sizeof fs);
	if (figs > 0 && p->sp->save_vs >= 0) {
		int f = bs1e_fx_indiv_fails(b, p, t, &fs, rec, &md);
		if (f < 0)
			return;
		if (!f) {
			figs = 0;
			why = "no effect: he saved (RULING R-617 [14.3])";
		}
	}
	emit_bonus(b, p, -1, t, enemy, nc, 1, figs, rounds, why, &fs, rec,
		   fs.figures > 0 ? &md : NULL);
	if (figs > 0)
		add(b, p, -1, t, enemy, 1, rounds);
}

/* 1 when plan p is a touch spell of one creature that adds up over a
 * unit's figures (RULING R-738): protection from evil, resist fire and
 * resist cold without an area, at unit p->tg. */
static int touch_one_at_unit(const struct bs1e_cast_plan *p)
{
	return p->tg >= 0 && !p->has_area &&
	       p->sp->range_kind == BS_RANGE_TOUCH &&
	       (p->sp->friends.evil || p->sp->friends.resist) &&
	       !p->sp->friends.normal_missiles;
}

/* [14.7] RULING R-738: "It takes 10 protection from fire spells to
 * benefit a 10:1 figure": the cast of a touch spell of one creature at
 * friendly unit g touches one creature of the figure the casts of that
 * spell (by name: the cleric's and the magic-user's protection from evil
 * are one) are enchanting, the unit's first figure not yet whole; when
 * its creatures are all touched the figure is enchanted (the unit's
 * enchanted figures are its first, R-686); one effect for them all, its
 * time the longer. */
static void touch_one(struct bs_battle *b, const struct bs1e_cast_plan *p,
		      int g, int rounds)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	const struct bs_unit_state *u = &b->units[g];
	int per = u->r.ratio > 0 ? u->r.ratio : 1;
	struct bs1e_bonus *e = NULL;
	for (int i = 0; i < s->nbon && !e; i++)
		if (s->bon[i].g == g && !s->bon[i].enemy &&
		    strcmp(s->bon[i].sp->name, p->sp->name) == 0)
			e = &s->bon[i];
	if (!e) {
		int n0 = s->nbon;
		add(b, p, g, -1, 0, 0, rounds);
		if (s->nbon == n0)
			return;
		e = &s->bon[s->nbon - 1];
	}
	if (e->crt < e->figs * per)
		e->crt = e->figs * per;
	if (e->crt < u->figures * per)
		e->crt++;
	e->figs = e->crt / per;
	if (rounds > e->left)
		e->left = rounds;
	char buf[200];
	int at = e->crt % per ? e->crt % per : per;
	snprintf(buf, sizeof buf,
		 "friends: creature %d of the %d of the figure touched; %d "
		 "figure%s of the unit %s (RULING R-738)%s",
		 at, per, e->figs, e->figs == 1 ? "" : "s",
		 p->sp->friends.evil ? "warded against evil" : "resisting",
		 e->figs > 0 && e->figs < u->figures
		     ? "; the enchanted figures fight apart (RULING R-686)"
		     : "");
	emit_bonus(b, p, g, -1, 0, 1, 1, e->figs, e->left, buf, NULL, NULL,
		   NULL);
}

/* RULING R-738: a touch spell with an area (protection from evil 10'
 * radius) at a unit lands about the figure of it the caster touches, the
 * one nearest him: *q is p with its area there (p itself otherwise). */
static const struct bs1e_cast_plan *touch_area(const struct bs_battle *b,
					       const struct bs1e_cast_plan *p,
					       struct bs1e_cast_plan *q)
{
	if (!p->has_area || p->tg < 0 || p->sp->range_kind != BS_RANGE_TOUCH)
		return p;
	struct bs_tt_shape sh;
	struct bs_tt_pose po;
	bs1e_shape(b, p->tg, &sh);
	bs1e_pose(b, p->tg, &po);
	double best = -1;
	struct bs_vec at = p->area.at;
	for (int i = 0; i < sh.figures; i++) {
		int fi, ri;
		bs_tt_slot(&sh, i, &fi, &ri);
		struct bs_vec c = bs_tt_slot_pos(&sh, &po, fi, ri);
		double d = bs_vec_dist(c, p->from);
		if (best < 0 || d < best - 1e-9) {
			best = d;
			at = c;
		}
	}
	*q = *p;
	q->area.at = at;
	q->aim = at;
	return q;
}

void bs1e_bonus_cast(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	int side = b->indivs[p->k].side;
	int rounds = duration(b, p);
	int nc = creatures(p);
	int pool = nc > 0 ? nc : -1;
	struct bs1e_cast_plan q;
	p = touch_area(b, p, &q);
	if (!p->has_area && p->tk >= 0) {
		/* RULING R-615: on the individual */
		indiv_cast(b, p, p->tk, side, nc, rounds, &pool);
		return;
	}
	if (touch_one_at_unit(p) && b->units[p->tg].side == side) {
		touch_one(b, p, p->tg, rounds);
		return;
	}
	if (!p->has_area) {
		/* a number of creatures of its target unit (RULING R-685) */
		int g = p->tg, enemy = b->units[g].side != side;
		const char *why;
		int figs =
		    unit_figs(b, p, g, enemy, b->units[g].figures, &pool, &why);
		struct bs1e_figure_saves fs;
		int rec[BS1E_MAX_FIGS];
		struct bs_deriv sd;
		int failed = failing(b, p, g, figs, &fs, rec, &sd);
		if (failed < 0)
			return;
		why = all_saved(figs, failed, why);
		figs = failed;
		emit_bonus(b, p, g, -1, enemy, nc, b->units[g].figures, figs,
			   rounds, why, &fs, rec, fs.figures > 0 ? &sd : NULL);
		if (figs > 0)
			add(b, p, g, -1, enemy, figs, rounds);
		if (enemy)
			b->units[g].flags |= BS_UF_ATTACKED;
		return;
	}
	int n = bs1e_area_figures(b, &p->area, NULL, 0);
	if (n <= 0)
		return;
	struct bs1e_area_hit *h = malloc((size_t)n * sizeof *h);
	if (!h)
		return;
	bs1e_area_figures(b, &p->area, h, n);
	/* the target's unit (or individual) first, then the others in the
	 * area's order */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n;) {
			if (h[i].unit < 0) {
				/* RULING R-615: an individual standing alone
				 * wholly in the area */
				int t =
				    h[i].indiv >= 0
					? b->indiv_first[h[i].side] + h[i].indiv
					: -1;
				if (t >= 0 && h[i].whole &&
				    (t == p->tk) == (pass == 0))
					indiv_cast(b, p, t, side, nc, rounds,
						   &pool);
				i++;
				continue;
			}
			int g = bs1e_g(b, h[i].side, h[i].unit), c = 0,
			    whole = 0;
			while (i + c < n && h[i + c].unit == h[i].unit &&
			       h[i + c].side == h[i].side) {
				whole += h[i + c].whole;
				c++;
			}
			i += c;
			if ((g == p->tg) != (pass == 0) || !bs1e_in_play(b, g))
				continue;
			int enemy = b->units[g].side != side;
			const struct bs_spell_mods *m =
			    enemy ? &p->sp->enemies : &p->sp->friends;
			if (!m->given)
				continue;
			const char *why;
			int figs =
			    unit_figs(b, p, g, enemy, whole, &pool, &why);
			struct bs1e_figure_saves fs;
			int rec[BS1E_MAX_FIGS];
			struct bs_deriv sd;
			int failed = failing(b, p, g, figs, &fs, rec, &sd);
			if (failed < 0)
				goto out;
			why = all_saved(figs, failed, why);
			figs = failed;
			emit_bonus(b, p, g, -1, enemy, nc, c, figs, rounds, why,
				   &fs, rec, fs.figures > 0 ? &sd : NULL);
			if (figs > 0)
				add(b, p, g, -1, enemy, figs, rounds);
			if (enemy)
				b->units[g].flags |= BS_UF_ATTACKED;
		}
out:
	free(h);
}

/* ---- the End of Game Round [1.0] ----------------------------------------- */

/* The CAST event of effect e ended (n[0] 4), cite `cite`. */
static void emit_end(struct bs_battle *b, const struct bs1e_bonus *e,
		     const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs1e_cast_plan p;
	memset(&p, 0, sizeof p);
	p.k = e->k;
	p.sp = e->sp;
	struct bs_event ev;
	bs1e_cast_event(b, &ev, &p, 4, e->g, e->t);
	ev.n[1] = e->sp->effect;
	ev.n[7] = e->figs;
	ev.n[9] = e->g >= 0 && e->figs < b->units[e->g].figures
		      ? BS1E_MARKER_MAGIC
		      : BS1E_MARKER_NONE;
	ev.n[10] = b->round - e->round + 1;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

void bs1e_bonus_end_of(struct bs_battle *b, int k, const struct bs_spell *sp)
{
	/* [14.7] RULING R-729 (r14_chant.c): caster k's spell sp ends now */
	struct bs1e_scratch *s = bs1e_sc(b);
	int j = 0;
	for (int i = 0; i < s->nbon; i++) {
		struct bs1e_bonus *e = &s->bon[i];
		if (e->k == k && e->sp == sp) {
			int on = e->g < 0 ? b->indivs[e->t].alive &&
						!b->indivs[e->t].lost
					  : bs1e_in_play(b, e->g);
			e->figs = figs_of(b, e);
			if (on && e->figs > 0)
				emit_end(b, e, "[14.7] RULING R-729");
			continue;
		}
		s->bon[j++] = *e;
	}
	s->nbon = j;
}

int bs1e_bonus_indiv_damage(const struct bs_battle *b, int t,
			    struct bs_deriv *d)
{
	/* [14.7] RULING R-728: chant's +1 or -1 to each blow of an
	 * individual standing alone */
	const struct bs1e_scratch *s = bs1e_sc(b);
	int n = 0;
	for (int i = 0; i < s->nbon; i++) {
		const struct bs1e_bonus *e = &s->bon[i];
		if (e->g >= 0 || e->t != t || !mods_of(e)->damage)
			continue;
		n += mods_of(e)->damage;
		if (d)
			bs_deriv_add(d, mods_of(e)->damage,
				     "[14.7] RULING R-728", "%s (%+d damage)",
				     e->sp->name, mods_of(e)->damage);
	}
	return n;
}

void bs1e_bonus_end_round(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	int j = 0;
	for (int i = 0; i < s->nbon; i++) {
		struct bs1e_bonus *e = &s->bon[i];
		if (e->g < 0 ? !b->indivs[e->t].alive || b->indivs[e->t].lost
			     : !bs1e_in_play(b, e->g))
			continue;
		e->figs = figs_of(b, e);
		/* RULING R-738: creatures touched of a figure not yet whole
		 * stay while the unit has that figure */
		if (e->crt > 0) {
			int per = b->units[e->g].r.ratio > 0
				      ? b->units[e->g].r.ratio
				      : 1;
			int most = b->units[e->g].figures * per;
			if (e->crt > most)
				e->crt = most;
		}
		if (e->figs <= 0 && e->crt <= 0)
			continue;
		if (--e->left <= 0) {
			/* RULING R-738: an effect of creatures touched only
			 * (no whole figure) ends without a word */
			if (e->figs > 0)
				emit_end(b, e,
					 "[1.7] [14.7] [14.2] RULING R-620");
			continue;
		}
		s->bon[j++] = *e;
	}
	s->nbon = j;
}

/* ---- the expected result (for the AI) ------------------------------------ */

/* RULING R-687: the reach within which a unit is about to fight. */
#define ABOUT_TO_FIGHT 12.0

/* 1 when unit g is in melee or an enemy unit in play stands within
 * ABOUT_TO_FIGHT inches of it. */
static int about_to_fight(const struct bs_battle *b, int g)
{
	if (bs1e_engaged(b, g))
		return 1;
	struct bs_quad q = bs1e_quad(b, g);
	for (int h = 0; h < b->nunits; h++) {
		if (b->units[h].side == b->units[g].side || !bs1e_in_play(b, h))
			continue;
		struct bs_quad r = bs1e_quad(b, h);
		if (bs_quad_dist(&q, &r) <= ABOUT_TO_FIGHT)
			return 1;
	}
	return 0;
}

/* RULING R-615: 1 when individual t is in melee or an enemy unit or
 * individual on the table stands within ABOUT_TO_FIGHT inches of him. */
static int indiv_about_to_fight(const struct bs_battle *b, int t)
{
	const struct bs_indiv_state *d = &b->indivs[t];
	if (bs1e_indiv_engaged(b, d->side, d->idx))
		return 1;
	struct bs_quad q = bs1e_indiv_quad(b, t);
	for (int h = 0; h < b->nunits; h++) {
		if (b->units[h].side == d->side || !bs1e_in_play(b, h))
			continue;
		struct bs_quad r = bs1e_quad(b, h);
		if (bs_quad_dist(&q, &r) <= ABOUT_TO_FIGHT)
			return 1;
	}
	for (int j = 0; j < b->nindivs; j++)
		if (b->indivs[j].side != d->side && b->indivs[j].alive &&
		    !b->indivs[j].lost &&
		    bs_vec_dist(b->indivs[j].pos, d->pos) <= ABOUT_TO_FIGHT)
			return 1;
	return 0;
}

/* RULING R-735: 1 when an enemy of `side` on the table has a spell or a
 * breath of element el left (what resist fire or cold is worth against). */
static int element_threat(const struct bs_battle *b, int side,
			  enum bs_spell_element el)
{
	for (int s = 0; s < b->nsides; s++) {
		if (s == side)
			continue;
		for (int j = 0; j < b->sc->sides[s].nindividuals; j++) {
			const struct bs_indiv_state *d =
			    &b->indivs[b->indiv_first[s] + j];
			if (!d->alive || d->lost)
				continue;
			const struct bs_individual *ind =
			    &b->sc->sides[s].individuals[j];
			for (int i = 0; i < ind->nspells; i++) {
				const struct bs_spell *sp =
				    ind->spells[i].spell;
				if (sp && sp->element == el &&
				    bs_spell_played(sp) &&
				    bs1e_spells_left(b, s, j, sp) > 0)
					return 1;
			}
			const struct bs_spell *br = bs1e_breath_of(b, s, j);
			if (br && br->element == el &&
			    bs1e_breaths_left(b, s, j) > 0)
				return 1;
		}
	}
	return 0;
}

/* RULING R-737: 1 when an enemy of `side` in play is evil (a unit all of
 * whose creatures are, or an individual on the table of an evil race). */
static int evil_threat(const struct bs_battle *b, int side)
{
	for (int g = 0; g < b->nunits; g++)
		if (b->units[g].side != side && bs1e_in_play(b, g) &&
		    bs1e_unit_evil(b->units[g].def))
			return 1;
	for (int j = 0; j < b->nindivs; j++)
		if (b->indivs[j].side != side && b->indivs[j].alive &&
		    !b->indivs[j].lost && bs1e_indiv_evil(b->indivs[j].def))
			return 1;
	return 0;
}

/* RULING R-615: what the bonus of p on individual t is worth to the AI:
 * his hit points now in HD (4.5 a die) when he is about to fight and has
 * it not yet; *pool the creatures left (-1: every one). */
static double indiv_expect(const struct bs_battle *b, int side,
			   const struct bs1e_cast_plan *p, int t, int *pool)
{
	const struct bs_indiv_state *d = &b->indivs[t];
	int enemy = d->side != side;
	const struct bs_spell_mods *m =
	    enemy ? &p->sp->enemies : &p->sp->friends;
	if (!m->given || !d->alive || d->lost || *pool == 0)
		return 0;
	if (*pool > 0)
		(*pool)--;
	if (!indiv_about_to_fight(b, t) ||
	    (m->not_in_melee && bs1e_indiv_engaged(b, d->side, d->idx)))
		return 0;
	/* RULING R-735: resist fire / cold only against an enemy who has
	 * that element to cast or breathe */
	if (m->resist && !element_threat(b, d->side, p->sp->element))
		return 0;
	/* RULING R-737: protection from evil only against an evil enemy */
	if (m->evil && !evil_threat(b, d->side))
		return 0;
	const struct bs1e_scratch *s = bs1e_sc(b);
	for (int j = 0; j < s->nbon; j++)
		if (s->bon[j].g < 0 && s->bon[j].t == t &&
		    s->bon[j].sp == p->sp && s->bon[j].enemy == enemy)
			return 0;
	double v = d->hp > 0 ? d->hp / 4.5 : 0;
	/* RULING R-617: slow on him by the chance he fails his save */
	if (p->sp->save_vs >= 0)
		v *= (20 - bs1e_save_chance20(s->ix[t].save[p->sp->save_vs],
					      p->sp->save_mod)) /
		     20.0;
	return v;
}

double bs1e_bonus_expect(const struct bs_battle *b, int side,
			 const struct bs1e_cast_plan *p)
{
	if (!p->legal || p->fails)
		return 0;
	struct bs1e_cast_plan q;
	p = touch_area(b, p, &q);
	int n = p->has_area ? bs1e_area_figures(b, &p->area, NULL, 0) : 0;
	struct bs1e_area_hit *h = n > 0 ? malloc((size_t)n * sizeof *h) : NULL;
	if (p->has_area && !h)
		return 0;
	if (h)
		bs1e_area_figures(b, &p->area, h, n);
	int nc = creatures(p), pool = nc > 0 ? nc : -1;
	double v = 0;
	if (!h && p->tk >= 0)
		return indiv_expect(b, side, p, p->tk, &pool);
	for (int i = 0; i < (h ? n : 1);) {
		int g, whole;
		if (h) {
			if (h[i].unit < 0) {
				/* RULING R-615: an individual standing alone
				 * wholly in the area */
				if (h[i].indiv >= 0 && h[i].whole)
					v += indiv_expect(
					    b, side, p,
					    b->indiv_first[h[i].side] +
						h[i].indiv,
					    &pool);
				i++;
				continue;
			}
			int c = 0;
			g = bs1e_g(b, h[i].side, h[i].unit);
			whole = 0;
			while (i + c < n && h[i + c].unit == h[i].unit &&
			       h[i + c].side == h[i].side)
				whole += h[i + c++].whole;
			i += c;
		} else {
			g = p->tg;
			whole = b->units[g].figures;
			i++;
		}
		if (!bs1e_in_play(b, g))
			continue;
		int enemy = b->units[g].side != side;
		const struct bs_spell_mods *m =
		    enemy ? &p->sp->enemies : &p->sp->friends;
		if (!m->given || !about_to_fight(b, g))
			continue;
		/* RULING R-739: a ward only against the danger it wards off
		 * (R-735, R-737) */
		if ((m->resist &&
		     !element_threat(b, b->units[g].side, p->sp->element)) ||
		    (m->evil && !evil_threat(b, b->units[g].side)))
			continue;
		/* already enchanted by it: no more (RULING R-687) */
		const struct bs1e_scratch *s = bs1e_sc(b);
		int had = 0;
		for (int j = 0; j < s->nbon; j++)
			if (s->bon[j].g == g && s->bon[j].sp == p->sp &&
			    s->bon[j].enemy == enemy)
				had = figs_of(b, &s->bon[j]);
		const char *why;
		int figs = unit_figs(b, p, g, enemy, whole, &pool, &why) - had;
		if (figs <= 0)
			continue;
		/* enemies' penalties count as friends' bonuses do; RULING
		 * a save (slow) by the chance a figure fails it */
		double fail = 1.0;
		if (p->sp->save_vs >= 0)
			fail = (20 - bs1e_save_chance20(
					 bs1e_cast_unit_save(b, g, p->sp, NULL),
					 p->sp->save_mod)) /
			       20.0;
		v += fail * figs * b->units[g].r.hd_fig / 10.0;
	}
	free(h);
	return v;
}
