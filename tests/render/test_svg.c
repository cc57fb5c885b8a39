/* SVG diagrams: well-formed, self-contained, small, and holding what the
 * options asked for. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <librsvg/rsvg.h>
#include <string.h>

#include "fenkit/render.h"

/* Number of times needle occurs in haystack. */
static int count(const char *haystack, const char *needle) {
    int n = 0;
    for (const char *p = strstr(haystack, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

/* 1 when librsvg (an XML parser underneath) accepts the document. */
static int parses(const fk_buffer *svg) {
    GError *err = NULL;
    RsvgHandle *h = rsvg_handle_new_from_data((const guint8 *)svg->data, svg->len, &err);
    if (!h) {
        g_error_free(err);
        return 0;
    }
    g_object_unref(h);
    return 1;
}

static void test_start_position_is_small_valid_and_complete(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    fk_buffer svg = {0};
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_OK);
    assert_true(parses(&svg));
    assert_int_equal(strncmp(svg.data, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39), 0);
    assert_non_null(strstr(svg.data, "width=\"400\" height=\"400\""));
    /* 32 pieces placed, each of the 12 kinds defined once. */
    assert_int_equal(count(svg.data, "<use "), 32);
    assert_int_equal(count(svg.data, "<symbol "), 12);
    assert_int_equal(count(svg.data, "xlink:href=\"#wK\""), 1);
    assert_int_equal(count(svg.data, "xlink:href=\"#bP\""), 8);
    /* Self-contained: no reference outside the document. */
    assert_null(strstr(svg.data, "<image"));
    assert_int_equal(count(svg.data, "href=\"") - count(svg.data, "href=\"#"), 0);
    /* Small: the built-in art is under 8 KB, the board adds little. */
    assert_true(svg.len < 12000);
    fk_buffer_free(&svg);
}

static void test_only_the_pieces_on_the_board_are_defined(void **state) {
    (void)state;
    fk_position pos;
    fk_position_clear(&pos);
    fk_position_put(&pos, FK_SQUARE(4, 0), FK_WK);
    fk_position_put(&pos, FK_SQUARE(4, 7), FK_BK);
    fk_position_put(&pos, FK_SQUARE(0, 6), FK_WP);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    fk_buffer svg = {0};
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_OK);
    assert_true(parses(&svg));
    assert_int_equal(count(svg.data, "<symbol "), 3);
    assert_int_equal(count(svg.data, "<use "), 3);
    assert_non_null(strstr(svg.data, "id=\"wP\""));
    assert_null(strstr(svg.data, "id=\"bQ\""));
    /* a7 is column 0, row 1: 50 px squares. */
    assert_non_null(strstr(svg.data, "xlink:href=\"#wP\" x=\"0\" y=\"50\""));
    o.flip = 1;
    fk_buffer_clear(&svg);
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_OK);
    assert_non_null(strstr(svg.data, "xlink:href=\"#wP\" x=\"350\" y=\"300\""));
    fk_buffer_free(&svg);
}

/* Coordinates inside the squares are drawn over the pieces, where a set
 * that fills its squares cannot hide them; those in the margin need not be. */
static void test_inside_coordinates_are_drawn_over_the_pieces(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    o.coords = FK_COORDS_INSIDE;
    fk_buffer svg = {0};
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_OK);
    const char *last_piece = NULL;
    for (const char *p = svg.data; (p = strstr(p, "<use ")); p++) last_piece = p;
    const char *first_label = strstr(svg.data, "<text");
    assert_non_null(last_piece);
    assert_non_null(first_label);
    assert_true(first_label > last_piece);
    fk_buffer_clear(&svg);
    o.coords = FK_COORDS_OUTSIDE;
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_OK);
    assert_true(strstr(svg.data, "<text") < strstr(svg.data, "<use "));
    fk_buffer_free(&svg);
}

static void test_options_show_up_in_the_drawing(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    o.size = 240;
    o.theme = fk_theme_find("blue");
    o.coords = FK_COORDS_INSIDE;
    o.border = 1;
    o.highlight = FK_BIT(FK_SQUARE(4, 1)) | FK_BIT(FK_SQUARE(4, 3));
    o.check = FK_SQUARE(4, 0);
    o.arrow_count = 2;
    o.arrows[0].from = 12, o.arrows[0].to = 28;
    o.arrows[1].from = 6, o.arrows[1].to = 21;
    fk_buffer svg = {0};
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_OK);
    assert_true(parses(&svg));
    assert_non_null(strstr(svg.data, "fill=\"#dee3e6\""));
    assert_non_null(strstr(svg.data, "fill=\"#8ca2ad\""));
    assert_int_equal(count(svg.data, "fill-opacity=\".5\""), 2);
    assert_int_equal(count(svg.data, "<polygon"), 2);
    assert_int_equal(count(svg.data, "url(#check)"), 1);
    assert_int_equal(count(svg.data, "<text"), 16);
    assert_non_null(strstr(svg.data, ">a</text>"));
    assert_non_null(strstr(svg.data, ">8</text>"));
    assert_non_null(strstr(svg.data, "stroke=\"#303030\""));
    fk_buffer_free(&svg);
}

static void test_book_theme_hatches_the_dark_squares(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    o.theme = fk_theme_find("book");
    fk_buffer svg = {0};
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_OK);
    assert_true(parses(&svg));
    assert_int_equal(count(svg.data, "<pattern id=\"hatch\""), 1);
    assert_int_equal(count(svg.data, "fill=\"url(#hatch)\""), 1);
    /* The hatched path outlines the 32 dark squares. */
    const char *d = strstr(svg.data, "fill=\"url(#hatch)\" d=\"");
    assert_non_null(d);
    d += strlen("fill=\"url(#hatch)\" d=\"");
    int squares = 0;
    for (; *d && *d != '"'; d++) squares += *d == 'z';
    assert_int_equal(squares, 32);
    fk_buffer_free(&svg);
}

static void test_bad_options_are_refused_and_nothing_is_written(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    fk_buffer svg = {0};
    o.size = 15;
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_ERR_RANGE);
    o.size = 8193;
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_ERR_RANGE);
    o.size = 100;
    o.arrow_count = FK_MAX_ARROWS + 1;
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_ERR_RANGE);
    o.arrow_count = 1;
    o.arrows[0].from = 12;
    o.arrows[0].to = 64;
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_ERR_RANGE);
    o.arrow_count = 0;
    o.check = -1;
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_ERR_RANGE);
    assert_int_equal(svg.len, 0);
    fk_buffer_free(&svg);
}

static void test_appending_keeps_what_was_there(void **state) {
    (void)state;
    fk_position pos;
    fk_position_clear(&pos);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    fk_buffer svg = {0};
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_OK);
    size_t one = svg.len;
    assert_int_equal(fk_render_svg(&pos, &o, &svg), FK_OK);
    assert_int_equal(svg.len, 2 * one);
    assert_memory_equal(svg.data, svg.data + one, one);
    fk_buffer_free(&svg);
    assert_null(svg.data);
}

static void test_square_centres_follow_the_board(void **state) {
    (void)state;
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    double x, y;
    fk_diagram_square_center(&o, FK_SQUARE(0, 0), &x, &y);
    assert_true(x == 25 && y == 375);
    fk_diagram_square_center(&o, FK_SQUARE(7, 7), &x, &y);
    assert_true(x == 375 && y == 25);
    o.flip = 1;
    fk_diagram_square_center(&o, FK_SQUARE(0, 0), &x, &y);
    assert_true(x == 375 && y == 25);
    fk_diagram_square_center(&o, FK_SQUARE(4, 1), &x, &y); /* e2 */
    assert_true(x == 175 && y == 75);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_position_is_small_valid_and_complete),
        cmocka_unit_test(test_only_the_pieces_on_the_board_are_defined),
        cmocka_unit_test(test_options_show_up_in_the_drawing),
        cmocka_unit_test(test_inside_coordinates_are_drawn_over_the_pieces),
        cmocka_unit_test(test_book_theme_hatches_the_dark_squares),
        cmocka_unit_test(test_bad_options_are_refused_and_nothing_is_written),
        cmocka_unit_test(test_appending_keeps_what_was_there),
        cmocka_unit_test(test_square_centres_follow_the_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
