/* The board as a perspective view: the map from board coordinates to the
 * picture that its four corners fix, and the refinement that turns the
 * locator's upright rectangle into the quadrilateral a photo of a screen or
 * of a page shows (tilted, keystoned, turned a little).
 *
 * The refinement follows the seven inner lines each way: along every square's
 * side, the step from its colour to its neighbour's is looked for across the
 * line, the eight steps of a line give eight points on it, and the
 * perspective map that best puts the 112 points on their lines is fitted by
 * least squares (on the inverse map, where each point gives one linear
 * equation): first a quick look within two pixels, which leaves the grid
 * of a flat screenshot as it is, then three times, each time closer. */
#include <math.h>
#include <string.h>

#include "vision.h"

void fk_quad_map(const fk_point corners[4], double h[9]) {
    /* The unit square onto the quadrilateral (Heckbert's closed form), then
     * board coordinates 0..8 onto the unit square. */
    const fk_point *c = corners;
    double dx1 = c[1].x - c[2].x, dx2 = c[3].x - c[2].x, dx3 = c[0].x - c[1].x + c[2].x - c[3].x;
    double dy1 = c[1].y - c[2].y, dy2 = c[3].y - c[2].y, dy3 = c[0].y - c[1].y + c[2].y - c[3].y;
    double den = dx1 * dy2 - dx2 * dy1, g = 0, k = 0;
    if (fabs(den) > 1e-12) {
        g = (dx3 * dy2 - dx2 * dy3) / den;
        k = (dx1 * dy3 - dx3 * dy1) / den;
    }
    double m[9] = {c[1].x - c[0].x + g * c[1].x, c[3].x - c[0].x + k * c[3].x, c[0].x,
                   c[1].y - c[0].y + g * c[1].y, c[3].y - c[0].y + k * c[3].y, c[0].y,
                   g,                            k,                            1};
    for (int r = 0; r < 3; r++) {
        h[r * 3] = m[r * 3] / 8;
        h[r * 3 + 1] = m[r * 3 + 1] / 8;
        h[r * 3 + 2] = m[r * 3 + 2];
    }
}

fk_point fk_quad_point(const double h[9], double u, double v) {
    double w = h[6] * u + h[7] * v + h[8];
    return (fk_point){(h[0] * u + h[1] * v + h[2]) / w, (h[3] * u + h[4] * v + h[5]) / w};
}

int fk_quad_is_upright(const fk_point c[4]) {
    return c[0].y == c[1].y && c[2].y == c[3].y && c[0].x == c[3].x && c[1].x == c[2].x &&
           c[0].x < c[1].x && c[0].y < c[3].y;
}

/* fk_grey_at, inlined where this file samples the picture. */
static inline double grey_at(const fk_image *im, double x, double y) {
    x -= 0.5;
    y -= 0.5;
    x = x >= 0 ? x : 0; /* written so that NaN lands at 0 too */
    y = y >= 0 ? y : 0;
    x = x <= im->width - 1 ? x : im->width - 1;
    y = y <= im->height - 1 ? y : im->height - 1;
    int x0 = (int)x, y0 = (int)y;
    int x1 = x0 + 1 < im->width ? x0 + 1 : x0, y1 = y0 + 1 < im->height ? y0 + 1 : y0;
    double fx = x - x0, fy = y - y0;
    const uint8_t *g = im->grey;
    size_t w = (size_t)im->width;
    double top = g[y0 * w + x0] + fx * (g[y0 * w + x1] - g[y0 * w + x0]);
    double low = g[y1 * w + x0] + fx * (g[y1 * w + x1] - g[y1 * w + x0]);
    return top + fy * (low - top);
}

double fk_grey_at(const fk_image *im, double x, double y) { return grey_at(im, x, y); }

/* Mean grey of each colour class (class (file + row) & 1) from the middle
 * of the squares' sides, where men rarely reach; 0 when the classes are too
 * alike to follow. */
static int class_colours(const fk_image *im, const double h[9], double colour[2]) {
    double sum[2] = {0, 0};
    int n[2] = {0, 0};
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++)
            for (int s = 0; s < 4; s++) {
                double u = f + (s == 0 ? 0.1 : s == 1 ? 0.9 : 0.5);
                double v = r + (s == 2 ? 0.1 : s == 3 ? 0.9 : 0.5);
                fk_point p = fk_quad_point(h, u, v);
                sum[(r + f) & 1] += grey_at(im, p.x, p.y);
                n[(r + f) & 1]++;
            }
    colour[0] = sum[0] / n[0];
    colour[1] = sum[1] / n[1];
    return fabs(colour[0] - colour[1]) >= 12;
}

/* One point found on an inner line: picture position and the line (the
 * board coordinate u = line for a vertical one, v = line for a horizontal). */
typedef struct {
    double x, y;
    int line, vertical, kept;
} line_point;

enum { ALONG = 12, REACH_MAX = 64, WIDE_MAX = 8 };

/* Where h puts board point (u, v), and the unit step in the picture that
 * crosses a vertical line (u grows) or a horizontal one (v grows). */
static fk_point across(const double h[9], double u, double v, int vertical, double *nx,
                       double *ny) {
    fk_point p = fk_quad_point(h, u, v);
    fk_point q = fk_quad_point(h, u + (vertical ? 0.01 : 0), v + (vertical ? 0 : 0.01));
    double len = hypot(q.x - p.x, q.y - p.y);
    *nx = len > 0 ? (q.x - p.x) / len : 0;
    *ny = len > 0 ? (q.y - p.y) / len : 0;
    return p;
}

/* Looks for inner line `line` (vertical or not) beside square k of it,
 * within reach pixels of where h puts it: the grey along 12 cuts across the
 * middle 70% of the square's side is summed, and at each offset the step
 * from one colour class to the other (sign: +1 when the square after the
 * line is the lighter) is the mean of the `wide` pixels after it less the
 * mean of the `wide` before (wide enough to see through hatching). 1 and
 * *out when the largest step is at least a third of the classes'
 * contrast. */
static int find_step(const fk_image *im, const double h[9], int vertical, int line, int k,
                     double reach, int wide, double sign, double contrast, line_point *out) {
    int span = (int)ceil(reach);
    if (span > REACH_MAX) span = REACH_MAX;
    double prof[2 * (REACH_MAX + WIDE_MAX) + 1] = {0};
    int far = span + wide;
    for (int a = 0; a < ALONG; a++) {
        double t = k + 0.15 + 0.7 * (a + 0.5) / ALONG, nx, ny;
        fk_point p = across(h, vertical ? line : t, vertical ? t : line, vertical, &nx, &ny);
        for (int d = -far; d <= far; d++) prof[d + far] += grey_at(im, p.x + d * nx, p.y + d * ny);
    }
    double step[2 * REACH_MAX + 1];
    int best = 0;
    for (int d = -span; d <= span; d++) {
        double sum = 0;
        for (int j = 1; j <= wide; j++) sum += prof[d + far + j] - prof[d + far - j];
        step[d + span] = sign * sum / (wide * ALONG);
        if (step[d + span] > step[best]) best = d + span;
    }
    if (step[best] < contrast / 3) return 0;
    double off = best - span;
    if (best > 0 && best < 2 * span) { /* refined by a parabola */
        double l = step[best - 1], r = step[best + 1], c = step[best], den = l - 2 * c + r;
        if (den < 0) off += 0.5 * (l - r) / den;
    }
    double nx, ny;
    fk_point mid = across(h, vertical ? line : k + 0.5, vertical ? k + 0.5 : line, vertical, &nx, &ny);
    *out = (line_point){mid.x + off * nx, mid.y + off * ny, line, vertical, 1};
    return 1;
}

/* How well grid h sits on the picture's lines: the mean step (as
 * find_step measures it) from one colour class to the other across the 14
 * inner lines
 * (each of its 112 square sides read at 12 points), as a share of the
 * classes' contrast. */
static double support(const fk_image *im, const double h[9], const double colour[2], int wide) {
    double sum = 0;
    for (int vertical = 0; vertical < 2; vertical++)
        for (int line = 1; line <= 7; line++)
            for (int k = 0; k < 8; k++) {
                int after = (line + k) & 1;
                double sign = colour[after] > colour[after ^ 1] ? 1 : -1;
                for (int a = 0; a < ALONG; a++) {
                    double t = k + 0.15 + 0.7 * (a + 0.5) / ALONG, nx, ny;
                    fk_point p = across(h, vertical ? line : t, vertical ? t : line, vertical, &nx, &ny);
                    for (int j = 1; j <= wide; j++)
                        sum += sign * (grey_at(im, p.x + j * nx, p.y + j * ny) -
                                       grey_at(im, p.x - j * nx, p.y - j * ny)) / wide;
                }
            }
    return sum / (2 * 7 * 8 * ALONG) / fabs(colour[1] - colour[0]);
}

int fk_solve_linear(double *a, double *b, int n) {
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[p * n + c])) p = r;
        if (fabs(a[p * n + c]) < 1e-12) return 0;
        if (p != c) {
            for (int k = 0; k < n; k++) {
                double t = a[c * n + k];
                a[c * n + k] = a[p * n + k];
                a[p * n + k] = t;
            }
            double t = b[c];
            b[c] = b[p];
            b[p] = t;
        }
        for (int r = c + 1; r < n; r++) {
            double f = a[r * n + c] / a[c * n + c];
            for (int k = c; k < n; k++) a[r * n + k] -= f * a[c * n + k];
            b[r] -= f * b[c];
        }
    }
    for (int c = n - 1; c >= 0; c--) {
        for (int k = c + 1; k < n; k++) b[c] -= a[c * n + k] * b[k];
        b[c] /= a[c * n + c];
    }
    return 1;
}

/* Fits the map from the picture to board coordinates, u = (g0 x + g1 y +
 * g2) / (g6 x + g7 y + 1) and v likewise with g3..g5, to the kept points
 * (x and y taken about (ox, oy) in units of s). 0 when they do not fix it. */
static int fit_inverse(const line_point *pts, int n, double ox, double oy, double s, double g[8]) {
    double a[64] = {0}, b[8] = {0};
    for (int i = 0; i < n; i++) {
        if (!pts[i].kept) continue;
        double x = (pts[i].x - ox) / s, y = (pts[i].y - oy) / s, t = pts[i].line;
        double row[8] = {0};
        int o = pts[i].vertical ? 0 : 3;
        row[o] = x, row[o + 1] = y, row[o + 2] = 1;
        row[6] = -t * x, row[7] = -t * y;
        for (int r = 0; r < 8; r++) {
            for (int c = 0; c < 8; c++) a[r * 8 + c] += row[r] * row[c];
            b[r] += row[r] * t;
        }
    }
    if (!fk_solve_linear(a, b, 8)) return 0;
    memcpy(g, b, sizeof b);
    return 1;
}

/* Board coordinate (u or v) that the inverse map g gives a point. */
static double coordinate(const double g[8], const line_point *p, double ox, double oy, double s) {
    double x = (p->x - ox) / s, y = (p->y - oy) / s, w = g[6] * x + g[7] * y + 1;
    int o = p->vertical ? 0 : 3;
    return (g[o] * x + g[o + 1] * y + g[o + 2]) / w;
}

/* The corners the inverse map g puts at board coordinates (0,0), (8,0),
 * (8,8), (0,8); 0 when it cannot be inverted there or sends one to
 * infinity. */
static int corners_of(const double g[8], double ox, double oy, double s, fk_point out[4]) {
    /* Each corner solves u(x,y) = U, v(x,y) = V: two linear equations. */
    static const double at[4][2] = {{0, 0}, {8, 0}, {8, 8}, {0, 8}};
    for (int i = 0; i < 4; i++) {
        double U = at[i][0], V = at[i][1];
        double a[4] = {g[0] - U * g[6], g[1] - U * g[7], g[3] - V * g[6], g[4] - V * g[7]};
        double b[2] = {U - g[2], V - g[5]};
        double det = a[0] * a[3] - a[1] * a[2];
        if (fabs(det) < 1e-12) return 0;
        out[i].x = ox + s * (b[0] * a[3] - a[1] * b[1]) / det;
        out[i].y = oy + s * (a[0] * b[1] - a[2] * b[0]) / det;
        if (!isfinite(out[i].x) || !isfinite(out[i].y)) return 0;
    }
    return 1;
}

double fk_median(double *v, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return n ? v[n / 2] : 0;
}

/* Fits g to the points, then twice drops those whose line lies further off
 * than three times the median (at least 0.02 of a square) and fits again.
 * Returns the kept points' median distance from their lines (in squares),
 * or -1 when the points do not fix a map. */
static double fit_robust(line_point *pts, int n, double ox, double oy, double s, double g[8]) {
    double off[2 * 7 * 8], sorted[2 * 7 * 8];
    for (int i = 0; i < n; i++) pts[i].kept = 1;
    if (!fit_inverse(pts, n, ox, oy, s, g)) return -1;
    double mid = 0;
    for (int round = 0; round < 3; round++) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            off[i] = fabs(coordinate(g, &pts[i], ox, oy, s) - pts[i].line);
            if (pts[i].kept) sorted[m++] = off[i];
        }
        mid = fk_median(sorted, m);
        if (round == 2) break;
        double cut = fmax(3 * mid, 0.02);
        for (int i = 0; i < n; i++) pts[i].kept = off[i] <= cut;
        if (!fit_inverse(pts, n, ox, oy, s, g)) return -1;
    }
    return mid;
}

void fk_board_refine_quad(const fk_image *im, fk_board_location *where) {
    fk_point c[4];
    memcpy(c, where->corners, sizeof c);
    double h[9], colour[2], g[8];
    fk_quad_map(c, h);
    if (!class_colours(im, h, colour)) return;
    double pitch = (hypot(c[1].x - c[0].x, c[1].y - c[0].y) + hypot(c[3].x - c[0].x, c[3].y - c[0].y)) / 16;
    double ox = (c[0].x + c[2].x) / 2, oy = (c[0].y + c[2].y) / 2, s = 4 * pitch;
    double contrast = fabs(colour[1] - colour[0]);
    int wide = (int)fmin(WIDE_MAX, fmax(1.0, round(pitch / 25)));
    /* Reaches in squares (at least two pixels): a quick look first, as
     * the grid of a flat screenshot already sits on its lines and a fit
     * that barely moves it ends the search; then a fifth, a tenth and a
     * twentieth of a square, each from the last fit. */
    static const double reach[4] = {0, 0.22, 0.1, 0.05};
    line_point pts[2 * 7 * 8];
    int fitted = 0;
    for (int pass = 0; pass < 4; pass++) {
        int n = 0, lines[2] = {0, 0};
        double r = fmax(2.0, reach[pass] * pitch);
        for (int vertical = 0; vertical < 2; vertical++)
            for (int line = 1; line <= 7; line++) {
                int before = n;
                for (int k = 0; k < 8; k++) {
                    /* the square after the line is of class (line + k) & 1 */
                    int after = (line + k) & 1;
                    double sign = colour[after] > colour[after ^ 1] ? 1 : -1;
                    n += find_step(im, h, vertical, line, k, r, wide, sign, contrast, &pts[n]);
                }
                lines[vertical] += n - before >= 2;
            }
        fk_point q[4];
        double mid = n >= 24 && lines[0] >= 4 && lines[1] >= 4 ? fit_robust(pts, n, ox, oy, s, g) : -1;
        int ok = mid >= 0 && mid <= 0.04 && corners_of(g, ox, oy, s, q);
        double moved = 0;
        for (int i = 0; ok && i < 4; i++) moved = fmax(moved, hypot(q[i].x - c[i].x, q[i].y - c[i].y));
        if (pass == 0) {
            if (ok && moved < 0.5) return; /* upright and right as found */
            continue;
        }
        if (!ok) break;
        memcpy(c, q, sizeof c);
        fk_quad_map(c, h);
        fitted = 1;
        if (moved < 0.5) break; /* the closer looks would not move it either */
    }
    if (!fitted) return;
    /* Kept only when it moves a corner by a pixel or more (a screen seen
     * from below moves the foot's corners by two squares from the upright
     * box) and by no more than two and a half squares, and sits on the
     * lines clearly better than the upright grid: men standing on a
     * square's side can pull a fit off, and the grid of a flat screenshot
     * is right as the locator found it. */
    double most = 0, upright[9];
    for (int i = 0; i < 4; i++)
        most = fmax(most, hypot(c[i].x - where->corners[i].x, c[i].y - where->corners[i].y));
    if (most < 1 || most > 2.5 * pitch) return;
    /* A fit that is nearly upright (its slant, how far its sides lean, is
     * under a pixel or under a quarter of how far it moved a corner) mostly
     * moves or scales the locator's grid, which fits upright lines more
     * surely: a large board hatched in vertical lines can pull the fit wide. */
    double slant = fmax(fmax(fabs(c[0].y - c[1].y), fabs(c[3].y - c[2].y)),
                        fmax(fabs(c[0].x - c[3].x), fabs(c[1].x - c[2].x)));
    if (slant < fmax(1.0, 0.25 * most)) return;
    fk_quad_map(where->corners, upright);
    double now = support(im, h, colour, wide), before = support(im, upright, colour, wide);
    if (now < 1.1 * before + 0.02) return;
    memcpy(where->corners, c, sizeof c);
}
