/* Polyglot opening books: finding a position's entries by binary search in
 * the file and turning each encoded move into a legal move. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/book.h"

#define ENTRY_SIZE 16

struct fk_book {
    FILE *file;
    uint64_t count;
};

static void set_error(fk_error *err, fk_status status, const char *fmt, const char *path,
                      const char *why) {
    if (!err) return;
    err->status = status;
    err->offset = -1;
    snprintf(err->message, sizeof err->message, fmt, path, why);
}

fk_book *fk_book_open(const char *path, fk_error *err) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        set_error(err, FK_ERR_IO, "%s: %s", path, strerror(errno));
        return NULL;
    }
    long size = -1;
    if (fseek(file, 0, SEEK_END) == 0) size = ftell(file);
    if (size < 0) {
        set_error(err, FK_ERR_IO, "%s: %s", path, "cannot find its size (not a regular file?)");
        fclose(file);
        return NULL;
    }
    if (size % ENTRY_SIZE != 0) {
        char why[128];
        snprintf(why, sizeof why,
                 "%ld bytes is not a whole number of 16-byte entries: not a Polyglot book, "
                 "or cut short",
                 size);
        set_error(err, FK_ERR_SYNTAX, "%s: %s", path, why);
        fclose(file);
        return NULL;
    }
    fk_book *book = malloc(sizeof *book);
    if (!book) {
        set_error(err, FK_ERR_NOMEM, "%s: %s", path, "out of memory");
        fclose(file);
        return NULL;
    }
    book->file = file;
    book->count = (uint64_t)size / ENTRY_SIZE;
    return book;
}

void fk_book_close(fk_book *book) {
    if (!book) return;
    fclose(book->file);
    free(book);
}

uint64_t fk_book_size(const fk_book *book) { return book->count; }

static uint64_t read_be(const unsigned char *p, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v = v << 8 | p[i];
    return v;
}

/* Reads entry i into buf. Returns 0, or -1 on a read error. */
static int read_entry(fk_book *book, uint64_t i, unsigned char buf[ENTRY_SIZE]) {
    if (fseek(book->file, (long)(i * ENTRY_SIZE), SEEK_SET) != 0) return -1;
    return fread(buf, 1, ENTRY_SIZE, book->file) == ENTRY_SIZE ? 0 : -1;
}

/* The legal move of pos that a Polyglot move encodes, or 0 with none.
 * Polyglot writes castling as the king taking its own rook, as fenkit
 * stores it, so from and to compare directly. */
static int decode_move(const fk_position *pos, uint16_t raw, fk_move *move) {
    int to = raw & 63, from = (raw >> 6) & 63, promo = (raw >> 12) & 7;
    static const uint8_t kinds[5] = {0, FK_KNIGHT, FK_BISHOP, FK_ROOK, FK_QUEEN};
    if (promo > 4) return 0;
    fk_movelist list;
    fk_moves_generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        const fk_move *m = &list.moves[i];
        if (m->from == from && m->to == to && m->promotion == kinds[promo]) {
            *move = *m;
            return 1;
        }
    }
    return 0;
}

int fk_book_probe(fk_book *book, const fk_position *pos, fk_book_entry *out, int cap, int *skipped,
                  fk_error *err) {
    uint64_t key = fk_position_hash(pos);
    unsigned char buf[ENTRY_SIZE];
    if (skipped) *skipped = 0;
    /* the first entry whose key is not below ours */
    uint64_t lo = 0, hi = book->count;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (read_entry(book, mid, buf) != 0) goto failed;
        if (read_be(buf, 8) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    int found = 0;
    for (uint64_t i = lo; i < book->count && found < cap; i++) {
        if (read_entry(book, i, buf) != 0) goto failed;
        if (read_be(buf, 8) != key) break;
        fk_book_entry entry = {{0, 0, 0, 0},
                               (uint16_t)read_be(buf + 8, 2),
                               (uint16_t)read_be(buf + 10, 2),
                               (uint32_t)read_be(buf + 12, 4)};
        if (!decode_move(pos, entry.raw, &entry.move)) {
            if (skipped) ++*skipped;
            continue;
        }
        out[found++] = entry;
    }
    return found;
failed:
    if (err) {
        err->status = FK_ERR_IO;
        err->offset = -1;
        snprintf(err->message, sizeof err->message, "reading the book failed: %s",
                 ferror(book->file) ? strerror(errno) : "it ended early");
    }
    return -1;
}
