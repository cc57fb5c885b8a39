/* fenkit command line: writing JSON values. */
#ifndef FENKIT_CLI_JSON_H
#define FENKIT_CLI_JSON_H

#include <stddef.h>
#include <stdio.h>

/* Writes len bytes of text as a JSON string, quotes included. Control
 * characters are escaped, and bytes that are not valid UTF-8 become
 * U+FFFD, so the output is always valid JSON whatever the input. */
void cli_json_string(FILE *out, const char *text, size_t len);

/* Same, for a zero-terminated string. */
void cli_json_cstring(FILE *out, const char *text);

#endif
