/* POST /api/scan: a picture in, the position on it out. The scanning
 * itself is the vision layer's; this file checks what was sent and shapes
 * the reply. Until fenkit is built with the scanner, an image is answered
 * with 503 and a sentence saying so. */
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

int srv_api_scan_accept(const srv_request *req, srv_reply *reply) {
    if (req->body_len == 0) {
        srv_reply_error(reply, 400, "empty-body", "send the picture's bytes as the request body");
        return 1;
    }
    if (!srv_image_type((const unsigned char *)req->body, req->body_len)) {
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

void srv_api_scan_run(const srv_request *req, srv_reply *reply) {
    (void)req;
    /* The vision layer's fk_scan call goes here when it lands; the reply
     * is the object of `fenkit scan --json` (fen, board, bottom, squares,
     * uncertain, problems). */
    srv_reply_error(reply, 503, "scanner-not-built", "the scanner is not built into this fenkit");
}
