/* PNG diagrams: the SVG diagram rasterised by librsvg onto a cairo image
 * surface (antialiased), then encoded by libpng. libpng is called directly,
 * not through cairo, to pick settings that suit boards: no row filter and
 * zlib level 6 make the smallest files here, about five times faster than
 * cairo's adaptive filtering. */
#include <cairo.h>
#include <librsvg/rsvg.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

#include "buffer.h"

typedef struct {
    fk_buffer *out;
    int failed;
} png_sink;

/* libpng hands the encoded bytes over in pieces. */
static void write_to_buffer(png_structp png, png_bytep data, png_size_t length) {
    png_sink *sink = png_get_io_ptr(png);
    sink->failed |= fk_buffer_append(sink->out, data, length) != 0;
}
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
    cairo_surface_flush(surface);
    const unsigned char *data = cairo_image_surface_get_data(surface);
    int width = cairo_image_surface_get_width(surface);
    int height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    int opaque = surface_is_opaque(data, width, height, stride), channels = opaque ? 3 : 4;
    unsigned char *row = malloc((size_t)width * 4);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    png_sink sink = {out, 0};
    if (!row || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return -1;
    }
    png_set_write_fn(png, &sink, write_to_buffer, flush_nothing);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_set_compression_level(png, 6);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const uint32_t *px = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            uint32_t a = px[x] >> 24, c[3] = {px[x] >> 16 & 0xff, px[x] >> 8 & 0xff, px[x] & 0xff};
            unsigned char *o = row + (size_t)x * channels;
            for (int k = 0; k < 3; k++)
                o[k] = (unsigned char)(opaque || a == 0xff ? c[k] : a ? (c[k] * 255 + a / 2) / a : 0);
            if (!opaque) o[3] = (unsigned char)a;
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
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

fk_status fk_svg_to_png(const char *svg, size_t len, int width, int height, fk_buffer *out,
                        fk_error *err) {
    if (width < 1 || height < 1 || width > 16384 || height > 16384)
        return fail(err, FK_ERR_RANGE, "image size", "must be 1 to 16384 pixels a side");
    GError *gerr = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_data((const guint8 *)svg, len, &gerr);
    if (!handle) {
        fk_status s = fail(err, FK_ERR_SYNTAX, "reading the SVG", gerr ? gerr->message : NULL);
        if (gerr) g_error_free(gerr);
        return s;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, width, height};
    fk_status status = FK_OK;
    if (!rsvg_handle_render_document(handle, cr, &viewport, &gerr)) {
        status = fail(err, FK_ERR_IO, "drawing the SVG", gerr ? gerr->message : NULL);
        if (gerr) g_error_free(gerr);
    }
    cairo_destroy(cr);
    if (status == FK_OK) {
        size_t start = out->len;
        if (encode_png(surface, out) != 0) {
            out->len = start;
            if (out->data) out->data[start] = '\0';
            status = fail(err, FK_ERR_NOMEM, "writing the PNG", "out of memory");
        }
    }
    cairo_surface_destroy(surface);
    g_object_unref(handle);
    if (status == FK_OK && err) {
        err->status = FK_OK;
        err->offset = -1;
        err->message[0] = '\0';
    }
    return status;
}

fk_status fk_render_png(const fk_position *pos, const fk_diagram_options *opts,
                        fk_buffer *out) {
    fk_buffer svg = {0};
    fk_status status = fk_render_svg(pos, opts, &svg);
    if (status == FK_OK)
        status = fk_svg_to_png(svg.data, svg.len, opts->size, opts->size, out, NULL);
    fk_buffer_free(&svg);
    return status;
}
