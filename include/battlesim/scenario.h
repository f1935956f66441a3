/* Loading scenario and catalog files (YAML, libyaml) into struct
 * bs_scenario, with every error reported as FILE:LINE:COL. */
#ifndef BATTLESIM_SCENARIO_H
#define BATTLESIM_SCENARIO_H

#include <stddef.h>

#include "battlesim/diag.h"
#include "battlesim/model.h"

/* Load the scenario in file `path` (with the built-in catalogs). On success
 * *out is a new scenario (free with bs_scenario_free) with its warnings
 * (.warnings, battlesim/warn.h). On bad input returns BS_ERR_INPUT with
 * one diagnostic per error found (all of them, not only the first) and
 * *out NULL. Where its units stand is checked by the second step of a
 * load, bs_deploy_check (battlesim/deploy.h), which the program runs for
 * every command; tests may set up any position without it. */
enum bs_status bs_scenario_load_file(const char *path, struct bs_scenario **out,
				     struct bs_diags *diags);

/* The same from memory; `name` is used as the file name in messages. */
enum bs_status bs_scenario_load_string(const char *text, size_t len,
				       const char *name,
				       struct bs_scenario **out,
				       struct bs_diags *diags);

/* A built-in scenario by name (NULL: the default one). */
enum bs_status bs_scenario_load_builtin(const char *name,
					struct bs_scenario **out,
					struct bs_diags *diags);

/* The bytes of built-in scenario `name` (NULL: the default one), *len
 * their count; NULL when there is none of that name. Read-only, static. */
const char *bs_scenario_builtin_text(const char *name, size_t *len);

/* Names of the built-in scenarios (NULL-terminated). */
const char *const *bs_scenario_builtin_names(void);

/* The default built-in scenario's name. */
const char *bs_scenario_default_name(void);

void bs_scenario_free(struct bs_scenario *s);

struct bs_script_order;

/* One order typed at the referee's prompt (issue 17), in the grammar of a
 * side's scripted `orders:` (docs/SCENARIO-FORMAT.md "Controllers and
 * scripted orders"): the keys of one entry in YAML flow form, without
 * `round:` (given) and, when unit >= 0, without `unit:` (the unit asked
 * about); a first item without a key is the order's word ("charge,
 * target: Broken Fang spears" is "order: charge, target: ..."). Parsed
 * and checked by the loader's own code, so a typed order and a scripted
 * one are one language. BS_OK with *out, or BS_ERR_INPUT with the reason
 * in err (the loader's message). No allocation survives the call. */
enum bs_status bs_scenario_parse_order(const struct bs_scenario *sc, int side,
				       int round, int unit, const char *text,
				       struct bs_script_order *out, char *err,
				       size_t errlen);

struct bs_mx_order;
struct bs_mx_move;

/* Move m of an army's brigade (side 0 or 1) as the orders' grammar writes
 * it at a prompt (RULING R-426): "stay", "forward, east", "enter: 2, move:
 * [forward]" (steps that are not one location orthogonally are written by
 * their row's sign). Returns buf. */
char *bs_scenario_mx_move_text(int side, const struct bs_mx_move *m, char *buf,
			       size_t len);

/* The same for a matrix army (RULING R-426, docs/MATRIX.md "Scripted
 * orders"): one part (BS_MXO_MOVE, _ATTACK, _ENGAGE or _TARGET,
 * battlesim/matrix.h) of brigade brig's entry for `round`, typed without
 * round and brigade; a text whose first item has no key is that part's
 * value ("forward, east" is "move: [forward, east]", "Raider Band" is
 * "attack: Raider Band" at the attack question). An entry that gives
 * another part is refused (each is asked when the rules come to it). */
enum bs_status bs_scenario_parse_mx_order(const struct bs_scenario *sc,
					  int side, int round, int brig,
					  unsigned part, const char *text,
					  struct bs_mx_order *out, char *err,
					  size_t errlen);

#endif
