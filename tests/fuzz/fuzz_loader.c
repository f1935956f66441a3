/* libFuzzer target for the scenario loader: any bytes go through
 * bs_scenario_load_string (YAML parse, schema walk, rule checks) and the
 * result is freed. Build and run: make BUILD=build-x fuzz FUZZ_SECONDS=N.
 * No rule sections. */
#include <stddef.h>
#include <stdint.h>

#include "battlesim/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bs_diags d;
	struct bs_scenario *s = NULL;
	bs_diags_init(&d);
	enum bs_status st = bs_scenario_load_string((const char *)data, size,
						    "fuzz.yaml", &s, &d);
	/* The contract: a scenario exactly when the status is BS_OK, and at
	 * least one message when it is not. */
	if ((st == BS_OK) != (s != NULL))
		__builtin_trap();
	if (st != BS_OK && d.count == 0 && !d.oom)
		__builtin_trap();
	if (s) {
		/* Touch what the loader resolved: pointers must be valid. */
		volatile int sink = 0;
		for (int i = 0; i < s->nsides; i++) {
			for (int u = 0; u < s->sides[i].nunits; u++) {
				const struct bs_unit *un =
				    &s->sides[i].units[u];
				if (un->creature)
					sink += un->creature->ac;
				for (int w = 0; w < un->nweapons; w++)
					sink += un->weapons[w].weapon->speed;
				if (un->commander >= 0)
					sink += s->sides[i]
						    .individuals[un->commander]
						    .hp;
			}
			for (int k = 0; k < s->sides[i].nindividuals; k++)
				if (s->sides[i].individuals[k].race)
					sink +=
					    s->sides[i].individuals[k].race->mv;
		}
		(void)sink;
	}
	bs_scenario_free(s);
	bs_diags_release(&d);
	return 0;
}
