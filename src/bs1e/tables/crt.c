/* The Combat Results Table [8.4 D] (HD of damage per attacking figure, in
 * tenths of a HD) and the [8.5] column order D2..D20. Transcribed from
 * reference/crt-1e.tsv; see tests/rules/t_tables.c for its properties. */
#include <assert.h>
#include <limits.h>

#include "battlesim/bs1e_tables.h"

/* [8.5] the columns in shift order. */
const int bs1e_col_sides[BS1E_COL__COUNT] = {
    [BS1E_COL_D2] = 2,	 [BS1E_COL_D3] = 3,   [BS1E_COL_D4] = 4,
    [BS1E_COL_D6] = 6,	 [BS1E_COL_D8] = 8,   [BS1E_COL_D10] = 10,
    [BS1E_COL_D12] = 12, [BS1E_COL_D14] = 14, [BS1E_COL_D16] = 16,
    [BS1E_COL_D18] = 18, [BS1E_COL_D20] = 20,
};

const char *const bs1e_col_name[BS1E_COL__COUNT] = {
    [BS1E_COL_D2] = "D2",   [BS1E_COL_D3] = "D3",   [BS1E_COL_D4] = "D4",
    [BS1E_COL_D6] = "D6",   [BS1E_COL_D8] = "D8",   [BS1E_COL_D10] = "D10",
    [BS1E_COL_D12] = "D12", [BS1E_COL_D14] = "D14", [BS1E_COL_D16] = "D16",
    [BS1E_COL_D18] = "D18", [BS1E_COL_D20] = "D20",
};

int bs1e_col_for_sides(int sides)
{
	for (int c = 0; c < BS1E_COL__COUNT; c++)
		if (bs1e_col_sides[c] == sides)
			return c;
	return -1;
}

/* [8.4 D] row labels as printed. */
const char *const bs1e_crt_row_label[BS1E_CRT_ROWS] = {
    "<=0", "1",	 "2",  "3",  "4",  "5",	    "6",    "7",  "8",	"9",
    "10",  "11", "12", "13", "14", "15",    "16",   "17", "18", "19",
    "20",  "21", "22", "23", "24", "25",    "26",   "27", "28", "29",
    "30",  "31", "32", "33", "34", "35-39", ">=40",
};

/* RULING R-001 [8.4 D] the CRT is not in the text ("on the back cover"):
 * transcribed from reference/crt-1e.tsv.
 * [8.4 D] the Combat Results Table, HD of damage x 10 ("0.5" = 5). Rows
 * "<=0", 1..34, "35-39", ">=40"; columns D2..D20. */
const int bs1e_crt_tenths[BS1E_CRT_ROWS][BS1E_COL__COUNT] = {
    /* <=0 */ {50, 70, 90, 120, 150, 180, 200, 220, 240, 280, 320},
    /* 1 */ {40, 60, 80, 110, 140, 170, 190, 210, 230, 260, 290},
    /* 2 */ {30, 60, 70, 100, 130, 160, 180, 200, 220, 240, 260},
    /* 3 */ {30, 50, 70, 100, 130, 150, 180, 200, 220, 230, 250},
    /* 4 */ {30, 50, 70, 90, 120, 150, 170, 190, 200, 220, 240},
    /* 5 */ {30, 40, 60, 90, 110, 140, 170, 180, 200, 210, 230},
    /* 6 */ {30, 40, 60, 80, 110, 140, 160, 170, 180, 200, 220},
    /* 7 */ {30, 40, 60, 80, 110, 130, 150, 150, 170, 190, 210},
    /* 8 */ {20, 40, 50, 80, 100, 120, 150, 150, 160, 180, 200},
    /* 9 */ {20, 30, 50, 70, 100, 120, 140, 140, 150, 170, 190},
    /* 10 */ {20, 30, 50, 70, 90, 110, 130, 130, 150, 160, 180},
    /* 11 */ {20, 30, 50, 60, 80, 100, 120, 120, 140, 150, 170},
    /* 12 */ {20, 30, 40, 60, 80, 100, 110, 120, 130, 140, 160},
    /* 13 */ {20, 30, 40, 60, 70, 90, 110, 110, 120, 130, 150},
    /* 14 */ {20, 20, 40, 50, 70, 80, 100, 110, 110, 120, 130},
    /* 15 */ {10, 20, 40, 50, 60, 80, 90, 100, 110, 120, 130},
    /* 16 */ {10, 20, 30, 50, 60, 70, 90, 90, 100, 110, 120},
    /* 17 */ {10, 20, 30, 40, 50, 70, 80, 80, 90, 100, 110},
    /* 18 */ {10, 20, 30, 40, 50, 60, 70, 80, 80, 90, 100},
    /* 19 */ {10, 20, 30, 40, 50, 60, 60, 70, 80, 80, 90},
    /* 20 */ {10, 10, 20, 30, 40, 50, 60, 60, 70, 80, 80},
    /* 21 */ {10, 10, 20, 30, 40, 40, 50, 50, 70, 80, 80},
    /* 22 */ {10, 10, 20, 20, 30, 40, 40, 50, 60, 70, 80},
    /* 23 */ {5, 10, 10, 20, 30, 30, 40, 40, 50, 60, 70},
    /* 24 */ {5, 10, 10, 20, 20, 30, 30, 40, 50, 60, 70},
    /* 25 */ {5, 5, 10, 10, 20, 20, 20, 30, 40, 60, 60},
    /* 26 */ {2, 5, 10, 10, 10, 10, 20, 30, 30, 50, 50},
    /* 27 */ {2, 5, 5, 5, 10, 10, 10, 30, 30, 50, 50},
    /* 28 */ {1, 2, 5, 5, 5, 10, 10, 20, 30, 40, 40},
    /* 29 */ {1, 1, 2, 2, 5, 5, 10, 20, 20, 30, 40},
    /* 30 */ {1, 1, 1, 2, 2, 5, 5, 10, 20, 30, 30},
    /* 31 */ {0, 1, 1, 1, 2, 2, 5, 10, 10, 20, 30},
    /* 32 */ {0, 0, 0, 1, 1, 1, 2, 5, 10, 20, 20},
    /* 33 */ {0, 0, 0, 0, 1, 1, 2, 5, 5, 10, 20},
    /* 34 */ {0, 0, 0, 0, 1, 1, 1, 5, 5, 10, 10},
    /* 35-39 */ {0, 0, 0, 0, 0, 1, 1, 2, 2, 5, 10},
    /* >=40 */ {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
};

/* [8.4 D] printed rows: "<=0", 1..34, "35-39", ">=40"; [8.5] 11 columns. */
_Static_assert(BS1E_CRT_ROWS == 1 + 34 + 1 + 1, "CRT printed row count");
_Static_assert(BS1E_COL__COUNT == 11, "CRT printed column count");
_Static_assert(sizeof bs1e_crt_row_label / sizeof bs1e_crt_row_label[0] ==
		   BS1E_CRT_ROWS,
	       "CRT row labels");
_Static_assert(sizeof bs1e_crt_tenths / sizeof bs1e_crt_tenths[0] ==
		   BS1E_CRT_ROWS,
	       "CRT rows");

int bs1e_crt_row(int attack_roll)
{
	if (attack_roll <= 0)
		return 0; /* "<=0" */
	if (attack_roll <= 34)
		return attack_roll; /* "1" .. "34" */
	if (attack_roll <= 39)
		return 35; /* "35-39" */
	return 36;	   /* ">=40" */
}

int bs1e_crt(int attack_roll, enum bs1e_col col)
{
	assert(col >= 0 && col < BS1E_COL__COUNT);
	return bs1e_crt_tenths[bs1e_crt_row(attack_roll)][col];
}
