/* The controllers of src/ai and their registry. The doctrine AI that
 * plays the 1E Basic Game for a side (docs/AI.md: advance in formation
 * [4.7], charge when the geometry [7.14] and the exact odds of the CRT
 * [8.4] favour it, keep a reserve, protect flanks [7.9], rally
 * [6.0]-[6.7], withdraw [7.12] or flee [8.8] from hopeless melees, give
 * mobs orders [2.10]); the 2E doctrine (docs/BS2E.md); the matrix AI
 * (docs/MATRIX.md); the scripted controller that plays a scenario's
 * `orders:` exactly; and the "hold" controllers that give no orders.
 * Controllers only propose orders, through the interface of their ruleset
 * (struct bs_controller, controller.h, for 1E and 2E; struct
 * bs_mx_controller, matrix.h, for the matrix); the rules validate them.
 *
 * The registry (src/ai/registry.c) is how a caller (cli, sim, tests,
 * bench) gives each side of a battle its controller, for every ruleset
 * alike: by the side's `controller:` kind (bs_ai_attach) or by name
 * (bs_ai_attach_named: "doctrine", "scripted", "hold"). It is a table of
 * rows (ruleset, name, the controller in struct bs_ai_set); it hides which
 * interface a ruleset needs, and attaches through bs_battle_attach
 * (battle.h). A new kind of controller (e.g. a referee's "human" side) is
 * one row per ruleset that has it, plus its storage in struct bs_ai_set. */
#ifndef BATTLESIM_AI_H
#define BATTLESIM_AI_H

#include <stdint.h>

#include "battlesim/battle.h"
#include "battlesim/bs2e.h" /* 2E (issue 5) */
#include "battlesim/controller.h"
#include "battlesim/geom.h"
#include "battlesim/matrix.h" /* matrix (issue 6) */
#include "battlesim/model.h"
#include "battlesim/tabletop.h" /* the what-if memo (issue 13) */

/* Units of a battle (all sides) the odds cache can hold. */
#define BS_AI_MAX_UNITS (BS_MAX_SIDES * BS_MAX_UNITS)
#define BS_AI_ARCMEMO 64 /* entries (a power of two) */
#define BS_AI_VSMEMO 64	 /* entries (a power of two) */
/* The CRT reads the same for every attack roll <= 0 and >= 40, so the
 * expected damage of a figure depends on AR - AC only in -12 .. 38. */
#define BS_AI_D_MIN (-12)
#define BS_AI_D_MAX 38
#define BS_AI_D_RANGE (BS_AI_D_MAX - BS_AI_D_MIN + 1)

/* issue 13: the what-if answers of the current view (private): the rules'
 * check of an order (try_order in src/ai/doctrine.c) keyed on every input
 * that can differ between two asks in one view: the unit, each field of
 * the order (all but `why`, which a what-if never reads); the state of
 * the battle is the view's, which cannot change while a callback runs
 * (the battle is const to it), and the memo is emptied at every new view
 * (each callback's first look at the table). */
#define BS_AI_WHATIF 32 /* entries */
struct bs_ai_whatif_key {
	int side, unit;
	int kind, tside, tunit, nsteps, declares, special;
	unsigned sides;
	struct bs_ai_whatif_step {
		int kind, files, formation;
		double dist, angle;
	} step[BS_ORDER_MAX_STEPS];
};
/* The fields of the key, one bit each in whatif_loose (a test leaves a
 * field out of the compare and sees the stale answer it gives). */
enum bs_ai_whatif_field {
	BS_AI_WK_SIDE,
	BS_AI_WK_UNIT,
	BS_AI_WK_KIND,
	BS_AI_WK_TSIDE,
	BS_AI_WK_TUNIT,
	BS_AI_WK_NSTEPS,
	BS_AI_WK_STEP_KIND,
	BS_AI_WK_STEP_DIST,
	BS_AI_WK_STEP_ANGLE,
	BS_AI_WK_STEP_FILES,
	BS_AI_WK_STEP_FORMATION,
	BS_AI_WK_DECLARES,
	BS_AI_WK_SPECIAL,
	BS_AI_WK_SIDES,
	BS_AI_WK_VIEW, /* the memo is not emptied at a new view */
	BS_AI_WK__COUNT
};
struct bs_ai_whatif {
	uint64_t hash; /* of the key */
	struct bs_ai_whatif_key key;
	int ok;	   /* try_order's answer */
	int whole; /* 1: shape and quad were set (0: the check refused) */
	struct bs_tt_outcome oc;
	struct bs_tt_shape shape;
	struct bs_quad quad;
};

/* A unit's best charge, as the doctrine last found it (private). */
struct bs_ai_charge {
	int tside, tunit;
	double score;
	struct bs_order order;
};

/* The doctrine AI (caller storage, about 200 KB: allocate it, or keep it
 * static; one may serve every side of a battle, and every battle of one
 * scenario). Its memory is caches only: the odds and each side's reserve
 * depend on the scenario alone; a unit's best charge, quad and contact are
 * kept with a stamp of the state they were found in; so its orders are a
 * function of the battle's state. Deterministic: no randomness of its
 * own. Not for two threads at once (give each thread its own). */
struct bs_ai_doctrine {
	/* pass &ai->ctl to bs_battle_set_controller */
	struct bs_controller ctl;
	const struct bs_scenario *sc; /* the scenario the caches are for */
	int reserve[BS_MAX_SIDES];    /* each side's reserve unit, -1 none */
	/* [8.4] expected HD of damage of one figure of unit g (global index)
	 * against a defender of size S/M (0) or L (1) at AR - AC = d, in
	 * tenths x 36 (the 36 outcomes of 2d6); -1 = not computed yet */
	int32_t e36[BS_AI_MAX_UNITS][2][BS_AI_D_RANGE];
	/* [7.14] unit g's best charge in the state of stamp charge_stamp[g]
	 * (0: none cached) */
	uint64_t charge_stamp[BS_AI_MAX_UNITS];
	struct bs_ai_charge charge[BS_AI_MAX_UNITS];
	/* the table as the current callback sees it (private): a stamp of
	 * the state, and each unit's quad and contact in that state */
	uint64_t view_stamp;
	uint64_t quad_stamp[BS_AI_MAX_UNITS];
	struct bs_quad quad[BS_AI_MAX_UNITS];
	uint64_t engaged_stamp[BS_AI_MAX_UNITS];
	unsigned char engaged[BS_AI_MAX_UNITS];
	/* the arcs last worked out for pairs of units (private), with the
	 * quads and whether in play they came from: the same inputs, the
	 * same arc */
	struct bs_ai_arcmemo {
		int g, h; /* -1: empty */
		unsigned char in, arc;
		struct bs_quad qa, qb;
	} arcmemo[BS_AI_ARCMEMO];
	/* issue 13: the early exits of candidate orders (a proven bound on
	 * a candidate's score: the same choice). exhaustive (0 by init):
	 * evaluate every candidate in full, for tests that compare; pruned:
	 * candidates the bound let go unplanned (statistics only) */
	int exhaustive;
	unsigned long pruned;
	/* issue 13: the what-if memo (private), a ring of nwhatif entries
	 * (next: the one to replace). whatif_off (0 by init): every order
	 * checked afresh, for tests that compare; whatif_loose: bits of enum
	 * bs_ai_whatif_field left out of the key (tests only: it makes the
	 * memo give stale answers); hits and misses: statistics */
	struct bs_ai_whatif whatif[BS_AI_WHATIF];
	int nwhatif, whatif_next;
	int whatif_off;
	unsigned whatif_loose;
	unsigned long whatif_hits, whatif_misses;
	/* issue 13 part 2: the bounding box of quad[g] (bs_quad_box), kept
	 * with it under quad_stamp[g] (private) */
	struct bs_box qbox[BS_AI_MAX_UNITS];
	/* issue 13: the racial to-hit term [13.1] of an attacking unit's
	 * definition against a defender's, as last worked out (private;
	 * emptied with the odds on a new scenario): a function of the two
	 * definitions alone */
	struct bs_ai_vsmemo {
		const struct bs_unit *a, *h; /* NULL: empty */
		int vs;
	} vsmemo[BS_AI_VSMEMO];
};

/* Set up *ai (its controller's callbacks and an empty cache). Cannot fail;
 * no allocation. Call it again before using it for another scenario (the
 * cache is also cleared when it sees another scenario pointer). */
void bs_ai_doctrine_init(struct bs_ai_doctrine *ai);

/* The doctrine's odds: the expected HD of damage (tenths) that `figures`
 * figures of unit (side, unit) deal to unit (tside, tunit) in one Melee
 * Phase at AR - AC = ar - ac [8.4], from the 36 outcomes of 2d6. Exposed
 * for tests and docs/AI.md. */
double bs_ai_expected_hd(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			 int side, int unit, int tside, int tunit, int figures,
			 int ar_minus_ac);

/* The doctrine's view of a fight between (side, unit) and (tside, tunit):
 * the expected fraction of the defender's hit dice destroyed in one Melee
 * Phase (dealt) and of the attacker's (taken), with the arc the attacker
 * strikes and whether it charges [7.14] (Table 10 closed charge -1). */
struct bs_ai_fight {
	double dealt_hd, taken_hd;     /* tenths of HD, expected */
	double dealt_frac, taken_frac; /* of each unit's standing HD */
	int att_figs, def_figs;	       /* figures fighting (estimated [8.1]) */
	int att_ar, def_ar;	       /* adjusted AR [8.3] Table 10 */
};
void bs_ai_fight_eval(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		      int side, int unit, int tside, int tunit, int arc,
		      int charging, struct bs_ai_fight *out);

/* The scripted controller: plays exactly the scenario's orders of the
 * side (struct bs_side orders) for each round and unit; units without an
 * order hold; rally entries become Rally Phase attempts, mob entries
 * orders to mobs [2.10]. A charge without steps takes the path of the
 * tabletop's charge plan [7.14]. Stateless: one serves every side. */
struct bs_ai_script {
	struct bs_controller ctl;
};
void bs_ai_script_init(struct bs_ai_script *s);

/* A controller that gives no orders: every unit holds, no rally attempt
 * (the battle's defaults, named "hold"). */
void bs_ai_hold_init(struct bs_controller *c);

/* The 2E doctrine AI (src/ai/bs2e_doctrine.c, docs/BS2E.md "AI"),
 * stateless: advance toward the nearest enemy, wheel to face, charge when
 * a charge is legal and the odds favour it, fire missiles (the rules pick
 * the targets), keep missile units back, retreat instead of checking when
 * a failed check would be worse than the retreat, rally shaken and routed
 * units. */
struct bs2e_ai {
	struct bs_controller ctl;
};
void bs2e_ai_init(struct bs2e_ai *ai);

/* The matrix AI (src/ai/matrix_ai.c, docs/MATRIX.md): toward the nearest
 * enemy stack, good rating matchups, reserves committed when a location
 * weakens. Stateless and deterministic; one serves both sides. */
void bs_mx_ai_init(struct bs_mx_controller *c);

/* The matrix scripted controller (src/ai/matrix_script.c, RULING R-426):
 * plays exactly each army's `orders:` of a matrix scenario (struct
 * bs_matrix_field .orders): per round and brigade its move, attack,
 * engagement and free target; what is not given, the default. */
void bs_mx_script_init(struct bs_mx_controller *c);

/* ---- the referee's human side (src/ai/human.c, issue 17) ----------------
 * A controller that asks a UI-supplied callback for every decision the
 * rules give a side (src/ai never prints or reads): the answer comes back
 * as data, already read by the UI (orders in the grammar of a scenario's
 * `orders:`, bs_scenario_parse_order) and checked with bs_ai_human_check,
 * which refuses what the rules forbid with the rule's cite, so the UI can
 * ask again. */

enum bs_human_ask {
	BS_HUMAN_MOVES_FIRST,  /* [1.4] Side A: move first (yes) or second */
	BS_HUMAN_RALLY,	       /* [6.0] one rally attempt or mob order, or
				  done; 2E: a rally (RULING R-210) */
	BS_HUMAN_MOVE,	       /* [7.0] one unit's order; 2E: the charge
				  declaration (RULING R-203) or the move */
	BS_HUMAN_INDIV,	       /* [9.2] where an independent individual goes */
	BS_HUMAN_FOLLOW,       /* [7.12] follow a withdrawing enemy (yes) */
	BS_HUMAN_WEAPON,       /* [8.2] the weapon in hand */
	BS_HUMAN_RETREAT,      /* 2E: retreat 4" instead of checking (yes) */
	BS_HUMAN_SEQUENCE,     /* [7.0] the order the side's units move in
				  (RULING R-428) */
	BS_HUMAN_MELEE,	       /* [1.6 B] Side A: the order of the melees
				  (RULINGS) */
	BS_HUMAN_FIRE,	       /* [1.2] [1.5 B] [1.5 C] one volley of the
				  phase's fire, or done (RULING R-431) */
	BS_HUMAN_PASS_THROUGH, /* [10.6] one volley at a moment of an enemy
				  unit's move, or none (RULING R-431) */
	BS_HUMAN_ROLES,	       /* [9.0] one change of role declared at the
				  beginning of the Movement Phase, or done
				  (RULING R-435) */
	BS_HUMAN_CAST,	       /* [1.5 A] [14.1] one spell declared in step A
				  of the Missile and Magic Phase, or done
				  (RULING R-660) */
	BS_HUMAN_TURN,	       /* [14.19] one cleric's attempt to turn undead
				  in step A, or done (RULING R-661) */
	/* the matrix card system (RULING R-427) */
	BS_HUMAN_MX_MOVE,   /* [M3.2] a brigade's move */
	BS_HUMAN_MX_ATTACK, /* [M3.3] the winner: whom a brigade attacks */
	BS_HUMAN_MX_ENGAGE, /* [M3.3] the loser: whom a brigade engages */
	BS_HUMAN_MX_TARGET, /* [M3.4a] [M3.4b] [M3.5] a free attack */
	BS_HUMAN_MX_AERIAL, /* [M4.2] an aerial brigade's split of its
			       classes (RULING R-437) */
	BS_HUMAN_MX_ORDER,  /* [M3.2] the order the army's brigades move
			       in (RULING R-438); unit -1 */
	BS_HUMAN__COUNT
};
extern const char *const bs_human_ask_name[BS_HUMAN__COUNT];

/* One question: the side asked and what about (indexes within the side;
 * -1 none). */
struct bs_human_q {
	enum bs_human_ask kind;
	int side, unit, indiv; /* the matrix: unit is the brigade */
	int eside, eunit;      /* FOLLOW: the withdrawing enemy */
	int nrally;	       /* RALLY: entries given so far this phase */
	int mode;	       /* MX_TARGET, MX_AERIAL: the attack (enum
				  bs_mx_mode); MX_AERIAL: its target is
				  (eside, eunit) */
	/* MELEE: the phase's melees (valid while it is asked) */
	const struct bs_melee *melees;
	int nmelees;
	/* FIRE: the kind of fire (enum bs_fire_kind) and the volleys given
	 * so far in the phase; PASS_THROUGH: BS_FIRE_PASS_THROUGH, the
	 * mover (eside, eunit) and the moments of its move (valid while it
	 * is asked), nrally the volleys given so far at this move; RULING
	 * at an enemy individual's own move eunit is -1 and the mover
	 * is individual (eside, eindiv) (else eindiv -1) */
	int fire;
	int eindiv;
	const struct bs_move_point *path;
	int npath;
	const struct bs_fire_order *given; /* PASS_THROUGH: nrally of them */
	/* ROLES: the changes declared so far this phase (nrally of them) */
	const struct bs_role_order *roles;
	/* FIRE with `shots` 1 (RULING R-552): the side's individuals'
	 * shots, in the Initial Missile Phase or step B (`fire`), the
	 * shots declared so far (nrally of them, `shots_given`) */
	int shots;
	const struct bs_indiv_fire_order *shots_given;
	/* CAST, TURN: the casts and attempts declared so far this phase
	 * (nrally of them; RULINGS) */
	const struct bs_cast_order *casts_given;
	const struct bs_turn_order *turns_given;
};

/* The answer to it (the fields of its kind). */
struct bs_human_answer {
	int yes;		     /* MOVES_FIRST, FOLLOW, RETREAT */
	int done;		     /* RALLY: no more entries this phase */
	struct bs_rally_order rally; /* RALLY */
	struct bs_order order;	     /* MOVE */
	int weapon;		     /* WEAPON: index into r.wpn, -1 keep */
	struct bs_indiv_order io;    /* INDIV */
	/* SEQUENCE: these units (indexes on the side) move first, in this
	 * order, then the others in the side's order; MELEE: the units whose
	 * combats go first (bs_ai_melee_order_units); MX_ORDER: the
	 * brigades (indexes on the army) that move first (RULING R-438) */
	unsigned char seq[BS_MAX_UNITS];
	int nseq;
	struct bs_mx_move mx_move; /* MX_MOVE */
	int mx_target;		   /* MX_ATTACK, _ENGAGE, _TARGET: the enemy
				      brigade (global index), -1 none */
	/* MX_AERIAL: the classes sent at each enemy brigade (index on its
	 * army), the rest at the target; all 0: all at the target */
	int mx_split[BS_MX_MAX_BRIGADES];
	/* FIRE, PASS_THROUGH (done 0): the volley, its unit and target
	 * (fire.at is set by the controller); its kind; PASS_THROUGH: the
	 * mover (mside, munit) and `after` (inches of its move, -1 its last
	 * moment), as a scripted fire entry has them; RULING R-697: an
	 * individual mover (mside, mindiv; munit -1), else mindiv -1 */
	struct bs_fire_order fire;
	int fire_kind;
	int mside, munit, mindiv;
	double after;
	struct bs_role_order role; /* ROLES (done 0): the change */
	/* FIRE with q->shots (done 0): the individual's shot;
	 * PASS_THROUGH with q->shots: his pass-through shot, the
	 * mover and `after` as for a volley */
	struct bs_indiv_fire_order shot;
	struct bs_cast_order cast; /* CAST (done 0): the spell */
	struct bs_turn_order turn; /* TURN (done 0): the attempt */
};

/* The UI: answer q about battle b into *a (every question is answered:
 * a UI that has nothing to say gives the default, hold / no / done). */
struct bs_human_ui {
	void (*ask)(void *ctx, const struct bs_battle *b,
		    const struct bs_human_q *q, struct bs_human_answer *a);
	void *ctx;
};

struct bs_ai_human {
	struct bs_controller ctl;     /* pass &h->ctl (registry: "human") */
	struct bs_mx_controller mx;   /* the matrix's (registry: "human") */
	const struct bs_human_ui *ui; /* NULL: every answer the default */
	/* [10.5] [13.7] RULING R-637: the breath on the way each
	 * individual's move of this round asked for (spell NULL: none) */
	struct bs_cast_order split[BS_MAX_SIDES][BS_MAX_INDIVIDUALS];
};

/* RULING R-428: the units of side that can be given an order in its
 * Movement Phase now (not routed, nor mobs, nor out of control, nor moved)
 * as indexes on the side into units[0..max); returns how many. */
int bs_ai_human_orderable(const struct bs_battle *b, int side, int *units,
			  int max);

/* RULING R-431: a volley the rules let a human side fire now, for the
 * prompt's list: unit (index on the side) at (tside, tunit); pass-through
 * fire [10.6]: at the mover only, `first` and `last` the first and last
 * moments of its move (indexes of q->path) at which it may be fired. */
struct bs_human_volley {
	int unit, tside, tunit;
	int first, last;
};

/* The volleys of question q (BS_HUMAN_FIRE or BS_HUMAN_PASS_THROUGH) the
 * rules allow now (bs1e_volley_plan legal, the target not harmless), into
 * out[0..max); returns how many there are (may be more than max). */
int bs_ai_human_volleys(const struct bs_battle *b, const struct bs_human_q *q,
			struct bs_human_volley *out, int max);
/* RULING R-552: the shots of q's side's individuals (q->shots) the rules
 * allow now, one per (individual, target), leaving out an individual
 * whose shots left this round are all declared (q->shots_given); the
 * count (out, at most max, may be NULL). */
int bs_ai_human_shots(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_indiv_fire_order *out, int max);
/* How many of q->shots_given are individual indiv's. */
int bs_ai_human_shots_given(const struct bs_human_q *q, int indiv);

/* [1.5 A] [14.1] RULING R-660: the casts q's side (a BS_HUMAN_CAST
 * question) may declare now, one per (caster, spell, target) that
 * bs1e_check_cast finds legal and not failing (in range and sight), a
 * caster named in q->casts_given left out; into out[0..max) (may be
 * NULL); returns how many there are. */
int bs_ai_human_casts(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_cast_order *out, int max);
/* Record i (0 .. the individual's spells' count + his items' count) that
 * individual k of `side` may use now: spell i of his memory, the first of
 * its name, with one left; i == the spells' count: his race's breath
 * weapon [13.7] with a breath left today (RULING ); above it,
 * item i - count - 1 [14.20], a wand, staff or rod whose spell is played,
 * the first of its record, with a charge left (RULING R-681). NULL when
 * that one may not. */
struct bs_spell;
const struct bs_spell *bs_ai_human_record(const struct bs_battle *b, int side,
					  int k, int i);
/* [14.19] RULING R-661: the turning attempts q's side (BS_HUMAN_TURN) may
 * declare now (bs1e_check_turn legal), a cleric named in q->turns_given
 * left out; the count (out, at most max, may be NULL). */
int bs_ai_human_turns(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_turn_order *out, int max);
/* [10.6] RULING R-662: the pass-through shots at the mover q's side's
 * heroes may take (q a BS_HUMAN_PASS_THROUGH question with shots 1): per
 * individual not named in q->shots_given, the first and last moments of
 * the move (indexes of q->path) at which he may; as bs_ai_human_volleys
 * (unit: the individual, tside/tunit: the mover). */
int bs_ai_human_pt_shots(const struct bs_battle *b, const struct bs_human_q *q,
			 struct bs_human_volley *out, int max);

/* [9.0] RULING R-435: the changes of role side's individuals may declare
 * now (bs1e_check_role legal, an individual not named in q->roles yet),
 * into out[0..max); returns how many there are (may be more than max).
 * q is a BS_HUMAN_ROLES question. */
int bs_ai_human_roles(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_role_order *out, int max);

/* [10.6] the moment of path[0..n) a pass-through volley waits for:
 * the first `after` inches into the move, or (after < 0, or never that
 * far) its last moment (the scripted entry's reading, shared). */
int bs_ai_pass_through_moment(const struct bs_move_point *path, int n,
			      double after);

/* [1.6 B] RULING R-377: the order of the melees m[0..n-1] in which the
 * combats of side's units units[0..nunits) (indexes on the side) go
 * first, in that order: the melees ranked by the first of those units in
 * them, then the rules' construction (bs_tt_melee_order). Into
 * order[0..n-1]; returns n, or 0 (the rules' order) when n is over
 * BS_TT_MAX_MELEES. The scripted `melee:` entry and the referee's human
 * side (RULING R-430) both order melees this way. */
int bs_ai_melee_order_units(int side, const int *units, int nunits,
			    const struct bs_melee *m, int n, int *order);

/* Set up *h asking ui (NULL: the default answers, as "hold"). */
void bs_ai_human_init(struct bs_ai_human *h, const struct bs_human_ui *ui);

/* 1 when answer a to q is what the rules allow in b now; else 0 with the
 * reason and the rule that forbids it (static text). MOVE: the tabletop's
 * check of the order (bs_tt_check_order, 2E bs2e_check_order) after a
 * stepless charge gets its path; the 2E charge declaration takes only a
 * charge or hold (RULING R-203). RALLY, INDIV: the rules check them when
 * they are played (REJECTED, with the rule). The matrix (RULING R-427):
 * a move as bs_mx_check_move finds it, refused too when steps are given
 * after it ends; an attack on an enemy it may declare [M3.3], an
 * engagement of an attacker at its location, a free target in reach
 * [M3.4a] [M3.4b]; an aerial split (RULING R-437) of no more classes than
 * the brigade has, at enemies it may send them at (bs_mx_aerial_may); the
 * order of the moves (RULING R-438): brigades that may move now. */
int bs_ai_human_check(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_human_answer *a, const char **why,
		      const char **cite);

/* RULING R-142 [7.14]: a charge order without steps takes the path of the
 * tabletop's charge plan (2E: bs2e_plan_charge); unchanged when there is
 * none (the rules then reject it). Shared by the scripted and the human
 * controllers. */
void bs_ai_charge_path(const struct bs_battle *b, int side, int unit,
		       struct bs_order *o);

/* ---- the registry (src/ai/registry.c) -------------------------------------
 */

/* The controllers of every kind for every ruleset (caller storage, about
 * 200 KB: allocate it; one per thread, as the doctrine's caches are). */
struct bs_ai_set {
	struct bs_ai_doctrine doctrine;	   /* 1E "doctrine" */
	struct bs_ai_script script;	   /* 1E and 2E "scripted" */
	struct bs_controller hold;	   /* 1E and 2E "hold" */
	struct bs2e_ai bs2e;		   /* 2E "doctrine" */
	struct bs_mx_controller mx;	   /* matrix "doctrine" */
	struct bs_mx_controller mx_hold;   /* matrix "hold" */
	struct bs_mx_controller mx_script; /* matrix "scripted" */
	struct bs_ai_human human;	   /* every ruleset's "human" (issue
					      17): set its ui before use */
};

/* Set up every controller of *s. Cannot fail; no allocation. */
void bs_ai_set_init(struct bs_ai_set *s);

/* The controller named `name` for battles of `rules:` r, from *s, and (when
 * iface is not NULL) the interface it implements; NULL when the registry
 * has none of that name for r. */
const void *bs_ai_find(struct bs_ai_set *s, enum bs_rules r, const char *name,
		       enum bs_ctl_iface *iface);

/* The names of the controllers of `rules:` r, in the registry's order,
 * into names[0..max); returns how many there are (may exceed max). */
int bs_ai_names(enum bs_rules r, const char **names, int max);

/* Attach to side `side` of b the controller named `name` of b's ruleset
 * (bs_ai_find), through bs_battle_attach. BS_ERR_INPUT, nothing changed,
 * with a diagnostic that lists the names the ruleset has, when there is
 * none of that name or side is not a side of b. */
enum bs_status bs_ai_attach_named(struct bs_ai_set *s, struct bs_battle *b,
				  int side, const char *name,
				  struct bs_diags *d);

/* Attach to each side of b the controller its scenario's `controller:`
 * kind names (struct bs_side .controller: bs_controller_kind_name).
 * BS_ERR_INPUT with a diagnostic when a side's kind has no controller for
 * b's ruleset (the sides before it are attached). */
enum bs_status bs_ai_attach(struct bs_ai_set *s, struct bs_battle *b,
			    struct bs_diags *d);

#endif
