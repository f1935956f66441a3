/* The roster sheets of a 1E scenario as JSON (docs/ROSTER-JSON.md): the
 * Army Roster Sheet [3.1] of every unit and the Heroes and Commanders
 * Roster Sheet [3.2] of every individual, each rated number with its
 * derivation, in the exact shape of `battlesim roster --json`, for the
 * battle map (issue 7) to show on hover. Sections: [3.1] [3.2]. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_roster.h"
#include "battlesim/report.h"
#include "battlesim/spell.h"

static const char *const mounting_name[] = {"foot", "cavalry", "chariot"};
static const char *const save_name[BS_SAVE__COUNT] = {"PPD", "P/P", "RSW", "BW",
						      "Sp"};
static const char *const save_key[BS_SAVE__COUNT] = {"ppd", "pp", "rsw", "bw",
						     "sp"};
static const char *const ability_key[BS_ABILITY__COUNT] = {"str", "int", "wis",
							   "dex", "con", "cha"};

/* A number kept in tenths: an integer when whole, else a real. */
static json_t *tenths_json(int tenths)
{
	if (tenths % 10 == 0)
		return json_integer(tenths / 10);
	return json_real(tenths / 10.0);
}

static json_t *amount_json(int v, int tenths)
{
	return tenths ? tenths_json(v) : json_integer(v);
}

static json_t *term_json(int amount, const char *label, const char *cite,
			 int tenths)
{
	json_t *t = json_object();
	json_object_set_new(t, "amount", amount_json(amount, tenths));
	json_object_set_new(t, "label", json_string(label ? label : ""));
	json_object_set_new(t, "cite", cite ? json_string(cite) : json_null());
	return t;
}

static json_t *terms_json(const struct bs_term *t, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(
		    a, term_json(t[i].amount, t[i].label, t[i].cite, 0));
	return a;
}

/* {"value", "derivation", "base", "terms", "cite"} */
static json_t *num_json(const struct bs_deriv *d, const char *name, int tenths)
{
	char buf[1024];
	json_t *o = json_object();
	json_object_set_new(o, "value", amount_json(d->value, tenths));
	json_object_set_new(
	    o, "derivation",
	    json_string(bs_deriv_text(d, name, tenths, buf, sizeof buf)));
	json_object_set_new(o, "base",
			    /* the base comes from the rule of the whole
			     * derivation unless it names its own */
			    term_json(d->base, d->base_label,
				      d->base_cite ? d->base_cite : d->cite,
				      tenths));
	json_t *t = json_array();
	for (int i = 0; i < d->nterms; i++)
		json_array_append_new(t, term_json(d->term[i].amount,
						   d->term[i].label,
						   d->term[i].cite, tenths));
	json_object_set_new(o, "terms", t);
	json_object_set_new(o, "cite",
			    d->cite ? json_string(d->cite) : json_null());
	return o;
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *dice_json(const struct bs_dice *d)
{
	char b[96];
	return json_string(bs_dice_format(d, b, sizeof b));
}

static json_t *damage_json(const struct bs1e_damage *d)
{
	char b[256];
	json_t *o = json_object();
	json_object_set_new(o, "vs_sm",
			    json_string(bs1e_damage_text(d, 0, b, sizeof b)));
	json_object_set_new(o, "vs_l",
			    json_string(bs1e_damage_text(d, 1, b, sizeof b)));
	json_t *a = json_array();
	for (int i = 0; i < d->nsrc; i++) {
		json_t *s = json_object();
		json_object_set_new(s, "label", json_string(d->src[i].label));
		json_object_set_new(s, "times", json_integer(d->src[i].times));
		json_object_set_new(s, "vs_sm", dice_json(&d->src[i].vs_sm));
		json_object_set_new(s, "vs_l", dice_json(&d->src[i].vs_l));
		json_array_append_new(a, s);
	}
	json_object_set_new(o, "sources", a);
	json_object_set_new(o, "cite", str_or_null(d->cite));
	return o;
}

static json_t *component_json(const struct bs1e_component *k)
{
	char h[24];
	json_t *o = json_object();
	json_object_set_new(o, "name", json_string(k->name));
	json_object_set_new(o, "count", json_integer(k->count));
	json_object_set_new(o, "hd",
			    json_string(bs1e_hd_text(k->hd, h, sizeof h)));
	json_object_set_new(o, "ac", json_integer(k->ac));
	json_object_set_new(o, "thac0", json_integer(k->thac0));
	json_object_set_new(o, "weapon_plus", json_integer(k->plus));
	json_object_set_new(o, "mv", json_integer(k->mv));
	json_object_set_new(o, "size", json_string(bs_size_name[k->size]));
	json_object_set_new(o, "damage", damage_json(&k->dmg));
	return o;
}

static json_t *unit_json(const struct bs_side *sd,
			 const struct bs1e_unit_sheet *u)
{
	const struct bs_unit *x = u->unit;
	char buf[256];
	json_t *o = json_object();
	json_object_set_new(o, "name", json_string(x->name));
	json_object_set_new(o, "type", json_string(bs_unit_type_name[x->type]));
	json_object_set_new(o, "commander", str_or_null(u->commander));
	json_object_set_new(o, "deputy", str_or_null(u->deputy));
	json_t *mem = json_array();
	for (int i = 0; i < x->nmembers; i++)
		json_array_append_new(
		    mem, json_string(sd->individuals[x->members[i]].name));
	json_object_set_new(o, "members", mem);
	json_object_set_new(o, "figures", json_integer(x->figures));
	json_t *ratio = num_json(&u->ratio, "Ratio", 0);
	snprintf(buf, sizeof buf, "%d:1", u->ratio.value);
	json_object_set_new(ratio, "text", json_string(buf));
	json_object_set_new(o, "ratio", ratio);
	json_t *size = json_object();
	json_object_set_new(size, "value", json_string(bs_size_name[u->size]));
	snprintf(buf, sizeof buf, "Size %s = %s [3.1]", bs_size_name[u->size],
		 u->size_why);
	json_object_set_new(size, "derivation", json_string(buf));
	json_object_set_new(o, "size", size);
	json_t *base = json_object();
	json_object_set_new(base, "value", json_string(u->base_label));
	json_object_set_new(base, "row",
			    json_string(bs1e_table2[u->base].adnd_size));
	if (u->mounting == BS1E_CHARIOT)
		snprintf(buf, sizeof buf, "Base %s = Table 2 %s [2.3 T2]",
			 u->base_label, u->base_why);
	else
		snprintf(buf, sizeof buf, "Base %s = Table 2 %s: %s [2.3 T2]",
			 u->base_label, bs1e_table2[u->base].adnd_size,
			 u->base_why);
	json_object_set_new(base, "derivation", json_string(buf));
	json_object_set_new(base, "cite", json_string("[2.3 T2]"));
	json_object_set_new(o, "base", base);
	json_object_set_new(o, "ac", num_json(&u->ac, "AC", 0));
	json_object_set_new(o, "hd", num_json(&u->hd, "HD", 1));
	json_object_set_new(o, "hd_per_figure",
			    num_json(&u->hd_fig, "HD/fig", 1));
	json_object_set_new(o, "mv", num_json(&u->mv, "MV", 0));
	json_object_set_new(o, "thac0", num_json(&u->thac0, "THAC0", 0));
	json_object_set_new(o, "ar", num_json(&u->ar, "AR", 0));
	json_object_set_new(o, "ar_modifiers",
			    terms_json(u->ar_mods, u->nar_mods));
	json_object_set_new(o, "ml", num_json(&u->ml, "ML", 0));
	json_object_set_new(o, "ml_modifiers",
			    terms_json(u->ml_mods, u->nml_mods));
	json_object_set_new(o, "dl", num_json(&u->dl, "DL", 0));
	json_object_set_new(o, "damage", damage_json(&u->damage));
	json_t *ws = json_array();
	for (int i = 0; i < u->nweapons; i++) {
		const struct bs1e_weapon_sheet *w = &u->weapons[i];
		json_t *j = json_object();
		json_object_set_new(j, "name", json_string(w->name));
		json_object_set_new(j, "in_hand", json_boolean(w->in_hand));
		json_object_set_new(
		    j, "kind",
		    json_string(w->kind == BS_WEAPON_MISSILE   ? "missile"
				: w->kind == BS_WEAPON_NATURAL ? "natural"
							       : "melee"));
		json_object_set_new(j, "vs_sm", dice_json(&w->vs_sm));
		json_object_set_new(j, "vs_l", dice_json(&w->vs_l));
		json_object_set_new(j, "ar", num_json(&w->ar, "AR", 0));
		json_array_append_new(ws, j);
	}
	json_object_set_new(o, "weapons", ws);
	json_object_set_new(o, "mounting",
			    json_string(mounting_name[u->mounting]));
	if (u->mounting != BS1E_ON_FOOT) {
		json_t *m = json_object();
		int cav = u->mounting == BS1E_CAVALRY;
		json_object_set_new(m, cav ? "rider" : "passengers",
				    component_json(&u->rider));
		json_object_set_new(m, cav ? "mount" : "pullers",
				    component_json(&u->mount));
		json_object_set_new(m, "cite",
				    json_string(cav ? "[11.2]" : "[11.3]"));
		json_object_set_new(o, cav ? "cavalry" : "chariot", m);
	}
	return o;
}

/* [14.1] a caster's spells: per list he casts from, the spells per day
 * (null: not in the tables, RULING R-561) and the spells memorized; NULL
 * for an individual who casts none. */
static json_t *spells_json(const struct bs_individual *ind)
{
	unsigned unknown;
	unsigned on = bs_individual_cast_lists(ind, &unknown);
	if (on == 0)
		return NULL;
	json_t *lists = json_array();
	for (int l = 0; l < BS_SPCLASS__COUNT; l++) {
		int slots[BS1E_SPELL_LEVELS];
		if (!((on >> l) & 1))
			continue;
		bs_individual_spell_slots(ind, (enum bs_spell_class)l, slots);
		json_t *o = json_object();
		json_object_set_new(o, "list",
				    json_string(bs_spell_class_name[l]));
		json_t *pd = json_null();
		if (!((unknown >> l) & 1)) {
			pd = json_array();
			for (int k = 0; k < BS1E_SPELL_LEVELS; k++)
				json_array_append_new(pd,
						      json_integer(slots[k]));
		}
		json_object_set_new(o, "per_day", pd);
		json_t *mem = json_array();
		for (int i = 0; i < ind->nspells; i++) {
			const struct bs_memorized *m = &ind->spells[i];
			if ((int)m->spell->cls != l)
				continue;
			json_t *e = json_object();
			json_object_set_new(e, "name",
					    json_string(m->spell->name));
			json_object_set_new(e, "level",
					    json_integer(m->spell->level));
			json_object_set_new(e, "count", json_integer(m->count));
			json_array_append_new(mem, e);
		}
		json_object_set_new(o, "memorized", mem);
		json_array_append_new(lists, o);
	}
	json_t *o = json_object();
	json_object_set_new(o, "default", json_boolean(ind->spells_default));
	json_object_set_new(o, "lists", lists);
	json_object_set_new(o, "cite", json_string("[14.1]"));
	return o;
}

/* [14.20] the items he carries, in the scenario's order: `{"name"}`, and
 * for a wand, staff or rod of the spell catalog also the spell it holds,
 * its caster level and the charges it starts the battle with (RULING
 * `charges_ruled` when the scenario gives none, R-681); NULL when
 * he carries none. */
static json_t *items_json(const struct bs_scenario *s,
			  const struct bs_individual *ind)
{
	if (ind->nitems <= 0)
		return NULL;
	json_t *a = json_array();
	for (int i = 0; i < ind->nitems; i++) {
		json_t *e = json_object();
		json_object_set_new(e, "name", json_string(ind->items[i]));
		const struct bs_spell *rec = bs_scenario_item(s, ind->items[i]);
		if (rec) {
			json_object_set_new(
			    e, "kind",
			    json_string(bs_magic_kind_name[rec->kind]));
			json_object_set_new(e, "spell",
					    rec->as ? json_string(rec->as->name)
						    : json_null());
			json_object_set_new(e, "caster_level",
					    json_integer(rec->item_level));
			json_object_set_new(e, "charges",
					    json_integer(bs_item_charges(
						rec, ind->item_charges[i])));
			json_object_set_new(
			    e, "charges_ruled",
			    json_boolean(ind->item_charges[i] < 0));
			json_object_set_new(e, "played",
					    json_boolean(bs_spell_played(rec)));
		}
		json_array_append_new(a, e);
	}
	return a;
}

static json_t *indiv_json(const struct bs_scenario *s, const struct bs_side *sd,
			  const struct bs1e_indiv_sheet *x)
{
	const struct bs_individual *ind = x->ind;
	json_t *o = json_object();
	json_object_set_new(o, "name", json_string(ind->name));
	json_object_set_new(o, "race_class_level",
			    json_string(x->race_class_level));
	json_object_set_new(o, "race",
			    json_string(ind->race ? ind->race->name : "human"));
	json_t *cl = json_array();
	for (int i = 0; i < ind->nclasses; i++) {
		json_t *c = json_object();
		json_object_set_new(c, "class", json_string(ind->cls[i]));
		json_object_set_new(c, "level", json_integer(ind->level[i]));
		json_array_append_new(cl, c);
	}
	json_object_set_new(o, "classes", cl);
	json_object_set_new(o, "mr", json_integer(x->mr));
	json_object_set_new(o, "command_rank", json_string(x->rank));
	json_object_set_new(o, "rank", json_string(bs_rank_name[ind->rank]));
	json_object_set_new(o, "role", json_string(bs_role_name[ind->role]));
	json_object_set_new(o, "member_of",
			    x->member_of >= 0
				? json_string(sd->units[x->member_of].name)
				: json_null());
	json_t *ab = json_object();
	for (int i = 0; i < BS_ABILITY__COUNT; i++)
		json_object_set_new(ab, ability_key[i],
				    x->ability[i] > 0
					? json_integer(x->ability[i])
					: json_null());
	json_object_set_new(o, "abilities", ab);
	json_t *sv = json_object();
	for (int i = 0; i < BS_SAVE__COUNT; i++)
		json_object_set_new(sv, save_key[i],
				    num_json(&x->save[i], save_name[i], 0));
	json_object_set_new(o, "saves", sv);
	json_object_set_new(o, "ac", num_json(&x->ac, "AC", 0));
	json_object_set_new(o, "hd", num_json(&x->hd, "HD", 1));
	json_object_set_new(o, "hp", json_integer(x->hp));
	if (ind->hp <= 0) /* RULING R-504: averaged, with its derivation */
		json_object_set_new(o, "hp_averaged",
				    num_json(&x->hp_d, "hp", 0));
	json_object_set_new(o, "mv", num_json(&x->mv, "MV", 0));
	json_object_set_new(o, "thac0", num_json(&x->thac0, "THAC0", 0));
	json_object_set_new(o, "ar", num_json(&x->ar, "AR", 0));
	json_object_set_new(o, "cr", num_json(&x->cr, "CR", 0));
	json_object_set_new(o, "cb", num_json(&x->cb, "CB", 0));
	/* RULING R-700: "weapon" the one of his sheet (his melee weapon,
	 * else his first), "weapons" all of them */
	const struct bs_unit_weapon *sw = bs_individual_sheet_weapon(ind);
	if (sw) {
		json_t *w = json_object();
		json_object_set_new(w, "name", json_string(sw->weapon->name));
		json_object_set_new(w, "plus", json_integer(sw->plus));
		json_object_set_new(o, "weapon", w);
	} else {
		json_object_set_new(o, "weapon", json_null());
	}
	if (ind->weapons_listed) {
		json_t *ws = json_array();
		for (int k = 0; k < ind->nweapons; k++) {
			json_t *w = json_object();
			json_object_set_new(
			    w, "name",
			    json_string(ind->weapons[k].weapon->name));
			json_object_set_new(w, "plus",
					    json_integer(ind->weapons[k].plus));
			json_array_append_new(ws, w);
		}
		json_object_set_new(o, "weapons", ws);
	}
	json_t *sp = spells_json(ind);
	if (sp)
		json_object_set_new(o, "spells", sp);
	/* [14.1] RULING: the spells pre-cast (absent: none) */
	if (ind->nprecast > 0) {
		json_t *pa = json_array();
		for (int k = 0; k < ind->nprecast; k++) {
			const struct bs_precast *pc = &ind->precast[k];
			json_t *e = json_object();
			json_object_set_new(e, "spell",
					    json_string(pc->spell->name));
			json_object_set_new(
			    e, "target",
			    json_string(bs_precast_target(s, ind, pc)));
			json_object_set_new(e, "cast_rounds",
					    json_integer(pc->rounds));
			json_array_append_new(pa, e);
		}
		json_object_set_new(o, "precast", pa);
	}
	json_t *it = items_json(s, ind);
	if (it)
		json_object_set_new(o, "items", it);
	return o;
}

json_t *bs_report_roster_json(const struct bs_scenario *s)
{
	if (!s || s->rules != BS_RULES_BS1E)
		return NULL;
	struct bs1e_roster *r = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st = bs1e_roster_new(s, &r, &d);
	bs_diags_release(&d);
	if (st != BS_OK)
		return NULL;
	json_t *root = json_object();
	json_object_set_new(root, "scenario", json_string(s->name));
	json_object_set_new(root, "rules",
			    json_string(bs_rules_name[s->rules]));
	json_object_set_new(root, "level",
			    json_string(bs_level_name[s->level]));
	json_object_set_new(root, "game", json_string(bs_game_name[s->game]));
	json_t *sides = json_array();
	for (int i = 0; i < r->nsides; i++) {
		const struct bs1e_side_sheet *ss = &r->sides[i];
		json_t *sj = json_object();
		json_object_set_new(sj, "name", json_string(ss->side->name));
		json_object_set_new(sj, "edge",
				    json_string(bs_edge_name[ss->side->edge]));
		json_t *us = json_array();
		for (int u = 0; u < ss->nunits; u++)
			json_array_append_new(
			    us, unit_json(ss->side, &ss->units[u]));
		json_object_set_new(sj, "units", us);
		json_t *is = json_array();
		for (int k = 0; k < ss->nindivs; k++)
			json_array_append_new(
			    is, indiv_json(s, ss->side, &ss->indivs[k]));
		json_object_set_new(sj, "individuals", is);
		json_t *ns = json_array();
		for (int n = 0; n < ss->nnotes; n++)
			json_array_append_new(ns, json_string(ss->notes[n]));
		json_object_set_new(sj, "notes", ns);
		json_array_append_new(sides, sj);
	}
	json_object_set_new(root, "sides", sides);
	bs1e_roster_free(r);
	return root;
}
