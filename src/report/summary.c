/* The end summary of a played battle: the outcome and its reason (the
 * default victory conditions are the engine's ruling), each side's losses,
 * and every unit's figures at the start, lost, wounded and left with how
 * it ended ([7.15] routed or destroyed). Text table or one JSON object. */
#include "battlesim/report.h"

#include <jansson.h>
#include <string.h>

#include "battlesim/battle.h"
#include "report/report_int.h"

/* bs_unit_end as the table says it. */
static const char *const end_text[BS_END__COUNT] = {
    [BS_END_INTACT] = "intact",
    [BS_END_ROUTED_ON_TABLE] = "routed, on the table",
    [BS_END_ROUTED_OFF] = "routed off the table",
    [BS_END_DESTROYED] = "destroyed",
};

static const char *unit_name(const struct bs_battle *b,
			     const struct bs_unit_state *u)
{
	const char *n = bs_report_unit_name(b->sc, u->side, u->idx);
	if (n)
		return n;
	return u->def ? u->def->name : "?";
}

static const char *side_name(const struct bs_battle *b, int s)
{
	const char *n = bs_report_side_name(b->sc, s);
	return n ? n : "?";
}

/* "12.5", "63.0" from lost/start as a percentage, rounded to tenths. */
static void put_pct(char *buf, size_t len, int lost, int start)
{
	int t = start > 0 ? (lost * 1000 + start / 2) / start : 0;
	snprintf(buf, len, "%d.%d", t / 10, t % 10);
}

static int end_of(const struct bs_battle *b, int k)
{
	int e = (int)bs_battle_unit_end(b, k);
	return bs_report_in(e, BS_END__COUNT) ? e : BS_END_INTACT;
}

/* RULING R-162 [7.15] [8.7] "Lost" is the figures no longer standing; a
 * unit routed off the table keeps its standing figures in "Left"; the
 * side's losses are the engine's killed figures. */
/* [9.4] [9.1] the Intermediate and Advanced Games count each side's
 * individuals killed and captured (RULING R-516); the Basic Game's summary
 * stays as it was (RULING R-517). */
static int indivs_shown(const struct bs_battle *b, int s)
{
	return b->sc && b->sc->rules == BS_RULES_BS1E &&
	       b->sc->level >= BS_LEVEL_INTERMEDIATE && s < b->sc->nsides &&
	       b->sc->sides[s].nindividuals > 0;
}

static void summary_text(const struct bs_battle *b, FILE *out)
{
	const struct bs_result *r = &b->result;
	/* a matrix battle counts brigades and their classes (centuries
	 * left, [M2.6]) where the tabletop counts units and figures */
	int mx = b->sc && b->sc->rules == BS_RULES_MATRIX;
	const char *unit_word = mx ? "Brigade" : "Unit";
	int w = (int)strlen(unit_word); /* width of the unit column */
	for (int k = 0; k < b->nunits; k++) {
		if (b->units[k].flags & BS_UF_RESERVED)
			continue; /* [14.6 A] RULING R-462: an unused slot */
		int l = (int)strlen(unit_name(b, &b->units[k]));
		if (l > w)
			w = l;
	}
	fprintf(out, "=== Summary ===\n");
	fprintf(out, "Outcome: ");
	if (!r->over)
		fprintf(out, "not over after %d round%s", r->rounds,
			r->rounds == 1 ? "" : "s");
	else if (r->winner >= 0)
		fprintf(out, "%s wins after %d round%s",
			side_name(b, r->winner), r->rounds,
			r->rounds == 1 ? "" : "s");
	else
		fprintf(out, "draw after %d round%s", r->rounds,
			r->rounds == 1 ? "" : "s");
	if (r->reason && *r->reason)
		fprintf(out, " (%s)", r->reason);
	fprintf(out, "\n");
	for (int s = 0; s < b->nsides; s++) {
		fprintf(out, "\n%s\n", side_name(b, s));
		fprintf(out, "  %-*s  %5s  %4s  %7s  %4s  %s\n", w, unit_word,
			"Start", "Lost", "Wounded", "Left", "End");
		int first = b->side_first[s];
		int last = s + 1 < b->nsides ? b->side_first[s + 1] : b->nunits;
		int shown = 0;
		for (int k = first; k < last && k < b->nunits; k++) {
			const struct bs_unit_state *u = &b->units[k];
			if (u->flags & BS_UF_RESERVED)
				continue; /* [14.6 A] RULING R-462 */
			shown++;
			fprintf(out, "  %-*s  %5d  %4d  %7d  %4d  %s", w,
				unit_name(b, u), u->original, bs_unit_killed(u),
				u->wounded, u->figures, end_text[end_of(b, k)]);
			/* 1E RULING R-378: skirmishers routed apart */
			if (u->sk_away || u->sk_off)
				fprintf(out,
					" (%d figure%s routed apart, %d "
					"of them off the table)",
					u->sk_away + u->sk_off,
					u->sk_away + u->sk_off == 1 ? "" : "s",
					u->sk_off);
			fputc('\n', out);
		}
		if (s < r->nsides) {
			const struct bs_side_result *sr = &r->side[s];
			char pct[24];
			put_pct(pct, sizeof pct, sr->figures_lost,
				sr->figures_start);
			fprintf(out,
				"  Losses: %d of %d %s (%s%%); "
				"%d of %d %s in play\n",
				sr->figures_lost, sr->figures_start,
				mx ? "centuries lost" : "figures killed", pct,
				sr->units_in_play, shown,
				mx ? "brigades" : "units");
			if (indivs_shown(b, s))
				fprintf(out,
					"  Heroes and commanders: %d of %d "
					"killed, %d captured [9.4] [9.1]\n",
					sr->indivs_killed,
					b->sc->sides[s].nindividuals,
					sr->indivs_captured);
		}
	}
}

json_t *bs_report_summary_json(const struct bs_battle *b)
{
	const struct bs_result *r = &b->result;
	json_t *o = json_object();
	if (!o)
		return NULL;
	json_object_set_new(o, "type", json_string("summary"));
	json_object_set_new(o, "outcome",
			    json_string(!r->over	 ? "not_over"
					: r->winner >= 0 ? "win"
							 : "draw"));
	json_object_set_new(o, "winner", json_integer(r->winner));
	if (r->over && r->winner >= 0 && bs_report_side_name(b->sc, r->winner))
		json_object_set_new(
		    o, "winner_name",
		    json_string(bs_report_side_name(b->sc, r->winner)));
	json_object_set_new(o, "rounds", json_integer(r->rounds));
	json_object_set_new(o, "reason",
			    r->reason ? json_string(r->reason) : json_null());
	json_t *sides = json_array();
	for (int s = 0; s < b->nsides; s++) {
		json_t *j = json_object();
		json_object_set_new(j, "side", json_integer(s));
		json_object_set_new(j, "name", json_string(side_name(b, s)));
		if (s < r->nsides) {
			const struct bs_side_result *sr = &r->side[s];
			json_object_set_new(j, "figures_start",
					    json_integer(sr->figures_start));
			json_object_set_new(j, "figures_lost",
					    json_integer(sr->figures_lost));
			json_object_set_new(j, "units_in_play",
					    json_integer(sr->units_in_play));
			if (indivs_shown(b, s)) {
				json_object_set_new(
				    j, "individuals",
				    json_integer(b->sc->sides[s].nindividuals));
				json_object_set_new(
				    j, "individuals_killed",
				    json_integer(sr->indivs_killed));
				json_object_set_new(
				    j, "individuals_captured",
				    json_integer(sr->indivs_captured));
			}
		}
		json_array_append_new(sides, j);
	}
	json_object_set_new(o, "sides", sides);
	json_t *units = json_array();
	for (int k = 0; k < b->nunits; k++) {
		const struct bs_unit_state *u = &b->units[k];
		if (u->flags & BS_UF_RESERVED)
			continue; /* [14.6 A] RULING R-462: an unused slot */
		json_t *j = json_object();
		json_object_set_new(j, "side", json_integer(u->side));
		json_object_set_new(j, "unit", json_integer(u->idx));
		json_object_set_new(j, "name", json_string(unit_name(b, u)));
		json_object_set_new(j, "figures_start",
				    json_integer(u->original));
		json_object_set_new(j, "lost", json_integer(bs_unit_killed(u)));
		json_object_set_new(j, "wounded", json_integer(u->wounded));
		json_object_set_new(j, "left", json_integer(u->figures));
		json_object_set_new(
		    j, "end", json_string(bs_unit_end_name[end_of(b, k)]));
		json_array_append_new(units, j);
	}
	json_object_set_new(o, "units", units);
	return o;
}

int bs_report_summary(const struct bs_battle *b, enum bs_log_format format,
		      FILE *out)
{
	if (format == BS_LOG_JSONL) {
		json_t *j = bs_report_summary_json(b);
		int bad = !j || json_dumpf(j, out, bs_report_json_flags()) != 0;
		json_decref(j);
		fputc('\n', out);
		if (bad)
			return -1;
	} else {
		summary_text(b, out);
	}
	return ferror(out) ? -1 : 0;
}
