/* fenkit: the placement field read rank by rank, as codes and arguments.
 * The core says what each stretch of a rank's text holds; the layers that
 * talk to people (the command line, the web page) make the sentences, in
 * the reader's language. */
#ifndef FENKIT_PLACEMENT_H
#define FENKIT_PLACEMENT_H

#include "fenkit/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What one stretch of a rank's text says. */
typedef enum {
    FK_STRETCH_EMPTY, /* a digit: `count` empty squares from `file` */
    FK_STRETCH_MEN,   /* `count` men of one `piece` side by side from `file` */
    FK_STRETCH_BAD    /* a byte that is neither a piece letter nor a digit */
} fk_stretch_kind;

typedef struct {
    uint8_t kind;    /* fk_stretch_kind */
    uint8_t piece;   /* FK_STRETCH_MEN: the fk_piece; else FK_EMPTY */
    uint8_t count;   /* squares it covers (0 for FK_STRETCH_BAD) */
    uint8_t file;    /* file of its first square, 0 = a; 8 or more is past h */
    uint16_t offset; /* byte offset of its first byte within the rank's text */
    uint16_t length; /* bytes of text it spans */
} fk_stretch;

/* How a whole rank reads. */
typedef enum {
    FK_RANK_MIXED,       /* men and empty squares: read stretch by stretch */
    FK_RANK_EMPTY,       /* eight empty squares */
    FK_RANK_HOME_PIECES, /* the eight pieces of `color` as the game starts */
    FK_RANK_HOME_PAWNS   /* the eight pawns of `color` on their starting rank */
} fk_rank_kind;

#define FK_RANK_STRETCHES 16

typedef struct {
    int rank;      /* 8 for the first rank written, then 7, ...; 0 or less
                      for ranks written after the eighth */
    int offset;    /* byte offset of the rank's text within the placement */
    int length;    /* bytes of the rank's text */
    int squares;   /* squares the text adds up to (8 when it is right) */
    uint8_t kind;  /* fk_rank_kind */
    uint8_t color; /* fk_color, for the two home kinds */
    uint8_t bad;   /* 1 when some byte is neither a piece letter nor a digit */
    int count;     /* stretches kept */
    int dropped;   /* stretches past FK_RANK_STRETCHES, not kept */
    fk_stretch stretches[FK_RANK_STRETCHES];
} fk_rank_reading;

/* Reads the placement text (up to its first space, or `len` bytes) rank by
 * rank into ranks[0..max-1], the first rank written first. Runs of the same
 * man are one stretch, each digit is one. Returns the number of ranks the
 * text holds, which may exceed max (only max are written). Never fails:
 * broken text reads as what it says, so the reader sees where the count
 * goes wrong. */
FK_API int fk_placement_read(const char *text, size_t len, fk_rank_reading *ranks, int max);

#ifdef __cplusplus
}
#endif
#endif
