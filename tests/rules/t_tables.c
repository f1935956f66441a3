/* The 1E tables: CRT properties and the [8.4] example, Tables 1-18 row
 * counts and lookups, the known-gaps rulings (items 2, 3, 5, 6, 8, 13), the
 * AD&D THAC0 and saving throw lookups. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/terrain.h"

/* ---- CRT [8.4 D] --------------------------------------------------------- */

Test(tables, s8_4_crt_columns_fall_as_the_roll_rises)
{
	for (int c = 0; c < BS1E_COL__COUNT; c++)
		for (int r = 1; r < BS1E_CRT_ROWS; r++)
			cr_expect_leq(bs1e_crt_tenths[r][c],
				      bs1e_crt_tenths[r - 1][c],
				      "column %s row %s", bs1e_col_name[c],
				      bs1e_crt_row_label[r]);
}

Test(tables, s8_4_crt_rows_rise_from_d2_to_d20)
{
	for (int r = 0; r < BS1E_CRT_ROWS; r++)
		for (int c = 1; c < BS1E_COL__COUNT; c++)
			cr_expect_geq(bs1e_crt_tenths[r][c],
				      bs1e_crt_tenths[r][c - 1],
				      "row %s column %s", bs1e_crt_row_label[r],
				      bs1e_col_name[c]);
}

Test(tables, s8_4_example_roll_16_d8_is_6_hd)
{
	/* [8.4] AR 17 - AC 8 = 9, + 7 on 2d6 = 16; longswords D8 -> 6;
	 * ten figures do 60 HD. */
	int roll = 17 - 8 + 7;
	cr_assert_eq(roll, 16);
	cr_assert_eq(bs1e_crt(roll, BS1E_COL_D8), 60);
	cr_assert_eq(10 * bs1e_crt(roll, BS1E_COL_D8), 600); /* 60 HD */
}

Test(tables, s8_4_crt_spot_values)
{
	cr_expect_eq(bs1e_crt(20, BS1E_COL_D8), 40);
	cr_expect_eq(bs1e_crt(23, BS1E_COL_D8), 30);
	cr_expect_eq(bs1e_crt(23, BS1E_COL_D2), 5);   /* 0.5 */
	cr_expect_eq(bs1e_crt(26, BS1E_COL_D2), 2);   /* 0.2 */
	cr_expect_eq(bs1e_crt(28, BS1E_COL_D2), 1);   /* 0.1 */
	cr_expect_eq(bs1e_crt(0, BS1E_COL_D20), 320); /* <=0 */
	cr_expect_eq(bs1e_crt(37, BS1E_COL_D20), 10); /* 35-39 */
	cr_expect_eq(bs1e_crt(35, BS1E_COL_D18), 5);  /* 35-39 */
	cr_expect_eq(bs1e_crt(1, BS1E_COL_D12), 190);
}

Test(tables, s8_4_crt_rows_clamp)
{
	cr_expect_eq(bs1e_crt_row(-50), 0);
	cr_expect_eq(bs1e_crt_row(0), 0);
	cr_expect_eq(bs1e_crt_row(1), 1);
	cr_expect_eq(bs1e_crt_row(34), 34);
	cr_expect_eq(bs1e_crt_row(35), 35);
	cr_expect_eq(bs1e_crt_row(39), 35);
	cr_expect_eq(bs1e_crt_row(40), 36);
	cr_expect_eq(bs1e_crt_row(1000), 36);
	cr_expect_str_eq(bs1e_crt_row_label[bs1e_crt_row(-3)], "<=0");
	cr_expect_str_eq(bs1e_crt_row_label[bs1e_crt_row(38)], "35-39");
	cr_expect_str_eq(bs1e_crt_row_label[bs1e_crt_row(40)], ">=40");
	for (int c = 0; c < BS1E_COL__COUNT; c++) {
		cr_expect_eq(bs1e_crt(-7, c), bs1e_crt(0, c));
		cr_expect_eq(bs1e_crt(99, c), 0);
		cr_expect_eq(bs1e_crt(40, c), 0);
	}
}

Test(tables, s8_5_columns_in_shift_order)
{
	static const int sides[] = {2, 3, 4, 6, 8, 10, 12, 14, 16, 18, 20};
	for (int c = 0; c < BS1E_COL__COUNT; c++) {
		cr_expect_eq(bs1e_col_sides[c], sides[c]);
		cr_expect_eq(bs1e_col_for_sides(sides[c]), c);
		char name[16];
		snprintf(name, sizeof name, "D%d", sides[c]);
		cr_expect_str_eq(bs1e_col_name[c], name);
	}
	cr_expect_eq(bs1e_col_for_sides(5), -1);
	cr_expect_eq(bs1e_col_for_sides(100), -1);
	cr_expect_eq(bs1e_col_for_sides(1), -1);
}

Test(tables, crt_row_labels_as_printed)
{
	cr_expect_str_eq(bs1e_crt_row_label[0], "<=0");
	for (int r = 1; r <= 34; r++) {
		char buf[16];
		snprintf(buf, sizeof buf, "%d", r);
		cr_expect_str_eq(bs1e_crt_row_label[r], buf);
	}
	cr_expect_str_eq(bs1e_crt_row_label[35], "35-39");
	cr_expect_str_eq(bs1e_crt_row_label[36], ">=40");
}

/* ---- Table 1 [2.2] ------------------------------------------------------- */

Test(tables, s2_2_table1_boundaries)
{
	cr_expect_eq(bs1e_ratio_for_hd(5, 0), 10);   /* 1/2 */
	cr_expect_eq(bs1e_ratio_for_hd(10, -1), 10); /* 1-1 */
	cr_expect_eq(bs1e_ratio_for_hd(10, 0), 10);
	cr_expect_eq(bs1e_ratio_for_hd(40, 0), 10); /* 4: less than 4+1 */
	cr_expect_eq(bs1e_ratio_for_hd(40, 1), 5);  /* 4+1 */
	cr_expect_eq(bs1e_ratio_for_hd(80, 0), 5);
	cr_expect_eq(bs1e_ratio_for_hd(80, 2), 5); /* 8+2 */
	cr_expect_eq(bs1e_ratio_for_hd(90, -1), 5);
	cr_expect_eq(bs1e_ratio_for_hd(90, 0), 2); /* 9 */
	cr_expect_eq(bs1e_ratio_for_hd(160, 3), 2);
	cr_expect_eq(bs1e_table1[3].ratio, 1);
	cr_expect_str_eq(bs1e_table1[0].hd_label, "Less than 4 + 1 HD");
}

/* ---- Table 2 [2.3] ------------------------------------------------------- */

Test(tables, s2_3_table2_bases)
{
	cr_expect_eq(bs1e_table2[BS1E_BASE_S].width_8ths, 4);
	cr_expect_eq(bs1e_table2[BS1E_BASE_M].width_8ths, 6);
	cr_expect_eq(bs1e_table2[BS1E_BASE_L].width_8ths, 8);
	cr_expect_eq(bs1e_table2[BS1E_BASE_CAVALRY].width_8ths, 6);
	cr_expect_eq(bs1e_table2[BS1E_BASE_CAVALRY].depth_8ths, 12);
	cr_expect_eq(bs1e_table2[BS1E_BASE_PC_NPC].width_8ths, 0);
	for (int i = 0; i < BS1E_BASE__COUNT; i++)
		cr_expect_not_null(bs1e_table2[i].base_label);
}

/* ---- Tables 3-8 [4.x] ---------------------------------------------------- */

static void check_mod_rows(const struct bs1e_mod_row *t, int n,
			   const char *what)
{
	for (int i = 0; i < n; i++) {
		cr_expect_not_null(t[i].label, "%s row %d label", what, i);
		cr_expect_not_null(t[i].cite, "%s row %d cite", what, i);
		cr_expect_neq(t[i].mod, 0, "%s row %d modifier", what, i);
	}
}

Test(tables, s4_1_table3_rows)
{
	check_mod_rows(bs1e_table3, BS1E_T3__COUNT, "Table 3");
	int restored = 0;
	for (int i = 0; i < BS1E_T3__COUNT; i++)
		restored += bs1e_table3[i].restored;
	cr_expect_eq(restored, 5); /* gap 2 */
	cr_expect_eq(bs1e_table3[BS1E_T3_AC_0_OR_BETTER].mod, +2);
	cr_expect_eq(bs1e_table3[BS1E_T3_AC_1_TO_4].mod, +1);
	cr_expect_eq(bs1e_table3[BS1E_T3_AC_8_OR_WORSE].mod, -1);
	cr_expect_eq(bs1e_table3[BS1E_T3_MOUNTED].mod, +1);
	cr_expect_eq(bs1e_table3[BS1E_T3_REGULAR].mod, +1);
	cr_expect_eq(bs1e_table3[BS1E_T3_ELITE].mod, +2);
	cr_expect_eq(bs1e_table3[BS1E_T3_BERSERKER].mod, +3);
	cr_expect_eq(bs1e_table3[BS1E_T3_HD_HALF_OR_LESS].mod, -2);
	cr_expect_eq(bs1e_table3[BS1E_T3_HD_OVER_14].mod, +3);
	cr_expect_eq(bs1e_table3[BS1E_T3_FIGURES_6_OR_FEWER].mod, -2);
}

Test(tables, s4_1_examples_with_restored_rows)
{
	/* Orcs: 11 + 1 (magic) - 1 (AC 8) + 1 (Regular) = 12. */
	int orcs = BS1E_INITIAL_MORALE +
		   bs1e_table3[BS1E_T3_MAGIC_EQUIPMENT].mod +
		   bs1e_table3[BS1E_T3_AC_8_OR_WORSE].mod +
		   bs1e_table3[BS1E_T3_REGULAR].mod;
	cr_expect_eq(orcs, 12);
	/* Hill giants: 11 + 2 (9 HD) + 1 (magic) - 2 (six figures) + 1
	 * (AC 4) = 13. */
	int giants = BS1E_INITIAL_MORALE + bs1e_table3[BS1E_T3_HD_9_TO_14].mod +
		     bs1e_table3[BS1E_T3_MAGIC_EQUIPMENT].mod +
		     bs1e_table3[BS1E_T3_FIGURES_6_OR_FEWER].mod +
		     bs1e_table3[BS1E_T3_AC_1_TO_4].mod;
	cr_expect_eq(giants, 13);
}

Test(tables, s4_2_table4_rows_and_examples)
{
	check_mod_rows(bs1e_table4, BS1E_T4__COUNT, "Table 4");
	cr_expect_eq(bs1e_table4[BS1E_T4_MOB_SUPPORTED].mod, +2); /* gap 3 */
	cr_expect(bs1e_table4[BS1E_T4_MOB_SUPPORTED].restored);
	cr_expect_eq(bs1e_table4[BS1E_T4_LOST_75].mod, -4);
	/* [4.2] 12 + 1 closed + 2 CB 17 - 1 magic = 14 */
	cr_expect_eq(12 + bs1e_table4[BS1E_T4_CLOSED_FORMATION].mod +
			 bs1e_charisma_bonus(17) +
			 bs1e_table4[BS1E_T4_REMOVED_BY_MAGIC].mod,
		     14);
	/* [4.2] 13 - 2 (50%) - 2 (rear) - 3 (level drainers) = 6 */
	cr_expect_eq(13 + bs1e_table4[BS1E_T4_LOST_50].mod +
			 bs1e_table4[BS1E_T4_ENEMY_IN_REAR].mod +
			 bs1e_table4[BS1E_T4_LEVEL_DRAIN_OR_UNHARMABLE].mod,
		     6);
}

Test(tables, s4_4_s4_6_text_tables)
{
	for (int i = 0; i < BS1E_T5__COUNT; i++)
		cr_expect_not_null(bs1e_table5[i]);
	for (int i = 0; i < BS1E_T7__COUNT; i++)
		cr_expect_not_null(bs1e_table7[i]);
	check_mod_rows(bs1e_table6, BS1E_T6__COUNT, "Table 6");
	cr_expect_eq(bs1e_table6[BS1E_T6_LOW_INT].mod, -1);
	cr_expect_eq(bs1e_table6[BS1E_T6_LAWFUL].mod, +1);
}

Test(tables, s4_9_table8_every_band)
{
	static const struct {
		int cha, mod;
	} cases[] = {
	    {25, 3}, {19, 3}, {18, 2}, {17, 2}, {16, 1},  {15, 1},
	    {14, 0}, {10, 0}, {7, 0},  {6, -1}, {5, -1},  {4, -2},
	    {3, -2}, {2, -3}, {1, -3}, {0, -3}, {100, 3},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		cr_expect_eq(bs1e_charisma_bonus(cases[i].cha), cases[i].mod,
			     "CHA %d", cases[i].cha);
	/* The bands touch and cover 0..99. */
	for (int i = 1; i < BS1E_T8_ROWS; i++)
		cr_expect_eq(bs1e_table8[i].max_cha + 1,
			     bs1e_table8[i - 1].min_cha);
	cr_expect_eq(bs1e_table8[BS1E_T8_ROWS - 1].min_cha, 0);
}

/* ---- Tables 9, 10 [8.3] -------------------------------------------------- */

Test(tables, s8_3_table9_ratio_adjustment)
{
	cr_expect_eq(bs1e_ratio_adjustment(10), 0);
	cr_expect_eq(bs1e_ratio_adjustment(5), 5);
	cr_expect_eq(bs1e_ratio_adjustment(2), 10);
	cr_expect_eq(bs1e_ratio_adjustment(1), 15);
}

Test(tables, s8_3_table10_rows_and_higher_ground)
{
	check_mod_rows(bs1e_table10, BS1E_T10__COUNT, "Table 10");
	check_mod_rows(bs1e_table10_notes, BS1E_T10X__COUNT, "Table 10 note");
	cr_expect_eq(bs1e_table10[BS1E_T10_COMMANDER_FIGHTING].mod, -1);
	cr_expect_eq(bs1e_t10_higher_ground(0)->mod, -1); /* R-006 printed */
	cr_expect_eq(bs1e_t10_higher_ground(1)->mod, +1); /* option */
	cr_expect_eq(bs1e_table10_notes[BS1E_T10X_REAR].mod, -2);
	cr_expect(strstr(bs1e_table10[BS1E_T10_OPEN_OR_SKIRMISH].cite,
			 "[8.3 T10]") != NULL);
}

/* ---- Table 11 [9.1] ------------------------------------------------------ */

Test(tables, s9_1_table11_every_roll)
{
	static const enum bs1e_fate want[11] = {
	    BS1E_FATE_UNCONSCIOUS, /* 0 reads as 10 */
	    BS1E_FATE_KILLED_BODY_LOST,	    BS1E_FATE_KILLED_BODY_ON_FIELD,
	    BS1E_FATE_KILLED_BODY_ON_FIELD, BS1E_FATE_BADLY_WOUNDED,
	    BS1E_FATE_BADLY_WOUNDED,	    BS1E_FATE_BADLY_WOUNDED,
	    BS1E_FATE_BADLY_WOUNDED,	    BS1E_FATE_UNCONSCIOUS,
	    BS1E_FATE_UNCONSCIOUS,	    BS1E_FATE_UNCONSCIOUS,
	};
	for (int r = 0; r <= 10; r++)
		cr_expect_eq(bs1e_fate_for_roll(r), want[r], "d10 = %d", r);
	cr_expect_str_eq(bs1e_table11[BS1E_FATE_UNCONSCIOUS].die_label, "8-0");
}

/* ---- Tables 12, 13, artillery [10.x] ------------------------------------- */

Test(tables, s10_4_table12)
{
	const struct bs1e_t12_row *a = &bs1e_table12[BS1E_MISSILE_ARCHER];
	cr_expect_eq(a->move_sixths_after_shots[0], 6);
	cr_expect_eq(a->move_sixths_after_shots[1], 3);
	cr_expect_eq(a->move_sixths_after_shots[2], 0);
	const struct bs1e_t12_row *m =
	    &bs1e_table12[BS1E_MISSILE_MOUNTED_ARCHER];
	cr_expect_eq(m->move_sixths_after_shots[1], 6);
	cr_expect_eq(
	    bs1e_table12[BS1E_MISSILE_THROWN].move_sixths_after_shots[1], 4);
	cr_expect_eq(bs1e_table12[BS1E_MISSILE_CROSSBOW_SLING]
			 .move_sixths_after_shots[1],
		     0);
	for (int i = 0; i < BS1E_MISSILE__COUNT; i++)
		cr_expect_not_null(bs1e_table12[i].weapon);
}

Test(tables, s10_8_table13_and_s10_9_artillery)
{
	check_mod_rows(bs1e_table13, BS1E_T13__COUNT, "Table 13");
	cr_expect_eq(bs1e_table13[BS1E_T13_LONG_RANGE].mod, 5);
	cr_expect_eq(bs1e_table13[BS1E_T13_TARGET_BUILDING].mod, 4);
	cr_expect_str_eq(bs1e_artillery[0].name, "Light Catapult");
	cr_expect_eq(bs1e_artillery[0].min_range, 15);
	cr_expect_eq(bs1e_artillery[1].long_range, 36);
	cr_expect_eq(bs1e_artillery[2].target_ac, 10);
	cr_expect_eq(bs1e_artillery[2].fires_every, 1);
	cr_expect_eq(bs1e_artillery[0].target_ac, 5);
	cr_expect_eq(bs1e_artillery[0].fires_every, 2);
	cr_expect_not(bs1e_artillery[2].indirect_ok);
}

/* ---- Table 14 [11.8] ----------------------------------------------------- */

Test(tables, s11_8_table14_keys)
{
	/* the rows as printed, with their keys; the kinds of feature begin
	 * with them (the values of the old 1E enum, RULING R-440) */
	static const char *const keys[] = {"clear",    "road",	    "woods",
					   "obstacle", "elevation", "rough",
					   "swamp",    "water"};
	for (int i = 0; i < BS_T14__COUNT; i++) {
		cr_expect_str_eq(bs_table14[i].key, keys[i]);
		cr_expect_eq(bs_terrain_type_from_key(keys[i]), i);
		cr_expect_eq(bs_terrain_kinds[i].row, (enum bs_t14)i);
	}
	cr_expect_eq(bs_terrain_type_from_key("WOODS"), BS_TERRAIN_WOODS);
	cr_expect_eq(bs_terrain_type_from_key("forest"), -1);
	cr_expect_eq(bs_terrain_type_from_key(NULL), -1);
	cr_expect_eq(bs_table14[BS_T14_ROAD].mv_num, 4);
	cr_expect_eq(bs_table14[BS_T14_ROAD].mv_den, 3);
	cr_expect_eq(bs_table14[BS_T14_SWAMP].mv_den, 2);
	cr_expect_not(bs_table14[BS_T14_WATER].passable);
	cr_expect_not(bs_table14[BS_T14_WOODS].closed_ok);
	cr_expect_not(bs_table14[BS_T14_OBSTACLE].charge_ok);
	cr_expect_not(bs_table14[BS_T14_ELEVATION].charge_ok);
}

/* ---- Tables 15, 16 [12.x] ------------------------------------------------ */

Test(tables, s12_1_s12_2_weather)
{
	cr_expect_str_eq(bs1e_table15[1].result[3], "Cool");
	cr_expect_str_eq(bs1e_table15[0].result[5], "Cloudy");
	const struct bs1e_t16_row *h = &bs1e_table16[7];
	cr_expect_str_eq(h->condition, "Hurricane/Typhoon**");
	cr_expect_eq(h->nonmagic_weapon_ar, 3);
	cr_expect_eq(h->mv_penalty_num, 3);
	cr_expect_eq(h->mv_penalty_den, 4);
	cr_expect_eq(bs1e_t16_maneuver_penalty(&bs1e_table16[0]), 1); /* * */
	cr_expect_eq(bs1e_t16_maneuver_penalty(&bs1e_table16[1]), 2); /* ** */
	for (int i = 0; i < BS1E_T16_ROWS; i++)
		cr_expect_eq(bs1e_table16[i].severe,
			     strstr(bs1e_table16[i].condition, "**") != NULL);
}

/* ---- Table 17 [14.2] ----------------------------------------------------- */

Test(tables, s14_2_table17_both_readings)
{
	cr_expect_eq(bs1e_spell_area_sixths(1, 0), 3); /* 1/2" */
	cr_expect_eq(bs1e_spell_area_sixths(2, 0), 6); /* 1" */
	cr_expect_eq(bs1e_spell_area_sixths(1, 1), 2); /* 1/3" */
	cr_expect_eq(bs1e_spell_area_sixths(2, 1), 4); /* 2/3" */
	for (int a = 3; a <= 6; a++)
		cr_expect_eq(bs1e_spell_area_sixths(a, 0),
			     bs1e_spell_area_sixths(a, 1));
	cr_expect_eq(bs1e_spell_area_sixths(6, 0), 12);
	cr_expect_eq(bs1e_spell_area_sixths(9, 0), 18); /* 3" = 1" */
	cr_expect_eq(bs1e_table17[3].base_8ths, 12);
}

/* ---- Table 18 and the list ----------------------------------------------- */

Test(tables, s16_3_table18_text_rows)
{
	for (int i = 0; i < BS1E_T18_ROWS; i++) {
		cr_expect_not_null(bs1e_table18[i].item);
		cr_expect_not_null(bs1e_table18[i].cost_rule);
	}
	cr_expect_str_eq(bs1e_table18[0].item, "Spells");
}

Test(tables, table_list_keys)
{
	cr_expect_eq(bs1e_table_from_key("3"), BS1E_TABLE_3);
	cr_expect_eq(bs1e_table_from_key("Table 3"), BS1E_TABLE_3);
	cr_expect_eq(bs1e_table_from_key("t18"), BS1E_TABLE_18);
	cr_expect_eq(bs1e_table_from_key("CRT"), BS1E_TABLE_CRT);
	cr_expect_eq(bs1e_table_from_key("artillery"), BS1E_TABLE_ARTILLERY);
	cr_expect_eq(bs1e_table_from_key("columns"), BS1E_TABLE_COLUMNS);
	cr_expect_eq(bs1e_table_from_key("19"), -1);
	cr_expect_eq(bs1e_table_from_key("crx"), -1);
	for (int i = 0; i < BS1E_TABLE__COUNT; i++) {
		cr_expect_not_null(bs1e_tables[i].title);
		cr_expect_eq(bs1e_table_from_key(bs1e_tables[i].key), i);
	}
}

/* ---- AD&D lookups [8.3] [14.3] ------------------------------------------- */

Test(tables, s8_3_thac0_classes)
{
	int rep = -1;
	cr_expect_eq(bs1e_thac0_class("0-level", 0, &rep), 21);
	cr_expect_eq(rep, 1);
	cr_expect_eq(bs1e_thac0_class("fighter", 0, &rep), 21);
	cr_expect_eq(bs1e_thac0_class("fighter", 1, &rep), 20);
	cr_expect_eq(rep, 0);
	cr_expect_eq(bs1e_thac0_class("Fighter", 7, NULL), 14);
	cr_expect_eq(bs1e_thac0_class("fighter", 17, NULL), 4);
	cr_expect_eq(bs1e_thac0_class("paladin", 3, NULL), 18);
	cr_expect_eq(bs1e_thac0_class("magic-user", 1, &rep), 21);
	cr_expect_eq(rep, 1);
	cr_expect_eq(bs1e_thac0_class("magic-user", 6, &rep), 19);
	cr_expect_eq(rep, 0);
	cr_expect_eq(bs1e_thac0_class("illusionist", 18, NULL), 13);
	cr_expect_eq(bs1e_thac0_class("cleric", 3, NULL), 20);
	cr_expect_eq(bs1e_thac0_class("cleric", 4, NULL), 18);
	cr_expect_eq(bs1e_thac0_class("druid", 19, NULL), 9);
	cr_expect_eq(bs1e_thac0_class("monk", 10, NULL), 14);
	cr_expect_eq(bs1e_thac0_class("thief", 4, NULL), 21);
	cr_expect_eq(bs1e_thac0_class("assassin", 5, NULL), 19);
	cr_expect_eq(bs1e_thac0_class("thief", 21, NULL), 10);
	cr_expect_eq(bs1e_thac0_class("bard", 3, &rep), -1);
	cr_expect_eq(rep, 0);
	cr_expect(bs1e_class_known("Magic-User"));
	cr_expect_not(bs1e_class_known("wizard"));
	cr_expect_not(bs1e_class_known(NULL));
}

Test(tables, s8_3_thac0_monsters)
{
	int rep = -1;
	cr_expect_eq(bs1e_thac0_monster(5, 0, &rep), 21); /* up to 1-1 */
	cr_expect_eq(rep, 1);
	cr_expect_eq(bs1e_thac0_monster(10, -1, &rep), 20); /* 1-1 */
	cr_expect_eq(rep, 0);
	cr_expect_eq(bs1e_thac0_monster(10, 0, NULL), 19); /* orc */
	cr_expect_eq(bs1e_thac0_monster(10, 1, NULL), 18); /* 1+ */
	cr_expect_eq(bs1e_thac0_monster(30, 1, NULL), 16);
	cr_expect_eq(bs1e_thac0_monster(40, 1, NULL), 15); /* ogre */
	cr_expect_eq(bs1e_thac0_monster(70, 0, NULL), 13);
	cr_expect_eq(bs1e_thac0_monster(90, 0, NULL), 12);
	cr_expect_eq(bs1e_thac0_monster(110, 0, NULL), 10);
	cr_expect_eq(bs1e_thac0_monster(120, 0, NULL), 9);
	cr_expect_eq(bs1e_thac0_monster(150, 0, NULL), 8);
	cr_expect_eq(bs1e_thac0_monster(160, 0, NULL), 7);
	cr_expect_eq(bs1e_thac0_monster(300, 0, NULL), 7);
}

Test(tables, s14_3_saves)
{
	int s[5];
	cr_assert_eq(bs1e_saves_class("fighter", 1, s), 0);
	cr_expect_arr_eq(s, ((int[]){14, 15, 16, 17, 17}), sizeof s);
	bs1e_saves_class("fighter", 17, s);
	cr_expect_arr_eq(s, ((int[]){3, 4, 5, 5, 6}), sizeof s);
	bs1e_saves_class("paladin", 1, s);
	cr_expect_arr_eq(s, ((int[]){12, 13, 14, 15, 15}), sizeof s);
	bs1e_saves_class("cleric", 7, s);
	cr_expect_arr_eq(s, ((int[]){7, 10, 11, 13, 12}), sizeof s);
	bs1e_saves_class("magic-user", 18, s);
	cr_expect_arr_eq(s, ((int[]){10, 7, 5, 9, 6}), sizeof s);
	bs1e_saves_class("monk", 5, s);
	cr_expect_arr_eq(s, ((int[]){12, 11, 13, 15, 14}), sizeof s);
	bs1e_saves_class("0-level", 0, s);
	cr_expect_arr_eq(s, ((int[]){14, 15, 16, 17, 17}), sizeof s);
	cr_expect_eq(bs1e_saves_class("bard", 1, s), -1);
	/* monsters as fighters of level = HD */
	bs1e_saves_monster(90, 0, s);
	cr_expect_arr_eq(s, ((int[]){8, 9, 10, 10, 11}), sizeof s);
	bs1e_saves_monster(10, 0, s);
	cr_expect_arr_eq(s, ((int[]){14, 15, 16, 17, 17}), sizeof s);
	bs1e_saves_monster(40, 1, s);
	cr_expect_arr_eq(s, ((int[]){13, 14, 15, 16, 16}), sizeof s);
}

/* [14.2] "In a BATTLESYSTEM game using D&D rules, each 30' of area of
 * effect equals 1" on the tabletop." */
Test(tables, s14_2_dnd_area_30_feet_per_inch)
{
	cr_expect_eq(bs1e_spell_area_dnd_sixths(30), 6);   /* 1" */
	cr_expect_eq(bs1e_spell_area_dnd_sixths(20), 4);   /* 2/3" */
	cr_expect_eq(bs1e_spell_area_dnd_sixths(60), 12);  /* 2" */
	cr_expect_eq(bs1e_spell_area_dnd_sixths(240), 48); /* 8" */
}
