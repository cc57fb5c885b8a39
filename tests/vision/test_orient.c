/* Which side is at the bottom, from the classified board: pawns and kings
 * of a game position decide; a board no game can reach, pawns on the edge
 * rows and extra kings do not sway it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "vision/vision.h"

/* The picture cells (top row first) of a FEN placement as drawn with
 * White at the bottom, turned round when flipped. */
static void picture_of(const char *placement, int flipped, fk_piece picture[64]) {
    int i = 0;
    for (const char *p = placement; *p && i < 64; p++) {
        if (*p == '/') continue;
        if (*p >= '1' && *p <= '8') {
            for (int k = 0; k < *p - '0'; k++) picture[i++] = FK_EMPTY;
        } else {
            picture[i++] = fk_piece_from_char(*p);
        }
    }
    assert_int_equal(i, 64);
    if (flipped)
        for (int k = 0; k < 32; k++) {
            fk_piece t = picture[k];
            picture[k] = picture[63 - k];
            picture[63 - k] = t;
        }
}

static void test_game_positions_either_way_round(void **state) {
    (void)state;
    static const char *const games[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1",
        "8/5pk1/6p1/8/3P4/6P1/5PK1/8",
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        for (int flipped = 0; flipped < 2; flipped++) {
            fk_piece picture[64];
            double confidence;
            picture_of(games[i], flipped, picture);
            assert_int_equal(fk_orient_guess(picture, &confidence), !flipped);
            assert_true(confidence > 0.75);
        }
}

static void test_a_board_no_game_reaches_keeps_the_lean(void **state) {
    (void)state;
    /* 17 white men, with White's pawns and king near the top: a random
     * board, not a game seen from Black's side. */
    fk_piece picture[64];
    double confidence;
    picture_of("K1PPPPPP/PPNNBB2/QRRN4/8/8/8/8/2k5", 0, picture);
    assert_int_equal(fk_orient_guess(picture, &confidence), 1);
    assert_true(confidence < 0.8);
}

static void test_edge_pawns_and_extra_kings_do_not_sway(void **state) {
    (void)state;
    /* White at the bottom by its pawns and Black's king; misreadings put a
     * row of white pawns on the top edge and two more white kings below. */
    fk_piece picture[64];
    double confidence;
    picture_of("PPPPPPPP/K3k2K/8/8/8/8/3PP3/4K3", 0, picture);
    assert_int_equal(fk_orient_guess(picture, &confidence), 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_positions_either_way_round),
        cmocka_unit_test(test_a_board_no_game_reaches_keeps_the_lean),
        cmocka_unit_test(test_edge_pawns_and_extra_kings_do_not_sway),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
