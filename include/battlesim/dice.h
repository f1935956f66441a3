/* Dice expressions of the rule texts and AD&D books (d8, 2d4, d6+1, 1d4+1,
 * 3d6, d4/d4/d12, fixed numbers) and the dice sources that roll them: a
 * seeded generator, or a script of given results for tests and referees. */
#ifndef BATTLESIM_DICE_H
#define BATTLESIM_DICE_H

#include <stddef.h>
#include <stdint.h>

#include "battlesim/rng.h"

#define BS_DICE_MAX_ATTACKS 8 /* parts separated by '/' */
#define BS_DICE_MAX_COUNT 100 /* at most 100 dice in one part */
#define BS_DICE_MAX_SIDES 100 /* d2 .. d100 */
#define BS_DICE_MAX_PLUS 1000 /* |modifier| and fixed numbers */

/* One attack: count d sides + plus. A fixed number has count = 0,
 * sides = 0 and plus = the number. */
struct bs_dice_part {
	int count;
	int sides;
	int plus;
};

/* A whole expression: one part per attack ("d4/d4/d12" has three). */
struct bs_dice {
	int nparts;
	struct bs_dice_part part[BS_DICE_MAX_ATTACKS];
};

/* Parse text into *out. Accepted: "d8", "2d4", "d6+1", "1d4+1", "2d8-1",
 * "3", and parts joined by '/'. White space around tokens is allowed; the
 * 'd' may be upper case. Returns 0, or -1 with a message in err such as
 * "dice 'd0': a die needs 2 to 100 sides". */
int bs_dice_parse(const char *text, struct bs_dice *out, char *err,
		  size_t errlen);

/* Canonical text ("d8", "2d4+1", "d4/d4/d12", "3"). Returns buf. */
char *bs_dice_format(const struct bs_dice *d, char *buf, size_t len);

/* Smallest and largest totals of one part, and of the whole expression. */
int bs_dice_part_min(const struct bs_dice_part *p);
int bs_dice_part_max(const struct bs_dice_part *p);
int bs_dice_min(const struct bs_dice *d);
int bs_dice_max(const struct bs_dice *d);

/* Where dice come from. */
enum bs_dice_source_kind {
	BS_DICE_SOURCE_RNG,
	BS_DICE_SOURCE_SCRIPT,
};

/* A dice source (caller storage). With a script, each roll takes the next
 * given result; a result outside 1..sides or a roll past the end of the
 * script sets `failed` (with a message) and returns 1, so the caller can
 * report it instead of computing with a wrong number. */
struct bs_dice_source {
	enum bs_dice_source_kind kind;
	struct bs_rng *rng;
	const int *script;
	size_t script_len;
	size_t pos;
	int failed;
	char error[160];
	/* optional record of every die rolled (for logs): NULL to skip */
	int *record;
	size_t record_cap;
	size_t record_len;
};

void bs_dice_source_rng(struct bs_dice_source *s, struct bs_rng *rng);
void bs_dice_source_script(struct bs_dice_source *s, const int *script,
			   size_t len);

/* One die of `sides` faces: 1..sides. */
int bs_roll(struct bs_dice_source *s, int sides);

/* count dice of `sides` faces summed (count >= 0). */
int bs_roll_n(struct bs_dice_source *s, int count, int sides);

/* One part / a whole expression rolled (all parts summed). */
int bs_dice_roll_part(struct bs_dice_source *s, const struct bs_dice_part *p);
int bs_dice_roll(struct bs_dice_source *s, const struct bs_dice *d);

#endif
