/* The position: the one place that changes the board, and attack queries. */
#include <assert.h>
#include <string.h>

#include "fenkit/position.h"
#include "rules.h"

void fk_position_clear(fk_position *pos) {
    memset(pos, 0, sizeof *pos);
    pos->ep_square = FK_NO_SQUARE;
    pos->fullmove = 1;
}

void fk_position_startpos(fk_position *pos) {
    static const fk_kind back[8] = {FK_ROOK, FK_KNIGHT, FK_BISHOP, FK_QUEEN,
                                    FK_KING, FK_BISHOP, FK_KNIGHT, FK_ROOK};
    fk_position_clear(pos);
    for (int file = 0; file < 8; file++) {
        for (int color = FK_WHITE; color <= FK_BLACK; color++) {
            int home = color == FK_WHITE ? 0 : 7;
            int pawns = color == FK_WHITE ? 1 : 6;
            fk_position_put(pos, FK_SQUARE(file, home), FK_MAKE_PIECE(color, back[file]));
            fk_position_put(pos, FK_SQUARE(file, pawns), FK_MAKE_PIECE(color, FK_PAWN));
        }
    }
    pos->castling = FK_BIT(0) | FK_BIT(7) | FK_BIT(56) | FK_BIT(63);
}

void fk_position_put(fk_position *pos, fk_square sq, fk_piece piece) {
    assert(sq >= 0 && sq < 64);
    assert(piece > FK_EMPTY && piece < FK_PIECE_COUNT);
    assert(pos->board[sq] == FK_EMPTY);
    pos->board[sq] = (uint8_t)piece;
    pos->by_color[FK_PIECE_COLOR(piece)] |= FK_BIT(sq);
    pos->by_kind[FK_PIECE_KIND(piece)] |= FK_BIT(sq);
}

void fk_position_remove(fk_position *pos, fk_square sq) {
    assert(sq >= 0 && sq < 64);
    fk_piece piece = (fk_piece)pos->board[sq];
    if (piece == FK_EMPTY) return;
    pos->board[sq] = FK_EMPTY;
    pos->by_color[FK_PIECE_COLOR(piece)] &= ~FK_BIT(sq);
    pos->by_kind[FK_PIECE_KIND(piece)] &= ~FK_BIT(sq);
}

fk_square fk_position_king(const fk_position *pos, fk_color color) {
    fk_bitboard kings = pos->by_color[color] & pos->by_kind[FK_KING];
    return kings ? (fk_square)__builtin_ctzll(kings) : FK_NO_SQUARE;
}

int fk_position_equal(const fk_position *a, const fk_position *b) {
    return memcmp(a->board, b->board, 64) == 0 && a->side == b->side &&
           a->ep_square == b->ep_square && a->castling == b->castling &&
           a->halfmove == b->halfmove && a->fullmove == b->fullmove;
}

fk_bitboard fk_attackers_to(const fk_position *pos, fk_square sq, fk_color by,
                            fk_bitboard occupied) {
    core_attacks_init();
    return fk_attackers(pos, sq, by, occupied);
}

int fk_position_in_check(const fk_position *pos, fk_color color) {
    core_attacks_init();
    return fk_king_attacked(pos, color);
}

fk_bitboard fk_position_checkers(const fk_position *pos) {
    fk_square king = fk_position_king(pos, (fk_color)pos->side);
    if (king == FK_NO_SQUARE) return 0;
    return fk_attackers_to(pos, king, (fk_color)!pos->side, fk_position_occupied(pos));
}
