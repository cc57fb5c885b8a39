/* Reading UCI `info` lines, checking their pv with the core, and writing a
 * pv in SAN. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/core.h"
#include "fenkit/engine.h"
#include "process.h"

/* Reads a whole decimal number (a sign only where negative makes sense). */
static int read_number(const char *word, int allow_negative, long long *out) {
    if (!word || !*word || (*word == '-' && !allow_negative)) return 0;
    char *end;
    errno = 0;
    long long v = strtoll(word, &end, 10);
    if (errno || *end) return 0;
    *out = v;
    return 1;
}

/* 1 when word is shaped like a UCI move (e2e4, e7e8q), legal or not. */
static int looks_like_move(const char *word) {
    size_t n = strlen(word);
    if (strcmp(word, "0000") == 0) return 1;
    return (n == 4 || n == 5) && word[0] >= 'a' && word[0] <= 'h' && word[1] >= '1' &&
           word[1] <= '8' && word[2] >= 'a' && word[2] <= 'h' && word[3] >= '1' && word[3] <= '8';
}

/* Fields that take one number, where the line keeps it, or NULL. */
static long long *number_field(const char *word, long long scratch[]) {
    static const char *const kept[] = {"depth", "seldepth", "multipv", "nodes", "nps", "time"};
    static const char *const skipped[] = {"hashfull", "tbhits", "sbhits", "cpuload",
                                          "currmovenumber"};
    for (int i = 0; i < 6; i++)
        if (strcmp(word, kept[i]) == 0) return &scratch[i];
    for (int i = 0; i < 5; i++)
        if (strcmp(word, skipped[i]) == 0) return &scratch[6];
    return NULL;
}

fk_status fk_engine_parse_info(const char *text, const fk_position *pos, fk_engine_line *line,
                               fk_error *err) {
    memset(line, 0, sizeof *line);
    char copy[ENG_MAX_LINE + 1];
    if (strlen(text) > ENG_MAX_LINE) return eng_error(err, FK_ERR_SYNTAX, "info line too long");
    strcpy(copy, text);
    char *save = NULL;
    char *word = strtok_r(copy, " \t", &save);
    if (!word || strcmp(word, "info") != 0)
        return eng_error(err, FK_ERR_SYNTAX, "not an info line");
    long long num[7] = {0, 0, 1, 0, 0, 0, 0}; /* depth seldepth multipv nodes nps time, skipped */
    int has_score = 0, has_pv = 0;
    fk_position at = *pos;
    char fen[FK_FEN_MAX];
    word = strtok_r(NULL, " \t", &save);
    while (word) {
        long long *slot = number_field(word, num);
        if (slot) {
            const char *name = word;
            word = strtok_r(NULL, " \t", &save);
            if (!read_number(word, 0, slot))
                return eng_error(err, FK_ERR_SYNTAX, "info %s is followed by '%.20s', not a number",
                                 name, word ? word : "nothing");
        } else if (strcmp(word, "score") == 0) {
            const char *kind = strtok_r(NULL, " \t", &save);
            word = strtok_r(NULL, " \t", &save);
            long long v;
            if (!kind || (strcmp(kind, "cp") != 0 && strcmp(kind, "mate") != 0) ||
                !read_number(word, 1, &v) || v > 1000000 || v < -1000000)
                return eng_error(err, FK_ERR_SYNTAX, "info score must be 'cp N' or 'mate N'");
            line->score.is_mate = kind[0] == 'm';
            line->score.value = (int)v;
            has_score = 1;
            word = strtok_r(NULL, " \t", &save);
            if (word && strcmp(word, "lowerbound") == 0)
                line->score.bound = FK_BOUND_LOWER;
            else if (word && strcmp(word, "upperbound") == 0)
                line->score.bound = FK_BOUND_UPPER;
            else
                continue; /* word is the next field */
        } else if (strcmp(word, "pv") == 0) {
            fk_fen_write(pos, FK_EP_LEGAL, fen, sizeof fen);
            int n = 0;
            while ((word = strtok_r(NULL, " \t", &save)) && looks_like_move(word)) {
                fk_move move;
                if (fk_move_parse_uci(&at, word, strlen(word), &move, NULL) != FK_OK)
                    return eng_error(err, FK_ERR_INVALID,
                                     "the engine's pv has an illegal move: move %d, '%s', from %s",
                                     n + 1, word, fen);
                fk_move_make(&at, move);
                if (n < FK_ENGINE_MAX_PV) line->pv[n] = move;
                n++;
            }
            line->pv_len = n < FK_ENGINE_MAX_PV ? n : FK_ENGINE_MAX_PV;
            has_pv = n > 0;
            continue; /* word, if any, is the next field */
        } else if (strcmp(word, "string") == 0) {
            break; /* free text to the end of the line */
        } else if (strcmp(word, "currmove") == 0) {
            word = strtok_r(NULL, " \t", &save);
        } else if (strcmp(word, "refutation") == 0 || strcmp(word, "currline") == 0) {
            while ((word = strtok_r(NULL, " \t", &save)) &&
                   (looks_like_move(word) || read_number(word, 0, &num[6]))) {
            }
            continue;
        }
        /* anything else is a field of some other engine, skipped as UCI asks */
        word = strtok_r(NULL, " \t", &save);
    }
    if (num[2] < 1 || num[0] > 10000 || num[1] > 10000 || num[2] > 10000)
        return eng_error(err, FK_ERR_SYNTAX, "info depth or multipv out of range");
    line->depth = (int)num[0];
    line->seldepth = (int)num[1];
    line->multipv = (int)num[2];
    line->nodes = (uint64_t)num[3];
    line->nps = (uint64_t)num[4];
    line->time_ms = (uint64_t)num[5];
    return has_score && has_pv ? FK_OK : FK_ERR_RANGE;
}

size_t fk_engine_line_san(const fk_position *pos, const fk_engine_line *line, char *buf,
                          size_t cap) {
    fk_position at = *pos;
    size_t used = 0;
    if (cap) buf[0] = '\0';
    for (int i = 0; i < line->pv_len; i++) {
        char san[16], number[24] = "";
        fk_move_to_san(&at, line->pv[i], san, sizeof san);
        if (at.side == FK_WHITE)
            snprintf(number, sizeof number, "%u. ", at.fullmove);
        else if (i == 0)
            snprintf(number, sizeof number, "%u... ", at.fullmove);
        int n = snprintf(used < cap ? buf + used : NULL, used < cap ? cap - used : 0, "%s%s%s",
                         i ? " " : "", number, san);
        used += (size_t)n;
        fk_move_make(&at, line->pv[i]);
    }
    return used;
}
