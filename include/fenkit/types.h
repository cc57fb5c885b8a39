/* fenkit: the values every layer shares. Squares, colours, the 13 square
 * contents and bitboards. */
#ifndef FENKIT_TYPES_H
#define FENKIT_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "fenkit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A set of squares, bit i for square i (a1 = 0, b1 = 1, ..., h8 = 63). */
typedef uint64_t fk_bitboard;

/* A square index 0..63, a1 = 0, h8 = 63; FK_NO_SQUARE where none. */
typedef int fk_square;
#define FK_NO_SQUARE 64
#define FK_SQUARE(file, rank) ((fk_square)((rank) * 8 + (file)))
#define FK_FILE_OF(sq) ((sq) & 7)
#define FK_RANK_OF(sq) ((sq) >> 3)
#define FK_BIT(sq) ((fk_bitboard)1 << (sq))
/* The light squares (b1, a2, ...; a1 is dark). */
#define FK_LIGHT_SQUARES ((fk_bitboard)0x55AA55AA55AA55AAULL)

typedef enum { FK_WHITE = 0, FK_BLACK = 1 } fk_color;

/* Piece kinds without colour. */
typedef enum {
    FK_PAWN = 0,
    FK_KNIGHT,
    FK_BISHOP,
    FK_ROOK,
    FK_QUEEN,
    FK_KING,
    FK_KIND_COUNT
} fk_kind;

/* The 13 contents of a square. The same enum names a FEN letter, a scanner
 * class and a piece to draw: there is no second list anywhere. */
typedef enum {
    FK_EMPTY = 0,
    FK_WP, FK_WN, FK_WB, FK_WR, FK_WQ, FK_WK,
    FK_BP, FK_BN, FK_BB, FK_BR, FK_BQ, FK_BK,
    FK_PIECE_COUNT /* 13 */
} fk_piece;

#define FK_MAKE_PIECE(color, kind) ((fk_piece)(1 + (color) * 6 + (kind)))
#define FK_PIECE_COLOR(p) ((fk_color)(((p) - 1) / 6))
#define FK_PIECE_KIND(p) ((fk_kind)(((p) - 1) % 6))

/* The FEN letter of each piece, indexed by fk_piece ('.' for FK_EMPTY): the
 * one list of letters. */
#define FK_PIECE_LETTERS ".PNBRQKpnbrqk"
/* The FEN letter of a piece ('P', 'n', ...), '.' for FK_EMPTY, '?' for a
 * value that is no piece. */
static inline char fk_piece_to_char(fk_piece piece) {
    return (unsigned)piece < FK_PIECE_COUNT ? FK_PIECE_LETTERS[piece] : '?';
}
/* The piece of a FEN letter, or FK_EMPTY when the letter names no piece. */
FK_API fk_piece fk_piece_from_char(char c);
/* Writes the square's name ("e4") into out[3]; "-" for FK_NO_SQUARE. */
FK_API void fk_square_name(fk_square sq, char out[3]);
/* The square named by two characters ("e4"), or FK_NO_SQUARE. */
FK_API fk_square fk_square_parse(const char *text);
/* A short English name of a piece: "white knight". */
FK_API const char *fk_piece_name(fk_piece piece);

#ifdef __cplusplus
}
#endif
#endif
