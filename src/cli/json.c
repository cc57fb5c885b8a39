/* Writing JSON strings that stay valid whatever bytes they are given. */
#include "json.h"

#include <string.h>

#include "common/json_text.h"

void cli_json_string(FILE *out, const char *text, size_t len) { json_text_write(out, text, len, 0); }

void cli_json_cstring(FILE *out, const char *text) { cli_json_string(out, text, strlen(text)); }
