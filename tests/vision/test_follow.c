/* Following a game (follow.c): the successor the square readings fit
 * best is chosen, a few plies on or none; a picture no successor fits is
 * said to fit none; a move counts only where the picture changed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fenkit/fenkit.h"

/* Readings that say pos surely (0.99 for the man there). */
static void readings_of(const fk_position *pos, float probs[64][FK_PIECE_COUNT]) {
    for (int sq = 0; sq < 64; sq++) {
        for (int c = 0; c < FK_PIECE_COUNT; c++)
            probs[sq][c] = 0.01f / (FK_PIECE_COUNT - 1);
        probs[sq][fk_position_at(pos, sq)] = 0.99f;
    }
}

static void play(fk_position *pos, const char *san) {
    fk_move m;
    assert_int_equal(fk_move_parse_san(pos, san, strlen(san), &m, NULL), FK_OK);
    fk_move_make(pos, m);
}

static void test_finds_the_plies_played(void **state) {
    (void)state;
    fk_position start, after;
    fk_position_startpos(&start);
    after = start;
    play(&after, "e4");
    play(&after, "c5");
    float probs[64][FK_PIECE_COUNT];
    readings_of(&after, probs);
    fk_game_step step;
    assert_int_equal(fk_game_next(&start, (const float(*)[FK_PIECE_COUNT])probs, NULL, 3, &step),
                     FK_OK);
    assert_int_equal(step.plies, 2);
    assert_true(step.fits);
    assert_int_equal(step.misfits, 0);
    assert_true(step.confidence > 0.5);
    assert_memory_equal(step.position.board, after.board, sizeof after.board);
    /* nothing moved: no ply */
    readings_of(&start, probs);
    fk_game_next(&start, (const float(*)[FK_PIECE_COUNT])probs, NULL, 3, &step);
    assert_int_equal(step.plies, 0);
}

static void test_a_man_misread_is_outvoted_by_the_rules(void **state) {
    (void)state;
    fk_position start, after;
    fk_position_startpos(&start);
    after = start;
    play(&after, "Nf3");
    float probs[64][FK_PIECE_COUNT];
    readings_of(&after, probs);
    /* the knight read as a bishop of his colour: still Nf3 */
    fk_square f3 = FK_SQUARE(5, 2);
    probs[f3][FK_WN] = 0.1f;
    probs[f3][FK_WB] = 0.85f;
    fk_game_step step;
    fk_game_next(&start, (const float(*)[FK_PIECE_COUNT])probs, NULL, 3, &step);
    assert_int_equal(step.plies, 1);
    assert_int_equal(fk_position_at(&step.position, f3), FK_WN);
}

static void test_a_picture_no_successor_fits(void **state) {
    (void)state;
    fk_position start, empty;
    fk_position_startpos(&start);
    fk_position_clear(&empty);
    float probs[64][FK_PIECE_COUNT];
    readings_of(&empty, probs);
    fk_game_step step;
    fk_game_next(&start, (const float(*)[FK_PIECE_COUNT])probs, NULL, 3, &step);
    assert_false(step.fits);
    assert_true(step.misfits > 5);
}

static void test_changes_follow_the_looks(void **state) {
    (void)state;
    static uint8_t before[64][64], now[64][64];
    for (int sq = 0; sq < 64; sq++)
        for (int k = 0; k < 64; k++)
            before[sq][k] = now[sq][k] = (uint8_t)(100 + (sq + k) % 7);
    /* a man appears on e4: a dark blob in its look */
    for (int k = 18; k < 46; k++)
        now[FK_SQUARE(4, 3)][k] = 20;
    /* the light grows on h8: no change */
    for (int k = 0; k < 64; k++)
        now[63][k] += 30;
    float changed[64];
    fk_game_changes((const uint8_t(*)[64])before, (const uint8_t(*)[64])now, changed);
    assert_true(changed[FK_SQUARE(4, 3)] > 0.9f);
    assert_true(changed[63] < 0.1f);
    assert_true(changed[0] < 0.1f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finds_the_plies_played),
        cmocka_unit_test(test_a_man_misread_is_outvoted_by_the_rules),
        cmocka_unit_test(test_a_picture_no_successor_fits),
        cmocka_unit_test(test_changes_follow_the_looks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
