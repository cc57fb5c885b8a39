/* Decoding PNG pictures straight into grey levels: the chunks are read
 * here, the image data is inflated in one call by libdeflate (several
 * times faster than zlib on the long runs of flat colour screenshots are
 * made of), and each row is unfiltered and turned into grey at once. No
 * full-colour copy of the picture is kept, which is what made the
 * Leptonica path slow. Interlaced pictures are left to Leptonica. */
#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "lazy.h"
#include "vision.h"

#define DEFLATE_FUNCTIONS(X)                                                              \
    X(libdeflate_alloc_decompressor) X(libdeflate_crc32) X(libdeflate_free_decompressor) \
    X(libdeflate_zlib_decompress)

static struct {
    DEFLATE_FUNCTIONS(LAZY_FIELD)
} lib;
static pthread_once_t lib_once = PTHREAD_ONCE_INIT;
static char lib_problem[200];

/* Opens libdeflate (Leptonica's TIFF codec depends on it too). */
static void lib_open(void) {
    static const char *const libraries[] = {"libdeflate.so.0"};
    static const char *const names[] = {DEFLATE_FUNCTIONS(LAZY_NAME)};
    _Static_assert(sizeof lib == sizeof names, "one pointer per function");
    lazy_load(libraries, 1, names, (int)(sizeof names / sizeof names[0]), &lib,
              "reading PNG pictures quickly (Debian: libdeflate0)", lib_problem,
              sizeof lib_problem);
}

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* What the header and the colour chunks say. */
typedef struct {
    int width, height, depth, type, channels;
    size_t row_bytes; /* filtered bytes per row, without the filter byte */
    int pixel_bytes;  /* the distance filters look back, at least 1 */
    uint8_t lut[256]; /* grey of each sample value (grey or palette types) */
    int key;          /* the tRNS colour key is set (grey and RGB types) */
    uint16_t key_rgb[3];
    int ssse3; /* the processor has SSSE3 (rgb_to_grey_ssse3) */
} header;

/* Grey level of an RGB colour with alpha a: weights 299/587/114, drawn
 * over white. The same sums as Leptonica's path in image.c. */
static inline int grey_of(int r, int g, int b, int a) {
    int grey = (r * 299 + g * 587 + b * 114 + 500) / 1000;
    return a == 255 ? grey : (grey * a + 255 * (255 - a) + 127) / 255;
}

/* Reads IHDR's fields; 0 when they break the PNG rules. */
static int read_ihdr(const uint8_t *p, uint32_t len, header *h) {
    static const int channels_of[7] = {1, 0, 3, 1, 2, 0, 4};
    if (len != 13) return 0;
    uint32_t w = be32(p), ht = be32(p + 4);
    h->depth = p[8];
    h->type = p[9];
    if (w == 0 || ht == 0 || w > 0x7fffffff || ht > 0x7fffffff || h->type > 6 ||
        !channels_of[h->type] || p[10] != 0 || p[11] != 0)
        return 0;
    int d = h->depth, t = h->type;
    int ok = t == 0   ? (d == 1 || d == 2 || d == 4 || d == 8 || d == 16)
             : t == 3 ? (d == 1 || d == 2 || d == 4 || d == 8)
                      : (d == 8 || d == 16);
    if (!ok) return 0;
    h->width = (int)w;
    h->height = (int)ht;
    h->channels = channels_of[t];
    h->row_bytes = ((size_t)w * h->channels * d + 7) / 8;
    h->pixel_bytes = h->channels * d / 8 < 1 ? 1 : h->channels * d / 8;
    if (t == 0) /* grey: sample values stretched to 0..255 */
        for (int v = 0; v < 1 << (d < 8 ? d : 8); v++)
            h->lut[v] = (uint8_t)(v * 255 / ((1 << (d < 8 ? d : 8)) - 1));
    return 1;
}

#if defined(__SSE2__)
/* The Paeth filter undone for pixels of `bpp` bytes (3 or 4, a constant
 * where it is inlined): one whole pixel a step, its bytes side by side in
 * 16-bit lanes, where the byte loop below takes a step per byte. The
 * predictor is the neighbour (left a, up b, upper left c) whose distance is
 * the smallest of the three, ties going to a, then b. */
/* The bytes of one pixel (3 or 4) as a number, the first byte lowest; the
 * three of a 3-byte pixel are put together in registers, since a load of
 * four bytes written a byte or two at a time waits for those stores. */
static inline uint32_t pixel_bytes(const uint8_t *p, size_t bpp) {
    if (bpp == 4) {
        uint32_t v;
        memcpy(&v, p, 4); /* x86: little-endian */
        return v;
    }
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
}

static inline void paeth_pixels(uint8_t *row, const uint8_t *prev, size_t n, size_t bpp) {
    const __m128i zero = _mm_setzero_si128(), low = _mm_set1_epi16(0xff);
    __m128i a = zero, c = zero; /* nothing left of the first pixel */
    for (size_t i = 0; i + bpp <= n; i += bpp) {
        uint32_t raw = pixel_bytes(row + i, bpp), up = pixel_bytes(prev + i, bpp);
        __m128i b = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)up), zero);
        __m128i x = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)raw), zero);
        __m128i d_bc = _mm_sub_epi16(b, c), d_ac = _mm_sub_epi16(a, c);
        __m128i d_abc = _mm_add_epi16(d_bc, d_ac); /* a + b - 2c */
        __m128i pa = _mm_max_epi16(d_bc, _mm_sub_epi16(zero, d_bc));
        __m128i pb = _mm_max_epi16(d_ac, _mm_sub_epi16(zero, d_ac));
        __m128i pc = _mm_max_epi16(d_abc, _mm_sub_epi16(zero, d_abc));
        __m128i least = _mm_min_epi16(_mm_min_epi16(pa, pb), pc);
        __m128i take_a = _mm_cmpeq_epi16(pa, least), take_b = _mm_cmpeq_epi16(pb, least);
        __m128i b_or_c = _mm_or_si128(_mm_and_si128(take_b, b), _mm_andnot_si128(take_b, c));
        __m128i pred = _mm_or_si128(_mm_and_si128(take_a, a), _mm_andnot_si128(take_a, b_or_c));
        x = _mm_and_si128(_mm_add_epi16(x, pred), low);
        uint32_t out = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(x, x));
        for (size_t k = 0; k < bpp; k++) row[i + k] = (uint8_t)(out >> (8 * k));
        a = x;
        c = b;
    }
}
#endif

/* Undoes the row filter in place; prev is the row above, unfiltered (all
 * zero above the first row). The first bpp bytes have no left neighbour
 * and are done apart, so the loops that take the time have no tests.
 * Returns 0 for an unknown filter. */
static int unfilter(int filter, uint8_t *row, const uint8_t *prev, size_t n, size_t bpp) {
    if (bpp > n) bpp = n;
    switch (filter) {
    case 0: return 1;
    case 1:
        for (size_t i = bpp; i < n; i++)
            row[i] = (uint8_t)(row[i] + row[i - bpp]);
        return 1;
    case 2:
        for (size_t i = 0; i < n; i++)
            row[i] = (uint8_t)(row[i] + prev[i]);
        return 1;
    case 3:
        for (size_t i = 0; i < bpp; i++)
            row[i] = (uint8_t)(row[i] + (prev[i] >> 1));
        for (size_t i = bpp; i < n; i++)
            row[i] = (uint8_t)(row[i] + ((row[i - bpp] + prev[i]) >> 1));
        return 1;
    case 4:
#if defined(__SSE2__)
        if (bpp == 3 || bpp == 4) {
            if (bpp == 3)
                paeth_pixels(row, prev, n, 3);
            else
                paeth_pixels(row, prev, n, 4);
            return 1;
        }
#endif
        for (size_t i = 0; i < bpp; i++)
            row[i] = (uint8_t)(row[i] + prev[i]);
        for (size_t i = bpp; i < n; i++) {
            int a = row[i - bpp], b = prev[i], c = prev[i - bpp];
            int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
            int pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
            row[i] = (uint8_t)(row[i] + pred);
        }
        return 1;
    default: return 0;
    }
}

/* w RGB pixels of 8 bits to grey. */
static void rgb_to_grey(const uint8_t *in, uint8_t *out, int w) {
    for (int x = 0; x < w; x++, in += 3)
        out[x] = (uint8_t)((in[0] * 299 + in[1] * 587 + in[2] * 114 + 500) / 1000);
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define HAVE_RGB_SSSE3 1
/* rgb_to_grey 16 pixels a step, the same numbers to the last bit: the
 * bytes of four pixels are spread into 16-bit lanes by a shuffle, red and
 * green summed with their weights in one multiply-add, blue added; the
 * sum + 500 over 1000 is taken as (sum + 500) / 8 / 125 (a floor of a
 * floor), the last division a multiply by 33555 / 2^22, exact for numbers
 * under 59,000 (33555 x 125 - 2^22 = 71, and 71 x 59,000 < 2^22); these
 * stay under 32,000. test_image.c compares a quarter of a million colours.
 * Converting colour is a large share of decoding a screenshot. In place,
 * each store lands behind the bytes still to be read. */
__attribute__((target("ssse3"))) static void rgb_to_grey_ssse3(const uint8_t *in, uint8_t *out,
                                                               int w) {
    const __m128i rg = _mm_setr_epi8(0, -1, 1, -1, 3, -1, 4, -1, 6, -1, 7, -1, 9, -1, 10, -1);
    const __m128i bb = _mm_setr_epi8(2, -1, -1, -1, 5, -1, -1, -1, 8, -1, -1, -1, 11, -1, -1, -1);
    const __m128i wrg = _mm_setr_epi16(299, 587, 299, 587, 299, 587, 299, 587);
    const __m128i wb = _mm_set1_epi32(114), half = _mm_set1_epi32(500);
    const __m128i by125 = _mm_set1_epi16((short)33555);
    int x = 0;
    /* The fourth load of a step reads 4 bytes past its 48: two more
     * pixels must follow. */
    for (; x + 18 <= w; x += 16, in += 48) {
        __m128i q[4];
        for (int k = 0; k < 4; k++) {
            __m128i v = _mm_loadu_si128((const __m128i *)(in + 12 * k));
            __m128i sum = _mm_add_epi32(_mm_madd_epi16(_mm_shuffle_epi8(v, rg), wrg),
                                        _mm_mullo_epi16(_mm_shuffle_epi8(v, bb), wb));
            q[k] = _mm_srli_epi32(_mm_add_epi32(sum, half), 3);
        }
        __m128i lo = _mm_srli_epi16(_mm_mulhi_epu16(_mm_packs_epi32(q[0], q[1]), by125), 6);
        __m128i hi = _mm_srli_epi16(_mm_mulhi_epu16(_mm_packs_epi32(q[2], q[3]), by125), 6);
        _mm_storeu_si128((__m128i *)(out + x), _mm_packus_epi16(lo, hi));
    }
    rgb_to_grey(in, out + x, w - x);
}
#endif

/* One unfiltered row to grey levels. */
static void row_to_grey(const header *h, const uint8_t *in, uint8_t *out) {
    int w = h->width, d = h->depth, step = d == 16 ? 2 : 1;
    switch (h->type) {
    case 2: /* RGB, maybe with a transparent colour */
        if (d == 8 && !h->key) {
#if HAVE_RGB_SSSE3
            if (h->ssse3) {
                rgb_to_grey_ssse3(in, out, w);
                break;
            }
#endif
            rgb_to_grey(in, out, w);
            break;
        }
        for (int x = 0; x < w; x++, in += 3 * step) {
            int r = in[0], g = in[step], b = in[2 * step];
            int clear = 0;
            if (h->key) {
                int s = d == 16;
                clear = (s ? in[0] << 8 | in[1] : r) == h->key_rgb[0] &&
                        (s ? in[2] << 8 | in[3] : g) == h->key_rgb[1] &&
                        (s ? in[4] << 8 | in[5] : b) == h->key_rgb[2];
            }
            out[x] = (uint8_t)(clear ? 255 : grey_of(r, g, b, 255));
        }
        break;
    case 6: /* RGBA */
        for (int x = 0; x < w; x++, in += 4 * step)
            out[x] = (uint8_t)grey_of(in[0], in[step], in[2 * step], in[3 * step]);
        break;
    case 4: /* grey and alpha */
        for (int x = 0; x < w; x++, in += 2 * step)
            out[x] = (uint8_t)grey_of(in[0], in[0], in[0], in[step]);
        break;
    default: /* grey or palette: through the table */
        if (d == 16) {
            for (int x = 0; x < w; x++, in += 2)
                out[x] = h->key && (in[0] << 8 | in[1]) == h->key_rgb[0] ? 255 : in[0];
        } else if (d == 8) {
            for (int x = 0; x < w; x++)
                out[x] = h->lut[in[x]];
        } else {
            int per = 8 / d, mask = (1 << d) - 1;
            for (int x = 0; x < w; x++) {
                int shift = 8 - d * (x % per + 1);
                out[x] = h->lut[(in[x / per] >> shift) & mask];
            }
        }
    }
}

/* Fills the grey table of a palette picture from PLTE and tRNS. */
static void palette_lut(header *h, const uint8_t *plte, uint32_t entries, const uint8_t *trns,
                        uint32_t alphas) {
    memset(h->lut, 0, sizeof h->lut);
    for (uint32_t i = 0; i < entries; i++) {
        int a = i < alphas ? trns[i] : 255;
        h->lut[i] = (uint8_t)grey_of(plte[3 * i], plte[3 * i + 1], plte[3 * i + 2], a);
    }
}

int fk_png_decode(const void *data, size_t len, fk_image *out, fk_status *status, fk_error *err) {
    pthread_once(&lib_once, lib_open);
    if (lib_problem[0]) return 0;
    const uint8_t *p = data, *plte = NULL, *trns = NULL, *idat = NULL;
    uint32_t plte_len = 0, trns_len = 0;
    size_t at = 8, idat_len = 0, idat_count = 0;
    uint8_t *joined = NULL, *raw = NULL, *grey = NULL, *zero = NULL;
    header h = {0};
#if HAVE_RGB_SSSE3
    h.ssse3 = __builtin_cpu_supports("ssse3");
#endif
    const char *bad = NULL;
    int seen_ihdr = 0, interlaced = 0, ended = 0;
    /* Walk the chunks: header, colours, the image data (joined when it
     * comes in several chunks), up to IEND. */
    while (!bad && !ended && at + 12 <= len) {
        uint32_t n = be32(p + at);
        const uint8_t *type = p + at + 4, *body = p + at + 8;
        if (n > len - at - 12) {
            bad = "the picture is damaged or cut short";
            break;
        }
        if ((uint32_t)lib.libdeflate_crc32(0, type, n + 4) != be32(body + n)) {
            if (type[0] & 0x20) { /* an ancillary chunk: skipped, as libpng does */
                at += 12 + (size_t)n;
                continue;
            }
            bad = "the picture is damaged (a chunk's checksum is wrong)";
            break;
        }
        if (!seen_ihdr && memcmp(type, "IHDR", 4) != 0)
            bad = "the picture's header is damaged";
        else if (memcmp(type, "IHDR", 4) == 0) {
            if (seen_ihdr || !read_ihdr(body, n, &h)) bad = "the picture's header is damaged";
            else interlaced = body[12] != 0;
            seen_ihdr = 1;
        } else if (memcmp(type, "PLTE", 4) == 0) {
            plte = body, plte_len = n;
        } else if (memcmp(type, "tRNS", 4) == 0) {
            trns = body, trns_len = n;
        } else if (memcmp(type, "IDAT", 4) == 0) {
            if (idat_count++ == 0) idat = body;
            idat_len += n;
        } else if (memcmp(type, "IEND", 4) == 0) {
            ended = 1;
        } else if (!(type[0] & 0x20)) {
            bad = "the picture uses a PNG feature fenkit cannot read";
        }
        at += 12 + (size_t)n;
    }
    if (!bad && interlaced) return 0; /* rare in screenshots: Leptonica puts the passes together */
    if (!bad && (!seen_ihdr || idat_count == 0)) bad = "the picture is damaged or cut short";
    if (!bad && h.type == 3) {
        if (!plte || plte_len % 3 || plte_len / 3 > 256u || plte_len == 0)
            bad = "the picture's palette is damaged";
        else
            palette_lut(&h, plte, plte_len / 3, trns, trns ? trns_len : 0);
    } else if (!bad && trns && (h.type == 0 || h.type == 2)) {
        h.key = trns_len >= (h.type == 0 ? 2u : 6u);
        for (int c = 0; h.key && c < (h.type == 0 ? 1 : 3); c++)
            h.key_rgb[c] = (uint16_t)(trns[2 * c] << 8 | trns[2 * c + 1]);
        if (h.key && h.type == 0 && h.depth <= 8 && h.key_rgb[0] < 256) h.lut[h.key_rgb[0]] = 255;
        if (h.type == 0 && h.depth <= 8) h.key = 0; /* the table holds it */
    }
    if (bad) {
        *status = fk_vision_fail(err, FK_ERR_SYNTAX, bad);
        return 1;
    }
    /* Image data in several chunks is joined before inflating. */
    if (idat_count > 1) {
        joined = malloc(idat_len);
        if (!joined) goto nomem;
        size_t put = 0;
        for (size_t q = 8; q + 12 <= len && put < idat_len;) {
            uint32_t n = be32(p + q);
            if (memcmp(p + q + 4, "IDAT", 4) == 0) {
                memcpy(joined + put, p + q + 8, n);
                put += n;
            }
            q += 12 + (size_t)n;
        }
        idat = joined;
    }
    size_t stride = h.row_bytes + 1, raw_len = stride * (size_t)h.height;
    /* With a byte or more a pixel, the grey rows are written over the
     * inflated ones they come from (a row's grey, written once the row
     * below it is unfiltered, ends before that row's bytes begin), which
     * spares a second buffer of the picture's size and the page faults of
     * its first touch. */
    int in_place = h.depth >= 8;
    raw = fk_picture_alloc(raw_len);
    grey = in_place ? NULL : fk_picture_alloc((size_t)h.width * h.height);
    zero = calloc(h.row_bytes, 1);
    struct libdeflate_decompressor *z = lib.libdeflate_alloc_decompressor();
    if (!raw || (!grey && !in_place) || !zero || !z) {
        if (z) lib.libdeflate_free_decompressor(z);
        goto nomem;
    }
    enum libdeflate_result r =
        lib.libdeflate_zlib_decompress(z, idat, idat_len, raw, raw_len, NULL);
    lib.libdeflate_free_decompressor(z);
    if (r == LIBDEFLATE_INSUFFICIENT_SPACE) {
        /* More data than the picture needs: unusual but legal for libpng,
         * which stops where the picture does; let Leptonica do the same. */
        free(zero);
        free(joined);
        free(raw);
        free(grey);
        return 0;
    }
    if (r != LIBDEFLATE_SUCCESS) bad = "the picture is damaged or cut short";
    /* The filters read the row above the first as all zero. In place, a
     * row turns grey only once the row below it is unfiltered (a grey row
     * can reach into the inflated row it was made from). */
    for (int y = 0; !bad && y < h.height; y++) {
        uint8_t *row = raw + (size_t)y * stride;
        if (!unfilter(row[0], row + 1, y ? row + 1 - stride : zero, h.row_bytes,
                      (size_t)h.pixel_bytes))
            bad = "the picture is damaged (an unknown row filter)";
        else if (!in_place)
            row_to_grey(&h, row + 1, grey + (size_t)y * h.width);
        else if (y > 0)
            row_to_grey(&h, row + 1 - stride, raw + (size_t)(y - 1) * h.width);
    }
    if (!bad && in_place) {
        row_to_grey(&h, raw + (size_t)(h.height - 1) * stride + 1,
                    raw + (size_t)(h.height - 1) * h.width);
        grey = realloc(raw, (size_t)h.width * h.height);
        if (!grey) grey = raw; /* keeps its size: still usable */
        raw = NULL;
    }
    free(zero);
    free(joined);
    free(raw);
    if (bad) {
        free(grey);
        *status = fk_vision_fail(err, FK_ERR_SYNTAX, bad);
        return 1;
    }
    out->width = h.width;
    out->height = h.height;
    out->grey = grey;
    *status = FK_OK;
    return 1;
nomem:
    free(zero);
    free(joined);
    free(raw);
    free(grey);
    *status = fk_vision_fail(err, FK_ERR_NOMEM, "out of memory decoding the picture");
    return 1;
}
