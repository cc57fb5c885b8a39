/* Tests for src/core/fen.c: reading FEN in strict and tolerant mode, every
 * reading problem with its field, offset and sentence, the three castling
 * styles, both en passant conventions, and byte-exact round trips. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <cmocka.h>

#include "fenkit/core.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define BOARD "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

/* One reading: the position, its problems and its status. */
typedef struct {
    fk_position pos;
    fk_problems problems;
    fk_status status;
} reading;

static reading *read_fen(const char *fen, unsigned flags) {
    static reading r;
    fk_problems_clear(&r.problems);
    r.status = fk_fen_parse(fen, strlen(fen), flags, &r.pos, &r.problems);
    return &r;
}

/* The problem with `code` in r (fails the test when there is none). */
static const fk_problem *find(const reading *r, fk_problem_code code) {
    for (int i = 0; i < r->problems.count; i++)
        if (r->problems.items[i].code == code) return &r->problems.items[i];
    fail_msg("no problem %s", fk_problem_code_name(code));
    return NULL;
}

/* Asserts that reading `fen` finds exactly one problem, with this code,
 * severity, field, offset and a message containing `words`. */
static void expect_one(const char *fen, unsigned flags, fk_problem_code code, fk_severity severity,
                       fk_field field, int offset, const char *words) {
    reading *r = read_fen(fen, flags);
    if (r->problems.count != 1) {
        for (int i = 0; i < r->problems.count; i++)
            print_error("  %s: %s\n", fk_problem_code_name(r->problems.items[i].code),
                        r->problems.items[i].message);
        fail_msg("'%s': %d problems, expected 1", fen, r->problems.count);
    }
    const fk_problem *p = &r->problems.items[0];
    assert_string_equal(fk_problem_code_name(p->code), fk_problem_code_name(code));
    assert_int_equal(p->severity, severity);
    assert_int_equal(p->field, field);
    assert_int_equal(p->offset, offset);
    if (!strstr(p->message, words)) fail_msg("message '%s' lacks '%s'", p->message, words);
    assert_int_equal(r->status, severity == FK_SEV_ERROR ? FK_ERR_SYNTAX : FK_OK);
}

/* The canonical FEN written for what `fen` reads as. */
static const char *rewrite(const char *fen, unsigned flags, fk_ep_mode ep) {
    static char out[FK_FEN_MAX];
    reading *r = read_fen(fen, flags);
    assert_int_equal(r->status, FK_OK);
    assert_true(fk_fen_write(&r->pos, ep, out, sizeof out) > 0);
    return out;
}

/* Reads a data file into a zero-terminated buffer the caller frees. */
static char *slurp(const char *name) {
    char path[512];
    snprintf(path, sizeof path, "%s/fen/%s", FENKIT_TEST_DATA, name);
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    return text;
}

/* Splits line (in place) at tabs into at most max columns; returns the count. */
static int columns(char *line, char **cols, int max) {
    int n = 0;
    cols[n++] = line;
    for (char *p = line; *p && n < max; p++)
        if (*p == '\t') {
            *p = '\0';
            cols[n++] = p + 1;
        }
    return n;
}

/* ---- the happy path ---- */

static void start_position_reads_like_startpos(void **state) {
    (void)state;
    reading *r = read_fen(START, FK_FEN_STRICT);
    assert_int_equal(r->status, FK_OK);
    assert_int_equal(r->problems.count, 0);
    fk_position start;
    fk_position_startpos(&start);
    assert_true(fk_position_equal(&r->pos, &start));
    assert_true(memcmp(r->pos.by_color, start.by_color, sizeof start.by_color) == 0);
    assert_true(memcmp(r->pos.by_kind, start.by_kind, sizeof start.by_kind) == 0);
    assert_int_equal(r->pos.castling_style, FK_CASTLING_STANDARD);
    assert_int_equal(r->pos.chess960, 0);
    assert_string_equal(rewrite(START, 0, FK_EP_ALWAYS), START);
}

static void fields_land_in_the_position(void **state) {
    (void)state;
    reading *r = read_fen("4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 37", 0);
    assert_int_equal(r->status, FK_OK);
    assert_int_equal(r->pos.side, FK_WHITE);
    assert_int_equal(r->pos.ep_square, FK_SQUARE(3, 5));
    assert_true(r->pos.castling == FK_BIT(7));
    assert_int_equal(r->pos.halfmove, 0);
    assert_int_equal(r->pos.fullmove, 37);
    assert_int_equal(fk_position_at(&r->pos, FK_SQUARE(4, 4)), FK_WP);
    assert_int_equal(fk_position_at(&r->pos, FK_SQUARE(3, 4)), FK_BP);
    r = read_fen("8/8/8/8/8/8/8/k6K b - - 123456 999999", 0);
    assert_int_equal(r->status, FK_OK);
    assert_int_equal(r->pos.side, FK_BLACK);
    assert_int_equal(r->pos.halfmove, 123456);
    assert_int_equal(r->pos.fullmove, 999999);
}

static void text_need_not_be_zero_terminated(void **state) {
    (void)state;
    const char text[] = START " and more";
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    assert_int_equal(fk_fen_parse(text, strlen(START), 0, &pos, &problems), FK_OK);
    assert_int_equal(problems.count, 0);
    /* Without its last byte the text ends "0 ": strict mode refuses it. */
    fk_problems_clear(&problems);
    assert_int_equal(fk_fen_parse(text, strlen(START) - 1, 0, &pos, &problems), FK_ERR_SYNTAX);
}

/* ---- placement ---- */

static void rank_length_problems(void **state) {
    (void)state;
    expect_one("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_RANK_LENGTH,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 9, "Rank 7 has 7 squares, needs 8.");
    expect_one("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_RANK_LENGTH,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 9, "Rank 7 has 9 squares, needs 8.");
    expect_one("rnbqkbnr/pppppppp/8/8//8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_RANK_LENGTH,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 22, "Rank 4 has 0 squares, needs 8.");
    expect_one("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", 0, FK_PROB_RANK_LENGTH,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 35, "Rank 1 has 7 squares, needs 8.");
}

static void rank_count_problems(void **state) {
    (void)state;
    expect_one("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_RANK_COUNT,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 0, "There are 9 ranks, a board has 8.");
    expect_one("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_RANK_COUNT,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 0, "There are 7 ranks, a board has 8.");
    expect_one(BOARD "/ w KQkq - 0 1", 0, FK_PROB_RANK_COUNT, FK_SEV_ERROR, FK_FIELD_PLACEMENT, 43,
               "ends with '/'");
    /* One rank only: eight squares, but seven ranks are missing. */
    expect_one("8 w - - 0 1", 0, FK_PROB_RANK_COUNT, FK_SEV_ERROR, FK_FIELD_PLACEMENT, 0,
               "There is 1 rank, a board has 8.");
}

static void digit_problems(void **state) {
    (void)state;
    expect_one("rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_BAD_DIGIT,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 18, "Rank 6 has the digit 0");
    expect_one("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_BAD_DIGIT,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 18, "Rank 6 has the digit 9");
    expect_one("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_BAD_DIGIT,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 18, "two digits in a row ('44')");
    assert_string_equal(
        find(read_fen("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0),
             FK_PROB_BAD_DIGIT)
            ->fix,
        "Write 8.");
    /* Tolerant mode is no different: a run of digits is never FEN. */
    expect_one("rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FK_FEN_TOLERANT,
               FK_PROB_BAD_DIGIT, FK_SEV_ERROR, FK_FIELD_PLACEMENT, 18, "('17')");
    /* Three digits are one problem. */
    expect_one("rnbqkbnr/pppppppp/323/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_BAD_DIGIT,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 18, "('323')");
    /* A 0 between letters covers no square and spares its rank the length
     * check; so does a 9, which covers nine. */
    expect_one("rnbqkbnr/pp0pppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_BAD_DIGIT,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 11,
               "Rank 7 has the digit 0: a digit counts empty squares, 1 to 8.");
    assert_string_equal(
        read_fen("rnbqkbnr/pp0pppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0)->problems.items[0].fix,
        "Remove the 0.");
    /* A 9 is said, then the next rank's length, each where it starts. */
    reading *r = read_fen("rnbqkbnr/pppppppp/9/7/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0);
    assert_int_equal(r->problems.count, 2);
    assert_string_equal(r->problems.items[0].message,
                        "Rank 6 has the digit 9: a rank has only 8 squares.");
    assert_string_equal(r->problems.items[0].fix, "Write 8 for a whole empty rank.");
    assert_int_equal(r->problems.items[1].code, FK_PROB_RANK_LENGTH);
    assert_int_equal(r->problems.items[1].offset, 20);
    /* "99": the first 9, then the run, both at its first byte. */
    r = read_fen("rnbqkbnr/pppppppp/99/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0);
    assert_int_equal(r->problems.count, 2);
    assert_int_equal(r->problems.items[0].offset, 18);
    assert_non_null(strstr(r->problems.items[0].message, "the digit 9"));
    assert_int_equal(r->problems.items[1].offset, 18);
    assert_non_null(strstr(r->problems.items[1].message, "two digits in a row ('99')"));
    /* A 0 next to another digit: "09" says the 0 and then the 9. */
    r = read_fen("rnbqkbnr/pppppppp/p09/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0);
    assert_int_equal(r->problems.count, 2);
    assert_int_equal(r->problems.items[0].offset, 19);
    assert_non_null(strstr(r->problems.items[0].message, "the digit 0"));
    assert_int_equal(r->problems.items[1].offset, 20);
    assert_non_null(strstr(r->problems.items[1].message, "the digit 9"));
    /* The board is read around them: the pawns after the 0 and the rank
     * after the 9 stand where their sums put them. */
    r = read_fen("rnbqkbnr/pp0pppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0);
    assert_int_equal(r->pos.board[FK_SQUARE(2, 6)], FK_BP);
    assert_int_equal(r->pos.board[FK_SQUARE(7, 6)], FK_BP);
    assert_int_equal(r->pos.board[FK_SQUARE(0, 0)], FK_WR);
}

static void piece_letter_problems(void **state) {
    (void)state;
    expect_one("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, FK_PROB_BAD_PIECE,
               FK_SEV_ERROR, FK_FIELD_PLACEMENT, 23, "'X' in rank 4 is not a piece letter");
    reading *r = read_fen("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0);
    assert_non_null(strstr(r->problems.items[0].fix, "K Q R B N P, upper case for White"));
    /* A UTF-8 character is quoted whole, never cut. */
    expect_one("rnbqkbnr/pppppppp/8/8/3\xe2\x99\x94\x34/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0,
               FK_PROB_BAD_PIECE, FK_SEV_ERROR, FK_FIELD_PLACEMENT, 23, "'\xe2\x99\x94' in rank 4");
    /* A byte that is not UTF-8 is written as \xNN. */
    expect_one("rnbqkbnr/pppppppp/8/8/3\xff\x34/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0,
               FK_PROB_BAD_PIECE, FK_SEV_ERROR, FK_FIELD_PLACEMENT, 23, "'\\xFF'");
    expect_one("r3k2r/8/8/8/8/8/8/R3K2R[Qn] w Qkq - 0 1", 0, FK_PROB_BAD_PIECE, FK_SEV_ERROR,
               FK_FIELD_PLACEMENT, 23, "crazyhouse pocket");
}

static void missing_space_before_side_is_suggested(void **state) {
    (void)state;
    reading *r = read_fen(BOARD "w KQkq - 0 1", 0);
    assert_int_equal(r->status, FK_ERR_SYNTAX);
    const fk_problem *p = find(r, FK_PROB_BAD_PIECE);
    assert_int_equal(p->offset, 43);
    assert_non_null(strstr(p->message, "space before the side to move"));
    /* The glued letter does not make rank 1 too long. */
    for (int i = 0; i < r->problems.count; i++)
        assert_int_not_equal(r->problems.items[i].code, FK_PROB_RANK_LENGTH);
    assert_int_equal(find(r, FK_PROB_MISSING_FIELD)->field, FK_FIELD_SIDE);
}

/* ---- side, castling, en passant, counters ---- */

static void side_problems(void **state) {
    (void)state;
    expect_one(BOARD " W KQkq - 0 1", 0, FK_PROB_BAD_SIDE, FK_SEV_ERROR, FK_FIELD_SIDE, 44,
               "lower case");
    expect_one(BOARD " x KQkq - 0 1", 0, FK_PROB_BAD_SIDE, FK_SEV_ERROR, FK_FIELD_SIDE, 44,
               "'x' is not a side to move");
    expect_one(BOARD " white KQkq - 0 1", FK_FEN_TOLERANT, FK_PROB_BAD_SIDE, FK_SEV_ERROR,
               FK_FIELD_SIDE, 44, "'white'");
}

static void castling_problems(void **state) {
    (void)state;
    expect_one(BOARD " w KQkqK - 0 1", 0, FK_PROB_BAD_CASTLING, FK_SEV_ERROR, FK_FIELD_CASTLING, 50,
               "'K' repeats");
    expect_one(BOARD " w KQxkq - 0 1", 0, FK_PROB_BAD_CASTLING, FK_SEV_ERROR, FK_FIELD_CASTLING, 48,
               "'x' is not a castling letter");
    expect_one(BOARD " w K- - 0 1", 0, FK_PROB_BAD_CASTLING, FK_SEV_ERROR, FK_FIELD_CASTLING, 47,
               "must stand alone");
    /* Two rights on one side of the king ("KBQ") read as letters; saying
     * that they cannot both hold is the position check's job. */
    reading *r = read_fen("4k2r/8/8/8/8/8/8/RR2K2R w KBQk - 0 1", 0);
    assert_int_equal(r->status, FK_OK);
    assert_true(r->pos.castling == (FK_BIT(0) | FK_BIT(1) | FK_BIT(7) | FK_BIT(63)));
    assert_int_equal(r->pos.castling_style, FK_CASTLING_XFEN);
    /* X-FEN: 'H' names the same rook as 'K' when the h-rook is outermost. */
    expect_one("4k3/8/8/8/8/8/8/R3K2R w KH - 0 1", 0, FK_PROB_BAD_CASTLING, FK_SEV_ERROR,
               FK_FIELD_CASTLING, 25, "'H' repeats");
    /* Rights out of order are read, with a note giving the usual order. */
    expect_one(BOARD " w kqKQ - 0 1", 0, FK_PROB_NONSTANDARD, FK_SEV_NOTE, FK_FIELD_CASTLING, 46,
               "usually written 'KQkq'");
    assert_string_equal(rewrite(BOARD " w qkQK - 0 1", 0, FK_EP_ALWAYS), START);
}

static void en_passant_problems(void **state) {
    (void)state;
    expect_one(BOARD " w KQkq e9 0 1", 0, FK_PROB_BAD_EP, FK_SEV_ERROR, FK_FIELD_EP, 51,
               "no square e9 on the board");
    expect_one(BOARD " w KQkq E3 0 1", 0, FK_PROB_BAD_EP, FK_SEV_ERROR, FK_FIELD_EP, 51,
               "lower case: e3");
    expect_one(BOARD " w KQkq e4 0 1", 0, FK_PROB_BAD_EP, FK_SEV_ERROR, FK_FIELD_EP, 51,
               "The en passant square must be on rank 3 or 6");
    expect_one(BOARD " w KQkq x 0 1", 0, FK_PROB_BAD_EP, FK_SEV_ERROR, FK_FIELD_EP, 51,
               "'x' is not an en passant square");
    expect_one(BOARD " w KQkq e3e6 0 1", 0, FK_PROB_BAD_EP, FK_SEV_ERROR, FK_FIELD_EP, 51,
               "'e3e6'");
}

static void counter_problems(void **state) {
    (void)state;
    expect_one(BOARD " w KQkq - -1 1", 0, FK_PROB_BAD_HALFMOVE, FK_SEV_ERROR, FK_FIELD_HALFMOVE, 53,
               "cannot be negative");
    expect_one(BOARD " w KQkq - 0 -3", 0, FK_PROB_BAD_FULLMOVE, FK_SEV_ERROR, FK_FIELD_FULLMOVE, 55,
               "cannot be negative");
    expect_one(BOARD " w KQkq - x 1", 0, FK_PROB_BAD_HALFMOVE, FK_SEV_ERROR, FK_FIELD_HALFMOVE, 53,
               "'x' is not a number");
    expect_one(BOARD " w KQkq - 0 1x", 0, FK_PROB_BAD_FULLMOVE, FK_SEV_ERROR, FK_FIELD_FULLMOVE, 55,
               "'1x' is not a number");
    expect_one(BOARD " w KQkq - 0 1000000", 0, FK_PROB_BAD_FULLMOVE, FK_SEV_ERROR,
               FK_FIELD_FULLMOVE, 55, "too large");
    expect_one(BOARD " w KQkq - 0 99999999999999999999", FK_FEN_TOLERANT, FK_PROB_BAD_FULLMOVE,
               FK_SEV_ERROR, FK_FIELD_FULLMOVE, 55, "too large");
    expect_one(BOARD " w KQkq - 01 1", 0, FK_PROB_BAD_HALFMOVE, FK_SEV_ERROR, FK_FIELD_HALFMOVE, 53,
               "leading zero");
    expect_one(BOARD " w KQkq - 01 1", FK_FEN_TOLERANT, FK_PROB_NONSTANDARD, FK_SEV_NOTE,
               FK_FIELD_HALFMOVE, 53, "leading zero");
    assert_string_equal(rewrite(BOARD " w KQkq - 01 007", FK_FEN_TOLERANT, FK_EP_ALWAYS),
                        BOARD " w KQkq - 1 7");
    expect_one(BOARD " w KQkq - - 1", 0, FK_PROB_BAD_HALFMOVE, FK_SEV_ERROR, FK_FIELD_HALFMOVE, 53,
               "is '-', not a number");
    expect_one(BOARD " w KQkq - 5 -", FK_FEN_TOLERANT, FK_PROB_NONSTANDARD, FK_SEV_NOTE,
               FK_FIELD_FULLMOVE, 55, "read as 1");
    assert_string_equal(rewrite(BOARD " w KQkq - - -", FK_FEN_TOLERANT, FK_EP_ALWAYS), START);
    /* Fullmove 0 is read; the position check decides what it means. */
    assert_string_equal(rewrite(BOARD " w KQkq - 0 0", 0, FK_EP_ALWAYS), BOARD " w KQkq - 0 0");
}

static void unicode_dashes_in_tolerant_mode(void **state) {
    (void)state;
    const char *en_dash = BOARD " w KQkq \xe2\x80\x93 0 1";
    expect_one(en_dash, FK_FEN_TOLERANT, FK_PROB_NONSTANDARD, FK_SEV_NOTE, FK_FIELD_EP, 51,
               "Unicode dash");
    expect_one(en_dash, 0, FK_PROB_BAD_EP, FK_SEV_ERROR, FK_FIELD_EP, 51, "Unicode dash");
    const char *minus = "4k3/8/8/8/8/8/8/4K3 w \xe2\x88\x92 \xe2\x80\x94 \xe2\x80\x94 9";
    reading *r = read_fen(minus, FK_FEN_TOLERANT);
    assert_int_equal(r->status, FK_OK);
    assert_int_equal(r->problems.count, 3);
    assert_int_equal(r->problems.items[0].field, FK_FIELD_CASTLING);
    assert_int_equal(r->problems.items[1].field, FK_FIELD_EP);
    assert_int_equal(r->problems.items[2].field, FK_FIELD_HALFMOVE);
    assert_string_equal(rewrite(minus, FK_FEN_TOLERANT, FK_EP_ALWAYS),
                        "4k3/8/8/8/8/8/8/4K3 w - - 0 9");
    r = read_fen(minus, 0);
    assert_int_equal(r->status, FK_ERR_SYNTAX);
    assert_int_equal(find(r, FK_PROB_BAD_CASTLING)->offset, 22);
}

/* ---- fields: too few, too many, white space ---- */

static void missing_fields_strict(void **state) {
    (void)state;
    expect_one(BOARD " w KQkq -", 0, FK_PROB_MISSING_FIELD, FK_SEV_ERROR, FK_FIELD_HALFMOVE, 52,
               "The FEN has 4 fields, needs 6: halfmove clock and fullmove number are missing.");
    expect_one(BOARD " w KQkq - 0", 0, FK_PROB_MISSING_FIELD, FK_SEV_ERROR, FK_FIELD_FULLMOVE, 54,
               "fullmove number is missing");
    expect_one(BOARD " w", 0, FK_PROB_MISSING_FIELD, FK_SEV_ERROR, FK_FIELD_CASTLING, 45,
               "The FEN has 2 fields");
    expect_one(BOARD, 0, FK_PROB_MISSING_FIELD, FK_SEV_ERROR, FK_FIELD_SIDE, 43,
               "side to move, castling, en passant, halfmove clock and fullmove number");
}

static void missing_fields_tolerant(void **state) {
    (void)state;
    expect_one(BOARD " w KQkq -", FK_FEN_TOLERANT, FK_PROB_COUNTERS_FILLED, FK_SEV_NOTE,
               FK_FIELD_HALFMOVE, 52, "read as 0 1");
    expect_one(BOARD " w KQkq - 7", FK_FEN_TOLERANT, FK_PROB_COUNTERS_FILLED, FK_SEV_NOTE,
               FK_FIELD_FULLMOVE, 54, "read as 1");
    assert_string_equal(rewrite(BOARD " w KQkq - 7", FK_FEN_TOLERANT, FK_EP_ALWAYS),
                        BOARD " w KQkq - 7 1");
    reading *r = read_fen(BOARD " b", FK_FEN_TOLERANT);
    assert_int_equal(r->status, FK_OK);
    assert_int_equal(r->problems.count, 2);
    assert_int_equal(r->problems.items[0].code, FK_PROB_FIELDS_FILLED);
    assert_int_equal(r->problems.items[0].field, FK_FIELD_CASTLING);
    assert_int_equal(r->problems.items[1].code, FK_PROB_COUNTERS_FILLED);
    assert_string_equal(rewrite(BOARD " b", FK_FEN_TOLERANT, FK_EP_ALWAYS), BOARD " b - - 0 1");
    r = read_fen(BOARD " b KQ", FK_FEN_TOLERANT);
    assert_int_equal(r->status, FK_OK);
    assert_int_equal(r->problems.count, 2);
    assert_int_equal(r->problems.items[0].field, FK_FIELD_EP);
    assert_int_equal(r->problems.items[0].offset, 48);
    assert_non_null(strstr(r->problems.items[0].message, "en passant field is missing"));
    /* Who is to move is never guessed. */
    expect_one(BOARD, FK_FEN_TOLERANT, FK_PROB_MISSING_FIELD, FK_SEV_ERROR, FK_FIELD_SIDE, 43,
               "side to move");
}

static void missing_field_in_the_middle(void **state) {
    (void)state;
    /* The side is missing: said once, and the other fields still read. */
    reading *r = read_fen(BOARD " KQkq - 0 1", FK_FEN_TOLERANT);
    assert_int_equal(r->status, FK_ERR_SYNTAX);
    assert_int_equal(r->problems.count, 1);
    assert_int_equal(r->problems.items[0].code, FK_PROB_MISSING_FIELD);
    assert_int_equal(r->problems.items[0].field, FK_FIELD_SIDE);
    assert_int_equal(r->problems.items[0].offset, 44);
    assert_true(r->pos.castling == (FK_BIT(0) | FK_BIT(7) | FK_BIT(56) | FK_BIT(63)));
    /* A double space is an empty castling field: the en passant field is
     * then missing, in both modes (edge case s07). */
    r = read_fen(BOARD " w  - 0 1", FK_FEN_TOLERANT);
    assert_int_equal(r->status, FK_ERR_SYNTAX);
    assert_int_equal(find(r, FK_PROB_MISSING_FIELD)->field, FK_FIELD_EP);
}

static void extra_fields(void **state) {
    (void)state;
    expect_one(START " extra", 0, FK_PROB_EXTRA_FIELD, FK_SEV_ERROR, FK_FIELD_NONE, 57, "'extra'");
    expect_one(START " 1 2 3", FK_FEN_TOLERANT, FK_PROB_EXTRA_FIELD, FK_SEV_ERROR, FK_FIELD_NONE,
               57, "'1 2 3'");
}

static void white_space(void **state) {
    (void)state;
    static const struct {
        const char *fen;
        int offset;
        const char *words;
    } cases[] = {
        {"  " START, 0, "before the FEN"},     {START "\n", 56, "after the FEN"},
        {START " ", 56, "after the FEN"},      {BOARD "  w KQkq - 0 1", 43, "more than one space"},
        {BOARD "\tw KQkq - 0 1", 43, "a tab"}, {BOARD " \tw KQkq - 0 1", 44, "a tab"},
        {BOARD "_w_KQkq_-_0_1", 43, "'_'"},    {BOARD "\r\nw KQkq - 0 1", 43, "line break"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        expect_one(cases[i].fen, 0, FK_PROB_WHITESPACE, FK_SEV_ERROR, FK_FIELD_NONE,
                   cases[i].offset, cases[i].words);
        expect_one(cases[i].fen, FK_FEN_TOLERANT, FK_PROB_WHITESPACE, FK_SEV_NOTE, FK_FIELD_NONE,
                   cases[i].offset, cases[i].words);
        assert_string_equal(rewrite(cases[i].fen, FK_FEN_TOLERANT, FK_EP_ALWAYS), START);
    }
    /* Several irregular separators make one problem. */
    expect_one(" " BOARD "  w\tKQkq - 0 1 ", FK_FEN_TOLERANT, FK_PROB_WHITESPACE, FK_SEV_NOTE,
               FK_FIELD_NONE, 0, "before");
}

static void strict_errors_of_form_get_the_fen_as_fix(void **state) {
    (void)state;
    reading *r = read_fen("  " BOARD "\tw KQkq - 00 1", FK_FEN_STRICT);
    assert_int_equal(r->status, FK_ERR_SYNTAX);
    assert_int_equal(r->problems.count, 2);
    assert_string_equal(r->problems.items[0].fix, "Write it as " START);
    assert_string_equal(r->problems.items[1].fix, "Write 0.");
    r = read_fen(BOARD " b KQ -", FK_FEN_STRICT);
    assert_string_equal(r->problems.items[0].fix, "Write it as " BOARD " b KQ - 0 1");
    /* Not when the text has a real error too. */
    r = read_fen(BOARD " x KQkq - 0", FK_FEN_STRICT);
    for (int i = 0; i < r->problems.count; i++)
        assert_null(strstr(r->problems.items[i].fix, "Write it as"));
}

static void empty_input(void **state) {
    (void)state;
    expect_one("", 0, FK_PROB_EMPTY_INPUT, FK_SEV_ERROR, FK_FIELD_NONE, 0, "empty");
    expect_one(" \t ", FK_FEN_TOLERANT, FK_PROB_EMPTY_INPUT, FK_SEV_ERROR, FK_FIELD_NONE, 0,
               "only white space");
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    assert_int_equal(fk_fen_parse(NULL, 0, 0, &pos, &problems), FK_ERR_SYNTAX);
}

/* ---- never stopping at the first problem ---- */

static void every_field_is_read(void **state) {
    (void)state;
    reading *r = read_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBN W KQkqX e9 -1 x", 0);
    assert_int_equal(r->status, FK_ERR_SYNTAX);
    static const struct {
        fk_problem_code code;
        fk_field field;
        int offset;
    } want[] = {
        {FK_PROB_BAD_DIGIT, FK_FIELD_PLACEMENT, 18},
        {FK_PROB_RANK_LENGTH, FK_FIELD_PLACEMENT, 35},
        {FK_PROB_BAD_SIDE, FK_FIELD_SIDE, 43},
        {FK_PROB_BAD_CASTLING, FK_FIELD_CASTLING, 49},
        {FK_PROB_BAD_EP, FK_FIELD_EP, 51},
        {FK_PROB_BAD_HALFMOVE, FK_FIELD_HALFMOVE, 54},
        {FK_PROB_BAD_FULLMOVE, FK_FIELD_FULLMOVE, 57},
    };
    assert_int_equal(r->problems.count, (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < r->problems.count; i++) {
        assert_string_equal(fk_problem_code_name(r->problems.items[i].code),
                            fk_problem_code_name(want[i].code));
        assert_int_equal(r->problems.items[i].field, want[i].field);
        assert_int_equal(r->problems.items[i].offset, want[i].offset);
        assert_int_equal(r->problems.items[i].severity, FK_SEV_ERROR);
        assert_true(r->problems.items[i].message[0] != '\0');
    }
    /* What could be read is kept: the pieces of the good ranks. */
    assert_int_equal(fk_position_at(&r->pos, FK_SQUARE(4, 7)), FK_BK);
    assert_int_equal(fk_position_at(&r->pos, FK_SQUARE(4, 0)), FK_WK);
}

static void every_bad_rank_is_reported(void **state) {
    (void)state;
    reading *r = read_fen("7/ppppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1", 0);
    assert_int_equal(r->problems.count, 3);
    assert_non_null(strstr(r->problems.items[0].message, "Rank 8 has 7"));
    assert_non_null(strstr(r->problems.items[1].message, "Rank 7 has 9"));
    assert_non_null(strstr(r->problems.items[2].message, "Rank 2 has 7"));
}

static void problems_start_afresh_and_are_capped(void **state) {
    (void)state;
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    fk_problems_add(&problems, FK_PROB_NO_KING, FK_SEV_WARNING, FK_FIELD_NONE, -1, 0, NULL, "x");
    assert_int_equal(fk_fen_parse(START, strlen(START), 0, &pos, &problems), FK_OK);
    assert_int_equal(problems.count, 0); /* a reading's list holds its own problems only */
    /* 40 bad letters: the list fills, the rest are counted as dropped, and
     * the reading still says it failed. */
    const char *many = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/8/8/8 w - - 0 1";
    fk_problems_clear(&problems);
    assert_int_equal(fk_fen_parse(many, strlen(many), 0, &pos, &problems), FK_ERR_SYNTAX);
    assert_int_equal(problems.count, FK_MAX_PROBLEMS);
    assert_int_equal(problems.dropped, 40 - FK_MAX_PROBLEMS);
}

/* ---- castling styles ---- */

static void shredder_castling(void **state) {
    (void)state;
    reading *r = read_fen(BOARD " w HAha - 0 1", 0);
    assert_int_equal(r->status, FK_OK);
    assert_true(r->pos.castling == (FK_BIT(0) | FK_BIT(7) | FK_BIT(56) | FK_BIT(63)));
    assert_int_equal(r->pos.castling_style, FK_CASTLING_SHREDDER);
    assert_int_equal(r->pos.chess960, 1);
    assert_string_equal(rewrite(BOARD " w HAha - 0 1", 0, FK_EP_ALWAYS), BOARD " w HAha - 0 1");
    const char *c960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert_string_equal(rewrite(c960, 0, FK_EP_ALWAYS), c960);
    assert_true(read_fen(c960, 0)->pos.castling ==
                (FK_BIT(5) | FK_BIT(7) | FK_BIT(61) | FK_BIT(63)));
    /* Out of order: read, noted, written in order. */
    assert_string_equal(rewrite("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w fFhH - 2 9",
                                0, FK_EP_ALWAYS),
                        c960);
}

static void xfen_castling(void **state) {
    (void)state;
    /* Edge case c06: G names the inner rook of two on the king side. */
    const char *c06 = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11";
    reading *r = read_fen(c06, 0);
    assert_int_equal(r->status, FK_OK);
    assert_int_equal(r->pos.castling_style, FK_CASTLING_XFEN);
    assert_int_equal(r->pos.chess960, 1);
    assert_true(r->pos.castling == (FK_BIT(6) | FK_BIT(56) | FK_BIT(62)));
    assert_string_equal(rewrite(c06, 0, FK_EP_ALWAYS), c06);
    /* With FK_FEN_CHESS960, K and Q mean the outermost rook on each side. */
    const char *xfen = "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1";
    r = read_fen(xfen, FK_FEN_CHESS960);
    assert_int_equal(r->status, FK_OK);
    assert_true(r->pos.castling == (FK_BIT(1) | FK_BIT(5)));
    assert_int_equal(r->pos.castling_style, FK_CASTLING_XFEN);
    assert_string_equal(rewrite(xfen, FK_FEN_CHESS960, FK_EP_ALWAYS), xfen);
    /* Without it, KQ are the corners, rook or not (the check reports it). */
    r = read_fen(xfen, 0);
    assert_true(r->pos.castling == (FK_BIT(0) | FK_BIT(7)));
    assert_int_equal(r->pos.chess960, 0);
    /* A file letter for the outermost rook is written back as K or Q. */
    assert_string_equal(rewrite("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w FQ - 0 1", 0, FK_EP_ALWAYS), xfen);
    /* K with no rook on that side points to the corner. */
    r = read_fen("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", FK_FEN_CHESS960);
    assert_true(r->pos.castling == (FK_BIT(0) | FK_BIT(7)));
    assert_string_equal(rewrite("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", FK_FEN_CHESS960, FK_EP_ALWAYS),
                        "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1");
}

static void standard_castling_points_at_corners(void **state) {
    (void)state;
    /* Edge case c02: K without a rook on h1 is still h1. */
    reading *r = read_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", 0);
    assert_int_equal(r->status, FK_OK);
    assert_true(r->pos.castling & FK_BIT(7));
    assert_string_equal(
        rewrite("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", 0, FK_EP_ALWAYS),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1");
    r = read_fen("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1", 0);
    assert_true(r->pos.castling == (FK_BIT(7) | FK_BIT(56)));
}

/* ---- writing ---- */

static void en_passant_conventions(void **state) {
    (void)state;
    /* Edge case e01: after 1.e4 no black pawn can take: the square is kept
     * as read, and written only under FK_EP_ALWAYS. */
    const char *e01 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_string_equal(rewrite(e01, 0, FK_EP_ALWAYS), e01);
    assert_string_equal(rewrite(e01, 0, FK_EP_LEGAL),
                        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /* Edge case e09: e5xf6 is possible, so both conventions write f6. */
    const char *e09 = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_string_equal(rewrite(e09, 0, FK_EP_ALWAYS), e09);
    assert_string_equal(rewrite(e09, 0, FK_EP_LEGAL), e09);
    /* Edge cases e10 and e07: a pawn could take, but the capture would
     * leave its king in check, so FK_EP_LEGAL leaves the square out. */
    const char *e10 = "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1";
    assert_string_equal(rewrite(e10, 0, FK_EP_ALWAYS), e10);
    assert_string_equal(rewrite(e10, 0, FK_EP_LEGAL), "4k3/8/8/2KPp2r/8/8/8/8 w - - 0 1");
    const char *e07 = "4k3/8/8/8/3Pp3/8/8/3KR3 b - d3 0 1";
    assert_string_equal(rewrite(e07, 0, FK_EP_LEGAL), "4k3/8/8/8/3Pp3/8/8/3KR3 b - - 0 1");
    const char *none = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_string_equal(rewrite(none, 0, FK_EP_LEGAL), none);
}

static void write_needs_room(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    char buf[FK_FEN_MAX];
    assert_int_equal(fk_fen_write(&pos, FK_EP_LEGAL, buf, sizeof buf), strlen(START));
    assert_string_equal(buf, START);
    assert_int_equal(fk_fen_write(&pos, FK_EP_LEGAL, buf, strlen(START)), 0);
    assert_string_equal(buf, "");
    assert_int_equal(fk_fen_write(&pos, FK_EP_LEGAL, buf, strlen(START) + 1), strlen(START));
    assert_int_equal(fk_fen_write_placement(&pos, buf, sizeof buf), strlen(BOARD));
    assert_string_equal(buf, BOARD);
    assert_int_equal(fk_fen_write_placement(&pos, buf, 10), 0);
    assert_string_equal(buf, "");
    assert_int_equal(fk_fen_write_placement(&pos, NULL, 0), 0);
    /* The longest field values still fit FK_FEN_MAX. */
    const char *longest = "pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp "
                          "b HGFEDCBAhgfedcba "
                          "e6 999999 999999";
    reading *r = read_fen(longest, 0);
    /* No king on the back rank: which side a right is on is for the check. */
    assert_int_equal(r->status, FK_OK);
    r->pos.castling = 0xFF000000000000FFull;
    r->pos.ep_square = FK_SQUARE(4, 5);
    r->pos.halfmove = r->pos.fullmove = UINT32_MAX;
    size_t n = fk_fen_write(&r->pos, FK_EP_ALWAYS, buf, sizeof buf);
    assert_true(n > 0 && n < FK_FEN_MAX);
}

/* ---- data files ---- */

/* Every line of the file is a canonical FEN that must be read without any
 * problem and written back byte for byte, with and without re-reading. */
static void round_trip_file(const char *name, unsigned flags) {
    char *text = slurp(name);
    int lines = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        reading *r = read_fen(line, flags);
        if (r->status != FK_OK || r->problems.count)
            fail_msg("%s: '%s': %s", name, line, r->problems.items[0].message);
        char out[FK_FEN_MAX];
        fk_fen_write(&r->pos, FK_EP_ALWAYS, out, sizeof out);
        if (strcmp(out, line) != 0) fail_msg("%s: '%s' written as '%s'", name, line, out);
        fk_position first = r->pos;
        r = read_fen(out, flags | (first.chess960 ? FK_FEN_CHESS960 : 0));
        assert_true(fk_position_equal(&first, &r->pos));
        lines++;
    }
    assert_true(lines > 500);
    free(text);
}

static void round_trip_perft_positions(void **state) {
    (void)state;
    round_trip_file("roundtrip.txt", FK_FEN_STRICT);
    round_trip_file("roundtrip.txt", FK_FEN_TOLERANT);
    round_trip_file("roundtrip_chess960.txt", FK_FEN_STRICT);
    round_trip_file("roundtrip_chess960.txt", FK_FEN_CHESS960);
}

/* The codes of r's problems, comma separated, or "-". */
static const char *code_list(const reading *r) {
    static char out[1024];
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < r->problems.count; i++)
        n += (size_t)snprintf(out + n, sizeof out - n, "%s%s", i ? "," : "",
                              fk_problem_code_name(r->problems.items[i].code));
    return n ? out : "-";
}

/* edge_cases.tsv, with the decisions of docs/fen-policy.md in
 * edge_cases_decisions.tsv: status and problem codes in both modes. */
static void edge_cases_follow_the_policy(void **state) {
    (void)state;
    char *cases = slurp("edge_cases.tsv");
    char *decisions = slurp("edge_cases_decisions.tsv");
    char *case_save, *dec_save;
    char *c = strtok_r(cases, "\n", &case_save);
    char *d = strtok_r(decisions, "\n", &dec_save);
    int rows = 0;
    while ((c = strtok_r(NULL, "\n", &case_save)) && (d = strtok_r(NULL, "\n", &dec_save))) {
        char *ccols[6], *dcols[5];
        assert_int_equal(columns(c, ccols, 6), 6);
        assert_int_equal(columns(d, dcols, 5), 5);
        assert_string_equal(ccols[0], dcols[0]);
        char fen[512];
        size_t n = 0;
        const char *p = strcmp(ccols[2], "<EMPTY>") == 0 ? "" : ccols[2];
        while (*p) {
            if (strncmp(p, "<TAB>", 5) == 0) {
                fen[n++] = '\t';
                p += 5;
            } else {
                fen[n++] = *p++;
            }
        }
        fen[n] = '\0';
        for (int mode = 0; mode < 2; mode++) {
            reading *r = read_fen(fen, mode ? FK_FEN_TOLERANT : FK_FEN_STRICT);
            const char *want_status = dcols[1 + 2 * mode], *want_codes = dcols[2 + 2 * mode];
            const char *status = r->status == FK_OK ? "ok" : "error";
            if (strcmp(status, want_status) != 0 || strcmp(code_list(r), want_codes) != 0)
                fail_msg("%s (%s): got %s %s, want %s %s", ccols[0], mode ? "tolerant" : "strict",
                         status, code_list(r), want_status, want_codes);
            /* "invalid" syntax rows are refused in both modes: by the
             * reader, or (two castling rights on one side of the king, s23)
             * by the position check that fk_fen_validate adds. */
            if (strcmp(ccols[1], "syntax") == 0 && strcmp(ccols[3], "invalid") == 0) {
                fk_position pos;
                fk_problems problems;
                fk_problems_clear(&problems);
                assert_int_not_equal(
                    fk_fen_validate(fen, n, mode ? FK_FEN_TOLERANT : 0, &pos, &problems), FK_OK);
            }
            for (int i = 0; i < r->problems.count; i++) {
                assert_true(r->problems.items[i].offset >= 0 &&
                            (size_t)r->problems.items[i].offset <= n);
                assert_true(strlen(r->problems.items[i].message) > 10);
            }
        }
        rows++;
    }
    assert_int_equal(rows, 77);
    free(cases);
    free(decisions);
}

/* chess.js's validate_fen cases: what chess.js accepts, fenkit reads and
 * writes back; what it refuses for syntax, fenkit refuses with the code in
 * the added fenkit_strict column ("ok" where the refusal is a rule of
 * chess, for fk_position_check). */
static void chessjs_cases(void **state) {
    (void)state;
    char *text = slurp("chessjs_validate_fen.tsv");
    char *save;
    int rows = 0, refused = 0;
    strtok_r(text, "\n", &save);
    for (char *line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *cols[4];
        assert_int_equal(columns(line, cols, 4), 4);
        reading *r = read_fen(cols[0], FK_FEN_STRICT);
        if (strcmp(cols[3], "ok") == 0) {
            if (r->status != FK_OK) fail_msg("'%s': %s", cols[0], r->problems.items[0].message);
            /* Canonical text comes back byte for byte; kqKQ comes back
             * as KQkq, with a note. */
            if (strcmp(cols[1], "true") == 0 && r->problems.count == 0)
                assert_string_equal(rewrite(cols[0], 0, FK_EP_ALWAYS), cols[0]);
            else if (strcmp(cols[1], "true") == 0)
                assert_int_equal(r->problems.items[0].code, FK_PROB_NONSTANDARD);
        } else {
            assert_string_equal(cols[1], "false");
            assert_int_equal(r->status, FK_ERR_SYNTAX);
            assert_string_equal(fk_problem_code_name(r->problems.items[0].code), cols[3]);
            refused++;
        }
        rows++;
    }
    assert_int_equal(rows, 132);
    assert_true(refused >= 15);
    free(text);
}

/* Mutated FENs (deterministic): whatever is read without error is written,
 * read again to the same position and written to the same text. */
static void mutations_round_trip(void **state) {
    (void)state;
    static const char alphabet[] = "KQRBNPkqrbnp12345678/ -wbxAHah0369e_\t";
    char *text = slurp("roundtrip.txt");
    uint32_t seed = 12345;
    int read_ok = 0, tried = 0;
    int lines = 0;
    for (char *line = strtok(text, "\n"); line && lines < 600; line = strtok(NULL, "\n")) {
        lines++;
        for (int k = 0; k < 40; k++) {
            char fen[160];
            size_t n = strlen(line);
            memcpy(fen, line, n);
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % n;
            char c = alphabet[(seed >> 20) % (sizeof alphabet - 1)];
            switch ((seed >> 28) % 3) {
            case 0: fen[at] = c; break;
            case 1:
                memmove(fen + at, fen + at + 1, n - at - 1);
                n--;
                break;
            default:
                memmove(fen + at + 1, fen + at, n - at);
                fen[at] = c;
                n++;
                break;
            }
            for (unsigned flags = 0; flags < 4; flags++) {
                fk_position a, b;
                fk_problems problems;
                fk_problems_clear(&problems);
                tried++;
                if (fk_fen_parse(fen, n, flags, &a, &problems) != FK_OK) {
                    assert_true(fk_problems_has_error(&problems));
                    continue;
                }
                read_ok++;
                char out1[FK_FEN_MAX], out2[FK_FEN_MAX];
                size_t len = fk_fen_write(&a, FK_EP_ALWAYS, out1, sizeof out1);
                fk_problems_clear(&problems);
                unsigned again = a.chess960 ? FK_FEN_CHESS960 : 0;
                assert_int_equal(fk_fen_parse(out1, len, again, &b, &problems), FK_OK);
                assert_true(fk_position_equal(&a, &b));
                fk_fen_write(&b, FK_EP_ALWAYS, out2, sizeof out2);
                assert_string_equal(out1, out2);
            }
        }
    }
    assert_true(read_ok > 1000 && read_ok < tried);
    free(text);
}

/* Every byte value, as the first square of a placement, reads as the piece
 * fk_piece_from_char names, or as no piece: in a well-formed FEN (the fast
 * path) and in one with a short rank (the careful reader). */
static void every_byte_reads_as_its_piece(void **state) {
    (void)state;
    for (int c = 1; c < 256; c++) {
        fk_piece want = fk_piece_from_char((char)c);
        for (int careful = 0; careful < 2; careful++) {
            char fen[64];
            int n = snprintf(fen, sizeof fen, "X7/8/8/8/8/8/8/%s w - - 0 1", careful ? "7" : "8");
            fen[0] = (char)c;
            fk_position pos;
            fk_problems problems;
            fk_problems_clear(&problems);
            fk_status status = fk_fen_parse(fen, (size_t)n, FK_FEN_STRICT, &pos, &problems);
            if (!careful) assert_int_equal(status == FK_OK, want != FK_EMPTY);
            if (want == FK_EMPTY) continue;
            assert_int_equal(pos.board[FK_SQUARE(0, 7)], want);
            assert_true(fk_position_pieces(&pos, want) == FK_BIT(FK_SQUARE(0, 7)));
            assert_true(fk_position_occupied(&pos) == FK_BIT(FK_SQUARE(0, 7)));
        }
    }
}

/* Reads text[0, len) and a copy of it in a buffer of its own; both
 * readings must agree in status, problems and position. */
static void assert_reads_as_copy(const char *text, size_t len) {
    char copy[128] = {0}; /* zeros after the text: no space, no piece */
    assert_true(len < sizeof copy);
    memcpy(copy, text, len);
    fk_position a, b;
    fk_problems pa, pb;
    fk_problems_clear(&pa);
    fk_problems_clear(&pb);
    fk_status sa = fk_fen_parse(text, len, FK_FEN_STRICT, &a, &pa);
    fk_status sb = fk_fen_parse(copy, len, FK_FEN_STRICT, &b, &pb);
    assert_int_equal(sa, sb);
    assert_int_equal(pa.count, pb.count);
    for (int i = 0; i < pa.count; i++) {
        assert_int_equal(pa.items[i].code, pb.items[i].code);
        assert_int_equal(pa.items[i].offset, pb.items[i].offset);
        assert_string_equal(pa.items[i].message, pb.items[i].message);
    }
    if (sa == FK_OK) assert_true(fk_position_equal(&a, &b));
}

/* The fast placement reader may load bytes past the end of the text when
 * they lie in the same page: texts that end where a page ends, before one
 * that cannot be read, are read without a fault, and a text followed in
 * memory by the rest of its FEN is read only as far as it goes. */
static void reads_stop_at_the_end_of_the_text(void **state) {
    (void)state;
    static const char *const fens[] = {START, BOARD, "8/8/8/8/8/8/8/8 w - - 0 1",
                                       "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
                                       "4k3/8/8/8/8/8/8/4K2R/ w K - 0 1"};
    long page = sysconf(_SC_PAGESIZE);
    char *pages = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                       -1, 0);
    assert_true(pages != MAP_FAILED);
    assert_int_equal(mprotect(pages + page, (size_t)page, PROT_NONE), 0);
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        size_t full = strlen(fens[f]);
        for (size_t len = 1; len <= full; len++) {
            /* The text's last byte is the page's last byte. */
            char *text = pages + page - len;
            memcpy(text, fens[f], len);
            assert_reads_as_copy(text, len);
            /* The same bytes further from the page's end, followed by the
             * rest of the FEN, which the reading must not see. */
            text = pages + page - full - 1;
            memcpy(text, fens[f], full);
            assert_reads_as_copy(text, len);
        }
    }
    munmap(pages, 2 * (size_t)page);
}

/* The fast placement reader reads 16 bytes at a time and looks past the
 * placement's end: boards of every placement length from 15 to 71 bytes,
 * under several tails, read back byte for byte, and what follows the
 * placement never stands in for part of it. */
static void placement_lengths_and_what_follows(void **state) {
    (void)state;
    static const char *const tails[] = {" w - - 0 1", " b KQkq - 12 345", " w Qk - 100 1",
                                        " b - - 0 999999"};
    static const char letters[] = "PNBRQKpnbrqk";
    for (int pieces = 0; pieces <= 64; pieces++) {
        /* The first `pieces` squares in reading order hold pieces. */
        char board[80];
        size_t n = 0;
        for (int rank = 0; rank < 8; rank++) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                int square = rank * 8 + file;
                if (square >= pieces) {
                    empty++;
                    continue;
                }
                if (empty) board[n++] = (char)('0' + empty), empty = 0;
                board[n++] = letters[square % 12];
            }
            if (empty) board[n++] = (char)('0' + empty);
            if (rank < 7) board[n++] = '/';
        }
        board[n] = '\0';
        for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
            char fen[128], out[FK_FEN_MAX];
            int len = snprintf(fen, sizeof fen, "%s%s", board, tails[t]);
            reading *r = read_fen(fen, FK_FEN_STRICT);
            assert_int_equal(r->status, FK_OK);
            assert_int_equal(r->problems.count, 0);
            assert_int_equal(fk_fen_write(&r->pos, FK_EP_ALWAYS, out, sizeof out), (size_t)len);
            assert_string_equal(out, fen);
            assert_int_equal(__builtin_popcountll(fk_position_occupied(&r->pos)), pieces);
        }
    }
    /* A '/' after the space does not make up for one missing in the
     * placement, nor do digits after it for a short rank. */
    reading *r = read_fen("R2Q4/6r1/p2p2pk/1p1N1p1p4n3/1P6/PKPq4/8 w - -/ 6 46", FK_FEN_STRICT);
    find(r, FK_PROB_RANK_LENGTH);
    find(r, FK_PROB_RANK_COUNT);
    r = read_fen("8/8/8/8/8/8/8/7 w - - 1 1", FK_FEN_STRICT);
    find(r, FK_PROB_RANK_LENGTH);
}

/* A broken placement followed by a normal tail: the tail is read in full
 * (side, castling, en passant, counters), whatever ends the placement, and
 * only the placement's problems are said. */
static void broken_placement_keeps_its_tail(void **state) {
    (void)state;
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR b Kq e3 5 7",
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Kq e3 5 7",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR b Kq e3 5 7",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP b Kq e3 5 7",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        reading *r = read_fen(fens[i], FK_FEN_STRICT);
        assert_int_equal(r->status, FK_ERR_SYNTAX);
        for (int k = 0; k < r->problems.count; k++)
            assert_int_equal(r->problems.items[k].field, FK_FIELD_PLACEMENT);
        assert_int_equal(r->pos.side, FK_BLACK);
        assert_true(r->pos.castling == (FK_BIT(FK_SQUARE(7, 0)) | FK_BIT(FK_SQUARE(0, 7))));
        assert_int_equal(r->pos.ep_square, FK_SQUARE(4, 2));
        assert_int_equal(r->pos.halfmove, 5);
        assert_int_equal(r->pos.fullmove, 7);
    }
    /* A tab or '_' after a broken placement ends it too, and is said. */
    static const char *const separated[] = {
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR\tb Kq e3 5 7",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR_b_Kq_e3_5_7",
    };
    for (size_t i = 0; i < 2; i++) {
        reading *r = read_fen(separated[i], FK_FEN_TOLERANT);
        assert_int_equal(find(r, FK_PROB_BAD_DIGIT)->offset, 18);
        assert_int_equal(find(r, FK_PROB_WHITESPACE)->offset, 43);
        assert_int_equal(r->pos.side, FK_BLACK);
        assert_int_equal(r->pos.fullmove, 7);
    }
    /* A side letter glued to a broken placement is still said as such. */
    reading *r = read_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNRw", FK_FEN_STRICT);
    assert_non_null(strstr(find(r, FK_PROB_BAD_PIECE)->message, "space before the side"));
}

/* The reader keeps what its sentences quote and count in the problem's
 * arguments, for wordings in other languages. */
static void reading_problems_carry_their_arguments(void **state) {
    (void)state;
    reading *r = read_fen("rnbqkbnr/pp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FK_FEN_STRICT);
    const fk_problem *p = find(r, FK_PROB_RANK_LENGTH);
    assert_int_equal(p->args.n[0], 1); /* the second rank from the top: rank 7 */
    assert_int_equal(p->args.n[1], 7);
    r = read_fen("rnbqkbnr/ppppxppp/8/8/44/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FK_FEN_STRICT);
    assert_string_equal(find(r, FK_PROB_BAD_PIECE)->args.quote, "x");
    p = find(r, FK_PROB_BAD_DIGIT);
    assert_int_equal(p->args.variant, 0);
    assert_string_equal(p->args.quote, "44");
    assert_int_equal(p->args.n[1], 8);
    r = read_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1 extra", FK_FEN_STRICT);
    assert_string_equal(find(r, FK_PROB_EXTRA_FIELD)->args.quote, "extra");
    r = read_fen("8/8/8/4k3/8/8/8/4K3 w - E3 0 01", FK_FEN_STRICT);
    p = find(r, FK_PROB_BAD_EP);
    assert_int_equal(p->args.variant, 3);
    assert_string_equal(p->args.quote, "E3");
    p = find(r, FK_PROB_BAD_FULLMOVE);
    assert_int_equal(p->args.variant, 4);
    assert_int_equal(p->args.n[0], 1);
    r = read_fen("8/8/8/4k3/8/8/8/4K3 w - -", FK_FEN_STRICT);
    p = find(r, FK_PROB_MISSING_FIELD);
    assert_int_equal(p->args.variant, 0);
    assert_int_equal(p->args.n[0], 4);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_position_reads_like_startpos),
        cmocka_unit_test(fields_land_in_the_position),
        cmocka_unit_test(text_need_not_be_zero_terminated),
        cmocka_unit_test(rank_length_problems),
        cmocka_unit_test(rank_count_problems),
        cmocka_unit_test(digit_problems),
        cmocka_unit_test(piece_letter_problems),
        cmocka_unit_test(missing_space_before_side_is_suggested),
        cmocka_unit_test(side_problems),
        cmocka_unit_test(castling_problems),
        cmocka_unit_test(en_passant_problems),
        cmocka_unit_test(counter_problems),
        cmocka_unit_test(unicode_dashes_in_tolerant_mode),
        cmocka_unit_test(missing_fields_strict),
        cmocka_unit_test(missing_fields_tolerant),
        cmocka_unit_test(missing_field_in_the_middle),
        cmocka_unit_test(extra_fields),
        cmocka_unit_test(white_space),
        cmocka_unit_test(strict_errors_of_form_get_the_fen_as_fix),
        cmocka_unit_test(empty_input),
        cmocka_unit_test(every_field_is_read),
        cmocka_unit_test(every_bad_rank_is_reported),
        cmocka_unit_test(problems_start_afresh_and_are_capped),
        cmocka_unit_test(shredder_castling),
        cmocka_unit_test(xfen_castling),
        cmocka_unit_test(standard_castling_points_at_corners),
        cmocka_unit_test(en_passant_conventions),
        cmocka_unit_test(write_needs_room),
        cmocka_unit_test(round_trip_perft_positions),
        cmocka_unit_test(edge_cases_follow_the_policy),
        cmocka_unit_test(chessjs_cases),
        cmocka_unit_test(mutations_round_trip),
        cmocka_unit_test(every_byte_reads_as_its_piece),
        cmocka_unit_test(placement_lengths_and_what_follows),
        cmocka_unit_test(reads_stop_at_the_end_of_the_text),
        cmocka_unit_test(broken_placement_keeps_its_tail),
        cmocka_unit_test(reading_problems_carry_their_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
