/* fenkit pgn --shard K/N: the games of a PGN input whose index is K mod N,
 * found without reading the moves of the others, so that N processes can
 * share one file (or one compressed file) with no splitting step first. */
#ifndef FENKIT_CLI_SHARD_H
#define FENKIT_CLI_SHARD_H

#include <stddef.h>

#include "source.h"

/* A game starts at a line that begins with '[' after movetext (or at the
 * first such line of the input), outside a {comment}: the export format
 * every database writes. Whatever precedes the first tag belongs to the
 * first game. */
typedef struct {
    long line;  /* its first line (1-based) */
    long index; /* the game's index (0-based, counted across inputs) */
} shard_game;

typedef struct {
    cli_source *source;
    long k, n;
    long first_index; /* index of the input's first game */
    char *buf;
    size_t start, end;
    int eof;
    long games; /* games started in this input */
    int keep;   /* the current game goes out */
    int at_line_start, movetext, in_brace, in_semicolon, tag_line;
    long line;        /* lines begun */
    shard_game *kept; /* games handed out and not yet looked up */
    size_t kept_first, kept_count, kept_cap;
} shard_filter;

/* Prepares f to pass on the games of source whose index (first_index for
 * its first game) is k mod n. Returns 0, or -1 when out of memory. */
int shard_open(shard_filter *f, cli_source *source, long k, long n, long first_index);
/* An fk_pgn_read_fn: the text of the games kept, in order, with only the
 * line ends of the others, so that a line of the text read is the same
 * line of the input (and errors point into the file). */
size_t shard_read(void *filter, char *buf, size_t cap);
/* The game handed out whose text holds line `line`; lines must be asked in
 * increasing order (the reader's). NULL when the line precedes every game
 * kept. */
const shard_game *shard_find(shard_filter *f, long line);
/* Games the input held, kept or not (final once shard_read returned 0). */
long shard_games(const shard_filter *f);
void shard_close(shard_filter *f);

/* Reads "K/N" (0 <= K < N). Returns 0, or -1 for anything else. */
int shard_parse(const char *text, long *k, long *n);

#endif
