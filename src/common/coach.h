/* The coach's sentences, in the reader's language: the placement read rank
 * by rank and what changed between two positions. Shared by the command
 * line and the web server (not part of the installed library); the core
 * gives the codes (fenkit/placement.h, fenkit/diff.h), these word them. */
#ifndef FENKIT_COMMON_COACH_H
#define FENKIT_COMMON_COACH_H

#include <stdio.h>

#include "fenkit/core.h"

/* A piece named in the reader's language, with its colour when with_color:
 * "a black pawn", "black pawns" (n > 1), "the king". */
const char *coach_men(fk_piece piece, int n, int with_color);

/* Writes into buf (zero-terminated, truncated at cap) one rank read aloud:
 * "pp1ppppp: rank 7, black pawns on a7 and b7, c7 empty, pawns on d7 to
 * h7". `text` is the rank's own text (r->length bytes). */
void coach_rank(char *buf, size_t cap, const char *text, const fk_rank_reading *r);

/* Writes the placement at the start of a FEN rank by rank, one line each
 * after `indent`, then a line when it does not hold eight ranks. Returns
 * the number of ranks that do not add up to eight squares (a missing or
 * extra rank counts too). */
int coach_placement(FILE *out, const char *fen, size_t len, const char *indent);

/* Writes, into buf (zero-terminated, truncated to cap), the position read
 * back field by field in the reader's language, the way a coach reads a FEN
 * aloud: side to move, castling, en passant, the counters, material and
 * status, a line each. Returns the length it needed (like snprintf). */
size_t coach_fields(const fk_position *pos, char *buf, size_t cap);

/* The side to move named in the reader's language ("White"). */
const char *coach_color(fk_color c);

/* A number as a word where it is small ("two"), else in digits, written into
 * buf. Returns buf. */
const char *coach_number(int n, char *buf, size_t cap);

/* Writes the moves of a line from `from` in SAN with move numbers ("1.e4 c5
 * 2.Nf3", "1...c5 2.Nf3") into buf. Returns buf. */
const char *coach_line_san(const fk_position *from, const fk_move *moves, int plies, char *buf,
                           size_t cap);

/* Writes into buf the words for one man's change: "a white pawn went from e2
 * to e4 (rank 2: PPPPPPPP to PPPP1PPP; rank 4: 8 to 4P3)". */
void coach_man_change(char *buf, size_t cap, const fk_man_change *c, const fk_position *a,
                      const fk_position *b);

/* Writes what changed from a to b, one line per field (the men, side to
 * move, castling rights, en passant, the counters), then the moves found
 * between them: `lines` as fk_moves_between gave it, or NULL when they
 * were not looked for. */
void coach_diff(FILE *out, const fk_position *a, const fk_position *b, const fk_lines *lines);

#endif
