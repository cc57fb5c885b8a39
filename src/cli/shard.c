/* Passing on only some games of a PGN input. The text is scanned once for
 * line starts and comment braces: a game that is not kept costs a memchr
 * over its bytes, never a move read or played. */
#include "shard.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define SHARD_BUFFER (1u << 16)

int shard_open(shard_filter *f, cli_source *source, long k, long n, long first_index) {
    memset(f, 0, sizeof *f);
    f->source = source;
    f->k = k;
    f->n = n;
    f->first_index = first_index;
    f->at_line_start = 1;
    f->buf = malloc(SHARD_BUFFER);
    if (!f->buf) return -1;
    /* what comes before the first tag goes with the first game */
    f->keep = first_index % n == k;
    if (f->keep) {
        f->kept = malloc(16 * sizeof *f->kept);
        if (!f->kept) return -1;
        f->kept_cap = 16;
        f->kept[0] = (shard_game){1, first_index};
        f->kept_count = 1;
    }
    return 0;
}

void shard_close(shard_filter *f) {
    free(f->buf);
    free(f->kept);
    f->buf = NULL;
    f->kept = NULL;
}

long shard_games(const shard_filter *f) { return f->games ? f->games : f->line > 0; }

/* Notes a game handed out, for shard_find. Returns 0, or -1. */
static int note_kept(shard_filter *f, shard_game game) {
    if (f->kept_first > 0 && f->kept_first * 2 >= f->kept_count) {
        /* drop the games already looked up: memory stays bounded by how
         * far the reader's buffer runs ahead */
        memmove(f->kept, f->kept + f->kept_first,
                (f->kept_count - f->kept_first) * sizeof *f->kept);
        f->kept_count -= f->kept_first;
        f->kept_first = 0;
    }
    if (f->kept_count == f->kept_cap) {
        size_t cap = f->kept_cap ? f->kept_cap * 2 : 16;
        shard_game *grown = realloc(f->kept, cap * sizeof *grown);
        if (!grown) return -1;
        f->kept = grown;
        f->kept_cap = cap;
    }
    f->kept[f->kept_count++] = game;
    return 0;
}

const shard_game *shard_find(shard_filter *f, long line) {
    while (f->kept_first + 1 < f->kept_count && f->kept[f->kept_first + 1].line <= line)
        f->kept_first++;
    if (f->kept_first >= f->kept_count || f->kept[f->kept_first].line > line) return NULL;
    return &f->kept[f->kept_first];
}

/* Called at the first byte of each line: starts a new game at a tag that
 * follows movetext, and says whether the line is a tag or movetext. */
static void line_begins(shard_filter *f, char first) {
    f->line++;
    f->in_semicolon = 0;
    f->tag_line = first == '[' && !f->in_brace;
    if (f->tag_line && (f->movetext || f->games == 0)) {
        f->movetext = 0;
        long index = f->first_index + f->games;
        f->games++;
        /* the first tag of the input opens the game its preamble began */
        if (f->games > 1) {
            f->keep = index % f->n == f->k;
            if (f->keep && note_kept(f, (shard_game){f->line, index}) != 0)
                f->keep = 0; /* out of memory: the game is left out rather than misnumbered */
        }
    } else if (!f->tag_line && first != '\n' && first != '\r' && first != '%') {
        f->movetext = 1;
    }
}

/* Follows comments over n bytes of movetext, so that a '[' at the start
 * of a line inside {...} is not taken for a tag. */
static void scan_comments(shard_filter *f, const char *p, size_t n) {
    if (f->tag_line) return;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (f->in_brace)
            f->in_brace = c != '}';
        else if (f->in_semicolon)
            continue;
        else if (c == '{')
            f->in_brace = 1;
        else if (c == ';')
            f->in_semicolon = 1;
    }
}

size_t shard_read(void *filter, char *out, size_t cap) {
    shard_filter *f = filter;
    size_t made = 0;
    while (made < cap) {
        if (f->start == f->end) {
            if (f->eof) break;
            f->start = 0;
            f->end = cli_source_read(f->source, f->buf, SHARD_BUFFER);
            if (f->end == 0) {
                f->eof = 1;
                break;
            }
        }
        if (f->at_line_start) {
            line_begins(f, f->buf[f->start]);
            f->at_line_start = 0;
        }
        const char *p = f->buf + f->start;
        size_t avail = f->end - f->start;
        const char *nl = memchr(p, '\n', avail);
        size_t n = nl ? (size_t)(nl - p) + 1 : avail;
        if (f->keep && n > cap - made) n = cap - made;
        scan_comments(f, p, n);
        if (f->keep) {
            memcpy(out + made, p, n);
            made += n;
        } else if (nl && p + n == nl + 1) {
            out[made++] = '\n'; /* the line end alone keeps the lines counted */
        }
        f->start += n;
        if (nl && p + n == nl + 1) f->at_line_start = 1;
    }
    return made;
}

int shard_parse(const char *text, long *k, long *n) {
    char *end;
    errno = 0;
    *k = strtol(text, &end, 10);
    if (end == text || *end != '/' || errno || *k < 0) return -1;
    const char *second = end + 1;
    *n = strtol(second, &end, 10);
    if (end == second || *end || errno || *n < 1 || *k >= *n) return -1;
    return 0;
}
