/* fenkit command line: reading positions and writing JSON strings for the
 * moves, play and perft commands. */
#include <stdlib.h>
#include <string.h>

#include "rules_common.h"

#include "cli.h"
#include "common/not_a_fen.h"
#include "input.h"

/* 1 when a problem leaves the rules undefined, so no move can be given:
 * an unreadable FEN, a side without exactly one king, a pawn on a back
 * rank, or the side not to move in check. Other problems (an unreachable
 * pawn structure, say) still leave legal moves well defined. */
static int blocks_moves(const fk_problem *p) {
    if (p->severity != FK_SEV_ERROR) return 0;
    switch (p->code) {
    case FK_PROB_NO_KING:
    case FK_PROB_TOO_MANY_KINGS:
    case FK_PROB_OPPONENT_IN_CHECK:
    case FK_PROB_PAWN_BACK_RANK:
        return 1;
    default:
        return fk_problem_is_reading(p->code);
    }
}

int rules_read_position(const char *command, const char *text, unsigned flags,
                        fk_position *pos) {
    char fen[FK_FEN_MAX], why[512];
    int named = cli_startpos_fen(text, strlen(text), fen, why, sizeof why);
    if (named < 0) {
        fprintf(stderr, "fenkit %s: %s\n", command, why);
        return 0;
    }
    if (named > 0) text = fen;
    if (not_a_fen(text, strlen(text))) {
        fprintf(stderr, "fenkit %s: %s\n", command, not_a_fen_message);
        return 0;
    }
    fk_problems problems;
    fk_problems_clear(&problems);
    fk_fen_validate(text, strlen(text), flags | FK_FEN_TOLERANT, pos, &problems);
    int blocked = 0;
    for (int i = 0; i < problems.count; i++) blocked |= blocks_moves(&problems.items[i]);
    if (!blocked) return 1;
    fprintf(stderr, "fenkit %s: cannot use this FEN: %s\n", command, text);
    for (int i = 0; i < problems.count; i++) {
        const fk_problem *p = &problems.items[i];
        if (!blocks_moves(p)) continue;
        fprintf(stderr, "  %s (%s", p->message, fk_field_name(p->field));
        if (p->offset >= 0) fprintf(stderr, ", byte %d", p->offset);
        fprintf(stderr, ")\n");
        if (p->fix[0]) fprintf(stderr, "    fix: %s\n", p->fix);
    }
    return 0;
}

int rules_each_stdin_fen(const char *command, int (*each)(const char *fen, void *ctx),
                         void *ctx) {
    cli_inputs in;
    if (cli_inputs_open(&in, NULL, 0) != 0) {
        cli_inputs_close(&in);
        fprintf(stderr, "fenkit %s: out of memory\n", command);
        return CLI_PROBLEMS;
    }
    int status = CLI_OK;
    char fen[FK_FEN_MAX + 64];
    cli_input item;
    while (cli_inputs_next(&in, &item)) {
        if (!item.error && item.len == 0) continue;
        int done = 0;
        if (item.error)
            fprintf(stderr, "fenkit %s: %s\n", command, item.error);
        else if (item.len >= sizeof fen)
            fprintf(stderr, "fenkit %s: longer than a FEN can be\n", command);
        else {
            memcpy(fen, item.text, item.len);
            fen[item.len] = '\0';
            done = each(fen, ctx);
        }
        if (!done) {
            fprintf(stderr, "fenkit %s: line %ld skipped\n", command, item.number);
            status = CLI_PROBLEMS;
        }
    }
    if (in.lines.error) {
        fprintf(stderr, "fenkit %s: reading standard input: %s\n", command, strerror(in.lines.error));
        status = CLI_PROBLEMS;
    }
    cli_inputs_close(&in);
    return status;
}

void rules_json_string(FILE *out, const char *text) {
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(out, "\\u%04x", *c);
        else
            fputc(*c, out);
    }
    fputc('"', out);
}

int rules_append_field(char *buf, size_t cap, size_t *used, const char *word) {
    size_t len = strlen(word);
    if (*used + len + 2 > cap) return 0;
    if (*used) buf[(*used)++] = ' ';
    memcpy(buf + *used, word, len + 1);
    *used += len;
    return 1;
}

int rules_parse_depth(const char *text) {
    char *end;
    long depth = strtol(text, &end, 10);
    if (end == text || *end || depth < 0 || depth > 64) return -1;
    return (int)depth;
}
