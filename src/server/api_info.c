/* GET /api/info: what this server is and what it accepts, so a client
 * (the page among them) can adapt: the version, whether pictures can be
 * scanned, and the size limits. */
#include "api.h"
#include "fenkit/fenkit.h"

void srv_api_info(const srv_request *http, srv_reply *reply, int scan_slots, int scan_queue) {
    (void)http;
    reply->status = 200;
    reply->type = "application/json";
    srv_buf_printf(&reply->body,
                   "{\"name\":\"fenkit\",\"version\":\"%s\",\"scan\":%s,\"limits\":{"
                   "\"fen_bytes\":%d,\"image_bytes\":%d,\"scans_at_once\":%d,\"scan_queue\":%d}}\n",
                   fk_version(), srv_scan_available() ? "true" : "false", SRV_MAX_FEN_BODY,
                   SRV_MAX_IMAGE_BODY, scan_slots, scan_queue);
}
