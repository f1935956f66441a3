/* battlesim morale: the referee's calculator for one 1E morale check:
 * current morale [4.2] (Table 4, charisma bonus [4.9]) with its derivation,
 * the 2d10 roll [4.3], pass or fail, and the effect [4.5]. */
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_morale.h"
#include "battlesim/rng.h"
#include "cli.h"

#define DEFAULT_SEED 1985

const char cmd_morale_help[] =
    "usage: battlesim morale --ml N [FACTORS] [OPTIONS]\n"
    "\n"
    "Make one 1E morale check: current morale = base morale + Table 4\n"
    "factors + the commander's charisma bonus [4.2] [4.9]; roll 2d10; at\n"
    "most the current morale passes [4.3]; the effect of a failure [4.5].\n"
    "\n"
    "  --ml N               base morale (ML) of the unit [4.1]\n"
    "Table 4 factors [4.2]:\n"
    "  --lost-50            at least 50% of the unit lost (-2)\n"
    "  --lost-75            at least 75% lost (-4; replaces -2, R-067)\n"
    "  --rear               enemy in contact with the unit's rear (-2)\n"
    "  --out-of-command     out of command (-2; not skirmish units; no CB)\n"
    "  --magic              the check is for a figure removed by magic (-1)\n"
    "  --commander-killed   the check is for the commander's death (-1)\n"
    "  --charge-failed      open/mob unit charged and missed contact (-3)\n"
    "  --level-drain        touching a level drainer or a creature it "
    "cannot\n"
    "                       harm (-3; R-068)\n"
    "  --closed             closed formation (+1; same as --formation "
    "closed)\n"
    "  --mob-supported      mob with friendly regular infantry behind it\n"
    "                       within 6\" (+2)\n"
    "  --cb N               the commander's charisma bonus, Table 8 (-3..3)\n"
    "Options:\n"
    "  --formation F        closed, open, skirmish or mob (default closed\n"
    "                       with --closed, else open); skirmish: out of\n"
    "                       command does not count; mob: always out of\n"
    "                       command [4.7]\n"
    "  --never-checks       the unit never checks morale: it cannot rout\n"
    "                       [4.1]\n"
    "  --cumulative-losses  optional rule: -2 and -4 both apply (R-067)\n"
    "  --roll N             the 2d10 total (2 to 20) rolled at the table\n"
    "  --seed S             otherwise roll 2d10 from seed S (default 1985)\n"
    "  --json               print a JSON object\n"
    "\n"
    "Example ([4.2]): battlesim morale --ml 12 --closed --cb 2 --magic\n";

static const char *const form_key[BS_FORM__COUNT] = {
    [BS_FORM_CLOSED] = "closed",
    [BS_FORM_OPEN] = "open",
    [BS_FORM_SKIRMISH] = "skirmish",
    [BS_FORM_MOB] = "mob",
};

int cmd_morale(int argc, char **argv)
{
	enum {
		O_ML = 256,
		O_CB,
		O_FORM,
		O_NEVER,
		O_CUMUL,
		O_ROLL,
		O_SEED,
		O_JSON,
		O_HELP,
		O_T4 = 512, /* + enum bs1e_t4 */
	};
	static const struct option opts[] = {
	    {"ml", required_argument, NULL, O_ML},
	    {"lost-50", no_argument, NULL, O_T4 + BS1E_T4_LOST_50},
	    {"lost-75", no_argument, NULL, O_T4 + BS1E_T4_LOST_75},
	    {"rear", no_argument, NULL, O_T4 + BS1E_T4_ENEMY_IN_REAR},
	    {"out-of-command", no_argument, NULL,
	     O_T4 + BS1E_T4_OUT_OF_COMMAND},
	    {"magic", no_argument, NULL, O_T4 + BS1E_T4_REMOVED_BY_MAGIC},
	    {"commander-killed", no_argument, NULL,
	     O_T4 + BS1E_T4_COMMANDER_KILLED},
	    {"charge-failed", no_argument, NULL, O_T4 + BS1E_T4_CHARGE_FAILED},
	    {"level-drain", no_argument, NULL,
	     O_T4 + BS1E_T4_LEVEL_DRAIN_OR_UNHARMABLE},
	    {"closed", no_argument, NULL, O_T4 + BS1E_T4_CLOSED_FORMATION},
	    {"mob-supported", no_argument, NULL, O_T4 + BS1E_T4_MOB_SUPPORTED},
	    {"cb", required_argument, NULL, O_CB},
	    {"formation", required_argument, NULL, O_FORM},
	    {"never-checks", no_argument, NULL, O_NEVER},
	    {"cumulative-losses", no_argument, NULL, O_CUMUL},
	    {"roll", required_argument, NULL, O_ROLL},
	    {"seed", required_argument, NULL, O_SEED},
	    {"json", no_argument, NULL, O_JSON},
	    {"help", no_argument, NULL, O_HELP},
	    {NULL, 0, NULL, 0},
	};
	struct bs1e_morale_situation s;
	memset(&s, 0, sizeof s);
	int ml = 0, have_ml = 0, have_form = 0, never = 0, roll = 0;
	int have_roll = 0, seed = DEFAULT_SEED, json = 0, rc = 0;
	enum bs_formation form = BS_FORM_OPEN;
	opterr = 0;
	int ch;
	while ((ch = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		if (ch >= O_T4 && ch < O_T4 + BS1E_T4__COUNT) {
			s.t4 |= 1u << (ch - O_T4);
			continue;
		}
		switch (ch) {
		case O_ML:
			rc = cli_parse_int("morale", "--ml", optarg, -20, 40,
					   &ml);
			have_ml = 1;
			break;
		case O_CB:
			rc = cli_parse_int("morale", "--cb", optarg, -3, 3,
					   &s.cb);
			break;
		case O_FORM: {
			int f = -1;
			for (int i = 0; i < BS_FORM__COUNT; i++)
				if (strcmp(optarg, form_key[i]) == 0)
					f = i;
			if (f < 0)
				return cli_usage_error(
				    "morale",
				    "--formation expects closed, open, "
				    "skirmish or mob, not '%s'",
				    optarg);
			form = (enum bs_formation)f;
			have_form = 1;
			break;
		}
		case O_NEVER:
			never = 1;
			break;
		case O_CUMUL:
			s.losses_cumulative = 1;
			break;
		case O_ROLL:
			rc = cli_parse_int("morale", "--roll (2d10)", optarg, 2,
					   20, &roll);
			have_roll = 1;
			break;
		case O_SEED:
			rc = cli_parse_int("morale", "--seed", optarg, 0,
					   INT_MAX, &seed);
			break;
		case O_JSON:
			json = 1;
			break;
		case O_HELP:
			fputs(cmd_morale_help, stdout);
			return 0;
		default:
			return cli_option_error("morale", ch, argv, opts);
		}
		if (rc < 0)
			return 2;
	}
	if (optind < argc)
		return cli_usage_error("morale", "unexpected argument '%s'",
				       argv[optind]);
	if (!have_ml)
		return cli_usage_error("morale", "--ml is required");
	int closed_flag = (s.t4 >> BS1E_T4_CLOSED_FORMATION) & 1;
	if (closed_flag && have_form && form != BS_FORM_CLOSED)
		return cli_usage_error("morale",
				       "--closed contradicts --formation %s",
				       form_key[form]);
	if (!have_form && closed_flag)
		form = BS_FORM_CLOSED;
	if (form == BS_FORM_CLOSED)
		s.t4 |= 1u << BS1E_T4_CLOSED_FORMATION;
	if ((s.t4 >> BS1E_T4_MOB_SUPPORTED) & 1 && form != BS_FORM_MOB) {
		if (have_form)
			return cli_usage_error("morale",
					       "--mob-supported is for a mob "
					       "(--formation mob) [2.10]");
		form = BS_FORM_MOB;
	}
	if ((s.t4 >> BS1E_T4_CHARGE_FAILED) & 1 && form == BS_FORM_CLOSED)
		return cli_usage_error(
		    "morale", "--charge-failed is for open or mob formation; "
			      "a closed unit breaks into open instead [7.14]");
	s.formation = form;
	s.skirmish_unit = form == BS_FORM_SKIRMISH;
	s.mob = form == BS_FORM_MOB;

	struct bs_deriv d;
	bs1e_morale_current(ml, &s, &d);
	char note[96] = " (given)";
	if (!have_roll) {
		struct bs_rng rng;
		struct bs_dice_source src;
		int rec[2];
		bs_rng_seed(&rng, (uint64_t)seed);
		bs_dice_source_rng(&src, &rng);
		src.record = rec;
		src.record_cap = 2;
		roll = bs1e_roll_2d10(&src);
		snprintf(note, sizeof note, " (%d + %d, seed %d)", rec[0],
			 rec[1], seed);
	}
	int pass = bs1e_morale_passes(d.value, roll);
	enum bs1e_morale_effect eff = bs1e_morale_effect(form, pass, never);
	char buf[1024];
	if (json) {
		json_t *j = json_object();
		json_object_set_new(j, "base_ml", json_integer(ml));
		json_object_set_new(j, "formation",
				    json_string(form_key[form]));
		json_t *terms = json_array();
		for (int i = 0; i < d.nterms; i++) {
			json_t *t = json_object();
			json_object_set_new(t, "amount",
					    json_integer(d.term[i].amount));
			json_object_set_new(t, "label",
					    json_string(d.term[i].label));
			json_object_set_new(t, "cite",
					    json_string(d.term[i].cite));
			json_array_append_new(terms, t);
		}
		json_object_set_new(j, "terms", terms);
		json_object_set_new(j, "current_ml", json_integer(d.value));
		json_object_set_new(
		    j, "derivation",
		    json_string(bs_deriv_format(&d, "ML", buf, sizeof buf)));
		json_object_set_new(j, "roll", json_integer(roll));
		if (!have_roll)
			json_object_set_new(j, "seed", json_integer(seed));
		json_object_set_new(j, "passed", json_boolean(pass));
		json_object_set_new(j, "effect",
				    json_string(bs1e_morale_effect_text[eff]));
		json_object_set_new(j, "effect_cite",
				    json_string(bs1e_morale_effect_cite[eff]));
		json_dumpf(j, stdout, bs_report_json_pretty_flags());
		fputc('\n', stdout);
		json_decref(j);
		return 0;
	}
	printf("Morale check [4.2] [4.3]\n");
	printf("Current morale: %s\n",
	       bs_deriv_format(&d, "ML", buf, sizeof buf));
	for (int i = 0; i < d.nterms; i++)
		printf("  %+d %s %s\n", d.term[i].amount, d.term[i].label,
		       d.term[i].cite);
	printf("2d10 = %d%s: %d %s %d, %s [4.3]\n", roll, note, roll,
	       pass ? "<=" : ">", d.value, pass ? "passed" : "failed");
	printf("Effect (%s formation): %s %s\n", form_key[form],
	       bs1e_morale_effect_text[eff], bs1e_morale_effect_cite[eff]);
	return 0;
}
