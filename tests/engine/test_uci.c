/* Tests for src/engine/: the UCI client against a fake engine that
 * misbehaves on purpose (tests/data/engine/fake-engine), and the info line
 * reader. Every failure must say what happened, leave no zombie and no
 * descriptor behind. */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "fenkit/core.h"
#include "fenkit/engine.h"

#define FAKE FENKIT_TEST_DATA "/engine/fake-engine"

static int open_fds(void) {
    DIR *dir = opendir("/proc/self/fd");
    int n = 0;
    for (struct dirent *e; (e = readdir(dir));)
        n += e->d_name[0] != '.';
    closedir(dir);
    return n - 1; /* the directory's own descriptor */
}

/* No child left to reap: every engine was waited for. */
static void assert_no_children(void) {
    errno = 0;
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
    assert_int_equal(errno, ECHILD);
}

static fk_engine *open_fake(const char *mode) {
    setenv("FAKE_ENGINE_MODE", mode, 1);
    fk_engine *engine = NULL;
    fk_error err;
    if (fk_engine_open(FAKE, 2000, &engine, &err) != FK_OK)
        fail_msg("open %s: %s", mode, err.message);
    return engine;
}

static const fk_search_limit NODES = {FK_LIMIT_NODES, 100, 1, 300, NULL};

/* Runs a search from the start position in `mode`; returns its status
 * with the message in err. */
static fk_status search_in_mode(const char *mode, fk_error *err) {
    int fds = open_fds();
    fk_engine *engine = open_fake(mode);
    fk_position pos;
    fk_position_startpos(&pos);
    fk_analysis result;
    fk_status s = fk_engine_analyse(engine, &pos, NULL, 0, &NODES, NULL, NULL, &result, err);
    if (s != FK_OK) {
        /* a broken engine refuses the next search at once */
        fk_error again;
        assert_int_equal(
            fk_engine_analyse(engine, &pos, NULL, 0, &NODES, NULL, NULL, &result, &again),
            FK_ERR_IO);
        assert_non_null(strstr(again.message, "unusable"));
    }
    fk_engine_close(engine);
    assert_no_children();
    assert_int_equal(open_fds(), fds);
    return s;
}

static void good_engine_gives_lines_in_order(void **state) {
    (void)state;
    fk_engine *engine = open_fake("good");
    assert_string_equal(fk_engine_name(engine), "Fake Engine 1.0");
    fk_position pos;
    fk_position_startpos(&pos);
    fk_analysis result;
    fk_error err;
    fk_search_limit limit = NODES;
    limit.multipv = 2;
    assert_int_equal(fk_engine_analyse(engine, &pos, NULL, 0, &limit, NULL, NULL, &result, &err),
                     FK_OK);
    assert_int_equal(result.count, 2);
    assert_int_equal(result.best.from, FK_SQUARE(4, 1));
    assert_int_equal(result.lines[0].depth, 1);
    assert_int_equal(result.lines[0].seldepth, 2);
    assert_int_equal(result.lines[0].score.value, 31);
    assert_int_equal(result.lines[0].nodes, 20);
    assert_int_equal(result.lines[0].nps, 1000);
    assert_int_equal(result.lines[0].pv_len, 3);
    assert_true(result.lines[1].score.is_mate);
    assert_int_equal(result.lines[1].score.value, -3);
    assert_int_equal(result.lines[1].score.bound, FK_BOUND_UPPER);
    char san[128];
    fk_engine_line_san(&pos, &result.lines[0], san, sizeof san);
    assert_string_equal(san, "1. e4 e5 2. Nf3");
    /* moves played before the search are checked too */
    fk_move moves[2] = {{FK_SQUARE(6, 0), FK_SQUARE(5, 2), 0, 0},
                        {FK_SQUARE(6, 0), FK_SQUARE(5, 2), 0, 0}};
    assert_int_equal(fk_engine_analyse(engine, &pos, moves, 2, &NODES, NULL, NULL, &result, &err),
                     FK_ERR_INVALID);
    assert_string_equal(err.message, "move 2 of those to play is not legal");
    /* a second search on the same engine, after ucinewgame */
    assert_int_equal(fk_engine_new_game(engine, &err), FK_OK);
    assert_int_equal(fk_engine_analyse(engine, &pos, NULL, 0, &NODES, NULL, NULL, &result, &err),
                     FK_OK);
    fk_engine_close(engine);
    assert_no_children();
}

static int stop_at_once(const fk_engine_line *line, void *ctx) {
    (void)line;
    ++*(int *)ctx;
    return 1;
}

static void infinite_search_stops_when_asked(void **state) {
    (void)state;
    fk_engine *engine = open_fake("good");
    fk_position pos;
    fk_position_startpos(&pos);
    fk_analysis result;
    fk_error err;
    fk_search_limit limit = {FK_LIMIT_INFINITE, 0, 1, 0, NULL};
    int calls = 0;
    assert_int_equal(
        fk_engine_analyse(engine, &pos, NULL, 0, &limit, stop_at_once, &calls, &result, &err),
        FK_OK);
    assert_int_equal(calls, 1);
    assert_int_equal(result.count, 1);
    fk_engine_close(engine);
    assert_no_children();
}

/* The search's poll: counts its calls and asks to stop at the third. */
static int stop_at_third_poll(void *ctx) { return ++*(int *)ctx >= 3; }

/* A quiet engine (one line, then nothing until stop) is still stopped
 * by the poll, which is asked between lines. */
static void poll_stops_a_quiet_search(void **state) {
    (void)state;
    fk_engine *engine = open_fake("good");
    fk_position pos;
    fk_position_startpos(&pos);
    fk_analysis result;
    fk_error err;
    fk_search_limit limit = {FK_LIMIT_INFINITE, 0, 1, 0, stop_at_third_poll};
    int polls = 0;
    assert_int_equal(fk_engine_analyse(engine, &pos, NULL, 0, &limit, NULL, &polls, &result, &err),
                     FK_OK);
    assert_int_equal(polls, 3);
    assert_int_equal(result.count, 1);
    char uci[8];
    fk_move_to_uci(&pos, result.best, uci, sizeof uci);
    assert_string_equal(uci, "e2e4");
    fk_engine_close(engine);
    assert_no_children();
}

/* Each misbehaviour and the words its error must hold. */
static void every_misbehaviour_is_a_clear_error(void **state) {
    (void)state;
    static const struct {
        const char *mode;
        fk_status status;
        const char *says;
    } cases[] = {
        {"crash", FK_ERR_IO, "crashed (signal 11"},
        {"exit", FK_ERR_IO, "exited with status 0"},
        {"hang", FK_ERR_IO, "did not answer in time (waiting for bestmove after stop)"},
        {"garbage", FK_ERR_SYNTAX, "garbage (byte 0x01"},
        {"bad-info", FK_ERR_SYNTAX, "info depth is followed by 'x'"},
        {"bad-score", FK_ERR_SYNTAX, "score must be"},
        {"illegal-bestmove", FK_ERR_INVALID, "best move 'e2e5' is not legal"},
        {"no-bestmove", FK_ERR_SYNTAX, "'bestmove' without a move"},
        {"illegal-pv", FK_ERR_INVALID, "pv has an illegal move: move 2, 'e2e4'"},
        {"babble", FK_ERR_SYNTAX, "lines that are not UCI"},
        {"long-line", FK_ERR_SYNTAX, "longer than"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fk_error err;
        fk_status s = search_in_mode(cases[i].mode, &err);
        if (s != cases[i].status || !strstr(err.message, cases[i].says))
            fail_msg("%s: status %d, '%s'", cases[i].mode, s, err.message);
    }
}

static void failed_starts_leave_nothing_behind(void **state) {
    (void)state;
    static const struct {
        const char *path, *mode, *says;
    } cases[] = {
        {"/nonexistent/engine", "good", "cannot run the engine"},
        {"no-such-engine-on-path", "good", "not found on PATH or in /usr/games"},
        {FENKIT_TEST_DATA "/engine", "good", "cannot run"},
        {FAKE, "exit-at-once", "exited with status 3"},
        {FAKE, "hang-uci", "did not answer in time (waiting for uciok)"},
    };
    int fds = open_fds();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        setenv("FAKE_ENGINE_MODE", cases[i].mode, 1);
        fk_engine *engine = (fk_engine *)1;
        fk_error err;
        fk_status s = fk_engine_open(cases[i].path, 300, &engine, &err);
        assert_int_equal(s, FK_ERR_IO);
        assert_null(engine);
        if (!strstr(err.message, cases[i].says)) fail_msg("%s: '%s'", cases[i].path, err.message);
        assert_no_children();
        assert_int_equal(open_fds(), fds);
    }
}

static void engine_that_ignores_quit_is_killed(void **state) {
    (void)state;
    fk_engine *engine = open_fake("ignore-quit");
    fk_engine_close(engine);
    assert_no_children();
}

static void option_that_kills_the_engine_is_reported(void **state) {
    (void)state;
    fk_engine *engine = open_fake("good");
    fk_error err;
    assert_int_equal(fk_engine_set_option(engine, "Threads", "1", &err), FK_OK);
    assert_int_equal(fk_engine_set_option(engine, "Crash", "now", &err), FK_ERR_IO);
    assert_non_null(strstr(err.message, "crashed"));
    assert_int_equal(fk_engine_set_option(engine, "Bad\nname", "1", &err), FK_ERR_IO);
    fk_engine_close(engine);
    assert_no_children();
}

/* A second engine inherits nothing of the first: its descriptors are
 * closed on exec. */
static void engines_inherit_no_descriptors(void **state) {
    (void)state;
    fk_engine *first = open_fake("good");
    fk_engine *second = open_fake("fds");
    /* fd 0 and 1 are the one socket; a third would be the first engine's */
    assert_string_equal(fk_engine_name(second), "sockets=2");
    fk_engine_close(second);
    fk_engine_close(first);
    assert_no_children();
}

static void no_legal_move_is_not_sent(void **state) {
    (void)state;
    fk_engine *engine = open_fake("crash"); /* it would crash if asked */
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    const char *mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    fk_fen_parse(mate, strlen(mate), FK_FEN_STRICT, &pos, &problems);
    fk_analysis result;
    fk_error err;
    assert_int_equal(fk_engine_analyse(engine, &pos, NULL, 0, &NODES, NULL, NULL, &result, &err),
                     FK_ERR_RANGE);
    assert_non_null(strstr(err.message, "checkmate"));
    fk_engine_close(engine);
    assert_no_children();
}

static void info_lines_are_read_field_by_field(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    fk_engine_line line;
    fk_error err;
    assert_int_equal(
        fk_engine_parse_info("info depth 12 seldepth 15 multipv 3 score cp -20 lowerbound "
                             "wdl 10 980 10 nodes 9000 nps 450000 hashfull 3 tbhits 0 time 20 "
                             "pv g1f3 d7d5",
                             &pos, &line, &err),
        FK_OK);
    assert_int_equal(line.depth, 12);
    assert_int_equal(line.seldepth, 15);
    assert_int_equal(line.multipv, 3);
    assert_int_equal(line.score.value, -20);
    assert_int_equal(line.score.bound, FK_BOUND_LOWER);
    assert_int_equal(line.nodes, 9000);
    assert_int_equal(line.time_ms, 20);
    assert_int_equal(line.pv_len, 2);
    fk_score white = fk_score_for_white(line.score, &pos);
    assert_int_equal(white.value, -20);
    assert_int_equal(fk_engine_parse_info("info string hello 1 2", &pos, &line, &err),
                     FK_ERR_RANGE);
    assert_int_equal(fk_engine_parse_info("info depth 3 currmove e2e4", &pos, &line, &err),
                     FK_ERR_RANGE);
    assert_int_equal(fk_engine_parse_info("info depth 3 score cp", &pos, &line, &err),
                     FK_ERR_SYNTAX);
    assert_int_equal(
        fk_engine_parse_info("info depth 3 multipv 0 score cp 1 pv e2e4", &pos, &line, &err),
        FK_ERR_SYNTAX);
    /* a pv whose second move is not a move at all ends at it, a field */
    assert_int_equal(
        fk_engine_parse_info("info score mate 2 pv e2e4 e7e5 hashfull 5", &pos, &line, &err),
        FK_OK);
    assert_int_equal(line.pv_len, 2);
    /* promotion and castling from a position of their own */
    fk_problems problems;
    fk_problems_clear(&problems);
    const char *fen = "r3k3/6P1/8/8/8/8/8/4K2R b Kq - 0 40";
    fk_fen_parse(fen, strlen(fen), FK_FEN_STRICT, &pos, &problems);
    assert_int_equal(
        fk_engine_parse_info("info depth 1 score cp 0 pv e8c8 g7h8q d8d1 e1g1", &pos, &line, &err),
        FK_ERR_INVALID);
    assert_int_equal(
        fk_engine_parse_info("info depth 1 score cp 0 pv e8c8 e1g1 d8d1 f1d1", &pos, &line, &err),
        FK_OK);
    char san[128];
    fk_engine_line_san(&pos, &line, san, sizeof san);
    assert_string_equal(san, "40... O-O-O 41. O-O Rd1 42. Rxd1");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_engine_gives_lines_in_order),
        cmocka_unit_test(infinite_search_stops_when_asked),
        cmocka_unit_test(every_misbehaviour_is_a_clear_error),
        cmocka_unit_test(failed_starts_leave_nothing_behind),
        cmocka_unit_test(engine_that_ignores_quit_is_killed),
        cmocka_unit_test(option_that_kills_the_engine_is_reported),
        cmocka_unit_test(engines_inherit_no_descriptors),
        cmocka_unit_test(no_legal_move_is_not_sent),
        cmocka_unit_test(poll_stops_a_quiet_search),
        cmocka_unit_test(info_lines_are_read_field_by_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
