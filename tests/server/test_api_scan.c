/* Tests for the parts of src/server/api_scan.c and api_learn_set.c that
 * need no scanner: the query, set_bytes= and where the picture starts,
 * and what is refused before a scan or a set's learning is queued. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "server/api_learn_set.c"
#include "server/api_scan.c"
#include "server/json.c"
#include "server/reply.c"

/* The query of a test request: "name=value" pairs, NULL-terminated. */
static const char *arg_of(void *ctx, const char *name) {
    for (const char **p = ctx; *p; p += 2)
        if (strcmp(p[0], name) == 0) return p[1];
    return NULL;
}

/* A request of body (n bytes) and query; its accept's reply status and
 * code ("" when accepted: 0). */
static int accept_status(int (*accept)(const srv_request *, srv_reply *), const char *body,
                         size_t n, const char **query, char *code) {
    srv_request req = {.body = body, .body_len = n, .arg = arg_of, .arg_ctx = (void *)query};
    srv_reply reply = {0};
    int status = accept(&req, &reply) ? reply.status : 0;
    code[0] = '\0';
    if (status) {
        const char *c = strstr(reply.body.data, "\"code\":\"") + 8;
        memcpy(code, c, (size_t)(strchr(c, '"') - c));
        code[strchr(c, '"') - c] = '\0';
    }
    srv_reply_free(&reply);
    return status;
}

/* A PNG's signature after `set` bytes of something else. */
static size_t body_with_set(char *body, size_t set) {
    memset(body, 'x', set);
    memcpy(body + set, "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
    return set + 16;
}

static void set_bytes_counts_what_comes_before_the_picture(void **state) {
    (void)state;
    char body[256], code[64];
    size_t n = body_with_set(body, 100);
    const char *bad[] = {"0", "abc", "-5", " 5", "+5", "99999999", "65537", "116", "1000", ""};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        const char *query[] = {"set_bytes", bad[i], NULL};
        assert_int_equal(accept_status(srv_api_scan_accept, body, n, query, code), 400);
        assert_string_equal(code, "bad-set");
    }
    const char *good[] = {"set_bytes", "100", NULL};
    srv_request req = {.body = body, .body_len = n, .arg = arg_of, .arg_ctx = (void *)good};
    assert_int_equal(srv_scan_picture_at(&req), 100);
    /* without the scanner, a good set and picture get as far as its absence */
    assert_int_equal(accept_status(srv_api_scan_accept, body, n, good, code), 503);
    assert_string_equal(code, "scanner-not-built");
    /* the picture is looked for after the set, not at the body's start */
    const char *short_count[] = {"set_bytes", "99", NULL};
    assert_int_equal(accept_status(srv_api_scan_accept, body, n, short_count, code), 415);
    assert_string_equal(code, "not-an-image");
    const char *none[] = {NULL};
    req.arg_ctx = (void *)none;
    assert_int_equal(srv_scan_picture_at(&req), 0);
    assert_int_equal(accept_status(srv_api_scan_accept, body, n, none, code), 415);
}

static void learn_set_refuses_before_queueing(void **state) {
    (void)state;
    char body[64], code[64];
    size_t n = body_with_set(body, 0);
    const char *none[] = {NULL};
    assert_int_equal(accept_status(srv_api_learn_set_accept, body, 0, none, code), 400);
    assert_string_equal(code, "empty-body");
    assert_int_equal(accept_status(srv_api_learn_set_accept, "text", 4, none, code), 415);
    const char *bottom[] = {"bottom", "up", NULL};
    assert_int_equal(accept_status(srv_api_learn_set_accept, body, n, bottom, code), 400);
    assert_string_equal(code, "bad-option");
    const char *fens[] = {"", "xyz", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"};
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        const char *query[] = {"fen", fens[i], NULL};
        assert_int_equal(accept_status(srv_api_learn_set_accept, body, n, query, code), 400);
        assert_string_equal(code, "bad-fen");
    }
    const char *placement[] = {"fen", "r3k2r/8/8/8/8/8/8/R3K2R", "bottom", "black", NULL};
    assert_int_equal(accept_status(srv_api_learn_set_accept, body, n, placement, code), 503);
    assert_string_equal(code, "scanner-not-built");
    const char *whole[] = {"fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL};
    assert_int_equal(accept_status(srv_api_learn_set_accept, body, n, whole, code), 503);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(set_bytes_counts_what_comes_before_the_picture),
        cmocka_unit_test(learn_set_refuses_before_queueing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
