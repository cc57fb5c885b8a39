/* Tests for src/core/status.c: check, mate, stalemate, dead positions and
 * the move-count rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/rules_test_util.h"

/* The status flags of a position given as FEN. */
static unsigned status_of(const char *fen) {
    fk_position pos = from_fen(fen);
    return fk_position_status(&pos);
}

static void check_mate_and_stalemate(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    assert_int_equal(fk_position_status(&pos), 0);
    /* Fool's mate. */
    assert_int_equal(status_of("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
                     FK_STATUS_CHECK | FK_STATUS_CHECKMATE);
    assert_int_equal(status_of("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), FK_STATUS_CHECK);
    assert_int_equal(status_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), FK_STATUS_STALEMATE);
    /* Check by a pawn that just moved two squares: taking it en passant is
     * the only way out, so it is check, not mate. */
    assert_int_equal(status_of("8/1RN5/8/k7/1Pp5/2N5/8/K7 b - b3 0 1"), FK_STATUS_CHECK);
    /* The same without the en passant right is mate. */
    assert_int_equal(status_of("8/1RN5/8/k7/1Pp5/2N5/8/K7 b - - 0 1"),
                     FK_STATUS_CHECK | FK_STATUS_CHECKMATE);
}

static void dead_positions(void **state) {
    (void)state;
    assert_true(status_of("8/8/4k3/8/8/3K4/8/8 w - - 0 1") & FK_STATUS_INSUFFICIENT);
    assert_true(status_of("8/8/4k3/8/8/3K4/8/6N1 w - - 0 1") & FK_STATUS_INSUFFICIENT);
    assert_true(status_of("8/8/4k3/8/8/3K4/8/6b1 w - - 0 1") & FK_STATUS_INSUFFICIENT);
    /* Bishops all on dark squares (a1, c3, e5 ... ), of both sides. */
    assert_true(status_of("8/8/4k3/4b3/8/2B3K1/8/B7 w - - 0 1") & FK_STATUS_INSUFFICIENT);
    /* Bishops on both colours, two knights, a pawn, a rook: not dead. */
    assert_false(status_of("8/8/4k3/5b2/8/2B3K1/8/8 w - - 0 1") & FK_STATUS_INSUFFICIENT);
    assert_false(status_of("8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1") & FK_STATUS_INSUFFICIENT);
    assert_false(status_of("8/8/4k3/8/8/3K4/8/5nN1 w - - 0 1") & FK_STATUS_INSUFFICIENT);
    assert_false(status_of("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1") & FK_STATUS_INSUFFICIENT);
    assert_false(status_of("8/8/4k3/8/8/3K4/8/7R w - - 0 1") & FK_STATUS_INSUFFICIENT);
}

static void fifty_and_seventy_five_moves(void **state) {
    (void)state;
#define FIFTY_FEN "4k3/8/8/8/8/8/8/R3K3 w - - %d 80"
    char fen[64];
    snprintf(fen, sizeof fen, FIFTY_FEN, 99);
    assert_int_equal(status_of(fen), 0);
    snprintf(fen, sizeof fen, FIFTY_FEN, 100);
    assert_int_equal(status_of(fen), FK_STATUS_FIFTY_CLAIMABLE);
    snprintf(fen, sizeof fen, FIFTY_FEN, 149);
    assert_int_equal(status_of(fen), FK_STATUS_FIFTY_CLAIMABLE);
    snprintf(fen, sizeof fen, FIFTY_FEN, 150);
    assert_int_equal(status_of(fen), FK_STATUS_FIFTY_CLAIMABLE | FK_STATUS_SEVENTY_FIVE);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(check_mate_and_stalemate),
        cmocka_unit_test(dead_positions),
        cmocka_unit_test(fifty_and_seventy_five_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
