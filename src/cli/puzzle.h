/* fenkit puzzle: what its files share (cmd_puzzle.c reads the options,
 * puzzle_read.c reads a puzzle line and replays its moves, puzzle_judge.c
 * asks the engine whether a solution is the only win, puzzle_check.c and
 * puzzle_make.c run the two subcommands). */
#ifndef FENKIT_CLI_PUZZLE_H
#define FENKIT_CLI_PUZZLE_H

#include <stdio.h>

#include "analyse.h"
#include "fenkit/fenkit.h"

#define PUZZLE_MAX_MOVES 64
#define PUZZLE_MAX_ALTS 8
#define PUZZLE_MAX_PROBLEMS 8

/* One puzzle as read from a line of a lichess CSV or an EPD. */
typedef struct {
    long line;
    char id[64];
    int csv;           /* 1: lichess CSV (moves[0] is the opponent's setting move) */
    fk_position start; /* the position on the line */
    int nmoves;        /* moves read, all legal */
    fk_move moves[PUZZLE_MAX_MOVES];
    int nalts; /* EPD: every bm move solves the first step */
    fk_move alts[PUZZLE_MAX_ALTS];
    int nproblems;
    char problems[PUZZLE_MAX_PROBLEMS][300];
} puzzle;

/* How the engine judges a line: a win is a mate or at least win_cp for the
 * solver; a move is the only win when the runner-up does not win or
 * scores at least margin_cp less. */
typedef struct {
    analyse_settings engine;
    int use_engine;
    int win_cp, margin_cp;
} puzzle_settings;

/* Adds a problem to p (dropped past PUZZLE_MAX_PROBLEMS). */
void puzzle_problem(puzzle *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reads one line. Returns 0 for the CSV header line (nothing to check),
 * 1 for a puzzle: p holds what could be read and every problem found. */
int puzzle_read(const char *text, size_t len, long line, puzzle *p);

/* The index in p->moves of the solver's first move. */
static inline int puzzle_first_solver(const puzzle *p) { return p->csv ? 1 : 0; }

/* The score as one number that orders mates above every centipawn score. */
int puzzle_score_value(fk_score score);
/* 1 when the side the score belongs to wins by the settings' measure. */
int puzzle_winning(const puzzle_settings *s, fk_score score);
/* 1 when a and b are the same move. */
int puzzle_same_move(fk_move a, fk_move b);
/* 1 when move, played in pos, mates. */
int puzzle_gives_mate(const fk_position *pos, fk_move move);

/* Checks p's solution with the engine: at each solver move the solution is
 * the engine's only winning move (a move that mates is always accepted),
 * and the position at the end is won or mate. Problems go into p. Returns
 * 0, or -1 when the engine failed (said in p too). */
int puzzle_judge(analyse_engine *ae, const puzzle_settings *s, puzzle *p);

/* The subcommands. Return the exit status. */
int puzzle_check(const puzzle_settings *s, const char *file, int jobs, int json, int write);
int puzzle_make(const puzzle_settings *s, const char *file, int jobs, int per_game);

/* Runs work(ctx, i, engine) for each i below count on `jobs` threads,
 * each with its own engine (started when first asked for), and calls
 * done(ctx, i) on this thread in the order of i, as soon as the items
 * before are done. On a terminal a progress bar counts `what` on stderr.
 * Returns 0, or -1 when no thread could be started. */
int puzzle_pool_run(const puzzle_settings *s, int count, int jobs,
                    void (*work)(void *ctx, int i, analyse_engine *ae),
                    void (*done)(void *ctx, int i), void *ctx, const char *what);

#endif
