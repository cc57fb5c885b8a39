/* Tests for src/server/jobs.c: jobs run on the workers, a full queue
 * refuses more, and stopping answers the jobs still waiting. */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "server/jobs.c"

/* A job that waits until the test opens the gate, and says how it ran. */
typedef struct {
    srv_job job;
    int ran, cancelled;
} test_job;

static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int gate_open, started;

static void run_gated(srv_job *job, int cancelled) {
    test_job *t = (test_job *)job;
    pthread_mutex_lock(&gate_lock);
    started++;
    pthread_cond_broadcast(&gate_cond);
    while (!gate_open && !cancelled) pthread_cond_wait(&gate_cond, &gate_lock);
    t->ran = 1;
    t->cancelled = cancelled;
    pthread_mutex_unlock(&gate_lock);
}

static void set_gate(int open) {
    pthread_mutex_lock(&gate_lock);
    gate_open = open;
    started = 0;
    pthread_cond_broadcast(&gate_cond);
    pthread_mutex_unlock(&gate_lock);
}

static void wait_started(int n) {
    pthread_mutex_lock(&gate_lock);
    while (started < n) pthread_cond_wait(&gate_cond, &gate_lock);
    pthread_mutex_unlock(&gate_lock);
}

static void a_full_queue_refuses_and_the_rest_run(void **state) {
    (void)state;
    set_gate(0);
    srv_jobs *jobs = srv_jobs_start(1, 1);
    assert_non_null(jobs);
    test_job a = {.job.run = run_gated}, b = {.job.run = run_gated}, c = {.job.run = run_gated};
    assert_int_equal(srv_jobs_submit(jobs, &a.job), 0);
    wait_started(1); /* a holds the only worker */
    assert_int_equal(srv_jobs_submit(jobs, &b.job), 0); /* b waits in the queue */
    assert_int_equal(srv_jobs_load(jobs), 2);
    assert_int_equal(srv_jobs_submit(jobs, &c.job), -1); /* no room for c */
    set_gate(1);
    srv_jobs_stop(jobs);
    assert_true(a.ran && !a.cancelled);
    assert_true(b.ran);
    assert_false(c.ran);
}

static int said_gone(srv_job *job) {
    (void)job;
    return 1;
}

/* A waiting job whose client has gone leaves room in a full queue; one
 * still waited for does not. */
static void gone_jobs_leave_room(void **state) {
    (void)state;
    set_gate(0);
    srv_jobs *jobs = srv_jobs_start(1, 1);
    test_job a = {.job.run = run_gated}, b = {.job.run = run_gated, .job.gone = said_gone},
             c = {.job.run = run_gated}, d = {.job.run = run_gated};
    assert_int_equal(srv_jobs_submit(jobs, &a.job), 0);
    wait_started(1);
    assert_int_equal(srv_jobs_submit(jobs, &b.job), 0);  /* fills the queue, then leaves */
    assert_int_equal(srv_jobs_submit(jobs, &c.job), 0);  /* b does not count */
    assert_int_equal(srv_jobs_submit(jobs, &d.job), -1); /* c does */
    set_gate(1);
    srv_jobs_stop(jobs);
    assert_true(a.ran && b.ran && c.ran);
    assert_false(d.ran);
}

/* srv_jobs_stop on a thread of its own. */
static void *stop_jobs(void *jobs) {
    srv_jobs_stop(jobs);
    return NULL;
}

static void stopping_cancels_waiting_jobs(void **state) {
    (void)state;
    set_gate(0);
    srv_jobs *jobs = srv_jobs_start(1, 4);
    test_job a = {.job.run = run_gated}, b = {.job.run = run_gated}, c = {.job.run = run_gated};
    assert_int_equal(srv_jobs_submit(jobs, &a.job), 0);
    wait_started(1);
    assert_int_equal(srv_jobs_submit(jobs, &b.job), 0);
    assert_int_equal(srv_jobs_submit(jobs, &c.job), 0);
    pthread_t stopper;
    pthread_create(&stopper, NULL, stop_jobs, jobs);
    /* once the queue is stopping, let a finish: b and c are then cancelled */
    for (;;) {
        pthread_mutex_lock(&jobs->lock);
        int stopping = jobs->stopping;
        pthread_mutex_unlock(&jobs->lock);
        if (stopping) break;
        sched_yield();
    }
    set_gate(1);
    pthread_join(stopper, NULL);
    assert_true(a.ran && !a.cancelled);
    assert_true(b.ran && b.cancelled);
    assert_true(c.ran && c.cancelled);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_full_queue_refuses_and_the_rest_run),
        cmocka_unit_test(gone_jobs_leave_room),
        cmocka_unit_test(stopping_cancels_waiting_jobs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
