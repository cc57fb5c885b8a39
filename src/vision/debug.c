/* --debug-dir: the picture with the located grid drawn on it, the cut
 * board, and the 64 crops, as PNG files to look at when a scan goes wrong. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "libs.h"
#include "vision.h"

/* Writes pix as PNG to dir/name; returns 0 on success. */
static int write_png(PIX *pix, const char *dir, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return pix ? fk_lept.pixWrite(path, pix, IFF_PNG) : 1;
}

/* mkdir -p: makes dir and any missing parents. Returns 0 on success. */
static int make_dirs(const char *dir) {
    char path[4096];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof path) return -1;
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != '\0') continue;
        char c = path[i];
        path[i] = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
        path[i] = c;
    }
    return 0;
}

fk_status fk_scan_debug_write(const char *dir, const fk_image *image,
                              const fk_board_location *where, const uint8_t *crops, int side,
                              fk_error *err) {
    if (make_dirs(dir) != 0)
        return fk_vision_fail(err, FK_ERR_IO, "cannot make the debug folder");
    if (fk_lept_ready(err) != FK_OK) return FK_ERR_IO;
    fk_lept.setMsgSeverity(L_SEVERITY_NONE);
    int bad = 0;
    /* The picture with the nine lines each way in red. */
    PIX *g = fk_grey_pix(image->grey, image->width, image->height);
    PIX *rgb = g ? fk_lept.pixConvertTo32(g) : NULL;
    if (rgb) {
        /* through the board's perspective map: a slanted board's inner
         * lines do not divide its sides evenly */
        double h[9];
        fk_quad_map(where->corners, h);
        int thick = image->width > 1200 ? 3 : image->width > 500 ? 2 : 1;
        for (int k = 0; k <= 8; k++) {
            fk_point a = fk_quad_point(h, k, 0), b = fk_quad_point(h, k, 8);
            fk_lept.pixRenderLineArb(rgb, (int)(a.x + 0.5), (int)(a.y + 0.5), (int)(b.x + 0.5),
                             (int)(b.y + 0.5), thick, 255, 0, 0);
            fk_point l = fk_quad_point(h, 0, k), r = fk_quad_point(h, 8, k);
            fk_lept.pixRenderLineArb(rgb, (int)(l.x + 0.5), (int)(l.y + 0.5), (int)(r.x + 0.5),
                             (int)(r.y + 0.5), thick, 255, 0, 0);
        }
    }
    bad |= write_png(rgb, dir, "grid.png");
    fk_lept.pixDestroy(&g);
    fk_lept.pixDestroy(&rgb);
    /* The cut board as the network sees it, and each crop on its own,
     * named by picture row and column (r0c0 is the top left). */
    int n = 8 * side;
    uint8_t board[256 * 8 * 256 * 8 / 64];
    if (n * n <= (int)sizeof board) {
        for (int sq = 0; sq < 64; sq++)
            for (int y = 0; y < side; y++)
                memcpy(board + (size_t)((sq / 8) * side + y) * n + (sq % 8) * side,
                       crops + ((size_t)sq * side + y) * side, (size_t)side);
        PIX *b = fk_grey_pix(board, n, n);
        bad |= write_png(b, dir, "board.png");
        fk_lept.pixDestroy(&b);
    }
    /* Each crop, and the outline the scanner compares men by (white on
     * black; all black where no man's outline shows, fk_crops_shapes());
     * on a square colour not drawn flat, where hatching explains the
     * crop's edge, the hatched ground worked out under the man
     * (fk_hatch_ground()). */
    size_t area = (size_t)side * side;
    uint8_t *shape = malloc(area * 66);
    int plain[2] = {0, 0}, shown[64]; /* per square colour, as scan.c tells them */
    if (shape) fk_crops_shapes(crops, side, 0, shape + 2 * area, shown);
    for (int sq = 0; sq < 64; sq++)
        plain[fk_cell_colour(sq)] |= fk_crop_is_plain(crops + (size_t)sq * side * side, side);
    for (int sq = 0; sq < 64 && shape; sq++) {
        char name[32];
        snprintf(name, sizeof name, "crop-r%dc%d.png", sq / 8, sq % 8);
        PIX *p = fk_grey_pix(crops + (size_t)sq * side * side, side, side);
        bad |= write_png(p, dir, name);
        fk_lept.pixDestroy(&p);
        const uint8_t *found = shape + (size_t)(2 + sq) * area;
        for (size_t i = 0; i < area; i++)
            shape[i] = shown[sq] && found[i] ? 255 : 0;
        snprintf(name, sizeof name, "outline-r%dc%d.png", sq / 8, sq % 8);
        p = fk_grey_pix(shape, side, side);
        bad |= write_png(p, dir, name);
        fk_lept.pixDestroy(&p);
        uint8_t *ground = shape + (size_t)side * side;
        if (shown[sq] || plain[fk_cell_colour(sq)] ||
            !fk_hatch_ground(crops + (size_t)sq * side * side, side, ground))
            continue;
        snprintf(name, sizeof name, "hatch-r%dc%d.png", sq / 8, sq % 8);
        p = fk_grey_pix(ground, side, side);
        bad |= write_png(p, dir, name);
        fk_lept.pixDestroy(&p);
    }
    if (!shape) bad = 1;
    free(shape);
    return bad ? fk_vision_fail(err, FK_ERR_IO, "cannot write into the debug folder") : FK_OK;
}
