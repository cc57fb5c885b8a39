/* fenkit serve: the web server, as the command line starts and stops it.
 * It answers the JSON API (api.h) and the built-in page (assets.h) on
 * libmicrohttpd's own thread pool; scans run on workers of their own. */
#ifndef FENKIT_SERVER_SERVER_H
#define FENKIT_SERVER_SERVER_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    const char *host;    /* numeric IPv4 or IPv6 address, or "localhost" */
    int port;            /* 0: any free port (srv_port says which) */
    int threads;         /* HTTP threads; 0: one per CPU */
    int scan_slots;      /* scans running at once; 0: one per CPU */
    int scan_queue;      /* scans waiting beyond those; more get 429 */
    int timeout_s;       /* idle connection timeout, and longest wait for a scan */
    int max_connections; /* open connections at once */
    int per_ip;          /* open connections from one address; 0: no limit */
    size_t body_memory;  /* bytes all request bodies may hold together; more get 503 */
    size_t scan_memory;  /* bytes the scans running may decode into together; a
                          * picture that needs more alone gets 413 */
    const char *engine;  /* the UCI engine of /api/analyse; NULL: stockfish */
    int analyses;        /* analyses running at once; more get 429 */
    int analysis_s;      /* longest an analysis may run */
    FILE *log;           /* one line per request, or NULL */
} srv_options;

typedef struct srv_server srv_server;

/* Fills opts with the defaults: 127.0.0.1:8080, one thread per CPU, a
 * queue of 16 scans, 10 s timeout, 1000 connections, 64 MB for request
 * bodies, 384 MB for scans, Stockfish for 2 analyses at once of at most
 * 60 s each, no log. */
void srv_options_default(srv_options *opts);

/* Starts serving in background threads. Returns NULL with a sentence in
 * error (error_cap bytes) when it cannot (address in use, bad host). */
srv_server *srv_start(const srv_options *opts, char *error, size_t error_cap);
/* The port it listens on. */
int srv_port(const srv_server *srv);
/* Answers the scans still waiting, stops the threads and frees srv. */
void srv_stop(srv_server *srv);

#endif
