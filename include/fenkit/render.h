/* fenkit: drawing positions (terminal text; SVG and PNG diagrams). */
#ifndef FENKIT_RENDER_H
#define FENKIT_RENDER_H

#include "fenkit/position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when sq is a light square (h1 is light, a1 is dark). Every renderer
 * asks this, so boards drawn anywhere agree. */
static inline int fk_square_is_light(fk_square sq) {
    return (FK_FILE_OF(sq) + FK_RANK_OF(sq)) & 1;
}

/* Terminal text. */
typedef struct {
    int flip;           /* Black at the bottom */
    int ascii;          /* letters instead of Unicode chess symbols */
    int color;          /* ANSI colours (for a terminal) */
    fk_bitboard marked; /* squares to mark (problems, doubts) */
} fk_text_options;

/* Draws the board with coordinates into buf (zero-terminated, truncated to
 * cap). Returns the length it needed, like snprintf. */
size_t fk_render_text(const fk_position *pos, const fk_text_options *opts, char *buf,
                      size_t cap);

#ifdef __cplusplus
}
#endif
#endif
