/* 1E morale and discipline: current morale [4.2] (Table 4 with the
 * charisma bonus [4.9]), the 2d10 check [4.3], when to check [4.4] (Table
 * 5, one attack one check), the effect [4.5], discipline [4.6] (Table 7). */
#include <string.h>

#include "battlesim/bs1e_morale.h"

/* Short labels for the derivation terms (the printed rows are long). */
static const char *const t4_short[BS1E_T4__COUNT] = {
    [BS1E_T4_LOST_50] = "at least 50% lost",
    [BS1E_T4_LOST_75] = "at least 75% lost",
    [BS1E_T4_ENEMY_IN_REAR] = "enemy in contact with the rear",
    [BS1E_T4_OUT_OF_COMMAND] = "out of command",
    [BS1E_T4_REMOVED_BY_MAGIC] = "figure removed by magic",
    [BS1E_T4_COMMANDER_KILLED] = "commander killed",
    [BS1E_T4_CHARGE_FAILED] = "charged and failed to reach contact",
    [BS1E_T4_LEVEL_DRAIN_OR_UNHARMABLE] = "level drainer/unharmable contact",
    [BS1E_T4_CLOSED_FORMATION] = "closed formation",
    [BS1E_T4_MOB_SUPPORTED] = "mob with infantry behind",
};

static int has(unsigned mask, int row)
{
	return (mask & (1u << row)) != 0;
}

void bs1e_morale_current(int base_ml, const struct bs1e_morale_situation *s,
			 struct bs_deriv *out)
{
	unsigned t4 = s->t4;
	bs_deriv_init(out, base_ml, NULL, "[4.1]", "[4.2 T4]");
	/* [4.7] "A mob always suffers Out of Command penalties". */
	if (s->mob)
		t4 |= 1u << BS1E_T4_OUT_OF_COMMAND;
	/* Table 4: out of command "does not apply to skirmish units". */
	if (s->skirmish_unit)
		t4 &= ~(1u << BS1E_T4_OUT_OF_COMMAND);
	/* RULING R-067 (gap 30): the 75% row replaces the 50% row: -4,
	 * not -6, unless the optional rule table4_losses_cumulative: then
	 * both apply, since a unit that lost 75% has lost 50% too. */
	if (has(t4, BS1E_T4_LOST_75)) {
		if (s->losses_cumulative)
			t4 |= 1u << BS1E_T4_LOST_50;
		else
			t4 &= ~(1u << BS1E_T4_LOST_50);
	}
	for (int i = 0; i < BS1E_T4__COUNT; i++) {
		if (!has(t4, i))
			continue;
		bs_deriv_add(out, bs1e_table4[i].mod, bs1e_table4[i].cite,
			     "%s%s", t4_short[i],
			     i == BS1E_T4_OUT_OF_COMMAND && s->mob
				 ? " (a mob always)"
				 : "");
	}
	/* [4.9] the commander's charisma bonus. RULING R-071 [4.7]: a unit
	 * out of command (a mob always) does not get it. [2.9] a skirmish
	 * unit "does not receive the benefits for being In Command": its
	 * commander may only rally it (RULING R-371: no CB, not even on the
	 * rally check). */
	if (s->cb != 0) {
		if (s->skirmish_unit)
			bs_deriv_add(out, 0, "[2.9]",
				     "CB %+d: none for a skirmish unit", s->cb);
		else if (has(t4, BS1E_T4_OUT_OF_COMMAND))
			bs_deriv_add(out, 0, "[4.7]",
				     "CB %+d lost: out of command", s->cb);
		else
			bs_deriv_add(out, s->cb, "[4.9 T8]", "commander CB");
	}
}

unsigned bs1e_morale_loss_rows(int original, int lost)
{
	unsigned m = 0;
	if (original <= 0 || lost <= 0)
		return 0;
	/* Table 4: "At least 50%" / "At least 75% of unit has been lost". */
	if (2 * lost >= original)
		m |= 1u << BS1E_T4_LOST_50;
	if (4 * lost >= 3 * original)
		m |= 1u << BS1E_T4_LOST_75;
	return m;
}

int bs1e_roll_2d10(struct bs_dice_source *src)
{
	/* [4.3] "rolls 2d10". */
	return bs_roll_n(src, 2, 10);
}

int bs1e_morale_passes(int current_ml, int roll_2d10)
{
	/* [4.3] "equal to or less than the current morale ... successful". */
	return roll_2d10 <= current_ml;
}

const char *const bs1e_morale_effect_text[BS1E_MORALE__COUNT] = {
    [BS1E_MORALE_HOLDS] = "no adverse effect",
    [BS1E_MORALE_TO_OPEN] = "the unit breaks into open formation (it does "
			    "not move; frontage may shrink, never grow)",
    [BS1E_MORALE_ROUTS] = "the unit routs: it moves away from the enemy its "
			  "MV + 1/3 MV and ends with its back to the enemy",
    [BS1E_MORALE_NO_ROUT] = "the unit never checks morale and cannot rout",
};

const char *const bs1e_morale_effect_cite[BS1E_MORALE__COUNT] = {
    [BS1E_MORALE_HOLDS] = "[4.5]",
    [BS1E_MORALE_TO_OPEN] = "[4.5]",
    [BS1E_MORALE_ROUTS] = "[4.5] [7.15]",
    [BS1E_MORALE_NO_ROUT] = "[4.1]",
};

enum bs1e_morale_effect bs1e_morale_effect(enum bs_formation f, int passed,
					   int never_checks_morale)
{
	if (passed)
		return BS1E_MORALE_HOLDS;
	/* [4.1] "Units that never check morale ... cannot Rout." */
	if (never_checks_morale)
		return BS1E_MORALE_NO_ROUT;
	/* [4.5] closed breaks into open; open, skirmish or mob routs. */
	if (f == BS_FORM_CLOSED)
		return BS1E_MORALE_TO_OPEN;
	return BS1E_MORALE_ROUTS;
}

void bs1e_morale_checks_due(const struct bs1e_morale_event *e,
			    struct bs1e_morale_due *out)
{
	memset(out, 0, sizeof *out);
	int orig = e->original, before = e->lost_before, after = e->lost_after;
	int lost_now = after > before;
	if (orig > 0 && lost_now) {
		/* Table 5: "Immediately after the unit has lost 25% / 50% of
		 * its original figures": this attack crossed the mark. */
		if (4 * before < orig && 4 * after >= orig)
			out->reasons |= 1u << BS1E_T5_LOST_25;
		if (2 * before < orig && 2 * after >= orig)
			out->reasons |= 1u << BS1E_T5_LOST_50;
		/* "Each time a figure is lost ... after that unit has lost
		 * 50% of its original figures." */
		if (2 * before >= orig)
			out->reasons |= 1u << BS1E_T5_LOSS_AFTER_50;
	}
	if (e->by_magic && lost_now) {
		out->reasons |= 1u << BS1E_T5_REMOVED_BY_MAGIC;
		out->t4 |= 1u << BS1E_T4_REMOVED_BY_MAGIC;
	}
	if (e->commander_killed) {
		out->reasons |= 1u << BS1E_T5_COMMANDER_KILLED;
		out->t4 |= 1u << BS1E_T4_COMMANDER_KILLED;
	}
	if (e->other_rule)
		out->reasons |= 1u << BS1E_T5_OTHER_RULE;
	/* [4.4] "One attack that fulfills two or more conditions requires
	 * only one Morale Check." */
	out->checks = out->reasons != 0;
	/* End of a Melee Phase: Table 5, [13.3], [13.5]; one check each
	 * (RULING R-072), with the Table 4 -3 (RULING R-068). */
	if (e->end_contact_undead_or_drainer)
		out->reasons |= 1u << BS1E_T5_UNDEAD_OR_DRAINER_CONTACT;
	if (e->end_contact_unharmable)
		out->reasons |= 1u << BS1E_T5_UNHARMABLE_CONTACT;
	int contact = e->end_contact_undead_or_drainer != 0;
	contact += e->end_contact_unharmable != 0;
	if (contact)
		out->t4 |= 1u << BS1E_T4_LEVEL_DRAIN_OR_UNHARMABLE;
	out->checks += contact;
}

int bs1e_discipline_due(enum bs1e_t7 reason,
			const struct bs1e_discipline_unit *u)
{
	switch (reason) {
	case BS1E_T7_HATED_OPPONENT:
		/* Table 7: any unit that sees a hated opponent. */
		return 1;
	case BS1E_T7_ENEMY_WITHDRAWS:
	case BS1E_T7_CLOSED_CHARGE:
		/* Table 7: "of chaotic alignment or low intelligence". */
		return u->chaotic || u->low_int;
	case BS1E_T7_MOB_OR_BERSERKER_SEES_ENEMY:
		return u->mob_or_berserker;
	default:
		return 0;
	}
}

int bs1e_discipline_passes(int dl, int roll_2d10)
{
	/* [4.6] "a discipline rating of 0 ... the check automatically
	 * fails". RULING R-070 (gap 31): otherwise 2d10 at most DL passes,
	 * as a morale check [4.3]. */
	if (dl <= 0)
		return 0;
	return roll_2d10 <= dl;
}
