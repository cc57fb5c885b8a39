/* fenkit puzzle: a list of items worked on by N threads, each with its own
 * engine, and handed back in input order, with a progress bar. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "common/i18n.h"
#include "puzzle.h"

typedef struct {
    const puzzle_settings *settings;
    int count, next;
    char *done;
    void (*work)(void *ctx, int i, analyse_engine *ae);
    void *ctx;
    pthread_mutex_t lock;
    pthread_cond_t changed;
} pool;

static void *worker(void *arg) {
    pool *p = arg;
    analyse_engine ae = {&p->settings->engine, NULL, NULL};
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int i = p->next < p->count ? p->next++ : -1;
        pthread_mutex_unlock(&p->lock);
        if (i < 0) break;
        p->work(p->ctx, i, &ae);
        pthread_mutex_lock(&p->lock);
        p->done[i] = 1;
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->lock);
    }
    analyse_engine_close(&ae);
    return NULL;
}

/* "[##########..........] 12/40 puzzles", written over the terminal line. */
static void progress(long done, long total, const char *what) {
    char bar[31];
    int filled = total ? (int)(done * 30 / total) : 30;
    for (int i = 0; i < 30; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[30] = 0;
    fprintf(stderr, "\r\033[K[%s] %ld/%ld %s", bar, done, total, _(what));
    fflush(stderr);
}

int puzzle_pool_run(const puzzle_settings *s, int count, int jobs,
                    void (*work)(void *ctx, int i, analyse_engine *ae),
                    void (*done)(void *ctx, int i), void *ctx, const char *what) {
    pool p = {s,
              count,
              0,
              calloc((size_t)count + 1, 1),
              work,
              ctx,
              PTHREAD_MUTEX_INITIALIZER,
              PTHREAD_COND_INITIALIZER};
    if (!p.done) return -1;
    if (jobs > count) jobs = count > 0 ? count : 1;
    pthread_t threads[64];
    int started = 0;
    for (; started < jobs && started < 64; started++)
        if (pthread_create(&threads[started], NULL, worker, &p) != 0) break;
    if (started == 0 && count > 0) {
        free(p.done);
        return -1;
    }
    int bar = isatty(2) && count > 0;
    for (int i = 0; i < count; i++) {
        pthread_mutex_lock(&p.lock);
        while (!p.done[i])
            pthread_cond_wait(&p.changed, &p.lock);
        pthread_mutex_unlock(&p.lock);
        if (bar) fputs("\r\033[K", stderr);
        done(ctx, i);
        if (bar) progress(i + 1, count, what);
    }
    if (bar) fputs("\r\033[K", stderr);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    free(p.done);
    return 0;
}
