/* fenkit analyse: what its files share (cmd_analyse.c reads the options
 * and positions, analyse_report.c asks the engine and writes the answer,
 * analyse_sanity.c interrogates the FEN, analyse_batch.c runs a file over
 * several engines). */
#ifndef FENKIT_CLI_ANALYSE_H
#define FENKIT_CLI_ANALYSE_H

#include <stdio.h>

#include "common/sanity.h"
#include "fenkit/fenkit.h"

/* |cp| at or above this, from White's view, is a win; below it a draw. */
#define ANALYSE_WIN_CP SANITY_WIN_CP

typedef struct {
    fk_search_limit limit;
    const char *engine_path; /* NULL: the default engine */
    int json, sanity, threads;
    unsigned fen_flags; /* FK_FEN_CHESS960 with --chess960 */
} analyse_settings;

/* One engine, started when first needed and started again after an error
 * left it unusable, so one bad position does not spoil the next. */
typedef struct {
    const analyse_settings *settings;
    fk_engine *engine;
    FILE *live; /* a terminal to show the best line on as the depth grows, or NULL */
} analyse_engine;

/* Most moves played from the position given ("FEN moves ..."). */
#define ANALYSE_MAX_MOVES 1024

/* Searches pos, reached by the nmoves moves from start (the engine is
 * given them, to see repetitions; moves may be NULL when nmoves is 0),
 * with the settings' limit (multipv as given). */
fk_status analyse_search_game(analyse_engine *ae, const fk_position *start, const fk_move *moves,
                              int nmoves, const fk_position *pos, int multipv, fk_analysis *result,
                              fk_error *err);
/* The same for pos alone. */
fk_status analyse_search(analyse_engine *ae, const fk_position *pos, int multipv,
                         fk_analysis *result, fk_error *err);
void analyse_engine_close(analyse_engine *ae);

/* Analyses one input (a FEN, an EPD, or "startpos [moves ...]") and writes
 * the answer to out, its problems to err prefixed by `where` (e.g. "line 4: ",
 * or ""). Returns CLI_OK or CLI_PROBLEMS. */
int analyse_one(analyse_engine *ae, const char *text, const char *where, long number, FILE *out,
                FILE *err);

/* Verdicts from White's view (common/sanity.h). */
typedef sanity_verdict analyse_verdict;
#define analyse_verdict_of sanity_verdict_of
/* "+0.35", "-1.20", "#3", "#-2", "0.00"; a bound adds ">=" or "<=". */
void analyse_score_text(fk_score score, char *buf, size_t cap);
/* Writes a label of the text answer ("Position", a catalog message; "" for
 * none) in the reader's language, padded so that every label's text
 * starts in the same column. */
void analyse_label(FILE *out, const char *label);
/* Writes {"cp":N} or {"mate":N}, with "bound" when it is one. */
void analyse_score_json(FILE *out, fk_score score);

/* --sanity: evaluates the variants of pos (other side to move, each
 * castling right removed, the en passant square added or removed) and
 * writes each change of verdict against `base` (pos's own score, White's
 * view). Returns CLI_OK or CLI_PROBLEMS when the engine failed. */
int analyse_sanity(analyse_engine *ae, const fk_position *pos, fk_score base, FILE *out, FILE *err,
                   const char *where);

/* --batch FILE -j N. Returns the exit status. */
int analyse_batch(const analyse_settings *settings, const char *file, int jobs);

/* A positive whole number option value up to max; 0 when it is not one. */
unsigned long long analyse_read_count(const char *text, unsigned long long max);
/* Reads one of the search options analyse and puzzle share, by its letter:
 * d (--depth), n (--nodes), m (--movetime), each counted in *limits, j
 * (-j), t (--threads) and T (--timeout). Returns CLI_OK, CLI_USAGE after
 * saying what is wrong (cmd names the command), or -1 when c is none of
 * them. */
int analyse_search_option(const char *cmd, int c, const char *value, analyse_settings *s, int *jobs,
                          int *limits);

#endif
