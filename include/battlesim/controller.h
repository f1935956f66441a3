/* Controllers propose orders; the rules decide what is legal and what
 * happens ("an illegal order is rejected with the rule that forbids it").
 * The doctrine AI, the scripted controller of a scenario's orders, and
 * (later) an interactive player implement this interface (src/ai/). */
#ifndef BATTLESIM_CONTROLLER_H
#define BATTLESIM_CONTROLLER_H

#include "battlesim/geom.h"
#include "battlesim/model.h"

struct bs_battle;

/* [7.6]-[7.11] movement primitives, executed in order, each paying its
 * cost out of the unit's movement rate. */
enum bs_step_kind {
	BS_STEP_ADVANCE,   /* dist inches, angle within 45 of facing [7.9] */
	BS_STEP_WHEEL,	   /* angle degrees: + clockwise about the front-right
			      corner, - anticlockwise about the front-left
			      [7.9]; cost = arc of the outermost figure */
	BS_STEP_FACE,	   /* angle 90 right, -90 left, 180 about [7.9] */
	BS_STEP_FRONTAGE,  /* files = the new frontage [7.10] */
	BS_STEP_FORMATION, /* formation = closed / open [7.6] */
	BS_STEP_FIRE,	   /* issue 14 [10.5] split-fire: one volley at the
			      order's target (tside, tunit), here */
	BS_STEP__COUNT
};
extern const char *const bs_step_name[BS_STEP__COUNT];

struct bs_step {
	enum bs_step_kind kind;
	double dist;
	double angle;
	int files;
	enum bs_formation formation;
};

enum bs_order_kind {
	BS_ORDER_HOLD,	       /* do nothing this phase */
	BS_ORDER_MOVE,	       /* the steps, at normal MV */
	BS_ORDER_CHARGE,       /* the steps end in contact with the target
				  [7.14], at 1 1/2 MV */
	BS_ORDER_FORCED_MARCH, /* the steps at 1 1/2 MV [7.13] */
	BS_ORDER_WITHDRAW,     /* fighting withdrawal 3" [7.12] */
	BS_ORDER_FLEE,	       /* about face and full MV away [8.8] */
	BS_ORDER_WRAP,	       /* wrap-around: frontage + wheel ends [7.11] */
	BS_ORDER__COUNT
};
extern const char *const bs_order_name[BS_ORDER__COUNT];

#define BS_ORDER_MAX_STEPS 8

/* The special formations of the Intermediate Game [11.6] [11.7] a unit in
 * command and in closed formation may declare before it moves. */
enum bs_special {
	BS_SPECIAL_NONE,
	BS_SPECIAL_SHIELD_WALL,	  /* [11.6] front only: moves 1/2 MV */
	BS_SPECIAL_SHIELD_SQUARE, /* [11.6] circular or square: every side,
				     cannot move */
	BS_SPECIAL_SET_SPEARS,	  /* [11.7] set on the sides it names */
	BS_SPECIAL__COUNT
};
/* "none", "shield-wall", "shield-square", "set-spears" */
extern const char *const bs_special_name[BS_SPECIAL__COUNT];

/* The sides a Set Spears/Pikes formation defends [11.7]: bits of enum
 * bs_side_edge (geom.h). */
#define BS_SIDE_BIT(edge) (1u << (edge))
#define BS_SIDES_ALL 0xfu

/* One unit's order for its Movement Phase. */
struct bs_order {
	enum bs_order_kind kind;
	int tside, tunit; /* target (charge, flee from, split-fire); -1 none */
	int nsteps;
	struct bs_step step[BS_ORDER_MAX_STEPS];
	/* [11.6] [11.7] declared before the unit moves: with `declares`
	 * set, the unit takes `special` (BS_SPECIAL_NONE: gives up the one
	 * it is in) and, for set spears, defends `sides` (0: the front);
	 * without it (0, the default) it keeps the one it is in */
	int declares;
	enum bs_special special;
	unsigned sides;
	/* issue 14: the controller's reason (static text, for the log; NULL
	 * none) */
	const char *why;
};

/* ---- missile fire (issue 14) [10.0]-[10.11] ------------------------------
 */

/* The kinds of missile fire [10.2] (the VOLLEY event's n[8]). */
enum bs_fire_kind {
	BS_FIRE_INITIAL,      /* [1.2] Initial Missile Phase */
	BS_FIRE_PASS_THROUGH, /* [10.6] during the enemy's movement */
	BS_FIRE_PHASE,	      /* [1.5 B] Missile and Magic Phase */
	BS_FIRE_SPLIT,	      /* [10.5] during its own movement */
	BS_FIRE_ARTILLERY,    /* [1.5 C] artillery */
	BS_FIRE__COUNT
};
extern const char *const bs_fire_kind_name[BS_FIRE__COUNT];

/* One volley a controller proposes: unit `unit` of its side fires at
 * (tside, tunit). */
struct bs_fire_order {
	int unit;
	int tside, tunit;
	int ammo; /* -1: its weapon's (the piece's) own; artillery: index of
		     the unit's special ammunition [10.11] */
	int at;	  /* pass-through: the moment of the move (an index of the
		     path given), else 0 */
	const char *why; /* the controller's reason (static text) or NULL */
	/* issue 14/15 [9.2] [9.4 A] RULING: nonzero: the
	 * target is individual `tunit` of side `tside` (an index of its
	 * individuals), a hero or a commander standing alone on the table;
	 * 0 (the default): unit `tunit` */
	int at_indiv;
};
#define BS_MAX_FIRE_ORDERS 64

/* Issue 15 [9.4] [10.0] RULING R-525: one shot of individual `indiv` of
 * the side (standing alone on the table, his `weapon:` a missile weapon)
 * at an enemy unit (tside, tunit; tindiv -1) or an enemy individual
 * (tside, tindiv; tunit -1), in the Missile and Magic Phase [1.5 B]. */
struct bs_indiv_fire_order {
	int indiv;
	int tside, tunit, tindiv;
	const char *why; /* the controller's reason (static text) or NULL */
	/* [10.6] pass-through fire (RULING R-549): the moment of the
	 * mover's path it is fired at (pass_through_indiv only) */
	int at;
};

/* Issue 16 [14.1] [14.4] [14.5]: one spell that individual `indiv` of the
 * side casts in step A of the Missile and Magic Phase [1.5 A] (the
 * Advanced Game): `spell` one of the records he has memorized, at an enemy
 * unit (tside, tunit; tindiv -1) or an enemy individual standing alone
 * (tside, tindiv; tunit -1). An area needs a point: with `aim` set, (x, y)
 * is the centre of a circle or a square, the start of a line, or the
 * point a cone is turned toward; without it the rules place it on the
 * target (RULING R-573). Checked when its turn comes (bs1e_check_cast,
 * battlesim/bs1e_magic.h). */
struct bs_spell;
struct bs_cast_order {
	int indiv;
	const struct bs_spell *spell;
	int tside, tunit, tindiv;
	int aim;
	double x, y;
	const char *why; /* the controller's reason (static text) or NULL */
};
#define BS_MAX_CAST_ORDERS 32

/* Issue 16 [13.7] [14.1] RULING: the breath of unit
 * `unit` of the side (its creatures' breath weapon `breath`, the
 * catalog's `breath:`) in step A of the Missile and Magic Phase, at one
 * enemy unit (tunit) or individual standing alone (tindiv), the other
 * -1; `aim` 1: at point (x, y) instead of the target's centre (RULING
 * Checked when its turn comes (bs1e_check_unit_breath). */
struct bs_breath_order {
	int unit;
	const struct bs_spell *breath;
	int tside, tunit, tindiv;
	int aim;
	double x, y;
	const char *why; /* the controller's reason (static text) or NULL */
};

/* Issue 16 [14.19]: an attempt of cleric (or paladin) `indiv` of the side
 * to turn the undead of enemy unit (tside, tunit), in step A of the
 * Missile and Magic Phase [1.5 A] (RULING R-581). */
struct bs_turn_order {
	int indiv;
	int tside, tunit;
	const char *why; /* the controller's reason (static text) or NULL */
};

/* A moment of an enemy unit's move at which pass-through fire may be
 * taken [10.6] (RULING R-477): where it stands then. */
struct bs_move_point {
	int side, unit;	     /* the unit moving */
	double x, y, facing; /* front centre and facing */
	int files, figures;
	enum bs_formation formation;
	double moved;	  /* inches of the move done by then */
	int contact;	  /* 1: the moment it comes into contact with
			     (tside, tunit), before it touches */
	int tside, tunit; /* that unit, -1 */
	/* issue 15 [10.6] RULING R-674: a moment of the move of individual
	 * (side, indiv) standing alone when unit is -1: (x, y) his counter's
	 * centre, files and figures 0; unused at a unit's moment */
	int indiv;
};
#define BS_MAX_MOVE_POINTS 64

/* [2.10] the orders a mob may be given. */
enum bs_mob_order {
	BS_MOB_NONE,
	BS_MOB_FORWARD,	     /* move forward [7.7] */
	BS_MOB_CHARGE,	     /* [7.14] */
	BS_MOB_FORCED_MARCH, /* [7.13] */
	BS_MOB_WHEEL,	     /* up to 90 degrees [7.9]; angle */
	BS_MOB__COUNT
};
extern const char *const bs_mob_order_name[BS_MOB__COUNT];

/* One Rally Phase attempt [6.0]: commander `indiv` rallies unit `unit`
 * (routed, or out of command), or gives mob `unit` an order. */
struct bs_rally_order {
	int indiv;
	int unit;
	enum bs_mob_order mob_order; /* BS_MOB_NONE: a rally */
	double mob_angle;	     /* BS_MOB_WHEEL */
};

/* Where an independent individual goes: a brigade or army commander
 * [9.2], and in the Intermediate Game every individual on the table, a
 * hero [9.4], along a path of straight legs (the waypoints `via`, then
 * x, y) that together are at most his MV [7.7]; he stops where he first
 * touches another figure [7.8]. Facing is free (the [9.4] Q&A). */
#define BS_INDIV_MAX_VIA 3
struct bs_indiv_order {
	int move; /* 0: stay */
	double x, y;
	int nvia; /* waypoints before (x, y), 0..BS_INDIV_MAX_VIA */
	double via[BS_INDIV_MAX_VIA][2];
	/* [9.4] the enemy he goes for: a unit (tside, tunit) or an
	 * individual (tside, tindiv), -1 none; in the Melee Phase he
	 * attacks it when he touches it */
	int tside, tunit, tindiv;
	char why[96]; /* the controller's reason, for the log ("" none) */
	/* [10.5] [13.7] RULING R-637: 1 asks to breathe on the way
	 * (split-fire): at the half-way moment of the move the engine asks
	 * the controller's `split_breath` for the breath's target */
	int split;
};

/* [9.0] "PC/NPC individuals can change roles during a battle. All
 * changes of roles must be declared at the beginning of the Movement
 * Phase of the current Game Round, and take effect immediately." */
enum bs_role_act {
	BS_RA_HERO,	 /* become a hero: leave his unit (or his command) */
	BS_RA_MEMBER,	 /* join a friendly unit as a member [9.1] */
	BS_RA_COMMAND,	 /* become the Unit Commander of a unit [9.2] */
	BS_RA_TAKE_OVER, /* a deputy takes over his commander's post [9.3] */
	BS_RA__COUNT
};
extern const char *const bs_role_act_name[BS_RA__COUNT];

struct bs_role_order {
	int indiv;
	enum bs_role_act act;
	int unit; /* MEMBER, COMMAND: the unit (index on the side), else -1 */
	int post; /* TAKE_OVER: the commander whose post he takes, else -1 */
	char why[96]; /* the controller's reason, for the log ("" none) */
};
#define BS_MAX_ROLE_ORDERS 32

#define BS_MAX_RALLY_ORDERS 64

#define BS_SCRIPT_MELEE_MAX 16

/* A scripted order of a scenario file (a side's `orders:`, loaded by
 * src/scenario/orders.c, played by src/ai/scripted.c): a Movement Phase
 * order for a unit, a Rally Phase attempt [6.0], an order given to a
 * mob [2.10] [6.6], or the order of the melees [1.6 B], in a given Game
 * Round. */
enum bs_script_kind {
	BS_SCRIPT_MOVE,	 /* `order:` for `unit:` in its Movement Phase */
	BS_SCRIPT_RALLY, /* `rally:` unit `by:` commander [6.0] */
	BS_SCRIPT_MOB,	 /* `mob:` unit `by:` commander, `order:` [2.10] */
	BS_SCRIPT_FIRE,	 /* issue 14: `fire:` unit at `target:`, in
			    `phase:` [10.2] */
	BS_SCRIPT_INDIV, /* `individual:` moves `to:` [7.7] [9.4] */
	BS_SCRIPT_ROLE,	 /* `individual:` declares a `role:` [9.0] [9.3] */
	BS_SCRIPT_MELEE, /* `melee:` units whose combats go first [1.6 B] */
	BS_SCRIPT_CAST,	 /* issue 16: `individual:` casts `cast:` at
			    `target:` [1.5 A] [14.1] */
	BS_SCRIPT_TURN,	 /* issue 16: `turn:` undead unit `by:` a cleric
			    [14.19] (RULING R-581) */
	BS_SCRIPT__COUNT
};

struct bs_script_order {
	enum bs_script_kind kind;
	int round; /* Game Round, 1-based */
	int unit;  /* unit index on the order's side */
	int indiv; /* RALLY, MOB: the commander (individual index); INDIV,
		      ROLE: the individual; TURN: the cleric; else -1 */
	/* MOVE: kind, target (tside, tunit; -1 none) and steps */
	struct bs_order order;
	/* MOB: the order and, for a wheel, its angle (degrees, + right) */
	enum bs_mob_order mob_order;
	double mob_angle;
	/* FIRE (issue 14): the kind of fire (the target is order.tside,
	 * order.tunit), the special ammunition (-1 none), and for
	 * pass-through fire the enemy unit whose move it waits for (mside,
	 * munit) and the inches of that move after which it fires (`after`,
	 * -1: its last moment); RULING R-697: or the enemy individual
	 * standing alone whose own move it waits for (mside, mindiv; munit
	 * -1), else mindiv -1 */
	enum bs_fire_kind fire;
	int ammo;
	int mside, munit, mindiv;
	double after;
	/* INDIV: the individual's move; ROLE: the change of role */
	struct bs_indiv_order iorder;
	struct bs_role_order role;
	/* MELEE: as Side A, the units (indexes on the order's side) whose
	 * combats are resolved first, in this order [1.6 B] */
	int melee_units[BS_SCRIPT_MELEE_MAX];
	int nmelee;
	/* CAST (issue 16): the spell, its target and aim point (`at:`);
	 * cast.indiv is the caster */
	struct bs_cast_order cast;
	int line, col; /* where the entry is in the scenario file */
};

/* One melee of a Melee Phase [8.0]: two opposing units in base-to-base
 * contact, (aside, aunit) and (bside, bunit). */
struct bs_melee {
	int aside, aunit;
	int bside, bunit;
};

/* A controller for one side. Every callback may be NULL (then: no rally
 * attempts, units move in index order and hold, Side A moves first, the
 * enemy stays when a unit withdraws). The battle is read-only to it. */
struct bs_controller {
	const char *name;
	void *ctx;
	/* [1.4] as Side A: 1 to move first, 0 to let the other side. */
	int (*moves_first)(void *ctx, const struct bs_battle *b, int side);
	/* [6.0] rally attempts and mob orders; returns how many (<= max). */
	int (*rally)(void *ctx, const struct bs_battle *b, int side,
		     struct bs_rally_order *out, int max);
	/* [7.0] the order in which the side's units move; returns how many
	 * unit indexes were written (<= max); units left out hold. */
	int (*move_sequence)(void *ctx, const struct bs_battle *b, int side,
			     int *units, int max);
	/* [7.x] the order of one unit, asked just before it moves. Not
	 * asked for units the rules move: routed units [6.4] [7.15], mobs
	 * (their Rally Phase orders [2.10]) and units that failed a
	 * discipline check [4.6]. An illegal order is REJECTED and asked
	 * for once more with BS_UF_REFUSED set on the unit (RULING R-373);
	 * refused again, the unit holds. bs_tt_check_order (tabletop.h)
	 * tells beforehand. */
	void (*move)(void *ctx, const struct bs_battle *b, int side, int unit,
		     struct bs_order *out);
	/* independent individuals [9.2] (and heroes [9.4]); *out comes with
	 * move 0 and no target. */
	void (*move_indiv)(void *ctx, const struct bs_battle *b, int side,
			   int indiv, struct bs_indiv_order *out);
	/* [7.12] follow a withdrawing enemy (1) or remain in place (0). */
	int (*follow)(void *ctx, const struct bs_battle *b, int side, int unit,
		      int eside, int eunit);
	/* [1.6 B] as Side A: "Side A chooses the order in which all other
	 * melee combat will be resolved": write a permutation of 0..n-1 of
	 * the phase's melees m[] to order and return n (0: the rules'
	 * order, bs_tt_melee_order). An order that does not resolve "all
	 * combat involving one unit or opponent ... before moving to the
	 * next combat" (bs_tt_melee_order_ok, RULING R-377) is REJECTED
	 * and the rules' order played. */
	int (*melee_order)(void *ctx, const struct bs_battle *b, int side,
			   const struct bs_melee *m, int n, int *order);
	/* [8.2] at the beginning of the Melee Phase: the weapon (index into
	 * the unit's rated weapons, r.wpn) to have in hand, or -1 to keep
	 * the one it holds. */
	int (*weapon)(void *ctx, const struct bs_battle *b, int side, int unit);
	/* 2E (issue 5): a unit in good order that must check morale may
	 * retreat 4" instead (bs2e-summary.txt "Morale"): 1 to retreat, 0
	 * to check. NULL: it checks (RULING R-215). */
	int (*bs2e_retreat)(void *ctx, const struct bs_battle *b, int side,
			    int unit);
	/* issue 14 [1.2] [1.5 B] [1.5 C]: the side's volleys in the phase of
	 * `kind` (BS_FIRE_INITIAL, BS_FIRE_PHASE or BS_FIRE_ARTILLERY), in
	 * the order to fire; returns how many were written (<= max). Each
	 * is checked when its turn comes; each volley's losses are removed
	 * * at once [10.0], so a later one may find its target gone. A unit
	 * named twice fires a second shot [10.2]. `call` is 0 the first time
	 * in a phase; while a call's volleys fire, the side is asked again
	 * (call 1, 2 ...: a controller may choose its second shots after
	 * seeing its first), until it gives none. NULL: no fire. */
	int (*fire)(void *ctx, const struct bs_battle *b, int side,
		    enum bs_fire_kind kind, int call, struct bs_fire_order *out,
		    int max);
	/* [10.6] pass-through fire: enemy unit (mside, munit) is about to
	 * move through the n moments path[0..n-1] (path[0] where it
	 * starts). Returns volleys (<= max) whose `at` is the moment to fire
	 * (their target the mover or any other enemy unit in range and
	 * sight then); at most one shot per unit a round. NULL: none. */
	int (*pass_through)(void *ctx, const struct bs_battle *b, int side,
			    int mside, int munit,
			    const struct bs_move_point *path, int n,
			    struct bs_fire_order *out, int max);
	/* 1E Intermediate Game (issue 15): [9.0] the changes of role the
	 * side declares at the beginning of its Movement Phase, in order;
	 * returns how many (<= max). Each is checked [9.0]-[9.3]; an illegal
	 * one is REJECTED. NULL: none. */
	int (*roles)(void *ctx, const struct bs_battle *b, int side,
		     struct bs_role_order *out, int max);
	/* 1E Intermediate Game (issue 15) [9.4] [10.0] RULING R-525: the
	 * shots of the side's individuals in step B of the Missile and Magic
	 * Phase, after its units' volleys, in order; returns how many (<=
	 * max). An individual named twice fires his second shot. Each is
	 * checked when its turn comes (bs1e_check_indiv_fire); an illegal
	 * one is REJECTED. Asked too in the Initial Missile Phase [1.2]
	 * [10.2] after the side's units' volleys (b->phase is
	 * BS_PHASE_INITIAL_MISSILE then; RULING R-549: one shot at most
	 * each, only with two or more shots a Game Round). NULL: the side's
	 * individuals do not shoot. */
	int (*fire_indiv)(void *ctx, const struct bs_battle *b, int side,
			  struct bs_indiv_fire_order *out, int max);
	/* 1E Advanced Game (issue 16) [1.5 A] [14.1]: the spells the side's
	 * casters cast in step A of the Missile and Magic Phase, in order;
	 * returns how many (<= max). Each is checked when its turn comes
	 * (bs1e_check_cast); an illegal one is REJECTED and nothing is
	 * spent; one out of range or sight fails and is spent [14.4]. NULL:
	 * the side casts nothing. */
	int (*cast)(void *ctx, const struct bs_battle *b, int side,
		    struct bs_cast_order *out, int max);
	/* 1E Advanced Game (issue 16) [13.7] [14.1] RULING R-645: the
	 * breaths of the side's units in step A of the Missile and Magic
	 * Phase, after its casters' spells, in order; returns how many (<=
	 * max). Each is checked when its turn comes (bs1e_check_unit_breath);
	 * an illegal one is REJECTED and nothing is spent. NULL: the side's
	 * units do not breathe. */
	int (*breathe)(void *ctx, const struct bs_battle *b, int side,
		       struct bs_breath_order *out, int max);
	/* Advanced Game (issue 16) [14.19] RULING R-581: the side's attempts
	 * to turn undead in step A of the Missile and Magic Phase, in order;
	 * returns how many (<= max). Each is checked when its turn comes
	 * (bs1e_check_turn); an illegal one is REJECTED. NULL: no cleric of
	 * the side turns. */
	int (*turn)(void *ctx, const struct bs_battle *b, int side,
		    struct bs_turn_order *out, int max);
	/* [10.6] RULING R-549: pass-through fire of the side's individuals:
	 * enemy unit (mside, munit) is about to move through path[0..n-1]
	 * (as `pass_through`). Returns shots (<= max), each with `at` the
	 * moment, aimed at the mover or any other enemy unit or individual
	 * in range and sight then; at most one shot per individual a round.
	 * Issue 15 RULING R-698: munit -1 is the own move of the lone
	 * individual path[0].indiv of mside (the moments of R-674, each
	 * naming him); the shots then go at him (tunit -1, tindiv him) or
	 * at any other enemy in range and sight. NULL: none. */
	int (*pass_through_indiv)(void *ctx, const struct bs_battle *b,
				  int side, int mside, int munit,
				  const struct bs_move_point *path, int n,
				  struct bs_indiv_fire_order *out, int max);
	/* issue 15 [10.6] RULING R-674: pass-through fire at the move of
	 * enemy individual (mside, mindiv) standing alone, about to go
	 * through the n moments path[0..n-1] (path[0] where he starts; unit
	 * -1 and indiv mindiv in each). Returns the side's units' volleys (<=
	 * max), each with `at` the moment to fire, aimed at him (at_indiv 1,
	 * tside mside, tunit mindiv) or at any other enemy in range and
	 * sight then; at most one shot per unit a round [10.2]. NULL: none. */
	int (*pass_through_at_indiv)(void *ctx, const struct bs_battle *b,
				     int side, int mside, int mindiv,
				     const struct bs_move_point *path, int n,
				     struct bs_fire_order *out, int max);
	/* Advanced Game (issue 16) [14.0] [14.1] [10.6] RULING R-335 ..
	 * pass-through magic of the side's casters: enemy unit
	 * (mside, munit) is about to move through path[0..n-1] (as
	 * `pass_through`), or with munit -1 the lone individual
	 * path[0].indiv of mside (the moments of R-674). Returns casts (<=
	 * max), cast i at moment at[i] of the path, of a spell, item or breath
	 * that may be used as pass-through ([14.5], [14.6]), at the mover or
	 * any other enemy; checked as a cast of step A at that moment, the
	 * mover where the moment has it (bs1e_check_cast). NULL: none. */
	int (*pass_through_cast)(void *ctx, const struct bs_battle *b, int side,
				 int mside, int munit,
				 const struct bs_move_point *path, int n,
				 struct bs_cast_order *out, int *at, int max);
	/* Advanced Game (issue 16) [10.5] [13.7] RULING R-637: the
	 * individual `indiv` of the side, standing alone, whose move order
	 * asked for a split-fire breath (`split`), has come half-way
	 * (b has him there): 1 with the breath order in *out (his breath
	 * weapon at one enemy, checked as a cast of step A there), 0 he
	 * does not breathe on the way. NULL: never. */
	int (*split_breath)(void *ctx, const struct bs_battle *b, int side,
			    int indiv, struct bs_cast_order *out);
};

#endif
