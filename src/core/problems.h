/* Internal to the core: writing problems quickly. The reader and the
 * checker format a message for every problem they find, and broken FENs come
 * in batches too, so they use these instead of vsnprintf (which costs more
 * than a whole reading). */
#ifndef FENKIT_CORE_PROBLEMS_H
#define FENKIT_CORE_PROBLEMS_H

#include <stdarg.h>
#include <string.h>

#include "fenkit/fen.h"

/* Lets the compiler check the formats of the message helpers. */
#if defined(__GNUC__)
#define FK_PRINTF_LIKE(fmt, first) __attribute__((format(printf, fmt, first)))
#else
#define FK_PRINTF_LIKE(fmt, first)
#endif

/* Writes into out (cap bytes, always zero-terminated, cut short when it
 * does not fit) what fmt says, for the conversions messages use: %s, %.*s,
 * %c, %d, %u, %ld, %lu, %lld, %llu and %%, without widths or flags.
 * Returns the length written. */
size_t core_vformat(char *out, size_t cap, const char *fmt, va_list ap);
/* Copies the text into out (cap bytes, always zero-terminated, cut short
 * when it does not fit), as core_format(out, cap, "%s", text) would, only
 * faster. Returns the length written. */
size_t core_copy_text(char *out, size_t cap, const char *text);
/* Copies the n bytes of s to at (no terminating zero), for messages put
 * together from pieces; returns the end. */
static inline char *fk_put_bytes(char *at, const char *s, size_t n) {
    memcpy(at, s, n);
    return at + n;
}
/* fk_put_bytes of the whole text s. */
static inline char *fk_put_text(char *at, const char *s) { return fk_put_bytes(at, s, strlen(s)); }
/* core_vformat with the arguments given directly. */
size_t core_format(char *out, size_t cap, const char *fmt, ...) FK_PRINTF_LIKE(3, 4);

/* Starts list afresh when its count cannot be true (it was never cleared),
 * so that garbage is never read as problems. */
static inline void fk_problems_repair(fk_problems *list) {
    if ((unsigned)list->count > FK_MAX_PROBLEMS || list->dropped < 0) {
        list->count = 0;
        list->dropped = 0;
    }
}

/* Takes the next free problem of list and fills its code, severity, field,
 * offset and squares, with an empty message and fix. Returns NULL (and
 * counts the problem as dropped) when the list is full. */
fk_problem *core_problems_next(fk_problems *list, fk_problem_code code, fk_severity severity,
                               fk_field field, int offset, fk_bitboard squares);

#endif
