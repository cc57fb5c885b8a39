/* fenkit pgn: the commands that programs embed in PGN comments, read out:
 * [%clk H:MM:SS] (the clock after the move) and [%eval E] (an engine's
 * evaluation, in pawns, or #N for a mate in N). */
#ifndef FENKIT_CLI_PGN_COMMENT_H
#define FENKIT_CLI_PGN_COMMENT_H

#include <stddef.h>

typedef struct {
    char text[4100]; /* the comment without the commands read (trimmed) */
    int has_clock;
    double clock; /* seconds left */
    int has_eval;
    double eval; /* pawns, from White's side */
    int has_mate;
    int mate; /* moves to mate; negative when Black mates */
} pgn_comment;

/* Reads comment into out. */
void pgn_comment_read(const char *comment, pgn_comment *out);

#endif
