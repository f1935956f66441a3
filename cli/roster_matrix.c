/* battlesim roster for a matrix scenario (rules: matrix): every brigade
 * card with its seven entries [M2.1] and the derivation of each number
 * [M2.3]-[M2.5] (docs/MATRIX.md), as text or JSON. */
#include <stdio.h>
#include <string.h>

#include "battlesim/matrix.h"
#include "cli.h"

static const char *weight_of(const struct bs_mx_brigade *br)
{
	return br->weight[0] ? br->weight : "";
}

/* "long sword, long bow" (6.) preferred weapons) into buf. */
static void weapons(const struct bs_mx_brigade *br, char *buf, size_t len)
{
	const struct bs_mx_weapon *w[] = {&br->fig.melee, &br->fig.missile,
					  &br->fig.charge, &br->fig.mount};
	char dice[64];
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
		if (!w[i]->present)
			continue;
		bs_dice_format(&w[i]->damage, dice, sizeof dice);
		int n = snprintf(buf + used, len - used, "%s%s %s",
				 used ? ", " : "",
				 w[i]->name[0] ? w[i]->name : "weapon", dice);
		if (n < 0 || (size_t)n >= len - used)
			return;
		used += (size_t)n;
	}
	if (br->fig.magic) {
		bs_dice_format(&br->fig.magic_damage, dice, sizeof dice);
		snprintf(buf + used, len - used, "%sspell %s x%d",
			 used ? ", " : "", dice, br->fig.magic_uses);
	}
}

static void where(const struct bs_mx_brigade *br, char *buf, size_t len)
{
	if (br->row < 0)
		snprintf(buf, len, "in the reserve");
	else
		snprintf(buf, len, "at row %d, column %d", br->row + 1,
			 br->col + 1);
}

static void print_rating(const char *label, int value,
			 const struct bs_deriv *sum, int plus3)
{
	char tmp[1024];
	if (!value) {
		printf("    %-9s -\n", label);
		return;
	}
	bs_deriv_text(sum, "sum", 1, tmp, sizeof tmp);
	printf("    %-9s %d = ceil(sum / 10)%s; %s\n", label, value,
	       plus3 ? " + 3" : "", tmp);
}

/* 1 when t is the ruled Table 1 (not the scenario's `table1:`). */
static int t1_default(const struct bs_mx_table1 *t)
{
	const struct bs_mx_table1 *d = &bs_mx_table1_default;
	if (t->scale != d->scale || t->nbands != d->nbands)
		return 0;
	for (int i = 0; i < t->nbands && i < BS_MX_T1_MAX; i++)
		if (t->band[i] != d->band[i])
			return 0;
	return 1;
}

static void print_text(const struct bs_scenario *s)
{
	const struct bs_matrix_field *f = s->matrix;
	printf("Brigade cards: %s (matrix card system)\n", s->name);
	printf("Matrix %d rows x %d columns; brigades of %d men, class "
	       "number %d at full strength (centuries of %d) [M1.1] "
	       "[M1.5]\n",
	       f->rows, f->cols, f->brigade_men, f->full_class, f->century_men);
	/* RULING R-250: the Table 1 the battle uses, so that a scenario's
	 * `table1:` shows */
	printf("Table 1 (%s, RULING R-250): adjusted roll = 2d10 + %d x "
	       "(rating - defense) - 1 per missing century; damage points:",
	       t1_default(&f->t1) ? "ruled" : "the scenario's", f->t1.scale);
	for (int i = 0; i < f->t1.nbands && i < BS_MX_T1_MAX; i++)
		printf("%s %d at %d+", i ? "," : "", i + 1, f->t1.band[i]);
	printf("\n");
	if (f->options) {
		printf("Options:");
		for (int k = 0; k < BS_MX_OPT__COUNT; k++)
			if (f->options & (1u << k))
				printf(" %s", bs_mx_option_name[k]);
		printf("\n");
	}
	for (int sd = 0; sd < s->nsides; sd++) {
		printf("\n%s\n", s->sides[sd].name);
		for (int i = 0; i < f->nbrig[sd]; i++) {
			const struct bs_mx_brigade *br = &f->brig[sd][i];
			const struct bs_mx_card *c = &br->card;
			char buf[256], tmp[1024];
			where(br, buf, sizeof buf);
			printf("  %s %s: %s%s%s%s%s, %s\n", br->tag, br->name,
			       bs_mx_type_name[br->type],
			       br->weight[0] ? " (" : "", weight_of(br),
			       br->weight[0] ? ")" : "",
			       br->aerial   ? ", aerial"
			       : br->scouts ? ", scouts"
					    : "",
			       buf);
			printf(
			    "    %-9s %s\n", "Morale",
			    bs_deriv_text(&c->d_ml, "ML%", 0, tmp, sizeof tmp));
			printf("    %-9s MV %d = ceil(move %d / 12) [M2.3b]\n",
			       "Move", c->mv, br->fig.move);
			print_rating("Melee", c->melee, &c->d_melee, 0);
			print_rating("Missile", c->missile, &c->d_missile, 0);
			print_rating("Charge", c->charge, &c->d_charge, 1);
			printf("    %-9s %d = ceil((10 - AC %d) / 3) [M2.3d]\n",
			       "Defense", c->defense, br->fig.ac);
			bs_tenths_text(c->unit_hd10, tmp, sizeof tmp);
			printf("    %-9s %d/%d: %d men; unit number %d (%s%s) "
			       "[M2.4] [M2.5]\n",
			       "Class", c->cls, c->unit, br->men, c->unit_max,
			       c->unit_hd10 < 10 ? "0 level" : "HD ",
			       c->unit_hd10 < 10 ? "" : tmp);
			weapons(br, buf, sizeof buf);
			printf("    %-9s %s\n", "Weapons", buf[0] ? buf : "-");
			if (br->notes[0])
				printf("    %-9s %s\n", "Notes", br->notes);
		}
	}
}

static json_t *jrating(int value, const struct bs_deriv *d)
{
	char tmp[1024];
	json_t *o = json_object();
	json_object_set_new(o, "value", json_integer(value));
	if (value) {
		json_object_set_new(o, "sum", cli_json_tenths(d->value));
		json_object_set_new(
		    o, "text",
		    json_string(bs_deriv_text(d, "sum", 1, tmp, sizeof tmp)));
	}
	return o;
}

static int print_json(const struct bs_scenario *s)
{
	const struct bs_matrix_field *f = s->matrix;
	json_t *root = json_object();
	json_object_set_new(root, "scenario", json_string(s->name));
	json_object_set_new(root, "rules", json_string("matrix"));
	json_t *m = json_object();
	json_object_set_new(m, "rows", json_integer(f->rows));
	json_object_set_new(m, "columns", json_integer(f->cols));
	json_object_set_new(m, "brigade", json_integer(f->brigade_men));
	json_object_set_new(m, "century", json_integer(f->century_men));
	json_object_set_new(m, "full_class", json_integer(f->full_class));
	json_t *opts = json_array();
	for (int k = 0; k < BS_MX_OPT__COUNT; k++)
		if (f->options & (1u << k))
			json_array_append_new(
			    opts, json_string(bs_mx_option_name[k]));
	json_object_set_new(m, "options", opts);
	json_object_set_new(root, "matrix", m);
	/* RULING R-250: the Table 1 the battle uses */
	json_t *t1 = json_object(), *bands = json_array();
	json_object_set_new(t1, "ruled", json_boolean(t1_default(&f->t1)));
	json_object_set_new(t1, "scale", json_integer(f->t1.scale));
	for (int i = 0; i < f->t1.nbands && i < BS_MX_T1_MAX; i++)
		json_array_append_new(bands, json_integer(f->t1.band[i]));
	json_object_set_new(t1, "bands", bands);
	json_object_set_new(root, "table1", t1);
	json_t *sides = json_array();
	for (int sd = 0; sd < s->nsides; sd++) {
		json_t *js = json_object(), *list = json_array();
		json_object_set_new(js, "name", json_string(s->sides[sd].name));
		for (int i = 0; i < f->nbrig[sd]; i++) {
			const struct bs_mx_brigade *br = &f->brig[sd][i];
			const struct bs_mx_card *c = &br->card;
			char buf[256], tmp[1024];
			json_t *o = json_object();
			json_object_set_new(o, "tag", json_string(br->tag));
			json_object_set_new(o, "name", json_string(br->name));
			json_object_set_new(
			    o, "type", json_string(bs_mx_type_name[br->type]));
			json_object_set_new(o, "weight",
					    json_string(weight_of(br)));
			if (br->row < 0) {
				json_object_set_new(o, "at",
						    json_string("reserve"));
			} else {
				json_t *a = json_array();
				json_array_append_new(
				    a, json_integer(br->row + 1));
				json_array_append_new(
				    a, json_integer(br->col + 1));
				json_object_set_new(o, "at", a);
			}
			json_object_set_new(o, "men", json_integer(br->men));
			json_object_set_new(o, "aerial",
					    json_boolean(br->aerial));
			json_object_set_new(o, "scouts",
					    json_boolean(br->scouts));
			json_t *ml = json_object();
			json_object_set_new(ml, "value", json_integer(c->ml));
			json_object_set_new(
			    ml, "text",
			    json_string(bs_deriv_text(&c->d_ml, "ML%", 0, tmp,
						      sizeof tmp)));
			json_object_set_new(o, "morale", ml);
			json_object_set_new(o, "mv", json_integer(c->mv));
			json_object_set_new(o, "melee",
					    jrating(c->melee, &c->d_melee));
			json_object_set_new(o, "missile",
					    jrating(c->missile, &c->d_missile));
			json_object_set_new(o, "charge",
					    jrating(c->charge, &c->d_charge));
			json_object_set_new(o, "defense",
					    json_integer(c->defense));
			json_object_set_new(o, "class", json_integer(c->cls));
			json_object_set_new(o, "unit", json_integer(c->unit));
			json_object_set_new(o, "unit_max",
					    json_integer(c->unit_max));
			weapons(br, buf, sizeof buf);
			json_object_set_new(o, "weapons", json_string(buf));
			json_object_set_new(o, "notes", json_string(br->notes));
			json_array_append_new(list, o);
		}
		json_object_set_new(js, "brigades", list);
		json_array_append_new(sides, js);
	}
	json_object_set_new(root, "sides", sides);
	int rc = json_dumpf(root, stdout, bs_report_json_pretty_flags());
	putchar('\n');
	json_decref(root);
	return rc != 0 ? cli_stdout_failed() : 0;
}

int cli_roster_matrix(const struct bs_scenario *s, int json)
{
	if (!s->matrix) {
		cli_error("%s: no matrix", s->name);
		return 2;
	}
	if (json)
		return print_json(s);
	print_text(s);
	return 0;
}
