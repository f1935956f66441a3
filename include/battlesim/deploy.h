/* The deployment checks of a loaded scenario ([2.1] [3.4] [11.8], RULINGS
 * R-314 .. R-318): the blocks of the units exactly as the engine deploys
 * them (bs_battle_new), tested on the tabletop. Loading is two steps:
 * bs_scenario_load_* (the file) then bs_deploy_check (the table); the
 * program runs both for every command. */
#ifndef BATTLESIM_DEPLOY_H
#define BATTLESIM_DEPLOY_H

#include "battlesim/diag.h"
#include "battlesim/model.h"

/* Check where the units of scenario s stand. Errors, at the unit's (or
 * individual's) `position:` as FILE:LINE:COL, into d: two blocks that
 * overlap (1E and 2E: a 2E hero's or commander's one-figure unit is a
 * block too), a block reaching past the table's edge, a block on ground
 * its unit may not enter (battlesim/ground.h: 1E at the intermediate and
 * advanced levels, 2E), an independent 1E figure inside an enemy block or
 * on water. Warnings into s->warnings: 1E units that start no more than
 * two full moves from their nearest opponent [3.4]. A matrix scenario has
 * nothing more to check (RULING R-318). Returns BS_OK, BS_ERR_INPUT (the
 * errors are in d) or BS_ERR_RUNTIME (out of memory, in d). */
enum bs_status bs_deploy_check(struct bs_scenario *s, struct bs_diags *d);

#endif
