/* Tests for src/server/lang.c and the replies it words: the language chosen
 * from "lang" and Accept-Language, /api/check's placement and /api/diff in
 * that language. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "common/i18n.h"
#include "server/api_diff.c"
#include "server/json.c"
#include "server/lang.c"
#include "server/reply.c"

/* The Accept-Language header's value is the request's context. */
static const char *header(void *ctx, const char *name) {
    return strcmp(name, "Accept-Language") == 0 ? ctx : NULL;
}
static const char *no_arg(void *ctx, const char *name) {
    (void)ctx;
    (void)name;
    return NULL;
}

static const char *choose(const char *accept, const char *asked) {
    srv_request req = {"", 0, no_arg, (void *)accept, header};
    return srv_lang_choose(&req, asked);
}

static void chooses_from_lang_then_accept_language(void **state) {
    (void)state;
    assert_string_equal(choose(NULL, NULL), "en");
    assert_string_equal(choose("vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7", NULL), "vi");
    assert_string_equal(choose("en-US,en;q=0.9,vi;q=0.8", NULL), "en");
    /* the highest weight of a language fenkit has, wherever it stands */
    assert_string_equal(choose("fr-FR, de;q=0.9, vi;q=0.5", NULL), "vi");
    assert_string_equal(choose("fr, de", NULL), "en");
    assert_string_equal(choose("VI", NULL), "vi");
    /* a "lang" fenkit has wins; one it lacks falls back to the header */
    assert_string_equal(choose("vi", "en"), "en");
    assert_string_equal(choose("vi", "xx"), "vi");
    assert_string_equal(choose("", NULL), "en");
    assert_string_equal(choose(";q=1,,", NULL), "en");
}

/* POST /api/diff with body; the reply's body, zero-terminated. */
static const char *diff(const char *body, const char *accept, srv_reply *reply) {
    srv_request req = {body, strlen(body), no_arg, (void *)accept, header};
    *reply = (srv_reply){0};
    srv_api_diff(&req, reply);
    srv_buf_add(&reply->body, "", 1);
    return reply->body.data;
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define E4 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"

static void diff_in_both_languages(void **state) {
    (void)state;
    srv_reply reply;
    const char *body = diff("{\"from\":\"" START "\",\"to\":\"" E4 "\"}", NULL, &reply);
    assert_int_equal(reply.status, 200);
    assert_non_null(strstr(body, "\"san\":\"1.e4\""));
    assert_non_null(strstr(body, "\"lang\":\"en\""));
    assert_non_null(strstr(body, "a white pawn went from e2 to e4"));
    srv_reply_free(&reply);
    body = diff("{\"from\":\"" START "\",\"to\":\"" E4 "\"}", "vi;q=0.9", &reply);
    assert_non_null(strstr(body, "\"lang\":\"vi\""));
    assert_non_null(strstr(body, "Tốt Trắng đi từ e2 đến e4"));
    assert_non_null(strstr(body, "Nước đi: 1.e4"));
    srv_reply_free(&reply);
    /* and English again: the last language does not stick */
    body = diff("{\"from\":\"" START "\",\"to\":\"" E4 "\",\"lang\":\"en\"}", "vi", &reply);
    assert_non_null(strstr(body, "Moves: 1.e4"));
    srv_reply_free(&reply);
}

static void diff_errors(void **state) {
    (void)state;
    srv_reply reply;
    diff("{\"from\":\"" START "\"}", NULL, &reply);
    assert_int_equal(reply.status, 400);
    srv_reply_free(&reply);
    diff("{\"from\":\"" START "\",\"to\":\"x\"}", NULL, &reply);
    assert_int_equal(reply.status, 422);
    srv_reply_free(&reply);
    diff("{\"from\":\"" START "\",\"to\":\"" E4 "\",\"colour\":1}", NULL, &reply);
    assert_int_equal(reply.status, 400);
    srv_reply_free(&reply);
    diff("[]", NULL, &reply);
    assert_int_equal(reply.status, 400);
    srv_reply_free(&reply);
}

int main(void) {
    i18n_init("en");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chooses_from_lang_then_accept_language),
        cmocka_unit_test(diff_in_both_languages),
        cmocka_unit_test(diff_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
