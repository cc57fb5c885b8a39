/* fenkit puzzle: one line of a lichess puzzle CSV or of an EPD read into a
 * puzzle, its FEN checked against the rules and its moves replayed. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/i18n.h"
#include "common/problem_text.h"
#include "puzzle.h"

void puzzle_problem(puzzle *p, const char *fmt, ...) {
    if (p->nproblems >= PUZZLE_MAX_PROBLEMS) return;
    char *out = p->problems[p->nproblems++];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out, sizeof p->problems[0], _(fmt), ap);
    va_end(ap);
    /* a sentence cut short loses the letter it was cut in, not only a
     * part of its UTF-8 bytes */
    if (n >= (int)sizeof p->problems[0]) {
        size_t len = strlen(out);
        while (len && ((unsigned char)out[len - 1] & 0xC0) == 0x80)
            len--;
        if (len && ((unsigned char)out[len - 1] & 0x80)) len--;
        out[len] = '\0';
    }
}

/* The CSV's columns, as lichess names them. */
enum {
    COL_ID,
    COL_FEN,
    COL_MOVES,
    COL_RATING,
    COL_DEVIATION,
    COL_POPULARITY,
    COL_PLAYS,
    COLS_MIN = 3,
    COLS_MAX = 10
};
static const char *const column_names[COLS_MAX] = {
    "PuzzleId",   "FEN",     "Moves",  "Rating",  "RatingDeviation",
    "Popularity", "NbPlays", "Themes", "GameUrl", "OpeningTags"};

typedef struct {
    const char *text;
    size_t len;
} field;

/* Splits a CSV line into fields; a field in double quotes may hold commas
 * (a doubled quote inside is kept doubled: no lichess column holds one).
 * Returns the number of fields, or -1 when there are more than max. */
static int split_csv(const char *text, size_t len, field *fields, int max) {
    int n = 0;
    size_t i = 0;
    for (;;) {
        if (n == max) return -1;
        int quoted = i < len && text[i] == '"';
        size_t start = i + (size_t)quoted, end = start;
        while (end < len && (quoted ? text[end] != '"' : text[end] != ','))
            end++;
        fields[n++] = (field){text + start, end - start};
        i = end + (size_t)quoted;
        while (i < len && text[i] != ',')
            i++;
        if (i >= len) return n;
        i++;
    }
}

/* Problems of severity error, joined, for a FEN that is refused. */
static void report_fen(puzzle *p, const fk_problems *problems) {
    for (int i = 0; i < problems->count; i++)
        if (problems->items[i].severity == FK_SEV_ERROR) {
            char msg[PROBLEM_TEXT_MAX], fix[PROBLEM_TEXT_MAX];
            problem_text(&problems->items[i], msg, sizeof msg, fix, sizeof fix);
            puzzle_problem(p, "the FEN: %1$s [%2$s]", msg,
                           fk_problem_code_name(problems->items[i].code));
        }
}

/* Replays the UCI moves of the Moves column from p->start. */
static void read_uci_moves(puzzle *p, const char *text, size_t len) {
    fk_position pos = p->start;
    size_t i = 0;
    while (i < len) {
        while (i < len && text[i] == ' ')
            i++;
        size_t start = i;
        while (i < len && text[i] != ' ')
            i++;
        if (i == start) break;
        if (p->nmoves == PUZZLE_MAX_MOVES) {
            puzzle_problem(p, "more than %d moves", PUZZLE_MAX_MOVES);
            return;
        }
        fk_error err = {0};
        fk_move move;
        if (fk_move_parse_uci(&pos, text + start, i - start, &move, &err) != FK_OK) {
            char fen[FK_FEN_MAX];
            fk_fen_write(&pos, FK_EP_LEGAL, fen, sizeof fen);
            puzzle_problem(p, "move %d '%.*s' is not legal in %s: %s", p->nmoves + 1,
                           (int)(i - start), text + start, fen, err.message);
            return;
        }
        p->moves[p->nmoves++] = move;
        fk_move_make(&pos, move);
    }
    if (p->nmoves < 2)
        puzzle_problem(p,
                       p->nmoves == 1
                           ? N_("the Moves column needs the opponent's move and at least one "
                                "reply, found %d move")
                           : N_("the Moves column needs the opponent's move and at least one "
                                "reply, found %d moves"),
                       p->nmoves);
    else if (p->nmoves % 2)
        puzzle_problem(p, "the moves end with the opponent's move: a solution ends with the "
                          "solver's");
}

/* A number column may be empty; else it is a whole number. */
static void check_number(puzzle *p, const field *f, int column) {
    size_t i = f->len > 0 && f->text[0] == '-' ? 1 : 0;
    if (f->len == 0) return;
    for (; i < f->len; i++)
        if (f->text[i] < '0' || f->text[i] > '9') {
            puzzle_problem(p, "the %s column '%.*s' is not a whole number", column_names[column],
                           (int)f->len, f->text);
            return;
        }
}

static void read_csv(puzzle *p, const field *fields, int n) {
    snprintf(p->id, sizeof p->id, "%.*s", (int)fields[COL_ID].len, fields[COL_ID].text);
    if (!fields[COL_ID].len) puzzle_problem(p, "the PuzzleId column is empty");
    fk_problems problems;
    if (fk_fen_validate(fields[COL_FEN].text, fields[COL_FEN].len, FK_FEN_TOLERANT, &p->start,
                        &problems) != FK_OK) {
        report_fen(p, &problems);
        return;
    }
    for (int c = COL_RATING; c <= COL_PLAYS && c < n; c++)
        check_number(p, &fields[c], c);
    read_uci_moves(p, fields[COL_MOVES].text, fields[COL_MOVES].len);
}

/* EPD: the bm moves (SAN) are the solutions, any one of them. */
static void read_epd(puzzle *p, const char *text, size_t len) {
    fk_epd_ops ops;
    fk_problems problems;
    fk_error err = {0};
    fk_status s = fk_epd_parse(text, len, FK_FEN_TOLERANT, &p->start, &ops, &problems, &err);
    const fk_epd_op *id = s == FK_OK ? fk_epd_find(&ops, "id") : NULL;
    if (id) snprintf(p->id, sizeof p->id, "%.63s", id->operands);
    if (s != FK_OK) {
        if (problems.count && fk_problems_has_error(&problems))
            report_fen(p, &problems);
        else
            puzzle_problem(p, "the EPD cannot be read at byte %d: %s", err.offset, err.message);
        return;
    }
    fk_problems_clear(&problems);
    if (fk_position_check(&p->start, &problems) != FK_OK) {
        report_fen(p, &problems);
        return;
    }
    const fk_epd_op *bm = fk_epd_find(&ops, "bm");
    if (!bm) {
        puzzle_problem(p, "no bm operation: an EPD puzzle names its solution with bm");
        return;
    }
    const char *o = bm->operands;
    while (*o) {
        size_t n = strcspn(o, " ");
        fk_move move;
        fk_error merr = {0};
        if (fk_move_parse_san(&p->start, o, n, &move, &merr) != FK_OK)
            puzzle_problem(p, "bm '%.*s' is not a legal move here: %s", (int)n, o, merr.message);
        else if (p->nalts < PUZZLE_MAX_ALTS)
            p->alts[p->nalts++] = move;
        o += n;
        while (*o == ' ')
            o++;
    }
    if (p->nalts && !p->nproblems) p->moves[p->nmoves++] = p->alts[0];
}

int puzzle_read(const char *text, size_t len, long line, puzzle *p) {
    memset(p, 0, sizeof *p);
    p->line = line;
    /* A CSV line has its first comma before its first space (the id has no
     * space); an EPD line starts with the placement and a space. */
    const char *comma = memchr(text, ',', len), *space = memchr(text, ' ', len);
    if (comma && (!space || comma < space)) {
        field fields[COLS_MAX];
        int n = split_csv(text, len, fields, COLS_MAX);
        p->csv = 1;
        if (n > 0 && fields[0].len == 8 && !memcmp(fields[0].text, "PuzzleId", 8)) return 0;
        if (n < COLS_MIN) {
            snprintf(p->id, sizeof p->id, "%.*s", (int)(comma - text), text);
            if (n < 0)
                puzzle_problem(p, "more than %d columns", COLS_MAX);
            else
                puzzle_problem(p, "fewer than 3 columns: a puzzle needs PuzzleId,FEN,Moves");
            return 1;
        }
        read_csv(p, fields, n);
        return 1;
    }
    read_epd(p, text, len);
    return 1;
}

int puzzle_same_move(fk_move a, fk_move b) {
    return a.from == b.from && a.to == b.to && a.promotion == b.promotion;
}

int puzzle_gives_mate(const fk_position *pos, fk_move move) {
    fk_position after = *pos;
    fk_move_make(&after, move);
    return (fk_position_status(&after) & FK_STATUS_CHECKMATE) != 0;
}
