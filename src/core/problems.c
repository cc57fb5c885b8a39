/* The problem list: adding problems and naming codes, severities, fields. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fenkit/fen.h"
#include "overread.h"
#include "problems.h"

static const char *const code_names[FK_PROB_CODE_COUNT] = {
    [FK_PROB_EMPTY_INPUT] = "empty-input",
    [FK_PROB_MISSING_FIELD] = "missing-field",
    [FK_PROB_EXTRA_FIELD] = "extra-field",
    [FK_PROB_WHITESPACE] = "whitespace",
    [FK_PROB_RANK_COUNT] = "rank-count",
    [FK_PROB_RANK_LENGTH] = "rank-length",
    [FK_PROB_BAD_PIECE] = "bad-piece-letter",
    [FK_PROB_BAD_DIGIT] = "bad-digit",
    [FK_PROB_BAD_SIDE] = "bad-side",
    [FK_PROB_BAD_CASTLING] = "bad-castling",
    [FK_PROB_BAD_EP] = "bad-en-passant",
    [FK_PROB_BAD_HALFMOVE] = "bad-halfmove",
    [FK_PROB_BAD_FULLMOVE] = "bad-fullmove",
    [FK_PROB_COUNTERS_FILLED] = "counters-filled",
    [FK_PROB_FIELDS_FILLED] = "fields-filled",
    [FK_PROB_NO_KING] = "no-king",
    [FK_PROB_TOO_MANY_KINGS] = "too-many-kings",
    [FK_PROB_OPPONENT_IN_CHECK] = "opponent-in-check",
    [FK_PROB_TOO_MANY_CHECKERS] = "too-many-checkers",
    [FK_PROB_IMPOSSIBLE_CHECK] = "impossible-check",
    [FK_PROB_PAWN_BACK_RANK] = "pawn-on-back-rank",
    [FK_PROB_TOO_MANY_PAWNS] = "too-many-pawns",
    [FK_PROB_TOO_MANY_PIECES] = "too-many-pieces",
    [FK_PROB_TOO_MANY_PROMOTED] = "too-many-promoted",
    [FK_PROB_PAWN_STRUCTURE] = "impossible-pawn-structure",
    [FK_PROB_BISHOP_COLORS] = "impossible-bishops",
    [FK_PROB_CASTLING_NO_KING] = "castling-without-king",
    [FK_PROB_CASTLING_NO_ROOK] = "castling-without-rook",
    [FK_PROB_CASTLING_SIDE] = "castling-bad-rights",
    [FK_PROB_EP_RANK] = "ep-wrong-rank",
    [FK_PROB_EP_NO_PAWN] = "ep-no-pawn",
    [FK_PROB_EP_OCCUPIED] = "ep-square-occupied",
    [FK_PROB_EP_ORIGIN_OCCUPIED] = "ep-origin-occupied",
    [FK_PROB_EP_HALFMOVE] = "ep-halfmove-not-zero",
    [FK_PROB_EP_CHECK] = "ep-inconsistent-check",
    [FK_PROB_EP_NO_CAPTURE] = "ep-no-capture",
    [FK_PROB_FULLMOVE_ZERO] = "fullmove-zero",
    [FK_PROB_HALFMOVE_RANGE] = "halfmove-too-large",
    [FK_PROB_UPSIDE_DOWN] = "upside-down",
    [FK_PROB_COLORS_SWAPPED] = "colors-swapped",
    [FK_PROB_NONSTANDARD] = "nonstandard-notation",
};

const char *fk_problem_code_name(fk_problem_code code) {
    if ((unsigned)code >= FK_PROB_CODE_COUNT || !code_names[code]) return "unknown";
    return code_names[code];
}

const char *fk_severity_name(fk_severity severity) {
    switch (severity) {
    case FK_SEV_NOTE: return "note";
    case FK_SEV_WARNING: return "warning";
    case FK_SEV_ERROR: return "error";
    }
    return "unknown";
}

const char *fk_field_name(fk_field field) {
    static const char *const names[] = {"placement", "side",     "castling", "en passant",
                                        "halfmove",  "fullmove", "position"};
    return (unsigned)field <= FK_FIELD_NONE ? names[field] : "position";
}

int fk_problem_is_reading(fk_problem_code code) {
    /* fen.h lists the reading codes before the first rule, FK_PROB_NO_KING;
     * reading codes added later went at the end */
    return code < FK_PROB_NO_KING || code == FK_PROB_NONSTANDARD;
}

/* How many items of list can be read: none when its count cannot be true. */
static int readable(const fk_problems *list) {
    return (unsigned)list->count <= FK_MAX_PROBLEMS ? list->count : 0;
}

int fk_problems_fen_read(const fk_problems *list) {
    for (int i = 0; i < readable(list); i++)
        if (list->items[i].severity == FK_SEV_ERROR && fk_problem_is_reading(list->items[i].code))
            return 0;
    return 1;
}

int fk_problems_has_error(const fk_problems *list) {
    for (int i = 0; i < readable(list); i++)
        if (list->items[i].severity == FK_SEV_ERROR) return 1;
    return 0;
}

fk_problem *fk_problems_add(fk_problems *list, fk_problem_code code,
                            fk_severity severity, fk_field field, int offset,
                            fk_bitboard squares, const char *fix, const char *fmt, ...) {
    fk_problem *p = core_problems_next(list, code, severity, field, offset, squares);
    if (!p) return NULL;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->message, sizeof p->message, fmt, ap);
    va_end(ap);
    snprintf(p->fix, sizeof p->fix, "%s", fix ? fix : "");
    /* Its sentences are the caller's own: no arguments to word them again. */
    p->args.variant = FK_ARGS_NONE;
    return p;
}

/* Formats one whole number (the value, and whether it came in signed) into
 * the end of digits[24]; returns where it starts. */
static char *put_number(char *end, unsigned long long u, int negative) {
    char *d = end;
    do {
        *--d = (char)('0' + u % 10);
    } while (u /= 10);
    if (negative) *--d = '-';
    return d;
}

/* Copies the run of plain text at f (up to the next '%' or the end) to p,
 * at most to last; moves both on. Eight bytes at a time on a little-endian
 * machine, where fk_page_holds allows: a message's runs are a few words long,
 * shorter than a library call costs. */
static void copy_run(char **p, const char **f, char *last) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    while (last - *p >= 8 && fk_page_holds(*f, 8)) {
        uint64_t w, x;
        memcpy(&w, *f, 8);
        x = w ^ (ones * '%');
        /* The lowest byte that is '%' or zero sets the lowest high bit. */
        uint64_t stop = (((x - ones) & ~x) | ((w - ones) & ~w)) & highs;
        memcpy(*p, &w, 8); /* the bytes past the run are written over later */
        if (stop) {
            size_t n = (size_t)__builtin_ctzll(stop) / 8;
            *p += n;
            *f += n;
            return;
        }
        *p += 8;
        *f += 8;
    }
#endif
    while (**f && **f != '%' && *p < last) *(*p)++ = *(*f)++;
}

size_t core_vformat(char *out, size_t cap, const char *fmt, va_list ap) {
    if (cap == 0) return 0;
    char *p = out, *last = out + cap - 1; /* last: room for the zero */
    const char *f = fmt;
    while (p < last) {
        if (*f != '%') {
            if (*f == '\0') break;
            copy_run(&p, &f, last);
            continue;
        }
        f++;
        int precision = -1, longs = 0;
        if (f[0] == '.' && f[1] == '*') {
            precision = va_arg(ap, int);
            f += 2;
        }
        while (*f == 'l' && longs < 2) {
            longs++;
            f++;
        }
        char digits[24];
        const char *text = digits;
        size_t len;
        if (*f == 's') {
            text = va_arg(ap, const char *);
            len = precision >= 0 ? strnlen(text, (size_t)precision) : strlen(text);
        } else if (*f == 'c') {
            digits[0] = (char)va_arg(ap, int);
            len = 1;
        } else if (*f == 'd') {
            long long v = longs == 2 ? va_arg(ap, long long)
                          : longs    ? va_arg(ap, long)
                                     : va_arg(ap, int);
            /* The magnitude in unsigned arithmetic, which has no overflow. */
            unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
            text = put_number(digits + sizeof digits, u, v < 0);
            len = (size_t)(digits + sizeof digits - text);
        } else if (*f == 'u') {
            unsigned long long u = longs == 2 ? va_arg(ap, unsigned long long)
                                   : longs    ? va_arg(ap, unsigned long)
                                              : va_arg(ap, unsigned);
            text = put_number(digits + sizeof digits, u, 0);
            len = (size_t)(digits + sizeof digits - text);
        } else {
            digits[0] = '%';
            len = 1;
            if (*f == '\0') f--; /* a '%' at the very end */
        }
        f++;
        if (len > (size_t)(last - p)) len = (size_t)(last - p);
        memcpy(p, text, len);
        p += len;
    }
    *p = '\0';
    return (size_t)(p - out);
}

size_t core_copy_text(char *out, size_t cap, const char *text) {
    if (cap == 0) return 0;
    size_t n = strnlen(text, cap - 1);
    memcpy(out, text, n);
    out[n] = '\0';
    return n;
}

size_t core_format(char *out, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    size_t n = core_vformat(out, cap, fmt, ap);
    va_end(ap);
    return n;
}

fk_problem *core_problems_next(fk_problems *list, fk_problem_code code, fk_severity severity,
                               fk_field field, int offset, fk_bitboard squares) {
    fk_problems_repair(list);
    if (list->count >= FK_MAX_PROBLEMS) {
        list->dropped++;
        return NULL;
    }
    fk_problem *p = &list->items[list->count++];
    p->code = code;
    p->severity = severity;
    p->field = field;
    p->offset = offset;
    p->squares = squares;
    p->message[0] = '\0';
    p->fix[0] = '\0';
    memset(&p->args, 0, sizeof p->args);
    return p;
}
