/* Pixel tests of PNG diagrams: square colours, pieces where the FEN puts
 * them (against the empty board), flipping, highlights, arrows, the check
 * mark, frames and the rasteriser's errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "render/pixels.h"

/* Blends colour b over a with opacity alpha, per channel. */
static uint32_t blend(uint32_t a, uint32_t b, double alpha) {
    uint32_t out = 0;
    for (int shift = 0; shift < 24; shift += 8) {
        double v = ((a >> shift) & 0xff) * (1 - alpha) + ((b >> shift) & 0xff) * alpha;
        out |= (uint32_t)(v + 0.5) << shift;
    }
    return out;
}

static void small_options(fk_diagram_options *o, int size) {
    fk_diagram_options_default(o);
    o->size = size;
}

static void test_square_centres_have_the_theme_colours(void **state) {
    (void)state;
    fk_position empty;
    fk_position_clear(&empty);
    for (int t = 0; t < fk_theme_count(); t++) {
        const fk_theme *theme = fk_theme_at(t);
        if (theme->hatched) continue;
        for (int flip = 0; flip < 2; flip++) {
            fk_diagram_options o;
            small_options(&o, 96);
            o.theme = theme;
            o.flip = flip;
            image img = render_image(&empty, &o);
            assert_int_equal(img.width, 96);
            assert_int_equal(img.height, 96);
            for (int row = 0; row < 8; row++)
                for (int col = 0; col < 8; col++) {
                    /* Top left is a8 (h1 when flipped): a light square. */
                    int light = (row + col) % 2 == 0;
                    uint32_t want = light ? theme->light : theme->dark;
                    uint32_t got = pixel_at(&img, col * 12 + 6, row * 12 + 6);
                    if (color_distance(got, want) > 1)
                        fail_msg("theme %s flip %d: square at row %d col %d is #%06x, want #%06x",
                                 theme->name, flip, row, col, got, want);
                }
            image_free(&img);
        }
    }
}

static void test_hatched_dark_squares_mix_both_colours(void **state) {
    (void)state;
    fk_position empty;
    fk_position_clear(&empty);
    fk_diagram_options o;
    small_options(&o, 160);
    o.theme = fk_theme_find("book");
    image img = render_image(&empty, &o);
    assert_int_equal(img.width, 160);
    /* a1 is dark: bottom left. Count dark and light pixels inside it. */
    int dark = 0, light = 0;
    for (int y = 142; y < 158; y++)
        for (int x = 2; x < 18; x++) {
            uint32_t p = pixel_at(&img, x, y);
            if (color_distance(p, 0x000000) < 100) dark++;
            if (color_distance(p, 0xffffff) < 100) light++;
        }
    assert_true(dark > 20);
    assert_true(light > 20);
    /* b1 is light: plain white. */
    assert_int_equal(pixel_at(&img, 30, 150), 0xffffff);
    image_free(&img);
}

/* Checks that exactly the occupied squares of pos differ from the empty
 * board drawn with the same options. */
static void assert_pieces_where_placed(const fk_position *pos, fk_diagram_options *o) {
    fk_position empty;
    fk_position_clear(&empty);
    image board = render_image(&empty, o), drawn = render_image(pos, o);
    assert_true(board.width > 0 && drawn.width > 0);
    int s = fk_diagram_geometry(o).square;
    for (fk_square sq = 0; sq < 64; sq++) {
        int x, y;
        square_origin_px(o, sq, &x, &y);
        double d = region_difference(&board, &drawn, x, y, s, s);
        char name[3];
        fk_square_name(sq, name);
        if (fk_position_at(pos, sq) != FK_EMPTY && d < 4)
            fail_msg("%s holds %s but its square looks empty (difference %.2f)", name,
                     fk_piece_name(fk_position_at(pos, sq)), d);
        if (fk_position_at(pos, sq) == FK_EMPTY && d > 0.01)
            fail_msg("%s is empty but something is drawn on it (difference %.2f)", name, d);
    }
    image_free(&board);
    image_free(&drawn);
}

static void test_every_piece_is_drawn_where_the_position_says(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_diagram_options o;
    small_options(&o, 160);
    assert_pieces_where_placed(&pos, &o);
    o.flip = 1;
    assert_pieces_where_placed(&pos, &o);
    o.flip = 0;
    o.theme = fk_theme_find("book");
    assert_pieces_where_placed(&pos, &o);
    /* Random positions of every kind, with and without flipping. */
    for (int i = 0; i < 8; i++) {
        fk_rng rng;
        fk_rng_seed(&rng, 1000 + (uint64_t)i);
        fk_random_position(&rng, (fk_random_kind)(i % FK_RANDOM_KIND_COUNT), &pos, NULL, NULL);
        small_options(&o, 120 + 8 * i);
        o.flip = i & 1;
        o.theme = fk_theme_at(i % fk_theme_count());
        assert_pieces_where_placed(&pos, &o);
    }
}

static void test_each_of_the_twelve_pieces_looks_different(void **state) {
    (void)state;
    /* One of each piece on a1..f1 and a3..f3 (so squares differ in colour
     * the same way): compare each pair on squares of the same colour. */
    fk_position pos;
    fk_position_clear(&pos);
    for (fk_piece p = FK_WP; p <= FK_BK; p++) fk_position_put(&pos, FK_SQUARE(p - 1, 3), p);
    fk_diagram_options o;
    small_options(&o, 320);
    image img = render_image(&pos, &o);
    int s = fk_diagram_geometry(&o).square;
    for (fk_piece a = FK_WP; a <= FK_BK; a++)
        for (fk_piece b = a + 1; b <= FK_BK; b++) {
            /* a and b are on squares of the same colour when their files
             * differ by an even number: compare only those. */
            if ((b - a) % 2) continue;
            int ax, ay, bx, by;
            square_origin_px(&o, FK_SQUARE(a - 1, 3), &ax, &ay);
            square_origin_px(&o, FK_SQUARE(b - 1, 3), &bx, &by);
            double d = region_difference_at(&img, ax, ay, &img, bx, by, s, s);
            if (d < 2) fail_msg("%s and %s look alike (%.2f)", fk_piece_name(a), fk_piece_name(b), d);
        }
    image_free(&img);
}

static void test_flip_turns_the_board_around(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_position_remove(&pos, FK_SQUARE(6, 0)); /* no Ng1: the board is not symmetric */
    fk_diagram_options o;
    small_options(&o, 160);
    image up = render_image(&pos, &o);
    o.flip = 1;
    image down = render_image(&pos, &o);
    /* Squares are 20 px. The white king (e1) is at column 4, row 7
     * normally, and at column 3, row 0 when flipped; the square looks the
     * same in both. */
    assert_true(region_difference_at(&up, 80, 140, &down, 60, 0, 20, 20) < 0.01);
    /* Every square keeps its content: compare each square's picture. */
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++)
            assert_true(region_difference_at(&up, col * 20, row * 20, &down, (7 - col) * 20,
                                             (7 - row) * 20, 20, 20) < 0.01);
    /* ...and the board does change: g1 is empty, b1 is not. */
    assert_true(region_difference_at(&up, 20, 140, &up, 120, 140, 20, 20) > 4);
    assert_true(region_difference_at(&up, 0, 0, &down, 0, 0, 160, 160) > 1);
    image_free(&up);
    image_free(&down);
}

static void test_highlight_tints_the_square(void **state) {
    (void)state;
    fk_position empty;
    fk_position_clear(&empty);
    fk_diagram_options o;
    small_options(&o, 160);
    const fk_theme *t = fk_theme_at(0);
    o.highlight = FK_BIT(FK_SQUARE(4, 3)) | FK_BIT(FK_SQUARE(4, 1)); /* e4, e2 */
    image img = render_image(&empty, &o);
    /* e4: column 4, row 4; a light square. e2: column 4, row 6: light. */
    uint32_t want = blend(t->light, t->highlight, 0.5);
    assert_true(color_distance(pixel_at(&img, 90, 90), want) <= 2);
    assert_true(color_distance(pixel_at(&img, 90, 130), want) <= 2);
    /* d4 is untouched. */
    assert_int_equal(pixel_at(&img, 70, 90), t->dark);
    image_free(&img);
}

static void test_arrow_and_check_mark_are_drawn_where_asked(void **state) {
    (void)state;
    fk_position pos;
    fk_position_clear(&pos);
    fk_position_put(&pos, FK_SQUARE(4, 0), FK_WK);
    fk_position_put(&pos, FK_SQUARE(4, 7), FK_BK);
    fk_diagram_options o;
    small_options(&o, 160);
    image plain = render_image(&pos, &o);
    o.arrow_count = 1;
    o.arrows[0].from = (uint8_t)FK_SQUARE(0, 1); /* a2 -> a5 */
    o.arrows[0].to = (uint8_t)FK_SQUARE(0, 4);
    o.check = FK_SQUARE(4, 0);
    image marked = render_image(&pos, &o);
    /* a3 and a4 (column 0, rows 5 and 4) carry the shaft. */
    assert_true(color_distance(pixel_at(&plain, 10, 110), pixel_at(&marked, 10, 110)) > 20);
    assert_true(color_distance(pixel_at(&plain, 10, 90), pixel_at(&marked, 10, 90)) > 20);
    /* e1's corner glows red; e8's does not. */
    uint32_t glow = pixel_at(&marked, 83, 157);
    assert_true(((glow >> 16) & 0xff) > ((glow >> 8) & 0xff) + 20);
    assert_true(region_difference(&plain, &marked, 80, 0, 20, 20) < 0.01);
    /* h8 (column 7, row 0) is far from both. */
    assert_true(region_difference(&plain, &marked, 140, 0, 20, 20) < 0.01);
    image_free(&plain);
    image_free(&marked);
}

static void test_border_and_outside_coordinates_shrink_the_board(void **state) {
    (void)state;
    fk_position empty;
    fk_position_clear(&empty);
    fk_diagram_options o;
    small_options(&o, 200);
    o.border = 1;
    o.coords = FK_COORDS_OUTSIDE;
    fk_board_geometry g = fk_diagram_geometry(&o);
    assert_true(g.square * 8 < 200);
    assert_true(g.x > 0 && g.y > 0);
    assert_int_equal(g.x, (200 - 8 * g.square) / 2);
    image img = render_image(&empty, &o);
    assert_int_equal(img.width, 200);
    /* The page corner is white, the pixel just outside the board is the
     * frame, and a8's centre is the light colour. */
    assert_int_equal(pixel_at(&img, 0, 0), 0xffffff);
    assert_true(color_distance(pixel_at(&img, g.x - 1, g.y + 3 * g.square), fk_theme_at(0)->frame) < 16);
    assert_int_equal(pixel_at(&img, g.x + g.square / 2, g.y + g.square / 2), fk_theme_at(0)->light);
    image_free(&img);
}

static void test_sizes_that_do_not_divide_by_eight_stay_crisp(void **state) {
    (void)state;
    fk_position empty;
    fk_position_clear(&empty);
    fk_diagram_options o;
    small_options(&o, 101);
    fk_board_geometry g = fk_diagram_geometry(&o);
    assert_int_equal(g.square, 12);
    assert_int_equal(g.x, 2);
    image img = render_image(&empty, &o);
    assert_int_equal(img.width, 101);
    /* Every pixel of a8 is exactly the light colour. */
    for (int y = g.y; y < g.y + 12; y++)
        for (int x = g.x; x < g.x + 12; x++)
            assert_int_equal(pixel_at(&img, x, y), fk_theme_at(0)->light);
    image_free(&img);
}

static void test_png_matches_the_svg_rasterised_whole(void **state) {
    (void)state;
    /* fk_render_png draws pieces from one picture per kind; the result
     * must be what rasterising fk_render_svg's document gives. */
    for (int i = 0; i < 6; i++) {
        fk_rng rng;
        fk_rng_seed(&rng, 77 + (uint64_t)i);
        fk_position pos;
        fk_square from, to;
        fk_random_position(&rng, (fk_random_kind)(i % FK_RANDOM_KIND_COUNT), &pos, &from, &to);
        fk_training_options topts;
        fk_training_options_default(&topts);
        topts.min_size = 100;
        topts.max_size = 260;
        topts.clutter = 0;
        fk_training_image img;
        fk_training_image_random(&rng, &pos, NULL, from, to, &topts, &img);
        img.diagram.arrow_count = 1;
        img.diagram.arrows[0].from = 0;
        img.diagram.arrows[0].to = 63;
        img.diagram.border = i & 1;
        fk_buffer svg = {0}, whole = {0};
        assert_int_equal(fk_render_svg(&pos, &img.diagram, &svg), FK_OK);
        assert_int_equal(fk_svg_to_png(svg.data, svg.len, img.diagram.size, img.diagram.size, &whole, NULL), FK_OK);
        image a = decode_png(&whole), b = render_image(&pos, &img.diagram);
        assert_int_equal(a.width, b.width);
        int worst = 0;
        for (int y = 0; y < a.height; y++)
            for (int x = 0; x < a.width; x++) {
                int d = color_distance(pixel_at(&a, x, y), pixel_at(&b, x, y));
                if (d > worst) worst = d;
            }
        double mean = region_difference(&a, &b, 0, 0, a.width, a.height);
        if (worst > 3 || mean > 0.05)
            fail_msg("image %d (%d px): largest difference %d, mean %.3f", i, a.width, worst, mean);
        image_free(&a);
        image_free(&b);
        fk_buffer_free(&svg);
        fk_buffer_free(&whole);
    }
}

static void test_rasteriser_errors_are_reported(void **state) {
    (void)state;
    fk_buffer out = {0};
    fk_error err;
    const char *bad = "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect";
    assert_int_equal(fk_svg_to_png(bad, strlen(bad), 10, 10, &out, &err), FK_ERR_SYNTAX);
    assert_int_equal(err.status, FK_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "reading the SVG"));
    assert_int_equal(out.len, 0);
    assert_int_equal(fk_svg_to_png(bad, strlen(bad), 0, 10, &out, &err), FK_ERR_RANGE);
    fk_position pos;
    fk_position_startpos(&pos);
    fk_diagram_options o;
    small_options(&o, 8);
    assert_int_equal(fk_render_png(&pos, &o, &out), FK_ERR_RANGE);
    assert_int_equal(out.len, 0);
    fk_buffer_free(&out);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_square_centres_have_the_theme_colours),
        cmocka_unit_test(test_hatched_dark_squares_mix_both_colours),
        cmocka_unit_test(test_every_piece_is_drawn_where_the_position_says),
        cmocka_unit_test(test_each_of_the_twelve_pieces_looks_different),
        cmocka_unit_test(test_flip_turns_the_board_around),
        cmocka_unit_test(test_highlight_tints_the_square),
        cmocka_unit_test(test_arrow_and_check_mark_are_drawn_where_asked),
        cmocka_unit_test(test_border_and_outside_coordinates_shrink_the_board),
        cmocka_unit_test(test_sizes_that_do_not_divide_by_eight_stay_crisp),
        cmocka_unit_test(test_png_matches_the_svg_rasterised_whole),
        cmocka_unit_test(test_rasteriser_errors_are_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
