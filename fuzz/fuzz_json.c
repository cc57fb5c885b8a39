/* libFuzzer target for the command line's JSON strings (src/cli/json.c):
 * whatever bytes come in, what goes out must be one valid JSON string, and
 * it must decode back to the input with each byte that is not UTF-8
 * replaced by U+FFFD. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/cli/json.c"

/* The length of the valid UTF-8 sequence at s (n bytes left), or 0; worked
 * out apart from json.c's own check: decode the value, then require the
 * shortest form, no surrogate and nothing beyond U+10FFFF. */
static size_t strict_utf8(const unsigned char *s, size_t n) {
    if (s[0] < 0x80) return 1;
    size_t k = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC0 ? 2 : 0;
    if (k == 0 || s[0] >= 0xF8 || n < k) return 0;
    unsigned long cp = s[0] & (0x7F >> k);
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    static const unsigned long shortest[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < shortest[k] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return k;
}

/* Value of one hex digit, or -1. */
static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Appends code point cp (below 0x10000) to out as UTF-8. */
static size_t put_utf8(unsigned cp, char *out) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
}

/* Decodes the JSON string json[0..n) into out (UTF-8); aborts when it is
 * not exactly one valid JSON string. Returns the decoded length. */
static size_t decode(const char *json, size_t n, char *out) {
    const unsigned char *s = (const unsigned char *)json;
    if (n < 2 || s[0] != '"' || s[n - 1] != '"') abort();
    size_t len = 0;
    for (size_t i = 1; i < n - 1;) {
        if (s[i] == '"' || s[i] < 0x20) abort();
        if (s[i] != '\\') {
            size_t k = strict_utf8(s + i, n - 1 - i);
            if (k == 0) abort();
            memcpy(out + len, s + i, k);
            len += k;
            i += k;
            continue;
        }
        if (i + 1 >= n - 1) abort();
        char e = (char)s[i + 1];
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e != 'u' && (!simple || e == '\0')) abort();
        if (e != 'u') {
            static const char plain[] = "\"\\/\b\f\n\r\t";
            out[len++] = plain[simple - "\"\\/bfnrt"];
            i += 2;
            continue;
        }
        if (i + 6 > n - 1) abort();
        unsigned cp = 0;
        for (int d = 0; d < 4; d++) {
            int v = hex_value((char)s[i + 2 + d]);
            if (v < 0) abort();
            cp = cp * 16 + (unsigned)v;
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) abort(); /* never written alone */
        len += put_utf8(cp, out + len);
        i += 6;
    }
    return len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *json = NULL;
    size_t json_len = 0;
    FILE *out = open_memstream(&json, &json_len);
    if (!out) return 0;
    cli_json_string(out, (const char *)data, size);
    fclose(out);

    /* the expected text: the input with every byte that starts no valid
     * UTF-8 sequence replaced by U+FFFD */
    char *want = malloc(size * 3 + 1), *got = malloc(json_len + 1);
    if (!want || !got) abort();
    size_t want_len = 0;
    for (size_t i = 0; i < size;) {
        size_t k = strict_utf8(data + i, size - i);
        if (k == 0) {
            memcpy(want + want_len, "\xef\xbf\xbd", 3);
            want_len += 3;
            i++;
        } else {
            memcpy(want + want_len, data + i, k);
            want_len += k;
            i += k;
        }
    }
    size_t got_len = decode(json, json_len, got);
    if (got_len != want_len || memcmp(got, want, want_len) != 0) abort();
    free(want);
    free(got);
    free(json);
    return 0;
}
