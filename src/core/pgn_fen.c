/* The FEN of each position the PGN reader replays. Consecutive positions
 * of a game differ in one or two ranks, so the text of every rank is kept
 * with the board bytes it was made from and only the ranks a move touched
 * are written again; castling fields are kept for the sets of rights
 * seen. The text is always fk_fen_write's, byte for byte. */
#include <string.h>

#include "fen_tail.h"
#include "pgn_fen.h"

/* The FEN letter of each board byte as a number, 0 for an empty square. */
static const uint8_t letters[16] = {0,   'P', 'N', 'B', 'R', 'Q', 'K',
                                    'p', 'n', 'b', 'r', 'q', 'k'};

void pgn_fen_reset(pgn_fen_cache *cache) {
    /* No square holds 0xFF, so every rank is written on the next call. */
    memset(cache->rank_board, 0xFF, sizeof cache->rank_board);
    cache->touched = 0xFF;
    for (int i = 0; i < 16; i++) cache->castling[i].len = 0;
    cache->castling_last = 0;
    for (unsigned shape = 0; shape < 256; shape++) {
        uint64_t text = 0;
        uint32_t shift = 0;
        unsigned n = 0, empty = 0;
        for (unsigned file = 0; file < 8; file++) {
            if (!(shape & (1u << file))) {
                empty++;
                continue;
            }
            if (empty) text |= (uint64_t)('0' + empty) << (8 * n++);
            empty = 0;
            /* the first letter of its pair: an a, c, e or g file, or a b,
             * d, f or h file next to an empty square */
            if (!(file & 1) || !(shape & (1u << (file - 1))))
                shift |= (uint32_t)(8 * n) << (8 * (file / 2));
            n++;
        }
        if (empty) text |= (uint64_t)('0' + empty) << (8 * n++);
        cache->shape_text[shape] = text;
        cache->shape_shift[shape] = shift;
        cache->shape_len[shape] = (uint8_t)n;
    }
    for (unsigned pair = 0; pair < 256; pair++) {
        unsigned first = letters[pair & 15], second = letters[pair >> 4];
        cache->pair_letters[pair] = (uint16_t)(first ? first | second << 8 : second);
    }
}

/* The text of one rank (its 8 board bytes, a-file in the lowest byte) as
 * a word, first character in the low byte; *len receives its length. The
 * shape of the rank gives the digits and where each pair of squares puts
 * its letters, so the four pairs are handled alike, with no branch. */
static uint64_t rank_text(const pgn_fen_cache *cache, uint64_t squares, uint8_t *len) {
    /* The high bit of each byte that holds a piece (board bytes are < 0x80),
     * gathered into one byte by the multiplication. */
    uint64_t pieces = ((squares + 0x7F7F7F7F7F7F7F7FULL) | squares) & 0x8080808080808080ULL;
    unsigned shape = (unsigned)(((pieces >> 7) * 0x0102040810204080ULL) >> 56);
    uint64_t text = cache->shape_text[shape];
    uint32_t shift = cache->shape_shift[shape];
    /* Board bytes are below 16: byte 2p of `pairs` is square 2p's byte
     * with square 2p+1's in its high half. */
    uint64_t pairs = squares | squares >> 4;
    for (int pair = 0; pair < 4; pair++)
        text |= (uint64_t)cache->pair_letters[(pairs >> (16 * pair)) & 0xFF]
                << ((shift >> (8 * pair)) & 63);
    *len = cache->shape_len[shape];
    return text;
}

/* Stores a rank's word as its characters, first character first. */
static void put_word(char *out, uint64_t text) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    text = __builtin_bswap64(text);
#endif
    memcpy(out, &text, 8);
}

/* The castling field of pos: kept in the slot of its corner rooks, and
 * made afresh when that slot holds other rights, taken from fk_fen_write
 * so that the letters are the FEN writer's own. Sets *len. */
static const char *castling_text(pgn_fen_cache *cache, const fk_position *pos, size_t *len) {
    fk_bitboard c = pos->castling;
    unsigned slot = cache->castling_last; /* nearly always the one used last */
    if (cache->castling[slot].rights == c && cache->castling[slot].len) {
        *len = cache->castling[slot].len;
        return cache->castling[slot].text;
    }
    slot = (unsigned)((c & 1) | (c >> 6 & 2) | (c >> 54 & 4) | (c >> 60 & 8));
    cache->castling_last = (uint8_t)slot;
    if (!cache->castling[slot].len || cache->castling[slot].rights != c) {
        char fen[FK_FEN_MAX];
        fk_fen_write(pos, FK_EP_ALWAYS, fen, sizeof fen);
        const char *field = strchr(strchr(fen, ' ') + 1, ' ') + 1;
        size_t n = (size_t)(strchr(field, ' ') - field);
        memcpy(cache->castling[slot].text, field, n);
        cache->castling[slot].len = (uint8_t)n;
        cache->castling[slot].rights = c;
    }
    *len = cache->castling[slot].len;
    return cache->castling[slot].text;
}

size_t pgn_fen_write(pgn_fen_cache *cache, const fk_position *pos, fk_ep_mode ep, char *buf,
                     size_t cap) {
    /* Outside standard castling the letters depend on where the kings and
     * rooks stand (X-FEN, Chess960): no shortcut for those. */
    if (pos->castling_style != FK_CASTLING_STANDARD || pos->chess960)
        return fk_fen_write(pos, ep, buf, cap);
    /* Each rank's text is stored as 8 bytes whatever its length, so the
     * text is made in place only where that overhang fits. */
    char local[FK_FEN_MAX + 8];
    char *out = cap >= sizeof local ? buf : local, *p = out;
    for (unsigned touched = cache->touched; touched; touched &= touched - 1) {
        int rank = __builtin_ctz(touched);
        uint64_t squares;
        memcpy(&squares, pos->board + 8 * rank, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        squares = __builtin_bswap64(squares); /* the a-file in the low byte */
#endif
        if (squares == cache->rank_board[rank]) continue;
        cache->rank_board[rank] = squares;
        cache->rank_text[rank] = rank_text(cache, squares, &cache->rank_len[rank]);
    }
    cache->touched = 0;
    for (int rank = 7; rank >= 0; rank--) {
        put_word(p, cache->rank_text[rank]);
        p += cache->rank_len[rank];
        *p++ = '/';
    }
    p[-1] = ' ';
    *p++ = pos->side == FK_BLACK ? 'b' : 'w';
    *p++ = ' ';
    size_t castling_len;
    const char *castling = castling_text(cache, pos, &castling_len);
    /* 16 bytes whatever the length (nearly always 4 or less): what follows
     * is written over the rest, and the text ends far enough from the end
     * of the buffer (FK_FEN_MAX + 8 at least) for the overhang */
    memcpy(p, castling, 16);
    p += castling_len;
    *p++ = ' ';
    p = fen_put_tail(pos, ep, p);
    size_t n = (size_t)(p - out);
    if (cap < n + 1) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    if (out != buf) memcpy(buf, out, n);
    buf[n] = '\0';
    return n;
}
