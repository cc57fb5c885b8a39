/* Decoding: every format Leptonica was built with, grey levels as the
 * weights say, and clear errors for bytes that are no picture, cut-short
 * files and pictures too large to decode. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <png.h>

#include "fenkit/fenkit.h"
#include "render/lsan.h" /* fontconfig keeps caches when diagrams have text */
#include "vision/scan_data.h"

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
    assert_null(im.colour); /* kept for JPEGs only */
    fk_image_free(&im);
    fk_buffer_free(&png);
}

/* PNG bytes written by libpng itself into a growing buffer. */
typedef struct {
    unsigned char *data;
    size_t len, cap;
} sink;

static void sink_write(png_structp png, png_bytep p, png_size_t n) {
    sink *s = png_get_io_ptr(png);
    if (s->len + n > s->cap) {
        s->cap = (s->len + n) * 2;
        s->data = realloc(s->data, s->cap);
        assert_non_null(s->data);
    }
    memcpy(s->data + s->len, p, n);
    s->len += n;
}
static void sink_flush(png_structp png) { (void)png; }

enum { PW = 37, PH = 23 }; /* odd sizes: rows of 1, 2 and 4-bit pixels end mid-byte */

/* The sample values of channel c at (x, y) for bit depth d: a pattern with
 * flat runs, ramps and noise, so that every row filter gets chosen. */
static int sample(int x, int y, int c, int d) {
    int max = (1 << d) - 1;
    int v =
        y % 5 == 0 ? 40 * c + 7 : (x * (3 + c) + y * 11 + ((x * 7919 + y * 104729 + c) % 13)) * 97;
    return v % (max + 1);
}

/* Grey level of a colour over white, as the decoder promises. */
static int expect_grey(int r, int g, int b, int a) {
    int grey = (r * 299 + g * 587 + b * 114 + 500) / 1000;
    return (grey * a + 255 * (255 - a) + 127) / 255;
}

typedef struct {
    int type, depth, interlace, trns;
} png_kind;

/* Writes the pattern as a PNG of the given kind (all row filters allowed,
 * small zlib buffers so the data comes in many IDAT chunks) and fills
 * want with the grey levels the decoder must give. */
static sink write_png(png_kind k, uint8_t *want) {
    sink s = {0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    assert_non_null(info);
    if (setjmp(png_jmpbuf(png))) fail_msg("libpng could not write the test picture");
    png_set_write_fn(png, &s, sink_write, sink_flush);
    png_set_IHDR(png, info, PW, PH, k.depth, k.type, k.interlace ? PNG_INTERLACE_ADAM7 : 0, 0, 0);
    png_set_filter(png, 0, PNG_ALL_FILTERS);
    png_set_compression_buffer_size(png, 256);
    png_color palette[16];
    png_byte alphas[16];
    int entries = 1 << (k.depth < 4 ? k.depth : 4);
    for (int i = 0; i < entries; i++) {
        palette[i] = (png_color){(png_byte)(i * 37 % 256), (png_byte)(255 - i * 16),
                                 (png_byte)(i * 91 % 256)};
        alphas[i] = (png_byte)(i == 1 ? 0 : i == 2 ? 128 : 255);
    }
    png_color_16 key = {0};
    if (k.type == PNG_COLOR_TYPE_PALETTE) {
        png_set_PLTE(png, info, palette, entries);
        if (k.trns) png_set_tRNS(png, info, alphas, entries, NULL);
    } else if (k.trns) {
        key.gray = (png_uint_16)sample(0, 1, 0, k.depth);
        key.red = key.gray;
        key.green = (png_uint_16)sample(0, 1, 1, k.depth);
        key.blue = (png_uint_16)sample(0, 1, 2, k.depth);
        png_set_tRNS(png, info, NULL, 0, &key);
    }
    png_write_info(png, info);
    int channels = k.type == PNG_COLOR_TYPE_RGB          ? 3
                   : k.type == PNG_COLOR_TYPE_RGBA       ? 4
                   : k.type == PNG_COLOR_TYPE_GRAY_ALPHA ? 2
                                                         : 1;
    unsigned char *rows = calloc((size_t)PH * PW * channels * 2, 1);
    png_bytep pointers[PH];
    for (int y = 0; y < PH; y++) {
        unsigned char *row = rows + (size_t)y * PW * channels * 2;
        pointers[y] = row;
        for (int x = 0; x < PW; x++) {
            int v[4], hi[4];
            for (int c = 0; c < channels; c++) {
                int max = k.type == PNG_COLOR_TYPE_PALETTE ? entries - 1 : (1 << k.depth) - 1;
                v[c] = sample(x, y, c, k.depth) % (max + 1);
                hi[c] = k.depth == 16                                     ? v[c] >> 8
                        : k.depth < 8 && k.type != PNG_COLOR_TYPE_PALETTE ? v[c] * 255 / max
                                                                          : v[c];
                if (k.depth == 16) {
                    row[(x * channels + c) * 2] = (unsigned char)(v[c] >> 8);
                    row[(x * channels + c) * 2 + 1] = (unsigned char)v[c];
                } else if (k.depth == 8) {
                    row[x * channels + c] = (unsigned char)v[c];
                } else {
                    int per = 8 / k.depth;
                    row[x / per] |= (unsigned char)(v[c] << (8 - k.depth * (x % per + 1)));
                }
            }
            int g;
            if (k.type == PNG_COLOR_TYPE_PALETTE) {
                png_color p = palette[v[0]];
                g = expect_grey(p.red, p.green, p.blue, k.trns ? alphas[v[0]] : 255);
            } else if (channels >= 3) {
                int clear = k.trns && v[0] == key.red && v[1] == key.green && v[2] == key.blue;
                g = clear ? 255 : expect_grey(hi[0], hi[1], hi[2], channels == 4 ? hi[3] : 255);
            } else {
                int clear = k.trns && v[0] == key.gray;
                g = clear ? 255 : expect_grey(hi[0], hi[0], hi[0], channels == 2 ? hi[1] : 255);
            }
            want[y * PW + x] = (uint8_t)g;
        }
    }
    png_write_image(png, pointers);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    return s;
}

static void test_decodes_every_png_colour_type_and_depth(void **state) {
    (void)state;
    static const png_kind kinds[] = {
        {PNG_COLOR_TYPE_GRAY, 1, 0, 0},       {PNG_COLOR_TYPE_GRAY, 2, 0, 0},
        {PNG_COLOR_TYPE_GRAY, 4, 0, 1},       {PNG_COLOR_TYPE_GRAY, 8, 0, 0},
        {PNG_COLOR_TYPE_GRAY, 8, 0, 1},       {PNG_COLOR_TYPE_GRAY, 16, 0, 1},
        {PNG_COLOR_TYPE_RGB, 8, 0, 0},        {PNG_COLOR_TYPE_RGB, 8, 0, 1},
        {PNG_COLOR_TYPE_RGB, 16, 0, 1},       {PNG_COLOR_TYPE_PALETTE, 1, 0, 0},
        {PNG_COLOR_TYPE_PALETTE, 4, 0, 1},    {PNG_COLOR_TYPE_PALETTE, 8, 0, 1},
        {PNG_COLOR_TYPE_GRAY_ALPHA, 8, 0, 0}, {PNG_COLOR_TYPE_GRAY_ALPHA, 16, 0, 0},
        {PNG_COLOR_TYPE_RGBA, 8, 0, 0},       {PNG_COLOR_TYPE_RGBA, 16, 0, 0},
        {PNG_COLOR_TYPE_RGB, 8, 1, 0}, /* interlaced: read by Leptonica */
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        uint8_t want[PW * PH];
        sink s = write_png(kinds[i], want);
        fk_image im;
        fk_error err;
        assert_int_equal(fk_image_decode(s.data, s.len, &im, &err), FK_OK);
        assert_int_equal(im.width, PW);
        assert_int_equal(im.height, PH);
        for (int p = 0; p < PW * PH; p++)
            if (im.grey[p] != want[p])
                fail_msg("colour type %d, depth %d%s: pixel %d,%d is %d, not %d", kinds[i].type,
                         kinds[i].depth, kinds[i].trns ? " with tRNS" : "", p % PW, p / PW,
                         im.grey[p], want[p]);
        /* A flipped bit in the image data is caught by the chunk's CRC. */
        s.data[s.len - 30] ^= 0x10;
        fk_image bad;
        assert_int_not_equal(fk_image_decode(s.data, s.len, &bad, &err), FK_OK);
        assert_null(bad.grey);
        fk_image_free(&im);
        free(s.data);
    }
}

/* Wide rows of 8-bit RGB take the decoder's 16-pixels-a-step path: a
 * picture of 4,096 x 64 colours spread over the whole cube (and every
 * grey) must come out exactly as the weighted sum says. */
static void test_decodes_wide_rgb_rows_exactly(void **state) {
    (void)state;
    enum { W = 4096, H = 64 };
    sink s = {0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    assert_non_null(info);
    if (setjmp(png_jmpbuf(png))) fail_msg("libpng could not write the test picture");
    png_set_write_fn(png, &s, sink_write, sink_flush);
    png_set_IHDR(png, info, W, H, 8, PNG_COLOR_TYPE_RGB, 0, 0, 0);
    png_set_compression_level(png, 1);
    png_write_info(png, info);
    unsigned char *rows = malloc((size_t)W * H * 3);
    uint8_t *want = malloc((size_t)W * H);
    png_bytep pointers[H];
    uint32_t h = 12345;
    for (int y = 0; y < H; y++) {
        pointers[y] = rows + (size_t)y * W * 3;
        for (int x = 0; x < W; x++) {
            unsigned char *px = pointers[y] + 3 * x;
            h = h * 1664525u + 1013904223u; /* a fixed walk through the colours */
            if (y == 0 && x < 256)
                px[0] = px[1] = px[2] = (unsigned char)x;
            else
                px[0] = (unsigned char)(h >> 8), px[1] = (unsigned char)(h >> 16),
                px[2] = (unsigned char)(h >> 24);
            want[(size_t)y * W + x] = (uint8_t)expect_grey(px[0], px[1], px[2], 255);
        }
    }
    png_write_image(png, pointers);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    fk_image im;
    fk_error err;
    assert_int_equal(fk_image_decode(s.data, s.len, &im, &err), FK_OK);
    for (size_t p = 0; p < (size_t)W * H; p++)
        if (im.grey[p] != want[p])
            fail_msg("pixel %zu,%zu is %d, not %d", p % W, p / W, im.grey[p], want[p]);
    fk_image_free(&im);
    free(s.data);
    free(rows);
    free(want);
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
    /* An animated WebP's header (its VP8X chunk's animation flag, then
     * the ANIM chunk): said so, not called damaged. */
    const unsigned char webp[] = {'R', 'I', 'F',  'F', 46,  0,    0, 0, 'W', 'E',  'B',
                                  'P', 'V', 'P',  '8', 'X', 10,   0, 0, 0,   0x12, 0,
                                  0,   0,   0x8f, 1,   0,   0x8f, 1, 0, 'A', 'N',  'I',
                                  'M', 6,   0,    0,   0,   0,    0, 0, 0,   0,    0};
    assert_int_equal(fk_image_decode(webp, sizeof webp, &im, &err), FK_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "animated WebP"));
    assert_null(im.grey);
    /* Files taken for pictures that fenkit cannot read are named (a PDF
     * had been called a picture with a damaged header). */
    static const struct {
        const char *bytes, *named;
        size_t len;
    } others[] = {{"\0\0\0\x18"
                   "ftypheic\0\0\0\0mif1heic",
                   "HEIC picture", 24},
                  {"\0\0\0\x1c"
                   "ftypavif\0\0\0\0avifmif1miaf",
                   "AVIF picture", 28},
                  {"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "PDF document", 15},
                  {"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
                   "SVG drawing", 63}};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        assert_int_equal(fk_image_decode(others[i].bytes, others[i].len, &im, &err), FK_ERR_SYNTAX);
        assert_non_null(strstr(err.message, others[i].named));
        assert_null(im.grey);
    }
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

/* A JPEG (read by libjpeg straight into grey, see jpeg.c): its size, and
 * grey levels that a board's two square colours and its men give. The
 * same photo whose frame header claims 60000 x 60000 pixels is refused
 * before anything is decoded; a JPEG cut short (even of its last two
 * bytes) is refused as damaged, as Leptonica refuses it. */
static void test_decodes_a_jpeg_and_refuses_a_huge_one(void **state) {
    (void)state;
    size_t len;
    unsigned char *jpeg = scan_data("cv_03.jpg", &len);
    fk_image im;
    fk_error err;
    assert_int_equal(fk_image_decode(jpeg, len, &im, &err), FK_OK);
    assert_int_equal(im.width, 512);
    assert_int_equal(im.height, 512);
    int lo = 255, hi = 0;
    for (size_t p = 0; p < (size_t)im.width * im.height; p++) {
        lo = im.grey[p] < lo ? im.grey[p] : lo;
        hi = im.grey[p] > hi ? im.grey[p] : hi;
    }
    assert_true(hi - lo > 150);
    /* its colours at an eighth of the size: the theme's dark squares
     * green (a8 light, b8 dark: the top row's second square) */
    assert_non_null(im.colour);
    assert_int_equal(im.colour_width, 64);
    assert_int_equal(im.colour_height, 64);
    const uint8_t *b8 = im.colour + (4 * 64 + 8 + 4) * 3;
    assert_true(b8[1] > b8[0] + 20 && b8[1] > b8[2] + 20);
    fk_image_free(&im);
    assert_null(im.colour);
    const size_t cuts[] = {4, len / 4, len / 2, len * 3 / 4, len - 2};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        assert_int_equal(fk_image_decode(jpeg, cuts[i], &im, &err), FK_ERR_SYNTAX);
        assert_non_null(strstr(err.message, "damaged or cut short"));
        assert_null(im.grey);
    }
    /* The frame header (SOF0 to SOF2): height and width follow the length
     * and the sample precision. */
    size_t at = 2;
    while (at + 9 < len && !(jpeg[at] == 0xff && jpeg[at + 1] >= 0xc0 && jpeg[at + 1] <= 0xc2))
        at += jpeg[at] == 0xff ? 2u + (size_t)(jpeg[at + 2] << 8 | jpeg[at + 3]) : 1u;
    assert_true(at + 9 < len);
    jpeg[at + 5] = 0xea, jpeg[at + 6] = 0x60, jpeg[at + 7] = 0xea, jpeg[at + 8] = 0x60;
    assert_int_equal(fk_image_decode(jpeg, len, &im, &err), FK_ERR_RANGE);
    assert_non_null(strstr(err.message, "60000 x 60000"));
    assert_null(im.grey);
    free(jpeg);
}

/* A CMYK JPEG (print work's pictures, diagrams taken out of PDFs) has no
 * luminance to read: its inks, stored inverted under an Adobe marker, are
 * turned into the grey levels its RGB twin gives (within JPEG's losses). */
static void test_decodes_a_cmyk_jpeg_as_its_rgb_twin(void **state) {
    (void)state;
    size_t len, rgb_len;
    unsigned char *jpeg = scan_data("cv_03-cmyk.jpg", &len);
    unsigned char *rgb_jpeg = scan_data("cv_03.jpg", &rgb_len);
    fk_image im, rgb;
    fk_error err;
    assert_int_equal(fk_image_decode(jpeg, len, &im, &err), FK_OK);
    assert_int_equal(fk_image_decode(rgb_jpeg, rgb_len, &rgb, &err), FK_OK);
    assert_int_equal(im.width, rgb.width);
    assert_int_equal(im.height, rgb.height);
    double off = 0;
    for (size_t p = 0; p < (size_t)im.width * im.height; p++)
        off += abs(im.grey[p] - rgb.grey[p]);
    off /= (double)im.width * im.height;
    if (off > 3) fail_msg("grey levels %.1f apart on average", off);
    fk_image_free(&im);
    fk_image_free(&rgb);
    free(jpeg);
    free(rgb_jpeg);
}

/* jpeg with an APP1 segment holding EXIF orientation `orientation` put
 * after its SOI marker, the TIFF data in Intel (little) or Motorola (big)
 * byte order; *len is updated. */
static unsigned char *with_orientation(const unsigned char *jpeg, size_t *len, int orientation,
                                       int big) {
    unsigned char tiff[26] = {'I', 'I', 42, 0, 8, 0, 0, 0, /* header, IFD0 at 8 */
                              1, 0,                        /* one entry */
                              0x12, 0x01, 3, 0, 1, 0, 0, 0, /* Orientation, SHORT, 1 */
                              (unsigned char)orientation, 0, 0, 0, /* value, padding */
                              0, 0, 0, 0};                 /* no next IFD */
    if (big) {
        const unsigned char motorola[26] = {'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1,
                                            0x01, 0x12, 0, 3, 0, 0, 0, 1,
                                            0, (unsigned char)orientation, 0, 0, 0, 0, 0, 0};
        memcpy(tiff, motorola, sizeof tiff);
    }
    size_t seg = 2 + 6 + sizeof tiff; /* length field, "Exif\0\0", TIFF */
    unsigned char *out = malloc(*len + 2 + seg);
    assert_non_null(out);
    memcpy(out, jpeg, 2);
    unsigned char *p = out + 2;
    *p++ = 0xff, *p++ = 0xe1, *p++ = (unsigned char)(seg >> 8), *p++ = (unsigned char)seg;
    memcpy(p, "Exif\0\0", 6);
    memcpy(p + 6, tiff, sizeof tiff);
    memcpy(p + 6 + sizeof tiff, jpeg + 2, *len - 2);
    *len += 2 + seg;
    return out;
}

/* A JPEG stored turned, as phone cameras store photos, is turned upright
 * by its EXIF orientation, in either byte order: the EXIF standard's
 * table says which side of the view the stored first row and first
 * column show (1: top, left; 2: top, right; 3: bottom, right; 4: bottom,
 * left; 5: left, top; 6: right, top; 7: right, bottom; 8: left, bottom),
 * and each stored pixel must land where that puts it. A value outside 1-8
 * leaves the picture as stored. */
/* How many of the w x h stored pixels (n bytes each) are not where a
 * picture turned upright shows them (`seen`, seen_w pixels a row): rs is
 * the side the stored first row shows, cs the side its first column
 * shows (0 top, 1 right, 2 bottom, 3 left). */
static int misplaced(const uint8_t *seen, int seen_w, const uint8_t *stored, int w, int h, size_t n,
                     int rs, int cs) {
    int wrong = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int vx, vy;               /* where stored pixel x, y is seen */
            if (rs == 0 || rs == 2) { /* rows stay rows */
                vy = rs == 0 ? y : h - 1 - y;
                vx = cs == 3 ? x : w - 1 - x;
            } else { /* rows become columns */
                vx = rs == 3 ? y : h - 1 - y;
                vy = cs == 0 ? x : w - 1 - x;
            }
            wrong += memcmp(seen + ((size_t)vy * seen_w + vx) * n, stored + ((size_t)y * w + x) * n,
                            n) != 0;
        }
    return wrong;
}

static void test_turns_a_jpeg_upright_by_its_exif_orientation(void **state) {
    (void)state;
    size_t len;
    unsigned char *jpeg = scan_data("tsoj_134.jpg", &len);
    fk_image stored, im;
    fk_error err;
    assert_int_equal(fk_image_decode(jpeg, len, &stored, &err), FK_OK);
    assert_int_equal(stored.turned, 0);
    const int w = stored.width, h = stored.height;
    assert_true(w != h);
    /* the side the first row shows, then the first column's: 0 top, 1
     * right, 2 bottom, 3 left */
    static const int row_side[9] = {0, 0, 0, 2, 2, 3, 1, 1, 3};
    static const int column_side[9] = {0, 3, 1, 1, 3, 0, 0, 2, 2};
    for (int o = 1; o <= 10; o++)
        for (int big = 0; big < 2; big++) {
            size_t n = len;
            unsigned char *tagged = with_orientation(jpeg, &n, o, big);
            assert_int_equal(fk_image_decode(tagged, n, &im, &err), FK_OK);
            int valid = o <= 8;
            assert_int_equal(im.turned, valid && o > 1 ? o : 0);
            int across = valid && o >= 5;
            assert_int_equal(im.width, across ? h : w);
            assert_int_equal(im.height, across ? w : h);
            int rs = valid ? row_side[o] : 0, cs = valid ? column_side[o] : 3;
            assert_int_equal(misplaced(im.grey, im.width, stored.grey, w, h, 1, rs, cs), 0);
            /* the colours an eighth the size, turned the same way */
            const int cw = stored.colour_width, ch = stored.colour_height;
            assert_int_equal(im.colour_width, across ? ch : cw);
            assert_int_equal(im.colour_height, across ? cw : ch);
            assert_int_equal(
                misplaced(im.colour, im.colour_width, stored.colour, cw, ch, 3, rs, cs), 0);
            fk_image_free(&im);
            free(tagged);
        }
    fk_image_free(&stored);
    free(jpeg);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decodes_a_png_with_its_size),
        cmocka_unit_test(test_decodes_every_png_colour_type_and_depth),
        cmocka_unit_test(test_decodes_wide_rgb_rows_exactly),
        cmocka_unit_test(test_refuses_bytes_that_are_no_picture),
        cmocka_unit_test(test_refuses_a_cut_short_png),
        cmocka_unit_test(test_refuses_a_huge_png_before_decoding),
        cmocka_unit_test(test_refuses_a_huge_gif_before_decoding),
        cmocka_unit_test(test_decodes_a_jpeg_and_refuses_a_huge_one),
        cmocka_unit_test(test_decodes_a_cmyk_jpeg_as_its_rgb_twin),
        cmocka_unit_test(test_turns_a_jpeg_upright_by_its_exif_orientation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
