/* GET /api/render.svg: a diagram of a position, drawn by the render
 * layer. The position needs a readable placement, not a legal one: people
 * draw impossible positions on purpose (and to show what is wrong). */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "fenkit/fenkit.h"

/* Reads a whole decimal number in [lo, hi]; returns -1 when s is not one. */
static long parse_number(const char *s, long lo, long hi) {
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < lo || v > hi) return -1;
    return v;
}

/* Reads a comma-separated list of square names ("e2,e4"); returns -1 when
 * a name is not a square. */
static int parse_squares(const char *s, fk_bitboard *set) {
    *set = 0;
    while (*s) {
        fk_square sq = fk_square_parse(s);
        if (sq == FK_NO_SQUARE || (s[2] && s[2] != ',')) return -1;
        *set |= FK_BIT(sq);
        s += s[2] ? 3 : 2;
    }
    return 0;
}

void srv_api_render_svg(const srv_request *req, srv_reply *reply) {
    const char *fen = req->arg(req->arg_ctx, "fen");
    const char *flip = req->arg(req->arg_ctx, "flip");
    const char *size = req->arg(req->arg_ctx, "size");
    const char *coords = req->arg(req->arg_ctx, "coords");
    const char *theme = req->arg(req->arg_ctx, "theme");
    const char *highlight = req->arg(req->arg_ctx, "highlight");
    if (!fen) {
        srv_reply_error(reply, 400, "missing-fen", "give the position as ?fen=...");
        return;
    }
    if (strlen(fen) > SRV_MAX_FEN_BODY) {
        srv_reply_error(reply, 413, "too-large", "a FEN may have at most %d bytes", SRV_MAX_FEN_BODY);
        return;
    }
    fk_diagram_options opts;
    fk_diagram_options_default(&opts);
    if (flip) {
        if (strcmp(flip, "1") == 0 || strcmp(flip, "true") == 0) opts.flip = 1;
        else if (strcmp(flip, "0") != 0 && strcmp(flip, "false") != 0) {
            srv_reply_error(reply, 400, "bad-option", "flip must be 0 or 1");
            return;
        }
    }
    if (size) {
        long px = parse_number(size, 16, 2048);
        if (px < 0) {
            srv_reply_error(reply, 400, "bad-option", "size must be a number of pixels from 16 to 2048");
            return;
        }
        opts.size = (int)px;
    }
    if (coords) {
        if (strcmp(coords, "none") == 0) opts.coords = FK_COORDS_NONE;
        else if (strcmp(coords, "inside") == 0) opts.coords = FK_COORDS_INSIDE;
        else if (strcmp(coords, "outside") == 0) opts.coords = FK_COORDS_OUTSIDE;
        else {
            srv_reply_error(reply, 400, "bad-option", "coords must be none, inside or outside");
            return;
        }
    }
    if (theme && !(opts.theme = fk_theme_find(theme))) {
        srv_reply_error(reply, 400, "bad-option", "there is no theme called that (try brown, blue or green)");
        return;
    }
    if (highlight && parse_squares(highlight, &opts.highlight) < 0) {
        srv_reply_error(reply, 400, "bad-option", "highlight must be square names separated by commas, like e2,e4");
        return;
    }

    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    /* a board alone is drawn with White to move, as /api/check reads it */
    char filled[SRV_MAX_FEN_BODY + 8];
    size_t len = srv_fen_fill_side(fen, strlen(fen), filled, sizeof filled);
    if (len) fen = filled;
    else len = strlen(fen);
    fk_fen_parse(fen, len, FK_FEN_TOLERANT, &pos, &problems);
    for (int i = 0; i < problems.count; i++) {
        const fk_problem *p = &problems.items[i];
        if (p->severity == FK_SEV_ERROR) {
            srv_reply_error(reply, 400, "bad-fen", "the FEN could not be read: %s", p->message);
            return;
        }
    }
    if (fk_position_in_check(&pos, (fk_color)pos.side)) opts.check = fk_position_king(&pos, (fk_color)pos.side);

    fk_buffer svg = {0};
    fk_status status = fk_render_svg(&pos, &opts, &svg);
    if (status != FK_OK) {
        fk_buffer_free(&svg);
        srv_reply_error(reply, 500, "render-failed", "the diagram could not be drawn");
        return;
    }
    reply->status = 200;
    reply->type = "image/svg+xml";
    srv_buf_add(&reply->body, svg.data, svg.len);
    fk_buffer_free(&svg);
    if (reply->body.failed) srv_reply_error(reply, 500, "out-of-memory", "the server ran out of memory");
}
