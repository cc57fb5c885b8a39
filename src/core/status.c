/* Game status: check, checkmate, stalemate, dead positions that are cheap
 * to prove, and the fifty- and seventy-five-move rules. */
#include "rules.h"

/* 1 when neither side can ever checkmate, in the cases that are cheap to
 * prove: bare kings, a single minor piece, or only bishops all standing on
 * squares of one colour. */
static int insufficient_material(const fk_position *pos) {
    const fk_bitboard *k = pos->by_kind;
    if (k[FK_PAWN] | k[FK_ROOK] | k[FK_QUEEN]) return 0;
    fk_bitboard minors = k[FK_KNIGHT] | k[FK_BISHOP];
    if (fk_popcount(minors) <= 1) return 1;
    if (k[FK_KNIGHT]) return 0;
    return !(k[FK_BISHOP] & FK_LIGHT_SQUARES) || !(k[FK_BISHOP] & ~FK_LIGHT_SQUARES);
}

unsigned fk_position_status(const fk_position *pos) {
    unsigned status = 0;
    int check = fk_position_in_check(pos, (fk_color)pos->side);
    if (check) status |= FK_STATUS_CHECK;
    if (core_moves_count(pos) == 0) status |= check ? FK_STATUS_CHECKMATE : FK_STATUS_STALEMATE;
    if (insufficient_material(pos)) status |= FK_STATUS_INSUFFICIENT;
    if (pos->halfmove >= 100) status |= FK_STATUS_FIFTY_CLAIMABLE;
    if (pos->halfmove >= 150) status |= FK_STATUS_SEVENTY_FIVE;
    return status;
}

const char *fk_status_name(unsigned flag) {
    switch (flag) {
    case FK_STATUS_CHECK: return "check";
    case FK_STATUS_CHECKMATE: return "checkmate";
    case FK_STATUS_STALEMATE: return "stalemate";
    case FK_STATUS_INSUFFICIENT: return "insufficient-material";
    case FK_STATUS_FIFTY_CLAIMABLE: return "fifty-move-claimable";
    case FK_STATUS_SEVENTY_FIVE: return "seventy-five-move";
    default: return NULL;
    }
}
