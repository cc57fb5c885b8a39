/* Growing byte buffers: what SVG and PNG output is written into. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buffer.h"

void fk_buffer_free(fk_buffer *buf) {
    free(buf->data);
    buf->data = NULL;
    buf->len = buf->cap = 0;
}

/* Makes room for `extra` more bytes plus a terminating zero. */
static int reserve(fk_buffer *buf, size_t extra) {
    size_t need = buf->len + extra + 1;
    if (need <= buf->cap) return 0;
    size_t cap = buf->cap ? buf->cap : 4096;
    while (cap < need) cap *= 2;
    char *data = realloc(buf->data, cap);
    if (!data) return -1;
    buf->data = data;
    buf->cap = cap;
    return 0;
}

int render_buffer_append(fk_buffer *buf, const void *data, size_t len) {
    if (reserve(buf, len)) return -1;
    memcpy(buf->data + buf->len, data, len);
    buf->len += len;
    buf->data[buf->len] = '\0';
    return 0;
}

int render_buffer_printf(fk_buffer *buf, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || reserve(buf, (size_t)n)) return -1;
    va_start(ap, fmt);
    vsnprintf(buf->data + buf->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    buf->len += (size_t)n;
    return 0;
}

int render_buffer_base64(fk_buffer *buf, const unsigned char *data, size_t len) {
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    if (reserve(buf, (len + 2) / 3 * 4)) return -1;
    char *o = buf->data + buf->len;
    size_t i = 0;
    for (; i + 2 < len; i += 3) {
        uint32_t v = (uint32_t)data[i] << 16 | (uint32_t)data[i + 1] << 8 | data[i + 2];
        *o++ = digits[v >> 18];
        *o++ = digits[(v >> 12) & 63];
        *o++ = digits[(v >> 6) & 63];
        *o++ = digits[v & 63];
    }
    if (i < len) {
        uint32_t v = (uint32_t)data[i] << 16 | (i + 1 < len ? (uint32_t)data[i + 1] << 8 : 0);
        *o++ = digits[v >> 18];
        *o++ = digits[(v >> 12) & 63];
        *o++ = i + 1 < len ? digits[(v >> 6) & 63] : '=';
        *o++ = '=';
    }
    buf->len = (size_t)(o - buf->data);
    buf->data[buf->len] = '\0';
    return 0;
}
