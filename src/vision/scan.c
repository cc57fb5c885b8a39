/* The scan pipeline: locate, cut, classify, orient, then build the FEN with
 * its doubts, repairing a position that breaks the rules with the
 * next-best readings of its least certain squares. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vision.h"

void fk_scan_options_default(fk_scan_options *opts) {
    memset(opts, 0, sizeof *opts);
    opts->bottom = FK_BOTTOM_AUTO;
    opts->side = -1;
    opts->castling_mode = FK_SCAN_CASTLING_AUTO;
    opts->threshold = 0.9;
}

void fk_scan_note(fk_scan_result *r, const char *fmt, ...) {
    if (r->note_count >= FK_SCAN_MAX_NOTES) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->notes[r->note_count++], sizeof r->notes[0], fmt, ap);
    va_end(ap);
}

/* Castling rights whose king and rook stand on their home squares. */
static void castling_guess(const fk_position *pos, char *out) {
    char *p = out;
    for (int color = 0; color < 2; color++) {
        int rank = color == FK_WHITE ? 0 : 7;
        if (fk_position_at(pos, FK_SQUARE(4, rank)) != FK_MAKE_PIECE(color, FK_KING)) continue;
        fk_piece rook = FK_MAKE_PIECE(color, FK_ROOK);
        if (fk_position_at(pos, FK_SQUARE(7, rank)) == rook) *p++ = color ? 'k' : 'K';
        if (fk_position_at(pos, FK_SQUARE(0, rank)) == rook) *p++ = color ? 'q' : 'Q';
    }
    if (p == out) *p++ = '-';
    *p = '\0';
}

/* Fills the FEN fields the picture cannot show and writes the FEN. */
static void build_fen(const fk_position *board, fk_bitboard tinted, const fk_scan_options *o,
                      fk_scan_result *r) {
    char placement[80], castling[8], text[FK_FEN_MAX + 16], ep[3] = "-";
    fk_fen_write_placement(board, placement, sizeof placement);
    int side = o->side, seen = fk_last_move_seen(board, tinted, r);
    fk_piece moved = seen ? fk_position_at(board, r->last_to) : FK_EMPTY;
    if (side < 0 && seen) {
        char from[3], to[3];
        fk_square_name(r->last_from, from);
        fk_square_name(r->last_to, to);
        side = !FK_PIECE_COLOR(moved);
        fk_scan_note(r,
                     "%s to move, as the picture marks %s's last move, %s-%s (use --side to say "
                     "otherwise)",
                     side == FK_WHITE ? "White" : "Black", side == FK_WHITE ? "Black" : "White",
                     from, to);
    } else if (side < 0) {
        /* A picture does not show whose turn it is, unless a king is in
         * check: then its side must be to move. */
        int white = fk_position_in_check(board, FK_WHITE), black = fk_position_in_check(board, FK_BLACK);
        side = black && !white ? FK_BLACK : FK_WHITE;
        if (white != black)
            fk_scan_note(
                r,
                "%s to move, as its king is in check (the picture does not show whose turn it "
                "is; use --side)",
                side == FK_WHITE ? "White" : "Black");
        else
            fk_scan_note(r, "White to move was assumed (the picture does not show it; use --side)");
    }
    if (o->castling_mode == FK_SCAN_CASTLING_NONE) {
        strcpy(castling, "-");
    } else if (o->castling_mode == FK_SCAN_CASTLING_GIVEN) {
        snprintf(castling, sizeof castling, "%s", o->castling);
    } else {
        castling_guess(board, castling);
        if (strcmp(castling, "-") != 0)
            fk_scan_note(
                r,
                "castling rights %s were guessed from kings and rooks on their home squares; "
                "the picture cannot prove them",
                castling);
    }
    /* A pawn's double step, the other side to move: the square it passed
     * is the en passant square (written only where a capture is legal). */
    if (seen && FK_PIECE_KIND(moved) == FK_PAWN && side != (int)FK_PIECE_COLOR(moved) &&
        abs(r->last_to - r->last_from) == 16)
        fk_square_name((r->last_from + r->last_to) / 2, ep);
    snprintf(text, sizeof text, "%s %c %s %s 0 1", placement, side == FK_WHITE ? 'w' : 'b',
             castling, ep);
    fk_problems_clear(&r->problems);
    if (fk_fen_parse(text, strlen(text), FK_FEN_STRICT, &r->position, &r->problems) != FK_OK) {
        /* Only a bad explicit castling field can fail here: drop it. */
        fk_scan_note(r, "castling field '%s' could not be used; '-' written instead", castling);
        snprintf(text, sizeof text, "%s %c - - 0 1", placement, side == FK_WHITE ? 'w' : 'b');
        fk_problems_clear(&r->problems);
        fk_fen_parse(text, strlen(text), FK_FEN_STRICT, &r->position, &r->problems);
    }
    fk_position_check(&r->position, &r->problems);
    fk_fen_write(&r->position, FK_EP_LEGAL, r->fen, sizeof r->fen);
}

/* A square read with less than LOOK_AGAIN is read again in nine more
 * views of its crop and the ten readings averaged: the crop mirrored left
 * to right (the network was trained on mirrored crops as well, and every
 * man is its own mirror image), and the crop and its mirror moved a pixel
 * left, right, up and down (a grid that falls a fraction of a pixel off).
 * One view of a man the network never saw (a piece set outside training,
 * a printed diagram) is often unsure in a way the others are not: on make
 * eval-scan this took printed diagrams read wholly right from 72.7% to
 * 86.4% and held-out piece sets from 66.7% to 73.3%, and made no real
 * picture worse. Reading every square again changed nothing more than
 * 0.98 does; 0.95 gained less, and 17 views no more than 9. */
#define LOOK_AGAIN 0.98f
/* At most this many squares a picture are read again, the least sure
 * first: each costs nine readings, and a picture of 30 unsure squares
 * would take 270 (four times the whole board). Printed diagrams read
 * wholly right 86.4% with 8, 87.9% with all. */
#define LOOK_MOST 8
enum { VIEWS = 9 };
static const struct {
    int mirror, dx, dy;
} view[VIEWS] = {{1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1},
                 {1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}};

/* Writes view v of the side x side crop src into dst (edge pixels repeated
 * where the shift leaves the crop). */
static void crop_view(const uint8_t *src, int side, int v, uint8_t *dst) {
    for (int y = 0; y < side; y++) {
        int sy = y + view[v].dy;
        sy = sy < 0 ? 0 : sy >= side ? side - 1 : sy;
        for (int x = 0; x < side; x++) {
            int sx = x + view[v].dx;
            sx = sx < 0 ? 0 : sx >= side ? side - 1 : sx;
            if (view[v].mirror) sx = side - 1 - sx;
            dst[y * side + x] = src[sy * side + sx];
        }
    }
}

typedef struct {
    float top; /* the best class's probability */
    int cell;
} unsure_cell;

static int least_sure_first(const void *a, const void *b) {
    float x = ((const unsure_cell *)a)->top, y = ((const unsure_cell *)b)->top;
    return (x > y) - (x < y);
}

/* Reads the unsure squares again (see LOOK_AGAIN), the LOOK_MOST least
 * sure of them; probs (13 a crop, 64 crops in picture order) is updated in
 * place. Out of memory, the first readings stand. */
static void look_again(const fk_model *model, const uint8_t *crops, int side,
                       float (*probs)[FK_PIECE_COUNT]) {
    unsure_cell unsure[64];
    int n = 0;
    for (int i = 0; i < 64; i++) {
        float top = 0;
        for (int c = 0; c < FK_PIECE_COUNT; c++)
            if (probs[i][c] > top) top = probs[i][c];
        if (top < LOOK_AGAIN) {
            unsure[n].top = top;
            unsure[n++].cell = i;
        }
    }
    if (n == 0) return;
    qsort(unsure, (size_t)n, sizeof unsure[0], least_sure_first);
    if (n > LOOK_MOST) n = LOOK_MOST;
    int cells[LOOK_MOST];
    for (int k = 0; k < n; k++) cells[k] = unsure[k].cell;
    size_t area = (size_t)side * side;
    uint8_t *views = malloc(VIEWS * n * area);
    float(*again)[FK_PIECE_COUNT] = malloc(sizeof(float) * VIEWS * n * FK_PIECE_COUNT);
    if (views && again) {
        for (int v = 0; v < VIEWS; v++)
            for (int k = 0; k < n; k++)
                crop_view(crops + cells[k] * area, side, v, views + (v * n + k) * area);
        if (fk_model_classify(model, views, VIEWS * n, &again[0][0]) == FK_OK)
            for (int k = 0; k < n; k++)
                for (int c = 0; c < FK_PIECE_COUNT; c++) {
                    float sum = probs[cells[k]][c];
                    for (int v = 0; v < VIEWS; v++) sum += again[v * n + k][c];
                    probs[cells[k]][c] = sum / (VIEWS + 1);
                }
    }
    free(views);
    free(again);
}

/* A crop whose pixels, its outermost ring left out, lie within FLAT grey
 * levels of one another shows a single flat colour. Every man is drawn
 * with an outline, so such a square is empty without asking the network
 * (on the benchmark's screenshots 25 of 64 squares are, and leaving them
 * out took cut, classify and FEN from 10-12 ms to about 6). Over make
 * eval-scan's 97 labelled screenshots, printed diagrams and photos of
 * screens and its 100 held-out renders, 3,852 of 8,395 empty squares
 * pass this test and none of the 4,213 holding a man does, at FLAT 2 or
 * at 20 (training/eval_flat.py). */
#define FLAT 2

/* The grey levels a crop spans, its outermost ring left out. */
static int crop_spread(const uint8_t *crop, int side) {
    int lo = 255, hi = 0;
    for (int y = 1; y < side - 1; y++)
        for (int x = 1; x < side - 1; x++) {
            int v = crop[y * side + x];
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    return hi - lo;
}

int fk_crop_is_flat(const uint8_t *crop, int side) { return crop_spread(crop, side) <= FLAT; }

/* Reads the 64 crops: flat ones are empty for sure, the rest go through
 * the network together. */
static fk_status read_squares(const fk_model *model, const uint8_t *crops, int side,
                              float (*probs)[FK_PIECE_COUNT]) {
    size_t area = (size_t)side * side;
    int cells[64], n = 0;
    for (int i = 0; i < 64; i++) {
        if (fk_crop_is_flat(crops + i * area, side)) {
            memset(probs[i], 0, sizeof probs[i]);
            probs[i][FK_EMPTY] = 1;
        } else {
            cells[n++] = i;
        }
    }
    if (n == 0) return FK_OK;
    uint8_t *packed = malloc(n * area);
    float(*read)[FK_PIECE_COUNT] = malloc(sizeof(float) * n * FK_PIECE_COUNT);
    fk_status s = FK_ERR_NOMEM;
    if (packed && read) {
        for (int k = 0; k < n; k++) memcpy(packed + k * area, crops + cells[k] * area, area);
        s = fk_model_classify(model, packed, n, &read[0][0]);
        for (int k = 0; s == FK_OK && k < n; k++) memcpy(probs[cells[k]], read[k], sizeof read[k]);
    }
    free(packed);
    free(read);
    return s;
}

/* A photographed page under dim light stays dim once its light is evened
 * out (fk_crops_even_light()): cv_01's paper comes to grey 152 at best, and
 * a faint bishop on a hatched square there is read as an empty square. On
 * a board whose light squares were evened to under DIM_PAPER, the squares
 * are read a second time with every pixel scaled so that the brightest
 * light grey becomes PAPER_WHITE, as paper shows in good light, and each
 * square's readings are the mean of the two. cv_01 then reads wholly right,
 * and the printed diagrams of `make eval-scan` come to 98.5% of boards
 * (99.95% of squares). Taking the brightened readings alone reads the same
 * pages but loses cv_18, a photo of a screen whose two kings the network
 * reads as White's at 63% to 77% either way: which one the repair makes
 * Black's is a coin toss on so little, and the mean keeps the toss as it
 * fell. The real pictures read the same with the two readings weighed 0.3
 * to 0.7, and with DIM_PAPER from 170 to 256. No render of the comparison
 * sets is read twice: the seven evened (light.c) are at 217 or brighter. */
#define DIM_PAPER 200
#define PAPER_WHITE 235.0

/* Reads the crops again brightened (see DIM_PAPER), `top` their brightest
 * light grey, and averages the readings into probs. Out of memory, the
 * first readings stand. */
static void read_brighter(const fk_model *model, const uint8_t *crops, int side, double top,
                          float (*probs)[FK_PIECE_COUNT]) {
    size_t area = (size_t)side * side;
    uint8_t *bright = malloc(64 * area);
    float(*again)[FK_PIECE_COUNT] = malloc(sizeof(float) * 64 * FK_PIECE_COUNT);
    if (bright && again) {
        for (size_t k = 0; k < 64 * area; k++) {
            double v = crops[k] * PAPER_WHITE / top;
            bright[k] = (uint8_t)(v > 255 ? 255 : v + 0.5);
        }
        if (read_squares(model, bright, side, again) == FK_OK) {
            look_again(model, bright, side, again);
            for (int i = 0; i < 64; i++)
                for (int c = 0; c < FK_PIECE_COUNT; c++)
                    probs[i][c] = (probs[i][c] + again[i][c]) / 2;
        }
    }
    free(bright);
    free(again);
}

/* How alike two crops look: the correlation of their pixels, two rings at
 * the edge left out, and with `corner` > 0 the four corner blocks of that
 * side too (where a board drawn with coordinates inside writes them); the
 * best of b moved by up to a pixel each way (a grid a fraction of a pixel
 * off). 1 for the same drawing on the same colour, whatever the contrast;
 * 0 or less for unrelated ones. */
static double likeness_but(const uint8_t *a, const uint8_t *b, int side, int corner) {
    const int lo = 2, hi = side - 2;
#define CORNER(y, x)                                                                               \
    (corner && ((y) < corner || (y) >= side - corner) && ((x) < corner || (x) >= side - corner))
    double n = 0, sa = 0, saa = 0;
    for (int y = lo; y < hi; y++)
        for (int x = lo; x < hi; x++) {
            if (CORNER(y, x)) continue;
            double v = a[y * side + x];
            sa += v, saa += v * v, n++;
        }
    double va = saa - sa * sa / n, best = -1;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            double sb = 0, sbb = 0, sab = 0;
            for (int y = lo; y < hi; y++) {
                const uint8_t *ra = a + y * side, *rb = b + (y + dy) * side + dx;
                for (int x = lo; x < hi; x++) {
                    if (CORNER(y, x)) continue;
                    double u = ra[x], v = rb[x];
                    sb += v, sbb += v * v, sab += u * v;
                }
            }
            double vb = sbb - sb * sb / n;
            double r = va > 0 && vb > 0 ? (sab - sa * sb / n) / sqrt(va * vb) : 0;
            if (r > best) best = r;
        }
#undef CORNER
    return best;
}

static double likeness(const uint8_t *a, const uint8_t *b, int side) {
    return likeness_but(a, b, side, 0);
}

/* Two squares of the same colour read as the same man must show the same
 * drawing: a piece set draws every man of a kind alike. Crops less alike
 * than UNLIKE hold different things, and the one less sure of that
 * reading (under TELL_BELOW) takes its next class, unless that class's
 * men on its colour look unlike it too; each square changes once at most,
 * and the square it was told from stays. Squares of different colours are
 * not compared (a man's outline and fill change places against them), nor
 * squares of a colour where even sure like men look unlike (like_level()).
 * On the 400 held-out renders of `training/eval_scan.py --boards 400` this
 * took boards read wholly right from 82.1% to 82.4% (plain) and 73.1% to
 * 75.0% (cluttered): an empty square read as a pawn, a pawn read as a
 * bishop, a white king read black; the real pictures read the same. UNLIKE
 * from 0.5 to 0.7 reads them all alike; TELL_BELOW 0.95 lost a cluttered
 * board. The held-out condal bishop read as a knight has no bishop
 * reading to fall back on: claim_unseen_kinds() is for that. */
#define UNLIKE 0.6
#define TELL_BELOW 0.9f
#define SWAP_DOUBT 0.1f

typedef enum {
    TOLD_NEXT,   /* took its next class */
    TOLD_UNSEEN, /* took a kind no square shows (claim_unseen_kinds) */
    TOLD_ALONG,  /* drawn like a TOLD_UNSEEN square, took its kind too */
    TOLD_ALSO,   /* on a hatched square, unlike the same sure men as a
                  * TOLD_UNSEEN one there, took its kind too */
    TOLD_LIKE,   /* unlike the sure men of its reading, drawn like a man
                  * read as its runner-up, took it (take_the_runner_up) */
    TOLD_INK,    /* a man whose colour its ink decided (colour_kings, colour_men) */
    TOLD_TWIN    /* read as a king, drawn like another man of its colour */
} told_how;

typedef struct {
    int cell;  /* the square changed */
    int other; /* the one it was told apart from (for TOLD_ALONG: drawn like) */
    told_how how;
    fk_piece was;
    float was_prob, now_prob; /* of its first reading, of the one it takes */
} told_apart;

/* The likeliest class of a reading, leaving out class `skip` (-1: none). */
static int best_class(const float reading[FK_PIECE_COUNT], int skip) {
    int best = -1;
    for (int c = 0; c < FK_PIECE_COUNT; c++)
        if (c != skip && (best < 0 || reading[c] > reading[best])) best = c;
    return best;
}

/* The share of a reading's men that are of colour c. */
static double colour_share(const float reading[FK_PIECE_COUNT], fk_color c) {
    double own = 0, men = 0;
    for (int k = FK_PAWN; k <= FK_KING; k++) {
        own += reading[FK_MAKE_PIECE(c, k)];
        men += reading[FK_MAKE_PIECE(c, k)] + reading[FK_MAKE_PIECE(!c, k)];
    }
    return men > 0 ? own / men : 0;
}

/* Whether crops a and b hold like drawings, compared once and remembered
 * in alike (-1: not yet). */
static int alike_cells(const uint8_t *crops, int side, signed char alike[64][64], int a, int b) {
    if (alike[a][b] < 0) {
        size_t area = (size_t)side * side;
        alike[a][b] = alike[b][a] = likeness(crops + a * area, crops + b * area, side) >= UNLIKE;
    }
    return alike[a][b];
}

static int same_colour(int a, int b) { return fk_cell_colour(a) == fk_cell_colour(b); }

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* How alike like men look on squares of colour `colour` (0: those of a8,
 * 1: the others) in this picture: the median likeness of pairs read as one
 * class at `sure` or more, -1 where no such pair stands. With `sure` at
 * SURE_PAIR, the colour is clean when it is CLEAN or more. A printed
 * diagram's hatching or grain, or a photo's blur, leaves like men far less
 * alike, and men are not told apart by their drawing there. At 0.85 two
 * book scans lost a right square each: their black pawns on hatched
 * squares looked alike at 0.87, their white pawns there unlike at 0.53 to
 * 0.61. */
#define SURE_PAIR 0.98f
#define SURE_PAIRS 15 /* the first so many pairs found are enough */
#define CLEAN 0.93
static double like_level(const uint8_t *crops, int side, const float (*probs)[FK_PIECE_COUNT],
                         const fk_piece picture[64], int colour, float sure) {
    double seen[SURE_PAIRS];
    int n = 0;
    size_t area = (size_t)side * side;
    for (int a = 0; a < 64 && n < SURE_PAIRS; a++) {
        if (fk_cell_colour(a) != colour || picture[a] == FK_EMPTY || probs[a][picture[a]] < sure)
            continue;
        for (int b = a + 1; b < 64 && n < SURE_PAIRS; b++)
            if (picture[b] == picture[a] && same_colour(a, b) && probs[b][picture[b]] >= sure)
                seen[n++] = likeness(crops + a * area, crops + b * area, side);
    }
    if (n == 0) return -1;
    qsort(seen, (size_t)n, sizeof seen[0], by_value);
    return seen[n / 2];
}

/* Pixels within GROUND_NEAR grey levels of a crop's square colour are
 * ground: drawn_alike() repaints them in the other crop's. */
#define GROUND_NEAR 8

/* Writes crop into out with its ground (grey `from`) repainted `to`. */
static void repaint_ground(const uint8_t *crop, int side, int from, int to, uint8_t *out) {
    for (int i = 0; i < side * side; i++)
        out[i] = abs(crop[i] - from) <= GROUND_NEAR ? (uint8_t)to : crop[i];
}

/* Which cells stand on hatched squares (laid_of()). */
typedef struct {
    int hatched[2];       /* per square colour: most of its cells hatched;
                           * -1 until laid_of() is first asked */
    signed char laid[64]; /* a hatched ground found under the cell */
} hatching;

/* A square colour is drawn flat, for the steps that compare men, when a
 * crop of it spans PLAIN grey levels or fewer (its outermost ring left
 * out): an empty square drawn in one grey, give or take the ringing of
 * JPEG. A screenshot saved as JPEG (quality 75) leaves empty squares
 * spanning 3 to 12 grey levels, none within fk_crop_is_flat()'s 2, and
 * then no outline, cross-colour comparison or ink had been used: of the
 * 400 held-out renders saved so, 25 read wrong as drawn, 21 with
 * PLAIN 12 (condal bishops, kingdom's kings), while the renders as PNG
 * and the real pictures read as before. At 8, 23; at 16 and 24, 21 too,
 * but a photo of a screen (cv_16) read a square worse. */
#define PLAIN 12

int fk_crop_is_plain(const uint8_t *crop, int side) { return crop_spread(crop, side) <= PLAIN; }

/* The crops of a picture as drawn_alike() compares them: each one's
 * ground grey, found once, and one more crop's room to repaint into; and
 * for each square colour (fk_cell_colour()) whether it is drawn flat (PLAIN:
 * not hatched or grainy). */
typedef struct {
    const uint8_t *crops;
    int side;
    int ground[64];
    int flat[2];
    uint8_t *spare;  /* side * side bytes */
    fk_bitboard arrowed; /* cells an arrow was taken out of: no outlines */
    uint8_t *shapes;     /* 64 outlines (fk_crops_shapes()), side * side bytes each */
    int *found;          /* -1 until outline_of() is first asked; then 1 where the
                          * outlines are against fitted grounds */
    int *shaped;         /* each one's pixel count, 0 where no outline shows */
    uint64_t *rows;  /* the outlines as rows of bits (fk_shape_rows()), 64 a
                      * cell, where side is 64 or less */
    uint8_t *grounds; /* 64 hatched grounds (fk_hatch_ground()), side * side
                       * bytes each */
    hatching *hatch;
} drawings;

/* spare: room for 129 crops (one to repaint into, 64 outlines, 64
 * hatched grounds); shaped: room for 64 counts; rows: for 64 * 64 rows of
 * bits. */
static void drawings_init(drawings *d, const uint8_t *crops, int side, uint8_t *spare, int *shaped,
                          int *found, uint64_t *rows, hatching *hatch, fk_bitboard arrowed) {
    size_t area = (size_t)side * side;
    d->crops = crops;
    d->side = side;
    d->spare = spare;
    d->arrowed = arrowed;
    d->shapes = spare + area;
    d->grounds = spare + 65 * area;
    d->shaped = shaped;
    d->found = found;
    *found = -1;
    d->rows = rows;
    d->flat[0] = d->flat[1] = 0;
    d->hatch = hatch;
    hatch->hatched[0] = hatch->hatched[1] = -1;
    for (int i = 0; i < 64; i++) {
        const uint8_t *crop = crops + i * area;
        d->ground[i] = fk_crop_ground(crop, side);
        if (!d->flat[fk_cell_colour(i)]) d->flat[fk_cell_colour(i)] = fk_crop_is_plain(crop, side);
    }
}

/* The outline of cell i's man (fk_crops_shapes(), into d->shapes; all 64
 * found when the first is asked): its pixel count, 0 where none shows or
 * an arrow was taken out of the crop (what is left of a shaft's edge
 * would change it).
 * Outlines on the squares no arrow crossed are kept: of the 800 renders of
 * every set one more board read wholly right (an eboard-nutbolt bishop
 * read as a pawn), of the fresh 600 one (a condal bishop). */
static int outline_of(const drawings *d, int i) {
    if (*d->found < 0) {
        size_t area = (size_t)d->side * d->side;
        *d->found = fk_crops_shapes(d->crops, d->side, d->arrowed, d->shapes, d->shaped);
        for (int c = 0; c < 64 && d->side <= 64; c++)
            if (d->shaped[c]) fk_shape_rows(d->shapes + c * area, d->side, d->rows + c * 64);
    }
    return d->shaped[i];
}

/* fk_shapes_overlap() of the outlines of cells a and b (outline_of()). */
static double shapes_overlap(const drawings *d, int a, int b) {
    size_t area = (size_t)d->side * d->side;
    if (d->side <= 64) return fk_rows_overlap(d->rows + a * 64, d->rows + b * 64, d->side);
    return fk_shapes_overlap(d->shapes + a * area, d->shapes + b * area, d->side);
}

/* likeness() of crops a and b whatever the colours of their squares: each
 * crop's ground repainted in the other's, the better of the two ways.
 * A man drawn the same on a light and on a dark square then compares
 * alike; so do men of one kind (a bishop pair always stands on both
 * colours). On the crops of the 400 held-out renders and the real
 * screenshots, printed diagrams and photos of screens, like men came to
 * 0.97 in the median (477 of 582 pairs at 0.90 or more) and no pair of
 * 4,222 different men reached 0.85; like men can still come low (a pawn
 * against a pawn down to 0.22), so a low value proves nothing. */
static double drawn_alike(const drawings *d, int a, int b) {
    size_t area = (size_t)d->side * d->side;
    const uint8_t *ca = d->crops + a * area, *cb = d->crops + b * area;
    repaint_ground(cb, d->side, d->ground[b], d->ground[a], d->spare);
    double one = likeness(ca, d->spare, d->side);
    repaint_ground(ca, d->side, d->ground[a], d->ground[b], d->spare);
    double two = likeness(d->spare, cb, d->side);
    return one > two ? one : two;
}

/* A kind no square shows: two squares of one colour read as the same man,
 * one surely (CORE_SURE or more) and the other not, drawn unlike each other
 * (UNLIKE, on a clean colour). The unsure one is some other man; when the
 * men no square was read as include one of its colour the network gives
 * it any weight (CLAIM_FLOOR), it takes the likeliest of them, together
 * with every other unsure square of its reading drawn like it (DRAWN_ALIKE,
 * on either colour). A piece set outside training whose bishop looks like a
 * helmet is read as a knight, and the other colour of a bishop pair has no
 * knight to be told apart from: f8 unlike the sure knight on b8 becomes a
 * bishop, and c8, drawn like f8, follows. Kings are left alone (a second
 * king is the position check's to name). On `training/eval_scan.py
 * --boards 400` boards read wholly right went from 82.8% to 85.5% (plain)
 * and 75.0% to 80.8% (cluttered), mostly held-out condal bishops, and no
 * board or real picture read worse. CORE_SURE 0.995 reads the same, 0.95
 * five boards worse; DRAWN_ALIKE 0.80 the same, 0.95 four boards worse;
 * CLAIM_FLOOR 1e-4 the same, 1e-2 none mended; "unlike" at 0.5 instead
 * of UNLIKE's 0.6 read two boards worse, at 0.7 one, at 0.8 one and two
 * book scans. */
#define CORE_SURE 0.98f
/* A man is claimed only while his reading's colour holds this share of
 * what the network gives men there (colour_share()): a weak reading whose
 * colour is in doubt, unlike the sure men of its own colour, may be a man
 * of the other (kokopu-skulls' white rook on a hatched a1, read as a black
 * pawn at 23%, had become a black bishop). Of the 800 renders of every set
 * two boards read as before instead of a square worse, and of the fresh
 * 600 one; 0.7 reads the same as 0.8, 0.9 loses one held-out board. */
#define COLOUR_SURE 0.8
/* The sure man may stand on the other colour too, on a board drawn flat
 * (a flat crop on both colours, drawings.flat, PLAIN: a board drawn by a
 * program, whose squares drawn_alike() repaints cleanly), when the two
 * compare under CROSS_UNLIKE by drawn_alike(): a held-out condal bishop
 * on a light square read as a knight at 85-94%, the sure knights all on
 * dark squares, compares at 0.34 to 0.53 with them. On the 400 held-out
 * renders this mends four more boards (89.5% plain and 86.5% cluttered
 * read wholly right, from 88.5% and 85.6%); the 800 renders of every set
 * and the real pictures read as before, FEN for FEN. The same at 0.5 and
 * 0.6; at 0.45 two boards are mended, at 0.7 the 800 renders change
 * three (an alpha pawn, drawn like another on the other colour at 0.6 to
 * 0.7, became a bishop). Without the flat board, hatched squares compare
 * unlike and three book scans read worse (white pawns taken as bishops,
 * tsoj_060). */
#define CROSS_UNLIKE 0.55
#define DRAWN_ALIKE 0.88
#define CLAIM_FLOOR 1e-3f

#define SHAPE_UNLIKE 0.74
#define SHAPE_ALIKE 0.9
/* 1 when cell i stands on a hatched square (fk_hatch_ground()) whose
 * ground was worked out, no arrow crossing it: on a square colour not
 * drawn flat, most of whose 32 cells show hatching (the grain of a wood
 * board shows none). */
static int laid_of(const drawings *d, int i) {
    size_t area = (size_t)d->side * d->side;
    int c = fk_cell_colour(i);
    if (d->flat[c]) return 0;
    if (d->hatch->hatched[c] < 0) {
        int n = 0;
        for (int j = 0; j < 64; j++)
            if (fk_cell_colour(j) == c)
                n += d->hatch->laid[j] = (signed char)fk_hatch_ground(d->crops + j * area, d->side,
                                                               d->grounds + j * area);
        d->hatch->hatched[c] = n * 2 > 32;
    }
    return d->hatch->hatched[c] && d->hatch->laid[i] && !(d->arrowed >> i & 1);
}

/* How far the man on plain cell f, laid over hatched cell h's ground,
 * gives h's crop (fk_hatch_composed()), put on the scale of
 * shapes_overlap(): LAID_UNLIKE to SHAPE_UNLIKE and LAID_ALIKE to
 * SHAPE_ALIKE, in a straight line between. -1 where they cannot be
 * compared. */
#define LAID_UNLIKE 0.6
#define LAID_ALIKE 0.3
static double laid_overlap(const drawings *d, int h, int f) {
    size_t area = (size_t)d->side * d->side;
    if (!laid_of(d, h) || !outline_of(d, f)) return -1;
    double r = fk_hatch_composed(d->crops + h * area, d->grounds + h * area, d->crops + f * area,
                                 d->shapes + f * area, d->side);
    if (r < 0) return -1;
    double v = SHAPE_UNLIKE + (LAID_UNLIKE - r) * (SHAPE_ALIKE - SHAPE_UNLIKE) /
                                  (LAID_UNLIKE - LAID_ALIKE);
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* Men read at this or more vouch for their kind's outline. 95% rather
 * than CORE_SURE's 98%: of the 800 renders of every set two more boards
 * read wholly right (an eboard-ebony rook read as a pawn; a
 * knights-knights bishop, queen and rook read as rooks and a queen), of
 * the fresh 600 one (an eboard-nutbolt bishop read as a pawn), none worse,
 * the held-out boards and real pictures as before; at 90% two of the 600,
 * but three boards already wrong are wrong in other squares. */
#define OUTLINE_SURE 0.95f
/* What a board's outlines may be compared across (outlines_cross()):
 * men of both colours, and for white (CROSS_SQUARES << FK_WHITE) and for
 * black men (<< FK_BLACK) the two square colours. */
#define CROSS_MEN 1
#define CROSS_SQUARES 2
/* How much the outlines on cells a and b overlap (fk_shapes_overlap()),
 * taken as men of colours ca and cb, or -1 where they cannot be compared:
 * no outline on either, men of different colours or squares of different
 * colours where `cross` does not allow it. Where one of them stands on a
 * hatched square and the other on a square colour drawn flat, the
 * laid_overlap() of men of one colour; two on square colours neither of
 * which is drawn flat are not compared. */
static double men_overlap(const drawings *d, int cross, int a, fk_color ca, int b, fk_color cb) {
    int fa = d->flat[fk_cell_colour(a)], fb = d->flat[fk_cell_colour(b)];
    if (!(cross & CROSS_MEN) && ca != cb) return -1;
    if (!same_colour(a, b) &&
        (!(cross & CROSS_SQUARES << ca) || !(cross & CROSS_SQUARES << cb)))
        return -1;
    if (fa && fb) {
        if (!outline_of(d, a) || !outline_of(d, b)) return -1;
        return shapes_overlap(d, a, b);
    }
    /* a man on a hatched square, by his grey levels: of one colour only */
    if (fa == fb || ca != cb) return -1;
    return fa ? laid_overlap(d, b, a) : laid_overlap(d, a, b);
}

/* 1 when cell i's man can be compared by men_overlap(): an outline on a
 * square colour drawn flat, a hatched ground otherwise. */
static int comparable(const drawings *d, int i) {
    return d->flat[fk_cell_colour(i)] ? outline_of(d, i) > 0 : laid_of(d, i);
}

/* men_overlap() of the men picture[] shows on cells a and b. */
static double outlines_overlap(const drawings *d, const fk_piece picture[64], int cross, int a,
                               int b) {
    return men_overlap(d, cross, a, FK_PIECE_COLOR(picture[a]), b, FK_PIECE_COLOR(picture[b]));
}

/* What the board's outlines may be compared across (CROSS_MEN,
 * CROSS_SQUARES). Men of both colours: when men read at CROSS_READ or
 * more of one kind in both colours overlap SHAPE_ALIKE or more in the
 * median (of the first SURE_PAIRS pairs), the set drawing its white and
 * black men with one outline. Readings at 80% rather than 90% let the
 * pawns of held-out 000328 (at 85%) vouch for its board: one more of the
 * 400 held-out boards read wholly right, one more of the fresh 600
 * renders and of the 400 as JPEG, none worse; 70% reads the same as 80%,
 * 85% mends the 600's board only. The two square colours, for the men of
 * each colour: unless men read as one man on both square colours overlap
 * under SHAPE_ALIKE in the median. A man shaded in the grey of one square
 * colour loses part of his outline to the ground there (eboard-ebony's
 * white pawns: 120 pixels on the dark squares, 191 on the light): on one
 * of the 800 renders of every set, the pawn on a light square was told
 * from the sure ones on dark squares, and it and three drawn like it
 * became bishops. With this that board reads wholly right, and one
 * knights-knights board, whose white queen had been told from a black
 * rook across the square colours, reads a square worse. */
#define CROSS_READ 0.8f
static int outlines_cross(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                          const fk_piece picture[64]) {
    int cross = 0;
    /* what: 0 and 1, white and black men across square colours; 2, men
     * of both colours */
    for (int what = 0; what < 3; what++) {
        double seen[SURE_PAIRS];
        int n = 0;
        for (int a = 0; a < 64 && n < SURE_PAIRS; a++) {
            if (picture[a] == FK_EMPTY || probs[a][picture[a]] < CROSS_READ ||
                (what < 2 && (int)FK_PIECE_COLOR(picture[a]) != what))
                continue;
            for (int b = a + 1; b < 64 && n < SURE_PAIRS; b++) {
                if (picture[b] == FK_EMPTY || probs[b][picture[b]] < CROSS_READ ||
                    FK_PIECE_KIND(picture[b]) != FK_PIECE_KIND(picture[a]) ||
                    (what == 2 ? FK_PIECE_COLOR(picture[b]) == FK_PIECE_COLOR(picture[a])
                               : picture[b] != picture[a] || same_colour(a, b)))
                    continue;
                double v = outlines_overlap(d, picture, ~0, a, b);
                if (v >= 0) seen[n++] = v;
            }
        }
        if (n == 0) {
            if (what < 2) cross |= CROSS_SQUARES << what;
            continue;
        }
        qsort(seen, (size_t)n, sizeof seen[0], by_value);
        if (seen[n / 2] >= SHAPE_ALIKE) cross |= what == 2 ? CROSS_MEN : CROSS_SQUARES << what;
    }
    return cross;
}

/* The man of piece's colour, king aside and not `piece` itself, that no
 * cell of picture[] shows, likeliest over the cells in `cells` (summed
 * log-probabilities; a pawn cannot stand in the top or bottom row), and at
 * CLAIM_FLOOR or more for the first of them; FK_EMPTY when there is none.
 * A bishop on the other square colour than the first cell does not count:
 * a side's two bishops stand on both colours, so a held-out condal bishop
 * on f1 read as a knight becomes White's bishop beside the one read on c1
 * (one more of the 400 held-out boards read wholly right, 87.5% of those
 * in cluttered pages; nothing else changes, the 800 renders of every set
 * and the real pictures FEN for FEN). */
static fk_piece unclaimed_man(const drawings *d, int cross, const float (*probs)[FK_PIECE_COUNT],
                              const fk_piece picture[64], fk_piece piece, const int *cells,
                              int n) {
    fk_piece best = FK_EMPTY;
    double best_score = 0;
    for (int kind = FK_PAWN; kind < FK_KING; kind++) {
        fk_piece y = FK_MAKE_PIECE(FK_PIECE_COLOR(piece), kind);
        int fits = y != piece && probs[cells[0]][y] >= CLAIM_FLOOR;
        for (int j = 0; j < 64 && fits; j++)
            fits = picture[j] != y || (kind == FK_BISHOP && !same_colour(j, cells[0]));
        /* nor a kind whose sure man (as `cross` allows) has another outline */
        for (int j = 0; j < 64 && fits; j++)
            if (picture[j] != FK_EMPTY && (int)FK_PIECE_KIND(picture[j]) == kind &&
                probs[j][picture[j]] >= OUTLINE_SURE) {
                double v = outlines_overlap(d, picture, cross, j, cells[0]);
                if (v >= 0 && v < SHAPE_UNLIKE) fits = 0;
            }
        double score = 0;
        for (int k = 0; k < n && fits; k++) {
            if (kind == FK_PAWN && (cells[k] / 8 == 0 || cells[k] / 8 == 7)) fits = 0;
            fk_piece own = FK_MAKE_PIECE(FK_PIECE_COLOR(picture[cells[k]]), kind);
            score += log(probs[cells[k]][own] + 1e-9);
        }
        if (fits && (best == FK_EMPTY || score > best_score)) {
            best = y;
            best_score = score;
        }
    }
    return best;
}

/* The sure man (OUTLINE_SURE) of the kind of cell w's reading, of either
 * colour (as `cross` allows), whose outline (fk_crop_shape()) is likest
 * w's, when even that one overlaps w's under SHAPE_UNLIKE
 * (fk_shapes_overlap()); -1 when one overlaps more, or no sure man of the
 * kind shows an outline. */
static int unlike_in_outline(const drawings *d, int cross, const float (*probs)[FK_PIECE_COUNT],
                             const fk_piece picture[64], int w) {
    int best = -1;
    double most = 0;
    for (int o = 0; o < 64; o++) {
        if (o == w || picture[o] == FK_EMPTY ||
            FK_PIECE_KIND(picture[o]) != FK_PIECE_KIND(picture[w]) ||
            probs[o][picture[o]] < OUTLINE_SURE)
            continue;
        double v = outlines_overlap(d, picture, cross, w, o);
        if (v < 0) continue;
        if (best < 0 || v > most) best = o, most = v;
    }
    return best >= 0 && most < SHAPE_UNLIKE ? best : -1;
}

/* Gives unsure cells a kind no square shows (see CORE_SURE), after men
 * were told apart: a cell already changed, or changed here, stays.
 * Appends each change to told[] (n so far); returns the new count. */
static int claim_unseen_kinds(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                              fk_piece picture[64], const int clean[2],
                              signed char alike[64][64], told_apart told[64], int n) {
    int done[64] = {0}, flat = d->flat[0] && d->flat[1], outlined = d->flat[0] || d->flat[1];
    int cross = -1;
    for (int w = 0; w < 64; w++) {
        fk_piece x = picture[w];
        if (x == FK_EMPTY || FK_PIECE_KIND(x) == FK_KING || probs[w][x] >= CORE_SURE ||
            (int)x != best_class(probs[w], -1) || done[w])
            continue;
        if (colour_share(probs[w], FK_PIECE_COLOR(x)) < COLOUR_SURE) continue;
        if (cross < 0) cross = outlined ? outlines_cross(d, probs, picture) : 0;
        int sure = -1;
        for (int o = 0; o < 64 && sure < 0 && clean[fk_cell_colour(w)]; o++)
            if (o != w && picture[o] == x && probs[o][x] >= CORE_SURE &&
                (same_colour(o, w) ? !alike_cells(d->crops, d->side, alike, o, w)
                                   : flat && drawn_alike(d, o, w) < CROSS_UNLIKE))
                sure = o;
        if (sure < 0 && outlined) sure = unlike_in_outline(d, cross, probs, picture, w);
        if (sure < 0) continue;
        int odd[64], also[64] = {0}, m = 0;
        odd[m++] = w;
        for (int c = 0; c < 64; c++) {
            fk_piece z = picture[c];
            if (c == w || z == FK_EMPTY || probs[c][z] >= CORE_SURE || done[c] ||
                (int)z != best_class(probs[c], -1))
                continue;
            if (z == x ? drawn_alike(d, c, w) >= DRAWN_ALIKE ||
                             (outlined && outlines_overlap(d, picture, cross, c, w) >= SHAPE_ALIKE)
                       : outlined && FK_PIECE_KIND(z) == FK_PIECE_KIND(x) &&
                             outlines_overlap(d, picture, cross, c, w) >= SHAPE_ALIKE)
                odd[m++] = c;
            /* Two men on hatched squares cannot be compared with each
             * other; one read as w is and with w's runner-up, unlike the
             * sure men of his reading too, goes with w. */
            else if (z == x && laid_of(d, c) && laid_of(d, w) &&
                     best_class(probs[c], z) == best_class(probs[w], x) &&
                     unlike_in_outline(d, cross, probs, picture, c) >= 0)
                also[m] = 1, odd[m++] = c;
        }
        fk_piece y = unclaimed_man(d, cross, probs, picture, x, odd, m);
        if (y == FK_EMPTY) continue;
        for (int k = 0; k < m; k++) {
            int c = odd[k];
            fk_piece was = picture[c], now = FK_MAKE_PIECE(FK_PIECE_COLOR(was), FK_PIECE_KIND(y));
            done[c] = 1;
            told[n++] = (told_apart){.cell = c, .other = k ? w : sure,
                                     .how = !k ? TOLD_UNSEEN : also[k] ? TOLD_ALSO : TOLD_ALONG,
                                     .was = was,
                                     .was_prob = probs[c][was], .now_prob = probs[c][now]};
            picture[c] = now;
        }
    }
    return n;
}

/* A man told by outline from the sure men of his reading, drawn like a
 * man read as his runner-up, takes that runner-up: an unsure man (under
 * CROWD_BELOW) whose outline overlaps every man of his reading's kind
 * read at OUTLINE_SURE or more under SHAPE_UNLIKE (unlike_in_outline()),
 * whose runner-up is another man of his colour, not a king, and whose
 * outline overlaps a man read as that runner-up SHAPE_ALIKE or more and no
 * sure one of them under SHAPE_UNLIKE. claim_unseen_kinds() gives such a
 * man only a kind no square shows; here the kind shows, but not surely:
 * held-out 000218's pawn on g2, read as White's second bishop on the
 * light squares at 54% (a pawn 35%), is unlike the sure bishop on f1 and
 * like the pawn on d3, read at 58%. Of the 400 held-out boards one more
 * reads wholly right, of them as JPEG one more (000390's berlin bishops);
 * the 800 and 600 renders of every set and the real pictures read as
 * before. Requiring two men drawn alike rather than one loses the JPEG
 * board; CROWD_BELOW 0.95 reads the same. Appends each change to told[]
 * (as TOLD_LIKE) and returns the new count. */
#define CROWD_BELOW 0.9f
static int take_the_runner_up(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                              fk_piece picture[64], told_apart told[64], int n) {
    if (!d->flat[0] && !d->flat[1]) return n;
    int changed[64] = {0};
    for (int k = 0; k < n; k++) changed[told[k].cell] = 1;
    int cross = -1, m = n;
    for (int w = 0; w < 64; w++) {
        fk_piece x = picture[w];
        if (x == FK_EMPTY || changed[w] || FK_PIECE_KIND(x) == FK_KING ||
            probs[w][x] >= CROWD_BELOW)
            continue;
        int y = best_class(probs[w], x);
        if (y == FK_EMPTY || FK_PIECE_KIND(y) == FK_KING ||
            FK_PIECE_COLOR(y) != FK_PIECE_COLOR(x) ||
            (FK_PIECE_KIND(y) == FK_PAWN && (w / 8 == 0 || w / 8 == 7)))
            continue;
        if (cross < 0) cross = outlines_cross(d, probs, picture);
        if (unlike_in_outline(d, cross, probs, picture, w) < 0) continue;
        int like = -1, against = 0;
        for (int o = 0; o < 64 && !against; o++) {
            if (o == w || (int)picture[o] != y) continue;
            double v = outlines_overlap(d, picture, cross, w, o);
            if (v >= SHAPE_ALIKE && like < 0) like = o;
            against = v >= 0 && v < SHAPE_UNLIKE && probs[o][y] >= OUTLINE_SURE;
        }
        if (like < 0 || against) continue;
        told[m++] = (told_apart){.cell = w, .other = like, .how = TOLD_LIKE, .was = x,
                                 .was_prob = probs[w][x], .now_prob = probs[w][y]};
        picture[w] = (fk_piece)y;
    }
    return m;
}

/* On a board drawn by a program, men of one kind on one square colour are
 * the same pixels: sure pairs of them compare (like_level()) at VERY_CLEAN
 * or more. There a man read unsurely (under TELL_BELOW) as the kind of
 * sure men of his colour on his square colour (read at CORE_SURE, or at
 * SURER_FLOOR and SURER_BY surer than he), and less like every one of them
 * than LIKE_GAP under that level, is no such man, though more like them
 * than UNLIKE. He takes the likeliest of his other readings
 * (CANDIDATE_FLOOR or more, not empty, not a king some other square is
 * read as) whose sure men on his square colour, if any, he is drawn like.
 * Men are compared by likeness_but() with the crops' corners left out,
 * where coordinates may be written. eboard-plastic's black queen, a rook's
 * body under a crown, was read as a rook at 50% and compares at 0.89 with
 * a sure rook, where like men of the board compare at 0.98 or more. Where
 * no pair of like men is read at SURE_PAIR on a square colour, pairs read
 * at LEVEL_PAIR set the level, or failing them the other colour's level,
 * on a board drawn flat on both colours (eboard-ebony's men, which the
 * network reads at 30-60%); on a book board, whose light squares are flat,
 * an arrow the arrow finder does not look for there crossed a pawn, and he
 * was told from the others. Squares an arrow crossed and hatched or grainy
 * colours (drawings.flat) are left out, and so are men on the other square
 * colour: with the ground repainted under them, men unlike and alike both
 * came to 0.80-0.90, and comparing them read four boards of the 600 and
 * one of the 400 held-out ones worse, for two mended. Of the 800 renders
 * of every set 57 read wrong as drawn instead of 63 (maroquin,
 * chessx-fantasy, fantasy_alt and kingdom men, eboard-plastic's and
 * knights-knights' queens), of the fresh 600 38 instead of 41
 * (eboard-plastic's and eboard-ebony's queens), and 12 more boards of the
 * two have other squares wrong: 7 of them fewer, 4 as many, one (a
 * metaltops board) one more; of the 400 held-out boards as PNG and as JPEG
 * one reads the right way round now (000169, two black kings told apart;
 * it was right as drawn before), the rest and the real pictures and the
 * turned screenshots FEN for FEN as before. Sure men only (no SURER_FLOOR
 * or LEVEL_PAIR): 61 and 41; kings as other readings (before LEVEL_PAIR):
 * 60 and 40 (a white queen read as a rook took the king, her runner-up).
 * SURER_FLOOR 0.8 reads two of the 800 worse, 0.5 the same; SURER_BY 0.1 a
 * JPEG board worse, 0.25 one of the 800; LEVEL_PAIR 0.7 the same (before
 * the other colour's level was taken), and on any board rather than one
 * drawn flat a held-out board and its JPEG worse; LIKE_GAP 0.05 or 0.15
 * and a floor of 0.2 (sure men only) a board worse each, VERY_CLEAN 0.95
 * or 0.99 and a floor of 0.05 the same. Each change is appended to told[]
 * (as TOLD_NEXT) and anchored; returns the new count. */
#define VERY_CLEAN 0.97
#define LIKE_GAP 0.1
#define CANDIDATE_FLOOR 0.1f
#define SURER_FLOOR 0.7f
#define SURER_BY 0.15f
#define LEVEL_PAIR 0.8f
/* Whether a square other than w is read as `king`. */
static int king_read_elsewhere(const fk_piece picture[64], int w, fk_piece king) {
    for (int o = 0; o < 64; o++)
        if (o != w && picture[o] == king) return 1;
    return 0;
}

/* The likeness of cell w to the likeliest-alike sure man read as class c
 * on its square colour (its cell into *most_like, unless NULL); below -1
 * where there is none. A man read at SURER_FLOOR or more and SURER_BY
 * surer than w's reading counts as sure too. */
static double sure_likeness(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                            const fk_piece picture[64], int w, int c, int *most_like) {
    size_t area = (size_t)d->side * d->side;
    double most = -2;
    for (int o = 0; o < 64; o++)
        if (o != w && (int)picture[o] == c && same_colour(o, w) && !(d->arrowed >> o & 1) &&
            (probs[o][c] >= CORE_SURE ||
             (probs[o][c] >= SURER_FLOOR && probs[o][c] >= probs[w][picture[w]] + SURER_BY))) {
            double l = likeness_but(d->crops + w * area, d->crops + o * area, d->side, d->side / 4);
            if (l > most) {
                most = l;
                if (most_like) *most_like = o;
            }
        }
    return most;
}

static int tell_from_sure_men(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                              fk_piece picture[64], const double level[2], int anchored[64],
                              told_apart told[64], int n) {
    for (int w = 0; w < 64; w++) {
        fk_piece x = picture[w];
        int colour = fk_cell_colour(w), sure = -1;
        if (x == FK_EMPTY || anchored[w] || probs[w][x] >= TELL_BELOW ||
            (int)x != best_class(probs[w], -1) || level[colour] < VERY_CLEAN || !d->flat[colour] ||
            (d->arrowed >> w & 1))
            continue;
        double below = level[colour] - LIKE_GAP,
               most = sure_likeness(d, probs, picture, w, x, &sure);
        if (sure < 0 || most >= below) continue;
        /* His other readings, likeliest first. */
        int next = -1;
        for (;;) {
            int c = -1;
            for (int k = 0; k < FK_PIECE_COUNT; k++)
                if (k != (int)x && k != FK_EMPTY && (next < 0 || probs[w][k] < probs[w][next]) &&
                    (c < 0 || probs[w][k] > probs[w][c]))
                    c = k;
            if (c < 0 || probs[w][c] < CANDIDATE_FLOOR) {
                next = -1;
                break;
            }
            next = c;
            if (FK_PIECE_KIND(next) == FK_KING && king_read_elsewhere(picture, w, (fk_piece)next))
                continue;
            double like = sure_likeness(d, probs, picture, w, next, NULL);
            if (like < -1 || like >= below) break; /* none of them, or drawn like them */
        }
        if (next < 0) continue;
        anchored[w] = 1;
        told[n++] = (told_apart){.cell = w,
                                 .other = sure,
                                 .how = TOLD_NEXT,
                                 .was = x,
                                 .was_prob = probs[w][x],
                                 .now_prob = probs[w][next]};
        picture[w] = (fk_piece)next;
    }
    return n;
}

/* Fills picture[] with each cell's reading, telling unlike men apart (see
 * UNLIKE); each cell changes once at most. Returns how many changed, each
 * described in told[]. */
static int read_picture(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                        fk_piece picture[64], told_apart told[64]) {
    const uint8_t *crops = d->crops;
    int side = d->side;
    int n = 0;
    for (int i = 0; i < 64; i++) picture[i] = (fk_piece)best_class(probs[i], -1);
    double level[2] = {like_level(crops, side, probs, picture, 0, SURE_PAIR),
                       like_level(crops, side, probs, picture, 1, SURE_PAIR)};
    /* tell_from_sure_men()'s bar, where no like men are read at SURE_PAIR
     * on a colour of a board drawn flat: LEVEL_PAIR's, or else the other
     * colour's. */
    double tell_level[2] = {level[0], level[1]};
    if (d->flat[0] && d->flat[1]) {
        for (int c = 0; c < 2; c++)
            if (tell_level[c] < 0)
                tell_level[c] = like_level(crops, side, probs, picture, c, LEVEL_PAIR);
        for (int c = 0; c < 2; c++)
            if (tell_level[c] < 0) tell_level[c] = tell_level[!c];
    }
    int clean[2] = {level[0] >= CLEAN, level[1] >= CLEAN};
    signed char alike[64][64]; /* -1: not yet compared; 0, 1 */
    memset(alike, -1, sizeof alike);
    int anchored[64] = {0}; /* told apart from, or changed: kept from now on */
    for (;;) {
        int weakest = -1, partner = -1;
        for (int a = 0; a < 64; a++) {
            if (picture[a] == FK_EMPTY) continue;
            for (int b = a + 1; b < 64; b++) {
                /* Two sure readings need no comparing: neither would change. */
                if (picture[b] != picture[a] || !same_colour(a, b) ||
                    !clean[fk_cell_colour(a)] ||
                    (probs[a][picture[a]] >= TELL_BELOW && probs[b][picture[b]] >= TELL_BELOW) ||
                    alike_cells(crops, side, alike, a, b))
                    continue;
                for (int k = 0; k < 2; k++) {
                    int w = k ? b : a, o = k ? a : b;
                    if (anchored[w]) continue;
                    if (weakest < 0 || probs[w][picture[w]] < probs[weakest][picture[weakest]]) {
                        weakest = w;
                        partner = o;
                    }
                }
            }
        }
        if (weakest < 0 || probs[weakest][picture[weakest]] >= TELL_BELOW) break;
        anchored[weakest] = anchored[partner] = 1;
        /* Its next class must not be unlike the men read so already. */
        int next = best_class(probs[weakest], (int)picture[weakest]), fits = 1;
        for (int j = 0; j < 64 && next != FK_EMPTY; j++)
            if (j != weakest && (int)picture[j] == next && same_colour(j, weakest) &&
                !alike_cells(crops, side, alike, j, weakest))
                fits = 0;
        if (!fits) continue;
        /* Told from a sure man of its reading, a man whose next class is
         * its own kind in the other colour, at under SWAP_DOUBT, is some
         * other man, not the other colour: claim_unseen_kinds() gives it
         * the man no square shows. Held-out 000384's condal bishop on f8,
         * unlike the sure knight on b8 and read as a knight at 87%, had
         * become a white knight (6%), and then a black knight again to
         * keep the position legal; now a bishop. One more of the 400
         * held-out boards read wholly right, and two more of them saved as
         * JPEG; the 800 renders of every set and the real pictures as
         * before. At 0.2 one of the 800 renders reads worse; at any
         * doubt, two (pawns and a rook whose colour was in real doubt, at
         * 45% against 43%, lost their colour's other reading). */
        if (next != FK_EMPTY && FK_PIECE_KIND(next) == FK_PIECE_KIND(picture[weakest]) &&
            probs[partner][picture[partner]] >= CORE_SURE && probs[weakest][next] < SWAP_DOUBT)
            continue;
        told[n++] = (told_apart){.cell = weakest, .other = partner, .how = TOLD_NEXT,
                                 .was = picture[weakest],
                                 .was_prob = probs[weakest][picture[weakest]],
                                 .now_prob = probs[weakest][next]};
        picture[weakest] = (fk_piece)next;
    }
    n = tell_from_sure_men(d, probs, picture, tell_level, anchored, told, n);
    n = claim_unseen_kinds(d, probs, picture, clean, alike, told, n);
    n = take_the_runner_up(d, probs, picture, told, n);
    return n;
}

/* The share of a crop's inner pixels (a tenth of the side in from each
 * edge) darker than `below`: how much of its square a man's ink covers. */
static double ink_share(const uint8_t *crop, int side, int below) {
    int lo = side / 10, hi = side - side / 10, n = 0;
    for (int y = lo; y < hi; y++)
        for (int x = lo; x < hi; x++) n += crop[y * side + x] < below;
    return (double)n / ((hi - lo) * (hi - lo));
}

/* ink_share() of a crop on a hatched square: of the inner pixels whose
 * ground is `below` or lighter, the share darker; -1 where the hatching
 * leaves none. */
static double laid_ink(const uint8_t *crop, const uint8_t *ground, int side, int below) {
    int lo = side / 10, hi = side - side / 10, n = 0, bare = 0;
    for (int y = lo; y < hi; y++)
        for (int x = lo; x < hi; x++)
            if (ground[y * side + x] >= below) bare++, n += crop[y * side + x] < below;
    return bare ? (double)n / bare : -1;
}

/* Fills ink[] with every cell's ink_share below half the grey of the
 * board's darker squares (the median ground of each colour's 32 cells,
 * the lower). On a printed board whose darker squares are hatched
 * (laid_of()) and lighter ones flat, the hatched cells' ink is read where
 * the hatching leaves the paper bare (laid_ink()), below a third of the
 * paper's grey (on a board drawn flat, half the dark squares' grey comes
 * to about that); a hatched cell whose ground was not worked out gets -1.
 * Returns 0, leaving ink[] unset, on any other board (the darker colour
 * neither drawn flat, PLAIN, nor hatched beside a flat one). Book
 * boards' kings and men then take their colours from their ink as on
 * boards drawn flat: of the 400 held-out renders one more read wholly right as drawn
 * (pychess-ttf-kingdom's kings, read in each other's colours), of the 800
 * renders of every set three (skulls knights on hatched squares read as
 * black), of the fresh 600 one (scid-kingdom's kings), and one more of
 * the held-out boards as JPEG; none worse. Below half the paper's grey,
 * the shading of scid-kingdom's white rooks counted as ink and two of
 * their rooks turned black; below a quarter, one board fewer mended. */
static int cell_inks(const drawings *d, double ink[64]) {
    int median[2];
    for (int c = 0; c < 2; c++) {
        int count[256] = {0}, seen = 0, g = 0;
        for (int i = 0; i < 64; i++)
            if (fk_cell_colour(i) == c) count[d->ground[i]]++;
        while (g < 255 && (seen += count[g]) <= 16) g++;
        median[c] = g;
    }
    int dark = median[1] < median[0];
    size_t area = (size_t)d->side * d->side;
    if (d->flat[dark]) {
        for (int i = 0; i < 64; i++)
            ink[i] = ink_share(d->crops + i * area, d->side, median[dark] / 2);
        return 1;
    }
    int hatched = 0;
    for (int i = 0; i < 64 && !hatched; i++) hatched = fk_cell_colour(i) == dark && laid_of(d, i);
    if (!d->flat[!dark] || !hatched) return 0;
    int below = median[!dark] / 3;
    for (int i = 0; i < 64; i++)
        ink[i] = fk_cell_colour(i) != dark ? ink_share(d->crops + i * area, d->side, below)
                 : laid_of(d, i)
                     ? laid_ink(d->crops + i * area, d->grounds + i * area, d->side, below)
                     : -1;
    return 1;
}

/* The kings' colours from their ink. A black man covers more of its
 * square with ink darker than half the dark squares' grey than the white
 * man of its kind: so it is with both kings of all 349 of the 400
 * held-out renders of `training/eval_scan.py --boards 400` on flat
 * squares, as the scanner cuts them (32 pixels; the closest pair 0.036
 * apart), but on hatched squares the hatching is ink too (46 of 51;
 * `training/eval_ink.py build/fenkit /tmp/ev400/held-out` counts both). A
 * held-out set whose white king has a cream fill (kingdom) had the kings'
 * colours swapped, each read at 45-60%. So when exactly two cells are read
 * as kings, their ink is known (cell_inks) and one king shows
 * INK_APART more ink than the other, the
 * inkier is taken as Black's king and the other as White's, if the
 * network gives each of them that colour's king KING_FLOOR or more and
 * makes its readings as they stand no more than KING_ODDS times likelier.
 * On those 400 boards 3 more are read wholly right and none fewer (two
 * random endgames read wrong before are now read the other way round,
 * as their right kings vote for it); nothing else changed. */
#define INK_APART 0.02
#define KING_FLOOR 0.1f
#define KING_ODDS 20.0
static int colour_kings(const double ink[64], const float (*probs)[FK_PIECE_COUNT],
                        fk_piece picture[64], told_apart told[64], int n) {
    int king[2], kings = 0;
    for (int i = 0; i < 64; i++)
        if (picture[i] != FK_EMPTY && FK_PIECE_KIND(picture[i]) == FK_KING) {
            if (kings == 2) return n;
            king[kings++] = i;
        }
    if (kings < 2) return n;
    for (int k = 0; k < n; k++)
        if (told[k].cell == king[0] || told[k].cell == king[1]) return n;
    if (ink[king[0]] < 0 || ink[king[1]] < 0 || fabs(ink[king[0]] - ink[king[1]]) < INK_APART)
        return n;
    int black = ink[king[0]] > ink[king[1]] ? king[0] : king[1];
    int white = black == king[0] ? king[1] : king[0];
    if ((picture[white] == FK_WK && picture[black] == FK_BK) || probs[white][FK_WK] < KING_FLOOR ||
        probs[black][FK_BK] < KING_FLOOR)
        return n;
    double odds = log(probs[white][FK_WK]) + log(probs[black][FK_BK]) -
                  log(probs[white][picture[white]]) - log(probs[black][picture[black]]);
    if (odds < -log(KING_ODDS)) return n;
    const int cell[2] = {white, black};
    const fk_piece now[2] = {FK_WK, FK_BK};
    for (int k = 0; k < 2; k++) {
        if (picture[cell[k]] == now[k]) continue;
        int c = cell[k];
        told[n++] = (told_apart){.cell = c, .other = cell[1 - k], .how = TOLD_INK,
                                 .was = picture[c], .was_prob = probs[c][picture[c]],
                                 .now_prob = probs[c][now[k]]};
        picture[c] = now[k];
    }
    return n;
}

/* What colour_men() and board_ink_agrees() ask of ink (see colour_men()). */
#define INK_UNSURE 0.9f
#define INK_SURE 0.95f
#define INK_CROSS 0.08
#define INK_SAME 0.04
#define INK_KIND 0.6f

/* Whether cell w's ink confirms the colour of its reading when no sure
 * man of its kind shows one (colour_men()): the board's sure men of every
 * kind (INK_SURE) must part by colour, the lightest black one showing
 * INK_CROSS more ink than the inkiest white one, and w's ink must lie in
 * the quarter of that gap beside its reading's colour. Confirming only:
 * some sets ink a white man of one kind as heavily as a black man of
 * another (skulls, magnetic, nutbolt), and changing colours so read 7 of
 * the 800 renders of every set, 5 of the fresh 600 and 3 of the 400
 * held-out ones worse. Of those 800, a leipzig board (a
 * family held out of training) whose black rooks, read at 68% with no sure
 * rook on the board, had been weighed into white ones (their ink 0.29, the
 * sure white men's 0.09 at most, the sure black men's 0.32 at least) reads
 * wholly right, and of the fresh 600 a kingdom board has two squares fewer
 * wrong (black bishops); nothing else changed there, in the 400 held-out
 * renders, as JPEG, or in the real pictures. */
static int board_ink_agrees(const double ink[64], const float (*probs)[FK_PIECE_COUNT],
                            const fk_piece picture[64], const int changed[64], int w) {
    double white = -1, black = 2;
    for (int o = 0; o < 64; o++) {
        if (o == w || changed[o] || picture[o] == FK_EMPTY || ink[o] < 0 ||
            probs[o][picture[o]] < INK_SURE)
            continue;
        if (FK_PIECE_COLOR(picture[o]) == FK_BLACK)
            black = fmin(black, ink[o]);
        else
            white = fmax(white, ink[o]);
    }
    double gap = black - white;
    if (white < 0 || black > 1 || gap < INK_CROSS) return 0;
    return FK_PIECE_COLOR(picture[w]) == FK_BLACK ? ink[w] >= black - gap / 4
                                                  : ink[w] <= white + gap / 4;
}

/* Every other man's colour from its ink against sure men of its kind.
 * On the flat squares of the 400 held-out renders, a black man was the
 * inkier of every white and black pair of one kind (about 11,000 pairs,
 * pawns to queens; the closest 1% 0.06 to 0.15 apart; eval_ink.py), while two men of
 * one kind and colour came within 0.06 to 0.10 of each other in 99 pairs
 * of 100. So a man read with less than INK_UNSURE, whose network gives
 * its kind in the other colour KING_FLOOR or more and the two colours of
 * its kind INK_KIND together (only its colour is in doubt, not its kind),
 * is compared with the men of its kind read with INK_SURE or more: nearer
 * the mean ink of the sure black ones than of the sure white ones, it is
 * black; with sure men of one colour only, INK_CROSS more ink than theirs
 * makes it black (less, white), and within INK_SAME it is their colour.
 * A change is kept when the network makes the reading it had no more
 * than KING_ODDS times likelier. A held-out black queen read as White's
 * at 62%, darker than the sure white queen, turns black; on the 800
 * renders of every set 4 more boards are read wholly right and none
 * worse. Without INK_KIND, men whose kind was in doubt too (a pawn read
 * as a bishop of either colour at 21% and 17%) changed colour, became
 * repaired squares no later step weighs, and two boards read worse. The
 * men whose reading the ink confirms, by men of their kind or, with none
 * sure, by the board's (board_ink_agrees()), are marked in *confirmed: the
 * material weighing does not give them their kind's other colour. */
static int colour_men(const double ink[64], const float (*probs)[FK_PIECE_COUNT],
                      fk_piece picture[64], told_apart told[64], int n, fk_bitboard *confirmed) {
    int changed[64] = {0};
    for (int k = 0; k < n; k++) changed[told[k].cell] = 1;
    int m = n;
    for (int w = 0; w < 64; w++) {
        fk_piece x = picture[w];
        if (x == FK_EMPTY || changed[w] || FK_PIECE_KIND(x) == FK_KING ||
            probs[w][x] >= INK_UNSURE || ink[w] < 0)
            continue;
        fk_kind kind = FK_PIECE_KIND(x);
        fk_piece other = FK_MAKE_PIECE(!FK_PIECE_COLOR(x), kind);
        if (probs[w][other] < KING_FLOOR || probs[w][x] + probs[w][other] < INK_KIND) continue;
        double sum[2] = {0, 0};
        int count[2] = {0, 0}, ref[2] = {-1, -1};
        for (int o = 0; o < 64; o++) {
            if (o == w || changed[o] || picture[o] == FK_EMPTY || ink[o] < 0 ||
                FK_PIECE_KIND(picture[o]) != kind || probs[o][picture[o]] < INK_SURE)
                continue;
            int c = FK_PIECE_COLOR(picture[o]);
            sum[c] += ink[o];
            if (ref[c] < 0 || fabs(ink[o] - ink[w]) < fabs(ink[ref[c]] - ink[w])) ref[c] = o;
            count[c]++;
        }
        int black = -1; /* the colour its ink says: 1 black, 0 white, -1 cannot tell */
        if (count[0] && count[1]) {
            double mw = sum[0] / count[0], mb = sum[1] / count[1];
            if (mb > mw) black = fabs(ink[w] - mb) < fabs(ink[w] - mw);
        } else if (count[0]) {
            double gap = ink[w] - sum[0] / count[0];
            black = gap >= INK_CROSS ? 1 : fabs(gap) <= INK_SAME ? 0 : -1;
        } else if (count[1]) {
            double gap = sum[1] / count[1] - ink[w];
            black = gap >= INK_CROSS ? 0 : fabs(gap) <= INK_SAME ? 1 : -1;
        }
        if (black == (int)FK_PIECE_COLOR(x) ||
            (!count[0] && !count[1] && board_ink_agrees(ink, probs, picture, changed, w)))
            *confirmed |= FK_BIT(w);
        if (black < 0 || black == (int)FK_PIECE_COLOR(x) ||
            log(probs[w][x]) - log(probs[w][other]) > log(KING_ODDS))
            continue;
        int by = ref[black] >= 0 ? ref[black] : ref[!black];
        told[m++] = (told_apart){.cell = w, .other = by, .how = TOLD_INK, .was = x,
                                 .was_prob = probs[w][x], .now_prob = probs[w][other]};
        picture[w] = other;
    }
    return m;
}

/* The cells whose men are drawn like another man of their colour
 * (TWIN_ALIKE or more by drawn_alike(); twin_of[] names him): a side has
 * one king, so none of them is its king. Only men the network gives
 * their colour's king 1e-4 or more are compared, with each other, and
 * only where a side shows no king or more than one, or a king is read
 * under TELL_BELOW (0.8 ms more a held-out render in all). A cell of them
 * read as the king under TELL_BELOW takes its twin's reading (or, a twin
 * read as a king too, its likeliest other man of its colour), and the
 * repair takes none of them as a king. tagua-berlinttf draws a black king and bishop
 * the network reads alike (bishops at 53% and 40%, kings at 40% and 25%):
 * held-out 000373's bishop on h3 was read as the king, its twins on d1, f3
 * and d7 compare at 0.99 with it, and the king on c3 was read as a
 * bishop; now h3 is a bishop and the repair takes c3 as the king. Of the
 * 400 held-out renders 000373 reads wholly right, and 000026 (magnetic)
 * has two squares wrong instead of four, the same as JPEG; the 800 and 600
 * renders of every set, the real pictures and the turned screenshots read
 * as before. At 0.98 one of the 800 reads worse (metaltops 000368: unlike
 * men read as black kings compare at 0.98); with sure kings changed too,
 * four real screenshots of boards of kings (tsoj_115-125) lost them. */
#define TWIN_ALIKE 0.99
static fk_bitboard twinned_men(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                               const fk_piece picture[64], int twin_of[64]) {
    fk_bitboard twins = 0;
    /* Nothing to do where each side shows one king, surely read. */
    int kings[2] = {0, 0}, unsure = 0;
    for (int i = 0; i < 64; i++)
        if (picture[i] != FK_EMPTY && FK_PIECE_KIND(picture[i]) == FK_KING) {
            kings[FK_PIECE_COLOR(picture[i])]++;
            unsure |= probs[i][picture[i]] < TELL_BELOW;
        }
    if (kings[0] == 1 && kings[1] == 1 && !unsure) return 0;
    int cells[64], n = 0;
    for (int i = 0; i < 64; i++)
        if (picture[i] != FK_EMPTY &&
            probs[i][FK_MAKE_PIECE(FK_PIECE_COLOR(picture[i]), FK_KING)] >= 1e-4f)
            cells[n++] = i;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            int i = cells[a], j = cells[b];
            if ((twins >> i & 1) && (twins >> j & 1)) continue;
            if (FK_PIECE_COLOR(picture[j]) != FK_PIECE_COLOR(picture[i]) ||
                drawn_alike(d, i, j) < TWIN_ALIKE)
                continue;
            if (!(twins >> i & 1)) twin_of[i] = j;
            if (!(twins >> j & 1)) twin_of[j] = i;
            twins |= FK_BIT(i) | FK_BIT(j);
        }
    return twins;
}

/* The cells read under FK_WEIGH_BELOW whose runner-up (the network's second
 * likeliest man) their outline rules out: a man whose kind is read at
 * OUTLINE_SURE or more on other cells, in its colour (or either, where
 * outlines_cross()), every one of those outlines overlapping the cell's
 * under SHAPE_UNLIKE. None on a board not drawn flat. The material
 * weighing gives no cell a runner-up ruled out so: two pychess-spatial
 * bishops (read at 70% and 75%, a pawn their runner-up) had been weighed
 * into pawns, the sure pawns' outlines overlapping theirs under 0.74 (one
 * more of the 800 renders of every set read wholly right; nothing else
 * changed there, in the fresh 600, the 400 held-out boards, as JPEG, or
 * the real pictures). */
static fk_bitboard outline_vetoes(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                                  const fk_piece picture[64]) {
    fk_bitboard unlike = 0;
    int cross = -1;
    for (int w = 0; w < 64 && (d->flat[0] || d->flat[1]); w++) {
        int best = best_class(probs[w], -1), y = best_class(probs[w], best);
        if (probs[w][best] >= FK_WEIGH_BELOW || y == FK_EMPTY || FK_PIECE_KIND(y) == FK_KING ||
            !comparable(d, w))
            continue;
        if (cross < 0) cross = outlines_cross(d, probs, picture);
        double most = -1;
        for (int o = 0; o < 64; o++) {
            fk_piece z = picture[o];
            if (o == w || z == FK_EMPTY || FK_PIECE_KIND(z) != FK_PIECE_KIND(y) ||
                probs[o][z] < OUTLINE_SURE)
                continue;
            double v = men_overlap(d, cross, w, FK_PIECE_COLOR(y), o, FK_PIECE_COLOR(z));
            most = v > most ? v : most;
        }
        if (most >= 0 && most < SHAPE_UNLIKE) unlike |= FK_BIT(w);
    }
    return unlike;
}

/* Fills alike[] (by cell) with the other cells whose man is read as the
 * same and drawn like it (DRAWN_ALIKE, on either colour): only for men
 * read with less than FK_WEIGH_BELOW and their partners, whatever those are
 * read with, for fk_scan_weigh_material. Bits are cells here. */
static void alike_men(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                      const fk_piece picture[64], fk_bitboard alike[64]) {
    memset(alike, 0, 64 * sizeof alike[0]);
    for (int i = 0; i < 64; i++) {
        if (picture[i] == FK_EMPTY || probs[i][picture[i]] >= FK_WEIGH_BELOW) continue;
        for (int j = 0; j < 64; j++) {
            if (j == i || picture[j] != picture[i]) continue;
            if (j < i && probs[j][picture[j]] < FK_WEIGH_BELOW) continue; /* compared as i */
            if (drawn_alike(d, j, i) >= DRAWN_ALIKE) {
                alike[i] |= FK_BIT(j);
                alike[j] |= FK_BIT(i);
            }
        }
    }
}

/* Writes a probability as a percentage for a note: whole percents, or
 * tenths below 1% ("0.3%"), so that a small chance does not read "0%". */
static void percent(double p, char out[16]) {
    if (p >= 0.01 || p < 0.0005)
        snprintf(out, 16, "%.0f%%", 100 * p);
    else
        snprintf(out, 16, "%.1f%%", 100 * p);
}

/* Says when the board was found turned or at a slant (corners that make no
 * upright rectangle): its squares were read straightened. */
static void note_slant(fk_scan_result *r) {
    const fk_point *c = r->board.corners;
    if (fk_quad_is_upright(c)) return;
    double top = atan2(c[1].y - c[0].y, c[1].x - c[0].x), foot = atan2(c[2].y - c[3].y, c[2].x - c[3].x);
    double degrees = (top + foot) / 2 * 180 / 3.14159265358979323846;
    if (fabs(degrees) >= 1)
        fk_scan_note(
            r,
            "the board is turned %.0f degree%s %s in the picture; it was straightened to read it",
            fabs(degrees), fabs(degrees) < 1.5 ? "" : "s",
            degrees > 0 ? "clockwise" : "anticlockwise");
    else
        fk_scan_note(r,
                     "the board is seen at a slant in the picture; it was straightened to read it");
}

fk_status fk_scan_image(const fk_image *image, const fk_scan_options *opts, fk_scan_result *out,
                        fk_error *err) {
    fk_scan_options defaults;
    if (!opts) {
        fk_scan_options_default(&defaults);
        opts = &defaults;
    }
    memset(out, 0, sizeof *out);
    out->last_from = out->last_to = FK_NO_SQUARE;
    out->width = image->width;
    out->height = image->height;
    const fk_model *model = opts->model ? opts->model : fk_model_builtin();
    if (!model) return fk_vision_fail(err, FK_ERR_NOMEM, "the built-in model could not be read");
    fk_status s = FK_OK;
    if (opts->board)
        out->board = *opts->board;
    else if ((s = fk_board_locate(image, &out->board, err)) != FK_OK)
        return s;
    if (image->turned) {
        int t = image->turned;
        fk_scan_note(
            out, "the picture is stored %s (EXIF orientation %d); it was read as a viewer shows it",
            t == 6 || t == 8   ? "turned a quarter"
            : t == 5 || t == 7 ? "mirrored and turned a quarter"
            : t == 3           ? "upside down"
                               : "mirrored",
            t);
    }
    note_slant(out);

    int side = fk_model_square_size(model);
    /* 64 crops, a 65th's room for drawn_alike() to repaint into, 64
     * outlines (drawings, outline_of()) and 64 hatched grounds (laid_of()) */
    uint8_t *crops = malloc((size_t)193 * side * side);
    float(*probs)[FK_PIECE_COUNT] = malloc(sizeof(float) * 64 * FK_PIECE_COUNT);
    fk_arrow_seen arrows[FK_ARROWS_MOST];
    int arrow_count = 0;
    int cut = crops && probs && fk_board_cut(image, &out->board, side, crops) == FK_OK;
    fk_bitboard arrowed = 0; /* cells an arrow was taken out of */
    double lit[2] = {0, 0};
    int evened = cut && fk_crops_even_light(crops, side, lit);
    if (evened)
        fk_scan_note(out,
                     "the light falls unevenly on the board (its light squares from grey %.0f to "
                     "%.0f); it was evened out to read it",
                     lit[0], lit[1]);
    if (cut) arrow_count = fk_arrows_remove(crops, side, arrows, &arrowed);
    if (!cut || read_squares(model, crops, side, probs) != FK_OK) {
        free(crops);
        free(probs);
        return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the squares");
    }
    look_again(model, crops, side, probs);
    if (evened && lit[1] < DIM_PAPER) read_brighter(model, crops, side, lit[1], probs);
    if (opts->debug_dir) {
        s = fk_scan_debug_write(opts->debug_dir, image, &out->board, crops, side, err);
        if (s != FK_OK) {
            free(crops);
            free(probs);
            return s;
        }
    }

    /* Best class per picture cell, unlike men told apart, then which way
     * round the board is. */
    fk_piece picture[64];
    told_apart told[64];
    drawings drawn;
    int shaped[64], found;
    hatching hatch;
    uint64_t *rows = malloc(sizeof(uint64_t) * 64 * 64);
    if (!rows) {
        free(crops);
        free(probs);
        return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the squares");
    }
    drawings_init(&drawn, crops, side, crops + (size_t)64 * side * side, shaped, &found, rows,
                  &hatch, arrowed);
    fk_bitboard tinted_cell = fk_tinted_cells(drawn.ground);
    if (__builtin_popcountll(tinted_cell) != 2) {
        fk_bitboard yellow = fk_tinted_in_colour(image, &out->board);
        if (__builtin_popcountll(yellow) == 2) tinted_cell = yellow;
    }
    const float(*readings)[FK_PIECE_COUNT] = (const float(*)[FK_PIECE_COUNT])probs;
    int told_count = read_picture(&drawn, readings, picture, told);
    double ink[64];
    fk_bitboard inked_cells = 0; /* men whose colour their ink confirmed */
    if (cell_inks(&drawn, ink)) {
        told_count = colour_kings(ink, readings, picture, told, told_count);
        told_count = colour_men(ink, readings, picture, told, told_count, &inked_cells);
    }
    fk_bitboard alike_cells_of[64];
    alike_men(&drawn, readings, picture, alike_cells_of);
    fk_bitboard unlike_cells = outline_vetoes(&drawn, readings, picture);
    int twin_of[64];
    fk_bitboard twin_cells = twinned_men(&drawn, readings, picture, twin_of);
    for (int i = 0; i < 64; i++) {
        if (!(twin_cells >> i & 1) || FK_PIECE_KIND(picture[i]) != FK_KING ||
            readings[i][picture[i]] >= TELL_BELOW)
            continue;
        int next = FK_EMPTY, j = twin_of[i];
        if (FK_PIECE_KIND(picture[j]) != FK_KING)
            next = picture[j];
        else
            for (int c = 1; c < FK_PIECE_COUNT; c++)
                if (FK_PIECE_KIND(c) != FK_KING &&
                    FK_PIECE_COLOR(c) == FK_PIECE_COLOR(picture[i]) &&
                    (next == FK_EMPTY || readings[i][c] > readings[i][next]))
                    next = c;
        told[told_count++] = (told_apart){.cell = i,
                                          .other = j,
                                          .how = TOLD_TWIN,
                                          .was = picture[i],
                                          .was_prob = readings[i][picture[i]],
                                          .now_prob = readings[i][next]};
        picture[i] = (fk_piece)next;
    }
    free(crops);
    free(rows);
    const char *how = "from the coordinates";
    if (opts->bottom == FK_BOTTOM_AUTO) {
        /* Labels decide, unless there are none or the position leaves no
         * doubt (page text beside a diagram can pass for labels); a random
         * placement or an endgame of far-advanced pawns can make the
         * position look 90% sure the wrong way round. */
        double by_position;
        int position = fk_orient_guess(picture, &by_position);
        int stepped = fk_orient_from_marked_step(picture, tinted_cell);
        out->white_bottom = fk_orient_from_labels(image, &out->board, picture,
                                                 &out->bottom_confidence);
        if (out->white_bottom < 0 && stepped >= 0 && (stepped == position || by_position < 0.99)) {
            /* A pawn's marked step shows which way his side plays (unless
             * the position leaves no doubt: the marks were no move). */
            out->white_bottom = stepped;
            out->bottom_confidence = 0.99;
            how = "from the pawn's step marked as the last move";
        } else if (out->white_bottom < 0 ||
                   (out->white_bottom != position && by_position >= 0.99)) {
            out->white_bottom = position;
            out->bottom_confidence = by_position;
            how = "from the pawns and kings";
        }
    } else {
        out->white_bottom = opts->bottom == FK_BOTTOM_WHITE;
        out->bottom_confidence = 1;
        out->bottom_given = 1;
    }

    /* Readings by square (each square's best, as the network gave it), and
     * the board as read (men told apart changed). */
    fk_piece best[64];
    memcpy(best, picture, sizeof best);
    for (int k = 0; k < told_count; k++) best[told[k].cell] = told[k].was;
    float by_square[64][FK_PIECE_COUNT];
    fk_position board;
    fk_position_clear(&board);
    for (int i = 0; i < 64; i++) {
        fk_square sq = fk_cell_square(i, out->white_bottom);
        memcpy(by_square[sq], probs[i], sizeof by_square[sq]);
        /* a twin is no king, but a king read surely stays one */
        if ((twin_cells >> i & 1) && FK_PIECE_KIND(picture[i]) != FK_KING)
            by_square[sq][FK_MAKE_PIECE(FK_PIECE_COLOR(picture[i]), FK_KING)] = 0;
        fk_square_reading *rd = &out->squares[sq];
        rd->piece = best[i];
        rd->prob = probs[i][best[i]];
        int second = best[i] == 0 ? 1 : 0;
        for (int c = 0; c < FK_PIECE_COUNT; c++)
            if (c != (int)best[i] && probs[i][c] > probs[i][second]) second = c;
        rd->second = (fk_piece)second;
        rd->second_prob = probs[i][second];
        if (rd->prob < opts->threshold) out->uncertain |= FK_BIT(sq);
        if (picture[i] != FK_EMPTY) fk_position_put(&board, sq, picture[i]);
    }
    free(probs);
    if (!out->bottom_given)
        fk_scan_note(out, "%s is at the bottom (%s, %.0f%% sure; use --bottom to say)",
                     out->white_bottom ? "White" : "Black", how, 100 * out->bottom_confidence);
    /* The arrows, in one note (a board may show eight): tail to head. */
    out->arrow_count = arrow_count;
    char named[FK_ARROWS_MOST * 12 + 1] = "";
    for (int k = 0; k < arrow_count; k++) {
        fk_square tail = fk_cell_square(arrows[k].from, out->white_bottom);
        fk_square head = fk_cell_square(arrows[k].to, out->white_bottom);
        out->arrows[k].from = arrows[k].hidden ? FK_NO_SQUARE : tail;
        out->arrows[k].to = arrows[k].hidden ? FK_NO_SQUARE : head;
        char from[3], to[3];
        fk_square_name(tail, from);
        fk_square_name(head, to);
        if (!arrows[k].hidden)
            snprintf(named + strlen(named), sizeof named - strlen(named), "%s%s to %s",
                     k ? ", " : "", from, to);
    }
    if (arrow_count && arrows[0].hidden)
        fk_scan_note(out,
                     "arrows are drawn over the board in the grey of its %s squares; where they "
                     "show, the squares were read through them",
                     arrows[0].hidden == 2 ? "dark" : "light");
    else if (arrow_count)
        fk_scan_note(out, "%s drawn over the board %s read through: %s",
                     arrow_count == 1 ? "an arrow" : "arrows", arrow_count == 1 ? "was" : "were",
                     named);
    for (int k = 0; k < told_count; k++) {
        fk_square sq = fk_cell_square(told[k].cell, out->white_bottom);
        fk_piece now = picture[told[k].cell];
        char name[3], other[3];
        fk_square_name(sq, name);
        fk_square_name(fk_cell_square(told[k].other, out->white_bottom), other);
        char was_p[16], now_p[16];
        percent(told[k].was_prob, was_p);
        percent(told[k].now_prob, now_p);
        out->repaired |= FK_BIT(sq);
        const char *taken = now == FK_EMPTY ? "empty" : fk_piece_name(now);
        if (told[k].how == TOLD_INK && FK_PIECE_KIND(now) == FK_KING)
            fk_scan_note(
                out,
                "%s and %s hold the two kings and %s is drawn %s, so it was taken as %s (%s), "
                "not %s (%s)",
                name, other, name, now == FK_BK ? "darker" : "lighter", taken, now_p,
                fk_piece_name(told[k].was), was_p);
        else if (told[k].how == TOLD_INK) {
            const char *how_inked = picture[told[k].other] == now        ? "like"
                                    : FK_PIECE_COLOR(now) == FK_BLACK ? "darker than"
                                                                      : "lighter than";
            fk_scan_note(out, "%s is inked %s %s, so it was taken as %s (%s), not %s (%s)", name,
                         how_inked, other, taken, now_p, fk_piece_name(told[k].was), was_p);
        } else if (told[k].how == TOLD_TWIN)
            fk_scan_note(out,
                         "%s is drawn like %s, so it is no king: taken as %s (%s), not %s (%s)",
                         name, other, taken, now_p, fk_piece_name(told[k].was), was_p);
        else if (told[k].how == TOLD_ALONG)
            fk_scan_note(out, "%s is drawn like %s, so it was taken as %s (%s) too, not as %s (%s)",
                         name, other, taken, now_p, fk_piece_name(told[k].was), was_p);
        else if (told[k].how == TOLD_LIKE || told[k].how == TOLD_ALSO)
            fk_scan_note(
                out,
                told[k].how == TOLD_LIKE
                    ? "%s is drawn unlike the sure %ss and like %s, so it was taken as %s (%s), "
                      "not %s (%s)"
                    : "%s, on a hatched square, is drawn unlike the sure %ss as %s is, so it was "
                      "taken as %s (%s) too, not as %s (%s)",
                name, fk_piece_name(told[k].was), other, taken, now_p, fk_piece_name(told[k].was),
                was_p);
        else {
            /* A bishop may have been read on the other square colour. */
            int shown = 0;
            for (int j = 0; j < 64; j++) shown |= best[j] == now && !same_colour(j, told[k].cell);
            const char *why = "";
            if (told[k].how == TOLD_UNSEEN)
                why = !shown                          ? ", the likeliest man no square was read as"
                      : FK_BIT(sq) & FK_LIGHT_SQUARES ? ", as no light square shows one"
                                                      : ", as no dark square shows one";
            fk_scan_note(out,
                         "%s and %s were both read as %s but are drawn differently; %s (%s) was "
                         "taken as %s (%s)%s",
                         name, other, fk_piece_name(told[k].was), name, was_p, taken, now_p, why);
        }
    }
    fk_scan_repair(&board, (const float(*)[FK_PIECE_COUNT])by_square, out);
    fk_bitboard alike[64] = {0}; /* by square */
    for (int i = 0; i < 64; i++)
        for (fk_bitboard b = alike_cells_of[i]; b; b &= b - 1)
            alike[fk_cell_square(i, out->white_bottom)] |=
                FK_BIT(fk_cell_square(__builtin_ctzll(b), out->white_bottom));
    fk_bitboard inked = 0, unlike = 0;
    for (fk_bitboard b = inked_cells; b; b &= b - 1)
        inked |= FK_BIT(fk_cell_square(__builtin_ctzll(b), out->white_bottom));
    for (fk_bitboard b = unlike_cells; b; b &= b - 1)
        unlike |= FK_BIT(fk_cell_square(__builtin_ctzll(b), out->white_bottom));
    fk_scan_weigh_material(&board, alike, inked, unlike, out);
    fk_bitboard tinted = 0;
    for (fk_bitboard b = tinted_cell; b; b &= b - 1)
        tinted |= FK_BIT(fk_cell_square(__builtin_ctzll(b), out->white_bottom));
    build_fen(&board, tinted, opts, out);
    return FK_OK;
}

fk_status fk_scan_bytes(const void *data, size_t len, const fk_scan_options *opts,
                        fk_scan_result *out, fk_error *err) {
    fk_image image;
    fk_status s = fk_image_decode(data, len, &image, err);
    if (s != FK_OK) {
        memset(out, 0, sizeof *out);
        return s;
    }
    s = fk_scan_image(&image, opts, out, err);
    fk_image_free(&image);
    return s;
}
