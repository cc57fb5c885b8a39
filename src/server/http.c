/* The HTTP side of `fenkit serve`: libmicrohttpd's callbacks, routing,
 * body limits, security headers, scans handed to the job queue, and
 * analyses streamed from the engine pool. */
#define _GNU_SOURCE /* POLLRDHUP */
#include <microhttpd.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "api.h"
#include "lazy.h"
#include "assets.h"
#include "budget.h"
#include "engines.h"
#include "guard.h"
#include "jobs.h"
#include "server.h"

/* libmicrohttpd (and GnuTLS behind it) is opened when a server starts, not
 * whenever fenkit runs (see lazy.h). */
#define MHD_FUNCTIONS(X) \
    X(MHD_add_response_header) \
    X(MHD_create_response_from_buffer) \
    X(MHD_create_response_from_callback) \
    X(MHD_destroy_response) \
    X(MHD_get_connection_info) \
    X(MHD_get_connection_values) \
    X(MHD_get_daemon_info) \
    X(MHD_lookup_connection_value) \
    X(MHD_queue_response) \
    X(MHD_resume_connection) \
    X(MHD_start_daemon) \
    X(MHD_stop_daemon) \
    X(MHD_suspend_connection)

static struct {
    MHD_FUNCTIONS(LAZY_FIELD)
} mhd;
static pthread_once_t mhd_once = PTHREAD_ONCE_INIT;
static char mhd_problem[200]; /* empty once every function was found */

/* Opens libmicrohttpd and finds every function, or says what is missing. */
static void mhd_open(void) {
    static const char *const libraries[] = {"libmicrohttpd.so.12"};
    static const char *const names[] = {MHD_FUNCTIONS(LAZY_NAME)};
    _Static_assert(sizeof mhd == sizeof names, "one pointer per function");
    lazy_load(libraries, 1, names, (int)(sizeof names / sizeof names[0]), &mhd,
              "fenkit serve (Debian: libmicrohttpd12)", mhd_problem, sizeof mhd_problem);
}

struct srv_server {
    struct MHD_Daemon *daemon;
    srv_jobs *jobs;
    srv_jobs *analyses; /* one worker per analysis running at once, no queue */
    srv_engines *engines;
    srv_guard *guard;
    srv_budget bodies; /* memory of the request bodies being held */
    srv_budget scans;  /* memory the scans running may decode into */
    srv_options opts;
    int port;
    atomic_int stopping; /* set first by srv_stop: the analyses end */
    /* held while a request is handed to a worker and suspended, so that
     * the worker cannot resume it before it is suspended */
    pthread_mutex_t handoff;
};

/* What an API path does. */
typedef enum {
    ROUTE_CHECK,
    ROUTE_MOVES,
    ROUTE_DIFF,
    ROUTE_SCAN,
    ROUTE_RENDER,
    ROUTE_INFO,
    ROUTE_MESSAGES,
    ROUTE_ANALYSE,
    ROUTE_LEARN_SET
} route_kind;

typedef struct {
    const char *path;
    const char *method; /* GET routes answer HEAD too */
    route_kind kind;
    size_t body_limit; /* 0: no body expected */
} route;

static const route routes[] = {
    {"/api/check", "POST", ROUTE_CHECK, SRV_MAX_FEN_BODY},
    {"/api/moves", "POST", ROUTE_MOVES, SRV_MAX_FEN_BODY},
    {"/api/diff", "POST", ROUTE_DIFF, 2 * SRV_MAX_FEN_BODY},
    {"/api/scan", "POST", ROUTE_SCAN, SRV_MAX_IMAGE_BODY},
    {"/api/learn-set", "POST", ROUTE_LEARN_SET, SRV_MAX_IMAGE_BODY},
    {"/api/render.svg", "GET", ROUTE_RENDER, 0},
    {"/api/info", "GET", ROUTE_INFO, 0},
    {"/api/messages", "GET", ROUTE_MESSAGES, 0},
    {"/api/analyse", "GET", ROUTE_ANALYSE, 0},
};

/* Where a request stands. An analysis waits for its engine as a scan
 * waits for its scanner, then streams. */
typedef enum { REQ_RECEIVING, REQ_SCANNING, REQ_SCANNED, REQ_STREAMING } request_state;

typedef struct stream stream;

/* One request, from its first callback to its completion. The job comes
 * first so that a srv_job pointer is also the request's. */
typedef struct {
    srv_job job;
    srv_server *srv;
    struct MHD_Connection *conn;
    srv_guarded *guarded; /* its connection's deadlines */
    int fd;               /* its connection's socket, to see whether the client left */
    size_t scan_bytes;    /* what its scan may take of srv->scans */
    const route *route;
    request_state state;
    char *body;
    size_t body_len, body_cap;
    long long declared; /* Content-Length, or -1 */
    size_t reserved;    /* bytes of the server's body budget it holds */
    size_t refused; /* bytes beyond the route's limit, read and thrown away */
    const srv_asset *asset; /* a built-in file to send */
    const char *allow;      /* the Allow header of a 405 */
    srv_reply reply;        /* an early error, or a finished scan's answer */
    srv_analysis analysis;  /* what an analysis asks */
    stream *stream;         /* an analysis's events, once its engine runs, until
                               its response holds them */
    int status; /* sent, for the log */
    struct timespec started;
    int begun; /* the access handler has seen the request */
    char method[8];
    char path[80];
} request;

/* The policy every answer carries: only this server's own scripts,
 * styles, images and API; no framing, no plugins, no forms elsewhere. */
static const char csp[] =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/* The headers on every answer, and those only a document shown in a
 * browser needs (the page, its files, SVG diagrams). */
typedef struct {
    const char *name, *value;
} header;
static const header every_answer[] = {{"Content-Security-Policy", csp}, {"X-Content-Type-Options", "nosniff"}};
static const header documents[] = {
    {"X-Frame-Options", "DENY"},
    {"Referrer-Policy", "no-referrer"},
    {"Cross-Origin-Opener-Policy", "same-origin"},
    {"Cross-Origin-Resource-Policy", "same-origin"},
    {"Permissions-Policy", "camera=(), microphone=(), geolocation=()"},
};

/* Adds the headers every response carries, and a document's. */
static void add_headers(struct MHD_Response *resp, const char *type, int is_asset) {
    mhd.MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    for (size_t i = 0; i < sizeof every_answer / sizeof every_answer[0]; i++)
        mhd.MHD_add_response_header(resp, every_answer[i].name, every_answer[i].value);
    mhd.MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, is_asset ? "no-cache" : "no-store");
    if (strncmp(type, "application/json", 16) == 0) return;
    for (size_t i = 0; i < sizeof documents / sizeof documents[0]; i++)
        mhd.MHD_add_response_header(resp, documents[i].name, documents[i].value);
}

/* Writes a JSON error straight to the connection's socket and shuts it
 * down, for the few cases libmicrohttpd would otherwise answer itself (in
 * HTML) or not at all. libmicrohttpd then finds the socket closed and
 * frees the connection. */
static void answer_raw(struct MHD_Connection *conn, int status, const char *reason, const char *code,
                       const char *message) {
    const union MHD_ConnectionInfo *info =
        mhd.MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!info) return;
    srv_reply reply = {0};
    srv_reply_error(&reply, status, code, "%s", message);
    srv_buf out = {0};
    srv_buf_printf(&out, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\n", status, reason);
    for (size_t i = 0; i < sizeof every_answer / sizeof every_answer[0]; i++)
        srv_buf_printf(&out, "%s: %s\r\n", every_answer[i].name, every_answer[i].value);
    srv_buf_printf(&out, "Cache-Control: no-store\r\nConnection: close\r\nContent-Length: %zu\r\n\r\n",
                   reply.body.len);
    srv_buf_add(&out, reply.body.data, reply.body.len);
    if (!out.failed && !reply.body.failed) {
        /* a fresh socket's buffer takes a reply this small whole */
        ssize_t sent = send(info->connect_fd, out.data, out.len, MSG_NOSIGNAL | MSG_DONTWAIT);
        (void)sent;
    }
    shutdown(info->connect_fd, SHUT_RDWR);
    srv_buf_free(&out);
    srv_reply_free(&reply);
}

/* Sends a reply (taking over its body) and records its status. */
static enum MHD_Result send_reply(request *r, srv_reply *reply, const char *allow) {
    struct MHD_Response *resp;
    if (reply->body.len)
        resp = mhd.MHD_create_response_from_buffer(reply->body.len, reply->body.data,
                                               MHD_RESPMEM_MUST_FREE);
    else
        resp = mhd.MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (!resp) {
        srv_reply_free(reply);
        return MHD_NO;
    }
    if (reply->body.len) reply->body = (srv_buf){0}; /* the response owns it now */
    add_headers(resp, reply->type ? reply->type : "application/json", 0);
    if (allow) mhd.MHD_add_response_header(resp, "Allow", allow);
    if (reply->status == 429 || reply->status == 503)
        mhd.MHD_add_response_header(resp, "Retry-After", "1");
    r->status = reply->status;
    enum MHD_Result ok = mhd.MHD_queue_response(r->conn, (unsigned)reply->status, resp);
    mhd.MHD_destroy_response(resp);
    return ok;
}

/* Sends a JSON error. */
static enum MHD_Result send_error(request *r, int status, const char *code, const char *allow,
                                  const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
static enum MHD_Result send_error(request *r, int status, const char *code, const char *allow,
                                  const char *fmt, ...) {
    char message[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    srv_reply reply = {0};
    srv_reply_error(&reply, status, code, "%s", message);
    return send_reply(r, &reply, allow);
}

/* Sends a built-in file. */
static enum MHD_Result send_asset(request *r, const srv_asset *asset) {
    struct MHD_Response *resp =
        mhd.MHD_create_response_from_buffer(asset->len, (void *)asset->data, MHD_RESPMEM_PERSISTENT);
    if (!resp) return MHD_NO;
    add_headers(resp, asset->type, 1);
    r->status = 200;
    enum MHD_Result ok = mhd.MHD_queue_response(r->conn, MHD_HTTP_OK, resp);
    mhd.MHD_destroy_response(resp);
    return ok;
}

/* A query argument of the request (ctx is its connection), or NULL. */
static const char *query_arg(void *ctx, const char *name) {
    return mhd.MHD_lookup_connection_value(ctx, MHD_GET_ARGUMENT_KIND, name);
}

/* A header line's value of the request (ctx is its connection), or NULL. */
static const char *header_value(void *ctx, const char *name) {
    return mhd.MHD_lookup_connection_value(ctx, MHD_HEADER_KIND, name);
}

/* The request as the API handlers see it. */
static srv_request api_request(request *r) {
    return (srv_request){r->body ? r->body : "", r->body_len, query_arg, r->conn, header_value};
}

/* 1 when the client of a suspended request has closed its connection
 * (libmicrohttpd does not watch a suspended one). */
static int client_gone(int fd) {
    struct pollfd p = {.fd = fd, .events = POLLIN | POLLRDHUP};
    return poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLERR | POLLRDHUP));
}

/* Wakes a request handed to a worker, once its handler has suspended it
 * (a worker with an idle engine may be done before that). */
static void resume_request(request *r) {
    pthread_mutex_lock(&r->srv->handoff);
    pthread_mutex_unlock(&r->srv->handoff);
    mhd.MHD_resume_connection(r->conn);
}

/* Asked between a scan's steps: 1 once its client has left or the server
 * is stopping, so that a scan nobody waits for gives its slot up. */
static int scan_gone(void *ctx) {
    request *r = ctx;
    return r->srv->stopping || client_gone(r->fd);
}

/* srv_job.gone: the client of a queued request has closed its connection. */
static int job_gone(srv_job *job) { return client_gone(((request *)job)->fd); }

/* Runs on a scan worker: scans, then wakes the connection up so that
 * libmicrohttpd calls on_request again to send the reply. A scan whose
 * client has left is dropped; one waits for the memory it may decode
 * into, as long as its time in the queue allows. */
static void run_scan(srv_job *job, int cancelled) {
    request *r = (request *)job;
    double waited = srv_seconds_since(&job->queued_at);
    double timeout = r->srv->opts.timeout_s;
    if (cancelled) {
        srv_reply_error(&r->reply, 503, "stopping", "the server is stopping");
    } else if (client_gone(r->fd)) {
        srv_reply_error(&r->reply, 503, "gone", "the client closed the connection before its scan began");
    } else if (waited > timeout || !srv_budget_take_wait(&r->srv->scans, r->scan_bytes, timeout - waited)) {
        srv_reply_error(&r->reply, 503, "timed-out",
                        "the picture waited %.0f s for a free scanner; try again", srv_seconds_since(&job->queued_at));
    } else {
        srv_request req = api_request(r);
        int stopped = r->route->kind == ROUTE_LEARN_SET
                          ? srv_api_learn_set_run(&req, &r->reply, scan_gone, r)
                          : srv_api_scan_run(&req, &r->reply, scan_gone, r);
        if (stopped && r->srv->stopping)
            srv_reply_error(&r->reply, 503, "stopping", "the server is stopping");
        else if (stopped && r->srv->opts.log)
            fprintf(r->srv->opts.log, "- POST %s stopped: its client closed the connection\n",
                    r->route->path);
        srv_budget_give(&r->srv->scans, r->scan_bytes);
    }
    r->state = REQ_SCANNED;
    resume_request(r);
}

/* An analysis's events on their way to the client: the worker appends,
 * libmicrohttpd reads. While nothing is pending the connection is
 * suspended, and the worker's next event wakes it. The stream lives until
 * both the worker and the response are done with it. */
struct stream {
    pthread_mutex_t lock;
    srv_buf out; /* out.data + sent .. out.len: not sent yet */
    size_t sent;
    int ended;   /* the worker will add nothing more */
    int waiting; /* the connection is suspended until there is more */
    int closed;  /* libmicrohttpd is done with the response */
    int refs;
    struct MHD_Connection *conn;
    int fd;
    srv_server *srv;
};

/* Events beyond this many unsent bytes are dropped (a later one says the
 * same, deeper), so a client that reads slowly costs no more memory. */
#define STREAM_BACKLOG (64 * 1024)

static void stream_unref(stream *st) {
    pthread_mutex_lock(&st->lock);
    int last = --st->refs == 0;
    pthread_mutex_unlock(&st->lock);
    if (!last) return;
    srv_buf_free(&st->out);
    pthread_mutex_destroy(&st->lock);
    free(st);
}

/* Wakes the suspended connection (the stream's lock held). */
static void stream_wake(stream *st) {
    if (!st->waiting || st->closed) return;
    st->waiting = 0;
    mhd.MHD_resume_connection(st->conn);
}

/* srv_event_fn: appends one event. Returns 1 when the client has gone
 * (or the server is stopping), which stops the search. */
static int stream_send(void *ctx, const char *event, const char *data, size_t len) {
    stream *st = ctx;
    pthread_mutex_lock(&st->lock);
    /* a suspended connection is not watched by libmicrohttpd */
    int gone = st->closed || st->srv->stopping || (st->waiting && client_gone(st->fd));
    int last = event && strcmp(event, "info") != 0;
    if (!gone && event && (last || st->out.len - st->sent < STREAM_BACKLOG)) {
        srv_buf_printf(&st->out, "event: %s\ndata: ", event);
        srv_buf_add(&st->out, data, len);
        srv_buf_puts(&st->out, "\n\n");
        gone = st->out.failed;
        stream_wake(st);
    }
    pthread_mutex_unlock(&st->lock);
    return gone;
}

/* libmicrohttpd's reader of a streamed response. */
static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max) {
    (void)pos;
    stream *st = cls;
    pthread_mutex_lock(&st->lock);
    size_t n = st->out.len - st->sent;
    if (n > max) n = max;
    if (n) {
        memcpy(buf, st->out.data + st->sent, n);
        st->sent += n;
        if (st->sent == st->out.len) st->out.len = st->sent = 0;
    } else if (!st->ended) {
        st->waiting = 1;
        mhd.MHD_suspend_connection(st->conn);
    }
    int ended = st->ended || st->out.failed;
    pthread_mutex_unlock(&st->lock);
    return n ? (ssize_t)n : ended ? MHD_CONTENT_READER_END_OF_STREAM : 0;
}

/* libmicrohttpd is done with the response (sent, or the client left). */
static void stream_closed(void *cls) {
    stream *st = cls;
    pthread_mutex_lock(&st->lock);
    st->closed = 1;
    pthread_mutex_unlock(&st->lock);
    stream_unref(st);
}

/* Runs on an analysis worker: takes an engine (503 when there is none),
 * wakes the connection to start the stream, and runs the search until its
 * time is up or the client leaves. */
static void run_analysis(srv_job *job, int cancelled) {
    request *r = (request *)job;
    srv_server *srv = r->srv;
    char why[400];
    fk_engine *engine = NULL;
    stream *st = NULL;
    if (cancelled || srv->stopping)
        srv_reply_error(&r->reply, 503, "stopping", "the server is stopping");
    else if (client_gone(r->fd))
        srv_reply_error(&r->reply, 503, "gone",
                        "the client closed the connection before its analysis began");
    else if (!(engine = srv_engines_take(srv->engines, why, sizeof why)))
        srv_reply_error(&r->reply, 503, "no-engine",
                        "no engine to analyse with (%s); the rest of fenkit works without one",
                        why);
    else if (!(st = calloc(1, sizeof *st)))
        srv_reply_error(&r->reply, 500, "out-of-memory", "the server ran out of memory");
    if (!st) {
        srv_engines_give(srv->engines, engine, 1);
        r->state = REQ_SCANNED;
        resume_request(r);
        return;
    }
    pthread_mutex_init(&st->lock, NULL);
    st->refs = 2; /* the worker's, and the response's once queued */
    st->conn = r->conn;
    st->fd = r->fd;
    st->srv = srv;
    srv_analysis a = r->analysis; /* r may be freed once the stream has begun */
    r->stream = st;
    r->state = REQ_STREAMING;
    resume_request(r);
    int reusable = srv_analysis_run(&a, engine, srv->opts.analysis_s * 1000, stream_send, st);
    srv_engines_give(srv->engines, engine, reusable);
    pthread_mutex_lock(&st->lock);
    st->ended = 1;
    stream_wake(st);
    pthread_mutex_unlock(&st->lock);
    stream_unref(st);
}

/* Sends the stream of an analysis whose engine runs. */
static enum MHD_Result send_stream(request *r) {
    stream *st = r->stream;
    r->stream = NULL; /* the response's now: it calls stream_closed */
    struct MHD_Response *resp = mhd.MHD_create_response_from_callback(
        MHD_SIZE_UNKNOWN, 4096, stream_read, st, stream_closed);
    if (!resp) {
        stream_closed(st);
        return MHD_NO;
    }
    add_headers(resp, "text/event-stream", 0);
    r->status = 200;
    enum MHD_Result ok = mhd.MHD_queue_response(r->conn, MHD_HTTP_OK, resp);
    mhd.MHD_destroy_response(resp);
    return ok;
}

/* 1 when the picture of a scan request is too large to decode here, with
 * a 413 in reply; else 0, and the memory its scan may take is noted. */
static int picture_too_large(request *r, const srv_request *req, srv_reply *reply) {
    long w, h;
    double pixels;
    size_t at = r->route->kind == ROUTE_SCAN ? srv_scan_picture_at(req) : 0; /* after a set */
    if (!srv_picture_size((const unsigned char *)r->body + at, r->body_len - at, &w, &h, &pixels))
        return 0;
    double bytes = pixels * SRV_SCAN_BYTES_PER_PIXEL;
    if (bytes <= (double)r->srv->scans.cap) {
        r->scan_bytes = (size_t)bytes;
        return 0;
    }
    srv_reply_error(reply, 413, "too-large",
                    "the picture is %ld x %ld pixels: reading it would take about %.0f MB, over this "
                    "server's limit of %zu MB",
                    w, h, bytes / (1 << 20), r->srv->scans.cap >> 20);
    return 1;
}

/* Gives the request to a worker of `jobs` and suspends its connection
 * until the worker resumes it; a 429 when every worker is busy (`busy`
 * says with what). */
static enum MHD_Result hand_over(request *r, srv_jobs *jobs, const char *busy) {
    pthread_mutex_lock(&r->srv->handoff);
    r->state = REQ_SCANNING; /* before the worker may set what follows */
    int queued = srv_jobs_submit(jobs, &r->job) == 0;
    if (queued)
        mhd.MHD_suspend_connection(r->conn);
    else
        r->state = REQ_RECEIVING;
    pthread_mutex_unlock(&r->srv->handoff);
    if (queued) return MHD_YES;
    return send_error(r, 429, "busy", NULL, "%d %s; try again in a moment", srv_jobs_load(jobs),
                      busy);
}

/* Answers a request whose body (if any) has been received in full. */
static enum MHD_Result answer(request *r) {
    srv_request req = api_request(r);
    srv_reply reply = {0};
    switch (r->route->kind) {
    case ROUTE_CHECK: srv_api_check(&req, &reply); break;
    case ROUTE_MOVES: srv_api_moves(&req, &reply); break;
    case ROUTE_DIFF: srv_api_diff(&req, &reply); break;
    case ROUTE_MESSAGES: srv_api_messages(&req, &reply); break;
    case ROUTE_RENDER: srv_api_render_svg(&req, &reply); break;
    case ROUTE_INFO:
        srv_api_info(&req, &reply, r->srv->opts.scan_slots, r->srv->opts.scan_queue);
        break;
    case ROUTE_ANALYSE:
        if (!srv_analysis_read(&req, &r->analysis, &reply)) break;
        r->job.run = run_analysis;
        return hand_over(r, r->srv->analyses, "analyses are running, this server's limit");
    case ROUTE_SCAN:
        if (srv_api_scan_accept(&req, &reply) || picture_too_large(r, &req, &reply)) break;
        return hand_over(r, r->srv->jobs, "pictures are being scanned or waiting");
    case ROUTE_LEARN_SET:
        /* a set is learnt on the scan workers, within their memory */
        if (srv_api_learn_set_accept(&req, &reply) || picture_too_large(r, &req, &reply)) break;
        return hand_over(r, r->srv->jobs, "pictures are being scanned or waiting");
    }
    return send_reply(r, &reply, NULL);
}

/* The body's declared length, or -1 when none was declared. */
static long long declared_length(struct MHD_Connection *conn) {
    const char *text = mhd.MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (!text) return -1;
    char *end;
    long long n = strtoll(text, &end, 10);
    return end == text || *end || n < 0 ? -1 : n;
}

/* A body this large that comes with a request refused from its headers
 * is read and dropped, so the connection can carry the next request;
 * a larger one closes the connection instead. */
#define DRAIN_LIMIT SRV_MAX_FEN_BODY

/* What the header lines say about the request's framing, and their size. */
typedef struct {
    size_t bytes;              /* all lines, with their separators */
    const char *length;        /* the first Content-Length */
    int lengths_differ;        /* another Content-Length says otherwise */
    int host, transfer_coding; /* Host and Transfer-Encoding seen */
} header_tally;

static enum MHD_Result count_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    header_tally *t = cls;
    t->bytes += strlen(key) + (value ? strlen(value) : 0) + 4;
    if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
        if (!t->length) t->length = value ? value : "";
        else if (strcmp(t->length, value ? value : "") != 0) t->lengths_differ = 1;
    }
    if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) t->host = 1;
    if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) t->transfer_coding = 1;
    return MHD_YES;
}

/* The length of the query's arguments as decoded, with their '=' and
 * '&' (the length as sent, less its percent escapes). */
static enum MHD_Result count_argument(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    *(size_t *)cls += strlen(key) + (value ? strlen(value) + 1 : 0) + 1;
    return MHD_YES;
}

/* Records an error to send once the request's body (if any) is in. */
static void refuse(request *r, int status, const char *code, const char *allow, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
static void refuse(request *r, int status, const char *code, const char *allow, const char *fmt, ...) {
    char message[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    srv_reply_error(&r->reply, status, code, "%s", message);
    r->allow = allow;
}

/* Refuses a body the shared budget has no room for. */
static void refuse_busy(request *r) {
    refuse(r, 503, "busy", NULL, "the server is receiving %zu MB of requests already; try again in a moment",
           r->srv->bodies.cap >> 20);
}

/* The first call for a request: finds what it asks for and decides what
 * needs no body (files, GETs, wrong paths). Nothing is queued yet:
 * libmicrohttpd closes a connection whose reply is queued before the
 * request was read to its end. Returns MHD_NO only when the reply must go
 * out at once (a body too big to read). */
static enum MHD_Result begin(request *r, const char *url, const char *method, const char *version) {
    int get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    long long len = r->declared = declared_length(r->conn);
    header_tally headers = {0};
    mhd.MHD_get_connection_values(r->conn, MHD_HEADER_KIND, count_header, &headers);
    size_t uri_len = strlen(url);
    mhd.MHD_get_connection_values(r->conn, MHD_GET_ARGUMENT_KIND, count_argument, &uri_len);
    if (headers.lengths_differ || (headers.length && headers.transfer_coding)) {
        /* where the body ends is in doubt, so nothing after it can be read */
        refuse(r, 400, "bad-request", NULL, "the request says its body's length twice, differently");
        return MHD_NO;
    }
    if (!headers.host && strcmp(version, MHD_HTTP_VERSION_1_1) == 0)
        refuse(r, 400, "bad-request", NULL, "an HTTP/1.1 request must name its Host");
    else if (uri_len > SRV_MAX_URI)
        refuse(r, 414, "too-long", NULL, "the request's URL is %zu bytes or more, over the limit of %d",
               uri_len, SRV_MAX_URI);
    else if (headers.bytes > SRV_MAX_HEADERS)
        refuse(r, 431, "headers-too-large", NULL, "the request's headers are %zu bytes, over the limit of %d",
               headers.bytes, SRV_MAX_HEADERS);
    if (r->reply.status) return len > DRAIN_LIMIT ? MHD_NO : MHD_YES;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        if (strcmp(url, routes[i].path) != 0) continue;
        r->route = &routes[i];
        int is_get = strcmp(routes[i].method, "GET") == 0;
        if (is_get ? !get : strcmp(method, routes[i].method) != 0)
            refuse(r, 405, "method-not-allowed", is_get ? "GET, HEAD" : routes[i].method,
                   "%s takes %s requests", url, is_get ? "GET" : routes[i].method);
        else if (len > (long long)routes[i].body_limit) {
            /* refused from Content-Length, before any of it is read */
            refuse(r, 413, "too-large", NULL, "%s accepts at most %zu bytes", url, routes[i].body_limit);
            return MHD_NO;
        } else if (len > 0) {
            /* a declared body holds its share of the budget from the start,
             * so that a refusal comes before any of it is sent */
            if (srv_budget_take(&r->srv->bodies, (size_t)len + 1)) r->reserved = (size_t)len + 1;
            else refuse_busy(r);
        }
        break;
    }
    if (!r->route) {
        r->asset = srv_asset_find(url);
        if (r->asset && !get) {
            refuse(r, 405, "method-not-allowed", "GET, HEAD", "%s takes GET requests", url);
            r->asset = NULL;
        } else if (!r->asset) {
            refuse(r, 404, "not-found", NULL, "there is nothing at %s", url);
        }
    }
    return r->reply.status && len > DRAIN_LIMIT ? MHD_NO : MHD_YES;
}

/* Keeps up to the route's limit of the body; counts and drops the rest. */
static enum MHD_Result receive(request *r, const char *data, size_t size) {
    size_t limit = r->route ? r->route->body_limit : 0;
    if (r->reply.status || r->asset) {
        /* an answer is decided: the body is only read to keep the connection */
        if (limit < DRAIN_LIMIT) limit = DRAIN_LIMIT;
        r->refused += size;
        return r->refused > 4 * limit ? MHD_NO : MHD_YES;
    }
    if (r->refused || r->body_len + size > limit) {
        r->refused += size;
        /* a sender that goes on and on is cut off rather than read forever */
        return r->refused > 4 * limit ? MHD_NO : MHD_YES;
    }
    if (r->body_len + size + 1 > r->body_cap) {
        /* A declared body gets its whole buffer at once: its share of the
         * budget was taken, and its pages are touched only as it arrives.
         * A chunked one doubles, taking from the budget as it grows. */
        size_t cap = r->reserved;
        if (r->declared < 0) {
            cap = r->body_cap ? r->body_cap : 4096;
            while (cap < r->body_len + size + 1) cap *= 2;
            if (cap > limit + 1) cap = limit + 1;
        }
        if (cap < r->body_len + size + 1) return MHD_NO; /* more than it declared */
        if (cap > r->reserved) {
            if (!srv_budget_take(&r->srv->bodies, cap - r->reserved)) {
                refuse_busy(r);
                free(r->body);
                r->body = NULL;
                r->body_len = r->body_cap = 0;
                r->refused = size;
                return MHD_YES;
            }
            r->reserved = cap;
        }
        char *body = realloc(r->body, cap);
        if (!body) return MHD_NO;
        r->body = body;
        r->body_cap = cap;
    }
    memcpy(r->body + r->body_len, data, size);
    r->body_len += size;
    r->body[r->body_len] = '\0';
    return MHD_YES;
}

/* How long a request's body may take: the timeout, and a second for
 * every SRV_MIN_UPLOAD_RATE bytes it declares (or may send, when chunked). */
static double body_seconds(const request *r) {
    long long len = r->declared;
    if (len < 0) len = r->route ? (long long)r->route->body_limit : DRAIN_LIMIT;
    return r->srv->opts.timeout_s + (double)len / SRV_MIN_UPLOAD_RATE;
}

/* A new request's record; NULL when out of memory. */
static request *request_new(srv_server *srv, struct MHD_Connection *conn) {
    request *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->srv = srv;
    r->conn = conn;
    r->job.run = run_scan;
    r->job.gone = job_gone;
    clock_gettime(CLOCK_MONOTONIC, &r->started);
    const union MHD_ConnectionInfo *info = mhd.MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    r->guarded = info ? info->socket_context : NULL;
    info = mhd.MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    r->fd = info ? info->connect_fd : -1;
    return r;
}

/* What the URI callback gives the access handler for a request it has
 * answered itself: nothing is allocated there, since libmicrohttpd does
 * not always report the end of a request it could not parse. */
static const char answered_early;

/* libmicrohttpd's URI callback: the first look at a request, before its
 * query is split into arguments in the connection's fixed memory. More
 * arguments than that memory holds would leave the connection unanswered
 * until the timeout, so such a query is refused here. */
static void *on_uri(void *cls, const char *uri, struct MHD_Connection *conn) {
    srv_server *srv = cls;
    size_t args = 0;
    const char *query = strchr(uri, '?');
    if (query)
        for (args = 1; *query; query++) args += *query == '&';
    if (args <= SRV_MAX_QUERY_ARGS) return NULL;
    char message[128];
    snprintf(message, sizeof message, "the query has %zu arguments, over the limit of %d", args,
             SRV_MAX_QUERY_ARGS);
    answer_raw(conn, 414, "URI Too Long", "too-long", message);
    if (srv->opts.log)
        fprintf(srv->opts.log, "- %.*s 414 (a query of %zu arguments)\n", (int)strcspn(uri, "?"), uri, args);
    return (void *)&answered_early;
}

/* libmicrohttpd's access handler: called once when the headers are in,
 * once per piece of body, and once more when the body is complete. */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls) {
    if (*con_cls == &answered_early) return MHD_NO;
    request *r = *con_cls;
    if (!r) {
        r = request_new(cls, conn);
        if (!r) return MHD_NO;
        *con_cls = r;
    }
    if (!r->begun) {
        r->begun = 1;
        snprintf(r->method, sizeof r->method, "%s", method);
        snprintf(r->path, sizeof r->path, "%s", url);
        enum MHD_Result go_on = begin(r, url, method, version);
        srv_guard_set(r->srv->guard, r->guarded, go_on == MHD_NO ? SRV_ANSWERING : SRV_RECEIVING,
                      body_seconds(r));
        if (go_on == MHD_NO) return send_reply(r, &r->reply, r->allow);
        return MHD_YES;
    }
    if (*upload_size) {
        size_t size = *upload_size;
        *upload_size = 0;
        return receive(r, upload, size);
    }
    if (r->state == REQ_SCANNING) return MHD_YES; /* not yet: the scan resumes it */
    if (r->state == REQ_STREAMING) return send_stream(r);
    srv_guard_set(r->srv->guard, r->guarded, SRV_ANSWERING, 0);
    if (r->reply.status) return send_reply(r, &r->reply, r->allow);
    if (r->refused)
        return send_error(r, 413, "too-large", NULL, "%s accepts at most %zu bytes", r->path,
                          r->route->body_limit);
    if (r->asset) return send_asset(r, r->asset);
    return answer(r);
}

/* Frees a request when libmicrohttpd is done with it, and logs it. */
static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                         enum MHD_RequestTerminationCode why) {
    (void)conn;
    srv_server *srv = cls;
    request *r = *con_cls;
    if (!r || *con_cls == &answered_early) return;
    srv_guard_set(srv->guard, r->guarded, SRV_WAITING, srv->opts.timeout_s);
    if (srv->opts.log)
        fprintf(srv->opts.log, "%s %s %d %.1f ms%s\n", r->method, r->path, r->status,
                srv_seconds_since(&r->started) * 1000.0,
                why == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" : " (connection closed early)");
    /* a client that left while its engine started never got the stream's
     * response: the search must hear of it, or it runs to its limit */
    if (r->stream) stream_closed(r->stream);
    free(r->body);
    srv_budget_give(&srv->bodies, r->reserved);
    srv_reply_free(&r->reply);
    free(r);
    *con_cls = NULL;
}

/* Connections opened and closed: the guard follows each. */
static void on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                          enum MHD_ConnectionNotificationCode code) {
    srv_server *srv = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = mhd.MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        *socket_context = info ? srv_guard_open(srv->guard, info->connect_fd, srv->opts.timeout_s) : NULL;
    } else {
        srv_guard_close(srv->guard, *socket_context);
        *socket_context = NULL;
    }
}

/* libmicrohttpd's messages on this thread since its last error page: the
 * next page is explained from them (MHD_queue_response below). */
static _Thread_local char mhd_said[1024];
/* Set once a page was answered in JSON: libmicrohttpd's next message, that
 * it failed to queue its page, is not news. */
static _Thread_local int page_answered;

/* libmicrohttpd's own messages (mostly clients that went away) go to
 * the log, when there is one. */
static void on_mhd_error(void *cls, const char *fmt, va_list ap) {
    srv_server *srv = cls;
    size_t used = strlen(mhd_said);
    if (used > sizeof mhd_said / 2) used = 0; /* older messages (clients gone) go first */
    char *said = mhd_said + used;
    va_list copy;
    va_copy(copy, ap);
    vsnprintf(said, sizeof mhd_said - used, fmt, copy);
    va_end(copy);
    int answered = page_answered;
    page_answered = 0;
    if (answered && strstr(said, "failed to queue")) *said = '\0';
    if (!srv->opts.log || !*said) return;
    fprintf(srv->opts.log, "fenkit serve: %s%s", said, strchr(said, '\n') ? "" : "\n");
}

/* libmicrohttpd 0.9.75 answers a request it cannot parse (a Content-Length
 * that is not a number, broken chunked encoding, a head larger than the
 * connection's memory, an HTTP version it does not speak) with an HTML page
 * of its own, and offers no way to replace it. It queues that page through
 * the PLT, by its exported name, and the executable exports this function
 * under that name (cmake/layer-server.cmake), so the library's calls come
 * here; fenkit's own go straight to the library (mhd.MHD_queue_response).
 * The page is swapped for the JSON error with the security headers. */
enum MHD_Result MHD_queue_response(struct MHD_Connection *conn, unsigned int status,
                                   struct MHD_Response *page) {
    if (status < 400) return mhd.MHD_queue_response(conn, status, page); /* none so far */
    static const struct {
        unsigned status;
        const char *said, *reason, *code, *message; /* said: in libmicrohttpd's message */
    } known[] = {
        {400, NULL, "Bad Request", "bad-request",
         "the request is not HTTP that this server can read"},
        {413, NULL, "Content Too Large", "too-large", "the request is too large for this server"},
        {414, NULL, "URI Too Long", "too-long",
         "the request line is over this server's 32 KB for a request's head"},
        {431, NULL, "Request Header Fields Too Large", "headers-too-large",
         "the header lines do not fit in this server's 32 KB for a request's head"},
        {431, "header record", "Request Header Fields Too Large", "headers-too-large",
         "the request has more header lines than this server keeps"},
        {505, NULL, "HTTP Version Not Supported", "bad-version",
         "this server speaks HTTP/1.0 and HTTP/1.1 only"},
        {400, "Content-Length", "Bad Request", "bad-request",
         "the Content-Length header is not a number"},
        {400, "chunked", "Bad Request", "bad-request", "the chunked body is malformed"},
        {400, "Host", "Bad Request", "bad-request", "an HTTP/1.1 request must name its Host"},
    };
    /* the last match wins: a status's own words, then what the message adds */
    const char *reason = "Error", *code = "http-error", *message = "the request could not be read";
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (known[i].status == status && (!known[i].said || strstr(mhd_said, known[i].said))) {
            reason = known[i].reason;
            code = known[i].code;
            message = known[i].message;
        }
    /* Written to the socket rather than queued: for a Content-Length that
     * is not a number, 0.9.75 sends a queued reply's head twice. Refusing
     * to queue makes libmicrohttpd close the connection, as it would
     * after its own page. */
    answer_raw(conn, (int)status, reason, code, message);
    mhd_said[0] = '\0'; /* read once: a later page may come without a message */
    page_answered = 1;
    return MHD_NO;
}

void srv_options_default(srv_options *opts) {
    *opts = (srv_options){.host = "127.0.0.1", .port = 8080, .scan_queue = 16, .timeout_s = 10,
                          .max_connections = 1000, .body_memory = (size_t)64 << 20,
                          .scan_memory = (size_t)384 << 20, .analyses = 2, .analysis_s = 60};
}

/* Number of CPUs, at least 1. */
static int cpu_count(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

srv_server *srv_start(const srv_options *opts, char *error, size_t error_cap) {
    pthread_once(&mhd_once, mhd_open);
    if (mhd_problem[0]) {
        snprintf(error, error_cap, "%s", mhd_problem);
        return NULL;
    }
    srv_server *srv = calloc(1, sizeof *srv);
    if (!srv) {
        snprintf(error, error_cap, "out of memory");
        return NULL;
    }
    srv->opts = *opts;
    pthread_mutex_init(&srv->handoff, NULL);
    srv_budget_init(&srv->bodies, srv->opts.body_memory);
    srv_budget_init(&srv->scans, srv->opts.scan_memory);
    if (srv->opts.threads <= 0) srv->opts.threads = cpu_count();
    if (srv->opts.scan_slots <= 0) srv->opts.scan_slots = cpu_count();
    if (srv->opts.scan_queue < 0) srv->opts.scan_queue = 0;

    char port[16];
    snprintf(port, sizeof port, "%d", opts->port);
    /* numeric addresses only, so that starting never waits on a name server */
    const char *host = strcmp(opts->host, "localhost") == 0 ? "127.0.0.1" : opts->host;
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE};
    struct addrinfo *addr = NULL;
    int gai = getaddrinfo(host, port, &hints, &addr);
    if (gai != 0) {
        snprintf(error, error_cap, "cannot listen on '%s': give a numeric IPv4 or IPv6 address, or localhost",
                 opts->host);
        free(srv);
        return NULL;
    }
    srv->jobs = srv_jobs_start(srv->opts.scan_slots, srv->opts.scan_queue);
    srv->analyses = srv->jobs ? srv_jobs_start(srv->opts.analyses, 0) : NULL;
    srv->engines = srv->analyses ? srv_engines_new(srv->opts.engine, srv->opts.analyses) : NULL;
    srv->guard = srv->engines ? srv_guard_start(srv->opts.max_connections) : NULL;
    if (!srv->guard) {
        snprintf(error, error_cap, "cannot start the scan and analysis workers");
        if (srv->jobs) srv_jobs_stop(srv->jobs);
        if (srv->analyses) srv_jobs_stop(srv->analyses);
        srv_engines_free(srv->engines);
        freeaddrinfo(addr);
        free(srv);
        return NULL;
    }
    /* epoll in a pool of threads: a connection costs no thread of its
     * own, so a slow one holds only its slot (which the guard bounds) */
    unsigned flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG |
                     MHD_USE_TURBO;
    if (addr->ai_family == AF_INET6) flags |= MHD_USE_IPv6;
    srv->daemon = mhd.MHD_start_daemon(
        flags, (uint16_t)opts->port, NULL, NULL, on_request, srv,
        MHD_OPTION_EXTERNAL_LOGGER, on_mhd_error, srv,
        MHD_OPTION_URI_LOG_CALLBACK, on_uri, srv,
        MHD_OPTION_SOCK_ADDR, addr->ai_addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)srv->opts.threads,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)srv->opts.timeout_s,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)srv->opts.max_connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)srv->opts.per_ip,
        /* per connection, cleared for every request: room for a request
         * line and headers at their limits (api.h) and the reply's headers */
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32 * 1024,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, srv,
        MHD_OPTION_NOTIFY_CONNECTION, on_connection, srv,
        MHD_OPTION_END);
    freeaddrinfo(addr);
    if (!srv->daemon) {
        snprintf(error, error_cap, "cannot listen on %s port %d (in use, or not an address of this machine?)",
                 opts->host, opts->port);
        srv_jobs_stop(srv->jobs);
        srv_jobs_stop(srv->analyses);
        srv_engines_free(srv->engines);
        srv_guard_stop(srv->guard);
        free(srv);
        return NULL;
    }
    const union MHD_DaemonInfo *info = mhd.MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
    srv->port = info ? info->port : opts->port;
    return srv;
}

int srv_port(const srv_server *srv) { return srv->port; }

void srv_stop(srv_server *srv) {
    if (!srv) return;
    srv->stopping = 1; /* the analyses running stop at their next poll */
    srv_jobs_stop(srv->jobs); /* every waiting scan is answered and resumed first */
    srv_jobs_stop(srv->analyses);
    mhd.MHD_stop_daemon(srv->daemon);
    srv_engines_free(srv->engines); /* every engine is back: their workers have ended */
    srv_guard_stop(srv->guard); /* after the daemon, which closes every connection */
    srv_budget_destroy(&srv->bodies);
    srv_budget_destroy(&srv->scans);
    pthread_mutex_destroy(&srv->handoff);
    free(srv);
}
