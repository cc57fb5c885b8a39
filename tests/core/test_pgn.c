/* Tests for src/core/pgn.c, pgn_lex.c and pgn_write.c: tokens, games,
 * real-file oddities, error recovery, repetitions, the writer, and the
 * lichess openings table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/pgn_lex.h"
#include "fenkit/core.h"

/* Input from a string, handed out `chunk` bytes at a time (1 puts every
 * token across buffer refills). */
typedef struct {
    const char *text;
    size_t len, pos, chunk;
} string_input;

static size_t read_string(void *ctx, char *buf, size_t cap) {
    string_input *in = ctx;
    size_t n = in->len - in->pos;
    if (n > cap) n = cap;
    if (in->chunk && n > in->chunk) n = in->chunk;
    memcpy(buf, in->text + in->pos, n);
    in->pos += n;
    return n;
}

/* ---- tokens ---- */

typedef struct {
    string_input in;
    char buf[4096];
    pgn_lexer lx;
} lexer_fixture;

static void lex_start(lexer_fixture *f, const char *text, size_t chunk) {
    f->in = (string_input){text, strlen(text), 0, chunk};
    pgn_lex_init(&f->lx, read_string, &f->in, f->buf, sizeof f->buf);
}

/* Describes the tokens of text, one word each: T:name=value, S:text, ., *,
 * (, ), $n, BAD, separated by spaces. */
static void lex_all(const char *text, size_t chunk, char *out, size_t cap) {
    lexer_fixture f;
    lex_start(&f, text, chunk);
    size_t n = 0;
    out[0] = '\0';
    for (;;) {
        pgn_tok_kind k = pgn_lex_next(&f.lx);
        if (k == PGN_TOK_EOF) break;
        char word[PGN_VALUE_MAX + 64];
        switch (k) {
        case PGN_TOK_TAG: snprintf(word, sizeof word, "T:%s=%s", f.lx.name, f.lx.value); break;
        case PGN_TOK_SYMBOL: snprintf(word, sizeof word, "S:%s", f.lx.text); break;
        case PGN_TOK_DOT: snprintf(word, sizeof word, "."); break;
        case PGN_TOK_STAR: snprintf(word, sizeof word, "*"); break;
        case PGN_TOK_OPEN: snprintf(word, sizeof word, "("); break;
        case PGN_TOK_CLOSE: snprintf(word, sizeof word, ")"); break;
        case PGN_TOK_NAG: snprintf(word, sizeof word, "$%s", f.lx.text); break;
        default: snprintf(word, sizeof word, "BAD"); break;
        }
        n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? " " : "", word);
        assert_true(n < cap);
    }
}

static void assert_tokens(const char *text, const char *expected) {
    char got[4096];
    size_t chunks[] = {0, 1, 3};
    for (size_t i = 0; i < 3; i++) {
        lex_all(text, chunks[i], got, sizeof got);
        if (strcmp(got, expected) != 0)
            fail_msg("tokens of \"%s\" (chunk %zu):\n got %s\nwant %s", text, chunks[i], got,
                     expected);
    }
}

static void tokens_of_tags(void **state) {
    (void)state;
    assert_tokens("[Event \"Big \\\"One\\\" \\\\ end\"]", "T:Event=Big \"One\" \\ end");
    assert_tokens("[White \"Tal, Mikhail\"]\r\n[Black \"\"]\r\n",
                  "T:White=Tal, Mikhail T:Black=");
    /* an unescaped quote inside the value is kept and noted */
    lexer_fixture f;
    lex_start(&f, "[Event \"The \"Big\" One\"]", 0);
    assert_int_equal(pgn_lex_next(&f.lx), PGN_TOK_TAG);
    assert_string_equal(f.lx.value, "The \"Big\" One");
    assert_true(f.lx.lax & PGN_LAX_TAG_QUOTE);
    lex_start(&f, "[ Event   \"x\" ]", 0);
    assert_int_equal(pgn_lex_next(&f.lx), PGN_TOK_TAG);
    assert_string_equal(f.lx.value, "x");
    assert_true(f.lx.lax & PGN_LAX_TAG_SPACE);
    lex_start(&f, "[Event \"x\"]", 0);
    assert_int_equal(pgn_lex_next(&f.lx), PGN_TOK_TAG);
    assert_int_equal(f.lx.lax, 0);
}

static void tokens_of_movetext(void **state) {
    (void)state;
    assert_tokens("12. e4 12... e5 12 . Nf3 1.d4", "S:12 . S:e4 S:12 . . . S:e5 S:12 . S:Nf3 S:1 . S:d4");
    assert_tokens("e4 {a comment\n over lines} e5 ; rest of line\nNf3", "S:e4 S:e5 S:Nf3");
    assert_tokens("%escape line\ne4 $1 $23 Nf3!? +/= +- (d4 (c4)) 1-0",
                  "S:e4 $1 $23 S:Nf3!? S:+/= S:+- ( S:d4 ( S:c4 ) ) S:1-0");
    assert_tokens("0-0-0+ 0-1 1/2-1/2 * exd6e.p. Z0 --", "S:0-0-0+ S:0-1 S:1/2-1/2 * S:exd6e.p. S:Z0 S:--");
    /* a '%' that is not at the start of a line is no escape */
    assert_tokens("e4 %x", "S:e4 BAD S:x");
}

static void tokens_skip_bom_anywhere(void **state) {
    (void)state;
    assert_tokens("\xEF\xBB\xBF[Event \"A\"]\n\xEF\xBB\xBF[Event \"B\"]", "T:Event=A T:Event=B");
}

static void tokens_know_line_and_column(void **state) {
    (void)state;
    lexer_fixture f;
    lex_start(&f, "[Event \"x\"]\r\n\r\n1. e4 {c}\r\n  Nf3", 1);
    assert_int_equal(pgn_lex_next(&f.lx), PGN_TOK_TAG);
    assert_int_equal(f.lx.tok_line, 1);
    assert_int_equal(pgn_lex_next(&f.lx), PGN_TOK_SYMBOL); /* 1 */
    assert_int_equal(f.lx.tok_line, 3);
    assert_int_equal(f.lx.tok_column, 1);
    pgn_lex_next(&f.lx);                                   /* . */
    assert_int_equal(pgn_lex_next(&f.lx), PGN_TOK_SYMBOL); /* e4 */
    assert_int_equal(f.lx.tok_column, 4);
    assert_int_equal(pgn_lex_next(&f.lx), PGN_TOK_SYMBOL); /* Nf3 */
    assert_string_equal(f.lx.text, "Nf3");
    assert_int_equal(f.lx.tok_line, 4);
    assert_int_equal(f.lx.tok_column, 3);
}

static void unclosed_comment_stops_at_next_game(void **state) {
    (void)state;
    assert_tokens("1. e4 {oops\nmore\n\n[Event \"next\"]\n1. d4", "S:1 . S:e4 BAD T:Event=next S:1 . S:d4");
    /* lichess clocks wrapped onto a new line do not end a comment */
    assert_tokens("e4 { x\n[%clk 0:01:00] } e5", "S:e4 S:e5");
    assert_tokens("e4 { never closed", "S:e4 BAD");
}

/* ---- games ---- */

/* Runs the reader over text and describes what it found, one word per
 * event: "g<N>" for a game (plus "@fen-of-start" when asked), the SAN of
 * each ply, "E<line>:<col>:<move>" for an error, "|<result>" at the end of
 * a game. */
static void transcript(const char *text, unsigned flags, size_t chunk, char *out, size_t cap) {
    string_input in = {text, strlen(text), 0, chunk};
    fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, flags);
    assert_non_null(r);
    const fk_pgn_game *game = fk_pgn_reader_game(r);
    const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
    const fk_pgn_error *err = fk_pgn_reader_error(r);
    size_t n = 0;
    out[0] = '\0';
    fk_pgn_event ev;
    while ((ev = fk_pgn_next(r)) != FK_PGN_END) {
        char word[600];
        switch (ev) {
        case FK_PGN_GAME: snprintf(word, sizeof word, "g%ld", game->number); break;
        case FK_PGN_PLY:
            if (ply->depth)
                snprintf(word, sizeof word, "%s[%s]", ply->san, ply->path);
            else
                snprintf(word, sizeof word, "%s", ply->san);
            break;
        case FK_PGN_ERROR:
            snprintf(word, sizeof word, "E%ld:%ld:%s", err->line, err->column, err->move);
            break;
        default: snprintf(word, sizeof word, "|%s", game->result); break;
        }
        n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? " " : "", word);
        assert_true(n < cap);
    }
    fk_pgn_reader_free(r);
}

static void assert_games(const char *text, unsigned flags, const char *expected) {
    char got[8192];
    size_t chunks[] = {0, 1};
    for (size_t i = 0; i < 2; i++) {
        transcript(text, flags, chunks[i], got, sizeof got);
        if (strcmp(got, expected) != 0)
            fail_msg("games of \"%s\" (chunk %zu):\n got %s\nwant %s", text, chunks[i], got,
                     expected);
    }
}

/* The message of the first error in text. */
static void first_error(const char *text, unsigned flags, fk_pgn_error *out) {
    string_input in = {text, strlen(text), 0, 0};
    fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, flags);
    fk_pgn_event ev;
    memset(out, 0, sizeof *out);
    while ((ev = fk_pgn_next(r)) != FK_PGN_END)
        if (ev == FK_PGN_ERROR) {
            *out = *fk_pgn_reader_error(r);
            break;
        }
    fk_pgn_reader_free(r);
}

static void games_without_moves(void **state) {
    (void)state;
    /* tags only, a result only, missing blank lines, a comment before the
     * first tag */
    assert_games("{intro} [Event \"a\"]\n[Site \"b\"] *\n[Event \"c\"]1-0\n0-1", 0,
                 "g1 |* g2 |1-0 g3 |0-1");
    assert_games("", 0, "");
    assert_games("  \n{just a comment}\n", 0, "");
    assert_games("[Event \"only tags\"]", 0, "g1 |");
}

static void tags_are_read(void **state) {
    (void)state;
    const char *text = "[Event \"The \\\"Cup\\\"\"]\n[White \"J\xF6rg M\xFCller\"]\n"
                       "[Black \"Bj\xC3\xB6rn\"]\n\n*\n";
    string_input in = {text, strlen(text), 0, 0};
    fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, 0);
    assert_int_equal(fk_pgn_next(r), FK_PGN_GAME);
    const fk_pgn_game *game = fk_pgn_reader_game(r);
    assert_int_equal(game->tag_count, 3);
    assert_string_equal(fk_pgn_game_tag(game, "Event"), "The \"Cup\"");
    /* Latin-1 becomes UTF-8; UTF-8 stays as it is */
    assert_string_equal(fk_pgn_game_tag(game, "White"), "J\xC3\xB6rg M\xC3\xBCller");
    assert_string_equal(fk_pgn_game_tag(game, "Black"), "Bj\xC3\xB6rn");
    assert_null(fk_pgn_game_tag(game, "Site"));
    fk_position start;
    fk_position_startpos(&start);
    assert_true(fk_position_equal(&game->start, &start));
    assert_int_equal(fk_pgn_next(r), FK_PGN_GAME_END);
    assert_string_equal(game->result, "*");
    assert_int_equal(fk_pgn_next(r), FK_PGN_END);
    fk_pgn_stats stats = fk_pgn_reader_stats(r);
    assert_int_equal(stats.games, 1);
    assert_int_equal(stats.errors, 0);
    assert_int_equal(stats.bytes, strlen(text));
    fk_pgn_reader_free(r);
}

static void bad_setup_is_reported_and_skipped(void **state) {
    (void)state;
    assert_games("[Variant \"Crazyhouse\"]\n1. e4 P@e5 *\n[Event \"ok\"]\n*", 0,
                 "E2:1: |* g2 |*");
    assert_games("[SetUp \"1\"]\n*\n\n[Event \"ok\"] *", 0, "E2:1: |* g2 |*");
    fk_pgn_error e;
    first_error("[Variant \"Antichess\"]\n\n1. e4 *", 0, &e);
    assert_int_equal(e.game, 1);
    assert_non_null(strstr(e.message, "Antichess"));
}

static void broken_tag_line_is_reported(void **state) {
    (void)state;
    assert_games("[Event \"no end\n[Site \"x\"]\n*\n[Event \"ok\"] *", 0, "E1:1: |* g2 |*");
    assert_games("[Event x]\n*\n[Event \"ok\"] *", 0, "E1:1: |* g2 |*");
}

static void strict_rejects_tag_leniencies(void **state) {
    (void)state;
    assert_games("[ Event  \"x\" ]\n*", 0, "g1 |*");
    assert_games("[ Event  \"x\" ]\n*", FK_PGN_STRICT, "E1:1:Event |*");
    assert_games("[Event \"a \"b\" c\"]\n*", 0, "g1 |*");
    assert_games("[Event \"a \"b\" c\"]\n*", FK_PGN_STRICT, "E1:1:Event |*");
    assert_games("[Event \"x\"]\n", FK_PGN_STRICT, "g1 E2:1: |");
}

static void garbage_is_an_error_and_reading_goes_on(void **state) {
    (void)state;
    assert_games("[Event \"a\"]\n\n<html> *\n\n[Event \"b\"]\n*", 0, "E3:1: |* g2 |*");
    assert_games("[Event \"a\"]\n\n1. e4 {unclosed\n\n[Event \"b\"]\n*", FK_PGN_VARIATIONS,
                 "g1 e4 E3:7: | g2 |*");
}

/* ---- moves ---- */

static void move_numbers_in_all_forms(void **state) {
    (void)state;
    assert_games("1. e4 e5 2 . Nf3 2... Nc6 3.Bb5 3 ... a6 4.Ba4 *", 0,
                 "g1 e4 e5 Nf3 Nc6 Bb5 a6 Ba4 |*");
}

static void comments_nags_and_glyphs_are_skipped(void **state) {
    (void)state;
    const char *text = "{before} 1. e4 $1 {x} e5!? ; to the end of the line\n%escape\n"
                       "2. Nf3 +/= Nc6 +- 3. Bb5 ?! a6 = *";
    assert_games(text, 0, "g1 e4 e5 Nf3 Nc6 Bb5 a6 |*");
    assert_games(text, FK_PGN_STRICT, "g1 e4 e5 Nf3 E3:8:+/= |*");
}

/* Each event of text read with FK_PGN_ANNOTATIONS (and `flags`), a ply
 * written as SAN{comment}$nag..., in both chunk sizes. */
static void assert_annotations(const char *text, unsigned flags, const char *expected) {
    size_t chunks[] = {0, 1};
    for (size_t c = 0; c < 2; c++) {
        string_input in = {text, strlen(text), 0, chunks[c]};
        fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, flags | FK_PGN_ANNOTATIONS);
        const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
        char got[4096];
        size_t n = 0;
        got[0] = '\0';
        fk_pgn_event ev;
        while ((ev = fk_pgn_next(r)) != FK_PGN_END) {
            if (ev == FK_PGN_GAME_END) {
                n += (size_t)snprintf(got + n, sizeof got - n, "%s|", n ? " " : "");
                continue;
            }
            if (ev != FK_PGN_GAME && ev != FK_PGN_PLY) continue;
            n += (size_t)snprintf(got + n, sizeof got - n, "%s%s", n ? " " : "",
                                  ev == FK_PGN_GAME ? "g" : ply->san);
            if (ply->comment[0])
                n += (size_t)snprintf(got + n, sizeof got - n, "{%s}", ply->comment);
            for (int i = 0; i < ply->nag_count; i++)
                n += (size_t)snprintf(got + n, sizeof got - n, "$%d", ply->nags[i]);
        }
        fk_pgn_reader_free(r);
        if (strcmp(got, expected) != 0)
            fail_msg("annotations of \"%s\" (chunk %zu):\n got %s\nwant %s", text, chunks[c], got,
                     expected);
    }
}

/* A movetext that starts with a move, not a move number: FK_PGN_GAME
 * still holds ply 0, the start. */
static void game_event_holds_the_start(void **state) {
    (void)state;
    const char *texts[] = {"e4 e5 *", "[Event \"x\"]\ng1f3 c7c5 *", "{c} e4 *"};
    for (unsigned flags = 0; flags <= FK_PGN_ANNOTATIONS; flags += FK_PGN_ANNOTATIONS) {
        for (size_t i = 0; i < 3; i++) {
            string_input in = {texts[i], strlen(texts[i]), 0, 0};
            fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, flags);
            const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
            assert_int_equal(fk_pgn_next(r), FK_PGN_GAME);
            fk_position start;
            fk_position_startpos(&start);
            assert_int_equal(ply->ply, 0);
            assert_true(fk_position_equal(&ply->pos, &start));
            assert_int_equal(fk_pgn_next(r), FK_PGN_PLY);
            assert_int_equal(ply->ply, 1);
            fk_pgn_reader_free(r);
        }
    }
}

/* Each game's byte offsets cover its text: the first token to its result,
 * or to the next game's first tag when it has none. */
static void games_know_their_bytes(void **state) {
    (void)state;
    const char *text = "\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4\n\n"
                       "[Event \"c\"] 1. c4 *  \n";
    const char *want[] = {"[Event \"a\"]\n\n1. e4 e5 1-0", "[Event \"b\"]\n1. d4\n\n",
                          "[Event \"c\"] 1. c4 *"};
    string_input in = {text, strlen(text), 0, 3};
    fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, 0);
    const fk_pgn_game *game = fk_pgn_reader_game(r);
    int games = 0;
    fk_pgn_event ev;
    while ((ev = fk_pgn_next(r)) != FK_PGN_END) {
        if (ev != FK_PGN_GAME_END) continue;
        assert_true(games < 3);
        size_t len = (size_t)(game->end - game->offset);
        assert_int_equal(len, strlen(want[games]));
        assert_memory_equal(text + game->offset, want[games], len);
        games++;
    }
    assert_int_equal(games, 3);
    fk_pgn_reader_free(r);
}

static void annotations_are_read(void **state) {
    (void)state;
    const char *text =
        "[Event \"a\"]\n{before the moves}\n1. e4! {best  by\ntest} $14 e5 ; line\n"
        "2. Nf3 +/= (2. d4 {inner} (2. c4) exd4 $2) Nc6 {[%clk 0:01:02] [%eval 0.3]} *\n"
        "{between games} [Event \"b\"] 1. d4 {a} {b} d5?! *";
    /* main line: the variation's comments and NAGs are nobody's */
    assert_annotations(text, 0,
                       "g{before the moves} e4{best  by test}$1$14 e5{line} Nf3$14 "
                       "Nc6{[%clk 0:01:02] [%eval 0.3]} | g d4{a b} d5$6 |");
    assert_annotations(text, FK_PGN_VARIATIONS,
                       "g{before the moves} e4{best  by test}$1$14 e5{line} Nf3$14 d4{inner} c4 "
                       "exd4$2 Nc6{[%clk 0:01:02] [%eval 0.3]} | g d4{a b} d5$6 |");
    /* the same events as without the flag */
    assert_games(text, 0, "g1 e4 e5 Nf3 Nc6 |* g2 d4 d5 |*");
    /* an error after a held ply: the ply first, then the error */
    assert_annotations("1. e4 {ok} Ke3 *", 0, "g e4{ok} |");
}

/* The comments, NAGs and variations of the first game, at its end. */
static void skipped_counts(const char *text, unsigned flags, int counts[3]) {
    string_input in = {text, strlen(text), 0, 0};
    fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, flags);
    const fk_pgn_game *game = fk_pgn_reader_game(r);
    while (fk_pgn_next(r) != FK_PGN_GAME_END) continue;
    counts[0] = game->comments;
    counts[1] = game->nags;
    counts[2] = game->variations;
    fk_pgn_reader_free(r);
}

static void skipped_annotations_are_counted(void **state) {
    (void)state;
    const char *text = "{before} 1. e4 $1 {x} e5!? ; to the end of the line\n"
                       "2. Nf3 +/= (2. d4 {inner} (2. c4) exd4) Nc6 *\n{after} [Event \"b\"] *";
    int counts[3];
    for (unsigned flags = 0; flags <= FK_PGN_VARIATIONS; flags += FK_PGN_VARIATIONS) {
        skipped_counts(text, flags, counts);
        assert_int_equal(counts[0], 4); /* the one after the result is the next game's */
        assert_int_equal(counts[1], 3);
        assert_int_equal(counts[2], 1); /* (2. c4) is inside the other */
    }
    skipped_counts("1. e4 e5 *", 0, counts);
    assert_int_equal(counts[0] + counts[1] + counts[2], 0);
}

static void castling_with_zeros(void **state) {
    (void)state;
    const char *text = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *";
    assert_games(text, 0, "g1 e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 |*");
    assert_games(text, FK_PGN_STRICT, "g1 e4 e5 Nf3 Nc6 Bc4 Bc5 E1:35:0-0 |*");
}

static void over_specified_moves(void **state) {
    (void)state;
    assert_games("1. e4 e5 2. Ngf3 Ng8e7 *", 0, "g1 e4 e5 Nf3 Ne7 |*");
    assert_games("1. e4 e5 2. Ngf3 *", FK_PGN_STRICT, "g1 e4 e5 E1:13:Ngf3 |*");
    fk_pgn_error e;
    first_error("1. e4 e5 2. Ngf3 *", FK_PGN_STRICT, &e);
    assert_non_null(strstr(e.message, "Nf3"));
}

static void fen_tag_without_setup(void **state) {
    (void)state;
    const char *text = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e4 Kd7 *";
    assert_games(text, 0, "g1 e4 Kd7 |*");
    assert_games(text, FK_PGN_STRICT, "E2:1: |*");
}

static void games_start_from_fen(void **state) {
    (void)state;
    const char *text = "[SetUp \"1\"]\n[FEN \"r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/"
                       "RNBQK2R b KQkq - 0 1\"]\n\n1. ... Ba5 2. O-O d6\n3. d4 *";
    assert_games(text, 0, "g1 Ba5 O-O d6 d4 |*");
    string_input in = {text, strlen(text), 0, 0};
    fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, 0);
    const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
    assert_int_equal(fk_pgn_next(r), FK_PGN_GAME);
    assert_int_equal(ply->ply, 0);
    assert_int_equal(ply->pos.side, FK_BLACK);
    while (fk_pgn_next(r) == FK_PGN_PLY) {
    }
    assert_int_equal(ply->ply, 4);
    assert_int_equal(ply->pos.fullmove, 3);
    assert_int_equal(ply->pos.side, FK_BLACK);
    fk_pgn_reader_free(r);
}

static void missing_results_and_blank_lines(void **state) {
    (void)state;
    const char *text = "[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 *[Event \"c\"]1. c4";
    assert_games(text, 0, "g1 e4 e5 | g2 d4 |* g3 c4 |");
    assert_games(text, FK_PGN_STRICT, "g1 e4 e5 E3:1: | g2 d4 |* g3 c4 E4:24: |");
}

static void crlf_and_stray_spaces(void **state) {
    (void)state;
    assert_games("[Event  \"a\" ]\r\n[White \"x\"]\r\n\r\n1. e4\r\n e5 2. Nf3\r\n1-0\r\n", 0,
                 "g1 e4 e5 Nf3 |1-0");
}

static void variations_are_replayed_with_their_path(void **state) {
    (void)state;
    const char *text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 *";
    assert_games(text, 0, "g1 e4 e5 Nf3 |*");
    assert_games(text, FK_PGN_VARIATIONS,
                 "g1 e4 e5 c5[2.1] Nf3[2.1] c3[2.1/3.1] d5[2.1/3.1] d6[2.1] e6[2.2] Nf3 |*");
    /* an illegal move in a variation that is skipped does not matter */
    assert_games("1. e4 (1. Ke2 Ke7) e5 *", 0, "g1 e4 e5 |*");
    assert_games("1. e4 (1. Ke3) e5 *", FK_PGN_VARIATIONS, "g1 e4 E1:11:Ke3 |*");
    /* an unclosed variation at the end: fine, unless strict */
    assert_games("1. e4 e5 (1... c5 2. Nf3 *", FK_PGN_VARIATIONS, "g1 e4 e5 c5[2.1] Nf3[2.1] |");
    assert_games("1. e4 ) e5 *", 0, "g1 e4 e5 |*");
    assert_games("1. e4 ) e5 *", FK_PGN_STRICT, "g1 e4 E1:7:) |*");
}

static void illegal_move_is_reported_and_reading_goes_on(void **state) {
    (void)state;
    const char *text = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 Nf6 3. d4 1-0\n\n"
                       "[Event \"b\"]\n1. d4 d5 *\n";
    assert_games(text, 0, "g1 e4 e5 E3:13:Ke3 |1-0 g2 d4 d5 |*");
    fk_pgn_error e;
    first_error(text, 0, &e);
    assert_int_equal(e.game, 1);
    assert_int_equal(e.line, 3);
    assert_int_equal(e.column, 13);
    assert_string_equal(e.move, "Ke3");
    assert_non_null(strstr(e.message, "Ke3"));
    string_input in = {text, strlen(text), 0, 0};
    fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, 0);
    while (fk_pgn_next(r) != FK_PGN_END) {
    }
    fk_pgn_stats stats = fk_pgn_reader_stats(r);
    assert_int_equal(stats.games, 2);
    assert_int_equal(stats.errors, 1);
    fk_pgn_reader_free(r);
}

static void ambiguous_move_names_the_candidates(void **state) {
    (void)state;
    assert_games("1. d4 d5 2. Nf3 Nf6 3. Nd2 e6 *", 0, "g1 d4 d5 Nf3 Nf6 E1:24:Nd2 |*");
    fk_pgn_error e;
    first_error("1. d4 d5 2. Nf3 Nf6 3. Nd2 e6 *", 0, &e);
    assert_non_null(strstr(e.message, "Nbd2"));
    assert_non_null(strstr(e.message, "Nfd2"));
}

static void null_moves_and_uci_moves_unless_strict(void **state) {
    (void)state;
    assert_games("1. e4 -- 2. d4 Z0 *", 0, "g1 e4 -- d4 -- |*");
    assert_games("1. e4 -- *", FK_PGN_STRICT, "g1 e4 E1:7:-- |*");
    assert_games("e2e4 e7e5 g1f3 *", 0, "g1 e4 e5 Nf3 |*");
    assert_games("1. e4 d5 2. e5 f5 3. exf6 e.p. *", 0, "g1 e4 d5 e5 f5 exf6 |*");
}

static void pinned_pieces_do_not_disambiguate(void **state) {
    (void)state;
    /* the knight on d2 is pinned by the bishop on b4: only Ng1 goes to f3 */
    const char *tags = "[FEN \"4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1\"]\n";
    char text[256];
    snprintf(text, sizeof text, "%s1. Nf3 *", tags);
    assert_games(text, 0, "g1 Nf3 |*");
    snprintf(text, sizeof text, "%s1. Ngf3 *", tags);
    assert_games(text, 0, "g1 Nf3 |*");
    snprintf(text, sizeof text, "%s1. Ndf3 *", tags);
    assert_games(text, 0, "g1 E2:4:Ndf3 |*");
    /* promotions, captures that promote, en passant, checks and mate */
    assert_games("[FEN \"1n2k3/P7/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n1. exd6 Kd7 2. axb8=N+ Kxd6 "
                 "3. Kd2 *", 0, "g1 exd6 Kd7 axb8=N+ Kxd6 Kd2 |*");
}

/* Every ply of real games: the SAN the reader gives is what the SAN
 * writer gives for its move, and reads back to the same move. */
static void reader_san_agrees_with_the_san_functions(void **state) {
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/pgn/games1k_first200.pgn", FENKIT_TEST_DATA);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fk_pgn_reader *r = fk_pgn_reader_create(fk_pgn_read_stdio, f, 0);
    const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
    fk_position prev;
    long plies = 0;
    fk_pgn_event ev;
    while ((ev = fk_pgn_next(r)) != FK_PGN_END) {
        assert_int_not_equal(ev, FK_PGN_ERROR);
        if (ev == FK_PGN_PLY) {
            char san[16];
            fk_move_to_san(&prev, ply->move, san, sizeof san);
            assert_string_equal(san, ply->san);
            fk_move back;
            assert_int_equal(fk_move_parse_san(&prev, san, strlen(san), &back, NULL), FK_OK);
            assert_int_equal(back.from, ply->move.from);
            assert_int_equal(back.to, ply->move.to);
            assert_int_equal(back.promotion, ply->move.promotion);
            fk_position after = prev;
            fk_move_make(&after, ply->move);
            assert_true(fk_position_equal(&after, &ply->pos));
            plies++;
        }
        if (ev == FK_PGN_GAME || ev == FK_PGN_PLY) prev = ply->pos;
    }
    assert_int_equal(plies, 20376);
    fk_pgn_reader_free(r);
    fclose(f);
}

/* The repetition count of every ply of a main line. */
static void repetitions(const char *text, int *counts, int cap) {
    /* The main line is counted one way when variations are skipped (the
     * history is a list) and another when they are replayed (a tree): both
     * must agree. */
    static int with_variations[2048];
    assert_true(cap <= 2048);
    memcpy(with_variations, counts, (size_t)cap * sizeof *counts);
    for (unsigned flags = 0; flags <= FK_PGN_VARIATIONS; flags += FK_PGN_VARIATIONS) {
        int *out = flags ? with_variations : counts;
        string_input in = {text, strlen(text), 0, 0};
        fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, flags);
        const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
        fk_pgn_event ev;
        while ((ev = fk_pgn_next(r)) != FK_PGN_END)
            if ((ev == FK_PGN_PLY || ev == FK_PGN_GAME) && ply->depth == 0 && ply->ply < cap)
                out[ply->ply] = ply->repetition;
        fk_pgn_reader_free(r);
    }
    for (int i = 0; i < cap; i++) assert_int_equal(counts[i], with_variations[i]);
}

static void repetitions_follow_the_fide_key(void **state) {
    (void)state;
    int c[20] = {0};
    repetitions("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
                "7. Nf3 Nf6 8. Ng1 Ng8 *", c, 20);
    int want[17] = {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5};
    for (int i = 0; i <= 16; i++) assert_int_equal(c[i], want[i]);
    /* after 1. e4 the en passant square e3 cannot be used: the position is
     * the same as the one reached again at ply 5 */
    memset(c, 0, sizeof c);
    repetitions("1. e4 Nf6 2. Nf3 Ng8 3. Ng1 *", c, 20);
    assert_int_equal(c[5], 2);
    /* after 2... d5 the capture exd6 is possible: not the same position */
    memset(c, 0, sizeof c);
    repetitions("1. e4 Nf6 2. e5 d5 3. Nf3 Nc6 4. Ng1 Nb8 5. Nf3 Nc6 6. Ng1 Nb8 *", c, 20);
    assert_int_equal(c[8], 1);
    assert_int_equal(c[12], 2);
    /* a game longer than the history first allocated */
    static char text[12000];
    size_t n = 0;
    for (int i = 0; i < 300; i++) n += (size_t)sprintf(text + n, "Nf3 Nf6 Ng1 Ng8 ");
    strcpy(text + n, "*");
    static int many[1201];
    repetitions(text, many, 1201);
    assert_int_equal(many[1200], 301);
    assert_int_equal(many[1198], 300);
    /* castling rights lost: not the same position */
    memset(c, 0, sizeof c);
    repetitions("1. Nf3 Nf6 2. Rg1 Ng8 3. Rh1 Nf6 4. Ng1 Ng8 *", c, 20);
    assert_int_equal(c[8], 1);
    assert_int_equal(c[6], 1);
}

/* With FK_PGN_NO_REPETITION the same moves and positions come out, every
 * repetition count is 1, and a game is held to the same length. */
static void repetitions_can_be_left_uncounted(void **state) {
    (void)state;
    const char *text = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 (4. Ne5) 4... Ng8 *";
    for (unsigned extra = 0; extra <= FK_PGN_VARIATIONS; extra += FK_PGN_VARIATIONS) {
        fk_position counted[16], uncounted[16];
        int reps[2][16] = {{0}}, plies[2] = {0, 0};
        for (int pass = 0; pass < 2; pass++) {
            string_input in = {text, strlen(text), 0, 0};
            fk_pgn_reader *r =
                fk_pgn_reader_create(read_string, &in, extra | (pass ? FK_PGN_NO_REPETITION : 0));
            const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
            fk_pgn_event ev;
            while ((ev = fk_pgn_next(r)) != FK_PGN_END) {
                if (ev != FK_PGN_PLY || ply->depth) continue;
                (pass ? uncounted : counted)[ply->ply] = ply->pos;
                reps[pass][ply->ply] = ply->repetition;
                plies[pass]++;
            }
            fk_pgn_reader_free(r);
        }
        assert_int_equal(plies[0], 8);
        assert_int_equal(plies[1], 8);
        assert_int_equal(reps[0][8], 3);
        for (int i = 1; i <= 8; i++) {
            assert_true(fk_position_equal(&counted[i], &uncounted[i]));
            assert_int_equal(reps[1][i], 1);
        }
    }
    /* 16,400 plies: the 16,385th position is one too many either way */
    static char longest[16 * 4100 + 2];
    size_t n = 0;
    for (int i = 0; i < 4100; i++) n += (size_t)sprintf(longest + n, "Nf3 Nf6 Ng1 Ng8 ");
    strcpy(longest + n, "*");
    for (unsigned flags = 0; flags <= FK_PGN_NO_REPETITION; flags += FK_PGN_NO_REPETITION) {
        fk_pgn_error e;
        first_error(longest, flags, &e);
        assert_non_null(strstr(e.message, "longer than 16384 positions"));
        assert_int_equal(e.column, 1 + 4 * 16383); /* the 16,384th move */
    }
}

/* Move numbers in any form are skipped outside strict mode, wherever the
 * input is cut into reads; results and zero castling are not numbers. */
static void move_numbers_in_any_form(void **state) {
    (void)state;
    assert_games("1.e4 1...e5 2 Nf3 2.. Nc6 3.Bb5 a6 4.0-0 12 Nf6 1-0", 0,
                 "g1 e4 e5 Nf3 Nc6 Bb5 a6 O-O Nf6 |1-0");
    assert_games("1. e4 e5 1/2-1/2\n\n1.d4 0-1", 0, "g1 e4 e5 |1/2-1/2 g2 d4 |0-1");
    assert_games("1. e4 7 e5 *", FK_PGN_STRICT, "g1 e4 E1:7:7 |*");
}

/* Reads a file of tests/data/pgn and checks each game's move count against
 * its PlyCount tag. Returns games and errors. */
static void read_data_file(const char *name, unsigned flags, long *games, long *errors,
                           fk_position *last) {
    char path[512];
    snprintf(path, sizeof path, "%s/pgn/%s", FENKIT_TEST_DATA, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fk_pgn_reader *r = fk_pgn_reader_create(fk_pgn_read_stdio, f, flags);
    const fk_pgn_game *game = fk_pgn_reader_game(r);
    const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
    fk_pgn_event ev;
    while ((ev = fk_pgn_next(r)) != FK_PGN_END) {
        if (ev == FK_PGN_PLY && ply->depth == 0 && last) *last = ply->pos;
        if (ev != FK_PGN_GAME_END || game->has_error) continue;
        const char *count = fk_pgn_game_tag(game, "PlyCount");
        if (count && strcmp(count, "?") != 0 && game->plies != atoi(count))
            fail_msg("%s game %ld: %d plies, PlyCount says %s", name, game->number, game->plies,
                     count);
    }
    fk_pgn_stats stats = fk_pgn_reader_stats(r);
    *games = stats.games;
    *errors = stats.errors;
    fk_pgn_reader_free(r);
    fclose(f);
}

static void real_file_oddities(void **state) {
    (void)state;
    static const struct {
        const char *file;
        long games, errors;
    } files[] = {
        {"pythonchess_utf8-bom.pgn", 2, 0},
        {"pythonchess_chessbase-empty-line.pgn", 1, 0},
        {"pythonchess_kasparov-deep-blue-1997.pgn", 6, 0},
        {"pythonchess_molinari-bordais-1979.pgn", 1, 0},
        {"pythonchess_uci-moves.pgn", 1, 0},
        {"pythonchess_anastasian-lewis.pgn", 1, 0},
        {"pythonchess_cutechess-fischerrandom.pgn", 4, 0},
        {"pythonchess_stockfish-learning.pgn", 1, 0},
        {"chessjs_3.pgn", 1, 0},
        /* variants a standard-chess reader must report, not replay */
        {"pythonchess_antichess-programfox.pgn", 2, 2},
        {"pythonchess_knightvuillaume-jannlee-zh-lichess.pgn", 1, 1},
        /* "<br />" for line ends */
        {"chessjs_0.pgn", 1, 1},
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        long games, errors;
        fk_position last;
        read_data_file(files[i].file, FK_PGN_VARIATIONS, &games, &errors, &last);
        if (games != files[i].games || errors != files[i].errors)
            fail_msg("%s: %ld games, %ld errors; want %ld and %ld", files[i].file, games, errors,
                     files[i].games, files[i].errors);
        if (strcmp(files[i].file, "pythonchess_molinari-bordais-1979.pgn") == 0)
            assert_true(fk_position_status(&last) & FK_STATUS_CHECKMATE);
    }
}

/* ---- the openings table ---- */

static void lichess_openings_table(void **state) {
    (void)state;
    long rows = 0, mismatches = 0;
    for (char letter = 'a'; letter <= 'e'; letter++) {
        char path[512];
        snprintf(path, sizeof path, "%s/pgn/lichess_dist_2022-10-16_%c.tsv", FENKIT_TEST_DATA,
                 letter);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        char line[4096];
        assert_non_null(fgets(line, sizeof line, f)); /* header */
        while (fgets(line, sizeof line, f)) {
            /* eco, name, pgn, uci, epd */
            char *field[5], *p = line;
            for (int i = 0; i < 5; i++) {
                field[i] = p;
                p += strcspn(p, "\t\n");
                if (*p) *p++ = '\0';
            }
            string_input in = {field[2], strlen(field[2]), 0, 0};
            fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, FK_PGN_STRICT);
            const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
            fk_position last;
            int broken = 0;
            fk_pgn_event ev;
            while ((ev = fk_pgn_next(r)) != FK_PGN_END) {
                if (ev == FK_PGN_GAME || ev == FK_PGN_PLY) last = ply->pos;
                /* the table's movetext has no result: the only leniency */
                if (ev == FK_PGN_ERROR && !strstr(fk_pgn_reader_error(r)->message, "no result"))
                    broken = 1;
            }
            fk_pgn_reader_free(r);
            char fen[FK_FEN_MAX];
            fk_fen_write(&last, FK_EP_LEGAL, fen, sizeof fen);
            /* the EPD is the first four fields */
            char *end = fen;
            for (int spaces = 0; *end && !(*end == ' ' && ++spaces == 4); end++) {
            }
            *end = '\0';
            rows++;
            if (broken || strcmp(fen, field[4]) != 0) {
                if (mismatches < 5)
                    print_message("mismatch: %s\n  got  %s\n  want %s\n", field[2], fen, field[4]);
                mismatches++;
            }
        }
        fclose(f);
    }
    print_message("openings table: %ld rows, %ld mismatches\n", rows, mismatches);
    assert_int_equal(rows, 3373);
    assert_int_equal(mismatches, 0);
}

/* ---- writing ---- */

static int sink_buffer(void *ctx, const char *text, size_t len) {
    char *buf = ctx;
    size_t used = strlen(buf);
    if (used + len >= 65536) return -1;
    memcpy(buf + used, text, len);
    buf[used + len] = '\0';
    return 0;
}

/* Writes the main line of `text`'s first game into out. */
static void rewrite(const char *text, char *out) {
    string_input in = {text, strlen(text), 0, 0};
    fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, 0);
    const fk_pgn_game *game = fk_pgn_reader_game(r);
    const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
    fk_pgn_writer w;
    out[0] = '\0';
    fk_pgn_event ev;
    while ((ev = fk_pgn_next(r)) != FK_PGN_END && ev != FK_PGN_GAME_END) {
        if (ev == FK_PGN_GAME)
            assert_int_equal(fk_pgn_writer_begin(&w, sink_buffer, out, &game->start, game->tags,
                                                 game->tag_count),
                             FK_OK);
        if (ev == FK_PGN_PLY) assert_int_equal(fk_pgn_writer_move(&w, ply->move), FK_OK);
    }
    assert_int_equal(fk_pgn_writer_end(&w), FK_OK);
    fk_pgn_reader_free(r);
}

static void writer_writes_roster_and_numbers(void **state) {
    (void)state;
    static char out[65536];
    rewrite("[White \"A \\\"B\\\"\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 "
            "4.Qxf7# 1-0",
            out);
    assert_string_equal(out, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                             "[White \"A \\\"B\\\"\"]\n[Black \"?\"]\n[Result \"1-0\"]\n"
                             "[ECO \"C20\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n");
    rewrite("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n40... Kd7 41. e4 *", out);
    assert_non_null(strstr(out, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n"));
    assert_non_null(strstr(out, "\n\n40... Kd7 41. e4 *\n\n"));
}

static void writer_wraps_and_reads_back(void **state) {
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/pgn/pythonchess_kasparov-deep-blue-1997.pgn",
             FENKIT_TEST_DATA);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char text[65536], out[65536], again[65536];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    rewrite(text, out);
    for (char *line = out; *line;) {
        size_t len = strcspn(line, "\n");
        assert_true(len <= 79);
        line += len + (line[len] == '\n');
    }
    /* written text reads back to itself */
    rewrite(out, again);
    assert_string_equal(out, again);
    assert_non_null(strstr(out, "45. g7 1-0"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tokens_of_tags),
        cmocka_unit_test(tokens_of_movetext),
        cmocka_unit_test(tokens_skip_bom_anywhere),
        cmocka_unit_test(tokens_know_line_and_column),
        cmocka_unit_test(unclosed_comment_stops_at_next_game),
        cmocka_unit_test(games_without_moves),
        cmocka_unit_test(tags_are_read),
        cmocka_unit_test(bad_setup_is_reported_and_skipped),
        cmocka_unit_test(broken_tag_line_is_reported),
        cmocka_unit_test(strict_rejects_tag_leniencies),
        cmocka_unit_test(garbage_is_an_error_and_reading_goes_on),
        cmocka_unit_test(move_numbers_in_all_forms),
        cmocka_unit_test(comments_nags_and_glyphs_are_skipped),
        cmocka_unit_test(skipped_annotations_are_counted),
        cmocka_unit_test(annotations_are_read),
        cmocka_unit_test(game_event_holds_the_start),
        cmocka_unit_test(games_know_their_bytes),
        cmocka_unit_test(castling_with_zeros),
        cmocka_unit_test(over_specified_moves),
        cmocka_unit_test(fen_tag_without_setup),
        cmocka_unit_test(games_start_from_fen),
        cmocka_unit_test(missing_results_and_blank_lines),
        cmocka_unit_test(crlf_and_stray_spaces),
        cmocka_unit_test(variations_are_replayed_with_their_path),
        cmocka_unit_test(illegal_move_is_reported_and_reading_goes_on),
        cmocka_unit_test(ambiguous_move_names_the_candidates),
        cmocka_unit_test(null_moves_and_uci_moves_unless_strict),
        cmocka_unit_test(pinned_pieces_do_not_disambiguate),
        cmocka_unit_test(reader_san_agrees_with_the_san_functions),
        cmocka_unit_test(repetitions_follow_the_fide_key),
        cmocka_unit_test(repetitions_can_be_left_uncounted),
        cmocka_unit_test(move_numbers_in_any_form),
        cmocka_unit_test(real_file_oddities),
        cmocka_unit_test(lichess_openings_table),
        cmocka_unit_test(writer_writes_roster_and_numbers),
        cmocka_unit_test(writer_wraps_and_reads_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
