/* Telling text that is no FEN at all from a broken FEN, shared by the
 * command line and the web server (not part of the installed library). */
#ifndef FENKIT_COMMON_NOT_A_FEN_H
#define FENKIT_COMMON_NOT_A_FEN_H

#include <stddef.h>

/* 1 when text is not a FEN at all, not even a broken one: its first word
 * has no '/' between ranks and two or more bytes no placement holds. The
 * reader would report each of those bytes and each field after them; one
 * error, not_a_fen_message, says more. */
int not_a_fen(const char *text, size_t len);

/* The sentence for such text (problem code "not-a-fen"). */
extern const char not_a_fen_message[];

#endif
