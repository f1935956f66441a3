/* Private helpers of the reporters (src/report/, defined in common.c
 * unless said otherwise): names of sides, units and individuals from the
 * read-only scenario, short labels of the Table 5 and Table 7 reasons
 * [4.4] [4.6] and of the Table 11 fates [9.1], phase titles [1.0], and
 * numbers in tenths. */
#ifndef BS_REPORT_INT_H
#define BS_REPORT_INT_H

#include <stddef.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/event.h"
#include "battlesim/model.h"

/* Short labels for the log and keys for JSON. */
extern const char *const bs_report_t5_label[BS1E_T5__COUNT];
extern const char *const bs_report_t5_key[BS1E_T5__COUNT];
extern const char *const bs_report_t7_label[BS1E_T7__COUNT];
extern const char *const bs_report_t7_key[BS1E_T7__COUNT];
extern const char *const bs_report_fate_key[BS1E_FATE__COUNT];
extern const char *const bs_report_phase_title[BS_PHASE__COUNT];
extern const char *const bs_report_phase_cite[BS_PHASE__COUNT];

/* The name of side s, unit u of side s, individual i of side s; NULL when
 * sc is NULL or an index is out of range. */
const char *bs_report_side_name(const struct bs_scenario *sc, int s);
const char *bs_report_unit_name(const struct bs_scenario *sc, int s, int u);
const char *bs_report_indiv_name(const struct bs_scenario *sc, int s, int i);

/* [11.7] the sides of a unit (enum bs_side_edge): "front", "left",
 * "rear", "right". */
extern const char *const bs_report_edge_name[4];

/* The sides of set spears (bits of enum bs_side_edge) as text: "front",
 * "front, rear", "all sides". Returns buf. */
char *bs_report_sides_text(unsigned sides, char *buf, size_t len);

/* A double rounded to tenths (half away from zero; -0 is 0). */
int bs_report_tenths(double x);

/* A facing in degrees brought into [0, 360), in tenths. */
int bs_report_facing_tenths(double f);

/* The sum of an event's dice. */
int bs_report_dice_sum(const struct bs_event *ev);

/* matrix (issue 6): the text of a matrix event (text_matrix.c) as one
 * line without indentation (MX_GRID: its cells in a row); and MX_GRID as
 * the grid of the text log, several lines. Both return buf. */
char *bs_report_text_matrix(const struct bs_scenario *sc,
			    const struct bs_event *ev, char *buf, size_t len);
char *bs_report_grid_matrix(const struct bs_scenario *sc,
			    const struct bs_event *ev, char *buf, size_t len);

/* 2E (issue 5): the text line of a 2E event (BS2E_ATTACK, BS2E_ARMOR,
 * BS2E_HITS, BS2E_MORALE) into buf (text_bs2e.c); returns buf. */
char *bs2e_report_text(const struct bs_scenario *sc, const struct bs_event *ev,
		       char *buf, size_t len);

/* Index checks for enums carried in n[]. */
static inline int bs_report_in(int v, int count)
{
	return v >= 0 && v < count;
}

#endif
