/* Tests for src/core/epd.c: EPD operations read and written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fenkit/core.h"

static fk_status parse(const char *text, fk_position *pos, fk_epd_ops *ops, fk_error *err) {
    fk_problems problems;
    fk_problems_clear(&problems);
    err->message[0] = '\0';
    return fk_epd_parse(text, strlen(text), 0, pos, ops, &problems, err);
}

static void operations_are_read(void **state) {
    (void)state;
    fk_position pos;
    fk_epd_ops ops;
    fk_error err;
    const char *text = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - "
                       "bm Bb5 Bc4; id \"WAC.001; a name\"; c0 \"two  spaces\";ce -35;"
                       " noop; hmvc 2; fmvn 3;";
    assert_int_equal(parse(text, &pos, &ops, &err), FK_OK);
    assert_int_equal(ops.count, 7);
    assert_string_equal(ops.ops[0].opcode, "bm");
    assert_string_equal(ops.ops[0].operands, "Bb5 Bc4");
    assert_false(ops.ops[0].quoted);
    /* a ';' inside a string does not end the operation */
    const fk_epd_op *id = fk_epd_find(&ops, "id");
    assert_non_null(id);
    assert_true(id->quoted);
    assert_string_equal(id->operands, "WAC.001; a name");
    assert_string_equal(fk_epd_find(&ops, "ce")->operands, "-35");
    assert_string_equal(fk_epd_find(&ops, "noop")->operands, "");
    assert_null(fk_epd_find(&ops, "pv"));
    assert_int_equal(pos.halfmove, 2);
    assert_int_equal(pos.fullmove, 3);
    assert_int_equal(pos.side, FK_WHITE);
}

static void written_back(void **state) {
    (void)state;
    fk_position pos;
    fk_epd_ops ops;
    fk_error err;
    const char *text = "4k3/8/8/8/8/8/4P3/4K3 b - -   bm  Kd7 ;id \"end game\";";
    assert_int_equal(parse(text, &pos, &ops, &err), FK_OK);
    char out[512];
    size_t n = fk_epd_write(&pos, &ops, FK_EP_LEGAL, out, sizeof out);
    assert_string_equal(out, "4k3/8/8/8/8/8/4P3/4K3 b - - bm Kd7; id \"end game\";");
    assert_int_equal(n, strlen(out));
    /* too small a buffer: 0 and "" */
    assert_int_equal(fk_epd_write(&pos, &ops, FK_EP_LEGAL, out, 20), 0);
    assert_string_equal(out, "");
    /* no operations: the four fields alone; counters left to hmvc/fmvn */
    assert_int_equal(parse("4k3/8/8/8/8/8/4P3/4K3 w - -", &pos, &ops, &err), FK_OK);
    assert_int_equal(ops.count, 0);
    fk_epd_write(&pos, &ops, FK_EP_LEGAL, out, sizeof out);
    assert_string_equal(out, "4k3/8/8/8/8/8/4P3/4K3 w - -");
}

static void errors_say_where(void **state) {
    (void)state;
    fk_position pos;
    fk_epd_ops ops;
    fk_error err;
    const char *base = "4k3/8/8/8/8/8/4P3/4K3 w - - ";
    char text[256];
    snprintf(text, sizeof text, "%sbm Kd2", base);
    assert_int_equal(parse(text, &pos, &ops, &err), FK_ERR_SYNTAX);
    assert_int_equal(err.offset, (int)strlen(base));
    assert_non_null(strstr(err.message, "does not end with ';'"));
    snprintf(text, sizeof text, "%sid \"open;", base);
    assert_int_equal(parse(text, &pos, &ops, &err), FK_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "never closed"));
    snprintf(text, sizeof text, "%s1x;", base);
    assert_int_equal(parse(text, &pos, &ops, &err), FK_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "cannot start an operation"));
    snprintf(text, sizeof text, "%shmvc x;", base);
    assert_int_equal(parse(text, &pos, &ops, &err), FK_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "hmvc needs a number"));
    /* a bad position is the FEN reader's problem list */
    assert_int_equal(parse("4k3/8/8 w - - bm e4;", &pos, &ops, &err), FK_ERR_SYNTAX);
    assert_string_equal(err.message, "");
    /* too many operations */
    size_t n = (size_t)snprintf(text, sizeof text, "%s", base);
    for (int i = 0; i <= FK_EPD_MAX_OPS && n < sizeof text - 4; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "a;");
    assert_int_equal(parse(text, &pos, &ops, &err), FK_ERR_RANGE);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(operations_are_read),
        cmocka_unit_test(written_back),
        cmocka_unit_test(errors_say_where),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
