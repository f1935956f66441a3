/* The table of every warning the program gives (battlesim/warn.h): a
 * stable identifier, where it applies, why the thing has no effect in
 * play (not in force at the scenario's level [16.3 A], or not played
 * yet), and the sections. A rule played by a later issue deletes its row
 * (and its tests/data/warn/ files). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/warn.h"

const char *const bs_warn_class_name[BS_WC__COUNT] = {
    [BS_WC_NOT_IN_FORCE] = "not in force at this level",
    [BS_WC_NOT_PLAYED] = "not played yet",
    [BS_WC_UNUSED] = "not used by these rules",
    [BS_WC_CAVEAT] = "caveat",
};

#define B "1E basic"
#define BI "1E basic, intermediate"
#define IA "1E intermediate, advanced"
#define A "1E advanced"
#define ALL "1E"
#define NIF BS_WC_NOT_IN_FORCE
#define NPY BS_WC_NOT_PLAYED

const struct bs_warn_kind bs_warn_kinds[BS_W__COUNT] = {
    [BS_W_MISSILE_LEVEL] = {"missile-level", B, NIF,
			    "missile fire is not in force at this level (the "
			    "Basic Game has no missiles): the unit fights in "
			    "melee without it",
			    "[Part 2] [16.3 A] (RULING R-306)", 1},
    [BS_W_MISSILE_UNUSED] = {"missile-unused", IA, BS_WC_UNUSED,
			     "a unit fires only its first missile weapon "
			     "(thrown weapons after missile weapons), and a "
			     "missile weapon is not used in melee: this one "
			     "has no effect",
			     "[10.1] (RULING R-483, R-306)", 1},
    [BS_W_AMMO_KEY] = {"ammo-key", ALL, BS_WC_UNUSED,
		       "only the weapon a unit fires counts its volleys: "
		       "this ammo has no effect",
		       "[10.3] (RULING R-483)", 1},
    [BS_W_ARTILLERY_LEVEL] = {"artillery-level", B, NIF,
			      "artillery is not in force at this level (an "
			      "Intermediate Game rule): the crew is a "
			      "one-figure skirmish unit without its piece, "
			      "spare crew or special ammunition",
			      "[Part 2] [10.9]-[10.11] [16.3 A]", 1},
    [BS_W_OPTION_PARTLY_VISIBLE_LEVEL] = {"option-partly-visible-level", B, NIF,
					  "missile fire, whose penalty it "
					  "changes, is not in force at this "
					  "level",
					  "[10.1] [16.3 A] (RULING R-476)", 1},
    [BS_W_MOUNTED_LEVEL] = {"mounted-level", B, NIF,
			    "cavalry and chariots are not in force at this "
			    "level: the unit is rated, moves and fights on "
			    "foot",
			    "[Part 2] [11.1] [16.3 A] (RULING R-308)", 1},
    [BS_W_SPECIAL_LEVEL] = {"special-level", B, NIF,
			    "the Shield Wall and Set Spears/Pikes are not in "
			    "force at this level (Intermediate Game "
			    "formations): the order is rejected in play and "
			    "the unit holds",
			    "[Part 3] [11.6] [11.7] [16.3 A] (RULING R-547)",
			    1},
    [BS_W_TERRAIN_LEVEL] = {"terrain-level", B, NIF,
			    "terrain is not in force at this level (its "
			    "effects are Intermediate Game rules): units "
			    "deploy, move and fight as on clear ground (but "
			    "for Table 10's higher ground on a hill)",
			    "[7.0] [11.8] [16.3 A] (RULINGS R-309, R-451)", 1},
    [BS_W_TERRAIN_KEY] = {"terrain-key", "1E, 2E", BS_WC_UNUSED,
			  "has no effect on this feature", "[11.8] Table 14",
			  1},
    [BS_W_MEMBER_LEVEL] = {"member-level", B, NIF,
			   "characters as members of units are not in force "
			   "at this level: the unit is rated and fights "
			   "without the character",
			   "[Part 2] [9.1] [16.3 A] (RULING R-307)", 1},
    [BS_W_DEPUTY_LEVEL] = {"deputy-level", B, NIF,
			   "deputy commanders are not in force at this level: "
			   "the deputy never takes over",
			   "[Part 2] [9.3] [16.3 A] (RULING R-307)", 1},
    [BS_W_HERO_LEVEL] = {"hero-level", B, NIF,
			 "heroes are not in force at this level: the hero "
			 "has no effect",
			 "[Part 2] [9.4] [16.3 A] (RULING R-307)", 1},
    [BS_W_ROLE_LEVEL] = {"role-level", B, NIF,
			 "changes of role are not in force at this level: the "
			 "entry has no effect",
			 "[Part 2] [9.0] [9.3] [16.3 A] (RULING R-307)", 1},
    [BS_W_RANK_UNUSED] = {"rank-unused", IA, BS_WC_UNUSED,
			  "no unit names him commander: a rank of unit "
			  "commands nothing (he plays as a hero)",
			  "[4.10] [9.4] (RULING R-307)", 1},
    [BS_W_POSITION_IGNORED] = {"position-ignored", ALL, BS_WC_UNUSED,
			       "a character who fights in a unit's ranks "
			       "stands with the unit: this position has no "
			       "effect",
			       "[9.1] [9.2] (RULING R-112)", 1},
    [BS_W_HERO_MISSILE] =
	{"hero-missile", ALL, BS_WC_CAVEAT,
	 "he shoots with it, but a bow, crossbow or sling is no melee "
	 "weapon: in melee he fights with his race's natural attacks or "
	 "his fists (d2); give him a melee weapon too in `weapons:`",
	 "[9.4] [10.0] (RULING R-701, R-700, R-512, R-525)", 0},
    [BS_W_MAGIC_LEVEL] = {"magic-level", BI, NIF,
			  "magic is not in force at this level (an Advanced "
			  "Game rule): no spells are cast",
			  "[14.0] [16.3 A] (RULING R-322)", 1},
    [BS_W_SPELLS] = {"spells", A, NPY,
		     "the spells named here are not played yet: nobody "
		     "casts them; the spells of [14.5]-[14.9] that are "
		     "played (damage, holds, sleep, charm and mass charm, "
		     "bonuses, invisibility on a lone individual or on "
		     "units and its detection, fear) are listed in "
		     "docs/COVERAGE.md",
		     "[14.0] [14.5]-[14.22] (RULING R-322, R-574, R-621, "
		     "R-341, R-625, R-628, R-636, R-654, R-685, R-690, "
		     "R-694, R-463, R-702)",
		     1},
    [BS_W_DIVINE_LEVEL] = {"divine-level", BI, NIF,
			   "a god's awe is not in force at this level (an "
			   "AD&D rule of the Advanced Game): the divine "
			   "being is an individual as any other",
			   "[13.6] [16.3 A] (RULING R-556)", 1},
    [BS_W_DIVINE_UNUSED] = {"divine-unused", A, BS_WC_UNUSED,
			    "a divine being's awe needs a Charisma of 19 or "
			    "higher: this one's has no effect",
			    "[13.6] (RULING R-556)", 1},
    [BS_W_UNIT_ITEM_LEVEL] = {"unit-item-level", BI, NIF,
			      "magic items are not in force at this level: "
			      "it counts only as the unit's magic equipment "
			      "for its base morale",
			      "[4.1] Table 3 [14.20] [16.3 A] (RULING R-310)",
			      1},
    [BS_W_UNIT_ITEM] = {"unit-item", A, NPY,
			"magic items are not played yet: it counts only as "
			"the unit's magic equipment for its base morale",
			"[4.1] Table 3 [14.20]", 1},
    [BS_W_ITEM_LEVEL] = {"item-level", BI, NIF,
			 "magic items are not in force at this level: it has "
			 "no effect (no Charisma bonus either)",
			 "[14.20] [16.3 A] (RULING R-310)", 1},
    [BS_W_ITEM] = {"item", A, NPY,
		   "this magic item is not played yet: it has no effect (a "
		   "wand, staff or rod of the spell catalog whose spell is "
		   "cast is used as that spell, RULING R-681)",
		   "[14.20]", 1},
    [BS_W_ROD_OF_VICTORY] = {"rod-of-victory", A, NPY,
			     "its +1 to the morale of its whole side is not "
			     "played yet (the roster lists it)",
			     "[14.20] (RULING R-310)", 1},
    [BS_W_MAGIC_POWER_LEVEL] = {"magic-power-level", BI, NIF,
				"the power levels of magic are not in force at "
				"this level (the Advanced Game's): this key "
				"has no effect",
				"[16.3 A] (RULING R-459)", 1},
    [BS_W_MAGIC_POWER_DND] = {"magic-power-dnd", A, NPY,
			      "the D&D game's power levels (the items and "
			      "rules of the Basic, Expert and Companion "
			      "sets) are not played yet: every spell and "
			      "item is kept",
			      "[16.3 A] (RULING R-459)", 1},
    [BS_W_MAGIC_LIMIT_SPELL] = {"magic-limit-spell", A, NIF,
				"a spell above the power level's spell level "
				"is not in force at this level of magic: "
				"taken out of his memorized "
				"spells, never cast",
				"[16.3 A] (RULING R-460)", 1},
    [BS_W_MAGIC_LIMIT_ITEM] = {"magic-limit-item", A, NIF,
			       "a magic item whose spell is above the power "
			       "level's spell level, or whose DMG XP value is "
			       "at or above its limit, is not in force at "
			       "this level of magic: "
			       "taken out of his items, never used (no "
			       "Charisma bonus either)",
			       "[16.3 A] (RULING R-460)", 1},
    [BS_W_MAGIC_LIMIT_WISH] = {"magic-limit-wish", A, NPY,
			       "one wish spell per 50,000 points of a side is "
			       "not played yet (the engine does not total a "
			       "side's points [16.3 B]): every wish "
			       "memorized is kept",
			       "[16.3 A] (RULING R-461)", 0},
    [BS_W_FLYING_LEVEL] = {"flying-level", BI, NIF,
			   "flying is not in force at this level (an Advanced "
			   "Game rule): it moves on the ground",
			   "[15.0] [16.3 A] (RULING R-321)", 1},
    [BS_W_FLYING] = {"flying", A, NPY,
		     "flying movement and combat are not played yet: it moves "
		     "on the ground (`grounded: true` keeps it there, R-557)",
		     "[15.1]-[15.4] (RULING R-321)", 1},
    [BS_W_POISON_LEVEL] = {"poison-level", BI, NIF,
			   "poison is not in force at this level (an Advanced "
			   "Game rule)",
			   "[13.2] [16.3 A]", 1},
    [BS_W_POISON] = {"poison", A, BS_WC_UNUSED,
		     "poison is the [13.2] extra damage of a creature's "
		     "natural attacks; a creature that fights with a weapon "
		     "instead poisons nothing",
		     "[13.2] [8.2] (RULING R-603)", 1},
    [BS_W_PARALYSIS_LEVEL] = {"paralysis-level", BI, NIF,
			      "paralysis is not in force at this level (an "
			      "Advanced Game rule)",
			      "[13.4] [16.3 A]", 1},
    [BS_W_PARALYSIS] = {"paralysis", A, BS_WC_UNUSED,
			"paralysis is the [13.4] effect of a creature's "
			"natural attacks; a creature that fights with a "
			"weapon instead paralyzes nothing",
			"[13.4] [8.2] (RULING R-710)", 1},
    [BS_W_FEAR_LEVEL] = {"fear-level", BI, NIF,
			 "awe and fear are not in force at this level (an "
			 "Advanced Game rule)",
			 "[13.6] [16.3 A]", 1},
    [BS_W_REGENERATION_LEVEL] = {"regeneration-level", BI, NIF,
				 "regeneration is not in force at this level "
				 "(an Advanced Game rule)",
				 "[13.8] [16.3 A]", 1},
    [BS_W_REGENERATION] = {"regeneration", A, BS_WC_UNUSED,
			   "a figure regenerates only when every creature of "
			   "it does (rider and steed, a chariot's pullers, "
			   "every part of a mixed unit: RULING R-545, R-605); "
			   "the flag of one that does not has no effect (a "
			   "unit's regeneration, its Wound marker and its "
			   "killed figures rising, is played: R-605, "
			   "R-720 .. R-723)",
			   "[13.8] [11.2] (RULING R-605)", 1},
    [BS_W_RACE_ABILITY_LEVEL] = {"race-ability-level", BI, NIF,
				 "the special attacks and defences of "
				 "creatures are not in force at this level (an "
				 "Advanced Game rule)",
				 "[13.2] [13.4]-[13.6] [13.8] [16.3 A]", 1},
    [BS_W_RACE_ABILITY] = {"race-ability", A, BS_WC_UNUSED,
			   "poison, paralysis and level drain are effects of "
			   "his race's natural attacks [13.2] [13.4] [13.5]: "
			   "fighting with a weapon in hand, or his fists, he "
			   "carries none of them (RULING R-716, R-731, "
			   "R-732); played for him: his awe and fear (RULING "
			   "R-604), harm by magic weapons only (R-730), the "
			   "abilities of his natural attacks, his "
			   "regeneration and rising (R-724 .. R-727)",
			   "[9.4] [13.2] [13.4] [13.5] (RULING R-716, R-731, "
			   "R-732)",
			   1},
    [BS_W_OPTION_WEAPON_VS_AC] = {"option-weapon-vs-ac", ALL, NPY,
				  "the weapon-vs-armor adjustment to AR is not "
				  "played yet",
				  "[8.3]", 1},
    [BS_W_OPTION_CAPTURE] = {"option-capture", ALL, NPY,
			     "the capture of surrounded units is not played "
			     "yet",
			     "[7.15]", 1},
    [BS_W_OPTION_TABLE17_LEVEL] = {"option-table17-level", BI, NIF,
				   "spells are not in force at this level (an "
				   "Advanced Game rule)",
				   "[14.2] Table 17 [16.3 A] (RULING R-005)",
				   1},
    [BS_W_OPTION_MASS_SAVES_LEVEL] = {"option-mass-saves-level", BI, NIF,
				      "spells are not in force at this level "
				      "(an Advanced Game rule)",
				      "[14.3] [16.3 A]", 1},
    [BS_W_GAME_KEY] =
	{"game-key", ALL, BS_WC_UNUSED,
	 "counts only in the other game's Table 3 rows: it has no "
	 "effect in this one",
	 "[4.1] Table 3 (RULING R-313)", 1},
    [BS_W_WEAPON_VS_AC] = {"weapon-vs-ac", ALL, NPY,
			   "the weapon-vs-armor adjustment (option "
			   "weapon_vs_ac) is not played yet",
			   "[8.3] (RULING R-313)", 1},
    [BS_W_WEAPON_SPEED_LEVEL] = {"weapon-speed-level", B, NIF,
				 "weapon speed factors count only in AD&D "
				 "individual combat, which is not in force at "
				 "this level (an Intermediate Game rule)",
				 "[9.4 B] [5.2] [16.3 A] (RULING R-313)", 1},
    [BS_W_WEAPON_SPEED] = {"weapon-speed", IA, BS_WC_UNUSED,
			   "weapon speed factors count only in AD&D individual "
			   "combat: no individual has this weapon in hand",
			   "[9.4 B] [5.2] (RULING R-313, R-509)", 1},
    [BS_W_BS2E_KEY] = {"bs2e-key", "2E", BS_WC_UNUSED,
		       "is a 1E key: the 2E rules do not use it",
		       "bs2e-summary.txt (RULING R-319)", 1},
    [BS_W_PLACEMENT] = {"placement", ALL, BS_WC_CAVEAT,
			"all forces should start more than two full moves "
			"away from their nearest opponent",
			"[3.4] (RULING R-136, R-315)", 0},
    [BS_W_BREATH_LEVEL] = {"breath-level", BI, NIF,
			   "breath weapons (magical artillery) are not in "
			   "force at this level (an Advanced Game rule): it "
			   "does not breathe",
			   "[13.7] [14.0] [16.3 A]", 0},
    [BS_W_UNIT_BREATH] = {"unit-breath", A, NPY,
			  "a unit whose every creature breathes (a pure unit "
			  "on foot, not a mob) breathes in the Missile and "
			  "Magic Phase (the doctrine AI and scripted cast "
			  "entries); its breath as pass-through fire or "
			  "split-fire, at the referee's prompt, and a mixed, "
			  "mounted or mob unit's breath are not played yet",
			  "[13.7] [14.1] (RULING R-645, R-609, R-637)", 0},
    [BS_W_DND_INDIVIDUAL] = {"dnd-individual", IA, NPY,
			     "individual combat is played by the AD&D 1E "
			     "procedures (individual initiative with weapon "
			     "speed, the AD&D attack matrix, the PH weapons' "
			     "damage): the D&D game's procedures are not "
			     "played yet",
			     "[5.2] [9.4 B] (RULING R-555)", 0},
};

enum bs_warn bs_warn_by_id(const char *id)
{
	for (int w = 1; w < BS_W__COUNT; w++)
		if (bs_warn_kinds[w].id && strcmp(bs_warn_kinds[w].id, id) == 0)
			return (enum bs_warn)w;
	return BS_W_NONE;
}

void bs_warn_add(struct bs_diags *d, enum bs_warn w, const char *file, int line,
		 int col, const char *fmt, ...)
{
	char subject[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(subject, sizeof subject, fmt, ap);
	va_end(ap);
	const struct bs_warn_kind *k = &bs_warn_kinds[w];
	bs_diags_add_code(d, (int)w, file, line, col, "%s: %s %s (warning %s)",
			  subject, k->text, k->cite, k->id);
}
