/* battlesim roster [FILE] [--json]: the Army Roster Sheet [3.1] of every
 * unit and the Heroes and Commanders Roster Sheet [3.2] of every individual
 * of a scenario, each rated number followed by its derivation; --json gives
 * the same data as one JSON object (docs/ROSTER-JSON.md). */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_roster.h"
#include "battlesim/report.h"
#include "battlesim/spell.h"
#include "cli.h"

const char cmd_roster_help[] =
    "usage: battlesim roster [FILE] [--json] [--strict]\n"
    "\n"
    "Print the roster sheets of a scenario: per side, the Army Roster Sheet\n"
    "[3.1] block of every unit (name, type, commander/deputy, # FIG, ratio,\n"
    "size, base, AC, HD/fig, MV, AR and its modifiers, ML and its "
    "modifiers,\n"
    "discipline, damage, cavalry and chariot ratings) and the Heroes and\n"
    "Commanders Roster Sheet [3.2] of every individual (race/class/level, "
    "MR,\n"
    "command rank, abilities, saving throws, AC, HD, hp, THAC0, AR, command\n"
    "radius, charisma bonus; a caster's spells per day and spells\n"
    "memorized [14.1]). Under each rated number is its derivation with\n"
    "the rule it comes from, e.g.\n"
    "  ML 12 = 11 +1 magic equipment -1 AC 8 +1 regular [4.1 T3]\n"
    "\n"
    "The sheets are those of the scenario's level [16.3 A]: at the Basic\n"
    "Game a unit with a mount or chariot is rated on foot and members are\n"
    "not averaged in (each with a warning on stderr).\n"
    "\n"
    "Without FILE, the built-in default scenario.\n"
    "\n"
    "Options:\n"
    "  --json       print one JSON object instead (docs/ROSTER-JSON.md)\n"
    "  --strict     warnings are errors: a scenario that gives something\n"
    "               with no effect in play is refused (exit 2)\n"
    "  -h, --help   show this help\n";

static const char *const save_name[BS_SAVE__COUNT] = {"PPD", "P/P", "RSW", "BW",
						      "Sp"};

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

/* [14.1] the spells of a caster: per list, his spells per day (PH, with
 * the Wisdom bonus: RULING R-560) and what he memorized, by level. */
static void print_spells(const struct bs_individual *ind)
{
	static const char *const nth[10] = {"",	   "1st", "2nd", "3rd", "4th",
					    "5th", "6th", "7th", "8th", "9th"};
	unsigned unknown;
	unsigned lists = bs_individual_cast_lists(ind, &unknown);
	for (int l = 0; l < BS_SPCLASS__COUNT; l++) {
		int slots[BS1E_SPELL_LEVELS];
		if (!((lists >> l) & 1))
			continue;
		bs_individual_spell_slots(ind, (enum bs_spell_class)l, slots);
		printf("Spells [14.1]     %s: ", bs_spell_class_name[l]);
		if ((unknown >> l) & 1) {
			printf("spells per day not in the tables (RULING "
			       "R-561)");
		} else {
			int top = 0;
			for (int k = 0; k < BS1E_SPELL_LEVELS; k++)
				if (slots[k] > 0)
					top = k + 1;
			for (int k = 0; k < top; k++)
				printf("%s%d", k ? "/" : "", slots[k]);
			printf("%s a day (PH%s)", top ? "" : "none",
			       ind->ability[BS_WIS] > 0 &&
				       (l == BS_SPCLASS_CLERIC ||
					l == BS_SPCLASS_DRUID)
				   ? ", Wisdom"
				   : "");
		}
		printf("; memorized%s\n",
		       ind->spells_default ? " (default choice, RULING R-562)"
					   : "");
		int any = 0;
		for (int k = 1; k < BS1E_SPELL_LEVELS + 1; k++) {
			int first = 1;
			for (int i = 0; i < ind->nspells; i++) {
				const struct bs_memorized *m = &ind->spells[i];
				if ((int)m->spell->cls != l ||
				    m->spell->level != k)
					continue;
				printf("%s%s", first ? "    " : ", ",
				       first ? nth[k] : "");
				printf("%s%s", first ? " " : "",
				       m->spell->name);
				if (m->count > 1)
					printf(" x%d", m->count);
				first = 0;
				any = 1;
			}
			if (!first)
				putchar('\n');
		}
		if (!any)
			printf("    none\n");
	}
}

/* [14.1] RULING: the spells he pre-casts before the battle,
 * in order, with their casting times and his time in all (deducted from
 * each); nothing when he pre-casts none. */
static void print_precast(const struct bs_scenario *s,
			  const struct bs_individual *ind)
{
	int total = 0;
	for (int i = 0; i < ind->nprecast; i++) {
		const struct bs_precast *pc = &ind->precast[i];
		printf("%s%s on %s (%d round%s)",
		       i ? ", " : "Pre-cast [14.1]   ", pc->spell->name,
		       bs_precast_target(s, ind, pc), pc->rounds,
		       pc->rounds == 1 ? "" : "s");
		total += pc->rounds;
	}
	if (ind->nprecast > 0)
		printf("; %d Game Round%s deducted from each (RULING R-708)\n",
		       total, total == 1 ? "" : "s");
}

/* [14.20] his wands, staves and rods of the spell catalog with the
 * charges they start the battle with (RULING ); nothing when
 * he holds none. */
static void print_item_charges(const struct bs_scenario *s,
			       const struct bs_individual *ind)
{
	int any = 0;
	for (int i = 0; i < ind->nitems; i++) {
		const struct bs_spell *rec = bs_scenario_item(s, ind->items[i]);
		if (!rec)
			continue;
		printf("%s%s (%s of %s, caster level %d): %d charge%s%s",
		       any ? "; " : "Items [14.20]     ", rec->name,
		       bs_magic_kind_name[rec->kind],
		       rec->as ? rec->as->name : "?", rec->item_level,
		       bs_item_charges(rec, ind->item_charges[i]),
		       bs_item_charges(rec, ind->item_charges[i]) == 1 ? ""
								       : "s",
		       ind->item_charges[i] < 0 ? " (RULING R-680)" : "");
		if (!bs_spell_played(rec))
			printf(", not played yet (RULING R-574)");
		any = 1;
	}
	if (any)
		putchar('\n');
}

static void print_indiv(const struct bs_scenario *s,
			const struct bs1e_indiv_sheet *x)
{
	const struct bs_individual *ind = x->ind;
	char hd[24], buf[1024];
	printf("Name              %s\n", ind->name);
	printf("Race/Class/Level  %s\n", x->race_class_level);
	printf("MR %%              %d\n", x->mr);
	printf("Command Rank      %s\n", x->rank);
	/* RULING R-700: `weapon:` one line as ever; a `weapons:` list one
	 * line a weapon, with what he does with it */
	const struct bs_unit_weapon *shot = bs_individual_missile_weapon(ind),
				    *melee = bs_individual_melee_weapon(ind);
	for (int k = 0; k < ind->nweapons; k++) {
		const struct bs_unit_weapon *w = &ind->weapons[k];
		if (!w->weapon)
			continue;
		char a[64], b[64];
		struct bs_dice sm = w->weapon->damage_sm,
			       l = w->weapon->damage_l;
		for (int i = 0; i < sm.nparts; i++)
			sm.part[i].plus += w->plus;
		for (int i = 0; i < l.nparts; i++)
			l.part[i].plus += w->plus;
		printf("%-18s%s",
		       k == 0 ? ind->weapons_listed ? "Weapons" : "Weapon" : "",
		       w->weapon->name);
		if (w->plus)
			printf(" %+d", w->plus);
		printf(": %s vs S-M, %s vs L", bs_dice_format(&sm, a, sizeof a),
		       bs_dice_format(&l, b, sizeof b));
		if (ind->weapons_listed)
			printf(" (%s)", w == shot && w == melee
					    ? "shot and in melee"
					: w == shot  ? "shot"
					: w == melee ? "in melee"
						     : "carried");
		putchar('\n');
	}
	if (ind->weapons_listed && shot && !melee)
		printf("%-18s%s\n", "",
		       ind->race && ind->race->attacks.nparts > 0
			   ? "in melee: his natural attacks (R-701)"
			   : "in melee: his fists, d2 (R-701)");
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
	if (ind->hp <= 0) /* RULING R-504: averaged */
		dline(&x->hp_d, "hp", 0);
	dline(&x->mv, "MV", 0);
	dline(&x->thac0, "THAC0", 0);
	dline(&x->ar, "AR", 0);
	dline(&x->cr, "CR", 0);
	printf("    %s\n", bs_deriv_text(&x->cb, "CB", 0, buf, sizeof buf));
	print_spells(ind);
	print_precast(s, ind);
	print_item_charges(s, ind);
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
			print_indiv(s, &ss->indivs[k]);
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

/* The same object the battle map embeds (bs_report_roster_json,
 * src/report/html_roster.c; docs/ROSTER-JSON.md). */
static int print_json(const struct bs_scenario *s)
{
	json_t *root = bs_report_roster_json(s);
	if (!root) {
		cli_error("roster: out of memory");
		return 1;
	}
	int rc = json_dumpf(root, stdout, bs_report_json_pretty_flags());
	putchar('\n');
	json_decref(root);
	return rc != 0 ? cli_stdout_failed() : 0;
}

/* ---- the command
 * -------------------------------------------------------------- */

int cmd_roster(int argc, char **argv)
{
	enum { O_STRICT = 256 };
	static const struct option opts[] = {
	    {"json", no_argument, NULL, 'j'},
	    {"strict", no_argument, NULL, O_STRICT},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	int json = 0, strict = 0, ch;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (ch) {
		case 'j':
			json = 1;
			break;
		case O_STRICT:
			strict = 1;
			break;
		case 'h':
			fputs(cmd_roster_help, stdout);
			return 0;
		default:
			return cli_option_error("roster", ch, argv, opts);
		}
	}
	if (argc - optind > 1)
		return cli_usage_error("roster", "unexpected argument '%s'",
				       argv[optind + 1]);
	const char *file = optind < argc ? argv[optind] : NULL;
	struct bs_scenario *s = NULL;
	int rc = cli_load_scenario(file, strict, &s);
	if (rc != 0)
		return rc;
	if (s->rules == BS_RULES_MATRIX) { /* matrix (issue 6) */
		rc = cli_roster_matrix(s, json);
		if (fflush(stdout) != 0)
			rc = cli_stdout_failed();
		bs_scenario_free(s);
		return rc;
	}
	/* 2E (issue 5): the 2E unit roster (roster_bs2e.c) */
	if (s->rules == BS_RULES_BS2E) {
		rc = cli_roster_bs2e(s, json);
		bs_scenario_free(s);
		return rc;
	}
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
	rc = json ? print_json(s) : (print_text(r), 0);
	if (fflush(stdout) != 0)
		rc = cli_stdout_failed();
	bs1e_roster_free(r);
	bs_scenario_free(s);
	return rc;
}
