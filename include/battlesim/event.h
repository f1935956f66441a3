/* The event stream of a battle: what happened, with every die rolled and
 * every modifier with its cite. The text log, JSON Lines and the battle
 * map are renderings of these events (src/report/); rules code only emits
 * them, and with no sink (simulation) builds none. */
#ifndef BATTLESIM_EVENT_H
#define BATTLESIM_EVENT_H

#include "battlesim/deriv.h"

/* The phases of a Game Round [1.0]; the Basic Game uses INITIATIVE, RALLY,
 * MOVEMENT, MELEE and END (Part 2 preamble). SETUP is before round 1. */
enum bs_phase {
	BS_PHASE_SETUP,
	BS_PHASE_INITIATIVE,	  /* [1.1] [5.1] */
	BS_PHASE_INITIAL_MISSILE, /* [1.2] */
	BS_PHASE_RALLY,		  /* [1.3] [6.0] */
	BS_PHASE_MOVEMENT,	  /* [1.4] [7.0] */
	BS_PHASE_MISSILE_MAGIC,	  /* [1.5] */
	BS_PHASE_MELEE,		  /* [1.6] [8.0] */
	BS_PHASE_END,		  /* [1.7] */
	/* 2E (issue 5): the 2E sequence of play (RULING R-202); 2E also
	 * uses INITIATIVE, MELEE, RALLY and END */
	BS_PHASE_BS2E_CHARGES,	   /* declare charges */
	BS_PHASE_BS2E_MOVE_FIRST,  /* first movement */
	BS_PHASE_BS2E_MOVE_SECOND, /* second movement */
	BS_PHASE_BS2E_MAGIC,	   /* magic */
	BS_PHASE_BS2E_MISSILE,	   /* missile fire (after melee) */
	/* matrix (issue 6): the battle phase of the matrix card system
	 * [M3.3]-[M3.7] (docs/MATRIX.md); it also uses INITIATIVE [M3.1]
	 * and MOVEMENT [M3.2] */
	BS_PHASE_MX_ENGAGEMENT, /* [M3.3] */
	BS_PHASE_MX_ATTACK,	/* [M3.4] the winner's attack */
	BS_PHASE_MX_SCOUTS,	/* [M3.5] */
	BS_PHASE_MX_COUNTER,	/* [M3.6] the loser's counterattack */
	BS_PHASE_MX_ASSESS,	/* [M3.7] damage assessed, morale */
	BS_PHASE__COUNT
};
extern const char *const bs_phase_name[BS_PHASE__COUNT];

/* Event types, and what each sets (besides type, round, phase). Sides and
 * units are indexes (unit within its side); "deriv" is the number in
 * question with its terms and cites; "dice" the dice rolled for it, in
 * order, all of die_sides faces. docs/EVENTS.md is the user's copy.
 *
 * BATTLE_START  what = scenario name; n[0] = seed (low 31 bits);
 *               n[1] = number of sides; cite "[3.4]".
 * DEPLOY        side, unit (or indiv: independent individuals only);
 *               x1,y1 = front centre (position of an individual), f1 =
 *               facing; n[0] = figures, n[1] = files, n[2] = enum
 *               bs_formation (units); cite "[3.4]" ("[9.2]").
 * ROUND         n[0] = round number; cite "[1.0]".
 * PHASE         phase = the phase beginning; cite = its [1.x] case.
 * INITIATIVE    dice = d6 (or d20) per side in side order, then the
 *               rerolls of the tied sides in side order; n[0] = Side A;
 *               n[1] = rerolls (rounds of rerolling); n[2..] = the sides
 *               in initiative order (Side A, B, C...); cite "[5.1]".
 * ORDER         side, unit; what = the order's name (bs_order_name);
 *               tside, tunit = the target of a charge (of a split-fire
 *               shot [10.5]); n[0] = enum bs_order_kind; n[1] = steps;
 *               why = the controller's reason (issue 14, NULL none);
 *               cite = its rule. Emitted for every accepted order but
 *               HOLD (a HOLD with a reason is emitted too).
 * REJECTED      side, unit (or indiv: a rally attempt's commander or an
 *               individual's move; unit -1 when not known); what = why;
 *               cite = the rule that forbids it.
 * MOVE          side, unit (or indiv); what = the primitive ("advance",
 *               "wheel", "turn", "face", "charge", "forced march",
 *               "withdraw", "follow", "flee", "close the door");
 *               x0,y0,f0 -> x1,y1,f1; n[0] = MV this primitive cost in
 *               tenths of an inch; n[1] = MV allowed, tenths; n[2] = MV
 *               spent so far this phase, tenths; cite = the rule.
 * FORMATION     side, unit; n[0] = old enum bs_formation, n[1] = new;
 *               n[2] = old files, n[3] = new files; n[4] = MV it cost,
 *               tenths (0 when involuntary); n[5] = 1 when the unit is
 *               "cramped": open formation with its bases still touching
 *               for want of room (RULING R-106; its block is then the
 *               closed one), 0 otherwise; what = why ("frontage",
 *               "formation change", "wrap-around", the cause of an
 *               involuntary change, or "spreads out ..." when a cramped
 *               unit finds room, n[0] = n[1] = open); cite.
 * CONTACT       side, unit touches tside, tunit; what = the arc of the
 *               target touched ("front", "flank", "rear"); n[0] = enum
 *               bs_arc of the mover's own edge; n[1] = the mover's
 *               figures in contact, n[2] = the target's; cite "[7.8]".
 * DISCIPLINE    side, unit; deriv = DL; dice = 2d10; n[0] = passed;
 *               n[1] = enum bs1e_t7 reason; what = the outcome; cite.
 * MORALE        side, unit; deriv = current ML with its Table 4 terms;
 *               dice = 2d10; n[0] = passed; n[1] = Table 5 reasons (bits
 *               of enum bs1e_t5); what = the effect; cite.
 * RALLY         side, unit; indiv = the commander; deriv = ML; dice =
 *               2d10; n[0] = rallied (the order given, for a mob); n[1]
 *               = enum bs_mob_order (BS_MOB_NONE: a rally); what =
 *               "rally" / a mob order; cite.
 * COMMAND       side, unit; indiv = the individual keeping it in command
 *               or -1; n[0] = 1 in command, 0 out; what = why; cite
 *               "[4.7]". Emitted for every unit at the start, then on
 *               each change (decided as each phase begins).
 * ATTACK        side, unit attacks tside, tunit; deriv = adjusted AR
 *               with its Table 10 terms; dice = 2d6; n[0] = attacking
 *               figures, n[1] = defender AC, n[2] = attack roll, n[3] = HD
 *               per figure (tenths), n[4] = total HD (tenths), n[5] =
 *               killed, n[6] = wounded; n[7] = enum bs_arc of the target
 *               struck; what = the damage column text ("D8", "D20 +
 *               D4"); cite "[8.4]" ("[8.8]" the free attack on a fleeing
 *               unit, "[7.11] [8.4]" the wings of a wrap-around).
 * LOSSES        side, unit; n[0] = figures removed, n[1] = wounds placed,
 *               n[2] = figures left, n[3] = wounded figures now; n[4] =
 *               figures removed by the [8.7] two-wound rule; what =
 *               why; cite "[8.7]".
 * ROUT          side, unit; x0..f1 the rout move; n[0] = distance moved
 *               in tenths; n[1] = the distance of the rout (MV + 1/3 MV,
 *               or MV), tenths; what = "routs" / "keeps routing" /
 *               "routs again" / "attacked: routs again"; cite "[7.15]"
 *               ("[6.4] [7.15]").
 * REMOVED       side, unit; what = "off the table" / "destroyed" /
 *               "surrounded"; cite.
 * FATE          side, indiv; dice = d10; n[0] = enum bs1e_fate; what =
 *               the fate as printed; cite "[9.1 T11]".
 * SPECIAL       side, unit; a special formation declared, given up or
 *               broken [11.6] [11.7]: n[0] = the old enum bs_special,
 *               n[1] = the new; n[2] = the sides set spears defend (bits
 *               of enum bs_side_edge: 1 front, 2 left, 4 rear, 8 right),
 *               0 otherwise; n[3] = MV it cost, tenths; what = "declared",
 *               "given up" or why it ended; cite "[11.6]" / "[11.7]".
 * NOTE          anything else a rule explains: what, cite, any fields
 *               ([1.4]: side = Side A, tside = the side moving first).
 * VOLLEY        issue 14: side, unit fires missiles (or its artillery
 *               piece) at tside, tunit [10.0] [8.4]; deriv = the AR with
 *               its Table 13 terms [10.8] (and [10.10] crew, [7.13]
 *               forced march); dice = 2d6; n[0] = figures firing, n[1] =
 *               the target's AC (artillery: AC 5 or 10 [10.9]), n[2] =
 *               attack roll, n[3] = HD per figure (tenths), n[4] = total
 *               HD (tenths), n[5] = killed, n[6] = wounded, n[7] = the
 *               target's figures in sight of the firers [10.1], n[8] =
 *               enum bs_fire_kind, n[9] = range band (0 short, 1 medium,
 *               2 long), n[10] = range, tenths of an inch, n[11] = volleys
 *               (special shots) left after it, -1 unlimited [10.3]; x0,y0
 *               = the firer's front centre, f0 = pass-through: the inches
 *               the target had moved of its move when fired on [10.6],
 *               else 0; x1,y1,f1 = the target's front centre and facing
 *               at that moment; what = the CRT column ("D6", "2 x D10",
 *               with the special ammunition's name); why = the
 *               controller's reason (NULL none); cite = "[1.2] [10.2]"
 *               initial, "[10.6]" pass-through, "[1.5 B]" the phase,
 *               "[10.5]" split-fire, "[1.5 C] [10.9]" artillery.
 * END           n[0] = winner side or -1 (draw); n[1] = rounds played;
 *               what = the reason (with its ruling); cite "RULING
 *               R-102".
 *
 * 2E (issue 5), rules: bs2e (docs/BS2E.md). Cites are the headings of
 * bs2e-summary.txt in brackets ("[2E Attack Dice]") or a ruling.
 * BS2E_ATTACK   side, unit attacks tside, tunit; deriv = the attack dice
 *               (figures x multiplier, fractions rounded up); dice = the
 *               attack dice (each the sum of both dice for "10+8"), at
 *               most 16 per event: an attack of more dice continues in
 *               further BS2E_ATTACK events with n[3] = 1, 2, ...;
 *               die_sides = sides of the (first) die; n[0] = figures
 *               attacking, n[1] = attack dice rolled, n[2] = hits scored
 *               (the whole attack, on the first event; this part's on a
 *               continuation), n[3] = part, n[4] = 1 charging, n[5] =
 *               missile range band (0 melee, 1 short, 2 medium, 3 long),
 *               n[6] = dice scoring no hit (this event's dice), n[7] =
 *               second die's sides ("10+8": 8) or 0; what = "melee" /
 *               "missile"; cite.
 * BS2E_ARMOR    side, unit = the defender, tside, tunit = the attacker;
 *               deriv = AR with its modifiers; dice = d10 per hit, at
 *               most 16 per event (continued as BS2E_ATTACK, n[3]);
 *               n[0] = hits rolled for, n[1] = hits cancelled, n[2] =
 *               hits that stand, n[3] = part, n[4] = 1 when "equal or
 *               higher" cancels (option); cite.
 * BS2E_HITS     side, unit; n[0] = hits that stand this step, n[1] =
 *               hits carried before, n[2] = Hits per figure, n[3] =
 *               figures removed, n[4] = figures left, n[5] = hits
 *               carried now; cite "[2E Hits]".
 * BS2E_MORALE   side, unit; deriv = ML; dice = 2d10 (none when the unit
 *               retreats instead of checking); n[0] = passed, n[1] = the
 *               order before (enum bs2e_order), n[2] = the order after,
 *               n[3] = 1 retreats 4", n[4] = the trigger (enum
 *               bs2e_trigger), n[5] = 1 a second check (shaken unit),
 *               n[6] = 1 a rally attempt; what = the effect; cite.
 *
 * matrix (issue 6), rules: matrix (docs/MATRIX.md). Cites "[M3.4b]" number
 * the paragraphs of matrix-battle-system.txt (docs/MATRIX.md), or a
 * ruling. Unit = brigade; rows and columns are 0-based, -1 = the reserve.
 * MX_GRID       the matrix: what = its cells (valid during the call), rows
 *               joined by '/': side 0's reserve, the rows 1..n[0], side
 *               1's reserve; cells of a row joined by '|'; each cell the
 *               brigade tags joined by ',' ("A3"; "!" routed, "^"
 *               aerial); n[0] = rows, n[1] = columns, n[2] = 1 after the
 *               movement phase, 2 at the end of the battle; cite "[M1.1]".
 * MX_MOVE       side, unit; n[0], n[1] = row, column before; n[2], n[3] =
 *               after (row -1: the reserve, -2: out of the battle); n[4]
 *               = steps used; n[5] = MV;
 *               n[6] = 1 a routing move; what = how it ended ("moves",
 *               "stops: enemy stack", "enters from the reserve", "into
 *               the reserve", "left the arena" ...); cite "[M3.2]".
 * MX_ENGAGE     side, unit; tside, tunit = the enemy brigade attacked
 *               (n[0] = 1) or engaged (n[0] = 2), or -1: held back by
 *               the winner (n[0] = 0), no brigade engaged by the loser
 *               (n[0] = 3); n[1], n[2] = the location; cite "[M3.3]".
 * MX_ATTACK     side, unit attacks tside, tunit; n[0] = enum bs_mx_mode;
 *               n[1] = attack rating; n[2] = defensive rating; n[3] =
 *               the adjusted roll (Table 1); n[4] = damage points; n[5] =
 *               classes attacking; n[6] = full class; n[7] = 1 the
 *               scouts' attack [M3.5]; dice = 2d10 (none for magic);
 *               deriv = the rating with its terms; what = the mode;
 *               cite "[M3.4b] RULING R-250" ...
 * MX_DAMAGE     side, unit; n[0] = damage points; n[1], n[2] = class /
 *               unit numbers before; n[3], n[4] = after; n[5] =
 *               centuries lost; cite "[M2.6] [M3.7]".
 *
 * 1E Intermediate Game, heroes and commanders (issue 15): individuals are
 * (side, indiv); `tindiv` is a target individual of side tside.
 * ROLE          side, indiv; [9.0] a change of role declared at the
 *               beginning of the Movement Phase: n[0] = enum bs_role_act
 *               (controller.h), n[1] = the new enum bs_role, n[2] = the
 *               new enum bs_rank; unit = the unit he joins or commands
 *               (-1); tindiv = the commander whose post he takes over
 *               [9.3] (tside = side), else -1; what = the controller's
 *               reason ("" none); cite "[9.0]" / "[9.3]".
 * INDIV_ORDER   side, indiv; the Movement Phase order of an individual
 *               on the table: x1,y1 = where he goes; n[0] = the points
 *               of the path (waypoints + 1); tside, tunit / tindiv = whom
 *               he goes for (-1); what = the controller's reason ("");
 *               cite "[9.4]" ("[9.2]" a commander).
 * INDIV_INIT    side, indiv; [5.2] individual initiative of one AD&D
 *               melee round of individual combat: dice = d6; n[0] = the
 *               AD&D round of this Melee Phase (1-3), n[1] = his weapon
 *               speed factor (0 none); tside, tindiv = his opponent;
 *               cite "[5.2] [9.4 B]".
 * DUEL          side, indiv attacks tside, tindiv by AD&D rules [9.4 B]:
 *               dice = the d20; deriv = the d20 needed (THAC0 - AC,
 *               the strength and magic to-hit terms); n[0] = AD&D round
 *               (1-3), n[1] = the d20 needed, n[2] = 1 hit, n[3] = hit
 *               points of damage, n[4] = the target's hit points after,
 *               n[5] = the attack's number in the round (1, 2 ...), n[6]
 *               = the damage roll before the bonuses; what = the weapon
 *               ("long sword +1 (d8+1+3)"); cite "[9.4 B]".
 * HERO_ATTACK   side, indiv attacks tside, tunit [9.4 A]: deriv = the
 *               adjusted AR of the 1:1 figure; dice = 2d6; n[0] = attacks
 *               per round x 10 ([8.6], 15 = 3/2), n[1] = defender AC,
 *               n[2] = attack roll, n[3] = HD of one attack routine
 *               (tenths), n[4] = HD in all (tenths), n[5] = killed, n[6]
 *               = wounded, n[7] = 1 when he affects all the creatures of
 *               a figure (the normal procedure) else 0; what = the damage
 *               column text; cite "[9.4 A]".
 * FIGURE_ATTACK side, unit attacks tside, tindiv [9.4 A]: deriv = the
 *               unit's adjusted AR; dice = 2d6; n[0] = figures attacking
 *               (1, 3 against size L), n[1] = the individual's AC, n[2] =
 *               attack roll, n[3] = HD per figure (tenths), n[4] = HD in
 *               all (tenths), n[5] = hit points of damage (4 per HD), n[6]
 *               = 1 struck from behind (the Q&A: once), n[7] = enum
 *               bs_arc; what = the damage column text; cite "[9.4 A]".
 *               A volley at a lone hero or commander (RULING R-670):
 *               n[8] = 1, n[9] = range band (0 short, 1 medium, 2 long),
 *               n[10] = range (tenths of an inch), n[11] = enum
 *               bs_fire_kind; n[0] = the figures firing; the hit points
 *               are taken at once (an HP event follows).
 * HP            side, indiv; hit points taken: n[0] = hit points lost,
 *               n[1] = left, n[2] = at the start, n[3] = 1 killed; what;
 *               cite.
 * CAPTURE       side, indiv captured by tside at the end of the battle
 *               [9.1]: x1,y1 = where he fell; n[0] = enum bs1e_fate;
 *               what = why; cite "[9.1]".
 *
 * 1E Advanced Game, magic (issue 16): a caster is (side, indiv).
 * CAST          n[0] = 0 the cast [1.5 A] [14.1] [14.4]: tside, tunit /
 *               tindiv = the target; x0,y0 = where he casts from; x1,y1 =
 *               the area's point (centre, a line's start, a cone's apex),
 *               f1 its direction; n[1] = spell level, n[2] = caster
 *               level, n[3] = range to the point (tenths of an inch),
 *               n[4] = the spell's range (tenths), n[5] = enum
 *               bs_area_shape (0 none), n[6], n[7] = its sizes on the
 *               table (hundredths of an inch: radius, or length and
 *               width), n[8] = HD per creature (tenths) [14.5 A], n[9] =
 *               1 failed (out of range or sight: spent [14.4]), n[10] =
 *               this spell left, n[11] = all his spells left; what = the
 *               spell; why = the controller's reason.
 *               n[0] = 1 a unit struck (tside, tunit) [14.5 B] [14.3]:
 *               n[1] = its figures in the area, n[2] = HD per creature,
 *               n[3] = HD per figure wholly struck (tenths), n[4] = the
 *               d20 needed to save (0: no save rolled), n[5] = figures
 *               whose fate the save decides, n[6] = of them saved, n[7] =
 *               figures removed, n[8] = wounded, n[9] = enum bs1e_strike
 *               of a line or cone (-1 other shapes), n[10] = figures
 *               wholly struck (all their creatures, RULING R-576), n[11]
 *               = creatures per figure; dice = the d20s rolled (at most
 *               16); deriv = the save number.
 *               n[0] = 2 an individual struck (tside, tindiv) [14.5 A]:
 *               n[1] = hit points rolled, n[2] = his d20 (0: no save),
 *               n[3] = 1 saved, n[4] = hit points taken, n[5] = left,
 *               n[6] = 1 killed, n[7] = the d20 needed; deriv = his save.
 * TURN          side, indiv (a cleric) tries to turn the undead of
 *               tside, tunit [14.19] (issue 16): dice = the d20 (none
 *               when the matrix turns or destroys without a roll);
 *               n[0] = enum bs_undead_type, n[1] = his turning level,
 *               n[2] = the matrix cell (a score, -1 T, -2 D, -3 D*),
 *               n[3] = 1 turned (or destroyed), 0 failed, n[4] = undead
 *               affected (creatures), n[5] = figures affected, n[6] = 1
 *               destroyed, n[7] = the unit's figures before, n[8] = the
 *               number die, n[9] its sides, n[10] its plus; what = the
 *               type's name; why = the controller's reason; cite.
 *
 * Referee mode (issue 17, docs/REFEREE.md):
 * OVERRIDE      side, unit (or -1): the referee's word replaced a result;
 *               what = what changed and the referee's text ("override:
 *               routed (the referee: ...)"); cite "referee".
 *
 * Matrix battles also emit BATTLE_START, ROUND, PHASE, INITIATIVE (d6
 * per side, RULING R-257), MORALE (deriv = ML%, dice = d100, n[0] =
 * passed, n[1] = 0; RULING R-254), REJECTED, REMOVED, NOTE and END. */
enum bs_ev {
	BS_EV_BATTLE_START,
	BS_EV_DEPLOY,
	BS_EV_ROUND,
	BS_EV_PHASE,
	BS_EV_INITIATIVE,
	BS_EV_ORDER,
	BS_EV_REJECTED,
	BS_EV_MOVE,
	BS_EV_FORMATION,
	BS_EV_CONTACT,
	BS_EV_DISCIPLINE,
	BS_EV_MORALE,
	BS_EV_RALLY,
	BS_EV_COMMAND,
	BS_EV_ATTACK,
	BS_EV_LOSSES,
	BS_EV_ROUT,
	BS_EV_REMOVED,
	BS_EV_FATE,
	BS_EV_NOTE,
	BS_EV_END,
	/* 2E (issue 5) */
	BS_EV_BS2E_ATTACK,
	BS_EV_BS2E_ARMOR,
	BS_EV_BS2E_HITS,
	BS_EV_BS2E_MORALE,
	/* matrix (issue 6) */
	BS_EV_MX_GRID,
	BS_EV_MX_MOVE,
	BS_EV_MX_ENGAGE,
	BS_EV_MX_ATTACK,
	BS_EV_MX_DAMAGE,
	/* referee mode (issue 17) */
	BS_EV_OVERRIDE,
	/* missiles and artillery (issue 14) */
	BS_EV_VOLLEY,
	/* 1E heroes and commanders (issue 15) */
	BS_EV_ROLE,
	BS_EV_INDIV_ORDER,
	BS_EV_INDIV_INIT,
	BS_EV_DUEL,
	BS_EV_HERO_ATTACK,
	BS_EV_FIGURE_ATTACK,
	BS_EV_HP,
	BS_EV_CAPTURE,
	/* the Intermediate Game's special formations (issue 15) */
	BS_EV_SPECIAL,
	/* the Advanced Game's magic (issue 16) */
	BS_EV_CAST,
	/* Advanced Game magic (issue 16) */
	BS_EV_TURN,
	BS_EV__COUNT
};
extern const char *const bs_ev_name[BS_EV__COUNT];

#define BS_EV_MAX_DICE 16
#define BS_EV_MAX_N 16

/* A VOLLEY of pass-through fire aimed at another enemy than the mover
 * [10.6] (RULING R-606): n[12] names the mover whose move it was fired
 * at, a unit or (RULING R-674) a lone individual of its side; 0 when the
 * target is the mover itself, or no pass-through fire. */
static inline int bs_ev_mover_code(int side, int idx, int indiv)
{
	return side < 0 || idx < 0 ? 0 : 1 + (side * 4096 + idx) * 2 + !!indiv;
}
static inline void bs_ev_mover_decode(int code, int *side, int *idx, int *indiv)
{
	*side = code <= 0 ? -1 : (code - 1) / 2 / 4096;
	*idx = code <= 0 ? -1 : (code - 1) / 2 % 4096;
	*indiv = code > 0 && (code - 1) % 2;
}

/* One event. Unused indexes are -1, unused numbers 0. */
struct bs_event {
	enum bs_ev type;
	int round;
	enum bs_phase phase;
	int side, unit;	  /* the actor (unit index within its side) */
	int indiv;	  /* an individual of `side` acting, or -1 */
	int tside, tunit; /* the target */
	int tindiv;	  /* a target individual of tside, or -1 */
	int dice[BS_EV_MAX_DICE];
	int ndice;
	int die_sides; /* of the dice above (6, 10, 20 ...) */
	int n[BS_EV_MAX_N];
	double x0, y0, f0, x1, y1, f1; /* positions (inches), facings */
	struct bs_deriv deriv;	       /* the number in question */
	int has_deriv;
	const char *what; /* static text: "charge", "wheel", a reason */
	const char *cite; /* the rule behind the event: "[7.14]" */
	/* issue 14: the controller's reason for its choice (ORDER, VOLLEY,
	 * NOTE), static text; NULL when it gave none */
	const char *why;
};

/* Where events go. emit may be called many times per round; the event is
 * only valid during the call. */
struct bs_event_sink {
	void (*emit)(void *ctx, const struct bs_event *ev);
	void *ctx;
};

/* A fresh event of `type` with every index -1 (caller storage). */
void bs_event_init(struct bs_event *ev, enum bs_ev type, int round,
		   enum bs_phase phase);

#endif
