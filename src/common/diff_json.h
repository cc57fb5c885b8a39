/* What changed between two positions as JSON, shared by the command line and
 * the web server (not part of the installed library). */
#ifndef FENKIT_COMMON_DIFF_JSON_H
#define FENKIT_COMMON_DIFF_JSON_H

#include <stdio.h>

#include "fenkit/core.h"

/* Writes one JSON object (no newline after it): the FENs as given, whether
 * each is valid, the men that changed (with their words in the reader's
 * language), each other field (from, to, changed) and the lines of moves
 * found (`lines` as fk_moves_between gave it; NULL when not looked for). */
void diff_json_write(FILE *out, const char *from, const char *to, const fk_position *a,
                     const fk_position *b, int a_valid, int b_valid, const fk_lines *lines);

#endif
