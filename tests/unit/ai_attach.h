/* For the tests that play battles with the registry's controllers:
 * attach each side's controller by its scenario's kind (bs_ai_attach), or
 * fail the test with the diagnostic. Header-only. */
#ifndef TESTS_AI_ATTACH_H
#define TESTS_AI_ATTACH_H

#include <criterion/criterion.h>

#include "battlesim/ai.h"

static inline void attach_ok(struct bs_ai_set *s, struct bs_battle *b)
{
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st = bs_ai_attach(s, b, &d);
	cr_assert_eq(st, BS_OK, "%s", d.count ? d.items[0].msg : "");
	bs_diags_release(&d);
}

#endif
