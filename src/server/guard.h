/* fenkit serve: deadlines for slow senders and room for fresh clients.
 * libmicrohttpd closes a connection only when it has been idle for the
 * timeout, so a client sending a byte now and then could hold a
 * connection for ever; the guard closes what is too slow, and when the
 * connections near their limit it closes the one that has waited longest
 * for a request, so that a new client always gets in. */
#ifndef FENKIT_SERVER_GUARD_H
#define FENKIT_SERVER_GUARD_H

typedef struct srv_guard srv_guard;
typedef struct srv_guarded srv_guarded; /* one open connection */

/* Starts the guard's thread. `max_connections` open connections at most;
 * from nine tenths of them on, each new one closes the connection that
 * has waited longest for its request. Returns NULL when out of memory or
 * threads. */
srv_guard *srv_guard_start(int max_connections);
/* Stops the thread and frees the guard (every connection closed first). */
void srv_guard_stop(srv_guard *guard);

/* A connection on socket fd opened: it has `head_s` seconds to send its
 * request's head. Returns its record (NULL when out of memory: it is
 * then not guarded). */
srv_guarded *srv_guard_open(srv_guard *guard, int fd, double head_s);
/* The connection is closed; its record is freed. */
void srv_guard_close(srv_guard *guard, srv_guarded *c);

/* What a connection is doing, and how long it may take. */
typedef enum {
    SRV_WAITING,   /* for its next request's head (may be closed for a new client) */
    SRV_RECEIVING, /* a request's body */
    SRV_ANSWERING  /* the server is at work or sending: no deadline */
} srv_phase;
/* The connection c moves to `phase`, with `seconds` to finish it (ignored
 * for SRV_ANSWERING). c may be NULL. */
void srv_guard_set(srv_guard *guard, srv_guarded *c, srv_phase phase, double seconds);

#endif
