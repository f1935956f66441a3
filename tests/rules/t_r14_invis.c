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

/* RULING: of the catalog's [14.8] spells,
 * invisibility, improved invisibility, invisibility 10' radius and mass
 * invisibility (areas: units), detect invisibility and true seeing are
 * played (bs_spell_played, no `spells` warning); invisibility to animals
 * (a limit on whom) is not. */
Test(r14_invis, s14_8_the_invisibility_spells_played_r632_r341_r636)
{
	struct tf t;
	open_inv(&t, NULL, NULL);
	static const struct {
		const char *name;
		int played;
	} want[] = {{"invisibility", 1},
		    {"improved invisibility", 1},
		    {"invisibility 10' radius", 1},
		    {"mass invisibility", 1},
		    {"detect invisibility", 1},
		    {"true seeing", 1},
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

/* ---- [14.8] invisibility on units (RULING R-341..R-345) ----------------- */

/* South: the Guards (4 men-at-arms, front (20, 20), Zan a 14th level
 * magic-user with invisibility 10' radius their member), the Pikes (4
 * men-at-arms with short bows, front (40, 20)), the Line (12 men-at-arms,
 * 6 files, front (60, 20)), Mer (a 14th level magic-user with mass
 * invisibility, at (50, 14)); North: the Bows (6 men-at-arms with long
 * bows, front (30, 34)), Mor (a 10th level magic-user with fireball, at
 * (30, 40)), then `north` (units). */
static void open_units_with(struct tf *t, const char *north,
			    const char *north_indivs)
{
	char *y = malloc(8192);
	cr_assert_not_null(y);
	int n = snprintf(
	    y, 8192,
	    "name: Invisible units\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
	    "table: {width: 72, depth: 96}\n"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Guards, figures: 4, creature: man-at-arms, "
	    "weapons: [spear], position: [20, 20], members: [Zan]}\n"
	    "      - {name: Pikes, figures: 4, creature: man-at-arms, "
	    "weapons: [spear, short bow], position: [40, 20]}\n"
	    "      - {name: Line, figures: 12, creature: man-at-arms, "
	    "weapons: [spear], frontage: 6, position: [60, 20]}\n"
	    "    individuals:\n"
	    "      - {name: Zan, class: magic-user, level: 14, hp: 30, "
	    "spells: [invisibility 10' radius]}\n"
	    "      - {name: Mer, class: magic-user, level: 14, hp: 30, "
	    "position: [50, 14], spells: [mass invisibility]}\n"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Bows, figures: 6, creature: man-at-arms, "
	    "weapons: [long bow], frontage: 6, position: [30, 34]}\n%s"
	    "    individuals:\n"
	    "      - {name: Mor, class: magic-user, level: 10, hp: 30, "
	    "position: [30, 40], spells: [fireball]}\n%s",
	    north ? north : "", north_indivs ? north_indivs : "");
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

static void open_units(struct tf *t, const char *north)
{
	open_units_with(t, north, NULL);
}

/* A cast of individual `indiv` at unit `tunit` of `tside`. */
static struct bs_cast_order at_unit(struct tf *t, int indiv, const char *sp,
				    int tside, int tunit)
{
	return (struct bs_cast_order){
	    indiv, tf_spell(t, sp), tside, tunit, -1, 0, 0, 0, NULL};
}

/* [14.8] Invisibility 10' radius cast by Zan at his own unit (range
 * touch: he stands with it): the Guards, wholly in the area, get the
 * Invisible marker on their 4 figures (RULING R-341) and "must always
 * operate in skirmish formation": from closed to skirmish (a FORMATION
 * event), and they stay in it when out of command. */
Test(r14_invis, s14_8_invisibility_10_radius_on_his_unit_r341_r343)
{
	struct tf t;
	open_units(&t, NULL);
	int g = tf_g(&t, 0, 0);
	cr_assert_neq(t.b->units[g].formation, BS_FORM_SKIRMISH);
	cr_assert(!bs1e_unit_unseen(t.b, 0, 0));
	cast_one(&t, 0, at_unit(&t, 0, "invisibility 10' radius", 0, 0));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->tunit, 0);
	cr_assert_eq(e->n[1], BS_SPFX_INVISIBLE);
	cr_assert_eq(e->n[7], 4, "every figure");
	cr_assert_eq(e->n[9], BS1E_MARKER_INVISIBLE);
	cr_assert(strstr(e->cite, "R-341"), "%s", e->cite);
	cr_assert(bs1e_unit_unseen(t.b, 0, 0));
	cr_assert_eq(bs1e_fx_unit_invis_ac(t.b, g), 4);
	cr_assert_eq(t.b->units[g].formation, BS_FORM_SKIRMISH);
	cr_assert_not_null(tf_find(&t, BS_EV_FORMATION, 0));
	/* no other unit is affected */
	cr_assert(!bs1e_unit_unseen(t.b, 0, 1));
	cr_assert(!bs1e_unit_unseen(t.b, 1, 0));
	/* out of command ([7.6] to open formation): it stays skirmish */
	t.b->units[g].commander = -1;
	bs1e_command_update(t.b, 0);
	cr_assert_eq(t.b->units[g].formation, BS_FORM_SKIRMISH);
	tf_close(&t);
}

/* RULING R-341: invisibility 10' radius is cast at a unit of his side; at
 * an enemy unit it is REJECTED. */
Test(r14_invis, s14_8_area_invisibility_at_an_enemy_is_rejected_r341)
{
	struct tf t;
	open_units(&t, NULL);
	struct bs1e_cast_plan p;
	struct bs_cast_order o =
	    at_unit(&t, 0, "invisibility 10' radius", 1, 0);
	cr_assert_eq(bs1e_check_cast(t.b, 0, &o, &p), 0);
	cr_assert_str_eq(p.cite, "[14.8] RULING R-341");
	tf_close(&t);
}

/* RULING R-342: mass invisibility at the Line (12 figures in 6 files):
 * the area covers only part of it: no figure is made invisible (a CAST
 * with none affected; the Pikes, wholly covered: see
 * s14_8_its_volley_ends_it_the_minus_4_to_the_round_end_r345). */
Test(r14_invis, s14_8_a_unit_partly_in_the_area_is_not_affected_r342)
{
	struct tf t;
	open_units(&t, NULL);
	struct bs_cast_order o = at_unit(&t, 1, "mass invisibility", 0, 2);
	o.aim = 1;
	o.x = 60;
	o.y = 19;
	struct bs1e_cast_plan p;
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p), "%s", p.why);
	cast_one(&t, 0, o);
	const struct bs_event *e = tf_cast_ev(&t, 3, 0);
	cr_assert_not_null(e);
	cr_assert_eq(e->tunit, 2);
	cr_assert(e->n[3] > 0 && e->n[3] < 12, "part in the area: %d", e->n[3]);
	cr_assert_eq(e->n[7], 0, "none invisible");
	cr_assert(strstr(e->why, "R-342"), "%s", e->why);
	cr_assert(!bs1e_unit_unseen(t.b, 0, 2));
	cr_assert_neq(tf_unit(&t, 0, 2)->formation, BS_FORM_SKIRMISH);
	tf_close(&t);
}

/* [14.8] "figures unable to see the invisible figures cannot make magic
 * or missile attacks" and "They cannot be attacked unless they are
 * detected": the Bows' volley at the Guards and Mor's fireball at them
 * are legal before, REJECTED after (RULING R-343). */
Test(r14_invis, s14_8_no_volley_nor_spell_at_an_invisible_unit_r343)
{
	struct tf t;
	open_units(&t, NULL);
	struct bs1e_volley_plan p;
	bs1e_volley_plan(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert(p.legal, "%s", p.why);
	struct bs1e_cast_plan c;
	struct bs_cast_order o = at_unit(&t, 0, "fireball", 0, 0);
	cr_assert(bs1e_check_cast(t.b, 1, &o, &c), "%s", c.why);
	cast_one(&t, 0, at_unit(&t, 0, "invisibility 10' radius", 0, 0));
	bs1e_volley_plan(t.b, 1, 0, 0, 0, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert_eq(p.legal, 0);
	cr_assert_str_eq(p.cite, "[14.8] RULING R-343");
	cr_assert_eq(bs1e_check_cast(t.b, 1, &o, &c), 0);
	cr_assert_str_eq(c.cite, "[14.8] RULING R-343");
	tf_close(&t);
}

/* RULING R-345: the Pikes, invisible by mass invisibility, shoot at the
 * Bows: their invisibility ends (a CAST `ends`, step 4); the Bows' volley
 * at them is legal again, with the -4 AC as an AR term of +4 for the rest
 * of the Game Round, none after its end. */
Test(r14_invis, s14_8_its_volley_ends_it_the_minus_4_to_the_round_end_r345)
{
	struct tf t;
	open_units(&t, NULL);
	cast_one(&t, 0, at_unit(&t, 1, "mass invisibility", 0, 1));
	int g = tf_g(&t, 0, 1);
	cr_assert(bs1e_unit_unseen(t.b, 0, 1));
	t.nev = 0;
	bs1e_fire(t.b, g, tf_g(&t, 1, 0), BS_FIRE_PHASE, -1, NULL,
		  "at the Bows");
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_not_null(tf_find(&t, BS_EV_VOLLEY, 0));
	const struct bs_event *e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e, "its invisibility ends");
	cr_assert_eq(e->tunit, 1);
	cr_assert(strstr(e->cite, "R-345"), "%s", e->cite);
	cr_assert(!bs1e_unit_unseen(t.b, 0, 1));
	struct bs1e_volley_plan p;
	bs1e_volley_plan(t.b, 1, 0, 0, 1, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert(p.legal, "%s", p.why);
	cr_assert(tf_has_term(&p.ar, 4, "invisible"), "AC 4 better");
	bs1e_fx_end_round(t.b);
	next_round(&t, 1);
	cr_assert_eq(bs1e_fx_unit_invis_ac(t.b, g), 0);
	bs1e_volley_plan(t.b, 1, 0, 0, 1, BS_FIRE_PHASE, -1, NULL, &p);
	cr_assert(!tf_has_term(&p.ar, 4, "invisible"));
	tf_close(&t);
}

/* [14.8] "If an invisible figure comes into base-to-base contact with any
 * enemy figure at any point, the invisible figure must be placed on the
 * board, but gets an immediate free melee, missile, or magic attack. It
 * can then melee normally during that Game Round": the Foot touch the
 * invisible Guards: found (a NOTE, RULING R-344), the Guards' free melee
 * attack at once (an ATTACK cited R-344), which ends their invisibility
 * in the Melee Phase the Guards fight again and the Foot's
 * attack has the +4 of the Guards' AC 4 better. */
Test(r14_invis, s14_8_contact_finds_the_unit_and_its_free_attack_r344)
{
	struct tf t;
	open_units(&t,
		   "      - {name: Foot, figures: 4, creature: man-at-arms, "
		   "weapons: [spear], position: [20, 20]}\n");
	cast_one(&t, 0, at_unit(&t, 0, "invisibility 10' radius", 0, 0));
	cr_assert(bs1e_unit_unseen(t.b, 0, 0));
	int g = tf_g(&t, 0, 0), h = tf_g(&t, 1, 1);
	cr_assert(bs1e_melee_eligible(t.b, g, h) > 0, "in contact");
	t.nev = 0;
	bs1e_fx_invis_contact(t.b);
	const struct bs_event *n = tf_find(&t, BS_EV_NOTE, 0);
	cr_assert_not_null(n, "found");
	cr_assert(strstr(n->cite, "R-344"), "%s", n->cite);
	const struct bs_event *a = tf_find(&t, BS_EV_ATTACK, 0);
	cr_assert_not_null(a, "the free attack");
	cr_assert(strstr(a->cite, "R-344"), "%s", a->cite);
	cr_assert_not_null(tf_cast_ev(&t, 4, 0), "its attack ends it");
	cr_assert(!bs1e_unit_unseen(t.b, 0, 0));
	cr_assert_eq(bs1e_fx_unit_invis_ac(t.b, g), 4, "to the round's end");
	t.nev = 0;
	tf_phase(&t, BS_PHASE_MELEE);
	bs1e_phase_melee(t.b);
	const struct bs_event *mine = NULL, *theirs = NULL;
	for (int i = 0; i < t.nev; i++) {
		const struct bs_event *x = &t.evs[i].ev;
		if (x->type != BS_EV_ATTACK)
			continue;
		if (x->side == 0 && !mine)
			mine = x;
		if (x->side == 1 && !theirs)
			theirs = x;
	}
	cr_assert_not_null(mine, "it melees normally");
	cr_assert_not_null(theirs);
	cr_assert(tf_has_term(&theirs->deriv, 4, "invisible"),
		  "the Foot strike AC 4 better");
	cr_assert(!tf_has_term(&mine->deriv, 4, "invisible"));
	tf_close(&t);
}

/* ---- [14.8] detect invisibility and true seeing (RULING R-702) --------- */

/* open_units with North's Ned (a 10th level magic-user with detect
 * invisibility, individual 1) at (nx, ny) and Cle (a 10th level cleric
 * with true seeing, individual 2) at (cx, cy); the Guards made invisible
 * by Zan's invisibility 10' radius. */
static void open_seeing(struct tf *t, double nx, double ny, double cx,
			double cy)
{
	char ind[512];
	snprintf(ind, sizeof ind,
		 "      - {name: Ned, class: magic-user, level: 10, hp: 30, "
		 "position: [%g, %g], spells: [detect invisibility]}\n"
		 "      - {name: Cle, class: cleric, level: 10, hp: 40, "
		 "position: [%g, %g], spells: [true seeing]}\n",
		 nx, ny, cx, cy);
	open_units_with(t, NULL, ind);
	cast_one(t, 0, at_unit(t, 0, "invisibility 10' radius", 0, 0));
	cr_assert(bs1e_unit_unseen(t->b, 0, 0));
}

/* The NOTE of R-702 (what was found), NULL none. */
static const struct bs_event *found_note(struct tf *t)
{
	return note_with(t, "R-702");
}

/* [14.8] "If invisible figures enter a detect invisibility spell area of
 * effect ... they must be immediately placed on the board": Ned, 2" north
 * of the invisible Guards' front (in skirmish formation, before one of
 * their files) and facing south (his edge's facing),
 * casts detect invisibility on himself; its path (1" wide and 10" long
 * in the AD&D game: 1/2" x 3 1/3" by Table 17 and R-570) covers their
 * front: they are found at once, a NOTE by Ned at the Guards citing
 * [14.8]; they can be attacked, and keep the -4 to their AC. */
Test(r14_invis, s14_8_detect_invisibility_finds_the_unit_r702)
{
	struct tf t;
	open_seeing(&t, 19.375, 22, 60, 60);
	int g = tf_g(&t, 0, 0);
	cast_one(&t, 1, order(&t, 1, "detect invisibility", 1, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *c = tf_cast_ev(&t, 0, 1);
	cr_assert_not_null(c);
	cr_assert_eq(c->n[5], BS_AREA_LINE);
	cr_assert_float_eq(c->n[6] / 100.0, 10.0 / 3, 0.01, "%d", c->n[6]);
	cr_assert_eq(c->n[7], 50, "1\" wide: 1/2\" on the table");
	const struct bs_event *e = tf_cast_ev(&t, 3, 1);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[1], BS_SPFX_SEE_INVISIBLE);
	cr_assert_eq(e->n[8], 50, "5 rounds a level");
	const struct bs_event *f = found_note(&t);
	cr_assert_not_null(f);
	cr_assert_eq(f->side, 1);
	cr_assert_eq(f->indiv, 1, "Ned found them");
	cr_assert_eq(f->tside, 0);
	cr_assert_eq(f->tunit, 0, "the Guards");
	cr_assert(strstr(f->cite, "[14.8]"), "%s", f->cite);
	char line[1024];
	bs_report_text(t.sc, f, line, sizeof line);
	cr_assert(strstr(line, "Ned"), "%s", line);
	cr_assert(strstr(line, "Guards"), "%s", line);
	cr_assert(strstr(line, "detect invisibility"), "%s", line);
	bs_report_text(t.sc, e, line, sizeof line);
	cr_assert(strstr(line, "1 sees the invisible for 50 Game Rounds"), "%s",
		  line);
	json_t *j = bs_report_json(t.sc, e);
	cr_assert_str_eq(json_string_value(json_object_get(j, "effect")),
			 "see-invisible");
	json_decref(j);
	cr_assert(!bs1e_unit_unseen(t.b, 0, 0), "found: it can be attacked");
	cr_assert(bs1e_fx_unit_invisible(t.b, g), "still invisible");
	cr_assert_eq(bs1e_fx_unit_invis_ac(t.b, g), 4);
	/* the Pikes, not invisible, are no NOTE's */
	int notes = 0;
	for (int i = 0; i < t.nev; i++)
		notes += t.evs[i].ev.type == BS_EV_NOTE && t.evs[i].ev.cite &&
			 strstr(t.evs[i].ev.cite, "R-702") != NULL;
	cr_assert_eq(notes, 1);
	tf_close(&t);
}

/* RULING R-702: the path runs the way he faces, for the spell's
 * duration: Ned 10" east of the Guards' files sees nothing; moved in front of
 * them (still facing south), the next phase boundary's search
 * (bs1e_fx_invis_contact) finds them. */
Test(r14_invis, s14_8_detect_invisibility_the_way_he_faces_for_its_rounds_r702)
{
	struct tf t;
	open_seeing(&t, 30, 23, 60, 60);
	cast_one(&t, 1, order(&t, 1, "detect invisibility", 1, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	cr_assert_null(found_note(&t));
	cr_assert(bs1e_unit_unseen(t.b, 0, 0));
	/* facing away (north), in front of them: nothing */
	int k = t.b->indiv_first[1] + 1;
	t.b->indivs[k].pos = (struct bs_vec){19.375, 22};
	double south = t.b->indivs[k].facing;
	t.b->indivs[k].facing = south + 180;
	bs1e_fx_invis_contact(t.b);
	cr_assert_null(found_note(&t));
	t.b->indivs[k].facing = south;
	bs1e_fx_end_round(t.b);
	bs1e_fx_invis_contact(t.b);
	cr_assert_not_null(found_note(&t));
	cr_assert(!bs1e_unit_unseen(t.b, 0, 0));
	tf_close(&t);
}

/* [14.8] "come within range of a true sight spell": Cle's true seeing on
 * himself sees 6" (the PH's 60', a range in table inches, RULING R-702):
 * 8" from the Guards' front, nothing; at 5", found. A true seeing cast
 * on an enemy is REJECTED; one on a friend standing alone needs touch. */
Test(r14_invis, s14_8_true_seeing_finds_within_6_inches_r702)
{
	struct tf t;
	open_seeing(&t, 60, 60, 20, 28);
	struct bs1e_cast_plan p;
	struct bs_cast_order o = order(&t, 2, "true seeing", 0, 0);
	cr_assert_eq(bs1e_check_cast(t.b, 1, &o, &p), 0, "at an enemy");
	cr_assert_str_eq(p.cite, "[14.8] RULING R-702");
	o = order(&t, 2, "true seeing", 1, 0);
	cr_assert_eq(bs1e_check_cast(t.b, 1, &o, &p), 0, "Mor, not touched");
	cast_one(&t, 1, order(&t, 2, "true seeing", 1, 2));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *e = tf_cast_ev(&t, 3, 1);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[8], 10, "1 round a level");
	cr_assert_null(found_note(&t));
	int k = t.b->indiv_first[1] + 2;
	t.b->indivs[k].pos = (struct bs_vec){20, 25};
	bs1e_fx_invis_contact(t.b);
	const struct bs_event *f = found_note(&t);
	cr_assert_not_null(f);
	cr_assert_eq(f->indiv, 2, "Cle found them");
	cr_assert(!bs1e_unit_unseen(t.b, 0, 0));
	tf_close(&t);
}

/* RULING R-702: after its rounds the seeing ends (a CAST `ends`): Cle,
 * moved within 6" of the Guards after his 10 Game Rounds, finds nothing. */
Test(r14_invis, s14_8_true_seeing_ends_after_its_rounds_r702)
{
	struct tf t;
	open_seeing(&t, 60, 60, 20, 28);
	cast_one(&t, 1, order(&t, 2, "true seeing", 1, 2));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	for (int r = 0; r < 10; r++)
		bs1e_fx_end_round(t.b);
	cr_assert_not_null(tf_cast_ev(&t, 4, 0));
	t.b->indivs[t.b->indiv_first[1] + 2].pos = (struct bs_vec){20, 25};
	bs1e_fx_invis_contact(t.b);
	cr_assert_null(found_note(&t));
	cr_assert(bs1e_unit_unseen(t.b, 0, 0));
	tf_close(&t);
}

/* RULING R-702: an invisible individual standing alone is found too:
 * Zan, invisible, 2" south of Ned who faces him. */
Test(r14_invis, s14_8_detect_invisibility_finds_an_individual_r702)
{
	struct tf t;
	open_inv(&t, NULL,
		 "      - {name: Ned, class: magic-user, level: 10, hp: 30, "
		 "position: [36, 32], spells: [detect invisibility]}\n");
	cast_one(&t, 0, order(&t, 0, "invisibility", 0, 0));
	cr_assert(bs1e_indiv_unseen(t.b, 0, 0));
	cast_one(&t, 1, order(&t, 1, "detect invisibility", 1, 1));
	cr_assert_null(tf_rejected(&t), "%s", tf_rejected(&t));
	const struct bs_event *f = found_note(&t);
	cr_assert_not_null(f);
	cr_assert_eq(f->tside, 0);
	cr_assert_eq(f->tindiv, 0, "Zan");
	cr_assert(!bs1e_indiv_unseen(t.b, 0, 0));
	cr_assert_eq(bs1e_fx_invis_ac(t.b, 0), 4);
	tf_close(&t);
}

/* ---- the doctrine casts invisibility (RULING R-703) --------------------- */

/* The doctrine's casts of `side` (its controller's cast step). */
static int ai_casts(struct tf *t, int side, struct bs_cast_order *o, int max)
{
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	int n = ai->ctl.cast(ai->ctl.ctx, t->b, side, o, max);
	free(ai);
	return n;
}

/* The doctrine's cast of side's individual k in orders o (n), NULL none. */
static const struct bs_cast_order *cast_of(const struct bs_cast_order *o, int n,
					   int k)
{
	for (int i = 0; i < n; i++)
		if (o[i].indiv == k)
			return &o[i];
	return NULL;
}

/* RULING R-703: Zan, with the Guards, casts invisibility 10' radius on
 * them when an enemy unit stands within 12" of them (the Raiders, 10"
 * off), with its reason; with no enemy near he casts nothing. */
Test(r14_invis, s14_8_the_doctrine_hides_a_threatened_unit_r703)
{
	struct bs_cast_order o[8];
	struct tf t;
	open_units(&t, NULL);
	int n = ai_casts(&t, 0, o, 8);
	cr_assert_null(cast_of(o, n, 0), "no enemy near the Guards");
	tf_close(&t);
	open_units(&t, "      - {name: Raiders, figures: 4, creature: "
		       "man-at-arms, weapons: [spear], position: [20, 30]}\n");
	n = ai_casts(&t, 0, o, 8);
	const struct bs_cast_order *c = cast_of(o, n, 0);
	cr_assert_not_null(c, "the Raiders are 10\" off");
	cr_assert_str_eq(c->spell->name, "invisibility 10' radius");
	cr_assert_eq(c->tside, 0);
	cr_assert_eq(c->tunit, 0, "the Guards");
	cr_assert(c->why && strstr(c->why, "R-703"), "%s", c->why);
	/* cast: hidden; then it is worth nothing more */
	cast_one(&t, 0, *c);
	cr_assert(bs1e_unit_unseen(t.b, 0, 0));
	next_round(&t, t.b->indiv_first[0]);
	n = ai_casts(&t, 0, o, 8);
	cr_assert_null(cast_of(o, n, 0), "invisible already");
	tf_close(&t);
}

/* RULING R-703: Ned casts detect invisibility when his side faces the
 * invisible Guards (its path finds them), not when they are visible. */
Test(r14_invis, s14_8_the_doctrine_casts_detect_invisibility_r703)
{
	struct bs_cast_order o[8];
	struct tf t;
	char ind[256];
	snprintf(ind, sizeof ind,
		 "      - {name: Ned, class: magic-user, level: 10, hp: 30, "
		 "position: [19.375, 22], spells: [detect invisibility]}\n");
	open_units_with(&t, NULL, ind);
	int n = ai_casts(&t, 1, o, 8);
	cr_assert_null(cast_of(o, n, 1), "nothing invisible");
	cast_one(&t, 0, at_unit(&t, 0, "invisibility 10' radius", 0, 0));
	n = ai_casts(&t, 1, o, 8);
	const struct bs_cast_order *c = cast_of(o, n, 1);
	cr_assert_not_null(c);
	cr_assert_str_eq(c->spell->name, "detect invisibility");
	cr_assert_eq(c->tside, 1);
	cr_assert_eq(c->tindiv, 1, "on himself");
	cr_assert(c->why && strstr(c->why, "R-703"), "%s", c->why);
	cast_one(&t, 1, *c);
	cr_assert_not_null(found_note(&t));
	tf_close(&t);
}

/* ---- [14.8] a lone invisible individual's free attack (RULING R-704) --- */

/* [14.8] "If an invisible figure comes into base-to-base contact with any
 * enemy figure at any point, the invisible figure must be placed on the
 * board, but gets an immediate free melee ... attack": Zan, invisible,
 * touching Kor, is found and strikes him at once, one AD&D round of his
 * blows [9.4 B] (the d20 20 hits); the blow is an attack, his
 * invisibility ends, the -4 kept to the round's end. */
Test(r14_invis, s14_8_a_lone_invisible_individual_strikes_whom_he_touches_r704)
{
	struct tf t;
	open_inv(&t, NULL, KOR_AT_ZAN);
	cast_one(&t, 0, order(&t, 0, "invisibility", 0, 0));
	cr_assert(bs1e_indiv_unseen(t.b, 0, 0));
	int kor = t.b->indiv_first[1] + 1;
	int hp = t.b->indivs[kor].hp;
	t.nev = 0;
	static const int dice[] = {20, 1};
	tf_dice(&t, dice, 2);
	bs1e_fx_invis_contact(t.b);
	const struct bs_event *n = note_with(&t, "R-704");
	cr_assert_not_null(n, "found, with his free attack");
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_not_null(d, "his free blow");
	cr_assert_eq(d->side, 0);
	cr_assert_eq(d->indiv, 0, "Zan strikes");
	cr_assert_eq(d->tside, 1);
	cr_assert_eq(d->tindiv, 1, "at Kor");
	cr_assert_lt(t.b->indivs[kor].hp, hp, "the blow hit");
	const struct bs_event *e = tf_cast_ev(&t, 4, 0);
	cr_assert_not_null(e, "his invisibility ends");
	cr_assert(strstr(e->cite, "R-635"), "%s", e->cite);
	cr_assert_eq(bs1e_fx_invis_ac(t.b, 0), 4, "the -4 to the round's end");
	/* found once: no second free attack at the next phase boundary */
	t.nev = 0;
	bs1e_fx_invis_contact(t.b);
	cr_assert_null(tf_find(&t, BS_EV_DUEL, 0));
	tf_close(&t);
}

/* RULING R-704: touching an enemy unit, his free attack is at its figures
 * [9.4 A] (a `hero_attack` event at the Bows), losses applied at once. */
Test(r14_invis, s14_8_his_free_attack_at_a_unit_s_figures_r704)
{
	struct tf t;
	open_inv(&t, NULL, NULL);
	cast_one(&t, 0, order(&t, 0, "invisibility", 0, 0));
	struct bs_quad q = bs1e_quad(t.b, tf_g(&t, 1, 0));
	double ymin = q.p[0].y;
	for (int i = 1; i < 4; i++)
		if (q.p[i].y < ymin)
			ymin = q.p[i].y;
	double w = bs1e_sc(t.b)->ix[0].base;
	t.b->indivs[0].pos = (struct bs_vec){36, ymin - w / 2};
	t.nev = 0;
	bs1e_fx_invis_contact(t.b);
	cr_assert_not_null(note_with(&t, "R-704"));
	const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
	cr_assert_not_null(h, "his attack on the Bows' figures");
	cr_assert_eq(h->indiv, 0);
	cr_assert_eq(h->tside, 1);
	cr_assert_eq(h->tunit, 0);
	cr_assert_not_null(tf_cast_ev(&t, 4, 0), "his invisibility ends");
	tf_close(&t);
}
