/* Piece sets: the built-in one, folders of SVG or PNG files, and the
 * errors a broken folder gives. The folders are made by the test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "render/pixels.h"

static const char *const stems[12] = {"wK", "wQ", "wR", "wB", "wN", "wP",
                                      "bK", "bQ", "bR", "bB", "bN", "bP"};

/* Makes a fresh folder under /tmp and returns its path (static storage). */
static const char *make_dir(void) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/fenkit-pieces-XXXXXX");
    assert_non_null(mkdtemp(path));
    return path;
}

static void remove_dir(const char *dir) {
    char path[256];
    for (int i = 0; i < 12; i++) {
        snprintf(path, sizeof path, "%s/%s.svg", dir, stems[i]);
        unlink(path);
        snprintf(path, sizeof path, "%s/%s.png", dir, stems[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* Writes twelve SVG pieces: a disc, filled white or black, whose radius
 * grows with the piece's index, so each draws differently. */
static void write_svg_set(const char *dir, int skip) {
    char path[256];
    for (int i = 0; i < 12; i++) {
        if (i == skip) continue;
        snprintf(path, sizeof path, "%s/%s.svg", dir, stems[i]);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fprintf(f,
                "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" "
                "height=\"10\"><defs><linearGradient id=\"g\"/></defs><circle cx=\"5\" cy=\"5\" "
                "r=\"%d\" fill=\"%s\" stroke=\"red\"/></svg>\n",
                1 + i % 6 / 2 + 2, stems[i][0] == 'w' ? "#fff" : "#000");
        fclose(f);
    }
}

/* Writes twelve PNG pieces with cairo: a filled square of a size that
 * grows with the index. */
static void write_png_set(const char *dir) {
    char path[256];
    for (int i = 0; i < 12; i++) {
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 32, 32);
        cairo_t *cr = cairo_create(s);
        double side = 8 + i;
        cairo_rectangle(cr, 16 - side / 2, 16 - side / 2, side, side);
        cairo_set_source_rgb(cr, stems[i][0] == 'w' ? 1 : 0, 0.5, 0);
        cairo_fill(cr);
        cairo_destroy(cr);
        snprintf(path, sizeof path, "%s/%s.png", dir, stems[i]);
        assert_int_equal(cairo_surface_write_to_png(s, path), CAIRO_STATUS_SUCCESS);
        cairo_surface_destroy(s);
    }
}

static void test_builtin_set_needs_no_files(void **state) {
    (void)state;
    const fk_piece_set *set = fk_piece_set_builtin();
    assert_non_null(set);
    assert_string_equal(fk_piece_set_name(set), "cburnett");
    fk_piece_set_free((fk_piece_set *)set); /* a no-op for the built-in set */
    assert_string_equal(fk_piece_set_name(fk_piece_set_builtin()), "cburnett");
}

/* Draws the start position with set and checks each occupied square
 * differs from the empty board. */
static void assert_set_draws(const fk_piece_set *set) {
    fk_position pos, empty;
    fk_position_startpos(&pos);
    fk_position_clear(&empty);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    o.size = 160;
    o.pieces = set;
    image a = render_image(&pos, &o), b = render_image(&empty, &o);
    assert_int_equal(a.width, 160);
    for (fk_square sq = 0; sq < 64; sq++) {
        int x, y;
        square_origin_px(&o, sq, &x, &y);
        double d = region_difference(&a, &b, x, y, 20, 20);
        if (fk_position_at(&pos, sq) != FK_EMPTY)
            assert_true(d > 3);
        else
            assert_true(d < 0.01);
    }
    image_free(&a);
    image_free(&b);
}

static void test_svg_folder_loads_and_draws(void **state) {
    (void)state;
    const char *dir = make_dir();
    write_svg_set(dir, -1);
    fk_piece_set *set;
    fk_error err;
    assert_int_equal(fk_piece_set_load(dir, &set, &err), FK_OK);
    assert_int_equal(err.status, FK_OK);
    assert_string_equal(fk_piece_set_name(set), strrchr(dir, '/') + 1);
    assert_set_draws(set);
    /* SVG output embeds each picture once, as a data URI. */
    fk_position pos;
    fk_position_startpos(&pos);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    o.pieces = set;
    fk_buffer svg = {0};
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_OK);
    int images = 0;
    for (const char *p = strstr(svg.data, "data:image/svg+xml;base64,"); p;
         p = strstr(p + 1, "data:image/svg+xml;base64,"))
        images++;
    assert_int_equal(images, 12);
    fk_buffer_free(&svg);
    fk_piece_set_free(set);
    remove_dir(dir);
}

static void test_png_folder_loads_and_draws(void **state) {
    (void)state;
    const char *dir = make_dir();
    write_png_set(dir);
    fk_piece_set *set;
    fk_error err;
    /* A trailing slash does not change the name. */
    char with_slash[80];
    snprintf(with_slash, sizeof with_slash, "%s/", dir);
    assert_int_equal(fk_piece_set_load(with_slash, &set, &err), FK_OK);
    assert_string_equal(fk_piece_set_name(set), strrchr(dir, '/') + 1);
    assert_set_draws(set);
    fk_piece_set_free(set);
    remove_dir(dir);
}

static void test_missing_piece_is_named(void **state) {
    (void)state;
    const char *dir = make_dir();
    write_svg_set(dir, 4); /* no wN */
    fk_piece_set *set = (fk_piece_set *)1;
    fk_error err;
    assert_int_equal(fk_piece_set_load(dir, &set, &err), FK_ERR_IO);
    assert_null(set);
    assert_int_equal(err.status, FK_ERR_IO);
    assert_non_null(strstr(err.message, "wN.svg or wN.png"));
    remove_dir(dir);
    assert_int_equal(fk_piece_set_load("/nonexistent/fenkit", &set, NULL), FK_ERR_IO);
}

static void test_file_that_is_no_picture_is_refused(void **state) {
    (void)state;
    const char *dir = make_dir();
    write_svg_set(dir, 11); /* bP is written below as text */
    char path[256];
    snprintf(path, sizeof path, "%s/bP.svg", dir);
    FILE *f = fopen(path, "w");
    fputs("just some words\n", f);
    fclose(f);
    fk_piece_set *set;
    fk_error err;
    assert_int_equal(fk_piece_set_load(dir, &set, &err), FK_ERR_SYNTAX);
    assert_null(set);
    assert_non_null(strstr(err.message, "bP.svg is neither SVG nor PNG"));
    remove_dir(dir);
}

static void test_huge_file_is_refused(void **state) {
    (void)state;
    const char *dir = make_dir();
    write_svg_set(dir, 0); /* wK is written below, 9 MB of SVG comment */
    char path[256];
    snprintf(path, sizeof path, "%s/wK.svg", dir);
    FILE *f = fopen(path, "w");
    fputs("<svg xmlns=\"http://www.w3.org/2000/svg\"><!--", f);
    for (int i = 0; i < 9 * 1024; i++) fprintf(f, "%01023d\n", 0);
    fputs("--></svg>\n", f);
    fclose(f);
    fk_piece_set *set;
    fk_error err;
    assert_int_equal(fk_piece_set_load(dir, &set, &err), FK_ERR_IO);
    assert_null(set);
    assert_non_null(strstr(err.message, "wK.svg is larger than 8 MB"));
    remove_dir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_set_needs_no_files),
        cmocka_unit_test(test_svg_folder_loads_and_draws),
        cmocka_unit_test(test_png_folder_loads_and_draws),
        cmocka_unit_test(test_missing_piece_is_named),
        cmocka_unit_test(test_file_that_is_no_picture_is_refused),
        cmocka_unit_test(test_huge_file_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
