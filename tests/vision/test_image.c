/* Decoding: every format Leptonica was built with, grey levels as the
 * weights say, and clear errors for bytes that are no picture, cut-short
 * files and pictures too large to decode. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fenkit/fenkit.h"
#include "render/lsan.h" /* fontconfig keeps caches when diagrams have text */

/* A PNG of the start position drawn by the render layer. */
static fk_buffer board_png(int size) {
    fk_position pos;
    fk_position_startpos(&pos);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    o.size = size;
    fk_buffer png = {0};
    assert_int_equal(fk_render_png(&pos, &o, &png), FK_OK);
    return png;
}

static void test_decodes_a_png_with_its_size(void **state) {
    (void)state;
    fk_buffer png = board_png(160);
    fk_image im;
    fk_error err;
    assert_int_equal(fk_image_decode(png.data, png.len, &im, &err), FK_OK);
    assert_int_equal(im.width, 160);
    assert_int_equal(im.height, 160);
    /* a3 is dark and b3 light in every theme (rank 3 is empty). */
    int dark = im.grey[110 * 160 + 10], light = im.grey[110 * 160 + 30];
    assert_true(dark + 20 < light);
    fk_image_free(&im);
    fk_buffer_free(&png);
}

static void test_refuses_bytes_that_are_no_picture(void **state) {
    (void)state;
    const char text[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    fk_image im;
    fk_error err;
    assert_int_equal(fk_image_decode(text, sizeof text - 1, &im, &err), FK_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "not a picture"));
    assert_null(im.grey);
    assert_int_equal(fk_image_decode(text, 0, &im, &err), FK_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "empty"));
}

static void test_refuses_a_cut_short_png(void **state) {
    (void)state;
    fk_buffer png = board_png(200);
    fk_image im;
    fk_error err;
    for (size_t keep = 8; keep < png.len; keep += png.len / 7) {
        fk_status s = fk_image_decode(png.data, keep, &im, &err);
        assert_int_not_equal(s, FK_OK);
        assert_true(strlen(err.message) > 0);
    }
    fk_buffer_free(&png);
}

/* CRC-32 of PNG chunks (the zlib polynomial), bit by bit. */
static uint32_t crc32_of(const unsigned char *p, size_t n) {
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xffffffffu;
}

static void put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static void test_refuses_a_huge_png_before_decoding(void **state) {
    (void)state;
    /* Signature and a valid IHDR for 50000 x 50000 grey pixels: the header
     * alone must be enough to refuse it. */
    unsigned char png[8 + 25] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char *ihdr = png + 8;
    put32(ihdr, 13);
    memcpy(ihdr + 4, "IHDR", 4);
    put32(ihdr + 8, 50000);
    put32(ihdr + 12, 50000);
    ihdr[16] = 8; /* bit depth */
    ihdr[17] = 0; /* grey */
    put32(ihdr + 21, crc32_of(ihdr + 4, 17));
    fk_image im;
    fk_error err;
    assert_int_equal(fk_image_decode(png, sizeof png, &im, &err), FK_ERR_RANGE);
    assert_non_null(strstr(err.message, "50000 x 50000"));
    assert_null(im.grey);
}

static void test_refuses_a_huge_gif_before_decoding(void **state) {
    (void)state;
    unsigned char gif[32] = {'G', 'I', 'F', '8', '9', 'a', 0x50, 0xc3, 0x50, 0xc3};
    fk_image im;
    fk_error err;
    assert_int_equal(fk_image_decode(gif, sizeof gif, &im, &err), FK_ERR_RANGE);
    assert_null(im.grey);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decodes_a_png_with_its_size),
        cmocka_unit_test(test_refuses_bytes_that_are_no_picture),
        cmocka_unit_test(test_refuses_a_cut_short_png),
        cmocka_unit_test(test_refuses_a_huge_png_before_decoding),
        cmocka_unit_test(test_refuses_a_huge_gif_before_decoding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
