/* Men on the hatched squares of a printed diagram. A hatched square has no
 * one ground grey, so no outline can be taken there (shape.c); but its
 * lines run straight across it, so the ground under a man can be worked
 * out from the crop's edge band, and the man compared with one drawn on a
 * plain square by laying that one over the hatching. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vision.h"

/* The edge band a hatching is read from: a tenth of the side, two pixels
 * at least. */
static int band_of(int side) { return side / 10 > 2 ? side / 10 : 2; }

/* Where pixel (x, y) lies across lines running in direction dir: 0 lines
 * up and down, 1 across, 2 and 3 the two diagonals. */
static int across(int dir, int x, int y, int side) {
    return dir == 0 ? x : dir == 1 ? y : dir == 2 ? x + y : x - y + side - 1;
}

/* The median of n values (reordered). */
static int median(int *v, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return v[(n - 1) / 2];
}

/* A hatching's lines explain the edge band when they leave at most this
 * share of the band's spread about its median grey; and the band must
 * spread at least HATCH_SPREAD grey levels in the mean (lines, not grain
 * or a flat square with a man's foot in the band). The share sits between
 * a printed diagram's empty hatched squares, which the lines explain
 * almost wholly, and those holding a man; the spread keeps out wood and
 * marble squares, which spread a grey level or two. */
#define HATCH_FIT 0.6
#define HATCH_SPREAD 16

int fk_hatch_ground(const uint8_t *crop, int side, uint8_t *ground) {
    int b = band_of(side), bins = 2 * side - 1;
    if (side < 8) return 0;
    int *values = malloc(sizeof(int) * (size_t)(side * side + 4 * bins + 1));
    if (!values) return 0;
    int *first = values + side * side, *at = first + bins + 1, *lv = at + bins, *level = lv + bins;
    /* the band's spread about its median */
    int n = 0, count[256] = {0};
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++)
            if (x < b || y < b || x >= side - b || y >= side - b) count[crop[y * side + x]]++, n++;
    int m = 0;
    for (int seen = count[0]; m < 255 && seen * 2 < n;)
        seen += count[++m];
    long flat = 0;
    for (int v = 0; v < 256; v++)
        flat += (long)count[v] * abs(v - m);
    int best = -1;
    long least = 0;
    for (int dir = 0; dir < 4 && flat >= (long)HATCH_SPREAD * n; dir++) {
        /* band pixels sorted by their place across the lines */
        memset(first, 0, sizeof(int) * (size_t)(bins + 1));
        for (int y = 0; y < side; y++)
            for (int x = 0; x < side; x++)
                if (x < b || y < b || x >= side - b || y >= side - b)
                    first[across(dir, x, y, side) + 1]++;
        for (int u = 0; u < bins; u++)
            first[u + 1] += first[u];
        memcpy(at, first, sizeof(int) * (size_t)bins);
        for (int y = 0; y < side; y++)
            for (int x = 0; x < side; x++)
                if (x < b || y < b || x >= side - b || y >= side - b)
                    values[at[across(dir, x, y, side)]++] = crop[y * side + x];
        long off = 0;
        for (int u = 0; u < bins; u++) {
            int k = first[u + 1] - first[u];
            lv[u] = k ? median(values + first[u], k) : -1;
            for (int i = first[u]; i < first[u + 1]; i++)
                off += abs(values[i] - lv[u]);
        }
        /* a place no band pixel shows takes its neighbour's grey */
        for (int u = 1; u < bins; u++)
            if (lv[u] < 0) lv[u] = lv[u - 1];
        for (int u = bins - 2; u >= 0; u--)
            if (lv[u] < 0) lv[u] = lv[u + 1];
        if (best < 0 || off < least) {
            best = dir;
            least = off;
            memcpy(level, lv, sizeof(int) * (size_t)bins);
        }
    }
    int fits = best >= 0 && least <= HATCH_FIT * flat;
    for (int y = 0; y < side && fits; y++)
        for (int x = 0; x < side; x++)
            ground[y * side + x] = (uint8_t)level[across(best, x, y, side)];
    free(values);
    return fits;
}

double fk_hatch_composed(const uint8_t *crop, const uint8_t *ground, const uint8_t *man,
                         const uint8_t *shape, int side) {
    long bare = 0;
    for (int i = 0; i < side * side; i++)
        bare += abs(crop[i] - ground[i]);
    if (bare == 0) return -1;
    long least = -1;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) {
            /* the man's pixel (x - dx, y - dy) laid over the crop's (x, y) */
            long err = bare;
            for (int y = 0; y < side; y++) {
                int yy = y - dy;
                if (yy < 0 || yy >= side) continue;
                for (int x = 0; x < side; x++) {
                    int xx = x - dx, i = y * side + x;
                    if (xx < 0 || xx >= side || !shape[yy * side + xx]) continue;
                    err += abs(crop[i] - man[yy * side + xx]) - abs(crop[i] - ground[i]);
                }
            }
            if (least < 0 || err < least) least = err;
        }
    return (double)least / bare;
}
