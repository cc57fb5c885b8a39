/* Tests for src/cli/source.c: the hand-over between the decompressing
 * thread and the reader. The input is several times the blocks between
 * the two threads, so every block is filled and taken more than once; the
 * reader stops early, takes odd counts, or meets a fault. (Each format
 * through the command line: tests/cli/compressed.sh.) */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli/source.c"

/* Text several times the queue (BLOCKS blocks of BLOCK_SIZE), in lines
 * that differ, so that a block handed out twice or skipped shows. */
#define TEXT_SIZE (5u * BLOCKS * BLOCK_SIZE / 2)

static char *text;
static size_t text_len;

static int make_text(void **state) {
    (void)state;
    text = malloc(TEXT_SIZE + 64);
    assert_non_null(text);
    text_len = 0;
    for (long i = 0; text_len < TEXT_SIZE; i++)
        text_len += (size_t)sprintf(text + text_len, "[Event \"line %ld\"]\n", i);
    return 0;
}

static int free_text(void **state) {
    (void)state;
    free(text);
    return 0;
}

/* A temporary file holding the bytes (already unlinked); its descriptor. */
static int file_with(const void *bytes, size_t len) {
    char path[] = "/tmp/fenkit-test-source-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    unlink(path);
    assert_int_equal(write(fd, bytes, len), (ssize_t)len);
    assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
    return fd;
}

/* The text as a zstd file of two frames, split at `split`; its length. */
static size_t zstd_frames(size_t split, unsigned char **out) {
    size_t cap = ZSTD_compressBound(split) + ZSTD_compressBound(text_len - split);
    *out = malloc(cap);
    assert_non_null(*out);
    size_t a = ZSTD_compress(*out, cap, text, split, 1);
    assert_false(ZSTD_isError(a));
    size_t b = ZSTD_compress(*out + a, cap - a, text + split, text_len - split, 1);
    assert_false(ZSTD_isError(b));
    return a + b;
}

/* Reads the source to its end, cap bytes at a time at most; the count. */
static size_t read_all(cli_source *s, char *buf, size_t cap) {
    size_t total = 0, n;
    while ((n = cli_source_read(s, buf + total, cap)) > 0)
        total += n;
    return total;
}

static cli_source *open_fd(int fd) {
    char why[256];
    cli_source *s = cli_source_open_fd(fd, "test", why, sizeof why);
    assert_non_null(s);
    assert_int_equal(cli_source_format(s), CLI_ZSTD);
    assert_true(s->threaded);
    return s;
}

static void every_byte_once_in_order(void **state) {
    (void)state;
    unsigned char *z;
    size_t z_len = zstd_frames(text_len / 3, &z);
    char *got = malloc(text_len + 1);
    assert_non_null(got);
    /* a count that never divides a block, and one larger than a block */
    const size_t caps[] = {4093, 3 * BLOCK_SIZE};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        int fd = file_with(z, z_len);
        cli_source *s = open_fd(fd);
        assert_int_equal(read_all(s, got, caps[i]), text_len);
        assert_memory_equal(got, text, text_len);
        assert_null(cli_source_error(s));
        /* after the end, the end again */
        assert_int_equal(cli_source_read(s, got, 1), 0);
        cli_source_close(s);
        close(fd);
    }
    free(got);
    free(z);
}

/* A reader that stops before the end closes the source while the thread
 * waits on a full queue, or is still decompressing: the close must end
 * the thread and free every block (ASan's leak check sees the rest). */
static void closing_early_ends_the_thread(void **state) {
    (void)state;
    unsigned char *z;
    size_t z_len = zstd_frames(text_len / 2, &z);
    char buf[1000];
    for (int full = 0; full <= 1; full++) {
        int fd = file_with(z, z_len);
        cli_source *s = open_fd(fd);
        assert_int_equal(cli_source_read(s, buf, sizeof buf), sizeof buf);
        assert_memory_equal(buf, text, sizeof buf);
        for (int count = 0; full && count < BLOCKS; sched_yield()) {
            pthread_mutex_lock(&s->lock);
            count = s->count;
            pthread_mutex_unlock(&s->lock);
        }
        cli_source_close(s);
        close(fd);
    }
    /* closed before a byte was read */
    int fd = file_with(z, z_len);
    cli_source_close(open_fd(fd));
    close(fd);
    free(z);
}

/* A fault in the second frame: every byte of the first is handed out
 * first, then the error says what went wrong and how far it got. */
static void bytes_before_a_fault_are_kept(void **state) {
    (void)state;
    size_t split = text_len / 2 + 123;
    unsigned char *z;
    size_t z_len = zstd_frames(split, &z);
    size_t first = ZSTD_findFrameCompressedSize(z, z_len);
    assert_false(ZSTD_isError(first));
    char *got = malloc(text_len + 1);
    assert_non_null(got);
    char want[200];

    /* cut short in the middle of the second frame */
    int fd = file_with(z, first + (z_len - first) / 2);
    cli_source *s = open_fd(fd);
    size_t n = read_all(s, got, 8191);
    assert_true(n >= split && n < text_len);
    assert_memory_equal(got, text, n);
    assert_non_null(cli_source_error(s));
    assert_non_null(strstr(cli_source_error(s), "the zstd data ends in the middle of a stream"));
    snprintf(want, sizeof want, "the %zu bytes decompressed before it were read", n);
    assert_non_null(strstr(cli_source_error(s), want));
    cli_source_close(s);
    close(fd);

    /* the second frame's magic number damaged: nothing of it is read; the
     * first frame made shorter than the queue, so that the thread meets the
     * fault while the reader still has blocks to take, and the error waits
     * for them */
    free(z);
    split = 2 * BLOCK_SIZE + 123;
    z_len = zstd_frames(split, &z);
    first = ZSTD_findFrameCompressedSize(z, z_len);
    z[first] ^= 0xff;
    fd = file_with(z, z_len);
    s = open_fd(fd);
    assert_int_equal(cli_source_read(s, got, 100), 100);
    for (int finished = 0; !finished; sched_yield()) {
        pthread_mutex_lock(&s->lock);
        finished = s->finished;
        pthread_mutex_unlock(&s->lock);
    }
    assert_null(cli_source_error(s));
    n = 100 + read_all(s, got + 100, 8191);
    assert_int_equal(n, split);
    assert_memory_equal(got, text, n);
    assert_non_null(cli_source_error(s));
    assert_non_null(strstr(cli_source_error(s), "the zstd data is damaged ("));
    snprintf(want, sizeof want, "the %zu bytes decompressed before it were read", split);
    assert_non_null(strstr(cli_source_error(s), want));
    cli_source_close(s);
    close(fd);
    free(got);
    free(z);
}

/* Plain input is read in the reading thread, as it is. */
static void plain_input_has_no_thread(void **state) {
    (void)state;
    int fd = file_with(text, text_len);
    char why[256];
    cli_source *s = cli_source_open_fd(fd, "test", why, sizeof why);
    assert_non_null(s);
    assert_int_equal(cli_source_format(s), CLI_PLAIN);
    assert_false(s->threaded);
    char *got = malloc(text_len);
    assert_non_null(got);
    assert_int_equal(read_all(s, got, 65536), text_len);
    assert_memory_equal(got, text, text_len);
    assert_null(cli_source_error(s));
    cli_source_close(s);
    close(fd);
    free(got);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_byte_once_in_order),
        cmocka_unit_test(closing_early_ends_the_thread),
        cmocka_unit_test(bytes_before_a_fault_are_kept),
        cmocka_unit_test(plain_input_has_no_thread),
    };
    return cmocka_run_group_tests(tests, make_text, free_text);
}
