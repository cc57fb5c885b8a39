/* Tests for src/core/zobrist.c: the Polyglot keys of the positions that the
 * Polyglot book format publishes, from their FEN and from the moves that
 * reach them; and the move stack (fk_move_push, fk_move_pop). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/rules_test_util.h"

/* The published vectors: the moves from the start, the FEN they reach and
 * its key. They cover en passant that counts (a pawn beside the pushed
 * one) and that does not, and castling rights lost by a king move and by a
 * captured rook. */
static const struct {
    const char *moves;
    const char *fen;
    uint64_t key;
} vectors[] = {
    {"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9cULL},
    {"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196ULL},
    {"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
     0x0756b94461c50fb0ULL},
    {"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
     0x662fafb965db29d4ULL},
    {"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
     0x22a48b5a8e47ff78ULL},
    {"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
     0x652a607ca3f242c1ULL},
    {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
     0x00fdd303c946bdd9ULL},
    {"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
     0x3c8123ea7b067637ULL},
    {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
     "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560ULL},
};

static void published_keys_from_fen(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        fk_position pos = from_fen(vectors[i].fen);
        if (fk_position_hash(&pos) != vectors[i].key)
            print_message("%s: %016llx\n", vectors[i].fen,
                          (unsigned long long)fk_position_hash(&pos));
        assert_true(fk_position_hash(&pos) == vectors[i].key);
    }
}

/* Played from the start, the en passant square is kept after every double
 * push; the key must still leave it out where no pawn can take. */
static void published_keys_from_moves(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        fk_position pos;
        fk_position_startpos(&pos);
        const char *p = vectors[i].moves;
        while (*p) {
            char uci[6] = {0};
            size_t n = strcspn(p, " ");
            memcpy(uci, p, n < 5 ? n : 5);
            fk_move_make(&pos, uci_move(&pos, uci));
            p += n + (p[n] == ' ');
        }
        assert_true(fk_position_hash(&pos) == vectors[i].key);
    }
}

/* A Chess960 right is short or long by the side of the king its rook is on. */
static void chess960_rights_by_side(void **state) {
    (void)state;
    fk_position shredder = from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    fk_position standard = from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w - - 0 1");
    fk_position short_only = from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w G - 0 1");
    assert_true(fk_position_hash(&shredder) != fk_position_hash(&standard));
    /* the key of white's short right alone is Polyglot's number 768 */
    assert_true((fk_position_hash(&short_only) ^ fk_position_hash(&standard)) ==
                0x31D71DCE64B2C310ULL);
}

/* Pushing moves and popping them all gives back every position exactly,
 * castling, en passant and promotion included. */
static void push_and_pop_restore(void **state) {
    (void)state;
    fk_position pos = from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    const fk_position start = pos;
    const char *line[] = {"e5d6", "e8g8", "b7b8q", "f8b8", "e1g1"};
    fk_undo stack[5];
    fk_position seen[5];
    for (int i = 0; i < 5; i++) {
        seen[i] = pos;
        fk_move_push(&pos, uci_move(&pos, line[i]), &stack[i]);
    }
    for (int i = 4; i >= 0; i--) {
        fk_move back = fk_move_pop(&pos, &stack[i]);
        assert_true(fk_position_equal(&pos, &seen[i]));
        assert_int_equal(back.from, uci_move(&pos, line[i]).from);
        assert_int_equal(back.to, uci_move(&pos, line[i]).to);
    }
    assert_true(fk_position_equal(&pos, &start));
    assert_true(fk_position_hash(&pos) == fk_position_hash(&start));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(published_keys_from_fen),
        cmocka_unit_test(published_keys_from_moves),
        cmocka_unit_test(chess960_rights_by_side),
        cmocka_unit_test(push_and_pop_restore),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
