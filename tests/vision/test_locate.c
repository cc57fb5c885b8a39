/* Finding the board: diagrams of every built-in theme at odd sizes, pasted
 * into a larger page with clutter (bars, text-like marks, a smaller board
 * beside it), must be found with their corners within half a pixel (two
 * on hatched boards); boards stretched out of shape are found too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "fenkit/fenkit.h"
#include "render/lsan.h" /* fontconfig keeps caches when diagrams have text */

/* The diagram of pos with options o, decoded to grey. */
static fk_image draw(const fk_position *pos, const fk_diagram_options *o) {
    fk_buffer png = {0};
    assert_int_equal(fk_render_png(pos, o, &png), FK_OK);
    fk_image im;
    fk_error err;
    assert_int_equal(fk_image_decode(png.data, png.len, &im, &err), FK_OK);
    fk_buffer_free(&png);
    return im;
}

/* Copies src into dst with its top left corner at (x, y). */
static void paste(fk_image *dst, const fk_image *src, int x, int y) {
    for (int r = 0; r < src->height; r++)
        memcpy(dst->grey + (size_t)(y + r) * dst->width + x, src->grey + (size_t)r * src->width,
               (size_t)src->width);
}

/* A page of w x h with grey bars and rows of small dark marks, like a
 * browser window with a move list. */
static fk_image page(int w, int h, fk_rng *rng) {
    fk_image im = {.width = w, .height = h, .grey = malloc((size_t)w * h)};
    assert_non_null(im.grey);
    memset(im.grey, 0xf4, (size_t)w * h);
    for (int y = 0; y < 30; y++) memset(im.grey + (size_t)y * w, 0xc8, (size_t)w);
    for (int line = 0; line < h / 24; line++)
        for (int k = 0; k < 30; k++) {
            int x = w - 260 + k * 8, y = 40 + line * 24;
            if (fk_rng_below(rng, 3) == 0) continue;
            for (int dy = 0; dy < 10; dy++)
                for (int dx = 0; dx < 5; dx++)
                    if (x + dx < w && y + dy < h) im.grey[(size_t)(y + dy) * w + x + dx] = 0x30;
        }
    return im;
}

static int misses;

/* Counts (and prints) a corner more than half a pixel from where it is (two
 * pixels on hatched boards, whose square edges are hatch lines). */
static void expect_near(double got, double want, const fk_diagram_options *o) {
    if (fabs(got - want) > (o->theme->hatched ? 2.0 : 0.5) && ++misses)
        print_message("theme %s, %d px, coords %d, border %d: corner at %.2f, expected %.2f\n",
                 o->theme->name, o->size, (int)o->coords, o->border, got, want);
}

/* Counts (and prints) a board drawn with o at (ox, oy) in pg that is not
 * found, or found with a top left or bottom right corner off (expect_near). */
static void expect_board_at(const fk_image *pg, const fk_diagram_options *o, int ox, int oy) {
    fk_board_geometry g = fk_diagram_geometry(o);
    fk_board_location where;
    fk_error err;
    if (fk_board_locate(pg, &where, &err) != FK_OK) {
        print_message("theme %s, %d-pixel board in %d x %d: %s\n", o->theme->name, o->size,
                      pg->width, pg->height, err.message);
        misses++;
        return;
    }
    expect_near(where.corners[0].x, ox + g.x, o);
    expect_near(where.corners[0].y, oy + g.y, o);
    expect_near(where.corners[2].x, ox + g.x + 8 * g.square, o);
    expect_near(where.corners[2].y, oy + g.y + 8 * g.square, o);
}

static void test_finds_boards_of_every_theme_in_a_page(void **state) {
    (void)state;
    fk_rng rng;
    fk_rng_seed(&rng, 11);
    for (int t = 0; t < fk_theme_count(); t++) {
        fk_position pos;
        fk_random_position(&rng, FK_RANDOM_MIDDLEGAME, &pos, NULL, NULL);
        fk_diagram_options o;
        fk_diagram_options_default(&o);
        o.theme = fk_theme_at(t);
        o.size = 150 + 53 * t % 500;
        o.coords = (fk_coords)(t % 3);
        o.border = t % 2;
        o.highlight = FK_BIT(12) | FK_BIT(28);
        fk_image board = draw(&pos, &o);

        /* A thumbnail of another board to the left must not win. */
        fk_diagram_options small = o;
        small.size = 96;
        fk_image thumb = draw(&pos, &small);
        fk_image pg = page(o.size + 420, o.size + 120, &rng);
        paste(&pg, &thumb, 10, 60);
        int ox = 130, oy = 70;
        paste(&pg, &board, ox, oy);
        expect_board_at(&pg, &o, ox, oy);
        fk_image_free(&board);
        fk_image_free(&thumb);
        fk_image_free(&pg);
    }
    assert_int_equal(misses, 0);
}

/* Boards the usual work size shrinks out of sight: in a long, narrow page
 * (a strip of a wide screen, a page captured scrolling on a phone), a
 * 300-pixel board shrunk by the page's long side alone; in a large
 * screenshot, a small board (100 pixels in 2,560 x 1,440, 140 in
 * 3,840 x 2,160). Their squares came to four or five work pixels and no
 * board was found. */
static void test_finds_boards_shrunk_out_of_sight(void **state) {
    (void)state;
    fk_rng rng;
    fk_rng_seed(&rng, 17);
    static const struct {
        int w, h, size, x, y;
    } pages[] = {{8000, 340, 300, 5000, 20},
                 {1080, 8000, 300, 400, 6000},
                 {2560, 1440, 100, 853, 480},
                 {3840, 2160, 140, 1280, 720}};
    for (int i = 0; i < 4; i++) {
        fk_position pos;
        fk_random_position(&rng, FK_RANDOM_MIDDLEGAME, &pos, NULL, NULL);
        fk_diagram_options o;
        fk_diagram_options_default(&o);
        o.size = pages[i].size;
        o.theme = fk_theme_at(i);
        fk_image board = draw(&pos, &o);
        fk_image pg = page(pages[i].w, pages[i].h, &rng);
        paste(&pg, &board, pages[i].x, pages[i].y);
        expect_board_at(&pg, &o, pages[i].x, pages[i].y);
        fk_image_free(&board);
        fk_image_free(&pg);
    }
    assert_int_equal(misses, 0);
}

/* src resampled (linearly) to w x h. */
static fk_image resize(const fk_image *src, int w, int h) {
    fk_image im = {.width = w, .height = h, .grey = malloc((size_t)w * h)};
    assert_non_null(im.grey);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double sx = (x + 0.5) * src->width / w - 0.5, sy = (y + 0.5) * src->height / h - 0.5;
            int x0 = sx < 0 ? 0 : (int)sx, y0 = sy < 0 ? 0 : (int)sy;
            int x1 = x0 + 1 < src->width ? x0 + 1 : x0, y1 = y0 + 1 < src->height ? y0 + 1 : y0;
            double fx = sx - x0 < 0 ? 0 : sx - x0, fy = sy - y0 < 0 ? 0 : sy - y0;
            const uint8_t *g = src->grey;
            double top = g[(size_t)y0 * src->width + x0] * (1 - fx) + g[(size_t)y0 * src->width + x1] * fx;
            double bot = g[(size_t)y1 * src->width + x0] * (1 - fx) + g[(size_t)y1 * src->width + x1] * fx;
            im.grey[(size_t)y * w + x] = (uint8_t)(top * (1 - fy) + bot * fy + 0.5);
        }
    return im;
}

static void test_finds_stretched_boards(void **state) {
    (void)state;
    /* Boards drawn out of shape (a phone's camera view, a display's
     * aspect), wider or taller by up to 1.6:1, in a page: found, each
     * axis with its own pitch. */
    fk_rng rng;
    fk_rng_seed(&rng, 5);
    for (int t = 0; t < fk_theme_count(); t += 3) {
        fk_position pos;
        fk_random_position(&rng, FK_RANDOM_MIDDLEGAME, &pos, NULL, NULL);
        fk_diagram_options o;
        fk_diagram_options_default(&o);
        o.theme = fk_theme_at(t);
        o.size = 240;
        fk_image board = draw(&pos, &o);
        double stretch = 1.2 + 0.4 * t / fk_theme_count();
        double ax = t % 2 ? 1.0 : stretch, ay = t % 2 ? stretch : 1.0;
        fk_image stretched = resize(&board, (int)(240 * ax), (int)(240 * ay));
        fk_image pg = page(stretched.width + 360, stretched.height + 100, &rng);
        paste(&pg, &stretched, 40, 60);
        fk_board_location where;
        fk_error err;
        if (fk_board_locate(&pg, &where, &err) != FK_OK)
            fail_msg("theme %s, %.2f x %.2f: %s", o.theme->name, ax, ay, err.message);
        double tol = o.theme->hatched ? 3 : 1.5;
        const double want[4] = {40, 60, 40 + stretched.width, 60 + stretched.height};
        const double got[4] = {where.corners[0].x, where.corners[0].y, where.corners[2].x,
                               where.corners[2].y};
        for (int k = 0; k < 4; k++)
            if (fabs(got[k] - want[k]) > tol)
                fail_msg("theme %s, %.2f x %.2f: edge %d at %.1f, not %.1f", o.theme->name, ax,
                         ay, k, got[k], want[k]);
        fk_image_free(&board);
        fk_image_free(&stretched);
        fk_image_free(&pg);
    }
}

/* Hatched boards drawn large and filling the picture, as a diagram cut out
 * of a page: their lines, a few to a square, outlast the first blur. */
static void test_finds_large_hatched_boards(void **state) {
    (void)state;
    fk_rng rng;
    fk_rng_seed(&rng, 5);
    int tried = 0;
    for (int t = 0; t < fk_theme_count(); t++) {
        if (!fk_theme_at(t)->hatched) continue;
        for (int size = 860; size <= 1400; size += 100) {
            fk_position pos;
            fk_random_position(&rng, FK_RANDOM_ENDGAME, &pos, NULL, NULL);
            fk_diagram_options o;
            fk_diagram_options_default(&o);
            o.theme = fk_theme_at(t);
            o.size = size;
            o.coords = FK_COORDS_INSIDE;
            fk_image board = draw(&pos, &o);
            fk_board_geometry g = fk_diagram_geometry(&o);
            fk_board_location where;
            fk_error err;
            if (fk_board_locate(&board, &where, &err) != FK_OK) {
                print_message("theme %s, %d px: %s\n", o.theme->name, size, err.message);
                misses++;
            } else {
                /* Vertical hatch lines can hold the vertical grid lines a few
                 * pixels off the square edges: allowed up to 6% of a square,
                 * less than the grid errors training cuts its crops with. */
                double tol = fmax(2.0, 0.06 * g.square);
                double got[4] = {where.corners[0].x, where.corners[0].y, where.corners[2].x,
                                 where.corners[2].y};
                double want[4] = {g.x, g.y, g.x + 8 * g.square, g.y + 8 * g.square};
                for (int k = 0; k < 4; k++)
                    if (fabs(got[k] - want[k]) > tol && ++misses)
                        print_message("theme %s, %d px: corner at %.2f, expected %.2f\n",
                                      o.theme->name, size, got[k], want[k]);
            }
            fk_image_free(&board);
            tried++;
        }
    }
    assert_true(tried >= 12);
    assert_int_equal(misses, 0);
}

/* Boards of every theme in a photo's light, falling off from one corner
 * of the picture to the opposite one (to a quarter of its brightness; two
 * corners a theme): a light square on the dark side is darker than a dark
 * one on the bright side. */
static void test_finds_boards_where_the_light_falls_off(void **state) {
    (void)state;
    fk_rng rng;
    fk_rng_seed(&rng, 11);
    int tried = 0;
    for (int t = 0; t < fk_theme_count(); t++)
        for (int pass = 0; pass < 2; pass++) {
            int corner = (t + 2 * pass) % 4;
            fk_position pos;
            fk_random_position(&rng, FK_RANDOM_ENDGAME, &pos, NULL, NULL);
            fk_diagram_options o;
            fk_diagram_options_default(&o);
            o.theme = fk_theme_at(t);
            o.size = 360 + 40 * corner;
            fk_image board = draw(&pos, &o);
            fk_image pg = page(board.width + 200, board.height + 120, &rng);
            paste(&pg, &board, 60, 60);
            for (int y = 0; y < pg.height; y++)
                for (int x = 0; x < pg.width; x++) {
                    double u = (corner & 1 ? pg.width - x : x) / (double)pg.width;
                    double v = (corner & 2 ? pg.height - y : y) / (double)pg.height;
                    uint8_t *p = pg.grey + (size_t)y * pg.width + x;
                    *p = (uint8_t)(*p * (1 - 0.75 * (u + v) / 2) + 0.5);
                }
            fk_board_geometry g = fk_diagram_geometry(&o);
            fk_board_location where;
            fk_error err;
            if (fk_board_locate(&pg, &where, &err) != FK_OK) {
                print_message("theme %s, %d px, light from corner %d: %s\n", o.theme->name, o.size,
                              corner, err.message);
                misses++;
            } else {
                double tol = fmax(2.0, 0.06 * g.square);
                double got[4] = {where.corners[0].x, where.corners[0].y, where.corners[2].x,
                                 where.corners[2].y};
                double want[4] = {60 + g.x, 60 + g.y, 60 + g.x + 8 * g.square,
                                  60 + g.y + 8 * g.square};
                for (int k = 0; k < 4; k++)
                    if (fabs(got[k] - want[k]) > tol && ++misses)
                        print_message("theme %s, %d px, light from corner %d: corner at %.2f, "
                                      "expected %.2f\n",
                                      o.theme->name, o.size, corner, got[k], want[k]);
            }
            fk_image_free(&board);
            fk_image_free(&pg);
            tried++;
        }
    assert_true(tried >= 12);
    assert_int_equal(misses, 0);
}

static void test_reports_no_board_in_a_page_without_one(void **state) {
    (void)state;
    fk_rng rng;
    fk_rng_seed(&rng, 3);
    fk_image pg = page(640, 400, &rng);
    fk_board_location where;
    fk_error err;
    assert_int_equal(fk_board_locate(&pg, &where, &err), FK_ERR_INVALID);
    assert_non_null(strstr(err.message, "no chess board"));
    fk_image_free(&pg);

    /* Blocks of stripes, like hatched squares scattered without a board. */
    fk_image striped = page(800, 600, &rng);
    for (int b = 0; b < 6; b++) {
        int x0 = 40 + 120 * b, y0 = 60 + 70 * (b % 3);
        for (int y = y0; y < y0 + 100; y++)
            for (int x = x0; x < x0 + 100; x += 6) striped.grey[(size_t)y * 800 + x] = 0x10;
    }
    assert_int_equal(fk_board_locate(&striped, &where, &err), FK_ERR_INVALID);
    fk_image_free(&striped);

    fk_image tiny = {.width = 20, .height = 20, .grey = calloc(400, 1)};
    assert_int_equal(fk_board_locate(&tiny, &where, &err), FK_ERR_INVALID);
    assert_non_null(strstr(err.message, "too small"));
    fk_image_free(&tiny);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finds_boards_of_every_theme_in_a_page),
        cmocka_unit_test(test_finds_stretched_boards),
        cmocka_unit_test(test_finds_large_hatched_boards),
        cmocka_unit_test(test_finds_boards_shrunk_out_of_sight),
        cmocka_unit_test(test_finds_boards_where_the_light_falls_off),
        cmocka_unit_test(test_reports_no_board_in_a_page_without_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
