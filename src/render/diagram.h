/* Diagrams drawn in layers (internal): the PNG path draws the pieces itself,
 * from one rasterised picture per piece kind, between the board and the
 * marks on top. */
#ifndef FENKIT_RENDER_DIAGRAM_H
#define FENKIT_RENDER_DIAGRAM_H

#include "fenkit/render.h"

enum {
    FK_LAYER_BASE = 1,    /* background, squares (and tiles), highlights,
                             check glow, coordinates in the margin */
    FK_LAYER_PIECES = 2,  /* the pieces not already on tiles */
    FK_LAYER_OVERLAY = 4, /* coordinates inside the squares, arrows, frame */
    FK_LAYER_ALL = 7
};

/* fk_render_svg, drawing only the given layers (the others are left out,
 * so a layer can be composited over another). */
fk_status render_svg_layers(const fk_position *pos, const fk_diagram_options *opts, unsigned layers,
                            fk_buffer *out);

/* A row of `count` pieces of set, each on a size x size cell (piece i at
 * x = i * size), drawn exactly as a diagram draws them on squares of that
 * size: an SVG document of count * size by size pixels. */
fk_status render_sprite_svg(const fk_piece_set *set, const fk_piece *pieces, int count, int size,
                            fk_buffer *out);

#endif
