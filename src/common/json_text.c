/* JSON string text that stays valid whatever bytes it is given. */
#include "json_text.h"

#include <string.h>

size_t json_text_utf8_length(const unsigned char *s, size_t n) {
    unsigned char c = s[0], lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
    size_t need;
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

size_t json_text_escape(const char *text, size_t len, int html_safe, char *out) {
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)text;
    char *start = out;
    for (size_t i = 0; i < len;) {
        unsigned char c = s[i];
        int html = c == '<' || c == '>' || c == '&';
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\' && !(html && html_safe)) {
            *out++ = (char)c;
            i++;
            continue;
        }
        const char *escape = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n"
                             : c == '\r' ? "\\r" : c == '\t' ? "\\t" : NULL;
        if (escape) {
            memcpy(out, escape, 2);
            out += 2;
            i++;
        } else if (c < 0x80) { /* other control characters, and < > & */
            memcpy(out, "\\u00", 4);
            out[4] = hex[c >> 4];
            out[5] = hex[c & 15];
            out += 6;
            i++;
        } else {
            size_t n = json_text_utf8_length(s + i, len - i);
            if (n == 0) {
                memcpy(out, "\\ufffd", 6);
                out += 6;
                i++;
            } else {
                memcpy(out, s + i, n);
                out += n;
                i += n;
            }
        }
    }
    return (size_t)(out - start);
}

void json_text_write(FILE *out, const char *text, size_t len, int html_safe) {
    /* In pieces, each ended where no UTF-8 sequence is cut in two. */
    enum { PIECE = 1024 };
    char escaped[JSON_TEXT_MAX(PIECE + 3)];
    putc('"', out);
    for (size_t at = 0; at < len;) {
        size_t end = len - at > PIECE ? at + PIECE : len;
        while (end < len && end - at < PIECE + 3 && ((unsigned char)text[end] & 0xC0) == 0x80) end++;
        fwrite(escaped, 1, json_text_escape(text + at, end - at, html_safe, escaped), out);
        at = end;
    }
    putc('"', out);
}

void json_squares_write(FILE *out, fk_bitboard set) {
    putc('[', out);
    for (const char *sep = ""; set; set &= set - 1, sep = ",") {
        char name[3];
        fk_square_name(__builtin_ctzll(set), name);
        fprintf(out, "%s\"%s\"", sep, name);
    }
    putc(']', out);
}
