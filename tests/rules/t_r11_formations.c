/* Cavalry and chariots in play and the special formations, at the
 * Intermediate Game: [11.1] a figure whose rider or mount dies is removed
 * (its worked example: drow on nightmares), [11.4] the -2 of a cavalry
 * charge (with the closed charge -1, RULING R-531; none against set
 * spears) and the lance doubled, in the Melee Phase and in the [7.14]
 * break-through test (RULING R-533), [11.5] one roll for rider and mount;
 * [11.6] the Shield Wall (AC +2 in melee and +4 against missiles on its
 * front, every side as a circle or square, none against artillery or from
 * above; 1/2 MV; a change of facing of up to 90 degrees for all its
 * movement; the square cannot move), [11.7] Set Spears/Pikes (1/3 MV and
 * the turns to face other sides, double damage to the unit that charges
 * it, its losses removed before it strikes back), who may declare them and
 * when they end (RULINGS R-530 .. R-547). */
#include "bs1e_fixture.h"

#define LEVEL "level: intermediate\n"
#define LANCERS                                                                \
	"        armor: [chain mail, shield]\n"                                \
	"        mount: light warhorse\n"
#define SHIELDS "        armor: [chain mail, large shield]\n"

static void movement(struct tf *t)
{
	tf_phase(t, BS_PHASE_MOVEMENT);
	bs1e_phase_movement(t->b);
}

static void melee(struct tf *t)
{
	tf_phase(t, BS_PHASE_MELEE);
	bs1e_phase_melee(t->b);
}

static void start(struct tf *t, int side_a)
{
	t->b->round = 1;
	t->b->side_a = side_a;
	t->b->side_order[0] = side_a;
	t->b->side_order[1] = 1 - side_a;
}

/* Plenty of 3s: a d6, a d10 and a d20 alike. */
static void threes(struct tf *t)
{
	int d[120];
	for (int i = 0; i < 120; i++)
		d[i] = 3;
	tf_dice(t, d, 120);
}

static struct bs_order hold(void)
{
	struct bs_order o = {.kind = BS_ORDER_HOLD, .tside = -1, .tunit = -1};
	return o;
}

static struct bs_order declare(enum bs_special sp, unsigned sides)
{
	struct bs_order o = hold();
	o.declares = 1;
	o.special = sp;
	o.sides = sides;
	return o;
}

static struct bs_order charge_at(double dist, int tside, int tunit)
{
	struct bs_order o = tf_advance(dist, 0);
	o.kind = BS_ORDER_CHARGE;
	o.tside = tside;
	o.tunit = tunit;
	return o;
}

/* The n-th event of `type` by (side, unit), or NULL. */
static const struct bs_event *by(struct tf *t, enum bs_ev type, int side,
				 int unit, int n)
{
	for (int i = 0; i < t->nev; i++) {
		const struct bs_event *e = &t->evs[i].ev;
		if (e->type == type && e->side == side && e->unit == unit &&
		    n-- == 0)
			return e;
	}
	return NULL;
}

/* The index in the event list of e. */
static int at(struct tf *t, const struct bs_event *e)
{
	for (int i = 0; i < t->nev; i++)
		if (&t->evs[i].ev == e)
			return i;
	return -1;
}

static const char *rejected_why(struct tf *t)
{
	const struct bs_event *r = tf_find(t, BS_EV_REJECTED, 0);
	return r ? r->what : NULL;
}

/* Unit (side, unit) gets order o and the Movement Phase is played: the
 * REJECTED reason, or NULL when the order was carried out. */
static const char *move_with(struct tf *t, int side, int unit,
			     const struct bs_order *o)
{
	tf_order(t, side, unit, o);
	movement(t);
	return rejected_why(t);
}

/* The next Game Round for unit (0, 0): no events, flags or movement of
 * the last. */
static void next_round(struct tf *t)
{
	t->nev = 0;
	t->b->round++;
	tf_unit(t, 0, 0)->flags = 0;
	tf_unit(t, 0, 0)->mv_spent = 0;
}

/* The scenario of units u[0], u[1] at the level of `head` (the
 * Intermediate Game when NULL), Side A side 0. */
static void open2(struct tf *t, struct tf_unit a, struct tf_unit b,
		  const char *head)
{
	struct tf_unit u[2] = {a, b};
	tf_open_units(t, u, 2, head ? head : LEVEL, NULL, NULL);
	start(t, 0);
}

/* ---- [11.1] ------------------------------------------------------------ */

/* [11.1] "If either the rider or the steed is killed, the entire figure
 * is considered unable to fight, and is removed"; RULING R-530 a wound
 * to either wounds the figure. */
Test(r11_formations, s11_1_mounted_figure_fate)
{
	const enum bs1e_spell_fate N = BS1E_SPELL_NONE, W = BS1E_SPELL_WOUNDED,
				   R = BS1E_SPELL_REMOVED;
	cr_expect_eq(bs1e_mounted_fate(N, N), N);
	cr_expect_eq(bs1e_mounted_fate(N, R), R, "the steed killed");
	cr_expect_eq(bs1e_mounted_fate(R, N), R, "the rider killed");
	cr_expect_eq(bs1e_mounted_fate(W, R), R);
	cr_expect_eq(bs1e_mounted_fate(W, N), W);
	cr_expect_eq(bs1e_mounted_fate(N, W), W);
	cr_expect_eq(bs1e_mounted_fate(W, W), W);
}

#define DROW_CATALOG                                                           \
	"catalog:\n"                                                           \
	"  creatures:\n"                                                       \
	"    - {name: drow, hd: \"2\", ac: 4, mv: 12, size: M, mr: 50,\n"      \
	"       alignment: CE, intelligence: high}\n"                          \
	"    - {name: nightmare, hd: \"6+6\", ac: -4, mv: 15, size: L,\n"      \
	"       attacks: 2d4/d6+3/d6+3, alignment: NE, intelligence: "         \
	"low,\n"                                                               \
	"       flags: [natural_armor]}\n"

/* [11.1] the example: "A unit of drow elves is riding nightmares. The
 * unit is hit with a spell that kills the nightmares, but does not affect
 * the drow because the drow have Magic Resistance. Although the drow
 * survived the attack, the cavalry unit is removed because the steeds
 * were all killed." */
Test(r11_formations, s11_1_example_drow_on_nightmares)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Drow riders",
	     .figures = 6,
	     .creature = "drow",
	     .x = 36,
	     .y = 10,
	     .facing = "north",
	     .extra = "        mount: nightmare\n"},
	    {.side = 1, .name = "Foes", .x = 36, .y = 40, .facing = "south"},
	};
	tf_open_units(&t, u, 2, LEVEL DROW_CATALOG, NULL, NULL);
	start(&t, 0);
	/* the spell's 7 HD per creature kill a nightmare of 6+6 HD (its
	 * saving throw failed); the drow resist it: no effect */
	struct bs1e_spell_effect steed;
	bs1e_spell_effect(70, 60, BS1E_SAVE_NONE, 0, &steed);
	cr_assert_eq(steed.fate, BS1E_SPELL_REMOVED);
	enum bs1e_spell_fate fig =
	    bs1e_mounted_fate(BS1E_SPELL_NONE, steed.fate);
	cr_assert_eq(fig, BS1E_SPELL_REMOVED, "the figure is removed");
	int g = tf_g(&t, 0, 0);
	threes(&t);
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	bs1e_mounted_lost(t.b, g, tf_unit(&t, 0, 0)->figures, tf_g(&t, 1, 0), 1,
			  "the nightmares killed by a spell [11.1]");
	cr_expect_eq(tf_unit(&t, 0, 0)->figures, 0);
	cr_expect(!bs1e_in_play(t.b, g), "the cavalry unit is removed");
	const struct bs_event *l = by(&t, BS_EV_LOSSES, 0, 0, 0);
	cr_assert_not_null(l);
	cr_expect_eq(l->n[0], 6);
	cr_expect(strstr(l->what, "[11.1]"), "%s", l->what);
	cr_expect_not_null(by(&t, BS_EV_REMOVED, 0, 0, 0));
	tf_close(&t);
}

/* [11.1] a spell that kills some of the mounts: those figures are
 * removed whole, even the wounded rider's; the Table 5 checks of the
 * losses, and the one for figures removed by magic [4.4]. */
Test(r11_formations, s11_1_mounts_killed_remove_whole_figures)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Lancers",
	     .figures = 8,
	     .weapon = "light lance, long sword",
	     .x = 36,
	     .y = 10,
	     .facing = "north",
	     .extra = LANCERS},
	    {.side = 1, .name = "Foes", .x = 36, .y = 40, .facing = "south"},
	};
	tf_open_units(&t, u, 2, LEVEL, NULL, NULL);
	start(&t, 0);
	int g = tf_g(&t, 0, 0);
	tf_unit(&t, 0, 0)->wounded = 1;
	threes(&t);
	tf_phase(&t, BS_PHASE_MISSILE_MAGIC);
	bs1e_mounted_lost(t.b, g, 2, -1, 1, NULL);
	cr_expect_eq(tf_unit(&t, 0, 0)->figures, 6);
	cr_expect_eq(tf_unit(&t, 0, 0)->wounded, 1,
		     "kills take unwounded figures first (R-065)");
	const struct bs_event *m = by(&t, BS_EV_MORALE, 0, 0, 0);
	cr_assert_not_null(m, "lost 25%% and removed by magic: a check");
	cr_expect(m->n[1] & (1 << BS1E_T5_LOST_25));
	cr_expect(m->n[1] & (1 << BS1E_T5_REMOVED_BY_MAGIC));
	tf_close(&t);
}

#define SPECTRAL_CATALOG                                                       \
	"catalog:\n"                                                           \
	"  creatures:\n"                                                       \
	"    - {name: spectral steed, hd: \"4\", ac: 2, mv: 24, size: L,\n"    \
	"       attacks: d6, flags: [undead, magic_to_hit, natural_armor]}\n"

/* [11.2] "SA, SD: Special abilities possessed by either rider or steed can
 * be used. Special defenses apply only if they apply to both rider and
 * steed."; [11.3] "... only if they apply to all creatures forming the
 * chariot." RULING R-545: level drain and the undead's contact check are
 * abilities (either), hit only by magic weapons a defense (both). */
Test(r11_formations,
     s11_2_s11_3_ruling_r545_abilities_of_either_defenses_of_both)
{
	static const struct {
		const char *creature, *extra;
		int drain, undead, magic;
	} c[] = {
	    /* wights on foot: all three, as before */
	    {"wight", "", 1, 1, 1},
	    /* wights riding horses: the riders' abilities, but the horse
	     * can be hit by any weapon */
	    {"wight", "        mount: light warhorse\n", 1, 1, 0},
	    /* men riding spectral steeds: the steed's undead, not its
	     * defense */
	    {"man-at-arms", "        mount: spectral steed\n", 0, 1, 0},
	    /* wights riding spectral steeds: both have the defense */
	    {"wight", "        mount: spectral steed\n", 1, 1, 1},
	    /* [11.3] a chariot of wights pulled by horses, then by
	     * spectral steeds */
	    {"wight", "        chariot: {pulled_by: light warhorse}\n", 1, 1,
	     0},
	    {"wight", "        chariot: {pulled_by: spectral steed}\n", 1, 1,
	     1},
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct tf t;
		struct tf_unit u[2] = {
		    {.side = 0,
		     .name = "Riders",
		     .figures = 6,
		     .creature = c[i].creature,
		     .x = 36,
		     .y = 10,
		     .facing = "north",
		     .extra = c[i].extra},
		    {.side = 1,
		     .name = "Foes",
		     .x = 36,
		     .y = 40,
		     .facing = "south"},
		};
		tf_open_units(&t, u, 2, LEVEL SPECTRAL_CATALOG, NULL, NULL);
		const struct bs_unit_state *r = tf_unit(&t, 0, 0);
		cr_expect_eq(r->r.level_drain, c[i].drain, "case %zu", i);
		cr_expect_eq(r->r.undead, c[i].undead, "case %zu", i);
		cr_expect_eq(r->r.magic_to_hit, c[i].magic, "case %zu", i);
		tf_close(&t);
	}
}

/* ---- [11.4] [11.5] charges ----------------------------------------------
 */

/* Lancers (man-at-arms on light warhorses, light lance d6, the horse
 * d4/d4) at (36, 10) facing north; foot (16 men-at-arms, long swords, 8
 * files) at (36, 35) facing south, or with the given weapon and extra
 * lines. */
static void open_lancers(struct tf *t, const char *fweap, const char *fextra,
			 const char *lweap)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Lancers",
	     .figures = 6,
	     .weapon = lweap ? lweap : "light lance, long sword",
	     .x = 36,
	     .y = 10,
	     .facing = "north",
	     .extra = LANCERS},
	    {.side = 1,
	     .name = "Foot",
	     .figures = 16,
	     .frontage = 8,
	     .weapon = fweap,
	     .x = 36,
	     .y = 35,
	     .facing = "south",
	     .extra = fextra},
	};
	tf_open_units(t, u, 2,
		      LEVEL "catalog:\n  weapons:\n    - {name: riding spear, "
			    "damage: d6, damage_large: d8}\n",
		      NULL, NULL);
	start(t, 0);
}

/* [11.4] "Charging cavalry or chariots receive a bonus of -2 to AR for
 * that Game Round"; RULING R-531: with the -1 of a regular unit charging
 * in closed formation [7.14]. [11.4] "Weapons that do double damage in a
 * charge also do double damage in a cavalry or chariot charge": the
 * lance's reading doubled, the horse's not (RULING R-534). [11.5] one
 * attack roll for rider and mount, their damages added. The next round,
 * no charge: neither. */
Test(r11_formations, s11_4_cavalry_charge_minus_two_and_lance_doubled)
{
	struct tf t;
	open_lancers(&t, NULL, NULL, NULL);
	struct bs_order c = charge_at(30, 1, 0);
	move_with(&t, 0, 0, &c);
	cr_assert(bs1e_contact(t.b, tf_g(&t, 0, 0), tf_g(&t, 1, 0), NULL));
	threes(&t);
	melee(&t);
	const struct bs_event *a = by(&t, BS_EV_ATTACK, 0, 0, 0);
	cr_assert_not_null(a);
	cr_expect(tf_has_term(&a->deriv, -2, "cavalry/chariot charge"));
	cr_expect(tf_has_term(&a->deriv, -1, "charging in closed"));
	cr_expect_eq(a->ndice, 2, "[11.5] one roll of 2d6 for both");
	int r = a->n[2];
	cr_expect_eq(a->n[3],
		     2 * bs1e_crt(r, BS1E_COL_D6) +
			 2 * bs1e_crt(r, BS1E_COL_D4),
		     "the lance doubled, the horse's d4/d4 added");
	cr_expect_str_eq(a->what, "D6 doubled + D4 + D4 [11.4]");
	/* round 2: no charge, no bonus, no doubling */
	t.nev = 0;
	t.b->round = 2;
	tf_unit(&t, 0, 0)->flags &= ~(unsigned)BS_UF_CHARGED;
	threes(&t);
	melee(&t);
	a = by(&t, BS_EV_ATTACK, 0, 0, 0);
	cr_assert_not_null(a);
	cr_expect(!tf_has_term(&a->deriv, -2, "cavalry/chariot charge"));
	r = a->n[2];
	cr_expect_eq(a->n[3],
		     bs1e_crt(r, BS1E_COL_D6) + 2 * bs1e_crt(r, BS1E_COL_D4));
	cr_expect_str_eq(a->what, "D6 + D4 + D4");
	tf_close(&t);
}

/* [11.4] a weapon that does not double in a charge (a riding spear of
 * the same dice) gets the -2 but no doubling. */
Test(r11_formations, s11_4_only_lances_double)
{
	struct tf t;
	open_lancers(&t, NULL, NULL, "riding spear");
	struct bs_order c = charge_at(30, 1, 0);
	move_with(&t, 0, 0, &c);
	threes(&t);
	melee(&t);
	const struct bs_event *a = by(&t, BS_EV_ATTACK, 0, 0, 0);
	cr_assert_not_null(a);
	cr_expect(tf_has_term(&a->deriv, -2, "cavalry/chariot charge"));
	cr_expect_str_eq(a->what, "D6 + D4 + D4");
	tf_close(&t);
}

/* Foot on foot: no cavalry, no -2, even with a lance in a list. */
Test(r11_formations, s11_4_no_bonus_on_foot)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0, .name = "Near", .x = 36, .y = 10, .facing = "north"},
	    {.side = 1, .name = "Far", .x = 36, .y = 25, .facing = "south"},
	};
	tf_open_units(&t, u, 2, LEVEL, NULL, NULL);
	start(&t, 0);
	struct bs_order c = charge_at(18, 1, 0);
	move_with(&t, 0, 0, &c);
	threes(&t);
	melee(&t);
	const struct bs_event *a = by(&t, BS_EV_ATTACK, 0, 0, 0);
	cr_assert_not_null(a);
	cr_expect(tf_has_term(&a->deriv, -1, "charging in closed"));
	cr_expect(!tf_has_term(&a->deriv, -2, "cavalry/chariot charge"));
	tf_close(&t);
}

/* [11.4] "... unless the defending unit is in Set Spears/Pikes
 * formation": no -2 (a term of 0 says why), the lance still doubles;
 * [11.7] the spears strike first, doubled. */
Test(r11_formations, s11_4_no_bonus_against_set_spears)
{
	struct tf t;
	open_lancers(&t, "spear", NULL, NULL);
	struct bs_order s = declare(BS_SPECIAL_SET_SPEARS, 0);
	tf_order(&t, 1, 0, &s);
	t.moves_first = 0; /* the spears set before the charge */
	tf_phase(&t, BS_PHASE_MOVEMENT);
	struct bs_order c = charge_at(30, 1, 0);
	tf_order(&t, 0, 0, &c);
	bs1e_phase_movement(t.b);
	cr_assert_eq(tf_unit(&t, 1, 0)->special, BS_SPECIAL_SET_SPEARS);
	cr_assert(bs1e_contact(t.b, tf_g(&t, 0, 0), tf_g(&t, 1, 0), NULL));
	threes(&t);
	melee(&t);
	const struct bs_event *a = by(&t, BS_EV_ATTACK, 0, 0, 0);
	cr_assert_not_null(a);
	cr_expect(!tf_has_term(&a->deriv, -2, "cavalry/chariot charge"));
	cr_expect(tf_has_term(&a->deriv, 0, "no charge bonus: spears set"));
	cr_expect_str_eq(a->what, "D6 doubled + D4 + D4 [11.4]");
	const struct bs_event *sp = by(&t, BS_EV_ATTACK, 1, 0, 0);
	cr_assert_not_null(sp);
	cr_expect_lt(at(&t, sp), at(&t, a), "the set spears strike first");
	cr_expect_str_eq(sp->what, "D8 doubled [11.7]", "a spear vs L");
	tf_close(&t);
}

/* [11.4] "This includes "break-through" attacks (see [7.14] Charge)"
 * (RULING R-533): five weaklings (25 HD) in the lancers' way. At the
 * worst roll, three lancers do 30 HD with the -2 and the lance doubled
 * and break through; a riding spear of the same dice, not doubled, 21 HD;
 * against set spears (no -2) the doubled lance 24 HD: neither. */
static int breaks_through_weaklings(const char *lweap, int set)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Lancers",
	     .figures = 6,
	     .weapon = lweap,
	     .x = 36,
	     .y = 10,
	     .facing = "north",
	     .extra = LANCERS},
	    {.side = 1,
	     .name = "Weaklings",
	     .figures = 5,
	     .frontage = 5,
	     .creature = "weakling",
	     .weapon = "spear",
	     .x = 36,
	     .y = 30,
	     .facing = "south"},
	};
	tf_open_units(
	    &t, u, 2,
	    LEVEL "catalog:\n  weapons:\n    - {name: riding spear, damage: "
		  "d6, damage_large: d8}\n  creatures:\n    - {name: weakling, "
		  "hd: \"1/2\", ac: 10, mv: 6, size: S, alignment: N, "
		  "intelligence: average}\n",
	    NULL, NULL);
	start(&t, 0);
	if (set) {
		struct bs_order s = declare(BS_SPECIAL_SET_SPEARS, 0);
		tf_order(&t, 1, 0, &s);
		t.moves_first = 0;
	}
	struct bs_order c = charge_at(30, 1, 0);
	tf_order(&t, 0, 0, &c);
	threes(&t);
	movement(&t);
	int broke = !bs1e_in_play(t.b, tf_g(&t, 1, 0));
	tf_close(&t);
	return broke;
}

Test(r11_formations, s11_4_break_through_with_the_charge_bonus_and_lance)
{
	cr_expect(breaks_through_weaklings("light lance", 0),
		  "-2 and the lance doubled: 30 HD >= 25");
	cr_expect(!breaks_through_weaklings("riding spear", 0),
		  "-2 only: 21 HD < 25");
	cr_expect(!breaks_through_weaklings("light lance", 1),
		  "the lance doubled, no -2 against set spears: 24 HD < 25");
}

/* ---- [11.6] the Shield Wall ---------------------------------------------
 */

/* [11.6] the kernel: 4 against normal missiles, 2 in melee, front only
 * (every side of the square form, whose arcs are all front); none
 * against artillery or from above (RULING R-535). */
Test(r11_formations, s11_6_shield_wall_bonus)
{
	const int W = BS_SPECIAL_SHIELD_WALL, Q = BS_SPECIAL_SHIELD_SQUARE;
	cr_expect_eq(bs1e_shield_wall_bonus(W, BS_ARC_FRONT, 1, 0, 0), 4);
	cr_expect_eq(bs1e_shield_wall_bonus(W, BS_ARC_FRONT, 0, 0, 0), 2);
	cr_expect_eq(bs1e_shield_wall_bonus(W, BS_ARC_FLANK, 1, 0, 0), 0);
	cr_expect_eq(bs1e_shield_wall_bonus(W, BS_ARC_REAR, 0, 0, 0), 0);
	cr_expect_eq(bs1e_shield_wall_bonus(W, BS_ARC_FRONT, 1, 1, 0), 0,
		     "no bonus to AC against artillery");
	cr_expect_eq(bs1e_shield_wall_bonus(W, BS_ARC_FRONT, 1, 0, 1), 0,
		     "none from above");
	cr_expect_eq(bs1e_shield_wall_bonus(Q, BS_ARC_FRONT, 1, 0, 0), 4);
	cr_expect_eq(bs1e_shield_wall_bonus(BS_SPECIAL_SET_SPEARS, BS_ARC_FRONT,
					    0, 0, 0),
		     0);
	cr_expect_eq(
	    bs1e_shield_wall_bonus(BS_SPECIAL_NONE, BS_ARC_FRONT, 1, 0, 0), 0);
}

/* Guards (large shields) at (36, 20) facing north. */
static const struct tf_unit GUARDS = {.side = 0,
				      .name = "Guards",
				      .figures = 10,
				      .frontage = 5,
				      .x = 36,
				      .y = 20,
				      .facing = "north",
				      .extra = SHIELDS};

/* Foes (side 1) of `figures` in `files` at (x, y) facing f. */
static struct tf_unit foes(double x, double y, const char *f, int figures,
			   int files)
{
	struct tf_unit u = {.side = 1,
			    .name = "Foes",
			    .figures = figures,
			    .frontage = files,
			    .x = x,
			    .y = y,
			    .facing = f};
	return u;
}

/* The guards, and foes of 10 in 5 files at (ex, ey) facing ef (at (36,
 * 20) facing south: in contact, front to front). */
static void open_guards(struct tf *t, double ex, double ey, const char *ef)
{
	open2(t, GUARDS, foes(ex, ey, ef, 10, 5), NULL);
}

/* [11.6] "a bonus of 2 to AC against melee attacks. It only gives the
 * bonus for attacks that hit the front of the unit": declared in contact
 * with a hold (RULING R-543), the attack on its front takes +2; the
 * circle or square has no flank or rear: a flank attack is a frontal one
 * (no flank -1 against its shield) with the +2. */
Test(r11_formations, s11_6_shield_wall_in_melee_front_only)
{
	struct tf t;
	open_guards(&t, 36, 20, "south");
	struct bs_order w = declare(BS_SPECIAL_SHIELD_WALL, 0);
	move_with(&t, 0, 0, &w);
	cr_assert_eq(tf_unit(&t, 0, 0)->special, BS_SPECIAL_SHIELD_WALL, "%s",
		     rejected_why(&t) ? rejected_why(&t) : "");
	const struct bs_event *e = by(&t, BS_EV_SPECIAL, 0, 0, 0);
	cr_assert_not_null(e);
	cr_expect_eq(e->n[0], BS_SPECIAL_NONE);
	cr_expect_eq(e->n[1], BS_SPECIAL_SHIELD_WALL);
	cr_expect_str_eq(e->cite, "[11.6]");
	threes(&t);
	melee(&t);
	const struct bs_event *a = by(&t, BS_EV_ATTACK, 1, 0, 0);
	cr_assert_not_null(a);
	cr_expect(tf_has_term(&a->deriv, 2, "shield wall"));
	const struct bs_event *b = by(&t, BS_EV_ATTACK, 0, 0, 0);
	cr_expect(!tf_has_term(&b->deriv, 2, "shield wall"));
	tf_close(&t);

	/* struck on its flank: no bonus; in the square form, a front */
	for (int sq = 0; sq < 2; sq++) {
		open2(&t, GUARDS, foes(34.125, 19.25, "east", 4, 2), NULL);
		cr_assert(
		    bs1e_contact(t.b, tf_g(&t, 0, 0), tf_g(&t, 1, 0), NULL),
		    "the foes touch the guards' left flank");
		struct bs_order d = declare(
		    sq ? BS_SPECIAL_SHIELD_SQUARE : BS_SPECIAL_SHIELD_WALL, 0);
		move_with(&t, 0, 0, &d);
		cr_assert_eq(tf_unit(&t, 0, 0)->special,
			     sq ? BS_SPECIAL_SHIELD_SQUARE
				: BS_SPECIAL_SHIELD_WALL,
			     "%s", rejected_why(&t) ? rejected_why(&t) : "");
		threes(&t);
		melee(&t);
		a = by(&t, BS_EV_ATTACK, 1, 0, 0);
		cr_assert_not_null(a);
		cr_expect_eq(a->n[7], sq ? BS_ARC_FRONT : BS_ARC_FLANK);
		cr_expect_eq(tf_has_term(&a->deriv, 2, "shield wall"), sq);
		cr_expect_eq(tf_has_term(&a->deriv, -1, "flank"), !sq,
			     "the square has no flank");
		tf_close(&t);
	}
}

/* [11.6] "+4 to AC against all normal missile attacks": the function the
 * missile code calls (bs1e_shield_wall_missile_ac), by where the shooter
 * stands: front 4, flank and rear 0, artillery and from above 0; the
 * square every side. */
Test(r11_formations, s11_6_shield_wall_against_missiles)
{
	struct tf t;
	open_guards(&t, 36, 44, "south");
	int g = tf_g(&t, 0, 0);
	struct bs_vec front = {36, 40}, flank = {10, 19}, rear = {36, 2};
	cr_expect_eq(bs1e_shield_wall_missile_ac(t.b, g, front, 0, 0), 0,
		     "no shield wall yet");
	struct bs_order w = declare(BS_SPECIAL_SHIELD_WALL, 0);
	move_with(&t, 0, 0, &w);
	cr_expect_eq(bs1e_shield_wall_missile_ac(t.b, g, front, 0, 0), 4);
	cr_expect_eq(bs1e_shield_wall_missile_ac(t.b, g, flank, 0, 0), 0);
	cr_expect_eq(bs1e_shield_wall_missile_ac(t.b, g, rear, 0, 0), 0);
	cr_expect_eq(bs1e_shield_wall_missile_ac(t.b, g, front, 1, 0), 0);
	cr_expect_eq(bs1e_shield_wall_missile_ac(t.b, g, front, 0, 1), 0);
	struct bs_order q = declare(BS_SPECIAL_SHIELD_SQUARE, 0);
	tf_order(&t, 0, 0, &q);
	t.b->round = 2;
	tf_unit(&t, 0, 0)->flags &= ~(unsigned)BS_UF_MOVED;
	tf_unit(&t, 0, 0)->mv_spent = 0;
	movement(&t);
	cr_assert_eq(tf_unit(&t, 0, 0)->special, BS_SPECIAL_SHIELD_SQUARE);
	cr_expect_eq(bs1e_shield_wall_missile_ac(t.b, g, flank, 0, 0), 4);
	cr_expect_eq(bs1e_shield_wall_missile_ac(t.b, g, rear, 0, 0), 4);
	tf_close(&t);
}

/* [11.6] "the unit can move up to 1/2 its normal movement rate" (12":
 * 6"); "A change of facing costs a unit in shield wall formation its
 * entire movement rate" and at most 90 degrees a round (RULING R-537). */
Test(r11_formations, s11_6_shield_wall_movement)
{
	struct tf t;
	open_guards(&t, 36, 44, "south");
	struct bs_order o = tf_advance(10, 0);
	o.declares = 1;
	o.special = BS_SPECIAL_SHIELD_WALL;
	move_with(&t, 0, 0, &o);
	cr_expect_float_eq(tf_unit(&t, 0, 0)->front.y, 26, 1e-6,
			   "6\" of the 10\" asked");
	tf_close(&t);

	/* a wheel, then an advance: the wheel spends all */
	open_guards(&t, 36, 44, "south");
	o = tf_advance(4, 0);
	o.declares = 1;
	o.special = BS_SPECIAL_SHIELD_WALL;
	o.nsteps = 2;
	o.step[1] = o.step[0];
	o.step[0] = (struct bs_step){.kind = BS_STEP_WHEEL, .angle = 30};
	move_with(&t, 0, 0, &o);
	cr_expect_float_eq(tf_unit(&t, 0, 0)->facing, 30, 1e-6);
	cr_expect_float_eq(tf_unit(&t, 0, 0)->mv_spent, 6, 1e-6,
			   "the whole shield-wall movement");
	cr_expect_eq(tf_count(&t, BS_EV_MOVE), 1, "no advance after it");
	tf_close(&t);

	/* an advance, then a face: rejected; an about face: rejected */
	for (int k = 0; k < 2; k++) {
		open_guards(&t, 36, 44, "south");
		o = tf_advance(2, 0);
		o.declares = 1;
		o.special = BS_SPECIAL_SHIELD_WALL;
		if (k == 0) {
			o.nsteps = 2;
			o.step[1] =
			    (struct bs_step){.kind = BS_STEP_FACE, .angle = 90};
		} else {
			o.step[0] = (struct bs_step){.kind = BS_STEP_FACE,
						     .angle = 180};
		}
		move_with(&t, 0, 0, &o);
		const char *why = rejected_why(&t);
		cr_assert_not_null(why);
		cr_expect(strstr(why, k == 0 ? "cannot also move"
					     : "at most 90 degrees"),
			  "%s", why);
		cr_expect_eq(tf_unit(&t, 0, 0)->special, BS_SPECIAL_NONE,
			     "rejected: nothing declared");
		tf_close(&t);
	}

	/* a right face: allowed, for the whole movement */
	open_guards(&t, 36, 44, "south");
	o = hold();
	o.kind = BS_ORDER_MOVE;
	o.declares = 1;
	o.special = BS_SPECIAL_SHIELD_WALL;
	o.nsteps = 1;
	o.step[0] = (struct bs_step){.kind = BS_STEP_FACE, .angle = 90};
	move_with(&t, 0, 0, &o);
	cr_expect_null(rejected_why(&t));
	cr_expect_float_eq(tf_unit(&t, 0, 0)->facing, 90, 1e-6);
	tf_close(&t);
}

/* [11.6] no charge in a shield wall (at most 1/2 MV), nor a forced
 * march; given up in the same order, it may (RULING ). */
Test(r11_formations, s11_6_shield_wall_no_charge)
{
	struct tf t;
	const char *why;
	open_guards(&t, 36, 33, "south");
	struct bs_order w = declare(BS_SPECIAL_SHIELD_WALL, 0);
	move_with(&t, 0, 0, &w);
	cr_assert_eq(tf_unit(&t, 0, 0)->special, BS_SPECIAL_SHIELD_WALL);
	next_round(&t);
	struct bs_order c = charge_at(13, 1, 0);
	why = move_with(&t, 0, 0, &c);
	cr_assert_not_null(why);
	cr_expect(strstr(why, "no charge"), "%s", why);
	next_round(&t);
	c.declares = 1;
	c.special = BS_SPECIAL_NONE;
	move_with(&t, 0, 0, &c);
	cr_expect_null(rejected_why(&t), "%s", rejected_why(&t));
	const struct bs_event *e = by(&t, BS_EV_SPECIAL, 0, 0, 0);
	cr_assert_not_null(e);
	cr_expect_str_eq(e->what, "given up");
	cr_expect(tf_unit(&t, 0, 0)->flags & BS_UF_CHARGED);
	tf_close(&t);
}

/* [11.6] the circle or square "cannot move"; "to enter a 4-sided
 * formation, some figures must have enough movement to turn and face the
 * rear" (RULING R-538: an about face, 1/2 MV). */
Test(r11_formations, s11_6_square_cannot_move)
{
	struct tf t;
	const char *why;
	open_guards(&t, 36, 44, "south");
	struct bs_order q = declare(BS_SPECIAL_SHIELD_SQUARE, 0);
	move_with(&t, 0, 0, &q);
	const struct bs_event *e = by(&t, BS_EV_SPECIAL, 0, 0, 0);
	cr_assert_not_null(e);
	cr_expect_eq(e->n[3], 60, "1/2 of 12\" MV");
	next_round(&t);
	struct bs_order o = tf_advance(2, 0);
	why = move_with(&t, 0, 0, &o);
	cr_assert_not_null(why);
	cr_expect(strstr(why, "cannot move"), "%s", why);
	tf_close(&t);

	/* too little movement left after filling gaps [7.3] */
	open_guards(&t, 36, 44, "south");
	tf_unit(&t, 0, 0)->gap_debt = 7;
	why = move_with(&t, 0, 0, &q);
	cr_assert_not_null(why);
	cr_expect(strstr(why, "face the rear"), "%s", why);
	tf_close(&t);
}

/* Unit a (side 0) may not carry out order o at the level of `head`
 * (NULL: intermediate), first broken into open formation when `open`:
 * the REJECTED reason contains `want`; its cite is returned (static). */
static const char *refused(struct tf_unit a, const char *head, int open,
			   const struct bs_order *o, const char *want)
{
	static char cite[64];
	struct tf t;
	open2(&t, a, foes(36, 44, "south", 0, 0), head);
	if (open)
		bs1e_change_formation(t.b, tf_g(&t, 0, 0), BS_FORM_OPEN, 1,
				      "test", "[4.5]");
	const char *why = move_with(&t, 0, 0, o);
	cr_assert_not_null(why, "want: %s", want);
	cr_expect(strstr(why, want), "%s", why);
	snprintf(cite, sizeof cite, "%s", tf_find(&t, BS_EV_REJECTED, 0)->cite);
	tf_close(&t);
	return cite;
}

/* [11.6] "A unit that is in command and in closed formation at the
 * beginning of the unit's Movement Phase, and that is equipped with large
 * shields": each of these, and the Basic Game (RULING R-547). */
Test(r11_formations, s11_6_who_may_declare)
{
	struct bs_order w = declare(BS_SPECIAL_SHIELD_WALL, 0);
	struct tf_unit g = GUARDS;
	struct tf_unit plain = g;
	plain.extra = NULL;
	refused(plain, NULL, 0, &w, "large shields");
	refused(g, NULL, 1, &w, "closed formation");
	struct tf_unit lost = g;
	lost.no_cmd = 1;
	refused(lost, NULL, 0, &w, "in command");
	const char *cite = refused(g, "", 0, &w, "Basic Game");
	cr_expect(strstr(cite, "[Part 3]"), "%s", cite);
}

/* RULING R-539: a shield wall that leaves closed formation (a failed
 * morale check [4.5]) is broken at once. */
Test(r11_formations, s11_6_broken_out_of_closed_formation)
{
	struct tf t;
	open_guards(&t, 36, 44, "south");
	struct bs_order w = declare(BS_SPECIAL_SHIELD_WALL, 0);
	move_with(&t, 0, 0, &w);
	cr_assert_eq(tf_unit(&t, 0, 0)->special, BS_SPECIAL_SHIELD_WALL);
	bs1e_change_formation(t.b, tf_g(&t, 0, 0), BS_FORM_OPEN, 1,
			      "failed a morale check", "[4.5]");
	cr_expect_eq(tf_unit(&t, 0, 0)->special, BS_SPECIAL_NONE);
	const struct bs_event *e = by(&t, BS_EV_SPECIAL, 0, 0, 1);
	cr_assert_not_null(e);
	cr_expect_eq(e->n[0], BS_SPECIAL_SHIELD_WALL);
	cr_expect_eq(e->n[1], BS_SPECIAL_NONE);
	cr_expect(strstr(e->what, "closed formation"), "%s", e->what);
	const struct bs_event *f = by(&t, BS_EV_FORMATION, 0, 0, 0);
	cr_expect_lt(at(&t, f), at(&t, e), "the formation change first");
	tf_close(&t);
}

/* ---- [11.7] Set Spears/Pikes ---------------------------------------------
 */

/* [11.7] "Entering a Set Spears/Pikes formation costs 1/3 of a unit's
 * movement rate"; "if a 4-sided formation is used, some figures must have
 * enough remaining movement to turn and face the rear" (RULING R-540: the
 * largest turn on top, a flank 1/3 MV, the rear 1/2 MV). */
Test(r11_formations, s11_7_set_spears_cost)
{
	const unsigned F = BS_SIDE_BIT(BS_EDGE_FRONT),
		       L = BS_SIDE_BIT(BS_EDGE_LEFT),
		       R = BS_SIDE_BIT(BS_EDGE_REAR);
	cr_expect_float_eq(bs1e_set_spears_cost(12, F), 4, 1e-9);
	cr_expect_float_eq(bs1e_set_spears_cost(12, F | L), 8, 1e-9);
	cr_expect_float_eq(bs1e_set_spears_cost(12, F | R), 10, 1e-9);
	cr_expect_float_eq(bs1e_set_spears_cost(12, BS_SIDES_ALL), 10, 1e-9);
	cr_expect_float_eq(bs1e_set_spears_cost(9, R), 7.5, 1e-9);
}

/* Pikes (spears) at (36, 20) facing north, foes far away. */
static void open_pikes(struct tf *t, const char *weap)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Pikes",
	     .figures = 12,
	     .frontage = 6,
	     .weapon = weap,
	     .x = 36,
	     .y = 20,
	     .facing = "north"},
	    {.side = 1, .name = "Foes", .x = 36, .y = 44, .facing = "south"},
	};
	tf_open_units(t, u, 2, LEVEL, NULL, NULL);
	start(t, 0);
}

/* [11.7] declared in the Movement Phase: the cost spent, the sides, the
 * event; then it does not move (RULING R-540) until given up; it needs a
 * spear or pike in hand; all sides cost 1/3 + 1/2 MV. */
Test(r11_formations, s11_7_set_spears_declared)
{
	struct tf t;
	const char *why;
	open_pikes(&t, "pike");
	struct bs_order s = declare(BS_SPECIAL_SET_SPEARS, BS_SIDES_ALL);
	move_with(&t, 0, 0, &s);
	const struct bs_unit_state *u = tf_unit(&t, 0, 0);
	cr_assert_eq(u->special, BS_SPECIAL_SET_SPEARS, "%s",
		     rejected_why(&t) ? rejected_why(&t) : "");
	cr_expect_eq(u->special_sides, BS_SIDES_ALL);
	cr_expect_float_eq(u->mv_spent, 10, 1e-9, "4\" + 6\" of 12\"");
	const struct bs_event *e = by(&t, BS_EV_SPECIAL, 0, 0, 0);
	cr_assert_not_null(e);
	cr_expect_eq(e->n[2], (int)BS_SIDES_ALL);
	cr_expect_eq(e->n[3], 100);
	cr_expect_str_eq(e->cite, "[11.7]");
	/* round 2: a move is refused while set */
	next_round(&t);
	struct bs_order o = tf_advance(3, 0);
	why = move_with(&t, 0, 0, &o);
	cr_assert_not_null(why);
	cr_expect(strstr(why, "does not move"), "%s", why);
	/* given up in the order, it moves */
	next_round(&t);
	o.declares = 1;
	o.special = BS_SPECIAL_NONE;
	move_with(&t, 0, 0, &o);
	cr_expect_null(rejected_why(&t));
	cr_expect_eq(tf_unit(&t, 0, 0)->special, BS_SPECIAL_NONE);
	cr_expect_float_eq(tf_unit(&t, 0, 0)->front.y, 23, 1e-6);
	tf_close(&t);

	/* swords in hand: no */
	open_pikes(&t, "long sword, pike");
	s = declare(BS_SPECIAL_SET_SPEARS, 0);
	why = move_with(&t, 0, 0, &s);
	cr_assert_not_null(why);
	cr_expect(strstr(why, "spears or pikes in hand"), "%s", why);
	tf_close(&t);
}

/* [11.7] "A Set Spears/Pikes formation does double damage to any enemy
 * unit that charges the formation. In this formation, enemy losses are
 * removed immediately, before the enemy unit gets its return attack (only
 * the surviving figures may attack). If the enemy unit is in closed
 * formation, however, it can fill in any losses in the front line from
 * the rear ranks before making its attack." (RULING R-542) */
static void charge_into_spears(struct tf *t, const char *aform, int *before,
			       int *removed, int *back, int *after)
{
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Chargers",
	     .figures = 12,
	     .frontage = 6,
	     .x = 36,
	     .y = 10,
	     .formation = aform,
	     .facing = "north"},
	    {.side = 1,
	     .name = "Spears",
	     .figures = 4,
	     .frontage = 4,
	     .weapon = "spear",
	     .x = 36,
	     .y = 25,
	     .facing = "south"},
	};
	tf_open_units(t, u, 2, LEVEL, NULL, NULL);
	start(t, 0);
	struct bs_order s = declare(BS_SPECIAL_SET_SPEARS, 0);
	tf_order(t, 1, 0, &s);
	t->moves_first = 0;
	struct bs_order c = charge_at(18, 1, 0);
	tf_order(t, 0, 0, &c);
	movement(t);
	int g = tf_g(t, 0, 0), h = tf_g(t, 1, 0);
	cr_assert_eq(tf_unit(t, 1, 0)->special, BS_SPECIAL_SET_SPEARS);
	cr_assert(bs1e_contact(t->b, g, h, NULL), "the charge goes in");
	*before = bs1e_melee_eligible(t->b, g, h);
	/* 6s: the spears' worst roll, survivors to strike back */
	int d[120];
	for (int i = 0; i < 120; i++)
		d[i] = 6;
	tf_dice(t, d, 120);
	t->nev = 0;
	melee(t);
	const struct bs_event *sp = by(t, BS_EV_ATTACK, 1, 0, 0);
	const struct bs_event *ls = by(t, BS_EV_LOSSES, 0, 0, 0);
	const struct bs_event *ca = by(t, BS_EV_ATTACK, 0, 0, 0);
	cr_assert(sp && ls && ca);
	cr_expect_lt(at(t, sp), at(t, ls), "the spears strike first");
	cr_expect_lt(at(t, ls), at(t, ca),
		     "the losses are removed before the charger strikes");
	int r = sp->n[2];
	cr_expect_eq(sp->n[3], 2 * bs1e_crt(r, BS1E_COL_D6),
		     "double damage (spear d6)");
	cr_expect_str_eq(sp->what, "D6 doubled [11.7]");
	cr_expect_str_eq(ls->what,
			 "set spears: removed before it strikes back");
	cr_expect_str_eq(ls->cite, "[11.7] [8.7]");
	*removed = ls->n[0];
	*back = ca->n[0];
	/* the block as it struck back: its losses were removed */
	*after = bs1e_melee_eligible(t->b, g, h);
}

Test(r11_formations, s11_7_set_spears_strike_a_charge_first)
{
	struct tf t;
	int before, rm, back, after;
	/* closed: its front filled from the rear ranks */
	charge_into_spears(&t, NULL, &before, &rm, &back, &after);
	cr_expect_gt(rm, 0);
	cr_expect_eq(back, after, "the refilled front: %d", after);
	cr_expect_eq(back, before, "a deep block: the front as before");
	tf_close(&t);
	/* open: the figures lost come off those that would fight */
	charge_into_spears(&t, "open", &before, &rm, &back, &after);
	cr_expect_gt(rm, 0);
	cr_expect_lt(back, before);
	cr_expect_eq(back, before - rm < after ? before - rm : after,
		     "only the survivors strike back (%d of %d lost)", rm,
		     before);
	tf_close(&t);
}

/* [11.7] no doubling for a unit that did not charge, nor on a side not
 * set (a front-only set struck in the flank by a charge). */
Test(r11_formations, s11_7_only_against_the_charge_on_a_set_side)
{
	struct tf t;
	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Spears",
	     .figures = 12,
	     .frontage = 6,
	     .weapon = "spear",
	     .x = 36,
	     .y = 20,
	     .facing = "north"},
	    {.side = 1,
	     .name = "Foes",
	     .figures = 10,
	     .frontage = 5,
	     .x = 36,
	     .y = 20,
	     .facing = "south"},
	};
	tf_open_units(&t, u, 2, LEVEL, NULL, NULL);
	start(&t, 0);
	tf_unit(&t, 0, 0)->special = BS_SPECIAL_SET_SPEARS;
	tf_unit(&t, 0, 0)->special_sides = BS_SIDE_BIT(BS_EDGE_FRONT);
	threes(&t);
	melee(&t);
	const struct bs_event *a = by(&t, BS_EV_ATTACK, 0, 0, 0);
	cr_assert_not_null(a);
	cr_expect_str_eq(a->what, "D6", "no charge: no doubling");
	cr_expect_eq(tf_count(&t, BS_EV_NOTE), 0);
	/* the same, charged (as if): on the front, doubled */
	tf_unit(&t, 1, 0)->flags |= BS_UF_CHARGED;
	tf_unit(&t, 1, 0)->charge_tside = 0;
	tf_unit(&t, 1, 0)->charge_tunit = 0;
	cr_expect(bs1e_set_against_charge(t.b, tf_g(&t, 0, 0), tf_g(&t, 1, 0)));
	/* set on the rear only: the charge on the front is not met */
	tf_unit(&t, 0, 0)->special_sides = BS_SIDE_BIT(BS_EDGE_REAR);
	cr_expect(
	    !bs1e_set_against_charge(t.b, tf_g(&t, 0, 0), tf_g(&t, 1, 0)));
	tf_close(&t);
}

/* RULING R-539: a weapon change [8.2] to a weapon that cannot be set
 * ends the formation; R-543: no setting spears in contact. */
Test(r11_formations, s11_7_ends_with_the_spears_and_not_in_contact)
{
	struct tf t;
	const char *why;
	open_pikes(&t, "spear, long sword");
	struct bs_order s = declare(BS_SPECIAL_SET_SPEARS, 0);
	move_with(&t, 0, 0, &s);
	cr_assert_eq(tf_unit(&t, 0, 0)->special, BS_SPECIAL_SET_SPEARS);
	bs1e_take_weapon(t.b, tf_g(&t, 0, 0), 1);
	bs1e_special_hold(t.b, tf_g(&t, 0, 0));
	cr_expect_eq(tf_unit(&t, 0, 0)->special, BS_SPECIAL_NONE);
	tf_close(&t);

	struct tf_unit u[2] = {
	    {.side = 0,
	     .name = "Spears",
	     .weapon = "spear",
	     .x = 36,
	     .y = 20,
	     .facing = "north"},
	    {.side = 1, .name = "Foes", .x = 36, .y = 20, .facing = "south"},
	};
	tf_open_units(&t, u, 2, LEVEL, NULL, NULL);
	start(&t, 0);
	why = move_with(&t, 0, 0, &s);
	cr_assert_not_null(why);
	cr_expect(strstr(why, "in contact"), "%s", why);
	tf_close(&t);
}
