/* Issue 16: [14.1] spells pre-cast before the battle (src/bs1e/r14_precast.c,
 * the loader's src/scenario/precast.c): the caster's whole time of
 * pre-casting deducted from every spell (RULING R-708), the limits
 * the memory spent, the effects in force at round 1 and ending on
 * time, a duration used up, the spells on his own side only
 * (R-707). */
#include "battlesim/bs1e_magic.h"
#include "bs1e/engine.h"
#include "bs1e_fixture.h"

/* South: Guards (8 figures, front (30, 30)) and Scouts (6 figures, front
 * (12, 30)); the cleric Cal (5th level, bless x2, prayer, ...) at (30, 24)
 * and the magic-user Zan (7th level, invisibility, detect invisibility,
 * haste) at (20, 24); `pc_cal`, `pc_zan` their `precast:` lists, `top`
 * a top-level line. North: Orcs far off (front (30, 80)). */
static char *yaml_of(const char *top, const char *pc_cal, const char *pc_zan)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	snprintf(
	    y, 8192,
	    "name: Precast\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 96, depth: 96}\n%s"
	    "catalog:\n  spells:\n"
	    "    - {name: long ward, class: cleric, level: 1, category: "
	    "bonus-penalty, effect: bonus, range: 6, duration: 2 turns, "
	    "casting_time: 1 turn, creatures: 100, save: none, friends: "
	    "{morale: 1}}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, ratio: "
	    "10, weapons: [spear], frontage: 4, position: [30, 30]}\n"
	    "      - {name: Scouts, figures: 6, creature: man-at-arms, ratio: "
	    "2, weapons: [short bow], frontage: 3, position: [12, 30]}\n"
	    "    individuals:\n"
	    "      - {name: Cal, class: cleric, level: 5, hp: 30, "
	    "position: [30, 27], spells: [{name: bless, count: 2}, prayer, "
	    "long ward, resist fire]%s}\n"
	    "      - {name: Zan, class: magic-user, level: 7, hp: 20, "
	    "position: [20, 24], spells: [{name: invisibility, count: 2}, "
	    "detect invisibility, haste, fireball]%s}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 8, creature: orc, ratio: 10, "
	    "weapons: [spear], frontage: 8, position: [30, 80]}\n",
	    top, pc_cal, pc_zan);
	return y;
}

static void open_pc(struct tf *t, const char *top, const char *pc_cal,
		    const char *pc_zan)
{
	char *y = yaml_of(top, pc_cal, pc_zan);
	tf_open(t, y);
	free(y);
}

/* The load error text of the scenario (NULL when it loads). */
static char *load_error(const char *top, const char *pc_cal, const char *pc_zan)
{
	char *y = yaml_of(top, pc_cal, pc_zan);
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_scenario *sc = NULL;
	enum bs_status st =
	    bs_scenario_load_string(y, strlen(y), "test.yaml", &sc, &d);
	free(y);
	char *out = NULL;
	if (st == BS_OK) {
		bs_scenario_free(sc);
	} else {
		cr_assert_gt(d.count, 0);
		out = malloc(600);
		snprintf(out, 600, "%d:%d: %s", d.items[0].line, d.items[0].col,
			 d.items[0].msg);
	}
	bs_diags_release(&d);
	return out;
}

/* The bonus in force of spell `name` on unit g (global), or NULL. */
static const struct bs1e_bonus *bonus_on(struct tf *t, int g, const char *name)
{
	const struct bs1e_scratch *s = bs1e_sc(t->b);
	for (int i = 0; i < s->nbon; i++)
		if (s->bon[i].g == g && strcmp(s->bon[i].sp->name, name) == 0)
			return &s->bon[i];
	return NULL;
}

/* The bonus in force of spell `name` on individual k (global), or NULL. */
static const struct bs1e_bonus *bonus_on_indiv(struct tf *t, int k,
					       const char *name)
{
	const struct bs1e_scratch *s = bs1e_sc(t->b);
	for (int i = 0; i < s->nbon; i++)
		if (s->bon[i].g < 0 && s->bon[i].t == k &&
		    strcmp(s->bon[i].sp->name, name) == 0)
			return &s->bon[i];
	return NULL;
}

static int cal(struct tf *t)
{
	return t->b->indiv_first[0];
}

Test(r14_precast, s14_1_precast_time_deducted_is_the_casters_total)
{
	/* [14.1] "deduct that time from all pre-cast spells": bless (1
	 * round) and prayer (6 segments: 1 round, RULING R-708), 2 rounds
	 * in all taken from each: bless 6 - 2 = 4, prayer 5 - 2 = 3 */
	struct tf t;
	open_pc(&t, "",
		", precast: [{spell: bless, target: Guards, at: [29.375, "
		"29.625]}, {spell: "
		"prayer, target: Guards}]",
		"");
	bs1e_ruleset_start(t.b);
	const struct bs_event *e0 = tf_cast_ev(&t, 8, 0);
	const struct bs_event *e1 = tf_cast_ev(&t, 8, 1);
	cr_assert_not_null(e0);
	cr_assert_not_null(e1);
	cr_assert_str_eq(e0->what, "bless");
	cr_assert_eq(e0->n[1], 1); /* its casting time */
	cr_assert_eq(e0->n[2], 2); /* deducted: his total */
	cr_assert_eq(e0->n[3], 6);
	cr_assert_eq(e0->n[4], 4);
	cr_assert_eq(e1->n[1], 1);
	cr_assert_eq(e1->n[2], 2);
	cr_assert_eq(e1->n[3], 5);
	cr_assert_eq(e1->n[4], 3);
	int g = tf_g(&t, 0, 0);
	const struct bs1e_bonus *bl = bonus_on(&t, g, "bless");
	/* prayer: about Cal (range self), on him */
	const struct bs1e_bonus *pr = bonus_on_indiv(&t, cal(&t), "prayer");
	cr_assert_not_null(bl);
	cr_assert_not_null(pr);
	cr_assert_eq(bl->left, 4);
	cr_assert_eq(pr->left, 3);
	/* the effect's own event says the rounds left too */
	const struct bs_event *fx = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(fx);
	cr_assert_eq(fx->n[8], 4);
	tf_close(&t);
}

Test(r14_precast, s14_1_precast_memory_spent)
{
	struct tf t;
	open_pc(
	    &t, "",
	    ", precast: [{spell: bless, target: Guards, at: [29.375, 29.625]}]",
	    "");
	const struct bs_spell *bless = tf_spell(&t, "bless");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 0, bless), 2);
	bs1e_ruleset_start(t.b);
	cr_assert_eq(bs1e_spells_left(t.b, 0, 0, bless), 1);
	/* [14.1] no Game Round is spent: he may cast in round 1 */
	cr_assert_eq(t.b->indivs[cal(&t)].flags & BS_IF_CAST, 0);
	cr_assert_eq(tf_count(&t, BS_EV_REJECTED), 0);
	tf_close(&t);
}

Test(r14_precast, s14_1_precast_effects_active_at_round_1_and_expiring_on_time)
{
	/* bless with 1 round deducted: 5 Game Rounds left, rounds 1 to 5 */
	struct tf t;
	open_pc(
	    &t, "",
	    ", precast: [{spell: bless, target: Guards, at: [29.375, 29.625]}]",
	    "");
	bs_battle_round(t.b); /* the start, then round 1 */
	int g = tf_g(&t, 0, 0);
	const struct bs1e_bonus *bl = bonus_on(&t, g, "bless");
	cr_assert_not_null(bl, "in force through round 1");
	cr_assert_eq(bl->left, 4, "4 rounds left after round 1");
	for (int r = 2; r <= 4; r++)
		bs_battle_round(t.b);
	cr_assert_not_null(bonus_on(&t, g, "bless"), "in force in round 4");
	bs_battle_round(t.b); /* round 5, its last */
	cr_assert_null(bonus_on(&t, g, "bless"), "gone after round 5");
	tf_close(&t);
}

Test(r14_precast, s14_1_precast_duration_used_up_never_appears)
{
	/* bless (1 round) and long ward (2 turns = 20 rounds, cast in 1 turn
	 * = 10 rounds): 11 rounds deducted, bless's 6 used up, long ward
	 * 20 - 11 = 9 left */
	struct tf t;
	open_pc(&t, "",
		", precast: [{spell: bless, target: Guards, at: [29.375, "
		"29.625]}, {spell: "
		"long ward, target: Scouts}]",
		"");
	bs1e_ruleset_start(t.b);
	const struct bs_event *e0 = tf_cast_ev(&t, 8, 0);
	cr_assert_not_null(e0);
	cr_assert_eq(e0->n[2], 11);
	cr_assert_eq(e0->n[5], 1, "used up");
	cr_assert_null(bonus_on(&t, tf_g(&t, 0, 0), "bless"));
	cr_assert_eq(bs1e_spells_left(t.b, 0, 0, tf_spell(&t, "bless")), 1,
		     "spent all the same");
	const struct bs1e_bonus *lw = bonus_on(&t, tf_g(&t, 0, 1), "long ward");
	cr_assert_not_null(lw);
	cr_assert_eq(lw->left, 9);
	tf_close(&t);
}

Test(r14_precast, s14_1_precast_invisibility_on_himself_and_no_touch_needed)
{
	/* [14.8] invisibility (special: nothing deducted) on himself, and
	 * on Cal standing 10" away: no touch before the battle (RULING
	 * R-707) */
	struct tf t;
	open_pc(&t, "", "",
		", precast: [invisibility, {spell: invisibility, target: Cal}, "
		"{spell: detect invisibility}]");
	bs1e_ruleset_start(t.b);
	cr_assert_eq(tf_count(&t, BS_EV_REJECTED), 0, "%s",
		     tf_rejected(&t) ? tf_rejected(&t) : "");
	int zan = t.b->indiv_first[0] + 1;
	cr_assert(bs1e_fx_unseen(t.b, zan));
	cr_assert(bs1e_fx_unseen(t.b, cal(&t)));
	const struct bs_event *e0 = tf_cast_ev(&t, 8, 0);
	cr_assert_eq(e0->n[3], -1, "not timed: nothing deducted");
	/* detect invisibility: 5/level rounds = 35, 3 rounds deducted */
	const struct bs_event *e2 = tf_cast_ev(&t, 8, 2);
	cr_assert_eq(e2->n[2], 3);
	cr_assert_eq(e2->n[4], 32);
	tf_close(&t);
}

Test(r14_precast, s14_1_precast_limits_enforced)
{
	/* RULING R-709: limit 1 a side: the second is over */
	char *e = load_error(
	    "precast: {limit: 1}\n",
	    ", precast: [{spell: bless, target: Guards, at: [29.375, 29.625]}, "
	    "{spell: prayer, target: Guards}]",
	    "");
	cr_assert_not_null(e);
	cr_assert(strstr(e, "more than 1 spell"), "%s", e);
	free(e);
	/* the limit counts the side's casters together */
	e = load_error(
	    "precast: {limit: 1}\n",
	    ", precast: [{spell: bless, target: Guards, at: [29.375, 29.625]}]",
	    ", precast: [invisibility]");
	cr_assert_not_null(e);
	cr_assert(strstr(e, "more than 1 spell"), "%s", e);
	free(e);
	/* rounds 5: long ward's 10 rounds cannot begin in time */
	e = load_error("precast: {rounds: 5}\n",
		       ", precast: [{spell: long ward, target: Guards}]", "");
	cr_assert_not_null(e);
	cr_assert(strstr(e, "at most 5 Game Rounds"), "%s", e);
	free(e);
	/* a side's own limits replace the top level's */
	cr_assert_null(load_error(
	    "precast: {rounds: 5}\n",
	    ", precast: [{spell: bless, target: Guards, at: [29.375, 29.625]}]",
	    ""));
	/* within both: it loads */
	cr_assert_null(load_error("precast: {limit: 2, rounds: 2}\n",
				  ", precast: [{spell: bless, target: Guards, "
				  "at: [29.375, 29.625]}, {spell: prayer, "
				  "target: Guards}]",
				  ""));
}

Test(r14_precast, s14_1_precast_loader_errors_are_located)
{
	struct {
		const char *cal, *zan, *want;
	} c[] = {
	    {", precast: [{spell: blessed, target: Guards}]", "",
	     "has not memorized the unknown spell 'blessed'"},
	    {", precast: [{spell: hold person, target: Guards}]", "",
	     "has not memorized 'hold person'"},
	    {", precast: [{spell: bless, target: Gaurds}]", "",
	     "did you mean 'Guards'"},
	    {", precast: [{spell: bless, target: Orcs}]", "",
	     "is of side 'North'"},
	    {"", ", precast: [{spell: fireball, target: Orcs}]",
	     "a spell of [14.5] strikes the enemy"},
	    {"", ", precast: [{spell: invisibility, target: Guards}]",
	     "on himself or an individual of his side"},
	    {", precast: [{spell: bless, target: Guards, at: [29.375, "
	     "29.625]}, {spell: bless, "
	     "target: Scouts}, {spell: bless, target: Guards, at: [29.375, "
	     "29.625]}]",
	     "", "memorized 2 times"},
	    {", precast: [{spell: bless, targt: Guards}]", "",
	     "unknown key 'targt'"},
	    {", precast: [{spell: resist fire, target: Guards}]", "",
	     "played on an individual standing alone, not on a unit"},
	    {", precast: [{spell: prayer, at: [30, 30]}]", "",
	     "has no area placed at a point"},
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		char *e = load_error("", c[i].cal, c[i].zan);
		cr_assert_not_null(e, "case %zu loads", i);
		cr_assert(strstr(e, c[i].want), "case %zu: %s", i, e);
		/* FILE:LINE:COL: the line of the individual's entry */
		cr_assert(e[0] >= '1' && e[0] <= '9', "%s", e);
		free(e);
	}
}

Test(r14_precast, s14_1_precast_refused_at_the_deployment_spends_nothing)
{
	/* RULING R-707: the checks of a cast but range, sight and touch are
	 * made at the deployment: Cal commands the Guards (with the unit),
	 * invisibility on him is not played: REJECTED in the
	 * opening, Zan's spell kept */
	struct tf t;
	tf_open(&t,
		"name: Refused\nrules: bs1e\nlevel: advanced\n"
		"sides:\n"
		"  - name: South\n    edge: south\n    units:\n"
		"      - {name: Guards, figures: 8, creature: man-at-arms, "
		"weapons: [spear], frontage: 4, position: [30, 20], commander: "
		"Cal}\n"
		"    individuals:\n"
		"      - {name: Cal, class: cleric, level: 5, hp: 30}\n"
		"      - {name: Zan, class: magic-user, level: 7, hp: 20, "
		"position: [20, 14], spells: [invisibility], precast: "
		"[{spell: invisibility, target: Cal}]}\n"
		"  - name: North\n    edge: north\n    units:\n"
		"      - {name: Orcs, figures: 8, creature: orc, weapons: "
		"[spear], frontage: 4, position: [30, 40]}\n");
	const struct bs_spell *inv = tf_spell(&t, "invisibility");
	bs1e_ruleset_start(t.b);
	const char *why = tf_rejected(&t);
	cr_assert_not_null(why);
	cr_assert(strstr(why, "R-636"), "%s", why);
	cr_assert_null(tf_cast_ev(&t, 8, 0), "no precast step");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, inv), 1, "nothing spent");
	tf_close(&t);
}
