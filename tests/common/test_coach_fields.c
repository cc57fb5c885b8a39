/* Tests for src/common/coach_fields.c: what the coach's reading says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "fenkit/core.h"
#include "common/coach.h"

/* Explains fen into out (cap bytes); fails the test if fen does not read. */
static size_t explain(const char *fen, char *out, size_t cap) {
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    assert_int_equal(fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT, &pos, &problems), FK_OK);
    return coach_fields(&pos, out, cap);
}

static void says(const char *text, const char *words) {
    if (!strstr(text, words)) print_message("looking for \"%s\" in:\n%s", words, text);
    assert_non_null(strstr(text, words));
}

static void start_position(void **state) {
    (void)state;
    char text[2048];
    explain("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", text, sizeof text);
    says(text, "Side to move: White");
    says(text, "White may still castle on both sides (with the rooks on a1 and h1)");
    says(text, "Black may still castle on both sides");
    says(text, "En passant: none");
    says(text, "Halfmove clock: 0.");
    says(text, "It is White's move 1; 0 half-moves played");
    says(text, "White has the king, a queen, 2 rooks, 2 bishops, 2 knights and 8 pawns (39 points)");
    says(text, "Material is level.");
    says(text, "White is not in check");
}

static void castling_and_clock(void **state) {
    (void)state;
    char text[2048];
    explain("r3k2r/8/8/8/8/8/8/4K2R b Kq - 26 40", text, sizeof text);
    says(text, "Side to move: Black");
    says(text, "White may still castle on the king side only (with the rook on h1)");
    says(text, "Black may still castle on the queen side only (with the rook on a8)");
    says(text, "37 more moves without a capture or pawn move and either player may claim a draw");
    says(text, "It is Black's move 40; 79 half-moves played");
    says(text, "Black is ahead by 5 points");
    explain("4k3/8/8/8/8/8/8/4K3 w - - 0 1", text, sizeof text);
    says(text, "neither side may castle");
    says(text, "White has the king (0 points); Black has the king (0 points)");
}

static void en_passant_takers(void **state) {
    (void)state;
    char text[2048];
    explain("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", text, sizeof text);
    says(text, "En passant: f6. Black's last move was the pawn f7-f5");
    says(text, "the white pawn on e5 may take it now");
    explain("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", text, sizeof text);
    says(text, "White's last move was the pawn e2-e4");
    says(text, "no black pawn stands beside it");
    explain("4k3/8/8/8/8/8/8/4K3 b - d3 0 1", text, sizeof text);
    says(text, "En passant: d3, but no white pawn stands on d4");
    explain("4k3/8/8/8/8/8/8/4K3 w - d3 0 1", text, sizeof text);
    says(text, "not on the rank a black pawn skips");
    explain("4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1", text, sizeof text);
    says(text, "the black pawns on c4 and e4 may take it");
}

static void check_and_fifty_moves(void **state) {
    (void)state;
    char text[2048];
    explain("4k3/8/8/8/8/8/4Q3/4K3 b - - 120 80", text, sizeof text);
    says(text, "Status: Black is in check and must answer it.");
    says(text, "either player may claim a draw now");
    explain("4k3/4Q3/4K3/8/8/8/8/8 b - - 0 80", text, sizeof text);
    says(text, "Status: checkmate: Black is mated and White wins.");
    explain("7k/5Q2/6K1/8/8/8/8/8 b - - 0 80", text, sizeof text);
    says(text, "Status: stalemate");
    explain("4k3/8/8/8/8/8/8/R3K3 w - - 160 200", text, sizeof text);
    says(text, "the game is drawn (seventy-five-move rule)");
    explain("4k3/8/8/8/8/8/8/R3K3 w - - 99 200", text, sizeof text);
    says(text, "1 more move without a capture");
}

static void truncates_like_snprintf(void **state) {
    (void)state;
    char full[2048], small[16];
    const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    size_t need = explain(fen, full, sizeof full);
    assert_int_equal(need, strlen(full));
    assert_int_equal(explain(fen, small, sizeof small), need);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_memory_equal(small, full, sizeof small - 1);
    assert_int_equal(explain(fen, NULL, 0), need);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_position),
        cmocka_unit_test(castling_and_clock),
        cmocka_unit_test(en_passant_takers),
        cmocka_unit_test(check_and_fifty_moves),
        cmocka_unit_test(truncates_like_snprintf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
