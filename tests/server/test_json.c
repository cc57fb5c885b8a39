/* Tests for src/server/json.c: the reply buffer, JSON strings that stay
 * valid and harmless whatever the bytes, and reading flat JSON objects. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "server/json.c"

/* The JSON string written for len bytes, in a static buffer. */
static const char *json_of(const char *text, size_t len) {
    static char out[1024];
    srv_buf b = {0};
    srv_json_string(&b, text, len);
    assert_false(b.failed);
    assert_true(b.len < sizeof out);
    memcpy(out, b.data, b.len + 1);
    assert_int_equal(strlen(out), b.len);
    srv_buf_free(&b);
    return out;
}
#define JSON(literal) json_of(literal, sizeof literal - 1)

static void strings_are_quoted_and_escaped(void **state) {
    (void)state;
    assert_string_equal(JSON(""), "\"\"");
    assert_string_equal(JSON("8/8/8 w - - 0 1"), "\"8/8/8 w - - 0 1\"");
    assert_string_equal(JSON("a\"b\\c\n\r\t"), "\"a\\\"b\\\\c\\n\\r\\t\"");
    assert_string_equal(JSON("\x01\x1f"), "\"\\u0001\\u001f\"");
    assert_string_equal(JSON("nul\0byte"), "\"nul\\u0000byte\"");
}

static void html_characters_are_escaped(void **state) {
    (void)state;
    assert_string_equal(JSON("<script>&</script>"), "\"\\u003cscript\\u003e\\u0026\\u003c/script\\u003e\"");
}

static void utf8_is_kept_and_bad_bytes_replaced(void **state) {
    (void)state;
    assert_string_equal(JSON("caf\xc3\xa9 \xe2\x99\x9e \xf0\x9f\x98\x80"), "\"caf\xc3\xa9 \xe2\x99\x9e \xf0\x9f\x98\x80\"");
    assert_string_equal(JSON("a\xff" "b"), "\"a\\ufffdb\"");
    assert_string_equal(JSON("\xc3"), "\"\\ufffd\"");              /* cut short */
    assert_string_equal(JSON("\xc0\xaf"), "\"\\ufffd\\ufffd\"");    /* overlong */
    assert_string_equal(JSON("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\""); /* surrogate */
}

static void buffer_grows_and_formats(void **state) {
    (void)state;
    srv_buf b = {0};
    for (int i = 0; i < 1000; i++) srv_buf_printf(&b, "%d,", i);
    assert_false(b.failed);
    assert_true(strncmp(b.data, "0,1,2,", 6) == 0);
    assert_int_equal(b.len, strlen(b.data));
    char big[600];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    srv_buf_printf(&b, "[%s]", big); /* longer than the small format buffer */
    assert_int_equal(b.data[b.len - 1], ']');
    assert_int_equal(b.len, strlen(b.data));
    srv_buf_free(&b);
    srv_json_squares(&b, FK_BIT(0) | FK_BIT(28) | FK_BIT(63));
    assert_string_equal(b.data, "[\"a1\",\"e4\",\"h8\"]");
    srv_buf_free(&b);
    srv_json_cstring(&b, NULL);
    assert_string_equal(b.data, "null");
    srv_buf_free(&b);
}

/* Reads text as an object into m; returns the count (or -1, error in err). */
static char err[128];
static srv_json_member m[4];
static int read_obj(const char *text) { return srv_json_read_object(text, strlen(text), m, 4, err, sizeof err); }

static void objects_are_read(void **state) {
    (void)state;
    assert_int_equal(read_obj(" {\"fen\" : \"8/8 w\", \"tolerant\":true,\"n\":-1.5e3, \"z\":null} \n"), 4);
    assert_string_equal(m[0].key, "fen");
    assert_int_equal(m[0].kind, SRV_JSON_STRING);
    assert_string_equal(m[0].value, "8/8 w");
    assert_int_equal(m[0].value_len, 5);
    assert_int_equal(m[1].kind, SRV_JSON_TRUE);
    assert_int_equal(m[2].kind, SRV_JSON_NUMBER);
    assert_string_equal(m[2].value, "-1.5e3");
    assert_int_equal(m[3].kind, SRV_JSON_NULL);
    assert_int_equal(read_obj("{}"), 0);
}

static void string_escapes_are_unescaped(void **state) {
    (void)state;
    assert_int_equal(read_obj("{\"s\":\"a\\\"\\\\\\/\\n\\u00e9\\u265e\\ud83d\\ude00\"}"), 1);
    assert_string_equal(m[0].value, "a\"\\/\n\xc3\xa9\xe2\x99\x9e\xf0\x9f\x98\x80");
    assert_int_equal(read_obj("{\"s\":\"\\u0000x\"}"), 1);
    assert_int_equal(m[0].value_len, 2); /* the NUL is kept, length says so */
}

static void bad_objects_are_refused_with_a_reason(void **state) {
    (void)state;
    static const char *bad[] = {
        "", "[]", "\"fen\"", "{", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{\"a\":1} x", "{a:1}",
        "{\"a\":{\"b\":1}}", "{\"a\":[1]}", "{\"a\":tru}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":-}",
        "{\"a\":\"\\x\"}", "{\"a\":\"\\u12\"}", "{\"a\":\"\\ud800\"}", "{\"a\":\"\\udc00\"}",
        "{\"a\":\"tab\there\"}", "{\"a\":\"open}", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5}",
        "{\"a_key_that_is_much_longer_than_thirty_one_bytes\":1}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        if (read_obj(bad[i]) != -1) fail_msg("accepted: %s", bad[i]);
        assert_non_null(strstr(err, "at byte"));
    }
    char long_value[5000] = "{\"a\":\"";
    memset(long_value + 6, 'x', 4200);
    strcpy(long_value + 4206, "\"}");
    assert_int_equal(read_obj(long_value), -1);
    assert_non_null(strstr(err, "too long"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strings_are_quoted_and_escaped),
        cmocka_unit_test(html_characters_are_escaped),
        cmocka_unit_test(utf8_is_kept_and_bad_bytes_replaced),
        cmocka_unit_test(buffer_grows_and_formats),
        cmocka_unit_test(objects_are_read),
        cmocka_unit_test(string_escapes_are_unescaped),
        cmocka_unit_test(bad_objects_are_refused_with_a_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
