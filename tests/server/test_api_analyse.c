/* Tests for src/server/api_analyse.c: the query of GET /api/analyse and
 * the events of a search, with the fake engine of tests/data/engine. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "server/api_analyse.c"
#include "server/json.c"
#include "server/reply.c"

#define FAKE FENKIT_TEST_DATA "/engine/fake-engine"
#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* A query: ctx is a NULL-terminated list of name, value pairs. */
static const char *arg(void *ctx, const char *name) {
    for (const char **p = ctx; *p; p += 2)
        if (strcmp(p[0], name) == 0) return p[1];
    return NULL;
}

/* Reads a query; returns what srv_analysis_read returned, with the
 * reply's body zero-terminated in *body (the caller frees the reply). */
static int read_query(const char **args, srv_analysis *a, srv_reply *reply) {
    srv_request req = {"", 0, arg, args, NULL};
    *reply = (srv_reply){0};
    int ok = srv_analysis_read(&req, a, reply);
    if (!ok) srv_buf_add(&reply->body, "", 1);
    return ok;
}

static void queries_refused_before_any_engine(void **state) {
    (void)state;
    static struct {
        const char *args[7];
        int status;
        const char *says;
    } cases[] = {
        {{NULL}, 400, "needs fen="},
        {{"fen", START, "multipv", "6", NULL}, 400, "multipv must be a whole number from 1 to 5"},
        {{"fen", START, "elo", "strong", NULL}, 400, "elo must be"},
        {{"fen", START, "skill", "21", NULL}, 400, "skill must be"},
        {{"fen", START, "movetime", "0", NULL}, 400, "movetime must be"},
        {{"fen", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", NULL}, 400, "pawn-on-back-rank"},
        {{"fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", NULL},
         422,
         "stalemate: Black has no legal move"},
        {{"fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", NULL},
         422,
         "checkmate: White is mated"},
        {{"fen", START, "moves", "f3_e5 g4 Qh4", NULL}, 422, "checkmate: White is mated"},
        {{"fen", START, "moves", "e4 Ke7", NULL}, 400, "move 2, 'Ke7'"},
        {{"fen", START, "sanity", "1", "movetime", "100", NULL}, 400, "sanity=1 goes with"},
        {{"fen", START, "sanity", "1", "nodes", "5", NULL}, 400, "nodes must be"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        srv_analysis a;
        srv_reply reply;
        assert_int_equal(read_query(cases[i].args, &a, &reply), 0);
        assert_int_equal(reply.status, cases[i].status);
        if (!strstr(reply.body.data, cases[i].says)) fail_msg("case %zu: %s", i, reply.body.data);
        srv_reply_free(&reply);
    }
}

static void a_good_query(void **state) {
    (void)state;
    const char *args[] = {"fen", START, "multipv", "3", "movetime", "500", "elo", "1500", NULL};
    srv_analysis a;
    srv_reply reply;
    assert_int_equal(read_query(args, &a, &reply), 1);
    assert_int_equal(a.multipv, 3);
    assert_int_equal(a.movetime_ms, 500);
    assert_int_equal(a.elo, 1500);
    assert_int_equal(a.skill, -1);
    srv_reply_free(&reply);
}

/* The engine gets the moves since the last capture or pawn move, from
 * the position after it; the lines are of the position they reach. */
static void moves_since_the_last_pawn_move(void **state) {
    (void)state;
    const char *args[] = {"fen", START, "moves", "c4_c5 Nf3 Nf6_Ng1 g8f6", NULL};
    srv_analysis a;
    srv_reply reply;
    assert_int_equal(read_query(args, &a, &reply), 0); /* g8f6: no knight on g8 */
    srv_reply_free(&reply);
    const char *good[] = {"fen", START, "moves", "c4_c5 Nf3 Nf6_Ng1 Ng8", "sanity", "1", NULL};
    assert_int_equal(read_query(good, &a, &reply), 1);
    char fen[FK_FEN_MAX];
    fk_fen_write(&a.start, FK_EP_LEGAL, fen, sizeof fen);
    assert_string_equal(fen, "rnbqkbnr/pp1ppppp/8/2p5/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2");
    assert_int_equal(a.nmoves, 4);
    fk_fen_write(&a.pos, FK_EP_LEGAL, fen, sizeof fen);
    assert_string_equal(fen, "rnbqkbnr/pp1ppppp/8/2p5/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 4 4");
    assert_int_equal(a.sanity, 1);
    assert_int_equal(a.nodes, SRV_SANITY_NODES);
    srv_reply_free(&reply);
}

/* Collects events as "name data\n"; says the client left once `leave`
 * events (the poll's empty ones included) have come. */
typedef struct {
    srv_buf text;
    int seen, leave;
} sink;

static int collect(void *ctx, const char *event, const char *data, size_t len) {
    sink *s = ctx;
    s->seen++;
    if (event) {
        srv_buf_printf(&s->text, "%s ", event);
        srv_buf_add(&s->text, data, len);
        srv_buf_puts(&s->text, "\n");
    }
    return s->leave && s->seen >= s->leave;
}

static fk_engine *open_fake(const char *mode) {
    setenv("FAKE_ENGINE_MODE", mode, 1);
    fk_engine *engine = NULL;
    fk_error err;
    if (fk_engine_open(FAKE, 2000, &engine, &err) != FK_OK) fail_msg("%s", err.message);
    return engine;
}

static void a_search_in_events(void **state) {
    (void)state;
    const char *args[] = {"fen", START, NULL};
    srv_analysis a;
    srv_reply reply;
    assert_int_equal(read_query(args, &a, &reply), 1);
    fk_engine *engine = open_fake("good");
    sink s = {0};
    assert_int_equal(srv_analysis_run(&a, engine, 5000, collect, &s), 1);
    assert_non_null(strstr(s.text.data,
                           "info {\"depth\":1,\"lines\":[{\"multipv\":1,\"depth\":1,\"seldepth\":2,"
                           "\"white\":{\"cp\":31},\"nodes\":20,\"nps\":1000,"
                           "\"pv\":[\"e2e4\",\"e7e5\",\"g1f3\"],\"san\":[\"e4\",\"e5\",\"Nf3\"],"
                           "\"text\":\"1. e4 e5 2. Nf3\"}]}\n"));
    assert_non_null(
        strstr(s.text.data, "done {\"bestmove\":{\"uci\":\"e2e4\",\"san\":\"e4\",\"fen\":"));
    /* a game at a chosen strength leaves the engine's options changed */
    a.skill = 5;
    srv_buf_free(&s.text);
    s = (sink){0};
    assert_int_equal(srv_analysis_run(&a, engine, 5000, collect, &s), 0);
    srv_buf_free(&s.text);
    srv_reply_free(&reply);
    fk_engine_close(engine);
}

/* An engine that says nothing more is still stopped when the client
 * leaves: the poll asks; this one does not answer the stop either, which
 * is an error event and an engine not to keep. */
static void a_client_leaving_stops_a_silent_engine(void **state) {
    (void)state;
    const char *args[] = {"fen", START, NULL};
    srv_analysis a;
    srv_reply reply;
    assert_int_equal(read_query(args, &a, &reply), 1);
    fk_engine *engine = open_fake("hang");
    sink s = {.leave = 3};
    assert_int_equal(srv_analysis_run(&a, engine, 60000, collect, &s), 0);
    assert_non_null(strstr(s.text.data, "error {\"code\":\"engine-failed\""));
    assert_non_null(strstr(s.text.data, "bestmove after stop"));
    srv_buf_free(&s.text);
    srv_reply_free(&reply);
    fk_engine_close(engine);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(queries_refused_before_any_engine),
        cmocka_unit_test(a_good_query),
        cmocka_unit_test(moves_since_the_last_pawn_move),
        cmocka_unit_test(a_search_in_events),
        cmocka_unit_test(a_client_leaving_stops_a_silent_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
