/* Tests for src/common/sanity.c: the FEN's neighbours, the verdicts, and
 * the sentence for a neighbour whose verdict differs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include <string.h>

#include "common/i18n.h"
#include "common/sanity.h"

static fk_position read_fen(const char *fen) {
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    assert_int_equal(fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT, &pos, &problems), FK_OK);
    return pos;
}

/* The neighbours of fen as "name=FEN" lines, in order. */
static void neighbours(const char *fen, char *out, size_t cap) {
    fk_position pos = read_fen(fen);
    sanity_variant v[SANITY_MAX_VARIANTS];
    int n = sanity_variants(&pos, v);
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char written[FK_FEN_MAX];
        fk_fen_write(&v[i].pos, FK_EP_ALWAYS, written, sizeof written);
        used += (size_t)snprintf(out + used, cap - used, "%s=%s\n", v[i].name, written);
    }
}

static void side_castling_and_en_passant(void **state) {
    (void)state;
    char out[2048];
    neighbours("8/8/8/4k3/8/4K3/4P3/8 b - - 0 1", out, sizeof out);
    assert_string_equal(out, "White to move=8/8/8/4k3/8/4K3/4P3/8 w - - 0 1\n");
    neighbours("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", out, sizeof out);
    assert_string_equal(out, "Black to move=r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1\n"
                             "without castling right Q=r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1\n"
                             "without castling right K=r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1\n"
                             "without castling right q=r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1\n"
                             "without castling right k=r3k2r/8/8/8/8/8/8/R3K2R w KQq - 0 1\n");
    /* a capture there: the square taken away; the side's change drops it */
    neighbours("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", out, sizeof out);
    assert_string_equal(out, "Black to move=4k3/8/8/3pP3/8/8/8/4K3 b - - 0 2\n"
                             "without en passant square d6=4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2\n");
    /* none given, but a double step could have left one a pawn can take */
    neighbours("4k3/8/8/3pP3/8/8/8/4K3 w - - 3 2", out, sizeof out);
    assert_string_equal(out, "Black to move=4k3/8/8/3pP3/8/8/8/4K3 b - - 3 2\n"
                             "with en passant square d6=4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2\n");
}

static void verdicts_and_words(void **state) {
    (void)state;
    fk_score s = {0, 149, FK_BOUND_EXACT};
    assert_int_equal(sanity_verdict_of(s), VERDICT_DRAW);
    s.value = 150;
    assert_int_equal(sanity_verdict_of(s), VERDICT_WHITE_WINS);
    s.value = -150;
    assert_int_equal(sanity_verdict_of(s), VERDICT_BLACK_WINS);
    s = (fk_score){1, -3, FK_BOUND_EXACT};
    assert_int_equal(sanity_verdict_of(s), VERDICT_BLACK_WINS);
    assert_string_equal(sanity_verdict_name(VERDICT_WHITE_WINS), "white-wins");
    char text[32];
    sanity_score_text((fk_score){0, 750, FK_BOUND_LOWER}, text, sizeof text);
    assert_string_equal(text, ">=+7.50");
    sanity_score_text(s, text, sizeof text);
    assert_string_equal(text, "#-3");

    fk_position pos = read_fen("8/8/8/4k3/8/4K3/4P3/8 b - - 0 1");
    sanity_variant v[SANITY_MAX_VARIANTS];
    assert_int_equal(sanity_variants(&pos, v), 1);
    char message[512];
    sanity_message(&v[0], VERDICT_WHITE_WINS, "+7.50", VERDICT_DRAW, "+0.16", message,
                   sizeof message);
    assert_string_equal(message, "With Black to move White wins (+7.50); with White to move it is "
                                 "a draw (+0.16). Check field 2 (side).");
    /* the other side to move would stand in check: no game gets there */
    pos = read_fen("4k3/8/8/8/8/8/8/4RK2 b - - 0 1");
    assert_int_equal(sanity_variants(&pos, v), 1);
    char why[256];
    assert_true(sanity_unreachable(&v[0].pos, why, sizeof why));
    assert_true(strlen(why) > 0);
    assert_false(sanity_unreachable(&pos, why, sizeof why));
    pos = read_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_int_equal(sanity_game_over(&pos, text, sizeof text), VERDICT_DRAW);
    assert_string_equal(text, "stalemate");
}

/* The words of the text answer in the reader's language; English readers
 * get sanity_message's own sentence. */
static void words_in_the_readers_language(void **state) {
    (void)state;
    fk_position pos = read_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    sanity_variant v[SANITY_MAX_VARIANTS];
    assert_int_equal(sanity_variants(&pos, v), 2);
    char said[512], english[512], name[128];
    i18n_init("en");
    sanity_message(&v[1], VERDICT_WHITE_WINS, "+2.10", VERDICT_DRAW, "0.00", english,
                   sizeof english);
    sanity_message_said(&v[1], VERDICT_WHITE_WINS, "+2.10", VERDICT_DRAW, "0.00", said,
                        sizeof said);
    assert_string_equal(said, english);
    assert_string_equal(sanity_name_said(&v[1], name, sizeof name), "without en passant square d6");
    assert_int_equal(i18n_init("vi"), 0);
    sanity_message_said(&v[1], VERDICT_WHITE_WINS, "+2.10", VERDICT_DRAW, "0.00", said,
                        sizeof said);
    assert_string_equal(said, "Với ô bắt tốt qua đường d6 thì Trắng thắng (+2.10); khi bỏ nó đi "
                              "thì hòa (0.00). Hãy kiểm tra trường bắt tốt qua đường (trường thứ "
                              "4).");
    sanity_message_said(&v[0], VERDICT_WHITE_WINS, "+2.10", VERDICT_BLACK_WINS, "-1.60", said,
                        sizeof said);
    assert_string_equal(said, "Với Trắng đi thì Trắng thắng (+2.10); với Đen đi thì Đen thắng "
                              "(-1.60). Hãy kiểm tra trường bên đi (trường thứ 2).");
    assert_string_equal(sanity_name_said(&v[0], name, sizeof name), "Đen đi");
    i18n_init("en");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(side_castling_and_en_passant),
        cmocka_unit_test(verdicts_and_words),
        cmocka_unit_test(words_in_the_readers_language),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
