/* The controller registry: each ruleset's controllers by name, one row a
 * (ruleset, name), and the attachment of a side's controller through the
 * one battle-level API (bs_battle_attach). The scenario's `controller:`
 * kinds (bs_controller_kind_name: doctrine, scripted, hold) are names of
 * the table, for the three rulesets (the matrix's scripted orders: RULING
 * */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/ai.h"

static const struct row {
	enum bs_rules rules;
	const char *name;
	enum bs_ctl_iface iface;
	size_t at; /* where the controller is in struct bs_ai_set */
} registry[] = {
    {BS_RULES_BS1E, "doctrine", BS_IFACE_TABLETOP,
     offsetof(struct bs_ai_set, doctrine.ctl)},
    {BS_RULES_BS1E, "scripted", BS_IFACE_TABLETOP,
     offsetof(struct bs_ai_set, script.ctl)},
    {BS_RULES_BS1E, "hold", BS_IFACE_TABLETOP,
     offsetof(struct bs_ai_set, hold)},
    /* the referee's human side (issue 17) */
    {BS_RULES_BS1E, "human", BS_IFACE_TABLETOP,
     offsetof(struct bs_ai_set, human.ctl)},
    /* 2E (issue 5) */
    {BS_RULES_BS2E, "doctrine", BS_IFACE_TABLETOP,
     offsetof(struct bs_ai_set, bs2e.ctl)},
    {BS_RULES_BS2E, "scripted", BS_IFACE_TABLETOP,
     offsetof(struct bs_ai_set, script.ctl)},
    {BS_RULES_BS2E, "hold", BS_IFACE_TABLETOP,
     offsetof(struct bs_ai_set, hold)},
    {BS_RULES_BS2E, "human", BS_IFACE_TABLETOP,
     offsetof(struct bs_ai_set, human.ctl)},
    /* matrix (issue 6) */
    {BS_RULES_MATRIX, "doctrine", BS_IFACE_MATRIX,
     offsetof(struct bs_ai_set, mx)},
    {BS_RULES_MATRIX, "scripted", BS_IFACE_MATRIX,
     offsetof(struct bs_ai_set, mx_script)},
    {BS_RULES_MATRIX, "hold", BS_IFACE_MATRIX,
     offsetof(struct bs_ai_set, mx_hold)},
    {BS_RULES_MATRIX, "human", BS_IFACE_MATRIX,
     offsetof(struct bs_ai_set, human.mx)},
};
#define NROWS ((int)(sizeof registry / sizeof registry[0]))

void bs_ai_set_init(struct bs_ai_set *s)
{
	bs_ai_doctrine_init(&s->doctrine);
	bs_ai_script_init(&s->script);
	bs_ai_hold_init(&s->hold);
	bs2e_ai_init(&s->bs2e);
	bs_mx_ai_init(&s->mx);
	/* every callback NULL: stay, hold, engage nothing (matrix.h) */
	memset(&s->mx_hold, 0, sizeof s->mx_hold);
	s->mx_hold.name = "hold";
	bs_mx_script_init(&s->mx_script);
	bs_ai_human_init(&s->human, NULL);
}

static const struct row *find(enum bs_rules r, const char *name)
{
	for (int i = 0; i < NROWS && name; i++)
		if (registry[i].rules == r &&
		    strcmp(registry[i].name, name) == 0)
			return &registry[i];
	return NULL;
}

const void *bs_ai_find(struct bs_ai_set *s, enum bs_rules r, const char *name,
		       enum bs_ctl_iface *iface)
{
	const struct row *w = find(r, name);
	if (!w)
		return NULL;
	if (iface)
		*iface = w->iface;
	return (const char *)s + w->at;
}

int bs_ai_names(enum bs_rules r, const char **names, int max)
{
	int n = 0;
	for (int i = 0; i < NROWS; i++)
		if (registry[i].rules == r) {
			if (n < max)
				names[n] = registry[i].name;
			n++;
		}
	return n;
}

/* "doctrine, hold" for the diagnostics. */
static void names_text(enum bs_rules r, char *buf, size_t len)
{
	const char *names[NROWS];
	int n = bs_ai_names(r, names, NROWS);
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && used < len; i++) {
		int k = snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
				 names[i]);
		if (k < 0)
			break;
		used += (size_t)k;
	}
}

static const char *rules_text(enum bs_rules r)
{
	return (int)r >= 0 && r < BS_RULES__COUNT ? bs_rules_name[r] : "?";
}

enum bs_status bs_ai_attach_named(struct bs_ai_set *s, struct bs_battle *b,
				  int side, const char *name,
				  struct bs_diags *d)
{
	const struct bs_scenario *sc = b->sc;
	if (side < 0 || side >= b->nsides) {
		bs_diags_add(d, sc->file, 0, 0,
			     "side %d: the battle has %d sides", side,
			     b->nsides);
		return BS_ERR_INPUT;
	}
	enum bs_ctl_iface iface;
	const void *c = bs_ai_find(s, sc->rules, name, &iface);
	if (!c) {
		char have[256];
		names_text(sc->rules, have, sizeof have);
		bs_diags_add(d, sc->file, 0, 0,
			     "side '%s': no controller '%s' for rules: %s "
			     "(it has %s)",
			     sc->sides[side].name, name ? name : "",
			     rules_text(sc->rules), have);
		return BS_ERR_INPUT;
	}
	enum bs_status st = bs_battle_attach(b, side, iface, c);
	if (st != BS_OK)
		bs_diags_add(d, sc->file, 0, 0,
			     "side '%s': controller '%s' does not fit the %s "
			     "ruleset",
			     sc->sides[side].name, name, b->rules->name);
	return st;
}

enum bs_status bs_ai_attach(struct bs_ai_set *s, struct bs_battle *b,
			    struct bs_diags *d)
{
	for (int side = 0; side < b->nsides; side++) {
		enum bs_controller_kind k = b->sc->sides[side].controller;
		const char *name = (int)k >= 0 && k < BS_CTL__COUNT
				       ? bs_controller_kind_name[k]
				       : NULL;
		enum bs_status st = bs_ai_attach_named(s, b, side, name, d);
		if (st != BS_OK)
			return st;
	}
	return BS_OK;
}
