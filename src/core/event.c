/* Events: bs_event_init and the names of event types and phases [1.0]
 * (event.h). The names are the keys of the JSON Lines log
 * (docs/EVENTS.md): lowercase, words joined by '_'. (The names of the
 * battle's enums, orders and steps, are src/battle/names.c.) */
#include "battlesim/event.h"

#include <string.h>

const char *const bs_ev_name[BS_EV__COUNT] = {
    [BS_EV_BATTLE_START] = "battle_start",
    [BS_EV_DEPLOY] = "deploy",
    [BS_EV_ROUND] = "round",
    [BS_EV_PHASE] = "phase",
    [BS_EV_INITIATIVE] = "initiative",
    [BS_EV_ORDER] = "order",
    [BS_EV_REJECTED] = "rejected",
    [BS_EV_MOVE] = "move",
    [BS_EV_FORMATION] = "formation",
    [BS_EV_CONTACT] = "contact",
    [BS_EV_DISCIPLINE] = "discipline",
    [BS_EV_MORALE] = "morale",
    [BS_EV_RALLY] = "rally",
    [BS_EV_COMMAND] = "command",
    [BS_EV_ATTACK] = "attack",
    [BS_EV_LOSSES] = "losses",
    [BS_EV_ROUT] = "rout",
    [BS_EV_REMOVED] = "removed",
    [BS_EV_FATE] = "fate",
    [BS_EV_NOTE] = "note",
    [BS_EV_END] = "end",
    /* 2E (issue 5) */
    [BS_EV_BS2E_ATTACK] = "bs2e_attack",
    [BS_EV_BS2E_ARMOR] = "bs2e_armor",
    [BS_EV_BS2E_HITS] = "bs2e_hits",
    [BS_EV_BS2E_MORALE] = "bs2e_morale",
    /* matrix (issue 6) */
    [BS_EV_MX_GRID] = "mx_grid",
    [BS_EV_MX_MOVE] = "mx_move",
    [BS_EV_MX_ENGAGE] = "mx_engage",
    [BS_EV_MX_ATTACK] = "mx_attack",
    [BS_EV_OVERRIDE] = "override",
    [BS_EV_MX_DAMAGE] = "mx_damage",
    /* missiles and artillery (issue 14) */
    [BS_EV_VOLLEY] = "volley",
    /* 1E heroes and commanders (issue 15) */
    [BS_EV_ROLE] = "role",
    [BS_EV_INDIV_ORDER] = "indiv_order",
    [BS_EV_INDIV_INIT] = "indiv_initiative",
    [BS_EV_DUEL] = "duel",
    [BS_EV_HERO_ATTACK] = "hero_attack",
    [BS_EV_FIGURE_ATTACK] = "figure_attack",
    [BS_EV_HP] = "hp",
    [BS_EV_CAPTURE] = "capture",
    /* special formations (issue 15) */
    [BS_EV_SPECIAL] = "special",
    /* magic (issue 16) */
    [BS_EV_CAST] = "cast",
    [BS_EV_TURN] = "turn",
};

/* [1.0] the seven phases of a Game Round, plus the set-up before it. */
const char *const bs_phase_name[BS_PHASE__COUNT] = {
    [BS_PHASE_SETUP] = "setup",
    [BS_PHASE_INITIATIVE] = "initiative",
    [BS_PHASE_INITIAL_MISSILE] = "initial_missile",
    [BS_PHASE_RALLY] = "rally",
    [BS_PHASE_MOVEMENT] = "movement",
    [BS_PHASE_MISSILE_MAGIC] = "missile_magic",
    [BS_PHASE_MELEE] = "melee",
    [BS_PHASE_END] = "end",
    /* 2E (issue 5) */
    [BS_PHASE_BS2E_CHARGES] = "bs2e_charges",
    [BS_PHASE_BS2E_MOVE_FIRST] = "bs2e_move_first",
    [BS_PHASE_BS2E_MOVE_SECOND] = "bs2e_move_second",
    [BS_PHASE_BS2E_MAGIC] = "bs2e_magic",
    [BS_PHASE_BS2E_MISSILE] = "bs2e_missile",
    /* matrix (issue 6) */
    [BS_PHASE_MX_ENGAGEMENT] = "mx_engagement",
    [BS_PHASE_MX_ATTACK] = "mx_attack",
    [BS_PHASE_MX_SCOUTS] = "mx_scouts",
    [BS_PHASE_MX_COUNTER] = "mx_counterattack",
    [BS_PHASE_MX_ASSESS] = "mx_assess",
};

void bs_event_init(struct bs_event *ev, enum bs_ev type, int round,
		   enum bs_phase phase)
{
	memset(ev, 0, sizeof *ev);
	ev->type = type;
	ev->round = round;
	ev->phase = phase;
	ev->side = -1;
	ev->unit = -1;
	ev->indiv = -1;
	ev->tside = -1;
	ev->tunit = -1;
	ev->tindiv = -1;
}
