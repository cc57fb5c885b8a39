/* The steps between the network's readings and the repair that look at
 * how the men are drawn: telling men read alike apart (tell.c) and
 * their colours by their ink (ink.c). Private to src/vision. */
#ifndef FENKIT_VISION_TELL_H
#define FENKIT_VISION_TELL_H

#include "vision.h"

/* A reading under this is unsure enough for how the man is drawn to
 * overrule it (tell.c, where two men read alike are told apart). */
#define TELL_BELOW 0.9f

typedef enum {
    TOLD_NEXT,   /* took its next class */
    TOLD_UNSEEN, /* took a kind no square shows (claim_unseen_kinds) */
    TOLD_ALONG,  /* drawn like a TOLD_UNSEEN square, took its kind too */
    TOLD_ALSO,   /* on a hatched square, unlike the same sure men as a
                  * TOLD_UNSEEN one there, took its kind too */
    TOLD_LIKE,   /* unlike the sure men of its reading, drawn like a man
                  * read as its runner-up, took it (take_the_runner_up) */
    TOLD_INK,    /* a man whose colour its ink decided (fk_colour_kings, fk_colour_men) */
    TOLD_TWIN,   /* read as a king, drawn like another man of its colour */
    TOLD_SET     /* took the man its group of like drawings was labelled (sets.c) */
} told_how;

typedef struct {
    int cell;  /* the square changed */
    int other; /* the one it was told apart from (for TOLD_ALONG: drawn like) */
    told_how how;
    fk_piece was;
    float was_prob, now_prob; /* of its first reading, of the one it takes */
} told_apart;

/* Which cells stand on hatched squares (fk_laid_of()). */
typedef struct {
    int hatched[2];       /* per square colour: most of its cells hatched;
                           * -1 until fk_laid_of() is first asked */
    signed char laid[64]; /* a hatched ground found under the cell */
} hatching;

/* The crops of a picture as fk_drawn_alike() compares them: each one's
 * ground grey, found once, and one more crop's room to repaint into; and
 * for each square colour (fk_cell_colour()) whether it is drawn flat (PLAIN:
 * not hatched or grainy). */
typedef struct {
    const uint8_t *crops;
    int side;
    int ground[64];
    int flat[2];
    uint8_t *spare;      /* side * side bytes */
    fk_bitboard arrowed; /* cells an arrow was taken out of: no outlines */
    uint8_t *shapes;     /* 64 outlines (fk_crops_shapes()), side * side bytes each */
    int *found;          /* -1 until outline_of() is first asked; then 1 where the
                          * outlines are against fitted grounds */
    int *shaped;         /* each one's pixel count, 0 where no outline shows */
    uint64_t *rows;      /* the outlines as rows of bits (fk_shape_rows()), 64 a
                          * cell, where side is 64 or less */
    uint8_t *grounds;    /* 64 hatched grounds (fk_hatch_ground()), side * side
                          * bytes each */
    hatching *hatch;
} drawings;

/* Takes cell as `now` in picture[], told from (or drawn like) cell
 * `other` as `how` says, and records it, with both readings'
 * probabilities, in told[*n]. */
static inline void fk_told_take(told_apart told[64], int *n, fk_piece picture[64],
                                const float (*probs)[FK_PIECE_COUNT], int cell, int other,
                                told_how how, fk_piece now) {
    fk_piece was = picture[cell];
    told[(*n)++] = (told_apart){.cell = cell,
                                .other = other,
                                .how = how,
                                .was = was,
                                .was_prob = probs[cell][was],
                                .now_prob = probs[cell][now]};
    picture[cell] = now;
}

/* Sets d up over the 64 crops of side pixels: spare is room for 129
 * crops, shaped for 64 counts, rows for 64 * 64 rows of bits; arrowed the
 * cells an arrow was taken out of. */
void fk_drawings_init(drawings *d, const uint8_t *crops, int side, uint8_t *spare, int *shaped,
                      int *found, uint64_t *rows, hatching *hatch, fk_bitboard arrowed);
/* How alike cells a and b are drawn, whatever their squares' colours: 1
 * for the same drawing, 0 or less for unrelated ones. */
double fk_drawn_alike(const drawings *d, int a, int b);
/* The likeness of the crops of cells a and b as they are (for cells of
 * one square colour). */
double fk_crops_alike(const drawings *d, int a, int b);
/* 1 when cell i stands on a hatched square whose ground was worked out. */
int fk_laid_of(const drawings *d, int i);
/* The picture the readings make once men drawn unlike their readings are
 * told apart: fills picture[] and told[], returns how many were told. */
int fk_read_picture(const drawings *d, const float (*probs)[FK_PIECE_COUNT], fk_piece picture[64],
                    told_apart told[64]);
/* The cells whose men are drawn like another man of their colour, who is
 * then no king: one read as the king unsurely takes his twin's reading
 * (appended to told[], *n counting them). */
fk_bitboard fk_twinned_men(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                           fk_piece picture[64], told_apart told[64], int *n);
/* The men read as one piece set (sets.c): groups of like drawings, each
 * given one man, jointly for the board; square_px is the size of a square
 * in the picture. Returns the new count of told. */
int fk_read_as_set(const drawings *d, const float (*probs)[FK_PIECE_COUNT], double square_px,
                   fk_piece picture[64], told_apart told[64], int n);
/* The unsure cells whose runner-up their outline rules out, for the
 * material weighing. */
fk_bitboard fk_outline_vetoes(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                              const fk_piece picture[64]);
/* Fills alike[] (by cell) with the cells whose men are read the same as
 * an unsure one's and drawn like it, for the material weighing. */
void fk_alike_men(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                  const fk_piece picture[64], fk_bitboard alike[64]);

/* Fills ink[] with how much of each cell its man's ink covers; 0 on a
 * board whose squares do not let it be read (ink.c). */
int fk_cell_inks(const drawings *d, double ink[64]);
/* The two kings' colours from their ink; returns the new count of told. */
int fk_colour_kings(const double ink[64], const float (*probs)[FK_PIECE_COUNT],
                    fk_piece picture[64], told_apart told[64], int n);
/* Unsure men's colours from their ink against the board's sure men;
 * confirmed gets the cells whose colour the ink confirmed. Returns the new
 * count of told. */
int fk_colour_men(const double ink[64], const float (*probs)[FK_PIECE_COUNT], fk_piece picture[64],
                  told_apart told[64], int n, fk_bitboard *confirmed);

/* The notes that say which men were told apart and how (notes.c), each
 * square added to r->repaired; best is each cell's reading before. */
void fk_note_told(fk_scan_result *r, const fk_piece picture[64], const fk_piece best[64],
                  const told_apart *told, int count);

#endif
