/* Lines in and out in large blocks: one read() fills 64 KiB of lines,
 * each line is handed out in place, and output leaves in one write() per
 * buffer. */
#include "lines.h"
#include "common/i18n.h"
#include "source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cli_lines_open(cli_line_reader *r, int fd, size_t cap) {
    memset(r, 0, sizeof *r);
    r->fd = fd;
    r->cap = cap;
    r->buf = malloc(cap);
    return r->buf ? 0 : -1;
}

int cli_lines_open_source(cli_line_reader *r, struct cli_source *source, size_t cap) {
    int rc = cli_lines_open(r, -1, cap);
    r->source = source;
    return rc;
}

void cli_lines_close(cli_line_reader *r) {
    free(r->buf);
    r->buf = NULL;
}

/* Reads more bytes after the unread ones, first moving those to the front.
 * Returns the count read; 0 sets eof (end of input or a read error). */
static size_t fill(cli_line_reader *r) {
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
    }
    if (r->source) {
        size_t n = cli_source_read(r->source, r->buf + r->end, r->cap - r->end);
        r->end += n;
        r->eof = n == 0;
        return n;
    }
    for (;;) {
        ssize_t n = read(r->fd, r->buf + r->end, r->cap - r->end);
        if (n > 0) {
            r->end += (size_t)n;
            return (size_t)n;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) r->error = errno;
        r->eof = 1;
        return 0;
    }
}

/* Drops bytes up to and including the next newline (the rest of a line too
 * long to keep), reading as needed. */
static void skip_line(cli_line_reader *r) {
    for (;;) {
        char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);
        if (nl) {
            r->start = (size_t)(nl - r->buf) + 1;
            return;
        }
        r->start = r->end = 0;
        if (r->eof || fill(r) == 0) return;
    }
}

int cli_lines_next(cli_line_reader *r, const char **text, size_t *len) {
    for (;;) {
        char *line = r->buf + r->start;
        char *nl = memchr(line, '\n', r->end - r->start);
        size_t n;
        if (nl) {
            n = (size_t)(nl - line);
            r->start += n + 1;
        } else if (r->eof) {
            /* the last line may have no newline; an empty rest is no line */
            if (r->start == r->end) return CLI_LINE_END;
            n = r->end - r->start;
            r->start = r->end;
        } else if (r->start == 0 && r->end == r->cap) {
            r->number++;
            skip_line(r);
            return CLI_LINE_TOO_LONG;
        } else {
            fill(r);
            continue;
        }
        if (n > 0 && line[n - 1] == '\r') n--;
        if (r->number == 0 && n >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
            /* a UTF-8 byte-order mark, as Windows editors start a file */
            line += 3;
            n -= 3;
        }
        r->number++;
        *text = line;
        *len = n;
        return CLI_LINE_OK;
    }
}

int cli_writer_open(cli_writer *w, int fd, size_t cap) {
    memset(w, 0, sizeof *w);
    w->fd = fd;
    w->cap = cap;
    w->buf = malloc(cap);
    return w->buf ? 0 : -1;
}

int cli_writer_flush(cli_writer *w) {
    size_t done = 0;
    while (done < w->len && !w->error) {
        ssize_t n = write(w->fd, w->buf + done, w->len - done);
        if (n >= 0) done += (size_t)n;
        else if (errno != EINTR) w->error = errno;
    }
    /* after a failed write the output is dropped: nobody can read it */
    w->len = 0;
    return w->error ? -1 : 0;
}

int cli_writer_close(cli_writer *w) {
    int rc = cli_writer_flush(w);
    free(w->buf);
    w->buf = NULL;
    return rc;
}

int cli_read_text_lines(const char *path, const char *who, size_t cap, size_t item_size,
                        void **items, int *failed) {
    char why[512];
    char *out = NULL;
    *items = NULL;
    cli_source *source = cli_source_open(path, why, sizeof why);
    cli_line_reader lines;
    if (!source || cli_lines_open_source(&lines, source, cap) != 0) {
        if (source)
            fprintf(stderr, _("%s: cannot read the file: out of memory\n"), who);
        else
            fprintf(stderr, _("%1$s: cannot read %2$s\n"), who, why);
        cli_source_close(source);
        return -1;
    }
    int count = 0, room = 0;
    const char *line;
    size_t len;
    for (int got; (got = cli_lines_next(&lines, &line, &len)) != CLI_LINE_END;) {
        if (got == CLI_LINE_TOO_LONG) {
            fprintf(stderr, _("%1$s: %2$s: line %3$ld: longer than %4$zu bytes, not read\n"), who,
                    path, lines.number, cap);
            *failed = 1;
            continue;
        }
        while (len > 0 && (*line == ' ' || *line == '\t'))
            line++, len--;
        while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
            len--;
        if (!len || *line == '#') continue;
        char *text = strndup(line, len);
        if (count == room) {
            int more = room ? room * 2 : 64;
            char *grown = realloc(out, (size_t)more * item_size);
            if (grown) out = grown, room = more;
        }
        if (!text || count == room) {
            free(text);
            fprintf(stderr, _("%1$s: %2$s: out of memory after %3$d lines\n"), who, path, count);
            *failed = 1;
            break;
        }
        char *item = out + (size_t)count++ * item_size;
        memset(item, 0, item_size);
        *(cli_text_line *)item = (cli_text_line){text, lines.number};
    }
    *items = out;
    const char *failure = cli_source_error(source);
    if (failure) {
        fprintf(stderr, "%s: %s: %s\n", who, path, failure);
        *failed = 1;
    }
    cli_lines_close(&lines);
    cli_source_close(source);
    return count;
}
