/* Tests for src/core/check.c: every problem code with a case that has it and
 * one that does not, the shared edge cases, chess.js's validation table, and
 * real positions from master games. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "fenkit/core.h"

#define SQ(name) fk_square_parse(name)
#define B(name) FK_BIT(SQ(name))
#define RANK_MASK(n) ((fk_bitboard)0xFF << (8 * ((n) - 1)))

/* Reads fen (tolerantly: some cases are partial FENs) and checks it. */
static fk_status check_fen(const char *fen, fk_position *pos, fk_problems *out) {
    fk_problems_clear(out);
    return fk_fen_validate(fen, strlen(fen), FK_FEN_TOLERANT, pos, out);
}

static const fk_problem *find(const fk_problems *list, fk_problem_code code) {
    for (int i = 0; i < list->count; i++)
        if (list->items[i].code == code) return &list->items[i];
    return NULL;
}

static void print_problems(const char *fen, const fk_problems *list) {
    printf("# %s\n", fen);
    for (int i = 0; i < list->count; i++)
        printf("#   %s %s: %s\n", fk_severity_name(list->items[i].severity),
               fk_problem_code_name(list->items[i].code), list->items[i].message);
}

/* Asserts that fen has a problem `code` of `severity` on exactly `squares`
 * whose message holds `words` (and has a fix). Returns the problem. */
static const fk_problem *expect(const char *fen, fk_problem_code code, fk_severity severity,
                                fk_bitboard squares, const char *words) {
    static fk_problems list;
    fk_position pos;
    check_fen(fen, &pos, &list);
    const fk_problem *p = find(&list, code);
    if (!p) print_problems(fen, &list);
    assert_non_null(p);
    assert_int_equal(p->severity, severity);
    if (p->squares != squares) print_problems(fen, &list);
    assert_true(p->squares == squares);
    if (!strstr(p->message, words)) printf("# message: %s\n", p->message);
    assert_non_null(strstr(p->message, words));
    assert_true(p->fix[0] != '\0');
    return p;
}

/* Reads fen, then hands the position to `change` before checking it with
 * fk_position_check: for positions a FEN reader would not produce. */
static const fk_problem *expect_changed(const char *fen, void (*change)(fk_position *),
                                        fk_problem_code code, fk_bitboard squares,
                                        const char *words) {
    static fk_problems list;
    fk_position pos;
    assert_int_equal(check_fen(fen, &pos, &list), FK_OK);
    change(&pos);
    fk_problems_clear(&list);
    assert_int_equal(fk_position_check(&pos, &list), FK_ERR_INVALID);
    const fk_problem *p = find(&list, code);
    if (!p || p->squares != squares || !strstr(p->message, words)) print_problems(fen, &list);
    assert_non_null(p);
    assert_int_equal(p->severity, FK_SEV_ERROR);
    assert_true(p->squares == squares);
    assert_non_null(strstr(p->message, words));
    return p;
}

/* Asserts that fen has no problem `code`. */
static void expect_none(const char *fen, fk_problem_code code) {
    fk_problems list;
    fk_position pos;
    check_fen(fen, &pos, &list);
    if (find(&list, code)) print_problems(fen, &list);
    assert_null(find(&list, code));
}

static void kings(void **state) {
    (void)state;
    expect("k7/8/8/8/8/8/8/8 w - - 0 1", FK_PROB_NO_KING, FK_SEV_ERROR, 0, "White has no king");
    expect("8/8/8/8/8/8/8/7K w - - 0 1", FK_PROB_NO_KING, FK_SEV_ERROR, 0, "Black has no king");
    expect("k7/8/8/8/8/8/8/6KK w - - 0 1", FK_PROB_TOO_MANY_KINGS, FK_SEV_ERROR, B("g1") | B("h1"),
           "White has 2 kings (g1, h1)");
    expect_none("k7/8/8/8/8/8/8/6K1 w - - 0 1", FK_PROB_NO_KING);
    expect_none("k7/8/8/8/8/8/8/6K1 w - - 0 1", FK_PROB_TOO_MANY_KINGS);
}

static void opponent_in_check(void **state) {
    (void)state;
    expect("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", FK_PROB_OPPONENT_IN_CHECK, FK_SEV_ERROR,
           B("e8") | B("e2"), "Black's king on e8 is in check from the queen on e2");
    /* Adjacent kings attack each other. */
    expect("8/8/8/8/8/1p6/8/6kK w - - 0 1", FK_PROB_OPPONENT_IN_CHECK, FK_SEV_ERROR,
           B("g1") | B("h1"), "king on h1");
    expect_none("4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1", FK_PROB_OPPONENT_IN_CHECK);
}

static void too_many_checkers(void **state) {
    (void)state;
    expect("4k3/5P2/3N4/8/8/8/4R3/4K3 b - - 0 1", FK_PROB_TOO_MANY_CHECKERS, FK_SEV_ERROR,
           B("e8") | B("f7") | B("d6") | B("e2"), "in check from 3 pieces");
    expect_none("4k3/8/3N4/8/8/8/4R3/4K3 b - - 0 1", FK_PROB_TOO_MANY_CHECKERS);
}

static void impossible_checks(void **state) {
    (void)state;
    /* Two checkers on one line through the king (python-chess cases). */
    expect("3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1", FK_PROB_IMPOSSIBLE_CHECK, FK_SEV_ERROR,
           B("c4") | B("a6") | B("d3"), "one line through the king");
    expect("2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - - 0 1", FK_PROB_IMPOSSIBLE_CHECK, FK_SEV_ERROR,
           B("c7") | B("d8") | B("b6"), "double check");
    expect("5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1", FK_PROB_IMPOSSIBLE_CHECK, FK_SEV_ERROR,
           B("e3") | B("d3") | B("h3"), "rook on d3 and the rook on h3");
    /* Two knights, and a pawn with a bishop it could not have uncovered. */
    expect("8/8/N7/2k5/N7/8/8/3K4 b - - 0 1", FK_PROB_IMPOSSIBLE_CHECK, FK_SEV_ERROR,
           B("c5") | B("a6") | B("a4"), "neither could have moved away");
    expect("1b1B4/1P6/2B5/3r2kN/2r4P/8/5K2/3B4 b - - 0 1", FK_PROB_IMPOSSIBLE_CHECK,
           FK_SEV_ERROR, B("g5") | B("h4") | B("d8"), "pawn on h4");
    /* A pawn on its starting rank has never moved, so its check is old. */
    expect("8/3p4/4K3/8/8/8/8/k7 w - - 0 1", FK_PROB_IMPOSSIBLE_CHECK, FK_SEV_ERROR,
           B("e6") | B("d7"), "never moved");

    /* Possible double checks: knight moved off the rook's file; knight
     * promotion uncovering a rook (e2xf1=N); pawn capture off the file;
     * rook moved off the bishop's diagonal; en passant emptying two lines. */
    expect_none("4k3/8/3N4/8/8/8/4R3/4K3 b - - 0 1", FK_PROB_IMPOSSIBLE_CHECK);
    expect_none("8/8/5k2/p1q5/PP1rp1P1/3P1N2/2RK1r2/5nN1 w - - 0 3", FK_PROB_IMPOSSIBLE_CHECK);
    expect_none("8/8/4k3/3P4/8/8/8/4R1K1 b - - 0 1", FK_PROB_IMPOSSIBLE_CHECK);
    expect_none("4k3/8/4R3/8/B7/8/8/4K3 b - - 0 1", FK_PROB_IMPOSSIBLE_CHECK);
    expect_none("8/8/4Pk2/8/8/2B5/8/5RK1 b - - 0 1", FK_PROB_IMPOSSIBLE_CHECK);
    /* The same two sliders without the pawn that could have taken en passant. */
    expect("8/8/5k2/8/8/2B5/8/5RK1 b - - 0 1", FK_PROB_IMPOSSIBLE_CHECK, FK_SEV_ERROR,
           B("f6") | B("c3") | B("f1"), "double check");
    /* Promotion with a push: e7-e8=N uncovers the rook on a7. */
    expect_none("4N3/R5k1/8/8/8/8/8/4K3 b - - 0 1", FK_PROB_IMPOSSIBLE_CHECK);
}

static void pawns_on_back_ranks(void **state) {
    (void)state;
    expect("3P4/1k2K3/8/8/8/8/8/8 w - - 0 1", FK_PROB_PAWN_BACK_RANK, FK_SEV_ERROR, B("d8"),
           "Pawn on d8");
    expect("8/8/8/8/8/8/1k3K2/p2p4 w - - 0 1", FK_PROB_PAWN_BACK_RANK, FK_SEV_ERROR,
           B("a1") | B("d1"), "Pawns on a1, d1");
    expect_none("8/3P4/1k2K3/8/8/8/8/8 w - - 0 1", FK_PROB_PAWN_BACK_RANK);
}

static void material(void **state) {
    (void)state;
    expect("4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1", FK_PROB_TOO_MANY_PAWNS, FK_SEV_ERROR,
           RANK_MASK(3) | B("a4"), "White has 9 pawns");
    expect_none("4k3/8/8/8/8/PPPPPPPP/8/4K3 w - - 0 1", FK_PROB_TOO_MANY_PAWNS);
    expect("k7/8/8/8/8/R7/RRRRRRRR/RRRRRRRK w - - 0 1", FK_PROB_TOO_MANY_PIECES, FK_SEV_ERROR,
           RANK_MASK(1) | RANK_MASK(2) | B("a3"), "White has 17 men");
    expect_none("k7/8/8/8/8/8/RRRRRRRR/RRRRRRRK w - - 0 1", FK_PROB_TOO_MANY_PIECES);
    /* The starting set with two more kings: nothing else is unusual. */
    expect("4k3/8/8/8/K6K/8/PPPPPPPP/RNBQKBNR w - - 0 1", FK_PROB_TOO_MANY_PIECES, FK_SEV_ERROR,
           RANK_MASK(1) | RANK_MASK(2) | B("a4") | B("h4"), "White has 18 men");
    expect("QQQQ4/8/8/8/8/8/PPPPPPPP/k3K3 w - - 0 1", FK_PROB_TOO_MANY_PROMOTED, FK_SEV_ERROR,
           B("a8") | B("b8") | B("c8") | B("d8"), "3 pieces beyond the starting set");
    expect_none("QQQQ4/8/8/8/8/8/PPPPP3/k3K3 w - - 0 1", FK_PROB_TOO_MANY_PROMOTED);
    /* Two light-squared bishops with all eight pawns. */
    expect("4k3/8/8/8/8/8/PPPPPPPP/3BKB2 w - - 0 1", FK_PROB_BISHOP_COLORS, FK_SEV_ERROR,
           B("d1") | B("f1"), "2 bishops on light squares");
    expect_none("4k3/8/8/8/8/8/PPPPPPP1/3BKB2 w - - 0 1", FK_PROB_BISHOP_COLORS);
    expect_none("4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1", FK_PROB_BISHOP_COLORS);
    /* Three pawns on the a-file need three captures (a->b, a->c, plus one
     * more to keep them apart in file order); Black has lost nothing. */
    expect("rnbqkbnr/pppppppp/8/8/P7/P7/P7/4K3 w - - 0 1", FK_PROB_PAWN_STRUCTURE, FK_SEV_ERROR,
           B("a2") | B("a3") | B("a4"), "need at least 3 captures");
}

static void pawn_structure_boundaries(void **state) {
    (void)state;
    /* One doubled pawn costs the distance to the nearest free file (the
     * checker's shortcut for it): a-file to h-file is 7, d-file to g-file
     * 3; exactly that many lost men is enough, one fewer is not. */
    expect_none("4k3/pppppppp/8/8/8/P7/PPPPPPP1/4K3 w - - 0 1", FK_PROB_PAWN_STRUCTURE);
    expect("1n2k3/pppppppp/8/8/8/P7/PPPPPPP1/4K3 w - - 0 1", FK_PROB_PAWN_STRUCTURE,
           FK_SEV_ERROR, B("a2") | B("a3"), "need at least 7 captures");
    expect_none("rnb1k1n1/pppppppp/8/8/8/3P4/PPPPPP2/4K3 w - - 0 1", FK_PROB_PAWN_STRUCTURE);
    expect("rnb1kbn1/pppppppp/8/8/8/3P4/PPPPPP2/4K3 w - - 0 1", FK_PROB_PAWN_STRUCTURE,
           FK_SEV_ERROR, B("d2") | B("d3"), "need at least 3 captures");
    /* Doubled a-pawns need one capture: fine when Black has lost one man. */
    expect_none("rnbqkbnr/ppppppp1/8/8/8/P7/P7/4K3 w - - 0 1", FK_PROB_PAWN_STRUCTURE);
    expect("rnbqkbnr/pppppppp/8/8/8/P7/P7/4K3 w - - 0 1", FK_PROB_PAWN_STRUCTURE, FK_SEV_ERROR,
           B("a2") | B("a3"), "Black has lost only 0 men");
    /* A second light-squared bishop is a promoted pawn; with only the b-file
     * free, that pawn promoted on a dark square unless it captured. */
    expect("rnbqkbnr/pppppppp/8/8/8/8/P1PPPPPP/3BKB2 w - - 0 1", FK_PROB_PAWN_STRUCTURE,
           FK_SEV_ERROR, (RANK_MASK(2) & ~B("b2")) | B("d1") | B("f1"),
           "to have promoted into the extra bishops");
    expect_none("rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/3BKB2 w - - 0 1", FK_PROB_PAWN_STRUCTURE);
    expect_none("rnbqkbnr/ppppppp1/8/8/8/8/P1PPPPPP/3BKB2 w - - 0 1", FK_PROB_PAWN_STRUCTURE);
    /* The same for Black's dark-squared bishops: b1 is light, a1 dark. */
    expect("3bkb2/p1pppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1", FK_PROB_PAWN_STRUCTURE,
           FK_SEV_ERROR, (RANK_MASK(7) & ~B("b7")) | B("d8") | B("f8"), "White has lost only 0");
    expect_none("3bkb2/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1", FK_PROB_PAWN_STRUCTURE);
    /* Eight pawns on eight files need nothing. */
    expect_none("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", FK_PROB_PAWN_STRUCTURE);
}

static void two_rights_one_side(fk_position *pos) {
    pos->chess960 = 1;
    pos->castling_style = FK_CASTLING_SHREDDER;
    pos->castling = B("c8") | B("d8");
}

static void right_off_corner(fk_position *pos) { pos->castling = B("g8"); }

static void castling(void **state) {
    (void)state;
    expect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", FK_PROB_CASTLING_NO_ROOK,
           FK_SEV_ERROR, B("h1"), "'K' needs a white rook on h1");
    expect("4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", FK_PROB_CASTLING_NO_KING, FK_SEV_ERROR,
           B("a1") | B("h1") | B("d1"), "king stands on d1, not on e1");
    expect("r4k1r/8/8/8/8/8/8/4K3 w kq - 0 1", FK_PROB_CASTLING_NO_KING, FK_SEV_ERROR,
           B("a8") | B("h8") | B("f8"), "Black has castling rights 'kq' but its king stands on f8");
    expect("2rrk3/8/8/8/8/8/3PPPPP/2RK4 w cd - 0 1", FK_PROB_CASTLING_SIDE, FK_SEV_ERROR,
           B("c8") | B("d8") | B("e8"), "same side of its king");
    /* Rights a FEN cannot express, built by a program. */
    expect_changed("2rrk3/8/8/8/8/8/3PPPPP/2RK4 w - - 0 1", two_rights_one_side,
                   FK_PROB_CASTLING_SIDE, B("c8") | B("d8") | B("e8"), "same side of its king");
    expect_changed("4k1r1/8/8/8/8/8/8/4K3 w - - 0 1", right_off_corner, FK_PROB_CASTLING_SIDE,
                   B("g8"), "off the corner squares");
    expect_none("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", FK_PROB_CASTLING_NO_ROOK);
    expect_none("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", FK_PROB_CASTLING_NO_KING);
    expect_none("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", FK_PROB_CASTLING_SIDE);
    /* Chess960 start (Shredder letters): king between its rooks. */
    expect_none("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", FK_PROB_CASTLING_SIDE);
    expect_none("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
                FK_PROB_CASTLING_NO_KING);
}

static void en_passant(void **state) {
    (void)state;
    const fk_problem *p =
        expect("rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR w KQkq a3 0 1", FK_PROB_EP_RANK,
               FK_SEV_ERROR, B("a3"), "with White to move it must be on rank 6");
    assert_int_equal(p->field, FK_FIELD_EP);
    assert_int_equal(p->offset, 52); /* where the field starts in the text */
    expect("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 1", FK_PROB_EP_RANK,
           FK_SEV_ERROR, B("e6"), "with Black to move it must be on rank 3");
    expect("1b1b4/8/b1P5/2kP4/8/2b4K/8/8 w - c6 0 1", FK_PROB_EP_NO_PAWN, FK_SEV_ERROR,
           B("c6") | B("c5"), "no black pawn stands on c5");
    expect("4k3/8/8/8/4Pp2/4N3/8/4K3 b - e3 0 1", FK_PROB_EP_OCCUPIED, FK_SEV_ERROR, B("e3"),
           "e3 is occupied");
    expect("8/7k/8/7p/8/8/8/K7 w - h6 0 1", FK_PROB_EP_ORIGIN_OCCUPIED, FK_SEV_ERROR, B("h7"),
           "h7 is occupied");
    expect("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3 1", FK_PROB_EP_HALFMOVE,
           FK_SEV_WARNING, B("e3"), "the clock is 3");
    const char *fine = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    for (int code = FK_PROB_EP_RANK; code <= FK_PROB_EP_NO_CAPTURE; code++)
        expect_none(fine, (fk_problem_code)code);
}

static void en_passant_and_check(void **state) {
    (void)state;
    /* The queen's check through d3/c4 stood before d2-d4 (python-chess). */
    expect("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", FK_PROB_EP_CHECK, FK_SEV_ERROR,
           B("d3") | B("b5") | B("f1"), "already have been in check from the queen on f1");
    expect("rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6", FK_PROB_EP_CHECK,
           FK_SEV_ERROR, B("c6") | B("e1") | B("f2"), "pawn on f2");
    /* No check now, but e2-e4 would have blocked one: Black stood in check
     * with White to move. */
    expect("8/7k/8/8/4P3/8/8/1B2K3 b - e3 0 1", FK_PROB_EP_CHECK, FK_SEV_ERROR,
           B("e3") | B("h7") | B("b1"), "bishop on b1");
    expect("8/8/8/8/k3P2R/8/8/4K3 b - e3 0 1", FK_PROB_EP_CHECK, FK_SEV_ERROR,
           B("e3") | B("a4") | B("h4"), "rook on h4");
    /* A double push that gives check, or uncovers one, is fine. */
    expect_none("8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1", FK_PROB_EP_CHECK);
    expect_none("8/8/8/1k6/4P3/8/8/4KB2 b - e3 0 1", FK_PROB_EP_CHECK);
    expect_none("8/8/8/1k6/4P3/8/8/4KB2 b - e3 0 1", FK_PROB_IMPOSSIBLE_CHECK);
}

static void en_passant_note(void **state) {
    (void)state;
    fk_problems list;
    fk_position pos;
    const char *fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_int_equal(check_fen(fen, &pos, &list), FK_OK);
    expect(fen, FK_PROB_EP_NO_CAPTURE, FK_SEV_NOTE, B("e3"), "no black pawn can take");
    expect_none("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2",
                FK_PROB_EP_NO_CAPTURE);
}

static void validate_drops_rules_on_unread_fields(void **state) {
    (void)state;
    fk_problems list;
    fk_position pos;
    /* The side could not be read: the en passant rank cannot be judged, but
     * the missing king still can. */
    check_fen("8/8/8/8/4P3/8/8/7K x - e3 0 1", &pos, &list);
    assert_non_null(find(&list, FK_PROB_BAD_SIDE));
    assert_null(find(&list, FK_PROB_EP_RANK));
    assert_non_null(find(&list, FK_PROB_NO_KING));
    /* The fullmove number could not be read: the clock is not judged by it. */
    check_fen("4k3/8/8/8/8/8/8/4K3 w - - 50 x", &pos, &list);
    assert_non_null(find(&list, FK_PROB_BAD_FULLMOVE));
    assert_null(find(&list, FK_PROB_HALFMOVE_RANGE));
    check_fen("4k3/8/8/8/8/8/8/4K3 w - - 50 1", &pos, &list);
    assert_non_null(find(&list, FK_PROB_HALFMOVE_RANGE));
}

static void counters(void **state) {
    (void)state;
    expect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", FK_PROB_FULLMOVE_ZERO,
           FK_SEV_ERROR, 0, "fullmove number is 0");
    expect_none("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FK_PROB_FULLMOVE_ZERO);
    expect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1", FK_PROB_HALFMOVE_RANGE,
           FK_SEV_WARNING, 0, "only 0 half-moves");
    expect("4k3/8/8/8/8/8/8/4K3 b - - 20 10", FK_PROB_HALFMOVE_RANGE, FK_SEV_WARNING, 0,
           "only 19 half-moves");
    expect_none("4k3/8/8/8/8/8/8/4K3 b - - 19 10", FK_PROB_HALFMOVE_RANGE);
    expect_none("4k3/8/8/8/8/8/8/4K3 w - - 200 300", FK_PROB_HALFMOVE_RANGE);
}

/* The fix of the problem `code` for fen, or "" when there is none. */
static const char *fix_of(const char *fen, fk_problem_code code, char out[200]) {
    fk_problems list;
    fk_position pos;
    check_fen(fen, &pos, &list);
    const fk_problem *p = find(&list, code);
    snprintf(out, 200, "%s", p ? p->fix : "");
    return out;
}

static void typing_mistakes(void **state) {
    (void)state;
    char fix[200];
    /* After 1.e4, typed with rank 1 first. */
    const char *after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_string_equal(fix_of("RNBQKBNR/PPPP1PPP/8/4P3/8/8/pppppppp/rnbqkbnr b KQkq - 0 1",
                               FK_PROB_UPSIDE_DOWN, fix),
                        after_e4);
    /* The same position with upper and lower case swapped. */
    assert_string_equal(fix_of("RNBQKBNR/PPPPPPPP/8/8/4p3/8/pppp1ppp/rnbqkbnr b KQkq - 0 1",
                               FK_PROB_COLORS_SWAPPED, fix),
                        after_e4);
    /* The starting position either way: one warning, whose fix is the start. */
    fk_problems list;
    fk_position pos;
    check_fen("RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr w KQkq - 0 1", &pos, &list);
    const fk_problem *p = find(&list, FK_PROB_UPSIDE_DOWN);
    assert_non_null(p);
    assert_int_equal(p->severity, FK_SEV_WARNING);
    assert_string_equal(p->fix, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_null(find(&list, FK_PROB_COLORS_SWAPPED));
    /* It comes first: the castling errors it causes follow. */
    assert_int_equal(list.items[0].code, FK_PROB_UPSIDE_DOWN);
    assert_non_null(find(&list, FK_PROB_CASTLING_NO_KING));
    /* An endgame typed upside down: no man on its starting square, but the
     * pawns and the black king all stand on the other side's half. */
    assert_string_equal(fix_of("8/1P6/2P1K3/3P4/8/4p1p1/5k2/8 w - - 0 40", FK_PROB_UPSIDE_DOWN,
                               fix),
                        "8/5k2/4p1p1/8/3P4/2P1K3/1P6/8 w - - 0 40");
    /* Ordinary positions, including an advanced pair of pawns, stay quiet. */
    expect_none("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FK_PROB_UPSIDE_DOWN);
    expect_none("6k1/PP6/8/8/8/8/6pp/K7 w - - 0 60", FK_PROB_UPSIDE_DOWN);
    expect_none("6k1/PP6/8/8/8/8/6pp/K7 w - - 0 60", FK_PROB_COLORS_SWAPPED);
}

/* Rows of a tab-separated file (its header line skipped when `header`); calls row() with the
 * columns split in place. Returns the number of rows. */
static int each_row(const char *name, int header, void (*row)(char **cols, int ncols)) {
    char path[512], line[1024];
    snprintf(path, sizeof path, "%s/%s", FENKIT_TEST_DATA, name);
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    int rows = 0;
    for (int n = 0; fgets(line, sizeof line, in); n++) {
        line[strcspn(line, "\r\n")] = '\0';
        if ((header && n == 0) || !line[0]) continue;
        char *cols[8];
        int ncols = 0;
        for (char *c = line; ncols < 8;) {
            cols[ncols++] = c;
            char *tab = strchr(c, '\t');
            if (!tab) break;
            *tab = '\0';
            c = tab + 1;
        }
        row(cols, ncols);
        rows++;
    }
    fclose(in);
    return rows;
}

/* Replaces the <TAB> and <EMPTY> spellings of edge_cases.tsv. */
static void unescape(const char *in, char *out, size_t cap) {
    if (strcmp(in, "<EMPTY>") == 0) in = "";
    size_t n = 0;
    for (; *in && n + 1 < cap; in++) {
        if (strncmp(in, "<TAB>", 5) == 0) {
            out[n++] = '\t';
            in += 4;
        } else {
            out[n++] = *in;
        }
    }
    out[n] = '\0';
}

/* The edge-case rows whose label fenkit decides (docs/check-policy.md). */
static const char *decided(const char *id) {
    static const char *const rows[][2] = {{"c05", "valid"}, {"c06", "valid"}, {"s27", "invalid"},
                                          {"n01", "valid"}, {"n02", "valid"}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i][0], id) == 0) return rows[i][1];
    return NULL;
}

static int edge_rows_checked;

static void edge_row(char **cols, int ncols) {
    assert_true(ncols >= 4);
    const char *label = strcmp(cols[3], "depends") == 0 ? decided(cols[0]) : cols[3];
    if (!label) return;
    char fen[256];
    unescape(cols[2], fen, sizeof fen);
    /* The syntax rows are read strictly; the others include partial FENs. */
    unsigned flags = cols[1][0] == 's' ? FK_FEN_STRICT : FK_FEN_TOLERANT;
    fk_problems list;
    fk_position pos;
    fk_problems_clear(&list);
    fk_status st = fk_fen_validate(fen, strlen(fen), flags, &pos, &list);
    int valid = st == FK_OK && !fk_problems_has_error(&list);
    if (valid != (strcmp(label, "valid") == 0)) {
        printf("# row %s expected %s\n", cols[0], label);
        print_problems(fen, &list);
    }
    assert_int_equal(valid, strcmp(label, "valid") == 0);
    edge_rows_checked++;
}

static void edge_cases(void **state) {
    (void)state;
    edge_rows_checked = 0;
    assert_int_equal(each_row("fen/edge_cases.tsv", 1, edge_row), 77);
    assert_true(edge_rows_checked >= 60);
}

static void chessjs_row(char **cols, int ncols) {
    assert_true(ncols >= 2);
    fk_problems list;
    fk_position pos;
    fk_problems_clear(&list);
    fk_status st = fk_fen_validate(cols[0], strlen(cols[0]), FK_FEN_STRICT, &pos, &list);
    int valid = st == FK_OK;
    if (valid != (strcmp(cols[1], "true") == 0)) print_problems(cols[0], &list);
    assert_int_equal(valid, strcmp(cols[1], "true") == 0);
}

static void chessjs_table(void **state) {
    (void)state;
    assert_int_equal(each_row("fen/chessjs_validate_fen.tsv", 1, chessjs_row), 132);
}

/* Turns a FEN's placement upside down (ranks in reverse order) or swaps its
 * letters' case, leaving the other fields. */
static void mistype(const char *fen, int flip, char *out, size_t cap) {
    size_t board = strcspn(fen, " ");
    if (flip) {
        size_t n = 0, end = board;
        while (end > 0) {
            size_t start = end;
            while (start > 0 && fen[start - 1] != '/') start--;
            n += (size_t)snprintf(out + n, cap - n, "%s%.*s", n ? "/" : "", (int)(end - start),
                                  fen + start);
            end = start ? start - 1 : 0;
        }
        snprintf(out + n, cap - n, "%s", fen + board);
    } else {
        snprintf(out, cap, "%s", fen);
        for (size_t i = 0; i < board; i++)
            if (out[i] >= 'a' && out[i] <= 'z')
                out[i] = (char)(out[i] - 'a' + 'A');
            else if (out[i] >= 'A' && out[i] <= 'Z')
                out[i] = (char)(out[i] - 'A' + 'a');
    }
}

static int real_rows, real_notes, typos_expected, typos_found;

/* Each real position: no error, no warning; typed upside down or with the
 * colours swapped, a warning whose fix gives the position back whenever
 * enough men stand on their home ranks to tell. */
static void real_row(char **cols, int ncols) {
    (void)ncols;
    const char *fen = cols[0];
    fk_problems list;
    fk_position pos;
    fk_problems_clear(&list);
    fk_status st = fk_fen_validate(fen, strlen(fen), FK_FEN_STRICT, &pos, &list);
    for (int i = 0; i < list.count; i++)
        if (list.items[i].severity != FK_SEV_NOTE) print_problems(fen, &list);
    assert_int_equal(st, FK_OK);
    for (int i = 0; i < list.count; i++) {
        assert_int_equal(list.items[i].severity, FK_SEV_NOTE);
        real_notes++;
    }
    real_rows++;

    /* The documented rule, seen from the position as it should have been
     * typed: pawns on their sixth or seventh rank or kings on their last two
     * would look at home once reversed, and the other way round. */
    fk_bitboard wp = fk_position_pieces(&pos, FK_WP), bp = fk_position_pieces(&pos, FK_BP);
    fk_bitboard wk = fk_position_pieces(&pos, FK_WK), bk = fk_position_pieces(&pos, FK_BK);
    int home_pawns = __builtin_popcountll((wp & (RANK_MASK(2) | RANK_MASK(3))) |
                                          (bp & (RANK_MASK(6) | RANK_MASK(7))));
    int home = home_pawns + ((wk & (RANK_MASK(1) | RANK_MASK(2))) != 0) +
               ((bk & (RANK_MASK(7) | RANK_MASK(8))) != 0);
    int away = __builtin_popcountll((wp & (RANK_MASK(6) | RANK_MASK(7))) |
                                    (bp & (RANK_MASK(2) | RANK_MASK(3)))) +
               ((wk & (RANK_MASK(7) | RANK_MASK(8))) != 0) +
               ((bk & (RANK_MASK(1) | RANK_MASK(2))) != 0);
    int should = home >= 5 && home_pawns >= 3 && away == 0;
    for (int flip = 0; flip < 2; flip++) {
        char typed[FK_FEN_MAX + 8];
        mistype(fen, flip, typed, sizeof typed);
        fk_problems_clear(&list);
        fk_fen_validate(typed, strlen(typed), FK_FEN_STRICT, &pos, &list);
        int found = 0;
        for (int i = 0; i < list.count; i++) {
            const fk_problem *p = &list.items[i];
            if (p->code != FK_PROB_UPSIDE_DOWN && p->code != FK_PROB_COLORS_SWAPPED) continue;
            assert_int_equal(p->severity, FK_SEV_WARNING);
            found |= strcmp(p->fix, fen) == 0;
        }
        typos_expected += should;
        typos_found += should && found;
        if (should && !found) print_problems(typed, &list);
        if (should) assert_true(found);
    }
}

static void real_positions(void **state) {
    (void)state;
    real_rows = real_notes = typos_expected = typos_found = 0;
    each_row("check/real_positions.txt", 0, real_row);
    printf("# %d real positions: no errors or warnings, %d notes; %d of %d mistyped found\n",
           real_rows, real_notes, typos_found, typos_expected);
    assert_true(real_rows > 1900);
    assert_true(typos_expected > 500);
}

/* A small xorshift generator: the same games on every run. */
static unsigned random_number(unsigned long long *seed) {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    return (unsigned)(*seed >> 11);
}

/* Games of random legal moves, half of them preferring moves that give double
 * check, take en passant or promote: every position they reach is legal, so
 * none may have an error, however odd (under-promotions, three bishops of a
 * colour, doubled checks of every kind). */
static void random_games_stay_legal(void **state) {
    (void)state;
    unsigned long long seed = 88172645463325252ull;
    long positions = 0, double_checks = 0, promotions = 0;
    for (int game = 0; game < 300; game++) {
        fk_position pos;
        fk_position_startpos(&pos);
        for (int ply = 0; ply < 300 && pos.halfmove < 100; ply++) {
            fk_movelist list;
            int n = fk_moves_generate(&pos, &list);
            if (!n) break;
            fk_move move = list.moves[random_number(&seed) % n];
            for (int k = 0; game % 2 && k < n; k++) {
                fk_position next = pos;
                fk_move_make(&next, list.moves[k]);
                fk_bitboard checkers = fk_position_checkers(&next);
                if ((checkers & (checkers - 1)) || list.moves[k].promotion ||
                    (list.moves[k].flags & FK_MOVE_EN_PASSANT)) {
                    move = list.moves[k];
                    break;
                }
            }
            fk_move_make(&pos, move);
            fk_bitboard checkers = fk_position_checkers(&pos);
            double_checks += (checkers & (checkers - 1)) != 0;
            promotions += move.promotion != 0;
            fk_problems list_of_problems;
            fk_problems_clear(&list_of_problems);
            if (fk_position_check(&pos, &list_of_problems) != FK_OK) {
                char fen[FK_FEN_MAX];
                fk_fen_write(&pos, FK_EP_ALWAYS, fen, sizeof fen);
                print_problems(fen, &list_of_problems);
                fail();
            }
            positions++;
        }
    }
    printf("# %ld positions from random games, %ld double checks, %ld promotions\n", positions,
           double_checks, promotions);
    assert_true(double_checks > 30); /* about 100 with this seed */
    assert_true(promotions > 100);
}

static void validate_skips_rules_when_board_unreadable(void **state) {
    (void)state;
    fk_problems list;
    fk_position pos;
    fk_problems_clear(&list);
    const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1";
    assert_int_not_equal(fk_fen_validate(fen, strlen(fen), 0, &pos, &list), FK_OK);
    assert_null(find(&list, FK_PROB_NO_KING));
    assert_true(fk_problems_has_error(&list));
}

static void check_keeps_counting_when_list_is_full(void **state) {
    (void)state;
    fk_problems list;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_problems_clear(&list);
    list.count = FK_MAX_PROBLEMS; /* full before we start */
    fk_position_remove(&pos, FK_SQUARE(4, 0));
    assert_int_equal(fk_position_check(&pos, &list), FK_ERR_INVALID);
    assert_true(list.dropped > 0);
}

/* The arguments of a problem hold what its English sentences are made of,
 * so that another language can word them: side, squares, numbers, the men
 * giving check, the quoted letters. */
static void problems_carry_their_arguments(void **state) {
    (void)state;
    const fk_problem *p = expect("k7/8/8/8/8/8/8/R3K3 w - - 0 1", FK_PROB_OPPONENT_IN_CHECK,
                                 FK_SEV_ERROR, B("a1") | B("a8"), "in check");
    assert_int_equal(p->args.color, FK_BLACK);
    assert_int_equal(p->args.n[0], SQ("a8"));
    assert_true(p->args.others == B("a1"));
    assert_int_equal(p->args.men[0], FK_ROOK);
    p = expect("4k3/8/8/8/8/8/8/R3K3 w Qk - 0 1", FK_PROB_CASTLING_NO_ROOK, FK_SEV_ERROR, B("h8"),
               "empty");
    assert_int_equal(p->args.color, FK_BLACK);
    assert_int_equal(p->args.variant, 0);
    assert_int_equal(p->args.n[0], SQ("h8"));
    assert_string_equal(p->args.quote, "k");
    p = expect("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", FK_PROB_EP_RANK, FK_SEV_ERROR, B("e3"), "rank 3");
    assert_int_equal(p->args.color, FK_WHITE);
    assert_int_equal(p->args.n[0], SQ("e3"));
    assert_int_equal(p->args.n[1], 6);
    p = expect("4k3/8/8/8/8/8/8/4K3 w - - 9 3", FK_PROB_HALFMOVE_RANGE, FK_SEV_WARNING, 0,
               "halfmove clock is 9");
    assert_int_equal(p->args.n[0], 9);
    assert_int_equal(p->args.n[1], 3);
    assert_int_equal(p->args.n[2], 4);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kings),
        cmocka_unit_test(opponent_in_check),
        cmocka_unit_test(too_many_checkers),
        cmocka_unit_test(impossible_checks),
        cmocka_unit_test(pawns_on_back_ranks),
        cmocka_unit_test(material),
        cmocka_unit_test(pawn_structure_boundaries),
        cmocka_unit_test(castling),
        cmocka_unit_test(en_passant),
        cmocka_unit_test(en_passant_and_check),
        cmocka_unit_test(en_passant_note),
        cmocka_unit_test(counters),
        cmocka_unit_test(validate_drops_rules_on_unread_fields),
        cmocka_unit_test(typing_mistakes),
        cmocka_unit_test(edge_cases),
        cmocka_unit_test(chessjs_table),
        cmocka_unit_test(real_positions),
        cmocka_unit_test(random_games_stay_legal),
        cmocka_unit_test(validate_skips_rules_when_board_unreadable),
        cmocka_unit_test(check_keeps_counting_when_list_is_full),
        cmocka_unit_test(problems_carry_their_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
