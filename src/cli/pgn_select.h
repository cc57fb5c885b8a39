/* fenkit pgn: which games to keep. Tests on the tags, the result, the
 * length, the final checkmate, the material and the positions reached,
 * all of which a game must pass, and duplicates (the same moves from the
 * same start) dropped. */
#ifndef FENKIT_CLI_PGN_SELECT_H
#define FENKIT_CLI_PGN_SELECT_H

#include <regex.h>
#include <stddef.h>

#include "fenkit/pgn.h"

#define PGN_SELECT_MAX 16

/* One --tag test: NAME=VALUE, NAME!=VALUE, NAME~REGEX, NAME>=N, ... */
typedef struct {
    char name[64];
    int op;
    const char *value;
    double number; /* value as a number, when it is one */
    int is_number;
    regex_t regex; /* for ~ */
} pgn_tag_test;

/* A placement with wildcards, for --reaches: the squares it names (care)
 * and, for each content (FK_EMPTY included), where it must stand. */
typedef struct {
    fk_bitboard care;
    fk_bitboard want[FK_PIECE_COUNT];
    int side; /* FK_WHITE, FK_BLACK, or -1 for either */
} pgn_pattern;

/* --material: how many of each piece, exactly. */
typedef struct {
    int count[FK_PIECE_COUNT];
    int total;
} pgn_material;

typedef struct {
    pgn_tag_test tags[PGN_SELECT_MAX];
    int tag_count;
    unsigned results; /* one bit per result (see pgn_select.c); 0: any */
    int checkmate;
    long min_plies, max_plies; /* -1: no bound */
    pgn_material material[PGN_SELECT_MAX];
    int material_count;
    pgn_pattern reaches[PGN_SELECT_MAX];
    int reach_count;
    int dedupe;
    /* the duplicate table: the hash of each kept game's moves and the
     * number of the game that had them first */
    uint64_t *seen;
    long *seen_game;
    size_t seen_cap, seen_used;
    /* the game being read */
    int reached, material_seen;
    uint64_t line_hash;
    fk_position last; /* the last main-line position, for --checkmate */
    /* totals */
    long selected, rejected, duplicates;
} pgn_select;

/* Starts with no test: every game is selected. */
void pgn_select_init(pgn_select *sel);
void pgn_select_free(pgn_select *sel);

/* Each adds the test an option's value gives. Returns 0, or -1 with why
 * (cap bytes) saying what is wrong with the value. */
int pgn_select_add_tag(pgn_select *sel, const char *text, char *why, size_t cap);
int pgn_select_add_result(pgn_select *sel, const char *text, char *why, size_t cap);
int pgn_select_set_plies(pgn_select *sel, const char *text, char *why, size_t cap);
int pgn_select_add_material(pgn_select *sel, const char *text, char *why, size_t cap);
int pgn_select_add_reaches(pgn_select *sel, const char *text, char *why, size_t cap);

/* 1 when some test looks past the tags: the game's moves must be replayed
 * and its verdict waits for its end. */
int pgn_select_deferred(const pgn_select *sel);

/* 1 when the tests need the game's moves replayed (its tags, Result tag
 * included, decide the rest). */
int pgn_select_needs_moves(const pgn_select *sel, const fk_pgn_game *game);

/* At FK_PGN_GAME: 1 when the tags pass (the game may still fail at its
 * end), 0 when the game is already out. */
int pgn_select_game_start(pgn_select *sel, const fk_pgn_game *game, const fk_pgn_ply *start);
/* At each FK_PGN_PLY of the main line. */
void pgn_select_ply(pgn_select *sel, const fk_pgn_ply *ply);
/* At FK_PGN_GAME_END of a game whose tags passed: 1 when the game is
 * selected. A game dropped as a duplicate sets *first to the number of
 * the game it repeats (else *first is 0). */
int pgn_select_game_end(pgn_select *sel, const fk_pgn_game *game, long number, long *first);

#endif
