/* Referee mode (issue 17, docs/REFEREE.md): a battle played at a real
 * table, with the referee's dice and the players' orders as inputs. The
 * engine is deterministic given its inputs, so the state after k inputs is
 * rebuilt exactly by replaying the first k from a fresh battle: undo,
 * resume from the journal and "odds from here" are all replays. A session
 * (struct bs_ref) holds the scenario, the battle, the inputs, the modes of
 * each side (human, ai, hold, scripted) and of each kind of roll (ask or
 * program); it asks its UI (struct bs_ref_ui, the program's) for each
 * input and never prints or reads a terminal. The journal (JSON Lines,
 * docs/REFEREE.md "The journal") is written by the session before it acts
 * on an input: fflush + fsync. */
#ifndef BATTLESIM_REFEREE_H
#define BATTLESIM_REFEREE_H

#include <stdint.h>
#include <stdio.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/dice.h"
#include "battlesim/sim.h"

/* How a side is commanded. */
enum bs_ref_side_mode {
	BS_REF_HUMAN,	 /* the players: asked (1E and 2E) */
	BS_REF_AI,	 /* the doctrine AI of the ruleset */
	BS_REF_HOLD,	 /* no orders */
	BS_REF_SCRIPTED, /* the scenario's `orders:` */
	BS_REF_SIDE__COUNT
};
extern const char *const bs_ref_side_mode_name[BS_REF_SIDE__COUNT];

/* How a kind of roll (enum bs_roll_kind) is made. */
enum bs_ref_dice_mode { BS_REF_ASK, BS_REF_PROGRAM, BS_REF_DICE__COUNT };
extern const char *const bs_ref_dice_mode_name[BS_REF_DICE__COUNT];

/* What can be overridden (the referee's word). */
enum bs_ref_override {
	BS_OVR_DIE,	 /* the last dice entered: v[] the dice */
	BS_OVR_FIGURES,	 /* unit: v[0] figures, v[1] wounded figures */
	BS_OVR_ROUTED,	 /* unit routs (the Rout marker [7.15]) */
	BS_OVR_RALLIED,	 /* unit rallied: not routed, nor shaken (2E) */
	BS_OVR_COMMAND,	 /* unit in (v[0] 1) or out (0) of command [4.7] */
	BS_OVR_POSITION, /* unit: x[0], x[1] front centre, x[2] facing;
			    the matrix: v[0] row (-1: the reserve), v[1]
			    column, 0-based */
	BS_OVR_STRENGTH, /* the matrix: v[0] class, v[1] unit number */
	BS_OVR__COUNT
};
extern const char *const bs_ref_override_name[BS_OVR__COUNT];

/* The kinds of input (records of the journal). */
enum bs_ref_in {
	BS_IN_DIE,	/* the dice of one roll */
	BS_IN_ANSWER,	/* a human side's answer (text as typed) */
	BS_IN_GO,	/* play the next Game Round */
	BS_IN_DICE,	/* dice KIND ask|program (kind -1: all) */
	BS_IN_SIDE,	/* side S human|ai|hold|scripted */
	BS_IN_OVERRIDE, /* the referee's word */
	BS_IN_UNDO,	/* back to `to` inputs (journal only) */
	BS_IN__COUNT
};
extern const char *const bs_ref_in_name[BS_IN__COUNT];

#define BS_REF_MAX_DICE (2 * BS2E_MAX_DICE)

/* One input. Text is owned by the session (it lives as long as it). */
struct bs_ref_input {
	enum bs_ref_in type;
	int round;	     /* where it was given: the round ... */
	enum bs_phase phase; /* ... and phase (BS_PHASE_SETUP: the round
				prompt before `round`) */
	long ev_at;	     /* events of the battle when it was asked */
	/* DIE */
	int ndice;
	int *dice;
	int totals; /* entered as totals (RULING R-421) */
	/* ANSWER */
	enum bs_human_ask ask;
	int side, unit, indiv;
	const char *text;
	struct bs_human_answer ans; /* read from text */
	/* DICE (kind, mode), SIDE (side, mode) */
	int kind, mode;
	/* OVERRIDE (unit: global index; the text is the referee's) */
	enum bs_ref_override what;
	int g;
	int v[2];
	double x[3];
	/* UNDO */
	long to;
	const char *note; /* OVERRIDE: the referee's text */
};

/* What the session waits for. */
enum bs_ref_wait {
	BS_WAIT_ROUND, /* the round prompt: go, or any command */
	BS_WAIT_DIE,   /* the dice of req */
	BS_WAIT_ASK,   /* a human side's answer to q */
};

struct bs_ref_prompt {
	enum bs_ref_wait wait;
	int round; /* the round it belongs to */
	const struct bs_dice_req *req;
	const struct bs_human_q *q;
};

/* What the UI returns from a prompt. */
enum bs_ref_reply {
	BS_REPLY_INPUT, /* *in is an input to journal and play */
	BS_REPLY_UNDO,	/* back to `to` inputs (bs_ref_undo_target) */
	BS_REPLY_QUIT,	/* end the session (the journal keeps it all) */
};

struct bs_ref;

struct bs_ref_ui {
	void *ctx;
	/* Read the referee until there is an input for p (fill *in: type
	 * and its fields; text in storage from bs_ref_strdup), an undo
	 * (*to) or quit. Look commands are the UI's own business. */
	enum bs_ref_reply (*prompt)(void *ctx, struct bs_ref *r,
				    const struct bs_ref_prompt *p,
				    struct bs_ref_input *in, long *to);
	/* Every event of the battle as it is played; `fresh` is 0 for the
	 * events a replay plays again that were shown before. */
	void (*event)(void *ctx, const struct bs_event *ev, int fresh);
	/* The battle is about to be replayed from its start (undo, resume):
	 * the UI resets what it collected of the events. */
	void (*rebuild)(void *ctx, struct bs_ref *r);
	/* A message of the session ("an input of the journal does not fit:
	 * dropped"). */
	void (*note)(void *ctx, const char *msg);
};

/* The session. Read-only for the UI except through the functions below. */
struct bs_ref {
	const struct bs_scenario *sc;
	struct bs_battle *b;
	struct bs_ai_set *ai;
	uint64_t seed;
	int side_mode0[BS_MAX_SIDES]; /* at the start */
	int dice_mode0[BS_ROLL__COUNT];
	int side_mode[BS_MAX_SIDES]; /* as the replay stands */
	int dice_mode[BS_ROLL__COUNT];
	/* the inputs in force (after undos), and how many the replay used */
	struct bs_ref_input *in;
	long nin, cap;
	long pos;
	long shown; /* events shown so far in this timeline */
	long nev;   /* events of the current replay */
	int abandon, quit, over;
	FILE *journal; /* NULL: none */
	int journal_fd;
	const struct bs_ref_ui *ui;
	/* continuation (chances, sim --from): past the inputs, the AI
	 * answers, the dice are the generator's of stream (cseed, cstream) */
	int cont;
	int in_cont;
	long nin_from; /* the inputs of the position */
	int owns_battle, borrowed;
	uint64_t cseed, cstream;
	/* machinery */
	struct bs_dice_asker asker;
	int *pend;
	struct bs_human_ui hui;
	struct bs_controller disp;		      /* every callback */
	struct bs_controller disp_side[BS_MAX_SIDES]; /* attached: the
		callbacks the side's controller has (sync_disp) */
	struct bs_mx_controller mx_disp;
	struct bs_event_sink sink;
	const struct bs_dice_req *cur_req; /* the roll asked for, if any */
	const struct bs_human_q *cur_q;	   /* the question asked, if any */
	struct bs_arena_str *strs;	   /* owned strings */
	char error[256];
};

/* A session for scenario sc (which must outlive it), dice seeded from
 * (seed, 0), every side and kind of roll in the given modes (side_mode,
 * dice_mode: arrays of nsides and BS_ROLL__COUNT). BS_ERR_INPUT with a
 * diagnostic when the battle cannot be set up or a side cannot take its
 * mode (human: the matrix has no human orders yet; scripted: the side has
 * no orders); BS_ERR_RUNTIME on out of memory. */
enum bs_status bs_ref_new(const struct bs_scenario *sc, uint64_t seed,
			  const int *side_mode, const int *dice_mode,
			  struct bs_ref **out, struct bs_diags *d);
void bs_ref_free(struct bs_ref *r);

/* Can side s take mode m? 0, or -1 with the reason in why. */
int bs_ref_mode_ok(const struct bs_ref *r, int side, int mode, char *why,
		   size_t len);

/* Append input *in to the inputs in force (copying it; text copied) as
 * read from a journal: no journaling, no play. Then bs_ref_run replays.
 * Returns 0, -1 out of memory. */
int bs_ref_push(struct bs_ref *r, const struct bs_ref_input *in);

/* Journal every input from now on to f (opened for appending; fd its
 * descriptor for fsync). */
void bs_ref_set_journal(struct bs_ref *r, FILE *f, int fd);

/* Play: replay the inputs in force (showing none of their events), then
 * ask ui for each further input, until the battle is over and the UI
 * quits at the last prompt, or it quits. Returns BS_OK, or BS_ERR_RUNTIME
 * when the journal could not be written (r->error says why). */
enum bs_status bs_ref_run(struct bs_ref *r, const struct bs_ref_ui *ui);

/* A copy of s in the session's storage (NULL on out of memory). */
const char *bs_ref_strdup(struct bs_ref *r, const char *s);

/* The number of inputs `undo`, `undo phase` and `undo round` keep (what:
 * 0 one input, 1 the phase, 2 the round), at prompt p. */
long bs_ref_undo_target(const struct bs_ref *r, int what,
			const struct bs_ref_prompt *p);

/* Read the typed answer in->text to question q into in->ans (an order in
 * the grammar of `orders:`, yes/no, a weapon, a place), and check it
 * against the rules now (bs_ai_human_check). 0, or -1 with the reason. */
int bs_ref_read_answer(struct bs_ref *r, const struct bs_human_q *q,
		       struct bs_ref_input *in, char *why, size_t len);

/* RULING R-431: controller c's volley at fire question q (the first it
 * gives that the question takes: a pass-through unit once), as an answer
 * (done when none): `suggest`, and a side switched from human while it
 * was asked. */
void bs_ref_ai_volley(const struct bs_ref *r, const struct bs_controller *c,
		      const struct bs_human_q *q, struct bs_human_answer *a);

/* RULING R-435: controller c's change of role at roles question q (its
 * first for an individual not named yet this phase), as an answer (done
 * when none): `suggest`, and a side switched from human while asked. */
void bs_ref_ai_role(const struct bs_ref *r, const struct bs_controller *c,
		    const struct bs_human_q *q, struct bs_human_answer *a);

/* [M4.2] RULING R-437: matrix controller c's split of the classes of the
 * aerial brigade of question q (BS_HUMAN_MX_AERIAL) into split[0 ..
 * BS_MX_MAX_BRIGADES), classes per brigade of the enemy army (all 0: all
 * at its target): `suggest`, and a side switched from human while asked. */
void bs_ref_mx_ai_split(const struct bs_ref *r,
			const struct bs_mx_controller *c,
			const struct bs_human_q *q, int *split);

/* [M3.2] RULING R-438: matrix controller c's order of the moves of the
 * army of question q (BS_HUMAN_MX_ORDER), as an answer (a->seq, a->nseq:
 * brigades on the army): `suggest`, and a side switched from human while
 * asked. */
void bs_ref_mx_ai_order(const struct bs_ref *r,
			const struct bs_mx_controller *c,
			const struct bs_human_q *q, struct bs_human_answer *a);

/* The split in the grammar of the prompt ("Orcs: 2, Goblins: 1", or
 * "none"); into buf. */
char *bs_ref_mx_split_text(const struct bs_ref *r, const struct bs_human_q *q,
			   const int *split, char *buf, size_t len);

/* RULINGS: controller c's cast (a CAST question) or turning
 * attempt (TURN) at q, its first of a caster (cleric) not named yet this
 * phase, as an answer (done when none): `suggest`, and a side switched
 * from human while it was asked. */
void bs_ref_ai_magic(const struct bs_ref *r, const struct bs_controller *c,
		     const struct bs_human_q *q, struct bs_human_answer *a);

/* Cast or turning attempt a of question q in the grammar of the prompt
 * ("individual: Zanzibar, cast: fireball, target: Ogres", "turn:
 * Skeletons, by: Father Odo", "done"); into buf. */
char *bs_ref_magic_text(const struct bs_ref *r, const struct bs_human_q *q,
			const struct bs_human_answer *a, char *buf, size_t len);

/* Change of role o of side in the grammar of the prompt ("individual:
 * Ulf, role: hero"); into buf ("" when it names no individual). */
void bs_ref_role_text(const struct bs_ref *r, int side,
		      const struct bs_role_order *o, char *buf, size_t len);

/* The volley a of question q in the grammar of the prompt ("fire: Keep
 * archers, target: Broken Fang warriors[, after: 4.5]") and, when legal
 * now, its numbers (range band, AR, expected HD); into buf. */
char *bs_ref_volley_text(const struct bs_ref *r, const struct bs_human_q *q,
			 const struct bs_human_answer *a, char *buf,
			 size_t len);

/* Melees m[order[0..n)] of battle b in words, "A - B, C - D" (at most
 * `max` of them, then ", ..."), appended to buf at *k (cut when full). */
struct bs_melee;
void bs_ref_melees_text(const struct bs_battle *b, const struct bs_melee *m,
			const int *order, int n, int max, char *buf, size_t len,
			size_t *k);

/* The question q in words ("order for Keep men-at-arms (round 2,
 * movement)"). Returns buf. */
char *bs_ref_question_text(const struct bs_ref *r, const struct bs_human_q *q,
			   char *buf, size_t len);

/* A fingerprint of the battle's state (every unit's figures, wounds,
 * flags, place; the round, phase and events) and of the inputs used: two
 * sessions with the same fingerprint stand at the same position. */
uint64_t bs_ref_fingerprint(const struct bs_ref *r);

/* "Odds from here": n continuations of the position the inputs in force
 * reach, each battle i replaying them and going on with the doctrine AI
 * for every human side (the other sides as they stand) and the dice of
 * stream (seed, i), on `threads` threads (the simulator, sim.h). */
enum bs_status bs_ref_chances(const struct bs_ref *r, long n, int threads,
			      uint64_t seed, struct bs_sim_result **out,
			      struct bs_diags *d);

/* ---- the journal (src/referee/journal.c) ---------------------------------
 */

/* The header of a journal. */
struct bs_ref_header {
	char scenario[4096]; /* the scenario file, as an absolute path, or
				"builtin:NAME" (BS_REF_BUILTIN) */
	char sha256[65];     /* of the file's bytes, hex */
	char version[32];
	uint64_t seed;
	int nsides;
	int side_mode[BS_MAX_SIDES];
	int dice_mode[BS_ROLL__COUNT];
};

/* The SHA-256 of a file's bytes, hex, into out[65]. 0, or -1 (errno). */
int bs_ref_file_sha256(const char *path, char out[65]);

/* The SHA-256 of len bytes at data, hex, into out[65] (a built-in
 * scenario's text: its journal's "scenario" is "builtin:NAME"). */
void bs_ref_sha256(const void *data, size_t len, char out[65]);

/* The prefix of a journal's "scenario" that names a built-in scenario. */
#define BS_REF_BUILTIN "builtin:"

/* Write the header line of a new journal (then fflush and fsync fd). */
int bs_ref_journal_header(FILE *f, int fd, const struct bs_ref_header *h);

/* Append one input as a line (then fflush and fsync fd). 0, or -1. */
int bs_ref_journal_append(FILE *f, int fd, const struct bs_ref *r,
			  const struct bs_ref_input *in);

/* Read a journal: its header into *h; the records are given to `rec` in
 * order (the session's inputs, undo records included). A torn last line
 * (no newline at the end of the file, or not JSON) is dropped: *torn_at
 * gets its byte offset (else -1), so the caller can say so and truncate
 * the file there. Any other bad line is an error at JOURNAL:LINE.
 * BS_ERR_INPUT with a diagnostic; BS_ERR_RUNTIME when it cannot be read. */
struct bs_ref_reader {
	void *ctx;
	/* the header read (before any record): 0, or -1 with why */
	int (*header)(void *ctx, const struct bs_ref_header *h, char *why,
		      size_t len);
	/* one record read: 0, or -1 with a message in why (an error) */
	int (*rec)(void *ctx, struct bs_ref_input *in, const char *text,
		   char *why, size_t len);
};
enum bs_status bs_ref_journal_read(const char *path, struct bs_ref_header *h,
				   const struct bs_ref_reader *rd,
				   long *torn_at, struct bs_diags *d);

/* Load the inputs of a journal (read with bs_ref_journal_read, after the
 * header has been checked against r's scenario) into r: UNDO records
 * fold away; an override of a die replaces the last dice. The records'
 * answers are read again with bs_ref_read_answer's reader (no check). */
int bs_ref_load_record(struct bs_ref *r, struct bs_ref_input *in, char *why,
		       size_t len);

#endif
