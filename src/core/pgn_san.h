/* The PGN reader's fast path for SAN (private to the core). */
#ifndef FENKIT_PGN_SAN_H
#define FENKIT_PGN_SAN_H

#include "fenkit/moves.h"

/* Reads an ordinary move in SAN (a piece or pawn move with the usual
 * letters, or castling written with the letter O; not en passant) from
 * attack tables, without a list of every legal move (except for castling). `in_check`: the side to
 * move is in check. Returns 1 when text names exactly one legal move: *move is set and `san` (16
 * bytes) receives its standard SAN without the check mark. Returns 0 when the full SAN reader must
 * decide (anything unusual, ambiguous or illegal). The attack tables must be built
 * (core_attacks_init). */
int pgn_san_fast(const fk_position *pos, int in_check, const char *text, size_t len,
                 fk_move *move, char *san);

/* Appends "#" to san when `after`, the position after the move, whose side
 * to move is in check, is checkmate, else "+". */
void pgn_san_mark_check(const fk_position *after, char *san);

#endif
