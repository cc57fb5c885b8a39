/* Writing JSON strings that stay valid whatever bytes they are given. */
#include "json.h"

#include <string.h>

/* The length of the valid UTF-8 sequence starting at s (n bytes left), or 0
 * when it is not one (stray continuation byte, overlong form, surrogate,
 * beyond U+10FFFF, or cut short). */
static size_t utf8_length(const unsigned char *s, size_t n) {
    unsigned char c = s[0];
    size_t need;
    unsigned char lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) need = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        need = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return 0;
    if (n < need || s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < need; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    return need;
}

void cli_json_string(FILE *out, const char *text, size_t len) {
    const unsigned char *s = (const unsigned char *)text;
    putc('"', out);
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
            /* copy a run of plain ASCII at once */
            size_t j = i + 1;
            while (j < len && s[j] >= 0x20 && s[j] != '"' && s[j] != '\\' && s[j] < 0x80) j++;
            fwrite(s + i, 1, j - i, out);
            i = j;
            continue;
        }
        switch (c) {
        case '"': fputs("\\\"", out); i++; continue;
        case '\\': fputs("\\\\", out); i++; continue;
        case '\n': fputs("\\n", out); i++; continue;
        case '\r': fputs("\\r", out); i++; continue;
        case '\t': fputs("\\t", out); i++; continue;
        default: break;
        }
        if (c < 0x20) {
            fprintf(out, "\\u%04x", c);
            i++;
            continue;
        }
        size_t n = utf8_length(s + i, len - i);
        if (n == 0) {
            fputs("\\ufffd", out);
            i++;
        } else {
            fwrite(s + i, 1, n, out);
            i += n;
        }
    }
    putc('"', out);
}

void cli_json_cstring(FILE *out, const char *text) { cli_json_string(out, text, strlen(text)); }
