/* PGN tokens: white space, comments and escape lines skipped; tag pairs,
 * symbols, NAGs and punctuation handed to the reader, each with its line
 * and column. Reads through a fixed buffer, so memory never grows. */
#include <stdio.h>
#include <string.h>

#include "pgn_lex.h"

void pgn_lex_init(pgn_lexer *lx, fk_pgn_read_fn read, void *ctx, char *buf, size_t cap) {
    memset(lx, 0, sizeof *lx);
    lx->read = read;
    lx->ctx = ctx;
    lx->buf = buf;
    lx->cap = cap;
    lx->line = 1;
}

/* Makes at least `want` unread bytes available unless the input ends first.
 * Returns how many are available. */
static size_t fill(pgn_lexer *lx, size_t want) {
    size_t have = lx->len - lx->pos;
    if (have >= want || lx->eof) return have;
    memmove(lx->buf, lx->buf + lx->pos, have);
    lx->base += lx->pos;
    lx->pos = 0;
    lx->len = have;
    while (lx->len < want && !lx->eof) {
        size_t n = lx->read(lx->ctx, lx->buf + lx->len, lx->cap - lx->len);
        if (n == 0) lx->eof = 1;
        lx->len += n;
    }
    return lx->len;
}

/* The next byte without consuming it, or -1 at the end of the input. */
static inline int peek(pgn_lexer *lx) {
    if (lx->pos < lx->len || fill(lx, 1)) return (unsigned char)lx->buf[lx->pos];
    return -1;
}

/* The byte `ahead` places after the next one, or -1. */
static int peek_at(pgn_lexer *lx, size_t ahead) {
    if (fill(lx, ahead + 1) <= ahead) return -1;
    return (unsigned char)lx->buf[lx->pos + ahead];
}

/* Consumes the next byte (which peek returned), keeping the line count. */
static inline void advance(pgn_lexer *lx) {
    if (lx->buf[lx->pos] == '\n') {
        lx->line++;
        lx->line_start = lx->base + lx->pos + 1;
    }
    lx->pos++;
}

static inline long column(const pgn_lexer *lx) {
    return (long)(lx->base + lx->pos - lx->line_start) + 1;
}

/* Byte classes: bytes of a symbol (moves, results, glyphs; '.' only after
 * a letter), bytes of a symbol that starts with a digit (move numbers,
 * results, zero castling: it stops at the '.' of "12." and before "…"),
 * and white space. */
enum { SYMBOL = 1, NUMBER = 2, SPACE = 4 };
static const unsigned char byte_class[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    4, 3, 0, 3, 0, 0, 0, 0, 0, 0, 0, 3, 0, 3, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 0, 0, 1, 0, 3,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

static inline int is_space(int c) { return c >= 0 && (byte_class[c] & SPACE); }
static inline int is_symbol_byte(int c) { return c >= 0 && (byte_class[c] & SYMBOL); }

/* Appends n bytes of comment text to value when comments are kept (what
 * does not fit is dropped). */
static void keep_text(pgn_lexer *lx, const char *text, size_t n) {
    if (!lx->keep_comments) return;
    size_t room = sizeof lx->value - 1 - lx->value_len;
    if (n > room) n = room;
    memcpy(lx->value + lx->value_len, text, n);
    lx->value_len += n;
    lx->value[lx->value_len] = '\0';
}

/* Skips the rest of the line (a ';' comment or a '%' escape line). */
static void skip_line(pgn_lexer *lx) {
    for (;;) {
        const char *nl = memchr(lx->buf + lx->pos, '\n', lx->len - lx->pos);
        if (nl) {
            keep_text(lx, lx->buf + lx->pos, (size_t)(nl - (lx->buf + lx->pos)));
            lx->pos = (size_t)(nl - lx->buf);
            return; /* the newline itself is consumed by the caller's loop */
        }
        keep_text(lx, lx->buf + lx->pos, lx->len - lx->pos);
        lx->pos = lx->len;
        if (!fill(lx, 1)) return;
    }
}

/* Skips a brace comment whose '{' was consumed. Returns 0 when it closes;
 * -1 when the input ends or a new game's tags start first (a blank line,
 * then '[' and a capital letter), which the next token then reads. */
static int skip_comment(pgn_lexer *lx) {
    int blank = 0; /* the line just ended held only white space */
    for (;;) {
        int c = peek(lx);
        if (c < 0) return -1;
        if (c == '}') {
            advance(lx);
            return 0;
        }
        if (c == '\n') {
            int was_blank = blank;
            keep_text(lx, " ", 1); /* a comment's lines joined by spaces */
            advance(lx);
            blank = 1;
            if (was_blank && peek(lx) == '[') {
                int next = peek_at(lx, 1);
                if (next >= 'A' && next <= 'Z') return -1;
            }
            continue;
        }
        if (!is_space(c)) blank = 0;
        if (lx->keep_comments) {
            char byte = (char)c;
            keep_text(lx, &byte, 1);
        }
        advance(lx);
    }
}

static pgn_tok_kind bad(pgn_lexer *lx, const char *fmt, long line, long col) {
    snprintf(lx->message, sizeof lx->message, fmt, line, col);
    return lx->kind = PGN_TOK_BAD;
}

/* Skips spaces and tabs inside a tag pair; returns how many. */
static int skip_blanks(pgn_lexer *lx) {
    int n = 0;
    for (int c = peek(lx); c == ' ' || c == '\t'; c = peek(lx), n++) advance(lx);
    return n;
}

/* 1 when the next bytes are blanks then ']' (so a quote before them closes
 * the tag value). */
static int closes_tag(pgn_lexer *lx) {
    for (size_t i = 0;; i++) {
        int c = peek_at(lx, i);
        if (c == ']') return 1;
        if (c != ' ' && c != '\t') return 0;
    }
}

static void value_put(pgn_lexer *lx, int c) {
    if (lx->value_len + 1 < sizeof lx->value)
        lx->value[lx->value_len++] = (char)c;
    else
        lx->lax |= PGN_LAX_TAG_LONG;
}

/* Reads a tag pair after its '['. On a problem, skips to the end of the
 * line and returns PGN_TOK_BAD. */
static pgn_tok_kind read_tag(pgn_lexer *lx) {
    if (skip_blanks(lx)) lx->lax |= PGN_LAX_TAG_SPACE;
    size_t n = 0;
    for (int c = peek(lx); c >= 0 && (is_symbol_byte(c) && c != '.' && c < 0x80); c = peek(lx)) {
        if (n + 1 < sizeof lx->name) lx->name[n++] = (char)c;
        advance(lx);
    }
    lx->name[n] = '\0';
    if (n == 0) {
        snprintf(lx->message, sizeof lx->message, "a tag pair needs a name after '['");
        goto fail;
    }
    if (skip_blanks(lx) != 1) lx->lax |= PGN_LAX_TAG_SPACE;
    if (peek(lx) != '"') {
        snprintf(lx->message, sizeof lx->message, "the value of tag %s must be in double quotes",
                 lx->name);
        goto fail;
    }
    advance(lx);
    lx->value_len = 0;
    for (;;) {
        /* The plain bytes of the value, copied in one go: no newline, so
         * the line count needs no update. */
        size_t pos = lx->pos, end = lx->len, used = lx->value_len;
        const char *buf = lx->buf;
        while (pos < end && used + 1 < sizeof lx->value) {
            char b = buf[pos];
            if (b == '"' || b == '\\' || b == '\n' || b == '\r') break;
            lx->value[used++] = b;
            pos++;
        }
        lx->pos = pos;
        lx->value_len = used;
        int c = peek(lx);
        if (c < 0 || c == '\n') {
            snprintf(lx->message, sizeof lx->message,
                     "the value of tag %s has no closing quote on its line", lx->name);
            goto fail;
        }
        advance(lx);
        if (c == '\\' && (peek(lx) == '"' || peek(lx) == '\\')) {
            value_put(lx, peek(lx));
            advance(lx);
        } else if (c == '"') {
            if (closes_tag(lx)) break;
            lx->lax |= PGN_LAX_TAG_QUOTE; /* [Event "The "Big" One"] */
            value_put(lx, c);
        } else if (c != '\r') {
            value_put(lx, c);
        }
    }
    lx->value[lx->value_len] = '\0';
    if (skip_blanks(lx)) lx->lax |= PGN_LAX_TAG_SPACE;
    advance(lx); /* the ']' that closes_tag saw */
    return lx->kind = PGN_TOK_TAG;
fail:
    while (peek(lx) >= 0 && peek(lx) != '\n') advance(lx);
    return lx->kind = PGN_TOK_BAD;
}

/* Reads a symbol starting at the next byte, `first` (symbols hold no newline, so
 * the line count needs no update). The bytes are scanned through local
 * copies of the buffer's position: stores into lx->text could otherwise
 * alias lx->pos and force a reload for every byte. */
static pgn_tok_kind read_symbol(pgn_lexer *lx, int first) {
    unsigned char want = (first >= '0' && first <= '9') ? NUMBER : SYMBOL;
    size_t n = 0;
    lx->text_cut = 0;
    if (lx->len - lx->pos >= 8) {
        /* Nearly every symbol is shorter than 8 bytes: its length comes
         * from the classes of the next 8 bytes at once, with no branch per
         * byte to mispredict at its end. */
        const unsigned char *b = (const unsigned char *)lx->buf + lx->pos;
        uint64_t classes = 0;
        for (int i = 0; i < 8; i++) classes |= (uint64_t)byte_class[b[i]] << (8 * i);
        uint64_t in = classes & (want * 0x0101010101010101ULL);
        /* the high bit of each byte of the symbol, then the first without */
        uint64_t stop = ~((in + 0x7F7F7F7F7F7F7F7FULL) | in) & 0x8080808080808080ULL;
        n = stop ? (size_t)__builtin_ctzll(stop) >> 3 : 8;
        if (n < 8) {
            memcpy(lx->text, b, 8);
            lx->text[n] = '\0';
            lx->text_len = n;
            lx->pos += n;
            return lx->kind = PGN_TOK_SYMBOL;
        }
        n = 0;
    }
    for (;;) {
        const char *buf = lx->buf;
        size_t pos = lx->pos, len = lx->len;
        for (; pos < len && (byte_class[(unsigned char)buf[pos]] & want); pos++) {
            if (n + 1 < sizeof lx->text)
                lx->text[n++] = buf[pos];
            else
                lx->text_cut = 1;
        }
        lx->pos = pos;
        if (pos < len || !fill(lx, 1)) break;
    }
    lx->text[n] = '\0';
    lx->text_len = n;
    return lx->kind = PGN_TOK_SYMBOL;
}

/* Skips white space, counting lines. */
static void skip_space(pgn_lexer *lx) {
    do {
        const char *buf = lx->buf;
        size_t pos = lx->pos, len = lx->len;
        for (; pos < len; pos++) {
            unsigned char c = (unsigned char)buf[pos];
            if (!(byte_class[c] & SPACE)) break;
            if (c == '\n') {
                lx->line++;
                lx->line_start = lx->base + pos + 1;
            }
        }
        lx->pos = pos;
        if (pos < len) return;
    } while (fill(lx, 1));
}

pgn_tok_kind pgn_lex_next(pgn_lexer *lx) {
    lx->lax = 0;
    lx->ends_game = 0;
    for (;;) {
        skip_space(lx);
        int c = peek(lx);
        if (c >= '0' && c <= '9' && lx->skip_numbers) {
            /* A move number ends at a byte that cannot go on a symbol that
             * starts with a digit (the '.' of "12.", a space); "1-0" and
             * "0-0" go on, and are read as symbols. */
            size_t end = lx->pos + 1;
            while (end < lx->len && lx->buf[end] >= '0' && lx->buf[end] <= '9') end++;
            if (end < lx->len && !(byte_class[(unsigned char)lx->buf[end]] & NUMBER)) {
                lx->pos = end;
                pgn_lex_skip_dots(lx);
                continue;
            }
        }
        lx->tok_line = lx->line;
        lx->tok_column = column(lx);
        lx->tok_offset = pgn_lex_offset(lx);
        /* the usual token, a move, starts with a letter: no other check */
        if ((unsigned)((c | 0x20) - 'a') < 26) return read_symbol(lx, c);
        if (c < 0) return lx->kind = PGN_TOK_EOF;
        if (c == 0xEF && peek_at(lx, 1) == 0xBB && peek_at(lx, 2) == 0xBF) {
            /* a byte-order mark, at the start or where files were joined */
            lx->pos += 3;
            continue;
        }
        if (c == '%' && lx->tok_column == 1) {
            int keep = lx->keep_comments;
            lx->keep_comments = 0; /* an escape line is no comment */
            skip_line(lx);
            lx->keep_comments = keep;
            continue;
        }
        switch (c) {
        case ';':
            advance(lx);
            lx->value_len = 0;
            lx->value[0] = '\0';
            skip_line(lx);
            lx->comments++;
            if (lx->keep_comments) return lx->kind = PGN_TOK_COMMENT;
            continue;
        case '{': {
            long line = lx->line, col = lx->tok_column;
            advance(lx);
            lx->value_len = 0;
            lx->value[0] = '\0';
            if (skip_comment(lx) == 0) {
                lx->comments++;
                if (lx->keep_comments) return lx->kind = PGN_TOK_COMMENT;
                continue;
            }
            lx->ends_game = 1;
            return bad(lx, "the comment opened at line %ld, column %ld is never closed", line,
                       col);
        }
        case '[': advance(lx); return read_tag(lx);
        case '(': advance(lx); return lx->kind = PGN_TOK_OPEN;
        case ')': advance(lx); return lx->kind = PGN_TOK_CLOSE;
        case '*': advance(lx); return lx->kind = PGN_TOK_STAR;
        case '.': advance(lx); return lx->kind = PGN_TOK_DOT;
        case '$': {
            advance(lx);
            size_t n = 0;
            for (int d = peek(lx); d >= '0' && d <= '9'; d = peek(lx)) {
                if (n + 1 < sizeof lx->text) lx->text[n++] = (char)d;
                advance(lx);
            }
            lx->text[n] = '\0';
            lx->text_len = n;
            if (n == 0)
                return bad(lx, "'$' at line %ld, column %ld needs a number (a NAG such as $1)",
                           lx->tok_line, lx->tok_column);
            return lx->kind = PGN_TOK_NAG;
        }
        default: break;
        }
        if (is_symbol_byte(c)) {
            read_symbol(lx, c);
            if (lx->skip_numbers && c >= '0' && c <= '9') {
                size_t digits = 1;
                while (lx->text[digits] >= '0' && lx->text[digits] <= '9') digits++;
                if (lx->text[digits] == '\0') { /* a move number, with its periods */
                    pgn_lex_skip_dots(lx);
                    continue;
                }
            }
            return PGN_TOK_SYMBOL;
        }
        advance(lx);
        if (c >= 0x20 && c < 0x7f)
            snprintf(lx->message, sizeof lx->message, "unexpected character '%c'", c);
        else
            snprintf(lx->message, sizeof lx->message, "unexpected byte 0x%02x", c);
        return lx->kind = PGN_TOK_BAD;
    }
}
