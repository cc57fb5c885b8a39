/* libFuzzer target for what `fenkit serve` reads from the network: any
 * bytes as the body of POST /api/check and /api/moves (a FEN, or a flat
 * JSON object), and as the query of GET /api/render.svg's fen. Every reply
 * must be a JSON object (or an SVG) with a status that fits, and never a
 * crash, a leak or undefined behaviour. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/server/api_fen.c"
#include "../src/server/json.c"
#include "../src/server/lang.c"
#include "../src/server/reply.c"

/* Query arguments: none, except "tolerant" when the first byte is odd. */
static const char *fuzz_arg(void *ctx, const char *name) {
    const uint8_t *first = ctx;
    if (first && (*first & 1) && strcmp(name, "tolerant") == 0) return "1";
    return NULL;
}

/* Checks that a reply is one JSON object with a status that fits. */
static void check_reply(const srv_reply *reply) {
    if (reply->status != 200 && reply->status != 400) abort();
    if (reply->body.len < 2 || reply->body.data[0] != '{' || reply->body.data[reply->body.len - 1] != '\n') abort();
    if (memchr(reply->body.data, '<', reply->body.len)) abort(); /* JSON escapes < */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > SRV_MAX_FEN_BODY) return 0; /* the server refuses bigger bodies */
    srv_request req = {(const char *)data, size, fuzz_arg, size ? (void *)data : NULL, NULL};
    srv_reply reply = {0};
    srv_api_check(&req, &reply);
    check_reply(&reply);
    srv_reply_free(&reply);
    reply = (srv_reply){0};
    srv_api_moves(&req, &reply);
    check_reply(&reply);
    srv_reply_free(&reply);
    return 0;
}
