/* Issue 16 [14.8] invisibility on an individual standing alone
 * (src/bs1e/r14_effects.c, r14_cast.c): the no-referee form's Invisible
 * marker (RULING R-631), the cast by touch, no attack at him
 * contact finds him and his AC is 4 better, his attack
 * ends it, the -4 kept to the round's end, improved invisibility excepted
 * the doctrine does not choose him. */
#include <jansson.h>

#include "battlesim/ai.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_missile.h"
#include "battlesim/report.h"
#include "bs1e_fixture.h"

/* South: Zan (a 10th level magic-user, AC 10, individual 0) alone at
 * (36, 30) with invisibility and magic missile, then `south`; North: the
 * Bows (6 figures of men-at-arms with long bows, front (36, 44)), Mor (a
 * 5th level magic-user with magic missile, individual 0, at (60, 60)),
 * then `north`. */
static void open_inv(struct tf *t, const char *south, const char *north)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	int n = snprintf(
	    y, 8192,
	    "name: Invisible\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Far S, figures: 8, creature: man-at-arms, "
	    "weapons: [spear], position: [4, 3]}\n"
	    "    individuals:\n"
	    "      - {name: Zan, class: magic-user, level: 10, hp: 30, ac: 10, "
	    "position: [36, 30], spells: [invisibility, magic missile]}\n%s"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Bows, figures: 6, creature: man-at-arms, "
	    "weapons: [long bow], frontage: 6, position: [36, 44]}\n"
	    "    individuals:\n"
	    "      - {name: Mor, class: magic-user, level: 5, hp: 12, "
	    "position: [60, 60], spells: [magic missile]}\n%s",
	    south ? south : "", north ? north : "");
	cr_assert(n > 0 && n < 8192, "yaml too long");
	tf_open(t, y);
	free(y);
	t->ctl.cast = tf_cast;
	t->b->round = 1;
	t->b->side_a = 0;
	t->b->side_order[0] = 0;
	t->b->side_order[1] = 1;
	for (int g = 0; g < t->b->nunits; g++)
		bs1e_missile_new_round(t->b, g);
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* Kor, a 4th level fighter of AC 2, North's individual 1, touching Zan
 * from the east. */
#define KOR_AT_ZAN                                                             \
	"      - {name: Kor, class: fighter, level: 4, hp: 30, ac: 2, "        \
	"weapon: long sword, position: [36.5, 30]}\n"
/* Kor far from everyone. */
#define KOR_FAR                                                                \
	"      - {name: Kor, class: fighter, level: 4, hp: 30, ac: 2, "        \
	"weapon: long sword, position: [10, 60]}\n"

static struct bs_cast_order order(struct tf *t, int indiv, const char *sp,
				  int tside, int tindiv)
{
	const struct bs_spell *s = bs_scenario_spell(t->sc, sp, -1);
	cr_assert_not_null(s, "%s", sp);
	return (struct bs_cast_order){indiv, s, tside, -1,  tindiv,
				      0,     0, 0,     NULL};
}

static void cast_one(struct tf *t, int side, struct bs_cast_order o)
{
	t->cast[side][0] = o;
	t->ncast[side] = 1;
	bs1e_casts(t->b, side);
	t->ncast[side] = 0;
}

/* The next Game Round for individual k: he may cast again [14.1]. */
static void next_round(struct tf *t, int k)
{
	t->b->indivs[k].flags &= ~(unsigned)BS_IF_CAST;
	t->b->round++;
}

static const struct bs_event *note_with(struct tf *t, const char *s)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == BS_EV_NOTE && t->evs[i].ev.cite &&
		    strstr(t->evs[i].ev.cite, s))
			return &t->evs[i].ev;
	return NULL;
}

/* [14.8] "If you are not using a referee, place invisible figures on the
 * board with an Invisible marker on them": Zan's invisibility on himself
 * is a CAST effect with the Invisible marker, with no rounds (the PH:
 * "until the creature attacks", RULING ). */
Test(r14_invis, s14_8_invisibility_on_himself_the_invisible_marker_r631)
{
	struct tf t;
	open_inv(&t, NULL, NULL);
	cast_one(&t, 0, order(&t, 0, "invisibility", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[1], BS_SPFX_INVISIBLE);
	cr_assert_eq(e->n[7], 1, "affected");
	cr_assert_eq(e->n[9], BS1E_MARKER_INVISIBLE);
	cr_assert_eq(e->n[8], 0, "no rounds: until he attacks");
	cr_assert(strstr(e->cite, "R-631"), "%s", e->cite);
	char line[1024];
	bs_report_text(t.sc, e, line, sizeof line);
	cr_assert(strstr(line, ": 1 invisible (Invisible marker)"), "%s", line);
	cr_assert_null(strstr(line, "held"), "%s", line);
	json_t *j = bs_report_json(t.sc, e);
	cr_assert_not_null(j);
	cr_assert_str_eq(json_string_value(json_object_get(j, "effect")),
			 "invisible");
	cr_assert_str_eq(json_string_value(json_object_get(j, "marker")),
			 "Invisible");
	json_decref(j);
	cr_assert(bs1e_indiv_unseen(t.b, 0, 0));
	cr_assert_eq(bs1e_fx_invis_ac(t.b, 0), 4);
	/* it lasts: ten End of Game Round Phases later he is still unseen */
	for (int r = 0; r < 10; r++)
		bs1e_fx_end_round(t.b);
	cr_assert(bs1e_indiv_unseen(t.b, 0, 0));
	tf_close(&t);
}

/* [14.8] RULING R-632: range touch: Zan makes Ada invisible only when his
 * counter touches hers; an enemy is no target. */
Test(r14_invis, s14_8_range_touch_a_friend_he_touches_r632)
{
	struct tf t;
	open_inv(&t,
		 "      - {name: Ada, class: fighter, level: 1, hp: 10, "
		 "position: [40, 30]}\n",
		 NULL);
	struct bs1e_cast_plan p;
	struct bs_cast_order o = order(&t, 0, "invisibility", 0, 1);
	cr_assert_eq(bs1e_check_cast(t.b, 0, &o, &p), 0, "4\" apart");
	cr_assert(strstr(p.cite, "R-632"), "%s", p.cite);
	o = order(&t, 0, "invisibility", 1, 0);
	cr_assert_eq(bs1e_check_cast(t.b, 0, &o, &p), 0, "not an enemy");
	tf_close(&t);
	open_inv(&t,
		 "      - {name: Ada, class: fighter, level: 1, hp: 10, "
		 "position: [36.5, 30]}\n",
		 NULL);
	o = order(&t, 0, "invisibility", 0, 1);
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p), "%s", p.why);
	cast_one(&t, 0, o);
	cr_assert(bs1e_indiv_unseen(t.b, 0, 1), "Ada is invisible");
	cr_assert(!bs1e_indiv_unseen(t.b, 0, 0), "not Zan");
	tf_close(&t);
}

/* [14.8] "They cannot be attacked unless they are detected by enemy
 * forces": the Bows' volley at Zan is legal before, REJECTED after his
 * invisibility (RULING fire). */
Test(r14_invis, s14_8_a_volley_at_an_invisible_hero_is_rejected_r633)
{
	struct tf t;
	open_inv(&t, NULL, NULL);
	struct bs1e_volley_plan p;
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert(p.legal, "%s", p.why);
	cr_assert_eq(p.ac, 10);
	cast_one(&t, 0, order(&t, 0, "invisibility", 0, 0));
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert_eq(p.legal, 0);
	cr_assert_str_eq(p.cite, "[14.8] RULING R-633");
	t.nev = 0;
	bs1e_fire_indiv(t.b, tf_g(&t, 1, 0), 0, BS_FIRE_PHASE, -1, NULL,
			"at Zan");
	cr_assert_not_null(tf_rejected(&t));
	cr_assert_null(tf_find(&t, BS_EV_FIGURE_ATTACK, 0), "no volley");
	tf_close(&t);
}

/* [14.8] "figures unable to see the invisible figures cannot make magic
 * or missile attacks": Mor's magic missile at Zan is REJECTED once he is
 * invisible (RULING R-633), legal before. */
Test(r14_invis, s14_8_a_spell_at_him_is_rejected_r633)
{
	struct tf t;
	open_inv(&t, NULL, NULL);
	struct bs1e_cast_plan p;
	struct bs_cast_order o = order(&t, 0, "magic missile", 0, 0);
	o.indiv = 0;
	cr_assert(bs1e_check_cast(t.b, 1, &o, &p), "%s", p.why);
	cast_one(&t, 0, order(&t, 0, "invisibility", 0, 0));
	cr_assert_eq(bs1e_check_cast(t.b, 1, &o, &p), 0);
	cr_assert_str_eq(p.cite, "[14.8] RULING R-633");
	t.nev = 0;
	cast_one(&t, 1, o);
	cr_assert_not_null(tf_rejected(&t));
	cr_assert_str_eq(tf_find(&t, BS_EV_REJECTED, 0)->cite,
			 "[14.8] RULING R-633");
	tf_close(&t);
}

/* [14.8] "If an invisible figure comes into base-to-base contact with any
 * enemy figure at any point, the invisible figure must be placed on the
 * board ... they have a -4 AC bonus as long as they are invisible": Kor
 * touches the invisible Zan: found (a NOTE, RULING R-634); the Bows'
 * volley at him is legal again at AC 6 (his 10 less 4), and Kor's blows
 * in individual combat carry the -4 on the matrix (THAC0 17: 7 to hit
 * AC 10, 11 at AC 6). */
Test(r14_invis, s14_8_contact_detects_him_and_his_ac_is_4_better_r634)
{
	struct tf t;
	open_inv(&t, NULL, KOR_AT_ZAN);
	cast_one(&t, 0, order(&t, 0, "invisibility", 0, 0));
	cr_assert(bs1e_indiv_unseen(t.b, 0, 0));
	t.nev = 0;
	bs1e_fx_invis_contact(t.b);
	const struct bs_event *n = note_with(&t, "R-634");
	cr_assert_not_null(n, "found");
	cr_assert_eq(n->side, 0);
	cr_assert_eq(n->indiv, 0);
	cr_assert(!bs1e_indiv_unseen(t.b, 0, 0), "he can be attacked");
	cr_assert_eq(bs1e_fx_invis_ac(t.b, 0), 4, "still invisible");
	struct bs1e_volley_plan p;
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert(p.legal, "%s %s", p.why, p.cite);
	cr_assert_eq(p.ac, 6, "AC 10 - 4");
	/* individual combat: initiative d6s then d20s and damage */
	t.nev = 0;
	static const int dice[] = {1, 6, 10, 5, 10, 5, 10, 5};
	tf_dice(&t, dice, 8);
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	const struct bs_event *d = NULL;
	for (int i = 0; i < t.nev && !d; i++)
		if (t.evs[i].ev.type == BS_EV_DUEL && t.evs[i].ev.side == 1)
			d = &t.evs[i].ev;
	cr_assert_not_null(d, "Kor strikes");
	cr_assert(tf_has_term(&d->deriv, 4, "invisible"),
		  "the -4 AC on his need");
	tf_close(&t);
}

/* [14.8] "If an invisible figure attacks, it loses its invisibility ...
 * the invisible figure retains its -4 AC bonus for the rest of that Game
 * Round": Zan, invisible, casts magic missile at Kor: his invisibility
 * ends with the cast (a CAST `ends`, RULING R-635); he can be attacked,
 * at AC 6 until the End of Game Round, AC 10 after. */
Test(r14_invis, s14_8_his_attack_ends_it_the_minus_4_to_the_round_end_r635)
{
	struct tf t;
	open_inv(&t, NULL, KOR_FAR);
	cast_one(&t, 0, order(&t, 0, "invisibility", 0, 0));
	bs1e_fx_end_round(t.b);
	next_round(&t, 0);
	t.nev = 0;
	static const int dmg[] = {4, 4, 4, 4, 4};
	tf_dice(&t, dmg, 5);
	cast_one(&t, 0, order(&t, 0, "magic missile", 1, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e, "invisibility ends");
	cr_assert_eq(e->n[1], BS_SPFX_INVISIBLE);
	cr_assert(strstr(e->cite, "R-635"), "%s", e->cite);
	cr_assert(!bs1e_indiv_unseen(t.b, 0, 0), "he can be attacked");
	cr_assert_eq(bs1e_fx_invis_ac(t.b, 0), 4, "for the rest of the round");
	struct bs1e_volley_plan p;
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert(p.legal, "%s", p.why);
	cr_assert_eq(p.ac, 6);
	t.nev = 0;
	bs1e_fx_end_round(t.b);
	cr_assert_null(tf_cast_ev(&t, 4, 0), "its end was logged already");
	cr_assert_eq(bs1e_fx_invis_ac(t.b, 0), 0, "the round is over");
	bs1e_volley_plan_indiv(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert_eq(p.ac, 10);
	tf_close(&t);
}

/* [14.8] "such AD&D game spells as improved invisibility ... give
 * exceptions": Ilo's improved invisibility (an illusionist of the 10th
 * level: 4 + 10 = 14 rounds, RULING R-620) is not broken by his blows
 * at Kor (RULING R-635): after the melee and its End of Game Round he
 * is still invisible (found by the contact, R-634), AC 4 better. */
Test(r14_invis, s14_8_improved_invisibility_is_not_broken_by_attacking_r635)
{
	struct tf t;
	open_inv(&t,
		 "      - {name: Ilo, class: illusionist, level: 10, hp: 30, "
		 "weapon: dagger, position: [20, 30], spells: [improved "
		 "invisibility]}\n",
		 "      - {name: Kor, class: fighter, level: 4, hp: 30, ac: 2, "
		 "weapon: long sword, position: [20.5, 30]}\n");
	cast_one(&t, 0, order(&t, 1, "improved invisibility", 0, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[8], 14, "4 + 1/level rounds");
	t.nev = 0;
	static const int dice[] = {6, 1, 10, 2, 10, 2, 10, 2};
	tf_dice(&t, dice, 8);
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b); /* finds him first (RULING R-634) */
	const struct bs_event *d = NULL;
	for (int i = 0; i < t.nev && !d; i++)
		if (t.evs[i].ev.type == BS_EV_DUEL && t.evs[i].ev.side == 0)
			d = &t.evs[i].ev;
	cr_assert_not_null(d, "Ilo strikes");
	cr_assert_null(tf_cast_ev(&t, 4, 0), "not broken");
	bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_invis_ac(t.b, t.b->indiv_first[0] + 1), 4);
	tf_close(&t);
}

/* The same blows under the PH's invisibility end it (RULING R-635); the
 * Melee Phase finds him in contact before any blow (RULING ):
 * the note comes before the first duel event. */
Test(r14_invis, s14_8_a_blow_ends_invisibility_r635)
{
	struct tf t;
	open_inv(&t, NULL, KOR_AT_ZAN);
	cast_one(&t, 0, order(&t, 0, "invisibility", 0, 0));
	t.nev = 0;
	static const int dice[] = {6, 1, 10, 2, 10, 2, 10, 2};
	tf_dice(&t, dice, 8);
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b); /* finds him first (RULING R-634) */
	const struct bs_event *found = note_with(&t, "R-634");
	cr_assert_not_null(found, "found in the Melee Phase");
	for (int i = 0; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_DUEL) {
			cr_assert_lt(found, &t.evs[i].ev, "found, then blows");
			break;
		}
	const struct bs_event *e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e, "his blow ends it");
	cr_assert(strstr(e->why, "R-635"), "%s", e->why);
	cr_assert_eq(bs1e_fx_invis_ac(t.b, 0), 4);
	bs1e_fx_end_round(t.b);
	cr_assert_eq(bs1e_fx_invis_ac(t.b, 0), 0);
	tf_close(&t);
}

/* RULING R-633: the doctrine's Bows shoot at Zan standing alone in
 * range, and not once he is invisible. */
Test(r14_invis, s14_8_the_doctrine_does_not_target_him_r633)
{
	struct tf t;
	open_inv(&t, NULL, NULL);
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_fire_order o[8];
	int n = ai->ctl.fire(ai->ctl.ctx, t.b, 1, BS_FIRE_PHASE, 0, o, 8);
	int at_zan = 0;
	for (int i = 0; i < n; i++)
		at_zan |= o[i].tside == 0 && o[i].at_indiv && o[i].tunit == 0;
	cr_assert(at_zan, "visible, he is shot at");
	cast_one(&t, 0, order(&t, 0, "invisibility", 0, 0));
	n = ai->ctl.fire(ai->ctl.ctx, t.b, 1, BS_FIRE_PHASE, 0, o, 8);
	for (int i = 0; i < n; i++)
		cr_assert(
		    !(o[i].tside == 0 && o[i].at_indiv && o[i].tunit == 0),
		    "not at the invisible Zan");
	free(ai);
	tf_close(&t);
}

/* RULING: of the catalog's [14.8] spells, invisibility and
 * improved invisibility are played (bs_spell_played, no `spells`
 * warning); invisibility 10' radius, mass invisibility (areas: units)
 * and invisibility to animals (a limit on whom) are not. */
Test(r14_invis, s14_8_the_invisibility_spells_played_r632_r636)
{
	struct tf t;
	open_inv(&t, NULL, NULL);
	static const struct {
		const char *name;
		int played;
	} want[] = {{"invisibility", 1},
		    {"improved invisibility", 1},
		    {"invisibility 10' radius", 0},
		    {"mass invisibility", 0},
		    {"invisibility to animals", 0}};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct bs_spell *sp =
		    bs_scenario_spell(t.sc, want[i].name, -1);
		cr_assert_not_null(sp, "%s", want[i].name);
		cr_assert_eq(sp->category, BS_SPCAT_INVISIBILITY);
		cr_assert_eq(bs_spell_effect_played(sp), want[i].played, "%s",
			     want[i].name);
		cr_assert_eq(bs_spell_played(sp), want[i].played, "%s",
			     want[i].name);
	}
	tf_close(&t);
}
