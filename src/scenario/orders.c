/* A side's `controller:` and scripted `orders:` (docs/SCENARIO-FORMAT.md,
 * "Controllers and scripted orders"): Movement Phase orders per round and
 * unit with their steps [7.6]-[7.14] [8.8] and the special formation they
 * declare [11.6] [11.7], Rally Phase attempts [6.0] and orders given to
 * mobs [2.10] [6.6], the order of the melees [1.6 B]; an individual's move
 * [7.7] [9.4] and his changes of role [9.0] [9.3] (issue 15). Only the
 * form is checked here (names, types, ranges, one order per unit and
 * round); whether an order is legal when its round comes is for the
 * rules, which reject it as usual. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "battlesim/controller.h"
#include "battlesim/warn.h"
#include "battlesim/spell.h"
#include "scenario/loader.h"

/* ---- names -----------------------------------------------------------------
 */

/* The words of `order:` for a unit, and the spelling of the logs
 * (bs_order_name) accepted as well. */
static const char *const unit_order_key[BS_ORDER__COUNT] = {
    [BS_ORDER_HOLD] = "hold",	      [BS_ORDER_MOVE] = "move",
    [BS_ORDER_CHARGE] = "charge",     [BS_ORDER_FORCED_MARCH] = "forced_march",
    [BS_ORDER_WITHDRAW] = "withdraw", [BS_ORDER_FLEE] = "flee",
    [BS_ORDER_WRAP] = "wrap",
};
static const char *const unit_order_alt[BS_ORDER__COUNT] = {
    [BS_ORDER_WRAP] = "wrap-around",
};

/* The words of `order:` for a mob [2.10] (BS_MOB_NONE is not one). */
static const char *const mob_order_key[BS_MOB__COUNT] = {
    [BS_MOB_FORWARD] = "forward",
    [BS_MOB_CHARGE] = "charge",
    [BS_MOB_FORCED_MARCH] = "forced_march",
    [BS_MOB_WHEEL] = "wheel",
};
static const char *const mob_order_alt[BS_MOB__COUNT] = {
    [BS_MOB_FORWARD] = "move-forward",
};

/* The words of `declare:` [11.6] [11.7] (bs_special_name in the log). */
static const char *const special_key[BS_SPECIAL__COUNT] = {
    [BS_SPECIAL_NONE] = "none",
    [BS_SPECIAL_SHIELD_WALL] = "shield_wall",
    [BS_SPECIAL_SHIELD_SQUARE] = "shield_square",
    [BS_SPECIAL_SET_SPEARS] = "set_spears",
};
static const char *const special_alt[BS_SPECIAL__COUNT] = {
    [BS_SPECIAL_SHIELD_SQUARE] = "shield_circle",
    [BS_SPECIAL_SET_SPEARS] = "set_pikes",
};

/* The words of `sides:`: enum bs_side_edge. */
static const char *const side_key[4] = {"front", "left", "rear", "right"};

static const char *const face_key[3] = {"right", "left", "about"};
static const double face_angle[3] = {90, -90, 180};

static const char *const step_formation_key[BS_FORM__COUNT] = {
    [BS_FORM_CLOSED] = "closed",
    [BS_FORM_OPEN] = "open",
    [BS_FORM_SKIRMISH] = "skirmish",
};

/* A name of keys[] (or alt[]) matched with bs_name_eq (so forced_march,
 * forced-march and "forced march" are one word); else ld_enum's error
 * with "did you mean". Returns the index or -1. */
static int word(struct ld *ld, const yaml_node_t *n, const char *key,
		const char *const *keys, const char *const *alt, int count)
{
	const char *t = ld_text(ld, n, key, "a name");
	if (!t)
		return -1;
	for (int i = 0; i < count; i++)
		if ((keys[i] && bs_name_eq(t, keys[i])) ||
		    (alt && alt[i] && bs_name_eq(t, alt[i])))
			return i;
	int k;
	return ld_enum(ld, n, key, keys, count, &k) == 0 ? k : -1;
}

/* The enemy unit named by n (a unit of another side than si): 0 with
 * *tside, *tunit set, or -1 after an error. */
static int enemy_unit(struct ld *ld, int si, const yaml_node_t *n, int *tside,
		      int *tunit)
{
	const struct bs_scenario *s = ld->s;
	const char *t = ld_text(ld, n, "target", "a unit's name");
	if (!t)
		return -1;
	for (int k = 0; k < s->nsides; k++)
		for (int i = 0; i < s->sides[k].nunits; i++) {
			if (strcasecmp(s->sides[k].units[i].name, t) != 0)
				continue;
			if (k == si) {
				ld_err(ld, n,
				       "target: '%s' is a unit of the "
				       "order's own side '%s'; a target is "
				       "an enemy unit",
				       s->sides[k].units[i].name,
				       s->sides[k].name);
				return -1;
			}
			*tside = k;
			*tunit = i;
			return 0;
		}
	const char *names[BS_MAX_UNITS * BS_MAX_SIDES];
	size_t nn = 0;
	for (int k = 0; k < s->nsides; k++)
		for (int i = 0; k != si && i < s->sides[k].nunits; i++)
			if (s->sides[k].units[i].name[0])
				names[nn++] = s->sides[k].units[i].name;
	const char *sg = strlen(t) < 64 ? bs_suggest(t, names, nn) : NULL;
	char buf[64];
	ld_err(ld, n, "target: unknown enemy unit %s%s%s%s",
	       ld_kind(n, buf, sizeof buf), sg ? " (did you mean '" : "",
	       sg ? sg : "", sg ? "'?)" : "");
	return -1;
}

/* ---- steps [7.6] [7.9] [7.10] ---------------------------------------------
 */

enum {
	ST_ADVANCE,
	ST_ANGLE,
	ST_WHEEL,
	ST_FACE,
	ST_FRONTAGE,
	ST_FORMATION,
	ST_FIRE,
	ST__N
};
static const char *const step_keys[ST__N] = {
    [ST_ADVANCE] = "advance",	[ST_ANGLE] = "angle",
    [ST_WHEEL] = "wheel",	[ST_FACE] = "face",
    [ST_FRONTAGE] = "frontage", [ST_FORMATION] = "formation",
    [ST_FIRE] = "fire",
};

/* One step mapping of side si into *st; 0 ok, -1 after an error. A fire
 * step [10.5] names its target: *tside, *tunit. */
static int parse_step(struct ld *ld, int si, const yaml_node_t *n,
		      struct bs_step *st, int *tside, int *tunit)
{
	yaml_node_t *v[ST__N];
	if (ld_collect(ld, n, "step", step_keys, ST__N, v) != 0)
		return -1;
	int kinds = 0, which = -1;
	static const int kind_keys[] = {ST_ADVANCE,  ST_WHEEL,	   ST_FACE,
					ST_FRONTAGE, ST_FORMATION, ST_FIRE};
	for (size_t i = 0; i < sizeof kind_keys / sizeof kind_keys[0]; i++)
		if (v[kind_keys[i]]) {
			kinds++;
			which = kind_keys[i];
		}
	if (kinds != 1) {
		ld_err(ld, n,
		       "step: expected exactly one of advance, wheel, face, "
		       "frontage, formation, fire, got %d",
		       kinds);
		return -1;
	}
	if (which == ST_FIRE) {
		/* [10.5] split-fire: one volley at the named enemy unit */
		memset(st, 0, sizeof *st);
		st->kind = BS_STEP_FIRE;
		return enemy_unit(ld, si, v[ST_FIRE], tside, tunit);
	}
	if (v[ST_ANGLE] && which != ST_ADVANCE) {
		ld_err(ld, v[ST_ANGLE],
		       "angle: only an advance step has an angle (a wheel "
		       "gives its degrees as wheel: N)");
		return -1;
	}
	memset(st, 0, sizeof *st);
	int r = 0;
	switch (which) {
	case ST_ADVANCE:
		st->kind = BS_STEP_ADVANCE;
		r = ld_num(ld, v[ST_ADVANCE], "advance", 0, LD_MAX_TABLE,
			   &st->dist);
		/* [7.9] straight ahead or up to 45 degrees left or right
		 * (RULING R-105 of the tabletop: an oblique move) */
		if (r == 0 && v[ST_ANGLE])
			r = ld_num(ld, v[ST_ANGLE], "angle", -45, 45,
				   &st->angle);
		break;
	case ST_WHEEL:
		st->kind = BS_STEP_WHEEL;
		r = ld_num(ld, v[ST_WHEEL], "wheel", -360, 360, &st->angle);
		break;
	case ST_FACE: {
		st->kind = BS_STEP_FACE;
		int k = word(ld, v[ST_FACE], "face", face_key, NULL, 3);
		if (k < 0)
			return -1;
		st->angle = face_angle[k];
		break;
	}
	case ST_FRONTAGE:
		st->kind = BS_STEP_FRONTAGE;
		r = ld_int(ld, v[ST_FRONTAGE], "frontage", 1, 96, &st->files);
		break;
	default: {
		st->kind = BS_STEP_FORMATION;
		int k = word(ld, v[ST_FORMATION], "formation",
			     step_formation_key, NULL, BS_FORM__COUNT);
		if (k < 0)
			return -1;
		st->formation = (enum bs_formation)k;
		break;
	}
	}
	return r;
}

/* ---- one entry of `orders:` ----------------------------------------------
 */

enum {
	OK_ROUND,
	OK_UNIT,
	OK_RALLY,
	OK_MOB,
	OK_ORDER,
	OK_TARGET,
	OK_STEPS,
	OK_BY,
	OK_ANGLE,
	OK_FIRE,
	OK_PHASE,
	OK_MOVER,
	OK_AFTER,
	OK_AMMO,
	OK_INDIVIDUAL,
	OK_TO,
	OK_VIA,
	OK_ROLE,
	OK_OF,
	OK_TAKE_OVER,
	OK_DECLARE,
	OK_SIDES,
	OK_MELEE,
	OK_CAST,
	OK_AT,
	OK_BREATHE,
	OK_TURN,
	OK__N
};
static const char *const order_keys[OK__N] = {
    [OK_ROUND] = "round",
    [OK_UNIT] = "unit",
    [OK_RALLY] = "rally",
    [OK_MOB] = "mob",
    [OK_ORDER] = "order",
    [OK_TARGET] = "target",
    [OK_STEPS] = "steps",
    [OK_BY] = "by",
    [OK_ANGLE] = "angle",
    [OK_INDIVIDUAL] = "individual",
    [OK_TO] = "to",
    [OK_VIA] = "via",
    [OK_ROLE] = "role",
    [OK_OF] = "of",
    [OK_TAKE_OVER] = "take_over",
    [OK_DECLARE] = "declare",
    [OK_SIDES] = "sides",
    [OK_MELEE] = "melee",
    [OK_FIRE] = "fire",
    [OK_PHASE] = "phase",
    [OK_MOVER] = "mover",
    [OK_AFTER] = "after",
    [OK_AMMO] = "ammo",
    [OK_CAST] = "cast",
    [OK_AT] = "at",
    [OK_BREATHE] = "breathe", /* [10.5] R-637 */
    [OK_TURN] = "turn",
};

/* The words of `phase:` of a fire entry (issue 14) [10.2]. */
static const char *const fire_phase_key[BS_FIRE__COUNT] = {
    [BS_FIRE_INITIAL] = "initial",
    [BS_FIRE_PASS_THROUGH] = "pass_through",
    [BS_FIRE_PHASE] = "missile",
    [BS_FIRE_ARTILLERY] = "artillery",
};

/* [9.0] the roles an individual may take (`role:`). */
static const char *const role_key[BS_RA__COUNT] = {
    [BS_RA_HERO] = "hero",
    [BS_RA_MEMBER] = "member",
    [BS_RA_COMMAND] = "commander",
};

/* [11.6] [11.7] `declare:` and `sides:` of a unit's order into o; 0 ok,
 * -1 after an error. */
static int parse_declare(struct ld *ld, yaml_node_t **v, struct bs_order *o)
{
	if (!v[OK_DECLARE]) {
		if (!v[OK_SIDES])
			return 0;
		ld_err(ld, v[OK_SIDES],
		       "sides: only with declare: set_spears (the sides set "
		       "spears defend [11.7])");
		return -1;
	}
	int k = word(ld, v[OK_DECLARE], "declare", special_key, special_alt,
		     BS_SPECIAL__COUNT);
	if (k < 0)
		return -1;
	o->declares = 1;
	o->special = (enum bs_special)k;
	/* RULING R-547 [16.3 A]: not in force at the Basic Game; the rules
	 * reject the order when its round comes */
	if (ld->s->rules == BS_RULES_BS1E && ld->s->level == BS_LEVEL_BASIC &&
	    k != BS_SPECIAL_NONE)
		bs_warn_add(&ld->s->warnings, BS_W_SPECIAL_LEVEL, ld->file,
			    (int)v[OK_DECLARE]->start_mark.line + 1,
			    (int)v[OK_DECLARE]->start_mark.column + 1,
			    "declare: %s", special_key[k]);
	if (!v[OK_SIDES])
		return 0;
	if (k != BS_SPECIAL_SET_SPEARS) {
		ld_err(ld, v[OK_SIDES],
		       "sides: only with declare: set_spears (a shield wall "
		       "guards its front, or every side as a circle or square "
		       "[11.6])");
		return -1;
	}
	/* [11.7] "The formation can be set to defend any and all sides" */
	if (v[OK_SIDES]->type == YAML_SCALAR_NODE) {
		const char *t = ld_text(ld, v[OK_SIDES], "sides", "a name");
		if (t && bs_name_eq(t, "all")) {
			o->sides = BS_SIDES_ALL;
			return 0;
		}
		int e = word(ld, v[OK_SIDES], "sides", side_key, NULL, 4);
		if (e < 0)
			return -1;
		o->sides = BS_SIDE_BIT(e);
		return 0;
	}
	int n = ld_list(ld, v[OK_SIDES], "sides", 4,
			"sides (front, left, rear, right, or all)");
	if (n < 0)
		return -1;
	if (n == 0) {
		ld_err(ld, v[OK_SIDES],
		       "sides: name at least one side (front, left, rear, "
		       "right) or all");
		return -1;
	}
	for (int i = 0; i < n; i++) {
		int e = word(ld, ld_item(ld, v[OK_SIDES], i), "sides", side_key,
			     NULL, 4);
		if (e < 0)
			return -1;
		o->sides |= BS_SIDE_BIT(e);
	}
	return 0;
}

/* A key that an entry of this kind does not take. */
static int refuse(struct ld *ld, yaml_node_t **v, int key, const char *kind)
{
	if (!v[key])
		return 0;
	ld_err(ld, v[key], "%s: not a key of %s", order_keys[key], kind);
	return -1;
}

static int indiv_target(struct ld *ld, int si, const yaml_node_t *n,
			struct bs_indiv_order *o);

/* A turning entry [14.19] (issue 16, RULING R-581): `turn:` the enemy's
 * undead unit, `by:` the side's cleric (or paladin), in step A of the
 * Missile and Magic Phase of `round:`. 0 ok, -1 after an error. */
static int parse_turn(struct ld *ld, int si, const yaml_node_t *n,
		      yaml_node_t **v, struct bs_script_order *o)
{
	int bad = 0;
	o->kind = BS_SCRIPT_TURN;
	for (int key = 0; key < OK__N; key++)
		if (key != OK_ROUND && key != OK_TURN && key != OK_BY)
			bad |= refuse(ld, v, key, "a turning entry");
	if (ld_require(ld, n, "turning entry", "by", v[OK_BY]) != 0)
		return -1;
	o->indiv = ld_find_indiv(ld, si, v[OK_BY], "by");
	if (o->indiv < 0)
		bad = -1;
	if (enemy_unit(ld, si, v[OK_TURN], &o->order.tside, &o->order.tunit) !=
	    0)
		bad = -1;
	return bad;
}

/* The error of `key: t` naming no enemy unit or individual, with a
 * suggestion among the enemy units' and individuals' names. -1. */
static int unknown_enemy(struct ld *ld, int si, const yaml_node_t *n,
			 const char *key, const char *t)
{
	const struct bs_scenario *s = ld->s;
	const char *names[BS_MAX_UNITS * BS_MAX_SIDES +
			  BS_MAX_INDIVIDUALS * BS_MAX_SIDES];
	size_t nn = 0;
	for (int k = 0; k < s->nsides; k++) {
		for (int i = 0; k != si && i < s->sides[k].nunits; i++)
			if (s->sides[k].units[i].name[0])
				names[nn++] = s->sides[k].units[i].name;
		for (int i = 0; k != si && i < s->sides[k].nindividuals; i++)
			if (s->sides[k].individuals[i].name[0])
				names[nn++] = s->sides[k].individuals[i].name;
	}
	const char *sg = strlen(t) < 64 ? bs_suggest(t, names, nn) : NULL;
	char buf[64];
	ld_err(ld, n, "%s: unknown enemy unit or individual %s%s%s%s", key,
	       ld_kind(n, buf, sizeof buf), sg ? " (did you mean '" : "",
	       sg ? sg : "", sg ? "'?)" : "");
	return -1;
}

/* RULING R-673: a unit's `fire:` target: an enemy unit by name (the
 * units first, as before individuals could be named), else an enemy
 * individual (a hero, or a commander standing apart from his unit, [9.2]
 * [9.4 A]; whether he stands alone is checked when the volley comes).
 * 0 with o's target set, -1 after an error (with a suggestion among the
 * enemy units' and individuals' names). */
static int fire_target(struct ld *ld, int si, const yaml_node_t *n,
		       struct bs_script_order *o)
{
	const struct bs_scenario *s = ld->s;
	const char *t = ld_text(ld, n, "target", "a name");
	if (!t)
		return -1;
	for (int k = 0; k < s->nsides; k++)
		for (int i = 0; i < s->sides[k].nunits; i++)
			if (strcasecmp(s->sides[k].units[i].name, t) == 0)
				return enemy_unit(ld, si, n, &o->order.tside,
						  &o->order.tunit);
	for (int k = 0; k < s->nsides; k++)
		for (int i = 0; i < s->sides[k].nindividuals; i++) {
			if (strcasecmp(s->sides[k].individuals[i].name, t) != 0)
				continue;
			if (k == si) {
				ld_err(ld, n,
				       "target: '%s' is of the order's own "
				       "side; a target is an enemy",
				       t);
				return -1;
			}
			o->order.tside = o->iorder.tside = k;
			o->order.tunit = -1;
			o->iorder.tindiv = i;
			return 0;
		}
	return unknown_enemy(ld, si, n, "target", t);
}

/* [10.6] RULING R-697: a pass-through entry's `mover:`: an enemy unit by
 * name (the units first, as R-673 reads `target:`), else an enemy
 * individual (his own move, R-674; whether he stands alone is for the
 * rules when he moves). 0 with o->mside and o->munit or o->mindiv set,
 * -1 after an error (with a suggestion among the enemy units' and
 * individuals' names). */
static int fire_mover(struct ld *ld, int si, const yaml_node_t *n,
		      struct bs_script_order *o)
{
	const struct bs_scenario *s = ld->s;
	const char *t = ld_text(ld, n, "mover", "a name");
	if (!t)
		return -1;
	o->mindiv = -1;
	for (int k = 0; k < s->nsides; k++)
		for (int i = 0; i < s->sides[k].nunits; i++)
			if (strcasecmp(s->sides[k].units[i].name, t) == 0)
				return enemy_unit(ld, si, n, &o->mside,
						  &o->munit);
	for (int k = 0; k < s->nsides; k++)
		for (int i = 0; i < s->sides[k].nindividuals; i++) {
			if (strcasecmp(s->sides[k].individuals[i].name, t) != 0)
				continue;
			if (k == si) {
				ld_err(ld, n,
				       "mover: '%s' is of the order's own "
				       "side; pass-through fire waits for an "
				       "enemy's move [10.6]",
				       t);
				return -1;
			}
			o->mside = k;
			o->munit = -1;
			o->mindiv = i;
			return 0;
		}
	return unknown_enemy(ld, si, n, "mover", t);
}

/* A fire entry [10.2] (issue 14): `fire:` the unit, `target:` the enemy,
 * `phase:` initial, missile (the default; artillery for a piece),
 * artillery or pass_through; for pass-through fire `mover:` (the enemy
 * whose move, default the target) and `after:` (inches of its move,
 * default its last moment [10.6]); `ammo:` a piece's special
 * ammunition [10.11]. 0 ok, -1 after an error. */
static int parse_fire(struct ld *ld, int si, const yaml_node_t *n,
		      yaml_node_t **v, struct bs_script_order *o)
{
	const struct bs_side *side = &ld->s->sides[si];
	int bad = 0;
	o->kind = BS_SCRIPT_FIRE;
	o->ammo = -1;
	o->mside = o->munit = o->mindiv = -1;
	o->after = -1;
	static const int not_fire[] = {
	    OK_UNIT,	  OK_RALLY, OK_MOB,  OK_ORDER, OK_STEPS,
	    OK_BY,	  OK_ANGLE, OK_TO,   OK_VIA,   OK_ROLE,
	    OK_TAKE_OVER, OK_OF,    OK_CAST, OK_AT};
	for (size_t i = 0; i < sizeof not_fire / sizeof not_fire[0]; i++)
		bad |= refuse(ld, v, not_fire[i], "a fire entry");
	/* issue 15 [9.4] RULING R-525: `fire:` an individual of the side: his
	 * shot at `target:` (a unit or an individual) in the Missile and
	 * Magic Phase */
	{
		const char *who = ld_text(ld, v[OK_FIRE], "fire", "a name");
		if (!who)
			return -1;
		for (int i = 0; i < side->nindividuals; i++) {
			if (strcasecmp(side->individuals[i].name, who) != 0)
				continue;
			o->indiv = i;
			o->fire = BS_FIRE_PHASE;
			o->iorder.tside = o->iorder.tunit = -1;
			o->iorder.tindiv = -1;
			if (ld_require(ld, n, "fire entry", "target",
				       v[OK_TARGET]) != 0 ||
			    indiv_target(ld, si, v[OK_TARGET], &o->iorder) != 0)
				bad = -1;
			/* RULING R-549: initial [10.2] or pass_through
			 * [10.6] too */
			int k = v[OK_PHASE]
				    ? word(ld, v[OK_PHASE], "phase",
					   fire_phase_key, NULL, BS_FIRE__COUNT)
				    : BS_FIRE_PHASE;
			if (k < 0)
				return -1;
			if (k == BS_FIRE_ARTILLERY) {
				ld_err(ld, v[OK_PHASE],
				       "phase: an individual shoots in the "
				       "Initial Missile Phase (initial), as "
				       "pass-through fire (pass_through) or in "
				       "the Missile and Magic Phase (missile) "
				       "[9.4] [10.2] (RULING R-525, R-549)");
				return -1;
			}
			o->fire = (enum bs_fire_kind)k;
			if (k == BS_FIRE_PASS_THROUGH) {
				/* the mover: `mover:`, else a unit target */
				o->mside = o->iorder.tside;
				o->munit = o->iorder.tunit;
				/* RULING R-699: `mover:` an enemy unit,
				 * else an enemy individual (his own move,
				 * R-698); without it the target's move, a
				 * unit's or an individual's own */
				o->mindiv = -1;
				if (o->munit < 0 && o->iorder.tindiv >= 0)
					o->mindiv = o->iorder.tindiv;
				if (v[OK_MOVER] &&
				    fire_mover(ld, si, v[OK_MOVER], o) != 0)
					bad = -1;
				if (v[OK_AFTER] &&
				    ld_num(ld, v[OK_AFTER], "after", 0,
					   LD_MAX_TABLE, &o->after) != 0)
					bad = -1;
			} else {
				bad |= refuse(ld, v, OK_MOVER,
					      "a fire entry but pass_through");
				bad |= refuse(ld, v, OK_AFTER,
					      "a fire entry but pass_through");
			}
			bad |= refuse(ld, v, OK_AMMO, "an individual's fire");
			return bad;
		}
	}
	o->unit = ld_find_unit(ld, si, v[OK_FIRE], "fire");
	if (o->unit < 0)
		return -1;
	const struct bs_unit *u = &side->units[o->unit];
	/* RULING R-673: `target:` an enemy unit, else an enemy hero or
	 * commander by name (iorder.tside, iorder.tindiv) [9.2] [9.4 A] */
	o->iorder.tside = o->iorder.tunit = o->iorder.tindiv = -1;
	if (ld_require(ld, n, "fire entry", "target", v[OK_TARGET]) != 0 ||
	    fire_target(ld, si, v[OK_TARGET], o) != 0)
		bad = -1;
	int k = u->artillery != BS_ART_NONE ? BS_FIRE_ARTILLERY : BS_FIRE_PHASE;
	if (v[OK_PHASE]) {
		k = word(ld, v[OK_PHASE], "phase", fire_phase_key, NULL,
			 BS_FIRE__COUNT);
		if (k < 0)
			return -1;
	}
	o->fire = (enum bs_fire_kind)k;
	if (k == BS_FIRE_PASS_THROUGH) {
		/* the mover: `mover:` (RULING R-697: an enemy unit, else an
		 * enemy individual), else the target, a unit's move or an
		 * individual's own [10.6] */
		o->mside = o->order.tside;
		o->munit = o->order.tunit;
		if (o->iorder.tindiv >= 0) {
			o->mside = o->iorder.tside;
			o->mindiv = o->iorder.tindiv;
		}
		if (v[OK_MOVER] && fire_mover(ld, si, v[OK_MOVER], o) != 0)
			bad = -1;
		if (v[OK_AFTER] && ld_num(ld, v[OK_AFTER], "after", 0,
					  LD_MAX_TABLE, &o->after) != 0)
			bad = -1;
	} else {
		bad |= refuse(ld, v, OK_MOVER, "a fire entry but pass_through");
		bad |= refuse(ld, v, OK_AFTER, "a fire entry but pass_through");
	}
	if (v[OK_AMMO]) {
		const char *t = ld_text(ld, v[OK_AMMO], "ammo", "a name");
		if (!t)
			return -1;
		for (int i = 0; i < u->nspecial_ammo; i++)
			if (bs_name_eq(u->special_ammo[i].name, t))
				o->ammo = i;
		if (o->ammo < 0) {
			ld_err(ld, v[OK_AMMO],
			       "ammo: '%s' has no special ammunition '%s' "
			       "[10.11]",
			       u->name, t);
			bad = -1;
		}
	}
	return bad;
}

/* The enemy an individual goes for (`target:`): a unit, else an
 * individual of another side than si. 0 with o's target set, -1 after an
 * error. */
static int indiv_target(struct ld *ld, int si, const yaml_node_t *n,
			struct bs_indiv_order *o)
{
	const struct bs_scenario *s = ld->s;
	const char *t = ld_text(ld, n, "target", "a name");
	if (!t)
		return -1;
	for (int k = 0; k < s->nsides; k++) {
		for (int i = 0; i < s->sides[k].nindividuals; i++)
			if (strcasecmp(s->sides[k].individuals[i].name, t) ==
			    0) {
				if (k == si) {
					ld_err(ld, n,
					       "target: '%s' is of the "
					       "order's own side; a target is "
					       "an enemy",
					       t);
					return -1;
				}
				o->tside = k;
				o->tindiv = i;
				return 0;
			}
	}
	int ts, tu;
	if (enemy_unit(ld, si, n, &ts, &tu) != 0)
		return -1;
	o->tside = ts;
	o->tunit = tu;
	return 0;
}

/* Issue 16 [1.5 A] [14.1]: an individual's `cast:` entry: the spell (one
 * he has memorized), `target:` the enemy unit or individual ([14.7] a
 * bonus played, bs_spell_bonus_played: a unit or an individual of either
 * side, RULING ), `at:` the point of its area (optional, RULING
 * The rules check the rest when its round comes. 0 ok, -1 after an
 * error. */
static int parse_cast(struct ld *ld, int si, const yaml_node_t *n,
		      yaml_node_t **v, struct bs_script_order *o)
{
	int bad = 0;
	o->kind = BS_SCRIPT_CAST;
	bad |= refuse(ld, v, OK_VIA, "a cast");
	bad |= refuse(ld, v, OK_OF, "a cast");
	struct bs_cast_order *c = &o->cast;
	c->indiv = o->indiv;
	c->tside = c->tunit = c->tindiv = -1;
	const char *name = ld_text(ld, v[OK_CAST], "cast", "a spell's name");
	if (!name)
		return -1;
	if (o->indiv >= 0) {
		const struct bs_individual *ind =
		    &ld->s->sides[si].individuals[o->indiv];
		for (int i = 0; i < ind->nspells; i++)
			if (bs_name_eq(ind->spells[i].spell->name, name))
				c->spell = ind->spells[i].spell;
		/* [13.7] issue 16: his race's breath weapon */
		if (!c->spell && ind->race && ind->race->breath &&
		    bs_name_eq(ind->race->breath->name, name))
			c->spell = ind->race->breath;
		/* [14.20] issue 16 RULING R-681: a wand, staff or rod of
		 * his `items:` */
		for (int i = 0; i < ind->nitems && !c->spell; i++)
			if (bs_name_eq(ind->items[i], name))
				c->spell = bs_scenario_item(ld->s, name);
		if (!c->spell) {
			ld_err(ld, v[OK_CAST],
			       "cast: '%s' has not memorized '%s' (his "
			       "`spells:`, or the default choice, RULING "
			       "R-562) [14.1], nor holds it as a wand, staff "
			       "or rod of the spell catalog (his `items:`) "
			       "[14.20]%s%s%s",
			       ind->name, name,
			       ind->race && ind->race->breath
				   ? "; his breath weapon is '"
				   : "",
			       ind->race && ind->race->breath
				   ? ind->race->breath->name
				   : "",
			       ind->race && ind->race->breath ? "' [13.7]"
							      : "");
			bad = -1;
		}
	}
	if (ld_require(ld, n, "cast entry", "target", v[OK_TARGET]) != 0)
		return -1;
	struct bs_indiv_order t;
	memset(&t, 0, sizeof t);
	t.tside = t.tunit = t.tindiv = -1;
	/* [14.7] a bonus at a unit of his own side; [14.8] RULING R-341:
	 * invisibility 10' radius and mass invisibility too */
	int inva = c->spell && c->spell->effect == BS_SPFX_INVISIBLE &&
		   c->spell->area != BS_AREA_NONE &&
		   bs_spell_effect_played(c->spell);
	const char *tn = c->spell && (bs_spell_bonus_played(c->spell) || inva)
			     ? ld_text(ld, v[OK_TARGET], "target", "a name")
			     : NULL;
	for (int i = 0; tn && i < ld->s->sides[si].nunits; i++)
		if (strcasecmp(ld->s->sides[si].units[i].name, tn) == 0) {
			t.tside = si;
			t.tunit = i;
		}
	/* [14.8] RULING R-632: invisibility on himself or a friend standing
	 * alone he touches (the rules check the touch when it is cast);
	 * RULING R-702: detect invisibility and true seeing likewise;
	 * [14.7] RULING R-615: a bonus on a friend standing alone (a unit
	 * of the name first) */
	const char *ti =
	    c->spell && (((c->spell->effect == BS_SPFX_INVISIBLE ||
			   c->spell->effect == BS_SPFX_SEE_INVISIBLE) &&
			  bs_spell_effect_played(c->spell) && !inva) ||
			 (t.tside < 0 && tn && !inva))
		? ld_text(ld, v[OK_TARGET], "target", "a name")
		: NULL;
	for (int i = 0; ti && i < ld->s->sides[si].nindividuals; i++)
		if (strcasecmp(ld->s->sides[si].individuals[i].name, ti) == 0) {
			t.tside = si;
			t.tunit = -1;
			t.tindiv = i;
		}
	if (t.tside < 0 && indiv_target(ld, si, v[OK_TARGET], &t) != 0)
		return -1;
	c->tside = t.tside;
	c->tunit = t.tunit;
	c->tindiv = t.tindiv;
	if (v[OK_AT]) {
		if (ld_position(ld, v[OK_AT], "at", &c->x, &c->y) != 0)
			bad = -1;
		c->aim = 1;
	}
	/* [14.0] [14.1] [10.6] RULING R-338: `phase: pass_through` casts it
	 * at an enemy's move, `mover:` (default the target) at the moment
	 * `after:` picks (as a pass-through fire entry's); `phase: missile`
	 * (the default) in step A of the Missile and Magic Phase */
	o->fire = BS_FIRE_PHASE;
	o->mside = o->munit = o->mindiv = -1;
	o->after = -1;
	if (v[OK_PHASE]) {
		int k = word(ld, v[OK_PHASE], "phase", fire_phase_key, NULL,
			     BS_FIRE__COUNT);
		if (k < 0)
			return -1;
		if (k != BS_FIRE_PHASE && k != BS_FIRE_PASS_THROUGH) {
			ld_err(ld, v[OK_PHASE],
			       "phase: a spell is cast in the Missile and "
			       "Magic Phase (missile) or as pass-through fire "
			       "at an enemy's move (pass_through) [14.1] "
			       "(RULING R-338)");
			return -1;
		}
		o->fire = (enum bs_fire_kind)k;
	}
	if (o->fire == BS_FIRE_PASS_THROUGH) {
		o->mside = c->tside;
		o->munit = c->tunit;
		if (c->tunit < 0 && c->tindiv >= 0)
			o->mindiv = c->tindiv;
		if (v[OK_MOVER] && fire_mover(ld, si, v[OK_MOVER], o) != 0)
			bad = -1;
		if (v[OK_AFTER] && ld_num(ld, v[OK_AFTER], "after", 0,
					  LD_MAX_TABLE, &o->after) != 0)
			bad = -1;
		if (o->mside == si) {
			ld_err(ld, v[OK_MOVER] ? v[OK_MOVER] : v[OK_TARGET],
			       "a pass-through cast waits for an enemy's "
			       "move: give `mover:` an enemy unit or "
			       "individual [14.1] (RULING R-338)");
			bad = -1;
		}
	} else {
		bad |= refuse(ld, v, OK_MOVER, "a cast but pass_through");
		bad |= refuse(ld, v, OK_AFTER, "a cast but pass_through");
	}
	return bad;
}

/* Issue 16 [13.7] RULING R-645: a unit's `cast:` entry: its creatures'
 * breath weapon (its name), `target:` and `at:` as an individual's cast,
 * in step A of the Missile and Magic Phase only (R-637: not as
 * pass-through fire). 0 ok, -1 after an error. */
static int parse_unit_breath(struct ld *ld, int si, const yaml_node_t *n,
			     yaml_node_t **v, struct bs_script_order *o)
{
	int bad = 0;
	static const int never[] = {OK_ORDER,	  OK_STEPS, OK_BY, OK_ANGLE,
				    OK_DECLARE,	  OK_SIDES, OK_TO, OK_ROLE,
				    OK_TAKE_OVER, OK_PHASE};
	for (size_t i = 0; i < sizeof never / sizeof never[0]; i++)
		bad |= refuse(ld, v, never[i],
			      "a unit's cast entry (its breath, in the Missile "
			      "and Magic Phase: RULING R-645, R-637)");
	o->unit = ld_find_unit(ld, si, v[OK_UNIT], "unit");
	o->indiv = -1;
	if (o->unit < 0 || bad)
		return -1;
	if (parse_cast(ld, si, n, v, o) != 0)
		return -1;
	const struct bs_unit *u = &ld->s->sides[si].units[o->unit];
	const struct bs_spell *br = u->creature ? u->creature->breath : NULL;
	const char *name = ld_text(ld, v[OK_CAST], "cast", "a spell's name");
	if (!name || !br || !bs_name_eq(br->name, name)) {
		ld_err(ld, v[OK_CAST],
		       "cast: a unit casts only its creature's breath weapon "
		       "[13.7]%s%s%s (RULING R-645)",
		       br ? ": '" : "; '", br ? br->name : u->name,
		       br ? "'" : "' has none");
		return -1;
	}
	o->cast.spell = br;
	return 0;
}

/* [10.5] [13.7] RULING R-637: `breathe: TARGET` of an individual's move:
 * his breath weapon at the enemy unit or individual TARGET half-way along
 * the move (split-fire); o->cast holds it. 0 ok, -1 after an error. */
static int split_breath(struct ld *ld, int si, const yaml_node_t *n,
			struct bs_script_order *o)
{
	const struct bs_individual *ind =
	    o->indiv >= 0 ? &ld->s->sides[si].individuals[o->indiv] : NULL;
	if (ind && (!ind->race || !ind->race->breath)) {
		ld_err(ld, n,
		       "breathe: '%s' has no breath weapon (his race's "
		       "`breath:`) [13.7]",
		       ind->name);
		return -1;
	}
	struct bs_indiv_order t;
	memset(&t, 0, sizeof t);
	t.tside = t.tunit = t.tindiv = -1;
	if (indiv_target(ld, si, n, &t) != 0)
		return -1;
	o->iorder.split = 1;
	o->cast.indiv = o->indiv;
	o->cast.spell = ind ? ind->race->breath : NULL;
	o->cast.tside = t.tside;
	o->cast.tunit = t.tunit;
	o->cast.tindiv = t.tindiv;
	o->cast.why = "the scenario's order";
	return 0;
}

/* An individual's entry [7.7] [9.0] [9.3] [9.4]: `to:` (with `via:` and
 * `target:`), or `role:` (with `of:` a unit), or `take_over:` a
 * commander. 0 ok, -1 after an error. */
static int parse_indiv(struct ld *ld, int si, const yaml_node_t *n,
		       yaml_node_t **v, struct bs_script_order *o)
{
	int bad = 0;
	static const int never[] = {OK_ORDER, OK_STEPS,	  OK_BY,
				    OK_ANGLE, OK_DECLARE, OK_SIDES};
	for (size_t i = 0; i < sizeof never / sizeof never[0]; i++)
		bad |= refuse(ld, v, never[i], "an individual's entry");
	o->indiv = ld_find_indiv(ld, si, v[OK_INDIVIDUAL], "individual");
	if (o->indiv < 0)
		bad = -1;
	o->iorder.tside = o->iorder.tunit = o->iorder.tindiv = -1;
	o->role.indiv = o->indiv;
	o->role.unit = o->role.post = -1;
	int kinds =
	    !!v[OK_TO] + !!v[OK_ROLE] + !!v[OK_TAKE_OVER] + !!v[OK_CAST];
	if (kinds != 1) {
		ld_err(ld, n,
		       "order: an individual's entry has exactly one of to (a "
		       "move), role or take_over (a change of role) or cast (a "
		       "spell), got %d",
		       kinds);
		return -1;
	}
	if (v[OK_CAST]) {
		bad |= refuse(ld, v, OK_BREATHE,
			      "a cast (only a move's, split-fire)");
		return parse_cast(ld, si, n, v, o) | bad;
	}
	bad |= refuse(ld, v, OK_AT, "an individual's entry but cast");
	if (v[OK_TO]) {
		o->kind = BS_SCRIPT_INDIV;
		bad |= refuse(ld, v, OK_OF, "a move (only role: takes of:)");
		o->iorder.move = 1;
		if (ld_position(ld, v[OK_TO], "to", &o->iorder.x,
				&o->iorder.y) != 0)
			bad = -1;
		int nv = ld_list(ld, v[OK_VIA], "via", BS_INDIV_MAX_VIA,
				 "waypoints");
		if (nv < 0)
			return -1;
		for (int i = 0; i < nv; i++)
			if (ld_position(ld, ld_item(ld, v[OK_VIA], i), "via",
					&o->iorder.via[i][0],
					&o->iorder.via[i][1]) != 0)
				bad = -1;
		o->iorder.nvia = nv;
		if (v[OK_TARGET] &&
		    indiv_target(ld, si, v[OK_TARGET], &o->iorder) != 0)
			bad = -1;
		if (v[OK_BREATHE] &&
		    split_breath(ld, si, v[OK_BREATHE], o) != 0)
			bad = -1;
		return bad;
	}
	bad |= refuse(ld, v, OK_BREATHE, "a change of role");
	o->kind = BS_SCRIPT_ROLE;
	bad |= refuse(ld, v, OK_VIA, "a change of role");
	bad |= refuse(ld, v, OK_TARGET, "a change of role");
	if (v[OK_TAKE_OVER]) {
		/* [9.3] a deputy takes over his commander's post */
		bad |= refuse(ld, v, OK_OF,
			      "a take-over (it names the "
			      "commander)");
		o->role.act = BS_RA_TAKE_OVER;
		o->role.post =
		    ld_find_indiv(ld, si, v[OK_TAKE_OVER], "take_over");
		if (o->role.post < 0)
			bad = -1;
		return bad;
	}
	int k = word(ld, v[OK_ROLE], "role", role_key, NULL, BS_RA__COUNT);
	if (k < 0)
		return -1;
	o->role.act = (enum bs_role_act)k;
	if (k == BS_RA_HERO) {
		bad |= refuse(ld, v, OK_OF, "role: hero");
	} else if (ld_require(ld, n, "role entry", "of", v[OK_OF]) != 0) {
		bad = -1;
	} else {
		o->role.unit = ld_find_unit(ld, si, v[OK_OF], "of");
		if (o->role.unit < 0)
			bad = -1;
	}
	return bad;
}

/* Parse entry n of side si into *o; 0 ok, -1 after an error. */
static int parse_order(struct ld *ld, int si, const yaml_node_t *n,
		       struct bs_script_order *o)
{
	const struct bs_side *side = &ld->s->sides[si];
	yaml_node_t *v[OK__N];
	memset(o, 0, sizeof *o);
	o->unit = -1;
	o->indiv = -1;
	o->mside = o->munit = o->mindiv = -1;
	o->order.tside = -1;
	o->order.tunit = -1;
	o->line = (int)n->start_mark.line + 1;
	o->col = (int)n->start_mark.column + 1;
	if (ld_collect(ld, n, "order", order_keys, OK__N, v) != 0)
		return -1;
	int bad = 0;
	if (ld_require(ld, n, "order", "round", v[OK_ROUND]) != 0 ||
	    ld_int(ld, v[OK_ROUND], "round", 1, BS_MAX_ROUNDS, &o->round) != 0)
		bad = -1;
	int whos = !!v[OK_UNIT] + !!v[OK_RALLY] + !!v[OK_MOB] + !!v[OK_FIRE] +
		   !!v[OK_MELEE] + !!v[OK_INDIVIDUAL] + !!v[OK_TURN];
	if (whos != 1) {
		ld_err(ld, n,
		       "order: expected exactly one of unit (a Movement "
		       "Phase order), rally or mob (Rally Phase), fire (a "
		       "volley), melee (the order of the melees), "
		       "individual or turn (turning undead), got %d",
		       whos);
		return -1;
	}
	if (v[OK_TURN])
		return parse_turn(ld, si, n, v, o) | bad;
	if (!v[OK_FIRE]) {
		static const int fire_only[] = {OK_PHASE, OK_MOVER, OK_AFTER,
						OK_AMMO};
		/* RULING R-338: a cast takes phase, mover, after too */
		for (size_t i = v[OK_CAST] ? 3 : 0;
		     i < sizeof fire_only / sizeof fire_only[0]; i++)
			bad |= refuse(ld, v, fire_only[i],
				      v[OK_CAST] ? "a cast entry"
						 : "an entry that is not a "
						   "fire entry");
	}
	if (v[OK_FIRE]) {
		bad |= refuse(ld, v, OK_BREATHE,
			      "a fire entry (only an individual's move)");
		return parse_fire(ld, si, n, v, o) | bad;
	}
	if (v[OK_INDIVIDUAL])
		return parse_indiv(ld, si, n, v, o) | bad;
	if (v[OK_UNIT] && v[OK_CAST])
		return parse_unit_breath(ld, si, n, v, o) | bad;
	/* the keys of an individual's entry */
	static const int ikeys[] = {OK_TO,	  OK_VIA,  OK_ROLE, OK_OF,
				    OK_TAKE_OVER, OK_CAST, OK_AT,   OK_BREATHE};
	for (size_t i = 0; i < sizeof ikeys / sizeof ikeys[0]; i++)
		bad |= refuse(ld, v, ikeys[i],
			      v[OK_UNIT]    ? "a unit's order (only an "
					      "individual's entry)"
			      : v[OK_MELEE] ? "a melee entry (only an "
					      "individual's entry)"
					    : "a Rally Phase entry (only an "
					      "individual's entry)");
	if (v[OK_MELEE]) {
		/* [1.6 B] "Side A chooses the order in which all other melee
		 * combat will be resolved": the units whose combats go first
		 * (RULING R-377) */
		o->kind = BS_SCRIPT_MELEE;
		static const int other[] = {OK_ORDER, OK_TARGET, OK_STEPS,
					    OK_BY,    OK_ANGLE,	 OK_DECLARE,
					    OK_SIDES};
		for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
			bad |= refuse(ld, v, other[i], "a melee entry");
		int k = ld_list(ld, v[OK_MELEE], "melee", BS_SCRIPT_MELEE_MAX,
				"units");
		if (k <= 0) {
			if (k == 0)
				ld_err(ld, v[OK_MELEE],
				       "melee: name the units whose combats "
				       "are resolved first");
			return -1;
		}
		for (int i = 0; i < k; i++) {
			int u = ld_find_unit(
			    ld, si, ld_item(ld, v[OK_MELEE], i), "melee");
			if (u < 0)
				bad = -1;
			else
				o->melee_units[o->nmelee++] = u;
		}
		return bad;
	}
	if (v[OK_UNIT]) {
		/* a Movement Phase order [7.0] */
		o->kind = BS_SCRIPT_MOVE;
		bad |= refuse(ld, v, OK_BY,
			      "a unit's order (only rally and "
			      "mob entries name a commander)");
		bad |= refuse(ld, v, OK_ANGLE,
			      "a unit's order (give an advance step's "
			      "angle in its step)");
		o->unit = ld_find_unit(ld, si, v[OK_UNIT], "unit");
		if (o->unit < 0)
			bad = -1;
		int k = -1;
		if (parse_declare(ld, v, &o->order) != 0)
			bad = -1;
		if (!v[OK_ORDER] && v[OK_DECLARE])
			k = BS_ORDER_HOLD; /* a declaration alone: it holds */
		else if (ld_require(ld, n, "order", "order", v[OK_ORDER]) == 0)
			k = word(ld, v[OK_ORDER], "order", unit_order_key,
				 unit_order_alt, BS_ORDER__COUNT);
		if (k < 0)
			return -1;
		o->order.kind = (enum bs_order_kind)k;
		if (v[OK_TARGET] &&
		    enemy_unit(ld, si, v[OK_TARGET], &o->order.tside,
			       &o->order.tunit) != 0)
			bad = -1;
		if (k == BS_ORDER_CHARGE && !v[OK_TARGET]) {
			/* [7.14] a charge ends in contact with its target */
			ld_err(ld, n,
			       "order: a charge needs a target (the enemy "
			       "unit it must reach [7.14])");
			bad = -1;
		}
		int ns = ld_list(ld, v[OK_STEPS], "steps", BS_ORDER_MAX_STEPS,
				 "steps");
		if (ns < 0)
			return -1;
		int stepless = k == BS_ORDER_HOLD || k == BS_ORDER_WITHDRAW ||
			       k == BS_ORDER_FLEE;
		if (ns > 0 && stepless) {
			ld_err(ld, v[OK_STEPS],
			       "steps: a %s order has no steps (%s)",
			       unit_order_key[k],
			       k == BS_ORDER_HOLD	? "the unit stays"
			       : k == BS_ORDER_WITHDRAW ? "3\" straight back "
							  "[7.12]"
							: "about face and full "
							  "MV away [8.8]");
			bad = -1;
		}
		if (ns == 0 &&
		    (k == BS_ORDER_MOVE || k == BS_ORDER_FORCED_MARCH)) {
			ld_err(ld, n,
			       "order: a %s order needs its steps (advance, "
			       "wheel, face, frontage, formation)",
			       unit_order_key[k]);
			bad = -1;
		}
		for (int i = 0; i < ns && !stepless; i++) {
			int ts = -1, tu = -1;
			yaml_node_t *sn = ld_item(ld, v[OK_STEPS], i);
			if (parse_step(ld, si, sn,
				       &o->order.step[o->order.nsteps], &ts,
				       &tu) != 0) {
				bad = -1;
				continue;
			}
			if (o->order.step[o->order.nsteps].kind ==
			    BS_STEP_FIRE) {
				/* [10.5] the split-fire's target is the
				 * order's */
				if (k != BS_ORDER_MOVE ||
				    (o->order.tside >= 0 &&
				     (o->order.tside != ts ||
				      o->order.tunit != tu))) {
					ld_err(ld, sn,
					       "fire: split-fire is one volley "
					       "in a move order, at its one "
					       "target [10.5] [10.4]");
					bad = -1;
					continue;
				}
				o->order.tside = ts;
				o->order.tunit = tu;
			}
			o->order.nsteps++;
		}
		return bad;
	}
	/* a Rally Phase entry [6.0]: a rally attempt or an order to a mob */
	const char *kind = v[OK_RALLY] ? "a rally entry" : "a mob order";
	const char *what = kind + 2; /* "rally entry", "mob order" */
	bad |= refuse(ld, v, OK_TARGET, kind);
	bad |= refuse(ld, v, OK_STEPS, kind);
	bad |= refuse(ld, v, OK_DECLARE, kind);
	bad |= refuse(ld, v, OK_SIDES, kind);
	if (v[OK_RALLY]) {
		o->kind = BS_SCRIPT_RALLY;
		o->mob_order = BS_MOB_NONE;
		bad |= refuse(ld, v, OK_ORDER, kind);
		bad |= refuse(ld, v, OK_ANGLE, kind);
		o->unit = ld_find_unit(ld, si, v[OK_RALLY], "rally");
	} else {
		o->kind = BS_SCRIPT_MOB;
		o->unit = ld_find_unit(ld, si, v[OK_MOB], "mob");
		if (o->unit >= 0 && side->units[o->unit].type != BS_UNIT_MOB) {
			ld_err(ld, v[OK_MOB],
			       "mob: '%s' is not a mob; orders are given "
			       "to mobs only [2.10]",
			       side->units[o->unit].name);
			bad = -1;
		}
		int k = -1;
		if (ld_require(ld, n, what, "order", v[OK_ORDER]) == 0)
			k = word(ld, v[OK_ORDER], "order", mob_order_key,
				 mob_order_alt, BS_MOB__COUNT);
		if (k < 0)
			return -1;
		o->mob_order = (enum bs_mob_order)k;
		if (k == BS_MOB_WHEEL) {
			/* [2.10] wheel up to 90 degrees */
			if (ld_require(ld, n, what, "angle", v[OK_ANGLE]) !=
				0 ||
			    ld_num(ld, v[OK_ANGLE], "angle", -90, 90,
				   &o->mob_angle) != 0)
				bad = -1;
		} else {
			bad |= refuse(ld, v, OK_ANGLE,
				      "a mob order other than wheel");
		}
	}
	if (o->unit < 0)
		bad = -1;
	if (ld_require(ld, n, what, "by", v[OK_BY]) != 0 ||
	    (o->indiv = ld_find_indiv(ld, si, v[OK_BY], "by")) < 0)
		bad = -1;
	return bad;
}

/* ---- a side -----------------------------------------------------------------
 */

static void side_orders(struct ld *ld, int si, const struct ld_side_aux *a)
{
	struct bs_side *side = &ld->s->sides[si];
	int ctl = -1;
	if (a->controller &&
	    ld_enum(ld, a->controller, "controller", bs_controller_kind_name,
		    BS_CTL__COUNT, &ctl) == 0)
		side->controller = (enum bs_controller_kind)ctl;
	int len = ld_list(ld, a->orders, "orders", LD_MAX_ORDERS, "orders");
	if (len <= 0)
		return;
	if (ctl < 0 && !a->controller)
		side->controller = BS_CTL_SCRIPTED;
	else if (ctl >= 0 && ctl != BS_CTL_SCRIPTED)
		ld_err(ld, a->orders,
		       "orders: side '%s' has controller: %s; only a "
		       "scripted side plays orders (controller: scripted)",
		       side->name, bs_controller_kind_name[ctl]);
	struct bs_script_order *o = ld_alloc(ld, (size_t)len * sizeof *o);
	if (!o)
		return;
	int n = 0;
	for (int i = 0; i < len; i++) {
		yaml_node_t *in = ld_item(ld, a->orders, i);
		if (parse_order(ld, si, in, &o[n]) != 0)
			continue;
		/* one Movement Phase order per unit and round [7.0] */
		int dup = -1;
		for (int j = 0; j < n && o[n].kind == BS_SCRIPT_MOVE; j++)
			if (o[j].kind == BS_SCRIPT_MOVE &&
			    o[j].unit == o[n].unit && o[j].round == o[n].round)
				dup = j;
		if (dup >= 0) {
			ld_err(ld, in,
			       "order: unit '%s' already has an order for "
			       "round %d (line %d)",
			       side->units[o[n].unit].name, o[n].round,
			       o[dup].line);
			continue;
		}
		/* one move and one change of role per individual and round
		 * [7.0] [9.0] */
		for (int j = 0; j < n && (o[n].kind == BS_SCRIPT_INDIV ||
					  o[n].kind == BS_SCRIPT_ROLE);
		     j++)
			if (o[j].kind == o[n].kind &&
			    o[j].indiv == o[n].indiv &&
			    o[j].round == o[n].round)
				dup = j;
		if (dup >= 0) {
			ld_err(ld, in,
			       "order: individual '%s' already has %s for "
			       "round %d (line %d)",
			       side->individuals[o[n].indiv].name,
			       o[n].kind == BS_SCRIPT_INDIV
				   ? "a move"
				   : "a change of role",
			       o[n].round, o[dup].line);
			continue;
		}
		n++;
	}
	side->orders = o;
	side->norders = n;
}

void ld_orders(struct ld *ld, struct ld_side_aux *aux)
{
	for (int si = 0; si < ld->s->nsides; si++)
		side_orders(ld, si, &aux[si]);
}

/* ---- one order typed at the referee's prompt (issue 17) ------------------
 */

/* Append to buf[*used..cap) (cut when full). */
static void cat(char *buf, size_t cap, size_t *used, const char *t)
{
	size_t n = strlen(t);
	if (*used + n >= cap)
		n = *used < cap - 1 ? cap - 1 - *used : 0;
	memcpy(buf + *used, t, n);
	*used += n;
	buf[*used] = '\0';
}

/* A YAML double-quoted scalar of t. */
static void cat_quoted(char *buf, size_t cap, size_t *used, const char *t)
{
	cat(buf, cap, used, "\"");
	for (; *t; t++) {
		char c[3] = {*t, 0, 0};
		if (*t == '"' || *t == '\\') {
			c[0] = '\\';
			c[1] = *t;
		}
		cat(buf, cap, used, c);
	}
	cat(buf, cap, used, "\"");
}

/* Does the typed entry start with a key ("order: ...", "rally: ...")?
 * A first item without ':' is the order's word. */
static int starts_with_key(const char *t)
{
	for (; *t && *t != ','; t++)
		if (*t == ':')
			return 1;
	return 0;
}

enum bs_status ld_parse_typed(const struct bs_scenario *sc, int side, int round,
			      const struct ld_typed *ty, const char *text,
			      ld_entry_fn fn, void *out, char *err,
			      size_t errlen)
{
	err[0] = '\0';
	if (side < 0 || side >= sc->nsides || !text) {
		snprintf(err, errlen, "no such side");
		return BS_ERR_INPUT;
	}
	while (*text == ' ' || *text == '\t')
		text++;
	if (!*text) {
		snprintf(err, errlen, "nothing entered: %s, or 'help'",
			 ty->what);
		return BS_ERR_INPUT;
	}
	if (strlen(text) > 2000) {
		snprintf(err, errlen, "the order is too long");
		return BS_ERR_INPUT;
	}
	char doc_text[4096];
	size_t used = 0;
	char rnd[32];
	snprintf(rnd, sizeof rnd, "round: %d, ", round);
	cat(doc_text, sizeof doc_text, &used, "{");
	cat(doc_text, sizeof doc_text, &used, rnd);
	if (ty->unit_name) {
		cat(doc_text, sizeof doc_text, &used, ty->unit_key);
		cat(doc_text, sizeof doc_text, &used, ": ");
		cat_quoted(doc_text, sizeof doc_text, &used, ty->unit_name);
		cat(doc_text, sizeof doc_text, &used, ", ");
	}
	int bare = !starts_with_key(text);
	if (bare)
		cat(doc_text, sizeof doc_text, &used, ty->bare_pre);
	cat(doc_text, sizeof doc_text, &used, text);
	if (bare)
		cat(doc_text, sizeof doc_text, &used, ty->bare_post);
	cat(doc_text, sizeof doc_text, &used, "}");

	struct bs_diags diags;
	bs_diags_init(&diags);
	struct bs_arena *arena = NULL, *tmp = NULL;
	int nerr = 0, oom = 0;
	long visits = 0;
	yaml_document_t doc;
	struct ld ld = {
	    .doc = &doc,
	    .file = "order",
	    .diags = &diags,
	    .nerr = &nerr,
	    /* read only: the entry's parser looks names up, it writes
	     * nothing */
	    .s = (struct bs_scenario *)sc,
	    .arena = &arena,
	    .tmp = &tmp,
	    .oom = &oom,
	    .visits = &visits,
	    .user = 1,
	    .game = sc->game,
	};
	enum bs_status st = BS_ERR_INPUT;
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p)) {
		snprintf(err, errlen, "out of memory");
		return BS_ERR_RUNTIME;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)doc_text, used);
	if (!yaml_parser_load(&p, &doc)) {
		snprintf(err, errlen,
			 "not an order: %s (write it as in a "
			 "scenario's orders:, like '%s')",
			 p.problem ? p.problem : "cannot be read", ty->example);
		yaml_parser_delete(&p);
		return BS_ERR_INPUT;
	}
	yaml_parser_delete(&p);
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	if (root && fn(&ld, side, root, out) == 0 && nerr == 0 && !oom)
		st = BS_OK;
	else if (diags.count > 0)
		snprintf(err, errlen, "%s", diags.items[0].msg);
	else
		snprintf(err, errlen, "%s",
			 oom ? "out of memory" : "not an order");
	yaml_document_delete(&doc);
	bs_arena_free(arena);
	bs_arena_free(tmp);
	bs_diags_release(&diags);
	return st;
}

static int parse_order_fn(struct ld *ld, int si, const yaml_node_t *n,
			  void *out)
{
	return parse_order(ld, si, n, out);
}

enum bs_status bs_scenario_parse_order(const struct bs_scenario *sc, int side,
				       int round, int unit, const char *text,
				       struct bs_script_order *out, char *err,
				       size_t errlen)
{
	struct ld_typed ty = {
	    .unit_key = "unit",
	    .unit_name = side >= 0 && side < sc->nsides && unit >= 0 &&
				 unit < sc->sides[side].nunits
			     ? sc->sides[side].units[unit].name
			     : NULL,
	    .bare_pre = "order: ",
	    .bare_post = "",
	    .what = "type an order (like 'hold', 'charge, target: NAME')",
	    .example = "move, steps: [{advance: 6}]",
	};
	enum bs_status st = ld_parse_typed(sc, side, round, &ty, text,
					   parse_order_fn, out, err, errlen);
	if (st == BS_OK && sc->rules == BS_RULES_BS2E &&
	    ld_bs2e_order_check(out, err, errlen) != 0)
		st = BS_ERR_INPUT;
	out->line = out->col = 0;
	return st;
}
