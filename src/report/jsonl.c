/* JSON Lines rendering of the event stream: one compact JSON object per
 * event, keys in a fixed order (docs/EVENTS.md is the schema): "type",
 * "round", "phase", the actor, the target, the fields of the event type
 * (dice, derivations with their terms and cites, numbers in inches), and
 * "cite" last. Sections: the rule of each event type ([1.0]-[9.1]). */
#include "battlesim/report.h"

#include <jansson.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_tables.h"
#include "battlesim/controller.h"
#include "battlesim/spell.h"
#include "battlesim/tabletop.h"
#include "report/report_int.h"

/* A string value; NULL -> null; bytes that are not UTF-8 become '?'. */
static json_t *jstr(const char *s)
{
	if (!s)
		return json_null();
	json_t *j = json_string(s);
	if (j)
		return j;
	char buf[BS_REPORT_LINE_MAX];
	size_t n = 0;
	for (; s[n] && n + 1 < sizeof buf; n++)
		buf[n] = (unsigned char)s[n] < 0x80 ? s[n] : '?';
	buf[n] = '\0';
	return json_string(buf);
}

/* Inches kept in tenths: an integer when whole (9), else a real (8.5). */
static json_t *jtenths(int t)
{
	if (t % 10 == 0)
		return json_integer(t / 10);
	return json_real(t / 10.0);
}

/* A position or facing, rounded to tenths. */
static json_t *jplace(double x)
{
	return jtenths(bs_report_tenths(x));
}

static void set(json_t *o, const char *key, json_t *v)
{
	json_object_set_new(o, key, v);
}

/* {"value":..,"text":..,"base":..,"base_label":..,"terms":[{"amount":..,
 * "label":..,"cite":..}],"cite":..}; amounts in inches when `tenths`. */
static json_t *jderiv(const struct bs_deriv *d, const char *name, int tenths)
{
	char buf[BS_REPORT_LINE_MAX];
	json_t *o = json_object();
	if (!o)
		return NULL;
	set(o, "value", tenths ? jtenths(d->value) : json_integer(d->value));
	set(o, "text", jstr(bs_deriv_text(d, name, tenths, buf, sizeof buf)));
	set(o, "base", tenths ? jtenths(d->base) : json_integer(d->base));
	set(o, "base_label", jstr(d->base_label));
	json_t *terms = json_array();
	int n = d->nterms < BS_DERIV_MAX_TERMS ? d->nterms : BS_DERIV_MAX_TERMS;
	for (int i = 0; i < n; i++) {
		const struct bs_term *t = &d->term[i];
		json_t *jt = json_object();
		set(jt, "amount",
		    tenths ? jtenths(t->amount) : json_integer(t->amount));
		set(jt, "label", jstr(t->label));
		set(jt, "cite", jstr(t->cite));
		json_array_append_new(terms, jt);
	}
	set(o, "terms", terms);
	set(o, "cite", jstr(d->cite));
	return o;
}

/* "dice":[..],"die_sides":N (and "roll": the sum when with_sum). */
static void set_dice(json_t *o, const struct bs_event *ev, int with_sum)
{
	json_t *a = json_array();
	int n = ev->ndice < BS_EV_MAX_DICE ? ev->ndice : BS_EV_MAX_DICE;
	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer(ev->dice[i]));
	set(o, "dice", a);
	set(o, "die_sides", json_integer(ev->die_sides));
	if (with_sum)
		set(o, "roll", json_integer(bs_report_dice_sum(ev)));
}

/* The actor keys: side, unit, unit_name, indiv, indiv_name (each when
 * set). */
static void set_actor(json_t *o, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	if (ev->side < 0)
		return;
	set(o, "side", json_integer(ev->side));
	if (ev->unit >= 0) {
		set(o, "unit", json_integer(ev->unit));
		const char *n = bs_report_unit_name(sc, ev->side, ev->unit);
		if (n)
			set(o, "unit_name", jstr(n));
	}
	if (ev->indiv >= 0) {
		set(o, "indiv", json_integer(ev->indiv));
		const char *n = bs_report_indiv_name(sc, ev->side, ev->indiv);
		if (n)
			set(o, "indiv_name", jstr(n));
	}
}

static void set_target(json_t *o, const struct bs_scenario *sc,
		       const struct bs_event *ev)
{
	if (ev->tside < 0)
		return;
	set(o, "target_side", json_integer(ev->tside));
	if (ev->tunit >= 0) {
		set(o, "target_unit", json_integer(ev->tunit));
		const char *n = bs_report_unit_name(sc, ev->tside, ev->tunit);
		if (n)
			set(o, "target_name", jstr(n));
	}
	/* issue 15: a target individual */
	if (ev->tindiv >= 0) {
		set(o, "target_indiv", json_integer(ev->tindiv));
		const char *n = bs_report_indiv_name(sc, ev->tside, ev->tindiv);
		if (n)
			set(o, "target_name", jstr(n));
	}
}

static const char *const role_key[BS_ROLE__COUNT] = {
    [BS_ROLE_COMMANDER] = "commander",
    [BS_ROLE_HERO] = "hero",
    [BS_ROLE_MEMBER] = "member",
};

static void set_side_name(json_t *o, const char *key,
			  const struct bs_scenario *sc, int s)
{
	const char *n = bs_report_side_name(sc, s);
	if (n)
		set(o, key, jstr(n));
}

static void set_from_to(json_t *o, const struct bs_event *ev)
{
	set(o, "x0", jplace(ev->x0));
	set(o, "y0", jplace(ev->y0));
	set(o, "facing0", jtenths(bs_report_facing_tenths(ev->f0)));
	set(o, "x1", jplace(ev->x1));
	set(o, "y1", jplace(ev->y1));
	set(o, "facing1", jtenths(bs_report_facing_tenths(ev->f1)));
}

static json_t *jformation(int f)
{
	return bs_report_in(f, BS_FORM__COUNT) ? jstr(bs_formation_name[f])
					       : json_integer(f);
}

/* The numbers an event without keys of its own shows as "n". */
#define GENERIC_N 8
_Static_assert(GENERIC_N <= BS_EV_MAX_N, "n has room");

/* [8.4] the numbers of an attack or a volley, in this order: figures, ar,
 * ac, the dice, attack_roll, column, hd_per_figure, hd_total, killed,
 * wounded. */
static void set_attack(json_t *o, const struct bs_event *ev)
{
	const int *n = ev->n;
	set(o, "figures", json_integer(n[0]));
	if (ev->has_deriv)
		set(o, "ar", jderiv(&ev->deriv, "AR", 0));
	set(o, "ac", json_integer(n[1]));
	set_dice(o, ev, 0);
	set(o, "attack_roll", json_integer(n[2]));
	set(o, "column", jstr(ev->what));
	set(o, "hd_per_figure", jtenths(n[3]));
	set(o, "hd_total", jtenths(n[4]));
	set(o, "killed", json_integer(n[5]));
	set(o, "wounded", json_integer(n[6]));
}

/* The keys of each event type, after the actor and the target. */
static void set_fields(json_t *o, const struct bs_scenario *sc,
		       const struct bs_event *ev)
{
	const int *n = ev->n;
	switch (ev->type) {
	case BS_EV_BATTLE_START:
		set(o, "scenario", jstr(ev->what));
		if (sc && bs_report_in((int)sc->rules, BS_RULES__COUNT))
			set(o, "rules", jstr(bs_rules_name[sc->rules]));
		if (sc && bs_report_in((int)sc->level, BS_LEVEL__COUNT))
			set(o, "level", jstr(bs_level_name[sc->level]));
		set(o, "seed", json_integer(n[0]));
		set(o, "sides", json_integer(n[1]));
		if (sc) {
			json_t *a = json_array();
			for (int s = 0; s < sc->nsides; s++)
				json_array_append_new(a,
						      jstr(sc->sides[s].name));
			set(o, "side_names", a);
		}
		break;
	case BS_EV_DEPLOY:
		set(o, "x", jplace(ev->x1));
		set(o, "y", jplace(ev->y1));
		set(o, "facing", jtenths(bs_report_facing_tenths(ev->f1)));
		if (ev->unit >= 0) {
			set(o, "figures", json_integer(n[0]));
			set(o, "files", json_integer(n[1]));
			set(o, "formation", jformation(n[2]));
		} else if (n[0] > 0) {
			/* the Intermediate Game: a figure [9.4] */
			set(o, "hp", json_integer(n[0]));
			if (bs_report_in(n[3], BS_ROLE__COUNT))
				set(o, "role", jstr(role_key[n[3]]));
			if (bs_report_in(n[4], BS_RANK__COUNT))
				set(o, "rank", jstr(bs_rank_name[n[4]]));
		}
		break;
	case BS_EV_ROUND:
		set(o, "number", json_integer(n[0]));
		break;
	case BS_EV_PHASE:
		break;
	case BS_EV_INITIATIVE:
		set_dice(o, ev, 0);
		set(o, "rerolls", json_integer(n[1]));
		set(o, "side_a", json_integer(n[0]));
		set_side_name(o, "side_a_name", sc, n[0]);
		if (sc && sc->nsides > 2) { /* [1.1] Side A, B, C... */
			json_t *a = json_array();
			for (int k = 0; k < sc->nsides && 2 + k < BS_EV_MAX_N;
			     k++)
				json_array_append_new(a,
						      json_integer(n[2 + k]));
			set(o, "order", a);
		}
		break;
	case BS_EV_ORDER:
		set(o, "order", jstr(ev->what));
		set(o, "kind", json_integer(n[0]));
		set(o, "steps", json_integer(n[1]));
		break;
	case BS_EV_REJECTED:
		set(o, "reason", jstr(ev->what));
		break;
	case BS_EV_OVERRIDE: /* referee mode (issue 17) */
		set(o, "text", jstr(ev->what));
		break;
	case BS_EV_SPECIAL: { /* [11.6] [11.7] (issue 15) */
		set(o, "from",
		    bs_report_in(n[0], BS_SPECIAL__COUNT)
			? jstr(bs_special_name[n[0]])
			: json_integer(n[0]));
		set(o, "to",
		    bs_report_in(n[1], BS_SPECIAL__COUNT)
			? jstr(bs_special_name[n[1]])
			: json_integer(n[1]));
		json_t *a = json_array();
		for (int e = 0; e < 4; e++)
			if (n[2] & (1 << e))
				json_array_append_new(
				    a, jstr(bs_report_edge_name[e]));
		set(o, "sides", a);
		set(o, "mv_cost", jtenths(n[3]));
		set(o, "reason", jstr(ev->what));
		break;
	}
	case BS_EV_MOVE:
		set(o, "move", jstr(ev->what));
		set_from_to(o, ev);
		set(o, "mv_cost", jtenths(n[0]));
		set(o, "mv_used", jtenths(n[2] > 0 ? n[2] : n[0]));
		set(o, "mv_allowed", jtenths(n[1]));
		if (ev->has_deriv)
			set(o, "mv",
			    jderiv(&ev->deriv, "MV",
				   ev->deriv.value * 10 != n[1]));
		break;
	case BS_EV_FORMATION:
		set(o, "from", jformation(n[0]));
		set(o, "to", jformation(n[1]));
		set(o, "files_from", json_integer(n[2]));
		set(o, "files_to", json_integer(n[3]));
		set(o, "mv_cost", jtenths(n[4]));
		set(o, "cramped", json_boolean(n[5]));
		set(o, "reason", jstr(ev->what));
		break;
	case BS_EV_CONTACT:
		set(o, "arc", jstr(ev->what));
		set(o, "edge",
		    bs_report_in(n[0], BS_ARC__COUNT) ? jstr(bs_arc_name[n[0]])
						      : json_null());
		set(o, "figures", json_integer(n[1]));
		set(o, "target_figures", json_integer(n[2]));
		break;
	case BS_EV_DISCIPLINE:
		if (ev->has_deriv)
			set(o, "dl", jderiv(&ev->deriv, "DL", 0));
		set_dice(o, ev, 1);
		set(o, "passed", json_boolean(n[0]));
		set(o, "reason",
		    bs_report_in(n[1], BS1E_T7__COUNT)
			? jstr(bs_report_t7_key[n[1]])
			: json_null());
		set(o, "outcome", jstr(ev->what));
		break;
	case BS_EV_MORALE: {
		if (ev->has_deriv)
			set(o, "ml", jderiv(&ev->deriv, "ML", 0));
		set_dice(o, ev, 1);
		set(o, "passed", json_boolean(n[0]));
		json_t *a = json_array();
		for (int i = 0; i < BS1E_T5__COUNT; i++)
			if ((unsigned)n[1] >> i & 1u)
				json_array_append_new(
				    a, jstr(bs_report_t5_key[i]));
		set(o, "reasons", a);
		set(o, "effect", jstr(ev->what));
		break;
	}
	case BS_EV_RALLY:
		set(o, "order", jstr(ev->what));
		set(o, "mob_order",
		    bs_report_in(n[1], BS_MOB__COUNT)
			? jstr(bs_mob_order_name[n[1]])
			: json_null());
		if (ev->has_deriv)
			set(o, "ml", jderiv(&ev->deriv, "ML", 0));
		set_dice(o, ev, 1);
		set(o, "rallied", json_boolean(n[0]));
		break;
	case BS_EV_COMMAND:
		set(o, "in_command", json_boolean(n[0]));
		set(o, "reason", jstr(ev->what));
		break;
	case BS_EV_ATTACK:
		set(o, "arc",
		    bs_report_in(n[7], BS_ARC__COUNT) ? jstr(bs_arc_name[n[7]])
						      : json_null());
		set_attack(o, ev);
		break;
	case BS_EV_VOLLEY: { /* issue 14 */
		static const char *const band[3] = {"short", "medium", "long"};
		set(o, "fire",
		    bs_report_in(n[8], BS_FIRE__COUNT)
			? jstr(bs_fire_kind_name[n[8]])
			: json_integer(n[8]));
		set_attack(o, ev);
		set(o, "seen", json_integer(n[7]));
		set(o, "band",
		    bs_report_in(n[9], 3) ? jstr(band[n[9]])
					  : json_integer(n[9]));
		set(o, "range", jtenths(n[10]));
		set(o, "ammo_left",
		    n[11] >= 0 ? json_integer(n[11]) : json_null());
		/* [14.7] RULING R-736 (absent: neither) */
		if (n[13])
			set(o, "bonus_damage",
			    jstr(n[13] > 0 ? "double" : "half"));
		set(o, "x0", jplace(ev->x0));
		set(o, "y0", jplace(ev->y0));
		set(o, "x1", jplace(ev->x1));
		set(o, "y1", jplace(ev->y1));
		set(o, "facing1", jtenths(bs_report_facing_tenths(ev->f1)));
		if (n[8] == BS_FIRE_PASS_THROUGH) {
			set(o, "moved", jplace(ev->f0));
			/* RULING R-606: the mover, when not the target */
			int ms, mi, mk;
			bs_ev_mover_decode(n[12], &ms, &mi, &mk);
			if (ms >= 0 && ms < sc->nsides &&
			    mi < (mk ? sc->sides[ms].nindividuals
				     : sc->sides[ms].nunits)) {
				set(o, "mover_side", json_integer(ms));
				set(o, mk ? "mover_individual" : "mover_unit",
				    json_integer(mi));
				set(o, "mover_name",
				    jstr(mk ? sc->sides[ms].individuals[mi].name
					    : sc->sides[ms].units[mi].name));
			}
		}
		break;
	}
	case BS_EV_CAST: /* issue 16 */
		set(o, "spell", jstr(ev->what));
		if (n[0] == 0) {
			/* [13.7] a breath: his hit points, breaths left */
			const struct bs_spell *rec =
			    ev->what ? bs_scenario_spell(sc, ev->what, -1)
				     : NULL;
			int breath = rec && rec->kind == BS_MAGIC_BREATH;
			set(o, "step", jstr("cast"));
			if (rec && rec->kind != BS_MAGIC_SPELL)
				set(o, "kind",
				    jstr(bs_magic_kind_name[rec->kind]));
			set(o, "spell_level", json_integer(n[1]));
			set(o, breath ? "breather_hp" : "caster_level",
			    json_integer(n[2]));
			set(o, "range", jtenths(n[3]));
			set(o, "spell_range", jtenths(n[4]));
			set(o, "failed", json_boolean(n[9]));
			set(o, "area",
			    n[5] > 0 && bs_report_in(n[5], BS_AREA__COUNT)
				? jstr(bs_area_shape_name[n[5]])
				: json_null());
			set(o, "area_a", json_real(n[6] / 100.0));
			set(o, "area_b", json_real(n[7] / 100.0));
			set(o, "hd_per_creature", jtenths(n[8]));
			set(o, "left_of_spell", json_integer(n[10]));
			set(o, "spells_left", json_integer(n[11]));
			set(o, "x0", jplace(ev->x0));
			set(o, "y0", jplace(ev->y0));
			set(o, "x1", jplace(ev->x1));
			set(o, "y1", jplace(ev->y1));
			set(o, "facing1",
			    jtenths(bs_report_facing_tenths(ev->f1)));
			/* [14.20] a wand, staff or rod: its charges left */
			if (rec && bs_spell_is_item(rec))
				set(o, "charges_left", json_integer(n[12]));
			/* [14.1] [10.6] RULING R-335: pass-through magic (the
			 * keys are absent otherwise) */
			if (n[13] == 2) {
				/* [10.5] RULING R-637: split-fire */
				set(o, "split_fire", json_true());
				set(o, "moved", jtenths(n[14]));
			} else if (n[13]) {
				int ms, mi, mk;
				bs_ev_mover_decode(n[15], &ms, &mi, &mk);
				set(o, "pass_through", json_true());
				set(o, "moved", jtenths(n[14]));
				set(o, "mover_side", json_integer(ms));
				set(o, mk ? "mover_individual" : "mover_unit",
				    json_integer(mi));
			}
		} else if (n[0] == 6 || n[0] == 7) {
			/* [14.2] RULING R-718: a spell of more than one Game
			 * Round begins, or is disrupted */
			set(o, "step",
			    jstr(n[0] == 6 ? "begins" : "disrupted"));
			if (n[0] == 6) {
				set(o, "rounds", json_integer(n[1]));
				set(o, "goes_off", json_integer(n[2]));
				set(o, "caster_level", json_integer(n[3]));
			} else {
				set(o, "began", json_integer(n[1]));
				set(o, "goes_off", json_integer(n[2]));
			}
		} else if (n[0] == 1) {
			set(o, "step", jstr("unit"));
			set(o, "figures", json_integer(n[1]));
			set(o, "hd_per_creature", jtenths(n[2]));
			set(o, "hd_per_figure", jtenths(n[3]));
			set(o, "per_figure", json_integer(n[11]));
			set(o, "save_need", json_integer(n[4]));
			set(o, "saves", json_integer(n[5]));
			set(o, "saved", json_integer(n[6]));
			set(o, "removed", json_integer(n[7]));
			set(o, "wounded", json_integer(n[8]));
			set(o, "strike",
			    bs_report_in(n[9], BS1E_STRIKE__COUNT)
				? jstr(bs1e_strike_name[n[9]])
				: json_null());
			set(o, "wholly", json_integer(n[10]));
			/* RULING R-530 [11.1]: a mounted figure's part */
			if (n[12] == 1 || n[12] == 2)
				set(o, "part",
				    jstr(n[12] == 1 ? "riders" : "steeds"));
			/* [14.7] RULING R-739: warded figures */
			if (n[13] & 1)
				set(o, "resisted", json_true());
			if (n[13] & 2)
				set(o, "warded", json_true());
			if (ev->ndice > 0)
				set_dice(o, ev, 0);
			if (ev->has_deriv)
				set(o, "save", jderiv(&ev->deriv, "save", 0));
		} else if (n[0] == 3 || n[0] == 4) {
			/* issue 16 [14.6] [14.9] an effect placed, ended */
			set(o, "step", jstr(n[0] == 3 ? "effect" : "ends"));
			set(o, "effect",
			    bs_report_in(n[1], BS_SPFX__COUNT)
				? jstr(bs_spell_effect_name[n[1]])
				: json_null());
			set(o, "marker",
			    bs_report_in(n[9], BS1E_MARKER__COUNT) && n[9]
				? jstr(bs1e_marker_name[n[9]])
				: json_null());
			set(o, "affected", json_integer(n[7]));
			/* [13.4] RULING R-714: a creature's paralysis, no
			 * caster (the key is absent for spells) */
			if (n[11] == 1)
				set(o, "source", jstr("creature"));
			if (n[0] == 4) {
				set(o, "lasted", json_integer(n[10]));
			} else {
				set(o, "creatures", json_integer(n[2]));
				set(o, "figures", json_integer(n[3]));
				set(o, "save_need", json_integer(n[4]));
				set(o, "saves", json_integer(n[5]));
				set(o, "saved", json_integer(n[6]));
				set(o, "rounds", json_integer(n[8]));
				if (ev->ndice > 0)
					set_dice(o, ev, 0);
				if (ev->has_deriv)
					set(o, "save",
					    jderiv(&ev->deriv, "save", 0));
			}
		} else if (n[0] == 5) {
			/* [3.1] [14.1] magic resistance (RULING R-646) */
			set(o, "step", jstr("magic_resistance"));
			set(o, "rolled", json_integer(n[1]));
			set(o, "resisted", json_integer(n[2]));
			set(o, "mr", json_integer(n[3]));
			set(o, "mr_base", json_integer(n[4]));
			set(o, "caster_level", json_integer(n[5]));
			if (n[6] == 1 || n[6] == 2)
				set(o, "part",
				    jstr(n[6] == 1 ? "riders" : "steeds"));
			if (ev->ndice > 0)
				set_dice(o, ev, 0);
		} else if (n[0] == 8) {
			/* [14.1] RULING: a spell pre-cast */
			set(o, "step", jstr("precast"));
			set(o, "caster_level", json_integer(n[8]));
			set(o, "order", json_integer(n[6]));
			set(o, "of", json_integer(n[7]));
			set(o, "cast_rounds", json_integer(n[1]));
			set(o, "deducted", json_integer(n[2]));
			set(o, "duration",
			    n[3] >= 0 ? json_integer(n[3]) : json_null());
			set(o, "rounds_left",
			    n[3] >= 0 && !n[5] ? json_integer(n[4])
					       : json_null());
			set(o, "used_up", json_boolean(n[5]));
		} else {
			set(o, "step", jstr("individual"));
			set(o, "hp_rolled", json_integer(n[1]));
			set(o, "save_die", json_integer(n[2]));
			set(o, "save_need", json_integer(n[7]));
			set(o, "saved", json_boolean(n[3]));
			set(o, "hp_taken", json_integer(n[4]));
			set(o, "hp_left", json_integer(n[5]));
			set(o, "killed", json_boolean(n[6]));
			/* RULING R-735: resist fire / cold (absent: not) */
			if (n[8])
				set(o, "resisted", json_true());
			if (ev->has_deriv)
				set(o, "save", jderiv(&ev->deriv, "save", 0));
		}
		break;
	case BS_EV_LOSSES:
		set(o, "removed", json_integer(n[0]));
		set(o, "wounds", json_integer(n[1]));
		set(o, "removed_by_wounds", json_integer(n[4]));
		set(o, "figures_left", json_integer(n[2]));
		set(o, "wounded_now", json_integer(n[3]));
		set(o, "reason", jstr(ev->what));
		break;
	case BS_EV_ROUT:
		set(o, "rout", jstr(ev->what));
		set_from_to(o, ev);
		set(o, "distance", jtenths(n[0]));
		set(o, "rout_distance", jtenths(n[1]));
		break;
	case BS_EV_REMOVED:
		set(o, "reason", jstr(ev->what));
		break;
	case BS_EV_FATE:
		set_dice(o, ev, 0);
		if (bs_report_in(n[0], BS1E_FATE__COUNT)) {
			set(o, "fate", jstr(bs_report_fate_key[n[0]]));
			set(o, "fate_text", jstr(bs1e_table11[n[0]].fate));
		} else {
			set(o, "fate", json_null());
		}
		break;
	/* 1E heroes and commanders (issue 15) */
	case BS_EV_ROLE:
		set(o, "change",
		    bs_report_in(n[0], BS_RA__COUNT)
			? jstr(bs_role_act_name[n[0]])
			: json_null());
		set(o, "role",
		    bs_report_in(n[1], BS_ROLE__COUNT) ? jstr(role_key[n[1]])
						       : json_null());
		set(o, "rank",
		    bs_report_in(n[2], BS_RANK__COUNT)
			? jstr(bs_rank_name[n[2]])
			: json_null());
		set(o, "reason", jstr(ev->what));
		break;
	case BS_EV_INDIV_ORDER:
		set(o, "x", jplace(ev->x1));
		set(o, "y", jplace(ev->y1));
		set(o, "points", json_integer(n[0]));
		set(o, "reason", jstr(ev->what));
		break;
	case BS_EV_INDIV_INIT:
		set_dice(o, ev, 0);
		set(o, "melee_round", json_integer(n[0]));
		set(o, "speed", json_integer(n[1]));
		break;
	case BS_EV_DUEL:
		set(o, "melee_round", json_integer(n[0]));
		set(o, "attack", json_integer(n[5]));
		set(o, "weapon", jstr(ev->what));
		set_dice(o, ev, 0);
		if (ev->has_deriv)
			set(o, "needed", jderiv(&ev->deriv, NULL, 0));
		set(o, "hit", json_boolean(n[2]));
		set(o, "damage", json_integer(n[3]));
		set(o, "damage_roll", json_integer(n[6]));
		set(o, "target_hp", json_integer(n[4]));
		if (n[7]) /* RULING R-677: an automatic hit, no d20 */
			set(o, "automatic",
			    jstr(n[7] == 2 ? "asleep" : "held"));
		if (n[8]) { /* [9.4 B] [10.0] a shot (RULING R-527) */
			set(o, "shot", json_true());
			set(o, "fire",
			    bs_report_in(n[11], BS_FIRE__COUNT)
				? jstr(bs_fire_kind_name[n[11]])
				: json_integer(n[11]));
			set(o, "band", json_integer(n[9]));
			set(o, "range", jtenths(n[10]));
		}
		break;
	case BS_EV_HERO_ATTACK:
		if (ev->has_deriv)
			set(o, "ar", jderiv(&ev->deriv, "AR", 0));
		set(o, "ac", json_integer(n[1]));
		set_dice(o, ev, 0);
		set(o, "attack_roll", json_integer(n[2]));
		set(o, "column", jstr(ev->what));
		set(o, "attacks", jtenths(n[0]));
		set(o, "hd_per_attack", jtenths(n[3]));
		set(o, "hd_total", jtenths(n[4]));
		set(o, "affects_all", json_boolean(n[7]));
		set(o, "killed", json_integer(n[5]));
		set(o, "wounded", json_integer(n[6]));
		if (n[8]) { /* [9.4 A] [10.0] a shot (RULING R-528) */
			set(o, "shot", json_true());
			set(o, "fire",
			    bs_report_in(n[11], BS_FIRE__COUNT)
				? jstr(bs_fire_kind_name[n[11]])
				: json_integer(n[11]));
			set(o, "band", json_integer(n[9]));
			set(o, "range", jtenths(n[10]));
		}
		break;
	case BS_EV_FIGURE_ATTACK:
		set(o, "figures", json_integer(n[0]));
		if (ev->has_deriv)
			set(o, "ar", jderiv(&ev->deriv, "AR", 0));
		set(o, "ac", json_integer(n[1]));
		set_dice(o, ev, 0);
		set(o, "attack_roll", json_integer(n[2]));
		set(o, "column", jstr(ev->what));
		set(o, "hd_per_figure", jtenths(n[3]));
		set(o, "hd_total", jtenths(n[4]));
		set(o, "hp", json_integer(n[5]));
		set(o, "behind", json_boolean(n[6]));
		if (n[12]) /* RULING R-677: attacked at AC 10 */
			set(o, "helpless",
			    jstr(n[12] == 2 ? "asleep" : "held"));
		if (n[8]) { /* [9.4 A] [10.0] a volley (RULING R-670) */
			set(o, "shot", json_true());
			set(o, "fire",
			    bs_report_in(n[11], BS_FIRE__COUNT)
				? jstr(bs_fire_kind_name[n[11]])
				: json_integer(n[11]));
			set(o, "band", json_integer(n[9]));
			set(o, "range", jtenths(n[10]));
			/* [14.7] RULING R-706 (absent: neither) */
			if (n[13])
				set(o, "bonus_damage",
				    jstr(n[13] > 0 ? "double" : "half"));
		}
		break;
	case BS_EV_HP:
		set(o, "hp_lost", json_integer(n[0]));
		set(o, "hp", json_integer(n[1]));
		set(o, "hp_max", json_integer(n[2]));
		set(o, "killed", json_boolean(n[3]));
		set(o, "reason", jstr(ev->what));
		break;
	case BS_EV_CAPTURE:
		set(o, "x", jplace(ev->x1));
		set(o, "y", jplace(ev->y1));
		set(o, "fate",
		    bs_report_in(n[0], BS1E_FATE__COUNT)
			? jstr(bs_report_fate_key[n[0]])
			: json_null());
		set_side_name(o, "captor_name", sc, ev->tside);
		set(o, "reason", jstr(ev->what));
		break;
	case BS_EV_TURN: /* [14.19] (issue 16) */
		set(o, "undead_type",
		    bs_report_in(n[0], BS_UNDEAD__COUNT)
			? jstr(bs_undead_type_name[n[0]])
			: json_null());
		set(o, "level", json_integer(n[1]));
		set(o, "matrix", jstr(bs1e_turn_cell_text(n[2])));
		set(o, "needed", n[2] > 0 ? json_integer(n[2]) : json_null());
		set_dice(o, ev, 0);
		set(o, "success", json_boolean(n[3]));
		set(o, "destroyed", json_boolean(n[6]));
		set(o, "undead", json_integer(n[4]));
		set(o, "figures", json_integer(n[5]));
		set(o, "figures_before", json_integer(n[7]));
		if (n[3]) {
			set(o, "number_roll", json_integer(n[8]));
			set(o, "number_sides", json_integer(n[9]));
			set(o, "number_plus", json_integer(n[10]));
			/* [14.19] RULING R-585 */
			set(o, "service",
			    jstr(n[11] == 2 ? "back"
				 : n[11]    ? "serve"
					    : "none"));
		}
		break;
	case BS_EV_END:
		set(o, "winner", json_integer(n[0]));
		if (n[0] >= 0)
			set_side_name(o, "winner_name", sc, n[0]);
		set(o, "rounds", json_integer(n[1]));
		set(o, "reason", jstr(ev->what));
		break;
	case BS_EV_NOTE:
	default: {
		set(o, "text", jstr(ev->what));
		if (ev->has_deriv)
			set(o, "deriv", jderiv(&ev->deriv, NULL, 0));
		if (ev->ndice > 0)
			set_dice(o, ev, 1);
		/* the first eight numbers (the events that carry more, from
		 * issue 14 on, have keys of their own) */
		int any = 0;
		for (int i = 0; i < GENERIC_N; i++)
			any |= n[i] != 0;
		if (any) {
			json_t *a = json_array();
			for (int i = 0; i < GENERIC_N; i++)
				json_array_append_new(a, json_integer(n[i]));
			set(o, "n", a);
		}
		break;
	}
	}
}

json_t *bs_report_json(const struct bs_scenario *sc, const struct bs_event *ev)
{
	json_t *o = json_object();
	if (!o)
		return NULL;
	int t = (int)ev->type, p = (int)ev->phase;
	set(o, "type",
	    bs_report_in(t, BS_EV__COUNT) ? jstr(bs_ev_name[t])
					  : json_integer(t));
	set(o, "round", json_integer(ev->round));
	set(o, "phase",
	    bs_report_in(p, BS_PHASE__COUNT) ? jstr(bs_phase_name[p])
					     : json_integer(p));
	if (ev->type != BS_EV_INITIATIVE && ev->type != BS_EV_END) {
		set_actor(o, sc, ev);
		set_target(o, sc, ev);
	}
	set_fields(o, sc, ev);
	if (ev->why) /* issue 14: the controller's reason */
		set(o, "why", jstr(ev->why));
	if (ev->cite)
		set(o, "cite", jstr(ev->cite));
	else if (ev->type == BS_EV_PHASE && bs_report_in(p, BS_PHASE__COUNT))
		set(o, "cite", jstr(bs_report_phase_cite[p]));
	return o;
}
