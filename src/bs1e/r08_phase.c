/* The Melee Phase [1.6] [8.0]-[8.8]: every pair of opposing units in
 * base-to-base contact is a melee, resolved in the order Side A chooses
 * [1.6 B] (RULING R-377: combat by combat, a unit's fights together),
 * Side A attacking first; the figures eligible
 * [8.1] (in contact, +1 each side in closed formation, the extra ranks of
 * spears, pole arms, halberds (1) and pikes (2) behind the contact figures
 * only, RULING R-130), each figure designated to one melee [8.1] (RULING
 * R-131); the arc of the attack (flank -1 only against a shield, RULING
 * R-132; rear -2) with every Table 10 term [8.3] via bs1e_ar_adjusted;
 * all attacks of the phase computed before any loss is removed [8.0]
 * [8.4 G]; then the Table 5 checks one per attack [4.4], the routed unit
 * attacked routing again [6.4], the end-of-phase undead / level drainer
 * and cannot-harm checks [13.3] [13.5]; [8.8] the free attack on a
 * fleeing unit; [7.11] wrap-around figures on the flanks. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bs1e/engine.h"

/* ---- eligibility [8.1] ------------------------------------------------------
 */

static void add(int fig, int *list, int *n)
{
	if (fig < 0)
		return;
	for (int i = 0; i < *n; i++)
		if (list[i] == fig)
			return;
	list[(*n)++] = fig;
}

/* The figure of rank r nearest the flank `file` side (a partial last rank
 * may leave the outer file empty). */
static int flank_fig(const struct bs_tt_shape *s, int file, int r)
{
	int step = file == 0 ? 1 : -1;
	for (int f = file; f >= 0 && f < s->files; f += step) {
		int k = bs_tt_figure_at(s, f, r);
		if (k >= 0)
			return k;
	}
	return -1;
}

/* The rear-most figure of file f. */
static int rear_fig(const struct bs_tt_shape *s, int f)
{
	for (int r = s->ranks - 1; r >= 0; r--) {
		int k = bs_tt_figure_at(s, f, r);
		if (k >= 0)
			return k;
	}
	return -1;
}

/* The figures of g that may fight across contact c (g is unit A of c). */
static int slots_for(const struct bs_battle *b, int g,
		     const struct bs_tt_contact *c, int *list)
{
	const struct bs_unit_state *u = &b->units[g];
	struct bs_tt_shape s;
	bs1e_shape(b, g, &s);
	int n = 0;
	int f0 = c->a_first, f1 = c->a_last;
	/* [8.1] "If a unit is in closed formation, an additional one figure
	 * to the left and one figure to the right of the enemy's figures can
	 * also fight." */
	int closed = s.formation == BS_FORM_CLOSED;
	switch (c->edge_a) {
	case BS_EDGE_FRONT:
		/* "All figures in a unit that are in base-to-base contact
		 * with one or more enemy figures are eligible" */
		for (int f = f0; f <= f1; f++)
			add(bs_tt_figure_at(&s, f, 0), list, &n);
		if (closed) {
			add(bs_tt_figure_at(&s, f0 - 1, 0), list, &n);
			add(bs_tt_figure_at(&s, f1 + 1, 0), list, &n);
			/* "If a unit in closed formation is using pikes, each
			 * figure in the two rows directly behind the row in
			 * base-to-base contact ... gives the unit one extra
			 * attack. If the unit is using spears, pole arms, or
			 * halberds, each figure in the first row" (RULING
			 * behind the figures in contact only) */
			int extra = u->r.pike ? 2 : u->r.polearm ? 1 : 0;
			for (int r = 1; r <= extra; r++)
				for (int f = f0; f <= f1; f++)
					add(bs_tt_figure_at(&s, f, r), list,
					    &n);
		}
		break;
	case BS_EDGE_REAR:
		for (int f = f0; f <= f1; f++)
			add(rear_fig(&s, f), list, &n);
		if (closed) {
			if (f0 > 0)
				add(rear_fig(&s, f0 - 1), list, &n);
			if (f1 < s.files - 1)
				add(rear_fig(&s, f1 + 1), list, &n);
		}
		break;
	default: {
		int file = c->edge_a == BS_EDGE_LEFT ? 0 : s.files - 1;
		for (int r = f0; r <= f1; r++)
			add(flank_fig(&s, file, r), list, &n);
		if (closed) {
			if (f0 > 0)
				add(flank_fig(&s, file, f0 - 1), list, &n);
			if (f1 < s.ranks - 1)
				add(flank_fig(&s, file, f1 + 1), list, &n);
		}
		break;
	}
	}
	return n;
}

/* [7.11] the wrap-around wings of g on h: the figures of its front rank
 * wheeled onto h's flanks (RULING R-125). */
static int wing_slots(const struct bs_battle *b, int g, int h, int *list)
{
	const struct bs_unit_state *u = &b->units[g];
	int n = 0;
	if (!(u->wrap_tside == b->units[h].side &&
	      u->wrap_tunit == b->units[h].idx))
		return 0;
	struct bs_tt_shape s;
	bs1e_shape(b, g, &s);
	for (int f = 0; f < u->wrap_files[0] && f < s.files; f++)
		add(bs_tt_figure_at(&s, f, 0), list, &n);
	for (int f = 0; f < u->wrap_files[1] && f < s.files; f++)
		add(bs_tt_figure_at(&s, s.files - 1 - f, 0), list, &n);
	return n;
}

/* h's figures on its flanks facing the wings of wrapper w. */
static int wrapped_slots(const struct bs_battle *b, int h, int w, int *list)
{
	const struct bs_unit_state *wu = &b->units[w];
	int n = 0;
	if (!(wu->wrap_tside == b->units[h].side &&
	      wu->wrap_tunit == b->units[h].idx))
		return 0;
	struct bs_tt_shape s;
	bs1e_shape(b, h, &s);
	/* the wrapper's left wing lies on h's right flank, and so on */
	for (int r = 0; r < wu->wrap_files[0] && r < s.ranks; r++)
		add(flank_fig(&s, s.files - 1, r), list, &n);
	for (int r = 0; r < wu->wrap_files[1] && r < s.ranks; r++)
		add(flank_fig(&s, 0, r), list, &n);
	return n;
}

static int is_used(const struct bs1e_unit_x *x, int fig)
{
	return (x->used[fig / 64] >> (fig % 64)) & 1u;
}

/* Count the figures of list not yet designated; mark them when `take`.
 * RULING R-131: a figure eligible in several melees fights in the first
 * of them in the order Side A chose. */
static int designate(struct bs1e_unit_x *x, const int *list, int n, int take)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (list[i] >= BS1E_MAX_FIGS || is_used(x, list[i]))
			continue;
		k++;
		if (take)
			x->used[list[i] / 64] |= 1ull << (list[i] % 64);
	}
	return k;
}

int bs1e_melee_slots(const struct bs_battle *b, int g,
		     const struct bs_tt_contact *c, int *list)
{
	return slots_for(b, g, c, list);
}

int bs1e_melee_designate(struct bs_battle *b, int g, const int *list, int n,
			 int take)
{
	return designate(&bs1e_sc(b)->ux[g], list, n, take);
}

int bs1e_melee_eligible(const struct bs_battle *b, int g, int h)
{
	struct bs_tt_contact c;
	int list[BS1E_MAX_FIGS * 2], n;
	if (!bs1e_contact(b, g, h, &c))
		return 0;
	n = slots_for(b, g, &c, list);
	int m = wing_slots(b, g, h, list + n);
	for (int i = 0; i < m; i++)
		add(list[n + i], list, &n);
	int w = wrapped_slots(b, g, h, list + n);
	int k = n;
	for (int i = 0; i < w; i++)
		add(list[k + i], list, &n);
	/* [14.6 B] RULING R-623: held figures do not fight; [14.6 A]
	 * RULING R-691: a charmed commander's unit attacks no one */
	return bs1e_charmed(b, g) ? 0 : bs1e_fx_active(b, g, n);
}

/* ---- one attack [8.3] [8.4] --------------------------------------------- */

/* Whether x may attack y in this Melee Phase. */
static int may_attack(const struct bs_battle *b, int x, int y, int check_rally)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	const struct bs_unit_state *u = &b->units[x];
	if (!bs1e_in_play(b, x) || !bs1e_in_play(b, y))
		return 0;
	/* [6.4] a routed unit "cannot ... engage in melee combat"; [8.8]
	 * "The fleeing unit may not fight back" */
	if (u->flags & (BS_UF_ROUTED | BS_UF_FLED))
		return 0;
	/* [14.19] RULING: nobody attacks the undead in his own
	 * side's service (they are under his side's command) */
	if (b->units[y].side != u->side && !bs1e_hostile(b, u->side, y))
		return 0;
	/* [2.9] "A skirmish figure may attack an enemy skirmisher or
	 * individual." */
	if (s->ux[x].skirmish && !s->ux[y].skirmish)
		return 0;
	/* [6.3] a rallied unit "may only fight in melee combat if it is
	 * attacked by an enemy unit" */
	if (check_rally && (u->flags & BS_UF_RALLIED) &&
	    !may_attack(b, y, x, 0))
		return 0;
	return 1;
}

int bs1e_unit_may_fight(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	/* [6.4] routed units and [8.8] fleeing units do not fight */
	return bs1e_in_play(b, g) && !(u->flags & (BS_UF_ROUTED | BS_UF_FLED));
}

void bs1e_attack_columns(const struct bs1e_attack_plan *p, const char *dbl,
			 char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; i <= p->nreads && k + 1 < len; i++) {
		char one[64];
		int w;
		if (i == p->nreads)
			w = dbl ? snprintf(buf + k, len - k, " %s", dbl) : 0;
		else
			w = snprintf(
			    buf + k, len - k, "%s%s%s%s", i ? " + " : "",
			    bs1e_colread_format(&p->read[i], one, sizeof one),
			    p->read[i].doubled ? " doubled" : "",
			    p->read[i].poison ? " poison [13.2]" : "");
		if (w < 0)
			break;
		k += (size_t)w < len - k ? (size_t)w : len - k - 1;
	}
}

int bs1e_unit_to_hit_vs(const struct bs_battle *b, int g, int h, char *label,
			size_t len)
{
	const struct bs_creature *a[BS_UNIT_MAX_MIX],
	    *d[BS1E_FIGURE_MAX_CREATURES];
	int na = bs_unit_creatures(b->units[g].def, a);
	/* RULING R-610: the defender's mount or pullers too */
	int nd = bs1e_figure_creatures(b->units[h].def, d);
	return bs1e_to_hit_vs(a, na, d, nd, label, len);
}

/* bs1e_unit_melee_ar, `charged`: [7.14] counted as charging */
static void melee_ar(const struct bs_battle *b, int g, enum bs_arc arc,
		     int shield, int charged, struct bs_deriv *d)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	const struct bs_unit_state *u = &b->units[g];
	const struct bs1e_unit_x *x = &s->ux[g];
	unsigned t10 = 0, t10x = 0;
	/* [8.3] Table 10 */
	if (u->formation == BS_FORM_OPEN || u->formation == BS_FORM_SKIRMISH)
		t10 |= 1u << BS1E_T10_OPEN_OR_SKIRMISH;
	if (!x->skirmish && ((u->flags & BS_UF_OUT_OF_COMMAND) || x->mob))
		t10 |= 1u << BS1E_T10_OUT_OF_COMMAND;
	/* [7.14] "A regular unit that charges in closed formation gains a
	 * -1 bonus ... for the Melee Phase in that Game Round only." */
	if (charged && u->formation == BS_FORM_CLOSED && x->regular)
		t10 |= 1u << BS1E_T10_CLOSED_CHARGE;
	if (bs1e_commander_fighting(b, g))
		t10 |= 1u << BS1E_T10_COMMANDER_FIGHTING;
	/* the special note: flank -1 "for negating defenders' shield bonus"
	 * (RULING R-132, known-gaps 37: only against a shield), rear -2,
	 * orcs and goblins +1 in daylight (RULING R-133: Basic Game battles
	 * are fought by day) */
	if (arc == BS_ARC_FLANK && shield)
		t10x |= 1u << BS1E_T10X_FLANK;
	if (arc == BS_ARC_REAR)
		t10x |= 1u << BS1E_T10X_REAR;
	if (u->r.daylight_penalty)
		t10x |= 1u << BS1E_T10X_DAYLIGHT;
	bs1e_ar_adjusted(
	    u->r.base_ar, t10, t10x,
	    (b->sc->options & (1u << BS_OPT_HIGHER_GROUND_PLUS)) != 0, d);
	bs1e_ar_add_forced_march(d, u->fm_penalty);
}

void bs1e_unit_melee_ar(const struct bs_battle *b, int g, enum bs_arc arc,
			int shield, struct bs_deriv *d)
{
	melee_ar(b, g, arc, shield, (b->units[g].flags & BS_UF_CHARGED) != 0,
		 d);
}

/* [8.3] Table 10 (with its higher ground), the racial to-hit, the [11.9]
 * low ground, the Intermediate Game's formation terms and the spec of g's
 * attack on h, g's edge edge_g against h's edge edge_h (enum
 * bs_side_edge; figures not set), as the Melee Phase makes it; `charged`:
 * [7.14] [11.4] it charged this Game Round; `at`: the first of g's
 * figures attacking ([14.7] the bonuses that cover it, RULING R-686; -1
 * those of every figure). *arc gets the arc struck, *dbl the cite of a
 * doubling (NULL none). Changes nothing. */
static void attack_numbers(const struct bs_battle *b, int g, int h, int edge_g,
			   int edge_h, int charged, int at, struct bs_deriv *d,
			   struct bs1e_attack_spec *spec, enum bs_arc *arc,
			   const char **dbl)
{
	const struct bs_unit_state *u = &b->units[g], *t = &b->units[h];
	/* [11.6] the circular or square shield wall has no flank or rear */
	*arc = bs1e_arc_struck(b, h, edge_h);
	melee_ar(b, g, *arc, t->r.shield, charged, d);
	/* [8.3] Table 10 "Defender occupies higher ground" (RULINGS R-006,
	 * */
	if (bs1e_higher_ground(b, g, h)) {
		const struct bs1e_mod_row *row = bs1e_t10_higher_ground(
		    (b->sc->options & (1u << BS_OPT_HIGHER_GROUND_PLUS)) != 0);
		bs_deriv_add(d, row->mod, row->cite,
			     "defender on higher ground");
	}
	/* the special note: "all normal AD&D ... game bonuses and penalties
	 * to THACO"; [13.1] "the adjustment applies whenever the
	 * circumstances occur": the racial bonuses of the PH and MM */
	char rlab[BS_DERIV_LABEL];
	/* no label with events off: the term's text is not written then */
	int text = bs_battle_events_on(b);
	rlab[0] = '\0';
	int racial = bs1e_unit_to_hit_vs(b, g, h, text ? rlab : NULL,
					 text ? sizeof rlab : 0);
	if (racial)
		bs_deriv_add(d, racial, "[8.3 T10 note] [13.1]", "%s", rlab);
	/* [11.9] +4 from low ground against a unit at its edge */
	bs1e_ar_add_terrain(b, g, h, d);
	/* [11.4] the cavalry charge, [11.6] the shield wall, [11.7] set
	 * spears (r11_formations.c) */
	unsigned doubled =
	    bs1e_melee_terms(b, g, h, edge_g, edge_h, charged, d, dbl);
	/* [14.7] bless, prayer: to hit; haste: "melee for double damage"
	 * (RULING R-689: every part doubled once, as another doubling) */
	int hs = bs1e_bonus_to_hit(b, g, at, d);
	/* RULING R-739: an evil unit's attack at a unit wholly warded */
	bs1e_bonus_unit_ward_ar(b, -1, g, h, d);
	/* RULING R-736: not when it fired missiles for double damage this
	 * Game Round */
	if (hs > 0 && bs1e_sc(b)->ux[g].haste_fired == b->round)
		hs = 0;
	if (hs > 0) {
		doubled = ~0u;
		*dbl = "[14.7] haste (RULING R-689)";
	}
	/* [14.8] "they have a -4 AC bonus as long as they are invisible"
	 * RULING: AC 4 better is AR 4 worse (AR - AC) */
	if (bs1e_fx_unit_invis_ac(b, h))
		bs_deriv_add(d, bs1e_fx_unit_invis_ac(b, h),
			     "[14.8] RULING R-343",
			     "defender invisible: AC 4 "
			     "better");
	memset(spec, 0, sizeof *spec);
	spec->ar = d->value;
	spec->ac = t->r.ac;
	spec->damage = t->r.size == BS_SIZE_L ? u->r.dmg_l : u->r.dmg_sm;
	/* RULING R-134 (known-gaps 38): one Melee Phase per Game Round; the
	 * catalogs give no attack rates, so one routine per phase ([8.6]
	 * several natural attacks are the parts of the damage) */
	spec->level_drain = bs1e_drain_doubles(b->sc->level, u->r.level_drain);
	spec->poison_part = -1;
	/* [13.2] the poison's extra damage, same roll */
	bs1e_spec_poison(b, g, t->r.size == BS_SIZE_L, spec);
	spec->doubled = doubled;
	/* [14.7] RULING R-617: slow halves the slowed figures' attacks */
	if (hs < 0) {
		spec->attacks_den = 2;
		*dbl = "[14.7] slow: half attacks (RULING R-617)";
	}
}

int bs1e_attack_now(const struct bs_battle *b, int g, int h, int charging,
		    struct bs1e_attack_now *out)
{
	if (!b || b->sc->rules != BS_RULES_BS1E || g < 0 || h < 0 ||
	    g >= b->nunits || h >= b->nunits ||
	    b->units[g].side == b->units[h].side)
		return -1;
	const struct bs1e_scratch *s = bs1e_sc(b);
	const struct bs_unit_state *u = &b->units[g], *t = &b->units[h];
	struct bs_tt_contact c;
	memset(out, 0, sizeof *out);
	out->in_contact = bs1e_contact(b, g, h, &c);
	int edge_g = BS_EDGE_FRONT, edge_h = BS_EDGE_FRONT;
	if (out->in_contact) {
		out->figures = bs1e_melee_eligible(b, g, h);
		edge_g = c.edge_a;
		edge_h = c.edge_b;
	} else {
		/* as if its front made contact with the side of h it stands
		 * before */
		out->figures = u->files < u->figures ? u->files : u->figures;
		struct bs_quad gq = bs1e_quad(b, g), hq = bs1e_quad(b, h);
		bs_tt_arc_from(&hq, bs_quad_centre(&gq), &edge_h);
	}
	/* RULING R-429: its charge counts for the melee of this round, not
	 * after it (the flag lasts until the next round begins) */
	out->charged = charging ||
		       ((u->flags & BS_UF_CHARGED) && b->phase != BS_PHASE_END);
	enum bs_arc arc;
	const char *dbl;
	attack_numbers(b, g, h, edge_g, edge_h, out->charged, -1, &out->ar,
		       &out->spec, &arc, &dbl);
	out->arc = (int)arc;
	out->spec.figures = out->figures;
	out->target_hd = t->r.hd_fig;
	out->target_figures = t->figures;
	out->target_wounded = t->wounded;
	/* the reasons of may_attack, and [13.3] */
	if (!bs1e_in_play(b, g) || !bs1e_in_play(b, h)) {
		out->cannot = "a unit is not in play";
		out->cite = "[8.1]";
	} else if (u->flags & (BS_UF_ROUTED | BS_UF_FLED)) {
		out->cannot = "a routed unit cannot engage in melee combat";
		out->cite = "[6.4] [8.8]";
	} else if (s->ux[g].skirmish && !s->ux[h].skirmish) {
		out->cannot = "a skirmish figure may attack only an enemy "
			      "skirmisher or individual";
		out->cite = "[2.9]";
	} else if (out->in_contact && !may_attack(b, g, h, 1)) {
		out->cannot = "a rallied unit may fight in melee only when "
			      "the enemy attacks it";
		out->cite = "[6.3]";
	} else if (t->r.magic_to_hit && !s->ux[g].magic_weapon) {
		out->cannot = "its weapons cannot harm the enemy";
		out->cite = "[13.3]";
	} else if (out->figures <= 0) {
		out->cannot = "no figure of it is eligible to fight the enemy";
		out->cite = "[8.1]";
	}
	return 0;
}

/* g attacks h with `figs` figures from its figure `at` ([14.7]), g's edge
 * edge_g against h's edge edge_h (enum bs_side_edge); the casualties go to
 * *hit. Returns 1 when the attack did anything to record. */
static int attack(struct bs_battle *b, int g, int h, int at, int figs,
		  int edge_g, int edge_h, const char *cite,
		  struct bs1e_hit *hit)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	struct bs_unit_state *u = &b->units[g], *t = &b->units[h];
	const struct bs1e_unit_x *x = &s->ux[g];
	if (figs <= 0)
		return 0;
	enum bs_arc arc;
	struct bs_deriv d;
	struct bs1e_attack_spec spec;
	const char *dbl;
	attack_numbers(b, g, h, edge_g, edge_h, (u->flags & BS_UF_CHARGED) != 0,
		       at, &d, &spec, &arc, &dbl);
	u->flags |= BS_UF_FOUGHT;
	t->flags |= BS_UF_ATTACKED;
	s->ux[h].attacked = 1;
	/* [13.3] a creature hit only by magic weapons */
	if (t->r.magic_to_hit && !x->magic_weapon) {
		bs1e_note(b, g, "its weapons cannot harm the enemy", "[13.3]");
		return 0;
	}
	spec.figures = figs;
	/* [13.4] a paralyzing creature's natural attacks (RULING R-710,
	 * "If the only damage caused by a unit is to paralyze, use
	 * the D4 column", R-077) */
	int spared;
	const struct bs_creature *pz =
	    bs1e_unit_paralyzer(b, g, h, -1, &spared);
	if (pz && pz->paralysis_only)
		spec.paralysis_only = 1;
	struct bs1e_attack_plan plan;
	char err[160];
	if (bs1e_attack_plan(&spec, &plan, err, sizeof err) != 0) {
		bs1e_note(b, g, "the attack cannot be read on the CRT",
			  "[8.5]");
		return 0;
	}
	/* [8.4 B] "Roll 2d6." */
	static const struct bs_roll_why why_attack = {
	    BS_ROLL_ATTACK, {6, 6}, 0, "attacking", "[8.4 B]"};
	bs_dice_why(&b->dice, &why_attack, -1, g, -1, h);
	int d1 = bs_roll(&b->dice, 6), d2 = bs_roll(&b->dice, 6);
	struct bs1e_attack_result res;
	bs1e_attack_resolve(&plan, d1 + d2, &res);
	memset(hit, 0, sizeof *hit);
	hit->from = g;
	hit->from_indiv = -1;
	hit->to = h;
	/* [8.4 E] [8.7] against the figures it had as the phase began */
	int stood = s->ux[h].figs_phase > 0 ? s->ux[h].figs_phase : 1;
	if (pz && pz->paralysis_only && spared) {
		/* RULING R-712: its only damage is a paralysis that does not
		 * take them */
		memset(&hit->c, 0, sizeof hit->c);
		hit->c.damage_tenths = res.total_tenths;
		hit->c.disregarded_tenths = res.total_tenths;
	} else if (pz && pz->paralysis_only) {
		/* RULING: whole figures paralyzed, none hurt */
		bs1e_paralysis(res.total_tenths, t->r.hd_fig, stood, &hit->c);
	} else if (pz && !spared) {
		/* RULING R-710: kills, and the fraction paralyzes */
		bs1e_paralysis_damage(res.total_tenths, t->r.hd_fig, stood,
				      &hit->c);
	} else {
		bs1e_casualties(res.total_tenths, t->r.hd_fig, stood, &hit->c);
	}
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		char cols[160];
		bs1e_attack_columns(&plan, dbl, cols, sizeof cols);
		bs1e_ev(b, &ev, BS_EV_ATTACK);
		bs_battle_ev_units(b, &ev, g, h);
		ev.deriv = d;
		ev.has_deriv = 1;
		ev.dice[0] = d1;
		ev.dice[1] = d2;
		ev.ndice = 2;
		ev.die_sides = 6;
		ev.n[0] = figs;
		ev.n[1] = t->r.ac;
		ev.n[2] = res.attack_roll;
		ev.n[3] = res.per_figure_tenths;
		ev.n[4] = res.total_tenths;
		ev.n[5] = hit->c.killed;
		ev.n[6] = hit->c.wounded;
		ev.n[7] = (int)arc;
		ev.what = cols;
		ev.cite = cite;
		bs_battle_emit(b, &ev);
	}
	return 1;
}

/* [14.7] "If only part of a unit is affected, that part fights separately
 * from the rest of the unit ... combat rolls and damage are figured for
 * the enchanted and non-enchanted figures separately": RULING R-686, g's
 * `figs` figures from its figure `first` in parts by the bonuses that
 * cover them, each its own attack (one part: the attack as before); the
 * hits into hit[0..), at most `room`; returns how many. */
static int attack_parts(struct bs_battle *b, int g, int h, int first, int figs,
			int edge_g, int edge_h, const char *cite,
			struct bs1e_hit *hit, int room)
{
	int nh = 0, at = first, end = first + figs;
	while (at < end && nh < room) {
		int to = bs1e_bonus_part_end(b, g, at, end);
		if (to <= at)
			to = end;
		if (attack(b, g, h, at, to - at, edge_g, edge_h, cite,
			   &hit[nh]))
			nh++;
		at = to;
	}
	return nh;
}

/* ---- losses [8.4 G] [8.7] and the checks they call for [4.4] ------------- */

/* The block of cur's figures in `files` files, spaced as cur is (a
 * cramped open unit stays cramped, RULING R-106). */
static void refile(const struct bs_tt_shape *cur, int files,
		   struct bs_tt_shape *out)
{
	bs_tt_shape_make(cur->formation, cur->figures, files, cur->base_w,
			 cur->base_d, 0, out);
	out->gap = cur->gap;
	out->width = out->files * out->base_w + (out->files - 1) * out->gap;
	out->depth = out->ranks * out->base_d + (out->ranks - 1) * out->gap;
}

/* [2.10] "If a mob loses figures due to combat, remove losses so that the
 * approximate shape of the mob is maintained"; [7.10] "A mob can only
 * change frontage by moving figures forward as it takes losses": its
 * frontage shrinks to the square one of its figures (the frontage a mob
 * of that many deploys with, RULING R-101), the narrower front kept
 * within the old one and over the enemies touching its front. */
static void resquare_mob(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	if (!bs1e_sc(b)->ux[g].mob || u->figures <= 0)
		return;
	int want = bs_tt_default_files(BS_FORM_MOB, u->figures, u->r.base_w,
				       u->r.base_d);
	if (want >= u->files)
		return;
	struct bs_tt_shape s, ns;
	struct bs_tt_pose p;
	bs1e_shape(b, g, &s);
	bs1e_pose(b, g, &p);
	refile(&s, want, &ns);
	/* the stretch of its front that touches enemies, across the front */
	double lo = s.width, hi = 0;
	for (int h = bs1e_near_next(b, g, -1); h < b->nunits;
	     h = bs1e_near_next(b, g, h)) {
		struct bs_tt_contact c;
		if (b->units[h].side == u->side || !bs1e_contact(b, g, h, &c) ||
		    c.edge_a != BS_EDGE_FRONT)
			continue;
		double x0, x1, y;
		bs_tt_local(&p, s.width, c.p0, &x0, &y);
		bs_tt_local(&p, s.width, c.p1, &x1, &y);
		lo = fmin(lo, fmin(x0, x1));
		hi = fmax(hi, fmax(x0, x1));
	}
	double cx = lo <= hi ? (lo + hi) / 2 : s.width / 2;
	double half = ns.width / 2;
	cx = fmax(half, fmin(s.width - half, cx));
	struct bs_tt_pose np = p;
	np.front = bs_vec_add(
	    p.front, bs_vec_scale(bs_dir(p.facing + 90.0), cx - s.width / 2));
	struct bs_quad obst[BS1E_MAX_OBST];
	int n = bs1e_obstacles_walled(b, g, -1, obst, NULL);
	struct bs_quad oq = bs_tt_quad(&s, &p), nq = bs_tt_quad(&ns, &np);
	if (!bs_tt_fits(&nq, &oq, obst, n, 1, NULL))
		return; /* no room for that shape: it keeps its frontage */
	int oldf = u->files;
	bs1e_set_geom(b, g, &ns, &np);
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_FORMATION);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.n[0] = ev.n[1] = (int)u->formation;
		ev.n[2] = oldf;
		ev.n[3] = u->files;
		ev.what = "the mob keeps its square shape as it loses figures";
		ev.cite = "[2.10] [7.10]";
		bs_battle_emit(b, &ev);
	}
}

/* Which of g's edges enemies touch: bit (1 << enum bs_side_edge). */
static unsigned engaged_edges(const struct bs_battle *b, int g)
{
	unsigned e = 0;
	for (int h = bs1e_near_next(b, g, -1); h < b->nunits;
	     h = bs1e_near_next(b, g, h)) {
		struct bs_tt_contact c;
		if (b->units[h].side != b->units[g].side &&
		    bs1e_contact(b, g, h, &c))
			e |= 1u << c.edge_a;
	}
	return e;
}

/* RULING R-376 [8.8] [7.2]: a unit with an enemy at its rear takes its
 * losses so that the block still touches it: from its front ranks (the
 * front edge moves back, the rear stays) when no enemy touches its front;
 * with enemies at front and rear it keeps its ranks and narrows its
 * frontage about its centre (when it has figures for them). The new block
 * lies within the old one. `s0`, `p0`: the block before the losses. */
static void keep_rear_contact(struct bs_battle *b, int g, unsigned edges,
			      const struct bs_tt_shape *s0,
			      const struct bs_tt_pose *p0)
{
	struct bs_unit_state *u = &b->units[g];
	if (!(edges & (1u << BS_EDGE_REAR)) || u->figures <= 0)
		return;
	struct bs_tt_shape s;
	struct bs_tt_pose p = *p0;
	bs1e_shape(b, g, &s);
	if (edges & (1u << BS_EDGE_FRONT)) {
		int files = (u->figures + s0->ranks - 1) / s0->ranks;
		if (files < 1)
			files = 1;
		if (files >= s.files)
			return;
		struct bs_tt_shape cur = s;
		refile(&cur, files, &s);
		if (fabs(s.depth - s0->depth) > 1e-9 ||
		    s.width > s0->width + 1e-9)
			return; /* too few figures for its ranks */
	} else if (s.depth < s0->depth - 1e-9) {
		p.front = bs_vec_add(p0->front,
				     bs_vec_scale(bs_dir(p0->facing + 180.0),
						  s0->depth - s.depth));
	} else {
		return;
	}
	bs1e_set_geom(b, g, &s, &p);
}

/* Remove the losses of the hits on g at once; *removed_by gets each hit's
 * share of the figures removed (the [8.7] wound removals go to the last).
 * Returns the figures removed. */
static int losses(struct bs_battle *b, int g, const struct bs1e_hit *h, int n,
		  int *share, const char *why, const char *cite)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs1e_casualties cs[64] = {{0}};
	int k = n < 64 ? n : 64;
	for (int i = 0; i < k; i++)
		cs[i] = h[i].c;
	struct bs1e_unit_figs f = {u->figures, u->wounded};
	struct bs1e_phase_losses out;
	unsigned edges = engaged_edges(b, g);
	struct bs_tt_shape s0;
	struct bs_tt_pose p0;
	bs1e_shape(b, g, &s0);
	bs1e_pose(b, g, &p0);
	/* RULING R-135 (known-gaps 39): the one-wounded-figure limit of
	 * [8.7] is applied each time losses are removed (the Basic Game
	 * has no damage but melee and the [8.8] free attack) */
	bs1e_melee_losses(&f, cs, (size_t)k, &out);
	int before = u->figures;
	u->figures = f.figures;
	bs1e_moved(b, g);
	u->wounded = f.wounded;
	int removed = before - u->figures;
	int left = removed;
	for (int i = 0; i < k; i++) {
		int take = h[i].c.killed < left ? h[i].c.killed : left;
		share[i] = take;
		left -= take;
	}
	if (k > 0)
		share[k - 1] += left;
	/* [13.8] RULING R-720: the regenerating figures killed lie "dead";
	 * those of fire or acid do not (the wound removals go with the last
	 * hit, as its share) */
	int regen = removed;
	for (int i = 0; i < k; i++)
		if (h[i].no_regen)
			regen -= share[i];
	bs1e_regen_fell(b, g, &s0, &p0, before, regen);
	int para = 0;
	for (int i = 0; i < k; i++)
		para |= h[i].c.paralyzed > 0;
	if (bs_battle_events_on(b) && (removed || out.new_wounds)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_LOSSES);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.n[0] = removed;
		ev.n[1] = out.new_wounds;
		ev.n[2] = u->figures;
		ev.n[3] = u->wounded;
		ev.n[4] = out.removed_by_wounds;
		ev.what = why;
		ev.cite = cite;
		bs_battle_emit(b, &ev);
	}
	/* [7.3] open formation fills the gaps in its front at 1" of
	 * movement per figure (RULING R-126) */
	if (u->formation == BS_FORM_OPEN && removed > 0)
		u->gap_debt += removed;
	/* [10.10] an artillery piece's crew figure removed: a replacement
	 * takes over when there is one (RULING R-488) */
	if (u->figures <= 0 && !bs1e_replace_crew(b, g)) {
		bs1e_unit_destroyed(b, g, "destroyed", "[8.7]");
	} else if (removed > 0) {
		keep_rear_contact(b, g, edges, &s0, &p0);
		resquare_mob(b, g);
	}
	/* [13.4] RULING: the figures paralyzed, each with its
	 * immediate saving throw (r14_effects.c) */
	for (int i = 0; para && i < k; i++)
		if (h[i].c.paralyzed > 0)
			bs1e_fx_paralyze_unit(b, g, &h[i]);
	return removed;
}

/* The Table 5 checks of the hits on g [4.4]: one per attack. */
static void checks(struct bs_battle *b, int g, const struct bs1e_hit *h, int n,
		   const int *share, int figs_before, int was_routed)
{
	struct bs_unit_state *u = &b->units[g];
	/* killed, not the skirmishers routed apart (RULING R-378) */
	int lost = u->original - figs_before - u->sk_away - u->sk_off;
	for (int i = 0; i < n && i < 64; i++) {
		if (!bs1e_in_play(b, g))
			return;
		struct bs_vec cause = h[i].from >= 0 ? bs1e_centre(b, h[i].from)
				      : h[i].from_indiv >= 0
					  ? b->indivs[h[i].from_indiv].pos
					  : bs1e_centre(b, g);
		if (was_routed) {
			/* [6.4] "If a routed unit is attacked by an enemy ...
			 * during the Melee Phase, it takes any damage and
			 * automatically routs again" */
			bs1e_rout(b, g, &cause, 0, "attacked: routs again");
			return;
		}
		if (bs1e_routed(b, g))
			return; /* RULING R-128: once routed this phase */
		struct bs1e_morale_event e = {0};
		e.original = u->original;
		e.lost_before = lost;
		e.lost_after = lost + share[i];
		e.by_magic = h[i].by_magic;
		lost = e.lost_after;
		struct bs1e_morale_due due;
		bs1e_morale_checks_due(&e, &due);
		if (due.checks)
			bs1e_morale_check(b, g, due.reasons, due.t4, cause,
					  "[4.4 T5]");
	}
}

void bs1e_apply_hits_cite(struct bs_battle *b, int g, const struct bs1e_hit *h,
			  int n, const char *why, const char *cite)
{
	int share[64];
	int before = b->units[g].figures;
	int was_routed = bs1e_routed(b, g);
	losses(b, g, h, n, share, why, cite);
	checks(b, g, h, n, share, before, was_routed);
}

void bs1e_apply_hits(struct bs_battle *b, int g, const struct bs1e_hit *h,
		     int n, const char *why)
{
	bs1e_apply_hits_cite(b, g, h, n, why, "[8.7]");
}

void bs1e_break_losses(struct bs_battle *b, int g, int from, int n,
		       const struct bs_tt_shape *s, const struct bs_tt_pose *p)
{
	struct bs1e_hit hit;
	int share[1];
	memset(&hit, 0, sizeof hit);
	hit.from = from;
	hit.to = g;
	hit.c.killed = n;
	int before = b->units[g].figures;
	int was_routed = bs1e_routed(b, g);
	losses(b, g, &hit, 1, share, "broken through by a charge", "[8.7]");
	if (bs1e_in_play(b, g) && s && p && s->figures == b->units[g].figures)
		bs1e_set_geom(b, g, s, p);
	checks(b, g, &hit, 1, share, before, was_routed);
}

void bs1e_free_attack(struct bs_battle *b, int h, int g)
{
	struct bs1e_hit hit[BS1E_BONUS_PARTS];
	int figs = bs1e_melee_eligible(b, h, g);
	bs1e_sc(b)->ux[g].figs_phase = b->units[g].figures;
	/* [8.8] "one free attack at the fleeing unit with a -2 bonus "to
	 * hit" (attacking from behind)"; [14.7] RULING R-686 in parts */
	int nh = attack_parts(b, h, g, 0, figs, BS_EDGE_FRONT, BS_EDGE_REAR,
			      "[8.8]", hit, BS1E_BONUS_PARTS);
	if (nh > 0)
		bs1e_apply_hits(b, g, hit, nh, "free attack on a fleeing unit");
}

int bs1e_invis_free_attack(struct bs_battle *b, int g, int h)
{
	struct bs1e_hit hit[BS1E_BONUS_PARTS];
	struct bs_tt_contact c;
	/* [14.8] RULING R-344: "gets an immediate free melee ... attack": its
	 * eligible figures against the edge it touches [8.4], as a melee
	 * (a skirmisher unit only at skirmishers [2.9]; [8.8] a fleeing unit
	 * none); losses applied now */
	if (!may_attack(b, g, h, 0) || !bs1e_contact(b, g, h, &c))
		return 0;
	int figs = bs1e_melee_eligible(b, g, h);
	if (figs <= 0)
		return 0;
	bs1e_sc(b)->ux[h].figs_phase = b->units[h].figures;
	int nh = attack_parts(b, g, h, 0, figs, c.edge_a, c.edge_b,
			      "[14.8] RULING R-344", hit, BS1E_BONUS_PARTS);
	if (nh > 0)
		bs1e_apply_hits_cite(b, h, hit, nh,
				     "the free attack of an invisible unit",
				     "[14.8] RULING R-344");
	return 1;
}

/* ---- the phase ------------------------------------------------------------
 */

static int npairs_add(struct bs1e_scratch *s, int *np, int a, int d)
{
	for (int i = 0; i < *np; i++)
		if ((s->pairs[i].a == a && s->pairs[i].b == d) ||
		    (s->pairs[i].a == d && s->pairs[i].b == a))
			return 1;
	if (*np >= s->maxpairs)
		return 0;
	s->pairs[*np].a = a;
	s->pairs[*np].b = d;
	(*np)++;
	return 1;
}

/* x attacks y in the melee of the pair: its eligible figures not yet
 * designated (at most `cap` of them, -1 no limit), and the wings of a
 * wrap-around as a flank attack. */
static void fight(struct bs_battle *b, int x, int y, int *nh, int cap)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	struct bs_tt_contact c;
	int list[BS1E_MAX_FIGS * 2], n;
	if (!may_attack(b, x, y, 1) || !bs1e_contact(b, x, y, &c))
		return;
	/* [10.2] "If an enemy figure or figures moves into base-to-base
	 * contact with a figure or unit that has already used missile
	 * weapons during the current Game Round, the missile-using unit
	 * cannot fight during that Melee Phase." (RULING R-480) */
	const unsigned fired = BS_UF_FIRED | BS_UF_CONTACTED;
	if ((b->units[x].flags & fired) == fired) {
		bs1e_note(b, x,
			  "it used missile weapons this round and was "
			  "contacted: it cannot fight in this Melee Phase",
			  "[10.2]");
		return;
	}
	/* [7.11] the wheeled ends are designated to the flank attack
	 * first; the front attack has the rest */
	int wings[BS1E_MAX_FIGS];
	int m = wing_slots(b, x, y, wings);
	int wf = designate(&s->ux[x], wings, m, 1);
	n = slots_for(b, x, &c, list);
	int w = wrapped_slots(b, x, y, list + n);
	int k = n;
	for (int i = 0; i < w; i++)
		add(list[k + i], list, &n);
	int figs = designate(&s->ux[x], list, n, 1);
	if (cap >= 0 && figs > cap)
		figs = cap; /* [11.7] only the surviving figures */
	/* [14.6 B] RULING R-623: held figures (and [13.6] R-556 those a
	 * god's awe stuns) do not fight; [14.6 A] R-691, [14.19] R-585: a
	 * unit under another side's control attacks no one */
	int held = bs1e_charmed(b, x) ? figs + wf : bs1e_fx_held(b, x);
	int hf = held < figs ? held : figs;
	figs -= hf;
	wf = wf > held - hf ? wf - (held - hf) : 0;
	if (held > 0 && figs == 0 && wf == 0) {
		bs1e_note_vs(b, x, y,
			     bs1e_charmed(b, x)
				 ? "under another side's control: it attacks "
				   "no one (RULING R-691, R-585)"
				 : "its figures in contact are held: they do "
				   "not fight (RULING R-623)",
			     "[8.1] [14.6]");
		return;
	}
	/* [14.7] RULING R-686: the enchanted figures fight apart; the
	 * front's attackers are the unit's first figures, the wings the
	 * next */
	*nh += attack_parts(b, x, y, 0, figs, c.edge_a, c.edge_b, "[8.4]",
			    &s->hits[*nh], s->maxhits - *nh);
	/* [14.8] RULING R-345: a melee is an attack: its invisibility ends
	 * (the -4 kept to the round's end) */
	bs1e_fx_unit_invis_attacks(b, x);
	/* [7.11] the wheeled ends strike the enemy's flanks */
	if (wf > 0)
		*nh += attack_parts(b, x, y, figs, wf, BS_EDGE_FRONT,
				    BS_EDGE_LEFT, "[7.11] [8.4]", &s->hits[*nh],
				    s->maxhits - *nh);
}

/* [11.7] "In this formation, enemy losses are removed immediately, before
 * the enemy unit gets its return attack (only the surviving figures may
 * attack). If the enemy unit is in closed formation, however, it can fill
 * in any losses in the front line from the rear ranks before making its
 * attack." The melee of set spears s and the unit c that charged them:
 * s strikes first, whatever the initiative, c's losses are removed at once
 * (their Table 5 checks wait for the end of the phase with the others,
 * RULING R-542), then c strikes back: closed, with the figures eligible
 * once its front is filled; open or mob, with those it had less the
 * figures lost. */
static void set_spears_melee(struct bs_battle *b, int s, int c, int *nh)
{
	struct bs1e_scratch *sc = bs1e_sc(b);
	int before = bs1e_melee_eligible(b, c, s);
	int k = *nh;
	if (bs_battle_events_on(b))
		bs1e_note(b, s,
			  "set spears strike the charging enemy first: its "
			  "losses are removed before it strikes back",
			  "[11.7]");
	fight(b, s, c, nh, -1);
	int share[64], removed = 0;
	if (*nh > k && bs1e_in_play(b, c)) {
		removed = losses(b, c, &sc->hits[k], *nh - k, share,
				 "set spears: removed before it strikes back",
				 "[11.7] [8.7]");
		for (int i = k; i < *nh; i++) {
			sc->hits[i].share = share[i - k];
			sc->hits[i].applied = 1;
		}
	}
	int left = before - removed;
	fight(b, c, s, nh,
	      b->units[c].formation == BS_FORM_CLOSED ? -1
	      : left > 0			      ? left
						      : 0);
}

/* [1.6 B] the order of the np melees of s->pairs into order[]: Side A's
 * controller's (RULING R-377), or the rules' (bs_tt_melee_order). */
static void melee_order(struct bs_battle *b, int np, int *order)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	struct bs_melee *m = s->melees;
	for (int i = 0; i < np; i++) {
		m[i].aside = b->units[s->pairs[i].a].side;
		m[i].aunit = b->units[s->pairs[i].a].idx;
		m[i].bside = b->units[s->pairs[i].b].side;
		m[i].bunit = b->units[s->pairs[i].b].idx;
	}
	const struct bs_controller *c = b->ctl[b->side_a];
	if (np > 1 && c && c->melee_order) {
		int got = c->melee_order(c->ctx, b, b->side_a, m, np, order);
		if (got == np && bs_tt_melee_order_ok(m, np, order))
			return;
		if (got != 0 && bs_battle_events_on(b)) {
			struct bs_event ev;
			bs1e_ev(b, &ev, BS_EV_REJECTED);
			ev.side = b->side_a;
			ev.what =
			    "the order of the melees must resolve all the "
			    "combat of one unit before the next";
			ev.cite = "[1.6 B] RULING R-377";
			bs_battle_emit(b, &ev);
		}
	}
	bs_tt_melee_order(m, np, NULL, order);
}

/* [8.2] "members of a unit can change weapons at the beginning of any
 * Melee Phase without a penalty of time, movement, or combat
 * effectiveness. The owning player simply announces that his unit is
 * changing weapons": each side's controller may name the weapon. */
static void change_weapons(struct bs_battle *b)
{
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		const struct bs_controller *c = b->ctl[u->side];
		if (!c || !c->weapon || u->r.nweapons < 2 ||
		    !bs1e_in_play(b, g) || bs1e_routed(b, g))
			continue;
		int w = c->weapon(c->ctx, b, u->side, u->idx);
		if (w < 0 || w >= u->r.nweapons || w == u->r.in_hand)
			continue;
		bs1e_take_weapon(b, g, w);
		if (bs_battle_events_on(b)) {
			char msg[BS_NAME_MAX + 40];
			snprintf(msg, sizeof msg, "changes weapons: %s in hand",
				 u->def->weapons[w].weapon->name);
			bs1e_note(b, g, msg, "[8.2]");
		}
		/* [11.7] set spears need a spear or pike in hand */
		bs1e_special_hold(b, g);
	}
}

void bs1e_phase_melee(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	int np = 0, nh = 0;
	int was_routed_mask[BS1E_MAX_UNITS];
	change_weapons(b);
	for (int g = 0; g < b->nunits; g++) {
		s->ux[g].figs_phase = b->units[g].figures;
		memset(s->ux[g].used, 0, sizeof s->ux[g].used);
		s->ux[g].attacked = 0;
		was_routed_mask[g] = bs1e_routed(b, g);
	}
	/* the melees, listed Side A's units in order, each with the enemies
	 * it touches in order, then the other sides' (RULING R-127: the list
	 * the order of R-377 is made from) */
	for (int i = 0; i < b->nsides; i++) {
		int side = b->side_order[i];
		for (int g = b->side_first[side];
		     g < b->side_first[side] + b->sc->sides[side].nunits; g++)
			/* issue 13 part 2: the units near g, in order */
			for (int h = bs1e_near_next(b, g, -1); h < b->nunits;
			     h = bs1e_near_next(b, g, h))
				if (b->units[h].side != side &&
				    bs1e_contact(b, g, h, NULL))
					if (!npairs_add(s, &np, g, h))
						bs1e_note(b, g,
							  "too many melees: "
							  "one left out",
							  "[8.0]");
	}
	/* [13.9] RULING R-579: mindless undead out of command "will fight
	 * any opponents or friendly forces in its path": the friends it
	 * walked into this Game Round, a melee of the two as with an enemy
	 * (both strike) */
	for (int g = 0; g < b->nunits; g++) {
		int h = bs1e_rampage_target(b, g);
		if (h >= 0 && !npairs_add(s, &np, g, h))
			bs1e_note(b, g, "too many melees: one left out",
				  "[8.0]");
	}
	/* [1.6 B] "All combat involving one unit or opponent must be
	 * resolved before moving to the next combat": RULING R-377, the
	 * order Side A's controller chooses when it keeps to that, else the
	 * rules' own */
	int *order = s->order;
	melee_order(b, np, order);
	/* "In each combat, Side A attacks first, followed by Side B"; all
	 * melee is simultaneous [8.0]: losses wait for the end */
	for (int i = 0; i < np; i++) {
		const struct bs1e_pair *pr = &s->pairs[order[i]];
		int a = pr->a, d = pr->b;
		if (bs1e_set_against_charge(b, d, a))
			set_spears_melee(b, d, a, &nh);
		else if (bs1e_set_against_charge(b, a, d))
			set_spears_melee(b, a, d, &nh);
		else {
			fight(b, a, d, &nh, -1);
			fight(b, d, a, &nh, -1);
		}
	}
	/* [9.4] the heroes' and commanders' melee (r09_individual.c): after
	 * the units' melees (RULING R-511), before any loss is removed */
	bs1e_indivs_melee(b, &nh);
	/* [8.4 G] "After both players have completed their attacks, remove
	 * all figures killed on both sides": every unit's losses, then the
	 * checks they call for, unit by unit in order */
	struct bs1e_hit mine[64];
	int share[64], before[BS1E_MAX_UNITS], took[BS1E_MAX_UNITS];
	for (int g = 0; g < b->nunits; g++) {
		int k = 0, all = 0;
		/* [11.7] hits removed already count from the phase's start */
		before[g] = s->ux[g].figs_phase;
		for (int i = 0; i < nh && k < 64; i++)
			if (s->hits[i].to == g) {
				all++;
				if (!s->hits[i].applied)
					mine[k++] = s->hits[i];
			}
		took[g] = all;
		if (k == 0)
			continue;
		losses(b, g, mine, k, share, "melee", "[8.7]");
		for (int i = 0, j = 0; i < nh && j < k; i++)
			if (s->hits[i].to == g && !s->hits[i].applied)
				s->hits[i].share = share[j++];
	}
	/* [9.4 A] the figures' damage to the individuals is taken */
	bs1e_indivs_melee_end(b);
	for (int g = 0; g < b->nunits; g++) {
		int k = 0;
		if (took[g] == 0)
			continue;
		for (int i = 0; i < nh && k < 64; i++)
			if (s->hits[i].to == g) {
				share[k] = s->hits[i].share;
				mine[k++] = s->hits[i];
			}
		checks(b, g, mine, k, share, before[g], was_routed_mask[g]);
	}
	/* [6.4] a routed unit attacked that took no loss routs again too */
	for (int g = 0; g < b->nunits; g++)
		if (was_routed_mask[g] && s->ux[g].attacked && took[g] == 0 &&
		    bs1e_in_play(b, g)) {
			int from = -1;
			for (int h = bs1e_near_next(b, g, -1);
			     h < b->nunits && from < 0;
			     h = bs1e_near_next(b, g, h))
				if (b->units[h].side != b->units[g].side &&
				    bs1e_contact(b, g, h, NULL))
					from = h;
			struct bs_vec cause = from >= 0 ? bs1e_centre(b, from)
							: bs1e_centre(b, g);
			bs1e_rout(b, g, &cause, 0, "attacked: routs again");
		}
	/* end of phase: Table 5 contact with undead or level drainers, and
	 * with creatures it cannot harm [13.3] [13.5], one check each */
	for (int g = 0; g < b->nunits; g++) {
		if (!bs1e_in_play(b, g) || bs1e_routed(b, g))
			continue;
		int dr = 0, un = 0, from = -1;
		for (int h = bs1e_near_next(b, g, -1); h < b->nunits;
		     h = bs1e_near_next(b, g, h)) {
			if (b->units[h].side == b->units[g].side ||
			    !bs1e_contact(b, g, h, NULL))
				continue;
			if (b->units[h].r.undead || b->units[h].r.level_drain)
				dr = 1, from = h;
			if (b->units[h].r.magic_to_hit &&
			    !s->ux[g].magic_weapon)
				un = 1, from = h;
		}
		/* RULING R-733: an enemy individual standing alone touching
		 * it counts as such a creature does */
		struct bs_vec icause = {0, 0};
		unsigned im = bs1e_indiv_contact_marks(b, g, &icause);
		if (im & (BS1E_IC_UNDEAD | BS1E_IC_DRAIN))
			dr = 1;
		if (im & BS1E_IC_UNHARMABLE)
			un = 1;
		if (!dr && !un)
			continue;
		struct bs_vec cause = from >= 0 ? bs1e_centre(b, from) : icause;
		if (dr)
			bs1e_morale_check(
			    b, g, 1u << BS1E_T5_UNDEAD_OR_DRAINER_CONTACT, 0,
			    cause, "[4.4 T5] [13.5]");
		if (un && bs1e_in_play(b, g) && !bs1e_routed(b, g))
			bs1e_morale_check(b, g,
					  1u << BS1E_T5_UNHARMABLE_CONTACT, 0,
					  cause, "[4.4 T5] [13.3]");
	}
	/* [7.11] "At the end of melee, a unit that has used wrap-around
	 * movement is automatically considered to be in open formation" */
	for (int g = 0; g < b->nunits; g++) {
		struct bs_unit_state *u = &b->units[g];
		if (!bs1e_in_play(b, g) || u->wrap_tside < 0)
			continue;
		int t = bs1e_g(b, u->wrap_tside, u->wrap_tunit);
		if (u->flags & BS_UF_WRAPPED)
			bs1e_change_formation(b, g, BS_FORM_OPEN, 1,
					      "after wrap-around movement",
					      "[7.11]");
		if (!bs1e_contact(b, g, t, NULL)) {
			u->wrap_tside = u->wrap_tunit = -1;
			u->wrap_files[0] = u->wrap_files[1] = 0;
		}
	}
}
