/* Move generation. PLACEHOLDER: replaced by the rules work. */
#include "fenkit/moves.h"

int fk_moves_generate(const fk_position *pos, fk_movelist *list) {
    (void)pos;
    list->count = 0;
    return 0;
}
void fk_move_make(fk_position *pos, fk_move move) { (void)pos; (void)move; }
int fk_position_ep_capturable(const fk_position *pos) {
    /* Pseudo-legal until the move generator lands: a pawn of the side to
     * move attacks the en passant square. */
    if (pos->ep_square == FK_NO_SQUARE) return 0;
    fk_piece own_pawn = FK_MAKE_PIECE(pos->side, FK_PAWN);
    return (fk_pawn_attacks((fk_color)!pos->side, pos->ep_square) &
            fk_position_pieces(pos, own_pawn)) != 0;
}
size_t fk_move_to_san(const fk_position *pos, fk_move move, char *buf, size_t cap) {
    (void)pos; (void)move;
    if (cap) buf[0] = '\0';
    return 0;
}
fk_status fk_move_parse_san(const fk_position *pos, const char *text, size_t len,
                            fk_move *move, fk_error *err) {
    (void)pos; (void)text; (void)len; (void)move; (void)err;
    return FK_ERR_INVALID;
}
size_t fk_move_to_uci(const fk_position *pos, fk_move move, char *buf, size_t cap) {
    (void)pos; (void)move;
    if (cap) buf[0] = '\0';
    return 0;
}
fk_status fk_move_parse_uci(const fk_position *pos, const char *text, size_t len,
                            fk_move *move, fk_error *err) {
    (void)pos; (void)text; (void)len; (void)move; (void)err;
    return FK_ERR_INVALID;
}
unsigned fk_position_status(const fk_position *pos) { (void)pos; return 0; }
uint64_t fk_perft(const fk_position *pos, int depth) { (void)pos; (void)depth; return 0; }
