/* fenkit: moves. Legal move generation, making moves, SAN and UCI, game
 * status and perft. */
#ifndef FENKIT_MOVES_H
#define FENKIT_MOVES_H

#include "fenkit/error.h"
#include "fenkit/fen.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FK_MOVE_CAPTURE = 1 << 0,
    FK_MOVE_EN_PASSANT = 1 << 1,
    FK_MOVE_CASTLE = 1 << 2, /* `to` is the castling rook's square */
    FK_MOVE_DOUBLE_PUSH = 1 << 3
};

/* A move. Castling is stored as the king taking its own rook (from = king
 * square, to = rook square), which works for Chess960 too. */
typedef struct {
    uint8_t from;
    uint8_t to;
    uint8_t promotion; /* fk_kind promoted to, or 0 (FK_PAWN) for none */
    uint8_t flags;
} fk_move;

/* Enough for any board a FEN can describe, however impossible: at most 16
 * pieces reach a square (the first piece on each of 8 rays, 8 knights), a
 * promotion square counts its 3 pawns four times, plus castling and en
 * passant. Legal game positions have at most 218 moves. */
#define FK_MAX_MOVES 1104

typedef struct {
    int count;
    fk_move moves[FK_MAX_MOVES];
} fk_movelist;

/* Every legal move of the side to move. Returns the count. */
FK_API int fk_moves_generate(const fk_position *pos, fk_movelist *list);

/* Plays a legal move on pos in place: castling, en passant, promotion,
 * castling rights, counters. The en passant square is set after every
 * double push (the `always` convention; fk_fen_write picks what to write). */
FK_API void fk_move_make(fk_position *pos, fk_move move);

/* Taking moves back. A position is plain data, so undoing a move means
 * keeping the position from before it (copy-make: 152 bytes, no slower than
 * unmaking a move piece by piece, and it cannot get the castling rights or
 * the counters wrong). fk_move_push plays a legal move and fills `undo`;
 * fk_move_pop restores the position and returns the move taken back. An
 * array of fk_undo, pushed and popped in order, is a game's move stack:
 *
 *     fk_undo stack[64]; int n = 0;
 *     fk_move_push(&pos, move, &stack[n++]);
 *     ...
 *     fk_move last = fk_move_pop(&pos, &stack[--n]);
 */
typedef struct {
    fk_position before; /* the position before the move */
    fk_move move;       /* the move played */
} fk_undo;
FK_API void fk_move_push(fk_position *pos, fk_move move, fk_undo *undo);
FK_API fk_move fk_move_pop(fk_position *pos, const fk_undo *undo);

/* 1 when the side to move has a legal en passant capture. */
FK_API int fk_position_ep_capturable(const fk_position *pos);

/* SAN of a legal move ("Nbd2", "exd6", "e8=Q+", "O-O", "Qh4#"), written
 * zero-terminated into buf. Returns the length (0, with "", when no piece
 * stands on the move's from square). */
FK_API size_t fk_move_to_san(const fk_position *pos, fk_move move, char *buf, size_t cap);
/* Reads a move in SAN as people write it (see the README). On failure
 * returns FK_ERR_SYNTAX, FK_ERR_INVALID (illegal) or FK_ERR_AMBIGUOUS with
 * the legal candidates in err->message. err may be NULL. */
FK_API fk_status fk_move_parse_san(const fk_position *pos, const char *text, size_t len,
                                   fk_move *move, fk_error *err);
/* UCI text of a move ("e2e4", "e7e8q"; castling as e1g1, or king takes rook
 * when pos->chess960 or when king and rook are not on their standard
 * files). Returns the length. */
FK_API size_t fk_move_to_uci(const fk_position *pos, fk_move move, char *buf, size_t cap);
/* Reads a UCI move (promotion letter in either case; castling as king takes
 * rook, or outside Chess960 as the king's step). Errors as for SAN. */
FK_API fk_status fk_move_parse_uci(const fk_position *pos, const char *text, size_t len,
                                   fk_move *move, fk_error *err);

/* Game status flags. */
enum {
    FK_STATUS_CHECK = 1 << 0,
    FK_STATUS_CHECKMATE = 1 << 1,
    FK_STATUS_STALEMATE = 1 << 2,
    FK_STATUS_INSUFFICIENT = 1 << 3, /* dead position, cheap cases */
    FK_STATUS_FIFTY_CLAIMABLE = 1 << 4, /* halfmove clock >= 100 */
    FK_STATUS_SEVENTY_FIVE = 1 << 5     /* halfmove clock >= 150 */
};
FK_API unsigned fk_position_status(const fk_position *pos);
/* The stable name of one FK_STATUS_* game-status flag (not an fk_status:
 * fk_strerror says what those mean), as JSON output writes it
 * ("check", "checkmate", "stalemate", "insufficient-material",
 * "fifty-move-claimable", "seventy-five-move"), or NULL for anything else.
 * Walk a status with `for (unsigned f = 1; f <= FK_STATUS_LAST; f <<= 1)`. */
FK_API const char *fk_status_name(unsigned flag);
#define FK_STATUS_LAST FK_STATUS_SEVENTY_FIVE

/* Number of leaf nodes at `depth` plies. */
FK_API uint64_t fk_perft(const fk_position *pos, int depth);

/* EPD: a position's first four FEN fields, then operations, each an
 * opcode, its operands and a ';' ("bm Nf3 Nc3; id \"WAC.001\";"). Declared
 * here since its best moves are moves. */
#define FK_EPD_MAX_OPS 32
typedef struct {
    char opcode[16];    /* "bm", "id", "c0", "ce", "pv", ... */
    char operands[512]; /* as written, single spaces between them; a
                           quoted string without its quotes */
    int quoted;         /* the operand was one quoted string */
    int offset;         /* byte offset of the opcode in the text read */
} fk_epd_op;

typedef struct {
    int count;
    fk_epd_op ops[FK_EPD_MAX_OPS];
} fk_epd_ops;

/* Reads an EPD line. The four fields are read as fk_fen_parse reads a FEN
 * (flags and problems as there); the hmvc and fmvn operations set the
 * counters (else 0 and 1). Returns FK_OK; FK_ERR_SYNTAX with problems when
 * the position cannot be read, or with err (which may be NULL: its offset
 * and sentence) when an operation cannot; FK_ERR_RANGE with err past
 * FK_EPD_MAX_OPS operations or an operand too long. */
FK_API fk_status fk_epd_parse(const char *text, size_t len, unsigned flags, fk_position *pos,
                       fk_epd_ops *ops, fk_problems *problems, fk_error *err);
/* The operation with this opcode, or NULL. */
FK_API const fk_epd_op *fk_epd_find(const fk_epd_ops *ops, const char *opcode);
/* Writes an EPD line: the position's four fields (ep as for fk_fen_write),
 * then each operation ("opcode operands;", a quoted operand in quotes),
 * separated by spaces. Returns the length, or 0 when cap is too small. */
FK_API size_t fk_epd_write(const fk_position *pos, const fk_epd_ops *ops, fk_ep_mode ep, char *buf,
                    size_t cap);

#ifdef __cplusplus
}
#endif
#endif
