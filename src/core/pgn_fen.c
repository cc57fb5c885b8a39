/* The FEN of each position the PGN reader replays. Consecutive positions
 * of a game differ in one or two ranks, so the text of every rank is kept
 * with the board bytes it was made from and only the ranks a move touched
 * are written again; the castling field is kept while the rights stay the
 * same. The text is always fk_fen_write's, byte for byte. */
#include <string.h>

#include "fenkit/moves.h"
#include "pgn_fen.h"

void pgn_fen_reset(pgn_fen_cache *cache) {
    /* No square holds 0xFF, so every rank is written on the next call. */
    memset(cache->rank_board, 0xFF, sizeof cache->rank_board);
    cache->castling_len = 0;
}

/* Writes the text of one rank (8 board bytes, a-file first) into out (8
 * bytes); returns its length. */
static uint8_t put_rank(const uint8_t *squares, char *out) {
    uint8_t n = 0;
    int empty = 0;
    for (int file = 0; file < 8; file++) {
        if (squares[file] == FK_EMPTY) {
            empty++;
            continue;
        }
        if (empty) out[n++] = (char)('0' + empty);
        empty = 0;
        out[n++] = fk_piece_to_char((fk_piece)squares[file]);
    }
    if (empty) out[n++] = (char)('0' + empty);
    return n;
}

/* Makes the castling field of pos afresh, taking it from fk_fen_write so
 * that the letters are the FEN writer's own. */
static void remake_castling(pgn_fen_cache *cache, const fk_position *pos) {
    char fen[FK_FEN_MAX];
    fk_fen_write(pos, FK_EP_ALWAYS, fen, sizeof fen);
    const char *field = strchr(strchr(fen, ' ') + 1, ' ') + 1;
    size_t len = (size_t)(strchr(field, ' ') - field);
    memcpy(cache->castling_text, field, len);
    cache->castling_len = (uint8_t)len;
    cache->castling = pos->castling;
}

/* Appends the decimal digits of v to p; returns the end. */
static char *put_uint(char *p, uint32_t v) {
    char digits[10];
    int d = 0;
    do {
        digits[d++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (d) *p++ = digits[--d];
    return p;
}

size_t pgn_fen_write(pgn_fen_cache *cache, const fk_position *pos, fk_ep_mode ep, char *buf,
                     size_t cap) {
    /* Outside standard castling the letters depend on where the kings and
     * rooks stand (X-FEN, Chess960): no shortcut for those. */
    if (pos->castling_style != FK_CASTLING_STANDARD || pos->chess960)
        return fk_fen_write(pos, ep, buf, cap);
    /* Each rank's text is copied as 8 bytes whatever its length: room for
     * the overhang past the longest FEN. */
    char out[FK_FEN_MAX + 8], *p = out;
    for (int rank = 7; rank >= 0; rank--) {
        uint64_t squares;
        memcpy(&squares, pos->board + 8 * rank, 8);
        if (squares != cache->rank_board[rank]) {
            cache->rank_board[rank] = squares;
            cache->rank_len[rank] = put_rank(pos->board + 8 * rank, cache->rank_text[rank]);
        }
        memcpy(p, cache->rank_text[rank], 8);
        p += cache->rank_len[rank];
        *p++ = '/';
    }
    p[-1] = ' ';
    *p++ = pos->side == FK_BLACK ? 'b' : 'w';
    *p++ = ' ';
    if (!cache->castling_len || cache->castling != pos->castling) remake_castling(cache, pos);
    memcpy(p, cache->castling_text, cache->castling_len);
    p += cache->castling_len;
    *p++ = ' ';
    if (pos->ep_square < 64 && (ep == FK_EP_ALWAYS || fk_position_ep_capturable(pos))) {
        *p++ = (char)('a' + FK_FILE_OF(pos->ep_square));
        *p++ = (char)('1' + FK_RANK_OF(pos->ep_square));
    } else {
        *p++ = '-';
    }
    *p++ = ' ';
    p = put_uint(p, pos->halfmove);
    *p++ = ' ';
    p = put_uint(p, pos->fullmove);
    size_t n = (size_t)(p - out);
    if (cap < n + 1) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    memcpy(buf, out, n);
    buf[n] = '\0';
    return n;
}
