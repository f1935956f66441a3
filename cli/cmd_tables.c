/* battlesim tables [NAME...]: print the 1E BATTLESYSTEM tables in the book's
 * layout (Tables 1-18, the CRT [8.4 D], the [8.5] column order and the
 * [10.9] artillery pieces), all of them or the ones named. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/terrain.h"
#include "battlesim/deriv.h"
#include "cli.h"

const char cmd_tables_help[] =
    "usage: battlesim tables [NAME...]\n"
    "\n"
    "Print the 1E BATTLESYSTEM tables as the rulebook lays them out, each\n"
    "with its section. Without NAME, print every table in the book's order.\n"
    "\n"
    "NAME is a table number 1..18 (\"3\", \"table 3\" and \"t3\" are the "
    "same),\n"
    "crt (the Combat Results Table [8.4 D]), columns (the [8.5] column\n"
    "order) or artillery (the [10.9] artillery pieces).\n"
    "\n"
    "Rows restored where the scan lost them are marked with their ruling\n"
    "(docs/rulings/tables.md).\n"
    "\n"
    "Options:\n"
    "  -h, --help   show this help\n";

#define WIDTH 78
#define LABEL_W 58

/* Print `text` wrapped to `width` columns: the first line after what is
 * already printed (`col` columns), the rest indented by `indent`. */
static void wrap_to(FILE *f, const char *text, int col, int indent, int width)
{
	const char *p = text;
	int first = 1;
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		int room = width - (first ? col : indent);
		if (room < 20)
			room = 20;
		int len = (int)strlen(p);
		int take = len;
		if (len > room) {
			take = room;
			while (take > 0 && p[take] != ' ')
				take--;
			if (take == 0)
				take = room;
		}
		if (!first)
			fprintf(f, "%*s", indent, "");
		fprintf(f, "%.*s\n", take, p);
		p += take;
		first = 0;
	}
	if (first)
		fputc('\n', f);
}

static void wrap(FILE *f, const char *text, int col, int indent)
{
	wrap_to(f, text, col, indent, WIDTH);
}

/* "  HEADING TEXT" wrapped; TEXT starts on the next line when the heading
 * leaves too little room. */
static void hang(FILE *f, const char *heading, const char *text)
{
	int col = fprintf(f, "  %s", heading);
	if (col > WIDTH - 30) {
		fprintf(f, "\n    ");
		col = 4;
	} else {
		fputc(' ', f);
		col++;
	}
	wrap(f, text, col, 4);
}

/* A label column of LABEL_W, wrapped; returns after printing the first
 * line's label padded to LABEL_W (the caller prints the rest of the line),
 * with the continuation lines kept in *rest. */
static const char *label_first_line(FILE *f, const char *label)
{
	int len = (int)strlen(label);
	int take = len;
	if (len > LABEL_W) {
		take = LABEL_W;
		while (take > 0 && label[take] != ' ')
			take--;
		if (take == 0)
			take = LABEL_W;
	}
	fprintf(f, "  %-*.*s", LABEL_W, take, label);
	const char *rest = label + take;
	while (*rest == ' ')
		rest++;
	return rest;
}

static void label_rest(FILE *f, const char *rest)
{
	if (*rest) {
		fprintf(f, "    ");
		wrap_to(f, rest, 4, 4, LABEL_W + 2);
	}
}

static void title(FILE *f, enum bs1e_table_id id)
{
	fprintf(f, "%s %s\n", bs1e_tables[id].title, bs1e_tables[id].cite);
}

static void header(FILE *f, const char *left, const char *right)
{
	fprintf(f, "  %-*s %8s\n", LABEL_W, left, right);
}

/* "+2", "-1", "0" */
static const char *signed_mod(int v, char *buf, size_t len)
{
	if (v == 0)
		snprintf(buf, len, "0");
	else
		snprintf(buf, len, "%+d", v);
	return buf;
}

/* Rows of a modifier table; a row with a ruling shows its id ("R-002"),
 * one whose cite differs from the table's `cite` shows it ("[2.11]"). */
static void mod_rows(FILE *f, const struct bs1e_mod_row *rows, int n,
		     const char *cite)
{
	char m[16];
	for (int i = 0; i < n; i++) {
		const char *rest = label_first_line(f, rows[i].label);
		fprintf(f, " %8s", signed_mod(rows[i].mod, m, sizeof m));
		/* a ruling's id, else a cite other than the table's own */
		const char *r = strstr(rows[i].cite, "R-0");
		if (r)
			fprintf(f, "  %.5s", r);
		else if (strcmp(rows[i].cite, cite) != 0)
			fprintf(f, "  %s", rows[i].cite);
		fputc('\n', f);
		label_rest(f, rest);
	}
}

static void note(FILE *f, const char *text)
{
	fprintf(f, "  ");
	wrap(f, text, 2, 4);
}

static void list(FILE *f, const char *const *items, int n)
{
	for (int i = 0; i < n; i++) {
		fprintf(f, "  - ");
		wrap(f, items[i], 4, 4);
	}
}

/* ---- the tables ---------------------------------------------------------- */

static void t1(FILE *f)
{
	title(f, BS1E_TABLE_1);
	header(f, "Creature Hit Die", "Ratio");
	for (int i = 0; i < BS1E_T1_ROWS; i++)
		fprintf(f, "  %-*s %6d:1\n", LABEL_W, bs1e_table1[i].hd_label,
			bs1e_table1[i].ratio);
	note(f, bs1e_table1_note);
}

static void t2(FILE *f)
{
	title(f, BS1E_TABLE_2);
	fprintf(f, "  %-24s %-24s %s\n", "Creature Size (AD&D)",
		"Creature Size (D&D)", "Base Size");
	for (int i = 0; i < BS1E_BASE__COUNT; i++)
		fprintf(f, "  %-24s %-24s %s\n", bs1e_table2[i].adnd_size,
			bs1e_table2[i].dnd_size, bs1e_table2[i].base_label);
	for (int i = 0; i < 3; i++)
		note(f, bs1e_table2_notes[i]);
}

static void t3(FILE *f)
{
	title(f, BS1E_TABLE_3);
	fprintf(f, "  Initial Morale: %d\n", BS1E_INITIAL_MORALE);
	header(f, "Factor", "Modifier");
	mod_rows(f, bs1e_table3, BS1E_T3__COUNT, "[4.1 T3]");
	note(f, bs1e_table3_note);
	note(f, "R-002: rows the scan lost, restored from the published table "
		"(the [4.1] examples use them). [2.11]: special unit types.");
}

static void t4(FILE *f)
{
	title(f, BS1E_TABLE_4);
	header(f, "Situational Factor", "Modifier");
	mod_rows(f, bs1e_table4, BS1E_T4__COUNT, "[4.2 T4]");
	note(f, "R-003: the last row prints no number; [2.10] gives +2.");
}

static void t5(FILE *f)
{
	title(f, BS1E_TABLE_5);
	fprintf(f, "  A Morale Check is made:\n");
	list(f, bs1e_table5, BS1E_T5__COUNT);
}

static void t6(FILE *f)
{
	title(f, BS1E_TABLE_6);
	header(f, "Factor", "Modifier");
	mod_rows(f, bs1e_table6, BS1E_T6__COUNT, "[4.6 T6]");
}

static void t7(FILE *f)
{
	title(f, BS1E_TABLE_7);
	list(f, bs1e_table7, BS1E_T7__COUNT);
}

static void t8(FILE *f)
{
	char m[16];
	title(f, BS1E_TABLE_8);
	header(f, "Commander Charisma", "Modifier");
	for (int i = 0; i < BS1E_T8_ROWS; i++)
		fprintf(f, "  %-*s %8s\n", LABEL_W, bs1e_table8[i].label,
			signed_mod(bs1e_table8[i].mod, m, sizeof m));
}

static void t9(FILE *f)
{
	char m[16], r[16];
	title(f, BS1E_TABLE_9);
	header(f, "Figure Ratio", "Adjust.");
	for (int i = 0; i < BS1E_T9_ROWS; i++) {
		snprintf(r, sizeof r, "%d:1", bs1e_table9[i].ratio);
		fprintf(f, "  %-*s %8s\n", LABEL_W, r,
			signed_mod(bs1e_table9[i].adjustment, m, sizeof m));
	}
}

static void t10(FILE *f)
{
	title(f, BS1E_TABLE_10);
	header(f, "Factor", "Modifier");
	mod_rows(f, bs1e_table10, BS1E_T10__COUNT, "[8.3 T10]");
	note(f, "Special note: Also add or subtract all normal AD&D or D&D "
		"game bonuses and penalties to THAC0 from the adjusted AR. "
		"Examples:");
	mod_rows(f, bs1e_table10_notes, BS1E_T10X__COUNT, "[8.3 T10 note]");
	note(f, "Note that minuses are beneficial to the attacker.");
	note(f,
	     "R-006: the printed sign of \"Defender occupies higher ground\" "
	     "is kept; option higher_ground_plus makes it +1.");
}

static void crt(FILE *f)
{
	char v[16];
	title(f, BS1E_TABLE_CRT);
	fprintf(f, "  %-6s", "Roll");
	for (int c = 0; c < BS1E_COL__COUNT; c++)
		fprintf(f, "%5s", bs1e_col_name[c]);
	fputc('\n', f);
	for (int r = 0; r < BS1E_CRT_ROWS; r++) {
		fprintf(f, "  %-6s", bs1e_crt_row_label[r]);
		for (int c = 0; c < BS1E_COL__COUNT; c++)
			fprintf(
			    f, "%5s",
			    bs_tenths_text(bs1e_crt_tenths[r][c], v, sizeof v));
		fputc('\n', f);
	}
	note(f, "Hit Dice of damage done by each attacking figure; Attack "
		"Roll = adjusted AR - AC + 2d6 [8.4 A-B].");
}

static void columns(FILE *f)
{
	title(f, BS1E_TABLE_COLUMNS);
	fprintf(f, " ");
	for (int c = 0; c < BS1E_COL__COUNT; c++)
		fprintf(f, " %s", bs1e_col_name[c]);
	fputc('\n', f);
	note(f, "Damage plus: shift one column to the right for each plus; "
		"past D20, start again with D2 and add the D20 result each "
		"time the shift passes it.");
	note(f, "Damage minus: shift one column to the left for each minus; "
		"past D2, apply the D2 result.");
	note(f, "Multiple dice (2D8): read the die's column and multiply by "
		"the number of dice.");
}

static void t11(FILE *f)
{
	title(f, BS1E_TABLE_11);
	fprintf(f, "  %-8s %s\n", "Die Roll", "Character's Fate");
	for (int i = 0; i < BS1E_FATE__COUNT; i++) {
		fprintf(f, "  %-8s ", bs1e_table11[i].die_label);
		wrap(f, bs1e_table11[i].fate, 11, 11);
	}
	note(f, "Roll 1d10; \"0\" is 10 (R-004).");
}

static void t12(FILE *f)
{
	title(f, BS1E_TABLE_12);
	fprintf(f, "  %-20s %s\n", "Missile Weapon", "Movement Restriction");
	for (int i = 0; i < BS1E_MISSILE__COUNT; i++) {
		fprintf(f, "  %-20s ", bs1e_table12[i].weapon);
		wrap(f, bs1e_table12[i].restriction, 23, 23);
	}
}

static void t13(FILE *f)
{
	title(f, BS1E_TABLE_13);
	header(f, "Condition", "Modifier");
	mod_rows(f, bs1e_table13, BS1E_T13__COUNT, "[10.8 T13]");
	note(f, "* Use these standard AD&D game penalties for the D&D game as "
		"well. Ignore D&D game missile adjustments for range.");
}

static void artillery(FILE *f)
{
	char mn[16];
	title(f, BS1E_TABLE_ARTILLERY);
	fprintf(f, "  %-15s %4s %4s %4s %4s %-6s %4s %3s %-10s %s\n", "Piece",
		"Min", "S", "M", "L", "Damage", "MV", "AC", "Fires",
		"Indirect");
	for (int i = 0; i < BS1E_ARTILLERY_ROWS; i++) {
		const struct bs1e_artillery *a = &bs1e_artillery[i];
		if (a->min_range)
			snprintf(mn, sizeof mn, "%d\"", a->min_range);
		else
			snprintf(mn, sizeof mn, "-");
		fprintf(
		    f,
		    "  %-15s %4s %3d\" %3d\" %3d\" %-6s %3d\" %3d %-10s %s\n",
		    a->name, mn, a->short_range, a->medium_range, a->long_range,
		    a->damage, a->mv, a->target_ac,
		    a->fires_every == 2 ? "1/2 rounds" : "1/round",
		    a->indirect_ok ? "yes" : "no");
	}
	note(f, "AC: the target's AC for the piece, whatever its own. A "
		"catapult fires every other Game Round.");
	note(f, "Artillery moves only along roads or clear terrain. The "
		"ballista prints no minimum range (R-007).");
}

static void t14(FILE *f)
{
	title(f, BS1E_TABLE_14);
	for (int i = 0; i < BS_T14__COUNT; i++) {
		const struct bs_t14_row *r = &bs_table14[i];
		char h[128];
		snprintf(h, sizeof h, "%s (%s):", r->name, r->key);
		hang(f, h, r->effect);
	}
}

static void t15(FILE *f)
{
	title(f, BS1E_TABLE_15);
	for (int i = 0; i < BS1E_T15_ROWS; i++) {
		const struct bs1e_t15_row *r = &bs1e_table15[i];
		fprintf(f, "  %-12s", r->factor);
		for (int k = 0; k < 6;) {
			int e = k;
			while (e + 1 < 6 &&
			       strcmp(r->result[e + 1], r->result[k]) == 0)
				e++;
			if (e > k)
				fprintf(f, "%s%d-%d = %s", k ? "; " : "", k + 1,
					e + 1, r->result[k]);
			else
				fprintf(f, "%s%d = %s", k ? "; " : "", k + 1,
					r->result[k]);
			k = e + 1;
		}
		fprintf(f, ".\n");
	}
	note(f, "Roll 1d6 for each factor.");
}

static void t16(FILE *f)
{
	title(f, BS1E_TABLE_16);
	fprintf(f, "  %-20s %s\n", "Weather Condition", "Effect");
	for (int i = 0; i < BS1E_T16_ROWS; i++) {
		const struct bs1e_t16_row *r = &bs1e_table16[i];
		char eff[256];
		size_t o = 0;
#define ADD(...)                                                               \
	do {                                                                   \
		int n_ = snprintf(eff + o, sizeof eff - o, __VA_ARGS__);       \
		if (n_ > 0 && (size_t)n_ < sizeof eff - o)                     \
			o += (size_t)n_;                                       \
	} while (0)
		eff[0] = '\0';
		if (r->visibility)
			ADD("Visibility limited to %d\"", r->visibility);
		if (r->missiles_impossible)
			ADD("%sall missile attacks impossible", o ? "; " : "");
		else if (r->missile_ar)
			ADD("%sall missile attacks %+d to AR", o ? "; " : "",
			    r->missile_ar);
		if (r->nonmagic_weapon_ar)
			ADD("%sall non-magic weapons %+d to AR", o ? "; " : "",
			    r->nonmagic_weapon_ar);
		if (r->mv_penalty_num)
			ADD("%smovement penalty of %d/%d", o ? "; " : "",
			    r->mv_penalty_num, r->mv_penalty_den);
#undef ADD
		if (eff[0] >= 'a' && eff[0] <= 'z')
			eff[0] = (char)(eff[0] - 'a' + 'A');
		fprintf(f, "  %-20s ", r->condition);
		char line[300];
		snprintf(line, sizeof line, "%s.", eff);
		wrap(f, line, 23, 23);
	}
	for (int i = 0; i < 2; i++)
		note(f, bs1e_table16_notes[i]);
}

static void t17(FILE *f)
{
	title(f, BS1E_TABLE_17);
	fprintf(f, "  %-14s %-16s %-16s %s\n", "AD&D/D&D Scale", "BATTLESYSTEM",
		"(annotated ch.14)", "Figure Base Size");
	for (int i = 0; i < BS1E_T17_ROWS; i++)
		fprintf(f, "  %-14s %-16s %-16s %s\n",
			bs1e_table17[i].adnd_scale, bs1e_table17[i].bs_rulebook,
			bs1e_table17[i].bs_annotated,
			bs1e_table17[i].base_label);
	note(f, "The rulebook's column is used; option table17_annotated "
		"uses the annotated chapter's (R-005). Beyond 6\": 3\" AD&D = "
		"1\" BATTLESYSTEM.");
	note(f, "Special note: the Figure Base Size describes figures in "
		"closed or mob formation only! For creatures in open or "
		"skirmish formation, consider the base size to be one size "
		"larger.");
}

static void t18(FILE *f)
{
	title(f, BS1E_TABLE_18);
	for (int i = 0; i < BS1E_T18_ROWS; i++) {
		char h[128];
		snprintf(h, sizeof h, "%s:", bs1e_table18[i].item);
		hang(f, h, bs1e_table18[i].cost_rule);
	}
	note(f, "Examples (AD&D Game). An 18th level fighter/18th level "
		"magic-user with chain mail +3, shield +1, sword of dancing, a "
		"wand of fire, a ring of invisibility, and a scroll of 5 5th "
		"level spells costs the following:");
	list(f, bs1e_table18_example, BS1E_T18_EXAMPLE_LINES);
	note(f, "If there is any disagreement about how to calculate the "
		"point cost of a particular creature or item, always use the "
		"method that gives the highest total cost.");
}

static void (*const printers[BS1E_TABLE__COUNT])(FILE *) = {
    [BS1E_TABLE_1] = t1,    [BS1E_TABLE_2] = t2,
    [BS1E_TABLE_3] = t3,    [BS1E_TABLE_4] = t4,
    [BS1E_TABLE_5] = t5,    [BS1E_TABLE_6] = t6,
    [BS1E_TABLE_7] = t7,    [BS1E_TABLE_8] = t8,
    [BS1E_TABLE_9] = t9,    [BS1E_TABLE_10] = t10,
    [BS1E_TABLE_CRT] = crt, [BS1E_TABLE_COLUMNS] = columns,
    [BS1E_TABLE_11] = t11,  [BS1E_TABLE_12] = t12,
    [BS1E_TABLE_13] = t13,  [BS1E_TABLE_ARTILLERY] = artillery,
    [BS1E_TABLE_14] = t14,  [BS1E_TABLE_15] = t15,
    [BS1E_TABLE_16] = t16,  [BS1E_TABLE_17] = t17,
    [BS1E_TABLE_18] = t18,
};

int cmd_tables(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	int ch;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			fputs(cmd_tables_help, stdout);
			return 0;
		default:
			return cli_option_error("tables", ch, argv, opts);
		}
	}
	int ids[BS1E_TABLE__COUNT * 2];
	int n = 0;
	if (optind >= argc) {
		for (int i = 0; i < BS1E_TABLE__COUNT; i++)
			ids[n++] = i;
	}
	/* Check every name before printing anything. */
	for (int a = optind; a < argc; a++) {
		int id = bs1e_table_from_key(argv[a]);
		if (id < 0) {
			const char *keys[BS1E_TABLE__COUNT];
			for (int i = 0; i < BS1E_TABLE__COUNT; i++)
				keys[i] = bs1e_tables[i].key;
			const char *s =
			    bs_suggest(argv[a], keys, BS1E_TABLE__COUNT);
			cli_error("unknown table '%s'%s%s%s (tables: 1..18, "
				  "crt, columns, artillery)",
				  argv[a], s ? " (did you mean '" : "",
				  s ? s : "", s ? "'?)" : "");
			return 2;
		}
		if (n == (int)(sizeof ids / sizeof ids[0]))
			return cli_usage_error("tables", "too many names");
		ids[n++] = id;
	}
	for (int i = 0; i < n; i++) {
		if (i)
			fputc('\n', stdout);
		printers[ids[i]](stdout);
	}
	return 0;
}
