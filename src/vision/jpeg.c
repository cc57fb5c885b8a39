/* Decoding JPEG pictures straight into grey levels with libjpeg (Debian's
 * libjpeg-turbo, the codec Leptonica itself calls): only the luminance is
 * asked for, so the colour channels are never converted, and each row is
 * written into the grey buffer itself. Through Leptonica the rows went
 * into a picture of its own first and were copied out a pixel at a time,
 * and Leptonica (with the codecs of every format behind it) had to be
 * opened: the 1920 x 1080 page of bench/scan.sh took 7.2-10.3 ms to
 * decode, 3.2-3.9 here. A file cut short is refused as Leptonica refuses
 * it; anything else libjpeg stops at or warns about (CMYK, a damaged
 * marker) is left to Leptonica, whose reading and messages stay as they
 * were. */
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

#include "lazy.h"
#include "vision.h"

#define JPEG_FUNCTIONS(X)                                                                    \
    X(jpeg_std_error) X(jpeg_CreateDecompress) X(jpeg_mem_src) X(jpeg_read_header)          \
    X(jpeg_start_decompress) X(jpeg_read_scanlines) X(jpeg_finish_decompress)               \
    X(jpeg_destroy_decompress)

static struct {
    JPEG_FUNCTIONS(LAZY_FIELD)
} lib;
static pthread_once_t lib_once = PTHREAD_ONCE_INIT;
static char lib_problem[200];

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

int fk_jpeg_decode(const void *data, size_t len, fk_image *out, fk_status *status,
                   fk_error *err) {
    pthread_once(&lib_once, lib_open);
    if (lib_problem[0] || len > 0xffffffffu) return 0;
    struct jpeg_decompress_struct c;
    way_out e;
    uint8_t *volatile grey = NULL; /* volatile: set between setjmp and a longjmp to it */
    memset(&c, 0, sizeof c); /* destroyed safely even if creating it fails */
    c.err = lib.jpeg_std_error(&e.mgr);
    e.mgr.error_exit = jump_out;
    e.mgr.output_message = say_nothing;
    e.mgr.emit_message = count;
    e.cut = 0;
    if (setjmp(e.out)) { /* libjpeg gave up: Leptonica reads it, or says why not */
        lib.jpeg_destroy_decompress(&c);
        free(grey);
        return 0;
    }
    lib.jpeg_CreateDecompress(&c, JPEG_LIB_VERSION, sizeof c);
    lib.jpeg_mem_src(&c, data, (unsigned long)len);
    lib.jpeg_read_header(&c, TRUE);
    if (fk_image_too_large((int)c.image_width, (int)c.image_height, status, err)) {
        lib.jpeg_destroy_decompress(&c);
        return 1;
    }
    c.out_color_space = JCS_GRAYSCALE;
    lib.jpeg_start_decompress(&c);
    size_t w = c.output_width, h = c.output_height;
    if (c.output_components != 1 || w != c.image_width || h != c.image_height) {
        lib.jpeg_destroy_decompress(&c);
        return 0;
    }
    grey = fk_picture_alloc(w * h);
    if (!grey) {
        lib.jpeg_destroy_decompress(&c);
        *status = fk_vision_fail(err, FK_ERR_NOMEM, "out of memory decoding the picture");
        return 1;
    }
    while (c.output_scanline < h) {
        JSAMPROW row = grey + (size_t)c.output_scanline * w;
        lib.jpeg_read_scanlines(&c, &row, 1);
    }
    lib.jpeg_finish_decompress(&c);
    long warned = e.mgr.num_warnings;
    lib.jpeg_destroy_decompress(&c);
    if (e.cut) { /* what Leptonica says of it too, without libjpeg's line on stderr */
        free(grey);
        *status = fk_vision_fail(err, FK_ERR_SYNTAX, "the picture is damaged or cut short");
        return 1;
    }
    if (warned) { /* damaged data: Leptonica's reading, as before */
        free(grey);
        return 0;
    }
    out->width = (int)w;
    out->height = (int)h;
    out->grey = grey;
    *status = FK_OK;
    return 1;
}
