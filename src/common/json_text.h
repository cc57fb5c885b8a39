/* JSON string text, shared by the command line and the web server (not part
 * of the installed library). */
#ifndef FENKIT_COMMON_JSON_TEXT_H
#define FENKIT_COMMON_JSON_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "fenkit/types.h"

/* The most bytes json_text_escape writes for len bytes of text. */
#define JSON_TEXT_MAX(len) ((len) * 6)

/* Writes len bytes of text into out as the inside of a JSON string (no
 * quotes, no terminating zero), valid whatever the bytes: quotes,
 * backslashes and control characters escaped, bytes that are not UTF-8
 * replaced by \ufffd, and with html_safe also < > & escaped so the text can
 * never close a script or tag. out must hold JSON_TEXT_MAX(len) bytes.
 * Returns the number of bytes written. */
size_t json_text_escape(const char *text, size_t len, int html_safe, char *out);

/* Writes len bytes of text to out as a JSON string, quotes included, escaped
 * as json_text_escape does. */
void json_text_write(FILE *out, const char *text, size_t len, int html_safe);

/* Writes a set of squares to out as a JSON list of their names ("e4"),
 * a1 first. */
void json_squares_write(FILE *out, fk_bitboard set);

/* The length of the valid UTF-8 sequence starting at s (n bytes left), or 0
 * when it is not one (stray continuation byte, overlong form, surrogate,
 * beyond U+10FFFF, or cut short). */
size_t json_text_utf8_length(const unsigned char *s, size_t n);

#endif
