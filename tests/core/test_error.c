/* Tests for src/core/error.c: fk_strerror names every status in words of
 * its own, and core_error_set fills an error (or accepts none). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "core/rules.h"
#include "fenkit/core.h"

static void strerror_names_every_status(void **state) {
    (void)state;
    const fk_status all[] = {FK_OK,        FK_ERR_SYNTAX, FK_ERR_INVALID, FK_ERR_AMBIGUOUS,
                             FK_ERR_RANGE, FK_ERR_NOMEM,  FK_ERR_IO,      FK_ERR_STOPPED};
    int n = (int)(sizeof all / sizeof all[0]);
    for (int i = 0; i < n; i++) {
        const char *text = fk_strerror(all[i]);
        assert_non_null(text);
        assert_string_not_equal(text, "unknown status");
        for (int j = 0; j < i; j++)
            assert_string_not_equal(text, fk_strerror(all[j]));
    }
    assert_string_equal(fk_strerror(FK_ERR_SYNTAX), "the text could not be read");
    assert_string_equal(fk_strerror((fk_status)99), "unknown status");
    assert_string_equal(fk_strerror((fk_status)-1), "unknown status");
}

/* fk_status_name names game-status flags, not statuses: the two must not
 * be mistaken for each other. */
static void strerror_is_not_status_name(void **state) {
    (void)state;
    assert_string_equal(fk_status_name(FK_STATUS_CHECK), "check");
    assert_string_not_equal(fk_strerror(FK_ERR_SYNTAX), fk_status_name(FK_STATUS_CHECK));
}

static void error_set_fills_or_accepts_null(void **state) {
    (void)state;
    fk_error err;
    assert_int_equal(core_error_set(&err, FK_ERR_INVALID, 7, "move %s is illegal", "e5"),
                     FK_ERR_INVALID);
    assert_int_equal(err.status, FK_ERR_INVALID);
    assert_int_equal(err.offset, 7);
    assert_string_equal(err.message, "move e5 is illegal");
    assert_int_equal(core_error_set(NULL, FK_ERR_IO, -1, "x"), FK_ERR_IO);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strerror_names_every_status),
        cmocka_unit_test(strerror_is_not_status_name),
        cmocka_unit_test(error_set_fills_or_accepts_null),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
