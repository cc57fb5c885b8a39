/* Piece sets inside the render layer (internal). */
#ifndef FENKIT_RENDER_PIECES_H
#define FENKIT_RENDER_PIECES_H

#include "fenkit/render.h"

typedef enum { FK_ART_SVG = 0, FK_ART_PNG } fk_art_format;

/* One piece picture: its file's bytes and what they are. */
typedef struct {
    fk_art_format format;
    const unsigned char *data;
    size_t len;
} fk_piece_art;

/* The picture of piece (FK_WP..FK_BK) in set. */
fk_piece_art render_piece_set_art(const fk_piece_set *set, fk_piece piece);
/* 1 when the set's SVG can be inlined into a diagram (the built-in set:
 * known clean markup, no ids that could clash), 0 when its pictures must
 * be embedded as images. */
int render_piece_set_inline(const fk_piece_set *set);
/* The dark-square tile of piece, or of the empty dark square for FK_EMPTY;
 * only when fk_piece_set_has_dark(set). */
fk_piece_art render_piece_set_dark_art(const fk_piece_set *set, fk_piece piece);
/* The file name stem of a piece: "wK", "bP". */
const char *render_piece_file_stem(fk_piece piece);

#endif
