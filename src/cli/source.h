/* fenkit command line: input bytes from a file or standard input, plain or
 * compressed (gzip, bzip2, zstd: told by their magic bytes, not by the
 * file's name), decompressed in a second thread. */
#ifndef FENKIT_CLI_SOURCE_H
#define FENKIT_CLI_SOURCE_H

#include <stddef.h>
#include <stdint.h>

typedef enum { CLI_PLAIN = 0, CLI_GZIP, CLI_BZIP2, CLI_ZSTD } cli_format;

typedef struct cli_source cli_source;

/* Opens path ("-": standard input) and reads its first bytes to tell its
 * format. Returns the source, or NULL with a sentence in why (why_cap
 * bytes): the file cannot be opened, or its decompressor cannot be loaded. */
cli_source *cli_source_open(const char *path, char *why, size_t why_cap);
/* The same for a file descriptor already open (left open by close). */
cli_source *cli_source_open_fd(int fd, const char *name, char *why, size_t why_cap);

/* Reads up to cap bytes of the (decompressed) input into buf. Returns the
 * count; 0 at the end of the input, or when it could not be read further:
 * cli_source_error then says why. An fk_pgn_read_fn. */
size_t cli_source_read(void *source, char *buf, size_t cap);

/* NULL while the input reads well; else a sentence saying what went wrong
 * and how far the input was read ("the zstd data ends in the middle of a
 * stream (cut short?) after 44414 bytes of the file; ..."). The fault is
 * told only once cli_source_read has handed out everything decompressed
 * before it. */
const char *cli_source_error(cli_source *source);
cli_format cli_source_format(const cli_source *source);
/* "plain", "gzip", "bzip2" or "zstd". */
const char *cli_format_name(cli_format format);

/* Stops the decompressing thread, frees the source, and closes the file
 * when cli_source_open opened it. NULL is fine. */
void cli_source_close(cli_source *source);

#endif
