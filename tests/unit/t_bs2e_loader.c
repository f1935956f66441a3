/* Tests of the 2E loader (src/scenario/load_bs2e.c, docs/BS2E.md): 2E
 * units from the 2E catalog and their own keys [2E Scale], attack dice
 * notations [2E Attack Dice] (RULING R-221), heroes and commanders with
 * ML/CD [2E Morale], the scenario's hit table, options
 * and errors at FILE:LINE:COL. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/bs2e.h"
#include "battlesim/deploy.h"
#include "battlesim/scenario.h"

struct res {
	enum bs_status st;
	struct bs_diags d;
	struct bs_scenario *s;
	char all[8192];
};

static void load(struct res *r, const char *text)
{
	memset(r, 0, sizeof *r);
	bs_diags_init(&r->d);
	r->st =
	    bs_scenario_load_string(text, strlen(text), "t.yaml", &r->s, &r->d);
	size_t o = 0;
	for (size_t i = 0; i < r->d.count && o < sizeof r->all - 600; i++) {
		char buf[1024];
		int w =
		    snprintf(r->all + o, sizeof r->all - o, "%s\n",
			     bs_diag_format(&r->d.items[i], buf, sizeof buf));
		if (w > 0)
			o += (size_t)w;
	}
}

/* load, then (when the file loads) the deployment checks
 * (bs_deploy_check), their errors added to r->d and r->all */
static void load_deployed(struct res *r, const char *text)
{
	load(r, text);
	if (r->st != BS_OK)
		return;
	size_t first = r->d.count;
	r->st = bs_deploy_check(r->s, &r->d);
	size_t o = strlen(r->all);
	for (size_t i = first; i < r->d.count && o < sizeof r->all - 600; i++) {
		char buf[1024];
		int w =
		    snprintf(r->all + o, sizeof r->all - o, "%s\n",
			     bs_diag_format(&r->d.items[i], buf, sizeof buf));
		if (w > 0)
			o += (size_t)w;
	}
}

static void done(struct res *r)
{
	bs_scenario_free(r->s);
	bs_diags_release(&r->d);
}

static int has(const struct res *r, const char *text)
{
	return strstr(r->all, text) != NULL;
}

#define HEAD "name: t\nrules: bs2e\nsides:\n"
#define SIDE_A "  - name: A\n    edge: south\n    units:\n"
#define SIDE_B                                                                 \
	"  - name: B\n    edge: north\n    units:\n"                           \
	"      - {name: b, entry: orc swordsmen, figures: 10, "                \
	"position: [20, 40]}\n"

Test(bs2e_loader, catalog_entry_and_override)
{
	struct res r;
	load(
	    &r, HEAD SIDE_A
	    "      - name: a\n        entry: men-at-arms\n        figures: 12\n"
	    "        ar: 4\n        position: [20, 10]\n" SIDE_B);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	const struct bs_unit *u = &r.s->sides[0].units[0];
	cr_assert_not_null(u->bs2e);
	cr_assert_str_eq(u->bs2e->entry, "men-at-arms");
	cr_assert_eq(u->bs2e->ad[0], 8);
	cr_assert_eq(u->bs2e->ar, 4, "the unit's own key over the entry");
	cr_assert_eq(u->bs2e->hits, 1);
	cr_assert_eq(u->bs2e->ml, 13);
	cr_assert_eq(u->bs2e->mv, 9);
	cr_assert_eq(u->figures, 12);
	cr_assert_eq(u->ratio, 10, "[2E Scale] 10:1");
	cr_assert_eq(u->bs2e->hit_table, bs2e_hit_table_builtin);
	done(&r);
}

/* [2E Attack Dice] "d4, d6, d8, d10, or d12 ... 10 + 8 or 2d10" */
Test(bs2e_loader, attack_dice_notations_r221)
{
	static const struct {
		const char *ad;
		int a, b;
	} ok[] = {{"d4", 4, 0},	     {"12", 12, 0},    {"10+8", 10, 8},
		  {"10 + 8", 10, 8}, {"2d10", 10, 10}, {"d10+d8", 10, 8}};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		char buf[1024];
		snprintf(buf, sizeof buf,
			 HEAD SIDE_A
			 "      - {name: a, figures: 4, ad: '%s', ar: 5, hits: "
			 "1, ml: 10, mv: 6, position: [20, 10]}\n" SIDE_B,
			 ok[i].ad);
		struct res r;
		load(&r, buf);
		cr_assert_eq(r.st, BS_OK, "%s: %s", ok[i].ad, r.all);
		cr_assert_eq(r.s->sides[0].units[0].bs2e->ad[0], ok[i].a);
		cr_assert_eq(r.s->sides[0].units[0].bs2e->ad[1], ok[i].b);
		done(&r);
	}
	struct res r;
	load(&r, HEAD SIDE_A
	     "      - {name: a, figures: 4, ad: d7, ar: 5, hits: 1, ml: 10, "
	     "mv: 6, position: [20, 10]}\n" SIDE_B);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:7:35: ad: 'd7': an attack die is a d4, d6, "
			  "d8, d10 or d12"),
		  "%s", r.all);
	done(&r);
}

Test(bs2e_loader, errors_at_file_line_col)
{
	struct res r;
	load(&r, HEAD SIDE_A
	     "      - name: a\n        entry: men at arm\n"
	     "        figures: 4\n        position: [20, 10]\n"
	     "      - name: c\n        figures: 4\n        ad: d8\n"
	     "        position: [30, 10]\n"
	     "      - name: d\n        kind: hero\n        entry: hero\n"
	     "        ml: 12\n        position: [40, 10]\n"
	     "      - name: e\n        figures: 4\n        creature: orc\n"
	     "        entry: ogres\n        position: [50, 10]\n" SIDE_B);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:8:16: entry: unknown 2E catalog entry 'men "
			  "at arm' (did you mean 'men-at-arms'?)"),
		  "%s", r.all);
	cr_assert(has(&r, "t.yaml:11:9: 2E unit 'c': no Armor Rating (ar)"),
		  "%s", r.all);
	cr_assert(has(&r, "t.yaml:11:9: 2E unit 'c': no Morale (ml)"), "%s",
		  r.all);
	cr_assert(has(&r, "t.yaml:18:13: ml: heroes and commanders have no "
			  "morale rating"),
		  "%s", r.all);
	cr_assert(has(&r, "t.yaml:22:9: unknown key 'creature' in 2E unit"),
		  "%s", r.all);
	done(&r);
}

/* RULING R-219: heroes and commanders are units of one figure with
 * ML/CD; a 2E side has no `individuals:`. */
Test(bs2e_loader, heroes_and_commanders_r219)
{
	struct res r;
	load(&r, HEAD SIDE_A
	     "      - {name: lord, entry: army commander, position: [20, 5]}\n"
	     "      - {name: h, kind: hero, figures: 2, ad: d12, ar: 2, hits: "
	     "8, cd: 12, mv: 12, position: [30, 5]}\n"
	     "      - {name: u, entry: men-at-arms, figures: 4, cd: 10, "
	     "position: [40, 5]}\n" SIDE_B
	     "    individuals:\n      - {name: x, race: human}\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "figures: a hero is one figure, got 2"), "%s", r.all);
	cr_assert(has(&r, "cd: only heroes and commanders have a command "
			  "diameter"),
		  "%s", r.all);
	cr_assert(has(&r, "side 'B': a 2E scenario has no `individuals:`"),
		  "%s", r.all);
	cr_assert_eq(r.d.count, 3, "only the three mistakes: %s", r.all);
	done(&r);
	/* an individual with a 1E level: the one 2E error, no 1E one */
	load(&r, HEAD SIDE_A
	     "      - {name: a, entry: men-at-arms, figures: 4, position: [30, "
	     "10]}\n" SIDE_B "    individuals:\n      - {name: x, level: 5}\n");
	cr_assert_eq(r.d.count, 1, "%s", r.all);
	cr_assert(has(&r, "side 'B': a 2E scenario has no `individuals:`"),
		  "%s", r.all);
	done(&r);
	load(&r, HEAD SIDE_A
	     "      - {name: lord, entry: army commander, position: [20, 5]}\n"
	     "      - {name: a, entry: men-at-arms, figures: 4, position: [30, "
	     "10]}\n" SIDE_B);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	const struct bs_unit *u = &r.s->sides[0].units[0];
	cr_assert_eq(u->figures, 1);
	cr_assert_eq(u->bs2e->kind, BS2E_KIND_COMMANDER);
	cr_assert_eq(u->bs2e->cd, 24);
	cr_assert_eq(u->bs2e->ml, 0);
	done(&r);
}

/* RULING R-200: a scenario's `hit_table:` replaces the whole table; it
 * must reach the largest attack die of its units; 1E scenarios have
 * none. */
Test(bs2e_loader, r200_hit_table_key)
{
	struct res r;
	load(&r, HEAD SIDE_A
	     "      - {name: a, entry: men-at-arms, figures: 4, position: [20, "
	     "10]}\n" SIDE_B "hit_table: [0, 0, 1, 1, 1, 2, 2, 3]\n"
	     "options: [bs2e_armor_equal_or_higher, bs2e_rally_to_good]\n");
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	const int *t = r.s->sides[0].units[0].bs2e->hit_table;
	cr_assert_neq(t, bs2e_hit_table_builtin);
	cr_assert_eq(t[3], 1);
	cr_assert_eq(t[8], 3);
	cr_assert_eq(t[12], 3, "past its end (never read): the last row");
	cr_assert(r.s->options & (1u << BS_OPT_BS2E_ARMOR_EQUAL_OR_HIGHER));
	cr_assert(r.s->options & (1u << BS_OPT_BS2E_RALLY_TO_GOOD));
	done(&r);
	load(&r, HEAD SIDE_A
	     "      - {name: a, entry: heavy cavalry, figures: 4, position: "
	     "[20, 10]}\n" SIDE_B "hit_table: [0, 0, 1, 1, 1, 2, 2, 3]\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:12:12: hit_table: 8 rows, but unit 'a' "
			  "rolls attack dice up to 18"),
		  "%s", r.all);
	done(&r);
	load(&r, "name: t\nhit_table: [1]\nsides: []\n");
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:2:12: hit_table: only 2E scenarios"), "%s",
		  r.all);
	done(&r);
}

/* The built-in 2E catalog and scenario load without an error. */
Test(bs2e_loader, builtin_2e_scenario)
{
	struct bs_scenario *s;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_builtin("borderland-raid-2e", &s, &d),
		     BS_OK);
	cr_assert_eq(s->rules, BS_RULES_BS2E);
	cr_assert_eq(s->nsides, 2);
	cr_assert_eq(s->sides[0].nunits, 5);
	cr_assert_eq(s->sides[0].units[3].figures, 2, "20 ogres at 10:1");
	bs_scenario_free(s);
	bs_diags_release(&d);
}

/* Review fix: one parser of attack dice (bs2e_ad_parse) for `ad:` and
 * --ad [2E Attack Dice] (RULING R-221): the whole text is read (no cut at
 * 31 characters), numbers with range checks, the same words for both. */
Test(bs2e_loader, attack_dice_parser_r221)
{
	static const struct {
		const char *text;
		int a, b;
	} ok[] = {{"d4", 4, 0},	    {"D12", 12, 0},	 {"8", 8, 0},
		  {"10+8", 10, 8},  {" 10 + 8 ", 10, 8}, {"d10+d8", 10, 8},
		  {"2d10", 10, 10}, {"2D6", 6, 6}};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		int ad[2] = {-1, -1};
		char err[160] = "";
		cr_assert_eq(bs2e_ad_parse(ok[i].text, ad, err, sizeof err), 0,
			     "%s: %s", ok[i].text, err);
		cr_assert_eq(ad[0], ok[i].a, "%s", ok[i].text);
		cr_assert_eq(ad[1], ok[i].b, "%s", ok[i].text);
	}
	static const struct {
		const char *text, *err;
	} bad[] = {
	    /* 35 characters: read whole, not cut to "d0...08" = d8 */
	    {"d000000000000000000000000000008junk",
	     "'d000000000000000...': more than 32 characters, not attack "
	     "dice such as d8, 10+8 or 2d10 [2E Attack Dice]"},
	    /* 31 characters, all of them read */
	    {"d00000000000000000000000008junk",
	     "'d00000000000000000000000008junk': not attack dice such as "
	     "d8, 10+8 or 2d10 [2E Attack Dice]"},
	    /* out of the range of an int: no undefined behaviour */
	    {"d99999999999999999999",
	     "'d99999999999999999999': an attack die is a d4, d6, d8, d10 "
	     "or d12 [2E Attack Dice]"},
	    {"4294967304", "'4294967304': an attack die is a d4"},
	    {"2d4294967304", "'2d4294967304': an attack die is a d4"},
	    {"d7", "'d7': an attack die is a d4, d6, d8, d10 or d12 [2E "
		   "Attack Dice]"},
	    {"8+0", "'8+0': an attack die is a d4"},
	    {"3d10", "'3d10': not attack dice such as d8, 10+8 or 2d10"},
	    {"d+8", "'d+8': not attack dice"},
	    {"-8", "'-8': not attack dice"},
	    {"d10+8", "'d10+8': not attack dice"},
	    {"", "'': not attack dice"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int ad[2] = {-1, -1};
		char err[160] = "";
		cr_assert_eq(bs2e_ad_parse(bad[i].text, ad, err, sizeof err),
			     -1, "%s", bad[i].text);
		cr_assert(strstr(err, bad[i].err) == err, "%s: %s", bad[i].text,
			  err);
		cr_assert(ad[0] == -1 && ad[1] == -1, "ad[] unchanged");
	}
	int ad[2];
	cr_assert_eq(bs2e_ad_parse("d5", ad, NULL, 0), -1, "no err buffer");
	/* the scenario key: the whole text, at the value's position */
	struct res r;
	load(&r, HEAD SIDE_A
	     "      - {name: a, figures: 4, ad: "
	     "\"d000000000000000000000000000008junk\", ar: 5, hits: 1, ml: "
	     "10, mv: 6, position: [20, 10]}\n" SIDE_B);
	cr_assert_eq(r.st, BS_ERR_INPUT, "%s", r.all);
	cr_assert(has(&r, "t.yaml:7:35: ad: 'd000000000000000...': more than "
			  "32 characters, not attack dice such as d8, 10+8 or "
			  "2d10 [2E Attack Dice]"),
		  "%s", r.all);
	done(&r);
	load(&r, HEAD SIDE_A
	     "      - {name: a, figures: 4, ad: d99999999999999999999, ar: 5, "
	     "hits: 1, ml: 10, mv: 6, position: [20, 10]}\n" SIDE_B);
	cr_assert_eq(r.st, BS_ERR_INPUT, "%s", r.all);
	cr_assert(has(&r, "t.yaml:7:35: ad: 'd99999999999999999999': an attack "
			  "die is a d4, d6, d8, d10 or d12 [2E Attack Dice]"),
		  "%s", r.all);
	done(&r);
}

/* Review fix, RULING R-220 [2E Movement]: cavalry "not in woods or
 * swamp", no unit in water: a unit deployed there is an error of the
 * deployment checks (bs_deploy_check, RULING R-317: its whole block on
 * the feature), at its position; the ground around is no error. */
#define TERRAIN                                                                \
	"terrain:\n"                                                           \
	"  - {name: Greywood, type: woods, points: [[10, 5], [30, 5], [30, "   \
	"15], [10, 15]]}\n"                                                    \
	"  - {name: Fen, type: swamp, points: [[40, 5], [50, 5], [50, 15], "   \
	"[40, 15]]}\n"                                                         \
	"  - {name: Mere, type: water, points: [[55, 5], [65, 5], [65, 15], "  \
	"[55, 15]]}\n"

Test(bs2e_loader, r220_cavalry_not_deployed_in_woods_or_swamp)
{
	struct res r;
	load_deployed(
	    &r, HEAD SIDE_A
	    "      - {name: k, entry: heavy cavalry, figures: 4, "
	    "position: [20, 10]}\n"
	    "      - {name: l, kind: cavalry, ad: d8, ar: 6, hits: 2, "
	    "ml: 12, mv: 18, figures: 4, position: [45, 10]}\n"
	    "      - {name: i, entry: men-at-arms, figures: 4, "
	    "position: [60, 10]}\n" SIDE_B TERRAIN);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:7:63: position: unit 'k' is deployed in "
			  "woods 'Greywood': cavalry may not enter woods [2E "
			  "Movement] (RULING R-220)"),
		  "%s", r.all);
	cr_assert(has(&r, "t.yaml:8:96: position: unit 'l' is deployed in "
			  "swamp 'Fen': cavalry may not enter swamp"),
		  "%s", r.all);
	cr_assert(has(&r, "t.yaml:9:61: position: unit 'i' is deployed in "
			  "water 'Mere': no 2E unit may enter water"),
		  "%s", r.all);
	cr_assert_eq(r.d.count, 3, "%s", r.all);
	done(&r);
	/* infantry in woods and swamp, cavalry clear of them: no error */
	load_deployed(&r, HEAD SIDE_A
		      "      - {name: k, entry: heavy cavalry, figures: 4, "
		      "position: [20, 20]}\n"
		      "      - {name: i, entry: men-at-arms, figures: 4, "
		      "position: [20, 10]}\n"
		      "      - {name: j, entry: men-at-arms, figures: 4, "
		      "position: [45, 10]}\n" SIDE_B TERRAIN);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	done(&r);
	/* the block, not only its front edge's centre: cavalry whose
	 * front stands clear of the wood but whose ranks are in it */
	load_deployed(&r, HEAD SIDE_A
		      "      - {name: k, entry: heavy cavalry, figures: 4, "
		      "position: [20, 16]}\n" SIDE_B TERRAIN);
	cr_assert_eq(r.st, BS_ERR_INPUT, "%s", r.all);
	cr_assert(has(&r, "position: unit 'k' is deployed in woods "
			  "'Greywood'"),
		  "%s", r.all);
	done(&r);
}

/* Review fix, RULING R-229: "2E orders are hold, move and charge", with no
 * formation change: a scripted 1E order in a 2E file is an error at load,
 * at its entry, not an order refused when its round comes. */
Test(bs2e_loader, r229_scripted_orders_are_2e_orders)
{
	struct res r;
	load(&r, HEAD
	     "  - name: A\n    edge: south\n    orders:\n"
	     "      - {round: 1, unit: a, order: wrap, steps: [{wheel: 10}]}\n"
	     "      - {round: 2, unit: a, order: forced-march, steps: "
	     "[{advance: 2}]}\n"
	     "      - {round: 3, unit: a, order: forced_march, steps: "
	     "[{advance: 2}]}\n"
	     "      - {round: 4, unit: a, order: withdraw}\n"
	     "      - {round: 5, unit: a, order: flee}\n"
	     "      - {round: 6, unit: a, order: move, steps: [{advance: 1}, "
	     "{formation: open}]}\n"
	     "      - {round: 7, unit: a, order: hold}\n"
	     "      - {round: 8, unit: a, order: move, steps: [{advance: 1}, "
	     "{wheel: 10}, {face: right}, {frontage: 2}]}\n"
	     "      - {round: 9, unit: a, order: charge, target: b}\n"
	     "    units:\n"
	     "      - {name: a, entry: men-at-arms, figures: 4, position: [20, "
	     "10]}\n" SIDE_B);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:7:9: order: 'wrap-around' is a 1E order; 2E "
			  "orders are hold, move and charge [2E Movement] "
			  "(RULING R-229)"),
		  "%s", r.all);
	cr_assert(has(&r, "t.yaml:8:9: order: 'forced-march' is a 1E order"),
		  "%s", r.all);
	cr_assert(has(&r, "t.yaml:9:9: order: 'forced-march' is a 1E order"),
		  "%s", r.all);
	cr_assert(has(&r, "t.yaml:10:9: order: 'withdraw' is a 1E order"), "%s",
		  r.all);
	cr_assert(has(&r, "t.yaml:11:9: order: 'flee' is a 1E order"), "%s",
		  r.all);
	cr_assert(has(&r, "t.yaml:12:9: steps: no formation changes in the "
			  "2E rules (step 2) [2E Movement] (RULING R-229)"),
		  "%s", r.all);
	cr_assert_eq(r.d.count, 6, "hold, move and charge pass: %s", r.all);
	done(&r);
}

/* Review fix: a 2E facing is 0 to less than 360 degrees (as 1E,
 * docs/SCENARIO-FORMAT.md), and the message says so. */
Test(bs2e_loader, facing_0_to_less_than_360)
{
	struct res r;
	load(&r, HEAD SIDE_A
	     "      - {name: a, entry: men-at-arms, figures: 4, position: [20, "
	     "10], facing: 360}\n"
	     "      - {name: c, entry: men-at-arms, figures: 4, position: [40, "
	     "10], facing: -1}\n" SIDE_B);
	cr_assert_eq(r.st, BS_ERR_INPUT);
	cr_assert(has(&r, "t.yaml:7:79: facing: '360' is out of range (0 to "
			  "less than 360)"),
		  "%s", r.all);
	cr_assert(has(&r, "t.yaml:8:79: facing: '-1' is out of range (0 to "
			  "less than 360)"),
		  "%s", r.all);
	cr_assert(!has(&r, "(0 to 360)"), "%s", r.all);
	done(&r);
	load(&r, HEAD SIDE_A
	     "      - {name: a, entry: men-at-arms, figures: 4, position: [20, "
	     "10], facing: 359.5}\n"
	     "      - {name: c, entry: men-at-arms, figures: 4, position: [40, "
	     "10], facing: east}\n" SIDE_B);
	cr_assert_eq(r.st, BS_OK, "%s", r.all);
	cr_assert_float_eq(r.s->sides[0].units[0].facing, 359.5, 1e-9);
	cr_assert_float_eq(r.s->sides[0].units[1].facing, 90, 1e-9);
	done(&r);
}

/* Issue 12 item 1: the order of the melees is a 1E order. */
Test(bs2e_loader, s1_6_b_melee_entry_is_1e_only)
{
	const char *y =
	    "name: t\nrules: bs2e\n"
	    "sides:\n"
	    "  - name: A\n    edge: south\n    controller: scripted\n"
	    "    units:\n"
	    "      - {name: Foot, figures: 8, entry: men-at-arms, "
	    "position: [36, 10]}\n"
	    "    orders:\n"
	    "      - {round: 1, melee: [Foot]}\n"
	    "  - name: B\n    edge: north\n"
	    "    units:\n"
	    "      - {name: Foes, figures: 8, entry: men-at-arms, "
	    "position: [36, 40]}\n";
	struct bs_diags d;
	struct bs_scenario *s = NULL;
	bs_diags_init(&d);
	enum bs_status st =
	    bs_scenario_load_string(y, strlen(y), "t.yaml", &s, &d);
	cr_assert_eq(st, BS_ERR_INPUT);
	int found = 0;
	for (size_t i = 0; i < d.count; i++)
		found |= strstr(d.items[i].msg, "a 1E order [1.6 B]") != NULL;
	cr_assert(found);
	bs_diags_release(&d);
}
