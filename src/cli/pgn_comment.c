/* fenkit pgn: [%clk] and [%eval] read out of comments (see pgn_comment.h). */
#include "pgn_comment.h"

#include <stdlib.h>
#include <string.h>

/* Reads H:MM:SS(.f), MM:SS or SS(.f) as seconds; returns 1 when the whole
 * text is a time. */
static int read_clock(const char *text, const char *end, double *out) {
    double total = 0;
    const char *p = text;
    for (;;) {
        char *stop;
        double part = strtod(p, &stop);
        if (stop == p || stop > end) return 0;
        total = total * 60 + part;
        p = stop;
        if (p == end) break;
        if (*p != ':') return 0;
        p++;
    }
    *out = total;
    return 1;
}

/* Reads an [%eval] value: a number of pawns or #N, maybe followed by
 * ",depth". Returns 1 when it is one. */
static int read_eval(const char *text, const char *end, pgn_comment *out) {
    const char *comma = memchr(text, ',', (size_t)(end - text));
    if (comma) end = comma;
    char *stop;
    if (*text == '#') {
        long mate = strtol(text + 1, &stop, 10);
        if (stop != end || stop == text + 1) return 0;
        out->has_mate = 1;
        out->mate = (int)mate;
        return 1;
    }
    double eval = strtod(text, &stop);
    if (stop != end || stop == text) return 0;
    out->has_eval = 1;
    out->eval = eval;
    return 1;
}

void pgn_comment_read(const char *comment, pgn_comment *out) {
    memset(out, 0, sizeof *out);
    size_t n = 0;
    const char *p = comment;
    while (*p && n < sizeof out->text - 1) {
        if (p[0] == '[' && p[1] == '%') {
            const char *close = strchr(p, ']');
            const char *name = p + 2;
            size_t name_len = strcspn(name, " \t]");
            const char *value = name + name_len;
            while (*value == ' ' || *value == '\t')
                value++;
            const char *end = close;
            while (end && end > value && (end[-1] == ' ' || end[-1] == '\t'))
                end--;
            int used = 0;
            if (close && name_len == 3 && strncmp(name, "clk", 3) == 0)
                used = out->has_clock = read_clock(value, end, &out->clock);
            else if (close && name_len == 4 && strncmp(name, "eval", 4) == 0)
                used = read_eval(value, end, out);
            if (used) {
                p = close + 1;
                continue;
            }
        }
        out->text[n++] = *p++;
    }
    out->text[n] = '\0';
    /* the commands' room: runs of spaces become one, none at the ends */
    size_t w = 0;
    for (size_t r = 0; r < n; r++) {
        if (out->text[r] == ' ' && (w == 0 || out->text[w - 1] == ' ')) continue;
        out->text[w++] = out->text[r];
    }
    while (w && out->text[w - 1] == ' ')
        w--;
    out->text[w] = '\0';
}
