/* Telling men apart by how they are drawn: a piece set draws every man of
 * a kind alike, so two squares read as one man but drawn unlike each
 * other hold different men, and a man drawn like a surely read one is
 * that man. Crops compared by their pixels (likeness), by their outlines
 * (shape.c) and, on hatched squares, laid over the hatching (hatch.c).
 * The scan's step between the network's readings and the repair. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tell.h"

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
 * A man whose other readings hold no right one, as in a design whose
 * bishop looks like a knight, is left to claim_unseen_kinds(). */
#define UNLIKE 0.6
#define SWAP_DOUBT 0.1f

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
 * alike, and men are not told apart by their drawing there. CLEAN is
 * high because on a printed diagram's hatched squares one colour's men
 * can still look alike while the other's look unlike. */
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

double fk_crops_alike(const drawings *d, int a, int b) {
    size_t area = (size_t)d->side * d->side;
    return likeness(d->crops + a * area, d->crops + b * area, d->side);
}

/* Pixels within GROUND_NEAR grey levels of a crop's square colour are
 * ground: fk_drawn_alike() repaints them in the other crop's. */
#define GROUND_NEAR 8

/* Writes crop into out with its ground (grey `from`) repainted `to`. */
static void repaint_ground(const uint8_t *crop, int side, int from, int to, uint8_t *out) {
    for (int i = 0; i < side * side; i++)
        out[i] = abs(crop[i] - from) <= GROUND_NEAR ? (uint8_t)to : crop[i];
}

/* spare: room for 129 crops (one to repaint into, 64 outlines, 64
 * hatched grounds); shaped: room for 64 counts; rows: for 64 * 64 rows of
 * bits. */
void fk_drawings_init(drawings *d, const uint8_t *crops, int side, uint8_t *spare, int *shaped,
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
 * would change it). An arrow elsewhere on the board does not cost the
 * other squares their outlines. */
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
 * colours). A high value can be trusted; a low one proves nothing, as
 * like men can still compare low. */
double fk_drawn_alike(const drawings *d, int a, int b) {
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
 * on either colour). This serves a design whose bishop the network reads
 * as a knight: the other colour of a bishop pair has no knight to be told
 * apart from, so f8 unlike the sure knight on b8 becomes a bishop, and c8,
 * drawn like f8, follows. Kings are left alone (a second king is the
 * position check's to name). */
#define CORE_SURE 0.98f
/* A man is claimed only while his reading's colour holds this share of
 * what the network gives men there (colour_share()): a weak reading whose
 * colour is in doubt, unlike the sure men of its own colour, may be a man
 * of the other, as on a printed diagram's hatched square. */
#define COLOUR_SURE 0.8
/* The sure man may stand on the other colour too, on a board drawn flat
 * (a flat crop on both colours, drawings.flat, PLAIN: a board drawn by a
 * program, whose squares fk_drawn_alike() repaints cleanly), when the two
 * compare under CROSS_UNLIKE by fk_drawn_alike(): a bishop read as a knight
 * on one colour, the sure knights all on the other. Higher, and like men
 * drawn a little differently on the two colours are told apart; a
 * printed diagram's hatched squares repaint badly, hence the flat board. */
#define CROSS_UNLIKE 0.55
#define DRAWN_ALIKE 0.88
#define CLAIM_FLOOR 1e-3f

#define SHAPE_UNLIKE 0.74
#define SHAPE_ALIKE 0.9
/* 1 when cell i stands on a hatched square (fk_hatch_ground()) whose
 * ground was worked out, no arrow crossing it: on a square colour not
 * drawn flat, most of whose 32 cells show hatching (the grain of a wood
 * board shows none). */
int fk_laid_of(const drawings *d, int i) {
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
    if (!fk_laid_of(d, h) || !outline_of(d, f)) return -1;
    double r = fk_hatch_composed(d->crops + h * area, d->grounds + h * area, d->crops + f * area,
                                 d->shapes + f * area, d->side);
    if (r < 0) return -1;
    double v = SHAPE_UNLIKE +
               (LAID_UNLIKE - r) * (SHAPE_ALIKE - SHAPE_UNLIKE) / (LAID_UNLIKE - LAID_ALIKE);
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* Men read at this or more vouch for their kind's outline: a little under
 * CORE_SURE, so that a design the network reads less surely still has
 * outlines to compare with; lower, and less sure readings, wrong ones
 * among them, vouch too. */
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
    if (!same_colour(a, b) && (!(cross & CROSS_SQUARES << ca) || !(cross & CROSS_SQUARES << cb)))
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
    return d->flat[fk_cell_colour(i)] ? outline_of(d, i) > 0 : fk_laid_of(d, i);
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
 * black men with one outline; CROSS_READ is below the sure bar so that a
 * design whose pawns the network reads less surely can vouch for its
 * board. The two square colours, for the men of each colour: unless men
 * read as one man on both square colours overlap under SHAPE_ALIKE in the
 * median. A man shaded in the grey of one square colour loses part of his
 * outline to the ground there, and would be told from his like men on the
 * other colour. */
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
 * a side's two bishops stand on both colours, so a bishop read as a knight
 * on f1 becomes White's second bishop beside the one read on c1. */
static fk_piece unclaimed_man(const drawings *d, int cross, const float (*probs)[FK_PIECE_COUNT],
                              const fk_piece picture[64], fk_piece piece, const int *cells, int n) {
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

/* The sure man of the reading of cell w's man that w is drawn unlike (see
 * CORE_SURE), or -1: one of his reading at CORE_SURE compared by pixels
 * (on w's square colour when that is clean, or on the other when both
 * are drawn flat), else unlike_in_outline() where outlines show. */
static int told_from(const drawings *d, int cross, const float (*probs)[FK_PIECE_COUNT],
                     const fk_piece picture[64], const int clean[2], signed char alike[64][64],
                     int w) {
    int flat = d->flat[0] && d->flat[1], outlined = d->flat[0] || d->flat[1];
    fk_piece x = picture[w];
    for (int o = 0; o < 64 && clean[fk_cell_colour(w)]; o++)
        if (o != w && picture[o] == x && probs[o][x] >= CORE_SURE &&
            (same_colour(o, w) ? !alike_cells(d->crops, d->side, alike, o, w)
                               : flat && fk_drawn_alike(d, o, w) < CROSS_UNLIKE))
            return o;
    return outlined ? unlike_in_outline(d, cross, probs, picture, w) : -1;
}

/* Gives unsure cells a kind no square shows (see CORE_SURE), after men
 * were told apart: a cell already changed, or changed here, stays.
 * Appends each change to told[] (n so far); returns the new count. */
static int claim_unseen_kinds(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                              fk_piece picture[64], const int clean[2], signed char alike[64][64],
                              told_apart told[64], int n) {
    int done[64] = {0}, outlined = d->flat[0] || d->flat[1];
    int cross = -1;
    for (int w = 0; w < 64; w++) {
        fk_piece x = picture[w];
        if (x == FK_EMPTY || FK_PIECE_KIND(x) == FK_KING || probs[w][x] >= CORE_SURE ||
            (int)x != best_class(probs[w], -1) || done[w])
            continue;
        if (colour_share(probs[w], FK_PIECE_COLOR(x)) < COLOUR_SURE) continue;
        if (cross < 0) cross = outlined ? outlines_cross(d, probs, picture) : 0;
        int sure = told_from(d, cross, probs, picture, clean, alike, w);
        if (sure < 0) continue;
        int odd[64], also[64] = {0}, m = 0;
        odd[m++] = w;
        for (int c = 0; c < 64; c++) {
            fk_piece z = picture[c];
            if (c == w || z == FK_EMPTY || probs[c][z] >= CORE_SURE || done[c] ||
                (int)z != best_class(probs[c], -1))
                continue;
            if (z == x ? fk_drawn_alike(d, c, w) >= DRAWN_ALIKE ||
                             (outlined && outlines_overlap(d, picture, cross, c, w) >= SHAPE_ALIKE)
                       : outlined && FK_PIECE_KIND(z) == FK_PIECE_KIND(x) &&
                             outlines_overlap(d, picture, cross, c, w) >= SHAPE_ALIKE)
                odd[m++] = c;
            /* Two men on hatched squares cannot be compared with each
             * other; one read as w is and with w's runner-up, unlike the
             * sure men of his reading too, goes with w. */
            else if (z == x && fk_laid_of(d, c) && fk_laid_of(d, w) &&
                     best_class(probs[c], z) == best_class(probs[w], x) &&
                     unlike_in_outline(d, cross, probs, picture, c) >= 0)
                also[m] = 1, odd[m++] = c;
        }
        /* The man w was told from, drawn like w after all (by his pixels,
         * where their outlines disagreed), would follow w into the kind
         * neither shows: the two ways of comparing them contradict each
         * other, and neither man changes. So too when a man drawn like w is
         * read as his reading surely (OUTLINE_SURE, the bar of the sure men
         * outlines are compared with) and is told from no sure man himself:
         * w is drawn like a sure man of his reading after all. Both guard a
         * heavily compressed JPEG, whose outlines can part like men. */
        int contradicted = 0;
        for (int k = 1; k < m; k++) {
            int c = odd[k];
            contradicted |= c == sure || (probs[c][picture[c]] >= OUTLINE_SURE &&
                                          told_from(d, cross, probs, picture, clean, alike, c) < 0);
        }
        if (contradicted) continue;
        fk_piece y = unclaimed_man(d, cross, probs, picture, x, odd, m);
        if (y == FK_EMPTY) continue;
        for (int k = 0; k < m; k++) {
            int c = odd[k];
            fk_piece was = picture[c], now = FK_MAKE_PIECE(FK_PIECE_COLOR(was), FK_PIECE_KIND(y));
            done[c] = 1;
            fk_told_take(told, &n, picture, probs, c, k ? w : sure,
                         !k        ? TOLD_UNSEEN
                         : also[k] ? TOLD_ALSO
                                   : TOLD_ALONG,
                         now);
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
 * man only a kind no square shows; here the kind shows, but not surely,
 * as a pawn read as a bishop beside a sure bishop and an unsure pawn.
 * One man drawn alike is enough; requiring two mends fewer boards.
 * Appends each change to told[] (as TOLD_LIKE) and returns the new count. */
#define CROWD_BELOW 0.9f
static int take_the_runner_up(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                              fk_piece picture[64], told_apart told[64], int n) {
    if (!d->flat[0] && !d->flat[1]) return n;
    int changed[64] = {0};
    for (int k = 0; k < n; k++)
        changed[told[k].cell] = 1;
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
        fk_told_take(told, &m, picture, probs, w, like, TOLD_LIKE, y);
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
 * This serves designs whose men of two kinds differ in a detail, such as
 * a queen drawn as a rook's body under a crown. Men are compared by
 * likeness_but() with the crops' corners left out, where coordinates may
 * be written. Where no pair of like men is read at SURE_PAIR on a square
 * colour, pairs read at LEVEL_PAIR set the level, or failing them the
 * other colour's level, on a board drawn flat on both colours (a design
 * the network reads unsurely throughout); not on a book board, where an
 * arrow over a light square would have its man told apart. Squares an
 * arrow crossed and hatched or grainy colours (drawings.flat) are left
 * out, and so are men on the other square colour: with the ground
 * repainted under them, like and unlike men compare too close to tell.
 * Each change is appended to told[] (as TOLD_NEXT) and anchored; returns
 * the new count. */
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
        fk_told_take(told, &n, picture, probs, w, sure, TOLD_NEXT, (fk_piece)next);
    }
    return n;
}

/* Fills picture[] with each cell's reading, telling unlike men apart (see
 * UNLIKE); each cell changes once at most. Returns how many changed, each
 * described in told[]. */
int fk_read_picture(const drawings *d, const float (*probs)[FK_PIECE_COUNT], fk_piece picture[64],
                    told_apart told[64]) {
    const uint8_t *crops = d->crops;
    int side = d->side;
    int n = 0;
    for (int i = 0; i < 64; i++)
        picture[i] = (fk_piece)best_class(probs[i], -1);
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
                if (picture[b] != picture[a] || !same_colour(a, b) || !clean[fk_cell_colour(a)] ||
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
         * the man no square shows (a bishop read as a knight beside a sure
         * knight is no knight of the other colour). Higher, and men whose
         * colour is in real doubt lose their colour's other reading. */
        if (next != FK_EMPTY && FK_PIECE_KIND(next) == FK_PIECE_KIND(picture[weakest]) &&
            probs[partner][picture[partner]] >= CORE_SURE && probs[weakest][next] < SWAP_DOUBT)
            continue;
        fk_told_take(told, &n, picture, probs, weakest, partner, TOLD_NEXT, (fk_piece)next);
    }
    n = tell_from_sure_men(d, probs, picture, tell_level, anchored, told, n);
    n = claim_unseen_kinds(d, probs, picture, clean, alike, told, n);
    n = take_the_runner_up(d, probs, picture, told, n);
    return n;
}

/* The cells whose men are drawn like another man of their colour
 * (TWIN_ALIKE or more by fk_drawn_alike()): a side has
 * one king, so none of them is its king. Only men the network gives
 * their colour's king 1e-4 or more are compared, with each other, and
 * only where a side shows no king or more than one, or a king is read
 * under TELL_BELOW, to keep the cost off ordinary boards. A cell of them
 * read as the king under TELL_BELOW takes its twin's reading (or, a twin
 * read as a king too, its likeliest other man of its colour), and the
 * repair takes none of them as a king. This serves a design whose king
 * and bishop look alike to the network. TWIN_ALIKE is near 1 because
 * some designs draw different men nearly alike; sure kings are left
 * alone, as a board of kings shows several drawn alike. */
#define TWIN_ALIKE 0.99
fk_bitboard fk_twinned_men(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                           fk_piece picture[64], told_apart told[64], int *n) {
    fk_bitboard twins = 0;
    int twin_of[64];
    /* Nothing to do where each side shows one king, surely read. */
    int kings[2] = {0, 0}, unsure = 0;
    for (int i = 0; i < 64; i++)
        if (picture[i] != FK_EMPTY && FK_PIECE_KIND(picture[i]) == FK_KING) {
            kings[FK_PIECE_COLOR(picture[i])]++;
            unsure |= probs[i][picture[i]] < TELL_BELOW;
        }
    if (kings[0] == 1 && kings[1] == 1 && !unsure) return 0;
    int cells[64], m = 0;
    for (int i = 0; i < 64; i++)
        if (picture[i] != FK_EMPTY &&
            probs[i][FK_MAKE_PIECE(FK_PIECE_COLOR(picture[i]), FK_KING)] >= 1e-4f)
            cells[m++] = i;
    for (int a = 0; a < m; a++)
        for (int b = a + 1; b < m; b++) {
            int i = cells[a], j = cells[b];
            if ((twins >> i & 1) && (twins >> j & 1)) continue;
            if (FK_PIECE_COLOR(picture[j]) != FK_PIECE_COLOR(picture[i]) ||
                fk_drawn_alike(d, i, j) < TWIN_ALIKE)
                continue;
            if (!(twins >> i & 1)) twin_of[i] = j;
            if (!(twins >> j & 1)) twin_of[j] = i;
            twins |= FK_BIT(i) | FK_BIT(j);
        }
    for (int i = 0; i < 64; i++) {
        if (!(twins >> i & 1) || FK_PIECE_KIND(picture[i]) != FK_KING ||
            probs[i][picture[i]] >= TELL_BELOW)
            continue;
        int next = FK_EMPTY, j = twin_of[i];
        if (FK_PIECE_KIND(picture[j]) != FK_KING)
            next = picture[j];
        else
            for (int c = 1; c < FK_PIECE_COUNT; c++)
                if (FK_PIECE_KIND(c) != FK_KING &&
                    FK_PIECE_COLOR(c) == FK_PIECE_COLOR(picture[i]) &&
                    (next == FK_EMPTY || probs[i][c] > probs[i][next]))
                    next = c;
        fk_told_take(told, n, picture, probs, i, j, TOLD_TWIN, (fk_piece)next);
    }
    return twins;
}

/* The cells read under FK_WEIGH_BELOW whose runner-up (the network's second
 * likeliest man) their outline rules out: a man whose kind is read at
 * OUTLINE_SURE or more on other cells, in its colour (or either, where
 * outlines_cross()), every one of those outlines overlapping the cell's
 * under SHAPE_UNLIKE. None on a board not drawn flat. The material
 * weighing gives no cell a runner-up ruled out so: it would weigh unsure
 * bishops into pawns when pawns are likelier by material. */
fk_bitboard fk_outline_vetoes(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
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
void fk_alike_men(const drawings *d, const float (*probs)[FK_PIECE_COUNT],
                  const fk_piece picture[64], fk_bitboard alike[64]) {
    memset(alike, 0, 64 * sizeof alike[0]);
    for (int i = 0; i < 64; i++) {
        if (picture[i] == FK_EMPTY || probs[i][picture[i]] >= FK_WEIGH_BELOW) continue;
        for (int j = 0; j < 64; j++) {
            if (j == i || picture[j] != picture[i]) continue;
            if (j < i && probs[j][picture[j]] < FK_WEIGH_BELOW) continue; /* compared as i */
            if (fk_drawn_alike(d, j, i) >= DRAWN_ALIKE) {
                alike[i] |= FK_BIT(j);
                alike[j] |= FK_BIT(i);
            }
        }
    }
}
