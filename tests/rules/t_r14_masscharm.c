/* Issue 16: [14.6 A] mass charm, "it is possible for a unit to be split
 * and fight itself": the detachment slots the battle reserves for the
 * figures a mass charm may split from an enemy unit (RULING R-462: one a
 * enemy unit for a side whose caster memorized the spell, out of play and
 * left out of the deployment, victory and the summary until used); the
 * cast (RULING R-463): each figure of the area saves, those that fail
 * pass into the slot, beside their unit, commanded by the caster with the
 * spell's range as Command Radius, fighting their own unit; their losses
 * their owner's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/report.h"
#include "bs1e_fixture.h"

/* South: Guards (8 men-at-arms) at (gx, gy) and the magic-user Zan
 * (16th level) with `spells` at (40, zy); North: Spearmen (6 men-at-arms)
 * at (40, sy) facing south and Reserve (6) far away. */
static void open_at(struct tf *t, const char *spells, double gx, double gy,
		    double zy, double sy)
{
	char y[4096];
	snprintf(y, sizeof y,
		 "name: Mass\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
		 "table: {width: 72, depth: 96}\n"
		 "sides:\n"
		 "  - name: South\n    edge: south\n    units:\n"
		 "      - {name: Guards, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], frontage: 4, position: [%g, %g]}\n"
		 "    individuals:\n"
		 "      - {name: Zan, class: magic-user, level: 16, hp: 40, "
		 "position: [40, %g], spells: [%s]}\n"
		 "  - name: North\n    edge: north\n    units:\n"
		 "      - {name: Spearmen, figures: 6, creature: man-at-arms, "
		 "weapons: [spear], frontage: 6, position: [40, %g]}\n"
		 "      - {name: Reserve, figures: 6, creature: man-at-arms, "
		 "weapons: [spear], position: [10, 88]}\n",
		 gx, gy, zy, spells, sy);
	tf_open(t, y);
}

/* Guards at (40, 30), Zan at (40, 24), Spearmen at (40, 60). */
static void open_mass(struct tf *t, const char *spells)
{
	open_at(t, spells, 40, 30, 24, 60);
}

/* RULING R-462: South may split either North unit: two slots after the
 * Guards, each a copy of its parent's record, owned by North, out of
 * play with no figure; North, with no caster of it, has none. */
Test(r14_masscharm, s14_6_a_mass_charm_reserves_a_slot_per_enemy_unit_r462)
{
	struct tf t;
	open_mass(&t, "mass charm");
	struct bs_battle *b = t.b;
	cr_assert_eq(b->nunits, 5);
	cr_assert_eq(b->side_first[1], 3);
	cr_assert_eq(b->sc->sides[0].nunits, 3);
	cr_assert_eq(b->orig_nunits[0], 1);
	cr_assert_eq(b->sc->sides[1].nunits, 2);
	cr_assert_not_null(b->own_sc);
	static const char *const names[] = {"Spearmen (charmed part)",
					    "Reserve (charmed part)"};
	for (int i = 0; i < 2; i++) {
		const struct bs_unit_state *u = &b->units[1 + i];
		cr_assert_eq(u->side, 0);
		cr_assert_eq(u->idx, 1 + i);
		cr_assert_eq(u->owner, 1);
		cr_assert_eq(u->parent, b->side_first[1] + i);
		cr_assert_eq(u->figures, 0);
		cr_assert_eq(u->original, 0);
		cr_assert_eq(u->commander, -1);
		cr_assert(u->flags & BS_UF_RESERVED);
		cr_assert(u->flags & BS_UF_REMOVED);
		cr_assert_str_eq(u->def->name, names[i]);
		cr_assert_eq(u->def->creature,
			     b->units[u->parent].def->creature);
	}
	for (int g = 0; g < b->nunits; g++)
		if (!(b->units[g].flags & BS_UF_RESERVED)) {
			cr_assert_eq(b->units[g].owner, b->units[g].side);
			cr_assert_eq(b->units[g].parent, -1);
		}
	/* the caller's scenario is left as it was */
	cr_assert_eq(t.sc->sides[0].nunits, 1);
	cr_assert_str_eq(t.sc->sides[0].units[0].name, "Guards");
	tf_close(&t);
}

/* RULING R-462: no caster of a mass charm, no slot: the battle is the
 * scenario's units alone (every battle without the spell is unchanged). */
Test(r14_masscharm, s14_6_a_mass_charm_no_slot_without_the_spell_r462)
{
	struct tf t;
	open_mass(&t, "charm person");
	cr_assert_eq(t.b->nunits, 3);
	cr_assert_null(t.b->own_sc);
	cr_assert_eq(t.b->sc, t.sc);
	for (int g = 0; g < t.b->nunits; g++)
		cr_assert(!(t.b->units[g].flags & BS_UF_RESERVED));
	tf_close(&t);
}

/* RULING R-462: an unused slot is not on the table: no DEPLOY event, no
 * figure at the start of its side, not in play, not in the summary; the
 * battle's verdict counts the scenario's units alone. */
Test(r14_masscharm, s14_6_a_mass_charm_slot_out_of_play_r462)
{
	struct tf t;
	open_mass(&t, "mass charm");
	struct bs_battle *b = t.b;
	bs_battle_reset(b, 1, 0);
	bs_battle_play(b, 1);
	cr_assert_eq(tf_count(&t, BS_EV_DEPLOY), 4); /* 3 units, Zan */
	cr_assert_eq(b->result.side[0].figures_start, 8);
	cr_assert_eq(b->result.side[1].figures_start, 12);
	cr_assert_eq(b->result.side[0].units_in_play, 1);
	cr_assert_eq(b->result.side[1].units_in_play, 2);
	for (int i = 0; i < t.nev; i++)
		cr_assert(
		    !(t.evs[i].ev.side == 0 && t.evs[i].ev.unit >= 1) &&
			!(t.evs[i].ev.tside == 0 && t.evs[i].ev.tunit >= 1),
		    "event %d names a slot", i);
	char buf[8192];
	FILE *f = fmemopen(buf, sizeof buf, "w");
	cr_assert_not_null(f);
	cr_assert_eq(bs_report_summary(b, BS_LOG_TEXT, f), 0);
	fclose(f);
	cr_assert_null(strstr(buf, "charmed part"), "%s", buf);
	cr_assert(strstr(buf, "1 of 1 units in play"), "%s", buf);
	tf_close(&t);
}

/* ---- the cast (RULING R-463) ---------------------------------------------
 */

/* South: Guards far away, Zan (16th level, mass charm) at (40, 30);
 * North: Spearmen (6 men-at-arms) at (40, 36) facing south, 6" from him
 * (the spell's range 0.5" a level: 8"), Reserve far away. The Missile and
 * Magic Phase, casts by t->cast. */
static void open_cast(struct tf *t)
{
	open_at(t, "mass charm", 10, 10, 30, 36);
	t->ctl.cast = tf_cast;
	tf_phase(t, BS_PHASE_MISSILE_MAGIC);
}

/* Zan's mass charm at the Spearmen, the saves' d20s `dice`. */
static const struct bs_event *mass_at_spearmen(struct tf *t, const int *dice,
					       size_t n)
{
	tf_dice(t, dice, n);
	t->cast[0][0] = (struct bs_cast_order){
	    0, tf_spell(t, "mass charm"), 1, 0, -1, 0, 0, 0, NULL};
	t->ncast[0] = 1;
	bs1e_casts(t->b, 0);
	cr_assert_null(tf_rejected(t), "%s", tf_rejected(t));
	return tf_cast_ev(t, 3, 0);
}

/* open_cast and the mass charm at the Spearmen, both saves failed (2, 3):
 * 2 figures in the detachment, 4 left. */
static void split_two(struct tf *t)
{
	open_cast(t);
	int dice[] = {2, 3};
	mass_at_spearmen(t, dice, 2);
}

#define G_DET 1	  /* South's slot for the Spearmen */
#define G_SPEAR 3 /* the Spearmen */

/* [14.6 A] "every figure in the AREA of effect that is entitled to a save
 * must make a save. Each figure that fails falls under the control of the
 * opposing player ... Place a Charm marker": the 3" square covers 2 of the
 * Spearmen's figures; men-at-arms save vs spell on 17, -2: 19 needed; the
 * d20s 2 (fails) and 20 (saves): 1 figure passes into South's detachment
 * (RULING R-463), the Spearmen keep 5. */
Test(r14_masscharm, s14_6_a_mass_charm_figures_save_one_by_one_r463)
{
	struct tf t;
	open_cast(&t);
	int dice[] = {2, 20};
	const struct bs_event *e = mass_at_spearmen(&t, dice, 2);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[1], BS_SPFX_MASS_CHARM);
	cr_assert_eq(e->n[3], 2, "2 figures struck");
	cr_assert_eq(e->n[4], 19);
	cr_assert_eq(e->n[5], 2, "a save each");
	cr_assert_eq(e->n[6], 1);
	cr_assert_eq(e->n[7], 1, "1 charmed");
	cr_assert_eq(e->n[9], BS1E_MARKER_CHARM);
	cr_assert_eq(e->ndice, 2);
	cr_assert(strstr(e->why, "Spearmen (charmed part)") &&
		      strstr(e->why, "R-463"),
		  "%s", e->why);
	const struct bs_unit_state *u = &t.b->units[G_SPEAR];
	const struct bs_unit_state *d = &t.b->units[G_DET];
	cr_assert_eq(u->figures, 5);
	cr_assert_eq(d->figures, 1);
	cr_assert_eq(d->side, 0, "the caster's side controls it");
	cr_assert_eq(d->owner, 1, "its figures are North's");
	cr_assert_eq(d->parent, G_SPEAR);
	cr_assert(!(d->flags & (BS_UF_RESERVED | BS_UF_REMOVED)));
	cr_assert_eq(d->facing, u->facing);
	cr_assert_eq(d->formation, u->formation);
	tf_close(&t);
}

/* RULING R-463: every figure saved: no split, the slot stays unused. */
Test(r14_masscharm, s14_6_a_mass_charm_every_figure_saves_no_split_r463)
{
	struct tf t;
	open_cast(&t);
	int dice[] = {19, 20};
	const struct bs_event *e = mass_at_spearmen(&t, dice, 2);
	cr_assert_not_null(e);
	cr_assert_eq(e->n[6], 2);
	cr_assert_eq(e->n[7], 0);
	cr_assert_eq(t.b->units[G_SPEAR].figures, 6);
	cr_assert(t.b->units[G_DET].flags & BS_UF_RESERVED);
	cr_assert_eq(t.b->units[G_DET].figures, 0);
	tf_close(&t);
}

/* [14.6 A] "can MOVE or FIGHT in any manner the opposing player wishes
 * -- incl. attacking figures on its own side ... Note that it is possible
 * for a unit to be split and FIGHT itself": the detachment stands beside
 * the Spearmen, touching them, each the other's enemy (RULING R-463). */
Test(r14_masscharm, s14_6_a_mass_charm_split_unit_fights_itself_r463)
{
	struct tf t;
	split_two(&t);
	cr_assert_eq(t.b->units[G_DET].figures, 2);
	cr_assert_eq(t.b->units[G_SPEAR].figures, 4);
	cr_assert(bs1e_contact(t.b, G_DET, G_SPEAR, NULL), "touching");
	cr_assert(bs1e_hostile(t.b, 1, G_DET));
	cr_assert(bs1e_hostile(t.b, 0, G_SPEAR));
	cr_assert(bs1e_engaged(t.b, G_DET));
	cr_assert(bs1e_engaged(t.b, G_SPEAR));
	/* its figures are not where the Spearmen stand */
	struct bs_quad q = bs1e_quad(t.b, G_DET), r = bs1e_quad(t.b, G_SPEAR);
	struct bs_box a = bs_quad_box(&q), c = bs_quad_box(&r);
	cr_assert(a.x1 <= c.x0 + 1e-9 || c.x1 <= a.x0 + 1e-9, "side by side");
	tf_close(&t);
}

/* [14.6 A] "The figure or individual casting the mass charm is considered
 * to be the Unit Commander, and the commander's CR is considered to be
 * the range of the spell": Zan commands the detachment; within 8" of it
 * it is in command, 10" away it is not (his own radius would hold it). */
Test(r14_masscharm,
     s14_6_a_mass_charm_detachment_commanded_by_the_caster_within_cr_r463)
{
	struct tf t;
	split_two(&t);
	struct bs_battle *b = t.b;
	const struct bs_unit_state *d = &b->units[G_DET];
	cr_assert_eq(d->commander, 0, "Zan");
	cr_assert_float_eq(bs1e_sc(b)->ux[G_DET].mc_cr, 8.0, 1e-9);
	bs1e_command_update(b, 0);
	cr_assert(!(d->flags & BS_UF_OUT_OF_COMMAND));
	struct bs_quad q = bs1e_quad(b, G_DET);
	struct bs_vec c = bs_quad_centre(&q);
	b->indivs[0].pos = (struct bs_vec){c.x, c.y - 10};
	b->indivs[0].cr = 20; /* his own radius is not the one asked */
	bs1e_command_update(b, 0);
	cr_assert(d->flags & BS_UF_OUT_OF_COMMAND, "out of the spell's range");
	tf_close(&t);
}

/* RULING R-463: "Losses of a detachment count for its owner": the
 * detachment's figures killed are North's losses in the verdict's count,
 * not South's; North's start is unchanged. */
Test(r14_masscharm, s14_6_a_mass_charm_losses_count_for_the_owner_r463)
{
	struct tf t;
	split_two(&t);
	struct bs_battle *b = t.b;
	b->units[G_DET].figures = 1; /* one of the two killed */
	bs1e_check_over(b, 0);
	cr_assert_eq(b->result.side[1].figures_lost, 1);
	cr_assert_eq(b->result.side[0].figures_lost, 0);
	cr_assert_eq(b->result.side[1].figures_start, 12);
	cr_assert_eq(b->result.side[0].units_in_play, 2, "Guards, detachment");
	tf_close(&t);
}

/* RULING R-463: the doctrine's value of a mass charm: the HD of the
 * figures expected to fail (2 in the area, 18 on the d20 of 20 fail);
 * the doctrine casts it at the Spearmen. */
Test(r14_masscharm, s14_6_a_mass_charm_doctrine_value_r463)
{
	struct tf t;
	open_cast(&t);
	struct bs_cast_order o = {
	    0, tf_spell(&t, "mass charm"), 1, 0, -1, 0, 0, 0, NULL};
	struct bs1e_cast_plan p;
	cr_assert(bs1e_check_cast(t.b, 0, &o, &p), "%s", p.why);
	const struct bs_unit_state *u = &t.b->units[G_SPEAR];
	cr_assert_float_eq(bs1e_fx_expect(t.b, 0, &p),
			   2 * u->r.hd_fig / 10.0 * 18 / 20.0, 1e-9);
	struct bs_ai_doctrine *ai = malloc(sizeof *ai);
	cr_assert_not_null(ai);
	bs_ai_doctrine_init(ai);
	struct bs_cast_order out[4];
	int n = ai->ctl.cast(ai->ctl.ctx, t.b, 0, out, 4);
	free(ai);
	cr_assert_eq(n, 1);
	cr_assert_eq(out[0].spell, tf_spell(&t, "mass charm"));
	cr_assert_eq(out[0].tside, 1);
	cr_assert(strstr(out[0].why, "R-463"), "%s", out[0].why);
	tf_close(&t);
}
