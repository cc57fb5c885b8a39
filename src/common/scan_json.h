/* The scan result as JSON: the object `fenkit scan --json` prints and
 * `POST /api/scan` answers, written in one place for both. */
#ifndef FENKIT_COMMON_SCAN_JSON_H
#define FENKIT_COMMON_SCAN_JSON_H

#include <stddef.h>

#include "fenkit/vision.h"

/* The result as one JSON object and a newline, with an "image" field first
 * when image is not NULL; html_safe escapes < > & in strings (for the web);
 * in_lang words the notes and problems in the reader's language (else the
 * scanner's and the core's English). Returns a string the caller frees (its
 * length in *len), or NULL when out of memory. */
char *scan_result_json(const fk_scan_result *r, const char *image, int html_safe, int in_lang,
                       size_t *len);

#endif
