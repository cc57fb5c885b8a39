/* Random positions: seeded and repeatable, and plausible for their kind. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fenkit/check.h"
#include "fenkit/render.h"

static void test_same_seed_same_numbers(void **state) {
    (void)state;
    fk_rng a, b, c;
    fk_rng_seed(&a, 42);
    fk_rng_seed(&b, 42);
    fk_rng_seed(&c, 43);
    int same_as_other_seed = 0;
    for (int i = 0; i < 100; i++) {
        uint64_t x = fk_rng_next(&a);
        assert_true(x == fk_rng_next(&b));
        same_as_other_seed += x == fk_rng_next(&c);
    }
    assert_int_equal(same_as_other_seed, 0);
}

static void test_ranges_are_kept_and_covered(void **state) {
    (void)state;
    fk_rng rng;
    fk_rng_seed(&rng, 7);
    int seen[10] = {0};
    for (int i = 0; i < 2000; i++) {
        int v = fk_rng_below(&rng, 10);
        assert_true(v >= 0 && v < 10);
        seen[v]++;
        double u = fk_rng_unit(&rng);
        assert_true(u >= 0 && u < 1);
    }
    for (int v = 0; v < 10; v++) assert_true(seen[v] > 100);
    assert_int_equal(fk_rng_below(&rng, 1), 0);
}

/* The rules every generated position keeps. */
static void assert_plausible(const fk_position *pos) {
    for (int c = 0; c < 2; c++)
        assert_int_equal(__builtin_popcountll(fk_position_pieces(pos, FK_MAKE_PIECE(c, FK_KING))), 1);
    fk_bitboard pawns = pos->by_kind[FK_PAWN];
    assert_true((pawns & 0xff000000000000ffull) == 0);
    assert_false(fk_position_in_check(pos, (fk_color)!pos->side));
    for (int c = 0; c < 2; c++) assert_true(__builtin_popcountll(pos->by_color[c]) <= 16);
    assert_true(__builtin_popcountll(pos->by_kind[FK_PAWN] & pos->by_color[0]) <= 8);
    assert_true(__builtin_popcountll(pos->by_kind[FK_PAWN] & pos->by_color[1]) <= 8);
    /* And the rules checker finds nothing a game could not reach. */
    fk_problems problems;
    fk_problems_clear(&problems);
    if (fk_position_check(pos, &problems) != FK_OK)
        fail_msg("unreachable position: %s", problems.items[0].message);
}

static void test_positions_are_plausible_for_their_kind(void **state) {
    (void)state;
    for (int kind = 0; kind < FK_RANDOM_KIND_COUNT; kind++) {
        double total = 0;
        int fewest = 32, most = 0;
        for (int i = 0; i < 200; i++) {
            fk_rng rng;
            fk_rng_seed(&rng, (uint64_t)(kind * 1000 + i));
            fk_position pos;
            fk_square from, to;
            fk_random_position(&rng, (fk_random_kind)kind, &pos, &from, &to);
            assert_plausible(&pos);
            int n = __builtin_popcountll(fk_position_occupied(&pos));
            total += n;
            if (n < fewest) fewest = n;
            if (n > most) most = n;
            if (kind <= FK_RANDOM_MIDDLEGAME) {
                /* The last move ended on a piece of the side that moved. */
                assert_true(to != FK_NO_SQUARE && from != to);
                assert_int_equal(fk_position_at(&pos, from), FK_EMPTY);
                assert_int_equal(FK_PIECE_COLOR(fk_position_at(&pos, to)), !pos.side);
            } else {
                assert_int_equal(from, FK_NO_SQUARE);
            }
        }
        double mean = total / 200;
        switch (kind) {
        case FK_RANDOM_OPENING: assert_true(mean > 28 && fewest >= 22); break;
        case FK_RANDOM_MIDDLEGAME: assert_true(mean > 16 && mean < 28); break;
        case FK_RANDOM_ENDGAME: assert_true(mean > 5 && mean < 16 && most <= 22); break;
        default: assert_true(fewest <= 4 && most >= 24); break;
        }
    }
}

static void test_same_seed_same_position(void **state) {
    (void)state;
    for (int kind = 0; kind < FK_RANDOM_KIND_COUNT; kind++) {
        fk_rng a, b;
        fk_rng_seed(&a, 99);
        fk_rng_seed(&b, 99);
        fk_position p, q;
        fk_random_position(&a, (fk_random_kind)kind, &p, NULL, NULL);
        fk_random_position(&b, (fk_random_kind)kind, &q, NULL, NULL);
        assert_true(fk_position_equal(&p, &q));
        fk_random_position(&a, (fk_random_kind)kind, &p, NULL, NULL);
        assert_false(fk_position_equal(&p, &q));
    }
    assert_string_equal(fk_random_kind_name(FK_RANDOM_ENDGAME), "endgame");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_numbers),
        cmocka_unit_test(test_ranges_are_kept_and_covered),
        cmocka_unit_test(test_positions_are_plausible_for_their_kind),
        cmocka_unit_test(test_same_seed_same_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
