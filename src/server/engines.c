/* The engine pool: a stack of idle engines under a mutex. Starting an
 * engine happens outside the lock, since it waits on the process. */
#include "engines.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct srv_engines {
    pthread_mutex_t lock;
    char *path; /* NULL: the default */
    int idle_count, idle_cap;
    fk_engine *idle[];
};

srv_engines *srv_engines_new(const char *path, int idle_cap) {
    srv_engines *pool = calloc(1, sizeof *pool + (size_t)idle_cap * sizeof(fk_engine *));
    if (!pool) return NULL;
    if (path && !(pool->path = strdup(path))) {
        free(pool);
        return NULL;
    }
    pthread_mutex_init(&pool->lock, NULL);
    pool->idle_cap = idle_cap;
    return pool;
}

void srv_engines_free(srv_engines *pool) {
    if (!pool) return;
    for (int i = 0; i < pool->idle_count; i++)
        fk_engine_close(pool->idle[i]);
    pthread_mutex_destroy(&pool->lock);
    free(pool->path);
    free(pool);
}

fk_engine *srv_engines_take(srv_engines *pool, char *why, size_t why_cap) {
    fk_engine *engine = NULL;
    pthread_mutex_lock(&pool->lock);
    if (pool->idle_count) engine = pool->idle[--pool->idle_count];
    pthread_mutex_unlock(&pool->lock);
    if (engine) return engine;
    fk_error err;
    if (fk_engine_open(pool->path, 0, &engine, &err) != FK_OK) {
        snprintf(why, why_cap, "%s", err.message);
        return NULL;
    }
    /* one thread each, so that the analyses running at once share the
     * CPUs as the pool's size says */
    if (fk_engine_set_option(engine, "Threads", "1", &err) != FK_OK) {
        snprintf(why, why_cap, "%s", err.message);
        fk_engine_close(engine);
        return NULL;
    }
    return engine;
}

void srv_engines_give(srv_engines *pool, fk_engine *engine, int reusable) {
    if (!engine) return;
    pthread_mutex_lock(&pool->lock);
    if (reusable && pool->idle_count < pool->idle_cap) {
        pool->idle[pool->idle_count++] = engine;
        engine = NULL;
    }
    pthread_mutex_unlock(&pool->lock);
    fk_engine_close(engine); /* outside the lock: it may wait a moment */
}
