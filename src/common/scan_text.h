/* A scan's notes and the names of its men in the reader's language. The
 * scanner keeps each note's English sentence and what it is made of
 * (fk_scan_note_args); these word it again for other readers. */
#ifndef FENKIT_COMMON_SCAN_TEXT_H
#define FENKIT_COMMON_SCAN_TEXT_H

#include <stddef.h>

#include "fenkit/vision.h"

/* The longest note, worded in any language, with its end. */
#define SCAN_NOTE_MAX 512

/* Note i of r in the reader's language: the scanner's own English when the
 * reader reads English or the note has no code, else the note worded from
 * its arguments into buf (cap bytes). Returns the text. */
const char *scan_note_text(const fk_scan_result *r, int i, char *buf, size_t cap);

/* A square's man as a scan names it ("white knight", "empty"), in the
 * reader's language. */
const char *scan_man_name(fk_piece piece);

#endif
