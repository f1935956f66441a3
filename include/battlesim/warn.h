/* Warnings: what a scenario gives that has no effect in play at its level
 * (not in force there [16.3 A], or not played yet), and caveats on how it
 * is set up. One table of every kind the program can give (a stable
 * identifier, the sections, the reason); the loader and the deployment
 * checks add them to the scenario (struct bs_scenario .warnings) as
 * FILE:LINE:COL diagnostics whose code is the kind. A later issue that
 * plays a rule deletes its row (docs/SCENARIO-FORMAT.md, "Warnings"). */
#ifndef BATTLESIM_WARN_H
#define BATTLESIM_WARN_H

#include "battlesim/diag.h"

enum bs_warn {
	BS_W_NONE, /* 0: the code of an error */
	/* 1E: missiles, cavalry, special formations [Part 3] */
	BS_W_MISSILE_LEVEL,
	BS_W_MISSILE_UNUSED, /* issue 14: a second missile weapon */
	BS_W_AMMO_KEY,	     /* issue 14: ammo of a weapon never fired */
	BS_W_ARTILLERY_LEVEL,
	BS_W_OPTION_PARTLY_VISIBLE_LEVEL,
	BS_W_MOUNTED_LEVEL,
	BS_W_SPECIAL_LEVEL,
	/* 1E: terrain */
	BS_W_TERRAIN_LEVEL,
	BS_W_TERRAIN_KEY, /* 1E and 2E */
	/* 1E: individuals [9.0], magic [14.0] */
	BS_W_MEMBER_LEVEL,
	BS_W_DEPUTY_LEVEL,
	BS_W_HERO_LEVEL,
	BS_W_ROLE_LEVEL,
	BS_W_RANK_UNUSED,
	BS_W_POSITION_IGNORED,
	BS_W_HERO_MISSILE, /* issue 15: an individual's missile weapon */
	BS_W_MAGIC_LEVEL,
	BS_W_SPELLS,
	BS_W_DIVINE_LEVEL,  /* [13.6] RULING R-556 (issue 16) */
	BS_W_DIVINE_UNUSED, /* [13.6] RULING R-556 */
	BS_W_UNIT_ITEM_LEVEL,
	BS_W_UNIT_ITEM,
	BS_W_ITEM_LEVEL,
	BS_W_ITEM,
	BS_W_ROD_OF_VICTORY,
	/* [16.3 A] the power levels of magic (RULING R-459 .. R-461) */
	BS_W_MAGIC_POWER_LEVEL,
	BS_W_MAGIC_POWER_DND,
	BS_W_MAGIC_LIMIT_SPELL,
	BS_W_MAGIC_LIMIT_ITEM,
	BS_W_MAGIC_LIMIT_WISH,
	/* 1E: creatures [13.0], flying [15.0] */
	BS_W_FLYING_LEVEL,
	BS_W_FLYING,
	BS_W_POISON_LEVEL,
	BS_W_POISON,
	BS_W_PARALYSIS_LEVEL,
	BS_W_PARALYSIS,
	BS_W_FEAR_LEVEL,
	BS_W_REGENERATION_LEVEL,
	BS_W_REGENERATION,
	/* an individual's race's special attacks and defences [13.x] */
	BS_W_RACE_ABILITY_LEVEL,
	BS_W_RACE_ABILITY,
	/* 1E: optional rules */
	BS_W_OPTION_WEAPON_VS_AC,
	BS_W_OPTION_CAPTURE,
	BS_W_OPTION_TABLE17_LEVEL,
	BS_W_OPTION_MASS_SAVES_LEVEL,
	/* 1E: keys of the scenario's own catalog entries */
	BS_W_GAME_KEY,
	BS_W_WEAPON_VS_AC,
	BS_W_WEAPON_SPEED_LEVEL,
	BS_W_WEAPON_SPEED,
	/* 2E */
	BS_W_BS2E_KEY,
	/* caveats: the thing has an effect, but not as the rules ask */
	BS_W_PLACEMENT,
	/* issue 16 [13.7] breath weapons */
	BS_W_BREATH_LEVEL,
	BS_W_UNIT_BREATH,
	/* [5.2] [9.4 B] RULING R-555: individual combat of a D&D game */
	BS_W_DND_INDIVIDUAL,
	BS_W__COUNT
};

/* Why a kind is given. */
enum bs_warn_class {
	BS_WC_NOT_IN_FORCE, /* the rule is not in force at this level */
	BS_WC_NOT_PLAYED,   /* in force, but not played yet */
	BS_WC_UNUSED,	    /* these rules have no use for it */
	BS_WC_CAVEAT,	    /* it has an effect, not quite as asked */
	BS_WC__COUNT
};
extern const char *const bs_warn_class_name[BS_WC__COUNT];

/* One row of the table. */
struct bs_warn_kind {
	const char *id; /* stable identifier: "missile-level" */
	const char
	    *applies; /* where: "1E basic", "1E intermediate, advanced" */
	enum bs_warn_class cls;
	const char *text; /* why it has no effect, and what is played instead */
	const char *cite; /* the sections (and rulings) */
	/* 1: the thing warned about has no effect at all in play: its
	 * trigger scenario (tests/data/warn/ID.yaml) played without it gives
	 * the same battles; 0: that cannot be shown by taking it out */
	int isolable;
};

/* Every kind, indexed by enum bs_warn (row 0 is BS_W_NONE, id NULL). */
extern const struct bs_warn_kind bs_warn_kinds[BS_W__COUNT];

/* The kind whose id is `id`, or BS_W_NONE. */
enum bs_warn bs_warn_by_id(const char *id);

/* Append warning w at file:line:col to d: "SUBJECT: TEXT CITE (warning
 * ID)", SUBJECT from fmt (what in the file, and anything particular),
 * TEXT and CITE from the table. Code w. */
void bs_warn_add(struct bs_diags *d, enum bs_warn w, const char *file, int line,
		 int col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

#endif
