/* The whole scan: cluttered screenshots drawn by the render layer and real
 * screenshots in tests/data/scan read back to their positions; repairs of
 * positions that break the rules; the FEN fields a picture cannot show. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fenkit/fenkit.h"
#include "render/lsan.h" /* fontconfig keeps caches when diagrams have text */
#include "vision/scan_data.h"
#include "vision/vision.h"

/* Squares where two placements (FEN first fields) differ. */
static int placement_misses(const char *fen, const char *want) {
    fk_position a, b;
    fk_problems probs;
    char full[FK_FEN_MAX];
    fk_problems_clear(&probs);
    fk_fen_parse(fen, strcspn(fen, " "), FK_FEN_TOLERANT, &a, &probs);
    snprintf(full, sizeof full, "%s w - - 0 1", want);
    fk_problems_clear(&probs);
    fk_fen_parse(full, strlen(full), FK_FEN_TOLERANT, &b, &probs);
    int misses = 0;
    for (int sq = 0; sq < 64; sq++) misses += a.board[sq] != b.board[sq];
    return misses;
}

/* A random training picture of a random position of kind k (its size
 * and page as topts says, then `adjust` may change its diagram), drawn to
 * PNG into *png; the position and the picture's layout come back too. */
static void render_random(fk_rng *rng, fk_random_kind k, const fk_training_options *topts,
                          void (*adjust)(fk_training_image *, int), int i, fk_position *pos,
                          fk_training_image *img, fk_buffer *png) {
    fk_square from, to;
    fk_random_position(rng, k, pos, &from, &to);
    fk_training_image_random(rng, pos, NULL, from, to, topts, img);
    if (adjust) adjust(img, i);
    fk_buffer svg = {0};
    *png = (fk_buffer){0};
    assert_int_equal(fk_training_image_svg(pos, img, &svg), FK_OK);
    assert_int_equal(fk_svg_to_png(svg.data, svg.len, img->width, img->height, png, NULL), FK_OK);
    fk_buffer_free(&svg);
}

/* White at the bottom, as the first test wants. */
static void white_bottom(fk_training_image *img, int i) {
    (void)i;
    img->diagram.flip = 0;
}

/* Every other board from Black's side; labels inside for two in four. */
static void flip_and_label(fk_training_image *img, int i) {
    img->diagram.flip = i % 2;
    img->diagram.coords = i % 4 < 2 ? FK_COORDS_INSIDE : FK_COORDS_OUTSIDE;
}

static void test_reads_rendered_screenshots(void **state) {
    (void)state;
    fk_rng rng;
    fk_rng_seed(&rng, 2024);
    int boards = 6, misses = 0, flat = 0;
    fk_training_options topts;
    fk_training_options_default(&topts);
    topts.clutter = 1.0;
    topts.max_size = 800;
    for (int i = 0; i < boards; i++) {
        fk_position pos;
        fk_training_image img;
        fk_buffer png;
        render_random(&rng, (fk_random_kind)(i % 3), &topts, white_bottom, i, &pos, &img, &png);
        fk_scan_options o;
        fk_scan_options_default(&o);
        o.bottom = FK_BOTTOM_WHITE;
        fk_scan_result r;
        fk_error err;
        assert_int_equal(fk_scan_bytes(png.data, png.len, &o, &r, &err), FK_OK);
        /* The board lies where the page put it. */
        assert_true(r.board.corners[0].x > img.board_x - 1 && r.board.corners[0].x < img.board_x + 1);
        assert_true(r.board.corners[2].y > img.board_y + img.board_size - 1 &&
                    r.board.corners[2].y < img.board_y + img.board_size + 1);
        char placement[FK_FEN_MAX];
        fk_fen_write_placement(&pos, placement, sizeof placement);
        misses += placement_misses(r.fen, placement);
        /* Squares of one flat colour are read empty without the network
         * (a reading of exactly 1); none of them may hold a man. */
        for (int sq = 0; sq < 64; sq++)
            if (r.squares[sq].piece == FK_EMPTY && r.squares[sq].prob == 1.0f) {
                assert_int_equal(pos.board[sq], FK_EMPTY);
                flat++;
            }
        fk_buffer_free(&png);
    }
    /* At most one square in the six boards read wrong. */
    assert_true(misses <= 1);
    assert_true(flat >= 40);
}

/* The 3 x 3 inverse of m (row by row). */
static void invert3(const double m[9], double out[9]) {
    double a = m[4] * m[8] - m[5] * m[7], b = m[5] * m[6] - m[3] * m[8], c = m[3] * m[7] - m[4] * m[6];
    double det = m[0] * a + m[1] * b + m[2] * c;
    double adj[9] = {a, m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                     b, m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                     c, m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]};
    for (int i = 0; i < 9; i++) out[i] = adj[i] / det;
}

/* The 3 x 3 product a b (row by row). */
static void multiply3(const double a[9], const double b[9], double out[9]) {
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            out[r * 3 + c] = a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c];
}

/* Scans the side x side picture whose pixel centre (x, y) shows the flat
 * picture's point seen_to_flat(x, y) (grey `fill` where that is outside
 * it), White at the bottom. */
static void scan_warped(const fk_image *flat, const double seen_to_flat[9], int side, int fill,
                        fk_scan_result *r) {
    fk_image seen = {.width = side, .height = side, .grey = malloc((size_t)side * side)};
    assert_non_null(seen.grey);
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            fk_point p = fk_quad_point(seen_to_flat, x + 0.5, y + 0.5);
            double g = p.x < 0 || p.y < 0 || p.x >= flat->width || p.y >= flat->height
                           ? fill
                           : fk_grey_at(flat, p.x, p.y);
            seen.grey[(size_t)y * side + x] = (uint8_t)(g + 0.5);
        }
    fk_scan_options o;
    fk_scan_options_default(&o);
    o.bottom = FK_BOTTOM_WHITE;
    fk_error err;
    assert_int_equal(fk_scan_image(&seen, &o, r, &err), FK_OK);
    fk_image_free(&seen);
}

/* A rendered board photographed at a slant: the picture is warped so that
 * the board's corners land on a keystoned, turned quadrilateral; the scan
 * must find those corners (not the upright box around them) and read the
 * position. */
static void test_follows_a_board_seen_at_a_slant(void **state) {
    (void)state;
    fk_rng rng;
    fk_rng_seed(&rng, 77);
    fk_training_options topts;
    fk_training_options_default(&topts);
    topts.clutter = 0;
    topts.max_size = 700;
    static const fk_point slant[4][4] = {
        {{60, 40}, {600, 70}, {640, 620}, {30, 590}},  /* keystone, taller on the right */
        {{90, 30}, {610, 60}, {580, 600}, {70, 640}},  /* turned about two degrees, and narrower at the foot */
        {{120, 60}, {560, 60}, {650, 600}, {40, 600}}, /* a screen seen from below */
        /* turned by 8 degrees about (345, 340): a photo held askew, too
         * far turned for the upright lattice */
        {{123.71, 46.35}, {638.65, 118.71}, {566.29, 633.65}, {51.35, 561.29}},
    };
    int misses = 0;
    for (int i = 0; i < 4; i++) {
        fk_position pos;
        fk_training_image img;
        fk_buffer png;
        render_random(&rng, FK_RANDOM_MIDDLEGAME, &topts, white_bottom, i, &pos, &img, &png);
        fk_image flat;
        fk_error err;
        assert_int_equal(fk_image_decode(png.data, png.len, &flat, &err), FK_OK);
        fk_buffer_free(&png);
        /* Each pixel of the slanted picture takes the flat picture's grey at
         * the same board point. */
        double bx = img.board_x, by = img.board_y, bs = img.board_size;
        const fk_point upright[4] = {{bx, by}, {bx + bs, by}, {bx + bs, by + bs}, {bx, by + bs}};
        double to_flat[9], to_slant[9], from_slant[9], seen_to_flat[9];
        fk_quad_map(upright, to_flat);
        fk_quad_map(slant[i], to_slant);
        invert3(to_slant, from_slant);
        multiply3(to_flat, from_slant, seen_to_flat);
        fk_scan_result r;
        scan_warped(&flat, seen_to_flat, 680, 235, &r);
        fk_image_free(&flat);
        for (int k = 0; k < 4; k++)
            if (hypot(r.board.corners[k].x - slant[i][k].x, r.board.corners[k].y - slant[i][k].y) > 2)
                fail_msg("board %d corner %d at %.1f, %.1f, not %.0f, %.0f", i, k, r.board.corners[k].x,
                         r.board.corners[k].y, slant[i][k].x, slant[i][k].y);
        char placement[FK_FEN_MAX];
        fk_fen_write_placement(&pos, placement, sizeof placement);
        misses += placement_misses(r.fen, placement);
    }
    assert_true(misses <= 1);
}

static void test_finds_the_bottom_from_the_coordinates(void **state) {
    (void)state;
    /* Forty random boards of every kind, half of them seen from Black's
     * side, with rank numbers inside the edge squares or beside the board:
     * every one is read the right way round, and a random placement's
     * misleading pawns and kings do not overrule the numbers. */
    fk_rng rng;
    fk_rng_seed(&rng, 4242);
    int boards = 40, beside = 0, beside_read = 0, wrong = 0;
    fk_training_options topts;
    fk_training_options_default(&topts);
    topts.min_size = 200;
    topts.max_size = 520;
    for (int i = 0; i < boards; i++) {
        fk_position pos;
        fk_training_image img;
        fk_buffer png;
        render_random(&rng, (fk_random_kind)(i % FK_RANDOM_KIND_COUNT), &topts, flip_and_label, i,
                      &pos, &img, &png);
        fk_scan_options o;
        fk_scan_options_default(&o);
        fk_scan_result r;
        fk_error err;
        assert_int_equal(fk_scan_bytes(png.data, png.len, &o, &r, &err), FK_OK);
        if (r.white_bottom != !img.diagram.flip) {
            print_message("board %d (theme %s, coords %d, flip %d) read the other way round\n", i,
                          img.diagram.theme->name, img.diagram.coords, img.diagram.flip);
            wrong++;
        }
        beside += img.diagram.coords == FK_COORDS_OUTSIDE;
        for (int n = 0; n < r.note_count; n++)
            beside_read += img.diagram.coords == FK_COORDS_OUTSIDE &&
                           strstr(r.notes[n], "from the coordinates") != NULL;
        fk_buffer_free(&png);
    }
    /* Labels beside the board are always read; those inside may be hidden
     * by pieces, and then the position decides, also rightly here. */
    assert_int_equal(wrong, 0);
    assert_int_equal(beside_read, beside);
}

/* Scans a file of tests/data/scan. */
static fk_status scan_file(const char *name, const fk_scan_options *o, fk_scan_result *r) {
    size_t n;
    unsigned char *data = scan_data(name, &n);
    fk_error err;
    fk_status s = fk_scan_bytes(data, n, o, r, &err);
    free(data);
    return s;
}

/* fk_scan_options.stop: counts the times it is asked, and says stop from
 * the ask numbered *ctx on (0: never). */
static int asked;
static int stop_at(void *ctx) {
    int from = *(const int *)ctx;
    return ++asked >= from && from > 0;
}

/* A scan asks its stop between its steps, and ends at once with
 * FK_ERR_STOPPED when told to; a stop asked too late changes nothing. */
static void test_stops_when_its_caller_says(void **state) {
    (void)state;
    size_t n;
    unsigned char *data = scan_data("page-three.png", &n);
    fk_scan_options o;
    fk_scan_options_default(&o);
    o.stop = stop_at;
    fk_scan_result r[FK_SCAN_MAX_BOARDS];
    fk_error err;
    int never = 0, count = 0;
    o.stop_ctx = &never;
    asked = 0;
    assert_int_equal(fk_scan_bytes_all(data, n, &o, r, FK_SCAN_MAX_BOARDS, &count, &err), FK_OK);
    assert_int_equal(count, 3);
    int asks = asked; /* after the picture, between boards, and a board's five steps each */
    assert_true(asks >= 1 + 3 * 5);
    for (int from = 1; from <= asks; from += asks / 4 ? asks / 4 : 1) {
        asked = 0;
        o.stop_ctx = &from;
        count = 0;
        assert_int_equal(fk_scan_bytes_all(data, n, &o, r, FK_SCAN_MAX_BOARDS, &count, &err),
                         FK_ERR_STOPPED);
        assert_int_equal(asked, from); /* nothing more was done, or asked, once stopped */
        assert_non_null(strstr(err.message, "stopped"));
    }
    /* one board, read with the same stop */
    int first = 1;
    o.stop_ctx = &first;
    asked = 0;
    assert_int_equal(fk_scan_bytes(data, n, &o, r, &err), FK_ERR_STOPPED);
    free(data);
}

/* A printed diagram of 2,000 pixels filling its picture, the paper
 * running from square to square between the hatching lines: the flat
 * colours make no board and the blurred stages at the usual work size only
 * a lattice of 150 pixels inside the hatched a1. The
 * whole board is found at half that work size (locate.c). The men, brass
 * bodies under metal tops, are not checked: that set on the book theme is
 * read with several squares wrong at every size. */
static void test_finds_a_large_printed_diagram_without_flat_squares(void **state) {
    (void)state;
    fk_scan_options o;
    fk_scan_options_default(&o);
    fk_scan_result r;
    assert_int_equal(scan_file("metaltops-book-2000.png", &o, &r), FK_OK);
    static const double want[4][2] = {{0, 0}, {2000, 0}, {2000, 2000}, {0, 2000}};
    for (int k = 0; k < 4; k++)
        if (hypot(r.board.corners[k].x - want[k][0], r.board.corners[k].y - want[k][1]) > 15)
            fail_msg("corner %d at %.1f, %.1f, not %.0f, %.0f", k, r.board.corners[k].x,
                     r.board.corners[k].y, want[k][0], want[k][1]);
}

/* A real screenshot (cv_03) turned by 10 and by 30 degrees on a white page
 * larger than it, as a phone photo held askew would show it: the upright
 * lattice finds no board, the turn of its lines is measured and undone,
 * and the position reads back wholly right. */
static void test_reads_a_turned_screenshot(void **state) {
    (void)state;
    size_t n;
    unsigned char *data = scan_data("cv_03.jpg", &n);
    fk_image flat;
    fk_error err;
    assert_int_equal(fk_image_decode(data, n, &flat, &err), FK_OK);
    free(data);
    static const double degrees[] = {10, 30};
    for (int i = 0; i < 2; i++) {
        /* the 760 x 760 page's centre onto the picture's, turned */
        double c = cos(degrees[i] * 3.14159265358979 / 180), s = sin(degrees[i] * 3.14159265358979 / 180);
        const double turn[9] = {c, -s, flat.width / 2.0 - 380 * (c - s),
                                s, c,  flat.height / 2.0 - 380 * (s + c),
                                0, 0,  1};
        fk_scan_result r;
        scan_warped(&flat, turn, 760, 255, &r);
        int misses = placement_misses(r.fen, "8/7p/1np5/p1kp2R1/4p2N/4P2P/2p5/2K5");
        if (misses) fail_msg("turned by %.0f: read %s, %d squares wrong", degrees[i], r.fen, misses);
        char said[64];
        snprintf(said, sizeof said, "the board is turned %.0f degrees", degrees[i]);
        assert_non_null(strstr(r.notes[0], said));
    }
    fk_image_free(&flat);
}

/* Scans tests/data/scan/FILE with the default options into r and fails
 * unless its placement is `placement`. */
/* Scans file with the default options and fails unless its placement
 * misses `placement` on `allowed` squares at most. */
static void expect_reading_within(const char *file, const char *placement, int allowed,
                                  fk_scan_result *r) {
    fk_scan_options o;
    fk_scan_options_default(&o);
    assert_int_equal(scan_file(file, &o, r), FK_OK);
    int misses = placement_misses(r->fen, placement);
    if (misses > allowed) fail_msg("%s: read %s, %d squares wrong", file, r->fen, misses);
}

static void expect_reading(const char *file, const char *placement, fk_scan_result *r) {
    expect_reading_within(file, placement, 0, r);
}

/* Whether one of r's notes says text. */
static int noted(const fk_scan_result *r, const char *text) {
    for (int k = 0; k < r->note_count; k++)
        if (strstr(r->notes[k], text)) return 1;
    return 0;
}

/* Held-out renders turned in their pictures by 12.7 and 8.5 degrees:
 * the labels inside the first are read in the board's own coordinates,
 * so it is read with Black at the bottom from them (the upright hulls of
 * their boxes took in the squares' edges, and the labels read nothing);
 * the second has none, and nothing on it passes for them (its squares'
 * edges read as labels, upside down). */
static void test_reads_labels_on_a_turned_board(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading("leipzig-072-turned.jpg", "2n5/4P2P/8/4P3/2K5/kR4p1/B2P4/8", &r);
    assert_false(r.white_bottom);
    assert_true(noted(&r, "from the coordinates"));
    expect_reading("leipzig-100-turned.jpg", "3qkbnr/2p5/B1Pp4/5p1p/7P/P3P2R/1B6/4K1N1", &r);
    assert_true(r.white_bottom);
    assert_false(noted(&r, "from the coordinates"));
}

/* A held-out render on pale grey squares turned by 9.7 degrees: the
 * lines between its squares, 68 grey levels apart, were too faint for
 * the edges the turn is measured on, which measured 7.4 degrees from the
 * men's outlines alone, and no board was found (locate.c, TURN_EDGE). */
static void test_finds_a_turned_board_of_pale_squares(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading("kingdom-116-turned.jpg", "4b3/1k6/8/3p3B/2R5/p4K2/8/8", &r);
    assert_non_null(strstr(r.notes[0], "the board is turned 10 degrees"));
}

/* A held-out render whose light falls off to 15-45% towards its top
 * edge, with a vignette: the last look, scoring squares by their medians,
 * had found it a rank low, its file letters read as the first rank
 * (locate.c, step_into_the_light). */
static void test_finds_a_board_whose_top_rank_lies_in_shadow(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading("kingdom-167-shadowed.jpg", "6nr/1b2b2p/2qk1pp1/RQ2p3/1P2PNP1/8/2PP1P1P/2BN1RK1",
                   &r);
    assert_true(fabs(r.board.corners[0].y - 55) < 3 && fabs(r.board.corners[2].y - 855) < 3);
}

/* A held-out render turned by 4.5 degrees and darkened on one side: its
 * squares show no flat colours, and the upright picture's light-levelled
 * look had put an upright grid across the turned board, every man read a
 * rank off; the turned picture's look finds it (locate.c,
 * TURNED_LOOK_BELOW). */
static void test_finds_a_turned_board_in_uneven_light(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading("leipzig-052-turned-shadowed.jpg", "1b5n/k4K2/8/1R2R3/7B/8/6B1/8", &r);
    assert_non_null(strstr(r.notes[0], "the board is turned 5 degrees"));
}

static void test_reads_real_pictures(void **state) {
    (void)state;
    static const struct {
        const char *file, *placement;
    } cases[] = {
        {"tsoj_134.jpg", "5rk1/2p1bppp/Q7/1p2n3/5n2/2P2q2/PP1P1PbP/RNBBR1K1"},
        {"tsoj_149.jpg", "r2qr1k1/p4pbp/bp3np1/3p4/8/BPN1P1P1/P1Q1NnBP/R2R2K1"},
        {"cv_03.jpg", "8/7p/1np5/p1kp2R1/4p2N/4P2P/2p5/2K5"},
        /* the same saved at JPEG quality 20: d5's pawn was told from c2's
         * by their outlines, then c2, drawn like d5, went with it and all
         * six black pawns were read as bishops */
        {"cv_03-q20.jpg", "8/7p/1np5/p1kp2R1/4p2N/4P2P/2p5/2K5"},
        /* a screenshot saved at JPEG quality 50: a7's pawn was told from
         * b2's by their outlines, and all eight black pawns, three of
         * them read at 97%, went with it and were read as queens */
        {"cv_30-q50.jpg", "r1bqkb1r/ppp3pp/2np4/4pp2/2Q1n3/1B3N2/PPPP1PPP/RNB1K2R"},
        /* a small board with faintly hatched dark squares in a PDF viewer */
        {"tsoj_145.png", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R"},
        /* a book scan whose white queen on a hatched square one view of
         * the crop reads as black at over 90%: nine more views bring it
         * under 95% and the material weighs it back white */
        {"tsoj_036.png", "1nR5/5kpp/r7/q6r/6Q1/4B3/PP3PPb/3R3K"},
        /* a photo of a book page, the diagram turned a little and printed
         * in a dot screen: cut upright, four pawns straddled two squares
         * and were read as bishops */
        {"cv_21.jpg", "rnbqkbnr/pppp1ppp/8/4p3/2P5/2N5/PP1PPPPP/R1BQKBNR"},
        /* a photo of a laptop screen, the board turned by a degree or so */
        {"cv_02.jpg", "r3rbk1/2q2pp1/1npp1n1p/1p6/1P1PP3/4B1NP/3NQPP1/3RR1K1"},
        /* a photo of a screen showing a board on wooden squares, saved
         * again at JPEG quality 75: no square stays flat, and its files
         * lean too much to stand out in the edge projections by 0.2 */
        {"cv_18-q75.jpg", "7R/8/5N1P/1r3K2/5P2/8/1k6/6r1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_scan_result r;
        expect_reading(cases[i].file, cases[i].placement, &r);
        assert_true(r.white_bottom);
    }
}

/* Boards drawn with piece sets training never saw (make eval-scan's
 * held-out renders), where a square is read as a man of a class another
 * square holds in a different drawing: told apart, the less sure one
 * takes its next reading and the note says so. It read one square wrong
 * before. (A second case, kilfiger-279's arrowhead read as a pawn, is now
 * read through the arrow: test_reads_the_squares_under_arrows.) */
static void test_tells_unlike_men_apart(void **state) {
    (void)state;
    static const struct {
        const char *file, *placement, *note;
    } cases[] = {
        /* a white pawn on c2 read as a bishop (43%), unlike the one on f1 */
        {"kingdom-045.png", "r1bqkbnr/p1p2pp1/1pnpp3/7p/3P4/N4Q2/PPP1PPPP/R1B1KBNR",
         "c2 and f1 were both read as white bishop but are drawn differently"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_scan_result r;
        expect_reading(cases[i].file, cases[i].placement, &r);
        int said = 0;
        for (int k = 0; k < r.note_count; k++) said |= strstr(r.notes[k], cases[i].note) != NULL;
        if (!said) fail_msg("%s: no note '%s'", cases[i].file, cases[i].note);
        /* The square is listed as repaired; its reading stays the network's. */
        char name[3] = {cases[i].note[0], cases[i].note[1], 0};
        fk_square sq = fk_square_parse(name);
        assert_true(r.repaired & FK_BIT(sq));
        assert_int_not_equal(r.squares[sq].piece, fk_position_at(&r.position, sq));
    }
}

/* A bishop drawn as a helmet (a condal set, outside training) is read as
 * a knight: unlike a sure knight, it takes the one black man no square
 * shows, and the other bishop, drawn like it, follows. */
static void test_gives_a_man_unlike_its_reading_a_kind_no_square_shows(void **state) {
    (void)state;
    static const struct {
        const char *file, *placement, *unseen, *along;
    } cases[] = {
        /* The board is drawn flat, so the sure knight may stand on the
         * other colour: c8 is told from b8 first, and f8 follows. */
        {"condal-022.png", "rnbqkb1r/ppppnp1p/4p3/6p1/1P6/P5P1/2PPPP1P/RNBQKBNR",
         "c8 and b8 were both read as black knight but are drawn differently",
         "f8 is drawn like c8, so it was taken as black bishop"},
        /* Black at the bottom, in a page of clutter; the knight on h6 tells f8 apart. */
        {"condal-163.png", "r1bqkb1r/N1ppp1pp/7n/p4p2/1P3P2/2P4N/P2PP1PP/R1BQKB1R",
         "f8 and h6 were both read as black knight but are drawn differently",
         "c8 is drawn like f8, so it was taken as black bishop"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_scan_result r;
        expect_reading(cases[i].file, cases[i].placement, &r);
        int unseen = 0, along = 0;
        for (int k = 0; k < r.note_count; k++) {
            unseen |= strstr(r.notes[k], cases[i].unseen) != NULL &&
                      strstr(r.notes[k], "was taken as black bishop") != NULL &&
                      strstr(r.notes[k], "the likeliest man no square was read as") != NULL;
            along |= strstr(r.notes[k], cases[i].along) != NULL;
            /* A chance under 1% is written in tenths, never as "0%". */
            if (strstr(r.notes[k], "(0%)")) fail_msg("%s: note '%s'", cases[i].file, r.notes[k]);
        }
        if (!unseen || !along)
            fail_msg("%s: no note '%s' or '%s'", cases[i].file, cases[i].unseen, cases[i].along);
        /* Both are listed as repaired, and read as knights by the network. */
        const char *squares[] = {"c8", "f8"};
        for (int k = 0; k < 2; k++) {
            fk_square sq = fk_square_parse(squares[k]);
            assert_true(r.repaired & FK_BIT(sq));
            assert_int_equal(r.squares[sq].piece, FK_BN);
            assert_int_equal(fk_position_at(&r.position, sq), FK_BB);
        }
    }
}

/* More condal bishops read as knights, each mended by one of the steps
 * that give a man unlike a sure one of its reading the man it is. */
static void test_mends_condal_bishops_read_as_knights(void **state) {
    (void)state;
    static const struct {
        const char *file, *placement, *note, *also, *square;
        fk_piece read, taken;
    } cases[] = {
        /* Across the two colours, on a board drawn flat: f1 is unlike the
         * sure knight on b6, a dark square (Black at the bottom). */
        {"condal-350.png", "r1bq1k1b/3Pn3/pN6/5p2/Pn6/1P2P3/4K1P1/5B2",
         "f1 and b6 were both read as white knight but are drawn differently; "
         "f1 (38%) was taken as white bishop",
         NULL, "f1", FK_WN, FK_WB},
        /* A side's two bishops stand on both colours: f1 becomes White's
         * bishop although c1, a dark square, shows one (a cluttered page). */
        {"condal-226.png", "3qk2r/2p3pR/4p3/1p1p4/1N1P4/5n2/R2NK1P1/2B2B2",
         "f1 (35%) was taken as white bishop (26%), as no light square shows one", NULL, "f1",
         FK_WN, FK_WB},
        /* f8's next class is a white knight at 6%: it is some other man,
         * not a knight of the other colour; a6, drawn like it, follows. */
        {"condal-384.png", "rn1qkb1r/2p1p1pp/bp3n2/3p4/PP3pP1/2P1P2N/3P1P1P/RNBQK2R",
         "f8 and b8 were both read as black knight but are drawn differently; "
         "f8 (87%) was taken as black bishop",
         "a6 is drawn like f8, so it was taken as black bishop", "f8", FK_BN, FK_BB},
        /* By outline (shape.c): c8 overlaps White's sure rook on g5 too
         * little to be a rook, the likelier man no square shows (before:
         * a black rook at 1%). */
        {"condal-005.png", "2b5/2pP4/1P6/Kp3PRp/P5p1/2n2P1k/5n2/8",
         "c8 and c3 were both read as black knight but are drawn differently; "
         "c8 (88%) was taken as black bishop",
         NULL, "c8", FK_BN, FK_BB},
        /* h4 is unlike the sure knight on a5 in outline, on a square
         * colour whose grey levels are not clean enough to compare
         * (walnut); before, weighing made it a pawn. */
        {"condal-214.png", "8/8/1p1k2P1/n7/rp5b/8/6K1/N7",
         "h4 and a5 were both read as black knight but are drawn differently; "
         "h4 (77%) was taken as black bishop",
         NULL, "h4", FK_BN, FK_BB},
        /* A broad white bishop on a dark square of a 240-pixel board
         * (62% of its crop) told from the sure knight on a8 across the
         * square colours; the black one on c8 follows it across colours. */
        {"condal-095.png", "N1b4B/1k6/6Q1/8/8/4K3/8/4R3",
         "h8 and a8 were both read as white knight but are drawn differently; "
         "h8 (33%) was taken as white bishop",
         "c8 is drawn like h8, so it was taken as black bishop", "h8", FK_WN, FK_WB},
        /* A man of the other colour drawn with h3's outline follows it:
         * c1, read as a white knight, becomes White's bishop. */
        {"condal-345.png", "1r4nr/pp6/4k3/3p4/8/4P2b/P1P1K1pP/R1B2QR1",
         "h3 and g8 were both read as black knight but are drawn differently; "
         "h3 (91%) was taken as black bishop",
         "c1 is drawn like h3, so it was taken as white bishop", "c1", FK_WN, FK_WB},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_scan_result r;
        expect_reading(cases[i].file, cases[i].placement, &r);
        if (!noted(&r, cases[i].note)) fail_msg("%s: no note '%s'", cases[i].file, cases[i].note);
        if (cases[i].also && !noted(&r, cases[i].also))
            fail_msg("%s: no note '%s'", cases[i].file, cases[i].also);
        fk_square sq = fk_square_parse(cases[i].square);
        assert_true(r.repaired & FK_BIT(sq));
        assert_int_equal(r.squares[sq].piece, cases[i].read);
        assert_int_equal(fk_position_at(&r.position, sq), cases[i].taken);
    }
}

/* A held-out kingdom board: g2's pawn, read as White's second bishop on
 * the light squares (54%, a pawn 35%), is unlike the sure bishop on f1 in
 * outline and like the pawn on d3, so it takes its runner-up; before, it
 * stayed a bishop (no claim gives a kind a square shows). */
static void test_gives_a_man_unlike_his_reading_and_like_his_runner_up_it(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading("kingdom-218.png", "rn2kb1r/1bp1pppp/1p1p3n/p7/7P/N1PPP2q/PP3PP1/R2QKBN1", &r);
    assert_true(noted(&r, "g2 is drawn unlike the sure white bishops and like d3"));
    fk_square g2 = fk_square_parse("g2");
    assert_int_equal(r.squares[g2].piece, FK_WB);
    assert_true(r.repaired & FK_BIT(g2));
    /* A held-out kilfiger rook on a1, read as a knight (61%, a rook 34%),
     * stands on a base nearly as wide as his square: his outline runs
     * along most of the crop's bottom row, and he is told from the sure
     * knights and matched with the rook on h1. */
    expect_reading("kilfiger-r800-669.png", "r4b1r/ppp1kp2/5npp/8/8/4PN2/P1P1B1P1/R2QK2R", &r);
    assert_true(noted(&r, "a1 is drawn unlike the sure white knights and like h1"));
}

/* Reads file as placement with no square weighed, square's runner-up
 * being `second` (the reading the weighing would have taken). */
static void expect_unweighed(const char *file, const char *placement, const char *square,
                             fk_piece second) {
    fk_scan_result r;
    expect_reading(file, placement, &r);
    assert_false(noted(&r, "weighed"));
    assert_int_equal(r.squares[fk_square_parse(square)].second, second);
}

/* Two pychess-spatial bishops (a3, g2) read at 70% and 76% with a pawn
 * as runner-up: White's sure pawns show another outline, so the material
 * does not weigh them into pawns (it did before outlines were compared). */
static void test_weighs_no_man_into_a_kind_its_outline_rules_out(void **state) {
    (void)state;
    expect_unweighed("spatial-780.png", "2R3nr/2p5/2k1p3/p6p/P3K2p/B1N1P3/2P3B1/7R", "a3", FK_WP);
}

/* Probabilities that read every square as its piece in pos with p, and
 * give the runner-up `second` the rest. */
static void confident(const fk_position *pos, float probs[64][FK_PIECE_COUNT]) {
    memset(probs, 0, sizeof(float) * 64 * FK_PIECE_COUNT);
    for (int sq = 0; sq < 64; sq++) {
        probs[sq][pos->board[sq]] = 0.98f;
        probs[sq][pos->board[sq] == FK_EMPTY ? FK_WP : FK_EMPTY] = 0.02f;
    }
}

/* pos read from fen (tolerantly), every square read surely as it is. */
static void read_surely(const char *fen, fk_position *pos, float probs[64][FK_PIECE_COUNT]) {
    fk_problems list;
    fk_problems_clear(&list);
    fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT, pos, &list);
    confident(pos, probs);
}

/* Runs the repair on pos with probs into a cleared r. */
static void repair(fk_position *pos, float probs[64][FK_PIECE_COUNT], fk_scan_result *r) {
    memset(r, 0, sizeof *r);
    fk_scan_repair(pos, (const float(*)[FK_PIECE_COUNT])probs, r);
}

static void test_repairs_a_third_king_with_its_runner_up(void **state) {
    (void)state;
    fk_position pos;
    float probs[64][FK_PIECE_COUNT];
    read_surely("4k3/8/8/3K4/8/8/8/4K3 w - - 0 1", &pos, probs);
    /* d5 looked like a king (55%) or a queen (40%). */
    fk_square d5 = fk_square_parse("d5");
    probs[d5][FK_WK] = 0.55f;
    probs[d5][FK_WQ] = 0.40f;
    probs[d5][FK_EMPTY] = 0.05f;
    fk_scan_result r;
    repair(&pos, probs, &r);
    assert_int_equal(fk_position_at(&pos, d5), FK_WQ);
    assert_true(r.repaired == FK_BIT(d5));
    assert_int_equal(r.note_count, 1);
    assert_non_null(strstr(r.notes[0], "repaired d5"));
}

/* Sets square `name` to read `a` at pa, `b` at pb and `c` at pc. */
static void read_as(float probs[64][FK_PIECE_COUNT], const char *name, fk_piece a, float pa,
                    fk_piece b, float pb, fk_piece c, float pc) {
    fk_square sq = fk_square_parse(name);
    memset(probs[sq], 0, sizeof probs[sq]);
    probs[sq][a] = pa;
    probs[sq][b] += pb;
    probs[sq][c] += pc;
}

/* cv_27's readings of the start position under a moire: the white king
 * read as a bishop on e1, the bishop beside it as a pawn, d8's queen as a
 * second black king. Mending the most breaks first, the repair makes f1's
 * pawn the king at 1% and then a pawn a bishop at 1% (a second bishop on
 * dark squares): a lawful board the readings make 45 times less likely
 * than the start, which is taken. Read as 1.e4, surely, the board is
 * lawful and left as it is. */
static void test_takes_the_start_where_the_readings_make_it_likelier(void **state) {
    (void)state;
    fk_position pos;
    float probs[64][FK_PIECE_COUNT];
    read_surely("rnbkkBbr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBPNR w - - 0 1", &pos, probs);
    read_as(probs, "e1", FK_WB, 0.742f, FK_WP, 0.126f, FK_WK, 0.022f);
    read_as(probs, "f1", FK_WP, 0.596f, FK_WB, 0.164f, FK_WK, 0.010f);
    read_as(probs, "d8", FK_BK, 0.452f, FK_WK, 0.189f, FK_BQ, 0.153f);
    read_as(probs, "e8", FK_BK, 0.461f, FK_BB, 0.286f, FK_BQ, 0.05f);
    read_as(probs, "f8", FK_WB, 0.271f, FK_WP, 0.244f, FK_BB, 0.214f);
    read_as(probs, "g8", FK_BB, 0.859f, FK_BN, 0.104f, FK_EMPTY, 0.01f);
    read_as(probs, "e2", FK_WP, 0.927f, FK_WN, 0.029f, FK_WB, 0.01f);
    fk_scan_result r;
    repair(&pos, probs, &r);
    char fen[FK_FEN_MAX];
    fk_fen_write_placement(&pos, fen, sizeof fen);
    assert_non_null(strstr(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
    assert_true(noted(&r, "taken as the starting position"));
    assert_true(r.repaired == (FK_BIT(fk_square_parse("e1")) | FK_BIT(fk_square_parse("f1")) |
                               FK_BIT(fk_square_parse("d8")) | FK_BIT(fk_square_parse("f8")) |
                               FK_BIT(fk_square_parse("g8"))));
    read_surely("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", &pos, probs);
    fk_position before = pos;
    repair(&pos, probs, &r);
    assert_true(fk_position_equal(&pos, &before));
    assert_false(noted(&r, "starting position"));
    /* the picture itself */
    expect_reading("cv_27.jpg", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", &r);
}

/* Held-out 000145's readings: White's king on e1 read as a bishop (34%,
 * the king 33%), Black's queen on c3 as a second black king (56%, the
 * queen 40%). Taking c3 as the missing white king (2%) mends both breaks
 * at once; the two changes the readings hardly doubt cost less and are
 * taken. With e1's king at 4% the two changes cost more than the one,
 * each change counted two nats beyond its readings, and the one is kept. */
static void test_repairs_two_cheap_misreadings_rather_than_one_dear_one(void **state) {
    (void)state;
    fk_position pos;
    float probs[64][FK_PIECE_COUNT];
    fk_scan_result r;
    for (int dear = 0; dear < 2; dear++) {
        read_surely("rn4k1/1pp2r2/6p1/p3p3/8/P1k2P1n/1R1BP3/4B3 w - - 0 1", &pos, probs);
        read_as(probs, "e1", FK_WB, 0.34f, FK_WK, dear ? 0.04f : 0.33f, FK_WN, 0.1f);
        read_as(probs, "c3", FK_BK, 0.56f, FK_BQ, 0.40f, FK_WK, 0.02f);
        repair(&pos, probs, &r);
        char fen[FK_FEN_MAX];
        fk_fen_write_placement(&pos, fen, sizeof fen);
        assert_string_equal(fen, dear ? "rn4k1/1pp2r2/6p1/p3p3/8/P1K2P1n/1R1BP3/4B3"
                                      : "rn4k1/1pp2r2/6p1/p3p3/8/P1q2P1n/1R1BP3/4K3");
        assert_true(r.repaired ==
                    (dear ? FK_BIT(fk_square_parse("c3"))
                          : FK_BIT(fk_square_parse("c3")) | FK_BIT(fk_square_parse("e1"))));
    }
}

/* A board no game reaches, though every man could stand where he is read:
 * a white pawn read on c7 at 91% (black 6%) beside the one on c3, with
 * more captures needed than Black has men missing (a render of every set,
 * r800 000714). The repair mends it, and where no dozen changes can (every
 * other square read at 99.5%), it still takes away the second white king
 * read on e4 at 60%, as it did before it judged pawns. */
static void test_repairs_pawns_no_game_reaches(void **state) {
    (void)state;
    static const char *const read = "rnq1kbnr/p1P1p2p/3p4/1p1Q1pp1/8/P1P2N1P/1P1PPP1R/RNB1KB2";
    fk_position pos;
    float probs[64][FK_PIECE_COUNT];
    fk_scan_result r;
    char fen[FK_FEN_MAX], placement[FK_FEN_MAX];
    snprintf(fen, sizeof fen, "%s w - - 0 1", read);
    read_surely(fen, &pos, probs);
    read_as(probs, "c7", FK_WP, 0.91f, FK_BP, 0.06f, FK_EMPTY, 0.03f);
    repair(&pos, probs, &r);
    fk_fen_write_placement(&pos, placement, sizeof placement);
    assert_string_equal(placement, "rnq1kbnr/p1p1p2p/3p4/1p1Q1pp1/8/P1P2N1P/1P1PPP1R/RNB1KB2");
    assert_true(r.repaired == FK_BIT(fk_square_parse("c7")));

    snprintf(fen, sizeof fen, "%s w - - 0 1",
             "rnq1kbnr/p1P1p2p/3p4/1p1Q1pp1/4K3/P1P2N1P/1P1PPP1R/RNB1KB2");
    read_surely(fen, &pos, probs);
    for (int sq = 0; sq < 64; sq++) {
        probs[sq][pos.board[sq]] = 0.995f;
        probs[sq][pos.board[sq] == FK_EMPTY ? FK_WP : FK_EMPTY] = 0.005f;
    }
    read_as(probs, "e4", FK_WK, 0.6f, FK_EMPTY, 0.39f, FK_WQ, 0.01f);
    repair(&pos, probs, &r);
    fk_fen_write_placement(&pos, placement, sizeof placement);
    assert_string_equal(placement, read);
    assert_true(r.repaired == FK_BIT(fk_square_parse("e4")));
}

/* Three held-out boards the steps after the network read wholly right:
 * condal-027's 192-pixel board shows men's outlines only against fitted
 * grounds, and its white bishop on e2 (a knight 29%, a bishop 26%) is
 * drawn like the black one c8 became; magnetic-145's repair takes two
 * changes the readings hardly doubt over one they do (the unit case
 * above); berlin-373's black bishop on h3, read as the king, is drawn
 * like the bishops on d1, f3 and d7, so it is no king, and the repair
 * takes c3 (read as a bishop) as the king instead. */
static void test_reads_held_out_boards_the_network_misreads(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading("condal-027.png", "r1b1kb1r/Rp5p/2n3pn/5q2/4p2P/1PP5/3PBPp1/2BQK2R", &r);
    assert_true(noted(&r, "e2 is drawn like c8, so it was taken as white bishop"));
    expect_reading("magnetic-145.png", "rn4k1/1pp2r2/6p1/p3p3/8/P1q2P1n/1R1BP3/4K3", &r);
    assert_true(noted(&r, "repaired e1: read as white bishop"));
    assert_true(noted(&r, "repaired c3: read as black king"));
    expect_reading("berlin-373.png", "2nR1Q2/p1Kb3N/BQ6/2p1B3/P2P1B2/1rk2b1b/q7/3b4", &r);
    assert_true(noted(&r, "h3 is drawn like"));
    assert_true(noted(&r, "so it is no king: taken as black bishop"));
    assert_true(noted(&r, "repaired c3: read as black bishop"));
}

static void test_leaves_two_sure_kings_as_the_picture_shows_them(void **state) {
    (void)state;
    /* A screen showing a position with two white kings (tsoj_139, a photo
     * of one): both read at 99.8%, so neither is a misreading to repair;
     * turning one into its 0.2% runner-up would hide what the picture
     * shows. The check reports the second king instead. */
    fk_position pos, before;
    float probs[64][FK_PIECE_COUNT];
    read_surely("4k3/8/8/8/8/8/1K6/6K1 w - - 0 1", &pos, probs);
    for (int i = 0; i < 2; i++) {
        fk_square sq = fk_square_parse(i ? "g1" : "b2");
        probs[sq][FK_WK] = 0.998f;
        probs[sq][FK_WQ] = 0.002f;
        probs[sq][FK_EMPTY] = 0;
    }
    before = pos;
    fk_scan_result r;
    repair(&pos, probs, &r);
    assert_true(fk_position_equal(&pos, &before));
    assert_int_equal(r.repaired, 0);
    /* Less sure, the second king is a misreading like any other. */
    probs[fk_square_parse("g1")][FK_WK] = 0.98f;
    probs[fk_square_parse("g1")][FK_WQ] = 0.02f;
    repair(&pos, probs, &r);
    assert_int_equal(fk_position_at(&pos, fk_square_parse("g1")), FK_WQ);
}

static void test_keeps_the_surest_of_five_kings(void **state) {
    (void)state;
    fk_position pos;
    /* A book diagram whose hatching was read as white kings on four
     * squares; the real king stands on g1 and is read surely. */
    float probs[64][FK_PIECE_COUNT];
    read_surely("6k1/8/K7/3K4/1K6/8/5K2/6K1 w - - 0 1", &pos, probs);
    static const struct {
        const char *square;
        float king;
        fk_piece second;
        float second_prob;
    } doubtful[] = {{"a6", 0.31f, FK_EMPTY, 0.30f},
                    {"d5", 0.45f, FK_WB, 0.35f},
                    {"b4", 0.29f, FK_EMPTY, 0.23f},
                    {"f2", 0.44f, FK_WP, 0.24f}};
    fk_bitboard want = 0;
    for (size_t i = 0; i < sizeof doubtful / sizeof doubtful[0]; i++) {
        fk_square sq = fk_square_parse(doubtful[i].square);
        memset(probs[sq], 0, sizeof probs[sq]);
        probs[sq][FK_WK] = doubtful[i].king;
        probs[sq][doubtful[i].second] = doubtful[i].second_prob;
        probs[sq][FK_BN] = 0.02f; /* a third, distant reading */
        want |= FK_BIT(sq);
    }
    fk_scan_result r;
    repair(&pos, probs, &r);
    assert_true(r.repaired == want);
    assert_int_equal(fk_position_at(&pos, fk_square_parse("g1")), FK_WK);
    for (size_t i = 0; i < sizeof doubtful / sizeof doubtful[0]; i++)
        assert_int_equal(fk_position_at(&pos, fk_square_parse(doubtful[i].square)),
                         doubtful[i].second);
    assert_int_equal(r.note_count, 4);
}

static void test_leaves_a_board_no_repair_can_make_lawful(void **state) {
    (void)state;
    /* A random board, every square read surely: 26 men a side cannot be
     * misreadings, so nothing is changed (a partial repair would only
     * spoil a faithful reading). */
    fk_position pos, before;
    float probs[64][FK_PIECE_COUNT];
    read_surely("RKQPnNpp/B1nbQqPP/NNbnkrPK/PKb1NKRR/qPbNk1BB/Rrrr1KR1/Prqr1Qqq/npKqbkRp w - - 0 1",
                &pos, probs);
    before = pos;
    fk_scan_result r;
    repair(&pos, probs, &r);
    assert_true(fk_position_equal(&pos, &before));
    assert_int_equal(r.repaired, 0);
    assert_int_equal(r.note_count, 0);
}

static void test_repairs_a_pawn_on_the_last_rank(void **state) {
    (void)state;
    fk_position pos;
    float probs[64][FK_PIECE_COUNT];
    read_surely("2P1k3/8/8/8/8/8/8/4K3 w - - 0 1", &pos, probs);
    fk_square c8 = fk_square_parse("c8");
    probs[c8][FK_WP] = 0.6f;
    probs[c8][FK_WB] = 0.3f;
    probs[c8][FK_EMPTY] = 0.1f;
    fk_scan_result r;
    repair(&pos, probs, &r);
    assert_int_equal(fk_position_at(&pos, c8), FK_WB);
    assert_true(r.repaired == FK_BIT(c8));
}

/* The start position photographed off a screen, three black pieces read
 * white under its glare (cv_24): nineteen white men. Turning the black pawn
 * on g7 white would make nine white pawns, which the check reports instead
 * of the nineteen men; the repair must not take that for progress, and
 * turns the three pieces black again. */
static void test_repairs_nineteen_white_men(void **state) {
    (void)state;
    fk_position pos;
    float probs[64][FK_PIECE_COUNT];
    read_surely("rnbQkBnR/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", &pos, probs);
    static const struct {
        const char *square;
        fk_piece read, other;
        float p, q;
    } glare[] = {{"d8", FK_WQ, FK_BQ, 0.93f, 0.03f},
                 {"f8", FK_WB, FK_BB, 0.65f, 0.21f},
                 {"h8", FK_WR, FK_BR, 0.52f, 0.42f},
                 {"g7", FK_BP, FK_WP, 0.80f, 0.15f}};
    for (int i = 0; i < 4; i++) {
        fk_square sq = fk_square_parse(glare[i].square);
        memset(probs[sq], 0, sizeof probs[sq]);
        probs[sq][glare[i].read] = glare[i].p;
        probs[sq][glare[i].other] = glare[i].q;
        probs[sq][FK_EMPTY] = 0.01f; /* the rest spread over other men */
    }
    fk_scan_result r;
    repair(&pos, probs, &r);
    char placement[FK_FEN_MAX];
    fk_fen_write_placement(&pos, placement, sizeof placement);
    assert_string_equal(placement, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
}

static void test_leaves_a_legal_position_alone(void **state) {
    (void)state;
    fk_position pos, before;
    fk_position_startpos(&pos);
    before = pos;
    float probs[64][FK_PIECE_COUNT];
    confident(&pos, probs);
    fk_scan_result r;
    repair(&pos, probs, &r);
    assert_true(fk_position_equal(&pos, &before));
    assert_int_equal(r.repaired, 0);
    assert_int_equal(r.note_count, 0);
}

/* r cleared, with every square of pos read as it is, as read_surely()
 * reads it. */
static void readings_of(const fk_position *pos, float probs[64][FK_PIECE_COUNT], fk_scan_result *r) {
    memset(r, 0, sizeof *r);
    for (int i = 0; i < 64; i++) {
        fk_piece on = pos->board[i], other = on == FK_EMPTY ? FK_WP : FK_EMPTY;
        r->squares[i] = (fk_square_reading){
            .piece = on, .prob = probs[i][on], .second = other, .second_prob = probs[i][other]};
    }
}

/* pos read surely from fen but for one square, read as `best` (p) or its
 * runner-up `second` (q), weighed against the material of games into a
 * cleared r. */
static void weigh(const char *fen, const char *square, fk_piece best, float p, fk_piece second,
                  float q, fk_position *pos, fk_scan_result *r) {
    float probs[64][FK_PIECE_COUNT];
    read_surely(fen, pos, probs);
    readings_of(pos, probs, r);
    r->squares[fk_square_parse(square)] =
        (fk_square_reading){.piece = best, .prob = p, .second = second, .second_prob = q};
    fk_scan_weigh_material(pos, NULL, 0, 0, r);
}

/* A game position with both queens, the white one (d4) read as black at
 * 84% against 15%: two black queens and none white is far rarer in games
 * than one each, so it is weighed back to white. */
static const char *const two_black_queens = "3k4/pb1ppp2/1P3r2/8/3qPBq1/P1RB2P1/1P3P1r/4RK2 w - - 0 1";

static void test_weighs_a_second_queen_back_to_its_colour(void **state) {
    (void)state;
    /* at 84% (uncertain), and at 93% (above the threshold: the book queen
     * of tsoj_012 after the second look) */
    const float read_as_black[] = {0.84f, 0.93f};
    for (int i = 0; i < 2; i++) {
        fk_position pos;
        fk_scan_result r;
        weigh(two_black_queens, "d4", FK_BQ, read_as_black[i], FK_WQ, 0.99f - read_as_black[i],
              &pos, &r);
        assert_int_equal(fk_position_at(&pos, fk_square_parse("d4")), FK_WQ);
        assert_true(r.repaired == FK_BIT(fk_square_parse("d4")));
        assert_int_equal(r.note_count, 1);
        assert_non_null(strstr(r.notes[0], "weighed d4"));
    }
}

/* The same queen, its colour settled by its ink (it is inked like the
 * sure black queen), or its runner-up ruled out by its outline
 * (outline_vetoes: the sure white men of its kind are drawn otherwise):
 * the material no longer turns it white, though with its colour settled
 * it may still take another kind's reading. A square other than d4 ruled
 * out changes nothing for d4. */
static void test_leaves_a_reading_the_ink_or_outline_settled(void **state) {
    (void)state;
    fk_square d4 = fk_square_parse("d4"), e4 = fk_square_parse("e4");
    const struct {
        fk_bitboard inked, unlike;
        fk_piece kept;
    } cases[] = {{FK_BIT(d4), 0, FK_BQ}, {0, FK_BIT(d4), FK_BQ}, {0, FK_BIT(e4), FK_WQ}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_position pos;
        fk_scan_result r;
        float probs[64][FK_PIECE_COUNT];
        read_surely(two_black_queens, &pos, probs);
        readings_of(&pos, probs, &r);
        r.squares[d4] = (fk_square_reading){
            .piece = FK_BQ, .prob = 0.84f, .second = FK_WQ, .second_prob = 0.15f};
        fk_scan_weigh_material(&pos, NULL, cases[i].inked, cases[i].unlike, &r);
        assert_int_equal(fk_position_at(&pos, d4), cases[i].kept);
        assert_int_equal(r.note_count, cases[i].kept == FK_BQ ? 0 : 1);
    }
}

/* tsoj_138, a book diagram: White has all eight pawns and one rook, the
 * rook on a1 read as an empty square at 32% against 29%. A side with eight
 * pawns has both rooks in nearly every game position, so the rook is
 * weighed back; counted over all positions alike, one rook was too common
 * for that. */
static void test_weighs_material_by_the_pawns_beside_it(void **state) {
    (void)state;
    fk_position pos;
    fk_scan_result r;
    weigh("r1b1kb1r/pp1n1ppp/2p1pn2/q2p2B1/2PP4/2N1PN2/PP3PPP/3QKB1R w - - 0 1", "a1", FK_EMPTY,
          0.32f, FK_WR, 0.29f, &pos, &r);
    assert_int_equal(fk_position_at(&pos, fk_square_parse("a1")), FK_WR);
    assert_int_equal(r.note_count, 1);
    assert_non_null(strstr(r.notes[0], "weighed a1"));
    /* With four pawns a side has one rook about as often as two: the same
     * reading stays empty. */
    weigh("r3k2r/pp4pp/8/8/8/8/PP4PP/4K2R w - - 0 1", "a1", FK_EMPTY, 0.32f, FK_WR, 0.29f, &pos,
          &r);
    assert_int_equal(fk_position_at(&pos, fk_square_parse("a1")), FK_EMPTY);
    assert_int_equal(r.note_count, 0);
}

/* The start position with four white pawns on hatched squares (a2, c2, e2,
 * g2) read as bishops at 53-59% against 39-45% (tsoj_152 once its grid sat
 * on the squares): six white bishops and four pawns; every extra bishop is
 * rarer than the one before, so each is weighed back, one at a time. */
static void test_weighs_a_row_of_pawns_read_as_bishops_back(void **state) {
    (void)state;
    fk_position pos;
    float probs[64][FK_PIECE_COUNT];
    read_surely("rnbqkbnr/pppppppp/8/8/8/8/BPBPBPBP/RNBQKBNR w KQkq - 0 1", &pos, probs);
    fk_scan_result r;
    readings_of(&pos, probs, &r);
    static const char *const row[] = {"a2", "c2", "e2", "g2"};
    for (int i = 0; i < 4; i++)
        r.squares[fk_square_parse(row[i])] = (fk_square_reading){.piece = FK_WB,
                                                                 .prob = 0.53f + 0.02f * i,
                                                                 .second = FK_WP,
                                                                 .second_prob = 0.45f - 0.02f * i};
    fk_scan_weigh_material(&pos, NULL, 0, 0, &r);
    char placement[FK_FEN_MAX];
    fk_fen_write_placement(&pos, placement, sizeof placement);
    assert_string_equal(placement, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert_int_equal(r.note_count, 4);
}

/* Held-out 000099 (a 152-pixel book board) after its repair: White's
 * queen on a5 read at 81%, a pawn at 11%. A second queen is rarer in games
 * than a sixth pawn, but a pawn on a5 beside the one on a2 takes captures
 * and Black has lost no man: the weighing brings in no board that no game
 * reaches, so the queen stays. Without the pawn on a2 the same reading is
 * weighed into a pawn. */
static void test_weighs_no_man_into_a_board_no_game_reaches(void **state) {
    (void)state;
    const struct {
        const char *fen;
        fk_piece kept;
    } cases[] = {
        {"rnbqkbnr/ppppp3/7p/QP3p2/7P/N2P4/P1P1K1p1/R1B1QBNR w - - 0 1", FK_WQ},
        {"rnbqkbnr/ppppp3/7p/QP3p2/7P/N2P4/2P1K1p1/R1B1QBNR w - - 0 1", FK_WP},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_position pos;
        fk_scan_result r;
        weigh(cases[i].fen, "a5", FK_WQ, 0.81f, FK_WP, 0.11f, &pos, &r);
        assert_int_equal(fk_position_at(&pos, fk_square_parse("a5")), cases[i].kept);
        assert_int_equal(r.note_count, cases[i].kept == FK_WQ ? 0 : 1);
    }
}

/* Men drawn alike are weighed together. Both rooks of a game position
 * read as queens (60% against 35%): three white queens, two of them
 * promoted from the missing a and h pawns. Changing one rook alone leaves
 * two queens, no likelier in games than three, so neither is weighed on
 * its own; told that the two are drawn alike, both become rooks in one
 * step. And a queen read as black at 84%, but drawn like the black queen
 * read surely on g4, stays black. */
static void test_weighs_men_drawn_alike_together(void **state) {
    (void)state;
    fk_position pos;
    fk_scan_result r;
    float probs[64][FK_PIECE_COUNT];
    fk_square a1 = fk_square_parse("a1"), h1 = fk_square_parse("h1");
    fk_bitboard alike[64] = {0};
    alike[a1] = FK_BIT(h1);
    alike[h1] = FK_BIT(a1);
    for (int together = 0; together < 2; together++) {
        read_surely("rnbqkbnr/pppppppp/8/8/8/8/1PPPPPP1/QNBQKBNQ w - - 0 1", &pos, probs);
        readings_of(&pos, probs, &r);
        r.squares[a1] = r.squares[h1] = (fk_square_reading){
            .piece = FK_WQ, .prob = 0.60f, .second = FK_WR, .second_prob = 0.35f};
        fk_scan_weigh_material(&pos, together ? alike : NULL, 0, 0, &r);
        char placement[FK_FEN_MAX];
        fk_fen_write_placement(&pos, placement, sizeof placement);
        assert_string_equal(placement, together ? "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPP1/RNBQKBNR"
                                                : "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPP1/QNBQKBNQ");
        assert_int_equal(r.note_count, together ? 2 : 0);
    }
    fk_square d4 = fk_square_parse("d4"), g4 = fk_square_parse("g4");
    memset(alike, 0, sizeof alike);
    alike[d4] = FK_BIT(g4);
    alike[g4] = FK_BIT(d4);
    read_surely(two_black_queens, &pos, probs);
    readings_of(&pos, probs, &r);
    r.squares[d4] =
        (fk_square_reading){.piece = FK_BQ, .prob = 0.84f, .second = FK_WQ, .second_prob = 0.15f};
    fk_scan_weigh_material(&pos, alike, 0, 0, &r);
    assert_int_equal(fk_position_at(&pos, d4), FK_BQ);
    assert_int_equal(r.note_count, 0);
}

/* The same reading at 95% stands: promotions happen, and a sure reading
 * is not overruled by how rare the material is. So does
 * a board that breaks the rules, and an uncertain king. */
static void test_leaves_sure_readings_and_kings_to_the_picture(void **state) {
    (void)state;
    const struct {
        const char *fen, *square;
        fk_piece best;
        float p;
        fk_piece second;
        float q;
    } cases[] = {
        {two_black_queens, "d4", FK_BQ, 0.95f, FK_WQ, 0.05f},
        /* two white kings: no weighing before a repair */
        {"3k4/pb1ppp2/1P3r2/8/3qPBq1/P1RB2P1/1P3P1r/4RKK1 w - - 0 1", "d4", FK_BQ, 0.6f, FK_WQ, 0.4f},
        {"4k3/8/8/8/8/8/3QQ3/4K3 w - - 0 1", "e1", FK_WK, 0.5f, FK_WQ, 0.49f},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_position pos, before;
        fk_scan_result r;
        float unused[64][FK_PIECE_COUNT];
        read_surely(cases[i].fen, &before, unused);
        weigh(cases[i].fen, cases[i].square, cases[i].best, cases[i].p, cases[i].second,
              cases[i].q, &pos, &r);
        assert_true(fk_position_equal(&pos, &before));
        assert_int_equal(r.repaired, 0);
    }
}

/* A king in check shows whose turn it is: Black's, on f4, attacked by the
 * bishop on e5. Told otherwise, the FEN says what it was told and the
 * position check names the king. */
static void test_gives_the_move_to_the_side_in_check(void **state) {
    (void)state;
    fk_scan_options o;
    fk_scan_options_default(&o);
    fk_scan_result r;
    expect_reading("cmf-122.png", "8/8/4K3/4B3/5k2/8/8/8", &r);
    assert_non_null(strstr(r.fen, " b - - 0 1"));
    int said = 0;
    for (int k = 0; k < r.note_count; k++)
        said |= strstr(r.notes[k], "Black to move, as its king is in check") != NULL;
    assert_true(said);
    assert_int_equal(r.side_from, FK_SIDE_CHECK);
    o.side = FK_WHITE;
    assert_int_equal(scan_file("cmf-122.png", &o, &r), FK_OK);
    assert_non_null(strstr(r.fen, " w - - 0 1"));
    assert_int_equal(r.side_from, FK_SIDE_GIVEN);
    assert_int_equal(r.problems.count, 1);
    assert_int_equal(r.problems.items[0].code, FK_PROB_OPPONENT_IN_CHECK);
}

/* Draws the position (a FEN) as the options say, as a PNG into png. */
static void draw_fen(const char *fen, const fk_diagram_options *d, fk_buffer *png) {
    fk_position pos;
    fk_problems probs;
    fk_problems_clear(&probs);
    assert_int_equal(fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT, &pos, &probs), FK_OK);
    assert_int_equal(fk_render_png(&pos, d, png), FK_OK);
}

/* Scans the position (a FEN) drawn by the render layer in the default
 * theme (Black at the bottom when `flip`) with the squares `marked` tinted
 * as a last move is, the side to move as `side` says (-1: left to the
 * picture). */
static void scan_marked(const char *fen, int flip, fk_bitboard marked, int side,
                        fk_scan_result *r) {
    fk_diagram_options d;
    fk_diagram_options_default(&d);
    d.highlight = marked;
    d.flip = flip;
    fk_buffer png = {0};
    draw_fen(fen, &d, &png);
    fk_scan_options o;
    fk_scan_options_default(&o);
    o.side = side;
    fk_error err;
    assert_int_equal(fk_scan_bytes(png.data, png.len, &o, r, &err), FK_OK);
    fk_buffer_free(&png);
}

/* A last move marked as programs mark it gives the move to the other
 * side, and a pawn's double step its en passant square where a capture
 * is legal; marks no move can make are left alone. A pawn's step marked
 * shows which side is at the bottom. */
static void test_gives_the_move_to_the_side_that_did_not_play_the_marked_move(void **state) {
    (void)state;
    const char *fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
    const fk_square e2 = FK_SQUARE(4, 1), e4 = FK_SQUARE(4, 3);
    fk_scan_result r;
    scan_marked(fen, 0, FK_BIT(e2) | FK_BIT(e4), -1, &r);
    assert_string_equal(r.fen, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_int_equal(r.last_from, e2);
    assert_int_equal(r.last_to, e4);
    assert_true(noted(&r, "Black to move, as the picture marks White's last move, e2-e4"));
    /* told otherwise: White moves, and no en passant square */
    scan_marked(fen, 0, FK_BIT(e2) | FK_BIT(e4), FK_WHITE, &r);
    assert_string_equal(r.fen, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
    assert_int_equal(r.last_to, e4);
    /* a pawn does not step back (h3 to h2), nor are three squares a move */
    scan_marked(fen, 0, FK_BIT(FK_SQUARE(7, 2)) | FK_BIT(FK_SQUARE(7, 1)), -1, &r);
    assert_int_equal(r.last_from, FK_NO_SQUARE);
    assert_true(noted(&r, "White to move was assumed"));
    scan_marked(fen, 0, FK_BIT(e2) | FK_BIT(e4) | FK_BIT(FK_SQUARE(6, 0)), -1, &r);
    assert_int_equal(r.last_from, FK_NO_SQUARE);
    /* a rook's move over an empty rank, Black's: White to move */
    scan_marked("4k3/8/8/8/8/8/r7/4K3 w - - 1 2", 0,
                FK_BIT(FK_SQUARE(0, 6)) | FK_BIT(FK_SQUARE(0, 1)), -1, &r);
    assert_string_equal(r.fen, "4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_true(noted(&r, "White to move, as the picture marks Black's last move, a7-a2"));
    /* castling marked on the king's and the rook's squares before it */
    scan_marked("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", 0,
                FK_BIT(FK_SQUARE(4, 0)) | FK_BIT(FK_SQUARE(7, 0)), -1, &r);
    assert_true(noted(&r, "Black to move, as the picture marks White's last move, e1-g1"));
    /* Black at the bottom, no coordinates, the kings far from home: the
     * pawns and kings say White is at the bottom (90%), a White pawn's
     * step marked down the picture says Black is */
    scan_marked("8/4K3/8/8/4P3/8/4k3/8 b - - 0 1", 1,
                FK_BIT(FK_SQUARE(4, 2)) | FK_BIT(FK_SQUARE(4, 3)), -1, &r);
    assert_string_equal(r.fen, "8/4K3/8/8/4P3/8/4k3/8 b - - 0 1");
    assert_false(r.white_bottom);
    assert_true(noted(&r, "Black is at the bottom (from the pawn's step marked as the last move"));
}

/* A chess.com screenshot saved as JPEG: in grey its light squares' yellow
 * is 3 levels off and lost in the ringing; the JPEG's colours show both
 * squares of Black's last move (a knight's, a4 to b6), stored upright or
 * turned. */
static void test_sees_a_last_move_by_its_colour(void **state) {
    (void)state;
    fk_scan_options o;
    fk_scan_options_default(&o);
    fk_scan_result r;
    const char *files[] = {"cv_03.jpg", "cv_03-exif6.jpg"};
    for (int k = 0; k < 2; k++) {
        assert_int_equal(scan_file(files[k], &o, &r), FK_OK);
        assert_int_equal(r.last_from, FK_SQUARE(0, 3));
        assert_int_equal(r.last_to, FK_SQUARE(1, 5));
        assert_true(noted(&r, "White to move, as the picture marks Black's last move, a4-b6"));
    }
}

/* The position (a FEN) drawn as d says, decoded into *im for painting on. */
static void draw_grey(const char *fen, const fk_diagram_options *d, fk_image *im) {
    fk_buffer png = {0};
    draw_fen(fen, d, &png);
    fk_error err;
    assert_int_equal(fk_image_decode(png.data, png.len, im, &err), FK_OK);
    fk_buffer_free(&png);
}

/* Scans the painted picture with the default options, then frees it. */
static void scan_painted(fk_image *im, fk_scan_result *r) {
    fk_scan_options o;
    fk_scan_options_default(&o);
    fk_error err;
    assert_int_equal(fk_scan_image(im, &o, r, &err), FK_OK);
    fk_image_free(im);
}

/* The squares a list names ("c3 d3 e4"). */
static fk_bitboard squares_named(const char *list) {
    fk_bitboard set = 0;
    for (const char *n = list; *n; n += n[2] ? 3 : 2) set |= FK_BIT(FK_SQUARE(n[0] - 'a', n[1] - '1'));
    return set;
}

/* Paints a playing site's move dot over the grey picture of a board of
 * `size` pixels drawn from its top left (Black at the bottom when flip):
 * a disc of grey `ink` at `opacity` in the middle of square sq, its
 * radius `share` of a square, its edge smoothed over a pixel. */
static void paint_dot(fk_image *im, int size, int flip, fk_square sq, double share, int ink,
                      double opacity) {
    double s = size / 8.0, r = share * s;
    int col = flip ? 7 - FK_FILE_OF(sq) : FK_FILE_OF(sq);
    int row = flip ? FK_RANK_OF(sq) : 7 - FK_RANK_OF(sq);
    double cx = (col + 0.5) * s, cy = (row + 0.5) * s;
    for (int y = (int)(row * s); y < (int)((row + 1) * s); y++)
        for (int x = (int)(col * s); x < (int)((col + 1) * s); x++) {
            double cover = r + 0.5 - hypot(x + 0.5 - cx, y + 0.5 - cy);
            cover = cover < 0 ? 0 : cover > 1 ? 1 : cover;
            uint8_t *v = &im->grey[y * im->width + x];
            *v = (uint8_t)lround(*v + cover * opacity * (ink - *v));
        }
}

/* A man picked up on a playing site, his moves marked with dots: lichess
 * draws them half-opaque green (grey 59), chess.com faint black, on
 * small boards too. The dots had been read as pawns and rooks (55 of 60
 * boards drawn so, the scratch set of the session's note). They are read
 * as empty squares and named, and the man's side is to move. The picked
 * man's square is tinted as the last move's are, and the last move is
 * still seen beside it. */
static void test_reads_a_picked_up_mans_moves_as_empty_squares(void **state) {
    (void)state;
/* the rook on e5 (Black's) after White's Qg3 */
#define ROOK_ON_E5                                                                                 \
    "1q2r1k1/5ppp/2p5/3nr3/P3p3/1P4QP/2B2PP1/3RR1K1 b - - 0 1", "e5", "f4g3", "e6 e7 f5 g5 h5",     \
        "Black to move, as the picture marks White's last move"
    static const struct {
        const char *theme, *fen, *picked, *marked, *dots, *note;
        int size, flip, ink;
        double share, opacity;
    } cases[] = {
        /* as lichess draws them; then drawn larger (0.17 of a square),
         * and black at 0.3 as other sites do (0.177), on a large and a
         * small board: read before as 5 pawns */
        {"green", ROOK_ON_E5, 480, 0, 59, 0.134, 0.5},
        {"green", ROOK_ON_E5, 480, 0, 59, 0.17, 0.5},
        {"brown", ROOK_ON_E5, 480, 0, 0, 0.177, 0.3},
        {"blue", ROOK_ON_E5, 320, 0, 0, 0.177, 0.3},
        /* White's knight on f3, Black at the bottom, chess.com's dots; no
         * last move marked */
        {"green", "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4", "f3", "",
         "d4 g5 h4 g1", "White to move, as the dots mark the moves of the white knight on f3", 400,
         1, 0, 0.165, 0.14},
        /* a small board: the black bishop on c8 (the king and the knight
         * on f6 can go to d7 too, but to other squares as well) */
        {"brown", "r1b1k2r/pp3ppp/2n1pn2/q7/1b1P4/2N2N2/PP1BBPPP/R2QK2R b KQkq - 0 9", "c8", "",
         "d7", "Black to move, as the dots mark the moves of the black bishop on c8", 200, 0, 59,
         0.134, 0.5},
    };
#undef ROOK_ON_E5
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_position pos;
        fk_problems problems;
        fk_problems_clear(&problems);
        assert_int_equal(
            fk_fen_parse(cases[i].fen, strlen(cases[i].fen), FK_FEN_STRICT, &pos, &problems),
            FK_OK);
        fk_diagram_options d;
        fk_diagram_options_default(&d);
        d.size = cases[i].size;
        d.flip = cases[i].flip;
        d.theme = fk_theme_find(cases[i].theme);
        d.highlight = FK_BIT(FK_SQUARE(cases[i].picked[0] - 'a', cases[i].picked[1] - '1'));
        for (const char *m = cases[i].marked; *m; m += 2)
            d.highlight |= FK_BIT(FK_SQUARE(m[0] - 'a', m[1] - '1'));
        fk_image im;
        draw_grey(cases[i].fen, &d, &im);
        fk_bitboard dots = squares_named(cases[i].dots);
        for (fk_bitboard b = dots; b; b &= b - 1)
            paint_dot(&im, cases[i].size, cases[i].flip, (fk_square)__builtin_ctzll(b),
                      cases[i].share, cases[i].ink, cases[i].opacity);
        fk_scan_result r;
        scan_painted(&im, &r);
        char placement[FK_FEN_MAX];
        fk_fen_write_placement(&pos, placement, sizeof placement);
        if (placement_misses(r.fen, placement))
            fail_msg("board %zu: read %s, drawn %s", i, r.fen, placement);
        if (r.move_dots != dots)
            fail_msg("board %zu: dots %llx", i, (unsigned long long)r.move_dots);
        if (!noted(&r, cases[i].note)) fail_msg("board %zu: no note '%s'", i, cases[i].note);
        assert_int_equal(r.fen[strcspn(r.fen, " ") + 1],
                         cases[i].fen[strcspn(cases[i].fen, " ") + 1]);
        assert_true(noted(&r, "marked with a dot as a picked-up man's"));
        if (*cases[i].marked)
            assert_int_equal(r.last_to,
                             FK_SQUARE(cases[i].marked[2] - 'a', cases[i].marked[3] - '1'));
    }
    /* A photo of chess.com on a phone: the black rook on a8 picked up. */
    fk_scan_result r;
    expect_reading("cv_34.jpg", "r1b3kr/2R1Bppp/8/p7/P2P4/8/P4P1Q/4KR2", &r);
    assert_int_equal(r.move_dots,
                     FK_BIT(FK_SQUARE(0, 6)) | FK_BIT(FK_SQUARE(0, 5)) | FK_BIT(FK_SQUARE(1, 7)));
    assert_true(noted(&r, "Black to move, as the dots mark the moves of the black rook on a8"));
}

/* Paints a panel of grey `body` over the grey picture from (x0, y0) to
 * (x1, y1), a header band of grey `head` over its top fifth, as sites
 * show a game's result over the board. */
static void paint_panel(fk_image *im, int x0, int y0, int x1, int y1, int body, int head) {
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
            im->grey[y * im->width + x] = (uint8_t)(y < y0 + (y1 - y0) / 5 ? head : body);
}

/* A panel over the middle of the board (chess.com names the winner in
 * one): the squares under it had been read as empty for sure, and the
 * bishop on b4 checking the king through the hidden knight on c3 gave
 * White the move. They are named as covered and listed as uncertain
 * with the squares the panel's edge reaches into, the squares around
 * are read as drawn, and no check decides the side to move. */
static void test_says_which_squares_a_panel_hides(void **state) {
    (void)state;
    static const struct {
        const char *theme;
        int flip, body, head;
        int box[2][4]; /* panels, in eighths of a square: x0, y0, x1, y1 */
        const char *covered, *named;
    } cases[] = {
        {"green", 0, 255, 80, {{15, 14, 49, 50}},
         "c3 d3 e3 f3 c4 d4 e4 f4 c5 d5 e5 f5 c6 d6 e6 f6", "the squares from c3 to f6"},
        {"brown", 1, 46, 130, {{12, 20, 52, 44}}, "c4 d4 e4 f4 c5 d5 e5 f5",
         "the squares from c4 to f5"},
        /* two panels together, of no rectangle (whose lowest and highest
         * squares, d3 and f4, span as many squares as they hide) */
        {"blue", 0, 255, 255, {{15, 31, 49, 41}, {23, 39, 41, 49}}, "d3 e3 c4 d4 e4 f4",
         "hides 6 squares"},
    };
    const char *fen = "r1bq1rk1/pp3ppp/2n2n2/3p4/1b1P4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_diagram_options d;
        fk_diagram_options_default(&d);
        d.size = 640;
        d.flip = cases[i].flip;
        d.theme = fk_theme_find(cases[i].theme);
        fk_image im;
        draw_grey(fen, &d, &im);
        for (int k = 0; k < 2 && cases[i].box[k][2]; k++) {
            const int *b = cases[i].box[k];
            paint_panel(&im, b[0] * 10, b[1] * 10, b[2] * 10, b[3] * 10, cases[i].body,
                        cases[i].head);
        }
        fk_scan_result r;
        scan_painted(&im, &r);
        fk_bitboard want = squares_named(cases[i].covered);
        if (r.covered != want)
            fail_msg("board %zu: covered %llx, want %llx", i, (unsigned long long)r.covered,
                     (unsigned long long)want);
        assert_true((r.uncertain & want) == want);
        /* every square the panel leaves whole is read as drawn, and every
         * one it reaches into is read so or doubted */
        fk_position pos;
        fk_problems problems;
        fk_problems_clear(&problems);
        fk_fen_parse(fen, strlen(fen), FK_FEN_STRICT, &pos, &problems);
        for (fk_square sq = 0; sq < 64; sq++) {
            if ((want >> sq & 1) || r.position.board[sq] == pos.board[sq]) continue;
            if (!(r.uncertain >> sq & 1))
                fail_msg("board %zu: square %d read wrong for sure", i, sq);
        }
        assert_true(noted(&r, "something drawn over the board hides"));
        if (!noted(&r, cases[i].named)) fail_msg("board %zu: no note '%s'", i, cases[i].named);
        assert_true(noted(&r, "White to move was assumed"));
    }
}

/* A panel over most of the board's middle, 4.6 squares across with a
 * header and a button, on lichess's browns: the flat colours' lattice was
 * found, but its grid, refined, was pulled to the panel's edges, and no
 * board was found. The lattice as found is kept when refining makes it
 * clearly worse, as for blurred boards. */
static void test_finds_a_board_under_a_large_panel(void **state) {
    (void)state;
    const char *fen = "6r1/2k2p2/pp6/7N/8/8/P3P3/5K2 w - - 0 1";
    fk_diagram_options d;
    fk_diagram_options_default(&d);
    d.size = 640;
    d.theme = fk_theme_find("lichess");
    fk_image im;
    draw_grey(fen, &d, &im);
    paint_panel(&im, 160, 144, 528, 512, 255, 80);
    paint_panel(&im, 234, 420, 454, 475, 154, 154); /* its button */
    fk_scan_result r;
    scan_painted(&im, &r);
    assert_int_equal(placement_misses(r.fen, "6r1/2k2p2/pp6/7N/8/8/P3P3/5K2"), 0);
    /* c3 to f6 lie wholly under it */
    const fk_bitboard middle = 0x00003c3c3c3c0000ULL;
    if ((r.covered & middle) != middle) fail_msg("covered %llx", (unsigned long long)r.covered);
    assert_true((r.uncertain & r.covered) == r.covered);
}

/* Men that fill their squares' edges, in a block, show no square colour
 * round those squares' edges either: sixteen Millenia queens passed for a
 * panel (14 squares named covered and read empty). The network is sure of
 * men there, which no panel shows, so none is named. */
static void test_takes_no_block_of_men_for_a_panel(void **state) {
    (void)state;
    fk_scan_options o;
    fk_scan_options_default(&o);
    fk_scan_result r;
    assert_int_equal(scan_file("millenia-queens.png", &o, &r), FK_OK);
    assert_int_equal(r.covered, 0);
    assert_false(noted(&r, "something drawn over the board"));
}

/* Fails unless r's board corners lie within `within` pixels of the upright
 * square board from (lo, lo) to (hi, hi). */
static void expect_square_board(const fk_scan_result *r, double lo, double hi, double within) {
    const double corners[4][2] = {{lo, lo}, {hi, lo}, {hi, hi}, {lo, hi}};
    for (int k = 0; k < 4; k++)
        if (hypot(r->board.corners[k].x - corners[k][0], r->board.corners[k].y - corners[k][1]) >
            within)
            fail_msg("corner %d at %.1f, %.1f", k, r->board.corners[k].x, r->board.corners[k].y);
}

static void test_finds_a_board_whose_men_fill_their_squares(void **state) {
    (void)state;
    /* Millenia's men (a chess font) are as wide as their squares and
     * cover both bottom corners, where the checkerboard test read the
     * squares' colours: no board was found. The board fills the picture. */
    fk_scan_result r;
    expect_reading("millenia-485.png", "rnb4r/3p1kp1/p1pbqp2/1p2P2p/PP6/7P/2PPQP2/RN2KBNR", &r);
    expect_square_board(&r, 0, 448, 2);
}

static void test_finds_a_pale_board_behind_dark_men(void **state) {
    (void)state;
    /* Millenia's black men, solid ink as wide as their squares, on
     * lichess's pale browns (44 grey levels apart), with arrows and
     * highlights: they darken so many squares' corners that the spread of
     * each colour hid the checkerboard, and no board was found. Only the
     * last look, which scores the squares that show their colour, finds
     * it. The pawn on g2, under an arrow, is read through it. */
    fk_scan_result r;
    expect_reading("millenia-281.png", "rn1qkb1r/2pppp1p/bp6/6p1/4P1nP/6N1/PPPP1PP1/R1BQK1NR", &r);
    expect_square_board(&r, 2 * 520 / 1172.0, 1170 * 520 / 1172.0, 1.5);
    assert_true(noted(&r, "g3 to g1"));
}

/* Coverage (0..1) of board pixel (x, y) by a bent knight's arrow drawn
 * as chess.com draws one: a shaft 0.22 of a square wide from (ax, ay) to
 * the corner (bx, by) and on towards (cx, cy), ending in a head 0.4 of a
 * square long and 0.54 wide at (cx, cy); 4 x 4 samples a pixel. */
static double bent_arrow_cover(double x, double y, const double pts[6], double sq) {
    int in = 0;
    for (int sy = 0; sy < 4; sy++)
        for (int sx = 0; sx < 4; sx++) {
            double px = x + (sx + 0.5) / 4, py = y + (sy + 0.5) / 4;
            int hit = 0;
            for (int leg = 0; leg < 2 && !hit; leg++) {
                double x0 = pts[2 * leg], y0 = pts[2 * leg + 1];
                double x1 = pts[2 * leg + 2], y1 = pts[2 * leg + 3];
                double len = hypot(x1 - x0, y1 - y0), ux = (x1 - x0) / len, uy = (y1 - y0) / len;
                double u = (px - x0) * ux + (py - y0) * uy, q = fabs(-(px - x0) * uy + (py - y0) * ux);
                double end = leg ? len - 0.4 * sq : len + 0.11 * sq;
                if (u >= (leg ? 0 : -0.11 * sq) && u <= end && q <= 0.11 * sq) hit = 1;
                if (leg && u > len - 0.4 * sq && u <= len && q <= 0.27 * sq * (len - u) / (0.4 * sq))
                    hit = 1;
            }
            in += hit;
        }
    return in / 16.0;
}

/* The arrow finder alone, on crops of a flat board: a bent knight's arrow
 * from g1 over g2 to g3 and on to f3, orange (grey 176) at 80%, over a
 * black man on g2. One arrow is named, g1 to f3; bare ground comes back
 * to its grey and the man's ink to black (within 12 grey levels). */
static void test_takes_out_a_bent_knights_arrow(void **state) {
    (void)state;
    enum { SIDE = 32, W = 8 * SIDE };
    static uint8_t crops[64 * SIDE * SIDE], clean[64 * SIDE * SIDE];
    const double sq = SIDE, pts[6] = {6.5 * sq, 7.5 * sq, 6.5 * sq, 5.5 * sq, 5.5 * sq, 5.5 * sq};
    for (int y = 0; y < W; y++)
        for (int x = 0; x < W; x++) {
            int cell = (y / SIDE) * 8 + x / SIDE;
            double ground = (y / SIDE + x / SIDE) % 2 ? 140 : 220, under = ground;
            /* a black man: a disc on g2 */
            if (hypot(x + 0.5 - 6.5 * sq, y + 0.5 - 6.5 * sq) < 0.3 * sq) under = 20;
            double c = 0.8 * bent_arrow_cover(x, y, pts, sq);
            size_t at = (size_t)cell * SIDE * SIDE + (y % SIDE) * SIDE + x % SIDE;
            clean[at] = (uint8_t)under;
            crops[at] = (uint8_t)lround((1 - c) * under + c * 176);
        }
    fk_arrow_seen seen[FK_ARROWS_MOST];
    assert_int_equal(fk_arrows_remove(crops, SIDE, seen, NULL), 1);
    assert_int_equal(seen[0].from, 62); /* g1 */
    assert_int_equal(seen[0].to, 45);   /* f3 */
    int off = 0;
    for (size_t i = 0; i < sizeof crops; i++) off += abs(crops[i] - clean[i]) > 12;
    /* Where the shaft's edges cross the man, two columns of 18 pixels are
     * half arrow, half ink, which no one grey of the arrow takes apart;
     * with the head's base and the shaft's ends left as blends, 67. */
    if (off > 48) fail_msg("%d pixels differ from the board without the arrow", off);
}

/* A pawn-like man for the outline test: a head (disc) on a body that
 * widens to a base, in a crop of side 32. 1 inside it, 2 on its edge two
 * pixels deep, 0 outside. */
static int pawn_at(int x, int y) {
    double hx = x + 0.5 - 16, hy = y + 0.5 - 9;
    double r = hypot(hx, hy);
    int head = r < 5;
    double half = y >= 13 && y < 27 ? 3 + (y - 13) * 0.6 : -1;
    int body = fabs(x + 0.5 - 16) < half;
    if (!head && !body) return 0;
    int deep = (head && r < 3) || (body && fabs(x + 0.5 - 16) < half - 2 && y >= 15 && y < 25);
    return deep ? 1 : 2;
}

/* Men's outlines (shape.c): a black pawn on a light square and a white
 * pawn (white fill, black edge) on a dark square, a coordinate label in
 * its corner, show one outline; a rook-like block does not; a man drawn
 * in three parts keeps all three; a man filling 64% of his crop shows
 * one; an empty square, one whose inside is a little off its edge's grey
 * and a man that fills his square show none. */
static void test_finds_a_mans_outline(void **state) {
    (void)state;
    enum { SIDE = 32, AREA = SIDE * SIDE };
    static uint8_t black[AREA], white[AREA], rook[AREA], parts[AREA], empty[AREA], full[AREA],
        broad[AREA], blurred[AREA];
    static uint8_t a[AREA], b[AREA], c[AREA];
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            int i = y * SIDE + x, p = pawn_at(x, y);
            black[i] = p ? 20 : 220;
            white[i] = p == 1 ? 250 : p == 2 ? 10 : 120;
            if (x >= 1 && x < 5 && y >= 1 && y < 7) white[i] = 240; /* a label */
            rook[i] = x >= 9 && x < 23 && y >= 5 && y < 28 ? 30 : 220;
            /* battlements, body and base with bare ground between them */
            parts[i] = (y >= 5 && y < 10 && x >= 9 && x < 23) || (y >= 11 && y < 21 && x >= 11 && x < 21) ||
                               (y >= 22 && y < 27 && x >= 7 && x < 25)
                           ? 15
                           : 220;
            empty[i] = 140;
            full[i] = x > 0 && y > 0 && x < SIDE - 1 && y < SIDE - 1 ? 40 : 200;
            /* a man as broad as a condal bishop: a disc filling 64% of
             * the crop; and an empty square whose edges a straightened
             * picture blurred, 12 grey levels lighter inside than in its
             * outer rings (66% of the crop) */
            broad[i] = hypot(x + 0.5 - 16, y + 0.5 - 16) < 14.5 ? 40 : 200;
            blurred[i] = x >= 3 && y >= 3 && x < SIDE - 3 && y < SIDE - 3 ? 212 : 200;
        }
    int na = fk_crop_shape(black, SIDE, a), nb = fk_crop_shape(white, SIDE, b);
    assert_true(na > 0 && nb > 0);
    double same = fk_shapes_overlap(a, b, SIDE);
    if (same < 0.9) fail_msg("a white and a black pawn overlap %.3f", same);
    assert_true(fk_crop_shape(rook, SIDE, c) > 0);
    double other = fk_shapes_overlap(a, c, SIDE);
    if (other >= 0.74) fail_msg("a pawn and a rook overlap %.3f", other);
    assert_int_equal(fk_crop_shape(parts, SIDE, c), 14 * 5 + 10 * 10 + 18 * 5);
    assert_int_equal(fk_crop_shape(empty, SIDE, c), 0);
    assert_int_equal(fk_crop_shape(full, SIDE, c), 0);
    int wide = fk_crop_shape(broad, SIDE, c);
    if (wide * 100 < AREA * 63) fail_msg("the broad man shows %d pixels", wide);
    assert_int_equal(fk_crop_shape(blurred, SIDE, c), 0);
    /* An outline overlaps itself wholly, also moved by two pixels. */
    memset(c, 0, sizeof c);
    for (int i = 0; i < AREA - 2 * SIDE - 2; i++) c[i + 2 * SIDE + 2] = a[i];
    assert_true(fabs(fk_shapes_overlap(a, c, SIDE) - 1) < 1e-9);
}

/* A small board scaled up to the crops' size (shape.c,
 * fk_crops_shapes()): each crop's top row and left column take in the
 * next square's grey, and its ground shades by a few grey levels across.
 * The plain ground shows no man's outline there; the fitted one shows the
 * pawns' on every cell, alike to a clean pawn's. Clean crops keep the
 * plain outlines, the same as fk_crop_shape()'s. */
static void test_finds_outlines_on_a_small_board_scaled_up(void **state) {
    (void)state;
    enum { SIDE = 32, AREA = SIDE * SIDE };
    static uint8_t bled[64 * AREA], clean[64 * AREA], shapes[64 * AREA], one[AREA];
    int shown[64];
    for (int cell = 0; cell < 64; cell++) {
        int light = (cell / 8 + cell % 8) % 2 == 0, ground = light ? 220 : 140;
        for (int y = 0; y < SIDE; y++)
            for (int x = 0; x < SIDE; x++) {
                int i = cell * AREA + y * SIDE + x, p = pawn_at(x, y);
                int shade = (x - y) / 6; /* -5 to 5 across the crop */
                clean[i] = (uint8_t)(p ? 20 : ground);
                bled[i] = (uint8_t)(p ? 20 : ground + shade);
                if (x == 0 || y == 0) bled[i] = 180; /* halfway to the next square's grey */
            }
    }
    int plain = 0;
    for (int cell = 0; cell < 64; cell++)
        plain += fk_crop_shape(bled + cell * AREA, SIDE, one) > 0;
    assert_int_equal(plain, 0);
    assert_int_equal(fk_crops_shapes(bled, SIDE, 0, shapes, shown), 1);
    assert_true(fk_crop_shape(clean, SIDE, one) > 0); /* a clean pawn's outline */
    for (int cell = 0; cell < 64; cell++) {
        if (shown[cell] == 0) fail_msg("cell %d shows no outline", cell);
        double v = fk_shapes_overlap(shapes + cell * AREA, one, SIDE);
        if (v < 0.9) fail_msg("cell %d's pawn overlaps a clean pawn %.3f", cell, v);
    }
    /* skipped cells show none, and their outlines are empty (they were
     * left as the fitted outlines' scratch memory had them) */
    assert_int_equal(
        fk_crops_shapes(bled, SIDE, UINT64_C(1) << 1 | UINT64_C(1) << 9, shapes, shown), 1);
    for (int cell = 1; cell <= 9; cell += 8) {
        assert_int_equal(shown[cell], 0);
        for (int i = 0; i < AREA; i++)
            if (shapes[cell * AREA + i]) fail_msg("skipped cell %d has outline pixel %d", cell, i);
    }
    assert_int_equal(fk_crops_shapes(clean, SIDE, 0, shapes, shown), 0);
    for (int cell = 0; cell < 64; cell++) {
        assert_int_equal(shown[cell], fk_crop_shape(clean + cell * AREA, SIDE, one));
        assert_memory_equal(shapes + cell * AREA, one, AREA);
    }
}

/* Men on hatched squares (hatch.c): the ground under a man on diagonal
 * or upright hatching is worked out from the crop's edge band; a black
 * pawn drawn on a plain square, laid over it, gives the black pawn on the
 * hatching, while a white pawn or a thin bar does not; a flat crop and grain
 * show no hatching. */
static void test_lays_a_man_over_hatching(void **state) {
    (void)state;
    enum { SIDE = 32, AREA = SIDE * SIDE };
    static uint8_t hatch[AREA], lines[AREA], on_hatch[AREA], on_lines[AREA], plain[AREA],
        white[AREA], bar[AREA], flat[AREA], grain[AREA];
    static uint8_t ground[AREA], shape[AREA], white_shape[AREA], bar_shape[AREA];
    uint32_t seed = 7;
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            int i = y * SIDE + x, p = pawn_at(x, y);
            hatch[i] = (x + y) % 6 < 2 ? 20 : 235;
            lines[i] = x % 5 < 2 ? 30 : 230;
            on_hatch[i] = p ? 20 : hatch[i];
            on_lines[i] = p ? 20 : lines[i];
            plain[i] = p ? 20 : 235;
            white[i] = p == 1 ? 250 : p == 2 ? 20 : 235;
            bar[i] = x >= 13 && x < 19 && y >= 2 && y < 30 ? 20 : 235;
            flat[i] = 140;
            seed = seed * 1103515245u + 12345u;
            grain[i] = (uint8_t)(120 + (seed >> 16) % 12);
        }
    assert_true(fk_crop_shape(plain, SIDE, shape) > 0);
    assert_true(fk_crop_shape(white, SIDE, white_shape) > 0);
    assert_true(fk_crop_shape(bar, SIDE, bar_shape) > 0);

    assert_int_equal(fk_hatch_ground(on_hatch, SIDE, ground), 1);
    assert_memory_equal(ground, hatch, AREA);
    double same = fk_hatch_composed(on_hatch, ground, plain, shape, SIDE);
    if (same > 0.05) fail_msg("a black pawn laid over hatching gives it at %.3f", same);
    double other = fk_hatch_composed(on_hatch, ground, white, white_shape, SIDE);
    if (other < 0.6) fail_msg("a white pawn gives the black one at %.3f", other);
    other = fk_hatch_composed(on_hatch, ground, bar, bar_shape, SIDE);
    if (other < 0.6) fail_msg("a thin bar gives the black pawn at %.3f", other);
    /* bare hatching: nothing to explain */
    assert_int_equal(fk_hatch_ground(hatch, SIDE, ground), 1);
    assert_true(fk_hatch_composed(hatch, ground, plain, shape, SIDE) < 0);

    assert_int_equal(fk_hatch_ground(on_lines, SIDE, ground), 1);
    assert_memory_equal(ground, lines, AREA);
    assert_true(fk_hatch_composed(on_lines, ground, plain, shape, SIDE) < 0.05);

    assert_int_equal(fk_hatch_ground(flat, SIDE, ground), 0);
    assert_int_equal(fk_hatch_ground(grain, SIDE, ground), 0);
}

/* A held-out berlin set on a book board: four black bishops on hatched
 * squares were read as pawns (43-70%). Laid over its hatching, each of the
 * sure black pawns on light squares gives f6 badly, so f6 is some other
 * man, a bishop; h6, f4 and a3, read so and with the same runner-up,
 * unlike the sure pawns too, go with it. */
static void test_compares_men_on_hatched_squares_with_plain_ones(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading("berlin-390.png", "n7/3Brp1P/2PRbb1b/2N2R2/N1k2bK1/b2r4/2p1p2q/1Q3B2", &r);
    assert_true(noted(&r, "f6 and e2 were both read as black pawn but are drawn differently"));
    assert_true(noted(&r, "h6, on a hatched square, is drawn unlike the sure black pawns as f6 is"));
    const char *bishops[] = {"f6", "h6", "f4", "a3"};
    for (int k = 0; k < 4; k++) {
        fk_square sq = fk_square_parse(bishops[k]);
        assert_int_equal(r.squares[sq].piece, FK_BP);
        assert_true(r.repaired & FK_BIT(sq));
    }
}

/* Arrows over built-in men, drawn by the render layer as an analysis
 * board draws them (see-through, centre to centre). Before the arrows
 * were taken out, each of these boards had a square read wrong: a pawn
 * under a shaft as a knight (d3) or as nothing (e2, Black at the bottom),
 * an orange arrowhead on an empty square as a pawn (f5, h3). On the last
 * two themes the arrow has the grey of the dark squares and shows over
 * the light ones only: a black pawn under it read white (f6), a head on
 * the empty d7 read as a pawn; such arrows are not named. */
static void test_reads_the_squares_under_arrows(void **state) {
    (void)state;
    static const struct {
        const char *fen, *theme, *arrows, *notes;
        int size, flip;
    } cases[] = {
        /* f5d6's head lies under d6g1's tail: which way it points is not
         * checked. */
        {"8/8/4p2P/k4PP1/5K2/pp1P4/p7/8 w - - 0 25", "brown", "d6g1 f2c4 f5d6", "d6 to g1|f2 to c4",
         560, 0},
        {"2b4r/r1pqpkb1/p3n2n/PQ1p4/8/N1P5/1P1PPP1P/R1B1KBNR b KQ - 0 14", "purple",
         "h6b1 e1e6 e1c7", "h6 to b1|e1 to e6|e1 to c7", 320, 1},
        {"rnb2b1r/pp2kppp/2p5/2n5/8/P1P1P3/3PKPPP/RNBQ1B1R w - - 3 9", "teal", "f2f5 h2h3",
         "f2 to f5|h2 to h3", 560, 0},
        {"2b3n1/r2qk3/pp1pppp1/2pP2N1/5N2/4P3/1PRB1PPR/Q3KB2 b - - 1 17", "green", "h6b6 e1f6", "",
         320, 0},
        {"8/8/8/1p6/1b5k/2P5/PP1K2PP/RN1R4 w - - 4 30", "walnut", "d4d7 g6e1 e6b6", "", 560, 0},
        /* A printed diagram, its dark squares hatched: the arrows are
         * found from where they cross from paper to hatching, and the
         * pawn on f5 under e6h3's shaft had been read as an empty square
         * (f2c2 over the hatching alone is missed). */
        {"rn4n1/1b1p1k2/p3p1p1/2P2P2/P7/5P1P/6r1/2b1K1NR b K - 0 20", "book", "e6f4 e6h3 f2c2",
         "e6 to h3|e6 to f4", 400, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_position pos;
        fk_problems problems;
        fk_problems_clear(&problems);
        assert_int_equal(fk_fen_parse(cases[i].fen, strlen(cases[i].fen), FK_FEN_STRICT, &pos,
                                      &problems),
                         FK_OK);
        fk_diagram_options d;
        fk_diagram_options_default(&d);
        d.size = cases[i].size;
        d.flip = cases[i].flip;
        d.coords = FK_COORDS_INSIDE;
        d.theme = fk_theme_find(cases[i].theme);
        for (const char *a = cases[i].arrows; *a; a += a[4] ? 5 : 4) {
            d.arrows[d.arrow_count].from = (uint8_t)FK_SQUARE(a[0] - 'a', a[1] - '1');
            d.arrows[d.arrow_count++].to = (uint8_t)FK_SQUARE(a[2] - 'a', a[3] - '1');
        }
        fk_buffer png = {0};
        assert_int_equal(fk_render_png(&pos, &d, &png), FK_OK);
        fk_scan_options o;
        fk_scan_options_default(&o);
        fk_scan_result r;
        fk_error err;
        assert_int_equal(fk_scan_bytes(png.data, png.len, &o, &r, &err), FK_OK);
        fk_buffer_free(&png);
        char placement[FK_FEN_MAX];
        fk_fen_write_placement(&pos, placement, sizeof placement);
        if (placement_misses(r.fen, placement))
            fail_msg("board %zu: read %s, drawn %s", i, r.fen, placement);
        /* The arrows are named, the way they point; those that show
         * over one square colour only, in one note without squares. */
        if (!*cases[i].notes &&
            !noted(&r, "arrows are drawn over the board in the grey of its dark squares"))
            fail_msg("board %zu: no note on arrows in the dark squares' grey", i);
        assert_true(r.arrow_count > 0);
        for (int k = 0; k < r.arrow_count && !*cases[i].notes; k++)
            assert_int_equal(r.arrows[k].from, FK_NO_SQUARE);
        char want[64];
        for (const char *n = cases[i].notes; *n; n += strcspn(n, "|") + (n[strcspn(n, "|")] != 0)) {
            snprintf(want, sizeof want, "%.*s", (int)strcspn(n, "|"), n);
            if (!noted(&r, want)) fail_msg("board %zu: no note '%s'", i, want);
            /* and listed in the result ("d6 to g1") */
            fk_square from = FK_SQUARE(n[0] - 'a', n[1] - '1'), to = FK_SQUARE(n[6] - 'a', n[7] - '1');
            int listed = 0;
            for (int k = 0; k < r.arrow_count; k++)
                listed |= r.arrows[k].from == from && r.arrows[k].to == to;
            if (!listed) fail_msg("board %zu: %.8s not in the result's arrows", i, n);
        }
    }
    /* A held-out render: the head of the arrow from a3 on the empty a4 had
     * been read as a black pawn (65%). */
    fk_scan_result r;
    expect_reading("kilfiger-279.png", "2b1k3/1n1p1pb1/rpPq4/p7/4p2P/8/P3K3/3N3R", &r);
    assert_true(noted(&r, "arrows drawn over the board were read through: g7 to d2, c3 to h3, a3 to a4"));
}

/* A held-out set whose white king has a cream fill (kingdom), Black at
 * the bottom: both kings were read as White's (g7 at 59%, f1 at 47%), and
 * the repair of two white kings made the less sure one, f1, Black's. The
 * one on g7 covers more of its square with dark ink, so it is taken as
 * Black's king before any repair. */
static void test_tells_the_kings_colours_by_their_ink(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading("kingdom-337.png", "1n5R/r2pb1k1/5p2/p7/5PP1/1P6/1P4b1/5KN1", &r);
    assert_true(noted(&r, "hold the two kings"));
    assert_true(r.repaired & FK_BIT(fk_square_parse("g7")));
    /* The same saved as JPEG: its empty squares span up to 12 grey
     * levels, and count as drawn flat all the same (PLAIN). */
    expect_reading("kingdom-337-q75.jpg", "1n5R/r2pb1k1/5p2/p7/5PP1/1P6/1P4b1/5KN1", &r);
    assert_true(noted(&r, "g7 and f1 hold the two kings"));
    /* On a book board, the black king on a hatched square (e7) inked
     * where the hatching leaves the paper bare: the kings had been read
     * in each other's colours. */
    expect_reading("kingdom-062.png", "8/4k3/8/5K2/3N4/8/6r1/8", &r);
    assert_true(noted(&r, "f5 and e7 hold the two kings"));
    assert_true(r.repaired & FK_BIT(fk_square_parse("f5")));
}

/* A held-out leipzig set in a cluttered page, Black at the bottom: the
 * black queen on b5 was read as White's (62% against 38%). It has far more
 * dark ink than the white queen read surely on f8, so it turns black. (The
 * black rook on e3, read as White's at 63%, has no sure rook to be
 * compared with, and stays wrong.) */
static void test_tells_a_mans_colour_by_the_ink_of_sure_ones(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading_within("leipzig-023.png", "5Q2/7r/b2K4/1q6/4B1n1/4r2k/4n3/8", 1, &r);
    fk_square b5 = fk_square_parse("b5");
    assert_int_equal(fk_position_at(&r.position, b5), FK_BQ);
    assert_true(r.repaired & FK_BIT(b5));
    assert_true(noted(&r, "b5 is inked darker than f8"));
}

/* A leipzig board (held out of training) with no sure rook: its black
 * rooks on c7 and e1, read at 68-69% with White's rook next, show the ink
 * of the board's sure black men, so the material weighing leaves them
 * black; before, both were weighed into white rooks. */
static void test_keeps_a_colour_the_boards_ink_confirms(void **state) {
    (void)state;
    expect_unweighed("leipzig-r800-262.png", "3K4/2r5/P1P5/2Pp1P1p/4B2P/5k2/P4bp1/4r3", "e1",
                     FK_WR);
}

/* An eboard-plastic board (a set training saw; Black at the bottom): the
 * black queen on f3, a rook's body under a crown, was read as a rook at
 * 50% (a queen 32%). The sure rook on a8, on a square of the same colour,
 * is drawn like him at 0.89 where like men of this board compare at 0.98
 * or more, so he takes his next reading. (The white queen on d1, read as
 * a rook at 64%, has no rook on her square colour to be told from, and
 * stays wrong.) */
static void test_tells_a_man_from_sure_men_he_is_less_like_than_they_are(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading_within("plastic-r600-128.png",
                          "r2k2nr/p1p2p2/np2p2p/2b3p1/4P1PP/5q2/PPPP3R/RNBQKBN1", 1, &r);
    assert_int_equal(fk_position_at(&r.position, fk_square_parse("f3")), FK_BQ);
    assert_true(noted(&r, "f3 and a8 were both read as black rook but are drawn differently"));
    /* Another such board: both queens, read as rooks at 51% and 62%, are
     * told from rooks read at 96% and 89% on their square colours, surer
     * than they are by far (SURER_FLOOR, SURER_BY). */
    expect_reading("plastic-r600-536.png", "r1bqkb1r/Npp2ppp/n2ppn2/8/1P6/2P5/P2PPPPP/R1BQKBNR",
                   &r);
    assert_true(noted(&r, "d8 and h8 were both read as black rook but are drawn differently"));
    assert_true(noted(&r, "d1 and h1 were both read as white rook but are drawn differently"));
    /* eboard-ebony, Black at the bottom: no two like men are read at 98%
     * on a square colour, so men read at 80% set how alike like men are;
     * the white queen on d1, read as a rook at 29%, is told from the rook
     * on h1 (87%). */
    expect_reading("ebony-r600-429.png", "rn2kbnr/pbpp2pp/1p2p3/5p2/P4P1q/6P1/1PPPP3/RNBQKBNR", &r);
    assert_true(noted(&r, "d1 and h1 were both read as white rook but are drawn differently"));
}

static void test_puts_the_grid_on_the_rows_not_the_mens_bases(void **state) {
    (void)state;
    /* Black at the bottom, a back rank and a row of pawns standing just
     * above the lines between rows: their bases are stronger edges than
     * the grey theme's step from square to square, and the top edge of
     * the grid was put 3.6 pixels high. The board is at 3..739. */
    fk_scan_result r;
    expect_reading("kilfiger-194.png", "rnbqkbnr/pp1pp1pp/2p5/5P2/8/7P/PPPPPP2/RNBQKBNR", &r);
    expect_square_board(&r, 3, 739, 1);
}

static void test_takes_no_move_list_for_rank_numbers(void **state) {
    (void)state;
    /* A page without coordinates, a move list just right of the board:
     * "6." and "17." stand level with the third and last rows, as White's
     * rank numbers would, and the board (Black at the bottom) was said to
     * have White there "from the coordinates, 97% sure". The lines run
     * closer than the rows, so the strip is inked where rows meet. */
    fk_scan_options o;
    fk_scan_options_default(&o);
    fk_scan_result r;
    assert_int_equal(scan_file("magnetic-387.png", &o, &r), FK_OK);
    int by_position = 0;
    for (int k = 0; k < r.note_count; k++) {
        assert_null(strstr(r.notes[k], "from the coordinates"));
        by_position |= strstr(r.notes[k], "from the pawns and kings") != NULL;
    }
    assert_true(by_position);
    o.bottom = FK_BOTTOM_BLACK;
    assert_int_equal(scan_file("magnetic-387.png", &o, &r), FK_OK);
    assert_int_equal(placement_misses(r.fen, "2n5/4RK2/6r1/2n5/7b/2p5/5r1k/3Q4"), 0);
}

static void test_fills_side_and_castling_as_told(void **state) {
    (void)state;
    fk_scan_options o;
    fk_scan_options_default(&o);
    fk_scan_result r;
    /* tsoj_134 has no king and rook both at home, and no last move
     * marked: auto castling gives '-', and White to move is assumed. */
    assert_int_equal(scan_file("tsoj_134.jpg", &o, &r), FK_OK);
    assert_non_null(strstr(r.fen, " w - - 0 1"));
    assert_non_null(strstr(r.notes[r.note_count - 1], "White to move was assumed"));
    assert_int_equal(r.side_from, FK_SIDE_ASSUMED);
    o.side = FK_BLACK;
    o.castling_mode = FK_SCAN_CASTLING_NONE;
    o.bottom = FK_BOTTOM_WHITE;
    assert_int_equal(scan_file("cv_03.jpg", &o, &r), FK_OK);
    assert_non_null(strstr(r.fen, " b - - 0 1"));
    assert_true(r.bottom_given);
    for (int i = 0; i < r.note_count; i++) assert_null(strstr(r.notes[i], "assumed"));
}

static void test_finds_a_photographed_book_diagram(void **state) {
    (void)state;
    /* Men reach into the corners the checkerboard test looks at, and a
     * corner's colour alone would say the square is dark: the board is
     * still found, where it lies (checked by eye, to a few pixels). */
    fk_scan_options o;
    fk_scan_options_default(&o);
    fk_scan_result r;
    assert_int_equal(scan_file("cv_01.jpg", &o, &r), FK_OK);
    /* The diagram's frame is tilted in the photo: its corners (looked up
     * on the picture) are no upright rectangle. */
    const fk_point want[4] = {{177, 96}, {455, 102}, {465, 386}, {169, 377}};
    for (int k = 0; k < 4; k++)
        if (fabs(r.board.corners[k].x - want[k].x) > 3 || fabs(r.board.corners[k].y - want[k].y) > 3)
            fail_msg("corner %d at %.1f, %.1f", k, r.board.corners[k].x, r.board.corners[k].y);
}

/* The same photo's lower left lies in a shadow: its light squares go from
 * grey 152 down to 54 there, and the men in it had been read as empty
 * squares (a2, e2, c1, and f4's faint bishop on a hatched square). With the
 * light evened out, and the page, still dim, read a second time as if
 * brightly lit, every square reads right. A phone's camera view of a page
 * (tsoj_148), its light squares from 119 to 143: the white pawn on a2 had
 * been read as black. */
static void test_evens_out_the_light_on_a_photographed_page(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading("cv_01.jpg", "r4rk1/3qbppp/p3p3/1p1bPN2/5B2/8/PP2QPPP/2RR2K1", &r);
    assert_true(noted(&r, "the light falls unevenly on the board"));
    expect_reading("tsoj_148.jpg", "r2qr1k1/p4pbp/bp3np1/3p4/8/BPN1P1P1/P1Q1NnBP/R2R2K1", &r);
    assert_true(noted(&r, "the light falls unevenly on the board"));
    /* a screenshot: one grey a square colour */
    expect_reading("tsoj_149.jpg", "r2qr1k1/p4pbp/bp3np1/3p4/8/BPN1P1P1/P1Q1NnBP/R2R2K1", &r);
    assert_false(noted(&r, "the light falls unevenly on the board"));
}

/* Rank numbers and file letters drawn inside the edge squares, with the
 * light falling off towards them to 30% (a photo of a page): those on the
 * dark side had too little ink to be read, and the kings, each on the
 * other's home square, turned the board the wrong way round. They are
 * read again on the picture with its light evened out as the squares'
 * was. */
static void test_reads_the_coordinates_where_the_light_falls_off(void **state) {
    (void)state;
    int tried = 0, wrong = 0;
    for (int t = 0; t < fk_theme_count(); t++) {
        fk_diagram_options d;
        fk_diagram_options_default(&d);
        d.theme = fk_theme_at(t);
        d.flip = 1;
        d.size = 480;
        d.coords = FK_COORDS_INSIDE;
        fk_image im;
        draw_grey("4K3/8/8/8/8/8/8/4k3 w - - 0 1", &d, &im);
        for (int y = 0; y < im.height; y++)
            for (int x = 0; x < im.width; x++) {
                double dark = (1.0 - (double)x / im.width + (double)y / im.height) / 2;
                uint8_t *v = &im.grey[y * im.width + x];
                *v = (uint8_t)lround(*v * (1 - 0.7 * dark));
            }
        fk_scan_result r;
        scan_painted(&im, &r);
        if (!noted(&r, "the light falls unevenly on the board")) continue;
        tried++;
        if ((r.white_bottom || !noted(&r, "from the coordinates")) && ++wrong)
            print_message("theme %s: White at the bottom %d\n", d.theme->name, r.white_bottom);
    }
    assert_true(tried >= 4);
    assert_int_equal(wrong, 0);
}

/* Light squares of one grey, a few tinted or reached by men: left alone.
 * Light falling off from left to right: evened out, every light square's
 * grey and the man's drawing brought back to what the bright side shows. */
static void test_evens_out_light_only_where_it_varies(void **state) {
    (void)state;
    enum { S = 32 };
    static uint8_t crops[64 * S * S], lit[64 * S * S];
    for (int i = 0; i < 64; i++)
        for (int p = 0; p < S * S; p++) {
            int man = i == 27 && p / S > 8 && p / S < 24 && p % S > 10 && p % S < 22;
            crops[i * S * S + p] = man ? 40 : fk_cell_colour(i) ? 120 : 200;
        }
    for (int p = 0; p < S * S; p++)
        crops[29 * S * S + p] = 170; /* a tinted square (row 3, column 5) */
    memcpy(lit, crops, sizeof crops);
    fk_light range = {{0}, -1, -1};
    assert_int_equal(fk_crops_even_light(lit, S, &range), 0);
    assert_memory_equal(lit, crops, sizeof crops);
    assert_true(range.lo == -1);
    /* From the left edge to the right one the light falls to about 40%. */
    for (int i = 0; i < 64; i++)
        for (int p = 0; p < S * S; p++) {
            double x = (i % 8 + (p % S + 0.5) / S) / 8;
            lit[i * S * S + p] = (uint8_t)(crops[i * S * S + p] * (1 - 0.6 * x) + 0.5);
        }
    assert_int_equal(fk_crops_even_light(lit, S, &range), 1);
    assert_true(range.lo < 100 && range.hi > 180);
    for (int i = 0; i < 64; i++) {
        int want = fk_crop_ground(crops + i * S * S, S), got = fk_crop_ground(lit + i * S * S, S);
        if (i != 29 && abs(got - want) > 12) fail_msg("cell %d: grey %d, not %d", i, got, want);
    }
    /* The man on cell 27 (picture row 3, column 3) is as dark against his
     * square as before. */
    int ground = fk_crop_ground(lit + 27 * S * S, S), man = lit[27 * S * S + 16 * S + 16];
    assert_true(ground - man > 60);
}

/* A printed-style diagram (hatched dark squares) saved as a JPEG of
 * quality 75: the ringing leaves too few light squares flat to make the
 * board, and the gaps between the hatching lines of one dark square had
 * been found as a board of about 80 pixels, read as empty. */
static void test_finds_a_hatched_board_in_a_jpeg(void **state) {
    (void)state;
    fk_scan_result r;
    expect_reading("berlin-206-q75.jpg", "1n3N2/4p2r/7n/6pp/8/k3PP2/P2P2PP/3K4", &r);
    double side = r.board.corners[1].x - r.board.corners[0].x;
    assert_true(side > 0.95 * r.width);
}

/* Draws the position (a FEN) as a diagram of `size` pixels in `theme`
 * and lays its grey levels on the page at x, y. */
static void lay_diagram(fk_image *page, const char *fen, int size, const char *theme, int x,
                        int y) {
    fk_diagram_options d;
    fk_diagram_options_default(&d);
    d.size = size;
    d.theme = fk_theme_find(theme);
    d.border = 1;
    fk_buffer png = {0};
    draw_fen(fen, &d, &png);
    fk_image drawn;
    fk_error err;
    assert_int_equal(fk_image_decode(png.data, png.len, &drawn, &err), FK_OK);
    for (int row = 0; row < drawn.height; row++)
        memcpy(page->grey + (size_t)(y + row) * page->width + x,
               drawn.grey + (size_t)row * drawn.width, (size_t)drawn.width);
    fk_image_free(&drawn);
    fk_buffer_free(&png);
}

/* A page of three diagrams: two side by side (the right one the larger),
 * one below, with lines of text between. fk_scan_image reads the largest;
 * fk_scan_image_all reads all three in reading order, or two of them (the
 * largest among them) when it has room for two. */
static void test_reads_every_board_of_a_page(void **state) {
    (void)state;
    static const char *fens[3] = {
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "8/5pk1/6p1/8/3R4/6P1/5PK1/r7 w - - 0 40",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    };
    char want[3][FK_FEN_MAX]; /* their placements */
    for (int k = 0; k < 3; k++)
        snprintf(want[k], sizeof want[k], "%.*s", (int)strcspn(fens[k], " "), fens[k]);
    fk_image page = {.width = 620, .height = 600, .grey = malloc(620 * 600)};
    assert_non_null(page.grey);
    memset(page.grey, 242, 620 * 600);
    for (int y = 8; y < page.height; y += 14) /* text: dark strokes in rows */
        for (int x = 10; x < page.width - 10; x++)
            if ((x / 3) % 5 < 3) page.grey[(size_t)y * page.width + x] = 60;
    lay_diagram(&page, fens[0], 220, "book", 40, 40);
    lay_diagram(&page, fens[1], 260, "green", 320, 30);
    lay_diagram(&page, fens[2], 200, "brown", 40, 340);
    fk_scan_options o;
    fk_scan_options_default(&o);
    o.bottom = FK_BOTTOM_WHITE;
    fk_scan_result r[FK_SCAN_MAX_BOARDS];
    fk_error err;
    assert_int_equal(fk_scan_image(&page, &o, &r[0], &err), FK_OK);
    assert_int_equal(placement_misses(r[0].fen, want[1]), 0);
    int count = 0;
    assert_int_equal(fk_scan_image_all(&page, &o, r, FK_SCAN_MAX_BOARDS, &count, &err), FK_OK);
    assert_int_equal(count, 3);
    for (int k = 0; k < 3; k++)
        if (placement_misses(r[k].fen, want[k])) fail_msg("board %d read as %s", k + 1, r[k].fen);
    assert_true(r[1].board.corners[0].x > 310 && r[2].board.corners[0].y > 330);
    assert_int_equal(fk_scan_image_all(&page, &o, r, 2, &count, &err), FK_OK);
    assert_int_equal(count, 2);
    assert_true(placement_misses(r[0].fen, want[1]) == 0 ||
                placement_misses(r[1].fen, want[1]) == 0);
    /* With no board at all, the first search's error. */
    memset(page.grey, 242, 620 * 600);
    assert_int_equal(fk_scan_image_all(&page, &o, r, FK_SCAN_MAX_BOARDS, &count, &err),
                     FK_ERR_INVALID);
    assert_int_equal(count, 0);
    assert_non_null(strstr(err.message, "no chess board"));
    fk_image_free(&page);
}

static void test_says_when_there_is_no_board(void **state) {
    (void)state;
    fk_image blank = {.width = 300, .height = 200, .grey = malloc(300 * 200)};
    memset(blank.grey, 200, 300 * 200);
    fk_scan_result r;
    fk_error err;
    assert_int_equal(fk_scan_image(&blank, NULL, &r, &err), FK_ERR_INVALID);
    assert_non_null(strstr(err.message, "no chess board"));
    fk_image_free(&blank);
}

/* A board read surely but for one man the network was torn over and that
 * looks unlike his peers: only he is listed, the board's chance of being
 * right falls, and it is in doubt; a square under a panel is always
 * listed, and a side at the bottom that is a guess leaves the board in
 * doubt with no square listed. */
static void test_doubt_lists_the_squares_to_check(void **state) {
    (void)state;
    fk_scan_result r;
    memset(&r, 0, sizeof r);
    for (int sq = 0; sq < 64; sq++) {
        fk_piece on = sq == FK_SQUARE(4, 0)   ? FK_WK
                      : sq == FK_SQUARE(4, 7) ? FK_BK
                      : FK_RANK_OF(sq) == 1   ? FK_WP
                                              : FK_EMPTY;
        r.squares[sq] = (fk_square_reading){.piece = on, .prob = 0.999f, .second = FK_WB,
                                            .second_prob = 0.0005f, .read = on,
                                            .read_prob = 0.999f, .other_prob = 0.0005f,
                                            .unlike = on == FK_WP || on == FK_EMPTY ? 0.0f : -1.0f};
    }
    r.bottom_confidence = 1;
    fk_scan_options opts;
    fk_scan_options_default(&opts);
    fk_scan_result sure = r;
    fk_scan_weigh_doubt(&sure, opts.threshold);
    assert_true(sure.uncertain == 0);
    assert_int_equal(sure.doubt, 0);
    fk_square d2 = FK_SQUARE(3, 1);
    r.squares[d2] = (fk_square_reading){.piece = FK_WP, .prob = 0.55f, .second = FK_WB,
                                        .second_prob = 0.40f, .read = FK_WP, .read_prob = 0.55f,
                                        .other_prob = 0.40f, .unlike = 0.2f};
    fk_scan_result torn = r;
    fk_scan_weigh_doubt(&torn, opts.threshold);
    assert_true(torn.uncertain == FK_BIT(d2));
    assert_int_equal(torn.doubt, 1);
    assert_true(torn.squares[d2].right < sure.squares[d2].right);
    assert_true(torn.board_right < sure.board_right);
    /* under a panel */
    fk_scan_result hidden = sure;
    hidden.covered = FK_BIT(FK_SQUARE(0, 4));
    fk_scan_weigh_doubt(&hidden, opts.threshold);
    assert_true(hidden.uncertain == FK_BIT(FK_SQUARE(0, 4)));
    assert_true(hidden.squares[FK_SQUARE(0, 4)].right == 0 && hidden.board_right == 0);
    /* the side at the bottom guessed */
    fk_scan_result guessed = r;
    guessed.squares[d2] = sure.squares[d2];
    guessed.bottom_confidence = 0.6;
    fk_scan_weigh_doubt(&guessed, opts.threshold);
    assert_true(guessed.uncertain == 0);
    assert_int_equal(guessed.doubt, 1);
    assert_true(guessed.board_right < sure.board_right);
}

/* A board read surely but unlawfully (a black king read as a pawn on e8,
 * as a design the model never saw can draw him): the pawn's square is
 * listed, and for the side without a king the two squares likeliest to
 * hold him, however sure every square looks; but not a board that breaks
 * the rules all over, as a picture drawn so on purpose does. */
static void test_doubt_lists_the_squares_of_a_broken_rule(void **state) {
    (void)state;
    fk_scan_result r;
    memset(&r, 0, sizeof r);
    fk_square e8 = FK_SQUARE(4, 7), d8 = FK_SQUARE(3, 7), e1 = FK_SQUARE(4, 0);
    fk_position_clear(&r.position);
    for (int sq = 0; sq < 64; sq++) {
        fk_piece on = sq == e1 ? FK_WK : sq == e8 ? FK_BP : sq == d8 ? FK_BQ : FK_EMPTY;
        r.squares[sq] = (fk_square_reading){.piece = on, .prob = 0.999f, .second = FK_WB,
                                            .second_prob = 0.0005f, .read = on,
                                            .read_prob = 0.999f, .other_prob = 0.0005f,
                                            .unlike = -1.0f};
        r.probs[sq][on] = 0.999f;
        if (on != FK_EMPTY) fk_position_put(&r.position, sq, on);
    }
    r.probs[e8][FK_BK] = 0.0004f;
    r.probs[d8][FK_BK] = 0.0003f;
    r.position.side = FK_WHITE;
    r.bottom_confidence = 1;
    fk_problems_clear(&r.problems);
    fk_position_check(&r.position, &r.problems);
    fk_scan_weigh_doubt(&r, fk_scan_default_threshold());
    assert_true(r.uncertain & FK_BIT(e8));
    assert_true(r.uncertain & FK_BIT(d8));
    assert_int_equal(r.doubt, 1);
    /* the same men, lawfully placed, list nothing */
    fk_scan_result fine = r;
    fine.uncertain = 0;
    fk_position_remove(&fine.position, e8);
    fk_position_put(&fine.position, e8, FK_BK);
    fine.squares[e8].piece = fine.squares[e8].read = FK_BK;
    fk_problems_clear(&fine.problems);
    fk_position_check(&fine.position, &fine.problems);
    fk_scan_weigh_doubt(&fine, fk_scan_default_threshold());
    assert_true(fine.uncertain == 0);
    assert_int_equal(fine.doubt, 0);
    /* a picture drawn unlawfully on purpose, a row of white kings, breaks
     * the rules on too many squares to be a misread man: read as drawn */
    fk_scan_result chart = fine;
    for (int f = 0; f < 8; f++) {
        fk_square sq = FK_SQUARE(f, 3);
        fk_position_put(&chart.position, sq, FK_WK);
        chart.squares[sq].piece = chart.squares[sq].read = FK_WK;
    }
    fk_problems_clear(&chart.problems);
    fk_position_check(&chart.position, &chart.problems);
    assert_true(fk_problems_has_error(&chart.problems));
    fk_scan_weigh_doubt(&chart, fk_scan_default_threshold());
    assert_true(chart.uncertain == 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_rendered_screenshots),
        cmocka_unit_test(test_follows_a_board_seen_at_a_slant),
        cmocka_unit_test(test_reads_a_turned_screenshot),
        cmocka_unit_test(test_reads_labels_on_a_turned_board),
        cmocka_unit_test(test_finds_a_turned_board_of_pale_squares),
        cmocka_unit_test(test_finds_a_board_whose_top_rank_lies_in_shadow),
        cmocka_unit_test(test_finds_a_turned_board_in_uneven_light),
        cmocka_unit_test(test_finds_a_large_printed_diagram_without_flat_squares),
        cmocka_unit_test(test_stops_when_its_caller_says),
        cmocka_unit_test(test_finds_the_bottom_from_the_coordinates),
        cmocka_unit_test(test_reads_real_pictures),
        cmocka_unit_test(test_tells_unlike_men_apart),
        cmocka_unit_test(test_gives_a_man_unlike_its_reading_a_kind_no_square_shows),
        cmocka_unit_test(test_mends_condal_bishops_read_as_knights),
        cmocka_unit_test(test_weighs_no_man_into_a_kind_its_outline_rules_out),
        cmocka_unit_test(test_repairs_a_third_king_with_its_runner_up),
        cmocka_unit_test(test_takes_the_start_where_the_readings_make_it_likelier),
        cmocka_unit_test(test_weighs_a_second_queen_back_to_its_colour),
        cmocka_unit_test(test_leaves_a_reading_the_ink_or_outline_settled),
        cmocka_unit_test(test_weighs_material_by_the_pawns_beside_it),
        cmocka_unit_test(test_weighs_a_row_of_pawns_read_as_bishops_back),
        cmocka_unit_test(test_weighs_no_man_into_a_board_no_game_reaches),
        cmocka_unit_test(test_weighs_men_drawn_alike_together),
        cmocka_unit_test(test_leaves_sure_readings_and_kings_to_the_picture),
        cmocka_unit_test(test_keeps_the_surest_of_five_kings),
        cmocka_unit_test(test_repairs_two_cheap_misreadings_rather_than_one_dear_one),
        cmocka_unit_test(test_repairs_pawns_no_game_reaches),
        cmocka_unit_test(test_reads_held_out_boards_the_network_misreads),
        cmocka_unit_test(test_leaves_two_sure_kings_as_the_picture_shows_them),
        cmocka_unit_test(test_leaves_a_board_no_repair_can_make_lawful),
        cmocka_unit_test(test_repairs_a_pawn_on_the_last_rank),
        cmocka_unit_test(test_repairs_nineteen_white_men),
        cmocka_unit_test(test_leaves_a_legal_position_alone),
        cmocka_unit_test(test_gives_the_move_to_the_side_in_check),
        cmocka_unit_test(test_gives_the_move_to_the_side_that_did_not_play_the_marked_move),
        cmocka_unit_test(test_sees_a_last_move_by_its_colour),
        cmocka_unit_test(test_reads_a_picked_up_mans_moves_as_empty_squares),
        cmocka_unit_test(test_says_which_squares_a_panel_hides),
        cmocka_unit_test(test_finds_a_board_under_a_large_panel),
        cmocka_unit_test(test_takes_no_block_of_men_for_a_panel),
        cmocka_unit_test(test_finds_a_board_whose_men_fill_their_squares),
        cmocka_unit_test(test_finds_a_pale_board_behind_dark_men),
        cmocka_unit_test(test_reads_the_squares_under_arrows),
        cmocka_unit_test(test_takes_out_a_bent_knights_arrow),
        cmocka_unit_test(test_finds_a_mans_outline),
        cmocka_unit_test(test_finds_outlines_on_a_small_board_scaled_up),
        cmocka_unit_test(test_lays_a_man_over_hatching),
        cmocka_unit_test(test_compares_men_on_hatched_squares_with_plain_ones),
        cmocka_unit_test(test_gives_a_man_unlike_his_reading_and_like_his_runner_up_it),
        cmocka_unit_test(test_tells_the_kings_colours_by_their_ink),
        cmocka_unit_test(test_tells_a_mans_colour_by_the_ink_of_sure_ones),
        cmocka_unit_test(test_keeps_a_colour_the_boards_ink_confirms),
        cmocka_unit_test(test_tells_a_man_from_sure_men_he_is_less_like_than_they_are),
        cmocka_unit_test(test_puts_the_grid_on_the_rows_not_the_mens_bases),
        cmocka_unit_test(test_takes_no_move_list_for_rank_numbers),
        cmocka_unit_test(test_fills_side_and_castling_as_told),
        cmocka_unit_test(test_reads_every_board_of_a_page),
        cmocka_unit_test(test_finds_a_photographed_book_diagram),
        cmocka_unit_test(test_evens_out_the_light_on_a_photographed_page),
        cmocka_unit_test(test_reads_the_coordinates_where_the_light_falls_off),
        cmocka_unit_test(test_evens_out_light_only_where_it_varies),
        cmocka_unit_test(test_finds_a_hatched_board_in_a_jpeg),
        cmocka_unit_test(test_says_when_there_is_no_board),
        cmocka_unit_test(test_doubt_lists_the_squares_to_check),
        cmocka_unit_test(test_doubt_lists_the_squares_of_a_broken_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
