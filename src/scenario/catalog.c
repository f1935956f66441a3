/* Catalog entries: weapons, armor and creatures (data/catalog files and a
 * scenario's `catalog:`; its spells are spells.c's), and the name
 * references to them with "did you mean". Sections: [2.2] (HD), [3.1] (D&D
 * movement), [8.1] (pikes, spears), [8.3] (THAC0), [10.3] (ammunition),
 * [10.4] Table 12 (missile classes), [11.4] (lances), [11.6] (large
 * shields), [11.7] (set vs charge), [13.x] (creature flags), [13.7] (a
 * creature's breath weapon). */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "battlesim/bs1e_tables.h"
#include "scenario/loader.h"

/* ---- the catalog mapping ----------------------------------------------------
 */

enum { CK_WEAPONS, CK_ARMOR, CK_CREATURES, CK_SPELLS, CK__N };
static const char *const catalog_keys[CK__N] = {
    [CK_WEAPONS] = "weapons",
    [CK_ARMOR] = "armor",
    [CK_CREATURES] = "creatures",
    [CK_SPELLS] = "spells", /* spells.c */
};

void ld_catalog_collect(struct ld *ld, const yaml_node_t *map,
			struct ld_catalog_nodes *c)
{
	yaml_node_t *v[CK__N];
	memset(c, 0, sizeof *c);
	c->ld = ld;
	if (ld_collect(ld, map, "catalog", catalog_keys, CK__N, v) != 0)
		return;
	c->weapons = v[CK_WEAPONS];
	c->armor = v[CK_ARMOR];
	c->creatures = v[CK_CREATURES];
	c->spells = v[CK_SPELLS];
}

/* ---- weapons ---------------------------------------------------------------
 */

enum {
	WK_NAME,
	WK_KIND,
	WK_DAMAGE,
	WK_DAMAGE_LARGE,
	WK_SPEED,
	WK_PIKE,
	WK_POLEARM,
	WK_LANCE,
	WK_SET,
	WK_RANGE,
	WK_RATE,
	WK_CLASS,
	WK_UNLIMITED,
	WK_VS_AC,
	WK__N
};
static const char *const weapon_keys[WK__N] = {
    [WK_NAME] = "name",
    [WK_KIND] = "kind",
    [WK_DAMAGE] = "damage",
    [WK_DAMAGE_LARGE] = "damage_large",
    [WK_SPEED] = "speed",
    [WK_PIKE] = "pike",
    [WK_POLEARM] = "polearm",
    [WK_LANCE] = "lance",
    [WK_SET] = "set_vs_charge",
    [WK_RANGE] = "range",
    [WK_RATE] = "rate",
    [WK_CLASS] = "class",
    [WK_UNLIMITED] = "unlimited_ammo",
    [WK_VS_AC] = "vs_ac",
};
static const char *const weapon_kind_names[BS_WEAPON__COUNT] = {
    [BS_WEAPON_MELEE] = "melee",
    [BS_WEAPON_MISSILE] = "missile",
    [BS_WEAPON_NATURAL] = "natural",
};
/* Table 12 [10.4] classes as written in the catalog. */
enum { MC_THROWN, MC_CROSSBOW, MC_SLING, MC_ARCHER, MC__N };
static const char *const missile_class_names[MC__N] = {
    [MC_THROWN] = "thrown",
    [MC_CROSSBOW] = "crossbow",
    [MC_SLING] = "sling",
    [MC_ARCHER] = "archer",
};

/* A whole number of 1 or 2 digits at *p (advanced), or -1. */
static int small_number(const char **p)
{
	int v = 0, d = 0;
	while (isdigit((unsigned char)**p) && d < 3) {
		v = v * 10 + (*(*p)++ - '0');
		d++;
	}
	return (d == 0 || d > 2) ? -1 : v;
}

/* rate: "2", "1", "1/2", "3/2": shots per round as num/den. */
static void parse_rate(struct ld *ld, const yaml_node_t *n, int *num, int *den)
{
	const char *t = ld_text(ld, n, "rate", "a rate like 2, 1 or 1/2");
	if (!t)
		return;
	const char *p = t;
	int a = small_number(&p), b = 1;
	if (*p == '/') {
		p++;
		b = small_number(&p);
	}
	if (*p != '\0' || a < 1 || a > 10 || b < 1 || b > 10) {
		char buf[64];
		ld_err(ld, n,
		       "rate: expected shots per round like 2, 1 or 1/2 "
		       "(1 to 10 over 1 to 10), got %s",
		       ld_kind(n, buf, sizeof buf));
		return;
	}
	*num = a;
	*den = b;
}

static void parse_weapon(struct ld *ld, const yaml_node_t *n,
			 struct bs_weapon *w)
{
	yaml_node_t *v[WK__N];
	memset(w, 0, sizeof *w);
	w->missile_class = -1;
	w->rate_num = 1;
	w->rate_den = 1;
	snprintf(w->file, sizeof w->file, "%s", ld->file);
	w->line = (int)n->start_mark.line + 1;
	if (ld_collect(ld, n, "weapon", weapon_keys, WK__N, v) != 0)
		return;
	if (ld_require(ld, n, "weapon", "name", v[WK_NAME]) == 0)
		ld_str(ld, v[WK_NAME], "name", w->name, sizeof w->name);
	int kind = BS_WEAPON_MELEE;
	if (v[WK_KIND])
		ld_enum(ld, v[WK_KIND], "kind", weapon_kind_names,
			BS_WEAPON__COUNT, &kind);
	w->kind = (enum bs_weapon_kind)kind;
	/* RULING R-353: a 1E minus shifts the CRT column left, stopping at
	 * D2 [8.5] ("Damage of D6-4 is read on the D2 column"): a damage
	 * that could roll below 0 is read, not refused (the matrix refuses
	 * it, ld_damage) */
	if (ld_require(ld, n, "weapon", "damage", v[WK_DAMAGE]) == 0)
		ld_dice(ld, v[WK_DAMAGE], "damage", &w->damage_sm);
	w->damage_l = w->damage_sm;
	if (v[WK_DAMAGE_LARGE])
		ld_dice(ld, v[WK_DAMAGE_LARGE], "damage_large", &w->damage_l);
	if (v[WK_SPEED])
		ld_int(ld, v[WK_SPEED], "speed", 0, 20, &w->speed);
	if (v[WK_PIKE])
		ld_bool(ld, v[WK_PIKE], "pike", &w->is_pike);
	if (v[WK_POLEARM])
		ld_bool(ld, v[WK_POLEARM], "polearm", &w->is_polearm);
	if (v[WK_LANCE])
		ld_bool(ld, v[WK_LANCE], "lance", &w->lance);
	if (v[WK_SET])
		ld_bool(ld, v[WK_SET], "set_vs_charge", &w->set_vs_charge);
	if (v[WK_RANGE]) {
		int len = ld_list(ld, v[WK_RANGE], "range", 3, "ranges");
		int r[3] = {0, 0, 0}, ok = len == 3;
		if (len >= 0 && len != 3)
			ld_err(ld, v[WK_RANGE],
			       "range: expected [short, medium, long] in "
			       "inches");
		for (int i = 0; ok && i < 3; i++)
			if (ld_int(ld, ld_item(ld, v[WK_RANGE], i), "range", 1,
				   99, &r[i]) != 0)
				ok = 0;
		if (ok && (r[0] > r[1] || r[1] > r[2])) {
			ld_err(ld, v[WK_RANGE],
			       "range: short <= medium <= long expected, got "
			       "[%d, %d, %d]",
			       r[0], r[1], r[2]);
			ok = 0;
		}
		if (ok) {
			w->range_s = r[0];
			w->range_m = r[1];
			w->range_l = r[2];
		}
	}
	if (v[WK_RATE])
		parse_rate(ld, v[WK_RATE], &w->rate_num, &w->rate_den);
	int mc = -1;
	if (v[WK_CLASS])
		ld_enum(ld, v[WK_CLASS], "class", missile_class_names, MC__N,
			&mc);
	/* Table 12 [10.4]: crossbows and slings share a row. */
	switch (mc) {
	case MC_THROWN:
		w->missile_class = BS1E_MISSILE_THROWN;
		break;
	case MC_CROSSBOW:
	case MC_SLING:
		w->missile_class = BS1E_MISSILE_CROSSBOW_SLING;
		w->crossbow = mc == MC_CROSSBOW;
		break;
	case MC_ARCHER:
		w->missile_class = BS1E_MISSILE_ARCHER;
		break;
	default:
		break;
	}
	int has_range = v[WK_RANGE] != NULL;
	if (w->kind == BS_WEAPON_MISSILE && !has_range)
		ld_err(ld, n,
		       "missile weapon '%s' needs range: [short, "
		       "medium, long]",
		       w->name);
	if (w->kind == BS_WEAPON_MISSILE && has_range && !v[WK_CLASS])
		ld_err(ld, n,
		       "missile weapon '%s' needs class: thrown, crossbow, "
		       "sling or archer (Table 12 [10.4])",
		       w->name);
	if (v[WK_CLASS] && !has_range)
		ld_err(ld, v[WK_CLASS],
		       "class: a missile class needs range: "
		       "[short, medium, long]");
	/* RULING R-025 [10.4] a melee weapon with a range (spear, dagger,
	 * hand axe) is thrown unless the catalog says otherwise. */
	if (has_range && !v[WK_CLASS] && w->kind != BS_WEAPON_MISSILE)
		w->missile_class = BS1E_MISSILE_THROWN;
	/* [10.3] arrows, quarrels, stones and bullets are unlimited by
	 * default; thrown weapons are not. */
	w->unlimited_ammo = w->missile_class == BS1E_MISSILE_ARCHER ||
			    w->missile_class == BS1E_MISSILE_CROSSBOW_SLING;
	if (v[WK_UNLIMITED])
		ld_bool(ld, v[WK_UNLIMITED], "unlimited_ammo",
			&w->unlimited_ammo);
	if (v[WK_VS_AC]) {
		int len = ld_list(ld, v[WK_VS_AC], "vs_ac", 9, "values");
		if (len >= 0 && len != 9)
			ld_err(ld, v[WK_VS_AC],
			       "vs_ac: expected 9 adjustments (vs AC 2 to "
			       "AC 10), got %d",
			       len);
		int ok = len == 9;
		for (int i = 0; ok && i < 9; i++)
			if (ld_int(ld, ld_item(ld, v[WK_VS_AC], i), "vs_ac",
				   -10, 10, &w->vs_ac[i]) != 0)
				ok = 0;
		w->has_vs_ac = ok;
	}
}

/* ---- armor -----------------------------------------------------------------
 */

enum { AK_NAME, AK_AC, AK_SHIELD, AK_LARGE, AK__N };
static const char *const armor_keys[AK__N] = {
    [AK_NAME] = "name",
    [AK_AC] = "ac",
    [AK_SHIELD] = "shield",
    [AK_LARGE] = "large",
};

static void parse_armor(struct ld *ld, const yaml_node_t *n, struct bs_armor *a)
{
	yaml_node_t *v[AK__N];
	memset(a, 0, sizeof *a);
	if (ld_collect(ld, n, "armor", armor_keys, AK__N, v) != 0)
		return;
	if (ld_require(ld, n, "armor", "name", v[AK_NAME]) == 0)
		ld_str(ld, v[AK_NAME], "name", a->name, sizeof a->name);
	if (v[AK_SHIELD])
		ld_bool(ld, v[AK_SHIELD], "shield", &a->is_shield);
	if (v[AK_LARGE])
		ld_bool(ld, v[AK_LARGE], "large", &a->large_shield);
	if (a->large_shield) /* [11.6] a large shield is a shield */
		a->is_shield = 1;
	/* A shield improves AC by 1 and gives no AC of its own. */
	if (!a->is_shield && ld_require(ld, n, "armor", "ac", v[AK_AC]) != 0)
		return;
	if (v[AK_AC])
		ld_int(ld, v[AK_AC], "ac", -10, 10, &a->ac);
}

/* ---- creatures -------------------------------------------------------------
 */

enum {
	CR_NAME,
	CR_HD,
	CR_AC,
	CR_MV,
	CR_FLY,
	CR_FLY_CLASS,
	CR_THAC0,
	CR_SIZE,
	CR_ALIGNMENT,
	CR_INT,
	CR_DEMIHUMAN,
	CR_SPECIAL,
	CR_EXCEPTIONAL,
	CR_ASTERISKS,
	CR_INFRAVISION,
	CR_MR,
	CR_FLAGS,
	CR_ATTACKS,
	CR_XP,
	CR_OVERSIZE,
	CR_HATES,
	CR_BREATH,
	CR_TO_HIT_VS,
	CR_TO_HIT_WITH,
	CR_TURNED_AS,
	CR_POISON_STRENGTH,
	CR_POISON_ATTACK,
	CR_PARALYSIS_ONLY,
	CR_PARALYSIS_ROUNDS,
	CR_PARALYSIS_SPARES,
	CR__N
};
static const char *const creature_keys[CR__N] = {
    [CR_NAME] = "name",
    [CR_HD] = "hd",
    [CR_AC] = "ac",
    [CR_MV] = "mv",
    [CR_FLY] = "fly",
    [CR_FLY_CLASS] = "fly_class",
    [CR_THAC0] = "thac0",
    [CR_SIZE] = "size",
    [CR_ALIGNMENT] = "alignment",
    [CR_INT] = "intelligence",
    [CR_DEMIHUMAN] = "demihuman",
    [CR_SPECIAL] = "special_abilities",
    [CR_EXCEPTIONAL] = "exceptional_abilities",
    [CR_ASTERISKS] = "asterisks",
    [CR_INFRAVISION] = "infravision",
    [CR_MR] = "mr",
    [CR_FLAGS] = "flags",
    [CR_ATTACKS] = "attacks",
    [CR_XP] = "xp",
    [CR_OVERSIZE] = "oversize",
    [CR_HATES] = "hates",
    [CR_BREATH] = "breath",
    [CR_TO_HIT_VS] = "to_hit_vs",
    [CR_TO_HIT_WITH] = "to_hit_with",
    [CR_TURNED_AS] = "turned_as",
    [CR_POISON_STRENGTH] = "poison_strength",
    [CR_POISON_ATTACK] = "poison_attack",
    [CR_PARALYSIS_ONLY] = "paralysis_only",
    [CR_PARALYSIS_ROUNDS] = "paralysis_rounds",
    [CR_PARALYSIS_SPARES] = "paralysis_spares",
};

/* Flags as written, in the order of enum bs_cflag bits (flies is set by
 * `fly:`, not written). */
static const struct {
	const char *name;
	unsigned bit;
} flag_names[] = {
    {"woodland", BS_CF_WOODLAND},
    {"mountain", BS_CF_MOUNTAIN},
    {"swamp", BS_CF_SWAMP},
    {"aquatic", BS_CF_AQUATIC},
    {"undead", BS_CF_UNDEAD},
    {"mindless", BS_CF_MINDLESS},
    {"level_drain", BS_CF_LEVEL_DRAIN},
    {"never_checks_morale", BS_CF_NEVER_CHECKS_MORALE},
    {"magic_to_hit", BS_CF_MAGIC_TO_HIT},
    {"regenerates", BS_CF_REGENERATES},
    {"daylight_penalty", BS_CF_DAYLIGHT_PENALTY},
    {"paralyzes", BS_CF_PARALYZES},
    {"poison", BS_CF_POISON},
    {"causes_fear", BS_CF_CAUSES_FEAR},
    {"natural_armor", BS_CF_NATURAL_ARMOR},
    {"humanoid", BS_CF_HUMANOID},
    {"split_fire", BS_CF_SPLIT_FIRE},
    {"dragon", BS_CF_DRAGON},	  /* [13.6] issue 16 */
    {"illusion", BS_CF_ILLUSION}, /* [13.6] issue 16 */
    {"animal", BS_CF_ANIMAL},	  /* [14.6 B] RULING R-654 */
    {"plant", BS_CF_PLANT},	  /* [14.6 B] RULING R-654 */
    {"snake", BS_CF_SNAKE},	  /* [14.6 B] RULING R-654 */
};
#define NFLAGS ((int)(sizeof flag_names / sizeof flag_names[0]))

/* Hit dice "1/2", "1-1", "1", "4+1", 9 [2.2]: whole dice in tenths and
 * the hit points added. */
int ld_hd(struct ld *ld, const yaml_node_t *n, const char *key,
	  struct bs_hd *hd)
{
	const char *t = ld_text(ld, n, key, "hit dice like 1/2, 1-1 or 4+1");
	if (!t)
		return -1;
	char buf[64];
	if (strcmp(t, "1/2") == 0) {
		hd->tenths = 5;
		hd->plus = 0;
		return 0;
	}
	const char *p = t;
	long whole = 0, plus = 0;
	int digits = 0;
	while (isdigit((unsigned char)*p) && digits < 4) {
		whole = whole * 10 + (*p++ - '0');
		digits++;
	}
	int ok = digits > 0;
	if (ok && (*p == '+' || *p == '-')) {
		int sign = *p++ == '-' ? -1 : 1, pd = 0;
		while (isdigit((unsigned char)*p) && pd < 4) {
			plus = plus * 10 + (*p++ - '0');
			pd++;
		}
		ok = pd > 0 && plus >= 1;
		plus *= sign;
	}
	if (!ok || *p != '\0') {
		ld_err(ld, n,
		       "%s: expected hit dice like 1/2, 1-1, 1, 4+1 or 9, "
		       "got %s",
		       key, ld_kind(n, buf, sizeof buf));
		return -1;
	}
	if (whole > 99 || plus > 99 || plus < -9) {
		ld_err(ld, n,
		       "%s: %s is out of range (0 to 99 dice, -9 to +99 hit "
		       "points)",
		       key, ld_kind(n, buf, sizeof buf));
		return -1;
	}
	hd->tenths = (int)whole * 10;
	hd->plus = (int)plus;
	return 0;
}

/* Alignment: LG .. CE, or words ("lawful evil", "neutral"). */
static int parse_alignment(struct ld *ld, const yaml_node_t *n,
			   struct bs_creature *c)
{
	static const char *const codes[9] = {"LG", "LN", "LE", "NG", "N",
					     "NE", "CG", "CN", "CE"};
	static const char *const words[9] = {
	    "lawful good",  "lawful neutral",  "lawful evil",
	    "neutral good", "neutral",	       "neutral evil",
	    "chaotic good", "chaotic neutral", "chaotic evil"};
	const char *t = ld_text(ld, n, "alignment", "an alignment like LE");
	if (!t)
		return -1;
	int found = -1;
	for (int i = 0; i < 9; i++)
		if (strcasecmp(t, codes[i]) == 0 ||
		    strcasecmp(t, words[i]) == 0)
			found = i;
	if (strcasecmp(t, "TN") == 0 || strcasecmp(t, "true neutral") == 0)
		found = 4;
	if (found < 0) {
		char buf[64];
		const char *s = strlen(t) < 64 ? bs_suggest(t, words, 9) : NULL;
		ld_err(ld, n,
		       "alignment: unknown alignment %s (%s%s%sone of LG, LN, "
		       "LE, NG, N, NE, CG, CN, CE or the words)",
		       ld_kind(n, buf, sizeof buf), s ? "did you mean '" : "",
		       s ? s : "", s ? "'? " : "");
		return -1;
	}
	c->law = (enum bs_law)(found / 3);
	c->moral = (enum bs_moral)(found % 3);
	if (found == 4) {
		c->law = BS_LAW_NEUTRAL;
		c->moral = BS_MORAL_NEUTRAL;
	}
	return 0;
}

/* The AD&D category of an intelligence score (MM / DMG). */
static enum bs_int int_category(int score)
{
	static const int upto[] = {0, 1, 4, 7, 10, 12, 14, 16, 18, 20};
	for (int i = 0; i < (int)(sizeof upto / sizeof upto[0]); i++)
		if (score <= upto[i])
			return (enum bs_int)i;
	return BS_INT_GODLIKE;
}

static void parse_intelligence(struct ld *ld, const yaml_node_t *n,
			       struct bs_creature *c)
{
	if (n->type == YAML_SCALAR_NODE &&
	    isdigit((unsigned char)n->data.scalar.value[0])) {
		int score;
		if (ld_int(ld, n, "intelligence", 0, 25, &score) == 0)
			c->intelligence = int_category(score);
		return;
	}
	const char *t = (n->type == YAML_SCALAR_NODE)
			    ? (const char *)n->data.scalar.value
			    : NULL;
	if (t && strcasecmp(t, "supra-genius") == 0) {
		c->intelligence = BS_INT_SUPRA;
		return;
	}
	int v;
	if (ld_enum(ld, n, "intelligence", bs_int_name, BS_INT__COUNT, &v) == 0)
		c->intelligence = (enum bs_int)v;
}

/* Movement in inches; in a D&D scenario's own creatures it is feet per
 * turn divided by 10 [3.1]. */
static void parse_mv(struct ld *ld, const yaml_node_t *n, const char *key,
		     int *out)
{
	int dnd = ld->user && ld->game == BS_GAME_DND;
	int v;
	if (ld_int(ld, n, key, 0, dnd ? 600 : 60, &v) == 0)
		*out = dnd ? v / 10 : v; /* [3.1] 120' = 12" */
}

/* `to_hit_with`: the creature's bonuses to hit with named weapons. */
enum { TW_WEAPONS, TW_TO_HIT, TW__N };
static const char *const to_hit_with_keys[TW__N] = {
    [TW_WEAPONS] = "weapons",
    [TW_TO_HIT] = "to_hit",
};

/* `to_hit: N` of a bonus entry e: -10 to 10 and not 0. */
static int parse_to_hit(struct ld *ld, const yaml_node_t *e,
			const yaml_node_t *v, const char *what, int *out)
{
	if (ld_require(ld, e, what, "to_hit", v) != 0 ||
	    ld_int(ld, v, "to_hit", -10, 10, out) != 0)
		return -1;
	if (*out == 0) {
		ld_err(ld, v, "to_hit: an adjustment, -10 to 10, not 0");
		return -1;
	}
	return 0;
}

/* The names of list n into names[] (at most BS_TO_HIT_VS_NAMES). */
static int parse_names(struct ld *ld, const yaml_node_t *n, const char *key,
		       char (*names)[BS_NAME_MAX])
{
	int k = ld_list(ld, n, key, BS_TO_HIT_VS_NAMES, "names"), got = 0;
	for (int j = 0; j < k; j++)
		if (ld_str(ld, ld_item(ld, n, j), key, names[got],
			   BS_NAME_MAX) == 0)
			got++;
	return got;
}

static void parse_to_hit_with(struct ld *ld, const yaml_node_t *n,
			      struct bs_creature *c)
{
	int len = ld_list(ld, n, "to_hit_with", BS_TO_HIT_WITH_MAX, "entries");
	for (int i = 0; i < len; i++) {
		yaml_node_t *e = ld_item(ld, n, i), *v[TW__N];
		if (ld_collect(ld, e, "to_hit_with", to_hit_with_keys, TW__N,
			       v) != 0)
			continue;
		struct bs_to_hit_with t;
		memset(&t, 0, sizeof t);
		int ok = parse_to_hit(ld, e, v[TW_TO_HIT], "to_hit_with",
				      &t.to_hit) == 0;
		if (ld_require(ld, e, "to_hit_with", "weapons",
			       v[TW_WEAPONS]) == 0)
			t.nnames =
			    parse_names(ld, v[TW_WEAPONS], "weapons", t.names);
		if (ok && t.nnames > 0)
			c->to_hit_with[c->nto_hit_with++] = t;
	}
}

/* `to_hit_vs` of a creature: the normal AD&D bonuses to hit against named
 * creatures (the Table 10 special note, [13.1]); the names are checked
 * against the whole catalog afterwards (ld_catalog_check). */
enum { TV_ATTACKING, TV_ATTACKED_BY, TV_TO_HIT, TV__N };
static const char *const to_hit_vs_keys[TV__N] = {
    [TV_ATTACKING] = "attacking",
    [TV_ATTACKED_BY] = "attacked_by",
    [TV_TO_HIT] = "to_hit",
};

static void parse_to_hit_vs(struct ld *ld, const yaml_node_t *n,
			    struct bs_creature *c)
{
	int len = ld_list(ld, n, "to_hit_vs", BS_TO_HIT_VS_MAX, "entries");
	for (int i = 0; i < len; i++) {
		yaml_node_t *e = ld_item(ld, n, i), *v[TV__N];
		if (ld_collect(ld, e, "to_hit_vs", to_hit_vs_keys, TV__N, v) !=
		    0)
			continue;
		if (!v[TV_ATTACKING] == !v[TV_ATTACKED_BY]) {
			ld_err(ld, e,
			       "to_hit_vs: give exactly one of attacking and "
			       "attacked_by");
			continue;
		}
		struct bs_to_hit_vs t;
		memset(&t, 0, sizeof t);
		t.attacked_by = v[TV_ATTACKED_BY] != NULL;
		yaml_node_t *names =
		    t.attacked_by ? v[TV_ATTACKED_BY] : v[TV_ATTACKING];
		const char *key = t.attacked_by ? "attacked_by" : "attacking";
		int ok = parse_to_hit(ld, e, v[TV_TO_HIT], "to_hit_vs",
				      &t.to_hit) == 0;
		t.nnames = parse_names(ld, names, key, t.names);
		if (ok && t.nnames > 0)
			c->to_hit_vs[c->nto_hit_vs++] = t;
	}
}

void ld_creature(struct ld *ld, const yaml_node_t *n, struct bs_creature *c,
		 const char *default_name)
{
	yaml_node_t *v[CR__N];
	memset(c, 0, sizeof *c);
	/* RULING R-037 [4.6] omitted alignment is neutral and omitted
	 * intelligence average: no Table 6 modifier. */
	c->law = BS_LAW_NEUTRAL;
	c->moral = BS_MORAL_NEUTRAL;
	c->intelligence = BS_INT_AVERAGE;
	c->size = BS_SIZE_M;
	c->hd.tenths = 10;
	c->mv = 12;
	c->ac = 10;
	snprintf(c->file, sizeof c->file, "%s", ld->file);
	c->line = (int)n->start_mark.line + 1;
	if (ld_collect(ld, n, "creature", creature_keys, CR__N, v) != 0)
		return;
	if (v[CR_NAME])
		ld_str(ld, v[CR_NAME], "name", c->name, sizeof c->name);
	else if (default_name)
		snprintf(c->name, sizeof c->name, "%s", default_name);
	else
		ld_require(ld, n, "creature", "name", NULL);
	if (ld_require(ld, n, "creature", "hd", v[CR_HD]) == 0)
		ld_hd(ld, v[CR_HD], "hd", &c->hd);
	if (ld_require(ld, n, "creature", "ac", v[CR_AC]) == 0)
		ld_int(ld, v[CR_AC], "ac", -10, 10, &c->ac);
	if (ld_require(ld, n, "creature", "mv", v[CR_MV]) == 0)
		parse_mv(ld, v[CR_MV], "mv", &c->mv);
	if (v[CR_FLY]) {
		parse_mv(ld, v[CR_FLY], "fly", &c->fly_mv);
		if (c->fly_mv > 0)
			c->flags |= BS_CF_FLIES;
	}
	if (v[CR_FLY_CLASS]) {
		static const char *const cls[5] = {"A", "B", "C", "D", "E"};
		int k;
		if (ld_enum(ld, v[CR_FLY_CLASS], "fly_class", cls, 5, &k) == 0)
			c->fly_class = (char)('A' + k);
	}
	if (v[CR_THAC0])
		ld_int(ld, v[CR_THAC0], "thac0", 1, 25, &c->thac0);
	if (ld_require(ld, n, "creature", "size", v[CR_SIZE]) == 0) {
		int k;
		if (ld_enum(ld, v[CR_SIZE], "size", bs_size_name,
			    BS_SIZE__COUNT, &k) == 0)
			c->size = (enum bs_size)k;
	}
	if (v[CR_ALIGNMENT])
		parse_alignment(ld, v[CR_ALIGNMENT], c);
	if (v[CR_INT])
		parse_intelligence(ld, v[CR_INT], c);
	if (v[CR_DEMIHUMAN])
		ld_bool(ld, v[CR_DEMIHUMAN], "demihuman", &c->demihuman);
	if (v[CR_SPECIAL])
		ld_bool(ld, v[CR_SPECIAL], "special_abilities",
			&c->special_abilities);
	if (v[CR_EXCEPTIONAL])
		ld_bool(ld, v[CR_EXCEPTIONAL], "exceptional_abilities",
			&c->exceptional_abilities);
	if (v[CR_ASTERISKS])
		ld_int(ld, v[CR_ASTERISKS], "asterisks", 0, 10,
		       &c->dnd_asterisks);
	if (v[CR_INFRAVISION]) {
		int ft;
		if (ld_int(ld, v[CR_INFRAVISION], "infravision", 0, 1200,
			   &ft) == 0)
			c->infravision = ft / 10;
	}
	if (v[CR_MR])
		ld_int(ld, v[CR_MR], "mr", 0, 100, &c->mr);
	if (v[CR_FLAGS]) {
		int len =
		    ld_list(ld, v[CR_FLAGS], "flags", LD_MAX_LIST, "flags");
		const char *names[NFLAGS];
		for (int i = 0; i < NFLAGS; i++)
			names[i] = flag_names[i].name;
		for (int i = 0; i < len; i++) {
			int k;
			if (ld_enum(ld, ld_item(ld, v[CR_FLAGS], i), "flags",
				    names, NFLAGS, &k) == 0)
				c->flags |= flag_names[k].bit;
		}
	}
	if (v[CR_ATTACKS])
		ld_dice(ld, v[CR_ATTACKS], "attacks", &c->attacks);
	/* [13.2] "If the poison is defined as weak, or the saving throw is
	 * made at a bonus, shift one column to the right ... strong, or ...
	 * at a penalty, shift three columns ... not defined ... two" */
	if (v[CR_POISON_STRENGTH]) {
		static const char *const strength[] = {"weak", "normal",
						       "strong"};
		int k;
		if (!(c->flags & BS_CF_POISON))
			ld_err(ld, v[CR_POISON_STRENGTH],
			       "poison_strength: '%s' has no 'poison' in its "
			       "flags [13.2]",
			       c->name);
		else if (ld_enum(ld, v[CR_POISON_STRENGTH], "poison_strength",
				 strength, 3, &k) == 0)
			c->poison_shift = k + 1;
	}
	if (v[CR_POISON_ATTACK]) {
		if (!(c->flags & BS_CF_POISON))
			ld_err(ld, v[CR_POISON_ATTACK],
			       "poison_attack: '%s' has no 'poison' in its "
			       "flags [13.2]",
			       c->name);
		else if (ld_int(ld, v[CR_POISON_ATTACK], "poison_attack", 1,
				BS_DICE_MAX_ATTACKS, &c->poison_attack) == 0 &&
			 c->poison_attack > c->attacks.nparts)
			ld_err(ld, v[CR_POISON_ATTACK],
			       "poison_attack: %d, but '%s' has %d natural "
			       "attack%s [13.2]",
			       c->poison_attack, c->name, c->attacks.nparts,
			       c->attacks.nparts == 1 ? "" : "s");
	}
	/* [13.4] a paralyzer's paralysis (RULING R-710 .. R-713) */
	for (int i = CR_PARALYSIS_ONLY; i <= CR_PARALYSIS_SPARES; i++)
		if (v[i] && !(c->flags & BS_CF_PARALYZES))
			ld_err(ld, v[i],
			       "%s: '%s' has no 'paralyzes' in its flags "
			       "[13.4]",
			       creature_keys[i], c->name);
	if (v[CR_PARALYSIS_ONLY] && (c->flags & BS_CF_PARALYZES))
		ld_bool(ld, v[CR_PARALYSIS_ONLY], "paralysis_only",
			&c->paralysis_only);
	if (v[CR_PARALYSIS_ROUNDS] && (c->flags & BS_CF_PARALYZES) &&
	    ld_dice(ld, v[CR_PARALYSIS_ROUNDS], "paralysis_rounds",
		    &c->paralysis_rounds) == 0 &&
	    c->paralysis_rounds.nparts != 1) {
		ld_err(ld, v[CR_PARALYSIS_ROUNDS],
		       "paralysis_rounds: one dice expression (3d4, 2d6+1), "
		       "not %d attacks [13.4]",
		       c->paralysis_rounds.nparts);
		c->paralysis_rounds.nparts = 0;
	}
	if (v[CR_PARALYSIS_SPARES] && (c->flags & BS_CF_PARALYZES))
		c->nparalysis_spares =
		    parse_names(ld, v[CR_PARALYSIS_SPARES], "paralysis_spares",
				c->paralysis_spares);
	if (v[CR_XP])
		ld_long(ld, v[CR_XP], "xp", 0, 100000000L, &c->xp);
	if (v[CR_OVERSIZE])
		ld_bool(ld, v[CR_OVERSIZE], "oversize", &c->no_base);
	if (v[CR_HATES]) {
		int len = ld_list(ld, v[CR_HATES], "hates", 4, "names");
		for (int i = 0; i < len; i++)
			if (ld_str(ld, ld_item(ld, v[CR_HATES], i), "hates",
				   c->hates[c->nhates], BS_NAME_MAX) == 0)
				c->nhates++;
	}
	/* [13.7] a breath weapon of the catalog's spells (spells.c) */
	if (v[CR_BREATH])
		c->breath = ld_ref_breath(ld, v[CR_BREATH]);
	if (v[CR_TO_HIT_VS])
		parse_to_hit_vs(ld, v[CR_TO_HIT_VS], c);
	if (v[CR_TO_HIT_WITH])
		parse_to_hit_with(ld, v[CR_TO_HIT_WITH], c);
	/* [14.19] its row of the DMG's Matrix for Clerics Affecting Undead
	 * (none: not turned) */
	if (v[CR_TURNED_AS]) {
		int k;
		if (ld_enum(ld, v[CR_TURNED_AS], "turned_as",
			    bs_undead_type_name, BS_UNDEAD__COUNT, &k) == 0)
			c->turned_as = (enum bs_undead_type)k;
	}
}

static const char **names_of(struct ld *ld, const void *arr, size_t size,
			     int n);

/* The value of `key` in mapping m, or NULL (no errors: already walked). */
static yaml_node_t *value_of(struct ld *ld, const yaml_node_t *m,
			     const char *key)
{
	if (!m || m->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = m->data.mapping.pairs.start;
	     p < m->data.mapping.pairs.top; p++) {
		yaml_node_t *k = ld_node(ld, p->key);
		if (k && k->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, key) == 0)
			return ld_node(ld, p->value);
	}
	return NULL;
}

static int seq_len(const yaml_node_t *n)
{
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return 0;
	return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
}

void ld_creature_check(struct ld *ld, const yaml_node_t *n)
{
	const struct bs_scenario *s = ld->s;
	yaml_node_t *tw = value_of(ld, n, "to_hit_with");
	for (int e = 0; e < seq_len(tw) && e < BS_TO_HIT_WITH_MAX; e++) {
		yaml_node_t *ws = value_of(ld, ld_item(ld, tw, e), "weapons");
		for (int j = 0; j < seq_len(ws) && j < BS_TO_HIT_VS_NAMES;
		     j++) {
			yaml_node_t *nm = ld_item(ld, ws, j);
			if (nm && nm->type == YAML_SCALAR_NODE)
				ld_ref_weapon(ld, nm, "weapons");
		}
	}
	yaml_node_t *tv = value_of(ld, n, "to_hit_vs");
	/* e == -1: [13.4] `paralysis_spares`, names as to_hit_vs's */
	for (int e = -1; e < seq_len(tv) && e < BS_TO_HIT_VS_MAX; e++) {
		yaml_node_t *en = e >= 0 ? ld_item(ld, tv, e) : NULL;
		for (int w = 0; w < 2; w++) {
			const char *key = e < 0 ? "paralysis_spares"
					  : w	? "attacked_by"
						: "attacking";
			if (e < 0 && w)
				continue;
			yaml_node_t *names = e < 0 ? value_of(ld, n, key)
						   : value_of(ld, en, key);
			for (int j = 0;
			     j < seq_len(names) && j < BS_TO_HIT_VS_NAMES;
			     j++) {
				yaml_node_t *nm = ld_item(ld, names, j);
				if (!nm || nm->type != YAML_SCALAR_NODE)
					continue;
				const char *t =
				    (const char *)nm->data.scalar.value;
				int found = 0;
				for (int k = 0; k < s->ncreatures && !found;
				     k++)
					found = bs_creature_named(
					    &s->creatures[k], t);
				if (found)
					continue;
				if (!ld->cnames)
					ld->cnames =
					    names_of(ld, s->creatures,
						     sizeof s->creatures[0],
						     s->ncreatures);
				const char *sug =
				    ld->cnames && strlen(t) < 64 &&
					    !ld_quiet(ld)
					? bs_suggest(t, ld->cnames,
						     (size_t)s->ncreatures)
					: NULL;
				ld_err(
				    ld, nm,
				    "%s: no creature '%s' in the catalog%s%s%s",
				    key, t, sug ? " (did you mean '" : "",
				    sug ? sug : "", sug ? "'?)" : "");
			}
		}
	}
}

void ld_catalog_check(struct ld_catalog_nodes *c)
{
	struct ld *ld = c->ld;
	if (!ld)
		return;
	int nc = seq_len(c->creatures);
	for (int i = 0; i < nc && i < LD_MAX_CATALOG; i++)
		ld_creature_check(ld, ld_item(ld, c->creatures, i));
}

/* ---- placing entries -------------------------------------------------------
 */

/* Where an entry named `name` goes among `n` existing ones of size `size`
 * (first `nbuiltin` built in), found through the catalog's index: its
 * index, n to append (then indexed), or -1 (duplicate: reported). */
static int place(struct ld *ld, const yaml_node_t *node, const char *what,
		 const char *name, const void *arr, size_t size, int n,
		 int nbuiltin, struct bs_name_index *ix)
{
	if (!name[0])
		return -1; /* nameless: already reported */
	int i = bs_name_index_find(ix, arr, size, n, name);
	if (i < 0) {
		if (ix->slot) /* the entry is copied to arr[n] by the caller */
			bs_name_index_put(ix, name, n);
		return n;
	}
	if (ld->user && i < nbuiltin)
		return i; /* the scenario's entry wins */
	ld_err(ld, node, "duplicate %s '%s'", what, name);
	return -1;
}

void ld_catalog_parse(struct ld_catalog_nodes *c, int nbuiltin_w,
		      int nbuiltin_a, int nbuiltin_c)
{
	struct ld *ld = c->ld;
	struct bs_scenario *s = ld->s;
	int len = ld_list(ld, c->weapons, "weapons", LD_MAX_CATALOG, "weapons");
	for (int i = 0; i < len; i++) {
		yaml_node_t *n = ld_item(ld, c->weapons, i);
		struct bs_weapon w;
		parse_weapon(ld, n, &w);
		int at = place(ld, n, "weapon", w.name, s->weapons, sizeof w,
			       s->nweapons, nbuiltin_w, &s->weapon_index);
		if (at >= 0) {
			s->weapons[at] = w;
			if (at == s->nweapons)
				s->nweapons++;
		}
	}
	len = ld_list(ld, c->armor, "armor", LD_MAX_CATALOG, "armor");
	for (int i = 0; i < len; i++) {
		yaml_node_t *n = ld_item(ld, c->armor, i);
		struct bs_armor a;
		parse_armor(ld, n, &a);
		int at = place(ld, n, "armor", a.name, s->armor, sizeof a,
			       s->narmor, nbuiltin_a, &s->armor_index);
		if (at >= 0) {
			s->armor[at] = a;
			if (at == s->narmor)
				s->narmor++;
		}
	}
	len =
	    ld_list(ld, c->creatures, "creatures", LD_MAX_CATALOG, "creatures");
	for (int i = 0; i < len; i++) {
		yaml_node_t *n = ld_item(ld, c->creatures, i);
		struct bs_creature *cr = ld_tmp(ld, sizeof *cr);
		if (!cr)
			return;
		ld_creature(ld, n, cr, NULL);
		int at =
		    place(ld, n, "creature", cr->name, s->creatures, sizeof *cr,
			  s->ncreatures, nbuiltin_c, &s->creature_index);
		if (at >= 0) {
			s->creatures[at] = *cr;
			if (at == s->ncreatures)
				s->ncreatures++;
		}
	}
}

/* ---- references ------------------------------------------------------------
 */

static const char **names_of(struct ld *ld, const void *arr, size_t size, int n)
{
	const char **names = ld_tmp(ld, (size_t)(n + 1) * sizeof *names);
	if (!names)
		return NULL;
	for (int i = 0; i < n; i++)
		names[i] = (const char *)arr + (size_t)i * size;
	return names;
}

/* RULING R-360: words scenario writers use for the catalog's entries
 * (docs/CATALOG.md "Synonyms"). Each only suggests the entry in the
 * error; a name is never read as another entry. Whole-word and prefix
 * matches need no line here ("plate" -> "plate mail", "lance" -> the
 * three lances, "warhorse" -> the three warhorses). */
static const struct bs_synonym catalog_synonyms[] = {
    /* armor */
    {"plate armor", "plate mail"},
    {"plate armour", "plate mail"},
    {"full plate", "plate mail"},
    {"chain armor", "chain mail"},
    {"chain armour", "chain mail"},
    {"chain shirt", "chain mail"},
    {"scale armor", "scale mail"},
    {"splint armor", "splint mail"},
    {"banded armor", "banded mail"},
    {"ring armor", "ring mail"},
    {"leather armor", "leather"},
    {"leather armour", "leather"},
    {"studded leather armor", "studded leather"},
    {"padded armor", "padded"},
    {"buckler", "shield"},
    {"small shield", "shield"},
    {"tower shield", "large shield"},
    {"body shield", "large shield"},
    /* weapons */
    {"greatsword", "two-handed sword"},
    {"great sword", "two-handed sword"},
    {"two hander", "two-handed sword"},
    {"claymore", "two-handed sword"},
    {"zweihander", "two-handed sword"},
    {"broadsword", "broad sword"},
    {"staff", "quarterstaff"},
    {"knife", "dagger"},
    {"warhammer", "hammer"},
    {"war hammer", "hammer"},
    {"great axe", "battle axe"},
    {"greataxe", "battle axe"},
    {"handaxe", "hand axe"},
    {"arbalest", "heavy crossbow"},
    {"boulder", "rock"},
    {"stone", "rock"},
    /* creatures */
    {"horse", "warhorse"},
    {"steed", "warhorse"},
    {"destrier", "heavy warhorse"},
    {"charger", "heavy warhorse"},
    {"man", "human"},
    {"men", "human"},
    {"soldier", "man-at-arms"},
    {"soldiers", "man-at-arms"},
    {"footman", "man-at-arms"},
    {"footmen", "man-at-arms"},
    {"infantry", "man-at-arms"},
    {"men-at-arms", "man-at-arms"},
    {"bowman", "archer"},
    {"bowmen", "archer"},
    {"levy", "militia"},
    {"hobbit", "halfling"},
    {"dwarves", "dwarf"},
    {"elves", "elf"},
    {"wolves", "wolf"},
    {"lizardmen", "lizard man"},
    {NULL, NULL},
};

static void unknown(struct ld *ld, const yaml_node_t *n, const char *key,
		    const char *what, const char *name, const char **names,
		    int count)
{
	char buf[64], sug[400] = "";
	if (names)
		ld_suggest(ld, name, names, (size_t)count, catalog_synonyms,
			   sug, sizeof sug);
	ld_err(ld, n, "%s: unknown %s %s%s", key, what,
	       ld_kind(n, buf, sizeof buf), sug);
}

const struct bs_creature *ld_ref_creature(struct ld *ld, const yaml_node_t *n,
					  const char *key)
{
	const char *t = ld_text(ld, n, key, "a creature name");
	if (!t)
		return NULL;
	const struct bs_creature *c = bs_scenario_creature(ld->s, t);
	if (c)
		return c;
	if (!ld->cnames)
		ld->cnames =
		    names_of(ld, ld->s->creatures, sizeof ld->s->creatures[0],
			     ld->s->ncreatures);
	unknown(ld, n, key, "creature", t, ld->cnames, ld->s->ncreatures);
	return NULL;
}

const struct bs_weapon *ld_ref_weapon(struct ld *ld, const yaml_node_t *n,
				      const char *key)
{
	const char *t = ld_text(ld, n, key, "a weapon name");
	if (!t)
		return NULL;
	const struct bs_weapon *w = bs_scenario_weapon(ld->s, t);
	if (w)
		return w;
	if (!ld->wnames)
		ld->wnames =
		    names_of(ld, ld->s->weapons, sizeof ld->s->weapons[0],
			     ld->s->nweapons);
	unknown(ld, n, key, "weapon", t, ld->wnames, ld->s->nweapons);
	return NULL;
}

const struct bs_armor *ld_ref_armor(struct ld *ld, const yaml_node_t *n,
				    const char *key)
{
	const char *t = ld_text(ld, n, key, "an armor name");
	if (!t)
		return NULL;
	const struct bs_armor *a = bs_scenario_armor(ld->s, t);
	if (a)
		return a;
	if (!ld->anames)
		ld->anames = names_of(ld, ld->s->armor, sizeof ld->s->armor[0],
				      ld->s->narmor);
	unknown(ld, n, key, "armor", t, ld->anames, ld->s->narmor);
	return NULL;
}

const struct bs_creature *ld_human(struct ld *ld)
{
	const struct bs_creature *c = bs_scenario_creature(ld->s, "human");
	if (c)
		return c;
	if (ld->human)
		return ld->human;
	/* RULING R-027 [3.2] the race of an individual defaults to "human";
	 * when the catalog has none, a 0-level human of the PH: 1 HD, AC 10,
	 * MV 12", size M, neutral, average intelligence. */
	struct bs_creature *h = ld_alloc(ld, sizeof *h);
	if (!h)
		return NULL;
	snprintf(h->name, sizeof h->name, "human");
	h->hd.tenths = 10;
	h->ac = 10;
	h->mv = 12;
	h->size = BS_SIZE_M;
	h->law = BS_LAW_NEUTRAL;
	h->moral = BS_MORAL_NEUTRAL;
	h->intelligence = BS_INT_AVERAGE;
	snprintf(h->file, sizeof h->file, "(built in)");
	ld->human = h;
	return h;
}
