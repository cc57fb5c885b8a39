/* fenkit: Polyglot opening books. The book is read where it lies (a binary
 * search over its sorted entries), so a book of any size costs a few reads
 * per probe and no memory beyond the handle. */
#ifndef FENKIT_BOOK_H
#define FENKIT_BOOK_H

#include "fenkit/moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One book move for a position. */
typedef struct {
    fk_move move;    /* the legal move the entry names */
    uint16_t raw;    /* the move as the book encodes it (from, to, promotion) */
    uint16_t weight; /* how often the book suggests it, relative to the others */
    uint32_t learn;  /* the learning field, as stored (most books leave it 0) */
} fk_book_entry;

typedef struct fk_book fk_book;

/* Opens the Polyglot book at path (16-byte big-endian entries sorted by
 * key). Returns NULL with err set when the file cannot be opened or is
 * not a whole number of entries. The caller closes it with fk_book_close. */
FK_API fk_book *fk_book_open(const char *path, fk_error *err);
/* Closes a book (NULL is fine). */
FK_API void fk_book_close(fk_book *book);
/* Number of entries in the book. */
FK_API uint64_t fk_book_size(const fk_book *book);

/* The book's entries for pos (found by fk_position_hash), in the book's
 * order, at most cap of them into out. Entries whose move is not legal in
 * pos (a key collision, or a broken book) are left out and counted in
 * *skipped (which may be NULL). Returns the number of entries found, or -1
 * with err set when reading the book failed. */
FK_API int fk_book_probe(fk_book *book, const fk_position *pos, fk_book_entry *out, int cap, int *skipped,
                  fk_error *err);

#ifdef __cplusplus
}
#endif
#endif
