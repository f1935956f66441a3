/* The names of the battle's enums: movement steps, orders and mob orders
 * [2.10] [7.6]-[7.14], special formations [11.6] [11.7] (controller.h), how
 * a unit ended the battle (battle.h), and the changes of role [9.0]. They
 * are the keys of the JSON Lines log (docs/EVENTS.md): lowercase, words
 * joined by '-' (orders, as written in scenario files). */
#include "battlesim/battle.h"
#include "battlesim/controller.h"

/* [7.6] [7.9] [7.10] movement primitives. */
const char *const bs_step_name[BS_STEP__COUNT] = {
    [BS_STEP_ADVANCE] = "advance",     [BS_STEP_WHEEL] = "wheel",
    [BS_STEP_FACE] = "face",	       [BS_STEP_FRONTAGE] = "frontage",
    [BS_STEP_FORMATION] = "formation", [BS_STEP_FIRE] = "fire",
};

/* [10.2] the kinds of missile fire (issue 14). */
const char *const bs_fire_kind_name[BS_FIRE__COUNT] = {
    [BS_FIRE_INITIAL] = "initial",     [BS_FIRE_PASS_THROUGH] = "pass-through",
    [BS_FIRE_PHASE] = "missile",       [BS_FIRE_SPLIT] = "split-fire",
    [BS_FIRE_ARTILLERY] = "artillery",
};

/* [7.7] [7.11]-[7.14] [8.8] a unit's order for its Movement Phase. */
const char *const bs_order_name[BS_ORDER__COUNT] = {
    [BS_ORDER_HOLD] = "hold",	      [BS_ORDER_MOVE] = "move",
    [BS_ORDER_CHARGE] = "charge",     [BS_ORDER_FORCED_MARCH] = "forced-march",
    [BS_ORDER_WITHDRAW] = "withdraw", [BS_ORDER_FLEE] = "flee",
    [BS_ORDER_WRAP] = "wrap-around",
};

/* [11.6] [11.7] the special formations. */
const char *const bs_special_name[BS_SPECIAL__COUNT] = {
    [BS_SPECIAL_NONE] = "none",
    [BS_SPECIAL_SHIELD_WALL] = "shield-wall",
    [BS_SPECIAL_SHIELD_SQUARE] = "shield-square",
    [BS_SPECIAL_SET_SPEARS] = "set-spears",
};

/* [2.10] the orders a mob may be given. */
const char *const bs_mob_order_name[BS_MOB__COUNT] = {
    [BS_MOB_NONE] = "none",	[BS_MOB_FORWARD] = "move-forward",
    [BS_MOB_CHARGE] = "charge", [BS_MOB_FORCED_MARCH] = "forced-march",
    [BS_MOB_WHEEL] = "wheel",
};

/* [9.0] [9.3] the changes of role an individual may declare. */
const char *const bs_role_act_name[BS_RA__COUNT] = {
    [BS_RA_HERO] = "hero",
    [BS_RA_MEMBER] = "member",
    [BS_RA_COMMAND] = "commander",
    [BS_RA_TAKE_OVER] = "take-over",
};

/* [7.15] how a unit ended the battle. */
const char *const bs_unit_end_name[BS_END__COUNT] = {
    [BS_END_INTACT] = "intact",
    [BS_END_ROUTED_ON_TABLE] = "routed",
    [BS_END_ROUTED_OFF] = "routed-off",
    [BS_END_DESTROYED] = "destroyed",
};
