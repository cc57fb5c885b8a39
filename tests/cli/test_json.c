/* Tests for src/cli/json.c: JSON strings stay valid whatever the bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "cli/json.c"

/* The JSON string written for len bytes of text, in a static buffer. */
static const char *json_of(const char *text, size_t len) {
    static char buf[512];
    FILE *out = fmemopen(buf, sizeof buf, "w");
    assert_non_null(out);
    cli_json_string(out, text, len);
    fclose(out);
    return buf;
}
#define JSON(literal) json_of(literal, sizeof literal - 1)

static void plain_text_is_quoted(void **state) {
    (void)state;
    assert_string_equal(JSON("8/8/8 w - - 0 1"), "\"8/8/8 w - - 0 1\"");
    assert_string_equal(JSON(""), "\"\"");
}

static void quotes_backslashes_and_controls_are_escaped(void **state) {
    (void)state;
    assert_string_equal(JSON("a\"b\\c"), "\"a\\\"b\\\\c\"");
    assert_string_equal(JSON("\t\r\n"), "\"\\t\\r\\n\"");
    assert_string_equal(JSON("\x01\x1f"), "\"\\u0001\\u001f\"");
    assert_string_equal(JSON("a\0b"), "\"a\\u0000b\"");
}

static void valid_utf8_passes_through(void **state) {
    (void)state;
    assert_string_equal(JSON("\xe2\x99\x94 \xc3\xa9 \xf0\x9f\x98\x80"),
                        "\"\xe2\x99\x94 \xc3\xa9 \xf0\x9f\x98\x80\"");
}

static void invalid_utf8_becomes_replacement_characters(void **state) {
    (void)state;
    assert_string_equal(JSON("\xff"), "\"\\ufffd\"");
    assert_string_equal(JSON("\x80x"), "\"\\ufffdx\"");          /* stray continuation */
    assert_string_equal(JSON("\xc0\xaf"), "\"\\ufffd\\ufffd\"");   /* overlong */
    assert_string_equal(JSON("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\""); /* surrogate */
    assert_string_equal(JSON("\xf4\x90\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* > U+10FFFF */
    assert_string_equal(JSON("\xe2\x99"), "\"\\ufffd\\ufffd\"");   /* cut short */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plain_text_is_quoted),
        cmocka_unit_test(quotes_backslashes_and_controls_are_escaped),
        cmocka_unit_test(valid_utf8_passes_through),
        cmocka_unit_test(invalid_utf8_becomes_replacement_characters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
