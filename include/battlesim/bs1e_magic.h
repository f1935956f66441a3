/* 1E magic on the table (issue 16): [14.2] a catalog record's area of
 * effect converted by Table 17 and placed as a shape, the figures of a
 * battle it covers (units' figures and the individuals standing alone),
 * and [14.5 A] hit-point damage to individuals by the AD&D rules. Reads
 * the battle, never changes it, never prints. The saving throws [14.3]
 * and the HD of damage and fate of a figure [14.5] are the pure functions
 * of bs1e_combat.h. */
#ifndef BATTLESIM_BS1E_MAGIC_H
#define BATTLESIM_BS1E_MAGIC_H

#include "battlesim/battle.h"
#include "battlesim/bs1e_combat.h"
#include "battlesim/spell.h"
#include "battlesim/tabletop.h"

/* [14.2] Table 17: an AD&D area length of `adnd_tenths` tenths of an
 * inch (1" = 10') on the table, inches: the table's row for a whole 1"
 * to 6" (the rulebook's column, or the annotated chapter's when
 * `annotated`, option table17_annotated, RULING R-005), otherwise the
 * exact scale "3\" of area of effect in the AD&D game to equal 1\""
 * (RULING R-570). 0 for 0. */
double bs1e_area_inches(int adnd_tenths, int annotated);

/* The area of record `sp` used at caster level `level` (0: an item's
 * level) on the table: shape and tabletop sizes (a circle's radius,
 * RULING R-565 for one printed by its diameter; a square printed by one
 * side has b = a), and the AD&D figures they come from (tenths). Returns
 * 0, or -1 when the record has no area (a target, a touch) or its area is
 * not known (RULING R-564). */
struct bs1e_area_size {
	int shape;		/* enum bs_area_shape */
	int a_tenths, b_tenths; /* AD&D, as printed (diameter if so) */
	double a, b;		/* tabletop inches (radius for a circle) */
};
int bs1e_spell_area_size(const struct bs_spell *sp, int level, int annotated,
			 struct bs1e_area_size *out);

/* One figure an area covers. */
struct bs1e_area_hit {
	int side;
	int unit;	/* unit index on `side`, or -1 for an individual */
	int fig;	/* the unit's figure (slot order), or -1 */
	int indiv;	/* the individual's index on `side`, or -1 */
	double cover;	/* fraction of its surface (RULING R-568) in the area */
	int whole;	/* 1: all of it in the area: all its creatures */
	int creatures;	/* of its creatures in the area [14.5 A] */
	int per_figure; /* the creatures it stands for (1:1 figures: 1) */
	/* lines and cones [14.5 B]: the side of the figure the effect
	 * strikes (from the direction it travels), and for a cone whether
	 * the figure's centre is in the first half of its length */
	enum bs1e_strike strike;
	int first_half;
};

/* The figures of battle b that area `ar` covers, in order (sides, then
 * their units and each unit's figures in slot order, then the individuals
 * standing alone on the table [9.4]; individuals with a unit are not
 * targets [14.4]): figures with creatures in the area. Writes at
 * most cap into out; returns how many there are. */
int bs1e_area_figures(const struct bs_battle *b, const struct bs_tt_area *ar,
		      struct bs1e_area_hit *out, int cap);

/* The strike of a line or cone travelling along `facing` on a figure of
 * base quad q (p[0] front-left, p[3] front-right) [14.5 B]: the arc of the
 * figure the effect comes from. */
enum bs1e_strike bs1e_area_strike(const struct bs_quad *q, double facing);

/* ---- [14.5 A] hit-point damage to individuals --------------------------- */

/* "Against individuals, damage is determined by normal AD&D or D&D game
 * rules": the damage of record `sp` at caster `level` (0: an item's)
 * rolled in hit points (dice kind "damage"; n elements each with its plus:
 * 3 magic missiles of d4+1 are 3d4+3; a breath weapon `breather_hp`),
 * then, when the record allows one, his saving throw ([14.3], dice kind
 * "save") against `number` with `mod`: half rounded down (RULING R-571)
 * or nothing on a save. `hp` his hit points now. Returns 0; -1 when the
 * record does no hit-point damage (or a breath has no breather_hp) or src
 * failed; -2 when a save's effect is "partial" (the record's note says
 * what it does: not computed). */
struct bs1e_indiv_spell {
	int rolled;   /* hit points rolled */
	int save_die; /* the d20 (0: no saving throw) */
	int saved;
	int damage; /* taken */
	int hp_before, hp_after;
	int killed; /* hp_after <= 0 */
};
int bs1e_spell_hp_damage(const struct bs_spell *sp, int level, int breather_hp,
			 int hp, int number, int mod,
			 struct bs_dice_source *src,
			 const struct bs1e_save_who *who,
			 struct bs1e_indiv_spell *out);

/* The damage an individual takes from `rolled` hit points when he saved
 * (`saved`) against a record whose save effect is `save_effect` (enum
 * bs_save_effect): half rounded down, none, or all. */
int bs1e_spell_hp_after_save(int rolled, int save_effect, int saved);

/* ---- the play of [14.5] spells in a battle (r14_cast.c, issue 16) ------
 * Step A of the Missile and Magic Phase [1.5 A], the Advanced Game. */

/* A cast order checked: whether it may be cast ([14.1]: REJECTED, nothing
 * spent, when not), and where it lands. A legal cast that is out of range
 * or whose caster cannot see the target `fails` and is spent [14.4]. */
struct bs1e_cast_plan {
	int legal;
	int fails;
	const char *why, *cite; /* when not legal, or when it fails */
	int k;			/* the caster, global individual index */
	int g;			/* the unit he is with (global), -1 alone */
	int level;		/* his caster level for the spell's list */
	const struct bs_spell *sp;
	int tg, tk;	     /* the target: unit or individual (global), -1 */
	struct bs_vec from;  /* where he casts from (RULING R-572) */
	struct bs_vec aim;   /* the point the range is measured to */
	double range, reach; /* inches from `from` to `aim`; the spell's */
	int has_area;	     /* 0: the spell strikes its target only */
	struct bs1e_area_size size;
	struct bs_tt_area area; /* placed (RULING R-573) */
	/* [13.7] a breath weapon (r13_breath.c): the breather's hit points
	 * now, its damage (0: a spell) */
	int breath_hp;
	/* [14.20] a wand, staff or rod (RULING R-681): 1 + the index of the
	 * item used in his items (0: a spell or a breath) */
	int item;
};

/* Check cast order o of `side` now (RULING R-572 .. R-576); returns
 * p->legal. Reads only. */
int bs1e_check_cast(const struct bs_battle *b, int side,
		    const struct bs_cast_order *o, struct bs1e_cast_plan *p);

/* Carry out legal plan p (from bs1e_check_cast) now: spend, place,
 * strike, with its CAST events; `why` the caster's reason (may be NULL).
 * Issue 15: the individual combat of [9.4 B] casts through it (RULING
 * */
void bs1e_cast_run(struct bs_battle *b, struct bs1e_cast_plan *p,
		   const char *why);

/* [14.2] RULING R-718: the Game Rounds record sp takes to cast (1 round
 * = 1 Game Round [14.1], a turn 10, an hour 60; segments: 1 Game Round up
 * to 10, else a Game Round per 10 begun; 0 "special": 1). A spell of more
 * than 1 goes off in step A of its last Game Round (r14_chant.c). */
int bs1e_cast_rounds(const struct bs_spell *sp);

/* RULING R-718: the Game Round in which the spell individual `indiv` of
 * `side` is casting goes off (0: none under way), its record in *sp (may
 * be NULL). */
int bs1e_casting_until(const struct bs_battle *b, int side, int indiv,
		       const struct bs_spell **sp);

/* [14.7] RULING R-729: 1 when individual `indiv` of `side` keeps up a
 * chant (its effects last while he does). */
int bs1e_chanting(const struct bs_battle *b, int side, int indiv);

/* [14.0] [13.7] RULING R-335: 1 when record sp may be used as
 * pass-through fire: a spell of [14.5] or [14.6] (bs_spell_pass_through),
 * an item whose spell is one, a breath weapon. */
int bs1e_pt_magic_ok(const struct bs_spell *sp);

/* How many of record sp individual `indiv` of `side` has left [14.1] (0:
 * none, or never memorized); with sp NULL, all his spells left. */
int bs1e_spells_left(const struct bs_battle *b, int side, int indiv,
		     const struct bs_spell *sp);

/* [14.20] RULING: the charges left of individual `indiv` of
 * `side`'s wands, staves and rods of record sp (all he holds of it), or
 * with sp NULL of all of them (only those whose spell is played). */
int bs1e_charges_left(const struct bs_battle *b, int side, int indiv,
		      const struct bs_spell *sp);

/* [14.20] The wand, staff or rod record of his i-th item (`items:`) when
 * its spell is played (bs_spell_played), else NULL. */
const struct bs_spell *bs1e_item_of(const struct bs_battle *b, int side,
				    int indiv, int i);

/* His caster level for record sp: the highest level of his classes that
 * cast from its list (PH), 0 when none does. */
int bs1e_caster_level(const struct bs_individual *ind,
		      const struct bs_spell *sp);

/* The expected result of a legal plan (for the AI): the HD the figures of
 * enemies of `side` lose in all (a removed figure its HD, a wounded one
 * half, RULING R-577), the saving throws' chances in; the same for the
 * side's own figures, and the figures and individuals of each side the
 * area covers. Reads only. */
struct bs1e_cast_value {
	double enemy_hd, own_hd;
	int enemy_figs, own_figs; /* individuals counted as figures */
};
void bs1e_cast_expect(const struct bs_battle *b, int side,
		      const struct bs1e_cast_plan *p,
		      struct bs1e_cast_value *v);

/* ---- spell effects with durations (r14_effects.c, issue 16) -------------
 * [14.6 B] holds and [14.9] fear in play; the battle's list of effects,
 * counted down at the End of Game Round (RULING R-620). */

/* The markers of [14.0] an effect places (the CAST event's `marker`). */
enum bs1e_marker {
	BS1E_MARKER_NONE,
	BS1E_MARKER_IMMOBILIZED,
	BS1E_MARKER_CHARM,
	BS1E_MARKER_MAGIC,     /* [14.7] part of a unit enchanted */
	BS1E_MARKER_INVISIBLE, /* [14.8] RULING R-631 */
	BS1E_MARKER__COUNT
};
extern const char *const bs1e_marker_name[BS1E_MARKER__COUNT];

/* [14.8] RULING: 1 when individual `indiv` of `side` is
 * invisible and not detected: the other side cannot attack him (the AI
 * does not choose him). */
int bs1e_indiv_unseen(const struct bs_battle *b, int side, int indiv);
/* [14.8] RULING: 1 when unit `unit` of `side` is invisible
 * and not detected. */
int bs1e_unit_unseen(const struct bs_battle *b, int side, int unit);

/* The value of legal plan p of an effect spell for `side` (the doctrine,
 * RULING R-627): the HD of enemy figures expected held or routed (an
 * individual: a quarter of his hit points); < 0 when its area covers one
 * of the side's own; 0 when it would do nothing. Reads only. */
/* [14.7] for the AI (RULING R-687, r14_bonus.c): the HD of the figures
 * legal plan p of a spell bs_spell_bonus_played names would better (its
 * friends' bonuses, its enemies' penalties), of units about to fight
 * (in melee, or an enemy unit within 12" of a friend's), not those it
 * enchants already. */
double bs1e_bonus_expect(const struct bs_battle *b, int side,
			 const struct bs1e_cast_plan *p);
double bs1e_fx_expect(const struct bs_battle *b, int side,
		      const struct bs1e_cast_plan *p);

/* ---- [13.7] breath weapons as magical artillery (r13_breath.c) ---------
 * An individual whose race has a breath weapon (the catalog's `breath:`)
 * breathes it in step A of the Missile and Magic Phase by a cast order
 * whose record is that breath weapon: the [14.5] path of the cast, with
 * its uses a day counted and its damage his hit points now. */

/* The breath weapon of individual `indiv` of `side` (his race's), NULL
 * when he has none. */
const struct bs_spell *bs1e_breath_of(const struct bs_battle *b, int side,
				      int indiv);

/* The breaths he has left today [13.7] (the MM's uses a day), 0 none. */
int bs1e_breaths_left(const struct bs_battle *b, int side, int indiv);

/* RULING R-645: the breath weapon of unit `unit` of `side` (every
 * creature of its figures has it: a pure unit on foot whose creature has
 * `breath:`), NULL none; its breaths left today (RULING R-642). */
const struct bs_spell *bs1e_unit_breath_of(const struct bs_battle *b, int side,
					   int unit);
int bs1e_unit_breaths_left(const struct bs_battle *b, int side, int unit);

/* Check breath order o of `side`'s unit now (RULING ..
 * [14.1] the unit, its uses a day, once a Game Round; then the
 * cast's target, area, range and sight, p->k -1 and p->g the unit);
 * returns p->legal. The special Morale Check [14.1] of a regular unit
 * out of command is rolled when it breathes. Reads only. */
int bs1e_check_unit_breath(const struct bs_battle *b, int side,
			   const struct bs_breath_order *o,
			   struct bs1e_cast_plan *p);

/* ---- magic resistance [3.1] [14.1] (r14_resist.c) ---------------------- */

/* MR % `mr` against a caster of `caster_level` (the MM: the figure is
 * against the 11th level, 5% more a level below, 5% less a level above;
 * 0..100). */
int bs1e_mr_at(int mr, int caster_level);
/* The MR of unit g's figures (global; a mixed unit's lowest, RULING
 * R-646) and of individual k (global: his `mr:`, else his race's). */
int bs1e_unit_mr(const struct bs_battle *b, int g);
int bs1e_indiv_mr(const struct bs_battle *b, int k);
/* Before plan p strikes n figures of unit g (or individual k when g < 0):
 * one d100 each (dice kind magic_resistance), res[i] 1 when figure i is
 * unaffected; a CAST event of step 5 when any MR. Returns how many
 * resisted (0: no MR, or a breath weapon, RULING R-647), -1 when the dice
 * failed. */
int bs1e_resist(struct bs_battle *b, const struct bs1e_cast_plan *p, int g,
		int k, int n, signed char *res);
/* bs1e_resist with the MR `base` given (before the caster's level) and
 * the part of unit g's figures it is for (0 the whole figure; 1 a mounted
 * figure's riders or passengers, 2 its steeds or pullers, RULING R-530:
 * the event's n[6]). */
int bs1e_resist_base(struct bs_battle *b, const struct bs1e_cast_plan *p, int g,
		     int k, int n, signed char *res, int base, int part);

#endif
