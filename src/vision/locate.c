/* Finding the board in a picture. Squares of a digital board are flat
 * patches of one colour, all the same size, on a lattice: the locator
 * labels flat patches, keeps the square ones, finds the largest lattice of
 * equal squares that fills an 8 x 8 window, then fits the grid lines to
 * sub-pixel accuracy from gradient projections and checks that the light
 * and dark squares alternate. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "libs.h"
#include "vision.h"

enum { WORK_SIDE = 1000, MAX_SEEDS = 4096, MIN_SQUARE = 10 };

/* Two windows a square apart whose scores differ by less than
 * FRAME_MARGIN are told apart by their outer lines, when one's step
 * FRAME_RATIO times as sharply as the other's (see search()). */
#define FRAME_MARGIN 0.1
#define FRAME_RATIO 1.5

typedef struct {
    int minx, miny, maxx, maxy, count;
} patch;

typedef struct {
    double cx, cy, size; /* size: the mean of width and height */
    double sx, sy;       /* width and height */
} square_patch;

/* Root of i in the union-find forest, halving paths as it goes. */
static int find_root(int *parent, int i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

static void unite(int *parent, int a, int b) {
    a = find_root(parent, a);
    b = find_root(parent, b);
    if (a != b) parent[a < b ? b : a] = a < b ? a : b;
}

/* A long, narrow picture (a page captured scrolling, a strip of a wide
 * screen) shrunk by its long side alone can leave a board too small to
 * see. Where the shorter side would come under NARROW_SIDE, it is shrunk
 * to WORK_SHORT instead (or not at all), as long as the work picture stays
 * within WORK_AREA pixels. */
#define NARROW_SIDE 200
#define WORK_SHORT 400
#define WORK_AREA 4e6

/* The picture shrunk by an integer factor (box average) so that its long
 * side is about work_side at most (but see NARROW_SIDE); *factor receives
 * the factor. Rows are summed into a line of column sums first, so each
 * pixel is read once, in order. */
static uint8_t *shrink(const fk_image *im, int work_side, int *factor, int *w, int *h) {
    int longest = im->width > im->height ? im->width : im->height;
    int shortest = im->width < im->height ? im->width : im->height;
    int f = (longest + work_side - 1) / work_side;
    if (f > 1 && shortest / f < NARROW_SIDE) {
        int crowded = (int)ceil(sqrt((double)im->width * im->height / WORK_AREA));
        f = shortest / WORK_SHORT > crowded ? shortest / WORK_SHORT : crowded;
    }
    if (f < 1) f = 1;
    *factor = f;
    *w = im->width / f;
    *h = im->height / f;
    if (*w < 8 || *h < 8) return NULL;
    uint8_t *out = malloc((size_t)*w * *h);
    int *cols = malloc(sizeof(int) * (size_t)*w * f);
    if (!out || !cols) {
        free(out);
        free(cols);
        return NULL;
    }
    int used = *w * f, area = f * f;
    if (f == 1) memcpy(out, im->grey, (size_t)*w * *h);
    for (int y = 0; f > 1 && y < *h; y++) {
        const uint8_t *src = im->grey + (size_t)y * f * im->width;
        for (int x = 0; x < used; x++)
            cols[x] = src[x];
        for (int dy = 1; dy < f; dy++) {
            src += im->width;
            for (int x = 0; x < used; x++)
                cols[x] += src[x];
        }
        uint8_t *dst = out + (size_t)y * *w;
        if (f == 2) { /* the common case (full HD), without a division */
            for (int x = 0; x < *w; x++)
                dst[x] = (uint8_t)((cols[2 * x] + cols[2 * x + 1]) >> 2);
            continue;
        }
        for (int x = 0; x < *w; x++) {
            int sum = 0;
            for (int dx = 0; dx < f; dx++)
                sum += cols[x * f + dx];
            dst[x] = (uint8_t)(sum / area);
        }
    }
    free(cols);
    return out;
}

/* A run of flat pixels along one row: x0..x1 on row y. */
typedef struct {
    int x0, x1, y;
} run;

/* Labels flat patches (neighbours within `flat` grey levels) and returns the
 * ones shaped like a board square, with their centres and sizes (plus grow,
 * the width a blur took off their edges). Each row is cut into runs of
 * flat neighbours first, and the union-find joins runs, not pixels: board
 * squares are long runs, so there are few. Patches are numbered by their
 * first pixel in reading order. */
static int square_patches(const uint8_t *g, int w, int h, int flat, int grow, int stretch,
                          square_patch **out) {
    int n = w * h, found = 0, runs = 0;
    int *parent = malloc(sizeof(int) * (size_t)n), *row_run = malloc(sizeof(int) * 2 * (size_t)w);
    run *rs = malloc(sizeof(run) * (size_t)n);
    patch *patches = NULL;
    *out = NULL;
    if (!parent || !row_run || !rs) goto nomem;
    for (int y = 0; y < h; y++) {
        const uint8_t *row = g + (size_t)y * w;
        int *here = row_run + (y & 1) * w, *above = row_run + ((y + 1) & 1) * w;
        for (int x = 0; x < w; x++) {
            if (x == 0 || abs(row[x] - row[x - 1]) > flat) {
                parent[runs] = runs;
                rs[runs++] = (run){x, x, y};
            }
            rs[runs - 1].x1 = x;
            here[x] = runs - 1;
        }
        if (y == 0) continue;
        /* Join each run to the runs above it that it touches through a flat
         * vertical step; consecutive pixels mostly repeat the same pair. */
        const uint8_t *up = row - w;
        int last_a = -1, last_b = -1;
        for (int x = 0; x < w; x++) {
            if (abs(row[x] - up[x]) > flat) continue;
            int a = above[x], b = here[x];
            if (a == last_a && b == last_b) continue;
            unite(parent, a, b);
            last_a = a;
            last_b = b;
        }
    }
    /* Roots become patch numbers; a root is its patch's first run. */
    int count = 0;
    for (int r = 0; r < runs; r++)
        parent[r] = find_root(parent, r);
    for (int r = 0; r < runs; r++)
        parent[r] = parent[r] == r ? -(++count) : parent[parent[r]];
    patches = calloc((size_t)count, sizeof *patches);
    *out = malloc(sizeof **out * (size_t)(count < MAX_SEEDS ? count : MAX_SEEDS) + 1);
    if (!patches || !*out) goto nomem;
    for (int k = 0; k < count; k++) {
        patches[k].minx = patches[k].miny = 1 << 30;
        patches[k].maxx = patches[k].maxy = -1;
    }
    for (int r = 0; r < runs; r++) {
        patch *p = &patches[-parent[r] - 1];
        const run *q = &rs[r];
        if (q->x0 < p->minx) p->minx = q->x0;
        if (q->x1 > p->maxx) p->maxx = q->x1;
        if (q->y < p->miny) p->miny = q->y;
        if (q->y > p->maxy) p->maxy = q->y;
        p->count += q->x1 - q->x0 + 1;
    }
    int limit = (w < h ? w : h) / 7;
    for (int k = 0; k < count && found < MAX_SEEDS; k++) {
        const patch *p = &patches[k];
        int bw = p->maxx - p->minx + 1, bh = p->maxy - p->miny + 1;
        int big = bw > bh ? bw : bh;
        if (bw < 5 || bh < 5 || big > limit) continue;
        /* Squares; with stretch, rectangles up to 1.7:1 too (a board
         * drawn or photographed out of shape). */
        if (stretch ? big > 1.7 * (bw < bh ? bw : bh) + 1 : abs(bw - bh) > 1 + big / 10) continue;
        if (p->count < 0.2 * bw * bh) continue;
        double size = (bw + bh) / 2.0 + grow;
        (*out)[found++] = (square_patch){(p->minx + p->maxx + 1) / 2.0,
                                         (p->miny + p->maxy + 1) / 2.0, size,
                                         stretch ? bw + grow : size, stretch ? bh + grow : size};
    }
    free(parent);
    free(row_run);
    free(rs);
    free(patches);
    return found;
nomem:
    free(parent);
    free(row_run);
    free(rs);
    free(patches);
    free(*out);
    *out = NULL;
    return -1;
}

/* A lattice hypothesis: square pitch and the centre of its (0,0) square. */
typedef struct {
    double x0, y0, px, py; /* top left corner of the 8 x 8 window, pitches */
    int members;
    int wide; /* found on the blurred picture: fit lines to steps, not thin lines */
    int scoring; /* how checker_of() reads its squares: SCORE_MOST, SCORE_LEVEL */
} lattice;

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Whether patch b has a's shape: width and height alike. */
static int same_shape(const square_patch *a, const square_patch *b) {
    return fabs(a->sx - b->sx) <= 1 + 0.12 * a->sx && fabs(a->sy - b->sy) <= 1 + 0.12 * a->sy;
}

/* The lattice pitch around seed along x (axis 0), y (1) or either (-1, for
 * square patches): the median spacing, over one or two squares, to patches
 * of its shape in the same row or column (its own side when it has no such
 * neighbour, since a blur changes sizes). */
static double seed_pitch(const square_patch *sq, int n, int seed, int axis) {
    const square_patch *s = &sq[seed];
    double side = axis == 1 ? s->sy : s->sx, other = axis == 1 ? s->sx : s->sy;
    double v[64];
    int m = 0;
    for (int j = 0; j < n && m < 64; j++) {
        if (j == seed || !same_shape(s, &sq[j])) continue;
        double dx = fabs(sq[j].cx - s->cx), dy = fabs(sq[j].cy - s->cy);
        double along = axis < 0 ? fmax(dx, dy) : axis ? dy : dx;
        double across = axis < 0 ? fmin(dx, dy) : axis ? dx : dy;
        if (across > 0.25 * other || along > 2.6 * side || along < 0.5 * side) continue;
        v[m++] = along / floor(along / side + 0.5);
    }
    if (m == 0) return side + 0.5;
    qsort(v, (size_t)m, sizeof v[0], compare_doubles);
    return v[m / 2];
}

/* Patches that sit on seed's lattice (same shape, centres a whole number of
 * pitches away; with stretch, each axis has its own pitch); writes their
 * lattice indices into ix/iy. */
static int lattice_members(const square_patch *sq, int n, int seed, int stretch, int *who,
                           int *ix, int *iy) {
    const square_patch *s = &sq[seed];
    double px = seed_pitch(sq, n, seed, stretch ? 0 : -1);
    double py = stretch ? seed_pitch(sq, n, seed, 1) : px;
    int m = 0;
    for (int j = 0; j < n; j++) {
        if (!same_shape(s, &sq[j])) continue;
        double di = (sq[j].cx - s->cx) / px, dj = (sq[j].cy - s->cy) / py;
        double ri = floor(di + 0.5), rj = floor(dj + 0.5);
        if (fabs(ri) > 7 || fabs(rj) > 7) continue;
        if (fabs(di - ri) > 0.2 || fabs(dj - rj) > 0.2) continue;
        who[m] = j;
        ix[m] = (int)ri;
        iy[m] = (int)rj;
        m++;
    }
    return m;
}

/* Least-squares line c = a + b * i through the points (i + 0.5, c). */
static void fit_line(const double *i, const double *c, int n, double *a, double *b) {
    double si = 0, sc = 0, sii = 0, sic = 0;
    for (int k = 0; k < n; k++) {
        si += i[k];
        sc += c[k];
        sii += i[k] * i[k];
        sic += i[k] * c[k];
    }
    double d = n * sii - si * si;
    *b = fabs(d) < 1e-9 ? 0 : (n * sic - si * sc) / d;
    *a = (sc - *b * si) / n;
}

/* Edge energy across the columns lo..hi-1 (vertical lines; rows when not):
 * the picture is summed along the line direction in bands of `band`
 * pixels over a0..a1 first, so that an edge running the whole band counts
 * fully while diagonal hatching and texture cancel out; then the mean of
 * `span` columns after each position is compared with the `span` before
 * it (span > 1 ignores thin hatch lines, which are no steps). The bands'
 * steps are added with the sign of the checkerboard: along a grid line
 * the step from one square to the next turns the other way in every
 * other square (of other_pitch from other0), so the board's own steps add
 * up while the edges of men (the bases of a row of pawns standing just
 * above a line) mostly cancel. Entry k is the edge at position lo + k + 1. */
static void edge_profile(const fk_image *im, int vertical_lines, int lo, int hi, int a0, int a1,
                         int band, int span, double other0, double other_pitch, double *prof) {
    int W = im->width, H = im->height, along = vertical_lines ? H : W;
    int across = vertical_lines ? W : H, first = lo - span + 1, n = hi - lo + 2 * span;
    if (a0 < 0) a0 = 0;
    if (a1 > along) a1 = along;
    for (int k = 0; k < hi - lo; k++) prof[k] = 0;
    double *sum = malloc(sizeof(double) * (size_t)n);
    int *index = malloc(sizeof(int) * (size_t)n);
    if (!sum || !index) {
        free(sum);
        free(index);
        return;
    }
    for (int t0 = a0; t0 < a1; t0 += band) {
        int t1 = t0 + band < a1 ? t0 + band : a1;
        int square = other_pitch > 0 ? (int)floor(((t0 + t1) / 2.0 - other0) / other_pitch) : 0;
        int sign = square & 1 ? -1 : 1;
        /* Walk the picture in memory order: a row at a time for vertical
         * lines, along each row for horizontal ones. */
        for (int k = 0; k < n; k++)
            sum[k] = 0;
        for (int k = 0; k < n; k++) {
            int c = first + k;
            c = c < 0 ? 0 : c >= across ? across - 1 : c;
            if (vertical_lines) {
                index[k] = c;
            } else {
                const uint8_t *row = im->grey + (size_t)c * W;
                unsigned v = 0;
                for (int t = t0; t < t1; t++)
                    v += row[t];
                sum[k] = v;
            }
        }
        if (vertical_lines)
            for (int t = t0; t < t1; t++) {
                const uint8_t *row = im->grey + (size_t)t * W;
                for (int k = 0; k < n; k++)
                    sum[k] += row[index[k]];
            }
        for (int k = 0; k < hi - lo; k++) {
            double before = 0, after = 0;
            int at = lo + k - first; /* index of column lo + k */
            for (int i = 0; i < span; i++) {
                before += sum[at - i];
                after += sum[at + 1 + i];
            }
            double step = (after - before) / span;
            prof[k] += other_pitch > 0 ? sign * step : fabs(step);
        }
    }
    if (other_pitch > 0)
        for (int k = 0; k < hi - lo; k++) prof[k] = fabs(prof[k]);
    free(sum);
    free(index);
}

/* Edge energy of a profile of n entries at the seven inner lines of a grid
 * whose line 0 is at profile index first, pitch p apart (interpolated). */
static double lines_energy(const double *prof, int n, double first, double p) {
    double sum = 0;
    for (int k = 1; k <= 7; k++) {
        double pos = first + k * p;
        if (pos < 0) continue;
        int i = (int)pos; /* floor, for pos >= 0, without a libm call */
        if (i + 1 >= n) continue;
        double f = pos - i;
        sum += prof[i] * (1 - f) + prof[i + 1] * f;
    }
    return sum;
}

/* Refines one axis of the grid: start and pitch of the nine lines, from the
 * edge profile across the board (inner seven lines, each placed at the
 * centroid of its edge energy, then a least-squares fit). checker: the
 * bands' steps signed by the checkerboard (see edge_profile). */
static void refine_axis(const fk_image *im, int vertical_lines, int wide, int checker,
                        double *start, double *pitch, double other0, double other_len) {
    int len = vertical_lines ? im->width : im->height;
    int lo = (int)floor(*start - *pitch), hi = (int)ceil(*start + 9 * *pitch);
    if (lo < 0) lo = 0;
    if (hi > len - 1) hi = len - 1;
    if (hi - lo < 16) return;
    double *prof = malloc(sizeof(double) * (size_t)(hi - lo));
    if (!prof) return;
    int a0 = (int)(other0 + 0.05 * other_len), a1 = (int)(other0 + 0.95 * other_len);
    int band = (int)(*pitch / 4);
    int span = wide && *pitch >= 20 ? (int)(*pitch / 10) : 1;
    edge_profile(im, vertical_lines, lo, hi, a0, a1, band < 2 ? 2 : band, span, other0,
                 checker ? other_len / 8 : 0, prof);
    /* Coarse: the start and pitch whose seven inner lines collect the most
     * edge energy; first in steps of a pixel and 0.5% of pitch, then in
     * quarter pixels and 0.1% around the best of those. */
    double best = -1, bs = *start, bp = *pitch;
    int best_ps = 0;
    for (int ps = -30; ps <= 30; ps += 5) {
        double p = *pitch * (1 + ps * 0.001);
        for (double s = *start - 0.45 * *pitch; s <= *start + 0.45 * *pitch; s += 1) {
            double sum = lines_energy(prof, hi - lo, s - 1 - lo, p);
            if (sum > best) best = sum, bs = s, bp = p, best_ps = ps;
        }
    }
    double s_lo = fmax(bs - 1, *start - 0.45 * *pitch), s_hi = fmin(bs + 1, *start + 0.45 * *pitch);
    for (int ps = best_ps - 4; ps <= best_ps + 4; ps++) {
        if (ps < -30 || ps > 30) continue;
        double p = *pitch * (1 + ps * 0.001);
        for (double s = s_lo; s <= s_hi; s += 0.25) {
            double sum = lines_energy(prof, hi - lo, s - 1 - lo, p);
            if (sum > best) best = sum, bs = s, bp = p;
        }
    }
    /* Fine: each inner line at the centroid of the edge energy near it. */
    double ks[7], cs[7];
    int n = 0;
    double r = bp * 0.08 < 1.5 ? 1.5 : bp * 0.08;
    for (int k = 1; k <= 7; k++) {
        double want = bs + k * bp;
        double sw = 0, sx = 0, peak = 0;
        for (int i = (int)floor(want - r) - 1; i <= (int)ceil(want + r) - 1; i++) {
            if (i - lo < 0 || i - lo >= hi - lo) continue;
            double pos = i + 1.0;
            if (fabs(pos - want) > r) continue;
            double v = prof[i - lo];
            if (v > peak) peak = v;
        }
        for (int i = (int)floor(want - r) - 1; i <= (int)ceil(want + r) - 1; i++) {
            if (i - lo < 0 || i - lo >= hi - lo) continue;
            double pos = i + 1.0;
            if (fabs(pos - want) > r) continue;
            double v = prof[i - lo] - 0.3 * peak; /* only the peak, not the floor */
            if (v <= 0) continue;
            sw += v;
            sx += v * pos;
        }
        if (sw > 0) {
            ks[n] = k;
            cs[n] = sx / sw;
            n++;
        }
    }
    if (n >= 4) {
        double a, b;
        fit_line(ks, cs, n, &a, &b);
        if (fabs(b - bp) < 0.03 * bp && fabs(a - bs) < 0.1 * bp) bs = a, bp = b;
    }
    *start = bs;
    *pitch = bp;
    free(prof);
}

/* Mean grey of the box [x0,x1) x [y0,y1), clipped to the picture. */
static double box_mean(const fk_image *im, double x0, double y0, double x1, double y1) {
    int a = (int)floor(x0), b = (int)ceil(x1), c = (int)floor(y0), d = (int)ceil(y1);
    if (a < 0) a = 0;
    if (c < 0) c = 0;
    if (b > im->width) b = im->width;
    if (d > im->height) d = im->height;
    if (b <= a || d <= c) return -1;
    double sum = 0;
    for (int y = c; y < d; y++)
        for (int x = a; x < b; x++) sum += im->grey[(size_t)y * im->width + x];
    return sum / ((double)(b - a) * (d - c));
}

/* The colour of a square from its n corner boxes: with all four, the mean
 * of the middle two, so that a man reaching into one corner (or a dark one
 * into a light square) does not change it; else their mean. */
static double corner_colour(double *m, int n) {
    if (n < 4) {
        double sum = 0;
        for (int i = 0; i < n; i++) sum += m[i];
        return sum / n;
    }
    qsort(m, 4, sizeof *m, compare_doubles);
    return (m[1] + m[2]) / 2;
}

/* Ways of reading a checkerboard's squares (checker_of's scoring). */
enum {
    /* medians and median deviations instead of means and standard
     * deviations (ROBUST_STAGE) */
    SCORE_MOST = 1,
    /* the light levelled first (LEVEL_STAGE) */
    SCORE_LEVEL = 2
};

/* The colours v of the squares (top row first) with the light levelled:
 * a plane across the board, fitted by least squares together with the
 * checkerboard's step from one colour to the other, taken off each. Light
 * falling off across a photo darkens the light squares on one side to
 * the grey of the dark ones on the other; the checkerboard is then clear
 * again. Unchanged when the fit fails. */
static void level_light(double v[64]) {
    double a[16] = {0}, b[4] = {0};
    for (int i = 0; i < 64; i++) {
        double x[4] = {1, (i & 7) - 3.5, (i >> 3) - 3.5, ((i >> 3) + (i & 7)) & 1};
        for (int r = 0; r < 4; r++) {
            b[r] += x[r] * v[i];
            for (int k = 0; k < 4; k++)
                a[r * 4 + k] += x[r] * x[k];
        }
    }
    if (!fk_solve_linear(a, b, 4)) return;
    for (int i = 0; i < 64; i++)
        v[i] -= b[1] * ((i & 7) - 3.5) + b[2] * ((i >> 3) - 3.5);
}

/* How clearly colours v (one a square) show a checkerboard: the share of
 * squares nearer their own colour class's centre than the other's, times
 * how well the two centres stand apart against the classes' spreads.
 * 0..1. Centres and spreads are means and standard deviations; with
 * SCORE_MOST, medians and median deviations, so that a checkerboard most
 * of whose squares show their colour scores high however dark the men
 * that hide the rest (the last look, ROBUST_STAGE); with SCORE_LEVEL,
 * of the colours with the light levelled (level_light). */
static double checker_of(const double v_read[64], int scoring) {
    double c[2][32], centre[2], spread[2], v[64];
    int n[2] = {0, 0};
    memcpy(v, v_read, sizeof v);
    if (scoring & SCORE_LEVEL) level_light(v);
    for (int i = 0; i < 64; i++) {
        int cls = ((i >> 3) + (i & 7)) & 1;
        c[cls][n[cls]++] = v[i];
    }
    for (int k = 0; k < 2; k++) {
        if (scoring & SCORE_MOST) {
            centre[k] = fk_median(c[k], 32);
            double d[32];
            for (int j = 0; j < 32; j++) d[j] = fabs(c[k][j] - centre[k]);
            /* 1.4826 times the median deviation estimates a normal spread's sd */
            spread[k] = 1.4826 * fk_median(d, 32);
        } else {
            double sum = 0, sq = 0;
            for (int j = 0; j < 32; j++) {
                sum += c[k][j];
                sq += c[k][j] * c[k][j];
            }
            centre[k] = sum / 32;
            spread[k] = sqrt(fmax(0, sq / 32 - centre[k] * centre[k]));
        }
    }
    double sep = fabs(centre[0] - centre[1]);
    if (sep < 8) return 0;
    int agree = 0;
    for (int i = 0; i < 64; i++) {
        int cls = ((i >> 3) + (i & 7)) & 1;
        agree += fabs(v[i] - centre[cls]) < fabs(v[i] - centre[!cls]);
    }
    double clarity = sep / (sep + spread[0] + spread[1] + 1);
    return agree / 64.0 * fmin(1.0, 1.5 * clarity);
}

/* Top corner boxes within this many grey levels of each other give a
 * square's colour by themselves, in the second reading of the squares
 * that checker_score() also weighs: men stand on the bottom of their
 * square and are narrower at the top, and a design whose men fill the
 * square's width covers both bottom corners, which leaves the mean of
 * the middle two half man, half square. It is not the only reading: on a
 * keystoned board an upright grid can put both top corners in one square. */
#define TOP_AGREE 8

/* How clearly the grid shows a checkerboard (0..1), from the colours of
 * its squares read from their corner boxes two ways: corner_colour(), and
 * the top two corners' mean where they agree (TOP_AGREE); the better. */
static double checker_score(const fk_image *im, double x0, double y0, double px, double py,
                            int scoring) {
    double v[64], top[64];
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            double sx = x0 + f * px, sy = y0 + r * py, m[4];
            int got = 0;
            for (int c = 0; c < 4; c++) {
                double ax = sx + (c & 1 ? 0.72 : 0.12) * px, ay = sy + (c & 2 ? 0.72 : 0.12) * py;
                double b = box_mean(im, ax, ay, ax + 0.16 * px, ay + 0.16 * py);
                if (b >= 0) m[got++] = b;
            }
            if (!got) return 0;
            /* m holds top left, top right, bottom left, bottom right when got is 4 */
            int i = r * 8 + f;
            int level = got == 4 && fabs(m[0] - m[1]) <= TOP_AGREE;
            double by_top = level ? (m[0] + m[1]) / 2 : 0;
            v[i] = corner_colour(m, got); /* sorts m */
            top[i] = level ? by_top : v[i];
        }
    return fmax(checker_of(v, scoring), checker_of(top, scoring));
}

/* The checkerboard score of grid L on the picture; for a grid found on the
 * blurred work picture (shrunk by f), the better of that and its score
 * there, where hatched squares are dark and plain ones light even when the
 * hatching is too faint or too noisy for their mean grey to tell. */
static double grid_score(const fk_image *im, const fk_image *blurred, int f, const lattice *L) {
    double s = checker_score(im, L->x0, L->y0, L->px, L->py, L->scoring);
    if (blurred)
        s = fmax(s, checker_score(blurred, L->x0 / f, L->y0 / f, L->px / f, L->py / f, L->scoring));
    return s;
}

/* Refines and scores one hypothesis (in full-picture coordinates). A grid
 * found on the blurred picture, or by the last look (ROBUST_STAGE), is
 * kept as found when the refinement made it clearly worse: strong piece
 * outlines can pull the lines of a faintly hatched board off, and the
 * edges of a panel laid over the middle of a board (a game's result) the
 * lines of the board. (Not so for the other looks at flat boards, whose
 * refined grid is the test: small lattices in textures only pass
 * unrefined.) */
static double finish(const fk_image *im, const fk_image *blurred, int f, lattice *L) {
    lattice found = *L;
    for (int pass = 0; pass < 2; pass++) {
        refine_axis(im, 1, L->wide, 0, &L->x0, &L->px, L->y0, 8 * L->py);
        refine_axis(im, 0, L->wide, 0, &L->y0, &L->py, L->x0, 8 * L->px);
    }
    double refined = grid_score(im, blurred, f, L);
    int keep = blurred || (L->scoring & SCORE_MOST);
    double before = keep ? grid_score(im, blurred, f, &found) : 0;
    if (keep && before > refined + 0.1) {
        *L = found;
        return before;
    }
    return refined;
}

/* The chosen grid of a flat board fitted once more with the steps signed
 * by the checkerboard (edge_profile), which the bases of men standing just
 * above a line (a row of pawns, a back rank) do not pull towards them.
 * Only the chosen grid: as the refinement of every candidate it
 * lets small lattices in printed diagrams' hatching beat their boards.
 * Kept when it moves the grid by a little (a tenth of a square, 1% of the
 * pitch) and the checkerboard stays nearly as clear: the score is no
 * measure of precision, as corner boxes clear of the men's bases favour
 * the grid set too high. One pass: a second moves no grid usefully. */
static void settle(const fk_image *im, lattice *best, double score) {
    if (best->wide) return;
    lattice L = *best;
    refine_axis(im, 1, 0, 1, &L.x0, &L.px, L.y0, 8 * L.py);
    refine_axis(im, 0, 0, 1, &L.y0, &L.py, L.x0, 8 * L.px);
    int near = fabs(L.x0 - best->x0) <= 0.1 * best->px && fabs(L.y0 - best->y0) <= 0.1 * best->py &&
               fabs(L.px - best->px) <= 0.01 * best->px && fabs(L.py - best->py) <= 0.01 * best->py;
    if (near && grid_score(im, NULL, 1, &L) >= score - 0.1) *best = L;
}

/* Whether window L lies in the picture, each edge square at least half in. */
static int in_picture(const fk_image *im, const lattice *L) {
    return L->x0 >= -0.5 * L->px && L->y0 >= -0.5 * L->py && L->x0 + 7.5 * L->px <= im->width &&
           L->y0 + 7.5 * L->py <= im->height;
}

/* How much clearer, with the light levelled, a window a square off the
 * last look's must show its checkerboard to be taken instead
 * (step_into_the_light()). */
#define LIT_MARGIN 0.1

/* The window the last look (ROBUST_STAGE) chose, or one a square above,
 * below, left or right of it that shows its checkerboard LIT_MARGIN more
 * clearly with the light levelled (level_light), its score then in
 * *score. In a photo whose light falls off towards one edge, the squares
 * there lose their colours, and the last look's medians favour a window
 * that leaves them out for a row of paper or coordinates beyond the other
 * edge. Levelled light is only a second opinion: as the last look's own
 * score it loses boards with a panel over their middle. */
static void step_into_the_light(const fk_image *im, lattice *best, double *score) {
    const int scoring = SCORE_MOST | SCORE_LEVEL;
    double bar = checker_score(im, best->x0, best->y0, best->px, best->py, scoring) + LIT_MARGIN;
    lattice chosen = *best;
    for (int k = 0; k < 4; k++) {
        lattice L = chosen;
        L.x0 += ((k == 0) - (k == 1)) * L.px;
        L.y0 += ((k == 2) - (k == 3)) * L.py;
        if (!in_picture(im, &L)) continue;
        double s = checker_score(im, L.x0, L.y0, L.px, L.py, scoring);
        if (s > bar) {
            bar = s;
            *best = L;
            /* scored, and settled later, as it was chosen */
            best->scoring = scoring;
            *score = s;
        }
    }
}

/* How sharply the picture steps across two outer lines of window L (rows:
 * its top and bottom lines; else its left and right ones): at each pixel
 * along a line, the largest step between neighbouring pixels within a
 * twelfth of a square of it, averaged along the middle 90% of both
 * lines. */
static double outer_lines(const fk_image *im, const lattice *L, int rows) {
    double along = rows ? L->px : L->py, across = rows ? L->py : L->px;
    double start = rows ? L->x0 : L->y0, first = rows ? L->y0 : L->x0;
    int r = (int)ceil(across / 12);
    if (r < 2) r = 2;
    double sum = 0;
    int n = 0;
    for (int side = 0; side < 2; side++) {
        int at = (int)floor(first + side * 8 * across + 0.5);
        for (int t = (int)(start + 0.4 * along); t < (int)(start + 7.6 * along); t++) {
            double most = 0;
            for (int d = at - r; d < at + r; d++) {
                int x = rows ? t : d, y = rows ? d : t; /* the step from here to the next pixel */
                if (x < 0 || y < 0 || x + !rows >= im->width || y + rows >= im->height) continue;
                const uint8_t *p = im->grey + (size_t)y * im->width + x;
                double step = fabs((double)p[rows ? im->width : 1] - p[0]);
                if (step > most) most = step;
            }
            sum += most;
            n++;
        }
    }
    return n ? sum / n : 0;
}

/* How windows a and b of one lattice lie a square apart: 1 when b is a
 * square above or below a, 2 when left or right, 0 when neither. */
static int one_square_apart(const lattice *a, const lattice *b) {
    if (fabs(a->px - b->px) > 0.03 * a->px || fabs(a->py - b->py) > 0.03 * a->py) return 0;
    double dx = fabs(a->x0 - b->x0), dy = fabs(a->y0 - b->y0);
    if (dx < 0.2 * a->px && fabs(dy - a->py) < 0.2 * a->py) return 1;
    if (dy < 0.2 * a->py && fabs(dx - a->px) < 0.2 * a->px) return 2;
    return 0;
}

/* Searches the work picture g (the picture shrunk by f) for board lattices
 * and keeps the best one found in *best. Returns -1 when out of memory. */
static int search(const fk_image *image, const fk_image *blurred, const uint8_t *g, int w, int h,
                  int f, int flat, int grow, int stretch, int scoring, lattice *best,
                  double *best_score) {
    square_patch *sq = NULL;
    int n = square_patches(g, w, h, flat, grow, stretch, &sq);
    if (n < 0) return -1;
    int *who = malloc(sizeof(int) * 3 * (size_t)(n + 1));
    char *used = calloc((size_t)n + 1, 1);
    double best_area = *best_score > 0 ? best->px * best->py : 0;
    int *mates = calloc((size_t)n + 1, sizeof(int));
    int ok = who && used && mates;
    for (int i = 0; ok && i < n; i++)
        mates[i] = lattice_members(sq, n, i, stretch, who, who + n, who + 2 * n);
    for (int round = 0; ok && round < 8; round++) {
        /* The unused seed whose lattice covers the most area: many mates,
         * large squares (a real board beats a texture's fine lattice). */
        int seed = -1;
        for (int i = 0; i < n; i++) {
            if (used[i] || mates[i] < 6) continue;
            if (seed < 0 || mates[i] * sq[i].size > mates[seed] * sq[seed].size) seed = i;
        }
        if (seed < 0) break;
        int m = lattice_members(sq, n, seed, stretch, who, who + n, who + 2 * n);
        int *ix = who + n, *iy = who + 2 * n;
        for (int k = 0; k < m; k++) used[who[k]] = 1;
        /* Fit pitch and phase on the members' centres. */
        double is[64 * 4], cs[64 * 4], pitch_x, pitch_y, ax, ay;
        int cnt = m < 256 ? m : 256;
        for (int k = 0; k < cnt; k++) is[k] = ix[k], cs[k] = sq[who[k]].cx;
        fit_line(is, cs, cnt, &ax, &pitch_x);
        for (int k = 0; k < cnt; k++) is[k] = iy[k], cs[k] = sq[who[k]].cy;
        fit_line(is, cs, cnt, &ay, &pitch_y);
        /* Squares under MIN_SQUARE pixels make a board under 80: below the
         * smallest a picture shows, and the size of the false lattices a
         * blurred hatching forms inside one of its squares. */
        if (pitch_x < 3 || pitch_y < 3 || pitch_x * f < MIN_SQUARE || pitch_y * f < MIN_SQUARE)
            continue;
        /* Every 8 x 8 window holding the most members is a candidate. */
        int top = 0;
        for (int i0 = -7; i0 <= 0; i0++)
            for (int j0 = -7; j0 <= 0; j0++) {
                int c = 0;
                for (int k = 0; k < m; k++)
                    c += ix[k] >= i0 && ix[k] < i0 + 8 && iy[k] >= j0 && iy[k] < j0 + 8;
                if (c > top) top = c;
            }
        for (int i0 = -7; i0 <= 0; i0++)
            for (int j0 = -7; j0 <= 0; j0++) {
                int c = 0;
                for (int k = 0; k < m; k++)
                    c += ix[k] >= i0 && ix[k] < i0 + 8 && iy[k] >= j0 && iy[k] < j0 + 8;
                if (c < top) continue;
                double x0 = (ax + (i0 - 0.5) * pitch_x) * f, y0 = (ay + (j0 - 0.5) * pitch_y) * f;
                lattice L = {x0, y0, pitch_x * f, pitch_y * f, c, grow > 0, scoring};
                if (!in_picture(image, &L)) continue;
                double s = finish(image, blurred, f, &L);
                double area = L.px * L.py;
                /* A clearer board wins; a much larger one wins if nearly as clear. */
                int wins = s > 0.5 && (*best_score == 0 ||
                                       (area > 1.5 * best_area && s > *best_score - 0.15) ||
                                       (s > *best_score && area * 1.5 >= best_area));
                /* Of two windows a square apart and about as clear, the one
                 * whose outer lines step more sharply: a board ends at its
                 * frame or the edge of its squares, while a window a
                 * square off ends on an inner line and on the paper
                 * beyond. A faintly hatched diagram with coordinates can
                 * score a little better a rank off, its letters taken
                 * for a rank. */
                int apart = s > 0.5 && *best_score > 0 && fabs(s - *best_score) < FRAME_MARGIN
                                ? one_square_apart(&L, best)
                                : 0;
                if (apart) {
                    double mine = outer_lines(image, &L, apart == 1);
                    double theirs = outer_lines(image, best, apart == 1);
                    if (mine > FRAME_RATIO * theirs) wins = 1;
                    if (theirs > FRAME_RATIO * mine) wins = 0;
                }
                if (wins) {
                    *best_score = s;
                    best_area = area;
                    *best = L;
                }
            }
    }
    free(who);
    free(used);
    free(mates);
    free(sq);
    return ok ? 0 : -1;
}

/* Darkens each pixel by its edge strength, then box-blurs with radius r
 * (in place): hatching and fine textures become flat grey well apart from
 * plain squares of the same paper colour. */
static int blur(uint8_t *g, int w, int h, int r) {
    uint8_t *copy = malloc((size_t)w * h);
    if (!copy) return -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint8_t *p = g + (size_t)y * w + x;
            int e = (x + 1 < w ? abs(p[1] - p[0]) : 0) + (y + 1 < h ? abs(p[w] - p[0]) : 0);
            int v = p[0] - 2 * e;
            copy[(size_t)y * w + x] = (uint8_t)(v < 0 ? 0 : v);
        }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int sum = 0, cnt = 0;
            for (int dy = -r; dy <= r; dy++) {
                int yy = y + dy;
                if (yy < 0 || yy >= h) continue;
                for (int dx = -r; dx <= r; dx++) {
                    int xx = x + dx;
                    if (xx < 0 || xx >= w) continue;
                    sum += copy[(size_t)yy * w + xx];
                    cnt++;
                }
            }
            g[(size_t)y * w + x] = (uint8_t)((sum + cnt / 2) / cnt);
        }
    free(copy);
    return 0;
}

/* Edge energy per column (vertical lines) or per row of the work picture. */
static void work_profile(const uint8_t *g, int w, int h, int vertical_lines, double *prof) {
    int len = vertical_lines ? w : h;
    for (int i = 0; i < len; i++) prof[i] = 0;
    for (int y = 0; y + 1 < h; y++)
        for (int x = 0; x + 1 < w; x++) {
            const uint8_t *p = g + (size_t)y * w + x;
            if (vertical_lines) prof[x] += abs(p[1] - p[0]);
            else prof[y] += abs(p[w] - p[0]);
        }
}

/* The start and pitch of nine evenly spaced lines whose seven inner ones
 * stand out most from the profile between them, for a board at least
 * min_side long. Returns the contrast (0 when none). */
static double best_lines(const double *prof, int len, double min_pitch, double max_pitch,
                         double *start, double *pitch) {
    double best = 0;
    for (double p = min_pitch; p <= max_pitch; p += 0.25)
        for (double s = 0; s + 8 * p <= len; s += 0.5) {
            double on = 0, off = 0;
            for (int k = 1; k <= 7; k++) {
                int i = (int)(s + k * p + 0.5) - 1, j = (int)(s + (k - 0.5) * p);
                if (i < 1 || i + 1 >= len) continue;
                on += fmax(prof[i], fmax(prof[i - 1], prof[i + 1]));
                off += prof[j];
            }
            int j = (int)(s + 7.5 * p);
            off += j < len ? prof[j] : 0;
            double c = (on - off) / (on + off + 1e-9);
            if (c > best) best = c, *start = s, *pitch = p;
        }
    return best;
}

/* How far the projection's lines must stand out (best_lines()) before
 * finish() judges the grid they make. Low enough for a picture with no
 * flat squares left whose lines lean, such as a photo of a screen showing
 * wooden squares, saved again as JPEG; finish() still has the last word. */
#define LINES_STAND_OUT 0.15

/* The fallback for boards that fill much of the picture (diagrams, crops):
 * grid lines from the edge projections of the blurred work picture. */
static void project(const fk_image *image, const fk_image *blurred, int f, int scoring,
                    lattice *best, double *best_score) {
    const uint8_t *g = blurred->grey;
    int w = blurred->width, h = blurred->height;
    double *px = malloc(sizeof(double) * (size_t)(w + h));
    if (!px) return;
    double *py = px + w, sx = 0, ppx = 0, sy = 0, ppy = 0;
    work_profile(g, w, h, 1, px);
    work_profile(g, w, h, 0, py);
    int side = w < h ? w : h;
    double cx = best_lines(px, w, side / 16.0, side / 8.0, &sx, &ppx);
    double cy = best_lines(py, h, side / 16.0, side / 8.0, &sy, &ppy);
    free(px);
    if (cx <= LINES_STAND_OUT || cy <= LINES_STAND_OUT || fabs(ppx - ppy) > 0.1 * ppx) return;
    lattice L = {sx * f, sy * f, ppx * f, ppy * f, 0, 1, scoring};
    double s = finish(image, blurred, f, &L);
    if (s > 0.5 && s > *best_score) *best_score = s, *best = L;
}

/* The stages of one look: flat colours, then (for hatched or textured
 * boards) the blurred picture and its edge projections; apart, the flat
 * colours scored by most squares (SCORE_MOST); and with LEVEL_STAGE, the
 * blurred stages score the squares with the light levelled
 * (SCORE_LEVEL). */
enum { FLAT_STAGE = 1, BLURRED_STAGES = 2, ALL_STAGES = 3, ROBUST_STAGE = 4, LEVEL_STAGE = 8 };

/* One look for the board in the picture shrunk to work_side, through
 * the given stages: flat colours first; then, for hatched or textured
 * boards, blurred; then (for square boards) by the edge projections. With
 * stretch, squares may be rectangles. Keeps the best grid in *best;
 * returns -1 when out of memory. */
static int locate_pass_at(const fk_image *image, int work_side, int stretch, int stages,
                          lattice *best, double *best_score) {
    int f, w, h;
    uint8_t *g = shrink(image, work_side, &f, &w, &h);
    int bad = !g;
    if (!bad && (stages & FLAT_STAGE))
        bad = search(image, NULL, g, w, h, f, 6, 0, stretch, 0, best, best_score) < 0;
    if (!bad && *best_score == 0 && (stages & ROBUST_STAGE))
        bad = search(image, NULL, g, w, h, f, 6, 0, stretch, SCORE_MOST, best, best_score) < 0;
    if (!bad && *best_score == 0 && (stages & BLURRED_STAGES)) {
        fk_image blurred = {.width = w, .height = h, .grey = g};
        int scoring = stages & LEVEL_STAGE ? SCORE_LEVEL : 0;
        bad = blur(g, w, h, 2) < 0 ||
              search(image, &blurred, g, w, h, f, 3, 4, stretch, scoring, best, best_score) < 0;
        if (!bad && *best_score == 0 && !stretch)
            project(image, &blurred, f, scoring, best, best_score);
        /* Coarse hatching (a few lines a square on a large board) still
         * shows its lines after that blur: blur on, then look again. */
        if (!bad && *best_score == 0)
            bad = blur(g, w, h, 4) < 0 ||
                  search(image, &blurred, g, w, h, f, 3, 4, stretch, scoring, best, best_score) < 0;
    }
    free(g);
    return bad ? -1 : 0;
}

/* A hatched square of a printed diagram's board can hold a lattice of its
 * own: in a JPEG of it the flat light squares ring at their edges, too
 * few stay flat to make the board, and the gaps between the hatching
 * lines inside one dark square can score as a small board. So when the
 * flat colours found only a small board (under SMALL_BOARD of the
 * picture's shorter side) less clear than CLEAR_BOARD, the blurred stages
 * look too, and a board of twice the side or more that they find nearly
 * as clear (within 0.15, as in search()) wins. Pictures whose flat board
 * is large or clear never look again and pay nothing. */
#define SMALL_BOARD 0.25
#define CLEAR_BOARD 0.95

/* The blurred stages looking (at work_side) past such a board. */
static int look_past_a_hatched_square(const fk_image *image, int work_side, lattice *best,
                                      double *best_score) {
    int side = image->width < image->height ? image->width : image->height;
    if (*best_score >= CLEAR_BOARD || 8 * best->px >= SMALL_BOARD * side) return 0;
    lattice other = {0};
    double other_score = 0;
    if (locate_pass_at(image, work_side, 0, BLURRED_STAGES, &other, &other_score) < 0) return -1;
    if (other_score > *best_score - 0.15 && other.px >= 2 * best->px && other.py >= 2 * best->py) {
        *best = other;
        *best_score = other_score;
    }
    return 0;
}

#define DEGREE (3.14159265358979323846 / 180) /* radians */

/* An upright board found by the slower stages on a picture whose lines
 * were measured turned, less clear than this, is weighed against what
 * the turned picture's light-levelled look finds (fk_board_locate): a
 * turned board darkened on one side can show no flat colours, and an
 * upright grid across its squares then reads every man a rank off.
 * Clear upright boards are not weighed, as a darkened turned look can
 * win wrongly. */
#define TURNED_LOOK_BELOW 0.7

/* How clear a board found 45 degrees off the measured turn must be (see
 * fk_board_locate). */
#define OTHER_TURN_BAR 0.6

/* How far the picture's lines are turned, in degrees (the turn
 * turn_picture undoes), from Leptonica's skew finder (made for scanned
 * pages: it sweeps angles for the sharpest row projections, here up to 44
 * degrees each way in half degrees on the edges shrunk four times, then
 * halves its step down to 0.05 degrees on them shrunk twice) run on the
 * picture's edges; 0 when Leptonica is missing or fails. The sweep is
 * wider than Leptonica's default so that a board turned by 15 degrees or
 * more is found, and coarse on the small picture to keep printed
 * diagrams, whose flat stage finds nothing, cheap. Edge directions from
 * small gradients are no substitute: a turned edge is drawn as a
 * staircase of upright steps. The edges are Sobel responses of TURN_EDGE
 * or more (Leptonica's Sobel gives half a step's height). */
#define TURN_EDGE 30

/* Low enough that the lines between the squares of a theme of close
 * colours count as edges: higher, and the turn comes from the men's
 * outlines alone and is often measured wrong. */
static double turn_of(const fk_image *im) {
    if (fk_lept_ready(NULL) != FK_OK) return 0;
    fk_lept.setMsgSeverity(L_SEVERITY_NONE);
    PIX *grey = fk_grey_pix(im->grey, im->width, im->height);
    PIX *edges = grey ? fk_lept.pixSobelEdgeFilter(grey, L_ALL_EDGES) : NULL;
    PIX *marked = edges ? fk_lept.pixThresholdToBinary(edges, TURN_EDGE) : NULL; /* 1: no edge */
    float angle = 0, conf = 0;
    int ok = marked && fk_lept.pixInvert(marked, marked) &&
             fk_lept.pixFindSkewSweepAndSearch(marked, &angle, &conf, 4, 2, 44.0f, 0.5f, 0.05f) == 0;
    fk_lept.pixDestroy(&grey);
    fk_lept.pixDestroy(&edges);
    fk_lept.pixDestroy(&marked);
    return ok ? -angle : 0;
}

/* The picture turned by `degrees` about its centre (the same size; what
 * comes in from outside repeats the edge pixels). */
static int turn_picture(const fk_image *im, double degrees, fk_image *out) {
    double c = cos(degrees * DEGREE), sn = sin(degrees * DEGREE);
    double cx = im->width / 2.0, cy = im->height / 2.0;
    out->width = im->width;
    out->height = im->height;
    out->grey = fk_picture_alloc((size_t)im->width * im->height);
    if (!out->grey) return -1;
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++) {
            double dx = x + 0.5 - cx, dy = y + 0.5 - cy;
            double v = fk_grey_at(im, cx + c * dx - sn * dy, cy + sn * dx + c * dy);
            out->grey[(size_t)y * im->width + x] = (uint8_t)(v + 0.5);
        }
    return 0;
}

/* Which picture a look searches: the picture as it is, the picture
 * turned back by the turn of its lines (turn_of), or turned 45 degrees
 * off that (see OTHER_TURN below). */
typedef enum { AS_IT_IS, TURNED, OTHER_TURN, VIEW_COUNT } view;

/* What a look does. A FIND looks only while no board is found and keeps
 * any board it finds at least `bar` clear; a WEIGH looks again at an
 * upright board found less clear than TURNED_LOOK_BELOW on a picture
 * whose lines are turned, and keeps the clearer of the two. */
typedef enum { FIND, WEIGH } rule;

/* What follows a look that found a board. */
typedef enum { NOTHING, PAST_HATCHED, PAST_HATCHED_HALF, INTO_THE_LIGHT } after;

/* The looks for the board, in order: the cheap ones that find most boards
 * first, each later one only where the earlier found nothing (or, for a
 * WEIGH, found a doubtful board). `then` is a second set of stages for
 * the look when its first finds nothing; `large`: only for pictures
 * larger than the work size. */
static const struct look {
    rule rule;
    view on;
    int work; /* the work size in halves of WORK_SIDE */
    int stretch, stages, then, large;
    double bar;
    after after;
} LOOKS[] = {
    /* A digital board: flat squares of one size; but in a JPEG of a
     * printed diagram one hatched square can hold a small lattice. */
    {FIND, AS_IT_IS, 2, 0, FLAT_STAGE, 0, 0, 0, PAST_HATCHED},
    /* A board turned by more than a few degrees (a photo held askew)
     * breaks the upright lattice: its flat colours turned back, before the
     * slower stages on the upright picture (which cannot find what is not
     * upright). */
    {FIND, TURNED, 2, 0, FLAT_STAGE, 0, 0, 0, NOTHING},
    /* Hatched and textured boards (printed diagrams): blurred. A large
     * printed diagram whose paper runs between the hatching lines from
     * square to square keeps its lines through both blurs, so a lattice
     * inside one hatched square is looked past at half the work size,
     * where the hatching blurs to grey. */
    {FIND, AS_IT_IS, 2, 0, BLURRED_STAGES, 0, 0, 0, PAST_HATCHED_HALF},
    /* Squares that are not square (a camera's or a display's aspect),
     * only where no square board shows: a square board is never read as a
     * slightly stretched one. */
    {FIND, AS_IT_IS, 2, 1, ALL_STAGES, 0, 0, 0, NOTHING},
    {FIND, TURNED, 2, 0, BLURRED_STAGES, 0, 0, 0, NOTHING},
    {FIND, TURNED, 2, 1, ALL_STAGES, 0, 0, 0, NOTHING},
    /* A board whose dark men hide the corners of many squares (a set
     * whose men fill their squares, on a theme of pale colours), scored by
     * the squares that show their colour. Only here: as the first score it
     * lets lattices inside printed diagrams' hatching beat the boards. */
    {FIND, AS_IT_IS, 2, 0, ROBUST_STAGE, 0, 0, 0, INTO_THE_LIGHT},
    /* Light falling off across a photo of a page or a screen (or a lens's
     * vignette) can leave the light squares on its dark side darker than
     * the dark squares on its bright side: the squares scored with the
     * light levelled. */
    {FIND, AS_IT_IS, 2, 0, BLURRED_STAGES | LEVEL_STAGE, 0, 0, 0, NOTHING},
    {FIND, TURNED, 2, 0, BLURRED_STAGES | LEVEL_STAGE, 0, 0, 0, NOTHING},
    /* A turned board darkened on one side can show no flat colours, and
     * an upright grid across its squares then reads every man a rank
     * off: such an unclear upright grid is weighed against the turned
     * picture's light-levelled look. */
    {WEIGH, TURNED, 2, 0, BLURRED_STAGES | LEVEL_STAGE, 0, 0, 0, NOTHING},
    /* The lines the turn was measured by may be a printed diagram's
     * diagonal hatching, not the board's, and then the board lies 45
     * degrees off; only a clear board found there counts (see
     * OTHER_TURN_BAR). */
    {FIND, OTHER_TURN, 2, 0, ALL_STAGES, BLURRED_STAGES | LEVEL_STAGE, 0, OTHER_TURN_BAR, NOTHING},
    /* A small board in a large picture (a board of 100 pixels in a
     * 2,560 x 1,440 screenshot) shrinks to squares of a few work pixels:
     * its flat colours at twice the work size. */
    {FIND, AS_IT_IS, 4, 0, FLAT_STAGE, 0, 1, 0, NOTHING},
};

/* The pictures the looks search, made when first needed; turn[v] is the
 * turn (degrees) that picture v undoes. */
typedef struct {
    const fk_image *image;
    fk_image pictures[VIEW_COUNT];
    double turn[VIEW_COUNT];
    int measured;
} views;

/* The picture of view v, or NULL when there is none (lines not turned
 * enough to be worth a look, or the turn not measured: only a FIND, where
 * nothing was found, pays for measuring it); *bad when out of memory. */
static const fk_image *view_picture(views *s, view v, int may_measure, int *bad) {
    if (v == AS_IT_IS) return s->image;
    if (!s->measured && may_measure) {
        s->measured = 1;
        double turn = turn_of(s->image);
        if (fabs(turn) >= 1.5) {
            *bad = turn_picture(s->image, turn, &s->pictures[TURNED]) < 0;
            s->turn[TURNED] = turn;
        }
    }
    if (v == TURNED) return s->pictures[TURNED].grey ? &s->pictures[TURNED] : NULL;
    if (s->pictures[OTHER_TURN].grey) return &s->pictures[OTHER_TURN];
    /* The other turn: a grid looks the same turned by a quarter, so a
     * board under diagonal hatching lies 45 degrees off it. Only for a
     * turn of 20 degrees or more, whose other is a page held askew (lines
     * of text turned a little hold lattices near 45 degrees). */
    double turn = s->turn[TURNED];
    if (!s->pictures[TURNED].grey || fabs(turn) < 20 || fabs(fabs(turn) - 45) < 1.5) return NULL;
    s->turn[OTHER_TURN] = turn < 0 ? turn + 45 : turn - 45;
    /* the turned picture's looks are all done: its memory goes first */
    free(s->pictures[TURNED].grey);
    s->pictures[TURNED].grey = NULL;
    *bad = turn_picture(s->image, s->turn[OTHER_TURN], &s->pictures[OTHER_TURN]) < 0;
    if (*bad) return NULL;
    return &s->pictures[OTHER_TURN];
}

fk_status fk_board_locate(const fk_image *image, fk_board_location *out, fk_error *err) {
    memset(out, 0, sizeof *out);
    if (image->width < 64 || image->height < 64)
        return fk_vision_fail(err, FK_ERR_INVALID, "the picture is too small to hold a chess board");
    int longest = image->width > image->height ? image->width : image->height;
    views s = {.image = image};
    lattice best = {0};
    double best_score = 0;
    view on = AS_IT_IS; /* the picture the best board was found on */
    int bad = 0;
    for (size_t k = 0; k < sizeof LOOKS / sizeof LOOKS[0] && !bad; k++) {
        const struct look *L = &LOOKS[k];
        if (L->rule == FIND ? best_score > 0
                            : best_score == 0 || on != AS_IT_IS || best_score >= TURNED_LOOK_BELOW)
            continue;
        if (L->large && longest <= WORK_SIDE) continue;
        const fk_image *picture = view_picture(&s, L->on, L->rule == FIND, &bad);
        if (!picture) continue;
        lattice found = {0};
        double score = 0;
        int work = L->work * WORK_SIDE / 2;
        bad = locate_pass_at(picture, work, L->stretch, L->stages, &found, &score) < 0;
        if (!bad && score == 0 && L->then)
            bad = locate_pass_at(picture, work, L->stretch, L->then, &found, &score) < 0;
        if (bad || score <= best_score || score < L->bar) continue;
        best = found;
        best_score = score;
        on = L->on;
        if (L->after == PAST_HATCHED)
            bad = look_past_a_hatched_square(image, WORK_SIDE, &best, &best_score) < 0;
        else if (L->after == PAST_HATCHED_HALF && longest > WORK_SIDE)
            bad = look_past_a_hatched_square(image, WORK_SIDE / 2, &best, &best_score) < 0;
        else if (L->after == INTO_THE_LIGHT)
            step_into_the_light(image, &best, &best_score);
    }
    if (!bad && best_score > 0) settle(on == AS_IT_IS ? image : &s.pictures[on], &best, best_score);
    for (int v = 0; v < VIEW_COUNT; v++)
        free(s.pictures[v].grey);
    double turn = s.turn[on];
    if (bad) return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory looking for the board");
    if (best_score <= 0)
        return fk_vision_fail(err, FK_ERR_INVALID, "no chess board found in the picture");
    out->corners[0] = (fk_point){best.x0, best.y0};
    out->corners[1] = (fk_point){best.x0 + 8 * best.px, best.y0};
    out->corners[2] = (fk_point){best.x0 + 8 * best.px, best.y0 + 8 * best.py};
    out->corners[3] = (fk_point){best.x0, best.y0 + 8 * best.py};
    if (turn != 0) {
        double c = cos(turn * DEGREE), sn = sin(turn * DEGREE);
        double cx = image->width / 2.0, cy = image->height / 2.0;
        for (int k = 0; k < 4; k++) {
            double dx = out->corners[k].x - cx, dy = out->corners[k].y - cy;
            out->corners[k] = (fk_point){cx + c * dx - sn * dy, cy + sn * dx + c * dy};
        }
    }
    out->score = best_score;
    fk_board_refine_quad(image, out);
    return FK_OK;
}
