/* fenkit serve: the engines of the analyses, kept between requests. A
 * request takes one (an idle one, or a new process) and gives it back; the
 * number running at once is bounded by the analysis workers (http.c), and
 * at most that many idle ones are kept. */
#ifndef FENKIT_SERVER_ENGINES_H
#define FENKIT_SERVER_ENGINES_H

#include <stddef.h>

#include "fenkit/engine.h"

typedef struct srv_engines srv_engines;

/* A pool for the engine at `path` (NULL: stockfish on PATH or in
 * /usr/games) keeping at most `idle_cap` idle engines. NULL when out of
 * memory. */
srv_engines *srv_engines_new(const char *path, int idle_cap);
/* Closes every idle engine and frees the pool; every engine taken must
 * have been given back. */
void srv_engines_free(srv_engines *pool);

/* An engine ready for a search: an idle one, or a new one started. NULL
 * with a sentence in why (why_cap bytes) when none can be started. */
fk_engine *srv_engines_take(srv_engines *pool, char *why, size_t why_cap);
/* Gives an engine back: kept for the next request when `reusable` (its
 * options are still the defaults and it answered well), else closed. */
void srv_engines_give(srv_engines *pool, fk_engine *engine, int reusable);

#endif
