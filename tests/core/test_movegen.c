/* Tests for src/core/movegen.c: legal moves, en passant legality, perft.
 * The suites read from FEN live in test_perft.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/perft_suites.h"
#include "core/rules.h"
#include "fenkit/core.h"
#include "fenkit/moves.h"

/* Perft records above this many nodes are left to make test-long. The
 * sanitizer (Debug) build runs far slower, so it checks fewer. */
static uint64_t suite_max_nodes(void) {
    const char *env = getenv("FENKIT_PERFT_MAX_NODES");
    if (env && *env) return strtoull(env, NULL, 10);
#ifdef NDEBUG
    return 250000;
#else
    return 10000;
#endif
}

typedef struct {
    uint64_t max_nodes;
    int checked, failed;
    uint64_t nodes;
} suite_run;

/* Counts one suite record and compares (skipped above the node limit). */
static void check_record(const char *file, const char *fen, int depth, uint64_t nodes, void *ctx) {
    suite_run *run = ctx;
    if (nodes > run->max_nodes) return;
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    if (fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT | FK_FEN_CHESS960, &pos, &problems) != FK_OK) {
        print_message("%s: cannot read %s\n", file, fen);
        run->failed++;
        return;
    }
    uint64_t got = fk_perft(&pos, depth);
    run->checked++;
    run->nodes += nodes;
    if (got != nodes) {
        print_message("%s: %s depth %d: %llu nodes, expected %llu\n", file, fen, depth,
                      (unsigned long long)got, (unsigned long long)nodes);
        run->failed++;
    }
}

/* Every record of every suite up to the node limit: the count must match. */
static void perft_suites(void **state) {
    (void)state;
    suite_run run = {suite_max_nodes(), 0, 0, 0};
    for (size_t i = 0; i < PERFT_SUITE_FILE_COUNT; i++) {
        int before = run.checked;
        int records = perft_suite_read(perft_suite_files[i], check_record, &run);
        assert_true(records > 0);
        print_message("%-26s %6d records, %6d checked\n", perft_suite_files[i], records,
                      run.checked - before);
    }
    print_message("perft suites: %d checked (%llu nodes), %d failed\n", run.checked,
                  (unsigned long long)run.nodes, run.failed);
    assert_true(run.checked > 1000);
    assert_int_equal(run.failed, 0);
}

/* A position built square by square: pieces as "Ke1", side, ep square. */
static void build(fk_position *pos, const char *const *pieces, int count, fk_color side,
                  const char *ep) {
    fk_position_clear(pos);
    for (int i = 0; i < count; i++)
        fk_position_put(pos, fk_square_parse(pieces[i] + 1), fk_piece_from_char(pieces[i][0]));
    pos->side = (uint8_t)side;
    pos->ep_square = (uint8_t)(ep ? fk_square_parse(ep) : FK_NO_SQUARE);
}

static void startpos_perft(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    const uint64_t expected[] = {1, 20, 400, 8902, 197281};
    for (int depth = 0; depth < 5; depth++) assert_int_equal(fk_perft(&pos, depth), expected[depth]);
    fk_movelist list;
    assert_int_equal(fk_moves_generate(&pos, &list), 20);
    assert_int_equal(list.count, 20);
}

static void ep_pinned_along_rank_is_not_capturable(void **state) {
    (void)state;
    /* 8/8/8/KPp4r/8/8/8/7k w - c6: bxc6 would leave the king to the rook. */
    const char *pieces[] = {"Ka5", "Pb5", "pc5", "rh5", "kh1"};
    fk_position pos;
    build(&pos, pieces, 5, FK_WHITE, "c6");
    assert_false(fk_position_ep_capturable(&pos));
    fk_movelist list;
    fk_moves_generate(&pos, &list);
    for (int i = 0; i < list.count; i++) assert_false(list.moves[i].flags & FK_MOVE_EN_PASSANT);
    /* Without the rook the same capture is legal. */
    fk_position_remove(&pos, fk_square_parse("h5"));
    assert_true(fk_position_ep_capturable(&pos));
}

static void ep_diagonal_pin_and_check(void **state) {
    (void)state;
    /* The captured pawn on d5 shields h1 from the bishop on a8: taking it
     * opens the diagonal, so the capture is illegal. */
    const char *shield[] = {"Kh1", "Pe5", "pd5", "ba8", "kh8"};
    fk_position pos;
    build(&pos, shield, 5, FK_WHITE, "d6");
    assert_false(fk_position_ep_capturable(&pos));
    const char *pinned2[] = {"Kg3", "Pe5", "pd5", "bb8", "kh8"};
    build(&pos, pinned2, 5, FK_WHITE, "d6");
    /* b8-c7-d6-e5-f4-g3: the pawn on e5 shields the king; capturing to d6
     * stays on the diagonal, so it is still legal. */
    assert_true(fk_position_ep_capturable(&pos));
    const char *pinned3[] = {"Kg7", "Pe5", "pd5", "bc3", "kh1"};
    /* c3-d4-e5-f6-g7: leaving e5 opens the diagonal: illegal. */
    build(&pos, pinned3, 5, FK_WHITE, "d6");
    assert_false(fk_position_ep_capturable(&pos));
    /* The pawn that just moved gives check: taking it en passant evades. */
    const char *check[] = {"Ke4", "Pe5", "pd5", "kh8"};
    build(&pos, check, 4, FK_WHITE, "d6");
    assert_true(fk_position_in_check(&pos, FK_WHITE));
    assert_true(fk_position_ep_capturable(&pos));
    /* A knight gives check too: en passant does not help. */
    const char *knight[] = {"Ke4", "Pe5", "pd5", "nf6", "kh8"};
    build(&pos, knight, 5, FK_WHITE, "d6");
    assert_false(fk_position_ep_capturable(&pos));
}

static void make_move_updates_state(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_move e4 = {FK_SQUARE(4, 1), FK_SQUARE(4, 3), 0, FK_MOVE_DOUBLE_PUSH};
    fk_move_make(&pos, e4);
    assert_int_equal(pos.side, FK_BLACK);
    assert_int_equal(pos.ep_square, FK_SQUARE(4, 2));
    assert_int_equal(pos.halfmove, 0);
    assert_int_equal(pos.fullmove, 1);
    fk_move nf6 = {FK_SQUARE(6, 7), FK_SQUARE(5, 5), 0, 0};
    fk_move_make(&pos, nf6);
    assert_int_equal(pos.ep_square, FK_NO_SQUARE);
    assert_int_equal(pos.halfmove, 1);
    assert_int_equal(pos.fullmove, 2);
}

static void castling_moves_rook_and_drops_rights(void **state) {
    (void)state;
    const char *pieces[] = {"Ke1", "Rh1", "Ra1", "ke8", "ra8", "rh8"};
    fk_position pos;
    build(&pos, pieces, 6, FK_WHITE, NULL);
    pos.castling = FK_BIT(0) | FK_BIT(7) | FK_BIT(56) | FK_BIT(63);
    fk_movelist list;
    fk_moves_generate(&pos, &list);
    int castles = 0;
    for (int i = 0; i < list.count; i++) castles += !!(list.moves[i].flags & FK_MOVE_CASTLE);
    assert_int_equal(castles, 2);
    fk_move oo = {FK_SQUARE(4, 0), FK_SQUARE(7, 0), 0, FK_MOVE_CASTLE};
    fk_move_make(&pos, oo);
    assert_int_equal(fk_position_at(&pos, FK_SQUARE(6, 0)), FK_WK);
    assert_int_equal(fk_position_at(&pos, FK_SQUARE(5, 0)), FK_WR);
    assert_true(pos.castling == (FK_BIT(56) | FK_BIT(63)));
    /* Black's rook on h8 is taken later: that right goes too. */
    pos.side = FK_WHITE;
    fk_position_remove(&pos, FK_SQUARE(5, 0));
    fk_position_put(&pos, FK_SQUARE(7, 0), FK_WR);
    fk_move rxh8 = {FK_SQUARE(7, 0), FK_SQUARE(7, 7), 0, FK_MOVE_CAPTURE};
    fk_move_make(&pos, rxh8);
    assert_true(pos.castling == FK_BIT(56));
}

/* core_moves_castling gives exactly the castling moves of the full list. */
static void assert_castling_agrees(const fk_position *pos, const char *what) {
    fk_movelist list;
    fk_moves_generate(pos, &list);
    fk_move castles[2];
    int count = core_moves_castling(pos, castles), want = 0;
    for (int i = 0; i < list.count; i++) {
        fk_move m = list.moves[i];
        if (!(m.flags & FK_MOVE_CASTLE)) continue;
        int found = 0;
        for (int k = 0; k < count; k++) found |= castles[k].from == m.from && castles[k].to == m.to;
        if (!found) fail_msg("%s: castling %d-%d missing", what, m.from, m.to);
        want++;
    }
    if (count != want) fail_msg("%s: %d castling moves, the list has %d", what, count, want);
}

static void castling_moves_alone(void **state) {
    (void)state;
    static const char *const fens[] = {
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",      /* both sides */
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1",    /* blocked */
        "r3k2r/8/8/8/8/5r2/8/R3K2R w KQkq - 0 1",    /* f1 attacked */
        "r3k2r/8/8/8/8/1r6/8/R3K2R w KQkq - 0 1",    /* b1 attacked: O-O-O allowed */
        "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1",    /* in check */
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",        /* one right each */
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",  /* Chess960 */
        "8/8/8/8/8/8/8/R3K2R w - - 0 1",             /* no rights */
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        fk_position pos;
        fk_problems problems;
        fk_problems_clear(&problems);
        assert_int_equal(fk_fen_parse(fens[i], strlen(fens[i]), FK_FEN_CHESS960, &pos, &problems),
                         FK_OK);
        assert_castling_agrees(&pos, fens[i]);
    }
    fk_position pos;
    fk_position_startpos(&pos);
    fk_move none[2];
    assert_int_equal(core_moves_castling(&pos, none), 0);
}

static void crowded_board_fits_the_list(void **state) {
    (void)state;
    /* kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w: 270 legal moves. */
    fk_position pos;
    fk_position_clear(&pos);
    const char *rows[8] = {"KQQQQQQQ", "Q......Q", "Q......Q", "Q......Q",
                           "Q......Q", "Q......Q", "BR.....Q", "kBQQQQQQ"};
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++)
            if (rows[r][f] != '.') fk_position_put(&pos, FK_SQUARE(f, r), fk_piece_from_char(rows[r][f]));
    fk_movelist list;
    assert_int_equal(fk_moves_generate(&pos, &list), 270);
    assert_int_equal(fk_perft(&pos, 2), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(startpos_perft),
        cmocka_unit_test(ep_pinned_along_rank_is_not_capturable),
        cmocka_unit_test(ep_diagonal_pin_and_check),
        cmocka_unit_test(make_move_updates_state),
        cmocka_unit_test(castling_moves_rook_and_drops_rights),
        cmocka_unit_test(castling_moves_alone),
        cmocka_unit_test(crowded_board_fits_the_list),
        cmocka_unit_test(perft_suites),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
