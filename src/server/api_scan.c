/* POST /api/scan: a picture in, the position on it out (with ?all=1,
 * every board's). The scanning itself is the vision layer's
 * (fk_scan_bytes_all); this file checks what was sent and shapes the
 * reply. Built without the vision layer, fenkit
 * answers a picture with 503 and a sentence saying so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

const char *srv_image_type(const unsigned char *d, size_t n) {
    if (n >= 8 && memcmp(d, "\x89PNG\r\n\x1a\n", 8) == 0) return "image/png";
    if (n >= 3 && d[0] == 0xFF && d[1] == 0xD8 && d[2] == 0xFF) return "image/jpeg";
    if (n >= 6 && (memcmp(d, "GIF87a", 6) == 0 || memcmp(d, "GIF89a", 6) == 0)) return "image/gif";
    if (n >= 12 && memcmp(d, "RIFF", 4) == 0 && memcmp(d + 8, "WEBP", 4) == 0) return "image/webp";
    if (n >= 14 && d[0] == 'B' && d[1] == 'M') return "image/bmp";
    return NULL;
}

int srv_scan_available(void) {
#ifdef FENKIT_HAVE_SCAN
    return 1;
#else
    return 0;
#endif
}

/* The options of a scan, as the query gives them. */
typedef struct {
    int side;        /* 0 White, 1 Black, -1 not given */
    int castling;    /* 0 auto, 1 none, 2 the letters below */
    char letters[8]; /* "KQkq" or a part of it */
    int bottom;      /* 0 auto, 1 White, 2 Black */
    int all;         /* 1: every board of the picture */
    size_t set_bytes; /* the body's first bytes are a piece set (.fks), or 0 */
} scan_query;

/* Reads the scan options of the query (side=w|b, castling=auto|none|KQkq,
 * bottom=auto|white|black, all=0|1, set_bytes=N); returns 0, or -1 with
 * a 400 in reply. */
static int read_scan_query(const srv_request *req, scan_query *q, srv_reply *reply) {
    *q = (scan_query){.side = -1};
    const char *side = req->arg(req->arg_ctx, "side");
    const char *castling = req->arg(req->arg_ctx, "castling");
    const char *bottom = req->arg(req->arg_ctx, "bottom");
    const char *all = req->arg(req->arg_ctx, "all");
    const char *set_bytes = req->arg(req->arg_ctx, "set_bytes");
    if (set_bytes) {
        char *end;
        unsigned long v = strtoul(set_bytes, &end, 10);
        /* a digit first: strtoul would take "-5" and " 5" too */
        if (!(set_bytes[0] >= '0' && set_bytes[0] <= '9') || *end || v == 0 ||
            v > SRV_MAX_SET_BYTES || v >= req->body_len) {
            srv_reply_error(reply, 400, "bad-set",
                            "set_bytes must count the bytes of the piece set that come before the "
                            "picture in the body");
            return -1;
        }
        q->set_bytes = v;
    }
    if (all && strcmp(all, "0") != 0 && strcmp(all, "1") != 0) {
        srv_reply_error(reply, 400, "bad-option", "all must be 0 or 1");
        return -1;
    }
    q->all = all && all[0] == '1';
    if (side && strcmp(side, "w") != 0 && strcmp(side, "b") != 0) {
        srv_reply_error(reply, 400, "bad-option", "side must be w or b");
        return -1;
    }
    if (side) q->side = side[0] == 'b';
    if (castling) {
        size_t n = strlen(castling);
        if (strcmp(castling, "auto") == 0) q->castling = 0;
        else if (strcmp(castling, "none") == 0 || strcmp(castling, "-") == 0) q->castling = 1;
        else if (n >= 1 && n <= 4 && strspn(castling, "KQkq") == n) {
            q->castling = 2;
            memcpy(q->letters, castling, n + 1);
        } else {
            srv_reply_error(reply, 400, "bad-option", "castling must be auto, none, or letters of KQkq");
            return -1;
        }
    }
    if (bottom) {
        if (strcmp(bottom, "auto") == 0) q->bottom = 0;
        else if (strcmp(bottom, "white") == 0) q->bottom = 1;
        else if (strcmp(bottom, "black") == 0) q->bottom = 2;
        else {
            srv_reply_error(reply, 400, "bad-option", "bottom must be auto, white or black");
            return -1;
        }
    }
    return 0;
}

size_t srv_scan_picture_at(const srv_request *req) {
    scan_query q;
    srv_reply ignored = {0};
    size_t at = read_scan_query(req, &q, &ignored) == 0 ? q.set_bytes : 0;
    srv_reply_free(&ignored);
    return at;
}

/* 1 when the set before the picture can be read and read with the
 * built-in model; else 0 with a 400 `bad-set`. */
static int set_ok(const srv_request *req, size_t set_bytes, srv_reply *reply);

int srv_api_scan_accept(const srv_request *req, srv_reply *reply) {
    scan_query q;
    if (req->body_len == 0) {
        srv_reply_error(reply, 400, "empty-body", "send the picture's bytes as the request body");
        return 1;
    }
    if (read_scan_query(req, &q, reply) < 0) return 1;
    if (q.set_bytes && !set_ok(req, q.set_bytes, reply)) return 1;
    const unsigned char *picture = (const unsigned char *)req->body + q.set_bytes;
    if (!srv_image_type(picture, req->body_len - q.set_bytes)) {
        srv_reply_error(reply, 415, "not-an-image",
                        "that is not a picture fenkit can read (PNG, JPEG, GIF, WebP or BMP)");
        return 1;
    }
    if (!srv_scan_available()) {
        srv_reply_error(reply, 503, "scanner-not-built",
                        "the scanner is not built into this fenkit, so pictures cannot be read yet; "
                        "type or paste the FEN instead");
        return 1;
    }
    return 0;
}

#ifdef FENKIT_HAVE_SCAN

#include "common/scan_json.h"
#include "fenkit/vision.h"

/* Reads the set of a scan request; NULL with a 400 `bad-set` in reply. */
static fk_piece_set *read_set(const srv_request *req, size_t set_bytes, srv_reply *reply) {
    fk_piece_set *set = NULL;
    fk_error err = {0};
    if (fk_set_read(req->body, set_bytes, &set, &err) != FK_OK ||
        fk_set_check(set, NULL, &err) != FK_OK) {
        srv_reply_error(reply, 400, "bad-set", "%s", err.message);
        fk_set_free(set);
        return NULL;
    }
    return set;
}

static int set_ok(const srv_request *req, size_t set_bytes, srv_reply *reply) {
    fk_piece_set *set = read_set(req, set_bytes, reply);
    fk_set_free(set);
    return set != NULL;
}

/* Appends the result as the object `fenkit scan --json` writes, without
 * the image name (nor the line's end, inside a list); its notes and
 * problems in `lang`. */
static void json_scan_result(srv_buf *b, const fk_scan_result *r, int in_list, const char *lang) {
    size_t len = 0;
    srv_lang_begin(lang);
    char *json = scan_result_json(r, NULL, 1, 1, &len);
    srv_lang_end();
    if (!json) {
        b->failed = 1;
        return;
    }
    srv_buf_add(b, json, in_list && len && json[len - 1] == '\n' ? len - 1 : len);
    free(json);
}

int srv_api_scan_run(const srv_request *req, srv_reply *reply, int (*gone)(void *ctx), void *ctx) {
    scan_query q;
    if (read_scan_query(req, &q, reply) < 0) return 0;
    fk_scan_options opts;
    fk_scan_options_default(&opts);
    opts.stop = gone;
    opts.stop_ctx = ctx;
    if (q.side >= 0) opts.side = q.side;
    static const fk_scan_castling castling_modes[] = {FK_SCAN_CASTLING_AUTO, FK_SCAN_CASTLING_NONE,
                                                      FK_SCAN_CASTLING_GIVEN};
    opts.castling_mode = castling_modes[q.castling];
    memcpy(opts.castling, q.letters, sizeof q.letters);
    static const fk_bottom bottoms[] = {FK_BOTTOM_AUTO, FK_BOTTOM_WHITE, FK_BOTTOM_BLACK};
    opts.bottom = bottoms[q.bottom];
    fk_piece_set *set = NULL;
    if (q.set_bytes && !(set = read_set(req, q.set_bytes, reply))) return 0;
    opts.set = set;
    int most = q.all ? FK_SCAN_MAX_BOARDS : 1, count = 0;
    fk_scan_result *r = malloc(sizeof *r * (size_t)most);
    if (!r) {
        srv_reply_error(reply, 503, "out-of-memory", "the server is out of memory; try again");
        fk_set_free(set);
        return 0;
    }
    /* the words in the client's language: ?lang=, else Accept-Language */
    const char *lang = srv_lang_choose(req, req->arg(req->arg_ctx, "lang"));
    fk_error err = {0};
    fk_status status = fk_scan_bytes_all(req->body + q.set_bytes, req->body_len - q.set_bytes,
                                         &opts, r, most, &count, &err);
    switch (status) {
    case FK_OK:
        reply->status = 200;
        reply->type = "application/json";
        if (q.all) {
            /* {"boards":[...]}: each board as the single reply gives it */
            srv_buf_add(&reply->body, "{\"boards\":[", 11);
            for (int k = 0; k < count; k++) {
                if (k) srv_buf_add(&reply->body, ",", 1);
                json_scan_result(&reply->body, &r[k], 1, lang);
            }
            srv_buf_add(&reply->body, "]}\n", 3);
        } else {
            json_scan_result(&reply->body, r, 0, lang);
        }
        if (reply->body.failed) srv_reply_error(reply, 503, "out-of-memory", "the server is out of memory");
        break;
    case FK_ERR_SYNTAX: srv_reply_error(reply, 415, "not-an-image", "%s", err.message); break;
    case FK_ERR_RANGE: srv_reply_error(reply, 413, "too-large", "%s", err.message); break;
    case FK_ERR_INVALID: srv_reply_error(reply, 422, "no-board", "%s", err.message); break;
    case FK_ERR_STOPPED:
        srv_reply_error(reply, 503, "gone", "the client closed the connection during its scan");
        break;
    default: srv_reply_error(reply, 503, "scan-failed", "%s", err.message[0] ? err.message : "the scan failed"); break;
    }
    free(r);
    fk_set_free(set);
    return status == FK_ERR_STOPPED;
}
#else

static int set_ok(const srv_request *req, size_t set_bytes, srv_reply *reply) {
    (void)req;
    (void)set_bytes;
    (void)reply;
    return 1; /* the scanner's absence is answered next */
}

int srv_api_scan_run(const srv_request *req, srv_reply *reply, int (*gone)(void *ctx), void *ctx) {
    (void)req;
    (void)gone;
    (void)ctx;
    srv_reply_error(reply, 503, "scanner-not-built", "the scanner is not built into this fenkit");
    return 0;
}
#endif
