/* Tests for src/server/engines.c: the pool keeps an engine that may serve
 * again, closes one that may not, keeps no more idle ones than its cap,
 * and says why when no engine starts. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "server/engines.c"

#define FAKE FENKIT_TEST_DATA "/engine/fake-engine"

/* No child left to reap: every engine closed was waited for. */
static void assert_no_children(void) {
    errno = 0;
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
    assert_int_equal(errno, ECHILD);
}

static void an_engine_given_back_serves_again(void **state) {
    (void)state;
    setenv("FAKE_ENGINE_MODE", "good", 1);
    srv_engines *pool = srv_engines_new(FAKE, 1);
    char why[256];
    fk_engine *a = srv_engines_take(pool, why, sizeof why);
    assert_non_null(a);
    int pid = fk_engine_pid(a);
    srv_engines_give(pool, a, 1);
    fk_engine *b = srv_engines_take(pool, why, sizeof why);
    assert_int_equal(fk_engine_pid(b), pid);
    /* one the caller says not to keep is closed: the next is a new process */
    srv_engines_give(pool, b, 0);
    fk_engine *c = srv_engines_take(pool, why, sizeof why);
    assert_int_not_equal(fk_engine_pid(c), pid);
    srv_engines_give(pool, c, 1);
    srv_engines_free(pool);
    assert_no_children();
}

static void no_more_idle_engines_than_the_cap(void **state) {
    (void)state;
    setenv("FAKE_ENGINE_MODE", "good", 1);
    srv_engines *pool = srv_engines_new(FAKE, 1);
    char why[256];
    fk_engine *a = srv_engines_take(pool, why, sizeof why);
    fk_engine *b = srv_engines_take(pool, why, sizeof why);
    assert_non_null(a);
    assert_non_null(b);
    int pid_b = fk_engine_pid(b);
    srv_engines_give(pool, a, 1);
    srv_engines_give(pool, b, 1); /* the pool is full: b is closed */
    assert_int_equal(waitpid(pid_b, NULL, WNOHANG), -1);
    srv_engines_free(pool);
    assert_no_children();
}

static void a_missing_engine_says_why(void **state) {
    (void)state;
    srv_engines *pool = srv_engines_new("/nonexistent/engine", 2);
    char why[256];
    assert_null(srv_engines_take(pool, why, sizeof why));
    if (!strstr(why, "/nonexistent/engine")) fail_msg("%s", why);
    srv_engines_free(pool);
    assert_no_children();
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_engine_given_back_serves_again),
        cmocka_unit_test(no_more_idle_engines_than_the_cap),
        cmocka_unit_test(a_missing_engine_says_why),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
