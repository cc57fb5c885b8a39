/* Which side is at the bottom: from the classified board, pawns and kings
 * of a game position decide (also with a man read in the wrong colour),
 * while a board no game can reach, pawns on the edge rows and extra kings
 * do not sway it; from rank labels, every theme's are read, between pieces
 * too, and hatching is not taken for them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fenkit/fenkit.h"
#include "render/lsan.h" /* fontconfig keeps caches when diagrams have text */
#include "vision/vision.h"

/* The diagram of pos with options o, decoded to grey, and where its board
 * lies. */
static fk_image draw(const fk_position *pos, const fk_diagram_options *o, fk_board_location *at) {
    fk_buffer png = {0};
    assert_int_equal(fk_render_png(pos, o, &png), FK_OK);
    fk_image im;
    fk_error err;
    assert_int_equal(fk_image_decode(png.data, png.len, &im, &err), FK_OK);
    fk_buffer_free(&png);
    fk_board_geometry g = fk_diagram_geometry(o);
    double x0 = g.x, y0 = g.y, side = 8.0 * g.square;
    at->corners[0] = (fk_point){x0, y0};
    at->corners[1] = (fk_point){x0 + side, y0};
    at->corners[2] = (fk_point){x0 + side, y0 + side};
    at->corners[3] = (fk_point){x0, y0 + side};
    at->score = 1;
    return im;
}

/* The picture cells (top row first) of a FEN placement as drawn with
 * White at the bottom, turned round when flipped. */
static void picture_of(const char *placement, int flipped, fk_piece picture[64]) {
    int i = 0;
    for (const char *p = placement; *p && i < 64; p++) {
        if (*p == '/') continue;
        if (*p >= '1' && *p <= '8') {
            for (int k = 0; k < *p - '0'; k++)
                picture[i++] = FK_EMPTY;
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
    /* 19 white men, with White's pawns and king near the top: a random
     * board, not a game seen from Black's side. */
    fk_piece picture[64];
    double confidence;
    picture_of("K1PPPPPP/PPNNBB2/QRRNNB2/8/8/8/8/2k5", 0, picture);
    assert_int_equal(fk_orient_guess(picture, &confidence), 1);
    assert_true(confidence < 0.8);
}

static void test_a_man_read_in_the_wrong_colour_keeps_the_vote(void **state) {
    (void)state;
    /* The opening seen from Black's side, one black man read as White's:
     * seventeen white men are a misreading, not a composed board. */
    fk_piece picture[64];
    double confidence;
    picture_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 1, picture);
    picture[63] = fk_piece_from_char('R');
    assert_int_equal(fk_orient_guess(picture, &confidence), 0);
    assert_true(confidence > 0.9);
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

static void test_labels_read_and_hatching_not_taken_for_them(void **state) {
    (void)state;
    fk_position pos;
    fk_problems list;
    const char *fen = "8/8/4k3/8/8/3K4/8/8 w - - 0 1";
    fk_problems_clear(&list);
    assert_int_equal(fk_fen_parse(fen, strlen(fen), FK_FEN_STRICT, &pos, &list), FK_OK);
    for (int t = 0; t < fk_theme_count(); t++)
        for (int coords = FK_COORDS_NONE; coords <= FK_COORDS_OUTSIDE; coords++)
            for (int flip = 0; flip < 2; flip++) {
                fk_diagram_options o;
                fk_diagram_options_default(&o);
                o.theme = fk_theme_at(t);
                o.coords = (fk_coords)coords;
                o.flip = flip;
                fk_board_location at;
                fk_image im = draw(&pos, &o, &at);
                double confidence;
                int got = fk_orient_from_labels(&im, &at, NULL, &confidence);
                /* No labels: none may be read (a hatched square is no "8").
                 * Labels inside hatched squares may go unread, never misread. */
                int want = coords == FK_COORDS_NONE ? -1 : !flip;
                int unread_ok = o.theme->hatched && coords == FK_COORDS_INSIDE && got == -1;
                if (got != want && !unread_ok)
                    fail_msg("theme %s, coords %d, flip %d: read %d, not %d", o.theme->name, coords,
                             flip, got, want);
                fk_image_free(&im);
            }
}

/* fk_orient_from_labels on the diagram of `placement` drawn in theme t
 * with the labels inside, flipped or not: told where the men are (aided)
 * or not. */
static int labels_inside(const char *placement, int t, int flip, int aided) {
    char fen[100];
    snprintf(fen, sizeof fen, "%s w - - 0 1", placement);
    fk_position pos;
    fk_problems list;
    fk_problems_clear(&list);
    assert_int_equal(fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT, &pos, &list), FK_OK);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    o.theme = fk_theme_at(t);
    o.coords = FK_COORDS_INSIDE;
    o.flip = flip;
    fk_board_location at;
    fk_image im = draw(&pos, &o, &at);
    fk_piece picture[64];
    picture_of(placement, flip, picture);
    double confidence;
    int got = fk_orient_from_labels(&im, &at, aided ? picture : NULL, &confidence);
    fk_image_free(&im);
    return got;
}

static void test_labels_read_between_pieces(void **state) {
    (void)state;
    /* Men on a3 to a6 hide those labels; the four left (8, 7, 2, 1) are
     * read when the classified board says where the men are, and never
     * misread when it does not. */
    for (int t = 0; t < fk_theme_count(); t++)
        for (int flip = 0; flip < 2; flip++) {
            const fk_theme *theme = fk_theme_at(t);
            int got = labels_inside("8/8/k7/N7/n7/K7/8/8", t, flip, 1);
            int blind = labels_inside("8/8/k7/N7/n7/K7/8/8", t, flip, 0);
            if (got != !flip && !(theme->hatched && got == -1))
                fail_msg("theme %s, flip %d: read %d", theme->name, flip, got);
            if (blind == flip) fail_msg("theme %s, flip %d: misread unaided", theme->name, flip);
        }
}

static void test_file_letters_read_when_the_rank_labels_are_hidden(void **state) {
    (void)state;
    /* Men on both edge files from the second rank up hide the rank
     * numbers; the file letters of the empty bottom row remain, and the
     * tall ones (b, d, f, h) tell which way round the board is. */
    int read = 0;
    for (int t = 0; t < fk_theme_count(); t++)
        for (int flip = 0; flip < 2; flip++) {
            const fk_theme *theme = fk_theme_at(t);
            int got = labels_inside("r6r/p6p/p6p/p6p/P6P/P6P/P6P/8", t, flip, 1);
            if (got == flip) fail_msg("theme %s, flip %d: misread", theme->name, flip);
            if (got != !flip && !theme->hatched)
                fail_msg("theme %s, flip %d: not read (%d)", theme->name, flip, got);
            read += got == !flip;
        }
    assert_true(read > 0);
}

static void test_three_rank_numbers_on_a_hatched_board(void **state) {
    (void)state;
    /* On a hatched board only the edge file's plain squares show their
     * numbers clearly, and a man on a6 (h3 when flipped) hides one of
     * those: three are left, with the end row's "8" (or "1") among them. */
    int hatched = 0;
    for (int t = 0; t < fk_theme_count(); t++) {
        const fk_theme *theme = fk_theme_at(t);
        if (!theme->hatched) continue;
        hatched++;
        for (int flip = 0; flip < 2; flip++) {
            int got = labels_inside("8/8/n7/3k4/8/4K2N/8/8", t, flip, 1);
            if (got != !flip) fail_msg("theme %s, flip %d: read %d", theme->name, flip, got);
        }
    }
    assert_true(hatched > 0);
}

/* For printed diagrams: the pawns alone. Kings anywhere say nothing; a
 * white pawn below a black one on a file speaks for White at the bottom,
 * and the same seen from Black's side the other way. */
static void test_pawns_alone_ignore_the_kings(void **state) {
    (void)state;
    fk_piece picture[64];
    double confidence;
    picture_of("2K5/8/8/8/8/8/1Q6/k7", 0, picture);
    fk_orient_by_pawns(picture, &confidence);
    assert_true(confidence == 0.5);
    const char *game = "r1bqkbnr/pp3ppp/2n1p3/2pp4/3PP3/2N2N2/PPP2PPP/R1BQKB1R";
    picture_of(game, 0, picture);
    assert_int_equal(fk_orient_by_pawns(picture, &confidence), 1);
    assert_true(confidence > 0.99);
    picture_of(game, 1, picture);
    assert_int_equal(fk_orient_by_pawns(picture, &confidence), 0);
    assert_true(confidence > 0.99);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_positions_either_way_round),
        cmocka_unit_test(test_pawns_alone_ignore_the_kings),
        cmocka_unit_test(test_a_board_no_game_reaches_keeps_the_lean),
        cmocka_unit_test(test_a_man_read_in_the_wrong_colour_keeps_the_vote),
        cmocka_unit_test(test_edge_pawns_and_extra_kings_do_not_sway),
        cmocka_unit_test(test_labels_read_between_pieces),
        cmocka_unit_test(test_file_letters_read_when_the_rank_labels_are_hidden),
        cmocka_unit_test(test_three_rank_numbers_on_a_hatched_board),
        cmocka_unit_test(test_labels_read_and_hatching_not_taken_for_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
