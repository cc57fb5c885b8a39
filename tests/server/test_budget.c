/* Tests for src/server/budget.c: taking and giving back, the cap, and a
 * wait that another thread's give ends. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <cmocka.h>

#include "server/budget.c"

static void takes_up_to_the_cap(void **state) {
    (void)state;
    srv_budget b;
    srv_budget_init(&b, 100);
    assert_int_equal(srv_budget_take(&b, 60), 1);
    assert_int_equal(srv_budget_take(&b, 41), 0);
    assert_int_equal(srv_budget_take(&b, 40), 1);
    assert_int_equal(srv_budget_take(&b, 1), 0);
    srv_budget_give(&b, 60);
    assert_int_equal(srv_budget_take(&b, 60), 1);
    assert_int_equal(srv_budget_take_wait(&b, 101, 1.0), 0); /* never fits */
    srv_budget_destroy(&b);
}

static void *give_later(void *arg) {
    nanosleep(&(struct timespec){0, 50 * 1000 * 1000}, NULL);
    srv_budget_give(arg, 50);
    return NULL;
}

static void a_wait_ends_when_bytes_come_back(void **state) {
    (void)state;
    srv_budget b;
    srv_budget_init(&b, 100);
    assert_int_equal(srv_budget_take(&b, 80), 1);
    assert_int_equal(srv_budget_take_wait(&b, 50, 0.01), 0); /* runs out */
    pthread_t t;
    pthread_create(&t, NULL, give_later, &b);
    assert_int_equal(srv_budget_take_wait(&b, 50, 5.0), 1);
    pthread_join(t, NULL);
    assert_int_equal(b.used, 80);
    srv_budget_destroy(&b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(takes_up_to_the_cap),
        cmocka_unit_test(a_wait_ends_when_bytes_come_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
