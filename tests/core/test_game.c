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

/* Reads the space-separated UCI moves played from fen into moves (room
 * for 256); returns their count, with *start and *at the positions before
 * and after them. */
static int read_game(const char *fen, const char *uci, fk_position *start, fk_move *moves,
                     fk_position *at) {
    *start = *at = from_fen(fen);
    int n = 0;
    char word[8];
    for (const char *p = uci; *p;) {
        size_t len = strcspn(p, " ");
        assert_true(len > 0 && len < sizeof word && n < 256);
        memcpy(word, p, len);
        word[len] = '\0';
        moves[n] = uci_move(at, word);
        fk_move_make(at, moves[n++]);
        p += len + (p[len] == ' ');
    }
    return n;
}

/* Judges the space-separated UCI moves played from fen. */
static fk_game_state judge(const char *fen, const char *uci) {
    fk_position start, at;
    fk_move moves[256];
    int n = read_game(fen, uci, &start, moves, &at);
    fk_game_state state;
    fk_game_judge(&start, moves, n, &state);
    assert_true(fk_position_equal(&state.pos, &at));
    return state;
}

/* Judges a draw claimed after the moves from fen, with the move `with`
 * (UCI) or, when it is NULL, on the position reached; returns the status
 * and fills *claim. */
static fk_status claim(const char *fen, const char *uci, const char *with, fk_game_claim *out) {
    fk_position start, at;
    fk_move moves[256];
    int n = read_game(fen, uci, &start, moves, &at);
    fk_move move;
    if (with) move = uci_move(&at, with);
    return fk_game_judge_claim(&start, moves, n, with ? &move : NULL, out);
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

static void claim_with_the_repeating_move(void **state) {
    (void)state;
    fk_game_claim c;
    /* after seven plies Black's Ng8 brings the start position back a third
     * time: a claim written with it is correct before it is played */
    const char *seven = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
    assert_int_equal(claim(START, seven, "f6g8", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_THREEFOLD);
    assert_int_equal(c.after.repetition, 3);
    fk_game_state third = judge(START, "g1f3 g8f6 f3g1 f6g8" SHUFFLE);
    assert_true(fk_position_equal(&c.after.pos, &third.pos));
    assert_int_equal(c.after.end, FK_GAME_ON);
    /* another knight move, a pawn move: the claim is wrong, the move stands */
    assert_int_equal(claim(START, seven, "f6h5", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_ON);
    assert_int_equal(c.after.repetition, 1);
    assert_int_equal(claim(START, seven, "e7e5", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_ON);
    /* the position reached (second time) allows no claim without a move */
    assert_int_equal(claim(START, seven, NULL, &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_ON);
    assert_int_equal(c.after.repetition, 2);
    /* one ply earlier White's Ng1 makes a position only the second time */
    assert_int_equal(claim(START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6", "f3g1", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_ON);
    assert_int_equal(c.after.repetition, 2);
    /* once it has occurred a third time the claim needs no move */
    assert_int_equal(claim(START, "g1f3 g8f6 f3g1 f6g8" SHUFFLE, NULL, &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_THREEFOLD);
    assert_int_equal(c.after.repetition, 3);
}

/* 99 plies from a position with a capture and pawn moves on offer for
 * both sides throughout, with neither played and no position repeated. */
#define QUIET_FEN "r3k3/8/8/3p4/4P3/8/8/4K2R w - - 0 1"
#define QUIET                                                                                      \
    "e1d1 e8d7 d1c1 d7c6 c1b1 c6b5 b1c1 b5a4 c1b1 a4a3 b1a1 a3a4 a1a2 a4a5 a2a1 a5a6 a1b1 a6a5 "   \
    "b1c1 a5b4 c1b1 b4b3 b1c1 b3a2 c1d1 a2a1 d1c1 a8a2 c1d1 a1b1 d1e1 b1a1 e1f1 a1b1 f1g1 b1a1 "   \
    "h1h2 a1b1 g1f1 b1a1 f1e1 a1b1 e1d1 b1a1 d1c1 a2b2 c1d1 a1b1 d1e1 b1a1 e1f1 a1b1 f1g1 b1a1 "   \
    "g1h1 a1b1 h2c2 b1a1 h1g1 a1b1 g1f1 b1a1 f1e1 a1b1 e1d1 b1a1 d1c1 a1a2 c1d1 a2b1 d1e1 b1a1 "   \
    "e1d1 a1a2 d1c1 a2a1 c1d2 a1b1 d2e2 b1a1 e2f1 a1b1 f1g1 b1a1 g1h1 a1b1 h1g2 b1a1 g2f2 a1b1 "   \
    "f2e3 b1a1 e3e2 a1b1 e2d2 b1a1 d2c3 a1b1 c3d3"

static void claim_with_the_hundredth_quiet_ply(void **state) {
    (void)state;
    fk_game_claim c;
    fk_game_state g = judge(QUIET_FEN, QUIET);
    assert_int_equal(g.pos.halfmove, 99);
    assert_int_equal(g.repetition, 1);
    assert_int_equal(g.claim, FK_GAME_ON);
    assert_int_equal(claim(QUIET_FEN, QUIET, NULL, &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_ON);
    /* Black's king move completes fifty moves each */
    assert_int_equal(claim(QUIET_FEN, QUIET, "b1a1", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_FIFTY);
    assert_int_equal(c.after.pos.halfmove, 100);
    assert_int_equal(c.after.repetition, 1);
    assert_int_equal(c.after.claim, FK_GAME_FIFTY);
    /* a pawn move or a capture starts the count again */
    assert_int_equal(claim(QUIET_FEN, QUIET, "d5d4", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_ON);
    assert_int_equal(c.after.pos.halfmove, 0);
    assert_int_equal(claim(QUIET_FEN, QUIET, "d5e4", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_ON);
    assert_int_equal(claim(QUIET_FEN, QUIET, "b2c2", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_ON);
    /* the same from the FEN's own counter */
    assert_int_equal(claim("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "", "a1a2", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_FIFTY);
    assert_int_equal(claim("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", "", "a1a2", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_ON);
}

static void claim_refused_or_beside_the_end(void **state) {
    (void)state;
    fk_game_claim c;
    fk_position start, at;
    fk_move moves[256];
    /* a move that cannot be played there: no claim is judged */
    int n = read_game(QUIET_FEN, QUIET, &start, moves, &at);
    fk_move into_check = {.from = fk_square_parse("b1"), .to = fk_square_parse("c1")};
    assert_int_equal(fk_game_judge_claim(&start, moves, n, &into_check, &c), FK_ERR_INVALID);
    assert_int_equal(c.holds, FK_GAME_ON);
    assert_int_equal(c.after.end, FK_GAME_ON);
    assert_true(fk_position_equal(&c.after.pos, &at));
    /* the move's flags are the core's business: from and to suffice */
    fk_move bare = {.from = fk_square_parse("b1"), .to = fk_square_parse("a1")};
    assert_int_equal(fk_game_judge_claim(&start, moves, n, &bare, &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_FIFTY);
    /* a game the fifth repetition ended takes no claim */
    const char *five = "g1f3 g8f6 f3g1 f6g8" SHUFFLE SHUFFLE SHUFFLE;
    assert_int_equal(claim(START, five, NULL, &c), FK_ERR_INVALID);
    assert_int_equal(c.after.end, FK_GAME_FIVEFOLD);
    /* a claim with the move that would repeat a fifth time is still correct */
    assert_int_equal(
        claim(START, "g1f3 g8f6 f3g1 f6g8" SHUFFLE SHUFFLE " g1f3 g8f6 f3g1", "f6g8", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_THREEFOLD);
    assert_int_equal(c.after.end, FK_GAME_FIVEFOLD);
    /* a correct claim draws before the move is made, even a mating one */
    assert_int_equal(claim("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "", "a1a8", &c), FK_OK);
    assert_int_equal(c.holds, FK_GAME_FIFTY);
    assert_int_equal(c.after.end, FK_GAME_CHECKMATE);
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
        cmocka_unit_test(claim_with_the_repeating_move),
        cmocka_unit_test(claim_with_the_hundredth_quiet_ply),
        cmocka_unit_test(claim_refused_or_beside_the_end),
        cmocka_unit_test(names_and_results),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
