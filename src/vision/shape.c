/* A man's outline, whatever its colours: the pixels of a crop that the
 * square's bare ground does not reach from the crop's edge. A piece set
 * usually draws the white and the black man of a kind with one outline
 * (the black one filled), and a man's outline is the same on a light and
 * on a dark square, so outlines compare men across both colours where
 * grey levels cannot. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "vision.h"

/* Grey levels from the square's own within which a pixel is bare ground.
 * A board drawn by a program has one grey a square colour; a man's
 * smoothed edge lies further off. At 12 the mid-grey shading of some
 * white men leaks into the ground; at 3 the outlines of like men on the
 * two colours part a little more. */
#define SHAPE_NEAR 6

/* An outline filling SHAPE_FILL of its crop (in percent) or more is no
 * man's (fk_crop_shape()): the ground leaked nowhere. A screenshot turned
 * and straightened blurs its squares' edges into their outer rings, and
 * its empty light squares then show large outlines made of the square's
 * own grey a few levels off; a higher bar keeps those as outlines, and
 * men compared with them are told apart wrongly.
 * A broad man's outline is his ink and fill (a design whose bishop fills
 * most of its square): up to SHAPE_BROAD of the crop, an outline is kept
 * when under FAINT_SHARE of its pixels lie within FAINT_NEAR grey levels
 * of the ground, which such an empty square's outline is nearly all of. */
#define SHAPE_FILL 60
#define SHAPE_BROAD 70
#define FAINT_NEAR 16
#define FAINT_SHARE 25

/* More separate parts than this: grain or hatching, not a man. */
#define SHAPE_PARTS 32

/* One connected part of what the ground leaves. */
typedef struct {
    int start, count;
    int x0, y0, x1, y1; /* its bounding box, inclusive */
} part;

/* Marks in mark[] (with `value`) the cells reachable from start over the
 * cells `open` allows and mark[] has not marked yet, through 4 (ring 4) or
 * 8 neighbours; fills *p with their count and box. stack has room for
 * side * side cells. */
static void grow(const uint8_t *open, uint8_t *mark, uint8_t value, int side, int start, int ring,
                 int *stack, part *p) {
    static const int dy[8] = {-1, 1, 0, 0, -1, -1, 1, 1}, dx[8] = {0, 0, -1, 1, -1, 1, -1, 1};
    int top = 0;
    *p = (part){.start = start, .x0 = side, .y0 = side, .x1 = -1, .y1 = -1};
    mark[start] = value;
    stack[top++] = start;
    while (top) {
        int at = stack[--top], y = at / side, x = at % side;
        p->count++;
        p->x0 = x < p->x0 ? x : p->x0;
        p->x1 = x > p->x1 ? x : p->x1;
        p->y0 = y < p->y0 ? y : p->y0;
        p->y1 = y > p->y1 ? y : p->y1;
        for (int k = 0; k < ring; k++) {
            int yy = y + dy[k], xx = x + dx[k];
            if (yy < 0 || xx < 0 || yy >= side || xx >= side) continue;
            int next = yy * side + xx;
            if (open[next] && !mark[next]) {
                mark[next] = value;
                stack[top++] = next;
            }
        }
    }
}

/* 1 when a part lies within a corner of the crop (two fifths of the side
 * each way), where coordinate labels are drawn inside a board. */
static int in_corner(const part *p, int side) {
    int reach = side * 2 / 5;
    int left = p->x1 < reach, right = p->x0 >= side - reach;
    int top = p->y1 < reach, bottom = p->y0 >= side - reach;
    return (left || right) && (top || bottom);
}

/* A fitted ground (fk_crops_shapes()) is fitted to the pixels INNER and
 * INNER + 1 in from a crop's edge, those within FIT_NEAR grey levels of
 * their median: a small board scaled up takes the next square's grey into
 * the outer two, and a man reaching into the ring stays out of the fit. */
#define INNER 2
#define FIT_NEAR 12

/* Whether pixel (x, y) of a side x side crop lies from `lo` to `hi`
 * pixels in from its nearest edge. */
static int in_ring(int x, int y, int side, int lo, int hi) {
    int in = x < y ? x : y;
    in = side - 1 - x < in ? side - 1 - x : in;
    in = side - 1 - y < in ? side - 1 - y : in;
    return in >= lo && in <= hi;
}

int fk_crop_ring_median(const uint8_t *crop, int side, int lo, int hi) {
    int count[256] = {0}, n = 0;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++)
            if (in_ring(x, y, side, lo, hi)) count[crop[y * side + x]]++, n++;
    int g = 0, seen = count[0];
    while (g < 255 && seen * 2 < n)
        seen += count[++g];
    return g;
}

int fk_crop_ground(const uint8_t *crop, int side) { return fk_crop_ring_median(crop, side, 0, 1); }

/* Fits the ground of a crop as a plane to its ring INNER to INNER + 1
 * pixels in from the edge: sets *g (its grey at the crop's centre) and
 * slope (grey levels a pixel rightward and downward); 0 when it cannot. */
static int inner_ground(const uint8_t *crop, int side, int *g, double slope[2]) {
    if (side < 4 * (INNER + 2)) return 0;
    int median = fk_crop_ring_median(crop, side, INNER, INNER + 1);
    double a[9] = {0}, b[3] = {0}, mid = (side - 1) / 2.0;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            int v = crop[y * side + x];
            if (!in_ring(x, y, side, INNER, INNER + 1) || abs(v - median) > FIT_NEAR) continue;
            double f[3] = {1, x - mid, y - mid};
            for (int r = 0; r < 3; r++) {
                b[r] += f[r] * v;
                for (int c = 0; c < 3; c++)
                    a[r * 3 + c] += f[r] * f[c];
            }
        }
    if (!fk_solve_linear(a, b, 3)) return 0;
    *g = (int)lround(b[0]);
    slope[0] = b[1];
    slope[1] = b[2];
    return 1;
}

/* The outline against a ground of grey g + slope[0] * x + slope[1] * y
 * (x and y from the crop's centre), flooded from the pixels `inner` or
 * fewer in from the crop's edge; a pixel further out counts as ground
 * where the one inward of it does. Its pixel count, 0 where no man's
 * outline shows. near and stack: scratch of 2 * side * side bytes and of
 * side * side ints. */
static int outline_against(const uint8_t *crop, int side, int g, const double slope[2], int inner,
                           uint8_t *near, int *stack, uint8_t *shape) {
    int area = side * side;
    memset(shape, 0, (size_t)area);
    uint8_t *ground = near + area;
    part p;
    double mid = (side - 1) / 2.0;
    for (int i = 0; i < area; i++) {
        double at = g + slope[0] * (i % side - mid) + slope[1] * (i / side - mid);
        near[i] = fabs(crop[i] - at) <= SHAPE_NEAR;
    }
    memset(ground, 0, (size_t)area);
    for (int i = 0; i < area; i++) {
        int y = i / side, x = i % side;
        int edge = y <= inner || x <= inner || y >= side - 1 - inner || x >= side - 1 - inner;
        if (edge && near[i] && !ground[i]) grow(near, ground, 1, side, i, 4, stack, &p);
    }
    for (int ring = inner - 1; ring >= 0; ring--)
        for (int i = 0; i < side; i++) {
            int at[4] = {ring * side + i, i * side + ring, i * side + side - 1 - ring,
                         (side - 1 - ring) * side + i};
            int in[4] = {at[0] + side, at[1] + 1, at[2] - 1, at[3] - side};
            for (int k = 0; k < 4; k++)
                if (!ground[at[k]] && ground[in[k]]) ground[at[k]] = 1;
        }
    /* What the ground leaves is the man, and maybe a coordinate label or a
     * speck: its parts (8 neighbours) of a sixth of the largest's pixels
     * or more are kept, but for small ones in a corner. Some sets draw a
     * man in parts with bare ground between them (a rook drawn as
     * battlements, body and base). */
    for (int i = 0; i < area; i++)
        near[i] = !ground[i];
    part parts[SHAPE_PARTS];
    int n = 0, most = 0;
    for (int i = 0; i < area && n < SHAPE_PARTS; i++) {
        if (!near[i] || shape[i]) continue;
        grow(near, shape, 1, side, i, 8, stack, &parts[n]);
        most = parts[n].count > most ? parts[n].count : most;
        n++;
    }
    int total = 0, busy = n == SHAPE_PARTS;
    memset(shape, 0, (size_t)area);
    for (int k = 0; k < n && !busy; k++) {
        if (parts[k].count * 6 < most || (parts[k].count < most && in_corner(&parts[k], side)))
            continue;
        grow(near, shape, 1, side, parts[k].start, 8, stack, &p);
        total += p.count;
    }
    /* An outline that fills SHAPE_FILL of the crop (but for a broad man's)
     * or runs along its edge is not a man's: the ground leaked nowhere (a
     * tiny board's man touching its square's sides, a tile drawn behind
     * the man). A man's foot may stand on the bottom edge: sets drawn from
     * a font fill their square's height. The foot may take up to nine tenths
     * of the bottom row, not three quarters, for a man standing on a base as
     * wide as his square. */
    int full = total * 100 >= area * SHAPE_FILL;
    if (full && total * 100 < area * SHAPE_BROAD) { /* a broad man, unless faint */
        int faint = 0;
        for (int i = 0; i < area; i++)
            faint += shape[i] && abs(crop[i] - g) <= FAINT_NEAR;
        full = faint * 100 >= total * FAINT_SHARE;
    }
    int border = 0, base = 0;
    for (int i = 0; i < side; i++) {
        border += shape[i] + shape[i * side] + shape[i * side + side - 1];
        base += shape[(side - 1) * side + i];
    }
    if (busy || full || border * 4 >= side || base * 10 >= side * 9 || total * 16 < area)
        return 0;
    return total;
}

/* The outline against the crop's plain ground (fk_crop_ground(), flooded
 * from its edge), or against a fitted one (inner_ground()); near and
 * stack as outline_against() takes them. */
static int crop_shape(const uint8_t *crop, int side, int fitted, uint8_t *near, int *stack,
                      uint8_t *shape) {
    int g = fk_crop_ground(crop, side);
    double slope[2] = {0, 0};
    if (fitted && !inner_ground(crop, side, &g, slope)) {
        memset(shape, 0, (size_t)side * side);
        return 0;
    }
    return outline_against(crop, side, g, slope, fitted ? INNER : 0, near, stack, shape);
}

int fk_crop_shape(const uint8_t *crop, int side, uint8_t *shape) {
    size_t area = (size_t)side * side;
    uint8_t *near = malloc(area * 2);
    int *stack = malloc(sizeof(int) * area);
    int total = near && stack ? crop_shape(crop, side, 0, near, stack, shape) : 0;
    if (!near || !stack) memset(shape, 0, area);
    free(near);
    free(stack);
    return total;
}

/* The fitted ground is taken for a board when its outlines show on at
 * least FITTED_MORE times as many cells as the plain ground's. A small
 * board scaled up to the crops' size blurs its squares' edges into their
 * outer pixels, and the plain ground, the median of those, then floods
 * nowhere. It is taken for the whole board or not at all: a man's outline
 * found the one way compares badly with another's found the other way. */
#define FITTED_MORE 4

int fk_crops_shapes(const uint8_t *crops, int side, uint64_t skip, uint8_t *shapes, int shown[64]) {
    size_t area = (size_t)side * side;
    uint8_t *near = malloc(area * 2), *fitted = calloc(64, area); /* skipped cells stay 0 */
    int *stack = malloc(sizeof(int) * area), found[64] = {0}, plain = 0, more = 0;
    memset(shapes, 0, 64 * area);
    memset(shown, 0, 64 * sizeof shown[0]);
    if (!near || !fitted || !stack) {
        free(near);
        free(fitted);
        free(stack);
        return 0;
    }
    for (int i = 0; i < 64; i++) {
        if (skip >> i & 1) continue;
        shown[i] = crop_shape(crops + i * area, side, 0, near, stack, shapes + i * area);
        found[i] = crop_shape(crops + i * area, side, 1, near, stack, fitted + i * area);
        plain += shown[i] > 0;
        more += found[i] > 0;
    }
    int take = more > 0 && more >= FITTED_MORE * plain;
    if (take) {
        memcpy(shapes, fitted, 64 * area);
        memcpy(shown, found, sizeof found);
    }
    free(near);
    free(fitted);
    free(stack);
    return take;
}

void fk_shape_rows(const uint8_t *shape, int side, uint64_t *rows) {
    for (int y = 0; y < side; y++) {
        uint64_t r = 0;
        for (int x = 0; x < side; x++)
            r |= (uint64_t)(shape[y * side + x] != 0) << x;
        rows[y] = r;
    }
}

double fk_rows_overlap(const uint64_t *ra, const uint64_t *rb, int side) {
    uint64_t mask = side < 64 ? (UINT64_C(1) << side) - 1 : ~UINT64_C(0);
    double best = 0;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) {
            int both = 0, either = 0;
            for (int y = 0; y < side; y++) {
                int yy = y + dy;
                /* b's pixel (x + dx, y + dy) against a's (x, y) */
                uint64_t v = yy >= 0 && yy < side ? (dx >= 0 ? rb[yy] >> dx : rb[yy] << -dx) : 0;
                v &= mask;
                both += __builtin_popcountll(ra[y] & v);
                either += __builtin_popcountll(ra[y] | v);
            }
            double share = either ? (double)both / either : 0;
            if (share > best) best = share;
        }
    return best;
}

double fk_shapes_overlap(const uint8_t *a, const uint8_t *b, int side) {
    if (side <= 64) {
        uint64_t ra[64], rb[64];
        fk_shape_rows(a, side, ra);
        fk_shape_rows(b, side, rb);
        return fk_rows_overlap(ra, rb, side);
    }
    double best = 0;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) {
            int both = 0, either = 0;
            for (int y = 0; y < side; y++)
                for (int x = 0; x < side; x++) {
                    int yy = y + dy, xx = x + dx;
                    int u = a[y * side + x];
                    int v = yy >= 0 && xx >= 0 && yy < side && xx < side && b[yy * side + xx];
                    both += u && v;
                    either += u || v;
                }
            double share = either ? (double)both / either : 0;
            if (share > best) best = share;
        }
    return best;
}
