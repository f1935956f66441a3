/* The referee's `odds` (issue 17, RULING R-429): the numbers of an attack
 * in a battle now are the ones the Melee Phase then uses (1E [8.1] [8.3]
 * [8.4]: figures, AR with Table 10, AC, arc; 2E RULING R-207 R-211 R-212:
 * figures in contact, attack dice, the modified AR), and the exact
 * distribution of a 2E attack [2E Attack Dice] [2E Armor Rating] equals
 * the enumeration of every die. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/bs1e_combat.h"
#include "battlesim/bs2e.h"
#include "battlesim/scenario.h"
#include "ai_attach.h"

/* what bs1e_attack_now / bs2e_attack_now said as the melee began */
struct seen {
	struct bs_battle *b;
	int rules;
	int have[BS_MAX_SIDES * BS_MAX_UNITS][BS_MAX_SIDES * BS_MAX_UNITS];
	struct bs1e_attack_now n1[BS_MAX_SIDES * BS_MAX_UNITS]
				 [BS_MAX_SIDES * BS_MAX_UNITS];
	struct bs2e_attack_now n2[BS_MAX_SIDES * BS_MAX_UNITS]
				 [BS_MAX_SIDES * BS_MAX_UNITS];
	int enemies[BS_MAX_SIDES * BS_MAX_UNITS]; /* in contact */
	int figs[BS_MAX_SIDES * BS_MAX_UNITS];	  /* as the melee began */
	long checked;
	long cited[3]; /* attacks compared with a [11.4] [11.6] [11.7] term */
};

/* 1 when d has a term cited `cite` */
static int has_cite(const struct bs_deriv *d, const char *cite)
{
	for (int i = 0; i < d->nterms; i++)
		if (d->term[i].cite && strstr(d->term[i].cite, cite))
			return 1;
	return 0;
}

static void melee_begins(struct seen *w)
{
	const struct bs_battle *b = w->b;
	for (int g = 0; g < b->nunits; g++) {
		w->enemies[g] = 0;
		w->figs[g] = b->units[g].figures;
		for (int h = 0; h < b->nunits; h++) {
			w->have[g][h] = 0;
			if (b->units[g].side == b->units[h].side)
				continue;
			if (w->rules == BS_RULES_BS1E) {
				cr_assert_eq(
				    bs1e_attack_now(b, g, h, 0, &w->n1[g][h]),
				    0);
				w->have[g][h] = w->n1[g][h].in_contact;
			} else {
				cr_assert_eq(
				    bs2e_attack_now(b, g, h, 0, &w->n2[g][h]),
				    0);
				w->have[g][h] = w->n2[g][h].in_contact;
			}
			w->enemies[g] += w->have[g][h];
		}
	}
}

static void emit(void *ctx, const struct bs_event *ev)
{
	struct seen *w = ctx;
	const struct bs_battle *b = w->b;
	if (ev->type == BS_EV_PHASE && ev->phase == BS_PHASE_MELEE) {
		melee_begins(w);
		return;
	}
	if (ev->side < 0 || ev->tside < 0 || ev->unit < 0 || ev->tunit < 0)
		return;
	int g = b->side_first[ev->side] + ev->unit;
	int h = b->side_first[ev->tside] + ev->tunit;
	/* one enemy in contact: its figures are not shared out */
	if (!w->have[g][h] || w->enemies[g] != 1)
		return;
	/* [11.7] a charger's losses to set spears are removed before it
	 * strikes back: its figures are no longer those odds counted */
	if (b->units[g].figures != w->figs[g])
		return;
	if (w->rules == BS_RULES_BS1E && ev->type == BS_EV_ATTACK && ev->cite &&
	    strcmp(ev->cite, "[8.4]") == 0) {
		const struct bs1e_attack_now *n = &w->n1[g][h];
		cr_assert_eq(ev->n[0], n->figures, "[8.1] figures of %d on %d",
			     g, h);
		cr_assert_eq(ev->deriv.value, n->ar.value, "[8.3] AR");
		cr_assert_eq(ev->deriv.nterms, n->ar.nterms, "[8.3] terms");
		cr_assert_eq(ev->n[1], n->spec.ac, "AC");
		cr_assert_eq(ev->n[7], n->arc, "arc");
		static const char *const cites[3] = {"[11.4]", "[11.6]",
						     "[11.7]"};
		for (int i = 0; i < 3; i++)
			if (has_cite(&ev->deriv, cites[i]))
				w->cited[i] += has_cite(&n->ar, cites[i]);
		/* [11.4] lances, [11.7] set spears: the damage doubled */
		cr_assert_eq(ev->what && strstr(ev->what, "doubled"),
			     n->spec.doubled != 0, "doubled: %s",
			     ev->what ? ev->what : "");
		w->checked++;
	} else if (w->rules == BS_RULES_BS2E && ev->type == BS_EV_BS2E_ATTACK &&
		   ev->n[5] == 0 && ev->n[3] == 0) {
		const struct bs2e_attack_now *n = &w->n2[g][h];
		cr_assert_eq(ev->n[0], n->figures, "figures of %d on %d", g, h);
		cr_assert_eq(ev->n[1], n->ndice, "attack dice");
		cr_assert_eq(ev->n[4], n->charge, "RULING R-211 charge");
		w->checked++;
	} else if (w->rules == BS_RULES_BS2E && ev->type == BS_EV_BS2E_ARMOR &&
		   ev->n[3] == 0) {
		/* the armor roll of d against a: the AR the attack of a met */
		const struct bs2e_attack_now *n = &w->n2[h][g];
		if (w->have[h][g] && w->enemies[h] == 1) {
			cr_assert_eq(ev->deriv.value, n->ar.value,
				     "RULING R-212 AR");
			w->checked++;
		}
	}
}

static void battles_of(const char *path, int rules, long cited[3])
{
	struct bs_scenario *sc = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	cr_assert_eq(bs_scenario_load_file(path, &sc, &d), BS_OK, "%s", path);
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
	struct bs_ai_set *ai = calloc(1, sizeof *ai);
	struct seen *w = calloc(1, sizeof *w);
	bs_ai_set_init(ai);
	w->b = b;
	w->rules = rules;
	struct bs_event_sink sink = {emit, w};
	for (uint64_t seed = 1; seed <= 8; seed++) {
		bs_battle_reset(b, seed, 0);
		attach_ok(ai, b);
		bs_battle_set_sink(b, &sink);
		bs_battle_play(b, 0);
	}
	cr_assert_gt(w->checked, 10, "%s: only %ld attacks compared", path,
		     w->checked);
	if (cited)
		memcpy(cited, w->cited, sizeof w->cited);
	free(ai);
	free(w);
	bs_battle_free(b);
	bs_scenario_free(sc);
	bs_diags_release(&d);
}

/* [8.1] [8.3] [8.4]: odds' numbers are the Melee Phase's */
Test(referee_odds, s8_4_attack_now_is_the_melee_phase)
{
	battles_of("data/scenarios/borderland-raid.yaml", BS_RULES_BS1E, NULL);
}

/* [11.4] [11.6] [11.7] the Intermediate Game's terms: the charge's -2 and
 * doubled lances, the defender's shield wall, set spears, in odds as in
 * the Melee Phase (heroes-of-the-pass: cavalry, chariots, a shield wall,
 * set pikes) */
Test(referee_odds, s11_4_s11_6_attack_now_has_the_formations_terms)
{
	long cited[3];
	battles_of("data/scenarios/heroes-of-the-pass.yaml", BS_RULES_BS1E,
		   cited);
	cr_expect_gt(cited[0], 0, "a cavalry or chariot charge compared");
	cr_expect_gt(cited[1], 0, "an attack on a shield wall compared");
}

/* RULING R-207 R-211 R-212: the 2E melee step's */
Test(referee_odds, r207_attack_now_is_the_melee_step)
{
	battles_of("data/scenarios/borderland-raid-2e.yaml", BS_RULES_BS2E,
		   NULL);
}

/* The enumeration of every attack die and every armor d10. */
static void enumerate(const int ad[2], int ndice, const int *table, int ar,
		      int eq, double *pr, double *ps, int max)
{
	for (int k = 0; k < max; k++)
		pr[k] = ps[k] = 0;
	int faces = ad[0] * (ad[1] > 0 ? ad[1] : 1);
	long combos = 1;
	for (int i = 0; i < ndice; i++)
		combos *= faces;
	for (long c = 0; c < combos; c++) {
		long x = c;
		int hits = 0;
		for (int i = 0; i < ndice; i++) {
			int f = (int)(x % faces);
			x /= faces;
			int r =
			    ad[1] > 0 ? f % ad[0] + 1 + f / ad[0] + 1 : f + 1;
			hits += bs2e_hits_for(table, r);
		}
		pr[hits] += 1.0 / combos;
		/* every d10 of the armor rolls */
		long ac = 1;
		for (int i = 0; i < hits; i++)
			ac *= 10;
		for (long a = 0; a < ac; a++) {
			long y = a;
			int stand = 0;
			for (int i = 0; i < hits; i++) {
				stand += !bs2e_armor_cancels((int)(y % 10) + 1,
							     ar, eq);
				y /= 10;
			}
			ps[stand] += 1.0 / combos / ac;
		}
	}
}

Test(referee_odds, s2e_attack_odds_equal_the_enumeration)
{
	static const struct {
		int ad[2], ndice, ar, eq;
	} c[] = {
	    {{8, 0}, 2, 7, 0},	{{6, 0}, 3, 4, 1},  {{10, 8}, 1, 5, 0},
	    {{12, 0}, 2, 2, 0}, {{4, 0}, 3, 10, 1}, {{8, 0}, 0, 7, 0},
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		int max = bs2e_attack_odds_size(c[i].ad, c[i].ndice, NULL);
		cr_assert_leq(max, 64);
		double pr[64], ps[64], er[64], es[64], sum = 0;
		int top = bs2e_attack_odds(c[i].ad, c[i].ndice, NULL, c[i].ar,
					   c[i].eq, pr, ps, max);
		cr_assert_eq(top, max - 1);
		enumerate(c[i].ad, c[i].ndice, NULL, c[i].ar, c[i].eq, er, es,
			  max);
		for (int k = 0; k <= top; k++) {
			cr_assert(fabs(pr[k] - er[k]) < 1e-9,
				  "case %zu k %d: %g %g", i, k, pr[k], er[k]);
			cr_assert(fabs(ps[k] - es[k]) < 1e-9,
				  "case %zu k %d: %g %g", i, k, ps[k], es[k]);
			sum += ps[k];
		}
		cr_assert(fabs(sum - 1) < 1e-9);
		/* too small an array is refused */
		if (max > 1)
			cr_assert_eq(bs2e_attack_odds(c[i].ad, c[i].ndice, NULL,
						      c[i].ar, c[i].eq, pr, ps,
						      max - 1),
				     -1);
	}
	/* [2E Example]: 8 d8 give 8 hits on average, 7 of 10 stand at AR 7 */
	double pr[64], ps[64], m = 0, s = 0;
	int ad[2] = {8, 0};
	int top = bs2e_attack_odds(ad, 8, NULL, 7, 0, pr, ps, 64);
	for (int k = 0; k <= top; k++) {
		m += k * pr[k];
		s += k * ps[k];
	}
	cr_assert(fabs(m - 8.0) < 1e-9 && fabs(s - 5.6) < 1e-9, "%g %g", m, s);
}
