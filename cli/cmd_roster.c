/* battlesim roster [FILE] [--json]: the Army Roster Sheet [3.1] of every
 * unit and the Heroes and Commanders Roster Sheet [3.2] of every individual
 * of a scenario, each rated number followed by its derivation; --json gives
 * the same data as one JSON object (docs/ROSTER-JSON.md). */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_roster.h"
#include "cli.h"

const char cmd_roster_help[] =
    "usage: battlesim roster [FILE] [--json]\n"
    "\n"
    "Print the roster sheets of a scenario: per side, the Army Roster Sheet\n"
    "[3.1] block of every unit (name, type, commander/deputy, # FIG, ratio,\n"
    "size, base, AC, HD/fig, MV, AR and its modifiers, ML and its "
    "modifiers,\n"
    "discipline, damage, cavalry and chariot ratings) and the Heroes and\n"
    "Commanders Roster Sheet [3.2] of every individual (race/class/level, "
    "MR,\n"
    "command rank, abilities, saving throws, AC, HD, hp, THAC0, AR, command\n"
    "radius, charisma bonus). Under each rated number is its derivation "
    "with\n"
    "the rule it comes from, e.g.\n"
    "  ML 12 = 11 +1 magic equipment -1 AC 8 +1 regular [4.1 T3]\n"
    "\n"
    "Without FILE, the built-in default scenario.\n"
    "\n"
    "Options:\n"
    "  --json       print one JSON object instead (docs/ROSTER-JSON.md)\n"
    "  -h, --help   show this help\n";

static const char *const mounting_name[] = {"foot", "cavalry", "chariot"};
static const char *const save_name[BS_SAVE__COUNT] = {"PPD", "P/P", "RSW", "BW",
						      "Sp"};
static const char *const save_key[BS_SAVE__COUNT] = {"ppd", "pp", "rsw", "bw",
						     "sp"};
static const char *const ability_key[BS_ABILITY__COUNT] = {"str", "int", "wis",
							   "dex", "con", "cha"};

/* ---- text
 * ---------------------------------------------------------------------- */

static void rule(char c)
{
	for (int i = 0; i < 78; i++)
		putchar(c);
	putchar('\n');
}

/* "    NAME V = ..." */
static void dline(const struct bs_deriv *d, const char *name, int tenths)
{
	char buf[1024];
	printf("    %s\n", bs_deriv_text(d, name, tenths, buf, sizeof buf));
}

static void terms_block(const char *title, const struct bs_term *t, int n)
{
	printf("  %s\n", title);
	if (n == 0)
		printf("    none\n");
	for (int i = 0; i < n; i++)
		printf("    %+d %s %s\n", t[i].amount, t[i].label,
		       t[i].cite ? t[i].cite : "");
}

static const char *name_or_dash(const char *s)
{
	return s ? s : "-";
}

static void print_unit(const struct bs_side *sd,
		       const struct bs1e_unit_sheet *u)
{
	const struct bs_unit *x = u->unit;
	char hdf[24], dmg_sm[256], dmg_l[256], buf[1024];
	printf("Unit Name     %s\n", x->name);
	printf("Unit Type     %s%s\n", bs_unit_type_name[x->type],
	       u->mounting == BS1E_CAVALRY   ? " (cavalry)"
	       : u->mounting == BS1E_CHARIOT ? " (chariots)"
					     : "");
	printf("Commander     %s / Deputy: %s\n", name_or_dash(u->commander),
	       name_or_dash(u->deputy));
	if (x->nmembers > 0) {
		printf("Members       ");
		for (int i = 0; i < x->nmembers; i++)
			printf("%s%s", i ? ", " : "",
			       sd->individuals[x->members[i]].name);
		printf(" [9.1]\n");
	}
	printf("  %5s %6s %-4s %-13s %3s %6s %3s %3s %3s %3s\n", "# FIG",
	       "Ratio", "Size", "Base", "AC", "HD/fig", "MV", "AR", "ML", "DL");
	char ratio[16];
	snprintf(ratio, sizeof ratio, "%d:1", u->ratio.value);
	printf("  %5d %6s %-4s %-13s %3d %6s %3d %3d %3d %3d\n", x->figures,
	       ratio, bs_size_name[u->size], u->base_label, u->ac.value,
	       bs_tenths_text(u->hd_fig.value, hdf, sizeof hdf), u->mv.value,
	       u->ar.value, u->ml.value, u->dl.value);
	dline(&u->ratio, "Ratio", 0);
	printf("    Size %s = %s [3.1]\n", bs_size_name[u->size], u->size_why);
	if (u->mounting == BS1E_CHARIOT)
		printf("    Base %s = Table 2 %s [2.3 T2]\n", u->base_label,
		       u->base_why);
	else
		printf("    Base %s = Table 2 %s: %s [2.3 T2]\n", u->base_label,
		       bs1e_table2[u->base].adnd_size, u->base_why);
	dline(&u->ac, "AC", 0);
	dline(&u->hd, "HD", 1);
	dline(&u->hd_fig, "HD/fig", 1);
	dline(&u->mv, "MV", 0);
	dline(&u->thac0, "THAC0", 0);
	dline(&u->ar, "AR", 0);
	dline(&u->ml, "ML", 0);
	dline(&u->dl, "DL", 0);
	bs1e_damage_text(&u->damage, 0, dmg_sm, sizeof dmg_sm);
	bs1e_damage_text(&u->damage, 1, dmg_l, sizeof dmg_l);
	printf("    Dmg vs S-M %s; vs L %s %s\n", dmg_sm, dmg_l,
	       u->damage.cite ? u->damage.cite : "");
	if (u->mounting != BS1E_ON_FOOT) {
		const struct bs1e_component *r = &u->rider, *m = &u->mount;
		const char *rn =
		    u->mounting == BS1E_CAVALRY ? "rider" : "passengers";
		const char *mn =
		    u->mounting == BS1E_CAVALRY ? "mount" : "pullers";
		char h1[24], h2[24];
		printf("  %s [%s]\n",
		       u->mounting == BS1E_CAVALRY ? "Cavalry" : "Chariot",
		       u->mounting == BS1E_CAVALRY ? "11.2" : "11.3");
		printf("    %-10s %-24s x%d  HD %s  AC %d  THAC0 %d  MV %d\n",
		       rn, r->name, r->count,
		       bs1e_hd_text(r->hd, h1, sizeof h1), r->ac,
		       r->thac0 - r->plus, r->mv);
		printf("    %-10s %-24s x%d  HD %s  AC %d  THAC0 %d  MV %d\n",
		       mn, m->name, m->count,
		       bs1e_hd_text(m->hd, h2, sizeof h2), m->ac, m->thac0,
		       m->mv);
	}
	if (u->nweapons > 0) {
		printf("  Weapons\n");
		for (int i = 0; i < u->nweapons; i++) {
			const struct bs1e_weapon_sheet *w = &u->weapons[i];
			char a[64], b[64];
			printf("    %s%s: %s vs S-M, %s vs L; %s\n", w->name,
			       w->in_hand ? " (in hand)" : "",
			       bs_dice_format(&w->vs_sm, a, sizeof a),
			       bs_dice_format(&w->vs_l, b, sizeof b),
			       bs_deriv_text(&w->ar, "AR", 0, buf, sizeof buf));
		}
	}
	terms_block("AR Modifiers", u->ar_mods, u->nar_mods);
	terms_block("ML Modifiers", u->ml_mods, u->nml_mods);
	putchar('\n');
}

static void ability_cell(int v)
{
	if (v > 0)
		printf(" %3d", v);
	else
		printf(" %3s", "-");
}

static void print_indiv(const struct bs1e_indiv_sheet *x)
{
	const struct bs_individual *ind = x->ind;
	char hd[24], buf[1024];
	printf("Name              %s\n", ind->name);
	printf("Race/Class/Level  %s\n", x->race_class_level);
	printf("MR %%              %d\n", x->mr);
	printf("Command Rank      %s\n", x->rank);
	if (ind->weapon.weapon) {
		char a[64], b[64];
		struct bs_dice sm = ind->weapon.weapon->damage_sm,
			       l = ind->weapon.weapon->damage_l;
		for (int i = 0; i < sm.nparts; i++)
			sm.part[i].plus += ind->weapon.plus;
		for (int i = 0; i < l.nparts; i++)
			l.part[i].plus += ind->weapon.plus;
		printf("Weapon            %s", ind->weapon.weapon->name);
		if (ind->weapon.plus)
			printf(" %+d", ind->weapon.plus);
		printf(": %s vs S-M, %s vs L\n",
		       bs_dice_format(&sm, a, sizeof a),
		       bs_dice_format(&l, b, sizeof b));
	}
	printf("  %3s %3s %3s %3s %3s %3s   %3s %3s %3s %3s %3s  %3s %3s %3s "
	       "%5s %3s %3s %3s\n",
	       "S", "I", "W", "D", "Co", "Ch", "PPD", "P/P", "RSW", "BW", "Sp",
	       "AC", "HD", "hp", "THAC0", "AR", "CR", "CB");
	printf(" ");
	for (int i = 0; i < BS_ABILITY__COUNT; i++)
		ability_cell(x->ability[i]);
	printf("  ");
	for (int i = 0; i < BS_SAVE__COUNT; i++)
		printf(" %3d", x->save[i].value);
	printf("  %3d %3s %3d %5d %3d %3d %+3d\n", x->ac.value,
	       bs1e_hd_text((struct bs_hd){x->hd.value, 0}, hd, sizeof hd),
	       x->hp, x->thac0.value, x->ar.value, x->cr.value, x->cb.value);
	/* the saves share one derivation unless given one by one */
	int same = 1;
	for (int i = 1; i < BS_SAVE__COUNT; i++)
		if (strcmp(x->save[i].base_label, x->save[0].base_label) != 0)
			same = 0;
	if (same) {
		printf("    Saves");
		for (int i = 0; i < BS_SAVE__COUNT; i++)
			printf(" %s %d", save_name[i], x->save[i].value);
		printf(" = %s %s\n", x->save[0].base_label,
		       x->save[0].cite ? x->save[0].cite : "");
	} else {
		for (int i = 0; i < BS_SAVE__COUNT; i++)
			dline(&x->save[i], save_name[i], 0);
	}
	dline(&x->hd, "HD", 1);
	dline(&x->mv, "MV", 0);
	dline(&x->thac0, "THAC0", 0);
	dline(&x->ar, "AR", 0);
	dline(&x->cr, "CR", 0);
	printf("    %s\n", bs_deriv_text(&x->cb, "CB", 0, buf, sizeof buf));
	putchar('\n');
}

static void print_text(const struct bs1e_roster *r)
{
	const struct bs_scenario *s = r->scenario;
	printf("%s\n", s->name);
	printf("Roster sheets [3.1] [3.2]: %s, %s game, %s\n",
	       bs_rules_name[s->rules], bs_level_name[s->level],
	       s->game == BS_GAME_DND ? "D&D" : "AD&D");
	for (int i = 0; i < r->nsides; i++) {
		const struct bs1e_side_sheet *ss = &r->sides[i];
		putchar('\n');
		rule('=');
		printf("Side %d: %s (home edge: %s)\n", i + 1, ss->side->name,
		       bs_edge_name[ss->side->edge]);
		rule('=');
		printf("\nARMY ROSTER SHEET [3.1]\n\n");
		if (ss->nunits == 0)
			printf("(no units)\n\n");
		for (int u = 0; u < ss->nunits; u++)
			print_unit(ss->side, &ss->units[u]);
		printf("HEROES AND COMMANDERS ROSTER SHEET [3.2]\n\n");
		if (ss->nindivs == 0)
			printf("(no individuals)\n\n");
		for (int k = 0; k < ss->nindivs; k++)
			print_indiv(&ss->indivs[k]);
		if (ss->nnotes > 0) {
			printf("Notes\n");
			for (int n = 0; n < ss->nnotes; n++)
				printf("  %s\n", ss->notes[n]);
			putchar('\n');
		}
	}
}

/* ---- JSON
 * ------------------------------------------------------------------------ */

static json_t *amount_json(int v, int tenths)
{
	return tenths ? cli_json_tenths(v) : json_integer(v);
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

static json_t *indiv_json(const struct bs_side *sd,
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
	json_object_set_new(o, "mv", num_json(&x->mv, "MV", 0));
	json_object_set_new(o, "thac0", num_json(&x->thac0, "THAC0", 0));
	json_object_set_new(o, "ar", num_json(&x->ar, "AR", 0));
	json_object_set_new(o, "cr", num_json(&x->cr, "CR", 0));
	json_object_set_new(o, "cb", num_json(&x->cb, "CB", 0));
	if (ind->weapon.weapon) {
		json_t *w = json_object();
		json_object_set_new(w, "name",
				    json_string(ind->weapon.weapon->name));
		json_object_set_new(w, "plus", json_integer(ind->weapon.plus));
		json_object_set_new(o, "weapon", w);
	} else {
		json_object_set_new(o, "weapon", json_null());
	}
	return o;
}

static int print_json(const struct bs1e_roster *r)
{
	const struct bs_scenario *s = r->scenario;
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
			    is, indiv_json(ss->side, &ss->indivs[k]));
		json_object_set_new(sj, "individuals", is);
		json_t *ns = json_array();
		for (int n = 0; n < ss->nnotes; n++)
			json_array_append_new(ns, json_string(ss->notes[n]));
		json_object_set_new(sj, "notes", ns);
		json_array_append_new(sides, sj);
	}
	json_object_set_new(root, "sides", sides);
	int rc = json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	putchar('\n');
	json_decref(root);
	if (rc != 0) {
		cli_error("roster: could not write the JSON output");
		return 1;
	}
	return 0;
}

/* ---- the command
 * -------------------------------------------------------------- */

int cmd_roster(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"json", no_argument, NULL, 'j'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	int json = 0, ch;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (ch) {
		case 'j':
			json = 1;
			break;
		case 'h':
			fputs(cmd_roster_help, stdout);
			return 0;
		default:
			return cli_usage_error("roster", "unknown option '%s'",
					       argv[optind - 1]);
		}
	}
	if (argc - optind > 1)
		return cli_usage_error("roster", "unexpected argument '%s'",
				       argv[optind + 1]);
	const char *file = optind < argc ? argv[optind] : NULL;
	struct bs_scenario *s = NULL;
	int rc = cli_load_scenario(file, &s);
	if (rc != 0)
		return rc;
	if (s->rules != BS_RULES_BS1E) {
		cli_error("%s: roster sheets are for bs1e scenarios",
			  file ? file : s->name);
		bs_scenario_free(s);
		return 2;
	}
	struct bs1e_roster *r = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	if (bs1e_roster_new(s, &r, &d) != BS_OK) {
		cli_print_diags(&d);
		bs_diags_release(&d);
		bs_scenario_free(s);
		return 1;
	}
	bs_diags_release(&d);
	rc = json ? print_json(r) : (print_text(r), 0);
	if (fflush(stdout) != 0) {
		cli_error("roster: could not write the output");
		rc = 1;
	}
	bs1e_roster_free(r);
	bs_scenario_free(s);
	return rc;
}
