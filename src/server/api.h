/* fenkit serve: the JSON API's handlers. Each reads a request that has
 * been received in full and fills a reply; none of them touches the
 * network, so they can be tested without a server. */
#ifndef FENKIT_SERVER_API_H
#define FENKIT_SERVER_API_H

#include <stddef.h>

#include "fenkit/engine.h"
#include "json.h"

/* Limits on what a request may send. */
#define SRV_MAX_FEN_BODY 4096                 /* /api/check, /api/moves */
#define SRV_MAX_IMAGE_BODY (10 * 1024 * 1024) /* /api/scan */
#define SRV_MAX_URI 8192       /* the request target, query included (414) */
#define SRV_MAX_QUERY_ARGS 64  /* arguments in the query (414) */
#define SRV_MAX_HEADERS 8192   /* the request's header lines together (431) */
/* A body may take the timeout plus a second for every this many bytes. */
#define SRV_MIN_UPLOAD_RATE (256 * 1024)

/* A request received in full. `arg` looks up a query argument (already
 * percent-decoded) and `header` a header line's value; each returns NULL
 * when it is absent (`header` may itself be NULL: no headers). */
typedef struct {
    const char *body;
    size_t body_len;
    const char *(*arg)(void *ctx, const char *name);
    void *arg_ctx;
    const char *(*header)(void *ctx, const char *name);
} srv_request;

/* The language of a reply's words: `asked` (a "lang" the client named)
 * when fenkit has it, else the best of the Accept-Language header that it
 * has, else English. Returns a short code ("en", "vi"), kept by the server. */
const char *srv_lang_choose(const srv_request *req, const char *asked);
/* Speaks `lang` on this thread until srv_lang_end: gettext's language is
 * the process's, so the wording of replies is taken in turns. */
void srv_lang_begin(const char *lang);
void srv_lang_end(void);

/* What to send back. `body` is owned by the reply (srv_reply_free). */
typedef struct {
    int status;       /* HTTP status */
    const char *type; /* Content-Type */
    srv_buf body;
} srv_reply;

void srv_reply_free(srv_reply *reply);

/* Fills reply with a JSON error: {"status":N,"code":"...","message":"..."}.
 * code is a stable kebab-case name; the message is a sentence. */
void srv_reply_error(srv_reply *reply, int status, const char *code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* POST /api/check: a FEN (the body as text, or {"fen":...} as JSON) in;
 * canonical FEN, problems, game status and explanation out. */
void srv_api_check(const srv_request *req, srv_reply *reply);
/* POST /api/moves: a FEN in; its legal moves in UCI and SAN out. */
void srv_api_moves(const srv_request *req, srv_reply *reply);
/* A FEN that is a board alone (its placement, and white space around it),
 * read in tolerant mode, as lichess reads one: White to move. Writes the
 * text without the white space after it, then " w", into out (cap bytes,
 * zero-terminated) and returns its length, or 0 when text is not a board
 * alone or does not fit. The core
 * fills castling, en passant and the counters; who is to move it never
 * guesses, so the server does it, and says so (problem "side-filled"). */
size_t srv_fen_fill_side(const char *text, size_t len, char *out, size_t cap);

/* POST /api/diff: {"from": FEN, "to": FEN} in; what changed and the moves
 * between them out, as `fenkit diff --json`, with its lines of words. */
void srv_api_diff(const srv_request *req, srv_reply *reply);
/* GET /api/messages?lang=vi: the page's own words in a language, as a JSON
 * object from the English message to its translation. */
void srv_api_messages(const srv_request *req, srv_reply *reply);

/* GET /api/render.svg?fen=...: the diagram as SVG. */
void srv_api_render_svg(const srv_request *req, srv_reply *reply);
/* GET /api/info: version, whether scanning is built in, the limits. */
void srv_api_info(const srv_request *req, srv_reply *reply, int scan_slots, int scan_queue);

/* What kind of image the bytes are, from their first bytes: "image/png",
 * "image/jpeg", "image/gif", "image/webp", "image/bmp", or NULL. */
const char *srv_image_type(const unsigned char *data, size_t len);

/* The width and height a picture's header declares, without decoding it,
 * and the pixels its decoder will hold (a GIF's frames are held besides
 * its screen). Returns 1, or 0 when the header cannot be read (the
 * decoder then says what is wrong). */
int srv_picture_size(const unsigned char *data, size_t len, long *width, long *height, double *pixels);
/* Bytes a scan may take per pixel of the picture, decoding included. */
#define SRV_SCAN_BYTES_PER_PIXEL 6

/* 1 when fenkit was built with the scanner. */
int srv_scan_available(void);
/* POST /api/scan, the part that needs no queue: refuses bad options and
 * a bad set (400), what is not an image (415) and, when the scanner is
 * not built in, answers 503. Returns
 * 1 when the reply is complete, 0 when the image should be scanned (by
 * srv_api_scan_run, on a worker). */
int srv_api_scan_accept(const srv_request *req, srv_reply *reply);
/* Scans the image of req and fills reply (runs on a scan worker): 200 with
 * the object of `fenkit scan --json`, 415 damaged picture, 413 too many
 * pixels, 422 no board found. gone(ctx) is asked between the scan's
 * steps; once it says 1 the scan stops, with a 503 `gone`, and 1 is
 * returned (else 0). */
int srv_api_scan_run(const srv_request *req, srv_reply *reply, int (*gone)(void *ctx), void *ctx);
/* A scan may send the player's piece set (a .fks file, at most this many
 * bytes) before the picture in its body, with ?set_bytes=N. */
#define SRV_MAX_SET_BYTES 65536
/* Where the picture of a scan request starts: after its set, when
 * set_bytes= is good (srv_api_scan_accept said so), else 0. */
size_t srv_scan_picture_at(const srv_request *req);

/* POST /api/learn-set, the part that needs no queue: refuses what is not
 * an image (415), a bad fen= or bottom= (400), and answers 503 when the
 * scanner is not built in. Returns 1 when the reply is complete, 0 when
 * the set should be learnt (by srv_api_learn_set_run, on a scan worker). */
int srv_api_learn_set_accept(const srv_request *req, srv_reply *reply);
/* Learns the set in the picture of req (`fenkit learn-set`) and fills
 * reply: 200 with the set's .fks bytes in base64 (`set`), the side at the
 * bottom and how well the set reads its own picture back; 415 damaged
 * picture, 422 no board. gone(ctx) as for srv_api_scan_run. */
int srv_api_learn_set_run(const srv_request *req, srv_reply *reply, int (*gone)(void *ctx), void *ctx);

/* GET /api/analyse: what the query asks of the engine. The engine gets
 * the moves since the last capture or pawn move (no earlier position can
 * repeat), at most this many. */
#define SRV_ANALYSIS_MAX_MOVES 256
typedef struct {
    fk_position pos;   /* the position to analyse, after the moves */
    fk_position start; /* where the engine is told the moves start */
    fk_move moves[SRV_ANALYSIS_MAX_MOVES]; /* the game's moves from start to pos,
                                             so the engine sees repetitions */
    int nmoves;
    int multipv;     /* lines wanted, 1..SRV_MAX_MULTIPV */
    int movetime_ms; /* think this long (a move to play), or 0: analyse
                        until the client leaves or the server's limit */
    int elo;         /* UCI_Elo to play at, or 0 for full strength */
    int skill;       /* Skill Level 0..20, or -1 for full strength */
    int sanity;      /* interrogate the FEN: the position and its neighbours
                        (common/sanity.h), each searched `nodes` nodes */
    int nodes;
} srv_analysis;
#define SRV_SANITY_NODES 200000
#define SRV_MAX_MULTIPV 5

/* Reads the query of GET /api/analyse: fen (required), moves (played
 * from it, UCI or SAN, separated by spaces or '_'), multipv, movetime
 * (ms), elo, skill; or sanity=1 with nodes. Returns 1 with *a filled, or 0 with the error in
 * reply: 400 for a bad option or an invalid position, 422 for a
 * position with no legal move (checkmate or stalemate: the engine is not
 * asked). */
int srv_analysis_read(const srv_request *req, srv_analysis *a, srv_reply *reply);

/* Where an analysis sends its Server-Sent Events (event name, data as
 * one line of JSON; a NULL event sends nothing and only asks); returns
 * nonzero when the client has gone, which stops the search. */
typedef int (*srv_event_fn)(void *ctx, const char *event, const char *data, size_t len);

/* Runs the analysis a on engine for at most max_ms: `info` events while
 * the depth grows ({"depth","lines":[...]}), then `done` with the best
 * move, or `error` when the engine failed. With sanity: a `base` event
 * (the position's own verdict), a `check` event for each neighbour, as
 * `fenkit analyse --sanity --json` writes them, then `done`. Returns 1 when the engine may
 * serve another request (it answered well and its options are the
 * defaults), else 0. */
int srv_analysis_run(const srv_analysis *a, fk_engine *engine, int max_ms, srv_event_fn send,
                     void *ctx);

#endif
