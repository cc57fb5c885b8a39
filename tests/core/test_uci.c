/* Tests for src/core/uci.c: UCI text out and in, Chess960 castling. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "core/rules_test_util.h"

/* Reads uci, writes it back, and expects the same text. */
static void expect_round_trip(const fk_position *pos, const char *uci) {
    char back[8];
    fk_move_to_uci(pos, uci_move(pos, uci), back, sizeof back);
    assert_string_equal(back, uci);
}

static void writes_and_reads_uci(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    expect_round_trip(&pos, "e2e4");
    expect_round_trip(&pos, "g1f3");
    pos = from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    expect_round_trip(&pos, "e7e8q");
    expect_round_trip(&pos, "e7e8n");
    fk_move upper = uci_move(&pos, "e7e8Q"), lower = uci_move(&pos, "e7e8q");
    assert_memory_equal(&upper, &lower, sizeof upper);
}

/* A short buffer gets what fits and a NUL; the length is the whole text's. */
static void writes_what_fits(void **state) {
    (void)state;
    fk_position pos = from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    fk_move move = uci_move(&pos, "e7e8q");
    char buf[8] = "xxxxxxx";
    assert_int_equal(fk_move_to_uci(&pos, move, buf, 3), 5);
    assert_string_equal(buf, "e7");
    assert_int_equal(fk_move_to_uci(&pos, move, buf, 0), 5);
    assert_string_equal(buf, "e7");
    assert_int_equal(fk_move_to_uci(&pos, move, buf, 6), 5);
    assert_string_equal(buf, "e7e8q");
}

static void castling_in_standard_chess_and_chess960(void **state) {
    (void)state;
    fk_position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    pos.chess960 = 0;
    expect_round_trip(&pos, "e1g1");
    expect_round_trip(&pos, "e1c1");
    /* King takes rook is read in standard chess too. */
    fk_move a = uci_move(&pos, "e1h1"), b = uci_move(&pos, "e1g1");
    assert_memory_equal(&a, &b, sizeof a);
    assert_true(a.flags & FK_MOVE_CASTLE);
    /* In Chess960, castling is written and read as king takes rook. */
    pos.chess960 = 1;
    expect_round_trip(&pos, "e1h1");
    expect_round_trip(&pos, "e1a1");
    /* King on f1, rook on h1: f1g1 is the king's step, f1h1 is castling. */
    pos = from_fen("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    fk_move step = uci_move(&pos, "f1g1"), castle = uci_move(&pos, "f1h1");
    assert_false(step.flags & FK_MOVE_CASTLE);
    assert_true(castle.flags & FK_MOVE_CASTLE);
}

static void reports_bad_uci(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_move move;
    fk_error err;
    assert_int_equal(fk_move_parse_uci(&pos, "e2e5", 4, &move, &err), FK_ERR_INVALID);
    assert_non_null(strstr(err.message, "legal moves: "));
    assert_int_equal(fk_move_parse_uci(&pos, "e2", 2, &move, &err), FK_ERR_SYNTAX);
    assert_int_equal(fk_move_parse_uci(&pos, "e2z4", 4, &move, &err), FK_ERR_SYNTAX);
    assert_int_equal(err.offset, 2);
    assert_int_equal(fk_move_parse_uci(&pos, "e2e4x", 5, &move, &err), FK_ERR_SYNTAX);
    pos = from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    assert_int_equal(fk_move_parse_uci(&pos, "e7e8", 4, &move, &err), FK_ERR_AMBIGUOUS);
    assert_non_null(strstr(err.message, "promotion"));
    assert_int_equal(fk_move_parse_uci(&pos, "e7e8", 4, &move, NULL), FK_ERR_AMBIGUOUS);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(writes_and_reads_uci),
        cmocka_unit_test(writes_what_fits),
        cmocka_unit_test(castling_in_standard_chess_and_chess960),
        cmocka_unit_test(reports_bad_uci),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
