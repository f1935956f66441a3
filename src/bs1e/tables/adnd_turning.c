/* The AD&D Dungeon Masters Guide's Matrix for Clerics Affecting Undead,
 * referred to by [14.19] ("see DMG, p. 65") and not printed in the
 * rulebook: the d20 score, T, D and D* by type of undead and cleric level,
 * and the number affected. Transcribed from the DMG matrix as quoted on two
 * public pages that agree cell for cell (docs/CATALOG.md "Turning undead"
 * lists the source and the cells we could not check against a DMG). */
#include <assert.h>
#include <stddef.h>

#include "battlesim/bs1e_tables.h"

#define T BS1E_TURN_T
#define D BS1E_TURN_D
#define DS BS1E_TURN_DSTAR
#define NO BS1E_TURN_NO

const char *const bs1e_turn_col_label[BS1E_TURN_COLS] = {
    "1", "2", "3", "4", "5", "6", "7", "8", "9-13", "14+"};

/* Rows in the DMG's order (type 1 skeleton .. 13 special). */
const signed char bs1e_turn_matrix[BS1E_TURN_ROWS][BS1E_TURN_COLS] = {
    /* skeleton */ {10, 7, 4, T, T, D, D, DS, DS, DS},
    /* zombie */ {13, 10, 7, T, T, D, D, D, DS, DS},
    /* ghoul */ {16, 13, 10, 4, T, T, D, D, D, DS},
    /* shadow */ {19, 16, 13, 7, 4, T, T, D, D, DS},
    /* wight */ {20, 19, 16, 10, 7, 4, T, T, D, D},
    /* ghast */ {NO, 20, 19, 13, 10, 7, 4, T, T, D},
    /* wraith */ {NO, NO, 20, 16, 13, 10, 7, 4, T, D},
    /* mummy */ {NO, NO, NO, 20, 16, 13, 10, 7, 4, T},
    /* spectre */ {NO, NO, NO, NO, 20, 16, 13, 10, 7, T},
    /* vampire */ {NO, NO, NO, NO, NO, 20, 16, 13, 10, 4},
    /* ghost */ {NO, NO, NO, NO, NO, NO, 20, 16, 13, 7},
    /* lich */ {NO, NO, NO, NO, NO, NO, NO, 19, 16, 10},
    /* special */ {NO, NO, NO, NO, NO, NO, NO, 20, 19, 13},
};
_Static_assert(sizeof bs1e_turn_matrix / sizeof bs1e_turn_matrix[0] == 13,
	       "the DMG matrix prints 13 types of undead");

int bs1e_turn_col(int level)
{
	assert(level >= 1);
	if (level <= 8)
		return level - 1;
	return level <= 13 ? 8 : 9;
}

int bs1e_turn_cell(int type, int level)
{
	if (type < 1 || type > BS1E_TURN_ROWS || level < 1)
		return NO;
	return bs1e_turn_matrix[type - 1][bs1e_turn_col(level)];
}

const char *bs1e_turn_cell_text(int cell)
{
	static const char *const num[21] = {
	    "-",  "1",	"2",  "3",  "4",  "5",	"6",  "7",  "8",  "9", "10",
	    "11", "12", "13", "14", "15", "16", "17", "18", "19", "20"};
	switch (cell) {
	case T:
		return "T";
	case D:
		return "D";
	case DS:
		return "D*";
	default:
		/* the reports render any event's numbers (a cell outside the
		 * matrix: "?") */
		return cell >= 0 && cell <= 20 ? num[cell] : "?";
	}
}

const char *bs1e_turn_number_dice(int type, int cell, int *sides, int *plus)
{
	/* DMG: "From 1-12 (or 7-12 or 1-2) undead ... are affected"; "*
	 * Number affected is 7-12 rather than 1-12"; the special row's
	 * creatures "from 1-2 in number" */
	if (type == BS1E_TURN_ROWS) {
		*sides = 2;
		*plus = 0;
		return "1-2 (d2)";
	}
	if (cell == DS) {
		*sides = 6;
		*plus = 6;
		return "7-12 (d6+6)";
	}
	*sides = 12;
	*plus = 0;
	return "1-12 (d12)";
}
