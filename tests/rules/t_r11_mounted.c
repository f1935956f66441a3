/* Rating cavalry [11.2] and chariots [11.3], as components and through the
 * unit sheet (ratio, HD per figure, base, Table 3 "mounted"). Roundings:
 * RULING R-051 (cavalry HD up), R-052 (chariot averages in favour, 2/3 MV
 * down). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_roster.h"

static struct bs1e_component comp(const char *name, int count, int hd, int ac,
				  int thac0, int mv, const char *dmg)
{
	struct bs1e_component k;
	memset(&k, 0, sizeof k);
	snprintf(k.name, sizeof k.name, "%s", name);
	k.count = count;
	k.hd.tenths = hd;
	k.ac = ac;
	k.thac0 = thac0;
	k.mv = mv;
	k.size = BS_SIZE_M;
	if (dmg) {
		k.dmg.nsrc = 1;
		k.dmg.src[0].times = 1;
		snprintf(k.dmg.src[0].label, sizeof k.dmg.src[0].label, "%s",
			 name);
		bs_dice_parse(dmg, &k.dmg.src[0].vs_sm, NULL, 0);
		k.dmg.src[0].vs_l = k.dmg.src[0].vs_sm;
	}
	return k;
}

static const char *text(const struct bs_deriv *d, const char *name, int tenths)
{
	static char buf[256];
	return bs_deriv_text(d, name, tenths, buf, sizeof buf);
}

/* [11.2] AR the rider's, HD the average rounded up, AC the poorer, MV the
 * mount's, damage added. */
Test(r11_mounted, s11_2_cavalry_rating)
{
	struct bs1e_component rider =
	    comp("man-at-arms", 1, 10, 5, 21, 12, "d8");
	rider.plus = 1;
	struct bs1e_component horse =
	    comp("light warhorse", 1, 20, 7, 16, 24, "d4/d4");
	horse.size = BS_SIZE_L;
	struct bs1e_mounted_rating r;
	bs1e_rate_cavalry(&rider, &horse, &r);
	cr_assert_eq(r.thac0.value, 21);
	cr_assert_eq(r.plus, 1);
	cr_assert_eq(r.hd.value, 20); /* 1.5 rounded up */
	cr_assert_str_eq(text(&r.hd, "HD", 1),
			 "HD 2 = average of 1 and 2 HD (1.5), up [11.2, "
			 "R-051]");
	cr_assert_eq(r.ac.value, 7);
	cr_assert_str_eq(text(&r.ac, "AC", 0),
			 "AC 7 = poorer of rider AC 5, mount AC 7 [11.2]");
	cr_assert_eq(r.mv.value, 24);
	cr_assert_eq(r.size, BS_SIZE_L);
	char buf[128];
	cr_assert_str_eq(bs1e_damage_text(&r.dmg, 0, buf, sizeof buf),
			 "d8 (man-at-arms) + d4/d4 (light warhorse)");
	/* an exact average is not rounded; a better mount AC keeps the
	 * rider's poorer one */
	horse.hd.tenths = 30;
	horse.ac = 3;
	bs1e_rate_cavalry(&rider, &horse, &r);
	cr_assert_eq(r.hd.value, 20);
	cr_assert_eq(r.ac.value, 5);
	/* 1/2 HD on 1/2 HD: 0.5 rounded up to 1 */
	rider.hd.tenths = 5;
	horse.hd.tenths = 5;
	bs1e_rate_cavalry(&rider, &horse, &r);
	cr_assert_eq(r.hd.value, 10);
}

/* [11.3] AR the average of passengers and pullers rounded in favour, HD
 * the pullers' plus the passengers', AC the average -2, MV 2/3 of the
 * pullers' (full at 3x the riders' HD), damage added. */
Test(r11_mounted, s11_3_chariot_rating)
{
	struct bs1e_component crew = comp("charioteer", 2, 10, 5, 19, 12, "d8");
	struct bs1e_component team = comp("horse", 2, 20, 7, 16, 24, "d6");
	struct bs1e_mounted_rating r;
	bs1e_rate_chariot(&crew, &team, &r);
	cr_assert_eq(r.thac0.value, 17); /* (38 + 32) / 4 = 17.5 down */
	cr_assert_str_eq(text(&r.thac0, "THAC0", 0),
			 "THAC0 17 = average of crew and team 17.5, down (in "
			 "favour) [11.3, R-052]");
	cr_assert_eq(r.hd.value, 30);
	cr_assert_eq(r.ac.value, 4);  /* 6 - 2 */
	cr_assert_eq(r.mv.value, 16); /* team 4 HD < 3 x 2 */
	char buf[128];
	cr_assert_str_eq(bs1e_damage_text(&r.dmg, 0, buf, sizeof buf),
			 "2 x d8 (charioteer) + 2 x d6 (horse)");
	/* AC rounding in favour; a passenger's magic weapon counts */
	crew.count = 1;
	team.count = 1;
	crew.ac = 4;
	crew.plus = 1;
	bs1e_rate_chariot(&crew, &team, &r);
	cr_assert_eq(r.ac.value, 5 - 2); /* 5.5 down, -2 */
	cr_assert_eq(r.thac0.value, 17); /* (18 + 16) / 2 */
	cr_assert_eq(r.plus, 0);
	/* pullers with 3x the riders' HD: full MV */
	team.count = 2;
	team.hd.tenths = 30;
	crew.count = 2;
	bs1e_rate_chariot(&crew, &team, &r);
	cr_assert_eq(r.mv.value, 24);
	/* 2/3 of MV 10: 6 */
	team.hd.tenths = 20;
	team.mv = 10;
	bs1e_rate_chariot(&crew, &team, &r);
	cr_assert_eq(r.mv.value, 6);
}

/* Through the unit sheet: the cavalry figure's ratio from its rated HD,
 * HD per figure, the cavalry base, AR, Table 3 "mounted". */
Test(r11_mounted, s11_2_cavalry_unit_sheet)
{
	struct bs_creature man, horse;
	memset(&man, 0, sizeof man);
	memset(&horse, 0, sizeof horse);
	snprintf(man.name, sizeof man.name, "man-at-arms");
	man.hd.tenths = 10;
	man.ac = 10;
	man.mv = 12;
	man.thac0 = 21;
	man.size = BS_SIZE_M;
	man.law = BS_LAW_NEUTRAL;
	man.intelligence = BS_INT_AVERAGE;
	snprintf(horse.name, sizeof horse.name, "light warhorse");
	horse.hd.tenths = 20;
	horse.ac = 7;
	horse.mv = 24;
	horse.size = BS_SIZE_L;
	bs_dice_parse("d4/d4", &horse.attacks, NULL, 0);
	struct bs_weapon lance;
	memset(&lance, 0, sizeof lance);
	snprintf(lance.name, sizeof lance.name, "light lance");
	bs_dice_parse("d6", &lance.damage_sm, NULL, 0);
	bs_dice_parse("d8", &lance.damage_l, NULL, 0);
	struct bs_unit u;
	memset(&u, 0, sizeof u);
	snprintf(u.name, sizeof u.name, "lancers");
	u.creature = &man;
	u.mount = &horse;
	u.figures = 12;
	u.ac = 5;
	u.type = BS_UNIT_REGULAR;
	u.commander = -1;
	u.deputy = -1;
	u.weapons[0].weapon = &lance;
	u.nweapons = 1;
	struct bs_scenario s;
	memset(&s, 0, sizeof s);
	s.nsides = 1;
	s.sides[0].units = &u;
	s.sides[0].nunits = 1;
	struct bs1e_unit_sheet x;
	bs1e_unit_sheet(&s, 0, 0, &x);
	cr_assert_eq(x.mounting, BS1E_CAVALRY);
	cr_assert_eq(x.ratio.value, 10);
	cr_assert_eq(x.hd_fig.value, 200);
	cr_assert_eq(x.ac.value, 7);
	cr_assert_eq(x.mv.value, 24);
	cr_assert_eq(x.ar.value, 21);
	cr_assert_eq(x.base, BS1E_BASE_CAVALRY);
	cr_assert_eq(x.size, BS_SIZE_L);
	/* 11 +1 mounted +1 regular; AC 7 has no row */
	cr_assert_str_eq(text(&x.ml, "ML", 0),
			 "ML 13 = 11 +1 mounted +1 regular [4.1 T3]");
	char buf[128];
	cr_assert_str_eq(bs1e_damage_text(&x.damage, 1, buf, sizeof buf),
			 "d8 (light lance) + d4/d4 (light warhorse)");

	/* chariots: two charioteers behind two horses */
	u.mount = NULL;
	u.chariot.puller = &horse;
	u.chariot.pullers = 2;
	u.chariot.passenger = &man;
	u.chariot.passengers = 2;
	bs1e_unit_sheet(&s, 0, 0, &x);
	cr_assert_eq(x.mounting, BS1E_CHARIOT);
	cr_assert_eq(x.hd.value, 30);
	cr_assert_eq(x.ratio.value, 10);
	cr_assert_eq(x.hd_fig.value, 300);
	cr_assert_eq(x.ac.value, 4);	 /* (5 + 5 + 7 + 7) / 4 = 6, -2 */
	cr_assert_eq(x.thac0.value, 18); /* (21 + 21 + 16 + 16) / 4 = 18.5 */
	cr_assert_eq(x.ar.value, 18);
	cr_assert_eq(x.mv.value, 16);
	cr_assert_str_eq(x.base_label, "1\" x 2\"");
	cr_assert_eq(x.ml.value, 11 + 1 + 1 + 1); /* AC 4 +1 */
}
