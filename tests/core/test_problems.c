/* Tests for src/core/problems.c: the message formatter (core_format) against
 * the C library's snprintf for every conversion it knows, cut short at
 * every capacity, with formats short and long; core_copy_text; the list,
 * including one its owner never cleared. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <cmocka.h>

#include "core/problems.h"
#include "fenkit/core.h"

/* Formats with core_format and snprintf into buffers of every capacity from
 * 1 to 220 and asserts the same text and the length written. */
#define SAME_AS_SNPRINTF(...)                                                                      \
    do {                                                                                           \
        for (size_t cap = 1; cap <= 220; cap++) {                                                  \
            char ours[224], theirs[224];                                                           \
            memset(ours, 'x', sizeof ours);                                                        \
            size_t n = core_format(ours, cap, __VA_ARGS__);                                        \
            int full = snprintf(theirs, cap, __VA_ARGS__);                                         \
            assert_string_equal(ours, theirs);                                                     \
            assert_int_equal(n, (size_t)full < cap ? (size_t)full : cap - 1);                      \
            assert_int_equal(ours[cap], 'x'); /* nothing written past the capacity */              \
        }                                                                                          \
    } while (0)

/* A format that ends right before a page no process may read: core_vformat
 * reads formats eight bytes at a time only inside their page, so it must
 * neither fault nor differ from snprintf, wherever the end falls. */
static void format_at_end_of_page(void **state) {
    (void)state;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char *two = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(two != MAP_FAILED);
    assert_int_equal(mprotect(two + page, page, PROT_NONE), 0);
    static const char *const formats[] = {"plain words, longer than eight bytes", "x",
                                          "%d squares", "rank %d has %s squares, needs 8",
                                          "ends with a number %u"};
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
        size_t n = strlen(formats[f]) + 1;
        for (size_t back = 0; back < 16; back++) {
            char *fmt = two + page - n - back; /* its zero `back` bytes before the page */
            memcpy(fmt, formats[f], n);
            char ours[100], theirs[100];
            size_t len = core_format(ours, sizeof ours, fmt, 7, "seven");
            int full = snprintf(theirs, sizeof theirs, formats[f], 7, "seven");
            assert_string_equal(ours, theirs);
            assert_int_equal(len, (size_t)full);
        }
    }
    munmap(two, 2 * page);
}

static void conversions_match_snprintf(void **state) {
    (void)state;
    SAME_AS_SNPRINTF("rank %d has %d square%s, needs 8", 5, 9, "s");
    SAME_AS_SNPRINTF("%s", "");
    SAME_AS_SNPRINTF("plain text with no conversion at all, longer than sixteen bytes");
    SAME_AS_SNPRINTF("%c%c and %%, %u, %ld, %lu, %lld, %llu", 'e', '3', 4000000000u, -7L, 8UL,
                     -9223372036854775807LL - 1, 18446744073709551615ULL);
    SAME_AS_SNPRINTF("castling rights '%s' are usually written '%.*s'", "qkQK", 4, "KQkqXYZ");
    SAME_AS_SNPRINTF("%.*s|%.*s|%.*s", 0, "abc", 2, "abc", 9, "abc");
    SAME_AS_SNPRINTF("%d%d%d%s%s", -1, 0, 2147483647, "a", "bcdefghijklmnopqrstuvwxyz");
    SAME_AS_SNPRINTF("a run of exactly 8, then more: 12345678%s12345678", "/");
}

/* A format longer than the formatter's padded copy is read the slow way,
 * with the same result. */
static void long_formats(void **state) {
    (void)state;
    char fmt[600];
    for (size_t i = 0; i < sizeof fmt - 1; i++) fmt[i] = (char)('a' + i % 26);
    memcpy(fmt + 290, "%d", 2);
    fmt[sizeof fmt - 1] = '\0';
    char ours[700], theirs[700];
    for (size_t cap = 250; cap <= sizeof ours; cap += 37) {
        size_t n = core_format(ours, cap, fmt, 42);
        int full = snprintf(theirs, cap, fmt, 42);
        assert_string_equal(ours, theirs);
        assert_int_equal(n, (size_t)full < cap ? (size_t)full : cap - 1);
    }
}

/* core_vformat without the compiler's check of the format. */
static size_t format_unchecked(char *out, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    size_t n = core_vformat(out, cap, fmt, ap);
    va_end(ap);
    return n;
}

/* What snprintf leaves undefined: a lone '%' at the end is written, an
 * unknown conversion writes '%' and drops its letter; no capacity, no text. */
static void odd_formats(void **state) {
    (void)state;
    char out[32];
    assert_int_equal(format_unchecked(out, sizeof out, "50%"), 3);
    assert_string_equal(out, "50%");
    assert_int_equal(format_unchecked(out, sizeof out, "a%xb"), 3);
    assert_string_equal(out, "a%b");
    out[0] = 'x';
    assert_int_equal(format_unchecked(out, 0, "abc"), 0);
    assert_int_equal(out[0], 'x');
}

static void copy_text_cuts_short(void **state) {
    (void)state;
    char out[16];
    memset(out, 'x', sizeof out);
    assert_int_equal(core_copy_text(out, 8, "Remove the 0."), 7);
    assert_string_equal(out, "Remove ");
    assert_int_equal(out[8], 'x');
    assert_int_equal(core_copy_text(out, sizeof out, "Short."), 6);
    assert_string_equal(out, "Short.");
    assert_int_equal(core_copy_text(out, 1, "abc"), 0);
    assert_string_equal(out, "");
}

/* A full list counts what it drops and returns no problem. */
static void full_list_drops(void **state) {
    (void)state;
    fk_problems list;
    fk_problems_clear(&list);
    for (int i = 0; i < FK_MAX_PROBLEMS; i++)
        assert_non_null(
            core_problems_next(&list, FK_PROB_BAD_DIGIT, FK_SEV_ERROR, FK_FIELD_PLACEMENT, i, 0));
    assert_null(
        core_problems_next(&list, FK_PROB_BAD_DIGIT, FK_SEV_ERROR, FK_FIELD_PLACEMENT, 0, 0));
    assert_int_equal(list.count, FK_MAX_PROBLEMS);
    assert_int_equal(list.dropped, 1);
    assert_string_equal(list.items[3].message, "");
    assert_int_equal(list.items[3].offset, 3);
}

/* A list never cleared, as a stack variable is: the bytes a debugger fills
 * memory with (0x7f), and a count that looks possible. */
static void fill_garbage(fk_problems *list, int count) {
    memset(list, 0x7f, sizeof *list);
    list->count = count;
}

/* Reading a FEN starts the list afresh, whatever it held. */
static void parse_starts_a_fresh_list(void **state) {
    (void)state;
    const char *fen = "4k2P/8/8/8/8/8/8/4K3 w - - 0 1 x";
    for (int count = 0; count <= FK_MAX_PROBLEMS; count += FK_MAX_PROBLEMS / 2) {
        fk_position pos;
        fk_problems list;
        fill_garbage(&list, count);
        assert_int_equal(fk_fen_parse(fen, strlen(fen), FK_FEN_STRICT, &pos, &list), FK_ERR_SYNTAX);
        assert_int_equal(list.count, 1);
        assert_int_equal(list.dropped, 0);
        assert_int_equal(list.items[0].code, FK_PROB_EXTRA_FIELD);
        fill_garbage(&list, count);
        assert_int_equal(fk_fen_validate(fen, strlen(fen) - 2, FK_FEN_STRICT, &pos, &list),
                         FK_ERR_INVALID);
        assert_int_equal(list.count, 1);
        assert_int_equal(list.dropped, 0);
        assert_int_equal(list.items[0].code, FK_PROB_PAWN_BACK_RANK);
    }
}

/* A count that cannot be true (the 2139062143 of memory filled with 0x7f)
 * is a list never cleared: calls that add to it start it afresh, and the
 * calls that read it see nothing. */
static void impossible_count_is_no_list(void **state) {
    (void)state;
    fk_position pos;
    fk_fen_parse("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", 30, FK_FEN_STRICT, &pos, NULL);
    fk_problems list;
    memset(&list, 0x7f, sizeof list);
    assert_int_equal(list.count, 2139062143);
    assert_int_equal(fk_problems_has_error(&list), 0);
    assert_int_equal(fk_problems_fen_read(&list), 1);
    assert_int_equal(fk_position_check(&pos, &list), FK_ERR_INVALID);
    assert_int_equal(list.count, 1);
    assert_int_equal(list.items[0].code, FK_PROB_PAWN_BACK_RANK);
    memset(&list, 0x7f, sizeof list);
    list.count = -3;
    assert_non_null(fk_problems_add(&list, FK_PROB_NO_KING, FK_SEV_ERROR, FK_FIELD_NONE, -1, 0,
                                    NULL, "%s", "no king"));
    assert_int_equal(list.count, 1);
    assert_int_equal(list.dropped, 0);
    /* a problem added by hand has only its own words, no arguments */
    assert_int_equal(list.items[0].args.variant, FK_ARGS_NONE);
    /* the garbage of the list is not left in a problem the core writes */
    assert_int_equal(fk_position_check(&pos, &list), FK_ERR_INVALID);
    assert_int_equal(list.items[1].args.variant, 0);
    assert_string_equal(list.items[1].args.quote, "");
}

/* The calls that fill a problem list accept none, as those that fill an
 * fk_error do, and still give their verdict. */
static void no_list_is_fine(void **state) {
    (void)state;
    fk_position pos;
    assert_int_equal(fk_fen_parse("8/8 w", 5, FK_FEN_STRICT, &pos, NULL), FK_ERR_SYNTAX);
    assert_int_equal(fk_fen_parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 29, FK_FEN_STRICT, &pos, NULL),
                     FK_OK);
    assert_int_equal(fk_position_check(&pos, NULL), FK_OK);
    assert_int_equal(
        fk_fen_validate("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", 30, FK_FEN_STRICT, &pos, NULL),
        FK_ERR_INVALID);
    assert_int_equal(fk_position_check(&pos, NULL), FK_ERR_INVALID);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(conversions_match_snprintf),
        cmocka_unit_test(format_at_end_of_page),
        cmocka_unit_test(long_formats),
        cmocka_unit_test(odd_formats),
        cmocka_unit_test(copy_text_cuts_short),
        cmocka_unit_test(full_list_drops),
        cmocka_unit_test(parse_starts_a_fresh_list),
        cmocka_unit_test(impossible_count_is_no_list),
        cmocka_unit_test(no_list_is_fine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
