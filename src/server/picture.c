/* The size a picture declares in its header, read without decoding it, so
 * that the server knows what a scan will cost before it starts one. */
#include <string.h>

#include "api.h"

static unsigned le16(const unsigned char *p) { return p[0] | (unsigned)p[1] << 8; }
static unsigned be16(const unsigned char *p) { return (unsigned)p[0] << 8 | p[1]; }
static unsigned long le32(const unsigned char *p) {
    return le16(p) | (unsigned long)le16(p + 2) << 16;
}
static unsigned long be32(const unsigned char *p) {
    return (unsigned long)be16(p) << 16 | be16(p + 2);
}

/* A GIF: its screen, and every frame, each of which giflib holds whole. */
static int gif_size(const unsigned char *d, size_t n, long *w, long *h, double *pixels) {
    if (n < 13) return 0;
    *w = le16(d + 6);
    *h = le16(d + 8);
    *pixels = (double)*w * (double)*h;
    size_t at = 13;
    if (d[10] & 0x80) at += 3u << ((d[10] & 7) + 1);
    while (at < n && d[at] != 0x3B) {
        if (d[at] == 0x21) { /* an extension: its label, then sub-blocks */
            at += 2;
        } else if (d[at] == 0x2C) { /* a frame */
            if (at + 10 > n) break;
            double fw = le16(d + at + 5), fh = le16(d + at + 7);
            *pixels += fw * fh;
            if (fw > *w) *w = (long)fw;
            if (fh > *h) *h = (long)fh;
            unsigned flags = d[at + 9];
            at += 10;
            if (flags & 0x80) at += 3u << ((flags & 7) + 1);
            at++; /* the LZW code size */
        } else {
            break;
        }
        while (at < n && d[at])
            at += 1u + d[at]; /* sub-blocks up to the empty one */
        at++;
    }
    return 1;
}

/* A JPEG: the first start-of-frame marker (SOF0 to SOF15 but DHT, JPG,
 * DAC). */
static int jpeg_size(const unsigned char *d, size_t n, long *w, long *h) {
    size_t at = 2;
    while (at + 9 <= n) {
        if (d[at] != 0xFF) return 0;
        unsigned m = d[at + 1];
        if (m == 0xFF) {
            at++;
            continue;
        }
        if (m == 0xD8 || m == 0x01 || (m >= 0xD0 && m <= 0xD7)) {
            at += 2;
            continue;
        }
        if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC) {
            *h = be16(d + at + 5);
            *w = be16(d + at + 7);
            return 1;
        }
        at += 2 + be16(d + at + 2);
    }
    return 0;
}

/* A WebP: lossy (VP8), lossless (VP8L) or extended (VP8X, its canvas). */
static int webp_size(const unsigned char *d, size_t n, long *w, long *h) {
    if (n >= 30 && memcmp(d + 12, "VP8 ", 4) == 0) {
        *w = le16(d + 26) & 0x3FFF;
        *h = le16(d + 28) & 0x3FFF;
        return 1;
    }
    if (n >= 25 && memcmp(d + 12, "VP8L", 4) == 0) {
        unsigned long bits = le32(d + 21);
        *w = (long)(bits & 0x3FFF) + 1;
        *h = (long)((bits >> 14) & 0x3FFF) + 1;
        return 1;
    }
    if (n >= 30 && memcmp(d + 12, "VP8X", 4) == 0) {
        *w = (long)(d[24] | d[25] << 8 | (unsigned long)d[26] << 16) + 1;
        *h = (long)(d[27] | d[28] << 8 | (unsigned long)d[29] << 16) + 1;
        return 1;
    }
    return 0;
}

int srv_picture_size(const unsigned char *d, size_t n, long *w, long *h, double *pixels) {
    const char *type = srv_image_type(d, n);
    int found = 0;
    *w = *h = 0;
    *pixels = 0;
    if (!type) return 0;
    if (strcmp(type, "image/gif") == 0) return gif_size(d, n, w, h, pixels);
    if (strcmp(type, "image/png") == 0 && n >= 24 && memcmp(d + 12, "IHDR", 4) == 0) {
        *w = (long)be32(d + 16);
        *h = (long)be32(d + 20);
        found = 1;
    } else if (strcmp(type, "image/jpeg") == 0) {
        found = jpeg_size(d, n, w, h);
    } else if (strcmp(type, "image/webp") == 0) {
        found = webp_size(d, n, w, h);
    } else if (strcmp(type, "image/bmp") == 0 && n >= 26) {
        int core = le32(d + 14) == 12; /* the old OS/2 header: 16-bit sizes */
        long bw = core ? (long)le16(d + 18) : (long)(int)le32(d + 18);
        long bh = core ? (long)le16(d + 20) : (long)(int)le32(d + 22);
        *w = bw < 0 ? -bw : bw;
        *h = bh < 0 ? -bh : bh; /* negative: stored top row first */
        found = 1;
    }
    if (found) *pixels = (double)*w * (double)*h;
    return found;
}
