/* 1E morale and discipline: current morale [4.2] (Table 4, charisma bonus
 * [4.9]) as a derivation, the 2d10 check [4.3], when a check is due
 * [4.4] (Table 5, one attack one check), its effect [4.5], and discipline
 * checks [4.6] (Table 7). Pure functions on caller storage. */
#ifndef BATTLESIM_BS1E_MORALE_H
#define BATTLESIM_BS1E_MORALE_H

#include "battlesim/bs1e_tables.h"
#include "battlesim/deriv.h"
#include "battlesim/dice.h"
#include "battlesim/model.h"

/* The situation of a unit at a morale check. Zero-initialize, then set. */
struct bs1e_morale_situation {
	unsigned t4; /* bit (1u << enum bs1e_t4) per Table 4 factor */
	int cb;	     /* commander's charisma bonus, Table 8 [4.9] */
	enum bs_formation formation;
	int skirmish_unit; /* Table 4 out of command does not apply */
	int mob;	   /* always out of command [4.7] */
	/* optional rule "table4_losses_cumulative" (RULING R-067): the 50%
	 * and 75% rows both apply (-6) instead of the 75% row alone */
	int losses_cumulative;
};

/* Current morale [4.2]: base_ml plus the Table 4 factors of s and the
 * charisma bonus, each a term with its cite, into *out. Out of command
 * (or a mob) the commander's CB does not apply (RULING R-071). */
void bs1e_morale_current(int base_ml, const struct bs1e_morale_situation *s,
			 struct bs_deriv *out);

/* The Table 4 loss rows (bits) of a unit that lost `lost` of `original`
 * figures: at least 50% / at least 75%. */
unsigned bs1e_morale_loss_rows(int original, int lost);

/* [4.3] roll 2d10 (the dice go to src->record when it has one). */
int bs1e_roll_2d10(struct bs_dice_source *src);

/* [4.3] a check passes when the 2d10 total is at most the current morale. */
int bs1e_morale_passes(int current_ml, int roll_2d10);

/* [4.5] the effect of a check. */
enum bs1e_morale_effect {
	BS1E_MORALE_HOLDS,   /* passed: no adverse effect */
	BS1E_MORALE_TO_OPEN, /* closed formation breaks into open */
	BS1E_MORALE_ROUTS,   /* open, skirmish or mob: routs [7.15] */
	BS1E_MORALE_NO_ROUT, /* failed, but never checks morale [4.1] */
	BS1E_MORALE__COUNT
};
extern const char *const bs1e_morale_effect_text[BS1E_MORALE__COUNT];
extern const char *const bs1e_morale_effect_cite[BS1E_MORALE__COUNT];

enum bs1e_morale_effect bs1e_morale_effect(enum bs_formation f, int passed,
					   int never_checks_morale);

/* One cause of a morale check [4.4]: an attack (its losses) or the end of
 * a Melee Phase (contacts). */
struct bs1e_morale_event {
	int original;	 /* the unit's original figures */
	int lost_before; /* figures lost before this attack */
	int lost_after;	 /* figures lost after it */
	int by_magic;	 /* the attack was magic [4.4 T5] */
	int commander_killed;
	/* end of a Melee Phase [4.4 T5], [13.3], [13.5] */
	int end_contact_undead_or_drainer;
	int end_contact_unharmable;
	int other_rule; /* another rule or the scenario demands a check */
};

/* What is due. */
struct bs1e_morale_due {
	int checks;	  /* morale checks to make now: 0, 1 or 2 */
	unsigned reasons; /* bit (1u << enum bs1e_t5) per Table 5 row met */
	unsigned t4;	  /* Table 4 rows the cause itself brings (magic,
			     commander killed, level drainer contact) */
};

/* [4.4] Table 5: which conditions this cause meets, and how many checks:
 * an attack meeting any number of conditions is one check; the end-of-
 * phase contacts are one check each (RULING R-072). */
void bs1e_morale_checks_due(const struct bs1e_morale_event *e,
			    struct bs1e_morale_due *out);

/* ---- [4.6] discipline ------------------------------------------------------
 */

/* The unit facts Table 7 looks at. */
struct bs1e_discipline_unit {
	int chaotic;
	int low_int; /* Low or lower intelligence */
	int mob_or_berserker;
};

/* 1 when the Table 7 situation `reason` requires this unit to check. */
int bs1e_discipline_due(enum bs1e_t7 reason,
			const struct bs1e_discipline_unit *u);

/* [4.6] a discipline check: DL 0 always fails; otherwise 2d10 at most DL
 * passes (RULING R-070: the dice of a morale check). */
int bs1e_discipline_passes(int dl, int roll_2d10);

#endif
