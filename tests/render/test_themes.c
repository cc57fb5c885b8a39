/* Themes: the named looks exist, names are unique, lookups work. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "fenkit/render.h"

static void test_the_common_looks_are_there(void **state) {
    (void)state;
    static const char *const named[] = {"brown", "blue", "green", "grey", "book"};
    for (int i = 0; i < 5; i++) {
        const fk_theme *t = fk_theme_find(named[i]);
        assert_non_null(t);
        assert_ptr_equal(t, fk_theme_at(i));
        assert_true(t->light != t->dark);
    }
    assert_string_equal(fk_theme_at(0)->name, "brown");
    assert_int_equal(fk_theme_at(0)->light, 0xf0d9b5);
    assert_int_equal(fk_theme_at(0)->dark, 0xb58863);
    assert_true(fk_theme_find("book")->hatched);
    assert_false(fk_theme_find("brown")->hatched);
}

static void test_names_are_unique_and_lookups_fail_cleanly(void **state) {
    (void)state;
    assert_true(fk_theme_count() >= 5);
    for (int i = 0; i < fk_theme_count(); i++)
        for (int j = i + 1; j < fk_theme_count(); j++)
            assert_true(strcmp(fk_theme_at(i)->name, fk_theme_at(j)->name) != 0);
    assert_null(fk_theme_find("no-such-theme"));
    assert_null(fk_theme_find(""));
    assert_null(fk_theme_at(-1));
    assert_null(fk_theme_at(fk_theme_count()));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_common_looks_are_there),
        cmocka_unit_test(test_names_are_unique_and_lookups_fail_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
