/* UCI move text: "e2e4", "e7e8q"; castling as the king's two-square step,
 * or as king takes rook in Chess960. */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* Where the king lands when it castles with the rook on `rook`. */
static fk_square castle_king_to(fk_move move) {
    fk_square base = move.from & 56;
    return base + (move.to > move.from ? 6 : 2);
}

/* 1 when castling is written as king takes rook: in Chess960, and for any
 * castling other than the standard king on e and rook in the corner (where
 * the king's step could be mistaken for an ordinary king move). */
static int castle_as_rook_capture(const fk_position *pos, fk_move move) {
    int rook_file = FK_FILE_OF(move.to);
    return pos->chess960 || FK_FILE_OF(move.from) != 4 || (rook_file != 0 && rook_file != 7);
}

size_t fk_move_to_uci(const fk_position *pos, fk_move move, char *buf, size_t cap) {
    static const char promo[FK_KIND_COUNT] = {0, 'n', 'b', 'r', 'q', 0};
    char text[6];
    fk_square to = move.to;
    if ((move.flags & FK_MOVE_CASTLE) && !castle_as_rook_capture(pos, move))
        to = castle_king_to(move);
    fk_square_name(move.from, text);
    fk_square_name(to, text + 2);
    size_t len = 4;
    if (move.promotion && move.promotion < FK_KIND_COUNT && promo[move.promotion])
        text[len++] = promo[move.promotion];
    text[len] = '\0';
    if (cap == 0) return len;
    /* what snprintf would write, without its format parsing (a tenth of
     * the time of turning a game into columns) */
    size_t n = len < cap ? len : cap - 1;
    memcpy(buf, text, n);
    buf[n] = '\0';
    return len;
}

/* The promotion kind of a UCI letter (either case), or -1. */
static int promo_kind(char c) {
    switch (c | 0x20) {
    case 'q': return FK_QUEEN;
    case 'r': return FK_ROOK;
    case 'b': return FK_BISHOP;
    case 'n': return FK_KNIGHT;
    default: return -1;
    }
}

fk_status fk_move_parse_uci(const fk_position *pos, const char *text, size_t len,
                            fk_move *move, fk_error *err) {
    char shown[16];
    snprintf(shown, sizeof shown, "%.*s", (int)(len < 12 ? len : 12), text);
    if (len < 4 || len > 5)
        return core_error_set(err, FK_ERR_SYNTAX, 0,
                              "'%s' is not a UCI move: it needs a from and "
                              "a to square, like e2e4 or e7e8q",
                              shown);
    fk_square from = fk_square_parse(text), to = fk_square_parse(text + 2);
    if (from == FK_NO_SQUARE || to == FK_NO_SQUARE)
        return core_error_set(err, FK_ERR_SYNTAX, from == FK_NO_SQUARE ? 0 : 2,
                              "'%s' is not a UCI move: '%.2s' is not a square", shown,
                              text + (from == FK_NO_SQUARE ? 0 : 2));
    int promotion = 0;
    if (len == 5 && (promotion = promo_kind(text[4])) < 0)
        return core_error_set(err, FK_ERR_SYNTAX, 4,
                              "'%s': '%c' is not a promotion piece "
                              "(q, r, b or n)",
                              shown, text[4]);
    fk_movelist list;
    fk_moves_generate(pos, &list);
    /* An ordinary move first; then castling written as king takes rook,
     * or (outside Chess960) as the king's own step. */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < list.count; i++) {
            fk_move m = list.moves[i];
            if (m.from != from) continue;
            int castle = (m.flags & FK_MOVE_CASTLE) != 0;
            if (pass == 0 && (castle || m.to != to || m.promotion != promotion)) continue;
            if (pass == 1 && !(castle && (m.to == to || (!castle_as_rook_capture(pos, m) &&
                                                          castle_king_to(m) == to))))
                continue;
            if (move) *move = m;
            return FK_OK;
        }
    }
    char legal[400];
    core_moves_describe(pos, &list, &list, legal, sizeof legal);
    int needs_piece = 0;
    for (int i = 0; i < list.count; i++)
        needs_piece |= list.moves[i].from == from && list.moves[i].to == to && list.moves[i].promotion;
    if (needs_piece && !promotion)
        return core_error_set(err, FK_ERR_AMBIGUOUS, 4,
                              "%s needs a promotion piece: %.4sq, %.4sr, "
                              "%.4sb or %.4sn",
                              shown, text, text, text, text);
    return core_error_set(err, FK_ERR_INVALID, 0, "%s is not legal here; legal moves: %s", shown,
                          legal);
}
