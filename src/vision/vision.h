/* The vision layer's own helpers, shared by its files (not public). */
#ifndef FENKIT_VISION_INTERNAL_H
#define FENKIT_VISION_INTERNAL_H

#include "fenkit/vision.h"

/* Fills err (may be NULL) with status and message; returns status. */
fk_status fk_vision_fail(fk_error *err, fk_status status, const char *message);
/* 1 (with err filled) when opts asks the scan to stop here. */
int fk_scan_stopped(const fk_scan_options *opts, fk_error *err);

/* Room for a buffer of a picture's size, freed with free(): from 1 MB
 * up, whole huge pages (2 MB each) asked of the kernel, which grants them
 * where its transparent huge pages are set to "madvise" or "always", so
 * that writing a screenshot's pixels does not fault its small pages in
 * one by one. */
void *fk_picture_alloc(size_t n);

/* Decodes PNG bytes (header already checked against the size limit)
 * straight into grey levels. Returns 1 when it dealt with the picture,
 * with *status FK_OK (out filled) or an error in err; 0 when it leaves the
 * picture to Leptonica (interlaced, or libdeflate missing). */
int fk_png_decode(const void *data, size_t len, fk_image *out, fk_status *status, fk_error *err);
/* The same for JPEG (jpeg.c): 0 leaves the picture to Leptonica (libjpeg
 * missing, gave up or warned). */
int fk_jpeg_decode(const void *data, size_t len, fk_image *out, fk_status *status, fk_error *err);
/* 1, with status and err set, when a picture of w x h pixels has none or
 * more than FK_SCAN_MAX_PIXELS (refused before decoding). */
int fk_image_too_large(int w, int h, fk_status *status, fk_error *err);

/* The perspective map from board coordinates (u, v in 0..8: u from the
 * top left corner towards the top right, v towards the bottom left) to the
 * picture that puts the board's corners at `corners` (the order of
 * fk_board_location): h is 3 x 3, row by row. */
void fk_quad_map(const fk_point corners[4], double h[9]);
/* Where h puts board point (u, v). */
fk_point fk_quad_point(const double h[9], double u, double v);
/* Grey level at picture point (x, y), interpolated between the four
 * nearest pixels (whose centres lie at +0.5); the edge pixels repeat
 * outside the picture. */
double fk_grey_at(const fk_image *image, double x, double y);
/* 1 when the corners make an upright rectangle (the locator's own grid). */
int fk_quad_is_upright(const fk_point corners[4]);

/* The median of the n values (reordered; the upper of the middle two for
 * even n, 0 for none). */
double fk_median(double *v, int n);
/* Solves the n x n system a x = b (a row by row) by Gaussian elimination
 * with partial pivoting, leaving x in b (a is overwritten); 0 when a is
 * singular (quad.c). */
int fk_solve_linear(double *a, double *b, int n);
/* Moves the corners of a located board onto the grid lines the picture
 * shows, when they make a tilted, turned or keystoned quadrilateral (a
 * photo of a screen or a page); an upright grid that fits is left as it
 * is. */
void fk_board_refine_quad(const fk_image *image, fk_board_location *where);

/* Cuts the board inside the located corners into 64 crops of side x side
 * grey pixels, in picture order (top row first, left to right), averaging
 * the picture over each crop pixel's footprint. crops holds 64*side*side
 * bytes. Returns FK_OK or FK_ERR_NOMEM. */
/* The network's features of n crops: the input of its last layer,
 * fk_model_feature_count floats a crop (errors of fk_model_classify). */
fk_status fk_model_features(const fk_model *model, const uint8_t *crops, int n, float *features);
int fk_model_feature_count(const fk_model *model);
/* A number that tells models apart (a hash of their last layer). */
uint32_t fk_model_fingerprint(const fk_model *model);
/* Softmax of n rows of `classes` scores z into probs (may be z). */
void fk_softmax(const float *z, int n, int classes, float *probs);

/* The learnt set's probabilities for n crops, as fk_model_classify's. */
fk_status fk_set_classify(const fk_piece_set *set, const fk_model *model, const uint8_t *crops,
                          int n, float *probs);
/* 1 when White was at the bottom of the picture the set was learnt from. */
int fk_set_white_bottom(const fk_piece_set *set);
/* Finds the board in the picture and cuts its 64 crops (model's side),
 * as a scan does before reading them; where gets the board. Errors of
 * fk_board_locate, or FK_ERR_NOMEM. */
fk_status fk_scan_crops(const fk_image *image, const fk_model *model, uint8_t *crops,
                        fk_board_location *where, fk_error *err);

fk_status fk_board_cut(const fk_image *image, const fk_board_location *where, int side,
                       uint8_t *crops);

/* The light over a board as light.c fits it: the light squares' grey,
 * a quadratic in the place on the board (x, y from -4 to 4), and the
 * darkest and brightest grey it gives the squares' centres. */
typedef struct {
    double coef[6];
    double lo, hi;
} fk_light;

/* Evens out light that falls unevenly over a board (light.c): a smooth
 * surface is fitted to the grey of the light squares of the 64 crops
 * (picture order), and where it varies by a sixth or more, each pixel is
 * scaled by its brightest value over its value there. A board whose light
 * squares show one grey (a program's drawing) is left alone. Returns 1
 * when the crops were changed, with the fit in *fitted (NULL: not
 * wanted). */
int fk_crops_even_light(uint8_t *crops, int side, fk_light *fitted);
/* The picture with that light evened out as the crops were, into *out
 * (the same size; free with fk_image_free): the fit runs on a little past
 * the board, to its labels, and is held at its value half a square out
 * beyond. Returns FK_OK or FK_ERR_NOMEM. */
fk_status fk_picture_even_light(const fk_image *image, const fk_board_location *where,
                                const fk_light *light, fk_image *out);

/* Decides which side is at the bottom from the classified board (classes in
 * picture order, top row first): pawns' and kings' places, with a lean
 * towards White at the bottom. Returns 1 for
 * White at the bottom and sets *confidence (0.5 a guess .. 1). */
int fk_orient_guess(const fk_piece picture[64], double *confidence);
/* The same from the pawns alone, with no lean either way: for a printed
 * diagram, where the kings of a composed problem stand anywhere and the
 * printing convention, not the men, puts White at the bottom. */
int fk_orient_by_pawns(const fk_piece picture[64], double *confidence);

/* The square shown at picture cell i (top row first) for either view. */
static inline fk_square fk_cell_square(int i, int white_bottom) {
    int row = i / 8, col = i % 8;
    return white_bottom ? FK_SQUARE(col, 7 - row) : FK_SQUARE(7 - col, row);
}

/* The last move's two marked cells by their grey (lastmove.c): the cells
 * whose ground (fk_crop_ground(), by cell) stands out of their square
 * colour's, the `ignored` cells (under a panel) left out; none unless
 * exactly two do. */
fk_bitboard fk_tinted_cells(const int ground[64], fk_bitboard ignored);
/* The same by the yellow of the picture's colours where it has them
 * (fk_image.colour), for a JPEG whose grey hides the tint. */
fk_bitboard fk_tinted_in_colour(const fk_image *im, const fk_board_location *where);
/* 1 (White at the bottom), 0, or -1 when the two tinted cells show no
 * pawn's step that one orientation allows and the other does not. */
int fk_orient_from_marked_step(const fk_piece picture[64], fk_bitboard tinted);
/* Sets r->last_from and r->last_to to the move the tinted squares (by
 * square) make on board, when they make one; returns whether they do. */
int fk_last_move_seen(const fk_position *board, fk_bitboard tinted, fk_scan_result *r);

/* From this confidence on, the side at the bottom counts as known, not
 * guessed (fk_scan_result.doubt). */
#define FK_SCAN_SURE_BOTTOM 0.9
/* The calibrated threshold fk_scan_options_default sets (doubt.c). */
double fk_scan_default_threshold(void);
/* How unlike its nearest peer each of the 64 crops looks (picture order):
 * the peers are the crops read as the same man, or empty, on squares of
 * the same colour, which a board draws alike; 0 for a twin, 1 for a crop
 * as far from it as the board's darkest grey from its lightest; -1 when it
 * has no peer. */
void fk_crops_oddness(const uint8_t *crops, int side, const fk_piece picture[64], double odd[64]);
/* Sets each square's `right` from its reading's features, adds the squares under threshold (and those under a panel) to
 * r->uncertain, and sets r->board_right and r->doubt (doubt.c). The
 * squares' read, read_prob, other_prob and unlike and the result's bottom
 * fields must be filled first. */
void fk_scan_weigh_doubt(fk_scan_result *r, double threshold);

/* Adds a printf-formatted remark to the result, with what it is made of
 * (args; NULL: a note said only as written), dropped when full. */
void fk_scan_note(fk_scan_result *r, const fk_scan_note_args *args, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Only readings under this are weighed: a book's white queen on a hatched
 * square, read as a second black queen even after the second look, must
 * turn white; higher, and sure readings that are right start to be
 * weighed away. */
#define FK_WEIGH_BELOW 0.95f

/* Changes squares of pos to other readings (probs: 13 per square, a1
 * first) until none of the rule breaks a picture can cause (kings, pawns
 * on the back ranks, too many men) is left: first one square at a time,
 * each time the change that mends most at the least loss of probability,
 * then the cheapest set of changes that does better (repair.c). Each
 * change is added to r->repaired and described in r's notes. A board
 * that a dozen changes cannot make lawful is left as read; a lawful one
 * the starting position beats in the readings becomes the start. */
void fk_scan_repair(fk_position *pos, const float probs[64][FK_PIECE_COUNT], fk_scan_result *r);

/* After the repair: squares read with less than FK_WEIGH_BELOW take their
 * runner-up (r->squares) when the readings times how common the material is in
 * games make that likelier; kings, repaired squares and unlawful boards
 * are left alone. alike (64 entries by square, or NULL): the other squares
 * whose men are read the same and drawn alike, which are weighed
 * together. inked: squares whose man's colour its ink confirmed (ink.c,
 * fk_colour_men), which do not take their kind's other colour. unlike:
 * squares whose runner-up their outline rules out (tell.c,
 * fk_outline_vetoes), which keep their reading. Adds notes and sets
 * r->repaired. */
void fk_scan_weigh_material(fk_position *pos, const fk_bitboard *alike, fk_bitboard inked,
                            fk_bitboard unlike, fk_scan_result *r);

/* Decides which side is at the bottom from rank numbers drawn beside the
 * board or in its edge squares ("8" has more ink than "1", "2" more than
 * "7"); edge squares that picture (classes in picture order, NULL: all
 * empty) shows occupied are not read. Returns 1 (White at the bottom), 0,
 * or -1 when no labels tell. */
int fk_orient_from_labels(const fk_image *image, const fk_board_location *where,
                          const fk_piece picture[64], double *confidence);

/* The colour of picture cell i (0 = top left, row by row): 0 for the top
 * left square's (a8's with White at the bottom), 1 for the others. */
static inline int fk_cell_colour(int i) { return (i / 8 + i % 8) % 2; }

/* A crop's square colour: the median grey of its two outer rings, where
 * men seldom reach (shape.c). */
int fk_crop_ground(const uint8_t *crop, int side);
/* The median grey of a crop's pixels from `lo` to `hi` pixels in from its
 * edge (shape.c); fk_crop_ground() is its band 0 to 1. */
int fk_crop_ring_median(const uint8_t *crop, int side, int lo, int hi);
/* 1 when a crop, its outermost ring left out, shows one flat grey: an
 * empty square drawn by a program (scan.c, FLAT). */
int fk_crop_is_flat(const uint8_t *crop, int side);
/* 1 when a crop, its outermost ring left out, spans PLAIN grey levels or
 * fewer: an empty square drawn in one grey, give or take JPEG's ringing
 * (scan.c); a square colour with such a crop counts as drawn flat when
 * men are compared. */
int fk_crop_is_plain(const uint8_t *crop, int side);

/* A man's outline (shape.c): shape (side x side bytes) gets 1 on the
 * pixels of the crop that its square's bare ground, grown from the crop's
 * edge, does not reach: its parts of a sixth of the largest one's pixels
 * or more, small ones in a corner (a coordinate label) left out. Returns
 * its pixel count, or 0 when no man's outline shows there (an empty crop,
 * one whose ground is not a flat grey, an outline that fills the crop or
 * runs along its edge). */
int fk_crop_shape(const uint8_t *crop, int side, uint8_t *shape);
/* fk_crop_shape() of the 64 crops of a board (side * side bytes each),
 * into shapes (as many bytes) and their pixel counts into shown[]; cells
 * in skip (bit i: cell i) show none. Where the plain ground shows few
 * outlines, all are found against a ground fitted as a plane to each
 * crop's pixels two and three in from its edge and flooded from there (a
 * small board scaled up, whose squares' outer pixels take in the next
 * square; squares drawn shaded): returns 1 then, 0 otherwise. */
int fk_crops_shapes(const uint8_t *crops, int side, uint64_t skip, uint8_t *shapes, int shown[64]);
/* How much two outlines overlap: shared pixels over the pixels of either,
 * the best of b moved by up to two pixels each way. 1 for one outline. */
double fk_shapes_overlap(const uint8_t *a, const uint8_t *b, int side);
/* The same on outlines kept as rows of bits (side 64 at most): bit x of
 * rows[y] for pixel (x, y). */
void fk_shape_rows(const uint8_t *shape, int side, uint64_t *rows);
double fk_rows_overlap(const uint64_t *a, const uint64_t *b, int side);

/* The ground of a crop of a hatched square (hatch.c): lines straight
 * across it, up and down or at either diagonal, their greys read from the
 * crop's edge band. Writes it into ground (side x side bytes) and returns
 * 1, or returns 0 when no hatching explains the band. */
int fk_hatch_ground(const uint8_t *crop, int side, uint8_t *ground);
/* How well a man drawn on a plain square (its crop `man` and outline
 * `shape`, fk_crop_shape()), laid over the hatched ground, gives crop: the
 * grey difference left, as a share of what the ground alone leaves, the
 * least over the man moved by up to two pixels each way. 0 for the same
 * man drawn alike; 1 or more where he explains nothing. -1 when the crop
 * is its ground alone. */
double fk_hatch_composed(const uint8_t *crop, const uint8_t *ground, const uint8_t *man,
                         const uint8_t *shape, int side);

/* An arrow drawn over the board (arrows.c): from and to are picture cells
 * (0 = top left, row by row), to the cell its head points at. hidden: 0
 * when it shows over both square colours; 1 or 2 when it has the grey of
 * the light (1) or dark (2) squares and shows over the others only, so
 * that its ends are uncertain. */
typedef struct {
    int from, to;
    int hidden;
} fk_arrow_seen;

#define FK_ARROWS_MOST FK_SCAN_MAX_ARROWS

/* The notes of a scan that say what was done to the board (notes.c), once
 * the side at the bottom is known: the arrows read through (their squares
 * set in r->arrows too), the squares a panel hides (partly: how many more
 * its edge reaches into), and the squares a picked-up man's dots mark. */
void fk_note_arrows(fk_scan_result *r, const fk_arrow_seen *arrows, int count);
void fk_note_covered(fk_scan_result *r, int partly);
void fk_note_dots(fk_scan_result *r);

/* Finds see-through arrows drawn over a board of flat squares (an
 * analysis board's, a lesson's) in the 64 crops of side x side pixels
 * (picture order) and takes them out again: where an arrow covers bare
 * ground the ground is put back, where it covers a man the man's grey is
 * recovered from the arrow's. Fills seen[] (up to FK_ARROWS_MOST) and
 * returns how many were found; with none the crops are left as they are.
 * changed (or NULL) gets the cells a pixel of which was changed. */
int fk_arrows_remove(uint8_t *crops, int side, fk_arrow_seen seen[FK_ARROWS_MOST],
                     fk_bitboard *changed);

/* The cells hidden under a panel laid over the board (covered.c): a
 * group of 4 or more cells of both colours showing one grey that is
 * neither square colour's, on a board whose other squares are drawn flat.
 * Returns them; *partly gets the cells around them that the panel's edge
 * reaches into. */
fk_bitboard fk_covered_cells(const uint8_t *crops, int side, fk_bitboard *partly);

/* Finds the dots a playing site draws on the empty squares a picked-up
 * man can go to (dots.c) among the 64 crops of side x side pixels
 * (picture order), and paints each over with its square's ground. Returns
 * the cells whose dot was taken out. */
fk_bitboard fk_move_dots_remove(uint8_t *crops, int side);
/* Whose man the dots (squares) mark the moves of: the men whose moves to
 * empty squares are the dots exactly, or failing that the men who can go
 * to every dot. Returns their colour, or -1 when there are none or they
 * are of both colours. When he is the only one, *at gets his square and
 * *takes the men he can take (squares a site rings or tints), else
 * FK_NO_SQUARE and 0. */
int fk_picked_man(const fk_position *board, fk_bitboard dots, fk_square *at, fk_bitboard *takes);

/* Writes the located board (grey, grid drawn), and the 64 crops into dir.
 * Returns FK_OK or FK_ERR_IO with err filled. */
fk_status fk_scan_debug_write(const char *dir, const fk_image *image,
                              const fk_board_location *where, const uint8_t *crops, int side,
                              fk_error *err);

#endif
