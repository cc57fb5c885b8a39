/* A byte budget: a count under a mutex, and a condition variable for
 * those waiting for bytes to come back. */
#include "budget.h"

#include <time.h>

void srv_budget_init(srv_budget *b, size_t cap) {
    pthread_mutex_init(&b->lock, NULL);
    pthread_cond_init(&b->given, NULL);
    b->cap = cap;
    b->used = 0;
}

void srv_budget_destroy(srv_budget *b) {
    pthread_cond_destroy(&b->given);
    pthread_mutex_destroy(&b->lock);
}

int srv_budget_take(srv_budget *b, size_t n) { return srv_budget_take_wait(b, n, 0); }

int srv_budget_take_wait(srv_budget *b, size_t n, double seconds) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    if (seconds > 0) {
        long long ns = until.tv_nsec + (long long)(seconds * 1e9);
        until.tv_sec += (time_t)(ns / 1000000000LL);
        until.tv_nsec = (long)(ns % 1000000000LL);
    }
    pthread_mutex_lock(&b->lock);
    int ok = n <= b->cap;
    while (ok && n > b->cap - b->used)
        if (seconds <= 0 || pthread_cond_timedwait(&b->given, &b->lock, &until) != 0) ok = 0;
    if (ok) b->used += n;
    pthread_mutex_unlock(&b->lock);
    return ok;
}

void srv_budget_give(srv_budget *b, size_t n) {
    if (!n) return;
    pthread_mutex_lock(&b->lock);
    b->used -= n;
    pthread_cond_broadcast(&b->given);
    pthread_mutex_unlock(&b->lock);
}
