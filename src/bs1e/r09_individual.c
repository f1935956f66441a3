/* The Melee Phase of heroes and commanders standing alone, the
 * Intermediate and Advanced Games (issue 15): [9.4 B] individual combat
 * between 1:1 figures in base-to-base contact by AD&D rules (three AD&D
 * melee rounds to the phase, [5.2] individual initiative, THAC0 against
 * AC on a d20 with strength and magic, the weapon's hit points against
 * S-M or L, multiple attacks); [9.4 A] character vs figure combat: a hero
 * attacking a figure (a wound at 1/2 of its HD, never more than a wound a
 * round, unless he can affect all its creatures), figures attacking a
 * hero (1 figure, 3 against size L; each HD of damage 4 hp); [9.2]
 * commanders standing apart from their units fight and are attacked as
 * heroes. Nothing done in individual combat touches a 2:1, 5:1 or 10:1
 * figure [9.4 B]. A held or sleeping individual is helpless (RULING
 * blows at him hit without the d20, figures attack him at AC 10.
 * [14.8] RULING R-704: an invisible individual's free attack on contact. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_tables.h"
#include "bs1e/engine.h"

/* ---- individual combat [9.4 B] ------------------------------------------
 */

/* 1 when figures k and j (global) touch. */
static int figures_touch(const struct bs_battle *b, int k, int j)
{
	struct bs_quad a = bs1e_indiv_quad(b, k), c = bs1e_indiv_quad(b, j);
	return bs_quad_dist_cmp(&a, &c, BS_GEOM_TOUCH) <= 0;
}

/* The enemy figure k fights this AD&D round: the one he went for when he
 * touches it, else the one he fought last, else the first that touches
 * him (RULING R-510); -1 none. */
static int duel_target(const struct bs_battle *b, int k, int last)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	if (c->tside >= 0 && c->tindiv >= 0) {
		int t = b->indiv_first[c->tside] + c->tindiv;
		if (bs1e_indiv_figure(b, t) && b->indivs[t].hp > 0 &&
		    figures_touch(b, k, t))
			return t;
	}
	if (last >= 0 && bs1e_indiv_figure(b, last) && b->indivs[last].hp > 0 &&
	    figures_touch(b, k, last))
		return last;
	for (int j = 0; j < b->nindivs; j++)
		if (b->indivs[j].side != c->side && bs1e_indiv_figure(b, j) &&
		    b->indivs[j].hp > 0 && figures_touch(b, k, j))
			return j;
	return -1;
}

/* [10.2] "If an enemy figure or figures moves into base-to-base contact
 * with a figure or unit that has already used missile weapons during the
 * current Game Round, the missile-using unit cannot fight during that
 * Melee Phase." RULING R-611: a hero who shot this Game Round (in the
 * Initial Missile Phase, as pass-through fire or in the Missile and Magic
 * Phase) and whom an enemy unit or figure moved into contact with does
 * not strike in it, neither in individual combat nor at a figure; he is
 * attacked as usual. */
static int fired_and_contacted(const struct bs_battle *b, int k)
{
	return bs1e_sc(b)->ix[k].shots > 0 &&
	       (b->indivs[k].flags & BS_IF_CONTACTED) != 0;
}

/* 1 when individual j counts as a creature of less than 1 HD. */
static int indiv_under_1hd(const struct bs_battle *b, int j)
{
	const struct bs_individual *d = b->indivs[j].def;
	int level = 0;
	for (int i = 0; i < d->nclasses; i++)
		if (d->level[i] > level)
			level = d->level[i];
	if (d->nclasses > 0)
		return level <= 0;
	struct bs_hd hd = d->race ? d->race->hd : (struct bs_hd){10, 0};
	return bs1e_under_one_hd(d->race, hd, bs1e_sc(b)->ix[j].f.thac0);
}

void bs1e_duel_event(const struct bs_battle *b, struct bs_event *ev, int k,
		     int t, const struct bs_deriv *dn, int d20, int hit,
		     int dmg, int raw, int n0, int nth)
{
	const struct bs_indiv_state *c = &b->indivs[k], *d = &b->indivs[t];
	bs1e_ev(b, ev, BS_EV_DUEL);
	ev->side = c->side;
	ev->indiv = c->idx;
	ev->tside = d->side;
	ev->tindiv = d->idx;
	ev->deriv = *dn;
	ev->has_deriv = 1;
	ev->dice[0] = d20;
	ev->ndice = 1;
	ev->die_sides = 20;
	ev->n[0] = n0;
	ev->n[1] = dn->value;
	ev->n[2] = hit;
	ev->n[3] = dmg;
	ev->n[4] = d->hp;
	ev->n[5] = nth;
	ev->n[6] = raw;
}

/* RULING R-677: how individual t (global) is helpless, 0 when he is not:
 * BS1E_HELPLESS_HELD (held or paralyzed) or BS1E_HELPLESS_ASLEEP, from
 * the effects that immobilize him [14.6 B] (r14_effects.c). */
enum { BS1E_HELPLESS_HELD = 1, BS1E_HELPLESS_ASLEEP = 2 };
static int helpless(const struct bs_battle *b, int t)
{
	if (!bs1e_fx_indiv_held(b, t))
		return 0;
	const struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < s->nfx; i++)
		if (s->fx[i].t == t && s->fx[i].kind == BS_SPFX_SLEEP)
			return BS1E_HELPLESS_ASLEEP;
	return BS1E_HELPLESS_HELD;
}

/* ---- his race's special attacks and defences [13.2] [13.3] [13.5] -------
 */

int bs1e_indiv_magic_to_hit(const struct bs_battle *b, int k)
{
	const struct bs_creature *r = b->indivs[k].def->race;
	return r && (r->flags & BS_CF_MAGIC_TO_HIT) != 0;
}

/* [13.3] "Some creatures are hit only by magic or silver weapons"
 * RULING R-730: individual k's blows cannot harm individual t when t's
 * race is hit only by magic weapons and k strikes with a weapon without
 * a plus, his fists or his race's natural attacks (a unit's natural
 * attacks are no magic weapon either, battle.c); no d20 is rolled. The
 * note is given at his first blow of each AD&D round. 1 when he cannot. */
static int duel_unharmed(struct bs_battle *b, int k, int t, int nth)
{
	const struct bs1e_fighter *f = &bs1e_sc(b)->ix[k].f;
	if (!bs1e_indiv_magic_to_hit(b, t) || (!f->natural && f->plus > 0))
		return 0;
	if (nth == 1 && bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_NOTE);
		ev.side = b->indivs[k].side;
		ev.indiv = b->indivs[k].idx;
		ev.tside = b->indivs[t].side;
		ev.tindiv = b->indivs[t].idx;
		ev.what = "his blows cannot harm the enemy: he is hit only by "
			  "magic weapons";
		ev.cite = "[13.3] [9.4 B] RULING R-730";
		bs_battle_emit(b, &ev);
	}
	return 1;
}

/* RULING R-066: the natural attack of race r that poisons (0-based). */
static int poison_form(const struct bs_creature *r)
{
	return r->poison_attack > 0 && r->poison_attack <= r->attacks.nparts
		   ? r->poison_attack - 1
		   : r->attacks.nparts - 1;
}

/* 1 when k fights with his race's natural attacks and the race has flag
 * `flag`, at the Advanced Game (the special abilities of chapter 13,
 * RULING ). */
static int natural_ability(const struct bs_battle *b, int k, unsigned flag)
{
	const struct bs1e_fighter *f = &bs1e_sc(b)->ix[k].f;
	return b->sc->level == BS_LEVEL_ADVANCED && f->natural && f->race &&
	       (f->race->flags & flag) != 0;
}

/* [13.2] [9.4 B] RULING R-732: a hit of k's poisonous natural attack on
 * t in individual combat, by the AD&D rule ("resolved using normal AD&D
 * game melee and magic rules"; [13.2]'s "Do not make a saving throw" is
 * the BATTLESYSTEM reading of a figure's poison): t saves against
 * poison (his PPD number), at +2 against a weak poison and -2 against a
 * strong one ([13.2] reads weak as "the saving throw is made at a
 * bonus", strong "at a penalty"), with his bless or prayer; failed, he
 * dies. The undead are not harmed by poison (Monster Manual). */
static void duel_poison(struct bs_battle *b, int k, int t, int form)
{
	if (!natural_ability(b, k, BS_CF_POISON))
		return;
	const struct bs1e_fighter *f = &bs1e_sc(b)->ix[k].f;
	struct bs_indiv_state *c = &b->indivs[k], *d = &b->indivs[t];
	if (form != poison_form(f->race) || d->hp <= 0)
		return;
	const struct bs_creature *dr = d->def->race;
	if (dr && (dr->flags & BS_CF_UNDEAD)) {
		bs1e_note_indiv(b, t, "undead: the poison does not harm him",
				"[13.2] [9.4 B] RULING R-732");
		return;
	}
	const struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[t];
	struct bs_deriv md = x->save_d[BS_SAVE_PPD];
	int shift = f->race->poison_shift ? f->race->poison_shift : 2;
	int mod = shift == 1 ? 2 : shift >= 3 ? -2 : 0;
	if (mod)
		bs_deriv_add(&md, -mod, "[13.2] RULING R-732", "%s poison",
			     mod > 0 ? "weak" : "strong");
	mod += bs1e_save_mod_individual(d->def, BS_SAVE_PPD, 0, 0, &md);
	mod += bs1e_bonus_indiv_saves(b, t, &md); /* [14.7] RULING R-615 */
	struct bs1e_save_who who = {d->side, -1, d->idx};
	int die = 0;
	int saved =
	    bs1e_save_roll(&b->dice, x->save[BS_SAVE_PPD], mod, &who, &die);
	if (saved < 0)
		return;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_NOTE);
		ev.side = d->side;
		ev.indiv = d->idx;
		ev.tside = c->side;
		ev.tindiv = c->idx;
		ev.deriv = md;
		ev.deriv.value = x->save[BS_SAVE_PPD] - mod;
		ev.has_deriv = 1;
		ev.dice[0] = die;
		ev.ndice = 1;
		ev.die_sides = 20;
		ev.n[0] = x->save[BS_SAVE_PPD] - mod;
		ev.n[1] = saved;
		ev.what = saved
			      ? "poisoned: saving throw against poison made"
			      : "poisoned: saving throw against poison failed: "
				"he dies";
		ev.cite = "[13.2] [9.4 B] RULING R-732";
		bs_battle_emit(b, &ev);
	}
	if (!saved) {
		d->hp = 0;
		d->killed_by = c->side;
	}
}

/* The numbers of his class tables (a monster's: his race's hit dice)
 * `down` levels (hit dice) below his own, for RULING R-731. */
struct drain_nums {
	int level; /* his highest level (a monster's whole HD) left */
	int thac0; /* -1: not from a table */
	int save[BS_SAVE__COUNT]; /* 0: not from a table */
	int rate_num, rate_den, fighter_level;
};

static void drain_nums(const struct bs_individual *ind, int down,
		       struct drain_nums *o)
{
	memset(o, 0, sizeof *o);
	o->thac0 = -1;
	o->rate_num = o->rate_den = 1;
	int known = 0;
	for (int i = 0; i < ind->nclasses; i++) {
		int lv = ind->level[i] - down, rep = 0, sv[BS_SAVE__COUNT];
		if (ind->level[i] - down > o->level)
			o->level = ind->level[i] - down;
		if (lv < 1)
			lv = 1;
		int t = bs1e_thac0_class(ind->cls[i], lv, &rep);
		if (t < 0)
			continue;
		known = 1;
		if (o->thac0 < 0 || t < o->thac0)
			o->thac0 = t;
		if (bs1e_saves_class(ind->cls[i], lv, sv) == 0)
			for (int v = 0; v < BS_SAVE__COUNT; v++)
				if (!o->save[v] || sv[v] < o->save[v])
					o->save[v] = sv[v];
		int num, den;
		bs1e_class_attacks(ind->cls[i], lv, &num, &den);
		if (num * o->rate_den > o->rate_num * den) {
			o->rate_num = num;
			o->rate_den = den;
		}
		if (bs1e_is_fighter_class(ind->cls[i]) && lv > o->fighter_level)
			o->fighter_level = lv;
	}
	if (known || !ind->race)
		return;
	/* a monster: his race's hit dice, less `down` */
	struct bs_hd hd = ind->race->hd;
	int tenths = hd.tenths - 10 * down, rep = 0;
	o->level = tenths > 0 ? (tenths + 9) / 10 : 0;
	if (tenths < 10)
		tenths = 10;
	if (!ind->race->thac0)
		o->thac0 = bs1e_thac0_monster(tenths, hd.plus, &rep);
	int sv[BS_SAVE__COUNT];
	if (bs1e_saves_monster(tenths, hd.plus, sv) == 0)
		memcpy(o->save, sv, sizeof sv);
}

int bs1e_indiv_drain(struct bs_battle *b, int t, int by, const char *cite)
{
	struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[t];
	struct bs_indiv_state *d = &b->indivs[t];
	const struct bs_individual *ind = d->def;
	if (!d->alive || d->hp <= 0)
		return 0;
	struct drain_nums was, now;
	drain_nums(ind, x->drained, &was);
	if (was.level < 1)
		return 0;
	if (x->drained == 0) {
		struct bs1e_drain_keep *k = &x->undrained;
		k->thac0 = x->f.thac0;
		k->ar = x->ar;
		k->hp_max = d->hp_max;
		k->rate_num = x->f.rate_num;
		k->rate_den = x->f.rate_den;
		k->fighter_level = x->f.fighter_level;
		memcpy(k->save, x->save, sizeof k->save);
		k->ar_d = x->ar_d;
		memcpy(k->save_d, x->save_d, sizeof k->save_d);
	}
	/* his levels at the start: the hit points of one */
	struct drain_nums top;
	drain_nums(ind, 0, &top);
	int per = x->undrained.hp_max / (top.level > 0 ? top.level : 1);
	if (per < 1)
		per = 1;
	x->drained++;
	drain_nums(ind, x->drained, &now);
	/* the numbers the scenario gives (`thac0`, `save`) stay his */
	if (!ind->thac0 && was.thac0 > 0 && now.thac0 > 0 &&
	    now.thac0 != was.thac0) {
		int dt = now.thac0 - was.thac0;
		x->f.thac0 += dt;
		x->ar += dt;
		bs_deriv_add(&x->ar_d, dt, "[13.5] RULING R-731",
			     "a level drained");
	}
	for (int v = 0; v < BS_SAVE__COUNT; v++)
		if (!ind->save[v] && was.save[v] && now.save[v] &&
		    now.save[v] != was.save[v]) {
			int dv = now.save[v] - was.save[v];
			x->save[v] += dv;
			bs_deriv_add(&x->save_d[v], dv, "[13.5] RULING R-731",
				     "a level drained");
		}
	if (ind->nclasses > 0 && was.thac0 > 0) {
		x->f.rate_num = now.rate_num;
		x->f.rate_den = now.rate_den;
		x->f.fighter_level = now.fighter_level;
	}
	int lost = per < d->hp ? per : d->hp;
	d->hp_max -= per;
	if (d->hp_max < 0)
		d->hp_max = 0;
	d->hp -= lost;
	if (now.level < 1)
		d->hp = 0; /* drained of his last level: he dies */
	if (d->hp <= 0)
		d->killed_by = by;
	if (bs_battle_events_on(b)) {
		char what[120];
		if (now.level < 1)
			snprintf(what, sizeof what,
				 "drained of his last %s: he dies",
				 ind->nclasses > 0 ? "level" : "hit die");
		else
			snprintf(what, sizeof what,
				 "a %s drained: %s %d, THAC0 %d",
				 ind->nclasses > 0 ? "level" : "hit die",
				 ind->nclasses > 0 ? "level" : "HD", now.level,
				 x->f.thac0);
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_HP);
		ev.side = d->side;
		ev.indiv = d->idx;
		ev.n[0] = lost;
		ev.n[1] = d->hp;
		ev.n[2] = d->hp_max;
		ev.n[3] = 0;
		ev.n[4] = now.level;
		ev.n[5] = x->drained;
		ev.what = what;
		ev.cite = cite;
		bs_battle_emit(b, &ev);
	}
	return 1;
}

void bs1e_indivs_drain_reset(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int k = 0; k < b->nindivs; k++) {
		struct bs1e_indiv_x *x = &s->ix[k];
		if (!x->drained)
			continue;
		const struct bs1e_drain_keep *kp = &x->undrained;
		x->f.thac0 = kp->thac0;
		x->ar = kp->ar;
		b->indivs[k].hp_max = kp->hp_max;
		x->f.rate_num = kp->rate_num;
		x->f.rate_den = kp->rate_den;
		x->f.fighter_level = kp->fighter_level;
		memcpy(x->save, kp->save, sizeof x->save);
		x->ar_d = kp->ar_d;
		memcpy(x->save_d, kp->save_d, sizeof x->save_d);
		x->drained = 0;
	}
}

/* [13.5] [9.4 B] RULING R-731: a hit of k's natural attacks on t in
 * individual combat drains a level (the AD&D energy drain: one a hit). */
static void duel_drain(struct bs_battle *b, int k, int t)
{
	if (natural_ability(b, k, BS_CF_LEVEL_DRAIN))
		bs1e_indiv_drain(b, t, b->indivs[k].side,
				 "[13.5] [9.4 B] RULING R-731");
}

/* [9.4 A] "The Hero attacks using normal BATTLESYSTEM melee procedures"
 * with the special attacks of his race's natural attacks, as a unit's:
 * [13.5] double damage (RULING R-311: the Advanced Game), [13.2] the
 * poison's extra damage with the same roll (RULING R-603); RULING
 * */
static void hero_spec_race(const struct bs_battle *b, int k,
			   struct bs1e_attack_spec *spec)
{
	const struct bs1e_fighter *f = &bs1e_sc(b)->ix[k].f;
	spec->level_drain = natural_ability(b, k, BS_CF_LEVEL_DRAIN);
	if (!natural_ability(b, k, BS_CF_POISON))
		return;
	int p = poison_form(f->race);
	if (p < 0 || p >= f->nforms)
		return;
	int shift = f->race->poison_shift ? f->race->poison_shift : 2;
	spec->poison_parts = 1u << p;
	spec->poison =
	    bs1e_poison_in_play(b->sc->level, spec->poison_parts, shift);
	if (spec->poison == BS1E_POISON_NONE)
		spec->poison_parts = 0;
}

/* One attack form of k on t: the d20, and the damage when it hits. */
static void strike(struct bs_battle *b, int k, int t, int form, int round,
		   int nth)
{
	const struct bs1e_fighter *f = &bs1e_sc(b)->ix[k].f;
	struct bs_indiv_state *c = &b->indivs[k], *d = &b->indivs[t];
	const struct bs1e_fighter *df = &bs1e_sc(b)->ix[t].f;
	/* [9.4 B] "resolved using normal AD&D game melee rules": THAC0
	 * against AC on the attack matrix (RULING R-507), strength and a
	 * magic weapon's plus to hit; a monster's natural attacks have no
	 * strength bonus */
	int natural = f->natural;
	/* [14.8] RULING R-635: a blow is an attack: it ends his own
	 * invisibility; R-634: an invisible target's AC is 4 better */
	bs1e_fx_invis_attacks(b, k);
	/* [13.3] RULING R-730 */
	if (duel_unharmed(b, k, t, nth))
		return;
	int inv = bs1e_fx_invis_ac(b, t);
	int need = bs1e_adnd_needed(f->thac0, df->ac);
	struct bs_deriv dn;
	char lab[BS_DERIV_LABEL];
	snprintf(lab, sizeof lab, "THAC0 %d - AC %d%s =", f->thac0, df->ac,
		 need != f->thac0 - df->ac ? " on the matrix" : "");
	bs_deriv_init(&dn, need, lab, NULL, NULL);
	if (inv) {
		int ni = bs1e_adnd_needed(f->thac0, df->ac - inv);
		bs_deriv_add(&dn, ni - need, "[14.8] RULING R-634",
			     "invisible: AC %d", df->ac - inv);
		need = ni;
	}
	int bonus = 0;
	if (!natural && f->str_hit) {
		bs_deriv_add(&dn, -f->str_hit, "[9.4 B]", "strength");
		bonus += f->str_hit;
	}
	if (f->plus) {
		bs_deriv_add(&dn, -f->plus, "[9.4 B]", "%s", f->weapon);
		bonus += f->plus;
	}
	/* [8.3] [13.1] RULING R-372: "all normal AD&D game bonuses and
	 * penalties to THACO": his race with his weapon (`to_hit_with`, as
	 * on his 1:1 sheet) and his race against the other's (`to_hit_vs`,
	 * as in a unit's attack) */
	if (f->race_with) {
		bs_deriv_add(&dn, f->race_with, "[8.3] [13.1]",
			     "%s with %s: %+d to hit", f->race->name, f->weapon,
			     -f->race_with);
		bonus -= f->race_with;
	}
	char rlab[BS_DERIV_LABEL];
	int racial = bs1e_duel_racial(f, df, rlab, sizeof rlab);
	if (racial) {
		bs_deriv_add(&dn, racial, "[8.3 T10 note] [13.1]", "%s", rlab);
		bonus -= racial;
	}
	/* RULING R-612 [13.1] an orc's or goblin's -1 to hit in daylight */
	int day = bs1e_indiv_daylight(f);
	if (day) {
		bs_deriv_add(&dn, day, "[8.3 T10 note] [13.1] RULING R-612",
			     "%s in daylight: %+d to hit", f->race->name, -day);
		bonus -= day;
	}
	/* [14.7] RULING R-615: his bless or prayer (or the enemy's) */
	bonus += bs1e_bonus_indiv_to_hit(b, k, -1, &dn, NULL);
	/* [14.7] RULING R-737: the defender's protection from evil against
	 * an evil attacker */
	bonus -= bs1e_bonus_warded(b, t, k, -1, 1, 0, &dn);
	/* [9.4 B] [14.1] RULING R-677: a blow at a held or sleeping
	 * creature hits without the roll (the DMG's helpless defenders,
	 * kept by "All AD&D and D&D game rules apply"): no d20 is drawn;
	 * a sleeper wakes after the blow (R-675, below) */
	int auto_hit = helpless(b, t);
	int d20 = 0, hit = 1;
	if (!auto_hit) {
		static const struct bs_roll_why why_hit = {
		    BS_ROLL_TO_HIT, {20, 0}, 0, "to hit", "[9.4 B]"};
		bs_dice_why_indiv(&b->dice, &why_hit, 1, 20, c->side, c->idx,
				  d->side, d->idx, -1);
		d20 = bs_roll(&b->dice, 20);
		hit = d20 + bonus >= need;
	}
	int dmg = 0, raw = 0;
	/* [13.4] RULING R-717: a paralyzing race's natural blow; one that
	 * only paralyzes does no damage */
	int pspared = 0;
	const struct bs_creature *pz =
	    natural ? bs1e_indiv_paralyzer(b, k, -1, t, &pspared) : NULL;
	if (hit && !(pz && pz->paralysis_only)) {
		const struct bs_dice_part *p =
		    df->size == BS_SIZE_L ? &f->l[form] : &f->sm[form];
		static const struct bs_roll_why why_dmg = {
		    BS_ROLL_DAMAGE, {0, 0}, 0, "damage to", "[9.4 B]"};
		bs_dice_why_indiv(&b->dice, &why_dmg, p->count, p->sides,
				  c->side, c->idx, d->side, d->idx, -1);
		raw = bs_roll_n(&b->dice, p->count, p->sides);
		dmg = raw + p->plus + f->plus + (natural ? 0 : f->str_dmg);
		/* [14.7] RULING R-728: chant's +1 or -1 a blow */
		dmg += bs1e_bonus_indiv_damage(b, k, NULL);
		/* an AD&D hit does at least 1 point */
		if (dmg < 1)
			dmg = 1;
		d->hp -= dmg;
		d->killed_by = c->side;
	}
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_duel_event(b, &ev, k, t, &dn, d20, hit, dmg, raw, round,
				nth);
		ev.what = f->weapon;
		ev.cite = "[9.4 B]";
		if (auto_hit) {
			ev.ndice = 0; /* no d20 drawn */
			ev.n[7] = auto_hit;
			ev.cite = "[9.4 B] [14.6 B] RULING R-677";
		}
		bs_battle_emit(b, &ev);
	}
	/* [13.2] [13.5] his race's poison and level drain ride on the hit
	 * (RULING) */
	if (hit) {
		duel_poison(b, k, t, form);
		duel_drain(b, k, t);
	}
	/* RULING R-675: the blow wakes him if he sleeps */
	bs1e_fx_wake(b, t);
	/* [13.4] RULING R-717: each blow that hits him calls for his save
	 * vs paralyzation; failed, he is held (R-677's blows then hit) */
	if (hit && pz && !pspared && d->hp > 0)
		bs1e_fx_paralyze_indiv(b, t, pz, -1, k);
}

/* RULING R-613 [9.4 B] "resolved using normal AD&D or D&D game melee and
 * magic rules ... 3 AD&D or D&D game melee rounds to 1 BATTLESYSTEM Melee
 * Round": in his turn of an AD&D round of individual combat, a caster
 * casts at the enemy figure he fights, instead of his blows, the first
 * spell of his memory that is played and strikes one creature (no area:
 * [9.4 B] "no attack made while in individual combat can ever affect a
 * figure of 2:1, 5:1, or 10:1 ratio, even if it is ... an area of effect
 * spell"), by the rules of a cast (bs1e_check_cast, r14_cast.c: the
 * Advanced Game, his memory, range, sight, [9.2] a commander who casts).
 * Each AD&D round is one [14.1] melee round: in the first he casts only
 * if he has not cast nor moved this Game Round; in the second and third
 * he may cast again. 1 when he cast. */
static int duel_cast(struct bs_battle *b, int k, int t, int round)
{
	struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[k];
	struct bs_indiv_state *c = &b->indivs[k];
	const struct bs_indiv_state *d = &b->indivs[t];
	if (b->sc->level != BS_LEVEL_ADVANCED || !x->mem.ind || !x->mem.left)
		return 0;
	unsigned saved = c->flags;
	if (round > 1)
		c->flags &= ~(unsigned)(BS_IF_MOVED | BS_IF_CAST);
	int done = 0;
	for (int i = 0; i < x->mem.ind->nspells && !done; i++) {
		const struct bs_spell *sp = x->mem.ind->spells[i].spell;
		/* [14.2] RULING R-718: nor one of more than a Game Round */
		if (x->mem.left[i] <= 0 || !sp || sp->area != BS_AREA_NONE ||
		    bs1e_cast_rounds(sp) > 1)
			continue;
		struct bs_cast_order o;
		memset(&o, 0, sizeof o);
		o.indiv = c->idx;
		o.spell = sp;
		o.tside = d->side;
		o.tunit = -1;
		o.tindiv = d->idx;
		o.why = "individual combat: he casts at the figure he fights "
			"(RULING R-613)";
		struct bs1e_cast_plan p;
		if (!bs1e_check_cast(b, c->side, &o, &p) || p.fails)
			continue;
		bs1e_cast_run(b, &p, o.why);
		done = 1;
	}
	c->flags = saved | (c->flags & (BS_IF_CAST | BS_IF_CMD_CAST));
	return done;
}

/* The duelists of this phase: the figures that touch an enemy figure. */
static int duelists(struct bs_battle *b, int *list)
{
	int n = 0;
	for (int i = 0; i < b->nsides; i++) {
		int side = b->side_order[i];
		for (int k = b->indiv_first[side];
		     k < b->indiv_first[side] + b->sc->sides[side].nindividuals;
		     k++) {
			/* [14.6 B] RULING R-623: a held individual does not
			 * fight */
			if (!bs1e_indiv_figure(b, k) ||
			    bs1e_fx_indiv_held(b, k) ||
			    bs1e_indiv_charmed(b, k) ||	      /* RULING R-694 */
			    bs1e_fx_indiv_afraid(b, k, NULL)) /* */
				continue;
			for (int j = 0; j < b->nindivs; j++)
				if (b->indivs[j].side != side &&
				    bs1e_indiv_figure(b, j) &&
				    figures_touch(b, k, j)) {
					list[n++] = k;
					b->indivs[k].flags |= BS_IF_DUEL;
					break;
				}
		}
	}
	return n;
}

static void duels(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	int list[BS1E_MAX_INDIVS], last[BS1E_MAX_INDIVS], tgt[BS1E_MAX_INDIVS];
	int init[BS1E_MAX_INDIVS];
	int n = duelists(b, list);
	for (int i = 0; i < n; i++)
		last[i] = -1;
	/* [9.4 B] "Individual combat takes place at a rate of 3 AD&D or
	 * D&D game melee rounds to 1 BATTLESYSTEM Melee Round." */
	for (int round = 1; round <= 3 && n > 0; round++) {
		int fighting = 0;
		for (int i = 0; i < n; i++) {
			int k = list[i];
			tgt[i] = b->indivs[k].hp > 0 &&
					 bs1e_indiv_figure(b, k) &&
					 !fired_and_contacted(b, k)
				     ? duel_target(b, k, last[i])
				     : -1;
			if (tgt[i] < 0)
				continue;
			fighting++;
			last[i] = tgt[i];
			/* [5.2] "All such battles use individual initiative
			 * (rolled according to normal AD&D game
			 * procedures)": RULING R-509, a d6 each, every AD&D
			 * round */
			struct bs_indiv_state *c = &b->indivs[k];
			const struct bs_indiv_state *d = &b->indivs[tgt[i]];
			static const struct bs_roll_why why_init = {
			    BS_ROLL_INDIV_INITIATIVE,
			    {6, 0},
			    0,
			    "(individual initiative)",
			    "[5.2]"};
			bs_dice_why_indiv(&b->dice, &why_init, 1, 6, c->side,
					  c->idx, d->side, d->idx, -1);
			init[i] = bs_roll(&b->dice, 6);
			if (bs_battle_events_on(b)) {
				struct bs_event ev;
				bs1e_ev(b, &ev, BS_EV_INDIV_INIT);
				ev.side = c->side;
				ev.indiv = c->idx;
				ev.tside = d->side;
				ev.tindiv = d->idx;
				ev.dice[0] = init[i];
				ev.ndice = 1;
				ev.die_sides = 6;
				ev.n[0] = round;
				ev.n[1] = s->ix[k].f.speed;
				ev.cite = "[5.2] [9.4 B]";
				bs_battle_emit(b, &ev);
			}
		}
		if (!fighting)
			break;
		/* the higher initiative strikes first; a tie goes to the
		 * lower weapon speed factor; the same of both: at once,
		 * and who falls in it still strikes (RULING R-509) */
		int done[BS1E_MAX_INDIVS] = {0};
		for (;;) {
			int best = -1;
			for (int i = 0; i < n; i++) {
				if (tgt[i] < 0 || done[i])
					continue;
				if (best < 0 || init[i] > init[best] ||
				    (init[i] == init[best] &&
				     s->ix[list[i]].f.speed <
					 s->ix[list[best]].f.speed))
					best = i;
			}
			if (best < 0)
				break;
			int group[BS1E_MAX_INDIVS], ng = 0;
			for (int i = 0; i < n; i++)
				if (tgt[i] >= 0 && !done[i] &&
				    init[i] == init[best] &&
				    s->ix[list[i]].f.speed ==
					s->ix[list[best]].f.speed)
					group[ng++] = i;
			/* who stands as the turn begins strikes in it */
			int up[BS1E_MAX_INDIVS];
			for (int gi = 0; gi < ng; gi++)
				up[gi] = b->indivs[list[group[gi]]].hp > 0;
			for (int gi = 0; gi < ng; gi++) {
				int i = group[gi], k = list[i], t = tgt[i];
				done[i] = 1;
				struct bs_indiv_state *c = &b->indivs[k];
				/* fallen before his turn: no blow; [13.4]
				 * RULING R-717: nor paralyzed by a creature,
				 * [14.6 B] RULING R-623: nor held or asleep
				 * by a spell, in an earlier AD&D round or
				 * turn of this phase (R-613's casts) */
				if (!up[gi] || bs1e_fx_indiv_paralyzed(b, k) ||
				    bs1e_fx_indiv_held(b, k))
					continue;
				if (duel_cast(b, k, t, round))
					continue;
				const struct bs1e_fighter *f = &s->ix[k].f;
				/* [14.7] RULING R-615: haste doubles his
				 * attacks (the AD&D spell); RULING R-617:
				 * slow halves them (his rate over 2), R-619:
				 * not after his double move */
				int hasted = bs1e_hasted_now(b, k);
				int rout = bs1e_adnd_routines(
				    f->rate_num,
				    f->rate_den * (hasted < 0 ? 2 : 1),
				    c->adnd_rounds + 1);
				/* [8.6] one attack a level against creatures
				 * of less than 1 HD (RULING R-505) */
				if (indiv_under_1hd(b, t) &&
				    f->fighter_level > rout)
					rout = f->fighter_level;
				if (hasted > 0) {
					rout *= 2;
					bs1e_note_indiv(
					    b, k, "hasted: his attacks doubled",
					    "[14.7] [9.4 B] RULING R-615");
				} else if (hasted < 0)
					bs1e_note_indiv(
					    b, k, "slowed: his attacks halved",
					    "[14.7] [9.4 B] RULING R-617");
				int nth = 0;
				for (int r = 0; r < rout; r++)
					for (int fm = 0; fm < f->nforms; fm++)
						if (b->indivs[t].hp > 0)
							strike(b, k, t, fm,
							       round, ++nth);
			}
			/* the fallen of this turn */
			for (int i = 0; i < n; i++) {
				int k = list[i];
				if (b->indivs[k].alive && b->indivs[k].hp <= 0)
					bs1e_indiv_killed(
					    b, k, b->indivs[k].killed_by,
					    "killed in individual combat",
					    "[9.4 B]");
			}
		}
		for (int i = 0; i < n; i++)
			if (tgt[i] >= 0)
				b->indivs[list[i]].adnd_rounds++;
	}
}

/* ---- character vs figure [9.4 A] ------------------------------------------
 */

/* The shape and pose of figure k, as a block of one figure. */
static void figure_block(const struct bs_battle *b, int k,
			 struct bs_tt_shape *sh, struct bs_tt_pose *p)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	double w = bs1e_sc(b)->ix[k].base;
	/* RULING R-500: the counter is square to the table */
	bs_tt_shape_make(BS_FORM_CLOSED, 1, 1, w, w, 0, sh);
	p->facing = 0;
	p->front = bs_vec_add(c->pos, (struct bs_vec){0, w / 2});
}

/* Contact of unit g (as unit A) with figure k: 1 when they touch. */
static int unit_figure_contact(const struct bs_battle *b, int g, int k,
			       struct bs_tt_contact *c)
{
	struct bs_tt_shape us, fs;
	struct bs_tt_pose up, fp;
	bs1e_shape(b, g, &us);
	bs1e_pose(b, g, &up);
	figure_block(b, k, &fs, &fp);
	return bs_tt_contact(&us, &up, &fs, &fp, c);
}

/* [9.4 A] "HERO ATTACKING FIGURE": hero k attacks unit g at `arc`; the
 * hit goes to hits[*nh] (of cap), counted when it does something. */
static void hero_attacks(struct bs_battle *b, int k, int g, enum bs_arc arc,
			 struct bs1e_hit *hits, int cap, int *nh)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	struct bs_indiv_state *c = &b->indivs[k];
	struct bs_unit_state *t = &b->units[g];
	const struct bs1e_fighter *f = &s->ix[k].f;
	if (*nh >= cap)
		return;
	/* [14.8] RULING R-635: a blow is an attack */
	bs1e_fx_invis_attacks(b, k);
	/* [9.4 A] "The Hero attacks using normal BATTLESYSTEM melee
	 * procedures": his AR as a 1:1 figure [8.3] T9, the special note of
	 * Table 10 (flank against a shield -1, rear -2); RULING R-512: the
	 * formation and command rows are a unit's */
	unsigned t10x = 0;
	/* [11.6] the circular or square shield wall has no flank or rear
	 * (RULING R-538) */
	if (t->special == BS_SPECIAL_SHIELD_SQUARE)
		arc = BS_ARC_FRONT;
	if (arc == BS_ARC_FLANK && t->r.shield)
		t10x |= 1u << BS1E_T10X_FLANK;
	if (arc == BS_ARC_REAR)
		t10x |= 1u << BS1E_T10X_REAR;
	/* RULING R-612: his race's daylight penalty, as a unit's */
	if (bs1e_indiv_daylight(f))
		t10x |= 1u << BS1E_T10X_DAYLIGHT;
	struct bs_deriv t10, d = s->ix[k].ar_d;
	bs1e_ar_adjusted(
	    s->ix[k].ar, 0, t10x,
	    (b->sc->options & (1u << BS_OPT_HIGHER_GROUND_PLUS)) != 0, &t10);
	/* his sheet's AR with its terms, then Table 10's */
	for (int i = 0; i < t10.nterms; i++)
		bs_deriv_add(&d, t10.term[i].amount, t10.term[i].cite, "%s",
			     t10.term[i].label);
	d.cite = t10.cite;
	/* [8.3 T10 note] [13.1] RULING R-372: his race against the unit's
	 * creatures (his race with his weapon is on his sheet's AR) */
	{
		const struct bs_creature *ua[BS1E_FIGURE_MAX_CREATURES];
		/* RULING R-610: the figure's mount or pullers too */
		int na = bs1e_figure_creatures(t->def, ua);
		const struct bs_creature *hr = f->race;
		char rlab[BS_DERIV_LABEL];
		int racial =
		    hr ? bs1e_to_hit_vs(&hr, 1, ua, na, rlab, sizeof rlab) : 0;
		if (racial)
			bs_deriv_add(&d, racial, "[8.3 T10 note] [13.1]", "%s",
				     rlab);
	}
	/* [11.6] "a bonus of 2 to AC against melee attacks" on its front */
	int sw = bs1e_shield_wall_melee(b, g, arc);
	if (sw)
		bs_deriv_add(&d, sw, "[11.6]",
			     "defender's shield wall: AC %d better", sw);
	/* [14.7] RULING R-615: his bless or prayer ([8.3] +1 to hit is -1
	 * AR), haste his attacks doubled */
	bs1e_bonus_indiv_to_hit(b, k, -1, &d, NULL);
	/* RULING R-739: an evil hero's attack at a unit wholly warded */
	bs1e_bonus_unit_ward_ar(b, k, -1, g, &d);
	int hasted = bs1e_hasted_now(b, k);
	t->flags |= BS_UF_ATTACKED;
	s->ux[g].attacked = 1;
	const struct bs_creature *cr = t->def->creature;
	struct bs_hd hd = cr ? cr->hd : (struct bs_hd){t->r.hd_fig / 10, 0};
	int thac0 = cr && cr->thac0 ? cr->thac0 : 0;
	int under = cr ? bs1e_under_one_hd(cr, hd, thac0) : 0;
	int all = bs1e_affects_all(f, cr, hd, thac0, t->r.ratio);
	/* [13.3] a creature hit only by magic weapons */
	if (t->r.magic_to_hit && f->plus <= 0) {
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			bs1e_ev(b, &ev, BS_EV_NOTE);
			ev.side = c->side;
			ev.indiv = c->idx;
			ev.what = "his weapon cannot harm the enemy";
			ev.cite = "[13.3]";
			bs_battle_emit(b, &ev);
		}
		return;
	}
	struct bs1e_attack_spec spec;
	memset(&spec, 0, sizeof spec);
	spec.ar = d.value;
	/* [14.8] RULING: an invisible unit's AC 4 better */
	spec.ac = t->r.ac - bs1e_fx_unit_invis_ac(b, g);
	/* his weapon against the figure's size, its plus and his strength
	 * added to each part ([8.5] shifts) */
	spec.damage.nparts = f->nforms;
	for (int i = 0; i < f->nforms; i++) {
		spec.damage.part[i] =
		    t->r.size == BS_SIZE_L ? f->l[i] : f->sm[i];
		if (!f->natural)
			spec.damage.part[i].plus += f->plus + f->str_dmg;
	}
	/* [8.6] his attacks in a round (3/2), one a level against creatures
	 * of less than 1 HD */
	int rate10 = bs1e_fighter_rate10(f, under);
	if (hasted > 0) {
		rate10 *= 2;
		bs1e_note_indiv(b, k, "hasted: his attacks doubled",
				"[14.7] [9.4 A] RULING R-615");
	}
	spec.attacks_num = rate10 % 10 ? rate10 / 5 : rate10 / 10;
	spec.attacks_den = rate10 % 10 ? 2 : 1;
	if (hasted < 0) {
		/* [14.7] RULING R-617: slow halves his attacks */
		spec.attacks_den *= 2;
		bs1e_note_indiv(b, k, "slowed: his attacks halved",
				"[14.7] [9.4 A] RULING R-617");
	}
	spec.figures = 1;
	spec.poison_part = -1;
	/* [13.2] [13.5] RULING */
	hero_spec_race(b, k, &spec);
	/* [13.4] RULING R-716: a paralyzing race's natural attacks paralyze
	 * as a unit's do (D4 column when they only paralyze, R-077) */
	int pspared = 0;
	const struct bs_creature *pz =
	    f->natural ? bs1e_indiv_paralyzer(b, k, g, -1, &pspared) : NULL;
	if (pz && pz->paralysis_only)
		spec.paralysis_only = 1;
	struct bs1e_attack_plan plan;
	char err[160];
	if (bs1e_attack_plan(&spec, &plan, err, sizeof err) != 0)
		return;
	static const struct bs_roll_why why = {
	    BS_ROLL_ATTACK, {6, 6}, 0, "attacking", "[9.4 A]"};
	bs_dice_why(&b->dice, &why, c->side, -1, c->idx, g);
	int d1 = bs_roll(&b->dice, 6), d2 = bs_roll(&b->dice, 6);
	struct bs1e_attack_result res;
	bs1e_attack_resolve(&plan, d1 + d2, &res);
	struct bs1e_hit *hit = &hits[*nh];
	memset(hit, 0, sizeof *hit);
	hit->from = -1;
	hit->from_indiv = k;
	hit->to = g;
	/* [9.4 A] "If the HD result is less than 1/2 the figure's HD,
	 * there is no effect ... 1/2 or more ... the figure takes a wound",
	 * or, affecting all the creatures of a figure, the normal
	 * procedure (RULING R-506) */
	int stood = s->ux[g].figs_phase > 0 ? s->ux[g].figs_phase : 1;
	bs1e_hero_vs_figure(res.total_tenths, t->r.hd_fig, all, stood, &hit->c);
	if (pz) {
		/* RULING R-716: "Paralyzation attacks never cause wounds":
		 * the figures his blows would kill die (the normal procedure
		 * of one who affects all its creatures, R-506; none when his
		 * only damage is to paralyze), and any damage left, however
		 * small, paralyzes one figure; spared creatures take
		 * his damage as any blows, or none when he only paralyzes */
		int tenths = res.total_tenths;
		if (pspared && pz->paralysis_only)
			memset(&hit->c, 0, sizeof hit->c);
		else if (!pspared && pz->paralysis_only && all)
			bs1e_paralysis(tenths, t->r.hd_fig, stood, &hit->c);
		else if (!pspared && all)
			bs1e_paralysis_damage(tenths, t->r.hd_fig, stood,
					      &hit->c);
		else if (!pspared) {
			memset(&hit->c, 0, sizeof hit->c);
			hit->c.damage_tenths = tenths;
			hit->c.paralyzed = tenths > 0;
		}
	}
	if (hit->c.killed > 0 || hit->c.wounded > 0 || hit->c.paralyzed > 0)
		(*nh)++;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		char cols[160];
		bs1e_attack_columns(&plan, NULL, cols, sizeof cols);
		bs1e_ev(b, &ev, BS_EV_HERO_ATTACK);
		ev.side = c->side;
		ev.indiv = c->idx;
		ev.tside = t->side;
		ev.tunit = t->idx;
		ev.deriv = d;
		ev.has_deriv = 1;
		ev.dice[0] = d1;
		ev.dice[1] = d2;
		ev.ndice = 2;
		ev.die_sides = 6;
		ev.n[0] = rate10;
		ev.n[1] = t->r.ac;
		ev.n[2] = res.attack_roll;
		ev.n[3] = res.routine_tenths;
		ev.n[4] = res.total_tenths;
		ev.n[5] = hit->c.killed;
		ev.n[6] = hit->c.wounded;
		ev.n[7] = all;
		ev.what = cols;
		ev.cite = all ? "[9.4 A] [8.6] RULING R-506" : "[9.4 A]";
		bs_battle_emit(b, &ev);
	}
}

/* [9.4 A] "FIGURE ATTACKING HERO": `figs` figures of unit g attack figure
 * k; the hit points wait for the end of the phase [8.0]. */
static void figures_attack(struct bs_battle *b, int g, int k, int figs,
			   int behind)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs_indiv_state *c = &b->indivs[k];
	const struct bs1e_fighter *hf = &bs1e_sc(b)->ix[k].f;
	/* "The figure attacks using normal BATTLESYSTEM melee procedures":
	 * the unit's adjusted AR [8.3] (RULING R-511: the hero faces his
	 * attackers, the Q&A: from behind once, -2) */
	/* [14.8] RULING R-345: its figures' blows are an attack: the unit's
	 * invisibility ends */
	bs1e_fx_unit_invis_attacks(b, g);
	struct bs_deriv d;
	bs1e_unit_melee_ar(b, g, behind ? BS_ARC_REAR : BS_ARC_FRONT, 0, &d);
	/* [8.3 T10 note] [13.1] RULING R-372: the unit's creatures against
	 * his race, as against a unit's (ogres attacking a dwarf +4) */
	{
		const struct bs_creature *ua[BS_UNIT_MAX_MIX];
		int na = bs_unit_creatures(u->def, ua);
		const struct bs_creature *hr = hf->race;
		char rlab[BS_DERIV_LABEL];
		int racial =
		    hr ? bs1e_to_hit_vs(ua, na, &hr, 1, rlab, sizeof rlab) : 0;
		if (racial)
			bs_deriv_add(&d, racial, "[8.3 T10 note] [13.1]", "%s",
				     rlab);
	}
	/* [11.4] in the round it charged as cavalry: -2, lances doubled
	 * (RULING R-532) */
	const char *dbl;
	unsigned doubled =
	    bs1e_charge_terms(b, g, hf->size == BS_SIZE_L, 0,
			      (u->flags & BS_UF_CHARGED) != 0, &d, &dbl);
	u->flags |= BS_UF_FOUGHT;
	/* [13.3] RULING R-730: a hero hit only by magic weapons, as a unit
	 * of such creatures (r08_phase.c): the figures' weapons in hand
	 * without a plus, or their natural attacks, cannot harm him */
	if (bs1e_indiv_magic_to_hit(b, k) && !bs1e_sc(b)->ux[g].magic_weapon) {
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			bs1e_ev(b, &ev, BS_EV_NOTE);
			bs_battle_ev_units(b, &ev, g, -1);
			ev.tside = c->side;
			ev.tindiv = c->idx;
			ev.what =
			    "its weapons cannot harm the enemy: he is hit "
			    "only by magic weapons";
			ev.cite = "[13.3] [9.4 A] RULING R-730";
			bs_battle_emit(b, &ev);
		}
		return;
	}
	/* [14.7] RULING R-737: his protection from evil against evil
	 * creatures: their AR 2 worse */
	bs1e_bonus_warded(b, k, -1, g, 1, 0, &d);
	struct bs1e_attack_spec spec;
	memset(&spec, 0, sizeof spec);
	spec.ar = d.value;
	spec.doubled = doubled;
	/* [14.8] RULING: an invisible hero's AC 4 better */
	spec.ac = hf->ac - bs1e_fx_invis_ac(b, k);
	/* [9.4 A] [14.6 B] RULING R-677: "The figure attacks using normal
	 * BATTLESYSTEM melee procedures" on a held or sleeping hero as on
	 * one with no armour and no defence: AC 10 (the CRT's 2d6 reads
	 * hits and damage together: there is no roll to hit to skip) */
	int hl = helpless(b, k);
	if (hl && spec.ac < 10)
		spec.ac = 10;
	spec.damage = hf->size == BS_SIZE_L ? u->r.dmg_l : u->r.dmg_sm;
	spec.figures = figs;
	/* [13.5] RULING R-311: the double damage is the Advanced Game's */
	spec.level_drain = bs1e_drain_doubles(b->sc->level, u->r.level_drain);
	spec.poison_part = -1;
	/* [13.2] the poison's extra damage, same roll */
	bs1e_spec_poison(b, g, hf->size == BS_SIZE_L, &spec);
	/* [13.4] RULING R-715: a paralyzing unit's figures (the D4 column
	 * when they only paralyze, R-077) */
	int pspared = 0;
	const struct bs_creature *pz =
	    bs1e_unit_paralyzer(b, g, -1, k, &pspared);
	if (pz && pz->paralysis_only)
		spec.paralysis_only = 1;
	struct bs1e_attack_plan plan;
	char err[160];
	if (bs1e_attack_plan(&spec, &plan, err, sizeof err) != 0)
		return;
	static const struct bs_roll_why why = {
	    BS_ROLL_ATTACK, {6, 6}, 0, "attacking", "[9.4 A]"};
	bs_dice_why(&b->dice, &why, u->side, g, -1, -1);
	b->dice.req.tside = c->side;
	b->dice.req.tindiv = c->idx;
	int d1 = bs_roll(&b->dice, 6), d2 = bs_roll(&b->dice, 6);
	struct bs1e_attack_result res;
	bs1e_attack_resolve(&plan, d1 + d2, &res);
	/* "Each HD of damage caused by the figure causes 4 HP of damage to
	 * the Hero." (RULING R-069 for fractions) */
	int hp = bs1e_hero_hp_from_hd(res.total_tenths);
	/* RULING R-715: a paralysis that is the only damage takes no hit
	 * points ("Paralyzation attacks never cause wounds") */
	if (pz && pz->paralysis_only)
		hp = 0;
	c->pending_hp += hp;
	if (hp > 0)
		c->killed_by = u->side;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		char cols[160];
		bs1e_attack_columns(&plan, dbl, cols, sizeof cols);
		bs1e_ev(b, &ev, BS_EV_FIGURE_ATTACK);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.tside = c->side;
		ev.tindiv = c->idx;
		ev.deriv = d;
		ev.has_deriv = 1;
		ev.dice[0] = d1;
		ev.dice[1] = d2;
		ev.ndice = 2;
		ev.die_sides = 6;
		ev.n[0] = figs;
		ev.n[1] = spec.ac;
		ev.n[12] = hl; /* RULING R-677 */
		ev.n[2] = res.attack_roll;
		ev.n[3] = res.per_figure_tenths;
		ev.n[4] = res.total_tenths;
		ev.n[5] = hp;
		ev.n[6] = behind;
		ev.n[7] = behind ? BS_ARC_REAR : BS_ARC_FRONT;
		ev.what = cols;
		ev.cite = hl ? behind ? "[9.4 A] [8.3 T10] (the [9.4] Q&A) "
					"[14.6 B] RULING R-677"
				      : "[9.4 A] [14.6 B] RULING R-677"
			  : behind ? "[9.4 A] [8.3 T10] (the [9.4] Q&A)"
				   : "[9.4 A]";
		bs_battle_emit(b, &ev);
	}
	/* RULING R-675: the attack wakes him if he sleeps */
	bs1e_fx_wake(b, k);
	/* [13.4] "Any damage (no matter how small) that affects a single
	 * figure requires an immediate saving throw": RULING R-715, his
	 * own save vs paralyzation, failed: held for its rounds */
	if (pz && !pspared && res.total_tenths > 0)
		bs1e_fx_paralyze_indiv(b, k, pz, g, -1);
}

/* The enemy unit figure k attacks: the one he went for when he touches
 * it, else the first that touches him in the order of initiative
 * (RULING R-512); -1 none. */
static int hero_target(const struct bs_battle *b, int k, enum bs_arc *arc)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	struct bs_tt_contact ct;
	if (c->tside >= 0 && c->tunit >= 0) {
		int g = bs1e_g(b, c->tside, c->tunit);
		if (bs1e_in_play(b, g) && unit_figure_contact(b, g, k, &ct)) {
			*arc = bs_tt_edge_arc(ct.edge_a);
			return g;
		}
	}
	for (int i = 0; i < b->nsides; i++) {
		int side = b->side_order[i];
		if (side == c->side)
			continue;
		for (int g = b->side_first[side];
		     g < b->side_first[side] + b->sc->sides[side].nunits; g++)
			if (bs1e_in_play(b, g) &&
			    unit_figure_contact(b, g, k, &ct)) {
				*arc = bs_tt_edge_arc(ct.edge_a);
				return g;
			}
	}
	return -1;
}

static void character_vs_figure(struct bs_battle *b, int *nh)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	int attacked_by[BS1E_MAX_INDIVS];
	/* heroes attacking figures, in the order of initiative */
	for (int i = 0; i < b->nsides; i++) {
		int side = b->side_order[i];
		for (int k = b->indiv_first[side];
		     k < b->indiv_first[side] + b->sc->sides[side].nindividuals;
		     k++) {
			attacked_by[k] = 0;
			/* RULING R-523 [9.4 B] "no attack made while in
			 * individual combat can ever affect a figure of 2:1,
			 * 5:1, or 10:1 ratio" */
			if (!bs1e_indiv_figure(b, k) ||
			    (b->indivs[k].flags & BS_IF_DUEL) ||
			    fired_and_contacted(b, k) ||
			    bs1e_fx_indiv_held(b, k) ||	      /* RULING R-623 */
			    bs1e_indiv_charmed(b, k) ||	      /* RULING R-694 */
			    bs1e_fx_indiv_afraid(b, k, NULL)) /* */
				continue;
			enum bs_arc arc = BS_ARC_FRONT;
			int g = hero_target(b, k, &arc);
			if (g >= 0)
				hero_attacks(b, k, g, arc, s->hits, s->maxhits,
					     nh);
		}
	}
	/* figures attacking heroes: "Only 1 figure can attack a size S or
	 * size M Hero at a time. Up to 3 figures can attack a size L Hero at
	 * a time." (RULING R-511: in all, each Melee Phase, from the units
	 * touching him in the order of initiative, with figures not already
	 * designated to a melee [8.1]) */
	for (int i = 0; i < b->nsides; i++) {
		int side = b->side_order[i];
		for (int g = b->side_first[side];
		     g < b->side_first[side] + b->sc->sides[side].nunits; g++) {
			if (!bs1e_unit_may_fight(b, g))
				continue;
			for (int k = 0; k < b->nindivs; k++) {
				struct bs_indiv_state *c = &b->indivs[k];
				if (c->side == side || !bs1e_indiv_figure(b, k))
					continue;
				int cap = bs1e_figures_vs_hero(s->ix[k].f.size);
				if (attacked_by[k] >= cap)
					continue;
				struct bs_tt_contact ct;
				if (!unit_figure_contact(b, g, k, &ct))
					continue;
				/* [6.3] a rallied unit fights only when it is
				 * attacked */
				if ((b->units[g].flags & BS_UF_RALLIED) &&
				    !(c->tside == side &&
				      c->tunit == b->units[g].idx))
					continue;
				int list[BS1E_MAX_FIGS * 2];
				int n = bs1e_melee_slots(b, g, &ct, list);
				int want = cap - attacked_by[k];
				int can =
				    bs1e_melee_designate(b, g, list, n, 0);
				if (can <= 0)
					continue;
				int figs = can < want ? can : want;
				/* designate just those figures */
				int take[BS1E_MAX_FIGS * 2], nt = 0;
				for (int j = 0; j < n && nt < figs; j++)
					if (bs1e_melee_designate(b, g, &list[j],
								 1, 0) == 1)
						take[nt++] = list[j];
				bs1e_melee_designate(b, g, take, nt, 1);
				attacked_by[k] += figs;
				/* the Q&A: "When a hero is attacked from
				 * behind, he remains with his back to the
				 * enemy for one attack at most" */
				int behind = 0;
				struct bs_vec mid =
				    bs_vec_scale(bs_vec_add(ct.p0, ct.p1), 0.5);
				struct bs_vec to_e = bs_vec_sub(mid, c->pos);
				/* his rear: more than 135 degrees off his
				 * facing (a square's diagonals) */
				if (!(c->flags & BS_IF_TURNED) &&
				    bs_vec_len(to_e) > 1e-9 &&
				    fabs(bs_angle_diff(
					c->facing, bs_facing_of(to_e))) > 135.0)
					behind = 1;
				figures_attack(b, g, k, figs, behind);
				if (behind) {
					struct bs_quad q = bs1e_quad(b, g);
					struct bs_vec to = bs_vec_sub(
					    bs_quad_centre(&q), c->pos);
					if (bs_vec_len(to) > 1e-9)
						c->facing = bs_facing_of(to);
				}
				c->flags |= BS_IF_TURNED;
			}
		}
	}
}

int bs1e_invis_indiv_free_attack(struct bs_battle *b, int k)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	const struct bs_indiv_state *c = &b->indivs[k];
	/* as any blow of his: standing, not held, charmed or fleeing
	 * (RULING) */
	if (!c->alive || c->hp <= 0 || !bs1e_indiv_figure(b, k) ||
	    bs1e_fx_indiv_held(b, k) || bs1e_fx_indiv_paralyzed(b, k) ||
	    bs1e_indiv_charmed(b, k) || bs1e_fx_indiv_afraid(b, k, NULL))
		return 0;
	const struct bs1e_fighter *f = &s->ix[k].f;
	/* [14.8] "gets an immediate free melee ... attack" RULING R-704: at
	 * an enemy individual he touches, one AD&D round of his blows
	 * [9.4 B] */
	struct bs_quad q = bs1e_indiv_quad(b, k);
	for (int t = 0; t < b->nindivs; t++) {
		struct bs_indiv_state *d = &b->indivs[t];
		if (d->side == c->side || d->hp <= 0 ||
		    !bs1e_indiv_figure(b, t))
			continue;
		struct bs_quad o = bs1e_indiv_quad(b, t);
		if (bs_quad_dist_cmp(&q, &o, BS_GEOM_TOUCH) > 0)
			continue;
		int rout = bs1e_adnd_routines(f->rate_num, f->rate_den, 1);
		if (indiv_under_1hd(b, t) && f->fighter_level > rout)
			rout = f->fighter_level; /* [8.6] RULING R-505 */
		int nth = 0;
		for (int r = 0; r < rout; r++)
			for (int fm = 0; fm < f->nforms; fm++)
				if (d->hp > 0)
					strike(b, k, t, fm, 1, ++nth);
		if (d->alive && d->hp <= 0)
			bs1e_indiv_killed(b, t, d->killed_by,
					  "killed by the free attack of an "
					  "invisible figure",
					  "[14.8] RULING R-704");
		return 1;
	}
	/* else at the unit he touches: his attack on its figures [9.4 A],
	 * the losses at once */
	enum bs_arc arc = BS_ARC_FRONT;
	int g = hero_target(b, k, &arc);
	if (g < 0)
		return 0;
	struct bs1e_hit hit[1];
	int nh = 0;
	hero_attacks(b, k, g, arc, hit, 1, &nh);
	if (nh > 0)
		bs1e_apply_hits_cite(b, g, hit, nh,
				     "the free attack of an invisible figure",
				     "[14.8] RULING R-704");
	return 1;
}

void bs1e_indivs_melee(struct bs_battle *b, int *nh)
{
	if (!bs1e_indivs_in_play(b))
		return;
	for (int k = 0; k < b->nindivs; k++) {
		struct bs_indiv_state *c = &b->indivs[k];
		c->pending_hp = 0;
		c->flags &= ~(unsigned)(BS_IF_TURNED | BS_IF_DUEL);
		if (fired_and_contacted(b, k) && bs1e_indiv_figure(b, k) &&
		    bs1e_indiv_engaged(b, c->side, c->idx) &&
		    bs_battle_events_on(b)) {
			struct bs_event ev;
			bs1e_ev(b, &ev, BS_EV_NOTE);
			ev.side = c->side;
			ev.indiv = c->idx;
			ev.what = "he shot this Game Round and an enemy moved "
				  "into contact with him: he cannot fight in "
				  "this Melee Phase";
			ev.cite = "[10.2] RULING R-611";
			bs_battle_emit(b, &ev);
		}
	}
	/* [9.4] "Individual combat takes place during the Melee Phase":
	 * the duels first (RULING R-510), then the heroes' and the figures'
	 * blows [9.4 A]. [14.8] RULING: an invisible figure in
	 * contact is found first, so no blow is at an unseen one */
	bs1e_fx_invis_contact(b);
	duels(b);
	character_vs_figure(b, nh);
}

void bs1e_indivs_melee_end(struct bs_battle *b)
{
	if (!bs1e_indivs_in_play(b))
		return;
	for (int k = 0; k < b->nindivs; k++) {
		struct bs_indiv_state *c = &b->indivs[k];
		if (c->pending_hp <= 0 || !c->alive)
			continue;
		int lost = c->pending_hp;
		c->pending_hp = 0;
		c->hp -= lost;
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			bs1e_ev(b, &ev, BS_EV_HP);
			ev.side = c->side;
			ev.indiv = c->idx;
			ev.n[0] = lost;
			ev.n[1] = c->hp;
			ev.n[2] = c->hp_max;
			ev.n[3] = 0;
			ev.what = "wounded by figures";
			ev.cite = "[9.4 A]";
			bs_battle_emit(b, &ev);
		}
		/* RULING R-513: at 0 hit points or fewer he is dead */
		if (c->hp <= 0)
			bs1e_indiv_killed(b, k, c->killed_by,
					  "killed by the figures he fought",
					  "[9.4 A] RULING R-513");
	}
}

/* [13.3] [13.5] [4.4 T5] RULING R-733: the enemy individuals standing
 * alone that touch unit g at the end of a Melee Phase, as the enemy
 * units that touch it (r08_phase.c, and Table 4 in r07_rout.c): undead,
 * level drainers, and those its weapon in hand cannot harm. */
unsigned bs1e_indiv_contact_marks(const struct bs_battle *b, int g,
				  struct bs_vec *cause)
{
	unsigned m = 0;
	if (!bs1e_indivs_in_play(b))
		return 0;
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_indiv_state *c = &b->indivs[k];
		const struct bs_creature *r = c->def->race;
		struct bs_tt_contact ct;
		const unsigned any =
		    BS_CF_UNDEAD | BS_CF_LEVEL_DRAIN | BS_CF_MAGIC_TO_HIT;
		if (!r || !(r->flags & any) || c->side == b->units[g].side ||
		    !bs1e_indiv_figure(b, k) ||
		    !unit_figure_contact(b, g, k, &ct))
			continue;
		unsigned here = 0;
		if (r->flags & BS_CF_UNDEAD)
			here |= BS1E_IC_UNDEAD;
		if (r->flags & BS_CF_LEVEL_DRAIN)
			here |= BS1E_IC_DRAIN;
		if ((r->flags & BS_CF_MAGIC_TO_HIT) &&
		    !bs1e_sc(b)->ux[g].magic_weapon)
			here |= BS1E_IC_UNHARMABLE;
		if (here && !m && cause)
			*cause = c->pos;
		m |= here;
	}
	return m;
}
