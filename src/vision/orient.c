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
     * A side with more than 16 men (a composed or random board) says
     * nothing about where the players sit, and
     * neither do pawns on the edge rows (impossible either way round) nor
     * the kings of a side that shows more than one. */
    double z = 1.0;
    int game = men[0] <= 16 && men[1] <= 16;
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

/* Sum of |grey - mean| over a box of the picture: how much is drawn there. */
static double ink(const fk_image *im, double x0, double y0, double x1, double y1) {
    int a = (int)x0, b = (int)x1, c = (int)y0, d = (int)y1;
    if (a < 0) a = 0;
    if (c < 0) c = 0;
    if (b > im->width) b = im->width;
    if (d > im->height) d = im->height;
    if (b - a < 2 || d - c < 2) return -1;
    double sum = 0, dev = 0;
    for (int y = c; y < d; y++)
        for (int x = a; x < b; x++) sum += im->grey[(size_t)y * im->width + x];
    double mean = sum / ((double)(b - a) * (d - c));
    for (int y = c; y < d; y++)
        for (int x = a; x < b; x++) dev += fabs(im->grey[(size_t)y * im->width + x] - mean);
    return dev / ((double)(b - a) * (d - c));
}

int fk_orient_from_labels(const fk_image *im, const fk_board_location *where, double *confidence) {
    const fk_point *c = where->corners;
    double x0 = c[0].x, y0 = c[0].y, p = (c[1].x - c[0].x) / 8, q = (c[3].y - c[0].y) / 8;
    /* Where rank numbers are drawn: outside left and right of the board, and
     * inside the corners of the edge files. */
    const double sites[4][2] = {{-0.42, -0.04}, {8.04, 8.42}, {0.02, 0.3}, {7.7, 7.98}};
    int votes = 0, sites_used = 0;
    for (int s = 0; s < 4; s++) {
        double v[8];
        int ok = 1, textured = 0;
        for (int r = 0; r < 8 && ok; r++) {
            double top = s >= 2 ? 0.03 : 0.2, bottom = s >= 2 ? 0.38 : 0.8;
            double a = x0 + sites[s][0] * p, b = x0 + sites[s][1] * p;
            v[r] = ink(im, a, y0 + (r + top) * q, b, y0 + (r + bottom) * q);
            ok = v[r] > 2; /* a label in every row */
            /* Inside a square a label is a mark in one top corner, where
             * pieces seldom reach; hatching fills the other corner too. */
            double other = s == 2 ? 0.68 : -0.68;
            if (s >= 2)
                textured += ink(im, a + other * p, y0 + (r + top) * q, b + other * p,
                                y0 + (r + bottom) * q) > 0.7 * v[r];
        }
        if (!ok || textured >= 4) continue;
        /* "8" has far more ink than "1", and "2" more than "7": with White
         * at the bottom, 8 is on top and 1 below, 7 on the second row and 2
         * on the seventh. */
        int a = v[0] > 1.3 * v[7] ? 1 : v[7] > 1.3 * v[0] ? -1 : 0;
        int b = v[6] > 1.15 * v[1] ? 1 : v[1] > 1.15 * v[6] ? -1 : 0;
        if (a != 0 && a == b) {
            votes += a;
            sites_used++;
        }
    }
    if (sites_used == 0 || votes == 0) return -1;
    *confidence = 0.97;
    return votes > 0;
}
