/* The controllers of src/ai: the doctrine AI that plays the 1E Basic Game
 * for a side (docs/AI.md: advance in formation [4.7], charge when the
 * geometry [7.14] and the exact odds of the CRT [8.4] favour it, keep a
 * reserve, protect flanks [7.9], rally [6.0]-[6.7], withdraw [7.12] or
 * flee [8.8] from hopeless melees, give mobs orders [2.10]); the scripted
 * controller that plays a scenario's `orders:` exactly; and the "hold"
 * controller that gives no orders. Controllers only propose orders through
 * struct bs_controller (controller.h); the rules validate them. */
#ifndef BATTLESIM_AI_H
#define BATTLESIM_AI_H

#include <stdint.h>

#include "battlesim/bs2e.h" /* 2E (issue 5) */
#include "battlesim/controller.h"
#include "battlesim/geom.h"
#include "battlesim/model.h"

struct bs_battle;

/* Units of a battle (all sides) the odds cache can hold. */
#define BS_AI_MAX_UNITS (BS_MAX_SIDES * BS_MAX_UNITS)
/* The CRT reads the same for every attack roll <= 0 and >= 40, so the
 * expected damage of a figure depends on AR - AC only in -12 .. 38. */
#define BS_AI_D_MIN (-12)
#define BS_AI_D_MAX 38
#define BS_AI_D_RANGE (BS_AI_D_MAX - BS_AI_D_MIN + 1)

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

/* The controllers of every kind, for a battle whose sides name theirs
 * (struct bs_side controller). Caller storage. */
struct bs_ai_set {
	struct bs_ai_doctrine doctrine;
	struct bs_ai_script script;
	struct bs_controller hold;
	struct bs2e_ai bs2e; /* 2E (issue 5): src/ai/bs2e_doctrine.c */
};
void bs_ai_set_init(struct bs_ai_set *s);

/* The controller that side `side` of the scenario names, from *s. */
const struct bs_controller *
bs_ai_for_side(struct bs_ai_set *s, const struct bs_scenario *sc, int side);

/* Attach to each side of b the controller its scenario names. */
void bs_ai_attach(struct bs_ai_set *s, struct bs_battle *b);

#endif
