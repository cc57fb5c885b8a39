/* EPD: the four position fields of a FEN, then operations ("bm Nf3;
 * id \"x\";"), read and written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/moves.h"
#include "rules.h"

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Reads the operations of text[i..len) into ops. */
static fk_status read_ops(const char *text, size_t len, size_t i, fk_epd_ops *ops, fk_error *err) {
    for (;;) {
        while (i < len && is_blank(text[i]))
            i++;
        if (i >= len) return FK_OK;
        if (ops->count == FK_EPD_MAX_OPS)
            return core_error_set(err, FK_ERR_RANGE, (int)i, "more than %d operations",
                                  FK_EPD_MAX_OPS);
        fk_epd_op *op = &ops->ops[ops->count];
        memset(op, 0, sizeof *op);
        op->offset = (int)i;
        size_t start = i;
        /* an opcode: a letter, then letters, digits and underscores */
        if (!((text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z')))
            return core_error_set(
                err, FK_ERR_SYNTAX, (int)i,
                "'%c' cannot start an operation: an opcode (bm, id, c0, ...) must", text[i]);
        while (i < len && !is_blank(text[i]) && text[i] != ';')
            i++;
        if (i - start >= sizeof op->opcode)
            return core_error_set(err, FK_ERR_RANGE, (int)start, "opcode '%.*s' is too long",
                                  (int)(i - start), text + start);
        memcpy(op->opcode, text + start, i - start);
        size_t n = 0, operands = 0;
        for (;;) {
            while (i < len && is_blank(text[i]))
                i++;
            if (i >= len)
                return core_error_set(err, FK_ERR_SYNTAX, (int)start,
                                      "operation '%s' does not end with ';'", op->opcode);
            if (text[i] == ';') {
                i++;
                break;
            }
            size_t from = i, to;
            int quoted = text[i] == '"';
            if (quoted) {
                const char *close = memchr(text + i + 1, '"', len - i - 1);
                if (!close)
                    return core_error_set(err, FK_ERR_SYNTAX, (int)i,
                                          "operation '%s': the string opened here is never closed",
                                          op->opcode);
                from = i + 1;
                to = (size_t)(close - text);
                i = to + 1;
            } else {
                while (i < len && !is_blank(text[i]) && text[i] != ';')
                    i++;
                to = i;
            }
            if (n + (n > 0) + (to - from) >= sizeof op->operands)
                return core_error_set(err, FK_ERR_RANGE, (int)from,
                                      "operation '%s': operands too long", op->opcode);
            if (n) op->operands[n++] = ' ';
            memcpy(op->operands + n, text + from, to - from);
            n += to - from;
            op->quoted = operands == 0 && quoted;
            if (operands++ > 0) op->quoted = 0;
        }
        ops->count++;
    }
}

/* Whether operands read from several words, one of them a string, would
 * read back otherwise unquoted: words are split at blanks and joined by
 * one space, so a blank at either end, a run of them, another blank than a
 * space, or a ';' needs the quotes. */
static int needs_quotes(const char *operands) {
    size_t n = strlen(operands);
    if (n && (is_blank(operands[0]) || is_blank(operands[n - 1]))) return 1;
    for (size_t i = 0; i < n; i++)
        if (operands[i] == ';' || (is_blank(operands[i]) && operands[i] != ' ') ||
            (operands[i] == ' ' && i + 1 < n && operands[i + 1] == ' '))
            return 1;
    return 0;
}

/* Reads a counter operand (hmvc, fmvn) when the operation is there and is
 * a number. Returns 1 with *out, 0 when absent, -1 when not a number. */
static int counter(const fk_epd_ops *ops, const char *opcode, unsigned long *out) {
    const fk_epd_op *op = fk_epd_find(ops, opcode);
    if (!op) return 0;
    char *end;
    unsigned long v = strtoul(op->operands, &end, 10);
    if (end == op->operands || *end || v > 100000) return -1;
    *out = v;
    return 1;
}

fk_status fk_epd_parse(const char *text, size_t len, unsigned flags, fk_position *pos,
                       fk_epd_ops *ops, fk_problems *problems, fk_error *err) {
    ops->count = 0;
    /* An operand is kept as a C string: a NUL byte inside one would cut it
     * short unseen, so a line holding one is refused. */
    const char *nul = memchr(text, '\0', len);
    if (nul)
        return core_error_set(err, FK_ERR_SYNTAX, (int)(nul - text), "a NUL byte at column %d",
                              (int)(nul - text) + 1);
    /* the four fields end where the fourth word does */
    size_t i = 0;
    while (i < len && is_blank(text[i]))
        i++;
    for (int field = 0; field < 4 && i < len; field++) {
        while (i < len && !is_blank(text[i]))
            i++;
        if (field < 3)
            while (i < len && is_blank(text[i]))
                i++;
    }
    fk_status st = read_ops(text, len, i, ops, err);
    if (st != FK_OK) return st;
    unsigned long half = 0, full = 1;
    const char *bad = counter(ops, "hmvc", &half) < 0   ? "hmvc"
                      : counter(ops, "fmvn", &full) < 0 ? "fmvn"
                                                        : NULL;
    if (bad) {
        const fk_epd_op *op = fk_epd_find(ops, bad);
        return core_error_set(err, FK_ERR_SYNTAX, op->offset, "%s needs a number, not '%s'", bad,
                              op->operands);
    }
    if (full == 0) full = 1;
    char fen[FK_FEN_MAX + 64];
    int n = snprintf(fen, sizeof fen, "%.*s %lu %lu", (int)i, text, half, full);
    if (n < 0 || (size_t)n >= sizeof fen) {
        /* longer than any FEN: let the FEN reader say what is wrong */
        return fk_fen_parse(text, i, flags | FK_FEN_TOLERANT, pos, problems);
    }
    /* the counters are the operations': the fields read strictly as EPD */
    while (n > 0 && is_blank(fen[0]))
        memmove(fen, fen + 1, (size_t)n--);
    return fk_fen_parse(fen, (size_t)n, flags, pos, problems);
}

const fk_epd_op *fk_epd_find(const fk_epd_ops *ops, const char *opcode) {
    for (int i = 0; i < ops->count; i++)
        if (strcmp(ops->ops[i].opcode, opcode) == 0) return &ops->ops[i];
    return NULL;
}

size_t fk_epd_write(const fk_position *pos, const fk_epd_ops *ops, fk_ep_mode ep, char *buf,
                    size_t cap) {
    char fen[FK_FEN_MAX];
    size_t n = fk_fen_write(pos, ep, fen, sizeof fen);
    /* drop the two counters: hmvc and fmvn carry them in EPD */
    for (int spaces = 0; n > 0 && spaces < 2; n--)
        if (fen[n - 1] == ' ') spaces++;
    size_t len = 0;
    int w = snprintf(buf, cap, "%.*s", (int)n, fen);
    if (w < 0 || (size_t)w >= cap) goto too_small;
    len = (size_t)w;
    for (int i = 0; i < ops->count; i++) {
        const fk_epd_op *op = &ops->ops[i];
        const char *q = op->quoted || needs_quotes(op->operands) ? "\"" : "";
        w = snprintf(buf + len, cap - len, " %s%s%s%s%s;", op->opcode,
                     op->operands[0] || *q ? " " : "", q, op->operands, q);
        if (w < 0 || (size_t)w >= cap - len) goto too_small;
        len += (size_t)w;
    }
    return len;
too_small:
    if (cap) buf[0] = '\0';
    return 0;
}
