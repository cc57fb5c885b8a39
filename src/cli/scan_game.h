/* fenkit scan --game: pictures of one game, in order, to its PGN. */
#ifndef FENKIT_CLI_SCAN_GAME_H
#define FENKIT_CLI_SCAN_GAME_H

#include "fenkit/vision.h"

/* Reads the n pictures as moments of one game and prints its PGN (with
 * json, a line a picture, then the PGN in a last object). Returns the
 * exit status. */
int scan_game(char **images, int n, const fk_scan_options *opts, int json);

#endif
