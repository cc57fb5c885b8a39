/* Replies: freeing them and the JSON error every endpoint uses. */
#include <stdarg.h>
#include <stdio.h>

#include "api.h"

void srv_reply_free(srv_reply *reply) { srv_buf_free(&reply->body); }

void srv_reply_error(srv_reply *reply, int status, const char *code, const char *fmt, ...) {
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    srv_buf_free(&reply->body);
    reply->body.failed = 0;
    reply->status = status;
    reply->type = "application/json";
    srv_buf_printf(&reply->body, "{\"status\":%d,\"code\":\"%s\",\"message\":", status, code);
    srv_json_cstring(&reply->body, message);
    srv_buf_puts(&reply->body, "}\n");
}
