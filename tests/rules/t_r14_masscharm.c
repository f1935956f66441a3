/* Issue 16: [14.6 A] mass charm, "it is possible for a unit to be split
 * and fight itself": the detachment slots the battle reserves for the
 * figures a mass charm may split from an enemy unit (RULING R-462: one a
 * enemy unit for a side whose caster memorized the spell, out of play and
 * left out of the deployment, victory and the summary until used). The
 * cast itself is not played yet (RULING R-694). */
#include <stdio.h>
#include <string.h>

#include "battlesim/report.h"
#include "bs1e_fixture.h"

/* South: Guards (8 men-at-arms) and the magic-user Zan (16th level) with
 * `spells`; North: Spearmen (6 men-at-arms) and Reserve (6). */
static void open_mass(struct tf *t, const char *spells)
{
	char y[4096];
	snprintf(y, sizeof y,
		 "name: Mass\nrules: bs1e\nlevel: advanced\ngame: adnd\n"
		 "table: {width: 72, depth: 96}\n"
		 "sides:\n"
		 "  - name: South\n    edge: south\n    units:\n"
		 "      - {name: Guards, figures: 8, creature: man-at-arms, "
		 "weapons: [spear], frontage: 4, position: [40, 30]}\n"
		 "    individuals:\n"
		 "      - {name: Zan, class: magic-user, level: 16, hp: 40, "
		 "position: [30, 24], spells: [%s]}\n"
		 "  - name: North\n    edge: north\n    units:\n"
		 "      - {name: Spearmen, figures: 6, creature: man-at-arms, "
		 "weapons: [spear], frontage: 6, position: [40, 60]}\n"
		 "      - {name: Reserve, figures: 6, creature: man-at-arms, "
		 "weapons: [spear], position: [10, 88]}\n",
		 spells);
	tf_open(t, y);
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
