/* Issue 16: the play of [14.5] spells in step A of the Missile and Magic
 * Phase [1.5 A] (src/bs1e/r14_cast.c): the checks of [14.1] and [14.4]
 * (RULING R-572 .. R-575), the [14.5 B] fate of each figure with its
 * saving throw [14.3] (RULING R-576), lines by the side they strike, hit
 * points to individuals [14.5 A], [9.2] the commander who casts, and the
 * doctrine AI's choice (RULING R-577). */
#include "battlesim/ai.h"
#include "battlesim/bs1e_magic.h"
#include "bs1e_fixture.h"

/* South: Guards (commander C0) far away, the magic-user Zan standing at
 * (zx, zy) (individual 1), `more0` more individuals; North: Orcs (12
 * figures, 6 files, front (40, 60) facing south, commander Boss) and
 * Ogres (8 figures of ten 4 HD ogres, 4 files, front (50, 66), commander
 * Grull), `more1` more individuals (indexes 2 ...). */
static void open_cast(struct tf *t, const char *level, const char *options,
		      double zx, double zy, const char *more0,
		      const char *more1)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	snprintf(
	    y, 8192,
	    "name: Cast\nrules: bs1e\nlevel: %s\ngame: adnd\n%s"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [10, 20], commander: C0}\n"
	    "    individuals:\n"
	    "      - {name: C0, class: fighter, level: 3, hp: 20, abilities: "
	    "{cha: 14}, rank: unit}\n"
	    "      - {name: Zan, class: magic-user, level: 6, hp: 18, "
	    "position: [%g, %g], spells: [fireball, lightning bolt, magic "
	    "missile, stinking cloud]}\n"
	    "%s"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Orcs, figures: 12, creature: orc, weapons: "
	    "[spear], "
	    "frontage: 6, position: [40, 60], commander: Boss}\n"
	    "      - {name: Ogres, figures: 8, creature: ogre, ratio: 10, "
	    "weapons: [club], frontage: 4, position: [50, 66], commander: "
	    "Grull}\n"
	    "    individuals:\n"
	    "      - {name: Boss, race: orc, hp: 8, rank: unit}\n"
	    "      - {name: Grull, race: ogre, hp: 30, rank: unit}\n"
	    "%s",
	    level, options ? options : "", zx, zy, more0 ? more0 : "",
	    more1 ? more1 : "");
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* A cast order of Zan (South's individual 1). */
static struct bs_cast_order zan(struct tf *t, const char *sp, int tunit,
				int tindiv)
{
	return (struct bs_cast_order){
	    1, tf_spell(t, sp), 1, tunit, tindiv, 0, 0, 0, NULL};
}

/* [14.1] a cast spends the spell (the log says what is left), one a Game
 * Round (one AD&D melee round): the second is REJECTED, nothing spent. */
Test(r14_cast, s14_1_a_cast_spends_the_spell_one_a_round)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 46, 60.5, NULL, NULL);
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 4);
	t.cast[0][0] = zan(&t, "lightning bolt", 0, -1);
	t.cast[0][1] = zan(&t, "fireball", 1, -1);
	t.ncast[0] = 2;
	bs1e_casts(t.b, 0);
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 3);
	cr_assert_eq(
	    bs1e_spells_left(t.b, 0, 1, tf_spell(&t, "lightning bolt")), 0);
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, tf_spell(&t, "fireball")), 1);
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[10], 0);
	cr_assert_eq(c->n[11], 3);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert(strstr(tf_rejected(&t), "one AD&D melee round"), "%s",
		  tf_rejected(&t));
	int left_note = 0;
	for (int i = 0; i < t.nev; i++)
		left_note |= t.evs[i].ev.type == BS_EV_NOTE &&
			     strstr(t.evs[i].what, "spells left: fireball 1");
	cr_assert(left_note);
	/* spent: not again, even in a later round */
	t.b->indivs[t.b->indiv_first[0] + 1].flags = 0;
	t.nev = 0;
	t.cast[0][0] = zan(&t, "lightning bolt", 0, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert(strstr(tf_rejected(&t), "not that spell left"), "%s",
		  tf_rejected(&t));
	tf_close(&t);
}

/* [14.1] "Spell-casters cannot move during the same Game Round in which
 * they cast spells" (RULING R-572: his own move, or his unit's). */
Test(r14_cast, s14_1_a_caster_who_moved_cannot_cast_r572)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 46, 60.5, NULL, NULL);
	t.b->indivs[t.b->indiv_first[0] + 1].flags |= BS_IF_MOVED;
	t.cast[0][0] = zan(&t, "fireball", 1, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert(strstr(tf_rejected(&t), "moved this Game Round"));
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 4, "nothing spent");
	cr_assert_null(tf_cast_ev(&t, 0, 0));
	tf_close(&t);
}

/* [14.1] in base-to-base contact only at what he touches. */
Test(r14_cast, s14_1_in_contact_only_at_what_he_touches)
{
	struct tf t;
	/* his counter against the Orcs' east flank (x 42.25 + 1/4") */
	open_cast(&t, "advanced", NULL, 42.5, 60.5, NULL, NULL);
	t.cast[0][0] = zan(&t, "fireball", 1, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert(strstr(tf_rejected(&t), "base-to-base contact"), "%s",
		  tf_rejected(&t) ? tf_rejected(&t) : "(none)");
	t.nev = 0;
	t.cast[0][0] = zan(&t, "lightning bolt", 0, -1);
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t));
	cr_assert_not_null(tf_cast_ev(&t, 1, 0));
	tf_close(&t);
}

/* RULING R-574: only the [14.5] spells that do hit points are cast;
 * stinking cloud is REJECTED, nothing spent. Below `advanced` nothing. */
Test(r14_cast, s14_5_a_spell_not_played_is_rejected_r574)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 46, 60.5, NULL, NULL);
	t.cast[0][0] = zan(&t, "stinking cloud", 0, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert(strstr(tf_rejected(&t), "R-574"));
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 4);
	/* a spell without an area at a unit */
	t.nev = 0;
	t.cast[0][0] = zan(&t, "magic missile", 0, -1);
	bs1e_casts(t.b, 0);
	cr_assert(strstr(tf_rejected(&t), "without an area"));
	tf_close(&t);
	open_cast(&t, "intermediate", NULL, 46, 60.5, NULL, NULL);
	struct bs1e_cast_plan p;
	struct bs_cast_order o = zan(&t, "fireball", 1, -1);
	cr_assert(!bs1e_check_cast(t.b, 0, &o, &p));
	cr_assert_str_eq(p.cite, "[14.0] [16.3 A]");
	tf_close(&t);
}

/* [14.4] "The range ... must be calculated after the magical attack is
 * declared. If it is found that the range is insufficient ... the spell
 * automatically fails and is expended." */
Test(r14_cast, s14_4_out_of_range_fails_and_is_spent)
{
	struct tf t;
	/* 10" for a bolt at the 6th level: 11" from the Orcs' flank */
	open_cast(&t, "advanced", NULL, 53.25, 60.5, NULL, NULL);
	t.cast[0][0] = zan(&t, "lightning bolt", 0, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[9], 1, "failed");
	cr_assert_eq(c->n[3], 110);
	cr_assert_eq(c->n[4], 100);
	cr_assert_null(tf_cast_ev(&t, 1, 0), "no figure struck");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 3, "spent");
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 12);
	tf_close(&t);
}

/* [14.4] "A unit in closed, open, or mob formation ... also blocks line
 * of sight": the Ogres stand between him and the Orcs; the fireball fails
 * and is spent. With the Ogres gone, the same cast does not fail. */
Test(r14_cast, s14_4_a_unit_in_the_way_blocks_the_sight)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 53.5, 69, NULL, NULL);
	struct bs_cast_order o = zan(&t, "fireball", 0, -1);
	struct bs1e_cast_plan p;
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p));
	cr_assert(p.fails);
	cr_assert(strstr(p.why, "line of sight"), "%s", p.why);
	t.cast[0][0] = o;
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[9], 1);
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 3, "spent");
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 12);
	tf_close(&t);
	open_cast(&t, "advanced", NULL, 53.5, 69, NULL, NULL);
	tf_unit(&t, 1, 1)->flags |= BS_UF_REMOVED;
	o = zan(&t, "fireball", 0, -1);
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p), "%s", p.why);
	cr_assert(!p.fails, "%s", p.why ? p.why : "");
	tf_close(&t);
}

/* [11.9] "Elves and other woodland creatures can sight and cast spells
 * up to 6" in woods; all other creatures can sight and cast spells only up
 * to 1"" [14.4]: 3" of woods between Zan and the Orcs (8" away, in the
 * bolt's 10") hide them from a human caster: the bolt fails; an elf (his
 * race's woodland flag) sees them. */
static void open_woods_cast(struct tf *t, const char *race)
{
	char *y = malloc(4096);
	cr_assert_not_null(y);
	snprintf(y, 4096,
		 "name: Cast\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
		 "table: {width: 72, depth: 96}\n"
		 "terrain:\n  - name: Thicket\n    type: woods\n"
		 "    points: [[30, 54], [50, 54], [50, 57], [30, 57]]\n"
		 "sides:\n"
		 "  - name: South\n    edge: south\n    units:\n"
		 "      - {name: Guards, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], position: [10, 20], commander: C0}\n"
		 "    individuals:\n"
		 "      - {name: C0, class: fighter, level: 3, hp: 20, "
		 "abilities: {cha: 14}, rank: unit}\n"
		 "      - {name: Zan, %sclass: magic-user, level: 6, hp: 18, "
		 "position: [40, 52], spells: [lightning bolt]}\n"
		 "  - name: North\n    edge: north\n    units:\n"
		 "      - {name: Orcs, figures: 12, creature: orc, weapons: "
		 "[spear], frontage: 6, position: [40, 60], commander: Boss}\n"
		 "    individuals:\n"
		 "      - {name: Boss, race: orc, hp: 8, rank: unit}\n",
		 race);
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

Test(r14_cast, s11_9_s14_4_a_woodland_caster_sees_6_in_woods)
{
	struct tf t;
	struct bs1e_cast_plan p;
	open_woods_cast(&t, "");
	struct bs_cast_order o = zan(&t, "lightning bolt", 0, -1);
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p), "%s", p.why);
	cr_assert(p.fails, "a human sees 1\" in woods");
	cr_assert(strstr(p.why, "line of sight"), "%s", p.why);
	tf_close(&t);
	open_woods_cast(&t, "race: elf, ");
	o = zan(&t, "lightning bolt", 0, -1);
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p), "%s", p.why);
	cr_assert(!p.fails, "an elf sees 6\" in woods: %s", p.why ? p.why : "");
	cr_assert(p.range < p.reach, "in range: the woods were the reason");
	tf_close(&t);
}

/* [14.4] "It is impossible to target individual characters in a regular
 * unit in closed or mob formation" (RULING R-575: nor in another). */
Test(r14_cast, s14_4_an_individual_with_a_unit_is_no_target_r575)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 46, 60.5, NULL, NULL);
	t.cast[0][0] = zan(&t, "magic missile", -1, 0); /* Boss, with Orcs */
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert(strstr(tf_rejected(&t), "R-575"));
	tf_close(&t);
}

/* [14.5 B] "ten 4HD ogres are hit by a 6 HD fireball, and a saving throw
 * is made for the figure. If the check succeeds, the figure is wounded;
 * if it fails, the figure is removed." The circle on one figure's centre:
 * it wholly, its neighbours partly (RULING R-576: wounded at most). */
static void ogres(int d20, int *removed, int *wounded, int *rolled)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 46, 60.5, NULL, NULL);
	struct bs_cast_order o = zan(&t, "fireball", 1, -1);
	o.aim = 1;
	o.x = 49.5;
	o.y = 66.5;
	t.cast[0][0] = o;
	t.ncast[0] = 1;
	int dice[] = {d20, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	tf_dice(&t, dice, sizeof dice / sizeof dice[0]);
	bs1e_casts(t.b, 0);
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[8], 60, "6d6 = 6 HD per creature [14.5 A]");
	const struct bs_event *u = tf_cast_ev(&t, 1, 0);
	cr_assert_not_null(u);
	cr_assert_eq(u->n[3], 600, "60 HD per figure (the special note)");
	cr_assert_eq(u->n[10], 1, "one figure wholly in it");
	cr_assert_eq(u->n[5], 1, "one saving throw: the whole figure's");
	cr_assert_eq(u->ndice, 1);
	cr_assert_eq(u->dice[0], d20);
	*removed = u->n[7];
	*wounded = u->n[8];
	*rolled = u->n[5];
	tf_close(&t);
}

Test(r14_cast, s14_5_b_ten_4hd_ogres_and_a_6hd_fireball_r576)
{
	int r, w, n;
	ogres(20, &r, &w, &n); /* saves: wounded */
	cr_assert_eq(r, 0);
	int w_saved = w;
	ogres(1, &r, &w, &n); /* fails: removed */
	cr_assert_eq(r, 1);
	cr_assert_eq(w, w_saved - 1);
}

/* [14.5 B] "A linear effect can do no more than wound a figure if fired
 * from in front of ... If it is fired from the side against a figure in
 * closed or open formation, it can cause a figure to be removed". */
Test(r14_cast, s14_5_b_a_lightning_bolt_from_the_flank_and_the_front_r573)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 46, 60.5, NULL, NULL);
	t.cast[0][0] = zan(&t, "lightning bolt", 0, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	const struct bs_event *u = tf_cast_ev(&t, 1, 0);
	cr_assert_not_null(u);
	cr_assert_eq(u->n[9], BS1E_STRIKE_SIDE);
	cr_assert_gt(u->n[7], 0, "removed from the side");
	cr_assert_eq(u->n[8], 0);
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, 12 - u->n[7],
		     "removed at once [14.1]");
	tf_close(&t);
	/* from in front of the Orcs (they face south): wounds only */
	open_cast(&t, "advanced", NULL, 39.6, 56, NULL, NULL);
	t.cast[0][0] = zan(&t, "lightning bolt", 0, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	u = tf_cast_ev(&t, 1, 0);
	cr_assert_not_null(u);
	cr_assert_eq(u->n[9], BS1E_STRIKE_FRONT);
	cr_assert_eq(u->n[7], 0, "never removed from the front");
	cr_assert_gt(u->n[8], 0);
	tf_close(&t);
}

/* [14.5 A] "Against individuals, damage is determined by normal AD&D game
 * rules": the fireball's hit points rolled, his save for half. */
Test(r14_cast, s14_5_a_a_hero_in_the_fireball_takes_hit_points)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 46, 60.5, NULL,
		  "      - {name: Hero, class: fighter, level: 5, hp: 30, "
		  "position: [56, 62]}\n");
	t.cast[0][0] = zan(&t, "fireball", -1, 2);
	t.ncast[0] = 1;
	int dice[] = {3, 3, 3, 3, 3, 3, 20};
	tf_dice(&t, dice, 7);
	bs1e_casts(t.b, 0);
	const struct bs_event *e = tf_cast_ev(&t, 2, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[1], 18);
	cr_assert_eq(e->n[3], 1, "saved");
	cr_assert_eq(e->n[4], 9, "half, rounded down");
	cr_assert_eq(t.b->indivs[t.b->indiv_first[1] + 2].hp, 21);
	tf_close(&t);
}

/* [9.2] "If a spell is CAST by a commander, his unit is out of command for
 * the entire Game Round". */
Test(r14_cast, s9_2_a_commander_who_casts_puts_his_unit_out_of_command)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 46, 60.5, NULL, NULL);
	/* Zan takes the post of a brigade commander of Guards */
	t.b->indivs[t.b->indiv_first[0] + 1].rank = BS_RANK_BRIGADE;
	t.cast[0][0] = zan(&t, "lightning bolt", 0, -1);
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	int note = 0;
	for (int i = 0; i < t.nev; i++)
		note |= t.evs[i].ev.type == BS_EV_NOTE &&
			strstr(t.evs[i].cite, "[9.2]");
	cr_assert(note, "the [9.2] hook");
	cr_assert(t.b->indivs[t.b->indiv_first[0] + 1].flags & BS_IF_CAST);
	tf_close(&t);
}

/* RULING R-577: the doctrine casts where it removes the most HD
 * expected, never on its own figures, and keeps a big spell (3rd level
 * and up) for 4 enemy figures or more. */
Test(r14_cast, s14_5_the_doctrine_picks_the_most_hd_r577)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 46, 60.5, NULL, NULL);
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_cast_order o[8];
	int n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 8);
	cr_assert_eq(n, 1);
	cr_assert_eq(o[0].indiv, 1);
	cr_assert_not_null(o[0].why);
	/* the best of its choices by bs1e_cast_expect */
	struct bs1e_cast_plan p;
	struct bs1e_cast_value best, v;
	cr_assert(bs1e_check_cast(t.b, 0, &o[0], &p));
	bs1e_cast_expect(t.b, 0, &p, &best);
	cr_assert_eq(best.own_figs, 0);
	cr_assert_geq(best.enemy_figs, 4);
	const char *names[] = {"fireball", "lightning bolt"};
	for (int s = 0; s < 2; s++)
		for (int u = 0; u < 2; u++) {
			struct bs_cast_order q = zan(&t, names[s], u, -1);
			if (!bs1e_check_cast(t.b, 0, &q, &p) || p.fails)
				continue;
			bs1e_cast_expect(t.b, 0, &p, &v);
			cr_assert_leq(v.enemy_hd, best.enemy_hd + 1e-9);
		}
	free(ai);
	tf_close(&t);
	/* the Guards just before the Orcs' front, partly inside a fireball
	 * on them: never that fireball */
	open_cast(&t, "advanced", NULL, 46, 60.5, NULL, NULL);
	tf_unit(&t, 0, 0)->front = (struct bs_vec){40, 59.9};
	tf_unit(&t, 0, 0)->facing = 0;
	bs1e_sc(t.b)->ux[tf_g(&t, 0, 0)].c_valid = 0;
	struct bs_cast_order f = zan(&t, "fireball", 0, -1);
	cr_assert(bs1e_check_cast(t.b, 0, &f, &p) && !p.fails);
	bs1e_cast_expect(t.b, 0, &p, &v);
	cr_assert_gt(v.own_figs, 0, "the Guards are in it");
	cr_assert_gt(v.enemy_hd, 0);
	ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 8);
	cr_assert_eq(n, 1);
	cr_assert(!(o[0].spell == f.spell && o[0].tunit == 0),
		  "the fireball would burn the Guards");
	free(ai);
	tf_close(&t);
}

/* ---- [14.1] Q&A 127.66: spells disrupted by missile fire ---------------
 * "For missile fire in the magic and missile phase, simply make an
 * initiative roll (this is separate from the roll in the initiative
 * phase); spellcasters losing this roll have their spells disrupted if
 * they are struck by missile fire (a single spell-caster that is with a
 * unit is immune to missile fire, like any other hero)." The roll
 * (RULING R-648), the spell that goes off after step B, who is
 * struck, the spell lost, breath, the check
 * again. */

/* open_cast at advanced with the archer Ada (North's individual 2, a
 * fighter with `weapon`) standing alone at (46, 52); her shots given by
 * tf_shots. */
static void open_dis(struct tf *t, const char *weapon)
{
	char ada[256];
	snprintf(
	    ada, sizeof ada,
	    "      - {name: Ada, class: fighter, level: 1, hp: 30, ac: 10, "
	    "weapon: %s, position: [46, 52]}\n",
	    weapon);
	open_cast(t, "advanced", NULL, 46, 60.5, NULL, ada);
	t->ctl.fire_indiv = tf_shots;
}

/* Zan's lightning bolt at the Orcs, Ada's (North's individual 2) shots at Zan.
 */
static void dis_orders(struct tf *t, int shots)
{
	const struct bs_spell *sp =
	    bs_scenario_spell(t->sc, "lightning bolt", -1);
	cr_assert_not_null(sp);
	t->cast[0][0] = (struct bs_cast_order){1, sp, 1, 0, -1, 0, 0, 0, NULL};
	t->ncast[0] = 1;
	for (int i = 0; i < shots; i++)
		t->shot[1][i] =
		    (struct bs_indiv_fire_order){2, 0, -1, 1, "test", 0};
	t->nshot[1] = shots;
}

/* The index of the first event of `type` whose text has `s`, or -1. */
static int ev_at(struct tf *t, enum bs_ev type, const char *s)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == type &&
		    (!s || strstr(t->evs[i].what, s)))
			return i;
	return -1;
}

/* The index of event e (one of t's). */
static int ev_index(struct tf *t, const struct bs_event *e)
{
	for (int i = 0; i < t->nev; i++)
		if (&t->evs[i].ev == e)
			return i;
	return -1;
}

/* Plenty of dice: the disruption roll (South, North), then `more`, then
 * 1s (failed saves, misses). */
static void dis_dice(struct tf *t, int south, int north, const int *more, int n)
{
	int d[64];
	d[0] = south;
	d[1] = north;
	for (int i = 0; i < 62; i++)
		d[2 + i] = i < n ? more[i] : 1;
	tf_dice(t, d, 64);
}

/* Q&A 127.66: Zan's side loses the roll (2 to 5), Ada's arrow hits
 * (a 20) before the bolt goes off: the spell is lost (spent, RULING
 * R-651), the Orcs untouched. */
Test(r14_cast, s14_1_qa_struck_by_missile_fire_the_spell_is_lost_r651)
{
	struct tf t;
	open_dis(&t, "long bow");
	dis_orders(&t, 1);
	dis_dice(&t, 2, 5, (int[]){20, 3}, 2);
	int figs = tf_unit(&t, 1, 0)->figures;
	bs1e_phase_missile_magic(t.b);
	cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
	cr_assert_geq(ev_at(&t, BS_EV_NOTE, "spell disruption roll"), 0);
	int begun = ev_at(&t, BS_EV_NOTE, "begins casting");
	int shot = ev_at(&t, BS_EV_DUEL, NULL);
	int lost = ev_at(&t, BS_EV_NOTE, "disrupted by missile fire");
	cr_assert(begun >= 0 && shot > begun && lost > shot, "%d %d %d", begun,
		  shot, lost);
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[9], 1, "failed");
	cr_assert_eq(c->n[10], 0, "the lightning bolt is spent");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 1, NULL), 3);
	cr_assert_eq(tf_unit(&t, 1, 0)->figures, figs, "no figure struck");
	cr_assert_lt(t.b->indivs[1].hp, 18, "Zan was hit");
	tf_close(&t);
}

/* Q&A 127.66 RULING R-649: lost the roll, but the arrow misses (a 1):
 * the bolt goes off after step B's missile fire, and strikes. */
Test(r14_cast,
     s14_1_qa_a_caster_who_lost_the_roll_casts_after_the_missiles_r649)
{
	struct tf t;
	open_dis(&t, "long bow");
	dis_orders(&t, 1);
	dis_dice(&t, 2, 5, (int[]){1}, 1);
	int figs = tf_unit(&t, 1, 0)->figures;
	bs1e_phase_missile_magic(t.b);
	cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
	int shot = ev_at(&t, BS_EV_DUEL, NULL);
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[9], 0, "not failed");
	cr_assert_gt(ev_index(&t, c), shot, "the cast after the shot");
	cr_assert_eq(ev_at(&t, BS_EV_NOTE, "disrupted"), -1);
	cr_assert_lt(tf_unit(&t, 1, 0)->figures, figs, "the bolt struck");
	tf_close(&t);
}

/* Q&A 127.66: Zan's side wins the roll (5 to 2): he casts in step A, the
 * arrow that hits him later disrupts nothing. */
Test(r14_cast, s14_1_qa_the_winner_of_the_roll_casts_first)
{
	struct tf t;
	open_dis(&t, "long bow");
	dis_orders(&t, 1);
	dis_dice(&t, 5, 2, NULL, 0);
	bs1e_phase_missile_magic(t.b);
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[9], 0);
	cr_assert_lt(ev_index(&t, c), ev_at(&t, BS_EV_DUEL, NULL),
		     "cast before the shot");
	cr_assert_eq(ev_at(&t, BS_EV_NOTE, "begins casting"), -1);
	cr_assert_eq(ev_at(&t, BS_EV_NOTE, "disrupted"), -1);
	tf_close(&t);
}

/* RULING R-648: no enemy individual can shoot (Ada has a long sword):
 * no roll, no die spent, the spell cast in step A. */
Test(r14_cast, s14_1_qa_no_roll_without_an_enemy_who_shoots_r648)
{
	struct tf t;
	open_dis(&t, "long sword");
	dis_orders(&t, 0);
	tf_dice(&t, (int[]){1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 14);
	bs1e_casts(t.b, 0);
	cr_assert_eq(ev_at(&t, BS_EV_NOTE, "spell disruption roll"), -1);
	cr_assert_not_null(tf_cast_ev(&t, 0, 0));
	cr_assert_eq(ev_at(&t, BS_EV_NOTE, "begins casting"), -1);
	tf_close(&t);
}

/* [14.1] RULING R-649: one spell a Game Round: while his begun spell
 * waits for step B, a second order of Zan is REJECTED. */
Test(r14_cast, s14_1_one_spell_while_casting_r649)
{
	struct tf t;
	open_dis(&t, "long bow");
	dis_orders(&t, 0);
	t.cast[0][1] = (struct bs_cast_order){
	    1,	 bs_scenario_spell(t.sc, "fireball", -1), 1, 0, -1, 0, 0, 0,
	    NULL};
	t.ncast[0] = 2;
	dis_dice(&t, 2, 5, NULL, 0);
	bs1e_disrupt_begin(t.b);
	bs1e_casts(t.b, 0);
	cr_assert_geq(ev_at(&t, BS_EV_NOTE, "begins casting"), 0);
	const char *r = tf_rejected(&t);
	cr_assert_not_null(r);
	cr_assert(strstr(r, "is casting a spell"), "%s", r);
	tf_close(&t);
}

/* ---- [14.20] wands, staves and rods (RULING R-680 .. R-684) ------------
 * South's individual 2: the fighter Hrolf (no spell-caster) at (46, 58)
 * holding a wand of fire balls with `charges`; 3: the magic-user Mag
 * (6th level, a fireball memorized) holding a staff of power (fire ball),
 * item_level 8, without charges written (RULING R-680: the DMG's fewest
 * for a staff, 20). */
static void open_items(struct tf *t, int charges)
{
	char more[512];
	snprintf(more, sizeof more,
		 "      - {name: Hrolf, class: fighter, level: 5, hp: 40, "
		 "position: [46, 58], items: [{name: wand of fire balls, "
		 "charges: %d}]}\n"
		 "      - {name: Mag, class: magic-user, level: 6, hp: 15, "
		 "position: [47, 58], spells: [fireball], items: [staff of "
		 "power (fire ball)]}\n",
		 charges);
	open_cast(t, "advanced", NULL, 10, 40, more, NULL);
}

static struct bs_cast_order use(struct tf *t, int indiv, const char *item)
{
	struct bs_cast_order o = {
	    indiv, tf_spell(t, item), 1, 1, -1, 1, 49.5, 66.5, NULL};
	return o;
}

/* [14.5 A] "A Wand of Fire Balls does 6d6 damage ... and so does 6 hit
 * dice of damage": a hero who casts no spell uses it at its item_level
 * (RULING ); a charge is spent, no spell; the log cites
 * [14.20] and gives the charges left. */
Test(r14_cast, s14_5_a_wand_of_fire_balls_at_item_level_r681)
{
	struct tf t;
	open_items(&t, 2);
	const struct bs_spell *wand = tf_spell(&t, "wand of fire balls");
	cr_assert_eq(bs1e_charges_left(t.b, 0, 2, wand), 2);
	cr_assert_eq(bs1e_item_of(t.b, 0, 2, 0), wand);
	t.cast[0][0] = use(&t, 2, "wand of fire balls");
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[2], 6, "caster level: the wand's item_level");
	cr_assert_eq(c->n[8], 60, "6 HD per creature [14.5 A]");
	cr_assert_eq(c->n[12], 1, "charges left");
	cr_assert(strstr(c->cite, "[14.20]"), "%s", c->cite);
	cr_assert_not_null(tf_cast_ev(&t, 1, 0), "the Ogres struck");
	cr_assert_eq(bs1e_charges_left(t.b, 0, 2, wand), 1);
	int note = 0;
	for (int i = 0; i < t.nev; i++)
		note |= t.evs[i].ev.type == BS_EV_NOTE &&
			strstr(t.evs[i].what,
			       "charges left: wand of fire balls 1") != NULL;
	cr_assert(note);
	tf_close(&t);
}

/* [9.2] "However, a commander can use magic items or innate spell
 * abilities and still command" (RULING R-515): Hrolf, the Army Commander,
 * uses his wand of fire balls: his authority holds through the Game Round
 * (no [9.2] note), where a spell of his would take it. */
Test(r14_cast, s9_2_a_commander_using_a_wand_still_commands)
{
	struct tf t;
	open_cast(&t, "advanced", NULL, 10, 40,
		  "      - {name: Hrolf, class: fighter, level: 5, hp: 40, "
		  "abilities: {cha: 16}, rank: army, position: [46, 58], "
		  "items: [{name: wand of fire balls, charges: 2}]}\n",
		  NULL);
	cr_assert(bs1e_authority_now(t.b, 0, 2, 0, BS1E_ACT_COMMAND));
	t.cast[0][0] = use(&t, 2, "wand of fire balls");
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_not_null(tf_cast_ev(&t, 0, 0), "the wand is used");
	for (int i = 0; i < t.nev; i++)
		cr_assert(!(t.evs[i].ev.type == BS_EV_NOTE &&
			    strstr(t.evs[i].ev.cite, "[9.2]")),
			  "no [9.2] note: %s", t.evs[i].what);
	cr_assert(bs1e_authority_now(t.b, 0, 2, 0, BS1E_ACT_COMMAND),
		  "he still commands");
	/* his magic of the round is used: one use a round [14.1] */
	cr_assert(t.b->indivs[t.b->indiv_first[0] + 2].flags & BS_IF_CAST);
	cr_assert(
	    !(t.b->indivs[t.b->indiv_first[0] + 2].flags & BS_IF_CMD_CAST));
	/* a spell cast by a commander takes his command for the round */
	bs1e_commander_casts(t.b, 0, 2);
	cr_assert(!bs1e_authority_now(t.b, 0, 2, 0, BS1E_ACT_COMMAND));
	tf_close(&t);
}

/* RULING R-680 R-681: the staff at its item_level 8, not its holder's
 * caster level 6; his fireball stays in memory; without `charges:` a
 * staff has 20. */
Test(r14_cast, s14_20_a_staff_spends_no_spell_r680_r681)
{
	struct tf t;
	open_items(&t, 2);
	const struct bs_spell *staff =
	    tf_spell(&t, "staff of power (fire ball)");
	cr_assert_eq(bs1e_charges_left(t.b, 0, 3, staff), 20);
	cr_assert_eq(bs1e_charges_left(t.b, 0, 3, NULL), 20);
	cr_assert_eq(bs1e_spells_left(t.b, 0, 3, NULL), 1);
	t.cast[0][0] = use(&t, 3, "staff of power (fire ball)");
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c, "%s", tf_rejected(&t));
	cr_assert_eq(c->n[2], 8);
	cr_assert_eq(c->n[8], 80, "8 HD per creature");
	cr_assert_eq(c->n[11], 1, "his spells in all");
	cr_assert_eq(bs1e_spells_left(t.b, 0, 3, NULL), 1, "no spell spent");
	cr_assert_eq(bs1e_charges_left(t.b, 0, 3, staff), 19);
	/* one use or cast a Game Round (one AD&D melee round) */
	t.nev = 0;
	t.cast[0][0] = zan(&t, "fireball", 1, -1);
	t.cast[0][0].indiv = 3;
	bs1e_casts(t.b, 0);
	cr_assert(strstr(tf_rejected(&t), "one AD&D melee round"), "%s",
		  tf_rejected(&t));
	cr_assert_eq(bs1e_spells_left(t.b, 0, 3, NULL), 1);
	tf_close(&t);
}

/* RULING R-681: an empty item is REJECTED and nothing happens; the
 * charges never go below 0. */
Test(r14_cast, s14_20_the_empty_wand_is_refused_r681)
{
	struct tf t;
	open_items(&t, 1);
	const struct bs_spell *wand = tf_spell(&t, "wand of fire balls");
	t.cast[0][0] = use(&t, 2, "wand of fire balls");
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t));
	cr_assert_eq(bs1e_charges_left(t.b, 0, 2, wand), 0);
	cr_assert_eq(tf_cast_ev(&t, 0, 0)->n[12], 0);
	t.b->indivs[t.b->indiv_first[0] + 2].flags = 0; /* a later round */
	t.nev = 0;
	bs1e_casts(t.b, 0);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert(strstr(tf_rejected(&t), "no charges left"), "%s",
		  tf_rejected(&t));
	cr_assert_null(tf_cast_ev(&t, 0, 0));
	cr_assert_eq(bs1e_charges_left(t.b, 0, 2, wand), 0);
	/* written 0: refused from the start */
	tf_close(&t);
	open_items(&t, 0);
	t.cast[0][0] = use(&t, 2, "wand of fire balls");
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert(strstr(tf_rejected(&t), "no charges left"));
	tf_close(&t);
}

/* [14.1] "Figures using magic items can move 1/2 their normal movement
 * rate during the same Game Round in which they use the item" (RULING
 * half his MV spent, he uses it; more, REJECTED, nothing spent.
 * A spell-caster who moved at all may not cast. */
Test(r14_cast, s14_1_an_item_user_moves_half_r683)
{
	struct tf t;
	open_items(&t, 2);
	int k = t.b->indiv_first[0] + 2;
	const struct bs_spell *wand = tf_spell(&t, "wand of fire balls");
	double half = t.b->indivs[k].mv / 2.0;
	cr_assert_gt(half, 0);
	t.b->indivs[k].flags |= BS_IF_MOVED;
	bs1e_sc(t.b)->ix[k].moved = half + 0.5;
	t.cast[0][0] = use(&t, 2, "wand of fire balls");
	t.ncast[0] = 1;
	bs1e_casts(t.b, 0);
	cr_assert(strstr(tf_rejected(&t), "more than half his movement"), "%s",
		  tf_rejected(&t));
	cr_assert_eq(bs1e_charges_left(t.b, 0, 2, wand), 2, "nothing spent");
	t.nev = 0;
	bs1e_sc(t.b)->ix[k].moved = half;
	bs1e_casts(t.b, 0);
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_eq(bs1e_charges_left(t.b, 0, 2, wand), 1);
	tf_close(&t);
}

/* RULING R-682: the use of an item is never begun nor disrupted: with
 * the archer Ada of North (open_dis) able to shoot him, Hrolf's wand goes
 * off in step A, before her shot, and no disruption roll is made. */
Test(r14_cast, s14_1_an_item_is_not_disrupted_r682)
{
	struct tf t;
	open_cast(
	    &t, "advanced", NULL, 10, 40,
	    "      - {name: Hrolf, class: fighter, level: 5, hp: 40, "
	    "position: [46, 58], items: [{name: wand of fire balls, "
	    "charges: 2}]}\n",
	    "      - {name: Ada, class: fighter, level: 1, hp: 30, ac: 10, "
	    "weapon: long bow, position: [46, 52]}\n");
	t.ctl.fire_indiv = tf_shots;
	t.cast[0][0] = use(&t, 2, "wand of fire balls");
	t.ncast[0] = 1;
	t.shot[1][0] = (struct bs_indiv_fire_order){2, 0, -1, 2, "test", 0};
	t.nshot[1] = 1;
	int d[64];
	for (int i = 0; i < 64; i++)
		d[i] = 3;
	tf_dice(&t, d, 64);
	struct bs1e_cast_plan p;
	cr_assert(bs1e_check_cast(t.b, 0, &t.cast[0][0], &p));
	cr_assert_eq(p.item, 1);
	bs1e_phase_missile_magic(t.b);
	cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
	cr_assert_eq(ev_at(&t, BS_EV_NOTE, "spell disruption roll"), -1);
	cr_assert_eq(ev_at(&t, BS_EV_NOTE, "begins casting"), -1);
	const struct bs_event *c = tf_cast_ev(&t, 0, 0);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[9], 0, "not failed");
	int shot = ev_at(&t, BS_EV_DUEL, NULL);
	cr_assert_geq(shot, 0, "Ada shot");
	cr_assert_lt(ev_index(&t, c), shot, "the wand before the shot");
	tf_close(&t);
}

/* RULING R-684: the doctrine uses a wand with charges as it casts a
 * spell: Hrolf, who memorized nothing, fires at the massed Ogres. */
Test(r14_cast, s14_20_the_doctrine_uses_the_wand_r684)
{
	struct tf t;
	open_items(&t, 2);
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_cast_order o[8];
	int n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 8);
	int used = 0;
	for (int i = 0; i < n; i++)
		if (o[i].indiv == 2) {
			cr_assert_eq(o[i].spell,
				     tf_spell(&t, "wand of fire balls"));
			cr_assert(strstr(o[i].why, "R-684"), "%s", o[i].why);
			used = 1;
		}
	cr_assert(used, "Hrolf uses his wand");
	/* empty: he uses nothing */
	int k = t.b->indiv_first[0] + 2;
	bs1e_sc(t.b)->ix[k].charges[0] = 0;
	n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, o, 8);
	for (int i = 0; i < n; i++)
		cr_assert_neq(o[i].indiv, 2);
	free(ai);
	tf_close(&t);
}
