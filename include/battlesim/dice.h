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
	BS_DICE_SOURCE_ASK, /* a callback answers each roll (the referee) */
};

/* ---- dice with a reason (issue 17) ----------------------------------------
 * Every roll site of the rules says what it rolls and why, just before
 * the roll, with bs_dice_why: a pointer to a static reason and a few
 * integers, no formatting. Only an asking source reads it (to say
 * "2d6 for Keep men-at-arms attacking Broken Fang spears [8.4 B]" and to
 * check the answer); the generator and a script ignore it. */

/* The kinds of roll, for `dice KIND program|ask` in referee mode. */
enum bs_roll_kind {
	BS_ROLL_INITIATIVE, /* [5.1]; 2E RULING R-204; matrix RULING R-257 */
	BS_ROLL_ATTACK,	    /* [8.4 B] 2d6; 2E attack dice; matrix Table 1 */
	BS_ROLL_ARMOR,	    /* 2E: d10 per hit against AR */
	BS_ROLL_MORALE,	    /* [4.3] 2d10; 2E 2d10; matrix d100 */
	BS_ROLL_DISCIPLINE, /* [4.6] 2d10 */
	BS_ROLL_RALLY,	    /* [6.2] 2d10; 2E rally */
	BS_ROLL_FATE,	    /* [9.1 T11] d10 */
	/* [9.4 B] individual combat by AD&D rules (issue 15) */
	BS_ROLL_INDIV_INITIATIVE, /* [5.2] d6 per individual, each round */
	BS_ROLL_TO_HIT,		  /* [9.4 B] d20 against THAC0 - AC */
	BS_ROLL_DAMAGE,		  /* [9.4 B] the weapon's dice, hit points */
	BS_ROLL_SAVE,		  /* [14.3] d20 saving throw against magic */
	BS_ROLL_TURN, /* [14.19] d20 turning undead, DMG number turned */
	BS_ROLL_MAGIC_RESISTANCE, /* [3.1] [14.1] d100 per figure (issue 16) */
	BS_ROLL_OTHER, /* a roll that gave no reason (tests: never) */
	BS_ROLL__COUNT
};
extern const char *const bs_roll_kind_name[BS_ROLL__COUNT];

/* A roll site's reason (static storage). One roll is `items` results
 * (bs_dice_why_n; 1 with bs_dice_why), each the sum of a die of sides[0]
 * and, when sides[1] > 0, one of sides[1]: 2d6 is {6, 6}, d10 {10, 0},
 * the 2E attack die "10+8" {10, 8}. */
struct bs_roll_why {
	enum bs_roll_kind kind;
	int sides[2];
	/* 1: the rule reads the dice one by one (a doubles check, one die
	 * per side), so a total is refused; 0: only each item's sum counts */
	int separate;
	const char *what; /* "attacking": "<actor> attacking <target>" */
	const char *cite; /* "[8.4 B]" */
};

/* The roll asked for now: the reason and who (global unit indexes, an
 * individual of `side`, a target individual of side `tside`; -1 none). */
struct bs_dice_req {
	const struct bs_roll_why *why; /* NULL: none given */
	int items;
	int sides[2];
	int side, actor, indiv, target;
	int tside, tindiv;
};

/* How many dice a request is (items x 1 or 2). */
int bs_dice_req_dice(const struct bs_dice_req *q);

/* An asking source's callback: fill dice[0..n) (n = bs_dice_req_dice, in
 * item order, each die within its sides) for q and return 0, or return 1
 * to have the source roll them with its generator ("dice: program"). */
struct bs_dice_asker {
	int (*ask)(void *ctx, const struct bs_dice_req *q, int *dice, int n);
	void *ctx;
};

/* A dice source (caller storage). With a script, each roll takes the next
 * given result; a result outside 1..sides or a roll past the end of the
 * script sets `failed` (with a message) and returns 1, so the caller can
 * report it instead of computing with a wrong number. An asking source
 * asks its callback once per request (bs_dice_why) for all its dice and
 * hands them to the rolls that follow. */
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
	/* the reason of the roll to come (bs_dice_why) */
	struct bs_dice_req req;
	/* asking: the callback, and the dice of the request being used */
	const struct bs_dice_asker *asker;
	int *pend; /* caller storage of pend_cap dice */
	int pend_cap, npend, ipend;
	int req_fresh;	 /* the request has not been asked yet */
	long asked;	 /* requests asked so far */
	long unreasoned; /* rolls made without a reason (tests: 0) */
};

void bs_dice_source_rng(struct bs_dice_source *s, struct bs_rng *rng);
void bs_dice_source_script(struct bs_dice_source *s, const int *script,
			   size_t len);

/* An asking source: each request goes to a->ask; `program` rolls use rng
 * (which may be NULL only when the callback never returns 1). pend holds
 * the dice of one request: at least 2 x the most items a request has
 * (the 2E attack dice: BS2E_MAX_DICE). a, rng and pend must outlive s. */
void bs_dice_source_ask(struct bs_dice_source *s, const struct bs_dice_asker *a,
			struct bs_rng *rng, int *pend, int pend_cap);

/* The reason of the roll that follows (one item of w's sides); for
 * bs_dice_why_n, `items` items of the given sides (sides1 0: one die). */
static inline void bs_dice_why(struct bs_dice_source *s,
			       const struct bs_roll_why *w, int side, int actor,
			       int indiv, int target)
{
	s->req.why = w;
	s->req.items = 1;
	s->req.sides[0] = w->sides[0];
	s->req.sides[1] = w->sides[1];
	s->req.side = side;
	s->req.actor = actor;
	s->req.indiv = indiv;
	s->req.target = target;
	s->req.tside = s->req.tindiv = -1;
	s->req_fresh = 1;
}
/* The reason of a roll of individual `indiv` of `side` against individual
 * `tindiv` of side `tside` (or unit `target`, global; -1 none): `items`
 * dice of `sides` faces (individual combat [9.4 B]). */
static inline void bs_dice_why_indiv(struct bs_dice_source *s,
				     const struct bs_roll_why *w, int items,
				     int sides, int side, int indiv, int tside,
				     int tindiv, int target)
{
	bs_dice_why(s, w, side, -1, indiv, target);
	s->req.items = items;
	s->req.sides[0] = sides;
	s->req.sides[1] = 0;
	s->req.tside = tside;
	s->req.tindiv = tindiv;
}
static inline void bs_dice_why_n(struct bs_dice_source *s,
				 const struct bs_roll_why *w, int items,
				 int sides0, int sides1, int side, int actor,
				 int target)
{
	bs_dice_why(s, w, side, actor, -1, target);
	s->req.items = items;
	s->req.sides[0] = sides0;
	s->req.sides[1] = sides1;
}

/* Read a referee's answer `text` to request q into dice[0..n) (n =
 * bs_dice_req_dice): the dice one by one ("3 4"), or, when the rule reads
 * only sums (why->separate 0), one total per item ("7"), split into dice
 * (RULING R-421: as evenly as the dice allow, the first die the higher).
 * A d10 may be entered as 0 for 10 and a d100 as 0 or 00 for 100 (RULING
 * R-420, the dice as printed). Returns 0, or -1 with the reason in err
 * ("a d6 shows 1 to 6, not 7"). `totals` (may be NULL) is set to 1 when
 * totals were given. */
int bs_dice_answer_parse(const struct bs_dice_req *q, const char *text,
			 int *dice, int n, int *totals, char *err,
			 size_t errlen);

/* "2d6", "d10", "12 x d10+d8": the dice of a request. Returns buf. */
char *bs_dice_req_dice_text(const struct bs_dice_req *q, char *buf, size_t len);

/* One die of `sides` faces: 1..sides. */
int bs_roll(struct bs_dice_source *s, int sides);

/* count dice of `sides` faces summed (count >= 0). */
int bs_roll_n(struct bs_dice_source *s, int count, int sides);

/* One part / a whole expression rolled (all parts summed). */
int bs_dice_roll_part(struct bs_dice_source *s, const struct bs_dice_part *p);
int bs_dice_roll(struct bs_dice_source *s, const struct bs_dice *d);

#endif
