/* fenkit pgn --eco: the named opening a position belongs to, from the
 * lichess openings table built into the binary. */
#ifndef FENKIT_CLI_PGN_ECO_H
#define FENKIT_CLI_PGN_ECO_H

#include "fenkit/position.h"

typedef struct {
    const char *eco;  /* "B90" */
    const char *name; /* "Sicilian Defense: Najdorf Variation" */
} pgn_opening;

/* Reads the built-in table (once; later calls do nothing). Returns 0, or
 * -1 when out of memory. */
int pgn_eco_load(void);
/* The opening named after this position (placement, side to move and
 * castling rights; any move order reaches it), or NULL. */
const pgn_opening *pgn_eco_find(const fk_position *pos);

#endif
