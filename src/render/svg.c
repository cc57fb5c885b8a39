/* SVG diagrams: the board, its marks and the pieces as one small,
 * self-contained <svg> element. The PNG output rasterises this same SVG, so
 * there is one drawing of a board, not two. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "buffer.h"
#include "diagram.h"
#include "pieces.h"

void fk_diagram_options_default(fk_diagram_options *opts) {
    memset(opts, 0, sizeof *opts);
    opts->size = 400;
    opts->coords = FK_COORDS_NONE;
    opts->check = FK_NO_SQUARE;
}

/* Width of the coordinate margin, in pixels (0 without outside coordinates). */
static int margin_width(const fk_diagram_options *opts) {
    return opts->coords == FK_COORDS_OUTSIDE ? (int)lround(opts->size * 0.06) : 0;
}
/* Width of the frame line, in pixels (0 without a border). */
static int frame_width(const fk_diagram_options *opts) {
    if (!opts->border) return 0;
    int w = (int)lround(opts->size / 160.0);
    return w < 1 ? 1 : w;
}

fk_board_geometry fk_diagram_geometry(const fk_diagram_options *opts) {
    int edge = margin_width(opts) + frame_width(opts);
    int board = opts->size - 2 * edge;
    fk_board_geometry g;
    g.square = board > 8 ? board / 8 : 1;
    /* Whole-pixel squares; what is left over is split around the board. */
    int left = (opts->size - 8 * g.square) / 2;
    g.x = left;
    g.y = left;
    return g;
}

/* Column and row (0..7, from the top left) at which sq is drawn. */
static void square_cell(const fk_diagram_options *opts, fk_square sq, int *col, int *row) {
    int file = FK_FILE_OF(sq), rank = FK_RANK_OF(sq);
    *col = opts->flip ? 7 - file : file;
    *row = opts->flip ? rank : 7 - rank;
}

void fk_diagram_square_center(const fk_diagram_options *opts, fk_square sq, double *x,
                              double *y) {
    fk_board_geometry g = fk_diagram_geometry(opts);
    int col, row;
    square_cell(opts, sq, &col, &row);
    *x = g.x + (col + 0.5) * g.square;
    *y = g.y + (row + 0.5) * g.square;
}

/* Drawing state: where output goes, and whether it all fitted. */
typedef struct {
    fk_buffer *out;
    const fk_diagram_options *opts;
    const fk_theme *theme;
    const fk_piece_set *set;
    fk_board_geometry g;
    int failed;
} drawing;

#define EMIT(d, ...) ((d)->failed |= render_buffer_printf((d)->out, __VA_ARGS__) != 0)

/* 1 when the dark squares are drawn with the piece set's tiles. */
static int dark_tiles(const drawing *d) {
    return !render_piece_set_inline(d->set) && fk_piece_set_has_dark(d->set);
}

/* Appends a <symbol> holding the art as a data URI, drawn in a 100 x 100
 * box keeping its aspect. */
static void define_image(drawing *d, const char *id, fk_piece_art art) {
    EMIT(d,
         "<symbol id=\"%s\" viewBox=\"0 0 100 100\"><image width=\"100\" height=\"100\" "
         "preserveAspectRatio=\"xMidYMid meet\" xlink:href=\"data:image/%s;base64,",
         id, art.format == FK_ART_PNG ? "png" : "svg+xml");
    d->failed |= render_buffer_base64(d->out, art.data, art.len);
    EMIT(d, "\"/></symbol>");
}

/* Appends the <symbol> of a piece: the built-in art inline (its root <svg>
 * tag dropped, drawn in its 45 x 45 box), other art as an image. */
static void define_piece(drawing *d, fk_piece piece) {
    fk_piece_art art = render_piece_set_art(d->set, piece);
    const char *stem = render_piece_file_stem(piece);
    if (!render_piece_set_inline(d->set)) {
        define_image(d, stem, art);
        return;
    }
    const char *text = (const char *)art.data;
    const char *open_end = memchr(text, '>', art.len);
    const char *close = NULL;
    for (const char *p = text + art.len - 6; p > text; p--)
        if (memcmp(p, "</svg>", 6) == 0) {
            close = p;
            break;
        }
    if (!open_end || !close || close < open_end) {
        d->failed = 1;
        return;
    }
    EMIT(d, "<symbol id=\"%s\" viewBox=\"0 0 45 45\">", stem);
    d->failed |= render_buffer_append(d->out, open_end + 1, (size_t)(close - open_end - 1));
    EMIT(d, "</symbol>");
}

/* <defs>: the pictures used (pieces, and dark-square tiles when the set
 * has them), the hatching of a book theme, the check glow; only what the
 * layers drawn need. */
static void draw_defs(drawing *d, const fk_position *pos, unsigned layers) {
    EMIT(d, "<defs>");
    int tiles = dark_tiles(d);
    fk_bitboard plain = tiles ? FK_LIGHT_SQUARES : ~(fk_bitboard)0;
    if (layers & FK_LAYER_PIECES)
        for (fk_piece p = FK_WP; p <= FK_BK; p++)
            if (fk_position_pieces(pos, p) & plain) define_piece(d, p);
    if (!(layers & FK_LAYER_BASE)) {
        EMIT(d, "</defs>");
        return;
    }
    if (tiles) {
        char id[8];
        if (~fk_position_occupied(pos) & ~FK_LIGHT_SQUARES)
            define_image(d, "d-empty", render_piece_set_dark_art(d->set, FK_EMPTY));
        for (fk_piece p = FK_WP; p <= FK_BK; p++)
            if (fk_position_pieces(pos, p) & ~FK_LIGHT_SQUARES) {
                snprintf(id, sizeof id, "d-%s", render_piece_file_stem(p));
                define_image(d, id, render_piece_set_dark_art(d->set, p));
            }
    }
    if (d->theme->hatched && !tiles) {
        double gap = d->g.square / 9.0 < 3 ? 3 : d->g.square / 9.0;
        EMIT(d,
             "<pattern id=\"hatch\" width=\"%.2f\" height=\"%.2f\" patternUnits=\"userSpaceOnUse\""
             "%s><rect width=\"%.2f\" height=\"%.2f\" fill=\"#%06x\"/>"
             "<rect width=\"%.2f\" height=\"%.2f\" fill=\"#%06x\"/></pattern>",
             gap, gap, d->theme->hatched == 1 ? " patternTransform=\"rotate(45)\"" : "", gap, gap,
             (unsigned)d->theme->light, gap * 0.3, gap, (unsigned)d->theme->dark);
    }
    if (d->opts->check != FK_NO_SQUARE)
        EMIT(d, "<radialGradient id=\"check\"><stop offset=\"0\" stop-color=\"#ff0000\"/>"
                "<stop offset=\".25\" stop-color=\"#e70000\"/>"
                "<stop offset=\".9\" stop-color=\"#a90000\" stop-opacity=\"0\"/>"
                "<stop offset=\"1\" stop-color=\"#9e0000\" stop-opacity=\"0\"/></radialGradient>");
    EMIT(d, "</defs>");
}

/* Left and top pixel of the square sq. */
static void square_origin(const drawing *d, fk_square sq, int *x, int *y) {
    int col, row;
    square_cell(d->opts, sq, &col, &row);
    *x = d->g.x + col * d->g.square;
    *y = d->g.y + row * d->g.square;
}

/* The 64 squares: one light rectangle, then all dark squares as one path
 * (or as the set's tiles, each with its piece when it has one). */
static void draw_squares(drawing *d, const fk_position *pos) {
    int s = d->g.square;
    EMIT(d, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%06x\"/>", d->g.x, d->g.y,
         8 * s, 8 * s, (unsigned)d->theme->light);
    if (dark_tiles(d)) {
        for (fk_square sq = 0; sq < 64; sq++) {
            if (fk_square_is_light(sq)) continue;
            int x, y;
            square_origin(d, sq, &x, &y);
            fk_piece p = fk_position_at(pos, sq);
            EMIT(d, "<use xlink:href=\"#d-%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>",
                 p == FK_EMPTY ? "empty" : render_piece_file_stem(p), x, y, s, s);
        }
        return;
    }
    if (d->theme->hatched)
        EMIT(d, "<path fill=\"url(#hatch)\" d=\"");
    else
        EMIT(d, "<path fill=\"#%06x\" d=\"", (unsigned)d->theme->dark);
    for (fk_square sq = 0; sq < 64; sq++) {
        if (fk_square_is_light(sq)) continue;
        int x, y;
        square_origin(d, sq, &x, &y);
        EMIT(d, "M%d %dh%dv%dh-%dz", x, y, s, s, s);
    }
    EMIT(d, "\"/>");
}

/* Last-move squares: the theme's highlight colour, half transparent. */
static void draw_highlights(drawing *d) {
    for (fk_square sq = 0; sq < 64; sq++) {
        if (!(d->opts->highlight & FK_BIT(sq))) continue;
        int x, y;
        square_origin(d, sq, &x, &y);
        EMIT(d,
             "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%06x\" "
             "fill-opacity=\".5\"/>",
             x, y, d->g.square, d->g.square, (unsigned)d->theme->highlight);
    }
}

/* A red glow under the king in check. */
static void draw_check(drawing *d) {
    fk_square sq = d->opts->check;
    if (sq == FK_NO_SQUARE) return;
    int x, y;
    square_origin(d, sq, &x, &y);
    EMIT(d, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"url(#check)\"/>", x, y,
         d->g.square, d->g.square);
}

/* The pieces not already drawn with their dark-square tile. */
static void draw_pieces(drawing *d, const fk_position *pos) {
    int tiles = dark_tiles(d);
    for (fk_square sq = 0; sq < 64; sq++) {
        fk_piece p = fk_position_at(pos, sq);
        if (p == FK_EMPTY || (tiles && !fk_square_is_light(sq))) continue;
        int x, y;
        square_origin(d, sq, &x, &y);
        EMIT(d, "<use xlink:href=\"#%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>",
             render_piece_file_stem(p), x, y, d->g.square, d->g.square);
    }
}

/* An arrow from the centre of one square to the centre of another: a
 * shaft and a head, as one polygon. */
static void draw_arrows(drawing *d) {
    double s = d->g.square;
    for (int i = 0; i < d->opts->arrow_count; i++) {
        double x0, y0, x1, y1;
        fk_diagram_square_center(d->opts, d->opts->arrows[i].from, &x0, &y0);
        fk_diagram_square_center(d->opts, d->opts->arrows[i].to, &x1, &y1);
        double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
        if (len < 1) continue;
        double ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
        double shaft = s * 0.11, head = s * 0.3, head_len = s * 0.42;
        double bx = x1 - ux * head_len, by = y1 - uy * head_len;
        double sx = x0 + ux * s * 0.2, sy = y0 + uy * s * 0.2;
        EMIT(d,
             "<polygon fill=\"#%06x\" fill-opacity=\".8\" points=\"%.1f,%.1f %.1f,%.1f "
             "%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>",
             (unsigned)d->theme->arrow, sx + nx * shaft, sy + ny * shaft, bx + nx * shaft,
             by + ny * shaft, bx + nx * head, by + ny * head, x1, y1, bx - nx * head,
             by - ny * head, bx - nx * shaft, by - ny * shaft, sx - nx * shaft, sy - ny * shaft);
    }
}

/* The colour of a coordinate drawn on sq: the other square colour (black
 * on a book board, whose dark squares are hatched). */
static unsigned coord_color(const fk_theme *t, fk_square sq) {
    return (unsigned)(t->hatched || fk_square_is_light(sq) ? t->dark : t->light);
}

/* Coordinates in the corner squares, in the other square colour. */
static void draw_coords_inside(drawing *d) {
    const fk_theme *t = d->theme;
    double s = d->g.square, font = s * 0.24;
    for (int i = 0; i < 8; i++) {
        /* file letters along the bottom row, rank digits along the left */
        fk_square fsq = d->opts->flip ? FK_SQUARE(i, 7) : FK_SQUARE(i, 0);
        fk_square rsq = d->opts->flip ? FK_SQUARE(7, i) : FK_SQUARE(0, i);
        int x, y;
        square_origin(d, fsq, &x, &y);
        EMIT(d,
             "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"#%06x\" "
             "text-anchor=\"end\">%c</text>",
             x + s - s * 0.06, y + s - s * 0.07, font, coord_color(t, fsq), 'a' + FK_FILE_OF(fsq));
        square_origin(d, rsq, &x, &y);
        EMIT(d, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"#%06x\">%c</text>",
             x + s * 0.06, y + font * 0.95, font, coord_color(t, rsq), '1' + FK_RANK_OF(rsq));
    }
}

/* Coordinates in the margin: letters under the board, digits to its left. */
static void draw_coords_outside(drawing *d) {
    double s = d->g.square, m = margin_width(d->opts), font = m * 0.62;
    for (int i = 0; i < 8; i++) {
        fk_square sq = FK_SQUARE(i, i);
        double cx, cy;
        fk_diagram_square_center(d->opts, sq, &cx, &cy);
        EMIT(d,
             "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"#%06x\" "
             "text-anchor=\"middle\">%c</text>",
             cx, d->g.y + 8 * s + frame_width(d->opts) + m * 0.72, font,
             (unsigned)d->theme->frame, 'a' + i);
        EMIT(d,
             "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"#%06x\" "
             "text-anchor=\"middle\">%c</text>",
             d->g.x - frame_width(d->opts) - m * 0.5, cy + font * 0.36, font,
             (unsigned)d->theme->frame, '1' + i);
    }
}

/* Draws the coordinates with `draw`, in their font. */
static void draw_coords(drawing *d, void (*draw)(drawing *)) {
    EMIT(d, "<g font-family=\"DejaVu Sans,Arial,Helvetica,sans-serif\" font-weight=\"bold\">");
    draw(d);
    EMIT(d, "</g>");
}

/* A frame line just outside the squares. */
static void draw_border(drawing *d) {
    double w = frame_width(d->opts), s = d->g.square;
    EMIT(d,
         "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
         "stroke=\"#%06x\" stroke-width=\"%.0f\"/>",
         d->g.x - w / 2, d->g.y - w / 2, 8 * s + w, 8 * s + w, (unsigned)d->theme->frame, w);
}

/* Checks the options; returns FK_OK or FK_ERR_RANGE. */
static fk_status check_options(const fk_diagram_options *opts) {
    if (opts->size < 16 || opts->size > 8192) return FK_ERR_RANGE;
    if (opts->arrow_count < 0 || opts->arrow_count > FK_MAX_ARROWS) return FK_ERR_RANGE;
    for (int i = 0; i < opts->arrow_count; i++)
        if (opts->arrows[i].from > 63 || opts->arrows[i].to > 63) return FK_ERR_RANGE;
    if (opts->check != FK_NO_SQUARE && (opts->check < 0 || opts->check > 63)) return FK_ERR_RANGE;
    return FK_OK;
}

/* Undoes a failed drawing's output; returns FK_ERR_NOMEM, or FK_OK. */
static fk_status finish_drawing(drawing *d, size_t start) {
    if (!d->failed) return FK_OK;
    d->out->len = start;
    if (d->out->data) d->out->data[start] = '\0';
    return FK_ERR_NOMEM;
}

fk_status render_svg_layers(const fk_position *pos, const fk_diagram_options *opts, unsigned layers,
                            fk_buffer *out) {
    fk_status status = check_options(opts);
    if (status != FK_OK) return status;
    drawing d = {out, opts, opts->theme ? opts->theme : fk_theme_at(0),
                 opts->pieces ? opts->pieces : fk_piece_set_builtin(), fk_diagram_geometry(opts), 0};
    size_t start = out->len;
    int size = opts->size;
    EMIT(&d,
         "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
         "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">",
         size, size, size, size);
    draw_defs(&d, pos, layers);
    if (layers & FK_LAYER_BASE) {
        if (8 * d.g.square != size)
            EMIT(&d, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>", size, size);
        draw_squares(&d, pos);
        draw_highlights(&d);
        draw_check(&d);
        if (opts->coords == FK_COORDS_OUTSIDE) draw_coords(&d, draw_coords_outside);
    }
    if (layers & FK_LAYER_PIECES) draw_pieces(&d, pos);
    if (layers & FK_LAYER_OVERLAY) {
        /* over the pieces: a set that fills its squares would hide them */
        if (opts->coords == FK_COORDS_INSIDE) draw_coords(&d, draw_coords_inside);
        draw_arrows(&d);
        if (opts->border) draw_border(&d);
    }
    EMIT(&d, "</svg>\n");
    return finish_drawing(&d, start);
}

fk_status fk_render_svg(const fk_position *pos, const fk_diagram_options *opts,
                        fk_buffer *out) {
    return render_svg_layers(pos, opts, FK_LAYER_ALL, out);
}

fk_status render_sprite_svg(const fk_piece_set *set, const fk_piece *pieces, int count, int size,
                            fk_buffer *out) {
    fk_diagram_options opts;
    fk_diagram_options_default(&opts);
    drawing d = {out, &opts, fk_theme_at(0), set, {0, 0, size}, 0};
    size_t start = out->len;
    EMIT(&d,
         "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
         "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\"><defs>",
         count * size, size, count * size, size);
    for (int i = 0; i < count; i++) define_piece(&d, pieces[i]);
    EMIT(&d, "</defs>");
    for (int i = 0; i < count; i++)
        EMIT(&d, "<use xlink:href=\"#%s\" x=\"%d\" width=\"%d\" height=\"%d\"/>",
             render_piece_file_stem(pieces[i]), i * size, size, size);
    EMIT(&d, "</svg>\n");
    return finish_drawing(&d, start);
}
