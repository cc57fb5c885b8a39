/* Byte buffers: appending, formatting and base64. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "render/buffer.h"

static void test_base64_of_known_strings(void **state) {
    (void)state;
    /* The RFC 4648 test vectors. */
    static const char *const in[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar"};
    static const char *const out[] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=",
                                      "Zm9vYmFy"};
    for (int i = 0; i < 7; i++) {
        fk_buffer b = {0};
        assert_int_equal(render_buffer_base64(&b, (const unsigned char *)in[i], strlen(in[i])), 0);
        assert_int_equal(b.len, strlen(out[i]));
        if (b.len) assert_string_equal(b.data, out[i]);
        fk_buffer_free(&b);
    }
}

static void test_append_and_printf_grow_the_buffer(void **state) {
    (void)state;
    fk_buffer b = {0};
    for (int i = 0; i < 2000; i++)
        assert_int_equal(render_buffer_printf(&b, "%04d,", i), 0);
    assert_int_equal(b.len, 10000);
    assert_memory_equal(b.data + 9995, "1999,", 5);
    assert_int_equal(b.data[b.len], '\0');
    fk_buffer_clear(&b);
    assert_int_equal(b.len, 0);
    assert_int_equal(render_buffer_append(&b, "ab", 2), 0);
    assert_string_equal(b.data, "ab");
    fk_buffer_free(&b);
    assert_null(b.data);
    assert_int_equal(b.cap, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base64_of_known_strings),
        cmocka_unit_test(test_append_and_printf_grow_the_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
