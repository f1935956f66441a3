/* The ruleset table: the ruleset that plays each `rules:` of a scenario
 * (1E BATTLESYSTEM, the 2nd-edition summary, the matrix card system). The
 * one place where the battle engine names the rulesets; it reaches them
 * only through their entry points (struct bs_ruleset, battle.h). */
#include "battlesim/battle.h"

static const struct bs_ruleset *const rulesets[BS_RULES__COUNT] = {
    [BS_RULES_BS1E] = &bs1e_ruleset,
    [BS_RULES_BS2E] = &bs2e_ruleset,
    [BS_RULES_MATRIX] = &bs_matrix_ruleset,
};
_Static_assert(BS_RULES__COUNT == 3, "a ruleset for every rules: value");

const struct bs_ruleset *bs_ruleset_for(enum bs_rules r)
{
	if ((int)r < 0 || r >= BS_RULES__COUNT)
		return NULL;
	return rulesets[r];
}
