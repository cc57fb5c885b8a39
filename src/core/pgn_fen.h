/* The PGN reader's FEN writer (private to the core): the same text as
 * fk_fen_write, made cheaply from one position to the next. */
#ifndef FENKIT_PGN_FEN_H
#define FENKIT_PGN_FEN_H

#include "fenkit/fen.h"

/* What the last positions written looked like: the board bytes and text of
 * each rank, and castling fields with the rights they were made from. A
 * move changes one or two ranks, so most ranks are copied, not rewritten. */
typedef struct {
    uint64_t rank_board[8]; /* the 8 board bytes each rank's text shows */
    uint64_t rank_text[8];  /* each rank's text, first character in the low
                               byte: made and read as one word, so reading
                               it back never waits on eight byte stores */
    uint8_t rank_len[8];
    unsigned touched;       /* bit r: rank r may differ from rank_board[r]
                               (ranks not named are known to be the same) */
    /* Castling fields made so far, one slot for each set of corner rooks
     * (a1, h1, a8, h8) with rights: games come back to the same few. */
    struct {
        fk_bitboard rights; /* the rights the text shows */
        uint8_t len;        /* 0: not made yet */
        char text[17];
    } castling[16];
    uint8_t castling_last; /* the slot used last */
    /* For each of the 256 ways pieces can stand on a rank (bit f: a piece
     * on file f): the rank's text with its digits in place and zero bytes
     * where the letters go, its length, and for each pair of files (a-b,
     * c-d, e-f, g-h) the bit position in that text of the pair's first
     * letter. */
    uint64_t shape_text[256];
    uint32_t shape_shift[256]; /* byte p: 8 * the place of pair p's first
                                  letter (0 if the pair is empty) */
    uint8_t shape_len[256];
    /* The letters of two neighbouring squares (board bytes a | b << 4),
     * side by side with no gap, as they stand in the text: "Pn", "P", "n"
     * or nothing. */
    uint16_t pair_letters[256];
} pgn_fen_cache;

/* Prepares a cache (the shapes) and forgets everything written, so the
 * next write starts afresh (every rank counts as touched). */
void pgn_fen_reset(pgn_fen_cache *cache);

/* Tells the cache which ranks (bit r: rank r) a move may have changed
 * since the last position written. */
static inline void pgn_fen_touch(pgn_fen_cache *cache, unsigned ranks) { cache->touched |= ranks; }

/* Writes pos as fk_fen_write(pos, ep, buf, cap) would, byte for byte, and
 * returns what it returns, reusing the cache's text for the ranks and the
 * castling rights that did not change. Only touched ranks are compared with
 * pos: pos must differ from the last position written (or a reset) in no
 * other rank. */
size_t pgn_fen_write(pgn_fen_cache *cache, const fk_position *pos, fk_ep_mode ep, char *buf,
                     size_t cap);

#endif
