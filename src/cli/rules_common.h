/* fenkit command line: what the moves, play and perft commands share. */
#ifndef FENKIT_CLI_RULES_COMMON_H
#define FENKIT_CLI_RULES_COMMON_H

#include <stdio.h>

#include "fenkit/fenkit.h"

/* Reads a FEN given on the command line ("startpos [moves ...]" names a
 * position as UCI does, see cli_startpos_fen) and checks it. When a problem leaves the moves undefined (an
 * unreadable FEN, missing or extra kings, a pawn on a back rank, the side
 * not to move in check), prints those problems to stderr as
 * "fenkit CMD: ..." and returns 0; else returns 1. */
int rules_read_position(const char *command, const char *text, unsigned flags,
                        fk_position *pos);

/* Calls each(line, ctx) with every FEN of standard input (through
 * cli_inputs: a byte-order mark, trailing blank lines, "startpos moves ...",
 * a line that is no FEN at all), skipping empty lines; a line that cannot
 * be read, or for which each returns 0, is reported on stderr as
 * "fenkit CMD: line N skipped". Returns CLI_OK, or CLI_PROBLEMS when a
 * line was skipped or standard input could not be read. */
int rules_each_stdin_fen(const char *command, int (*each)(const char *fen, void *ctx),
                         void *ctx);

/* Writes text as a JSON string, quotes included. */
void rules_json_string(FILE *out, const char *text);

/* Appends word to the FEN being gathered in buf (cap bytes, *used so far),
 * after a space, for FENs typed as separate fields. Returns 0 when it does
 * not fit. */
int rules_append_field(char *buf, size_t cap, size_t *used, const char *word);

/* Parses a positive depth ("5"); returns -1 when text is not one. */
int rules_parse_depth(const char *text);

#endif
