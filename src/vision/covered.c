/* Squares hidden under something laid over the board: the panel a playing
 * site shows over the middle of the board when a game ends (chess.com
 * names the winner there), a menu, a picture pasted over it. What a
 * square shows there is the panel, and a panel drawn in one flat grey
 * reads as an empty square for sure. A panel is opaque: it shows one grey
 * over squares of both colours, where the board alternates, and that
 * grey is neither square colour's. Such squares are read as empty and
 * said to be covered, so that the reader knows their men are unseen. */
#include <stdlib.h>

#include "vision.h"

/* A cell is off its colour when its edge band shows that colour (its
 * median) on COVER_RING of its pixels at most; two such cells side by
 * side, of the two colours, cover the board when their grounds (the
 * bands' medians, fk_crop_ground()) lie within COVER_SAME of each other.
 * The board's own colours must be COVER_APART apart, and each colour's
 * other cells but COVER_STRAY (last-move tints, a check's glow, men
 * reaching the edge) within COVER_EVEN of its median: a board drawn by a
 * program. A panel covers COVER_LEAST cells or more, each all round its
 * edge. A cell beside it shows it where its band holds a panel's grey
 * (COVER_OFF or more off its own colour) along half a side. */
#define COVER_SAME 6
#define COVER_OFF 12
#define COVER_APART 20
#define COVER_EVEN 3
#define COVER_STRAY 4
#define COVER_LEAST 4
#define COVER_RING 0.15

static int by_value(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* Whether the crop's edge band (two pixels deep) shows the square's own
 * colour (grey g) nowhere but in COVER_RING of it: a cell the panel
 * covers all round, not one whose edge only it reaches into. */
static int ring_hidden(const uint8_t *crop, int side, int g) {
    int shown = 0, all = 0;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++)
            if (x < 2 || y < 2 || x >= side - 2 || y >= side - 2) {
                all++;
                shown += abs(crop[y * side + x] - g) <= COVER_EVEN;
            }
    return shown <= COVER_RING * all;
}

/* The cells of the 4-connected group of `set` holding cell i. */
static fk_bitboard group_of(fk_bitboard set, int i) {
    fk_bitboard group = FK_BIT(i);
    for (;;) {
        fk_bitboard grown = group;
        for (fk_bitboard b = group; b; b &= b - 1) {
            int c = __builtin_ctzll(b), r = c / 8, f = c % 8;
            if (r > 0) grown |= FK_BIT(c - 8);
            if (r < 7) grown |= FK_BIT(c + 8);
            if (f > 0) grown |= FK_BIT(c - 1);
            if (f < 7) grown |= FK_BIT(c + 1);
        }
        grown &= set;
        if (grown == group) return group;
        group = grown;
    }
}

fk_bitboard fk_covered_cells(const uint8_t *crops, int side, fk_bitboard *partly) {
    size_t area = (size_t)side * side;
    int ground[64], by[2][32], n[2] = {0, 0};
    *partly = 0;
    for (int i = 0; i < 64; i++) {
        ground[i] = fk_crop_ground(crops + i * area, side);
        int c = fk_cell_colour(i);
        by[c][n[c]++] = ground[i];
    }
    int median[2];
    for (int c = 0; c < 2; c++) {
        qsort(by[c], 32, sizeof(int), by_value);
        median[c] = (by[c][15] + by[c][16]) / 2;
    }
    if (abs(median[0] - median[1]) < COVER_APART) return 0;
    /* off its colour: its edge band shows the colour hardly anywhere
     * (the ground, a median, can come near it where the band is half
     * panel, half a button on the panel) */
    fk_bitboard off = 0;
    for (int i = 0; i < 64; i++)
        if (ring_hidden(crops + i * area, side, median[fk_cell_colour(i)])) off |= FK_BIT(i);
    /* off cells with an off neighbour of the other colour in their grey */
    fk_bitboard paired = 0;
    for (fk_bitboard b = off; b; b &= b - 1) {
        int i = __builtin_ctzll(b), r = i / 8, f = i % 8;
        const int step[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int k = 0; k < 4; k++) {
            int rr = r + step[k][0], ff = f + step[k][1];
            if (rr < 0 || rr > 7 || ff < 0 || ff > 7) continue;
            int j = rr * 8 + ff;
            if ((off >> j & 1) && abs(ground[i] - ground[j]) <= COVER_SAME) paired |= FK_BIT(i);
        }
    }
    fk_bitboard covered = 0;
    for (fk_bitboard left = paired; left;) {
        fk_bitboard group = group_of(paired, __builtin_ctzll(left));
        if (__builtin_popcountll(group) >= COVER_LEAST) covered |= group;
        left &= ~group;
    }
    if (!covered) return 0;
    /* the board away from the panel and its edge drawn flat by a program */
    fk_bitboard near = 0;
    for (int i = 0; i < 64; i++)
        for (int dr = -1; dr <= 1; dr++)
            for (int df = -1; df <= 1; df++) {
                int r = i / 8 + dr, f = i % 8 + df;
                if (r >= 0 && r <= 7 && f >= 0 && f <= 7 && (covered >> (r * 8 + f) & 1))
                    near |= FK_BIT(i);
            }
    int uneven[2] = {0, 0};
    for (int i = 0; i < 64; i++)
        if (!(near >> i & 1) && abs(ground[i] - median[fk_cell_colour(i)]) > COVER_EVEN)
            uneven[fk_cell_colour(i)]++;
    if (uneven[0] > COVER_STRAY || uneven[1] > COVER_STRAY) return 0;
    /* the cells around the panel whose edge band shows one of its greys
     * along half a side or more: its edge reaches into them */
    uint8_t panel[256] = {0};
    for (fk_bitboard b = covered; b; b &= b - 1)
        for (int v = ground[__builtin_ctzll(b)] - COVER_EVEN;
             v <= ground[__builtin_ctzll(b)] + COVER_EVEN; v++)
            if (v >= 0 && v <= 255) panel[v] = 1;
    for (int i = 0; i < 64; i++) {
        if (!(near >> i & 1) || (covered >> i & 1)) continue;
        const uint8_t *crop = crops + i * area;
        int shown = 0, own = median[fk_cell_colour(i)];
        for (int y = 0; y < side; y++)
            for (int x = 0; x < side; x++) {
                int v = crop[y * side + x];
                if ((x < 2 || y < 2 || x >= side - 2 || y >= side - 2) && panel[v] &&
                    abs(v - own) >= COVER_OFF)
                    shown++;
            }
        if (shown >= side) *partly |= FK_BIT(i);
    }
    return covered;
}
