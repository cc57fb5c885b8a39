/* Tests for src/core/position.c and src/core/types.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fenkit/core.h"

static void startpos_has_32_pieces(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    assert_int_equal(__builtin_popcountll(fk_position_occupied(&pos)), 32);
    assert_int_equal(fk_position_at(&pos, FK_SQUARE(4, 0)), FK_WK);
    assert_int_equal(fk_position_at(&pos, FK_SQUARE(3, 7)), FK_BQ);
    assert_int_equal(fk_position_king(&pos, FK_BLACK), FK_SQUARE(4, 7));
    assert_false(fk_position_in_check(&pos, FK_WHITE));
}

static void put_and_remove_keep_bitboards(void **state) {
    (void)state;
    fk_position pos;
    fk_position_clear(&pos);
    fk_position_put(&pos, 27, FK_BN);
    assert_true(fk_position_pieces(&pos, FK_BN) == FK_BIT(27));
    fk_position_remove(&pos, 27);
    assert_true(fk_position_occupied(&pos) == 0);
    assert_int_equal(fk_position_king(&pos, FK_WHITE), FK_NO_SQUARE);
}

static void letters_and_squares(void **state) {
    (void)state;
    for (int p = 1; p < FK_PIECE_COUNT; p++)
        assert_int_equal(fk_piece_from_char(fk_piece_to_char((fk_piece)p)), p);
    assert_int_equal(fk_piece_from_char('x'), FK_EMPTY);
    char name[3];
    fk_square_name(FK_SQUARE(4, 3), name);
    assert_string_equal(name, "e4");
    assert_int_equal(fk_square_parse("h8"), 63);
    assert_int_equal(fk_square_parse("i1"), FK_NO_SQUARE);
}

static void attacks_and_check(void **state) {
    (void)state;
    fk_position pos;
    fk_position_clear(&pos);
    fk_position_put(&pos, FK_SQUARE(4, 0), FK_WK);
    fk_position_put(&pos, FK_SQUARE(4, 7), FK_BR);
    assert_true(fk_position_in_check(&pos, FK_WHITE));
    fk_position_put(&pos, FK_SQUARE(4, 3), FK_WP);
    assert_false(fk_position_in_check(&pos, FK_WHITE));
    assert_true(fk_between(FK_SQUARE(0, 0), FK_SQUARE(7, 7)) != 0);
    assert_true(fk_between(FK_SQUARE(0, 0), FK_SQUARE(1, 2)) == 0);
    assert_int_equal(__builtin_popcountll(fk_knight_attacks(0)), 2);
}

static void piece_attacks_by_kind(void **state) {
    (void)state;
    fk_square e4 = FK_SQUARE(4, 3), e6 = FK_SQUARE(4, 5);
    fk_bitboard occ = FK_BIT(e4) | FK_BIT(e6);
    assert_int_equal(fk_piece_attacks(FK_EMPTY, e4, occ), 0);
    assert_true(fk_piece_attacks(FK_WP, e4, occ) == (FK_BIT(FK_SQUARE(3, 4)) | FK_BIT(FK_SQUARE(5, 4))));
    assert_true(fk_piece_attacks(FK_BP, e4, occ) == (FK_BIT(FK_SQUARE(3, 2)) | FK_BIT(FK_SQUARE(5, 2))));
    assert_true(fk_piece_attacks(FK_BN, e4, occ) == fk_knight_attacks(e4));
    assert_true(fk_piece_attacks(FK_WK, e4, occ) == fk_king_attacks(e4));
    /* the rook's file stops at e6, which it attacks */
    fk_bitboard rook = fk_piece_attacks(FK_WR, e4, occ);
    assert_true(rook & FK_BIT(e6));
    assert_false(rook & FK_BIT(FK_SQUARE(4, 6)));
    assert_int_equal(__builtin_popcountll(rook), 7 + 3 + 2);
    assert_true(fk_piece_attacks(FK_BQ, e4, occ) == (rook | fk_bishop_attacks(e4, occ)));
    assert_true(fk_piece_attacks(FK_WB, e4, occ) == fk_bishop_attacks(e4, occ));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(startpos_has_32_pieces),
        cmocka_unit_test(put_and_remove_keep_bitboards),
        cmocka_unit_test(letters_and_squares),
        cmocka_unit_test(attacks_and_check),
        cmocka_unit_test(piece_attacks_by_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
