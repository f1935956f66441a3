/* battlesim referee FILE: a battle at a real table (issue 17,
 * docs/REFEREE.md). The session (src/referee) walks the Sequence of Play
 * and asks here for every input: the dice the referee rolls ("2d6 for
 * Keep men-at-arms attacking Broken Fang spears [8.4 B]"), the orders of
 * the human sides, the go for each Game Round; look commands (status,
 * roster, odds, map, log, chances, suggest) are answered here. Lines come
 * from libedit (history, completion) when standard input is a terminal,
 * else they are read as they come (scripted sessions); prompts and
 * questions go to standard error, results and the log to standard output. */
#define _XOPEN_SOURCE 700 /* realpath, truncate */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <histedit.h>
#include <jansson.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "battlesim/ai.h"
#include "battlesim/bs1e_combat.h"
#include "battlesim/bs2e.h"
#include "battlesim/referee.h"
#include "battlesim/report.h"
#include "battlesim/tabletop.h"
#include "battlesim/deploy.h"
#include "cli.h"

#define DEFAULT_SEED 1985

const char cmd_referee_help[] =
    "usage: battlesim referee [FILE | --builtin NAME] [--seed N]\n"
    "                         [--side SIDE=MODE]... [--dice KIND=MODE]...\n"
    "                         [--journal PATH] [--log text|jsonl]\n"
    "                         [--out FILE] [--strict]\n"
    "       battlesim referee --resume JOURNAL [--log ...] [--out FILE]\n"
    "                         [--strict]\n"
    "\n"
    "Referee a battle of the scenario FILE at a real table: the program\n"
    "walks the Sequence of Play phase by phase and prints what happens,\n"
    "with the same cited lines as 'play'; for every roll the rules need it\n"
    "says what is rolled and why and takes the dice rolled at the table\n"
    "('7', or the dice '3 4'), checked; each human side is asked for its\n"
    "units' orders in the grammar of a scenario's orders:. Every input\n"
    "goes to the journal (JSON Lines, fsynced before it is played); undo\n"
    "and --resume rebuild the battle exactly by replaying it. Without\n"
    "FILE, the built-in default scenario is refereed.\n"
    "\n"
    "At a prompt (type 'help' for the whole list):\n"
    "  go                      play the next Game Round (the round prompt)\n"
    "  DICE                    the dice rolled: '3 4', or the total '7'\n"
    "  ORDER                   hold | move, steps: [{advance: 6}] |\n"
    "                          charge, target: ENEMY | ... (SCENARIO-FORMAT)\n"
    "  VOLLEY                  fire: UNIT, target: ENEMY [, after: INCHES]\n"
    "                          | done | none (1E missile and pass-through "
    "fire)\n"
    "  SHOT                    fire: HERO, target: ENEMY | done (1E heroes'\n"
    "                          shots, after the units' volleys)\n"
    "  ROLE                    individual: NAME, role: hero | ... | done\n"
    "                          (1E [9.0] changes of role)\n"
    "  CAST                    individual: CASTER, cast: SPELL, target:\n"
    "                          ENEMY[, at: [X, Y]] | done (1E [14.1])\n"
    "  TURN                    turn: UNDEAD, by: CLERIC | done (1E [14.19])\n"
    "  SPLIT                   ENEMY: CLASSES, ... | none (a matrix aerial\n"
    "                          brigade's classes [M4.2])\n"
    "  SEQUENCE                in order | BRIGADE, BRIGADE, ... (the order\n"
    "                          a matrix army's brigades move in [M3.2])\n"
    "  status, roster UNIT, odds UNIT vs ENEMY, map [FILE], log [N|all]\n"
    "  chances N               N continuations from here, AI on both sides\n"
    "  suggest                 what the AI would answer here, and why\n"
    "  dice KIND|all program|ask, side SIDE human|ai|hold|scripted\n"
    "  override WHAT ... -- TEXT   the referee's word (docs/REFEREE.md)\n"
    "  undo [phase|round], quit\n"
    "\n"
    "Options:\n"
    "  -b, --builtin NAME  the built-in scenario NAME (battlesim check\n"
    "                   --builtin all lists them)\n"
    "  --seed N         seed of the dice the program rolls (default 1985)\n"
    "  --side SIDE=MODE a side (name or number) human (default), ai, hold\n"
    "                   or scripted (its orders:)\n"
    "  --dice KIND=MODE ask (default) or program, for a kind of roll\n"
    "                   (initiative, attack, armor, morale, discipline,\n"
    "                   rally, fate, indiv_initiative, to_hit, damage,\n"
    "                   save, turn) or all\n"
    "  --journal PATH   the journal (default: FILE with .journal; for a\n"
    "                   built-in scenario NAME.journal here)\n"
    "  --resume J       go on with the session of journal J\n"
    "  --log FORMAT     text (default) or jsonl (docs/EVENTS.md)\n"
    "  --out FILE       the log to FILE instead of standard output (it\n"
    "                   appears when the session ends; the journal keeps\n"
    "                   every input as it comes)\n"
    "  --strict         the scenario's warnings are errors (exit 2); without\n"
    "                   it they are shown as the session starts\n"
    "  -h, --help       show this help\n";

/* ---- the session's UI ------------------------------------------------------
 */

struct ui {
	struct bs_ref *r;
	const struct bs_scenario *sc;
	const char *journal_path;
	const char *out_path; /* --out, or NULL */
	enum bs_log_format fmt;
	FILE *log; /* the events shown */
	struct bs_report rep;
	/* every event of this timeline as a text line (log) */
	char **lines;
	long nlines, cap;
	struct bs_html html;
	int html_on;
	/* input */
	EditLine *el;
	History *hist;
	int tty;
	char *buf;
	size_t bufcap;
	char prompt_text[64];
	int threads;
};

static struct ui *the_ui; /* for libedit's completion callback */
static volatile sig_atomic_t got_sigint;

static void on_sigint(int sig)
{
	(void)sig;
	got_sigint = 1;
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fflush(stdout);
}

static void ask_line(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
static void ask_line(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
}

static void clear_lines(struct ui *u)
{
	for (long i = 0; i < u->nlines; i++)
		free(u->lines[i]);
	u->nlines = 0;
}

static void ui_event(void *ctx, const struct bs_event *ev, int fresh)
{
	struct ui *u = ctx;
	if (u->html_on)
		bs_html_emit(&u->html, ev);
	char line[BS_REPORT_LINE_MAX];
	bs_report_text(u->sc, ev, line, sizeof line);
	if (u->nlines == u->cap) {
		long cap = u->cap ? u->cap * 2 : 1024;
		char **n = realloc(u->lines, (size_t)cap * sizeof *n);
		if (n) {
			u->lines = n;
			u->cap = cap;
		}
	}
	if (u->nlines < u->cap) {
		char *c = strdup(line);
		if (c)
			u->lines[u->nlines++] = c;
	}
	if (fresh)
		bs_report_emit(&u->rep, ev);
	if (fresh && u->log)
		fflush(u->log);
}

static void ui_rebuild(void *ctx, struct bs_ref *r)
{
	struct ui *u = ctx;
	clear_lines(u);
	if (u->html_on)
		bs_html_release(&u->html);
	bs_html_init(&u->html, r->b, NULL);
	u->html_on = 1;
}

static void ui_note(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "battlesim: warning: %s\n", msg);
}

/* ---- reading lines ---------------------------------------------------------
 */

static const char *const commands[] = {
    "help", "status", "roster",	  "odds", "map", "log",	 "chances", "suggest",
    "dice", "side",   "override", "undo", "go",	 "quit", NULL};

/* The answers' words, for completion only (not commands). */
static const char *const answer_words[] = {"hold",
					   "move, steps: [",
					   "charge, target: ",
					   "forced_march",
					   "withdraw",
					   "flee",
					   "wrap",
					   "advance: ",
					   "wheel: ",
					   "face: ",
					   "frontage: ",
					   "formation: ",
					   "rally: ",
					   "mob: ",
					   "by: ",
					   "done",
					   "in order",
					   "first",
					   "second",
					   "follow",
					   "stay",
					   "keep",
					   "retreat",
					   "check",
					   "forward",
					   "back",
					   "north",
					   "south",
					   "east",
					   "west",
					   "enter: ",
					   "attack: ",
					   "engage: ",
					   "target: ",
					   "none",
					   "program",
					   "ask",
					   "human",
					   "ai",
					   "scripted",
					   "strength",
					   "routed",
					   "rallied",
					   "position",
					   "figures",
					   "command",
					   "reserve",
					   "fire: ",
					   "after: ",
					   "ammo: ",
					   "individual: ",
					   "role: ",
					   "of: ",
					   "take_over: ",
					   NULL};

static unsigned char complete(EditLine *el, int ch)
{
	(void)ch;
	const LineInfo *li = el_line(el);
	const char *start = li->cursor;
	while (start > li->buffer && start[-1] != ' ' && start[-1] != ',' &&
	       start[-1] != ':')
		start--;
	size_t n = (size_t)(li->cursor - start);
	const char *cands[BS_MAX_SIDES * BS_MAX_UNITS + 128];
	int nc = 0;
	for (int i = 0; commands[i]; i++)
		cands[nc++] = commands[i];
	for (int i = 0; answer_words[i]; i++)
		cands[nc++] = answer_words[i];
	const struct bs_scenario *sc = the_ui ? the_ui->sc : NULL;
	for (int s = 0; sc && s < sc->nsides; s++) {
		cands[nc++] = sc->sides[s].name;
		for (int k = 0; k < sc->sides[s].nunits &&
				nc < 120 + BS_MAX_UNITS * BS_MAX_SIDES;
		     k++)
			cands[nc++] = sc->sides[s].units[k].name;
	}
	const char *hit = NULL;
	int hits = 0;
	for (int i = 0; i < nc; i++)
		if (strncasecmp(cands[i], start, n) == 0) {
			hit = cands[i];
			hits++;
		}
	if (hits == 1) {
		el_insertstr(el, hit + n);
		return CC_REDISPLAY;
	}
	if (hits > 1) {
		fputc('\n', stderr);
		for (int i = 0; i < nc; i++)
			if (strncasecmp(cands[i], start, n) == 0)
				fprintf(stderr, "  %s\n", cands[i]);
		return CC_REDISPLAY;
	}
	return CC_ERROR;
}

static char *prompt_fn(EditLine *el)
{
	(void)el;
	return the_ui ? the_ui->prompt_text : "> ";
}

/* The next line (no newline), NULL at the end of input. A Ctrl-C drops
 * the line being typed and gives "" with *interrupted set. */
static const char *read_line(struct ui *u, int *interrupted)
{
	*interrupted = 0;
	if (u->el) {
		int n = 0;
		const char *l = el_gets(u->el, &n);
		if (got_sigint) {
			got_sigint = 0;
			*interrupted = 1;
			return "";
		}
		if (!l || n <= 0)
			return NULL;
		if (n > 1)
			history(u->hist, &(HistEvent){0}, H_ENTER, l);
		size_t k = strlen(l);
		if (k + 1 > u->bufcap) {
			char *nb = realloc(u->buf, k + 1);
			if (!nb)
				return NULL;
			u->buf = nb;
			u->bufcap = k + 1;
		}
		memcpy(u->buf, l, k + 1);
	} else {
		fputs(u->prompt_text, stderr);
		fflush(stderr);
		errno = 0;
		ssize_t n = getline(&u->buf, &u->bufcap, stdin);
		if (n < 0) {
			if (got_sigint || errno == EINTR) {
				got_sigint = 0;
				clearerr(stdin);
				*interrupted = 1;
				return "";
			}
			return NULL;
		}
	}
	size_t k = strlen(u->buf);
	while (k > 0 && (u->buf[k - 1] == '\n' || u->buf[k - 1] == '\r'))
		u->buf[--k] = '\0';
	return u->buf;
}

/* ---- look commands ---------------------------------------------------------
 */

static int find_unit(const struct bs_battle *b, const char *name)
{
	/* RULING R-462: a detachment slot not in use has no name yet */
	for (int g = 0; g < b->nunits; g++)
		if (b->units[g].def && !(b->units[g].flags & BS_UF_RESERVED) &&
		    strcasecmp(b->units[g].def->name, name) == 0)
			return g;
	const char *names[BS_MAX_SIDES * BS_MAX_UNITS];
	size_t n = 0;
	for (int g = 0; g < b->nunits; g++)
		if (!(b->units[g].flags & BS_UF_RESERVED))
			names[n++] = b->units[g].def->name;
	const char *s = bs_suggest(name, names, n);
	say("no unit '%s'%s%s%s\n", name, s ? " (did you mean '" : "",
	    s ? s : "", s ? "'?)" : "");
	return -1;
}

static int find_side(const struct bs_scenario *sc, const char *t)
{
	for (int s = 0; s < sc->nsides; s++)
		if (strcasecmp(sc->sides[s].name, t) == 0)
			return s;
	char *end;
	long v = strtol(t, &end, 10);
	if (*t && !*end && v >= 0 && v < sc->nsides)
		return (int)v;
	return -1;
}

static const char *state_words(const struct bs_unit_state *u, char *buf,
			       size_t len)
{
	snprintf(
	    buf, len, "%s%s%s%s%s",
	    u->flags & BS_UF_REMOVED
		? (u->flags & BS_UF_DESTROYED ? "destroyed" : "off the table")
	    : u->flags & BS_UF_ROUTED ? "routed"
	    : u->flags & BS_UF_SHAKEN ? "shaken"
				      : "in good order",
	    u->flags & BS_UF_OUT_OF_COMMAND ? ", out of command" : "",
	    u->flags & BS_UF_DISC_FAILED ? " (failed discipline)" : "",
	    u->flags & BS_UF_PINNED ? ", pinned" : "",
	    u->flags & BS_UF_WRAPPED ? ", wrapped around" : "");
	return buf;
}

/* "5/7 at row 3, column 1" and the rest of a brigade's state. */
static void mx_state_words(const struct bs_battle *b, int g, char *buf,
			   size_t len)
{
	const struct bs_mx_state *t = bs_mx_state(b, g);
	char where[64];
	if (t->where == BS_MX_FIELD)
		snprintf(where, sizeof where, "at row %d, column %d",
			 t->row + 1, t->col + 1);
	else
		snprintf(where, sizeof where, "%s",
			 t->where == BS_MX_RESERVE ? "in the reserve"
			 : b->units[g].flags & BS_UF_DESTROYED
			     ? "destroyed"
			     : "out of the battle");
	snprintf(buf, len, "%-4s class/unit %d/%d; %s; %s", t->def->tag, t->cls,
		 t->unit, t->routed ? "routed" : "in good order", where);
}

static void look_status(struct ui *u)
{
	struct bs_ref *r = u->r;
	const struct bs_battle *b = r->b;
	if (b->rules->iface == BS_IFACE_MATRIX) {
		say("%s: round %d, %s phase; %ld inputs; state %016llx\n",
		    u->sc->name, b->round, bs_phase_name[b->phase], r->nin,
		    (unsigned long long)bs_ref_fingerprint(r));
		for (int s = 0; s < b->nsides; s++) {
			say("%s (%s):\n", u->sc->sides[s].name,
			    bs_ref_side_mode_name[r->side_mode[s]]);
			for (int g = b->side_first[s];
			     g < b->nunits && b->units[g].side == s; g++) {
				char st[160];
				mx_state_words(b, g, st, sizeof st);
				say("  %-28s %s\n", b->units[g].def->name, st);
			}
		}
		say("dice:");
		for (int k = 0; k < BS_ROLL_OTHER; k++)
			say(" %s %s", bs_roll_kind_name[k],
			    bs_ref_dice_mode_name[r->dice_mode[k]]);
		say("\n");
		if (b->result.over)
			say("the battle is over: %s\n",
			    b->result.reason ? b->result.reason : "");
		return;
	}
	say("%s: round %d, %s phase; %ld inputs; state %016llx\n", u->sc->name,
	    b->round, bs_phase_name[b->phase], r->nin,
	    (unsigned long long)bs_ref_fingerprint(r));
	for (int s = 0; s < b->nsides; s++) {
		say("%s (%s):\n", u->sc->sides[s].name,
		    bs_ref_side_mode_name[r->side_mode[s]]);
		for (int g = 0; g < b->nunits; g++) {
			const struct bs_unit_state *us = &b->units[g];
			/* RULING R-462: a detachment slot not in use is no
			 * unit of the battle yet */
			if (us->side != s || (us->flags & BS_UF_RESERVED))
				continue;
			char st[128];
			say("  %-28s %3d/%-3d figures, %d wounded; %s; at "
			    "(%.1f, %.1f) facing %.0f",
			    us->def->name, us->figures, us->original,
			    us->wounded, state_words(us, st, sizeof st),
			    us->front.x, us->front.y, us->facing);
			if (b->rules->iface == BS_IFACE_TABLETOP &&
			    !(us->flags & BS_UF_REMOVED)) {
				int first = 1;
				for (int h = 0; h < b->nunits; h++) {
					struct bs_tt_contact c;
					if (h == g || b->units[h].side == s ||
					    (b->units[h].flags &
					     BS_UF_REMOVED) ||
					    !bs_tt_unit_contact(
						b, us->side, us->idx,
						b->units[h].side,
						b->units[h].idx, &c))
						continue;
					say("%s%s",
					    first ? "; contact: " : ", ",
					    b->units[h].def->name);
					first = 0;
				}
			}
			say("\n");
		}
	}
	say("dice:");
	for (int k = 0; k < BS_ROLL_OTHER; k++)
		say(" %s %s", bs_roll_kind_name[k],
		    bs_ref_dice_mode_name[r->dice_mode[k]]);
	say("\n");
	if (b->result.over)
		say("the battle is over: %s\n",
		    b->result.reason ? b->result.reason : "");
}

static void look_roster(struct ui *u, const char *arg)
{
	const struct bs_battle *b = u->r->b;
	int g = find_unit(b, arg);
	if (g < 0)
		return;
	if (b->rules->iface == BS_IFACE_MATRIX) {
		const struct bs_mx_state *t = bs_mx_state(b, g);
		const struct bs_mx_card *c = &t->def->card;
		char st[160];
		mx_state_words(b, g, st, sizeof st);
		say("%s (%s): %s\n", t->def->name,
		    u->sc->sides[b->units[g].side].name, st);
		say("  %s%s%s, MV %d; melee %d, missile %d, charge %d, "
		    "defense %d (this round %d, %d, %d, %d [M3.2]); "
		    "class/unit at the start %d/%d; ML %d%%\n",
		    bs_mx_type_name[t->def->type],
		    t->def->aerial ? " (aerial)" : "",
		    t->def->scouts ? " (scouts)" : "", c->mv, c->melee,
		    c->missile, c->charge, c->defense, t->melee, t->missile,
		    t->charge, t->defense, c->cls, c->unit, t->ml);
		if (t->def->fig.magic)
			say("  spells left: %d [M3.4a]\n", t->magic_left);
		return;
	}
	const struct bs_unit_state *us = &b->units[g];
	const struct bs_unit_rated *rt = &us->r;
	char st[128], dm[64];
	say("%s (%s): %d of %d figures, %d wounded; %s\n", us->def->name,
	    u->sc->sides[us->side].name, us->figures, us->original, us->wounded,
	    state_words(us, st, sizeof st));
	say("  ratio 1:%d, HD %d.%d per figure, AR %d, AC %d, MV %d\", ML %d, "
	    "DL %d, damage %s\n",
	    rt->ratio, rt->hd_fig / 10, rt->hd_fig % 10, rt->base_ar, rt->ac,
	    rt->mv, rt->ml, rt->dl, bs_dice_format(&rt->dmg_sm, dm, sizeof dm));
	say("  %s formation, %d files; front centre (%.1f, %.1f), facing "
	    "%.0f\n",
	    bs_formation_name[us->formation], us->files, us->front.x,
	    us->front.y, us->facing);
}

/* "UNIT vs ENEMY [charging]" or "UNIT, ENEMY [charging]": the two units
 * (global indexes) and whether the [7.14] charge is to be counted; -1
 * after saying what is wrong. */
static int odds_units(struct ui *u, const char *arg, int *g, int *h,
		      int *charging)
{
	const struct bs_battle *b = u->r->b;
	char a[256], t[256];
	const char *sep = strstr(arg, " vs ");
	size_t skip = 4;
	if (!sep) {
		sep = strchr(arg, ',');
		skip = 1;
	}
	if (!sep) {
		say("odds: give the attacker and the defender: odds UNIT vs "
		    "ENEMY [charging]\n");
		return -1;
	}
	snprintf(a, sizeof a, "%.*s", (int)(sep - arg), arg);
	snprintf(t, sizeof t, "%s", sep + skip);
	while (t[0] == ' ')
		memmove(t, t + 1, strlen(t));
	size_t n = strlen(t);
	*charging = 0;
	if (n > 9 && strcasecmp(t + n - 9, " charging") == 0) {
		*charging = 1;
		t[n - 9] = '\0';
	}
	*g = find_unit(b, a);
	*h = *g >= 0 ? find_unit(b, t) : -1;
	if (*g < 0 || *h < 0)
		return -1;
	if (b->units[*g].side == b->units[*h].side) {
		say("odds: %s and %s are on the same side\n", a, t);
		return -1;
	}
	return 0;
}

/* The 2E melee attack now (bs2e_attack_now), its exact distribution. */
static void look_odds_bs2e(const struct bs_battle *b, int g, int h,
			   int charging)
{
	struct bs2e_attack_now an;
	if (bs2e_attack_now(b, g, h, charging, &an) != 0)
		return;
	char a[96], t[96], buf[512];
	bs_battle_unit_name(b, g, a, sizeof a);
	bs_battle_unit_name(b, h, t, sizeof t);
	say("%s attacking %s now: %s, %s attack (the melee step's numbers, "
	    "RULING R-207):\n",
	    a, t,
	    an.in_contact ? "in contact"
			  : "not in contact (as if it touched this enemy "
			    "alone now)",
	    bs_arc_name[an.arc]);
	say("  %d figures %s: %d attack dice%s [2E Attack Dice]\n", an.figures,
	    an.in_contact ? "(its share against this enemy)"
			  : "(all its figures, against this enemy alone)",
	    an.ndice, an.charge ? " (charge x1 1/2, RULING R-211)" : "");
	say("  the defender's %s [2E Armor Rating]\n",
	    bs_deriv_format(&an.ar, "AR", buf, sizeof buf));
	say("  the defender: %d figures of %d Hits, %d carried [2E Hits]\n",
	    an.target_figures, an.per_figure, an.carried);
	if (an.cannot) {
		say("  it cannot attack it now: %s %s\n", an.cannot, an.cite);
		return;
	}
	cli_attack_bs2e_odds_print(an.ad, an.ndice, an.table, an.ar.value,
				   an.equal_or_higher, an.per_figure,
				   an.target_figures, an.carried);
	fflush(stdout);
}

/* odds BRIGADE vs ENEMY [missile|charge|melee|magic] (RULING R-434): the
 * matrix attack as the attack step would make it now, and its exact
 * distribution over the 100 outcomes of 2d10 on Table 1 (magic: its
 * points, no roll). Default mode: melee at the same location, else
 * missile. */
static void look_odds_matrix(struct ui *u, const char *arg)
{
	const struct bs_battle *b = u->r->b;
	char t[512];
	snprintf(t, sizeof t, "%s", arg);
	size_t n = strlen(t);
	while (n > 0 && t[n - 1] == ' ')
		t[--n] = '\0';
	int mode = -1;
	static const char *const words[BS_MX_MODE__COUNT] = {
	    [BS_MX_MAGIC] = "magic",
	    [BS_MX_MISSILE] = "missile",
	    [BS_MX_CHARGE] = "charge",
	    [BS_MX_MELEE] = "melee",
	};
	for (int m = 0; m < BS_MX_MODE__COUNT; m++) {
		size_t w = strlen(words[m]);
		if (n > w + 1 && t[n - w - 1] == ' ' &&
		    strcasecmp(t + n - w, words[m]) == 0) {
			mode = m;
			t[n - w - 1] = '\0';
			break;
		}
	}
	int g, h, charging;
	if (odds_units(u, t, &g, &h, &charging) != 0)
		return;
	if (charging)
		mode = BS_MX_CHARGE;
	const struct bs_mx_state *a = bs_mx_state(b, g), *d = bs_mx_state(b, h);
	if (mode < 0)
		mode = a->where == BS_MX_FIELD && d->where == BS_MX_FIELD &&
			       a->row == d->row && a->col == d->col
			   ? BS_MX_MELEE
			   : BS_MX_MISSILE;
	struct bs_mx_attack_now an;
	if (bs_mx_attack_now(b, g, h, (enum bs_mx_mode)mode, &an) != 0)
		return;
	static const char *const cite[BS_MX_MODE__COUNT] = {
	    [BS_MX_MAGIC] = "[M3.4a]",
	    [BS_MX_MISSILE] = "[M3.4b]",
	    [BS_MX_CHARGE] = "[M3.4c]",
	    [BS_MX_MELEE] = "[M3.4d]",
	};
	say("%s (%s) attacking %s (%s) now: %s%s %s (the attack step's "
	    "numbers, RULING R-434):\n",
	    a->def->name, a->def->tag, d->def->name, d->def->tag,
	    bs_mx_mode_name[mode], an.scouts ? ", the scouts' attack" : "",
	    an.scouts ? "[M3.5]" : cite[mode]);
	if (an.cannot) {
		say("  it cannot make that attack now: %s %s\n", an.cannot,
		    an.cite);
		return;
	}
	say("  classes %d of %d (the full class) count%s [M2.4] RULING "
	    "R-250\n",
	    an.classes, an.full_class,
	    an.aerial ? " (an aerial brigade: all at this one, R-251)" : "");
	if (an.magic) {
		char sp[64];
		say("  magic: no roll: the spell's average (%s) / 10 x class "
		    "%d = %d damage points [M3.4a] RULING R-258\n",
		    bs_dice_format(&an.spell, sp, sizeof sp), an.classes,
		    an.points);
		return;
	}
	char buf[512];
	say("  %s\n", bs_deriv_format(&an.deriv, "rating", buf, sizeof buf));
	say("  the defender's defense %d: difference %+d; 2d10 on Table 1, "
	    "adjusted by the difference and the classes short of the full "
	    "class [M3.4] RULING R-250\n",
	    an.defense, an.diff);
	say("  damage points  chance   at least\n");
	int at_least = 100;
	for (int p = 0; p <= an.max_points; p++) {
		if (an.ways[p])
			say("  %12d  %5.1f%%  %6.1f%%\n", p, (double)an.ways[p],
			    (double)at_least);
		at_least -= an.ways[p];
	}
	say("  expected %d.%02d damage points\n", an.expected100 / 100,
	    an.expected100 % 100);
	fflush(stdout);
}

/* odds UNIT vs ENEMY: the exact odds of that attack in the position now,
 * with the numbers the Melee Phase would use, printed as `battlesim
 * attack --odds` prints them ([8.1]-[8.4]; 2E: attack_bs2e.c). */
static void look_odds(struct ui *u, const char *arg)
{
	const struct bs_battle *b = u->r->b;
	if (b->sc->rules == BS_RULES_MATRIX) {
		look_odds_matrix(u, arg);
		return;
	}
	int g, h, charging;
	if (odds_units(u, arg, &g, &h, &charging) != 0)
		return;
	if (b->sc->rules == BS_RULES_BS2E) {
		look_odds_bs2e(b, g, h, charging);
		return;
	}
	struct bs1e_attack_now an;
	if (bs1e_attack_now(b, g, h, charging, &an) != 0)
		return;
	char an_[96], tn[96], buf[512], dm[64], hd[16];
	bs_battle_unit_name(b, g, an_, sizeof an_);
	bs_battle_unit_name(b, h, tn, sizeof tn);
	say("%s attacking %s now: %s, %s attack%s (the Melee Phase's "
	    "numbers):\n",
	    an_, tn,
	    an.in_contact ? "in contact"
			  : "not in contact (as if its front rank made "
			    "contact now)",
	    bs_arc_name[an.arc], an.charged ? ", charging [7.14]" : "");
	say("  figures: %d %s [8.1]\n", an.figures,
	    an.in_contact ? "eligible to fight it" : "in its front rank");
	say("  %s\n", bs_deriv_format(&an.ar, "AR", buf, sizeof buf));
	say("  AC %d; damage %s against a size %s figure [8.4 C]\n", an.spec.ac,
	    bs_dice_format(&an.spec.damage, dm, sizeof dm),
	    b->units[h].r.size == BS_SIZE_L ? "L" : "S or M");
	say("  the defender: %d figures of %s HD, %d wounded [8.7]\n",
	    an.target_figures, bs_tenths_text(an.target_hd, hd, sizeof hd),
	    an.target_wounded);
	if (an.cannot) {
		say("  it cannot attack it now: %s %s\n", an.cannot, an.cite);
		return;
	}
	cli_attack_odds_print(&an.spec, an.target_hd, an.target_figures,
			      an.target_wounded);
	fflush(stdout);
}

static void look_log(struct ui *u, const char *arg)
{
	long n = 20;
	if (strcasecmp(arg, "all") == 0)
		n = u->nlines;
	else if (*arg)
		n = strtol(arg, NULL, 10);
	if (n < 0)
		n = 0;
	if (n > u->nlines)
		n = u->nlines;
	for (long i = u->nlines - n; i < u->nlines; i++)
		say("%s\n", u->lines[i]);
}

static void look_map(struct ui *u, const char *arg)
{
	char path[PATH_MAX];
	if (*arg)
		snprintf(path, sizeof path, "%s", arg);
	else
		snprintf(path, sizeof path, "%s.html", u->journal_path);
	/* RULING R-355: never over the scenario, the journal or the log;
	 * renamed into place when complete */
	const char *const opt[3] = {"the scenario", "the journal", "--out"};
	const char *const other[3] = {u->sc->file, u->journal_path,
				      u->out_path};
	for (int i = 0; i < 3; i++)
		if (other[i] && cli_same_file(path, other[i])) {
			say("map: %s is %s: not written\n", path, opt[i]);
			return;
		}
	struct cli_out o;
	if (cli_out_open(&o, path) != 0)
		return;
	int bad = bs_html_write(&u->html, o.f) != 0;
	if (cli_out_close(&o, bad) != 0)
		say("map: %s: not written\n", path);
	else
		say("map: the battle so far is in %s (open it in a browser)\n",
		    path);
}

static void look_chances(struct ui *u, const char *arg)
{
	char *end;
	long n = strtol(arg, &end, 10);
	if (!*arg || *end || n < 1 || n > 1000000) {
		say("chances: give the number of continuations (1 to "
		    "1000000), like: chances 2000\n");
		return;
	}
	struct bs_sim_result *res = NULL;
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st =
	    bs_ref_chances(u->r, n, u->threads, u->r->seed, &res, &d);
	if (st != BS_OK) {
		cli_print_diags(&d);
		bs_diags_release(&d);
		return;
	}
	bs_diags_release(&d);
	say("chances from here (%ld continuations, seed %llu, the AI on the "
	    "human sides):\n",
	    res->runs, (unsigned long long)u->r->seed);
	for (int s = 0; s < res->nsides; s++) {
		double lo, hi;
		bs_wilson(res->side[s].wins, res->runs, 1.96, &lo, &hi);
		say("  %-24s wins %6ld  %5.1f%%  (95%%: %.1f%% - %.1f%%)\n",
		    u->sc->sides[s].name, res->side[s].wins,
		    100.0 * (double)res->side[s].wins / (double)res->runs,
		    100 * lo, 100 * hi);
	}
	double lo, hi;
	bs_wilson(res->draws, res->runs, 1.96, &lo, &hi);
	say("  %-24s      %6ld  %5.1f%%  (95%%: %.1f%% - %.1f%%)\n", "draws",
	    res->draws, 100.0 * (double)res->draws / (double)res->runs,
	    100 * lo, 100 * hi);
	/* issue 11: the odds with their caveats */
	if (u->sc->warnings.count)
		say("  not simulated: the scenario's %zu warning%s (battlesim "
		    "check lists them)\n",
		    u->sc->warnings.count,
		    u->sc->warnings.count == 1 ? "" : "s");
	bs_sim_result_free(res);
}

static void order_text(const struct bs_battle *b, const struct bs_order *o,
		       char *buf, size_t len)
{
	size_t k = (size_t)snprintf(buf, len, "%s", bs_order_name[o->kind]);
	if (o->tside >= 0 && k < len) {
		char t[96];
		bs_battle_unit_name(b, b->side_first[o->tside] + o->tunit, t,
				    sizeof t);
		k += (size_t)snprintf(buf + k, len - k, ", target: %s", t);
	}
	for (int i = 0; i < o->nsteps && k < len; i++) {
		const struct bs_step *s = &o->step[i];
		k += (size_t)snprintf(buf + k, len - k, "%s",
				      i ? ", " : ", steps: [");
		switch (s->kind) {
		case BS_STEP_ADVANCE:
			k += (size_t)snprintf(buf + k, len - k,
					      "{advance: %.2f, angle: %.1f}",
					      s->dist, s->angle);
			break;
		case BS_STEP_WHEEL:
			k += (size_t)snprintf(buf + k, len - k, "{wheel: %.1f}",
					      s->angle);
			break;
		case BS_STEP_FACE:
			k += (size_t)snprintf(buf + k, len - k, "{face: %s}",
					      s->angle > 100 ? "about"
					      : s->angle > 0 ? "right"
							     : "left");
			break;
		case BS_STEP_FRONTAGE:
			k += (size_t)snprintf(buf + k, len - k,
					      "{frontage: %d}", s->files);
			break;
		default:
			k += (size_t)snprintf(buf + k, len - k,
					      "{formation: %s}",
					      bs_formation_name[s->formation]);
		}
		if (i == o->nsteps - 1 && k < len)
			k += (size_t)snprintf(buf + k, len - k, "]");
	}
}

/* suggest at a matrix question or the [7.0] sequence: the AI's answer in
 * the grammar the prompt takes. */
static void suggest_other(struct ui *u, const struct bs_ref_prompt *p)
{
	struct bs_ref *r = u->r;
	const struct bs_battle *b = r->b;
	const struct bs_human_q *q = p->q;
	if (q->kind == BS_HUMAN_MELEE) {
		const struct bs_controller *c =
		    bs_ai_find(r->ai, u->sc->rules, "doctrine", NULL);
		int order[BS_TT_MAX_MELEES];
		int n = c && c->melee_order && q->nmelees <= BS_TT_MAX_MELEES
			    ? c->melee_order(c->ctx, b, q->side, q->melees,
					     q->nmelees, order)
			    : 0;
		if (!n)
			bs_tt_melee_order(q->melees, q->nmelees, NULL, order);
		char t[4096];
		size_t k = 0;
		t[0] = '\0';
		bs_ref_melees_text(b, q->melees, order, q->nmelees,
				   BS_TT_MAX_MELEES, t, sizeof t, &k);
		say("the AI (docs/AI.md) would resolve them in this order:%s\n",
		    t);
		return;
	}
	if (q->kind == BS_HUMAN_SEQUENCE) {
		const struct bs_controller *c =
		    bs_ai_find(r->ai, u->sc->rules, "doctrine", NULL);
		int seq[BS_MAX_UNITS];
		int n = c && c->move_sequence
			    ? c->move_sequence(c->ctx, b, q->side, seq,
					       BS_MAX_UNITS)
			    : 0;
		say("the AI (docs/AI.md) would move them in this order:");
		for (int i = 0; i < n; i++)
			say("%s %s", i ? "," : "",
			    u->sc->sides[q->side].units[seq[i]].name);
		say("%s\n", n ? "" : " in order");
		return;
	}
	const struct bs_mx_controller *c =
	    bs_ai_find(r->ai, BS_RULES_MATRIX, "doctrine", NULL);
	if (q->kind == BS_HUMAN_MX_ORDER) {
		/* RULING R-438: the AI's order (the army's) */
		struct bs_human_answer a;
		memset(&a, 0, sizeof a);
		bs_ref_mx_ai_order(r, c, q, &a);
		say("the AI (docs/AI.md, RULING R-438) would move them in this "
		    "order:");
		for (int i = 0; i < a.nseq; i++)
			say("%s %s", i ? "," : "",
			    u->sc->sides[q->side].units[a.seq[i]].name);
		say("%s\n", a.nseq ? "" : " in order");
		return;
	}
	int g = b->side_first[q->side] + q->unit;
	const struct bs_mx_state *t = bs_mx_state(b, g);
	if (q->kind == BS_HUMAN_MX_MOVE) {
		struct bs_mx_move m;
		memset(&m, 0, sizeof m);
		m.enter_col = -1;
		c->move(c->ctx, b, g, &m);
		char mt[256];
		bs_scenario_mx_move_text(q->side, &m, mt, sizeof mt);
		say("the AI (docs/MATRIX.md) would answer: %s\n", mt);
		struct bs_mx_move_check ck;
		if (bs_mx_check_move(b, g, &m, &ck) && ck.where == BS_MX_FIELD)
			say("  it ends at row %d, column %d (%d of MV %d)%s\n",
			    ck.row + 1, ck.col + 1, ck.used, ck.mv,
			    ck.stopped ? ", stopped by an enemy stack" : "");
		return;
	}
	if (q->kind == BS_HUMAN_MX_AERIAL) {
		/* RULING R-436: the AI's split, and what it expects */
		int split[BS_MX_MAX_BRIGADES];
		bs_ref_mx_ai_split(r, c, q, split);
		char st[1024];
		bs_ref_mx_split_text(r, q, split, st, sizeof st);
		say("the AI (docs/AI.md, RULING R-436) would answer: %s\n", st);
		return;
	}
	int loc[BS_MAX_SIDES * BS_MX_MAX_BRIGADES], tg = -1;
	for (int h = 0; h < b->nunits; h++)
		loc[h] = -1;
	if (q->kind == BS_HUMAN_MX_ATTACK)
		c->declare(c->ctx, b, q->side, t->row, t->col, loc);
	else if (q->kind == BS_HUMAN_MX_ENGAGE)
		c->defend(c->ctx, b, q->side, t->row, t->col, loc);
	tg = q->kind == BS_HUMAN_MX_TARGET
		 ? c->target(c->ctx, b, g, (enum bs_mx_mode)q->mode)
		 : loc[g];
	say("the AI (docs/MATRIX.md) would answer: %s\n",
	    tg >= 0			    ? b->units[tg].def->name
	    : q->kind == BS_HUMAN_MX_ATTACK ? "hold"
					    : "none");
}

/* suggest at a fire question (RULING R-431): the AI's volley, with its
 * numbers and reason */
static void suggest_fire(struct ui *u, const struct bs_ref_prompt *p)
{
	struct bs_ref *r = u->r;
	const struct bs_controller *c =
	    bs_ai_find(r->ai, u->sc->rules, "doctrine", NULL);
	struct bs_human_answer a;
	memset(&a, 0, sizeof a);
	if (c)
		bs_ref_ai_volley(r, c, p->q, &a);
	else
		a.done = 1;
	char t[1024];
	bs_ref_volley_text(r, p->q, &a, t, sizeof t);
	say("the AI (docs/AI.md) would answer: %s\n", t);
	if (!a.done && a.fire.why)
		say("  why: %s\n", a.fire.why);
	else if (!a.done && a.shot.why)
		say("  why: %s\n", a.shot.why);
}

static void look_suggest(struct ui *u, const struct bs_ref_prompt *p)
{
	struct bs_ref *r = u->r;
	const struct bs_battle *b = r->b;
	if (p->wait == BS_WAIT_ASK && p->q->kind == BS_HUMAN_ROLES) {
		/* RULING R-435: the AI's change of role */
		const struct bs_controller *c =
		    bs_ai_find(r->ai, u->sc->rules, "doctrine", NULL);
		struct bs_human_answer a;
		memset(&a, 0, sizeof a);
		a.done = 1;
		if (c)
			bs_ref_ai_role(r, c, p->q, &a);
		char t[512] = "done";
		if (!a.done)
			bs_ref_role_text(r, p->q->side, &a.role, t, sizeof t);
		say("the AI (docs/AI.md) would answer: %s\n", t);
		if (!a.done && a.role.why[0])
			say("  why: %s\n", a.role.why);
		return;
	}
	if (p->wait == BS_WAIT_ASK && (p->q->kind == BS_HUMAN_FIRE ||
				       p->q->kind == BS_HUMAN_PASS_THROUGH)) {
		suggest_fire(u, p);
		return;
	}
	if (p->wait == BS_WAIT_ASK &&
	    (p->q->kind == BS_HUMAN_CAST || p->q->kind == BS_HUMAN_TURN)) {
		/* RULINGS: the AI's cast or turning attempt */
		const struct bs_controller *c =
		    bs_ai_find(r->ai, u->sc->rules, "doctrine", NULL);
		struct bs_human_answer a;
		memset(&a, 0, sizeof a);
		a.done = 1;
		if (c)
			bs_ref_ai_magic(r, c, p->q, &a);
		char t[512];
		bs_ref_magic_text(r, p->q, &a, t, sizeof t);
		say("the AI (docs/AI.md) would answer: %s\n", t);
		const char *why =
		    p->q->kind == BS_HUMAN_CAST ? a.cast.why : a.turn.why;
		if (!a.done && why)
			say("  why: %s\n", why);
		return;
	}
	if (p->wait == BS_WAIT_ASK &&
	    (p->q->kind == BS_HUMAN_SEQUENCE || p->q->kind == BS_HUMAN_MELEE ||
	     p->q->kind >= BS_HUMAN_MX_MOVE)) {
		suggest_other(u, p);
		return;
	}
	if (p->wait != BS_WAIT_ASK || p->q->kind != BS_HUMAN_MOVE) {
		say("suggest: at a unit's order prompt (or a brigade's "
		    "question, or the order units move in), the AI's answer "
		    "for it\n");
		return;
	}
	const struct bs_controller *c =
	    bs_ai_find(r->ai, u->sc->rules, "doctrine", NULL);
	struct bs_order o;
	memset(&o, 0, sizeof o);
	o.kind = BS_ORDER_HOLD;
	o.tside = o.tunit = -1;
	if (c && c->move)
		c->move(c->ctx, b, p->q->side, p->q->unit, &o);
	char t[1024];
	order_text(b, &o, t, sizeof t);
	say("the AI (docs/AI.md) would order: %s\n", t);
	if (o.kind == BS_ORDER_HOLD)
		return;
	struct bs_tt_outcome out;
	int legal =
	    u->sc->rules == BS_RULES_BS2E
		? bs2e_check_order(b, p->q->side, p->q->unit, &o, &out)
		: bs_tt_check_order(b, p->q->side, p->q->unit, &o, &out);
	if (!legal) {
		say("  (the rules would refuse it: %s %s)\n", out.why,
		    out.cite);
		return;
	}
	say("  it ends at (%.1f, %.1f) facing %.0f, %.1f\" of %.1f\" MV",
	    out.pose.front.x, out.pose.front.y, out.pose.facing, out.spent,
	    out.allowed);
	if (out.contact && out.contact_side >= 0) {
		char e[96];
		bs_battle_unit_name(
		    b, b->side_first[out.contact_side] + out.contact_unit, e,
		    sizeof e);
		say(", in contact with %s", e);
		if (u->sc->rules == BS_RULES_BS1E) {
			struct bs_ai_fight f;
			bs_ai_fight_eval(&r->ai->doctrine, b, p->q->side,
					 p->q->unit, out.contact_side,
					 out.contact_unit, BS_ARC_FRONT,
					 o.kind == BS_ORDER_CHARGE, &f);
			say(": expected %.0f%% of its hit dice dealt, %.0f%% "
			    "taken [8.4]",
			    100 * f.dealt_frac, 100 * f.taken_frac);
		}
	}
	say("\n");
}

static const char help_text[] =
    "At the round prompt: go (play the round). At a dice prompt: the dice\n"
    "rolled (3 4) or, when only the sum counts, the total (7); a d10 may be\n"
    "entered 0 for 10, a d100 00 for 100. At an order prompt: the order, as\n"
    "an entry of a scenario's orders: without round and unit: hold | move,\n"
    "steps: [{advance: 6}, {wheel: 30}] | charge, target: ENEMY |\n"
    "forced_march, steps: [...] | withdraw | flee | wrap, steps: [...];\n"
    "rally prompts: rally: UNIT, by: COMMANDER | mob: UNIT, by: COMMANDER,\n"
    "order: forward | done; the order units move in [7.0]: in order, or\n"
    "the units that move first (names or numbers: 4, 1); Side A's melee\n"
    "order [1.6 B]: in order, or the units whose combats go first; a volley\n"
    "[1.2] [1.5] [10.6]: fire: UNIT, target: ENEMY [, after: INCHES] [, ammo:\n"
    "SPECIAL] (a fire entry of orders: without round, phase and mover) | done\n"
    "| none; a hero's shot [9.4] [10.0]: fire: HERO, target: ENEMY (a unit\n"
    "or an individual) | done; split-fire [10.5] is a step of a move:\n"
    "{fire: ENEMY}; a change\n"
    "of role [9.0]: individual: NAME, role: hero | member, of: UNIT |\n"
    "commander, of: UNIT | individual: NAME, take_over: COMMANDER | done;\n"
    "a spell [1.5 A] [14.1]: individual: CASTER, cast: SPELL, target: ENEMY\n"
    "[, at: [X, Y]] | done; turning undead [14.19]: turn: UNDEAD, by:\n"
    "CLERIC | done; a hero's pass-through shot [10.6]: fire: HERO, target:\n"
    "ENEMY [, after: INCHES] | none.\n"
    "The matrix (docs/MATRIX.md, scripted orders): a move: stay | forward, "
    "east (steps\n"
    "forward, back, north, south, east, west) | enter: 2 [, move: [...]];\n"
    "attack: ENEMY | hold; engage: ATTACKER | none; target: ENEMY | none;\n"
    "an aerial brigade's split of its classes [M4.2]: ENEMY: CLASSES, ...\n"
    "| none (all at its target); the order of an army's moves [M3.2]: in\n"
    "order, or the brigades that move first, by name, separated by commas.\n"
    "Other questions say their answers.\n"
    "Anywhere:\n"
    "  status                 units, figures, morale state, command, contacts\n"
    "  roster UNIT            a unit's rated numbers and state\n"
    "  odds UNIT vs ENEMY [charging]  the exact odds of that attack now [8.4]\n"
    "    (the matrix: odds BRIGADE vs ENEMY [missile|charge|melee|magic])\n"
    "  map [FILE]             write the battle map of the game so far\n"
    "  log [N|all]            the last N events (20)\n"
    "  chances N              N continuations, the AI on the human sides\n"
    "  suggest                the AI's answer to the question asked\n"
    "  dice KIND|all program|ask   who rolls that kind of roll\n"
    "  side SIDE human|ai|hold|scripted\n"
    "  override die DICE -- TEXT          the last dice entered\n"
    "  override figures UNIT N [W] -- TEXT figures (W of them wounded)\n"
    "  override routed|rallied UNIT -- TEXT\n"
    "  override command UNIT in|out -- TEXT\n"
    "  override position UNIT X Y FACING -- TEXT\n"
    "  the matrix: override strength BRIGADE CLASS UNIT, override\n"
    "    routed|rallied BRIGADE, override position BRIGADE ROW COLUMN|reserve\n"
    "  undo | undo phase | undo round\n"
    "  quit                   stop (the journal keeps the session)\n";

/* ---- settings and overrides ---------------------------------------------
 */

static int parse_dice_setting(const char *t, struct bs_ref_input *in)
{
	char kind[64], mode[64];
	if (sscanf(t, "%63s %63s", kind, mode) != 2) {
		/* the kinds from the one table (src/core/dice.c) */
		say("dice: dice KIND program|ask (KIND: all");
		for (int i = 0; i < BS_ROLL_OTHER; i++)
			say(", %s", bs_roll_kind_name[i]);
		say(")\n");
		return -1;
	}
	int k = -2, m = -1;
	if (strcasecmp(kind, "all") == 0)
		k = -1;
	for (int i = 0; i < BS_ROLL_OTHER; i++)
		if (strcasecmp(kind, bs_roll_kind_name[i]) == 0)
			k = i;
	for (int i = 0; i < BS_REF_DICE__COUNT; i++)
		if (strcasecmp(mode, bs_ref_dice_mode_name[i]) == 0)
			m = i;
	if (k == -2 || m < 0) {
		say("dice: no kind '%s' or mode '%s' (kinds: all, "
		    "initiative, attack, armor, morale, discipline, rally, "
		    "fate; modes: program, ask)\n",
		    kind, mode);
		return -1;
	}
	in->type = BS_IN_DICE;
	in->kind = k;
	in->mode = m;
	return 0;
}

static int parse_side_setting(struct ui *u, const char *t,
			      struct bs_ref_input *in)
{
	const char *sp = strrchr(t, ' ');
	if (!sp) {
		say("side: side SIDE human|ai|hold|scripted\n");
		return -1;
	}
	char name[256];
	snprintf(name, sizeof name, "%.*s", (int)(sp - t), t);
	int s = find_side(u->sc, name), m = -1;
	for (int i = 0; i < BS_REF_SIDE__COUNT; i++)
		if (strcasecmp(sp + 1, bs_ref_side_mode_name[i]) == 0)
			m = i;
	char why[200];
	if (s < 0 || m < 0) {
		say("side: no side '%s' or mode '%s'\n", name, sp + 1);
		return -1;
	}
	if (bs_ref_mode_ok(u->r, s, m, why, sizeof why) != 0) {
		say("side: %s\n", why);
		return -1;
	}
	in->type = BS_IN_SIDE;
	in->side = s;
	in->mode = m;
	return 0;
}

/* RULING R-432: the matrix's override strength, routed, rallied,
 * position (of brigade g; v its arguments). */
static int parse_mx_override(struct ui *u, const char *what, int g,
			     const char *v, struct bs_ref_input *in)
{
	const struct bs_battle *b = u->r->b;
	const struct bs_mx_state *t = bs_mx_state(b, g);
	const struct bs_matrix_field *f = bs_mx_field(b);
	if (t->where == BS_MX_OUT) {
		say("override %s: %s has left the battle\n", what,
		    t->def->name);
		return -1;
	}
	if (strcasecmp(what, "strength") == 0) {
		int c = -1, n = -1;
		char extra;
		if (sscanf(v, "%d %d %c", &c, &n, &extra) != 2 || c < 1 ||
		    c > f->full_class || n < 1 || n > t->def->card.unit_max) {
			say("override strength: CLASS UNIT, the class 1 to %d "
			    "and the unit number 1 to %d [M2.4] [M2.5]\n",
			    f->full_class, t->def->card.unit_max);
			return -1;
		}
		in->what = BS_OVR_STRENGTH;
		in->v[0] = c;
		in->v[1] = n;
	} else if (strcasecmp(what, "routed") == 0) {
		in->what = BS_OVR_ROUTED;
	} else if (strcasecmp(what, "rallied") == 0) {
		in->what = BS_OVR_RALLIED;
	} else if (strcasecmp(what, "position") == 0) {
		int row = -1, col = -1;
		char extra, word[16] = "";
		if (sscanf(v, " %15s %c", word, &extra) != 1 ||
		    strcasecmp(word, "reserve") != 0)
			word[0] = '\0';
		if (!word[0] &&
		    (sscanf(v, "%d %d %c", &row, &col, &extra) != 2 ||
		     row < 1 || row > f->rows || col < 1 ||
		     col > bs_mx_cols(b))) {
			say("override position: ROW COLUMN (1-%d, 1-%d), or "
			    "reserve\n",
			    f->rows, bs_mx_cols(b));
			return -1;
		}
		in->what = BS_OVR_POSITION;
		in->v[0] = row - 1;
		in->v[1] = col - 1;
		if (row < 0)
			in->v[0] = in->v[1] = -1;
	} else {
		say("override: what? the matrix takes die, strength, routed, "
		    "rallied, position\n");
		return -1;
	}
	return 0;
}

/* override WHAT ARGS -- TEXT */
static int parse_override(struct ui *u, const char *t,
			  const struct bs_ref_prompt *p,
			  struct bs_ref_input *in)
{
	struct bs_ref *r = u->r;
	const struct bs_battle *b = r->b;
	char args[1024];
	const char *dash = strstr(t, "--");
	if (!dash) {
		say("override: give the reason after --, like: override "
		    "routed Keep archers -- the dragon's fear\n");
		return -1;
	}
	snprintf(args, sizeof args, "%.*s", (int)(dash - t), t);
	const char *note = dash + 2;
	while (*note == ' ')
		note++;
	if (!*note) {
		say("override: the reason after -- is empty\n");
		return -1;
	}
	in->type = BS_IN_OVERRIDE;
	in->note = bs_ref_strdup(r, note);
	char what[32];
	int off = 0;
	if (sscanf(args, "%31s %n", what, &off) < 1) {
		say("override: what? (die, figures, routed, rallied, command, "
		    "position)\n");
		return -1;
	}
	const char *rest = args + off;
	if (strcasecmp(what, "die") == 0 || strcasecmp(what, "dice") == 0) {
		long j = r->nin - 1;
		while (j >= 0 && r->in[j].type != BS_IN_DIE)
			j--;
		if (j < 0) {
			say("override die: no dice have been entered yet\n");
			return -1;
		}
		/* the request of those dice: their count and sides are in
		 * the record (the same dice again) */
		static int dice[BS_REF_MAX_DICE];
		int n = 0;
		for (const char *q = rest; *q;) {
			char *e;
			long v = strtol(q, &e, 10);
			if (e == q)
				break;
			if (n < BS_REF_MAX_DICE)
				dice[n++] = (int)v;
			q = e;
		}
		if (n != r->in[j].ndice) {
			say("override die: the last roll entered was %d dice; "
			    "give %d\n",
			    r->in[j].ndice, r->in[j].ndice);
			return -1;
		}
		for (int i = 0; i < n; i++)
			if (dice[i] < 1 || dice[i] > 100) {
				say("override die: %d is not a die\n", dice[i]);
				return -1;
			}
		in->what = BS_OVR_DIE;
		in->dice = dice;
		in->ndice = n;
		(void)p;
		return 0;
	}
	/* the unit: the longest prefix of rest that names one */
	int g = -1;
	size_t used = 0;
	for (int h = 0; h < b->nunits; h++) {
		size_t k = strlen(b->units[h].def->name);
		if (strncasecmp(rest, b->units[h].def->name, k) == 0 &&
		    (rest[k] == ' ' || rest[k] == '\0') && k > used) {
			g = h;
			used = k;
		}
	}
	if (g < 0) {
		say("override %s: name the unit first\n", what);
		return -1;
	}
	const char *v = rest + used;
	in->g = g;
	const struct bs_unit_state *us = &b->units[g];
	if (b->rules->iface == BS_IFACE_MATRIX)
		return parse_mx_override(u, what, g, v, in);
	if (strcasecmp(what, "figures") == 0) {
		int n = -1, w = 0;
		int k = sscanf(v, "%d %d", &n, &w);
		if (k < 1 || n < 1 || n > us->original || w < 0 || w > n) {
			say("override figures: 1 to %d figures, and 0 to that "
			    "many wounded\n",
			    us->original);
			return -1;
		}
		in->what = BS_OVR_FIGURES;
		in->v[0] = n;
		in->v[1] = w;
	} else if (strcasecmp(what, "routed") == 0) {
		in->what = BS_OVR_ROUTED;
	} else if (strcasecmp(what, "rallied") == 0) {
		in->what = BS_OVR_RALLIED;
	} else if (strcasecmp(what, "command") == 0) {
		char io[8] = "";
		sscanf(v, "%7s", io);
		if (strcasecmp(io, "in") && strcasecmp(io, "out")) {
			say("override command: in or out\n");
			return -1;
		}
		in->what = BS_OVR_COMMAND;
		in->v[0] = strcasecmp(io, "in") == 0;
	} else if (strcasecmp(what, "position") == 0) {
		double x, y, f;
		if (sscanf(v, "%lf %lf %lf", &x, &y, &f) != 3 || x < 0 ||
		    y < 0 || x > u->sc->width || y > u->sc->depth || f < 0 ||
		    f >= 360) {
			say("override position: X Y FACING on the table (0-%g, "
			    "0-%g; facing 0 to less than 360)\n",
			    u->sc->width, u->sc->depth);
			return -1;
		}
		in->what = BS_OVR_POSITION;
		in->x[0] = x;
		in->x[1] = y;
		in->x[2] = f;
	} else {
		say("override: what? (die, figures, routed, rallied, command, "
		    "position)\n");
		return -1;
	}
	return 0;
}

/* ---- the prompt -------------------------------------------------------------
 */

static void show_question(struct ui *u, const struct bs_ref_prompt *p)
{
	struct bs_ref *r = u->r;
	char t[4096];
	switch (p->wait) {
	case BS_WAIT_ROUND:
		if (r->b->result.over)
			ask_line(
			    "The battle is over (%s). Look, undo, or quit.",
			    r->b->result.reason ? r->b->result.reason : "");
		else
			ask_line("Round %d: go to play it (help: the commands)",
				 p->round);
		snprintf(u->prompt_text, sizeof u->prompt_text, "round %d> ",
			 p->round);
		break;
	case BS_WAIT_DIE:
		ask_line("Roll %s",
			 bs_battle_roll_text(r->b, p->req, t, sizeof t));
		snprintf(u->prompt_text, sizeof u->prompt_text, "dice> ");
		break;
	default:
		ask_line("%s", bs_ref_question_text(r, p->q, t, sizeof t));
		snprintf(u->prompt_text, sizeof u->prompt_text, "%s> ",
			 bs_human_ask_name[p->q->kind]);
		break;
	}
}

/* "word rest": the command word of t (lower case) or "" */
static int command_of(const char *t, char *word, size_t len, const char **rest)
{
	size_t n = 0;
	while (t[n] && t[n] != ' ' && n + 1 < len)
		n++;
	memcpy(word, t, n);
	word[n] = '\0';
	*rest = t + n;
	while (**rest == ' ')
		(*rest)++;
	for (int i = 0; commands[i]; i++)
		if (strcasecmp(word, commands[i]) == 0 && !strchr(word, ':'))
			return 1;
	return 0;
}

static enum bs_ref_reply ui_prompt(void *ctx, struct bs_ref *r,
				   const struct bs_ref_prompt *p,
				   struct bs_ref_input *in, long *to)
{
	struct ui *u = ctx;
	static int dice[BS_REF_MAX_DICE];
	show_question(u, p);
	for (;;) {
		int intr;
		const char *l = read_line(u, &intr);
		if (intr) {
			ask_line("(interrupted: the line is dropped; quit ends "
				 "the session)");
			continue;
		}
		if (!l) {
			ask_line("end of input: the session stops; go on with: "
				 "battlesim referee --resume %s",
				 u->journal_path);
			return BS_REPLY_QUIT;
		}
		while (*l == ' ' || *l == '\t')
			l++;
		char word[32];
		const char *rest;
		if (!*l) {
			ask_line("nothing entered (help: the commands)");
			continue;
		}
		if (command_of(l, word, sizeof word, &rest)) {
			if (!strcasecmp(word, "quit"))
				return BS_REPLY_QUIT;
			if (!strcasecmp(word, "help")) {
				say("%s", help_text);
			} else if (!strcasecmp(word, "status")) {
				look_status(u);
			} else if (!strcasecmp(word, "roster")) {
				look_roster(u, rest);
			} else if (!strcasecmp(word, "odds")) {
				look_odds(u, rest);
			} else if (!strcasecmp(word, "map")) {
				look_map(u, rest);
			} else if (!strcasecmp(word, "log")) {
				look_log(u, rest);
			} else if (!strcasecmp(word, "chances")) {
				look_chances(u, rest);
			} else if (!strcasecmp(word, "suggest")) {
				look_suggest(u, p);
			} else if (!strcasecmp(word, "undo")) {
				int what = !*rest			? 0
					   : !strcasecmp(rest, "phase") ? 1
					   : !strcasecmp(rest, "round") ? 2
									: -1;
				if (what < 0) {
					say("undo: undo, undo phase or undo "
					    "round\n");
				} else if (r->nin == 0) {
					say("undo: nothing to undo\n");
				} else {
					*to = bs_ref_undo_target(r, what, p);
					say("undo: back to %ld inputs (%ld "
					    "undone)\n",
					    *to, r->nin - *to);
					return BS_REPLY_UNDO;
				}
			} else if (!strcasecmp(word, "go")) {
				if (p->wait != BS_WAIT_ROUND)
					say("go: the battle waits for the "
					    "answer above\n");
				else if (r->b->result.over)
					say("go: the battle is over (undo, or "
					    "quit)\n");
				else {
					in->type = BS_IN_GO;
					return BS_REPLY_INPUT;
				}
			} else if (!strcasecmp(word, "dice")) {
				if (parse_dice_setting(rest, in) == 0)
					return BS_REPLY_INPUT;
			} else if (!strcasecmp(word, "side")) {
				if (parse_side_setting(u, rest, in) == 0)
					return BS_REPLY_INPUT;
			} else if (!strcasecmp(word, "override")) {
				if (parse_override(u, rest, p, in) == 0)
					return BS_REPLY_INPUT;
			}
			show_question(u, p);
			continue;
		}
		char why[512];
		if (p->wait == BS_WAIT_DIE) {
			int n = bs_dice_req_dice(p->req), totals = 0;
			if (bs_dice_answer_parse(p->req, l, dice, n, &totals,
						 why, sizeof why) != 0) {
				ask_line("refused: %s", why);
				continue;
			}
			if (totals && n <= 32) {
				char d[256];
				size_t k = 0;
				for (int i = 0; i < n && k + 8 < sizeof d; i++)
					k += (size_t)snprintf(
					    d + k, sizeof d - k, "%s%d",
					    i ? (i % 2 ? "+" : " ") : "",
					    dice[i]);
				ask_line("(the total, logged as %s: RULING "
					 "R-421)",
					 d);
			}
			in->type = BS_IN_DIE;
			in->dice = dice;
			in->ndice = n;
			in->totals = totals;
			return BS_REPLY_INPUT;
		}
		if (p->wait == BS_WAIT_ASK) {
			in->text = l;
			in->round = p->round;
			if (bs_ref_read_answer(r, p->q, in, why, sizeof why) !=
			    0) {
				ask_line("%s", why);
				continue;
			}
			return BS_REPLY_INPUT;
		}
		ask_line("'%s' is not a command here (the round prompt takes "
			 "go, or a command: help)",
			 word);
	}
}

/* ---- setting up a session ---------------------------------------------------
 */

static int set_mode(const struct bs_scenario *sc, const char *arg, int *sides,
		    int *dice, int is_dice)
{
	const char *eq = strrchr(arg, '=');
	if (!eq)
		return cli_usage_error("referee",
				       "%s expects NAME=MODE, not '%s'",
				       is_dice ? "--dice" : "--side", arg);
	char name[256];
	snprintf(name, sizeof name, "%.*s", (int)(eq - arg), arg);
	if (is_dice) {
		int k = -2, m = -1;
		if (!strcasecmp(name, "all"))
			k = -1;
		for (int i = 0; i < BS_ROLL_OTHER; i++)
			if (!strcasecmp(name, bs_roll_kind_name[i]))
				k = i;
		for (int i = 0; i < BS_REF_DICE__COUNT; i++)
			if (!strcasecmp(eq + 1, bs_ref_dice_mode_name[i]))
				m = i;
		if (k == -2 || m < 0)
			return cli_usage_error(
			    "referee",
			    "--dice %s: kinds are all, initiative, attack, "
			    "armor, morale, discipline, rally, fate; modes "
			    "ask, "
			    "program",
			    arg);
		for (int i = 0; i < BS_ROLL__COUNT; i++)
			if (k < 0 || k == i)
				dice[i] = m;
		return 0;
	}
	int s = find_side(sc, name), m = -1;
	for (int i = 0; i < BS_REF_SIDE__COUNT; i++)
		if (!strcasecmp(eq + 1, bs_ref_side_mode_name[i]))
			m = i;
	if (s < 0 || m < 0)
		return cli_usage_error("referee",
				       "--side %s: no side '%s' or mode '%s' "
				       "(human, ai, hold, scripted)",
				       arg, name, eq + 1);
	sides[s] = m;
	return 0;
}

struct loader {
	struct bs_scenario *sc;
	struct bs_ref *r;
	const char *journal;
	int rc;
	int strict;
};

static int load_header(void *ctx, const struct bs_ref_header *h, char *why,
		       size_t len)
{
	struct loader *ld = ctx;
	struct bs_diags d;
	bs_diags_init(&d);
	/* RULING R-433: "builtin:NAME", a built-in scenario */
	size_t npre = strlen(BS_REF_BUILTIN);
	const char *builtin = strncmp(h->scenario, BS_REF_BUILTIN, npre) == 0
				  ? h->scenario + npre
				  : NULL;
	/* the two steps of a load (issue 11): the file, then where its
	 * units stand (its [3.4] warnings with the others) */
	if ((builtin
		 ? bs_scenario_load_builtin(builtin, &ld->sc, &d)
		 : bs_scenario_load_file(h->scenario, &ld->sc, &d)) != BS_OK ||
	    bs_deploy_check(ld->sc, &d) != BS_OK) {
		bs_scenario_free(ld->sc);
		ld->sc = NULL;
		snprintf(why, len, "its scenario %s cannot be loaded%s%s",
			 h->scenario, d.count ? ": " : "",
			 d.count ? d.items[0].msg : "");
		bs_diags_release(&d);
		return -1;
	}
	char sha[65] = "";
	size_t blen = 0;
	const char *btext =
	    builtin ? bs_scenario_builtin_text(builtin, &blen) : NULL;
	if (btext)
		bs_ref_sha256(btext, blen, sha);
	if ((!btext && bs_ref_file_sha256(h->scenario, sha) != 0) ||
	    strcmp(sha, h->sha256) != 0) {
		snprintf(why, len,
			 "the scenario %s has changed since this journal "
			 "was begun (SHA-256 %.12s..., the journal's "
			 "%.12s...): the inputs would be replayed on another "
			 "battle; refused",
			 h->scenario, sha, h->sha256);
		bs_diags_release(&d);
		return -1;
	}
	/* issue 11: its warnings, as when the session began (errors with
	 * --strict) */
	if (cli_print_warnings(ld->sc, ld->strict) != 0) {
		snprintf(why, len,
			 "the scenario's warnings are errors with "
			 "--strict");
		ld->rc = 2;
		bs_diags_release(&d);
		return -1;
	}
	if (h->nsides != ld->sc->nsides) {
		snprintf(why, len, "the journal has %d sides, the scenario %d",
			 h->nsides, ld->sc->nsides);
		bs_diags_release(&d);
		return -1;
	}
	if (bs_ref_new(ld->sc, h->seed, h->side_mode, h->dice_mode, &ld->r,
		       &d) != BS_OK) {
		snprintf(why, len, "%s",
			 d.count ? d.items[0].msg : "no battle");
		bs_diags_release(&d);
		return -1;
	}
	bs_diags_release(&d);
	return 0;
}

static int load_rec(void *ctx, struct bs_ref_input *in, const char *text,
		    char *why, size_t len)
{
	struct loader *ld = ctx;
	(void)text;
	return bs_ref_load_record(ld->r, in, why, len);
}

int cli_ref_load(const char *journal, int strict, struct bs_scenario **sc,
		 struct bs_ref **r, long *torn_at)
{
	struct loader ld = {0};
	ld.journal = journal;
	ld.strict = strict;
	struct bs_ref_reader rd = {&ld, load_header, load_rec};
	struct bs_ref_header h;
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st = bs_ref_journal_read(journal, &h, &rd, torn_at, &d);
	if (st != BS_OK) {
		cli_print_diags(&d);
		bs_diags_release(&d);
		bs_ref_free(ld.r);
		bs_scenario_free(ld.sc);
		return (int)st;
	}
	bs_diags_release(&d);
	*sc = ld.sc;
	*r = ld.r;
	return 0;
}

static int cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > BS_SIM_MAX_THREADS ? BS_SIM_MAX_THREADS : (int)n;
}

/* RULING R-355: the journal and the log are not the scenario file nor
 * each other; checked before either is opened. 0, or 2 after a usage
 * error. */
static int check_outputs(const struct bs_scenario *sc, const char *journal,
			 const char *out)
{
	const char *const opt[2] = {"--journal", "--out"};
	const char *const paths[2] = {journal, out};
	return cli_out_check("referee", sc->file, opt, paths, 2);
}

int cmd_referee(int argc, char **argv)
{
	enum {
		O_SEED = 256,
		O_SIDE,
		O_DICE,
		O_JOURNAL,
		O_RESUME,
		O_LOG,
		O_OUT,
		O_STRICT
	};
	static const struct option opts[] = {
	    {"seed", required_argument, NULL, O_SEED},
	    {"side", required_argument, NULL, O_SIDE},
	    {"dice", required_argument, NULL, O_DICE},
	    {"journal", required_argument, NULL, O_JOURNAL},
	    {"resume", required_argument, NULL, O_RESUME},
	    {"log", required_argument, NULL, O_LOG},
	    {"out", required_argument, NULL, O_OUT},
	    {"builtin", required_argument, NULL, 'b'},
	    {"strict", no_argument, NULL, O_STRICT},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	int seed = DEFAULT_SEED, rc = 0, nside = 0, ndice = 0, strict = 0;
	const char *side_arg[64], *dice_arg[64];
	const char *journal = NULL, *resume = NULL, *out = NULL;
	const char *builtin = NULL;
	enum bs_log_format fmt = BS_LOG_TEXT;
	opterr = 0;
	int ch;
	while ((ch = getopt_long(argc, argv, ":hb:", opts, NULL)) != -1) {
		switch (ch) {
		case O_SEED:
			rc = cli_parse_int("referee", "--seed", optarg, 0,
					   INT_MAX, &seed);
			break;
		case O_SIDE:
			if (nside < 64)
				side_arg[nside++] = optarg;
			break;
		case O_DICE:
			if (ndice < 64)
				dice_arg[ndice++] = optarg;
			break;
		case O_JOURNAL:
			journal = optarg;
			break;
		case O_RESUME:
			resume = optarg;
			break;
		case O_OUT:
			out = optarg;
			break;
		case 'b':
			builtin = optarg;
			break;
		case O_STRICT:
			strict = 1;
			break;
		case O_LOG:
			if (!strcmp(optarg, "text"))
				fmt = BS_LOG_TEXT;
			else if (!strcmp(optarg, "jsonl"))
				fmt = BS_LOG_JSONL;
			else
				return cli_usage_error(
				    "referee",
				    "--log expects text or jsonl, not '%s'",
				    optarg);
			break;
		case 'h':
			fputs(cmd_referee_help, stdout);
			return 0;
		default:
			return cli_option_error("referee", ch, argv, opts);
		}
		if (rc < 0)
			return 2;
	}
	const char *file = optind < argc ? argv[optind++] : NULL;
	if (optind < argc)
		return cli_usage_error("referee", "unexpected argument '%s'",
				       argv[optind]);
	if (resume && (file || builtin || journal || nside || ndice))
		return cli_usage_error("referee",
				       "--resume takes the scenario, seed and "
				       "modes from the journal");
	if (file && builtin)
		return cli_usage_error(
		    "referee", "give a scenario FILE or --builtin NAME, "
			       "not both");
	struct bs_scenario *sc = NULL;
	struct bs_ref *r = NULL;
	char jpath[PATH_MAX];
	FILE *jf = NULL;
	if (resume) {
		long torn = -1;
		rc = cli_ref_load(resume, strict, &sc, &r, &torn);
		if (rc)
			return rc;
		snprintf(jpath, sizeof jpath, "%s", resume);
		if (check_outputs(sc, jpath, out) != 0) {
			bs_ref_free(r);
			bs_scenario_free(sc);
			return 2;
		}
		if (torn >= 0) {
			fprintf(
			    stderr,
			    "battlesim: warning: %s: the last line (at byte "
			    "%ld) was cut off as it was written: dropped\n",
			    resume, torn);
			if (truncate(resume, torn) != 0) {
				cli_error("%s: %s", resume, strerror(errno));
				bs_ref_free(r);
				bs_scenario_free(sc);
				return 1;
			}
		}
		jf = fopen(resume, "a");
	} else {
		/* without FILE, the built-in default scenario (as the other
		 * commands); its warnings are shown here, errors with
		 * --strict (issue 11) */
		if (!file && !builtin)
			builtin = bs_scenario_default_name();
		rc =
		    cli_load_checked(file ? file : builtin, !file, strict, &sc);
		if (rc)
			return rc;
		int sides[BS_MAX_SIDES], dmode[BS_ROLL__COUNT];
		for (int s = 0; s < BS_MAX_SIDES; s++)
			sides[s] = BS_REF_HUMAN;
		for (int k = 0; k < BS_ROLL__COUNT; k++)
			dmode[k] = BS_REF_ASK;
		for (int i = 0; i < nside && !rc; i++)
			rc = set_mode(sc, side_arg[i], sides, dmode, 0);
		for (int i = 0; i < ndice && !rc; i++)
			rc = set_mode(sc, dice_arg[i], sides, dmode, 1);
		if (rc) {
			bs_scenario_free(sc);
			return rc;
		}
		struct bs_diags d;
		bs_diags_init(&d);
		enum bs_status st =
		    bs_ref_new(sc, (uint64_t)seed, sides, dmode, &r, &d);
		cli_print_diags(&d);
		bs_diags_release(&d);
		if (st != BS_OK) {
			bs_scenario_free(sc);
			return (int)st;
		}
		if (journal) {
			snprintf(jpath, sizeof jpath, "%s", journal);
		} else if (!file) {
			snprintf(jpath, sizeof jpath, "%s.journal", builtin);
		} else {
			const char *dot = strrchr(file, '.');
			const char *slash = strrchr(file, '/');
			size_t n = dot && (!slash || dot > slash)
				       ? (size_t)(dot - file)
				       : strlen(file);
			snprintf(jpath, sizeof jpath, "%.*s.journal", (int)n,
				 file);
		}
		if (check_outputs(sc, jpath, out) != 0) {
			bs_ref_free(r);
			bs_scenario_free(sc);
			return 2;
		}
		struct bs_ref_header h;
		memset(&h, 0, sizeof h);
		char abs[PATH_MAX];
		size_t blen = 0;
		const char *btext =
		    file ? NULL : bs_scenario_builtin_text(builtin, &blen);
		if (btext) {
			/* RULING R-433: a built-in scenario is named, and
			 * its embedded bytes hashed */
			snprintf(h.scenario, sizeof h.scenario, "%s%s",
				 BS_REF_BUILTIN, builtin);
			bs_ref_sha256(btext, blen, h.sha256);
		} else if (!file || !realpath(file, abs) ||
			   bs_ref_file_sha256(abs, h.sha256) != 0) {
			cli_error("%s: %s", file ? file : builtin,
				  strerror(errno));
			bs_ref_free(r);
			bs_scenario_free(sc);
			return 1;
		} else {
			snprintf(h.scenario, sizeof h.scenario, "%s", abs);
		}
		h.seed = (uint64_t)seed;
		h.nsides = sc->nsides;
		memcpy(h.side_mode, sides, sizeof h.side_mode);
		memcpy(h.dice_mode, dmode, sizeof h.dice_mode);
		int fd = open(jpath, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0) {
			if (errno == EEXIST)
				cli_error(
				    "%s: a journal is there already: go on "
				    "with battlesim referee --resume %s, "
				    "or name another with --journal",
				    jpath, jpath);
			else
				cli_error("%s: %s", jpath, strerror(errno));
			bs_ref_free(r);
			bs_scenario_free(sc);
			return errno == EEXIST ? 2 : 1;
		}
		jf = fdopen(fd, "a");
		if (jf && bs_ref_journal_header(jf, fd, &h) != 0) {
			fclose(jf);
			jf = NULL;
		}
	}
	if (!jf) {
		cli_error("%s: the journal cannot be written", jpath);
		bs_ref_free(r);
		bs_scenario_free(sc);
		return 1;
	}
	bs_ref_set_journal(r, jf, fileno(jf));

	struct ui u;
	memset(&u, 0, sizeof u);
	u.r = r;
	u.sc = sc;
	u.journal_path = jpath;
	u.fmt = fmt;
	u.threads = cores();
	u.log = stdout;
	u.out_path = out;
	/* the log appears when the session ends (the journal keeps every
	 * input as it comes) */
	struct cli_out outo = {0};
	if (out && cli_out_open(&outo, out) != 0) {
		fclose(jf);
		bs_ref_free(r);
		bs_scenario_free(sc);
		return 1;
	}
	if (out)
		u.log = outo.f;
	bs_report_init(&u.rep, fmt, u.log, sc);
	the_ui = &u;
	u.tty = isatty(STDIN_FILENO);
	if (u.tty) {
		u.el = el_init("battlesim", stdin, stderr, stderr);
		u.hist = history_init();
		if (u.el && u.hist) {
			HistEvent he;
			history(u.hist, &he, H_SETSIZE, 1000);
			el_set(u.el, EL_HIST, history, u.hist);
			el_set(u.el, EL_PROMPT, prompt_fn);
			el_set(u.el, EL_EDITOR, "emacs");
			el_set(u.el, EL_ADDFN, "bs-complete", "complete",
			       complete);
			el_set(u.el, EL_BIND, "^I", "bs-complete", NULL);
		} else {
			if (u.el)
				el_end(u.el);
			u.el = NULL;
		}
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	if (resume)
		fprintf(stderr, "battlesim: resuming %s: %ld inputs\n", resume,
			r->nin);
	struct bs_ref_ui ui = {&u, ui_prompt, ui_event, ui_rebuild, ui_note};
	enum bs_status st = bs_ref_run(r, &ui);
	if (st != BS_OK) {
		cli_error("%s", r->error);
		rc = 1;
	}
	if (resume || r->nin > 0)
		fprintf(stderr, "battlesim: the journal is %s (%ld inputs)\n",
			jpath, r->nin);
	if (fclose(jf) != 0 && !rc) {
		cli_error("%s: could not be closed", jpath);
		rc = 1;
	}
	if (out) {
		if (cli_out_close(&outo, u.rep.error) != 0)
			rc = 1;
	} else if (u.rep.error || fflush(stdout) != 0) {
		rc = cli_stdout_failed();
	}
	if (u.el)
		el_end(u.el);
	if (u.hist)
		history_end(u.hist);
	if (u.html_on)
		bs_html_release(&u.html);
	clear_lines(&u);
	free(u.lines);
	free(u.buf);
	the_ui = NULL;
	bs_ref_free(r);
	bs_scenario_free(sc);
	return rc;
}
