/* Writing JSON strings that stay valid whatever bytes they are given. */
#include "json.h"

#include <string.h>

#include "common/json_text.h"

void cli_json_string(FILE *out, const char *text, size_t len) {
    /* In pieces, each ended where no UTF-8 sequence is cut in two. */
    enum { PIECE = 1024 };
    char escaped[JSON_TEXT_MAX(PIECE + 3)];
    putc('"', out);
    for (size_t at = 0; at < len;) {
        size_t end = len - at > PIECE ? at + PIECE : len;
        while (end < len && end - at < PIECE + 3 && ((unsigned char)text[end] & 0xC0) == 0x80) end++;
        fwrite(escaped, 1, json_text_escape(text + at, end - at, 0, escaped), out);
        at = end;
    }
    putc('"', out);
}

void cli_json_cstring(FILE *out, const char *text) { cli_json_string(out, text, strlen(text)); }
