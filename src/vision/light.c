/* Evening out the light that falls unevenly over a photographed board
 * (fk_crops_even_light()). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vision.h"

/* The surface the light squares' grey is fitted with: a quadratic in the
 * square's place (x, y from -4 to 4 across the board), enough for light
 * falling off towards a side or a corner, or a shadow across a page. */
#define TERMS 6

static void terms(double x, double y, double t[TERMS]) {
    t[0] = 1, t[1] = x, t[2] = y, t[3] = x * x, t[4] = y * y, t[5] = x * y;
}

static double surface(const double coef[TERMS], double x, double y) {
    double t[TERMS], v = 0;
    terms(x, y, t);
    for (int k = 0; k < TERMS; k++)
        v += coef[k] * t[k];
    return v;
}

/* The grey a cell's centre is fitted with. */
static double at_cell(const double coef[TERMS], int i) {
    return surface(coef, i % 8 - 3.5, i / 8 - 3.5);
}

/* Least squares fit of the surface to the grounds of the cells in use
 * (12 at least). */
static int fit(const double ground[64], const int use[64], double coef[TERMS]) {
    double a[TERMS * TERMS] = {0}, b[TERMS] = {0};
    int n = 0;
    for (int i = 0; i < 64; i++) {
        if (!use[i]) continue;
        double t[TERMS];
        terms(i % 8 - 3.5, i / 8 - 3.5, t);
        for (int r = 0; r < TERMS; r++) {
            for (int c = 0; c < TERMS; c++)
                a[r * TERMS + c] += t[r] * t[c];
            b[r] += t[r] * ground[i];
        }
        n++;
    }
    if (n < 12 || !fk_solve_linear(a, b, TERMS)) return 0;
    for (int k = 0; k < TERMS; k++) coef[k] = b[k];
    return 1;
}

/* A board drawn by a program shows its light squares in one grey: when
 * EVEN_CELLS of the 32 or more lie within EVEN_NEAR of their median, the
 * light is even, and the few others are a last move's tint or men reaching
 * the square's edge. A small rendered board, whose men reach the edges,
 * may show fewer and be evened, harmlessly; photos of pages and screens
 * under uneven light show far fewer. */
#define EVEN_NEAR 3
#define EVEN_CELLS 16
/* The light is evened out where the fitted grey of the light squares'
 * centres, brightest over darkest, comes to EVEN_RATIO or more: low
 * enough to even a photo of a page or a screen in a shadow, high enough
 * that evenly lit pictures are left as they are. */
#define EVEN_RATIO 1.15
/* After a first fit, light cells further from it than OFF_FIT times the
 * median distance, plus two grey levels, are left out of the second (a
 * tinted square, a man over the square's edge). */
#define OFF_FIT 3

int fk_crops_even_light(uint8_t *crops, int side, fk_light *fitted) {
    size_t area = (size_t)side * side;
    double ground[64], by[2][32];
    int count[2] = {0, 0};
    for (int i = 0; i < 64; i++) {
        int c = fk_cell_colour(i);
        ground[i] = fk_crop_ground(crops + i * area, side);
        by[c][count[c]++] = ground[i];
    }
    double mid[2] = {fk_median(by[0], 32), fk_median(by[1], 32)};
    int light = mid[1] > mid[0], even = 0, use[64];
    for (int i = 0; i < 64; i++) {
        use[i] = fk_cell_colour(i) == light;
        even += use[i] && fabs(ground[i] - mid[light]) <= EVEN_NEAR;
    }
    double coef[TERMS];
    if (even >= EVEN_CELLS || !fit(ground, use, coef)) return 0;
    double off[32];
    int n = 0;
    for (int i = 0; i < 64; i++)
        if (use[i]) off[n++] = fabs(ground[i] - at_cell(coef, i));
    double typical = fk_median(off, n);
    for (int i = 0; i < 64; i++)
        if (use[i] && fabs(ground[i] - at_cell(coef, i)) > OFF_FIT * typical + 2) use[i] = 0;
    if (!fit(ground, use, coef)) return 0;
    double lo = 255, hi = 0;
    for (int i = 0; i < 64; i++) {
        double v = at_cell(coef, i);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    if (lo < 8 || hi < EVEN_RATIO * lo) return 0;
    double top = hi < 255 ? hi : 255;
    /* Each pixel is scaled by the brightest light grey over the fitted one
     * where it lies: light is a factor on what the page or the screen
     * gives back, so the men's contrast comes back with the squares'. */
    for (int i = 0; i < 64; i++) {
        uint8_t *crop = crops + i * area;
        for (int y = 0; y < side; y++)
            for (int x = 0; x < side; x++) {
                double l =
                    surface(coef, i % 8 + (x + 0.5) / side - 4, i / 8 + (y + 0.5) / side - 4);
                double v = crop[y * side + x] * top / (l > lo ? l : lo);
                crop[y * side + x] = (uint8_t)(v > 255 ? 255 : v + 0.5);
            }
    }
    if (fitted) {
        for (int k = 0; k < TERMS; k++)
            fitted->coef[k] = coef[k];
        fitted->lo = lo;
        fitted->hi = hi;
    }
    return 1;
}

/* The inverse of the 3 x 3 matrix h (row by row) into inv; 0 when h is
 * singular. */
static int invert3(const double h[9], double inv[9]) {
    double a = h[4] * h[8] - h[5] * h[7], b = h[5] * h[6] - h[3] * h[8],
           c = h[3] * h[7] - h[4] * h[6];
    double det = h[0] * a + h[1] * b + h[2] * c;
    if (fabs(det) < 1e-12) return 0;
    double m[9] = {a, h[2] * h[7] - h[1] * h[8], h[1] * h[5] - h[2] * h[4],
                   b, h[0] * h[8] - h[2] * h[6], h[2] * h[3] - h[0] * h[5],
                   c, h[1] * h[6] - h[0] * h[7], h[0] * h[4] - h[1] * h[3]};
    for (int k = 0; k < 9; k++)
        inv[k] = m[k] / det;
    return 1;
}

fk_status fk_picture_even_light(const fk_image *image, const fk_board_location *where,
                                const fk_light *light, fk_image *out) {
    double h[9], inv[9];
    fk_quad_map(where->corners, h);
    size_t n = (size_t)image->width * image->height;
    *out = (fk_image){.width = image->width, .height = image->height};
    out->grey = fk_picture_alloc(n);
    if (!out->grey) return FK_ERR_NOMEM;
    memcpy(out->grey, image->grey, n);
    if (!invert3(h, inv)) return FK_OK;
    /* Only the box holding the board and a square round it, where the
     * labels are read, is evened (a photo's whole picture is many times
     * that); the box of its corners holds all of it where the board's
     * perspective keeps those corners on the near side of the horizon. */
    double x0 = image->width, y0 = image->height, x1 = 0, y1 = 0;
    int whole = 0;
    for (int k = 0; k < 4; k++) {
        double u = k == 1 || k == 2 ? 9 : -1, v = k >= 2 ? 9 : -1;
        whole |= h[6] * u + h[7] * v + h[8] <= 0;
        fk_point p = fk_quad_point(h, u, v);
        x0 = fmin(x0, p.x), y0 = fmin(y0, p.y), x1 = fmax(x1, p.x), y1 = fmax(y1, p.y);
    }
    int xa = whole || x0 < 0 ? 0 : (int)x0, ya = whole || y0 < 0 ? 0 : (int)y0;
    int xb = whole || x1 >= image->width ? image->width : (int)x1 + 1;
    int yb = whole || y1 >= image->height ? image->height : (int)y1 + 1;
    double top = light->hi < 255 ? light->hi : 255;
    for (int y = ya; y < yb; y++)
        for (int x = xa; x < xb; x++) {
            size_t at = (size_t)y * image->width + x;
            double px = x + 0.5, py = y + 0.5, w = inv[6] * px + inv[7] * py + inv[8];
            if (fabs(w) < 1e-12) continue;
            double u = (inv[0] * px + inv[1] * py + inv[2]) / w;
            double v = (inv[3] * px + inv[4] * py + inv[5]) / w;
            u = u < -0.5 ? -0.5 : u > 8.5 ? 8.5 : u;
            v = v < -0.5 ? -0.5 : v > 8.5 ? 8.5 : v;
            double l = surface(light->coef, u - 4, v - 4);
            double g = image->grey[at] * top / (l > light->lo ? l : light->lo);
            out->grey[at] = (uint8_t)(g > 255 ? 255 : g + 0.5);
        }
    return FK_OK;
}
