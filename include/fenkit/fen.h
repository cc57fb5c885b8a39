/* fenkit: reading and writing FEN. */
#ifndef FENKIT_FEN_H
#define FENKIT_FEN_H

#include "fenkit/position.h"
#include "fenkit/problems.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Longest FEN fk_fen_write can produce, with its terminating zero. */
#define FK_FEN_MAX 128

/* Parse flags. */
enum {
    FK_FEN_STRICT = 0,       /* exactly six fields, single spaces */
    FK_FEN_TOLERANT = 1 << 0,/* surrounding/repeated white space, missing
                                counters (filled with 0 1, noted), missing
                                castling and en passant fields */
    FK_FEN_CHESS960 = 1 << 1 /* read KQkq as X-FEN (outermost rook) */
};

/* En passant conventions for writing. */
typedef enum {
    FK_EP_LEGAL = 0, /* the square only when an en passant capture is legal */
    FK_EP_ALWAYS     /* the square as read / after every double push */
} fk_ep_mode;

/* Reads a FEN (len bytes of text; it need not be zero-terminated). Never
 * stops at the first error: every field is read, and every syntax problem
 * is added to `problems` with its field and byte offset. `pos` receives
 * what could be read. Returns FK_OK, or FK_ERR_SYNTAX when a problem of
 * severity error was found. Does not check the rules of chess: see
 * fk_position_check. */
FK_API fk_status fk_fen_parse(const char *text, size_t len, unsigned flags, fk_position *pos,
                              fk_problems *problems);

/* Writes pos as a FEN into buf (cap bytes, FK_FEN_MAX is always enough),
 * zero-terminated, with the en passant square per `ep`. Returns the length,
 * or 0 when cap is too small. */
FK_API size_t fk_fen_write(const fk_position *pos, fk_ep_mode ep, char *buf, size_t cap);

/* Writes only the placement field. Returns its length (0 if cap too small). */
FK_API size_t fk_fen_write_placement(const fk_position *pos, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
