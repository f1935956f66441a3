/* [14.2] a placed area of effect and the figures of a battle it covers
 * (src/bs1e/r14_area.c bs1e_area_figures): Table 17's conversion of a
 * catalog record, whole and partly covered figures (RULING R-568), the
 * base-size note of open and skirmish formations, individuals standing
 * alone; the side a line strikes [14.5 B]; a differential test against a
 * point-sampling reference on 10,000 random placements; [14.5 A]
 * hit-point damage to individuals (RULING R-571). */
#include <math.h>
#include <stdint.h>

#include "battlesim/bs1e_magic.h"
#include "battlesim/spell.h"
#include "bs1e_fixture.h"

#define PI 3.14159265358979323846

/* South: a closed unit of 12 men-at-arms facing north at (20, 10), an
 * open one at (40, 10), a skirmish one at (60, 10); North: a hero alone
 * at (36, 30) and a unit far away. */
static const char *const area_yaml =
    "name: Area test\nrules: bs1e\nlevel: intermediate\ngame: adnd\n"
    "table: {width: 72, depth: 48}\n"
    "sides:\n"
    "  - name: South\n    edge: south\n    units:\n"
    "      - {name: Closed, figures: 12, creature: man-at-arms, weapons: "
    "[long sword], position: [20, 10], frontage: 6}\n"
    "      - {name: Open, figures: 12, creature: man-at-arms, weapons: "
    "[long sword], position: [40, 10], formation: open, frontage: 6}\n"
    "      - {name: Skirm, type: skirmish, figures: 8, creature: "
    "man-at-arms, weapons: [long sword], position: [60, 10], frontage: 4}\n"
    "  - name: North\n    edge: north\n    units:\n"
    "      - {name: Far N, figures: 8, creature: man-at-arms, weapons: "
    "[long sword], position: [68, 45]}\n"
    "    individuals:\n"
    "      - {name: Hero, class: fighter, level: 5, hp: 30, ac: 3, "
    "position: [36, 30], role: hero}\n";

/* [14.2] Table 17: a fireball's 2" radius is 1" on the table (the
 * rulebook's column) or 2/3" (the annotated one, option
 * table17_annotated); a lightning bolt 8" x 1/2" is 8/3" x 1/6" (R-570:
 * the exact 3:1 scale off the table's rows). */
Test(r14_area, s14_2_table17_converts_catalog_areas)
{
	struct tf t;
	tf_open(&t, area_yaml);
	const struct bs_spell *fb = bs_scenario_spell(t.sc, "fireball", -1);
	const struct bs_spell *lb =
	    bs_scenario_spell(t.sc, "lightning bolt", -1);
	cr_assert_not_null(fb);
	cr_assert_not_null(lb);
	struct bs1e_area_size z;
	cr_assert_eq(bs1e_spell_area_size(fb, 5, 0, &z), 0);
	cr_assert_eq(z.shape, BS_AREA_CIRCLE);
	cr_assert_eq(z.a_tenths, 20);
	cr_assert_float_eq(z.a, 1.0, 1e-12);
	cr_assert_eq(bs1e_spell_area_size(fb, 5, 1, &z), 0);
	cr_assert_float_eq(z.a, 4.0 / 6, 1e-12);
	cr_assert_eq(bs1e_spell_area_size(lb, 5, 0, &z), 0);
	cr_assert_eq(z.shape, BS_AREA_LINE);
	cr_assert_float_eq(z.a, 16.0 / 6, 1e-12);
	cr_assert_float_eq(z.b, 5.0 / 30, 1e-12);
	cr_assert_float_eq(bs1e_area_inches(60, 0), 2, 1e-12);
	cr_assert_float_eq(bs1e_area_inches(90, 0), 3, 1e-12);
	cr_assert_float_eq(bs1e_area_inches(15, 0), 0.5, 1e-12);
	const struct bs_spell *ch = bs_scenario_spell(t.sc, "charm person", -1);
	cr_assert_not_null(ch);
	cr_assert_eq(bs1e_spell_area_size(ch, 5, 0, &z), -1);
	tf_close(&t);
}

/* [14.2] [14.5 A] R-568: a 1" radius circle on the closed unit's front
 * rank covers figures wholly (all 10 men) and partly (cover x 10, a half
 * up); the hero alone is a 1:1 figure; the unit far away is not hit. */
Test(r14_area, s14_2_whole_and_partly_covered_figures_r568)
{
	struct tf t;
	tf_open(&t, area_yaml);
	struct bs_vec c = bs_tt_unit_figure(t.b, 0, 0, 2);
	struct bs_tt_area ar = {BS_AREA_CIRCLE, c, 0, 1.0, 0};
	struct bs1e_area_hit h[64];
	int n = bs1e_area_figures(t.b, &ar, h, 64);
	cr_assert(n >= 3);
	int whole = 0, part = 0;
	for (int i = 0; i < n; i++) {
		cr_assert_eq(h[i].side, 0);
		cr_assert_eq(h[i].unit, 0);
		cr_assert_eq(h[i].per_figure, 10);
		if (h[i].whole) {
			whole++;
			cr_assert_eq(h[i].creatures, 10);
		} else {
			part++;
			cr_assert_eq(h[i].creatures,
				     (int)floor(h[i].cover * 10 + 0.5));
		}
	}
	cr_assert_eq(whole, 1, "figure 2 alone is wholly in");
	cr_assert(part >= 2);
	/* a circle on the hero */
	int k = t.b->indiv_first[1];
	struct bs_tt_area on_hero = {BS_AREA_CIRCLE, t.b->indivs[k].pos, 0, 2,
				     0};
	n = bs1e_area_figures(t.b, &on_hero, h, 64);
	cr_assert_eq(n, 1);
	cr_assert_eq(h[0].unit, -1);
	cr_assert_eq(h[0].indiv, 0);
	cr_assert_eq(h[0].side, 1);
	cr_assert_eq(h[0].creatures, 1);
	cr_assert_eq(h[0].whole, 1);
	/* the count comes back even beyond cap */
	struct bs_tt_area big = {BS_AREA_CIRCLE, {20, 12}, 0, 6, 0};
	int all = bs1e_area_figures(t.b, &big, NULL, 0);
	cr_assert_eq(all, 12);
	tf_close(&t);
}

/* [14.2] special note: the same circle on an open figure covers its
 * surface one base size larger, so of the same square the open figure
 * has a smaller share inside. */
Test(r14_area, s14_2_open_figures_one_base_size_larger)
{
	struct tf t;
	tf_open(&t, area_yaml);
	struct bs_vec cc = bs_tt_unit_figure(t.b, 0, 0, 0);
	struct bs_vec co = bs_tt_unit_figure(t.b, 0, 1, 0);
	struct bs_tt_area a1 = {BS_AREA_RECT, cc, 0, 0.75, 0.75};
	struct bs_tt_area a2 = {BS_AREA_RECT, co, 0, 0.75, 0.75};
	struct bs1e_area_hit h[16];
	int n1 = bs1e_area_figures(t.b, &a1, h, 16);
	cr_assert_eq(n1, 1);
	cr_assert_eq(h[0].whole, 1);
	int n2 = bs1e_area_figures(t.b, &a2, h, 16);
	cr_assert_eq(n2, 1);
	cr_assert_eq(h[0].whole, 0);
	double base = t.b->units[t.b->side_first[0] + 1].r.base_w;
	double big = bs_tt_area_base_side(base, BS_FORM_OPEN);
	cr_assert_float_eq(h[0].cover, 0.75 * 0.75 / (big * big), 1e-9);
	tf_close(&t);
}

/* [14.5 B] a line travelling east across a unit facing north strikes its
 * side; one travelling south (coming from its front) its front; north
 * (from behind) its rear; a cone marks the figures of its first half. */
Test(r14_area, s14_5_b_the_side_a_line_strikes)
{
	struct tf t;
	tf_open(&t, area_yaml);
	struct bs_vec c = bs_tt_unit_figure(t.b, 0, 0, 0);
	struct bs1e_area_hit h[16];
	struct bs_tt_area east = {BS_AREA_LINE, {c.x - 3, c.y}, 90, 6, 0.2};
	int n = bs1e_area_figures(t.b, &east, h, 16);
	cr_assert(n >= 1);
	for (int i = 0; i < n && i < 16; i++)
		cr_assert_eq(h[i].strike, BS1E_STRIKE_SIDE);
	struct bs_tt_area south = {BS_AREA_LINE, {c.x, c.y + 5}, 180, 10, 0.2};
	n = bs1e_area_figures(t.b, &south, h, 16);
	cr_assert(n >= 2);
	for (int i = 0; i < n && i < 16; i++)
		cr_assert_eq(h[i].strike, BS1E_STRIKE_FRONT);
	struct bs_tt_area north = {BS_AREA_LINE, {c.x, c.y - 5}, 0, 10, 0.2};
	n = bs1e_area_figures(t.b, &north, h, 16);
	cr_assert(n >= 2);
	for (int i = 0; i < n && i < 16; i++)
		cr_assert_eq(h[i].strike, BS1E_STRIKE_REAR);
	/* a cone from 1" in front, southward, 3" long: the front rank
	 * (1" from the apex) is in its first half, the second not */
	struct bs_tt_area cone = {BS_AREA_CONE, {c.x, c.y + 1}, 180, 3, 6};
	n = bs1e_area_figures(t.b, &cone, h, 16);
	cr_assert(n >= 1);
	int firsts = 0;
	for (int i = 0; i < n && i < 16; i++)
		firsts += h[i].first_half;
	cr_assert(firsts >= 1 && firsts < n);
	tf_close(&t);
}

static uint64_t rs = 0x2545f4914f6cdd1dull;
static double rnd(double lo, double hi)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return lo + (hi - lo) * (double)(rs >> 11) / 9007199254740992.0;
}

/* The reference: whether p is in the area, in the shape's own frame. */
static int ref_in(const struct bs_tt_area *ar, struct bs_vec p)
{
	double dx = p.x - ar->at.x, dy = p.y - ar->at.y;
	if (ar->shape == BS_AREA_CIRCLE)
		return dx * dx + dy * dy <= ar->a * ar->a;
	double r = ar->facing * PI / 180;
	double u = dx * sin(r) + dy * cos(r), v = dx * cos(r) - dy * sin(r);
	if (ar->shape == BS_AREA_RECT)
		return fabs(u) <= ar->a / 2 && fabs(v) <= ar->b / 2;
	if (ar->shape == BS_AREA_LINE)
		return u >= 0 && u <= ar->a && fabs(v) <= ar->b / 2;
	return u >= 0 && u <= ar->a && fabs(v) <= ar->b / 2 * u / ar->a;
}

/* The reference's own reading of the base-size note: Table 17's column. */
static double ref_side(double s, enum bs_formation f)
{
	static const double col[] = {0.5, 0.75, 1, 1.5, 1.75, 2};
	if (f != BS_FORM_OPEN && f != BS_FORM_SKIRMISH)
		return s;
	for (int i = 0; i < 6; i++)
		if (col[i] > s + 1e-9)
			return col[i];
	return s + 0.25;
}

#define M 12
/* Sampled fraction of a w x d figure at c, facing `fa`, in the area. */
static double ref_fig(const struct bs_tt_area *ar, struct bs_vec c, double fa,
		      double w, double d)
{
	double r = fa * PI / 180;
	struct bs_vec along = {sin(r), cos(r)}, across = {cos(r), -sin(r)};
	int in = 0;
	for (int i = 0; i < M; i++)
		for (int j = 0; j < M; j++) {
			double x = ((i + 0.5) / M - 0.5) * w;
			double y = ((j + 0.5) / M - 0.5) * d;
			struct bs_vec p = {c.x + x * across.x + y * along.x,
					   c.y + x * across.y + y * along.y};
			in += ref_in(ar, p);
		}
	return (double)in / (M * M);
}

/* [14.2] R-568: 10,000 random placements of the four shapes over the
 * three South units (closed, open, skirmish) and the hero: every figure
 * the reference samples as half covered or more is returned, every figure
 * returned is sampled as covered (or within the sampling's error), with
 * the creatures its cover gives (within the error). */
Test(r14_area, s14_2_battle_figures_match_point_sampling_10000_placements)
{
	struct tf t;
	tf_open(&t, area_yaml);
	static const int shapes[] = {BS_AREA_CIRCLE, BS_AREA_RECT, BS_AREA_LINE,
				     BS_AREA_CONE};
	struct bs1e_area_hit h[128];
	long checked = 0, returned = 0;
	for (int k = 0; k < 10000; k++) {
		struct bs_tt_area ar;
		ar.shape = shapes[k % 4];
		struct bs_vec f0 = bs_tt_unit_figure(t.b, 0, k % 3, 0);
		ar.at = (struct bs_vec){f0.x + rnd(-6, 6), f0.y + rnd(-5, 5)};
		ar.facing = rnd(0, 360);
		ar.a = ar.shape == BS_AREA_CIRCLE ? rnd(0.3, 3) : rnd(0.5, 9);
		ar.b = ar.shape == BS_AREA_LINE ? rnd(0.1, 1) : rnd(0.3, 4);
		int n = bs1e_area_figures(t.b, &ar, h, 128);
		cr_assert(n <= 128);
		returned += n;
		for (int s = 0; s < 1; s++)
			for (int u = 0; u < 3; u++) {
				const struct bs_unit_state *us =
				    &t.b->units[t.b->side_first[s] + u];
				struct bs_tt_shape sh;
				bs_tt_unit_shape(t.b, s, u, &sh);
				double w = ref_side(us->r.base_w, sh.formation);
				double d = ref_side(us->r.base_d, sh.formation);
				for (int i = 0; i < us->figures; i++) {
					struct bs_vec c =
					    bs_tt_unit_figure(t.b, s, u, i);
					double ref =
					    ref_fig(&ar, c, us->facing, w, d);
					int j = 0;
					while (j < n && !(h[j].side == s &&
							  h[j].unit == u &&
							  h[j].fig == i))
						j++;
					checked++;
					if (ref >= 0.5)
						cr_assert(
						    j < n,
						    "placement %d: unit %d "
						    "figure %d sampled "
						    "%.3f, not returned",
						    k, u, i, ref);
					if (j == n)
						continue;
					cr_assert(
					    fabs(h[j].cover - ref) <= 0.12,
					    "placement %d: unit %d figure %d "
					    "cover %.3f sampled %.3f",
					    k, u, i, h[j].cover, ref);
					cr_assert(abs(h[j].creatures -
						      (int)floor(ref * 10 +
								 0.5)) <= 2);
				}
			}
		/* the hero's counter */
		int hk = t.b->indiv_first[1];
		struct bs_quad q = bs1e_indiv_quad(t.b, hk);
		struct bs_vec hc = {(q.p[0].x + q.p[2].x) / 2,
				    (q.p[0].y + q.p[2].y) / 2};
		double side = bs_vec_dist(q.p[0], q.p[1]);
		double ref = ref_fig(&ar, hc, 0, side, side);
		int j = 0;
		while (j < n && h[j].unit != -1)
			j++;
		if (ref >= 0.6)
			cr_assert(j < n, "placement %d: hero sampled %.3f", k,
				  ref);
		if (ref <= 0.4)
			cr_assert(j == n, "placement %d: hero sampled %.3f", k,
				  ref);
	}
	cr_expect(returned > 5000, "the placements hit figures (%ld)",
		  returned);
	cr_log_info("%ld figure checks, %ld figures returned", checked,
		    returned);
	tf_close(&t);
}

/* ---- [14.5 A] hit-point damage to individuals ---------------------------- */

/* [14.5 A] "Against individuals, damage is determined by normal AD&D
 * rules": a 5th-level fireball, 5d6 rolling 6 5 4 3 2 = 20 hit points,
 * against a hero of 30 hp needing 12: a 15 saves for half (10, RULING
 * R-571; 20 hp left), a 3 fails (20 taken, 10 left); 23 rolled and saved
 * is 11 (rounded down). */
Test(r14_area, s14_5_a_fireball_hit_points_against_a_hero_r571)
{
	struct tf t;
	tf_open(&t, area_yaml);
	const struct bs_spell *fb = bs_scenario_spell(t.sc, "fireball", -1);
	int saved[] = {6, 5, 4, 3, 2, 15}, failed[] = {6, 5, 4, 3, 2, 3};
	struct bs_dice_source src;
	struct bs1e_indiv_spell r;
	bs_dice_source_script(&src, saved, 6);
	cr_assert_eq(bs1e_spell_hp_damage(fb, 5, 0, 30, 12, 0, &src, NULL, &r),
		     0);
	cr_assert_eq(r.rolled, 20);
	cr_assert_eq(r.save_die, 15);
	cr_assert_eq(r.saved, 1);
	cr_assert_eq(r.damage, 10);
	cr_assert_eq(r.hp_after, 20);
	cr_assert_eq(r.killed, 0);
	bs_dice_source_script(&src, failed, 6);
	cr_assert_eq(bs1e_spell_hp_damage(fb, 5, 0, 20, 12, 0, &src, NULL, &r),
		     0);
	cr_assert_eq(r.damage, 20);
	cr_assert_eq(r.hp_after, 0);
	cr_assert_eq(r.killed, 1);
	cr_assert_eq(bs1e_spell_hp_after_save(23, BS_SAVEFX_HALF, 1), 11);
	cr_assert_eq(bs1e_spell_hp_after_save(23, BS_SAVEFX_NEGATES, 1), 0);
	cr_assert_eq(bs1e_spell_hp_after_save(23, BS_SAVEFX_HALF, 0), 23);
	/* too few dice: an error, not a made-up number */
	bs_dice_source_script(&src, saved, 5);
	cr_assert_eq(bs1e_spell_hp_damage(fb, 5, 0, 30, 12, 0, &src, NULL, &r),
		     -1);
	tf_close(&t);
}

/* [14.5 A] three magic missiles of a 5th-level caster (d4+1 each, no
 * saving throw): 3d4+3, rolling 1 2 3 = 9; a red dragon's breath does
 * its hit points (44), a save vs breath halving it (22). */
Test(r14_area, s14_5_a_magic_missiles_and_breath_against_individuals)
{
	struct tf t;
	tf_open(&t, area_yaml);
	const struct bs_spell *mm =
	    bs_scenario_spell(t.sc, "magic missile", -1);
	cr_assert_not_null(mm);
	int d[] = {1, 2, 3};
	struct bs_dice_source src;
	struct bs1e_indiv_spell r;
	bs_dice_source_script(&src, d, 3);
	cr_assert_eq(bs1e_spell_hp_damage(mm, 5, 0, 12, 12, 0, &src, NULL, &r),
		     0);
	cr_assert_eq(r.rolled, 9);
	cr_assert_eq(r.save_die, 0);
	cr_assert_eq(r.damage, 9);
	cr_assert_eq(src.pos, 3);
	const struct bs_spell *br =
	    bs_scenario_spell(t.sc, "red dragon breath", -1);
	cr_assert_not_null(br);
	cr_assert_eq(br->save_effect, BS_SAVEFX_HALF);
	int s[] = {20};
	bs_dice_source_script(&src, s, 1);
	cr_assert_eq(bs1e_spell_hp_damage(br, 0, 44, 30, 13, 0, &src, NULL, &r),
		     0);
	cr_assert_eq(r.rolled, 44);
	cr_assert_eq(r.saved, 1);
	cr_assert_eq(r.damage, 22);
	cr_assert_eq(bs1e_spell_hp_damage(br, 0, 0, 30, 13, 0, &src, NULL, &r),
		     -1);
	tf_close(&t);
}

/* [14.3] the referee's "what is rolled and why" of the save kind: a
 * unit's figures in the area roll one d20 each. */
static struct bs_dice_req last_req;
static int keep_req(void *ctx, const struct bs_dice_req *q, int *dice, int n)
{
	(void)ctx;
	last_req = *q;
	for (int i = 0; i < n; i++)
		dice[i] = 11;
	return 0;
}
Test(r14_area, s14_3_the_save_request_names_the_unit)
{
	struct tf t;
	tf_open(&t, area_yaml);
	struct bs_dice_asker k = {keep_req, NULL};
	int pend[16];
	struct bs_dice_source src;
	bs_dice_source_ask(&src, &k, NULL, pend, 16);
	struct bs1e_save_who who = {0, tf_g(&t, 0, 0), -1};
	struct bs1e_figure_saves fs;
	cr_assert_eq(bs1e_figure_saves(&src, 3, 12, 0, 0, &who, NULL, &fs), 0);
	char buf[256];
	bs_battle_roll_text(t.b, &last_req, buf, sizeof buf);
	cr_assert_str_eq(buf, "3 x d20 for Closed saving throw against the "
			      "spell [14.3]");
	cr_assert_eq(fs.saved, 0);
	tf_close(&t);
}
