/* Which side is at the bottom of the picture, reasoned from the position:
 * pawns advance away from their own side, and kings usually stay home. */
#include <math.h>
#include <stddef.h>

#include "vision.h"

int fk_orient_guess(const fk_piece picture[64], double *confidence) {
    int men[2] = {0, 0}, kings[2] = {0, 0};
    for (int i = 0; i < 64; i++) {
        if (picture[i] == FK_EMPTY) continue;
        int c = FK_PIECE_COLOR(picture[i]);
        men[c]++;
        kings[c] += FK_PIECE_KIND(picture[i]) == FK_KING;
    }
    /* Evidence for White at the bottom, in picture rows (0 = top), starting
     * from a lean towards it: most diagrams and screens show White there.
     * A board with more men than a game has (a composed or random one)
     * says nothing about where the players sit; a side may show 17 or 18
     * when a man or two is read in the wrong colour. Neither do pawns on
     * the edge rows (impossible either way round) nor the kings of a side
     * that shows more than one. */
    double z = 1.0;
    int game = men[0] + men[1] <= 32 && men[0] <= 18 && men[1] <= 18;
    for (int i = 0; game && i < 64; i++) {
        fk_piece p = picture[i];
        if (p == FK_EMPTY) continue;
        int row = i / 8, white = FK_PIECE_COLOR(p) == FK_WHITE;
        double down = row - 3.5; /* > 0: lower half of the picture */
        double toward_own = white ? down : -down;
        switch (FK_PIECE_KIND(p)) {
        case FK_PAWN:
            if (row > 0 && row < 7) z += 0.15 * toward_own;
            break;
        case FK_KING:
            if (kings[FK_PIECE_COLOR(p)] == 1) z += 0.25 * toward_own;
            break;
        default: z += 0.03 * toward_own; break;
        }
    }
    *confidence = 1 / (1 + exp(-fabs(z)));
    return z >= 0;
}

int fk_orient_by_pawns(const fk_piece picture[64], double *confidence) {
    /* Each pawn off the edge rows leans towards his own side; a white and
     * a black pawn on one file say more: in games the white one stands
     * below the black one almost always (they block each other, and only
     * captures put them the other way round). */
    double z = 0;
    for (int file = 0; file < 8; file++) {
        int low_white = -1, high_black = 8;
        for (int row = 1; row < 7; row++) {
            fk_piece p = picture[row * 8 + file];
            if (p == FK_WP) {
                z += 0.15 * (row - 3.5);
                if (row > low_white) low_white = row;
            } else if (p == FK_BP) {
                z -= 0.15 * (row - 3.5);
                if (row < high_black) high_black = row;
            }
        }
        if (low_white >= 0 && high_black < 8) z += low_white > high_black ? 1 : -1;
    }
    *confidence = 1 / (1 + exp(-fabs(z)));
    return z >= 0;
}

/* Sum of |grey - mean| over a box of the picture: how much is drawn there;
 * -1 when a quarter of the box or more lies outside the picture (the edge
 * of a photo, not a label). */
static double ink(const fk_image *im, double x0, double y0, double x1, double y1) {
    int a = (int)x0, b = (int)x1, c = (int)y0, d = (int)y1;
    double whole = (double)(b - a) * (d - c);
    if (a < 0) a = 0;
    if (c < 0) c = 0;
    if (b > im->width) b = im->width;
    if (d > im->height) d = im->height;
    if (b - a < 2 || d - c < 2 || (double)(b - a) * (d - c) < 0.75 * whole) return -1;
    double sum = 0, dev = 0;
    for (int y = c; y < d; y++)
        for (int x = a; x < b; x++) sum += im->grey[(size_t)y * im->width + x];
    double mean = sum / ((double)(b - a) * (d - c));
    for (int y = c; y < d; y++)
        for (int x = a; x < b; x++) dev += fabs(im->grey[(size_t)y * im->width + x] - mean);
    return dev / ((double)(b - a) * (d - c));
}

/* A board whose sides lean by more than this (in radians: a degree) is
 * turned in the picture; ink_at() then samples its boxes in the board's
 * own coordinates (tilted_ink()). */
#define TILT 0.0175

/* How far the board's sides lean from the picture's axes at most (radians). */
static double tilt_of(const fk_point c[4]) {
    double most = 0;
    for (int k = 0; k < 4; k++) {
        fk_point p = c[k], q = c[(k + 1) % 4];
        double dx = fabs(q.x - p.x), dy = fabs(q.y - p.y);
        most = fmax(most, atan2(fmin(dx, dy), fmax(dx, dy)));
    }
    return most;
}

/* At most this many samples along a side of a box (tilted_ink()): a point
 * every pixel makes a large, slightly turned board in a camera's picture
 * slow to orient, and the samples read the same. */
#define INK_SAMPLES 64

/* ink() of the board box u0..u1 x v0..v1 itself, sampled a point a pixel
 * (INK_SAMPLES at most a side) through h, the mean first and then the
 * deviations from it: for a turned board, whose boxes' upright hulls take
 * in the squares beside them. -1 as ink() gives it. */
static double tilted_ink(const fk_image *im, const double h[9], double u0, double v0, double u1,
                         double v1) {
    fk_point a = fk_quad_point(h, u0, v0), b = fk_quad_point(h, u1, v0);
    fk_point d = fk_quad_point(h, u0, v1);
    double wide = ceil(hypot(b.x - a.x, b.y - a.y)), high = ceil(hypot(d.x - a.x, d.y - a.y));
    if (!(wide >= 2 && high >= 2)) return -1;
    int nu = wide < INK_SAMPLES ? (int)wide : INK_SAMPLES;
    int nv = high < INK_SAMPLES ? (int)high : INK_SAMPLES, n = 0;
    double mean = 0, dev = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int j = 0; j < nv; j++)
            for (int i = 0; i < nu; i++) {
                fk_point p = fk_quad_point(h, u0 + (u1 - u0) * (i + 0.5) / nu,
                                           v0 + (v1 - v0) * (j + 0.5) / nv);
                if (p.x < 0 || p.y < 0 || p.x > im->width || p.y > im->height) continue;
                double g = fk_grey_at(im, p.x, p.y);
                if (pass)
                    dev += fabs(g - mean);
                else
                    mean += g, n++;
            }
        if (pass == 0) {
            if (4 * (nu * nv - n) >= nu * nv) return -1;
            mean /= n;
        }
    }
    return dev / n;
}

/* ink() of the board box u0..u1 x v0..v1 (board coordinates through h:
 * squares are 1 x 1): of the picture's upright box around it, or, on a
 * board turned by more than TILT, of the box itself. On a turned board the
 * upright hull of a label's box in a square's corner takes in the square's
 * edges and its neighbours: drawn labels would be lost in their ink, or
 * read upside down, and boards without labels have their edges read as
 * labels. */
static double ink_at(const fk_image *im, const double h[9], int tilted, double u0, double v0,
                     double u1, double v1) {
    if (tilted) return tilted_ink(im, h, u0, v0, u1, v1);
    fk_point a = fk_quad_point(h, u0, v0), b = fk_quad_point(h, u1, v0);
    fk_point c = fk_quad_point(h, u1, v1), d = fk_quad_point(h, u0, v1);
    return ink(im, fmin(fmin(a.x, b.x), fmin(c.x, d.x)), fmin(fmin(a.y, b.y), fmin(c.y, d.y)),
               fmax(fmax(a.x, b.x), fmax(c.x, d.x)), fmax(fmax(a.y, b.y), fmax(c.y, d.y)));
}

/* How much ink each rank number has, "8" down to "1" (rendered labels;
 * fonts differ, but "1" and "7" are thin and "8" and "6" heavy in all the
 * common ones). White at the bottom reads it top to bottom. */
static const double digit_ink[8] = {1.00, 0.70, 0.94, 0.87, 0.88, 0.84, 0.82, 0.72};

/* Pearson correlation of x and y over the rows in use; 0 when either is flat. */
static double correlation(const double *x, const double *y, const int *use) {
    double n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    for (int r = 0; r < 8; r++) {
        if (!use[r]) continue;
        n++;
        sx += x[r], sy += y[r], sxx += x[r] * x[r], syy += y[r] * y[r], sxy += x[r] * y[r];
    }
    double vx = sxx - sx * sx / n, vy = syy - sy * sy / n;
    return vx <= 0 || vy <= 0 ? 0 : (sxy - sx * sy / n) / sqrt(vx * vy);
}

/* Which way round rank numbers run, from the ink of the labels in the rows
 * in use: 1 when it follows the digits' ink from "8" at the top clearly
 * better than from "1", 0 for the reverse, -1 when neither does. */
static int digits_order(const double v[8], const int use[8], double least, double margin) {
    double up[8], down[8];
    for (int r = 0; r < 8; r++) {
        up[r] = digit_ink[r];
        down[r] = digit_ink[7 - r];
    }
    double white = correlation(v, up, use), black = correlation(v, down, use);
    if (white > least && white - black > margin) return 1;
    if (black > least && black - white > margin) return 0;
    return -1;
}

/* Where two rows meet, labels beside the board leave the strip bare: the
 * median ink of the seven strips a sixth of a square high there is at most
 * this share of the labels' rows' own. A move list beside a page's board,
 * whose lines run closer than the rows, has move numbers level with the
 * rows that would read as rank numbers; so does a printed diagram's frame
 * line. The bar lies between labels drawn by a program and the faint or
 * framed labels of photos below it, and move lists and frame lines above. */
#define BARE_GAPS 0.85

/* Reads the labels beside the board, on its left (side 0) or right (1):
 * every row must carry one. Returns 1 (White at the bottom), 0, or -1. */
static int read_beside(const fk_image *im, const fk_board_location *where, int side) {
    double h[9];
    fk_quad_map(where->corners, h);
    int tilted = tilt_of(where->corners) > TILT;
    double a = side ? 8.04 : -0.42, b = a + 0.38;
    double v[8];
    int use[8];
    for (int r = 0; r < 8; r++) {
        v[r] = ink_at(im, h, tilted, a, r + 0.2, b, r + 0.8);
        if (v[r] <= 2) return -1;
        use[r] = 1;
    }
    /* A strip of the board itself (a grid found a little off) alternates
     * with the squares' colours; labels' ink differs far less between odd
     * and even rows. */
    double even = v[0] + v[2] + v[4] + v[6], odd = v[1] + v[3] + v[5] + v[7];
    if (fmin(even, odd) < 0.6 * fmax(even, odd)) return -1;
    /* Labels stand apart, one a row: where two rows meet, the strip is
     * bare (BARE_GAPS). */
    double gap[7], label = 0;
    for (int r = 0; r < 8; r++) label += v[r] / 8;
    for (int r = 0; r < 7; r++)
        gap[r] = ink_at(im, h, tilted, a, r + 0.92, b, r + 1.08);
    if (fk_median(gap, 7) > BARE_GAPS * label) return -1;
    return digits_order(v, use, 0.5, 0.6);
}

/* Reads the labels in the top corners of one edge file (col 0 or 7): rows
 * whose square holds a piece, or whose other top corner is as inked
 * (hatching), are left out; the rest must all carry a label. Returns 1
 * (White at the bottom), 0, or -1. */
static int read_inside(const fk_image *im, const fk_board_location *where,
                       const fk_piece picture[64], int col) {
    double h[9];
    fk_quad_map(where->corners, h);
    int tilted = tilt_of(where->corners) > TILT;
    double a = col + (col == 0 ? 0.02 : 0.7), b = a + 0.28;
    double other = col == 0 ? 0.68 : -0.68;
    double v[8];
    int use[8], rows = 0, top_end = 0, bottom_end = 0;
    for (int r = 0; r < 8; r++) {
        double top = r + 0.03, bottom = r + 0.38;
        v[r] = ink_at(im, h, tilted, a, top, b, bottom);
        use[r] = !(picture && picture[r * 8 + col] != FK_EMPTY) &&
                 ink_at(im, h, tilted, a + other, top, b + other, bottom) <= 0.7 * v[r];
        if (use[r] && v[r] <= 2) return -1; /* an empty square without a label */
        rows += use[r];
        top_end += use[r] && r <= 1;
        bottom_end += use[r] && r >= 6;
    }
    /* The digits at the ends ("1", "2", "7", "8") tell most: with only
     * one end in view, the ink must follow the digits' closely. So must
     * three rows, which are enough only with both ends in view and an end
     * row among them ("8" the heaviest digit, "1" the lightest): on a
     * printed diagram's hatched board only every other square is plain, and
     * one of those may hold a man. Without an end row, the few-pixel labels
     * of a small board can match upside down. */
    int three = rows == 3 && top_end && bottom_end && (use[0] || use[7]);
    if ((rows < 4 && !three) || (!top_end && !bottom_end)) return -1;
    return top_end && bottom_end && !three ? digits_order(v, use, 0.5, 0.6)
                                           : digits_order(v, use, 0.8, 1.0);
}

/* How high the ink of a label reaches in the box u0..u1 x v0..v1 (board
 * coordinates): the first of LETTER_ROWS sample rows, top down, whose strongest
 * difference from the box's median grey is a third of the box's strongest
 * (and at least 40 grey levels); -1 when nothing is drawn there. */
#define LETTER_ROWS 24
#define LETTER_COLS 24
static int ink_top(const fk_image *im, const double h[9], double u0, double v0, double u1,
                   double v1) {
    double g[LETTER_ROWS][LETTER_COLS], all[LETTER_ROWS * LETTER_COLS];
    int n = 0;
    for (int r = 0; r < LETTER_ROWS; r++)
        for (int c = 0; c < LETTER_COLS; c++) {
            fk_point p = fk_quad_point(h, u0 + (u1 - u0) * (c + 0.5) / LETTER_COLS,
                                       v0 + (v1 - v0) * (r + 0.5) / LETTER_ROWS);
            if (p.x < 0 || p.y < 0 || p.x > im->width - 1 || p.y > im->height - 1) return -1;
            all[n++] = g[r][c] = fk_grey_at(im, p.x, p.y);
        }
    /* The median by counting: the box is mostly background. */
    double lo = 0, hi = 255;
    for (int step = 0; step < 12; step++) {
        double mid = (lo + hi) / 2;
        int below = 0;
        for (int i = 0; i < n; i++) below += all[i] < mid;
        if (below * 2 < n)
            lo = mid;
        else
            hi = mid;
    }
    double bg = (lo + hi) / 2, most = 0, row_most[LETTER_ROWS];
    for (int r = 0; r < LETTER_ROWS; r++) {
        row_most[r] = 0;
        for (int c = 0; c < LETTER_COLS; c++) row_most[r] = fmax(row_most[r], fabs(g[r][c] - bg));
        most = fmax(most, row_most[r]);
    }
    if (most < 40) return -1;
    for (int r = 0; r < LETTER_ROWS; r++)
        if (row_most[r] >= most / 3) return r;
    return -1;
}

/* Reads the file letters along the bottom edge: in the bottom row's empty
 * squares, below their top half (inside = 1, which needs the classified
 * board: a man would pass for a letter), or below the board. Lower-case
 * b, d, f and h rise above a, c, e and g, so with White at the bottom the
 * letters of columns 1, 3, 5, 7 reach higher, with Black at the bottom
 * those of columns 0, 2, 4, 6: every letter of one parity must reach
 * higher than every letter of the other, by two sample rows at least (a
 * twelfth of the box). Capitals, digits or a lone label decide nothing; nor
 * do squares whose top half is not flat (hatching, a highlight's edge).
 * Returns 1 (White at the bottom), 0, or -1. */
static int read_letters(const fk_image *im, const fk_board_location *where,
                        const fk_piece picture[64], int inside) {
    if (inside && !picture) return -1;
    double h[9];
    fk_quad_map(where->corners, h);
    int tilted = tilt_of(where->corners) > TILT;
    int top_min[2] = {LETTER_ROWS, LETTER_ROWS}, top_max[2] = {-1, -1}, used[2] = {0, 0};
    for (int c = 0; c < 8; c++) {
        double v0 = inside ? 7.5 : 8.02, v1 = inside ? 7.98 : 8.5;
        if (inside &&
            (picture[56 + c] != FK_EMPTY || ink_at(im, h, tilted, c + 0.1, 7.1, c + 0.9, 7.45) > 3))
            continue;
        int top = ink_top(im, h, c + 0.02, v0, c + 0.98, v1);
        if (top < 0) {
            if (inside) continue; /* an empty square without a letter */
            return -1;            /* below the board every column has one */
        }
        int k = c & 1;
        used[k]++;
        top_min[k] = top < top_min[k] ? top : top_min[k];
        top_max[k] = top > top_max[k] ? top : top_max[k];
    }
    if (used[0] < 2 || used[1] < 2) return -1;
    if (top_max[1] + 1 < top_min[0]) return 1; /* odd columns higher: b, d, f, h */
    if (top_max[0] + 1 < top_min[1]) return 0;
    return -1;
}

int fk_orient_from_labels(const fk_image *im, const fk_board_location *where,
                          const fk_piece picture[64], double *confidence) {
    int votes = 0, sites_used = 0;
    for (int site = 0; site < 6; site++) {
        int got = site < 2   ? read_beside(im, where, site)
                  : site < 4 ? read_inside(im, where, picture, site == 2 ? 0 : 7)
                             : read_letters(im, where, picture, site == 4);
        if (got < 0) continue;
        votes += got ? 1 : -1;
        sites_used++;
    }
    if (sites_used == 0 || votes == 0) return -1;
    *confidence = 0.97;
    return votes > 0;
}
