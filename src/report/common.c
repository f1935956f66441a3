/* The helpers the reporters share (report_int.h): short labels of the
 * Table 5 and Table 7 reasons [4.4] [4.6] and keys of the Table 11 fates
 * [9.1], the phase titles and cases of [1.0], names of sides, units and
 * individuals from the read-only scenario, numbers in tenths [2.1], the
 * flags of a JSON Lines line. The one file that text.c, jsonl.c,
 * summary.c, the 2E and matrix lines and the HTML pages share, so that no
 * reporter depends on another's helpers. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/report.h"
#include "report/report_int.h"

/* [4.4] Table 5, as short labels for "morale (lost 25%)". */
const char *const bs_report_t5_label[BS1E_T5__COUNT] = {
    [BS1E_T5_LOST_25] = "lost 25%",
    [BS1E_T5_LOST_50] = "lost 50%",
    [BS1E_T5_LOSS_AFTER_50] = "loss after 50%",
    [BS1E_T5_REMOVED_BY_MAGIC] = "figure removed by magic",
    [BS1E_T5_COMMANDER_KILLED] = "commander killed",
    [BS1E_T5_UNDEAD_OR_DRAINER_CONTACT] = "contact with undead or drainer",
    [BS1E_T5_UNHARMABLE_CONTACT] = "touching a creature it cannot harm",
    [BS1E_T5_SKIRMISHER_FRIEND_ROUTS] = "friendly unit routs",
    [BS1E_T5_OTHER_RULE] = "another rule",
};
const char *const bs_report_t5_key[BS1E_T5__COUNT] = {
    [BS1E_T5_LOST_25] = "lost_25",
    [BS1E_T5_LOST_50] = "lost_50",
    [BS1E_T5_LOSS_AFTER_50] = "loss_after_50",
    [BS1E_T5_REMOVED_BY_MAGIC] = "removed_by_magic",
    [BS1E_T5_COMMANDER_KILLED] = "commander_killed",
    [BS1E_T5_UNDEAD_OR_DRAINER_CONTACT] = "undead_or_drainer_contact",
    [BS1E_T5_UNHARMABLE_CONTACT] = "unharmable_contact",
    [BS1E_T5_SKIRMISHER_FRIEND_ROUTS] = "skirmisher_friend_routs",
    [BS1E_T5_OTHER_RULE] = "other_rule",
};

/* [4.6] Table 7, as short labels. */
const char *const bs_report_t7_label[BS1E_T7__COUNT] = {
    [BS1E_T7_HATED_OPPONENT] = "sees a hated opponent in charge range",
    [BS1E_T7_ENEMY_WITHDRAWS] = "enemy withdrew or fled",
    [BS1E_T7_CLOSED_CHARGE] = "ordered to charge in closed formation",
    [BS1E_T7_MOB_OR_BERSERKER_SEES_ENEMY] = "sees an enemy in charge range",
};
const char *const bs_report_t7_key[BS1E_T7__COUNT] = {
    [BS1E_T7_HATED_OPPONENT] = "hated_opponent",
    [BS1E_T7_ENEMY_WITHDRAWS] = "enemy_withdraws",
    [BS1E_T7_CLOSED_CHARGE] = "closed_charge",
    [BS1E_T7_MOB_OR_BERSERKER_SEES_ENEMY] = "mob_or_berserker_sees_enemy",
};

/* [9.1] Table 11. */
const char *const bs_report_fate_key[BS1E_FATE__COUNT] = {
    [BS1E_FATE_KILLED_BODY_LOST] = "killed_body_lost",
    [BS1E_FATE_KILLED_BODY_ON_FIELD] = "killed_body_on_field",
    [BS1E_FATE_BADLY_WOUNDED] = "badly_wounded",
    [BS1E_FATE_UNCONSCIOUS] = "unconscious",
};

/* [1.0] the phases as the book titles them, and their cases. */
const char *const bs_report_phase_title[BS_PHASE__COUNT] = {
    [BS_PHASE_SETUP] = "Set-up",
    [BS_PHASE_INITIATIVE] = "Initiative Phase",
    [BS_PHASE_INITIAL_MISSILE] = "Initial Missile Phase",
    [BS_PHASE_RALLY] = "Rally Phase",
    [BS_PHASE_MOVEMENT] = "Movement Phase",
    [BS_PHASE_MISSILE_MAGIC] = "Missile and Magic Phase",
    [BS_PHASE_MELEE] = "Melee Phase",
    [BS_PHASE_END] = "End of Game Round Phase",
    /* 2E (issue 5) */
    [BS_PHASE_BS2E_CHARGES] = "Charge declaration",
    [BS_PHASE_BS2E_MOVE_FIRST] = "First movement",
    [BS_PHASE_BS2E_MOVE_SECOND] = "Second movement",
    [BS_PHASE_BS2E_MAGIC] = "Magic",
    [BS_PHASE_BS2E_MISSILE] = "Missile fire",
    /* matrix (issue 6) */
    [BS_PHASE_MX_ENGAGEMENT] = "Engagement",
    [BS_PHASE_MX_ATTACK] = "Attack Phase (winner)",
    [BS_PHASE_MX_SCOUTS] = "Scouts",
    [BS_PHASE_MX_COUNTER] = "Counterattack (loser)",
    [BS_PHASE_MX_ASSESS] = "Damage assessed",
};
const char *const bs_report_edge_name[4] = {"front", "left", "rear", "right"};

char *bs_report_sides_text(unsigned sides, char *buf, size_t len)
{
	size_t k = 0;
	if (len == 0)
		return buf;
	buf[0] = 0;
	if ((sides & 0xfu) == 0xfu) {
		snprintf(buf, len, "all sides");
		return buf;
	}
	for (int e = 0; e < 4; e++) {
		if (!(sides & (1u << e)) || k + 1 >= len)
			continue;
		int w = snprintf(buf + k, len - k, "%s%s", k ? ", " : "",
				 bs_report_edge_name[e]);
		if (w < 0)
			break;
		k += (size_t)w < len - k ? (size_t)w : len - k - 1;
	}
	return buf;
}

const char *const bs_report_phase_cite[BS_PHASE__COUNT] = {
    [BS_PHASE_SETUP] = "[3.4]",
    [BS_PHASE_INITIATIVE] = "[1.1]",
    [BS_PHASE_INITIAL_MISSILE] = "[1.2]",
    [BS_PHASE_RALLY] = "[1.3]",
    [BS_PHASE_MOVEMENT] = "[1.4]",
    [BS_PHASE_MISSILE_MAGIC] = "[1.5]",
    [BS_PHASE_MELEE] = "[1.6]",
    [BS_PHASE_END] = "[1.7]",
    /* 2E (issue 5) */
    [BS_PHASE_BS2E_CHARGES] = "RULING R-202",
    [BS_PHASE_BS2E_MOVE_FIRST] = "RULING R-202",
    [BS_PHASE_BS2E_MOVE_SECOND] = "RULING R-202",
    [BS_PHASE_BS2E_MAGIC] = "RULING R-202",
    [BS_PHASE_BS2E_MISSILE] = "RULING R-202",
    /* matrix (issue 6) */
    [BS_PHASE_MX_ENGAGEMENT] = "[M3.3]",
    [BS_PHASE_MX_ATTACK] = "[M3.4]",
    [BS_PHASE_MX_SCOUTS] = "[M3.5]",
    [BS_PHASE_MX_COUNTER] = "[M3.6]",
    [BS_PHASE_MX_ASSESS] = "[M3.7]",
};

const char *bs_report_side_name(const struct bs_scenario *sc, int s)
{
	if (!sc || s < 0 || s >= sc->nsides)
		return NULL;
	return sc->sides[s].name;
}

const char *bs_report_unit_name(const struct bs_scenario *sc, int s, int u)
{
	if (!bs_report_side_name(sc, s) || u < 0 || u >= sc->sides[s].nunits)
		return NULL;
	return sc->sides[s].units[u].name;
}

const char *bs_report_indiv_name(const struct bs_scenario *sc, int s, int i)
{
	if (!bs_report_side_name(sc, s) || i < 0 ||
	    i >= sc->sides[s].nindividuals)
		return NULL;
	return sc->sides[s].individuals[i].name;
}

/* RULING R-161 [2.1] distances, positions and facings print to a tenth
 * of an inch (one yard), rounded half away from zero; -0 is 0. */
int bs_report_tenths(double x)
{
	if (!isfinite(x))
		return 0;
	if (x > 1e8)
		x = 1e8;
	if (x < -1e8)
		x = -1e8;
	return (int)lround(x * 10.0);
}

int bs_report_facing_tenths(double f)
{
	int t = bs_report_tenths(f) % 3600;
	return t < 0 ? t + 3600 : t;
}

int bs_report_dice_sum(const struct bs_event *ev)
{
	int s = 0;
	for (int i = 0; i < ev->ndice && i < BS_EV_MAX_DICE; i++)
		s += ev->dice[i];
	return s;
}

/* 15 significant digits (DBL_DIG): a real of at most 15 digits prints as
 * itself, shortest; see bs_report_json_pretty_flags */
#define JSON_DIGITS JSON_REAL_PRECISION(15)

size_t bs_report_json_flags(void)
{
	return JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_DIGITS;
}

size_t bs_report_json_pretty_flags(void)
{
	return JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_DIGITS;
}
