/* PNG diagrams: the SVG diagram rasterised by librsvg onto a cairo image
 * surface (antialiased), then encoded by libpng. The board and the marks
 * come from the same SVG as fk_render_svg draws; the pieces are rasterised
 * once per kind and copied onto their squares, which is what takes the
 * time otherwise. libpng is called directly,
 * not through cairo, to pick settings that suit boards: no row filter and
 * zlib level 6 make the smallest files here, about five times faster than
 * cairo's adaptive filtering. */
#include <cairo.h>
#include <librsvg/rsvg.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include "buffer.h"
#include "lazy.h"
#include "diagram.h"
#include "pieces.h"

/* librsvg, cairo and libpng are opened on the first PNG, not when the
 * program starts: loading them, with glib, pango and the rest behind them,
 * costs about 10 ms, which every `fenkit check` would otherwise pay. The
 * functions are called through this table, filled once. */
#define RASTER_FUNCTIONS(X) \
    X(cairo_create) \
    X(cairo_destroy) \
    X(cairo_fill) \
    X(cairo_image_surface_create) \
    X(cairo_image_surface_get_data) \
    X(cairo_image_surface_get_height) \
    X(cairo_image_surface_get_stride) \
    X(cairo_image_surface_get_width) \
    X(cairo_rectangle) \
    X(cairo_set_source_surface) \
    X(cairo_surface_destroy) \
    X(cairo_surface_flush) \
    X(g_error_free) \
    X(g_object_unref) \
    X(png_create_info_struct) \
    X(png_create_write_struct) \
    X(png_destroy_write_struct) \
    X(png_get_io_ptr) \
    X(png_set_compression_level) \
    X(png_set_IHDR) \
    X(png_set_filter) \
    X(png_set_longjmp_fn) \
    X(png_set_write_fn) \
    X(png_write_end) \
    X(png_write_info) \
    X(png_write_row) \
    X(rsvg_handle_new_from_data) \
    X(rsvg_handle_render_document)

static struct {
    RASTER_FUNCTIONS(LAZY_FIELD)
} raster;
static pthread_once_t raster_once = PTHREAD_ONCE_INIT;
static char raster_problem[200]; /* empty once every function was found */

/* Opens the libraries and finds every function, or says what is missing.
 * librsvg's handle finds cairo's and glib's functions too: they are its
 * dependencies. */
static void raster_open(void) {
    static const char *const libraries[] = {"librsvg-2.so.2", "libpng16.so.16"};
    static const char *const names[] = {RASTER_FUNCTIONS(LAZY_NAME)};
    _Static_assert(sizeof raster == sizeof names, "one pointer per function");
    lazy_load(libraries, 2, names, (int)(sizeof names / sizeof names[0]), &raster,
              "PNG output (Debian: librsvg2-2, libpng16-16)", raster_problem, sizeof raster_problem);
}

/* 1 when the raster libraries are ready; else 0 with raster_problem set. */
static int raster_ready(void) {
    pthread_once(&raster_once, raster_open);
    return raster_problem[0] == '\0';
}

typedef struct {
    fk_buffer *out;
    int failed;
} png_sink;

/* libpng hands the encoded bytes over in pieces. */
static void write_to_buffer(png_structp png, png_bytep data, png_size_t length) {
    png_sink *sink = raster.png_get_io_ptr(png);
    sink->failed |= render_buffer_append(sink->out, data, length) != 0;
}
/* Nothing to flush: the bytes are already in memory. */
static void flush_nothing(png_structp png) { (void)png; }

/* 1 when every pixel of the surface is opaque. */
static int surface_is_opaque(const unsigned char *data, int width, int height, int stride) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++)
            if ((row[x] >> 24) != 0xff) return 0;
    }
    return 1;
}

/* Encodes a cairo ARGB32 surface (premultiplied, native order) as PNG:
 * RGB when it is opaque, else RGBA with the alpha divided back out.
 * Returns 0, or -1 when libpng or memory failed. */
static int encode_png(cairo_surface_t *surface, fk_buffer *out) {
    raster.cairo_surface_flush(surface);
    const unsigned char *data = raster.cairo_image_surface_get_data(surface);
    int width = raster.cairo_image_surface_get_width(surface);
    int height = raster.cairo_image_surface_get_height(surface);
    int stride = raster.cairo_image_surface_get_stride(surface);
    int opaque = surface_is_opaque(data, width, height, stride), channels = opaque ? 3 : 4;
    unsigned char *row = malloc((size_t)width * 4);
    png_structp png = raster.png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? raster.png_create_info_struct(png) : NULL;
    png_sink sink = {out, 0};
    if (!row || !info || setjmp(*raster.png_set_longjmp_fn(png, longjmp, sizeof(jmp_buf)))) {
        raster.png_destroy_write_struct(&png, &info);
        free(row);
        return -1;
    }
    raster.png_set_write_fn(png, &sink, write_to_buffer, flush_nothing);
    raster.png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    raster.png_set_filter(png, 0, PNG_FILTER_NONE);
    raster.png_set_compression_level(png, 6);
    raster.png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const uint32_t *px = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            uint32_t a = px[x] >> 24, c[3] = {px[x] >> 16 & 0xff, px[x] >> 8 & 0xff, px[x] & 0xff};
            unsigned char *o = row + (size_t)x * channels;
            for (int k = 0; k < 3; k++)
                o[k] = (unsigned char)(opaque || a == 0xff ? c[k] : a ? (c[k] * 255 + a / 2) / a : 0);
            if (!opaque) o[3] = (unsigned char)a;
        }
        raster.png_write_row(png, row);
    }
    raster.png_write_end(png, NULL);
    raster.png_destroy_write_struct(&png, &info);
    free(row);
    return sink.failed ? -1 : 0;
}

/* Fills err (when given) with status and a sentence. */
static fk_status fail(fk_error *err, fk_status status, const char *what, const char *why) {
    if (err) {
        err->status = status;
        err->offset = -1;
        snprintf(err->message, sizeof err->message, "%s: %s", what, why ? why : "unknown reason");
    }
    return status;
}

/* Draws an SVG document over what cr already holds, scaled to width x
 * height. Returns FK_OK, or FK_ERR_SYNTAX / FK_ERR_IO with err filled. */
static fk_status draw_svg(cairo_t *cr, const char *svg, size_t len, int width, int height,
                          fk_error *err) {
    GError *gerr = NULL;
    RsvgHandle *handle = raster.rsvg_handle_new_from_data((const guint8 *)svg, len, &gerr);
    if (!handle) {
        fk_status s = fail(err, FK_ERR_SYNTAX, "reading the SVG", gerr ? gerr->message : NULL);
        if (gerr) raster.g_error_free(gerr);
        return s;
    }
    RsvgRectangle viewport = {0, 0, width, height};
    fk_status status = FK_OK;
    if (!raster.rsvg_handle_render_document(handle, cr, &viewport, &gerr)) {
        status = fail(err, FK_ERR_IO, "drawing the SVG", gerr ? gerr->message : NULL);
        if (gerr) raster.g_error_free(gerr);
    }
    raster.g_object_unref(handle);
    return status;
}

/* Encodes the surface onto out, undoing a partial write on failure. */
static fk_status finish_png(cairo_surface_t *surface, fk_buffer *out, fk_error *err) {
    size_t start = out->len;
    if (encode_png(surface, out) == 0) {
        if (err) {
            err->status = FK_OK;
            err->offset = -1;
            err->message[0] = '\0';
        }
        return FK_OK;
    }
    out->len = start;
    if (out->data) out->data[start] = '\0';
    return fail(err, FK_ERR_NOMEM, "writing the PNG", "out of memory");
}

fk_status fk_svg_to_png(const char *svg, size_t len, int width, int height, fk_buffer *out,
                        fk_error *err) {
    if (width < 1 || height < 1 || width > 16384 || height > 16384)
        return fail(err, FK_ERR_RANGE, "image size", "must be 1 to 16384 pixels a side");
    if (!raster_ready()) return fail(err, FK_ERR_IO, "drawing a PNG", raster_problem);
    cairo_surface_t *surface = raster.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = raster.cairo_create(surface);
    fk_status status = draw_svg(cr, svg, len, width, height, err);
    raster.cairo_destroy(cr);
    if (status == FK_OK) status = finish_png(surface, out, err);
    raster.cairo_surface_destroy(surface);
    return status;
}

/* Draws every piece of pos onto cr. The kinds on the board are rasterised
 * once, side by side in one picture, and each square copies its cell
 * (whole-pixel offsets, so a copy is exactly what drawing the piece there
 * would give). Pieces on dark-square tiles are already drawn. */
static fk_status draw_pieces(cairo_t *cr, const fk_position *pos, const fk_diagram_options *opts) {
    const fk_piece_set *set = opts->pieces ? opts->pieces : fk_piece_set_builtin();
    int s = fk_diagram_geometry(opts).square;
    fk_bitboard skip = fk_piece_set_has_dark(set) ? ~(fk_bitboard)0x55aa55aa55aa55aaull : 0;
    fk_piece kinds[12];
    int cell[FK_PIECE_COUNT], count = 0;
    for (fk_piece p = FK_WP; p <= FK_BK; p++)
        if (fk_position_pieces(pos, p) & ~skip) {
            cell[p] = count;
            kinds[count++] = p;
        }
    if (count == 0) return FK_OK;
    fk_buffer svg = {0};
    fk_status status = render_sprite_svg(set, kinds, count, s, &svg);
    cairo_surface_t *sprite = raster.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, count * s, s);
    if (status == FK_OK) {
        cairo_t *scr = raster.cairo_create(sprite);
        status = draw_svg(scr, svg.data, svg.len, count * s, s, NULL);
        raster.cairo_destroy(scr);
    }
    for (fk_square sq = 0; sq < 64 && status == FK_OK; sq++) {
        fk_piece p = fk_position_at(pos, sq);
        if (p == FK_EMPTY || (skip & FK_BIT(sq))) continue;
        double cx, cy;
        fk_diagram_square_center(opts, sq, &cx, &cy);
        double x = cx - s / 2.0, y = cy - s / 2.0;
        raster.cairo_set_source_surface(cr, sprite, x - cell[p] * s, y);
        raster.cairo_rectangle(cr, x, y, s, s);
        raster.cairo_fill(cr);
    }
    raster.cairo_surface_destroy(sprite);
    fk_buffer_free(&svg);
    return status;
}

fk_status fk_render_png(const fk_position *pos, const fk_diagram_options *opts,
                        fk_buffer *out) {
    if (!raster_ready()) return FK_ERR_IO;
    fk_buffer svg = {0};
    fk_status status = render_svg_layers(pos, opts, FK_LAYER_BASE, &svg);
    if (status != FK_OK) return status;
    int size = opts->size;
    cairo_surface_t *surface = raster.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size, size);
    cairo_t *cr = raster.cairo_create(surface);
    status = draw_svg(cr, svg.data, svg.len, size, size, NULL);
    if (status == FK_OK) status = draw_pieces(cr, pos, opts);
    if (status == FK_OK && (opts->arrow_count || opts->border || opts->coords == FK_COORDS_INSIDE)) {
        fk_buffer_clear(&svg);
        status = render_svg_layers(pos, opts, FK_LAYER_OVERLAY, &svg);
        if (status == FK_OK) status = draw_svg(cr, svg.data, svg.len, size, size, NULL);
    }
    raster.cairo_destroy(cr);
    if (status == FK_OK) status = finish_png(surface, out, NULL);
    raster.cairo_surface_destroy(surface);
    fk_buffer_free(&svg);
    return status;
}
