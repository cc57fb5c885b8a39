/* Tests for src/cli/lines.c: the block line reader and writer, with tiny
 * buffers so that lines cross block boundaries. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli/lines.c"
#include "cli/source.c" /* lines.c reads through a source when given one */

/* A pipe holding text, its write end closed: a file descriptor to read. */
static int pipe_with(const char *text, size_t len) {
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    assert_int_equal(write(fds[1], text, len), (ssize_t)len);
    close(fds[1]);
    return fds[0];
}

/* Reads every line of text with a cap-byte buffer and joins them with '|',
 * writing "<long>" for a line that was too long. */
static void read_all(const char *text, size_t cap, char *joined, size_t joined_cap) {
    cli_line_reader r;
    int fd = pipe_with(text, strlen(text));
    assert_int_equal(cli_lines_open(&r, fd, cap), 0);
    joined[0] = '\0';
    const char *line;
    size_t len;
    int got;
    long count = 0;
    while ((got = cli_lines_next(&r, &line, &len)) != CLI_LINE_END) {
        count++;
        assert_int_equal(r.number, count);
        if (count > 1) strncat(joined, "|", joined_cap - strlen(joined) - 1);
        if (got == CLI_LINE_TOO_LONG) strncat(joined, "<long>", joined_cap - strlen(joined) - 1);
        else strncat(joined, line, len < joined_cap - strlen(joined) - 1 ? len : 0);
    }
    assert_int_equal(r.error, 0);
    cli_lines_close(&r);
    close(fd);
}

static void lines_cross_block_boundaries(void **state) {
    (void)state;
    char joined[256];
    for (size_t cap = 8; cap <= 64; cap++) {
        read_all("abc\ndefgh\n\nij\n", cap, joined, sizeof joined);
        assert_string_equal(joined, "abc|defgh||ij");
    }
}

static void byte_order_mark_is_dropped_from_the_first_line(void **state) {
    (void)state;
    char joined[256];
    for (size_t cap = 8; cap <= 16; cap++) {
        read_all("\xEF\xBB\xBF" "ab\r\n\xEF\xBB\xBF" "cd\n", cap, joined, sizeof joined);
        /* only the first: elsewhere it is part of the line */
        assert_string_equal(joined, "ab|\xEF\xBB\xBF" "cd");
    }
}

static void crlf_and_missing_last_newline(void **state) {
    (void)state;
    char joined[256];
    read_all("a1\r\nb2\r\n\r\nc3", 8, joined, sizeof joined);
    assert_string_equal(joined, "a1|b2||c3");
    /* only one '\r' before the newline is a line end; others are content */
    read_all("x\r\r\n", 8, joined, sizeof joined);
    assert_string_equal(joined, "x\r");
}

static void empty_input_has_no_lines(void **state) {
    (void)state;
    char joined[16] = "unchanged";
    read_all("", 8, joined, sizeof joined);
    assert_string_equal(joined, "");
}

static void long_line_is_skipped_and_counted(void **state) {
    (void)state;
    char joined[256];
    read_all("ok\n0123456789abcdefghij\nnext\n", 8, joined, sizeof joined);
    assert_string_equal(joined, "ok|<long>|next");
    /* a long last line without a newline */
    read_all("ok\n0123456789abcdefghij", 8, joined, sizeof joined);
    assert_string_equal(joined, "ok|<long>");
    /* exactly cap bytes without a newline cannot be told from a longer line */
    read_all("1234567\n12345678\n", 8, joined, sizeof joined);
    assert_string_equal(joined, "1234567|<long>");
}

static void writer_flushes_in_blocks_and_keeps_order(void **state) {
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    cli_writer w;
    assert_int_equal(cli_writer_open(&w, fds[1], 16), 0);
    for (int i = 0; i < 20; i++) {
        char *dst = cli_writer_reserve(&w, 4);
        snprintf(dst, 4, "%02d\n", i);
        cli_writer_commit(&w, 3);
    }
    assert_int_equal(cli_writer_close(&w), 0);
    close(fds[1]);
    char got[128] = "";
    ssize_t n = read(fds[0], got, sizeof got - 1);
    close(fds[0]);
    assert_int_equal(n, 60);
    assert_memory_equal(got, "00\n01\n02\n", 9);
    assert_memory_equal(got + 57, "19\n", 3);
}

static void writer_reports_a_failed_write(void **state) {
    (void)state;
    cli_writer w;
    assert_int_equal(cli_writer_open(&w, -1, 16), 0);
    memcpy(cli_writer_reserve(&w, 2), "x\n", 2);
    cli_writer_commit(&w, 2);
    assert_int_equal(cli_writer_close(&w), -1);
    assert_int_not_equal(w.error, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines_cross_block_boundaries),
        cmocka_unit_test(crlf_and_missing_last_newline),
        cmocka_unit_test(byte_order_mark_is_dropped_from_the_first_line),
        cmocka_unit_test(empty_input_has_no_lines),
        cmocka_unit_test(long_line_is_skipped_and_counted),
        cmocka_unit_test(writer_flushes_in_blocks_and_keeps_order),
        cmocka_unit_test(writer_reports_a_failed_write),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
