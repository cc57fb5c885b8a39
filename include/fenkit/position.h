/* fenkit: the position, the one value every layer meets in. */
#ifndef FENKIT_POSITION_H
#define FENKIT_POSITION_H

#include "fenkit/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How the castling field was written, so it can be written back that way. */
typedef enum {
    FK_CASTLING_STANDARD = 0, /* KQkq */
    FK_CASTLING_SHREDDER,     /* HAha: rook files */
    FK_CASTLING_XFEN          /* KQkq, a file letter where K/Q is ambiguous */
} fk_castling_style;

/* A chess position. Plain data: copy it with `=`. The board array and the
 * bitboards always agree; change them only through fk_position_put and
 * fk_position_remove (or the move functions), which keep them so.
 *
 * Castling rights are stored as the squares of the rooks that may still
 * castle (a set of back-rank squares), which covers Chess960. A right read
 * from the FEN whose rook is missing is still stored, on the square the
 * FEN's letter points to (h1 for K when there is no rook), so that the
 * checker can report it. */
typedef struct fk_position {
    fk_bitboard by_color[2];           /* all pieces of each colour */
    fk_bitboard by_kind[FK_KIND_COUNT];/* all pieces of each kind */
    uint8_t board[64];                 /* fk_piece per square */
    uint8_t side;                      /* fk_color to move */
    uint8_t ep_square;                 /* en passant target, or FK_NO_SQUARE */
    uint8_t castling_style;            /* fk_castling_style, for writing */
    uint8_t chess960;                  /* 1 when castling needs 960 rules */
    fk_bitboard castling;              /* rook squares with castling rights */
    uint32_t halfmove;                 /* plies since capture or pawn move */
    uint32_t fullmove;                 /* starts at 1, +1 after Black moves */
} fk_position;

/* Sets pos to the empty board, White to move, no rights, counters 0 1. */
FK_API void fk_position_clear(fk_position *pos);
/* Sets pos to the standard starting position. */
FK_API void fk_position_startpos(fk_position *pos);
/* Puts piece on the empty square sq. */
FK_API void fk_position_put(fk_position *pos, fk_square sq, fk_piece piece);
/* Removes whatever stands on sq (nothing happens if it is empty). */
FK_API void fk_position_remove(fk_position *pos, fk_square sq);
/* The content of sq. */
static inline fk_piece fk_position_at(const fk_position *pos, fk_square sq) {
    return (fk_piece)pos->board[sq];
}
/* The squares holding `piece`. */
static inline fk_bitboard fk_position_pieces(const fk_position *pos, fk_piece piece) {
    return pos->by_color[FK_PIECE_COLOR(piece)] & pos->by_kind[FK_PIECE_KIND(piece)];
}
/* All occupied squares. */
static inline fk_bitboard fk_position_occupied(const fk_position *pos) {
    return pos->by_color[0] | pos->by_color[1];
}
/* The square of color's king, or FK_NO_SQUARE when it has none (the lowest
 * one when it has several). */
FK_API fk_square fk_position_king(const fk_position *pos, fk_color color);
/* 1 when the two positions are the same (board, side, rights, ep square,
 * counters); the castling style is not compared. */
FK_API int fk_position_equal(const fk_position *a, const fk_position *b);

/* The position's Polyglot Zobrist key, the one Polyglot opening books are
 * indexed by (463b96181691fc9c for the start position). The en passant
 * file counts only when a pawn of the side to move stands beside the pawn
 * that just moved two squares; the counters are not part of it. */
FK_API uint64_t fk_position_hash(const fk_position *pos);

/* Squares attacked by pieces of colour `by`, with the given occupancy. */
FK_API fk_bitboard fk_attackers_to(const fk_position *pos, fk_square sq, fk_color by,
                                   fk_bitboard occupied);
/* 1 when color's king is attacked (0 when it has no king). */
FK_API int fk_position_in_check(const fk_position *pos, fk_color color);
/* The pieces giving check to the side to move. */
FK_API fk_bitboard fk_position_checkers(const fk_position *pos);

/* Attack tables (computed once, const after that; safe from any thread: see
 * fenkit.h for the rest). */
FK_API fk_bitboard fk_knight_attacks(fk_square sq);
FK_API fk_bitboard fk_king_attacks(fk_square sq);
FK_API fk_bitboard fk_pawn_attacks(fk_color color, fk_square sq);
FK_API fk_bitboard fk_bishop_attacks(fk_square sq, fk_bitboard occupied);
FK_API fk_bitboard fk_rook_attacks(fk_square sq, fk_bitboard occupied);
FK_API fk_bitboard fk_queen_attacks(fk_square sq, fk_bitboard occupied);
/* The squares a piece on sq attacks with the given occupancy, whatever
 * stands on them (a pawn's two diagonals; 0 for FK_EMPTY). */
FK_API fk_bitboard fk_piece_attacks(fk_piece piece, fk_square sq, fk_bitboard occupied);
/* Squares strictly between a and b on a line (empty if not aligned). */
FK_API fk_bitboard fk_between(fk_square a, fk_square b);
/* The whole line through a and b (empty if not aligned). */
FK_API fk_bitboard fk_line(fk_square a, fk_square b);

#ifdef __cplusplus
}
#endif
#endif
