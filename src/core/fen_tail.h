/* The end of a FEN, from the en passant field on, written the same way by
 * fk_fen_write and the PGN reader's writer (private to the core). */
#ifndef FENKIT_FEN_TAIL_H
#define FENKIT_FEN_TAIL_H

#include <stdint.h>

#include "fenkit/moves.h"

/* Appends the decimal digits of v at p; returns the end. Counters are
 * nearly always below 100, so those take no loop. */
static inline char *fen_put_uint(char *p, uint32_t v) {
    if (v < 10) {
        *p = (char)('0' + v);
        return p + 1;
    }
    if (v < 100) {
        p[0] = (char)('0' + v / 10);
        p[1] = (char)('0' + v % 10);
        return p + 2;
    }
    char digits[10];
    int d = 0;
    do {
        digits[d++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (d)
        *p++ = digits[--d];
    return p;
}

/* Appends "EP HALFMOVE FULLMOVE" at p (the en passant square as ep asks,
 * or '-'); returns the end. At most 2 + 1 + 10 + 1 + 10 bytes. */
static inline char *fen_put_tail(const fk_position *pos, fk_ep_mode ep, char *p) {
    if (pos->ep_square < 64 && (ep == FK_EP_ALWAYS || fk_position_ep_capturable(pos))) {
        *p++ = (char)('a' + FK_FILE_OF(pos->ep_square));
        *p++ = (char)('1' + FK_RANK_OF(pos->ep_square));
    } else {
        *p++ = '-';
    }
    *p++ = ' ';
    p = fen_put_uint(p, pos->halfmove);
    *p++ = ' ';
    return fen_put_uint(p, pos->fullmove);
}

#endif
