/* A program built against the installed library with nothing but
 * `pkg-config --cflags --libs battlesim` (issue 12 item 24): it loads the
 * built-in scenario (libyaml), plays one battle and writes its summary as
 * JSON (jansson), so every dependency must be linked. No rule sections. */
#include <stdio.h>

#include "battlesim/battle.h"
#include "battlesim/report.h"
#include "battlesim/scenario.h"

int main(void)
{
	struct bs_diags d;
	bs_diags_init(&d);
	struct bs_scenario *s = NULL;
	struct bs_battle *b = NULL;
	if (bs_scenario_load_builtin(NULL, &s, &d) != BS_OK ||
	    bs_battle_new(s, &b, &d) != BS_OK) {
		fprintf(stderr, "hello: could not set up the battle\n");
		return 1;
	}
	bs_battle_reset(b, 1985, 0);
	bs_battle_play(b, 0);
	printf("%s\n", s->name);
	int rc = bs_report_summary(b, BS_LOG_JSONL, stdout);
	bs_battle_free(b);
	bs_scenario_free(s);
	bs_diags_release(&d);
	return rc != 0;
}
