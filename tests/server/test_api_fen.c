/* Tests for src/server/api_fen.c: what the server adds to the core's
 * reading of a FEN (text that is no FEN at all, a board alone read
 * tolerantly, the chess960 flag) and srv_fen_fill_side. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "common/i18n.h"
#include "server/api_fen.c"
#include "server/lang.c"
#include "server/json.c"
#include "server/reply.c"

/* Query arguments: "tolerant=1" when ctx is not NULL. */
static const char *arg(void *ctx, const char *name) {
    return ctx && strcmp(name, "tolerant") == 0 ? "1" : NULL;
}

/* POST /api/check with text as the body; the reply's body, zero-terminated
 * (the caller frees the reply). */
static const char *check(const char *text, int tolerant, srv_reply *reply) {
    srv_request req = {text, strlen(text), arg, tolerant ? (void *)1 : NULL, NULL};
    *reply = (srv_reply){0};
    srv_api_check(&req, reply);
    assert_int_equal(reply->status, 200);
    srv_buf_add(&reply->body, "", 1);
    return reply->body.data;
}

static void fill_side(void **state) {
    (void)state;
    char out[64];
    assert_int_equal(srv_fen_fill_side(" 8/8/8/4k3/8/8/8/4K3\n", 21, out, sizeof out), 22);
    assert_string_equal(out, " 8/8/8/4k3/8/8/8/4K3 w");
    /* a side given, no board, nothing, or no room: nothing to fill */
    assert_int_equal(srv_fen_fill_side("8/8/8/4k3/8/8/8/4K3 b", 21, out, sizeof out), 0);
    assert_int_equal(srv_fen_fill_side("hello", 5, out, sizeof out), 0);
    assert_int_equal(srv_fen_fill_side(" \n", 2, out, sizeof out), 0);
    assert_int_equal(srv_fen_fill_side("8/8/8/4k3/8/8/8/4K3", 19, out, 21), 0);
}

static void board_alone(void **state) {
    (void)state;
    srv_reply reply;
    const char *json = check("8/8/8/4k3/8/8/8/4K3", 1, &reply);
    assert_non_null(strstr(json, "\"valid\":true"));
    assert_non_null(
        strstr(json, "\"problems\":[{\"code\":\"side-filled\",\"severity\":\"warning\""));
    assert_non_null(strstr(json, "\"fields-filled\""));
    assert_non_null(strstr(json, "\"counters-filled\""));
    assert_non_null(strstr(json, "\"input\":\"8/8/8/4k3/8/8/8/4K3\""));
    srv_reply_free(&reply);
    /* strict reading still asks who is to move */
    json = check("8/8/8/4k3/8/8/8/4K3", 0, &reply);
    assert_non_null(strstr(json, "\"valid\":false"));
    assert_null(strstr(json, "side-filled"));
    assert_non_null(strstr(json, "\"missing-field\""));
    srv_reply_free(&reply);
}

static void not_a_fen_is_one_problem(void **state) {
    (void)state;
    srv_reply reply;
    const char *json = check("Is this position legal, please?", 1, &reply);
    assert_non_null(strstr(json, "\"valid\":false,\"read\":false"));
    assert_non_null(strstr(json, "\"problems\":[{\"code\":\"not-a-fen\",\"severity\":\"error\""));
    assert_null(strstr(json, "},{")); /* one problem */
    assert_non_null(strstr(json, "\"explanation\":null"));
    srv_reply_free(&reply);
    /* a broken FEN is still read, problem by problem */
    json = check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1", 0, &reply);
    assert_null(strstr(json, "not-a-fen"));
    assert_non_null(strstr(json, "\"rank-length\""));
    srv_reply_free(&reply);
}

static void chess960(void **state) {
    (void)state;
    srv_reply reply;
    const char *json =
        check("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 0, &reply);
    assert_non_null(strstr(json, "\"chess960\":true"));
    srv_reply_free(&reply);
    json = check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, &reply);
    assert_non_null(strstr(json, "\"chess960\":false"));
    srv_reply_free(&reply);
}

static void moves_of_a_board_alone(void **state) {
    (void)state;
    srv_request req = {"8/8/8/4k3/8/8/8/4K3", 19, arg, (void *)1, NULL};
    srv_reply reply = {0};
    srv_api_moves(&req, &reply);
    assert_int_equal(reply.status, 200);
    srv_reply_free(&reply);
    req = (srv_request){"Hello there", 11, arg, NULL, NULL};
    reply = (srv_reply){0};
    srv_api_moves(&req, &reply);
    assert_int_equal(reply.status, 400);
    srv_buf_add(&reply.body, "", 1);
    assert_non_null(strstr(reply.body.data, "\"not-a-fen\""));
    srv_reply_free(&reply);
}

/* The problems' sentences follow "lang"; English is the core's own text. */
static void problems_in_the_language_asked(void **state) {
    (void)state;
    srv_reply reply;
    const char *json =
        check("{\"fen\":\"4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1\",\"lang\":\"vi\"}", 0, &reply);
    assert_non_null(strstr(json, "\"code\":\"castling-without-rook\""));
    assert_non_null(strstr(
        json, "\"message\":\"Quyền nhập thành 'q' cần một Xe Đen ở a8, nhưng ô đó đang trống.\""));
    assert_non_null(strstr(json, "\"fix\":\"Bỏ 'q' khỏi trường quyền nhập thành"));
    srv_reply_free(&reply);
    json = check("{\"fen\":\"4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1\",\"lang\":\"en\"}", 0, &reply);
    assert_non_null(strstr(
        json, "\"message\":\"The castling right 'q' needs a black rook on a8, but the square is "
              "empty.\""));
    srv_reply_free(&reply);
    /* the server's own problem too */
    json = check("{\"fen\":\"Hello there\",\"lang\":\"vi\"}", 0, &reply);
    assert_non_null(strstr(json, "\"code\":\"not-a-fen\""));
    assert_non_null(strstr(json, "\"message\":\"không phải FEN"));
    srv_reply_free(&reply);
}

int main(void) {
    i18n_init("en");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(problems_in_the_language_asked),
        cmocka_unit_test(fill_side),
        cmocka_unit_test(board_alone),
        cmocka_unit_test(not_a_fen_is_one_problem),
        cmocka_unit_test(chess960),
        cmocka_unit_test(moves_of_a_board_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
