/* Internal to the core: the hot, inline pieces of the rules that several
 * files share (attack queries and making a move), so that the generator and
 * perft can inline them. */
#ifndef FENKIT_CORE_RULES_H
#define FENKIT_CORE_RULES_H

#include <string.h>

#include "bitboard.h"
#include "fenkit/moves.h"

#define FK_FILE_A 0x0101010101010101ULL
#define FK_FILE_H 0x8080808080808080ULL
#define FK_RANK_1 0x00000000000000FFULL

/* The first square of color's back rank (a1 or a8). */
FK_INLINE fk_square fk_back_base(int color) { return color ? 56 : 0; }
/* color's back rank as a set. */
FK_INLINE fk_bitboard fk_back_rank(int color) { return FK_RANK_1 << fk_back_base(color); }
/* A pawn's step forward for color: +8 or -8. */
FK_INLINE int fk_pawn_step(int color) { return color ? -8 : 8; }
/* Shifts a set by delta squares (up for positive, down for negative). */
FK_INLINE fk_bitboard fk_shift(fk_bitboard b, int delta) {
    return delta > 0 ? b << delta : b >> -delta;
}

/* Pieces of colour `by` attacking sq, with the given occupancy. */
FK_INLINE fk_bitboard fk_attackers(const fk_position *pos, fk_square sq, int by,
                                   fk_bitboard occupied) {
    const fk_bitboard *k = pos->by_kind;
    return ((core_tables.pawn[!by][sq] & k[FK_PAWN]) | (core_tables.knight[sq] & k[FK_KNIGHT]) |
            (core_tables.king[sq] & k[FK_KING]) |
            (fk_bishop_att(sq, occupied) & (k[FK_BISHOP] | k[FK_QUEEN])) |
            (fk_rook_att(sq, occupied) & (k[FK_ROOK] | k[FK_QUEEN]))) &
           pos->by_color[by];
}

/* The pieces of `from` (a set) that reach sq along a clear line through
 * `occupied`: the squares between hold nothing. */
FK_INLINE fk_bitboard fk_clear_lines(fk_bitboard from, fk_square sq, fk_bitboard occupied) {
    fk_bitboard hits = 0;
    /* no branch on the outcome: which line is clear is hard to predict */
    for (; from; from &= from - 1)
        hits |=
            (from & -from) & ((core_tables.between[sq][fk_lsb(from)] & occupied) == 0 ? ~0ULL : 0);
    return hits;
}

/* Pieces of colour `by` attacking sq, as fk_attackers finds them, but with
 * the sliders found from the empty-board rays and the squares between.
 * Those tables are small and stay in cache, where the slider lookups
 * reach into 800 KB; few sliders stand on a line with sq, so this is the
 * faster way for a single square. */
FK_INLINE fk_bitboard fk_attackers_near(const fk_position *pos, fk_square sq, int by,
                                        fk_bitboard occupied) {
    const fk_bitboard *k = pos->by_kind;
    fk_bitboard them = pos->by_color[by];
    fk_bitboard snipers = ((core_tables.rook_empty[sq] & (k[FK_ROOK] | k[FK_QUEEN])) |
                           (core_tables.bishop_empty[sq] & (k[FK_BISHOP] | k[FK_QUEEN]))) &
                          them;
    return (((core_tables.pawn[!by][sq] & k[FK_PAWN]) | (core_tables.knight[sq] & k[FK_KNIGHT]) |
             (core_tables.king[sq] & k[FK_KING])) &
            them) |
           fk_clear_lines(snipers, sq, occupied);
}

/* 1 when color's king is attacked (0 when it has no king). */
FK_INLINE int fk_king_attacked(const fk_position *pos, int color) {
    fk_bitboard kings = pos->by_color[color] & pos->by_kind[FK_KING];
    return kings && fk_attackers_near(pos, fk_lsb(kings), !color, fk_position_occupied(pos)) != 0;
}

/* FK_PIECE_COLOR and FK_PIECE_KIND of a piece (1..12) without their
 * division: black pieces are the ones above FK_WK. */
FK_INLINE int fk_color_of(int piece) { return piece > FK_WK; }
FK_INLINE int fk_kind_of(int piece) { return piece - 1 - 6 * (piece > FK_WK); }

/* Puts piece on the empty square sq (hot path: no checks). */
FK_INLINE void fk_board_put(fk_position *pos, fk_square sq, int piece) {
    pos->board[sq] = (uint8_t)piece;
    pos->by_color[fk_color_of(piece)] |= FK_BIT(sq);
    pos->by_kind[fk_kind_of(piece)] |= FK_BIT(sq);
}

/* Takes piece (which must stand there) off sq. */
FK_INLINE void fk_board_take(fk_position *pos, fk_square sq, int piece) {
    pos->board[sq] = FK_EMPTY;
    pos->by_color[fk_color_of(piece)] &= ~FK_BIT(sq);
    pos->by_kind[fk_kind_of(piece)] &= ~FK_BIT(sq);
}

/* Plays a legal move in place (see fk_move_make). En passant and castling
 * are recognised from the board, so a move built by hand works too. */
FK_INLINE void fk_make(fk_position *pos, fk_move m) {
    int us = pos->side;
    fk_square from = m.from, to = m.to;
    int piece = pos->board[from], target = pos->board[to];
    int kind = fk_kind_of(piece);
    int ep = pos->ep_square;
    pos->ep_square = FK_NO_SQUARE;
    pos->halfmove++;
    if (kind == FK_KING && target == (int)FK_MAKE_PIECE(us, FK_ROOK)) {
        /* Castling, stored as king takes own rook. */
        fk_square base = fk_back_base(us);
        int kingside = to > from;
        fk_board_take(pos, from, piece);
        fk_board_take(pos, to, target);
        fk_board_put(pos, base + (kingside ? 6 : 2), piece);
        fk_board_put(pos, base + (kingside ? 5 : 3), target);
        pos->castling &= ~fk_back_rank(us);
    } else {
        if (target != FK_EMPTY) {
            fk_board_take(pos, to, target);
            pos->halfmove = 0;
        }
        fk_board_take(pos, from, piece);
        if (kind == FK_PAWN) {
            pos->halfmove = 0;
            if (to == ep && target == FK_EMPTY)
                fk_board_take(pos, to - fk_pawn_step(us), FK_MAKE_PIECE(!us, FK_PAWN));
            else if (to - from == 2 * fk_pawn_step(us))
                pos->ep_square = (uint8_t)(from + fk_pawn_step(us));
            if (m.promotion) piece = FK_MAKE_PIECE(us, m.promotion);
        } else if (kind == FK_KING) {
            pos->castling &= ~fk_back_rank(us);
        }
        fk_board_put(pos, to, piece);
        pos->castling &= ~(FK_BIT(from) | FK_BIT(to));
    }
    pos->fullmove += (uint32_t)us;
    pos->side = (uint8_t)!us;
}

/* Number of legal moves, without writing them out (internal, for perft). */
int core_moves_count(const fk_position *pos);
/* The legal castling moves of the side to move (at most one to each side)
 * into out, from the generator's own castling code; returns how many. */
int core_moves_castling(const fk_position *pos, fk_move out[2]);

/* fk_move_parse_san without its fast path: the legal moves are listed and
 * matched against the text (for anything unusual, and the words of every
 * error). */
fk_status core_san_parse_listed(const fk_position *pos, const char *text, size_t len, fk_move *move,
                                fk_error *err);

/* Fills err (when not NULL) with status, offset and a formatted sentence;
 * returns status. */
fk_status core_error_set(fk_error *err, fk_status status, int offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Writes the moves of list in SAN (disambiguated against all the legal
 * moves, `legal`), comma-separated, into buf; ends with "… (N more)" when
 * they do not all fit. Returns buf. */
const char *core_moves_describe(const fk_position *pos, const fk_movelist *legal,
                                const fk_movelist *list, char *buf, size_t cap);

/* What decides a repetition (FIDE): placement, side to move, castling
 * rights, and the en passant square only when a capture is possible. */
typedef struct {
    fk_bitboard by_color[2];
    fk_bitboard by_kind[FK_KIND_COUNT];
    fk_bitboard castling;
    uint8_t side, ep, pad[6];
} core_rep_key;
/* Keys are compared with memcmp: every byte is a field or pad, all set. */
_Static_assert(sizeof(core_rep_key) == 10 * sizeof(fk_bitboard), "core_rep_key has hidden padding");

FK_INLINE void core_rep_key_make(const fk_position *pos, core_rep_key *key) {
    memset(key->pad, 0, sizeof key->pad); /* the rest is all written below */
    memcpy(key->by_color, pos->by_color, sizeof key->by_color);
    memcpy(key->by_kind, pos->by_kind, sizeof key->by_kind);
    key->castling = pos->castling;
    key->side = pos->side;
    key->ep = pos->ep_square != FK_NO_SQUARE && fk_position_ep_capturable(pos)
                  ? pos->ep_square
                  : FK_NO_SQUARE;
}

/* 1 when two keys are equal; the first word settles nearly every
 * comparison without a call. */
FK_INLINE int core_rep_key_same(const core_rep_key *a, const core_rep_key *b) {
    return a->by_color[0] == b->by_color[0] && memcmp(a, b, sizeof *a) == 0;
}

#endif
