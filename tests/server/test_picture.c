/* Tests for src/server/picture.c: the size each format's header declares,
 * read without decoding, and headers too short to say. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "server/api_scan.c"
#include "server/json.c"
#include "server/picture.c"
#include "server/reply.c"

/* Checks the size read from the first n bytes of data. */
static void expect_size(const void *data, size_t n, long w, long h, double pixels) {
    long gw, gh;
    double gp;
    assert_int_equal(srv_picture_size(data, n, &gw, &gh, &gp), 1);
    assert_int_equal(gw, w);
    assert_int_equal(gh, h);
    assert_true(gp == pixels);
}

static void png_gif_jpeg_webp_bmp(void **state) {
    (void)state;
    static const unsigned char png[] =
        "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x27\x0f\0\0\x27\x0f\x08\0\0\0\0";
    expect_size(png, sizeof png - 1, 9999, 9999, 9999.0 * 9999.0);
    /* a GIF whose screen is small and whose one frame is not */
    static const unsigned char gif[] = "GIF89a\x10\0\x10\0\0\0\0"
                                       "\x21\xf9\x04\0\0\0\0\0"
                                       "\x2c\0\0\0\0\x0f\x27\x0f\x27\0\x02\x01\x00\x00\x3b";
    expect_size(gif, sizeof gif - 1, 9999, 9999, 16.0 * 16 + 9999.0 * 9999);
    static const unsigned char jpeg[] =
        "\xff\xd8\xff\xe0\0\x04\0\0\xff\xc2\0\x0b\x08\x03\x20\x05\x00\x01\x01\x11\0";
    expect_size(jpeg, sizeof jpeg - 1, 1280, 800, 1280.0 * 800);
    static const unsigned char vp8x[] =
        "RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0\x0e\x27\0\x0e\x27\0";
    expect_size(vp8x, sizeof vp8x - 1, 9999, 9999, 9999.0 * 9999);
    unsigned char bmp[26] = "BM";
    bmp[14] = 40;
    bmp[18] = 0x20, bmp[19] = 0x03;                                 /* 800 */
    bmp[22] = 0xa0, bmp[23] = 0xfd, bmp[24] = 0xff, bmp[25] = 0xff; /* -608: top row first */
    expect_size(bmp, sizeof bmp, 800, 608, 800.0 * 608);
}

static void headers_that_do_not_say(void **state) {
    (void)state;
    long w, h;
    double p;
    assert_int_equal(srv_picture_size((const unsigned char *)"not a picture", 13, &w, &h, &p), 0);
    assert_int_equal(
        srv_picture_size((const unsigned char *)"\xff\xd8\xff\xe0\0\x10", 6, &w, &h, &p), 0);
    assert_int_equal(
        srv_picture_size((const unsigned char *)"RIFF\0\0\0\0WEBPVP8 ", 16, &w, &h, &p), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(png_gif_jpeg_webp_bmp),
        cmocka_unit_test(headers_that_do_not_say),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
