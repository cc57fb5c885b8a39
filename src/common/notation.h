/* FENs pasted with other piece letters: a language's own (German, French,
 * Spanish and Italian, Vietnamese) or chess figurines. Shared by the
 * command line and the web server (not part of the installed library). */
#ifndef FENKIT_COMMON_NOTATION_H
#define FENKIT_COMMON_NOTATION_H

#include <stddef.h>

#include "fenkit/core.h"

/* The variant of a `nonstandard-notation` note on the placement that names
 * the piece letters recognised: args.n[0] holds which sets (a bit per
 * set, in notation.c's order), args.quote the letters read and their FEN
 * letters in pairs ("TRSNLB"), and the fix is the FEN in FEN's letters. */
#define NOTATION_LETTERS_VARIANT 6

/* When the FEN read into problems has letters that are no piece letters
 * and each of them is a piece letter of one of the known sets, and read so
 * it gives each side one king: puts a note first in problems saying which
 * letters were recognised, with the FEN in standard letters as its fix.
 * Returns 1 when it added the note. */
int notation_note(const char *text, size_t len, fk_problems *problems);

/* 1 when p is such a note. */
int notation_is_note(const fk_problem *p);

/* The note's sentence in the reader's language, into msg (msg_cap bytes),
 * when p is such a note. Returns 1 when it was. */
int notation_text(const fk_problem *p, char *msg, size_t msg_cap);

/* The index of the set of chess figurines. */
#define NOTATION_FIGURINES 4

#endif
