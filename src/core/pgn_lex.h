/* PGN tokens: the lexer under the PGN reader (private to the core). */
#ifndef FENKIT_PGN_LEX_H
#define FENKIT_PGN_LEX_H

#include "fenkit/pgn.h"

typedef enum {
    PGN_TOK_EOF = 0,
    PGN_TOK_TAG,    /* [Name "value"]: name and value */
    PGN_TOK_SYMBOL, /* a move, move number, result, glyph: text */
    PGN_TOK_DOT,    /* a period after a move number */
    PGN_TOK_STAR,   /* the result "*" */
    PGN_TOK_OPEN,   /* ( */
    PGN_TOK_CLOSE,  /* ) */
    PGN_TOK_NAG,    /* $n: text holds the digits */
    PGN_TOK_BAD,    /* unreadable: message says why */
    PGN_TOK_COMMENT /* {...} or ;... when keep_comments: value holds the
                       text (cut at PGN_VALUE_MAX - 1 bytes) */
} pgn_tok_kind;

/* Leniencies the lexer met in the last token (a bit set). */
enum {
    PGN_LAX_TAG_SPACE = 1 << 0, /* white space other than "[Name "value"]" */
    PGN_LAX_TAG_QUOTE = 1 << 1, /* an unescaped quote inside a tag value */
    PGN_LAX_TAG_LONG = 1 << 2   /* a tag value too long, cut short */
};

#define PGN_TEXT_MAX 48
#define PGN_VALUE_MAX 2048

typedef struct {
    fk_pgn_read_fn read;
    void *ctx;
    char *buf;
    size_t len, pos, cap;
    uint64_t base;       /* input offset of buf[0] */
    uint64_t line_start; /* input offset of the current line's first byte */
    long line;
    int eof;

    /* The last token. */
    pgn_tok_kind kind;
    long tok_line, tok_column;
    uint64_t tok_offset;
    unsigned lax;
    char text[PGN_TEXT_MAX]; /* symbol or NAG digits, zero-terminated */
    size_t text_len;
    int text_cut;            /* the symbol was longer than text can hold */
    char name[PGN_TEXT_MAX]; /* tag name */
    char value[PGN_VALUE_MAX];
    size_t value_len;
    char message[160];       /* PGN_TOK_BAD: why */
    int ends_game;           /* PGN_TOK_BAD: a comment ran into the next game */
    long comments;           /* comments skipped so far */
    int skip_numbers;        /* set by the reader: move numbers ("12", "12.",
                                "12...") are skipped, not handed out */
    int keep_comments;       /* set by the reader: comments are handed out as
                                PGN_TOK_COMMENT instead of skipped */
} pgn_lexer;

/* Starts a lexer on buf (cap bytes, owned by the caller). */
void pgn_lex_init(pgn_lexer *lx, fk_pgn_read_fn read, void *ctx, char *buf, size_t cap);
/* Reads the next token (skipping white space, comments and % lines). */
pgn_tok_kind pgn_lex_next(pgn_lexer *lx);
/* Consumes the periods that follow the last token without a space ("12."
 * or "12..."): a shortcut for the reader, which ignores them anyway. */
static inline void pgn_lex_skip_dots(pgn_lexer *lx) {
    while (lx->pos < lx->len && lx->buf[lx->pos] == '.') lx->pos++;
}
/* Input offset of the next unread byte. */
static inline uint64_t pgn_lex_offset(const pgn_lexer *lx) { return lx->base + lx->pos; }

#endif
