/* libFuzzer target for the rules. The first line is a FEN; each further
 * line is read as SAN and as UCI. For a position whose moves are defined,
 * every legal move must leave the mover's king safe and keep the board
 * consistent, and its SAN and UCI must read back to the same move; any
 * move text that reads must be one of the legal moves. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/core.h"
#include "fenkit/moves.h"

/* 1 when the rules are defined here: one king each, no pawn on a back
 * rank, the side not to move not in check. */
static int playable(const fk_position *pos) {
    fk_bitboard kings = pos->by_kind[FK_KING];
    if (__builtin_popcountll(kings & pos->by_color[0]) != 1 ||
        __builtin_popcountll(kings & pos->by_color[1]) != 1)
        return 0;
    if (pos->by_kind[FK_PAWN] & 0xFF000000000000FFULL) return 0;
    return !fk_position_in_check(pos, (fk_color)!pos->side);
}

/* Aborts unless the board array and the bitboards agree. */
static void require_consistent(const fk_position *pos) {
    for (int sq = 0; sq < 64; sq++) {
        fk_piece p = fk_position_at(pos, sq);
        fk_bitboard bit = FK_BIT(sq);
        if (p == FK_EMPTY) {
            if (fk_position_occupied(pos) & bit) abort();
        } else if (!(fk_position_pieces(pos, p) & bit)) {
            abort();
        }
    }
}

/* 1 when m is one of the moves of list. */
static int in_list(const fk_movelist *list, fk_move m) {
    for (int i = 0; i < list->count; i++)
        if (memcmp(&list->moves[i], &m, sizeof m) == 0) return 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    const char *newline = memchr(text, '\n', size);
    size_t fen_len = newline ? (size_t)(newline - text) : size;
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    if (fk_fen_parse(text, fen_len, FK_FEN_TOLERANT, &pos, &problems) != FK_OK) return 0;
    fk_position_status(&pos);
    fk_position_ep_capturable(&pos);
    if (!playable(&pos)) return 0;

    fk_movelist list;
    int count = fk_moves_generate(&pos, &list);
    if (count != list.count || count < 0 || count > FK_MAX_MOVES) abort();
    if ((uint64_t)count != fk_perft(&pos, 1)) abort();
    int ep_moves = 0;
    for (int i = 0; i < count; i++) {
        fk_move m = list.moves[i], back;
        fk_position next = pos;
        fk_move_make(&next, m);
        require_consistent(&next);
        if (fk_position_in_check(&next, (fk_color)pos.side)) abort();
        ep_moves += (m.flags & FK_MOVE_EN_PASSANT) != 0;
        char san[16], uci[16];
        size_t len = fk_move_to_san(&pos, m, san, sizeof san);
        if (fk_move_parse_san(&pos, san, len, &back, NULL) != FK_OK || memcmp(&back, &m, sizeof m)) abort();
        len = fk_move_to_uci(&pos, m, uci, sizeof uci);
        if (fk_move_parse_uci(&pos, uci, len, &back, NULL) != FK_OK || memcmp(&back, &m, sizeof m)) abort();
    }
    if ((ep_moves > 0) != fk_position_ep_capturable(&pos)) abort();

    /* Every further line, as SAN and as UCI. */
    for (const char *at = newline; at && at < text + size;) {
        const char *start = at + 1;
        const char *end = memchr(start, '\n', (size_t)(text + size - start));
        size_t len = end ? (size_t)(end - start) : (size_t)(text + size - start);
        fk_move m;
        fk_error err = {FK_OK, -1, ""};
        if (fk_move_parse_san(&pos, start, len, &m, &err) == FK_OK && !in_list(&list, m)) abort();
        if (fk_move_parse_uci(&pos, start, len, &m, &err) == FK_OK && !in_list(&list, m)) abort();
        if (memchr(err.message, '\0', sizeof err.message) == NULL) abort();
        at = end;
    }
    return 0;
}
