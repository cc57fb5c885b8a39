/* The placement field read rank by rank: which men stand where, grouped in
 * runs, and the count of squares each rank's text adds up to. */
#include <string.h>

#include "fenkit/placement.h"

/* The starting rank of each colour's pieces and pawns, as FEN writes them. */
static const char *const home_pieces[2] = {"RNBQKBNR", "rnbqkbnr"};
static const char *const home_pawns[2] = {"PPPPPPPP", "pppppppp"};

/* Appends a stretch, counting it as dropped when the list is full. */
static fk_stretch *add(fk_rank_reading *r, fk_stretch_kind kind, fk_piece piece, int file,
                       size_t offset) {
    if (r->count == FK_RANK_STRETCHES) {
        r->dropped++;
        return NULL;
    }
    fk_stretch *s = &r->stretches[r->count++];
    s->kind = (uint8_t)kind;
    s->piece = (uint8_t)piece;
    s->count = 0;
    s->file = (uint8_t)(file > 255 ? 255 : file);
    s->offset = (uint16_t)(offset > 65535 ? 65535 : offset);
    s->length = 1;
    return s;
}

/* Names the whole rank when it is empty or still as the game starts. */
static void classify(fk_rank_reading *r, const char *text) {
    r->kind = FK_RANK_MIXED;
    if (r->squares != 8 || r->bad) return;
    if (r->count == 1 && r->stretches[0].kind == FK_STRETCH_EMPTY) {
        r->kind = FK_RANK_EMPTY;
        return;
    }
    /* Home only on the side's own ranks: a white back rank on rank 8 is a
     * board typed upside down, and is read square by square instead. */
    for (int c = FK_WHITE; c <= FK_BLACK; c++) {
        int back = c == FK_WHITE ? 1 : 8, pawns = c == FK_WHITE ? 2 : 7;
        if (r->length != 8) continue;
        if (r->rank == back && memcmp(text, home_pieces[c], 8) == 0)
            r->kind = FK_RANK_HOME_PIECES;
        else if (r->rank == pawns && memcmp(text, home_pawns[c], 8) == 0)
            r->kind = FK_RANK_HOME_PAWNS;
        else
            continue;
        r->color = (uint8_t)c;
        return;
    }
}

/* Reads one rank's text (no '/') into r. */
static void read_rank(const char *text, size_t len, fk_rank_reading *r) {
    fk_stretch *run = NULL;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        fk_piece piece = fk_piece_from_char((char)ch);
        if (ch >= '0' && ch <= '9') {
            fk_stretch *s = add(r, FK_STRETCH_EMPTY, FK_EMPTY, r->squares, i);
            if (s) s->count = (uint8_t)(ch - '0');
            r->squares += ch - '0';
            run = NULL;
        } else if (piece != FK_EMPTY) {
            /* a man like the one before him lengthens the run, as far as
             * a stretch can count */
            if (run && run->piece == piece && run->count < 255) {
                run->count++;
                run->length++;
            } else {
                run = add(r, FK_STRETCH_MEN, piece, r->squares, i);
                if (run) run->count = 1;
            }
            r->squares++;
        } else {
            add(r, FK_STRETCH_BAD, FK_EMPTY, r->squares, i);
            r->bad = 1;
            run = NULL;
        }
    }
}

int fk_placement_read(const char *text, size_t len, fk_rank_reading *ranks, int max) {
    const char *space = memchr(text, ' ', len);
    if (space) len = (size_t)(space - text);
    int n = 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && text[i] != '/') continue;
        if (n < max) {
            fk_rank_reading *r = &ranks[n];
            memset(r, 0, sizeof *r);
            r->rank = 8 - n;
            r->offset = (int)start;
            r->length = (int)(i - start);
            read_rank(text + start, i - start, r);
            classify(r, text + start);
        }
        n++;
        start = i + 1;
    }
    return n;
}
