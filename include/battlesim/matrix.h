/* The matrix card system (rules/matrix-battle-system.txt, docs/MATRIX.md):
 * brigades of 500 men as cards on a rows x columns matrix of locations with
 * each army's reserve behind it. The scenario's matrix and brigade cards
 * (loaded by src/scenario/load_matrix.c, hung on struct bs_scenario), the
 * card formulas, damage to class / unit numbers, the ruled Table 1, the
 * ruled morale procedure, the battle state that controllers read, and the
 * matrix controller interface. Cites "[M2.3b]" number the text's
 * paragraphs as docs/MATRIX.md lists them: M1 the battlefield, M2 troop
 * cards (M2.3a morale ... M2.6 the damage example), M3 the battle phase
 * (M3.1 initiative ... M3.7 assess damage), M4 aerial units. */
#ifndef BATTLESIM_MATRIX_H
#define BATTLESIM_MATRIX_H

#include "battlesim/deriv.h"
#include "battlesim/diag.h"
#include "battlesim/dice.h"
#include "battlesim/model.h"

struct bs_battle;

#define BS_MX_MAX_ROWS 12
#define BS_MX_MAX_COLS 16     /* with the referee's new columns [M1.3] */
#define BS_MX_MAX_BRIGADES 32 /* per side */
#define BS_MX_STACK_LIMIT 10  /* [M1.4] [M3.2] */
#define BS_MX_T1_MAX 16	      /* bands of Table 1 */
#define BS_MX_MAX_STEPS 8     /* steps of one move (MV 8 = move 96) */

/* [M2.2] brigade types (the text's examples) and what they imply. */
enum bs_mx_type {
	BS_MX_INFANTRY,
	BS_MX_CAVALRY,
	BS_MX_ARCHERS,
	BS_MX_AIR_CAVALRY, /* aerial [M4] */
	BS_MX_ELITE,	   /* scouts, knights, artillery ... */
	BS_MX_MAGE,	   /* a cadre of spell casters [M3.4a] */
	BS_MX_OTHER,
	BS_MX_TYPE__COUNT
};
extern const char *const bs_mx_type_name[BS_MX_TYPE__COUNT];

/* [M3.4] the kinds of attack, in the order of the attack phase. */
enum bs_mx_mode {
	BS_MX_MAGIC,   /* [M3.4a] */
	BS_MX_MISSILE, /* [M3.4b] */
	BS_MX_CHARGE,  /* [M3.4c] */
	BS_MX_MELEE,   /* [M3.4d] */
	BS_MX_MODE__COUNT
};
extern const char *const bs_mx_mode_name[BS_MX_MODE__COUNT];

/* A weapon line of a card's figures: THAC0 (0: the figure's), damage, and
 * attacks per round in tenths (3/2 = 15). present 0: none. */
struct bs_mx_weapon {
	int present;
	int thac0;
	int hit_bonus; /* non-situational bonus to hit [M2.3c] */
	struct bs_dice damage;
	int attacks10;
	char name[BS_NAME_MAX]; /* preferred weapon, for the card */
};

/* The AD&D figures a card is derived from [M2.3]. */
struct bs_mx_figures {
	int move;  /* inches (tabletop move), [M2.3b] */
	int ac;	   /* [M2.3d] */
	int hd10;  /* average HD (level) of the rider, tenths; 0 =
		      0-level [M2.5] */
	int thac0; /* rider / foot soldier */
	struct bs_mx_weapon melee;   /* preferred melee weapon */
	struct bs_mx_weapon missile; /* preferred missile weapon */
	struct bs_mx_weapon charge;  /* charging weapon (lance) */
	int mounted;		     /* a mount below the rider */
	int mount_hd10, mount_thac0;
	struct bs_mx_weapon mount; /* the mount's natural attacks */
	int magic;		   /* [M3.4a] a spell per attack phase */
	struct bs_dice magic_damage;
	int magic_uses; /* spells the cadre has for the battle */
};

/* A card's derived numbers [M2.3] [M2.4] [M2.5]; each rating keeps its
 * derivation (the sum in tenths) for the roster and the log. */
struct bs_mx_card {
	int mv;	       /* [M2.3b] locations per movement */
	int melee;     /* [M2.3c] 0: no melee weapon */
	int missile;   /* 0: none */
	int charge;    /* 0: none */
	int defense;   /* [M2.3d] */
	int cls;       /* [M2.4] class number at the start */
	int unit;      /* [M2.5] unit number at the start */
	int unit_max;  /* unit number of a whole century */
	int unit_hd10; /* the average HD it comes from, tenths: the rider's,
			  or rider and mount averaged (RULING R-256) */
	int ml;	       /* base morale, percent (RULING R-254) */
	struct bs_deriv d_melee, d_missile, d_charge, d_ml; /* sums: tenths */
};

/* One brigade card of the scenario [M2.1]. */
struct bs_mx_brigade {
	char name[BS_NAME_MAX]; /* 1.) name and designation */
	char tag[8];		/* "A3": side letter, number (grid) */
	enum bs_mx_type type;	/* 2.) */
	char weight[16];	/* light, medium, heavy, foot, mounted ... */
	int aerial;		/* [M4] */
	int scouts;		/* RULING R-253 */
	int special;		/* returns to the reserve [M1.2] */
	int men;		/* strength at the start */
	int row, col;		/* 0-based start; row -1: in the reserve */
	int morale;		/* 3a.) given base morale, 0 = derived */
	char notes[128];	/* 7.) special notes */
	struct bs_mx_figures fig;
	struct bs_mx_card card; /* derived at load */
	int line, col_src;	/* where it is defined */
};

/* The ruled "Table 1" (RULING R-250): adjusted roll = 2d10 + scale x
 * (attack rating - defensive rating) - (full class - attacking classes);
 * damage points = the number of bands whose lowest roll it reaches. */
struct bs_mx_table1 {
	int scale;
	int nbands;
	int band[BS_MX_T1_MAX];
};
extern const struct bs_mx_table1 bs_mx_table1_default;

/* Optional rules of a matrix scenario (`matrix: options:`). */
enum bs_mx_option {
	BS_MX_OPT_NEW_COLUMNS, /* [M1.3] leaving past a column makes one */
	BS_MX_OPT_MOUNT_HD,    /* [M2.5] unit number averages the mount */
	BS_MX_OPT__COUNT
};
extern const char *const bs_mx_option_name[BS_MX_OPT__COUNT];

/* The matrix of a scenario and its two armies (struct bs_scenario
 * .matrix; loader-owned). Side 0's reserve is behind row 0, side 1's
 * behind the last row. */
struct bs_matrix_field {
	int rows, cols;
	int brigade_men, century_men; /* [M1.5] 500 / 100, or 50 / 10 */
	int full_class;		      /* brigade_men / century_men */
	unsigned options;	      /* bits of enum bs_mx_option */
	struct bs_mx_table1 t1;
	struct bs_mx_brigade *brig[BS_MAX_SIDES];
	int nbrig[BS_MAX_SIDES];
	/* each army's scripted `orders:` (docs/MATRIX.md "Scripted
	 * orders", RULING R-426), in the order of the file */
	const struct bs_mx_order *orders[BS_MAX_SIDES];
	int norders[BS_MAX_SIDES];
};

/* ---- formulas (src/matrix/cards.c, damage.c, table1.c, morale.c) ------ */

/* [M2.3b] MV = move / 12, a fraction rounds up (12 -> 1, 15 -> 2). */
int bs_mx_mv(int move);

/* [M2.3c] a rating from its sum in tenths: ceil(sum / 10); with `min1` at
 * least 1 (a brigade equipped with the weapon). */
int bs_mx_rating(int sum10, int min1);

/* [M2.3d] defensive rating = ceil((10 - AC) / 3), never below 0. */
int bs_mx_defense(int ac);

/* [M2.5] unit number from average HD in tenths: whole HD, 1 for 0 level
 * (and below 1 HD). */
int bs_mx_unit_number(int hd10);

/* Derive card from figures of brigade br in field f (ratings, class and
 * unit numbers from men, base morale). No failure. */
void bs_mx_card_derive(const struct bs_matrix_field *f,
		       const struct bs_mx_brigade *br, struct bs_mx_card *card);

/* [M2.6] `points` of damage to a brigade at *cls / *unit (a century is
 * unit_max): each time the unit number reaches 0 the class number drops
 * by one and the unit number resets. Returns the centuries lost; *cls 0:
 * destroyed. */
int bs_mx_damage(int *cls, int *unit, int unit_max, int points);

/* Strength left in percent of `full_class` whole centuries, rounded
 * down. (The morale bands of [M2.3a] count from the strength at the
 * start, which may end in a partial century: bs_mx_strength_left_pct.) */
int bs_mx_strength_pct(int cls, int unit, int unit_max, int full_class);

/* RULING R-254: the damage points left at cls / unit, in percent of
 * those at the start (start_cls / start_unit), rounded down; 0 when the
 * start has none. */
int bs_mx_strength_left_pct(int cls, int unit, int unit_max, int start_cls,
			    int start_unit);

/* RULING R-250: damage points of Table 1 t for adjusted roll r. */
int bs_mx_t1_points(const struct bs_mx_table1 *t, int r);

/* The adjusted roll: roll2d10 + scale x diff - (full_class - classes). */
int bs_mx_t1_adjusted(const struct bs_mx_table1 *t, int roll2d10, int diff,
		      int classes, int full_class);

/* Expected damage points x 100 of one Table 1 attack at rating
 * difference diff by `classes` of `full_class` (exact over the 100
 * outcomes of 2d10). */
int bs_mx_t1_expected100(const struct bs_mx_table1 *t, int diff, int classes,
			 int full_class);

/* The sum over the 100 outcomes of 2d10 of the damage points of Table 1,
 * each outcome counting at most `cap` points (cap < 0: all of them); the
 * attack as bs_mx_t1_expected100 has it (RULING ). */
long bs_mx_t1_capped100(const struct bs_mx_table1 *t, int diff, int classes,
			int full_class, int cap);

/* Table 1 remembered (issue 13): for one table and full class, the sums
 * of bs_mx_t1_expected100 and bs_mx_t1_capped100 by adjusted modifier
 * (scale x diff - the centuries lacking, the only way the attack enters
 * them), made once (a battle makes it when it is made; it depends only on
 * the scenario). cum[k][a - lo] is the sum over the bands j < k of the
 * rolls of 2d10 that reach band j at modifier a; below lo no roll reaches
 * any band, from lo + n - 1 up every roll reaches all of them. */
#define BS_MX_T1_MEMO_SPAN 320 /* bands -100 .. 200 (the loader's) */
struct bs_mx_t1_memo {
	struct bs_mx_table1 t;
	int full_class;
	int lo, n;     /* modifiers lo .. lo + n - 1; n 0: not made */
	int ascending; /* bands not descending: cum[cap] is the capped sum */
	int cum[BS_MX_T1_MAX + 1][BS_MX_T1_MEMO_SPAN];
	/* the points of adjusted roll lo + 20 + i, i < npts (the lowest
	 * band less 1 up to the highest, bs_mx_t1_points; below and above
	 * they do not change) */
	int npts;
	unsigned char pts[BS_MX_T1_MEMO_SPAN];
};

/* Make m for table t and full_class (bands outside -100 .. 200: n 0, the
 * functions below then compute directly). */
void bs_mx_t1_memo_init(struct bs_mx_t1_memo *m, const struct bs_mx_table1 *t,
			int full_class);

/* bs_mx_t1_expected100 and bs_mx_t1_capped100 of m's table and full
 * class, read from m: the same integers. */
int bs_mx_t1_memo_expected100(const struct bs_mx_t1_memo *m, int diff,
			      int classes);
long bs_mx_t1_memo_capped100(const struct bs_mx_t1_memo *m, int diff,
			     int classes, int cap);

/* bs_mx_t1_points of m's table for adjusted roll r, read from m. */
int bs_mx_t1_memo_points(const struct bs_mx_t1_memo *m, int r);

/* [M3.4a] magic damage: average damage of the spell / 10 x class number
 * of the caster (RULING R-258), rounded half up. */
int bs_mx_magic_damage(const struct bs_dice *spell, int cls);

/* RULING R-254 morale at a check: base ML% with the changes of [M2.3a]
 * (strength 51-75% / 1-50%, an ally of its stack lost). Fills d. */
int bs_mx_morale(int base_ml, int strength_pct, int ally_lost,
		 struct bs_deriv *d);

/* ---- the battle state (read-only for controllers) --------------------- */

enum bs_mx_where {
	BS_MX_FIELD,   /* on the matrix */
	BS_MX_RESERVE, /* in its army's reserve */
	BS_MX_OUT,     /* left the battle (arena, reserves, destroyed) */
};

/* One brigade in a battle; global index g as b->units. */
struct bs_mx_state {
	const struct bs_mx_brigade *def;
	enum bs_mx_where where;
	int row, col;
	int cls, unit;
	int routed;
	int magic_left;
	int ml; /* base morale % */
	/* this round */
	int moved;   /* left its location this movement phase */
	int entered; /* moved into its location this movement phase */
	int penalty; /* [M3.2] stacking: ratings -2 per brigade over 10 */
	int melee, missile, charge, defense; /* card less the penalty */
	int declared; /* winner: enemy g it attacks, -1 holds */
	int engages;  /* loser: enemy g it engages, -1 none */
	int engaged;  /* [M3.4] engaged: may only melee */
	int pending;  /* damage points to assess [M3.7] */
	int lost_now; /* centuries lost this round */
};

/* The brigade g of a matrix battle (NULL when b is not one). */
const struct bs_mx_state *bs_mx_state(const struct bs_battle *b, int g);

/* Every brigade of a matrix battle b (not checked: b must be one), indexed
 * as b->units: bs_mx_state(b, g) is bs_mx_states(b) + g for each unit g
 * (the controllers' inner loops; valid for the battle's life). */
const struct bs_mx_state *bs_mx_states(const struct bs_battle *b);

/* The field of a matrix battle (its columns may have grown [M1.3]). */
const struct bs_matrix_field *bs_mx_field(const struct bs_battle *b);
int bs_mx_cols(const struct bs_battle *b);

/* The land brigades of side at (row, col), routed included [M1.4]. */
int bs_mx_stack_count(const struct bs_battle *b, int side, int row, int col);

/* The location index of the battle (docs/MATRIX.md "The location
 * index"): what is at a location, read without scanning every brigade.
 * Counts of one army's brigades on the field at a location: */
struct bs_mx_cell {
	int field;  /* all of them, routed included */
	int active; /* not routed (they may fight) */
	int land;   /* not aerial, routed included: the stack [M1.4] [M4.1] */
	int aerial; /* aerial, routed included */
};

/* side's counts at (row, col); all 0 off the matrix. */
struct bs_mx_cell bs_mx_cell_at(const struct bs_battle *b, int side, int row,
				int col);

/* side's counts at every location, row by row: (row, col) at row x
 * bs_mx_cols + col (valid until the battle next changes). */
const struct bs_mx_cell *bs_mx_cells(const struct bs_battle *b, int side);

/* The brigades on the field at (row, col), both armies, routed included,
 * in unit order: their count, and *units the list (valid until the battle
 * next changes; NULL with 0 off the matrix). */
int bs_mx_units_at(const struct bs_battle *b, int row, int col,
		   const int **units);

/* The same of one army (side 0 or 1): its brigades on the field at (row,
 * col), routed included, in unit order. */
int bs_mx_army_at(const struct bs_battle *b, int side, int row, int col,
		  const int **units);

/* side's brigades on the field, not routed. */
int bs_mx_active_count(const struct bs_battle *b, int side);

/* The battle's Table 1 memo (struct bs_mx_t1_memo: the scenario's table
 * and full class), for the expectations of the controllers. */
const struct bs_mx_t1_memo *bs_mx_t1(const struct bs_battle *b);

/* 1 when brigade g can attack brigade t with mode from where they stand
 * ([M3.4a] magic / [M3.4b] missile: same or adjacent location, diagonals
 * included; charge / melee: same location). */
int bs_mx_in_reach(const struct bs_battle *b, int g, int t,
		   enum bs_mx_mode mode);

/* 1 when brigade t may be declared the target of brigade g's attack at
 * their location [M3.3]: an enemy there, and not scouts screened by a
 * brigade of their army that is not scouts (RULING R-253). */
int bs_mx_may_declare(const struct bs_battle *b, int g, int t);

/* The referee's word (issue 17, RULING R-432): brigade g of matrix battle
 * b gets class and unit numbers cls / unit (its strength, [M2.4] [M2.5]),
 * its Rout marker set or cleared, or its place: (row, col), 0-based, or
 * the reserve (row -1). Not rules: what follows is played from there. No
 * effect when b is not a matrix battle or g not one of its brigades. */
void bs_mx_set_strength(struct bs_battle *b, int g, int cls, int unit);
void bs_mx_set_routed(struct bs_battle *b, int g, int routed);
void bs_mx_set_place(struct bs_battle *b, int g, int row, int col);

/* ---- controllers --------------------------------------------------------- */

/* A brigade's move [M3.2]: from the reserve, first enter the side's back
 * row at column enter_col; then up to MV steps (dr, dc one of the four
 * orthogonal directions; a step from the back row away from the enemy
 * goes back into the reserve). */
struct bs_mx_move {
	int enter_col; /* -1: not entering from the reserve */
	int nsteps;
	struct {
		int dr, dc;
	} step[BS_MX_MAX_STEPS];
};

/* Where move m of brigade g would take it from where it stands now, as
 * the movement phase will play it [M3.2] (RULINGS ):
 * legal 0 with the rule (why, cite) when a part of it would be rejected;
 * where / row / col at its end (a new column on the left of the matrix is
 * column 0, the others shifted by one), the steps used of its MV, whether
 * it stops at an enemy stack, and `unplayed`: steps given after the move
 * ends (stopped, into the reserve, out of the arena), which the rules never
 * walk. The battle is not changed. */
struct bs_mx_move_check {
	int legal;
	const char *why, *cite;
	enum bs_mx_where where;
	int row, col;
	int used, mv;
	int stopped, unplayed, new_column;
};
int bs_mx_check_move(const struct bs_battle *b, int g,
		     const struct bs_mx_move *m, struct bs_mx_move_check *out);

/* The parts of a scripted matrix order (bits of struct bs_mx_order .has). */
enum {
	BS_MXO_MOVE = 1u << 0,	 /* `move:` / `enter:` [M3.2] */
	BS_MXO_ATTACK = 1u << 1, /* `attack:` the winner's declaration [M3.3] */
	BS_MXO_ENGAGE = 1u << 2, /* `engage:` the loser's [M3.3] */
	BS_MXO_TARGET = 1u << 3, /* `target:` a free attack [M3.4a] [M3.4b]
				    [M3.5] */
	BS_MXO_SPLIT = 1u << 4,	 /* `split:` an aerial brigade's classes
				    [M4.2] (RULING R-437) */
	BS_MXO_SEQUENCE = 1u << 5, /* `sequence:` the order the army's
				      brigades move in [M3.2] (RULING
				      R-438); an entry without brigade */
};

/* One entry of an army's scripted `orders:` (RULING R-426): what brigade
 * `brig` of the army does in Game Round `round`; a part not given is the
 * controller's default (it stays, holds back, engages nothing, makes no
 * free attack). Brigades are indexes on their army (attack, engage,
 * target: on the other army; -1 none). The same entry, without round and
 * brigade, is what a human side types at the referee's prompt
 * (bs_scenario_parse_mx_order, scenario.h). */
struct bs_mx_order {
	int round;
	int brig;
	unsigned has; /* BS_MXO_* */
	struct bs_mx_move move;
	int attack, engage, target;
	/* SPLIT: classes of the brigade's attack sent at enemy brigade i
	 * (index on the other army; 0 none), the rest at its target */
	int split[BS_MX_MAX_BRIGADES];
	/* SEQUENCE (brig -1): these brigades of the army (indexes on it)
	 * move first, in this order */
	int seq[BS_MX_MAX_BRIGADES];
	int nseq;
	int line, col; /* where the entry is in the scenario file */
};

/* The enemy of side `side` in a matrix battle (two armies). */
static inline int bs_mx_other(int side)
{
	return side == 0 ? 1 : 0;
}

/* What a side decides; every callback may be NULL (the default: stay,
 * hold, engage nothing, no target). Arrays are indexed by global brigade
 * index g (b->nunits). The rules validate every answer and log the
 * rejected ones. */
struct bs_mx_controller {
	const char *name;
	void *ctx;
	/* [M3.2] the move of brigade g (not routed) */
	void (*move)(void *ctx, const struct bs_battle *b, int g,
		     struct bs_mx_move *out);
	/* [M3.3] winner at (row, col): decl[g] = enemy g attacked, or -1 to
	 * hold back, for each of his brigades there */
	void (*declare)(void *ctx, const struct bs_battle *b, int side, int row,
			int col, int *decl);
	/* [M3.3] loser at (row, col): eng[g] = the attacking enemy brigade
	 * his brigade g engages, or -1 (several may engage one) */
	void (*defend)(void *ctx, const struct bs_battle *b, int side, int row,
		       int col, int *eng);
	/* [M3.4] the target of brigade g's free attack with mode (magic,
	 * missile, or the scouts' attack): an enemy g, or -1 */
	int (*target)(void *ctx, const struct bs_battle *b, int g,
		      enum bs_mx_mode mode);
	/* [M4.2] aerial brigade g attacks with `mode`, its target t: how its
	 * classes split between enemy brigades ("The number of attacks an
	 * aerial unit has is equal to its class number"): classes[h] (h
	 * global, b->nunits entries, all 0 on entry) of them attack h, each
	 * h an enemy in reach for the mode (an engaged brigade: those it is
	 * engaged with); the rest attack t. NULL: all at t. A split out of
	 * reach is REJECTED and those classes attack t (RULING R-251). */
	void (*aerial)(void *ctx, const struct bs_battle *b, int g,
		       enum bs_mx_mode mode, int t, int *classes);
	/* [M3.2] RULING R-438: the order side's brigades move in this
	 * movement phase, asked once before its first move (after the
	 * routed brigades' flight, R-262, and the loser after the winner's
	 * moves): out[0..n) (global indexes, n returned, at most max) move
	 * first, in that order, the others after them in the army's order.
	 * NULL or 0: the army's order. A brigade named that is not one of
	 * the army's that may move (routed, out of the battle), or named
	 * twice, is REJECTED and moves where the army's order puts it. */
	int (*move_order)(void *ctx, const struct bs_battle *b, int side,
			  int *out, int max);
};

/* ---- aerial attacks [M4.2] ----------------------------------------------- */

/* RULING R-251: 1 when aerial brigade g, attacking with `mode`, may send
 * classes at brigade h now: an enemy in the battle and not routed, in
 * reach for the mode (the same location for melee and charge, the same or
 * an adjacent one for missiles and magic), and an engaged g only the
 * brigades it is engaged with (its declared target, the one it engages,
 * those engaging it). The attack step refuses a split that is not. */
int bs_mx_aerial_may(const struct bs_battle *b, int g, int h,
		     enum bs_mx_mode mode);

/* The damage points brigade h can still take this round: those it has
 * left less the points already dealt to it and not yet assessed [M3.7]
 * (RULING R-260); 0 for a brigade off the matrix. */
int bs_mx_points_left(const struct bs_battle *b, int h);

/* The expected damage points x 100 of an attack of `classes` classes of
 * brigade g on h with `mode`, as the attack step makes it (its rating,
 * h's defense, the classes in the Table 1 roll, R-250 R-251; magic: the
 * points of R-258, no roll), counting at most `cap` points of each
 * outcome (cap < 0: all): exact over the 100 outcomes of 2d10. 0 on bad
 * indexes or classes <= 0. The matrix AI's split (RULING R-436). */
long bs_mx_split_value100(const struct bs_battle *b, int g, int h,
			  enum bs_mx_mode mode, int classes, int cap);

/* ---- odds (the referee's `odds`, RULING R-434) ------------------------ */

#define BS_MX_ODDS_POINTS 64

/* Brigade g's attack on t with `mode` as the attack step would make it
 * now: its rating with the derivation (the card less the stacking
 * penalty, +1 a missile attack at the same location, R-263), the
 * defender's defense, the classes that count (R-250; an aerial brigade's
 * all, R-251), and the damage points over the 100 outcomes of 2d10 on
 * Table 1 (ways[p] of 100 give p points; the expectation x 100 as the AI
 * weighs it); magic [M3.4a]: no roll, the points of R-258 with the spell.
 * `cannot` (and the rule) when it could not make that attack now; scouts
 * [M3.5] attack in the same or an adjacent location. -1 on bad indexes. */
struct bs_mx_attack_now {
	enum bs_mx_mode mode;
	int scouts, aerial, same_location;
	struct bs_deriv deriv;
	int rating, defense, diff;
	int classes, full_class;
	int rolled; /* 1: ways[] and expected100 are set */
	int ways[BS_MX_ODDS_POINTS];
	int max_points;
	int expected100;
	int magic; /* 1: `points`, no roll */
	struct bs_dice spell;
	int points;
	const char *cannot, *cite;
};
int bs_mx_attack_now(const struct bs_battle *b, int g, int t,
		     enum bs_mx_mode mode, struct bs_mx_attack_now *out);

/* Set side's controller (NULL: none; then the side gives no orders):
 * bs_battle_attach (battle.h) with the matrix interface. The battle keeps
 * the pointer; the controller must outlive it. BS_ERR_INPUT when b is not
 * a matrix battle or side not one of its sides. The matrix AI and the
 * registry that picks a side's controller by kind are in ai.h. */
enum bs_status bs_matrix_set_controller(struct bs_battle *b, int side,
					const struct bs_mx_controller *c);

/* A matrix battle is a struct bs_battle made by bs_battle_new (battle.h)
 * for a scenario of `rules: matrix`, played by bs_matrix_ruleset
 * (src/matrix/battle.c). */

#endif
