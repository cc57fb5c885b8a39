/* Tests for src/core/diff.c: comparing positions and the moves between. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "fenkit/core.h"

static fk_position position(const char *fen) {
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    assert_int_equal(fk_fen_parse(fen, strlen(fen), 0, &pos, &problems), FK_OK);
    return pos;
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define E4 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"

static void one_pawn_moved(void **state) {
    (void)state;
    fk_position a = position(START), b = position(E4);
    fk_position_diff d;
    fk_position_compare(&a, &b, &d);
    assert_int_equal(d.count, 1);
    assert_int_equal(d.changes[0].kind, FK_MAN_MOVED);
    assert_int_equal(d.changes[0].piece, FK_WP);
    assert_int_equal(d.changes[0].from, fk_square_parse("e2"));
    assert_int_equal(d.changes[0].to, fk_square_parse("e4"));
    assert_int_equal(d.fields, FK_DIFF_SIDE | FK_DIFF_EN_PASSANT);
}

static void captures_and_promotions(void **state) {
    (void)state;
    /* exd6 en passant: the white pawn moves, the black one vanishes */
    fk_position a = position("rnbqkbnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    fk_position b = position("rnbqkbnr/ppp2ppp/3Pp3/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    fk_position_diff d;
    fk_position_compare(&a, &b, &d);
    assert_int_equal(d.count, 2);
    assert_int_equal(d.changes[0].kind, FK_MAN_VANISHED);
    assert_int_equal(d.changes[0].piece, FK_BP);
    assert_int_equal(d.changes[1].kind, FK_MAN_MOVED);
    assert_int_equal(d.changes[1].to, fk_square_parse("d6"));
    /* a promotion: a pawn vanishes, a queen appears */
    a = position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    b = position("Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    fk_position_compare(&a, &b, &d);
    assert_int_equal(d.count, 2);
    assert_int_equal(d.changes[0].kind, FK_MAN_VANISHED);
    assert_int_equal(d.changes[1].kind, FK_MAN_APPEARED);
    assert_int_equal(d.changes[1].piece, FK_WQ);
}

static void the_moves_between(void **state) {
    (void)state;
    fk_position a = position(START), b = position(E4);
    fk_lines lines;
    assert_int_equal(fk_moves_between(&a, &b, 3, &lines), 1);
    assert_int_equal(lines.count, 1);
    assert_int_equal(lines.moves[0][0].from, fk_square_parse("e2"));
    /* the en passant square written or not: the same position */
    b = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_int_equal(fk_moves_between(&a, &b, 3, &lines), 1);
    /* two lines of three plies reach 1.Nf3 d5 2.d4 */
    b = position("rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2");
    assert_int_equal(fk_moves_between(&a, &b, 3, &lines), 3);
    assert_int_equal(lines.count, 2);
    /* the same position: no move */
    assert_int_equal(fk_moves_between(&a, &a, 3, &lines), 0);
    /* too far: none within three plies */
    b = position("rnbqkbnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    assert_int_equal(fk_moves_between(&a, &b, 3, &lines), -1);
    assert_int_equal(lines.count, 0);
    /* but four plies are allowed when asked */
    assert_int_equal(fk_moves_between(&a, &b, 4, &lines), 4);
    /* castling rights must match too: a king or rook that went and came
     * back loses the right, and with the right kept nothing can have moved */
    a = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    b = position("3k4/8/8/8/8/8/8/4K2R b - - 2 2");
    assert_int_equal(fk_moves_between(&a, &b, 3, &lines), 3);
    assert_true(lines.count + lines.more >= 2);
    b = position("3k4/8/8/8/8/8/8/4K2R b K - 2 2");
    assert_int_equal(fk_moves_between(&a, &b, 3, &lines), -1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_pawn_moved),
        cmocka_unit_test(captures_and_promotions),
        cmocka_unit_test(the_moves_between),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
