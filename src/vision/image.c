/* Decoding pictures into grey levels, refusing ones too large before they
 * are decoded: PNG by png.c, JPEG by jpeg.c, every other format (and what
 * those two leave) with Leptonica. */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE (Linux) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "libs.h"
#include "vision.h"

void *fk_picture_alloc(size_t n) {
    enum { HUGE_PAGE = 2 << 20 };
#ifdef MADV_HUGEPAGE
    if (n >= HUGE_PAGE / 2 && n <= SIZE_MAX - HUGE_PAGE) {
        size_t whole = (n + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void *p = aligned_alloc(HUGE_PAGE, whole);
        if (p) madvise(p, whole, MADV_HUGEPAGE); /* only advice: ignored where refused */
        return p;
    }
#endif
    return malloc(n);
}

fk_status fk_vision_fail(fk_error *err, fk_status status, const char *message) {
    if (err) {
        err->status = status;
        err->offset = -1;
        snprintf(err->message, sizeof err->message, "%s", message);
    }
    return status;
}

/* The width and height a GIF's or PNG's header declares, read from the
 * bytes (Leptonica decodes a whole GIF to learn them, and wants more than
 * the header of a PNG). Returns 1 when the bytes start like either. */
static int header_size(const uint8_t *p, size_t len, int *w, int *h) {
    if (len >= 10 && memcmp(p, "GIF8", 4) == 0) {
        *w = p[6] | p[7] << 8;
        *h = p[8] | p[9] << 8;
        return 1;
    }
    if (len >= 24 && memcmp(p, "\x89PNG\r\n\x1a\n", 8) == 0 && memcmp(p + 12, "IHDR", 4) == 0) {
        uint32_t pw = (uint32_t)p[16] << 24 | (uint32_t)p[17] << 16 | (uint32_t)p[18] << 8 | p[19];
        uint32_t ph = (uint32_t)p[20] << 24 | (uint32_t)p[21] << 16 | (uint32_t)p[22] << 8 | p[23];
        *w = pw > 0x7fffffff ? -1 : (int)pw;
        *h = ph > 0x7fffffff ? -1 : (int)ph;
        return 1;
    }
    return 0;
}

/* 1 for an animated WebP (the animation flag of its VP8X chunk): the
 * WebP reader behind Leptonica decodes still pictures only, and said
 * such a file was damaged. */
static int animated_webp(const uint8_t *p, size_t len) {
    return len >= 21 && memcmp(p, "RIFF", 4) == 0 && memcmp(p + 8, "WEBPVP8X", 8) == 0 &&
           (p[20] & 0x02);
}

/* What a file fenkit cannot read is, where it is one that people take for
 * a picture (an iPhone's HEIC photo, a diagram as a PDF page or an SVG
 * drawing): its name for the message, or NULL. Leptonica took a PDF for a
 * picture with a damaged header and the rest for no picture at all. */
static const char *unreadable_kind(const uint8_t *p, size_t len) {
    if (len >= 12 && memcmp(p + 4, "ftyp", 4) == 0) {
        if (memcmp(p + 8, "avif", 4) == 0 || memcmp(p + 8, "avis", 4) == 0)
            return "an AVIF picture";
        if (memcmp(p + 8, "hei", 3) == 0 || memcmp(p + 8, "hev", 3) == 0 ||
            memcmp(p + 8, "mif1", 4) == 0 || memcmp(p + 8, "msf1", 4) == 0)
            return "a HEIC picture (an iPhone's photo format)";
    }
    if (len >= 5 && memcmp(p, "%PDF-", 5) == 0) return "a PDF document";
    /* an SVG file: markup from its first character on, an <svg element
     * within its first kilobyte */
    size_t i = 0, head = len < 1024 ? len : 1024;
    while (i < head && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n'))
        i++;
    if (i < head && p[i] == '<')
        for (; i + 4 <= head; i++)
            if (memcmp(p + i, "<svg", 4) == 0) return "an SVG drawing";
    return NULL;
}

/* Copies a 32 bpp picture into grey levels with the weights 299/587/114,
 * drawing transparent pixels over white. */
static void to_grey(PIX *pix, int has_alpha, uint8_t *out) {
    int w = (int)fk_lept.pixGetWidth(pix), h = (int)fk_lept.pixGetHeight(pix), wpl = fk_lept.pixGetWpl(pix);
    const l_uint32 *data = fk_lept.pixGetData(pix);
    for (int y = 0; y < h; y++) {
        const l_uint32 *row = data + (size_t)y * wpl;
        for (int x = 0; x < w; x++) {
            l_uint32 v = row[x];
            int r = (v >> L_RED_SHIFT) & 0xff, g = (v >> L_GREEN_SHIFT) & 0xff,
                b = (v >> L_BLUE_SHIFT) & 0xff;
            int grey = (r * 299 + g * 587 + b * 114 + 500) / 1000;
            if (has_alpha) {
                int a = (v >> L_ALPHA_SHIFT) & 0xff;
                grey = (grey * a + 255 * (255 - a) + 127) / 255;
            }
            out[(size_t)y * w + x] = (uint8_t)grey;
        }
    }
}

/* Copies an 8 bpp grey picture (Leptonica keeps the first pixel of each
 * 32-bit word in its high byte). */
static void copy_grey(PIX *pix, uint8_t *out) {
    int w = (int)fk_lept.pixGetWidth(pix), h = (int)fk_lept.pixGetHeight(pix),
        wpl = fk_lept.pixGetWpl(pix);
    const l_uint32 *data = fk_lept.pixGetData(pix);
    for (int y = 0; y < h; y++) {
        const l_uint32 *row = data + (size_t)y * wpl;
        for (int x = 0; x < w; x++)
            out[(size_t)y * w + x] = (uint8_t)(row[x >> 2] >> (24 - 8 * (x & 3)));
    }
}

/* Opens Leptonica, with its messages silenced (errors come back as values,
 * not on stderr). */
static fk_status lept_ready(fk_error *err) {
    if (fk_lept_ready(err) != FK_OK) return FK_ERR_IO;
    fk_lept.setMsgSeverity(L_SEVERITY_NONE);
    return FK_OK;
}

int fk_image_too_large(int w, int h, fk_status *status, fk_error *err) {
    if (w <= 0 || h <= 0) {
        *status = fk_vision_fail(err, FK_ERR_SYNTAX, "the picture has no pixels");
        return 1;
    }
    if ((double)w * (double)h > (double)FK_SCAN_MAX_PIXELS) {
        char msg[160];
        snprintf(msg, sizeof msg, "the picture is %d x %d pixels, over the limit of %ld million",
                 w, h, FK_SCAN_MAX_PIXELS / 1000000);
        *status = fk_vision_fail(err, FK_ERR_RANGE, msg);
        return 1;
    }
    return 0;
}

fk_status fk_image_decode(const void *data, size_t len, fk_image *out, fk_error *err) {
    memset(out, 0, sizeof *out);
    if (len == 0) return fk_vision_fail(err, FK_ERR_SYNTAX, "the file is empty");
    /* A JPEG is read by jpeg.c, its size from its own header, without
     * opening Leptonica, unless libjpeg gives up on it. */
    fk_status js;
    if (len >= 3 && memcmp(data, "\xff\xd8\xff", 3) == 0 && fk_jpeg_decode(data, len, out, &js, err))
        return js;
    const char *kind = unreadable_kind(data, len);
    if (kind) {
        char msg[160];
        snprintf(msg, sizeof msg, "%s, which fenkit cannot read: save it as PNG or JPEG", kind);
        return fk_vision_fail(err, FK_ERR_SYNTAX, msg);
    }
    if (animated_webp(data, len))
        return fk_vision_fail(err, FK_ERR_SYNTAX,
                              "an animated WebP: fenkit reads still pictures (save the frame "
                              "to read as PNG)");
    int format = 0, w = 0, h = 0, bps = 0, spp = 0, cmap = 0;
    /* PNG and GIF sizes come from the bytes, so a PNG needs no Leptonica. */
    if (!header_size(data, len, &w, &h)) {
        if (lept_ready(err) != FK_OK) return FK_ERR_IO;
        if (fk_lept.findFileFormatBuffer(data, &format) != 0 || format == IFF_UNKNOWN)
            return fk_vision_fail(err, FK_ERR_SYNTAX,
                        "not a picture fenkit can read (PNG, JPEG, WebP, GIF, BMP, TIFF, PNM)");
        if (fk_lept.pixReadHeaderMem(data, len, &format, &w, &h, &bps, &spp, &cmap) != 0)
            return fk_vision_fail(err, FK_ERR_SYNTAX, "the picture's header is damaged or cut short");
    }
    fk_status s;
    if (fk_image_too_large(w, h, &s, err)) return s;
    int png = len >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0;
    if (png && fk_png_decode(data, len, out, &s, err)) return s;
    if (lept_ready(err) != FK_OK) return FK_ERR_IO;
    /* A JPEG stores grey levels (its Y channel, the same weights) beside
     * the colour: reading only those skips the colour conversion. */
    PIX *pix = format == IFF_JFIF_JPEG
                   ? fk_lept.pixReadMemJpeg(data, len, 0, 1, NULL, L_JPEG_READ_LUMINANCE)
                   : fk_lept.pixReadMem(data, len);
    if (!pix) return fk_vision_fail(err, FK_ERR_SYNTAX, "the picture is damaged or cut short");
    if (fk_lept.pixGetWidth(pix) != w || fk_lept.pixGetHeight(pix) != h) {
        fk_lept.pixDestroy(&pix);
        return fk_vision_fail(err, FK_ERR_SYNTAX, "the picture's size does not match its header");
    }
    if (fk_lept.pixGetDepth(pix) == 8 && !fk_lept.pixGetColormap(pix)) {
        out->grey = fk_picture_alloc((size_t)w * h);
        if (out->grey) copy_grey(pix, out->grey);
        fk_lept.pixDestroy(&pix);
        if (!out->grey)
            return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory decoding the picture");
        out->width = w;
        out->height = h;
        return FK_OK;
    }
    int has_alpha = fk_lept.pixGetSpp(pix) == 4 && fk_lept.pixGetDepth(pix) == 32;
    PIX *rgb = fk_lept.pixGetDepth(pix) == 32 ? fk_lept.pixClone(pix) : fk_lept.pixConvertTo32(pix);
    fk_lept.pixDestroy(&pix);
    if (!rgb) return fk_vision_fail(err, FK_ERR_SYNTAX, "the picture's pixel format is not supported");
    out->grey = fk_picture_alloc((size_t)w * h);
    if (!out->grey) {
        fk_lept.pixDestroy(&rgb);
        return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory decoding the picture");
    }
    to_grey(rgb, has_alpha, out->grey);
    fk_lept.pixDestroy(&rgb);
    out->width = w;
    out->height = h;
    return FK_OK;
}

void fk_image_free(fk_image *image) {
    if (!image) return;
    free(image->grey);
    free(image->colour);
    image->grey = image->colour = NULL;
    image->width = image->height = 0;
}
