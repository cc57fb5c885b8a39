/* fenkit: what changed between two positions, and the moves that lead from
 * one to the other. Codes and squares only; the layers that talk to people
 * make the sentences. */
#ifndef FENKIT_DIFF_H
#define FENKIT_DIFF_H

#include "fenkit/moves.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    FK_MAN_MOVED,    /* the same man left `from` and stands on `to` */
    FK_MAN_APPEARED, /* a man on `to` that the first board did not have */
    FK_MAN_VANISHED  /* a man on `from` that the second board no longer has */
} fk_man_change_kind;

typedef struct {
    uint8_t kind;  /* fk_man_change_kind */
    uint8_t piece; /* fk_piece */
    uint8_t from;  /* square, FK_NO_SQUARE for FK_MAN_APPEARED */
    uint8_t to;    /* square, FK_NO_SQUARE for FK_MAN_VANISHED */
} fk_man_change;

/* Fields of a FEN besides the placement, as flags of fk_position_diff. */
enum {
    FK_DIFF_SIDE = 1 << 0,
    FK_DIFF_CASTLING = 1 << 1,
    FK_DIFF_EN_PASSANT = 1 << 2,
    FK_DIFF_HALFMOVE = 1 << 3,
    FK_DIFF_FULLMOVE = 1 << 4
};

typedef struct {
    int count;                 /* changes of men, in board order */
    fk_man_change changes[64]; /* at most one per square */
    unsigned fields;           /* FK_DIFF_* of the fields that differ */
} fk_position_diff;

/* Compares two positions: each man that moved (the same piece gone from one
 * square and new on another, paired nearest first), appeared or vanished,
 * and which other fields differ. */
FK_API void fk_position_compare(const fk_position *a, const fk_position *b, fk_position_diff *out);

#define FK_LINE_PLIES_MAX 4
#define FK_LINES_MAX 8

/* The shortest lines of legal moves from one position to another. */
typedef struct {
    int plies; /* length of every line found; -1 when none was found */
    int count; /* lines kept (at most FK_LINES_MAX) */
    int more;  /* further lines of the same length, not kept */
    fk_move moves[FK_LINES_MAX][FK_LINE_PLIES_MAX];
} fk_lines;

/* Finds the shortest lines of at most max_plies (clamped to
 * FK_LINE_PLIES_MAX) legal moves that lead from `from` to `to`: the same
 * men, side to move and castling rights, and the same en passant capture
 * available (an en passant square no pawn can use counts as none).
 * Counters are not compared. Returns out->plies (0 when the positions are
 * already alike). */
FK_API int fk_moves_between(const fk_position *from, const fk_position *to, int max_plies, fk_lines *out);

#ifdef __cplusplus
}
#endif
#endif
