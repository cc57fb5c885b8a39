/* Every board of a picture: a book page prints several diagrams, and a
 * screen may show one game beside another. The locator finds one board
 * (the largest clear one); here each board found is painted over and the
 * picture searched again, until no board is left. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vision.h"

/* A board's frame and its coordinates outside it are painted over with
 * it: out to this share of a square beyond its edges. */
#define BOARD_MARGIN 0.6

/* The box around a board's corners: x0, y0, x1, y1. */
static void corners_box(const fk_board_location *where, double *x0, double *y0, double *x1,
                        double *y1) {
    const fk_point *c = where->corners;
    *x0 = *x1 = c[0].x;
    *y0 = *y1 = c[0].y;
    for (int k = 1; k < 4; k++) {
        if (c[k].x < *x0) *x0 = c[k].x;
        if (c[k].x > *x1) *x1 = c[k].x;
        if (c[k].y < *y0) *y0 = c[k].y;
        if (c[k].y > *y1) *y1 = c[k].y;
    }
}

/* The box around a board's corners, widened by BOARD_MARGIN of a square
 * and cut to the picture: x0 <= x < x1, y0 <= y < y1. */
static void box_around(const fk_image *im, const fk_board_location *where, int box[4]) {
    double x0, y0, x1, y1;
    corners_box(where, &x0, &y0, &x1, &y1);
    double mx = BOARD_MARGIN * (x1 - x0) / 8, my = BOARD_MARGIN * (y1 - y0) / 8;
    box[0] = x0 - mx < 0 ? 0 : (int)(x0 - mx);
    box[1] = y0 - my < 0 ? 0 : (int)(y0 - my);
    box[2] = x1 + mx + 1 > im->width ? im->width : (int)(x1 + mx + 1);
    box[3] = y1 + my + 1 > im->height ? im->height : (int)(y1 + my + 1);
}

/* Paints the box around a board with the median grey of the two pixels
 * around that box (the page or the screen's background there), so that
 * it leaves no edge for the locator to find. */
static void paint_over(fk_image *im, const fk_board_location *where) {
    int b[4];
    box_around(im, where, b);
    if (b[2] <= b[0] || b[3] <= b[1]) return; /* nothing of it in the picture */
    long count[256] = {0}, n = 0;
    for (int y = b[1] - 2; y < b[3] + 2; y++)
        for (int x = b[0] - 2; x < b[2] + 2; x++) {
            int inside = x >= b[0] && x < b[2] && y >= b[1] && y < b[3];
            if (inside || x < 0 || y < 0 || x >= im->width || y >= im->height) continue;
            count[im->grey[(size_t)y * im->width + x]]++;
            n++;
        }
    int grey = 255;
    for (long seen = 0, g = 0; g < 256 && n; g++)
        if ((seen += count[g]) * 2 >= n) {
            grey = (int)g;
            break;
        }
    for (int y = b[1]; y < b[3]; y++)
        memset(im->grey + (size_t)y * im->width + b[0], grey, (size_t)(b[2] - b[0]));
}

typedef struct {
    fk_board_location where;
    double top, middle, left; /* of the corners' box */
    int row;
} placed;

static int by_top(const void *a, const void *b) {
    double d = ((const placed *)a)->top - ((const placed *)b)->top;
    return (d > 0) - (d < 0);
}

static int by_row_then_left(const void *a, const void *b) {
    const placed *p = a, *q = b;
    if (p->row != q->row) return p->row - q->row;
    return (p->left > q->left) - (p->left < q->left);
}

/* Puts the boards in reading order: a board whose top lies above the
 * middle of a row's first board joins that row; rows from the top, each
 * from the left. */
static void reading_order(fk_board_location *found, int n) {
    placed p[FK_SCAN_MAX_BOARDS];
    for (int i = 0; i < n; i++) {
        double left, top, right, bottom;
        corners_box(&found[i], &left, &top, &right, &bottom);
        p[i] = (placed){found[i], top, (top + bottom) / 2, left, 0};
    }
    qsort(p, (size_t)n, sizeof p[0], by_top);
    for (int i = 1, first = 0, row = 0; i < n; i++) {
        if (p[i].top >= p[first].middle) {
            first = i;
            row++;
        }
        p[i].row = row;
    }
    qsort(p, (size_t)n, sizeof p[0], by_row_then_left);
    for (int i = 0; i < n; i++)
        found[i] = p[i].where;
}

fk_status fk_scan_image_all(const fk_image *image, const fk_scan_options *opts, fk_scan_result *out,
                            int most, int *count, fk_error *err) {
    *count = 0;
    fk_scan_options o;
    if (opts)
        o = *opts;
    else
        fk_scan_options_default(&o);
    o.board = NULL;
    if (most < 1) return fk_vision_fail(err, FK_ERR_INVALID, "no room for a board's result");
    if (most == 1) {
        fk_status s = fk_scan_image(image, &o, out, err);
        *count = s == FK_OK;
        return s;
    }
    if (most > FK_SCAN_MAX_BOARDS) most = FK_SCAN_MAX_BOARDS;
    fk_image left = *image;
    left.grey = malloc((size_t)image->width * image->height);
    if (!left.grey) return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory looking for boards");
    memcpy(left.grey, image->grey, (size_t)image->width * image->height);
    fk_board_location found[FK_SCAN_MAX_BOARDS];
    int n = 0;
    fk_status s = FK_OK;
    fk_error after; /* a board not found after the first is no error */
    int stopped = 0;
    while (n < most && !(stopped = fk_scan_stopped(&o, err)) &&
           (s = fk_board_locate(&left, &found[n], n ? &after : err)) == FK_OK)
        paint_over(&left, &found[n++]);
    free(left.grey);
    if (stopped) return FK_ERR_STOPPED;
    if (n == 0) {
        memset(out, 0, sizeof *out);
        return s;
    }
    if (s == FK_ERR_NOMEM) return fk_vision_fail(err, s, after.message);
    reading_order(found, n);
    for (int k = 0; k < n; k++) {
        char dir[4096];
        o.board = &found[k];
        if (opts && opts->debug_dir && n > 1) {
            snprintf(dir, sizeof dir, "%s/board-%d", opts->debug_dir, k + 1);
            o.debug_dir = dir;
        }
        s = fk_scan_image(image, &o, &out[k], err);
        if (s != FK_OK) return s;
        *count = k + 1;
    }
    return FK_OK;
}

fk_status fk_scan_bytes_all(const void *data, size_t len, const fk_scan_options *opts,
                            fk_scan_result *out, int most, int *count, fk_error *err) {
    *count = 0;
    fk_image image;
    fk_status s = fk_image_decode(data, len, &image, err);
    if (s != FK_OK) return s;
    s = fk_scan_stopped(opts, err) ? FK_ERR_STOPPED
                                   : fk_scan_image_all(&image, opts, out, most, count, err);
    fk_image_free(&image);
    return s;
}
