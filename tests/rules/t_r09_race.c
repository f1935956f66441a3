/* The special attacks and defences of an individual's race in play, the
 * Advanced Game (issue 15's [9.4] with [13.2] [13.3] [13.5]): a wight
 * hero hit only by magic weapons in individual combat [9.4 B], by
 * figures and by a unit's volley [9.4 A] (RULING R-730); his level drain
 * in a duel by AD&D rules and his doubled damage on figures; a
 * poisonous hero's bite in a duel (the saving throw) and on figures (the
 * extra damage, R-603); the end-of-melee checks of a unit
 * touching him. Rulings in docs/rulings/heroes.md. */
#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_tables.h"
#include "bs1e/engine.h"
#include "bs1e_fixture.h"

/* A two-side scenario at `level`: each side a unit far in its corner
 * with its commander, then `u0` / `u1` (more units) and `i0` / `i1`
 * (more individuals); `cat` catalog lines (top level). */
static void open_race(struct tf *t, const char *level, const char *cat,
		      const char *u0, const char *i0, const char *u1,
		      const char *i1)
{
	char *y = malloc(16384);
	cr_assert_not_null(y);
	int n = snprintf(
	    y, 16384,
	    "name: Race test\nrules: bs1e\nlevel: %s\ngame: adnd\n"
	    "table: {width: 72, depth: 48}\n%s"
	    "sides:\n"
	    "  - name: South\n    edge: south\n    units:\n"
	    "      - {name: Far S, figures: 8, creature: man-at-arms, weapons: "
	    "[long sword], position: [4, 3], commander: CS}\n%s"
	    "    individuals:\n"
	    "      - {name: CS, class: fighter, level: 3, hp: 20, ac: 5, "
	    "abilities: {cha: 12}, rank: unit}\n%s"
	    "  - name: North\n    edge: north\n    units:\n"
	    "      - {name: Far N, figures: 8, creature: man-at-arms, weapons: "
	    "[long sword], position: [68, 45], commander: CN}\n%s"
	    "    individuals:\n"
	    "      - {name: CN, class: fighter, level: 3, hp: 20, ac: 5, "
	    "abilities: {cha: 12}, rank: unit}\n%s",
	    level, cat ? cat : "", u0 ? u0 : "", i0 ? i0 : "", u1 ? u1 : "",
	    i1 ? i1 : "");
	cr_assert(n > 0 && n < 16384);
	tf_open(t, y);
	free(y);
	t->b->round = 1;
	t->b->side_a = 0;
	t->b->side_order[0] = 0;
	t->b->side_order[1] = 1;
}

static int ki(struct tf *t, const char *name)
{
	for (int k = 0; k < t->b->nindivs; k++)
		if (strcmp(t->b->indivs[k].def->name, name) == 0)
			return k;
	cr_assert_fail("no individual %s", name);
	return -1;
}

static struct bs_indiv_state *ind(struct tf *t, const char *name)
{
	return &t->b->indivs[ki(t, name)];
}

static void melee(struct tf *t)
{
	tf_phase(t, BS_PHASE_MELEE);
	bs1e_phase_melee(t->b);
	cr_assert(!t->b->dice.failed, "%s", t->b->dice.error);
}

/* The n-th event of `type` whose text has `what`, or NULL. */
static const struct bs_event *find_what(struct tf *t, enum bs_ev type,
					const char *what, int n)
{
	for (int i = 0; i < t->nev; i++)
		if (t->evs[i].ev.type == type && strstr(t->evs[i].what, what) &&
		    n-- == 0)
			return &t->evs[i].ev;
	return NULL;
}

#define WIGHT_AT(x, y)                                                         \
	"      - {name: Wil, race: wight, hp: 30, "                            \
	"position: [" #x ", " #y "]}\n"

/* ---- [13.3] hit only by magic weapons (RULING R-730) ------------------- */

/* [13.3] "Some creatures are hit only by magic or silver weapons" and
 * [9.4 B] "normal AD&D game melee rules": a fighter with a long sword
 * without a plus cannot harm a wight hero: no d20 is rolled for his
 * blows, a note says why; the wight's claw (d4) harms the fighter. */
Test(r09_race, s9_4_b_ruling_r730_normal_sword_cannot_harm_a_wight)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 5, hp: 40, "
			"ac: 10, weapon: long sword, position: [36, 20]}\n";
	open_race(&t, "intermediate", NULL, NULL, a, NULL, WIGHT_AT(36, 20.5));
	/* per AD&D round: two initiative d6 (Ada first), Wil's d20 and d4 */
	tf_dice(&t,
		(int[]){6, 1, 20, 4, 6, 1, 20, 4, 6, 1, 20, 4, 1, 1, 1, 1, 1},
		17);
	melee(&t);
	cr_assert_eq(ind(&t, "Wil")->hp, 30, "no harm to the wight");
	const struct bs_event *n =
	    find_what(&t, BS_EV_NOTE, "his blows cannot harm the enemy", 0);
	cr_assert_not_null(n);
	cr_assert_str_eq(n->cite, "[13.3] [9.4 B] RULING R-730");
	cr_assert_eq(n->side, 0, "Ada's note");
	for (int i = 0; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_DUEL)
			cr_assert_eq(t.evs[i].ev.side, 1, "only Wil's blows");
	cr_assert_not_null(tf_find(&t, BS_EV_DUEL, 0), "Wil strikes");
	cr_assert_lt(ind(&t, "Ada")->hp, 40, "the claw harms her");
	tf_close(&t);
}

/* RULING R-730: the same fighter with a long sword +1 harms him (THAC0
 * 16 - AC 5 = 11, -1 the sword: a 10 hits, d8 + 1). */
Test(r09_race, s9_4_b_ruling_r730_a_plus_1_sword_harms_a_wight)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 5, hp: 40, "
			"ac: 10, weapon: {name: long sword, plus: 1}, "
			"position: [36, 20]}\n";
	open_race(&t, "intermediate", NULL, NULL, a, NULL, WIGHT_AT(36, 20.5));
	/* round 1: initiative Ada 6, Wil 1; Ada's d20 10, d8 5; Wil's d20 1
	 * (a miss) */
	tf_dice(&t, (int[]){6, 1, 10, 5, 1, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1},
		16);
	melee(&t);
	const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
	cr_assert_not_null(d);
	cr_assert_eq(d->side, 0);
	cr_assert_eq(d->n[2], 1, "10 hits");
	cr_assert_eq(d->n[3], 5 + 1, "d8 5 + 1");
	cr_assert_null(
	    find_what(&t, BS_EV_NOTE, "his blows cannot harm the enemy", 0));
	cr_assert_lt(ind(&t, "Wil")->hp, 30 - 5);
	tf_close(&t);
}

/* An orc unit facing west, its front touching the wight (at x 36). */
#define ORCS_AT(weapons)                                                       \
	"      - {name: Orcs, figures: 8, creature: orc, weapons: [" weapons   \
	"], position: [36.25, 20], facing: west, frontage: 4, commander: "     \
	"Og}\n"
#define OG "      - {name: Og, race: orc, hp: 8, rank: unit}\n"

/* [13.3] [9.4 A] RULING R-730: figures with normal long swords attack a
 * wight hero: no attack roll, no hit points lost, a note; [13.3] "If a
 * unit ends a Melee Phase in base-to-base contact with an enemy figure
 * or unit it cannot possibly harm, it makes an immediate Morale Check"
 * and [13.5] [4.4 T5] contact with undead or level drainers (RULING
 * the orcs check twice. */
Test(r09_race, s13_3_ruling_r730_r733_figures_cannot_harm_a_wight_hero)
{
	struct tf t;
	open_race(&t, "intermediate", NULL, NULL, WIGHT_AT(36, 20),
		  ORCS_AT("long sword"), OG);
	tf_dice(&t, (int[]){1, 1, 1, 1, 6, 6, 6, 6, 6, 6}, 10);
	melee(&t);
	cr_assert_null(tf_find(&t, BS_EV_FIGURE_ATTACK, 0), "no attack");
	const struct bs_event *n = find_what(
	    &t, BS_EV_NOTE, "its weapons cannot harm the enemy: he is hit", 0);
	cr_assert_not_null(n);
	cr_assert_str_eq(n->cite, "[13.3] [9.4 A] RULING R-730");
	cr_assert_eq(ind(&t, "Wil")->hp, 30);
	int undead = 0, unharm = 0;
	for (int i = 0; i < t.nev; i++) {
		const struct bs_event *e = &t.evs[i].ev;
		if (e->type != BS_EV_MORALE || e->side != 1)
			continue;
		undead += strstr(t.evs[i].cite, "[13.5]") != NULL;
		unharm += strstr(t.evs[i].cite, "[13.3]") != NULL;
	}
	cr_assert_eq(undead, 1, "contact with an undead level drainer");
	cr_assert_eq(unharm, 1, "contact with one it cannot harm");
	tf_close(&t);
}

/* RULING R-730: orcs with magic swords harm him. */
Test(r09_race, s13_3_ruling_r730_magic_weapons_harm_a_wight_hero)
{
	struct tf t;
	open_race(&t, "intermediate", NULL, NULL, WIGHT_AT(36, 20),
		  ORCS_AT("{name: long sword, plus: 1}"), OG);
	tf_dice(&t, (int[]){1, 1, 6, 6, 6, 6, 6, 6, 6, 6}, 10);
	melee(&t);
	const struct bs_event *f = tf_find(&t, BS_EV_FIGURE_ATTACK, 0);
	cr_assert_not_null(f, "the figure attacks");
	cr_assert_gt(f->n[5], 0);
	cr_assert_eq(ind(&t, "Wil")->hp, 30 - f->n[5]);
	for (int i = 0; i < t.nev; i++)
		if (t.evs[i].ev.type == BS_EV_MORALE)
			cr_assert_null(strstr(t.evs[i].cite, "[13.3]"),
				       "they can harm him: no [13.3] check");
	tf_close(&t);
}

/* ---- [13.5] level drain (RULING R-731) -------------------------------- */

/* [13.5] [9.4 B] RULING R-731, the Advanced Game: each hit of the
 * wight's claw drains a level of the fighter: level 5 to 4, his THAC0
 * 16 to 18 (the fighters' matrix; his AR too), his saving throws those of level
 * 4, 40 / 5 = 8 hit points of his maximum and of those he has. */
Test(r09_race, s13_5_ruling_r731_a_wight_drains_a_level_in_a_duel)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 5, hp: 40, "
			"ac: 10, weapon: {name: long sword, plus: 1}, "
			"position: [36, 20]}\n";
	open_race(&t, "advanced", NULL, NULL, a, NULL, WIGHT_AT(36, 20.5));
	int k = ki(&t, "Ada");
	struct bs1e_indiv_x *x = &bs1e_sc(t.b)->ix[k];
	cr_assert_eq(x->f.thac0, 16);
	int ar0 = x->ar, ppd0 = x->save[BS_SAVE_PPD];
	int lv4[5];
	cr_assert_eq(bs1e_saves_class("fighter", 4, lv4), 0);
	/* round 1: Wil first (initiative 1 against 6); his d20 20 hits, d4 3;
	 * Ada's d20 1 misses; rounds 2 and 3 both miss */
	tf_dice(&t, (int[]){1, 6, 20, 3, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1},
		17);
	melee(&t);
	const struct bs_event *h =
	    find_what(&t, BS_EV_HP, "a level drained", 0);
	cr_assert_not_null(h);
	cr_assert_str_eq(h->cite, "[13.5] [9.4 B] RULING R-731");
	cr_assert_eq(h->n[0], 8, "40 hp / 5 levels");
	cr_assert_eq(h->n[4], 4, "level 4");
	cr_assert_eq(h->n[2], 32, "hp_max 40 - 8");
	cr_assert_eq(ind(&t, "Ada")->hp_max, 32);
	cr_assert_eq(ind(&t, "Ada")->hp, 40 - 3 - 8);
	cr_assert_eq(x->drained, 1);
	int rep = 0, t4 = bs1e_thac0_class("fighter", 4, &rep);
	cr_assert_eq(t4, 18, "the fighters' matrix: levels 3-4");
	cr_assert_eq(x->f.thac0, t4, "a level 4 fighter's THAC0");
	cr_assert_eq(x->ar, ar0 + 2);
	cr_assert(tf_has_term(&x->ar_d, 2, "a level drained"));
	cr_assert_eq(x->save[BS_SAVE_PPD], lv4[BS_SAVE_PPD]);
	cr_assert_geq(x->save[BS_SAVE_PPD], ppd0);
	/* the battle's reset gives him back his numbers */
	bs1e_indivs_drain_reset(t.b);
	cr_assert_eq(x->f.thac0, 16);
	cr_assert_eq(x->ar, ar0);
	cr_assert_eq(x->save[BS_SAVE_PPD], ppd0);
	cr_assert_eq(ind(&t, "Ada")->hp_max, 40);
	cr_assert_eq(x->drained, 0);
	tf_close(&t);
}

/* RULING R-731: drained below level 1 he dies; at the Intermediate Game
 * the drain is not in force (an Advanced Game ability, R-305): the same
 * hit only wounds. */
Test(r09_race, s13_5_ruling_r731_drained_of_his_last_level_he_dies)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 1, hp: 40, "
			"ac: 10, weapon: {name: long sword, plus: 1}, "
			"position: [36, 20]}\n";
	int dice[] = {1, 6, 20, 3, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1};
	open_race(&t, "advanced", NULL, NULL, a, NULL, WIGHT_AT(36, 20.5));
	tf_dice(&t, dice, 17);
	melee(&t);
	cr_assert_not_null(
	    find_what(&t, BS_EV_HP, "drained of his last level: he dies", 0));
	cr_assert_eq(ind(&t, "Ada")->alive, 0);
	tf_close(&t);
	open_race(&t, "intermediate", NULL, NULL, a, NULL, WIGHT_AT(36, 20.5));
	tf_dice(&t, dice, 17);
	melee(&t);
	cr_assert_null(find_what(&t, BS_EV_HP, "drained", 0));
	cr_assert_eq(ind(&t, "Ada")->alive, 1);
	cr_assert_eq(ind(&t, "Ada")->hp, 40 - 3);
	cr_assert_eq(bs1e_sc(t.b)->ix[ki(&t, "Ada")].drained, 0);
	tf_close(&t);
}

/* [13.5] "When level-draining creatures engage in melee combat, they do
 * double damage" [9.4 A] RULING R-731 (R-311: the Advanced Game): the
 * wight hero's claw on an orc figure reads its HD twice; at the
 * Intermediate Game once. */
Test(r09_race, s13_5_ruling_r731_a_wight_hero_doubles_on_figures)
{
	int tenths[2];
	for (int adv = 0; adv < 2; adv++) {
		struct tf t;
		open_race(&t, adv ? "advanced" : "intermediate", NULL, NULL,
			  WIGHT_AT(36, 20),
			  ORCS_AT("{name: long sword, plus: 1}"), OG);
		/* the hero's 2d6 1 + 1 (the best), the figure's 6 + 6 */
		tf_dice(&t, (int[]){1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6}, 12);
		melee(&t);
		const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
		cr_assert_not_null(h, "Wil attacks the orcs");
		tenths[adv] = h->n[4];
		tf_close(&t);
	}
	cr_assert_gt(tenths[0], 0);
	cr_assert_eq(tenths[1], 2 * tenths[0], "%d %d", tenths[0], tenths[1]);
}

/* ---- [13.2] poison (RULING R-732) ------------------------------------- */

#define SPIDER_CAT                                                             \
	"catalog:\n  creatures:\n"                                             \
	"    - {name: great spider, hd: \"4+4\", ac: 4, mv: 12, size: L, "     \
	"attacks: 2d4, flags: [poison]}\n"                                     \
	"    - {name: weak spider, hd: \"4+4\", ac: 4, mv: 12, size: L, "      \
	"attacks: 2d4, flags: [poison], poison_strength: weak}\n"
#define SPIDER_AT(race, x, y)                                                  \
	"      - {name: Spi, race: " race ", hp: 30, position: [" #x ", " #y   \
	"]}\n"

/* [13.2] [9.4 B] RULING R-732: the spider's bite hits the fighter: he
 * saves against poison (a level 5 fighter's PPD); failed he dies, made
 * he keeps only the bite's wound. A weak poison is saved at +2. */
Test(r09_race, s13_2_ruling_r732_poison_in_a_duel_save_or_die)
{
	const char *a = "      - {name: Ada, class: fighter, level: 5, hp: 40, "
			"ac: 10, weapon: long sword, position: [36, 20]}\n";
	int ppd[5];
	cr_assert_eq(bs1e_saves_class("fighter", 5, ppd), 0);
	int need = ppd[BS_SAVE_PPD];
	cr_assert_gt(need, 3);
	for (int c = 0; c < 3; c++) {
		struct tf t;
		/* c 0: the d20 one short of his number; 1: his number; 2: a
		 * weak poison, two short */
		open_race(&t, "advanced", SPIDER_CAT, NULL, a, NULL,
			  c == 2 ? SPIDER_AT("weak spider", 36, 20.5)
				 : SPIDER_AT("great spider", 36, 20.5));
		int die = c == 0 ? need - 1 : c == 1 ? need : need - 2;
		/* Spi first: d20 20 hits, 2d4 2 + 2, the save; then Ada (if
		 * alive) misses; rounds 2, 3 all miss */
		tf_dice(&t,
			(int[]){1, 6, 20, 2, 2, die, 1, 1, 6, 1, 1, 1, 6, 1, 1,
				1, 1, 1},
			18);
		melee(&t);
		const struct bs_event *n =
		    find_what(&t, BS_EV_NOTE, "poisoned: saving throw", 0);
		cr_assert_not_null(n);
		cr_assert_str_eq(n->cite, "[13.2] [9.4 B] RULING R-732");
		cr_assert_eq(n->dice[0], die);
		cr_assert_eq(n->n[0], c == 2 ? need - 2 : need);
		if (c == 0) {
			cr_assert_eq(n->n[1], 0, "failed");
			cr_assert_eq(ind(&t, "Ada")->alive, 0, "he dies");
		} else {
			cr_assert_eq(n->n[1], 1, "saved");
			cr_assert_eq(ind(&t, "Ada")->alive, 1);
			cr_assert_eq(ind(&t, "Ada")->hp, 40 - 4);
		}
		tf_close(&t);
	}
}

/* RULING R-732: the spider's poison does not harm an undead (a ghoul,
 * whom natural attacks harm): no saving throw is rolled. */
Test(r09_race, s13_2_ruling_r732_the_undead_are_not_harmed_by_poison)
{
	struct tf t;
	open_race(&t, "advanced", SPIDER_CAT, NULL,
		  SPIDER_AT("great spider", 36, 20.5), NULL,
		  "      - {name: Gho, race: ghoul, hp: 30, position: [36, "
		  "20]}\n");
	/* the spider first: d20 20 hits, 2d4 2 + 2; then every die 1 */
	int dice[40] = {6, 1, 20, 2, 2};
	for (int i = 5; i < 40; i++)
		dice[i] = 1;
	tf_dice(&t, dice, 40);
	melee(&t);
	cr_assert_not_null(find_what(
	    &t, BS_EV_NOTE, "undead: the poison does not harm him", 0));
	cr_assert_eq(ind(&t, "Gho")->hp, 30 - 4, "the bite's wound only");
	cr_assert_null(find_what(&t, BS_EV_NOTE, "poisoned: saving throw", 0));
	tf_close(&t);
}

/* [13.2] [9.4 A] RULING R-732 (R-603 for a unit's): the spider hero's
 * bite on an orc figure adds the poison's extra damage read two columns
 * right with the same roll; at the Intermediate Game it does not. */
Test(r09_race, s13_2_ruling_r732_poison_on_figures_extra_damage)
{
	int tenths[2];
	for (int adv = 0; adv < 2; adv++) {
		struct tf t;
		open_race(&t, adv ? "advanced" : "intermediate", SPIDER_CAT,
			  NULL, SPIDER_AT("great spider", 36, 20),
			  ORCS_AT("long sword"), OG);
		/* the hero's 2d6 1 + 1 (the best), the figure's 6 + 6 */
		tf_dice(&t, (int[]){1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6}, 12);
		melee(&t);
		const struct bs_event *h = tf_find(&t, BS_EV_HERO_ATTACK, 0);
		cr_assert_not_null(h);
		tenths[adv] = h->n[4];
		if (adv)
			cr_assert(strstr(h->what, "poison") != NULL, "%s",
				  h->what);
		tf_close(&t);
	}
	cr_assert_gt(tenths[1], tenths[0], "%d %d", tenths[0], tenths[1]);
}

/* [13.3] [9.4 B] [10.0] RULING R-730: a hero's arrows without a plus
 * cannot harm a wight standing alone: the shot is refused, no die is
 * rolled; with a long bow +1 he shoots and harms him. */
Test(r09_race, s13_3_ruling_r730_a_heros_shot_at_a_wight)
{
	for (int magic = 0; magic < 2; magic++) {
		struct tf t;
		const char *a =
		    magic
			? "      - {name: Ada, class: fighter, level: 1, hp: "
			  "30, ac: 10, weapon: {name: long bow, plus: 1}, "
			  "position: [36, 20]}\n"
			: "      - {name: Ada, class: fighter, level: 1, hp: "
			  "30, ac: 10, weapon: long bow, position: [36, 20]}\n";
		open_race(&t, "intermediate", NULL, NULL, a, NULL,
			  WIGHT_AT(36, 26));
		t.ctl.fire_indiv = tf_shots;
		t.shot[0][0] =
		    (struct bs_indiv_fire_order){1, 1, -1, 1, "test", 0};
		t.nshot[0] = 1;
		tf_dice(&t, (int[]){20, 4}, 2);
		tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
		bs1e_heroes_fire(t.b, 0, BS_FIRE_PHASE);
		cr_assert(!t.b->dice.failed, "%s", t.b->dice.error);
		const struct bs_event *r = tf_find(&t, BS_EV_REJECTED, 0);
		if (!magic) {
			cr_assert_not_null(r);
			cr_assert_str_eq(r->what,
					 "his missiles cannot harm the target: "
					 "he is hit only by magic weapons");
			cr_assert_str_eq(r->cite, "[13.3] RULING R-730");
			cr_assert_null(tf_find(&t, BS_EV_DUEL, 0));
			cr_assert_eq(ind(&t, "Wil")->hp, 30);
		} else {
			const struct bs_event *d = tf_find(&t, BS_EV_DUEL, 0);
			cr_assert_not_null(d, "%s", r ? r->what : "");
			cr_assert_eq(d->n[2], 1, "20 hits");
			cr_assert_eq(ind(&t, "Wil")->hp, 30 - 4 - 1);
		}
		tf_close(&t);
	}
}

/* RULING R-730: the expected AD&D melee (the doctrine's and the
 * referee's estimate) of a blow that cannot harm is nil: a plain long
 * sword or the wight's own claw against a wight; a long sword +1 is not. */
Test(r09_race, s13_3_ruling_r730_expected_melee_is_nil_without_a_plus)
{
	struct tf t;
	const char *a = "      - {name: Ada, class: fighter, level: 5, hp: 40, "
			"ac: 10, weapon: long sword, position: [36, 20]}\n"
			"      - {name: Bea, class: fighter, level: 5, hp: 40, "
			"ac: 10, weapon: {name: long sword, plus: 1}, "
			"position: [20, 20]}\n";
	open_race(&t, "advanced", NULL, NULL, a, NULL, WIGHT_AT(36, 26));
	const struct bs1e_fighter *ada = &bs1e_sc(t.b)->ix[ki(&t, "Ada")].f;
	const struct bs1e_fighter *bea = &bs1e_sc(t.b)->ix[ki(&t, "Bea")].f;
	const struct bs1e_fighter *wil = &bs1e_sc(t.b)->ix[ki(&t, "Wil")].f;
	cr_assert_eq(bs1e_duel_expected(ada, wil, 0), 0);
	cr_assert_eq(bs1e_duel_expected(wil, wil, 0), 0);
	cr_assert_gt(bs1e_duel_expected(bea, wil, 0), 0);
	cr_assert_gt(bs1e_duel_expected(wil, ada, 0), 0);
	tf_close(&t);
}
