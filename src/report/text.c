/* The human text log of a battle: one line per event (event.h), for a
 * referee: the round and phase headers [1.0], then each order, move, die
 * roll and derived number (bs_deriv_text) with the rule it comes from:
 * initiative [5.1], rally [6.x], movement [7.x], contact [7.8], melee
 * [8.3]-[8.7], morale and discipline [4.2]-[4.6], rout [7.15], fate
 * [9.1 T11], the end of the battle. (The sink that writes the log is
 * sink.c; the helpers the reporters share are common.c.) */
#include "battlesim/report.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_tables.h"
#include "battlesim/bs2e.h"
#include "battlesim/controller.h"
#include "battlesim/spell.h"
#include "battlesim/tabletop.h"
#include "report/report_int.h"

static const char *const level_title[BS_LEVEL__COUNT] = {
    [BS_LEVEL_BASIC] = "Basic Game",
    [BS_LEVEL_INTERMEDIATE] = "Intermediate Game",
    [BS_LEVEL_ADVANCED] = "Advanced Game",
};
static const char *const rules_title[BS_RULES__COUNT] = {
    [BS_RULES_BS1E] = "1E BATTLESYSTEM",
    [BS_RULES_BS2E] = "2E BATTLESYSTEM",
    [BS_RULES_MATRIX] = "matrix card system",
};

/* ---- a string builder -----------------------------------------------------
 */

struct sb {
	char *buf;
	size_t len, used;
};

__attribute__((format(printf, 2, 3))) static void put(struct sb *b,
						      const char *fmt, ...)
{
	if (b->used >= b->len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(b->buf + b->used, b->len - b->used, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->used += (size_t)n;
	if (b->used >= b->len)
		b->used = b->len - 1;
}

static const char *str(const char *s)
{
	return s ? s : "";
}

/* " [7.14]" or nothing. */
static void put_cite(struct sb *b, const char *cite)
{
	if (cite && *cite)
		put(b, " %s", cite);
}

/* The event's cite, unless its text (already printed) contains it. */
static void put_ev_cite(struct sb *b, const struct bs_event *ev)
{
	if (ev->cite && ev->what && strstr(ev->what, ev->cite))
		return;
	put_cite(b, ev->cite);
}

/* The controller's reason, when it gave one (issue 14). */
static void put_why(struct sb *b, const struct bs_event *ev)
{
	if (ev->why && *ev->why)
		put(b, "; reason: %s", ev->why);
}

static void put_tenths(struct sb *b, int t)
{
	char tmp[24];
	put(b, "%s", bs_tenths_text(t, tmp, sizeof tmp));
}

static void put_side(struct sb *b, const struct bs_scenario *sc, int s)
{
	const char *n = bs_report_side_name(sc, s);
	if (n)
		put(b, "%s", n);
	else
		put(b, "side %d", s);
}

static void put_unit(struct sb *b, const struct bs_scenario *sc, int s, int u)
{
	const char *n = bs_report_unit_name(sc, s, u);
	if (n)
		put(b, "%s", n);
	else
		put(b, "side %d unit %d", s, u);
}

static void put_indiv(struct sb *b, const struct bs_scenario *sc, int s, int i)
{
	const char *n = bs_report_indiv_name(sc, s, i);
	if (n)
		put(b, "%s", n);
	else
		put(b, "side %d individual %d", s, i);
}

/* The actor: the unit, else the individual, else the side. */
static void put_actor(struct sb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	if (ev->unit >= 0)
		put_unit(b, sc, ev->side, ev->unit);
	else if (ev->indiv >= 0)
		put_indiv(b, sc, ev->side, ev->indiv);
	else if (ev->side >= 0)
		put_side(b, sc, ev->side);
	else
		put(b, "-");
}

static void put_target(struct sb *b, const struct bs_scenario *sc,
		       const struct bs_event *ev)
{
	if (ev->tunit >= 0)
		put_unit(b, sc, ev->tside, ev->tunit);
	else if (ev->tindiv >= 0)
		put_indiv(b, sc, ev->tside, ev->tindiv);
	else
		put_side(b, sc, ev->tside);
}

/* "(33, 31.5) facing 180" */
static void put_place(struct sb *b, double x, double y, double f)
{
	put(b, "(");
	put_tenths(b, bs_report_tenths(x));
	put(b, ", ");
	put_tenths(b, bs_report_tenths(y));
	put(b, ") facing ");
	put_tenths(b, bs_report_facing_tenths(f));
}

/* "2d6 (4+3)", "d10 (7)"; nothing without dice. */
static void put_dice_list(struct sb *b, const struct bs_event *ev)
{
	int n = ev->ndice < BS_EV_MAX_DICE ? ev->ndice : BS_EV_MAX_DICE;
	if (n <= 0)
		return;
	if (n > 1)
		put(b, "%d", n);
	put(b, "d%d (", ev->die_sides);
	for (int i = 0; i < n; i++)
		put(b, "%s%d", i ? "+" : "", ev->dice[i]);
	put(b, ")");
}

/* "2d6 (4+3) = 7", "d10 = 7"; nothing without dice. */
static void put_dice(struct sb *b, const struct bs_event *ev)
{
	if (ev->ndice <= 0)
		return;
	if (ev->ndice == 1) {
		put(b, "d%d = %d", ev->die_sides, ev->dice[0]);
		return;
	}
	put_dice_list(b, ev);
	put(b, " = %d", bs_report_dice_sum(ev));
}

static void put_deriv(struct sb *b, const struct bs_deriv *d, const char *name,
		      int tenths)
{
	char tmp[BS_REPORT_LINE_MAX];
	put(b, "%s", bs_deriv_text(d, name, tenths, tmp, sizeof tmp));
}

/* "2d10 (7+9) = 16 > 11: fails" for a check against `target`. */
static void put_check(struct sb *b, const struct bs_event *ev, int target,
		      const char *pass_word, const char *fail_word)
{
	int sum = bs_report_dice_sum(ev);
	put_dice(b, ev);
	if (ev->ndice > 0)
		put(b, " %s %d: ", sum <= target ? "<=" : ">", target);
	put(b, "%s", ev->n[0] ? pass_word : fail_word);
}

/* ---- one line per event type ---------------------------------------------
 */

static void text_battle_start(struct sb *b, const struct bs_scenario *sc,
			      const struct bs_event *ev)
{
	put(b, "Battle: %s", str(ev->what));
	/* the Basic / Intermediate / Advanced Game is 1E's alone */
	if (sc && sc->rules == BS_RULES_BS1E &&
	    bs_report_in((int)sc->level, BS_LEVEL__COUNT))
		put(b, " (%s, %s)", rules_title[sc->rules],
		    level_title[sc->level]);
	else if (sc && bs_report_in((int)sc->rules, BS_RULES__COUNT))
		put(b, " (%s)", rules_title[sc->rules]);
	put(b, ", seed %d", ev->n[0]);
	int ns = sc ? sc->nsides : ev->n[1];
	for (int s = 0; s < ns && s < BS_MAX_SIDES; s++) {
		put(b, "%s", s ? " vs " : ": ");
		put_side(b, sc, s);
		if (sc && bs_report_in((int)sc->sides[s].edge, BS_EDGE__COUNT))
			put(b, " (%s edge)", bs_edge_name[sc->sides[s].edge]);
	}
	put_ev_cite(b, ev);
}

static void text_deploy(struct sb *b, const struct bs_scenario *sc,
			const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	put(b, " (");
	put_side(b, sc, ev->side);
	put(b, ")");
	if (ev->unit >= 0) {
		put(b, ": %d figures, %d files", ev->n[0], ev->n[1]);
		if (bs_report_in(ev->n[2], BS_FORM__COUNT))
			put(b, ", %s formation", bs_formation_name[ev->n[2]]);
		put(b, ", front centre ");
	} else {
		put(b, " at ");
	}
	put_place(b, ev->x1, ev->y1, ev->f1);
	/* the Intermediate Game: a figure with hit points [9.4] */
	if (ev->unit < 0 && ev->n[0] > 0)
		put(b, ", %d hp", ev->n[0]);
	put_ev_cite(b, ev);
}

static void text_initiative(struct sb *b, const struct bs_scenario *sc,
			    const struct bs_event *ev)
{
	put(b, "Initiative %s:", ev->cite ? ev->cite : "[5.1]");
	int ns = sc ? sc->nsides : 0;
	int n = ev->ndice < BS_EV_MAX_DICE ? ev->ndice : BS_EV_MAX_DICE;
	int rr = ev->n[1];
	/* one die per side, then the rerolls: named by side when every side
	 * rerolled (two sides), else listed (the tied sides of three) */
	int named = ns > 0 && n >= ns ? ns : 0;
	int grouped =
	    named && rr >= 0 && rr < BS_EV_MAX_DICE && n == ns * (1 + rr);
	for (int i = 0; i < n; i++) {
		if (i < named || grouped) {
			int s = i % ns;
			if (s == 0 && i > 0)
				put(b, " (tie, reroll);");
			put(b, "%s ", s ? "," : "");
			put_side(b, sc, s);
			put(b, " d%d=%d", ev->die_sides, ev->dice[i]);
		} else {
			put(b, "%s d%d=%d",
			    i == named ? " (tie, rerolls:" : ",", ev->die_sides,
			    ev->dice[i]);
			if (i == n - 1)
				put(b, ")");
		}
	}
	put(b, " -> Side A: ");
	put_side(b, sc, ev->n[0]);
	/* [1.1] more than two sides: Side B, C... in order */
	for (int k = 1; ns > 2 && k < ns && 2 + k < BS_EV_MAX_N; k++) {
		put(b, ", Side %c: ", 'A' + k);
		put_side(b, sc, ev->n[2 + k]);
	}
}

static void text_order(struct sb *b, const struct bs_scenario *sc,
		       const struct bs_event *ev)
{
	if (ev->indiv >= 0 && ev->unit >= 0) {
		put_indiv(b, sc, ev->side, ev->indiv);
		put(b, " orders ");
		put_unit(b, sc, ev->side, ev->unit);
		put(b, ": %s", str(ev->what));
	} else {
		put_actor(b, sc, ev);
		put(b, ": order %s", str(ev->what));
	}
	if (ev->tside >= 0) {
		put(b, " -> ");
		put_target(b, sc, ev);
	}
	put_ev_cite(b, ev);
	put_why(b, ev);
}

static void text_move(struct sb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	put(b, " %s", ev->what ? ev->what : "moves");
	if (ev->tside >= 0) {
		put(b, " -> ");
		put_target(b, sc, ev);
	}
	/* n[0] this primitive's cost, n[2] the MV used so far this phase */
	put(b, ": ");
	put_tenths(b, ev->n[0]);
	put(b, "\" (MV used ");
	put_tenths(b, ev->n[2] > 0 ? ev->n[2] : ev->n[0]);
	put(b, "\" of ");
	put_tenths(b, ev->n[1]);
	put(b, "\"");
	if (ev->has_deriv) {
		/* the MV allowed in whole inches, or in tenths */
		int tenths = ev->deriv.value * 10 != ev->n[1];
		put(b, ": ");
		put_deriv(b, &ev->deriv, "MV", tenths);
	}
	put(b, ")");
	put(b, ", ");
	put_place(b, ev->x0, ev->y0, ev->f0);
	put(b, " -> ");
	put_place(b, ev->x1, ev->y1, ev->f1);
	put_ev_cite(b, ev);
}

static void text_formation(struct sb *b, const struct bs_scenario *sc,
			   const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	int f0 = ev->n[0], f1 = ev->n[1];
	int form = f0 != f1 && bs_report_in(f0, BS_FORM__COUNT) &&
		   bs_report_in(f1, BS_FORM__COUNT);
	if (form)
		put(b, " formation %s -> %s", bs_formation_name[f0],
		    bs_formation_name[f1]);
	if (ev->n[2] != ev->n[3])
		put(b, "%s frontage %d -> %d files", form ? "," : "", ev->n[2],
		    ev->n[3]);
	if (!form && ev->n[2] == ev->n[3]) {
		put(b, " formation");
		if (bs_report_in(f1, BS_FORM__COUNT))
			put(b, " %s", bs_formation_name[f1]);
		put(b, ", %d files", ev->n[3]);
	}
	if (ev->n[4] > 0) {
		put(b, " (");
		put_tenths(b, ev->n[4]);
		put(b, "\" MV)");
	}
	if (ev->n[5])
		put(b, ", cramped (bases still touching)");
	if (ev->what && *ev->what)
		put(b, ": %s", ev->what);
	put_ev_cite(b, ev);
}

static void text_contact(struct sb *b, const struct bs_scenario *sc,
			 const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	put(b, " contacts ");
	put_target(b, sc, ev);
	/* its own edge to the target's arc: "front to flank" */
	if (ev->what && *ev->what && bs_report_in(ev->n[0], BS_ARC__COUNT))
		put(b, ", %s to %s", bs_arc_name[ev->n[0]], ev->what);
	else if (ev->what && *ev->what)
		put(b, " (%s)", ev->what);
	if (ev->n[1] > 0 || ev->n[2] > 0)
		put(b, ": %d figure%s against %d", ev->n[1],
		    ev->n[1] == 1 ? "" : "s", ev->n[2]);
	put_ev_cite(b, ev);
}

static void text_discipline(struct sb *b, const struct bs_scenario *sc,
			    const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	put(b, " discipline");
	if (bs_report_in(ev->n[1], BS1E_T7__COUNT))
		put(b, " (%s)", bs_report_t7_label[ev->n[1]]);
	put(b, ": ");
	if (ev->has_deriv) {
		put_deriv(b, &ev->deriv, "DL", 0);
		put(b, "; ");
	}
	put_check(b, ev, ev->deriv.value, "passes", "fails");
	if (ev->what && *ev->what)
		put(b, " -> %s", ev->what);
	put_ev_cite(b, ev);
}

static void text_morale(struct sb *b, const struct bs_scenario *sc,
			const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	put(b, " morale");
	int first = 1;
	for (int i = 0; i < BS1E_T5__COUNT; i++)
		if ((unsigned)ev->n[1] >> i & 1u) {
			put(b, "%s%s", first ? " (" : ", ",
			    bs_report_t5_label[i]);
			first = 0;
		}
	if (!first)
		put(b, ")");
	put(b, ": ");
	if (ev->has_deriv) {
		put_deriv(b, &ev->deriv, "ML", 0);
		put(b, "; ");
	}
	put_check(b, ev, ev->deriv.value, "passes", "fails");
	if (ev->what && *ev->what)
		put(b, " -> %s", ev->what);
	put_ev_cite(b, ev);
}

static void text_rally(struct sb *b, const struct bs_scenario *sc,
		       const struct bs_event *ev)
{
	int mob = ev->what && *ev->what && strcmp(ev->what, "rally") != 0;
	if (ev->indiv >= 0)
		put_indiv(b, sc, ev->side, ev->indiv);
	else
		put_side(b, sc, ev->side);
	if (mob) {
		put(b, " orders ");
		put_unit(b, sc, ev->side, ev->unit);
		put(b, " to %s: ", ev->what);
	} else {
		put(b, " rallies ");
		put_unit(b, sc, ev->side, ev->unit);
		put(b, ": ");
	}
	if (ev->has_deriv) {
		put_deriv(b, &ev->deriv, "ML", 0);
		put(b, "; ");
	}
	put_check(b, ev, ev->deriv.value, mob ? "order given" : "rallied",
		  "fails");
	put_ev_cite(b, ev);
}

static void text_command(struct sb *b, const struct bs_scenario *sc,
			 const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	put(b, " %s", ev->n[0] ? "in command" : "out of command");
	if (ev->indiv >= 0 && ev->unit >= 0) {
		put(b, " (");
		put_indiv(b, sc, ev->side, ev->indiv);
		put(b, ")");
	}
	if (ev->what && *ev->what)
		put(b, ": %s", ev->what);
	put_ev_cite(b, ev);
}

/* [8.4] the numbers of an attack or a volley: ": N figures, AR ...; AR a
 * - AC c + dice = roll on COLUMN: x HD x N = y HD -> k killed, w wounded"
 * (n[0] figures, n[1] AC, n[2] roll, n[3] and n[4] tenths, n[5] and n[6]
 * the losses). */
static void put_attack_numbers(struct sb *b, const struct bs_event *ev, int ar)
{
	put(b, ": %d figure%s, ", ev->n[0], ev->n[0] == 1 ? "" : "s");
	if (ev->has_deriv)
		put_deriv(b, &ev->deriv, "AR", 0);
	else
		put(b, "AR %d", ar);
	put(b, "; AR %d - AC %d + ", ar, ev->n[1]);
	if (ev->ndice > 0)
		put_dice_list(b, ev);
	else
		put(b, "2d6");
	put(b, " = %d", ev->n[2]);
	put(b, " on %s: ", ev->what && *ev->what ? ev->what : "the CRT");
	put_tenths(b, ev->n[3]);
	put(b, " HD x %d = ", ev->n[0]);
	put_tenths(b, ev->n[4]);
	put(b, " HD -> %d killed, %d wounded", ev->n[5], ev->n[6]);
}

/* [8.4 A-E] one attack: AR with its Table 10 terms, AR - AC + 2d6, the CRT
 * column, HD x figures, and the casualties it causes. RULING R-160 [8.0]:
 * "killed" here; the figures come off in the LOSSES line at the end of
 * the phase. */
static void text_attack(struct sb *b, const struct bs_scenario *sc,
			const struct bs_event *ev)
{
	int sum = bs_report_dice_sum(ev);
	int ar = ev->has_deriv ? ev->deriv.value : ev->n[2] + ev->n[1] - sum;
	put_actor(b, sc, ev);
	put(b, " attacks ");
	put_target(b, sc, ev);
	if (bs_report_in(ev->n[7], BS_ARC__COUNT))
		put(b, " (%s)", bs_arc_name[ev->n[7]]);
	put_attack_numbers(b, ev, ar);
	const char *cite = ev->cite ? ev->cite : "[8.4]";
	put_cite(b, cite);
	if (!strstr(cite, "8.7"))
		put(b, " [8.7]");
}

/* [11.6] [11.7] a special formation declared, given up or broken:
 * "Pikes set spears (front, rear) declared (10\" MV) [11.7]". */
static const char *const special_text[BS_SPECIAL__COUNT] = {
    [BS_SPECIAL_NONE] = "no special formation",
    [BS_SPECIAL_SHIELD_WALL] = "shield wall",
    [BS_SPECIAL_SHIELD_SQUARE] = "shield wall (circle or square)",
    [BS_SPECIAL_SET_SPEARS] = "set spears",
};

static void text_special(struct sb *b, const struct bs_scenario *sc,
			 const struct bs_event *ev)
{
	int from = ev->n[0], to = ev->n[1];
	int shown = bs_report_in(to, BS_SPECIAL__COUNT) && to != 0 ? to : from;
	put_actor(b, sc, ev);
	put(b, " %s",
	    bs_report_in(shown, BS_SPECIAL__COUNT) ? special_text[shown] : "?");
	if (shown == BS_SPECIAL_SET_SPEARS && ev->n[2]) {
		char sides[64];
		put(b, " (%s)",
		    bs_report_sides_text((unsigned)ev->n[2], sides,
					 sizeof sides));
	}
	put(b, " %s", str(ev->what));
	if (ev->n[3] > 0) {
		put(b, " (");
		put_tenths(b, ev->n[3]);
		put(b, "\" MV)");
	}
	put_ev_cite(b, ev);
}

/* [10.0] [8.4] a volley of missiles or an artillery shot (issue 14). */
static void text_volley(struct sb *b, const struct bs_scenario *sc,
			const struct bs_event *ev)
{
	static const char *const band[3] = {"short", "medium", "long"};
	int sum = bs_report_dice_sum(ev);
	int ar = ev->has_deriv ? ev->deriv.value : ev->n[2] + ev->n[1] - sum;
	int k = ev->n[8];
	put_actor(b, sc, ev);
	put(b, " fires at ");
	put_target(b, sc, ev);
	put(b, " (%s",
	    bs_report_in(k, BS_FIRE__COUNT) ? bs_fire_kind_name[k] : "fire");
	put(b, ", range ");
	put_tenths(b, ev->n[10]);
	put(b, "\" %s)", bs_report_in(ev->n[9], 3) ? band[ev->n[9]] : "?");
	put_attack_numbers(b, ev, ar);
	put(b, " of the %d figure%s seen", ev->n[7], ev->n[7] == 1 ? "" : "s");
	if (k == BS_FIRE_PASS_THROUGH) {
		put(b, "; ");
		put_target(b, sc, ev);
		put(b, " at (%.1f, %.1f) facing %.0f, ", ev->x1, ev->y1,
		    ev->f1);
		put_tenths(b, bs_report_tenths(ev->f0));
		/* RULING R-606: whose move, when not the target's */
		int ms, mi, mk;
		bs_ev_mover_decode(ev->n[12], &ms, &mi, &mk);
		const char *mn = ms < 0 || ms >= sc->nsides ? NULL
				 : mk ? bs_report_indiv_name(sc, ms, mi)
				      : bs_report_unit_name(sc, ms, mi);
		if (mn && *mn) {
			size_t l = strlen(mn);
			put(b, "\" into %s%s move", mn,
			    mn[l - 1] == 's' ? "'" : "'s");
		} else {
			put(b, "\" into its move");
		}
	}
	/* [14.7] RULING R-736 */
	if (ev->n[13] > 0)
		put(b, "; hasted: double damage (RULING R-736)");
	else if (ev->n[13] < 0)
		put(b, "; slowed: half attacks (RULING R-736)");
	if (ev->n[11] >= 0)
		put(b, "; %d volley%s left", ev->n[11],
		    ev->n[11] == 1 ? "" : "s");
	put_cite(b, ev->cite ? ev->cite : "[10.0]");
	put(b, " [8.4]");
	put_why(b, ev);
}

/* [8.4 G] [8.7] losses removed at the end of the phase (RULING R-160). */
static void text_losses(struct sb *b, const struct bs_scenario *sc,
			const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	put(b, " loses %d figure%s", ev->n[0], ev->n[0] == 1 ? "" : "s");
	if (ev->n[4] > 0)
		put(b, " (%d by a second wound)", ev->n[4]);
	put(b, ", %d wound%s placed -> %d left, %d wounded", ev->n[1],
	    ev->n[1] == 1 ? "" : "s", ev->n[2], ev->n[3]);
	if (ev->what && *ev->what)
		put(b, " (%s)", ev->what);
	put_ev_cite(b, ev);
}

static void text_rout(struct sb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	put(b, " %s: ", ev->what ? ev->what : "routs");
	put_tenths(b, ev->n[0]);
	if (ev->n[1] > 0) {
		put(b, "\" of ");
		put_tenths(b, ev->n[1]);
	}
	put(b, "\", ");
	put_place(b, ev->x0, ev->y0, ev->f0);
	put(b, " -> ");
	put_place(b, ev->x1, ev->y1, ev->f1);
	put_ev_cite(b, ev);
}

static void text_removed(struct sb *b, const struct bs_scenario *sc,
			 const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	put(b, " removed from play");
	if (ev->what && *ev->what)
		put(b, ": %s", ev->what);
	put_ev_cite(b, ev);
}

static void text_fate(struct sb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	put_actor(b, sc, ev);
	put(b, " fate: ");
	put_dice(b, ev);
	if (bs_report_in(ev->n[0], BS1E_FATE__COUNT))
		put(b, " -> %s", bs1e_table11[ev->n[0]].fate);
	put_cite(b, ev->cite ? ev->cite : "[9.1 T11]");
}

static void text_note(struct sb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	if (ev->side >= 0 || ev->unit >= 0 || ev->indiv >= 0) {
		put_actor(b, sc, ev);
		put(b, ": ");
	}
	put(b, "%s", str(ev->what));
	if (ev->tside >= 0) {
		put(b, " (");
		put_target(b, sc, ev);
		put(b, ")");
	}
	if (ev->has_deriv) {
		put(b, "; ");
		put_deriv(b, &ev->deriv, NULL, 0);
	}
	if (ev->ndice > 0) {
		put(b, "; ");
		put_dice(b, ev);
	}
	put_ev_cite(b, ev);
	put_why(b, ev);
}

/* ---- heroes and commanders (issue 15) ------------------------------------
 */

static const char *const role_word[BS_ROLE__COUNT] = {
    [BS_ROLE_COMMANDER] = "commander",
    [BS_ROLE_HERO] = "hero",
    [BS_ROLE_MEMBER] = "member",
};

/* [9.0] [9.3] a change of role. */
static void text_role(struct sb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	put_indiv(b, sc, ev->side, ev->indiv);
	switch (ev->n[0]) {
	case BS_RA_HERO:
		put(b, " becomes a hero");
		break;
	case BS_RA_MEMBER:
		put(b, " joins ");
		put_unit(b, sc, ev->side, ev->unit);
		break;
	case BS_RA_COMMAND:
		put(b, " takes command of ");
		put_unit(b, sc, ev->side, ev->unit);
		break;
	case BS_RA_TAKE_OVER:
		put(b, " takes over for ");
		put_indiv(b, sc, ev->tside, ev->tindiv);
		if (ev->unit >= 0) {
			put(b, " (");
			put_unit(b, sc, ev->side, ev->unit);
			put(b, ")");
		}
		break;
	default:
		put(b, " changes role");
		break;
	}
	put(b, ": now %s",
	    bs_report_in(ev->n[1], BS_ROLE__COUNT) ? role_word[ev->n[1]] : "?");
	if (bs_report_in(ev->n[2], BS_RANK__COUNT) && ev->n[2] != BS_RANK_NONE)
		put(b, ", rank %s", bs_rank_name[ev->n[2]]);
	if (ev->what && *ev->what)
		put(b, " (%s)", ev->what);
	put_ev_cite(b, ev);
}

/* An individual's order, with the controller's reason. */
static void text_indiv_order(struct sb *b, const struct bs_scenario *sc,
			     const struct bs_event *ev)
{
	put_indiv(b, sc, ev->side, ev->indiv);
	if (ev->n[0] == 0) {
		put(b, ": stays");
	} else {
		put(b, ": goes to (");
		put_tenths(b, bs_report_tenths(ev->x1));
		put(b, ", ");
		put_tenths(b, bs_report_tenths(ev->y1));
		put(b, ")");
	}
	if (ev->n[0] > 1)
		put(b, " by %d legs", ev->n[0]);
	if (ev->tside >= 0) {
		put(b, " for ");
		put_target(b, sc, ev);
	}
	if (ev->what && *ev->what)
		put(b, ": %s", ev->what);
	put_ev_cite(b, ev);
}

/* [5.2] individual initiative of one AD&D melee round. */
static void text_indiv_init(struct sb *b, const struct bs_scenario *sc,
			    const struct bs_event *ev)
{
	put_indiv(b, sc, ev->side, ev->indiv);
	put(b, " (melee round %d of 3) individual initiative d6 = %d against ",
	    ev->n[0], ev->ndice > 0 ? ev->dice[0] : 0);
	put_target(b, sc, ev);
	if (ev->n[1] > 0)
		put(b, ", weapon speed %d", ev->n[1]);
	put_ev_cite(b, ev);
}

/* RULING R-549: a hero's shot in the Initial Missile Phase or as
 * pass-through fire says so ("initial, ", "pass-through, "); one of the
 * Missile and Magic Phase says nothing. */
static void put_shot_kind(struct sb *b, const struct bs_event *ev)
{
	int k = ev->n[11];
	if (k != BS_FIRE_PHASE && bs_report_in(k, BS_FIRE__COUNT))
		put(b, "%s, ", bs_fire_kind_name[k]);
}

/* [9.4 B] one AD&D attack. */
static void text_duel(struct sb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	static const char *const band[3] = {"short", "medium", "long"};
	put_indiv(b, sc, ev->side, ev->indiv);
	if (ev->n[8]) { /* [9.4 B] [10.0] a shot (RULING R-527) */
		put(b, " (shot %d, ", ev->n[0]);
		put_shot_kind(b, ev);
		put(b, "%s range ",
		    band[ev->n[9] >= 0 && ev->n[9] < 3 ? ev->n[9] : 0]);
		put_tenths(b, ev->n[10]);
		put(b, "\") shoots at ");
	} else {
		put(b, " (melee round %d", ev->n[0]);
		if (ev->n[5] > 1)
			put(b, ", attack %d", ev->n[5]);
		put(b, ") strikes at ");
	}
	put_target(b, sc, ev);
	if (ev->what && *ev->what)
		put(b, " with %s", ev->what);
	if (ev->n[7]) /* RULING R-677: no d20 at a helpless figure */
		put(b, ": no d20, an automatic hit (he is %s)",
		    ev->n[7] == 2 ? "asleep" : "held");
	else {
		put(b, ": d20 = %d, needs ", ev->ndice > 0 ? ev->dice[0] : 0);
		if (ev->has_deriv)
			put_deriv(b, &ev->deriv, NULL, 0);
		else
			put(b, "%d", ev->n[1]);
	}
	if (ev->n[2])
		put(b, " -> hit, %d hp (%d hp left)", ev->n[3], ev->n[4]);
	else
		put(b, " -> miss");
	put_ev_cite(b, ev);
}

/* [9.4 A] a hero against a figure. */
static void text_hero_attack(struct sb *b, const struct bs_scenario *sc,
			     const struct bs_event *ev)
{
	int sum = bs_report_dice_sum(ev);
	int ar = ev->has_deriv ? ev->deriv.value : ev->n[2] + ev->n[1] - sum;
	static const char *const band[3] = {"short", "medium", "long"};
	put_indiv(b, sc, ev->side, ev->indiv);
	if (ev->n[8]) { /* [9.4 A] [10.0] a shot (RULING R-528) */
		put(b, " shoots at a figure of ");
		put_target(b, sc, ev);
		put(b, " (");
		put_shot_kind(b, ev);
		put(b, "%s range ",
		    band[ev->n[9] >= 0 && ev->n[9] < 3 ? ev->n[9] : 0]);
		put_tenths(b, ev->n[10]);
		put(b, "\")");
	} else {
		put(b, " attacks a figure of ");
		put_target(b, sc, ev);
	}
	put(b, ": ");
	if (ev->has_deriv)
		put_deriv(b, &ev->deriv, "AR", 0);
	else
		put(b, "AR %d", ar);
	put(b, "; AR %d - AC %d", ar, ev->n[1]);
	if (ev->n[12]) /* RULING R-677 */
		put(b, " (he is %s: AC 10)",
		    ev->n[12] == 2 ? "asleep" : "held");
	put(b, " + ");
	put_dice_list(b, ev);
	put(b, " = %d on %s: ", ev->n[2], str(ev->what));
	put_tenths(b, ev->n[3]);
	put(b, " HD");
	if (ev->n[0] != 10) {
		put(b, " x ");
		put_tenths(b, ev->n[0]);
		put(b, " attacks = ");
		put_tenths(b, ev->n[4]);
		put(b, " HD");
	}
	if (ev->n[7])
		put(b,
		    ", he affects every creature of a figure -> %d killed, "
		    "%d wounded",
		    ev->n[5], ev->n[6]);
	else if (ev->n[6])
		put(b, " -> a wound (1/2 of a figure's HD or more)");
	else
		put(b, " -> no effect (less than 1/2 of a figure's HD)");
	put_ev_cite(b, ev);
}

/* [9.4 A] figures against a hero. */
static void text_figure_attack(struct sb *b, const struct bs_scenario *sc,
			       const struct bs_event *ev)
{
	int sum = bs_report_dice_sum(ev);
	int ar = ev->has_deriv ? ev->deriv.value : ev->n[2] + ev->n[1] - sum;
	static const char *const band[3] = {"short", "medium", "long"};
	put_actor(b, sc, ev);
	if (ev->n[8]) { /* [9.4 A] [10.0] a volley (RULING R-670) */
		put(b, " shoots at ");
		put_target(b, sc, ev);
		put(b, " with %d figure%s (", ev->n[0],
		    ev->n[0] == 1 ? "" : "s");
		put_shot_kind(b, ev);
		put(b, "%s range ",
		    band[ev->n[9] >= 0 && ev->n[9] < 3 ? ev->n[9] : 0]);
		put_tenths(b, ev->n[10]);
		put(b, "\"): ");
	} else {
		put(b, " attacks ");
		put_target(b, sc, ev);
		put(b, " with %d figure%s%s: ", ev->n[0],
		    ev->n[0] == 1 ? "" : "s", ev->n[6] ? " from behind" : "");
	}
	if (ev->has_deriv)
		put_deriv(b, &ev->deriv, "AR", 0);
	else
		put(b, "AR %d", ar);
	put(b, "; AR %d - AC %d + ", ar, ev->n[1]);
	put_dice_list(b, ev);
	put(b, " = %d on %s: ", ev->n[2], str(ev->what));
	put_tenths(b, ev->n[4]);
	put(b, " HD x 4 = %d hp", ev->n[5]);
	/* [14.7] RULING R-706: the firers' haste or slow */
	if (ev->n[8] && ev->n[13] > 0)
		put(b, "; hasted: double damage (RULING R-706)");
	else if (ev->n[8] && ev->n[13] < 0)
		put(b, "; slowed: half attacks (RULING R-706)");
	put_ev_cite(b, ev);
}

/* Hit points taken, or death. */
static void text_hp(struct sb *b, const struct bs_scenario *sc,
		    const struct bs_event *ev)
{
	put_indiv(b, sc, ev->side, ev->indiv);
	if (ev->n[3])
		put(b, " is killed (%d of %d hp)", ev->n[1], ev->n[2]);
	else
		put(b, " loses %d hp -> %d of %d hp", ev->n[0], ev->n[1],
		    ev->n[2]);
	if (ev->what && *ev->what)
		put(b, ": %s", ev->what);
	put_ev_cite(b, ev);
}

/* issue 16 [1.5 A] [14.1]-[14.5]: a spell cast, and what it does to a
 * unit's figures or to an individual. */
/* "; N saves (save ...) need X on the d20: dice -> S saved, F failed" of
 * a CAST event's figures, nothing when no save was rolled. */
static void put_fig_saves(struct sb *b, const struct bs_event *ev, int saves,
			  int need, int saved)
{
	if (saves <= 0)
		return;
	put(b, "; %d save%s ", saves, saves == 1 ? "" : "s");
	if (ev->has_deriv) {
		put(b, "(");
		put_deriv(b, &ev->deriv, "save", 0);
		put(b, ") ");
	}
	put(b, "need %d on the d20", need);
	if (ev->ndice > 0) {
		put(b, ": ");
		put_dice_list(b, ev);
	}
	put(b, " -> %d saved, %d failed", saved, saves - saved);
}

/* A spell's effect placed (n[0] 3) or ended (4), issue 16 [14.6] [14.9]. */
static void text_effect(struct sb *b, const struct bs_event *ev)
{
	const int *n = ev->n;
	const char *mk = bs_report_in(n[9], BS1E_MARKER__COUNT) && n[9]
			     ? bs1e_marker_name[n[9]]
			     : NULL;
	if (n[0] == 4) {
		put(b, " ends after %d Game Round%s: %d free", n[10],
		    n[10] == 1 ? "" : "s", n[7]);
		if (mk)
			put(b, " (%s marker removed)", mk);
		put_ev_cite(b, ev);
		put_why(b, ev); /* [14.6 B] a sleep woken (RULING R-629) */
		return;
	}
	if (n[2] > 0)
		put(b, ": %d creature%s", n[2], n[2] == 1 ? "" : "s");
	put(b, "%s%d figure%s struck", n[2] > 0 ? ", " : ": ", n[3],
	    n[3] == 1 ? "" : "s");
	put_fig_saves(b, ev, n[5], n[4], n[6]);
	if (n[1] == BS_SPFX_BONUS || n[1] == BS_SPFX_PENALTY)
		put(b, ": %d enchanted", n[7]); /* [14.7] */
	else if (n[1] == BS_SPFX_SLEEP)
		put(b, ": %d asleep", n[7]);
	else if (n[1] == BS_SPFX_CHARM || n[1] == BS_SPFX_MASS_CHARM)
		put(b, ": %d charmed", n[7]); /* [14.6 A] RULING R-463 */
	else if (n[1] == BS_SPFX_INVISIBLE)
		put(b, ": %d invisible", n[7]); /* [14.8] RULING R-631 */
	else if (n[1] == BS_SPFX_SEE_INVISIBLE)
		put(b, ": %d sees the invisible", n[7]); /* RULING R-702 */
	else if (n[1] == BS_SPFX_STUN)
		put(b, ": %d stunned", n[7]); /* [14.9] RULING R-658 */
	else if (n[1] == BS_SPFX_PARALYSIS)
		put(b, ": %d paralyzed", n[7]); /* [14.6 B] RULING R-656 */
	else if (n[1] != BS_SPFX_ROUT)
		put(b, ": %d held", n[7]);
	else if (n[5] == 0)
		put(b, ": %d failed", n[7]);
	if (mk)
		put(b, " (%s marker)", mk);
	if (n[8] > 0)
		put(b, " for %d Game Round%s", n[8], n[8] == 1 ? "" : "s");
	put_ev_cite(b, ev);
	put_why(b, ev);
}

static void text_cast(struct sb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	const int *n = ev->n;
	/* [13.7] a breath weapon's cast: his hit points, breaths left */
	const struct bs_spell *rec =
	    ev->what ? bs_scenario_spell(sc, ev->what, -1) : NULL;
	int breath = rec && rec->kind == BS_MAGIC_BREATH;
	int item = rec && bs_spell_is_item(rec);
	/* [14.2] RULING R-718: a spell of more than one Game Round begins,
	 * or is disrupted while under way */
	if (n[0] == 6 || n[0] == 7) {
		put_indiv(b, sc, ev->side, ev->indiv);
		if (n[0] == 6)
			put(b, " begins casting %s (caster level %d) at ",
			    str(ev->what), n[3]);
		else
			put(b, " loses %s, begun in Game Round %d, at ",
			    str(ev->what), n[1]);
		put_target(b, sc, ev);
		if (n[0] == 6)
			put(b, ": %d Game Rounds, goes off in Game Round %d",
			    n[1], n[2]);
		else
			put(b, ": disrupted, spent");
		put_ev_cite(b, ev);
		put_why(b, ev);
		return;
	}
	if (n[0] == 0) {
		/* RULING R-645: a unit's breath names the unit */
		if (ev->indiv < 0 && ev->unit >= 0)
			put_unit(b, sc, ev->side, ev->unit);
		else
			put_indiv(b, sc, ev->side, ev->indiv);
		if (breath)
			put(b, " breathes %s (%d hp) at ", str(ev->what), n[2]);
		else if (item) /* [14.20] RULING R-681 */
			put(b, " uses %s (%s, caster level %d) at ",
			    str(ev->what), bs_magic_kind_name[rec->kind], n[2]);
		else
			put(b,
			    " casts %s (spell level %d, caster level %d) at ",
			    str(ev->what), n[1], n[2]);
		put_target(b, sc, ev);
		put(b, ": range ");
		put_tenths(b, n[3]);
		put(b, "\" of ");
		put_tenths(b, n[4]);
		put(b, "\"");
		if (n[9]) {
			put(b, ": fails and is spent");
		} else if (n[5] > 0 && n[5] < BS_AREA__COUNT) {
			put(b, "; %s ", bs_area_shape_name[n[5]]);
			if (n[5] == BS_AREA_CIRCLE)
				put(b, "radius %.2f\"", n[6] / 100.0);
			else
				put(b, "%.2f\" x %.2f\"", n[6] / 100.0,
				    n[7] / 100.0);
			put(b, " at (%.1f, %.1f)", ev->x1, ev->y1);
			if (n[5] != BS_AREA_CIRCLE)
				put(b, " toward %.0f", ev->f1);
			/* issue 16: a hold or a fear does no damage */
			if (n[8] > 0) {
				put(b, "; ");
				put_tenths(b, n[8]);
				put(b, " HD per creature");
			}
		}
		if (breath)
			put(b, "; %d breath%s left today", n[10],
			    n[10] == 1 ? "" : "s");
		else if (item)
			put(b, "; %d charge%s left, %d spell%s in all", n[12],
			    n[12] == 1 ? "" : "s", n[11],
			    n[11] == 1 ? "" : "s");
		else
			put(b, "; %d left of it, %d spell%s in all", n[10],
			    n[11], n[11] == 1 ? "" : "s");
		/* [14.1] [10.6] RULING R-335: cast as pass-through fire */
		if (n[13] == 2) {
			/* [10.5] RULING R-637: split-fire on his own way */
			put(b, "; split-fire, ");
			put_tenths(b, n[14]);
			put(b, "\" into his move");
		} else if (n[13]) {
			int ms, mi, mk;
			bs_ev_mover_decode(n[15], &ms, &mi, &mk);
			put(b, "; pass-through, ");
			put_tenths(b, n[14]);
			put(b, "\" into ");
			if (ms >= 0 && ms < sc->nsides &&
			    mi < (mk ? sc->sides[ms].nindividuals
				     : sc->sides[ms].nunits))
				put(b, "%s's",
				    str(mk ? sc->sides[ms].individuals[mi].name
					   : sc->sides[ms].units[mi].name));
			else
				put(b, "the");
			put(b, " move");
		}
		put_ev_cite(b, ev);
		put_why(b, ev);
		return;
	}
	if (n[0] == 8) {
		/* [14.1] RULING: a spell pre-cast */
		put_indiv(b, sc, ev->side, ev->indiv);
		put(b, " pre-casts %s (caster level %d) on ", str(ev->what),
		    n[8]);
		put_target(b, sc, ev);
		put(b,
		    " before the battle (no range, sight or touch), %d of "
		    "%d: casting time %d Game Round%s, %d of pre-casting in "
		    "all deducted",
		    n[6], n[7], n[1], n[1] == 1 ? "" : "s", n[2]);
		if (n[3] < 0)
			put(b, ": its duration is not in Game Rounds, nothing "
			       "is taken from it");
		else if (n[5])
			put(b,
			    ": duration %d - %d: over before the battle "
			    "begins, spent, it never appears",
			    n[3], n[2]);
		else
			put(b, ": duration %d - %d = %d Game Round%s left",
			    n[3], n[2], n[4], n[4] == 1 ? "" : "s");
		put_ev_cite(b, ev);
		return;
	}
	/* [13.4] RULING R-714: a creature's paralysis (no caster) */
	if ((n[0] == 3 || n[0] == 4) && n[11] == 1)
		put(b, "  %s's paralysis on ", str(ev->what));
	else
		put(b, "  %s on ", str(ev->what));
	put_target(b, sc, ev);
	if (n[0] == 3 || n[0] == 4) {
		text_effect(b, ev);
		return;
	}
	if (n[0] == 5) {
		/* [3.1] [14.1] magic resistance (RULING R-646) */
		if (n[6] == 1 || n[6] == 2) /* RULING R-530 */
			put(b, ", the %s", n[6] == 1 ? "riders" : "steeds");
		put(b,
		    ": magic resistance %d%% (%d%% against caster level %d): ",
		    n[4], n[3], n[5]);
		put_dice_list(b, ev);
		put(b, " -> %d unaffected", n[2]);
		put_ev_cite(b, ev);
		return;
	}
	if (n[0] == 2) {
		put(b, ": %d hp rolled", n[1]);
		if (n[2]) {
			put(b, ", save d20 = %d, needs %d", n[2], n[7]);
			if (ev->has_deriv) {
				put(b, " (");
				put_deriv(b, &ev->deriv, "save", 0);
				put(b, ")");
			}
			put(b, " -> %s", n[3] ? "saved" : "failed");
		}
		put(b, ": %d hp taken%s, %d left%s", n[4],
		    n[8] ? " (halved: he resists it, RULING R-735)" : "", n[5],
		    n[6] ? ", killed" : "");
		put_ev_cite(b, ev);
		return;
	}
	if (n[12] == 1 || n[12] == 2) /* RULING R-530 [11.1] */
		put(b, ", the %s", n[12] == 1 ? "riders" : "steeds");
	/* [14.7] RULING R-739: warded figures, a step of their own */
	if (n[13] & 3)
		put(b, ", the figures %s%s%s",
		    n[13] & 1 ? "resisting (half HD)" : "",
		    (n[13] & 3) == 3 ? " and " : "",
		    n[13] & 2 ? "warded against evil" : "");
	put(b, ": %d figure%s in the area (%d wholly), ", n[1],
	    n[1] == 1 ? "" : "s", n[10]);
	put_tenths(b, n[2]);
	put(b, " HD per creature x %d = ", n[11]);
	put_tenths(b, n[3]);
	put(b, " HD per whole figure");
	if (n[9] >= 0 && n[9] < BS1E_STRIKE__COUNT)
		put(b, ", struck from the %s", bs1e_strike_name[n[9]]);
	put_fig_saves(b, ev, n[5], n[4], n[6]);
	put(b, ": %d removed, %d wounded", n[7], n[8]);
	put_ev_cite(b, ev);
}

/* [9.1] captured at the end of the battle. */
static void text_capture(struct sb *b, const struct bs_scenario *sc,
			 const struct bs_event *ev)
{
	put_indiv(b, sc, ev->side, ev->indiv);
	if (bs_report_in(ev->n[0], BS1E_FATE__COUNT))
		put(b, " (%s)", bs1e_table11[ev->n[0]].fate);
	put(b, " is captured by ");
	put_side(b, sc, ev->tside);
	put(b, " where he fell at (");
	put_tenths(b, bs_report_tenths(ev->x1));
	put(b, ", ");
	put_tenths(b, bs_report_tenths(ev->y1));
	put(b, ")");
	if (ev->what && *ev->what)
		put(b, ": %s", ev->what);
	put_ev_cite(b, ev);
}

/* [14.19] a cleric's attempt to turn undead (issue 16). */
static void text_turn(struct sb *b, const struct bs_scenario *sc,
		      const struct bs_event *ev)
{
	const int *n = ev->n;
	put_indiv(b, sc, ev->side, ev->indiv);
	put(b, " turns undead at ");
	put_target(b, sc, ev);
	put(b, ": %s vs level %d, matrix %s", ev->what ? ev->what : "undead",
	    n[1], bs1e_turn_cell_text(n[2]));
	if (ev->ndice > 0)
		put(b, ", d20 = %d", ev->dice[0]);
	else
		put(b, " (no roll)");
	if (!n[3]) {
		put(b, ": fails");
	} else {
		/* [14.19] RULING R-585: n[11] 1 in an evil cleric's service,
		 * 2 turned back out of an enemy's */
		put(b, ": %s; d%d", n[6] ? "destroyed" : "turned", n[9]);
		if (n[10])
			put(b, "+%d", n[10]);
		put(b, " (%d) = %d undead = %d figure%s %s of %d", n[8], n[4],
		    n[5], n[5] == 1 ? "" : "s",
		    n[11] == 2 ? "turned back to his side"
		    : n[11]    ? "in his service"
		    : n[6]     ? "destroyed"
			       : "routed",
		    n[7]);
	}
	put_ev_cite(b, ev);
	put_why(b, ev);
}

static void text_end(struct sb *b, const struct bs_scenario *sc,
		     const struct bs_event *ev)
{
	put(b, "Battle over after %d round%s: ", ev->n[1],
	    ev->n[1] == 1 ? "" : "s");
	if (ev->n[0] >= 0) {
		put_side(b, sc, ev->n[0]);
		put(b, " wins");
	} else {
		put(b, "draw");
	}
	if (ev->what && *ev->what)
		put(b, " (%s)", ev->what);
	put_ev_cite(b, ev);
}

char *bs_report_text(const struct bs_scenario *sc, const struct bs_event *ev,
		     char *buf, size_t len)
{
	struct sb b = {buf, len, 0};
	if (len == 0)
		return buf;
	buf[0] = '\0';
	switch (ev->type) {
	case BS_EV_BATTLE_START:
		text_battle_start(&b, sc, ev);
		goto one_line;
	case BS_EV_ROUND:
		put(&b, "=== Round %d ===", ev->n[0] ? ev->n[0] : ev->round);
		goto one_line;
	case BS_EV_PHASE: {
		int p = (int)ev->phase;
		const char *cite = ev->cite;
		if (bs_report_in(p, BS_PHASE__COUNT)) {
			put(&b, "-- %s", bs_report_phase_title[p]);
			if (!cite)
				cite = bs_report_phase_cite[p];
		} else {
			put(&b, "-- phase %d", p);
		}
		put_cite(&b, cite);
		put(&b, " --");
		goto one_line;
	}
	case BS_EV_END:
		text_end(&b, sc, ev);
		goto one_line;
	default:
		break;
	}
	put(&b, "  ");
	switch (ev->type) {
	case BS_EV_DEPLOY:
		text_deploy(&b, sc, ev);
		break;
	case BS_EV_INITIATIVE:
		text_initiative(&b, sc, ev);
		break;
	case BS_EV_ORDER:
		text_order(&b, sc, ev);
		break;
	case BS_EV_REJECTED:
		put_actor(&b, sc, ev);
		put(&b, ": order rejected: %s", str(ev->what));
		put_ev_cite(&b, ev);
		break;
	case BS_EV_OVERRIDE: /* referee mode (issue 17) */
		if (ev->unit >= 0) {
			put_actor(&b, sc, ev);
			put(&b, ": ");
		}
		put(&b, "%s", str(ev->what));
		put_ev_cite(&b, ev);
		break;
	case BS_EV_MOVE:
		text_move(&b, sc, ev);
		break;
	case BS_EV_FORMATION:
		text_formation(&b, sc, ev);
		break;
	case BS_EV_SPECIAL:
		text_special(&b, sc, ev);
		break;
	case BS_EV_CONTACT:
		text_contact(&b, sc, ev);
		break;
	case BS_EV_DISCIPLINE:
		text_discipline(&b, sc, ev);
		break;
	case BS_EV_MORALE:
		text_morale(&b, sc, ev);
		break;
	case BS_EV_RALLY:
		text_rally(&b, sc, ev);
		break;
	case BS_EV_COMMAND:
		text_command(&b, sc, ev);
		break;
	case BS_EV_ATTACK:
		text_attack(&b, sc, ev);
		break;
	case BS_EV_VOLLEY: /* issue 14 */
		text_volley(&b, sc, ev);
		break;
	case BS_EV_CAST: /* issue 16 */
		text_cast(&b, sc, ev);
		break;
	case BS_EV_LOSSES:
		text_losses(&b, sc, ev);
		break;
	case BS_EV_ROUT:
		text_rout(&b, sc, ev);
		break;
	case BS_EV_REMOVED:
		text_removed(&b, sc, ev);
		break;
	case BS_EV_FATE:
		text_fate(&b, sc, ev);
		break;
	/* 1E heroes and commanders (issue 15) */
	case BS_EV_ROLE:
		text_role(&b, sc, ev);
		break;
	case BS_EV_INDIV_ORDER:
		text_indiv_order(&b, sc, ev);
		break;
	case BS_EV_INDIV_INIT:
		text_indiv_init(&b, sc, ev);
		break;
	case BS_EV_DUEL:
		text_duel(&b, sc, ev);
		break;
	case BS_EV_HERO_ATTACK:
		text_hero_attack(&b, sc, ev);
		break;
	case BS_EV_FIGURE_ATTACK:
		text_figure_attack(&b, sc, ev);
		break;
	case BS_EV_HP:
		text_hp(&b, sc, ev);
		break;
	case BS_EV_CAPTURE:
		text_capture(&b, sc, ev);
		break;
	case BS_EV_TURN: /* [14.19] (issue 16) */
		text_turn(&b, sc, ev);
		break;
	/* 2E (issue 5): src/report/text_bs2e.c */
	case BS_EV_BS2E_ATTACK:
	case BS_EV_BS2E_ARMOR:
	case BS_EV_BS2E_HITS:
	case BS_EV_BS2E_MORALE: {
		char tmp[BS_REPORT_LINE_MAX];
		put(&b, "%s", bs2e_report_text(sc, ev, tmp, sizeof tmp));
		break;
	}
	/* matrix (issue 6): src/report/text_matrix.c */
	case BS_EV_MX_GRID:
	case BS_EV_MX_MOVE:
	case BS_EV_MX_ENGAGE:
	case BS_EV_MX_ATTACK:
	case BS_EV_MX_DAMAGE: {
		char tmp[BS_REPORT_LINE_MAX];
		put(&b, "%s", bs_report_text_matrix(sc, ev, tmp, sizeof tmp));
		break;
	}
	case BS_EV_NOTE:
	default:
		text_note(&b, sc, ev);
		break;
	}
one_line:
	/* one line: a newline in a label would break the log's shape */
	for (char *p = buf; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	return buf;
}
