/* The connection guard: a list of open connections under one mutex, and
 * a thread that shuts down the sockets of those past their deadline.
 * shutdown() rather than close(): libmicrohttpd owns the socket, sees it
 * end, and frees the connection as if the client had gone. */
#include "guard.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

struct srv_guarded {
    srv_guarded *prev, *next;
    int fd;
    srv_phase phase;
    double since, deadline; /* monotonic seconds */
    int cut;                /* shut down already */
};

struct srv_guard {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    srv_guarded *head; /* open connections */
    int open, room_from, stopping;
};

/* Seconds on the monotonic clock. */
static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Ends a connection's socket once (the guard's lock held). */
static void cut(srv_guarded *c) {
    if (c->cut) return;
    c->cut = 1;
    shutdown(c->fd, SHUT_RDWR);
}

/* Every quarter second, cuts the connections past their deadline. */
static void *watch(void *arg) {
    srv_guard *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 250 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&g->wake, &g->lock, &until);
        double now = now_s();
        for (srv_guarded *c = g->head; c; c = c->next)
            if (c->phase != SRV_ANSWERING && now > c->deadline) cut(c);
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

srv_guard *srv_guard_start(int max_connections) {
    srv_guard *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->wake, NULL);
    g->room_from = max_connections - (max_connections + 9) / 10;
    if (pthread_create(&g->thread, NULL, watch, g) != 0) {
        pthread_cond_destroy(&g->wake);
        pthread_mutex_destroy(&g->lock);
        free(g);
        return NULL;
    }
    return g;
}

void srv_guard_stop(srv_guard *g) {
    if (!g) return;
    pthread_mutex_lock(&g->lock);
    g->stopping = 1;
    pthread_cond_signal(&g->wake);
    pthread_mutex_unlock(&g->lock);
    pthread_join(g->thread, NULL);
    while (g->head) {
        srv_guarded *c = g->head;
        g->head = c->next;
        free(c);
    }
    pthread_cond_destroy(&g->wake);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

srv_guarded *srv_guard_open(srv_guard *g, int fd, double head_s) {
    srv_guarded *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->fd = fd;
    c->phase = SRV_WAITING;
    c->since = now_s();
    c->deadline = c->since + head_s;
    pthread_mutex_lock(&g->lock);
    if (g->open >= g->room_from) {
        /* the one that has waited longest for a request makes room */
        srv_guarded *oldest = NULL;
        for (srv_guarded *o = g->head; o; o = o->next)
            if (o->phase == SRV_WAITING && !o->cut && (!oldest || o->since < oldest->since))
                oldest = o;
        if (oldest) cut(oldest);
    }
    c->next = g->head;
    if (g->head) g->head->prev = c;
    g->head = c;
    g->open++;
    pthread_mutex_unlock(&g->lock);
    return c;
}

void srv_guard_close(srv_guard *g, srv_guarded *c) {
    if (!c) return;
    pthread_mutex_lock(&g->lock);
    if (c->prev)
        c->prev->next = c->next;
    else
        g->head = c->next;
    if (c->next) c->next->prev = c->prev;
    g->open--;
    pthread_mutex_unlock(&g->lock);
    free(c);
}

void srv_guard_set(srv_guard *g, srv_guarded *c, srv_phase phase, double seconds) {
    if (!c) return;
    double now = now_s();
    pthread_mutex_lock(&g->lock);
    c->phase = phase;
    c->since = now;
    c->deadline = now + seconds;
    pthread_mutex_unlock(&g->lock);
}
