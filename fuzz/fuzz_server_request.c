/* libFuzzer target for what `fenkit serve` reads from a request once
 * libmicrohttpd has split it (its own parsing of the request line and the
 * headers cannot be called without a connection, and its routing is in
 * http.c's begin, which needs one): the query arguments of GET
 * /api/render.svg and POST /api/scan, and the body of a scan, whose type
 * is told from its first bytes and whose memory is judged from its
 * header before anything decodes it.
 *
 * Input: the query on the first line ("fen=...&size=...", already
 * percent-decoded, as libmicrohttpd hands it over), then the body. Every
 * reply must be an SVG or a JSON error with a status that fits, and the
 * pixels a picture's header is judged to need must fit its size. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/server/api_fen.c"
#include "../src/server/api_render.c"
#include "../src/server/api_scan.c"
#include "../src/server/json.c"
#include "../src/server/lang.c"
#include "../src/server/picture.c"
#include "../src/server/reply.c"

/* The query's arguments, pointing into a copy of the first line. */
typedef struct {
    const char *name[SRV_MAX_QUERY_ARGS], *value[SRV_MAX_QUERY_ARGS];
    int count;
} query;

/* Looks an argument up as libmicrohttpd does: the first of that name. */
static const char *query_arg(void *ctx, const char *name) {
    const query *q = ctx;
    for (int i = 0; i < q->count; i++)
        if (strcmp(q->name[i], name) == 0) return q->value[i];
    return NULL;
}

/* Splits line (zero-terminated, changed in place) at '&' and '='. */
static void split_query(char *line, query *q) {
    q->count = 0;
    for (char *part = line; part && q->count < SRV_MAX_QUERY_ARGS;) {
        char *next = strchr(part, '&');
        if (next) *next++ = '\0';
        char *eq = strchr(part, '=');
        if (eq) *eq++ = '\0';
        q->name[q->count] = part;
        q->value[q->count++] = eq ? eq : "";
        part = next;
    }
}

/* Checks that a reply is an SVG (200) or a JSON error whose status fits. */
static void check_reply(const srv_reply *r, int svg) {
    if (svg && r->status == 200) {
        if (r->body.len < 5 || memcmp(r->body.data, "<svg", 4) != 0) abort();
        return;
    }
    if (r->status != 400 && r->status != 413 && r->status != 415 && r->status != 503) abort();
    if (r->body.len < 2 || r->body.data[0] != '{' || r->body.data[r->body.len - 1] != '\n') abort();
    if (memchr(r->body.data, '<', r->body.len)) abort(); /* JSON escapes < */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const uint8_t *nl = memchr(data, '\n', size);
    size_t line_len = nl ? (size_t)(nl - data) : size;
    if (line_len > SRV_MAX_URI) return 0; /* the server answers 414 first */
    char *line = malloc(line_len + 1);
    if (!line) return 0;
    memcpy(line, data, line_len);
    line[line_len] = '\0';
    query q;
    split_query(line, &q);
    const char *body = nl ? (const char *)nl + 1 : "";
    size_t body_len = nl ? size - line_len - 1 : 0;

    srv_request req = {body, body_len, query_arg, &q, NULL};
    srv_reply reply = {0};
    srv_api_render_svg(&req, &reply);
    check_reply(&reply, 1);
    srv_reply_free(&reply);

    reply = (srv_reply){0};
    if (srv_api_scan_accept(&req, &reply))
        check_reply(&reply, 0);
    else if (reply.status || !srv_image_type((const unsigned char *)body, body_len))
        abort();
    srv_reply_free(&reply);

    /* a GIF holds its screen and each frame, so its count is their sum,
     * and its width and height the largest of theirs; any other picture
     * holds its width times its height */
    long w, h;
    double pixels;
    if (srv_picture_size((const unsigned char *)body, body_len, &w, &h, &pixels) &&
        (w < 0 || h < 0 || pixels < 0 ||
         (memcmp(body, "GIF", 3) != 0 && pixels != (double)w * (double)h)))
        abort();
    free(line);
    return 0;
}
