/* Tests for src/core/game.c: repetitions on FIDE's key, the draws a player
 * may claim, and what ends a game without a claim. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/rules_test_util.h"
#include "fenkit/game.h"

/* Judges the space-separated UCI moves played from fen. */
static fk_game_state judge(const char *fen, const char *uci) {
    fk_position start = from_fen(fen), at = start;
    fk_move moves[256];
    int n = 0;
    char word[8];
    for (const char *p = uci; *p;) {
        size_t len = strcspn(p, " ");
        assert_true(len > 0 && len < sizeof word);
        memcpy(word, p, len);
        word[len] = '\0';
        moves[n] = uci_move(&at, word);
        fk_move_make(&at, moves[n++]);
        p += len + (p[len] == ' ');
    }
    fk_game_state state;
    fk_game_judge(&start, moves, n, &state);
    assert_true(fk_position_equal(&state.pos, &at));
    return state;
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define SHUFFLE " g1f3 g8f6 f3g1 f6g8"

static void repetitions_claim_then_end(void **state) {
    (void)state;
    fk_game_state g = judge(START, "e2e4");
    assert_int_equal(g.repetition, 1);
    assert_int_equal(g.end, FK_GAME_ON);
    assert_int_equal(g.claim, FK_GAME_ON);
    g = judge(START, "g1f3 g8f6 f3g1 f6g8");
    assert_int_equal(g.repetition, 2);
    assert_int_equal(g.claim, FK_GAME_ON);
    /* the third time is a claim only: the game goes on */
    g = judge(START, "g1f3 g8f6 f3g1 f6g8" SHUFFLE);
    assert_int_equal(g.repetition, 3);
    assert_int_equal(g.claim, FK_GAME_THREEFOLD);
    assert_int_equal(g.end, FK_GAME_ON);
    assert_null(fk_game_result(g.end, &g.pos));
    g = judge(START, "g1f3 g8f6 f3g1 f6g8" SHUFFLE SHUFFLE);
    assert_int_equal(g.repetition, 4);
    assert_int_equal(g.end, FK_GAME_ON);
    /* the fifth time ends the game */
    g = judge(START, "g1f3 g8f6 f3g1 f6g8" SHUFFLE SHUFFLE SHUFFLE);
    assert_int_equal(g.repetition, 5);
    assert_int_equal(g.end, FK_GAME_FIVEFOLD);
    assert_int_equal(g.claim, FK_GAME_ON);
    assert_string_equal(fk_game_result(g.end, &g.pos), "1/2-1/2");
    /* the same placement with the other side to move is another position */
    g = judge(START, "g1f3 g8f6 f3g1 f6g8 g1f3");
    assert_int_equal(g.repetition, 2);
}

static void en_passant_and_castling_count(void **state) {
    (void)state;
    /* after e4 the d4 pawn may take en passant; after the kings' walk
     * the same placement has no such capture, so it is a new position */
    const char *fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    assert_int_equal(judge(fen, "e2e4 e8d7 e1e2 d7e8 e2e1").repetition, 1);
    assert_int_equal(judge(fen, "e2e4 e8d7 e1e2 d7e8 e2e1 e8d7 e1e2 d7e8 e2e1").repetition, 2);
    /* a castling right lost makes the position a new one */
    const char *castle = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    assert_int_equal(judge(castle, "h1h2 e8d8 h2h1 d8e8").repetition, 1);
    assert_int_equal(judge(castle, "h1h2 e8d8 h2h1 d8e8 h1h2 e8d8 h2h1 d8e8").repetition, 2);
}

static void fifty_is_a_claim_seventy_five_an_end(void **state) {
    (void)state;
    fk_game_state g = judge("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", "a1a2");
    assert_int_equal(g.claim, FK_GAME_ON);
    g = judge("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2");
    assert_int_equal(g.claim, FK_GAME_FIFTY);
    assert_int_equal(g.end, FK_GAME_ON);
    g = judge("4k3/8/8/8/8/8/8/R3K3 w - - 149 80", "a1a2");
    assert_int_equal(g.end, FK_GAME_SEVENTY_FIVE);
    assert_int_equal(g.claim, FK_GAME_ON);
    assert_string_equal(fk_game_result(g.end, &g.pos), "1/2-1/2");
    /* a mate on the 75th move stands */
    g = judge("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80", "a1a8");
    assert_int_equal(g.end, FK_GAME_CHECKMATE);
    assert_string_equal(fk_game_result(g.end, &g.pos), "1-0");
    /* a capture starts the count again */
    g = judge("4k3/8/8/8/8/8/n7/R3K3 w - - 149 80", "a1a2");
    assert_int_equal(g.end, FK_GAME_ON);
    assert_int_equal(g.claim, FK_GAME_ON);
}

static void names_and_results(void **state) {
    (void)state;
    assert_null(fk_game_reason_name(FK_GAME_ON));
    assert_string_equal(fk_game_reason_name(FK_GAME_THREEFOLD), "threefold-repetition");
    assert_string_equal(fk_game_reason_name(FK_GAME_FIVEFOLD), "fivefold-repetition");
    assert_string_equal(fk_game_reason_name(FK_GAME_SEVENTY_FIVE), "seventy-five-move-rule");
    assert_string_equal(fk_game_reason_name(FK_GAME_FIFTY), "fifty-move-rule");
    assert_null(fk_game_reason_name((fk_game_reason)99));
    fk_position pos = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1");
    assert_string_equal(fk_game_result(FK_GAME_CHECKMATE, &pos), "1-0");
    assert_string_equal(fk_game_result(FK_GAME_THREEFOLD, &pos), "1/2-1/2");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(repetitions_claim_then_end),
        cmocka_unit_test(en_passant_and_castling_count),
        cmocka_unit_test(fifty_is_a_claim_seventy_five_an_end),
        cmocka_unit_test(names_and_results),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
