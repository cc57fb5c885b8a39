/* libFuzzer target for the steps that work on the 64 crops of a cut
 * board: evening out the light (light.c), panels over the board
 * (covered.c), move dots (dots.c), the arrow finder (arrows.c), men's
 * outlines (shape.c) and men on hatched squares (hatch.c). The first byte
 * picks the crops' side (8 to 48 pixels) and how they are filled: with
 * the input's bytes over and over, or as a board of two flat greys (or
 * flat light squares and hatched dark ones) with bars and blobs of any
 * grey painted over it, as a board with men and arrows looks. Whatever
 * the crops show, evening the light must leave them as they were or name
 * a fitted grey from 8 to its brightest, at least a sixth apart; the
 * cells a panel covers and those its edge reaches into must be apart;
 * taking out move dots must change no cell it does not name; the finder
 * must name cells on the board and at most FK_ARROWS_MOST arrows, an
 * outline (fk_crops_shapes(), against plain or fitted grounds) must be
 * 0/1 pixels that overlap themselves wholly, none on a skipped cell, and
 * against plain grounds those of fk_crop_shape(), and a man laid over a
 * hatched ground must leave a share of its difference of 0 or more (or
 * -1, for a crop that is its ground alone). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/vision/vision.h"

/* Paints the board (8 * side pixels a row) from the input: two square
 * greys, then shapes of 5 bytes each (kind and grey, x, y, width or
 * radius, height), in board pixels scaled from 0..255. */
static void paint(uint8_t *board, int side, const uint8_t *data, size_t size) {
    int n = 8 * side;
    uint8_t light = size > 1 ? data[1] : 220, dark = size > 2 ? data[2] : 120;
    /* with the 0x40 bit of the first byte, the dark squares hatched: lines
     * of the light grey across the dark one, diagonal, 3 to 10 pixels apart
     * (a printed diagram, where arrows are looked for over the hatching) */
    int hatched = data[0] & 0x40, pitch = 3 + (size > 3 ? data[3] % 8 : 0);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            board[y * n + x] = (x / side + y / side) % 2 == 0           ? light
                               : hatched && (x + y) % pitch < pitch / 2 ? light
                                                                        : dark;
    for (size_t at = 3; at + 5 <= size; at += 5) {
        const uint8_t *s = data + at;
        int grey = s[0] & 0xfe, round = s[0] & 1;
        int cx = s[1] * n / 256, cy = s[2] * n / 256, w = 1 + s[3] * n / 512,
            h = 1 + s[4] * n / 512;
        for (int y = cy - h; y <= cy + h; y++)
            for (int x = cx - w; x <= cx + w; x++) {
                if (x < 0 || y < 0 || x >= n || y >= n) continue;
                long dx = x - cx, dy = y - cy;
                if (round && dx * dx * h * h + dy * dy * w * w > (long)w * w * h * h) continue;
                board[y * n + x] = (uint8_t)grey;
            }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    int side = 8 + (data[0] & 0x3f) % 41, n = 8 * side;
    size_t area = (size_t)side * side;
    uint8_t *crops = malloc(64 * area), *board = malloc((size_t)n * n);
    uint8_t *a = malloc(area), *b = malloc(area), *ground = malloc(area);
    if (!crops || !board || !a || !b || !ground) abort();
    if (data[0] & 0x80) {
        paint(board, side, data, size);
        for (int cell = 0; cell < 64; cell++)
            for (int y = 0; y < side; y++)
                memcpy(crops + cell * area + (size_t)y * side,
                       board + (size_t)((cell / 8) * side + y) * n + (cell % 8) * side,
                       (size_t)side);
    } else {
        for (size_t i = 0; i < 64 * area; i++)
            crops[i] = size > 1 ? data[1 + i % (size - 1)] : 0;
    }
    memcpy(board, crops, 64 * area); /* n * n bytes: the crops as they were */
    fk_light range = {{0}, -1, -1};
    int evened = fk_crops_even_light(crops, side, &range);
    if (evened != 0 && evened != 1) abort();
    if (!evened && (range.lo != -1 || memcmp(board, crops, 64 * area) != 0)) abort();
    if (evened && !(range.lo >= 8 && range.hi >= 1.14 * range.lo)) abort();
    /* a panel over the board: the cells it covers and those its edge
     * reaches into are apart */
    fk_bitboard partly;
    if (fk_covered_cells(crops, side, &partly) & partly) abort();
    /* move dots: only the cells named are changed */
    memcpy(board, crops, 64 * area);
    fk_bitboard dotted = fk_move_dots_remove(crops, side);
    for (int cell = 0; cell < 64; cell++)
        if (!(dotted >> cell & 1) && memcmp(board + cell * area, crops + cell * area, area) != 0)
            abort();
    fk_arrow_seen seen[FK_ARROWS_MOST];
    fk_bitboard changed;
    int found = fk_arrows_remove(crops, side, seen, &changed);
    if (found < 0 || found > FK_ARROWS_MOST || (!found && changed)) abort();
    for (int k = 0; k < found; k++)
        if (seen[k].from < 0 || seen[k].from > 63 || seen[k].to < 0 || seen[k].to > 63 ||
            seen[k].hidden < 0 || seen[k].hidden > 2)
            abort();
    int last = -1, shown[64];
    uint8_t *shapes = malloc(64 * area);
    if (!shapes) abort();
    uint64_t skip = size > 2 ? (uint64_t)data[1] << (data[2] % 57) : 0;
    int fitted = fk_crops_shapes(crops, side, skip, shapes, shown);
    if (fitted != 0 && fitted != 1) abort();
    for (int cell = 0; cell < 64; cell++) {
        int count = shown[cell];
        memcpy(b, shapes + cell * area, area);
        if (count < 0 || count > (int)area || (skip >> cell & 1 && count)) abort();
        if (!fitted && !(skip >> cell & 1) &&
            count != fk_crop_shape(crops + cell * area, side, ground))
            abort();
        int ones = 0;
        for (size_t i = 0; i < area; i++) {
            if (b[i] > 1) abort();
            ones += b[i];
        }
        if (count && ones != count) abort();
        if (!count) continue;
        double self = fk_shapes_overlap(b, b, side);
        if (self != 1.0) abort();
        if (last >= 0) {
            double v = fk_shapes_overlap(a, b, side);
            if (!(v >= 0 && v <= 1)) abort();
        }
        memcpy(a, b, area);
        last = cell;
    }
    free(shapes);
    for (int cell = 0; cell < 64; cell++) {
        const uint8_t *crop = crops + cell * area;
        int laid = fk_hatch_ground(crop, side, ground);
        if (laid != 0 && laid != 1) abort();
        if (!laid || last < 0) continue;
        double r = fk_hatch_composed(crop, ground, crops + last * area, a, side);
        if (!isfinite(r) || (r < 0 && r != -1)) abort();
    }
    free(crops);
    free(board);
    free(a);
    free(b);
    free(ground);
    return 0;
}
