/* Test helpers for the render layer: decode a PNG with cairo and read its
 * pixels, compare regions, draw positions. */
#ifndef FENKIT_TEST_PIXELS_H
#define FENKIT_TEST_PIXELS_H

#include <cairo.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/render.h"
#include "render/lsan.h"

typedef struct {
    cairo_surface_t *surface;
    int width, height, stride;
    const unsigned char *data;
} image;

typedef struct {
    const fk_buffer *buf;
    size_t at;
} png_reader;

static inline cairo_status_t read_png_bytes(void *closure, unsigned char *data, unsigned int length) {
    png_reader *r = closure;
    if (r->at + length > r->buf->len) return CAIRO_STATUS_READ_ERROR;
    memcpy(data, r->buf->data + r->at, length);
    r->at += length;
    return CAIRO_STATUS_SUCCESS;
}

/* Decodes PNG bytes; width is 0 when they are not a PNG. */
static inline image decode_png(const fk_buffer *png) {
    png_reader r = {png, 0};
    image img = {0};
    img.surface = cairo_image_surface_create_from_png_stream(read_png_bytes, &r);
    if (cairo_surface_status(img.surface) != CAIRO_STATUS_SUCCESS) return img;
    cairo_surface_flush(img.surface);
    img.width = cairo_image_surface_get_width(img.surface);
    img.height = cairo_image_surface_get_height(img.surface);
    img.stride = cairo_image_surface_get_stride(img.surface);
    img.data = cairo_image_surface_get_data(img.surface);
    return img;
}

static inline void image_free(image *img) {
    if (img->surface) cairo_surface_destroy(img->surface);
    img->surface = NULL;
}

/* The colour at (x, y) as 0xRRGGBB (the diagrams are opaque). */
static inline uint32_t pixel_at(const image *img, int x, int y) {
    uint32_t argb;
    memcpy(&argb, img->data + (size_t)y * img->stride + (size_t)x * 4, 4);
    return argb & 0xffffff;
}

/* Largest difference of one channel between two colours. */
static inline int color_distance(uint32_t a, uint32_t b) {
    int worst = 0;
    for (int shift = 0; shift < 24; shift += 8) {
        int d = abs((int)((a >> shift) & 0xff) - (int)((b >> shift) & 0xff));
        if (d > worst) worst = d;
    }
    return worst;
}

/* Mean absolute channel difference over a w x h region of two images. */
static inline double region_difference(const image *a, const image *b, int x0, int y0, int w, int h) {
    double sum = 0;
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) {
            uint32_t p = pixel_at(a, x, y), q = pixel_at(b, x, y);
            for (int shift = 0; shift < 24; shift += 8)
                sum += abs((int)((p >> shift) & 0xff) - (int)((q >> shift) & 0xff));
        }
    return sum / (3.0 * w * h);
}

/* Mean absolute difference between region (ax, ay) of a and (bx, by) of b. */
static inline double region_difference_at(const image *a, int ax, int ay, const image *b, int bx,
                                   int by, int w, int h) {
    double sum = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t p = pixel_at(a, ax + x, ay + y), q = pixel_at(b, bx + x, by + y);
            for (int shift = 0; shift < 24; shift += 8)
                sum += abs((int)((p >> shift) & 0xff) - (int)((q >> shift) & 0xff));
        }
    return sum / (3.0 * w * h);
}

/* Renders pos as a PNG and decodes it; width is 0 on failure. */
static inline image render_image(const fk_position *pos, const fk_diagram_options *opts) {
    fk_buffer png = {0};
    image img = {0};
    if (fk_render_png(pos, opts, &png) == FK_OK) img = decode_png(&png);
    fk_buffer_free(&png);
    return img;
}

/* Left and top pixel of sq's square in a diagram of these options. */
static inline void square_origin_px(const fk_diagram_options *opts, fk_square sq, int *x, int *y) {
    double cx, cy;
    fk_diagram_square_center(opts, sq, &cx, &cy);
    fk_board_geometry g = fk_diagram_geometry(opts);
    *x = (int)(cx - g.square / 2.0 + 0.5);
    *y = (int)(cy - g.square / 2.0 + 0.5);
}

#endif
