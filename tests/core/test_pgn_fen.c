/* Tests for src/core/pgn_fen.c: the reader's incremental FEN writer must
 * give fk_fen_write's text, byte for byte, at every position it replays. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fenkit/core.h"

/* Input from a string. */
typedef struct {
    const char *text;
    size_t len, pos;
} string_input;

static size_t read_string(void *ctx, char *buf, size_t cap) {
    string_input *in = ctx;
    size_t n = in->len - in->pos;
    if (n > cap) n = cap;
    memcpy(buf, in->text + in->pos, n);
    in->pos += n;
    return n;
}

/* Replays every game the reader gives and compares, at each position and
 * in both en passant conventions, the reader's FEN with fk_fen_write's.
 * Returns the number of positions compared. */
static long compare_all(fk_pgn_reader *r, const char *what) {
    const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
    long compared = 0;
    fk_pgn_event ev;
    while ((ev = fk_pgn_next(r)) != FK_PGN_END) {
        if (ev != FK_PGN_GAME && ev != FK_PGN_PLY) continue;
        for (int ep = FK_EP_LEGAL; ep <= FK_EP_ALWAYS; ep++) {
            char want[FK_FEN_MAX], got[FK_FEN_MAX];
            size_t want_len = fk_fen_write(&ply->pos, (fk_ep_mode)ep, want, sizeof want);
            size_t got_len = fk_pgn_reader_fen(r, (fk_ep_mode)ep, got, sizeof got);
            if (got_len != want_len || strcmp(got, want) != 0)
                fail_msg("%s game %ld ply %d: reader wrote \"%s\", fk_fen_write \"%s\"", what,
                         fk_pgn_reader_game(r)->number, ply->ply, got, want);
        }
        compared++;
    }
    return compared;
}

static long compare_text(const char *text, unsigned flags) {
    string_input in = {text, strlen(text), 0};
    fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, flags);
    assert_non_null(r);
    long n = compare_all(r, text);
    fk_pgn_reader_free(r);
    return n;
}

static void every_position_of_the_test_files(void **state) {
    (void)state;
    char dir_path[512];
    snprintf(dir_path, sizeof dir_path, "%s/pgn", FENKIT_TEST_DATA);
    DIR *dir = opendir(dir_path);
    assert_non_null(dir);
    long total = 0, variations = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 4, ".pgn") != 0) continue;
        for (unsigned flags = 0; flags <= FK_PGN_VARIATIONS; flags += FK_PGN_VARIATIONS) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir_path, e->d_name);
            FILE *f = fopen(path, "rb");
            assert_non_null(f);
            fk_pgn_reader *r = fk_pgn_reader_create(fk_pgn_read_stdio, f, flags);
            long compared = compare_all(r, e->d_name);
            fk_pgn_reader_free(r);
            fclose(f);
            if (flags)
                variations += compared;
            else
                total += compared;
        }
    }
    closedir(dir);
    /* games1k_first200.pgn alone has over 20,000 positions */
    assert_true(total > 20000);
    assert_true(variations >= total);
}

/* Variations jump back to earlier positions, castling rights change one
 * side at a time, and a position may have empty ranks only. */
static void jumps_castling_and_empty_ranks(void **state) {
    (void)state;
    long n = compare_text("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O (4. Rg1 Nf6 5. Rh1 Ng8) "
                          "(4. Kf1 Nf6) 4... Nf6 5. d4 exd4 6. e5 d5 7. exd6 Qxd6 1-0\n\n"
                          "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n"
                          "1. Ra2 Kd8 2. Rhh2 Ke8 3. Rh3 Kd8 4. Kd1 *\n\n"
                          "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1\"]\n\n"
                          "1... exd3 2. Kd2 Kd7 *\n",
                          FK_PGN_VARIATIONS);
    assert_int_equal(n, (1 + 14 + 4 + 2) + (1 + 7) + (1 + 3));
}

/* Chess960 and X-FEN castling letters come from the board: the writer
 * must still agree when the king or the rooks move. */
static void chess960_castling(void **state) {
    (void)state;
    long n = compare_text("[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                          "[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n"
                          "9. g3 Nb6 10. Rf2 Ne8 11. Kf1 *\n",
                          0);
    assert_int_equal(n, 6);
}

/* Too small a buffer: nothing written, length 0, as fk_fen_write does. */
static void small_buffer(void **state) {
    (void)state;
    string_input in = {"1. e4 *\n", 8, 0};
    fk_pgn_reader *r = fk_pgn_reader_create(read_string, &in, 0);
    assert_int_equal(fk_pgn_next(r), FK_PGN_GAME);
    char buf[16] = "unchanged";
    assert_int_equal(fk_pgn_reader_fen(r, FK_EP_LEGAL, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    char full[FK_FEN_MAX];
    assert_int_equal(fk_pgn_reader_fen(r, FK_EP_LEGAL, full, sizeof full), 56);
    assert_string_equal(full, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    fk_pgn_reader_free(r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_position_of_the_test_files),
        cmocka_unit_test(jumps_castling_and_empty_ranks),
        cmocka_unit_test(chess960_castling),
        cmocka_unit_test(small_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
