/* fenkit serve: a growing text buffer, JSON written into it, and the flat
 * JSON objects the API accepts as request bodies. */
#ifndef FENKIT_SERVER_JSON_H
#define FENKIT_SERVER_JSON_H

#include <stddef.h>

#include "fenkit/types.h"

/* A growing buffer, zero-terminated once anything was added. `failed` is
 * set when an allocation failed; later appends do nothing. Free with
 * srv_buf_free; `data` may be taken over by the caller instead. */
typedef struct {
    char *data;
    size_t len, cap;
    int failed;
} srv_buf;

void srv_buf_free(srv_buf *b);
/* Appends len bytes. */
void srv_buf_add(srv_buf *b, const char *s, size_t len);
/* Appends a zero-terminated string. */
void srv_buf_puts(srv_buf *b, const char *s);
/* Appends printf-formatted text. */
void srv_buf_printf(srv_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Appends len bytes as a JSON string, quotes included: control characters
 * escaped, bytes that are not valid UTF-8 turned into U+FFFD, and '<', '>'
 * and '&' written as \u escapes so the JSON is harmless even if a browser
 * is tricked into reading it as HTML. */
void srv_json_string(srv_buf *b, const char *s, size_t len);
/* The same for a zero-terminated string, or null when s is NULL. */
void srv_json_cstring(srv_buf *b, const char *s);
/* Appends a JSON list of square names (["e4","e5"]), a1 first. */
void srv_json_squares(srv_buf *b, fk_bitboard set);

/* One member of a flat JSON object, as srv_json_read_object finds it. */
typedef enum { SRV_JSON_STRING, SRV_JSON_TRUE, SRV_JSON_FALSE, SRV_JSON_NULL, SRV_JSON_NUMBER } srv_json_kind;

typedef struct {
    char key[32];
    srv_json_kind kind;
    char value[4096]; /* strings unescaped (UTF-8), numbers as written */
    size_t value_len;
} srv_json_member;

/* Reads a JSON object whose values are strings, numbers, true, false or
 * null (no nesting) into members (at most cap). Returns the number of
 * members, or -1 with a sentence in error (error_cap bytes) when the text
 * is not such an object, a key is longer than 31 bytes, a string value
 * longer than 4095 bytes, or there are more than cap members. */
int srv_json_read_object(const char *text, size_t len, srv_json_member *members, int cap,
                         char *error, size_t error_cap);

#endif
