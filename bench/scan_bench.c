/* Scanner speed, in process: a screenshot of 800 x 800 (the board filling
 * it) and one of 1920 x 1080 (a 760 px board in a page with clutter), each
 * encoded as PNG (the second also as JPEG) and scanned from the bytes:
 * decode, locate, cut, classify, orient and FEN. Prints the time per stage
 * and per picture.
 * Usage: scan_bench OUT_DIR RUNS */
#include <leptonica/allheaders.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fenkit/fenkit.h"

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); /* CPU time: fair on a busy machine */
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Draws the position at size px and pastes it at (x, y) into a page of
 * w x h with grey bars and dark text-like marks; returns the bytes of a
 * PNG, or of a JPEG (quality 90) when jpeg is set. */
static unsigned char *screenshot(int w, int h, int size, int x, int y, int jpeg, size_t *len) {
    fk_position pos;
    const char *fen = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";
    fk_problems probs;
    fk_problems_clear(&probs);
    fk_fen_parse(fen, strlen(fen), FK_FEN_STRICT, &pos, &probs);
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    o.size = size;
    o.coords = FK_COORDS_INSIDE;
    o.highlight = FK_BIT(fk_square_parse("c2")) | FK_BIT(fk_square_parse("c3"));
    fk_buffer png = {0};
    fk_render_png(&pos, &o, &png);
    PIX *board = pixReadMem((const l_uint8 *)png.data, png.len);
    fk_buffer_free(&png);
    PIX *page = pixCreate(w, h, 32);
    pixSetAllArbitrary(page, 0x30302e00);
    for (int line = 0; line < h / 28; line++)
        for (int k = 0; k < 40; k++)
            if ((line * 7 + k * 3) % 5)
                pixRasterop(page, w - 600 + k * 12, 60 + line * 28, 8, 14, PIX_SET, NULL, 0, 0);
    pixRasterop(page, 0, 0, w, 40, PIX_CLR, NULL, 0, 0);
    pixRasterop(page, x, y, size, size, PIX_SRC, board, 0, 0);
    l_uint8 *data = NULL;
    if (jpeg)
        pixWriteMemJpeg(&data, len, page, 90, 0);
    else
        pixWriteMem(&data, len, page, IFF_PNG);
    pixDestroy(&board);
    pixDestroy(&page);
    return data;
}

static void bench(const char *name, const unsigned char *data, size_t len, int runs) {
    double t_decode = 0, t_scan = 0;
    fk_scan_result *r = malloc(sizeof *r);
    for (int i = 0; i < runs; i++) {
        fk_image im;
        fk_error err;
        double t0 = now_ms();
        if (fk_image_decode(data, len, &im, &err) != FK_OK) {
            fprintf(stderr, "%s: %s\n", name, err.message);
            exit(1);
        }
        double t1 = now_ms();
        if (fk_scan_image(&im, NULL, r, &err) != FK_OK) {
            fprintf(stderr, "%s: %s\n", name, err.message);
            exit(1);
        }
        double t2 = now_ms();
        t_decode += t1 - t0;
        t_scan += t2 - t1;
        fk_image_free(&im);
    }
    double t_locate = 0;
    fk_image im;
    fk_error err;
    fk_image_decode(data, len, &im, &err);
    for (int i = 0; i < runs; i++) {
        fk_board_location where;
        double t0 = now_ms();
        fk_board_locate(&im, &where, &err);
        t_locate += now_ms() - t0;
    }
    fk_image_free(&im);
    printf("%-24s %7.1f ms/image  (decode %.1f, locate %.1f, cut+classify+FEN %.1f)  %s\n", name,
           (t_decode + t_scan) / runs, t_decode / runs, t_locate / runs, (t_scan - t_locate) / runs,
           r->fen);
    free(r);
}

int main(int argc, char **argv) {
    int runs = argc > 2 ? atoi(argv[2]) : 20;
    const char *dir = argc > 1 ? argv[1] : ".";
    struct {
        const char *name;
        int w, h, size, x, y, jpeg;
    } shots[] = {{"800x800 board", 800, 800, 800, 0, 0, 0},
                 {"1920x1080 page", 1920, 1080, 760, 420, 180, 0},
                 {"1920x1080 page, JPEG", 1920, 1080, 760, 420, 180, 1}};
    printf("model: %d px crops; OpenBLAS threads from OPENBLAS_NUM_THREADS\n",
           fk_model_square_size(fk_model_builtin()));
    for (int i = 0; i < 3; i++) {
        size_t len;
        unsigned char *png = screenshot(shots[i].w, shots[i].h, shots[i].size, shots[i].x,
                                        shots[i].y, shots[i].jpeg, &len);
        char path[512];
        snprintf(path, sizeof path, "%s/scan-%dx%d.%s", dir, shots[i].w, shots[i].h,
                 shots[i].jpeg ? "jpg" : "png");
        FILE *f = fopen(path, "wb");
        if (f) {
            fwrite(png, 1, len, f);
            fclose(f);
        }
        bench(shots[i].name, png, len, runs);
        free(png);
    }
    return 0;
}
