/* Tests for src/render/text.c: the terminal board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fenkit/core.h"
#include "fenkit/render.h"

/* Draws pos into a large buffer and checks the returned length agrees. */
static const char *draw(const fk_position *pos, const fk_text_options *opts) {
    static char buf[4096];
    size_t n = fk_render_text(pos, opts, buf, sizeof buf);
    assert_true(n < sizeof buf);
    assert_int_equal(strlen(buf), n);
    return buf;
}

/* Returns line `index` (0-based) of text in a static buffer. */
static const char *line_of(const char *text, int index) {
    static char line[512];
    for (int i = 0; i < index; i++) {
        text = strchr(text, '\n');
        assert_non_null(text);
        text++;
    }
    const char *end = strchr(text, '\n');
    size_t n = end ? (size_t)(end - text) : strlen(text);
    assert_true(n < sizeof line);
    memcpy(line, text, n);
    line[n] = '\0';
    return line;
}

static void ascii_startpos_has_ranks_top_down_and_coordinates(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_text_options opts = {.ascii = 1};
    const char *text = draw(&pos, &opts);
    assert_string_equal(line_of(text, 0), "8  r  n  b  q  k  b  n  r ");
    assert_string_equal(line_of(text, 1), "7  p  p  p  p  p  p  p  p ");
    assert_string_equal(line_of(text, 2), "6  .  .  .  .  .  .  .  . ");
    assert_string_equal(line_of(text, 7), "1  R  N  B  Q  K  B  N  R ");
    assert_string_equal(line_of(text, 8), "   a  b  c  d  e  f  g  h ");
    /* nine lines, each ending in a newline */
    int newlines = 0;
    for (const char *c = text; *c; c++) newlines += *c == '\n';
    assert_int_equal(newlines, 9);
}

static void flipped_board_has_rank_1_on_top_and_files_h_to_a(void **state) {
    (void)state;
    fk_position pos;
    fk_position_clear(&pos);
    fk_position_put(&pos, FK_SQUARE(7, 0), FK_WK); /* h1 */
    fk_position_put(&pos, FK_SQUARE(0, 7), FK_BK); /* a8 */
    fk_text_options opts = {.ascii = 1, .flip = 1};
    const char *text = draw(&pos, &opts);
    assert_string_equal(line_of(text, 0), "1  K  .  .  .  .  .  .  . ");
    assert_string_equal(line_of(text, 7), "8  .  .  .  .  .  .  .  k ");
    assert_string_equal(line_of(text, 8), "   h  g  f  e  d  c  b  a ");
}

static void marked_squares_are_bracketed(void **state) {
    (void)state;
    fk_position pos;
    fk_position_clear(&pos);
    fk_position_put(&pos, FK_SQUARE(4, 3), FK_WQ); /* e4 */
    fk_text_options opts = {.ascii = 1,
                            .marked = FK_BIT(FK_SQUARE(4, 3)) | FK_BIT(FK_SQUARE(0, 0))};
    const char *text = draw(&pos, &opts);
    assert_string_equal(line_of(text, 4), "4  .  .  .  . [Q] .  .  . ");
    assert_string_equal(line_of(text, 7), "1 [.] .  .  .  .  .  .  . ");
}

static void unicode_uses_chess_symbols(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_text_options opts = {0};
    const char *text = draw(&pos, &opts);
    /* white king outline U+2654 on e1, black king U+265A on e8 */
    assert_non_null(strstr(line_of(text, 7), "\xe2\x99\x94"));
    assert_non_null(strstr(line_of(text, 0), "\xe2\x99\x9a"));
    assert_null(strstr(text, "\x1b"));
    assert_null(strchr(line_of(text, 0), 'k'));
    /* the file letters stay plain */
    assert_string_equal(line_of(text, 8), "   a  b  c  d  e  f  g  h ");
}

static void colour_marks_light_dark_and_marked_squares(void **state) {
    (void)state;
    fk_position pos;
    fk_position_clear(&pos);
    fk_text_options opts = {.ascii = 1, .color = 1, .marked = FK_BIT(FK_SQUARE(1, 0))};
    const char *text = draw(&pos, &opts);
    const char *rank1 = line_of(text, 7);
    /* a1 is dark, b1 is marked, c1 is dark again, d1 light */
    const char *dark = "\x1b[48;5;137m";
    const char *light = "\x1b[48;5;180m";
    const char *marked = "\x1b[48;5;167m";
    assert_memory_equal(rank1 + 2, dark, strlen(dark));
    assert_non_null(strstr(rank1, marked));
    assert_true(strstr(rank1, marked) < strstr(rank1 + 2 + strlen(dark), dark));
    assert_non_null(strstr(rank1, light));
    /* every row ends by resetting the colours */
    assert_non_null(strstr(rank1, "\x1b[0m"));
    assert_true(fk_square_is_light(FK_SQUARE(7, 0)));
    assert_false(fk_square_is_light(FK_SQUARE(0, 0)));
}

static void small_buffer_is_truncated_and_terminated(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_text_options opts = {.ascii = 1};
    char full[1024];
    size_t need = fk_render_text(&pos, &opts, full, sizeof full);
    char small[10];
    memset(small, 'x', sizeof small);
    assert_int_equal(fk_render_text(&pos, &opts, small, sizeof small), need);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_memory_equal(small, full, sizeof small - 1);
    assert_int_equal(fk_render_text(&pos, &opts, NULL, 0), need);
}

static void null_options_draw_unicode_without_colour(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_text_options opts = {0};
    char a[2048], b[2048];
    fk_render_text(&pos, NULL, a, sizeof a);
    fk_render_text(&pos, &opts, b, sizeof b);
    assert_string_equal(a, b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ascii_startpos_has_ranks_top_down_and_coordinates),
        cmocka_unit_test(flipped_board_has_rank_1_on_top_and_files_h_to_a),
        cmocka_unit_test(marked_squares_are_bracketed),
        cmocka_unit_test(unicode_uses_chess_symbols),
        cmocka_unit_test(colour_marks_light_dark_and_marked_squares),
        cmocka_unit_test(small_buffer_is_truncated_and_terminated),
        cmocka_unit_test(null_options_draw_unicode_without_colour),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
