/* The PGN writer: the seven-tag roster, SetUp/FEN for other starts, move
 * numbers, and lines that fit in 80 columns. */
#include <string.h>

#include "fenkit/pgn.h"

#define PGN_LINE_MAX 79

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const roster_default[7] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

/* Hands text to the sink unless an earlier write failed. */
static void put(fk_pgn_writer *w, const char *text, size_t len) {
    if (w->status == FK_OK && len && w->write(w->ctx, text, len) != 0) w->status = FK_ERR_IO;
}

static void put_str(fk_pgn_writer *w, const char *text) { put(w, text, strlen(text)); }

/* Writes [name "value"] with quotes and backslashes escaped. */
static void put_tag(fk_pgn_writer *w, const char *name, const char *value) {
    put_str(w, "[");
    put_str(w, name);
    put_str(w, " \"");
    for (const char *run = value;;) {
        size_t n = strcspn(run, "\"\\");
        put(w, run, n);
        if (!run[n]) break;
        put(w, "\\", 1);
        put(w, run + n, 1);
        run += n + 1;
    }
    put_str(w, "\"]\n");
}

static const char *find_tag(const fk_pgn_tag *tags, int count, const char *name) {
    for (int i = 0; i < count; i++)
        if (strcmp(tags[i].name, name) == 0) return tags[i].value;
    return NULL;
}

/* Starts a movetext token of len bytes: a line break when it would not
 * fit, else a space; and the "(" of a variation just opened, which stays
 * on the same line as the token after it. */
static void begin_token(fk_pgn_writer *w, int len) {
    int paren = w->opened;
    w->opened = 0;
    if (w->column > 0 && w->column + 1 + paren + len > PGN_LINE_MAX) {
        put(w, "\n", 1);
        w->column = 0;
    } else if (w->column > 0) {
        put(w, " ", 1);
        w->column++;
    }
    if (paren) {
        put(w, "(", 1);
        w->column++;
    }
}

/* Writes one movetext token, breaking the line before it when it would
 * not fit. */
static void put_token(fk_pgn_writer *w, const char *token, size_t len) {
    begin_token(w, (int)len);
    put(w, token, len);
    w->column += (int)len;
}

fk_status fk_pgn_writer_begin(fk_pgn_writer *w, fk_pgn_write_fn write, void *ctx,
                              const fk_position *start, const fk_pgn_tag *tags, int count) {
    memset(w, 0, sizeof *w);
    w->write = write;
    w->ctx = ctx;
    w->pos = *start;
    w->first = 1;
    w->status = FK_OK;
    for (int i = 0; i < 7; i++) {
        const char *value = find_tag(tags, count, roster[i]);
        if (!value || !*value) value = roster_default[i];
        if (i == 6) {
            /* the result ends the movetext too: only the four markers */
            if (strcmp(value, "1-0") && strcmp(value, "0-1") && strcmp(value, "1/2-1/2"))
                value = "*";
            memcpy(w->result, value, strlen(value) + 1);
        }
        put_tag(w, roster[i], value);
    }
    fk_position initial;
    fk_position_startpos(&initial);
    int standard = fk_position_equal(start, &initial) && !start->chess960;
    if (start->chess960) put_tag(w, "Variant", "Chess960");
    if (!standard) {
        char fen[FK_FEN_MAX];
        fk_fen_write(start, FK_EP_LEGAL, fen, sizeof fen);
        put_tag(w, "SetUp", "1");
        put_tag(w, "FEN", fen);
    }
    for (int i = 0; i < count; i++) {
        const char *name = tags[i].name;
        int skip = strcmp(name, "SetUp") == 0 || strcmp(name, "FEN") == 0 ||
                   (start->chess960 && strcmp(name, "Variant") == 0);
        for (int k = 0; k < 7; k++) skip |= strcmp(name, roster[k]) == 0;
        if (!skip) put_tag(w, name, tags[i].value);
    }
    put(w, "\n", 1);
    return w->status;
}

fk_status fk_pgn_writer_move(fk_pgn_writer *w, fk_move move) {
    return fk_pgn_writer_move_san(w, move, NULL);
}

fk_status fk_pgn_writer_move_san(fk_pgn_writer *w, fk_move move, const char *san) {
    char token[48];
    size_t n = 0;
    if (w->pos.side == FK_WHITE || w->first) {
        char digits[12];
        size_t d = 0;
        for (uint32_t m = w->pos.fullmove; d == 0 || m; m /= 10) digits[d++] = (char)('0' + m % 10);
        while (d) token[n++] = digits[--d];
        token[n++] = '.';
        if (w->pos.side == FK_BLACK) {
            token[n++] = '.';
            token[n++] = '.';
        }
        token[n++] = ' ';
    }
    if (san && strlen(san) < sizeof token - n) {
        memcpy(token + n, san, strlen(san));
        n += strlen(san);
    } else {
        n += fk_move_to_san(&w->pos, move, token + n, sizeof token - n);
    }
    put_token(w, token, n);
    fk_move_make(&w->pos, move);
    w->first = 0;
    return w->status;
}

fk_status fk_pgn_writer_comment(fk_pgn_writer *w, const char *text) {
    /* word by word, so that a long comment is broken at its spaces; the
     * braces stay on their words. A '}' would end it early: it becomes ')'. */
    const char *p = text;
    while (*p == ' ' || *p == '\n' || *p == '\t')
        p++;
    int first = 1;
    do {
        size_t n = strcspn(p, " \n\t");
        const char *next = p + n;
        while (*next == ' ' || *next == '\n' || *next == '\t')
            next++;
        int last = *next == '\0';
        int len = (int)n + first + last;
        if (first)
            begin_token(w, len);
        else if (w->column > 0 && w->column + 1 + len > PGN_LINE_MAX) {
            put(w, "\n", 1);
            w->column = 0;
        } else {
            put(w, " ", 1);
            w->column++;
        }
        if (first) put(w, "{", 1);
        for (size_t run = 0; run < n;) {
            size_t k = strcspn(p + run, "}");
            if (k > n - run) k = n - run;
            put(w, p + run, k);
            run += k;
            if (run < n) {
                put(w, ")", 1);
                run++;
            }
        }
        if (last) put(w, "}", 1);
        w->column += len;
        first = 0;
        p = next;
    } while (*p);
    w->first = 1; /* Black's move after a comment takes its number again */
    return w->status;
}

fk_status fk_pgn_writer_nag(fk_pgn_writer *w, int nag) {
    char token[8];
    size_t n = 0;
    token[n++] = '$';
    if (nag >= 100) token[n++] = (char)('0' + nag / 100 % 10);
    if (nag >= 10) token[n++] = (char)('0' + nag / 10 % 10);
    token[n++] = (char)('0' + nag % 10);
    put_token(w, token, n);
    return w->status;
}

fk_status fk_pgn_writer_variation_start(fk_pgn_writer *w, const fk_position *before) {
    w->opened = 1; /* the "(" is written with the next token */
    w->pos = *before;
    w->first = 1;
    w->opened = 1;
    return w->status;
}

fk_status fk_pgn_writer_variation_end(fk_pgn_writer *w, const fk_position *resume) {
    put(w, ")", 1);
    w->column++;
    w->pos = *resume;
    w->first = 1;
    return w->status;
}

fk_status fk_pgn_writer_end(fk_pgn_writer *w) {
    put_token(w, w->result, strlen(w->result));
    put(w, "\n\n", 2);
    return w->status;
}
