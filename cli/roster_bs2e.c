/* battlesim roster for a 2E scenario (rules: bs2e): the 2E unit roster of
 * each side [2E Scale] (Type, Weapon(s) Used, # figures at 10:1, Attack
 * Dice, Armor Rating, Hits, ML or ML/CD for heroes and commanders
 * [2E Morale], Movement, missile ranges), where each unit's statistics
 * come from, the hit table in force (RULING R-200) and the optional rules;
 * as text or --json (docs/BS2E.md). */
#include <stdio.h>
#include <string.h>

#include "battlesim/bs2e.h"
#include "cli.h"

static const char *edge_name(enum bs_edge e)
{
	return e >= 0 && e < BS_EDGE__COUNT ? bs_edge_name[e] : "?";
}

/* "1-3 0, 4-5 1, ..." of a hit table. */
static void hit_table_text(const int *t, char *buf, size_t len)
{
	size_t o = 0;
	buf[0] = '\0';
	for (int r = 1; r <= BS2E_HIT_ROWS;) {
		int e = r;
		while (e + 1 <= BS2E_HIT_ROWS && t[e + 1] == t[r])
			e++;
		int w;
		if (e == r)
			w = snprintf(buf + o, len - o, "%s%d -> %d",
				     o ? ", " : "", r, t[r]);
		else
			w = snprintf(buf + o, len - o, "%s%d-%d -> %d",
				     o ? ", " : "", r, e, t[r]);
		if (w < 0 || (size_t)w >= len - o)
			return;
		o += (size_t)w;
		r = e + 1;
	}
}

static const int *scenario_table(const struct bs_scenario *s)
{
	for (int i = 0; i < s->nsides; i++)
		for (int k = 0; k < s->sides[i].nunits; k++)
			if (s->sides[i].units[k].bs2e)
				return s->sides[i].units[k].bs2e->hit_table;
	return bs2e_hit_table_builtin;
}

static int individual(const struct bs2e_unit_stats *st)
{
	return st->kind == BS2E_KIND_HERO || st->kind == BS2E_KIND_COMMANDER;
}

static void print_text(const struct bs_scenario *s)
{
	char buf[512], ad[16];
	printf("%s\n", s->name);
	printf("2E unit roster [2E Scale]: bs2e, figures at 10:1, 1\" = 10 "
	       "yards\n");
	for (int i = 0; i < s->nsides; i++) {
		const struct bs_side *sd = &s->sides[i];
		printf("\n====================================================="
		       "====="
		       "====================\n");
		printf("Side %d: %s (home edge: %s)\n", i + 1, sd->name,
		       edge_name(sd->edge));
		printf(
		    "=========================================================="
		    "====================\n");
		for (int k = 0; k < sd->nunits; k++) {
			const struct bs_unit *u = &sd->units[k];
			const struct bs2e_unit_stats *st = u->bs2e;
			if (!st)
				continue;
			printf("\nUnit Name     %s\n", u->name);
			printf("Type          %s (%s)\n", st->type,
			       bs2e_kind_name[st->kind]);
			printf("Weapon(s)     %s\n",
			       st->weapons[0] ? st->weapons : "-");
			printf("  # FIG  AD      AR  Hits  %-5s  MV  Range\n",
			       individual(st) ? "ML/CD" : "ML");
			if (st->range[2] > 0)
				snprintf(buf, sizeof buf, "%d/%d/%d\"",
					 st->range[0], st->range[1],
					 st->range[2]);
			else
				snprintf(buf, sizeof buf, "-");
			char mlcd[16];
			if (individual(st))
				snprintf(mlcd, sizeof mlcd, "%d\"", st->cd);
			else
				snprintf(mlcd, sizeof mlcd, "%d", st->ml);
			printf("  %5d  %-6s %3d  %4d  %5s  %2d  %s\n",
			       u->figures, bs2e_ad_text(st->ad, ad, sizeof ad),
			       st->ar, st->hits, mlcd, st->mv, buf);
			if (st->entry[0])
				printf("    from the 2E catalog entry '%s' "
				       "(%s:%d); the unit's own keys over it "
				       "[2E Scale]\n",
				       st->entry, st->file, st->line);
			else
				printf("    statistics given in the unit "
				       "(%s:%d) [2E Scale]\n",
				       s->file, u->line);
			if (individual(st))
				printf(
				    "    ML/CD %d\" = command diameter; never "
				    "checks morale [2E Morale] (RULING "
				    "R-219); the diameter has no effect in "
				    "play: the intermediate rules are not in "
				    "the text (RULING R-313)\n",
				    st->cd);
			printf(
			    "    position (%g, %g) facing %g, %s formation\n",
			    u->x, u->y, u->facing,
			    bs_formation_name[u->formation]);
		}
	}
	hit_table_text(scenario_table(s), buf, sizeof buf);
	printf("\nHit table (attack die -> hits): %s (RULING R-200)\n", buf);
	printf("Armor: a d10 %s AR cancels a hit [2E Armor Rating]%s\n",
	       (s->options & (1u << BS_OPT_BS2E_ARMOR_EQUAL_OR_HIGHER))
		   ? "equal to or higher than"
		   : "higher than",
	       (s->options & (1u << BS_OPT_BS2E_ARMOR_EQUAL_OR_HIGHER))
		   ? " (option bs2e_armor_equal_or_higher, RULING R-201)"
		   : "");
	printf("Rally: %s (RULING R-216)\n",
	       (s->options & (1u << BS_OPT_BS2E_RALLY_TO_GOOD))
		   ? "straight back to good order (option bs2e_rally_to_good)"
		   : "one step (routed -> shaken -> good)");
}

static int print_json(const struct bs_scenario *s)
{
	char ad[16];
	json_t *root = json_object();
	json_object_set_new(root, "scenario", json_string(s->name));
	json_object_set_new(root, "rules", json_string("bs2e"));
	json_t *ht = json_array();
	const int *t = scenario_table(s);
	for (int r = 1; r <= BS2E_HIT_ROWS; r++)
		json_array_append_new(ht, json_integer(t[r]));
	json_object_set_new(root, "hit_table", ht);
	json_t *opts = json_array();
	for (int o = 0; o < BS_OPT__COUNT; o++)
		if (s->options & (1u << o))
			json_array_append_new(opts,
					      json_string(bs_option_name[o]));
	json_object_set_new(root, "options", opts);
	json_t *sides = json_array();
	for (int i = 0; i < s->nsides; i++) {
		const struct bs_side *sd = &s->sides[i];
		json_t *js = json_object();
		json_object_set_new(js, "name", json_string(sd->name));
		json_object_set_new(js, "edge",
				    json_string(edge_name(sd->edge)));
		json_t *units = json_array();
		for (int k = 0; k < sd->nunits; k++) {
			const struct bs_unit *u = &sd->units[k];
			const struct bs2e_unit_stats *st = u->bs2e;
			if (!st)
				continue;
			json_t *ju = json_object();
			json_object_set_new(ju, "name", json_string(u->name));
			json_object_set_new(ju, "entry",
					    st->entry[0]
						? json_string(st->entry)
						: json_null());
			json_object_set_new(
			    ju, "kind", json_string(bs2e_kind_name[st->kind]));
			json_object_set_new(ju, "type", json_string(st->type));
			json_object_set_new(ju, "weapons",
					    json_string(st->weapons));
			json_object_set_new(ju, "figures",
					    json_integer(u->figures));
			json_object_set_new(
			    ju, "ad",
			    json_string(bs2e_ad_text(st->ad, ad, sizeof ad)));
			json_object_set_new(ju, "ar", json_integer(st->ar));
			json_object_set_new(ju, "hits", json_integer(st->hits));
			json_object_set_new(ju, "ml",
					    individual(st)
						? json_null()
						: json_integer(st->ml));
			json_object_set_new(ju, "cd",
					    individual(st)
						? json_integer(st->cd)
						: json_null());
			json_object_set_new(ju, "mv", json_integer(st->mv));
			if (st->range[2] > 0) {
				json_t *r = json_array();
				for (int q = 0; q < 3; q++)
					json_array_append_new(
					    r, json_integer(st->range[q]));
				json_object_set_new(ju, "range", r);
			} else {
				json_object_set_new(ju, "range", json_null());
			}
			json_object_set_new(ju, "line", json_integer(u->line));
			json_array_append_new(units, ju);
		}
		json_object_set_new(js, "units", units);
		json_array_append_new(sides, js);
	}
	json_object_set_new(root, "sides", sides);
	int rc = json_dumpf(root, stdout, bs_report_json_pretty_flags());
	putchar('\n');
	json_decref(root);
	return rc != 0 ? cli_stdout_failed() : 0;
}

int cli_roster_bs2e(const struct bs_scenario *s, int json)
{
	int rc = json ? print_json(s) : (print_text(s), 0);
	if (fflush(stdout) != 0)
		rc = cli_stdout_failed();
	return rc;
}
