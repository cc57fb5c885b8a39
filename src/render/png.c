/* PNG diagrams: the SVG diagram rasterised by librsvg onto a cairo image
 * surface (antialiased), then encoded as PNG by cairo. */
#include <cairo.h>
#include <librsvg/rsvg.h>
#include <stdio.h>

#include "buffer.h"

/* cairo's PNG writer hands the bytes over in pieces. */
static cairo_status_t write_to_buffer(void *closure, const unsigned char *data,
                                      unsigned int length) {
    return fk_buffer_append(closure, data, length) ? CAIRO_STATUS_NO_MEMORY
                                                   : CAIRO_STATUS_SUCCESS;
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
        cairo_status_t cs = cairo_surface_write_to_png_stream(surface, write_to_buffer, out);
        if (cs != CAIRO_STATUS_SUCCESS) {
            out->len = start;
            status = fail(err, cs == CAIRO_STATUS_NO_MEMORY ? FK_ERR_NOMEM : FK_ERR_IO,
                          "writing the PNG", cairo_status_to_string(cs));
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
