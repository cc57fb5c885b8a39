/* Decoding JPEG pictures straight into grey levels with libjpeg (Debian's
 * libjpeg-turbo, the codec Leptonica itself calls): only the luminance is
 * asked for, so the colour channels are never converted, and each row is
 * written into the grey buffer itself, without opening Leptonica and the
 * codecs of every format behind it or copying its picture out a pixel at
 * a time. A file cut short is refused as Leptonica refuses
 * it; anything else libjpeg stops at or warns about (a damaged marker)
 * is left to Leptonica, whose reading and messages stay as they were.
 * A CMYK picture (as print work saves them: a diagram taken out of a PDF
 * or a page set for printing) has no luminance to ask for, and Leptonica's
 * luminance reading refuses it too: its inks are read and turned into
 * grey levels here (cmyk_grey()).
 *
 * Phone cameras store a photo's rows as the sensor read them and say in
 * the EXIF orientation tag how to turn them upright; the picture is
 * turned here as a viewer turns it, so that the board, its corners and
 * which side is at the bottom are those the person sees. libjpeg keeps
 * the APP1 segment that holds the tag, and libexif (opened only when a
 * picture has one) reads the tag out of it. */
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

#include "lazy.h"
#include "vision.h"

#define JPEG_FUNCTIONS(X)                                                                    \
    X(jpeg_std_error) X(jpeg_CreateDecompress) X(jpeg_mem_src) X(jpeg_read_header)          \
    X(jpeg_start_decompress) X(jpeg_read_scanlines) X(jpeg_finish_decompress)               \
    X(jpeg_destroy_decompress) X(jpeg_save_markers)
#define EXIF_FUNCTIONS(X)                                                                    \
    X(exif_data_new_from_data) X(exif_data_get_byte_order) X(exif_content_get_entry)       \
    X(exif_get_short) X(exif_data_unref)

static struct {
    JPEG_FUNCTIONS(LAZY_FIELD)
} lib;
static pthread_once_t lib_once = PTHREAD_ONCE_INIT;
static char lib_problem[200];

static struct {
    EXIF_FUNCTIONS(LAZY_FIELD)
} exif;
static pthread_once_t exif_once = PTHREAD_ONCE_INIT;
static char exif_problem[200];

static void exif_open(void) {
    static const char *const libraries[] = {"libexif.so.12"};
    static const char *const names[] = {EXIF_FUNCTIONS(LAZY_NAME)};
    _Static_assert(sizeof exif == sizeof names, "one pointer per function");
    lazy_load(libraries, 1, names, (int)(sizeof names / sizeof names[0]), &exif,
              "turning phone photos upright (Debian: libexif12)", exif_problem,
              sizeof exif_problem);
}

static void lib_open(void) {
    static const char *const libraries[] = {"libjpeg.so.62"};
    static const char *const names[] = {JPEG_FUNCTIONS(LAZY_NAME)};
    _Static_assert(sizeof lib == sizeof names, "one pointer per function");
    lazy_load(libraries, 1, names, (int)(sizeof names / sizeof names[0]), &lib,
              "reading JPEG pictures quickly (Debian: libjpeg62-turbo)", lib_problem,
              sizeof lib_problem);
}

/* libjpeg's error manager, with a way out: an error jumps back instead of
 * ending the program, no message is printed, and warnings are counted,
 * the file ending too soon apart. */
typedef struct {
    struct jpeg_error_mgr mgr;
    jmp_buf out;
    int cut; /* the data ended before the picture did */
} way_out;

static void jump_out(j_common_ptr c) { longjmp(((way_out *)c->err)->out, 1); }
static void say_nothing(j_common_ptr c) { (void)c; }
static void count(j_common_ptr c, int level) {
    way_out *e = (way_out *)c->err;
    if (level < 0) {
        e->mgr.num_warnings++;
        e->cut |= e->mgr.msg_code == JWRN_JPEG_EOF;
    }
}

/* The EXIF orientation of the picture whose header c has read (with its
 * APP1 segments kept): 1 (stored upright) to 8; 1 when there is no tag,
 * a value out of range, or no libexif. */
static int exif_orientation(j_decompress_ptr c) {
    for (jpeg_saved_marker_ptr m = c->marker_list; m; m = m->next) {
        if (m->marker != JPEG_APP0 + 1 || m->data_length < 6 || memcmp(m->data, "Exif\0\0", 6) != 0)
            continue;
        pthread_once(&exif_once, exif_open);
        if (exif_problem[0]) return 1;
        ExifData *data = exif.exif_data_new_from_data(m->data, m->data_length);
        if (!data) return 1;
        ExifEntry *tag = exif.exif_content_get_entry(data->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
        int value = tag && tag->format == EXIF_FORMAT_SHORT && tag->components >= 1 && tag->size >= 2
                        ? exif.exif_get_short(tag->data, exif.exif_data_get_byte_order(data))
                        : 1;
        exif.exif_data_unref(data);
        return value >= 1 && value <= 8 ? value : 1;
    }
    return 1;
}

/* Turns a picture of n bytes a pixel (w x h, as stored) upright for EXIF
 * orientation o (2 to 8): 2 mirrored left to right, 3 turned half round,
 * 4 mirrored top to bottom, 5 mirrored along the main diagonal, 6 to be
 * turned a quarter clockwise, 7 mirrored along the other diagonal, 8 to
 * be turned a quarter anticlockwise. Writes the new size; NULL when out
 * of memory. */
static uint8_t *upright(const uint8_t *px, size_t w, size_t h, size_t n, int o, size_t *ow,
                        size_t *oh) {
    int across = o >= 5; /* rows become columns */
    size_t W = across ? h : w, H = across ? w : h;
    uint8_t *out = fk_picture_alloc(w * h * n);
    if (!out) return NULL;
    for (size_t y = 0; y < H; y++)
        for (size_t x = 0; x < W; x++) {
            size_t sx, sy; /* the stored pixel shown at x, y */
            switch (o) {
            case 2: sx = w - 1 - x, sy = y; break;
            case 3: sx = w - 1 - x, sy = h - 1 - y; break;
            case 4: sx = x, sy = h - 1 - y; break;
            case 5: sx = y, sy = x; break;
            case 6: sx = y, sy = h - 1 - x; break;
            case 7: sx = w - 1 - y, sy = h - 1 - x; break;
            default: sx = w - 1 - y, sy = x; break; /* 8 */
            }
            memcpy(out + (y * W + x) * n, px + (sy * w + sx) * n, n);
        }
    *ow = W;
    *oh = H;
    return out;
}

/* Grey levels of a row of n CMYK pixels (four bytes each) as libjpeg
 * gives them: each ink's share of the light taken away, the red, green and
 * blue that are left weighted as Leptonica's RGB pictures are (to_grey()
 * in image.c). Photoshop and the programs that follow it (an Adobe
 * marker, `adobe`) store the inks inverted, 255 for none. */
static void cmyk_grey(const uint8_t *ink, size_t n, int adobe, uint8_t *grey) {
    for (size_t i = 0; i < n; i++, ink += 4) {
        int light[4];
        for (int k = 0; k < 4; k++)
            light[k] = adobe ? ink[k] : 255 - ink[k];
        int r = light[0] * light[3] / 255, g = light[1] * light[3] / 255,
            b = light[2] * light[3] / 255;
        grey[i] = (uint8_t)((r * 299 + g * 587 + b * 114 + 500) / 1000);
    }
}

/* Readies c for a decoding whose errors jump to e->out (set by the caller's
 * setjmp), say nothing, and are counted: c zeroed first, so that it is
 * destroyed safely even if creating it fails. */
static void quiet_errors(struct jpeg_decompress_struct *c, way_out *e) {
    memset(c, 0, sizeof *c);
    c->err = lib.jpeg_std_error(&e->mgr);
    e->mgr.error_exit = jump_out;
    e->mgr.output_message = say_nothing;
    e->mgr.emit_message = count;
    e->cut = 0;
}

/* The picture's colours at an eighth of its size, as libjpeg decodes a
 * JPEG scaled by 1/8 (from the blocks' mean values alone, for little
 * more than reading the data again), turned upright for EXIF orientation
 * o: out->colour, or left NULL where that fails. */
static void colour_eighth(const void *data, size_t len, int o, fk_image *out) {
    struct jpeg_decompress_struct c;
    way_out e;
    uint8_t *volatile rgb = NULL;
    quiet_errors(&c, &e);
    if (setjmp(e.out)) {
        lib.jpeg_destroy_decompress(&c);
        free(rgb);
        return;
    }
    lib.jpeg_CreateDecompress(&c, JPEG_LIB_VERSION, sizeof c);
    lib.jpeg_mem_src(&c, data, (unsigned long)len);
    lib.jpeg_read_header(&c, TRUE);
    c.out_color_space = JCS_RGB;
    c.scale_num = 1;
    c.scale_denom = 8;
    lib.jpeg_start_decompress(&c);
    size_t w = c.output_width, h = c.output_height;
    if (c.output_components == 3 && w > 0 && h > 0 && (rgb = malloc(w * h * 3)) != NULL) {
        while (c.output_scanline < h) {
            JSAMPROW row = rgb + (size_t)c.output_scanline * w * 3;
            lib.jpeg_read_scanlines(&c, &row, 1);
        }
        lib.jpeg_finish_decompress(&c);
    }
    lib.jpeg_destroy_decompress(&c);
    if (!rgb || e.cut || e.mgr.num_warnings) {
        free(rgb);
        return;
    }
    if (o > 1) {
        uint8_t *turned = upright(rgb, w, h, 3, o, &w, &h);
        free(rgb);
        if (!turned) return;
        rgb = turned;
    }
    out->colour = rgb;
    out->colour_width = (int)w;
    out->colour_height = (int)h;
}

int fk_jpeg_decode(const void *data, size_t len, fk_image *out, fk_status *status,
                   fk_error *err) {
    pthread_once(&lib_once, lib_open);
    if (lib_problem[0] || len > 0xffffffffu) return 0;
    struct jpeg_decompress_struct c;
    way_out e;
    uint8_t *volatile grey = NULL; /* volatile: set between setjmp and a longjmp to it */
    uint8_t *volatile inks = NULL; /* a row of a CMYK picture */
    quiet_errors(&c, &e);
    if (setjmp(e.out)) { /* libjpeg gave up: Leptonica reads it, or says why not */
        lib.jpeg_destroy_decompress(&c);
        free(grey);
        free(inks);
        return 0;
    }
    lib.jpeg_CreateDecompress(&c, JPEG_LIB_VERSION, sizeof c);
    lib.jpeg_mem_src(&c, data, (unsigned long)len);
    lib.jpeg_save_markers(&c, JPEG_APP0 + 1, 0xffff);
    lib.jpeg_read_header(&c, TRUE);
    int orientation = exif_orientation(&c), colours = c.num_components == 3;
    if (fk_image_too_large((int)c.image_width, (int)c.image_height, status, err)) {
        lib.jpeg_destroy_decompress(&c);
        return 1;
    }
    int cmyk = c.jpeg_color_space == JCS_CMYK || c.jpeg_color_space == JCS_YCCK;
    c.out_color_space = cmyk ? JCS_CMYK : JCS_GRAYSCALE;
    lib.jpeg_start_decompress(&c);
    size_t w = c.output_width, h = c.output_height;
    if (c.output_components != (cmyk ? 4 : 1) || w != c.image_width || h != c.image_height) {
        lib.jpeg_destroy_decompress(&c);
        return 0;
    }
    grey = fk_picture_alloc(w * h);
    if (cmyk) inks = malloc(w * 4);
    if (!grey || (cmyk && !inks)) {
        lib.jpeg_destroy_decompress(&c);
        free(grey);
        free(inks);
        *status = fk_vision_fail(err, FK_ERR_NOMEM, "out of memory decoding the picture");
        return 1;
    }
    while (c.output_scanline < h) {
        uint8_t *line = grey + (size_t)c.output_scanline * w;
        JSAMPROW row = cmyk ? inks : line;
        lib.jpeg_read_scanlines(&c, &row, 1);
        if (cmyk) cmyk_grey(inks, w, c.saw_Adobe_marker, line);
    }
    lib.jpeg_finish_decompress(&c);
    long warned = e.mgr.num_warnings;
    lib.jpeg_destroy_decompress(&c);
    free(inks);
    if (e.cut) { /* what Leptonica says of it too, without libjpeg's line on stderr */
        free(grey);
        *status = fk_vision_fail(err, FK_ERR_SYNTAX, "the picture is damaged or cut short");
        return 1;
    }
    if (warned) { /* damaged data: Leptonica's reading, as before */
        free(grey);
        return 0;
    }
    if (orientation > 1) {
        uint8_t *turned = upright(grey, w, h, 1, orientation, &w, &h);
        free(grey);
        if (!turned) {
            *status = fk_vision_fail(err, FK_ERR_NOMEM, "out of memory decoding the picture");
            return 1;
        }
        grey = turned;
        out->turned = orientation;
    }
    out->width = (int)w;
    out->height = (int)h;
    out->grey = grey;
    if (colours) colour_eighth(data, len, orientation, out);
    *status = FK_OK;
    return 1;
}
