/* A battle being played: all state in struct bs_battle (no globals), built
 * once from a loaded scenario, reset for each new battle without parsing
 * or allocating (the simulator plays thousands), stepped one Game Round at
 * a time through the ruleset's Sequence of Play. The battle engine
 * (src/battle/) below the rulesets: the lifecycle, the ruleset table,
 * events, the verdict, the controllers' attachment. */
#ifndef BATTLESIM_BATTLE_H
#define BATTLESIM_BATTLE_H

#include <stdint.h>

#include "battlesim/controller.h"
#include "battlesim/diag.h"
#include "battlesim/dice.h"
#include "battlesim/event.h"
#include "battlesim/geom.h"
#include "battlesim/model.h"

/* Unit state flags. */
enum bs_uflag {
	BS_UF_ROUTED = 1u << 0,		/* [7.15] Rout marker */
	BS_UF_OUT_OF_COMMAND = 1u << 1, /* [4.7] as last determined */
	BS_UF_DISC_FAILED = 1u << 2,	/* [4.6] out of command till rallied */
	BS_UF_REMOVED = 1u << 3,       /* out of play (off table / destroyed) */
	BS_UF_DESTROYED = 1u << 4,     /* every figure lost, or surrounded */
	BS_UF_RALLIED = 1u << 5,       /* [6.3] this round: may not move */
	BS_UF_CHARGED = 1u << 6,       /* [7.14] charged this round */
	BS_UF_CHARGE_MISSED = 1u << 7, /* [7.14] / Table 4: -3 this round */
	BS_UF_CONTACT_AT_START = 1u << 8, /* [7.8] began movement in contact */
	BS_UF_PINNED = 1u << 9,		  /* [7.8] lost initiative, contacted */
	BS_UF_FORCED_MARCH = 1u << 10,	  /* [7.13] this round */
	BS_UF_MOVED = 1u << 11,		  /* this round */
	BS_UF_WRAPPED = 1u << 12,	  /* [7.11] */
	BS_UF_ATTACKED = 1u << 13,	  /* attacked this round */
	BS_UF_FLED = 1u << 14,		  /* [8.8] this round */
	BS_UF_WITHDREW = 1u << 15,	  /* [7.12] this round */
	BS_UF_NO_CHARGE = 1u << 16,	  /* [7.12] stayed: may not charge */
	BS_UF_FOUGHT = 1u << 17,	  /* took part in a melee this round */
	/* 2E (issue 5): shaken order (bs2e-summary.txt "Morale"); a routed
	 * 2E unit is BS_UF_ROUTED */
	BS_UF_SHAKEN = 1u << 18,
	/* 1E: the rules refused its order of this Movement Phase; the
	 * controller is asked once more (RULING R-373) */
	BS_UF_REFUSED = 1u << 19,
	/* issue 14: fired missiles or artillery this round [10.2] */
	BS_UF_FIRED = 1u << 20,
	/* [10.2] an enemy moved into base-to-base contact with it this
	 * round */
	BS_UF_CONTACTED = 1u << 21,
	/* [14.6 A] RULING R-462: a detachment slot not in use (out of play,
	 * with BS_UF_REMOVED): reserved at battle init for the figures a
	 * mass charm may split from an enemy unit; left out of the roster,
	 * the deployment, victory and every report until used */
	BS_UF_RESERVED = 1u << 22,
};

/* How a unit ended the battle (the simulator's categories). */
enum bs_unit_end {
	BS_END_INTACT,		/* on the table, not routed */
	BS_END_ROUTED_ON_TABLE, /* routed, still on the table */
	BS_END_ROUTED_OFF,	/* routed off the table [7.15] */
	BS_END_DESTROYED,	/* every figure lost, or surrounded [7.15] */
	BS_END__COUNT
};
extern const char *const bs_unit_end_name[BS_END__COUNT];

/* [10.0]-[10.11] what a unit fires with, rated at setup (issue 14). A
 * unit that fires nothing in play (no missile weapon, a mob [2.10], the
 * Basic Game [16.3 A]) has shots_max 0. */
struct bs_missile_rated {
	int weapon;  /* index into the unit's weapons, -1 (artillery, none) */
	int cls;     /* Table 12 row (enum bs1e_missile_class), -1 none */
	int base_ar; /* [8.3] the weapon's AR; artillery: the crew's THAC0,
			no ratio adjustment [10.10] */
	struct bs_dice dmg_sm, dmg_l; /* per figure, the weapon's plus in */
	int range[3];		      /* short, medium, long, inches */
	int min_range;		      /* [10.9] catapults, inches; 0 none */
	int rate_num, rate_den;	      /* AD&D shots a round [10.0] */
	int shots_max;		      /* Table 12: shots a round at most */
	int ammo;		      /* volleys carried [10.3]; -1 unlimited */
	int rows;		      /* rows that fire [10.0] */
	int mounted;		      /* riders: Table 13 +2 */
	int split_fire;		      /* [10.5] */
	int indirect;		      /* [10.7] may shoot over friends */
	int artillery;		      /* enum bs_artillery_kind, -1 none */
	int target_ac;		      /* [10.9] artillery: the target's AC */
	int fires_every;	      /* [10.9] artillery: rounds a shot */
	int magic;		      /* a magic weapon [13.3] */
};

/* The rated numbers of a unit, copied from its roster sheet at setup so
 * that the round loop reads plain integers. */
struct bs_unit_rated {
	int ratio;
	int hd_fig;  /* HD per figure, tenths [8.7] */
	int base_ar; /* weapon in hand [8.3] */
	int ac;
	int mv; /* inches */
	int ml; /* base morale [4.1] */
	int dl; /* discipline [4.6] */
	enum bs_size size;
	double base_w;	       /* one base, inches: frontage */
	double base_d;	       /* depth */
	struct bs_dice dmg_sm; /* weapon in hand (+ mount), plus included */
	struct bs_dice dmg_l;
	int pike;    /* [8.1] two extra ranks */
	int polearm; /* [8.1] one extra rank */
	int shield;  /* defender's shield (flank -1 negates it) */
	/* [11.4] the parts of dmg_sm / dmg_l (bits) that come from a lance:
	 * doubled in a cavalry or chariot charge */
	unsigned lance_sm, lance_l;
	/* [13.2] the parts of dmg_sm / dmg_l (bits) that poison, and the
	 * column shift of the poison's extra damage (0: not poisonous) */
	unsigned poison_sm, poison_l;
	int poison_shift;
	/* [13.4] the paralyzing creature whose natural attacks are the
	 * figure's (RULING R-710), NULL none */
	const struct bs_creature *paralyzer;
	int set_spear; /* [11.7] the weapon in hand may be set vs a charge */
	int chaotic, low_int, lawful;
	int never_checks_morale;
	int undead, level_drain, magic_to_hit;
	int daylight_penalty;
	/* [8.2] the melee weapons a unit on foot carries, each rated as on
	 * its roster sheet; `in_hand` is the one whose AR and damage are
	 * above. Mounted units keep their weapon (RULING R-175). */
	int nweapons;
	int in_hand;
	struct bs_weapon_rated {
		int base_ar;
		struct bs_dice dmg_sm, dmg_l;
		int pike, polearm, magic, set_spear;
	} wpn[BS_UNIT_MAX_WEAPONS];
	struct bs_missile_rated msl; /* issue 14 */
};

/* A unit on the table. */
struct bs_unit_state {
	const struct bs_unit *def;
	int side, idx;
	struct bs_unit_rated r;
	int commander; /* individual index (same side) leading it, -1 */
	int cb;	       /* its commander's charisma bonus [4.9] */
	/* figures */
	int original;
	int figures;
	int wounded;
	/* on the table: front-edge centre, facing, frontage, formation */
	struct bs_vec front;
	double facing;
	int files;
	enum bs_formation formation;
	unsigned flags; /* enum bs_uflag */
	int fm_penalty; /* [7.13] AR penalty */
	int idle_rounds;
	enum bs_mob_order mob_order; /* [2.10] last order given */
	double mob_angle;
	double mv_spent;    /* inches spent this Movement Phase */
	double rout_facing; /* [7.15] direction of the rout */
	int end_round;	    /* round it left play, 0 = still in play */
	/* added by the engine (issue 3) */
	int cmd_by;	   /* individual keeping it in command [4.7], -1 */
	double mv_allowed; /* MV allowed this Movement Phase, inches */
	double gap_debt;   /* [7.3] inches owed for filling gaps */
	int frontage_dir;  /* [7.10] +1 expanded, -1 contracted this phase */
	int charge_tside;  /* [7.14] target of this round's charge, -1 */
	int charge_tunit;
	int nocharge_side; /* [7.12] may not charge it this round, -1 */
	int nocharge_unit;
	int wrap_tside; /* [7.11] the enemy it wraps around, -1 */
	int wrap_tunit;
	int wrap_files[2]; /* [7.11] files wheeled onto its left, right */
	int disc_tside;	   /* [4.6] the enemy of its uncontrolled attack */
	int disc_tunit;	   /* after a failed discipline check; -1 none */
	/* 1E [2.9] RULING R-378: figures of a skirmish unit that routed on
	 * their own, apart from its block (not in `figures`): sk_away still
	 * on the table at sk_pos, running toward sk_dir (sk_back 1: rallied,
	 * coming back to the unit); sk_off gone over the edge */
	int sk_away, sk_off, sk_back;
	struct bs_vec sk_pos;
	double sk_dir;
	enum bs_unit_end end; /* how it left play (BS_END_INTACT: in play) */
	int killed_by_side;   /* side whose attack destroyed it, -1 */
	int cramped; /* open formation without room to spread: the bases
			stay touching (RULING R-106, as [7.11]) */
	/* [11.6] [11.7] the special formation it is in (enum bs_special)
	 * and, in set spears, the sides it defends (bits of enum
	 * bs_side_edge) */
	int special;
	unsigned special_sides;
	/* missile fire and artillery (issue 14): this Game Round, and this
	 * battle */
	int shots;	   /* shots fired this round [10.2] */
	int shots_round;   /* shots it is entitled to this round [10.0] */
	int fired_initial; /* fired in this round's Initial Missile Phase */
	int pass_through;  /* took its pass-through shot this round [10.6] */
	int ammo_left;	   /* volleys left [10.3], -1 unlimited */
	int special_left[BS_UNIT_MAX_SPECIAL_AMMO]; /* [10.11] shots left */
	int last_fired;	   /* round of its last shot, 0 none */
	int crew_replaced; /* [10.10] a replacement crew: +2 AR */
	int spare_crew;	   /* [10.10] replacement crew figures left */
	/* [14.6 A] RULING R-462: the side owning its figures (`side` is the
	 * side controlling it: they differ for a detachment of figures a
	 * mass charm split off), and for a detachment slot the global index
	 * of the unit it splits from (-1: a unit of the scenario) */
	int owner;
	int parent;
};

/* An individual on the table. */
struct bs_indiv_state {
	const struct bs_individual *def;
	int side, idx;
	struct bs_vec pos;
	double facing;
	int with_unit; /* unit index it fights with [9.2], -1 independent */
	int alive;
	int cr; /* command radius, inches [4.8] */
	int cb; /* charisma bonus [4.9] */
	unsigned flags;
	/* added by the engine (issue 3) */
	int mv;	  /* movement rate, inches */
	int lost; /* [9.3] dead, disabled or removed: lost to command */
	int fate; /* enum bs1e_fate after [9.1 T11], -1 none */
	/* the Intermediate Game (issue 15) [9.0]-[9.4] */
	int hp, hp_max;	   /* hit points now, and at the start */
	enum bs_role role; /* [9.0] now: member, commander or hero */
	enum bs_rank rank; /* [4.10] now (a deputy who took over [9.3]) */
	int holds;	   /* [9.3] the commander whose post he took over, -1 */
	int tside, tunit, tindiv; /* [9.4] whom he goes for, -1 */
	int adnd_rounds;	  /* [9.4 B] AD&D melee rounds fought */
	int pending_hp; /* [9.4 A] damage of this Melee Phase, not yet taken */
	int killed_by;	/* side whose attack killed him, -1 */
	int captured;	/* [9.1] by side, at the end of the battle, -1 */
};

/* Individual flags. */
enum bs_iflag {
	BS_IF_RALLIED = 1u << 0, /* [6.0] attempted a rally this phase */
	BS_IF_MOVED = 1u << 1,	 /* moved this round */
	/* [14.1] used magic this Game Round (a spell, an item, a breath):
	 * one use a round; a commander's spell also BS_IF_CMD_CAST [9.2] */
	BS_IF_CAST = 1u << 2,
	/* [9.4] Q&A: turned to face an attacker behind him this phase */
	BS_IF_TURNED = 1u << 3,
	/* [9.0] declared a change of role this round */
	BS_IF_ROLE = 1u << 4,
	/* [9.4 B] fought in individual combat this Melee Phase */
	BS_IF_DUEL = 1u << 5,
	/* [10.2] RULING R-611: an enemy unit or figure moved into contact
	 * with him this Game Round */
	BS_IF_CONTACTED = 1u << 6,
	/* [9.2] RULING R-515: a commander CAST a spell this Game Round: he
	 * commands nothing in it (BS_IF_CAST, set with it, is any use of
	 * magic, a spell, an item or a breath: one a round [14.1]; "a
	 * commander can use magic items or innate spell abilities and still
	 * command") */
	BS_IF_CMD_CAST = 1u << 7,
};

/* The result of a battle (so far). */
struct bs_side_result {
	int figures_start;
	int figures_lost; /* killed (routed-off figures are not counted) */
	int units_in_play;
	/* the side's individuals (1E Intermediate Game, issue 15): killed
	 * [9.4] [9.1 T11], and captured by the enemy at the end [9.1] */
	int indivs_killed;
	int indivs_captured;
};

struct bs_result {
	int over;
	int winner; /* side index, or -1 for a draw / not over */
	int rounds;
	const char *reason; /* static text: how it ended, with its ruling */
	int nsides;
	struct bs_side_result side[BS_MAX_SIDES];
};

struct bs_ruleset;
struct bs_terrain_index;

/* The controller interfaces: what a ruleset asks its sides' controllers
 * (struct bs_ruleset .iface). A controller implements one of them; the
 * controller registry (ai.h) gives each ruleset one of its own. */
enum bs_ctl_iface {
	BS_IFACE_TABLETOP, /* struct bs_controller (controller.h): 1E, 2E */
	BS_IFACE_MATRIX,   /* struct bs_mx_controller (matrix.h) */
	BS_IFACE__COUNT
};

/* All state of one battle. Read-only for controllers and reporters. */
struct bs_battle {
	const struct bs_scenario *sc;
	const struct bs_ruleset *rules;
	struct bs_rng rng;
	struct bs_dice_source dice;
	uint64_t seed, stream;
	int round;
	enum bs_phase phase;
	int side_a;		      /* [1.1] initiative winner this round */
	int side_order[BS_MAX_SIDES]; /* [1.1] Side A, B, C ... this round
					 (RULING R-100 for Side C) */
	int first_mover; /* [1.4] the side that moved first this round */
	int max_rounds;	 /* the round limit (RULING: default 30) */
	int nsides;
	int nunits; /* all sides */
	struct bs_unit_state *units;
	int side_first[BS_MAX_SIDES]; /* index of a side's first unit */
	int nindivs;
	struct bs_indiv_state *indivs;
	int indiv_first[BS_MAX_SIDES];
	struct bs_event_sink sink; /* emit NULL: events off */
	/* each side's controller, set with bs_battle_attach, of the
	 * interface its ruleset plays (rules->iface): ctl[] for
	 * BS_IFACE_TABLETOP, ctl_other[] for any other (the ruleset reads it
	 * as its own type); NULL: the ruleset's default (no orders) */
	const struct bs_controller *ctl[BS_MAX_SIDES];
	const void *ctl_other[BS_MAX_SIDES];
	struct bs_result result;
	void *scratch; /* ruleset-owned: allocated by its init, freed by its
			  release */
	/* added by the engine (issue 3) */
	int stands;		   /* option stands [2.4] [7.3] */
	int d20_initiative;	   /* option d20_initiative [5.1] */
	unsigned long long events; /* events emitted (counted when on) */
	/* issue 14: the scenario's terrain, indexed for the tabletop's
	 * queries (battlesim/terrain.h); made and freed by the 1E and 2E
	 * rulesets (bs_tt_terrain_attach, bs_tt_terrain_detach), NULL
	 * otherwise */
	struct bs_terrain_index *terrain;
	/* [14.6 A] RULING R-462: the battle's own copy of the scenario when
	 * it reserves detachment slots (each side's units, then its slots:
	 * sc points at it), NULL otherwise (sc is the caller's) */
	struct bs_scenario *own_sc;
	int orig_nunits[BS_MAX_SIDES]; /* each side's units of the scenario
					  (before its slots) */
};

/* A ruleset: the Sequence of Play and the rules behind it, plugged into
 * the battle engine (src/battle/) by its entry points. The engine owns the
 * lifecycle (allocation of the battle, its units and individuals, reset
 * of the dice and the result, events, the verdict, the controllers); the
 * ruleset owns its scratch and its rules. */
struct bs_ruleset {
	const char *name;
	/* the interface its sides' controllers implement */
	enum bs_ctl_iface iface;
	/* b's units, individuals (def, side, idx), sides and round limit are
	 * set: check the scenario against the ruleset's limits, allocate its
	 * scratch (b->scratch) and rate every unit and individual. On
	 * failure a diagnostic; release then frees what it allocated. */
	enum bs_status (*init)(struct bs_battle *b, struct bs_diags *d);
	/* put every unit back to its starting state (no allocation) */
	void (*reset)(struct bs_battle *b);
	/* before round 1, once per battle (NULL: nothing): the ruleset's
	 * start (1E: the BATTLE_START and DEPLOY events, command [4.7]) */
	void (*start)(struct bs_battle *b);
	/* play one Game Round */
	void (*round)(struct bs_battle *b);
	/* free the scratch (also after a failed init, b->scratch may be
	 * NULL or partly allocated) */
	void (*release)(struct bs_battle *b);
	/* unit g's placement, facing, frontage, figures or formation was
	 * changed from outside the rules (NULL: nothing to do); issue 13:
	 * the 1E caches of its geometry */
	void (*unit_changed)(struct bs_battle *b, int g);
	/* [14.6 A] RULING R-462: 1 when figures of side `side` of sc may
	 * split an enemy unit (a memorized mass charm): the battle then
	 * reserves that side one detachment slot per enemy unit (NULL: no
	 * side ever does) */
	int (*splits)(const struct bs_scenario *sc, int side);
};

/* The rulesets, each defined by its own directory (src/bs1e/round.c,
 * src/bs2e/round.c, src/matrix/battle.c) and found by the battle engine's
 * table (src/battle/rulesets.c), never by their headers. */
extern const struct bs_ruleset bs1e_ruleset;
extern const struct bs_ruleset bs2e_ruleset;
extern const struct bs_ruleset bs_matrix_ruleset;

/* The ruleset that plays scenarios of `rules:` r; NULL when none does. */
const struct bs_ruleset *bs_ruleset_for(enum bs_rules r);

/* A battle for scenario sc (which must outlive it), played by the ruleset
 * of its `rules:` (bs_ruleset_for). Units are set up by the ruleset and
 * deployed, the dice seeded from (seed, 0); events off and no controllers
 * until set. BS_ERR_INPUT when the scenario cannot be played (no ruleset,
 * or past the ruleset's limits), BS_ERR_RUNTIME on out of memory; a
 * diagnostic in d either way. */
enum bs_status bs_battle_new(const struct bs_scenario *sc,
			     struct bs_battle **out, struct bs_diags *d);

/* For a ruleset's init: BS_ERR_INPUT with a diagnostic at the unit when a
 * unit of b has more than max_figures figures ("the engine plays units of
 * at most N"), or b more than max_units units; else BS_OK. */
enum bs_status bs_battle_limits(const struct bs_battle *b, int max_figures,
				int max_units, struct bs_diags *d);

/* Start again from the deployment with the dice of stream `stream` of
 * `seed` (bs_rng_seed_stream). No allocation. */
void bs_battle_reset(struct bs_battle *b, uint64_t seed, uint64_t stream);

/* Events go to sink (NULL: off). */
void bs_battle_set_sink(struct bs_battle *b, const struct bs_event_sink *s);

/* The controller of side `side`: c implements interface `iface`, which
 * must be the one b's ruleset plays (b->rules->iface); NULL: the ruleset's
 * default (no orders: every unit holds, no rally attempt). The battle
 * keeps the pointer: c must outlive its use. BS_ERR_INPUT, and nothing
 * changed, when side is not a side of b or iface is not its ruleset's.
 * The one way to set a controller; the registry of src/ai (ai.h
 * bs_ai_attach) chooses them by kind or name. */
enum bs_status bs_battle_attach(struct bs_battle *b, int side,
				enum bs_ctl_iface iface, const void *c);

/* bs_battle_attach of a tabletop controller (1E, 2E). */
static inline enum bs_status
bs_battle_set_controller(struct bs_battle *b, int side,
			 const struct bs_controller *c)
{
	return bs_battle_attach(b, side, BS_IFACE_TABLETOP, c);
}

/* Play one Game Round; returns 1 when the battle is over. */
int bs_battle_round(struct bs_battle *b);

/* Play until over or `max_rounds` (0: the scenario's or default limit). */
void bs_battle_play(struct bs_battle *b, int max_rounds);

/* How a unit stands now. */
enum bs_unit_end bs_battle_unit_end(const struct bs_battle *b, int unit);

/* The words of a tabletop ruleset's verdict, with its ruling. */
struct bs_verdict_text {
	const char *win;   /* one side left */
	const char *none;  /* no side left: a draw */
	const char *limit; /* the round limit: a draw */
	const char *cite;  /* the ruling, for the END event */
	/* called once when the battle is over, before the END event (NULL:
	 * nothing): what the ruleset decides at the end (1E: capture [9.1]) */
	void (*at_over)(struct bs_battle *b);
};

/* The verdict of a tabletop battle (1E RULING R-102, 2E R-223):
 * standing[s] counts side s's units that still hold the field (the ruleset
 * decides which count); when at most one side has any, it wins (none: a
 * draw); else at the end of a round (`at_end`) past the round limit it is
 * a draw. Sets b->result's rounds, over, winner and reason (from `why`),
 * emits END when over, and returns b->result.over. */
int bs_battle_verdict(struct bs_battle *b, const int standing[], int at_end,
		      const struct bs_verdict_text *why);

/* A fresh event of b's round and phase. */
void bs_battle_event(const struct bs_battle *b, struct bs_event *ev,
		     enum bs_ev type);

/* An event's actor and target (side, unit) from global unit indexes of b
 * (-1: none, left as they are). */
void bs_battle_ev_units(const struct bs_battle *b, struct bs_event *ev, int g,
			int tg);

/* Emit an event of `type` about unit g (global index, -1: none) that
 * carries only a text and a cite (NOTE, REJECTED), when events are on. */
void bs_battle_say(struct bs_battle *b, enum bs_ev type, int g,
		   const char *what, const char *cite);

/* What the dice source of b asks for now, in words (issue 17): "2d6 for
 * Keep men-at-arms attacking Broken Fang spears [8.4 B]", "d6 for Keep
 * (initiative) [5.1]". Returns buf. */
char *bs_battle_roll_text(const struct bs_battle *b,
			  const struct bs_dice_req *q, char *buf, size_t len);

/* The name of unit g (global index) of b: its scenario name, or "side S
 * unit U" when it has none. Returns buf. */
const char *bs_battle_unit_name(const struct bs_battle *b, int g, char *buf,
				size_t len);

/* Put a unit's per-battle state (flags, movement spent, targets, how it
 * ended) back to a battle's start; the ruleset sets figures, position,
 * formation and commander. */
void bs_unit_state_clear(struct bs_unit_state *u);

/* Figures of u killed: its figures at the start less those standing and
 * those routed apart or away (1E RULING R-378); routed-off units keep
 * their figures. */
static inline int bs_unit_killed(const struct bs_unit_state *u)
{
	int k = u->original - u->figures - u->sk_away - u->sk_off;
	return k < 0 ? 0 : k;
}

/* The unit `i` of side `side`. */
static inline struct bs_unit_state *bs_battle_unit(struct bs_battle *b,
						   int side, int i)
{
	return &b->units[b->side_first[side] + i];
}

void bs_battle_free(struct bs_battle *b);

/* Say that unit g's placement, facing, frontage, figures or formation
 * was set from outside the rules (a referee's override) while a round is
 * played: the ruleset's caches of its geometry are dropped (issue 13).
 * Between rounds it is not needed (the caches compare then). */
void bs_battle_unit_changed(struct bs_battle *b, int g);

/* Emit an event if events are on (rules code: build events only when
 * bs_battle_events_on). */
static inline int bs_battle_events_on(const struct bs_battle *b)
{
	return b->sink.emit != 0;
}
void bs_battle_emit(struct bs_battle *b, const struct bs_event *ev);

#endif
