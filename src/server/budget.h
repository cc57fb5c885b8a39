/* fenkit serve: a count of bytes shared by many requests (the memory of
 * the bodies being received, the memory scans may decode into), taken
 * before use and given back after. */
#ifndef FENKIT_SERVER_BUDGET_H
#define FENKIT_SERVER_BUDGET_H

#include <pthread.h>
#include <stddef.h>

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t given; /* some bytes came back */
    size_t cap, used;
} srv_budget;

void srv_budget_init(srv_budget *b, size_t cap);
void srv_budget_destroy(srv_budget *b);
/* Takes n bytes. Returns 1, or 0 (taking nothing) when fewer are left. */
int srv_budget_take(srv_budget *b, size_t n);
/* Takes n bytes, waiting up to `seconds` for others to give enough back.
 * Returns 1, or 0 when n is over the cap or the wait ran out. */
int srv_budget_take_wait(srv_budget *b, size_t n, double seconds);
/* Gives back n bytes taken before. */
void srv_budget_give(srv_budget *b, size_t n);

#endif
