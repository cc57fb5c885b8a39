/* fenkit command line: lines in and out in large blocks, for batch work
 * that must keep up with a pipe (fenkit normalize reads 100,000 lines in
 * milliseconds). */
#ifndef FENKIT_CLI_LINES_H
#define FENKIT_CLI_LINES_H

#include <stddef.h>

/* Reads lines from a file descriptor through one buffer allocated once. A
 * line is returned in place, without its "\n" or "\r\n" (nor, on the first
 * line, a UTF-8 byte-order mark), and stays valid until the next call. */
typedef struct {
    int fd;
    struct cli_source *source; /* read through this instead of fd when set */
    char *buf;
    size_t cap;        /* the longest line that can be read */
    size_t start, end; /* unread bytes are buf[start..end) */
    int eof;
    int error;         /* errno of a failed read, or 0 */
    long number;       /* number of the line last returned, from 1 */
} cli_line_reader;

/* What cli_lines_next found. */
enum { CLI_LINE_END = 0, CLI_LINE_OK = 1, CLI_LINE_TOO_LONG = 2 };

/* Prepares r to read fd with a buffer of cap bytes. Returns 0, or -1 when
 * the buffer could not be allocated. */
int cli_lines_open(cli_line_reader *r, int fd, size_t cap);
/* The same, reading through source (source.h: plain or compressed); the
 * source stays the caller's. */
int cli_lines_open_source(cli_line_reader *r, struct cli_source *source, size_t cap);
/* Frees the buffer (the file descriptor stays open). */
void cli_lines_close(cli_line_reader *r);
/* Moves to the next line. Returns CLI_LINE_OK with *text and *len set,
 * CLI_LINE_TOO_LONG (the line was longer than the buffer and has been
 * skipped; its number still counts), or CLI_LINE_END at the end of input
 * or on a read error (see r->error). */
int cli_lines_next(cli_line_reader *r, const char **text, size_t *len);

/* A line of a file that holds something, with its number (from 1). */
typedef struct {
    char *text;
    long number;
} cli_text_line;

/* Reads the lines of path ("-": standard input; plain or compressed) that
 * hold something: blanks at both ends are cut, blank lines and lines
 * starting with '#' are skipped. Each line goes into an item of item_size
 * bytes that starts with a cli_text_line, the rest of it zeroed; who names
 * the command in messages ("fenkit analyse"). Returns the count with the
 * items in *items (free each text and the array), or -1 after saying why
 * the file cannot be read; a line longer than cap, input that breaks off,
 * or memory running out is reported and *failed set, and the lines read
 * so far are kept. */
int cli_read_text_lines(const char *path, const char *who, size_t cap, size_t item_size,
                        void **items, int *failed);

/* Collects output in one large buffer and writes it to fd in blocks. */
typedef struct {
    int fd;
    char *buf;
    size_t cap, len;
    int error; /* errno of the first failed write, or 0 */
} cli_writer;

/* Prepares w to write to fd with a cap-byte buffer. Returns 0 or -1. */
int cli_writer_open(cli_writer *w, int fd, size_t cap);
/* Writes out what is buffered. Returns 0, or -1 when a write failed. */
int cli_writer_flush(cli_writer *w);
/* Flushes and frees the buffer. Returns 0, or -1 when any write failed. */
int cli_writer_close(cli_writer *w);
/* Room for at least n bytes (n <= cap) at the end of the buffer, flushing
 * first when needed; say how many were used with cli_writer_commit. Inline:
 * it runs once per output line. */
static inline char *cli_writer_reserve(cli_writer *w, size_t n) {
    if (w->cap - w->len < n) cli_writer_flush(w);
    return w->buf + w->len;
}
static inline void cli_writer_commit(cli_writer *w, size_t n) { w->len += n; }

#endif
