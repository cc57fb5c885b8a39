/* Cutting a located board into 64 square crops. Each crop pixel is the
 * average of the picture over its footprint (training/common.py's
 * cut_board does the same, so the network sees what it was trained on). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vision.h"

typedef struct {
    int first, count; /* source pixels first .. first+count-1 */
    double w[64];
} taps;

/* The weights of output cell j of n over [a, b) of a source of len pixels:
 * a box one output cell wide (at least one source pixel), edges clamped. */
static void cell_taps(int len, double a, double b, int n, int j, taps *t) {
    double step = (b - a) / n, half = fmax(step, 1.0) / 2, c = a + (j + 0.5) * step;
    double lo = c - half, hi = c + half;
    int i0 = (int)floor(lo), i1 = (int)ceil(hi);
    if (i1 - i0 > 64) i1 = i0 + 64; /* boards over 64 * 8 * side pixels are averaged coarser */
    int first = i0 < 0 ? 0 : i0 > len - 1 ? len - 1 : i0;
    int last = i1 - 1 < 0 ? 0 : i1 - 1 > len - 1 ? len - 1 : i1 - 1;
    t->first = first;
    t->count = last - first + 1;
    memset(t->w, 0, sizeof(double) * (size_t)t->count);
    for (int i = i0; i < i1; i++) {
        double overlap = fmin(hi, i + 1.0) - fmax(lo, (double)i);
        if (overlap <= 0) continue;
        int k = (i < 0 ? 0 : i > len - 1 ? len - 1 : i) - first;
        t->w[k] += overlap / (hi - lo);
    }
}

/* A board seen at a slant (corners not upright): each crop pixel is the
 * mean of s x s points spread evenly over its footprint, s about as many as
 * the picture has pixels across one crop pixel, each point read between
 * its four nearest picture pixels. */
static void cut_slanted(const fk_image *image, const fk_board_location *where, int side,
                        uint8_t *crops) {
    const fk_point *c = where->corners;
    double h[9], longest = 0;
    fk_quad_map(c, h);
    for (int i = 0; i < 4; i++)
        longest = fmax(longest, hypot(c[(i + 1) % 4].x - c[i].x, c[(i + 1) % 4].y - c[i].y));
    int s = (int)ceil(longest / 8 / side), n = 8 * side;
    s = s < 1 ? 1 : s > 8 ? 8 : s;
    for (int v = 0; v < n; v++)
        for (int u = 0; u < n; u++) {
            double sum = 0;
            for (int a = 0; a < s; a++)
                for (int b = 0; b < s; b++) {
                    fk_point p = fk_quad_point(h, (u + (b + 0.5) / s) / side, (v + (a + 0.5) / s) / side);
                    sum += fk_grey_at(image, p.x, p.y);
                }
            int val = (int)floor(sum / (s * s) + 0.5);
            int sq = (v / side) * 8 + u / side;
            crops[(size_t)sq * side * side + (size_t)(v % side) * side + u % side] =
                (uint8_t)(val < 0 ? 0 : val > 255 ? 255 : val);
        }
}

fk_status fk_board_cut(const fk_image *image, const fk_board_location *where, int side,
                       uint8_t *crops) {
    const fk_point *c = where->corners;
    if (!fk_quad_is_upright(c)) {
        cut_slanted(image, where, side, crops);
        return FK_OK;
    }
    double x0 = (c[0].x + c[3].x) / 2, x1 = (c[1].x + c[2].x) / 2;
    double y0 = (c[0].y + c[1].y) / 2, y1 = (c[2].y + c[3].y) / 2;
    int n = 8 * side, W = image->width, H = image->height;
    taps *tx = malloc(sizeof(taps) * (size_t)n), *ty = malloc(sizeof(taps) * (size_t)n);
    double *rows = NULL;
    if (!tx || !ty) goto nomem;
    for (int j = 0; j < n; j++) {
        cell_taps(W, x0, x1, n, j, &tx[j]);
        cell_taps(H, y0, y1, n, j, &ty[j]);
    }
    /* Each source row the board needs is averaged across (the horizontal
     * pass) once, into a ring of as many rows as one output row takes,
     * where it stays while output rows below still need it: rows come in
     * order, and a buffer of every row took megabytes (fresh pages). */
    int ring = 1;
    for (int v = 0; v < n; v++)
        if (ty[v].count > ring) ring = ty[v].count;
    rows = malloc(sizeof(double) * (size_t)ring * n);
    if (!rows) goto nomem;
    int done = ty[0].first; /* source rows before this one are in the ring */
    for (int v = 0; v < n; v++) {
        for (; done < ty[v].first + ty[v].count; done++) {
            const uint8_t *src = image->grey + (size_t)done * W;
            double *dst = rows + (size_t)(done % ring) * n;
            for (int u = 0; u < n; u++) {
                double s = 0;
                for (int k = 0; k < tx[u].count; k++) s += tx[u].w[k] * src[tx[u].first + k];
                dst[u] = s;
            }
        }
        for (int u = 0; u < n; u++) {
            double s = 0;
            for (int k = 0; k < ty[v].count; k++)
                s += ty[v].w[k] * rows[(size_t)((ty[v].first + k) % ring) * n + u];
            int val = (int)floor(s + 0.5);
            int sq = (v / side) * 8 + u / side;
            crops[(size_t)sq * side * side + (size_t)(v % side) * side + u % side] =
                (uint8_t)(val < 0 ? 0 : val > 255 ? 255 : val);
        }
    }
    free(tx);
    free(ty);
    free(rows);
    return FK_OK;
nomem:
    free(tx);
    free(ty);
    free(rows);
    return FK_ERR_NOMEM;
}
