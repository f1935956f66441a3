/* The text log lines of the 2E events (event.h "2E (issue 5)"): attack
 * dice and the hits they score [2E Attack Dice], armor dice [2E Armor
 * Rating], hits taken and carried [2E Hits], morale checks, retreats and
 * rallies [2E Morale]. JSON Lines needs nothing special (generic fields). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs2e.h"
#include "report/report_int.h"

struct tb {
	char *buf;
	size_t len, used;
};

static void put(struct tb *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void put(struct tb *b, const char *fmt, ...)
{
	if (b->used + 1 >= b->len)
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

static void put_unit(struct tb *b, const struct bs_scenario *sc, int s, int u)
{
	const char *n = bs_report_unit_name(sc, s, u);
	if (n)
		put(b, "%s", n);
	else
		put(b, "side %d unit %d", s, u);
}

static void put_list(struct tb *b, const struct bs_event *ev)
{
	int n = ev->ndice < BS_EV_MAX_DICE ? ev->ndice : BS_EV_MAX_DICE;
	for (int i = 0; i < n; i++)
		put(b, "%s%d", i ? "," : "", ev->dice[i]);
}

static void put_deriv(struct tb *b, const struct bs_event *ev, const char *name)
{
	char tmp[1024];
	if (ev->has_deriv)
		put(b, "%s",
		    bs_deriv_text(&ev->deriv, name, 0, tmp, sizeof tmp));
}

static void put_cite(struct tb *b, const struct bs_event *ev)
{
	if (ev->cite && *ev->cite)
		put(b, " %s", ev->cite);
}

static void attack(struct tb *b, const struct bs_scenario *sc,
		   const struct bs_event *ev)
{
	char ad[16];
	int d[2] = {ev->die_sides, ev->n[7]};
	bs2e_ad_text(d, ad, sizeof ad);
	put_unit(b, sc, ev->side, ev->unit);
	if (ev->n[3] > 0) {
		put(b, " attack dice (continued): %s [", ad);
		put_list(b, ev);
		put(b, "] -> %d hit%s", ev->n[2], ev->n[2] == 1 ? "" : "s");
		put_cite(b, ev);
		return;
	}
	put(b, " %s ", ev->n[5] ? "shoots at" : "attacks");
	put_unit(b, sc, ev->tside, ev->tunit);
	if (ev->n[5] > 0 && ev->n[5] < BS2E_RANGE__COUNT)
		put(b, " (%s range)", bs2e_range_name[ev->n[5]]);
	else if (ev->n[4])
		put(b, " (charging)");
	put(b, ": ");
	put_deriv(b, ev, "AD");
	put(b, "; %d x %s [", ev->n[1], ad);
	put_list(b, ev);
	if (ev->ndice < ev->n[1])
		put(b, ", ...");
	put(b, "] -> %d hit%s", ev->n[2], ev->n[2] == 1 ? "" : "s");
	put_cite(b, ev);
}

static void armor(struct tb *b, const struct bs_scenario *sc,
		  const struct bs_event *ev)
{
	put_unit(b, sc, ev->side, ev->unit);
	if (ev->n[3] > 0) {
		put(b, " armor dice (continued): d10 [");
		put_list(b, ev);
		put(b, "]");
		put_cite(b, ev);
		return;
	}
	put(b, " armor: ");
	put_deriv(b, ev, "AR");
	put(b, "; %d x d10 [", ev->n[0]);
	put_list(b, ev);
	if (ev->ndice < ev->n[0])
		put(b, ", ...");
	put(b, "]: %d cancelled (d10 %s AR %d) -> %d hit%s stand", ev->n[1],
	    ev->n[4] ? ">=" : ">", ev->deriv.value, ev->n[2],
	    ev->n[2] == 1 ? "" : "s");
	put_cite(b, ev);
}

static void hits(struct tb *b, const struct bs_scenario *sc,
		 const struct bs_event *ev)
{
	put_unit(b, sc, ev->side, ev->unit);
	put(b, " takes %d hit%s", ev->n[0], ev->n[0] == 1 ? "" : "s");
	if (ev->n[1] > 0)
		put(b, " + %d carried", ev->n[1]);
	put(b, " at Hits %d: %d figure%s removed, %d left, %d hit%s carried",
	    ev->n[2], ev->n[3], ev->n[3] == 1 ? "" : "s", ev->n[4], ev->n[5],
	    ev->n[5] == 1 ? "" : "s");
	put_cite(b, ev);
}

static const char *order_name(int o)
{
	return bs_report_in(o, BS2E_ORDER__COUNT) ? bs2e_order_name[o] : "?";
}

static void morale(struct tb *b, const struct bs_scenario *sc,
		   const struct bs_event *ev)
{
	put_unit(b, sc, ev->side, ev->unit);
	if (ev->n[6])
		put(b, " rally (%s)", order_name(ev->n[1]));
	else if (ev->n[5])
		put(b, " second morale check");
	else if (bs_report_in(ev->n[4], BS2E_TRIG__COUNT))
		put(b, " morale (%s, %s)", bs2e_trigger_name[ev->n[4]],
		    order_name(ev->n[1]));
	put(b, ": ");
	if (ev->ndice == 2) {
		int sum = ev->dice[0] + ev->dice[1];
		put_deriv(b, ev, "ML");
		put(b, "; 2d10 (%d+%d) = %d %s %d", ev->dice[0], ev->dice[1],
		    sum, sum <= ev->deriv.value ? "<=" : ">", ev->deriv.value);
		put(b, ": ");
	}
	put(b, "%s -> %s", ev->what ? ev->what : "", order_name(ev->n[2]));
	put_cite(b, ev);
}

char *bs2e_report_text(const struct bs_scenario *sc, const struct bs_event *ev,
		       char *buf, size_t len)
{
	struct tb b = {buf, len, 0};
	if (len == 0)
		return buf;
	buf[0] = '\0';
	switch (ev->type) {
	case BS_EV_BS2E_ATTACK:
		attack(&b, sc, ev);
		break;
	case BS_EV_BS2E_ARMOR:
		armor(&b, sc, ev);
		break;
	case BS_EV_BS2E_HITS:
		hits(&b, sc, ev);
		break;
	case BS_EV_BS2E_MORALE:
		morale(&b, sc, ev);
		break;
	default:
		put(&b, "%s", ev->what ? ev->what : "");
		break;
	}
	return buf;
}
