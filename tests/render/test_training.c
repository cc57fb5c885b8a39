/* Training images: random looks stay in range, the recorded board box is
 * where the board is drawn, and a seed repeats the same image. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "render/pixels.h"

static void make_image(uint64_t seed, double clutter, fk_position *pos, fk_training_image *img) {
    fk_rng rng;
    fk_rng_seed(&rng, seed);
    fk_square from, to;
    fk_random_position(&rng, (fk_random_kind)(seed % FK_RANDOM_KIND_COUNT), pos, &from, &to);
    fk_training_options opts;
    fk_training_options_default(&opts);
    opts.clutter = clutter;
    fk_training_image_random(&rng, pos, NULL, from, to, &opts, img);
}

static void test_looks_stay_in_range(void **state) {
    (void)state;
    int clutter = 0, flipped = 0, coords[3] = {0};
    for (uint64_t seed = 0; seed < 300; seed++) {
        fk_position pos;
        fk_training_image img;
        make_image(seed, 0.5, &pos, &img);
        assert_true(img.diagram.size >= 120 && img.diagram.size <= 1200);
        assert_non_null(img.diagram.theme);
        assert_true(img.board_x >= 0 && img.board_y >= 0);
        assert_true(img.board_x + img.board_size <= img.width);
        assert_true(img.board_y + img.board_size <= img.height);
        assert_int_equal(img.board_size % 8, 0);
        if (!img.clutter) assert_int_equal(img.width, img.diagram.size);
        if (img.diagram.check != FK_NO_SQUARE)
            assert_int_equal(fk_position_at(&pos, img.diagram.check),
                             FK_MAKE_PIECE(pos.side, FK_KING));
        clutter += img.clutter;
        flipped += img.diagram.flip;
        coords[img.diagram.coords]++;
    }
    /* Every variation happens, none always. */
    assert_true(clutter > 100 && clutter < 200);
    assert_true(flipped > 30 && flipped < 150);
    for (int c = 0; c < 3; c++) assert_true(coords[c] > 20);
}

/* Finds a seed whose image has clutter, a small board, and no flip. */
static uint64_t seed_with_clutter(void) {
    for (uint64_t seed = 1;; seed++) {
        fk_position pos;
        fk_training_image img;
        make_image(seed, 1.0, &pos, &img);
        if (img.diagram.size < 260 && !img.diagram.flip && img.diagram.coords == FK_COORDS_NONE &&
            !img.diagram.theme->hatched && img.width > img.diagram.size + 60)
            return seed;
    }
}

static void test_board_box_is_where_the_board_is_drawn(void **state) {
    (void)state;
    fk_position pos;
    fk_training_image img;
    make_image(seed_with_clutter(), 1.0, &pos, &img);
    assert_true(img.clutter);
    fk_buffer svg = {0}, png = {0};
    assert_int_equal(fk_training_image_svg(&pos, &img, &svg), FK_OK);
    assert_int_equal(fk_svg_to_png(svg.data, svg.len, img.width, img.height, &png, NULL), FK_OK);
    image page = decode_png(&png);
    assert_int_equal(page.width, img.width);
    assert_int_equal(page.height, img.height);
    /* Each empty square's centre, found through the box, has its colour;
     * the page just left of the box does not look like the a-file. */
    int s = img.board_size / 8;
    const fk_theme *t = img.diagram.theme;
    for (fk_square sq = 0; sq < 64; sq++) {
        if (fk_position_at(&pos, sq) != FK_EMPTY || (img.diagram.highlight & FK_BIT(sq)))
            continue;
        if (img.diagram.arrow_count) break;
        int x = img.board_x + FK_FILE_OF(sq) * s + s / 2;
        int y = img.board_y + (7 - FK_RANK_OF(sq)) * s + s / 2;
        uint32_t want = fk_square_is_light(sq) ? t->light : t->dark;
        assert_true(color_distance(pixel_at(&page, x, y), want) <= 1);
    }
    image_free(&page);
    fk_buffer_free(&svg);
    fk_buffer_free(&png);
}

static void test_same_seed_same_image(void **state) {
    (void)state;
    fk_buffer a = {0}, b = {0};
    for (int round = 0; round < 2; round++) {
        fk_position pos;
        fk_training_image img;
        make_image(seed_with_clutter(), 1.0, &pos, &img);
        assert_int_equal(fk_training_image_svg(&pos, &img, round ? &b : &a), FK_OK);
    }
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    fk_buffer_free(&a);
    fk_buffer_free(&b);
}

static void test_size_range_is_kept(void **state) {
    (void)state;
    fk_training_options opts;
    fk_training_options_default(&opts);
    opts.min_size = opts.max_size = 200;
    fk_rng rng;
    fk_rng_seed(&rng, 5);
    fk_position pos;
    fk_position_startpos(&pos);
    fk_training_image img;
    for (int i = 0; i < 20; i++) {
        fk_training_image_random(&rng, &pos, NULL, FK_NO_SQUARE, FK_NO_SQUARE, &opts, &img);
        assert_int_equal(img.diagram.size, 200);
    }
    opts.min_size = 300;
    opts.max_size = 310;
    int seen_low = 0, seen_high = 0;
    for (int i = 0; i < 200; i++) {
        fk_training_image_random(&rng, &pos, NULL, FK_NO_SQUARE, FK_NO_SQUARE, &opts, &img);
        assert_true(img.diagram.size >= 300 && img.diagram.size <= 310);
        seen_low |= img.diagram.size == 300;
        seen_high |= img.diagram.size == 310;
    }
    assert_true(seen_low && seen_high);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_looks_stay_in_range),
        cmocka_unit_test(test_board_box_is_where_the_board_is_drawn),
        cmocka_unit_test(test_same_seed_same_image),
        cmocka_unit_test(test_size_range_is_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
