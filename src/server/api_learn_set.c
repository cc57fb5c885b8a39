/* POST /api/learn-set: a picture of the player's board in a known
 * position in, the piece set learnt from it out (`fenkit learn-set`), as
 * the .fks file's bytes in base64 that a later /api/scan sends back. The
 * server keeps nothing: the set lives with the client. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "fenkit/fenkit.h"

/* Reads fen= (a FEN or only its placement; default the starting
 * position) and bottom=auto|white|black; returns 0, or -1 with a 400. */
static int read_learn_query(const srv_request *req, fk_position *known, int *bottom,
                            srv_reply *reply) {
    const char *fen = req->arg(req->arg_ctx, "fen");
    const char *side = req->arg(req->arg_ctx, "bottom");
    fk_position_startpos(known);
    *bottom = 0;
    if (fen) {
        char text[FK_FEN_MAX + 32];
        size_t n = strlen(fen);
        /* a placement alone gets the other fields, which learning ignores */
        int whole = strchr(fen, ' ') != NULL;
        fk_problems problems;
        if (n > FK_FEN_MAX ||
            fk_fen_parse(text,
                         (size_t)snprintf(text, sizeof text, whole ? "%s" : "%s w - - 0 1", fen),
                         FK_FEN_TOLERANT, known, &problems) != FK_OK) {
            srv_reply_error(reply, 400, "bad-fen", "fen must be a FEN or a placement");
            return -1;
        }
    }
    if (side) {
        if (strcmp(side, "auto") == 0)
            *bottom = 0;
        else if (strcmp(side, "white") == 0)
            *bottom = 1;
        else if (strcmp(side, "black") == 0)
            *bottom = 2;
        else {
            srv_reply_error(reply, 400, "bad-option", "bottom must be auto, white or black");
            return -1;
        }
    }
    return 0;
}

int srv_api_learn_set_accept(const srv_request *req, srv_reply *reply) {
    fk_position known;
    int bottom;
    if (req->body_len == 0) {
        srv_reply_error(reply, 400, "empty-body",
                        "send the bytes of a picture of your board in the starting position");
        return 1;
    }
    if (!srv_image_type((const unsigned char *)req->body, req->body_len)) {
        srv_reply_error(reply, 415, "not-an-image",
                        "that is not a picture fenkit can read (PNG, JPEG, GIF, WebP or BMP)");
        return 1;
    }
    if (read_learn_query(req, &known, &bottom, reply) < 0) return 1;
    if (!srv_scan_available()) {
        srv_reply_error(reply, 503, "scanner-not-built",
                        "the scanner is not built into this fenkit, so no set can be learnt");
        return 1;
    }
    return 0;
}

#ifdef FENKIT_HAVE_SCAN
#include "fenkit/vision.h"

/* Appends data as base64. */
static void add_base64(srv_buf *b, const unsigned char *data, size_t len) {
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < len; i += 3) {
        unsigned long v = (unsigned long)data[i] << 16;
        if (i + 1 < len) v |= (unsigned long)data[i + 1] << 8;
        if (i + 2 < len) v |= data[i + 2];
        char out[4] = {digits[v >> 18], digits[(v >> 12) & 63],
                       i + 1 < len ? digits[(v >> 6) & 63] : '=',
                       i + 2 < len ? digits[v & 63] : '='};
        srv_buf_add(b, out, 4);
    }
}

/* The learnt set read back on its own picture, to say how sure it is:
 * the squares it reads as the known position has them, and the scan's
 * chance that the whole board is right. */
static void add_read_back(srv_buf *b, const srv_request *req, const fk_piece_set *set,
                          const fk_position *known, int (*gone)(void *ctx), void *ctx) {
    fk_scan_result *r = malloc(sizeof *r);
    fk_scan_options opts;
    fk_scan_options_default(&opts);
    opts.set = set;
    opts.stop = gone;
    opts.stop_ctx = ctx;
    fk_error err = {0};
    int count = 0;
    if (!r || fk_scan_bytes_all(req->body, req->body_len, &opts, r, 1, &count, &err) != FK_OK ||
        count < 1) {
        srv_buf_puts(b, "null");
        free(r);
        return;
    }
    int right = 0;
    for (int sq = 0; sq < 64; sq++)
        right +=
            fk_position_at(&r->position, (fk_square)sq) == fk_position_at(known, (fk_square)sq);
    srv_buf_puts(b, "{\"fen\":");
    srv_json_cstring(b, r->fen);
    srv_buf_printf(b, ",\"squares_right\":%d,\"board_right\":%.4f,\"uncertain\":", right,
                   r->board_right);
    srv_json_squares(b, r->uncertain);
    srv_buf_puts(b, "}");
    free(r);
}

int srv_api_learn_set_run(const srv_request *req, srv_reply *reply, int (*gone)(void *ctx),
                          void *ctx) {
    fk_position known;
    int bottom;
    if (read_learn_query(req, &known, &bottom, reply) < 0) return 0;
    static const fk_bottom bottoms[] = {FK_BOTTOM_AUTO, FK_BOTTOM_WHITE, FK_BOTTOM_BLACK};
    fk_error err = {0};
    fk_image image;
    fk_piece_set *set = NULL;
    unsigned char *data = NULL;
    size_t len = 0;
    fk_status s = fk_image_decode(req->body, req->body_len, &image, &err);
    if (s != FK_OK) {
        srv_reply_error(reply, 415, "not-an-image", "%s", err.message);
        return 0;
    }
    /* learning is not stopped midway (about a second), only asked before */
    if (gone && gone(ctx)) s = FK_ERR_STOPPED;
    if (s == FK_OK) s = fk_set_learn(&image, &known, bottoms[bottom], NULL, &set, &err);
    fk_image_free(&image);
    if (s == FK_OK) s = fk_set_write(set, &data, &len);
    switch (s) {
    case FK_OK: {
        srv_buf *b = &reply->body;
        reply->status = 200;
        reply->type = "application/json";
        srv_buf_printf(b, "{\"set\":\"");
        add_base64(b, data, len);
        srv_buf_printf(b,
                       "\",\"bytes\":%zu,\"bottom\":\"%s\",\"bottom_given\":%s,\"read_back\":", len,
                       /* the .fks file's word at 28: 1 White at the bottom, 2 Black */
                       data[28] == 1 ? "white" : "black", bottom ? "true" : "false");
        add_read_back(b, req, set, &known, gone, ctx);
        srv_buf_puts(b, "}\n");
        if (b->failed) srv_reply_error(reply, 503, "out-of-memory", "the server is out of memory");
        break;
    }
    case FK_ERR_INVALID: srv_reply_error(reply, 422, "no-board", "%s", err.message); break;
    case FK_ERR_STOPPED:
        srv_reply_error(reply, 503, "gone",
                        "the client closed the connection before its set was learnt");
        break;
    default:
        srv_reply_error(reply, 503, "learn-failed", "%s",
                        err.message[0] ? err.message : "learning the set failed");
        break;
    }
    free(data);
    fk_set_free(set);
    return s == FK_ERR_STOPPED;
}
#else

int srv_api_learn_set_run(const srv_request *req, srv_reply *reply, int (*gone)(void *ctx),
                          void *ctx) {
    (void)req;
    (void)gone;
    (void)ctx;
    srv_reply_error(reply, 503, "scanner-not-built", "the scanner is not built into this fenkit");
    return 0;
}
#endif
