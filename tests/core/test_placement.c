/* Tests for src/core/placement.c: the placement read rank by rank. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "fenkit/core.h"

static int read_all(const char *text, fk_rank_reading *ranks, int max) {
    return fk_placement_read(text, strlen(text), ranks, max);
}

static void start_position_names_home_and_empty_ranks(void **state) {
    (void)state;
    fk_rank_reading r[8];
    assert_int_equal(read_all("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", r, 8), 8);
    assert_int_equal(r[0].rank, 8);
    assert_int_equal(r[0].kind, FK_RANK_HOME_PIECES);
    assert_int_equal(r[0].color, FK_BLACK);
    assert_int_equal(r[1].kind, FK_RANK_HOME_PAWNS);
    assert_int_equal(r[1].color, FK_BLACK);
    for (int i = 2; i < 6; i++)
        assert_int_equal(r[i].kind, FK_RANK_EMPTY);
    assert_int_equal(r[6].kind, FK_RANK_HOME_PAWNS);
    assert_int_equal(r[6].color, FK_WHITE);
    assert_int_equal(r[7].kind, FK_RANK_HOME_PIECES);
    assert_int_equal(r[7].color, FK_WHITE);
    assert_int_equal(r[7].rank, 1);
    assert_int_equal(r[7].offset, 35);
}

static void runs_are_grouped_and_digits_counted(void **state) {
    (void)state;
    fk_rank_reading r[8];
    read_all("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R", r, 8);
    const fk_rank_reading *seven = &r[1];
    assert_int_equal(seven->kind, FK_RANK_MIXED);
    assert_int_equal(seven->squares, 8);
    assert_int_equal(seven->count, 3);
    assert_int_equal(seven->stretches[0].kind, FK_STRETCH_MEN);
    assert_int_equal(seven->stretches[0].piece, FK_BP);
    assert_int_equal(seven->stretches[0].count, 2);
    assert_int_equal(seven->stretches[1].kind, FK_STRETCH_EMPTY);
    assert_int_equal(seven->stretches[1].file, 2);
    assert_int_equal(seven->stretches[1].count, 1);
    assert_int_equal(seven->stretches[2].file, 3);
    assert_int_equal(seven->stretches[2].count, 5);
    assert_int_equal(seven->stretches[2].offset, 3);
    assert_int_equal(seven->stretches[2].length, 5);
    const fk_rank_reading *five = &r[3];
    assert_int_equal(five->count, 3);
    assert_int_equal(five->stretches[0].count, 2);
    assert_int_equal(five->stretches[1].piece, FK_BP);
    assert_int_equal(five->stretches[1].file, 2);
    assert_int_equal(five->stretches[2].count, 5);
    /* a back rank with a gap is no longer "at home" */
    assert_int_equal(r[7].kind, FK_RANK_MIXED);
}

static void broken_ranks_are_counted(void **state) {
    (void)state;
    fk_rank_reading r[10];
    int n = read_all("pp1pppp/ppp6/8/pxp5", r, 10);
    assert_int_equal(n, 4);
    assert_int_equal(r[0].squares, 7);
    assert_int_equal(r[0].kind, FK_RANK_MIXED);
    assert_int_equal(r[1].squares, 9);
    assert_int_equal(r[3].bad, 1);
    assert_int_equal(r[3].squares, 7);
    assert_int_equal(r[3].stretches[1].kind, FK_STRETCH_BAD);
    assert_int_equal(r[3].stretches[1].offset, 1);
    /* nine ranks: the ninth is numbered below rank 1 */
    n = read_all("8/8/8/8/8/8/8/8/8", r, 10);
    assert_int_equal(n, 9);
    assert_int_equal(r[8].rank, 0);
    /* only max ranks are written, all are counted */
    assert_int_equal(read_all("8/8/8/8/8/8/8/8/8", r, 2), 9);
}

static void home_only_on_its_own_rank(void **state) {
    (void)state;
    fk_rank_reading r[8];
    read_all("RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr", r, 8);
    assert_int_equal(r[0].kind, FK_RANK_MIXED);
    assert_int_equal(r[1].kind, FK_RANK_MIXED);
    assert_int_equal(r[6].kind, FK_RANK_MIXED);
    assert_int_equal(r[7].kind, FK_RANK_MIXED);
}

static void long_ranks_drop_stretches(void **state) {
    (void)state;
    fk_rank_reading r[1];
    read_all("pPpPpPpPpPpPpPpPpPpP", r, 1);
    assert_int_equal(r[0].count, FK_RANK_STRETCHES);
    assert_int_equal(r[0].dropped, 20 - FK_RANK_STRETCHES);
    assert_int_equal(r[0].squares, 20);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_position_names_home_and_empty_ranks),
        cmocka_unit_test(runs_are_grouped_and_digits_counted),
        cmocka_unit_test(broken_ranks_are_counted),
        cmocka_unit_test(home_only_on_its_own_rank),
        cmocka_unit_test(long_ranks_drop_stretches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
