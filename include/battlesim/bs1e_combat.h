/* The 1E combat kernel: the [8.4] melee procedure steps A-G, the [8.5] dice
 * conversions, [8.6] multiple attacks, [8.7] kills and wounds, [11.1]
 * [11.4] [11.5] cavalry, [11.6] [11.7] special formations, [13.1]-[13.5]
 * creature abilities, [14.5] magic damage, [14.12] mirror image, [9.4 A] heroes
 * vs figures and the [7.13] forced-march AR penalty. HD of damage are integers
 * in tenths (0.5 HD = 5). Pure functions on caller storage: no globals, no
 * printing. */
#ifndef BATTLESIM_BS1E_COMBAT_H
#define BATTLESIM_BS1E_COMBAT_H

#include <stddef.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/deriv.h"
#include "battlesim/dice.h"
#include "battlesim/model.h"

/* ---- [8.3] / [8.4 A] adjusted AR ----------------------------------------- */

/* The adjusted AR: base AR plus each Table 10 row whose bit
 * (1u << enum bs1e_t10) is set in t10, and each row of the Table 10 special
 * note whose bit (1u << enum bs1e_t10x) is set in t10x, each a term with
 * its cite ("AR 19 = 20 -1 commander fighting [8.3 T10]"). The higher-
 * ground row takes its sign from bs1e_t10_higher_ground(higher_ground_plus)
 * (RULING R-006 of the tables). Callers add further terms (forced march
 * [7.13], cavalry charge [11.4]) with bs_deriv_add. Cannot fail. */
void bs1e_ar_adjusted(int base_ar, unsigned t10, unsigned t10x,
		      int higher_ground_plus, struct bs_deriv *out);

/* [11.4] charging cavalry or chariots: -2 to AR unless the defender is in
 * set spears/pikes formation; added as a term of *d (against set spears a
 * term of 0 that says why there is none). */
void bs1e_ar_add_cavalry_charge(struct bs_deriv *d, int defender_set_spears);

/* ---- [8.5] dice conversions ---------------------------------------------- */

/* Shift a CRT column [8.5]: right (shift > 0) one column per plus, past
 * D20 wrapping to D2 and adding one D20 result per wrap (*wraps counts
 * them); left (shift < 0) one per minus, stopping at D2 (*clamped set to 1
 * when it stopped). wraps and clamped may be NULL. */
enum bs1e_col bs1e_col_shift(enum bs1e_col from, int shift, int *wraps,
			     int *clamped);

/* One damage reading on the CRT: count x (wraps x D20 + col). */
struct bs1e_colread {
	int count;	    /* dice of the part, the multiplier [8.5] */
	int sides;	    /* die as written; 0 for a fixed number */
	int plus;	    /* modifier as written (fixed number: the number) */
	int adjust;	    /* extra shifts: [13.1] adjustment, [13.2] poison */
	enum bs1e_col base; /* column of the die before shifting */
	int shift;	    /* net shift applied (+ right, - left) */
	enum bs1e_col col;  /* column read after shifting */
	int wraps;	    /* D20 results added past D20 [8.5] */
	int clamped;	    /* a left shift stopped at D2 [8.5] */
	int odd_die;	    /* RULING R-062: a die without a column */
	int fixed;	    /* RULING R-062: a fixed number as D2+(N-1) */
	int poison;	    /* 1: the [13.2] extra damage of a poison */
	int doubled;	    /* 1: the reading counts twice ([11.4] a lance
			       in a charge, [11.7] set spears) */
};

/* Convert one part of a dice expression, with `adjust` extra column
 * shifts, into a reading ([8.5], [13.1]). Returns 0, or -1 with a message
 * in err (a die larger than d20, a fixed number below 1). */
int bs1e_colread_for_part(const struct bs_dice_part *p, int adjust,
			  struct bs1e_colread *out, char *err, size_t errlen);

/* HD of damage in tenths of one reading at an attack roll [8.4 D]. */
int bs1e_colread_tenths(const struct bs1e_colread *r, int attack_roll);

/* "D8", "D20 + D4", "4 x D20 + D3", "2 x D8", "3 x (D20 + D8)". */
char *bs1e_colread_format(const struct bs1e_colread *r, char *buf, size_t len);

/* ---- [8.4] one attack -----------------------------------------------------
 */

/* [13.2] poison that does extra damage or kills. */
enum bs1e_poison {
	BS1E_POISON_NONE,
	BS1E_POISON_WEAK,   /* weak, or save at a bonus: 1 shift */
	BS1E_POISON_NORMAL, /* undefined strength: 2 shifts */
	BS1E_POISON_STRONG, /* strong, or save at a penalty: 3 shifts */
	BS1E_POISON__COUNT
};
/* The column shift of a poison [13.2]: 0, 1, 2 or 3. */
int bs1e_poison_shift(enum bs1e_poison p);
extern const char *const bs1e_poison_name[BS1E_POISON__COUNT];

/* What one attacking unit does (caller storage). Zero-initialize, then
 * set; attacks_num/den of 0 mean 1/1. */
struct bs1e_attack_spec {
	int ar; /* adjusted AR [8.4 A] */
	int ac; /* defender's AC */
	/* damage of one figure; '/' parts are different attacks added with
	 * the same roll [8.6]; rider and mount of cavalry [11.5] are parts */
	struct bs_dice damage;
	int damage_plus;	      /* [13.1] shifts added to every part */
	int attacks_num, attacks_den; /* [8.6] routines per phase (3/2) */
	int figures;		      /* attacking figures [8.4 E] */
	enum bs1e_poison poison;      /* [13.2] */
	int poison_part;	      /* index of the poisonous part; -1 last */
	/* the poisonous parts (bits, 1u << part) when several are (a
	 * figure in play, RULING R-603); 0: poison_part alone */
	unsigned poison_parts;
	int level_drain;    /* [13.5] double damage */
	int paralysis_only; /* [13.4] the only damage: D4 column */
	/* damage parts (bits, 1u << part) whose reading is doubled: [11.4]
	 * weapons that double in a charge (lances) in a cavalry or chariot
	 * charge, [11.7] set spears against the unit that charged them */
	unsigned doubled;
};

/* every part, and the [13.2] poison reading of each poisonous part */
#define BS1E_ATTACK_MAX_READS (2 * BS_DICE_MAX_ATTACKS)

/* The roll-independent part of an attack: step A and step C. */
struct bs1e_attack_plan {
	int ar, ac;
	int ar_minus_ac; /* [8.4 A] */
	int nreads;
	struct bs1e_colread read[BS1E_ATTACK_MAX_READS];
	int attacks_num, attacks_den;
	int level_drain;
	int paralysis_only;
	int figures;
};

/* Plan an attack (steps A, C). Returns 0, or -1 with a message in err
 * (no damage parts, a part without a CRT column, bad attack counts,
 * figures < 1, a poison part out of range). */
int bs1e_attack_plan(const struct bs1e_attack_spec *s,
		     struct bs1e_attack_plan *out, char *err, size_t errlen);

struct bs1e_attack_result {
	int roll;				/* 2d6 total [8.4 B] */
	int attack_roll;			/* AR - AC + 2d6 [8.4 B] */
	int read_tenths[BS1E_ATTACK_MAX_READS]; /* each reading [8.4 D] */
	int routine_tenths;			/* sum of the readings */
	int per_figure_tenths;			/* x attacks, x2 level drain */
	int total_tenths;			/* x figures [8.4 E] */
};

/* Steps B, D, E up to the total HD, for a 2d6 total `roll` (2..12). */
void bs1e_attack_resolve(const struct bs1e_attack_plan *p, int roll,
			 struct bs1e_attack_result *out);

/* ---- an attack in a battle now (the referee's `odds`, issue 17) ------ */

struct bs_battle;

/* The attack unit g would make on enemy unit h (global indexes) of a 1E
 * battle in its position now, with the numbers the Melee Phase uses: the
 * figures eligible [8.1], the arc, the adjusted AR with every Table 10
 * row in force [8.3] (and the [7.13] forced-march penalty), the
 * defender's AC and the damage dice of the attacker's weapon against the
 * defender's size. */
struct bs1e_attack_now {
	int in_contact; /* 1: in contact now; 0: not, as if its front rank
			   (its files) made contact now */
	int figures;	/* [8.1] eligible figures (in contact), or its files */
	int arc;	/* enum bs_arc of the attack on h */
	int charged;	/* [7.14] the closed regular charge counted */
	struct bs_deriv ar;	      /* the adjusted AR [8.3] [8.4 A] */
	struct bs1e_attack_spec spec; /* figures set */
	int target_hd;		      /* HD of one figure of h, tenths */
	int target_figures, target_wounded;
	/* not NULL: it may not attack h now (routed [6.4], a skirmisher
	 * against a unit [2.9], weapons that cannot harm it [13.3], ...) */
	const char *cannot, *cite;
};

/* Fill *out for g's attack on h; `charging`: count the [7.14] charge bonus
 * as if it charged this Game Round (it is counted anyway when it did).
 * Returns 0, or -1 when b is not a 1E battle or g, h are not enemy units
 * (*out untouched). Changes nothing. */
int bs1e_attack_now(const struct bs_battle *b, int g, int h, int charging,
		    struct bs1e_attack_now *out);

/* Issue 13 part 2, the broad phase of the contact queries of a 1E battle
 * (global unit indexes): the next unit after h (h = -1: the first) that
 * may touch unit g, b->nunits after the last. Every unit in base-to-base
 * contact with g is among them, in ascending order; during a Game Round
 * only the units whose bounding boxes lie within BS_GEOM_TOUCH of g's
 * (the pair table), otherwise every unit (h + 1). */
int bs1e_near_next(const struct bs_battle *b, int g, int h);

/* Issue 13 part 2: the units in play but `skip` (global, -1 none) of a 1E
 * battle whose bounding boxes (of their blocks as they stand) meet box
 * *reach, in ascending order (global indexes) into list (room for
 * b->nunits); returns how many. During a Game Round read from the grid of
 * the pair table (time linear in the cells and units met), otherwise a
 * scan of every unit: the same list. */
struct bs_box;
int bs1e_units_meeting(const struct bs_battle *b, int skip,
		       const struct bs_box *reach, int *list);

/* Roll 2d6 from src (the two dice go to src->record when it has one). */
int bs1e_roll_2d6(struct bs_dice_source *src);

/* Ways out of 36 that 2d6 totals `roll` (0 outside 2..12). */
int bs1e_2d6_ways(int roll);

/* [8.6] optional rule (RULING R-064): with fractional attacks alternate
 * whole attacks phase by phase; the attacks in Melee Phase `phase`
 * (0-based) of a figure with num/den attacks per round (3/2: 1, 2, 1...). */
int bs1e_attacks_in_phase(int num, int den, int phase);

/* ---- [8.7] killed and wounded figures -------------------------------------
 */

/* Casualties of one attack on one unit, before removal. */
struct bs1e_casualties {
	int damage_tenths;	/* HD of damage taken */
	int killed;		/* figures killed [8.7] */
	int wounded;		/* new wounds: 0 or 1 [8.7] */
	int leftover_tenths;	/* damage past the killed figures */
	int disregarded_tenths; /* below 1/4 of a figure, or past the unit */
	int paralyzed;		/* [13.4] figures paralyzed (then no kills) */
};

/* [8.7] figures killed and wounded by damage_tenths against figures of
 * figure_hd_tenths each, of which figures_left stand (>= 1; pass a large
 * number when it is not known). A remainder of at least 1/4 of a figure's
 * HD wounds one figure; less is disregarded. */
void bs1e_casualties(int damage_tenths, int figure_hd_tenths, int figures_left,
		     struct bs1e_casualties *out);

/* [13.4] paralysis: no wounds, and any fraction of a figure paralyzes the
 * whole figure. */
void bs1e_paralysis(int damage_tenths, int figure_hd_tenths, int figures_left,
		    struct bs1e_casualties *out);

/* [13.4] a creature that both damages and paralyzes (the ghoul): RULING
 * R-710, the whole figures' HD of damage kill as [8.7] does; no wound is
 * placed ("Paralyzation attacks never cause wounds"), and any fraction of
 * a figure left over ("no matter how small") paralyzes one entire figure
 * (c.paralyzed 1) when one stands. */
void bs1e_paralysis_damage(int damage_tenths, int figure_hd_tenths,
			   int figures_left, struct bs1e_casualties *out);

/* [13.4] RULING R-712: whether a paralyzer's paralysis takes creature
 * d: not an undead, nor one its `paralysis_spares` name (the ghoul's
 * elves, the MM). 1 it may (then a saving throw), 0 spared. */
int bs1e_paralysis_takes(const struct bs_creature *paralyzer,
			 const struct bs_creature *d);

/* A unit's standing figures and how many of them bear a Wound marker. */
struct bs1e_unit_figs {
	int figures;
	int wounded;
};

/* What the end of a Melee Phase did to one unit [8.4 G], [8.7]. */
struct bs1e_phase_losses {
	int killed;	       /* figures killed by the attacks */
	int new_wounds;	       /* wounds placed */
	int removed_by_wounds; /* second wounds: figures removed */
	int healed;	       /* wounded figures returned to health */
	int removed;	       /* killed + removed_by_wounds */
};

/* Apply every attack a unit took this Melee Phase at once: remove the
 * killed, place the wounds, then the [8.7] limit of one wounded figure:
 * each two wounds remove one figure and heal the other. */
void bs1e_melee_losses(struct bs1e_unit_figs *u,
		       const struct bs1e_casualties *hits, size_t nhits,
		       struct bs1e_phase_losses *out);

/* [8.4 F/G] both sides attacked with the figures they had at the start of
 * the phase; then both sides' losses are applied together. */
void bs1e_melee_phase_end(struct bs1e_unit_figs *a,
			  const struct bs1e_casualties *on_a, size_t na,
			  struct bs1e_phase_losses *la,
			  struct bs1e_unit_figs *b,
			  const struct bs1e_casualties *on_b, size_t nb,
			  struct bs1e_phase_losses *lb);

/* ---- [9.4 A] heroes and figures --------------------------------------------
 */

/* Hero attacking a figure when he cannot affect every creature of it: a
 * result of 1/2 the figure's HD or more is one wound, less is nothing;
 * never a kill. With affects_all set, the normal [8.7] procedure applies
 * (figures_left as in bs1e_casualties). */
void bs1e_hero_vs_figure(int hd_tenths, int figure_hd_tenths, int affects_all,
			 int figures_left, struct bs1e_casualties *out);

/* Figures that may attack one Hero at a time: 1 for size S or M, 3 for L. */
int bs1e_figures_vs_hero(enum bs_size size);

/* Hit points a Hero takes from HD of damage: 4 hp per HD, rounded to the
 * nearest hit point, 1/2 up (RULING R-069). */
int bs1e_hero_hp_from_hd(int hd_tenths);

/* ---- [13] creature abilities ------------------------------------------------
 */

/* [13.5] level drainers do double damage. */
int bs1e_level_drain_damage(int tenths);

/* 1 when a unit of level drainers (`drains`) does [13.5] double damage in
 * a battle at `level`: RULING R-311 in the Advanced Game only (chapter 13
 * is an Advanced Game rule [16.3 A]; Table 4's -3 and Table 5's check
 * apply at every level). */
int bs1e_drain_doubles(enum bs_level level, int drains);
/* [13.2] the poison a figure's attack carries in play: its strength by the
 * column shift (1..3) when it has poisonous parts and the level is the
 * Advanced Game's (RULING R-603), else BS1E_POISON_NONE. */
enum bs1e_poison bs1e_poison_in_play(enum bs_level level, unsigned parts,
				     int shift);

/* Morale checks owed at the end of a Melee Phase for contact: [13.5]
 * level drainers or undead (Table 5) and [13.3] creatures the unit cannot
 * harm; each is its own check (RULING R-072). Returns 0, 1 or 2. */
int bs1e_contact_checks(int touching_undead_or_drainer,
			int touching_unharmable);

/* [8.3] Table 10 special note ("Also add or subtract all normal AD&D ...
 * game bonuses and penalties to THACO from the adjusted AR") and [13.1]:
 * the AR term of a unit of creatures att[0..na-1] attacking a unit of
 * creatures def[0..nd-1], from the creatures' `to_hit_vs` (the attacker's
 * "attacking" entries naming a defender, the defender's "attacked_by"
 * entries naming the attacker; the AR term is minus the "to hit"
 * adjustment). RULING R-610 (revising R-040's pair and R-372): each
 * unit its least favourable part, the attacker's part that fares worst
 * against the defender's part that fares worst, so that a defender's
 * "attacked_by" penalty (a special defense: dwarves -4 against giants)
 * counts only when every creature of the defending figure has it (pass
 * its mount or pullers in def, bs1e_figure_creatures). Returns the term (0:
 * none); label (may be NULL) gets its text, e.g. "dwarf attacking orc: +1 to
 * hit". */
int bs1e_to_hit_vs(const struct bs_creature *const *att, int na,
		   const struct bs_creature *const *def, int nd, char *label,
		   size_t len);

/* [8.3] "Add or subtract any AD&D ... game bonuses and penalties to THACO"
 * (RULING R-372): the AR term of creature c (NULL: none) fighting with
 * weapon w (NULL: none), from its `to_hit_with` (elves +1 with long
 * swords gives -1); 0 none. */
int bs1e_creature_weapon_term(const struct bs_creature *c,
			      const struct bs_weapon *w);

/* ---- [14.5] magic damage ----------------------------------------------------
 */

/* HD of damage a spell does to each creature [14.5 A]. */
struct bs1e_magic_hd {
	int dice_hd;   /* parts read on the D6 or D8 column: one HD per die */
	int hp;	       /* hit points rolled for the other parts */
	int hp_parts;  /* how many parts were rolled */
	int hp_hd;     /* hp / 4, 1/2 rounded up */
	int hd_tenths; /* total per creature, tenths */
};

/* Compute the HD per creature of a damage expression [14.5 A]. Dice are
 * rolled only for parts that are not read on D6/D8. Returns 0, or -1 when
 * src failed (scripted dice ran out or did not fit; see src->error). */
int bs1e_magic_hd(const struct bs_dice *dmg, struct bs_dice_source *src,
		  struct bs1e_magic_hd *out);

/* [14.5 A] special note: an area spell's HD per creature x creatures. */
int bs1e_area_figure_hd(int hd_per_creature_tenths, int creatures);

/* What a saving throw does to a spell's damage. */
enum bs1e_save {
	BS1E_SAVE_NONE,	   /* no saving throw */
	BS1E_SAVE_HALF,	   /* half damage */
	BS1E_SAVE_NEGATES, /* no damage */
	BS1E_SAVE__COUNT
};

enum bs1e_spell_fate {
	BS1E_SPELL_NONE,
	BS1E_SPELL_WOUNDED,
	BS1E_SPELL_REMOVED,
	BS1E_SPELL_SAVE_DECIDES,
	BS1E_SPELL__COUNT
};
extern const char *const bs1e_spell_fate_name[BS1E_SPELL__COUNT];

struct bs1e_spell_effect {
	enum bs1e_spell_fate fate;	/* automatic, or SAVE_DECIDES */
	enum bs1e_spell_fate if_saved;	/* the figure saves */
	enum bs1e_spell_fate if_failed; /* the figure fails */
};

/* [14.5 B] the fate of one figure in a spell's area: hd_per_creature
 * against creatures of creature_hd each (tenths). A creature dies when
 * the damage reaches its HD; a figure whose creatures live is wounded,
 * unless the damage is below 1/4 of their HD (RULING R-074: nothing).
 * wound_only: linear effects from front or behind and the first half of a
 * cone [14.5 B] can do no more than wound. */
void bs1e_spell_effect(int hd_per_creature_tenths, int creature_hd_tenths,
		       enum bs1e_save save, int wound_only,
		       struct bs1e_spell_effect *out);

/* [14.5 A] the damage of catalog record `sp` (battlesim/spell.h) used at
 * caster level `level` (0: an item's item_level) as the dice
 * bs1e_magic_hd reads: its fixed part, then n x its element as one part
 * (RULING R-061: a part's plus is per die, d4+1 x 3 = 3 x D6 = 3 HD); a
 * breath weapon's hit points (`damage: hp`) are `breather_hp` as a fixed
 * number. Returns 0, or -1 when the record does no hit point damage, or
 * breather_hp is needed and not given (< 1). */
struct bs_spell;
int bs1e_spell_damage_dice(const struct bs_spell *sp, int level,
			   int breather_hp, struct bs_dice *out);

/* How a linear or cone-shaped effect strikes a figure [14.5 B]. */
enum bs1e_strike {
	BS1E_STRIKE_FRONT,
	BS1E_STRIKE_REAR,
	BS1E_STRIKE_SIDE,
	BS1E_STRIKE__COUNT
};
extern const char *const bs1e_strike_name[BS1E_STRIKE__COUNT];

/* [14.5 B] 1 when an effect of area shape `shape` (enum bs_area_shape)
 * striking a figure of formation `f` from `from` can do no more than wound
 * it (the `wound_only` of bs1e_spell_effect): a line from the front or
 * directly behind; from the side a figure in closed or open formation may
 * be removed, a skirmish or mob figure not (RULING R-566); a cone likewise
 * in the first half of its length (`in_first_half`), as any area beyond.
 * Circles and squares: 0. */
int bs1e_spell_wound_only(int shape, enum bs1e_strike from, enum bs_formation f,
			  int in_first_half);

/* [14.12] mirror image: damage / (duplicates + 1), rounded down to the
 * tenth (RULING R-075). */
int bs1e_mirror_image(int damage_tenths, int duplicates);

/* ---- [14.3] saving throws -------------------------------------------------
 */

/* The saving throw number (the d20 roll needed) of a creature of a unit
 * against `vs` (enum bs_save): [14.3] the AD&D tables, a monster as a
 * fighter of its whole HD (RULING R-011). *d (may be NULL) gets it with
 * its derivation. */
int bs1e_save_creature(const struct bs_creature *c, int vs, struct bs_deriv *d);

/* The saving throw number of a character of class `cls` and `level`
 * (bs1e_saves_class); -1 for a class the tables do not know. */
int bs1e_save_class(const char *cls, int level, int vs, struct bs_deriv *d);

/* The modifier to the d20 of an individual's saving throw against a
 * spell ([14.3] "the normal AD&D saving throws"): the spell's own
 * (`spell_mod`, "at -4"), Wisdom's magical attack adjustment against a
 * mental attack form (PH), and the Constitution bonus of dwarves, gnomes
 * and halflings against spells, wands, staves and rods (PH: save vs
 * rod/staff/wand or vs spell). Terms go to *d (may be NULL). */
int bs1e_save_mod_individual(const struct bs_individual *ind, int vs,
			     int spell_mod, int mental, struct bs_deriv *d);

/* Who rolls, for the dice request (the referee's "what is rolled and
 * why"): global unit index or -1, individual of `side` or -1. */
struct bs1e_save_who {
	int side, unit, indiv;
};

/* One saving throw [14.3]: a d20 (roll kind BS_ROLL_SAVE) + mod against
 * `number`: 1 saved (d20 + mod >= number), 0 failed, -1 when src failed.
 * *die (may be NULL) gets the d20. */
int bs1e_save_roll(struct bs_dice_source *src, int number, int mod,
		   const struct bs1e_save_who *who, int *die);

/* [14.3] the saving throws of `figures` figures of one save number
 * (`number`, `mod` to the die): one roll per figure, the whole figure
 * saving or failing. With `twenty` (the OPTIONAL RULE, declared before any
 * roll) and 20 or more figures: for each multiple of 20 figures, one less
 * than the number needed on the die fail automatically and the rest of
 * those 20 save (RULING R-567), and the figures beyond the multiples
 * roll. each[i] (may be NULL; `figures` entries) is 1 for a figure that
 * saved, 0 failed: the automatic failures first, then the automatic
 * saves, then the rolled figures in order. Returns 0, -1 when src
 * failed. */
struct bs1e_figure_saves {
	int figures;
	int need;	 /* the die roll needed: number - mod */
	int auto_failed; /* by the optional rule */
	int auto_saved;
	int rolled;
	int saved; /* in all */
	int failed;
};
int bs1e_figure_saves(struct bs_dice_source *src, int figures, int number,
		      int mod, int twenty, const struct bs1e_save_who *who,
		      signed char *each, struct bs1e_figure_saves *out);

/* The chance in twentieths that one roll saves: d20 + mod >= number
 * (0..20). */
int bs1e_save_chance20(int number, int mod);

/* ---- [11.1] [11.6] [11.7] cavalry figures and special formations --------
 */

/* [11.1] the fate of one cavalry or chariot figure from its rider's (or
 * passengers') and its mount's (or pullers'), each worked out for its own
 * creatures ([14.5 B] bs1e_spell_effect, with the saving throws decided):
 * "If either the rider or the steed is killed, the entire figure is
 * considered unable to fight, and is removed"; RULING R-530: wounded when
 * either is wounded and neither killed; else nothing. */
enum bs1e_spell_fate bs1e_mounted_fate(enum bs1e_spell_fate rider,
				       enum bs1e_spell_fate mount);

/* [11.6] the bonus to AC (4, 2 or 0) a unit in special formation
 * `special` (enum bs_special) has against one attack striking its `arc`
 * (enum bs_arc, the arc as bs1e_arc_struck gives it): 4 against normal
 * missiles, 2 in melee, on its front only (every side in the circular or
 * square form, which has no flank or rear); none against artillery, nor
 * from above (RULING R-535). */
int bs1e_shield_wall_bonus(int special, int arc, int missile, int artillery,
			   int from_above);

/* [11.7] the movement entering a Set Spears/Pikes formation on `sides`
 * (bits of enum bs_side_edge) costs a unit of movement rate mv: 1/3 MV,
 * and (RULING R-540) for figures to turn to face the other sides the
 * largest turn [7.9] asks: a flank a right or left face (1/3 MV), the
 * rear an about face (1/2 MV). */
double bs1e_set_spears_cost(double mv, unsigned sides);

/* ---- [7.13] forced march ----------------------------------------------------
 */

/* The forced-march penalty to AR (0 or more; AR = original + penalty). A
 * failed check worsens AR by 1 and accumulates; a passed check keeps it.
 * Returns the new penalty. */
int bs1e_forced_march_check(int penalty, int passed);

/* One whole Game Round doing nothing and not attacked: AR improves by 1,
 * never past the original. Returns the new penalty. */
int bs1e_forced_march_rest(int penalty);

/* Adds the penalty as a term of an AR derivation (nothing when 0). */
void bs1e_ar_add_forced_march(struct bs_deriv *d, int penalty);

#endif
