/* A growing text buffer, JSON written into it, and flat JSON objects read
 * from request bodies. */
#include "json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_text.h"

void srv_buf_free(srv_buf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* Makes room for `more` bytes plus the terminating zero; 0 on failure. */
static int buf_reserve(srv_buf *b, size_t more) {
    if (b->failed) return 0;
    if (b->len + more + 1 <= b->cap) return 1;
    size_t cap = b->cap ? b->cap : 2048;
    while (cap < b->len + more + 1) cap *= 2;
    char *data = realloc(b->data, cap);
    if (!data) {
        b->failed = 1;
        return 0;
    }
    b->data = data;
    b->cap = cap;
    return 1;
}

void srv_buf_add(srv_buf *b, const char *s, size_t len) {
    if (!buf_reserve(b, len)) return;
    memcpy(b->data + b->len, s, len);
    b->len += len;
    b->data[b->len] = '\0';
}

void srv_buf_puts(srv_buf *b, const char *s) { srv_buf_add(b, s, strlen(s)); }

void srv_buf_printf(srv_buf *b, const char *fmt, ...) {
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        srv_buf_add(b, small, (size_t)n);
        return;
    }
    if (!buf_reserve(b, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void srv_json_string(srv_buf *b, const char *text, size_t len) {
    if (len > ((size_t)-1 - 3) / 6 || !buf_reserve(b, JSON_TEXT_MAX(len) + 2)) {
        b->failed = 1;
        return;
    }
    char *out = b->data + b->len;
    *out++ = '"';
    out += json_text_escape(text, len, 1, out);
    *out++ = '"';
    *out = '\0';
    b->len = (size_t)(out - b->data);
}

void srv_json_cstring(srv_buf *b, const char *s) {
    if (s) srv_json_string(b, s, strlen(s));
    else srv_buf_puts(b, "null");
}

void srv_json_squares(srv_buf *b, fk_bitboard set) {
    srv_buf_add(b, "[", 1);
    for (const char *sep = ""; set; set &= set - 1, sep = ",") {
        char name[3];
        fk_square_name(__builtin_ctzll(set), name);
        srv_buf_printf(b, "%s\"%s\"", sep, name);
    }
    srv_buf_add(b, "]", 1);
}

/* ---- Reading -------------------------------------------------------- */

/* A cursor over the text being read, with the first error met. */
typedef struct {
    const char *s;
    size_t len, at;
    char *error;
    size_t error_cap;
    int failed;
} reader;

/* Records the first error, with the byte offset where it was found. */
static int read_fail(reader *r, const char *what) {
    if (!r->failed) snprintf(r->error, r->error_cap, "%s at byte %zu", what, r->at);
    r->failed = 1;
    return -1;
}

static void skip_space(reader *r) {
    while (r->at < r->len && strchr(" \t\r\n", r->s[r->at]) && r->s[r->at]) r->at++;
}

/* The value of one hex digit, or -1. */
static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Reads four hex digits after \u. */
static long read_hex4(reader *r) {
    if (r->len - r->at < 4) return read_fail(r, "a \\u escape is cut short");
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_digit(r->s[r->at + i]);
        if (d < 0) return read_fail(r, "a \\u escape needs four hex digits");
        v = v * 16 + d;
    }
    r->at += 4;
    return v;
}

/* Appends code point cp as UTF-8 to out (cap bytes, *n used). */
static int put_utf8(reader *r, unsigned long cp, char *out, size_t cap, size_t *n) {
    unsigned char u[4];
    size_t k;
    if (cp < 0x80) u[0] = (unsigned char)cp, k = 1;
    else if (cp < 0x800) u[0] = (unsigned char)(0xC0 | cp >> 6), u[1] = (unsigned char)(0x80 | (cp & 63)), k = 2;
    else if (cp < 0x10000)
        u[0] = (unsigned char)(0xE0 | cp >> 12), u[1] = (unsigned char)(0x80 | ((cp >> 6) & 63)),
        u[2] = (unsigned char)(0x80 | (cp & 63)), k = 3;
    else
        u[0] = (unsigned char)(0xF0 | cp >> 18), u[1] = (unsigned char)(0x80 | ((cp >> 12) & 63)),
        u[2] = (unsigned char)(0x80 | ((cp >> 6) & 63)), u[3] = (unsigned char)(0x80 | (cp & 63)), k = 4;
    if (*n + k >= cap) return read_fail(r, "a string is too long");
    memcpy(out + *n, u, k);
    *n += k;
    return 0;
}

/* Reads a JSON string at the cursor (which is on its opening quote) into
 * out, unescaped and zero-terminated. Returns 0, or -1 on an error. */
static int read_string(reader *r, char *out, size_t cap, size_t *out_len) {
    size_t n = 0;
    r->at++; /* the opening quote */
    for (;;) {
        if (r->at >= r->len) return read_fail(r, "a string has no closing quote");
        unsigned char c = (unsigned char)r->s[r->at];
        if (c == '"') break;
        if (c < 0x20) return read_fail(r, "a control character inside a string");
        r->at++;
        if (c != '\\') {
            if (n + 1 >= cap) return read_fail(r, "a string is too long");
            out[n++] = (char)c;
            continue;
        }
        if (r->at >= r->len) return read_fail(r, "a string has no closing quote");
        char e = r->s[r->at++];
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = e ? strchr(from, e) : NULL;
        if (k) {
            if (n + 1 >= cap) return read_fail(r, "a string is too long");
            out[n++] = to[k - from];
            continue;
        }
        if (e != 'u') return read_fail(r, "an unknown escape in a string");
        long cp = read_hex4(r);
        if (cp < 0) return -1;
        if (cp >= 0xD800 && cp <= 0xDBFF) { /* a surrogate pair */
            if (r->len - r->at < 2 || r->s[r->at] != '\\' || r->s[r->at + 1] != 'u')
                return read_fail(r, "a lone surrogate in a string");
            r->at += 2;
            long lo = read_hex4(r);
            if (lo < 0) return -1;
            if (lo < 0xDC00 || lo > 0xDFFF) return read_fail(r, "a lone surrogate in a string");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return read_fail(r, "a lone surrogate in a string");
        }
        if (put_utf8(r, (unsigned long)cp, out, cap, &n) < 0) return -1;
    }
    r->at++; /* the closing quote */
    out[n] = '\0';
    *out_len = n;
    return 0;
}

/* Reads a JSON number (syntax checked) into out as written. */
static int read_number(reader *r, char *out, size_t cap, size_t *out_len) {
    size_t start = r->at;
    const char *s = r->s;
    if (r->at < r->len && s[r->at] == '-') r->at++;
    size_t digits = r->at;
    while (r->at < r->len && s[r->at] >= '0' && s[r->at] <= '9') r->at++;
    if (r->at == digits) return read_fail(r, "a number needs digits");
    if (s[digits] == '0' && r->at - digits > 1) return read_fail(r, "a number has a leading zero");
    if (r->at < r->len && s[r->at] == '.') {
        size_t frac = ++r->at;
        while (r->at < r->len && s[r->at] >= '0' && s[r->at] <= '9') r->at++;
        if (r->at == frac) return read_fail(r, "a number needs digits after the point");
    }
    if (r->at < r->len && (s[r->at] == 'e' || s[r->at] == 'E')) {
        r->at++;
        if (r->at < r->len && (s[r->at] == '+' || s[r->at] == '-')) r->at++;
        size_t exp = r->at;
        while (r->at < r->len && s[r->at] >= '0' && s[r->at] <= '9') r->at++;
        if (r->at == exp) return read_fail(r, "a number needs digits in its exponent");
    }
    size_t n = r->at - start;
    if (n >= cap) return read_fail(r, "a number is too long");
    memcpy(out, s + start, n);
    out[n] = '\0';
    *out_len = n;
    return 0;
}

/* Reads one value into m. */
static int read_value(reader *r, srv_json_member *m) {
    static const struct {
        const char *word;
        srv_json_kind kind;
    } words[] = {{"true", SRV_JSON_TRUE}, {"false", SRV_JSON_FALSE}, {"null", SRV_JSON_NULL}};
    if (r->at >= r->len) return read_fail(r, "a value is missing");
    char c = r->s[r->at];
    m->value[0] = '\0';
    m->value_len = 0;
    if (c == '"') {
        m->kind = SRV_JSON_STRING;
        return read_string(r, m->value, sizeof m->value, &m->value_len);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        m->kind = SRV_JSON_NUMBER;
        return read_number(r, m->value, sizeof m->value, &m->value_len);
    }
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i].word);
        if (r->len - r->at >= n && memcmp(r->s + r->at, words[i].word, n) == 0) {
            r->at += n;
            m->kind = words[i].kind;
            return 0;
        }
    }
    if (c == '{' || c == '[') return read_fail(r, "nested objects and lists are not accepted");
    return read_fail(r, "a value must be a string, a number, true, false or null");
}

int srv_json_read_object(const char *text, size_t len, srv_json_member *members, int cap,
                         char *error, size_t error_cap) {
    reader r = {text, len, 0, error, error_cap, 0};
    int count = 0;
    skip_space(&r);
    if (r.at >= len || text[r.at] != '{') return read_fail(&r, "expected a JSON object");
    r.at++;
    skip_space(&r);
    if (r.at < len && text[r.at] == '}') {
        r.at++;
    } else {
        for (;;) {
            skip_space(&r);
            if (r.at >= len || text[r.at] != '"') return read_fail(&r, "expected a key in quotes");
            if (count == cap) return read_fail(&r, "too many members in the object");
            srv_json_member *m = &members[count];
            size_t key_len;
            if (read_string(&r, m->key, sizeof m->key, &key_len) < 0) return -1;
            skip_space(&r);
            if (r.at >= len || text[r.at] != ':') return read_fail(&r, "expected ':' after a key");
            r.at++;
            skip_space(&r);
            if (read_value(&r, m) < 0) return -1;
            count++;
            skip_space(&r);
            if (r.at < len && text[r.at] == ',') {
                r.at++;
                continue;
            }
            if (r.at < len && text[r.at] == '}') {
                r.at++;
                break;
            }
            return read_fail(&r, "expected ',' or '}'");
        }
    }
    skip_space(&r);
    if (r.at != len) return read_fail(&r, "text after the object");
    return count;
}
